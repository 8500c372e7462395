//! MODE.FP_ROUND: f32 (MODE[1:0]) and f64/f16 (MODE[3:2]) results in each IEEE rounding mode,
//! against the test soft-float's rounding of the exact value. Also MODE's f64/f16 denormal
//! flushing (MODE[7:6]).

use super::harness::*;
use super::softfloat::*;
use super::valu_f32::f32_values;
use super::valu_f64::f64_values;
use gpuisa_amdgpu::gcn::Gen;

/// A deterministic pseudo-random sequence (xorshift).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// An f32 with a random significand and an exponent from a range reaching denormals and
    /// overflow.
    fn f32(&mut self) -> u32 {
        let r = self.next();
        let e = [
            1u64, 2, 20, 60, 100, 120, 127, 128, 130, 150, 200, 250, 253, 254,
        ][(r >> 40) as usize % 14];
        ((r >> 63) << 31 | e << 23 | (r & 0x7f_ffff)) as u32
    }
    fn f64(&mut self) -> u64 {
        let r = self.next();
        let e =
            [1u64, 2, 100, 900, 1000, 1023, 1024, 1100, 2000, 2045, 2046][(r >> 8) as usize % 11];
        (r >> 63) << 63 | e << 52 | (self.next() & ((1 << 52) - 1))
    }
}

fn mode_rm(rm: u8) -> u32 {
    MODE_DEFAULT | rm as u32 | (rm as u32) << 2
}

fn zero_sum_sign(a_neg: bool, b_neg: bool, rm: u8) -> bool {
    (a_neg && b_neg) || (rm == RDN && !(!a_neg && !b_neg))
}

/// The f32 rounding of `p + c` (p exact in f64) in mode `rm`.
fn f32_sum(p: f64, c: f64, rm: u8) -> u32 {
    if !p.is_finite() || !c.is_finite() {
        return ((p + c) as f32).to_bits();
    }
    let (neg, n, e, sticky) = exact_sum(p, c);
    if n == 0 {
        return (zero_sum_sign(p.is_sign_negative(), c.is_sign_negative(), rm) as u32) << 31;
    }
    round_bits(neg, n, e, sticky, 24, -126, 127, rm) as u32
}

