//! Memory instructions: scalar memory (SMRD/SMEM), LDS (DS), FLAT/GLOBAL/SCRATCH and buffer
//! (MUBUF, with V# resources). What an operation moves (size, count, sign extension, D16 half,
//! atomic operation) is derived once per operation from its name ([`mem_info`]).

use super::mem::{MemFault, Rmw};
use super::wave::{Wave, LANES, PRIVATE_APERTURE_HI, SHARED_APERTURE_HI};
use super::{err, lane_err, unsupported, Ctx, R};
use crate::gcn::inst::TInst;
use crate::gcn::Enc;
use crate::op::{Op, OP_NAMES};
use std::sync::OnceLock;

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

/// The atomic operation of a name's operation and type tokens (`ADD`+`F32` is a float add,
/// `MAX`+`I32` a signed maximum, GCN's `SMAX`/`UMAX` say it themselves).
fn parse_rmw(s: &str, ty: &str) -> Option<Rmw> {
    let t = ty.as_bytes().first().copied().unwrap_or(b'U');
    Some(match s {
        "SWAP" | "WRXCHG" | "STOREXCHG" => Rmw::Swap,
        "ADD" if t == b'F' => Rmw::FAdd,
        "ADD" => Rmw::Add,
        "SUB" => Rmw::Sub,
        "SMIN" => Rmw::SMin,
        "UMIN" => Rmw::UMin,
        "SMAX" => Rmw::SMax,
        "UMAX" => Rmw::UMax,
        "MIN" | "MAX" => match (s, t) {
            ("MIN", b'I') => Rmw::SMin,
            ("MIN", b'F') => Rmw::FMin,
            ("MIN", _) => Rmw::UMin,
            ("MAX", b'I') => Rmw::SMax,
            ("MAX", b'F') => Rmw::FMax,
            _ => Rmw::UMax,
        },
        "AND" => Rmw::And,
        "OR" => Rmw::Or,
        "XOR" => Rmw::Xor,
        "INC" => Rmw::Inc,
        "DEC" => Rmw::Dec,
        "CMPSWAP" | "CMPST" | "CMPSTORE" => Rmw::CmpSwap,
        "FMIN" => Rmw::FMin,
        "FMAX" => Rmw::FMax,
        _ => return None,
    })
}

/// (bytes per element, elements, sign-extended) of a type token, GCN's or gfx11's.
fn width_of(t: &str) -> Option<(u32, u32, bool)> {
    Some(match t {
        "DWORD" | "B32" | "U32" | "I32" | "F32" => (4, 1, false),
        "DWORDX2" | "B64" | "U64" | "I64" | "F64" => (4, 2, false),
        "DWORDX3" | "B96" => (4, 3, false),
        "DWORDX4" | "B128" => (4, 4, false),
        "DWORDX8" | "B256" => (4, 8, false),
        "DWORDX16" | "B512" => (4, 16, false),
        "UBYTE" | "U8" | "BYTE" | "B8" => (1, 1, false),
        "SBYTE" | "I8" => (1, 1, true),
        "USHORT" | "U16" | "SHORT" | "B16" => (2, 1, false),
        "SSHORT" | "I16" => (2, 1, true),
        _ => return None,
    })
}

