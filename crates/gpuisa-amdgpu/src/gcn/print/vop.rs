//! VOP1/VOP2/VOPC: the 32-bit forms (e32) and their SDWA/DPP forms (gfx8/gfx9).

use super::lit;
use super::vop3::{write_sdst8, write_sreg32_src};
use super::{head, sep, write_sdst};
use crate::gcn::fmt::{dec, hex32, Sink};
use crate::gcn::inst::{Ext, TInst};
use crate::gcn::operand::{self, write_literal, write_src, write_vreg, OpType};
use crate::gcn::regclass;
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
                    // An `SReg_32` value, lds_direct or a literal (llvm-mc-19, gfx700:
                    // `v_writelane_b32 v1, 0x1234, 1`).
                    Field::Src0 if enc == Enc::Vop2 && e.is(flag::WRITELANE) => {
                        write_sreg32_src(out, gen, src0, true, lit)
                    }
                    Field::Src0 => write_src(out, gen, src0, n, ty, lit),
                    Field::Vsrc1 if enc == Enc::Vop2 && e.is(flag::LANE_B32) => {
                        write_sreg32_src(out, gen, vsrc1, false, None)
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

// ------------------------------------------------------------ operand writers (e32, SDWA/DPP)

/// The src0 of v_readfirstlane/v_readlane (a VGPR or lds_direct: [`regclass::vreg_or_lds`]) and
/// of the VGPR-only opcodes (v_swap_b32, v_movrel*: [`regclass::vgpr`]), given a non-VGPR:
/// printed with llvm-mc's note (a literal too: llvm-mc-19, gfx803: `v_movrels_b32_e32 v208,
/// 0x12345/*Invalid immediate*/`).
#[inline(never)]
pub(crate) fn write_noted_src0<W: Sink>(
    out: &mut W,
    gen: Gen,
    e: &Entry,
    src0: u32,
    n: u32,
    ty: OpType,
    lit: Option<u32>,
) -> bool {
    let ok = write_src(out, gen, src0, n, ty, lit);
    let fit = if e.is(flag::READFIRSTLANE | flag::READLANE) {
        regclass::vreg_or_lds(gen, src0)
    } else {
        regclass::vgpr(gen, src0)
    };
    out.push_str(fit.note());
    ok
}

/// The operand list of a `Shape::E32` row, ` vdst, [vcc, ]src0[, vsrc1][, vcc]` as the row has
/// them (`regs`: the vdst, src0 and vsrc1 fields; `lit`: the literal dword if src0 is one).
/// Another shape is an error (no caller passes one).
#[inline(always)]
pub(crate) fn e32_operands<W: Sink>(
    out: &mut W,
    gen: Gen,
    shape: &Shape,
    regs: [u32; 3],
    lit: Option<u32>,
) -> Result<(), ()> {
    // By reference: each field is read where it is used (copied out before printing, they were
    // kept on the stack across the operand writes: +18 instructions per decode).
    let Shape::E32 {
        nd,
        vcc_in,
        n0,
        ty0,
        n1,
        vcc_out,
    } = shape
    else {
        return Err(());
    };
    let [vdst, src0, vsrc1] = regs;
    out.byte(b' ');
    if *nd > 0 {
        if !write_vreg(out, vdst, *nd as u32) {
            return Err(());
        }
        out.bytes(b", ");
    }
    if *vcc_in {
        out.bytes(b"vcc, ");
    }
    if !write_src(out, gen, src0, *n0 as u32, *ty0, lit) {
        return Err(());
    }
    if *n1 > 0 {
        out.bytes(b", ");
        if !write_vreg(out, vsrc1, *n1 as u32) {
            return Err(());
        }
    }
    if *vcc_out {
        out.bytes(b", vcc");
    }
    Ok(())
}

pub(crate) fn is_sdst_vop1(e: &Entry) -> bool {
    e.is(flag::READFIRSTLANE)
}

const SEL: [&str; 7] = [
    "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD",
];
// llvm-mc-19 prints the reserved value 3 as UNUSED_PAD.
const UNUSED: [&str; 4] = ["UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE", "UNUSED_PAD"];

pub(crate) fn base_name(e: &Entry) -> &'static str {
    e.mnemonic.strip_suffix("_e32").unwrap_or(e.mnemonic)
}

