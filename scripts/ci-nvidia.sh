#!/usr/bin/env bash
# CI for the NVIDIA Maxwell target (run after cargo test). Without the NVIDIA tools (.nvtools, see
# scripts/fetch-nv-tools.sh) it is skipped: the committed golden vectors already run in cargo test.
# With them: a fixed-budget randomized differential run against nvdisasm (LDC: 100% required;
# all forms: no different text allowed) and every corpus cubin against cuobjdump -sass, live.
set -euo pipefail
cd "$(dirname "$0")/.."
NV=$PWD/.nvtools/bin
if [ ! -x "$NV/nvdisasm" ] || [ ! -x "$NV/cuobjdump" ]; then
  echo "ci-nvidia: skipped (no NVIDIA tools in .nvtools; fetch with scripts/fetch-nv-tools.sh .nvtools)"
  exit 0
fi
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target-nv}
bash scripts/nv-diff.sh 20231122 20000 ldc
bash scripts/nv-diff.sh 20231122 5000 forms
# every opcode class nvdisasm knows (tests/vectors/sm_XX/opclasses.txt): fresh random words per run,
# no different text and nothing printed where nvdisasm rejects (nv-sweep.py exits 1 otherwise)
cargo build -q --release -p gpuisa-nvidia --example nv-dis
# Seeds change daily (as ci-gcn.sh's): a fresh sample every day, the same within a day, so a
# failure can be reproduced with NV_SEED.
SEED=${NV_SEED:-$(date +%Y%j)}
for sm in 50 52 53; do
  NVDISASM=$NV/nvdisasm python3 scripts/nv-sweep.py check $sm "$SEED" 6000 tests/vectors/sm_$sm/opclasses.txt \
    "$CARGO_TARGET_DIR/release/examples/nv-dis" --sm $sm --novliw
  # and over every 13-bit prefix, those nvdisasm rejects wholly included: rejected words stay .word
  NVDISASM=$NV/nvdisasm python3 scripts/nv-sweep.py check $sm "$((SEED + 1))" 4000 all \
    "$CARGO_TARGET_DIR/release/examples/nv-dis" --sm $sm --novliw
done
cargo build -q --release -p gpuisa-nvidia --example nv-sass
fail=0; n=0
for c in tests/ptx/cubin/*.cubin; do
  n=$((n + 1))
  if ! cmp -s <("$NV/cuobjdump" -sass "$c") <("$CARGO_TARGET_DIR/release/examples/nv-sass" "$c"); then
    echo "ci-nvidia: $c differs from cuobjdump -sass"; fail=1
  fi
done
echo "ci-nvidia: $n cubins checked against cuobjdump -sass"
# The runnable corpus, rebuilt live (clang-19 -> PTX -> ptxas 11.8/12.9): the PTX, listings and
# constants must equal the committed ones (which cargo test assembles and runs), and gpuisa must
# list every rebuilt cubin exactly as cuobjdump does.
if command -v clang-19 >/dev/null; then
  live=$(mktemp -d)
  NV_RUN_LISTINGS=$live NV_RUN_OUT=$live bash tests/ptx/run/build.sh "$NV" >/dev/null
  for f in tests/ptx/run/*.ptx tests/ptx/run/*.sass tests/ptx/run/*.const; do
    if ! cmp -s "$f" "$live/$(basename "$f")"; then
      echo "ci-nvidia: $f differs from its live rebuild"; fail=1
    fi
  done
  for c in "$live"/*.cubin; do
    if ! cmp -s <("$NV/cuobjdump" -sass "$c") <("$CARGO_TARGET_DIR/release/examples/nv-sass" "$c"); then
      echo "ci-nvidia: rebuilt $(basename "$c") differs from cuobjdump -sass"; fail=1
    fi
  done
  echo "ci-nvidia: runnable corpus rebuilt and checked ($(ls "$live"/*.cubin | wc -l) cubins)"
  rm -rf "$live"
else
  echo "ci-nvidia: clang-19 missing, runnable corpus not rebuilt"
fi
exit $fail
