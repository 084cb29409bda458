// Signal names (see signals.h).
#include "term/signals.h"

#include <cctype>
#include <csignal>
#include <cstring>

namespace oda::term {

namespace {
struct Entry { const char* name; int sig; };
const Entry kSignals[] = {{"SIGINT", SIGINT}, {"SIGTERM", SIGTERM}, {"SIGKILL", SIGKILL},
                          {"SIGTSTP", SIGTSTP}, {"SIGHUP", SIGHUP}};
}  // namespace

int signal_number(std::string_view name) {
  std::string up;
  for (char c : name) up.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  if (up.rfind("SIG", 0) != 0) up = "SIG" + up;
  for (const Entry& e : kSignals) {
    if (up == e.name || up == "SIG" + std::to_string(e.sig)) return e.sig;
  }
  return 0;
}

std::string signal_name(int sig) {
  for (const Entry& e : kSignals) if (e.sig == sig) return e.name;
  const char* abbrev = sigabbrev_np(sig);
  return abbrev ? std::string("SIG") + abbrev : "SIG" + std::to_string(sig);
}

}  // namespace oda::term
