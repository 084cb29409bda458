// A shell on a PTY with the daemon's prompt (see session.h).
#include "term/session.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "sandbox/sandbox_shell.h"
#include "term/runtime.h"
#include "term/spawn.h"

namespace oda::term {

namespace {

std::string make_nonce() {
  unsigned char raw[16];
  if (getrandom(raw, sizeof raw, 0) != static_cast<ssize_t>(sizeof raw)) {
    for (auto& b : raw) b = static_cast<unsigned char>(std::rand());
  }
  static const char* hex = "0123456789abcdef";
  std::string s;
  for (unsigned char b : raw) { s.push_back(hex[b >> 4]); s.push_back(hex[b & 15]); }
  return s;
}

}  // namespace

Session::Session(int number, std::string chat, std::string name, const SpawnOptions& opt,
                 const sys::Clock& clock)
    : clock_(clock), number_(number), chat_(std::move(chat)), name_(std::move(name)), opt_(opt),
      store_(opt.keep_lines), screen_(std::make_unique<Screen>(opt.rows, opt.cols)) {
  type_ = session_type_name(opt.type);
  nonce_ = make_nonce();
  text_.set_marker_prefix(marker_prefix(nonce_));
  text_.on_marker = [this](std::string_view rest) { on_marker(rest); };
}

Session::~Session() { hang_up(); }

std::string Session::workspace() const { return box_ ? box_->workspace() : ""; }

void Session::release() {
  store_.clear();
  screen_pending_.clear();
  screen_pending_.shrink_to_fit();
  screen_.reset();
}

void Session::hang_up() {
  if (!state_path_.empty()) unlink(state_path_.c_str());
  state_path_.clear();
  master_fd_.reset();
  slave_fd_.reset();
  tty_.master = tty_.slave = -1;
}

void Session::closed() {
  hang_up();
  status_ = Status::Closed;
}

void Session::submitted() {
  at_prompt_ = false;
  drain();
  text_.soft_break();
}

bool Session::open_pty(std::string* err) {
  master_fd_.reset(posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC));
  tty_.master = master_fd_.get();
  if (tty_.master < 0 || grantpt(tty_.master) != 0 || unlockpt(tty_.master) != 0) {
    *err = std::string("cannot open a pseudo-terminal: ") + std::strerror(errno);
    return false;
  }
  const char* pts = ptsname(tty_.master);
  slave_name_ = pts ? pts : "";
  // The daemon keeps the slave open too: TIOCINQ on it says what no program has read yet,
  // and the terminal outlives a shell that closes its fds.
  slave_fd_.reset(open(slave_name_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC));
  tty_.slave = slave_fd_.get();
  if (tty_.slave < 0) {
    *err = std::string("cannot open the terminal: ") + std::strerror(errno);
    return false;
  }
  struct stat st;
  fstat(tty_.slave, &st);
  tty_.dev = st.st_rdev;
  termios t;
  tcgetattr(tty_.slave, &t);
  // Echo off from the first byte: the shell reads without a line editor, so nothing the
  // daemon writes comes back as output.
  t.c_lflag |= ICANON | ISIG | IEXTEN;
  t.c_lflag &= ~(ECHO | ECHOE | ECHOK | ECHONL | ECHOCTL | ECHOKE);
  t.c_iflag |= ICRNL | IUTF8;
  t.c_oflag |= OPOST | ONLCR;
  tcsetattr(tty_.slave, TCSANOW, &t);
  winsize ws{};
  ws.ws_col = static_cast<unsigned short>(opt_.cols);
  ws.ws_row = static_cast<unsigned short>(opt_.rows);
  ioctl(tty_.master, TIOCSWINSZ, &ws);
  fcntl(tty_.master, F_SETFL, fcntl(tty_.master, F_GETFL) | O_NONBLOCK);
  return true;
}

bool Session::spawn(std::string* err) { return open_pty(err) && start_shell(err); }

