// Background jobs: the state file a session's shell leaves (whole or being written), and how
// a job's shell is started from it (tests/term-jobs.bats drives real jobs).
#include "term/jobs.h"

#include <gtest/gtest.h>

namespace oda::term {

TEST(TermJobs, AStateFileGivesTheDumpBetweenItsTwoMarkersOfOneCount) {
  std::string dump;
  ASSERT_TRUE(state_dump("#oda-state 7\ndeclare -x A=\"1\"\ndeclare -x B=$'x\\ny'\n#oda-state 7\n", &dump));
  EXPECT_EQ(dump, "declare -x A=\"1\"\ndeclare -x B=$'x\\ny'\n");
  // Rewritten in place: what is left of a longer earlier dump after the end is not read.
  ASSERT_TRUE(state_dump("#oda-state 8\nexport A=1\n#oda-state 8\nexport OLD=1\n#oda-state 7\n", &dump));
  EXPECT_EQ(dump, "export A=1\n");
  ASSERT_TRUE(state_dump("#oda-state 9\n#oda-state 9\n", &dump));
  EXPECT_EQ(dump, "");
}

TEST(TermJobs, AStateFileBeingWrittenOverOrEmptyGivesNoDump) {
  std::string dump = "kept";
  // Count 8 is being written over count 7's dump: its closing line is not there yet.
  EXPECT_FALSE(state_dump("#oda-state 8\ndeclare -x A=\"2\"\ndecl\"1\"\n#oda-state 7\n", &dump));
  EXPECT_FALSE(state_dump("", &dump));
  EXPECT_FALSE(state_dump("#oda-state 3", &dump));
  EXPECT_FALSE(state_dump("declare -x A=\"1\"\n", &dump));
  // A value holding the marker text is quoted on its own line, never at a line's start.
  EXPECT_FALSE(state_dump("#oda-state 4\ndeclare -x A=$'\\n#oda-state 4\\n'\n", &dump));
  EXPECT_EQ(dump, "kept");
}

TEST(TermJobs, AJobsShellReadsTheDumpFromItsEnvironmentThenRunsTheText) {
  JobPlan p = job_plan("/bin/bash", ShellKind::Bash, "echo $X; exit 3", std::string("declare -x X=\"1\"\n"),
                       {"FROM_START=1"}, {"ODA_TERM_SESSION=9-pty-1"});
  ASSERT_EQ(p.argv.size(), 5u);
  EXPECT_EQ(p.argv[0], "/bin/bash");
  EXPECT_EQ(p.argv[1], "--noprofile");
  EXPECT_EQ(p.argv[2], "--norc");
  EXPECT_EQ(p.argv[3], "-c");
  EXPECT_EQ(p.argv[4], "builtin eval \"$__ODA_JOB_ENV\"; builtin unset __ODA_JOB_ENV\necho $X; exit 3");
  // Only the tag and the dump: what the shell started with is no longer the session's.
  EXPECT_EQ(p.env, (std::vector<std::string>{"ODA_TERM_SESSION=9-pty-1", "__ODA_JOB_ENV=declare -x X=\"1\"\n"}));
  JobPlan z = job_plan("/bin/zsh", ShellKind::Zsh, "true", std::string("export X=1\n"), {}, {});
  EXPECT_EQ((std::vector<std::string>{z.argv[0], z.argv[1], z.argv[2]}),
            (std::vector<std::string>{"/bin/zsh", "-f", "-c"}));
}

TEST(TermJobs, WithoutADumpAJobGetsWhatTheSessionsShellStartedWith) {
  JobPlan p = job_plan("/bin/sh", ShellKind::Posix, "pwd", std::nullopt,
                       {"PATH=/bin", "ODA_TERM_SESSION=stale", "HOME=/h"}, {"ODA_TERM_SESSION=9-pty-2"});
  EXPECT_EQ(p.argv, (std::vector<std::string>{"/bin/sh", "-c", "pwd"}));
  EXPECT_EQ(p.env, (std::vector<std::string>{"PATH=/bin", "HOME=/h", "ODA_TERM_SESSION=9-pty-2"}));
}

}  // namespace oda::term
