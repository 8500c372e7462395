"""Generates data/rdna3/{vop1,vop2,vopc,vop3,vop3p}.txt: the gfx11 VALU tables.

Facts come from two places: the opcode list, names and operand formats of
/work/shared/reference/rdna3/{opcodes,operands}.json (AMD's machine-readable RDNA3 spec), and
llvm-mc-19 probes that give llvm's mnemonic, operand order, register widths, fixed operands
(vcc_lo/vcc) and which modifier bits it accepts and prints. Every opcode value of each encoding is
probed (not only the JSON ones) so the table covers whatever llvm-mc-19 decodes.

Row format (tab separated):
  OP  MNEMONIC  TEMPLATE  MODS  OK  JSONNAME
TEMPLATE: comma separated operands; `field:class:n32:n64:type` for an encoded field
  (class v = VGPR field, h = VGPR field whose bit 7 selects the .h half, l = VGPR field of the
  low-128 class, x = 9-bit source, s = SGPR field, k = literal constant), `=text` for fixed text,
  `=vcc_lo|vcc` for wave-dependent text.
MODS: space separated modifiers llvm prints for this opcode (abs:MASK neg:MASK clamp omod
  opsel:N opselh:MASK negk:N ...), see crates/gpuisa-amdgpu/src/rdna3/table.rs.
OK: hex masks (one per dword, wave32;wave64) of bits llvm-mc accepts set.
"""
import json
import re
import sys
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mc  # noqa: E402

REF = os.environ.get("RDNA3_REF", "/work/shared/reference/rdna3")
OPC = json.load(open(os.path.join(REF, "opcodes.json")))
OPR = json.load(open(os.path.join(REF, "operands.json")))

FMT = {
    "F16": "f16", "BF16": "f16", "I16": "i16", "U16": "i16", "B16": "i16",
    "F32": "b32", "I32": "b32", "U32": "b32", "B32": "b32", "I24": "b32", "U24": "b32",
    "F64": "f64", "I64": "i64", "U64": "i64", "B64": "i64", "M64": "b32",
    "PK2_F16": "pkf", "PK2_BF16": "pki", "PK2_I16": "pki", "PK2_U16": "pki", "PK2_B16": "pki",
}


def fmt_type(f):
    f = f.replace("Fmt.FMT_NUM_", "").replace("Fmt.FMT_", "")
    if f.startswith("WMMA_DC_F16") or f.startswith("WMMA_DC_BF16"):
        return "pkf"
    if f.startswith("WMMA"):
        return "b32"
    return FMT.get(f, "b32")


def json_names(enum):
    m = {}
    for k, v in OPC.get(enum, {}).items():
        if isinstance(v, int):
            m.setdefault(v, re.sub(r"_E(32|64)$", "", k))
    return m


def json_types(enum, name):
    e = OPR.get(enum + "." + name, {})
    return {f: fmt_type(v[0]) for f, v in e.items()}


# encodings: (name, fixed value, words, opcode lo, opcode width, json enum)
def setf(ws, lo, width, val):
    d, b = lo // 32, lo % 32
    ws[d] = (ws[d] & ~(((1 << width) - 1) << b)) | ((val & ((1 << width) - 1)) << b)


REGV = re.compile(r"^(-?\|?)(v|s|ttmp)(\[(\d+):(\d+)\]|(\d+))(\.[lh])?(\|?)(/\*.*\*/)?$")


def tok_reg(t):
    m = REGV.match(t)
    if not m:
        return None
    if m.group(4):
        lo, n = int(m.group(4)), int(m.group(5)) - int(m.group(4)) + 1
    else:
        lo, n = int(m.group(6)), 1
    return m.group(2), lo, n, m.group(7), m.group(9)


