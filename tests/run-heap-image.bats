#!/usr/bin/env bats
# run-code's start-up heap image (lib/engine/heap_image.h): the binary carries the runtime's
# finished heap and every worker maps it copy-on-write. Runs from the image and runs built
# the slow way (ODA_RUN_NO_HEAP_IMAGE=1, or a binary without its image) must not differ.
load helpers

@test "the built run-code carries a heap image" {
  run bash -c "tail -c 64 '$ODA_BUILD/bin/run-code' | head -c 8"
  [ "$output" = "ODAHEAP1" ]
}

@test "every corpus program prints the same when the runtime is built the slow way" {
  local js name
  for js in "$ODA_ROOT"/tests/js/*.js; do
    name=${js%.js}
    [[ -f $name.out ]] || continue
    ODA_RUN_NO_HEAP_IMAGE=1 run run-code "$js"
    diff -u "$name.out" <(printf '%s\n' "$output")
  done
}

@test "Math.random is seeded anew in every run" {
  local a b c
  a=$(run-code --code 'return Math.random()')
  b=$(run-code --code 'return Math.random()')
  c=$(ODA_RUN_NO_HEAP_IMAGE=1 run-code --code 'return Math.random()')
  [[ "$a" == 0.* && "$b" == 0.* && "$c" == 0.* ]]
  [ "$a" != "$b" ]
  [ "$a" != "$c" ]
}

@test "what a program changes in the runtime is gone in the next run" {
  run run-code --code 'Array.prototype.map = null; Object.prototype.polluted = 1; globalThis.leftover = 2; return 1'
  [ "$output" = "1" ]
  run run-code --code 'return [[1].map(x => x + 1), "polluted" in {}, typeof leftover]'
  [ "$output" = '[[2],false,"undefined"]' ]
}

@test "a run-code whose image is cut off or missing still runs, the slow way" {
  local size
  size=$(stat -c %s "$ODA_BUILD/bin/run-code")
  head -c $((size - 10)) "$ODA_BUILD/bin/run-code" > run-code-cut
  chmod +x run-code-cut
  run ./run-code-cut --code 'return [...new Set([1, 1, 2])].map(n => `${n}`).join() + /(?<d>\d)/.exec("a7").groups.d'
  [ "$status" -eq 0 ]
  [ "$output" = '1,27' ]
}

@test "RegExp works in every run from the image, also after a pattern was compiled" {
  run run-code --code 'const r = /(\w+)@(?<host>[a-z.]+)/g; return [..."a@x.io b@y.org".matchAll(r)].map(m => m.groups.host)'
  [ "$output" = '["x.io","y.org"]' ]
  run run-code --code 'return "2026-12-01".replace(/(\d+)-(\d+)-(\d+)/, "$3.$2.$1")'
  [ "$output" = '01.12.2026' ]
}

@test "a run without tools or values binds args, dv, metadata and \$tools as a run with them does" {
  local prog='const d = n => JSON.stringify(Object.getOwnPropertyDescriptor(globalThis, n));
    args.added = 1;
    const t = Object.getOwnPropertyDescriptor(globalThis, "$tools");
    return [d("args"), d("dv"), t.writable, t.configurable, Object.isFrozen($tools),
            Object.keys($tools).join(), typeof terminal_list, typeof __oda_calls_install].join(" ")'
  local fixed='"writable":false,"enumerable":false,"configurable":false}'
  local tools='terminal_open,terminal_send,terminal_read,terminal_signal,terminal_close,terminal_list'
  run run-code --code "$prog"
  [ "$output" = "{\"value\":{\"added\":1},$fixed {\"value\":{},$fixed false false true $tools function undefined" ]
  run run-code --dv '{"k":"v"}' --code "$prog"
  [ "$output" = "{\"value\":{\"added\":1},$fixed {\"value\":{\"k\":\"v\"},$fixed false false true $tools function undefined" ]
}

@test "the image holds the runtime's live blocks, not every block its build made" {
  # The trailer's arena length and live bytes (lib/engine/heap_image.cc): the build packs
  # the runtime's blocks together (a trial build says which they are) and its 16-byte block
  # headers come on top, so a mark-and-sweep in a worker, which writes into every live block,
  # copies as few pages as it can.
  local length live
  length=$(tail -c 64 "$ODA_BUILD/bin/run-code" | od -An -t u8 -j 16 -N 8 | tr -d ' ')
  live=$(tail -c 64 "$ODA_BUILD/bin/run-code" | od -An -t u8 -j 56 -N 8 | tr -d ' ')
  echo "arena $length, live $live"
  [ "$live" -gt 0 ]
  [ $((length * 10)) -lt $((live * 14)) ]
}

@test "run-code and its worker fault their code in page by page, as the worker does the image" {
  # The kernel maps up to 64 KiB around each page of a file a process touches; the worker's
  # code and the libraries' get the image's cure (registered with userfaultfd), when the
  # kernel takes it for the image at all.
  run-code --code 'await new Promise(r => setTimeout(r, 3000)); return 1' &
  local rc=$! worker= i flags
  for i in $(seq 50); do
    worker=$(pgrep -P "$rc" | head -1)
    [[ -n $worker ]] && grep -q '^200000000000-' "/proc/$worker/maps" && break
    sleep 0.1
  done
  [ -n "$worker" ]
  flags=$(awk '/^200000000000-/ { f = 1 } f && /^VmFlags/ { print; exit }' "/proc/$worker/smaps")
  [[ $flags == *" uw"* ]] || { kill "$rc"; wait "$rc" || true; skip "no userfaultfd write-protection here"; }
  local exe
  exe=$(readlink -f "$ODA_BUILD/bin/run-code")
  text_flags() { awk -v exe="$exe" '$2 ~ /x/ && $6 == exe { f = 1 } f && /^VmFlags/ { print; exit }' "/proc/$1/smaps"; }
  flags=$(text_flags "$worker")
  local supervisor_flags
  supervisor_flags=$(text_flags "$rc")
  kill "$rc"
  wait "$rc" || true
  echo "worker's text: $flags"
  echo "run-code's text: $supervisor_flags"
  [[ $flags == *" uw"* ]]
  [[ $supervisor_flags == *" uw"* ]]
}
