#!/usr/bin/env python3
"""Derive the gfx6 (GCN 1.0) and gfx7 (GCN 1.1) tables. llvm-mc-19 cannot disassemble these
generations, but it assembles them: every instruction text of the gfx8/gfx9 probes (same register
numbers 8/12/16/20/24 in each field) is assembled for gfx600/gfx700 and the opcode is read back from
the encoding. Writes data/gcn/gfx6|gfx7/<enc>.probe like probe.py (accepted-bit masks all ones:
without a disassembler they cannot be probed)."""
import os, re, subprocess
from probe import templ

D = os.path.join(os.path.dirname(__file__), "..")

NAMES = {
    "sop2": {("s", 20): "sdst", ("s", 8): "ssrc0", ("s", 12): "ssrc1"},
    "vop": {("v", 20): "vdst", ("v", 8): "src0", ("v", 12): "vsrc1", ("s", 20): "vdst"},
    "vop3": {("v", 20): "vdst", ("s", 20): "vdst", ("v", 8): "src0", ("v", 12): "src1", ("v", 16): "src2", ("s", 24): "sdst",
             ("s", 16): "src2"},
    "smrd": {("s", 20): "sdata", ("s", 8): "sbase", ("s", 12): "soff"},
    "ds": {("v", 8): "addr", ("v", 12): "data0", ("v", 16): "data1", ("v", 20): "vdst"},
    "buf": {("v", 8): "vaddr", ("v", 12): "vdata", ("s", 16): "srsrc", ("s", 24): "ssamp", ("s", 20): "soffset"},
    "flat": {("v", 8): "addr", ("v", 12): "data", ("v", 20): "vdst", ("s", 16): "saddr"},
    "vintrp": {("v", 8): "vsrc", ("v", 20): "vdst"},
}


def classify(w0):
    if w0 >> 23 == 0x17D:
        return "sop1", (w0 >> 8) & 0xFF, "sop2"
    if w0 >> 23 == 0x17E:
        return "sopc", (w0 >> 16) & 0x7F, "sop2"
    if w0 >> 23 == 0x17F:
        return "sopp", (w0 >> 16) & 0x7F, "sop2"
    if w0 >> 25 == 0x3F:
        return "vop1", (w0 >> 9) & 0xFF, "vop"
    if w0 >> 25 == 0x3E:
        return "vopc", (w0 >> 17) & 0xFF, "vop"
    if w0 >> 31 == 0:
        return "vop2", (w0 >> 25) & 0x3F, "vop"
    if w0 >> 28 == 0xB:
        return "sopk", (w0 >> 23) & 0x1F, "sop2"
    if w0 >> 30 == 2:
        return "sop2", (w0 >> 23) & 0x7F, "sop2"
    if w0 >> 27 == 0x18:
        return "smrd", (w0 >> 22) & 0x1F, "smrd"
    p = w0 >> 26
    return {
        0x34: ("vop3", (w0 >> 17) & 0x1FF, "vop3"),
        0x32: ("vintrp", (w0 >> 16) & 3, "vintrp"),
        0x36: ("ds", (w0 >> 18) & 0xFF, "ds"),
        0x37: ("flat", (w0 >> 18) & 0x7F, "flat"),
        0x38: ("mubuf", (w0 >> 18) & 0x7F, "buf"),
        0x3A: ("mtbuf", (w0 >> 16) & 7, "buf"),
        0x3C: ("mimg", (w0 >> 18) & 0x7F, "buf"),
    }.get(p, (None, None, None))


