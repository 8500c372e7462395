//! f32 VALU operations: IEEE arithmetic (Rust's f32, which rounds to nearest even), MODE
//! denormal flushing, IEEE-mode min/max/med3, NaN and signed zero, neg/abs, clamp and omod,
//! conversions, compares and classes, the division helpers.

use super::harness::*;
use gpuisa_amdgpu::gcn::Gen;

pub const QNAN: u32 = 0x7fc0_0000;
pub const SNAN: u32 = 0x7fa0_0000;

/// Special and ordinary f32 values (bits).
pub fn f32_values() -> Vec<u32> {
    let mut v: Vec<u32> = [
        0.0f32, -0.0, 1.0, -1.0, 0.5, 1.5, -2.75, 3.0, 1e10, -1e-10, 0.1, 7.0, 16777217.0, 255.5,
        -0.4999, 2.5, -3.5, 1e-38, 4.0e9, -2.1e9,
    ]
    .iter()
    .map(|x| x.to_bits())
    .collect();
    v.extend([
        f32::MAX.to_bits(),
        (-f32::MAX).to_bits(),
        f32::MIN_POSITIVE.to_bits(),
        (-f32::MIN_POSITIVE).to_bits(),
        1,           // the smallest denormal
        0x807f_ffff, // the largest negative denormal
        0x0040_0000,
        f32::INFINITY.to_bits(),
        f32::NEG_INFINITY.to_bits(),
        QNAN,
        SNAN,
        0xffc0_0001,
    ]);
    v
}

fn fb(x: u32) -> f32 {
    f32::from_bits(x)
}
fn is_snan(x: u32) -> bool {
    x & 0x7f80_0000 == 0x7f80_0000 && x & 0x7f_ffff != 0 && x & 0x40_0000 == 0
}
pub fn flush(x: f32, on: bool) -> f32 {
    if on && x != 0.0 && x.abs() < f32::MIN_POSITIVE {
        if x.is_sign_negative() {
            -0.0
        } else {
            0.0
        }
    } else {
        x
    }
}

/// The denormal modes of MODE[5:4]: (value, flush inputs, flush outputs).
pub const DENORM_MODES: [(u32, bool, bool); 4] = [
    (3, false, false),
    (0, true, true),
    (1, false, true),
    (2, true, false),
];

pub fn mode_with(denorm32: u32, ieee: bool) -> u32 {
    (0xc0 | denorm32 << 4) | (ieee as u32) << 9
}

/// max/min as AMD defines them (pseudocode of V_MAX_F32 / V_MIN_F32).
pub fn ref_max(a: u32, b: u32, ieee: bool, max: bool) -> u32 {
    let (x, y) = (fb(a), fb(b));
    if ieee && is_snan(a) {
        return a | 0x40_0000;
    }
    if ieee && is_snan(b) {
        return b | 0x40_0000;
    }
    if x.is_nan() {
        return b;
    }
    if y.is_nan() {
        return a;
    }
    if x == 0.0 && y == 0.0 {
        // +0 is greater than -0.
        let pos_a = !x.is_sign_negative();
        let pos_b = !y.is_sign_negative();
        return if max == (pos_a || !pos_b) { a } else { b };
    }
    if max == (x > y) || x == y {
        a
    } else {
        b
    }
}

fn check_lanes(
    ck: &mut Check,
    gen: Gen,
    text: &str,
    mode: u32,
    cases: &[[u32; 3]],
    got: &[u32],
    want: impl Fn(&[u32; 3]) -> u32,
) {
    for (c, g) in cases.iter().zip(got) {
        let w = want(c);
        ck.ok(same_f32(*g, w), || format!("{gen:?} {text} mode={mode:#x} {:08x?} ({:?}): got {g:#010x} ({}), want {w:#010x} ({})", c, c.map(fb), fb(*g), fb(w)));
    }
}

fn pairs() -> Vec<[u32; 3]> {
    let v = f32_values();
    let mut out = Vec::new();
    for &a in &v {
        for &b in &v {
            out.push([a, b, 0]);
        }
    }
    // Random finite operands of nearby and distant magnitudes (xorshift).
    let mut x = 0x0123_4567_89ab_cdefu64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x as u32
    };
    for _ in 0..600 {
        let (a, b) = (next(), next());
        let fin = |v: u32| {
            if v & 0x7f80_0000 == 0x7f80_0000 {
                v & 0xbfff_ffff
            } else {
                v
            }
        };
        out.push([
            fin(a),
            fin((b & 0x807f_ffff) | (a & 0x7f80_0000).wrapping_add(b & 0x0380_0000) & 0x7f80_0000),
            0,
        ]);
    }
    out
}

#[test]
pub fn f32_arithmetic_under_each_denormal_mode() {
    let mut ck = Check::new();
    let cases = pairs();
    type Op = fn(f32, f32) -> f32;
    let ops: &[(&str, Op)] = &[
        ("v_add_f32 v3, v0, v1", |a, b| a + b),
        ("v_sub_f32 v3, v0, v1", |a, b| a - b),
        ("v_subrev_f32 v3, v0, v1", |a, b| b - a),
        ("v_mul_f32 v3, v0, v1", |a, b| a * b),
        // VOP3 forms with source modifiers take the per-lane path.
        ("v_add_f32_e64 v3, -v0, |v1|", |a, b| -a + b.abs()),
        ("v_mul_f32_e64 v3, |v0|, -v1", |a, b| a.abs() * -b),
        ("v_sub_f32_e64 v3, -|v0|, v1", |a, b| -a.abs() - b),
    ];
    for gen in GENS {
        for &(dm, fin, fout) in &DENORM_MODES {
            let mode = mode_with(dm, true);
            for (text, f) in ops {
                let got = vop(gen, mode, text, &cases);
                check_lanes(&mut ck, gen, text, mode, &cases, &got, |c| {
                    flush(f(flush(fb(c[0]), fin), flush(fb(c[1]), fin)), fout).to_bits()
                });
            }
            // v_mul_legacy_f32: 0 times anything (even inf or NaN) is +0.
            let text = "v_mul_legacy_f32 v3, v0, v1";
            let got = vop(gen, mode, text, &cases);
            check_lanes(&mut ck, gen, text, mode, &cases, &got, |c| {
                let (a, b) = (flush(fb(c[0]), fin), flush(fb(c[1]), fin));
                if a == 0.0 || b == 0.0 {
                    0
                } else {
                    flush(a * b, fout).to_bits()
                }
            });
        }
    }
    ck.done();
}

