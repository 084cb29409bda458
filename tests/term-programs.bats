#!/usr/bin/env bats
# Terminal sessions under real programs (python3, bc, node, sqlite3, gdb, vim, less, top,
# watch): what a send returns is what the program printed for that send, with its status,
# as tmux (80x24, `bash --norc`) shows it.
load helpers

@test "sends to one session at once are served in arrival order, each with its own output and status" {
  term-open --name s
  term-send s 'cd "$ODA_TEST_DIR"' >/dev/null
  term-send s 'touch a-started; sleep 1; echo from-A; (exit 3)' >a.out &
  local a=$!
  poll_until [ -e a-started ]
  term-send s 'echo from-B; (exit 4)' >b.out &
  local b=$!
  # C arrives after B: it must wait for B, not only for A.
  poll_until pgrep -f "term-send s echo from-B" >/dev/null
  term-send s 'echo from-C' >c.out &
  local c=$!
  wait "$a" "$b" "$c"
  assert_equal "$(cat a.out)" $'from-A\n[wait: prompt]\n[exit: 3]\n[session: running]'
  assert_equal "$(cat b.out)" $'from-B\n[wait: prompt]\n[exit: 4]\n[session: running]'
  assert_equal "$(cat c.out)" $'from-C\n[wait: prompt]\n[exit: 0]\n[session: running]'
}
