//! f16 VALU operations (gfx8+) and packed math (gfx9): results computed exactly in f64 and
//! rounded by the test's soft-float (`softfloat.rs`).

use super::harness::*;
use super::softfloat::*;
use super::valu_f32::fcmp_ref;
use super::valu_f32::FCONDS;
use gpuisa_amdgpu::gcn::Gen;

const F16_GENS: [Gen; 3] = [Gen::Gfx8, Gen::Gfx9, Gen::Gfx906];

pub fn h_values() -> Vec<u16> {
    vec![
        0x0000, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x3e00, 0xc180, 0x4200, 0x7bff, 0xfbff, 0x0400,
        0x8400, 0x0001, 0x83ff, 0x0200, 0x7c00, 0xfc00, 0x7e00, 0x7d00, 0xfe01, 0x2e66, 0x4700,
        0x5bf8, 0x3c01, 0x3bff, 0x1400, 0xb800, 0x4100,
    ]
}
fn h(x: u16) -> f64 {
    f16_to_f64(x)
}
fn is_snan16(x: u16) -> bool {
    x & 0x7c00 == 0x7c00 && x & 0x3ff != 0 && x & 0x200 == 0
}
fn hmax(a: u16, b: u16, ieee: bool, max: bool) -> u16 {
    if ieee && is_snan16(a) {
        return a | 0x200;
    }
    if ieee && is_snan16(b) {
        return b | 0x200;
    }
    let (x, y) = (h(a), h(b));
    if x.is_nan() {
        return b;
    }
    if y.is_nan() {
        return a;
    }
    if x == 0.0 && y == 0.0 {
        let pick_a = if max {
            a & 0x8000 == 0 || b & 0x8000 != 0
        } else {
            a & 0x8000 != 0 || b & 0x8000 == 0
        };
        return if pick_a { a } else { b };
    }
    if (max && x >= y) || (!max && x <= y) {
        a
    } else {
        b
    }
}

fn check16(
    ck: &mut Check,
    gen: Gen,
    text: &str,
    cases: &[[u32; 3]],
    got: &[u32],
    want: impl Fn(&[u32; 3]) -> u16,
) {
    for (c, g) in cases.iter().zip(got) {
        let w = want(c);
        ck.ok(same_f16(*g as u16, w) && *g >> 16 == 0, || {
            format!(
                "{gen:?} {text} {:04x?} ({} {} {}): got {g:#x} ({}), want {w:#06x} ({})",
                c,
                h(c[0] as u16),
                h(c[1] as u16),
                h(c[2] as u16),
                h(*g as u16),
                h(w)
            )
        });
    }
}

fn pairs16() -> Vec<[u32; 3]> {
    let v = h_values();
    let mut out = Vec::new();
    for (i, &a) in v.iter().enumerate() {
        for &b in &v {
            out.push([a as u32, b as u32, v[(i * 5 + b as usize) % v.len()] as u32]);
        }
    }
    out
}

#[test]
pub fn f16_arithmetic() {
    let mut ck = Check::new();
    let cases = pairs16();
    type B = fn(f64, f64, f64) -> f64;
    let ops: &[(&str, B)] = &[
        ("v_add_f16 v3, v0, v1", |a, b, _| a + b),
        ("v_sub_f16 v3, v0, v1", |a, b, _| a - b),
        ("v_subrev_f16 v3, v0, v1", |a, b, _| b - a),
        ("v_mul_f16 v3, v0, v1", |a, b, _| a * b),
        ("v_add_f16_e64 v3, -v0, |v1|", |a, b, _| -a + b.abs()),
        // f16 products are exact in f64 and the sums that stay in the f16 range too.
        ("v_fma_f16 v3, v0, v1, v2", |a, b, c| a * b + c),
        ("v_mad_f16 v3, v0, v1, v2", |a, b, c| a * b + c),
    ];
    for gen in F16_GENS {
        for (text, f) in ops {
            if try_inst(gen, text).is_none() {
                continue;
            }
            let got = vop(gen, MODE_DEFAULT, text, &cases);
            check16(&mut ck, gen, text, &cases, &got, |c| {
                let r = f(h(c[0] as u16), h(c[1] as u16), h(c[2] as u16));
                to_f16(r, RNE)
            });
        }
        let dc: Vec<([u32; 3], u32)> = cases.iter().map(|c| (*c, c[2])).collect();
        let got = vop_d(gen, MODE_DEFAULT, "v_mac_f16 v3, v0, v1", &dc);
        check16(&mut ck, gen, "v_mac_f16", &cases, &got, |c| {
            to_f16(h(c[0] as u16) * h(c[1] as u16) + h(c[2] as u16), RNE)
        });
        for ieee in [true, false] {
            let mode = MODE_DEFAULT & !(1 << 9) | (ieee as u32) << 9;
            for (text, max) in [
                ("v_max_f16 v3, v0, v1", true),
                ("v_min_f16 v3, v0, v1", false),
            ] {
                let got = vop(gen, mode, text, &cases);
                check16(&mut ck, gen, text, &cases, &got, |c| {
                    hmax(c[0] as u16, c[1] as u16, ieee, max)
                });
            }
            for (text, max) in [
                ("v_max3_f16 v3, v0, v1, v2", true),
                ("v_min3_f16 v3, v0, v1, v2", false),
            ] {
                if try_inst(gen, text).is_none() {
                    continue;
                }
                let got = vop(gen, mode, text, &cases);
                check16(&mut ck, gen, text, &cases, &got, |c| {
                    hmax(
                        hmax(c[0] as u16, c[1] as u16, ieee, max),
                        c[2] as u16,
                        ieee,
                        max,
                    )
                });
            }
            if try_inst(gen, "v_med3_f16 v3, v0, v1, v2").is_some() {
                let got = vop(gen, mode, "v_med3_f16 v3, v0, v1, v2", &cases);
                check16(&mut ck, gen, "v_med3_f16", &cases, &got, |c| {
                    let (a, b, d) = (c[0] as u16, c[1] as u16, c[2] as u16);
                    if h(a).is_nan() || h(b).is_nan() || h(d).is_nan() {
                        return hmax(hmax(a, b, ieee, false), d, ieee, false);
                    }
                    let m = h(hmax(hmax(a, b, ieee, true), d, ieee, true));
                    if m == h(a) {
                        hmax(b, d, ieee, true)
                    } else if m == h(b) {
                        hmax(a, d, ieee, true)
                    } else {
                        hmax(a, b, ieee, true)
                    }
                });
            }
        }
        // v_madmk_f16 / v_madak_f16 (gfx8/gfx9): the literal's low half as the f16 constant.
        if try_inst(gen, "v_madmk_f16 v3, v0, 0x4100, v1").is_some() {
            let got = vop(gen, MODE_DEFAULT, "v_madmk_f16 v3, v0, 0x4100, v1", &cases);
            check16(&mut ck, gen, "v_madmk_f16", &cases, &got, |c| {
                to_f16(h(c[0] as u16) * 2.5 + h(c[1] as u16), RNE)
            });
            let got = vop(gen, MODE_DEFAULT, "v_madak_f16 v3, v0, v1, 0x4100", &cases);
            check16(&mut ck, gen, "v_madak_f16", &cases, &got, |c| {
                to_f16(h(c[0] as u16) * h(c[1] as u16) + 2.5, RNE)
            });
        }
    }
    ck.done();
}

