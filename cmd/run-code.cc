// run-code: run a JavaScript program that calls the agent's tools. Not available until its issue lands; --help already works.
#include "cli/cli.h"

namespace {

const oda::cli::Command kCommand{
    .name = "run-code",
    .tool = "run_code",
    .summary = "run a JavaScript program that calls the agent's tools",
};

}  // namespace

int main(int argc, char** argv) {
  oda::cli::Args args;
  int code;
  if (!oda::cli::parse(kCommand, argc, argv, &args, &code)) return code;
  return oda::cli::fail(kCommand, oda::cli::kFailed, "not available yet");
}
