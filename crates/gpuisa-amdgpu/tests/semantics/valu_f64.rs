//! f64 VALU operations: Rust's f64 arithmetic as the reference (round to nearest even), AMD's
//! min/max rules, conversions, compares and classes, the division helpers.

use super::harness::*;
use super::valu_f32::{fcmp_ref, FCONDS};
use gpuisa_amdgpu::gcn::Gen;

pub fn f64_values() -> Vec<u64> {
    let mut v: Vec<u64> = [
        0.0f64,
        -0.0,
        1.0,
        -1.0,
        0.5,
        1.5,
        -2.75,
        3.0,
        1e300,
        -1e-300,
        0.1,
        7.0,
        2.5,
        -3.5,
        4294967296.5,
        -2147483648.5,
        1e10,
        9007199254740993.0,
        1.0 / 3.0,
    ]
    .iter()
    .map(|x| x.to_bits())
    .collect();
    v.extend([
        f64::MAX.to_bits(),
        (-f64::MAX).to_bits(),
        f64::MIN_POSITIVE.to_bits(),
        1,
        0x800f_ffff_ffff_ffff,
        f64::INFINITY.to_bits(),
        f64::NEG_INFINITY.to_bits(),
        0x7ff8_0000_0000_0000,
        0x7ff4_0000_0000_0000,
        0x3ff0_0000_0000_0001,
    ]);
    v
}
fn d(x: u64) -> f64 {
    f64::from_bits(x)
}
fn is_snan(x: u64) -> bool {
    d(x).is_nan() && x & (1 << 51) == 0
}
fn dmax(a: u64, b: u64, ieee: bool, max: bool) -> u64 {
    if ieee && is_snan(a) {
        return a | 1 << 51;
    }
    if ieee && is_snan(b) {
        return b | 1 << 51;
    }
    let (x, y) = (d(a), d(b));
    if x.is_nan() {
        return b;
    }
    if y.is_nan() {
        return a;
    }
    if x == 0.0 && y == 0.0 {
        let pick_a = if max {
            a >> 63 == 0 || b >> 63 != 0
        } else {
            a >> 63 != 0 || b >> 63 == 0
        };
        return if pick_a { a } else { b };
    }
    if (max && x >= y) || (!max && x <= y) {
        a
    } else {
        b
    }
}

fn cases3() -> Vec<[u64; 3]> {
    let v = f64_values();
    let mut out = Vec::new();
    for (i, &a) in v.iter().enumerate() {
        for (j, &b) in v.iter().enumerate() {
            out.push([a, b, v[(i * 3 + j * 7) % v.len()]]);
        }
    }
    out
}

fn check(
    ck: &mut Check,
    gen: Gen,
    text: &str,
    cases: &[[u64; 3]],
    got: &[u64],
    want: impl Fn(&[u64; 3]) -> u64,
) {
    for (c, g) in cases.iter().zip(got) {
        let w = want(c);
        ck.ok(same_f64(*g, w), || {
            format!(
                "{gen:?} {text} {:e} {:e} {:e}: got {:e} ({g:#x}), want {:e} ({w:#x})",
                d(c[0]),
                d(c[1]),
                d(c[2]),
                d(*g),
                d(w)
            )
        });
    }
}

