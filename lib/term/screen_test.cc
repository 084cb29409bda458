// The screen answers terminal queries as a terminal would: cursor position, device
// attributes, window size and colours, once each.
#include "term/screen.h"

#include <gtest/gtest.h>

namespace oda::term {

TEST(TermScreen, AnswersTheCursorPositionWhereTheCursorIs) {
  Screen s(24, 80);
  s.feed("one\r\nab\x1b[6n");
  EXPECT_EQ(s.take_replies(), "\x1b[2;3R");
  EXPECT_EQ(s.take_replies(), "");
}

TEST(TermScreen, AnswersDeviceAttributesSizeAndColours) {
  Screen s(30, 100);
  s.feed("\x1b[c");
  EXPECT_EQ(s.take_replies(), "\x1b[?1;2c");
  s.feed("\x1b[18t");
  EXPECT_EQ(s.take_replies(), "\x1b[8;30;100t");
  s.feed("\x1b]11;?\x1b\\\x1b]10;?\a");
  EXPECT_EQ(s.take_replies(), "\x1b]11;rgb:0000/0000/0000\x1b\\\x1b]10;rgb:f0f0/f0f0/f0f0\x1b\\");
  s.feed("\x1b]4;1;?\a\x1b]4;x;?\a");
  EXPECT_EQ(s.take_replies(), "\x1b]4;1;rgb:e0e0/0000/0000\x1b\\");
}

TEST(TermScreen, TellsAQueryFromOtherEscapes) {
  EXPECT_TRUE(Screen::has_query("text\x1b[6n"));
  EXPECT_TRUE(Screen::has_query("\x1b[>c"));
  EXPECT_TRUE(Screen::has_query("\x1b]11;?\a"));
  EXPECT_FALSE(Screen::has_query("\x1b[1;31mred\x1b[0m\x1b[2K\x1b]0;title\a"));
}

}  // namespace oda::term
