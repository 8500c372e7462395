//! gfx11 VALU operations that gfx9 has too (32-bit integer, f32, f64, transcendentals), on wave32
//! against reference functions written here from AMD's RDNA3 pseudocode: the gfx11 encodings and
//! decoding run the shared semantics.

use super::gfx11_harness::*;
use super::gfx11_valu::{fma_round, fv, hv, lo, maxmin32, r16, Inputs, RefFn};
use super::harness::Check;
use super::softfloat::{exact_sum, round_bits, to_f32, RNE};

fn r32(x: f64) -> u32 {
    to_f32(x, RNE)
}
fn to_i(x: f64, lo_: f64, hi_: f64) -> i64 {
    if x.is_nan() {
        0
    } else {
        x.trunc().clamp(lo_, hi_) as i64
    }
}
fn med3_32(a: u32, b: u32, c: u32) -> u32 {
    if [a, b, c].iter().any(|x| f32::from_bits(*x).is_nan()) {
        return maxmin32(maxmin32(a, b, false), c, false);
    }
    let m = fv(maxmin32(maxmin32(a, b, true), c, true));
    if m == fv(a) {
        maxmin32(b, c, true)
    } else if m == fv(b) {
        maxmin32(a, c, true)
    } else {
        maxmin32(a, b, true)
    }
}
fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    // Scaled into the middle of the range first (denormals, huge values), exactly.
    let (y, adj) = if x.abs() < 1e-280 {
        (x * 2f64.powi(200), -200)
    } else if x.abs() > 1e280 {
        (x / 2f64.powi(200), 200)
    } else {
        (x, 0)
    };
    let mut e = y.abs().log2().floor() as i32 + 1;
    let mut m = y / 2f64.powi(e);
    while m.abs() >= 1.0 {
        m /= 2.0;
        e += 1;
    }
    while m.abs() < 0.5 {
        m *= 2.0;
        e -= 1;
    }
    (m, e + adj)
}
fn s24(x: u32) -> i64 {
    ((x << 8) as i32 >> 8) as i64
}
/// A packed 16-bit operation: `f` on the low halves and on the high halves.
fn pk(a: u32, b: u32, c: u32, f: fn(u16, u16, u16) -> u16) -> u32 {
    f(a as u16, b as u16, c as u16) as u32
        | (f((a >> 16) as u16, (b >> 16) as u16, (c >> 16) as u16) as u32) << 16
}
fn fract(x: f64, below_one: f64) -> f64 {
    if !x.is_finite() {
        f64::NAN
    } else {
        (x - x.floor()).min(below_one)
    }
}

