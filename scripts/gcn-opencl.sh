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
# gfx600/gfx700 (llvm-objdump-19 cannot disassemble them): our listing of the object against
# clang-19's own -S output, instruction for instruction (branch targets are labels in -S,
# relocated operands are symbols: those operands are not compared).
m=0
for cl in examples/opencl/*.cl; do
  for cpu in gfx600 gfx700; do
    o="$OUT/$(basename "${cl%.cl}")-$cpu"
    clang-19 -target amdgcn-amd-amdhsa -mcpu=$cpu -nogpulib -O2 -c "$cl" -o "$o.o"
    clang-19 -target amdgcn-amd-amdhsa -mcpu=$cpu -nogpulib -O2 -S "$cl" -o "$o.s"
    "$BIN" "$o.o" > "$o.dis"
    if python3 - "$o.s" "$o.dis" <<'PY'
import re, sys
def insts(path, asm):
    out = []
    for l in open(path):
        if not l.startswith("\t") or l.startswith("\t."):
            continue
        t = re.split(r"\s*(//|;)", l.strip())[0].strip()
        if re.match(r"^[a-z_0-9]+( |$)", t):
            out.append(t)
    return out
a, b = insts(sys.argv[1], True), insts(sys.argv[2], False)
# Alignment padding between kernels (.p2align in -S) is s_nop 0 in the object.
c, pad = [], False
for t in b:
    if t == "s_endpgm":
        pad = True
    elif t != "s_nop 0":
        pad = False
    elif pad:
        continue
    c.append(t)
b = c
def norm(x, y):
    if "@" in x or re.match(r"s_(cbranch_\w+|branch)\b", x):
        return x.split(" ")[0], y.split(" ")[0]
    return x, y
bad = [(x, y) for x, y in zip(a, b) if norm(x, y)[0] != norm(x, y)[1]]
if len(a) != len(b) or bad:
    print("   ", len(a), len(b), bad[:3])
    sys.exit(1)
PY
    then m=$((m+1)); echo "same as clang -S: $o"; else fail=1; echo "DIFFERENT from clang -S: $o"; fi
  done
done
echo "$m gfx600/gfx700 listings match clang-19 -S instruction for instruction"
exit $fail
