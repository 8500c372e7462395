//! The memory forms of the pre-decoded handlers: dword global (and FLAT) loads and stores in one
//! region or on host memory, and dword LDS accesses (split from run.rs).

// The lane loops index several lane arrays by the lane number.
#![allow(clippy::needless_range_loop)]

use super::*;

/// Dword global loads and stores whose active lanes all fall in one region, 4-byte aligned
/// (one region lookup per wave-instruction); `false`: the general path (which also reports
/// faults). FLAT addresses in the LDS or private apertures lie in no region, so they go there.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn global<const N: usize>(
    w: &mut Wave,
    exec: u64,
    mem: &Memory,
    store: bool,
    count: u8,
    v: u16,
    vaddr: u16,
    saddr: Option<u8>,
    offset: i64,
    hint: u8,
) -> bool {
    let hint = hint as usize & 7;
    let off = offset as u64;
    let lo_r: [u32; N] = rd(w, Opnd::V(vaddr));
    if exec == u64::MAX >> (64 - N) {
        // Every lane active, and the addresses a 64-bit base plus 32-bit lane offsets (the
        // SGPR-base form, or 64-bit addresses whose high halves are all equal): the range
        // from the offsets' minimum and maximum, no 64-bit arithmetic per lane.
        let base = match saddr {
            Some(s) => Some(w.sget64(s as usize).wrapping_add(off)),
            None => {
                let hi_r: [u32; N] = rd(w, Opnd::V(vaddr + 1));
                let (mut and, mut or) = (u32::MAX, 0u32);
                for l in 0..N {
                    and &= hi_r[l];
                    or |= hi_r[l];
                }
                (and == or).then(|| ((and as u64) << 32).wrapping_add(off))
            }
        };
        if let Some(base) = base {
            if let Some(ok) = global_based::<N>(w, mem, store, count, v, base, &lo_r, hint) {
                return ok;
            }
        }
    }
    let addr: [u64; N] = match saddr {
        Some(s) => {
            let base = w.sget64(s as usize).wrapping_add(off);
            amap(&lo_r, |x| base.wrapping_add(x as u64))
        }
        None => {
            let hi_r: [u32; N] = rd(w, Opnd::V(vaddr + 1));
            gen(|l| (lo_r[l] as u64 | (hi_r[l] as u64) << 32).wrapping_add(off))
        }
    };
    let (mut lo, mut hi, mut mis) = (u64::MAX, 0u64, 0u64);
    for l in 0..N {
        if exec >> l & 1 != 0 {
            lo = lo.min(addr[l]);
            hi = hi.max(addr[l]);
            mis |= addr[l];
        }
    }
    if lo == u64::MAX {
        return true;
    }
    if mis % 4 != 0 {
        return false;
    }
    let n = count as u64;
    let end = hi.saturating_add(4 * n);
    let Some(r) = mem.region_hint(lo, end, &mut w.region_hints[hint]) else {
        if mem.host_range(lo, end) {
            // SAFETY: the host backend's contract (`Memory::new_host`): every address the
            // kernel computes outside the regions is valid host memory; the range is checked
            // and the addresses are 4-aligned.
            unsafe { host_global::<N>(w, exec, store, n, v, &addr) };
            return true;
        }
        return false;
    };
    let base = r.base;
    let full = u64::MAX >> (64 - N);
    if store && n > 1 {
        // Lane by lane (as the general path: overlapping lanes end the same way).
        for l in 0..N {
            if exec >> l & 1 != 0 {
                for c in 0..n {
                    r.store32(addr[l] - base + 4 * c, w.vget(v as usize + c as usize, l));
                }
            }
        }
        return true;
    }
    for c in 0..n {
        let reg = (v as usize + c as usize) * LANES;
        let Some(lanes) = w.v.get_mut(reg..reg + N) else {
            return false;
        };
        if store {
            for l in 0..N {
                if exec == full || exec >> l & 1 != 0 {
                    r.store32(addr[l] - base + 4 * c, lanes[l]);
                }
            }
        } else {
            for l in 0..N {
                if exec == full || exec >> l & 1 != 0 {
                    lanes[l] = r.load32(addr[l] - base + 4 * c);
                }
            }
        }
    }
    true
}

