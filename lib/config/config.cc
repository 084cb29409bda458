// The table of setup keys and their reader (see config.h).
#include "config/config.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace oda::config {

namespace {

// The one table: a key added here is read from the file and the environment, checked and
// shown by --show-config; the command that uses it reads it with current().
const std::vector<Key>& table() {
  static const std::vector<Key> k = {
      {.name = "run_code.max_timeout_ms", .env = "ODA_MAX_TIMEOUT_MS", .type = Type::Int, .fallback = "600000",
       .min = 1, .max = 600000, .help = "the ceiling of a run's budget in ms (a lower one than 600000)"},
      {.name = "run_code.honours_timeout_ms", .env = "ODA_HONOURS_TIMEOUT_MS", .type = Type::Bool, .fallback = "true",
       .help = "whether a request may set timeoutMs (off: refused, and not in --schema)"},
      {.name = "run_code.honours_sandbox_permissions", .env = "ODA_HONOURS_SANDBOX_PERMISSIONS", .type = Type::Bool,
       .fallback = "true", .help = "whether a request may ask sandbox_permissions (off: refused, and not in --schema)"},
      {.name = "run_code.code_mode", .env = "ODA_CODE_MODE", .type = Type::Bool, .fallback = "false",
       .help = "code-call mode: the terminal tools are reachable only from a run-code program"},
      {.name = "run_code.sandbox", .env = "ODA_SANDBOX", .type = Type::Choice, .fallback = "workspace-write",
       .choices = {"read-only", "workspace-write", "danger-full-access"}, .help = "the default file sandbox mode"},
      {.name = "run_code.allow_no_deadline", .env = "ODA_ALLOW_NO_DEADLINE", .type = Type::Bool, .fallback = "false",
       .help = "whether run-code --no-deadline (command line only) may run a program without a deadline"},
      {.name = "run_code.profile", .env = "ODA_PROFILE", .type = Type::Choice, .fallback = "none",
       .choices = {"none", "code-function"}, .help = "the profile run-code follows (code-function: seed 003)"},
      {.name = "terminal.background_sends", .env = "ODA_BACKGROUND_SENDS", .type = Type::Bool, .fallback = "true",
       .help = "whether terminal_send may start background jobs (off: refused, and not in --schema)"},
      {.name = "terminal.max_bytes", .env = "ODA_TERM_MAX_BYTES", .type = Type::Int, .fallback = "262144", .min = 64,
       .max = 67108864, .help = "the terminal tools' result ceiling in bytes"},
      {.name = "terminal.type", .env = "ODA_TERM_TYPE", .type = Type::Text, .fallback = "shell",
       .help = "the type of a session opened without --type"},
      {.name = "terminal.cols", .env = "ODA_TERM_COLS", .type = Type::Int, .fallback = "80", .min = 2, .max = 1000,
       .help = "the width of a session opened without --cols"},
      {.name = "terminal.rows", .env = "ODA_TERM_ROWS", .type = Type::Int, .fallback = "24", .min = 2, .max = 1000,
       .help = "the height of a session opened without --rows"},
      {.name = "terminal.sandbox", .env = "ODA_TERM_SANDBOX", .type = Type::Choice, .fallback = "danger-full-access",
       .choices = {"read-only", "workspace-write", "danger-full-access"},
       .help = "the file sandbox mode of a session opened without --sandbox or ODA_SANDBOX (danger-full-access: "
               "unrestricted)"},
  };
  return k;
}

// What a key takes, for the reason of a refusal: "a whole number from 64 to 67108864".
std::string expected(const Key& k) {
  switch (k.type) {
    case Type::Bool: return "true or false";
    case Type::Int: return "a whole number from " + std::to_string(k.min) + " to " + std::to_string(k.max);
    case Type::Text: return "a non-empty string";
    case Type::Choice: {
      std::string s = "one of";
      for (size_t i = 0; i < k.choices.size(); ++i) s += (i ? ", " : " ") + std::string(k.choices[i]);
      return s;
    }
  }
  return "";
}

// Checks a JSON value against a key; true with the value kept as it is.
bool fits(const Key& k, const json::Value& v) {
  switch (k.type) {
    case Type::Bool: return v.is_bool();
    case Type::Int:
      return v.is_number() && std::trunc(v.as_number()) == v.as_number() && v.as_number() >= k.min &&
             v.as_number() <= k.max;
    case Type::Text: return v.is_string() && !v.as_string().empty();
    case Type::Choice:
      if (!v.is_string()) return false;
      for (const char* c : k.choices)
        if (v.as_string() == c) return true;
      return false;
  }
  return false;
}

// An environment value (or a default) as the key's JSON value; false when it does not read.
bool from_text(const Key& k, const std::string& text, json::Value* out) {
  switch (k.type) {
    case Type::Bool:
      if (text == "1" || text == "true") *out = json::Value(true);
      else if (text == "0" || text == "false") *out = json::Value(false);
      else return false;
      return true;
    case Type::Int: {
      errno = 0;
      char* end = nullptr;
      long long n = std::strtoll(text.c_str(), &end, 10);
      if (text.empty() || *end || errno == ERANGE) return false;
      *out = json::Value(static_cast<int64_t>(n));
      return fits(k, *out);
    }
    case Type::Text:
    case Type::Choice:
      *out = json::Value(text);
      return fits(k, *out);
  }
  return false;
}

std::vector<std::string> key_names() {
  std::vector<std::string> names;
  for (const Key& k : table()) names.push_back(k.name);
  return names;
}

const char* source_name(Source s) {
  switch (s) {
    case Source::Default: return "default";
    case Source::File: return "file";
    case Source::Environment: return "environment";
    case Source::Option: return "option";
  }
  return "default";
}

}  // namespace

