//! The device's global memory: a fixed set of regions (kernel arguments, buffers, the code
//! object, scratch) at distinct 64-bit addresses, shared by every worker thread. Accesses go
//! through atomic operations of the access width (relaxed loads and stores compile to plain moves
//! on x86-64), so concurrent work-groups never race in Rust's sense, and the kernel's atomics
//! are real atomics. An access outside every region is a fault, never a wild read.

use std::sync::atomic::{AtomicU32, AtomicU64, AtomicU8, Ordering::Relaxed, Ordering::SeqCst};

pub struct Region {
    pub base: u64,
    pub len: u64,
    pub name: String,
    /// 8-byte aligned storage, `len` rounded up.
    data: Box<[AtomicU64]>,
}

impl Region {
    pub fn new(name: impl Into<String>, base: u64, bytes: &[u8], len: u64) -> Region {
        let words = (len as usize).div_ceil(8).max(1);
        let bytes = &bytes[..bytes.len().min(len as usize)];
        let mut init = vec![0u64; words].into_boxed_slice();
        // SAFETY: `init` owns `words * 8 >= bytes.len()` bytes and nothing else refers to it.
        unsafe {
            std::ptr::copy_nonoverlapping(
                bytes.as_ptr(),
                init.as_mut_ptr() as *mut u8,
                bytes.len(),
            );
        }
        let data = atomic_words(init);
        Region {
            base,
            len,
            name: name.into(),
            data,
        }
    }
    fn ptr(&self) -> *const u8 {
        self.data.as_ptr() as *const u8
    }
    /// The storage of byte `off` (`off <= len`), for accesses the caller checked against
    /// the region's range and makes through atomics of their width (as this file does).
    #[inline]
    pub fn ptr_at(&self, off: u64) -> *const u8 {
        debug_assert!(off <= self.len);
        self.ptr().wrapping_add(off as usize)
    }
    fn byte(&self, off: u64) -> &AtomicU8 {
        debug_assert!(off < self.len);
        // SAFETY: off < len <= storage size; AtomicU8 has alignment 1.
        unsafe { &*(self.ptr().add(off as usize) as *const AtomicU8) }
    }
    fn u32_at(&self, off: u64) -> &AtomicU32 {
        debug_assert!(off % 4 == 0 && off + 4 <= self.len.div_ceil(8) * 8);
        // SAFETY: aligned to 4 and inside the storage.
        unsafe { &*(self.ptr().add(off as usize) as *const AtomicU32) }
    }
    fn u64_at(&self, off: u64) -> &AtomicU64 {
        &self.data[(off / 8) as usize]
    }
    /// The region's bytes (after the run).
    pub fn bytes(&self) -> Vec<u8> {
        let mut out = vec![0u8; self.data.len() * 8];
        for (o, w) in out.chunks_exact_mut(8).zip(self.data.iter()) {
            o.copy_from_slice(&w.load(Relaxed).to_le_bytes());
        }
        out.truncate(self.len as usize);
        out
    }
    /// The region's bytes, taking it (after the run: one copy, no atomic access per word).
    pub fn into_bytes(self) -> Vec<u8> {
        let n = self.len as usize;
        let mut out = Vec::with_capacity(n);
        // SAFETY: the region is owned here, so nothing else accesses its storage, which holds
        // `data.len() * 8 >= len` initialised bytes; `out` has room for `n` bytes.
        unsafe {
            std::ptr::copy_nonoverlapping(self.ptr(), out.as_mut_ptr(), n);
            out.set_len(n);
        }
        out
    }
    /// A naturally aligned 32-bit load at `off` (the caller checked the range).
    #[inline]
    pub fn load32(&self, off: u64) -> u32 {
        self.u32_at(off).load(Relaxed)
    }
    #[inline]
    pub fn store32(&self, off: u64, v: u32) {
        self.u32_at(off).store(v, Relaxed)
    }
}

