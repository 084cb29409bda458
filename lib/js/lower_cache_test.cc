#include "js/lower_cache.h"

#include <gtest/gtest.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace oda::js {
namespace {

class LowerCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/oda-lower-cache-test-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    root_ = tmpl;
    cache_.dir = root_ + "/state/lower-cache";  // made on the first write
    cache_.version = "v1";
    cache_.min_source = 10;
  }
  void TearDown() override { std::system(("chmod -R u+w " + root_ + " && rm -rf " + root_).c_str()); }

  std::vector<std::string> entries() {
    std::vector<std::string> out;
    if (DIR* d = opendir(cache_.dir.c_str())) {
      while (dirent* e = readdir(d))
        if (e->d_name[0] != '.' || std::string(e->d_name).rfind(".new-", 0) == 0) out.push_back(e->d_name);
      closedir(d);
    }
    return out;
  }
  std::string read(const std::string& name) {
    std::ifstream f(cache_.dir + "/" + name);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
  }
  void write(const std::string& name, const std::string& data) { std::ofstream(cache_.dir + "/" + name) << data; }
  void age(const std::string& name, int seconds_ago) {
    timeval tv[2];
    gettimeofday(&tv[0], nullptr);
    tv[0].tv_sec -= seconds_ago;
    tv[1] = tv[0];
    utimes((cache_.dir + "/" + name).c_str(), tv);
  }

  std::string root_;
  LowerCache cache_;
};