#[test]
pub fn f64_arithmetic_min_max() {
    let mut ck = Check::new();
    let cases = cases3();
    type F = fn(f64, f64, f64) -> f64;
    let ops: &[(&str, F)] = &[
        ("v_add_f64 v[6:7], v[0:1], v[2:3]", |a, b, _| a + b),
        ("v_mul_f64 v[6:7], v[0:1], v[2:3]", |a, b, _| a * b),
        ("v_fma_f64 v[6:7], v[0:1], v[2:3], v[4:5]", |a, b, c| {
            a.mul_add(b, c)
        }),
        ("v_add_f64 v[6:7], -v[0:1], |v[2:3]|", |a, b, _| {
            -a + b.abs()
        }),
        ("v_fma_f64 v[6:7], -|v[0:1]|, v[2:3], -v[4:5]", |a, b, c| {
            (-a.abs()).mul_add(b, -c)
        }),
        ("v_mul_f64 v[6:7], v[0:1], v[2:3] mul:4", |a, b, _| {
            a * b * 4.0
        }),
        ("v_mul_f64 v[6:7], v[0:1], v[2:3] div:2", |a, b, _| {
            a * b * 0.5
        }),
    ];
    for gen in GENS {
        for (text, f) in ops {
            let got = vop64(gen, MODE_DEFAULT, text, &cases);
            check(&mut ck, gen, text, &cases, &got, |c| {
                f(d(c[0]), d(c[1]), d(c[2])).to_bits()
            });
        }
        for dx10 in [true, false] {
            let mode = MODE_DEFAULT | (dx10 as u32) << 8;
            let text = "v_add_f64 v[6:7], v[0:1], v[2:3] clamp";
            let got = vop64(gen, mode, text, &cases);
            check(&mut ck, gen, text, &cases, &got, |c| {
                let r = d(c[0]) + d(c[1]);
                if r.is_nan() {
                    if dx10 {
                        0
                    } else {
                        f64::NAN.to_bits()
                    }
                } else {
                    r.clamp(0.0, 1.0).to_bits()
                }
            });
        }
        for ieee in [true, false] {
            let mode = MODE_DEFAULT & !(1 << 9) | (ieee as u32) << 9;
            for (text, max) in [
                ("v_max_f64 v[6:7], v[0:1], v[2:3]", true),
                ("v_min_f64 v[6:7], v[0:1], v[2:3]", false),
            ] {
                let got = vop64(gen, mode, text, &cases);
                check(&mut ck, gen, text, &cases, &got, |c| {
                    dmax(c[0], c[1], ieee, max)
                });
            }
        }
        // v_ldexp_f64: one rounding, huge exponents saturate.
        let mut lc = Vec::new();
        for &a in &f64_values() {
            for n in [
                0i32,
                1,
                -1,
                100,
                -1074,
                -1075,
                1023,
                1024,
                3000,
                -3000,
                i32::MAX,
                i32::MIN,
            ] {
                lc.push([a, n as u32 as u64, 0]);
            }
        }
        let got = vop64(gen, MODE_DEFAULT, "v_ldexp_f64 v[6:7], v[0:1], v2", &lc);
        check(&mut ck, gen, "v_ldexp_f64", &lc, &got, |c| {
            let (x, n) = (d(c[0]), (c[1] as u32 as i32).clamp(-2300, 2300));
            // Scale in exact power-of-two steps; only the last can round.
            let mut y = x;
            let mut n = n;
            while n > 1000 {
                y *= 2f64.powi(1000);
                n -= 1000;
            }
            while n < -1000 && y.abs() >= 2f64.powi(-1000) * 2f64.powi(53) {
                y *= 2f64.powi(-1000);
                n += 1000;
            }
            while n < -1000 {
                y *= 2f64.powi(-1000);
                n += 1000;
            }
            (y * 2f64.powi(n)).to_bits()
        });
    }
    ck.done();
}

