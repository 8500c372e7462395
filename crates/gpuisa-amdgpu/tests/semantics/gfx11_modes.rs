//! gfx11 16-bit arithmetic under each MODE: the f16 rounding mode (MODE.FP_ROUND[3:2]), f16
//! denormals flushed or kept (MODE.FP_DENORM[7:6]), clamp with and without DX10_CLAMP; and the
//! cross-lane / condition forms gfx9 lacks (v_cndmask_b16, v_permlane16/x16/64).

use super::gfx11_harness::*;
use super::gfx11_valu::{hv, lo, nan16};
use super::harness::Check;
use super::softfloat::{decompose, exact_sum, round_bits, RDN, RNE, RTZ, RUP};

/// `a * b + c` (exact f64 operands) rounded once to f16 in mode `rm`.
fn fma16(a: f64, b: f64, c: f64, rm: u8) -> u32 {
    let p = a * b;
    if !p.is_finite() || !c.is_finite() {
        let s = p + c;
        return if s.is_nan() {
            0x7e00
        } else if s > 0.0 {
            0x7c00
        } else {
            0xfc00
        };
    }
    let (neg, n, e, sticky) = if p == 0.0 {
        (c.is_sign_negative(), 0, 0, false)
    } else {
        exact_sum(p, c)
    };
    let (neg, n, e, sticky) = if p == 0.0 && c != 0.0 {
        let (ng, nn, ee) = decompose(c);
        (ng, nn, ee, false)
    } else {
        (neg, n, e, sticky)
    };
    if n == 0 {
        // An exact zero: the sign of both addends if they agree, else -0 only toward -inf.
        let (sp, sc) = (p.is_sign_negative(), c.is_sign_negative());
        let z = if sp == sc { sp } else { rm == RDN };
        return (z as u32) << 15;
    }
    round_bits(neg, n, e, sticky, 11, -14, 15, rm) as u32
}

fn ftz(h: u32) -> u32 {
    if h & 0x7c00 == 0 {
        h & 0x8000
    } else {
        h & 0xffff
    }
}

#[test]
fn f16_rounding_modes_and_denormals() {
    let cases = cases_h16(21, 300);
    let mut chk = Check::new();
    type F = fn(f64, f64, f64, u8) -> u32;
    let ops: [(&str, F); 6] = [
        // v_fmac_f16's accumulator (v3) is set to S2 below; v_fmaak_f16's K is 1.5.
        ("v_fmac_f16_e32 v3, v0, v1", fma16),
        ("v_fmaak_f16 v3, v0, v1, 0x3e00", |a, b, _, rm| {
            fma16(a, b, 1.5, rm)
        }),
        ("v_add_f16_e32 v3, v0, v1", |a, b, _, rm| {
            fma16(a, 1.0, b, rm)
        }),
        ("v_mul_f16_e32 v3, v0, v1", |a, b, _, rm| {
            fma16(a, b, 0.0, rm) & if a * b == 0.0 { 0 } else { 0xffff }
                | (((a * b).is_sign_negative() && a * b == 0.0) as u32) << 15
        }),
        ("v_fma_f16 v3, v0, v1, v2", fma16),
        ("v_sub_f16_e64 v3, v0, v1", |a, b, _, rm| {
            fma16(a, 1.0, -b, rm)
        }),
    ];
    for rm in [RNE, RUP, RDN, RTZ] {
        for keep in [true, false] {
            // f32 denormals kept, f16/f64 by `keep`, IEEE on.
            let mode = 0x30 | if keep { 0xc0 } else { 0 } | (rm as u32) << 2 | 1 << 9;
            for (text, f) in ops {
                // v3 starts as S2's bits (v_fmac_f16's accumulator half).
                let cases: Vec<([u32; 3], u32)> = cases
                    .iter()
                    .map(|(s, d)| (*s, (d & 0xffff_0000) | (s[2] & 0xffff)))
                    .collect();
                let got = vop(text, mode, &cases);
                for ((s, d), g) in cases.iter().zip(got) {
                    let x = |k: usize| {
                        let h = s[k] & 0xffff;
                        hv(if keep { h } else { ftz(h) })
                    };
                    let mut r = f(x(0), x(1), x(2), rm);
                    if !keep {
                        r = ftz(r);
                    }
                    let want = lo(*d, r);
                    chk.ok(same(Cmp::F16Lo, g, want), || {
                        format!("{text} rm {rm} keep {keep} ({:08x} {:08x} {:08x}): got {g:08x}, want {want:08x}", s[0], s[1], s[2])
                    });
                }
            }
        }
    }
    chk.done();
}

