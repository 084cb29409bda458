// The lowering cache (see lower_cache.h).
//
// An entry is one file named by lower_cache_key(): a header line "oda-lower-cache 1 KEY
// SOURCE_LENGTH PAYLOAD_LENGTH CHECKSUM" (the checksum is 64 bits of the payload), then the
// payload. A reader takes an entry only when every header field matches what it looks for
// and what it read.
#include "js/lower_cache.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <vector>

#include "sys/dirs.h"
#include "sys/fd.h"

namespace oda::js {
namespace {

constexpr const char* kMagic = "oda-lower-cache 1 ";

uint64_t mix(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

// Two independent 64-bit lanes over 8-byte words (fast: the source of a big library is
// hashed on every run that looks it up).
void hash128(std::string_view s, uint64_t seed, uint64_t* a, uint64_t* b) {
  uint64_t h1 = 0x9e3779b97f4a7c15ULL ^ seed, h2 = 0x632be59bd9b4e019ULL ^ (seed * 31);
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    h1 = (h1 ^ w) * 0x87c37b91114253d5ULL;
    h1 = (h1 << 31) | (h1 >> 33);
    h2 = (h2 + w) * 0x4cf5ad432745937fULL;
    h2 = (h2 << 29) | (h2 >> 35);
  }
  uint64_t tail = 0;
  if (i < s.size()) std::memcpy(&tail, s.data() + i, s.size() - i);
  h1 = mix(h1 ^ tail ^ s.size());
  h2 = mix(h2 + tail + (s.size() << 1));
  *a = mix(h1 + h2);
  *b = mix(h2 + *a);
}

uint64_t checksum(std::string_view s) {
  uint64_t a, b;
  hash128(s, 0x5bd1e995, &a, &b);
  return a ^ b;
}

std::string header(const std::string& key, size_t source_len, std::string_view payload) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s%s %zu %zu %016" PRIx64 "\n", kMagic, key.c_str(), source_len, payload.size(),
                checksum(payload));
  return buf;
}

// Removes the least recently used entries while the folder holds more than max bytes (down
// to three quarters of it, so the next writes do not scan again at once).
void evict(const std::string& dir, size_t max) {
  DIR* d = opendir(dir.c_str());
  if (!d) return;
  struct Entry {
    std::string path;
    int64_t used;
    size_t size;
  };
  std::vector<Entry> entries;
  size_t total = 0;
  time_t now = time(nullptr);
  while (dirent* e = readdir(d)) {
    if (e->d_name[0] == '.' && std::strncmp(e->d_name, ".new-", 5) != 0) continue;
    std::string path = dir + "/" + e->d_name;
    struct stat st;
    if (lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    if (e->d_name[0] == '.') {
      // A write a killed run left behind; one under way is younger than an hour.
      if (now - st.st_mtim.tv_sec > 3600) unlink(path.c_str());
      continue;
    }
    entries.push_back({path, int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec, size_t(st.st_size)});
    total += size_t(st.st_size);
  }
  closedir(d);
  if (total <= max) return;
  std::sort(entries.begin(), entries.end(), [](const Entry& x, const Entry& y) { return x.used < y.used; });
  for (const Entry& e : entries) {
    if (total <= max / 4 * 3) break;
    if (unlink(e.path.c_str()) == 0 || errno == ENOENT) total -= e.size;  // another run took it first
  }
}

}  // namespace

std::string lower_cache_key(std::string_view version, std::string_view source) {
  uint64_t a, b;
  hash128(source, checksum(version), &a, &b);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%016" PRIx64 "%016" PRIx64, a, b);
  return buf;
}

bool lower_cache_get(const LowerCache& c, std::string_view source, std::string* out) {
  if (c.dir.empty() || source.size() < c.min_source) return false;
  std::string key = lower_cache_key(c.version, source);
  std::string path = c.dir + "/" + key;
  sys::UniqueFd fd(open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
  if (!fd) return false;
  std::string data;
  if (!sys::read_to_end(fd.get(), &data)) return false;
  size_t nl = data.find('\n');
  if (nl == std::string::npos) return false;
  std::string_view payload = std::string_view(data).substr(nl + 1);
  if (data.compare(0, nl + 1, header(key, source.size(), payload)) != 0) return false;
  out->assign(payload);
  futimens(fd.get(), nullptr);  // recently used (refused in a read-only sandbox: no matter)
  return true;
}

bool lower_cache_put(const LowerCache& c, std::string_view source, std::string_view payload) {
  if (c.dir.empty() || source.size() < c.min_source) return false;
  std::string err;
  if (!sys::make_dirs(c.dir, &err)) return false;
  std::string key = lower_cache_key(c.version, source);
  char tmp_name[64];
  std::snprintf(tmp_name, sizeof tmp_name, "/.new-%d-%s", int(getpid()), key.c_str());
  std::string tmp = c.dir + tmp_name;
  sys::UniqueFd fd(open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600));
  if (!fd) return false;
  std::string head = header(key, source.size(), payload);
  bool ok = sys::write_all(fd.get(), head) && sys::write_all(fd.get(), payload);
  fd.reset();
  if (!ok || rename(tmp.c_str(), (c.dir + "/" + key).c_str()) != 0) {
    unlink(tmp.c_str());
    return false;
  }
  evict(c.dir, c.max_bytes);
  return true;
}

}  // namespace oda::js
