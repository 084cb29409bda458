// The guarded fetch(url, init) of a run-code program (seed 003, SPEC 4.5): http and https
// only, 15 s per request, the body cut to 200,000 characters, and no private, loopback,
// link-local or unique-local destination, checked on the address each connection really
// uses and on every redirect, unless SANDBOX_ALLOW_PRIVATE_NETWORK=1.
#pragma once

#include <sys/socket.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "json/json.h"
#include "calls/calls.h"

namespace oda::calls::fetch {

constexpr int64_t kTimeoutMs = 15000;
constexpr size_t kMaxBodyChars = 200000;
constexpr int kMaxRedirects = 20;

// Whether fetch must not connect to this address: unspecified, this-network (0/8), private
// (10/8, 172.16/12, 192.168/16), shared (100.64/10), loopback, link-local, unique-local,
// site-local, multicast or reserved; IPv4 inside IPv6 (mapped, compatible, NAT64, 6to4) is
// judged by its IPv4 part.
bool is_private_address(const sockaddr* sa);
// The same for an address written as text, in any spelling inet_aton or inet_pton accepts
// ("2130706433", "0x7f.1", "[::ffff:127.0.0.1]"). false when the text is not an address.
bool is_private_literal(std::string_view text);

struct Options {
  bool allow_private = false;  // SANDBOX_ALLOW_PRIVATE_NETWORK=1
  int64_t timeout_ms = kTimeoutMs;
  size_t max_body_chars = kMaxBodyChars;
  // For tests only (ODA_FETCH_TEST_PUBLIC=ADDR,...): addresses, as inet_ntop writes them,
  // treated as public, so a local server can stand in for a public one.
  std::vector<std::string> test_public;
};

// Options from the environment of run-code.
Options options_from_env();

// Performs one fetch. `request` is {"url": string, "init": {"method", "headers" (object or
// [[name, value]...]), "body" (string), "redirect" ("follow"|"manual"|"error")}}. The result
// is {status, ok, url, redirected, headers: {lower-case name: value}, body}.
calls::Outcome perform(const json::Value& request, const Options& options,
                       const calls::CancelFlag& cancel);

}  // namespace oda::calls::fetch