/// The facts of a memory operation's name, GCN (`GLOBAL_LOAD_UBYTE_D16_HI`, `DS_READ2ST64_B32`,
/// `GLOBAL_ATOMIC_SMAX_X2`) or gfx11 (`GLOBAL_LOAD_D16_HI_U8`, `DS_LOAD_2ADDR_STRIDE64_B32`,
/// `GLOBAL_ATOMIC_MAX_I64`).
fn info_of(name: &str) -> Option<MemInfo> {
    let mut m = MemInfo {
        kind: Kind::Nop,
        size: 4,
        count: 1,
        signed: false,
        d16: false,
        hi: false,
        rtn: false,
        two: false,
        st64: false,
        cmp_src_first: false,
    };
    let (rest, ds) = if let Some(r) = name.strip_prefix("DS_") {
        (r, true)
    } else if let Some(r) = name
        .strip_prefix("GLOBAL_")
        .or_else(|| name.strip_prefix("FLAT_"))
        .or_else(|| name.strip_prefix("SCRATCH_"))
        .or_else(|| name.strip_prefix("BUFFER_"))
    {
        (r, false)
    } else if let Some(r) = name
        .strip_prefix("S_BUFFER_")
        .or_else(|| name.strip_prefix("S_"))
    {
        (r, false)
    } else {
        return None;
    };
    let mut parts: Vec<&str> = Vec::new();
    for p in rest.split('_') {
        match p {
            "D16" => m.d16 = true,
            "HI" if m.d16 || rest.contains("D16") => m.hi = true,
            "RTN" => m.rtn = true,
            "2ADDR" => m.two = true,
            "STRIDE64" => m.st64 = true,
            // GCN spells the two-address forms READ2/WRITE2 (and ...ST64).
            "READ2" | "WRITE2" | "READ2ST64" | "WRITE2ST64" => {
                m.two = true;
                m.st64 = p.ends_with("ST64");
                parts.push(&p[..p.len() - if m.st64 { 5 } else { 1 }]);
            }
            _ => parts.push(p),
        }
    }
    let set_width = |m: &mut MemInfo, t: &str| -> bool {
        match width_of(t) {
            Some((size, count, signed)) => {
                m.size = size;
                m.count = count;
                m.signed = signed;
                true
            }
            None => false,
        }
    };
    // Atomics move one element of 4 or 8 bytes.
    let atomic_width = |m: &mut MemInfo, t: &str| {
        if let Some((_, count, _)) = width_of(t) {
            m.size = 4 * count.min(2);
            m.count = 1;
        }
    };
    match parts.as_slice() {
        ["LOAD", t] | ["READ", t] => {
            m.kind = Kind::Load;
            set_width(&mut m, t).then_some(())?;
        }
        ["STORE", t] | ["WRITE", t] => {
            m.kind = Kind::Store;
            set_width(&mut m, t).then_some(())?;
        }
        // Buffer/global/flat/scalar atomics: the old value returns with glc.
        ["ATOMIC", op] if !ds => {
            m.kind = Kind::Atomic(parse_rmw(op, "U32")?);
            m.rtn = true;
        }
        ["ATOMIC", op, "X2"] if !ds => {
            m.kind = Kind::Atomic(parse_rmw(op, "U64")?);
            m.rtn = true;
            m.size = 8;
        }
        ["ATOMIC", op, t] if !ds => {
            m.kind = Kind::Atomic(parse_rmw(op, t)?);
            m.rtn = true;
            atomic_width(&mut m, t);
        }
        // DS atomics: `_RTN` returns the old value.
        [op, t] if ds && parse_rmw(op, t).is_some() && width_of(t).is_some() => {
            m.kind = Kind::Atomic(parse_rmw(op, t)?);
            atomic_width(&mut m, t);
            // gfx11's DS_CMPSTORE takes (new value, compare), GCN's DS_CMPST (compare, new).
            m.cmp_src_first = *op == "CMPSTORE";
        }
        [..] if parts
            .first()
            .is_some_and(|p| ["DCACHE", "WBINVL1", "ATC", "NOP", "GL0", "GL1"].contains(p)) =>
        {
            m.kind = Kind::Nop
        }
        _ => return None,
    }
    if m.two && m.kind == Kind::Nop {
        return None;
    }
    Some(m)
}

