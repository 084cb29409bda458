// The one translation unit that includes CLI11 (its headers are slow): argv tokenising, the
// --request merge, --help, --schema and the error format, all driven by a Command table.
#include "cli/cli.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

namespace oda::cli {

const char* const kVersion = "0.1.0";

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The options every command gets from this layer, after its own.
std::vector<Option> all_options(const Command& cmd) {
  std::vector<Option> opts = cmd.options;
  if (cmd.tool) {
    opts.push_back({.name = "json", .help = "print one JSON object instead of the text rendering"});
    opts.push_back({.name = "request", .kind = Kind::String, .value_name = "FILE|-",
                    .help = "take the whole call as the tool's JSON arguments object", .complete = "file"});
    opts.push_back({.name = "schema", .help = "print the tool definition an agent harness registers"});
  }
  opts.push_back({.name = "version", .help = "print the version and exit"});
  opts.push_back({.name = "help", .short_name = 'h', .help = "print this help and exit"});
  return opts;
}

std::string option_label(const Option& o) {
  std::string s = o.short_name ? std::string("-") + o.short_name + ", " : "    ";
  s += "--";
  s += o.name;
  if (o.kind != Kind::Flag) {
    s += ' ';
    s += o.value_name ? o.value_name : "VALUE";
  }
  return s;
}

const char* kind_schema_type(Kind k) {
  switch (k) {
    case Kind::Flag: return "boolean";
    case Kind::String: return "string";
    case Kind::Int: return "integer";
    case Kind::Number: return "number";
    case Kind::List: return "array";
    case Kind::Json: return "object";
  }
  return "string";
}

// Converts one command-line value of an option of kind k; false with *err on a bad value.
bool convert_text(const std::string& text, Kind k, const std::string& what, const char* invalid,
                  json::Value* out, std::string* err) {
  switch (k) {
    case Kind::Int: {
      errno = 0;
      char* end = nullptr;
      long long n = std::strtoll(text.c_str(), &end, 10);
      if (text.empty() || *end != '\0' || errno == ERANGE) {
        *err = invalid ? invalid : fmt::format("invalid value '{}' for {}: expected a whole number", text, what);
        return false;
      }
      *out = json::Value(static_cast<int64_t>(n));
      return true;
    }
    case Kind::Number: {
      errno = 0;
      char* end = nullptr;
      double n = std::strtod(text.c_str(), &end);
      if (text.empty() || *end != '\0' || !std::isfinite(n)) {
        *err = invalid ? invalid : fmt::format("invalid value '{}' for {}: expected a number", text, what);
        return false;
      }
      *out = json::Value(n);
      return true;
    }
    case Kind::Json: {
      std::string perr;
      if (!json::parse(text, out, &perr)) {
        *err = invalid ? invalid : fmt::format("invalid value for {}: malformed JSON: {}", what, perr);
        return false;
      }
      return true;
    }
    default:
      *out = json::Value(text);
      return true;
  }
}

// Takes one --request member into args (unless the command line already set it).
bool merge_field(const std::string& key, Kind k, bool negated, const char* invalid, const std::string& field,
                 const json::Value& v, Args* args, std::string* err) {
  auto refuse = [&](const char* expected) {
    *err = invalid ? invalid : fmt::format("invalid {}: expected {}", field, expected);
    return false;
  };
  json::Value stored;
  switch (k) {
    case Kind::Flag:
      if (!v.is_bool()) return refuse("true or false");
      if (negated ? v.as_bool() : !v.as_bool()) return true;  // the default: nothing to set
      stored = json::Value(true);
      break;
    case Kind::String:
      if (!v.is_string()) return refuse("a string");
      stored = v;
      break;
    case Kind::Int:
      if (!v.is_number() || std::trunc(v.as_number()) != v.as_number()) return refuse("a whole number");
      stored = v;
      break;
    case Kind::Number:
      if (!v.is_number()) return refuse("a number");
      stored = v;
      break;
    case Kind::List:
      if (!v.is_array()) return refuse("an array of strings");
      for (const auto& item : v.items())
        if (!item.is_string()) return refuse("an array of strings");
      stored = v;
      break;
    case Kind::Json:
      stored = v;
      break;
  }
  if (!args->has(key)) args->values().set(key, std::move(stored));
  return true;
}

bool apply_request(const Command& cmd, const std::string& path, Args* args, std::string* err) {
  std::string text;
  if (!read_input(path, &text, err)) return false;
  json::Value req;
  std::string perr;
  if (!json::parse(text, &req, &perr)) {
    *err = fmt::format("malformed JSON in --request: {}", perr);
    return false;
  }
  if (!req.is_object()) {
    *err = "--request must be a JSON object";
    return false;
  }
  return merge_request(cmd, req, "--request", args, err);
}

}  // namespace

