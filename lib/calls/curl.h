// libcurl, loaded with dlopen on its first use, so that a run that never goes to the network
// (fetch, an MCP server over HTTP) never pays for loading it. Only the header's types are
// linked in; the functions are this table's.
#pragma once

#ifndef CURL_DISABLE_TYPECHECK
#define CURL_DISABLE_TYPECHECK 1
#endif
#include <curl/curl.h>

#include <string>

namespace oda::calls {

struct Curl {
  bool ok = false;
  std::string error;
  CURLcode (*global_init)(long);
  CURL* (*easy_init)();
  CURLcode (*setopt)(CURL*, CURLoption, ...);
  CURLcode (*perform)(CURL*);
  CURLcode (*getinfo)(CURL*, CURLINFO, ...);
  void (*cleanup)(CURL*);
  curl_slist* (*slist_append)(curl_slist*, const char*);
  void (*slist_free_all)(curl_slist*);
  const char* (*strerror)(CURLcode);
};

// The table, loaded and initialised once (thread-safe); ok false with error when it cannot.
const Curl& curl();

}  // namespace oda::calls
