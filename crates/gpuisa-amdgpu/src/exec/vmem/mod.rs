//! Memory instructions: scalar memory (SMRD/SMEM), LDS (DS), FLAT/GLOBAL/SCRATCH and buffer
//! (MUBUF, with V# resources). What an operation moves (size, count, sign extension, D16 half,
//! atomic operation) comes from the operation's facts
//! (`Op::facts().traits`, data/amd/op-facts.txt; [`mem_info`]).

use super::mem::{MemFault, Rmw};
use super::wave::{Wave, LANES};
use super::{err, unsupported, Ctx, R};
use crate::gcn::inst::TInst;
use crate::gcn::Enc;
use crate::op::{Atomic, Mem, Op, Traits, OP_LIST};
use std::sync::OnceLock;

mod buffer;
mod flat;
pub use buffer::{format_info, mubuf, FormatOp};
pub use flat::flat;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Load,
    Store,
    Atomic(Rmw),
    /// No memory effect (cache control, s_dcache_*, buffer_wbinvl1 ...).
    Nop,
}

#[derive(Clone, Copy, Debug)]
pub struct MemInfo {
    pub kind: Kind,
    /// Bytes per element (1, 2, 4, 8) and elements (dwords of a multi-dword access).
    pub size: u32,
    pub count: u32,
    pub signed: bool,
    /// D16: the low (or, `hi`, high) half of the destination, the other half kept.
    pub d16: bool,
    pub hi: bool,
    /// Atomics: the pre-operation value is returned.
    pub rtn: bool,
    /// DS read2/write2 (and st64).
    pub two: bool,
    pub st64: bool,
    /// DS compare-and-store: data0 is the new value and data1 the compare value (gfx11), not
    /// the other way round (GCN).
    pub cmp_src_first: bool,
}

/// The facts of a memory operation, from its `Op::facts()` (the `mem` and `traits` columns).
fn info_of(op: Op) -> Option<MemInfo> {
    let f = op.facts();
    let t = &f.traits;
    if t.size == 0 || t.has(Traits::FMT) {
        return None;
    }
    let kind = match (f.mem, t.rmw) {
        (Mem::Nop, _) => Kind::Nop,
        // RSUB and FCMPSWAP: images only (the DS forms are not modelled).
        (_, Some(Atomic::Rsub | Atomic::FCmpSwap)) => return None,
        (_, Some(a)) => Kind::Atomic(a),
        (Mem::Load, None) => Kind::Load,
        (Mem::Store, None) => Kind::Store,
        _ => return None,
    };
    Some(MemInfo {
        kind,
        size: t.size as u32,
        count: t.n as u32,
        signed: t.has(Traits::SIGNED),
        d16: t.has(Traits::D16),
        hi: t.has(Traits::HI),
        rtn: t.has(Traits::RTN),
        two: t.has(Traits::TWO),
        st64: t.has(Traits::ST64),
        cmp_src_first: t.has(Traits::CMPFIRST),
    })
}

/// What operation `op` moves, if it is a memory operation this module knows.
pub fn mem_info(op: Op) -> Option<MemInfo> {
    static T: OnceLock<Vec<Option<MemInfo>>> = OnceLock::new();
    let t = T.get_or_init(|| OP_LIST.iter().map(|&o| info_of(o)).collect());
    t.get(op as usize).copied().flatten()
}

fn fault_msg(f: MemFault, what: &str) -> String {
    format!(
        "{what} of {} bytes at {:#x} is outside every buffer",
        f.size, f.addr
    )
}

// ---------------------------------------------------------------- scalar memory

