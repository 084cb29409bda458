// Background jobs (SPEC 3.3): a send that runs beside its session, not in front of it. A
// job is its own shell running the text as a script, on a terminal of its own, under a
// keeper of its own (a subreaper, as the session's shell has), in the session's folder and
// environment as they are at the send and under the session's sandbox. Its output is its
// own: read with term-read --job, each read going on where the previous one stopped. It
// ends `finished` with its exit status (an `exit N` in it ends it so), or `killed` (by a
// signal, or with its session's close).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

#include "json/json.h"
#include "term/bounds.h"
#include "term/session.h"
#include "term/spawn.h"

namespace oda::term {

// The exported variables a session's state file holds (Integration::state): what stands
// between its two `#oda-state N` lines of the same N. false when the file holds no whole
// dump (empty, or being written over as it is read).
bool state_dump(std::string_view file, std::string* dump);

// How a job's shell is started, decided before the fork.
struct JobPlan {
  std::vector<std::string> argv, env;
};

// `shell` (of `kind`) runs `text` as a script. With `dump` (the session's `export -p`), the
// job's shell reads it first, from its environment, so the job has exactly the variables
// the session exports now; without one (a POSIX sh writes none) the job gets `exec_env`,
// what the session's shell started with. `own` (NAME=VALUE: the session's tag) is always in
// the job's environment.
JobPlan job_plan(const std::string& shell, ShellKind kind, const std::string& text,
                 const std::optional<std::string>& dump, const std::vector<std::string>& exec_env,
                 const std::vector<std::string>& own);

class Jobs {
 public:
  Jobs();
  ~Jobs();
  Jobs(const Jobs&) = delete;
  Jobs& operator=(const Jobs&) = delete;

  // Starts `text` as a job beside s. *result: the job's facts (jobId, session, text,
  // status); *master: the job's terminal, for the caller to watch. false with *err set.
  bool start(const std::string& chat, Session* s, const std::string& text, json::Value* result, int* master,
             std::string* err);
  // The job on terminal `master` has output: false once nothing can come any more (stop
  // watching it).
  bool on_output(int master);
  // Reads the keepers' reports: a job whose shell ended is finished (exit status) or killed
  // (a signal).
  void reap();
  // s begins closing: its running jobs are killed, their processes hung up.
  void close_session(const Session* s);
  // Ends what is left of s's jobs as a close goes on (`elapsed` ms since it began, the
  // phases of closing.h); true once none of their processes is left.
  bool ended_with(const Session* s, int64_t elapsed);
  // What job `id` of chat printed since its previous read, with its status; false when the
  // chat has no such job.
  bool read(const std::string& chat, const std::string& id, size_t max_bytes, json::Value* result);
  // Whether chat has job `id` (in any state); *session and *mode: its session's id and mode
  // (a read is bounded by it, as the session's own calls are).
  bool find(const std::string& chat, const std::string& id, std::string* session, sandbox::Mode* mode) const;
  // s is freed: its jobs let go of it (ending what is left of them, when no close did).
  void forget(const Session* s);
  // The running jobs' shells and keepers, bound as their sessions are (bounds.h).
  std::vector<SessionBound> bounds() const;

 private:
  struct Job;
  static constexpr size_t kMaxRunningPerChat = 64;
  // Jobs kept (ended ones are readable until then; the oldest ended are forgotten first).
  static constexpr size_t kKept = 1000;
  Job* by_master(int master);
  // A job whose shell ended is finished or killed once its output is all in (all_read).
  static void settle(Job* j, bool all_read);
  std::vector<std::unique_ptr<Job>> jobs_;
  int next_ = 1;
};

}  // namespace oda::term
