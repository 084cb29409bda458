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

TEST(Json, StringsEscapesAndUnicode) {
  Value v = parse_ok(R"(["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u20AC", "\ud83d\ude00", "\ud800x", "\udc00", "é😀"])");
  ASSERT_EQ(v.items().size(), 6u);
  EXPECT_EQ(v.items()[0].as_string(), "a\"b\\c/d\b\f\n\r\t");
  EXPECT_EQ(v.items()[1].as_string(), "\xC3\xA9\xE2\x82\xAC");
  EXPECT_EQ(v.items()[2].as_string(), "\xF0\x9F\x98\x80");
  // Lone surrogates (JSON.stringify writes them) have no UTF-8: U+FFFD.
  EXPECT_EQ(v.items()[3].as_string(), "\xEF\xBF\xBDx");
  EXPECT_EQ(v.items()[4].as_string(), "\xEF\xBF\xBD");
  EXPECT_EQ(v.items()[5].as_string(), "\xC3\xA9\xF0\x9F\x98\x80");
  Value bad;
  std::string err;
  for (std::string_view text : {"\"a\nb\"", "\"\\x\"", "\"\\u12\"", "\"abc", "\"\xC3\"", "\"\xED\xA0\x80\"",
                                "\"\xF4\x90\x80\x80\"", "\"\xC0\xAF\""}) {
    EXPECT_FALSE(oda::json::parse(text, &bad, &err)) << text;
  }
  EXPECT_FALSE(oda::json::parse("[1,]", &bad, &err));
  EXPECT_EQ(err, "unexpected ']' at byte 3");
}

TEST(Json, NumbersAsJavaScriptReadsThem) {
  Value v = parse_ok(" [0, -0, 1.5, -2e3, 1E+2, 0.1, 1e-400, 5e-324, 1.7976931348623157e308, 123456789012345678e-10] ");
  const auto& n = v.items();
  EXPECT_EQ(n[0].as_number(), 0);
  EXPECT_TRUE(std::signbit(n[1].as_number()));
  EXPECT_EQ(n[2].as_number(), 1.5);
  EXPECT_EQ(n[3].as_number(), -2000);
  EXPECT_EQ(n[4].as_number(), 100);
  EXPECT_EQ(n[5].as_number(), 0.1);
  EXPECT_EQ(n[6].as_number(), 0);
  EXPECT_EQ(n[7].as_number(), 5e-324);
  EXPECT_EQ(n[8].as_number(), 1.7976931348623157e308);
  EXPECT_EQ(n[9].as_number(), 12345678.9012345678);
  Value bad;
  std::string err;
  ParseError why;
  for (std::string_view text : {"01", "1.", ".5", "-", "1e", "+1", "0x10", "Infinity", "1e5x"}) {
    EXPECT_FALSE(oda::json::parse(text, &bad, &err, &why)) << text;
    EXPECT_EQ(why, ParseError::Syntax) << text;
  }
  EXPECT_FALSE(oda::json::parse("99999999999999999999", &bad, &err, &why));
  EXPECT_EQ(why, ParseError::UnsafeInteger);
  EXPECT_EQ(err, "integer 99999999999999999999 is past 2^53 and would not come back as written");
  EXPECT_FALSE(oda::json::parse("[0.00001e400]", &bad, &err, &why));
  EXPECT_EQ(why, ParseError::UnsafeInteger);
  EXPECT_TRUE(oda::json::parse("[1000e-330]", &bad, &err, &why));
}