#[test]
pub fn f16_conversions_and_unary() {
    let mut ck = Check::new();
    let v = h_values();
    let cases: Vec<[u32; 3]> = v.iter().map(|&a| [a as u32, 0, 0]).collect();
    for gen in F16_GENS {
        // f16 -> f32 exact; f32 -> f16 rounds to nearest even (f32 inputs that need it).
        let got = vop(gen, MODE_DEFAULT, "v_cvt_f32_f16 v3, v0", &cases);
        for (c, g) in cases.iter().zip(&got) {
            let want = (h(c[0] as u16) as f32).to_bits();
            ck.ok(same_f32(*g, want), || {
                format!("{gen:?} v_cvt_f32_f16 {:#x}: got {g:#x}", c[0])
            });
        }
        let f32s: Vec<u32> = [
            1.0f32,
            65504.0,
            65519.99,
            65520.0,
            1e6,
            -1e-8,
            5.96e-8,
            2.98e-8,
            2.99e-8,
            1.00048828125,
            1.000732421875,
            std::f32::consts::PI,
            -std::f32::consts::E,
            6.1e-5,
            0.0,
            -0.0,
            f32::INFINITY,
            f32::NAN,
            1e-30,
        ]
        .iter()
        .map(|x| x.to_bits())
        .chain([
            0x3f80_1000u32,
            0x3f80_1001,
            0x3f80_3000,
            0x3380_0000,
            0x3300_0001,
            0x387f_c000,
        ])
        .collect();
        let fc: Vec<[u32; 3]> = f32s.iter().map(|&a| [a, 0, 0]).collect();
        let got = vop(gen, MODE_DEFAULT, "v_cvt_f16_f32 v3, v0", &fc);
        check16(&mut ck, gen, "v_cvt_f16_f32", &fc, &got, |c| {
            to_f16(f32::from_bits(c[0]) as f64, RNE)
        });
        // v_cvt_pkrtz_f16_f32: both halves rounded toward zero.
        let pc: Vec<[u32; 3]> = f32s
            .iter()
            .zip(f32s.iter().rev())
            .map(|(&a, &b)| [a, b, 0])
            .collect();
        let got = vop(gen, MODE_DEFAULT, "v_cvt_pkrtz_f16_f32 v3, v0, v1", &pc);
        for (c, g) in pc.iter().zip(&got) {
            let (lo, hi) = (
                to_f16(f32::from_bits(c[0]) as f64, RTZ),
                to_f16(f32::from_bits(c[1]) as f64, RTZ),
            );
            ck.ok(
                same_f16(*g as u16, lo) && same_f16((*g >> 16) as u16, hi),
                || {
                    format!(
                        "{gen:?} v_cvt_pkrtz_f16_f32 {:e} {:e}: got {g:#x}, want {hi:04x}{lo:04x}",
                        f32::from_bits(c[0]),
                        f32::from_bits(c[1])
                    )
                },
            );
        }
        // Integer conversions.
        let ints: Vec<[u32; 3]> = [0u32, 1, 0xffff, 0x8000, 0x7fff, 2049, 2051, 65504, 0xfff0]
            .iter()
            .map(|&a| [a, 0, 0])
            .collect();
        let got = vop(gen, MODE_DEFAULT, "v_cvt_f16_u16 v3, v0", &ints);
        check16(&mut ck, gen, "v_cvt_f16_u16", &ints, &got, |c| {
            to_f16(c[0] as u16 as f64, RNE)
        });
        let got = vop(gen, MODE_DEFAULT, "v_cvt_f16_i16 v3, v0", &ints);
        check16(&mut ck, gen, "v_cvt_f16_i16", &ints, &got, |c| {
            to_f16(c[0] as u16 as i16 as f64, RNE)
        });
        let got = vop(gen, MODE_DEFAULT, "v_cvt_u16_f16 v3, v0", &cases);
        for (c, g) in cases.iter().zip(&got) {
            let x = h(c[0] as u16);
            let want = if x.is_nan() || x <= 0.0 {
                0
            } else if x >= 65535.0 {
                65535
            } else {
                x.trunc() as u32
            };
            ck.eq(*g, want, || format!("{gen:?} v_cvt_u16_f16 {x}"));
        }
        let got = vop(gen, MODE_DEFAULT, "v_cvt_i16_f16 v3, v0", &cases);
        for (c, g) in cases.iter().zip(&got) {
            let x = h(c[0] as u16);
            let want = if x.is_nan() {
                0
            } else {
                x.trunc().clamp(-32768.0, 32767.0) as i16 as u16 as u32
            };
            ck.eq(*g, want, || format!("{gen:?} v_cvt_i16_f16 {x}"));
        }
        // Normalised conversions (gfx9): f16 in [-1, 1] / [0, 1] to i16 / u16, rounded to nearest.
        if try_inst(gen, "v_cvt_norm_i16_f16 v3, v0").is_some() {
            let got = vop(gen, MODE_DEFAULT, "v_cvt_norm_i16_f16 v3, v0", &cases);
            for (c, g) in cases.iter().zip(&got) {
                let x = h(c[0] as u16);
                let want = if x.is_nan() {
                    0
                } else {
                    (x.clamp(-1.0, 1.0) * 32767.0).round_ties_even() as i16 as u16 as u32
                };
                ck.eq(*g, want, || format!("{gen:?} v_cvt_norm_i16_f16 {x}"));
            }
            let got = vop(gen, MODE_DEFAULT, "v_cvt_norm_u16_f16 v3, v0", &cases);
            for (c, g) in cases.iter().zip(&got) {
                let x = h(c[0] as u16);
                let want = if x.is_nan() {
                    0
                } else {
                    (x.clamp(0.0, 1.0) * 65535.0).round_ties_even() as u32
                };
                ck.eq(*g, want, || format!("{gen:?} v_cvt_norm_u16_f16 {x}"));
            }
        }
        // Rounding to integral values, fract, frexp, ldexp.
        let un: [(&str, fn(f64) -> f64); 5] = [
            ("v_trunc_f16", |x| x.trunc()),
            ("v_ceil_f16", |x| x.ceil()),
            ("v_floor_f16", |x| x.floor()),
            ("v_rndne_f16", |x| x.round_ties_even()),
            ("v_fract_f16", |x| {
                if x.is_finite() {
                    (x - x.floor()).min(f16_to_f64(0x3bff))
                } else {
                    f64::NAN
                }
            }),
        ];
        for (name, f) in un {
            let got = vop(gen, MODE_DEFAULT, &format!("{name} v3, v0"), &cases);
            check16(&mut ck, gen, name, &cases, &got, |c| {
                let x = h(c[0] as u16);
                let r = f(x);
                // Rounding to an integral value keeps the sign of a zero result; fract's
                // x - floor(x) gives +0.
                if r == 0.0 && name != "v_fract_f16" {
                    (c[0] & 0x8000) as u16
                } else {
                    to_f16(r, RNE)
                }
            });
        }
        let got = vop(gen, MODE_DEFAULT, "v_frexp_mant_f16 v3, v0", &cases);
        check16(&mut ck, gen, "v_frexp_mant_f16", &cases, &got, |c| {
            let x = h(c[0] as u16);
            if x == 0.0 || !x.is_finite() {
                return c[0] as u16;
            }
            let mut m = x;
            while m.abs() >= 1.0 {
                m /= 2.0;
            }
            while m.abs() < 0.5 {
                m *= 2.0;
            }
            to_f16(m, RNE)
        });
        let got = vop(gen, MODE_DEFAULT, "v_frexp_exp_i16_f16 v3, v0", &cases);
        for (c, g) in cases.iter().zip(&got) {
            let x = h(c[0] as u16);
            let want = if x == 0.0 || !x.is_finite() {
                0
            } else {
                x.abs().log2().floor() as i32 + 1
            };
            ck.eq(*g as u16 as i16 as i32, want, || {
                format!("{gen:?} v_frexp_exp_i16_f16 {x}")
            });
        }
        let mut lc = Vec::new();
        for &a in &v {
            for n in [
                0i32, 1, -1, 5, -10, -24, -25, 15, 16, 30, -40, 0x7fff, -0x8000,
            ] {
                lc.push([a as u32, n as u16 as u32, 0]);
            }
        }
        let got = vop(gen, MODE_DEFAULT, "v_ldexp_f16 v3, v0, v1", &lc);
        check16(&mut ck, gen, "v_ldexp_f16", &lc, &got, |c| {
            let x = h(c[0] as u16);
            let n = (c[1] as u16 as i16 as i32).clamp(-100, 100);
            to_f16(x * 2f64.powi(n), RNE)
        });
        // Transcendentals: within 1 ULP of the correctly rounded value.
        let tr: [(&str, fn(f64) -> f64); 7] = [
            ("v_sqrt_f16", |x| x.sqrt()),
            ("v_rcp_f16", |x| 1.0 / x),
            ("v_rsq_f16", |x| 1.0 / x.sqrt()),
            ("v_exp_f16", |x| x.exp2()),
            ("v_log_f16", |x| x.log2()),
            ("v_sin_f16", |x| (x * std::f64::consts::TAU).sin()),
            ("v_cos_f16", |x| (x * std::f64::consts::TAU).cos()),
        ];
        for (name, f) in tr {
            let got = vop(gen, MODE_DEFAULT, &format!("{name} v3, v0"), &cases);
            for (c, g) in cases.iter().zip(&got) {
                let w = to_f16(f(h(c[0] as u16)), RNE);
                let g16 = *g as u16;
                let key = |x: u16| {
                    if x & 0x8000 != 0 {
                        -((x & 0x7fff) as i32)
                    } else {
                        x as i32
                    }
                };
                let special = !h(w).is_finite()
                    || h(w) == 0.0
                    || !h(c[0] as u16).is_finite()
                    || h(c[0] as u16) == 0.0;
                let ok = if special {
                    same_f16(g16, w)
                } else {
                    (key(g16) - key(w)).abs() <= 1
                };
                ck.ok(ok && *g >> 16 == 0, || {
                    format!(
                        "{gen:?} {name} {}: got {g:#x} ({}), want {w:#x} ({})",
                        h(c[0] as u16),
                        h(g16),
                        h(w)
                    )
                });
            }
        }
    }
    ck.done();
}

