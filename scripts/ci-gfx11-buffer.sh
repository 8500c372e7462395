#!/usr/bin/env bash
# CI: the gfx11 MUBUF/MTBUF words tests/emu_gfx11_buffer.rs executes must be llvm-mc-19's
# encodings of tests/data/gfx11_buffer.s, and tests/kernels/gfx1100/buffers.co what llvm-mc-19 and
# ld.lld-19 build from tests/kernels/buffers-gfx11.s (skips, exit 0 with a note, without llvm-mc-19).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v llvm-mc-19 >/dev/null || ! command -v ld.lld-19 >/dev/null; then
  echo "ci-gfx11-buffer: llvm-mc-19 / ld.lld-19 not installed, check skipped"; exit 0
fi
sh scripts/gen-gfx11-buffer-listing.sh --check
