//! Floating-point helpers of the interpreter: IEEE rounding of exact intermediate results to f32
//! and f64 in the four rounding modes, flush-to-zero, and the multi-function unit (MUFU).
//!
//! Accuracy (documented choice, see docs/nvidia.md): FADD/FMUL/FFMA/DADD/DMUL/DFMA and the
//! conversions are correctly rounded in the instruction's mode (the exact result is formed as a
//! pair `hi + lo` of f64 values, then rounded once). MUFU results are the f64 library function
//! of the input rounded to nearest f32 (the hardware's MUFU is an approximation of about
//! 1-2 ulp, so the emulator is *more* accurate than the GPU there; tests compare MUFU with a
//! tolerance). RRO is modelled as the identity: MUFU.SIN/COS take radians and MUFU.EX2 the
//! exponent, which is what every RRO+MUFU pair computes.

/// Rounding mode of an instruction (`.RN` default, `.RM`, `.RP`, `.RZ`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rnd {
    Rn,
    Rm,
    Rp,
    Rz,
}

impl Rnd {
    /// From a 2-bit rounding field (0 RN, 1 RM, 2 RP, 3 RZ).
    pub fn from_bits(b: u64) -> Rnd {
        [Rnd::Rn, Rnd::Rm, Rnd::Rp, Rnd::Rz][(b & 3) as usize]
    }
}

/// The canonical NaN the GPU writes for an f32 result.
pub const F32_NAN: u32 = 0x7fff_ffff;
/// The canonical NaN written for an f64 result.
pub const F64_NAN: u64 = 0x7fff_ffff_ffff_ffff;

fn next_up32(x: f32) -> f32 {
    if x.is_nan() || x == f32::INFINITY {
        return x;
    }
    if x == 0.0 {
        return f32::from_bits(1);
    }
    let b = x.to_bits();
    f32::from_bits(if x > 0.0 { b + 1 } else { b - 1 })
}

fn next_down32(x: f32) -> f32 {
    -next_up32(-x)
}

fn next_up64(x: f64) -> f64 {
    if x.is_nan() || x == f64::INFINITY {
        return x;
    }
    if x == 0.0 {
        return f64::from_bits(1);
    }
    let b = x.to_bits();
    f64::from_bits(if x > 0.0 { b + 1 } else { b - 1 })
}

fn next_down64(x: f64) -> f64 {
    -next_up64(-x)
}

/// Exact sum: `a + b == s + e` with `s = fl(a + b)` (Knuth's TwoSum).
pub fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    let e = (a - (s - bb)) + (b - bb);
    (s, if e.is_finite() { e } else { 0.0 })
}

/// Rounds the exact value `hi + lo` (|lo| at most half an f64 ulp of `hi`) to f32 in `mode`.
pub fn round_f32(hi: f64, lo: f64, mode: Rnd) -> f32 {
    if hi.is_nan() {
        return f32::from_bits(F32_NAN);
    }
    if hi.is_infinite() {
        return hi as f32;
    }
    let r = hi as f32; // to nearest, ties to even
    if r.is_infinite() {
        // overflow: the directed modes stop at the largest finite value on their side
        let pos = hi > 0.0;
        return match (mode, pos) {
            (Rnd::Rn, _) => r,
            (Rnd::Rz, true) | (Rnd::Rm, true) => f32::MAX,
            (Rnd::Rz, false) | (Rnd::Rp, false) => f32::MIN,
            _ => r,
        };
    }
    let d = hi - r as f64; // exact: hi and r are within one f32 ulp
    let above = d > 0.0 || (d == 0.0 && lo > 0.0); // true value > r
    let below = d < 0.0 || (d == 0.0 && lo < 0.0);
    match mode {
        Rnd::Rn => {
            // hi exactly halfway between r and its neighbour: lo decides (double rounding)
            if d != 0.0 && lo != 0.0 {
                let n = if d > 0.0 {
                    next_up32(r)
                } else {
                    next_down32(r)
                };
                if (r as f64 + n as f64) / 2.0 == hi && (lo > 0.0) == (d > 0.0) {
                    return n;
                }
            }
            r
        }
        Rnd::Rz => {
            if r > 0.0 && below || r < 0.0 && above {
                if r > 0.0 {
                    next_down32(r)
                } else {
                    next_up32(r)
                }
            } else if r == 0.0 {
                // a tiny value rounded to zero keeps the sign of the exact value
                if hi < 0.0 || (hi == 0.0 && lo < 0.0) {
                    -0.0
                } else {
                    r
                }
            } else {
                r
            }
        }
        Rnd::Rm => {
            if below {
                next_down32(r)
            } else {
                r
            }
        }
        Rnd::Rp => {
            if above {
                next_up32(r)
            } else {
                r
            }
        }
    }
}

