#!/usr/bin/env bash
# Golden vectors for the madak/madmk (GCN) and fmaak/fmamk (gfx11, also VOPD) constant, which
# llvm-mc-19 always prints as the whole dword in hex, also when it equals an inline constant
# (random words almost never hit those values). Writes tests/vectors/kconst.txt: cpu, words,
# llvm-mc-19 text; checked by tests/kconst.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - <<'PY'
import subprocess
K = [0x3f800000, 0xbf800000, 0x3f000000, 0x40000000, 0x40800000, 0x3e22f983, 0, 1, 7, 64, 65,
     0xfffffff0, 0xffffffff, 0x3c00, 0xbc00, 0x3118, 0x4248, 0x00013c00, 0x40490fdb, 0x80000000]
OPS = {"gfx803": [0x17, 0x18, 0x24, 0x25], "gfx900": [0x17, 0x18, 0x24, 0x25], "gfx1100": [0x2c, 0x2d, 0x37, 0x38]}
out = ["# madak/madmk/fmaak/fmamk constants (scripts/gcn-kconst-vectors.sh): cpu, words, llvm-mc-19 text"]
for cpu, ops in OPS.items():
    words = []
    for op in ops:
        for k in K:
            words.append([op << 25 | 0x29 << 9 | 0x87 | 0x5f << 17, k])
    if cpu == "gfx1100":  # VOPD: v_dual_fmaak_f32 (opx 1) / v_dual_fmamk_f32 (opx 2) with v_dual_mov_b32
        for opx in (1, 2):
            for k in K:
                words.append([0xC8000000 | opx << 22 | 0x8 << 17 | 2 << 9 | 1, 0x00000103, k])
    for ws in words:
        line = ",".join("0x%02x" % b for w in ws for b in w.to_bytes(4, "little"))
        r = subprocess.run(["llvm-mc-19", "--disassemble", "-arch=amdgcn", "-mcpu=" + cpu], input=line + "\n",
                           capture_output=True, text=True)
        o = [x.strip() for x in r.stdout.splitlines() if x.strip() and x.strip() != ".text"]
        t = "<invalid>" if ":1:1: warning" in r.stderr or not o else o[0]
        out.append("%s\t%s\t%s" % (cpu, " ".join("%08x" % w for w in ws), t))
open("tests/vectors/kconst.txt", "w").write("\n".join(out) + "\n")
print(len(out) - 1, "vectors")
PY
