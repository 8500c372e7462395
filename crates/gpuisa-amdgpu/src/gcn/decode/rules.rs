//! The GCN decoder: the checks over the words, the table row and the fields, and the fields
//! themselves, in one pass per encoding: each encoding's function reads its fields once, looks
//! its row up once, checks what llvm-objdump-19 rejects (the accepted-bit masks, the fields the
//! row requires to be zero, the encoding's own rules: SDWA/DPP availability and selects, VOP3's
//! missing literal, MUBUF's lds/tfe/addr64, FLAT's segment and saddr, DS's GDS-only rows ...,
//! and the length: literal dwords), then stores the fields into the [`TInst`]. What an operand's
//! register class refuses (a misaligned pair, a range past the last register, a constant where
//! the operand takes a register) is the operand writers' rule, one predicate each, checked when
//! the typed instruction is printed (`print::print_to`; `inst::decode_typed` prints into
//! `Null`).
//!
//! Which fields are stored: every field of the encoding that the printer reads, always (a field
//! a form does not have gets its neutral value), so that an instruction decoded into a reused
//! `TInst` (the code-object lister's) prints exactly as a fresh one whatever the `TInst` held
//! before (`inst::tests::stale_fields_never_print`); fields of other encodings are left as
//! they were (`inst::decode_typed` starts from [`TInst::blank`]). What only the encoder and the
//! emulator read (operand widths and types, reserved bits) is added by `inst::decode_typed`.

use super::encoding_of;
use crate::fields::{self, G};
use crate::gcn::inst::{DppCtl, ExpFields, Ext, SdwaCtl, TInst};
use crate::gcn::table::{self, field_bit, flag, Entry, Field};
use crate::gcn::{Enc, Gen};
use crate::op::Op;

type R = Result<(), ()>;

fn bits(w: u32, lo: u32, n: u32) -> u32 {
    (w >> lo) & ((1u32 << n) - 1)
}

#[inline(always)]
fn row(gen: Gen, enc: Enc, op: u32) -> Result<&'static Entry, ()> {
    table::entry(gen, enc, op).ok_or(())
}

/// The fields the row requires to be zero are (`value` maps a field to its value in the word).
#[inline(always)]
fn zeros_ok(e: &Entry, value: impl Fn(Field) -> u32) -> bool {
    e.zero_fields == 0 || e.zero.iter().all(|&z| value(z) == 0)
}

/// Does the row require `f` to be zero?
#[inline(always)]
fn zero(e: &Entry, f: Field) -> bool {
    e.zero_fields & field_bit(f) != 0
}

/// The instruction's encoding, row, operation and length.
#[inline(always)]
fn set_head(t: &mut TInst, enc: Enc, e: &'static Entry, len: u8) {
    t.enc = enc;
    t.entry = Some(e);
    t.op = e.id;
    t.len = len;
}

/// Checks the instruction at `w` (`n` dwords exist) as llvm-objdump-19 does, all but the
/// operands' register classes (see the module's text), and stores its fields into `t`
/// (whatever `t` held is overwritten as the module's text says; on an error `t` is left in some
/// state).
#[inline(always)]
pub(crate) fn decode_into(gen: Gen, w: &[u32; 3], n: usize, t: &mut TInst) -> R {
    let enc = encoding_of(gen, w[0]).ok_or(())?;
    t.gen = gen;
    t.words = *w;
    t.gfx11 = false;
    t.wave64 = true;
    t.ext = Ext::None;
    match enc {
        Enc::Sop2 | Enc::Sop1 | Enc::Sopc | Enc::Sopk | Enc::Sopp => salu(gen, enc, w, t),
        Enc::Vop2 | Enc::Vop1 | Enc::Vopc => e32(gen, enc, w, t),
        Enc::Vop3 => vop3(gen, w, t),
        _ => other(gen, enc, w, t),
    }?;
    if t.len as usize > n {
        return Err(());
    }
    Ok(())
}