pub fn smem(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>) -> R {
    let Some(m) = mem_info(i.op) else {
        return unsupported(i.op);
    };
    let off = if i.soffset_reg {
        (w.scalar_src(i.soffset, 1, false, false, 0) as u32 as i64).wrapping_add(
            if i.enc == Enc::Smem {
                i.offset as i64
            } else {
                0
            },
        )
    } else {
        i.offset as i64
    };
    match m.kind {
        Kind::Nop => return Ok(()),
        Kind::Load => {}
        _ => return unsupported(i.op),
    }
    let buffer = i.op.facts().traits.has(Traits::SBUFFER);
    let (base, limit) = if buffer {
        let d0 = w.s.get(i.sbase as usize).copied().unwrap_or(0) as u64;
        let d1 = w.s.get(i.sbase as usize + 1).copied().unwrap_or(0) as u64;
        let nrec = w.s.get(i.sbase as usize + 2).copied().unwrap_or(0) as u64;
        (d0 | (d1 & 0xffff) << 32, Some(nrec))
    } else {
        (w.sget64(i.sbase as usize) & 0xffff_ffff_ffff, None)
    };
    // The offset is a byte offset with its two low bits ignored.
    let addr = base.wrapping_add(off as u64) & !3;
    for k in 0..m.count as u64 {
        let a = addr.wrapping_add(4 * k);
        let v = if limit.is_some_and(|n| a.wrapping_sub(base).saturating_add(4) > n) {
            0
        } else {
            ctx.mem.read(a, 4).map_err(|f| super::ExecError {
                lane: None,
                message: fault_msg(f, "scalar load"),
            })? as u32
        };
        w.sset(i.sdst as usize + k as usize, v);
    }
    Ok(())
}

// ---------------------------------------------------------------- LDS

#[inline]
fn lds_read(lds: &[u8], a: u64, n: u32) -> u64 {
    let Ok(a) = usize::try_from(a) else { return 0 };
    let Some(end) = a.checked_add(n as usize) else {
        return 0;
    };
    if n == 4 {
        return match lds.get(a..end) {
            Some(b) => u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as u64,
            None => 0,
        };
    }
    match lds.get(a..end) {
        Some(b) => b.iter().rev().fold(0u64, |v, &x| v << 8 | x as u64),
        None => 0, // out of range: reads give 0
    }
}
#[inline]
fn lds_write(lds: &mut [u8], a: u64, n: u32, v: u64) {
    let Ok(a) = usize::try_from(a) else { return };
    let Some(end) = a.checked_add(n as usize) else {
        return;
    };
    if n == 4 {
        if let Some(b) = lds.get_mut(a..end) {
            b.copy_from_slice(&(v as u32).to_le_bytes());
        }
        return;
    }
    if let Some(b) = lds.get_mut(a..end) {
        for (k, x) in b.iter_mut().enumerate() {
            *x = (v >> (8 * k)) as u8;
        }
    }
}

fn write_loaded(w: &mut Wave, m: &MemInfo, r: usize, l: usize, v: u64) {
    let val = |v: u64| -> u32 {
        match (m.size, m.signed) {
            (1, true) => v as u8 as i8 as i32 as u32,
            (2, true) => v as u16 as i16 as i32 as u32,
            _ => v as u32,
        }
    };
    if m.d16 {
        let old = w.vget(r, l);
        let x = val(v) & 0xffff;
        w.vset(
            r,
            l,
            if m.hi {
                (old & 0xffff) | x << 16
            } else {
                (old & 0xffff_0000) | x
            },
        );
    } else {
        w.vset(r, l, val(v));
    }
}

fn store_value(w: &Wave, m: &MemInfo, r: usize, l: usize) -> u64 {
    let v = w.vget(r, l);
    if m.hi {
        (v >> 16) as u64
    } else {
        v as u64
    }
}

