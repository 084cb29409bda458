// fetch() on libcurl, loaded with dlopen on the first fetch so that a run that never fetches
// never pays for loading it. Redirects are followed here, not by curl, so every hop is checked.
#define CURL_DISABLE_TYPECHECK 1
#include "calls/fetch.h"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <type_traits>
#include <vector>

#include "calls/curl.h"
#include "cli/cli.h"
#include "sys/clock.h"

namespace oda::calls::fetch {

namespace {

// ------------------------------------------------------------------ address classification

bool private_v4(uint32_t a) {  // host byte order
  auto in = [a](uint32_t net, int bits) { return (a >> (32 - bits)) == (net >> (32 - bits)); };
  return in(0x00000000, 8) ||    // 0.0.0.0/8 this network
         in(0x0A000000, 8) ||    // 10/8
         in(0x64400000, 10) ||   // 100.64/10 shared (CGNAT)
         in(0x7F000000, 8) ||    // 127/8 loopback
         in(0xA9FE0000, 16) ||   // 169.254/16 link-local
         in(0xAC100000, 12) ||   // 172.16/12
         in(0xC0000000, 24) ||   // 192.0.0/24 protocol assignments
         in(0xC0A80000, 16) ||   // 192.168/16
         in(0xC6120000, 15) ||   // 198.18/15 benchmarking
         in(0xE0000000, 4) ||    // 224/4 multicast
         in(0xF0000000, 4);      // 240/4 reserved, broadcast
}

uint32_t v4_at(const uint8_t* b) {
  return (uint32_t(b[0]) << 24) | (uint32_t(b[1]) << 16) | (uint32_t(b[2]) << 8) | b[3];
}

bool private_v6(const uint8_t* b) {
  static const uint8_t zero[16] = {};
  if (std::memcmp(b, zero, 10) == 0) {
    if (b[10] == 0xff && b[11] == 0xff) return private_v4(v4_at(b + 12));  // ::ffff:a.b.c.d
    if (b[10] == 0 && b[11] == 0) {
      // ::, ::1, and the deprecated IPv4-compatible ::a.b.c.d
      if (std::memcmp(b + 12, zero, 3) == 0 && b[15] <= 1) return true;
      return private_v4(v4_at(b + 12));
    }
  }
  if (b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b) {  // 64:ff9b::/96, /48
    if (std::memcmp(b + 4, zero, 8) == 0) return private_v4(v4_at(b + 12));
    return b[4] == 0x00 && b[5] == 0x01;
  }
  if (b[0] == 0x20 && b[1] == 0x02) return private_v4(v4_at(b + 2));  // 6to4
  if (b[0] == 0x01 && b[1] == 0x00 && std::memcmp(b + 2, zero, 6) == 0) return true;  // 100::/64
  if ((b[0] & 0xfe) == 0xfc) return true;                  // fc00::/7 unique-local
  if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80) return true;  // fe80::/10 link-local
  if (b[0] == 0xfe && (b[1] & 0xc0) == 0xc0) return true;  // fec0::/10 site-local
  if (b[0] == 0xff) return true;                           // multicast
  return false;
}

std::string address_text(const sockaddr* sa) {
  char buf[INET6_ADDRSTRLEN] = "?";
  if (sa->sa_family == AF_INET)
    ::inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(sa)->sin_addr, buf, sizeof buf);
  else if (sa->sa_family == AF_INET6)
    ::inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(sa)->sin6_addr, buf, sizeof buf);
  return buf;
}


// ------------------------------------------------------------------ one transfer

struct Transfer {
  const Options* options;
  const calls::CancelFlag* cancel;
  std::string body;
  bool body_full = false;
  json::Value headers = json::Value::object();
  std::string refused;  // the private address a connection was refused for
};

size_t on_body(char* data, size_t size, size_t n, void* p) {
  auto* t = static_cast<Transfer*>(p);
  // Four bytes per character at most: past that the cut is certain, so stop reading.
  size_t room = t->options->max_body_chars * 4 + 4;
  size_t len = size * n;
  if (t->body.size() + len > room) {
    t->body.append(data, room - t->body.size());
    t->body_full = true;
    return 0;  // ends the transfer; perform() reports a write error we expect
  }
  t->body.append(data, len);
  return len;
}

size_t on_header(char* data, size_t size, size_t n, void* p) {
  auto* t = static_cast<Transfer*>(p);
  std::string_view line(data, size * n);
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
  if (line.substr(0, 5) == "HTTP/") {
    t->headers = json::Value::object();  // a new response (after 100 Continue and the like)
    return size * n;
  }
  auto colon = line.find(':');
  if (colon == std::string_view::npos) return size * n;
  std::string name(line.substr(0, colon));
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string_view value = line.substr(colon + 1);
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
  if (json::Value* old = t->headers.get(name)) {
    old->as_string() += ", ";
    old->as_string() += value;
  } else {
    t->headers.set(name, json::Value(value));
  }
  return size * n;
}

