//! VOP1/VOP2/VOPC: the 32-bit forms (e32) and their SDWA/DPP forms (gfx8/gfx9).

use super::lit;
use crate::gcn::decode::ext::{dpp_ctrl, modded, name16, write_base_name, SEL16, UNUSED16};
use crate::gcn::decode::scalar::write_sdst;
use crate::gcn::decode::vop::{e32_operands, is_sdst_vop1, write_noted_src0};
use crate::gcn::decode::vop3::{write_sdst8, write_sreg32_src};
use crate::gcn::decode::{head, sep};
use crate::gcn::fmt::{hex32, Sink};
use crate::gcn::inst::{Ext, TInst};
use crate::gcn::operand::{self, write_literal, write_src, write_vreg, OpType};
use crate::gcn::table::{flag, Entry, Field, Operand, Shape, E32_SPECIAL};
use crate::gcn::{Enc, Gen};

pub(super) fn e32<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    match t.ext {
        Ext::Sdwa | Ext::Dpp if e.operands.is_empty() => {
            write_base_name(out, e);
            true
        }
        Ext::Sdwa => sdwa(t, e, out),
        Ext::Dpp => dpp(t, e, out),
        // gfx9's SDWA/DPP v_nop: the plain 4-byte instruction.
        _ if matches!(t.src[0], 0xF9 | 0xFA) && e.operands.is_empty() => {
            write_base_name(out, e);
            true
        }
        _ => plain(t, e, out),
    }
}

fn plain<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let (gen, enc) = (t.gen, t.enc);
    let (vdst, src0) = (t.vdst as u32, t.src[0] as u32);
    let vsrc1 = (t.src[1] as u32).wrapping_sub(256) & 0xff;
    let has_k = e.has(Field::K);
    let lit_sdst = vdst == 255 && enc == Enc::Vop1 && is_sdst_vop1(e);
    // The literal is src0's (K has a dword of its own, which a literal src0 shares).
    let lit = if src0 == 255 || lit_sdst {
        lit(t)
    } else {
        None
    };
    head(out, e);
    if e.flags & E32_SPECIAL == 0 && !has_k {
        if let Shape::E32 { .. } = e.shape {
            return e32_operands(out, gen, &e.shape, [vdst, src0, vsrc1], lit).is_ok();
        }
        let mut first = true;
        let mut ok = true;
        for o in &e.operands {
            sep(out, &mut first);
            ok &= match *o {
                Operand::Field {
                    field: Field::Vdst,
                    n,
                    ..
                } => write_vreg(out, vdst, n as u32),
                Operand::Field {
                    field: Field::Src0,
                    n,
                    ty,
                } => write_src(out, gen, src0, n as u32, ty, lit),
                Operand::Field {
                    field: Field::Vsrc1,
                    n,
                    ..
                } => write_vreg(out, vsrc1, n as u32),
                Operand::Text(s) => {
                    out.push_str(s);
                    true
                }
                Operand::Field { .. } => false,
            };
        }
        return ok;
    }
    let mut first = true;
    let mut ok = true;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, ty } => {
                let n = n as u32;
                ok &= match field {
                    Field::Vdst => {
                        if lit_sdst {
                            write_literal(out, t.lit, OpType::Int, 1);
                            out.push_str("/*Invalid immediate*/");
                            true
                        } else if enc == Enc::Vop1 && is_sdst_vop1(e)
                            || enc == Enc::Vop2 && e.is(flag::READLANE)
                        {
                            write_sdst8(out, gen, vdst, n)
                        } else {
                            write_vreg(out, vdst, n)
                        }
                    }
                    Field::Src0
                        if e.is(flag::READFIRSTLANE | flag::READLANE | flag::VGPR_ONLY_SRC0)
                            && src0 < 256 =>
                    {
                        write_noted_src0(out, gen, e, src0, n, ty, lit)
                    }
                    Field::Src0 if enc == Enc::Vop2 && e.is(flag::WRITELANE) => {
                        write_sreg32_src(out, gen, src0)
                    }
                    Field::Src0 => write_src(out, gen, src0, n, ty, lit),
                    Field::Vsrc1 if enc == Enc::Vop2 && e.is(flag::LANE_B32) => {
                        write_sreg32_src(out, gen, vsrc1)
                    }
                    Field::Vsrc1 => write_vreg(out, vsrc1, n),
                    // The madak/madmk constant: the whole dword in hex.
                    Field::K => {
                        hex32(out, t.lit);
                        true
                    }
                    _ => false,
                }
            }
            Operand::Text(s) => out.push_str(s),
        }
    }
    ok
}

fn is_const(code: u32) -> bool {
    matches!(
        operand::classify(code),
        operand::Src::Int(_) | operand::Src::Float(_)
    )
}

