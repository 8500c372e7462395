//! Byte and short sums of absolute differences and byte interpolation (`v_sad_*`, `v_msad_u8`,
//! `v_qsad/mqsad_pk_u16_u8`, `v_lerp_u8`), from AMD's pseudocode.

use super::write::Res::{self, I};
use crate::op::Op;

fn u(x: u64) -> u32 {
    x as u32
}

/// The result of `op` on the lane's sources `a`, `b`, `c`.
pub(super) fn byte_op(op: Op, a: u64, b: u64, c: u64) -> Res {
    use Op::*;
    match op {
        V_SAD_U8 | V_SAD_HI_U8 | V_MSAD_U8 => {
            let (x, y) = (u(a), u(b));
            let d: u32 = (0..4)
                .map(|k| {
                    let (p, q) = ((x >> (8 * k)) & 0xff, (y >> (8 * k)) & 0xff);
                    if op == V_MSAD_U8 && q == 0 {
                        0
                    } else {
                        p.abs_diff(q)
                    }
                })
                .sum();
            I((if op == V_SAD_HI_U8 { d << 16 } else { d }).wrapping_add(u(c)) as u64)
        }
        V_SAD_U16 => {
            let (x, y) = (u(a), u(b));
            I(
                ((x & 0xffff).abs_diff(y & 0xffff) + (x >> 16).abs_diff(y >> 16)).wrapping_add(u(c))
                    as u64,
            )
        }
        V_QSAD_PK_U16_U8 | V_MQSAD_PK_U16_U8 => {
            // Four SADs of S1 against S0 shifted by 0..3 bytes, each added to a 16-bit field of S2.
            let (x, y, z) = (a, u(b), c);
            let mut r = 0u64;
            for k in 0..4 {
                let win = (x >> (8 * k)) as u32;
                let d: u32 = (0..4)
                    .map(|j| {
                        let (p, q) = ((win >> (8 * j)) & 0xff, (y >> (8 * j)) & 0xff);
                        if op == V_MQSAD_PK_U16_U8 && q == 0 {
                            0
                        } else {
                            p.abs_diff(q)
                        }
                    })
                    .sum();
                r |=
                    (((z >> (16 * k)) as u32 & 0xffff).wrapping_add(d) as u64 & 0xffff) << (16 * k);
            }
            I(r)
        }
        V_LERP_U8 => {
            let (x, y, z) = (u(a), u(b), u(c));
            I((0..4).fold(0u32, |r, k| {
                r | ((((x >> (8 * k)) & 0xff) + ((y >> (8 * k)) & 0xff) + ((z >> (8 * k)) & 1))
                    >> 1)
                    << (8 * k)
            }) as u64)
        }
        _ => I(c),
    }
}
