// termd: the per-user terminal session daemon (SPEC 3.1; protocol in man/termd.8).
#include <sys/prctl.h>
#include <unistd.h>

#include <string>
#include <utility>

#include "cli/cli.h"
#include "term/daemon.h"

namespace {

using oda::cli::Kind;
const oda::cli::Command kCommand{
    .name = "termd",
    .tool = nullptr,
    .summary = "the per-user terminal session daemon",
    .options = {
        {.name = "foreground", .help = "stay attached to the terminal (for debugging)"},
        {.name = "idle-exit", .kind = Kind::Int, .value_name = "SECONDS", .help = "exit after this long without a session (default 600)"},
        {.name = "max-sessions-per-chat", .kind = Kind::Int, .value_name = "N", .help = "sessions open at once in one chat, at least 1 (default 64)"},
        {.name = "max-sessions", .kind = Kind::Int, .value_name = "N", .help = "sessions open at once in all chats, at least 1 (default 256)"},
        {.name = "max-lines", .kind = Kind::Int, .value_name = "N", .help = "lines kept per session, at least 100000 (default 1000000)"},
    },
};

}  // namespace

int main(int argc, char** argv) {
  oda::cli::Args args;
  int code;
  if (!oda::cli::parse(kCommand, argc, argv, &args, &code)) return code;
  // Not dumpable: another process of the user cannot read our environment, memory or fds
  // through /proc, nor attach a debugger (issue 13). Shells it starts are dumpable again
  // from their exec on.
  prctl(PR_SET_DUMPABLE, 0);
  // Whatever the starting client left open (a test runner's pipes) must not live on in us.
  close_range(3, ~0U, 0);
  oda::term::DaemonOptions opt;
  opt.foreground = args.flag("foreground");
  long long idle = args.integer("idle-exit", 600);
  long long lines = args.integer("max-lines", 1000000);
  if (idle < 0) return oda::cli::fail(kCommand, oda::cli::kUsage, "invalid idle-exit '" + std::to_string(idle) + "': expected seconds not below zero");
  if (lines < 100000) return oda::cli::fail(kCommand, oda::cli::kUsage, "invalid max-lines '" + std::to_string(lines) + "': expected at least 100000");
  long long per_chat = args.integer("max-sessions-per-chat", opt.max_sessions_per_chat);
  long long total = args.integer("max-sessions", opt.max_sessions);
  for (auto [name, v] : {std::pair{"max-sessions-per-chat", per_chat}, std::pair{"max-sessions", total}}) {
    if (v < 1 || v > 100000)
      return oda::cli::fail(kCommand, oda::cli::kUsage, "invalid " + std::string(name) + " '" + std::to_string(v) + "': expected a whole number from 1 to 100000");
  }
  opt.max_sessions_per_chat = static_cast<int>(per_chat);
  opt.max_sessions = static_cast<int>(total);
  opt.idle_exit_s = static_cast<int>(idle);
  opt.keep_lines = static_cast<uint64_t>(lines);
  std::string err;
  int rc = oda::term::run_daemon(opt, &err);
  if (!err.empty()) return oda::cli::fail(kCommand, oda::cli::kFailed, err);
  return rc;
}
