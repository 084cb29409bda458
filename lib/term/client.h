// The one entry point to the terminal tools, shared by the term-* commands and run-code's
// in-program terminal_* functions: validate a tool request, reach (or start) termd, and
// hand back the result object (the --json form) and its text rendering.
#pragma once

#include <csignal>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli.h"
#include "json/json.h"
#include "sys/fd.h"

namespace oda::term {

struct CallOptions {
  std::string chat;
  size_t max_bytes = 262144;
  // Set (by a signal handler) to stop waiting; the call then fails "terminal send aborted".
  const volatile sig_atomic_t* abort = nullptr;
  // The file sandbox mode the caller works under ("": none): a session it opens runs under
  // it, and it reaches only sessions no wider (term-open --sandbox or ODA_SANDBOX; a
  // run-code program's effective mode).
  std::string sandbox;
  // A run-code program's call: the run's workspace (a workspace-write run opens sessions only
  // under it), and its environment, the one a session it opens starts from.
  std::string workspace;
  std::vector<std::string> environment;
  bool has_environment = false;
};

// tool: "terminal_open" ... "terminal_list"; request: the tool's arguments with the seed's
// field names (type, name, session, text, submit, run_in_background, offset, count, signal;
// also cwd, env, cols, rows, escapes, wait_ms, tail, screen, job, ids). Returns false with
// *err (the message after "<command>: error: ") and *exit_code (SPEC 1) when refused or
// failed; *result is the --json object otherwise. Does not check ODA_CODE_MODE.
bool call(std::string_view tool, const json::Value& request, const CallOptions& opt,
          json::Value* result, std::string* err, int* exit_code);

// A connection to termd's socket; with start, termd is started (under its lock) when none
// answers. Empty with *err when it cannot be reached; *none when simply none runs.
sys::UniqueFd connect_daemon(bool start, bool* none, std::string* err);

// One request of termd's own (not a tool's: mcp-park, mcp-take) on a connection of its own:
// the hello, then msg with fds attached; *result the reply's result, fds_in (if given) the
// fds that came with it. false with *err (termd's refusal, or no termd).
bool daemon_request(const json::Value& msg, bool start, const std::vector<int>& fds, json::Value* result,
                    std::vector<sys::UniqueFd>* fds_in, std::string* err);

// The mode a caller's terminal call runs under: `given` (the caller's own: --sandbox, a
// harness's --sandbox) when set, else ODA_SANDBOX, else, for terminal_open, the setup's
// terminal.sandbox ("" when that is unrestricted: no bound at all, as without one).
std::string caller_mode(std::string_view tool, const std::string& given);

// The text form of a result of `tool`.
std::string render_text(std::string_view tool, const json::Value& result);

// Decodes the -e/--escapes forms (\n \r \t \e \xHH \uHHHH \\); false with *err on a bad one.
bool decode_escapes(std::string_view in, std::string* out, std::string* err);

// The whole main() of a term-* command: parse, code-call mode, chat, call, print.
int tool_main(const cli::Command& cmd, int argc, char** argv);

}  // namespace oda::term
