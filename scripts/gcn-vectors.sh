#!/usr/bin/env bash
# Regenerates the GCN golden vectors (tests/vectors/gfx8, gfx9) from llvm-mc-19 and the list of
# vectors gpuisa does not match yet. usage: scripts/gcn-vectors.sh [SEED] [COUNT_PER_ENCODING]
set -euo pipefail
cd "$(dirname "$0")/.."
SEED=${1:-7}; COUNT=${2:-300}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build -q -p gpuisa-amdgpu --example llvm_mc
BIN=$CARGO_TARGET_DIR/debug/examples/llvm_mc
for pair in gfx8:gfx803 gfx9:gfx900; do
  gen=${pair%%:*}; arch=${pair##*:}
  mkdir -p tests/vectors/$gen
  GCN_VECTORS_OUT=tests/vectors/$gen/llvm-mc-random.txt scripts/gcn-diff.sh "$arch" "$SEED" "$COUNT" "$BIN" /tmp/gcn-mis-$gen.txt | tail -1 || true
  {
    echo "# Vectors of llvm-mc-random.txt where gpuisa does not yet print what llvm-mc-19 prints (or rejects/accepts differently)."
    echo "# Regenerate: scripts/gcn-vectors.sh. The test fails if any other vector differs."
    grep -E "^[A-Z0-9]+ [0-9a-f]" /tmp/gcn-mis-$gen.txt | cut -d' ' -f2- || true
  } > tests/vectors/$gen/known-diff.txt
  {
    echo "# Words on which llvm-mc-19 --disassemble crashes (aborts the whole run); found by bisection"
    echo "# in scripts/gcn-diff.sh and left out of llvm-mc-random.txt. gpuisa decodes or rejects them normally."
    grep '^llvm-mc crash: ' /tmp/gcn-mis-$gen.txt | sed 's/^llvm-mc crash: //' || true
  } > tests/vectors/$gen/llvm-mc-crashes.txt
done
