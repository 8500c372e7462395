//! The VALU's arithmetic helpers: f16 conversions, float helpers (flushing, min/max, frexp,
//! classes), comparisons, MODE rounding and the division helpers.

use crate::op::Op;

// ---------------------------------------------------------------- f16 conversion

/// f16 bits to f32 (exact).
pub fn f16_to_f32(h: u16) -> f32 {
    let s = ((h >> 15) as u32) << 31;
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as u32;
    let bits = if e == 0x1f {
        s | 0x7f80_0000 | m << 13
    } else if e == 0 {
        if m == 0 {
            s
        } else {
            // Subnormal: m * 2^-24, exact in f32.
            return f32::from_bits(s)
                + (if s != 0 { -1.0 } else { 1.0 }) * m as f32 * 2f32.powi(-24)
                - f32::from_bits(s);
        }
    } else {
        s | ((e - 15 + 127) as u32) << 23 | m << 13
    };
    f32::from_bits(bits)
}

/// f64 to f16 bits, round to nearest even (from f64 so that f32 inputs round once): on the
/// bits (the significand shifted to the result's ULP, rounding on the remainder; a carry out of
/// the mantissa moves into the exponent, and past the largest finite value into infinity).
pub fn f64_to_f16(x: f64) -> u16 {
    let b = x.to_bits();
    let s = ((b >> 63) as u16) << 15;
    let exp = ((b >> 52) & 0x7ff) as i32;
    let frac = b & ((1u64 << 52) - 1);
    if exp == 0x7ff {
        return if frac != 0 {
            s | 0x7e00 | ((b >> 42) as u16 & 0x1ff)
        } else {
            s | 0x7c00
        };
    }
    let e = exp - 1023;
    if e > 15 {
        return s | 0x7c00;
    }
    if exp == 0 || e < -26 {
        // f64 subnormals and anything below 2^-26 round to zero.
        return s;
    }
    let m = frac | 1u64 << 52;
    // Normal results: 11 significant bits; subnormal ones: units of 2^-24.
    let (shift, base) = if e >= -14 {
        (42u32, (((e + 15) as u32) << 10) - 1024)
    } else {
        ((28 - e) as u32, 0)
    };
    let q = (m >> shift) as u32;
    let rem = m & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    let up = (rem > half || (rem == half && q & 1 == 1)) as u32;
    let v = base + q + up;
    if v >= 0x7c00 {
        s | 0x7c00
    } else {
        s | v as u16
    }
}

/// The reference [`f64_to_f16`] the bit version is checked against: scaling in f64.
#[cfg(test)]
pub(super) fn f64_to_f16_scaled(x: f64) -> u16 {
    let b = x.to_bits();
    let s = ((b >> 63) as u16) << 15;
    if x.is_nan() {
        return s | 0x7e00 | ((b >> 42) as u16 & 0x1ff);
    }
    let a = x.abs();
    if a >= 65520.0 {
        return s | 0x7c00;
    }
    if a < 2f64.powi(-25) {
        // Below half the smallest subnormal (ties: 2^-25 rounds to even = 0).
        return s;
    }
    // Scale to an integer count of the result's ULP and round to even.
    let e = a.log2().floor() as i32;
    let e = if a < 2f64.powi(e) {
        e - 1
    } else if a >= 2f64.powi(e + 1) {
        e + 1
    } else {
        e
    };
    let ulp_exp = if e < -14 { -24 } else { e - 10 };
    let q = a / 2f64.powi(ulp_exp);
    let r = q.round_ties_even_compat();
    let v = r * 2f64.powi(ulp_exp);
    // Re-encode v (exact in f16 now).
    if v >= 65520.0 {
        return s | 0x7c00;
    }
    if v < 2f64.powi(-14) {
        return s | (v / 2f64.powi(-24)) as u16;
    }
    let e = {
        let mut e = v.log2().floor() as i32;
        if v < 2f64.powi(e) {
            e -= 1;
        }
        if v >= 2f64.powi(e + 1) {
            e += 1;
        }
        e
    };
    let m = (v / 2f64.powi(e) - 1.0) * 1024.0;
    s | (((e + 15) as u16) << 10) | m as u16
}

