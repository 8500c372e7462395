#!/usr/bin/env bash
# The assembler corpus (tests/asm-corpus): clang-19 -S of the project's OpenCL kernels
# (tests/kernels/emu.cl, examples/opencl/*.cl and tests/asm-corpus/calls.cl, a call and constants) for gfx600, gfx700, gfx803, gfx900, gfx906
# (with Debian's rocm-device-libs) and gfx1100 (-nogpulib with tests/kernels/gfx11-prelude.h),
# plus the hand-written directive tests (tests/asm-corpus/hand-*.s); for each .s, llvm-mc-19's
# object as text (scripts/amd-asm-dump.py) in the .txt next to it. The cargo test
# (crates/gpuisa-amdgpu/tests/asm_corpus.rs) assembles every .s and compares.
# Usage: scripts/amd-asm-vectors.sh [check]  ("check": regenerate into a temporary folder and
# compare with the committed files and with gpuisa's objects; non-zero on any difference).
set -euo pipefail
cd "$(dirname "$0")/.."
LIBS=${ROCM_DEVICE_LIBS:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
OUT=tests/asm-corpus
MODE=${1:-write}
[ "$MODE" = check ] && OUT=$(mktemp -d) && trap 'rm -rf "$OUT"' EXIT
mkdir -p "$OUT"
for src in tests/kernels/emu.cl examples/opencl/vector_add.cl examples/opencl/saxpy_reduce.cl examples/opencl/matmul_tiled.cl tests/asm-corpus/calls.cl; do
  base=$(basename "$src" .cl)
  for cpu in gfx600 gfx700 gfx803 gfx900 gfx906 gfx1100; do
    if [ $cpu = gfx1100 ]; then
      lib=(-nogpulib); grep -q gfx11-prelude.h "$src" || lib+=(-include tests/kernels/gfx11-prelude.h)
    else lib=(--rocm-device-lib-path="$LIBS"); fi
    std=(); [ "$base" = calls ] && std=(-cl-std=CL2.0)   # (program-scope constants)
    clang-19 -target amdgcn-amd-amdhsa -mcpu=$cpu -O2 "${std[@]}" "${lib[@]}" -S "$src" -o "$OUT/$base-$cpu.s"
  done
done
# gfx1100 in wave64 (llvm-mc and gpuisa need to be told: -mattr=+wavefrontsize64, --wave64).
clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -mwavefrontsize64 -O2 -nogpulib -S tests/kernels/emu.cl -o "$OUT/emu_w64-gfx1100.s"
if [ "$MODE" = check ]; then cp tests/asm-corpus/hand-*.s "$OUT/"; fi
w64() { case "$1" in *_w64-*) echo "$2";; esac; }
for s in "$OUT"/*.s; do
  cpu=$(basename "$s" .s); cpu=${cpu##*-}
  llvm-mc-19 -triple amdgcn-amd-amdhsa -mcpu=$cpu $(w64 "$s" -mattr=+wavefrontsize64) -filetype=obj "$s" -o "$OUT/tmp.o"
  python3 scripts/amd-asm-dump.py "$OUT/tmp.o" > "${s%.s}.txt"
  rm -f "$OUT/tmp.o"
done
if [ "$MODE" = check ]; then
  GPUISA=${GPUISA:-target/debug/gpuisa}
  fail=0
  for s in "$OUT"/*.s; do
    n=$(basename "$s")
    cmp -s "$s" "tests/asm-corpus/$n" || { echo "tests/asm-corpus/$n is stale (clang-19 -S differs): run scripts/amd-asm-vectors.sh"; fail=1; }
    cmp -s "${s%.s}.txt" "tests/asm-corpus/${n%.s}.txt" || { echo "tests/asm-corpus/${n%.s}.txt differs from llvm-mc-19's object"; fail=1; }
    cpu=${n%.s}; cpu=${cpu##*-}
    if "$GPUISA" asm --arch $cpu $(w64 "$s" --wave64) "$s" --filetype obj -o "$OUT/g.o"; then
      python3 scripts/amd-asm-dump.py "$OUT/g.o" | diff -q - "${s%.s}.txt" >/dev/null || { echo "$n: gpuisa's object differs from llvm-mc-19's"; fail=1; }
    else
      echo "$n: gpuisa asm failed"; fail=1
    fi
  done
  [ $fail = 0 ] && echo "assembler corpus: $(ls "$OUT"/*.s | wc -l) files, gpuisa == llvm-mc-19"
  exit $fail
fi