#[test]
pub fn f32_fma_mad_and_mac() {
    let mut ck = Check::new();
    let v = f32_values();
    let mut cases = Vec::new();
    for (k, &a) in v.iter().enumerate() {
        for &b in &v {
            cases.push([a, b, v[(k * 7 + b as usize) % v.len()]]);
        }
    }
    // Products whose rounding matters: fma rounds once, mad twice.
    cases.push([
        (1.0f32 + f32::EPSILON).to_bits(),
        (1.0f32 - f32::EPSILON).to_bits(),
        (-1.0f32).to_bits(),
    ]);
    cases.push([0x3f80_0001, 0x3f80_0001, 0xbf80_0002]);
    for gen in GENS {
        for &(dm, fin, fout) in &DENORM_MODES {
            let mode = mode_with(dm, true);
            let text = "v_fma_f32 v3, v0, v1, v2";
            let got = vop(gen, mode, text, &cases);
            check_lanes(&mut ck, gen, text, mode, &cases, &got, |c| {
                let [a, b, d] = c.map(|x| flush(fb(x), fin));
                flush(a.mul_add(b, d), fout).to_bits()
            });
            let text = "v_fma_f32 v3, -v0, v1, -|v2|";
            let got = vop(gen, mode, text, &cases);
            check_lanes(&mut ck, gen, text, mode, &cases, &got, |c| {
                let [a, b, d] = c.map(|x| flush(fb(x), fin));
                flush((-a).mul_add(b, -d.abs()), fout).to_bits()
            });
            // v_mad_f32 / v_mac_f32: the product rounded to f32, then the sum; denormals are
            // always flushed (these operations do not support them).
            let mad = |c: &[u32; 3]| {
                let [a, b, d] = c.map(|x| flush(fb(x), true));
                flush(flush(a * b, true) + d, true).to_bits()
            };
            let text = "v_mad_f32 v3, v0, v1, v2";
            if try_inst(gen, text).is_some() {
                let got = vop(gen, mode, text, &cases);
                check_lanes(&mut ck, gen, text, mode, &cases, &got, mad);
            }
            let text = "v_mac_f32 v3, v0, v1";
            if try_inst(gen, text).is_some() {
                let dc: Vec<([u32; 3], u32)> = cases.iter().map(|c| (*c, c[2])).collect();
                let got = vop_d(gen, mode, text, &dc);
                check_lanes(&mut ck, gen, text, mode, &cases, &got, mad);
            }
            let text = "v_fmac_f32 v3, v0, v1";
            if try_inst(gen, text).is_some() {
                let dc: Vec<([u32; 3], u32)> = cases.iter().map(|c| (*c, c[2])).collect();
                let got = vop_d(gen, mode, text, &dc);
                check_lanes(&mut ck, gen, text, mode, &cases, &got, |c| {
                    let [a, b, d] = c.map(|x| flush(fb(x), fin));
                    flush(a.mul_add(b, d), fout).to_bits()
                });
            }
        }
        // v_madmk_f32 / v_madak_f32: the literal as multiplier / addend.
        let cases: Vec<[u32; 3]> = f32_values()
            .iter()
            .map(|&a| [a, 3.0f32.to_bits(), 0])
            .collect();
        if try_inst(gen, "v_madmk_f32 v3, v0, 0x40200000, v1").is_some() {
            let got = vop(
                gen,
                MODE_DEFAULT,
                "v_madmk_f32 v3, v0, 0x40200000, v1",
                &cases,
            );
            check_lanes(&mut ck, gen, "v_madmk_f32", 0, &cases, &got, |c| {
                flush(flush(flush(fb(c[0]), true) * 2.5, true) + 3.0, true).to_bits()
            });
            let got = vop(
                gen,
                MODE_DEFAULT,
                "v_madak_f32 v3, v0, v1, 0x40200000",
                &cases,
            );
            check_lanes(&mut ck, gen, "v_madak_f32", 0, &cases, &got, |c| {
                flush(flush(flush(fb(c[0]), true) * 3.0, true) + 2.5, true).to_bits()
            });
        }
    }
    ck.done();
}

#[test]
pub fn f32_min_max_med3_nan_and_signed_zero() {
    let mut ck = Check::new();
    let v = f32_values();
    let cases = pairs();
    let mut triples = Vec::new();
    for (k, &a) in v.iter().enumerate() {
        for (j, &b) in v.iter().enumerate() {
            triples.push([a, b, v[(k + 3 * j) % v.len()]]);
        }
    }
    triples.push([0x8000_0000, 0, 0x8000_0000]);
    triples.push([0, 0x8000_0000, 0]);
    for gen in GENS {
        for ieee in [true, false] {
            let mode = mode_with(3, ieee);
            for (text, max) in [
                ("v_max_f32 v3, v0, v1", true),
                ("v_min_f32 v3, v0, v1", false),
                ("v_max_f32_e64 v3, v0, v1", true),
                ("v_min_f32_e64 v3, v0, v1", false),
            ] {
                let got = vop(gen, mode, text, &cases);
                check_lanes(&mut ck, gen, text, mode, &cases, &got, |c| {
                    ref_max(c[0], c[1], ieee, max)
                });
            }
            let max3 =
                |c: &[u32; 3], max: bool| ref_max(ref_max(c[0], c[1], ieee, max), c[2], ieee, max);
            let text = "v_max3_f32 v3, v0, v1, v2";
            let got = vop(gen, mode, text, &triples);
            check_lanes(&mut ck, gen, text, mode, &triples, &got, |c| max3(c, true));
            let text = "v_min3_f32 v3, v0, v1, v2";
            let got = vop(gen, mode, text, &triples);
            check_lanes(&mut ck, gen, text, mode, &triples, &got, |c| max3(c, false));
            // v_med3_f32: any NaN -> min3; otherwise the max of the two that are not the max3.
            let text = "v_med3_f32 v3, v0, v1, v2";
            let got = vop(gen, mode, text, &triples);
            check_lanes(&mut ck, gen, text, mode, &triples, &got, |c| {
                if c.iter().any(|&x| fb(x).is_nan()) {
                    return max3(c, false);
                }
                let m = max3(c, true);
                if fb(m) == fb(c[0]) {
                    ref_max(c[1], c[2], ieee, true)
                } else if fb(m) == fb(c[1]) {
                    ref_max(c[0], c[2], ieee, true)
                } else {
                    ref_max(c[0], c[1], ieee, true)
                }
            });
        }
        // With f32 denormals flushed (MODE[5:4] = 0) min/max see flushed inputs (a denormal
        // compares as a zero of its sign) and the result is flushed.
        let mode = mode_with(0, true);
        for (text, max) in [
            ("v_max_f32 v3, v0, v1", true),
            ("v_min_f32 v3, v0, v1", false),
        ] {
            let got = vop(gen, mode, text, &cases);
            check_lanes(&mut ck, gen, text, mode, &cases, &got, |c| {
                let fl = |x: u32| flush(fb(x), true).to_bits();
                flush(fb(ref_max(fl(c[0]), fl(c[1]), true, max)), true).to_bits()
            });
        }
        // Legacy min/max (gfx6/gfx7): DX9 rules, the comparison's false case gives src1.
        if try_inst(gen, "v_max_legacy_f32 v3, v0, v1").is_some() {
            let got = vop(gen, MODE_DEFAULT, "v_max_legacy_f32 v3, v0, v1", &cases);
            check_lanes(&mut ck, gen, "v_max_legacy_f32", 0, &cases, &got, |c| {
                if fb(c[0]) >= fb(c[1]) {
                    c[0]
                } else {
                    c[1]
                }
            });
            let got = vop(gen, MODE_DEFAULT, "v_min_legacy_f32 v3, v0, v1", &cases);
            check_lanes(&mut ck, gen, "v_min_legacy_f32", 0, &cases, &got, |c| {
                if fb(c[0]) < fb(c[1]) {
                    c[0]
                } else {
                    c[1]
                }
            });
        }
    }
    ck.done();
}

