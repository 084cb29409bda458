// Unit tests of the code-function profile's pieces: the parameters check (a JSON Schema
// subset), the JSON paths of response_variables, the character cut and the error texts.
#include "run/profile_code_function.h"

#include <gtest/gtest.h>

namespace oda::run::code_function {
namespace {

json::Value parse(const std::string& text) {
  json::Value v;
  std::string err;
  EXPECT_TRUE(json::parse(text, &v, &err)) << err;
  return v;
}

std::string why(const std::string& schema, const std::string& value) {
  std::string err;
  if (check_schema(parse(schema), parse(value), &err)) return "ok";
  return err;
}

TEST(CodeFunctionSchemaTest, TypesRequiredAndNested) {
  const std::string s = R"({"type": "object", "required": ["postcode"], "properties": {
      "postcode": {"type": "string", "minLength": 2},
      "items": {"type": "integer", "minimum": 1},
      "tags": {"type": "array", "items": {"enum": ["a", "b"]}}}})";
  EXPECT_EQ(why(s, R"({"postcode": "AB1", "items": 3, "tags": ["a"]})"), "ok");
  EXPECT_EQ(why(s, R"({"items": 3})"), "$: missing required property 'postcode'");
  EXPECT_EQ(why(s, R"({"postcode": "AB1", "items": "3"})"), "$.items: expected integer, got \"3\"");
  EXPECT_EQ(why(s, R"({"postcode": "AB1", "items": 1.5})"), "$.items: expected integer, got 1.5");
  EXPECT_EQ(why(s, R"({"postcode": "AB1", "items": 0})"), "$.items: expected at least 1, got 0");
  EXPECT_EQ(why(s, R"({"postcode": "A"})"), "$.postcode: expected at least 2 characters, got \"A\"");
  EXPECT_EQ(why(s, R"({"postcode": "AB", "tags": ["a", "c"]})"), "$.tags[1]: expected one of [\"a\",\"b\"], got \"c\"");
}

TEST(CodeFunctionSchemaTest, AdditionalPropertiesAndTypeLists) {
  EXPECT_EQ(why(R"({"type": "object", "properties": {}, "additionalProperties": false})", R"({"x": 1})"),
            "$: unknown property 'x'");
  EXPECT_EQ(why(R"({"properties": {"n": {"type": ["number", "null"]}}})", R"({"n": null})"), "ok");
  EXPECT_EQ(why(R"({"properties": {"n": {"type": ["number", "null"]}}})", R"({"n": true})"),
            "$.n: expected number or null, got true");
  // Annotations are no constraint.
  EXPECT_EQ(why(R"({"type": "object", "description": "d", "title": "t"})", "{}"), "ok");
}

TEST(CodeFunctionPathTest, ReadsNestedNamesAndIndexes) {
  json::Value v = parse(R"({"a": {"b": [10, {"c": "x"}]}, "odd key": 1})");
  std::vector<PathStep> steps;
  ASSERT_TRUE(parse_path("$.a.b[0]", &steps));
  EXPECT_EQ(read_path(v, steps), json::Value(10));
  ASSERT_TRUE(parse_path("$.a.b[1].c", &steps));
  EXPECT_EQ(read_path(v, steps), json::Value("x"));
  ASSERT_TRUE(parse_path("$['odd key']", &steps));
  EXPECT_EQ(read_path(v, steps), json::Value(1));
  ASSERT_TRUE(parse_path("$", &steps));
  EXPECT_EQ(read_path(v, steps), v);
  ASSERT_TRUE(parse_path("$.a.b[5]", &steps));
  EXPECT_TRUE(read_path(v, steps).is_null());
  ASSERT_TRUE(parse_path("$.nothing.here", &steps));
  EXPECT_TRUE(read_path(v, steps).is_null());
  for (const char* bad : {"", "a.b", "$.", "$[x]", "$['a'", "$.a[1", "$a"}) EXPECT_FALSE(parse_path(bad, &steps)) << bad;
}

TEST(CodeFunctionCutTest, CutsAtCharactersNotBytes) {
  EXPECT_EQ(cut_chars("héllo", 2), "hé");
  EXPECT_EQ(cut_chars("abc", 5), "abc");
  EXPECT_EQ(cut_chars("abc", 0), "");
}

RunOutcome failed(const std::string& kind, const std::string& message) {
  RunOutcome o;
  o.kind = kind;
  o.message = message;
  return o;
}

TEST(CodeFunctionErrorTest, TheSeedsTexts) {
  EXPECT_EQ(error_text(failed("exception", "Error: boom (line 3)"), 10000), "Error: boom");
  EXPECT_EQ(error_text(failed("exception", "TypeError: x is not a function (line 1)"), 10000),
            "Error: x is not a function");
  EXPECT_EQ(error_text(failed("exception", "plain string"), 10000), "Error: plain string");
  EXPECT_EQ(error_text(failed("exception", "SyntaxError: unexpected token ';' (line 2)"), 10000),
            "Error: unexpected token ';' (line 2)");
  EXPECT_EQ(error_text(failed("timeout", "execution deadline reached (2000ms)"), 2000),
            "Error: Code timed out after 2000 ms while waiting on a promise");
  EXPECT_EQ(error_text(failed("timeout", std::string("execution deadline reached (2000ms)\n") + kInterruptedNote), 2000),
            "Error: interrupted");
  EXPECT_EQ(error_text(failed("exception", kUnresolved), 10000),
            "Error: Code finished without a result (unresolved promise)");
  EXPECT_EQ(error_text(failed("sandbox-unavailable", "no Landlock"), 10000),
            "Error: code sandbox unreachable: no Landlock");
  EXPECT_EQ(error_text(failed("exception", "heap limit reached (32 MiB)"), 10000), "Error: out of memory");
  EXPECT_EQ(error_text(failed("exception", "RangeError: callstack limit (line 1)"), 10000), "Error: stack overflow");
}

}  // namespace
}  // namespace oda::run::code_function
