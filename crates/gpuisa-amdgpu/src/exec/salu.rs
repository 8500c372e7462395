//! Scalar ALU and program control (SOP1, SOP2, SOPC, SOPK, SOPP), as AMD's pseudocode for each
//! operation states it (`../shared/reference/cdna/pseudocode.json` for gfx9).

use super::wave::{Wave, EXEC, M0};
use super::{err, unsupported, Ctx, Flow, R};
use crate::gcn::inst::TInst;
use crate::gcn::Enc;
use crate::op::Op;

fn s32(w: &Wave, i: &TInst, k: usize) -> u32 {
    w.scalar_src(i.src[k], 1, false, false, i.lit) as u32
}
fn s64(w: &Wave, i: &TInst, k: usize) -> u64 {
    w.scalar_src(i.src[k], 2, false, false, i.lit)
}

/// The branch target of a SOPP/SOPK branch: the next instruction plus 4 * simm16.
fn target(w: &Wave, i: &TInst) -> u64 {
    (w.pc + 4 * i.len as u64).wrapping_add((i.simm16 as i16 as i64 * 4) as u64)
}

pub fn exec(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>) -> R<Flow> {
    use Op::*;
    let d = i.sdst as usize;
    match i.enc {
        Enc::Sopp => return sopp(w, i, ctx),
        Enc::Sopk => return sopk(w, i),
        _ => {}
    }
    // Results: 32-bit (with SCC where the op sets it), 64-bit, or comparisons.
    let (a, b) = (s32(w, i, 0), s32(w, i, 1));
    let r32 = |w: &mut Wave, v: u32, scc: Option<bool>| {
        w.sset(d, v);
        if let Some(c) = scc {
            w.scc = c;
        }
    };
    match i.op {
        // ---- SOP2, 32 bit
        S_ADD_U32 => {
            let (v, c) = a.overflowing_add(b);
            r32(w, v, Some(c));
        }
        S_SUB_U32 => {
            let (v, c) = a.overflowing_sub(b);
            r32(w, v, Some(c));
        }
        S_ADD_I32 => {
            let (v, o) = (a as i32).overflowing_add(b as i32);
            r32(w, v as u32, Some(o));
        }
        S_SUB_I32 => {
            let (v, o) = (a as i32).overflowing_sub(b as i32);
            r32(w, v as u32, Some(o));
        }
        S_ADDC_U32 => {
            let t = a as u64 + b as u64 + w.scc as u64;
            r32(w, t as u32, Some(t >> 32 != 0));
        }
        S_SUBB_U32 => {
            let t = (a as u64).wrapping_sub(b as u64).wrapping_sub(w.scc as u64);
            r32(w, t as u32, Some((b as u64 + w.scc as u64) > a as u64));
        }
        S_MIN_I32 => r32(
            w,
            (a as i32).min(b as i32) as u32,
            Some((a as i32) < (b as i32)),
        ),
        S_MIN_U32 => r32(w, a.min(b), Some(a < b)),
        S_MAX_I32 => r32(
            w,
            (a as i32).max(b as i32) as u32,
            Some((a as i32) >= (b as i32)),
        ),
        S_MAX_U32 => r32(w, a.max(b), Some(a >= b)),
        S_CSELECT_B32 => r32(w, if w.scc { a } else { b }, None),
        S_AND_B32 => r32(w, a & b, Some(a & b != 0)),
        S_OR_B32 => r32(w, a | b, Some(a | b != 0)),
        S_XOR_B32 => r32(w, a ^ b, Some(a ^ b != 0)),
        S_ANDN2_B32 => r32(w, a & !b, Some(a & !b != 0)),
        S_ORN2_B32 => r32(w, a | !b, Some(a | !b != 0)),
        S_NAND_B32 => r32(w, !(a & b), Some(!(a & b) != 0)),
        S_NOR_B32 => r32(w, !(a | b), Some(!(a | b) != 0)),
        S_XNOR_B32 => r32(w, !(a ^ b), Some(!(a ^ b) != 0)),
        S_LSHL_B32 => r32(w, a << (b & 31), Some(a << (b & 31) != 0)),
        S_LSHR_B32 => r32(w, a >> (b & 31), Some(a >> (b & 31) != 0)),
        S_ASHR_I32 => {
            let v = ((a as i32) >> (b & 31)) as u32;
            r32(w, v, Some(v != 0))
        }
        S_BFM_B32 => r32(
            w,
            ((1u64 << (a & 31)) as u32).wrapping_sub(1) << (b & 31),
            None,
        ),
        S_MUL_I32 => r32(w, a.wrapping_mul(b), None),
        S_MUL_HI_U32 => r32(w, ((a as u64 * b as u64) >> 32) as u32, None),
        S_MUL_HI_I32 => r32(w, ((a as i32 as i64 * b as i32 as i64) >> 32) as u32, None),
        S_BFE_U32 => {
            let (off, wid) = (b & 31, (b >> 16) & 0x7f);
            let v = if wid == 0 {
                0
            } else {
                (a >> off) & ((1u64 << wid.min(32)) - 1) as u32
            };
            r32(w, v, Some(v != 0))
        }
        S_BFE_I32 => {
            let (off, wid) = (b & 31, (b >> 16) & 0x7f);
            let v = if wid == 0 {
                0
            } else {
                let x = (a >> off) as i64 & ((1i64 << wid.min(32)) - 1);
                let sh = 64 - wid.min(32);
                ((x << sh) >> sh) as i32 as u32
            };
            r32(w, v, Some(v != 0))
        }
        S_ABSDIFF_I32 => {
            // The 32-bit difference (wrapping), then its absolute value (AMD's pseudocode).
            let v = (a as i32).wrapping_sub(b as i32).wrapping_abs() as u32;
            r32(w, v, Some(v != 0))
        }
        S_LSHL1_ADD_U32 | S_LSHL2_ADD_U32 | S_LSHL3_ADD_U32 | S_LSHL4_ADD_U32 => {
            let n = match i.op {
                S_LSHL1_ADD_U32 => 1,
                S_LSHL2_ADD_U32 => 2,
                S_LSHL3_ADD_U32 => 3,
                _ => 4,
            };
            let t = ((a as u64) << n) + b as u64;
            r32(w, t as u32, Some(t >> 32 != 0));
        }
        S_PACK_LL_B32_B16 => r32(w, (a & 0xffff) | b << 16, None),
        S_PACK_LH_B32_B16 => r32(w, (a & 0xffff) | (b & 0xffff_0000), None),
        S_PACK_HH_B32_B16 => r32(w, a >> 16 | (b & 0xffff_0000), None),
        S_PACK_HL_B32_B16 => r32(w, a >> 16 | b << 16, None),
        // ---- SOP2, 64 bit
        S_CSELECT_B64 | S_AND_B64 | S_OR_B64 | S_XOR_B64 | S_ANDN2_B64 | S_ORN2_B64
        | S_NAND_B64 | S_NOR_B64 | S_XNOR_B64 | S_LSHL_B64 | S_LSHR_B64 | S_ASHR_I64
        | S_BFM_B64 | S_BFE_U64 | S_BFE_I64 => {
            let x = s64(w, i, 0);
            let y = if i.src_n[1] >= 2 {
                s64(w, i, 1)
            } else {
                s32(w, i, 1) as u64
            };
            let (v, scc) = match i.op {
                S_CSELECT_B64 => (if w.scc { x } else { y }, None),
                S_AND_B64 => (x & y, Some(())),
                S_OR_B64 => (x | y, Some(())),
                S_XOR_B64 => (x ^ y, Some(())),
                S_ANDN2_B64 => (x & !y, Some(())),
                S_ORN2_B64 => (x | !y, Some(())),
                S_NAND_B64 => (!(x & y), Some(())),
                S_NOR_B64 => (!(x | y), Some(())),
                S_XNOR_B64 => (!(x ^ y), Some(())),
                S_LSHL_B64 => (x << (y & 63), Some(())),
                S_LSHR_B64 => (x >> (y & 63), Some(())),
                S_ASHR_I64 => (((x as i64) >> (y & 63)) as u64, Some(())),
                S_BFM_B64 => ((((1u128 << (x & 63)) - 1) as u64) << (y & 63), None),
                S_BFE_U64 | S_BFE_I64 => {
                    let (off, wid) = (y & 63, ((y >> 16) & 0x7f).min(64));
                    let f = if wid == 0 {
                        0
                    } else {
                        (x >> off) & ((1u128 << wid) - 1) as u64
                    };
                    let f = if i.op == S_BFE_I64 && wid > 0 && wid < 64 {
                        (((f << (64 - wid)) as i64) >> (64 - wid)) as u64
                    } else {
                        f
                    };
                    (f, Some(()))
                }
                _ => (0, None),
            };
            w.sset64(d, v);
            if scc.is_some() {
                w.scc = v != 0;
            }
        }
        // ---- SOP1
        S_MOV_B32 => r32(w, a, None),
        S_MOV_B64 => {
            let v = s64(w, i, 0);
            w.sset64(d, v)
        }
        S_CMOV_B32 => {
            if w.scc {
                r32(w, a, None)
            }
        }
        S_CMOV_B64 => {
            if w.scc {
                let v = s64(w, i, 0);
                w.sset64(d, v)
            }
        }
        S_NOT_B32 => r32(w, !a, Some(!a != 0)),
        S_NOT_B64 => {
            let v = !s64(w, i, 0);
            w.sset64(d, v);
            w.scc = v != 0;
        }
        S_BREV_B32 => r32(w, a.reverse_bits(), None),
        S_BREV_B64 => {
            let v = s64(w, i, 0).reverse_bits();
            w.sset64(d, v)
        }
        S_BCNT0_I32_B32 => r32(w, a.count_zeros(), Some(a.count_zeros() != 0)),
        S_BCNT1_I32_B32 => r32(w, a.count_ones(), Some(a != 0)),
        S_BCNT0_I32_B64 => {
            let v = s64(w, i, 0).count_zeros();
            r32(w, v, Some(v != 0))
        }
        S_BCNT1_I32_B64 => {
            let v = s64(w, i, 0).count_ones();
            r32(w, v, Some(v != 0))
        }
        S_FF0_I32_B32 => r32(
            w,
            if a == u32::MAX {
                u32::MAX
            } else {
                (!a).trailing_zeros()
            },
            None,
        ),
        S_FF1_I32_B32 => r32(w, if a == 0 { u32::MAX } else { a.trailing_zeros() }, None),
        S_FF0_I32_B64 => {
            let x = s64(w, i, 0);
            r32(
                w,
                if x == u64::MAX {
                    u32::MAX
                } else {
                    (!x).trailing_zeros()
                },
                None,
            )
        }
        S_FF1_I32_B64 => {
            let x = s64(w, i, 0);
            r32(w, if x == 0 { u32::MAX } else { x.trailing_zeros() }, None)
        }
        S_FLBIT_I32_B32 => r32(w, if a == 0 { u32::MAX } else { a.leading_zeros() }, None),
        S_FLBIT_I32_B64 => {
            let x = s64(w, i, 0);
            r32(w, if x == 0 { u32::MAX } else { x.leading_zeros() }, None)
        }
        S_FLBIT_I32 => {
            let x = if (a as i32) < 0 { !a } else { a };
            r32(w, if x == 0 { u32::MAX } else { x.leading_zeros() }, None)
        }
        S_FLBIT_I32_I64 => {
            let x = s64(w, i, 0);
            let x = if (x as i64) < 0 { !x } else { x };
            r32(w, if x == 0 { u32::MAX } else { x.leading_zeros() }, None)
        }
        S_SEXT_I32_I8 => r32(w, a as i8 as i32 as u32, None),
        S_SEXT_I32_I16 => r32(w, a as i16 as i32 as u32, None),
        S_ABS_I32 => {
            let v = (a as i32).wrapping_abs() as u32;
            r32(w, v, Some(v != 0))
        }
        S_BITSET0_B32 => {
            let v = w.s[d.min(127)] & !(1 << (a & 31));
            r32(w, v, None)
        }
        S_BITSET1_B32 => {
            let v = w.s[d.min(127)] | 1 << (a & 31);
            r32(w, v, None)
        }
        S_BITSET0_B64 => {
            let v = w.sget64(d) & !(1u64 << (a & 63));
            w.sset64(d, v)
        }
        S_BITSET1_B64 => {
            let v = w.sget64(d) | 1u64 << (a & 63);
            w.sset64(d, v)
        }
        S_GETPC_B64 => w.sset64(d, w.pc + 4),
        S_SETPC_B64 => return Ok(Flow::Jump(s64(w, i, 0))),
        S_SWAPPC_B64 => {
            let t = s64(w, i, 0);
            w.sset64(d, w.pc + 4);
            return Ok(Flow::Jump(t));
        }
        S_AND_SAVEEXEC_B64 | S_OR_SAVEEXEC_B64 | S_XOR_SAVEEXEC_B64 | S_ANDN2_SAVEEXEC_B64
        | S_ORN2_SAVEEXEC_B64 | S_NAND_SAVEEXEC_B64 | S_NOR_SAVEEXEC_B64 | S_XNOR_SAVEEXEC_B64
        | S_ANDN1_SAVEEXEC_B64 | S_ORN1_SAVEEXEC_B64 | S_ANDN1_WREXEC_B64 | S_ANDN2_WREXEC_B64 => {
            // The source and EXEC are lane masks: one register in wave32 (the _B32 forms).
            let s = w.scalar_src(i.src[0], i.src_n[0], false, false, i.lit);
            let e = w.mask(EXEC);
            let n = match i.op {
                S_AND_SAVEEXEC_B64 => s & e,
                S_OR_SAVEEXEC_B64 => s | e,
                S_XOR_SAVEEXEC_B64 => s ^ e,
                S_ANDN2_SAVEEXEC_B64 => s & !e,
                S_ORN2_SAVEEXEC_B64 => s | !e,
                S_NAND_SAVEEXEC_B64 => !(s & e),
                S_NOR_SAVEEXEC_B64 => !(s | e),
                S_XNOR_SAVEEXEC_B64 => !(s ^ e),
                S_ANDN1_SAVEEXEC_B64 => !s & e,
                S_ORN1_SAVEEXEC_B64 => !s | e,
                S_ANDN1_WREXEC_B64 => !s & e,
                _ => s & !e,
            };
            let wrexec = matches!(i.op, S_ANDN1_WREXEC_B64 | S_ANDN2_WREXEC_B64);
            let n = if w.lanes == 32 { n & 0xffff_ffff } else { n };
            if !wrexec {
                w.set_mask(d, e);
            }
            w.set_mask(EXEC, n);
            if wrexec {
                w.set_mask(d, n);
            }
            w.scc = n != 0;
        }
        S_MOVRELS_B32 => {
            let v =
                w.s.get(i.src[0] as usize + w.s[super::wave::M0] as usize)
                    .copied()
                    .unwrap_or(0);
            r32(w, v, None)
        }
        S_MOVRELD_B32 => {
            let t = d + w.s[super::wave::M0] as usize;
            w.sset(t, a)
        }
        // gfx11: SGPR[D + M0[25:16]] = SGPR[S0 + M0[9:0]] (AMD's pseudocode).
        S_MOVRELSD_2_B32 => {
            let m0 = w.s[super::wave::M0] as usize;
            let v =
                w.s.get(i.src[0] as usize + (m0 & 0x3ff))
                    .copied()
                    .unwrap_or(0);
            w.sset(d + (m0 >> 16 & 0x3ff), v)
        }
        S_MOVRELS_B64 => {
            let r = i.src[0] as usize + w.s[super::wave::M0] as usize;
            let v = if r + 1 < 128 { w.sget64(r) } else { 0 };
            w.sset64(d, v)
        }
        S_MOVRELD_B64 => {
            let v = s64(w, i, 0);
            let t = d + w.s[super::wave::M0] as usize;
            w.sset64(t, v)
        }
        S_BITREPLICATE_B64_B32 => {
            let v = (0..32).fold(0u64, |m, k| m | ((a >> k) & 1) as u64 * (3 << (2 * k)));
            w.sset64(d, v)
        }
        S_RFE_B64 => return Ok(Flow::Jump(s64(w, i, 0))),
        S_QUADMASK_B32 => {
            let v = (0..8).fold(0u32, |m, q| m | (((a >> (4 * q)) & 0xf != 0) as u32) << q);
            r32(w, v, Some(v != 0))
        }
        S_QUADMASK_B64 => {
            let x = s64(w, i, 0);
            let v = (0..16).fold(0u64, |m, q| m | (((x >> (4 * q)) & 0xf != 0) as u64) << q);
            w.sset64(d, v);
            w.scc = v != 0;
        }
        S_WQM_B32 => {
            let v = (0..8).fold(0u32, |m, q| {
                m | if (a >> (4 * q)) & 0xf != 0 {
                    0xf << (4 * q)
                } else {
                    0
                }
            });
            r32(w, v, Some(v != 0))
        }
        S_WQM_B64 => {
            let x = s64(w, i, 0);
            let v = (0..16).fold(0u64, |m, q| {
                m | if (x >> (4 * q)) & 0xf != 0 {
                    0xf << (4 * q)
                } else {
                    0
                }
            });
            w.sset64(d, v);
            w.scc = v != 0;
        }
        // ---- VGPR index mode (gfx8/gfx9): M0[7:0] the index, M0[15:12] the operands it applies to
        // (the raw SOPC src1 field), MODE.GPR_IDX_EN [27].
        S_SET_GPR_IDX_ON => {
            w.s[M0] = (w.s[M0] & !0xf0ff) | (a & 0xff) | (i.src[1] as u32 & 0xf) << 12;
            w.mode |= MODE_GPR_IDX_EN;
        }
        S_SET_GPR_IDX_IDX => w.s[M0] = (w.s[M0] & !0xff) | (a & 0xff),
        // gfx6-gfx8 MODE.VSKIP [28] = S0[S1[4:0]]: while set, vector instructions are skipped.
        S_SETVSKIP => w.mode = (w.mode & !MODE_VSKIP) | ((a >> (b & 31)) & 1) << 28,
        // ---- gfx6-gfx8 fork/join: a stack of {PC, EXEC} in SGPR[CSP * 4], CSP in MODE[31:29].
        S_CBRANCH_G_FORK => return fork(w, s64(w, i, 0), s64(w, i, 1)),
        S_CBRANCH_JOIN => {
            let csp = w.mode >> 29;
            if csp == a {
                return Ok(Flow::Next);
            }
            let c = csp.wrapping_sub(1) & 7;
            w.mode = (w.mode & !(7 << 29)) | c << 29;
            let r = (c * 4) as usize;
            let (e, pc) = (w.sget64(r), w.sget64(r + 2));
            w.set_exec(e);
            return Ok(Flow::Jump(pc));
        }
        // ---- SOPC
        S_CMP_EQ_I32 | S_CMP_EQ_U32 => w.scc = a == b,
        S_CMP_LG_I32 | S_CMP_LG_U32 => w.scc = a != b,
        S_CMP_GT_I32 => w.scc = (a as i32) > (b as i32),
        S_CMP_GE_I32 => w.scc = (a as i32) >= (b as i32),
        S_CMP_LT_I32 => w.scc = (a as i32) < (b as i32),
        S_CMP_LE_I32 => w.scc = (a as i32) <= (b as i32),
        S_CMP_GT_U32 => w.scc = a > b,
        S_CMP_GE_U32 => w.scc = a >= b,
        S_CMP_LT_U32 => w.scc = a < b,
        S_CMP_LE_U32 => w.scc = a <= b,
        S_CMP_EQ_U64 => w.scc = s64(w, i, 0) == s64(w, i, 1),
        S_CMP_LG_U64 => w.scc = s64(w, i, 0) != s64(w, i, 1),
        S_BITCMP0_B32 => w.scc = (a >> (b & 31)) & 1 == 0,
        S_BITCMP1_B32 => w.scc = (a >> (b & 31)) & 1 == 1,
        S_BITCMP0_B64 => w.scc = (s64(w, i, 0) >> (b & 63)) & 1 == 0,
        S_BITCMP1_B64 => w.scc = (s64(w, i, 0) >> (b & 63)) & 1 == 1,
        op => return unsupported(op),
    }
    Ok(Flow::Next)
}

