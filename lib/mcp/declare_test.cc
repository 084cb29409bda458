// The TypeScript-style declarations of callable tools: schema shapes, names that need
// quotes, output schemas as results, and the short form past the size limit.
#include "mcp/declare.h"

#include <gtest/gtest.h>

namespace oda::mcp::client {
namespace {

json::Value parse(const std::string& text) {
  json::Value v;
  std::string err;
  EXPECT_TRUE(json::parse(text, &v, &err)) << err;
  return v;
}

TEST(McpDeclare, SchemasReadAsTypeScript) {
  EXPECT_EQ(ts_type(parse(R"({"type":"object","properties":{"a":{"type":"number"},"b":{"type":"string"}},"required":["a"]})")),
            "{ a: number; b?: string }");
  EXPECT_EQ(ts_type(parse(R"({"type":"array","items":{"type":"integer"}})")), "number[]");
  EXPECT_EQ(ts_type(parse(R"({"type":"array","items":{"enum":["x","y"]}})")), R"(("x" | "y")[])");
  EXPECT_EQ(ts_type(parse(R"({"anyOf":[{"type":"string"},{"type":"null"}]})")), "string | null");
  EXPECT_EQ(ts_type(parse(R"({"type":["string","number"]})")), "string | number");
  EXPECT_EQ(ts_type(parse(R"({"const":3})")), "3");
  EXPECT_EQ(ts_type(parse(R"({"type":"object","additionalProperties":{"type":"boolean"}})")), "Record<string, boolean>");
  EXPECT_EQ(ts_type(parse(R"({"type":"object","properties":{"my-key":{}}})")), R"({ "my-key"?: unknown })");
  EXPECT_EQ(ts_type(parse(R"({})")), "unknown");
}

TEST(McpDeclare, ServersAndCatalogToolsAreDeclared) {
  calls::Tool say;
  say.name = "say";
  say.description = "says it\nsecond line";
  say.input_schema = parse(R"({"type":"object","properties":{"text":{"type":"string"}},"required":["text"]})");
  ServerTools s{"my-srv", "my_srv", {}, ""};
  s.tools.push_back({"get-sum", "adds */ two", parse(R"({"type":"object","properties":{"a":{"type":"number"}}})"),
                     parse(R"({"type":"object","properties":{"sum":{"type":"number"}},"required":["sum"]})")});
  s.tools.push_back({"ping", "", parse("{}"), json::Value()});
  ServerTools broken{"gone", "gone", {}, "mcp server 'gone' could not start: exited with status 1"};
  std::string d = declarations({say}, {s, broken});
  EXPECT_EQ(d,
            "Tools the program can call (each returns a Promise):\n"
            "/** says it */\n"
            "declare function say(args: { text: string }): Promise<unknown>;\n"
            "/** MCP server 'my-srv' */\n"
            "declare const my_srv: {\n"
            "  /** adds * / two */\n"
            "  \"get-sum\"(args: { a?: number }): Promise<{ sum: number }>;\n"
            "  ping(args?: {}): Promise<unknown>;\n"
            "};\n"
            "/** MCP server 'gone' */\n"
            "declare const gone: {\n"
            "  // could not start: mcp server 'gone' could not start: exited with status 1\n"
            "};\n");
  EXPECT_EQ(declarations({}, {}), "");
}

TEST(McpDeclare, PastTheLimitOnlyNamesAndWhereTheRestIs) {
  ServerTools s{"big", "big", {}, ""};
  for (int i = 0; i < 3; i++) s.tools.push_back({"t" + std::to_string(i), "a tool", parse("{}"), json::Value()});
  std::string d = declarations({}, {s}, 50);
  EXPECT_EQ(d,
            "Tools the program can call (each returns a Promise; print $tools.<name> for a tool's description and "
            "schemas):\n"
            "big (MCP server 'big'): t0, t1, t2\n");
}

}  // namespace
}  // namespace oda::mcp::client
