//! gfx11 division helpers and the other multi-register VOP3 operations on gfx11 encodings:
//! v_div_scale_f32/f64 (the result and the VCC-like SGPR output), v_div_fmas_f32/f64 (the
//! scale by VCC, wave32 and wave64), v_div_fixup_f32/f64, v_trig_preop_f64 and v_mqsad_u32_u8,
//! each against a reference written here from AMD's RDNA3 pseudocode (bit fields for the
//! exponents and classes, Rust's correctly rounded f32/f64 arithmetic and fma, 2/pi to 1201
//! bits computed separately with Python's integers from Machin's formula).

use super::gfx11_harness::{decode, step, Rng};
use super::harness::Check;
use gpuisa_amdgpu::rdna3::asm::assemble_inst;

/// One lane's result: v0..v15, its bit of s[22:23] (s22 in wave32), its bit of VCC.
type Lane = ([u32; 16], bool, bool);

/// Runs `text` (assembled for wave64 when `wave64`) with each lane's v0..v11 from `regs`, VCC
/// set to `vcc` (a bit per case), v12..v15 and s[22:23] to a pattern; all lanes active.
fn run(text: &str, wave64: bool, regs: &[[u32; 12]], vcc: &[bool]) -> Vec<Lane> {
    let ws = assemble_inst(text, wave64).unwrap_or_else(|e| panic!("`{text}`: {e:?}"));
    let i = decode(&ws, wave64);
    let lanes = if wave64 { 64 } else { 32 };
    let mut out = Vec::new();
    for (c, chunk) in regs.chunks(lanes).enumerate() {
        let mut w = super::gfx11_harness::wave(lanes);
        let mut m = 0u64;
        for (l, r) in chunk.iter().enumerate() {
            for (k, x) in r.iter().enumerate() {
                w.vset(k, l, *x);
            }
            for k in 12..16 {
                w.vset(k, l, 0x5a5a_5a5a);
            }
            m |= (vcc[c * lanes + l] as u64) << l;
        }
        w.set_vcc(m);
        w.s[22] = 0xdead_beef;
        w.s[23] = 0xfeed_f00d;
        step(&mut w, &i).unwrap_or_else(|e| panic!("{text}: {e}"));
        let s22 = w.mask(22);
        let vc = w.vcc();
        for l in 0..chunk.len() {
            let mut v = [0u32; 16];
            for (k, x) in v.iter_mut().enumerate() {
                *x = w.vget(k, l);
            }
            out.push((v, s22 >> l & 1 != 0, vc >> l & 1 != 0));
        }
    }
    out
}

fn f(x: u32) -> f32 {
    f32::from_bits(x)
}
fn d(x: u64) -> f64 {
    f64::from_bits(x)
}
fn lo_hi(x: u64) -> [u32; 2] {
    [x as u32, (x >> 32) as u32]
}
fn join(v: &[u32; 16], k: usize) -> u64 {
    v[k] as u64 | (v[k + 1] as u64) << 32
}
fn same32(got: u32, want: u32) -> bool {
    got == want || f(got).is_nan() && f(want).is_nan()
}
fn same64(got: u64, want: u64) -> bool {
    got == want || d(got).is_nan() && d(want).is_nan()
}

/// f32 corner values for the division helpers: zeros, denormals (the smallest, 1e-40), the
/// smallest normal, tiny (exponent field <= 23) and huge values, the largest finite,
/// infinities, quiet and signalling NaNs.
const C32: [u32; 24] = [
    0x0000_0000,
    0x8000_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x4040_0000,
    0xc040_0000,
    0x40e0_0000,
    0x0d8e_d83c, // 1e-30
    0x7149_f2ca, // 1e30
    0xf149_f2ca,
    0x0001_16c2, // 1e-40
    0x8001_16c2,
    0x0000_0001,
    0x0080_0000,
    0x0000_ffff,
    0x0a4f_b11f, // 1e-32
    0x0d80_0000, // 2^-100
    0x7180_0000, // 2^100
    0x7f7f_ffff,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0x7fa0_0000,
    0x1e3c_e508, // 1e-20
];

const C64: [u64; 22] = [
    0,
    1 << 63,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x4008_0000_0000_0000,
    0x01a5_6e1f_c2f8_f359, // 1e-300
    0x7e37_e43c_8800_759c, // 1e300
    0xfe37_e43c_8800_759c,
    0x0000_0000_0000_0001,
    0x0000_1268_0c46_fc2c, // a denormal near 1e-310
    0x0010_0000_0000_0000,
    0x0360_0000_0000_0000, // exponent field 54
    0x0350_0000_0000_0000, // exponent field 53
    0x3ddb_7cdf_d9d7_bdbb, // 1e-10
    0x7fe0_0000_0000_0000, // 2^1023
    0x7fef_ffff_ffff_ffff,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0x7ff4_0000_0000_0000,
    0x4340_0000_0000_0000, // 2^53
    0x1ff0_0000_0000_0000, // 2^-512
];

