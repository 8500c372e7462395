//! The GCN assembler's last checks: rules llvm-mc-19 applies to an otherwise well-formed
//! instruction (operand ranges that depend on the operation or the generation, modifier
//! combinations, MIMG data sizes), made on the encoded words (read back through
//! [`crate::fields`]) and the parsed operands (for spans). Each rule names the llvm-mc-19 message
//! it mirrors; `scripts/amd-asm-spellings.py` ("as-printed") finds the texts llvm-mc rejects and
//! this assembler does not.

use super::asm::parse::{parse_int, Parsed, Val};
use super::asm::{err, AsmError};
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

/// Operands outside the register class llvm-mc-19 gives the operation's field (the classes
/// llvm-objdump-19 notes as `/*Invalid register, operand has 'C' register class*/` or
/// `/*Invalid immediate*/` when it lists such a word, docs/assembler.md): the words' field
/// values, as the GCN printers test them (`gcn::print` and `print/{vop,vop3,mem}.rs`).
pub(crate) fn operand_classes(
    gen: Gen,
    enc: Enc,
    e: &Entry,
    p: &Parsed,
    words: &[u32],
    whole: Span,
) -> Result<(), AsmError> {
    use super::operand::{classify, ttmp_base, Src};
    use super::table::flag;
    let g = G::of(gen);
    let constant = |v: u32| matches!(classify(v), Src::Int(_) | Src::Float(_) | Src::Literal);
    // The span of the k-th operand (the whole line if the operands are fewer).
    let at = |k: usize| p.vals.get(k).map_or(whole, |x| x.2);
    let bad = |k: usize| err(at(k), "invalid operand for instruction");
    // A special register pair/quad where a resource or base must be SGPRs or TTMPs
    // (flat_scratch, xnack_mask, vcc, tba, tma, exec: `SReg_N`).
    let special_base = |v: u32| (102..ttmp_base(gen)).contains(&v) || v == 126;
    match enc {
        Enc::Sop1 => {
            let v = f::sop1::ssrc0(g, words);
            // s_movrels_b32/b64, s_rfe_b64, s_setpc_b64, s_cbranch_join: registers only, of the
            // operand's size (llvm-mc-19 takes src_vccz/src_execz/src_scc/src_pops_exiting_wave_id
            // as 32-bit registers, the apertures src_shared_base ... as 64-bit ones).
            let reg_only_bad = || {
                let n = e.field(super::table::Field::Ssrc0).map_or(1, |x| x.0);
                constant(v)
                    || if n >= 2 {
                        matches!(v, 239 | 251..=253)
                    } else {
                        (235..=238).contains(&v)
                    }
            };
            if v == 254 || e.is(flag::REG_ONLY_SOP1) && reg_only_bad() {
                return bad(if e.operands.len() > 1 { 1 } else { 0 });
            }
        }
        Enc::Sop2 | Enc::Sopc => {
            // SALU cannot read lds_direct.
            let (a, b) = if enc == Enc::Sop2 {
                (f::sop2::ssrc0(g, words), f::sop2::ssrc1(g, words))
            } else {
                (f::sopc::ssrc0(g, words), f::sopc::ssrc1(g, words))
            };
            let first = if enc == Enc::Sop2 { 1 } else { 0 };
            if a == 254 {
                return bad(first);
            }
            if b == 254 {
                return bad(first + 1);
            }
        }
        Enc::Vop1 if e.is(flag::READFIRSTLANE | flag::VGPR_ONLY_SRC0) => {
            let v = f::vop1::src0(g, words);
            // v_readfirstlane reads a VGPR or lds_direct; v_swap/v_movrel* a VGPR.
            let ok = v >= 256
                || v == 254 && e.is(flag::READFIRSTLANE)
                || matches!(classify(v), Src::Special(_)) && e.is(flag::VGPR_ONLY_SRC0);
            if !ok {
                return bad(1);
            }
        }
        // gfx6/gfx7 VOP2 v_readlane_b32 (a VGPR or lds_direct source) and v_writelane_b32 (an
        // `SReg_32` value); the lane select (VSRC1) is an `SReg_32` either way.
        Enc::Vop2 if e.is(flag::LANE_B32) => {
            let v = f::vop2::src0(g, words);
            let lane_ok = if e.is(flag::READLANE) {
                v >= 256 || v == 254
            } else {
                v < 254 || v == 255
            };
            if !lane_ok {
                return bad(1);
            }
            if f::vop2::vsrc1(g, words) == 254 {
                return bad(2);
            }
        }
        // v_readlane_b32 (`SReg_32` destination, a VGPR source but for s125) and
        // v_writelane_b32 (`SReg_32` value); the lane select is an `SReg_32`.
        Enc::Vop3 if e.is(flag::READLANE | flag::WRITELANE) => {
            let (d, s0, s1) = (
                f::vop3::vdst(g, words),
                f::vop3::src0(g, words),
                f::vop3::src1(g, words),
            );
            if e.is(flag::READLANE) {
                if d == 254 || constant(d) {
                    return bad(0);
                }
                if constant(s0) || s0 < 128 && s0 != 125 {
                    return bad(1);
                }
            } else if s0 >= 254 {
                return bad(1);
            }
            if s1 >= 254 {
                return bad(2);
            }
        }
        Enc::Vop3 => {
            let src = [
                f::vop3::src0(g, words),
                f::vop3::src1(g, words),
                f::vop3::src2(g, words),
            ];
            // The sources follow the destination(s) in the operand list.
            let first = e
                .operands
                .iter()
                .position(|o| {
                    matches!(
                        o,
                        super::table::Operand::Field {
                            field: super::table::Field::Src0,
                            ..
                        }
                    )
                })
                .unwrap_or(1);
            if e.is(flag::VGPR_ONLY_SRC0)
                && (src[0] < 256 && !matches!(classify(src[0]), Src::Special(_)))
            {
                return bad(first);
            }
            // A compare's (v_readlane's ...) SGPR destination is no constant.
            if e.is(flag::SDST8) && constant(f::vop3::vdst(g, words)) {
                return bad(0);
            }
            // The carry-in / condition is an SGPR pair (SReg_1_XEXEC), not a VGPR or constant.
            if e.is(flag::CARRY_IN | flag::CNDMASK) && (src[2] >= 256 || constant(src[2])) {
                return bad(first + 2);
            }
            // v_mqsad_u32_u8's src2 is a VGPR quad (VReg_128).
            if e.is(flag::MQSAD_U32_U8) && src[2] < 256 {
                return bad(first + 2);
            }
        }
        Enc::Smem | Enc::Smrd => {
            let (sbase, sdata) = if enc == Enc::Smem {
                (f::smem::sbase(g, words), f::smem::sdata(g, words))
            } else {
                (f::smrd::sbase(g, words), f::smrd::sdst(g, words))
            };
            let n = |fl: super::table::Field| e.field(fl).map_or(1, |x| x.0 as u32);
            // A base of 4 registers (s_buffer_*) is SGPRs or TTMPs; a pair may be any 64-bit
            // register (vcc, exec ...).
            if n(super::table::Field::Sbase) >= 4 && special_base(2 * sbase) {
                return bad(1);
            }
            // The data registers exclude m0 and exec (`SReg_32_XM0_XEXEC`, `SReg_64_XEXEC`)
            // and every special register from 128 bits on.
            if e.has(super::table::Field::Sdata) {
                let nd = n(super::table::Field::Sdata);
                let badd = match nd {
                    1 => matches!(sdata, 124 | 126 | 127),
                    2 => sdata == 126,
                    _ => special_base(sdata),
                };
                if badd {
                    return bad(0);
                }
            }
        }
        Enc::Mubuf | Enc::Mtbuf => {
            let r = 4 * if enc == Enc::Mubuf {
                f::mubuf::srsrc(g, words)
            } else {
                f::mtbuf::srsrc(g, words)
            };
            if special_base(r) {
                return bad(2);
            }
        }
        Enc::Mimg => {
            if special_base(4 * f::mimg::srsrc(g, words)) {
                return bad(2);
            }
            if f::mimg::has_ssamp(g) && special_base(4 * f::mimg::ssamp(g, words)) {
                return bad(3);
            }
        }
        _ => {}
    }
    Ok(())
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
