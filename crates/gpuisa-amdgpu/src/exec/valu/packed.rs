//! VOP3P packed math (gfx9 and gfx11), the mixed-precision and dot-product operations.

use super::super::wave::{Src, Wave};
use super::super::{unsupported, Ctx, R};
use super::math::*;
use crate::gcn::inst::TInst;
use crate::op::Op;

/// VOP3P packed math (gfx9): each half of the result from the halves op_sel/op_sel_hi choose.
pub(super) fn vop3p(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>) -> R {
    use Op::*;
    let exec = w.exec();
    let srcs = [
        w.src(i, 0, true, true),
        w.src(i, 1, true, true),
        w.src(i, 2, true, true),
    ];
    let vdst = i.vdst as usize;
    if matches!(
        i.op,
        V_MAD_MIX_F32
            | V_MAD_MIXLO_F16
            | V_MAD_MIXHI_F16
            | V_FMA_MIX_F32
            | V_FMA_MIXLO_F16
            | V_FMA_MIXHI_F16
            | V_DOT2_F32_F16
            | V_DOT2_I32_I16
            | V_DOT2_U32_U16
            | V_DOT4_I32_I8
            | V_DOT4_U32_U8
            | V_DOT8_I32_I4
            | V_DOT8_U32_U4
    ) {
        return mix_dot(w, i, ctx, srcs);
    }
    for l in 0..w.lanes {
        if exec >> l & 1 == 0 {
            continue;
        }
        let half = |k: usize, hi: bool| -> u16 {
            let v = w.lane(srcs[k], l, 1) as u32;
            let sel = if hi {
                i.opsel_hi >> k & 1
            } else {
                i.opsel >> k & 1
            };
            let mut h = (v >> (16 * sel as u32)) as u16;
            let neg = if hi {
                i.neg_hi >> k & 1
            } else {
                i.neg >> k & 1
            };
            if neg != 0
                && !matches!(
                    i.op,
                    V_PK_ADD_U16
                        | V_PK_SUB_U16
                        | V_PK_ADD_I16
                        | V_PK_SUB_I16
                        | V_PK_MUL_LO_U16
                        | V_PK_MAD_U16
                        | V_PK_MAD_I16
                        | V_PK_MAX_U16
                        | V_PK_MIN_U16
                        | V_PK_MAX_I16
                        | V_PK_MIN_I16
                        | V_PK_LSHLREV_B16
                        | V_PK_LSHRREV_B16
                        | V_PK_ASHRREV_I16
                )
            {
                h ^= 0x8000;
            }
            h
        };
        let mut out = 0u32;
        for (pos, hi) in [(0, false), (16, true)] {
            let (a, b, c) = (half(0, hi), half(1, hi), half(2, hi));
            // MODE's f64/f16 denormal [7:6] and rounding [3:2] fields, as for scalar f16.
            let (ftz_in, ftz_out, rm) = (
                (w.mode >> 6) & 1 == 0,
                (w.mode >> 7) & 1 == 0,
                (w.mode >> 2) & 3,
            );
            let f = |x: u16| f16_to_f32(ftz16_if(ftz_in, x)) as f64;
            let (fa, fb, fc) = (f(a), f(b), f(c));
            let out16 = |x: f64| ftz16_if(ftz_out, round16(x, rm));
            let ieee = w.mode >> 9 & 1 != 0;
            let r: u16 = match i.op {
                // Sums as the scalar f16 ones (`sum_rm`: the zero sign toward -inf, directed
                // rounding of the fused result).
                V_PK_ADD_F16 => out16(sum_rm(fa, fb, fa + fb, rm)),
                V_PK_MUL_F16 => out16(fa * fb),
                V_PK_FMA_F16 => out16(sum_rm(fa * fb, fc, fa.mul_add(fb, fc), rm)),
                V_PK_MAX_F16 => out16(fmax32(fa as f32, fb as f32, ieee, true) as f64),
                V_PK_MIN_F16 => out16(fmax32(fa as f32, fb as f32, ieee, false) as f64),
                // Packed integer add/sub with clamp saturate.
                V_PK_ADD_U16 if i.clamp => a.saturating_add(b),
                V_PK_SUB_U16 if i.clamp => a.saturating_sub(b),
                V_PK_ADD_I16 if i.clamp => (a as i16).saturating_add(b as i16) as u16,
                V_PK_SUB_I16 if i.clamp => (a as i16).saturating_sub(b as i16) as u16,
                V_PK_ADD_U16 => a.wrapping_add(b),
                V_PK_SUB_U16 => a.wrapping_sub(b),
                V_PK_ADD_I16 => (a as i16).wrapping_add(b as i16) as u16,
                V_PK_SUB_I16 => (a as i16).wrapping_sub(b as i16) as u16,
                V_PK_MUL_LO_U16 => a.wrapping_mul(b),
                V_PK_MAD_U16 => a.wrapping_mul(b).wrapping_add(c),
                V_PK_MAD_I16 => (a as i16).wrapping_mul(b as i16).wrapping_add(c as i16) as u16,
                V_PK_MAX_U16 => a.max(b),
                V_PK_MIN_U16 => a.min(b),
                V_PK_MAX_I16 => (a as i16).max(b as i16) as u16,
                V_PK_MIN_I16 => (a as i16).min(b as i16) as u16,
                V_PK_LSHLREV_B16 => b << (a & 15),
                V_PK_LSHRREV_B16 => b >> (a & 15),
                V_PK_ASHRREV_I16 => ((b as i16) >> (a & 15)) as u16,
                op => return unsupported(op),
            };
            let r = if i.clamp && matches!(i.op, V_PK_ADD_F16 | V_PK_MUL_F16 | V_PK_FMA_F16) {
                let x = f16_to_f32(r);
                f64_to_f16(if x.is_nan() {
                    if w.mode >> 8 & 1 != 0 {
                        0.0
                    } else {
                        x as f64
                    }
                } else {
                    x.clamp(0.0, 1.0) as f64
                })
            } else {
                r
            };
            out |= (r as u32) << pos;
        }
        w.vset(vdst, l, out);
    }
    ctx.lane_ops += exec.count_ones() as u64;
    Ok(())
}