pub(super) trait RoundEven {
    fn round_ties_even_compat(self) -> f64;
}
impl RoundEven for f64 {
    fn round_ties_even_compat(self) -> f64 {
        let f = self.floor();
        let d = self - f;
        let r = if d > 0.5 || (d == 0.5 && f % 2.0 != 0.0) {
            f + 1.0
        } else {
            f
        };
        // A zero result keeps the input's sign (-0.4 rounds to -0).
        r.copysign(self)
    }
}

// ---------------------------------------------------------------- float helpers

pub(super) fn ftz32(x: f32) -> f32 {
    if x.is_subnormal() {
        f32::from_bits(x.to_bits() & 0x8000_0000)
    } else {
        x
    }
}

pub(super) fn quiet32(x: f32) -> f32 {
    f32::from_bits(x.to_bits() | 0x0040_0000)
}
pub(super) fn quiet64(x: f64) -> f64 {
    f64::from_bits(x.to_bits() | 0x0008_0000_0000_0000)
}

/// v_max/v_min (IEEE mode: a signalling NaN input gives a quiet NaN; otherwise the non-NaN
/// operand; +0 > -0).
pub(super) fn fmax32(a: f32, b: f32, ieee: bool, max: bool) -> f32 {
    let snan = |x: f32| x.is_nan() && x.to_bits() & 0x0040_0000 == 0;
    if ieee && snan(a) {
        return quiet32(a);
    }
    if ieee && snan(b) {
        return quiet32(b);
    }
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    if a == 0.0 && b == 0.0 {
        let neg = if max {
            a.is_sign_negative() && b.is_sign_negative()
        } else {
            a.is_sign_negative() || b.is_sign_negative()
        };
        return if neg { -0.0 } else { 0.0 };
    }
    if max == (a >= b) {
        a
    } else {
        b
    }
}
pub(super) fn fmax64(a: f64, b: f64, ieee: bool, max: bool) -> f64 {
    let snan = |x: f64| x.is_nan() && x.to_bits() & 0x0008_0000_0000_0000 == 0;
    if ieee && snan(a) {
        return quiet64(a);
    }
    if ieee && snan(b) {
        return quiet64(b);
    }
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    if a == 0.0 && b == 0.0 {
        let neg = if max {
            a.is_sign_negative() && b.is_sign_negative()
        } else {
            a.is_sign_negative() || b.is_sign_negative()
        };
        return if neg { -0.0 } else { 0.0 };
    }
    if max == (a >= b) {
        a
    } else {
        b
    }
}

pub(super) fn med3_32(a: f32, b: f32, c: f32, ieee: bool) -> f32 {
    if a.is_nan() || b.is_nan() || c.is_nan() {
        return fmax32(fmax32(a, b, ieee, false), c, ieee, false);
    }
    let mx = fmax32(fmax32(a, b, ieee, true), c, ieee, true);
    if mx == a {
        fmax32(b, c, ieee, true)
    } else if mx == b {
        fmax32(a, c, ieee, true)
    } else {
        fmax32(a, b, ieee, true)
    }
}

/// f32 -> i32/u32 as AMD converts: NaN to 0, saturating (Rust's `as` does exactly this).
pub(super) fn cvt_i32(x: f64) -> u32 {
    x as i32 as u32
}
pub(super) fn cvt_u32(x: f64) -> u32 {
    x as u32
}

pub(super) fn exponent32(x: f32) -> i32 {
    ((x.to_bits() >> 23) & 0xff) as i32
}
pub(super) fn exponent64(x: f64) -> i32 {
    ((x.to_bits() >> 52) & 0x7ff) as i32
}

