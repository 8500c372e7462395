//! VOP1/VOP2/VOPC, VOP3/VOP3SD/VOP3P, their DPP16/DPP8 forms and VOPD, printed from a TInst.

use super::code;
use super::operands::{print_operands, vop3_mods_suffix, vop3p_suffix};
use crate::fields::Encoding as E;
use crate::gcn::inst::{Ext, TInst};
use crate::rdna3::dpp::{dpp_row, write_ctrl};
use crate::rdna3::table::{table, Class, Enc, Field, Operand, Row, Ty};
use std::fmt::Write;

fn venc(t: &TInst) -> Enc {
    match t.g11.enc {
        Some(E::Vop1) => Enc::Vop1,
        Some(E::Vopc) => Enc::Vopc,
        Some(E::Vop3) => Enc::Vop3,
        Some(E::Vop3p) => Enc::Vop3p,
        _ => Enc::Vop2,
    }
}

/// The 9-bit source field `k` as encoded: scalar codes back in gfx11's numbering and, for a
/// true16 operand of VOP1/VOP2/VOPC, bit 7 of the VGPR field back from op_sel (`true16_halves`).
fn src_field(t: &TInst, k: usize, e32: bool) -> u32 {
    let v = code(t.src[k]);
    if e32 && v >= 256 && t.opsel >> k & 1 != 0 {
        v + 128
    } else {
        v
    }
}

/// The DPP suffix: control, masks, bound_ctrl, fi (DPP16) or the lane selects (DPP8).
fn dpp_suffix(t: &TInst, out: &mut String) {
    if t.ext == Ext::Dpp {
        write_ctrl(out, t.dpp.ctrl as u32);
        let _ = write!(
            out,
            " row_mask:0x{:x} bank_mask:0x{:x}",
            t.dpp.row_mask, t.dpp.bank_mask
        );
        if t.dpp.bound_ctrl {
            out.push_str(" bound_ctrl:1");
        }
    } else {
        out.push_str(" dpp8:[");
        for i in 0..8 {
            if i > 0 {
                out.push(',');
            }
            out.push(char::from(b'0' + ((t.ext_word >> (8 + 3 * i)) & 7) as u8));
        }
        out.push(']');
    }
    if t.offset1 & 1 != 0 {
        out.push_str(" fi:1");
    }
}

/// The destination's operand class (V, H or L), when the row has one.
fn vdst_class(row: &Row) -> Option<Class> {
    row.operands.iter().find_map(|o| match *o {
        Operand::Field {
            field: Field::Vdst,
            class,
            ..
        } => Some(class),
        _ => None,
    })
}

/// VOP1, VOP2, VOPC and their DPP16/DPP8 forms (`_e32`, `_dpp`).
pub(super) fn e32(t: &TInst, out: &mut String) {
    let enc = venc(t);
    let Some(row) = table(enc).get(t.g11.opcode as u32) else {
        return;
    };
    // The destination's bit 7 (true16 high half): part of the field for an H-class operand;
    // for a fake16 row (llvm-mc-19 rejects the word) the text llvm's true16 syntax prints,
    // `vN.h`, after the operand.
    let hi_dst = t.opsel & 8 != 0;
    let h_class = vdst_class(row) == Some(Class::H);
    let vdst = t.vdst as u32 + if hi_dst && h_class { 128 } else { 0 };
    let vals = [
        (Field::Vdst, vdst),
        (Field::Src0, src_field(t, 0, true)),
        (Field::Vsrc1, src_field(t, 1, true) - 256),
    ];
    let start = out.len();
    let dpp = matches!(t.ext, Ext::Dpp | Ext::Dpp8);
    if dpp {
        let Some(dr) = dpp_row(enc, t.g11.opcode as u32) else {
            return;
        };
        out.push_str(if t.ext == Ext::Dpp { dr.m16 } else { dr.m8 });
        let (neg, abs, dpp16) = (t.neg, t.abs, t.ext == Ext::Dpp);
        let f = move |i: usize| -> (bool, bool, Option<Ty>, bool) {
            if !dpp16 || i > 1 {
                return (false, false, None, false);
            }
            (
                dr.neg >> i & 1 != 0 && neg >> i & 1 != 0,
                dr.abs >> i & 1 != 0 && abs >> i & 1 != 0,
                None,
                dr.sext >> i & 1 != 0 && neg >> i & 1 != 0,
            )
        };
        print_operands(out, row, &vals, None, t.wave64, &f, false);
        // the DPP source is a plain VGPR operand: llvm names its class VGPR_32_Lo128
        if out[start..].contains("'VS_32_Lo128'") {
            let s = out[start..].replace("'VS_32_Lo128'", "'VGPR_32_Lo128'");
            out.truncate(start);
            out.push_str(&s);
        }
    } else {
        out.push_str(row.mnemonic);
        print_operands(
            out,
            row,
            &vals,
            Some(t.lit),
            t.wave64,
            &|_| (false, false, None, false),
            false,
        );
    }
    if hi_dst && !h_class {
        // `mnemonic vN, ...`: the first operand gets its `.h`.
        if let Some(sp) = out[start..].find(' ') {
            let from = start + sp + 1;
            let end = out[from..].find(',').map_or(out.len(), |e| from + e);
            out.insert_str(end, ".h");
        }
    }
    if dpp {
        dpp_suffix(t, out);
    }
}

