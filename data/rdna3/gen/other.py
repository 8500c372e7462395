"""Generates the gfx11 tables of the scalar, memory, export and interpolation encodings:
data/rdna3/{sop1,sop2,sopc,sopk,sopp,smem,ds,flat,global,scratch,mubuf,mtbuf,mimg,vinterp,vopdx,vopdy}.txt

Every opcode value of each encoding is probed with llvm-mc-19; names and operand formats are
cross-checked with /work/shared/reference/rdna3/opcodes.json (the AMD name is the last column).
Row: OP MNEMONIC TEMPLATE OK NAME. TEMPLATE lists the operands llvm prints, `field:n32:n64` for an
encoded register field (n = registers), `simm16:KIND` for a 16-bit immediate, `=text` for fixed text.
OK: bits llvm-mc accepts set (wave32;wave64, per dword).
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mc  # noqa: E402
from valu import split_ops, tok_reg, setf  # noqa: E402

REF = os.environ.get("RDNA3_REF", "/work/shared/reference/rdna3")
OPC = json.load(open(os.path.join(REF, "opcodes.json")))
DATA = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# name: (word0 fixed value, dwords, opcode (lo, width), json enum, fields {name: (lo, width, probe value, printed number)})
ENCS = {
    "sop2": (0x80000000, 1, (23, 7), "SOP2Op", {"sdst": (16, 7, 10, 10), "ssrc0": (0, 8, 12, 12), "ssrc1": (8, 8, 14, 14)}),
    "sop1": (0xBE800000, 1, (8, 8), "SOP1Op", {"sdst": (16, 7, 10, 10), "ssrc0": (0, 8, 12, 12)}),
    "sopc": (0xBF000000, 1, (16, 7), "SOPCOp", {"ssrc0": (0, 8, 12, 12), "ssrc1": (8, 8, 14, 14)}),
    "sopk": (0xB0000000, 1, (23, 5), "SOPKOp", {"sdst": (16, 7, 10, 10), "simm16": (0, 16, 0x1234, None)}),
    "sopp": (0xBF800000, 1, (16, 7), "SOPPOp", {"simm16": (0, 16, 0x1234, None)}),
    "smem": (0xF4000000, 2, (18, 8), "SMEMOp", {"sdata": (6, 7, 16, 16), "sbase": (0, 6, 2, 4), "soffset": (57, 7, 124, None), "offset": (32, 21, 0x10, None)}),
    "ds": (0xD8000000, 2, (18, 8), "DSOp", {"vdst": (56, 8, 1, 1), "addr": (32, 8, 2, 2), "data0": (40, 8, 3, 3), "data1": (48, 8, 4, 4)}),
    "flat": (0xDC000000, 2, (18, 7), "FLATOp", {"vdst": (56, 8, 1, 1), "addr": (32, 8, 2, 2), "data": (40, 8, 4, 4), "saddr": (48, 7, 124, None)}),
    "scratch": (0xDC010000, 2, (18, 7), "SCRATCHOp", {"vdst": (56, 8, 1, 1), "addr": (32, 8, 2, 2), "data": (40, 8, 4, 4), "saddr": (48, 7, 124, None), "sve": (55, 1, 1, None)}),
    "global": (0xDC020000, 2, (18, 7), "GLOBALOp", {"vdst": (56, 8, 1, 1), "addr": (32, 8, 2, 2), "data": (40, 8, 4, 4), "saddr": (48, 7, 124, None)}),
    "mubuf": (0xE0000000, 2, (18, 8), "MUBUFOp", {"vdata": (40, 8, 1, 1), "vaddr": (32, 8, 2, 2), "srsrc": (48, 5, 2, 8), "soffset": (56, 8, 12, 12), "offen": (54, 1, 1, None)}),
    "mtbuf": (0xE8000000, 2, (15, 4), "MTBUFOp", {"vdata": (40, 8, 1, 1), "vaddr": (32, 8, 2, 2), "srsrc": (48, 5, 2, 8), "soffset": (56, 8, 12, 12), "offen": (54, 1, 1, None), "format": (19, 7, 1, None)}),
    "mimg": (0xF0000000, 2, (18, 8), "MIMGOp", {"vdata": (40, 8, 1, 1), "vaddr": (32, 8, 20, 20), "srsrc": (48, 5, 2, 8), "ssamp": (58, 5, 4, 16), "dmask": (8, 4, 1, None)}),
    "vinterp": (0xCD000000, 2, (16, 7), "VINTERPOp", {"vdst": (0, 8, 1, 1), "src0": (32, 9, 258, 2), "src1": (41, 9, 259, 3), "src2": (50, 9, 260, 4)}),
}


def json_names(enum):
    m = {}
    for k, v in OPC.get(enum, {}).items():
        if isinstance(v, int):
            m.setdefault(v, re.sub(r"_E(32|64)$", "", k))
    return m


def make(enc, op, over=None):
    val, nw, (olo, ow), _, fields = ENCS[enc]
    ws = [0] * (nw + 1)
    ws[0] = val
    setf(ws, olo, ow, op)
    for f, (lo, w, pv, _) in fields.items():
        v = pv if over is None or f not in over else over[f]
        setf(ws, lo, w, v)
    ws[nw] = 0x4D2  # a literal, if the instruction takes one
    return ws


def simm_kind(text, mn):
    """How a 16-bit immediate 0x1234 printed: the printer kind."""
    ops = text.split(" ", 1)[1] if " " in text else ""
    if "hwreg(" in ops:
        return "hwreg"
    if "sendmsg(" in ops:
        return "sendmsg"
    if "vmcnt(" in ops or "lgkmcnt(" in ops or "expcnt(" in ops:
        return "waitcnt"
    if "instid0(" in ops or "instskip(" in ops:
        return "delay"
    if "depctr" in mn:
        return "depctr"
    if mn.startswith("s_sendmsg"):
        return "sendmsg"
    if mn == "s_version":
        return "version"
    if "branch" in mn or mn.startswith("s_call"):
        return "branch"
    if "4660" in ops:
        return "dec"
    if "0x1234" in ops:
        return "hex"
    return "none"


def template(enc, text, text64):
    fields = ENCS[enc][4]
    num2f = {pn: f for f, (_, _, _, pn) in fields.items() if pn is not None}
    text = re.sub(r"\(([^)]*)\)", lambda m: "(" + m.group(1).replace(", ", ";") + ")", text)
    text64 = re.sub(r"\(([^)]*)\)", lambda m: "(" + m.group(1).replace(", ", ";") + ")", text64 or "")
    mn, ops, mods = split_ops(text)
    _, ops64, _ = split_ops(text64) if text64 else (mn, ops, [])
    out = []
    for i, t in enumerate(ops):
        t64 = ops64[i] if i < len(ops64) else t
        r = tok_reg(t)
        if t.startswith("hwreg("):
            out.append("hwreg")
            continue
        if t.startswith("sendmsg(") and enc == "sop1":
            out.append("rtnmsg")
            continue
        if enc == "smem" and t == "16" and i == 0:
            out.append("sdataimm")
            continue
        if r and r[1] in num2f:
            r64 = tok_reg(t64)
            out.append("%s:%d:%d" % (num2f[r[1]], r[2], r64[2] if r64 else r[2]))
        elif "simm16" in fields and i == len(ops) - 1 and ("0x1234" in t or "4660" in t or "(" in t or t.lstrip("-").isdigit()):
            out.append("simm16:" + simm_kind(text, mn))
        elif t == "0x4d2":
            out.append("lit")
        elif enc == "smem" and t in ("0x10", "null"):
            out.append("soffset")
        elif t == t64:
            out.append("=" + t)
        else:
            out.append("=" + t + "|" + t64)
    if "simm16" in fields and not any(o.startswith("simm16") for o in out) and mn.startswith("s_"):
        # immediates printed only when non-zero or in a form we did not recognise
        pass
    return mn, out


def main():
    only = sys.argv[1:] or list(ENCS)
    for enc in only:
        val, nw, (olo, ow), enum, fields = ENCS[enc]
        names = json_names(enum)
        ops_all = list(range(1 << ow))
        r32 = mc.run([make(enc, op) for op in ops_all], 32)
        alt = {}
        # alternates when the default probe is rejected: zero the optional fields one by one
        retry = [op for op in ops_all if r32[op] is None or r32[op].startswith("?")]
        import itertools
        alts = []
        fl = [f for f in fields if f not in ("offset", "sve", "format", "dmask")]
        for k in range(1, len(fl) + 1):
            for sub in itertools.combinations(fl, k):
                alts.append({f: 0 for f in sub})
        if enc == "smem":
            alts.append({"sbase": 0, "sdata": 8})
        if enc in ("mubuf", "mtbuf"):
            alts.append({"vdata": 0})
        rc = []
        for op in retry:
            for a in alts:
                rc.append(make(enc, op, a))
        rr = mc.run(rc, 32)
        k = 0
        for op in retry:
            for a in alts:
                t = rr[k]
                k += 1
                if op not in alt and t and not t.startswith("?"):
                    alt[op] = (a, t)
        rows = {}
        for op in ops_all:
            t = r32[op]
            if t and not t.startswith("?"):
                rows[op] = (None, t)
            elif op in alt:
                rows[op] = alt[op]
        ops = sorted(rows)
        r64 = mc.run([make(enc, op, rows[op][0]) for op in ops], 64)
        nb = 32 * nw
        flips = []
        for op in ops:
            b = make(enc, op, rows[op][0])
            for bit in range(nb):
                w = list(b)
                w[bit // 32] ^= 1 << (bit % 32)
                flips.append(w)
        f32 = mc.run(flips, 32)
        f64 = mc.run(flips, 64)
        # constants in a source that llvm marks `/*Invalid immediate*/`
        badimm = {}
        for f in ("ssrc0", "ssrc1"):
            if f in fields:
                rr2 = mc.run([make(enc, op, dict(rows[op][0] or {}, **{f: 129})) for op in ops], 32)
                for i, op in enumerate(ops):
                    if rr2[i] and "Invalid immediate" in rr2[i]:
                        badimm.setdefault(op, set()).add(f)
        small = mc.run([make(enc, op, dict(rows[op][0] or {}, simm16=2)) for op in ops], 32) if "simm16" in fields else [None] * len(ops)
        lines = []
        for i, op in enumerate(ops):
            a, t = rows[op]
            mn, tpl = template(enc, t, r64[i])
            if small[i] and not small[i].endswith("0x2"):
                tpl = ["simm16:u16" if x == "simm16:hex" else x for x in tpl]
            tpl = [x + ":I" if x.split(":")[0] in badimm.get(op, ()) else x for x in tpl]
            oks = []
            for fr in (f32, f64):
                m = make(enc, op, a)[:nw]
                for bit in range(nb):
                    if fr[i * nb + bit] is not None:
                        m[bit // 32] |= 1 << (bit % 32)
                oks.append(",".join("%08x" % x for x in m))
            lines.append("\t".join(["0x%03x" % op, mn, ",".join(tpl) or "-", ";".join(oks), names.get(op, "-"),
                                    t.replace("\t", " ")]))
        with open(os.path.join(DATA, enc + ".txt"), "w") as f:
            f.write("# gfx11 %s: opcode, llvm mnemonic, operand template, accepted bits (wave32;wave64), AMD name, probe text.\n" % enc)
            f.write("# Generated by data/rdna3/gen/other.py from llvm-mc-19 probes and /work/shared/reference/rdna3/opcodes.json.\n")
            f.write("\n".join(lines) + "\n")
        print(enc, len(ops), "opcodes;", len(names), "in the reference", file=sys.stderr)


if __name__ == "__main__":
    main()
