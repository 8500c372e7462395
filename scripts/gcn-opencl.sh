#!/usr/bin/env bash
# Compiles examples/opencl/*.cl with clang-19 for gfx900 and gfx803 and checks that
# `gpuisa disasm kernel.o` prints exactly what `llvm-objdump-19 -d` prints.
# usage: scripts/gcn-opencl.sh [GPUISA_BINARY]; objects go to target dir/opencl.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-${CARGO_TARGET_DIR:-target}/debug/examples/llvm_mc}
OUT=${CARGO_TARGET_DIR:-target}/opencl
mkdir -p "$OUT"
fail=0; n=0
for cl in examples/opencl/*.cl; do
  for cpu in gfx900 gfx906 gfx803; do
    o="$OUT/$(basename "${cl%.cl}")-$cpu.o"
    clang-19 -target amdgcn-amd-amdhsa -mcpu=$cpu -nogpulib -O2 -c "$cl" -o "$o"
    if diff <(llvm-objdump-19 -d "$o") <("$BIN" disasm "$o") > "$o.diff"; then
      n=$((n+1)); echo "same: $o"
    else
      fail=1; echo "DIFFERENT: $o ($(grep -c '^<' "$o.diff") lines)"
    fi
  done
done
echo "$n listings identical to llvm-objdump-19"
exit $fail
