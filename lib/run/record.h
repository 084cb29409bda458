// Run records: every run is kept as one JSON line of runs.jsonl under $ODA_STATE_DIR/runs/
// (default $XDG_STATE_HOME/oda, else ~/.local/state/oda), for --history and --show; past
// 256 MiB the log becomes runs.1.jsonl and a new one starts.
#pragma once

#include <string>
#include <vector>

#include "json/json.h"

namespace oda::run {

// The state folder: $ODA_STATE_DIR, else $XDG_STATE_HOME/oda, else ~/.local/state/oda.
std::string state_dir();

// The folder runs are kept in (not created).
std::string runs_dir();

// A fresh run id: the start time (sortable) and a random tail, "20261130-222550-123-4f2a".
std::string new_run_id();

// Appends the record (one write); false with *err when the folder or log cannot be written.
// Past max_log_bytes the log is rotated (tests pass a small size).
bool save_record(const json::Value& record, std::string* err, size_t max_log_bytes = size_t{256} << 20);

// Loads one record by id; false with *err ("no run 'x'") when there is none.
bool load_record(const std::string& id, json::Value* record, std::string* err);

// The newest n records, newest first.
std::vector<json::Value> recent_records(size_t n);

}  // namespace oda::run