pub const OPS: &[(&str, Inputs, Cmp, RefFn)] = {
    use Cmp::*;
    use Inputs::*;
    &[
        ("v_add_f32_e32 v3, v0, v1", InF, F32, |a, b, _, _| {
            fma_round(fv(a), 1.0, fv(b), true)
        }),
        ("v_sub_f32_e32 v3, v0, v1", InF, F32, |a, b, _, _| {
            fma_round(fv(a), 1.0, -fv(b), true)
        }),
        ("v_subrev_f32_e32 v3, v0, v1", InF, F32, |a, b, _, _| {
            fma_round(fv(b), 1.0, -fv(a), true)
        }),
        ("v_mul_f32_e32 v3, v0, v1", InF, F32, |a, b, _, _| {
            r32(fv(a) * fv(b))
        }),
        ("v_fma_f32 v3, v0, v1, v2", InF, F32, |a, b, c, _| {
            fma_round(fv(a), fv(b), fv(c), true)
        }),
        ("v_fmac_f32_e32 v3, v0, v1", InF, F32, |a, b, _, d| {
            fma_round(fv(a), fv(b), fv(d), true)
        }),
        (
            "v_fmamk_f32 v3, v0, 0x40200000, v1",
            InF,
            F32,
            |a, b, _, _| fma_round(fv(a), 2.5, fv(b), true),
        ),
        (
            "v_fmaak_f32 v3, v0, v1, 0xc0200000",
            InF,
            F32,
            |a, b, _, _| fma_round(fv(a), fv(b), -2.5, true),
        ),
        ("v_max_f32_e32 v3, v0, v1", InF, F32, |a, b, _, _| {
            maxmin32(a, b, true)
        }),
        ("v_min_f32_e32 v3, v0, v1", InF, F32, |a, b, _, _| {
            maxmin32(a, b, false)
        }),
        ("v_max3_f32 v3, v0, v1, v2", InF, F32, |a, b, c, _| {
            maxmin32(maxmin32(a, b, true), c, true)
        }),
        ("v_min3_f32 v3, v0, v1, v2", InF, F32, |a, b, c, _| {
            maxmin32(maxmin32(a, b, false), c, false)
        }),
        ("v_med3_f32 v3, v0, v1, v2", InF, F32, |a, b, c, _| {
            med3_32(a, b, c)
        }),
        ("v_ldexp_f32 v3, v0, v1", InF, F32, |a, b, _, _| {
            r32(fv(a) * 2f64.powi((b as i32).clamp(-400, 400)))
        }),
        ("v_sqrt_f32_e32 v3, v0", InF, F32, |a, _, _, _| {
            r32(fv(a).sqrt())
        }),
        ("v_rcp_f32_e32 v3, v0", InF, F32Ulp, |a, _, _, _| {
            r32(1.0 / fv(a))
        }),
        ("v_rcp_iflag_f32_e32 v3, v0", InF, F32Ulp, |a, _, _, _| {
            r32(1.0 / fv(a))
        }),
        ("v_rsq_f32_e32 v3, v0", InF, F32Ulp, |a, _, _, _| {
            r32(1.0 / fv(a).sqrt())
        }),
        ("v_exp_f32_e32 v3, v0", InF, F32Ulp, |a, _, _, _| {
            r32(fv(a).exp2())
        }),
        ("v_log_f32_e32 v3, v0", InF, F32Ulp, |a, _, _, _| {
            r32(fv(a).log2())
        }),
        ("v_sin_f32_e32 v3, v0", InF, F32Ulp, |a, _, _, _| {
            r32((fv(a) * std::f64::consts::TAU).sin())
        }),
        ("v_cos_f32_e32 v3, v0", InF, F32Ulp, |a, _, _, _| {
            r32((fv(a) * std::f64::consts::TAU).cos())
        }),
        ("v_rcp_f16_e32 v3, v0", InH, F16LoUlp, |a, _, _, d| {
            lo(d, r16(1.0 / hv(a)))
        }),
        ("v_rsq_f16_e32 v3, v0", InH, F16LoUlp, |a, _, _, d| {
            lo(d, r16(1.0 / hv(a).sqrt()))
        }),
        ("v_exp_f16_e32 v3, v0", InH, F16LoUlp, |a, _, _, d| {
            lo(d, r16(hv(a).exp2()))
        }),
        ("v_log_f16_e32 v3, v0", InH, F16LoUlp, |a, _, _, d| {
            lo(d, r16(hv(a).log2()))
        }),
        ("v_sin_f16_e32 v3, v0", InH, F16LoUlp, |a, _, _, d| {
            lo(d, r16((hv(a) * std::f64::consts::TAU).sin()))
        }),
        ("v_cos_f16_e32 v3, v0", InH, F16LoUlp, |a, _, _, d| {
            lo(d, r16((hv(a) * std::f64::consts::TAU).cos()))
        }),
        ("v_fract_f32_e32 v3, v0", InF, F32, |a, _, _, _| {
            r32(fract(fv(a), fv(0x3f7f_ffff)))
        }),
        ("v_trunc_f32_e32 v3, v0", InF, F32, |a, _, _, _| {
            r32(fv(a).trunc())
        }),
        ("v_ceil_f32_e32 v3, v0", InF, F32, |a, _, _, _| {
            r32(fv(a).ceil())
        }),
        ("v_floor_f32_e32 v3, v0", InF, F32, |a, _, _, _| {
            r32(fv(a).floor())
        }),
        ("v_rndne_f32_e32 v3, v0", InF, F32, |a, _, _, _| {
            r32(fv(a).round_ties_even())
        }),
        ("v_frexp_mant_f32_e32 v3, v0", InF, F32, |a, _, _, _| {
            if fv(a).is_nan() {
                a
            } else {
                r32(frexp(fv(a)).0)
            }
        }),
        (
            "v_frexp_exp_i32_f32_e32 v3, v0",
            InF,
            Exact,
            |a, _, _, _| {
                if fv(a).is_nan() {
                    0
                } else {
                    frexp(fv(a)).1 as u32
                }
            },
        ),
        ("v_cvt_f32_i32_e32 v3, v0", InI, Exact, |a, _, _, _| {
            r32(a as i32 as f64)
        }),
        ("v_cvt_f32_u32_e32 v3, v0", InI, Exact, |a, _, _, _| {
            r32(a as f64)
        }),
        ("v_cvt_i32_f32_e32 v3, v0", InF, Exact, |a, _, _, _| {
            to_i(fv(a), i32::MIN as f64, i32::MAX as f64) as u32
        }),
        ("v_cvt_u32_f32_e32 v3, v0", InF, Exact, |a, _, _, _| {
            to_i(fv(a), 0.0, u32::MAX as f64) as u32
        }),
        ("v_cvt_f32_ubyte0_e32 v3, v0", InI, Exact, |a, _, _, _| {
            r32((a & 0xff) as f64)
        }),
        ("v_cvt_f32_ubyte1_e32 v3, v0", InI, Exact, |a, _, _, _| {
            r32((a >> 8 & 0xff) as f64)
        }),
        ("v_cvt_f32_ubyte2_e32 v3, v0", InI, Exact, |a, _, _, _| {
            r32((a >> 16 & 0xff) as f64)
        }),
        ("v_cvt_f32_ubyte3_e32 v3, v0", InI, Exact, |a, _, _, _| {
            r32((a >> 24) as f64)
        }),
        ("v_cvt_off_f32_i4_e32 v3, v0", InI, Exact, |a, _, _, _| {
            r32((((a << 28) as i32) >> 28) as f64 / 16.0)
        }),
        (
            "v_cvt_pk_u8_f32 v3, v0, v1, v2",
            InF,
            Exact,
            |a, b, c, _| {
                let x = fv(a);
                let byte = if x.is_nan() {
                    0
                } else {
                    x.clamp(0.0, 255.0).round_ties_even() as u32
                };
                let sh = 8 * (b & 3);
                (c & !(0xff << sh)) | byte << sh
            },
        ),
        ("v_mullit_f32 v3, v0, v1, v2", InF, F32, |a, b, c, _| {
            let (y, z) = (f32::from_bits(b), f32::from_bits(c));
            if y == -f32::MAX || y == f32::NEG_INFINITY || y.is_nan() || z <= 0.0 || z.is_nan() {
                (-f32::MAX).to_bits()
            } else {
                r32(fv(a) * fv(b))
            }
        }),
        // ---- 32-bit integer
        ("v_mov_b32_e32 v3, v0", InI, Exact, |a, _, _, _| a),
        ("v_and_b32_e32 v3, v0, v1", InI, Exact, |a, b, _, _| a & b),
        ("v_or_b32_e32 v3, v0, v1", InI, Exact, |a, b, _, _| a | b),
        ("v_xor_b32_e32 v3, v0, v1", InI, Exact, |a, b, _, _| a ^ b),
        ("v_xnor_b32_e32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            !(a ^ b)
        }),
        ("v_not_b32_e32 v3, v0", InI, Exact, |a, _, _, _| !a),
        ("v_bfrev_b32_e32 v3, v0", InI, Exact, |a, _, _, _| {
            a.reverse_bits()
        }),
        ("v_lshlrev_b32_e32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            b << (a & 31)
        }),
        ("v_lshrrev_b32_e32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            b >> (a & 31)
        }),
        ("v_ashrrev_i32_e32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            ((b as i32) >> (a & 31)) as u32
        }),
        (
            "v_subrev_nc_u32_e32 v3, v0, v1",
            InI,
            Exact,
            |a, b, _, _| b.wrapping_sub(a),
        ),
        (
            "v_add_nc_u32_e64 v3, v0, v1 clamp",
            InI,
            Exact,
            |a, b, _, _| a.saturating_add(b),
        ),
        ("v_min_i32_e32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            (a as i32).min(b as i32) as u32
        }),
        ("v_max_i32_e32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            (a as i32).max(b as i32) as u32
        }),
        ("v_min_u32_e32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            a.min(b)
        }),
        ("v_max_u32_e32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            a.max(b)
        }),
        ("v_min3_i32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (a as i32).min(b as i32).min(c as i32) as u32
        }),
        ("v_max3_i32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (a as i32).max(b as i32).max(c as i32) as u32
        }),
        ("v_min3_u32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            a.min(b).min(c)
        }),
        ("v_max3_u32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            a.max(b).max(c)
        }),
        ("v_med3_i32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            let (x, y, z) = (a as i32, b as i32, c as i32);
            x.max(y).min(x.min(y).max(z)) as u32
        }),
        ("v_med3_u32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            a.max(b).min(a.min(b).max(c))
        }),
        ("v_mul_lo_u32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            a.wrapping_mul(b)
        }),
        ("v_mul_hi_u32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            ((a as u64 * b as u64) >> 32) as u32
        }),
        ("v_mul_hi_i32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            ((a as i32 as i64 * b as i32 as i64) >> 32) as u32
        }),
        ("v_mul_u32_u24_e32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            (a & 0xff_ffff).wrapping_mul(b & 0xff_ffff)
        }),
        (
            "v_mul_hi_u32_u24_e32 v3, v0, v1",
            InI,
            Exact,
            |a, b, _, _| (((a & 0xff_ffff) as u64 * (b & 0xff_ffff) as u64) >> 32) as u32,
        ),
        ("v_mul_i32_i24_e32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            (s24(a) * s24(b)) as u32
        }),
        (
            "v_mul_hi_i32_i24_e32 v3, v0, v1",
            InI,
            Exact,
            |a, b, _, _| ((s24(a) * s24(b)) >> 32) as u32,
        ),
        ("v_mad_u32_u24 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (a & 0xff_ffff).wrapping_mul(b & 0xff_ffff).wrapping_add(c)
        }),
        ("v_mad_i32_i24 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            ((s24(a) * s24(b)) as u32).wrapping_add(c)
        }),
        ("v_bfe_u32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            let (o, w) = (b & 31, c & 31);
            (a >> o) & ((1u64 << w) - 1) as u32
        }),
        ("v_bfe_i32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            let (o, w) = (b & 31, c & 31);
            if w == 0 {
                0
            } else {
                ((((a >> o) << (32 - w)) as i32) >> (32 - w)) as u32
            }
        }),
        ("v_bfi_b32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (a & b) | (!a & c)
        }),
        ("v_bfm_b32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            (((1u64 << (a & 31)) - 1) as u32) << (b & 31)
        }),
        ("v_bcnt_u32_b32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            a.count_ones().wrapping_add(b)
        }),
        ("v_alignbit_b32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (((a as u64) << 32 | b as u64) >> (c & 31)) as u32
        }),
        (
            "v_alignbyte_b32 v3, v0, v1, v2",
            InI,
            Exact,
            |a, b, c, _| (((a as u64) << 32 | b as u64) >> (8 * (c & 3))) as u32,
        ),
        ("v_sad_u32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            a.abs_diff(b).wrapping_add(c)
        }),
        ("v_sad_u16 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            ((a & 0xffff).abs_diff(b & 0xffff) + (a >> 16).abs_diff(b >> 16)).wrapping_add(c)
        }),
        ("v_sad_u8 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (0..4)
                .map(|k| (a >> (8 * k) & 0xff).abs_diff(b >> (8 * k) & 0xff))
                .sum::<u32>()
                .wrapping_add(c)
        }),
        ("v_sad_hi_u8 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            ((0..4)
                .map(|k| (a >> (8 * k) & 0xff).abs_diff(b >> (8 * k) & 0xff))
                .sum::<u32>()
                << 16)
                .wrapping_add(c)
        }),
        ("v_msad_u8 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (0..4)
                .map(|k| {
                    let q = b >> (8 * k) & 0xff;
                    if q == 0 {
                        0
                    } else {
                        (a >> (8 * k) & 0xff).abs_diff(q)
                    }
                })
                .sum::<u32>()
                .wrapping_add(c)
        }),
        ("v_lerp_u8 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (0..4).fold(0, |r, k| {
                let f = |x: u32| x >> (8 * k) & 0xff;
                r | ((f(a) + f(b) + (f(c) & 1)) >> 1) << (8 * k)
            })
        }),
        // ---- packed 16-bit (VOP3P, default op_sel_hi: the high halves for the high result)
        ("v_pk_add_i16 v3, v0, v1", InI, Exact, |a, b, c, _| {
            pk(a, b, c, |x, y, _| x.wrapping_add(y))
        }),
        ("v_pk_sub_i16 v3, v0, v1", InI, Exact, |a, b, c, _| {
            pk(a, b, c, |x, y, _| x.wrapping_sub(y))
        }),
        ("v_pk_sub_u16 v3, v0, v1", InI, Exact, |a, b, c, _| {
            pk(a, b, c, |x, y, _| x.wrapping_sub(y))
        }),
        ("v_pk_mul_lo_u16 v3, v0, v1", InI, Exact, |a, b, c, _| {
            pk(a, b, c, |x, y, _| x.wrapping_mul(y))
        }),
        ("v_pk_mad_u16 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            pk(a, b, c, |x, y, z| x.wrapping_mul(y).wrapping_add(z))
        }),
        ("v_pk_mad_i16 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            pk(a, b, c, |x, y, z| x.wrapping_mul(y).wrapping_add(z))
        }),
        ("v_pk_max_i16 v3, v0, v1", InI, Exact, |a, b, c, _| {
            pk(a, b, c, |x, y, _| (x as i16).max(y as i16) as u16)
        }),
        ("v_pk_min_i16 v3, v0, v1", InI, Exact, |a, b, c, _| {
            pk(a, b, c, |x, y, _| (x as i16).min(y as i16) as u16)
        }),
        ("v_pk_max_u16 v3, v0, v1", InI, Exact, |a, b, c, _| {
            pk(a, b, c, |x, y, _| x.max(y))
        }),
        ("v_pk_min_u16 v3, v0, v1", InI, Exact, |a, b, c, _| {
            pk(a, b, c, |x, y, _| x.min(y))
        }),
        ("v_pk_lshlrev_b16 v3, v0, v1", InI, Exact, |a, b, c, _| {
            pk(a, b, c, |x, y, _| y << (x & 15))
        }),
        ("v_pk_lshrrev_b16 v3, v0, v1", InI, Exact, |a, b, c, _| {
            pk(a, b, c, |x, y, _| y >> (x & 15))
        }),
        ("v_pk_ashrrev_i16 v3, v0, v1", InI, Exact, |a, b, c, _| {
            pk(a, b, c, |x, y, _| ((y as i16) >> (x & 15)) as u16)
        }),
        ("v_pk_mul_f16 v3, v0, v1", InH, F16Pair, |a, b, _, _| {
            r16(hv(a) * hv(b)) | r16(hv(a >> 16) * hv(b >> 16)) << 16
        }),
        ("v_pk_min_f16 v3, v0, v1", InH, F16Pair, |a, b, _, _| {
            use super::gfx11_valu::maxmin16;
            maxmin16(a, b, false) | maxmin16(a >> 16, b >> 16, false) << 16
        }),
        ("v_perm_b32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            // Byte selectors into {S0, S1} (S1 the low dword): 0-7 bytes, 8-11 sign
            // replication, 12 zero, 13+ 0xff.
            let bytes = ((a as u64) << 32 | b as u64).to_le_bytes();
            (0..4).fold(0u32, |r, k| {
                let sel = c >> (8 * k) & 0xff;
                let v = match sel {
                    0..=7 => bytes[sel as usize] as u32,
                    8 => {
                        if bytes[1] & 0x80 != 0 {
                            0xff
                        } else {
                            0
                        }
                    }
                    9 => {
                        if bytes[3] & 0x80 != 0 {
                            0xff
                        } else {
                            0
                        }
                    }
                    10 => {
                        if bytes[5] & 0x80 != 0 {
                            0xff
                        } else {
                            0
                        }
                    }
                    11 => {
                        if bytes[7] & 0x80 != 0 {
                            0xff
                        } else {
                            0
                        }
                    }
                    12 => 0,
                    _ => 0xff,
                };
                r | v << (8 * k)
            })
        }),
    ]
};