#[test]
pub fn f32_clamp_and_omod() {
    let mut ck = Check::new();
    let cases = pairs();
    for gen in GENS {
        for dx10 in [true, false] {
            let mode = MODE_DEFAULT | (dx10 as u32) << 8;
            for (text, scale) in [
                ("v_add_f32_e64 v3, v0, v1 clamp", 1.0f64),
                ("v_add_f32_e64 v3, v0, v1 mul:2", 2.0),
                ("v_add_f32_e64 v3, v0, v1 mul:4", 4.0),
                ("v_add_f32_e64 v3, v0, v1 div:2", 0.5),
                ("v_mul_f32_e64 v3, v0, v1 mul:2 clamp", 2.0),
            ] {
                let clamp = text.ends_with("clamp");
                let got = vop(gen, mode, text, &cases);
                check_lanes(&mut ck, gen, text, mode, &cases, &got, |c| {
                    let (a, b) = (fb(c[0]), fb(c[1]));
                    let r = if text.starts_with("v_add") {
                        a + b
                    } else {
                        a * b
                    };
                    // omod scales the rounded result (a second rounding for div:2).
                    let r = (r as f64 * scale) as f32;
                    if clamp {
                        // Clamp to [0, 1]; NaN becomes 0 with DX10_CLAMP, else stays NaN.
                        if r.is_nan() {
                            if dx10 {
                                0
                            } else {
                                QNAN
                            }
                        } else {
                            r.clamp(0.0, 1.0).to_bits() & !0x8000_0000
                                | if r == 0.0 {
                                    r.to_bits() & 0x8000_0000
                                } else {
                                    0
                                }
                        }
                    } else {
                        r.to_bits()
                    }
                });
            }
        }
    }
    ck.done();
}

pub fn ulp_diff32(a: u32, b: u32) -> u64 {
    let key = |x: u32| {
        if x >> 31 != 0 {
            -((x & 0x7fff_ffff) as i64)
        } else {
            x as i64
        }
    };
    (key(a) - key(b)).unsigned_abs()
}

