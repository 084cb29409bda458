// term-send: write text into a terminal session and wait for it to settle (SPEC 3.3).
#include "term/client.h"
#include "term/commands.h"

int main(int argc, char** argv) { return oda::term::tool_main(*oda::term::find_command("term-send"), argc, argv); }