pub fn ds(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>) -> R {
    use Op::*;
    if i.gds {
        return err("GDS (global data share) is not emulated");
    }
    let exec = w.exec();
    ctx.lane_ops += exec.count_ones() as u64;
    let (addr, d0, d1, vdst) = (
        i.vaddr as usize,
        i.vdata as usize,
        i.data1 as usize,
        i.vdst as usize,
    );
    match i.op {
        DS_NOP => return Ok(()),
        DS_SWIZZLE_B32 => {
            // The pattern's fields (data/amd/encodings.txt SWIZZLE): the quad mode's four
            // selects, or the bit-mask mode's AND, OR and XOR masks.
            use crate::fields::swizzle as z;
            let g = super::layout(i);
            let p = &[ds_offset16(i)][..];
            let quad = [
                z::quad_perm_0(g, p),
                z::quad_perm_1(g, p),
                z::quad_perm_2(g, p),
                z::quad_perm_3(g, p),
            ];
            let (and, or, xor) = (z::and_mask(g, p), z::or_mask(g, p), z::xor_mask(g, p));
            let qdmode = z::qdmode(g, p) != 0;
            // The swizzled data is the ADDR VGPR's (`ds_swizzle_b32 vdst, vaddr`: DATA0 is no
            // operand).
            let src: Vec<u32> = (0..LANES).map(|l| w.vget(addr, l)).collect();
            for l in 0..w.lanes {
                if exec >> l & 1 == 0 {
                    continue;
                }
                let j = if qdmode {
                    (l & !3) | quad[l & 3] as usize
                } else {
                    (l & !31) | ((((l as u32 & 31) & and) | or) ^ xor) as usize
                };
                let v = if exec >> j & 1 != 0 { src[j] } else { 0 };
                w.vset(vdst, l, v);
            }
            return Ok(());
        }
        DS_BPERMUTE_B32 | DS_PERMUTE_B32 => {
            let off = ds_offset16(i);
            let src: Vec<u32> = (0..LANES).map(|l| w.vget(d0, l)).collect();
            let idx: Vec<usize> = (0..LANES)
                .map(|l| ((w.vget(addr, l).wrapping_add(off) >> 2) as usize) % w.lanes)
                .collect();
            let mut out: Vec<u32> = (0..LANES).map(|l| w.vget(vdst, l)).collect();
            if i.op == DS_BPERMUTE_B32 {
                for l in 0..w.lanes {
                    if exec >> l & 1 != 0 {
                        let j = idx[l];
                        out[l] = if exec >> j & 1 != 0 { src[j] } else { 0 };
                    }
                }
            } else {
                for l in 0..w.lanes {
                    if exec >> l & 1 != 0 {
                        out[l] = 0;
                    }
                }
                for l in 0..w.lanes {
                    if exec >> l & 1 != 0 {
                        out[idx[l]] = src[l];
                    }
                }
            }
            for (l, v) in out.into_iter().enumerate() {
                w.vset(vdst, l, v);
            }
            return Ok(());
        }
        _ => {}
    }
    let Some(m) = mem_info(i.op) else {
        return unsupported(i.op);
    };
    if m.size == 4
        && !m.d16
        && matches!(m.kind, Kind::Load | Kind::Store)
        && ds_fast(w, i, &m, ctx.lds, exec)
    {
        return Ok(());
    }
    let off16 = ds_offset16(i) as u64;
    for l in 0..w.lanes {
        if exec >> l & 1 == 0 {
            continue;
        }
        let base = w.vget(addr, l) as u64;
        match m.kind {
            Kind::Load if m.two => {
                let unit = (m.size * m.count) as u64 * if m.st64 { 64 } else { 1 };
                let n = m.count as usize;
                for (k, o) in [i.offset as u64, i.offset1 as u64].into_iter().enumerate() {
                    let a = base.wrapping_add(o.wrapping_mul(unit));
                    for c in 0..n {
                        let v = lds_read(ctx.lds, a.wrapping_add(4 * c as u64), 4);
                        w.vset(vdst + k * n + c, l, v as u32);
                    }
                }
            }
            Kind::Load => {
                let a = base.wrapping_add(off16);
                if m.size == 4 {
                    for c in 0..m.count as u64 {
                        let v = lds_read(ctx.lds, a.wrapping_add(4 * c), 4);
                        w.vset(vdst + c as usize, l, v as u32);
                    }
                } else {
                    let v = lds_read(ctx.lds, a, m.size);
                    write_loaded(w, &m, vdst, l, v);
                }
            }
            Kind::Store if m.two => {
                let unit = (m.size * m.count) as u64 * if m.st64 { 64 } else { 1 };
                let n = m.count as usize;
                for (k, (o, r)) in [(i.offset as u64, d0), (i.offset1 as u64, d1)]
                    .into_iter()
                    .enumerate()
                {
                    let _ = k;
                    let a = base.wrapping_add(o.wrapping_mul(unit));
                    for c in 0..n {
                        lds_write(
                            ctx.lds,
                            a.wrapping_add(4 * c as u64),
                            4,
                            w.vget(r + c, l) as u64,
                        );
                    }
                }
            }
            Kind::Store => {
                let a = base.wrapping_add(off16);
                if m.size == 4 {
                    for c in 0..m.count as u64 {
                        lds_write(
                            ctx.lds,
                            a.wrapping_add(4 * c),
                            4,
                            w.vget(d0 + c as usize, l) as u64,
                        );
                    }
                } else {
                    lds_write(ctx.lds, a, m.size, store_value(w, &m, d0, l));
                }
            }
            Kind::Atomic(op) => {
                let a = base.wrapping_add(off16);
                let sz = m.size.max(4);
                let get = |r: usize| -> u64 {
                    let lo = w.vget(r, l) as u64;
                    if sz == 8 {
                        lo | (w.vget(r + 1, l) as u64) << 32
                    } else {
                        lo
                    }
                };
                let old = lds_read(ctx.lds, a, sz);
                // DS compare-and-store: GCN's data0 is the compare value and data1 the new one;
                // gfx11's DS_CMPSTORE the other way round.
                let (v, cmp) = match (op, m.cmp_src_first) {
                    (Rmw::CmpSwap, false) => (get(d1), get(d0)),
                    (Rmw::CmpSwap, true) => (get(d0), get(d1)),
                    _ => (get(d0), 0),
                };
                let new = super::mem::rmw(op, sz, old, v, cmp);
                lds_write(ctx.lds, a, sz, new);
                if m.rtn {
                    w.vset(vdst, l, old as u32);
                    if sz == 8 {
                        w.vset(vdst + 1, l, (old >> 32) as u32);
                    }
                }
            }
            Kind::Nop => {}
        }
    }
    Ok(())
}