/// The packed forms under the same modes: each half as the scalar operation.
#[test]
fn packed_f16_rounding_modes_and_denormals() {
    let cases = cases_h16(23, 300);
    let mut chk = Check::new();
    for rm in [RNE, RUP, RDN, RTZ] {
        for keep in [true, false] {
            let mode = 0x30 | if keep { 0xc0 } else { 0 } | (rm as u32) << 2 | 1 << 9;
            for (text, fused) in [
                ("v_pk_add_f16 v3, v0, v1", false),
                ("v_pk_fma_f16 v3, v0, v1, v2", true),
                // The accumulator (v3) starts as S2.
                ("v_pk_fmac_f16 v3, v0, v1", true),
            ] {
                let cases: Vec<([u32; 3], u32)> = cases.iter().map(|(s, _)| (*s, s[2])).collect();
                let got = vop(text, mode, &cases);
                for ((s, _), g) in cases.iter().zip(got) {
                    let mut want = 0;
                    for sh in [0, 16] {
                        let x = |k: usize| {
                            let h = s[k] >> sh & 0xffff;
                            hv(if keep { h } else { ftz(h) })
                        };
                        let mut r = if fused {
                            fma16(x(0), x(1), x(2), rm)
                        } else {
                            fma16(x(0), 1.0, x(1), rm)
                        };
                        if !keep {
                            r = ftz(r);
                        }
                        want |= r << sh;
                    }
                    chk.ok(same(Cmp::F16Pair, g, want), || {
                        format!("{text} rm {rm} keep {keep} ({:08x} {:08x} {:08x}): got {g:08x}, want {want:08x}", s[0], s[1], s[2])
                    });
                }
            }
        }
    }
    chk.done();
}

#[test]
fn f16_clamp_with_and_without_dx10() {
    let cases = cases_h16(22, 200);
    let mut chk = Check::new();
    for dx10 in [false, true] {
        let mode = MODE | (dx10 as u32) << 8;
        for ((s, d), g) in cases
            .iter()
            .zip(vop("v_add_f16_e64 v3, v0, v1 clamp", mode, &cases))
        {
            let x = hv(s[0]) + hv(s[1]);
            let r = fma16(hv(s[0]), 1.0, hv(s[1]), RNE);
            let want = if x.is_nan() {
                if dx10 {
                    0
                } else {
                    0x7e00
                }
            } else if hv(r) > 1.0 {
                0x3c00
            } else if hv(r) < 0.0 {
                0
            } else {
                r
            };
            chk.ok(same(Cmp::F16Lo, g, lo(*d, want)), || {
                format!(
                    "v_add_f16 clamp dx10 {dx10} ({:08x} {:08x}): got {g:08x}, want {:08x}",
                    s[0],
                    s[1],
                    lo(*d, want)
                )
            });
            if !dx10 && x.is_nan() {
                chk.ok(nan16(g & 0xffff), || "clamp keeps NaN without DX10".into());
            }
        }
    }
    chk.done();
}

#[test]
fn cndmask_b16_and_permlanes() {
    let mut chk = Check::new();
    let mut r = Rng(99);
    for wave64 in [false, true] {
        let n = if wave64 { 64 } else { 32 };
        let mut w = wave(n);
        let src: Vec<u32> = (0..n).map(|_| r.u32()).collect();
        let oth: Vec<u32> = (0..n).map(|_| r.u32()).collect();
        let old: Vec<u32> = (0..n).map(|_| r.u32()).collect();
        for l in 0..n {
            w.vset(0, l, src[l]);
            w.vset(1, l, oth[l]);
            w.vset(3, l, old[l]);
        }
        // v_cndmask_b16: S2's lane bit picks S1 over S0.
        let cond = r.next();
        w.s[10] = cond as u32;
        w.s[11] = (cond >> 32) as u32;
        let sel = if wave64 { "s[10:11]" } else { "s10" };
        let ws = gpuisa_amdgpu::rdna3::asm::assemble_inst(
            &format!("v_cndmask_b16 v3, v0, v1, {sel}"),
            wave64,
        )
        .unwrap();
        step(&mut w, &decode(&ws, wave64)).unwrap();
        for l in 0..n {
            let want = lo(old[l], if cond >> l & 1 != 0 { oth[l] } else { src[l] });
            chk.eq(w.vget(3, l), want, || {
                format!("v_cndmask_b16 wave{n} lane {l}")
            });
        }
        // v_permlane16_b32 / v_permlanex16_b32: lane i of each row of 16 reads lane
        // sel[4i+3:4i] of its row (x16: of the other row of the pair).
        let lanesel = r.next();
        w.s[20] = lanesel as u32;
        w.s[21] = (lanesel >> 32) as u32;
        for (name, x) in [("v_permlane16_b32", false), ("v_permlanex16_b32", true)] {
            for (l, x) in old.iter().enumerate() {
                w.vset(3, l, *x);
            }
            let ws = gpuisa_amdgpu::rdna3::asm::assemble_inst(
                &format!("{name} v3, v0, s20, s21"),
                wave64,
            )
            .unwrap();
            step(&mut w, &decode(&ws, wave64)).unwrap();
            for l in 0..n {
                let row = l / 16 * 16;
                let row = if x { row ^ 16 } else { row };
                let s = row + (lanesel >> (4 * (l % 16)) & 15) as usize;
                chk.eq(w.vget(3, l), src[s], || format!("{name} wave{n} lane {l}"));
            }
        }
        // v_permlane64_b32: the halves of a wave64 swap (wave32: each lane its own value).
        let ws =
            gpuisa_amdgpu::rdna3::asm::assemble_inst("v_permlane64_b32 v3, v0", wave64).unwrap();
        step(&mut w, &decode(&ws, wave64)).unwrap();
        for l in 0..n {
            let s = if wave64 { l ^ 32 } else { l };
            chk.eq(w.vget(3, l), src[s], || {
                format!("v_permlane64 wave{n} lane {l}")
            });
        }
    }
    chk.done();
}
