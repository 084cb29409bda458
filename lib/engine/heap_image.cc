// The worker's start-up heap image (see heap_image.h).
#include "engine/heap_image.h"

#include <fcntl.h>
#include <link.h>
#include <sys/auxv.h>
#include <linux/userfaultfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/prelude.h"
#include "sys/fd.h"

namespace oda::engine::image {

uintptr_t g_lo = 0, g_hi = 0;
bool g_off = false;

void read_environment() {
  const char* off = getenv("ODA_RUN_NO_HEAP_IMAGE");
  g_off = off && std::strcmp(off, "1") == 0;
}

namespace {

// Far from everything Linux places by itself on x86-64: a non-PIE binary sits near 4 MiB
// with its brk heap after it, libraries, mmaps and stacks near the top of the 128 TiB.
constexpr uintptr_t kBase = uintptr_t{0x2000} << 32;
constexpr size_t kReserve = size_t{1} << 30;
constexpr size_t kPage = 4096;
constexpr char kMagic[8] = {'O', 'D', 'A', 'H', 'E', 'A', 'P', '1'};

// The last bytes of the executable. The two addresses tie an image to the binary that made
// it: another build (or a PIE load) puts the allocator and the prelude elsewhere.
struct Trailer {
  char magic[8];
  uint64_t offset;     // of the arena in the file, page-aligned
  uint64_t length;     // bytes mapped, page-aligned
  uint64_t base;
  uint64_t code_mark;  // &begin_build in the binary that wrote it
  uint64_t data_mark;  // &kPrelude
  Header header;
};

// While building, blocks come from two zones of the arena: the runtime's (the image) and,
// after it, the build's temporaries, when a trial build said which blocks those are. Each
// zone bumps a pointer and keeps the blocks given back, by size (best fit) and by address
// (to merge neighbours), for reuse.
struct Zone {
  uintptr_t lo = 0, top = 0, hi = 0;
  std::set<std::pair<size_t, uintptr_t>> by_size;
  std::map<uintptr_t, size_t> by_addr;

  void* take(size_t size);
  void give(uintptr_t p, size_t size);
};
Zone g_kept, g_temp;

// The plan (set_plan) and what this build has handed out: block i is the build's i-th alloc.
std::vector<bool> g_plan;
size_t g_count = 0;
// A trial build's record: each live block's number, and whether each number is still live.
std::unordered_map<uintptr_t, size_t> g_number;
std::vector<bool> g_live;

uint64_t code_mark() { return reinterpret_cast<uint64_t>(&begin_build); }
uint64_t data_mark() { return reinterpret_cast<uint64_t>(&kPrelude[0]); }

size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

// A read fault on a file mapping maps the faulting page and, by "fault-around", up to 64 KiB
// of its neighbours that are in the page cache (the whole of a large folio, which is what a
// freshly written executable's cache holds). A worker reads a few hundred scattered pages of
// the arena, so fault-around made 2.3 MiB of it resident where 0.2 MiB was read. The kernel
// skips fault-around in a range registered with userfaultfd for write-protection; with
// UFFD_FEATURE_WP_ASYNC (Linux 6.7) it resolves such faults itself, no handler thread, and a
// page nobody write-protected faults and copies as before. The descriptor stays open for
// the worker's life (closing it unregisters the range). Best effort: an older kernel or a
// refused userfaultfd leaves the mapping as it was.
constexpr uint64_t kWpAsync = uint64_t{1} << 15;  // UFFD_FEATURE_WP_ASYNC, newer than our headers

// The descriptor for every range registered; -2 once opening it failed. It is the process's
// that opened it: a forked worker has the supervisor's number but not its descriptor.
int g_uffd = -1;
pid_t g_uffd_pid = 0;

void keep_faults_narrow(uintptr_t base, size_t length) {
  if (g_uffd_pid != getpid()) {
    g_uffd = -1;
    g_uffd_pid = getpid();
  }
  if (g_uffd == -2) return;
  if (g_uffd < 0) {
    int fd = static_cast<int>(syscall(SYS_userfaultfd, O_CLOEXEC | UFFD_USER_MODE_ONLY));
    uffdio_api api{};
    api.api = UFFD_API;
    api.features = kWpAsync;
    if (fd < 0 || ioctl(fd, UFFDIO_API, &api) != 0) {
      if (fd >= 0) close(fd);
      g_uffd = -2;
      return;
    }
    g_uffd = fd;
  }
  uffdio_register reg{};
  reg.range.start = base;
  reg.range.len = length;
  reg.mode = UFFDIO_REGISTER_MODE_WP;
  (void)ioctl(g_uffd, UFFDIO_REGISTER, &reg);
}

// Each read-only segment of a loaded file (the code, constants and symbol tables of run-code
// and its libraries): a worker reads scattered pages of them.
int narrow_segments(dl_phdr_info* info, size_t, void*) {
  if (info->dlpi_addr == getauxval(AT_SYSINFO_EHDR)) return 0;  // the vDSO is no file
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD || (ph.p_flags & PF_W)) continue;
    uintptr_t lo = (info->dlpi_addr + ph.p_vaddr) / kPage * kPage;
    uintptr_t hi = round_up(info->dlpi_addr + ph.p_vaddr + ph.p_filesz, kPage);
    keep_faults_narrow(lo, hi - lo);
  }
  return 0;
}

}  // namespace