def split_ops(text):
    """mnemonic, operands (comma separated), trailing modifiers."""
    if " " not in text:
        return text, [], []
    mn, rest = text.split(" ", 1)
    ops, cur, depth = [], "", 0
    i = 0
    while i < len(rest):
        c = rest[i]
        if rest.startswith("/*", i):
            j = rest.find("*/", i)
            j = len(rest) if j < 0 else j + 2
            cur += rest[i:j]
            i = j
            continue
        if c == "[":
            depth += 1
        elif c == "]":
            depth -= 1
        if c == "," and depth == 0 and rest.startswith(", ", i):
            ops.append(cur.strip())
            cur = ""
            i += 2
            continue
        cur += c
        i += 1
    ops.append(cur.strip())
    last = re.split(r" (?![^\[]*\])(?![^/]*\*/)", ops[-1])
    # a trailing `op_sel:[a,b]`-like token contains commas: rejoin
    ops[-1] = last[0]
    mods = last[1:]
    if ops[-1].startswith(("op_sel", "neg_lo", "neg_hi", "clamp", "mul:", "div:", "quad_perm", "row_", "dpp8", "bound_ctrl", "fi:")):
        mods = [ops.pop()] + mods
    return mn, ops, mods


def encode_words(fields, vals, nwords):
    ws = [0] * nwords
    for f, v in vals.items():
        lo, w = fields[f]
        setf(ws, lo, w, v)
    return ws


FIELD_VALS = {"vdst": (1, 10), "src0": (258, 12), "src1": (259, 14), "src2": (260, 16),
              "vsrc1": (3,), "sdst": (20,)}
# number printed -> field
NUM2F = {1: "vdst", 10: "vdst", 2: "src0", 12: "src0", 3: "src1", 14: "src1", 4: "src2", 16: "src2",
         20: "sdst"}

# name, fixed word0 bits, fixed mask, words, opcode (lo, width), json enum, fields {name: (lo, width)}
E32F = {"vdst": (17, 8), "src0": (0, 9), "vsrc1": (9, 8)}
V3F = {"vdst": (0, 8), "src0": (32, 9), "src1": (41, 9), "src2": (50, 9), "sdst": (8, 7)}
ENCS = {
    "vop1": (0x7E000000, 0xFE000000, 2, (9, 8), "VOP1Op", {"vdst": (17, 8), "src0": (0, 9)}),
    "vop2": (0x00000000, 0x80000000, 2, (25, 6), "VOP2Op", E32F),
    "vopc": (0x7C000000, 0xFE000000, 2, (17, 8), "VOPCOp", {"src0": (0, 9), "vsrc1": (9, 8)}),
    "vop3": (0xD4000000, 0xFC000000, 3, (16, 10), "VOP3Op", V3F),
    "vop3p": (0xCC000000, 0xFF000000, 3, (16, 7), "VOP3POp", V3F),
}
LIT = 0x4D2


def bases(enc, sd=False):
    if enc in ("vop1", "vop2", "vopc"):
        out = []
        for s0 in (258, 12):
            for vd in ((1,) if enc != "vopc" else (None,)):
                d = {"src0": s0}
                if vd is not None:
                    d["vdst"] = vd
                if enc != "vop1":
                    d["vsrc1"] = 3
                out.append(d)
        return out
    out = []
    for vd in (1, 10):
        for s0 in (258, 12):
            for s1 in (259, 14, 0):
                for s2 in (260, 16, 0):
                    d = {"vdst": vd, "src0": s0, "src1": s1, "src2": s2}
                    if sd:
                        d["sdst"] = 20
                    out.append(d)
    return out


def make(enc, op, vals, extra=()):
    val, mask, nw, (olo, ow), _, fields = ENCS[enc]
    ws = [0] * nw
    ws[0] = val
    setf(ws, olo, ow, op)
    for f, v in vals.items():
        lo, w = fields[f]
        setf(ws, lo, w, v)
    if enc == "vop3p":
        ws[1] |= 3 << 27  # opsel_hi default 1,1
        ws[0] |= 1 << 14  # opsel_hi2
    ws[nw - 1] = LIT
    for (lo, w, v) in extra:
        setf(ws, lo, w, v)
    return ws


