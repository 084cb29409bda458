// JSON-RPC 2.0 as MCP's stdio transport carries it: one message per line (newline-delimited),
// decoding a line into a request, a notification or a response, writing messages, and the
// specification's error codes. No MCP method lives here, so a server and a client share it.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>

#include "json/json.h"

namespace oda::mcp::jsonrpc {

// The error codes of JSON-RPC 2.0 that MCP uses.
enum Code {
  kParseError = -32700,      // the line is not JSON
  kInvalidRequest = -32600,  // JSON, but not a message (or not one allowed now)
  kMethodNotFound = -32601,
  kInvalidParams = -32602,
  kInternalError = -32603,
};

enum class Kind { Request, Notification, Response };

// One decoded message. A request and a response carry an id (a string or an integer);
// a response carries either result or error (an object with code and message).
struct Message {
  Kind kind = Kind::Notification;
  json::Value id;
  std::string method;
  json::Value params;  // null when absent
  json::Value result;
  json::Value error;   // null unless the response is an error
};

// Why a line is no message: the code and text of the error response, and the id to answer
// with (null when the line had none that could be read).
struct Failure {
  Code code = kParseError;
  std::string message;
  json::Value id;
};

// Decodes one line. false with *why when it is not JSON or not a JSON-RPC 2.0 message.
bool decode(std::string_view line, Message* out, Failure* why);

// The text of one message, without the newline.
std::string request(const json::Value& id, std::string_view method, json::Value params);
std::string notification(std::string_view method, json::Value params);
std::string result(const json::Value& id, json::Value value);
std::string error(const json::Value& id, int code, std::string_view message);

// Reads newline-delimited messages from a blocking fd. A line longer than max_line is skipped
// up to its newline without being kept (so one huge line costs no memory) and reported.
class LineReader {
 public:
  enum class Status { Line, TooLong, End, Stopped };
  // stop_fd (-1: none): once it is readable, next() returns Stopped instead of reading on,
  // leaving what the fd holds unread (a server handed on to another reader).
  LineReader(int fd, size_t max_line, int stop_fd = -1) : fd_(fd), max_(max_line), stop_fd_(stop_fd) {}
  // The next non-blank line, without its "\n" (and a "\r" before it).
  Status next(std::string* line);
  // Bytes read that no line handed out yet (part of a message).
  size_t held() const { return buf_.size(); }

 private:
  int fd_;
  size_t max_;
  int stop_fd_;
  std::string buf_;
  size_t scanned_ = 0;  // bytes of buf_ already known to hold no newline
  bool skipping_ = false;
  bool ended_ = false;
};

// Writes whole messages to an fd, one line each, from any thread.
class Writer {
 public:
  explicit Writer(int fd) : fd_(fd) {}
  // false once the reader has gone (the write failed); later sends are dropped.
  bool send(const std::string& message);

 private:
  int fd_;
  std::mutex mu_;
  bool broken_ = false;
};

}  // namespace oda::mcp::jsonrpc
