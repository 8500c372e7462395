#!/usr/bin/env bash
# CI: randomized differential run of the GCN disassembler against llvm-mc-19 (fixed small budget).
# Skips (exit 0 with a note) where llvm-mc-19 is not installed.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v llvm-mc-19 >/dev/null; then
  echo "ci-gcn: llvm-mc-19 not installed, differential run skipped"; exit 0
fi
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build -q -p gpuisa-amdgpu --example llvm_mc
BIN=$CARGO_TARGET_DIR/debug/examples/llvm_mc
SEED=${GCN_SEED:-$(date +%j)}
status=0
for arch in gfx900 gfx803; do
  echo "== $arch seed $SEED"
  # The issue's bar is 99.9%; until it is reached CI guards against regressions (>= 97%).
  out=$(scripts/gcn-diff.sh "$arch" "$SEED" 150 "$BIN" /tmp/ci-gcn-$arch.txt || true)
  echo "$out" | tail -3
  pct=$(echo "$out" | sed -n 's/.*identical [0-9]* (\([0-9.]*\)%).*/\1/p')
  if [ -z "$pct" ] || awk "BEGIN{exit !($pct < 97.0)}"; then
    echo "ci-gcn: $arch agreement ${pct:-?}% below 97%"; status=1
  fi
done
# The assembler as an llvm-mc drop-in: llvm-mc's own texts, listed with --show-encoding.
for pair in gfx8:gfx803 gfx9:gfx900; do
  gen=${pair%%:*}; arch=${pair##*:}
  src=$(mktemp --suffix=.s)
  cut -f1 tests/vectors/$gen/llvm-mc-asm.txt | grep -v -x -F -f <(grep -v '^#' tests/vectors/$gen/known-asm-diff.txt) > "$src" || true
  if diff <("$BIN" --assemble --arch "$arch" "$src") <(llvm-mc-19 -arch=amdgcn -mcpu=$arch --show-encoding "$src") > /tmp/ci-gcn-asm-$gen.diff; then
    echo "== $arch assembler listing: $(wc -l < "$src") instructions identical to llvm-mc-19 --show-encoding"
  else
    echo "ci-gcn: $arch assembler listing differs from llvm-mc-19 ($(grep -c '^<' /tmp/ci-gcn-asm-$gen.diff) lines)"; status=1
  fi
  rm -f "$src"
done
exit $status
