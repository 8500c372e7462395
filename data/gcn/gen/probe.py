#!/usr/bin/env python3
"""Derive the gfx8/gfx9 opcode tables of data/gcn/ by probing llvm-mc-19.

For every opcode of every encoding, one probe word is built with distinct register numbers in each
field (8, 12, 16, 20, 24) and disassembled by llvm-mc-19; the printed operand list is turned into a
template where each register becomes a `{field:width}` placeholder. Mnemonics were cross-checked
against CLRX's GcnInstrs*.md tables (shared/reference/gcn). Run: python3 data/gcn/gen/probe.py
"""
import re, subprocess, sys, os

MC = "llvm-mc-19"
OUT = os.path.join(os.path.dirname(__file__), "..")
MARK = 0xBF800005  # s_nop 5, after each probe


def run_mc(cpu, probes):
    """probes: list of lists of dwords, each followed by a marker dword (s_nop 5) so that an
    instruction needing a literal finds one. Outputs are matched to probes by byte position."""
    lines, starts, pos = [], {}, 0
    line_of = {}
    for i, p in enumerate(probes):
        bs = b"".join(w.to_bytes(4, "little") for w in p + [MARK])
        lines.append(",".join("0x%02x" % b for b in bs))
        starts[pos] = i
        line_of[len(lines)] = pos
        pos += len(bs)
    src = "\n".join(lines) + "\n"
    r = subprocess.run([MC, "--disassemble", "-arch=amdgcn", "-mcpu=" + cpu, "--show-encoding"],
                       input=src.encode(), capture_output=True)
    bad = set()
    for m in re.finditer(r"<stdin>:(\d+):(\d+): warning: invalid", r.stderr.decode()):
        ln, col = int(m.group(1)), int(m.group(2))
        bad.add(line_of[ln] + (col - 1) // 5)
    res = [None] * len(probes)
    pos = 0
    for ln in r.stdout.decode().splitlines():
        ln = ln.strip()
        if not ln or ln.startswith(".text"):
            continue
        while pos in bad:
            pos += 4
        text, _, enc = ln.partition(";")
        n = enc.count("0x")
        i = starts.get(pos)
        if i is not None and n >= 4 * len(probes[i]):
            res[i] = text.strip()
        pos += n
    return res


REG = re.compile(r"^(v|s|ttmp)(\d+)$|^(v|s|ttmp)\[(\d+):(\d+)\]$")


def templ(text, fields):
    """fields: dict regnum -> name. Replace registers by {name:cls width}."""
    mn, _, ops = text.partition(" ")
    if not ops:
        return mn, ""
    parts = []
    # split on ", " at top level then also spaces (modifiers)
    toks = ops.split(", ")
    out = []
    for t in toks:
        m = REG.match(t.strip())
        if m:
            if m.group(1):
                cls, lo, hi = m.group(1), int(m.group(2)), int(m.group(2))
            else:
                cls, lo, hi = m.group(3), int(m.group(4)), int(m.group(5))
            name = fields.get((cls, lo))
            if name:
                out.append("{%s:%s%d}" % (name, cls, hi - lo + 1))
                continue
        out.append(t)
    return mn, ", ".join(out)


def gen_table(cpu, nop, base, fields, names):
    """base(op) -> list of dwords with every field zero; fields: list of (name, dword, shift, value).
    Every subset of fields is probed; the largest accepted subset says which fields the
    instruction uses (they appear in the text) and which must be zero (llvm-mc rejects them)."""
    import itertools
    probes, keys = [], []
    k = len(fields)
    for op in range(nop):
        for mask in range(1 << k):
            w = list(base(op))
            for i, (fname, dw, sh, val) in enumerate(fields):
                if mask >> i & 1:
                    w[dw] |= val << sh
            probes.append(w)
            keys.append((op, mask))
    res = run_mc(cpu, probes)
    best = {}
    for (op, mask), t, w in zip(keys, res, probes):
        if t is None:
            continue
        b = best.get(op)
        if b is None or bin(mask).count("1") > bin(b[0]).count("1"):
            best[op] = (mask, t, w)
    # Which single bits may be set on top of the best probe (llvm-mc still accepts the word)?
    flips, fkeys = [], []
    for op in sorted(best):
        w = best[op][2]
        for dw in range(len(w)):
            for bit in range(32):
                if w[dw] >> bit & 1:
                    continue
                x = list(w)
                x[dw] |= 1 << bit
                flips.append(x)
                fkeys.append((op, dw, bit))
    fres = run_mc(cpu, flips)
    ok = {op: [w for w in best[op][2]] for op in best}
    for (op, dw, bit), t in zip(fkeys, fres):
        if t is not None:
            ok[op][dw] |= 1 << bit
    rows = []
    for op in sorted(best):
        mask, t, w = best[op]
        mn, tp = templ(t, names)
        zero = [fields[i][0] for i in range(k) if not mask >> i & 1]
        rows.append((op, mn, tp, zero, t, ok[op]))
    return rows


def V(n):
    return 256 + n


def tables(cpu):
    T = {}
    fs = {("s", 20): "sdst", ("s", 8): "ssrc0", ("s", 12): "ssrc1"}
    T["sop2"] = gen_table(cpu, 128, lambda op: [0x80000000 | op << 23],
                          [("sdst", 0, 16, 20), ("ssrc0", 0, 0, 8), ("ssrc1", 0, 8, 12)], fs)
    T["sopk"] = gen_table(cpu, 32, lambda op: [0xB0000000 | op << 23],
                          [("sdst", 0, 16, 20), ("simm16", 0, 0, 0x1234)], fs)
    T["sop1"] = gen_table(cpu, 256, lambda op: [0xBE800000 | op << 8],
                          [("sdst", 0, 16, 20), ("ssrc0", 0, 0, 8)], fs)
    T["sopc"] = gen_table(cpu, 128, lambda op: [0xBF000000 | op << 16],
                          [("ssrc0", 0, 0, 8), ("ssrc1", 0, 8, 12)], fs)
    T["sopp"] = gen_table(cpu, 128, lambda op: [0xBF800000 | op << 16], [("simm16", 0, 0, 3)], fs)
    fv = {("v", 20): "vdst", ("v", 8): "src0", ("v", 12): "vsrc1", ("s", 20): "vdst"}
    T["vop2"] = gen_table(cpu, 64, lambda op: [op << 25],
                          [("vdst", 0, 17, 20), ("src0", 0, 0, V(8)), ("vsrc1", 0, 9, 12)], fv)
    T["vop1"] = gen_table(cpu, 256, lambda op: [0x7E000000 | op << 9],
                          [("vdst", 0, 17, 20), ("src0", 0, 0, V(8))], fv)
    T["vopc"] = gen_table(cpu, 256, lambda op: [0x7C000000 | op << 17],
                          [("src0", 0, 0, V(8)), ("vsrc1", 0, 9, 12)], fv)
    f3 = {("v", 20): "vdst", ("s", 20): "vdst", ("v", 8): "src0", ("v", 12): "src1", ("v", 16): "src2",
          ("s", 24): "sdst"}
    v3f = [("vdst", 0, 0, 20), ("src0", 1, 0, V(8)), ("src1", 1, 9, V(12)), ("src2", 1, 18, V(16))]
    T["vop3"] = gen_table(cpu, 1024, lambda op: [0xD0000000 | op << 16, 0], v3f, f3)
    T["vop3b"] = gen_table(cpu, 1024, lambda op: [0xD0000000 | op << 16, 0], v3f + [("sdst", 0, 8, 24)], f3)
    if cpu.startswith("gfx9"):
        T["vop3p"] = gen_table(cpu, 128, lambda op: [0xD3800000 | op << 16 | 0x4000, 0x18000000], v3f, f3)
    fs2 = {("s", 20): "sdata", ("s", 8): "sbase", ("s", 12): "soff"}
    T["smem"] = gen_table(cpu, 256, lambda op: [0xC0000000 | op << 18 | 1 << 17, 0x10],
                          [("sdata", 0, 6, 20), ("sbase", 0, 0, 4)], fs2)
    have = {r[0] for r in T["smem"]}
    extra = gen_table(cpu, 256, lambda op: [0xC0000000 | op << 18, 12],
                      [("sdata", 0, 6, 20), ("sbase", 0, 0, 4)], fs2)
    T["smem"] = sorted(T["smem"] + [r for r in extra if r[0] not in have])
    fd = {("v", 8): "addr", ("v", 12): "data0", ("v", 16): "data1", ("v", 20): "vdst"}
    T["ds"] = gen_table(cpu, 256, lambda op: [0xD8000000 | op << 17, 0],
                        [("addr", 1, 0, 8), ("data0", 1, 8, 12), ("data1", 1, 16, 16), ("vdst", 1, 24, 20)], fd)
    fm = {("v", 8): "vaddr", ("v", 12): "vdata", ("s", 16): "srsrc", ("s", 24): "ssamp", ("s", 20): "soffset"}
    mf = [("vaddr", 1, 0, 8), ("vdata", 1, 8, 12), ("srsrc", 1, 16, 4), ("soffset", 1, 24, 20)]
    T["mubuf"] = gen_table(cpu, 128, lambda op: [0xE0000000 | op << 18 | 1 << 12, 0], mf, fm)
    T["mtbuf"] = gen_table(cpu, 16, lambda op: [0xE8000000 | op << 15 | 1 << 19 | 1 << 12, 0], mf, fm)
    T["mimg"] = gen_table(cpu, 128, lambda op: [0xF0000000 | op << 18 | 1 << 8, 0],
                          [("vaddr", 1, 0, 8), ("vdata", 1, 8, 12), ("srsrc", 1, 16, 4), ("ssamp", 1, 21, 6)], fm)
    ff = {("v", 8): "addr", ("v", 12): "data", ("v", 20): "vdst", ("s", 16): "saddr"}
    flf = [("addr", 1, 0, 8), ("data", 1, 8, 12), ("vdst", 1, 24, 20)]
    for seg, name in ((0, "flat"), (1, "scratch"), (2, "global")):
        if seg and not cpu.startswith("gfx9"):
            continue
        T[name] = gen_table(cpu, 128, lambda op, seg=seg: [0xDC000000 | op << 18 | seg << 14, (0x7F if seg else 0) << 16], flf, ff)
        if seg:
            T[name + "_saddr"] = gen_table(cpu, 128, lambda op, seg=seg: [0xDC000000 | op << 18 | seg << 14, 16 << 16], flf, ff)
    fi = {("v", 8): "vsrc", ("v", 20): "vdst"}
    T["vintrp"] = gen_table(cpu, 4, lambda op: [0xD4000000 | op << 16], [("vdst", 0, 18, 20), ("vsrc", 0, 0, 8)], fi)
    return T


def main():
    for cpu, gen in (("gfx900", "gfx9"), ("gfx906", "gfx906"), ("gfx803", "gfx8")):
        T = tables(cpu)
        d = os.path.join(OUT, gen)
        os.makedirs(d, exist_ok=True)
        for enc, rows in T.items():
            with open(os.path.join(d, enc + ".probe"), "w") as f:
                for op, mn, tp, zero, t, ok in rows:
                    f.write("0x%03x\t%s\t%s\tzero=%s\tok=%s\t# %s\n" % (op, mn, tp, ",".join(zero) or "-", ",".join("%08x" % x for x in ok), t))
            print(cpu, enc, len(rows))


if __name__ == "__main__":
    main()
