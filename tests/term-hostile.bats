#!/usr/bin/env bats
# termd against what any process of the user may write to its socket: requests no client
# would send, floods of sessions, many sessions opened and closed, sends to a shell that is
# gone. termd must answer each with an error and go on serving, never crash or bloat.
load helpers

termd_pid() { cat "$ODA_RUNTIME_DIR/termd.pid"; }

@test "termd refuses bad fields by name and keeps serving its sessions" {
  term-open
  pid=$(termd_pid)
  run raw_client <<EOF2
{"tool":"terminal_open","chat":"$ODA_CHAT","args":{"cols":80,"rows":-5}}
{"tool":"terminal_open","chat":"$ODA_CHAT","args":{"cols":100000}}
{"tool":"terminal_open","chat":"$ODA_CHAT","args":{"rows":100000}}
{"tool":"terminal_open","chat":"$ODA_CHAT","args":{"cols":1000,"rows":1000}}
{"tool":"terminal_open","chat":"$ODA_CHAT","args":{"cols":"80"}}
{"tool":"terminal_open","chat":"$ODA_CHAT","args":{"cols":80.5}}
{"tool":"terminal_send","chat":"$ODA_CHAT","args":{"session":"pty-1","text":"true","wait_ms":1e300}}
{"tool":"terminal_send","chat":"$ODA_CHAT","args":{"session":"pty-1","text":"true","wait_ms":-1e300}}
{"tool":"terminal_send","chat":"$ODA_CHAT","args":{"session":"pty-1","text":7}}
{"tool":"terminal_read","chat":"$ODA_CHAT","args":{"session":"pty-1","tail":-1}}
{"tool":"terminal_read","chat":"$ODA_CHAT","args":{"session":"pty-1","count":0.5}}
{"tool":"terminal_read","chat":"$ODA_CHAT","args":{"session":"pty-1","offset":"x"}}
{"tool":"terminal_signal","chat":"$ODA_CHAT","args":{"session":"pty-1","signal":9}}
{"tool":"terminal_close","chat":"$ODA_CHAT","args":{}}
{"tool":"terminal_list","chat":"$ODA_CHAT","args":[]}
{"tool":"terminal_list","chat":"$ODA_CHAT","max_bytes":1e300}
{"tool":"terminal_nope","chat":"$ODA_CHAT"}
{"tool":"terminal_list"}
EOF2
  assert_success
  assert_output "invalid rows '-5': expected a whole number from 2 to 1000
invalid cols '100000': expected a whole number from 2 to 1000
invalid rows '100000': expected a whole number from 2 to 1000
invalid size 1000x1000: expected at most 100000 cells (cols x rows)
invalid cols '\"80\"': expected a whole number from 2 to 1000
invalid cols '80.5': expected a whole number from 2 to 1000
invalid wait-ms '1e+300': expected a whole number of at most 86400000 (a day)
invalid wait-ms '-1e+300': expected a whole number not below zero
invalid text '7': expected a string
invalid tail '-1': expected a whole number of at least one
invalid count '0.5': expected a whole number of at least one
invalid offset '\"x\"': expected a whole number not below zero
invalid signal '9': expected a string
missing session: pass a session id or name
invalid args '[]': expected an object
invalid max-bytes '1e+300': expected a whole number of at most 67108864
unknown tool 'terminal_nope'
refused: no chat: pass --chat ID or set ODA_CHAT"
  [[ "$(termd_pid)" == "$pid" ]] && kill -0 "$pid"
  run term-send pty-1 'echo still here'
  assert_success
  assert_line 'still here'
}

@test "a send of more than 1 MiB of text is refused" {
  term-open
  run raw_client <<EOF2
{"tool":"terminal_send","chat":"$ODA_CHAT","args":{"session":"pty-1","text":"$(head -c 1048577 /dev/zero | tr '\0' x)"}}
EOF2
  assert_output "invalid text: 1048577 bytes, the most a send takes is 1048576"
  run term-send pty-1 'echo still here'
  assert_line 'still here'
}

@test "a send to a session whose shell has exited is refused with how it ended" {
  term-open
  run term-send pty-1 'exit 7'
  assert_output $'exit\n[wait: exit]\n[session: exited code=7 signal=null]'
  run --separate-stderr term-send pty-1 'echo'
  assert_failure 1
  assert_equal "$stderr" "term-send: error: refused: terminal session pty-1 has exited (code=7 signal=null)"
  run --separate-stderr term-send --background pty-1 'echo'
  assert_failure 1
  assert_equal "$stderr" "term-send: error: refused: terminal session pty-1 has exited (code=7 signal=null)"
  term-open --name two
  run term-send two 'kill -HUP $$'
  run --separate-stderr term-send two ''
  assert_failure 1
  assert_equal "$stderr" "term-send: error: refused: terminal session pty-2 has exited (code=null signal=SIGHUP)"
}

