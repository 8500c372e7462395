#!/usr/bin/env bash
# Golden vectors for the MUBUF opcodes the gfx8/gfx9 probes missed (buffer_store_lds_dword,
# buffer_wbinvl1, buffer_wbinvl1_vol), the DS ones that need gds (ds_gws_*, ds_ordered_count)
# and the gfx6/gfx7 cache invalidations, from llvm-mc-19:
# for gfx803/gfx900/gfx906 the base word of each opcode, every single-bit flip of it and random
# fills are disassembled by llvm-mc-19 (text or <invalid>), and every accepted text is assembled
# by llvm-mc-19 --show-encoding; gfx600/gfx700 (no disassembler) get the assembler's words only.
# Writes tests/vectors/gcn-mubuf-extra.txt (cpu, words, llvm-mc text, llvm-mc's words for the
# text), checked by tests/gcn_mubuf_extra.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - <<'PY'
import random, re, subprocess
rng = random.Random(3)
def dis(cpu, ws):
    line = ",".join("0x%02x" % b for w in ws for b in w.to_bytes(4, "little"))
    r = subprocess.run(["llvm-mc-19", "--disassemble", "-arch=amdgcn", "-mcpu=" + cpu], input=line + "\n",
                       capture_output=True, text=True)
    o = [x.strip() for x in r.stdout.splitlines() if x.strip() and x.strip() != ".text"]
    return "<invalid>" if ":1:1: warning" in r.stderr or not o else o[0]
def asm(cpu, text):
    r = subprocess.run(["llvm-mc-19", "-arch=amdgcn", "-mcpu=" + cpu, "--show-encoding"], input=text + "\n",
                       capture_output=True, text=True)
    m = re.search(r"encoding: \[(.*)\]", r.stdout)
    if not m:
        return "error"
    bs = [int(x, 16) for x in m.group(1).split(",")]
    return " ".join("%08x" % int.from_bytes(bytes(bs[i:i + 4]), "little") for i in range(0, len(bs), 4))
out = ["# MUBUF and DS opcodes added by hand (scripts/gcn-mubuf-extra.sh): cpu, words, llvm-mc-19 text (or <invalid>), llvm-mc-19's words for that text"]
for cpu in ("gfx803", "gfx900", "gfx906"):
    for base in ((0xE0F50000, 0x00010000), (0xE0F80000, 0), (0xE0FC0000, 0)):
        cands = [list(base)]
        for dw in (0, 1):
            for bit in range(32):
                ws = list(base)
                ws[dw] ^= 1 << bit
                cands.append(ws)
        for _ in range(24):
            ws = [base[0] | rng.getrandbits(18) & rng.choice([0x0FFF, 0x2CFFF, 0x3FFFF]), rng.getrandbits(32) & rng.choice([0xFF7FFFFF, 0xFFFFFFFF])]
            cands.append(ws)
        for ws in cands:
            t = dis(cpu, ws)
            out.append("%s\t%s\t%s\t%s" % (cpu, " ".join("%08x" % w for w in ws), t, "-" if t == "<invalid>" else asm(cpu, t)))
    # DS: the GWS instructions and ds_ordered_count, which decode only with gds set.
    for op in (0x98, 0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0xbf):
        base = (0xD8000000 | op << 17 | 1 << 16, 0)
        cands = [list(base)]
        for dw in (0, 1):
            for bit in range(32 if dw else 17):
                ws = list(base)
                ws[dw] ^= 1 << bit
                cands.append(ws)
        for _ in range(8):
            cands.append([base[0] | rng.getrandbits(16), rng.getrandbits(32) & rng.choice([0x000000FF, 0xFF0000FF, 0xFFFFFFFF])])
        for ws in cands:
            t = dis(cpu, ws)
            out.append("%s\t%s\t%s\t%s" % (cpu, " ".join("%08x" % w for w in ws), t, "-" if t == "<invalid>" else asm(cpu, t)))
for cpu, texts in (("gfx600", ("buffer_wbinvl1", "buffer_wbinvl1_sc")), ("gfx700", ("buffer_wbinvl1", "buffer_wbinvl1_vol"))):
    for t in texts:
        out.append("%s\t%s\t%s\t%s" % (cpu, asm(cpu, t), t, asm(cpu, t)))
open("tests/vectors/gcn-mubuf-extra.txt", "w").write("\n".join(out) + "\n")
print(len(out) - 1, "vectors")
PY
