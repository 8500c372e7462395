//! gfx11 encodings with their own operand syntax: VOPD pairs, EXP, LDSDIR, VINTERP, MIMG, and
//! llvm-mc's aliases.

use super::valu::words_of;
#[allow(unused_imports)]
use super::*;
use crate::fields::Encoding as FE;
use crate::gcn::Enc as GEnc;
use crate::rdna3::encode::{encode_dual, from_src9, inst};

/// VOPD: `X :: Y`, with the register-bank rules llvm enforces.
pub(super) fn vopd_words(text: &str) -> Result<Option<Vec<u32>>, AsmError> {
    let Some((x, y)) = text.split_once(" :: ") else {
        return Ok(None);
    };
    let half = |t: &str, side: usize| -> Option<(u32, u32, u32, u32, Option<u32>)> {
        let (mn, rest) = t.split_once(' ')?;
        let opn =
            (0..32).find(|o| crate::rdna3::vopd::op(side, *o).is_some_and(|v| v.mnemonic == mn))?;
        let vo = crate::rdna3::vopd::op(side, opn)?;
        let ops = split_top(rest, ',');
        if ops.len() != vo.ops.len() {
            return None;
        }
        let (mut vdst, mut src0, mut vsrc1, mut lit) = (0, 0, 0, None);
        for (k, t) in vo.ops.iter().zip(&ops) {
            match *k {
                "vdst" => vdst = super::scalar::vreg_n(t, 1)?,
                "vsrc1" => vsrc1 = super::scalar::vreg_n(t, 1)?,
                "src0" => {
                    if t.ends_with(".h") || t.ends_with(".l") {
                        return None;
                    }
                    // (v_dual_dot2acc_f32_f16 reads packed halves: f16 constants)
                    let ty = if vo.mnemonic == "v_dual_dot2acc_f32_f16" {
                        Ty::PkF
                    } else {
                        Ty::B32
                    };
                    let (v, l) = parse_src9(t, 1, ty)?;
                    src0 = v;
                    if l.is_some() {
                        if lit.is_some_and(|x| Some(x) != l) {
                            return None;
                        }
                        lit = l;
                    }
                }
                "k" => {
                    // (one literal: src0's, if any, must be the same constant)
                    let k = crate::rdna3::asm_operand::parse_literal(t, Ty::B32)?;
                    if lit.is_some_and(|x| x != k) {
                        return None;
                    }
                    lit = Some(k);
                }
                _ => {}
            }
        }
        Some((opn, vdst, src0, vsrc1, lit))
    };
    let (Some(a), Some(b)) = (half(x, 0), half(y.trim(), 1)) else {
        return Ok(None);
    };
    // llvm's bank rules: src0, src1 and src2 of X and Y (when both are VGPRs) in different banks
    // (register % 4); fmamk's VGPR is its src2, fmac/dot2acc read vdst as src2; destinations one
    // even, one odd
    let srcs = |h: &(u32, u32, u32, u32, Option<u32>), side: usize| -> [Option<u32>; 3] {
        let mn = crate::rdna3::vopd::op(side, h.0).map_or("", |o| o.mnemonic);
        let s0 = (h.2 >= 256).then(|| h.2 - 256);
        match mn {
            "v_dual_fmamk_f32" => [s0, None, Some(h.3)],
            "v_dual_fmaak_f32" => [s0, Some(h.3), None],
            "v_dual_fmac_f32" | "v_dual_dot2acc_f32_f16" | "v_dual_dot2acc_f32_bf16" => {
                [s0, Some(h.3), Some(h.1)]
            }
            "v_dual_mov_b32" => [s0, None, None],
            _ => [s0, Some(h.3), None],
        }
    };
    let (sa, sb) = (srcs(&a, 0), srcs(&b, 1));
    for i in 0..3 {
        if let (Some(p), Some(q)) = (sa[i], sb[i]) {
            if p % 4 == q % 4 {
                return err(0, format!("src{i} operands must use different VGPR banks"));
            }
        }
    }
    if a.1 % 2 == b.1 % 2 {
        return err(0, "one dst register must be even and the other odd");
    }
    if let (Some(l1), Some(l2)) = (a.4, b.4) {
        if l1 != l2 {
            return err(
                0,
                "invalid VOPD instruction: X and Y use different literals",
            );
        }
    }
    // The two halves as the typed decoder gives them, encoded together.
    let typed = |h: &(u32, u32, u32, u32, Option<u32>)| {
        let mut t = inst(FE::Vopd, GEnc::Vop2, h.0);
        t.vdst = h.1 as u16;
        t.src[0] = from_src9(h.2);
        t.src[1] = (256 + h.3) as u16;
        t
    };
    let (mut x, y) = (typed(&a), typed(&b));
    x.len = 2;
    if let Some(l) = a.4.or(b.4) {
        x.lit = l;
        x.len = 3;
    }
    Ok(encode_dual(&x, &y).ok().map(|(w, n)| w[..n].to_vec()))
}

