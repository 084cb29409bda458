// Unit tests of the run records' names: where they are kept, what a run id looks like, and
// that an id cannot reach outside the runs folder.
#include "run/record.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <string>

namespace oda::run {
namespace {

// Sets (or, with nullptr, unsets) an environment variable for one test.
class Env {
 public:
  Env(const char* name, const char* value) : name_(name) {
    if (const char* old = getenv(name)) old_ = old, had_ = true;
    if (value) setenv(name, value, 1);
    else unsetenv(name);
  }
  ~Env() {
    if (had_) setenv(name_, old_.c_str(), 1);
    else unsetenv(name_);
  }

 private:
  const char* name_;
  std::string old_;
  bool had_ = false;
};

TEST(RunsDir, StateDirThenXdgThenHome) {
  Env home("HOME", "/home/u"), xdg("XDG_STATE_HOME", "/xdg"), state("ODA_STATE_DIR", "/state");
  EXPECT_EQ(runs_dir(), "/state/runs");
  {
    Env no_state("ODA_STATE_DIR", "");  // empty counts as unset
    EXPECT_EQ(runs_dir(), "/xdg/oda/runs");
    Env no_xdg("XDG_STATE_HOME", nullptr);
    EXPECT_EQ(runs_dir(), "/home/u/.local/state/oda/runs");
  }
}

TEST(RunId, SortsByTimeAndIsSafeAsAName) {
  std::string a = new_run_id();
  // "20261130-222550-123-4f2a": date, time, milliseconds, a random tail.
  ASSERT_EQ(a.size(), 24u) << a;
  for (size_t i : {8u, 15u, 19u}) EXPECT_EQ(a[i], '-') << a;
  for (char c : a) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)) || c == '-') << a;
  std::string b = new_run_id();
  EXPECT_LE(a.substr(0, 19), b.substr(0, 19)) << "a later id never sorts first";
}

TEST(LoadRecord, AnIdThatCouldLeaveTheFolderIsNoRun) {
  Env state("ODA_STATE_DIR", "/nonexistent-state");
  json::Value r;
  for (const char* id : {"../../etc/passwd", "", "a/b", "x.json"}) {
    std::string err;
    EXPECT_FALSE(load_record(id, &r, &err)) << id;
    EXPECT_EQ(err, std::string("no run '") + id + "'") << id;
  }
}

}  // namespace
}  // namespace oda::run
