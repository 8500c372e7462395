#!/usr/bin/env bash
# Compiles tests/kernels/emu.cl (and images.cl for gfx803/gfx900) with clang-19 (and Debian's rocm-device-libs for GCN) for the
# targets the emulator tests run: gfx600, gfx700, gfx803, gfx900, gfx906, gfx1100 wave32 and wave64 (tests/kernels/<cpu>/emu.o, committed: built from our own
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
# Image kernels (read_imagef & co. come from the device library's ockl): gfx803 and gfx900.
for cpu in gfx803 gfx900; do
  clang-19 -target amdgcn-amd-amdhsa -mcpu=$cpu -O2 --rocm-device-lib-path="$LIBS" \
    -c tests/kernels/images.cl -o "$OUT/$cpu/images.o"
done
# Generic pointers into private memory (OpenCL 2.0): gfx7, gfx8, gfx9 and gfx11 (flat in the private aperture).
for cpu in gfx700 gfx803 gfx900 gfx906; do
  clang-19 -target amdgcn-amd-amdhsa -mcpu=$cpu -O2 -cl-std=CL2.0 --rocm-device-lib-path="$LIBS" \
    -c tests/kernels/private.cl -o "$OUT/$cpu/private.o"
done
# gfx11: the package has no gfx11 device library; the kernels use clang's builtins (emu.cl).
mkdir -p "$OUT/gfx1100" "$OUT/gfx1100-w64"
clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -O2 -nogpulib -c tests/kernels/emu.cl -o "$OUT/gfx1100/emu.o"
clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -mwavefrontsize64 -O2 -nogpulib -c tests/kernels/emu.cl -o "$OUT/gfx1100-w64/emu.o"
clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -O2 -cl-std=CL2.0 -nogpulib -c tests/kernels/private.cl -o "$OUT/gfx1100/private.o"
clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -mwavefrontsize64 -O2 -cl-std=CL2.0 -nogpulib -c tests/kernels/private.cl -o "$OUT/gfx1100-w64/private.o"
# Hand-written gfx11 image code: assembled by llvm-mc-19 and linked by ld.lld-19.
llvm-mc-19 -triple amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj tests/kernels/images-gfx11.s -o "$OUT/gfx1100/images.o"
ld.lld-19 -shared "$OUT/gfx1100/images.o" -o "$OUT/gfx1100/images.co"
rm "$OUT/gfx1100/images.o"
if [ "${1:-}" = check ]; then
  for cpu in gfx600 gfx700 gfx803 gfx900 gfx906 gfx1100 gfx1100-w64; do
    cmp "$OUT/$cpu/emu.o" "tests/kernels/$cpu/emu.o" || { echo "tests/kernels/$cpu/emu.o is stale: run scripts/amd-emu-kernels.sh"; exit 1; }
  done
  for cpu in gfx700 gfx803 gfx900 gfx906 gfx1100 gfx1100-w64; do
    cmp "$OUT/$cpu/private.o" "tests/kernels/$cpu/private.o" || { echo "tests/kernels/$cpu/private.o is stale: run scripts/amd-emu-kernels.sh"; exit 1; }
  done
  cmp "$OUT/gfx1100/images.co" tests/kernels/gfx1100/images.co || { echo "tests/kernels/gfx1100/images.co is stale: run scripts/amd-emu-kernels.sh"; exit 1; }
  for cpu in gfx803 gfx900; do
    cmp "$OUT/$cpu/images.o" "tests/kernels/$cpu/images.o" || { echo "tests/kernels/$cpu/images.o is stale: run scripts/amd-emu-kernels.sh"; exit 1; }
  done
  echo "committed kernel objects match clang-19's"
fi