fn sopk(w: &mut Wave, i: &TInst) -> R<Flow> {
    use Op::*;
    let d = i.sdst as usize;
    let k = i.simm16;
    let ks = k as i16 as i32;
    let cur = w.s.get(d).copied().unwrap_or(0);
    match i.op {
        S_MOVK_I32 => w.sset(d, ks as u32),
        S_CMOVK_I32 => {
            if w.scc {
                w.sset(d, ks as u32)
            }
        }
        S_ADDK_I32 => {
            let (v, o) = (cur as i32).overflowing_add(ks);
            w.sset(d, v as u32);
            w.scc = o;
        }
        S_MULK_I32 => w.sset(d, (cur as i32).wrapping_mul(ks) as u32),
        S_WAITCNT_VSCNT | S_WAITCNT_VMCNT | S_WAITCNT_EXPCNT | S_WAITCNT_LGKMCNT | S_VERSION => {}
        S_CMPK_EQ_I32 => w.scc = cur as i32 == ks,
        S_CMPK_LG_I32 => w.scc = cur as i32 != ks,
        S_CMPK_GT_I32 => w.scc = cur as i32 > ks,
        S_CMPK_GE_I32 => w.scc = cur as i32 >= ks,
        S_CMPK_LT_I32 => w.scc = (cur as i32) < ks,
        S_CMPK_LE_I32 => w.scc = cur as i32 <= ks,
        S_CMPK_EQ_U32 => w.scc = cur == k as u32,
        S_CMPK_LG_U32 => w.scc = cur != k as u32,
        S_CMPK_GT_U32 => w.scc = cur > k as u32,
        S_CMPK_GE_U32 => w.scc = cur >= k as u32,
        S_CMPK_LT_U32 => w.scc = cur < k as u32,
        S_CMPK_LE_U32 => w.scc = cur <= k as u32,
        S_CALL_B64 => {
            w.sset64(d, w.pc + 4);
            return Ok(Flow::Jump(target(w, i)));
        }
        S_CBRANCH_I_FORK => {
            let m = w.sget64(d);
            return fork(w, m, target(w, i));
        }
        S_GETREG_B32 => {
            let (id, off, size) = hwreg(i);
            let v = read_hwreg(w, id, i.gfx11)?;
            w.sset(d, (v >> off) & mask(size));
        }
        S_SETREG_B32 | S_SETREG_IMM32_B32 => {
            let (id, off, size) = hwreg(i);
            let src = if i.op == S_SETREG_B32 { cur } else { i.lit };
            let m = mask(size) << off;
            let old = read_hwreg(w, id, i.gfx11)?;
            let v = (old & !m) | ((src << off) & m);
            match id {
                1 => w.mode = v & 0x3ff | (w.mode & !0x3ff),
                3 => w.trapsts = v,
                _ => {}
            }
        }
        op => return unsupported(op),
    }
    Ok(Flow::Next)
}

