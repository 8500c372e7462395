//! gfx11 operations with lane masks or lane numbers (wave32): v_cndmask_b32, the carry forms
//! (VOP3SD: carry-out SGPR, carry-in SGPR), v_cmp_class_*/v_cmpx_class_*, v_mbcnt_lo/hi,
//! v_readlane/v_writelane/v_readfirstlane, v_swap_b32, and the cube map operations, against the
//! pseudocode.

// Lane loops index several per-lane arrays at once.
#![allow(clippy::needless_range_loop)]

use super::gfx11_harness::*;
use super::gfx11_valu::hv;
use super::harness::{Check, V32};

/// Runs `text` on 32 lanes per chunk: v0, v1, v2 the case's sources, s20 the case's lane bits
/// (condition / carry in); returns (v3, s22's bit) per case.
fn run_mask(text: &str, cases: &[([u32; 3], bool)]) -> Vec<(u32, bool)> {
    let i = inst(text);
    let mut out = Vec::new();
    for chunk in cases.chunks(32) {
        let mut w = wave(32);
        let mut m = 0u32;
        for (l, (s, c)) in chunk.iter().enumerate() {
            for (k, x) in s.iter().enumerate() {
                w.vset(k, l, *x);
            }
            w.vset(3, l, 0x5a5a_5a5a);
            m |= (*c as u32) << l;
        }
        w.s[20] = m;
        w.s[22] = 0xdead_beef;
        step(&mut w, &i).unwrap_or_else(|e| panic!("{text}: {e}"));
        out.extend((0..chunk.len()).map(|l| (w.vget(3, l), w.s[22] >> l & 1 != 0)));
    }
    out
}

