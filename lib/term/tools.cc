// The terminal tools' table and its rows (see tools.h): for each tool, in order, the check
// every caller shares, the daemon's handler, and the rendering of SPEC 3.2-3.7.
#include "term/tools.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cmath>
#include <csignal>
#include <cstring>
#include <map>
#include <sys/stat.h>
#include <unistd.h>

#include "term/bounds.h"
#include "term/relay.h"
#include "term/remote.h"
#include "config/config.h"
#include "term/client.h"
#include "term/job_support.h"
#include "term/server.h"
#include "term/signals.h"
#include "term/text.h"
#include "term/wire.h"

namespace oda::term {

namespace {

// --- Shared by the rows.

bool whole(const json::Value& v) { return v.is_number() && std::trunc(v.as_number()) == v.as_number(); }

std::string num(const json::Value* v) {
  if (!v || !v->is_number()) return "null";
  return json::number_to_string(v->as_number());
}

// The bound of r's caller (bounds.h).
Bound bound_of(Server& sv, const Request& r) {
  std::vector<SessionBound> all;
  for (Session* s : sv.sessions()) all.push_back({s->leader(), s->sandboxed(), s->mode(), s->workspace()});
  for (const SessionBound& j : sv.jobs().bounds()) all.push_back(j);
  return caller_bound(r.envelope, r.peer, getpid(), all);
}

// Whether r's caller may reach s; else replies the refusal.
bool reachable(Server& sv, const Request& r, const Session& s) {
  std::string err;
  if (may_reach(bound_of(sv, r), s.id(), s.mode(), &err)) return true;
  sv.error(r.client, err);
  return false;
}

// What an argument must be when present. The daemon holds every request it is sent to the
// same fields as the clients do (a raw socket client is as likely as ours), so a bad value
// is a refusal naming the field, never a cast of a double that does not fit.
enum class Type { String, Bool, Whole, Array };
struct Field {
  const char* key;
  const char* option;  // how the command line names it
  Type type;
  double min = 0, max = 0;         // Whole: the range
  const char* expected = nullptr;  // Whole: the range in words
  const char* too_big = nullptr;   // Whole: the words for a value over max (else expected)
};

// The largest count, offset or tail that is still a whole number a double holds exactly.
constexpr double kMaxWhole = 9007199254740991.0;

// A value as the refusal quotes it: a number as written, anything else as JSON, so that "80"
// (a string) does not read as 80.
std::string shown(const json::Value* v) {
  return v->is_number() ? json::number_to_string(v->as_number()) : json::write(*v);
}

bool fields_ok(const json::Value& req, std::initializer_list<Field> fields, std::string* err) {
  for (const Field& f : fields) {
    const json::Value* v = req.get(f.key);
    if (!v) continue;
    const char* want = nullptr;
    switch (f.type) {
      case Type::String: if (!v->is_string()) want = "a string"; break;
      case Type::Bool: if (!v->is_bool()) want = "true or false"; break;
      case Type::Array: if (!v->is_array()) want = "a list"; break;
      case Type::Whole:
        if (!whole(*v) || v->as_number() < f.min) want = f.expected;
        else if (v->as_number() > f.max) want = f.too_big ? f.too_big : f.expected;
        break;
    }
    if (want) {
      *err = std::string("invalid ") + f.option + " '" + shown(v) + "': expected " + want;
      return false;
    }
  }
  return true;
}

// The main text, its placeholder when empty, and the truncation mark.
std::string body(const json::Value& r, const char* field, const char* placeholder) {
  std::string text = r.get_or(field, "");
  bool truncated = r.get_or<bool>("truncated", false);
  std::string out = text.empty() && !truncated ? placeholder : text;
  if (truncated) out += "\n[output truncated]";
  return out;
}

json::Value name_or_null(const Session& s) { return s.name().empty() ? json::Value() : json::Value(s.name()); }

// --- terminal_open

bool valid_name(const std::string& n) {
  if (n.empty() || n.size() > 64) return false;
  for (char c : n) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) return false;
  }
  if (n.rfind("pty-", 0) == 0) return false;  // would read as a session id
  return true;
}

constexpr const char* kTypes = "(expected shell, ssh or command)";

