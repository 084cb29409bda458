// run-code: run a JavaScript program that calls the agent's tools (SPEC section 4).
#include <cstdio>
#include <cstring>

#include <unistd.h>

#include "cli/cli.h"
#include "config/config.h"
#include "engine/heap_image.h"
#include "mcp/client_bind.h"
#include "run/command.h"
#include "run/supervisor.h"
#include "run/worker.h"

int main(int argc, char** argv) {
  oda::run::keep_memory_private();
  // The build's last step (lib/run/run.mk), not an option for people.
  if (argc == 3 && std::strcmp(argv[1], "--build-heap-image") == 0) return oda::run::build_heap_image(argv[2]);
  oda::run::tune_malloc_for_worker();
  // Pages of code and constants one at a time, as a worker has them (heap_image.h).
  oda::engine::image::keep_code_faults_narrow();
  // The setup (lib/config) decides the table: the profile's, and which controls it lists.
  const oda::cli::Command& cmd = oda::run::command(argc, argv);
  if (const std::string& bad = oda::config::load_error(); !bad.empty()) return oda::cli::fail(cmd, oda::cli::kUsage, bad);
  // A line that runs a program gets its worker started now, while the line is parsed.
  if (oda::cli::runs_job(cmd, argc, argv)) oda::run::start_early();
  int code;
  // With catalogs or MCP configs, --schema describes their tools in run_code's description.
  if (oda::mcp::client::schema_with_tools(cmd, argc, argv, &code)) return code;
  oda::cli::Args args;
  if (!oda::cli::parse(cmd, argc, argv, &args, &code)) return code;
  int status = oda::run::run_code(cmd, args);
  // Nothing is left to tear down that the kernel does not free faster.
  std::fflush(nullptr);
  _exit(status);
}