/// V_DIV_SCALE_F32 (RDNA3 pseudocode); D keeps S0 where the pseudocode assigns nothing.
fn scale32(s0: u32, s1: u32, s2: u32) -> (u32, bool) {
    let ex = |x: u32| (x >> 23 & 0xff) as i32;
    let denorm = |x: u32| x & 0x7f80_0000 == 0 && x & 0x007f_ffff != 0;
    let ldexp = |x: u32, n: i32| (f(x) * 2f32.powi(n)).to_bits();
    let (a, b, c) = (f(s0), f(s1), f(s2));
    if c == 0.0 || b == 0.0 {
        return (0x7fc0_0000, false);
    }
    if ex(s2) - ex(s1) >= 96 {
        return (if a == b { ldexp(s0, 64) } else { s0 }, true);
    }
    if denorm(s1) {
        return (ldexp(s0, 64), false);
    }
    let inv_den = (1.0 / b as f64).is_subnormal();
    let q_den = denorm((c / b).to_bits());
    if inv_den && q_den {
        return (if a == b { ldexp(s0, 64) } else { s0 }, true);
    }
    if inv_den {
        return (ldexp(s0, -64), false);
    }
    if q_den {
        return (if a == c { ldexp(s0, 64) } else { s0 }, true);
    }
    if ex(s2) <= 23 {
        return (ldexp(s0, 64), false);
    }
    (s0, false)
}

/// V_DIV_SCALE_F64 (RDNA3 pseudocode).
fn scale64(s0: u64, s1: u64, s2: u64) -> (u64, bool) {
    let ex = |x: u64| (x >> 52 & 0x7ff) as i32;
    let denorm = |x: u64| x & 0x7ff0_0000_0000_0000 == 0 && x & 0x000f_ffff_ffff_ffff != 0;
    let ldexp = |x: u64, n: i32| (d(x) * 2f64.powi(n)).to_bits();
    let (a, b, c) = (d(s0), d(s1), d(s2));
    if c == 0.0 || b == 0.0 {
        return (0x7ff8_0000_0000_0000, false);
    }
    if ex(s2) - ex(s1) >= 768 {
        return (if a == b { ldexp(s0, 128) } else { s0 }, true);
    }
    if denorm(s1) {
        return (ldexp(s0, 128), false);
    }
    let inv_den = denorm((1.0 / b).to_bits());
    let q_den = denorm((c / b).to_bits());
    if inv_den && q_den {
        return (if a == b { ldexp(s0, 128) } else { s0 }, true);
    }
    if inv_den {
        return (ldexp(s0, -128), false);
    }
    if q_den {
        return (if a == c { ldexp(s0, 128) } else { s0 }, true);
    }
    if ex(s2) <= 53 {
        return (ldexp(s0, 128), false);
    }
    (s0, false)
}

/// V_DIV_FIXUP_F32 (RDNA3 pseudocode); UNDERFLOW_F32 taken as the signed zero a quotient that
/// small rounds to (OVERFLOW_F32's case cannot be reached: an S1 exponent of 255 is an
/// infinity or NaN, handled before).
fn fixup32(s0: u32, s1: u32, s2: u32) -> u32 {
    let sign = (s1 ^ s2) & 0x8000_0000;
    let ex = |x: u32| (x >> 23 & 0xff) as i32;
    let nan = |x: u32| x & 0x7fff_ffff > 0x7f80_0000;
    let inf = |x: u32| x & 0x7fff_ffff == 0x7f80_0000;
    let zero = |x: u32| x & 0x7fff_ffff == 0;
    if nan(s2) {
        s2 | 0x0040_0000
    } else if nan(s1) {
        s1 | 0x0040_0000
    } else if zero(s1) && zero(s2) || inf(s1) && inf(s2) {
        0xffc0_0000
    } else if zero(s1) || inf(s2) {
        sign | 0x7f80_0000
    } else if inf(s1) || zero(s2) || ex(s2) - ex(s1) < -150 {
        sign
    } else {
        sign | s0 & 0x7fff_ffff
    }
}

