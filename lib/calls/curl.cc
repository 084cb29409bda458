// libcurl, loaded with dlopen on first use (see curl.h).
#define CURL_DISABLE_TYPECHECK 1
#include "calls/curl.h"

#include <dlfcn.h>

#include <mutex>
#include <type_traits>

namespace oda::calls {

const Curl& curl() {
  static Curl c;
  static std::once_flag once;
  std::call_once(once, [] {
    void* h = ::dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!h) h = ::dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      const char* e = ::dlerror();
      c.error = std::string("libcurl could not be loaded: ") + (e ? e : "not found");
      return;
    }
    bool all = true;
    auto sym = [&](auto* fp, const char* name) {
      void* p = ::dlsym(h, name);
      if (!p) all = false;
      *fp = reinterpret_cast<std::remove_reference_t<decltype(*fp)>>(p);
    };
    sym(&c.global_init, "curl_global_init");
    sym(&c.easy_init, "curl_easy_init");
    sym(&c.setopt, "curl_easy_setopt");
    sym(&c.perform, "curl_easy_perform");
    sym(&c.getinfo, "curl_easy_getinfo");
    sym(&c.cleanup, "curl_easy_cleanup");
    sym(&c.slist_append, "curl_slist_append");
    sym(&c.slist_free_all, "curl_slist_free_all");
    sym(&c.strerror, "curl_easy_strerror");
    if (!all) {
      c.error = "libcurl could not be loaded: a function is missing";
      return;
    }
    // Once, before any handle, as curl asks of threaded programs.
    if (c.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
      c.error = "libcurl could not be initialised";
      return;
    }
    c.ok = true;
  });
  return c;
}

}  // namespace oda::calls