/// Dword LDS loads and stores (one address, or two with read2/write2), lane by lane over
/// slices of the register file: one bounds check per access. `false` if a register range is
/// outside the file (the general path then handles the instruction).
fn ds_fast(w: &mut Wave, i: &TInst, m: &MemInfo, lds: &mut [u8], exec: u64) -> bool {
    let n = m.count as usize;
    let (addr_r, d0, d1, vdst) = (
        i.vaddr as usize,
        i.vdata as usize,
        i.data1 as usize,
        i.vdst as usize,
    );
    let nv = w.nvgpr;
    let regs_ok = addr_r < nv
        && match m.kind {
            Kind::Load => vdst + n * (1 + m.two as usize) <= nv,
            _ => d0 + n <= nv && (!m.two || d1 + n <= nv),
        };
    if !regs_ok {
        return false;
    }
    // (offset, data register) of each of the (one or two) accesses.
    let offs: [(u64, usize); 2] = if m.two {
        let unit = 4 * n as u64 * if m.st64 { 64 } else { 1 };
        [(i.offset as u64 * unit, 0), (i.offset1 as u64 * unit, 1)]
    } else {
        [(ds_offset16(i) as u64, 0), (0, 0)]
    };
    let parts = if m.two { 2 } else { 1 };
    let lanes = w.lanes;
    let v = &mut w.v;
    let abase = addr_r * LANES;
    // One (access, dword) at a time over the lanes: register offsets computed once.
    for &(off, k) in &offs[..parts] {
        for c in 0..n {
            let delta = off.wrapping_add(4 * c as u64);
            if m.kind == Kind::Load {
                let dbase = (vdst + k * n + c) * LANES;
                for l in 0..lanes {
                    if exec >> l & 1 == 0 {
                        continue;
                    }
                    let at = (v[abase + l] as u64).wrapping_add(delta);
                    let x = usize::try_from(at)
                        .ok()
                        .and_then(|s| lds.get(s..s.checked_add(4)?))
                        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                        .unwrap_or(0);
                    v[dbase + l] = x;
                }
            } else {
                let sbase = ((if k == 0 { d0 } else { d1 }) + c) * LANES;
                for l in 0..lanes {
                    if exec >> l & 1 == 0 {
                        continue;
                    }
                    let at = (v[abase + l] as u64).wrapping_add(delta);
                    if let Some(b) = usize::try_from(at)
                        .ok()
                        .and_then(|s| lds.get_mut(s..s.checked_add(4)?))
                    {
                        b.copy_from_slice(&v[sbase + l].to_le_bytes());
                    }
                }
            }
        }
    }
    true
}

/// A single-address DS instruction's 16-bit offset (the DS OFFSET field over OFFSET1:OFFSET0).
#[inline(always)]
pub(super) fn ds_offset16(i: &TInst) -> u32 {
    crate::fields::ds::offset(super::layout(i), &i.words)
}

/// [`ds_offset16`] for the pre-decoder, out of line (inlined there, it cost the interpreter
/// loop 5 host instructions per wave-instruction through the code layout: callgrind).
#[cold]
#[inline(never)]
pub(super) fn ds_offset16_cold(i: &TInst) -> u32 {
    ds_offset16(i)
}