@test "sessions are capped per chat and in all chats, each with its refusal" {
  mkdir -m 700 "$ODA_RUNTIME_DIR"
  termd --max-sessions-per-chat 2 --max-sessions 3
  term-open
  term-open
  run --separate-stderr term-open
  assert_failure 1
  assert_equal "$stderr" "term-open: error: refused: chat '$ODA_CHAT' already has 2 terminal sessions, the most termd keeps per chat (close one first)"
  term-open --chat other
  run --separate-stderr term-open --chat third
  assert_failure 1
  assert_equal "$stderr" "term-open: error: refused: termd already holds 3 terminal sessions, the most it keeps in all chats (close one first)"
  # A closed session no longer counts.
  term-close pty-1
  run term-open
  assert_success
  assert_line 'started terminal session pty-4 [type: shell]'
}

@test "termd refuses session caps below one" {
  run --separate-stderr termd --max-sessions 0
  assert_failure 2
  assert_equal "$stderr" "termd: error: invalid max-sessions '0': expected a whole number from 1 to 100000"
}

# The owner of /proc/PID/environ: the process's own user, but root once it is not dumpable.
environ_owner() { stat -c %u "/proc/$1/environ"; }

@test "termd is not dumpable: its /proc files belong to root, not to the user" {
  if [[ $(id -u) -ne 0 ]]; then
    term-open
    poll_until test -s "$ODA_RUNTIME_DIR/termd.pid"
    run environ_owner "$(cat "$ODA_RUNTIME_DIR/termd.pid")"
    assert_output 0
    return
  fi
  # As root every /proc file is root's anyway: run the daemon as another user.
  command -v setpriv || skip "no setpriv"
  other=$(mktemp -d /tmp/oda-uid.XXXXXX)
  chmod 755 "$other"
  export ODA_RUNTIME_DIR="$other/run"
  mkdir -m 700 "$ODA_RUNTIME_DIR" && chown 65534:65534 "$ODA_RUNTIME_DIR"
  setpriv --reuid=65534 --regid=65534 --clear-groups "$ODA_BUILD/bin/termd" --idle-exit 5
  pid=$(cat "$ODA_RUNTIME_DIR/termd.pid")
  run environ_owner "$pid"
  kill "$pid"
  rm -rf "$other"
  assert_output 0
}

# Lines for raw_client: sessions pty-FROM to pty-TO opened one after the other, each left
# holding 1 MB its shell never reads (written while `sleep` is in front), then closed.
open_fill_close_lines() {
  local n big
  big=$(head -c 1000000 /dev/zero | tr '\0' x)
  for n in $(seq "$1" "$2"); do
    printf '{"tool":"terminal_open","chat":"%s","args":{}}\n' "$ODA_CHAT"
    printf '{"tool":"terminal_send","chat":"%s","args":{"session":"pty-%s","text":"sleep 1000","wait_ms":50}}\n' "$ODA_CHAT" "$n"
    printf '{"tool":"terminal_send","chat":"%s","args":{"session":"pty-%s","text":"%s","submit":false,"wait_ms":0}}\n' "$ODA_CHAT" "$n" "$big"
    printf '{"tool":"terminal_close","chat":"%s","args":{"session":"pty-%s"}}\n' "$ODA_CHAT" "$n"
  done
}

rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$(termd_pid)/status"; }

@test "closed sessions are freed: termd does not grow with every session it had" {
  mkdir -m 700 "$ODA_RUNTIME_DIR"
  # Under make check-sanitize, ASan's quarantine would hold every freed block (256 MB by
  # default) and RSS would measure the quarantine: freed memory is reused at once instead.
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0:thread_local_quarantine_size_kb=0" termd
  run raw_client < <(open_fill_close_lines 1 2)
  assert_success
  [[ "$(sort -u <<<"$output")" == ok ]]
  after2=$(rss_kb)
  run raw_client < <(open_fill_close_lines 3 12)
  assert_success
  [[ "$(sort -u <<<"$output")" == ok ]]
  after12=$(rss_kb)
  echo "VmRSS after 2 sessions closed: $after2 kB, after 12: $after12 kB"
  # Ten sessions kept with what they held would be 10 MB more.
  ((after12 - after2 < 4096))
  # Freed, but a repeated close still answers as one, by id and by name, and ids go on.
  run term-close pty-1
  assert_output "terminal session pty-1 was already closing"
  run term-open --name last
  assert_line 'started terminal session pty-13 (last) [type: shell]'
  run term-close last
  assert_output "closed terminal session pty-13"
  run term-close last
  assert_output "terminal session pty-13 was already closing"
  run term-close pty-13
  assert_output "terminal session pty-13 was already closing"
  run --separate-stderr term-close pty-14
  assert_failure 1
  assert_equal "$stderr" "term-close: error: no session 'pty-14' in chat '$ODA_CHAT'"
  run term-list
  assert_output "(no terminal sessions)"
}