TEST_F(LowerCacheTest, AStoredProgramIsFoundByItsContentAndVersionOnly) {
  std::string out;
  EXPECT_FALSE(lower_cache_get(cache_, "const a = 1; return a;", &out));
  ASSERT_TRUE(lower_cache_put(cache_, "const a = 1; return a;", "var a = 1; return a;"));
  ASSERT_TRUE(lower_cache_get(cache_, "const a = 1; return a;", &out));
  EXPECT_EQ(out, "var a = 1; return a;");
  EXPECT_FALSE(lower_cache_get(cache_, "const a = 2; return a;", &out));
  LowerCache other = cache_;
  other.version = "v2";
  EXPECT_FALSE(lower_cache_get(other, "const a = 1; return a;", &out));
  ASSERT_EQ(entries().size(), 1u);
  EXPECT_EQ(entries()[0], lower_cache_key("v1", "const a = 1; return a;"));
  EXPECT_EQ(entries()[0].size(), 32u);
  EXPECT_NE(lower_cache_key("v1", "x"), lower_cache_key("v2", "x"));
  EXPECT_NE(lower_cache_key("v1", "x"), lower_cache_key("v1", "y"));
  struct stat st;
  ASSERT_EQ(stat(cache_.dir.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
}

TEST_F(LowerCacheTest, SmallProgramsAndAnEmptyFolderNameAreNotCached) {
  std::string out;
  EXPECT_FALSE(lower_cache_put(cache_, "return 1", "return 1;"));
  EXPECT_TRUE(entries().empty());
  LowerCache off = cache_;
  off.dir.clear();
  EXPECT_FALSE(lower_cache_put(off, "const a = 1; return a;", "var a = 1;"));
  EXPECT_FALSE(lower_cache_get(off, "const a = 1; return a;", &out));
}

TEST_F(LowerCacheTest, CorruptTruncatedOrForeignEntriesAreMisses) {
  const std::string src = "const big = [1, 2, 3];";
  ASSERT_TRUE(lower_cache_put(cache_, src, "var big = [1, 2, 3];"));
  std::string name = lower_cache_key("v1", src), whole = read(name), out;
  write(name, whole.substr(0, whole.size() - 3));  // truncated
  EXPECT_FALSE(lower_cache_get(cache_, src, &out));
  std::string flipped = whole;
  flipped[flipped.size() - 2] = 'X';  // same length, other bytes
  write(name, flipped);
  EXPECT_FALSE(lower_cache_get(cache_, src, &out));
  write(name, "garbage without a header");
  EXPECT_FALSE(lower_cache_get(cache_, src, &out));
  write(name, "");
  EXPECT_FALSE(lower_cache_get(cache_, src, &out));
  // Another program's entry under this name (renamed by hand): its header names another key.
  ASSERT_TRUE(lower_cache_put(cache_, "const other = 2;", "var other = 2;"));
  write(name, read(lower_cache_key("v1", "const other = 2;")));
  EXPECT_FALSE(lower_cache_get(cache_, src, &out));
  // Written again, it is read again.
  ASSERT_TRUE(lower_cache_put(cache_, src, "var big = [1, 2, 3];"));
  ASSERT_TRUE(lower_cache_get(cache_, src, &out));
  EXPECT_EQ(out, "var big = [1, 2, 3];");
}

TEST_F(LowerCacheTest, AFolderThatCannotBeMadeOrWrittenIsNeverFatal) {
  // A file where the folder should be: no folder can be made there, even by root.
  std::ofstream(root_ + "/file") << "x";
  LowerCache nowhere = cache_;
  nowhere.dir = root_ + "/file/lower-cache";
  std::string out;
  EXPECT_FALSE(lower_cache_put(nowhere, "const a = 1; return a;", "var a = 1;"));
  EXPECT_FALSE(lower_cache_get(nowhere, "const a = 1; return a;", &out));
  // An entry's name taken by a folder: the write fails, the read misses.
  ASSERT_TRUE(lower_cache_put(cache_, "const b = 2; return b;", "var b = 2;"));
  std::string taken = cache_.dir + "/" + lower_cache_key("v1", "const a = 1; return a;");
  ASSERT_EQ(mkdir(taken.c_str(), 0700), 0);
  EXPECT_FALSE(lower_cache_put(cache_, "const a = 1; return a;", "var a = 1;"));
  EXPECT_FALSE(lower_cache_get(cache_, "const a = 1; return a;", &out));
  EXPECT_EQ(entries().size(), 2u);  // no temporary file left behind
}

TEST_F(LowerCacheTest, PastItsBoundTheLeastRecentlyUsedEntriesGo) {
  cache_.max_bytes = 4000;
  std::string body(900, 'x');
  std::vector<std::string> srcs;
  for (int i = 0; i < 4; i++) {
    srcs.push_back("const v" + std::to_string(i) + " = 1;");
    ASSERT_TRUE(lower_cache_put(cache_, srcs.back(), body));
    age(lower_cache_key("v1", srcs.back()), 1000 - i * 100);  // v0 oldest
  }
  std::string out;
  ASSERT_TRUE(lower_cache_get(cache_, srcs[0], &out));  // v0 is used: now the newest
  EXPECT_EQ(entries().size(), 4u);
  ASSERT_TRUE(lower_cache_put(cache_, "const v4 = 1;", body));  // over 4000: down to 3000
  EXPECT_LE(entries().size(), 3u);
  EXPECT_TRUE(lower_cache_get(cache_, srcs[0], &out));
  EXPECT_TRUE(lower_cache_get(cache_, "const v4 = 1;", &out));
  EXPECT_FALSE(lower_cache_get(cache_, srcs[1], &out));  // the least recently used
}

TEST_F(LowerCacheTest, WritesLeftByKilledRunsAreSweptOnceOld) {
  ASSERT_TRUE(lower_cache_put(cache_, "const a = 1; return a;", "var a = 1;"));
  write(".new-1-old", "partial");
  write(".new-2-young", "partial");
  age(".new-1-old", 7200);
  cache_.max_bytes = 0;  // every write scans the folder (and keeps nothing)
  lower_cache_put(cache_, "const b = 2; return b;", "var b = 2;");
  auto e = entries();
  EXPECT_EQ(std::count(e.begin(), e.end(), ".new-1-old"), 0);
  EXPECT_EQ(std::count(e.begin(), e.end(), ".new-2-young"), 1);
}

TEST_F(LowerCacheTest, TwoProcessesStoringTheSameProgramLeaveOneWholeEntry) {
  const std::string src = "const shared = 'x';";
  std::string lowered(200000, 'y');
  std::vector<pid_t> kids;
  for (int k = 0; k < 4; k++) {
    pid_t p = fork();
    if (p == 0) {
      for (int i = 0; i < 20; i++) lower_cache_put(cache_, src, lowered);
      _exit(0);
    }
    kids.push_back(p);
  }
  std::string out;
  int hits = 0;
  for (int i = 0; i < 200; i++) {
    if (lower_cache_get(cache_, src, &out)) {
      hits++;
      ASSERT_EQ(out, lowered);  // never a torn entry
    }
  }
  for (pid_t p : kids) waitpid(p, nullptr, 0);
  ASSERT_TRUE(lower_cache_get(cache_, src, &out));
  EXPECT_EQ(out, lowered);
  EXPECT_EQ(entries().size(), 1u);
  (void)hits;
}

}  // namespace
}  // namespace oda::js
