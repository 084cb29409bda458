// The test switch's part (see test_faults.h).
#include "run/test_faults.h"

#include <cstdlib>

namespace oda::run::test_faults {

bool settings_hook(const cli::Args&, RunSettings* settings, std::string*) {
  const char* faults = std::getenv("ODA_RUN_TEST_FAULTS");
  settings->test_faults = faults && std::string(faults) == "1";
  if (!settings->test_faults) return true;
  settings->handlers["test.echo"] = [](uint32_t id, const json::Value& a, HostLink* link) {
    link->reply(id, true, a);
  };
  settings->handlers["test.output"] = [](uint32_t id, const json::Value& a, HostLink* link) {
    reply_with_output(link, id, a.is_string() ? a.as_string() : "");
  };
  if (const char* why = std::getenv("ODA_RUN_TEST_UNAVAILABLE")) settings->worker_settings["test.unavailable"] = why;
  return true;
}

// The setting is only ever sent under the test switch (above), so its presence is the switch.
bool worker_guard(std::string* kind, std::string* message) {
  const std::string* why = worker_setting("test.unavailable");
  if (!why) return true;
  *kind = "sandbox-unavailable";
  *message = *why;
  return false;
}

}  // namespace oda::run::test_faults
