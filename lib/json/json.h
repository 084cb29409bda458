// The one JSON value type every component shares, with a strict lossless parser and a
// writer whose numbers read exactly as JavaScript prints them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace oda::json {

enum class Type { Null, Bool, Number, String, Array, Object };

class Value;
using Members = std::vector<std::pair<std::string, Value>>;
using Items = std::vector<Value>;

// An ordered JSON value. Objects keep their members in insertion order (as JavaScript
// does for string keys), so what a program returns reads back the way it was built.
class Value {
 public:
  Value() = default;
  Value(std::nullptr_t) {}
  Value(bool b) : type_(Type::Bool), bool_(b) {}
  Value(double n) : type_(Type::Number), num_(n) {}
  Value(int n) : type_(Type::Number), num_(n) {}
  Value(int64_t n) : type_(Type::Number), num_(static_cast<double>(n)) {}
  Value(uint64_t n) : type_(Type::Number), num_(static_cast<double>(n)) {}
  Value(const char* s) : type_(Type::String), str_(s) {}
  Value(std::string s) : type_(Type::String), str_(std::move(s)) {}
  Value(std::string_view s) : type_(Type::String), str_(s) {}
  static Value array() { Value v; v.type_ = Type::Array; return v; }
  static Value object() { Value v; v.type_ = Type::Object; return v; }

  Type type() const { return type_; }
  bool is_null() const { return type_ == Type::Null; }
  bool is_bool() const { return type_ == Type::Bool; }
  bool is_number() const { return type_ == Type::Number; }
  bool is_string() const { return type_ == Type::String; }
  bool is_array() const { return type_ == Type::Array; }
  bool is_object() const { return type_ == Type::Object; }

  bool as_bool() const { return bool_; }
  double as_number() const { return num_; }
  const std::string& as_string() const { return str_; }
  std::string& as_string() { return str_; }
  const Items& items() const { return items_; }
  Items& items() { return items_; }
  const Members& members() const { return members_; }
  Members& members() { return members_; }

  // Object member lookup; nullptr when absent or when this is not an object.
  const Value* get(std::string_view key) const;
  Value* get(std::string_view key);
  // A member of the type T asked for (std::string, double, int64_t or bool), or fallback
  // when it is absent or of another type: the one way to read an optional field.
  template <class T>
  T get_or(std::string_view key, T fallback) const;
  std::string get_or(std::string_view key, const char* fallback) const {
    return get_or<std::string>(key, fallback);
  }
  // Sets a member (replacing one of the same name, else appending); this must be an object.
  Value& set(std::string key, Value v);
  // Appends an item; this must be an array.
  Value& push(Value v);
  // Removes a member; true when it was there.
  bool erase(std::string_view key);

  bool operator==(const Value& o) const;

 private:
  Type type_ = Type::Null;
  bool bool_ = false;
  double num_ = 0;
  std::string str_;
  Items items_;
  Members members_;
};

template <class T>
T Value::get_or(std::string_view key, T fallback) const {
  const Value* v = get(key);
  if (!v) return fallback;
  if constexpr (std::is_same_v<T, std::string>) {
    return v->is_string() ? v->str_ : fallback;
  } else if constexpr (std::is_same_v<T, bool>) {
    return v->is_bool() ? v->bool_ : fallback;
  } else if constexpr (std::is_same_v<T, double>) {
    return v->is_number() ? v->num_ : fallback;
  } else {
    static_assert(std::is_same_v<T, int64_t>, "get_or reads std::string, bool, double or int64_t");
    return v->is_number() ? static_cast<int64_t>(v->num_) : fallback;
  }
}

// Why a text could not become a Value.
enum class ParseError { None, Syntax, UnsafeInteger, TooDeep };

// Parses one JSON text. Integers outside +-(2^53 - 1), and numbers a double cannot hold,
// are refused (UnsafeInteger): they would not come back as written. *err gets a short
// lowercase sentence ("expected a value at byte 3").
bool parse(std::string_view text, Value* out, std::string* err, ParseError* why = nullptr);

// Compact JSON, numbers as JavaScript's Number::toString prints them. NaN and infinities
// are never stored by parse; a caller that builds one gets null, as JSON.stringify does.
std::string write(const Value& v);
void write_to(const Value& v, std::string* out);
// Indented with two spaces, for people.
std::string write_pretty(const Value& v);

// Appends s as a JSON string literal (quotes included). Invalid UTF-8 becomes U+FFFD.
void append_quoted(std::string* out, std::string_view s);
// ECMA-262 Number::toString(x) for finite x ("1e+21", "1.5e-7", "-0" prints "0").
std::string number_to_string(double x);
// Appends code point cp as UTF-8.
void append_utf8(std::string* out, uint32_t cp);

// Whether every integer-valued number in v is within +-(2^53 - 1).
bool is_safe_integer(double x);

}  // namespace oda::json
