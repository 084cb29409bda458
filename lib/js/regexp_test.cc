// Unit tests of the RegExp translator: JavaScript patterns as PCRE2 patterns, and the early
// check of regex literals (lib/engine/regexp_natives_test.cc runs them on a heap).
#include "js/regexp.h"

#include <gtest/gtest.h>

namespace {

std::string translated(const char* src, const char* flags) {
  oda::js::RegexTranslation t;
  std::string err;
  std::u16string s;
  for (const char* p = src; *p; p++) s.push_back(static_cast<unsigned char>(*p));
  if (!oda::js::translate_regexp(s, flags, &t, &err)) return "error: " + err;
  std::string out;
  for (char16_t c : t.pattern) out.push_back(static_cast<char>(c));
  return out;
}

TEST(JsRegexpTranslate, LiteralsBecomeHexEscapes) {
  EXPECT_EQ(translated("a.b", ""), "a[^\\x{a}\\x{d}\\x{2028}\\x{2029}]b");
  EXPECT_EQ(translated("a.b", "s"), "a(?s:.)b");
  EXPECT_EQ(translated("^x$", ""), "^x\\z");
  EXPECT_EQ(translated("\\a\\e", ""), "ae");  // identity escapes, not PCRE2's BEL and ESC
  EXPECT_EQ(translated("[^]", ""), "[\\s\\S]");
  EXPECT_EQ(translated("[]", ""), "(?!)");
}

TEST(JsRegexpTranslate, GroupsAndReferences) {
  EXPECT_EQ(translated("(?<y>\\d)\\k<y>", ""), "(\\d)(?:\\g{1})");
  EXPECT_EQ(translated("(?<=a)(?<!b)(?:c)", ""), "(?<=a)(?<!b)(?:c)");
  EXPECT_EQ(translated("\\1(a)", ""), "(?:\\g{1})(a)");
  EXPECT_EQ(translated("\\2(a)", ""), "\\x{2}(a)");  // Annex B: an octal escape
  EXPECT_EQ(translated("\\u{1F600}", "u"), "\\x{1f600}");
  EXPECT_EQ(translated("\\ud83d\\ude00", "u"), "\\x{1f600}");
}

TEST(JsRegexpTranslate, Errors) {
  EXPECT_EQ(translated("(a", ""), "error: Unterminated group");
  EXPECT_EQ(translated("a)", ""), "error: Unmatched ')'");
  EXPECT_EQ(translated("[a", ""), "error: Unterminated character class");
  EXPECT_EQ(translated("\\k<nope>(?<x>a)", ""), "error: Invalid named capture referenced");
}

TEST(JsRegexpTranslate, PropertyEscapesBecomeRanges) {
  EXPECT_EQ(translated("\\p{AHex}", "u"), "[0-9A-Fa-f]");
  EXPECT_EQ(translated("[x\\p{AHex}]", "u"), "[0-9A-Fa-fx]");
  EXPECT_EQ(translated("\\P{ASCII}", "u"), "[\\x{80}-\\x{10ffff}]");
  EXPECT_EQ(translated("[^\\P{ASCII}]", "u"), "[^\\x{80}-\\x{10ffff}]");
  // An empty set matches nothing, in a class too; under u surrogates are code points like
  // any other (the 32-bit library runs u patterns over code points).
  EXPECT_EQ(translated("\\P{Any}", "u"), "(?!)");
  EXPECT_EQ(translated("[\\P{Any}]", "u"), "(?!)");
  EXPECT_EQ(translated("[^\\P{Any}]", "u"), "[\\s\\S]");
  EXPECT_EQ(translated("\\p{Cs}[\\ud800\\ue001]\\udfff", "u"), "[\\x{d800}-\\x{dfff}][\\x{d800}\\x{e001}]\\x{dfff}");
  // A large set is looked up by a callout (binary search), unless caseless.
  EXPECT_EQ(translated("\\p{L}[^\\p{Lu}]\\P{Any}", "u"), "(?:(?C1)(?s:.))(?:(?C2)(?s:.))(?!)");
  EXPECT_EQ(translated("\\p{L}", "ui").substr(0, 5), "[A-Za");
  // Without u, \p is a p.
  EXPECT_EQ(translated("\\p{L}", ""), "p\\x{7b}L\\x{7d}");
}

TEST(JsRegexpTranslate, PropertyEscapeErrors) {
  EXPECT_EQ(translated("\\p{Foo}", "u"), "error: Invalid property name");
  EXPECT_EQ(translated("[\\p{Foo}]", "u"), "error: Invalid property name in character class");
  EXPECT_EQ(translated("\\p{ascii}", "u"), "error: Invalid property name");
  EXPECT_EQ(translated("\\pL", "u"), "error: Invalid property name");
  EXPECT_EQ(translated("\\p{L", "u"), "error: Invalid property name");
  EXPECT_EQ(translated("[\\p{L}-z]", "u"), "error: Invalid character class");
  EXPECT_EQ(translated("[a-\\d]", "u"), "error: Invalid character class");
  EXPECT_EQ(translated("[\\s-z]", ""), "[\\x{9}-\\x{d}\\x{20}\\x{2d}z\\x{a0}\\x{1680}\\x{2000}-\\x{200a}"
                                         "\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}]");
  EXPECT_NE(translated("[a-z-\\d]", "u").substr(0, 6), "error:");
}

TEST(JsRegexpTranslate, QuantifiersAndWhatTheyFollow) {
  EXPECT_EQ(translated("^*", ""), "error: Nothing to repeat");
  EXPECT_EQ(translated("a{2}{3}", ""), "error: Nothing to repeat");
  EXPECT_EQ(translated("(?<=a)?", ""), "error: Invalid quantifier");
  EXPECT_EQ(translated("(?=a)?", "u"), "error: Invalid quantifier");
  EXPECT_EQ(translated("(?=a)?", ""), "(?=a)?");  // Annex B
  EXPECT_EQ(translated("a{3,2}", ""), "error: numbers out of order in {} quantifier");
  // PCRE2 counts to 65535: past that a maximum is none, and a minimum cannot be met.
  EXPECT_EQ(translated("a{2,100000}", ""), "a{2,}");
  EXPECT_EQ(translated("a{100000,}?b", ""), "a{0}?(?!)b");
}

TEST(JsRegexpTranslate, FoldingsNewerThanPcre2) {
  // U+1FD3 folds to U+0390 since Unicode 15; PCRE2 10.42 has Unicode 14.
  EXPECT_EQ(translated("\\u1fd3", "ui"), "[\\x{390}\\x{1fd3}]");
  EXPECT_EQ(translated("[\\u0390x]", "ui"), "[x\\x{390}\\x{1fd3}]");
  EXPECT_EQ(translated("\\u1fd3", "u"), "\\x{1fd3}");
}

TEST(JsRegexpCheck, ReportsWhatNodeReports) {
  std::string err;
  EXPECT_TRUE(oda::js::check_regexp("(?<y>\\d{4})-(?<=x)\\p{Letter}", "gu", &err)) << err;
  EXPECT_TRUE(oda::js::check_regexp("caf\xC3\xA9 \xF0\x9F\x98\x80+", "u", &err)) << err;
  EXPECT_FALSE(oda::js::check_regexp("(", "", &err));
  EXPECT_EQ(err, "Invalid regular expression: /(/: Unterminated group");
  EXPECT_FALSE(oda::js::check_regexp("a++", "", &err));
  EXPECT_EQ(err, "Invalid regular expression: /a++/: Nothing to repeat");
  EXPECT_FALSE(oda::js::check_regexp("a", "gg", &err));
  EXPECT_EQ(err, "Invalid regular expression flags");
}

TEST(JsRegexpTranslate, WhatPcre2ReadsAlikeStaysAsWritten) {
  EXPECT_EQ(translated("a|b", ""), "a|b");
  EXPECT_EQ(translated("a+?b*?c??", ""), "a+?b*?c??");
  EXPECT_EQ(translated("x{2,3}y{2,}z{1}", ""), "x{2,3}y{2,}z{1}");
  EXPECT_EQ(translated("\\bx\\B\\D\\W", ""), "\\bx\\B\\D\\W");
  EXPECT_EQ(translated("(?:a|b)*", ""), "(?:a|b)*");
}

TEST(JsRegexpTranslate, ClassesAndAnchorsTakeJavaScriptsLineTerminators) {
  // \s is JavaScript's white space (with U+FEFF and U+2028), not PCRE2's.
  EXPECT_EQ(translated("\\s", ""), "[\\x{9}-\\x{d}\\x{20}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}-\\x{2029}"
                                   "\\x{202f}\\x{205f}\\x{3000}\\x{feff}]");
  // Under m, ^ and $ also match at \r, U+2028 and U+2029.
  EXPECT_EQ(translated("^a$", "m"),
            "(?:^|(?<=[\\x{a}\\x{d}\\x{2028}\\x{2029}]))a(?=[\\x{a}\\x{d}\\x{2028}\\x{2029}]|\\z)");
  EXPECT_EQ(translated("[\\b]", ""), "[\\x{8}]");  // backspace in a class, a boundary outside
}

TEST(JsRegexpTranslate, EscapesBecomeCodeUnits) {
  EXPECT_EQ(translated("\\x41\\u0042\\cJ", ""), "AB\\x{a}");
  EXPECT_EQ(translated("\\0", ""), "\\x{0}");
  EXPECT_EQ(translated("\\/", ""), "\\x{2f}");
}

// Without u, Annex B reads what would be an error as literal text.
TEST(JsRegexpTranslate, AnnexBLeniencyWithoutUnicode) {
  EXPECT_EQ(translated("a{,3}", ""), "a\\x{7b}\\x{2c}3\\x{7d}");
  EXPECT_EQ(translated("\\c", ""), "\\x{5c}c");
  EXPECT_EQ(translated("\\k<a>", ""), "k\\x{3c}a\\x{3e}");  // no named group: k<a>
  EXPECT_EQ(translated("\\u{61}", ""), "u{61}");          // u, 61 times
  // The same under u are errors.
  EXPECT_EQ(translated("\\k<a>", "u"), "error: Invalid named capture referenced");
  EXPECT_EQ(translated("\\-", "u"), "error: Invalid escape");
}

TEST(JsRegexpTranslate, MoreErrors) {
  EXPECT_EQ(translated("x{3,2}", ""), "error: numbers out of order in {} quantifier");
  EXPECT_EQ(translated("[z-a]", ""), "error: Range out of order in character class");
  EXPECT_EQ(translated("(?<1a>x)", ""), "error: Invalid capture group name");
  EXPECT_EQ(translated("(?<a>x)|(?<a>y)", ""), "error: Duplicate capture group name");
}

TEST(JsRegexpTranslate, GroupNamesAndCountsForTheNatives) {
  oda::js::RegexTranslation t;
  std::string err;
  ASSERT_TRUE(oda::js::translate_regexp(u"(?<first>a)(b)(?:c)(?<last>d)", "", &t, &err)) << err;
  EXPECT_EQ(t.groups, 3u);
  EXPECT_EQ(t.group_names, (std::vector<std::string>{"first", "", "last"}));
  // PCRE2's groups are JavaScript's here: no renumbering table.
  EXPECT_TRUE(t.pcre_group.empty());
  EXPECT_TRUE(t.resets.empty());
}

}  // namespace