/// [`global`] with every lane active at `base + o[l]`: `None` when this form does not apply
/// (unaligned addresses, a range that wraps), else whether the access was made (`false`:
/// the general path, which reports the fault).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn global_based<const N: usize>(
    w: &mut Wave,
    mem: &Memory,
    store: bool,
    count: u8,
    v: u16,
    base: u64,
    o: &[u32; N],
    hint: usize,
) -> Option<bool> {
    // Consecutive dwords (the usual case): the range is known from the first lane.
    let first = o[0];
    let mut gap = 0u32;
    for l in 0..N {
        gap |= o[l] ^ first.wrapping_add(4 * l as u32);
    }
    let consecutive = gap == 0 && first.checked_add(4 * (N as u32 - 1)).is_some();
    let (mn, mx, or) = if consecutive {
        (first, first + 4 * (N as u32 - 1), first)
    } else {
        (
            o.iter().fold(u32::MAX, |m, &x| m.min(x)),
            o.iter().fold(0, |m, &x| m.max(x)),
            o.iter().fold(0, |m, &x| m | x),
        )
    };
    if (base | or as u64) & 3 != 0 {
        return None;
    }
    let n = count as u64;
    let lo = base.checked_add(mn as u64)?;
    let end = base.checked_add(mx as u64 + 4 * n)?;
    // The byte at `lo`; lane l at `p + (o[l] - mn)`.
    // The host backend's range first: it overlaps no region, so no region would hold it.
    let p: *const u8 = if mem.host_range(lo, end) {
        lo as usize as *const u8
    } else {
        match mem.region_hint(lo, end, &mut w.region_hints[hint]) {
            Some(r) => r.ptr_at(lo - r.base),
            None => return Some(false),
        }
    };
    if store && n > 1 {
        // Lane by lane (as the general path: overlapping lanes end the same way).
        for l in 0..N {
            for c in 0..n as usize {
                let x = w.vget(v as usize + c, l);
                // SAFETY: inside the checked range [lo, end), 4-aligned, in a region's storage
                // or (host backend) valid host memory by `Memory::new_host`'s contract.
                unsafe { at32(p, (o[l] - mn) as usize + 4 * c).store(x, Relaxed) };
            }
        }
        return Some(true);
    }
    // Two lanes per 8-byte access when consecutive from an 8-aligned start.
    let pairs = consecutive && n == 1 && (p as usize) & 7 == 0;
    for c in 0..n as usize {
        let reg = (v as usize + c) * LANES;
        let Some(lanes) = w.v.get_mut(reg..reg + N) else {
            return Some(false);
        };
        // SAFETY (every access below): as above; `pairs`: 8-aligned and inside the range.
        if pairs {
            for k in 0..N / 2 {
                let a = unsafe { &*(p.add(8 * k) as *const AtomicU64) };
                if store {
                    a.store(
                        lanes[2 * k] as u64 | (lanes[2 * k + 1] as u64) << 32,
                        Relaxed,
                    );
                } else {
                    let x = a.load(Relaxed);
                    lanes[2 * k] = x as u32;
                    lanes[2 * k + 1] = (x >> 32) as u32;
                }
            }
        } else if store {
            for l in 0..N {
                unsafe { at32(p, (o[l] - mn) as usize + 4 * c).store(lanes[l], Relaxed) };
            }
        } else {
            for l in 0..N {
                lanes[l] = unsafe { at32(p, (o[l] - mn) as usize + 4 * c).load(Relaxed) };
            }
        }
    }
    Some(true)
}

