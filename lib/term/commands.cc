// The six terminal commands' option tables (SPEC 3): the binaries parse with them and
// oda-mcp lists and checks its tools with them, so a tool's name, description and schema
// have one source.
#include "term/commands.h"

#include <string>

#include "config/config.h"
#include "term/job_support.h"

namespace oda::term {
namespace {

using cli::Kind;

const cli::Command kTermOpen{
    .name = "term-open",
    .tool = "terminal_open",
    .summary = "start a persistent terminal session",
    .description =
        "Starts a terminal session of a type and returns its id, its type, its process id, its status and its "
        "startup output. Types: shell (a shell on this machine), ssh (a shell on host, through the system's "
        "OpenSSH client; ssh_options are passed as ssh -o), command (argv: any program that yields an "
        "interactive shell, such as docker exec -it C bash). The result reads 'started terminal session <label> "
        "[type: <type>]', then the startup output or '(no startup output)'.",
    .options = {
        {.name = "type", .kind = Kind::String, .value_name = "TYPE", .help = "the session type: shell, ssh or command (default shell)",
         .field = "type", .choices = "shell|ssh|command"},
        {.name = "host", .kind = Kind::String, .value_name = "[USER@]HOST", .help = "with --type ssh: the host the shell runs on", .field = "host"},
        {.name = "ssh-option", .kind = Kind::List, .value_name = "OPT", .help = "with --type ssh: pass OPT to ssh as -o OPT (repeatable)",
         .field = "ssh_options"},
        {.name = "name", .kind = Kind::String, .value_name = "NAME", .help = "a display name, unique in the chat", .field = "name"},
        {.name = "cwd", .kind = Kind::String, .value_name = "DIR", .help = "start in this folder (default: the current one)", .field = "cwd", .complete = "dir"},
        {.name = "env", .kind = Kind::List, .value_name = "K=V", .help = "set an environment variable (repeatable)", .field = "env"},
        {.name = "cols", .kind = Kind::Int, .value_name = "N", .help = "terminal width (default 80)", .field = "cols"},
        {.name = "rows", .kind = Kind::Int, .value_name = "N", .help = "terminal height (default 24)", .field = "rows"},
        {.name = "sandbox", .kind = Kind::String, .value_name = "MODE",
         .help = "run the shell under a file sandbox mode: read-only, workspace-write (the workspace is --cwd) or "
                 "danger-full-access (default: $ODA_SANDBOX, else the setup's terminal.sandbox, itself unrestricted by default)"},
        {.name = "rc", .help = "load the user's rc files as an interactive shell would", .field = "rc"},
        {.name = "chat", .kind = Kind::String, .value_name = "ID", .help = "the chat the session belongs to (default: $ODA_CHAT)"},
        {.name = "max-bytes", .kind = Kind::Int, .value_name = "N", .help = "cut the result at N bytes (default 262144, at least 64)"},
        {.name = "show-config", .help = "print the settings in force and where each came from, and exit",
         .runs_nothing = true},
    },
    .positionals = {
        {.name = "ARGV", .help = "with --type command: the program and its arguments", .field = "argv", .required = false,
         .kind = Kind::List},
    },
};

const cli::Command kTermSend{
    .name = "term-send",
    .tool = "terminal_send",
    .summary = "write text into a terminal session and wait for it to settle",
    .description =
        "Writes text into a session (id or name) and waits for it to settle. The text ends with Enter unless "
        "submit is false. Returns the new output, then '[wait: prompt|input|timeout|exit]' (with '[exit: N]' "
        "after prompt) and '[session: running]' or '[session: exited code=<code> signal=<signal>]'. With "
        "run_in_background the send starts a job instead: 'started background job <jobId>'.",
    .options = {
        {.name = "no-submit", .help = "write the text alone, without Enter", .field = "submit", .negated = true,
         .field_help = "press Enter after the text (default true); false writes the text alone"},
        {.name = "escapes", .short_name = 'e', .help = "read \\n \\r \\t \\e \\xHH \\uHHHH \\\\ in TEXT", .field = "escapes"},
        {.name = "background", .help = "start a background job instead of waiting", .field = "run_in_background"},
        {.name = "wait-ms", .kind = Kind::Int, .value_name = "N", .help = "wait at most N ms (default 30000)", .field = "wait_ms"},
        {.name = "chat", .kind = Kind::String, .value_name = "ID", .help = "the chat the session belongs to (default: $ODA_CHAT)"},
        {.name = "max-bytes", .kind = Kind::Int, .value_name = "N", .help = "cut the result at N bytes (default 262144, at least 64)"},
    },
    .positionals = {
        {.name = "SESSION", .help = "session id or name", .field = "session", .complete = "session"},
        {.name = "TEXT", .help = "the text to write", .field = "text", .required = false},
    },
};

const cli::Command kTermRead{
    .name = "term-read",
    .tool = "terminal_read",
    .summary = "read the output a terminal session kept, in pages",
    .description =
        "Returns the output a session kept, in pages: offset (whole number >= 0, default 0) and count (whole "
        "number >= 1, default 500), then '[lines: <first>-<last> of <total>]'. A read with nothing kept returns "
        "'(no retained output)'. screen returns the screen as a terminal shows it; job reads a background job's "
        "output from where the previous read of it stopped.",
    .options = {
        {.name = "offset", .kind = Kind::Int, .value_name = "N", .help = "first line, counted from 0 (default 0)", .field = "offset"},
        {.name = "count", .kind = Kind::Int, .value_name = "N", .help = "lines in the page (default 500)", .field = "count"},
        {.name = "tail", .kind = Kind::Int, .value_name = "N", .help = "the last N lines", .field = "tail"},
        {.name = "screen", .help = "the screen as a terminal shows it", .field = "screen"},
        {.name = "job", .kind = Kind::String, .value_name = "ID", .help = "read a background job's new output", .field = "job"},
        {.name = "chat", .kind = Kind::String, .value_name = "ID", .help = "the chat the session belongs to (default: $ODA_CHAT)"},
        {.name = "max-bytes", .kind = Kind::Int, .value_name = "N", .help = "cut the result at N bytes (default 262144, at least 64)"},
    },
    .positionals = {
        {.name = "SESSION", .help = "session id or name", .field = "session", .required = false, .complete = "session"},
    },
};

const cli::Command kTermSignal{
    .name = "term-signal",
    .tool = "terminal_signal",
    .summary = "send a signal to a session's foreground process group",
    .description =
        "Delivers SIGINT, SIGTERM, SIGKILL, SIGTSTP or SIGHUP to what runs in the session (its foreground "
        "process group) and renders 'delivered <signal> to foreground process group <id>'. A SIGKILL aimed at "
        "the shell itself is refused; close the session instead.",
    .options = {
        {.name = "chat", .kind = Kind::String, .value_name = "ID", .help = "the chat the session belongs to (default: $ODA_CHAT)"},
        {.name = "max-bytes", .kind = Kind::Int, .value_name = "N", .help = "cut the result at N bytes (default 262144, at least 64)"},
    },
    .positionals = {
        {.name = "SESSION", .help = "session id or name", .field = "session", .complete = "session"},
        {.name = "SIGNAL", .help = "SIGINT, SIGTERM, SIGKILL, SIGTSTP or SIGHUP (also INT, int, 2)", .field = "signal", .complete = "signal"},
    },
};

const cli::Command kTermClose{
    .name = "term-close",
    .tool = "terminal_close",
    .summary = "end a terminal session and everything under it",
    .description =
        "Ends the session, its shell and everything running under it. Safe to repeat: the result reads "
        "'closed terminal session <id>', or 'terminal session <id> was already closing'.",
    .options = {
        {.name = "chat", .kind = Kind::String, .value_name = "ID", .help = "the chat the session belongs to (default: $ODA_CHAT)"},
        {.name = "max-bytes", .kind = Kind::Int, .value_name = "N", .help = "cut the result at N bytes (default 262144, at least 64)"},
    },
    .positionals = {
        {.name = "SESSION", .help = "session id or name", .field = "session", .complete = "session"},
    },
};

const cli::Command kTermList{
    .name = "term-list",
    .tool = "terminal_list",
    .summary = "list the terminal sessions of the chat",
    .description =
        "Returns one line per session of the chat: the id, the name in parentheses when set, the type in "
        "brackets, the status and the process id when there is one, e.g. 'pty-1 (main) [shell] running 4242'. "
        "With none, '(no terminal sessions)'.",
    .options = {
        {.name = "ids", .help = "print only the ids and names, one per line (for completions)", .field = "ids"},
        {.name = "chat", .kind = Kind::String, .value_name = "ID", .help = "the chat whose sessions to list (default: $ODA_CHAT)"},
        {.name = "max-bytes", .kind = Kind::Int, .value_name = "N", .help = "cut the result at N bytes (default 262144, at least 64)"},
    },
};

// A table as this build and setup offer it: with background sends off (a NO_JOBS=1 build,
// terminal.background_sends), run_in_background is not in terminal_send's schema; a send that
// asks for it is refused.
cli::Command configured(cli::Command cmd) {
  if (background_refusal().empty()) return cmd;
  for (cli::Option& o : cmd.options) {
    if (std::string_view(o.name) != "background") continue;
    o.unlisted = true;
    // The description's sentence about background jobs goes with the field.
    static const std::string kept = [&] {
      std::string d = cmd.description;
      return d.substr(0, d.find(" With run_in_background"));
    }();
    cmd.description = kept.c_str();
  }
  return cmd;
}

}  // namespace

const std::vector<const cli::Command*>& commands() {
  static const cli::Command open = configured(kTermOpen), send = configured(kTermSend), read = configured(kTermRead),
                            signal = configured(kTermSignal), close = configured(kTermClose),
                            list = configured(kTermList);
  static const std::vector<const cli::Command*> all{&open, &send, &read, &signal, &close, &list};
  return all;
}

const cli::Command* find_command(std::string_view name) {
  for (const cli::Command* c : commands())
    if (name == c->name || name == c->tool) return c;
  return nullptr;
}

}  // namespace oda::term
