#!/usr/bin/env bash
# AMD emulator speed: wave-instructions/s and lane-ops/s of `gpuisa run` (execution time as the
# run reports it, best of 3; "all s" is the whole run: loading, buffers, results) on saxpy over 1M floats, a 128x128x128 tiled matmul and a
# reduction of 1M ints, from tests/kernels/<target>/emu.o, for gfx900 and gfx1100 (wave32 and
# wave64), on one thread and on all cores.
# usage: scripts/amd-emu-bench.sh [GPUISA_BINARY]   (default: builds target/release/gpuisa)
# CALLGRIND=1: instead, each kernel once on one thread under valgrind's callgrind, reporting the
# instructions executed (Ir, the whole run: loading and buffers included) per wave-instruction,
# a measure that does not depend on the machine's load.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-}
if [ -z "$BIN" ]; then
  cargo build --release -q -p gpuisa-cli
  BIN=${CARGO_TARGET_DIR:-target}/release/gpuisa
fi
N=$((1 << 20))
cores=$(nproc)
args_of() {
  case $1 in
    saxpy)  args=(--kernel saxpy --grid $((N / 256)) --block 256 --arg f32:2 --arg zeros:$((4 * N)) --arg zeros:$((4 * N))) ;;
    matmul) args=(--kernel matmul --grid 8,8 --block 16,16 --arg zeros:65536 --arg zeros:65536 --arg zeros:65536 --arg i32:128) ;;
    reduce) args=(--kernel reduce_atomic --grid $((N / 256)) --block 256 --arg zeros:$((4 * N)) --arg zeros:4 --arg local:1024) ;;
  esac
}
if [ "${CALLGRIND:-0}" = 1 ]; then
  tmp=$(mktemp -d)
  printf '%-12s %-8s %14s %14s %10s\n' target kernel wave-insts Ir Ir/wi
  for t in gfx900 gfx1100 gfx1100-w64; do
    for k in saxpy matmul reduce; do
      args_of $k
      valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$BIN" run "tests/kernels/$t/emu.o" "${args[@]}" --threads 1 --json >"$tmp/out" 2>"$tmp/err"
      ir=$(grep -o 'refs: *[0-9,]*' "$tmp/err" | tr -d ', refs:')
      wi=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["wave_instructions"])' "$tmp/out")
      printf '%-12s %-8s %14s %14s %10s\n' "$t" "$k" "$wi" "$ir" $((ir / wi))
    done
  done
  rm -rf "$tmp"
  exit 0
fi
printf '%-12s %-8s %-7s %14s %10s %12s %12s %8s\n' target kernel threads wave-insts "exec s" "M wi/s" "M lane-ops/s" "all s"
for t in gfx900 gfx1100 gfx1100-w64; do
  O=tests/kernels/$t/emu.o
  for threads in 1 "$cores"; do
    for k in saxpy matmul reduce; do
      args_of $k
      best=""
      for _ in 1 2 3; do
        line=$("$BIN" run "$O" "${args[@]}" --threads "$threads" --json)
        s=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["exec_seconds"])' "$line")
        if [ -z "$best" ] || python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) < float(sys.argv[2]) else 1)' "$s" "$best"; then best=$s; bl=$line; fi
      done
      python3 - "$bl" "$t" "$k" "$threads" <<'PY'
import json, sys
d = json.loads(sys.argv[1])
s = d["exec_seconds"]
print(f'{sys.argv[2]:<12} {sys.argv[3]:<8} {sys.argv[4]:<7} {d["wave_instructions"]:>14} {s:>10.4f} {d["wave_instructions"]/s/1e6:>12.1f} {d["lane_ops"]/s/1e6:>12.1f} {d["wall_seconds"]:>8.3f}')
PY
    done
  done
done