/// EXP, LDSDIR, VINTERP and MIMG, whose operand syntax is their own.
pub(super) fn special_words(mn: &str, rest: &str, wave64: bool) -> Option<Vec<u32>> {
    if mn == "exp" {
        let (tgt, rest) = rest.split_once(' ')?;
        let t = match tgt {
            "mrtz" => 8,
            "prim" => 20,
            "dual_src_blend0" => 21,
            "dual_src_blend1" => 22,
            _ => {
                // (llvm-objdump prints other targets as `invalid_target_N`, which llvm-mc
                // refuses: "invalid exp target")
                if let Some(n) = tgt.strip_prefix("mrt") {
                    n.parse::<u32>().ok().filter(|n| *n <= 7)?
                } else if let Some(n) = tgt.strip_prefix("pos") {
                    12 + n.parse::<u32>().ok().filter(|n| *n <= 4)?
                } else {
                    return None;
                }
            }
        };
        let (ops, mods) = operands_and_mods(rest);
        if ops.len() != 4 {
            return None;
        }
        let mut i = inst(FE::Exp, GEnc::Exp, 0);
        i.len = 2;
        i.exp.target = t as u8;
        // (EN: one bit per source written)
        for (k, o) in ops.iter().enumerate() {
            if *o != "off" {
                i.exp.en |= 1 << k;
                i.exp.vsrc[k] = super::scalar::vreg_n(o, 1)? as u8;
            }
        }
        for m in &mods {
            match *m {
                "done" => i.exp.done = true,
                "row_en" => i.g11.row_en = true,
                _ => return None,
            }
        }
        return words_of(&i);
    }
    if mn == "lds_param_load" || mn == "lds_direct_load" {
        let (ops, mods) = operands_and_mods(rest);
        if crate::rdna3::asm_operand::repeated_modifier(&mods) {
            return None;
        }
        // (OP 0 lds_param_load, 1 lds_direct_load)
        let mut i = inst(FE::Ldsdir, GEnc::Exp, (mn == "lds_direct_load") as u32);
        i.vdst = super::scalar::vreg_n(ops.first()?, 1)? as u16;
        if mn == "lds_param_load" {
            let a = ops.get(1)?.strip_prefix("attr")?;
            let (n, c) = a.split_once('.')?;
            i.attrchan = ["x", "y", "z", "w"].iter().position(|x| *x == c)? as u8;
            i.attr = n.parse::<u8>().ok()?;
        }
        for m in &mods {
            i.g11.wait |= (parse_int(m.strip_prefix("wait_vdst:")?)? & 0xf) as u8;
        }
        return words_of(&i);
    }
    if mn.starts_with("v_interp_") {
        let op = (0..128).find(|o| orow(OEnc::Vinterp, *o).is_some_and(|r| r.mnemonic == mn))?;
        let (ops, mods) = operands_and_mods(rest);
        if ops.len() != 4 {
            return None;
        }
        if crate::rdna3::asm_operand::repeated_modifier(&mods) {
            return None;
        }
        let mut i = inst(FE::Vinterp, GEnc::Exp, op);
        i.len = 2;
        i.vdst = super::scalar::vreg_n(ops[0], 1)? as u16;
        let mut lit = None;
        for (k, o) in ops[1..].iter().enumerate() {
            // (neg only)
            let (t, neg, abs, sext) = strip_mods(o);
            if abs || sext || t.ends_with(".h") || t.ends_with(".l") {
                return None;
            }
            // (VINTERP sources are VGPRs: llvm-mc-19 refuses constants and SGPRs)
            let (v, l) = parse_src9(t, 1, Ty::B32)?;
            if v < 256 || l.is_some() {
                return None;
            }
            if l.is_some() {
                lit = l;
            }
            i.src[k] = from_src9(v);
            // (NEG: one bit per source)
            i.neg |= (neg as u8) << k;
        }
        for m in &mods {
            if *m == "clamp" {
                i.clamp = true;
            } else if let Some(b) = m.strip_prefix("op_sel:") {
                i.opsel |= u8::try_from(parse_bits(b)?).ok()?;
            } else {
                i.g11.wait |= (parse_int(m.strip_prefix("wait_exp:")?)? & 7) as u8;
            }
        }
        if let Some(l) = lit {
            i.lit = l;
            i.len = 3;
        }
        let w = words_of(&i)?;
        // the bits llvm-mc takes
        let ok = orow(OEnc::Vinterp, op)?.ok[wave64 as usize];
        if w[0] & !ok[0] != 0 || w[1] & !ok[1] != 0 {
            return None;
        }
        return Some(w);
    }
    if mn.starts_with("image_") {
        let op = (0..256).find(|o| orow(OEnc::Mimg, *o).is_some_and(|r| r.mnemonic == mn))?;
        let r = orow(OEnc::Mimg, op)?;
        let (ops, mods) = operands_and_mods(rest);
        if ops.len() != r.ops.len() || crate::rdna3::asm_operand::repeated_modifier(&mods) {
            return None;
        }
        // (no `.l`/`.h` halves)
        let parse_vreg = |t: &str| parse_vreg(t).filter(|x| x.2.is_none());
        let mut i = inst(FE::Mimg, GEnc::Mimg, op);
        i.len = 2;
        let m = &mut i.img;
        for (o, t) in r.ops.iter().zip(&ops) {
            match *o {
                OOp::Reg("vdata", ..) => m.vdata |= parse_vreg(t)?.0 as u16,
                OOp::Reg("vaddr", ..) => {
                    if let Some(list) = t.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
                        // NSA: the further address VGPRs in the third dword, one a byte
                        let mut e = [0u8; 4];
                        for (k, a) in list.split(',').map(str::trim).enumerate() {
                            let v = parse_vreg(a)?.0;
                            if k == 0 {
                                m.vaddr |= v as u16;
                            } else if k <= 4 {
                                e[k - 1] |= v as u8;
                            }
                        }
                        m.nsa = Some(e);
                    } else {
                        m.vaddr |= parse_vreg(t)?.0 as u16;
                    }
                }
                // (SRSRC and SSAMP count register quads: an unaligned one is refused)
                OOp::Reg("srsrc", ..) => m.srsrc = parse_sreg(t, 8)? as u16,
                OOp::Reg("ssamp", ..) => m.ssamp = parse_sreg(t, 4)? as u16,
                _ => return None,
            }
        }
        const DIMS: [&str; 8] = [
            "1D",
            "2D",
            "3D",
            "CUBE",
            "1D_ARRAY",
            "2D_ARRAY",
            "2D_MSAA",
            "2D_MSAA_ARRAY",
        ];
        let mut dim = 0u8;
        for x in &mods {
            if let Some(d) = x.strip_prefix("dmask:") {
                m.dmask |= (parse_int(d)? & 0xf) as u8;
            } else if let Some(d) = x.strip_prefix("dim:SQ_RSRC_IMG_") {
                dim |= DIMS.iter().position(|x| *x == d)? as u8;
            } else {
                *match *x {
                    "unorm" => &mut m.unorm,
                    "slc" => &mut m.slc,
                    "dlc" => &mut i.g11.dlc,
                    "glc" => &mut m.glc,
                    "r128" => &mut m.r128,
                    "a16" => &mut m.a16,
                    "d16" => &mut m.d16,
                    "tfe" => &mut m.tfe,
                    "lwe" => &mut m.lwe,
                    _ => return None,
                } = true;
            }
        }
        m.dim = Some(dim);
        if m.nsa.is_some() {
            i.len = 3;
        }
        let _ = wave64;
        return words_of(&i);
    }
    None
}

