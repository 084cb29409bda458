// TypeScript-style declarations of the tools a program may call (see declare.h).
#include "mcp/declare.h"

#include <fmt/core.h>

#include <algorithm>

namespace oda::mcp::client {

namespace {

// Deeper schemas are shown as `object`: the declaration is for reading, not for checking.
constexpr int kMaxDepth = 6;

bool plain_identifier(const std::string& s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char c : s)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '$'))
      return false;
  return true;
}

std::string key(const std::string& name) { return plain_identifier(name) ? name : json::write(json::Value(name)); }

// One line of description, cut: the schema is the contract, the text a reminder.
std::string one_line(const std::string& text, size_t max = 160) {
  std::string out;
  for (char c : text) {
    if (c == '\n' || c == '\r') {
      if (!out.empty()) break;
      continue;
    }
    out.push_back(c);
  }
  if (out.size() > max) out = out.substr(0, max - 3) + "...";
  // A comment must not close itself.
  for (size_t p; (p = out.find("*/")) != std::string::npos;) out.replace(p, 2, "* /");
  return out;
}

std::string type_of(const json::Value& s, int depth);

std::string union_of(const json::Value& list, int depth) {
  std::string out;
  for (const auto& v : list.items()) {
    if (!out.empty()) out += " | ";
    out += type_of(v, depth);
  }
  return out.empty() ? "unknown" : out;
}

std::string object_type(const json::Value& s, int depth) {
  const json::Value* props = s.get("properties");
  const json::Value* extra = s.get("additionalProperties");
  if (!props || !props->is_object() || props->members().empty()) {
    if (extra && extra->is_object()) return "Record<string, " + type_of(*extra, depth + 1) + ">";
    return props ? "{}" : "object";
  }
  std::vector<std::string> required;
  if (const json::Value* r = s.get("required"); r && r->is_array())
    for (const auto& n : r->items())
      if (n.is_string()) required.push_back(n.as_string());
  std::string out = "{ ";
  bool first = true;
  for (const auto& [name, sub] : props->members()) {
    if (!first) out += "; ";
    first = false;
    bool req = std::find(required.begin(), required.end(), name) != required.end();
    out += key(name) + (req ? ": " : "?: ") + type_of(sub, depth + 1);
  }
  return out + " }";
}

std::string type_of(const json::Value& s, int depth) {
  if (!s.is_object()) return s.is_bool() && !s.as_bool() ? "never" : "unknown";
  if (depth > kMaxDepth) return "object";
  if (const json::Value* c = s.get("const")) return json::write(*c);
  if (const json::Value* e = s.get("enum"); e && e->is_array()) {
    std::string out;
    for (const auto& v : e->items()) out += (out.empty() ? "" : " | ") + json::write(v);
    return out.empty() ? "never" : out;
  }
  for (const char* k : {"anyOf", "oneOf"})
    if (const json::Value* u = s.get(k); u && u->is_array()) return union_of(*u, depth);
  const json::Value* t = s.get("type");
  if (t && t->is_array()) {
    std::string out;
    for (const auto& one : t->items()) {
      json::Value copy = s;
      copy.set("type", one);
      out += (out.empty() ? "" : " | ") + type_of(copy, depth);
    }
    return out.empty() ? "unknown" : out;
  }
  std::string type = t && t->is_string() ? t->as_string() : (s.get("properties") ? "object" : "");
  if (type == "string") return "string";
  if (type == "number" || type == "integer") return "number";
  if (type == "boolean") return "boolean";
  if (type == "null") return "null";
  if (type == "array") {
    const json::Value* items = s.get("items");
    std::string inner = items ? type_of(*items, depth + 1) : "unknown";
    return (inner.find(' ') != std::string::npos ? "(" + inner + ")" : inner) + "[]";
  }
  if (type == "object") return object_type(s, depth);
  return "unknown";
}

std::string args_of(const json::Value& schema) {
  std::string t = ts_type(schema);
  // A tool without parameters is still called with an object (or nothing).
  if (t == "{}" || t == "object" || t == "unknown") return "args?: {}";
  return "args: " + t;
}

}  // namespace

std::string ts_type(const json::Value& schema) { return type_of(schema, 0); }

std::string declarations(const std::vector<calls::Tool>& catalog, const std::vector<ServerTools>& servers,
                         size_t limit) {
  if (catalog.empty() && servers.empty()) return "";
  std::string full = "Tools the program can call (each returns a Promise):\n";
  for (const auto& t : catalog) {
    if (!t.description.empty()) full += "/** " + one_line(t.description) + " */\n";
    full += fmt::format("declare function {}({}): Promise<unknown>;\n", t.name, args_of(t.input_schema));
  }
  for (const auto& s : servers) {
    full += fmt::format("/** MCP server '{}' */\ndeclare const {}: {{\n", s.name, s.binding);
    if (!s.error.empty()) full += "  // could not start: " + one_line(s.error, 300) + "\n";
    for (const auto& t : s.tools) {
      if (!t.description.empty()) full += "  /** " + one_line(t.description) + " */\n";
      std::string result = t.output_schema.is_null() ? "unknown" : ts_type(t.output_schema);
      full += fmt::format("  {}({}): Promise<{}>;\n", key(t.name), args_of(t.input_schema), result);
    }
    full += "};\n";
  }
  if (full.size() <= limit) return full;
  std::string brief = "Tools the program can call (each returns a Promise; print $tools.<name> for a tool's "
                      "description and schemas):\n";
  if (!catalog.empty()) {
    std::string names;
    for (const auto& t : catalog) names += (names.empty() ? "" : ", ") + t.name;
    brief += "functions: " + names + "\n";
  }
  for (const auto& s : servers) {
    std::string names;
    for (const auto& t : s.tools) names += (names.empty() ? "" : ", ") + key(t.name);
    brief += fmt::format("{} (MCP server '{}'): {}\n", s.binding, s.name,
                         s.error.empty() ? names : "could not start");
  }
  return brief;
}

}  // namespace oda::mcp::client