#[test]
pub fn f32_rounding_modes() {
    let mut ck = Check::new();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut cases: Vec<[u32; 3]> = Vec::new();
    let v = f32_values();
    for &a in &v {
        for &b in &v {
            cases.push([a, b, v[(a ^ b) as usize % v.len()]]);
        }
    }
    for _ in 0..1500 {
        cases.push([rng.f32(), rng.f32(), rng.f32()]);
    }
    // Exactly representable and halfway sums, cancellation.
    cases.push([0x3f80_0000, 0x3380_0000, 0]); // 1 + 2^-24: a tie
    cases.push([0x3f80_0001, 0x3380_0000, 0]); // odd + half ulp
    cases.push([0x4b80_0000, 0xbf80_0000, 0x3f80_0000]);
    cases.push([0x3f80_0000, 0xbf80_0000, 0x3f80_0000]);
    let fb = f32::from_bits;
    for gen in GENS {
        for rm in [RNE, RUP, RDN, RTZ] {
            let mode = mode_rm(rm);
            let ops: [(&str, fn(f32, f32, f32, u8) -> u32); 6] = [
                ("v_add_f32 v3, v0, v1", |a, b, _, rm| {
                    f32_sum(a as f64, b as f64, rm)
                }),
                ("v_sub_f32 v3, v0, v1", |a, b, _, rm| {
                    f32_sum(a as f64, -b as f64, rm)
                }),
                ("v_subrev_f32_e64 v3, v0, v1", |a, b, _, rm| {
                    f32_sum(b as f64, -a as f64, rm)
                }),
                ("v_mul_f32 v3, v0, v1", |a, b, _, rm| {
                    let p = a as f64 * b as f64;
                    if p == 0.0 || !p.is_finite() {
                        (a * b).to_bits()
                    } else {
                        to_f32(p, rm)
                    }
                }),
                ("v_fma_f32 v3, v0, v1, v2", |a, b, c, rm| {
                    let p = a as f64 * b as f64;
                    if p.is_nan() || !c.is_finite() || !p.is_finite() {
                        a.mul_add(b, c).to_bits()
                    } else {
                        f32_sum(p, c as f64, rm)
                    }
                }),
                ("v_fmac_f32 v3, v0, v1", |a, b, c, rm| {
                    let p = a as f64 * b as f64;
                    if p.is_nan() || !c.is_finite() || !p.is_finite() {
                        a.mul_add(b, c).to_bits()
                    } else {
                        f32_sum(p, c as f64, rm)
                    }
                }),
            ];
            for (text, f) in ops {
                if try_inst(gen, text).is_none() {
                    continue;
                }
                let dc: Vec<([u32; 3], u32)> = cases.iter().map(|c| (*c, c[2])).collect();
                let got = vop_d(gen, mode, text, &dc);
                for (c, g) in cases.iter().zip(&got) {
                    let w = f(fb(c[0]), fb(c[1]), fb(c[2]), rm);
                    ck.ok(same_f32(*g, w), || format!("{gen:?} {text} rm={rm} {:08x?} ({:e} {:e} {:e}): got {g:#010x} ({:e}), want {w:#010x} ({:e})", c, fb(c[0]), fb(c[1]), fb(c[2]), fb(*g), fb(w)));
                }
            }
            // Conversions that round: i32/u32 -> f32, f64 -> f32, f32 -> f16.
            let ints: Vec<[u32; 3]> = V32
                .iter()
                .map(|&a| [a, 0, 0])
                .chain((0..200).map(|_| [rng.next() as u32, 0, 0]))
                .collect();
            let got = vop(gen, mode, "v_cvt_f32_i32 v3, v0", &ints);
            for (c, g) in ints.iter().zip(&got) {
                ck.eq(*g, to_f32(c[0] as i32 as f64, rm), || {
                    format!("{gen:?} v_cvt_f32_i32 rm={rm} {}", c[0] as i32)
                });
            }
            let got = vop(gen, mode, "v_cvt_f32_u32 v3, v0", &ints);
            for (c, g) in ints.iter().zip(&got) {
                ck.eq(*g, to_f32(c[0] as f64, rm), || {
                    format!("{gen:?} v_cvt_f32_u32 rm={rm} {}", c[0])
                });
            }
            let mut ds: Vec<[u64; 3]> = f64_values().into_iter().map(|x| [x, 0, 0]).collect();
            for _ in 0..300 {
                ds.push([rng.f64(), 0, 0]);
                ds.push([(rng.next() % (1 << 62)) | 0x3000_0000_0000_0000, 0, 0]);
            }
            let mut e = Emu::new(gen);
            e.w.mode = mode;
            for chunk in ds.chunks(64) {
                for (l, c) in chunk.iter().enumerate() {
                    e.set_v64(0, l, c[0]);
                }
                e.run("v_cvt_f32_f64 v3, v[0:1]");
                for (l, c) in chunk.iter().enumerate() {
                    let x = f64::from_bits(c[0]);
                    let w = if !x.is_finite() {
                        (x as f32).to_bits()
                    } else {
                        to_f32(x, rm)
                    };
                    ck.ok(same_f32(e.v(3, l), w), || {
                        format!(
                            "{gen:?} v_cvt_f32_f64 rm={rm} {x:e}: got {:e}, want {:e}",
                            fb(e.v(3, l)),
                            fb(w)
                        )
                    });
                }
            }
            if gen >= Gen::Gfx8 {
                let got = vop(gen, mode, "v_cvt_f16_f32 v3, v0", &cases);
                for (c, g) in cases.iter().zip(&got) {
                    let x = fb(c[0]) as f64;
                    let w = to_f16(x, rm);
                    ck.ok(same_f16(*g as u16, w), || {
                        format!("{gen:?} v_cvt_f16_f32 rm={rm} {x:e}: got {g:#x}, want {w:#06x}")
                    });
                }
            }
        }
    }
    ck.done();
}

