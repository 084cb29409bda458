// How a client Connection (client.h) reaches its server: a child process's stdin and stdout
// (one message a line), or streamable HTTP (a POST per message, answered with JSON or an
// event stream). Each hands what the server sends to Connection::on_message.
#pragma once

#include <memory>
#include <string>

#include "calls/calls.h"
#include "mcp/client_config.h"
#include "sys/fd.h"

namespace oda::mcp::client {

class Connection;

// A live stdio server as it passes between a run and termd (warm servers, client_park.h):
// its pid (its process group's too), its stdin, stdout and stderr, and a pidfd on it.
struct Handover {
  int64_t pid = 0;
  sys::UniqueFd in, out, err, pidfd;
};

// Ends a handed-over server that no one took: stdin closed, then TERM to its group, then
// KILL, each after a short wait on its pidfd.
void end_server(Handover* h);

class Transport {
 public:
  virtual ~Transport() = default;
  // Starts the server (stdio) or checks the endpoint's form (http). false with *err.
  virtual bool open(std::string* err) = 0;
  // Sends one message. HTTP answers it within the call (the messages of the answer are
  // handed on before send returns); a cancel stops the wait. false with *err.
  virtual bool send(const std::string& message, const calls::CancelFlag* cancel, std::string* err) = 0;
  // The version initialize settled on (HTTP sends it as a header from then on).
  virtual void set_protocol_version(const std::string&) {}
  // Ends the server at once; safe from the transport's own reader thread.
  virtual void kill() = 0;
  // Ends the server gently (stdin closed, then TERM, then KILL) and joins the reader.
  virtual void close() = 0;
  // Stops reading and gives the live server up into *h (stdio, between messages only);
  // false when it cannot be (HTTP, or it is gone), and the transport is then to be closed.
  virtual bool hand_over(Handover*) { return false; }
  // The server's process (stdio), 0 for none.
  virtual int64_t pid() const { return 0; }
};

std::unique_ptr<Transport> make_transport(const ServerConfig& config, Connection* connection);
// A stdio transport over a server someone else started (taken from termd): open() only
// starts reading; its end is watched on the pidfd, as it is not our child.
std::unique_ptr<Transport> adopt_transport(const ServerConfig& config, Connection* connection, Handover h);

// The environment a stdio server starts in: the few names the official SDK passes on by
// default (HOME, LOGNAME, PATH, SHELL, TERM, USER) from run-code's, then the config's "env".
std::vector<std::string> server_environment(const ServerConfig& config);

}  // namespace oda::mcp::client
