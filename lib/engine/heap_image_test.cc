// Unit tests of the heap image: an arena written after a copy of this executable maps back at
// its address with its bytes and header; a copy that is not whole, or not from this binary,
// is refused (the worker then starts the slow way). Each case runs in a child: the arena
// takes a fixed address for the life of a process.
#include "engine/heap_image.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

namespace oda::engine::image {
namespace {

constexpr char kPattern[] = "the heap image's bytes";

// Runs fn in a child; its exit status (0: all its checks held).
int in_child(int (*fn)(const char* path), const char* path) {
  pid_t pid = fork();
  if (pid == 0) _exit(fn(path));
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 100;
}

int build(const char* path) {
  std::string err;
  if (!begin_build(&err)) return 1;
  auto* p = static_cast<char*>(alloc(sizeof kPattern));
  if (!p || !owns(p) || reinterpret_cast<uintptr_t>(p) % 16 != 0) return 2;
  std::memcpy(p, kPattern, sizeof kPattern);
  Header h;
  h.ctx = reinterpret_cast<uint64_t>(p);
  h.heap_used = 12345;
  return write(path, h, &err) ? 0 : 3;
}

int map_and_check(const char* path) {
  Header h;
  if (!map_file(path, &h)) return 1;
  if (h.heap_used != 12345) return 2;
  const auto* p = reinterpret_cast<const char*>(h.ctx);
  if (!owns(p) || std::strcmp(p, kPattern) != 0) return 3;
  return 0;
}

int refused(const char* path) {
  Header h;
  return map_file(path, &h) ? 1 : 0;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void spit(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

class HeapImage : public ::testing::Test {
 protected:
  void SetUp() override {
    char dir[] = "/tmp/heap-image-test.XXXXXX";
    ASSERT_NE(mkdtemp(dir), nullptr);
    dir_ = dir;
    path_ = dir_ + "/copy";
    ASSERT_EQ(in_child(build, path_.c_str()), 0);
  }
  void TearDown() override {
    std::remove(path_.c_str());
    std::remove((dir_ + "/other").c_str());
    rmdir(dir_.c_str());
  }
  std::string dir_, path_;
};

TEST_F(HeapImage, MapsBackAtItsAddressWithItsBytesAndHeader) {
  EXPECT_EQ(in_child(map_and_check, path_.c_str()), 0);
}

TEST_F(HeapImage, ABinaryWithoutAnImageIsRefused) {
  EXPECT_EQ(in_child(refused, "/proc/self/exe"), 0) << "the test binary carries none";
  EXPECT_EQ(in_child(refused, "/nonexistent/run-code"), 0);
}

TEST_F(HeapImage, ACutCopyIsRefused) {
  std::string bytes = slurp(path_);
  std::string other = dir_ + "/other";
  spit(other, bytes.substr(0, bytes.size() - 8));  // the trailer's end is gone
  EXPECT_EQ(in_child(refused, other.c_str()), 0);
}

TEST_F(HeapImage, AnImageFromAnotherBuildIsRefused) {
  std::string bytes = slurp(path_);
  std::string other = dir_ + "/other";
  // The trailer's tail is the header (16 bytes) after the data and code marks: a different
  // code mark is a different binary's image.
  size_t code_mark = bytes.size() - 16 - 8 - 8;
  bytes[code_mark] ^= 0x10;
  spit(other, bytes);
  EXPECT_EQ(in_child(refused, other.c_str()), 0);
  // And with the magic broken.
  bytes = slurp(path_);
  size_t magic = bytes.size() - 16 - 5 * 8 - 8;
  ASSERT_EQ(bytes.substr(magic, 7), "ODAHEAP");
  bytes[magic] = 'X';
  spit(other, bytes);
  EXPECT_EQ(in_child(refused, other.c_str()), 0);
}

}  // namespace
}  // namespace oda::engine::image