def template(text32, text64, vals, jtypes, enc):
    mn, ops, mods = split_ops(text32)
    mn64, ops64, _ = split_ops(text64) if text64 else (mn, ops, [])
    out = []
    for i, t in enumerate(ops):
        t64 = ops64[i] if i < len(ops64) else t
        r = tok_reg(t)
        if t == "0x4d2":
            ty = jtypes.get("src0", "b32")
            if "fmaak" in mn or "fmamk" in mn:
                ty = jtypes.get("vdst", "b32")
            out.append("k:k:1:1:" + ty)
            continue
        if r:
            kind, lo, n, half, cmt = r
            f = NUM2F.get(lo)
            if f == "src1" and "src1" not in vals and "vsrc1" in vals:
                f = "vsrc1"
            if f is None or f not in vals or vals[f] % 256 != lo and not (f == "vdst" and vals[f] == lo):
                out.append("=" + t if t == t64 else "=" + t + "|" + t64)
                continue
            r64 = tok_reg(t64)
            n64 = r64[2] if r64 else n
            if f in ("src0", "src1", "src2"):
                cls = "y" if half else "x"
            elif f == "vsrc1":
                cls = "h" if half else "v"
            elif half:
                cls = "h"
            elif kind == "s":
                cls = "s"
            else:
                cls = "v"
            jf = f
            if f == "src1" and "src1" not in jtypes and "vsrc1" in jtypes:
                jf = "vsrc1"
            ty = jtypes.get(jf, "b32")
            out.append("%s:%s:%d:%d:%s" % (f, cls, n, n64, ty))
        else:
            out.append("=" + t if t == t64 else "=" + t + "|" + t64)
    return mn, out, mods


# (field value, literal) probes that tell an operand's type by how llvm prints constants
TYPROBES = [(255, 0x12345678), (255, 0x3C00), (242, LIT), (248, LIT), (255, 0x40000000), (255, 0x3F800000)]


def classify(g):
    if g[3] == "0.15915494309189532":
        return "f64" if g[4] == "2.0" else "i64"
    if g[0] == "0x5678":
        return "i16" if g[2] == "0x3c00" else "f16"
    if g[1] == "1.0":
        return "pkf"
    if g[5] == "1.0":
        return "b32"
    return "pki"


HEADER = """# gfx11 %s: opcode, llvm mnemonic, operand template, modifiers, accepted bits (wave32;wave64), AMD name.
# Generated by data/rdna3/gen/valu.py from /work/shared/reference/rdna3/*.json and llvm-mc-19 probes.
"""


def lst_len(t, key):
    m = re.search(key + r":\[([^\]]*)\]", t or "")
    return len(m.group(1).split(",")) if m else 0


def derive_mods(enc, base, pr, sd):
    if enc in ("vop1", "vop2", "vopc"):
        return []
    ok = lambda t: t is not None and not t.startswith("?")
    out = []
    absm = negm = 0
    for i in range(3):
        a, n = pr.get("abs%d" % i), pr.get("neg%d" % i)
        if not sd and ok(a) and "|" in a.split(" ", 1)[-1] and "|" not in base.split(" ", 1)[-1]:
            absm |= 1 << i
        if ok(n) and "neg_lo" not in n and n != base:
            _, ops, _ = split_ops(n)
            if any(o.startswith("-") for o in ops):
                negm |= 1 << i
    if absm:
        out.append("abs:%d" % absm)
    if negm:
        out.append("neg:%d" % negm)
    if ok(pr.get("clamp")) and " clamp" in pr["clamp"]:
        out.append("clamp")
    if enc == "vop3" and ok(pr.get("omod")) and "mul:2" in pr["omod"]:
        out.append("omod")
    sext = 0
    for i in range(3):
        n = pr.get("neg%d" % i)
        if ok(n) and "sext(" in n:
            sext |= 1 << i
    if sext:
        out.append("sext:%d" % sext)
    if not sd:
        n = max(lst_len(pr.get("opsel%d" % i), "op_sel") for i in range(4))
        msk = sum(1 << i for i in range(4) if lst_len(pr.get("opsel%d" % i), "op_sel"))
        if n:
            out.append("opsel:%d:%d" % (n, msk))
    if enc == "vop3p":
        n = lst_len(pr.get("neg0"), "neg_lo") or lst_len(pr.get("neg1"), "neg_lo")
        if n:
            out.append("neglo:%d" % n)
        n = lst_len(pr.get("abs0"), "neg_hi") or lst_len(pr.get("abs1"), "neg_hi")
        if n:
            out.append("neghi:%d" % n)
        n = max(lst_len(pr.get("opselhi0"), "op_sel_hi"), lst_len(pr.get("opselhi2"), "op_sel_hi"), lst_len(base, "op_sel_hi"))
        if n:
            out.append("opselhi:%d:%d" % (n, 0 if "op_sel_hi" in base else 1))
    return out