/// The dword at `p + k`.
///
/// # Safety
/// `p + k` is 4-aligned memory valid for atomic dword accesses while the reference lives.
#[inline(always)]
unsafe fn at32<'a>(p: *const u8, k: usize) -> &'a AtomicU32 {
    &*(p.add(k) as *const AtomicU32)
}

/// [`global`] on host memory (the host backend), lane by lane as the general path.
///
/// # Safety
/// Every active lane's `addr .. addr + 4 * n` is valid host memory, 4-aligned.
#[inline(always)]
unsafe fn host_global<const N: usize>(
    w: &mut Wave,
    exec: u64,
    store: bool,
    n: u64,
    v: u16,
    addr: &[u64; N],
) {
    let full = u64::MAX >> (64 - N);
    if store && n > 1 {
        // Lane by lane (as the general path: overlapping lanes end the same way).
        for l in 0..N {
            if exec >> l & 1 != 0 {
                for c in 0..n {
                    Memory::host_store32(addr[l] + 4 * c, w.vget(v as usize + c as usize, l));
                }
            }
        }
        return;
    }
    for c in 0..n {
        let reg = (v as usize + c as usize) * LANES;
        let Some(lanes) = w.v.get_mut(reg..reg + N) else {
            // Registers past the file: loads write nothing, stores read 0 (as `vget`).
            if store {
                for l in 0..N {
                    if exec >> l & 1 != 0 {
                        Memory::host_store32(addr[l] + 4 * c, 0);
                    }
                }
            }
            continue;
        };
        if store {
            for l in 0..N {
                if exec == full || exec >> l & 1 != 0 {
                    Memory::host_store32(addr[l] + 4 * c, lanes[l]);
                }
            }
        } else {
            for l in 0..N {
                if exec == full || exec >> l & 1 != 0 {
                    lanes[l] = Memory::host_load32(addr[l] + 4 * c);
                }
            }
        }
    }
}

/// Dword LDS loads and stores (one or two addresses per lane). Out-of-range lanes read 0 and
/// write nothing, as the general path.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn lds_access<const N: usize>(
    w: &mut Wave,
    exec: u64,
    lds: &mut [u8],
    store: bool,
    two: bool,
    v: [u16; 2],
    addr: u16,
    offs: [u32; 2],
) -> bool {
    let a: [u32; N] = rd(w, Opnd::V(addr));
    let parts = if two { 2 } else { 1 };
    for k in 0..parts {
        let reg = v[k] as usize * LANES;
        let Some(lanes) = w.v.get_mut(reg..reg + N) else {
            return false;
        };
        let off = offs[k] as u64;
        // Every active lane in range (the usual case): no check per lane.
        let len = lds.len() as u64;
        let mut bad = false;
        for l in 0..N {
            bad |= (exec >> l & 1 != 0) & (a[l] as u64 + off + 4 > len);
        }
        if !bad {
            let base = lds.as_mut_ptr();
            let full = u64::MAX >> (64 - N);
            for l in 0..N {
                if exec == full || exec >> l & 1 != 0 {
                    let at = (a[l] as u64 + off) as usize;
                    // SAFETY: at + 4 <= lds.len() (checked above for the active lanes).
                    unsafe {
                        let p = base.add(at) as *mut u32;
                        if store {
                            p.write_unaligned(lanes[l].to_le());
                        } else {
                            lanes[l] = u32::from_le(p.read_unaligned());
                        }
                    }
                }
            }
            continue;
        }
        for l in 0..N {
            if exec >> l & 1 == 0 {
                continue;
            }
            let at = (a[l] as u64 + off) as usize;
            if store {
                if let Some(b) = lds.get_mut(at..at + 4) {
                    b.copy_from_slice(&lanes[l].to_le_bytes());
                }
            } else {
                lanes[l] = match lds.get(at..at + 4) {
                    Some(b) => u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
                    None => 0,
                };
            }
        }
    }
    true
}
