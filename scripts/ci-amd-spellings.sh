#!/usr/bin/env bash
# CI: the AMD assembler on other spellings of the vector texts, against the live llvm-mc-19
# (scripts/amd-asm-spellings.py: float constants as bits, literals in decimal, small integers in
# hex, one-register ranges, no blanks after commas, modifier values in hex; and every vector text
# as printed). A fresh random seed each run (printed, to reproduce). Exits non-zero on any
# disagreement. Skips where llvm-mc-19 or python3 is not installed.
set -euo pipefail
cd "$(dirname "$0")/.."
for t in llvm-mc-19 python3; do
  command -v $t >/dev/null || { echo "ci-amd-spellings: $t missing, skipped"; exit 0; }
done
cargo build -q --release -p gpuisa-cli
python3 scripts/amd-asm-spellings.py --gpuisa "${CARGO_TARGET_DIR:-target}/release/gpuisa" \
  --targets "${SPELLING_TARGETS:-gfx600,gfx700,gfx803,gfx900,gfx906,gfx1100}" "$@"
