// The signals a session accepts (SIGINT, SIGTERM, SIGKILL, SIGTSTP, SIGHUP), by any of the
// names people write: SIGINT, INT, int, 2.
#pragma once

#include <string>
#include <string_view>

namespace oda::term {

// 0 when the name is none of the five.
int signal_number(std::string_view name);
// "SIGINT"; for other numbers "SIG<n>" from the system's table.
std::string signal_name(int sig);

}  // namespace oda::term
