// The PTY byte stream to clean lines: escapes, \r and backspace, markers, echo.
#include "term/text.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace oda::term {

namespace {
std::vector<std::string> lines(std::string_view bytes, std::string* partial = nullptr) {
  LineStore store;
  TextSink t(&store);
  t.feed(bytes);
  std::vector<std::string> out;
  for (uint64_t i = store.first(); i < store.end(); ++i) out.emplace_back(store.at(i));
  if (partial) *partial = t.partial();
  return out;
}
using V = std::vector<std::string>;

// The lines, the unfinished one last, after `before`, then a send expecting the echo `echo`
// (with Enter: its soft break too), then `bytes`.
V after_send(std::string_view before, std::string echo, bool enter, std::string_view bytes) {
  LineStore store;
  TextSink t(&store);
  t.feed(before);
  t.expect_echo(std::move(echo));
  if (enter) t.soft_break();
  t.feed(bytes);
  V out;
  for (uint64_t i = store.first(); i < store.end(); ++i) out.emplace_back(store.at(i));
  out.push_back(t.partial());
  return out;
}
}  // namespace

TEST(TextSink, FoldsCrLfAndStripsEscapes) {
  EXPECT_EQ(lines("a\r\n\x1b[1;31mred\x1b[0m\r\n\x1b]0;title\x07t\n"), (V{"a", "red", "t"}));
}

TEST(TextSink, CarriageReturnOverwrites) {
  EXPECT_EQ(lines("10%\r20%\r100%\n"), (V{"100%"}));
  EXPECT_EQ(lines("abcdef\rxy\n"), (V{"xycdef"}));
}

TEST(TextSink, BackspaceAndEraseLine) {
  EXPECT_EQ(lines("abx\bc\n"), (V{"abc"}));
  EXPECT_EQ(lines("long line\r\x1b[Kshort\n"), (V{"short"}));
  EXPECT_EQ(lines("abc\x1b[2Dz\n"), (V{"azc"}));
}

TEST(TextSink, OverwritesWholeUtf8Characters) {
  EXPECT_EQ(lines("\xc3\xa9\xc3\xa9\rx\n"), (V{"x\xc3\xa9"}));
}

TEST(TextSink, KeepsTheUnfinishedLine) {
  std::string partial;
  EXPECT_EQ(lines("done\nName: ", &partial), (V{"done"}));
  EXPECT_EQ(partial, "Name: ");
}

TEST(TextSink, MarkersNeedTheNonce) {
  LineStore store;
  TextSink t(&store);
  t.set_marker_prefix("6973;abc;");
  std::vector<std::string> seen;
  t.on_marker = [&](std::string_view rest) { seen.emplace_back(rest); };
  t.feed("out\x1b]6973;xyz;0\x07more\x1b]6973;abc;3\x07");
  EXPECT_EQ(seen, (V{"3"}));
  ASSERT_EQ(store.end(), 1u);
  EXPECT_EQ(store.at(0), "outmore");
  t.feed("\x1b]6973;ab");
  t.feed("c;0\x1b\\");
  EXPECT_EQ(seen, (V{"3", "0"}));
}

TEST(TextSink, DropsTheEchoOfSentText) {
  EXPECT_EQ(after_send(">>> ", "6*7\n", false, "6*7\r\n42\r\n>>> "), (V{">>> ", "42", ">>> "}));
}

TEST(TextSink, EnterStartsANewLineUnlessTheProgramEndsItItself) {
  LineStore store;
  TextSink t(&store);
  t.feed(">>> ");
  t.soft_break();
  t.feed("9\r\n>>> ");
  t.soft_break();
  t.feed("\r\nok\n");
  ASSERT_EQ(store.end(), 4u);
  EXPECT_EQ(store.at(0), ">>> ");
  EXPECT_EQ(store.at(1), "9");
  EXPECT_EQ(store.at(2), ">>> ");
  EXPECT_EQ(store.at(3), "ok");
}

TEST(TextSink, EchoExpectationEndsAtTheFirstDifference) {
  EXPECT_EQ(after_send("", "hi\n", false, "ho\n"), (V{"ho", ""}));
}

TEST(TextSink, OutputThatStartsLikeTheInputIsKept) {
  EXPECT_EQ(after_send(">>> ", "[1,2,3]\n", true, "[1, 2, 3]\r\n>>> "), (V{">>> ", "[1, 2, 3]", ">>> "}));
}

TEST(TextSink, EchoMustComeWhereTheCursorWas) {
  EXPECT_EQ(after_send("Proceed? [y/N] ", "y", false, "\r\nyes-chosen\r\n"), (V{"Proceed? [y/N] ", "yes-chosen", ""}));
  EXPECT_EQ(after_send("Again? ", "y", false, "\ryes"), (V{"yesin? "}));
}