/// `swizzle(...)` of `ds_swizzle_b32` back to its 16-bit offset.
pub(super) fn swizzle_offset(t: &str) -> Option<u32> {
    let body = t.strip_prefix("swizzle(")?.strip_suffix(')')?;
    let p: Vec<&str> = body.split(',').map(str::trim).collect();
    let num = |i: usize| -> Option<u32> { p.get(i).and_then(|x| parse_int(x)).map(|v| v as u32) };
    Some(match p[0] {
        "QUAD_PERM" => 0x8000 | num(1)? | num(2)? << 2 | num(3)? << 4 | num(4)? << 6,
        "SWAP" => 0x1f | num(1)? << 10,
        "REVERSE" => 0x1f | (num(1)? - 1) << 10,
        "BROADCAST" => (0x20 - num(1)?) | num(2)? << 5,
        "BITMASK_PERM" => {
            let m = p.get(1)?.trim_matches('"');
            let (mut and, mut or, mut xor) = (0u32, 0u32, 0u32);
            for (i, c) in m.chars().enumerate() {
                let b = 1u32 << (4usize.checked_sub(i)?);
                match c {
                    '1' => or |= b,
                    'p' => and |= b,
                    'i' => {
                        and |= b;
                        xor |= b
                    }
                    '0' => {}
                    _ => return None,
                }
            }
            and | or << 5 | xor << 10
        }
        _ => return None,
    })
}

/// Like llvm-mc: a VALU mnemonic without its encoding suffix takes the 32-bit form when it can,
/// else VOP3 (DPP forms when DPP controls are written).
pub(super) fn alias(
    mn: &str,
    rest: &str,
    wave64: bool,
    check: bool,
) -> Option<Result<Vec<u32>, AsmError>> {
    if !mn.starts_with("v_") || mn.ends_with("_e32") || mn.ends_with("_e64") || mn.ends_with("_dpp")
    {
        return None;
    }
    let dpp = rest.contains("quad_perm") || rest.contains("row_") || rest.contains("dpp8");
    let suffixes: &[&str] = if dpp {
        &["_dpp", "_e64_dpp"]
    } else {
        &["_e32", "_e64"]
    };
    let mut first_err = None;
    for sfx in suffixes {
        let m = format!("{mn}{sfx}");
        if index().contains_key(m.as_str()) {
            match assemble_with(&format!("{m} {rest}"), wave64, check) {
                Ok(w) => return Some(Ok(w)),
                Err(e) => {
                    first_err.get_or_insert(e);
                }
            }
        }
    }
    first_err.map(Err)
}
