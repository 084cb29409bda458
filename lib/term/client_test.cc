// The request-side helpers every caller shares: signal names, escapes, renderings.
#include "term/client.h"

#include <csignal>
#include <gtest/gtest.h>

#include "term/signals.h"

namespace oda::term {

TEST(Signals, AcceptsTheNamesPeopleWrite) {
  EXPECT_EQ(signal_number("SIGINT"), SIGINT);
  EXPECT_EQ(signal_number("INT"), SIGINT);
  EXPECT_EQ(signal_number("int"), SIGINT);
  EXPECT_EQ(signal_number("2"), SIGINT);
  EXPECT_EQ(signal_number("sigkill"), SIGKILL);
  EXPECT_EQ(signal_number("TSTP"), SIGTSTP);
  EXPECT_EQ(signal_number("SIGUSR1"), 0);
  EXPECT_EQ(signal_number("10"), 0);
  EXPECT_EQ(signal_name(SIGHUP), "SIGHUP");
}

TEST(Escapes, DecodesTheDocumentedForms) {
  std::string out, err;
  ASSERT_TRUE(decode_escapes("a\\nb\\r\\t\\e\\x03\\u00e9\\\\", &out, &err));
  EXPECT_EQ(out, "a\nb\r\t\x1b\x03\xc3\xa9\\");
  EXPECT_FALSE(decode_escapes("\\q", &out, &err));
  EXPECT_EQ(err, "invalid escape '\\q' (known: \\n \\r \\t \\e \\xHH \\uHHHH \\\\)");
  EXPECT_FALSE(decode_escapes("\\x4", &out, &err));
}

TEST(Render, SendTrailersFollowTheSpec) {
  json::Value r = json::Value::object();
  r.set("output", "");
  r.set("wait", "exit");
  r.set("status", "exited");
  r.set("code", json::Value());
  r.set("signal", "SIGHUP");
  EXPECT_EQ(render_text("terminal_send", r), "(no new output)\n[wait: exit]\n[session: exited code=null signal=SIGHUP]");
  r.set("output", "x");
  r.set("wait", "prompt");
  r.set("exit", 0);
  r.set("status", "running");
  EXPECT_EQ(render_text("terminal_send", r), "x\n[wait: prompt]\n[exit: 0]\n[session: running]");
}

TEST(Render, ListAndReadPlaceholders) {
  json::Value l = json::Value::object();
  l.set("sessions", json::Value::array());
  EXPECT_EQ(render_text("terminal_list", l), "(no terminal sessions)");
  json::Value r = json::Value::object();
  r.set("total", 0);
  EXPECT_EQ(render_text("terminal_read", r), "(no retained output)");
}

}  // namespace oda::term