/// f64 operations: sources v[0:1], v[2:3], v[4:5], the destination v[6:7].
type Ref64 = fn(u64, u64, u64) -> u64;
fn dv(x: u64) -> f64 {
    f64::from_bits(x)
}
fn r64_sum(a: f64, b: f64) -> u64 {
    if !a.is_finite() || !b.is_finite() || a == 0.0 || b == 0.0 {
        return (a + b).to_bits();
    }
    let (neg, n, e, sticky) = exact_sum(a, b);
    if n == 0 {
        return (neg as u64) << 63;
    }
    round_bits(neg, n, e, sticky, 53, -1022, 1023, RNE)
}
fn maxmin64(a: u64, b: u64, max: bool) -> u64 {
    let snan = |x: u64| dv(x).is_nan() && x & (1 << 51) == 0;
    if snan(a) {
        return a | 1 << 51;
    }
    if snan(b) {
        return b | 1 << 51;
    }
    if dv(b).is_nan() {
        return a;
    }
    if dv(a).is_nan() {
        return b;
    }
    let first = if dv(a) == dv(b) {
        (a >> 63 == 0) == max
    } else {
        (dv(a) > dv(b)) == max
    };
    if first {
        a
    } else {
        b
    }
}
/// `a * b + c` of f64 values rounded once (to nearest even), from the exact product (106 bits)
/// and an exact sum (the smaller addend as a sticky bit when it lies far below).
fn fma64(a: f64, b: f64, c: f64) -> u64 {
    use super::softfloat::decompose;
    if !a.is_finite() || !b.is_finite() || !c.is_finite() || a == 0.0 || b == 0.0 {
        return a.mul_add(b, c).to_bits();
    }
    let (na, ma, ea) = decompose(a);
    let (nb, mb, eb) = decompose(b);
    let (np, mp, ep) = (na != nb, ma * mb, ea + eb);
    if c == 0.0 {
        return round_bits(np, mp, ep, false, 53, -1022, 1023, RNE);
    }
    let (nc, mc, ec) = decompose(c);
    let top = |m: u128, e: i32| e + 127 - m.leading_zeros() as i32;
    let ((bn, bm, be), (sn, sm, se)) = if top(mp, ep) >= top(mc, ec) {
        ((np, mp, ep), (nc, mc, ec))
    } else {
        ((nc, mc, ec), (np, mp, ep))
    };
    // Both aligned on e, at most 120 bits below the big addend's top (far below its rounding
    // position): the small addend's bits under e become a sticky fraction.
    let e = se.max(top(bm, be) - 120).min(be);
    let x = bm << (be - e) as u32;
    let (y, frac) = if se >= e {
        (sm << (se - e) as u32, false)
    } else {
        let sh = (e - se) as u32;
        if sh >= 128 {
            (0, sm != 0)
        } else {
            (sm >> sh, sm & ((1u128 << sh) - 1) != 0)
        }
    };
    if bn == sn {
        return round_bits(bn, x + y, e, frac, 53, -1022, 1023, RNE);
    }
    // |big| - |small| = (x - y - frac): x - y - 1 and a sticky fraction when frac (then the
    // small addend lies far below, x > y). Equal tops can leave the small one larger.
    if y > x {
        return round_bits(sn, y - x, e, false, 53, -1022, 1023, RNE);
    }
    let t = x - y - frac as u128;
    if t == 0 && !frac {
        return 0;
    }
    round_bits(bn, t, e, frac, 53, -1022, 1023, RNE)
}

