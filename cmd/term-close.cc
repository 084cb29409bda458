// term-close: end a terminal session and everything under it (SPEC 3.6).
#include "term/client.h"
#include "term/commands.h"

int main(int argc, char** argv) { return oda::term::tool_main(*oda::term::find_command("term-close"), argc, argv); }
