// Unit tests of the generated Unicode property tables and their lookup (RegExp \p{...}).
#include <gtest/gtest.h>

#include "js/unicode_props.h"

namespace {

using oda::js::unicode::property_ranges;
using oda::js::unicode::Range;

bool has(const std::vector<Range>& rs, char32_t c) {
  for (const Range& r : rs)
    if (c >= r.lo && c <= r.hi) return true;
  return false;
}

// Sorted, disjoint and not adjacent, inside 0..10FFFF.
bool well_formed(const std::vector<Range>& rs) {
  for (size_t i = 0; i < rs.size(); i++) {
    if (rs[i].lo > rs[i].hi || rs[i].hi > 0x10FFFF) return false;
    if (i > 0 && rs[i].lo <= rs[i - 1].hi + 1) return false;
  }
  return true;
}

TEST(UnicodeProps, ScriptsUnderEveryAlias) {
  std::vector<Range> rs;
  for (const char16_t* name : {u"Script=Greek", u"sc=Grek", u"Script=Grek", u"sc=Greek"}) {
    ASSERT_TRUE(property_ranges(name, false, &rs)) << static_cast<int>(name[0]);
    EXPECT_TRUE(well_formed(rs));
    EXPECT_TRUE(has(rs, U'α'));
    EXPECT_TRUE(has(rs, 0x1F00));
    EXPECT_FALSE(has(rs, U'a'));
    EXPECT_FALSE(has(rs, 0x0342));  // COMBINING GREEK PERISPOMENI is Inherited
  }
  // Script_Extensions adds the code points whose extension list names the script.
  ASSERT_TRUE(property_ranges(u"Script_Extensions=Greek", false, &rs));
  EXPECT_TRUE(has(rs, 0x0342));
  ASSERT_TRUE(property_ranges(u"scx=Zyyy", false, &rs));
  EXPECT_TRUE(has(rs, U' '));
  EXPECT_FALSE(has(rs, 0x0964));  // DEVANAGARI DANDA: Common, but its extensions name scripts
  ASSERT_TRUE(property_ranges(u"Script=Unknown", false, &rs));
  EXPECT_TRUE(has(rs, 0x10FFFF));
}

TEST(UnicodeProps, GeneralCategoriesAndBinaryProperties) {
  std::vector<Range> rs;
  ASSERT_TRUE(property_ranges(u"L", false, &rs));
  EXPECT_TRUE(has(rs, U'é') && has(rs, U'Ж') && !has(rs, U'1'));
  std::vector<Range> letter;
  ASSERT_TRUE(property_ranges(u"General_Category=Letter", false, &letter));
  EXPECT_EQ(letter.size(), rs.size());
  ASSERT_TRUE(property_ranges(u"gc=Lu", false, &rs));
  EXPECT_TRUE(has(rs, U'A') && !has(rs, U'a'));
  ASSERT_TRUE(property_ranges(u"digit", false, &rs));
  EXPECT_TRUE(has(rs, U'7') && has(rs, 0x0663));
  ASSERT_TRUE(property_ranges(u"Cn", false, &rs));
  EXPECT_TRUE(has(rs, 0x0378));
  ASSERT_TRUE(property_ranges(u"AHex", false, &rs));
  EXPECT_EQ(rs.size(), 3u);
  ASSERT_TRUE(property_ranges(u"Emoji_Presentation", false, &rs));
  EXPECT_TRUE(has(rs, 0x1F600));
  ASSERT_TRUE(property_ranges(u"Any", false, &rs));
  ASSERT_EQ(rs.size(), 1u);
  EXPECT_EQ(rs[0].hi, 0x10FFFFu);
}

TEST(UnicodeProps, NegationIsTheComplement) {
  std::vector<Range> rs;
  ASSERT_TRUE(property_ranges(u"ASCII", true, &rs));
  ASSERT_EQ(rs.size(), 1u);
  EXPECT_EQ(rs[0].lo, 0x80u);
  EXPECT_EQ(rs[0].hi, 0x10FFFFu);
  ASSERT_TRUE(property_ranges(u"Any", true, &rs));
  EXPECT_TRUE(rs.empty());
  ASSERT_TRUE(property_ranges(u"Lu", true, &rs));
  EXPECT_TRUE(well_formed(rs) && has(rs, U'a') && has(rs, 0) && !has(rs, U'Q'));
}

TEST(UnicodeProps, NamesMatchExactly) {
  std::vector<Range> rs;
  // No loose matching, no lone property names, no values for binary properties.
  for (const char16_t* name : {u"ascii", u"Script=greek", u"Letter ", u"gc", u"Script", u"L=Lu",
                               u"ASCII=Y", u"Block=Basic_Latin", u"General_Category", u"sc=",
                               u"=Greek", u"scx=Unknown_Script", u"In_Greek", u"IsGreek", u""}) {
    EXPECT_FALSE(property_ranges(name, false, &rs));
  }
}

}  // namespace
