// Unit tests of the JavaScript lexer: the tokens it reads, the numbers and template pieces
// it cooks, the line numbers it counts, and the errors it reports.
#include "js/lexer.h"

#include <gtest/gtest.h>

#include <deque>
#include <vector>

namespace oda::js {
namespace {

// Every token of src up to the end, the end excluded. The lexer is kept until the tests end:
// a cooked name (an escaped identifier) is text the lexer owns, and its token points there.
std::vector<Token> lex(std::string_view src) {
  static std::deque<Lexer> kept;
  Lexer& lx = kept.emplace_back(src);
  std::vector<Token> out;
  for (Token t = lx.next(); t.t != TokenKind::Eof; t = lx.next()) out.push_back(t);
  return out;
}

// The message of the failure lexing src, "" when it lexes.
std::string lex_error(std::string_view src) {
  try {
    lex(src);
  } catch (ParseFailure& f) {
    return f.msg;
  }
  return "";
}

// The cleaned value of the single number src is.
std::string number(std::string_view src) {
  std::vector<Token> t = lex(src);
  EXPECT_EQ(t.size(), 1u) << src;
  EXPECT_EQ(t[0].t, TokenKind::Num) << src;
  return t.empty() ? "" : t[0].value;
}

TEST(JsLexer, OperatorsTakeTheLongestMatch) {
  std::vector<Token> t = lex("a>>>=b ?? c?.d ... **= =>");
  std::vector<std::string_view> texts;
  for (const Token& k : t) texts.push_back(k.text);
  EXPECT_EQ(texts, (std::vector<std::string_view>{"a", ">>>=", "b", "??", "c", "?.", "d", "...",
                                                  "**=", "=>"}));
  EXPECT_EQ(t[1].t, TokenKind::Punct);
  EXPECT_EQ(t[0].t, TokenKind::Name);
}

TEST(JsLexer, OptionalChainingIsNotAConditionalBeforeADigit) {
  // a?.5:1 is a ? .5 : 1, never a?. followed by 5.
  std::vector<Token> t = lex("a?.5:1");
  ASSERT_EQ(t.size(), 5u);
  EXPECT_EQ(t[1].text, "?");
  EXPECT_EQ(t[2].t, TokenKind::Num);
  EXPECT_EQ(t[2].value, ".5");
}

TEST(JsLexer, NumbersLoseTheirSeparatorsAndRadixPrefixes) {
  EXPECT_EQ(number("1_000_000"), "1000000");
  EXPECT_EQ(number("1_0.2_5e1_0"), "10.25e10");
  EXPECT_EQ(number(".5_0"), ".50");
}

TEST(JsLexer, RadixLiteralsBecomeDecimalExceptHex) {
  EXPECT_EQ(number("0xFF_FF"), "0xFFFF");
  EXPECT_EQ(number("0b1010"), "10");
  EXPECT_EQ(number("0o17"), "15");
  EXPECT_EQ(number("0B1_1"), "3");
  // Legacy octal keeps its text: the printer emits it as written.
  EXPECT_EQ(number("017"), "017");
  EXPECT_EQ(number("1E+3"), "1e+3");
}

TEST(JsLexer, MisplacedSeparatorsAndBadDigitsAreErrors) {
  EXPECT_EQ(lex_error("1__0"), "SyntaxError: invalid numeric separator");
  EXPECT_EQ(lex_error("10_"), "SyntaxError: invalid numeric separator");
  EXPECT_EQ(lex_error("0_1"), "SyntaxError: invalid numeric separator");
  EXPECT_EQ(lex_error("1._5"), "SyntaxError: invalid numeric separator");
  EXPECT_EQ(lex_error("0b102"), "SyntaxError: invalid digit in number");
  EXPECT_EQ(lex_error("0x"), "SyntaxError: invalid number");
  EXPECT_EQ(lex_error("3in x"), "SyntaxError: invalid number");
  EXPECT_EQ(lex_error("1.5n"), "SyntaxError: invalid BigInt literal");
  EXPECT_EQ(lex_error("1e3n"), "SyntaxError: invalid BigInt literal");
  EXPECT_EQ(lex_error("10nx"), "SyntaxError: invalid number");
}

// A BigInt literal is a token of its own kind of number, its integer kept exactly.
TEST(JsLexer, BigIntLiteralsKeepTheirIntegerWithItsPrefix) {
  std::vector<Token> t = lex("10n 1_000n 0x1Fn 0o17n 0b101n 123456789012345678901234567890n 7");
  ASSERT_EQ(t.size(), 7u);
  const char* want[] = {"10", "1000", "0x1F", "0o17", "0b101", "123456789012345678901234567890"};
  for (int i = 0; i < 6; i++) {
    EXPECT_TRUE(t[i].bigint) << i;
    EXPECT_EQ(t[i].value, want[i]);
  }
  EXPECT_FALSE(t[6].bigint);
}

TEST(JsLexer, StringsKeepTheirQuotedTextAndCountContinuedLines) {
  std::vector<Token> t = lex("'it\\'s' \"a\\\nb\" x");
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].t, TokenKind::Str);
  EXPECT_EQ(t[0].text, "'it\\'s'");
  EXPECT_EQ(t[1].text, "\"a\\\nb\"");
  EXPECT_EQ(t[2].line, 2);
  EXPECT_EQ(lex_error("'abc\nd'"), "SyntaxError: unterminated string");
}

