// term-list: list the terminal sessions of the chat (SPEC 3.7).
#include "term/client.h"
#include "term/commands.h"

int main(int argc, char** argv) { return oda::term::tool_main(*oda::term::find_command("term-list"), argc, argv); }
