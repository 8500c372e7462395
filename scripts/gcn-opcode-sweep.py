#!/usr/bin/env python3
"""Opcode sweep against llvm-mc-19: for every opcode of every GCN encoding, a few template words
(all fields zero, and variants that some opcodes need: gds, lds, offen, FLAT segments, a dmask,
SMEM imm/glc, VOP3 sources) go to llvm-mc-19 --disassemble and to gpuisa; an opcode llvm-mc decodes
in some variant must decode in gpuisa too, and the reverse. The random differential
(gcn-diff.sh) aims at table opcodes and cannot see an opcode the tables lack; this can (it found
ds_gws_* and ds_ordered_count, which decode only with gds set).
usage: scripts/gcn-opcode-sweep.py CPU GPUISA_LLVM_MC_BINARY   (exit 1 on any difference)"""
import subprocess, sys, re
cpu, gp = sys.argv[1], sys.argv[2]
# (name, base word0, opcode shift, opcode width, dwords, variants: list of (w0 or-mask, w1))
E = {
 "ds":    (0xD8000000, 17, 8, 2, [(0,0), (1<<16,0), (0, 0x01010101), (1<<16, 0x01010101)]),
 "mubuf": (0xE0000000, 18, 7, 2, [(0,0), (1<<16,0), (1<<14, 0), (0, 0x00000001)]),
 "mtbuf": (0xE8000000, 15, 4, 2, [(0,0), (1<<23,0)]),
 "mimg":  (0xF0000000, 18, 7, 2, [(1<<8,0), (0xf<<8,0), (1<<8|1<<12, 0), (3<<8, 0)]),
 "flat":  (0xDC000000, 18, 7, 2, [(0,0), (1<<14,0), (2<<14,0), (0, 0x007f0000), (2<<14, 0x007f0000), (1<<14, 0x007f0000)]),
 "smem":  (0xC0000000, 18, 8, 2, [(0,0), (1<<17,0), (1<<16,0), (1<<17|1<<16, 0)]),
 "sop1":  (0xBE800000, 8, 8, 1, [(0,0), (0x80,0)]),
 "sop2":  (0x80000000, 23, 7, 1, [(0,0)]),
 "sopk":  (0xB0000000, 23, 5, 1, [(0,0), (1,0)]),
 "sopc":  (0xBF000000, 16, 7, 1, [(0,0)]),
 "sopp":  (0xBF800000, 16, 7, 1, [(0,0), (1,0)]),
 "vop1":  (0x7E000000, 9, 8, 1, [(0x100,0), (0,0)]),
 "vop2":  (0x00000000, 25, 6, 1, [(0x100,0), (0,0)]),
 "vopc":  (0x7C000000, 17, 8, 1, [(0x100,0), (0,0)]),
 "vop3":  (0xD0000000, 16, 10, 2, [(0, 0x100), (0, 0x100|0x101<<9|0x102<<18), (0,0)]),
 "vop3p": (0xD3800000, 16, 7, 2, [(0, 0x100|0x101<<9|0x102<<18), (0, 0x18000000)]),
 "vintrp":(0xD4000000, 16, 2, 1, [(0,0)]),
}
cands = []
for name, (base, sh, wd, n, vs) in E.items():
    if name == "vop3p" and cpu == "gfx803": continue
    for op in range(1 << wd):
        for v0, v1 in vs:
            w0 = base | op << sh | v0
            ws = [w0] + ([v1] if n == 2 else [])
            cands.append((name, op, ws))
def llvm(lines):
    p = subprocess.run(["llvm-mc-19", "--disassemble", "-arch=amdgcn", "-mcpu=" + cpu], input="\n".join(lines) + "\n", capture_output=True, text=True)
    bad = set(int(m.group(1)) for m in re.finditer(r":(\d+):1: warning: invalid", p.stderr))
    return bad, p.returncode
lines = [",".join("0x%02x" % b for b in b"".join(w.to_bytes(4, "little") for w in ws)) for _, _, ws in cands]
bad, rc = llvm(lines)
llvm_ok = {}
for i, (name, op, ws) in enumerate(cands):
    ok = (i + 1) not in bad
    llvm_ok.setdefault((name, op), False)
    llvm_ok[(name, op)] |= ok
# gpuisa: one candidate per line via --bytes
import tempfile, os
fd, path = tempfile.mkstemp(suffix=".txt")
os.close(fd)
open(path, "w").write("\n".join(lines) + "\n")
p = subprocess.run([gp, "--arch", cpu, "--bytes", path], capture_output=True, text=True)
gbad = set(int(m.group(1)) for m in re.finditer(r":(\d+):1: warning: invalid", p.stderr))
g_ok = {}
for i, (name, op, ws) in enumerate(cands):
    g_ok.setdefault((name, op), False)
    g_ok[(name, op)] |= (i + 1) not in gbad
miss = sorted(k for k in llvm_ok if llvm_ok[k] and not g_ok[k])
extra = sorted(k for k in llvm_ok if g_ok[k] and not llvm_ok[k])
print(cpu, "llvm-only opcodes:", ["%s 0x%x" % k for k in miss])
print(cpu, "gpuisa-only opcodes:", ["%s 0x%x" % k for k in extra])
os.unlink(path)
sys.exit(1 if miss or extra else 0)