#[test]
pub fn f32_unary_rounding_conversions_and_transcendentals() {
    let mut ck = Check::new();
    let mut vals = f32_values();
    vals.extend(
        [
            0.25f32, 0.75, -0.75, 100.3, -7.5, 8.5, 1e-5, 123456.789, 2.0, 0.3333,
        ]
        .map(|x: f32| x.to_bits()),
    );
    // x + 0.5 rounds in f32: 0.49999997 -> 1.0, 2^23 + 1 -> 2^23 + 2.
    vals.extend([0x3eff_ffffu32, 0x4b00_0001, 0xbeff_ffff, 0xcb00_0001]);
    let cases: Vec<[u32; 3]> = vals.iter().map(|&a| [a, 0, 0]).collect();
    // (text, reference, exact?) - transcendentals may differ from the correctly rounded value by
    // 1 ULP (the hardware's documented accuracy), specials must be exact.
    type Un = fn(f32) -> f32;
    let ops: &[(&str, Un, bool)] = &[
        ("v_trunc_f32", |x| x.trunc(), true),
        ("v_ceil_f32", |x| x.ceil(), true),
        ("v_floor_f32", |x| x.floor(), true),
        (
            "v_rndne_f32",
            |x| {
                let r = x.round();
                // ties to even
                if (x - x.trunc()).abs() == 0.5 {
                    2.0 * (x / 2.0).round()
                } else {
                    r
                }
            },
            true,
        ),
        (
            "v_fract_f32",
            |x| {
                if !x.is_finite() {
                    f32::NAN
                } else {
                    (x - x.floor()).min(f32::from_bits(0x3f7f_ffff))
                }
            },
            true,
        ),
        ("v_sqrt_f32", |x| x.sqrt(), false),
        ("v_rcp_f32", |x| 1.0 / x, false),
        ("v_rcp_iflag_f32", |x| 1.0 / x, false),
        ("v_rsq_f32", |x| (1.0 / (x as f64).sqrt()) as f32, false),
        ("v_exp_f32", |x| (x as f64).exp2() as f32, false),
        ("v_log_f32", |x| (x as f64).log2() as f32, false),
        (
            "v_sin_f32",
            |x| ((x as f64) * std::f64::consts::TAU).sin() as f32,
            false,
        ),
        (
            "v_cos_f32",
            |x| ((x as f64) * std::f64::consts::TAU).cos() as f32,
            false,
        ),
        (
            "v_frexp_mant_f32",
            |x| {
                if x == 0.0 || !x.is_finite() {
                    return x;
                }
                let mut m = x as f64;
                while m.abs() >= 1.0 {
                    m /= 2.0;
                }
                while m.abs() < 0.5 {
                    m *= 2.0;
                }
                m as f32
            },
            true,
        ),
        ("v_cvt_f32_f16", |x| x, true), // replaced below
    ];
    for gen in GENS {
        for (name, f, exact) in ops {
            if *name == "v_cvt_f32_f16" {
                continue;
            }
            let text = format!("{name} v3, v0");
            let got = vop(gen, MODE_DEFAULT, &text, &cases);
            for (c, g) in cases.iter().zip(&got) {
                let x = fb(c[0]);
                // gfx6 (GCN 1.0): frexp_mant of an infinity is -NaN (the ISA documents it; the
                // device libraries work around it for gfx6 only).
                let w = if gen == Gen::Gfx6 && *name == "v_frexp_mant_f32" && x.is_infinite() {
                    0xffc0_0000
                } else {
                    f(x).to_bits()
                };
                let special = !x.is_finite()
                    || x == 0.0
                    || fb(w) == 0.0
                    || !fb(w).is_finite()
                    || x.abs() < f32::MIN_POSITIVE;
                let ok = if *exact || special {
                    same_f32(*g, w)
                } else {
                    ulp_diff32(*g, w) <= 1
                };
                ck.ok(ok, || {
                    format!(
                        "{gen:?} {text} {x:e} ({:#x}): got {g:#x} ({}), want {w:#x} ({})",
                        c[0],
                        fb(*g),
                        fb(w)
                    )
                });
            }
        }
        // v_frexp_exp_i32_f32: the exponent e with x = m * 2^e, 0.5 <= |m| < 1; 0 for 0/inf/NaN
        // (gfx6: -1 for inf/NaN).
        let got = vop(gen, MODE_DEFAULT, "v_frexp_exp_i32_f32 v3, v0", &cases);
        for (c, g) in cases.iter().zip(&got) {
            let x = fb(c[0]) as f64;
            let want = if !x.is_finite() && gen == Gen::Gfx6 {
                -1
            } else if x == 0.0 || !x.is_finite() {
                0
            } else {
                (x.abs().log2().floor() as i32) + 1
            };
            ck.eq(*g as i32, want, || {
                format!("{gen:?} v_frexp_exp_i32_f32 {x:e}")
            });
        }
        // Conversions to integers: truncation toward zero, saturating, NaN -> 0.
        let sat_i = |x: f64| {
            if x.is_nan() {
                0
            } else if x >= 2147483647.0 {
                i32::MAX
            } else if x <= -2147483648.0 {
                i32::MIN
            } else {
                x.trunc() as i64 as i32
            }
        };
        let sat_u = |x: f64| {
            if x.is_nan() || x <= 0.0 {
                0
            } else if x >= 4294967295.0 {
                u32::MAX
            } else {
                x.trunc() as u64 as u32
            }
        };
        let got = vop(gen, MODE_DEFAULT, "v_cvt_i32_f32 v3, v0", &cases);
        for (c, g) in cases.iter().zip(&got) {
            ck.eq(*g as i32, sat_i(fb(c[0]) as f64), || {
                format!("{gen:?} v_cvt_i32_f32 {}", fb(c[0]))
            });
        }
        let got = vop(gen, MODE_DEFAULT, "v_cvt_u32_f32 v3, v0", &cases);
        for (c, g) in cases.iter().zip(&got) {
            ck.eq(*g, sat_u(fb(c[0]) as f64), || {
                format!("{gen:?} v_cvt_u32_f32 {}", fb(c[0]))
            });
        }
        let got = vop(gen, MODE_DEFAULT, "v_cvt_flr_i32_f32 v3, v0", &cases);
        for (c, g) in cases.iter().zip(&got) {
            ck.eq(*g as i32, sat_i((fb(c[0]) as f64).floor()), || {
                format!("{gen:?} v_cvt_flr_i32_f32 {}", fb(c[0]))
            });
        }
        let got = vop(gen, MODE_DEFAULT, "v_cvt_rpi_i32_f32 v3, v0", &cases);
        for (c, g) in cases.iter().zip(&got) {
            // floor(x + 0.5) with the add rounded to f32 (AMD's pseudocode).
            ck.eq(*g as i32, sat_i(((fb(c[0]) + 0.5) as f64).floor()), || {
                format!("{gen:?} v_cvt_rpi_i32_f32 {}", fb(c[0]))
            });
        }
        // From integers: round to nearest even.
        let ints = [
            0u32,
            1,
            0xffff_ffff,
            0x8000_0000,
            0x7fff_ffff,
            16777217,
            16777219,
            0x0100_0001,
            0xffff_ff7f,
            123456789,
        ];
        let icases: Vec<[u32; 3]> = ints.iter().map(|&a| [a, 0, 0]).collect();
        let got = vop(gen, MODE_DEFAULT, "v_cvt_f32_i32 v3, v0", &icases);
        for (c, g) in icases.iter().zip(&got) {
            ck.eq(*g, (c[0] as i32 as f32).to_bits(), || {
                format!("{gen:?} v_cvt_f32_i32 {}", c[0] as i32)
            });
        }
        let got = vop(gen, MODE_DEFAULT, "v_cvt_f32_u32_e64 v3, v0", &icases);
        for (c, g) in icases.iter().zip(&got) {
            ck.eq(*g, (c[0] as f32).to_bits(), || {
                format!("{gen:?} v_cvt_f32_u32 {}", c[0])
            });
        }
        for k in 0..4 {
            let text = format!("v_cvt_f32_ubyte{k} v3, v0");
            let got = vop(gen, MODE_DEFAULT, &text, &icases);
            for (c, g) in icases.iter().zip(&got) {
                ck.eq(*g, ((c[0] >> (8 * k) & 0xff) as f32).to_bits(), || {
                    format!("{gen:?} {text} {:#x}", c[0])
                });
            }
        }
        // v_ldexp_f32: x * 2^n, one rounding (denormal results included).
        let exps = [
            0i32,
            1,
            -1,
            10,
            -149,
            -150,
            -126,
            127,
            128,
            300,
            -300,
            i32::MAX,
            i32::MIN,
            24,
        ];
        let mut lcases = Vec::new();
        for &a in &vals {
            for &n in &exps {
                lcases.push([a, n as u32, 0]);
            }
        }
        let got = vop(gen, MODE_DEFAULT, "v_ldexp_f32 v3, v0, v1", &lcases);
        for (c, g) in lcases.iter().zip(&got) {
            let x = fb(c[0]) as f64;
            let n = (c[1] as i32).clamp(-400, 400);
            let w = (x * 2f64.powi(n)) as f32;
            ck.ok(same_f32(*g, w.to_bits()), || {
                format!(
                    "{gen:?} v_ldexp_f32 {x:e} {}: got {}, want {w:e}",
                    c[1] as i32,
                    fb(*g)
                )
            });
        }
    }
    ck.done();
}