TEST(Json, DepthAndRepeatedKeysInLargeObjects) {
  Value v;
  std::string err;
  ParseError why;
  std::string deep(1024, '[');
  deep += std::string(1024, ']');
  EXPECT_TRUE(oda::json::parse(deep, &v, &err, &why)) << err;
  EXPECT_FALSE(oda::json::parse("[" + deep + "]", &v, &err, &why));
  EXPECT_EQ(why, ParseError::TooDeep);
  std::string big = "{";
  for (int i = 0; i < 100; ++i) big += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
  big += "\"k5\":\"last\"}";
  ASSERT_TRUE(oda::json::parse(big, &v, &err)) << err;
  EXPECT_EQ(v.members().size(), 100u);
  EXPECT_EQ(v.members()[5].second.as_string(), "last");
  EXPECT_FALSE(oda::json::parse("{\"a\":1} x", &v, &err));
  EXPECT_FALSE(oda::json::parse("{1:2}", &v, &err));
  EXPECT_FALSE(oda::json::parse("{\"a\" 1}", &v, &err));
  EXPECT_TRUE(oda::json::parse(" \t\r\n{ \"a\" : [ ] , \"b\" : { } } \n", &v, &err));
}

TEST(Json, GetOrReadsATypedFieldOrTheFallback) {
  Value v;
  std::string err;
  ASSERT_TRUE(oda::json::parse(R"({"s":"x","n":2.5,"i":7,"b":false,"z":null})", &v, &err)) << err;
  EXPECT_EQ(v.get_or("s", "d"), "x");
  EXPECT_EQ(v.get_or("n", "d"), "d");  // a number is no string
  EXPECT_EQ(v.get_or("missing", "d"), "d");
  EXPECT_EQ(v.get_or("n", 0.0), 2.5);
  EXPECT_EQ(v.get_or("s", -1.0), -1.0);
  EXPECT_EQ(v.get_or<int64_t>("i", -1), 7);
  EXPECT_EQ(v.get_or<int64_t>("z", -1), -1);
  EXPECT_EQ(v.get_or("b", true), false);
  EXPECT_EQ(v.get_or("i", true), true);
  Value not_an_object = Value::array();
  EXPECT_EQ(not_an_object.get_or("s", "d"), "d");
}

TEST(Json, ErrorsSayWhatAndWhere) {
  Value v;
  std::string err;
  ParseError why;
  auto refused = [&](std::string_view text) {
    EXPECT_FALSE(oda::json::parse(text, &v, &err, &why)) << text;
    return err;
  };
  EXPECT_EQ(refused(""), "expected a value");
  EXPECT_EQ(refused("{\"a\":}"), "unexpected '}' at byte 5");
  EXPECT_EQ(refused("[1] x"), "unbalanced brackets or text after the value");
  EXPECT_EQ(refused("[1, 2"), "unbalanced brackets or text after the value");
  EXPECT_EQ(refused("1 x"), "unexpected text after the value");
  EXPECT_EQ(refused("\"a\x01\""), "control character in a string");
  EXPECT_EQ(refused("\"\xff\""), "invalid UTF-8");
  EXPECT_EQ(refused("[01]"), "invalid number at byte 1");
  EXPECT_EQ(why, ParseError::Syntax);
  EXPECT_EQ(refused("[1, 18446744073709551616]"), "integer 18446744073709551616 is past 2^53 and would not come back as written");
  EXPECT_EQ(why, ParseError::UnsafeInteger);
  EXPECT_EQ(refused("-9007199254740992"), "integer -9007199254740992 is past 2^53 and would not come back as written");
  EXPECT_EQ(refused("{\"x\": 2e308}"), "a number does not fit a double and would not come back as written");
  EXPECT_EQ(why, ParseError::UnsafeInteger);
}

TEST(Json, NegativeZeroAndTinyNumbersAsJavaScriptReadsThem) {
  Value v;
  std::string err;
  ASSERT_TRUE(oda::json::parse("[-0, 0, -0.0, 1e-400, -1e-400, 5e-324]", &v, &err)) << err;
  EXPECT_TRUE(std::signbit(v.items()[0].as_number()));
  EXPECT_FALSE(std::signbit(v.items()[1].as_number()));
  EXPECT_TRUE(std::signbit(v.items()[2].as_number()));
  EXPECT_EQ(v.items()[3].as_number(), 0.0);
  EXPECT_EQ(v.items()[5].as_number(), 5e-324);
  ASSERT_TRUE(oda::json::parse("-0", &v, &err)) << err;
  EXPECT_TRUE(std::signbit(v.as_number()));
}