#[test]
pub fn f64_and_f16_rounding_modes() {
    let mut ck = Check::new();
    let mut rng = Rng(0xfeed_beef_0bad_f00d);
    let v = f64_values();
    let mut cases: Vec<[u64; 3]> = Vec::new();
    for &a in &v {
        for &b in &v {
            cases.push([a, b, 0]);
        }
    }
    for _ in 0..1500 {
        cases.push([rng.f64(), rng.f64(), 0]);
    }
    cases.push([1f64.to_bits(), 2f64.powi(-53).to_bits(), 0]);
    cases.push([1f64.to_bits(), (-1f64).to_bits(), 0]);
    let d = f64::from_bits;
    for gen in GENS {
        for rm in [RNE, RUP, RDN, RTZ] {
            let mode = mode_rm(rm);
            let got = vop64(gen, mode, "v_add_f64 v[6:7], v[0:1], v[2:3]", &cases);
            for (c, g) in cases.iter().zip(&got) {
                let (a, b) = (d(c[0]), d(c[1]));
                let w = if !a.is_finite() || !b.is_finite() {
                    (a + b).to_bits()
                } else {
                    let (neg, n, e, sticky) = exact_sum(a, b);
                    if n == 0 {
                        (zero_sum_sign(a.is_sign_negative(), b.is_sign_negative(), rm) as u64) << 63
                    } else {
                        round_bits(neg, n, e, sticky, 53, -1022, 1023, rm)
                    }
                };
                ck.ok(same_f64(*g, w), || {
                    format!(
                        "{gen:?} v_add_f64 rm={rm} {a:e} {b:e}: got {:e}, want {:e}",
                        d(*g),
                        d(w)
                    )
                });
            }
            let got = vop64(gen, mode, "v_mul_f64 v[6:7], v[0:1], v[2:3]", &cases);
            for (c, g) in cases.iter().zip(&got) {
                let (a, b) = (d(c[0]), d(c[1]));
                let r = a * b;
                // Products in the normal range (the emulator's product error is exact there).
                if !a.is_finite()
                    || !b.is_finite()
                    || r == 0.0
                    || r.abs() < f64::MIN_POSITIVE * 2f64.powi(54)
                {
                    continue;
                }
                let (na, ma, ea) = decompose(a);
                let (nb, mb, eb) = decompose(b);
                let w = round_bits(na != nb, ma * mb, ea + eb, false, 53, -1022, 1023, rm);
                ck.ok(same_f64(*g, w), || {
                    format!(
                        "{gen:?} v_mul_f64 rm={rm} {a:e} {b:e}: got {:e}, want {:e}",
                        d(*g),
                        d(w)
                    )
                });
            }
            // f16 arithmetic (exact in f64, then rounded).
            if gen >= Gen::Gfx8 {
                let hv: Vec<u32> = (0..400).map(|_| rng.next() as u32).collect();
                let hc: Vec<[u32; 3]> = hv
                    .chunks(2)
                    .map(|p| [p[0] & 0xffff, p[1] & 0xffff, (p[0] >> 16) & 0xffff])
                    .collect();
                for (text, f) in [
                    (
                        "v_add_f16 v3, v0, v1",
                        (|a, b, _| a + b) as fn(f64, f64, f64) -> f64,
                    ),
                    ("v_mul_f16 v3, v0, v1", |a, b, _| a * b),
                    ("v_fma_f16 v3, v0, v1, v2", |a, b, c| a * b + c),
                    ("v_mad_f16 v3, v0, v1, v2", |a, b, c| a * b + c),
                ] {
                    if try_inst(gen, text).is_none() {
                        continue;
                    }
                    let got = vop(gen, mode, text, &hc);
                    for (c, g) in hc.iter().zip(&got) {
                        let (a, b, cc) = (
                            f16_to_f64(c[0] as u16),
                            f16_to_f64(c[1] as u16),
                            f16_to_f64(c[2] as u16),
                        );
                        let x = f(a, b, cc);
                        let w = if x.is_nan() {
                            0x7e00
                        } else if x == 0.0 {
                            (*g & 0x8000) as u16
                        } else {
                            to_f16(x, rm)
                        };
                        ck.ok(same_f16(*g as u16, w), || {
                            format!(
                                "{gen:?} {text} rm={rm} {a} {b} {cc}: got {g:#x}, want {w:#06x}"
                            )
                        });
                    }
                }
            }
        }
    }
    ck.done();
}

