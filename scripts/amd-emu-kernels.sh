#!/usr/bin/env bash
# Compiles tests/kernels/emu.cl with clang-19 and Debian's rocm-device-libs for the GCN
# generations the emulator tests run (tests/kernels/<cpu>/emu.o, committed: built from our own
# source). Usage: scripts/amd-emu-kernels.sh [check]  ("check" recompiles into a temporary
# folder and fails if the committed objects differ).
set -euo pipefail
cd "$(dirname "$0")/.."
LIBS=${ROCM_DEVICE_LIBS:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
OUT=tests/kernels
[ "${1:-}" = check ] && OUT=$(mktemp -d)
for cpu in gfx600 gfx700 gfx803 gfx900 gfx906; do
  mkdir -p "$OUT/$cpu"
  clang-19 -target amdgcn-amd-amdhsa -mcpu=$cpu -O2 --rocm-device-lib-path="$LIBS" \
    -c tests/kernels/emu.cl -o "$OUT/$cpu/emu.o"
done
if [ "${1:-}" = check ]; then
  for cpu in gfx600 gfx700 gfx803 gfx900 gfx906; do
    cmp "$OUT/$cpu/emu.o" "tests/kernels/$cpu/emu.o" || { echo "tests/kernels/$cpu/emu.o is stale: run scripts/amd-emu-kernels.sh"; exit 1; }
  done
  echo "committed kernel objects match clang-19's"
fi