/// gfx9 mixed-precision multiply-add (each source an f32, or the f16 half op_sel picks when
/// op_sel_hi is set; neg_hi is abs) and the gfx906 dot products.
pub(super) fn mix_dot(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>, srcs: [Src; 3]) -> R {
    use Op::*;
    let exec = w.exec();
    let vdst = i.vdst as usize;
    let ieee_dx10 = w.mode >> 8 & 1 != 0;
    for l in 0..w.lanes {
        if exec >> l & 1 == 0 {
            continue;
        }
        let raw = |k: usize| w.lane(srcs[k], l, 1) as u32;
        let r: u32 = match i.op {
            V_MAD_MIX_F32 | V_MAD_MIXLO_F16 | V_MAD_MIXHI_F16 | V_FMA_MIX_F32 | V_FMA_MIXLO_F16
            | V_FMA_MIXHI_F16 => {
                let x = |k: usize| {
                    let v = raw(k);
                    let mut f = if i.opsel_hi >> k & 1 == 0 {
                        f32::from_bits(v)
                    } else {
                        f16_to_f32((v >> (16 * (i.opsel >> k & 1) as u32)) as u16)
                    };
                    if i.neg_hi >> k & 1 != 0 {
                        f = f.abs();
                    }
                    if i.neg >> k & 1 != 0 {
                        f = -f;
                    }
                    f
                };
                let fused = matches!(i.op, V_FMA_MIX_F32 | V_FMA_MIXLO_F16 | V_FMA_MIXHI_F16);
                let mut y = if fused {
                    x(0).mul_add(x(1), x(2))
                } else {
                    x(0) * x(1) + x(2)
                };
                if i.clamp {
                    y = if y.is_nan() {
                        if ieee_dx10 {
                            0.0
                        } else {
                            y
                        }
                    } else {
                        y.clamp(0.0, 1.0)
                    };
                }
                match i.op {
                    V_MAD_MIX_F32 | V_FMA_MIX_F32 => y.to_bits(),
                    V_MAD_MIXLO_F16 | V_FMA_MIXLO_F16 => {
                        (w.vget(vdst, l) & 0xffff_0000) | f64_to_f16(y as f64) as u32
                    }
                    _ => (w.vget(vdst, l) & 0xffff) | (f64_to_f16(y as f64) as u32) << 16,
                }
            }
            V_DOT2_F32_F16 => {
                let (a, b) = (raw(0), raw(1));
                let p = |k: u32| {
                    f16_to_f32((a >> (16 * k)) as u16) as f64
                        * f16_to_f32((b >> (16 * k)) as u16) as f64
                };
                (((f32::from_bits(raw(2)) as f64 + p(0)) as f32 as f64 + p(1)) as f32).to_bits()
            }
            V_DOT2_I32_I16 | V_DOT2_U32_U16 | V_DOT4_I32_I8 | V_DOT4_U32_U8 | V_DOT8_I32_I4
            | V_DOT8_U32_U4 => {
                let (bits, signed) = match i.op {
                    V_DOT2_I32_I16 => (16, true),
                    V_DOT2_U32_U16 => (16, false),
                    V_DOT4_I32_I8 => (8, true),
                    V_DOT4_U32_U8 => (8, false),
                    V_DOT8_I32_I4 => (4, true),
                    _ => (4, false),
                };
                let (a, b) = (raw(0), raw(1));
                let field = |x: u32, k: u32| -> i64 {
                    let v = (x >> (bits * k)) & ((1u32 << bits) - 1);
                    if signed {
                        ((v << (32 - bits)) as i32 >> (32 - bits)) as i64
                    } else {
                        v as i64
                    }
                };
                let mut t = raw(2) as i64;
                for k in 0..32 / bits {
                    t = t.wrapping_add(field(a, k) * field(b, k));
                }
                t as u32
            }
            op => return unsupported(op),
        };
        w.vset(vdst, l, r);
    }
    ctx.lane_ops += exec.count_ones() as u64;
    Ok(())
}

/// `v_pk_fmac_f16` (VOP2): each half of D = fma(S0, S1, D) with MODE's f16 denormal and
/// rounding fields, as `v_pk_fma_f16`.
pub(super) fn pk_fmac(a: u32, b: u32, d: u32, mode: u32) -> u32 {
    let (ftz_in, ftz_out, rm) = ((mode >> 6) & 1 == 0, (mode >> 7) & 1 == 0, (mode >> 2) & 3);
    let f = |x: u32, s: u32| f16_to_f32(ftz16_if(ftz_in, (x >> s) as u16)) as f64;
    let h = |s: u32| {
        let (x, y, z) = (f(a, s), f(b, s), f(d, s));
        ftz16_if(ftz_out, round16(sum_rm(x * y, z, x.mul_add(y, z), rm), rm)) as u32
    };
    h(0) | h(16) << 16
}