pub(super) fn frexp32(x: f32) -> (f32, i32) {
    if x == 0.0 || x.is_nan() || x.is_infinite() {
        return (x, 0);
    }
    let (mut y, mut e) = (x as f64, 0);
    while y.abs() >= 1.0 {
        y /= 2.0;
        e += 1;
    }
    while y.abs() < 0.5 {
        y *= 2.0;
        e -= 1;
    }
    (y as f32, e)
}
pub(super) fn frexp64(x: f64) -> (f64, i32) {
    if x == 0.0 || x.is_nan() || x.is_infinite() {
        return (x, 0);
    }
    let (mut y, mut e) = (x, 0);
    // Scale subnormals up first.
    if y.abs() < f64::MIN_POSITIVE {
        y *= 2f64.powi(64);
        e -= 64;
    }
    let be = exponent64(y) - 1022;
    y = f64::from_bits((y.to_bits() & !(0x7ffu64 << 52)) | (1022u64 << 52));
    (y, e + be)
}

pub(super) fn ldexp64(x: f64, e: i32) -> f64 {
    // Zero, infinity and NaN are unchanged (a scale of 0 or inf would make them NaN).
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    // Two steps keep intermediate scale factors finite.
    let e = e.clamp(-2200, 2200);
    let h = e / 2;
    x * 2f64.powi(h) * 2f64.powi(e - h)
}
pub(super) fn ldexp32(x: f32, e: i32) -> f32 {
    ldexp64(x as f64, e) as f32
}

pub(super) fn class_bits(
    neg: bool,
    e_max: bool,
    e_zero: bool,
    mant_zero: bool,
    quiet: bool,
) -> u32 {
    if e_max && !mant_zero {
        return if quiet { 1 } else { 0 };
    }
    let k = if e_max {
        if neg {
            2
        } else {
            9
        }
    } else if !e_zero {
        if neg {
            3
        } else {
            8
        }
    } else if !mant_zero {
        if neg {
            4
        } else {
            7
        }
    } else if neg {
        5
    } else {
        6
    };
    k
}

pub(super) fn cmp_class32(x: u32, mask: u32) -> bool {
    let k = class_bits(
        x >> 31 != 0,
        (x >> 23) & 0xff == 0xff,
        (x >> 23) & 0xff == 0,
        x & 0x7f_ffff == 0,
        x & 0x40_0000 != 0,
    );
    mask >> k & 1 != 0
}
pub(super) fn cmp_class64(x: u64, mask: u32) -> bool {
    let k = class_bits(
        x >> 63 != 0,
        (x >> 52) & 0x7ff == 0x7ff,
        (x >> 52) & 0x7ff == 0,
        x & ((1 << 52) - 1) == 0,
        x & (1 << 51) != 0,
    );
    mask >> k & 1 != 0
}
pub(super) fn cmp_class16(x: u16, mask: u32) -> bool {
    let k = class_bits(
        x >> 15 != 0,
        (x >> 10) & 0x1f == 0x1f,
        (x >> 10) & 0x1f == 0,
        x & 0x3ff == 0,
        x & 0x200 != 0,
    );
    mask >> k & 1 != 0
}

// ---------------------------------------------------------------- comparisons

use crate::op::Cond;
/// A compare's operand type (`Op::facts().traits.cmp`).
pub(crate) use crate::op::NumTy as Ty;

/// (condition, type, cmpx) of a V_CMP*/V_CMPX* operation (`Op::facts().traits.cmp`,
/// data/amd/op-facts.txt).
#[inline]
pub(crate) fn cmp_info(op: Op) -> Option<(Cond, Ty, bool)> {
    op.facts().traits.cmp.map(|c| (c.cond, c.ty, c.x))
}