#[test]
pub fn f32_transcendental_specials() {
    let mut ck = Check::new();
    let (inf, ninf, nz) = (
        f32::INFINITY.to_bits(),
        f32::NEG_INFINITY.to_bits(),
        0x8000_0000u32,
    );
    let specials: &[(&str, u32, u32)] = &[
        ("v_rcp_f32", 0, inf),
        ("v_rcp_f32", nz, ninf),
        ("v_rcp_f32", inf, 0),
        ("v_rcp_f32", ninf, nz),
        ("v_rsq_f32", 0, inf),
        ("v_rsq_f32", nz, ninf),
        ("v_rsq_f32", inf, 0),
        ("v_rsq_f32", (-1.0f32).to_bits(), QNAN),
        ("v_sqrt_f32", nz, nz),
        ("v_sqrt_f32", (-4.0f32).to_bits(), QNAN),
        ("v_sqrt_f32", inf, inf),
        ("v_sqrt_f32", 4.0f32.to_bits(), 2.0f32.to_bits()),
        ("v_log_f32", 0, ninf),
        ("v_log_f32", nz, ninf),
        ("v_log_f32", (-1.0f32).to_bits(), QNAN),
        ("v_log_f32", inf, inf),
        ("v_log_f32", 8.0f32.to_bits(), 3.0f32.to_bits()),
        ("v_exp_f32", ninf, 0),
        ("v_exp_f32", inf, inf),
        ("v_exp_f32", 0, 1.0f32.to_bits()),
        ("v_exp_f32", (-3.0f32).to_bits(), 0.125f32.to_bits()),
        ("v_sin_f32", inf, QNAN),
        ("v_sin_f32", 0.25f32.to_bits(), 1.0f32.to_bits()),
        ("v_cos_f32", 0, 1.0f32.to_bits()),
        ("v_cos_f32", ninf, QNAN),
        ("v_fract_f32", inf, QNAN),
        ("v_fract_f32", (-0.25f32).to_bits(), 0.75f32.to_bits()),
        ("v_fract_f32", 0xb2d7_bf95, 0x3f7f_ffff), // -2.5e-8: 1 - 2.5e-8 rounds to 1; clamped below 1
        ("v_frexp_mant_f32", ninf, ninf),
        ("v_frexp_mant_f32", 12.0f32.to_bits(), 0.75f32.to_bits()),
        ("v_trunc_f32", (-0.5f32).to_bits(), nz),
        ("v_ceil_f32", (-0.5f32).to_bits(), nz),
        ("v_floor_f32", 0.5f32.to_bits(), 0),
        ("v_rndne_f32", (-0.5f32).to_bits(), nz),
        ("v_rndne_f32", 2.5f32.to_bits(), 2.0f32.to_bits()),
        ("v_rndne_f32", 3.5f32.to_bits(), 4.0f32.to_bits()),
    ];
    for gen in GENS {
        for &(name, x, want) in specials {
            let got = vop(gen, MODE_DEFAULT, &format!("{name} v3, v0"), &[[x, 0, 0]])[0];
            let gfx6_nan = gen == Gen::Gfx6 && name == "v_frexp_mant_f32" && x == ninf;
            let want = if gfx6_nan { 0xffc0_0000 } else { want }; // gfx6: -NaN
            ck.ok(same_f32(got, want) && (!gfx6_nan || got >> 31 == 1), || {
                format!(
                    "{gen:?} {name} {:e}: got {:e} ({got:#x}), want {:e}",
                    fb(x),
                    fb(got),
                    fb(want)
                )
            });
        }
        // Denormal inputs under flushing: rcp(denormal) = inf with input flushing.
        let got = vop(
            gen,
            mode_with(0, true),
            "v_rcp_f32 v3, v0",
            &[[1, 0, 0], [0x8000_0001, 0, 0]],
        );
        ck.eq(got, vec![inf, ninf], || {
            format!("{gen:?} v_rcp_f32 of flushed denormals")
        });
        let got = vop(
            gen,
            mode_with(0, true),
            "v_sqrt_f32 v3, v0",
            &[[0x0000_0100, 0, 0]],
        );
        ck.eq(got, vec![0], || {
            format!("{gen:?} v_sqrt_f32 of a flushed denormal")
        });
    }
    ck.done();
}

/// The class of an f32 as V_CMP_CLASS numbers it (0 sNaN, 1 qNaN, 2 -inf, 3 -normal,
/// 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf).
pub fn class32(x: u32) -> u32 {
    let f = fb(x);
    let neg = x >> 31 != 0;
    if f.is_nan() {
        return if x & 0x40_0000 != 0 { 1 } else { 0 };
    }
    if f.is_infinite() {
        return if neg { 2 } else { 9 };
    }
    if f == 0.0 {
        return if neg { 5 } else { 6 };
    }
    if f.abs() < f32::MIN_POSITIVE {
        return if neg { 4 } else { 7 };
    }
    if neg {
        3
    } else {
        8
    }
}

pub fn fcmp_ref(cond: &str, a: f64, b: f64) -> bool {
    let un = a.is_nan() || b.is_nan();
    match cond {
        "f" => false,
        "lt" => a < b,
        "eq" => a == b,
        "le" => a <= b,
        "gt" => a > b,
        "lg" => !un && a != b,
        "ge" => a >= b,
        "o" => !un,
        "u" => un,
        "nge" => un || a < b,
        "nlg" => un || a == b,
        "ngt" => un || a <= b,
        "nle" => un || a > b,
        "neq" => un || a != b,
        "nlt" => un || a >= b,
        "tru" => true,
        _ => panic!("{cond}"),
    }
}
pub const FCONDS: [&str; 16] = [
    "f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt",
    "tru",
];

