//! The GCN assembler's last checks: rules llvm-mc-19 applies to an otherwise well-formed
//! instruction (operand ranges that depend on the operation or the generation, modifier
//! combinations, MIMG data sizes), made on the encoded words (read back through
//! [`crate::fields`]) and the parsed operands (for spans). Each rule names the llvm-mc-19 message
//! it mirrors; `scripts/amd-asm-spellings.py` ("as-printed") finds the texts llvm-mc rejects and
//! this assembler does not.

use super::asm::parse::{parse_int, Parsed, Val};
use super::asm::AsmError;
use super::table::Entry;
use super::{Enc, Gen};
use crate::fields::{self as f, G};
use crate::op::Mem;
use gpuisa_core::Span;

fn err<T>(span: Span, msg: &str) -> Result<T, AsmError> {
    Err(AsmError {
        span,
        message: msg.to_string(),
    })
}

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
