//! The VALU's lane plumbing: DPP source lanes and the cross-lane and special forms.

// The lane loops index several lane arrays by the lane number.
#![allow(clippy::needless_range_loop)]

use super::super::wave::{Src, Wave, LANES};
use super::super::{err, R};
use crate::gcn::inst::{Ext, TInst};
use crate::gcn::Enc;
use crate::op::Op;

/// DPP (and DPP8): for each lane, the lane its src0 comes from (`None`: it reads 0 or is
/// disabled), and the lanes the instruction writes.
pub(super) fn dpp_lanes(
    i: &TInst,
    exec: u64,
    lanes: usize,
    dpp: bool,
) -> R<([Option<usize>; LANES], u64)> {
    let mut dpp_src = [None::<usize>; LANES];
    let mut dpp_write = u64::MAX;
    // The DPP controls as decoded (`TInst::dpp`, from the DPP/DPP16 layout of the instruction's
    // generation); gfx11's FI (DPP16 and DPP8) is bit 0 of `offset1`.
    let (ctrl, bound_zero) = (i.dpp.ctrl as u32, i.dpp.bound_ctrl);
    let (bank_mask, row_mask) = (i.dpp.bank_mask as u32, i.dpp.row_mask as u32);
    let fi = i.offset1 & 1 != 0;
    if i.ext == Ext::Dpp8 {
        // DPP8: lane l reads lane (l & !7) | LANE_SEL_<l & 7>; FI reads inactive lanes too,
        // else an inactive source lane reads 0.
        let sel = dpp8_selects(i.ext_word);
        for l in 0..lanes {
            let s = (l & !7) | sel[l & 7] as usize;
            dpp_src[l] = (s < lanes && (fi || exec >> s & 1 != 0)).then_some(s);
        }
    } else if dpp && i.gfx11 {
        // DPP16 (gfx11): quad_perm, row shifts and rotations, mirrors, row_share, row_xmask;
        // bound_ctrl writes 0 for an invalid source lane, FI fetches inactive lanes.
        for l in 0..lanes {
            let (row, r) = (l & !15, l & 15);
            let c = (ctrl & 15) as usize;
            let src: Option<usize> = match ctrl {
                0..=0xff => Some((l & !3) | ((ctrl >> (2 * (l & 3))) & 3) as usize),
                0x101..=0x10f => (r + c < 16).then_some(row + r + c),
                0x111..=0x11f => (r >= c).then(|| row + r - c),
                0x121..=0x12f => Some(row + (r + 16 - c) % 16),
                0x140 => Some(row + 15 - r),
                0x141 => Some((l & !7) + 7 - (l & 7)),
                0x150..=0x15f => Some(row + c),
                0x160..=0x16f => Some(row + (r ^ c)),
                _ => return err(format!("DPP16 control {ctrl:#x} is reserved on gfx11")),
            };
            let src = src.filter(|&x| x < lanes && (fi || exec >> x & 1 != 0));
            dpp_src[l] = src;
            let masked =
                row_mask >> ((l / 16) & 3) & 1 == 0 || bank_mask >> ((l & 15) / 4) & 1 == 0;
            if masked || (src.is_none() && !bound_zero) {
                dpp_write &= !(1u64 << l);
            }
        }
    } else if dpp {
        for l in 0..lanes {
            let (row, r) = (l & !15, l & 15);
            let src: Option<isize> = match ctrl {
                0..=0xff => Some(((l & !3) | ((ctrl >> (2 * (l & 3))) & 3) as usize) as isize),
                0x101..=0x10f => Some(r as isize + (ctrl & 15) as isize)
                    .filter(|&x| x < 16)
                    .map(|x| (row as isize) + x),
                0x111..=0x11f => Some(r as isize - (ctrl & 15) as isize)
                    .filter(|&x| x >= 0)
                    .map(|x| (row as isize) + x),
                0x121..=0x12f => Some((row + (r + 16 - (ctrl & 15) as usize) % 16) as isize),
                0x130 => Some(l as isize + 1).filter(|&x| x < lanes as isize),
                0x134 => Some(((l + 1) % lanes) as isize),
                0x138 => Some(l as isize - 1).filter(|&x| x >= 0),
                0x13c => Some(((l + lanes - 1) % lanes) as isize),
                0x140 => Some((row + 15 - r) as isize),
                0x141 => Some(((l & !7) + 7 - (l & 7)) as isize),
                // row_bcast:15: lane 15 of the previous row, for every lane of rows 1-3.
                0x142 => {
                    if row == 0 {
                        None
                    } else {
                        Some((row - 1) as isize)
                    }
                }
                0x143 => {
                    if row < 32 {
                        None
                    } else {
                        Some(31)
                    }
                }
                _ => return err(format!("DPP control {ctrl:#x} is reserved")),
            };
            let src = src
                .map(|x| x as usize)
                .filter(|&x| x < lanes && exec >> x & 1 != 0);
            dpp_src[l] = src;
            let masked = row_mask >> (l / 16) & 1 == 0 || bank_mask >> ((l & 15) / 4) & 1 == 0;
            if masked || (src.is_none() && !bound_zero) {
                dpp_write &= !(1u64 << l);
            }
        }
    }
    Ok((dpp_src, dpp_write))
}