fn qsad(a: u64, b: u64, c: u64, masked: bool) -> u64 {
    (0..4).fold(0u64, |r, k| {
        let win = (a >> (8 * k)) as u32;
        let d: u32 = (0..4)
            .map(|j| {
                let (p, q) = (win >> (8 * j) & 0xff, (b as u32) >> (8 * j) & 0xff);
                if masked && q == 0 {
                    0
                } else {
                    p.abs_diff(q)
                }
            })
            .sum();
        r | ((((c >> (16 * k)) as u32 & 0xffff).wrapping_add(d) & 0xffff) as u64) << (16 * k)
    })
}

const OPS64: &[(&str, Ref64)] = &[
    ("v_fma_f64 v[6:7], v[0:1], v[2:3], v[4:5]", |a, b, c| {
        fma64(dv(a), dv(b), dv(c))
    }),
    ("v_rcp_f64_e32 v[6:7], v[0:1]", |a, _, _| {
        (1.0 / dv(a)).to_bits()
    }),
    // (1 ULP allowed: see the comparison)
    ("v_rsq_f64_e32 v[6:7], v[0:1]", |a, _, _| {
        (1.0 / dv(a).sqrt()).to_bits()
    }),
    ("v_qsad_pk_u16_u8 v[6:7], v[0:1], v2, v[4:5]", |a, b, c| {
        qsad(a, b, c, false)
    }),
    ("v_mqsad_pk_u16_u8 v[6:7], v[0:1], v2, v[4:5]", |a, b, c| {
        qsad(a, b, c, true)
    }),
    ("v_add_f64 v[6:7], v[0:1], v[2:3]", |a, b, _| {
        r64_sum(dv(a), dv(b))
    }),
    ("v_mul_f64 v[6:7], v[0:1], v[2:3]", |a, b, _| {
        (dv(a) * dv(b)).to_bits()
    }),
    ("v_max_f64 v[6:7], v[0:1], v[2:3]", |a, b, _| {
        maxmin64(a, b, true)
    }),
    ("v_min_f64 v[6:7], v[0:1], v[2:3]", |a, b, _| {
        maxmin64(a, b, false)
    }),
    ("v_ldexp_f64 v[6:7], v[0:1], v2", |a, b, _| {
        // The exact scale: in steps that stay in range (an exact product until the last one
        // leaves it); zeros, infinities and NaNs are their own result.
        let x = dv(a);
        if x == 0.0 || !x.is_finite() {
            return a;
        }
        let mut k = (b as i32).clamp(-3000, 3000);
        let mut y = x;
        while k != 0 {
            let s = k.clamp(-900, 900);
            y *= 2f64.powi(s);
            k -= s;
        }
        y.to_bits()
    }),
    ("v_sqrt_f64_e32 v[6:7], v[0:1]", |a, _, _| {
        dv(a).sqrt().to_bits()
    }),
    ("v_trunc_f64_e32 v[6:7], v[0:1]", |a, _, _| {
        dv(a).trunc().to_bits()
    }),
    ("v_ceil_f64_e32 v[6:7], v[0:1]", |a, _, _| {
        dv(a).ceil().to_bits()
    }),
    ("v_floor_f64_e32 v[6:7], v[0:1]", |a, _, _| {
        dv(a).floor().to_bits()
    }),
    ("v_rndne_f64_e32 v[6:7], v[0:1]", |a, _, _| {
        dv(a).round_ties_even().to_bits()
    }),
    ("v_fract_f64_e32 v[6:7], v[0:1]", |a, _, _| {
        fract(dv(a), f64::from_bits(0x3fef_ffff_ffff_ffff)).to_bits()
    }),
    ("v_frexp_mant_f64_e32 v[6:7], v[0:1]", |a, _, _| {
        if dv(a).is_nan() {
            a
        } else {
            frexp(dv(a)).0.to_bits()
        }
    }),
    ("v_frexp_exp_i32_f64_e32 v6, v[0:1]", |a, _, _| {
        if dv(a).is_nan() {
            0
        } else {
            frexp(dv(a)).1 as u32 as u64
        }
    }),
    ("v_cvt_f64_f32_e32 v[6:7], v0", |a, _, _| {
        (f32::from_bits(a as u32) as f64).to_bits()
    }),
    ("v_cvt_f32_f64_e32 v6, v[0:1]", |a, _, _| r32(dv(a)) as u64),
    ("v_cvt_f64_i32_e32 v[6:7], v0", |a, _, _| {
        (a as i32 as f64).to_bits()
    }),
    ("v_cvt_f64_u32_e32 v[6:7], v0", |a, _, _| {
        (a as u32 as f64).to_bits()
    }),
    ("v_cvt_i32_f64_e32 v6, v[0:1]", |a, _, _| {
        to_i(dv(a), i32::MIN as f64, i32::MAX as f64) as u32 as u64
    }),
    ("v_cvt_u32_f64_e32 v6, v[0:1]", |a, _, _| {
        to_i(dv(a), 0.0, u32::MAX as f64) as u32 as u64
    }),
    ("v_lshlrev_b64 v[6:7], v0, v[2:3]", |a, b, _| b << (a & 63)),
    ("v_lshrrev_b64 v[6:7], v0, v[2:3]", |a, b, _| b >> (a & 63)),
    ("v_ashrrev_i64 v[6:7], v0, v[2:3]", |a, b, _| {
        ((b as i64) >> (a & 63)) as u64
    }),
    ("v_mad_u64_u32 v[6:7], s20, v0, v2, v[4:5]", |a, b, c| {
        (a as u32 as u64)
            .wrapping_mul(b as u32 as u64)
            .wrapping_add(c)
    }),
    ("v_mad_i64_i32 v[6:7], s20, v0, v2, v[4:5]", |a, b, c| {
        (a as i32 as i64)
            .wrapping_mul(b as i32 as i64)
            .wrapping_add(c as i64) as u64
    }),
];