/// The encodings rare in compiled code (one call, out of the hot path).
#[inline(never)]
fn other(gen: Gen, enc: Enc, w: &[u32; 3], t: &mut TInst) -> R {
    match enc {
        Enc::Smrd => smrd(gen, w, t),
        Enc::Smem => smem(gen, w, t),
        Enc::Vop3p => vop3p(gen, w, t),
        Enc::Vintrp => {
            let g = G::of(gen);
            use fields::vintrp as f;
            let e = row(gen, enc, f::op(g, w))?;
            if !e.bits_ok(w, 1) {
                return Err(());
            }
            set_head(t, enc, e, 1);
            t.lit = 0;
            t.vdst = f::vdst(g, w) as u16;
            t.vaddr = f::vsrc(g, w) as u16;
            t.attr = f::attr(g, w) as u8;
            t.attrchan = f::attrchan(g, w) as u8;
            Ok(())
        }
        Enc::Ds => ds(gen, w, t),
        Enc::Mubuf | Enc::Mtbuf => buf(gen, enc, w, t),
        Enc::Mimg => mimg(gen, w, t),
        Enc::Flat => flat(gen, w, t),
        Enc::Exp => {
            // EXP has no table row (one operation, `Op::EXP`); its fields are in `exp`.
            let g = G::of(gen);
            use fields::exp as f;
            t.enc = Enc::Exp;
            t.entry = None;
            t.op = Op::EXP;
            t.len = 2;
            t.lit = 0;
            t.exp = ExpFields {
                en: f::en(g, w) as u8,
                target: f::target(g, w) as u8,
                compr: f::compr(g, w) != 0,
                done: f::done(g, w) != 0,
                vm: f::vm(g, w) != 0,
                vsrc: [
                    f::vsrc0(g, w) as u8,
                    f::vsrc1(g, w) as u8,
                    f::vsrc2(g, w) as u8,
                    f::vsrc3(g, w) as u8,
                ],
            };
            Ok(())
        }
        _ => Err(()),
    }
}

/// SOP2/SOP1/SOPC/SOPK/SOPP.
#[inline(always)]
fn salu(gen: Gen, enc: Enc, w: &[u32; 3], t: &mut TInst) -> R {
    let g = G::of(gen);
    use fields::{sop1, sop2, sopc, sopk, sopp};
    let op = match enc {
        Enc::Sop2 => sop2::op(g, w),
        Enc::Sopk => sopk::op(g, w),
        Enc::Sop1 => sop1::op(g, w),
        Enc::Sopc => sopc::op(g, w),
        _ => sopp::op(g, w),
    };
    let e = row(gen, enc, op)?;
    if !e.bits_ok(w, 1) {
        return Err(());
    }
    let (sdst, ssrc0, ssrc1, simm) = match enc {
        Enc::Sop2 => (sop2::sdst(g, w), sop2::ssrc0(g, w), sop2::ssrc1(g, w), 0),
        Enc::Sopk => (sopk::sdst(g, w), 0, 0, sopk::simm16(g, w)),
        Enc::Sop1 => (sop1::sdst(g, w), sop1::ssrc0(g, w), 0, 0),
        Enc::Sopc => (0, sopc::ssrc0(g, w), sopc::ssrc1(g, w), sopc::ssrc1(g, w)),
        _ => (0, 0, 0, sopp::simm16(g, w)),
    };
    let zero = zeros_ok(e, |z| match z {
        Field::Sdst => sdst,
        Field::Ssrc0 => ssrc0,
        Field::Ssrc1 => ssrc1,
        Field::Simm16(_) => simm,
        _ => 0,
    });
    if !zero {
        return Err(());
    }
    // A literal source, or s_setreg_imm32_b32's constant, takes the second dword.
    let lit = e.has(Field::Ssrc0) && ssrc0 == 255 || e.has(Field::Ssrc1) && ssrc1 == 255;
    let len = 1 + (lit || e.has(Field::K)) as u8;
    set_head(t, enc, e, len);
    // (Every form's sdst, sources and immediate: the printer reads those its form has.)
    t.sdst = sdst as u16;
    t.src = [ssrc0 as u16, ssrc1 as u16, 0];
    t.simm16 = simm as u16;
    // SOPC's second source doubles as the immediate of s_setvskip-like rows: `src[1]` holds it.
    if enc == Enc::Sopc {
        t.simm16 = 0;
    }
    // The literal dword; s_setreg_imm32_b32 (SOPK): its constant.
    t.lit = if len >= 2 || enc == Enc::Sopk {
        w[1]
    } else {
        0
    };
    Ok(())
}

