// Where the MCP client plugs into run-code (a row of run/parts.h): --mcp-config read and its
// names checked before the run, the servers reached when it starts (each tool a member of
// the run's call scheduler, so the calls' concurrency, approvals and records hold), the
// servers' log on the run's record, and the worker's native that hands the program its
// server objects.
#pragma once

#include <string>

#include "cli/cli.h"
#include "json/json.h"
#include "run/parts.h"
#include "run/supervisor.h"

struct duk_hthread;

namespace oda::mcp::client {

// Settings: --mcp-config / ODA_MCP_CONFIG parsed, bindings refused before anything runs.
bool settings_hook(const cli::Args& args, run::RunSettings* settings, std::string* refusal);
// Supervise: the servers started (or taken warm from termd) before the worker's program,
// their tools registered, and ended (or given back) after the run.
run::RunOutcome supervise_hook(const run::RunSettings& settings, const run::SuperviseNext& next);
// Record: "mcpServers": each server's name, binding, start and the log it sent.
void record_hook(const cli::Args& args, json::Value* record);
// Worker: __oda_mcp_config(), the servers and tools lib/mcp/run-mcp.js binds.
void register_natives(duk_hthread* ctx);
bool needs_run_config();

// `run-code --list-tools` (the part's own command): the declaration of every tool the
// catalogs and configs give (lib/mcp/declare.h), the servers started to list theirs.
int list_tools_command(const cli::Args& args);
// `run-code --schema` with catalogs or configs: the tool definition with that declaration at
// the end of its description. false when argv asks no --schema (the layer prints the plain
// one when there are no tools); otherwise *code is the exit status.
bool schema_with_tools(const cli::Command& cmd, int argc, char** argv, int* code);

}  // namespace oda::mcp::client
