#!/usr/bin/env bats
# The terminal tools inside a run-code program (SPEC 2 and 4.5): the session life cycle,
# the run's chat, and code-call mode.
load helpers

@test "a program opens a session, sends a command, reads and closes" {
  run run-code --code '
    return terminal_open({name: "work"}).then(function (o) {
      return terminal_send({session: "work", text: "echo calls-$((6 * 7))"}).then(function (s) {
        return terminal_read({session: "work"}).then(function (r) {
          return terminal_close({session: "work"}).then(function (c) {
            return [o.name, o.status, s.output, s.wait, s.exit, r.output, c.status];
          });
        });
      });
    })'
  assert_success
  assert_output '["work","running","calls-42","prompt",0,"calls-42","closed"]'
}

@test "terminal_list answers with the --json object of term-list" {
  run run-code --code 'return terminal_list()'
  assert_success
  assert_output '{"sessions":[]}'
}

@test "the program's sessions belong to run-code's chat" {
  run run-code --chat side --code 'return terminal_open({name: "here"}).then(function (o) { return o.id; })'
  assert_success
  id=$output
  run term-list --chat side
  assert_success
  assert_output --partial "$id (here) [shell] running"
  run term-list
  assert_output '(no terminal sessions)'
}

@test "a terminal call with no chat rejects with the chat refusal" {
  unset ODA_CHAT
  run run-code --code 'return terminal_list().catch(function (e) { return e.message; })'
  assert_success
  assert_output 'refused: no chat: pass --chat ID or set ODA_CHAT'
}

@test "terminal failures reject the call with the term-* message" {
  run run-code --code 'return terminal_read({session: "ghost"}).catch(function (e) { return e.message; })'
  assert_success
  assert_output --partial 'no terminal daemon running at'
}

@test "code-call mode refuses term-* directly and the same tools work inside a program" {
  export ODA_CODE_MODE=1
  run term-list
  assert_failure 1
  assert_output 'term-list: error: terminal_list is reachable only from a program: call it inside run-code'
  run run-code --code 'return terminal_open({}).then(function () { return terminal_list(); }).then(function (l) { return l.sessions.length; })'
  assert_success
  assert_output '1'
}

@test "the same session life cycle written the way agents write it" {
  run run-code --code '
    const s = await terminal_open({name: "build"});
    const sent = await terminal_send({session: s.id, text: "printf \"%s\\n\" one two"});
    const { output, total } = await terminal_read({session: "build"});
    await terminal_close({session: s.id});
    const { sessions } = await terminal_list();
    return { sent: sent.output, output, total, left: sessions.length };'
  assert_success
  assert_output '{"sent":"one\ntwo","output":"one\ntwo","total":2,"left":0}'
}
