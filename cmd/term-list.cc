// term-list: list the terminal sessions of the chat. Not available until its issue lands; --help already works.
#include "cli/cli.h"

namespace {

const oda::cli::Command kCommand{
    .name = "term-list",
    .tool = "terminal_list",
    .summary = "list the terminal sessions of the chat",
};

}  // namespace

int main(int argc, char** argv) {
  oda::cli::Args args;
  int code;
  if (!oda::cli::parse(kCommand, argc, argv, &args, &code)) return code;
  return oda::cli::fail(kCommand, oda::cli::kFailed, "not available yet");
}