#[test]
pub fn f64_unary_and_conversions() {
    let mut ck = Check::new();
    let v = f64_values();
    let cases: Vec<[u64; 3]> = v.iter().map(|&a| [a, 0, 0]).collect();
    for gen in GENS {
        let un: [(&str, fn(f64) -> f64, bool); 8] = [
            ("v_trunc_f64", |x| x.trunc(), true),
            ("v_ceil_f64", |x| x.ceil(), true),
            ("v_floor_f64", |x| x.floor(), true),
            ("v_rndne_f64", |x| x.round_ties_even(), true),
            (
                "v_fract_f64",
                |x| {
                    if x.is_finite() {
                        (x - x.floor()).min(f64::from_bits(0x3fef_ffff_ffff_ffff))
                    } else {
                        f64::NAN
                    }
                },
                true,
            ),
            ("v_sqrt_f64", |x| x.sqrt(), false),
            ("v_rcp_f64", |x| 1.0 / x, false),
            ("v_rsq_f64", |x| 1.0 / x.sqrt(), false),
        ];
        for (name, f, exact) in un {
            let text = format!("{name} v[6:7], v[0:1]");
            let Some(_) = try_inst(gen, &text) else {
                continue;
            };
            let got = vop64(gen, MODE_DEFAULT, &text, &cases);
            for (c, g) in cases.iter().zip(&got) {
                let w = f(d(c[0])).to_bits();
                let key = |x: u64| {
                    if x >> 63 != 0 {
                        -((x & !(1 << 63)) as i128)
                    } else {
                        x as i128
                    }
                };
                let ok = if exact || !d(w).is_finite() || d(w) == 0.0 {
                    same_f64(*g, w)
                } else {
                    (key(*g) - key(w)).abs() <= 1
                };
                ck.ok(ok, || {
                    format!(
                        "{gen:?} {name} {:e}: got {:e}, want {:e}",
                        d(c[0]),
                        d(*g),
                        d(w)
                    )
                });
            }
        }
        // frexp.
        let got = vop64(gen, MODE_DEFAULT, "v_frexp_mant_f64 v[6:7], v[0:1]", &cases);
        check(&mut ck, gen, "v_frexp_mant_f64", &cases, &got, |c| {
            let x = d(c[0]);
            if gen == Gen::Gfx6 && x.is_infinite() {
                return 0xfff8_0000_0000_0000; // gfx6 (GCN 1.0): -NaN
            }
            if x == 0.0 || !x.is_finite() {
                return c[0];
            }
            let e = x.abs().log2().floor() as i32 + 1;
            let mut m = x / 2f64.powi(e.clamp(-1022, 1023)) / 2f64.powi(e - e.clamp(-1022, 1023));
            while m.abs() >= 1.0 {
                m /= 2.0;
            }
            while m.abs() < 0.5 {
                m *= 2.0;
            }
            m.to_bits()
        });
        let mut e = Emu::new(gen);
        for chunk in cases.chunks(64) {
            for (l, c) in chunk.iter().enumerate() {
                e.set_v64(0, l, c[0]);
            }
            e.run("v_frexp_exp_i32_f64 v3, v[0:1]");
            for (l, c) in chunk.iter().enumerate() {
                let x = d(c[0]);
                // From the encoding: x = 0.m * 2^e.
                let (ex, m) = ((c[0] >> 52 & 0x7ff) as i32, c[0] & ((1 << 52) - 1));
                let want = if !x.is_finite() && gen == Gen::Gfx6 {
                    -1 // gfx6 (GCN 1.0)
                } else if x == 0.0 || !x.is_finite() {
                    0
                } else if ex == 0 {
                    (64 - m.leading_zeros()) as i32 - 1074
                } else {
                    ex - 1022
                };
                ck.eq(e.v(3, l) as i32, want, || {
                    format!("{gen:?} v_frexp_exp_i32_f64 {x:e}")
                });
            }
            // Conversions f64 -> f32 (nearest even), -> i32/u32 (truncating, saturating, NaN 0).
            e.run("v_cvt_f32_f64 v3, v[0:1]");
            for (l, c) in chunk.iter().enumerate() {
                let w = (d(c[0]) as f32).to_bits();
                ck.ok(same_f32(e.v(3, l), w), || {
                    format!("{gen:?} v_cvt_f32_f64 {:e}", d(c[0]))
                });
            }
            e.run("v_cvt_i32_f64 v3, v[0:1]");
            for (l, c) in chunk.iter().enumerate() {
                let x = d(c[0]);
                let w = if x.is_nan() {
                    0
                } else {
                    x.trunc().clamp(i32::MIN as f64, i32::MAX as f64) as i32
                };
                ck.eq(e.v(3, l) as i32, w, || {
                    format!("{gen:?} v_cvt_i32_f64 {x:e}")
                });
            }
            e.run("v_cvt_u32_f64 v3, v[0:1]");
            for (l, c) in chunk.iter().enumerate() {
                let x = d(c[0]);
                let w = if x.is_nan() {
                    0
                } else {
                    x.trunc().clamp(0.0, u32::MAX as f64) as u32
                };
                ck.eq(e.v(3, l), w, || format!("{gen:?} v_cvt_u32_f64 {x:e}"));
            }
        }
        // f32 -> f64 (exact), i32/u32 -> f64 (exact).
        let mut e = Emu::new(gen);
        for (l, &x) in V32.iter().enumerate() {
            e.set_v(0, l, x);
        }
        e.run("v_cvt_f64_f32 v[6:7], v0");
        for (l, &x) in V32.iter().enumerate() {
            ck.ok(
                same_f64(e.v64(6, l), (f32::from_bits(x) as f64).to_bits()),
                || format!("{gen:?} v_cvt_f64_f32 {x:#x}"),
            );
        }
        e.run("v_cvt_f64_i32 v[6:7], v0");
        for (l, &x) in V32.iter().enumerate() {
            ck.eq(e.v64(6, l), (x as i32 as f64).to_bits(), || {
                format!("{gen:?} v_cvt_f64_i32 {x:#x}")
            });
        }
        e.run("v_cvt_f64_u32 v[6:7], v0");
        for (l, &x) in V32.iter().enumerate() {
            ck.eq(e.v64(6, l), (x as f64).to_bits(), || {
                format!("{gen:?} v_cvt_f64_u32 {x:#x}")
            });
        }
    }
    ck.done();
}

