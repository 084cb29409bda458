// term-read: read the output a terminal session kept, in pages (SPEC 3.4).
#include "term/client.h"
#include "term/commands.h"

int main(int argc, char** argv) { return oda::term::tool_main(*oda::term::find_command("term-read"), argc, argv); }
