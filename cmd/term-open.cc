// term-open: start a persistent terminal session. Not available until its issue lands; --help already works.
#include "cli/cli.h"

namespace {

const oda::cli::Command kCommand{
    .name = "term-open",
    .tool = "terminal_open",
    .summary = "start a persistent terminal session",
};

}  // namespace

int main(int argc, char** argv) {
  oda::cli::Args args;
  int code;
  if (!oda::cli::parse(kCommand, argc, argv, &args, &code)) return code;
  return oda::cli::fail(kCommand, oda::cli::kFailed, "not available yet");
}