#[test]
pub fn f16_compares_and_class() {
    let mut ck = Check::new();
    let cases = pairs16();
    for gen in F16_GENS {
        for cond in FCONDS {
            for (text, reg) in [
                (format!("v_cmp_{cond}_f16 vcc, v0, v1"), VCC_REG),
                (format!("v_cmpx_{cond}_f16_e64 s[10:11], v0, v1"), EXEC_REG),
            ] {
                let (_, bits) = vop_mask(gen, MODE_DEFAULT, &text, &cases, 0, reg);
                for (c, b) in cases.iter().zip(&bits) {
                    ck.eq(*b, fcmp_ref(cond, h(c[0] as u16), h(c[1] as u16)), || {
                        format!("{gen:?} {text} {} {}", h(c[0] as u16), h(c[1] as u16))
                    });
                }
            }
        }
        let mut cc = Vec::new();
        for &x in &h_values() {
            for m in 0..10 {
                cc.push([x as u32, 1 << m, 0]);
            }
        }
        let (_, bits) = vop_mask(
            gen,
            MODE_DEFAULT,
            "v_cmp_class_f16 vcc, v0, v1",
            &cc,
            0,
            VCC_REG,
        );
        for (c, b) in cc.iter().zip(&bits) {
            let x = c[0] as u16;
            let f = h(x);
            let neg = x & 0x8000 != 0;
            let class = if f.is_nan() {
                if x & 0x200 != 0 {
                    1
                } else {
                    0
                }
            } else if f.is_infinite() {
                if neg {
                    2
                } else {
                    9
                }
            } else if f == 0.0 {
                if neg {
                    5
                } else {
                    6
                }
            } else if x & 0x7c00 == 0 {
                if neg {
                    4
                } else {
                    7
                }
            } else if neg {
                3
            } else {
                8
            };
            ck.eq(*b, c[1] >> class & 1 != 0, || {
                format!("{gen:?} v_cmp_class_f16 {x:#x} mask {:#x}", c[1])
            });
        }
    }
    ck.done();
}

