// The questions a person is asked through the client, from what run-code hands its approver.
#include "mcp/ask.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include "mcp/jsonrpc.h"
#include "sys/unix_socket.h"

namespace oda::mcp {
namespace {

json::Value parsed(const char* text) {
  json::Value v;
  std::string err;
  EXPECT_TRUE(json::parse(text, &v, &err)) << err;
  return v;
}

TEST(AskQuestion, ACallNamesTheToolAndItsArguments) {
  EXPECT_EQ(question_text(parsed(R"({"tool":"deploy","arguments":{"env":"prod"}})")),
            "A run_code program calls 'deploy' with {\"env\":\"prod\"}. Allow this call?");
}

TEST(AskQuestion, AnEscalationNamesBothModesTheRunAndTheJustification) {
  EXPECT_EQ(question_text(parsed(R"({"type":"sandbox_escalation","tool":"run_code","description":"clean the cache",
                                    "mode":"read-only","requested":"workspace-write","justification":"It deletes build files.",
                                    "workspace":"/w"})")),
            "run_code asks for 'workspace-write' file access (the chat has 'read-only') for one run, 'clean the cache': "
            "It deletes build files. Allow it?");
}

TEST(AskListener, HandsEachQuestionToTheAskerAndItsAnswerBack) {
  AskListener l;
  std::string err, seen;
  ASSERT_TRUE(l.start([&](const std::string& m) { seen = m; return Answer{false, "no thanks"}; }, &err)) << err;
  EXPECT_EQ(l.approver("/bin/oda-mcp"), "exec '/bin/oda-mcp' --ask-client '" + l.socket_path() + "'");
  int e = 0;
  sys::UniqueFd fd = sys::connect_unix(l.socket_path(), &e);
  ASSERT_TRUE(fd) << e;
  ASSERT_TRUE(sys::send_all(fd.get(), "{\"message\":\"may I?\"}\n"));
  jsonrpc::LineReader in(fd.get(), 1000);
  std::string line;
  ASSERT_EQ(in.next(&line), jsonrpc::LineReader::Status::Line);
  EXPECT_EQ(line, R"({"allowed":false,"why":"no thanks"})");
  EXPECT_EQ(seen, "may I?");
  std::string path = l.socket_path();
  l.stop();
  EXPECT_NE(access(path.c_str(), F_OK), 0);  // the socket and its folder are gone
}

}  // namespace
}  // namespace oda::mcp
