// run-code: run a JavaScript program that calls the agent's tools (SPEC section 4).
#include "cli/cli.h"
#include "run/command.h"

namespace {

using oda::cli::Kind;

// The one option table of run-code: later parts add their options here.
const oda::cli::Command kCommand{
    .name = "run-code",
    .tool = "run_code",
    .summary = "run a JavaScript program that calls the agent's tools",
    .description =
        "Run a JavaScript program (the body of an async function: top-level await and return "
        "work) that calls the agent's other tools as async functions. console output is captured "
        "and returned with the program's return value.",
    .options =
        {
            {.name = "code", .short_name = 'e', .kind = Kind::String, .value_name = "TEXT",
             .help = "the program: the body of an async function (top-level await and return work)", .field = "code"},
            {.name = "description", .kind = Kind::String, .value_name = "TEXT",
             .help = "five to ten words in active voice saying what the program does", .field = "description",
             .invalid_message = "invalid description: expected a non-empty string"},
            {.name = "timeout-ms", .kind = Kind::Number, .value_name = "N",
             .help = "the time budget of the whole run in ms (default 120000, capped at 600000)", .field = "timeoutMs",
             .invalid_message = "invalid timeoutMs: expected a positive finite number"},
            {.name = "sandbox-permissions", .kind = Kind::String, .value_name = "MODE",
             .help = "a wider file-access mode for this one run (needs a justification)", .field = "sandbox_permissions"},
            {.name = "justification", .kind = Kind::String, .value_name = "TEXT",
             .help = "one sentence saying why this run needs the wider mode", .field = "justification",
             .invalid_message = "invalid justification: expected a non-empty sentence"},
            {.name = "max-heap-mb", .kind = Kind::Int, .value_name = "N",
             .help = "lower the program's heap ceiling (MiB, at most 512)"},
            {.name = "history", .help = "list recorded runs, newest first (FILE, if given, is how many)"},
            {.name = "show", .kind = Kind::String, .value_name = "RUN_ID", .help = "print one recorded run"},
        },
    .positionals = {{.name = "FILE", .help = "the program file, or - for standard input", .required = false,
                     .complete = "file"}},
};

}  // namespace

int main(int argc, char** argv) {
  oda::cli::Args args;
  int code;
  if (!oda::cli::parse(kCommand, argc, argv, &args, &code)) return code;
  return oda::run::run_command(kCommand, args);
}
