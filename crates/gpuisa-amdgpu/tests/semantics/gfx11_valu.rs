//! gfx11 VALU operations one by one, on wave32, against reference functions written here from
//! AMD's RDNA3 pseudocode (each quoted in short where it decides a corner). Sources in v0, v1,
//! v2 (f16 in the low halves, random high halves), the destination v3 starting random: a 16-bit
//! result must keep v3's high half (gfx11 16-bit writes leave the other half alone).

use super::gfx11_harness::*;
use super::harness::Check;
use super::softfloat::{exact_sum, f16_to_f64, round_bits, to_f16, to_f32, RNE, RTZ};

// ---------------------------------------------------------------- reference helpers

pub fn hv(x: u32) -> f64 {
    f16_to_f64(x as u16)
}
pub fn fv(x: u32) -> f64 {
    f32::from_bits(x) as f64
}
/// The 16-bit result `r` in the low half of `d`, the high half kept.
pub fn lo(d: u32, r: u32) -> u32 {
    (d & 0xffff_0000) | (r & 0xffff)
}
pub fn r16(x: f64) -> u32 {
    to_f16(x, RNE) as u32
}
pub fn nan16(x: u32) -> bool {
    x & 0x7c00 == 0x7c00 && x & 0x3ff != 0
}
fn snan16(x: u32) -> bool {
    nan16(x) && x & 0x200 == 0
}
fn nan32(x: u32) -> bool {
    f32::from_bits(x).is_nan()
}
fn snan32(x: u32) -> bool {
    nan32(x) && x & 0x40_0000 == 0
}

/// V_DIV_FIXUP_F16 (RDNA3 pseudocode): S0 the quotient, S1 the denominator, S2 the numerator;
/// no underflow/overflow cases.
fn div_fixup16(s0: u32, s1: u32, s2: u32) -> u32 {
    let sign = (s1 ^ s2) & 0x8000;
    let inf = |x: u32| x & 0x7fff == 0x7c00;
    let zero = |x: u32| x & 0x7fff == 0;
    if nan16(s2) {
        s2 | 0x200
    } else if nan16(s1) {
        s1 | 0x200
    } else if zero(s1) && zero(s2) || inf(s1) && inf(s2) {
        0xfe00
    } else if zero(s1) || inf(s2) {
        sign | 0x7c00
    } else if inf(s1) || zero(s2) {
        sign
    } else {
        sign | s0 & 0x7fff
    }
}

/// `a * b + c` of exact f64 operands, rounded once to f16 (`p` = 11) or f32 (`p` = 24).
pub fn fma_round(a: f64, b: f64, c: f64, f32out: bool) -> u32 {
    let p = a * b;
    if !p.is_finite() || !c.is_finite() || p == 0.0 {
        let s = p + c;
        return if f32out {
            to_f32(s, RNE)
        } else {
            to_f16(s, RNE) as u32
        };
    }
    // a * b of two f16 / f32 values is exact in f64 (at most 48 significant bits).
    let (neg, n, e, sticky) = exact_sum(p, c);
    if n == 0 {
        return if f32out {
            (neg as u32) << 31
        } else {
            (neg as u32) << 15
        };
    }
    if f32out {
        round_bits(neg, n, e, sticky, 24, -126, 127, RNE) as u32
    } else {
        round_bits(neg, n, e, sticky, 11, -14, 15, RNE) as u32
    }
}

