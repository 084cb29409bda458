// Callers' bounds against sessions' modes (see bounds.h).
#include "term/bounds.h"

#include <cstdlib>
#include <fstream>
#include <sstream>


namespace oda::term {

pid_t proc_parent(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
  std::string s((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
  size_t close = s.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream rest(s.substr(close + 1));
  std::string state;
  long ppid = 0;
  rest >> state >> ppid;
  return static_cast<pid_t>(ppid);
}

namespace {

void narrow(Bound* b, sandbox::Mode mode, const std::string& workspace) {
  if (!b->bounded || sandbox::is_wider(b->mode, mode)) {
    b->mode = mode;
    b->workspace = workspace;
  }
  b->bounded = true;
}

bool under(const std::string& path, const std::string& root) {
  if (root == "/") return true;
  return path.compare(0, root.size(), root) == 0 && (path.size() == root.size() || path[root.size()] == '/');
}

}  // namespace

Bound caller_bound(const json::Value& envelope, pid_t peer, pid_t self, const std::vector<SessionBound>& all,
                   const ParentOf& parent_of) {
  Bound b;
  sandbox::Mode m;
  if (sandbox::parse_mode(envelope.get_or("sandbox", ""), &m)) narrow(&b, m, envelope.get_or("workspace", ""));
  // A bounded ancestor: a shell of a sandboxed session. No walk is needed without one.
  const SessionBound* narrowest = nullptr;
  for (const SessionBound& s : all) {
    if (s.sandboxed && (!narrowest || sandbox::is_wider(narrowest->mode, s.mode))) narrowest = &s;
  }
  if (!narrowest || peer <= 0) return b;
  pid_t p = peer;
  for (int depth = 0; p > 1 && depth < 4096; ++depth) {
    if (p == self) {
      narrow(&b, narrowest->mode, narrowest->workspace);
      return b;
    }
    for (const SessionBound& s : all) {
      if (s.leader != p) continue;
      if (s.sandboxed) narrow(&b, s.mode, s.workspace);
      return b;
    }
    p = parent_of(p);
  }
  return b;
}

bool open_mode(const Bound& b, const std::string& cwd, std::optional<sandbox::Mode>* mode, std::string* err) {
  mode->reset();
  if (!b.bounded) return true;
  if (b.mode == sandbox::Mode::WorkspaceWrite && !b.workspace.empty() && !under(cwd, b.workspace)) {
    *err = "refused: this caller's workspace-write opens sessions only under its workspace '" + b.workspace +
           "', not in '" + cwd + "'";
    return false;
  }
  *mode = b.mode;
  return true;
}

bool may_reach(const Bound& b, const std::string& id, sandbox::Mode mode, std::string* err) {
  if (!b.bounded || !sandbox::is_wider(mode, b.mode)) return true;
  *err = "refused: terminal session " + id + " runs under " + sandbox::mode_name(mode) + ", wider than this caller's " +
         sandbox::mode_name(b.mode);
  return false;
}

}  // namespace oda::term
