//! gfx11 SALU operations one by one against reference functions written from AMD's RDNA3
//! pseudocode: the 32-bit result (or 64-bit pair) and SCC (written or kept).

use super::gfx11_harness::*;
use super::harness::{Check, V32, V64};

/// (instruction on s[0:1], s[2:3] into s[4:5], 64-bit operation, reference(a, b, scc) ->
/// (result, scc after)).
pub type RefFn = fn(u64, u64, bool) -> (u64, bool);

fn sb(x: bool) -> u64 {
    x as u64
}

pub const OPS: &[(&str, bool, RefFn)] = &[
    ("s_and_not1_b32 s4, s0, s2", false, |a, b, _| {
        let r = (a & !b) as u32 as u64;
        (r, r != 0)
    }),
    ("s_or_not1_b32 s4, s0, s2", false, |a, b, _| {
        let r = (a | !b) as u32 as u64;
        (r, r != 0)
    }),
    ("s_and_not1_b64 s[4:5], s[0:1], s[2:3]", true, |a, b, _| {
        let r = a & !b;
        (r, r != 0)
    }),
    ("s_or_not1_b64 s[4:5], s[0:1], s[2:3]", true, |a, b, _| {
        let r = a | !b;
        (r, r != 0)
    }),
    ("s_nand_b64 s[4:5], s[0:1], s[2:3]", true, |a, b, _| {
        let r = !(a & b);
        (r, r != 0)
    }),
    ("s_xnor_b64 s[4:5], s[0:1], s[2:3]", true, |a, b, _| {
        let r = !(a ^ b);
        (r, r != 0)
    }),
    ("s_lshl_b64 s[4:5], s[0:1], s2", true, |a, b, _| {
        let r = a << (b & 63);
        (r, r != 0)
    }),
    ("s_lshr_b64 s[4:5], s[0:1], s2", true, |a, b, _| {
        let r = a >> (b & 63);
        (r, r != 0)
    }),
    ("s_ashr_i64 s[4:5], s[0:1], s2", true, |a, b, _| {
        let r = ((a as i64) >> (b & 63)) as u64;
        (r, r != 0)
    }),
    ("s_bfm_b64 s[4:5], s0, s2", true, |a, b, c| {
        (((1u64 << (a & 63)).wrapping_sub(1)) << (b & 63), c)
    }),
    ("s_bfe_u64 s[4:5], s[0:1], s2", true, |a, b, _| {
        let (off, w) = (b & 63, (b >> 16) & 0x7f);
        let r = if w >= 64 {
            a >> off
        } else {
            (a >> off) & ((1u64 << w) - 1)
        };
        (r, r != 0)
    }),
    ("s_bfe_i64 s[4:5], s[0:1], s2", true, |a, b, _| {
        let (off, w) = (b & 63, (b >> 16) & 0x7f);
        let t = if w >= 64 {
            a >> off
        } else {
            (a >> off) & ((1u64 << w) - 1)
        };
        let r = if w == 0 {
            0
        } else if w >= 64 {
            t
        } else {
            (((t << (64 - w)) as i64) >> (64 - w)) as u64
        };
        (r, r != 0)
    }),
    ("s_lshl1_add_u32 s4, s0, s2", false, |a, b, _| {
        let t = ((a as u32 as u64) << 1) + (b as u32 as u64);
        (t as u32 as u64, t >> 32 != 0)
    }),
    ("s_lshl2_add_u32 s4, s0, s2", false, |a, b, _| {
        let t = ((a as u32 as u64) << 2) + (b as u32 as u64);
        (t as u32 as u64, t >> 32 != 0)
    }),
    ("s_lshl3_add_u32 s4, s0, s2", false, |a, b, _| {
        let t = ((a as u32 as u64) << 3) + (b as u32 as u64);
        (t as u32 as u64, t >> 32 != 0)
    }),
    ("s_lshl4_add_u32 s4, s0, s2", false, |a, b, _| {
        let t = ((a as u32 as u64) << 4) + (b as u32 as u64);
        (t as u32 as u64, t >> 32 != 0)
    }),
    ("s_mul_hi_u32 s4, s0, s2", false, |a, b, c| {
        (((a as u32 as u64) * (b as u32 as u64)) >> 32, c)
    }),
    ("s_mul_hi_i32 s4, s0, s2", false, |a, b, c| {
        (
            ((((a as i32 as i64) * (b as i32 as i64)) >> 32) as u32) as u64,
            c,
        )
    }),
    ("s_mul_i32 s4, s0, s2", false, |a, b, c| {
        ((a as u32).wrapping_mul(b as u32) as u64, c)
    }),
    ("s_pack_ll_b32_b16 s4, s0, s2", false, |a, b, c| {
        (((a & 0xffff) | (b & 0xffff) << 16) as u32 as u64, c)
    }),
    ("s_pack_lh_b32_b16 s4, s0, s2", false, |a, b, c| {
        (((a & 0xffff) | (b as u32 as u64 >> 16) << 16), c)
    }),
    ("s_pack_hl_b32_b16 s4, s0, s2", false, |a, b, c| {
        ((a as u32 as u64 >> 16) | (b & 0xffff) << 16, c)
    }),
    ("s_pack_hh_b32_b16 s4, s0, s2", false, |a, b, c| {
        ((a as u32 as u64 >> 16) | (b as u32 as u64 >> 16) << 16, c)
    }),
    ("s_absdiff_i32 s4, s0, s2", false, |a, b, _| {
        let r = (a as i32).wrapping_sub(b as i32).unsigned_abs() as u64;
        (r, r != 0)
    }),
    ("s_min_i32 s4, s0, s2", false, |a, b, _| {
        let l = (a as i32) < (b as i32);
        (if l { a } else { b } as u32 as u64, l)
    }),
    ("s_max_u32 s4, s0, s2", false, |a, b, _| {
        let g = a as u32 >= b as u32;
        (if g { a } else { b } as u32 as u64, g)
    }),
    ("s_cselect_b64 s[4:5], s[0:1], s[2:3]", true, |a, b, c| {
        (if c { a } else { b }, c)
    }),
    ("s_add_u32 s4, s0, s2", false, |a, b, _| {
        let t = (a as u32 as u64) + (b as u32 as u64);
        (t as u32 as u64, t >> 32 != 0)
    }),
    ("s_addc_u32 s4, s0, s2", false, |a, b, c| {
        let t = (a as u32 as u64) + (b as u32 as u64) + sb(c);
        (t as u32 as u64, t >> 32 != 0)
    }),
    ("s_subb_u32 s4, s0, s2", false, |a, b, c| {
        let (x, y) = (a as u32 as u64, b as u32 as u64 + sb(c));
        (x.wrapping_sub(y) as u32 as u64, y > x)
    }),
    ("s_add_i32 s4, s0, s2", false, |a, b, _| {
        let (x, y) = (a as i32, b as i32);
        let r = x.wrapping_add(y);
        (r as u32 as u64, (x < 0) == (y < 0) && (r < 0) != (x < 0))
    }),
    ("s_sub_i32 s4, s0, s2", false, |a, b, _| {
        let (x, y) = (a as i32, b as i32);
        let r = x.wrapping_sub(y);
        (r as u32 as u64, (x < 0) != (y < 0) && (r < 0) != (x < 0))
    }),
    // ---- SOP1 (source s[0:1] / s0)
    ("s_sext_i32_i8 s4, s0", false, |a, _, c| {
        (a as i8 as i32 as u32 as u64, c)
    }),
    ("s_sext_i32_i16 s4, s0", false, |a, _, c| {
        (a as i16 as i32 as u32 as u64, c)
    }),
    ("s_bitreplicate_b64_b32 s[4:5], s0", true, |a, _, c| {
        (
            (0..32).fold(0u64, |r, k| r | (((a >> k) & 1) * (3u64 << (2 * k)))),
            c,
        )
    }),
    ("s_not_b64 s[4:5], s[0:1]", true, |a, _, _| (!a, !a != 0)),
    ("s_brev_b64 s[4:5], s[0:1]", true, |a, _, c| {
        (a.reverse_bits(), c)
    }),
    ("s_bcnt0_i32_b64 s4, s[0:1]", false, |a, _, _| {
        let r = a.count_zeros() as u64;
        (r, r != 0)
    }),
    ("s_bcnt1_i32_b64 s4, s[0:1]", false, |a, _, _| {
        let r = a.count_ones() as u64;
        (r, r != 0)
    }),
    ("s_ctz_i32_b32 s4, s0", false, |a, _, c| {
        (
            if a as u32 == 0 {
                u32::MAX
            } else {
                (a as u32).trailing_zeros()
            } as u64,
            c,
        )
    }),
    ("s_ctz_i32_b64 s4, s[0:1]", false, |a, _, c| {
        (if a == 0 { u32::MAX } else { a.trailing_zeros() } as u64, c)
    }),
    ("s_clz_i32_u32 s4, s0", false, |a, _, c| {
        (
            if a as u32 == 0 {
                u32::MAX
            } else {
                (a as u32).leading_zeros()
            } as u64,
            c,
        )
    }),
    ("s_clz_i32_u64 s4, s[0:1]", false, |a, _, c| {
        (if a == 0 { u32::MAX } else { a.leading_zeros() } as u64, c)
    }),
    ("s_cls_i32 s4, s0", false, |a, _, c| {
        let x = a as u32;
        let y = if (x as i32) < 0 { !x } else { x };
        (if y == 0 { u32::MAX } else { y.leading_zeros() } as u64, c)
    }),
    ("s_cls_i32_i64 s4, s[0:1]", false, |a, _, c| {
        let y = if (a as i64) < 0 { !a } else { a };
        (if y == 0 { u32::MAX } else { y.leading_zeros() } as u64, c)
    }),
    ("s_abs_i32 s4, s0", false, |a, _, _| {
        let r = (a as i32).unsigned_abs() as u64;
        (r, r != 0)
    }),
    ("s_quadmask_b32 s4, s0", false, |a, _, _| {
        let r = (0..8).fold(0u64, |r, k| r | (((a >> (4 * k)) & 15 != 0) as u64) << k);
        (r, r != 0)
    }),
    ("s_quadmask_b64 s[4:5], s[0:1]", true, |a, _, _| {
        let r = (0..16).fold(0u64, |r, k| r | (((a >> (4 * k)) & 15 != 0) as u64) << k);
        (r, r != 0)
    }),
    ("s_wqm_b64 s[4:5], s[0:1]", true, |a, _, _| {
        let r = (0..16).fold(0u64, |r, k| {
            r | if (a >> (4 * k)) & 15 != 0 {
                15 << (4 * k)
            } else {
                0
            }
        });
        (r, r != 0)
    }),
    ("s_bitset0_b64 s[4:5], s0", true, |a, _, c| {
        (0x0123_4567_89ab_cdef & !(1u64 << (a & 63)), c)
    }),
    ("s_bitset1_b64 s[4:5], s0", true, |a, _, c| {
        (0x0123_4567_89ab_cdef | 1u64 << (a & 63), c)
    }),
    ("s_bitset0_b32 s4, s0", false, |a, _, c| {
        (0x89ab_cdef & !(1u64 << (a & 31)), c)
    }),
    ("s_bitset1_b32 s4, s0", false, |a, _, c| {
        (0x89ab_cdef | 1u64 << (a & 31), c)
    }),
    // ---- SOPC: SCC only (the destination keeps its value).
    ("s_cmp_eq_u64 s[0:1], s[2:3]", true, |a, b, _| {
        (0x0123_4567_89ab_cdef, a == b)
    }),
    ("s_cmp_lg_u64 s[0:1], s[2:3]", true, |a, b, _| {
        (0x0123_4567_89ab_cdef, a != b)
    }),
    ("s_bitcmp1_b64 s[0:1], s2", true, |a, b, _| {
        (0x0123_4567_89ab_cdef, (a >> (b & 63)) & 1 != 0)
    }),
    ("s_bitcmp0_b32 s0, s2", false, |a, b, _| {
        (0x89ab_cdef, (a >> (b & 31)) & 1 == 0)
    }),
];