/// SDWA: the sources (`src`, SGPR or 256 + VGPR), their selects and modifiers from `sdwa`,
/// `neg`, `abs`; VOPC's destination `sdst` (gfx9 SD) or vcc.
fn sdwa<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let (gen, enc) = (t.gen, t.enc);
    let g9 = gen >= Gen::Gfx9;
    let vopc = enc == Enc::Vopc;
    let s = &t.sdwa;
    let vdst = t.vdst as u32;
    write_base_name(out, e);
    // (gfx8's VOPC SDWA forms print no suffix.)
    if !vopc || g9 {
        out.push_str("_sdwa");
    }
    let mut first = true;
    let mut ok = true;
    let mut any_float = false;
    for o in &e.operands {
        out.push_str(if first { " " } else { ", " });
        first = false;
        match *o {
            Operand::Field { field, n, ty } => {
                let n = n as u32;
                let float = ty.is_float() || e.is(flag::CNDMASK);
                match field {
                    Field::Vdst => {
                        if ty.is_float() {
                            any_float = true;
                        }
                        // (v_readfirstlane has no SDWA form.)
                        ok &= !e.is(flag::READFIRSTLANE) && write_vreg(out, vdst, n);
                    }
                    Field::Src0 | Field::Vsrc1 => {
                        let i = (field == Field::Vsrc1) as usize;
                        let float = float
                            && !(i == 0 && e.is(flag::INT_SRC0) || i == 1 && e.is(flag::SEXT_SRC1));
                        let code = t.src[i] as u32;
                        let (ng, ab) = (t.neg >> i & 1 != 0, t.abs >> i & 1 != 0);
                        ok &= modded(out, float, ng, ab, s.src_sext[i], is_const(code), |o| {
                            write_src(o, gen, code, n, ty, None)
                        })
                        .is_ok();
                    }
                    _ => ok = false,
                }
            }
            Operand::Text("vcc") if vopc && s.sd => {
                ok &= write_sdst(out, gen, t.sdst as u32, 2);
            }
            Operand::Text(x) => out.push_str(x),
        }
    }
    let vopc_g9_sd = vopc && g9;
    if t.clamp && !vopc_g9_sd {
        out.push_str(" clamp");
    }
    // omod needs a float result (a float source alone does not allow it).
    if t.omod != 0 && !vopc_g9_sd {
        ok &= any_float;
        out.push_str([" mul:2", " mul:4", " div:2"][(t.omod as usize - 1) % 3]);
    }
    if !vopc {
        out.push_str(" dst_sel:");
        name16(out, &SEL16[s.dst_sel as usize % 7]);
        out.push_str(" dst_unused:");
        name16(out, &UNUSED16[s.dst_unused as usize % 4]);
    }
    out.push_str(" src0_sel:");
    name16(out, &SEL16[s.src_sel[0] as usize % 7]);
    if enc != Enc::Vop1 {
        out.push_str(" src1_sel:");
        name16(out, &SEL16[s.src_sel[1] as usize % 7]);
    }
    ok
}

/// DPP: VGPR sources (`src` = 256 + n), their `neg`/`abs`, and the controls in `dpp`.
fn dpp<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let vdst = t.vdst as u32;
    let src0 = (t.src[0] as u32).wrapping_sub(256) & 0xff;
    let vsrc1 = (t.src[1] as u32).wrapping_sub(256) & 0xff;
    let (n0, a0, n1, a1) = (
        t.neg & 1 != 0,
        t.abs & 1 != 0,
        t.neg & 2 != 0,
        t.abs & 2 != 0,
    );
    write_base_name(out, e);
    out.push_str("_dpp");
    let ldexp16 = e.mnemonic.starts_with("v_ldexp_f16");
    let mut first = true;
    let mut ok = true;
    for o in &e.operands {
        out.push_str(if first { " " } else { ", " });
        first = false;
        match *o {
            Operand::Field { field, n, ty } => {
                let n = n as u32;
                let float = ty.is_float() || e.is(flag::CNDMASK);
                let r = match field {
                    Field::Vdst => {
                        if write_vreg(out, vdst, n) {
                            Ok(())
                        } else {
                            Err(())
                        }
                    }
                    Field::Src0 => {
                        let float = float && !e.is(flag::INT_SRC0);
                        modded(out, float, n0, a0, false, false, |o| write_vreg(o, src0, n))
                    }
                    // v_ldexp_f16's exponent is an integer: its neg bit prints sext().
                    Field::Vsrc1 if ldexp16 => modded(out, false, false, false, n1, false, |o| {
                        write_vreg(o, vsrc1, n)
                    }),
                    Field::Vsrc1 => modded(out, float, n1, a1, false, false, |o| {
                        write_vreg(o, vsrc1, n)
                    }),
                    _ => Err(()),
                };
                ok &= r.is_ok();
            }
            Operand::Text(x) => out.push_str(x),
        }
    }
    out.push(' ');
    dpp_ctrl(out, t.dpp.ctrl as u32);
    out.push_str(" row_mask:");
    hex32(out, t.dpp.row_mask as u32);
    out.push_str(" bank_mask:");
    hex32(out, t.dpp.bank_mask as u32);
    if t.dpp.bound_ctrl {
        out.push_str(" bound_ctrl:1");
    }
    ok
}
