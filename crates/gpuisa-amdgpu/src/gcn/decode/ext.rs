//! SDWA (src0 = 0xf9) and DPP (src0 = 0xfa) forms of VOP1/VOP2/VOPC, gfx8 and gfx9: the second
//! dword selects sub-dword operands (SDWA) or a cross-lane data-parallel permutation (DPP).

use super::{write_sdst, Decoded, CLASS_DPP, CLASS_SDWA, CLASS_VOP1};
use crate::fields::{self, G};
use crate::gcn::fmt::{dec, hex32, Sink};
use crate::gcn::operand::{write_src, write_vreg, OpType};
use crate::gcn::table::{flag, Entry, Field, Operand};
use crate::gcn::{Enc, Gen};

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

/// Sources LLVM types as integers (sext, no neg/abs) although the table's type is float.
pub(crate) fn int_src0(e: &Entry) -> bool {
    e.is(flag::INT_SRC0)
}

/// 64-bit operands have no SDWA or DPP form.
pub(crate) fn has_wide(e: &Entry) -> bool {
    e.is(flag::WIDE)
}

pub fn sdwa_dpp<W: Sink>(
    gen: Gen,
    enc: Enc,
    e: &Entry,
    w: &[u32; 3],
    out: &mut W,
) -> Result<Decoded, ()> {
    for z in &e.zero {
        let v = match z {
            Field::Vdst => fields::vop2::vdst(G::of(gen), w),
            Field::Vsrc1 => fields::vop2::vsrc1(G::of(gen), w),
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    if e.operands.is_empty() {
        if gen >= Gen::Gfx9 {
            // gfx9: llvm-mc falls back to the plain 4-byte v_nop (src0 is not an operand).
            write_base_name(out, e);
            return Ok(Decoded::with(1, enc, e.op, CLASS_VOP1));
        }
        // gfx8 v_nop and friends: llvm-mc prints the plain mnemonic and consumes both dwords.
        write_base_name(out, e);
        let class = if fields::vop2::src0(G::of(gen), w) == 0xF9 {
            CLASS_SDWA
        } else {
            CLASS_DPP
        };
        return Ok(Decoded::with(2, enc, e.op, class));
    }
    if fields::vop2::src0(G::of(gen), w) == 0xF9 {
        sdwa(gen, enc, e, w, out)
    } else {
        dpp(gen, enc, e, w, out)
    }
}

fn sdwa<W: Sink>(gen: Gen, enc: Enc, e: &Entry, w: &[u32; 3], out: &mut W) -> Result<Decoded, ()> {
    let g = G::of(gen);
    use fields::sdwa as sd;
    // VOP1/VOP2/VOPC place VDST and VSRC1 alike; the SDWA dword is the second.
    let (vdst, vsrc1) = (fields::vop2::vdst(g, w), fields::vop2::vsrc1(g, w));
    let x = &[w[1]][..];
    let src0 = sd::src0(g, x);
    let dst_sel = sd::dst_sel(g, x);
    let dst_unused = sd::dst_unused(g, x);
    let clamp = sd::clamp(g, x);
    let s0_sel = sd::src0_sel(g, x);
    let s0 = (
        sd::src0_sext(g, x) != 0,
        sd::src0_neg(g, x) != 0,
        sd::src0_abs(g, x) != 0,
    ); // sext, neg, abs
    let g9 = gen >= Gen::Gfx9;
    // gfx8 has no scalar SDWA sources (S0, S1) nor output modifier (OMOD): the layouts read 0,
    // as llvm-mc ignores those bits there.
    let omod = sd::omod(g, x);
    let s0_sgpr = sd::s0(g, x) != 0;
    let s1_sel = sd::src1_sel(g, x);
    let s1 = (
        sd::src1_sext(g, x) != 0,
        sd::src1_neg(g, x) != 0,
        sd::src1_abs(g, x) != 0,
    );
    let s1_sgpr = sd::s1(g, x) != 0;
    if s0_sel > 6 || (enc != Enc::Vop1 && s1_sel > 6) {
        return Err(());
    }
    let vopc = enc == Enc::Vopc;
    if has_wide(e) {
        return Err(());
    }
    if !vopc && dst_sel > 6 {
        return Err(());
    }
    // VOP1 has no src1: its fields must be zero; bit 30 is ignored, bit 31 too on gfx8 (measured).
    if enc == Enc::Vop1 && (s1_sel != 0 || s1.0 || s1.1 || s1.2 || s1_sgpr) {
        return Err(());
    }
    let name = base_name(e);
    // gfx9 dropped the SDWA forms of v_mac_f16/v_mac_f32; v_movrel* have none (llvm-mc
    // rejects them).
    if g9 && (name.starts_with("v_mac_") || name.starts_with("v_fmac_"))
        || name.starts_with("v_movrel")
        || name == "v_swap_b32"
    {
        return Err(());
    }
    write_base_name(out, e);
    if !(vopc && !g9) {
        out.push_str("_sdwa");
    }
    let mut first = true;
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
                        if e.is(flag::READFIRSTLANE) || !write_vreg(out, vdst, n) {
                            return Err(());
                        }
                    }
                    Field::Src0 => {
                        let float = float && !int_src0(e);
                        // omod needs a float result: a float source alone does not allow it.
                        let code = if s0_sgpr { src0 } else { 256 + src0 };
                        let ic = matches!(
                            super::operand::classify(code),
                            super::operand::Src::Int(_) | super::operand::Src::Float(_)
                        );
                        modded(out, float, s0.1, s0.2, s0.0, ic, |o| {
                            write_src(o, gen, code, n, ty, None)
                        })?;
                    }
                    Field::Vsrc1 => {
                        let float = float && !e.is(flag::SEXT_SRC1);
                        let code = if s1_sgpr { vsrc1 } else { 256 + vsrc1 };
                        let ic = matches!(
                            super::operand::classify(code),
                            super::operand::Src::Int(_) | super::operand::Src::Float(_)
                        );
                        modded(out, float, s1.1, s1.2, s1.0, ic, |o| {
                            write_src(o, gen, code, n, ty, None)
                        })?;
                    }
                    _ => return Err(()),
                }
            }
            Operand::Text("vcc") if vopc && sd::sd(g, x) != 0 => {
                if !write_sdst(out, gen, sd::sdst(g, x), 2) {
                    return Err(());
                }
            }
            Operand::Text(t) => out.push_str(t),
        }
    }
    if e.has(Field::K) {
        return Err(());
    }
    let vopc_g9_sd = vopc && g9;
    if clamp != 0 && !vopc_g9_sd {
        out.push_str(" clamp");
    }
    if omod != 0 && !vopc_g9_sd {
        if !any_float {
            return Err(());
        }
        out.push_str([" mul:2", " mul:4", " div:2"][omod as usize - 1]);
    }
    if !vopc {
        out.push_str(" dst_sel:");
        name16(out, &SEL16[dst_sel as usize]);
        out.push_str(" dst_unused:");
        name16(out, &UNUSED16[dst_unused as usize]);
    }
    out.push_str(" src0_sel:");
    name16(out, &SEL16[s0_sel as usize]);
    if enc != Enc::Vop1 {
        out.push_str(" src1_sel:");
        name16(out, &SEL16[s1_sel as usize]);
    }
    Ok(Decoded::with(2, enc, e.op, CLASS_SDWA))
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