#[test]
pub fn f16_div_fixup() {
    let mut ck = Check::new();
    for gen in F16_GENS {
        // (quotient, denominator, numerator) -> result
        let cases: &[([u16; 3], u16)] = &[
            ([0x3800, 0x4000, 0x3c00], 0x3800),
            ([0x3800, 0xc000, 0x3c00], 0xb800),
            ([0x4700, 0x0000, 0x0000], 0xfe00),
            ([0x4700, 0x7c00, 0xfc00], 0xfe00),
            ([0x4700, 0x0000, 0xc200], 0xfc00),
            ([0x4700, 0x4200, 0x7c00], 0x7c00),
            ([0x4700, 0x7c00, 0x4200], 0x0000),
            ([0x4700, 0x7e00, 0x3c00], 0x7e00),
        ];
        for (s, want) in cases {
            let text = if try_inst(gen, "v_div_fixup_f16 v3, v0, v1, v2").is_some() {
                "v_div_fixup_f16 v3, v0, v1, v2"
            } else {
                continue;
            };
            let got = vop(gen, MODE_DEFAULT, text, &[s.map(|x| x as u32)])[0] as u16;
            ck.ok(same_f16(got, *want), || {
                format!("{gen:?} v_div_fixup_f16 {s:04x?}: got {got:#06x}, want {want:#06x}")
            });
        }
    }
    ck.done();
}

