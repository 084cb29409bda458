// term-open: start a persistent terminal session (SPEC 3.2).
#include "term/client.h"
#include "term/commands.h"

int main(int argc, char** argv) { return oda::term::tool_main(*oda::term::find_command("term-open"), argc, argv); }
