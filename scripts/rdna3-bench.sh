#!/usr/bin/env bash
# Whole-process benchmarks of the gfx11 tools against LLVM's (release build), same inputs:
#  - disassembly of the same code object: gpuisa (rdna3_mc example, the code path of
#    `gpuisa disasm --arch gfx1100`) vs llvm-objdump-19 -d, small kernel and a large one
#    (the test kernels replicated 40 times);
#  - disassembly of llvm-mc's byte-list input: gpuisa --bytes vs llvm-mc-19 --disassemble;
#  - assembly of llvm-mc's own texts (tests/vectors/gfx11/asm.txt) vs llvm-mc-19 --show-encoding.
# usage: scripts/rdna3-bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-10}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build -q --release -p gpuisa-amdgpu --example rdna3_mc --example rdna3_bench
B=$CARGO_TARGET_DIR/release/examples/rdna3_mc
T=$(mktemp -d)
F="-target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2 -Xclang -finclude-default-header"
clang-19 $F -c tests/vectors/gfx11/kernels/basic.cl -o $T/small.o
{ echo "#pragma OPENCL EXTENSION cl_khr_fp16 : enable"
  for i in $(seq 60); do sed "s/__kernel void \([a-z]*\)/__kernel void \1_$i/" tests/vectors/gfx11/kernels/{basic,wave}.cl | grep -v pragma; done; } > $T/large.cl
clang-19 $F -c $T/large.cl -o $T/large.o
t() { local s e; s=$(date +%s%N); for _ in $(seq "$RUNS"); do "$@" > /dev/null 2>&1 || true; done; e=$(date +%s%N); echo $(( (e - s) / RUNS / 1000 )); }
for f in small large; do
  cmp <("$B" $T/$f.o) <(llvm-objdump-19 -d $T/$f.o) >/dev/null && same=identical || same=DIFFERENT
  a=$(t "$B" $T/$f.o); b=$(t llvm-objdump-19 -d $T/$f.o)
  echo "disasm $f.o ($(llvm-objdump-19 -d $T/$f.o | wc -l) lines, $same): gpuisa ${a} us, llvm-objdump-19 ${b} us, speed-up $(awk "BEGIN{printf \"%.1f\", $b/$a}")x"
done
grep -v '^#' tests/vectors/gfx11/asm.txt | awk -F'\t' '$1==32{print $3}' > $T/bytes.txt
a=$(t "$B" --bytes --show-encoding $T/bytes.txt); b=$(t llvm-mc-19 --disassemble -triple=amdgcn -mcpu=gfx1100 --show-encoding $T/bytes.txt)
echo "disasm --bytes --show-encoding ($(wc -l < $T/bytes.txt) instructions): gpuisa ${a} us, llvm-mc-19 ${b} us, speed-up $(awk "BEGIN{printf \"%.1f\", $b/$a}")x"
grep -v '^#' tests/vectors/gfx11/asm.txt | awk -F'\t' '$1==32{print $2}' > $T/src.s
a=$(t "$B" --assemble $T/src.s); b=$(t llvm-mc-19 -triple=amdgcn -mcpu=gfx1100 --show-encoding $T/src.s)
echo "asm ($(wc -l < $T/src.s) instructions): gpuisa ${a} us, llvm-mc-19 ${b} us, speed-up $(awk "BEGIN{printf \"%.1f\", $b/$a}")x"
"$CARGO_TARGET_DIR/release/examples/rdna3_bench"
rm -rf "$T"