#[test]
pub fn f32_compares_and_class() {
    let mut ck = Check::new();
    let cases = pairs();
    for gen in GENS {
        for cond in FCONDS {
            // gfx6/gfx7 also have the signalling forms v_cmps/v_cmpsx (same results; they
            // differ only in raising the invalid exception on quiet NaNs).
            for (form, reg) in [
                (format!("v_cmp_{cond}_f32 vcc, v0, v1"), VCC_REG),
                (format!("v_cmp_{cond}_f32_e64 s[10:11], v0, v1"), 10),
                (format!("v_cmpx_{cond}_f32 vcc, v0, v1"), EXEC_REG),
                (format!("v_cmps_{cond}_f32 vcc, v0, v1"), VCC_REG),
                (format!("v_cmpsx_{cond}_f32 vcc, v0, v1"), EXEC_REG),
                (format!("v_cmps_{cond}_f64 vcc, v[0:1], v[2:3]"), usize::MAX),
            ] {
                let Some(_) = try_inst(gen, &form) else {
                    assert!(
                        gen >= Gen::Gfx8 || !form.contains("_f32"),
                        "{gen:?}: {form} does not assemble"
                    );
                    continue;
                };
                if reg == usize::MAX {
                    // 64-bit signalling compare: operands as f64 of the same values.
                    let mut e = Emu::new(gen);
                    for chunk in cases.chunks(64) {
                        for (l, c) in chunk.iter().enumerate() {
                            e.set_v64(0, l, (fb(c[0]) as f64).to_bits());
                            e.set_v64(2, l, (fb(c[1]) as f64).to_bits());
                        }
                        e.run(&form);
                        for (l, c) in chunk.iter().enumerate() {
                            ck.eq(
                                e.vcc() >> l & 1 != 0,
                                fcmp_ref(cond, fb(c[0]) as f64, fb(c[1]) as f64),
                                || format!("{gen:?} {form} {:e} {:e}", fb(c[0]), fb(c[1])),
                            );
                        }
                    }
                    continue;
                }
                for mode in [MODE_DEFAULT, mode_with(0, true)] {
                    let (_, bits) = vop_mask(gen, mode, &form, &cases, 0, reg);
                    let fin = mode == mode_with(0, true);
                    for (c, b) in cases.iter().zip(&bits) {
                        let want = fcmp_ref(
                            cond,
                            flush(fb(c[0]), fin) as f64,
                            flush(fb(c[1]), fin) as f64,
                        );
                        ck.eq(*b, want, || {
                            format!(
                                "{gen:?} {form} mode={mode:#x} {:e} {:e}",
                                fb(c[0]),
                                fb(c[1])
                            )
                        });
                    }
                }
            }
        }
        // v_cmp_class_f32: the mask bit of the value's class (sNaN/qNaN distinguished).
        let v = f32_values();
        let mut cases = Vec::new();
        for &x in &v {
            for m in [
                0x3ffu32, 1, 2, 4, 8, 0x10, 0x20, 0x40, 0x80, 0x100, 0x200, 0x155, 0x2aa,
            ] {
                cases.push([x, m, 0]);
            }
        }
        for form in [
            "v_cmp_class_f32 vcc, v0, v1",
            "v_cmp_class_f32_e64 s[10:11], v0, v1",
        ] {
            let reg = if form.contains("e64") { 10 } else { VCC_REG };
            let (_, bits) = vop_mask(gen, MODE_DEFAULT, form, &cases, 0, reg);
            for (c, b) in cases.iter().zip(&bits) {
                ck.eq(*b, c[1] >> class32(c[0]) & 1 != 0, || {
                    format!("{gen:?} {form} {:#x} mask {:#x}", c[0], c[1])
                });
            }
        }
        let (_, bits) = vop_mask(
            gen,
            MODE_DEFAULT,
            "v_cmpx_class_f32 vcc, v0, v1",
            &cases,
            0,
            EXEC_REG,
        );
        for (c, b) in cases.iter().zip(&bits) {
            ck.eq(*b, c[1] >> class32(c[0]) & 1 != 0, || {
                format!("{gen:?} v_cmpx_class_f32 {:#x} mask {:#x}", c[0], c[1])
            });
        }
    }
    ck.done();
}

#[test]
pub fn f32_compare_respects_exec() {
    // Inactive lanes read as 0 in the result mask; v_cmpx leaves them disabled.
    let mut ck = Check::new();
    for gen in GENS {
        let mut e = Emu::new(gen);
        for l in 0..64 {
            e.set_v(0, l, (l as f32).to_bits());
            e.set_v(1, l, 10.0f32.to_bits());
        }
        e.w.set_exec(0x0000_ffff_0000_ffff);
        e.w.set_vcc(u64::MAX);
        e.run("v_cmp_lt_f32 vcc, v0, v1");
        ck.eq(e.vcc(), 0x3ff, || {
            format!("{gen:?} v_cmp_lt_f32 under EXEC")
        });
        e.run("v_cmpx_gt_f32 vcc, v0, v1");
        ck.eq(e.exec(), 0x0000_ffff_0000_f800, || {
            format!("{gen:?} v_cmpx_gt_f32 under EXEC")
        });
        // GCN's v_cmpx writes VCC as well as EXEC (AMD's pseudocode: EXEC = D0 = result).
        ck.eq(e.vcc(), 0x0000_ffff_0000_f800, || {
            format!("{gen:?} v_cmpx_gt_f32 writes VCC")
        });
        e.w.set_exec(0xff);
        e.set_s64(40, u64::MAX);
        e.run("v_cmpx_lt_u32_e64 s[40:41], v0, v1"); // integer: the wave-wide path
        ck.eq((e.exec(), e.s64(40)), (0xff, 0xff), || {
            format!("{gen:?} v_cmpx_lt_u32_e64 writes EXEC and its SGPRs")
        });
        e.w.set_vcc(0);
        e.run("v_cmpx_lt_u32 vcc, v0, v1");
        ck.eq((e.exec(), e.vcc()), (0xff, 0xff), || {
            format!("{gen:?} v_cmpx_lt_u32 writes EXEC and VCC")
        });
        let mut e = Emu::new(gen);
        e.w.set_exec(0xf0);
        for l in 0..64 {
            e.set_v(0, l, l as u32);
            e.set_v(1, l, 7);
            e.set_v(3, l, 0x1234);
        }
        e.run("v_add_f32 v3, v0, v1");
        ck.ok(
            (0..64).all(|l| (e.v(3, l) == 0x1234) == (l < 4 || l >= 8)),
            || format!("{gen:?} v_add_f32 writes only EXEC lanes"),
        );
    }
    ck.done();
}