pub(super) fn fcmp(cond: Cond, a: f64, b: f64) -> bool {
    match cond {
        Cond::F => false,
        Cond::Lt => a < b,
        Cond::Eq => a == b,
        Cond::Le => a <= b,
        Cond::Gt => a > b,
        Cond::Lg => a < b || a > b,
        Cond::Ge => a >= b,
        Cond::O => !a.is_nan() && !b.is_nan(),
        Cond::U => a.is_nan() || b.is_nan(),
        Cond::Nge => !(a >= b),
        Cond::Nlg => !(a < b || a > b),
        Cond::Ngt => !(a > b),
        Cond::Nle => !(a <= b),
        Cond::Neq => a != b,
        Cond::Nlt => !(a < b),
        _ => true, // TRU
    }
}

pub(super) fn icmp<T: PartialOrd>(cond: Cond, a: T, b: T) -> bool {
    match cond {
        Cond::F => false,
        Cond::Lt => a < b,
        Cond::Eq => a == b,
        Cond::Le => a <= b,
        Cond::Gt => a > b,
        Cond::Ne | Cond::Lg => a != b,
        Cond::Ge => a >= b,
        _ => true, // T
    }
}

// ---------------------------------------------------------------- MODE rounding and f16/f64 flushing

/// The fraction bits of 2/pi (1216 bits, most significant first; computed with Machin's formula).
pub(super) const TWO_OVER_PI: [u64; 19] = [
    0xa2f9836e4e441529,
    0xfc2757d1f534ddc0,
    0xdb6295993c439041,
    0xfe5163abdebbc561,
    0xb7246e3a424dd2e0,
    0x06492eea09d1921c,
    0xfe1deb1cb129a73e,
    0xe88235f52ebb4484,
    0xe99c7026b45f7e41,
    0x3991d639835339f4,
    0x9c845f8bbdf9283b,
    0x1ff897ffde05980f,
    0xef2f118b5a0a6d1f,
    0x6d367ecf27cb09b7,
    0x4f463f669e5fea2d,
    0x7527bac7ebe5f17b,
    0x3d0739f78a5292ea,
    0x6bfb5fb11f8d5d08,
    0x56033046fc7b6bab,
];

/// 53 bits of 2/pi's fraction starting `start` bits after the binary point (AMD defines 1201
/// bits; later ones read as 0).
pub(super) fn two_over_pi_bits(start: usize) -> u64 {
    (0..53).fold(0u64, |v, j| {
        let k = start + j;
        let bit = if k < 1201 {
            TWO_OVER_PI[k / 64] >> (63 - k % 64) & 1
        } else {
            0
        };
        v << 1 | bit
    })
}

pub(super) fn ftz16_if(on: bool, h: u16) -> u16 {
    if on && h & 0x7c00 == 0 {
        h & 0x8000
    } else {
        h
    }
}

/// The next f32 toward +inf (`up`) or -inf.
pub(super) fn next32(x: f32, up: bool) -> f32 {
    if x.is_nan() || (up && x == f32::INFINITY) || (!up && x == f32::NEG_INFINITY) {
        return x;
    }
    if x == 0.0 {
        return f32::from_bits(1).copysign(if up { 1.0 } else { -1.0 });
    }
    let b = x.to_bits();
    f32::from_bits(if (x > 0.0) == up { b + 1 } else { b - 1 })
}
pub(super) fn next64(x: f64, up: bool) -> f64 {
    if x.is_nan() || (up && x == f64::INFINITY) || (!up && x == f64::NEG_INFINITY) {
        return x;
    }
    if x == 0.0 {
        return f64::from_bits(1).copysign(if up { 1.0 } else { -1.0 });
    }
    let b = x.to_bits();
    f64::from_bits(if (x > 0.0) == up { b + 1 } else { b - 1 })
}

