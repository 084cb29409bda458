// Rendering a run's outcome (see result.h).
#include "run/result.h"

#include <cmath>

#include "cli/cli.h"

namespace oda::run {

std::string render_lines(const RunOutcome& o) {
  std::string out;
  for (const auto& line : o.output) {
    if (line.level >= 2) {
      out += '[';
      out += level_name(line.level);
      out += "] ";
    }
    out += line.text;
    out += '\n';
  }
  return out;
}

std::string render_text(const RunOutcome& o) {
  std::string lines = render_lines(o);
  if (!o.ok) {
    std::string out = "code run failed (" + o.kind + "): " + o.message + "\n";
    if (!lines.empty()) out += "Captured output:\n" + lines;
    return out;
  }
  std::string out = lines;
  if (o.has_value) out += o.value.is_string() ? o.value.as_string() : json::write(o.value);
  if (out.empty()) return "(run_code completed with no output)";
  return out;
}

json::Value result_json(const RunOutcome& o, const std::string& run_id, const json::Value& calls) {
  json::Value r = json::Value::object();
  r.set("ok", o.ok);
  r.set("kind", o.ok ? json::Value() : json::Value(o.kind));
  r.set("message", o.ok ? json::Value() : json::Value(o.message));
  json::Value output = json::Value::array();
  for (const auto& line : o.output) {
    json::Value l = json::Value::object();
    l.set("level", level_name(line.level));
    l.set("text", line.text);
    output.push(std::move(l));
  }
  r.set("output", std::move(output));
  r.set("value", o.has_value ? o.value : json::Value());
  r.set("durationMs", static_cast<int64_t>(std::llround(o.duration_ms)));
  r.set("runId", run_id);
  r.set("calls", calls.is_array() ? calls : json::Value::array());
  return r;
}

cli::Exit exit_status(const RunOutcome& o) {
  if (o.ok) return cli::kDone;
  if (o.kind == "timeout") return cli::kTimeout;
  if (o.kind == "abort") return cli::kAbort;
  return cli::kFailed;
}

RunOutcome outcome_from_json(const json::Value& record) {
  RunOutcome o;
  o.ok = record.get_or("ok", false);
  o.kind = record.get_or("kind", "");
  o.message = record.get_or("message", "");
  if (const json::Value* out = record.get("output"); out && out->is_array()) {
    for (const auto& l : out->items()) {
      OutputLine line;
      const json::Value* level = l.get("level");
      for (int i = 0; i < 5; ++i)
        if (level && level->is_string() && level->as_string() == level_name(i)) line.level = i;
      line.text = l.get_or("text", "");
      o.output.push_back(std::move(line));
    }
  }
  if (const json::Value* v = record.get("value"); v && !v->is_null()) {
    o.has_value = true;
    o.value = *v;
  }
  if (const json::Value* d = record.get("durationMs"); d && d->is_number()) o.duration_ms = d->as_number();
  return o;
}

}  // namespace oda::run