TEST(Json, LoneSurrogatesInNamesToo) {
  Value v;
  std::string err;
  ASSERT_TRUE(oda::json::parse(R"({"\ud800k": "\\ud800 stays text", "a\/\u0041": 1})", &v, &err)) << err;
  ASSERT_EQ(v.members().size(), 2u);
  EXPECT_EQ(v.members()[0].first, "\xEF\xBF\xBDk");
  EXPECT_EQ(v.members()[0].second.as_string(), "\\ud800 stays text");
  EXPECT_EQ(v.members()[1].first, "a/A");
}

TEST(Json, BigDocumentsParseWithTheirOwnParser) {
  std::string big = "[";
  for (int i = 0; i < 200000; ++i) big += (i ? ",{\"n\":" : "{\"n\":") + std::to_string(i) + ",\"s\":\"\\ud800\"}";
  big += "]";
  ASSERT_GT(big.size(), 1u << 20);
  Value v;
  std::string err;
  ASSERT_TRUE(oda::json::parse(big, &v, &err)) << err;
  ASSERT_EQ(v.items().size(), 200000u);
  EXPECT_EQ(v.items()[199999].get_or<int64_t>("n", -1), 199999);
  EXPECT_EQ(v.items()[7].get_or("s", ""), "\xEF\xBF\xBD");
  EXPECT_FALSE(oda::json::parse(big + "]", &v, &err));
  // and the small parser still works after a big one
  ASSERT_TRUE(oda::json::parse("{\"a\":[true,false,null]}", &v, &err)) << err;
  EXPECT_EQ(oda::json::write(v), "{\"a\":[true,false,null]}");
}

TEST(Json, WhatParsesWritesBackAndParsesAgain) {
  // An integer past 2^53 written with an exponent is refused as its digits would be; from
  // 1e21 on, the writer's exponent form reads back as it was.
  Value v;
  std::string err;
  ParseError why;
  for (std::string_view text : {"8e018", "[8e18]", "-1e16", "9.99e20", "9007199254740992.0"}) {
    EXPECT_FALSE(oda::json::parse(text, &v, &err, &why)) << text;
    EXPECT_EQ(why, ParseError::UnsafeInteger) << text;
  }
  EXPECT_EQ(err, "number 9007199254740992.0 is an integer past 2^53 and would not come back as written");
  for (std::string_view text : {"9.007199254740991e15", "-0.5", "1e-7", "123.0", "[1e21, 2]", "1.5e300", "-9007199254740991"}) {
    ASSERT_TRUE(oda::json::parse(text, &v, &err, &why)) << text;
    Value again;
    EXPECT_TRUE(oda::json::parse(oda::json::write(v), &again, &err)) << text << " -> " << oda::json::write(v);
    EXPECT_EQ(again, v) << text;
  }
}

TEST(Json, WritesWhatNodesJsonStringifyWrites) {
  // Expectations from node 20: JSON.stringify of the same values.
  Value v = parse_ok(R"(["\u0001\u001f\u007f", "\u2028", "\b\f\n\r\t\"\\\/"])");
  EXPECT_EQ(oda::json::write(v), "[\"\\u0001\\u001f\x7f\",\"\xE2\x80\xA8\",\"\\b\\f\\n\\r\\t\\\"\\\\/\"]");
  Value n = parse_ok("[1e-7, 123456789012345, 0.000001, 1e21, -1e-7, 9007199254740991, 5e-324, 100, 1.5e300]");
  Value sum = Value::array();
  sum.push(Value(0.1 + 0.2));
  EXPECT_EQ(oda::json::write(n), "[1e-7,123456789012345,0.000001,1e+21,-1e-7,9007199254740991,5e-324,100,1.5e+300]");
  EXPECT_EQ(oda::json::write(sum), "[0.30000000000000004]");
}

TEST(Json, PrettyPrintsNestingAndEmptiesAsJsonStringifyWithTwoSpaces) {
  Value v = parse_ok(R"({"a":[],"b":[{"c":null}],"d":"x"})");
  EXPECT_EQ(oda::json::write_pretty(v),
            "{\n  \"a\": [],\n  \"b\": [\n    {\n      \"c\": null\n    }\n  ],\n  \"d\": \"x\"\n}");
  EXPECT_EQ(oda::json::write_pretty(parse_ok("7")), "7");
}