#[test]
fn masks_carries_and_classes() {
    let mut chk = Check::new();
    let mut r = Rng(0xca77);
    let mut cases = Vec::new();
    for &a in &V32 {
        for &b in V32.iter().step_by(2) {
            cases.push(([a, b, r.u32()], r.next() & 1 != 0));
        }
    }
    type F = fn(u32, u32, bool) -> (u32, bool);
    let ops: [(&str, F); 7] = [
        ("v_cndmask_b32_e64 v3, v0, v1, s20", |a, b, c| {
            (if c { b } else { a }, false)
        }),
        ("v_add_co_u32 v3, s22, v0, v1", |a, b, _| {
            let (x, o) = a.overflowing_add(b);
            (x, o)
        }),
        ("v_sub_co_u32 v3, s22, v0, v1", |a, b, _| {
            (a.wrapping_sub(b), b > a)
        }),
        ("v_subrev_co_u32 v3, s22, v0, v1", |a, b, _| {
            (b.wrapping_sub(a), a > b)
        }),
        ("v_add_co_ci_u32_e64 v3, s22, v0, v1, s20", |a, b, c| {
            let t = a as u64 + b as u64 + c as u64;
            (t as u32, t >> 32 != 0)
        }),
        ("v_sub_co_ci_u32_e64 v3, s22, v0, v1, s20", |a, b, c| {
            let y = b as u64 + c as u64;
            ((a as u64).wrapping_sub(y) as u32, y > a as u64)
        }),
        ("v_subrev_co_ci_u32_e64 v3, s22, v0, v1, s20", |a, b, c| {
            let y = a as u64 + c as u64;
            ((b as u64).wrapping_sub(y) as u32, y > b as u64)
        }),
    ];
    for (text, f) in ops {
        for ((s, c), (g, gc)) in cases.iter().zip(run_mask(text, &cases)) {
            let (want, wc) = f(s[0], s[1], *c);
            let wc = wc && !text.starts_with("v_cndmask");
            let gc = gc && !text.starts_with("v_cndmask");
            chk.eq((g, gc), (want, wc), || {
                format!("{text} ({:08x}, {:08x}, {c})", s[0], s[1])
            });
        }
    }
    // v_cmp_class: S1's bits 0-9 select signalling NaN, quiet NaN, -inf, -normal, -denormal,
    // -0, +0, +denormal, +normal, +inf.
    let class = |neg: bool, inf: bool, nan: bool, snan: bool, zero: bool, den: bool| -> u32 {
        if nan {
            return if snan { 0 } else { 1 };
        }
        let k = if inf {
            0
        } else if zero {
            3
        } else if den {
            2
        } else {
            1
        };
        if neg {
            2 + k
        } else {
            9 - k
        }
    };
    for ty in ["f16", "f32", "f64"] {
        for x in [false, true] {
            let text = match (ty, x) {
                ("f64", false) => "v_cmp_class_f64_e64 s22, v[0:1], v2".to_string(),
                ("f64", true) => "v_cmpx_class_f64_e64 v[0:1], v2".to_string(),
                (_, false) => format!("v_cmp_class_{ty}_e64 s22, v0, v2"),
                _ => format!("v_cmpx_class_{ty}_e64 v0, v2"),
            };
            let i = inst(&text);
            let vals: Vec<u64> = match ty {
                "f16" => H16.iter().map(|&h| h as u64).collect(),
                "f32" => F32S.iter().map(|&h| h as u64).collect(),
                _ => [
                    0.0f64,
                    -0.0,
                    1.0,
                    -2.0,
                    4.9e-324,
                    -4.9e-324,
                    f64::INFINITY,
                    f64::NEG_INFINITY,
                    f64::NAN,
                ]
                .iter()
                .map(|x| x.to_bits())
                .chain([0x7ff4_0000_0000_0000])
                .collect(),
            };
            for mask in [0x3ffu32, 0x001, 0x002, 0x0f0, 0x30f, 0x1ff, 0x240] {
                let mut w = wave(32);
                let mut want = 0u64;
                for (l, &v) in vals.iter().enumerate() {
                    w.vset(0, l, v as u32);
                    w.vset(1, l, (v >> 32) as u32);
                    w.vset(2, l, mask);
                    let c = match ty {
                        "f16" => {
                            let h = v as u32;
                            let f = hv(h);
                            class(
                                h >> 15 != 0,
                                f.is_infinite(),
                                f.is_nan(),
                                f.is_nan() && h & 0x200 == 0,
                                f == 0.0,
                                h & 0x7c00 == 0 && f != 0.0,
                            )
                        }
                        "f32" => {
                            let f = f32::from_bits(v as u32);
                            class(
                                f.is_sign_negative(),
                                f.is_infinite(),
                                f.is_nan(),
                                f.is_nan() && v & 0x40_0000 == 0,
                                f == 0.0,
                                f.is_subnormal(),
                            )
                        }
                        _ => {
                            let f = f64::from_bits(v);
                            class(
                                f.is_sign_negative(),
                                f.is_infinite(),
                                f.is_nan(),
                                f.is_nan() && v & (1 << 51) == 0,
                                f == 0.0,
                                f.is_subnormal(),
                            )
                        }
                    };
                    want |= ((mask >> c & 1) as u64) << l;
                }
                let active = (1u64 << vals.len()) - 1;
                w.set_exec(active);
                step(&mut w, &i).unwrap_or_else(|e| panic!("{text}: {e}"));
                let got = if x { w.exec() } else { w.s[22] as u64 & active };
                chk.eq(got, want, || format!("{text} mask {mask:03x}"));
            }
        }
    }
    chk.done();
}

