//! FLAT, GLOBAL and SCRATCH accesses (per lane; dword loads and stores wave-wide), and the
//! private (scratch) memory they and buffers reach.

use super::super::mem::{MemFault, Rmw};
use super::super::wave::{Wave, LANES, PRIVATE_APERTURE_HI, SHARED_APERTURE_HI};
use super::super::{err, lane_err, unsupported, Ctx, R};
use super::*;
use crate::gcn::inst::TInst;
use crate::gcn::Enc;
// ---------------------------------------------------------------- global memory (per lane)

/// One lane's access to global memory at `addr` (loads into `vdst`, stores from `vdata`,
/// atomics with `vdata` (and `vdata+n` for cmpswap)).
pub(super) fn global_access(
    w: &mut Wave,
    m: &MemInfo,
    ctx: &Ctx<'_>,
    l: usize,
    addr: u64,
    vdst: usize,
    vdata: usize,
    glc: bool,
) -> R {
    let mem = ctx.mem;
    let f = |e: MemFault, what: &str| super::super::ExecError {
        lane: Some(l as u32),
        message: fault_msg(e, what),
    };
    match m.kind {
        Kind::Load => {
            if m.size == 4 {
                for c in 0..m.count as u64 {
                    let v = mem
                        .read(addr.wrapping_add(4 * c), 4)
                        .map_err(|e| f(e, "load"))?;
                    w.vset(vdst + c as usize, l, v as u32);
                }
            } else {
                let v = mem.read(addr, m.size).map_err(|e| f(e, "load"))?;
                write_loaded(w, m, vdst, l, v);
            }
        }
        Kind::Store => {
            if m.size == 4 {
                for c in 0..m.count as u64 {
                    mem.write(
                        addr.wrapping_add(4 * c),
                        4,
                        w.vget(vdata + c as usize, l) as u64,
                    )
                    .map_err(|e| f(e, "store"))?;
                }
            } else {
                mem.write(addr, m.size, store_value(w, m, vdata, l))
                    .map_err(|e| f(e, "store"))?;
            }
        }
        Kind::Atomic(op) => {
            let sz = m.size;
            let get = |r: usize| -> u64 {
                let lo = w.vget(r, l) as u64;
                if sz == 8 {
                    lo | (w.vget(r + 1, l) as u64) << 32
                } else {
                    lo
                }
            };
            // Global/flat/buffer cmpswap: data = {src, cmp} (src first).
            let words = (sz / 4) as usize;
            let (v, cmp) = if op == Rmw::CmpSwap {
                (get(vdata), get(vdata + words))
            } else {
                (get(vdata), 0)
            };
            if addr % sz as u64 != 0 {
                return lane_err(
                    l,
                    format!("atomic at {addr:#x} is not aligned to {sz} bytes"),
                );
            }
            let old = mem
                .atomic(addr, sz, op, v, cmp)
                .map_err(|e| f(e, "atomic"))?;
            if glc {
                w.vset(vdst, l, old as u32);
                if sz == 8 {
                    w.vset(vdst + 1, l, (old >> 32) as u32);
                }
            }
        }
        Kind::Nop => {}
    }
    Ok(())
}

