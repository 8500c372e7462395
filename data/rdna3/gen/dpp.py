"""Generates data/rdna3/dpp.txt: which VALU opcodes have DPP16/DPP8 forms on gfx11, their llvm
mnemonics, the abs/neg bits llvm prints from the DPP dword (VOP1/VOP2/VOPC) and the bits llvm-mc
accepts set (wave32;wave64, per dword). Probed with llvm-mc-19 on top of the VALU tables.

Row: ENC OP DPP16_MNEMONIC DPP8_MNEMONIC ABS NEG OK16 OK8
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mc  # noqa: E402
import valu  # noqa: E402

DATA = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DPP16 = 0xFF0000E4 | 2  # row_mask 0xf, bank_mask 0xf, quad_perm [0,1,2,3], vsrc0 v2
DPP8 = 0xFAC688 << 8 | 2  # lanes 0..7, vsrc0 v2


def rows(enc):
    out = []
    for ln in open(os.path.join(DATA, enc + ".txt")):
        if ln.startswith("#"):
            continue
        c = ln.rstrip("\n").split("\t")
        out.append((int(c[0], 16), c[1], c[2]))
    return out


def base_words(enc, op, tpl, kind):
    """Words of a DPP form of `op` (kind 16 or 8)."""
    src0 = 250 if kind == 16 else 233
    dw = DPP16 if kind == 16 else DPP8
    if enc in ("vop1", "vop2", "vopc"):
        vals = {"src0": src0}
        if enc != "vopc":
            vals["vdst"] = 1
        if enc != "vop1":
            vals["vsrc1"] = 3
        ws = valu.make(enc, op, vals)
        ws[1] = dw
        return ws[:2] + [0]
    vals = {"vdst": 10 if "vdst:s" in tpl else 1, "src0": src0, "src1": 259, "src2": 260}
    if "sdst:" in tpl:
        vals["sdst"] = 20
    if "src2:" not in tpl:
        vals["src2"] = 0
    if "src1:" not in tpl:
        vals["src1"] = 0
    ws = valu.make(enc, op, vals)
    ws[2] = dw
    return ws


def main():
    out = []
    for enc in ("vop1", "vop2", "vopc", "vop3", "vop3p"):
        rs = rows(enc)
        nw = 2 if enc in ("vop1", "vop2", "vopc") else 3
        cands = []
        for op, mn, tpl in rs:
            cands.append(base_words(enc, op, tpl, 16))
            cands.append(base_words(enc, op, tpl, 8))
        res = mc.run(cands)
        have = []
        for i, (op, mn, tpl) in enumerate(rs):
            t16, t8 = res[2 * i], res[2 * i + 1]
            ok16 = t16 is not None and not t16.startswith("?") and (" quad_perm" in t16)
            ok8 = t8 is not None and not t8.startswith("?") and " dpp8:" in t8
            if ok16 or ok8:
                have.append((op, mn, tpl, t16 if ok16 else None, t8 if ok8 else None))
        # abs/neg bits of the DPP dword (e32 forms), and accepted bits
        probes = []
        pbits = (52, 53, 54, 55) if nw == 2 else (61, 8, 62, 9, 63, 10)
        for op, mn, tpl, t16, t8 in have:
            b = base_words(enc, op, tpl, 16)
            for bit in pbits:
                w = list(b)
                w[bit // 32] |= 1 << (bit % 32)
                probes.append(w)
        pr = mc.run(probes)
        flips = []
        nbits = 32 * nw
        for op, mn, tpl, t16, t8 in have:
            for kind in (16, 8):
                b = base_words(enc, op, tpl, kind)
                for bit in range(nbits):
                    w = list(b)
                    w[bit // 32] ^= 1 << (bit % 32)
                    flips.append(w)
        f32 = mc.run(flips, 32)
        f64 = mc.run(flips, 64)
        # VOP3P DPP: is src1 VGPR-only (llvm comments an SGPR there)?
        vg = []
        for op, mn, tpl, t16, t8 in have:
            b = base_words(enc, op, tpl, 16)
            b[1] = (b[1] & ~(0x1FF << 9)) | (14 << 9)
            vg.append(b)
        vgr = mc.run(vg) if enc == "vop3p" else [None] * len(have)
        for i, (op, mn, tpl, t16, t8) in enumerate(have):
            absm = negm = sext = 0
            for j, bit in enumerate(pbits):
                t = pr[len(pbits) * i + j]
                if t and not t.startswith("?") and t != t16 and t16:
                    src = j // 2
                    if j % 2 == 1 and "|" in t:
                        absm |= 1 << src
                    if j % 2 == 0 and "sext(" in t:
                        sext |= 1 << src
                    elif j % 2 == 0 and "-" in t.split(" ", 1)[-1]:
                        negm |= 1 << src
            oks = []
            for kind_i, kind in enumerate((16, 8)):
                b = base_words(enc, op, tpl, kind)
                per = []
                for fr in (f32, f64):
                    m = list(b[:nw])
                    for bit in range(nbits):
                        idx = (i * 2 + kind_i) * nbits + bit
                        if fr[idx] is not None:
                            m[bit // 32] |= 1 << (bit % 32)
                    per.append(",".join("%08x" % x for x in m))
                oks.append(";".join(per))
            m16 = t16.split(" ")[0] if t16 else "-"
            m8 = t8.split(" ")[0] if t8 else "-"
            out.append("\t".join([enc, "0x%03x" % op, m16, m8, str(absm), str(negm), oks[0], oks[1], str(sext),
                                 "src1vgpr" if vgr[i] and "Invalid register" in vgr[i] else "-"]))
        print(enc, len(have), "opcodes with DPP", file=sys.stderr)
    with open(os.path.join(DATA, "dpp.txt"), "w") as f:
        f.write("# gfx11 DPP forms: encoding, opcode, DPP16 mnemonic, DPP8 mnemonic, abs bits, neg bits (DPP dword for VOP1/2/C, VOP3 word for _e64_dpp),\n")
        f.write("# accepted bits DPP16 (wave32;wave64), accepted bits DPP8, sext bits, src1vgpr (VOP3P DPP src1 is VGPR-only). Generated by data/rdna3/gen/dpp.py (llvm-mc-19 probes).\n")
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
