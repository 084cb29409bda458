// The terminal tools as one table (tmux's cmd_entry is the model): per tool its name, the
// client-side check of a request, the daemon-side handler, the text rendering of a result,
// and the result's main field. A tool is added as one row; no other place names tools.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "json/json.h"

namespace oda::term {

class Server;
struct Request;

// The limits every caller is held to (man/termd.8, LIMITS): a screen's sides and its cells,
// the longest wait and the largest text of one send.
constexpr int kDefaultCols = 80, kDefaultRows = 24, kMaxSide = 1000;
constexpr int64_t kMaxCells = 100000;
constexpr int64_t kMaxWaitMs = 86400000;
constexpr size_t kMaxText = 1 << 20;

struct Tool {
  std::string_view name;  // "terminal_open" ... "terminal_list"
  // The rules of the arguments, for client and daemon alike: each field of the right type,
  // whole numbers in range, the required ones there. false with *err naming the field.
  bool (*valid)(const json::Value& args, std::string* err);
  // Client side, before the daemon is reached: valid, then false with *err (a usage error,
  // exit 2) for a request that can never work. May complete the request: term-open's cwd, term-send's
  // decoded escapes, term-signal's canonical signal name.
  bool (*check)(json::Value* request, std::string* err);
  // Daemon side: answers r.client through the server, now or once the session settles.
  void (*serve)(Server& server, const Request& r);
  // The text form of a result (SPEC 3).
  std::string (*render)(const json::Value& result);
  // The result's main text field, the one a ceiling cuts; nullptr for none.
  const char* main_field;
  // With no daemon running: start one (term-open), else answer this result without one
  // (term-list's empty list), else (both unset) fail "no terminal daemon running".
  bool starts_daemon = false;
  json::Value (*offline)(const json::Value& request) = nullptr;
  // The request carries the caller's own context beside its arguments (its folder and
  // $SHELL): a session starts in the caller's world, not the daemon's.
  bool caller_context = false;
  // A request flag the rendering needs too, copied into the result (term-list --ids).
  const char* echo_flag = nullptr;
};

// The row of the tool called name; nullptr when there is none.
const Tool* find_tool(std::string_view name);

// What termd checks of a request beside its arguments: the tool is one of the table's (*tool),
// args an object, max_bytes a whole number from 64 up, chat, cwd and shell strings.
bool valid_request(const json::Value& request, const Tool** tool, std::string* err);

class Session;
// terminal_open's result once s reached its first prompt: id, name, type, pid, status, and
// the startup output as its message.
json::Value open_result(Session* s);

}  // namespace oda::term