/// Writes [`base_name`] with one fixed-size copy (`Entry::name_pad` starts with it).
pub(crate) fn write_base_name<W: Sink>(out: &mut W, e: &Entry) {
    let name = base_name(e);
    match e.name_pad {
        Some(p) => out.padded(p, name.len()),
        None => out.push_str(name),
    }
}

/// `SEL` and `UNUSED` padded for one fixed-size copy each, the length in the last byte.
pub(crate) const SEL16: [[u8; 16]; 7] = pad16(&SEL);
pub(crate) const UNUSED16: [[u8; 16]; 4] = pad16(&UNUSED);

const fn pad16<const N: usize>(names: &[&str; N]) -> [[u8; 16]; N] {
    let mut t = [[0u8; 16]; N];
    let mut i = 0;
    while i < N {
        let b = names[i].as_bytes();
        let mut k = 0;
        while k < b.len() && k < 15 {
            t[i][k] = b[k];
            k += 1;
        }
        t[i][15] = k as u8;
        i += 1;
    }
    t
}

#[inline(always)]
pub(crate) fn name16<W: Sink>(out: &mut W, p: &[u8; 16]) {
    out.padded(p, p[15] as usize);
}

/// Writes one source with SDWA/DPP modifiers: `-|x|` for floats, `sext(x)` for integers.
pub(crate) fn modded<W: Sink>(
    out: &mut W,
    float: bool,
    neg: bool,
    abs: bool,
    sext: bool,
    int_const: bool,
    f: impl FnOnce(&mut W) -> bool,
) -> Result<(), ()> {
    if float && sext || !float && (neg || abs) {
        return Err(());
    }
    let negf = neg && int_const && !abs;
    if negf {
        out.push_str("neg(");
    } else if neg {
        out.push('-');
    }
    if abs {
        out.push('|');
    }
    if sext {
        out.push_str("sext(");
    }
    if !f(out) {
        return Err(());
    }
    if sext {
        out.push(')');
    }
    if abs {
        out.push('|');
    }
    if negf {
        out.push(')');
    }
    Ok(())
}

pub(crate) fn dpp_ctrl<W: Sink>(out: &mut W, c: u32) {
    match c {
        0x000..=0x0ff => {
            out.push_str("quad_perm:[");
            for i in 0..4 {
                if i > 0 {
                    out.push(',');
                }
                dec(out, c >> (2 * i) & 3);
            }
            out.push(']');
        }
        0x101..=0x10f => {
            out.push_str("row_shl:");
            dec(out, c & 0xf);
        }
        0x111..=0x11f => {
            out.push_str("row_shr:");
            dec(out, c & 0xf);
        }
        0x121..=0x12f => {
            out.push_str("row_ror:");
            dec(out, c & 0xf);
        }
        0x130 => out.push_str("wave_shl:1"),
        0x134 => out.push_str("wave_rol:1"),
        0x138 => out.push_str("wave_shr:1"),
        0x13c => out.push_str("wave_ror:1"),
        0x140 => out.push_str("row_mirror"),
        0x141 => out.push_str("row_half_mirror"),
        0x142 => out.push_str("row_bcast:15"),
        0x143 => out.push_str("row_bcast:31"),
        // gfx90a/gfx10 controls: llvm-mc names them in a note (with its extra space).
        0x150..=0x15f => out.push_str(
            " /* row_newbcast/row_share is not supported on ASICs earlier than GFX90A/GFX10 */",
        ),
        0x160..=0x16f => {
            out.push_str("/* row_xmask is not supported on ASICs earlier than GFX10 */")
        }
        _ => out.push_str("/* Invalid dpp_ctrl value */"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The padded selector names are the names.
    #[test]
    fn padded_names() {
        for (p, s) in SEL16.iter().zip(SEL).chain(UNUSED16.iter().zip(UNUSED)) {
            assert_eq!(&p[..p[15] as usize], s.as_bytes());
        }
    }
}
