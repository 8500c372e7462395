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
    ("s_and_b32 s4, s0, s2", false, |a, b, _| {
        let r = (a & b) as u32 as u64;
        (r, r != 0)
    }),
    ("s_or_b32 s4, s0, s2", false, |a, b, _| {
        let r = (a | b) as u32 as u64;
        (r, r != 0)
    }),
    ("s_xor_b32 s4, s0, s2", false, |a, b, _| {
        let r = (a ^ b) as u32 as u64;
        (r, r != 0)
    }),
    ("s_nand_b32 s4, s0, s2", false, |a, b, _| {
        let r = !(a & b) as u32 as u64;
        (r, r != 0)
    }),
    ("s_nor_b32 s4, s0, s2", false, |a, b, _| {
        let r = !(a | b) as u32 as u64;
        (r, r != 0)
    }),
    ("s_xnor_b32 s4, s0, s2", false, |a, b, _| {
        let r = !(a ^ b) as u32 as u64;
        (r, r != 0)
    }),
    ("s_and_b64 s[4:5], s[0:1], s[2:3]", true, |a, b, _| {
        let r = a & b;
        (r, r != 0)
    }),
    ("s_or_b64 s[4:5], s[0:1], s[2:3]", true, |a, b, _| {
        let r = a | b;
        (r, r != 0)
    }),
    ("s_xor_b64 s[4:5], s[0:1], s[2:3]", true, |a, b, _| {
        let r = a ^ b;
        (r, r != 0)
    }),
    ("s_nor_b64 s[4:5], s[0:1], s[2:3]", true, |a, b, _| {
        let r = !(a | b);
        (r, r != 0)
    }),
    ("s_lshl_b32 s4, s0, s2", false, |a, b, _| {
        let r = ((a as u32) << (b & 31)) as u64;
        (r, r != 0)
    }),
    ("s_lshr_b32 s4, s0, s2", false, |a, b, _| {
        let r = ((a as u32) >> (b & 31)) as u64;
        (r, r != 0)
    }),
    ("s_ashr_i32 s4, s0, s2", false, |a, b, _| {
        let r = ((a as i32) >> (b & 31)) as u32 as u64;
        (r, r != 0)
    }),
    ("s_bfe_u32 s4, s0, s2", false, |a, b, _| {
        let (o, w) = (b & 31, (b >> 16) & 0x7f);
        let t = (a as u32) >> o;
        let r = if w >= 32 { t } else { t & ((1u32 << w) - 1) } as u64;
        (r, r != 0)
    }),
    ("s_bfe_i32 s4, s0, s2", false, |a, b, _| {
        let (o, w) = (b & 31, (b >> 16) & 0x7f);
        let t = (a as u32) >> o;
        let r = if w == 0 {
            0
        } else if w >= 32 {
            t
        } else {
            (((t << (32 - w)) as i32) >> (32 - w)) as u32
        } as u64;
        (r, r != 0)
    }),
    ("s_bfm_b32 s4, s0, s2", false, |a, b, c| {
        (((((1u64 << (a & 31)) - 1) as u32) << (b & 31)) as u64, c)
    }),
    ("s_min_u32 s4, s0, s2", false, |a, b, _| {
        let l = (a as u32) < (b as u32);
        (if l { a } else { b } as u32 as u64, l)
    }),
    ("s_max_i32 s4, s0, s2", false, |a, b, _| {
        let g = (a as i32) >= (b as i32);
        (if g { a } else { b } as u32 as u64, g)
    }),
    ("s_sub_u32 s4, s0, s2", false, |a, b, _| {
        (
            (a as u32).wrapping_sub(b as u32) as u64,
            (b as u32) > (a as u32),
        )
    }),
    ("s_cselect_b32 s4, s0, s2", false, |a, b, c| {
        (if c { a } else { b } as u32 as u64, c)
    }),
    ("s_cmp_eq_i32 s0, s2", false, |a, b, _| {
        (0x89ab_cdef, a as i32 == b as i32)
    }),
    ("s_cmp_lg_i32 s0, s2", false, |a, b, _| {
        (0x89ab_cdef, a as i32 != b as i32)
    }),
    ("s_cmp_gt_i32 s0, s2", false, |a, b, _| {
        (0x89ab_cdef, a as i32 > b as i32)
    }),
    ("s_cmp_ge_i32 s0, s2", false, |a, b, _| {
        (0x89ab_cdef, a as i32 >= b as i32)
    }),
    ("s_cmp_lt_i32 s0, s2", false, |a, b, _| {
        (0x89ab_cdef, (a as i32) < b as i32)
    }),
    ("s_cmp_le_i32 s0, s2", false, |a, b, _| {
        (0x89ab_cdef, a as i32 <= b as i32)
    }),
    ("s_cmp_eq_u32 s0, s2", false, |a, b, _| {
        (0x89ab_cdef, a as u32 == b as u32)
    }),
    ("s_cmp_lg_u32 s0, s2", false, |a, b, _| {
        (0x89ab_cdef, a as u32 != b as u32)
    }),
    ("s_cmp_gt_u32 s0, s2", false, |a, b, _| {
        (0x89ab_cdef, a as u32 > b as u32)
    }),
    ("s_cmp_ge_u32 s0, s2", false, |a, b, _| {
        (0x89ab_cdef, a as u32 >= b as u32)
    }),
    ("s_cmp_lt_u32 s0, s2", false, |a, b, _| {
        (0x89ab_cdef, (a as u32) < b as u32)
    }),
    ("s_cmp_le_u32 s0, s2", false, |a, b, _| {
        (0x89ab_cdef, a as u32 <= b as u32)
    }),
    ("s_bitcmp1_b32 s0, s2", false, |a, b, _| {
        (0x89ab_cdef, (a >> (b & 31)) & 1 != 0)
    }),
    ("s_bitcmp0_b64 s[0:1], s2", true, |a, b, _| {
        (0x0123_4567_89ab_cdef, (a >> (b & 63)) & 1 == 0)
    }),
    // ---- SOP1 (source s[0:1] / s0)
    ("s_mov_b32 s4, s0", false, |a, _, c| (a as u32 as u64, c)),
    ("s_mov_b64 s[4:5], s[0:1]", true, |a, _, c| (a, c)),
    ("s_cmov_b32 s4, s0", false, |a, _, c| {
        (if c { a as u32 as u64 } else { 0x89ab_cdef }, c)
    }),
    ("s_cmov_b64 s[4:5], s[0:1]", true, |a, _, c| {
        (if c { a } else { 0x0123_4567_89ab_cdef }, c)
    }),
    ("s_not_b32 s4, s0", false, |a, _, _| {
        let r = !(a as u32) as u64;
        (r, r != 0)
    }),
    ("s_brev_b32 s4, s0", false, |a, _, c| {
        ((a as u32).reverse_bits() as u64, c)
    }),
    ("s_bcnt0_i32_b32 s4, s0", false, |a, _, _| {
        let r = (a as u32).count_zeros() as u64;
        (r, r != 0)
    }),
    ("s_bcnt1_i32_b32 s4, s0", false, |a, _, _| {
        let r = (a as u32).count_ones() as u64;
        (r, r != 0)
    }),
    ("s_wqm_b32 s4, s0", false, |a, _, _| {
        let r = (0..8).fold(0u64, |r, k| {
            r | if (a >> (4 * k)) & 15 != 0 {
                15 << (4 * k)
            } else {
                0
            }
        });
        (r, r != 0)
    }),
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