/// SMRD (gfx6/gfx7).
fn smrd(gen: Gen, w: &[u32; 3], t: &mut TInst) -> R {
    let g = G::of(gen);
    use fields::smrd as f;
    let e = row(gen, Enc::Smrd, f::op(g, w))?;
    // An operand-less row (s_dcache_inv) takes no operand bits.
    if e.operands.is_empty() && w[0] & 0x003f_ffff != 0 {
        return Err(());
    }
    // gfx7: OFFSET 255 without IMM is a 32-bit literal offset in the second dword.
    let imm = f::imm(g, w) != 0;
    let off = f::offset(g, w);
    let lit = e.has(Field::Offset) && !imm && off == 255 && gen.facts().smrd_literal_offset;
    let len = 1 + lit as u8;
    set_head(t, Enc::Smrd, e, len);
    t.lit = if lit { w[1] } else { 0 };
    t.sdst = f::sdst(g, w) as u16;
    t.sbase = (f::sbase(g, w) * 2) as u16;
    (t.offset, t.soffset_reg, t.soffset) = if imm {
        ((off * 4) as i32, false, 0)
    } else if off == 255 && len == 2 {
        (w[1] as i32, false, 0)
    } else {
        (0, true, off as u16)
    };
    Ok(())
}

/// SMEM (gfx8/gfx9).
fn smem(gen: Gen, w: &[u32; 3], t: &mut TInst) -> R {
    let g = G::of(gen);
    use fields::smem as f;
    let e = row(gen, Enc::Smem, f::op(g, w))?;
    if !e.bits_ok(w, 1) {
        return Err(());
    }
    let (sdata, sbase) = (f::sdata(g, w), f::sbase(g, w));
    let zero = zeros_ok(e, |z| match z {
        Field::Sdata => sdata,
        Field::Sbase => sbase,
        _ => 0,
    });
    if !zero {
        return Err(());
    }
    set_head(t, Enc::Smem, e, 2);
    t.lit = w[1];
    t.sdst = sdata as u16;
    t.sbase = (sbase * 2) as u16;
    t.glc = f::glc(g, w) != 0;
    t.nv = f::nv(g, w) != 0;
    let imm = f::imm(g, w) != 0;
    let soe = f::soe(g, w) != 0;
    (t.imm, t.soe) = (imm, soe);
    (t.offset, t.soffset_reg, t.soffset) = if imm {
        // 21-bit signed on gfx9, unsigned 20 bit on gfx8 (the layouts say which).
        let off = f::offset(g, w) as i32;
        if soe {
            (off, true, f::soffset(g, w) as u16)
        } else {
            (off, false, 0)
        }
    } else if soe {
        // Without IMM the offset field holds an SGPR (bits 7:0 of it), or SOFFSET does.
        (0, true, f::soffset(g, w) as u16)
    } else {
        (0, true, (f::offset(g, w) & 0xff) as u16)
    };
    Ok(())
}