/// Rounds `r + e` where `r = fl(x)` (to nearest) and `e` the exact error, to f64 in `mode`.
pub fn round_f64(r: f64, e: f64, mode: Rnd) -> f64 {
    if r.is_nan() {
        return f64::from_bits(F64_NAN);
    }
    match mode {
        Rnd::Rn => r,
        Rnd::Rm => {
            if e < 0.0 {
                next_down64(r)
            } else if r.is_infinite() && r > 0.0 && e.is_nan() {
                f64::MAX
            } else {
                r
            }
        }
        Rnd::Rp => {
            if e > 0.0 {
                next_up64(r)
            } else {
                r
            }
        }
        Rnd::Rz => {
            if r > 0.0 && e < 0.0 {
                next_down64(r)
            } else if r < 0.0 && e > 0.0 {
                next_up64(r)
            } else {
                r
            }
        }
    }
}

/// Flush a subnormal f32 to a zero of the same sign.
pub fn ftz32(x: f32) -> f32 {
    if x.is_subnormal() {
        if x.is_sign_negative() {
            -0.0
        } else {
            0.0
        }
    } else {
        x
    }
}

/// f32 bits of a result, with the canonical NaN.
pub fn bits32(x: f32) -> u32 {
    if x.is_nan() {
        F32_NAN
    } else {
        x.to_bits()
    }
}

pub fn bits64(x: f64) -> u64 {
    if x.is_nan() {
        F64_NAN
    } else {
        x.to_bits()
    }
}

/// f32 addition `a + b` in `mode`.
pub fn add32(a: f32, b: f32, mode: Rnd) -> f32 {
    let (s, e) = two_sum(a as f64, b as f64);
    round_f32(s, e, mode)
}

/// f32 product scaled by `2^scale` (exact in f64), then rounded.
pub fn mul32(a: f32, b: f32, scale: i32, mode: Rnd) -> f32 {
    let p = a as f64 * b as f64 * (2f64).powi(scale);
    round_f32(p, 0.0, mode)
}

/// f32 fused multiply-add: `a * b` exact in f64, plus `c` exactly as a pair, rounded once.
pub fn fma32(a: f32, b: f32, c: f32, mode: Rnd) -> f32 {
    let p = a as f64 * b as f64;
    let (s, e) = two_sum(p, c as f64);
    round_f32(s, e, mode)
}

pub fn add64(a: f64, b: f64, mode: Rnd) -> f64 {
    let (s, e) = two_sum(a, b);
    round_f64(s, e, mode)
}

/// f64 fused multiply-add `a * b + c` rounded once in `mode`: the round-to-nearest result and
/// the sign of its error from the exact product error (`fma(a, b, -p)`) and TwoSum terms.
pub fn fma64(a: f64, b: f64, c: f64, mode: Rnd) -> f64 {
    let r = a.mul_add(b, c);
    if mode == Rnd::Rn || !r.is_finite() {
        return round_f64(r, 0.0, Rnd::Rn);
    }
    let p = a * b;
    let pe = if p.is_finite() { a.mul_add(b, -p) } else { 0.0 };
    let (s, se) = two_sum(p, c);
    let (d, de) = two_sum(s, -r);
    round_f64(r, d + ((de + se) + pe), mode)
}

pub fn mul64(a: f64, b: f64, mode: Rnd) -> f64 {
    let p = a * b;
    let e = if p.is_finite() { a.mul_add(b, -p) } else { 0.0 };
    round_f64(p, e, mode)
}

/// The value of an IEEE half-precision number.
pub fn f16_to_f64(h: u16) -> f64 {
    let sign = if h >> 15 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f64;
    sign * match e {
        0 => m * 2f64.powi(-24),
        31 if m == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + m / 1024.0) * 2f64.powi(e - 15),
    }
}

/// Rounds the exact value `hi + lo` (|lo| at most half an f64 ulp of `hi`) to half precision
/// to nearest even: `lo` only decides ties.
pub fn pair_to_f16(hi: f64, lo: f64, ftz: bool) -> u16 {
    let r = f64_to_f16(hi, Rnd::Rn, ftz);
    if lo == 0.0 || !hi.is_finite() {
        return r;
    }
    // hi exactly halfway between two halves: the exact value lies on lo's side
    let dn = f64_to_f16(hi, Rnd::Rm, ftz);
    let up = f64_to_f16(hi, Rnd::Rp, ftz);
    if dn != up && (f16_to_f64(dn) + f16_to_f64(up)) / 2.0 == hi {
        return if lo > 0.0 { up } else { dn };
    }
    r
}

