#!/usr/bin/env bash
# CI: randomized differential run of the GCN disassembler against llvm-mc-19 (fixed small budget).
# Skips (exit 0 with a note) where llvm-mc-19 is not installed.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v llvm-mc-19 >/dev/null; then
  echo "ci-gcn: llvm-mc-19 not installed, differential run skipped"; exit 0
fi
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build -q -p gpuisa-amdgpu --example llvm_mc --example gcn_dis_lines
BIN=$CARGO_TARGET_DIR/debug/examples/llvm_mc
SEED=${GCN_SEED:-$(date +%j)}
status=0
for arch in gfx900 gfx803 gfx906; do
  echo "== $arch seed $SEED"
  # The issue's bar: 99.9% of the words llvm-mc accepts print identically, and the words it
  # rejects are rejected too (also held to 99.9%: a differing reject is a bug, not noise).
  out=$(scripts/gcn-diff.sh "$arch" "$SEED" 300 "$BIN" /tmp/ci-gcn-$arch.txt || true)
  echo "$out" | tail -3
  pct=$(echo "$out" | sed -n 's/.*identical [0-9]* (\([0-9.]*\)%).*/\1/p')
  rej=$(echo "$out" | sed -n 's/.*rejected-too [0-9]* (\([0-9.]*\)%).*/\1/p')
  if [ -z "$pct" ] || [ -z "$rej" ] || awk "BEGIN{exit !($pct < 99.9 || $rej < 99.9)}"; then
    echo "ci-gcn: $arch agreement ${pct:-?}% / rejects ${rej:-?}% below 99.9%"; status=1
  fi
done
# Every opcode llvm-mc-19 decodes (in some template variant) decodes in gpuisa, and no other.
for arch in gfx803 gfx900 gfx906; do
  python3 scripts/gcn-opcode-sweep.py "$arch" "$BIN" || { echo "ci-gcn: $arch opcode sweep differs"; status=1; }
done
# Every inline constant in every source of every VOP/SOP opcode, and telling literal values.
for arch in gfx803 gfx900 gfx906; do
  python3 scripts/gcn-operand-sweep.py "$arch" | tail -1 || { echo "ci-gcn: $arch operand sweep differs"; status=1; }
done
# gfx6/gfx7: every decoded word's text assembles with llvm-mc-19 to the same (or equivalent)
# bytes, or falls in a documented class; the script fails on anything unclassified.
if ! scripts/gcn-roundtrip67.sh "$SEED" 150 "$BIN" /tmp/ci-gcn-rt67.txt > /tmp/ci-gcn-rt67.log 2>&1; then
  tail -20 /tmp/ci-gcn-rt67.log; echo "ci-gcn: gfx6/gfx7 round trip has unclassified differences"; status=1
fi
grep TOTAL /tmp/ci-gcn-rt67.log || true
# Code objects: the OpenCL examples compiled by clang-19, listed exactly as llvm-objdump-19 -d
# (gfx803/gfx900/gfx906) and instruction for instruction as clang-19 -S (gfx600/gfx700).
if command -v clang-19 >/dev/null; then
  scripts/gcn-opencl.sh "$BIN" > /tmp/ci-gcn-opencl.log 2>&1 || { cat /tmp/ci-gcn-opencl.log; status=1; }
  grep -E "listings" /tmp/ci-gcn-opencl.log || true
fi
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