/// VOP1/VOP2/VOPC, and their SDWA/DPP forms.
#[inline(always)]
fn e32(gen: Gen, enc: Enc, w: &[u32; 3], t: &mut TInst) -> R {
    let g = G::of(gen);
    use fields::vop2;
    // VOP1, VOP2 and VOPC place SRC0, VSRC1 (VOP2, VOPC) and VDST (VOP1, VOP2) alike.
    let (op, vdst, vsrc1, src0) = match enc {
        Enc::Vop2 => (
            vop2::op(g, w),
            vop2::vdst(g, w),
            vop2::vsrc1(g, w),
            vop2::src0(g, w),
        ),
        Enc::Vop1 => (
            fields::vop1::op(g, w),
            vop2::vdst(g, w),
            vop2::vsrc1(g, w),
            vop2::src0(g, w),
        ),
        _ => (
            fields::vopc::op(g, w),
            vop2::vdst(g, w),
            vop2::vsrc1(g, w),
            vop2::src0(g, w),
        ),
    };
    let e = row(gen, enc, op)?;
    t.vdst = vdst as u16;
    t.src = [src0 as u16, 256 + vsrc1 as u16, 0];
    if src0 == 0xF9 || src0 == 0xFA {
        // gfx6/gfx7 have no SDWA/DPP: 249/250 name no operand there.
        if !gen.facts().sdwa_dpp {
            return Err(());
        }
        return sdwa_dpp(gen, enc, e, w, src0 == 0xF9, t);
    }
    if !e.bits_ok(w, 1) {
        return Err(());
    }
    // (VOP1 has no VSRC1 field, VOPC no VDST: their bits are not fields to the checks.)
    let (vdst_f, vsrc1_f) = match enc {
        Enc::Vop2 => (vdst, vsrc1),
        Enc::Vop1 => (vdst, 0),
        _ => (0, vsrc1),
    };
    if e.zero_fields != 0
        && (zero(e, Field::Vdst) && vdst_f != 0
            || zero(e, Field::Src0) && src0 != 0
            || zero(e, Field::Vsrc1) && vsrc1_f != 0)
    {
        return Err(());
    }
    // v_readfirstlane's 8-bit sdst may name the literal too (llvm-mc prints it with a note);
    // with a K constant (v_madmk/v_madak), a literal src0 shares its dword.
    let lit_sdst = vdst == 255 && enc == Enc::Vop1 && e.is(flag::READFIRSTLANE);
    let lit = e.has(Field::Src0) && src0 == 255 || lit_sdst || e.has(Field::K);
    set_head(t, enc, e, 1 + lit as u8);
    t.lit = if lit { w[1] } else { 0 };
    t.sdst = 106; // vcc
    Ok(())
}