#[test]
pub fn f64_compares_and_class() {
    let mut ck = Check::new();
    let cases = cases3();
    for gen in GENS {
        let mut e = Emu::new(gen);
        for cond in FCONDS {
            for form in [
                format!("v_cmp_{cond}_f64 vcc, v[0:1], v[2:3]"),
                format!("v_cmpx_{cond}_f64_e64 s[10:11], v[0:1], v[2:3]"),
            ] {
                for chunk in cases.chunks(64) {
                    e.w.set_exec(u64::MAX);
                    for (l, c) in chunk.iter().enumerate() {
                        e.set_v64(0, l, c[0]);
                        e.set_v64(2, l, c[1]);
                    }
                    e.run(&form);
                    let m = if form.starts_with("v_cmpx") {
                        e.exec()
                    } else {
                        e.vcc()
                    };
                    for (l, c) in chunk.iter().enumerate() {
                        ck.eq(m >> l & 1 != 0, fcmp_ref(cond, d(c[0]), d(c[1])), || {
                            format!("{gen:?} {form} {:e} {:e}", d(c[0]), d(c[1]))
                        });
                    }
                }
            }
        }
        let v = f64_values();
        let mut e = Emu::new(gen);
        for m in 0..10 {
            for (l, &x) in v.iter().enumerate() {
                e.set_v64(0, l, x);
                e.set_v(2, l, 1 << m);
            }
            e.run("v_cmp_class_f64_e64 s[10:11], v[0:1], v2");
            let bits = e.s64(10);
            for (l, &x) in v.iter().enumerate() {
                let f = d(x);
                let neg = x >> 63 != 0;
                let class = if f.is_nan() {
                    if x & (1 << 51) != 0 {
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
                } else if f.is_subnormal() {
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
                ck.eq(bits >> l & 1 != 0, class == m, || {
                    format!("{gen:?} v_cmp_class_f64 {x:#x} bit {m}")
                });
            }
        }
    }
    ck.done();
}

#[test]
pub fn f64_division_helpers() {
    let mut ck = Check::new();
    for gen in GENS {
        // v_div_scale_f64 (S0, S1 denominator, S2 numerator) -> (D, VCC), AMD's pseudocode.
        let two = |n: i32| 2f64.powi(n);
        let scale: &[([f64; 3], f64, bool)] = &[
            ([3.0, 3.0, 1.0], 3.0, false),
            ([1.0, 0.0, 1.0], f64::NAN, false),
            ([1e-300, 1e-300, 1e300], 1e-300 * two(128), true),
            ([5e-324, 5e-324, 1e-300], 5e-324 * two(128), false),
            // The quotient would be denormal: VCC, the numerator scaled.
            ([1e-310, 3.0, 1e-310], 1e-310 * two(128), true),
            // A tiny numerator (exponent field <= 53) with a normal quotient: scaled, no VCC.
            ([1e-300, 1e-10, 1e-300], 1e-300 * two(128), false),
        ];
        for &(s, want, vcc) in scale {
            let mut e = Emu::new(gen);
            e.w.set_exec(1);
            for k in 0..3 {
                e.set_v64(2 * k, 0, s[k].to_bits());
            }
            e.run("v_div_scale_f64 v[6:7], vcc, v[0:1], v[2:3], v[4:5]");
            ck.ok(same_f64(e.v64(6, 0), want.to_bits()), || {
                format!(
                    "{gen:?} v_div_scale_f64 {s:?}: got {:e}, want {want:e}",
                    d(e.v64(6, 0))
                )
            });
            ck.eq(e.vcc() & 1 != 0, vcc, || {
                format!("{gen:?} v_div_scale_f64 {s:?} VCC")
            });
        }
        let mut e = Emu::new(gen);
        e.w.set_exec(3);
        for l in 0..2 {
            e.set_v64(0, l, 1.5f64.to_bits());
            e.set_v64(2, l, 2.0f64.to_bits());
            e.set_v64(4, l, 0.25f64.to_bits());
        }
        e.w.set_vcc(2);
        e.run("v_div_fmas_f64 v[6:7], v[0:1], v[2:3], v[4:5]");
        ck.eq(
            (e.v64(6, 0), e.v64(6, 1)),
            (3.25f64.to_bits(), (3.25 * two(64)).to_bits()),
            || format!("{gen:?} v_div_fmas_f64"),
        );
        let fixup: &[([f64; 3], u64)] = &[
            ([0.5, 2.0, 1.0], 0.5f64.to_bits()),
            ([0.5, -2.0, 1.0], (-0.5f64).to_bits()),
            ([7.0, 0.0, 0.0], 0xfff8_0000_0000_0000),
            ([7.0, 0.0, -3.0], f64::NEG_INFINITY.to_bits()),
            ([7.0, f64::INFINITY, 3.0], 0),
            ([7.0, -3.0, 0.0], 1 << 63),
            ([7.0, 1.0, f64::NAN], f64::NAN.to_bits()),
            ([7.0, 1e300, -1e-300], 1 << 63),
        ];
        for &(s, want) in fixup {
            let got = vop64(
                gen,
                MODE_DEFAULT,
                "v_div_fixup_f64 v[6:7], v[0:1], v[2:3], v[4:5]",
                &[s.map(f64::to_bits)],
            )[0];
            ck.ok(same_f64(got, want), || {
                format!("{gen:?} v_div_fixup_f64 {s:?}: got {got:#x}, want {want:#x}")
            });
        }
    }
    ck.done();
}

#[test]
pub fn trig_preop_segments_of_two_over_pi() {
    // v_trig_preop_f64 S0, S1: 53 bits of 2/pi starting at bit 53*S1, scaled so that the
    // segments add up to 2/pi. Checked against Rust's FRAC_2_PI: the first segment is 2/pi
    // truncated to 53 bits, the second is below its ULP, their sum rounds to FRAC_2_PI.
    let mut ck = Check::new();
    let two_pi = std::f64::consts::FRAC_2_PI;
    for gen in GENS {
        let segs: Vec<f64> = (0..4)
            .map(|k| {
                d(vop64(
                    gen,
                    MODE_DEFAULT,
                    "v_trig_preop_f64 v[6:7], v[0:1], v2",
                    &[[1f64.to_bits(), k, 0]],
                )[0])
            })
            .collect();
        let ulp = two_pi - f64::from_bits(two_pi.to_bits() - 1);
        ck.ok(segs[0] <= two_pi && two_pi - segs[0] <= ulp, || {
            format!("{gen:?} segment 0 {:e} vs {two_pi:e}", segs[0])
        });
        ck.ok(segs[1] > 0.0 && segs[1] < ulp, || {
            format!("{gen:?} segment 1 {:e}", segs[1])
        });
        ck.ok(segs[2] > 0.0 && segs[2] < segs[1] * 2f64.powi(-52), || {
            format!("{gen:?} segment 2 {:e}", segs[2])
        });
        ck.eq(segs[0] + segs[1], two_pi, || {
            format!("{gen:?} segments 0+1")
        });
        // A large exponent shifts further down (exponent - 1077 more bits): S0 = 2^100 moves by
        // 1124 - 1077 = 47 bits; scale -53 - shift.
        let big = d(vop64(
            gen,
            MODE_DEFAULT,
            "v_trig_preop_f64 v[6:7], v[0:1], v2",
            &[[2f64.powi(100).to_bits(), 0, 0]],
        )[0]);
        // The bits 47..99 of 2/pi: (2/pi * 2^47 mod 1) rescaled; compare with the first
        // segments: big * 2^47 = frac(2/pi * 2^47) truncated to 53 bits.
        let frac = (segs[0] * 2f64.powi(47)).fract() + segs[1] * 2f64.powi(47);
        ck.ok(
            ((big * 2f64.powi(47)) - frac).abs() <= 2f64.powi(-52),
            || format!("{gen:?} trig_preop(2^100): {big:e}"),
        );
    }
    ck.done();
}
