#!/usr/bin/env bash
# The AMD assembler against llvm-mc-19, live: (1) the corpus (tests/asm-corpus) is what clang-19 -S
# and llvm-mc-19 give now, and gpuisa's object of every .s equals llvm-mc-19's (sections,
# relocations, symbols: scripts/amd-asm-vectors.sh check); (2) for gfx803, gfx900 and gfx1100
# gpuisa's and llvm-mc-19's objects of emu.cl link with ld.lld-19 and run saxpy on the emulator
# with the same, correct, result; (3) `gpuisa asm --filetype hsaco` (linked in one step) against
# ld.lld-19 -shared of llvm-mc-19's object: the same addresses and bytes of .text, .rodata and
# .note, the same program headers, the same dynamic and global symbols (value, size, type,
# binding, visibility, section), the same llvm-objdump-19 -d listing, and the same saxpy result
# on the emulator. Exits non-zero on any disagreement.
set -euo pipefail
cd "$(dirname "$0")/.."
for t in clang-19 llvm-mc-19 ld.lld-19 python3; do
  command -v $t >/dev/null || { echo "ci-amd-asm: $t missing, skipped"; exit 0; }
done
[ -d /usr/lib/x86_64-linux-gnu/amdgcn/bitcode ] || { echo "ci-amd-asm: rocm-device-libs missing, skipped"; exit 0; }
cargo build -q --release -p gpuisa-cli
BIN=${CARGO_TARGET_DIR:-target}/release/gpuisa
GPUISA=$BIN scripts/amd-asm-vectors.sh check
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
python3 - "$T" <<'PY'
import struct, sys
t = sys.argv[1]
open(f"{t}/x.bin", "wb").write(struct.pack("<256f", *[i * 0.37 - 7.0 for i in range(256)]))
open(f"{t}/y.bin", "wb").write(struct.pack("<256f", *[(i % 13) + 0.1 for i in range(256)]))
PY
for cpu in gfx803 gfx900 gfx1100; do
  s=tests/asm-corpus/emu-$cpu.s
  "$BIN" asm --arch $cpu "$s" --filetype obj -o "$T/ours.o"
  llvm-mc-19 -triple amdgcn-amd-amdhsa -mcpu=$cpu -filetype=obj "$s" -o "$T/theirs.o"
  "$BIN" asm --arch $cpu "$s" --filetype hsaco -o "$T/direct.hsaco"
  for w in ours theirs; do
    ld.lld-19 -shared "$T/$w.o" -o "$T/$w.hsaco"
  done
  python3 scripts/amd-hsaco-compare.py "$T/direct.hsaco" "$T/theirs.hsaco" || { echo "ci-amd-asm: $cpu: --filetype hsaco differs from ld.lld-19's"; exit 1; }
  diff <(llvm-objdump-19 -d --mcpu=$cpu "$T/direct.hsaco" | tail -n +3) <(llvm-objdump-19 -d --mcpu=$cpu "$T/theirs.hsaco" | tail -n +3) >/dev/null || { echo "ci-amd-asm: $cpu: llvm-objdump-19 lists --filetype hsaco differently"; exit 1; }
  for w in ours theirs direct; do
    "$BIN" run "$T/$w.hsaco" --kernel saxpy --grid 4 --block 64 --arg f32:1.75 --arg "file:$T/x.bin" --arg "file:$T/y.bin" --out-dir "$T/out-$w" >/dev/null
  done
  cmp "$T/out-ours/arg2.bin" "$T/out-theirs/arg2.bin" || { echo "ci-amd-asm: $cpu: linked objects run differently"; exit 1; }
  cmp "$T/out-direct/arg2.bin" "$T/out-theirs/arg2.bin" || { echo "ci-amd-asm: $cpu: --filetype hsaco runs differently"; exit 1; }
  python3 - "$T" "$cpu" <<'PY'
import struct, sys
t, cpu = sys.argv[1], sys.argv[2]
x = struct.unpack("<256f", open(f"{t}/x.bin", "rb").read())
y0 = struct.unpack("<256f", open(f"{t}/y.bin", "rb").read())
y = struct.unpack("<256f", open(f"{t}/out-ours/arg2.bin", "rb").read())
f = lambda v: struct.unpack("<f", struct.pack("<f", v))[0]
# gfx803 has no fast f32 fma (v_mac: product and sum round apart); gfx9/gfx11 fuse (v_fma).
for i in range(256):
    want = f(f(1.75 * x[i]) + y0[i]) if cpu == "gfx803" else f(1.75 * x[i] + y0[i])
    assert abs(y[i] - want) <= abs(want) * 1e-6, (cpu, i, y[i], want)
print(f"ci-amd-asm: {cpu}: gpuisa's and llvm-mc-19's objects link (ld.lld-19, and gpuisa --filetype hsaco) and run saxpy alike")
PY
done