/// LDS access through the flat aperture (32-bit accesses and atomics).
pub(super) fn flat_lds(
    w: &mut Wave,
    m: &MemInfo,
    ctx: &mut Ctx<'_>,
    l: usize,
    a: u64,
    vdst: usize,
    vdata: usize,
    glc: bool,
) {
    match m.kind {
        Kind::Load => {
            if m.size == 4 {
                for c in 0..m.count as u64 {
                    let v = lds_read(ctx.lds, a.wrapping_add(4 * c), 4);
                    w.vset(vdst + c as usize, l, v as u32);
                }
            } else {
                let v = lds_read(ctx.lds, a, m.size);
                write_loaded(w, m, vdst, l, v);
            }
        }
        Kind::Store => {
            if m.size == 4 {
                for c in 0..m.count as u64 {
                    lds_write(
                        ctx.lds,
                        a.wrapping_add(4 * c),
                        4,
                        w.vget(vdata + c as usize, l) as u64,
                    );
                }
            } else {
                lds_write(ctx.lds, a, m.size, store_value(w, m, vdata, l));
            }
        }
        Kind::Atomic(op) => {
            let sz = m.size;
            let get = |r: usize| -> u64 {
                let lo = w.vget(r, l) as u64;
                if sz == 8 {
                    lo | (w.vget(r + 1, l) as u64) << 32
                } else {
                    lo
                }
            };
            let words = (sz / 4) as usize;
            let (v, cmp) = if op == Rmw::CmpSwap {
                (get(vdata), get(vdata + words))
            } else {
                (get(vdata), 0)
            };
            let old = lds_read(ctx.lds, a, sz);
            lds_write(ctx.lds, a, sz, super::super::mem::rmw(op, sz, old, v, cmp));
            if glc {
                w.vset(vdst, l, old as u32);
                if sz == 8 {
                    w.vset(vdst + 1, l, (old >> 32) as u32);
                }
            }
        }
        Kind::Nop => {}
    }
}

/// The swizzled scratch address of `offset` for `lane` (element size 4, index stride 64).
pub(super) fn swizzle_scratch(base: u64, offset: u64, lane: usize) -> u64 {
    base.wrapping_add((offset / 4).wrapping_mul(4 * LANES as u64))
        .wrapping_add(lane as u64 * 4 + offset % 4)
}

pub fn flat(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>) -> R {
    let Some(m) = mem_info(i.op) else {
        return unsupported(i.op);
    };
    if i.lds {
        return err("FLAT/GLOBAL loads into LDS (lds bit) are not emulated");
    }
    let exec = w.exec();
    ctx.lane_ops += exec.count_ones() as u64;
    let saddr = if i.saddr != 0x7f && i.saddr < 128 {
        Some(w.sget64(i.saddr as usize))
    } else {
        None
    };
    if matches!(i.enc, Enc::Global | Enc::GlobalSaddr | Enc::Flat)
        && m.size == 4
        && matches!(m.kind, Kind::Load | Kind::Store)
        && !m.d16
    {
        if flat_fast(w, i, &m, ctx, exec, saddr) {
            return Ok(());
        }
    }
    for l in 0..w.lanes {
        if exec >> l & 1 == 0 {
            continue;
        }
        match i.enc {
            Enc::Scratch | Enc::ScratchSaddr => {
                let off = match saddr {
                    Some(s) => s.wrapping_add(i.offset as i64 as u64),
                    None => {
                        (w.vget(i.vaddr as usize, l) as u64).wrapping_add(i.offset as i64 as u64)
                    }
                } & 0xffff_ffff;
                private_access(w, i, &m, ctx, l, off)?;
            }
            _ => {
                let a = match saddr {
                    Some(s) => s.wrapping_add(w.vget(i.vaddr as usize, l) as u64),
                    None => {
                        w.vget(i.vaddr as usize, l) as u64
                            | (w.vget(i.vaddr as usize + 1, l) as u64) << 32
                    }
                }
                .wrapping_add(i.offset as i64 as u64);
                let hi = (a >> 32) as u32;
                if i.enc == Enc::Flat && hi == SHARED_APERTURE_HI {
                    flat_lds(
                        w,
                        &m,
                        ctx,
                        l,
                        a & 0xffff_ffff,
                        i.vdst as usize,
                        i.vdata as usize,
                        i.glc,
                    );
                } else if i.enc == Enc::Flat && hi == PRIVATE_APERTURE_HI {
                    // The private aperture: the low 32 bits are the lane's private (scratch)
                    // address, as scratch_* instructions take it.
                    private_access(w, i, &m, ctx, l, a & 0xffff_ffff)?;
                } else {
                    global_access(w, &m, ctx, l, a, i.vdst as usize, i.vdata as usize, i.glc)?;
                }
            }
        }
    }
    Ok(())
}

