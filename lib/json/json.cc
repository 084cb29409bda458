// JSON for every component: a strict parser and a writer that prints numbers the way
// JavaScript does, so values read the same on both sides.
#include "json/json.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <string>
#include <unordered_set>


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

// A strict RFC 8259 parser. Ours, not simdjson's: simdjson's shared library brings
// libstdc++'s with it, and loading those cost every command a third of a millisecond of
// start-up (the binaries link libstdc++ statically instead). Documents here are requests,
// replies and tool outputs, where this runs at a few hundred MB/s.
class Parser {
 public:
  Parser(std::string_view text, std::string* err, ParseError* why)
      : begin_(text.data()), p_(text.data()), end_(text.data() + text.size()), err_(err), why_(why) {}

  bool document(Value* out) {
    skip_space();
    if (!value(out, 0)) return false;
    skip_space();
    if (p_ != end_) return fail("unexpected text after the value");
    return true;
  }

 private:
  static constexpr int kMaxDepth = 1024;

  const char* begin_;
  const char* p_;
  const char* end_;
  std::string* err_;
  ParseError* why_;

  bool fail(const char* what, ParseError why = ParseError::Syntax) {
    *err_ = std::string(what) + " at byte " + std::to_string(p_ - begin_);
    *why_ = why;
    return false;
  }

