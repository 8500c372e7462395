#!/bin/sh
# Oracle vector for the timing tools' `.s` reader: address and size of every instruction of a
# kernel as llvm-objdump-19 disassembles the object clang-19 built from the same source.
# Usage: make-sizes.sh KERNEL.o MCPU > KERNEL.sizes     (line: HEXADDR SIZE | text)
set -e
if [ "$1" = "--mc" ]; then
  echo "# llvm-mc-19 -show-encoding -mcpu=$3 $(basename "$2"): HEXADDR SIZE | instruction"
  llvm-mc-19 -triple=amdgcn-amd-amdhsa -mcpu="$3" -show-encoding "$2" | awk -F'; encoding: ' '/encoding:/ {
    n = split($2, b, ","); text = $1; gsub(/^[ \t]+|[ \t]+$/, "", text);
    printf "%012X %d | %s\n", addr, n, text; addr += n }'
  exit 0
fi
echo "# llvm-objdump-19 -d --mcpu=$2 $(basename "$1"): HEXADDR SIZE | instruction"
llvm-objdump-19 -d --mcpu="$2" "$1" | awk -F'//' '/\/\/ [0-9A-F]+:/ {
  split($2, a, ":"); addr = a[1]; gsub(/ /, "", addr);
  n = split(a[2], w, " "); words = 0;
  for (i = 1; i <= n; i++) if (length(w[i]) == 8 && w[i] ~ /^[0-9A-F]+$/) words++;
  text = $1; gsub(/^[ \t]+|[ \t]+$/, "", text);
  printf "%s %d | %s\n", addr, words * 4, text }'
# llvm-objdump-19 aborts on GCN 1.0 objects ("Disassembly not yet supported for subtarget"),
# so for tahiti the vector is made with the assembler instead:
#   make-sizes.sh --mc KERNEL.s tahiti: addresses by summing llvm-mc-19's encodings from 0
#   (valid for a .s whose only .text alignment is the kernel's leading .p2align).
