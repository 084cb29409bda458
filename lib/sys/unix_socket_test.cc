// Unix sockets: connect errors that callers branch on, and sends to a peer that has gone.
#include "sys/unix_socket.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace oda::sys {

namespace {

// A listening socket in a fresh folder, removed again by the destructor.
struct Listener {
  std::string dir, path;
  UniqueFd fd;
  Listener() {
    char tmpl[] = "/tmp/oda-sock-XXXXXX";
    dir = mkdtemp(tmpl);
    path = dir + "/s.sock";
    sockaddr_un sa;
    EXPECT_TRUE(unix_address(path, &sa));
    fd.reset(socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
    EXPECT_EQ(bind(fd.get(), reinterpret_cast<sockaddr*>(&sa), sizeof sa), 0);
    EXPECT_EQ(listen(fd.get(), 4), 0);
  }
  ~Listener() {
    unlink(path.c_str());
    rmdir(dir.c_str());
  }
};

}  // namespace

TEST(UnixSocket, ConnectsAndSendsWholeMessages) {
  Listener l;
  int e = 0;
  UniqueFd c = connect_unix(l.path, &e);
  ASSERT_TRUE(c) << std::strerror(e);
  UniqueFd peer(accept(l.fd.get(), nullptr, nullptr));
  ASSERT_TRUE(peer);
  ASSERT_TRUE(send_all(c.get(), "hello\n"));
  char buf[6];
  ASSERT_TRUE(read_exact(peer.get(), buf, sizeof buf));
  EXPECT_EQ(std::string(buf, sizeof buf), "hello\n");
}

TEST(UnixSocket, ConnectSaysWhyNot) {
  int e = 0;
  EXPECT_FALSE(connect_unix("/nonexistent-folder/termd.sock", &e));
  EXPECT_EQ(e, ENOENT);
  Listener l;
  l.fd.reset();  // the path stays, nobody listens: a stale socket
  EXPECT_FALSE(connect_unix(l.path, &e));
  EXPECT_EQ(e, ECONNREFUSED);
  EXPECT_FALSE(connect_unix("/tmp/" + std::string(200, 'x'), &e));
  EXPECT_EQ(e, ENAMETOOLONG);
}

TEST(UnixSocket, SendToAPeerGoneFailsInsteadOfKilling) {
  int sv[2];
  ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
  UniqueFd a(sv[0]);
  close(sv[1]);
  // With write(2) this would raise SIGPIPE and end the test binary.
  EXPECT_FALSE(send_all(a.get(), "x"));
  EXPECT_EQ(errno, EPIPE);
}

TEST(UnixSocket, PassesFdsWithTheMessage) {
  int sv[2];
  ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
  UniqueFd a(sv[0]), b(sv[1]);
  int p[2];
  ASSERT_EQ(pipe(p), 0);
  UniqueFd r(p[0]), w(p[1]);
  ASSERT_TRUE(send_with_fds(a.get(), "take\n", {r.get(), w.get()}));
  r.reset();  // the receiver holds its own copies
  char buf[16];
  std::vector<UniqueFd> got;
  ASSERT_EQ(receive_fds(b.get(), buf, sizeof buf, &got), 5);
  EXPECT_EQ(std::string(buf, 5), "take\n");
  ASSERT_EQ(got.size(), 2u);
  EXPECT_NE(fcntl(got[0].get(), F_GETFD) & FD_CLOEXEC, 0);
  // The passed read end reads what the kept write end writes.
  ASSERT_TRUE(write_all(w.get(), "x"));
  char c = 0;
  ASSERT_EQ(read(got[0].get(), &c, 1), 1);
  EXPECT_EQ(c, 'x');
  // A plain message brings none; too many fds are refused before anything is sent.
  ASSERT_TRUE(send_with_fds(a.get(), "y", {}));
  got.clear();
  ASSERT_EQ(receive_fds(b.get(), buf, sizeof buf, &got), 1);
  EXPECT_TRUE(got.empty());
  EXPECT_FALSE(send_with_fds(a.get(), "z", std::vector<int>(kMaxPassedFds + 1, w.get())));
}

}  // namespace oda::sys
