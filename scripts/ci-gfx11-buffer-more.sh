#!/usr/bin/env bash
# CI: the llvm-mc-19 words committed in crates/gpuisa-amdgpu/tests/emu_gfx11_buffer_more.rs (the
# `LLVM` table: swizzled, TFE and buffer_load_lds_* instructions, which the test also compares with
# gpuisa's assembler) must be what llvm-mc-19 -mcpu=gfx1100 encodes now (skips, exit 0 with a
# note, without llvm-mc-19).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v llvm-mc-19 >/dev/null; then
  echo "ci-gfx11-buffer-more: llvm-mc-19 not installed, check skipped"; exit 0
fi
python3 - <<'PY'
import re, subprocess, sys
src = open("crates/gpuisa-amdgpu/tests/emu_gfx11_buffer_more.rs").read()
table = src[src.index("const LLVM"):]
table = table[: table.index("];")]
rows = re.findall(r'\(\s*"([^"]+)",\s*\[([^\]]*)\]', table)
if len(rows) < 10:
    sys.exit(f"ci-gfx11-buffer-more: only {len(rows)} rows found")
asm = "".join(t + "\n" for t, _ in rows)
out = subprocess.run(
    ["llvm-mc-19", "-arch=amdgcn", "-mcpu=gfx1100", "-show-encoding"],
    input=asm, capture_output=True, text=True, check=True,
).stdout
enc = re.findall(r"encoding: \[([^\]]*)\]", out)
bad = 0
for (text, committed), got in zip(rows, enc):
    c = [int(x, 16) for x in committed.replace(" ", "").split(",") if x]
    g = [int(x, 16) for x in got.split(",")]
    if c != g:
        bad += 1
        print(f"{text}: committed {committed}, llvm-mc-19 {got}")
if len(enc) != len(rows):
    sys.exit(f"ci-gfx11-buffer-more: {len(rows)} rows, {len(enc)} encodings")
if bad:
    sys.exit(f"ci-gfx11-buffer-more: {bad} of {len(rows)} differ")
print(f"ci-gfx11-buffer-more: {len(rows)} encodings agree with llvm-mc-19")
PY
