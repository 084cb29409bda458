// oda-mcp's tools (see tools.h).
#include "mcp/tools.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/command.h"
#include "run/result.h"
#include "sys/fd.h"
#include "sys/spawn.h"
#include "term/client.h"
#include "term/commands.h"

namespace oda::mcp {

namespace {

// What MCP adds to a command table: the card title of seed 004 and the annotations that hold.
struct Extra {
  const char* tool;
  const char* title;
  bool read_only;
  bool idempotent;
};
constexpr Extra kExtras[] = {
    {"run_code", "Run code", false, false},
    {"terminal_open", "Open terminal", false, false},
    {"terminal_send", "Send to terminal", false, false},
    {"terminal_read", "Read terminal", true, false},
    {"terminal_signal", "Signal terminal", false, false},
    {"terminal_close", "Close terminal", false, true},  // safe to repeat (SPEC 3.6)
    {"terminal_list", "List terminal sessions", true, false},
};

constexpr const char* kWhere = "the arguments";

// A rendering as the command prints it, less the newline that ends the printed text.
std::string as_printed(std::string text) {
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

ToolResult refused(std::string text) { return ToolResult{std::move(text), json::Value(), true}; }

// The members of arguments taken into *args by cmd's table, and its required positionals
// there; false with *err on the first that is wrong or missing.
bool take_arguments(const cli::Command& cmd, const json::Value& arguments, cli::Args* args, std::string* err) {
  if (!cli::merge_request(cmd, arguments, kWhere, args, err)) return false;
  for (const cli::Positional& p : cmd.positionals) {
    if (!p.required || !p.field) continue;
    std::string key = p.name;
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!args->has(key)) {
      *err = std::string("missing \"") + p.field + "\" in " + kWhere;
      return false;
    }
  }
  return true;
}

// A run-code child's output: stdout, stderr and how it ended.
struct Child {
  std::string out, err;
  int status = 0;
};

// Reads a child's stdout and stderr to their ends and reaps it.
void collect(Spawned& sp, Child* c) {
  pollfd fds[2] = {{sp.out.get(), POLLIN, 0}, {sp.err.get(), POLLIN, 0}};
  std::string* dest[2] = {&c->out, &c->err};
  int open_fds = 2;
  while (open_fds > 0) {
    int r = poll(fds, 2, -1);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !fds[i].revents) continue;
      char buf[65536];
      ssize_t n = read(fds[i].fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        fds[i].fd = -1;
        --open_fds;
        continue;
      }
      dest[i]->append(buf, static_cast<size_t>(n));
    }
  }
  while (waitpid(sp.pid, &c->status, 0) < 0 && errno == EINTR) {
  }
  sp.pid = -1;
}

}  // namespace

// Starts argv with pipes on its stdin, stdout and stderr, in a session of its own (no
// controlling terminal: a run never asks on the harness's terminal, the client, the approver
// or nothing; a SIGINT of ours reaches it alone).
bool spawn(const std::vector<std::string>& argv, Spawned* sp, const std::vector<std::string>* env,
           const std::string& cwd) {
  sys::PipedChild c;
  int rc = sys::spawn_piped(argv, env, sys::Detach::Session, &c, cwd);
  if (rc != 0) {
    errno = rc;
    return false;
  }
  sp->pid = c.pid;
  sp->in = std::move(c.in);
  sp->out = std::move(c.out);
  sp->err = std::move(c.err);
  return true;
}

void Spawned::discard() {
  if (pid <= 0) return;
  // run-code waiting for its request reads an end instead, refuses it and exits.
  in.reset();
  while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
  }
  pid = -1;
}

Tools::~Tools() { stop(); }

void Tools::stop() {
  std::lock_guard<std::mutex> lock(warm_mu_);
  warm_.discard();
}

bool Tools::take_child(const std::vector<std::string>& argv, Spawned* sp) {
  std::lock_guard<std::mutex> lock(warm_mu_);
  // One that has ended meanwhile (killed by someone) is replaced.
  if (int st = 0; warm_.pid > 0 && waitpid(warm_.pid, &st, WNOHANG) != 0) warm_ = Spawned();
  if (warm_.pid > 0 && warm_argv_ == argv) {
    *sp = std::move(warm_);
    warm_.pid = -1;
    return true;
  }
  warm_.discard();
  return spawn(argv, sp);
}

void Tools::refill(const std::vector<std::string>& argv) {
  Spawned next;
  if (!spawn(argv, &next)) return;
  std::lock_guard<std::mutex> lock(warm_mu_);
  warm_.discard();
  warm_ = std::move(next);
  warm_argv_ = argv;
}

std::string child_error(std::string_view text) {
  constexpr std::string_view prefix = "run-code: error: ";
  std::string_view found;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    if (line.substr(0, prefix.size()) == prefix) found = line.substr(prefix.size());
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  if (!found.empty()) return std::string(found);
  size_t b = text.find_first_not_of(" \n\t"), e = text.find_last_not_of(" \n\t");
  return b == std::string_view::npos ? "" : std::string(text.substr(b, e - b + 1));
}

json::Value tool_definition(const cli::Command& cmd) {
  json::Value schema = cli::schema(cmd);
  json::Value tool = json::Value::object();
  tool.set("name", *schema.get("name"));
  json::Value annotations = json::Value::object();
  for (const Extra& e : kExtras) {
    if (std::strcmp(e.tool, cmd.tool) != 0) continue;
    tool.set("title", e.title);
    annotations.set("title", e.title);
    if (e.read_only) annotations.set("readOnlyHint", true);
    if (e.idempotent) annotations.set("idempotentHint", true);
  }
  tool.set("description", *schema.get("description"));
  tool.set("inputSchema", *schema.get("input_schema"));
  tool.set("annotations", std::move(annotations));
  return tool;
}