bool Session::start_shell(std::string* err) {
  shell_ = pick_shell(opt_.shell, std::getenv("SHELL"));
  ShellKind kind = ShellKind::Bash;
  shell_kind(shell_, &kind);
  tag_ = "ODA_TERM_SESSION=" + std::to_string(getpid()) + "-" + id();

  // Everything the child needs is built before fork: after it only async-signal-safe calls.
  std::vector<std::string> base = opt_.caller_env ? *opt_.caller_env : system_env();
  std::string cwd = opt_.cwd.empty() ? "/" : opt_.cwd;
  // --env, then the sandbox's own names (its mode, its TMPDIR), which nothing overrides.
  std::vector<std::string> overrides = opt_.env;
  // Where the shell leaves its exported variables for the jobs beside it (private, like
  // the runtime folder it is in).
  std::string state = runtime_dir() + "/" + tag_.substr(tag_.find('=') + 1) + ".state";
  if (int fd = open(state.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600); fd >= 0) {
    ::close(fd);
    state_path_ = state;
  }
  if (opt_.sandbox) {
    box_ = std::make_unique<sandbox::ShellSandbox>();
    if (!box_->prepare(*opt_.sandbox, cwd, slave_name_, err, {state_path_})) return false;
    for (auto& kv : box_->env()) overrides.push_back(kv);
  }
  // Tools run inside the session work in its chat and reach this daemon, whatever the
  // caller's own names were.
  std::vector<std::string> env =
      shell_env(base, {tag_, "ODA_CHAT=" + chat_, "ODA_RUNTIME_DIR=" + runtime_dir()}, overrides);
  // A POSIX sh's rc file is the caller's $ENV, loaded by the integration (not at the
  // shell's start, where what it prints would be lost with the shell's own noise).
  std::string env_file;
  for (const auto& kv : base) if (kv.rfind("ENV=", 0) == 0) env_file = kv.substr(4);
  std::vector<std::string> argv = shell_argv(shell_, kind);
  if (remote() && !remote_argv(base, &argv, err)) return false;
  ShellProcess proc;
  ShellStart start{.argv = argv, .env = env, .cwd = cwd, .tty = slave_name_,
                   .ruleset = box_ ? box_->ruleset_fd() : -1};
  if (!start_shell_process(start, &proc, err)) return false;
  keeper_ = proc.keeper;
  status_fd_.reset(proc.status_fd);
  pid_t pid = proc.shell;
  pid_ = pid;
  if (box_) box_->close_ruleset();
  last_output_ms_ = clock_.now_ms();
  if (remote()) {
    // Until the far shell is up, what comes is its output (a banner, a question of ssh's).
    bootstrap_pending_ = true;
    rc_output_ = true;
    return true;
  }
  write(integration_script(kind, nonce_, Integration{.rc = opt_.rc, .cwd = cwd, .env_file = env_file, .state = state_path_}));
  flush();
  return true;
}

bool Session::remote_argv(const std::vector<std::string>& env, std::vector<std::string>* argv, std::string* err) {
  std::string path = "/usr/local/bin:/usr/bin:/bin";
  for (const auto& kv : env) if (kv.rfind("PATH=", 0) == 0) path = kv.substr(5);
  if (opt_.type == SessionType::Ssh) {
    std::string ssh = find_program("ssh", path);
    if (ssh.empty()) {
      *err = "cannot start an ssh session: no 'ssh' on PATH (install the OpenSSH client)";
      return false;
    }
    std::string socket = control_socket(runtime_dir(), opt_.host, opt_.ssh_options);
    // The master holds the caller's environment (its agent) but not the session's tag: it
    // outlives the session, for the next one to the host.
    start_ssh_master(ssh_master_argv(ssh, opt_.host, opt_.ssh_options, socket), env, socket);
    *argv = ssh_argv(ssh, opt_.host, opt_.ssh_options, socket);
  } else {
    *argv = opt_.argv;
    std::string program = argv->empty() ? "" : find_program(argv->front(), path);
    if (program.empty()) {
      *err = "no program '" + (argv->empty() ? std::string() : argv->front()) + "' to run (not found on PATH)";
      return false;
    }
    argv->front() = program;
  }
  shell_ = argv->front();
  return true;
}

void Session::bootstrap() {
  bootstrap_pending_ = false;
  rearming_ = true;
  // The far shell's own prompt goes with the rest of its noise until our marker.
  text_.drop_partial();
  write(bootstrap_script(nonce_, opt_.remote_cwd));
  flush();
}

void Session::on_marker(std::string_view rest) {
  at_prompt_ = true;
  rearming_ = false;
  // The first prompt after the rc files' output: the session is up (the rc's own last
  // status is not a command's).
  if (status_ == Status::Starting) {
    status_ = Status::Running;
    last_exit_ = 0;
    // A send may already wait on a remote shell (the answer to ssh's password question):
    // its first prompt ends that send.
    if (remote()) ++prompts_;
    return;
  }
  ++prompts_;
  last_exit_ = std::atoi(std::string(rest).c_str());
}

