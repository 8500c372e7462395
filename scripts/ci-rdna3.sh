#!/usr/bin/env bash
# CI: randomized differential run of the gfx11 disassembler against llvm-mc-19 (fixed small budget,
# ~1 minute) and the clang-19 code-object check against llvm-objdump-19 when clang is present.
# Skips (exit 0 with a note) where llvm-mc-19 is not installed.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v llvm-mc-19 >/dev/null; then
  echo "ci-rdna3: llvm-mc-19 not installed, differential run skipped"; exit 0
fi
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
SEED=${RDNA3_SEED:-$(date +%j)}
echo "== gfx1100 differential, seed $SEED, 600 words per encoding and wave size"
out=$(scripts/rdna3-diff.sh "$SEED" 600 || true)
echo "$out" | grep -E "^TOTAL"
status=0
for w in 32 64; do
  pct=$(echo "$out" | sed -n "s/^TOTAL wave$w accepted [0-9]* identical [0-9]* (\([0-9.]*\)%).*/\1/p")
  rej=$(echo "$out" | sed -n "s/^TOTAL wave$w .*rejected-too [0-9]* (\([0-9.]*\)%).*/\1/p")
  # the issue's bar is 99.9%; CI allows a little sampling noise on a small budget
  if [ -z "$pct" ] || awk "BEGIN{exit !($pct < 99.5 || $rej < 99.5)}"; then
    echo "ci-rdna3: wave$w agreement ${pct:-?}% / rejects ${rej:-?}% below 99.5%"; status=1
  fi
done
echo "== gfx1100 assembler round trip of llvm-mc-19's own text (seed $SEED)"
BIN=$CARGO_TARGET_DIR/debug/examples/rdna3_mc
rm -f /tmp/ci-rdna3-vec.txt
for w in 32 64; do
  RDNA3_VECTORS_OUT=/tmp/ci-rdna3-vec.txt python3 data/rdna3/gen/diff.py "$BIN" "$SEED" 300 $w /dev/null >/dev/null 2>&1 || true
done
aout=$(python3 data/rdna3/gen/asmdiff.py "$BIN" /tmp/ci-rdna3-vec.txt || true)
echo "$aout"
apct=$(echo "$aout" | sed -n 's/^TOTAL .*identical bytes [0-9]* (\([0-9.]*\)%).*/\1/p')
if [ -z "$apct" ] || awk "BEGIN{exit !($apct < 99.5)}"; then
  echo "ci-rdna3: assembler round trip ${apct:-?}% below 99.5%"; status=1
fi
if command -v clang-19 >/dev/null && command -v llvm-objdump-19 >/dev/null; then
  BIN=$CARGO_TARGET_DIR/debug/examples/rdna3_mc
  n=0; bad=0
  for src in tests/vectors/gfx11/kernels/*.cl; do
    for w in 32 64; do
      for o in O1 O3; do
        flags="-target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -$o -Xclang -finclude-default-header"
        [ $w = 64 ] && flags="$flags -mwavefrontsize64"
        clang-19 $flags -c "$src" -o /tmp/ci-rdna3.o
        m=""; [ $w = 64 ] && m="--mattr=+wavefrontsize64"
        llvm-objdump-19 -d $m /tmp/ci-rdna3.o > /tmp/ci-rdna3.ref
        a=""; [ $w = 64 ] && a="--wave64"
        "$BIN" $a /tmp/ci-rdna3.o > /tmp/ci-rdna3.our || true
        n=$((n+1))
        if ! cmp -s /tmp/ci-rdna3.ref /tmp/ci-rdna3.our; then
          bad=$((bad+1)); echo "ci-rdna3: $src wave$w -$o differs from llvm-objdump-19"
          diff /tmp/ci-rdna3.ref /tmp/ci-rdna3.our | head -5
        fi
      done
    done
  done
  echo "code objects: $((n-bad)) of $n listings identical to llvm-objdump-19"
  [ $bad = 0 ] || status=1
fi
exit $status
