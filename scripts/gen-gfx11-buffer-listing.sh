#!/bin/sh
# Regenerates, with llvm-mc-19 (and ld.lld-19), what the gfx11 buffer tests execute:
#   crates/gpuisa-amdgpu/tests/data/gfx11_buffer.lst (text ; encoding) from gfx11_buffer.s, and
#   tests/kernels/gfx1100/buffers.co from tests/kernels/buffers-gfx11.s.
# With --check, exits non-zero if the committed files differ from what the tools make now.
set -eu
cd "$(dirname "$0")/.."
d=crates/gpuisa-amdgpu/tests/data
out=$(llvm-mc-19 -triple=amdgcn -mcpu=gfx1100 -show-encoding "$d/gfx11_buffer.s" |
    grep 'encoding:' | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*; encoding:/ ; encoding:/')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
llvm-mc-19 -triple amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj tests/kernels/buffers-gfx11.s -o "$tmp/buffers.o"
ld.lld-19 -shared "$tmp/buffers.o" -o "$tmp/buffers.co"
if [ "${1:-}" = --check ]; then
    printf '%s\n' "$out" | diff -u "$d/gfx11_buffer.lst" -
    cmp "$tmp/buffers.co" tests/kernels/gfx1100/buffers.co ||
        { echo "tests/kernels/gfx1100/buffers.co is stale: run scripts/gen-gfx11-buffer-listing.sh"; exit 1; }
    echo "gfx11 buffer listing and buffers.co: agree with llvm-mc-19 / ld.lld-19"
else
    printf '%s\n' "$out" > "$d/gfx11_buffer.lst"
    cp "$tmp/buffers.co" tests/kernels/gfx1100/buffers.co
fi