bool merge_request(const Command& cmd, const json::Value& req, std::string_view where, Args* args,
                   std::string* err) {
  for (const auto& [field, value] : req.members()) {
    bool known = false;
    for (const Option& o : cmd.options) {
      if (o.field && field == o.field) {
        if (!merge_field(o.name, o.kind, o.negated, o.invalid_message, field, value, args, err)) return false;
        known = true;
        break;
      }
    }
    if (!known) {
      for (const Positional& p : cmd.positionals) {
        if (p.field && field == p.field) {
          if (!merge_field(lower(p.name), p.kind, false, nullptr, field, value, args, err)) return false;
          known = true;
          break;
        }
      }
    }
    if (!known) {
      *err = fmt::format("unknown field '{}' in {}", field, where);
      return false;
    }
  }
  return true;
}

namespace {

void print_completion_spec(const Command& cmd) {
  std::string out;
  for (const Option& o : all_options(cmd)) {
    out += "option\t";
    out += o.name;
    out += '\t';
    if (o.short_name) out += o.short_name;
    out += '\t';
    out += o.kind == Kind::Flag ? "flag" : "value";
    out += '\t';
    out += o.complete ? o.complete : "";
    out += '\t';
    out += o.help;
    out += '\n';
  }
  for (const Positional& p : cmd.positionals) {
    out += "positional\t";
    out += p.name;
    out += '\t';
    out += p.complete ? p.complete : "";
    out += '\n';
  }
  print_result(out);
}

}  // namespace

bool Args::flag(std::string_view key) const { return values_.get_or(key, false); }

std::string Args::str(std::string_view key, std::string_view fallback) const {
  return values_.get_or(key, std::string(fallback));
}

long long Args::integer(std::string_view key, long long fallback) const {
  return values_.get_or<int64_t>(key, fallback);
}

double Args::number(std::string_view key, double fallback) const { return values_.get_or(key, fallback); }

std::vector<std::string> Args::list(std::string_view key) const {
  std::vector<std::string> out;
  if (const json::Value* v = values_.get(key))
    for (const auto& item : v->items()) out.push_back(item.as_string());
  return out;
}

json::Value Args::as_request(const Command& cmd) const {
  json::Value req = json::Value::object();
  for (const Positional& p : cmd.positionals)
    if (p.field)
      if (const json::Value* v = values_.get(lower(p.name))) req.set(p.field, *v);
  for (const Option& o : cmd.options) {
    if (!o.field) continue;
    const json::Value* v = values_.get(o.name);
    if (!v) continue;
    req.set(o.field, o.negated ? json::Value(!v->as_bool()) : *v);
  }
  return req;
}

