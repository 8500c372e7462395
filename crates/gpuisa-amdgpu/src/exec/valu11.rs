//! gfx11 VALU operations that GCN does not have (min/max combinations, xor3, 16-bit moves and
//! conversions, f16 fmac/fmamk/fmaak, dx9-zero fma, dot2acc, permlane64/16/x16, cndmask_b16).
//! Per lane, with the same operand access as `valu.rs`; no modifiers beyond neg/abs on floats.

use super::valu::{f16_to_f32, f64_to_f16};
use super::wave::{Src, Wave, LANES};
use super::{Ctx, R};
use crate::gcn::inst::{Ext, TInst};
use crate::op::Op;

/// `x` rounded once to bf16 (to nearest even): rounded to f32 toward zero with a sticky last
/// bit (round to odd, exact enough for a second rounding to 8 bits), then to bf16.
fn f64_to_bf16(x: f64) -> u16 {
    if x.is_nan() {
        return 0x7fc0 | ((x.to_bits() >> 48) as u16 & 0x8000);
    }
    let mut y = x as f32;
    if (y as f64).abs() > x.abs() {
        y = f32::from_bits(y.to_bits() - 1);
    }
    let mut b = y.to_bits();
    if y as f64 != x {
        b |= 1;
    }
    ((b + 0x7fff + ((b >> 16) & 1)) >> 16) as u16
}

/// `x + y` (f64 operands) rounded once to bf16: the f64 sum with its error (TwoSum); a
/// non-zero error moves the sum one f64 step toward the exact value, so a bf16 tie that the
/// f64 rounding created is broken the right way (the f64 sum alone rounds twice).
fn sum_bf16(x: f64, y: f64) -> u16 {
    let s = x + y;
    let bb = s - x;
    let err = (x - (s - bb)) + (y - bb);
    if !s.is_finite() || !err.is_finite() || err == 0.0 {
        return f64_to_bf16(s);
    }
    let away = (err > 0.0) == (s > 0.0);
    let bits = if away {
        s.to_bits() + 1
    } else {
        s.to_bits() - 1
    };
    f64_to_bf16(f64::from_bits(bits))
}

