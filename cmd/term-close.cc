// term-close: end a terminal session and everything under it. Not available until its issue lands; --help already works.
#include "cli/cli.h"

namespace {

const oda::cli::Command kCommand{
    .name = "term-close",
    .tool = "terminal_close",
    .summary = "end a terminal session and everything under it",
};

}  // namespace

int main(int argc, char** argv) {
  oda::cli::Args args;
  int code;
  if (!oda::cli::parse(kCommand, argc, argv, &args, &code)) return code;
  return oda::cli::fail(kCommand, oda::cli::kFailed, "not available yet");
}