/// SDWA (src0 0xF9) and DPP (0xFA) forms of VOP1/VOP2/VOPC (gfx8/gfx9).
#[inline(never)]
fn sdwa_dpp(gen: Gen, enc: Enc, e: &'static Entry, w: &[u32; 3], sdwa: bool, t: &mut TInst) -> R {
    let g = G::of(gen);
    let zero = zeros_ok(e, |z| match z {
        Field::Vdst => fields::vop2::vdst(g, w),
        Field::Vsrc1 => fields::vop2::vsrc1(g, w),
        _ => 0,
    });
    if !zero {
        return Err(());
    }
    let ext = if sdwa { Ext::Sdwa } else { Ext::Dpp };
    if e.operands.is_empty() {
        // gfx9: llvm-mc falls back to the plain 4-byte v_nop (src0 is not an operand); gfx8
        // prints the plain mnemonic and consumes both dwords.
        if gen.facts().ext_nop_one_dword {
            set_head(t, enc, e, 1);
            t.lit = 0;
            t.sdst = 106;
            return Ok(());
        }
    } else {
        // 64-bit operands, K constants and v_movrel*/v_swap_b32 have no SDWA or DPP form.
        if e.is(flag::WIDE | flag::NO_SDWA_DPP) || e.has(Field::K) {
            return Err(());
        }
        let x = &[w[1]][..];
        if sdwa {
            use fields::sdwa as sd;
            let vop1 = enc == Enc::Vop1;
            if sd::src0_sel(g, x) > 6 || !vop1 && sd::src1_sel(g, x) > 6 {
                return Err(());
            }
            if enc != Enc::Vopc && sd::dst_sel(g, x) > 6 {
                return Err(());
            }
            // VOP1 has no src1: its fields must be zero.
            let src1 = sd::src1_sel(g, x)
                | sd::src1_sext(g, x)
                | sd::src1_neg(g, x)
                | sd::src1_abs(g, x)
                | sd::s1(g, x);
            if vop1 && src1 != 0 {
                return Err(());
            }
            // gfx9 dropped the SDWA forms of v_mac_f16/v_mac_f32 (and has no v_fmac SDWA).
            if gen >= Gen::Gfx9 && e.is(flag::NO_SDWA_GFX9) {
                return Err(());
            }
        } else {
            use fields::dpp as dp;
            // llvm-mc has no DPP compares nor v_readfirstlane; VOP1 has no second-source
            // modifiers.
            if enc == Enc::Vopc
                || e.is(flag::READFIRSTLANE)
                || enc == Enc::Vop1 && (dp::src1_neg(g, x) | dp::src1_abs(g, x)) != 0
            {
                return Err(());
            }
        }
    }
    set_head(t, enc, e, 2);
    t.ext = ext;
    let w1 = w[1];
    t.lit = w1;
    t.ext_word = w1;
    let x = &[w1][..];
    if sdwa {
        use fields::sdwa as sd;
        if sd::s0(g, x) == 0 {
            t.src[0] = 256 + sd::src0(g, x) as u16;
        } else {
            t.src[0] = sd::src0(g, x) as u16;
        }
        // (VOP2 and VOPC: an SGPR src1.)
        if enc != Enc::Vop1 && sd::s1(g, x) != 0 {
            t.src[1] = fields::vop2::vsrc1(g, w) as u16;
        }
        t.sdwa = SdwaCtl {
            dst_sel: sd::dst_sel(g, x) as u8,
            dst_unused: sd::dst_unused(g, x) as u8,
            src_sel: [sd::src0_sel(g, x) as u8, sd::src1_sel(g, x) as u8],
            src_sext: [sd::src0_sext(g, x) != 0, sd::src1_sext(g, x) != 0],
            sd: false,
        };
        t.clamp = sd::clamp(g, x) != 0;
        t.omod = sd::omod(g, x) as u8;
        t.neg = (sd::src0_neg(g, x) | sd::src1_neg(g, x) << 1) as u8;
        t.abs = (sd::src0_abs(g, x) | sd::src1_abs(g, x) << 1) as u8;
        if enc == Enc::Vopc && sd::sd(g, x) != 0 {
            t.sdst = sd::sdst(g, x) as u16;
        } else {
            t.sdst = 106; // vcc
        }
        // gfx9 VOPC: bits 15:8 are SD and SDST, no output modifiers.
        if enc == Enc::Vopc && sd::has_sd(g) {
            (t.clamp, t.omod) = (false, 0);
            t.sdwa.dst_sel = 0;
            t.sdwa.dst_unused = 0;
            t.sdwa.sd = sd::sd(g, x) != 0;
        }
    } else {
        use fields::dpp as dp;
        t.src[0] = 256 + dp::src0(g, x) as u16;
        t.neg = (dp::src0_neg(g, x) | dp::src1_neg(g, x) << 1) as u8;
        t.abs = (dp::src0_abs(g, x) | dp::src1_abs(g, x) << 1) as u8;
        t.sdst = 106;
        t.dpp = DppCtl {
            ctrl: dp::dpp_ctrl(g, x) as u16,
            row_mask: dp::row_mask(g, x) as u8,
            bank_mask: dp::bank_mask(g, x) as u8,
            bound_ctrl: dp::bound_ctrl(g, x) != 0,
        };
    }
    Ok(())
}