def main():
    outdir = sys.argv[1]
    for enc in ENCS:
        val, mask, nw, (olo, ow), enum, fields = ENCS[enc]
        names = json_names(enum)
        nops = 1 << ow
        sdops = set(v for v in OPC["VOP3SDOp"].values() if isinstance(v, int)) if enc == "vop3" else set()
        bl = bases(enc)
        bsd = bases(enc, True)
        cands = [make(enc, op, b) for op in range(nops) for b in (bsd if op in sdops else bl)]
        r32 = mc.run(cands, 32)
        rows = {}
        for op in range(nops):
            lst = bsd if op in sdops else bl
            good = [(b, r32[op * len(bl) + bi]) for bi, b in enumerate(lst)]
            good = [(b, t) for b, t in good if t and not t.startswith("?")]
            clean = [(b, t) for b, t in good if "/*" not in t]
            if clean or good:
                rows[op] = (clean or good)[0]
        ops = sorted(rows)
        r64 = mc.run([make(enc, op, rows[op][0]) for op in ops], 64)
        # modifier / half-register probes: (name, extra fields)
        probes = []
        if enc in ("vop1", "vop2", "vopc"):
            for f in ("vdst", "src0", "vsrc1"):
                probes.append(("hi", f))
        else:
            for i in range(3):
                probes.append(("abs%d" % i, [(8 + i, 1, 1)]))
                probes.append(("neg%d" % i, [(61 + i, 1, 1)]))
            probes.append(("clamp", [(15, 1, 1)]))
            probes.append(("omod", [(59, 2, 1)]))
            for i in range(4 if enc == "vop3" else 3):
                probes.append(("opsel%d" % i, [(11 + i, 1, 1)]))
            if enc == "vop3p":
                probes.append(("opselhi0", [(59, 1, 0)]))
                probes.append(("opselhi2", [(14, 1, 0)]))
                for i in range(3):
                    probes.append(("neghi%d" % i, [(8 + i, 1, 1)]))
        srcf = ["src0"] if enc in ("vop1", "vop2", "vopc") else ["src0", "src1", "src2"]
        for f in srcf:
            probes.append(("vg", f))
            probes.append(("sg", f))
            probes.append(("ic", f))
            for kk in range(len(TYPROBES)):
                probes.append(("ty%d" % kk, f))
        pc = []
        for op in ops:
            b = rows[op][0]
            for name, extra in probes:
                if name == "hi":
                    b2 = dict(b)
                    if extra in b2 and (extra != "src0" or b2["src0"] >= 256):
                        b2[extra] = b2[extra] + 128
                    pc.append(make(enc, op, b2))
                elif name.startswith("ty"):
                    b2 = dict(b)
                    fv, lv = TYPROBES[int(name[2:])]
                    b2[extra] = fv
                    pc.append(make(enc, op, b2, [(32 * (nw - 1), 32, lv)]))
                elif name in ("vg", "sg", "ic"):
                    b2 = dict(b)
                    b2[extra] = {"vg": FIELD_VALS[extra][0], "sg": FIELD_VALS[extra][1], "ic": 129}[name]
                    pc.append(make(enc, op, b2))
                else:
                    pc.append(make(enc, op, b, extra))
        rp = mc.run(pc, 32)
        # accepted bits: flip every non-opcode bit of the base
        flips = []
        fl_bits = [bit for bit in range(32 * (nw - 1)) if not (bit < 32 and (mask >> bit) & 1) and not (olo <= bit < olo + ow)]
        for op in ops:
            base = make(enc, op, rows[op][0])
            for bit in fl_bits:
                w = list(base)
                w[bit // 32] ^= 1 << (bit % 32)
                flips.append(w)
        fr32 = mc.run(flips, 32)
        fr64 = mc.run(flips, 64)
        lines = []
        for k, op in enumerate(ops):
            b, t = rows[op]
            jn = names.get(op, "-")
            if jn == "-" and enc == "vop3":
                jn = json_names("VOP3SDOp").get(op, "-")
            jt = json_types(enum, jn) if jn != "-" else {}
            if enc == "vop3" and not jt:
                jt = json_types("VOP3SDOp", jn)
            mn, tpl, mods = template(t, r64[k], b, jt, enc)
            # operand types from how llvm prints constants in each source
            for i, tk in enumerate(tpl):
                p = tk.split(":")
                if p[0] not in srcf or len(p) < 5:
                    continue
                got = {}
                for pi, (name, pf) in enumerate(probes):
                    if name.startswith("ty") and pf == p[0]:
                        pt = rp[k * len(probes) + pi]
                        if pt and not pt.startswith("?"):
                            _, pops, _ = split_ops(pt)
                            if i < len(pops):
                                got[int(name[2:])] = re.sub(r"/\*.*\*/", "", pops[i])
                if len(got) == len(TYPROBES):
                    p[4] = classify(got)
                    tpl[i] = ":".join(p)
            hidx = [i for i, p in enumerate(probes) if p[0] in ("hi", "vg", "sg", "ic")]
            for hi_i in hidx:
                ht = rp[k * len(probes) + hi_i]
                if ht and not ht.startswith("?"):
                    _, hops, _ = split_ops(ht)
                    for i, tk in enumerate(hops):
                        if i >= len(tpl) or tpl[i].startswith("="):
                            continue
                        p = tpl[i].split(":")
                        pname, pf = probes[hi_i]
                        if p[0] != pf:
                            continue
                        while len(p) < 6:
                            p.append("")
                        flags = [x for x in p[5].split("/") if x]
                        if pname == "ic":
                            if "Invalid immediate" in tk and "I" not in flags:
                                flags.append("I")
                            p[5] = "/".join(flags)
                            tpl[i] = ":".join(p).rstrip(":")
                            continue
                        r = tok_reg(tk)
                        if not r:
                            continue
                        if pname == "hi" and r[3] and enc in ("vop1", "vop2", "vopc"):
                            p[1] = {"v": "h", "x": "y"}.get(p[1], p[1])
                        if r[4] and "'" in r[4]:
                            cls = r[4].split("'")[1]
                            if p[1] in ("v", "h"):
                                p[1] = "l"
                                flags = [x for x in flags if not x.startswith("V=")] + ["V=" + cls]
                            elif r[0] == "v" and not any(x.startswith("V=") for x in flags):
                                flags.append("V=" + cls)
                            elif r[0] != "v" and not any(x.startswith("S=") for x in flags):
                                flags.append("S=" + cls)
                        p[5] = "/".join(flags)
                        tpl[i] = ":".join(p).rstrip(":")
            mset = []
            for pi, (name, extra) in enumerate(probes):
                pt = rp[k * len(probes) + pi]
                if pt is None or pt.startswith("?"):
                    mset.append(name + "=!")
                elif pt != t:
                    mset.append(name + "=" + pt.replace("\t", " "))
            ok = []
            for wv, fr in ((32, fr32), (64, fr64)):
                base = make(enc, op, b)
                m = list(base)
                for bi, bit in enumerate(fl_bits):
                    if fr[k * len(fl_bits) + bi] is not None:
                        m[bit // 32] |= 1 << (bit % 32)
                for bit in range(32 * (nw - 1)):
                    if (bit < 32 and (mask >> bit) & 1) or olo <= bit < olo + ow:
                        m[bit // 32] |= 1 << (bit % 32)
                ok.append(",".join("%08x" % x for x in m[:nw - 1]))
            md = derive_mods(enc, t, dict((p[0], rp[k * len(probes) + i]) for i, p in enumerate(probes)), op in sdops)
            lines.append("\t".join(["0x%03x" % op, mn, ",".join(tpl) or "-", " ".join(md) or "-",
                                    ";".join(ok), jn, "|".join(mset) or "-"]))
        with open(os.path.join(os.environ.get("RDNA3_PROBE_DIR", "/tmp"), enc + ".probe.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        with open(os.path.join(outdir, enc + ".txt"), "w") as f:
            f.write(HEADER % enc)
            f.write("\n".join("\t".join(l.split("\t")[:6]) for l in lines) + "\n")
        print(enc, len(ops), "opcodes", file=sys.stderr)


if __name__ == "__main__":
    main()