/// A multi-dword access whose dwords live apart (swizzled scratch and buffers): dword `c` of
/// lane `l` at `addr(4 * c)` (the closure takes the byte offset 4 * c), one dword at a time.
pub(super) fn dword_apart(
    w: &mut Wave,
    i: &TInst,
    m: &MemInfo,
    ctx: &mut Ctx<'_>,
    l: usize,
    addr: impl Fn(u64) -> u64,
) -> R {
    let one = MemInfo { count: 1, ..*m };
    for c in 0..m.count as u64 {
        global_access(
            w,
            &one,
            ctx,
            l,
            addr(4 * c),
            i.vdst as usize + c as usize,
            i.vdata as usize + c as usize,
            i.glc,
        )?;
    }
    Ok(())
}

/// One lane's access to its private (scratch) memory at private address `off`: scratch_*
/// instructions and FLAT in the private aperture. The wave's private segment is FLAT_SCRATCH on
/// gfx9 (set up by the kernel from the flat scratch init SGPRs) or the architected per-wave base
/// on gfx11; on gfx7/gfx8 FLAT_SCRATCH_HI (s105 on gfx7, s103 on gfx8) is the wave's offset
/// from the scratch backing memory in 256-byte units (FLAT_SCRATCH_LO the per-lane size), which
/// the kernel computes from the flat scratch init SGPRs (the queue's scratch offset: 0 here)
/// plus the scratch wave offset, as AMDGPUUsage describes; lanes' dwords are interleaved
/// (swizzled), so each dword of a multi-dword access has its own place.
pub(super) fn private_access(
    w: &mut Wave,
    i: &TInst,
    m: &MemInfo,
    ctx: &mut Ctx<'_>,
    l: usize,
    off: u64,
) -> R {
    let base = if i.gfx11 {
        w.scratch_base
    } else if i.gen >= crate::gcn::Gen::Gfx9 {
        w.sget64(102)
    } else {
        let hi = if i.gen == crate::gcn::Gen::Gfx7 {
            105
        } else {
            103
        };
        super::super::SCRATCH_BASE + ((w.s[hi] as u64) << 8)
    };
    if m.size == 4 && m.count > 1 {
        dword_apart(w, i, m, ctx, l, |k| {
            swizzle_scratch(base, off.wrapping_add(k), l)
        })
    } else {
        let a = swizzle_scratch(base, off, l);
        global_access(w, m, ctx, l, a, i.vdst as usize, i.vdata as usize, i.glc)
    }
}

/// Dword loads and stores whose lanes all fall in one region, 4-byte aligned: one region lookup
/// for the wave. `false`: the per-lane path handles it (and reports any fault).
pub(super) fn flat_fast(
    w: &mut Wave,
    i: &TInst,
    m: &MemInfo,
    ctx: &Ctx<'_>,
    exec: u64,
    saddr: Option<u64>,
) -> bool {
    let mut addr = [0u64; LANES];
    let (mut lo, mut hi) = (u64::MAX, 0u64);
    let va = i.vaddr as usize;
    for l in 0..w.lanes {
        if exec >> l & 1 == 0 {
            continue;
        }
        let a = match saddr {
            Some(s) => s.wrapping_add(w.vget(va, l) as u64),
            None => w.vget(va, l) as u64 | (w.vget(va + 1, l) as u64) << 32,
        }
        .wrapping_add(i.offset as i64 as u64);
        if a % 4 != 0 {
            return false;
        }
        addr[l] = a;
        lo = lo.min(a);
        hi = hi.max(a);
    }
    if lo == u64::MAX {
        return true;
    }
    let n = m.count as u64;
    let Some(r) = ctx.mem.region_for(lo, hi.saturating_add(4 * n)) else {
        return false;
    };
    let base = r.base;
    for l in 0..w.lanes {
        if exec >> l & 1 == 0 {
            continue;
        }
        let off = addr[l] - base;
        for c in 0..n {
            if m.kind == Kind::Load {
                let v = r.load32(off + 4 * c);
                w.vset(i.vdst as usize + c as usize, l, v);
            } else {
                r.store32(off + 4 * c, w.vget(i.vdata as usize + c as usize, l));
            }
        }
    }
    true
}