/// DPP8's eight lane selects, from its dword (`TInst::ext_word`) through the generated
/// extractors.
#[inline]
fn dpp8_selects(xw: u32) -> [u32; 8] {
    use crate::fields::{dpp8 as d, G};
    let x = &[xw][..];
    let g = G::Gfx11;
    [
        d::lane_sel_0(g, x),
        d::lane_sel_1(g, x),
        d::lane_sel_2(g, x),
        d::lane_sel_3(g, x),
        d::lane_sel_4(g, x),
        d::lane_sel_5(g, x),
        d::lane_sel_6(g, x),
        d::lane_sel_7(g, x),
    ]
}

/// The cross-lane and special forms (v_nop, readlane/writelane, movrel, swap); `false`: not one
/// of them.
// The arms return as the general path's arms did (kept close to its text).
#[allow(clippy::needless_return)]
pub(super) fn cross_lane(
    w: &mut Wave,
    i: &TInst,
    exec: u64,
    srcs: &[Src; 3],
    lanes: usize,
    vdst: usize,
) -> R<bool> {
    use Op::*;
    match i.op {
        V_NOP => return Ok(true),
        V_READFIRSTLANE_B32 => {
            let l = if exec == 0 {
                0
            } else {
                exec.trailing_zeros() as usize
            };
            let v = w.lane(srcs[0], l, 1) as u32;
            w.sset(vdst, v);
            return Ok(true);
        }
        V_READLANE_B32 => {
            // gfx6/gfx7 VOP2 form: the SGPR destination is in the vdst field and the lane
            // select (a scalar operand) in the vsrc1 field.
            let (sel, sd) = if i.enc == Enc::Vop2 {
                (i.src[1] & 0xff, i.vdst)
            } else {
                (i.src[1], i.sdst)
            };
            let l = (w.scalar_src(sel, 1, false, false, i.lit) as usize) % lanes;
            let v = w.lane(srcs[0], l, 1) as u32;
            w.sset(sd as usize, v);
            return Ok(true);
        }
        V_WRITELANE_B32 => {
            let sel = if i.enc == Enc::Vop2 {
                i.src[1] & 0xff
            } else {
                i.src[1]
            };
            let l = (w.scalar_src(sel, 1, false, false, i.lit) as usize) % lanes;
            let v = w.scalar_src(i.src[0], 1, false, false, i.lit) as u32;
            w.vset(vdst, l, v);
            return Ok(true);
        }
        // gfx6-gfx8 relative VGPR moves: the source and/or destination register plus M0.
        V_MOVRELS_B32 | V_MOVRELD_B32 | V_MOVRELSD_B32 => {
            let m0 = w.s[super::super::wave::M0] as usize;
            let src = match srcs[0] {
                Src::V(r) if i.op != V_MOVRELD_B32 => Src::V(r + m0),
                s => s,
            };
            let d = if i.op == V_MOVRELS_B32 {
                vdst
            } else {
                vdst + m0
            };
            if let Src::V(r) = src {
                if r >= w.nvgpr {
                    return err(format!(
                        "{}: v{r} (M0 = {m0}) is past the wave's {} VGPRs",
                        i.op.name(),
                        w.nvgpr
                    ));
                }
            }
            if d >= w.nvgpr {
                return err(format!(
                    "{}: v{d} (M0 = {m0}) is past the wave's {} VGPRs",
                    i.op.name(),
                    w.nvgpr
                ));
            }
            for l in 0..lanes {
                if exec >> l & 1 != 0 {
                    let v = w.lane(src, l, 1) as u32;
                    w.vset(d, l, v);
                }
            }
            return Ok(true);
        }
        // gfx11 v_movrelsd_2_b32 / v_swaprel_b32 (AMD's pseudocode): the source register plus
        // M0[9:0], the destination plus M0[25:16]; swaprel exchanges the two.
        V_MOVRELSD_2_B32 | V_SWAPREL_B32 => {
            let m0 = w.s[super::super::wave::M0] as usize;
            let Src::V(r) = srcs[0] else {
                return err(format!("{} needs a VGPR source", i.op.name()));
            };
            let (s, d) = (r + (m0 & 0x3ff), vdst + (m0 >> 16 & 0x3ff));
            for v in [s, d] {
                if v >= w.nvgpr {
                    return err(format!(
                        "{}: v{v} (M0 = {m0:#x}) is past the wave's {} VGPRs",
                        i.op.name(),
                        w.nvgpr
                    ));
                }
            }
            for l in 0..lanes {
                if exec >> l & 1 != 0 {
                    let (a, b) = (w.vget(s, l), w.vget(d, l));
                    w.vset(d, l, a);
                    if i.op == V_SWAPREL_B32 {
                        w.vset(s, l, b);
                    }
                }
            }
            return Ok(true);
        }
        V_SWAP_B32 => {
            let Src::V(r) = srcs[0] else {
                return err("v_swap_b32 needs a VGPR source");
            };
            for l in 0..lanes {
                if exec >> l & 1 != 0 {
                    let (a, b) = (w.vget(r, l), w.vget(vdst, l));
                    w.vset(r, l, b);
                    w.vset(vdst, l, a);
                }
            }
            return Ok(true);
        }
        _ => return Ok(false),
    }
}

/// SDWA destination select: the result's low bits into the selected field; the rest zero
/// (UNUSED_PAD), sign-extended (UNUSED_SEXT) or kept (UNUSED_PRESERVE, `old`).
pub(super) fn sdwa_dst(w: &mut Wave, i: &TInst, vdst: usize, l: usize, old: u32) {
    let (dsel, unused) = (i.sdwa.dst_sel as u32, i.sdwa.dst_unused);
    if dsel < 6 {
        let r = w.vget(vdst, l);
        let (shift, bits) = match dsel {
            0..=3 => (8 * dsel, 8),
            4 => (0, 16),
            _ => (16, 16),
        };
        let fmask = ((1u64 << bits) - 1) as u32;
        let field = (r & fmask) << shift;
        let v = match unused {
            2 => (old & !(fmask << shift)) | field,
            1 => {
                let top = shift + bits;
                let neg = (r >> (bits - 1)) & 1 != 0 && top < 32;
                field | if neg { !((1u32 << top) - 1) } else { 0 }
            }
            _ => field,
        };
        w.vset(vdst, l, v);
    }
}