/// VOP3 (VOP3a and VOP3b).
#[inline(always)]
fn vop3(gen: Gen, w: &[u32; 3], t: &mut TInst) -> R {
    let g = G::of(gen);
    use fields::vop3 as v;
    let e = row(gen, Enc::Vop3, v::op(g, w))?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let srcs = [v::src0(g, w), v::src1(g, w), v::src2(g, w)];
    if e.is(flag::INTERP) {
        // src0 holds the attribute (and, f16 forms, `high` in bit 8); src2 is the f16 forms'
        // second VGPR.
        let f16 = e.mnemonic.ends_with("_f16");
        let has_src2 = crate::gcn::regclass::interp_vsrcs(e).1;
        if !has_src2 && srcs[2] != 0 || !f16 && srcs[0] >= 0x100 {
            return Err(());
        }
    } else if e.is(flag::READLANE | flag::WRITELANE) {
        if srcs[2] != 0 || srcs[0] == 255 || srcs[1] == 255 {
            return Err(());
        }
    } else {
        // No literal in VOP3 (gfx6-gfx9).
        if srcs.contains(&255) {
            return Err(());
        }
        if e.zero_fields != 0 {
            let z = |f: Field, m: u32| if zero(e, f) { m } else { 0 };
            let z1 =
                z(Field::Src0, 0x1ff) | z(Field::Src1, 0x1ff << 9) | z(Field::Src2, 0x1ff << 18);
            if w[0] & z(Field::Vdst, 0xff) != 0 || w[1] & z1 != 0 {
                return Err(());
            }
        }
    }
    set_head(t, Enc::Vop3, e, 2);
    t.lit = w[1];
    t.vdst = v::vdst(g, w) as u16;
    t.src = [srcs[0] as u16, srcs[1] as u16, srcs[2] as u16];
    t.neg = v::neg(g, w) as u8;
    t.omod = v::omod(g, w) as u8;
    // VOP3b (an SGPR carry/condition destination) has no abs nor opsel.
    let vop3b = e.has(Field::Sdst);
    if vop3b {
        t.sdst = v::sdst(g, w) as u16;
        (t.abs, t.opsel) = (0, 0);
    } else {
        t.sdst = t.vdst;
        t.abs = v::abs(g, w) as u8;
        t.opsel = v::opsel(g, w) as u8;
    }
    // gfx6/gfx7's VOP3b has its SDST where VOP3a has CLAMP, and no clamp.
    t.clamp = (gen.facts().vop3b_clamp || !vop3b) && v::clamp(g, w) != 0;
    Ok(())
}

/// VOP3P (gfx9).
fn vop3p(gen: Gen, w: &[u32; 3], t: &mut TInst) -> R {
    let g = G::of(gen);
    use fields::vop3p as p;
    let e = row(gen, Enc::Vop3p, p::op(g, w))?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let srcs = [p::src0(g, w), p::src1(g, w), p::src2(g, w)];
    let vdst = p::vdst(g, w);
    let zero = zeros_ok(e, |z| match z {
        Field::Vdst => vdst,
        Field::Src0 => srcs[0],
        Field::Src1 => srcs[1],
        Field::Src2 => srcs[2],
        _ => 0,
    });
    if !zero || srcs.contains(&255) {
        return Err(());
    }
    set_head(t, Enc::Vop3p, e, 2);
    t.lit = w[1];
    t.vdst = vdst as u16;
    t.src = [srcs[0] as u16, srcs[1] as u16, srcs[2] as u16];
    t.neg_hi = p::neg_hi(g, w) as u8;
    t.opsel = p::opsel(g, w) as u8;
    t.opsel_hi = (p::opsel_hi(g, w) | p::opsel_hi2(g, w) << 2) as u8;
    t.clamp = p::clamp(g, w) != 0;
    t.neg = p::neg(g, w) as u8;
    Ok(())
}