def main():
    texts, zero, ok3 = [], {}, {}
    for gen in ("gfx8", "gfx9"):
        d = os.path.join(D, gen)
        # vop3b first: its texts carry the carry-out SGPR field (s[24:25]).
        for fn in sorted(os.listdir(d), key=lambda f: (f != "vop3b.probe", f)):
            if not fn.endswith(".probe") or fn.startswith(("scratch", "global", "vop3p")):
                continue
            for ln in open(os.path.join(d, fn)):
                c = ln.rstrip("\n").split("\t")
                op = int(c[0], 16)
                # Opcodes that are really another encoding's prefix (totables.py drops them too).
                if (fn == "sop2.probe" and op >= 0x60 or fn == "sopk.probe" and op >= 0x1D
                        or fn == "vop2.probe" and op >= 0x3E or fn == "vop3.probe" and gen == "gfx9" and op >= 0x380):
                    continue
                t = c[-1][2:]
                mn = c[1]
                zero.setdefault(mn, c[3][5:])
                if fn == "vop3.probe" and gen == "gfx8":
                    ok3[mn] = [int(x, 16) for x in c[4][3:].split(",")]
                if t not in texts:
                    texts.append(t)
    # gfx6/gfx7 spell the carry-out adds and a few others differently.
    extra = []
    for t in texts:
        for a, b in (("v_add_co_u32", "v_add_i32"), ("v_sub_co_u32", "v_sub_i32"), ("v_subrev_co_u32", "v_subrev_i32"),
                     ("v_addc_co_u32", "v_addc_u32"), ("v_subb_co_u32", "v_subb_u32"), ("v_subbrev_co_u32", "v_subbrev_u32"),
                     ("v_add_u32", "v_add_i32"), ("v_sub_u32", "v_sub_i32"), ("v_subrev_u32", "v_subrev_i32")):
            if t.startswith(a + "_") or t.startswith(a + " "):
                extra.append(b + t[len(a):])
    texts += [x for x in extra if x not in texts]
    # Carry-in forms, which the gfx8 probes print with an invalid-register note.
    texts += ["v_cndmask_b32_e64 v20, v8, v12, s[16:17]", "v_addc_u32_e64 v20, s[24:25], v8, v12, s[16:17]",
              "v_subb_u32_e64 v20, s[24:25], v8, v12, s[16:17]", "v_subbrev_u32_e64 v20, s[24:25], v8, v12, s[16:17]"]
    # GCN 1.0/1.1-only instructions (named in CLRX's GcnInstrs*.md, e.g. v_lshl_b64, v_min_legacy_f32):
    # try the usual operand shapes and keep what llvm-mc assembles.
    ref = os.environ.get("GCN_REF", "/work/shared/reference/gcn")
    names = set()
    if os.path.isdir(ref):
        for fn in os.listdir(ref):
            if fn.startswith("GcnInstrs"):
                names |= {m.lower() for m in re.findall(r"\b(?:V|S|DS|BUFFER|TBUFFER|IMAGE)_[A-Z0-9_]+\b", open(os.path.join(ref, fn)).read())}
    known = {t.split(" ")[0] for t in texts}
    shapes = ["v20, v8, v12", "v20, v8", "v20, v8, v12, v16", "v[20:21], v[8:9], v12", "v[20:21], v[8:9], v[12:13]",
              "v[20:21], v[8:9]", "v20, v[8:9]", "v[20:21], v8", "vcc, v8, v12", "v20, vcc, v8, v12",
              "v[20:21], v[8:9], v[12:13], v[16:17]", "s20, s8, s12", "s[20:21], s[8:9], s[12:13]", "s[20:21], s[8:9], s12",
              "s20, s8", "s[20:21], s[8:9]", "s20, s[8:9]", "v8, v12", "v20, v8, v12 offset:4", "v12, v8, s[16:19], s20 offen",
              "v12, v8, s[16:23], s[24:27] dmask:0x1", "v12, v8, s[16:23] dmask:0x1", ""]
    for n in sorted(names - known):
        for sh in shapes:
            texts.append((n + " " + sh).strip())
            if n.startswith("v_") and sh.startswith(("v", "s[20:21], v", "vcc")):
                texts.append((n + "_e64 " + sh.replace("vcc", "s[20:21]")).strip())
    for cpu, gen in (("gfx600", "gfx6"), ("gfx700", "gfx7")):
        r = subprocess.run(["llvm-mc-19", "-arch=amdgcn", "-mcpu=" + cpu, "--show-encoding"],
                           input="\n".join(texts) + "\n", capture_output=True, text=True)
        rows = {}
        for ln in r.stdout.splitlines():
            if "; encoding:" not in ln:
                continue
            t, _, enc = ln.partition("; encoding:")
            t = t.strip()
            bs = [int(x, 16) for x in re.findall(r"0x([0-9a-f]{2})", enc)]
            if len(bs) < 4:
                continue
            w0 = int.from_bytes(bytes(bs[:4]), "little")
            e, op, names = classify(w0)
            if e is None:
                continue
            mn, tp = templ(t, NAMES[names])
            key = (e, op)
            if key not in rows:
                rows[key] = (mn, tp, zero.get(mn, zero.get(mn.replace("_e32", "").replace("_e64", ""), "-")), t)
        d = os.path.join(D, gen)
        os.makedirs(d, exist_ok=True)
        by = {}
        for (e, op), v in rows.items():
            by.setdefault(e, []).append((op, v))
        for e, lst in by.items():
            with open(os.path.join(d, e + ".probe"), "w") as f:
                for op, (mn, tp, z, t) in sorted(lst):
                    ok = "ffffffff,ffffffff"
                    g8 = ok3.get(mn)
                    if e == "vop3" and g8:
                        # gfx8's accepted bits moved to the gfx6/gfx7 layout: vdst/abs in 0-10,
                        # clamp 15 -> 11, opcode at 17-25; the second dword is the same.
                        w0 = (g8[0] & 0x7FF) | ((g8[0] >> 15) & 1) << 11 | 0xD0000000 | op << 17
                        ok = "%08x,%08x" % (w0, g8[1])
                    f.write("0x%03x\t%s\t%s\tzero=%s\tok=%s\t# %s\n" % (op, mn, tp, z, ok, t))
            print(gen, e, len(lst))


main()
