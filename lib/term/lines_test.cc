// The line store: stable numbers, drops in whole chunks, at least `keep` lines kept.
#include "term/lines.h"

#include <gtest/gtest.h>

namespace oda::term {

TEST(LineStore, NumbersLinesFromZero) {
  LineStore s(100000);
  s.append("a");
  s.append("");
  s.append("ccc");
  EXPECT_EQ(s.first(), 0u);
  EXPECT_EQ(s.end(), 3u);
  EXPECT_EQ(s.at(0), "a");
  EXPECT_EQ(s.at(1), "");
  EXPECT_EQ(s.at(2), "ccc");
}

TEST(LineStore, DropsOldLinesWithoutShiftingNumbers) {
  LineStore s(100000);
  for (int i = 0; i < 250000; ++i) s.append(std::to_string(i));
  EXPECT_EQ(s.end(), 250000u);
  EXPECT_GT(s.first(), 0u);
  EXPECT_GE(s.end() - s.first(), 100000u);
  EXPECT_LT(s.end() - s.first(), 100000u + 4096u);
  EXPECT_EQ(s.at(s.first()), std::to_string(s.first()));
  EXPECT_EQ(s.at(249999), "249999");
  EXPECT_EQ(s.at(150000), "150000");
}

TEST(LineStore, GivesTheNewestLineBack) {
  LineStore s(100000);
  for (int i = 0; i < 4097; ++i) s.append(std::to_string(i));
  EXPECT_EQ(s.pop_back(), "4096");  // the only line of the second chunk
  EXPECT_EQ(s.pop_back(), "4095");
  EXPECT_EQ(s.end(), 4095u);
  s.append("x");
  EXPECT_EQ(s.at(4095), "x");
  EXPECT_EQ(s.at(4094), "4094");
}

}  // namespace oda::term