fn ds(gen: Gen, w: &[u32; 3], t: &mut TInst) -> R {
    let g = G::of(gen);
    use fields::ds as f;
    let e = row(gen, Enc::Ds, f::op(g, w))?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let (addr, data0, data1, vdst) = (f::addr(g, w), f::data0(g, w), f::data1(g, w), f::vdst(g, w));
    let zero = zeros_ok(e, |z| match z {
        Field::Addr => addr,
        Field::Data0 => data0,
        Field::Data1 => data1,
        Field::Vdst => vdst,
        _ => 0,
    });
    let gds = f::gds(g, w) != 0;
    // GWS and ordered-count instructions always go to GDS (llvm-mc-19: gds is part of their
    // syntax on gfx6/gfx7, and gfx8's decoder rejects ds_ordered_count without it).
    if !zero || !gds && e.is(flag::DS_GDS_ONLY) {
        return Err(());
    }
    set_head(t, Enc::Ds, e, 2);
    t.lit = w[1];
    t.offset = f::offset0(g, w) as i32;
    t.offset1 = f::offset1(g, w) as u8;
    t.gds = gds;
    t.vaddr = addr as u16;
    t.vdata = data0 as u16;
    t.data1 = data1 as u16;
    t.vdst = vdst as u16;
    Ok(())
}

fn buf(gen: Gen, enc: Enc, w: &[u32; 3], t: &mut TInst) -> R {
    let g = G::of(gen);
    let mt = enc == Enc::Mtbuf;
    // MUBUF and MTBUF share every field the checks read but the opcode and LDS (MUBUF only).
    use fields::{mtbuf, mubuf};
    let op = if mt { mtbuf::op(g, w) } else { mubuf::op(g, w) };
    let e = row(gen, enc, op)?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let lds = !mt && mubuf::lds(g, w) != 0;
    let tfe = mubuf::tfe(g, w) != 0;
    // The LDS forms have no tfe; buffer_store_lds_dword exists only as an LDS form.
    if lds && tfe || !lds && e.is(flag::STORE_LDS_DWORD) {
        return Err(());
    }
    // Cache invalidations (buffer_wbinvl1*) have no operands: as llvm-mc does on gfx8/gfx9
    // (measured), offset, slc and the second dword apart from tfe are ignored; offen, idxen, glc,
    // bit 15 (addr64) and lds are rejected, and so is tfe.
    if !mt && e.operands.is_empty() {
        if bits(w[0], 12, 5) != 0 || tfe {
            return Err(());
        }
    } else {
        let soffset = mubuf::soffset(g, w);
        let zero = zeros_ok(e, |z| match z {
            Field::Vaddr => mubuf::vaddr(g, w),
            Field::Vdata => mubuf::vdata(g, w),
            Field::Srsrc => mubuf::srsrc(g, w),
            Field::Soffset => soffset,
            _ => 0,
        });
        // A 64-bit address (gfx6/gfx7 ADDR64) takes neither offen nor idxen; no literal soffset.
        let addr64 = mubuf::addr64(g, w) != 0 && (mubuf::offen(g, w) | mubuf::idxen(g, w)) != 0;
        if !zero || addr64 && e.has(Field::Vaddr) || soffset == 255 {
            return Err(());
        }
    }
    set_head(t, enc, e, 2);
    t.lit = w[1];
    if mt {
        t.offset = mtbuf::offset(g, w) as i32;
        t.offen = mtbuf::offen(g, w) != 0;
        t.idxen = mtbuf::idxen(g, w) != 0;
        t.glc = mtbuf::glc(g, w) != 0;
        t.addr64 = mtbuf::addr64(g, w) != 0;
        t.dfmt = mtbuf::dfmt(g, w) as u8;
        t.nfmt = mtbuf::nfmt(g, w) as u8;
        t.lds = false;
        t.slc = mtbuf::slc(g, w) != 0;
        t.vaddr = mtbuf::vaddr(g, w) as u16;
        t.vdata = mtbuf::vdata(g, w) as u16;
        t.srsrc = (mtbuf::srsrc(g, w) * 4) as u16;
        t.tfe = mtbuf::tfe(g, w) != 0;
        t.soffset = mtbuf::soffset(g, w) as u16;
    } else {
        t.offset = mubuf::offset(g, w) as i32;
        t.offen = mubuf::offen(g, w) != 0;
        t.idxen = mubuf::idxen(g, w) != 0;
        t.glc = mubuf::glc(g, w) != 0;
        t.addr64 = mubuf::addr64(g, w) != 0;
        (t.dfmt, t.nfmt) = (0, 0);
        t.lds = lds;
        t.slc = mubuf::slc(g, w) != 0;
        t.vaddr = mubuf::vaddr(g, w) as u16;
        t.vdata = mubuf::vdata(g, w) as u16;
        t.srsrc = (mubuf::srsrc(g, w) * 4) as u16;
        t.tfe = tfe;
        t.soffset = mubuf::soffset(g, w) as u16;
    }
    t.vdst = t.vdata;
    Ok(())
}

