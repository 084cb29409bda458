// Unit tests of the UAX #29 boundaries: every case of the Unicode Character Database's own
// break tests (Debian's unicode-data, installed by make deps), and the places where node's
// ICU and these rules are meant to agree or, by design, not.
#include "engine/segment.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace oda::engine::segment {
namespace {

std::u16string utf16(const std::u32string& s) {
  std::u16string out;
  for (char32_t c : s) {
    if (c >= 0x10000) {
      out += static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
      out += static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
    } else {
      out += static_cast<char16_t>(c);
    }
  }
  return out;
}

std::vector<size_t> starts(std::u16string_view t, Granularity g) {
  std::vector<size_t> out;
  for (const Segment& s : split(t, g)) out.push_back(s.start);
  return out;
}

// Whether the case holds a consonant, a virama and a consonant of one of GB9c's scripts in that
// order: the 15.0 test files predate that rule, which node follows.
bool conjunct_case(const std::u32string& s) {
  bool consonant = false, linker = false;
  for (char32_t c : s) {
    uint32_t p = properties(c);
    if ((p & kConsonant) && linker) return true;
    if (p & kConsonant) consonant = true, linker = false;
    else if (consonant && (p & kLinker)) linker = true;
    else if (!(p & 0xF) || ((p & 0xF) != kGExtend && (p & 0xF) != kGZWJ)) consonant = linker = false;
  }
  return false;
}

// Runs each line of a UCD break test ("÷ 0020 × 0308 ÷ ...# comment") and counts the cases.
void run_file(const std::string& name, Granularity g) {
  std::ifstream f("/usr/share/unicode/auxiliary/" + name);
  ASSERT_TRUE(f) << name << " (Debian's unicode-data) is missing";
  std::string line;
  int cases = 0, skipped = 0;
  while (std::getline(f, line)) {
    line = line.substr(0, line.find('#'));
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    std::istringstream in(line);
    std::string tok;
    std::u32string text;
    std::vector<size_t> expect;
    size_t at = 0;
    while (in >> tok) {
      if (tok == "\xC3\xB7") {  // ÷
        expect.push_back(at);
      } else if (tok != "\xC3\x97") {  // ×
        char32_t c = static_cast<char32_t>(std::stoul(tok, nullptr, 16));
        text += c;
        at += c >= 0x10000 ? 2 : 1;
      }
    }
    expect.pop_back();  // the end of the text
    if (conjunct_case(text)) {
      skipped++;
      continue;
    }
    cases++;
    EXPECT_EQ(starts(utf16(text), g), expect) << name << ": " << line;
  }
  EXPECT_GT(cases, 400) << name;
  EXPECT_LT(skipped, 10) << name;
}

TEST(Segment, GraphemeBreakTestOfTheUcd) { run_file("GraphemeBreakTest.txt", Granularity::kGrapheme); }
TEST(Segment, WordBreakTestOfTheUcd) { run_file("WordBreakTest.txt", Granularity::kWord); }
TEST(Segment, SentenceBreakTestOfTheUcd) { run_file("SentenceBreakTest.txt", Granularity::kSentence); }

TEST(Segment, TableKnowsItsValues) {
  EXPECT_EQ(properties(U'a') & 0xF, kGOther);
  EXPECT_EQ((properties(U'a') >> 4) & 0x1F, kWALetter);
  EXPECT_EQ((properties(U'a') >> 9) & 0xF, kSLower);
  EXPECT_EQ(properties(U'\r') & 0xF, kGCR);
  EXPECT_TRUE(properties(U'\U0001F44D') & kExtPict);
  EXPECT_TRUE(properties(U'\u094D') & kLinker);
  EXPECT_TRUE(properties(U'\u0915') & kConsonant);
  EXPECT_TRUE(properties(U'\u4ECA') & kIdeo);
  EXPECT_TRUE(properties(U'\u0E2A') & kSa);
  EXPECT_EQ(properties(0x10FFFF), 0u);
}

TEST(Segment, IndicConjunctIsOneCluster) {
  // क्षि: KA VIRAMA SSA VOWEL-SIGN-I, one cluster by GB9c as in node.
  EXPECT_EQ(starts(u"\u0915\u094D\u0937\u093F", Granularity::kGrapheme), (std::vector<size_t>{0}));
}

TEST(Segment, WordLikeAsNode) {
  std::u16string t = u"It's 3.14 a_ _ \U0001F44D \u4ECA\u65E5";
  std::vector<Segment> segs = split(t, Granularity::kWord);
  std::vector<std::pair<size_t, bool>> got;
  for (const Segment& s : segs) got.push_back({s.start, s.word_like});
  std::vector<std::pair<size_t, bool>> want = {{0, true},   {4, false},  {5, true},   {9, false},
                                               {10, true},  {12, false}, {13, false}, {14, false},
                                               {15, false}, {17, false}, {18, true},  {19, true}};
  EXPECT_EQ(got, want);
}

TEST(Segment, LoneSurrogatesAndEmptyText) {
  EXPECT_TRUE(split(u"", Granularity::kWord).empty());
  std::u16string t = u"a";
  t += static_cast<char16_t>(0xD800);
  t += u"b";
  EXPECT_EQ(starts(t, Granularity::kGrapheme), (std::vector<size_t>{0, 1, 2}));
}

TEST(Segment, LongRunsStayLinear) {
  // SB8 and SB10 look past runs of spaces; a million of them after a full stop must not make
  // the sentence pass quadratic.
  std::u16string t = u"a.";
  t.append(1000000, u' ');
  t += u"b";
  EXPECT_EQ(starts(t, Granularity::kSentence), (std::vector<size_t>{0}));
}

}  // namespace
}  // namespace oda::engine::segment
