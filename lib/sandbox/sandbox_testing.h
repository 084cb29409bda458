// A test fixture shared by the sandbox and fs unit tests: a fresh canonical folder holding a
// workspace ("ws"), a folder outside it ("outside") and a private TMPDIR, with the sandbox
// variables unset, removed again after each test.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <string>

#include "sandbox/sandbox.h"

class SandboxFolderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/oda-sandbox-test-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    char* r = realpath(tmpl, nullptr);
    root_ = r;
    free(r);
    ws_ = root_ + "/ws";
    out_ = root_ + "/outside";
    ASSERT_EQ(mkdir(ws_.c_str(), 0777), 0);
    ASSERT_EQ(mkdir(out_.c_str(), 0777), 0);
    unsetenv(oda::sandbox::kModeVar);
    unsetenv(oda::sandbox::kForceAbiVar);
    setenv("TMPDIR", (root_ + "/tmp").c_str(), 1);
    mkdir((root_ + "/tmp").c_str(), 0777);
  }
  void TearDown() override {
    std::string cmd = "rm -rf '" + root_ + "'";
    ASSERT_EQ(system(cmd.c_str()), 0);
    unsetenv("TMPDIR");
    unsetenv(oda::sandbox::kModeVar);
    unsetenv(oda::sandbox::kForceAbiVar);
  }
  std::string root_, ws_, out_;
};
