#!/usr/bin/env bash
# Randomized differential check of gpuisa's Maxwell disassembler against nvdisasm's raw mode.
# Usage: scripts/nv-diff.sh [SEED] [COUNT] [ldc|forms]
#   ldc:   random words with the LDC opcode (every other bit random): must agree 100%
#   forms: random words over the opcode space of data/maxwell.forms: gpuisa must print the same
#          text or leave the word as `.word` (never a different text); agreement is reported
# Needs .nvtools (scripts/fetch-nv-tools.sh). Runs the nv-dis example (the Target code path of
# `gpuisa disasm`, built with this crate only); NV_TOOL=cli runs the gpuisa binary instead.
set -euo pipefail
cd "$(dirname "$0")/.."
SEED=${1:-1}; COUNT=${2:-10000}; KIND=${3:-ldc}
export NVDISASM=${NVDISASM:-$PWD/.nvtools/bin/nvdisasm}
[ -x "$NVDISASM" ] || { echo "nv-diff: $NVDISASM missing (run scripts/fetch-nv-tools.sh .nvtools)"; exit 2; }
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target-nv}
if [ "${NV_TOOL:-}" = cli ] && cargo build -q --release -p gpuisa-cli; then
  TOOL=("$CARGO_TARGET_DIR/release/gpuisa" disasm --arch sm_50 --novliw)
else
  cargo build -q --release -p gpuisa-nvidia --example nv-dis
  TOOL=("$CARGO_TARGET_DIR/release/examples/nv-dis" --novliw)
fi
exec python3 scripts/nv-vectors.py check "$KIND" "$SEED" "$COUNT" "${TOOL[@]}"
