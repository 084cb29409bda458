// term-send: write text into a terminal session and wait for it to settle. Not available until its issue lands; --help already works.
#include "cli/cli.h"

namespace {

const oda::cli::Command kCommand{
    .name = "term-send",
    .tool = "terminal_send",
    .summary = "write text into a terminal session and wait for it to settle",
};

}  // namespace

int main(int argc, char** argv) {
  oda::cli::Args args;
  int code;
  if (!oda::cli::parse(kCommand, argc, argv, &args, &code)) return code;
  return oda::cli::fail(kCommand, oda::cli::kFailed, "not available yet");
}