int on_progress(void* p, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  return static_cast<Transfer*>(p)->cancel->cancelled() ? 1 : 0;
}

bool listed(const std::vector<std::string>& list, const std::string& s) {
  for (const auto& x : list)
    if (x == s) return true;
  return false;
}

// Every connection curl makes comes through here, after its own DNS resolution: the one place
// that sees the address really used, whatever the spelling of the host or the redirect.
curl_socket_t on_open_socket(void* p, curlsocktype, curl_sockaddr* addr) {
  auto* t = static_cast<Transfer*>(p);
  if (!t->options->allow_private && is_private_address(&addr->addr)) {
    std::string text = address_text(&addr->addr);
    if (!listed(t->options->test_public, text)) {
      t->refused = text;
      return CURL_SOCKET_BAD;
    }
  }
  return ::socket(addr->family, addr->socktype | SOCK_CLOEXEC, addr->protocol);
}

bool starts_with_ci(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); i++)
    if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
  return true;
}

// The host of an http(s) URL, for messages: between "//" and the path, less user and port.
std::string host_of(std::string_view url) {
  auto start = url.find("//");
  if (start == std::string_view::npos) return "";
  url.remove_prefix(start + 2);
  url = url.substr(0, url.find_first_of("/?#"));
  if (auto at = url.rfind('@'); at != std::string_view::npos) url.remove_prefix(at + 1);
  if (!url.empty() && url[0] == '[') return std::string(url.substr(1, url.find(']') - 1));
  return std::string(url.substr(0, url.find(':')));
}

// Cuts s (UTF-8) to at most n characters, never inside one.
void cut_chars(std::string* s, size_t n) {
  size_t chars = 0;
  for (size_t i = 0; i < s->size(); i++) {
    if ((static_cast<unsigned char>((*s)[i]) & 0xC0) == 0x80) continue;
    if (chars++ == n) {
      s->resize(i);
      return;
    }
  }
}

using calls::Outcome;

Outcome failed(std::string m) { return Outcome::fail(Outcome::Status::Error, "fetch " + m); }

}  // namespace

bool is_private_address(const sockaddr* sa) {
  if (sa->sa_family == AF_INET)
    return private_v4(ntohl(reinterpret_cast<const sockaddr_in*>(sa)->sin_addr.s_addr));
  if (sa->sa_family == AF_INET6)
    return private_v6(reinterpret_cast<const sockaddr_in6*>(sa)->sin6_addr.s6_addr);
  return true;  // nothing else is a web address
}

bool is_private_literal(std::string_view text) {
  std::string s(text);
  if (s.size() >= 2 && s.front() == '[' && s.back() == ']') s = s.substr(1, s.size() - 2);
  in6_addr a6;
  if (::inet_pton(AF_INET6, s.c_str(), &a6) == 1) return private_v6(a6.s6_addr);
  in_addr a4;
  if (::inet_aton(s.c_str(), &a4) != 0) return private_v4(ntohl(a4.s_addr));
  return false;
}

Options options_from_env() {
  Options o;
  const char* v = ::getenv("SANDBOX_ALLOW_PRIVATE_NETWORK");
  o.allow_private = v && std::string_view(v) == "1";
  if (const char* p = ::getenv("ODA_FETCH_TEST_PUBLIC")) {
    std::string_view s = p;
    while (!s.empty()) {
      size_t comma = s.find(',');
      if (comma > 0) o.test_public.emplace_back(s.substr(0, comma));
      if (comma == std::string_view::npos) break;
      s.remove_prefix(comma + 1);
    }
  }
  return o;
}

