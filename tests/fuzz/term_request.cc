// libFuzzer target: termd's handling of a request line (lib/term), as Server::request takes
// it before a tool is served: the line as JSON, the hello, valid_request, the tool's valid
// on the args; and the clients' check on the same args, and the rendering of any object as
// a result; and mcp-park's checks (lib/term/mcp_park.h) on any args object. Every request
// gets an answer or an error naming what is wrong, never a crash.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "json/json.h"
#include "term/mcp_park.h"
#include "term/tools.h"
#include "term/wire.h"

namespace {
[[noreturn]] void fail(const char* what, const std::string& line) {
  fprintf(stderr, "term fuzz: %s: %s\n", what, line.c_str());
  abort();
}

void one_request(const std::string& line) {
  using namespace oda;
  json::Value req;
  std::string err;
  if (!json::parse(line, &req, &err) || !req.is_object()) return;
  // A park without its four fds is refused, whatever its args, with a reason.
  if (const json::Value* a = req.get("args"); a && a->is_object()) {
    std::vector<sys::UniqueFd> no_fds;
    term::ParkedServer parked;
    if (term::McpPark::check_park(*a, &no_fds, &parked, &err) || err.empty())
      fail("mcp-park took args without fds, or refused them without a reason", line);
    err.clear();
  }
  json::Value refusal;
  if (!term::wire::accept_hello(req, &refusal) && !refusal.get("error")) fail("a hello refused without an error", line);
  const term::Tool* tool = nullptr;
  if (!term::valid_request(req, &tool, &err)) {
    if (err.empty()) fail("a request refused without a reason", line);
    return;
  }
  if (!tool) fail("valid_request accepted no tool", line);
  const json::Value* a = req.get("args");
  json::Value args = a ? *a : json::Value::object();
  err.clear();
  bool valid = tool->valid(args, &err);
  if (!valid && err.empty()) fail("args refused without a reason", line);
  // The client's check is the daemon's rules and more: it never takes what valid refused.
  json::Value checked = args;
  std::string check_err;
  bool ok = tool->check(&checked, &check_err);
  if (ok && !valid) fail("the client's check takes what termd refuses", line);
  if (!ok && check_err.empty()) fail("the client's check refused without a reason", line);
  // A daemon's answer may be anything: the client renders it without crashing.
  (void)tool->render(args);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The bytes as they come off the socket: split into lines the way the daemon splits them.
  oda::term::wire::LineBuffer in;
  in.add(std::string_view(reinterpret_cast<const char*>(data), size));
  std::string line;
  while (in.next(&line)) one_request(line);
  return 0;
}
