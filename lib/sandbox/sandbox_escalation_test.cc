// Unit tests of the escalation decision: who answers, and what a denial says.
#include "sandbox/sandbox_escalation.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>
#include <sstream>

namespace sb = oda::sandbox;

namespace {

sb::Policy chat(sb::Mode m) {
  sb::Policy p;
  std::string err;
  EXPECT_TRUE(sb::resolve_policy(sb::mode_name(m), "/tmp", &p, &err)) << err;
  return p;
}

sb::AskOptions no_terminal() {
  sb::AskOptions o;
  o.tty = "/nonexistent/tty";
  o.description = "Write the report";
  return o;
}

}  // namespace

TEST(Escalation, NarrowerModeNeedsNoAnswer) {
  sb::Decision d = sb::decide_escalation(chat(sb::Mode::WorkspaceWrite), sb::Mode::ReadOnly,
                                         "why", no_terminal());
  EXPECT_TRUE(d.allowed);
  EXPECT_EQ(d.mode, sb::Mode::ReadOnly);
  EXPECT_EQ(d.by, "none");
}

TEST(Escalation, FlagAllows) {
  sb::AskOptions o = no_terminal();
  o.approve_flag = true;
  sb::Decision d = sb::decide_escalation(chat(sb::Mode::ReadOnly), sb::Mode::DangerFullAccess,
                                         "Needs /etc.", o);
  EXPECT_TRUE(d.allowed);
  EXPECT_EQ(d.mode, sb::Mode::DangerFullAccess);
  EXPECT_EQ(d.by, "--approve-escalation");
}

TEST(Escalation, ApproverGetsTheQuestionAndDecides) {
  char tmpl[] = "/tmp/oda-esc-XXXXXX";
  ASSERT_NE(mkdtemp(tmpl), nullptr);
  std::string q = std::string(tmpl) + "/q.json";
  sb::AskOptions o = no_terminal();
  o.approver = "cat > '" + q + "'";
  sb::Decision d = sb::decide_escalation(chat(sb::Mode::ReadOnly), sb::Mode::WorkspaceWrite,
                                         "Writes the report.", o);
  EXPECT_TRUE(d.allowed);
  EXPECT_EQ(d.by, "approver");
  std::ifstream in(q);
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(ss.str(),
            "{\"type\":\"sandbox_escalation\",\"tool\":\"run_code\",\"description\":\"Write the "
            "report\",\"mode\":\"read-only\",\"requested\":\"workspace-write\","
            "\"justification\":\"Writes the report.\",\"workspace\":\"/tmp\"}\n");
  system(("rm -rf '" + std::string(tmpl) + "'").c_str());

  o.approver = "exit 1";
  d = sb::decide_escalation(chat(sb::Mode::ReadOnly), sb::Mode::WorkspaceWrite, "x", o);
  EXPECT_FALSE(d.allowed);
  EXPECT_EQ(d.mode, sb::Mode::ReadOnly);
  EXPECT_EQ(d.refusal, "escalation to 'workspace-write' denied by the approver; nothing ran");

  o.approver = "sleep 5";
  o.timeout_ms = 100;
  d = sb::decide_escalation(chat(sb::Mode::ReadOnly), sb::Mode::WorkspaceWrite, "x", o);
  EXPECT_FALSE(d.allowed);
  EXPECT_EQ(d.refusal,
            "escalation to 'workspace-write' denied: the approver did not answer in time; "
            "nothing ran");
}

TEST(Escalation, NobodyToAskDenies) {
  sb::Decision d = sb::decide_escalation(chat(sb::Mode::WorkspaceWrite),
                                         sb::Mode::DangerFullAccess, "x", no_terminal());
  EXPECT_FALSE(d.allowed);
  EXPECT_EQ(d.refusal,
            "escalation to 'danger-full-access' denied: no approver and no terminal to ask "
            "(pass --approve-escalation to allow it in a script); nothing ran");
}

TEST(Escalation, ADenialCarriesWhatTheApproverSaid) {
  sb::AskOptions o = no_terminal();
  o.approver = "cat >/dev/null; echo 'not on Fridays' >&2; exit 3";
  sb::Decision d = sb::decide_escalation(chat(sb::Mode::ReadOnly), sb::Mode::WorkspaceWrite,
                                         std::string(200000, 'j'), o);
  EXPECT_FALSE(d.allowed);
  EXPECT_EQ(d.refusal,
            "escalation to 'workspace-write' denied by the approver: not on Fridays; nothing ran");
  // An approver that never reads a long question still ends at the deadline.
  o.approver = "sleep 5";
  o.timeout_ms = 200;
  d = sb::decide_escalation(chat(sb::Mode::ReadOnly), sb::Mode::WorkspaceWrite,
                            std::string(200000, 'j'), o);
  EXPECT_FALSE(d.allowed);
}
