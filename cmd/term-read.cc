// term-read: read the output a terminal session kept, in pages (SPEC 3.4).
#include "term/client.h"

namespace {

using oda::cli::Kind;
const oda::cli::Command kCommand{
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

}  // namespace

int main(int argc, char** argv) { return oda::term::tool_main(kCommand, argc, argv); }