// A \u or \x escape in a string must be whole, as node says; a cut one once made the lowering
// loop for ever (the fuzz lower target's finding "\u{1F60s").
TEST(JsLexer, StringEscapesMustBeWhole) {
  EXPECT_EQ(lex_error("'\\u{1F60s'"), "SyntaxError: Invalid Unicode escape sequence");
  EXPECT_EQ(lex_error("'\\u{1F60'"), "SyntaxError: Invalid Unicode escape sequence");
  EXPECT_EQ(lex_error("'\\u{}'"), "SyntaxError: Invalid Unicode escape sequence");
  EXPECT_EQ(lex_error("'\\u{110000}'"), "SyntaxError: Invalid Unicode escape sequence");
  EXPECT_EQ(lex_error("'\\u12'"), "SyntaxError: Invalid Unicode escape sequence");
  EXPECT_EQ(lex_error("'\\xg1'"), "SyntaxError: Invalid hexadecimal escape sequence");
  EXPECT_EQ(lex_error("'\\x4"), "SyntaxError: Invalid hexadecimal escape sequence");
  EXPECT_EQ(lex_error("'\\u{10FFFF} \\u{0000061} \\u0041 \\x41 \\\\u{'"), "");
}

TEST(JsLexer, TemplatePiecesAreCookedAndRawUpToASubstitution) {
  Lexer lx("`a\\n${x}b\\x41\\u{1F600}`");
  Token head = lx.next();
  EXPECT_EQ(head.t, TokenKind::Template);
  EXPECT_EQ(head.value, "a\n");
  EXPECT_EQ(head.raw, "a\\n");
  EXPECT_FALSE(head.tail);
  Token x = lx.next();
  EXPECT_EQ(x.text, "x");
  // The parser sees the '}' and asks the lexer to go on with the template.
  Token close = lx.next();
  ASSERT_TRUE(close.is("}"));
  Token rest = lx.template_continue(close);
  EXPECT_TRUE(rest.tail);
  EXPECT_EQ(rest.value, "bA\xF0\x9F\x98\x80");
  EXPECT_EQ(rest.raw, "b\\x41\\u{1F600}");
  EXPECT_EQ(lx.next().t, TokenKind::Eof);
}

TEST(JsLexer, TemplatesNormaliseCarriageReturnsAndMarkBadEscapes) {
  std::vector<Token> t = lex("`a\r\nb`");
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].value, "a\nb");
  EXPECT_EQ(t[0].raw, "a\nb");
  EXPECT_TRUE(t[0].tail);
  EXPECT_FALSE(t[0].bad_escape);
  // Only a tagged template may hold these; the parser decides, the lexer marks them.
  EXPECT_TRUE(lex("`\\unicode`")[0].bad_escape);
  EXPECT_TRUE(lex("`\\xg`")[0].bad_escape);
  EXPECT_TRUE(lex("`\\01`")[0].bad_escape);
  EXPECT_FALSE(lex("`\\0`")[0].bad_escape);
  EXPECT_EQ(lex_error("`abc"), "SyntaxError: unterminated template literal");
}

