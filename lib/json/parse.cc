// json::parse on simdjson: the one translation unit that includes simdjson.h (1.2 MB of
// header). simdjson finds and checks the structure (UTF-8, strings, numbers, nesting); this
// file turns what it finds into a Value under our lossless rules: integers past 2^53 and
// numbers no double holds are refused, -0 stays -0, a repeated name keeps its last value in
// its first place, and a lone surrogate escape becomes U+FFFD.
//
// The On-Demand API, not the DOM: it gives each number's own text (so "-0" and an integer's
// size are judged on what was written) and the place of an error, and building our tree
// from it measured as fast as from the DOM's tape (bench/json).
#include "json/json.h"

#include <cmath>
#include <cstring>
#include <string>
#include <type_traits>
#include <unordered_set>

#include <fmt/core.h>

#include "simdjson.h"

namespace oda::json {

namespace {

namespace od = simdjson::ondemand;
using simdjson::error_code;

constexpr int kMaxDepth = 1024;  // as deep as JSON.parse goes in practice, and our codec
constexpr uint64_t kMaxSafe = 9007199254740991;  // 2^53 - 1

// Our words for simdjson's errors: lowercase, what went wrong, as the rest of our messages.
const char* describe(error_code e) {
  switch (e) {
    case simdjson::EMPTY: return "expected a value";
    case simdjson::DEPTH_ERROR: return "nested too deeply";
    case simdjson::STRING_ERROR: return "invalid string";
    case simdjson::UNESCAPED_CHARS: return "control character in a string";
    case simdjson::UNCLOSED_STRING: return "unterminated string";
    case simdjson::UTF8_ERROR: return "invalid UTF-8";
    case simdjson::NUMBER_ERROR: return "invalid number";
    case simdjson::T_ATOM_ERROR:
    case simdjson::F_ATOM_ERROR:
    case simdjson::N_ATOM_ERROR: return "expected a value";
    case simdjson::TRAILING_CONTENT: return "unexpected text after the value";
    // simdjson's first pass balances brackets over the whole text, so "[1" and "[1] x" both
    // end here, before any value is read.
    case simdjson::INCOMPLETE_ARRAY_OR_OBJECT: return "unbalanced brackets or text after the value";
    case simdjson::CAPACITY: return "document too large";
    case simdjson::MEMALLOC: return "out of memory";
    default: return "invalid JSON";
  }
}

// The hex value of four digits, or -1.
int hex4(const char* p) {
  int v = 0;
  for (int i = 0; i < 4; ++i) {
    char c = p[i];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

// Decodes a string's raw text (simdjson has checked its UTF-8 and that it holds no control
// character). Used where simdjson's own unescaping cannot serve: it refuses a \u escape of
// half a surrogate pair, which JSON.stringify writes and JavaScript keeps (we have no UTF-8
// for one: U+FFFD stands in), and a member name is read raw (see object()).
bool decode_raw(const char* p, std::string* out) {
  static const char kSimple[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
  out->clear();
  for (;;) {
    char c = *p++;
    if (c == '"') return true;
    if (c != '\\') {
      out->push_back(c);
      continue;
    }
    char e = *p++;
    if (e != 'u') {
      const char* m = std::strchr(kSimple, e);
      if (!e || !m || (m - kSimple) % 2) return false;
      out->push_back(m[1]);
      continue;
    }
    int u = hex4(p);
    if (u < 0) return false;
    p += 4;
    if (u >= 0xD800 && u <= 0xDBFF && p[0] == '\\' && p[1] == 'u') {
      int low = hex4(p + 2);
      if (low >= 0xDC00 && low <= 0xDFFF) {
        append_utf8(out, 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00));
        p += 6;
        continue;
      }
    }
    append_utf8(out, u >= 0xD800 && u <= 0xDFFF ? 0xFFFD : static_cast<uint32_t>(u));
  }
}

// Whether a number's text is an integer as written (no fraction, no exponent).
bool integer_literal(std::string_view t) {
  return t.find_first_of(".eE") == std::string_view::npos;
}

class Builder {
 public:
  Builder(const char* base, std::string* err, ParseError* why) : base_(base), err_(err), why_(why) {}

  // Reads one value (the document itself or a value inside it) into *out.
  template <class V>
  bool value(V& v, Value* out, int depth) {
    od::json_type type;
    if (auto e = v.type().get(type)) return fail(e, v);
    switch (type) {
      case od::json_type::array: return array(v, out, depth + 1);
      case od::json_type::object: return object(v, out, depth + 1);
      case od::json_type::number: return number(v, out);
      case od::json_type::string: {
        std::string s;
        if (!string(v, &s)) return false;
        *out = Value(std::move(s));
        return true;
      }
      case od::json_type::boolean: {
        bool b;
        if (auto e = v.get_bool().get(b)) return fail(e, v);
        *out = Value(b);
        return true;
      }
      case od::json_type::null: {
        bool null = false;
        if (auto e = v.is_null().get(null); e || !null) return fail(e ? e : simdjson::N_ATOM_ERROR, v);
        *out = Value();
        return true;
      }
    }
    return fail(simdjson::INCORRECT_TYPE, v);
  }

  // The error, where simdjson stopped: "expected a value at byte 3". For an error of the
  // structure in general, the text found there says more: "unexpected ']' at byte 3".
  template <class V>
  bool fail(error_code e, V& v) {
    const char* at = nullptr;
    std::string what = describe(e);
    // (Errors of the whole text come from simdjson's first pass, which has no place for them.)
    bool whole = e == simdjson::INCOMPLETE_ARRAY_OR_OBJECT || e == simdjson::TRAILING_CONTENT;
    if (!whole && !v.current_location().get(at) && at >= base_) {
      bool general = e == simdjson::TAPE_ERROR || e == simdjson::INCORRECT_TYPE;
      if (general && static_cast<unsigned char>(*at) >= 0x20 && static_cast<unsigned char>(*at) < 0x7F)
        what = fmt::format("unexpected '{}'", *at);
      what += fmt::format(" at byte {}", at - base_);
    }
    return fail_text(std::move(what), e == simdjson::DEPTH_ERROR ? ParseError::TooDeep : ParseError::Syntax);
  }

  bool fail_text(std::string what, ParseError why) {
    if (err_->empty()) *err_ = std::move(what), *why_ = why;
    return false;
  }

 private:
  const char* base_;
  std::string* err_;
  ParseError* why_;

  template <class V>
  bool array(V& v, Value* out, int depth) {
    if (depth > kMaxDepth) return fail(simdjson::DEPTH_ERROR, v);
    od::array arr;
    if (auto e = v.get_array().get(arr)) return fail(e, v);
    *out = Value::array();
    for (auto item : arr) {
      od::value child;
      if (auto e = item.get(child)) return fail(e, v);
      if (!value(child, &out->items().emplace_back(), depth)) return false;
    }
    return true;
  }

  template <class V>
  bool object(V& v, Value* out, int depth) {
    if (depth > kMaxDepth) return fail(simdjson::DEPTH_ERROR, v);
    od::object obj;
    if (auto e = v.get_object().get(obj)) return fail(e, v);
    Members members;
    for (auto field : obj) {
      // The name's raw text: most names have no escape and are taken as they are.
      od::raw_json_string raw;
      if (auto e = field.key().get(raw)) return fail(e, v);
      const char* p = raw.raw();
      const char* q = p;
      while (*q != '"' && *q != '\\') ++q;
      std::string key;
      if (*q == '"') key.assign(p, q);
      else if (!decode_raw(p, &key)) return fail(simdjson::STRING_ERROR, v);
      od::value child;
      if (auto e = field.value().get(child)) return fail(e, v);
      members.emplace_back(std::move(key), Value());
      if (!value(child, &members.back().second, depth)) return false;
    }
    *out = Value::object();
    if (!has_repeats(members)) {
      out->members() = std::move(members);
    } else {
      // A repeated name keeps the last value in the first one's place, as JSON.parse does.
      for (auto& [key, val] : members) out->set(std::move(key), std::move(val));
    }
    return true;
  }

  template <class V>
  bool string(V& v, std::string* out) {
    std::string_view s;
    if (auto e = v.get_string().get(s); !e) {
      out->assign(s);
      return true;
    } else {
      od::raw_json_string raw;
      if (e != simdjson::STRING_ERROR || v.get_raw_json_string().get(raw) || !decode_raw(raw.raw(), out))
        return fail(e, v);
      return true;
    }
  }

  template <class V>
  bool number(V& v, Value* out) {
    std::string_view text;
    // A value gives its token as it is, the document (a lone number) as a result.
    if constexpr (std::is_same_v<decltype(v.raw_json_token()), std::string_view>) {
      text = v.raw_json_token();
    } else if (auto e = v.raw_json_token().get(text)) {
      return fail(e, v);
    }
    while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\r' || text.back() == '\t'))
      text.remove_suffix(1);
    bool negative = !text.empty() && text[0] == '-';
    double d = 0;
    auto e = v.get_double().get(d);
    if (integer_literal(text)) {
      // Exact integers only: past 2^53 a double would not give the same digits back.
      std::string_view digits = text.substr(negative ? 1 : 0);
      if (!e || e == simdjson::NUMBER_ERROR) {
        bool well_formed = !digits.empty() && digits.find_first_not_of("0123456789") == std::string_view::npos &&
                           (digits[0] != '0' || digits.size() == 1);
        if (well_formed && (digits.size() > 16 || std::stoull(std::string(digits)) > kMaxSafe))
          return fail_text(fmt::format("integer {} is past 2^53 and would not come back as written", text),
                           ParseError::UnsafeInteger);
      }
      if (e) return fail(e, v);
      *out = Value(negative && d == 0 ? -0.0 : d);
      return true;
    }
    if (e == simdjson::NUMBER_ERROR && overflows(text))
      return fail_text("a number does not fit a double and would not come back as written", ParseError::UnsafeInteger);
    if (e) return fail(e, v);
    // 8e18 is an integer past 2^53 too: written back (as JavaScript prints it) it reads
    // 8000000000000000000, which the rule above refuses, so it is refused here already. From
    // 1e21 on, numbers print with an exponent and read back as they were.
    if (std::fabs(d) > static_cast<double>(kMaxSafe) && std::fabs(d) < 1e21)
      return fail_text(fmt::format("number {} is an integer past 2^53 and would not come back as written", text),
                       ParseError::UnsafeInteger);
    *out = Value(d);
    return true;
  }

  // Whether a literal simdjson refused is a well-formed number too large for a double
  // (simdjson takes a too small one as zero, as JavaScript does): strtod says it overflows.
  static bool overflows(std::string_view text) {
    std::string s(text);
    char* end = nullptr;
    errno = 0;
    double d = std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size() && errno == ERANGE && std::isinf(d);
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

bool fail_early(const char* what, std::string* err, ParseError* why) {
  *err = what;
  *why = ParseError::Syntax;
  return false;
}

}  // namespace

bool parse(std::string_view text, Value* out, std::string* err, ParseError* why) {
  ParseError local;
  if (!why) why = &local;
  *why = ParseError::None;
  err->clear();
  // simdjson reads in 64-byte blocks past the end, so it parses a padded copy.
  simdjson::padded_string padded(text.data(), text.size());
  // A parser for small documents is kept per thread (made once, 1 MiB); a bigger document
  // gets one of its own, let go after use, so a 64 MiB run result keeps no buffers alive.
  constexpr size_t kSmall = 1 << 20;
  thread_local od::parser small(kSmall);
  thread_local bool small_ready = small.allocate(kSmall, kMaxDepth + 8) == simdjson::SUCCESS;
  od::parser big_parser;
  od::parser* parser = &small;
  if (text.size() > kSmall || !small_ready) {
    parser = &big_parser;
    if (big_parser.allocate(text.size(), kMaxDepth + 8) != simdjson::SUCCESS)
      return fail_early("out of memory", err, why);
  }
  od::document doc;
  Builder b(padded.data(), err, why);
  if (auto e = parser->iterate(padded).get(doc)) return b.fail_text(describe(e), ParseError::Syntax);
  Value v;
  if (!b.value(doc, &v, 0)) return false;
  // Anything left after the value is an error (the document's own check covers scalars).
  const char* at = nullptr;
  if (!doc.current_location().get(at))
    return b.fail_text(fmt::format("unexpected text after the value at byte {}", at - padded.data()), ParseError::Syntax);
  *out = std::move(v);
  return true;
}

}  // namespace oda::json