// Each list entry a string (ssh options, argv).
bool strings_ok(const json::Value& req, const char* key, const char* option, std::string* err) {
  const json::Value* v = req.get(key);
  if (!v) return true;
  for (const auto& e : v->items()) {
    if (e.is_string() && !e.as_string().empty()) continue;
    *err = std::string("invalid ") + option + " " + json::write(e) + ": expected a non-empty string";
    return false;
  }
  return true;
}

// What each type needs, and refuses: a host only for ssh, argv only for command.
bool type_fields_ok(const json::Value& req, std::string* err) {
  SessionType type = SessionType::Shell;
  std::string word = req.get_or("type", "");
  if (!word.empty() && !parse_session_type(word, &type)) {
    *err = "unknown session type '" + word + "' " + kTypes;
    return false;
  }
  if (!strings_ok(req, "ssh_options", "ssh-option", err) || !strings_ok(req, "argv", "argv", err)) return false;
  std::string host = req.get_or("host", "");
  bool has_argv = req.get("argv") && !req.get("argv")->items().empty();
  if (type == SessionType::Ssh && host.empty()) *err = "missing host: --type ssh needs --host [USER@]HOST";
  else if (type == SessionType::Ssh && host[0] == '-') *err = "invalid host '" + host + "': a host does not start with '-'";
  else if (type != SessionType::Ssh && (!host.empty() || req.get("ssh_options")))
    *err = "--host and --ssh-option are for --type ssh only";
  else if (type == SessionType::Command && !has_argv) *err = "missing program: --type command needs -- ARGV...";
  else if (type != SessionType::Command && has_argv) *err = "a program to run (-- ARGV...) is for --type command only";
  return err->empty();
}

bool need_session(const json::Value& req, std::string* err) {
  if (!req.get_or("session", "").empty()) return true;
  *err = "missing session: pass a session id or name";
  return false;
}

constexpr Field kSession{"session", "session", Type::String};
constexpr Field kText{"text", "text", Type::String};

bool valid_open(const json::Value& req, std::string* err) {
  constexpr const char* kSize = "a whole number from 2 to 1000";
  if (!fields_ok(req, {{"type", "type", Type::String}, {"name", "name", Type::String}, {"cwd", "cwd", Type::String},
                       {"env", "env", Type::Array}, {"cols", "cols", Type::Whole, 2, kMaxSide, kSize},
                       {"rows", "rows", Type::Whole, 2, kMaxSide, kSize}, {"rc", "rc", Type::Bool},
                       {"host", "host", Type::String}, {"ssh_options", "ssh-option", Type::Array},
                       {"argv", "argv", Type::Array}},
                 err))
    return false;
  if (!type_fields_ok(req, err)) return false;
  std::string name = req.get_or("name", "");
  if (!name.empty() && !valid_name(name)) {
    *err = "invalid name '" + name + "': expected letters, digits, '.', '-' or '_', not an id like 'pty-1'";
    return false;
  }
  if (const json::Value* env = req.get("env")) {
    for (const auto& e : env->items()) {
      if (!e.is_string() || e.as_string().find('=') == std::string::npos || e.as_string()[0] == '=') {
        *err = "invalid env '" + (e.is_string() ? e.as_string() : json::write(e)) + "': expected K=V";
        return false;
      }
    }
  }
  // Each cell costs the screen some 40 bytes twice over (main and alternate screen): the
  // cap keeps one session's screen near 8 MB however its sides are chosen.
  int64_t cells = req.get_or<int64_t>("cols", kDefaultCols) * req.get_or<int64_t>("rows", kDefaultRows);
  if (cells > kMaxCells) {
    *err = "invalid size " + std::to_string(req.get_or<int64_t>("cols", kDefaultCols)) + "x" +
           std::to_string(req.get_or<int64_t>("rows", kDefaultRows)) + ": expected at most " +
           std::to_string(kMaxCells) + " cells (cols x rows)";
    return false;
  }
  return true;
}

bool check_open(json::Value* req, std::string* err) {
  // What the caller leaves out, the setup decides (terminal.type, .cols, .rows).
  const config::Config& setup = config::current();
  if (!req->get("type")) req->set("type", setup.text("terminal.type"));
  if (!req->get("cols")) req->set("cols", static_cast<int64_t>(setup.integer("terminal.cols")));
  if (!req->get("rows")) req->set("rows", static_cast<int64_t>(setup.integer("terminal.rows")));
  if (!valid_open(*req, err)) return false;
  // The session starts where the caller is, not where the daemon was started (an ssh
  // session's --cwd is on the far side: none there is its login folder).
  if (!req->get("cwd") && req->get_or("type", "") != "ssh") {
    char buf[PATH_MAX];
    if (getcwd(buf, sizeof buf)) req->set("cwd", std::string(buf));
  }
  return true;
}