/// MODE.VSKIP (gfx6-gfx8 s_setvskip).
pub const MODE_VSKIP: u32 = 1 << 28;

/// MODE.GPR_IDX_EN (gfx8/gfx9 VGPR index mode).
pub const MODE_GPR_IDX_EN: u32 = 1 << 27;

/// s_cbranch_i_fork / s_cbranch_g_fork (AMD's pseudocode): run the lanes of `mask` or the others
/// first (the smaller set), pushing {PC, EXEC} of the other path at SGPR[CSP * 4].
fn fork(w: &mut Wave, mask: u64, target: u64) -> R<Flow> {
    let exec = w.exec();
    let (pass, fail) = (mask & exec, !mask & exec);
    let next = w.pc + 4;
    if pass == exec {
        return Ok(Flow::Jump(target));
    }
    if fail == exec {
        return Ok(Flow::Next);
    }
    let csp = w.mode >> 29;
    let r = (csp * 4) as usize;
    let flow = if fail.count_ones() < pass.count_ones() {
        w.set_exec(fail);
        w.sset64(r, pass);
        w.sset64(r + 2, target);
        Flow::Next
    } else {
        w.set_exec(pass);
        w.sset64(r, fail);
        w.sset64(r + 2, next);
        Flow::Jump(target)
    };
    w.mode = (w.mode & !(7 << 29)) | ((csp + 1) & 7) << 29;
    Ok(flow)
}

