//! The GCN assembler's last checks: rules llvm-mc-19 applies to an otherwise well-formed
//! instruction (operand ranges that depend on the operation or the generation, modifier
//! combinations, MIMG data sizes), made on the encoded words (read back through
//! [`crate::fields`]) and the parsed operands (for spans). Each rule names the llvm-mc-19 message
//! it mirrors; `scripts/amd-asm-spellings.py` ("as-printed") finds the texts llvm-mc rejects and
//! this assembler does not.

use super::asm::parse::{parse_int, Parsed, Val};
use super::asm::{err, AsmError};
use super::regclass::{Class, Fit};
use super::table::Entry;
use super::{Enc, Gen};
use crate::fields::{self as f, G};
use crate::op::Mem;
use gpuisa_core::Span;

/// The span of modifier `name` (or `whole`).
fn mod_span(p: &Parsed, name: &str, whole: Span) -> Span {
    p.mods
        .iter()
        .rev()
        .find(|(k, _, _)| k == name)
        .map_or(whole, |x| x.2)
}

/// Checks an encoded instruction of row `e` (see the module comment).
pub(super) fn check(
    gen: Gen,
    enc: Enc,
    e: &Entry,
    p: &Parsed,
    words: &[u32],
    whole: Span,
) -> Result<(), AsmError> {
    let g = G::of(gen);
    let facts = e.id.facts();
    let name = e.mnemonic;
    // v_interp_* (VINTRP, and the VOP3 forms of gfx8/gfx9): attributes 0-32.
    for (v, _, s) in &p.vals {
        if let Val::Ident(t) = v {
            let n = t.strip_prefix("attr").and_then(|r| r.split('.').next());
            if n.and_then(|n| n.parse::<u32>().ok())
                .is_some_and(|n| n > 32)
            {
                return err(*s, "out of bounds interpolation attribute number");
            }
        }
    }
    match enc {
        Enc::Mubuf | Enc::Mtbuf => {
            let store_or_atomic = matches!(facts.mem, Mem::Store | Mem::Atomic | Mem::AtomicRtn);
            if store_or_atomic && p.flag("tfe") {
                return err(mod_span(p, "tfe", whole), "invalid operand for instruction");
            }
        }
        Enc::Flat | Enc::Global | Enc::GlobalSaddr | Enc::Scratch | Enc::ScratchSaddr => {
            if let Some((v, s)) = p.value("offset") {
                let o = parse_int(v).unwrap_or(0);
                // The FLAT encoding has an offset field from gfx9 on.
                if !f::flat::has_offset(g) && o != 0 {
                    return err(s, "flat offset modifier is not supported on this GPU");
                }
                if enc == Enc::Flat && !(0..=4095).contains(&o) {
                    return err(s, "expected a 12-bit unsigned offset");
                }
            }
        }
        Enc::Smem => {
            // s_buffer_* and s_atc_probe_buffer take an unsigned offset where the field is
            // signed (gfx9); gfx8's field is unsigned and its encoder refuses a negative one.
            let unsigned = name.starts_with("s_buffer_") || name.starts_with("s_atc_probe_buffer");
            let imm = f::smem::imm(g, words) == 1;
            if unsigned && imm && (f::smem::offset(g, words) as i32) < 0 {
                let at = p
                    .value("offset")
                    .map(|x| x.1)
                    .or_else(|| p.vals.last().map(|x| x.2));
                return err(at.unwrap_or(whole), "expected a 20-bit unsigned offset");
            }
        }
        Enc::Sopp | Enc::Sopc if name == "s_set_gpr_idx_mode" || name == "s_set_gpr_idx_on" => {
            // s_set_gpr_idx_on's mode is its SOPC SSRC1 field.
            let imm = if enc == Enc::Sopp {
                f::sopp::simm16(g, words)
            } else {
                f::sopc::ssrc1(g, words)
            };
            if imm > 15 {
                return err(
                    p.vals.last().map_or(whole, |x| x.2),
                    "invalid immediate: only 4-bit values are legal",
                );
            }
        }
        // gfx6-gfx8's s_cbranch_g_fork reads two SGPR pairs (inline constants, no literal).
        Enc::Sop2 if name == "s_cbranch_g_fork" && words.len() > 1 => {
            return err(
                p.vals.last().map_or(whole, |x| x.2),
                "invalid operand for instruction",
            );
        }
        _ => {}
    }
    Ok(())
}

