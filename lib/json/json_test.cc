// Unit tests of the shared JSON codec: lossless parsing and JavaScript-exact numbers.
#include "json/json.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

using oda::json::ParseError;
using oda::json::Value;

namespace {

Value parse_ok(std::string_view text) {
  Value v;
  std::string err;
  EXPECT_TRUE(oda::json::parse(text, &v, &err)) << err;
  return v;
}

}  // namespace

TEST(Json, RoundTripsKeepingMemberOrder) {
  Value v = parse_ok(R"({"b":1,"a":[true,false,null,"x"],"c":{"z":1.5,"y":-2}})");
  EXPECT_EQ(oda::json::write(v), R"({"b":1,"a":[true,false,null,"x"],"c":{"z":1.5,"y":-2}})");
}

TEST(Json, RepeatedKeyKeepsLastValue) {
  EXPECT_EQ(oda::json::write(parse_ok(R"({"a":1,"b":2,"a":3})")), R"({"a":3,"b":2})");
}

TEST(Json, RefusesIntegersPast2To53) {
  Value v;
  std::string err;
  ParseError why;
  EXPECT_TRUE(oda::json::parse("9007199254740991", &v, &err, &why));
  EXPECT_TRUE(oda::json::parse("-9007199254740991", &v, &err, &why));
  EXPECT_FALSE(oda::json::parse("9007199254740992", &v, &err, &why));
  EXPECT_EQ(why, ParseError::UnsafeInteger);
  EXPECT_FALSE(oda::json::parse("[18446744073709551615]", &v, &err, &why));
  EXPECT_EQ(why, ParseError::UnsafeInteger);
  EXPECT_FALSE(oda::json::parse("1e400", &v, &err, &why));
  EXPECT_EQ(why, ParseError::UnsafeInteger);
}

TEST(Json, RefusesBadSyntax) {
  Value v;
  std::string err;
  ParseError why;
  EXPECT_FALSE(oda::json::parse("{\"a\":}", &v, &err, &why));
  EXPECT_EQ(why, ParseError::Syntax);
  EXPECT_FALSE(err.empty());
  EXPECT_FALSE(oda::json::parse("NaN", &v, &err, &why));
  EXPECT_FALSE(oda::json::parse("", &v, &err, &why));
}

TEST(Json, NumbersPrintAsJavaScriptDoes) {
  using oda::json::number_to_string;
  EXPECT_EQ(number_to_string(0), "0");
  EXPECT_EQ(number_to_string(-0.0), "0");
  EXPECT_EQ(number_to_string(1), "1");
  EXPECT_EQ(number_to_string(-42), "-42");
  EXPECT_EQ(number_to_string(1.5), "1.5");
  EXPECT_EQ(number_to_string(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(number_to_string(1e21), "1e+21");
  EXPECT_EQ(number_to_string(1e20), "100000000000000000000");
  EXPECT_EQ(number_to_string(123456789012345680000.0), "123456789012345680000");
  EXPECT_EQ(number_to_string(1.5e-7), "1.5e-7");
  EXPECT_EQ(number_to_string(0.000001), "0.000001");
  EXPECT_EQ(number_to_string(5e-324), "5e-324");
  EXPECT_EQ(number_to_string(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(number_to_string(9007199254740991), "9007199254740991");
  EXPECT_EQ(number_to_string(std::nan("")), "NaN");
  EXPECT_EQ(number_to_string(-std::numeric_limits<double>::infinity()), "-Infinity");
}

TEST(Json, StringsEscapeAsJsonStringifyDoes) {
  std::string out;
  oda::json::append_quoted(&out, std::string("a\"b\\c\n\t\x01 \xC3\xA9 \xF0\x9F\x98\x80", 16));
  EXPECT_EQ(out, "\"a\\\"b\\\\c\\n\\t\\u0001 \xC3\xA9 \xF0\x9F\x98\x80\"");
  out.clear();
  oda::json::append_quoted(&out, "bad \xFF byte");
  EXPECT_EQ(out, "\"bad \xEF\xBF\xBD byte\"");
}

TEST(Json, UnicodeEscapesDecode) {
  Value v = parse_ok(R"("\u00e9\ud83d\ude00")");
  EXPECT_EQ(v.as_string(), "\xC3\xA9\xF0\x9F\x98\x80");
}

TEST(Json, NonFiniteNumbersWriteAsNull) {
  Value v = Value::array();
  v.push(Value(std::nan("")));
  v.push(Value(std::numeric_limits<double>::infinity()));
  EXPECT_EQ(oda::json::write(v), "[null,null]");
}

TEST(Json, PrettyPrints) {
  Value v = parse_ok(R"({"a":[1,2],"b":{}})");
  EXPECT_EQ(oda::json::write_pretty(v), "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}");
}

TEST(Json, SafeIntegers) {
  EXPECT_TRUE(oda::json::is_safe_integer(9007199254740991.0));
  EXPECT_FALSE(oda::json::is_safe_integer(9007199254740992.0));
  EXPECT_FALSE(oda::json::is_safe_integer(1.5));
}