/// v_max_f16 / v_min_f16 in IEEE mode (the pseudocode): a signalling NaN gives its quiet NaN,
/// a quiet NaN gives the other operand, +0 > -0.
pub fn maxmin16(a: u32, b: u32, max: bool) -> u32 {
    let (a, b) = (a & 0xffff, b & 0xffff);
    if snan16(a) {
        return a | 0x200;
    }
    if snan16(b) {
        return b | 0x200;
    }
    if nan16(b) {
        return a;
    }
    if nan16(a) {
        return b;
    }
    let (x, y) = (hv(a), hv(b));
    let a_first = if x == y {
        // +-0: +0 > -0.
        (a >> 15 == 0) == max
    } else {
        (x > y) == max
    };
    if a_first {
        a
    } else {
        b
    }
}
pub fn maxmin32(a: u32, b: u32, max: bool) -> u32 {
    if snan32(a) {
        return a | 0x40_0000;
    }
    if snan32(b) {
        return b | 0x40_0000;
    }
    if nan32(b) {
        return a;
    }
    if nan32(a) {
        return b;
    }
    let (x, y) = (fv(a), fv(b));
    let a_first = if x == y {
        (a >> 31 == 0) == max
    } else {
        (x > y) == max
    };
    if a_first {
        a
    } else {
        b
    }
}
/// v_med3_f16 (pseudocode): a NaN operand gives v_min3; else the max of the two operands that
/// are not the maximum.
fn med3_16(a: u32, b: u32, c: u32) -> u32 {
    let (a, b, c) = (a & 0xffff, b & 0xffff, c & 0xffff);
    if nan16(a) || nan16(b) || nan16(c) {
        return maxmin16(maxmin16(a, b, false), c, false);
    }
    // `==` of the pseudocode is the float comparison (-0 == +0).
    let m = hv(maxmin16(maxmin16(a, b, true), c, true));
    if m == hv(a) {
        maxmin16(b, c, true)
    } else if m == hv(b) {
        maxmin16(a, c, true)
    } else {
        maxmin16(a, b, true)
    }
}
/// f16/f32 to a 16-bit integer: truncation, saturation, NaN 0.
fn to_int(x: f64, lo_: f64, hi_: f64) -> i64 {
    if x.is_nan() {
        0
    } else {
        x.trunc().clamp(lo_, hi_) as i64
    }
}
fn norm(x: f64, signed: bool) -> u32 {
    if x.is_nan() {
        0
    } else if signed {
        (x.clamp(-1.0, 1.0) * 32767.0).round_ties_even() as i16 as u16 as u32
    } else {
        (x.clamp(0.0, 1.0) * 65535.0).round_ties_even() as u16 as u32
    }
}
fn s16(x: u32) -> i32 {
    x as u16 as i16 as i32
}
fn med<T: Ord + Copy>(a: T, b: T, c: T) -> T {
    a.max(b).min(a.min(b).max(c))
}
fn ldexp16(a: u32, k: i32) -> u32 {
    let x = hv(a);
    // ldexp of the exact value (the hardware's scale, not 0 * inf): exponents past the f16
    // range only saturate.
    r16(x * 2f64.powi(k.clamp(-80, 80)))
}
fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let mut e = x.abs().log2().floor() as i32 + 1;
    let mut m = x / 2f64.powi(e);
    if m.abs() >= 1.0 {
        m /= 2.0;
        e += 1;
    }
    if m.abs() < 0.5 {
        m *= 2.0;
        e -= 1;
    }
    (m, e)
}
fn bf(x: u32) -> f64 {
    f32::from_bits(x << 16) as f64
}
/// tmp = c; tmp += a0 * b0; tmp += a1 * b1, each step rounded to f32 (`f32out`) or f16.
fn dot2(c: f64, p0: f64, p1: f64, f32out: bool) -> u32 {
    let t = fma_round(p0, 1.0, c, f32out);
    let tv = if f32out { fv(t) } else { hv(t) };
    fma_round(p1, 1.0, tv, f32out)
}

// ---------------------------------------------------------------- the table

#[derive(Clone, Copy)]
pub enum Inputs {
    InH,
    InI,
    InF,
}

pub type RefFn = fn(u32, u32, u32, u32) -> u32;