  void skip_space() {
    while (p_ != end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }

  bool value(Value* out, int depth) {
    if (p_ == end_) return fail("expected a value");
    switch (*p_) {
      case '{': return object(out, depth + 1);
      case '[': return array(out, depth + 1);
      case '"': {
        std::string s;
        if (!string(&s)) return false;
        *out = Value(std::move(s));
        return true;
      }
      case 't': return word("true", Value(true), out);
      case 'f': return word("false", Value(false), out);
      case 'n': return word("null", Value(), out);
      default:
        if (*p_ == '-' || (*p_ >= '0' && *p_ <= '9')) return number(out);
        return fail("expected a value");
    }
  }

  bool word(std::string_view w, Value v, Value* out) {
    if (static_cast<size_t>(end_ - p_) < w.size() || std::string_view(p_, w.size()) != w) return fail("expected a value");
    p_ += w.size();
    *out = std::move(v);
    return true;
  }

  static bool digit(char c) { return c >= '0' && c <= '9'; }

  bool number(Value* out) {
    const char* start = p_;
    bool negative = *p_ == '-';
    if (negative) ++p_;
    if (p_ == end_ || !digit(*p_)) return fail("expected a digit");
    if (*p_ == '0') ++p_;
    else while (p_ != end_ && digit(*p_)) ++p_;
    bool integer = true;
    if (p_ != end_ && *p_ == '.') {
      integer = false;
      ++p_;
      if (p_ == end_ || !digit(*p_)) return fail("expected a digit");
      while (p_ != end_ && digit(*p_)) ++p_;
    }
    if (p_ != end_ && (*p_ == 'e' || *p_ == 'E')) {
      integer = false;
      ++p_;
      if (p_ != end_ && (*p_ == '+' || *p_ == '-')) ++p_;
      if (p_ == end_ || !digit(*p_)) return fail("expected a digit");
      while (p_ != end_ && digit(*p_)) ++p_;
    }
    std::string_view literal(start, p_ - start);
    if (integer) {
      // Exact integers only: past 2^53 a double would not give the same digits back.
      uint64_t n = 0;
      bool past = false;
      for (char c : literal.substr(negative ? 1 : 0)) {
        n = n * 10 + static_cast<uint64_t>(c - '0');
        if (n > static_cast<uint64_t>(kMaxSafe)) {
          past = true;
          break;
        }
      }
      if (past) {
        *err_ = "integer " + std::string(literal) + " is past 2^53 and would not come back as written";
        *why_ = ParseError::UnsafeInteger;
        return false;
      }
      *out = Value(negative ? (n == 0 ? -0.0 : -static_cast<double>(n)) : static_cast<double>(n));
      return true;
    }
    double d = 0;
    auto [end, ec] = std::from_chars(start, p_, d);
    if (ec == std::errc::result_out_of_range) {
      // Too small rounds to zero, as in JavaScript; too large has no double.
      if (overflows(literal)) {
        *err_ = "a number does not fit a double and would not come back as written";
        *why_ = ParseError::UnsafeInteger;
        return false;
      }
      d = negative ? -0.0 : 0.0;
    } else if (ec != std::errc() || end != p_) {
      return fail("invalid number");
    }
    *out = Value(d);
    return true;
  }

  // Whether an out-of-range literal is too large (else too small): the power of ten of its
  // first significant digit.
  static bool overflows(std::string_view literal) {
    long long exp10 = 0;
    size_t e = literal.find_first_of("eE");
    std::string_view mantissa = literal.substr(0, e);
    if (e != std::string_view::npos) {
      std::string_view ex = literal.substr(e + 1);
      bool neg = !ex.empty() && ex[0] == '-';
      for (char c : ex)
        if (digit(c) && exp10 < 100000000) exp10 = exp10 * 10 + (c - '0');
      if (neg) exp10 = -exp10;
    }
    size_t dot = mantissa.find('.');
    std::string_view whole = mantissa.substr(0, dot);
    size_t first = whole.find_first_of("123456789");
    if (first != std::string_view::npos) return exp10 + static_cast<long long>(whole.size() - first) > 0;
    if (dot == std::string_view::npos) return false;
    std::string_view frac = mantissa.substr(dot + 1);
    size_t lead = frac.find_first_of("123456789");
    return lead != std::string_view::npos && exp10 - static_cast<long long>(lead) > 0;
  }

  static int hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  bool hex4(uint32_t* u) {
    if (end_ - p_ < 4) return fail("expected four hex digits");
    *u = 0;
    for (int i = 0; i < 4; ++i) {
      int h = hex(p_[i]);
      if (h < 0) return fail("expected four hex digits");
      *u = (*u << 4) | static_cast<uint32_t>(h);
    }
    p_ += 4;
    return true;
  }

  bool string(std::string* out) {
    ++p_;  // the opening quote
    for (;;) {
      const char* run = p_;
      while (p_ != end_ && static_cast<unsigned char>(*p_) >= 0x20 && static_cast<unsigned char>(*p_) < 0x80 &&
             *p_ != '"' && *p_ != '\\')
        ++p_;
      out->append(run, p_ - run);
      if (p_ == end_) return fail("unterminated string");
      unsigned char c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        ++p_;
        return true;
      }
      if (c < 0x20) return fail("control character in a string");
      if (c >= 0x80) {
        uint32_t cp;
        size_t n = utf8_sequence(std::string_view(p_, end_ - p_), 0, &cp);
        if (n == 0) return fail("invalid UTF-8 in a string");
        out->append(p_, n);
        p_ += n;
        continue;
      }
      // A backslash escape.
      if (++p_ == end_) return fail("unterminated string");
      char e = *p_++;
      switch (e) {
        case '"': out->push_back('"'); break;
        case '\\': out->push_back('\\'); break;
        case '/': out->push_back('/'); break;
        case 'b': out->push_back('\b'); break;
        case 'f': out->push_back('\f'); break;
        case 'n': out->push_back('\n'); break;
        case 'r': out->push_back('\r'); break;
        case 't': out->push_back('\t'); break;
        case 'u': {
          uint32_t u = 0;
          if (!hex4(&u)) return false;
          if (u >= 0xD800 && u <= 0xDBFF && end_ - p_ >= 6 && p_[0] == '\\' && p_[1] == 'u') {
            const char* back = p_;
            p_ += 2;
            uint32_t low = 0;
            if (!hex4(&low)) return false;
            if (low >= 0xDC00 && low <= 0xDFFF) {
              append_utf8(out, 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00));
              break;
            }
            p_ = back;  // not a pair: the lone half alone
          }
          // A lone surrogate (JSON.stringify may write one) has no UTF-8: U+FFFD.
          append_utf8(out, u >= 0xD800 && u <= 0xDFFF ? 0xFFFD : u);
          break;
        }
        default:
          --p_;
          return fail("invalid escape");
      }
    }
  }

  bool array(Value* out, int depth) {
    if (depth > kMaxDepth) return fail("nested too deeply", ParseError::TooDeep);
    ++p_;
    Value arr = Value::array();
    skip_space();
    if (p_ != end_ && *p_ == ']') {
      ++p_;
      *out = std::move(arr);
      return true;
    }
    for (;;) {
      skip_space();
      if (!value(&arr.items().emplace_back(), depth)) return false;
      skip_space();
      if (p_ == end_) return fail("unterminated array");
      if (*p_ == ',') {
        ++p_;
        continue;
      }
      if (*p_ != ']') return fail("expected ',' or ']'");
      ++p_;
      *out = std::move(arr);
      return true;
    }
  }

  bool object(Value* out, int depth) {
    if (depth > kMaxDepth) return fail("nested too deeply", ParseError::TooDeep);
    ++p_;
    Members members;
    skip_space();
    if (p_ != end_ && *p_ == '}') {
      ++p_;
      *out = Value::object();
      return true;
    }
    for (;;) {
      skip_space();
      if (p_ == end_ || *p_ != '"') return fail("expected a member name");
      auto& m = members.emplace_back();
      if (!string(&m.first)) return false;
      skip_space();
      if (p_ == end_ || *p_ != ':') return fail("expected ':'");
      ++p_;
      skip_space();
      if (!value(&m.second, depth)) return false;
      skip_space();
      if (p_ == end_) return fail("unterminated object");
      if (*p_ == ',') {
        ++p_;
        continue;
      }
      if (*p_ != '}') return fail("expected ',' or '}'");
      ++p_;
      break;
    }
    *out = Value::object();
    if (!has_repeats(members)) {
      out->members() = std::move(members);
    } else {
      // A repeated name keeps the last value in the first one's place, as JSON.parse does.
      for (auto& [key, v] : members) out->set(std::move(key), std::move(v));
    }
    return true;
  }

  static bool has_repeats(const Members& members) {
    if (members.size() <= 16) {
      for (size_t i = 1; i < members.size(); ++i)
        for (size_t j = 0; j < i; ++j)
          if (members[i].first == members[j].first) return true;
      return false;
    }
    std::unordered_set<std::string_view> seen;
    seen.reserve(members.size());
    for (const auto& m : members)
      if (!seen.insert(m.first).second) return true;
    return false;
  }
};

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

bool parse(std::string_view text, Value* out, std::string* err, ParseError* why) {
  ParseError local;
  if (!why) why = &local;
  *why = ParseError::None;
  Value v;
  if (!Parser(text, err, why).document(&v)) return false;
  *out = std::move(v);
  return true;
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