/// V_DIV_FIXUP_F64 (RDNA3 pseudocode), as `fixup32`.
fn fixup64(s0: u64, s1: u64, s2: u64) -> u64 {
    let sign = (s1 ^ s2) & 1 << 63;
    let ex = |x: u64| (x >> 52 & 0x7ff) as i32;
    let abs = |x: u64| x & !(1u64 << 63);
    let (nan, inf) = (
        |x: u64| abs(x) > 0x7ff0_0000_0000_0000,
        |x: u64| abs(x) == 0x7ff0_0000_0000_0000,
    );
    let zero = |x: u64| abs(x) == 0;
    if nan(s2) {
        s2 | 0x0008_0000_0000_0000
    } else if nan(s1) {
        s1 | 0x0008_0000_0000_0000
    } else if zero(s1) && zero(s2) || inf(s1) && inf(s2) {
        0xfff8_0000_0000_0000
    } else if zero(s1) || inf(s2) {
        sign | 0x7ff0_0000_0000_0000
    } else if inf(s1) || zero(s2) || ex(s2) - ex(s1) < -1075 {
        sign
    } else {
        sign | abs(s0)
    }
}

/// Triples (S0, S1, S2) from the corners: S0 the denominator, the numerator or another value
/// (the div_scale operand patterns), then random bits with exponents near each other.
fn triples<T: Copy>(c: &[T], other: T, rnd: impl Fn(&mut Rng) -> T, n: usize) -> Vec<[T; 3]> {
    let mut v = Vec::new();
    for &s1 in c {
        for &s2 in c {
            v.extend([[s1, s1, s2], [s2, s1, s2], [other, s1, s2]]);
        }
    }
    let mut r = Rng(0xd1f5);
    for k in 0..n {
        let (a, b, c) = (rnd(&mut r), rnd(&mut r), rnd(&mut r));
        v.push(match k % 3 {
            0 => [b, b, c],
            1 => [c, b, c],
            _ => [a, b, c],
        });
    }
    v
}

#[test]
fn gfx11_div_scale() {
    let mut chk = Check::new();
    let t32 = triples(&C32, 0x4020_0000, |r| r.u32(), 600);
    let regs: Vec<[u32; 12]> = t32
        .iter()
        .map(|t| [t[0], t[1], t[2], 0, 0, 0, 0, 0, 0, 0, 0, 0])
        .collect();
    let vcc0 = vec![true; regs.len()];
    for (text, wave64, to_vcc) in [
        ("v_div_scale_f32 v3, s22, v0, v1, v2", false, false),
        ("v_div_scale_f32 v3, vcc_lo, v0, v1, v2", false, true),
        ("v_div_scale_f32 v3, s[22:23], v0, v1, v2", true, false),
        ("v_div_scale_f32 v3, vcc, v0, v1, v2", true, true),
    ] {
        for (t, (v, s22, vc)) in t32.iter().zip(run(text, wave64, &regs, &vcc0)) {
            let (want, wv) = scale32(t[0], t[1], t[2]);
            let got_mask = if to_vcc { vc } else { s22 };
            chk.ok(same32(v[3], want) && got_mask == wv, || {
                format!(
                    "{text} {:08x?}: got ({:#x}, {got_mask}), want ({want:#x}, {wv})",
                    t, v[3]
                )
            });
        }
    }
    let t64 = triples(
        &C64,
        0x4004_0000_0000_0000,
        |r| {
            // Random signs and mantissas, exponents spread over the whole range.
            r.next() & 0x800f_ffff_ffff_ffff | (r.next() % 2047) << 52
        },
        600,
    );
    let regs: Vec<[u32; 12]> = t64
        .iter()
        .map(|t| {
            let (a, b, c) = (lo_hi(t[0]), lo_hi(t[1]), lo_hi(t[2]));
            [a[0], a[1], b[0], b[1], c[0], c[1], 0, 0, 0, 0, 0, 0]
        })
        .collect();
    for (text, wave64, to_vcc) in [
        (
            "v_div_scale_f64 v[6:7], s22, v[0:1], v[2:3], v[4:5]",
            false,
            false,
        ),
        (
            "v_div_scale_f64 v[6:7], vcc_lo, v[0:1], v[2:3], v[4:5]",
            false,
            true,
        ),
        (
            "v_div_scale_f64 v[6:7], s[22:23], v[0:1], v[2:3], v[4:5]",
            true,
            false,
        ),
        (
            "v_div_scale_f64 v[6:7], vcc, v[0:1], v[2:3], v[4:5]",
            true,
            true,
        ),
    ] {
        for (t, (v, s22, vc)) in t64.iter().zip(run(text, wave64, &regs, &vcc0)) {
            let (want, wv) = scale64(t[0], t[1], t[2]);
            let got = join(&v, 6);
            let got_mask = if to_vcc { vc } else { s22 };
            chk.ok(same64(got, want) && got_mask == wv, || {
                format!("{text} {t:016x?}: got ({got:#x}, {got_mask}), want ({want:#x}, {wv})")
            });
        }
    }
    chk.done();
}