/// Words as atomics, in place when the layouts agree. The storage comes from `vec![0; n]`, the
/// allocator's zeroed allocation (fresh pages cost nothing until touched) and is filled with
/// one copy, where a loop of atomic stores would write every word.
fn atomic_words(b: Box<[u64]>) -> Box<[AtomicU64]> {
    if std::mem::align_of::<u64>() == std::mem::align_of::<AtomicU64>() {
        // SAFETY: AtomicU64 has the size and bit validity of u64 (std's documentation), and
        // here the same alignment, so the allocation's layout is the same.
        unsafe { Box::from_raw(Box::into_raw(b) as *mut [AtomicU64]) }
    } else {
        b.iter().map(|&w| AtomicU64::new(w)).collect()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemFault {
    pub addr: u64,
    pub size: u32,
}

pub struct Memory {
    regions: Vec<Region>,
    /// Host-memory mode ([`Memory::new_host`]): an address outside every region is a pointer
    /// into this process's memory.
    host: bool,
}

/// An atomic read-modify-write operation (the operations' `rmw=` trait, data/amd/op-facts.txt).
pub use crate::op::Atomic as Rmw;

impl Memory {
    pub fn new(mut regions: Vec<Region>) -> Memory {
        regions.sort_by_key(|r| r.base);
        Memory {
            regions,
            host: false,
        }
    }
    /// **Unsafe backend**: memory as remu and tinygrad's emulator see it. Addresses inside
    /// `regions` go to them as usual; every other address is a raw pointer into this process
    /// (the kernel's buffers and kernel arguments are host allocations). Only the null page and
    /// non-canonical addresses are refused with a fault.
    ///
    /// # Safety
    /// Every address the kernel computes outside `regions` must be valid for the access (reads
    /// and writes of the access width) while the run lasts, and no other code may access that
    /// memory non-atomically meanwhile. A wrong address crashes the process like a wrong
    /// pointer in C.
    pub unsafe fn new_host(regions: Vec<Region>) -> Memory {
        let mut m = Memory::new(regions);
        m.host = true;
        m
    }
    /// Host backend: whether `lo..hi` overlaps no region and passes the host backend's check of
    /// each access (above the null page, inside the 47-bit user address space), so that the
    /// naturally aligned dword accesses inside it go to host memory as [`Memory::read`] and
    /// [`Memory::write`] would send them.
    pub fn host_range(&self, lo: u64, hi: u64) -> bool {
        self.host
            && lo >= 4096
            && lo <= hi
            && hi <= 1 << 47
            && !self
                .regions
                .iter()
                .any(|r| r.base < hi && lo < r.base + r.len)
    }
    /// A host dword load, as the host backend's aligned 4-byte read.
    ///
    /// # Safety
    /// As [`Memory::new_host`]: `addr` is 4-aligned, inside a range [`Memory::host_range`]
    /// accepted, and readable host memory.
    #[inline(always)]
    pub unsafe fn host_load32(addr: u64) -> u32 {
        (*(addr as *const std::sync::atomic::AtomicU32)).load(Relaxed)
    }
    /// A host dword store, as the host backend's aligned 4-byte write.
    ///
    /// # Safety
    /// As [`Memory::host_load32`], and writable.
    #[inline(always)]
    pub unsafe fn host_store32(addr: u64, v: u32) {
        (*(addr as *const std::sync::atomic::AtomicU32)).store(v, Relaxed)
    }
    /// Whether this is the host-memory backend.
    pub fn is_host(&self) -> bool {
        self.host
    }
    pub fn regions(&self) -> &[Region] {
        &self.regions
    }
    /// The regions, taking the memory (after the run).
    pub fn into_regions(self) -> Vec<Region> {
        self.regions
    }
    pub fn region(&self, name: &str) -> Option<&Region> {
        self.regions.iter().find(|r| r.name == name)
    }
    /// The region holding every byte of `[lo, hi)`, if one does.
    #[inline]
    pub fn region_for(&self, lo: u64, hi: u64) -> Option<&Region> {
        let (r, _) = self.find(lo, 1).ok()?;
        (hi <= r.base + r.len).then_some(r)
    }
    /// [`Memory::region_for`], trying region `*hint` first and leaving the index of the
    /// region found there (a caller keeps one per stream of accesses).
    #[inline(always)]
    pub fn region_hint(&self, lo: u64, hi: u64, hint: &mut usize) -> Option<&Region> {
        if let Some(r) = self.regions.get(*hint) {
            if r.base <= lo && lo < hi && hi <= r.base + r.len {
                return Some(r);
            }
        }
        self.region_slow(lo, hi, hint)
    }
    #[inline(never)]
    fn region_slow(&self, lo: u64, hi: u64, hint: &mut usize) -> Option<&Region> {
        let i = self
            .regions
            .partition_point(|r| r.base <= lo)
            .checked_sub(1)?;
        let r = &self.regions[i];
        if lo - r.base < r.len && hi <= r.base + r.len {
            *hint = i;
            Some(r)
        } else {
            None
        }
    }
    #[inline]
    fn find(&self, addr: u64, size: u32) -> Result<(&Region, u64), MemFault> {
        let i = self.regions.partition_point(|r| r.base <= addr);
        if i > 0 {
            let r = &self.regions[i - 1];
            let off = addr - r.base;
            if off.checked_add(size as u64).is_some_and(|e| e <= r.len) {
                return Ok((r, off));
            }
        }
        Err(MemFault { addr, size })
    }
    /// Reads `size` bytes (1, 2, 4 or 8) as a little-endian value.
    #[inline]
    pub fn read(&self, addr: u64, size: u32) -> Result<u64, MemFault> {
        let (r, off) = match self.find(addr, size) {
            Ok(x) => x,
            // SAFETY: the caller of `new_host` vouched for every address outside the regions.
            Err(f) if self.host => return unsafe { host::read(f) },
            Err(f) => return Err(f),
        };
        Ok(match size {
            4 if off % 4 == 0 => r.u32_at(off).load(Relaxed) as u64,
            8 if off % 8 == 0 => r.u64_at(off).load(Relaxed),
            _ => {
                let mut v = 0u64;
                for i in (0..size as u64).rev() {
                    v = (v << 8) | r.byte(off + i).load(Relaxed) as u64;
                }
                v
            }
        })
    }
    #[inline]
    pub fn write(&self, addr: u64, size: u32, v: u64) -> Result<(), MemFault> {
        let (r, off) = match self.find(addr, size) {
            Ok(x) => x,
            // SAFETY: as in `read`.
            Err(f) if self.host => return unsafe { host::write(f, v) },
            Err(f) => return Err(f),
        };
        match size {
            4 if off % 4 == 0 => r.u32_at(off).store(v as u32, Relaxed),
            8 if off % 8 == 0 => r.u64_at(off).store(v, Relaxed),
            _ => {
                for i in 0..size as u64 {
                    r.byte(off + i).store((v >> (8 * i)) as u8, Relaxed);
                }
            }
        }
        Ok(())
    }
    /// An atomic operation of 4 or 8 bytes on a naturally aligned address; returns the old value.
    /// `float` selects f32/f64 for FAdd/FMin/FMax.
    pub fn atomic(&self, addr: u64, size: u32, op: Rmw, v: u64, cmp: u64) -> Result<u64, MemFault> {
        let (r, off) = match self.find(addr, size) {
            Ok(x) => x,
            // SAFETY: as in `read`.
            Err(f) if self.host => return unsafe { host::atomic(f, op, v, cmp) },
            Err(f) => return Err(f),
        };
        if off % size as u64 != 0 {
            return Err(MemFault { addr, size });
        }
        let f = |old: u64| -> u64 { rmw(op, size, old, v, cmp) };
        Ok(if size == 4 {
            let a = r.u32_at(off);
            match a.fetch_update(SeqCst, SeqCst, |o| Some(f(o as u64) as u32)) {
                Ok(o) | Err(o) => o as u64,
            }
        } else {
            let a = r.u64_at(off);
            match a.fetch_update(SeqCst, SeqCst, |o| Some(f(o))) {
                Ok(o) | Err(o) => o,
            }
        })
    }
}

/// The host-memory backend's accesses (raw pointers; see [`Memory::new_host`]). Accesses are
/// atomic (relaxed) when naturally aligned, as on the regions, and bytewise otherwise.
mod host {
    use super::{rmw, MemFault, Rmw};
    use std::sync::atomic::{
        AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering::Relaxed, Ordering::SeqCst,
    };

    /// Refuses what cannot be a host pointer: the null page, and addresses whose last byte is
    /// beyond the 47-bit user address space of x86-64 and AArch64 Linux.
    fn check(f: MemFault) -> Result<(), MemFault> {
        let end = f.addr.checked_add(f.size as u64);
        if f.addr < 4096 || end.is_none_or(|e| e > 1 << 47) {
            Err(f)
        } else {
            Ok(())
        }
    }

    /// # Safety
    /// `f.addr .. f.addr + f.size` is readable host memory.
    pub unsafe fn read(f: MemFault) -> Result<u64, MemFault> {
        check(f)?;
        let (a, n) = (f.addr as usize, f.size);
        Ok(match n {
            1 => (*(a as *const AtomicU8)).load(Relaxed) as u64,
            2 if a & 1 == 0 => (*(a as *const AtomicU16)).load(Relaxed) as u64,
            4 if a & 3 == 0 => (*(a as *const AtomicU32)).load(Relaxed) as u64,
            8 if a & 7 == 0 => (*(a as *const AtomicU64)).load(Relaxed),
            _ => {
                let mut v = 0u64;
                for i in (0..n.min(8) as usize).rev() {
                    v = v << 8 | (*((a + i) as *const AtomicU8)).load(Relaxed) as u64;
                }
                v
            }
        })
    }

    /// # Safety
    /// `f.addr .. f.addr + f.size` is writable host memory.
    pub unsafe fn write(f: MemFault, v: u64) -> Result<(), MemFault> {
        check(f)?;
        let (a, n) = (f.addr as usize, f.size);
        match n {
            1 => (*(a as *const AtomicU8)).store(v as u8, Relaxed),
            2 if a & 1 == 0 => (*(a as *const AtomicU16)).store(v as u16, Relaxed),
            4 if a & 3 == 0 => (*(a as *const AtomicU32)).store(v as u32, Relaxed),
            8 if a & 7 == 0 => (*(a as *const AtomicU64)).store(v, Relaxed),
            _ => {
                for i in 0..n.min(8) as usize {
                    (*((a + i) as *const AtomicU8)).store((v >> (8 * i)) as u8, Relaxed);
                }
            }
        }
        Ok(())
    }

    /// # Safety
    /// `f.addr .. f.addr + f.size` is writable host memory.
    pub unsafe fn atomic(f: MemFault, op: Rmw, v: u64, cmp: u64) -> Result<u64, MemFault> {
        check(f)?;
        let a = f.addr as usize;
        let upd = |old: u64| rmw(op, f.size, old, v, cmp);
        match f.size {
            4 if a & 3 == 0 => {
                let x = &*(a as *const AtomicU32);
                match x.fetch_update(SeqCst, SeqCst, |o| Some(upd(o as u64) as u32)) {
                    Ok(o) | Err(o) => Ok(o as u64),
                }
            }
            8 if a & 7 == 0 => {
                let x = &*(a as *const AtomicU64);
                match x.fetch_update(SeqCst, SeqCst, |o| Some(upd(o))) {
                    Ok(o) | Err(o) => Ok(o),
                }
            }
            _ => Err(f),
        }
    }
}

/// The new value of an atomic operation on `old` (`size` bytes), for every memory kind (images
/// included: SUB is MEM - DATA, RSUB is DATA - MEM, INC adds 1, the corrections to the seed
/// that docs/images.md lists).
pub fn rmw(op: Rmw, size: u32, old: u64, v: u64, cmp: u64) -> u64 {
    let w = size == 8;
    let mask = if w { u64::MAX } else { 0xffff_ffff };
    let sx = |x: u64| if w { x as i64 } else { x as u32 as i32 as i64 };
    let r = match op {
        Rmw::Swap => v,
        Rmw::Add => old.wrapping_add(v),
        Rmw::Sub => old.wrapping_sub(v),
        Rmw::Rsub => v.wrapping_sub(old),
        Rmw::SMin => {
            if sx(v) < sx(old) {
                v
            } else {
                old
            }
        }
        Rmw::UMin => (v & mask).min(old & mask),
        Rmw::SMax => {
            if sx(v) > sx(old) {
                v
            } else {
                old
            }
        }
        Rmw::UMax => (v & mask).max(old & mask),
        Rmw::And => old & v,
        Rmw::Or => old | v,
        Rmw::Xor => old ^ v,
        // inc/dec wrap at the operand (AMD: tmp >= src ? 0 : tmp + 1; tmp == 0 || tmp > src ? src : tmp - 1).
        Rmw::Inc => {
            if (old & mask) >= (v & mask) {
                0
            } else {
                old + 1
            }
        }
        Rmw::Dec => {
            if (old & mask) == 0 || (old & mask) > (v & mask) {
                v
            } else {
                old - 1
            }
        }
        Rmw::CmpSwap => {
            if (old & mask) == (cmp & mask) {
                v
            } else {
                old
            }
        }
        Rmw::FCmpSwap => {
            let eq = if w {
                f64::from_bits(old) == f64::from_bits(cmp)
            } else {
                f32::from_bits(old as u32) == f32::from_bits(cmp as u32)
            };
            if eq {
                v
            } else {
                old
            }
        }
        Rmw::FAdd | Rmw::FMin | Rmw::FMax => {
            if w {
                let (a, b) = (f64::from_bits(old), f64::from_bits(v));
                let x = match op {
                    Rmw::FAdd => a + b,
                    Rmw::FMin => a.min(b),
                    _ => a.max(b),
                };
                x.to_bits()
            } else {
                let (a, b) = (f32::from_bits(old as u32), f32::from_bits(v as u32));
                let x = match op {
                    Rmw::FAdd => a + b,
                    Rmw::FMin => a.min(b),
                    _ => a.max(b),
                };
                x.to_bits() as u64
            }
        }
    };
    r & mask
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn regions_and_faults() {
        let m = Memory::new(vec![
            Region::new("a", 0x1000, &[1, 2, 3, 4, 5, 6, 7, 8, 9], 9),
            Region::new("b", 0x2000, &[], 16),
        ]);
        assert_eq!(m.read(0x1000, 4), Ok(0x0403_0201));
        assert_eq!(m.read(0x1001, 4), Ok(0x0504_0302));
        assert_eq!(m.read(0x1001, 8), Ok(0x0908_0706_0504_0302));
        assert_eq!(
            m.read(0x1006, 4),
            Err(MemFault {
                addr: 0x1006,
                size: 4
            })
        );
        assert_eq!(
            m.read(0xfff, 1),
            Err(MemFault {
                addr: 0xfff,
                size: 1
            })
        );
        assert!(m.write(0x2000, 8, u64::MAX).is_ok());
        assert_eq!(m.read(0x2004, 2), Ok(0xffff));
        assert_eq!(m.atomic(0x2008, 4, Rmw::Add, 5, 0), Ok(0));
        assert_eq!(m.atomic(0x2008, 4, Rmw::CmpSwap, 9, 5), Ok(5));
        assert_eq!(m.read(0x2008, 4), Ok(9));
        assert!(m.atomic(0x2006, 4, Rmw::Add, 1, 0).is_err());
    }
    #[test]
    fn host_backend() {
        let mut buf = vec![0u32; 4];
        buf[1] = 0x1122_3344;
        let p = buf.as_mut_ptr() as u64;
        // SAFETY: `buf` outlives `m`, every access below stays inside it.
        let m = unsafe { Memory::new_host(vec![Region::new("r", 0x1000, &[7], 4)]) };
        assert_eq!(m.read(0x1000, 4), Ok(7));
        assert_eq!(m.read(p + 4, 4), Ok(0x1122_3344));
        assert_eq!(m.read(p + 5, 2), Ok(0x2233));
        assert!(m.write(p + 8, 4, 0xdead_beef).is_ok());
        assert!(m.write(p + 13, 2, 0xabcd).is_ok());
        assert_eq!(m.atomic(p + 8, 4, Rmw::Add, 1, 0), Ok(0xdead_beef));
        drop(m);
        assert_eq!(buf[2], 0xdead_bef0);
        assert_eq!(buf[3], 0x00ab_cd00);
        // SAFETY: the refused addresses are never dereferenced.
        let m = unsafe { Memory::new_host(Vec::new()) };
        assert_eq!(m.read(16, 4), Err(MemFault { addr: 16, size: 4 }));
        assert!(m.write(1 << 47, 4, 0).is_err());
        assert!(m.atomic(u64::MAX - 2, 4, Rmw::Add, 1, 0).is_err());
        assert!(!Memory::new(Vec::new()).is_host());
    }
    #[test]
    fn rmw_rules() {
        assert_eq!(rmw(Rmw::Inc, 4, 7, 7, 0), 0);
        assert_eq!(rmw(Rmw::Inc, 4, 6, 7, 0), 7);
        assert_eq!(rmw(Rmw::Dec, 4, 0, 7, 0), 7);
        assert_eq!(rmw(Rmw::Dec, 4, 9, 7, 0), 7);
        assert_eq!(rmw(Rmw::Dec, 4, 3, 7, 0), 2);
        assert_eq!(rmw(Rmw::SMin, 4, 5, 0xffff_ffff, 0), 0xffff_ffff);
        assert_eq!(rmw(Rmw::UMin, 4, 5, 0xffff_ffff, 0), 5);
        assert_eq!(
            rmw(
                Rmw::FAdd,
                4,
                1.5f32.to_bits() as u64,
                2.25f32.to_bits() as u64,
                0
            ),
            3.75f32.to_bits() as u64
        );
    }
}