bool begin_build(std::string* err) {
  void* p = mmap(reinterpret_cast<void*>(kBase), kReserve, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
  if (p == MAP_FAILED || reinterpret_cast<uintptr_t>(p) != kBase) {
    *err = std::string("cannot reserve the arena: ") + std::strerror(errno);
    return false;
  }
  g_lo = kBase;
  g_hi = kBase + kReserve;
  g_kept = Zone{};
  g_kept.lo = g_kept.top = kBase;
  g_kept.hi = g_hi;
  g_temp = Zone{};
  g_plan.clear();
  g_count = 0;
  g_number.clear();
  g_live.clear();
  return true;
}

void* Zone::take(size_t size) {
  if (auto it = by_size.lower_bound({size, 0}); it != by_size.end()) {
    auto [have, p] = *it;
    by_size.erase(it);
    by_addr.erase(p);
    if (have > size) {
      by_size.insert({have - size, p + size});
      by_addr[p + size] = have - size;
    }
    return reinterpret_cast<void*>(p);
  }
  uintptr_t p = top;
  if (size > hi - p) return nullptr;
  top = p + size;
  return reinterpret_cast<void*>(p);
}

void Zone::give(uintptr_t p, size_t size) {
  auto next = by_addr.find(p + size);
  if (next != by_addr.end()) {
    size += next->second;
    by_size.erase({next->second, next->first});
    by_addr.erase(next);
  }
  auto after = by_addr.lower_bound(p);
  if (after != by_addr.begin()) {
    auto prev = std::prev(after);
    if (prev->first + prev->second == p) {
      p = prev->first;
      size += prev->second;
      by_size.erase({prev->second, prev->first});
      by_addr.erase(prev);
    }
  }
  if (p + size == top) {
    top = p;
    return;
  }
  by_size.insert({size, p});
  by_addr[p] = size;
}

void set_plan(std::vector<bool> keep, size_t kept_bytes) {
  g_plan = std::move(keep);
  // The runtime's zone is what the trial kept, with room for a little more; the temporaries'
  // zone follows it, so a block the plan got wrong still lands inside the image.
  g_kept.hi = g_kept.lo + round_up(kept_bytes + (size_t{256} << 10), kPage);
  g_temp.lo = g_temp.top = g_kept.hi;
  g_temp.hi = g_hi;
}

void* alloc(size_t n) {
  size_t size = round_up(n, 16);
  size_t number = g_count++;
  bool temporary = number < g_plan.size() && !g_plan[number];
  Zone& first = temporary ? g_temp : g_kept;
  Zone& second = temporary ? g_kept : g_temp;
  void* p = first.take(size);
  if (!p && second.hi > second.lo) p = second.take(size);
  if (p && g_plan.empty()) {
    g_number[reinterpret_cast<uintptr_t>(p)] = number;
    g_live.push_back(true);
  }
  return p;
}

void release(void* block, size_t n) {
  auto p = reinterpret_cast<uintptr_t>(block);
  if (auto it = g_number.find(p); it != g_number.end()) {
    g_live[it->second] = false;
    g_number.erase(it);
  }
  (p >= g_temp.lo && g_temp.hi > g_temp.lo ? g_temp : g_kept).give(p, round_up(n, 16));
}

std::vector<bool> survivors(size_t* kept_bytes) {
  *kept_bytes = g_kept.top - g_kept.lo;
  return g_live;
}

bool write(const std::string& out, const Header& h, std::string* err) {
  int in = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (in < 0 || fstat(in, &st) != 0) {
    *err = std::string("cannot read this executable: ") + std::strerror(errno);
    if (in >= 0) close(in);
    return false;
  }
  std::string tmp = out + ".tmp";
  int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);
  if (fd < 0) {
    *err = "cannot write '" + tmp + "': " + std::strerror(errno);
    close(in);
    return false;
  }
  bool ok = true;
  char buf[1 << 16];
  for (;;) {
    ssize_t r = ::read(in, buf, sizeof buf);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) ok = false;
    if (r <= 0) break;
    if (!sys::write_all(fd, buf, static_cast<size_t>(r))) {
      ok = false;
      break;
    }
  }
  close(in);
  Trailer t{};
  std::memcpy(t.magic, kMagic, sizeof kMagic);
  t.offset = round_up(static_cast<size_t>(st.st_size), kPage);
  t.length = round_up((g_temp.top > g_temp.lo ? g_temp.top : g_kept.top) - g_lo, kPage);
  t.base = g_lo;
  t.code_mark = code_mark();
  t.data_mark = data_mark();
  t.header = h;
  static const char zeros[kPage] = {};
  ok = ok && sys::write_all(fd, zeros, t.offset - static_cast<size_t>(st.st_size)) &&
       sys::write_all(fd, reinterpret_cast<const void*>(g_lo), t.length) && sys::write_all(fd, &t, sizeof t);
  if (close(fd) != 0) ok = false;
  if (!ok || rename(tmp.c_str(), out.c_str()) != 0) {
    *err = "cannot write '" + out + "': " + std::strerror(errno);
    unlink(tmp.c_str());
    return false;
  }
  return true;
}