/// The WMMA operations (wave32 and wave64, C/D rows by [`c_row`]): D = A x B + C for 16x16 matrices. A: lane l (mod 16) holds
/// row l, K packed from bit 0 of its first register on (two 16-bit, four 8-bit or eight 4-bit
/// values per register; lanes 16-31 repeat lanes 0-15); B: lane l (mod 16) holds column l the
/// same way; C and D: register v of lane l holds element (c_row, l % 16), a whole dword
/// (f32, i32) or one half (f16, bf16: op_sel[2] picks the high half). Products are exact and
/// summed in f64 (integers: i64), then rounded once (integers: wrapped, or saturated with clamp).
fn wmma(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>) -> R {
    use Op::*;
    // C and D: 8 registers in wave32, 4 in wave64.
    let (lanes, nregs) = if w.lanes == 64 { (64, 4) } else { (32, 8) };
    let reg = |k: usize| -> R<usize> {
        match i.src[k] {
            c if c >= 256 => Ok((c - 256) as usize),
            _ => super::err("WMMA sources must be VGPRs here (inline constants are not emulated)"),
        }
    };
    let (ra, rb, rc) = (reg(0)?, reg(1)?, reg(2)?);
    let vd = i.vdst as usize;
    let bits = match i.op {
        V_WMMA_I32_16X16X16_IU8 => 8,
        V_WMMA_I32_16X16X16_IU4 => 4,
        _ => 16,
    };
    let per = 32 / bits;
    // Element k of lane l's row/column in the registers from `r`.
    let elem = |w: &Wave, r: usize, l: usize, k: usize| -> u32 {
        let word = w.vget(r + k / per, l);
        (word >> (bits * (k % per))) & ((1u64 << bits) - 1) as u32
    };
    let signed = |bit: u8| i.neg & bit != 0;
    let hi = i.opsel & 4 != 0;
    let mut out = [[0u32; 8]; 64];
    for (l, lane_out) in out.iter_mut().enumerate().take(lanes) {
        for (v, o) in lane_out.iter_mut().enumerate().take(nregs) {
            let (m, n) = (c_row(lanes, v, l), l % 16);
            match i.op {
                V_WMMA_I32_16X16X16_IU8 | V_WMMA_I32_16X16X16_IU4 => {
                    let ext = |x: u32, s: bool| -> i64 {
                        if s {
                            ((x << (32 - bits)) as i32 >> (32 - bits)) as i64
                        } else {
                            x as i64
                        }
                    };
                    let mut acc = w.vget(rc + v, l) as i32 as i64;
                    for k in 0..16 {
                        acc +=
                            ext(elem(w, ra, m, k), signed(1)) * ext(elem(w, rb, n, k), signed(2));
                    }
                    *o = if i.clamp {
                        acc.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32
                    } else {
                        acc as i32 as u32
                    };
                }
                _ => {
                    let f = |x: u32| -> f64 {
                        if matches!(i.op, V_WMMA_F32_16X16X16_BF16 | V_WMMA_BF16_16X16X16_BF16) {
                            f32::from_bits(x << 16) as f64
                        } else {
                            f16_to_f32(x as u16) as f64
                        }
                    };
                    let sa = if signed(1) { -1.0 } else { 1.0 };
                    let sb = if signed(2) { -1.0 } else { 1.0 };
                    let c_word = w.vget(rc + v, l);
                    let c = match i.op {
                        V_WMMA_F32_16X16X16_F16 | V_WMMA_F32_16X16X16_BF16 => {
                            f32::from_bits(c_word) as f64
                        }
                        _ => f(if hi { c_word >> 16 } else { c_word & 0xffff }),
                    };
                    let c = if signed(4) { -c } else { c };
                    let mut acc = c;
                    for k in 0..16 {
                        acc += sa * f(elem(w, ra, m, k)) * sb * f(elem(w, rb, n, k));
                    }
                    *o = match i.op {
                        V_WMMA_F32_16X16X16_F16 | V_WMMA_F32_16X16X16_BF16 => {
                            (acc as f32).to_bits()
                        }
                        V_WMMA_F16_16X16X16_F16 => {
                            let h = f64_to_f16(acc) as u32;
                            let old = w.vget(vd + v, l);
                            if hi {
                                (old & 0xffff) | h << 16
                            } else {
                                (old & 0xffff_0000) | h
                            }
                        }
                        _ => {
                            // bf16, round to nearest even from f32.
                            let b = (acc as f32).to_bits();
                            let r = if (acc as f32).is_nan() {
                                (b >> 16) | 0x40
                            } else {
                                (b + 0x7fff + ((b >> 16) & 1)) >> 16
                            };
                            let old = w.vget(vd + v, l);
                            if hi {
                                (old & 0xffff) | r << 16
                            } else {
                                (old & 0xffff_0000) | r
                            }
                        }
                    };
                }
            }
        }
    }
    // The result is written for every lane (WMMA ignores EXEC, as the ISA requires EXEC to be all ones).
    for (l, lane_out) in out.iter().enumerate().take(lanes) {
        for (v, o) in lane_out.iter().enumerate().take(nregs) {
            w.vset(vd + v, l, *o);
        }
    }
    ctx.lane_ops += lanes as u64;
    Ok(())
}

/// The row of the C/D element in register `v` of lane `l` (its column is `l % 16`). Wave32:
/// 2v + l / 16 (the RDNA3 ISA guide's layout). Wave64 (4 registers): lanes 0-31 hold the even
/// rows, lanes 32-63 the odd ones, 2v + 8 * (l / 16 % 2) + l / 32; derived from the wave32 layout
/// and composable_kernel's description of its wave64 accumulator (subgroups of 16 lanes, 4
/// registers each) under the same A-row mapping; not checked on hardware.
fn c_row(lanes: usize, v: usize, l: usize) -> usize {
    if lanes == 64 {
        2 * v + 8 * (l / 16 % 2) + l / 32
    } else {
        2 * v + l / 16
    }
}

