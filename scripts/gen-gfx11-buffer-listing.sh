#!/bin/sh
# Regenerates crates/gpuisa-amdgpu/tests/data/gfx11_buffer.lst (text ; encoding) from
# gfx11_buffer.s with llvm-mc-19: the words tests/emu_gfx11_buffer.rs executes.
# With --check, exits non-zero if the committed listing differs from llvm-mc-19's.
set -eu
cd "$(dirname "$0")/.."
d=crates/gpuisa-amdgpu/tests/data
out=$(llvm-mc-19 -triple=amdgcn -mcpu=gfx1100 -show-encoding "$d/gfx11_buffer.s" |
    grep 'encoding:' | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*; encoding:/ ; encoding:/')
if [ "${1:-}" = --check ]; then
    printf '%s\n' "$out" | diff -u "$d/gfx11_buffer.lst" - && echo "gfx11 buffer listing: agrees with llvm-mc-19"
else
    printf '%s\n' "$out" > "$d/gfx11_buffer.lst"
fi
