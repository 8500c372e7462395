#!/usr/bin/env bash
# Whole-process benchmarks of the GCN tools against LLVM's (release build):
#  - disassembly of the same code object: gpuisa (llvm_mc example, the code path of `gpuisa disasm`)
#    vs llvm-objdump-19 -d, on a small kernel and on examples/opencl/many_kernels.cl (40k lines);
#  - assembly of the same source (llvm-mc's texts of the golden vectors) vs llvm-mc-19.
# usage: scripts/gcn-bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-20}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build -q --release -p gpuisa-amdgpu --example llvm_mc
B=$CARGO_TARGET_DIR/release/examples/llvm_mc
T=$(mktemp -d)
clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx900 -nogpulib -O2 -c examples/opencl/vector_add.cl -o $T/small.o
clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx900 -nogpulib -O2 -c examples/opencl/many_kernels.cl -o $T/large.o
cut -f1 tests/vectors/gfx9/llvm-mc-asm.txt | grep -v -x -F -f <(grep -v '^#' tests/vectors/gfx9/known-asm-diff.txt) > $T/src.s
t() { local s e; s=$(date +%s%N); for _ in $(seq "$RUNS"); do "$@" > /dev/null 2>&1 || true; done; e=$(date +%s%N); echo $(( (e - s) / RUNS / 1000 )); }
for f in small large; do
  cmp <("$B" $T/$f.o | tail -n +3) <(llvm-objdump-19 -d $T/$f.o | tail -n +3) >/dev/null && same=identical || same=DIFFERENT
  a=$(t "$B" $T/$f.o); b=$(t llvm-objdump-19 -d $T/$f.o)
  echo "disasm $f.o ($(llvm-objdump-19 -d $T/$f.o | wc -l) lines, $same): gpuisa ${a} us, llvm-objdump-19 ${b} us, speed-up $(awk "BEGIN{printf \"%.1f\", $b/$a}")x"
done
a=$(t "$B" --assemble --arch gfx900 $T/src.s); b=$(t llvm-mc-19 -arch=amdgcn -mcpu=gfx900 --show-encoding $T/src.s)
echo "asm --show-encoding ($(wc -l < $T/src.s) instructions): gpuisa ${a} us, llvm-mc-19 ${b} us, speed-up $(awk "BEGIN{printf \"%.1f\", $b/$a}")x"
rm -rf "$T"
