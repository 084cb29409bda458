// The setup (SPEC 7): what a deployment decides, read from one JSON file and the
// environment, with command-line options winning over both, and where each setting came from.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/cli.h"
#include "json/json.h"

namespace oda::config {

enum class Type { Bool, Int, Choice, Text };

// Where a setting in force came from, weakest first.
enum class Source { Default, File, Environment, Option };

// One key of the table: its dotted name (section and key in the file), its environment
// variable, its type and default, and for a whole number its range, for a choice its words.
struct Key {
  const char* name;                      // "terminal.max_bytes"
  const char* env;                       // "ODA_TERM_MAX_BYTES"
  Type type;
  const char* fallback;                  // the default as the environment would spell it
  long long min = 0, max = 0;            // Int only
  std::vector<const char*> choices = {};  // Choice only
  const char* help = "";
};

// Every key, in the order --show-config prints them.
std::span<const Key> keys();
const Key* find_key(std::string_view name);

struct Setting {
  json::Value value;
  Source source = Source::Default;
  std::string origin;  // the file, the variable or the option it came from ("" for a default)
};

using Getenv = std::function<const char*(const char*)>;

class Config {
 public:
  Config();  // every key at its default

  // Reads the file ($ODA_CONFIG, else $XDG_CONFIG_HOME/oda/config.json, else
  // ~/.config/oda/config.json; only the first must exist when named) and then the
  // environment. false with *err naming the file or variable, the key and the reason.
  bool load(const Getenv& env, std::string* err);
  // The file's text as if read from path (the part of load() that tests drive directly).
  bool apply_file(const std::string& path, std::string_view text, std::string* err);
  bool apply_env(const Getenv& env, std::string* err);
  // A command-line value for key, given as option ("--max-bytes"), wins over the rest.
  bool apply_option(std::string_view key, const json::Value& value, const std::string& option, std::string* err);
  // Each (key, option name) pair whose option the call gives.
  bool apply_options(const cli::Args& args, std::initializer_list<std::pair<const char*, const char*>> pairs,
                     std::string* err);

  const Setting& get(std::string_view key) const;
  bool flag(std::string_view key) const { return get(key).value.as_bool(); }
  long long integer(std::string_view key) const { return static_cast<long long>(get(key).value.as_number()); }
  const std::string& text(std::string_view key) const { return get(key).value.as_string(); }

  // The file that was read ("" when none was there).
  const std::string& file() const { return file_; }
  // What --show-config prints: one line per key, "name = value  (where from)".
  std::string show_text() const;
  json::Value show_json() const;

 private:
  std::vector<Setting> settings_;  // parallel to keys()
  std::string file_;
};

// The file load() reads for this environment, and whether it must exist.
std::string config_path(const Getenv& env, bool* required);

// The process's configuration, loaded from the real environment on first use. A load that
// failed leaves the defaults in force and its error in load_error().
Config& current();
const std::string& load_error();

// Prints the settings in force for --show-config (text, or --json) and returns 0.
int show(const cli::Args& args);

}  // namespace oda::config
