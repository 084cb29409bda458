// Unit tests of fetch's guard: which addresses are private in every spelling, and the
// refusals that need no network (schemes, literal and resolved private hosts).
#include "calls/fetch.h"

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <thread>

namespace oda::calls::fetch {
namespace {

TEST(FetchAddress, PrivateIPv4InAnySpelling) {
  for (const char* a : {"127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "172.31.255.255",
                        "192.168.1.1", "169.254.169.254", "100.64.0.1", "100.127.255.255",
                        "0.0.0.0", "0.1.2.3", "2130706433", "0x7f000001", "0x7f.1", "0177.0.0.1",
                        "127.1", "224.0.0.1", "255.255.255.255"})
    EXPECT_TRUE(is_private_literal(a)) << a;
  for (const char* a : {"8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "93.184.216.34"})
    EXPECT_FALSE(is_private_literal(a)) << a;
}

TEST(FetchAddress, PrivateIPv6AndEmbeddedIPv4) {
  for (const char* a : {"::1", "::", "[::1]", "fe80::1", "fc00::1", "fd12:3456::1", "fec0::1",
                        "ff02::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1",
                        "::127.0.0.1", "64:ff9b::10.0.0.1", "2002:7f00:1::", "64:ff9b:1::1"})
    EXPECT_TRUE(is_private_literal(a)) << a;
  for (const char* a : {"2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808",
                        "2002:808:808::"})
    EXPECT_FALSE(is_private_literal(a)) << a;
}

TEST(FetchAddress, NamesAreNotLiterals) {
  EXPECT_FALSE(is_private_literal("localhost"));
  EXPECT_FALSE(is_private_literal("example.com"));
}

json::Value req(const std::string& url) {
  json::Value r = json::Value::object();
  r.set("url", url);
  return r;
}

TEST(FetchGuard, OnlyHttpAndHttps) {
  calls::CancelFlag cancel;
  auto o = perform(req("file:///etc/passwd"), Options{}, cancel);
  EXPECT_EQ(o.status, calls::Outcome::Status::Error);
  EXPECT_EQ(o.error, "fetch refused: only http and https URLs are allowed ('file:///etc/passwd')");
  o = perform(req("ftp://example.com/"), Options{}, cancel);
  EXPECT_NE(o.error.find("only http and https"), std::string::npos);
}

TEST(FetchGuard, PrivateLiteralRefused) {
  calls::CancelFlag cancel;
  auto o = perform(req("http://127.0.0.1:1/"), Options{}, cancel);
  EXPECT_EQ(o.error, "fetch refused: '127.0.0.1' is a private network address");
  o = perform(req("http://[::ffff:127.0.0.1]/"), Options{}, cancel);
  EXPECT_EQ(o.error, "fetch refused: '::ffff:127.0.0.1' is a private network address");
  o = perform(req("http://2130706433/"), Options{}, cancel);
  EXPECT_EQ(o.error, "fetch refused: '2130706433' is a private network address");
}

TEST(FetchGuard, NameResolvingToLoopbackRefused) {
  calls::CancelFlag cancel;
  auto o = perform(req("http://localhost:1/"), Options{}, cancel);
  EXPECT_EQ(o.error.rfind("fetch refused: 'localhost' resolves to a private network address (", 0), 0u)
      << o.error;
}

TEST(FetchGuard, AllowedPrivateReachesTheNetwork) {
  calls::CancelFlag cancel;
  Options opt;
  opt.allow_private = true;
  // Port 1 on loopback: nothing listens, so the connection itself fails (it was attempted).
  auto o = perform(req("http://127.0.0.1:1/"), opt, cancel);
  EXPECT_EQ(o.error.rfind("fetch failed: ", 0), 0u) << o.error;
}

// A loopback port that accepts connections (the kernel's backlog) but never answers.
int silent_server(int* port) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  ::listen(fd, 8);
  socklen_t len = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  *port = ntohs(a.sin_port);
  return fd;
}

TEST(FetchLimits, TimesOut) {
  int port = 0;
  int fd = silent_server(&port);
  calls::CancelFlag cancel;
  Options opt;
  opt.allow_private = true;
  opt.timeout_ms = 300;
  auto o = perform(req("http://127.0.0.1:" + std::to_string(port) + "/"), opt, cancel);
  EXPECT_EQ(o.status, calls::Outcome::Status::Timeout) << o.error;
  EXPECT_EQ(o.error.rfind("fetch timed out after 300ms", 0), 0u) << o.error;
  ::close(fd);
}

TEST(FetchLimits, StopsWhenTheRunIsStopped) {
  int port = 0;
  int fd = silent_server(&port);
  calls::CancelFlag cancel;
  Options opt;
  opt.allow_private = true;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    cancel.cancel();
  });
  auto t0 = std::chrono::steady_clock::now();
  auto o = perform(req("http://127.0.0.1:" + std::to_string(port) + "/"), opt, cancel);
  stopper.join();
  EXPECT_EQ(o.status, calls::Outcome::Status::Cancelled) << o.error;
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
  ::close(fd);
}

}  // namespace
}  // namespace oda::calls::fetch
