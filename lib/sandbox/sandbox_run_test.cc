// Unit tests of the sandbox's run glue: the policy across the start frame, failure lines.
#include "sandbox/sandbox_run.h"

#include <gtest/gtest.h>

namespace sb = oda::sandbox;

TEST(SandboxRun, PolicyCrossesTheStartFrameOnOneLine) {
  sb::Policy p;
  p.mode = sb::Mode::WorkspaceWrite;
  p.workspace = "/w/odd\nname \"q\"";
  p.writable = {p.workspace, "/tmp"};
  p.temp = "/tmp/oda-run-abc";
  p.force_abi = 2;
  p.kernel_only = true;
  std::string line = sb::encode_policy(p);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  sb::Policy back;
  ASSERT_TRUE(sb::decode_policy(line, &back));
  EXPECT_EQ(back.mode, p.mode);
  EXPECT_EQ(back.workspace, p.workspace);
  EXPECT_EQ(back.writable, p.writable);
  EXPECT_EQ(back.temp, p.temp);
  EXPECT_EQ(back.force_abi, 2);
  EXPECT_TRUE(back.kernel_only);
  EXPECT_FALSE(sb::decode_policy("{\"mode\":\"open\"}", &back));
  EXPECT_FALSE(sb::decode_policy("", &back));
}

TEST(SandboxRun, FailureLinesAddWhatTheMessageLacks) {
  std::string denial = "File sandbox: read-only; enforcement: full; operation denied: rm 'x'";
  EXPECT_EQ(sb::failure_lines(sb::Enforcement::Full, "Error: boom", ""), "");
  EXPECT_EQ(sb::failure_lines(sb::Enforcement::Full, "Error: boom", denial), "\n" + denial);
  EXPECT_EQ(sb::failure_lines(sb::Enforcement::Full, "Error: " + denial, denial), "");
  EXPECT_EQ(sb::failure_lines(sb::Enforcement::Partial, "Error: boom", ""),
            "\nFile sandbox enforcement is partial on this host.");
  EXPECT_EQ(sb::failure_lines(sb::Enforcement::Partial,
                              "x\nFile sandbox enforcement is partial on this host.", ""),
            "");
}

TEST(SandboxRun, WorkerWithoutAPolicyRefusesToRun) {
  std::string err;
  EXPECT_FALSE(sb::enter_worker(&err));
  EXPECT_EQ(err, "the worker got no file sandbox policy");
}
