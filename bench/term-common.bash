# Shared by the term-* benchmarks: a private runtime folder and chat, the binaries of build/,
# the daemon stopped by its pid at the end, and a median helper.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$ROOT/build/bin:$PATH"
BENCH_DIR=$(mktemp -d)
export ODA_RUNTIME_DIR="$BENCH_DIR/run" ODA_CHAT=bench
unset ODA_CODE_MODE
cleanup() {
  local pid
  pid=$(cat "$ODA_RUNTIME_DIR/termd.pid" 2>/dev/null || true)
  [[ -n "$pid" ]] && kill "$pid" 2>/dev/null || true
  declare -F bench_cleanup >/dev/null && bench_cleanup
  rm -rf "$BENCH_DIR"
}
trap cleanup EXIT
now_ns() { date +%s%N; }
# median of the numbers on stdin
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
daemon_rss_kb() { awk '/^VmRSS/ {print $2}' "/proc/$(cat "$ODA_RUNTIME_DIR/termd.pid")/status"; }