TEST(JsLexer, TemplateSurrogatePairEscapesJoinIntoOneCodePoint) {
  EXPECT_EQ(lex("`\\uD83D\\uDE00`")[0].value, "\xF0\x9F\x98\x80");
}

TEST(JsLexer, ASlashIsDivisionUntilTheParserAsksForARegexp) {
  // Read as operators first: a / b / g.
  std::vector<Token> t = lex("a / b / g");
  ASSERT_EQ(t.size(), 5u);
  EXPECT_EQ(t[1].text, "/");
  // Where the grammar expects an operand, the parser re-reads the slash as a literal.
  Lexer lx("x = /[/]a\\/b/gi.test(s)");
  lx.next();
  lx.next();
  Token slash = lx.next();
  ASSERT_TRUE(slash.is("/"));
  Token re = lx.regex(slash);
  EXPECT_EQ(re.t, TokenKind::Regex);
  EXPECT_EQ(re.value, "[/]a\\/b");
  EXPECT_EQ(re.raw, "gi");
  EXPECT_EQ(re.text, "/[/]a\\/b/gi");
  EXPECT_TRUE(lx.next().is("."));
}

TEST(JsLexer, ARegexpEndsAtItsLine) {
  Lexer lx("/abc\n/");
  Token slash = lx.next();
  try {
    lx.regex(slash);
    ADD_FAILURE() << "an unterminated regexp was accepted";
  } catch (ParseFailure& f) {
    EXPECT_EQ(f.msg, "SyntaxError: unterminated regular expression");
    EXPECT_EQ(f.line, 1);
  }
}

TEST(JsLexer, LinesAreCountedThroughCommentsAndUnicodeTerminators) {
  std::vector<Token> t = lex("a /* one\ntwo */ b // c\nd\xE2\x80\xA8" "e\xC2\xA0" "f");
  ASSERT_EQ(t.size(), 5u);
  EXPECT_EQ(t[0].line, 1);
  EXPECT_EQ(t[1].line, 2);
  EXPECT_TRUE(t[1].nl);
  EXPECT_EQ(t[2].line, 3);
  // U+2028 ends a line; U+00A0 is only a blank.
  EXPECT_EQ(t[3].line, 4);
  EXPECT_TRUE(t[3].nl);
  EXPECT_EQ(t[4].line, 4);
  EXPECT_FALSE(t[4].nl);
  EXPECT_EQ(lex_error("a /* never closed"), "SyntaxError: unterminated comment");
}

TEST(JsLexer, AHashbangLineIsSkippedButCounted) {
  std::vector<Token> t = lex("#!/usr/bin/env node\nx");
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].text, "x");
  EXPECT_EQ(t[0].line, 2);
}

TEST(JsLexer, EscapedIdentifiersSpellTheirNameAndAreMarked) {
  std::vector<Token> t = lex("\\u0061b c\\u{64} \\u0069f #\\u0078");
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(t[0].text, "ab");
  EXPECT_TRUE(t[0].escaped);
  EXPECT_EQ(t[1].text, "cd");
  // `if` written with an escape is never the keyword: the parser checks escaped.
  EXPECT_EQ(t[2].text, "if");
  EXPECT_TRUE(t[2].escaped);
  EXPECT_EQ(t[3].t, TokenKind::Private);
  EXPECT_EQ(t[3].text, "x");
  EXPECT_EQ(lex_error("a\\x41"), "SyntaxError: invalid escape in identifier");
  EXPECT_EQ(lex_error("con\\u{1F"), "SyntaxError: Invalid Unicode escape sequence");
  EXPECT_EQ(lex_error("a\\u{61"), "SyntaxError: Invalid Unicode escape sequence");
  EXPECT_EQ(lex_error("a\\u6"), "SyntaxError: Invalid Unicode escape sequence");
  EXPECT_EQ(lex_error("a\\"), "SyntaxError: invalid escape in identifier");
}