fn mask(size: u32) -> u32 {
    if size >= 32 {
        u32::MAX
    } else {
        (1 << size) - 1
    }
}

/// hwreg(id, offset, size) of a SOPK immediate.
fn hwreg(i: &TInst) -> (u32, u32, u32) {
    use crate::fields::hwreg as h;
    let (g, k) = (super::layout(i), &[i.simm16 as u32][..]);
    (h::id(g, k), h::offset(g, k), h::size_m1(g, k) + 1)
}

/// Whether an s_sendmsg sends GCN's MSG_GS (2) or MSG_GS_DONE (3), graphics-only messages
/// (gfx11 has none: its 3 is MSG_DEALLOC_VGPRS).
#[cold]
#[inline(never)]
pub(super) fn sendmsg_gs(i: &TInst) -> bool {
    let id = crate::fields::sendmsg::msg(super::layout(i), &[i.simm16 as u32]);
    !i.gfx11 && matches!(id, 2 | 3)
}

fn read_hwreg(w: &Wave, id: u32, gfx11: bool) -> R<u32> {
    Ok(match id {
        // gfx11 HW_REG_HW_ID1 / HW_ID2 (wave slot, SIMD, WGP, SA, SE / queue, pipe, ME, state,
        // work-group slot, VM id): where a wave runs is not modelled, every field 0.
        23 | 24 if gfx11 => 0,
        // gfx11 HW_REG_SHADER_CYCLES [19:0]: the wave's issued instructions (this s_getreg
        // included), one "cycle" each: deterministic, increasing, not hardware cycles.
        29 if gfx11 => (w.insts & 0xf_ffff) as u32,
        1 => w.mode,
        // HW_REG_STATUS: SCC [0], EXECZ [9], VCCZ [10].
        2 => w.scc as u32 | ((w.exec() == 0) as u32) << 9 | ((w.vcc() == 0) as u32) << 10,
        3 => w.trapsts,
        // HW_REG_HW_ID: wave id and SIMD are not modelled: 0.
        4 => 0,
        // HW_REG_GPR_ALLOC, HW_REG_LDS_ALLOC, HW_REG_IB_STS: not modelled.
        5..=7 => 0,
        // HW_REG_SH_MEM_BASES (gfx9): the private [15:0] and shared [31:16] aperture bases.
        15 => {
            (super::wave::PRIVATE_APERTURE_HI >> 16) | (super::wave::SHARED_APERTURE_HI >> 16) << 16
        }
        _ => return err(format!("hardware register {id} is not modelled")),
    })
}