/// (instruction, inputs, comparison, reference(a, b, c, d) -> the expected v3).
pub const OPS: &[(&str, Inputs, Cmp, RefFn)] = {
    use Cmp::*;
    use Inputs::*;
    &[
        // ---- f16 arithmetic (VOP2, VOP1, VOP3)
        ("v_add_f16_e32 v3, v0, v1", InH, F16Lo, |a, b, _, d| {
            lo(d, r16(hv(a) + hv(b)))
        }),
        ("v_sub_f16_e32 v3, v0, v1", InH, F16Lo, |a, b, _, d| {
            lo(d, r16(hv(a) - hv(b)))
        }),
        ("v_subrev_f16_e32 v3, v0, v1", InH, F16Lo, |a, b, _, d| {
            lo(d, r16(hv(b) - hv(a)))
        }),
        ("v_mul_f16_e32 v3, v0, v1", InH, F16Lo, |a, b, _, d| {
            lo(d, r16(hv(a) * hv(b)))
        }),
        ("v_fmac_f16_e32 v3, v0, v1", InH, F16Lo, |a, b, _, d| {
            lo(d, fma_round(hv(a), hv(b), hv(d), false))
        }),
        (
            "v_fmamk_f16 v3, v0, 0x4100, v1",
            InH,
            F16Lo,
            |a, b, _, d| lo(d, fma_round(hv(a), 2.5, hv(b), false)),
        ),
        (
            "v_fmaak_f16 v3, v0, v1, 0xbc00",
            InH,
            F16Lo,
            |a, b, _, d| lo(d, fma_round(hv(a), hv(b), -1.0, false)),
        ),
        ("v_fma_f16 v3, v0, v1, v2", InH, F16Lo, |a, b, c, d| {
            lo(d, fma_round(hv(a), hv(b), hv(c), false))
        }),
        (
            "v_div_fixup_f16 v3, v0, v1, v2",
            InH,
            F16Lo,
            |a, b, c, d| lo(d, div_fixup16(a & 0xffff, b & 0xffff, c & 0xffff)),
        ),
        ("v_max_f16_e32 v3, v0, v1", InH, F16Lo, |a, b, _, d| {
            lo(d, maxmin16(a, b, true))
        }),
        ("v_min_f16_e32 v3, v0, v1", InH, F16Lo, |a, b, _, d| {
            lo(d, maxmin16(a, b, false))
        }),
        ("v_ldexp_f16_e32 v3, v0, v1", InH, F16Lo, |a, b, _, d| {
            lo(d, ldexp16(a, s16(b)))
        }),
        ("v_ldexp_f16_e64 v3, v0, v1", InI, F16Lo, |a, b, _, d| {
            lo(d, ldexp16(a, s16(b)))
        }),
        ("v_max3_f16 v3, v0, v1, v2", InH, F16Lo, |a, b, c, d| {
            lo(d, maxmin16(maxmin16(a, b, true), c, true))
        }),
        ("v_min3_f16 v3, v0, v1, v2", InH, F16Lo, |a, b, c, d| {
            lo(d, maxmin16(maxmin16(a, b, false), c, false))
        }),
        ("v_med3_f16 v3, v0, v1, v2", InH, F16Lo, |a, b, c, d| {
            lo(d, med3_16(a, b, c))
        }),
        ("v_maxmin_f16 v3, v0, v1, v2", InH, F16Lo, |a, b, c, d| {
            lo(d, maxmin16(maxmin16(a, b, true), c, false))
        }),
        ("v_minmax_f16 v3, v0, v1, v2", InH, F16Lo, |a, b, c, d| {
            lo(d, maxmin16(maxmin16(a, b, false), c, true))
        }),
        ("v_maxmin_f32 v3, v0, v1, v2", InF, F32, |a, b, c, _| {
            maxmin32(maxmin32(a, b, true), c, false)
        }),
        ("v_minmax_f32 v3, v0, v1, v2", InF, F32, |a, b, c, _| {
            maxmin32(maxmin32(a, b, false), c, true)
        }),
        ("v_sqrt_f16_e32 v3, v0", InH, F16Lo, |a, _, _, d| {
            lo(d, r16(hv(a).sqrt()))
        }),
        ("v_floor_f16_e32 v3, v0", InH, F16Lo, |a, _, _, d| {
            lo(d, r16(hv(a).floor()))
        }),
        ("v_ceil_f16_e32 v3, v0", InH, F16Lo, |a, _, _, d| {
            lo(d, r16(hv(a).ceil()))
        }),
        ("v_trunc_f16_e32 v3, v0", InH, F16Lo, |a, _, _, d| {
            lo(d, r16(hv(a).trunc()))
        }),
        ("v_rndne_f16_e32 v3, v0", InH, F16Lo, |a, _, _, d| {
            lo(d, r16(hv(a).round_ties_even()))
        }),
        ("v_fract_f16_e32 v3, v0", InH, F16Lo, |a, _, _, d| {
            let x = hv(a);
            lo(
                d,
                if !x.is_finite() {
                    0x7e00
                } else {
                    r16((x - x.floor()).min(hv(0x3bff)))
                },
            )
        }),
        ("v_frexp_mant_f16_e32 v3, v0", InH, F16Lo, |a, _, _, d| {
            lo(d, if nan16(a) { a } else { r16(frexp(hv(a)).0) })
        }),
        (
            "v_frexp_exp_i16_f16_e32 v3, v0",
            InH,
            Exact,
            |a, _, _, d| lo(d, if nan16(a) { 0 } else { frexp(hv(a)).1 as u32 }),
        ),
        // ---- conversions
        ("v_cvt_f16_f32_e32 v3, v0", InF, F16Lo, |a, _, _, d| {
            lo(d, r16(fv(a)))
        }),
        ("v_cvt_f32_f16_e32 v3, v0", InH, F32, |a, _, _, _| {
            (hv(a) as f32).to_bits()
        }),
        ("v_cvt_f16_u16_e32 v3, v0", InI, Exact, |a, _, _, d| {
            lo(d, r16(a as u16 as f64))
        }),
        ("v_cvt_f16_i16_e32 v3, v0", InI, Exact, |a, _, _, d| {
            lo(d, r16(s16(a) as f64))
        }),
        ("v_cvt_u16_f16_e32 v3, v0", InH, Exact, |a, _, _, d| {
            lo(d, to_int(hv(a), 0.0, 65535.0) as u32)
        }),
        ("v_cvt_i16_f16_e32 v3, v0", InH, Exact, |a, _, _, d| {
            lo(d, to_int(hv(a), -32768.0, 32767.0) as u32)
        }),
        ("v_cvt_norm_i16_f16_e32 v3, v0", InH, Exact, |a, _, _, d| {
            lo(d, norm(hv(a), true))
        }),
        ("v_cvt_norm_u16_f16_e32 v3, v0", InH, Exact, |a, _, _, d| {
            lo(d, norm(hv(a), false))
        }),
        ("v_cvt_i32_i16_e32 v3, v0", InI, Exact, |a, _, _, _| {
            s16(a) as u32
        }),
        ("v_cvt_u32_u16_e32 v3, v0", InI, Exact, |a, _, _, _| {
            a & 0xffff
        }),
        (
            "v_cvt_pk_rtz_f16_f32_e32 v3, v0, v1",
            InF,
            F16Pair,
            |a, b, _, _| to_f16(fv(a), RTZ) as u32 | (to_f16(fv(b), RTZ) as u32) << 16,
        ),
        ("v_cvt_pk_i16_f32 v3, v0, v1", InF, Exact, |a, b, _, _| {
            let c = |x| to_int(fv(x), -32768.0, 32767.0) as u32 & 0xffff;
            c(a) | c(b) << 16
        }),
        ("v_cvt_pk_u16_f32 v3, v0, v1", InF, Exact, |a, b, _, _| {
            let c = |x| to_int(fv(x), 0.0, 65535.0) as u32;
            c(a) | c(b) << 16
        }),
        (
            "v_cvt_pk_norm_i16_f16 v3, v0, v1",
            InH,
            Exact,
            |a, b, _, _| norm(hv(a), true) | norm(hv(b), true) << 16,
        ),
        (
            "v_cvt_pk_norm_u16_f16 v3, v0, v1",
            InH,
            Exact,
            |a, b, _, _| norm(hv(a), false) | norm(hv(b), false) << 16,
        ),
        (
            "v_cvt_pk_norm_i16_f32 v3, v0, v1",
            InF,
            Exact,
            |a, b, _, _| norm(fv(a), true) | norm(fv(b), true) << 16,
        ),
        (
            "v_cvt_pk_norm_u16_f32 v3, v0, v1",
            InF,
            Exact,
            |a, b, _, _| norm(fv(a), false) | norm(fv(b), false) << 16,
        ),
        ("v_cvt_pk_u16_u32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            a.min(0xffff) | b.min(0xffff) << 16
        }),
        ("v_cvt_pk_i16_i32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            let s = |x: u32| (x as i32).clamp(-32768, 32767) as u32 & 0xffff;
            s(a) | s(b) << 16
        }),
        ("v_pack_b32_f16 v3, v0, v1", InH, Exact, |a, b, _, _| {
            (a & 0xffff) | b << 16
        }),
        (
            "v_pack_b32_f16 v3, v0, v1 op_sel:[1,1,0]",
            InH,
            Exact,
            |a, b, _, _| a >> 16 | (b >> 16) << 16,
        ),
        ("v_sat_pk_u8_i16_e32 v3, v0", InI, Exact, |a, _, _, d| {
            let s = |x: u32| (x as u16 as i16).clamp(0, 255) as u32;
            lo(d, s(a) | s(a >> 16) << 8)
        }),
        // ---- 16-bit integer
        ("v_mov_b16_e32 v3.l, v0.l", InI, Exact, |a, _, _, d| {
            lo(d, a)
        }),
        ("v_not_b16_e32 v3, v0", InI, Exact, |a, _, _, d| lo(d, !a)),
        ("v_add_nc_u16 v3, v0, v1", InI, Exact, |a, b, _, d| {
            lo(d, a.wrapping_add(b))
        }),
        ("v_sub_nc_u16 v3, v0, v1", InI, Exact, |a, b, _, d| {
            lo(d, a.wrapping_sub(b))
        }),
        ("v_add_nc_u16 v3, v0, v1 clamp", InI, Exact, |a, b, _, d| {
            lo(d, (a as u16).saturating_add(b as u16) as u32)
        }),
        ("v_sub_nc_u16 v3, v0, v1 clamp", InI, Exact, |a, b, _, d| {
            lo(d, (a as u16).saturating_sub(b as u16) as u32)
        }),
        ("v_add_nc_i16 v3, v0, v1 clamp", InI, Exact, |a, b, _, d| {
            lo(d, (a as i16).saturating_add(b as i16) as u32)
        }),
        ("v_sub_nc_i16 v3, v0, v1 clamp", InI, Exact, |a, b, _, d| {
            lo(d, (a as i16).saturating_sub(b as i16) as u32)
        }),
        ("v_add_nc_i16 v3, v0, v1", InI, Exact, |a, b, _, d| {
            lo(d, a.wrapping_add(b))
        }),
        ("v_sub_nc_i16 v3, v0, v1", InI, Exact, |a, b, _, d| {
            lo(d, a.wrapping_sub(b))
        }),
        ("v_mul_lo_u16 v3, v0, v1", InI, Exact, |a, b, _, d| {
            lo(d, a.wrapping_mul(b))
        }),
        ("v_max_u16 v3, v0, v1", InI, Exact, |a, b, _, d| {
            lo(d, (a as u16).max(b as u16) as u32)
        }),
        ("v_min_u16 v3, v0, v1", InI, Exact, |a, b, _, d| {
            lo(d, (a as u16).min(b as u16) as u32)
        }),
        ("v_max_i16 v3, v0, v1", InI, Exact, |a, b, _, d| {
            lo(d, s16(a).max(s16(b)) as u32)
        }),
        ("v_min_i16 v3, v0, v1", InI, Exact, |a, b, _, d| {
            lo(d, s16(a).min(s16(b)) as u32)
        }),
        ("v_lshlrev_b16 v3, v0, v1", InI, Exact, |a, b, _, d| {
            lo(d, (b & 0xffff) << (a & 15))
        }),
        ("v_lshrrev_b16 v3, v0, v1", InI, Exact, |a, b, _, d| {
            lo(d, (b & 0xffff) >> (a & 15))
        }),
        ("v_ashrrev_i16 v3, v0, v1", InI, Exact, |a, b, _, d| {
            lo(d, (s16(b) >> (a & 15)) as u32)
        }),
        ("v_and_b16 v3, v0, v1", InI, Exact, |a, b, _, d| {
            lo(d, a & b)
        }),
        ("v_or_b16 v3, v0, v1", InI, Exact, |a, b, _, d| lo(d, a | b)),
        ("v_xor_b16 v3, v0, v1", InI, Exact, |a, b, _, d| {
            lo(d, a ^ b)
        }),
        ("v_mad_u16 v3, v0, v1, v2", InI, Exact, |a, b, c, d| {
            lo(d, a.wrapping_mul(b).wrapping_add(c))
        }),
        ("v_mad_i16 v3, v0, v1, v2", InI, Exact, |a, b, c, d| {
            lo(d, a.wrapping_mul(b).wrapping_add(c))
        }),
        ("v_mad_u32_u16 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (a & 0xffff).wrapping_mul(b & 0xffff).wrapping_add(c)
        }),
        ("v_mad_i32_i16 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (s16(a).wrapping_mul(s16(b)) as u32).wrapping_add(c)
        }),
        ("v_max3_i16 v3, v0, v1, v2", InI, Exact, |a, b, c, d| {
            lo(d, s16(a).max(s16(b)).max(s16(c)) as u32)
        }),
        ("v_min3_i16 v3, v0, v1, v2", InI, Exact, |a, b, c, d| {
            lo(d, s16(a).min(s16(b)).min(s16(c)) as u32)
        }),
        ("v_med3_i16 v3, v0, v1, v2", InI, Exact, |a, b, c, d| {
            lo(d, med(s16(a), s16(b), s16(c)) as u32)
        }),
        ("v_max3_u16 v3, v0, v1, v2", InI, Exact, |a, b, c, d| {
            lo(d, (a & 0xffff).max(b & 0xffff).max(c & 0xffff))
        }),
        ("v_min3_u16 v3, v0, v1, v2", InI, Exact, |a, b, c, d| {
            lo(d, (a & 0xffff).min(b & 0xffff).min(c & 0xffff))
        }),
        ("v_med3_u16 v3, v0, v1, v2", InI, Exact, |a, b, c, d| {
            lo(d, med(a & 0xffff, b & 0xffff, c & 0xffff))
        }),
        // ---- 32-bit integer (three-operand forms gfx9 lacks or renamed)
        ("v_xor3_b32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            a ^ b ^ c
        }),
        ("v_add3_u32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            a.wrapping_add(b).wrapping_add(c)
        }),
        ("v_lshl_add_u32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (a << (b & 31)).wrapping_add(c)
        }),
        ("v_add_lshl_u32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            a.wrapping_add(b) << (c & 31)
        }),
        ("v_lshl_or_b32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (a << (b & 31)) | c
        }),
        ("v_and_or_b32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (a & b) | c
        }),
        ("v_or3_b32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            a | b | c
        }),
        ("v_xad_u32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (a ^ b).wrapping_add(c)
        }),
        ("v_maxmin_i32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (a as i32).max(b as i32).min(c as i32) as u32
        }),
        ("v_minmax_i32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (a as i32).min(b as i32).max(c as i32) as u32
        }),
        ("v_maxmin_u32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            a.max(b).min(c)
        }),
        ("v_minmax_u32 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            a.min(b).max(c)
        }),
        ("v_add_nc_u32_e32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            a.wrapping_add(b)
        }),
        (
            "v_sub_nc_u32_e64 v3, v0, v1 clamp",
            InI,
            Exact,
            |a, b, _, _| a.saturating_sub(b),
        ),
        ("v_add_nc_i32 v3, v0, v1 clamp", InI, Exact, |a, b, _, _| {
            (a as i32).saturating_add(b as i32) as u32
        }),
        ("v_sub_nc_i32 v3, v0, v1", InI, Exact, |a, b, _, _| {
            a.wrapping_sub(b)
        }),
        ("v_clz_i32_u32_e32 v3, v0", InI, Exact, |a, _, _, _| {
            if a == 0 {
                u32::MAX
            } else {
                a.leading_zeros()
            }
        }),
        ("v_ctz_i32_b32_e32 v3, v0", InI, Exact, |a, _, _, _| {
            if a == 0 {
                u32::MAX
            } else {
                a.trailing_zeros()
            }
        }),
        ("v_cls_i32_e32 v3, v0", InI, Exact, |a, _, _, _| {
            // The first bit from the MSB that differs from the sign: -1 if none.
            let x = if (a as i32) < 0 { !a } else { a };
            if x == 0 {
                u32::MAX
            } else {
                x.leading_zeros()
            }
        }),
        (
            "v_cvt_nearest_i32_f32_e32 v3, v0",
            InF,
            Exact,
            |a, _, _, _| {
                to_int(
                    (f32::from_bits(a) + 0.5).floor() as f64,
                    i32::MIN as f64,
                    i32::MAX as f64,
                ) as u32
            },
        ),
        (
            "v_cvt_floor_i32_f32_e32 v3, v0",
            InF,
            Exact,
            |a, _, _, _| to_int(fv(a).floor(), i32::MIN as f64, i32::MAX as f64) as u32,
        ),
        // ---- DX9 zero rules: 0 * anything (inf, NaN) is 0.
        (
            "v_mul_dx9_zero_f32_e32 v3, v0, v1",
            InF,
            F32,
            |a, b, _, _| {
                if fv(a) == 0.0 || fv(b) == 0.0 {
                    0
                } else {
                    to_f32(fv(a) * fv(b), RNE)
                }
            },
        ),
        (
            "v_fma_dx9_zero_f32 v3, v0, v1, v2",
            InF,
            F32,
            |a, b, c, _| {
                // Pseudocode: D0 = S2 when S0 or S1 is zero (a -0 addend stays -0).
                if fv(a) == 0.0 || fv(b) == 0.0 {
                    c
                } else {
                    fma_round(fv(a), fv(b), fv(c), true)
                }
            },
        ),
        ("v_fmac_dx9_zero_f32 v3, v0, v1", InF, F32, |a, b, _, d| {
            if fv(a) == 0.0 || fv(b) == 0.0 {
                d
            } else {
                fma_round(fv(a), fv(b), fv(d), true)
            }
        }),
        // ---- dot products and mixed precision
        ("v_dot2_f32_f16 v3, v0, v1, v2", InH, F32, |a, b, c, _| {
            dot2(fv(c), hv(a) * hv(b), hv(a >> 16) * hv(b >> 16), true)
        }),
        ("v_dot2acc_f32_f16 v3, v0, v1", InH, F32, |a, b, _, d| {
            dot2(fv(d), hv(a) * hv(b), hv(a >> 16) * hv(b >> 16), true)
        }),
        ("v_dot2_f32_bf16 v3, v0, v1, v2", InI, F32, |a, b, c, _| {
            // bf16_to_f32(x) * bf16_to_f32(y): an f32 product (it overflows to infinity or
            // rounds among the denormals as f32 does), then each sum rounded once.
            let p = |x: u32, y: u32| (bf(x) as f32 * bf(y) as f32) as f64;
            dot2(fv(c), p(a, b), p(a >> 16, b >> 16), true)
        }),
        ("v_dot2_f16_f16 v3, v0, v1, v2", InH, F16Lo, |a, b, c, d| {
            lo(
                d,
                dot2(hv(c), hv(a) * hv(b), hv(a >> 16) * hv(b >> 16), false),
            )
        }),
        (
            "v_dot2_bf16_bf16 v3, v0, v1, v2",
            InI,
            Bf16Lo,
            |a, b, c, d| {
                // tmp = S2.bf16; tmp += each product (exact), rounded to bf16 each time.
                let rb = |x: f64| -> u32 {
                    if x.is_nan() {
                        return 0x7fc0;
                    }
                    if x.is_infinite() || x == 0.0 {
                        return to_f32(x, RNE) >> 16;
                    }
                    let (neg, n, e) = super::softfloat::decompose(x);
                    round_bits(neg, n, e, false, 8, -126, 127, RNE) as u32
                };
                let acc = |t: u32, p: f64| -> u32 {
                    let tv = bf(t);
                    if !p.is_finite() || !tv.is_finite() || p == 0.0 {
                        return rb(tv + p);
                    }
                    let (neg, n, e, sticky) = exact_sum(tv, p);
                    if n == 0 {
                        return (neg as u32) << 15;
                    }
                    round_bits(neg, n, e, sticky, 8, -126, 127, RNE) as u32
                };
                let t = acc(c & 0xffff, bf(a) * bf(b));
                lo(d, acc(t, bf(a >> 16) * bf(b >> 16)))
            },
        ),
        (
            "v_dot4_i32_iu8 v3, v0, v1, v2 neg_lo:[1,1,0]",
            InI,
            Exact,
            |a, b, c, _| {
                (0..4).fold(c as i32, |s, k| {
                    s.wrapping_add((a >> (8 * k)) as i8 as i32 * (b >> (8 * k)) as i8 as i32)
                }) as u32
            },
        ),
        ("v_dot4_u32_u8 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (0..4).fold(c, |s, k| {
                s.wrapping_add((a >> (8 * k) & 0xff) * (b >> (8 * k) & 0xff))
            })
        }),
        (
            "v_dot8_i32_iu4 v3, v0, v1, v2 neg_lo:[1,0,0]",
            InI,
            Exact,
            |a, b, c, _| {
                (0..8).fold(c as i32, |s, k| {
                    let x = ((a >> (4 * k)) << 28) as i32 >> 28;
                    s.wrapping_add(x * (b >> (4 * k) & 15) as i32)
                }) as u32
            },
        ),
        ("v_dot8_u32_u4 v3, v0, v1, v2", InI, Exact, |a, b, c, _| {
            (0..8).fold(c, |s, k| {
                s.wrapping_add((a >> (4 * k) & 15) * (b >> (4 * k) & 15))
            })
        }),
        (
            "v_fma_mix_f32 v3, v0, v1, v2 op_sel_hi:[1,1,0]",
            InH,
            F32,
            |a, b, c, _| fma_round(hv(a), hv(b), fv(c), true),
        ),
        (
            "v_fma_mix_f32 v3, v0, v1, v2 op_sel:[1,0,1] op_sel_hi:[1,0,1]",
            InH,
            F32,
            |a, b, c, _| fma_round(hv(a >> 16), fv(b), hv(c >> 16), true),
        ),
        (
            "v_fma_mixlo_f16 v3, v0, v1, v2 op_sel_hi:[1,1,1]",
            InH,
            F16Lo,
            |a, b, c, d| {
                // f32_to_f16(fma(...)): the f32 fma, then the conversion.
                lo(d, r16(fv(fma_round(hv(a), hv(b), hv(c), true))))
            },
        ),
        (
            "v_fma_mixhi_f16 v3, v0, v1, v2 op_sel_hi:[1,1,1]",
            InH,
            F16Pair,
            |a, b, c, d| (d & 0xffff) | r16(fv(fma_round(hv(a), hv(b), hv(c), true))) << 16,
        ),
        ("v_pk_fmac_f16 v3, v0, v1", InH, F16Pair, |a, b, _, d| {
            let f = |s: u32| fma_round(hv(a >> s), hv(b >> s), hv(d >> s), false);
            f(0) | f(16) << 16
        }),
        ("v_pk_fma_f16 v3, v0, v1, v2", InH, F16Pair, |a, b, c, _| {
            let f = |s: u32| fma_round(hv(a >> s), hv(b >> s), hv(c >> s), false);
            f(0) | f(16) << 16
        }),
        ("v_pk_add_f16 v3, v0, v1", InH, F16Pair, |a, b, _, _| {
            r16(hv(a) + hv(b)) | r16(hv(a >> 16) + hv(b >> 16)) << 16
        }),
        ("v_pk_max_f16 v3, v0, v1", InH, F16Pair, |a, b, _, _| {
            maxmin16(a, b, true) | maxmin16(a >> 16, b >> 16, true) << 16
        }),
        ("v_pk_add_u16 v3, v0, v1 clamp", InI, Exact, |a, b, _, _| {
            (a as u16).saturating_add(b as u16) as u32
                | (((a >> 16) as u16).saturating_add((b >> 16) as u16) as u32) << 16
        }),
    ]
};

fn inputs(k: Inputs, seed: u64) -> Vec<([u32; 3], u32)> {
    match k {
        Inputs::InH => cases_h16(seed, 200),
        Inputs::InI => cases_32(seed, &super::harness::V32, 200),
        Inputs::InF => cases_32(seed, &F32S, 200),
    }
}

#[test]
fn gfx11_valu_ops_against_the_pseudocode() {
    let mut chk = Check::new();
    for (k, (text, inp, cmp, f)) in OPS.iter().enumerate() {
        let cases = inputs(*inp, 0x9e37_79b9 + k as u64);
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
    chk.done();
}
