#!/usr/bin/env python3
"""Turn the *.probe files (raw llvm-mc-19 probe results) into the data/gcn/<gen>/<enc>.txt tables.

Each table line: `OPCODE MNEMONIC TEMPLATE ZERO` (tab separated):
- TEMPLATE is the operand list as LLVM prints it, with each encoded field as `{field:NT}`:
  N registers wide, T the operand type that decides how constants print
  (i: 32/64-bit integer, f: 32/64-bit float, h: f16, w: 16-bit integer, p: packed 2 x f16, q: packed 2 x i16).
- ZERO lists the fields llvm-mc requires to be zero for this opcode (`-` if none).
Operand types come from the mnemonic's type suffixes (the CLRX tables use the same naming).
"""
import os, re, sys

D = os.path.join(os.path.dirname(__file__), "..")
TY = re.compile(r"^(f16|f32|f64|i16|u16|b16|i32|u32|b32|i64|u64|b64|i24|u24|i8|u8|i4|u4)$")


def tchar(t, n):
    if t is None:
        return "i"
    if t == "f16":
        return "h"
    if t in ("i16", "u16", "b16"):
        return "w"
    if t.startswith("f"):
        return "f"
    return "i"


def types_for(mn):
    m = mn
    for suf in ("_e32", "_e64", "_sdwa", "_dpp"):
        if m.endswith(suf):
            m = m[: -len(suf)]
    parts = m.split("_")
    toks = [p for p in parts if TY.match(p)]
    if m.startswith("v_pk_"):
        t = toks[-1] if toks else "b16"
        c = "p" if t == "f16" else "q"
        return c, c
    if m.startswith("v_mad_mix") or m.startswith("v_fma_mix"):
        return "f", "h"
    if m.startswith("v_cvt_") and len(toks) >= 2:
        return tchar(toks[0], 1), tchar(toks[1], 1)
    if m.startswith("v_cvt_pkrtz") or m.startswith("v_cvt_pknorm") or m.startswith("v_cvt_pk_"):
        return "i", tchar(toks[-1] if toks else None, 1)
    if len(toks) >= 2 and not m.startswith("v_cmp"):
        # e.g. v_mad_u64_u32: dst first type, sources last type; v_frexp_exp_i32_f32
        return tchar(toks[0], 1), tchar(toks[-1], 1)
    t = toks[-1] if toks else None
    return tchar(t, 1), tchar(t, 1)


PH = re.compile(r"\{(\w+):([vs])(\d+)\}")


def annotate(mn, tp):
    dt, st = types_for(mn)
    if mn.startswith("v_cmp") or mn.startswith("v_cmpx"):
        dt = "i"

    def rep(m):
        name, cls, n = m.group(1), m.group(2), int(m.group(3))
        t = dt if name in ("vdst", "sdst") else st
        if n == 2 and t in "hwpq":
            t = "f" if t in "hp" else "i"
        return "{%s:%d%s}" % (name, n, t)

    tp = PH.sub(rep, tp)
    return tp.replace("0xbf800005", "{k:1%s}" % st)


# Operand types that differ from the mnemonic's suffixes, as llvm-mc-19 prints constants there
# (found by scripts/gcn-operand-sweep.py): v_sat_pk_u8_i16 reads a 32-bit source (two i16), and
# v_mad_u32_u16/v_mad_i32_i16 add a 32-bit src2.
TYPE_FIXES = {
    "v_sat_pk_u8_i16": ("{src0:1w}", "{src0:1i}"),
    "v_mad_u32_u16": ("{src2:1w}", "{src2:1i}"),
    "v_mad_i32_i16": ("{src2:1w}", "{src2:1i}"),
}


def fix_types(mn, tp):
    for suf in ("_e32", "_e64", "_sdwa", "_dpp"):
        if mn.endswith(suf):
            mn = mn[: -len(suf)]
    if mn in TYPE_FIXES:
        tp = tp.replace(*TYPE_FIXES[mn])
    return tp


# probe.py's VOP3 probe registers: src0 = v8, src1 = v12, src2 = v16.
VOP3_SRC = {"8": "src0", "12": "src1", "16": "src2"}


