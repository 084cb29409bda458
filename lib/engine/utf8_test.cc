// Unit tests of the CESU-8 boundary between Duktape's strings and the UTF-8 everything else
// speaks.
#include "engine/utf8.h"

#include <gtest/gtest.h>

#include <string>

namespace oda::engine {
namespace {

TEST(Utf8, JoinsSurrogatePairsAndReplacesLoneOnes) {
  std::string out;
  // U+1F600 as CESU-8: ED A0 BD ED B8 80.
  append_cesu_as_utf8(&out, "a\xED\xA0\xBD\xED\xB8\x80z");
  EXPECT_EQ(out, "a\xF0\x9F\x98\x80z");
  out.clear();
  append_cesu_as_utf8(&out, "x\xED\xA0\xBDy");  // a lone high surrogate
  EXPECT_EQ(out, "x\xEF\xBF\xBDy");
  out.clear();
  append_cesu_as_utf8(&out, "\xC3\xA9 plain");
  EXPECT_EQ(out, "\xC3\xA9 plain");
}

TEST(Utf8, EscapesAstralCharactersForDuktape) {
  EXPECT_EQ(json_for_duktape("[\"\xF0\x9F\x98\x80\"]"), "[\"\\ud83d\\ude00\"]");
  EXPECT_EQ(json_for_duktape("{\"\xC3\xA9\":1}"), "{\"\xC3\xA9\":1}");
}

TEST(Utf8, PrefixNeverCutsASequence) {
  std::string s = "ab\xC3\xA9";
  EXPECT_EQ(utf8_prefix(s, 3), 2u);
  EXPECT_EQ(utf8_prefix(s, 4), 4u);
  EXPECT_EQ(utf8_prefix(s, 10), 4u);
}

TEST(Utf8, CesuAndUtf8RoundTripAstralCharacters) {
  std::string utf8 = "x\xF0\x9F\x98\x80y";
  std::string cesu = utf8_to_cesu8(utf8);
  EXPECT_EQ(cesu, "x\xED\xA0\xBD\xED\xB8\x80y");
  EXPECT_EQ(cesu8_to_utf8(cesu), utf8);
}

}  // namespace
}  // namespace oda::engine
