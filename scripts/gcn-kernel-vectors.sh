#!/usr/bin/env bash
# Golden GCN code objects for `cargo test` (tests/vectors/gcn-kernels, test gcn_codeobj): the
# OpenCL examples compiled by clang-19 for gfx803/gfx900/gfx906 and long-lines.s assembled by
# llvm-mc-19, each kept as `NAME-CPU.o.hex` (xxd -p) with llvm-objdump-19 -d's listing
# `NAME-CPU.objdump.txt` (the listing names the file `kernel.o`, as the test does). labels.s
# also goes to tests/vectors/gfx11/kernels for gfx1100.
set -euo pipefail
cd "$(dirname "$0")/.."
D=tests/vectors/gcn-kernels
T=$(mktemp -d)
emit() { # emit NAME-CPU OBJECT
  cp "$2" "$T/kernel.o"
  xxd -p "$T/kernel.o" > "$D/$1.o.hex"
  (cd "$T" && llvm-objdump-19 -d kernel.o) > "$D/$1.objdump.txt"
}
for k in vector_add:gfx900 saxpy_reduce:gfx803 matmul_tiled:gfx906 image_ops:gfx900; do
  n=${k%%:*}; cpu=${k##*:}
  clang-19 -target amdgcn-amd-amdhsa -mcpu=$cpu -nogpulib -O2 -c examples/opencl/$n.cl -o "$T/$n.o"
  emit "$n-$cpu" "$T/$n.o"
done
llvm-mc-19 -arch=amdgcn -mcpu=gfx900 -filetype=obj $D/long-lines.s -o "$T/long.o"
emit long-lines-gfx900 "$T/long.o"
llvm-mc-19 -arch=amdgcn -mcpu=gfx900 -filetype=obj $D/labels.s -o "$T/labels.o"
emit labels-gfx900 "$T/labels.o"
# No symbols, and code before the first symbol: listed under <.text>: (issue 18).
for n in nosym presym zeros; do
  llvm-mc-19 -arch=amdgcn -mcpu=gfx900 -filetype=obj $D/$n.s -o "$T/$n.o"
  emit $n-gfx900 "$T/$n.o"
done
# Misaligned SGPR ranges (; Warning: comments) for gfx8 and gfx9.
for cpu in gfx803 gfx900; do
  llvm-mc-19 -triple=amdgcn-amd-amdhsa -mcpu=$cpu -filetype=obj $D/sgpr-random.s -o "$T/sr.o"
  emit sgpr-random-$cpu "$T/sr.o"
done
# The same labels for gfx11 go with the gfx11 kernels (test rdna3_vectors).
llvm-mc-19 -arch=amdgcn -mcpu=gfx1100 -filetype=obj $D/labels.s -o "$T/labels11.o"
cp "$T/labels11.o" "$T/kernel.o"
xxd -p "$T/kernel.o" > tests/vectors/gfx11/kernels/labels-w32-asm.o.hex
(cd "$T" && llvm-objdump-19 -d kernel.o) > tests/vectors/gfx11/kernels/labels-w32-asm.objdump.txt
llvm-mc-19 -arch=amdgcn -mcpu=gfx1100 -filetype=obj $D/presym.s -o "$T/kernel.o"
xxd -p "$T/kernel.o" > tests/vectors/gfx11/kernels/presym-w32-asm.o.hex
(cd "$T" && llvm-objdump-19 -d kernel.o) > tests/vectors/gfx11/kernels/presym-w32-asm.objdump.txt
# Misaligned SGPR ranges (; Warning: comments), v_illegal, runs of zeros: gfx11, both wave sizes.
K=tests/vectors/gfx11/kernels
for n in sgpr-align sgpr-random zeros; do
  src=$K/$n.s; [ -f "$src" ] || src=$D/$n.s
  llvm-mc-19 -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj "$src" -o "$T/kernel.o"
  xxd -p "$T/kernel.o" > $K/$n-w32-asm.o.hex
  xxd -p "$T/kernel.o" > $K/$n-w64-asm.o.hex
  (cd "$T" && llvm-objdump-19 -d kernel.o) > $K/$n-w32-asm.objdump.txt
  (cd "$T" && llvm-objdump-19 -d --mattr=+wavefrontsize64 kernel.o) > $K/$n-w64-asm.objdump.txt
done
rm -rf "$T"
ls $D