/// Operands outside the register class llvm-mc-19 gives the operation's field: every value
/// the rule of [`super::regclass`] does not find [`Fit::ok`] (llvm-objdump-19 prints it with a
/// `/*Invalid register, operand has 'C' register class*/` or `/*Invalid immediate*/` note, or
/// without one where the two LLVM tools differ, docs/assembler.md), on the words' field values:
/// the same predicates the GCN printer's operand writers apply (`gcn::print`,
/// `print/{vop,vop3,mem}.rs`).
pub(crate) fn operand_classes(
    gen: Gen,
    enc: Enc,
    e: &Entry,
    p: &Parsed,
    words: &[u32],
    whole: Span,
) -> Result<(), AsmError> {
    use super::regclass as rc;
    use super::table::{flag, Field};
    let g = G::of(gen);
    // The span of the k-th operand (the whole line if the operands are fewer).
    let at = |k: usize| p.vals.get(k).map_or(whole, |x| x.2);
    let bad = |k: usize| err(at(k), "invalid operand for instruction");
    // Each operand: its index in the operand list and its verdict.
    let check = |list: &[(usize, Fit)]| match list.iter().find(|(_, f)| !f.ok()) {
        Some((k, _)) => bad(*k),
        None => Ok(()),
    };
    let n = |fl: Field| e.field(fl).map_or(1, |x| x.0 as u32);
    match enc {
        Enc::Sop1 => {
            let v = f::sop1::ssrc0(g, words);
            let fit = if e.is(flag::REG_ONLY_SOP1) {
                rc::reg_only_src(gen, v, n(Field::Ssrc0))
            } else {
                rc::salu_src(v, n(Field::Ssrc0))
            };
            check(&[(if e.operands.len() > 1 { 1 } else { 0 }, fit)])
        }
        Enc::Sop2 | Enc::Sopc => {
            let (a, b) = if enc == Enc::Sop2 {
                (f::sop2::ssrc0(g, words), f::sop2::ssrc1(g, words))
            } else {
                (f::sopc::ssrc0(g, words), f::sopc::ssrc1(g, words))
            };
            let first = if enc == Enc::Sop2 { 1 } else { 0 };
            check(&[
                (first, rc::salu_src(a, n(Field::Ssrc0))),
                (first + 1, rc::salu_src(b, n(Field::Ssrc1))),
            ])
        }
        // v_readfirstlane's source (a VGPR or lds_direct); v_swap/v_movrel*'s (a VGPR).
        Enc::Vop1 if e.is(flag::READFIRSTLANE | flag::VGPR_ONLY_SRC0) => {
            let v = f::vop1::src0(g, words);
            let fit = if e.is(flag::READFIRSTLANE) {
                rc::vreg_or_lds(gen, v)
            } else {
                rc::vgpr(gen, v)
            };
            let d = if e.is(flag::READFIRSTLANE) {
                rc::sdst8(f::vop1::vdst(g, words), 1)
            } else {
                Fit::Ok
            };
            check(&[(0, d), (1, fit)])
        }
        // gfx6/gfx7 VOP2 v_readlane_b32 (a VGPR or lds_direct source, an SGPR destination) and
        // v_writelane_b32 (a VOP2 source but a VGPR); the lane select (VSRC1, as a source code)
        // is an `SReg_32` either way, one register (llvm-mc-19 refuses `vcc`, `s[4:5]` there,
        // whose first code is that of a 32-bit register).
        Enc::Vop2 if e.is(flag::LANE_B32) => {
            let v = f::vop2::src0(g, words);
            let (d, src) = if e.is(flag::READLANE) {
                (
                    rc::sdst8(f::vop2::vdst(g, words), 1),
                    rc::vreg_or_lds(gen, v),
                )
            } else {
                (Fit::Ok, rc::sreg32(v, true))
            };
            let lane = match p.vals.get(2) {
                Some((Val::Reg { n, .. }, _, _)) if *n > 1 => Fit::Reg(Class::Sreg32),
                _ => rc::sreg32(f::vop2::vsrc1(g, words), false),
            };
            check(&[(0, d), (1, src), (2, lane)])
        }
        // v_readlane_b32 (`SReg_32` destination, a VGPR source) and v_writelane_b32 (`SReg_32`
        // value); the lane select is an `SReg_32`.
        Enc::Vop3 if e.is(flag::READLANE | flag::WRITELANE) => {
            let (d, s0, s1) = (
                f::vop3::vdst(g, words),
                f::vop3::src0(g, words),
                f::vop3::src1(g, words),
            );
            let (d, src) = if e.is(flag::READLANE) {
                (rc::sdst8(d, 1), rc::vreg_or_lds(gen, s0))
            } else {
                (Fit::Ok, rc::sreg32(s0, false))
            };
            check(&[(0, d), (1, src), (2, rc::sreg32(s1, false))])
        }
        // The VOP3 interpolation forms' VGPR sources: `vdst, src1, attr[, src2]`.
        Enc::Vop3 if e.is(flag::INTERP) => {
            let (v1, v2) = rc::interp_vsrcs(e);
            let last = p.vals.len().saturating_sub(1);
            check(&[
                (1, when(v1, || rc::vgpr(gen, f::vop3::src1(g, words)))),
                (last, when(v2, || rc::vgpr(gen, f::vop3::src2(g, words)))),
            ])
        }
        Enc::Vop3 => {
            let (d, s0, s2) = (
                f::vop3::vdst(g, words),
                f::vop3::src0(g, words),
                f::vop3::src2(g, words),
            );
            // The sources follow the destination(s) in the operand list.
            let first = e
                .operands
                .iter()
                .position(|o| {
                    matches!(
                        o,
                        super::table::Operand::Field {
                            field: Field::Src0,
                            ..
                        }
                    )
                })
                .unwrap_or(1);
            check(&[
                (
                    first,
                    when(e.is(flag::VGPR_ONLY_SRC0), || rc::vgpr(gen, s0)),
                ),
                // A compare's SGPR destination (v_readfirstlane's ...).
                (0, when(e.is(flag::SDST8), || rc::sdst8(d, n(Field::Vdst)))),
                (
                    first + 2,
                    when(e.is(flag::CARRY_IN | flag::CNDMASK), || rc::sreg1_xexec(s2)),
                ),
                (
                    first + 2,
                    when(e.is(flag::MQSAD_U32_U8), || rc::vreg128(gen, s2)),
                ),
            ])
        }
        Enc::Smem | Enc::Smrd => {
            let (sbase, sdata) = if enc == Enc::Smem {
                (f::smem::sbase(g, words), f::smem::sdata(g, words))
            } else {
                (f::smrd::sbase(g, words), f::smrd::sdst(g, words))
            };
            // A base of 4 registers (s_buffer_*) is SGPRs or TTMPs; a pair may be any 64-bit
            // register (vcc, exec ...). The data exclude m0 and exec.
            let data = if e.has(Field::Sdata) {
                rc::smem_sdata(gen, sdata, n(Field::Sdata))
            } else {
                Fit::Ok
            };
            check(&[
                (1, rc::sreg_base(gen, 2 * sbase, n(Field::Sbase))),
                (0, data),
            ])
        }
        Enc::Mubuf | Enc::Mtbuf => {
            let (r, so) = if enc == Enc::Mubuf {
                (f::mubuf::srsrc(g, words), f::mubuf::soffset(g, words))
            } else {
                (f::mtbuf::srsrc(g, words), f::mtbuf::soffset(g, words))
            };
            let last = p.vals.len().saturating_sub(1);
            check(&[
                (2, rc::sreg_base(gen, 4 * r, 4)),
                (last, rc::sreg32(so, false)),
            ])
        }
        Enc::Mimg => {
            let ssamp = if f::mimg::has_ssamp(g) {
                rc::sreg_base(gen, 4 * f::mimg::ssamp(g, words), 4)
            } else {
                Fit::Ok
            };
            check(&[
                (2, rc::sreg_base(gen, 4 * f::mimg::srsrc(g, words), 8)),
                (3, ssamp),
            ])
        }
        _ => Ok(()),
    }
}