#[test]
fn gfx11_salu_ops_against_the_pseudocode() {
    let mut chk = Check::new();
    let mut r = Rng(0x5a1);
    let mut vals: Vec<u64> = V64.to_vec();
    vals.extend(
        V32.iter()
            .map(|&x| x as u64 | (x as u64) << 32 ^ 0x8000_0000_0000_0000),
    );
    for (text, wide, f) in OPS {
        let i = inst(text);
        for (k, &a) in vals.iter().enumerate() {
            for (j, &b0) in vals.iter().enumerate().step_by(3) {
                // Shift counts and bit-field descriptors near their fields' ranges.
                let b = if j % 2 == 0 {
                    b0
                } else {
                    b0 & 0x7f_003f | (r.next() & 0xff00)
                };
                let scc = (k + j) % 3 == 0;
                let mut w = wave(32);
                w.s[0] = a as u32;
                w.s[1] = (a >> 32) as u32;
                w.s[2] = b as u32;
                w.s[3] = (b >> 32) as u32;
                // The destination's old value (kept by SOPC, bit-set's base).
                w.s[4] = 0x89ab_cdef;
                w.s[5] = 0x0123_4567;
                w.scc = scc;
                step(&mut w, &i).unwrap_or_else(|e| panic!("{text}: {e}"));
                let (want, want_scc) = f(a, b, scc);
                let got = if *wide {
                    w.s[4] as u64 | (w.s[5] as u64) << 32
                } else {
                    w.s[4] as u64
                };
                chk.eq((got, w.scc), (want, want_scc), || {
                    format!("{text} ({a:x}, {b:x}, scc {scc})")
                });
                if !wide {
                    chk.eq(w.s[5], 0x0123_4567, || format!("{text}: s5 kept"));
                }
            }
        }
    }
    chk.done();
}