void keep_code_faults_narrow() { dl_iterate_phdr(narrow_segments, nullptr); }

bool map(Header* h) {
  if (g_off) return false;
  return map_file("/proc/self/exe", h);
}

bool map_file(const char* path, Header* h) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st;
  Trailer t;
  bool ok = fstat(fd, &st) == 0 && static_cast<size_t>(st.st_size) >= sizeof t &&
            pread(fd, &t, sizeof t, st.st_size - static_cast<off_t>(sizeof t)) == static_cast<ssize_t>(sizeof t) &&
            std::memcmp(t.magic, kMagic, sizeof kMagic) == 0 && t.base == kBase && t.code_mark == code_mark() &&
            t.data_mark == data_mark() && t.offset % kPage == 0 && t.length % kPage == 0 && t.length > 0 &&
            t.offset + t.length + sizeof t <= static_cast<uint64_t>(st.st_size);
  if (ok) {
    void* p = mmap(reinterpret_cast<void*>(t.base), t.length, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_FIXED_NOREPLACE, fd, static_cast<off_t>(t.offset));
    if (p == MAP_FAILED) {
      ok = false;
    } else if (reinterpret_cast<uintptr_t>(p) != t.base) {
      munmap(p, t.length);  // a kernel without MAP_FIXED_NOREPLACE put it elsewhere
      ok = false;
    }
  }
  close(fd);
  if (!ok) return false;
  keep_faults_narrow(t.base, t.length);
  g_lo = t.base;
  g_hi = t.base + t.length;
  *h = t.header;
  return true;
}

}  // namespace oda::engine::image
