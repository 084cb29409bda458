// The worker's program cache (see lowering.h).
#include "run/lowering.h"

#include <elf.h>
#include <link.h>

#include <cstring>

#include "js/lower_cache.h"
#include "run/record.h"

namespace oda::run {
namespace {

js::LowerCache g_cache;

// The executable's NT_GNU_BUILD_ID note, read from its mapped program headers (no file
// opened): it changes with every build that changes the binary, lowering included.
int find_build_id(dl_phdr_info* info, size_t, void* data) {
  auto* out = static_cast<std::string*>(data);
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_NOTE) continue;
    const char* p = reinterpret_cast<const char*>(info->dlpi_addr + ph.p_vaddr);
    const char* end = p + ph.p_memsz;
    while (p + sizeof(ElfW(Nhdr)) <= end) {
      const auto* nh = reinterpret_cast<const ElfW(Nhdr)*>(p);
      const char* name = p + sizeof(ElfW(Nhdr));
      const unsigned char* desc = reinterpret_cast<const unsigned char*>(name + ((nh->n_namesz + 3) & ~3u));
      if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 && std::memcmp(name, "GNU", 4) == 0) {
        static const char hex[] = "0123456789abcdef";
        for (unsigned k = 0; k < nh->n_descsz; k++) {
          out->push_back(hex[desc[k] >> 4]);
          out->push_back(hex[desc[k] & 15]);
        }
        return 1;
      }
      p = reinterpret_cast<const char*>(desc) + ((nh->n_descsz + 3) & ~3u);
    }
  }
  return 1;  // only the executable itself (the first object) is looked at
}

}  // namespace

std::string build_id() {
  static std::string id = [] {
    std::string s;
    dl_iterate_phdr(find_build_id, &s);
    return s;
  }();
  return id;
}

void prepare_lower_cache() {
  if (!g_cache.version.empty() || !g_cache.dir.empty()) return;
  g_cache.version = build_id();
  if (!g_cache.version.empty()) g_cache.dir = state_dir() + "/lower-cache";
}

bool cached_program(std::string_view code, std::string* out) { return js::lower_cache_get(g_cache, code, out); }

bool cache_wants(std::string_view code) { return !g_cache.dir.empty() && code.size() >= g_cache.min_source; }

void store_program(std::string_view code, std::string_view bytecode) { js::lower_cache_put(g_cache, code, bytecode); }

}  // namespace oda::run