bool Session::rearm() {
  ShellKind kind;
  if (rearming_ || pid_ <= 0 || !running_shell_kind(pid_, &kind)) return false;
  rearming_ = true;
  // What it printed so far on the open line is its own prompt: gone with the rest of its
  // noise until our marker.
  text_.drop_partial();
  write(integration_script(kind, nonce_, Integration{.state = state_path_}));
  flush();
  return true;
}

void Session::ingest(std::string_view bytes) {
  last_output_ms_ = clock_.now_ms();
  if ((status_ == Status::Starting && !rc_output_) || rearming_) {
    // Before the first marker (or, taking over a new shell, the next one) come only the
    // shell's own prompt and the integration's noise.
    startup_.append(bytes);
    std::string head = "\x1b]6973;" + nonce_ + ";";
    size_t at = startup_.find(head);
    if (at == std::string::npos) return;
    size_t bel = startup_.find('\a', at);
    if (bel == std::string::npos) return;
    std::string status = startup_.substr(at + head.size(), bel - at - head.size());
    std::string rest = startup_.substr(bel + 1);
    startup_.clear();
    if (status == "rc") {
      // What the rc files print from here on is the startup output.
      rc_output_ = true;
    } else if (rearming_) {
      on_marker(status);
    } else {
      last_exit_ = 0;
      at_prompt_ = true;
      status_ = Status::Running;
    }
    if (!rest.empty()) ingest(rest);
    return;
  }
  // The screen shows what a terminal would, that newline included.
  size_t from = screen_pending_.size() > 16 ? screen_pending_.size() - 16 : 0;
  screen_pending_.append(bytes);
  // A program asking the terminal (its cursor position, its size) waits for the answer:
  // the screen must be where the program is now, and answers at once.
  if (Screen::has_query(std::string_view(screen_pending_).substr(from))) feed_screen();
  if (interrupt_until_) feed_after_interrupt(bytes);
  else text_.feed(bytes);
  if (screen_pending_.size() >= kScreenBatch) feed_screen();
}

void Session::interrupted(bool suspend) {
  release_held();
  // A job cut off mid-line: the shell's newline ends that line, a real one.
  if (!text_.partial().empty()) return;
  held_pattern_ = suspend ? "\r\n[" : "\r\n\x1b]6973;" + nonce_ + ";130\a";
  interrupt_until_ = clock_.now_ms() + kInterruptWindowMs;
}

void Session::feed_after_interrupt(std::string_view bytes) {
  held_.append(bytes);
  const std::string& lone = held_pattern_;
  if (held_.size() < lone.size() && lone.compare(0, held_.size(), held_) == 0) return;
  interrupt_until_ = 0;
  std::string b;
  b.swap(held_);
  text_.feed(b.rfind(lone, 0) == 0 ? std::string_view(b).substr(2) : std::string_view(b));
}

void Session::release_held() {
  interrupt_until_ = 0;
  if (held_.empty()) return;
  std::string b;
  b.swap(held_);
  text_.feed(b);
}