#[test]
fn gfx11_div_fmas_and_fixup() {
    let mut chk = Check::new();
    let mut r = Rng(0xf0a5);
    let t32 = triples(&C32, 0x4020_0000, |r| r.u32(), 600);
    let regs: Vec<[u32; 12]> = t32
        .iter()
        .map(|t| [t[0], t[1], t[2], 0, 0, 0, 0, 0, 0, 0, 0, 0])
        .collect();
    let vcc: Vec<bool> = (0..regs.len()).map(|_| r.next() & 1 != 0).collect();
    for wave64 in [false, true] {
        let text = "v_div_fmas_f32 v3, v0, v1, v2";
        for ((t, (v, _, _)), &c) in t32.iter().zip(run(text, wave64, &regs, &vcc)).zip(&vcc) {
            let p = f(t[0]).mul_add(f(t[1]), f(t[2]));
            let want = if c { p * 2f32.powi(32) } else { p }.to_bits();
            chk.ok(same32(v[3], want), || {
                format!(
                    "{text} wave64 {wave64} vcc {c} {t:08x?}: got {:#x}, want {want:#x}",
                    v[3]
                )
            });
        }
        let text = "v_div_fixup_f32 v3, v0, v1, v2";
        for (t, (v, _, _)) in t32.iter().zip(run(text, wave64, &regs, &vcc)) {
            let want = fixup32(t[0], t[1], t[2]);
            chk.eq(v[3], want, || format!("{text} {t:08x?}"));
        }
    }
    let t64 = triples(
        &C64,
        0x4004_0000_0000_0000,
        |r| r.next() & 0x800f_ffff_ffff_ffff | (r.next() % 2047) << 52,
        600,
    );
    let regs: Vec<[u32; 12]> = t64
        .iter()
        .map(|t| {
            let (a, b, c) = (lo_hi(t[0]), lo_hi(t[1]), lo_hi(t[2]));
            [a[0], a[1], b[0], b[1], c[0], c[1], 0, 0, 0, 0, 0, 0]
        })
        .collect();
    let vcc: Vec<bool> = (0..regs.len()).map(|_| r.next() & 1 != 0).collect();
    for wave64 in [false, true] {
        let text = "v_div_fmas_f64 v[6:7], v[0:1], v[2:3], v[4:5]";
        for ((t, (v, _, _)), &c) in t64.iter().zip(run(text, wave64, &regs, &vcc)).zip(&vcc) {
            let p = d(t[0]).mul_add(d(t[1]), d(t[2]));
            let want = if c { p * 2f64.powi(64) } else { p }.to_bits();
            let got = join(&v, 6);
            chk.ok(same64(got, want), || {
                format!("{text} wave64 {wave64} vcc {c} {t:016x?}: got {got:#x}, want {want:#x}")
            });
        }
        let text = "v_div_fixup_f64 v[6:7], v[0:1], v[2:3], v[4:5]";
        for (t, (v, _, _)) in t64.iter().zip(run(text, wave64, &regs, &vcc)) {
            let want = fixup64(t[0], t[1], t[2]);
            chk.eq(join(&v, 6), want, || format!("{text} {t:016x?}"));
        }
    }
    chk.done();
}

/// 2/pi = 0.b1200 b1199 ... b0 (b1200 the MSB), the 1201 bits as hex (computed with Python's
/// integers: floor(2^1201 * 2 / pi), pi from Machin's formula with 1420 bits).
const TWO_OVER_PI: &str = "145f306dc9c882a53f84eafa3ea69bb81b6c52b3278872083fca2c757bd778ac36e48\
dc74849ba5c00c925dd413a32439fc3bd63962534e7dd1046bea5d768909d338e04d68befc827323ac7306a673e939\
08bf177bf250763ff12fffbc0b301fde5e2316b414da3eda6cfd9e4f96136e9e8c7ecd3cbfd45aea4f758fd7cbe2f6\
7a0e73ef14a525d4d7f6bf623f1aba10ac06608df8f6";

/// Bit `k` (0 = b0, 1200 = b1200) of 2/pi.
fn pi_bit(k: i64) -> u64 {
    if !(0..1201).contains(&k) {
        return 0;
    }
    let h = TWO_OVER_PI.as_bytes();
    let nib = h[h.len() - 1 - (k / 4) as usize] as char;
    (nib.to_digit(16).unwrap() as u64 >> (k % 4)) & 1
}

