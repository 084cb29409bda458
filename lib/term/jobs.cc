// Background jobs (see jobs.h).
#include "term/jobs.h"

#include "term/text.h"

namespace oda::term {

json::Value Jobs::start(const std::string& chat, Session* s, const std::string& text) {
  Job j;
  j.id = "job-" + std::to_string(next_++);
  j.chat = chat;
  j.session = s->id();
  j.text = text;
  j.s = s;
  j.cursor = s->end_pos();
  j.start_prompts = s->prompts();
  json::Value r = json::Value::object();
  r.set("jobId", j.id);
  r.set("session", s->id());
  r.set("text", text);
  r.set("status", "running");
  jobs_.push_back(std::move(j));
  return r;
}

void Jobs::update(Session* s, bool ended) {
  for (auto& j : jobs_) {
    if (j.s != s || j.status != "running") continue;
    if (s->prompts() > j.start_prompts) {
      j.status = "finished";
      j.exit = s->last_exit();
      j.end_line = s->committed();
    } else if (ended) {
      j.status = "killed";
      j.end_line = s->committed();
    }
  }
  if (!s->live()) {
    for (auto& j : jobs_) if (j.s == s) j.s = nullptr;
  }
}

bool Jobs::read(const std::string& chat, const std::string& id, size_t max_bytes, json::Value* result) {
  for (auto& j : jobs_) {
    if (j.id != id || j.chat != chat) continue;
    std::string out;
    if (j.s) out = j.s->output_since(&j.cursor, j.end_line, max_bytes);
    bool truncated = cut(&out, max_bytes);
    json::Value r = json::Value::object();
    r.set("jobId", j.id);
    r.set("session", j.session);
    r.set("text", j.text);
    r.set("output", out);
    r.set("truncated", truncated);
    r.set("status", j.status);
    r.set("exit", j.exit);
    *result = std::move(r);
    return true;
  }
  return false;
}

}  // namespace oda::term