void serve_open(Server& sv, const Request& r) {
  const json::Value& a = r.args;
  SessionType type = SessionType::Shell;
  if (std::string word = a.get_or("type", ""); !word.empty() && !parse_session_type(word, &type))
    return sv.error(r.client, "unknown session type '" + word + "' " + kTypes);
  size_t in_chat = sv.sessions(r.chat).size();
  if (in_chat >= static_cast<size_t>(sv.options().max_sessions_per_chat))
    return sv.error(r.client, "refused: chat '" + r.chat + "' already has " + std::to_string(in_chat) +
                                  " terminal sessions, the most termd keeps per chat (close one first)");
  if (size_t all = sv.live_sessions(); all >= static_cast<size_t>(sv.options().max_sessions))
    return sv.error(r.client, "refused: termd already holds " + std::to_string(all) +
                                  " terminal sessions, the most it keeps in all chats (close one first)");
  std::string name = a.get_or("name", "");
  if (!name.empty()) {
    for (Session* s : sv.sessions(r.chat)) {
      if (s->name() == name) return sv.error(r.client, "name '" + name + "' is already taken in chat '" + r.chat + "'");
    }
  }
  SpawnOptions so;
  so.type = type;
  so.host = a.get_or("host", "");
  for (const char* key : {"ssh_options", "argv"}) {
    auto& into = std::string_view(key) == "argv" ? so.argv : so.ssh_options;
    if (const json::Value* v = a.get(key); v && v->is_array())
      for (const auto& e : v->items()) if (e.is_string()) into.push_back(e.as_string());
  }
  so.shell = r.envelope.get_or("shell", "");
  // An ssh session's --cwd is a folder on the far side; its ssh runs where the caller is.
  if (type == SessionType::Ssh) so.remote_cwd = a.get_or("cwd", "");
  so.cwd = type == SessionType::Ssh ? "" : a.get_or("cwd", "");
  if (so.cwd.empty()) so.cwd = r.envelope.get_or("cwd", "");
  if (so.cwd.empty()) so.cwd = "/";
  struct stat st;
  if (stat(so.cwd.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return sv.error(r.client, "no such folder '" + so.cwd + "'");
  // Under a caller's sandbox the session gets its mode; its environment is the caller's (a
  // run's for a program's session); a client that sends none (a raw socket client) gets the
  // few system names, never the daemon's own environment.
  std::string err;
  char canon[PATH_MAX];
  if (!realpath(so.cwd.c_str(), canon)) return sv.error(r.client, "no such folder '" + so.cwd + "'");
  if (!open_mode(bound_of(sv, r), canon, &so.sandbox, &err)) return sv.error(r.client, err);
  if (const json::Value* env = r.envelope.get("environ"); env && env->is_array()) {
    so.caller_env.emplace();
    for (const auto& e : env->items()) if (e.is_string()) so.caller_env->push_back(e.as_string());
  }
  if (const json::Value* env = a.get("env"); env && env->is_array()) {
    for (const auto& e : env->items()) if (e.is_string()) so.env.push_back(e.as_string());
  }
  so.cols = static_cast<int>(a.get_or<int64_t>("cols", kDefaultCols));
  so.rows = static_cast<int>(a.get_or<int64_t>("rows", kDefaultRows));
  so.keep_lines = sv.options().keep_lines;
  so.rc = a.get_or<bool>("rc", false);
  auto s = std::make_unique<Session>(sv.next_session_number(), r.chat, name, so);
  if (!s->spawn(&err)) return sv.error(r.client, err);
  sv.opened(r.client, std::move(s));
}

std::string render_open(const json::Value& r) {
  std::string label = r.get_or("id", "");
  if (!r.get_or("name", "").empty()) label += " (" + r.get_or("name", "") + ")";
  return "started terminal session " + label + " [type: " + r.get_or("type", "") + "]\n" +
         body(r, "message", "(no startup output)");
}

// --- terminal_send

bool valid_send(const json::Value& req, std::string* err) {
  if (!fields_ok(req, {kSession, kText, {"submit", "submit", Type::Bool}, {"escapes", "escapes", Type::Bool},
                       {"run_in_background", "background", Type::Bool},
                       {"wait_ms", "wait-ms", Type::Whole, 0, kMaxWaitMs, "a whole number not below zero",
                        "a whole number of at most 86400000 (a day)"}},
                 err))
    return false;
  if (!need_session(req, err)) return false;
  if (size_t n = req.get_or("text", "").size(); n > kMaxText) {
    *err = "invalid text: " + std::to_string(n) + " bytes, the most a send takes is " + std::to_string(kMaxText);
    return false;
  }
  return true;
}

bool check_send(json::Value* req, std::string* err) {
  if (!valid_send(*req, err)) return false;
  if (req->get_or<bool>("escapes", false)) {
    std::string out;
    if (!decode_escapes(req->get_or("text", ""), &out, err)) return false;
    req->set("text", out);
  }
  return true;
}

// Writes a send's text into s: what the terminal will echo is expected (and so dropped),
// a Ctrl-C to a job in front is marked, and Enter starts a new line of output. To a program
// that edits its own line, the keys are typed a line at a time instead (see type_next):
// they are returned, and nothing is written yet.
std::string write_text(Server& sv, Session* s, const std::string& text, const std::string& bytes, bool submit) {
  TtyProbe::Modes m = sv.probe().modes(s->tty());
  s->drain();  // what came before the write is not its echo
  bool program = !m.canonical && sv.probe().front_group(s->tty()) != s->pid();
  if (program && !text.empty() && bytes.find('\r') != std::string::npos) return bytes;
  // A far shell at the daemon's prompt has its echo off (the integration's stty -echo),
  // though the relay in front keeps this terminal raw.
  bool far_prompt = s->remote() && s->at_prompt();
  if ((m.echo || !m.canonical) && !far_prompt) {
    // A terminal with echo on repeats what was typed, and so may a program in raw mode;
    // that echo is not output.
    std::string expect = text;
    std::replace(expect.begin(), expect.end(), '\r', '\n');
    if (submit) expect.push_back('\n');
    s->expect_echo(expect);
  }
  // Ctrl-C typed at a job in front: the line discipline sends it SIGINT.
  // Ctrl-Z: SIGTSTP the same way.
  if (m.signals && sv.probe().front_group(s->tty()) != s->pid()) {
    if (bytes.find('\x03') != std::string::npos) s->interrupted();
    else if (bytes.find('\x1a') != std::string::npos) s->interrupted(true);
  }
  if (submit) s->submitted();
  s->write(bytes);
  s->flush();
  if (s->wants_write()) sv.want_write(s);
  return "";
}

void serve_send(Server& sv, const Request& r) {
  const json::Value& a = r.args;
  Session* s = sv.find(r.client, r.chat, a.get_or("session", ""));
  bool background = a.get_or<bool>("run_in_background", false);
  // A job runs beside the session: it waits for no send, and none waits for it.
  if (!s || !reachable(sv, r, *s) || (!background && sv.hold_send(s, r, serve_send))) return;
  if (s->status() == Session::Status::Closing) return sv.error(r.client, "terminal session " + s->id() + " is closing");
  // Nothing reads what would be written (SPEC 3.3): the refusal says how the shell ended,
  // as a send's [session: exited ...] line does.
  if (s->status() == Session::Status::Exited) {
    std::string code = s->exit_code() ? std::to_string(*s->exit_code()) : "null";
    std::string sig = s->exit_signal() ? signal_name(*s->exit_signal()) : "null";
    return sv.error(r.client, "refused: terminal session " + s->id() + " has exited (code=" + code + " signal=" + sig + ")");
  }
  std::string text = a.get_or("text", "");
  if (background) {
    // A raw client may ask a build without jobs for one anyway.
    if (!jobs_built()) return sv.error(r.client, background_refusal(false, true));
    // A job's shell runs on this machine, beside the session: for a session whose shell is
    // on another host or behind another program, that would run the text in the wrong place.
    if (s->remote())
      return sv.error(r.client, "refused: background jobs run on this machine, and terminal session " + s->id() +
                                    " runs its shell elsewhere: send without run_in_background");
    return sv.start_job(r.client, r.chat, s, text);
  }
  bool submit = a.get_or<bool>("submit", true);
  int64_t wait_ms = a.get_or<int64_t>("wait_ms", 30000);
  bool running = s->running();
  std::string bytes = text;
  if (!a.get_or<bool>("escapes", false)) std::replace(bytes.begin(), bytes.end(), '\n', '\r');
  if (submit) bytes.push_back('\r');
  std::map<pid_t, long> woke;
  if (running && !bytes.empty() && s->has_pty() && (submit || text.empty())) {
    // Taken before writing: a reader that runs from now on has taken what we write.
    woke = front_switches(*s, sv.probe());
  }
  // Taken before writing: the write marks the line submitted, so the shell is no longer at
  // its prompt after it.
  bool far_prompt = s->remote() && s->at_prompt();
  std::string typing;
  if (running && !bytes.empty()) typing = write_text(sv, s, text, bytes, submit);
  int64_t now = sv.now();
  Waiter w;
  w.client = r.client;
  w.s = s;
  w.start_prompts = s->prompts();
  w.deadline = now + std::max<int64_t>(0, wait_ms);
  // Nothing to write and nothing running: the shell in front, idle at its prompt.
  w.immediate = bytes.empty() && running && s->at_prompt() && s->has_pty() &&
                sv.probe().front_group(s->tty()) == s->pid() && shell_idle(s, sv.probe());
  w.pending_line = !submit && !bytes.empty();
  // A far shell is not seen taking the next line (its relay polls here all the time): each
  // line sent at its prompt gives a prompt, and the last one counts.
  if (far_prompt) w.lines = std::max<uint64_t>(1, std::count(bytes.begin(), bytes.end(), '\r'));
  w.max_bytes = r.max_bytes;
  w.woke = std::move(woke);
  w.written_ms = now;
  w.typing = std::move(typing);
  if (!w.typing.empty()) {
    type_next(w, now, sv.probe());
    if (s->wants_write()) sv.want_write(s);
  }
  sv.wait(std::move(w));
}

std::string render_send(const json::Value& r) {
  if (r.get("jobId")) return "started background job " + r.get_or("jobId", "");
  std::string out = body(r, "output", "(no new output)");
  std::string reason = r.get_or("wait", "");
  out += "\n[wait: " + reason + "]";
  if (reason == "prompt") out += "\n[exit: " + num(r.get("exit")) + "]";
  if (r.get_or("status", "") == "exited") {
    out += "\n[session: exited code=" + num(r.get("code")) + " signal=" + r.get_or("signal", "null") + "]";
  } else {
    out += "\n[session: running]";
  }
  return out;
}

// --- terminal_read

bool valid_read(const json::Value& req, std::string* err) {
  constexpr const char* kTooBig = "a whole number of at most 9007199254740991";
  if (!fields_ok(req, {kSession, {"job", "job", Type::String}, {"screen", "screen", Type::Bool},
                       {"offset", "offset", Type::Whole, 0, kMaxWhole, "a whole number not below zero", kTooBig},
                       {"count", "count", Type::Whole, 1, kMaxWhole, "a whole number of at least one", kTooBig},
                       {"tail", "tail", Type::Whole, 1, kMaxWhole, "a whole number of at least one", kTooBig}},
                 err))
    return false;
  return !req.get_or("job", "").empty() || need_session(req, err);
}

bool check_read(json::Value* req, std::string* err) { return valid_read(*req, err); }

void serve_read(Server& sv, const Request& r) {
  const json::Value& a = r.args;
  std::string job = a.get_or("job", "");
  if (!job.empty()) {
    std::string session, err;
    sandbox::Mode mode;
    if (!sv.jobs().find(r.chat, job, &session, &mode)) return sv.error(r.client, "no job '" + job + "' in chat '" + r.chat + "'");
    // A job is bounded as its session is.
    if (!may_reach(bound_of(sv, r), session, mode, &err)) return sv.error(r.client, err);
    json::Value res;
    sv.jobs().read(r.chat, job, r.max_bytes, &res);
    return sv.ok(r.client, res);
  }
  Session* s = sv.find(r.client, r.chat, a.get_or("session", ""));
  if (!s || !reachable(sv, r, *s)) return;
  if (s->has_pty()) s->drain();
  json::Value res = json::Value::object();
  res.set("session", s->id());
  if (a.get_or<bool>("screen", false)) {
    res.set("screen", s->screen());
    return sv.ok(r.client, res);
  }
  uint64_t total = s->total_lines();
  int64_t count = a.get_or<int64_t>("count", 500);
  uint64_t start;
  if (const json::Value* t = a.get("tail"); t && t->is_number()) {
    uint64_t n = static_cast<uint64_t>(t->as_number());
    count = static_cast<int64_t>(n);
    start = total > n ? total - n : 0;
  } else {
    start = static_cast<uint64_t>(std::max<int64_t>(0, a.get_or<int64_t>("offset", 0)));
  }
  if (start < s->first_line()) start = s->first_line();
  uint64_t end = std::min<uint64_t>(total, start + static_cast<uint64_t>(std::max<int64_t>(1, count)));
  std::string out;
  for (uint64_t n = start; n < end; ++n) {
    if (n > start) out.push_back('\n');
    out += s->line(n);
    if (out.size() > r.max_bytes) break;
  }
  bool truncated = cut(&out, r.max_bytes);
  if (end > start) {
    Pos p{end, ""};
    if (end > s->committed()) p = s->end_pos();
    s->mark_seen(p);
  }
  res.set("output", out);
  res.set("truncated", truncated);
  res.set("offset", static_cast<int64_t>(start));
  res.set("first", end > start ? json::Value(static_cast<int64_t>(start + 1)) : json::Value());
  res.set("last", end > start ? json::Value(static_cast<int64_t>(end)) : json::Value());
  res.set("total", static_cast<int64_t>(total));
  res.set("kept", static_cast<int64_t>(total - s->first_line()));
  sv.ok(r.client, res);
}

std::string render_read(const json::Value& r) {
  if (r.get("jobId")) {
    std::string status = r.get_or("status", "");
    std::string out = body(r, "output", "(no new output)") + "\n[job: " + r.get_or("jobId", "") + " " + status + "]";
    if (status == "finished") out += "\n[exit: " + num(r.get("exit")) + "]";
    return out;
  }
  if (r.get("screen")) {
    std::string sc = r.get_or("screen", "");
    return sc.empty() ? "(empty screen)" : sc;
  }
  const json::Value* total = r.get("total");
  if (!total || !total->is_number() || total->as_number() == 0) return "(no retained output)";
  if (!r.get("first") || r.get("first")->is_null()) {
    return "(no lines from " + json::number_to_string(r.get_or<double>("offset", 0) + 1) + ")\n[lines: none of " +
           num(total) + "]";
  }
  std::string out = r.get_or("output", "");
  if (r.get_or<bool>("truncated", false)) out += "\n[output truncated]";
  return out + "\n[lines: " + num(r.get("first")) + "-" + num(r.get("last")) + " of " + num(total) + "]";
}

// --- terminal_signal

bool valid_signal(const json::Value& req, std::string* err) {
  if (!fields_ok(req, {kSession, {"signal", "signal", Type::String}}, err) || !need_session(req, err)) return false;
  std::string s = req.get_or("signal", "");
  if (signal_number(s) == 0) {
    *err = "unknown signal '" + s + "': expected one of SIGINT, SIGTERM, SIGKILL, SIGTSTP, SIGHUP";
    return false;
  }
  return true;
}

bool check_signal(json::Value* req, std::string* err) {
  if (!valid_signal(*req, err)) return false;
  req->set("signal", signal_name(signal_number(req->get_or("signal", ""))));
  return true;
}

// The key a terminal sends for sig (ISIG), or 0.
char relay_key(int sig) { return sig == SIGINT ? '\x03' : sig == SIGTSTP ? '\x1a' : 0; }

void serve_signal(Server& sv, const Request& r) {
  Session* s = sv.find(r.client, r.chat, r.args.get_or("session", ""));
  if (!s || !reachable(sv, r, *s)) return;
  std::string name = r.args.get_or("signal", "");
  int sig = signal_number(name);
  if (sig <= 0) return sv.error(r.client, "unknown signal '" + name + "'", wire::kCodeUsage);
  if (s->status() != Session::Status::Running || !s->has_pty())
    return sv.error(r.client, "terminal session " + s->id() + " is not running");
  pid_t pg = sv.probe().front_group(s->tty());
  if (pg <= 0) pg = s->pid();
  if (sig == SIGKILL && pg == s->pid())
    return sv.error(r.client, "refused: SIGKILL would end the session's shell; close the session instead");
  json::Value res = json::Value::object();
  res.set("session", s->id());
  res.set("signal", signal_name(sig));
  res.set("pgid", static_cast<int64_t>(pg));
  // A relay in front (ssh, sudo -i, script) passes keys on, not signals: Ctrl-C and Ctrl-Z are
  // typed as a terminal sends them, and the terminal behind it signals its own front group.
  if (char key = relay_key(sig); key && sv.probe().relay(pg, false).kind != RelayKind::None) {
    s->drain();
    s->write(std::string(1, key));
    s->flush();
    if (s->wants_write()) sv.want_write(s);
    return sv.ok(r.client, res);
  }
  if ((sig == SIGINT || sig == SIGTSTP) && pg != s->pid()) {
    s->drain();  // what the job printed before the signal is not the shell's answer to it
    s->interrupted(sig == SIGTSTP);
  }
  if (killpg(pg, sig) != 0)
    return sv.error(r.client, "cannot signal process group " + std::to_string(pg) + ": " + std::strerror(errno));
  // A stopped job sees none of these until it runs again.
  if (sig == SIGTERM || sig == SIGHUP || sig == SIGINT) killpg(pg, SIGCONT);
  sv.ok(r.client, res);
}

std::string render_signal(const json::Value& r) {
  return "delivered " + r.get_or("signal", "") + " to foreground process group " + num(r.get("pgid"));
}

// --- terminal_close

bool valid_close(const json::Value& req, std::string* err) {
  return fields_ok(req, {kSession}, err) && need_session(req, err);
}

bool check_close(json::Value* req, std::string* err) { return valid_close(*req, err); }

void serve_close(Server& sv, const Request& r) {
  std::string closed;
  Session* s = sv.find(r.client, r.chat, r.args.get_or("session", ""), &closed);
  if (!s && closed.empty()) return;
  if (s && !reachable(sv, r, *s)) return;
  if (!s || s->status() == Session::Status::Closing) {
    json::Value res = json::Value::object();
    res.set("session", s ? s->id() : closed);
    res.set("status", "already closing");
    return sv.ok(r.client, res);
  }
  sv.close(s, r.client);
}

std::string render_close(const json::Value& r) {
  if (r.get_or("status", "") == "closed") return "closed terminal session " + r.get_or("session", "");
  return "terminal session " + r.get_or("session", "") + " was already closing";
}

// --- terminal_list

bool valid_list(const json::Value& req, std::string* err) { return fields_ok(req, {{"ids", "ids", Type::Bool}}, err); }

bool check_list(json::Value* req, std::string* err) { return valid_list(*req, err); }

const char* list_status(Session::Status st) {
  switch (st) {
    case Session::Status::Closing: return "closing";
    case Session::Status::Exited: return "exited";
    default: return "running";
  }
}

void serve_list(Server& sv, const Request& r) {
  json::Value list = json::Value::array();
  for (Session* s : sv.sessions(r.chat)) {
    json::Value e = json::Value::object();
    e.set("id", s->id());
    e.set("name", name_or_null(*s));
    e.set("type", s->type());
    e.set("host", s->host().empty() ? json::Value() : json::Value(s->host()));
    e.set("status", list_status(s->status()));
    bool has_pid = s->pid() > 0 && s->status() != Session::Status::Exited;
    e.set("pid", has_pid ? json::Value(static_cast<int64_t>(s->pid())) : json::Value());
    e.set("sandbox", sandbox::mode_name(s->mode()));
    list.push(std::move(e));
  }
  json::Value res = json::Value::object();
  res.set("sessions", std::move(list));
  sv.ok(r.client, res);
}

std::string render_list(const json::Value& r) {
  const json::Value* list = r.get("sessions");
  bool ids = r.get_or<bool>("ids", false);
  if (!list || !list->is_array() || list->items().empty()) return ids ? "" : "(no terminal sessions)";
  std::string out;
  for (const auto& e : list->items()) {
    std::string name = e.get_or("name", "");
    if (ids) {
      out += e.get_or("id", "") + "\n";
      if (!name.empty()) out += name + "\n";
      continue;
    }
    out += e.get_or("id", "");
    if (!name.empty()) out += " (" + name + ")";
    out += " [" + e.get_or("type", "") + "] " + e.get_or("status", "");
    if (const json::Value* pid = e.get("pid"); pid && pid->is_number()) out += " " + num(pid);
    if (std::string host = e.get_or("host", ""); !host.empty()) out += " [host: " + host + "]";
    // Only a bounded shell says so: the others have full access, as a terminal would.
    if (std::string mode = e.get_or("sandbox", ""); !mode.empty() && mode != "danger-full-access")
      out += " [sandbox: " + mode + "]";
    out += "\n";
  }
  if (!out.empty()) out.pop_back();
  return out;
}

json::Value list_offline(const json::Value&) {
  json::Value r = json::Value::object();
  r.set("sessions", json::Value::array());
  return r;
}

const Tool kTools[] = {
    {.name = "terminal_open", .valid = valid_open, .check = check_open, .serve = serve_open, .render = render_open,
     .main_field = "message", .starts_daemon = true, .caller_context = true},
    {.name = "terminal_send", .valid = valid_send, .check = check_send, .serve = serve_send, .render = render_send, .main_field = "output"},
    {.name = "terminal_read", .valid = valid_read, .check = check_read, .serve = serve_read, .render = render_read, .main_field = "output"},
    {.name = "terminal_signal", .valid = valid_signal, .check = check_signal, .serve = serve_signal, .render = render_signal, .main_field = nullptr},
    {.name = "terminal_close", .valid = valid_close, .check = check_close, .serve = serve_close, .render = render_close, .main_field = nullptr},
    {.name = "terminal_list", .valid = valid_list, .check = check_list, .serve = serve_list, .render = render_list, .main_field = nullptr,
     .offline = list_offline, .echo_flag = "ids"},
};

}  // namespace

const Tool* find_tool(std::string_view name) {
  for (const Tool& t : kTools) if (t.name == name) return &t;
  return nullptr;
}

bool valid_request(const json::Value& req, const Tool** tool, std::string* err) {
  if (!fields_ok(req, {{"tool", "tool", Type::String}, {"chat", "chat", Type::String}, {"cwd", "cwd", Type::String},
                       {"shell", "shell", Type::String}, {"sandbox", "sandbox", Type::String},
                       {"workspace", "workspace", Type::String}, {"environ", "environ", Type::Array},
                       {"max_bytes", "max-bytes", Type::Whole, 64, static_cast<double>(wire::kMaxRequest),
                        "a whole number of at least 64", "a whole number of at most 67108864"}},
                 err))
    return false;
  sandbox::Mode mode;
  if (const json::Value* m = req.get("sandbox"); m && !sandbox::parse_mode(m->as_string(), &mode)) {
    *err = "invalid sandbox '" + m->as_string() + "': expected read-only, workspace-write or danger-full-access";
    return false;
  }
  if (const json::Value* env = req.get("environ")) {
    for (const auto& e : env->items()) {
      if (!e.is_string() || e.as_string().find('=') == std::string::npos || e.as_string()[0] == '=') {
        *err = "invalid environ entry " + json::write(e) + ": expected a K=V string";
        return false;
      }
    }
  }
  if (const json::Value* a = req.get("args"); a && !a->is_object()) {
    *err = "invalid args '" + json::write(*a) + "': expected an object";
    return false;
  }
  std::string name = req.get_or("tool", "");
  *tool = find_tool(name);
  if (!*tool) *err = "unknown tool '" + name + "'";
  return *tool != nullptr;
}

json::Value open_result(Session* s) {
  json::Value r = json::Value::object();
  r.set("id", s->id());
  r.set("name", name_or_null(*s));
  r.set("type", s->type());
  if (!s->host().empty()) r.set("host", s->host());
  r.set("pid", s->pid() > 0 ? json::Value(static_cast<int64_t>(s->pid())) : json::Value());
  r.set("status", s->status() == Session::Status::Exited ? "exited" : "running");
  // What the shell printed after its first prompt (before it, only the integration's own
  // setup, which is never shown).
  r.set("message", s->take_unseen());
  return r;
}

}  // namespace oda::term