fn dpp<W: Sink>(gen: Gen, enc: Enc, e: &Entry, w: &[u32; 3], out: &mut W) -> Result<Decoded, ()> {
    let g = G::of(gen);
    use fields::dpp as dp;
    let (vdst, vsrc1) = (fields::vop2::vdst(g, w), fields::vop2::vsrc1(g, w));
    let x = &[w[1]][..];
    let src0 = dp::src0(g, x);
    let ctrl = dp::dpp_ctrl(g, x);
    let bound = dp::bound_ctrl(g, x);
    let (n0, a0, n1, a1) = (
        dp::src0_neg(g, x) != 0,
        dp::src0_abs(g, x) != 0,
        dp::src1_neg(g, x) != 0,
        dp::src1_abs(g, x) != 0,
    );
    let bank = dp::bank_mask(g, x);
    let row = dp::row_mask(g, x);
    // llvm-mc has no DPP compares, 64-bit or operand-less forms; VOP1 has no second-source
    // modifiers; undefined dpp_ctrl values print as invalid.
    if enc == Enc::Vopc
        || e.mnemonic.starts_with("v_swap_b32")
        || e.mnemonic.starts_with("v_movrel")
        || has_wide(e)
        || e.operands.is_empty()
        || e.has(Field::K)
        || e.mnemonic.starts_with("v_readfirstlane")
        || (enc == Enc::Vop1 && (n1 || a1))
    {
        return Err(());
    }
    write_base_name(out, e);
    out.push_str("_dpp");
    let ldexp16 = e.mnemonic.starts_with("v_ldexp_f16");
    let mut first = true;
    for o in &e.operands {
        out.push_str(if first { " " } else { ", " });
        first = false;
        match *o {
            Operand::Field { field, n, ty } => {
                let n = n as u32;
                let float = ty.is_float() || e.is(flag::CNDMASK);
                match field {
                    Field::Vdst => {
                        if !write_vreg(out, vdst, n) {
                            return Err(());
                        }
                    }
                    Field::Src0 => {
                        let float = float && !int_src0(e);
                        modded(out, float, n0, a0, false, false, |o| write_vreg(o, src0, n))?
                    }
                    // v_ldexp_f16's exponent is an integer: its neg bit prints sext(), abs is ignored.
                    Field::Vsrc1 if ldexp16 => modded(out, false, false, false, n1, false, |o| {
                        write_vreg(o, vsrc1, n)
                    })?,
                    Field::Vsrc1 => modded(out, float, n1, a1, false, false, |o| {
                        write_vreg(o, vsrc1, n)
                    })?,
                    _ => return Err(()),
                }
            }
            Operand::Text(t) => out.push_str(t),
        }
    }
    out.push(' ');
    dpp_ctrl(out, ctrl);
    out.push_str(" row_mask:");
    hex32(out, row);
    out.push_str(" bank_mask:");
    hex32(out, bank);
    if bound != 0 {
        out.push_str(" bound_ctrl:1");
    }
    let _ = (gen, OpType::Int);
    Ok(Decoded::with(2, enc, e.op, CLASS_DPP))
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