/// Rounds `x` to half precision in `mode` (subnormal halves kept unless `ftz`); NaN is 0x7fff.
pub fn f64_to_f16(x: f64, mode: Rnd, ftz: bool) -> u16 {
    if x.is_nan() {
        return 0x7fff;
    }
    let sign: u16 = if x.is_sign_negative() { 0x8000 } else { 0 };
    let a = x.abs();
    if a == f64::INFINITY {
        return sign | 0x7c00;
    }
    // scale so that one unit in the last place of the result is 1, then round the integer
    let e = if a == 0.0 {
        -14
    } else {
        (a.log2().floor() as i32).max(-14)
    };
    let ulp = 2f64.powi(e - 10);
    let q = a / ulp; // exact: a power-of-two scaling
    let t = q.trunc();
    let frac = q - t;
    let up = match mode {
        Rnd::Rn => frac > 0.5 || (frac == 0.5 && t % 2.0 == 1.0),
        Rnd::Rz => false,
        Rnd::Rm => sign != 0 && frac > 0.0,
        Rnd::Rp => sign == 0 && frac > 0.0,
    };
    let r = (t + up as u8 as f64) * ulp; // the rounded magnitude
    let max = 65504.0;
    if r > max {
        let to_inf = match mode {
            Rnd::Rn => true,
            Rnd::Rz => false,
            Rnd::Rm => sign != 0,
            Rnd::Rp => sign == 0,
        };
        return sign | if to_inf { 0x7c00 } else { 0x7bff };
    }
    if r < 2f64.powi(-14) {
        if ftz {
            return sign;
        }
        return sign | (r / 2f64.powi(-24)) as u16;
    }
    let e = r.log2().floor() as i32;
    let m = (r / 2f64.powi(e) - 1.0) * 1024.0;
    sign | (((e + 15) as u16) << 10) | m as u16
}

/// Multi-function unit operations (bits 20-23 of MUFU).
pub fn mufu(op: u64, x: f32) -> Option<f32> {
    let x = ftz32(x);
    let xd = x as f64;
    let r = match op {
        0 => xd.cos(),
        1 => xd.sin(),
        2 => xd.exp2(),
        3 => xd.log2(),
        4 => 1.0 / xd,
        5 => 1.0 / xd.sqrt(),
        // SQRT (sm_52 and later; code 8 is INVALIDMUFUOPCODE8 on sm_50, the caller checks)
        8 => xd.sqrt(),
        _ => return None,
    };
    Some(ftz32(r as f32))
}

/// MUFU.RCP64H / RSQ64H: the high word of 1/x or 1/sqrt(x) for the f64 whose high word is `hi`.
pub fn mufu64h(op: u64, hi: u32) -> u32 {
    let x = f64::from_bits((hi as u64) << 32);
    let r = if op == 6 { 1.0 / x } else { 1.0 / x.sqrt() };
    (bits64(r) >> 32) as u32
}

/// IEEE comparison of the FSETP/DSETP/FSET conditions (bits: F LT EQ LE GT NE GE NUM NAN LTU EQU
/// LEU GTU NEU GEU T).
pub fn fcompare(cond: usize, a: f64, b: f64) -> bool {
    let unordered = a.is_nan() || b.is_nan();
    let (lt, eq, gt) = (a < b, a == b, a > b);
    match cond {
        0 => false,
        1 => lt,
        2 => eq,
        3 => lt || eq,
        4 => gt,
        5 => lt || gt,
        6 => gt || eq,
        7 => !unordered,
        8 => unordered,
        9 => lt || unordered,
        10 => eq || unordered,
        11 => lt || eq || unordered,
        12 => gt || unordered,
        13 => lt || gt || unordered,
        14 => gt || eq || unordered,
        _ => true,
    }
}

/// Minimum (`min` true) or maximum of FMNMX/DMNMX: a NaN operand yields the other one; -0 < +0.
pub fn fminmax(a: f64, b: f64, min: bool) -> f64 {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    if a == 0.0 && b == 0.0 {
        let neg = if min {
            a.is_sign_negative() || b.is_sign_negative()
        } else {
            a.is_sign_negative() && b.is_sign_negative()
        };
        return if neg { -0.0 } else { 0.0 };
    }
    if (a < b) == min {
        a
    } else {
        b
    }
}