def fix_vop3_sreg32(tp):
    # v_readlane_b32 (lane select) and v_writelane_b32 (value, lane select), gfx8+: LLVM's SReg_32
    # operands print the probe's VGPR with a note; they are 32-bit scalar sources (an SGPR, m0,
    # an inline constant ...), the operand as any other VOP3 source field.
    return re.sub(r"v(8|12|16)/\*Invalid register, operand has 'SReg_32' register class\*/",
                  lambda m: "{%s:s1}" % VOP3_SRC[m.group(1)], tp)


def fix_vop3_src2(tp):
    # v_cndmask_b32_e64 / v_addc_co_u32_e64: src2 is a 64-bit scalar source (printed as invalid for a VGPR probe)
    tp = tp.replace("v16 op_sel_hi:[1,1,1]", "{src2:v1}")
    return re.sub(r"v\[16:17\]/\*Invalid register[^*]*\*/", "{src2:s2}", tp)


def special(enc, mn, tp):
    """Immediates of SOPK/SOPP/SMEM get a printing kind: {simm16:branch|u16|hex|waitcnt|sendmsg|hwreg|gpridx}."""
    if enc == "sopk":
        tp = re.sub(r"hwreg\([^)]*\)", "{simm16:hwreg}", tp)
        tp = tp.replace("0x1234", "{simm16:hex}").replace("4660", "{simm16:branch}")
    elif enc == "sopc":
        tp = tp.replace("gpr_idx(SRC2,DST)", "{ssrc1:gpridx}")
    elif enc == "sopp":
        if tp.startswith("vmcnt"):
            tp = "{simm16:waitcnt}"
        elif tp.startswith("sendmsg"):
            tp = "{simm16:sendmsg}"
        elif tp.startswith("gpr_idx"):
            tp = "{simm16:gpridx}"
        elif tp == "3":
            tp = "{simm16:branch}" if ("branch" in mn or mn == "s_endpgm") else "{simm16:u16}"
    elif enc in ("smem", "smrd"):
        tp = tp.replace("0x10", "{offset}").replace("20, ", "{sdata:imm}, ")
        tp = re.sub(r"\{soff:\w+\}", "{offset}", tp)
    return tp


def main():
    for gen in ("gfx6", "gfx7", "gfx8", "gfx9", "gfx906"):
        d = os.path.join(D, gen)
        probes = {}
        for fn in sorted(os.listdir(d)):
            if fn.endswith(".probe"):
                rows = []
                for ln in open(os.path.join(d, fn)):
                    op, mn, tp, zero, ok, _ = ln.rstrip("\n").split("\t", 5)
                    rows.append([int(op, 16), mn, tp, zero[5:], ok[3:]])
                probes[fn[:-6]] = rows
        if "vop3b" in probes:
            b = {r[0]: r for r in probes.pop("vop3b")}
            for r in probes["vop3"]:
                rb = b.get(r[0])
                if rb and "{sdst:" in rb[2]:
                    r[2], r[3], r[4] = rb[2], rb[3], rb[4]
        for enc, rows in probes.items():
            with open(os.path.join(d, enc + ".txt"), "w") as f:
                f.write("# %s %s: opcode, mnemonic, operand template, fields that must be zero,\n" % (gen, enc))
                f.write("# bits llvm-mc accepts set (one mask per dword; a set bit outside them is rejected).\n")
                f.write("# Generated by data/gcn/gen/totables.py from llvm-mc-19 probes (probe.py).\n")
                for op, mn, tp, zero, ok in rows:
                    if enc == "sopk" and op >= 0x1D:
                        continue  # 0x1d-0x1f are the SOP1/SOPC/SOPP prefixes
                    if enc == "sop2" and op >= 0x60:
                        continue  # 0x60-0x7f carry the SOPK/SOP1/SOPC/SOPP prefixes
                    if enc == "vop2" and op >= 0x3E:
                        continue  # 0x3e/0x3f are the VOPC/VOP1 prefixes
                    if enc == "vop3" and gen in ("gfx9", "gfx906") and op >= 0x380:
                        continue  # the VOP3P prefix
                    if enc == "vop3":
                        tp = fix_vop3_sreg32(tp)
                    tp = fix_types(mn, special(enc, mn, annotate(mn, fix_vop3_src2(tp))))
                    f.write("0x%03x\t%s\t%s\t%s\t%s\n" % (op, mn, tp or "-", zero, ok))


main()