#[test]
fn lane_numbers_and_cube() {
    let mut chk = Check::new();
    let mut r = Rng(0x1a2e);
    let mut w = wave(32);
    let v0: Vec<u32> = (0..32).map(|_| r.u32()).collect();
    let v1: Vec<u32> = (0..32).map(|_| r.u32()).collect();
    for l in 0..32 {
        w.vset(0, l, v0[l]);
        w.vset(1, l, v1[l]);
    }
    // v_mbcnt_lo_u32_b32: the set bits of S0 below the lane, plus S1 (wave32: mbcnt_hi adds 0).
    w.s[20] = r.u32();
    let m = w.s[20];
    step(&mut w, &inst("v_mbcnt_lo_u32_b32 v3, s20, v1")).unwrap();
    for l in 0..32 {
        let want = (m & ((1u64 << l) - 1) as u32)
            .count_ones()
            .wrapping_add(v1[l]);
        chk.eq(w.vget(3, l), want, || format!("v_mbcnt_lo lane {l}"));
    }
    step(&mut w, &inst("v_mbcnt_hi_u32_b32 v3, s20, v1")).unwrap();
    for l in 0..32 {
        chk.eq(w.vget(3, l), v1[l], || format!("v_mbcnt_hi lane {l}"));
    }
    // v_readlane_b32 s22, v0, s21 (lane modulo the wave size); v_readfirstlane_b32 with EXEC's
    // first lane; v_writelane_b32 v3, s23, s21 writes that lane only.
    for lane in [0u32, 5, 31, 37] {
        w.s[21] = lane;
        step(&mut w, &inst("v_readlane_b32 s22, v0, s21")).unwrap();
        chk.eq(w.s[22], v0[(lane % 32) as usize], || {
            format!("v_readlane {lane}")
        });
        for l in 0..32 {
            w.vset(3, l, v1[l]);
        }
        w.s[23] = 0x1234_5678;
        step(&mut w, &inst("v_writelane_b32 v3, s23, s21")).unwrap();
        for l in 0..32 {
            let want = if l as u32 == lane % 32 {
                0x1234_5678
            } else {
                v1[l]
            };
            chk.eq(w.vget(3, l), want, || {
                format!("v_writelane {lane} lane {l}")
            });
        }
    }
    w.set_exec(0xffff_ff00);
    step(&mut w, &inst("v_readfirstlane_b32 s22, v0")).unwrap();
    chk.eq(w.s[22], v0[8], || "v_readfirstlane".into());
    // v_swap_b32 v0, v1 under EXEC: active lanes swap, others keep.
    step(&mut w, &inst("v_swap_b32 v0, v1")).unwrap();
    for l in 0..32 {
        let (a, b) = if l >= 8 {
            (v1[l], v0[l])
        } else {
            (v0[l], v1[l])
        };
        chk.eq((w.vget(0, l), w.vget(1, l)), (a, b), || {
            format!("v_swap lane {l}")
        });
    }
    // Cube map coordinates: the major axis z, then y, then x (ties to the later axis).
    let dirs: Vec<[f32; 3]> = vec![
        [1.0, 0.5, 0.25],
        [-1.0, 0.5, 0.25],
        [0.5, 2.0, -1.0],
        [0.5, -2.0, 1.0],
        [0.25, 0.5, 3.0],
        [0.25, 0.5, -3.0],
        [1.0, 1.0, 1.0],
        [-2.0, 2.0, 0.0],
        [3.0, -3.0, 0.0],
    ];
    let mut w = wave(32);
    w.set_exec((1 << dirs.len()) - 1);
    for (l, d) in dirs.iter().enumerate() {
        for k in 0..3 {
            w.vset(k, l, d[k].to_bits());
        }
    }
    for (text, k) in [
        ("v_cubeid_f32", 0),
        ("v_cubesc_f32", 1),
        ("v_cubetc_f32", 2),
        ("v_cubema_f32", 3),
    ] {
        step(&mut w, &inst(&format!("{text} v3, v0, v1, v2"))).unwrap();
        for (l, &[x, y, z]) in dirs.iter().enumerate() {
            let (face, sc, tc, ma) = if z.abs() >= x.abs() && z.abs() >= y.abs() {
                (
                    if z < 0.0 { 5.0 } else { 4.0 },
                    if z < 0.0 { -x } else { x },
                    -y,
                    2.0 * z,
                )
            } else if y.abs() >= x.abs() {
                (
                    if y < 0.0 { 3.0 } else { 2.0 },
                    x,
                    if y < 0.0 { -z } else { z },
                    2.0 * y,
                )
            } else {
                (
                    if x < 0.0 { 1.0 } else { 0.0 },
                    if x < 0.0 { z } else { -z },
                    -y,
                    2.0 * x,
                )
            };
            let want: f32 = [face, sc, tc, ma][k];
            chk.eq(w.vget(3, l), want.to_bits(), || {
                format!("{text} {:?}", dirs[l])
            });
        }
    }
    chk.done();
}