std::string usage(const Command& cmd) {
  if (cmd.usage) return cmd.usage;
  std::string u = cmd.name;
  u += " [OPTIONS]";
  for (const Positional& p : cmd.positionals) {
    u += ' ';
    if (p.kind == Kind::List) u += "[-- " + std::string(p.name) + "...]";
    else u += p.required ? std::string(p.name) : "[" + std::string(p.name) + "]";
  }
  return u;
}

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> d(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) d[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = d[0];
    d[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = d[j];
      d[j] = std::min({d[j] + 1, d[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return d[b.size()];
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  // Two edits catch a typo or a swap ("mian"); a word no longer than the edits is no match.
  size_t best_d = std::min<size_t>(3, word.size());
  for (const std::string& c : candidates) {
    if (c.empty() || c == word) continue;
    size_t d = edit_distance(word, c);
    if (d < best_d) best_d = d, best = c;
  }
  return best;
}

namespace {

// The first word of the line (before "--") that looks like an option and is none of cmd's,
// with the hint for it: "unknown option '--wiat-ms' (did you mean '--wait-ms'?)". Empty when
// every option word is known (the parse failed for another reason).
std::string unknown_option_message(const std::vector<Option>& opts, int argc, char** argv) {
  std::vector<std::string> longs = {"--help", "--version", "--schema"};
  std::vector<std::string> shorts = {"-h"};
  for (const Option& o : opts) {
    longs.push_back(std::string("--") + o.name);
    if (o.short_name) shorts.push_back(std::string("-") + o.short_name);
  }
  auto known = [](const std::vector<std::string>& v, std::string_view w) {
    return std::find(v.begin(), v.end(), w) != v.end();
  };
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--") break;
    if (a.size() < 2 || a[0] != '-' || (a[1] >= '0' && a[1] <= '9')) continue;
    std::string_view word = a.substr(0, a.find('='));
    if (word.substr(0, 2) == "--" ? known(longs, word) : known(shorts, word.substr(0, 2))) continue;
    // A one-letter option is never a near miss of another: hints are for long names.
    std::string hint = word.substr(0, 2) == "--" ? did_you_mean(word, longs) : "";
    if (hint.empty()) return fmt::format("unknown option '{}'", word);
    return fmt::format("unknown option '{}' (did you mean '{}'?)", word, hint);
  }
  return "";
}

}  // namespace

std::string help(const Command& cmd) {
  std::string h = "Usage: " + usage(cmd) + "\n\n" + cmd.summary + "\n";
  if (!cmd.positionals.empty()) {
    h += "\nArguments:\n";
    for (const Positional& p : cmd.positionals) {
      std::string label = std::string("  ") + p.name;
      if (label.size() < 26) label.append(26 - label.size(), ' ');
      else label += "  ";
      h += label + p.help + "\n";
    }
  }
  h += "\nOptions:\n";
  for (const Option& o : all_options(cmd)) {
    std::string label = "  " + option_label(o);
    if (label.size() < 26) label.append(26 - label.size(), ' ');
    else label += "  ";
    h += label + o.help + "\n";
  }
  h += "\nExit status: 0 done; 1 refused or failed; 2 usage";
  if (std::string_view(cmd.name) == "run-code") h += "; 124 timeout; 130 aborted";
  else if (std::string_view(cmd.name).substr(0, 4) == "term") h += "; 3 daemon unreachable";
  h += ".\nSee man " + std::string(cmd.name) + " for more.\n";
  return h;
}

json::Value schema(const Command& cmd) {
  json::Value props = json::Value::object();
  json::Value required = json::Value::array();
  for (const Positional& p : cmd.positionals) {
    if (!p.field) continue;
    json::Value prop = json::Value::object();
    prop.set("type", kind_schema_type(p.kind));
    if (p.kind == Kind::List) {
      json::Value items = json::Value::object();
      items.set("type", "string");
      prop.set("items", std::move(items));
    }
    prop.set("description", p.help);
    props.set(p.field, std::move(prop));
    if (p.required) required.push(p.field);
  }
  for (const Option& o : cmd.options) {
    if (!o.field || o.unlisted) continue;
    json::Value prop = json::Value::object();
    prop.set("type", o.schema_type ? o.schema_type : kind_schema_type(o.kind));
    if (o.kind == Kind::List) {
      json::Value items = json::Value::object();
      items.set("type", "string");
      prop.set("items", std::move(items));
    }
    if (o.choices) {
      json::Value one_of = json::Value::array();
      std::string_view rest = o.choices;
      for (size_t bar; !rest.empty(); rest = bar == std::string_view::npos ? "" : rest.substr(bar + 1)) {
        bar = rest.find('|');
        one_of.push(json::Value(std::string(rest.substr(0, bar))));
      }
      prop.set("enum", std::move(one_of));
    }
    prop.set("description", o.field_help ? o.field_help : o.help);
    props.set(o.field, std::move(prop));
    if (o.schema_required) required.push(o.field);
  }
  json::Value input = json::Value::object();
  input.set("type", "object");
  input.set("properties", std::move(props));
  input.set("required", std::move(required));
  input.set("additionalProperties", false);
  json::Value tool = json::Value::object();
  tool.set("name", cmd.tool ? cmd.tool : cmd.name);
  tool.set("description", cmd.description && *cmd.description ? cmd.description : cmd.summary);
  tool.set("input_schema", std::move(input));
  return tool;
}

bool runs_job(const Command& cmd, int argc, char** argv) {
  auto is = [](std::string_view arg, std::string_view name) {
    return arg.size() >= 2 + name.size() && arg.substr(0, 2) == "--" && arg.substr(2, name.size()) == name &&
           (arg.size() == 2 + name.size() || arg[2 + name.size()] == '=');
  };
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--") break;
    if (a == "-h") return false;
    for (const char* own : {"help", "version", "schema", "completion-spec"})
      if (is(a, own)) return false;
    for (const Option& o : cmd.options)
      if (o.runs_nothing && is(a, o.name)) return false;
  }
  return true;
}

bool parse(const Command& cmd, int argc, char** argv, Args* out, int* exit_code) {
  // --help wins over anything else on the line, as do --version and --schema.
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--") break;
    if (a == "--help" || a == "-h") {
      print_result(help(cmd));
      *exit_code = kDone;
      return false;
    }
  }
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--") break;
    if (a == "--version") {
      print_result(fmt::format("{} (oda tools) {}", cmd.name, kVersion));
      *exit_code = kDone;
      return false;
    }
    if (a == "--schema" && cmd.tool) {
      print_result(json::write_pretty(schema(cmd)));
      *exit_code = kDone;
      return false;
    }
    if (a == "--completion-spec") {
      print_completion_spec(cmd);
      *exit_code = kDone;
      return false;
    }
  }

  CLI::App app{cmd.summary, cmd.name};
  app.set_help_flag();
  app.allow_extras(false);
  app.positionals_at_end(false);
  std::vector<Option> opts = all_options(cmd);
  std::map<std::string, bool> flags;
  std::map<std::string, std::string> texts;
  std::map<std::string, std::vector<std::string>> lists;
  for (const Option& o : opts) {
    std::string name = o.name;
    if (name == "help" || name == "version" || name == "schema") continue;
    std::string names = o.short_name ? std::string("-") + o.short_name + ",--" + name : "--" + name;
    if (o.kind == Kind::Flag) {
      app.add_flag(names, flags[name]);
    } else if (o.kind == Kind::List) {
      app.add_option(names, lists[name])->allow_extra_args(false)->type_size(1);
    } else {
      app.add_option(names, texts[name])->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    }
  }
  for (const Positional& p : cmd.positionals) {
    if (p.kind == Kind::List) app.add_option(lower(p.name), lists[lower(p.name)]);
    else app.add_option(lower(p.name), texts[lower(p.name)]);
  }

  auto usage_error = [&](std::string msg) {
    if (!msg.empty()) msg[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(msg[0])));
    while (!msg.empty() && (msg.back() == '.' || msg.back() == '\n')) msg.pop_back();
    fail(cmd, kUsage, msg);
    *exit_code = kUsage;
    return false;
  };

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (std::string unknown = unknown_option_message(opts, argc, argv); !unknown.empty())
      return usage_error(unknown);
    return usage_error(e.what());
  }

  std::string err;
  for (const Option& o : opts) {
    std::string name = o.name;
    if (name == "help" || name == "version" || name == "schema") continue;
    CLI::Option* clio = app.get_option("--" + name);
    if (clio->count() == 0) continue;
    if (o.kind == Kind::Flag) {
      out->values().set(name, json::Value(true));
    } else if (o.kind == Kind::List) {
      json::Value arr = json::Value::array();
      for (const auto& s : lists[name]) arr.push(json::Value(s));
      out->values().set(name, std::move(arr));
    } else {
      json::Value v;
      if (!convert_text(texts[name], o.kind, "--" + name, o.invalid_message, &v, &err)) return usage_error(err);
      out->values().set(name, std::move(v));
    }
  }
  for (const Positional& p : cmd.positionals) {
    std::string key = lower(p.name);
    if (app.get_option(key)->count() == 0) continue;
    json::Value v;
    if (p.kind == Kind::List) {
      v = json::Value::array();
      for (const auto& w : lists[key]) v.push(json::Value(w));
    } else if (!convert_text(texts[key], p.kind, p.name, nullptr, &v, &err)) {
      return usage_error(err);
    }
    out->values().set(key, std::move(v));
  }

  if (cmd.tool && out->has("request")) {
    if (!apply_request(cmd, out->str("request"), out, &err)) return usage_error(err);
  }
  for (const Positional& p : cmd.positionals) {
    if (p.required && !out->has(lower(p.name))) {
      std::string msg = std::string("missing ") + p.name;
      if (p.field) msg += std::string(" (or \"") + p.field + "\" in --request)";
      return usage_error(msg);
    }
  }
  *exit_code = kDone;
  return true;
}

int fail(std::string_view command, int code, std::string_view message) {
  std::string line = fmt::format("{}: error: {}\n", command, message);
  ssize_t ignored = ::write(2, line.data(), line.size());
  (void)ignored;
  return code;
}

int fail(const Command& cmd, int code, std::string_view message) { return fail(cmd.name, code, message); }

bool read_input(const std::string& path, std::string* out, std::string* err) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    *out = ss.str();
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *err = fmt::format("cannot read '{}': {}", path, std::strerror(errno));
    return false;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  *out = ss.str();
  return true;
}

void print_result(std::string_view text) {
  std::string buf(text);
  if (!buf.empty() && buf.back() != '\n') buf.push_back('\n');
  size_t done = 0;
  while (done < buf.size()) {
    ssize_t n = ::write(1, buf.data() + done, buf.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return;  // EPIPE and friends: the reader went away, nothing more to do
    }
    done += static_cast<size_t>(n);
  }
}

}  // namespace oda::cli
