#!/usr/bin/env bash
# The remu drop-in (crates/gpuisa-remu): re-assemble the test kernels with llvm-mc-19 and compare
# with the committed code bytes, build libgpuisa_remu.so and run it through ctypes on host buffers.
set -euo pipefail
cd "$(dirname "$0")/.."
D=crates/gpuisa-remu/tests/data
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for s in "$D"/*.s; do
  n=$(basename "$s" .s)
  llvm-mc-19 -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj "$s" -o "$tmp/$n.o"
  llvm-objcopy-19 -O binary --only-section=.text "$tmp/$n.o" "$tmp/$n.bin"
  want=$(od -An -v -tx1 "$tmp/$n.bin" | tr -d ' \n')
  have=$(tr -d ' \n' < "$D/$n.hex")
  if [ "$want" != "$have" ]; then echo "$n.hex differs from llvm-mc-19's encoding of $n.s" >&2; exit 1; fi
done
cargo build -q -p gpuisa-remu
python3 crates/gpuisa-remu/tests/ctypes_abi.py "${CARGO_TARGET_DIR:-target}/debug/libgpuisa_remu.so"