/// The packed f16 / i16 operations with op_sel, op_sel_hi and neg_lo/neg_hi.
#[test]
pub fn packed_math() {
    let mut ck = Check::new();
    let v = h_values();
    let mut cases = Vec::new();
    for (i, &a) in v.iter().enumerate() {
        for (j, &b) in v.iter().enumerate() {
            let c = v[(i * 3 + j) % v.len()];
            cases.push([
                a as u32 | (b as u32) << 16,
                b as u32 | (c as u32) << 16,
                c as u32 | (a as u32) << 16,
            ]);
        }
    }
    type F = fn(f64, f64, f64) -> f64;
    let fops: [(&str, F, usize); 3] = [
        ("v_pk_add_f16", |a, b, _| a + b, 2),
        ("v_pk_mul_f16", |a, b, _| a * b, 2),
        ("v_pk_fma_f16", |a, b, c| a * b + c, 3),
    ];
    for gen in [Gen::Gfx9, Gen::Gfx906] {
        // (operand suffix, op_sel, op_sel_hi, neg_lo, neg_hi) per source bit.
        let variants: [(&str, u32, u32, u32, u32); 4] = [
            ("", 0, 7, 0, 0),
            (" op_sel:[1,0,1] op_sel_hi:[0,1,0]", 5, 2, 0, 0),
            (" neg_lo:[1,0,1] neg_hi:[0,1,1]", 0, 7, 5, 6),
            (
                " op_sel:[0,1,0] op_sel_hi:[1,0,1] neg_hi:[1,0,0]",
                2,
                5,
                0,
                1,
            ),
        ];
        let half = |x: u32, k: usize, sel: u32, negm: u32| -> f64 {
            let hh = (x >> (16 * (sel >> k & 1))) as u16;
            let f = h(hh);
            if negm >> k & 1 != 0 {
                -f
            } else {
                f
            }
        };
        for (name, f, n) in fops {
            for (suffix, os, osh, nl, nh) in variants {
                let srcs = if n == 3 { "v0, v1, v2" } else { "v0, v1" };
                let suffix = if n == 2 {
                    suffix.replace(",1]", "]").replace(",0]", "]")
                } else {
                    suffix.to_string()
                };
                let text = format!("{name} v3, {srcs}{suffix}");
                let got = vop(gen, MODE_DEFAULT, &text, &cases);
                for (c, g) in cases.iter().zip(&got) {
                    let lo = f(
                        half(c[0], 0, os, nl),
                        half(c[1], 1, os, nl),
                        half(c[2], 2, os, nl),
                    );
                    let hi = f(
                        half(c[0], 0, osh, nh),
                        half(c[1], 1, osh, nh),
                        half(c[2], 2, osh, nh),
                    );
                    let (wl, wh) = (to_f16(lo, RNE), to_f16(hi, RNE));
                    ck.ok(
                        same_f16(*g as u16, wl) && same_f16((*g >> 16) as u16, wh),
                        || format!("{gen:?} {text} {c:08x?}: got {g:#010x}, want {wh:04x}{wl:04x}"),
                    );
                }
            }
        }
        for ieee in [true, false] {
            let mode = MODE_DEFAULT & !(1 << 9) | (ieee as u32) << 9;
            for (name, max) in [("v_pk_max_f16", true), ("v_pk_min_f16", false)] {
                let got = vop(gen, mode, &format!("{name} v3, v0, v1"), &cases);
                for (c, g) in cases.iter().zip(&got) {
                    let wl = hmax(c[0] as u16, c[1] as u16, ieee, max);
                    let wh = hmax((c[0] >> 16) as u16, (c[1] >> 16) as u16, ieee, max);
                    ck.ok(same_f16(*g as u16, wl) && same_f16((*g >> 16) as u16, wh), || format!("{gen:?} {name} ieee={ieee} {c:08x?}: got {g:#010x}, want {wh:04x}{wl:04x}"));
                }
            }
        }
        // Integer packed operations (each half independently).
        type I = fn(u16, u16, u16) -> u16;
        let iops: [(&str, I, usize); 14] = [
            ("v_pk_add_u16", |a, b, _| a.wrapping_add(b), 2),
            ("v_pk_sub_u16", |a, b, _| a.wrapping_sub(b), 2),
            (
                "v_pk_add_i16",
                |a, b, _| (a as i16).wrapping_add(b as i16) as u16,
                2,
            ),
            (
                "v_pk_sub_i16",
                |a, b, _| (a as i16).wrapping_sub(b as i16) as u16,
                2,
            ),
            ("v_pk_mul_lo_u16", |a, b, _| a.wrapping_mul(b), 2),
            (
                "v_pk_mad_u16",
                |a, b, c| a.wrapping_mul(b).wrapping_add(c),
                3,
            ),
            (
                "v_pk_mad_i16",
                |a, b, c| (a as i16).wrapping_mul(b as i16).wrapping_add(c as i16) as u16,
                3,
            ),
            ("v_pk_max_u16", |a, b, _| a.max(b), 2),
            ("v_pk_min_u16", |a, b, _| a.min(b), 2),
            ("v_pk_max_i16", |a, b, _| (a as i16).max(b as i16) as u16, 2),
            ("v_pk_min_i16", |a, b, _| (a as i16).min(b as i16) as u16, 2),
            ("v_pk_lshlrev_b16", |a, b, _| b << (a & 15), 2),
            ("v_pk_lshrrev_b16", |a, b, _| b >> (a & 15), 2),
            (
                "v_pk_ashrrev_i16",
                |a, b, _| ((b as i16) >> (a & 15)) as u16,
                2,
            ),
        ];
        let icases: Vec<[u32; 3]> = V32
            .iter()
            .flat_map(|&a| V32.iter().map(move |&b| [a, b, a ^ b.rotate_left(7)]))
            .collect();
        for (name, f, n) in iops {
            for (suffix, os, osh) in [("", 0u32, 7u32), (" op_sel:[1,1] op_sel_hi:[0,0]", 3, 0)] {
                let srcs = if n == 3 { "v0, v1, v2" } else { "v0, v1" };
                let suffix = if n == 3 {
                    suffix
                        .replace("[1,1]", "[1,1,0]")
                        .replace("[0,0]", "[0,0,1]")
                } else {
                    suffix.to_string()
                };
                let (os, osh) = if n == 3 && os == 3 { (3, 4) } else { (os, osh) };
                let text = format!("{name} v3, {srcs}{suffix}");
                let got = vop(gen, MODE_DEFAULT, &text, &icases);
                for (c, g) in icases.iter().zip(&got) {
                    let hs = |sel: u32| {
                        let p = |k: usize| (c[k] >> (16 * (sel >> k & 1))) as u16;
                        f(p(0), p(1), p(2))
                    };
                    let want = hs(os) as u32 | (hs(osh) as u32) << 16;
                    ck.eq(*g, want, || format!("{gen:?} {text} {c:08x?}"));
                }
            }
        }
    }
    ck.done();
}

