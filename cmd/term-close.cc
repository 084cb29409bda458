// term-close: end a terminal session and everything under it (SPEC 3.6).
#include "term/client.h"

namespace {

using oda::cli::Kind;
const oda::cli::Command kCommand{
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

}  // namespace

int main(int argc, char** argv) { return oda::term::tool_main(kCommand, argc, argv); }
