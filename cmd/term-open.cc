// term-open: start a persistent terminal session (SPEC 3.2).
#include "term/client.h"

namespace {

using oda::cli::Kind;
const oda::cli::Command kCommand{
    .name = "term-open",
    .tool = "terminal_open",
    .summary = "start a persistent terminal session",
    .description =
        "Starts a terminal session of a type (the type shipped is shell) and returns its id, its type, its "
        "process id, its status and its startup output. The result reads 'started terminal session <label> "
        "[type: <type>]', then the startup output or '(no startup output)'.",
    .options = {
        {.name = "type", .kind = Kind::String, .value_name = "TYPE", .help = "the session type (shell)", .field = "type"},
        {.name = "name", .kind = Kind::String, .value_name = "NAME", .help = "a display name, unique in the chat", .field = "name"},
        {.name = "cwd", .kind = Kind::String, .value_name = "DIR", .help = "start in this folder (default: the current one)", .field = "cwd", .complete = "dir"},
        {.name = "env", .kind = Kind::List, .value_name = "K=V", .help = "set an environment variable (repeatable)", .field = "env"},
        {.name = "cols", .kind = Kind::Int, .value_name = "N", .help = "terminal width (default 80)", .field = "cols"},
        {.name = "rows", .kind = Kind::Int, .value_name = "N", .help = "terminal height (default 24)", .field = "rows"},
        {.name = "chat", .kind = Kind::String, .value_name = "ID", .help = "the chat the session belongs to (default: $ODA_CHAT)"},
        {.name = "max-bytes", .kind = Kind::Int, .value_name = "N", .help = "cut the result at N bytes (default 262144, at least 64)"},
    },
};

}  // namespace

int main(int argc, char** argv) { return oda::term::tool_main(kCommand, argc, argv); }