/// Rounds an f64 value to an integral value: 0 nearest even, 1 floor, 2 ceil, 3 trunc.
pub fn round_int(x: f64, mode: u64) -> f64 {
    match mode & 3 {
        0 => x.round_ties_even(),
        1 => x.floor(),
        2 => x.ceil(),
        _ => x.trunc(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directed_rounding_of_sums() {
        // 1 + 2^-30 is not an f32: RN and RZ and RM give 1, RP the next f32 up
        let a = 1.0f32;
        let b = (2f32).powi(-30);
        assert_eq!(add32(a, b, Rnd::Rn), 1.0);
        assert_eq!(add32(a, b, Rnd::Rz), 1.0);
        assert_eq!(add32(a, b, Rnd::Rm), 1.0);
        assert_eq!(add32(a, b, Rnd::Rp), f32::from_bits(0x3f80_0001));
        assert_eq!(add32(-a, -b, Rnd::Rm), f32::from_bits(0xbf80_0001));
        assert_eq!(add32(-a, -b, Rnd::Rz), -1.0);
        // a far-away addend beyond f64's reach still decides the direction
        let tiny = f32::from_bits(1);
        assert_eq!(add32(1.0, tiny, Rnd::Rp), f32::from_bits(0x3f80_0001));
        assert_eq!(add32(1.0, -tiny, Rnd::Rz), f32::from_bits(0x3f7f_ffff));
        assert_eq!(add32(1.0, -tiny, Rnd::Rn), 1.0);
        // overflow
        assert_eq!(mul32(f32::MAX, 2.0, 0, Rnd::Rz), f32::MAX);
        assert_eq!(mul32(f32::MAX, 2.0, 0, Rnd::Rn), f32::INFINITY);
        assert_eq!(mul32(f32::MAX, -2.0, 0, Rnd::Rp), f32::MIN);
    }

    #[test]
    fn fma_rounds_once() {
        // (1 + 2^-23)(1 - 2^-23) = 1 - 2^-46: fused to nearest gives 1 - 2^-24... exactly
        // representable? 1 - 2^-46 rounds to 1.0 (RN), to 1 - 2^-24 (RM, RZ)
        let a = f32::from_bits(0x3f80_0001);
        let b = f32::from_bits(0x3f7f_fffe);
        let want_rn = ((a as f64) * (b as f64)) as f32;
        assert_eq!(fma32(a, b, 0.0, Rnd::Rn), want_rn);
        assert_eq!(
            fma32(a, b, -1.0, Rnd::Rn),
            ((a as f64 * b as f64) - 1.0) as f32
        );
        assert_eq!(fma32(a, b, 0.0, Rnd::Rz), f32::from_bits(0x3f7f_ffff));
    }

    #[test]
    fn half_precision() {
        assert_eq!(f64_to_f16(1.0, Rnd::Rn, false), 0x3c00);
        assert_eq!(f64_to_f16(-2.0, Rnd::Rn, false), 0xc000);
        assert_eq!(f64_to_f16(65504.0, Rnd::Rn, false), 0x7bff);
        assert_eq!(f64_to_f16(65520.0, Rnd::Rn, false), 0x7c00);
        assert_eq!(f64_to_f16(65520.0, Rnd::Rz, false), 0x7bff);
        assert_eq!(f64_to_f16(2f64.powi(-24), Rnd::Rn, false), 0x0001);
        assert_eq!(f64_to_f16(2f64.powi(-24), Rnd::Rn, true), 0x0000);
        // 1 + 2^-11 is a tie between 1 and 1 + 2^-10: to even (1)
        assert_eq!(f64_to_f16(1.0 + 2f64.powi(-11), Rnd::Rn, false), 0x3c00);
        assert_eq!(
            f64_to_f16(1.0 + 3.0 * 2f64.powi(-11), Rnd::Rn, false),
            0x3c02
        );
        assert_eq!(f64_to_f16(1.0 + 2f64.powi(-12), Rnd::Rp, false), 0x3c01);
        for h in 0..0x7c00u16 {
            assert_eq!(f64_to_f16(f16_to_f64(h), Rnd::Rn, false), h, "{h:#x}");
            assert_eq!(
                f64_to_f16(f16_to_f64(h | 0x8000), Rnd::Rn, false),
                h | 0x8000
            );
        }
    }

    #[test]
    fn round_to_integral() {
        assert_eq!(round_int(2.5, 0), 2.0);
        assert_eq!(round_int(3.5, 0), 4.0);
        assert_eq!(round_int(-2.5, 0), -2.0);
        assert_eq!(round_int(-2.6, 0), -3.0);
        assert_eq!(round_int(-2.5, 1), -3.0);
        assert_eq!(round_int(-2.5, 2), -2.0);
        assert_eq!(round_int(-2.5, 3), -2.0);
    }
}
