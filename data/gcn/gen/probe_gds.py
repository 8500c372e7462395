#!/usr/bin/env python3
"""Probes llvm-mc-19 for the DS instructions it decodes only with gds set (the GWS family and
ds_ordered_count): for each opcode, the mnemonic, the accepted-bit masks from single-bit flips of a
word with gds set, and a sample text. The rows in data/gcn/gfx8|gfx9/ds.txt marked hand-added come
from this. usage: python3 data/gcn/gen/probe_gds.py gfx900"""
import subprocess, sys, re

cpu = sys.argv[1]
def dis(wss):
    """llvm-mc-19's text of each word list, or None where it reports an invalid encoding (one
    process per list: after an invalid word llvm-mc decodes the rest of the line as more words)."""
    res = []
    for ws in wss:
        line = ",".join("0x%02x" % b for b in b"".join(w.to_bytes(4, "little") for w in ws))
        p = subprocess.run(["llvm-mc-19", "--disassemble", "-arch=amdgcn", "-mcpu=" + cpu],
                           input=line + "\n", capture_output=True, text=True)
        outs = [l.strip() for l in p.stdout.splitlines() if l.strip() and l.strip() != ".text"]
        res.append(None if ":1:1: warning: invalid" in p.stderr or not outs else outs[0])
    return res

for op in list(range(0x98, 0x9e)) + [0xbf]:
    base = [0xD8000000 | op << 17 | 1 << 16, 0]
    name = dis([base])[0].split()[0]
    cands = [(d, b) for d in range(2) for b in (range(16) if d == 0 else range(32))]
    res = dis([[base[0] ^ (1 << b if d == 0 else 0), base[1] ^ (1 << b if d == 1 else 0)] for d, b in cands])
    m = list(base)
    for (d, b), t in zip(cands, res):
        if t and t.split()[0] == name: m[d] |= 1 << b
    print("0x%03x\t%s\t%08x,%08x\t%s" % (op, name, m[0], m[1], dis([[base[0] | 0x8, (m[1] & 0x05040302)]])[0]))