/// `r`, the nearest-even rounding of an exact value, moved to the rounding of MODE.FP_ROUND
/// `rm` (1 toward +inf, 2 toward -inf, 3 toward zero); `cmp`: the exact value against `r`.
pub(super) fn directed32(r: f32, cmp: Option<std::cmp::Ordering>, rm: u32) -> f32 {
    use std::cmp::Ordering::*;
    match (rm, cmp) {
        (1, Some(Greater)) => next32(r, true),
        (2, Some(Less)) => next32(r, false),
        (3, Some(Greater)) if r < 0.0 => next32(r, true),
        (3, Some(Less)) if r > 0.0 => next32(r, false),
        _ => r,
    }
}
pub(super) fn directed64(r: f64, cmp: Option<std::cmp::Ordering>, rm: u32) -> f64 {
    use std::cmp::Ordering::*;
    match (rm, cmp) {
        (1, Some(Greater)) => next64(r, true),
        (2, Some(Less)) => next64(r, false),
        (3, Some(Greater)) if r < 0.0 => next64(r, true),
        (3, Some(Less)) if r > 0.0 => next64(r, false),
        _ => r,
    }
}

/// f32 `c + a * b` (`mul`) or `c + a` (a sum; `b` unused) whose nearest-even result is `rne`,
/// in rounding mode `rm`. The exact value is held as two f64s (the f32 product is exact in f64,
/// the sum's error from Knuth's two-sum), compared with `rne`.
pub(super) fn round32(c: f32, a: f32, b: f32, rne: f32, rm: u32, mul: bool) -> f32 {
    if rm == 0 || !(a.is_finite() && b.is_finite() && c.is_finite()) || rne.is_nan() {
        return rne;
    }
    let p = if mul { a as f64 * b as f64 } else { a as f64 };
    let (hi, lo) = two_sum(p, c as f64);
    if hi == 0.0 && lo == 0.0 {
        // An exact zero: -0 toward -inf unless both addends are +0 (IEEE 754 6.3).
        let both_pos = !p.is_sign_negative() && !c.is_sign_negative();
        return if rm == 2 && !both_pos || p.is_sign_negative() && c.is_sign_negative() {
            -0.0
        } else {
            0.0
        };
    }
    let d = (hi - rne as f64) + lo;
    directed32(rne, d.partial_cmp(&0.0), rm)
}

pub(super) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

pub(super) fn round64_add(a: f64, b: f64, rm: u32) -> f64 {
    let r = a + b;
    if rm == 0 || !(a.is_finite() && b.is_finite()) {
        return r;
    }
    if r.is_infinite() {
        return directed64(
            r,
            Some(if r > 0.0 {
                std::cmp::Ordering::Less
            } else {
                std::cmp::Ordering::Greater
            }),
            rm,
        );
    }
    let (_, e) = two_sum(a, b);
    if r == 0.0 && e == 0.0 {
        return if rm == 2 && !(a.is_sign_positive() && b.is_sign_positive())
            || a.is_sign_negative() && b.is_sign_negative()
        {
            -0.0
        } else {
            0.0
        };
    }
    directed64(r, e.partial_cmp(&0.0), rm)
}

pub(super) fn round64_mul(a: f64, b: f64, rm: u32) -> f64 {
    let r = a * b;
    if rm == 0 || !(a.is_finite() && b.is_finite()) {
        return r;
    }
    if r.is_infinite() {
        return directed64(
            r,
            Some(if r > 0.0 {
                std::cmp::Ordering::Less
            } else {
                std::cmp::Ordering::Greater
            }),
            rm,
        );
    }
    // The product's error, exact while the product is normal (fma computes it exactly).
    directed64(r, a.mul_add(b, -r).partial_cmp(&0.0), rm)
}

/// An exact f64 value rounded to f16 in MODE.FP_ROUND `rm`.
pub(super) fn round16(x: f64, rm: u32) -> u16 {
    let h = f64_to_f16(x);
    if rm == 0 || x.is_nan() || x.is_infinite() {
        return h;
    }
    let v = f16_to_f32(h) as f64;
    let step = |h: u16, up: bool| -> u16 {
        // One f16 step toward +inf (up) or -inf.
        let neg = h & 0x8000 != 0;
        if h & 0x7fff == 0 {
            return if up { 0x0001 } else { 0x8001 };
        }
        if up != neg {
            h + 1
        } else {
            h - 1
        }
    };
    match rm {
        1 if x > v => step(h, true),
        2 if x < v => step(h, false),
        3 if x.abs() < v.abs() => step(h, v < 0.0),
        _ => h,
    }
}

