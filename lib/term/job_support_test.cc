// The decision whether a background send may start: the build's refusal first, then the
// setup's (tests/config.bats sees the setup's through the binaries; a NO_JOBS=1 build is
// checked by hand, see README).
#include "term/job_support.h"

#include <gtest/gtest.h>

namespace oda::term {

TEST(TermJobSupport, ABuildWithoutJobsRefusesBackgroundSendsWhateverTheSetupSays) {
  const std::string build =
      "refused: background sends are not available in this build (built without job support): send without "
      "run_in_background";
  EXPECT_EQ(background_refusal(false, true), build);
  EXPECT_EQ(background_refusal(false, false), build);
}

TEST(TermJobSupport, ASetupThatTurnsThemOffRefusesThemInABuildWithJobs) {
  EXPECT_EQ(background_refusal(true, false),
            "refused: background sends are off in this setup (terminal.background_sends is false): send without "
            "run_in_background");
  EXPECT_EQ(background_refusal(true, true), "");
}

TEST(TermJobSupport, ThisBuildRunsJobsUnlessMadeWithNoJobs) {
#ifdef ODA_NO_JOBS
  EXPECT_FALSE(jobs_built());
#else
  EXPECT_TRUE(jobs_built());
#endif
}

}  // namespace oda::term
