// JSON for every component: the Value type and a writer that prints numbers the way
// JavaScript does, so values read the same on both sides (parsing is in parse.cc).
#include "json/json.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <string>


namespace oda::json {

namespace {

constexpr double kMaxSafe = 9007199254740991.0;  // 2^53 - 1

void write_value(const Value& v, std::string* out, int indent, int depth) {
  auto newline = [&](int d) {
    if (indent <= 0) return;
    out->push_back('\n');
    out->append(static_cast<size_t>(indent * d), ' ');
  };
  switch (v.type()) {
    case Type::Null: out->append("null"); return;
    case Type::Bool: out->append(v.as_bool() ? "true" : "false"); return;
    case Type::Number:
      if (!std::isfinite(v.as_number())) out->append("null");
      else out->append(number_to_string(v.as_number()));
      return;
    case Type::String: append_quoted(out, v.as_string()); return;
    case Type::Array: {
      if (v.items().empty()) { out->append("[]"); return; }
      out->push_back('[');
      bool first = true;
      for (const Value& item : v.items()) {
        if (!first) out->push_back(',');
        first = false;
        newline(depth + 1);
        write_value(item, out, indent, depth + 1);
      }
      newline(depth);
      out->push_back(']');
      return;
    }
    case Type::Object: {
      if (v.members().empty()) { out->append("{}"); return; }
      out->push_back('{');
      bool first = true;
      for (const auto& [key, val] : v.members()) {
        if (!first) out->push_back(',');
        first = false;
        newline(depth + 1);
        append_quoted(out, key);
        out->append(indent > 0 ? ": " : ":");
        write_value(val, out, indent, depth + 1);
      }
      newline(depth);
      out->push_back('}');
      return;
    }
  }
}

// Length of the valid UTF-8 sequence at s[i], or 0 when it is not one.
size_t utf8_sequence(std::string_view s, size_t i, uint32_t* cp) {
  unsigned char c = s[i];
  size_t len;
  uint32_t min;
  if (c < 0x80) { *cp = c; return 1; }
  if ((c & 0xE0) == 0xC0) { len = 2; *cp = c & 0x1F; min = 0x80; }
  else if ((c & 0xF0) == 0xE0) { len = 3; *cp = c & 0x0F; min = 0x800; }
  else if ((c & 0xF8) == 0xF0) { len = 4; *cp = c & 0x07; min = 0x10000; }
  else return 0;
  if (i + len > s.size()) return 0;
  for (size_t k = 1; k < len; ++k) {
    unsigned char cc = s[i + k];
    if ((cc & 0xC0) != 0x80) return 0;
    *cp = (*cp << 6) | (cc & 0x3F);
  }
  if (*cp < min || *cp > 0x10FFFF || (*cp >= 0xD800 && *cp <= 0xDFFF)) return 0;
  return len;
}

}  // namespace

const Value* Value::get(std::string_view key) const {
  if (type_ != Type::Object) return nullptr;
  for (const auto& m : members_)
    if (m.first == key) return &m.second;
  return nullptr;
}

Value* Value::get(std::string_view key) {
  return const_cast<Value*>(static_cast<const Value*>(this)->get(key));
}

Value& Value::set(std::string key, Value v) {
  if (Value* existing = get(key)) {
    *existing = std::move(v);
    return *existing;
  }
  members_.emplace_back(std::move(key), std::move(v));
  return members_.back().second;
}

Value& Value::push(Value v) {
  items_.push_back(std::move(v));
  return items_.back();
}

bool Value::erase(std::string_view key) {
  for (auto it = members_.begin(); it != members_.end(); ++it) {
    if (it->first == key) {
      members_.erase(it);
      return true;
    }
  }
  return false;
}

bool Value::operator==(const Value& o) const {
  if (type_ != o.type_) return false;
  switch (type_) {
    case Type::Null: return true;
    case Type::Bool: return bool_ == o.bool_;
    case Type::Number: return num_ == o.num_;
    case Type::String: return str_ == o.str_;
    case Type::Array: return items_ == o.items_;
    case Type::Object: return members_ == o.members_;
  }
  return false;
}

std::string write(const Value& v) {
  std::string out;
  write_value(v, &out, 0, 0);
  return out;
}

void write_to(const Value& v, std::string* out) { write_value(v, out, 0, 0); }

std::string write_pretty(const Value& v) {
  std::string out;
  write_value(v, &out, 2, 0);
  return out;
}

void append_utf8(std::string* out, uint32_t cp) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

void append_quoted(std::string* out, std::string_view s) {
  static const char kHex[] = "0123456789abcdef";
  out->push_back('"');
  for (size_t i = 0; i < s.size();) {
    unsigned char c = s[i];
    if (c >= 0x80) {
      uint32_t cp;
      size_t len = utf8_sequence(s, i, &cp);
      if (len == 0) {
        out->append("\xEF\xBF\xBD");  // U+FFFD for a byte that is not UTF-8
        ++i;
      } else {
        out->append(s.substr(i, len));
        i += len;
      }
      continue;
    }
    switch (c) {
      case '"': out->append("\\\""); break;
      case '\\': out->append("\\\\"); break;
      case '\b': out->append("\\b"); break;
      case '\f': out->append("\\f"); break;
      case '\n': out->append("\\n"); break;
      case '\r': out->append("\\r"); break;
      case '\t': out->append("\\t"); break;
      default:
        if (c < 0x20) {
          out->append("\\u00");
          out->push_back(kHex[c >> 4]);
          out->push_back(kHex[c & 15]);
        } else {
          out->push_back(static_cast<char>(c));
        }
    }
    ++i;
  }
  out->push_back('"');
}

std::string number_to_string(double x) {
  if (std::isnan(x)) return "NaN";
  if (x == 0) return "0";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  std::string sign = x < 0 ? "-" : "";
  x = std::fabs(x);
  // Shortest round-trip digits in scientific form "d.ddde+XX", then ECMA-262's layout.
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  size_t e = sci.find('e');
  std::string digits;
  for (size_t i = 0; i < e; ++i)
    if (sci[i] != '.') digits.push_back(sci[i]);
  int exp10 = std::stoi(sci.substr(e + 1));
  int k = static_cast<int>(digits.size());
  int n = exp10 + 1;
  std::string out = sign;
  if (k <= n && n <= 21) {
    out += digits;
    out.append(static_cast<size_t>(n - k), '0');
  } else if (0 < n && n <= 21) {
    out += digits.substr(0, n);
    out += '.';
    out += digits.substr(n);
  } else if (-6 < n && n <= 0) {
    out += "0.";
    out.append(static_cast<size_t>(-n), '0');
    out += digits;
  } else {
    out += digits[0];
    if (k > 1) {
      out += '.';
      out += digits.substr(1);
    }
    out += 'e';
    out += (n - 1 >= 0) ? '+' : '-';
    out += std::to_string(std::abs(n - 1));
  }
  return out;
}

bool is_safe_integer(double x) {
  return std::isfinite(x) && std::trunc(x) == x && std::fabs(x) <= kMaxSafe;
}

}  // namespace oda::json