pub(super) fn ftz_if(on: bool, x: f32) -> f32 {
    if on {
        ftz32(x)
    } else {
        x
    }
}

pub(super) fn clamp_inf32(x: f32) -> f32 {
    if x.is_infinite() {
        f32::MAX.copysign(x)
    } else {
        x
    }
}
pub(super) fn clamp_inf64(x: f64) -> f64 {
    if x.is_infinite() {
        f64::MAX.copysign(x)
    } else {
        x
    }
}

pub(super) fn sext24(x: u64) -> i64 {
    (((x as u32) << 8) as i32 >> 8) as i64
}

pub(crate) fn perm(s0: u32, s1: u32, sel: u32) -> u32 {
    let data = (s0 as u64) << 32 | s1 as u64;
    let byte = |s: u32| -> u32 {
        match s {
            13.. => 0xff,
            12 => 0,
            11 => ((data >> 63) & 1) as u32 * 0xff,
            10 => ((data >> 47) & 1) as u32 * 0xff,
            9 => ((data >> 31) & 1) as u32 * 0xff,
            8 => ((data >> 15) & 1) as u32 * 0xff,
            k => ((data >> (8 * k)) & 0xff) as u32,
        }
    };
    (0..4).fold(0, |acc, k| acc | byte((sel >> (8 * k)) & 0xff) << (8 * k))
}

pub(super) fn div_scale32(s0: f32, s1: f32, s2: f32) -> (f32, bool) {
    let dn = |x: f32| x.is_subnormal();
    let dn64 = |x: f64| x != 0.0 && x.abs() < f64::MIN_POSITIVE;
    let mut d = s0;
    let mut vcc = false;
    if s2 == 0.0 || s1 == 0.0 {
        d = f32::NAN;
    } else if exponent32(s2) - exponent32(s1) >= 96 {
        vcc = true;
        if s0 == s1 {
            d = ldexp32(s0, 64);
        }
    } else if dn(s1) {
        d = ldexp32(s0, 64);
    } else if dn64(1.0 / s1 as f64) && dn(s2 / s1) {
        vcc = true;
        if s0 == s1 {
            d = ldexp32(s0, 64);
        }
    } else if dn64(1.0 / s1 as f64) {
        d = ldexp32(s0, -64);
    } else if dn(s2 / s1) {
        vcc = true;
        if s0 == s2 {
            d = ldexp32(s0, 64);
        }
    } else if exponent32(s2) <= 23 {
        d = ldexp32(s0, 64);
    }
    (d, vcc)
}

pub(super) fn div_scale64(s0: f64, s1: f64, s2: f64) -> (f64, bool) {
    let dn = |x: f64| x.is_subnormal();
    let mut d = s0;
    let mut vcc = false;
    if s2 == 0.0 || s1 == 0.0 {
        d = f64::NAN;
    } else if exponent64(s2) - exponent64(s1) >= 768 {
        vcc = true;
        if s0 == s1 {
            d = ldexp64(s0, 128);
        }
    } else if dn(s1) {
        d = ldexp64(s0, 128);
    } else if dn(1.0 / s1) && dn(s2 / s1) {
        vcc = true;
        if s0 == s1 {
            d = ldexp64(s0, 128);
        }
    } else if dn(1.0 / s1) {
        d = ldexp64(s0, -128);
    } else if dn(s2 / s1) {
        vcc = true;
        if s0 == s2 {
            d = ldexp64(s0, 128);
        }
    } else if exponent64(s2) <= 53 {
        d = ldexp64(s0, 128);
    }
    (d, vcc)
}

