// The command-line layer every binary shares: options declared once in a table give the
// parser, --help, --schema, --request, completions and the error format (SPEC section 1).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "json/json.h"

namespace oda::cli {

// The exit-status table of SPEC section 1; run-code adds 124 and 130.
enum Exit { kDone = 0, kFailed = 1, kUsage = 2, kNoDaemon = 3, kTimeout = 124, kAbort = 130 };

enum class Kind {
  Flag,     // --json; in a request: a boolean
  String,   // --name NAME
  Int,      // --count N: a whole number (may be negative; the command checks ranges)
  Number,   // --timeout-ms N: any finite number
  List,     // --env K=V, repeatable; in a request: an array of strings
  Json,     // --parameters JSON: on the command line JSON text, in a request any JSON value
};

struct Option {
  const char* name;                     // long name without dashes: "wait-ms"
  char short_name = 0;                  // 'e' for -e, 0 for none
  Kind kind = Kind::Flag;
  const char* value_name = nullptr;     // "N", "TEXT", "FILE"
  const char* help = "";
  const char* field = nullptr;          // the --request field ("timeoutMs"); nullptr: CLI only
  bool negated = false;                 // field false <=> flag set (--no-submit <=> submit:false)
  const char* field_help = nullptr;     // the field's description in --schema when --help's
                                        // reads the other way (a negated flag's field)
  const char* invalid_message = nullptr;  // exact refusal when the value is of the wrong type
  const char* schema_type = nullptr;    // JSON Schema type when it differs from the kind's
  const char* complete = nullptr;       // completion hint: "file", "dir", "session", "signal"
  bool schema_required = false;         // listed in the tool schema's "required"
  bool runs_nothing = false;            // answers instead of doing the command's job (--history)
  bool unlisted = false;                // left out of --schema (the setup turned it off), though a
                                        // request may still carry it for the command to refuse
  const char* choices = nullptr;        // "shell|ssh|command": the values --schema offers (enum)
};

struct Positional {
  const char* name;                     // "SESSION"
  const char* help = "";
  const char* field = nullptr;          // request field ("session")
  bool required = true;
  Kind kind = Kind::String;             // List: every word after "--" (usage "[-- NAME...]")
  const char* complete = nullptr;       // as in Option
};

struct Command {
  const char* name;                     // "term-send"
  const char* tool = nullptr;           // "terminal_send"; nullptr: no --schema/--request
  const char* summary = "";             // one line for --help and man NAME
  const char* description = "";         // the tool description for --schema
  std::vector<Option> options;          // the command's own; --help, --version, --json,
                                        // --request, --schema are added by the layer
  std::vector<Positional> positionals;
  const char* usage = nullptr;          // override of the generated usage line (no "Usage: ")
};

// A parsed call: the command line merged over the --request object. Keys are option long
// names and positional names in lower case ("wait-ms", "session"); command-line values win.
class Args {
 public:
  bool has(std::string_view key) const { return values_.get(key) != nullptr; }
  bool flag(std::string_view key) const;
  std::string str(std::string_view key, std::string_view fallback = "") const;
  long long integer(std::string_view key, long long fallback) const;
  double number(std::string_view key, double fallback) const;
  std::vector<std::string> list(std::string_view key) const;
  const json::Value* get(std::string_view key) const { return values_.get(key); }
  bool json_output() const { return flag("json"); }
  // Everything, as an object keyed like above (for handing a call on as JSON).
  const json::Value& values() const { return values_; }
  json::Value& values() { return values_; }
  // The call as the tool's request object (seed field names), e.g. for a run record.
  json::Value as_request(const Command& cmd) const;

 private:
  json::Value values_ = json::Value::object();
};

// Parses argv (and --request). Handles --help, --version, --schema and the hidden
// --completion-spec itself. Returns true when the command should go on; false with
// *exit_code set when it is done (0 after --help, 2 after a usage error, already printed).
bool parse(const Command& cmd, int argc, char** argv, Args* out, int* exit_code);

// Takes the members of a tool's arguments object (seed field names) into *args, with the
// checks --request makes (types, unknown fields), unless *args already holds them. where
// names the object in the error ("--request"). false with *err on the first bad member.
bool merge_request(const Command& cmd, const json::Value& req, std::string_view where, Args* args,
                   std::string* err);

// Whether a command line does the command's job (for run-code: runs a program), looked at
// before parsing: false when it holds --help/-h, --version, --schema, --completion-spec or
// an option of cmd marked runs_nothing (as --NAME or --NAME=VALUE), before any "--".
bool runs_job(const Command& cmd, int argc, char** argv);

// Prints "<command>: error: <message>" to stderr and returns code, for `return fail(...)`.
int fail(const Command& cmd, int code, std::string_view message);
int fail(std::string_view command, int code, std::string_view message);

// The usage line ("term-send [OPTIONS] SESSION [TEXT]"), the help text and the tool
// definition: all generated from the table.
std::string usage(const Command& cmd);
std::string help(const Command& cmd);
json::Value schema(const Command& cmd);

// The candidate nearest to word when word is a near miss of it (within 2 edits, and fewer
// edits than word has characters), else empty: the "did you mean" of every error that names
// something unknown (an option here, a session in termd).
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);
size_t edit_distance(std::string_view a, std::string_view b);

// Reads a whole file, or standard input for "-". false with *err set when it cannot.
bool read_input(const std::string& path, std::string* out, std::string* err);

// Writes text to stdout in full (retrying short writes); adds a newline unless text ends
// with one or is empty.
void print_result(std::string_view text);

// "1.2.0": the toolkit's version, one for every binary.
extern const char* const kVersion;

}  // namespace oda::cli