Outcome perform(const json::Value& request, const Options& options,
                const calls::CancelFlag& cancel) {
  const json::Value* u = request.get("url");
  if (!u || !u->is_string()) return failed("refused: the URL must be a string");
  std::string url = u->as_string();
  std::string method = "GET";
  std::string body;
  bool has_body = false;
  std::string redirect = "follow";
  std::vector<std::string> header_lines;
  if (const json::Value* init = request.get("init"); init && init->is_object()) {
    if (const json::Value* m = init->get("method"); m && m->is_string()) {
      method = m->as_string();
      for (char& c : method) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    if (const json::Value* b = init->get("body"); b && !b->is_null()) {
      if (!b->is_string()) return failed("refused: init.body must be a string");
      body = b->as_string();
      has_body = true;
    }
    redirect = init->get_or("redirect", redirect);
    if (const json::Value* h = init->get("headers")) {
      auto add = [&](const std::string& k, const json::Value& v) {
        header_lines.push_back(k + ": " + (v.is_string() ? v.as_string() : json::write(v)));
      };
      if (h->is_object())
        for (const auto& [k, v] : h->members()) add(k, v);
      else if (h->is_array())
        for (const auto& pair : h->items())
          if (pair.is_array() && pair.items().size() == 2 && pair.items()[0].is_string())
            add(pair.items()[0].as_string(), pair.items()[1]);
    }
  }
  const Curl& c = curl();
  if (!c.ok) return failed("is unavailable: " + c.error);

  int64_t deadline = sys::monotonic_ms() + options.timeout_ms;
  bool redirected = false;
  for (int hop = 0;; hop++) {
    if (!starts_with_ci(url, "http://") && !starts_with_ci(url, "https://"))
      return failed("refused: only http and https URLs are allowed ('" + url + "')");
    if (!options.allow_private && is_private_literal(host_of(url)) &&
        !listed(options.test_public, host_of(url)))
      return failed("refused: '" + host_of(url) + "' is a private network address");
    int64_t left = deadline - sys::monotonic_ms();
    if (left <= 0)
      return Outcome::fail(Outcome::Status::Timeout, "fetch timed out after " +
                                                         std::to_string(options.timeout_ms) + "ms");
    Transfer t{&options, &cancel, {}, false, json::Value::object(), {}};
    CURL* h = c.easy_init();
    if (!h) return failed("failed: libcurl could not start a transfer");
    curl_slist* hl = nullptr;
    for (const auto& line : header_lines) hl = c.slist_append(hl, line.c_str());
    c.setopt(h, CURLOPT_URL, url.c_str());
    c.setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
    c.setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
    c.setopt(h, CURLOPT_PROXY, "");  // a proxy would hide the real destination from the check
    c.setopt(h, CURLOPT_NOSIGNAL, 1L);
    c.setopt(h, CURLOPT_TIMEOUT_MS, static_cast<long>(left));
    c.setopt(h, CURLOPT_ACCEPT_ENCODING, "");
    c.setopt(h, CURLOPT_USERAGENT, (std::string("oda-run-code/") + cli::kVersion).c_str());
    c.setopt(h, CURLOPT_OPENSOCKETFUNCTION, on_open_socket);
    c.setopt(h, CURLOPT_OPENSOCKETDATA, &t);
    c.setopt(h, CURLOPT_WRITEFUNCTION, on_body);
    c.setopt(h, CURLOPT_WRITEDATA, &t);
    c.setopt(h, CURLOPT_HEADERFUNCTION, on_header);
    c.setopt(h, CURLOPT_HEADERDATA, &t);
    c.setopt(h, CURLOPT_NOPROGRESS, 0L);
    c.setopt(h, CURLOPT_XFERINFOFUNCTION, on_progress);
    c.setopt(h, CURLOPT_XFERINFODATA, &t);
    if (hl) c.setopt(h, CURLOPT_HTTPHEADER, hl);
    if (method == "HEAD") {
      c.setopt(h, CURLOPT_NOBODY, 1L);
    } else if (method != "GET" || has_body) {
      if (method != "POST") c.setopt(h, CURLOPT_CUSTOMREQUEST, method.c_str());
      if (has_body || method == "POST") {
        c.setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
        c.setopt(h, CURLOPT_COPYPOSTFIELDS, body.c_str());
      }
    }
    CURLcode rc = c.perform(h);
    long status = 0;
    c.getinfo(h, CURLINFO_RESPONSE_CODE, &status);
    char* next = nullptr;
    c.getinfo(h, CURLINFO_REDIRECT_URL, &next);
    std::string next_url = next ? next : "";
    std::string curl_error = c.strerror(rc);
    c.cleanup(h);
    c.slist_free_all(hl);

    if (rc == CURLE_ABORTED_BY_CALLBACK || cancel.cancelled())
      return Outcome::fail(Outcome::Status::Cancelled, "the run was stopped");
    if (!t.refused.empty()) {
      std::string host = host_of(url);
      return failed("refused: '" + host + "' resolves to a private network address (" +
                    t.refused + ")");
    }
    if (rc == CURLE_OPERATION_TIMEDOUT)
      return Outcome::fail(Outcome::Status::Timeout, "fetch timed out after " +
                                                         std::to_string(options.timeout_ms) +
                                                         "ms ('" + url + "')");
    if (rc != CURLE_OK && !(rc == CURLE_WRITE_ERROR && t.body_full))
      return failed("failed: " + curl_error + " ('" + url + "')");

    bool is_redirect = status == 301 || status == 302 || status == 303 || status == 307 ||
                       status == 308;
    if (is_redirect && !next_url.empty() && redirect != "manual") {
      if (redirect == "error") return failed("failed: redirected to '" + next_url + "'");
      if (hop + 1 > kMaxRedirects) return failed("failed: too many redirects ('" + url + "')");
      if (status == 303 || ((status == 301 || status == 302) && method == "POST")) {
        if (method != "HEAD") method = "GET";
        has_body = false;
        body.clear();
      }
      url = next_url;
      redirected = true;
      continue;
    }
    cut_chars(&t.body, options.max_body_chars);
    json::Value r = json::Value::object();
    r.set("status", static_cast<int64_t>(status));
    r.set("ok", status >= 200 && status <= 299);
    r.set("url", url);
    r.set("redirected", redirected);
    r.set("headers", std::move(t.headers));
    r.set("body", std::move(t.body));
    return Outcome::ok(std::move(r));
  }
}

}  // namespace oda::calls::fetch
