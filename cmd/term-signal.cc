// term-signal: send a signal to a session's foreground process group (SPEC 3.5).
#include "term/client.h"

namespace {

using oda::cli::Kind;
const oda::cli::Command kCommand{
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

}  // namespace

int main(int argc, char** argv) { return oda::term::tool_main(kCommand, argc, argv); }
