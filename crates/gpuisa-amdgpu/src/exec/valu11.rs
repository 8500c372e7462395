//! gfx11 VALU operations that GCN does not have (min/max combinations, xor3, 16-bit moves and
//! conversions, f16 fmac/fmamk/fmaak, dx9-zero fma, dot2acc, permlane64/16/x16, cndmask_b16).
//! Per lane, with the same operand access as `valu.rs`; no modifiers beyond neg/abs on floats.

use super::valu::{f16_to_f32, f64_to_f16};
use super::wave::{Src, Wave, LANES};
use super::{Ctx, R};
use crate::gcn::inst::{Ext, TInst};
use crate::op::Op;

fn fmin(a: f32, b: f32) -> f32 {
    // IEEE minNum: a NaN operand gives the other; -0 < +0.
    if a.is_nan() {
        b
    } else if b.is_nan() {
        a
    } else if a == b {
        if a.is_sign_negative() { a } else { b }
    } else if a < b {
        a
    } else {
        b
    }
}
fn fmax(a: f32, b: f32) -> f32 {
    if a.is_nan() {
        b
    } else if b.is_nan() {
        a
    } else if a == b {
        if a.is_sign_positive() { a } else { b }
    } else if a > b {
        a
    } else {
        b
    }
}

/// Runs `i` if it is one of this file's operations (`None`: not handled here).
pub fn try_exec(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>) -> Option<R> {
    use Op::*;
    if !i.gfx11 || i.ext != Ext::None {
        return None;
    }
    let handled = matches!(
        i.op,
        V_XOR3_B32 | V_MAXMIN_F32 | V_MINMAX_F32 | V_MAXMIN_I32 | V_MINMAX_I32 | V_MAXMIN_U32 | V_MINMAX_U32 | V_MAXMIN_F16
            | V_MINMAX_F16 | V_MOV_B16 | V_NOT_B16 | V_CVT_I32_I16 | V_CVT_U32_U16 | V_FMAC_F16 | V_FMAMK_F16 | V_FMAAK_F16
            | V_FMA_DX9_ZERO_F32 | V_FMAC_DX9_ZERO_F32 | V_DOT2ACC_F32_F16 | V_CNDMASK_B16 | V_PERMLANE64_B32
            | V_PERMLANE16_B32 | V_PERMLANEX16_B32
    );
    if !handled {
        return None;
    }
    let exec = w.exec();
    let srcs = [w.src(i, 0, i.float[0], i.half[0]), w.src(i, 1, i.float[1], i.half[1]), w.src(i, 2, i.float[2], i.half[2])];
    let vdst = i.vdst as usize;
    let lanes = w.lanes;
    // Cross-lane operations read the whole source first.
    if matches!(i.op, V_PERMLANE64_B32 | V_PERMLANE16_B32 | V_PERMLANEX16_B32) {
        let Src::V(r) = srcs[0] else { return Some(super::err("permlane needs a VGPR source")) };
        let src: [u32; LANES] = std::array::from_fn(|l| w.vget(r, l));
        let sel = w.scalar_src(i.src[1], 1, false, false, i.lit) as u64 | (w.scalar_src(i.src[2], 1, false, false, i.lit) as u64) << 32;
        // op_sel[0] (FI): fetch inactive lanes; op_sel[1] (BC): bound control (no effect here).
        let fi = i.opsel & 1 != 0;
        for l in 0..lanes {
            if exec >> l & 1 == 0 {
                continue;
            }
            let s = match i.op {
                // Swap the two halves of a wave64 (wave32: each lane reads itself).
                V_PERMLANE64_B32 => if lanes == 64 { l ^ 32 } else { l },
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
    let cond = if i.op == V_CNDMASK_B16 { w.lane(srcs[2], 0, 1) } else { 0 };
    for l in 0..lanes {
        if exec >> l & 1 == 0 {
            continue;
        }
        let (a, b, c) = (get(w, 0, l), get(w, 1, l), get(w, 2, l));
        let (fa, fb, fc) = (f32::from_bits(a), f32::from_bits(b), f32::from_bits(c));
        let (ha, hb) = (f16_to_f32(a as u16), f16_to_f32(b as u16));
        let d = w.vget(vdst, l);
        let r32 = match i.op {
            V_XOR3_B32 => a ^ b ^ c,
            V_MAXMIN_F32 => fmin(fmax(fa, fb), fc).to_bits(),
            V_MINMAX_F32 => fmax(fmin(fa, fb), fc).to_bits(),
            V_MAXMIN_I32 => (a as i32).max(b as i32).min(c as i32) as u32,
            V_MINMAX_I32 => (a as i32).min(b as i32).max(c as i32) as u32,
            V_MAXMIN_U32 => a.max(b).min(c),
            V_MINMAX_U32 => a.min(b).max(c),
            V_MAXMIN_F16 => f64_to_f16(fmin(fmax(ha, hb), f16_to_f32(c as u16)) as f64) as u32,
            V_MINMAX_F16 => f64_to_f16(fmax(fmin(ha, hb), f16_to_f32(c as u16)) as f64) as u32,
            V_MOV_B16 => (d & 0xffff_0000) | (a & 0xffff),
            V_NOT_B16 => (d & 0xffff_0000) | (!a & 0xffff),
            V_CVT_I32_I16 => a as u16 as i16 as i32 as u32,
            V_CVT_U32_U16 => a & 0xffff,
            V_FMAC_F16 => f64_to_f16((ha as f64).mul_add(hb as f64, f16_to_f32(d as u16) as f64)) as u32,
            V_FMAMK_F16 => f64_to_f16((ha as f64).mul_add(f16_to_f32(i.lit as u16) as f64, hb as f64)) as u32,
            V_FMAAK_F16 => f64_to_f16((ha as f64).mul_add(hb as f64, f16_to_f32(i.lit as u16) as f64)) as u32,
            // DX9 rules: 0 times anything (inf, NaN) is 0.
            V_FMA_DX9_ZERO_F32 => (if fa == 0.0 || fb == 0.0 { fc + 0.0 } else { fa.mul_add(fb, fc) }).to_bits(),
            V_FMAC_DX9_ZERO_F32 => {
                let acc = f32::from_bits(d);
                (if fa == 0.0 || fb == 0.0 { acc + 0.0 } else { fa.mul_add(fb, acc) }).to_bits()
            }
            V_DOT2ACC_F32_F16 => {
                let p = |x: u32, s: u32| f16_to_f32((x >> s) as u16) as f64;
                (f32::from_bits(d) as f64 + p(a, 0) * p(b, 0) + p(a, 16) * p(b, 16)) as f32
            }
            .to_bits(),
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
        let out = match i.op {
            V_MAXMIN_F16 | V_MINMAX_F16 | V_FMAC_F16 | V_FMAMK_F16 | V_FMAAK_F16 | V_CNDMASK_B16 => {
                if i.opsel & 8 != 0 {
                    (d & 0xffff) | (r32 & 0xffff) << 16
                } else {
                    (d & 0xffff_0000) | (r32 & 0xffff)
                }
            }
            _ => r32,
        };
        let _ = fc;
        w.vset(vdst, l, out);
    }
    ctx.lane_ops += exec.count_ones() as u64;
    Some(Ok(()))
}
