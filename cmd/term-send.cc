// term-send: write text into a terminal session and wait for it to settle (SPEC 3.3).
#include "term/client.h"

namespace {

using oda::cli::Kind;
const oda::cli::Command kCommand{
    .name = "term-send",
    .tool = "terminal_send",
    .summary = "write text into a terminal session and wait for it to settle",
    .description =
        "Writes text into a session (id or name) and waits for it to settle. The text ends with Enter unless "
        "submit is false. Returns the new output, then '[wait: prompt|input|timeout|exit]' (with '[exit: N]' "
        "after prompt) and '[session: running]' or '[session: exited code=<code> signal=<signal>]'. With "
        "run_in_background the send starts a job instead: 'started background job <jobId>'.",
    .options = {
        {.name = "no-submit", .help = "write the text alone, without Enter", .field = "submit", .negated = true},
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

}  // namespace

int main(int argc, char** argv) { return oda::term::tool_main(kCommand, argc, argv); }