/// The rule's verdict where it applies (`on`), else `Ok`.
fn when(on: bool, rule: impl FnOnce() -> Fit) -> Fit {
    if on {
        rule()
    } else {
        Fit::Ok
    }
}

/// MIMG: the data registers must match DMASK (4 for gather4; an atomic's DMASK is its data
/// size), D16 (packed halves from gfx9 on, one per register on gfx8) and TFE.
pub(super) fn mimg_data(
    gen: Gen,
    e: &Entry,
    p: &Parsed,
    words: &[u32],
    whole: Span,
) -> Result<(), AsmError> {
    let g = G::of(gen);
    let dmask = f::mimg::dmask(g, words);
    let gather = e.mnemonic.starts_with("image_gather4");
    if gather && dmask.count_ones() != 1 {
        return err(
            mod_span(p, "dmask", whole),
            "invalid image_gather dmask: only one bit must be set",
        );
    }
    let Some((Val::Reg { n, vgpr: true, .. }, _, _)) = p.vals.first() else {
        return Ok(());
    };
    let mut comps = if gather { 4 } else { dmask.count_ones().max(1) };
    let d16 = f::mimg::has_d16(g) && f::mimg::d16(g, words) == 1;
    if d16 && gen >= Gen::Gfx9 {
        comps = comps.div_ceil(2);
    }
    let want = comps + f::mimg::tfe(g, words);
    if *n != want {
        let msg = if gen >= Gen::Gfx9 {
            "image data size does not match dmask, d16 and tfe"
        } else {
            "image data size does not match dmask and tfe"
        };
        return err(whole, msg);
    }
    Ok(())
}

/// `exp`: targets 10, 11 and 16-31 are invalid (llvm-objdump prints them `invalid_target_N`).
pub(super) fn exp_target(tgt: u32, span: Span) -> Result<(), AsmError> {
    if matches!(tgt, 10 | 11 | 16..=31) {
        return err(span, "invalid exp target");
    }
    Ok(())
}