fn mimg(gen: Gen, w: &[u32; 3], t: &mut TInst) -> R {
    let g = G::of(gen);
    use fields::mimg as f;
    let e = row(gen, Enc::Mimg, f::op(g, w))?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let zero = zeros_ok(e, |z| match z {
        Field::Vaddr => f::vaddr(g, w),
        Field::Vdata => f::vdata(g, w),
        Field::Srsrc => f::srsrc(g, w),
        Field::Ssamp => f::ssamp(g, w),
        _ => 0,
    });
    if !zero {
        return Err(());
    }
    set_head(t, Enc::Mimg, e, 2);
    t.lit = w[1];
    // The emulator reads `mimg()`; `img` holds the same fields for the encoder.
    t.img = t.mimg().ok_or(())?;
    t.ignored = f::ignored(g, w) as u16;
    Ok(())
}

fn flat(gen: Gen, w: &[u32; 3], t: &mut TInst) -> R {
    let g = G::of(gen);
    use fields::flat as f;
    let saddr = f::saddr(g, w);
    let enc = match (f::seg(g, w), f::has_saddr(g) && saddr != 0x7f) {
        (0, _) => Enc::Flat,
        (1, false) => Enc::Scratch,
        (1, true) => Enc::ScratchSaddr,
        (2, false) => Enc::Global,
        (2, true) => Enc::GlobalSaddr,
        _ => return Err(()),
    };
    let e = row(gen, enc, f::op(g, w))?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    // FLAT itself has no scalar address; the LDS forms have no `nv` bit (llvm-mc rejects it
    // there, and ignores it elsewhere).
    if enc == Enc::Flat && f::has_saddr(g) && saddr != 0 || f::lds(g, w) != 0 && f::nv(g, w) != 0 {
        return Err(());
    }
    let (addr, data, vdst) = (f::addr(g, w), f::data(g, w), f::vdst(g, w));
    let zero = zeros_ok(e, |z| match z {
        Field::Addr => addr,
        Field::Data => data,
        Field::Vdst => vdst,
        _ => 0,
    });
    if !zero {
        return Err(());
    }
    set_head(t, enc, e, 2);
    t.lit = w[1];
    // FLAT's offset is unsigned 12 bit, GLOBAL's and SCRATCH's signed 13 bit (gfx9; gfx7/gfx8
    // have none).
    let off = f::offset(g, w);
    t.reserved = [0; 2];
    t.offset = if enc == Enc::Flat {
        // (Bit 12, printed by llvm-objdump, is not part of FLAT's offset: a reserved bit.)
        let mut x = [0u32; 2];
        if off & 0x1000 != 0 && f::set_offset(g, &mut x, off & 0x1000) {
            t.reserved = x;
        }
        (off & 0xfff) as i32
    } else {
        ((off << 19) as i32) >> 19
    };
    t.lds = f::lds(g, w) != 0;
    t.glc = f::glc(g, w) != 0;
    t.slc = f::slc(g, w) != 0;
    t.vaddr = addr as u16;
    t.vdata = data as u16;
    // FLAT itself has no scalar address (its SADDR field is ignored: llvm-objdump prints none);
    // GLOBAL/SCRATCH take one unless it is `off` (0x7f).
    t.saddr = if f::has_saddr(g) && enc != Enc::Flat {
        saddr as u16
    } else {
        0x7f
    };
    t.vdst = vdst as u16;
    t.nv = f::nv(g, w) != 0;
    t.tfe = f::tfe(g, w) != 0;
    t.ignored = f::ignored(g, w) as u16;
    Ok(())
}
