// run-code's option table (SPEC 4): the binary parses with it and oda-mcp lists and checks
// run_code with it, so the tool's name, description and schema have one source. Later parts
// add their options here.
#include "run/command.h"

#include <string_view>

#include "config/config.h"
#include "run/profile_code_function.h"

namespace oda::run {
namespace {

using cli::Kind;

const cli::Command kRunCode{
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
             .help = "the program: the body of an async function (top-level await and return work)", .field = "code",
             .schema_required = true},
            {.name = "description", .kind = Kind::String, .value_name = "TEXT",
             .help = "five to ten words in active voice saying what the program does", .field = "description",
             .invalid_message = "invalid description: expected a non-empty string", .schema_required = true},
            {.name = "timeout-ms", .kind = Kind::Number, .value_name = "N",
             .help = "the time budget of the whole run in ms (default 120000, capped at 600000)", .field = "timeoutMs",
             .invalid_message = "invalid timeoutMs: expected a positive finite number"},
            {.name = "sandbox-permissions", .kind = Kind::String, .value_name = "MODE",
             .help = "a wider file-access mode for this one run (needs a justification)", .field = "sandbox_permissions"},
            {.name = "justification", .kind = Kind::String, .value_name = "TEXT",
             .help = "one sentence saying why this run needs the wider mode", .field = "justification",
             .invalid_message = "invalid justification: expected a non-empty sentence"},
            // The file sandbox (lib/sandbox/sandbox_run.h).
            {.name = "sandbox", .kind = Kind::String, .value_name = "MODE",
             .help = "the chat's file sandbox: read-only, workspace-write (default) or danger-full-access"},
            {.name = "workspace", .kind = Kind::String, .value_name = "DIR",
             .help = "the folder relative paths start from, which workspace-write may change (default: .)",
             .complete = "dir"},
            {.name = "approve-escalation",
             .help = "allow the wider mode asked with sandbox_permissions without asking (for scripts)"},
            {.name = "probe-sandbox", .help = "print what this host can enforce (Landlock ABI, modes) and exit",
             .runs_nothing = true},
            {.name = "max-heap-mb", .kind = Kind::Int, .value_name = "N",
             .help = "lower the program's heap ceiling (MiB, at most 512)"},
            {.name = "history", .help = "list recorded runs, newest first (FILE, if given, is how many)",
             .runs_nothing = true},
            {.name = "show", .kind = Kind::String, .value_name = "RUN_ID", .help = "print one recorded run",
             .runs_nothing = true},
            // Calls from inside the program (lib/calls/calls_bind.cc).
            {.name = "tools", .kind = Kind::List, .value_name = "FILE",
             .help = "a tool catalog whose tools the program may call (repeatable; default: $ODA_TOOLS)",
             .complete = "file"},
            {.name = "mcp-config", .kind = Kind::List, .value_name = "FILE",
             .help = "an MCP config ({\"mcpServers\": ...}) whose servers the program may call (repeatable; default: "
                     "$ODA_MCP_CONFIG)",
             .complete = "file"},
            {.name = "list-tools",
             .help = "print a TypeScript-style declaration of every tool the catalogs and MCP configs give, and exit",
             .runs_nothing = true},
            {.name = "max-concurrent-calls", .kind = Kind::Int, .value_name = "N",
             .help = "how many calls run at once (default 8); more wait their turn"},
            {.name = "approver", .kind = Kind::String, .value_name = "CMD",
             .help = "asks about each call of an \"approval\": \"always\" tool (default: $ODA_APPROVER, else the terminal)"},
            {.name = "chat", .kind = Kind::String, .value_name = "ID",
             .help = "the chat the terminal tools work in (default: $ODA_CHAT)"},
            {.name = "args", .kind = Kind::String, .value_name = "JSON", .help = "the program's args object (default {})"},
            {.name = "dv", .kind = Kind::String, .value_name = "JSON",
             .help = "the program's dynamic variables, every value a string (default {})"},
            {.name = "metadata", .kind = Kind::String, .value_name = "JSON", .help = "the program's metadata object (default {})"},
            // The setup (lib/config).
            {.name = "no-deadline",
             .help = "run without a deadline, where the setup allows it (run_code.allow_no_deadline; command line only)"},
            {.name = "profile", .kind = Kind::String, .value_name = "NAME",
             .help = "behave as a profile: code-function (seed 003's code function), or none (default: run_code.profile)"},
            {.name = "show-config", .help = "print the settings in force and where each came from, and exit",
             .runs_nothing = true},
        },
    .positionals = {{.name = "FILE", .help = "the program file, or - for standard input", .required = false,
                     .complete = "file"}},
};

// The table as this setup offers it: a control the runtime does not honour leaves --schema
// (a request that carries it is still read, to be refused with the seed's words).
cli::Command configured(cli::Command cmd) {
  const config::Config& c = config::current();
  for (cli::Option& o : cmd.options) {
    std::string_view name = o.name;
    if (name == "timeout-ms" && !c.flag("run_code.honours_timeout_ms")) o.unlisted = true;
    if ((name == "sandbox-permissions" || name == "justification") && !c.flag("run_code.honours_sandbox_permissions"))
      o.unlisted = true;
  }
  return cmd;
}

}  // namespace

const cli::Command& command() {
  static const cli::Command cmd = configured(kRunCode);
  return cmd;
}

const cli::Command& command(int argc, char** argv) {
  std::string profile = config::current().text("run_code.profile");
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--") break;
    if (a == "--profile" && i + 1 < argc) profile = argv[++i];
    else if (a.starts_with("--profile=")) profile = a.substr(10);
  }
  return profile == kCodeFunctionProfile ? code_function_command() : command();
}

}  // namespace oda::run
