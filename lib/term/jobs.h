// Background jobs: a send that does not wait, its own reader over its session's output, and
// its end (finished with the exit status, or killed with its session).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "json/json.h"
#include "term/session.h"

namespace oda::term {

class Jobs {
 public:
  // A job for text just written into s; its reader starts at the end of what s has now.
  // Returns the job's facts (jobId, session, text, status).
  json::Value start(const std::string& chat, Session* s, const std::string& text);
  // Ends the running jobs of s: finished once its shell prompted again, else killed when
  // the session `ended`. A closed session's jobs let go of it (their output is final).
  void update(Session* s, bool ended);
  // What job `id` of chat printed since its previous read, with its status; false when the
  // chat has no such job.
  bool read(const std::string& chat, const std::string& id, size_t max_bytes, json::Value* result);

 private:
  struct Job {
    std::string id, chat, session, text;
    Session* s;  // null once the session is closed
    Pos cursor;
    uint64_t start_prompts;
    std::string status = "running";
    json::Value exit;  // exit status once finished
    uint64_t end_line = UINT64_MAX;
  };
  std::vector<Job> jobs_;
  int next_ = 1;
};

}  // namespace oda::term