TEST(TextSink, HeldCharactersAreOutputWhenTheExpectationEnds) {
  LineStore store;
  TextSink t(&store);
  t.expect_echo("True");
  t.feed("Tr");
  EXPECT_EQ(t.partial(), "");
  t.end_echo();
  EXPECT_EQ(t.partial(), "Tr");
}

TEST(TextSink, ALongLineIsOneLine) {
  std::string line(2000000, 'x');
  EXPECT_EQ(lines(line + "\r\n" + line.substr(0, 5) + "\n"), (V{line, "xxxxx"}));
}

TEST(TextSink, ARegionRedrawnWithCursorUpShowsItsLastState) {
  EXPECT_EQ(lines("a1\nb1\nc1\n\x1b[3Aa2\nb2\nc2\n\x1b[3Aa3\nb3\nc3\n"), (V{"a3", "b3", "c3"}));
  // A preview under the input line, erased before the line is left (node's REPL).
  std::string partial;
  EXPECT_EQ(lines("> 1+1\r\n2\x1b[6G\x1b[1A\x1b[1B\x1b[2K\x1b[1A\r\r\n2\r\n> ", &partial), (V{"> 1+1", "2"}));
  EXPECT_EQ(partial, "> ");
}

TEST(TextSink, CursorUpStopsAtWhatWasReturned) {
  LineStore store;
  TextSink t(&store);
  t.feed("one\ntwo\n");
  t.set_floor(1);
  t.feed("\x1b[5Aover\n");
  ASSERT_EQ(store.end(), 2u);
  EXPECT_EQ(store.at(0), "one");
  EXPECT_EQ(store.at(1), "over");
}

TEST(TextSink, LinesBelowTheCursorAreKeptWhenItSettles) {
  LineStore store;
  TextSink t(&store);
  t.feed("a\nb\nc\r\x1b[2AA");
  t.settle();
  ASSERT_EQ(store.end(), 2u);
  EXPECT_EQ(store.at(0), "A");
  EXPECT_EQ(store.at(1), "b");
  EXPECT_EQ(t.partial(), "c");
}

TEST(TextSink, ReadlinesNewlineAfterBracketedPasteMakesNoBlankLine) {
  // gdb stopping at a breakpoint, on a terminal that does not echo.
  EXPECT_EQ(lines("2\t  return x;\r\n\x1b[?2004h\x1b[?2004l\r\r\n\x1b[?2004h(gdb) "), (V{"2\t  return x;"}));
  // After a line of its own, the newline ends that line.
  EXPECT_EQ(lines("(gdb) next\x1b[?2004l\r\r\nout\n"), (V{"(gdb) next", "out"}));
  // Anything else between them: an ordinary blank line.
  EXPECT_EQ(lines("a\n\x1b[?2004lx\r\n\r\n"), (V{"a", "x", ""}));
}

TEST(TextSink, WhatIsDrawnOnTheAlternateScreenIsNoLines) {
  std::string partial;
  EXPECT_EQ(lines("before\r\n$ \x1b[?1049h\x1b[H\x1b[2Jvim's\r\n~\r\n\x1b[?1049l\r\nafter\n", &partial),
            (V{"before", "$ ", "after"}));
  EXPECT_EQ(partial, "");
}

TEST(Cut, KeepsShortTextAndCutsLongTextAtACharacterBoundary) {
  std::string s = "abc";
  EXPECT_FALSE(cut(&s, 3));
  EXPECT_EQ(s, "abc");
  s = "ab\xc3\xa9" "cd";  // "abécd": a cut inside the é keeps "ab"
  EXPECT_TRUE(cut(&s, 3));
  EXPECT_EQ(s, "ab");
  s = "ab\xc3\xa9" "cd";
  EXPECT_TRUE(cut(&s, 4));
  EXPECT_EQ(s, "ab\xc3\xa9");
}

// Bracketed paste on means a line editor reads (an exec'd bash at its own prompt); bash's
// `read -n1 -p` prints its prompt with no such sequence.
TEST(TextSink, ALineEditorIsSeenByBracketedPasteAlone) {
  LineStore store;
  TextSink t(&store);
  t.feed("Proceed? [y/N] ");
  EXPECT_FALSE(t.line_editor());
  t.feed("\x1b[?2004hbash-5.2# ");
  EXPECT_TRUE(t.line_editor());
  t.feed("ls\x1b[?2004l\r\n");
  EXPECT_FALSE(t.line_editor());
}

}  // namespace oda::term