/// m * 2^e with one rounding (to nearest even), m < 2^53.
fn ldexp(m: u64, e: i64) -> f64 {
    let (mut x, mut e) = (m as f64, e);
    if e < -1000 {
        // Exact: m * 2^-1000 is normal (or zero).
        x *= 2f64.powi(-1000);
        e += 1000;
    }
    if e < -1000 {
        // Below 2^53 * 2^-2000: rounds to zero.
        return 0.0;
    }
    x * 2f64.powi(e as i32)
}

/// V_TRIG_PREOP_F64: the 53 bits of 2/pi after the first `shift`, scaled by 2^(-53 - shift)
/// (+128 for S0 exponents >= 1968), shift = 53 * S1[4:0] + max(0, exponent(S0) - 1077).
fn trig_preop(s0: u64, s1: u32) -> u64 {
    let ex = (s0 >> 52 & 0x7ff) as i64;
    let mut shift = 53 * (s1 & 31) as i64;
    if ex > 1077 {
        shift += ex - 1077;
    }
    let m = (0..53).fold(0u64, |m, k| m | pi_bit(1200 - shift - k) << (52 - k));
    let mut scale = -53 - shift;
    if ex >= 1968 {
        scale += 128;
    }
    ldexp(m, scale).to_bits()
}

#[test]
fn gfx11_trig_preop_and_mqsad() {
    let mut chk = Check::new();
    // The constant is 2/pi: its top 53 bits are FRAC_2_PI truncated (FRAC_2_PI rounds up).
    let top = trig_preop(1f64.to_bits(), 0);
    chk.ok(
        d(top) <= std::f64::consts::FRAC_2_PI && std::f64::consts::FRAC_2_PI.to_bits() - top <= 1,
        || format!("2/pi constant: {:e}", d(top)),
    );
    let mut r = Rng(0x7819);
    let mut cases: Vec<(u64, u32)> = Vec::new();
    for ex in [
        0u64, 1, 1000, 1023, 1077, 1078, 1100, 1130, 1131, 1500, 1967, 1968, 2000, 2046, 2047,
    ] {
        for s1 in [0u32, 1, 2, 3, 5, 10, 20, 22, 23, 31, 32, 33, 0xffff_ffe1] {
            cases.push((ex << 52 | r.next() & 0x800f_ffff_ffff_ffff, s1));
        }
    }
    for _ in 0..300 {
        cases.push((r.next(), r.u32()));
    }
    let regs: Vec<[u32; 12]> = cases
        .iter()
        .map(|&(a, b)| [a as u32, (a >> 32) as u32, b, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        .collect();
    let vcc = vec![false; regs.len()];
    let text = "v_trig_preop_f64 v[6:7], v[0:1], v2";
    for (&(a, b), (v, _, _)) in cases.iter().zip(run(text, false, &regs, &vcc)) {
        chk.eq(join(&v, 6), trig_preop(a, b), || {
            format!("{text} ({a:#x}, {b})")
        });
    }
    // v_mqsad_u32_u8 D[127:0] = four v_msad_u8 of S0's byte windows 0, 8, 16, 24 against S1,
    // accumulated onto S2's dwords; S1 bytes of 0 are skipped.
    let msad = |s0: u32, s1: u32, acc: u32| {
        (0..4).fold(acc, |t, k| {
            let (x, y) = (s0 >> (8 * k) & 0xff, s1 >> (8 * k) & 0xff);
            if y == 0 {
                t
            } else {
                t.wrapping_add(x.abs_diff(y))
            }
        })
    };
    let mut regs: Vec<[u32; 12]> = Vec::new();
    for k in 0..400 {
        let mut x = [0u32; 12];
        for y in x.iter_mut() {
            *y = r.u32();
        }
        // Reference bytes of zero, and accumulators near the top.
        if k % 3 == 0 {
            x[2] &= 0x00ff_ff00;
        }
        if k % 5 == 0 {
            x[8] |= 0xffff_ff00;
            x[11] = u32::MAX;
        }
        regs.push(x);
    }
    let vcc = vec![false; regs.len()];
    let text = "v_mqsad_u32_u8 v[4:7], v[0:1], v2, v[8:11]";
    for (x, (v, _, _)) in regs.iter().zip(run(text, false, &regs, &vcc)) {
        let s0 = x[0] as u64 | (x[1] as u64) << 32;
        let want: Vec<u32> = (0..4)
            .map(|k| msad((s0 >> (8 * k)) as u32, x[2], x[8 + k]))
            .collect();
        chk.eq(v[4..8].to_vec(), want, || format!("{text} {x:08x?}"));
    }
    chk.done();
}