/// SOPK: the destination field is also the first operand (s0 here), SIMM16 the other.
type RefK = fn(u32, bool) -> (u32, bool);
const OPSK: &[(&str, RefK)] = &[
    ("s_movk_i32 s0, 0x8001", |_, c| (0xffff_8001, c)),
    ("s_cmovk_i32 s0, 0x7ffe", |a, c| {
        (if c { 0x7ffe } else { a }, c)
    }),
    ("s_addk_i32 s0, 0x8001", |a, _| {
        let (x, y) = (a as i32, -32767i32);
        let r = x.wrapping_add(y);
        (r as u32, (x < 0) == (y < 0) && (r < 0) != (x < 0))
    }),
    ("s_mulk_i32 s0, 0xfffd", |a, c| {
        ((a as i32).wrapping_mul(-3) as u32, c)
    }),
    ("s_cmpk_eq_i32 s0, 0xfffd", |a, _| (a, a as i32 == -3)),
    ("s_cmpk_lg_i32 s0, 0xfffd", |a, _| (a, a as i32 != -3)),
    ("s_cmpk_gt_i32 s0, 0xfffd", |a, _| (a, a as i32 > -3)),
    ("s_cmpk_ge_i32 s0, 0xfffd", |a, _| (a, a as i32 >= -3)),
    ("s_cmpk_lt_i32 s0, 0xfffd", |a, _| (a, (a as i32) < -3)),
    ("s_cmpk_le_i32 s0, 0xfffd", |a, _| (a, a as i32 <= -3)),
    // The unsigned forms zero-extend SIMM16.
    ("s_cmpk_eq_u32 s0, 0xfffd", |a, _| (a, a == 0xfffd)),
    ("s_cmpk_lg_u32 s0, 0xfffd", |a, _| (a, a != 0xfffd)),
    ("s_cmpk_gt_u32 s0, 0xfffd", |a, _| (a, a > 0xfffd)),
    ("s_cmpk_ge_u32 s0, 0xfffd", |a, _| (a, a >= 0xfffd)),
    ("s_cmpk_lt_u32 s0, 0xfffd", |a, _| (a, a < 0xfffd)),
    ("s_cmpk_le_u32 s0, 0xfffd", |a, _| (a, a <= 0xfffd)),
];