pub(super) fn div_fixup32(s0: f32, s1: f32, s2: f32) -> f32 {
    let sign = s1.is_sign_negative() != s2.is_sign_negative();
    let sg = |x: f32| if sign { -x.abs() } else { x.abs() };
    if s2.is_nan() {
        quiet32(s2)
    } else if s1.is_nan() {
        quiet32(s1)
    } else if s1 == 0.0 && s2 == 0.0 || s1.is_infinite() && s2.is_infinite() {
        f32::from_bits(0xffc0_0000)
    } else if s1 == 0.0 || s2.is_infinite() {
        sg(f32::INFINITY)
    } else if s1.is_infinite() || s2 == 0.0 {
        sg(0.0)
    } else if exponent32(s2) - exponent32(s1) < -150 {
        // |quotient| below 2^-150: the nearest-even result is a signed zero (UNDERFLOW_F32).
        sg(0.0)
    } else if exponent32(s1) == 255 {
        sg(f32::MAX)
    } else {
        sg(s0)
    }
}

pub(super) fn div_fixup64(s0: f64, s1: f64, s2: f64) -> f64 {
    let sign = s1.is_sign_negative() != s2.is_sign_negative();
    let sg = |x: f64| if sign { -x.abs() } else { x.abs() };
    if s2.is_nan() {
        quiet64(s2)
    } else if s1.is_nan() {
        quiet64(s1)
    } else if s1 == 0.0 && s2 == 0.0 || s1.is_infinite() && s2.is_infinite() {
        f64::from_bits(0xfff8_0000_0000_0000)
    } else if s1 == 0.0 || s2.is_infinite() {
        sg(f64::INFINITY)
    } else if s1.is_infinite() || s2 == 0.0 {
        sg(0.0)
    } else if exponent64(s2) - exponent64(s1) < -1075 {
        // |quotient| below 2^-1075: a signed zero.
        sg(0.0)
    } else if exponent64(s1) == 2047 {
        sg(f64::MAX)
    } else {
        sg(s0)
    }
}

/// Per-instruction facts: operand types and the modifiers that apply.
pub(super) struct Mods {
    pub(super) float: [bool; 3],
    pub(super) half: [bool; 3],
    pub(super) neg: u8,
    pub(super) abs: u8,
    pub(super) clamp: bool,
    pub(super) omod: u8,
}

pub(super) fn apply_in(x: u64, n: u8, half: bool, k: usize, m: &Mods) -> u64 {
    if !m.float[k] {
        return x;
    }
    let sign = if half {
        1u64 << 15
    } else if n >= 2 {
        1u64 << 63
    } else {
        1u64 << 31
    };
    let mut x = x;
    if m.abs >> k & 1 != 0 {
        x &= !sign;
    }
    if m.neg >> k & 1 != 0 {
        x ^= sign;
    }
    x
}

