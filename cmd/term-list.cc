// term-list: list the terminal sessions of the chat (SPEC 3.7).
#include "term/client.h"

namespace {

using oda::cli::Kind;
const oda::cli::Command kCommand{
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

}  // namespace

int main(int argc, char** argv) { return oda::term::tool_main(kCommand, argc, argv); }
