#!/usr/bin/env python3
"""Golden vectors for the gfx8/gfx9 VOP3 v_readlane_b32/v_writelane_b32 assembler
(tests/vectors/gcn-lane-asm.txt, checked by tests/gcn_asm_rules.rs).

For gfx803, gfx900 and gfx906: llvm-mc-19 disassembles 3610 words of the two opcodes (every vdst,
src0, src1 and src2 value, each modifier bit); every distinct text it prints without a note is
assembled again by llvm-mc-19. One line per text: ARCH, TEXT, llvm-mc-19's words (hex dwords) or
`error: MESSAGE`. Run: python3 scripts/gcn-lane-vectors.py > tests/vectors/gcn-lane-asm.txt
"""
import re, subprocess, sys

MC = "llvm-mc-19"


def words():
    out = []
    for op in (0x289, 0x28A):
        v = 257 if op == 0x289 else 1
        w0 = lambda d, x=0: 0xD0000000 | op << 16 | d | x
        w1 = lambda a, b, c=0, x=0: a | b << 9 | c << 18 | x
        out += [[w0(d), w1(v, 2)] for d in range(256)]
        out += [[w0(5), w1(s, 2)] for s in range(512)]
        out += [[w0(5), w1(v, s)] for s in range(512)]
        out += [[w0(5), w1(v, 124 if s % 2 else 3, s)] for s in range(512)]
        out += [[w0(5, 1 << b), w1(v, 2)] for b in range(8, 16)]
        out += [[w0(5), w1(v, 2, 0, 1 << b)] for b in range(27, 32)]
    return out


def disassemble(cpu, ws):
    src = "\n".join(",".join("0x%02x" % b for w in x for b in w.to_bytes(4, "little")) for x in ws)
    r = subprocess.run([MC, "--disassemble", "-arch=amdgcn", "-mcpu=" + cpu], input=src + "\n",
                       capture_output=True, text=True)
    return [ln.strip() for ln in r.stdout.splitlines() if ln.strip() and not ln.strip().startswith(".")]


def assemble(cpu, text):
    r = subprocess.run([MC, "-arch=amdgcn", "-mcpu=" + cpu, "--show-encoding"], input=text + "\n",
                       capture_output=True, text=True)
    m = re.search(r"error: (.*)", r.stderr)
    if m:
        return "error: " + m.group(1).strip()
    b = [int(x, 16) for x in re.search(r"encoding: \[([^\]]*)\]", r.stdout).group(1).split(",")]
    return " ".join("%08x" % int.from_bytes(bytes(b[i:i + 4]), "little") for i in range(0, len(b), 4))


def main():
    ws = words()
    print("# gfx8/gfx9 VOP3 v_readlane_b32/v_writelane_b32: llvm-mc-19's disassembly re-assembled by")
    print("# llvm-mc-19 (scripts/gcn-lane-vectors.py): arch, text, words or error.")
    for cpu in ("gfx803", "gfx900", "gfx906"):
        texts = [t for t in dict.fromkeys(disassemble(cpu, ws))
                 if "/*" not in t and "lane_b32" in t]
        for t in texts:
            print("%s\t%s\t%s" % (cpu, t, assemble(cpu, t)))


main()
