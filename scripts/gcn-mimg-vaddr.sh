#!/usr/bin/env bash
# Probes llvm-mc-19 for the address (vaddr) sizes it accepts for every MIMG instruction of every
# GCN generation and writes data/gcn/asm/mimg-vaddr.txt (read by the assembler):
#   <gen> <mnemonic> <sizes in dwords, comma-separated>
# LLVM accepts a range of sizes per instruction (the minimum is the table's; extra coordinates
# for arrays, cubes, derivatives), not always contiguous (e.g. 2,3,4,5,8).
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - <<'PY'
import subprocess
out = ["# MIMG address sizes llvm-mc-19 accepts (scripts/gcn-mimg-vaddr.sh): gen mnemonic sizes"]
for gen, cpu in (("gfx6", "gfx600"), ("gfx7", "gfx700"), ("gfx8", "gfx802"), ("gfx9", "gfx900"), ("gfx906", "gfx906")):
    for l in open("data/gcn/%s/mimg.txt" % gen):
        if l.startswith("#"):
            continue
        r = l.split("\t")
        mn, ops = r[1], r[2]
        samp = ops.count("{") >= 3
        vd, dm = ("v[5:8]", "0x1") if "vdata:4" in ops else (("v[5:6]", "0x3") if "vdata:2" in ops else ("v5", "0x1"))
        lines = []
        for k in range(1, 17):
            a = "v1" if k == 1 else "v[1:%d]" % k
            lines.append("%s %s, %s, s[8:15]%s dmask:%s" % (mn, vd, a, ", s[16:19]" if samp else "", dm))
        ok = []
        for k, t in enumerate(lines, 1):
            p = subprocess.run(["llvm-mc-19", "-arch=amdgcn", "-mcpu=" + cpu, "-filetype=null"], input=t + "\n",
                               capture_output=True, text=True)
            if p.returncode == 0:
                ok.append(str(k))
        out.append("%s %s %s" % (gen, mn, ",".join(ok) if ok else "-"))
open("data/gcn/asm/mimg-vaddr.txt", "w").write("\n".join(out) + "\n")
PY
