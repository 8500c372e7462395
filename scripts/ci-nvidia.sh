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
cargo build -q --release -p gpuisa-nvidia --example nv-sass
fail=0; n=0
for c in tests/ptx/cubin/*.cubin; do
  n=$((n + 1))
  if ! cmp -s <("$NV/cuobjdump" -sass "$c") <("$CARGO_TARGET_DIR/release/examples/nv-sass" "$c"); then
    echo "ci-nvidia: $c differs from cuobjdump -sass"; fail=1
  fi
done
echo "ci-nvidia: $n cubins checked against cuobjdump -sass"
exit $fail
