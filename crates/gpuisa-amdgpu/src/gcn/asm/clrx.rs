//! CLRX's dialect where it differs from LLVM's (see docs/gcn.md, "CLRX dialect").
//! Operand-level differences (decimal `dmask:11`, `r128`, bare `vmcnt(0) & lgkmcnt(0)` ...) are
//! accepted by the encoders; mnemonic spellings are mapped here. A spelling is only mapped when it
//! is not an LLVM mnemonic of the same generation, so LLVM's meaning always wins.

use super::Encoded;
use crate::gcn::{Enc, Gen};
use std::borrow::Cow;

/// Generation sets of [`SPELLINGS`]: a bit per `Gen` (`1 << gen as u8`).
const GFX6_7: u8 = 1 << Gen::Gfx6 as u8 | 1 << Gen::Gfx7 as u8;
const GFX8: u8 = 1 << Gen::Gfx8 as u8;
const ALL: u8 = GFX6_7 | GFX8 | 1 << Gen::Gfx9 as u8 | 1 << Gen::Gfx906 as u8;

/// CLRX's mnemonic spellings and LLVM's name of the same operation, with the generations the
/// row applies to; the first row of a spelling whose generations include the target's wins.
const SPELLINGS: [(&str, u8, &str); 19] = [
    // GCN 1.2/1.4 carry-out adds: CLRX keeps the GCN 1.0 names.
    ("v_add_i32", GFX8, "v_add_u32"),
    ("v_sub_i32", GFX8, "v_sub_u32"),
    ("v_subrev_i32", GFX8, "v_subrev_u32"),
    ("v_add_i32", ALL, "v_add_co_u32"),
    ("v_sub_i32", ALL, "v_sub_co_u32"),
    ("v_subrev_i32", ALL, "v_subrev_co_u32"),
    ("v_addc_u32", ALL, "v_addc_co_u32"),
    ("v_subb_u32", ALL, "v_subb_co_u32"),
    ("v_subbrev_u32", ALL, "v_subbrev_co_u32"),
    // GCN 1.0/1.1: CLRX also spells the carry-out adds with `_u32`.
    ("v_add_u32", GFX6_7, "v_add_i32"),
    ("v_sub_u32", GFX6_7, "v_sub_i32"),
    ("v_subrev_u32", GFX6_7, "v_subrev_i32"),
    ("s_load_dword_x2", ALL, "s_load_dwordx2"),
    ("s_cmp_ne_u64", ALL, "s_cmp_lg_u64"),
    // CLRX's GCN 1.0/1.1 names of the packed SADs.
    ("v_qsad_u8", ALL, "v_qsad_pk_u16_u8"),
    ("v_mqsad_u8", ALL, "v_mqsad_pk_u16_u8"),
    // gfx906 renamed the mixed-precision MADs to FMAs.
    ("v_mad_mix_f32", ALL, "v_fma_mix_f32"),
    ("v_mad_mixlo_f16", ALL, "v_fma_mixlo_f16"),
    ("v_mad_mixhi_f16", ALL, "v_fma_mixhi_f16"),
];

/// LLVM's mnemonic for a CLRX spelling (identity for LLVM's own names). `known` tells whether a
/// name is an instruction of this generation.
pub fn mnemonic_alias<'a>(gen: Gen, m: &'a str, known: &dyn Fn(&str) -> bool) -> Cow<'a, str> {
    let mapped = SPELLINGS
        .iter()
        .find(|&&(clrx, gens, _)| clrx == m && gens & 1 << gen as u8 != 0)
        .map_or("", |r| r.2);
    if !mapped.is_empty() {
        return Cow::Borrowed(mapped);
    }
    // Integer compares: CLRX's `lg` is LLVM's `ne`, its `tru` LLVM's `t`; float `t` is `tru`.
    for p in ["v_cmp_", "v_cmpx_", "v_cmps_", "v_cmpsx_"] {
        if let Some(rest) = m.strip_prefix(p) {
            if let Some((cond, ty)) = rest.split_once('_') {
                let int = ty.starts_with('i') || ty.starts_with('u');
                let c = match cond {
                    "lg" if int => "ne",
                    "tru" if int => "t",
                    "t" if !int => "tru",
                    _ => cond,
                };
                // (Built on the stack; a name longer than the buffer is no mnemonic.)
                let mut buf = [0u8; 64];
                if let Some(s) = super::joined(&mut buf, &[p, c, "_", ty]) {
                    if known(s) {
                        return Cow::Owned(s.to_string());
                    }
                }
            }
        }
    }
    // `_e32`/`_e64` on an encoding that has only one size (CLRX accepts `s_add_u32_e64`).
    for suf in ["_e32", "_e64"] {
        if let Some(b) = m.strip_suffix(suf) {
            let b = mnemonic_alias(gen, b, known);
            if known(&b) {
                return b;
            }
        }
    }
    Cow::Borrowed(m)
}