/// VOP3 (incl. VOP3SD) and VOP3P, and their DPP16/DPP8 forms (`_e64_dpp`).
pub(super) fn vop3(t: &TInst, out: &mut String) {
    let enc = venc(t);
    let Some(row) = table(enc).get(t.g11.opcode as u32) else {
        return;
    };
    let vals = [
        (Field::Vdst, t.vdst as u32),
        (Field::Sdst, code(t.sdst)),
        (Field::Src0, src_field(t, 0, false)),
        (Field::Src1, src_field(t, 1, false)),
        (Field::Src2, src_field(t, 2, false)),
    ];
    let dpp = matches!(t.ext, Ext::Dpp | Ext::Dpp8);
    let dr = if dpp {
        match dpp_row(enc, t.g11.opcode as u32) {
            Some(d) => Some(d),
            None => return,
        }
    } else {
        None
    };
    out.push_str(match dr {
        Some(d) if t.ext == Ext::Dpp => d.m16,
        Some(d) => d.m8,
        None => row.mnemonic,
    });
    let m = row.mods;
    let (neg, abs) = (t.neg as u32, t.abs as u32);
    let lit = Some(t.lit);
    if enc == Enc::Vop3 {
        // DPP forms take their abs/neg/sext columns from the DPP row.
        let (mneg, mabs, msext) = match dr {
            Some(d) => (d.neg as u32, d.abs as u32, d.sext as u32),
            None => (m.neg as u32, m.abs as u32, m.sext as u32),
        };
        let f = move |i: usize| {
            (
                mneg >> i & 1 != 0 && neg >> i & 1 != 0,
                mabs >> i & 1 != 0 && abs >> i & 1 != 0,
                None,
                msext >> i & 1 != 0 && neg >> i & 1 != 0,
            )
        };
        print_operands(out, row, &vals, lit, t.wave64, &f, false);
        vop3_mods_suffix(out, row, t.opsel as u32, t.clamp, t.omod as u32);
    } else {
        let neghi = t.neg_hi as u32;
        // v_fma_mix*: llvm prints every literal as f16 (not in the DPP forms)
        let mix = !dpp && !m.opselhi_def && m.abs != 0;
        let f = move |i: usize| {
            (
                m.neg >> i & 1 != 0 && neg >> i & 1 != 0,
                m.abs >> i & 1 != 0 && neghi >> i & 1 != 0,
                mix.then_some(Ty::F16),
                false,
            )
        };
        let src1_vgpr = dr.is_some_and(|d| d.src1_vgpr);
        print_operands(out, row, &vals, lit, t.wave64, &f, src1_vgpr);
        vop3p_suffix(
            out,
            &m,
            t.opsel as u32 & 7,
            t.opsel_hi as u32,
            neg,
            neghi,
            t.clamp,
        );
    }
    if dpp {
        dpp_suffix(t, out);
    }
}

/// A VOPD pair: `v_dual_X ... :: v_dual_Y ...`.
pub(super) fn vopd(x: &TInst, y: &TInst, out: &mut String) {
    use crate::rdna3::vopd::{half, op};
    let lit = Some(x.lit);
    for (side, t) in [x, y].into_iter().enumerate() {
        let Some(o) = op(side, t.g11.opcode as u32) else {
            return;
        };
        if side == 1 {
            out.push_str(" :: ");
        }
        half(
            out,
            o,
            t.vdst as u32,
            code(t.src[0]),
            t.src[1] as u32 - 256,
            lit,
        );
    }
}