std::string Tools::run_code_description() const {
  std::lock_guard lock(description_mu_);
  if (described_) return description_;
  described_ = true;
  bool has_tools = std::getenv("ODA_TOOLS") || std::getenv("ODA_MCP_CONFIG");
  for (const std::string& a : s_.run_args)
    if (a == "--tools" || a == "--mcp-config" || a.starts_with("--tools=") || a.starts_with("--mcp-config="))
      has_tools = true;
  if (!has_tools) return description_;
  std::vector<std::string> argv = {s_.run_code, "--schema"};
  argv.insert(argv.end(), s_.run_args.begin(), s_.run_args.end());
  Spawned sp;
  Child c;
  json::Value schema;
  std::string err;
  if (!spawn(argv, &sp)) {
    err = std::string("cannot start run-code: ") + std::strerror(errno);
  } else {
    sp.in.reset();
    collect(sp, &c);
    if (!json::parse(c.out, &schema, &err) || !schema.is_object() || !schema.get("description"))
      err = child_error(c.err);
  }
  // The plain description still serves; the harness's log says why the declarations are not there.
  if (schema.is_object() && schema.get("description") && schema.get("description")->is_string())
    description_ = schema.get("description")->as_string();
  else
    std::fprintf(stderr, "oda-mcp: run_code's description has no tool declarations: %s\n", err.c_str());
  return description_;
}

json::Value Tools::tools() const {
  json::Value list = json::Value::array();
  json::Value run_tool = tool_definition(run::command());
  if (std::string d = run_code_description(); !d.empty()) run_tool.set("description", d);
  list.push(std::move(run_tool));
  if (!s_.code_mode)
    for (const cli::Command* c : term::commands()) list.push(tool_definition(*c));
  return list;
}

bool Tools::known(std::string_view name) const {
  return name == run::command().tool || term::find_command(name) != nullptr;
}

ToolResult Tools::call(std::string_view name, const json::Value& arguments, Call* call) {
  if (name == run::command().tool) return run_code(arguments, call);
  const cli::Command* cmd = term::find_command(name);
  // Seed 000: in code-call mode only run_code is called directly.
  if (s_.code_mode) return refused(std::string(cmd->tool) + " is reachable only from a program: call it inside run-code");
  return terminal(*cmd, arguments, call);
}

ToolResult Tools::terminal(const cli::Command& cmd, const json::Value& arguments, Call* call) {
  cli::Args args;
  std::string err;
  if (!take_arguments(cmd, arguments, &args, &err)) return refused(err);
  term::CallOptions opt;
  opt.chat = s_.chat;
  opt.max_bytes = s_.max_bytes;
  opt.sandbox = term::caller_mode(cmd.tool, s_.sandbox);
  opt.workspace = s_.workspace;
  opt.abort = &call->abort;
  json::Value result;
  int code = 0;
  if (!term::call(cmd.tool, args.as_request(cmd), opt, &result, &err, &code)) return refused(err);
  return ToolResult{as_printed(term::render_text(cmd.tool, result)), result, false};
}

ToolResult Tools::run_code(const json::Value& arguments, Call* call) {
  const cli::Command& cmd = run::command();
  cli::Args args;
  std::string err;
  if (!take_arguments(cmd, arguments, &args, &err)) return refused(err);
  // As from --request: the description is the tool's required field.
  args.values().set("request", "-");
  if (std::string refusal = run::check_request(args); !refusal.empty()) return refused(refusal);
  std::vector<std::string> argv = {s_.run_code, "--request", "-", "--json", "--chat", s_.chat};
  argv.insert(argv.end(), s_.run_args.begin(), s_.run_args.end());
  // Last, so it wins over a harness's --approver: the client asks its user when it can.
  if (call->ask && !s_.ask_client.empty()) argv.insert(argv.end(), {"--approver", s_.ask_client});
  // The run goes to a run-code that was started after the previous run and has been waiting
  // for its request (its start-up, its early worker included, is off this call's path);
  // the next one starts while this one runs.
  Spawned sp;
  if (!take_child(argv, &sp)) return refused("cannot start run-code (" + s_.run_code + "): " + std::strerror(errno));
  call->adopt_child(sp.pid);
  // run-code reads its whole request before it writes anything, so writing it all first
  // cannot deadlock; a child that died early makes this fail with EPIPE, not us die.
  sys::write_all(sp.in.get(), json::write(arguments));
  sp.in.reset();
  refill(argv);
  Child c;
  collect(sp, &c);
  call->child_done();
  json::Value out;
  std::string perr;
  if (!json::parse(c.out, &out, &perr) || !out.is_object()) {
    std::string why = child_error(c.err);
    if (why.empty())
      why = WIFSIGNALED(c.status) ? "run-code was killed by signal " + std::to_string(WTERMSIG(c.status))
                                  : "run-code exited with status " + std::to_string(WEXITSTATUS(c.status)) + " and no result";
    return refused(why);
  }
  run::RunOutcome o = run::outcome_from_json(out);
  return ToolResult{as_printed(run::render_text(o)), out, !o.ok};
}

}  // namespace oda::mcp