#[test]
pub fn f32_division_helpers() {
    let mut ck = Check::new();
    let f = |x: f32| x.to_bits();
    // v_div_scale_f32 D, VCC = S0, S1 (denominator), S2 (numerator), per AMD's pseudocode.
    // (S0, S1, S2) -> (D, VCC)
    let scale: &[([f32; 3], f32, bool)] = &[
        ([3.0, 3.0, 1.0], 3.0, false),
        ([1.0, 3.0, 1.0], 1.0, false),
        ([1.0, 0.0, 1.0], f32::NAN, false),
        ([1.0, 3.0, 0.0], f32::NAN, false),
        // Numerator/denominator exponents 96 apart: VCC, denominator scaled by 2^64.
        ([1e-30, 1e-30, 1e30], 1e-30 * 18446744073709551616.0, true),
        ([1e30, 1e-30, 1e30], 1e30, true),
        // A denormal denominator, numerator exponent 96 or more above: VCC, scaled by 2^64.
        (
            [1e-40, 1e-40, 1.0],
            (1e-40f32 as f64 * 2f64.powi(64)) as f32,
            true,
        ),
        // A denormal denominator otherwise: scaled up by 2^64, no VCC.
        (
            [1e-40, 1e-40, 1e-37],
            (1e-40f32 as f64 * 2f64.powi(64)) as f32,
            false,
        ),
        ([2.0, 1e-40, 1e-37], 36893488147419103232.0, false),
        // Tiny numerator (exponent field <= 23): scaled up by 2^64.
        (
            [1e-32, 3.0, 1e-32],
            (1e-32f64 * 2f64.powi(64)) as f32,
            false,
        ),
    ];
    for gen in GENS {
        for &(s, d, vcc) in scale {
            let mut e = Emu::new(gen);
            for k in 0..3 {
                e.set_v(k, 0, f(s[k]));
            }
            e.w.set_exec(1);
            e.run("v_div_scale_f32 v3, vcc, v0, v1, v2");
            ck.ok(same_f32(e.v(3, 0), f(d)), || {
                format!(
                    "{gen:?} v_div_scale_f32 {s:?}: got {:e}, want {d:e}",
                    fb(e.v(3, 0))
                )
            });
            ck.eq(e.vcc() & 1 != 0, vcc, || {
                format!("{gen:?} v_div_scale_f32 {s:?}: VCC")
            });
        }
        // v_div_fmas_f32: fma, scaled by 2^32 where VCC is set.
        let mut e = Emu::new(gen);
        e.w.set_exec(3);
        for l in 0..2 {
            e.set_v(0, l, f(1.5));
            e.set_v(1, l, f(2.0));
            e.set_v(2, l, f(0.25));
        }
        e.w.set_vcc(2);
        e.run("v_div_fmas_f32 v3, v0, v1, v2");
        ck.eq(
            (e.v(3, 0), e.v(3, 1)),
            (f(3.25), f(3.25 * 4294967296.0)),
            || format!("{gen:?} v_div_fmas_f32"),
        );
        // v_div_fixup_f32 S0 (quotient), S1 (denominator), S2 (numerator).
        let fixup: &[([f32; 3], u32)] = &[
            ([0.5, 2.0, 1.0], f(0.5)),
            ([0.5, -2.0, 1.0], f(-0.5)),
            ([7.0, 0.0, 0.0], 0xffc0_0000),
            ([7.0, f32::INFINITY, f32::NEG_INFINITY], 0xffc0_0000),
            ([7.0, 0.0, -3.0], f(f32::NEG_INFINITY)),
            ([7.0, -0.0, 3.0], f(f32::NEG_INFINITY)),
            ([7.0, 3.0, f32::INFINITY], f(f32::INFINITY)),
            ([7.0, f32::INFINITY, 3.0], 0),
            ([7.0, -3.0, 0.0], 0x8000_0000),
            ([7.0, f32::NAN, 1.0], QNAN),
            ([7.0, 1.0, f32::NAN], QNAN),
            // Numerator/denominator exponents more than 150 apart: the quotient underflows to a
            // signed zero (as IEEE division rounds it).
            ([7.0, 1e30, 1e-30], 0),
            ([7.0, -1e30, 1e-30], 0x8000_0000),
        ];
        for &(s, want) in fixup {
            let got = vop(
                gen,
                MODE_DEFAULT,
                "v_div_fixup_f32 v3, v0, v1, v2",
                &[s.map(f)],
            )[0];
            ck.ok(same_f32(got, want), || {
                format!(
                    "{gen:?} v_div_fixup_f32 {s:?}: got {:#x}, want {want:#x}",
                    got
                )
            });
        }
    }
    ck.done();
}

#[test]
pub fn cube_and_legacy_f32() {
    let mut ck = Check::new();
    let coords: Vec<[f32; 3]> = vec![
        [1.0, 0.5, 0.25],
        [-2.0, 0.5, 0.25],
        [0.1, 3.0, -0.2],
        [0.1, -3.0, 0.2],
        [0.3, 0.2, 5.0],
        [0.3, -0.2, -5.0],
        [1.0, 1.0, 1.0],
        [-1.0, 1.0, 0.0],
        [0.0, 0.0, 0.0],
        [2.0, -2.0, 1.0],
    ];
    let cases: Vec<[u32; 3]> = coords.iter().map(|c| c.map(f32::to_bits)).collect();
    for gen in GENS {
        let face = |c: &[f32; 3]| -> usize {
            let [x, y, z] = *c;
            if z.abs() >= x.abs() && z.abs() >= y.abs() {
                2
            } else if y.abs() >= x.abs() {
                1
            } else {
                0
            }
        };
        let id = |c: &[f32; 3]| -> f32 {
            (2 * face(c)) as f32 + if c[face(c)] < 0.0 { 1.0 } else { 0.0 }
        };
        let ma = |c: &[f32; 3]| 2.0 * c[face(c)];
        let sc = |c: &[f32; 3]| match face(c) {
            2 => {
                if c[2] < 0.0 {
                    -c[0]
                } else {
                    c[0]
                }
            }
            1 => c[0],
            _ => {
                if c[0] < 0.0 {
                    c[2]
                } else {
                    -c[2]
                }
            }
        };
        let tc = |c: &[f32; 3]| match face(c) {
            2 => -c[1],
            1 => {
                if c[1] < 0.0 {
                    -c[2]
                } else {
                    c[2]
                }
            }
            _ => -c[1],
        };
        let refs: [(&str, &dyn Fn(&[f32; 3]) -> f32); 4] = [
            ("v_cubeid_f32", &id),
            ("v_cubema_f32", &ma),
            ("v_cubesc_f32", &sc),
            ("v_cubetc_f32", &tc),
        ];
        for (name, r) in refs {
            let text = format!("{name} v3, v0, v1, v2");
            let got = vop(gen, MODE_DEFAULT, &text, &cases);
            for (c, g) in coords.iter().zip(&got) {
                ck.eq(*g, r(c).to_bits(), || {
                    format!("{gen:?} {text} {c:?}: got {}", fb(*g))
                });
            }
        }
        // v_mad_legacy_f32 (gfx6-gfx9): DX9 multiply (0 * anything = 0), then add.
        let mv = f32_values();
        let mut mc = Vec::new();
        for &a in &mv {
            for &b in &mv {
                mc.push([a, b, 1.5f32.to_bits()]);
            }
        }
        if try_inst(gen, "v_mad_legacy_f32 v3, v0, v1, v2").is_some() {
            let got = vop(gen, MODE_DEFAULT, "v_mad_legacy_f32 v3, v0, v1, v2", &mc);
            check_lanes(&mut ck, gen, "v_mad_legacy_f32", 0, &mc, &got, |c| {
                let [a, b, d] = c.map(|x| flush(fb(x), true));
                let p = if a == 0.0 || b == 0.0 {
                    0.0
                } else {
                    flush(a * b, true)
                };
                flush(p + d, true).to_bits()
            });
        }
        if try_inst(gen, "v_mac_legacy_f32 v3, v0, v1").is_some() {
            let dc: Vec<([u32; 3], u32)> = mc.iter().map(|c| (*c, c[2])).collect();
            let got = vop_d(gen, MODE_DEFAULT, "v_mac_legacy_f32 v3, v0, v1", &dc);
            check_lanes(&mut ck, gen, "v_mac_legacy_f32", 0, &mc, &got, |c| {
                let [a, b, d] = c.map(|x| flush(fb(x), true));
                let p = if a == 0.0 || b == 0.0 {
                    0.0
                } else {
                    flush(a * b, true)
                };
                flush(p + d, true).to_bits()
            });
        }
    }
    ck.done();
}