/// The MIMG address sizes (dwords) llvm-mc-19 accepts for an instruction, as a bit mask, from
/// data/gcn/asm/mimg-vaddr.txt (probed by scripts/gcn-mimg-vaddr.sh; a table built by build.rs).
/// `None` if not listed.
pub fn mimg_vaddr_sizes(gen: Gen, mnemonic: &str) -> Option<u32> {
    let t = crate::gcn::table::tables(gen).mimg_vaddr;
    let i = t.binary_search_by(|(m, _)| (*m).cmp(mnemonic)).ok()?;
    t.get(i).map(|x| x.1)
}

/// An inline constant source becomes a 32-bit literal: CLRX's `_e64` on a scalar instruction
/// (`s_add_u32_e64 s1, s2, -7`), and a symbol defined later (llvm-mc and CLRX leave its value
/// to a literal). Scalar and VOP1/VOP2/VOPC sources; only one source is converted.
pub fn force_literal(mut x: Encoded) -> Result<Encoded, &'static str> {
    if x.words.len() != 1 {
        // Already has a literal (or a 64-bit encoding): nothing to convert, or not possible.
        return match x.enc {
            Enc::Vop3 | Enc::Vop3p => {
                Err("a symbol defined later needs a literal, which VOP3 cannot hold")
            }
            _ => Ok(x),
        };
    }
    let (nsrc, width) = match x.enc {
        Enc::Sop1 => (1, 8),
        Enc::Sop2 | Enc::Sopc => (2, 8),
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc => (1, 9),
        _ => return Ok(x),
    };
    for k in 0..nsrc {
        let c = x.words[0] >> (width * k) & 0xff;
        if (x.words[0] >> (width * k)) & ((1 << width) - 1) != c {
            continue;
        }
        let lit = match c {
            128..=192 => c - 128,
            193..=208 => (192i32 - c as i32) as u32,
            240..=247 => {
                let f = [0.5f32, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0][c as usize - 240];
                f.to_bits()
            }
            248 => 0.159_154_94_f32.to_bits(),
            _ => continue,
        };
        let mask = ((1u32 << width) - 1) << (width * k);
        x.words[0] = x.words[0] & !mask | 0xff << (width * k);
        x.words.push(lit);
        break;
    }
    Ok(x)
}

/// CLRX's `vop3` on a VOP1 opcode without a VOP3 row (v_nop, v_swap_b32 ...): the VOP3 word of
/// the same operation, whose VOP3 opcode is the VOP1 one plus the generation's offset (read from
/// the tables: any operation with both rows gives it), written through the field inserters.
pub(crate) fn vop1_as_vop3(gen: Gen, w: u32) -> Option<[u32; 2]> {
    use crate::fields::{vop1, vop3, G};
    let t = crate::gcn::table::tables(gen);
    let (t1, t3) = (t.table(Enc::Vop1)?, t.table(Enc::Vop3)?);
    let base = t1.iter().find_map(|e1| {
        t3.iter()
            .find(|e3| e3.id == e1.id)
            .and_then(|e3| e3.op.checked_sub(e1.op))
    })? as u32;
    let g = G::of(gen);
    let w1 = [w];
    let mut out = [0u32; 2];
    let ok = vop3::set_encoding(g, &mut out, vop3::encoding_value(g)?)
        && vop3::set_op(g, &mut out, base + vop1::op(g, &w1))
        && vop3::set_vdst(g, &mut out, vop1::vdst(g, &w1))
        && vop3::set_src0(g, &mut out, vop1::src0(g, &w1));
    ok.then_some(out)
}