/// The f64 sum `s` of the exact f64 addends `x` and `y` (`x + y` rounded to nearest even once),
/// made fit for a second rounding to a narrower format in rounding mode `rm` (MODE.FP_ROUND
/// numbering): an exact zero sum is -0 toward -inf unless both addends are +0 (the host's +0
/// otherwise), and in the directed modes an inexact `s` moves one f64 step toward the exact
/// sum (the rounding error from TwoSum), so that no f16 value is mistaken for the exact result.
pub(super) fn sum_rm(x: f64, y: f64, s: f64, rm: u32) -> f64 {
    if s == 0.0
        && rm == 2
        && !(x == 0.0 && y == 0.0 && x.is_sign_positive() && y.is_sign_positive())
    {
        return -0.0;
    }
    if rm != 0 && s.is_finite() && s != 0.0 {
        let b = s - x;
        let err = (x - (s - b)) + (y - b);
        if err != 0.0 && err.is_finite() {
            // Away from zero when the error has s's sign, else toward zero.
            let up = (err > 0.0) == (s > 0.0);
            let bits = s.to_bits();
            return f64::from_bits(if up { bits + 1 } else { bits - 1 });
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn f16_conversions_round_trip() {
        // Every f16 value converts to f32 and back to itself (NaNs stay NaN).
        for h in 0..=u16::MAX {
            let f = f16_to_f32(h);
            let back = f64_to_f16(f as f64);
            if f.is_nan() {
                assert_eq!(back & 0x7c00, 0x7c00);
                assert_ne!(back & 0x3ff, 0);
            } else {
                assert_eq!(back, h, "{h:#06x} -> {f} -> {back:#06x}");
            }
        }
        // Known values (IEEE 754 binary16).
        assert_eq!(f64_to_f16(1.0), 0x3c00);
        assert_eq!(f64_to_f16(65504.0), 0x7bff);
        assert_eq!(f64_to_f16(65520.0), 0x7c00);
        assert_eq!(f64_to_f16(2f64.powi(-24)), 0x0001);
        assert_eq!(f64_to_f16(2f64.powi(-25)), 0x0000); // tie to even
        assert_eq!(f64_to_f16(1.0 + 2f64.powi(-11)), 0x3c00); // tie to even
        assert_eq!(f64_to_f16(1.0 + 3.0 * 2f64.powi(-11)), 0x3c02);
        assert_eq!(f64_to_f16(-2.5), 0xc100);
    }
    #[test]
    fn f16_rounding_on_bits_matches_scaling() {
        let check = |x: f64| {
            assert_eq!(
                f64_to_f16(x),
                f64_to_f16_scaled(x),
                "{x:e} ({:#018x})",
                x.to_bits()
            );
        };
        // Every f16 value, the midpoints to its neighbours and values just beside them.
        for h in 0..0x7c00u16 {
            let a = f16_to_f32(h) as f64;
            let b = f16_to_f32(h + 1) as f64;
            let mid = (a + b) / 2.0;
            for x in [
                a,
                mid,
                f64::from_bits(mid.to_bits() - 1),
                f64::from_bits(mid.to_bits() + 1),
            ] {
                check(x);
                check(-x);
            }
        }
        for x in [
            65504.0,
            65519.99,
            65520.0,
            70000.0,
            1e300,
            2f64.powi(-25),
            2f64.powi(-26),
            1e-300,
        ] {
            check(x);
            check(-x);
        }
        check(f64::INFINITY);
        check(f64::NEG_INFINITY);
        // Pseudo-random f64 values with exponents around the f16 range.
        let mut r = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            let e = 1023 - 30 + (r >> 56) % 48;
            let x = f64::from_bits((r & 0x800f_ffff_ffff_ffff) | e << 52);
            check(x);
            check(x as f32 as f64);
        }
    }
    #[test]
    fn class_and_perm() {
        assert!(cmp_class32(f32::NEG_INFINITY.to_bits(), 1 << 2));
        assert!(cmp_class32(0x7fc0_0000, 1 << 1));
        assert!(cmp_class32(0x7f80_0001, 1 << 0));
        assert!(cmp_class32(1, 1 << 7));
        assert!(cmp_class32(0x8000_0000, 1 << 5));
        assert_eq!(perm(0x0706_0504, 0x0302_0100, 0x0004_0c0d), 0x0004_00ff);
    }
    #[test]
    fn division_helpers_recover_quotients() {
        // The device libraries' f32 division: scale, rcp, Newton steps with fma, fmas, fixup.
        for &(n, d) in &[
            (1.0f32, 3.0f32),
            (7.0, -2.0),
            (3.0, 7.0),
            (5.0, 0.1),
            (123456.0, 7.0),
        ] {
            let (dd, _) = div_scale32(d, d, n);
            let (nn, vcc) = div_scale32(n, d, n);
            let r = (1.0 / dd as f64) as f32;
            let e = (-dd).mul_add(r, 1.0);
            let r = e.mul_add(r, r);
            let q = nn * r;
            let e2 = (-dd).mul_add(q, nn);
            let q = e2.mul_add(r, q);
            let e3 = (-dd).mul_add(q, nn);
            let mut f = e3.mul_add(r, q);
            if vcc {
                f = (f as f64 * 2f64.powi(32)) as f32;
            }
            assert_eq!(div_fixup32(f, d, n), n / d, "{n}/{d}");
        }
    }
}