/// What operation `op` moves, if it is a memory operation this module knows.
pub fn mem_info(op: Op) -> Option<MemInfo> {
    static T: OnceLock<Vec<Option<MemInfo>>> = OnceLock::new();
    let t = T.get_or_init(|| OP_NAMES.iter().map(|n| info_of(n)).collect());
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
    let name = i.op.name();
    match m.kind {
        Kind::Nop => return Ok(()),
        Kind::Load => {}
        _ => return unsupported(i.op),
    }
    let buffer = name.starts_with("S_BUFFER_");
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
            let off = (i.offset1 as u32) << 8 | i.offset as u32;
            let src: Vec<u32> = (0..LANES).map(|l| w.vget(d0, l)).collect();
            for l in 0..w.lanes {
                if exec >> l & 1 == 0 {
                    continue;
                }
                let j = if off & 0x8000 != 0 {
                    (l & !3) | ((off >> (2 * (l & 3))) & 3) as usize
                } else {
                    let (and, or, xor) = (off & 0x1f, (off >> 5) & 0x1f, (off >> 10) & 0x1f);
                    (l & !31) | ((((l as u32 & 31) & and) | or) ^ xor) as usize
                };
                let v = if exec >> j & 1 != 0 { src[j] } else { 0 };
                w.vset(vdst, l, v);
            }
            return Ok(());
        }
        DS_BPERMUTE_B32 | DS_PERMUTE_B32 => {
            let off = (i.offset1 as u32) << 8 | i.offset as u32;
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
    let off16 = ((i.offset1 as u64) << 8) | i.offset as u64;
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
        [(((i.offset1 as u64) << 8) | i.offset as u64, 0), (0, 0)]
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

// ---------------------------------------------------------------- global memory (per lane)

/// One lane's access to global memory at `addr` (loads into `vdst`, stores from `vdata`,
/// atomics with `vdata` (and `vdata+n` for cmpswap)).
fn global_access(
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
    let f = |e: MemFault, what: &str| super::ExecError {
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
fn flat_lds(
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
            lds_write(ctx.lds, a, sz, super::mem::rmw(op, sz, old, v, cmp));
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
fn swizzle_scratch(base: u64, offset: u64, lane: usize) -> u64 {
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
                    if !i.gfx11 && i.gen < crate::gcn::Gen::Gfx9 {
                        return lane_err(
                            l,
                            "a flat access to private (scratch) memory is emulated on gfx9 and \
                             gfx11 only (gfx7/gfx8 flat scratch is not)",
                        );
                    }
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
fn dword_apart(
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

/// A buffer resource (V#, gfx6-gfx9) from the instruction's SRSRC quad.
struct Vsharp {
    d: [u32; 4],
    base: u64,
    stride: u64,
    nrec: u64,
    swizzle: bool,
    add_tid: bool,
}

impl Vsharp {
    fn read(w: &Wave, i: &TInst) -> Vsharp {
        let r = i.srsrc as usize;
        let d: [u32; 4] = std::array::from_fn(|k| w.s[(r + k).min(127)]);
        Vsharp {
            d,
            base: d[0] as u64 | ((d[1] & 0xffff) as u64) << 32,
            stride: ((d[1] >> 16) & 0x3fff) as u64,
            nrec: d[2] as u64,
            swizzle: d[1] >> 31 != 0,
            add_tid: d[3] >> 23 & 1 != 0,
        }
    }
}

/// Lane `l`'s (index, offset) of a buffer access: the instruction's offset plus the VGPRs that
/// IDXEN and OFFEN select (index first when both).
fn index_offset(w: &Wave, i: &TInst, l: usize) -> (u64, u64) {
    let va = i.vaddr as usize;
    let (mut index, mut offset) = (0u64, i.offset as u64);
    match (i.idxen, i.offen) {
        (true, true) => {
            index = w.vget(va, l) as u64;
            offset = offset.wrapping_add(w.vget(va + 1, l) as u64);
        }
        (true, false) => index = w.vget(va, l) as u64,
        (false, true) => offset = offset.wrapping_add(w.vget(va, l) as u64),
        _ => {}
    }
    (index, offset)
}

/// One lane's access to its private (scratch) memory at private address `off`: scratch_*
/// instructions and FLAT in the private aperture. The wave's private segment is FLAT_SCRATCH on
/// gfx9 (set up by the kernel from the flat scratch init SGPRs) or the architected per-wave base
/// on gfx11; lanes' dwords are interleaved (swizzled), so each dword of a multi-dword access has
/// its own place.
fn private_access(
    w: &mut Wave,
    i: &TInst,
    m: &MemInfo,
    ctx: &mut Ctx<'_>,
    l: usize,
    off: u64,
) -> R {
    let base = if i.gfx11 {
        w.scratch_base
    } else {
        w.sget64(102)
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
fn flat_fast(
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

// ---------------------------------------------------------------- buffers

pub fn mubuf(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>) -> R {
    if i.gfx11 {
        // The cache invalidations (buffer_gl0_inv, buffer_gl1_inv) run; the gfx11 buffer
        // accesses do not yet (their fields and V# range rules are not modelled).
        if mem_info(i.op).is_some_and(|m| m.kind == Kind::Nop) {
            return Ok(());
        }
        return err(format!(
            "{} is not emulated yet (gfx11 MUBUF/MTBUF accesses)",
            i.op.name()
        ));
    }
    if let Some(f) = format_info(i.op) {
        return mubuf_format(w, i, ctx, f);
    }
    let Some(m) = mem_info(i.op) else {
        return unsupported(i.op);
    };
    if m.kind == Kind::Nop {
        return Ok(());
    }
    if i.lds {
        return err("buffer loads into LDS (lds bit) are not emulated");
    }
    let v = Vsharp::read(w, i);
    let (d, base, stride, nrec) = (v.d, v.base, v.stride, v.nrec);
    let (swizzle, add_tid) = (v.swizzle, v.add_tid);
    let elem = [2u64, 4, 8, 16][((d[3] >> 19) & 3) as usize];
    let istride = [8u64, 16, 32, 64][((d[3] >> 21) & 3) as usize];
    let soff = w.scalar_src(i.soffset, 1, false, false, 0) as u32 as u64;
    let exec = w.exec();
    ctx.lane_ops += exec.count_ones() as u64;
    for l in 0..w.lanes {
        if exec >> l & 1 == 0 {
            continue;
        }
        let va = i.vaddr as usize;
        let addr = if i.addr64 {
            let v = w.vget(va, l) as u64 | (w.vget(va + 1, l) as u64) << 32;
            base.wrapping_add(v)
                .wrapping_add(i.offset as u64)
                .wrapping_add(soff)
        } else {
            let (mut index, offset) = index_offset(w, i, l);
            if add_tid {
                index = index.wrapping_add(l as u64);
            }
            // Range checking (the access is dropped, a load gives 0).
            let size = (m.size * m.count) as u64;
            let out = if stride == 0 || !swizzle && !add_tid {
                offset
                    .saturating_add(index.saturating_mul(stride))
                    .saturating_add(size)
                    > nrec
            } else {
                index >= nrec
            };
            if out && !add_tid {
                if m.kind == Kind::Load {
                    for c in 0..m.count as usize {
                        w.vset(i.vdst as usize + c, l, 0);
                    }
                }
                continue;
            }
            let swizzled = |offset: u64| -> u64 {
                let (imsb, ilsb) = (index / istride, index % istride);
                let (omsb, olsb) = (offset / elem, offset % elem);
                (imsb
                    .wrapping_mul(stride)
                    .wrapping_add(omsb.wrapping_mul(elem)))
                .wrapping_mul(istride)
                .wrapping_add(ilsb * elem + olsb)
            };
            if swizzle && m.size == 4 && m.count > 1 && m.kind != Kind::Nop {
                // A multi-dword access across swizzled elements: each dword where its
                // element lives.
                dword_apart(w, i, &m, ctx, l, |k| {
                    base.wrapping_add(soff)
                        .wrapping_add(swizzled(offset.wrapping_add(k)))
                })?;
                continue;
            }
            let boff = if swizzle {
                swizzled(offset)
            } else {
                offset.wrapping_add(index.wrapping_mul(stride))
            };
            base.wrapping_add(soff).wrapping_add(boff)
        };
        global_access(
            w,
            &m,
            ctx,
            l,
            addr,
            i.vdst as usize,
            i.vdata as usize,
            i.glc,
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn memory_operation_facts() {
        let m = mem_info(Op::GLOBAL_LOAD_DWORDX4).unwrap();
        assert_eq!((m.kind, m.size, m.count), (Kind::Load, 4, 4));
        let m = mem_info(Op::GLOBAL_LOAD_SBYTE_D16_HI).unwrap();
        assert!(m.signed && m.d16 && m.hi && m.size == 1);
        let m = mem_info(Op::GLOBAL_ATOMIC_CMPSWAP_X2).unwrap();
        assert_eq!((m.kind, m.size), (Kind::Atomic(Rmw::CmpSwap), 8));
        let m = mem_info(Op::DS_READ2ST64_B64).unwrap();
        assert!(m.two && m.st64 && m.count == 2);
        let m = mem_info(Op::DS_ADD_RTN_U64).unwrap();
        assert_eq!((m.kind, m.size, m.rtn), (Kind::Atomic(Rmw::Add), 8, true));
        let m = mem_info(Op::DS_ADD_F32).unwrap();
        assert_eq!((m.kind, m.rtn), (Kind::Atomic(Rmw::FAdd), false));
        let m = mem_info(Op::DS_MAX_RTN_F64).unwrap();
        assert_eq!((m.kind, m.size), (Kind::Atomic(Rmw::FMax), 8));
        let m = mem_info(Op::S_LOAD_DWORDX8).unwrap();
        assert_eq!((m.kind, m.count), (Kind::Load, 8));
        let m = mem_info(Op::BUFFER_STORE_SHORT_D16_HI).unwrap();
        assert!(m.kind == Kind::Store && m.hi && m.size == 2);
        let m = mem_info(Op::DS_MAX_RTN_I32).unwrap();
        assert_eq!((m.kind, m.size, m.rtn), (Kind::Atomic(Rmw::SMax), 4, true));
        let m = mem_info(Op::DS_MIN_U64).unwrap();
        assert_eq!((m.kind, m.size, m.rtn), (Kind::Atomic(Rmw::UMin), 8, false));
        // gfx11 names.
        let m = mem_info(Op::GLOBAL_LOAD_D16_HI_U8).unwrap();
        assert!(m.kind == Kind::Load && m.d16 && m.hi && m.size == 1 && !m.signed);
        let m = mem_info(Op::DS_LOAD_2ADDR_STRIDE64_B32).unwrap();
        assert!(m.two && m.st64 && m.count == 1 && m.kind == Kind::Load);
        let m = mem_info(Op::GLOBAL_ATOMIC_MAX_I64).unwrap();
        assert_eq!((m.kind, m.size), (Kind::Atomic(Rmw::SMax), 8));
        let m = mem_info(Op::GLOBAL_ATOMIC_ADD_F32).unwrap();
        assert_eq!((m.kind, m.size), (Kind::Atomic(Rmw::FAdd), 4));
        let m = mem_info(Op::DS_CMPSTORE_RTN_B32).unwrap();
        assert!(m.cmp_src_first && m.rtn);
        let m = mem_info(Op::S_LOAD_B512).unwrap();
        assert_eq!((m.kind, m.count), (Kind::Load, 16));
        let m = mem_info(Op::DS_STOREXCHG_RTN_B32).unwrap();
        assert_eq!(m.kind, Kind::Atomic(Rmw::Swap));
        assert_eq!(swizzle_scratch(0, 5, 3), 4 * 64 + 12 + 1);
    }
}

// ---------------------------------------------------------------- typed buffer accesses

/// A typed buffer access (`buffer_{load,store}_format_*`, `tbuffer_*`): a store, the
/// components it moves (X, XY, XYZ, XYZW) and D16 (16-bit components: two to a VGPR where the
/// generation packs them, gfx9; one to a VGPR's low half on gfx8).
#[derive(Clone, Copy, Debug)]
pub struct FormatOp {
    pub store: bool,
    pub comps: u8,
    pub d16: bool,
    /// gfx9 `_D16_HI_X`: the high half of the VGPR.
    pub hi: bool,
}

/// The typed-buffer facts of operation `op`, from its name (computed once per operation).
pub fn format_info(op: Op) -> Option<FormatOp> {
    static T: OnceLock<Vec<Option<FormatOp>>> = OnceLock::new();
    let t = T.get_or_init(|| {
        OP_NAMES
            .iter()
            .map(|n| {
                let rest = n
                    .strip_prefix("TBUFFER_")
                    .or_else(|| n.strip_prefix("BUFFER_"))?;
                let (store, rest) = match rest.split_once("_FORMAT_")? {
                    ("LOAD", r) => (false, r),
                    ("STORE", r) => (true, r),
                    _ => return None,
                };
                let (d16, rest) = match rest.strip_prefix("D16_") {
                    Some(r) => (true, r),
                    None => (false, rest),
                };
                let (hi, rest) = match rest.strip_prefix("HI_") {
                    Some(r) => (true, r),
                    None => (false, rest),
                };
                let comps = match rest {
                    "X" => 1,
                    "XY" => 2,
                    "XYZ" => 3,
                    "XYZW" => 4,
                    _ => return None,
                };
                Some(FormatOp {
                    store,
                    comps,
                    d16,
                    hi,
                })
            })
            .collect()
    });
    t.get(op as usize).copied().flatten()
}

/// Typed buffer loads and stores (gfx6-gfx9): the format is the instruction's (MTBUF: DFMT,
/// NFMT) or the buffer resource's (MUBUF `_format_`: V# DATA_FORMAT and NUM_FORMAT, and its
/// DST_SEL swizzle on loads); each lane's element is addressed like any buffer access and checked
/// against the range; out-of-range loads give 0 in every component (stores are dropped).
/// Components a format lacks load as 0 (X, Y, Z) and 1 (W: 1.0 or integer 1).
fn mubuf_format(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>, f: FormatOp) -> R {
    use super::image::format::Format;
    let v = Vsharp::read(w, i);
    let d = v.d;
    let (dfmt, nfmt) = if i.enc == Enc::Mtbuf {
        (i.dfmt, i.nfmt)
    } else {
        ((d[3] >> 15 & 0xf) as u8, (d[3] >> 12 & 7) as u8)
    };
    let fmt = Format::new(dfmt, nfmt).map_err(|e| super::ExecError {
        lane: None,
        message: format!("typed buffer access: {e}"),
    })?;
    // The resource's DST_SEL (loads through MUBUF): 0 -> 0, 1 -> 1, 4..7 -> X..W.
    let sel: [u32; 4] = std::array::from_fn(|k| {
        if i.enc == Enc::Mtbuf {
            4 + k as u32
        } else {
            d[3] >> (3 * k) & 7
        }
    });
    let (base, stride, nrec) = (v.base, v.stride, v.nrec);
    let soff = w.scalar_src(i.soffset, 1, false, false, 0) as u32 as u64;
    let packed = i.gen >= crate::gcn::Gen::Gfx9;
    let exec = w.exec();
    ctx.lane_ops += exec.count_ones() as u64;
    let size = fmt.bytes as u64;
    for l in 0..w.lanes {
        if exec >> l & 1 == 0 {
            continue;
        }
        let (index, offset) = index_offset(w, i, l);
        // The range check of the other buffer accesses (see `mubuf`).
        if v.add_tid || v.swizzle {
            return err(
                "typed buffer accesses through a swizzled or ADD_TID resource are not emulated yet",
            );
        }
        let out = offset
            .saturating_add(index.saturating_mul(stride))
            .saturating_add(size)
            > nrec;
        let addr = base
            .wrapping_add(soff)
            .wrapping_add(offset)
            .wrapping_add(index.wrapping_mul(stride));
        let fault = |e: MemFault, what: &str| super::ExecError {
            lane: Some(l as u32),
            message: fault_msg(e, what),
        };
        if f.store {
            if out {
                continue;
            }
            let raw = read_texel(ctx, addr, size).map_err(|e| fault(e, "typed store"))?;
            let mut v = [0u32; 4];
            for (k, x) in v.iter_mut().enumerate().take(f.comps as usize) {
                *x = if f.d16 {
                    let reg = w.vget(i.vdata as usize + if packed { k / 2 } else { k }, l);
                    let h = if packed && k % 2 == 1 { reg >> 16 } else { reg } & 0xffff;
                    d16_widen(&fmt, k, h)
                } else {
                    w.vget(i.vdata as usize + k, l)
                };
            }
            let mut bits = [0u32; 4];
            for k in 0..(f.comps as usize).min(fmt.n as usize) {
                bits[k] = fmt.from_reg(k, v[k]).map_err(|m| super::ExecError {
                    lane: Some(l as u32),
                    message: format!("typed store: {m}"),
                })?;
            }
            let mask = (1u8 << f.comps) - 1;
            let new = fmt.pack(bits, raw, mask);
            for k in 0..size.div_ceil(8) {
                ctx.mem
                    .write(
                        addr + 8 * k,
                        (size - 8 * k).min(8) as u32,
                        (new >> (64 * k)) as u64,
                    )
                    .map_err(|e| fault(e, "typed store"))?;
            }
        } else {
            let mut vals = [0u32; 4];
            if !out {
                let raw = read_texel(ctx, addr, size).map_err(|e| fault(e, "typed load"))?;
                let bits = fmt.unpack(raw);
                let comp: [u32; 4] = std::array::from_fn(|k| {
                    if k < fmt.n as usize {
                        fmt.to_reg(k, bits[k])
                    } else {
                        fmt.missing(k)
                    }
                });
                for k in 0..4 {
                    vals[k] = match sel[k] {
                        0 => 0,
                        1 => fmt.one(),
                        s @ 4..=7 => comp[(s - 4) as usize],
                        _ => 0,
                    };
                }
            }
            for k in 0..f.comps as usize {
                if f.d16 {
                    let h = d16_narrow(&fmt, vals[k]);
                    let (reg, shift) = if f.hi {
                        (0, 16)
                    } else if packed {
                        (k / 2, 16 * (k % 2) as u32)
                    } else {
                        (k, 0)
                    };
                    let r = i.vdst as usize + reg;
                    let old = w.vget(r, l);
                    let keep = if packed || f.hi {
                        !(0xffffu32 << shift)
                    } else {
                        0
                    };
                    w.vset(r, l, old & keep | (h as u32) << shift);
                } else {
                    w.vset(i.vdst as usize + k, l, vals[k]);
                }
            }
        }
    }
    Ok(())
}

/// The `size` bytes (at most 16) of a typed element at `addr`, little-endian.
fn read_texel(ctx: &Ctx<'_>, addr: u64, size: u64) -> Result<u128, MemFault> {
    let mut raw = 0u128;
    for k in 0..size.div_ceil(8) {
        let v = ctx.mem.read(addr + 8 * k, (size - 8 * k).min(8) as u32)?;
        raw |= (v as u128) << (64 * k);
    }
    Ok(raw)
}

/// A D16 load's 16-bit result: float formats as f16 (round to nearest even), integer ones as
/// their low 16 bits.
fn d16_narrow(fmt: &super::image::format::Format, v: u32) -> u16 {
    if fmt.is_int() {
        v as u16
    } else {
        super::valu::f64_to_f16(f32::from_bits(v) as f64)
    }
}

/// A D16 store's 16-bit source widened to the register value the format converts.
fn d16_widen(fmt: &super::image::format::Format, _k: usize, h: u32) -> u32 {
    if fmt.is_int() {
        h
    } else {
        super::valu::f16_to_f32(h as u16).to_bits()
    }
}