#[test]
pub fn mix_and_dot_products() {
    let mut ck = Check::new();
    let vals = [1.5f32, -2.25, 0.1, 65504.0, 1e-3, -0.0, 3.0, 1e-7];
    let hv = h_values();
    let mut cases = Vec::new();
    for (i, &a) in vals.iter().enumerate() {
        for (j, &b) in hv.iter().enumerate() {
            cases.push([
                a.to_bits(),
                b as u32 | (hv[(i + j) % hv.len()] as u32) << 16,
                vals[(i + j) % vals.len()].to_bits(),
            ]);
        }
    }
    for (gen, fma) in [(Gen::Gfx9, false), (Gen::Gfx906, true)] {
        let (mix, lo, hi) = if fma {
            ("v_fma_mix_f32", "v_fma_mixlo_f16", "v_fma_mixhi_f16")
        } else {
            ("v_mad_mix_f32", "v_mad_mixlo_f16", "v_mad_mixhi_f16")
        };
        // src0 f32, src1 the high f16 half, src2 f32: op_sel:[0,1,0] op_sel_hi:[0,1,0].
        let text = format!("{mix} v3, v0, v1, v2 op_sel:[0,1,0] op_sel_hi:[0,1,0]");
        let got = vop(gen, MODE_DEFAULT, &text, &cases);
        let exact = |c: &[u32; 3]| {
            f32::from_bits(c[0]) as f64 * h((c[1] >> 16) as u16) + f32::from_bits(c[2]) as f64
        };
        for (c, g) in cases.iter().zip(&got) {
            // fma: one rounding; mad: the product rounded to f32 first.
            let want = if fma {
                let (a, b, d) = (
                    f32::from_bits(c[0]),
                    h((c[1] >> 16) as u16) as f32,
                    f32::from_bits(c[2]),
                );
                a.mul_add(b, d).to_bits()
            } else {
                let p = f32::from_bits(c[0]) * h((c[1] >> 16) as u16) as f32;
                (p + f32::from_bits(c[2])).to_bits()
            };
            let _ = exact;
            ck.ok(same_f32(*g, want), || {
                format!("{gen:?} {text} {c:08x?}: got {g:#x}, want {want:#x}")
            });
        }
        // mixlo writes the f16 result to the low half and keeps the high half; mixhi the reverse.
        let text = format!("{lo} v3, v0, v1, v2 op_sel_hi:[0,1,0]");
        let dc: Vec<([u32; 3], u32)> = cases.iter().map(|c| (*c, 0xabcd_1234)).collect();
        let got = vop_d(gen, MODE_DEFAULT, &text, &dc);
        for (c, g) in cases.iter().zip(&got) {
            let (a, b, d) = (
                f32::from_bits(c[0]),
                h(c[1] as u16) as f32,
                f32::from_bits(c[2]),
            );
            let r = if fma { a.mul_add(b, d) } else { a * b + d };
            let w = to_f16(r as f64, RNE);
            ck.ok(same_f16(*g as u16, w) && *g >> 16 == 0xabcd, || {
                format!("{gen:?} {text} {c:08x?}: got {g:#x}, want abcd{w:04x}")
            });
        }
        let text = format!("{hi} v3, v0, v1, v2 op_sel_hi:[0,1,0]");
        let got = vop_d(gen, MODE_DEFAULT, &text, &dc);
        for (c, g) in cases.iter().zip(&got) {
            let (a, b, d) = (
                f32::from_bits(c[0]),
                h(c[1] as u16) as f32,
                f32::from_bits(c[2]),
            );
            let r = if fma { a.mul_add(b, d) } else { a * b + d };
            let w = to_f16(r as f64, RNE);
            ck.ok(
                same_f16((*g >> 16) as u16, w) && *g & 0xffff == 0x1234,
                || format!("{gen:?} {text} {c:08x?}: got {g:#x}, want {w:04x}1234"),
            );
        }
    }
    // gfx906 dot products.
    let gen = Gen::Gfx906;
    let icases: Vec<[u32; 3]> = V32
        .iter()
        .flat_map(|&a| V32.iter().map(move |&b| [a, b, a.rotate_left(5) ^ b]))
        .collect();
    type D = fn(u32, u32, u32) -> u32;
    let dots: [(&str, D); 6] = [
        ("v_dot2_i32_i16", |a, b, c| {
            (0..2).fold(c as i32, |t, k| {
                t.wrapping_add(
                    (a >> (16 * k)) as u16 as i16 as i32 * (b >> (16 * k)) as u16 as i16 as i32,
                )
            }) as u32
        }),
        ("v_dot2_u32_u16", |a, b, c| {
            (0..2).fold(c, |t, k| {
                t.wrapping_add((a >> (16 * k) & 0xffff) * (b >> (16 * k) & 0xffff))
            })
        }),
        ("v_dot4_i32_i8", |a, b, c| {
            (0..4).fold(c as i32, |t, k| {
                t.wrapping_add(
                    (a >> (8 * k)) as u8 as i8 as i32 * (b >> (8 * k)) as u8 as i8 as i32,
                )
            }) as u32
        }),
        ("v_dot4_u32_u8", |a, b, c| {
            (0..4).fold(c, |t, k| {
                t.wrapping_add((a >> (8 * k) & 0xff) * (b >> (8 * k) & 0xff))
            })
        }),
        ("v_dot8_i32_i4", |a, b, c| {
            (0..8).fold(c as i32, |t, k| {
                t.wrapping_add(
                    (((a >> (4 * k)) << 28) as i32 >> 28) * (((b >> (4 * k)) << 28) as i32 >> 28),
                )
            }) as u32
        }),
        ("v_dot8_u32_u4", |a, b, c| {
            (0..8).fold(c, |t, k| {
                t.wrapping_add((a >> (4 * k) & 15) * (b >> (4 * k) & 15))
            })
        }),
    ];
    for (name, f) in dots {
        let text = format!("{name} v3, v0, v1, v2");
        let got = vop(gen, MODE_DEFAULT, &text, &icases);
        for (c, g) in icases.iter().zip(&got) {
            ck.eq(*g, f(c[0], c[1], c[2]), || {
                format!("{gen:?} {text} {c:08x?}")
            });
        }
    }
    // v_dot2_f32_f16: f32 accumulation of two f16 products (each exact in f32), rounded per add.
    let fcases: Vec<[u32; 3]> = cases
        .iter()
        .map(|c| [c[1], c[1].rotate_left(16), c[2]])
        .collect();
    let got = vop(gen, MODE_DEFAULT, "v_dot2_f32_f16 v3, v0, v1, v2", &fcases);
    for (c, g) in fcases.iter().zip(&got) {
        let p = |k: u32| h((c[0] >> (16 * k)) as u16) * h((c[1] >> (16 * k)) as u16);
        let want = ((f32::from_bits(c[2]) as f64 + p(0)) as f32 as f64 + p(1)) as f32;
        ck.ok(same_f32(*g, want.to_bits()), || {
            format!(
                "{gen:?} v_dot2_f32_f16 {c:08x?}: got {}, want {want}",
                f32::from_bits(*g)
            )
        });
    }
    ck.done();
}