TEST(Json, ValuesCompareByContentAndOrder) {
  EXPECT_EQ(parse_ok(R"({"a":1,"b":[true,null]})"), parse_ok(R"({ "a" : 1 , "b" : [ true , null ] })"));
  EXPECT_FALSE(parse_ok(R"({"a":1,"b":2})") == parse_ok(R"({"b":2,"a":1})"));  // order is kept
  EXPECT_FALSE(parse_ok("[1]") == parse_ok("[1.5]"));
  EXPECT_FALSE(parse_ok("\"1\"") == parse_ok("1"));
  EXPECT_FALSE(parse_ok("null") == parse_ok("false"));
}

TEST(Json, MembersSetReplaceAndErase) {
  Value o = Value::object();
  o.set("a", 1);
  o.set("b", "x");
  o.set("a", 2);  // replaced in its place
  EXPECT_EQ(oda::json::write(o), R"({"a":2,"b":"x"})");
  EXPECT_TRUE(o.erase("a"));
  EXPECT_FALSE(o.erase("a"));
  EXPECT_EQ(oda::json::write(o), R"({"b":"x"})");
  EXPECT_EQ(o.get("zz"), nullptr);
  Value arr = Value::array();
  EXPECT_EQ(arr.get("b"), nullptr);  // not an object: no members
  arr.push(Value());
  arr.push(Value::object());
  EXPECT_EQ(oda::json::write(arr), "[null,{}]");
}

TEST(Json, Utf8OfEveryLength) {
  std::string out;
  for (uint32_t cp : {0x24u, 0xA2u, 0x20ACu, 0x10348u, 0x10FFFFu}) oda::json::append_utf8(&out, cp);
  EXPECT_EQ(out, "\x24\xC2\xA2\xE2\x82\xAC\xF0\x90\x8D\x88\xF4\x8F\xBF\xBF");
  Value v = parse_ok("\"" + out + "\"");
  EXPECT_EQ(v.as_string(), out);
  std::string quoted;
  oda::json::append_quoted(&quoted, out);
  EXPECT_EQ(quoted, "\"" + out + "\"");  // written as it is, never escaped
}

TEST(Json, OnlyJsonsOwnWhitespaceSurroundsAValue) {
  Value v;
  std::string err;
  // JSON.parse refuses a byte-order mark, a vertical tab and a form feed around a value.
  for (std::string_view text : {"\xEF\xBB\xBF" "1", "\v1", "1\f", "   ", "\n"})
    EXPECT_FALSE(oda::json::parse(text, &v, &err)) << text;
  for (std::string_view text : {" 1", "1 ", "\t\r\n1\n"}) {
    ASSERT_TRUE(oda::json::parse(text, &v, &err)) << text << ": " << err;
    EXPECT_EQ(v.as_number(), 1);
  }
  // A NUL inside a string is data; written raw it must be escaped, as any control character.
  ASSERT_TRUE(oda::json::parse(std::string_view("\"a\\u0000b\"", 10), &v, &err)) << err;
  EXPECT_EQ(v.as_string(), std::string("a\0b", 3));
  EXPECT_FALSE(oda::json::parse(std::string_view("\"a\0b\"", 5), &v, &err));
  EXPECT_EQ(oda::json::write(v), "\"a\\u0000b\"");
}

TEST(Json, GetOrOfAWholeNumberKeepsItsSign) {
  Value v = parse_ok(R"({"neg": -42, "big": 9007199254740991, "frac": 2.75})");
  EXPECT_EQ(v.get_or<int64_t>("neg", 0), -42);
  EXPECT_EQ(v.get_or<int64_t>("big", 0), int64_t{9007199254740991});
  EXPECT_EQ(v.get_or<int64_t>("frac", 0), 2);  // truncated toward zero, as a cast would
  EXPECT_EQ(v.get_or("frac", 0.0), 2.75);
}