std::span<const Key> keys() { return table(); }

const Key* find_key(std::string_view name) {
  for (const Key& k : table())
    if (name == k.name) return &k;
  return nullptr;
}

Config::Config() {
  for (const Key& k : table()) {
    Setting s;
    from_text(k, k.fallback, &s.value);
    settings_.push_back(std::move(s));
  }
}

const Setting& Config::get(std::string_view key) const {
  for (size_t i = 0; i < table().size(); ++i)
    if (key == table()[i].name) return settings_[i];
  // A key the code names is in the table; a typo in the code is a bug worth stopping at.
  std::fprintf(stderr, "oda: internal error: no setup key '%.*s'\n", static_cast<int>(key.size()), key.data());
  std::abort();
}

std::string config_path(const Getenv& env, bool* required) {
  *required = false;
  if (const char* p = env("ODA_CONFIG"); p && *p) {
    *required = true;
    return p;
  }
  if (const char* x = env("XDG_CONFIG_HOME"); x && *x) return std::string(x) + "/oda/config.json";
  if (const char* h = env("HOME"); h && *h) return std::string(h) + "/.config/oda/config.json";
  return "";
}

bool Config::apply_file(const std::string& path, std::string_view text, std::string* err) {
  std::string where = "config file '" + path + "'";
  json::Value doc;
  std::string perr;
  if (!json::parse(text, &doc, &perr)) {
    *err = where + ": malformed JSON: " + perr;
    return false;
  }
  if (!doc.is_object()) {
    *err = where + ": expected a JSON object of sections (run_code, terminal)";
    return false;
  }
  for (const auto& [section, body] : doc.members()) {
    if (!body.is_object()) {
      bool known = false;
      for (const Key& k : table()) known = known || std::string_view(k.name).starts_with(section + ".");
      std::string hint = cli::did_you_mean(section, key_names());
      *err = where + ": " +
             (known ? "section '" + section + "': expected an object of keys"
                    : "unknown key '" + section + "'" + (hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
      return false;
    }
    for (const auto& [name, value] : body.members()) {
      std::string full = section + "." + name;
      const Key* k = find_key(full);
      if (!k) {
        std::string hint = cli::did_you_mean(full, key_names());
        *err = where + ": unknown key '" + full + "'" + (hint.empty() ? "" : " (did you mean '" + hint + "'?)");
        return false;
      }
      if (!fits(*k, value)) {
        *err = where + ": key '" + full + "': expected " + expected(*k) + ", got " + json::write(value);
        return false;
      }
      Setting& s = settings_[k - table().data()];
      s = {value, Source::File, path};
    }
  }
  file_ = path;
  return true;
}

bool Config::apply_env(const Getenv& env, std::string* err) {
  for (size_t i = 0; i < table().size(); ++i) {
    const Key& k = table()[i];
    const char* v = env(k.env);
    if (!v) continue;
    json::Value value;
    if (!from_text(k, v, &value)) {
      *err = "environment variable " + std::string(k.env) + " (key '" + k.name + "'): expected " + expected(k) +
             ", got '" + v + "'";
      return false;
    }
    settings_[i] = {std::move(value), Source::Environment, k.env};
  }
  return true;
}

bool Config::apply_option(std::string_view key, const json::Value& value, const std::string& option,
                          std::string* err) {
  const Key* k = find_key(key);
  if (!k) return true;
  json::Value v = value;
  // An option's value arrives as the option table typed it; a flag or a number given as
  // text reads as it would from the environment.
  if (value.is_string() && (k->type == Type::Bool || k->type == Type::Int)) from_text(*k, value.as_string(), &v);
  if (!fits(*k, v)) {
    *err = "invalid " + option + " " + (value.is_string() ? "'" + value.as_string() + "'" : json::write(value)) +
           ": expected " + expected(*k);
    return false;
  }
  settings_[k - table().data()] = {std::move(v), Source::Option, option};
  return true;
}

bool Config::apply_options(const cli::Args& args, std::initializer_list<std::pair<const char*, const char*>> pairs,
                           std::string* err) {
  for (const auto& [key, option] : pairs)
    if (const json::Value* v = args.get(option))
      if (!apply_option(key, *v, std::string("--") + option, err)) return false;
  return true;
}

bool Config::load(const Getenv& env, std::string* err) {
  bool required = false;
  std::string path = config_path(env, &required);
  if (!path.empty()) {
    std::string text, rerr;
    errno = 0;
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
      if (required || errno != ENOENT) {
        *err = "cannot read config file '" + path + "': " + std::strerror(errno);
        return false;
      }
    } else {
      char buf[8192];
      size_t n;
      while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
      bool bad = std::ferror(f);
      std::fclose(f);
      if (bad) {
        *err = "cannot read config file '" + path + "'";
        return false;
      }
      if (!apply_file(path, text, err)) return false;
    }
  }
  return apply_env(env, err);
}

std::string Config::show_text() const {
  std::string out;
  for (size_t i = 0; i < table().size(); ++i) {
    const Setting& s = settings_[i];
    out += table()[i].name;
    out += " = ";
    out += s.value.is_string() ? s.value.as_string() : json::write(s.value);
    switch (s.source) {
      case Source::Default: out += "  (default)"; break;
      case Source::File: out += "  (file " + s.origin + ")"; break;
      case Source::Environment: out += "  (environment " + s.origin + ")"; break;
      case Source::Option: out += "  (option " + s.origin + ")"; break;
    }
    out += '\n';
  }
  return out;
}

json::Value Config::show_json() const {
  json::Value all = json::Value::object();
  for (size_t i = 0; i < table().size(); ++i) {
    const Setting& s = settings_[i];
    json::Value e = json::Value::object();
    e.set("value", s.value);
    e.set("source", source_name(s.source));
    e.set("from", s.origin.empty() ? json::Value() : json::Value(s.origin));
    e.set("env", table()[i].env);
    all.set(table()[i].name, std::move(e));
  }
  json::Value out = json::Value::object();
  out.set("file", file_.empty() ? json::Value() : json::Value(file_));
  out.set("settings", std::move(all));
  return out;
}

namespace {
std::string g_error;
}

Config& current() {
  static Config* c = [] {
    auto* cfg = new Config;
    Config loaded;
    if (loaded.load([](const char* n) { return std::getenv(n); }, &g_error)) *cfg = std::move(loaded);
    return cfg;
  }();
  return *c;
}

const std::string& load_error() {
  current();
  return g_error;
}

int show(const cli::Args& args) {
  const Config& c = current();
  cli::print_result(args.json_output() ? json::write(c.show_json()) : c.show_text());
  return cli::kDone;
}

}  // namespace oda::config
