// term-signal: send a signal to a session's foreground process group (SPEC 3.5).
#include "term/client.h"
#include "term/commands.h"

int main(int argc, char** argv) { return oda::term::tool_main(*oda::term::find_command("term-signal"), argc, argv); }
