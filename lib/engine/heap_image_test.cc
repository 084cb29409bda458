// Unit tests of the heap image: an arena written after a copy of this executable maps back at
// its address with its bytes and header; a copy that is not whole, or not from this binary,
// is refused (the worker then starts the slow way). Each case runs in a child: the arena
// takes a fixed address for the life of a process.
#include "engine/heap_image.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <linux/userfaultfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

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

// The arena's VmFlags line in /proc/self/smaps ("" when not found).
std::string arena_flags(uintptr_t base) {
  std::ifstream in("/proc/self/smaps");
  std::string line;
  bool in_arena = false;
  while (std::getline(in, line)) {
    unsigned long lo = 0;
    if (std::sscanf(line.c_str(), "%lx-", &lo) == 1 && line.find(' ') != std::string::npos &&
        line.find(':') > line.find(' ')) {
      in_arena = lo == base;
    } else if (in_arena && line.rfind("VmFlags:", 0) == 0) {
      return line;
    }
  }
  return "";
}

// Whether this kernel lets an unprivileged process register any mapping for asynchronous
// write-protect faults (Linux 6.7 and later, userfaultfd not disabled).
bool kernel_has_wp_async() {
  int fd = static_cast<int>(syscall(SYS_userfaultfd, O_CLOEXEC | UFFD_USER_MODE_ONLY));
  if (fd < 0) return false;
  uffdio_api api{};
  api.api = UFFD_API;
  api.features = uint64_t{1} << 15;
  bool ok = ioctl(fd, UFFDIO_API, &api) == 0;
  close(fd);
  return ok;
}

// The mapped arena is registered so that a read fault maps one page, not its neighbours
// (VmFlags "uw"), and it still takes writes, copied on write as before.
int narrow_and_writable(const char* path) {
  Header h;
  if (!map_file(path, &h)) return 1;
  if (arena_flags(g_lo).find(" uw") == std::string::npos) return 2;
  auto* p = reinterpret_cast<char*>(h.ctx);
  p[0] = 'T';
  if (std::strcmp(p + 1, kPattern + 1) != 0 || p[0] != 'T') return 3;
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

// A freed block is reused, and freed neighbours merge into one that a bigger alloc takes.
int reuses_freed_blocks(const char*) {
  std::string err;
  if (!begin_build(&err)) return 1;
  void* a = alloc(100);
  void* b = alloc(100);
  void* c = alloc(16);
  release(a, 100);
  if (alloc(64) != a) return 2;  // best fit, split
  release(a, 64);
  release(b, 100);
  if (alloc(200) != a) return 3;  // a and b merged
  (void)c;
  return 0;
}

// A trial says which blocks live on; with its plan the others go after them, so the kept
// blocks lie together at the arena's start, and a wrong plan still gives every alloc a block.
int plan_packs_kept_blocks(const char*) {
  std::string err;
  if (!begin_build(&err)) return 1;
  void* t1 = alloc(1000);
  void* k1 = alloc(32);
  void* t2 = alloc(1000);
  void* k2 = alloc(32);
  release(t1, 1000);
  release(t2, 1000);
  size_t kept = 0;
  std::vector<bool> live = survivors(&kept);
  if (live != std::vector<bool>{false, true, false, true}) return 2;
  (void)k1;
  (void)k2;
  pid_t pid = fork();  // the real build, in a fresh arena
  if (pid == 0) {
    std::string e;
    munmap(reinterpret_cast<void*>(g_lo), g_hi - g_lo);
    if (!begin_build(&e)) _exit(1);
    set_plan(live, kept);
    auto* a = static_cast<char*>(alloc(1000));
    auto* b = static_cast<char*>(alloc(32));
    auto* c = static_cast<char*>(alloc(1000));
    auto* d = static_cast<char*>(alloc(32));
    auto* extra = static_cast<char*>(alloc(48));  // past the plan: kept
    if (!a || !b || !c || !d || !extra) _exit(2);
    if (d != b + 32 || extra != d + 32) _exit(3);
    if (a < extra || c < extra) _exit(4);
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) * 10 : 100;
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

TEST_F(HeapImage, ReadFaultsInTheArenaMapOnePageAndWritesStillCopy) {
  if (!kernel_has_wp_async()) GTEST_SKIP() << "this kernel has no UFFD_FEATURE_WP_ASYNC (Linux 6.7)";
  EXPECT_EQ(in_child(narrow_and_writable, path_.c_str()), 0);
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

TEST(HeapImageBuild, ReusesFreedBlocks) { EXPECT_EQ(in_child(reuses_freed_blocks, ""), 0); }

TEST(HeapImageBuild, APlanPacksTheKeptBlocksTogether) { EXPECT_EQ(in_child(plan_packs_kept_blocks, ""), 0); }

}  // namespace
}  // namespace oda::engine::image