pub fn names64() -> impl Iterator<Item = &'static str> {
    OPS64.iter().map(|o| o.0)
}

#[test]
fn gfx11_shared_valu_ops_against_the_pseudocode() {
    let mut chk = Check::new();
    for (k, (text, inp, cmp, f)) in OPS.iter().enumerate() {
        let cases = match inp {
            Inputs::InH => cases_h16(0x77 + k as u64, 200),
            Inputs::InI => cases_32(0x77 + k as u64, &super::harness::V32, 200),
            Inputs::InF => cases_32(0x77 + k as u64, &F32S, 200),
        };
        let got = match try_vop_i(&inst(text), MODE, &cases) {
            Ok(g) => g,
            Err(e) => {
                chk.ok(false, || format!("{text}: {e}"));
                continue;
            }
        };
        for ((s, d), g) in cases.iter().zip(got) {
            let want = f(s[0], s[1], s[2], *d);
            chk.ok(same(*cmp, g, want), || {
                format!(
                    "{text} ({:08x} {:08x} {:08x}, d {d:08x}): got {g:08x}, want {want:08x}",
                    s[0], s[1], s[2]
                )
            });
        }
    }
    // f64 and 64-bit integer operations.
    let mut r = Rng(0x64);
    let mut vals: Vec<u64> = super::harness::V64.to_vec();
    vals.extend(
        [
            0.0f64,
            -0.0,
            1.0,
            -1.5,
            0.75,
            1e300,
            -1e-300,
            4.9e-324,
            f64::MAX,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ]
        .map(f64::to_bits),
    );
    vals.push(0x7ff4_0000_0000_0000); // signalling NaN
    for _ in 0..16 {
        vals.push(r.next());
    }
    let triples: Vec<[u64; 3]> = vals
        .iter()
        .flat_map(|&a| {
            vals.iter()
                .step_by(3)
                .map(move |&b| [a, b, a ^ b.rotate_left(17)])
        })
        .collect();
    for (text, f) in OPS64 {
        let i = inst(text);
        for chunk in triples.chunks(32) {
            let mut w = wave(32);
            for (l, t) in chunk.iter().enumerate() {
                for (k, x) in t.iter().enumerate() {
                    w.vset(2 * k, l, *x as u32);
                    w.vset(2 * k + 1, l, (*x >> 32) as u32);
                }
                w.vset(6, l, 0x1111_1111);
                w.vset(7, l, 0x2222_2222);
            }
            step(&mut w, &i).unwrap_or_else(|e| panic!("{text}: {e}"));
            let narrow = text.split_whitespace().nth(1) == Some("v6,");
            for (l, t) in chunk.iter().enumerate() {
                let want = f(t[0], t[1], t[2]);
                let got = w.vget(6, l) as u64 | (w.vget(7, l) as u64) << 32;
                let (got, want) = if narrow {
                    (
                        got & 0xffff_ffff | 0x2222_2222 << 32,
                        want | 0x2222_2222 << 32,
                    )
                } else {
                    (got, want)
                };
                let f32_nan =
                    narrow && f32::from_bits(want as u32).is_nan() && text.contains("f32_f64");
                let ulp = text.contains("rsq") && dv(want).is_finite() && dv(want) != 0.0;
                let ok = if ulp {
                    got >> 63 == want >> 63 && (got as i64 - want as i64).abs() <= 1
                } else if f32_nan {
                    f32::from_bits(got as u32).is_nan()
                } else if !narrow
                    && dv(want).is_nan()
                    && !text.contains("_b64")
                    && !text.contains("_u64")
                    && !text.contains("_i64")
                {
                    dv(got).is_nan()
                } else {
                    got == want
                };
                chk.ok(ok, || {
                    format!(
                        "{text} ({:016x} {:016x} {:016x}): got {got:016x}, want {want:016x}",
                        t[0], t[1], t[2]
                    )
                });
            }
        }
    }
    chk.done();
}
