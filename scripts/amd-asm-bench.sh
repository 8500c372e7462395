#!/usr/bin/env bash
# Throughput of the AMD assembler (`gpuisa asm --filetype obj`, release build) against
# `llvm-mc-19 -filetype=obj`, whole processes on the same large file: clang-19 -S of
# examples/opencl/many_kernels.cl (with rocm-device-libs: about 1.4 MB of assembly, 40k lines)
# for gfx900 and gfx1100; the two objects are compared byte for byte first.
# CLRX's clrxasm is measured too when it is on the PATH (it is not installed here).
# usage: scripts/amd-asm-bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build -q --release -p gpuisa-cli
B=$CARGO_TARGET_DIR/release/gpuisa
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
LIBS=${ROCM_DEVICE_LIBS:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx900 -O2 --rocm-device-lib-path="$LIBS" -S examples/opencl/many_kernels.cl -o $T/big-gfx900.s
clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -O2 -nogpulib -include tests/kernels/gfx11-prelude.h -S examples/opencl/many_kernels.cl -o $T/big-gfx1100.s
t() { local s e; s=$(date +%s%N); for _ in $(seq "$RUNS"); do "$@" > /dev/null 2>&1; done; e=$(date +%s%N); echo $(( (e - s) / RUNS / 1000 )); }
for cpu in gfx900 gfx1100; do
  f=$T/big-$cpu.s
  "$B" asm --arch $cpu $f --filetype obj -o $T/a.o
  llvm-mc-19 -triple amdgcn-amd-amdhsa -mcpu=$cpu -filetype=obj $f -o $T/b.o
  cmp -s $T/a.o $T/b.o && same=byte-identical || same=DIFFERENT
  a=$(t "$B" asm --arch $cpu $f --filetype obj -o $T/a.o)
  b=$(t llvm-mc-19 -triple amdgcn-amd-amdhsa -mcpu=$cpu -filetype=obj $f -o $T/b.o)
  line="asm $cpu ($(wc -l < $f) lines, $(( $(wc -c < $f) / 1024 )) KiB, objects $same): gpuisa ${a} us, llvm-mc-19 ${b} us, speed-up $(awk "BEGIN{printf \"%.1f\", $b/$a}")x"
  if command -v clrxasm >/dev/null; then
    c=$(t clrxasm -g $cpu -o $T/c.o $f); line="$line; clrxasm ${c} us ($(awk "BEGIN{printf \"%.1f\", $c/$a}")x)"
  fi
  echo "$line"
done