TEST(JsLexer, NonAsciiIdentifiersAndPrivateNames) {
  std::vector<Token> t = lex("caf\xC3\xA9 #count");
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].text, "caf\xC3\xA9");
  EXPECT_FALSE(t[0].escaped);
  EXPECT_EQ(t[1].t, TokenKind::Private);
  EXPECT_EQ(t[1].text, "count");
}

TEST(JsLexer, UnknownCharactersAreErrors) {
  EXPECT_EQ(lex_error("a \x01 b"), "SyntaxError: unexpected character '\x01'");
}

TEST(JsLexer, PeekRawLooksPastBlanksWithoutMoving) {
  Lexer lx("a\n  => b");
  lx.next();
  bool nl = false;
  EXPECT_EQ(lx.peek_raw(&nl), "=>");
  EXPECT_TRUE(nl);
  Token arrow = lx.next();
  EXPECT_TRUE(arrow.is("=>"));
  EXPECT_EQ(arrow.line, 2);
}

TEST(JsLexer, SaveAndRestoreRewindTokensAndLines) {
  Lexer lx("a\nb\nc");
  lx.next();
  Lexer::LexState st = lx.save();
  EXPECT_EQ(lx.next().text, "b");
  EXPECT_EQ(lx.next().line, 3);
  lx.restore(st);
  Token b = lx.next();
  EXPECT_EQ(b.text, "b");
  EXPECT_EQ(b.line, 2);
}

TEST(JsLexer, TemplateLineContinuationsCookToNothingButCountTheLine) {
  Lexer lx("`a\\\nb` c");
  Token t = lx.next();
  EXPECT_EQ(t.value, "ab");
  EXPECT_EQ(t.raw, "a\\\nb");
  Token c = lx.next();
  EXPECT_EQ(c.text, "c");
  EXPECT_EQ(c.line, 2);
}

TEST(JsLexer, StringLineContinuationsCountOneLineEvenAsCrLf) {
  std::vector<Token> t = lex("'a\\\r\nb' x");
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[1].line, 2);
}

TEST(JsLexer, NestedTemplatesContinueWhereTheParserSays) {
  // `a${`b${c}`}d`: the parser hands each closing brace back to the template it ends.
  Lexer lx("`a${`b${c}`}d`");
  Token outer = lx.next();
  EXPECT_EQ(outer.value, "a");
  Token inner = lx.next();
  EXPECT_EQ(inner.value, "b");
  EXPECT_FALSE(inner.tail);
  EXPECT_EQ(lx.next().text, "c");
  Token inner_end = lx.template_continue(lx.next());
  EXPECT_TRUE(inner_end.tail);
  EXPECT_EQ(inner_end.value, "");
  Token outer_end = lx.template_continue(lx.next());
  EXPECT_TRUE(outer_end.tail);
  EXPECT_EQ(outer_end.value, "d");
  EXPECT_EQ(lx.next().t, TokenKind::Eof);
}

TEST(JsLexer, ARegexpsFlagsEndAtTheFirstNonNameCharacter) {
  Lexer lx("/a/dgimsuy;");
  Token re = lx.regex(lx.next());
  EXPECT_EQ(re.raw, "dgimsuy");
  EXPECT_TRUE(lx.next().is(";"));
}

TEST(JsLexer, ReservedWords) {
  EXPECT_TRUE(is_reserved("class"));
  EXPECT_TRUE(is_reserved("null"));
  EXPECT_TRUE(is_reserved("enum"));
  // Contextual keywords stay names.
  EXPECT_FALSE(is_reserved("let"));
  EXPECT_FALSE(is_reserved("async"));
  EXPECT_FALSE(is_reserved("of"));
  EXPECT_FALSE(is_reserved("a"));
}

}  // namespace
}  // namespace oda::js
