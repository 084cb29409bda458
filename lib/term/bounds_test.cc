// Callers' bounds against sessions' modes: the request's mode, the sandboxed session a caller
// runs in (its ancestors, from a fake process table), orphans, opens and reaches.
#include "term/bounds.h"

#include <gtest/gtest.h>

#include <map>

namespace oda::term {
namespace {

using sandbox::Mode;

constexpr pid_t kTermd = 100;

// termd (100) holds sessions 200 (unrestricted) and 300 (read-only, workspace /w); 201 runs
// under 200, 301 and 302 under 300; 400 is an orphan that came to termd; 500 a caller
// outside every session.
const std::map<pid_t, pid_t> kParents = {{kTermd, 1}, {200, kTermd}, {201, 200}, {300, kTermd},
                                         {301, 300},  {302, 301},    {400, kTermd}, {500, 42}, {42, 1}};
pid_t fake_parent(pid_t p) {
  auto it = kParents.find(p);
  return it == kParents.end() ? 0 : it->second;
}
const std::vector<SessionBound> kSessions = {{200, false, Mode::DangerFullAccess, ""},
                                              {300, true, Mode::ReadOnly, "/w"}};

Bound bound(const std::string& envelope, pid_t peer, const std::vector<SessionBound>& all = kSessions) {
  json::Value v;
  std::string err;
  EXPECT_TRUE(json::parse(envelope, &v, &err)) << err;
  return caller_bound(v, peer, kTermd, all, fake_parent);
}

TEST(TermBounds, ACallerIsBoundByItsRequestAndTheSessionItRunsIn) {
  EXPECT_FALSE(bound("{}", 500).bounded);
  EXPECT_FALSE(bound("{}", 201).bounded);  // under an unrestricted session
  Bound b = bound(R"({"sandbox": "workspace-write", "workspace": "/r"})", 500);
  EXPECT_TRUE(b.bounded);
  EXPECT_EQ(b.mode, Mode::WorkspaceWrite);
  EXPECT_EQ(b.workspace, "/r");
  for (pid_t p : {300, 301, 302}) {
    b = bound(R"({"sandbox": "danger-full-access"})", p);
    EXPECT_TRUE(b.bounded) << p;
    EXPECT_EQ(b.mode, Mode::ReadOnly) << p;
    EXPECT_EQ(b.workspace, "/w") << p;
  }
  // An orphan may come from any session: the narrowest there is binds it.
  EXPECT_EQ(bound("{}", 400).mode, Mode::ReadOnly);
  EXPECT_TRUE(bound("{}", 400).bounded);
  // With no sandboxed session, nothing is walked and nothing binds.
  EXPECT_FALSE(bound("{}", 400, {{200, false, Mode::DangerFullAccess, ""}}).bounded);
  // A narrower request stays narrower than the session around it.
  EXPECT_EQ(bound(R"({"sandbox": "read-only"})", 201).mode, Mode::ReadOnly);
}

TEST(TermBounds, OpensTakeTheCallersModeUnderItsWorkspace) {
  std::optional<Mode> m;
  std::string err;
  EXPECT_TRUE(open_mode(Bound{}, "/anywhere", &m, &err));
  EXPECT_FALSE(m.has_value());
  Bound ww{true, Mode::WorkspaceWrite, "/w"};
  EXPECT_TRUE(open_mode(ww, "/w", &m, &err));
  EXPECT_EQ(m, Mode::WorkspaceWrite);
  EXPECT_TRUE(open_mode(ww, "/w/sub", &m, &err));
  EXPECT_FALSE(open_mode(ww, "/wx", &m, &err));
  EXPECT_EQ(err, "refused: this caller's workspace-write opens sessions only under its workspace '/w', not in '/wx'");
  EXPECT_TRUE(open_mode(Bound{true, Mode::ReadOnly, "/w"}, "/elsewhere", &m, &err));
  EXPECT_EQ(m, Mode::ReadOnly);
}

TEST(TermBounds, ACallerReachesOnlySessionsNoWiderThanItsMode) {
  std::string err;
  EXPECT_TRUE(may_reach(Bound{}, "pty-1", Mode::DangerFullAccess, &err));
  Bound ro{true, Mode::ReadOnly, ""};
  EXPECT_TRUE(may_reach(ro, "pty-1", Mode::ReadOnly, &err));
  EXPECT_FALSE(may_reach(ro, "pty-2", Mode::WorkspaceWrite, &err));
  EXPECT_EQ(err, "refused: terminal session pty-2 runs under workspace-write, wider than this caller's read-only");
  Bound ww{true, Mode::WorkspaceWrite, ""};
  EXPECT_TRUE(may_reach(ww, "pty-1", Mode::ReadOnly, &err));
  EXPECT_FALSE(may_reach(ww, "pty-3", Mode::DangerFullAccess, &err));
  EXPECT_EQ(err, "refused: terminal session pty-3 runs under danger-full-access, wider than this caller's workspace-write");
}

TEST(TermBounds, ParentOfAProcessComesFromProc) {
  EXPECT_EQ(proc_parent(getpid()), getppid());
  EXPECT_EQ(proc_parent(0), 0);
}

}  // namespace
}  // namespace oda::term