#[test]
pub fn gfx6_gfx7_clamped_and_legacy_transcendentals() {
    // The _CLAMP forms turn an infinite result into the largest finite value of its sign;
    // ordinary inputs are within 1 ULP of the correctly rounded value.
    let mut ck = Check::new();
    let (max, nmax) = (f32::MAX.to_bits(), (-f32::MAX).to_bits());
    let specials: &[(&str, u32, u32)] = &[
        ("v_rcp_clamp_f32", 0, max),
        ("v_rcp_clamp_f32", 0x8000_0000, nmax),
        ("v_rsq_clamp_f32", 0, max),
        ("v_log_clamp_f32", 0, nmax),
        ("v_rcp_clamp_f32", 4.0f32.to_bits(), 0.25f32.to_bits()),
        ("v_rsq_clamp_f32", 4.0f32.to_bits(), 0.5f32.to_bits()),
        ("v_log_clamp_f32", 8.0f32.to_bits(), 3.0f32.to_bits()),
        ("v_rcp_legacy_f32", 4.0f32.to_bits(), 0.25f32.to_bits()),
        ("v_rsq_legacy_f32", 16.0f32.to_bits(), 0.25f32.to_bits()),
        ("v_exp_legacy_f32", 3.0f32.to_bits(), 8.0f32.to_bits()),
        ("v_log_legacy_f32", 0.25f32.to_bits(), (-2.0f32).to_bits()),
    ];
    for gen in GENS {
        for &(name, x, want) in specials {
            let Some(_) = try_inst(gen, &format!("{name} v3, v0")) else {
                assert!(
                    !name.contains("clamp") || gen >= Gen::Gfx8,
                    "{gen:?}: {name} does not assemble"
                );
                continue;
            };
            let got = vop(gen, MODE_DEFAULT, &format!("{name} v3, v0"), &[[x, 0, 0]])[0];
            ck.eq(got, want, || format!("{gen:?} {name} {}", fb(x)));
        }
        if gen >= Gen::Gfx8 {
            continue; // the _CLAMP forms are gfx6/gfx7's
        }
        let vals: Vec<[u32; 3]> = [0.3f32, 1.7, 123.0, 1e-20, 7e30]
            .iter()
            .map(|x| [x.to_bits(), 0, 0])
            .collect();
        for (name, f) in [
            ("v_rcp_clamp_f32", (|x: f64| 1.0 / x) as fn(f64) -> f64),
            ("v_rsq_clamp_f32", |x| 1.0 / x.sqrt()),
            ("v_log_clamp_f32", |x| x.log2()),
        ] {
            let got = vop(gen, MODE_DEFAULT, &format!("{name} v3, v0"), &vals);
            for (c, g) in vals.iter().zip(&got) {
                let w = (f(fb(c[0]) as f64) as f32).to_bits();
                ck.ok(ulp_diff32(*g, w) <= 1, || {
                    format!(
                        "{gen:?} {name} {}: got {}, want {}",
                        fb(c[0]),
                        fb(*g),
                        fb(w)
                    )
                });
            }
        }
        // f64: v_rcp_clamp_f64 / v_rsq_clamp_f64 of 0 give +MAX.
        for name in ["v_rcp_clamp_f64", "v_rsq_clamp_f64"] {
            let got = super::valu_f64_helpers::run64(gen, &format!("{name} v[6:7], v[0:1]"), 0);
            ck.eq(got, f64::MAX.to_bits(), || format!("{gen:?} {name} 0"));
            let got = super::valu_f64_helpers::run64(
                gen,
                &format!("{name} v[6:7], v[0:1]"),
                4f64.to_bits(),
            );
            let want = if name.contains("rcp") { 0.25f64 } else { 0.5 };
            ck.eq(got, want.to_bits(), || format!("{gen:?} {name} 4"));
        }
    }
    ck.done();
}

#[test]
pub fn gfx6_gfx7_mullit() {
    // v_mullit_f32 (AMD's pseudocode): -MAX when S1 is -MAX, -inf or NaN or S2 <= 0 or NaN,
    // otherwise S0 * S1.
    let mut ck = Check::new();
    let m = f32::MAX;
    let cases: &[([f32; 3], f32)] = &[
        ([2.0, 3.0, 1.0], 6.0),
        ([2.0, 3.0, 0.0], -m),
        ([2.0, 3.0, -1.0], -m),
        ([2.0, -m, 1.0], -m),
        ([2.0, f32::NEG_INFINITY, 1.0], -m),
        ([2.0, f32::NAN, 1.0], -m),
        ([2.0, 3.0, f32::NAN], -m),
        ([-1.5, 0.5, 1e-30], -0.75),
    ];
    for gen in [Gen::Gfx6, Gen::Gfx7] {
        for &(s, want) in cases {
            let got = vop(
                gen,
                MODE_DEFAULT,
                "v_mullit_f32 v3, v0, v1, v2",
                &[s.map(f32::to_bits)],
            )[0];
            ck.eq(got, want.to_bits(), || {
                format!("{gen:?} v_mullit_f32 {s:?}")
            });
        }
    }
    ck.done();
}

#[test]
pub fn compares_with_source_modifiers() {
    // VOP3 compares with neg/abs (the per-lane path): the modifiers apply before comparing.
    let mut ck = Check::new();
    let cases = pairs();
    for gen in GENS {
        for cond in ["lt", "eq", "nge", "lg", "o"] {
            let text = format!("v_cmp_{cond}_f32_e64 s[10:11], -v0, |v1|");
            let (_, bits) = vop_mask(gen, MODE_DEFAULT, &text, &cases, 0, 10);
            for (c, b) in cases.iter().zip(&bits) {
                ck.eq(
                    *b,
                    fcmp_ref(cond, -(fb(c[0]) as f64), (fb(c[1]) as f64).abs()),
                    || format!("{gen:?} {text} {:e} {:e}", fb(c[0]), fb(c[1])),
                );
            }
            let text = format!("v_cmp_{cond}_f64_e64 s[10:11], |v[0:1]|, -v[2:3]");
            let mut e = Emu::new(gen);
            for chunk in cases.chunks(64) {
                for (l, c) in chunk.iter().enumerate() {
                    e.set_v64(0, l, (fb(c[0]) as f64).to_bits());
                    e.set_v64(2, l, (fb(c[1]) as f64).to_bits());
                }
                e.run(&text);
                for (l, c) in chunk.iter().enumerate() {
                    ck.eq(
                        e.s64(10) >> l & 1 != 0,
                        fcmp_ref(cond, (fb(c[0]) as f64).abs(), -(fb(c[1]) as f64)),
                        || format!("{gen:?} {text} {:e} {:e}", fb(c[0]), fb(c[1])),
                    );
                }
            }
        }
    }
    ck.done();
}