/// Runs `i` if it is one of this file's operations (`None`: not handled here).
pub fn try_exec(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>) -> Option<R> {
    use Op::*;
    if !i.gfx11 || i.ext != Ext::None {
        return None;
    }
    if matches!(
        i.op,
        V_WMMA_F32_16X16X16_F16
            | V_WMMA_F32_16X16X16_BF16
            | V_WMMA_F16_16X16X16_F16
            | V_WMMA_BF16_16X16X16_BF16
            | V_WMMA_I32_16X16X16_IU8
            | V_WMMA_I32_16X16X16_IU4
    ) {
        return Some(wmma(w, i, ctx));
    }
    let handled = matches!(
        i.op,
        V_XOR3_B32
            | V_MAXMIN_I32
            | V_MINMAX_I32
            | V_MAXMIN_U32
            | V_MINMAX_U32
            | V_MOV_B16
            | V_NOT_B16
            | V_CVT_I32_I16
            | V_CVT_U32_U16
            | V_FMA_DX9_ZERO_F32
            | V_FMAC_DX9_ZERO_F32
            | V_DOT2ACC_F32_F16
            | V_DOT2_F16_F16
            | V_DOT2_BF16_BF16
            | V_CNDMASK_B16
            | V_PERMLANE64_B32
            | V_PERMLANE16_B32
            | V_PERMLANEX16_B32
            | V_DOT4_I32_IU8
            | V_DOT8_I32_IU4
            | V_DOT2_F32_BF16
    );
    if !handled {
        return None;
    }
    // The packed dot product runs without modifiers and with the default halves only.
    if i.op == V_DOT2_F32_BF16 && (i.neg != 0 || i.neg_hi != 0 || i.opsel != 0 || i.clamp) {
        return Some(super::err(
            "v_dot2_f32_bf16 with neg, op_sel or clamp is not emulated yet",
        ));
    }
    let exec = w.exec();
    let srcs = [
        w.src(i, 0, i.float[0], i.half[0]),
        w.src(i, 1, i.float[1], i.half[1]),
        w.src(i, 2, i.float[2], i.half[2]),
    ];
    let vdst = i.vdst as usize;
    let lanes = w.lanes;
    // Cross-lane operations read the whole source first.
    if matches!(
        i.op,
        V_PERMLANE64_B32 | V_PERMLANE16_B32 | V_PERMLANEX16_B32
    ) {
        let Src::V(r) = srcs[0] else {
            return Some(super::err("permlane needs a VGPR source"));
        };
        let src: [u32; LANES] = std::array::from_fn(|l| w.vget(r, l));
        let sel = w.scalar_src(i.src[1], 1, false, false, i.lit) as u64
            | (w.scalar_src(i.src[2], 1, false, false, i.lit) as u64) << 32;
        // op_sel[0] (FI): fetch inactive lanes; op_sel[1] (BC): bound control (no effect here).
        let fi = i.opsel & 1 != 0;
        for l in 0..lanes {
            if exec >> l & 1 == 0 {
                continue;
            }
            let s = match i.op {
                // Swap the two halves of a wave64 (wave32: each lane reads itself).
                V_PERMLANE64_B32 => {
                    if lanes == 64 {
                        l ^ 32
                    } else {
                        l
                    }
                }
                // Within each row of 16: lane r reads the lane sel[r] (4 bits) of its row;
                // x16 reads from the other row of the pair.
                V_PERMLANE16_B32 => (l & !15) | ((sel >> (4 * (l & 15))) & 15) as usize,
                _ => ((l & !15) ^ 16) | ((sel >> (4 * (l & 15))) & 15) as usize,
            };
            if s < lanes && (fi || exec >> s & 1 != 0) {
                w.vset(vdst, l, src[s]);
            }
        }
        ctx.lane_ops += exec.count_ones() as u64;
        return Some(Ok(()));
    }
    let get = |w: &Wave, k: usize, l: usize| -> u32 {
        let mut x = w.lane(srcs[k], l, 1) as u32;
        if i.float[k] {
            let sign = if i.half[k] { 0x8000 } else { 0x8000_0000 };
            if i.abs >> k & 1 != 0 {
                x &= !sign;
            }
            if i.neg >> k & 1 != 0 {
                x ^= sign;
            }
        }
        // 16-bit sources: op_sel picks the high half.
        if i.half[k] && i.opsel >> k & 1 != 0 {
            x >>= 16;
        }
        x
    };
    let cond = if i.op == V_CNDMASK_B16 {
        w.lane(srcs[2], 0, 1)
    } else {
        0
    };
    for l in 0..lanes {
        if exec >> l & 1 == 0 {
            continue;
        }
        let (a, b, c) = (get(w, 0, l), get(w, 1, l), get(w, 2, l));
        let (fa, fb, fc) = (f32::from_bits(a), f32::from_bits(b), f32::from_bits(c));
        let d = w.vget(vdst, l);
        let r32 = match i.op {
            V_XOR3_B32 => a ^ b ^ c,
            V_MAXMIN_I32 => (a as i32).max(b as i32).min(c as i32) as u32,
            V_MINMAX_I32 => (a as i32).min(b as i32).max(c as i32) as u32,
            V_MAXMIN_U32 => a.max(b).min(c),
            V_MINMAX_U32 => a.min(b).max(c),
            V_MOV_B16 => a & 0xffff,
            V_NOT_B16 => !a & 0xffff,
            V_CVT_I32_I16 => a as u16 as i16 as i32 as u32,
            V_CVT_U32_U16 => a & 0xffff,
            // DX9 rules: 0 times anything (inf, NaN) is 0, and the result is the addend itself
            // (AMD's pseudocode: D0 = S2; a -0 addend stays -0).
            V_FMA_DX9_ZERO_F32 => {
                if fa == 0.0 || fb == 0.0 {
                    c
                } else {
                    fa.mul_add(fb, fc).to_bits()
                }
            }
            V_FMAC_DX9_ZERO_F32 => {
                if fa == 0.0 || fb == 0.0 {
                    d
                } else {
                    fa.mul_add(fb, f32::from_bits(d)).to_bits()
                }
            }
            // tmp = D (f32); tmp += each product: the f16 products are exact in f32 and each
            // accumulation is rounded to f32 (the pseudocode's tmp is f32).
            V_DOT2ACC_F32_F16 => {
                let p = |x: u32, s: u32| f16_to_f32((x >> s) as u16);
                let t = f32::from_bits(d) + p(a, 0) * p(b, 0);
                (t + p(a, 16) * p(b, 16)).to_bits()
            }
            // tmp = S2 (f16 / bf16); tmp += each product: products exact, each accumulation
            // rounded to the accumulator's type (the reading v_dot2_f32_f16 has, applied to an
            // f16 / bf16 tmp; docs/emulator.md).
            V_DOT2_F16_F16 => {
                let p = |x: u32, s: u32| f16_to_f32((x >> s) as u16) as f64;
                let t = f64_to_f16(p(c, 0) + p(a, 0) * p(b, 0));
                f64_to_f16(f16_to_f32(t) as f64 + p(a, 16) * p(b, 16)) as u32
            }
            V_DOT2_BF16_BF16 => {
                let p = |x: u32, s: u32| f32::from_bits((x >> s) << 16) as f64;
                // Each product is exact in f64; each sum rounds once to bf16.
                let t = sum_bf16(p(c, 0), p(a, 0) * p(b, 0));
                sum_bf16(p(t as u32, 0), p(a, 16) * p(b, 16)) as u32
            }
            // Integer dot products: neg_lo[0]/[1] say A/B are signed (AMD's pseudocode); clamp
            // saturates the i32 result.
            V_DOT4_I32_IU8 | V_DOT8_I32_IU4 => {
                let bits = if i.op == V_DOT4_I32_IU8 { 8 } else { 4 };
                let ext = |x: u32, k: u32, signed: bool| -> i64 {
                    let v = (x >> (bits * k)) & ((1 << bits) - 1);
                    if signed {
                        ((v << (32 - bits)) as i32 >> (32 - bits)) as i64
                    } else {
                        v as i64
                    }
                };
                let mut acc = c as i32 as i64;
                for k in 0..32 / bits {
                    acc += ext(a, k, i.neg & 1 != 0) * ext(b, k, i.neg & 2 != 0);
                }
                if i.clamp {
                    acc.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32
                } else {
                    acc as i32 as u32
                }
            }
            // bf16 pairs into an f32, each addition rounded to f32 (the pseudocode's tmp is f32).
            V_DOT2_F32_BF16 => {
                let bf = |x: u32| f32::from_bits(x << 16);
                let t = fc + bf(a & 0xffff) * bf(b & 0xffff);
                (t + bf(a >> 16) * bf(b >> 16)).to_bits()
            }
            V_CNDMASK_B16 => {
                if cond >> l & 1 != 0 {
                    b & 0xffff
                } else {
                    a & 0xffff
                }
            }
            _ => d,
        };
        // 16-bit results go to the low half (or, op_sel[3], the high half) keeping the other.
        let out = if i.dst16 {
            if i.opsel & 8 != 0 {
                (d & 0xffff) | (r32 & 0xffff) << 16
            } else {
                (d & 0xffff_0000) | (r32 & 0xffff)
            }
        } else {
            r32
        };
        w.vset(vdst, l, out);
    }
    ctx.lane_ops += exec.count_ones() as u64;
    Some(Ok(()))
}