bool Session::drain(size_t budget) {
  if (interrupt_until_ && clock_.now_ms() >= interrupt_until_) release_held();
  if (tty_.master < 0) return false;
  char buf[65536];
  size_t got = 0;
  for (;;) {
    // A short read does not mean the PTY is empty; read until EAGAIN or the budget is spent
    // (the budget keeps one busy session from starving the others).
    if (got >= budget) return true;
    ssize_t n = read(tty_.master, buf, sizeof buf);
    if (n > 0) {
      ingest(std::string_view(buf, static_cast<size_t>(n)));
      got += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return true;
    return false;
  }
}

void Session::write(std::string_view bytes) { outq_.append(bytes); }

bool Session::flush() {
  while (!outq_.empty() && tty_.master >= 0) {
    ssize_t n = ::write(tty_.master, outq_.data(), outq_.size());
    if (n > 0) { outq_.erase(0, static_cast<size_t>(n)); continue; }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return true;
    outq_.clear();
    return false;
  }
  return true;
}

namespace {

// The length of the start of `b` that only writes text: printable bytes, \r \n \t \b, and
// CSI sequences that set colours or erase within a line (ESC [ ... m|K). Text like that,
// once scrolled off the screen, leaves no trace on it.
size_t plain_prefix(std::string_view b) {
  size_t i = 0;
  while (i < b.size()) {
    unsigned char c = static_cast<unsigned char>(b[i]);
    if (c >= 0x20 && c != 0x7f) { ++i; continue; }
    if (c == '\n' || c == '\r' || c == '\t' || c == '\b') { ++i; continue; }
    if (c == 0x1b && i + 1 < b.size() && b[i + 1] == '[') {
      size_t j = i + 2;
      while (j < b.size() && ((b[j] >= '0' && b[j] <= '9') || b[j] == ';')) ++j;
      if (j < b.size() && (b[j] == 'm' || b[j] == 'K')) { i = j + 1; continue; }
    }
    break;
  }
  return i;
}

}  // namespace

void Session::feed_screen() {
  std::string_view b = screen_pending_;
  size_t plain = plain_prefix(b);
  // Skip text that will have scrolled off anyway: keep the last rows+1 lines before the end
  // of the plain part (libvterm moves the whole screen for each line, the costly part).
  int need = opt_.rows + 1;
  size_t q = plain;
  while (q > 0 && need > 0) {
    --q;
    if (b[q] == '\n' && --need == 0) { ++q; break; }
  }
  size_t from = need == 0 ? q : 0;
  if (screen_) screen_->feed(b.substr(from));
  screen_pending_.clear();
  if (std::string answers = screen_ ? screen_->take_replies() : ""; !answers.empty()) {
    write(answers);
    flush();
  }
}

std::string Session::screen() {
  if (!screen_pending_.empty()) feed_screen();
  return screen_ ? screen_->render() : std::string();
}

bool Session::alternate_screen() {
  if (!screen_pending_.empty()) feed_screen();
  return screen_ && screen_->alternate();
}

std::string Session::line(uint64_t n) const {
  if (n < store_.end()) return std::string(store_.at(n));
  return text_.partial();
}

std::string text_since(const LineStore& store, const std::string& partial, Pos* pos, uint64_t until, size_t max_bytes) {
  std::string out;
  bool first = true;
  auto add = [&](std::string_view s) {
    if (!first) out.push_back('\n');
    out.append(s);
    first = false;
  };
  uint64_t end = until < store.end() ? until : store.end();
  bool with_partial = until == UINT64_MAX;
  uint64_t n = pos->line < store.first() ? store.first() : pos->line;
  if (n == pos->line && !pos->partial.empty()) {
    // That line was returned while still being written: show only what it gained.
    std::string text = n < store.end() ? std::string(store.at(n)) : partial;
    std::string rest = text.rfind(pos->partial, 0) == 0 ? text.substr(pos->partial.size()) : text;
    if (n < end) {
      if (!rest.empty()) add(rest);
      ++n;
    } else if (with_partial) {
      if (!rest.empty()) add(rest);
      pos->partial = text;
      return out;
    }
  }
  for (; n < end; ++n) {
    if (out.size() > max_bytes) { n = end; break; }  // the rest would be cut anyway
    add(store.at(n));
  }
  pos->line = end;
  pos->partial.clear();
  if (with_partial && !partial.empty()) {
    add(partial);
    pos->partial = partial;
  }
  return out;
}

std::string Session::output_since(Pos* pos, uint64_t until, size_t max_bytes) const {
  return text_since(store_, text_.partial(), pos, until, max_bytes);
}

void Session::mark_seen(const Pos& p) {
  if (p.line > seen_.line || (p.line == seen_.line && p.partial.size() > seen_.partial.size())) seen_ = p;
  text_.set_floor(seen_.line);
}

bool Session::shell_ended(int* status) {
  if (!status_fd_ || pid_ <= 0) return false;
  ssize_t n = read(status_fd_.get(), status, sizeof *status);
  return n == static_cast<ssize_t>(sizeof *status);
}

void Session::exited(int status) {
  release_held();
  if (WIFEXITED(status)) exit_code_ = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) exit_signal_ = WTERMSIG(status);
  if (status_ == Status::Starting || status_ == Status::Running) status_ = Status::Exited;
  pid_ = -pid_;  // keeps the number for the record, never signalled again
}

}  // namespace oda::term