#[test]
pub fn gfx9_vop3_op_sel_halves() {
    // gfx9 VOP3 16-bit operations with op_sel: source k reads its high half when op_sel[k] is set;
    // op_sel[3] writes the result to the destination's high half and keeps the low half.
    let mut ck = Check::new();
    let probe = [
        "v_fma_f16 v3, v0, v1, v2 op_sel:[1,1,1,1]",
        "v_fma_f16 v3, v0, v1, v2 op_sel:[0,1,0,0]",
        "v_mad_u16 v3, v0, v1, v2 op_sel:[1,0,1,0]",
        "v_max3_f16 v3, v0, v1, v2 op_sel:[1,0,0,1]",
        "v_med3_i16 v3, v0, v1, v2 op_sel:[0,0,1,0]",
        "v_mad_i16 v3, v0, v1, v2 op_sel:[0,1,1,1]",
        "v_div_fixup_f16 v3, v0, v1, v2 op_sel:[0,0,0,1]",
    ];
    let mut ran = 0;
    for gen in [Gen::Gfx9, Gen::Gfx906] {
        for text in probe {
            let Some(i) = try_inst(gen, text) else {
                continue;
            };
            ran += 1;
            let sel: Vec<u32> = text
                .split("op_sel:[")
                .nth(1)
                .unwrap()
                .trim_end_matches(']')
                .split(',')
                .map(|x| x.parse().unwrap())
                .collect();
            let cases: [[u32; 3]; 3] = [
                [0x3c00_4000, 0x4200_3800, 0xc000_3c00],
                [0x0003_0005, 0xfffe_0007, 0x0010_0100],
                [0x7e00_3c00, 0x3c00_7e00, 0x3800_b800],
            ];
            let mut e = Emu::new(gen);
            for (l, c) in cases.iter().enumerate() {
                for k in 0..3 {
                    e.set_v(k, l, c[k]);
                }
                e.set_v(3, l, 0xaaaa_bbbb);
            }
            e.w.set_exec(0b111);
            e.step(&i).unwrap();
            for (l, c) in cases.iter().enumerate() {
                let x = |k: usize| (c[k] >> (16 * sel[k])) as u16;
                let r: u16 = match text.split(' ').next().unwrap() {
                    "v_fma_f16" => to_f16(h(x(0)) * h(x(1)) + h(x(2)), RNE),
                    "v_mad_u16" => x(0).wrapping_mul(x(1)).wrapping_add(x(2)),
                    "v_mad_i16" => (x(0) as i16)
                        .wrapping_mul(x(1) as i16)
                        .wrapping_add(x(2) as i16) as u16,
                    "v_max3_f16" => hmax(hmax(x(0), x(1), true, true), x(2), true, true),
                    "v_med3_i16" => {
                        let mut v = [x(0) as i16, x(1) as i16, x(2) as i16];
                        v.sort();
                        v[1] as u16
                    }
                    _ => {
                        // v_div_fixup_f16 with ordinary operands: the quotient with the sign of
                        // denominator x numerator.
                        let q = h(x(0)).abs();
                        let neg = (x(1) ^ x(2)) & 0x8000 != 0;
                        if h(x(1)).is_nan() || h(x(2)).is_nan() {
                            0x7e00
                        } else {
                            to_f16(if neg { -q } else { q }, RNE)
                        }
                    }
                };
                let got = e.v(3, l);
                let (gh, rest) = if sel[3] == 1 {
                    ((got >> 16) as u16, got & 0xffff)
                } else {
                    (got as u16, got >> 16)
                };
                let keep = if sel[3] == 1 { 0xbbbb } else { 0 };
                ck.ok(same_f16(gh, r) && rest == keep, || format!("{gen:?} {text} lane {l} {c:08x?}: got {got:#010x}, want {r:#06x} in the {} half", if sel[3] == 1 { "high" } else { "low" }));
            }
        }
    }
    assert!(ran >= 8, "only {ran} op_sel forms assemble");
    ck.done();
}