#[test]
pub fn f64_and_f16_denormal_flushing() {
    let mut ck = Check::new();
    let tiny = 2f64.powi(-1060); // an f64 denormal
    for gen in GENS {
        // MODE[7:6] = 0: f64 denormal inputs and outputs flushed (sign kept).
        let mode = (MODE_DEFAULT & !0xc0) | 0x00;
        let got = vop64(
            gen,
            mode,
            "v_add_f64 v[6:7], v[0:1], v[2:3]",
            &[
                [tiny.to_bits(), 0, 0],
                [(-tiny).to_bits(), 1 << 63, 0],
                [
                    (f64::MIN_POSITIVE * 1.5).to_bits(),
                    (-f64::MIN_POSITIVE * 1.25).to_bits(),
                    0,
                ],
                [(-tiny).to_bits(), 0, 0],
            ],
        );
        // (-0 + +0 is +0: the flushed input keeps its sign, the sum follows IEEE.)
        ck.eq(got, vec![0, 1 << 63, 0, 0], || {
            format!("{gen:?} v_add_f64 flush in/out")
        });
        // Inputs kept, outputs flushed (MODE[7:6] = 1).
        let got = vop64(
            gen,
            MODE_DEFAULT & !0xc0 | 0x40,
            "v_mul_f64 v[6:7], v[0:1], v[2:3]",
            &[
                [tiny.to_bits(), 2f64.powi(100).to_bits(), 0],
                [tiny.to_bits(), 1f64.to_bits(), 0],
            ],
        );
        ck.eq(got, vec![(tiny * 2f64.powi(100)).to_bits(), 0], || {
            format!("{gen:?} v_mul_f64 flush out")
        });
        // Kept everywhere (3): the denormal passes through.
        let got = vop64(
            gen,
            MODE_DEFAULT,
            "v_mul_f64 v[6:7], v[0:1], v[2:3]",
            &[[tiny.to_bits(), 1f64.to_bits(), 0]],
        );
        ck.eq(got, vec![tiny.to_bits()], || {
            format!("{gen:?} v_mul_f64 denormal kept")
        });
        if gen >= Gen::Gfx8 {
            // f16 shares the f64 field: 0x0001 * 1.0 flushes to 0, 0x8200 + 0 to -0.
            let got = vop(
                gen,
                MODE_DEFAULT & !0xc0,
                "v_mul_f16 v3, v0, v1",
                &[
                    [0x0001, 0x3c00, 0],
                    [0x8200, 0x3c00, 0],
                    [0x0400, 0x3800, 0],
                ],
            );
            ck.eq(got, vec![0, 0x8000, 0], || {
                format!("{gen:?} v_mul_f16 flushed")
            });
            let got = vop(
                gen,
                MODE_DEFAULT,
                "v_mul_f16 v3, v0, v1",
                &[[0x0001, 0x3c00, 0], [0x0400, 0x3800, 0]],
            );
            ck.eq(got, vec![0x0001, 0x0200], || {
                format!("{gen:?} v_mul_f16 kept")
            });
            // f32 flushing leaves f16 alone.
            let got = vop(
                gen,
                MODE_FTZ32,
                "v_mul_f16 v3, v0, v1",
                &[[0x0001, 0x3c00, 0]],
            );
            ck.eq(got, vec![0x0001], || {
                format!("{gen:?} v_mul_f16 under f32 flush")
            });
        }
    }
    ck.done();
}

#[test]
pub fn packed_f16_rounding_and_flushing() {
    let mut ck = Check::new();
    let mut rng = Rng(0x5151_7171_9191_b1b1);
    let cases: Vec<[u32; 3]> = (0..300)
        .map(|_| [rng.next() as u32, rng.next() as u32, rng.next() as u32])
        .collect();
    for gen in [Gen::Gfx9, Gen::Gfx906] {
        for rm in [RNE, RUP, RDN, RTZ] {
            let mode = mode_rm(rm);
            for (text, f) in [
                (
                    "v_pk_add_f16 v3, v0, v1",
                    (|a, b, _| a + b) as fn(f64, f64, f64) -> f64,
                ),
                ("v_pk_mul_f16 v3, v0, v1", |a, b, _| a * b),
                ("v_pk_fma_f16 v3, v0, v1, v2", |a, b, c| a * b + c),
            ] {
                let got = vop(gen, mode, text, &cases);
                for (c, g) in cases.iter().zip(&got) {
                    for half in 0..2 {
                        let x = |k: usize| f16_to_f64((c[k] >> (16 * half)) as u16);
                        let r = f(x(0), x(1), x(2));
                        let gh = (*g >> (16 * half)) as u16;
                        let w = if r.is_nan() {
                            0x7e00
                        } else if r == 0.0 {
                            gh & 0x8000
                        } else {
                            to_f16(r, rm)
                        };
                        ck.ok(same_f16(gh, w), || format!("{gen:?} {text} rm={rm} half {half} {c:08x?}: got {gh:#06x}, want {w:#06x}"));
                    }
                }
            }
        }
        // f16 denormals flushed with MODE[7:6] = 0.
        let got = vop(
            gen,
            MODE_DEFAULT & !0xc0,
            "v_pk_mul_f16 v3, v0, v1",
            &[[0x8001_0200, 0x3c00_3c00, 0]],
        );
        ck.eq(got[0], 0x8000_0000, || {
            format!("{gen:?} v_pk_mul_f16 flushed")
        });
        let got = vop(
            gen,
            MODE_DEFAULT,
            "v_pk_mul_f16 v3, v0, v1",
            &[[0x8001_0200, 0x3c00_3c00, 0]],
        );
        ck.eq(got[0], 0x8001_0200, || format!("{gen:?} v_pk_mul_f16 kept"));
    }
    ck.done();
}
