#!/usr/bin/env bash
# Regenerates the gfx11 golden vectors in tests/vectors/gfx11/ from llvm-mc-19 (and the code-object
# listings from clang-19 + llvm-objdump-19). Needs the oracles; `cargo test` only reads the files.
#   opcodes.txt : every VALU opcode in every encoding it has (VOP1/VOP2/VOPC e32, VOP3/VOP3SD/VOP3P,
#                 their DPP16 and DPP8 forms, VOPD X x Y) and every scalar/memory opcode, wave32+64
#   random.txt  : seeded random words per encoding (accepted and rejected), wave32 and wave64
#   kernels/    : clang-19 gfx1100 code objects (as hex text) and their llvm-objdump-19 listings
# Line format: WAVE<TAB>hex dwords<TAB>llvm-mc text (or <invalid>).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=tests/vectors/gfx11
mkdir -p "$OUT/kernels"
python3 - "$OUT" <<'PY'
import os, sys
sys.path.insert(0, "data/rdna3/gen")
import mc, valu
out = sys.argv[1]
def rows(f, col=2):
    for ln in open("data/rdna3/" + f):
        if not ln.startswith("#"):
            c = ln.rstrip("\n").split("\t")
            yield c
cands = []
for enc in ("vop1", "vop2", "vopc", "vop3", "vop3p"):
    for c in rows(enc + ".txt"):
        op, tpl = int(c[0], 16), c[2]
        if enc in ("vop1", "vop2", "vopc"):
            vals = {"src0": 258}
            if enc != "vopc": vals["vdst"] = 1
            if enc != "vop1": vals["vsrc1"] = 3
        else:
            vals = {"vdst": 10 if "vdst:s" in tpl else 1, "src0": 258, "src1": 259, "src2": 260}
            if "sdst:" in tpl: vals["sdst"] = 20
            for f in ("src1", "src2"):
                if f + ":" not in tpl: vals[f] = 0
        cands.append(valu.make(enc, op, vals))
for c in rows("dpp.txt"):
    enc, op = c[0], int(c[1], 16)
    import dpp
    tpl = [r[2] for r in rows(enc + ".txt") if int(r[0], 16) == op][0]
    for kind in (16, 8):
        if c[2 if kind == 16 else 3] != "-":
            cands.append(dpp.base_words(enc, op, tpl, kind))
X = [int(c[1]) for c in rows("vopd.txt") if c[0] == "X"]
Y = [(int(c[1]), c[5]) for c in rows("vopd.txt") if c[0] == "Y"]
XZ = {int(c[1]) for c in rows("vopd.txt") if c[0] == "X" and c[5] != "-"}
for x in X:
    for y, z in Y:
        w0 = (0x32 << 26) | (x << 22) | (y << 17) | ((0 if x in XZ else 3) << 9) | 258
        w1 = (1 << 24) | (2 << 17) | ((0 if z != "-" else 6) << 9) | 261
        cands.append([w0, w1, 0x42280000])
import other
for enc in other.ENCS:
    for c in rows(enc + ".txt"):
        cands.append(other.make(enc, int(c[0], 16)))
with open(os.path.join(out, "opcodes.txt"), "w") as f:
    f.write("# gfx11 golden vectors, one per opcode and encoding form (scripts/rdna3-vectors.sh, llvm-mc-19).\n")
    for wave in (32, 64):
        r = mc.run(cands, wave)
        for ws, t in zip(cands, r):
            if t is not None and t.startswith("?"):
                continue
            f.write("%d\t%s\t%s\n" % (wave, " ".join("%08x" % w for w in ws), t if t is not None else "<invalid>"))
print(len(cands), "opcode vectors per wave")
PY
rm -f "$OUT/random.txt"
for w in 32 64; do
  RDNA3_VECTORS_OUT=$OUT/random.txt python3 data/rdna3/gen/diff.py /bin/false 20261122 120 $w /dev/null >/dev/null 2>&1 || true
done
sed -i '1i # gfx11 random golden vectors: seeded random words per encoding (scripts/rdna3-vectors.sh, llvm-mc-19).' "$OUT/random.txt"
# assembler: llvm-mc-19's own text of the vectors above, with llvm-mc's bytes for it
rm -f "$OUT/asm.txt"
echo "# gfx11 assembler vectors: WAVE<TAB>llvm-mc-19 text<TAB>llvm-mc-19 bytes (scripts/rdna3-vectors.sh)" > "$OUT/asm.txt"
RDNA3_ASM_VECTORS_OUT=$OUT/asm.txt python3 data/rdna3/gen/asmdiff.py /bin/false "$OUT/opcodes.txt" "$OUT/random.txt" >/dev/null || true
# code objects
for src in tests/vectors/gfx11/kernels/*.cl; do
  b=${src%.cl}
  for w in 32 64; do
    for o in O0 O2; do
      f=$b-w$w-$o
      clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -$o $( [ $w = 64 ] && echo -mwavefrontsize64 ) \
        -Xclang -finclude-default-header -c "$src" -o /tmp/rdna3k.o
      xxd -p /tmp/rdna3k.o > "$f.o.hex"
      llvm-objdump-19 -d $( [ $w = 64 ] && echo --mattr=+wavefrontsize64 ) /tmp/rdna3k.o | sed 's#/tmp/rdna3k.o#kernel.o#' > "$f.objdump.txt"
    done
  done
done
wc -l "$OUT"/*.txt