fn sopp(w: &mut Wave, i: &TInst, _ctx: &mut Ctx<'_>) -> R<Flow> {
    use Op::*;
    let taken = match i.op {
        S_NOP | S_WAITCNT | S_SETPRIO | S_SLEEP | S_ICACHE_INV | S_INCPERFLEVEL
        | S_DECPERFLEVEL | S_TTRACEDATA | S_WAKEUP | S_SETKILL => return Ok(Flow::Next),
        S_SET_GPR_IDX_OFF => {
            w.mode &= !MODE_GPR_IDX_EN;
            return Ok(Flow::Next);
        }
        // M0[15:12]: which VALU operands (src0, src1, src2, dst) are indexed.
        S_SET_GPR_IDX_MODE => {
            w.s[M0] = (w.s[M0] & !0xf000) | (i.simm16 as u32 & 0xf) << 12;
            return Ok(Flow::Next);
        }
        // gfx11 scheduling hints and waits: no effect in an in-order emulator.
        S_CLAUSE
        | S_DELAY_ALU
        | S_WAITCNT_DEPCTR
        | S_SET_INST_PREFETCH_DISTANCE
        | S_WAIT_IDLE
        | S_WAIT_EVENT
        | S_TTRACEDATA_IMM => return Ok(Flow::Next),
        S_ROUND_MODE => {
            w.mode = (w.mode & !0xf) | (i.simm16 as u32 & 0xf);
            return Ok(Flow::Next);
        }
        S_DENORM_MODE => {
            w.mode = (w.mode & !0xf0) | (i.simm16 as u32 & 0xf) << 4;
            return Ok(Flow::Next);
        }
        S_CODE_END => return err("executed s_code_end (the padding after a kernel's code)"),
        S_ENDPGM | S_ENDPGM_SAVED | S_ENDPGM_ORDERED_PS_DONE => return Ok(Flow::End),
        S_BARRIER => return Ok(Flow::Barrier),
        S_BRANCH => true,
        S_CBRANCH_SCC0 => !w.scc,
        S_CBRANCH_SCC1 => w.scc,
        S_CBRANCH_VCCZ => w.vcc() == 0,
        S_CBRANCH_VCCNZ => w.vcc() != 0,
        S_CBRANCH_EXECZ => w.exec() == 0,
        S_CBRANCH_EXECNZ => w.exec() != 0,
        S_CBRANCH_CDBGSYS
        | S_CBRANCH_CDBGUSER
        | S_CBRANCH_CDBGSYS_OR_USER
        | S_CBRANCH_CDBGSYS_AND_USER => false,
        S_SENDMSG | S_SENDMSGHALT => {
            // MSG_DEALLOC_VGPRS and the like have no effect here; MSG_GS*: graphics only.
            // GCN's ids 2 and 3 are MSG_GS and MSG_GS_DONE; gfx11 has no GS messages (its 3 is
            // MSG_DEALLOC_VGPRS, which changes nothing here).
            if sendmsg_gs(i) {
                return err("s_sendmsg for geometry shaders (MSG_GS) is graphics-only");
            }
            if i.op == S_SENDMSGHALT {
                return Ok(Flow::End);
            }
            return Ok(Flow::Next);
        }
        S_SETHALT => {
            if i.simm16 & 1 != 0 {
                return Ok(Flow::End);
            }
            return Ok(Flow::Next);
        }
        S_TRAP => {
            return err(format!(
                "s_trap {}: the kernel trapped (abort, assert or debug trap)",
                i.simm16 & 0xff
            ))
        }
        op => return unsupported(op),
    };
    Ok(if taken {
        Flow::Jump(target(w, i))
    } else {
        Flow::Next
    })
}
