#!/usr/bin/env bash
# Differential test of the gfx11 disassembler against llvm-mc-19 on random words per encoding,
# in wave32 and wave64 (-mattr=+wavefrontsize32 / +wavefrontsize64).
# usage: scripts/rdna3-diff.sh [SEED] [COUNT_PER_ENCODING] [ENCODINGS (comma list, default all)]
# Prints per-encoding agreement and the total for each wave size; exits 1 below 99.9%.
# Mismatches are written to /tmp/rdna3-diff-w32.txt and /tmp/rdna3-diff-w64.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
SEED=${1:-1}; COUNT=${2:-2000}; ENCS=${3:-}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build -q -p gpuisa-amdgpu --example rdna3_mc
BIN=$CARGO_TARGET_DIR/debug/examples/rdna3_mc
status=0
for w in 32 64; do
  python3 data/rdna3/gen/diff.py "$BIN" "$SEED" "$COUNT" "$w" "/tmp/rdna3-diff-w$w.txt" "$ENCS" || status=1
done
exit $status