pub fn names_k() -> impl Iterator<Item = &'static str> {
    OPSK.iter().map(|o| o.0)
}

/// The saveexec family (D = the old EXEC, EXEC = f(S0, EXEC), SCC = EXEC != 0) and wrexec
/// (EXEC = f(S0, EXEC), D = the new EXEC), b32 in wave32 and b64 in wave64.
type RefX = fn(u64, u64) -> u64;
const OPSX: &[(&str, RefX, bool)] = &[
    ("s_and_saveexec", |s, e| s & e, false),
    ("s_or_saveexec", |s, e| s | e, false),
    ("s_xor_saveexec", |s, e| s ^ e, false),
    ("s_nand_saveexec", |s, e| !(s & e), false),
    ("s_nor_saveexec", |s, e| !(s | e), false),
    ("s_xnor_saveexec", |s, e| !(s ^ e), false),
    ("s_and_not0_saveexec", |s, e| !s & e, false),
    ("s_or_not0_saveexec", |s, e| !s | e, false),
    ("s_and_not1_saveexec", |s, e| s & !e, false),
    ("s_or_not1_saveexec", |s, e| s | !e, false),
    ("s_and_not0_wrexec", |s, e| !s & e, true),
    ("s_and_not1_wrexec", |s, e| s & !e, true),
];

pub fn names_x() -> impl Iterator<Item = String> {
    OPSX.iter()
        .flat_map(|o| [format!("{}_b32", o.0), format!("{}_b64", o.0)])
}

#[test]
fn gfx11_sopk_and_exec_masks() {
    let mut chk = Check::new();
    let mut vals: Vec<u32> = V32.to_vec();
    vals.extend([0xfffd, 0xffff_fffd, 0xfffe, 0x8000_7fff]);
    for (text, f) in OPSK {
        let i = inst(text);
        for (k, &a) in vals.iter().enumerate() {
            let scc = k % 2 == 0;
            let mut w = wave(32);
            w.s[0] = a;
            w.scc = scc;
            step(&mut w, &i).unwrap_or_else(|e| panic!("{text}: {e}"));
            chk.eq((w.s[0], w.scc), f(a, scc), || {
                format!("{text} ({a:x}, scc {scc})")
            });
        }
    }
    let mut r = Rng(0xe7ec);
    for (name, f, wr) in OPSX {
        for wave64 in [false, true] {
            let (n, text) = if wave64 {
                (64, format!("{name}_b64 s[4:5], s[0:1]"))
            } else {
                (32, format!("{name}_b32 s4, s0"))
            };
            let ws = gpuisa_amdgpu::rdna3::asm::assemble_inst(&text, wave64).unwrap();
            let i = decode(&ws, wave64);
            let mask = if wave64 { u64::MAX } else { 0xffff_ffff };
            for k in 0..40 {
                let (s, e) = match k {
                    0 => (0, mask),
                    1 => (mask, 0),
                    2 => (mask, mask),
                    _ => (r.next() & mask, r.next() & mask),
                };
                let mut w = wave(n);
                w.s[0] = s as u32;
                w.s[1] = (s >> 32) as u32;
                w.s[5] = 0x5555_5555;
                w.set_exec(e);
                step(&mut w, &i).unwrap_or_else(|er| panic!("{text}: {er}"));
                let new = f(s, e) & mask;
                let d = if *wr { new } else { e };
                let got_d = if wave64 {
                    w.s[4] as u64 | (w.s[5] as u64) << 32
                } else {
                    w.s[4] as u64
                };
                chk.eq((w.exec() & mask, got_d, w.scc), (new, d, new != 0), || {
                    format!("{text} (s {s:x}, exec {e:x})")
                });
                if !wave64 {
                    chk.eq(w.s[5], 0x5555_5555, || format!("{text}: s5 kept"));
                }
            }
        }
    }
    chk.done();
}
