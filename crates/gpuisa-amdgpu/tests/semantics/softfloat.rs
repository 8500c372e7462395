//! A small soft-float written for these tests: exact f16 decoding, and rounding of an exact value
//! (given as an f64, or as an integer times a power of two) to f16 or f32 in each IEEE rounding
//! mode, by integer arithmetic on the significand (independent of the emulator's conversions).

#![allow(dead_code)]

/// IEEE rounding modes, numbered as AMD's MODE.FP_ROUND field: 0 nearest even, 1 toward +inf,
/// 2 toward -inf, 3 toward zero.
pub const RNE: u8 = 0;
pub const RUP: u8 = 1;
pub const RDN: u8 = 2;
pub const RTZ: u8 = 3;

pub fn f16_to_f64(h: u16) -> f64 {
    let neg = h & 0x8000 != 0;
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f64;
    let v = match e {
        0 => m * 2f64.powi(-24),
        31 => {
            if m == 0.0 {
                f64::INFINITY
            } else {
                f64::NAN
            }
        }
        _ => (1024.0 + m) * 2f64.powi(e - 25),
    };
    if neg {
        -v
    } else {
        v
    }
}

/// Rounds `neg * n * 2^e` (n > 0 an integer with a sticky flag: the true value is slightly more
/// than n * 2^e when `sticky`) to a binary format with `p` significand bits, minimum normal
/// exponent `emin`, maximum exponent `emax`; returns the encoding's bits.
pub fn round_bits(
    neg: bool,
    n: u128,
    e: i32,
    sticky: bool,
    p: u32,
    emin: i32,
    emax: i32,
    rm: u8,
) -> u64 {
    let ebits = (emax - emin + 2).ilog2() + 1; // exponent field width
    let sign = (neg as u64) << (p - 1 + ebits);
    if n == 0 {
        // (sticky with n == 0 does not occur in the callers)
        return sign;
    }
    let top = 127 - n.leading_zeros() as i32; // n's leading bit position
    let ve = top + e; // floor(log2 |value|)
    let q = ve.max(emin) - (p as i32 - 1); // the quantum's exponent
    let sh = q - e;
    let (mut m, rest_half, rest_nonzero) = if sh <= 0 {
        (n << (-sh) as u32, std::cmp::Ordering::Less, sticky)
    } else if sh > 127 {
        (0u128, std::cmp::Ordering::Less, true)
    } else {
        let m = n >> sh;
        let rem = n & ((1u128 << sh) - 1);
        let half = 1u128 << (sh - 1);
        let ord = rem.cmp(&half).then(if sticky {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        });
        (m, ord, rem != 0 || sticky)
    };
    let up = match rm {
        RNE => {
            rest_half == std::cmp::Ordering::Greater
                || (rest_half == std::cmp::Ordering::Equal && m & 1 == 1)
        }
        RUP => rest_nonzero && !neg,
        RDN => rest_nonzero && neg,
        _ => false,
    };
    m += up as u128;
    let mut q = q;
    if m >> p != 0 {
        m >>= 1;
        q += 1;
    }
    let big_exp = (1u64 << ebits) - 1;
    let max_finite = (big_exp - 1) << (p - 1) | ((1u64 << (p - 1)) - 1);
    if q + p as i32 - 1 > emax {
        // Overflow: infinity, or the largest finite value when rounding toward zero / away
        // from this sign.
        let to_inf = match rm {
            RNE => true,
            RUP => !neg,
            RDN => neg,
            _ => false,
        };
        return sign
            | if to_inf {
                big_exp << (p - 1)
            } else {
                max_finite
            };
    }
    if m >> (p - 1) == 0 {
        return sign | m as u64; // denormal (or zero)
    }
    let biased = (q + p as i32 - 1 - emin + 1) as u64;
    sign | biased << (p - 1) | (m as u64 & ((1u64 << (p - 1)) - 1))
}

/// An exact f64 value as (neg, integer significand, exponent).
pub fn decompose(x: f64) -> (bool, u128, i32) {
    let b = x.to_bits();
    let ex = ((b >> 52) & 0x7ff) as i32;
    let fr = (b & ((1u64 << 52) - 1)) as u128;
    let (n, e) = if ex == 0 {
        (fr, -1074)
    } else {
        (fr | 1 << 52, ex - 1075)
    };
    (b >> 63 != 0, n, e)
}

/// `x` (exact) rounded to f16 in mode `rm`.
pub fn to_f16(x: f64, rm: u8) -> u16 {
    if x.is_nan() {
        return 0x7e00;
    }
    if x.is_infinite() {
        return if x < 0.0 { 0xfc00 } else { 0x7c00 };
    }
    let (neg, n, e) = decompose(x);
    round_bits(neg, n, e, false, 11, -14, 15, rm) as u16
}

/// `x` (exact) rounded to f32 in mode `rm`.
pub fn to_f32(x: f64, rm: u8) -> u32 {
    if x.is_nan() {
        return 0x7fc0_0000;
    }
    if x.is_infinite() {
        return if x < 0.0 { 0xff80_0000 } else { 0x7f80_0000 };
    }
    let (neg, n, e) = decompose(x);
    round_bits(neg, n, e, false, 24, -126, 127, rm) as u32
}

/// The exact sum of two f64 values as (neg, significand, exponent, sticky): the smaller operand
/// is folded into a sticky bit when it lies far below the larger one.
pub fn exact_sum(a: f64, b: f64) -> (bool, u128, i32, bool) {
    let (na, ma, ea) = decompose(a);
    let (nb, mb, eb) = decompose(b);
    if mb == 0 {
        return (na, ma, ea, false);
    }
    if ma == 0 {
        return (nb, mb, eb, false);
    }
    let (big, small) =
        if ea + (127 - ma.leading_zeros() as i32) >= eb + (127 - mb.leading_zeros() as i32) {
            ((na, ma, ea), (nb, mb, eb))
        } else {
            ((nb, mb, eb), (na, ma, ea))
        };
    // Align on the smaller exponent when that fits in 120 bits; otherwise the small operand is
    // below every rounding position: replace it by a sticky quantity far below.
    let (bn, bm, be) = big;
    let (sn, sm, se) = small;
    let top = be + 127 - bm.leading_zeros() as i32;
    if top - se <= 118 {
        let e = be.min(se);
        let x = (bm << (be - e) as u32) as i128 * if bn { -1 } else { 1 };
        let y = (sm << (se - e) as u32) as i128 * if sn { -1 } else { 1 };
        let s = x + y;
        return (s < 0 || (s == 0 && bn && sn), s.unsigned_abs(), e, false);
    }
    // |small| < 2^(top-118): big +- a tiny amount. Shift big left by 4 and subtract 1 for a
    // negative tiny part (then sticky); exact enough for any format of <= 64 bits.
    let m = bm << 4;
    if sn == bn {
        (bn, m, be - 4, true)
    } else {
        (bn, m - 1, be - 4, true)
    }
}