#[test]
pub fn packed_clamp() {
    let mut ck = Check::new();
    let cases: Vec<[u32; 3]> = V32
        .iter()
        .flat_map(|&a| V32.iter().map(move |&b| [a, b, 0]))
        .collect();
    type I = fn(u16, u16) -> u16;
    let ops: [(&str, I); 4] = [
        ("v_pk_add_u16 v3, v0, v1 clamp", |a, b| a.saturating_add(b)),
        ("v_pk_sub_u16 v3, v0, v1 clamp", |a, b| a.saturating_sub(b)),
        ("v_pk_add_i16 v3, v0, v1 clamp", |a, b| {
            (a as i16).saturating_add(b as i16) as u16
        }),
        ("v_pk_sub_i16 v3, v0, v1 clamp", |a, b| {
            (a as i16).saturating_sub(b as i16) as u16
        }),
    ];
    for gen in [Gen::Gfx9, Gen::Gfx906] {
        for (text, f) in ops {
            let got = vop(gen, MODE_DEFAULT, text, &cases);
            for (c, g) in cases.iter().zip(&got) {
                let want = f(c[0] as u16, c[1] as u16) as u32
                    | (f((c[0] >> 16) as u16, (c[1] >> 16) as u16) as u32) << 16;
                ck.eq(*g, want, || {
                    format!("{gen:?} {text} {:#x} {:#x}", c[0], c[1])
                });
            }
        }
        // f16: clamp to [0, 1] per half; NaN to 0 with DX10_CLAMP.
        let hv = h_values();
        let fc: Vec<[u32; 3]> = hv
            .iter()
            .zip(hv.iter().rev())
            .map(|(&a, &b)| [a as u32 | (b as u32) << 16, 0x3c00_3c00, 0])
            .collect();
        for dx10 in [true, false] {
            let mode = MODE_DEFAULT | (dx10 as u32) << 8;
            let got = vop(gen, mode, "v_pk_mul_f16 v3, v0, v1 clamp", &fc);
            for (c, g) in fc.iter().zip(&got) {
                let cl = |x: u16| {
                    let f = h(x);
                    if f.is_nan() {
                        if dx10 {
                            0
                        } else {
                            0x7e00
                        }
                    } else {
                        to_f16(f.clamp(0.0, 1.0), RNE)
                    }
                };
                let (wl, wh) = (cl(c[0] as u16), cl((c[0] >> 16) as u16));
                ck.ok(same_f16(*g as u16, wl) && same_f16((*g >> 16) as u16, wh), || format!("{gen:?} v_pk_mul_f16 clamp dx10={dx10} {:#x}: got {g:#x}, want {wh:04x}{wl:04x}", c[0]));
            }
        }
    }
    ck.done();
}

#[test]
pub fn gfx9_legacy_f16_forms_and_f16_packing() {
    let mut ck = Check::new();
    let cases = pairs16();
    for gen in [Gen::Gfx9, Gen::Gfx906] {
        // The gfx8 encodings kept under *_legacy names on gfx9: same results, high half zeroed.
        for (text, f) in [
            (
                "v_mad_legacy_f16 v3, v0, v1, v2",
                (|a, b, c| to_f16(h(a) * h(b) + h(c), RNE)) as fn(u16, u16, u16) -> u16,
            ),
            ("v_fma_legacy_f16 v3, v0, v1, v2", |a, b, c| {
                to_f16(h(a) * h(b) + h(c), RNE)
            }),
            ("v_mad_legacy_u16 v3, v0, v1, v2", |a, b, c| {
                a.wrapping_mul(b).wrapping_add(c)
            }),
            ("v_mad_legacy_i16 v3, v0, v1, v2", |a, b, c| {
                (a as i16).wrapping_mul(b as i16).wrapping_add(c as i16) as u16
            }),
        ] {
            let got = vop(gen, MODE_DEFAULT, text, &cases);
            check16(&mut ck, gen, text, &cases, &got, |c| {
                f(c[0] as u16, c[1] as u16, c[2] as u16)
            });
        }
        let fix: [([u16; 3], u16); 2] = [
            ([0x3800, 0xc000, 0x3c00], 0xb800),
            ([0x4700, 0x0000, 0xc200], 0xfc00),
        ];
        for (s, want) in fix {
            let got = vop(
                gen,
                MODE_DEFAULT,
                "v_div_fixup_legacy_f16 v3, v0, v1, v2",
                &[s.map(|x| x as u32)],
            )[0];
            ck.eq(got, want as u32, || {
                format!("{gen:?} v_div_fixup_legacy_f16 {s:04x?}")
            });
        }
        // v_pack_b32_f16: the two low halves packed.
        let got = vop(
            gen,
            MODE_DEFAULT,
            "v_pack_b32_f16 v3, v0, v1",
            &[[0xaaaa_3c00, 0xbbbb_c000, 0]],
        );
        ck.eq(got[0], 0xc000_3c00, || format!("{gen:?} v_pack_b32_f16"));
        // v_cvt_pknorm_i16_f16 / u16_f16: two f16 to snorm / unorm.
        let snorm = |x: f64| {
            if x.is_nan() {
                0
            } else {
                (x.clamp(-1.0, 1.0) * 32767.0).round_ties_even() as i16 as u16 as u32
            }
        };
        let unorm = |x: f64| {
            if x.is_nan() {
                0
            } else {
                (x.clamp(0.0, 1.0) * 65535.0).round_ties_even() as u32
            }
        };
        let got = vop(gen, MODE_DEFAULT, "v_cvt_pknorm_i16_f16 v3, v0, v1", &cases);
        for (c, g) in cases.iter().zip(&got) {
            ck.eq(
                *g,
                snorm(h(c[0] as u16)) | snorm(h(c[1] as u16)) << 16,
                || format!("{gen:?} v_cvt_pknorm_i16_f16 {:#x} {:#x}", c[0], c[1]),
            );
        }
        let got = vop(gen, MODE_DEFAULT, "v_cvt_pknorm_u16_f16 v3, v0, v1", &cases);
        for (c, g) in cases.iter().zip(&got) {
            ck.eq(
                *g,
                unorm(h(c[0] as u16)) | unorm(h(c[1] as u16)) << 16,
                || format!("{gen:?} v_cvt_pknorm_u16_f16 {:#x} {:#x}", c[0], c[1]),
            );
        }
    }
    ck.done();
}
