//! Buffer accesses (MUBUF, MTBUF) through V# resources, typed (format) accesses included.

use super::super::mem::MemFault;
use super::super::wave::Wave;
use super::super::{err, unsupported, Ctx, R};
use super::flat::*;
use super::*;
use crate::gcn::inst::TInst;
use crate::gcn::Enc;
use crate::op::Op;

/// A buffer resource (V#, gfx6-gfx9) from the instruction's SRSRC quad.
pub(super) struct Vsharp {
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
pub(super) fn index_offset(w: &Wave, i: &TInst, l: usize) -> (u64, u64) {
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

// ---------------------------------------------------------------- buffers

/// The byte offset of (`index`, `offset`) in a swizzled buffer (GCN V# SWIZZLE_ENABLE): records
/// interleaved in groups of `istride` (the V#'s INDEX_STRIDE), `elem` bytes (ELEMENT_SIZE) of one
/// record after the other's.
fn swizzle_offset(index: u64, offset: u64, stride: u64, elem: u64, istride: u64) -> u64 {
    let (imsb, ilsb) = (index / istride, index % istride);
    let (omsb, olsb) = (offset / elem, offset % elem);
    (imsb
        .wrapping_mul(stride)
        .wrapping_add(omsb.wrapping_mul(elem)))
    .wrapping_mul(istride)
    .wrapping_add(ilsb * elem + olsb)
}

pub fn mubuf(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>) -> R {
    if i.gfx11 {
        return mubuf11(w, i, ctx);
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
    // The lds bit (LDS DMA): dword and sub-dword loads, each lane's value zero- or
    // sign-extended to a dword at LDS M0[15:0] + OFFSET + 4 * lane (`buffer_load_lds`).
    if i.lds && !(m.kind == Kind::Load && m.count == 1 && m.size <= 4 && !m.d16) {
        return err(format!(
            "{}: the lds bit (a load into LDS) with this operation is not emulated",
            i.op.name()
        ));
    }
    if i.tfe && (m.kind != Kind::Load || i.lds) {
        return err(format!(
            "{}: TFE on a store, atomic or load into LDS is not emulated",
            i.op.name()
        ));
    }
    let lds_at = |w: &Wave, l: usize| {
        ((w.s[super::super::wave::M0] & 0xffff) as u64)
            .wrapping_add(i.offset as u64)
            .wrapping_add(4 * l as u64)
    };
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
        // TFE: the fetch status (0) in the VGPR after the data (as gfx11's `mubuf11`).
        if i.tfe {
            let nd = if m.size == 4 { m.count as usize } else { 1 };
            w.vset(i.vdst as usize + nd, l, 0);
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
                if i.lds {
                    super::lds_write(ctx.lds, lds_at(w, l), 4, 0);
                } else if m.kind == Kind::Load {
                    for c in 0..m.count as usize {
                        w.vset(i.vdst as usize + c, l, 0);
                    }
                }
                continue;
            }
            let swizzled = |offset: u64| swizzle_offset(index, offset, stride, elem, istride);
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
        if i.lds {
            let raw = ctx
                .mem
                .read(addr, m.size)
                .map_err(|e| super::super::ExecError {
                    lane: Some(l as u32),
                    message: fault_msg(e, "load to LDS"),
                })?;
            let bits = 8 * m.size;
            let x = if m.signed && bits < 32 {
                (((raw as u32) << (32 - bits)) as i32 >> (32 - bits)) as u32
            } else {
                raw as u32
            };
            super::lds_write(ctx.lds, lds_at(w, l), 4, x as u64);
            continue;
        }
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

// ---------------------------------------------------------------- gfx11 buffers

/// A gfx11 (RDNA3) buffer resource: BASE (dwords 0-1, 48 bits), STRIDE (dword 1, 29:16),
/// SWIZZLE_ENABLE (dword 1, 31:30: 0 off, 1/2/3 swizzled with 4/8/16-byte elements),
/// NUM_RECORDS (dword 2), DST_SEL_X..W (dword 3, 11:0), FORMAT (dword 3, 18:12, the unified
/// buffer format), INDEX_STRIDE (dword 3, 22:21: 8/16/32/64 records interleaved when swizzled),
/// ADD_TID_ENABLE (dword 3, 23) and OOB_SELECT (dword 3, 29:28).
pub(super) struct Vsharp11 {
    base: u64,
    stride: u64,
    nrec: u64,
    add_tid: bool,
    oob: u32,
    format: u8,
    sel: [u32; 4],
    /// The swizzle element size in bytes (0: not swizzled).
    elem: u64,
    istride: u64,
}

impl Vsharp11 {
    fn read(w: &Wave, i: &TInst) -> Result<Vsharp11, super::super::ExecError> {
        let r = i.srsrc as usize;
        let d: [u32; 4] = std::array::from_fn(|k| w.s[(r + k).min(127)]);
        Ok(Vsharp11 {
            base: d[0] as u64 | ((d[1] & 0xffff) as u64) << 32,
            stride: ((d[1] >> 16) & 0x3fff) as u64,
            nrec: d[2] as u64,
            add_tid: d[3] >> 23 & 1 != 0,
            oob: d[3] >> 28 & 3,
            format: (d[3] >> 12 & 0x7f) as u8,
            sel: std::array::from_fn(|k| d[3] >> (3 * k) & 7),
            elem: [0u64, 4, 8, 16][(d[1] >> 30) as usize],
            istride: [8u64, 16, 32, 64][(d[3] >> 21 & 3) as usize],
        })
    }

    /// A swizzled resource places each `elem`-byte element on its own; an access of `size`
    /// bytes at `offset` that would straddle two elements is refused (the hardware splits it;
    /// compilers do not emit it).
    fn check_elem(&self, i: &TInst, offset: u64, size: u64) -> R {
        if self.elem != 0 && offset % self.elem + size > self.elem {
            return err(format!(
                "{}: a {size}-byte access at offset {offset:#x} across {}-byte swizzle elements \
                 is not emulated",
                i.op.name(),
                self.elem
            ));
        }
        Ok(())
    }

    /// Whether `size` bytes at (`index`, `offset`) are out of range, by OOB_SELECT (the RDNA3
    /// ISA guide's range checking; the SGPR offset is not part of it):
    /// 0: index >= NUM_RECORDS or offset + size > STRIDE (structured);
    /// 1: index >= NUM_RECORDS; 2: NUM_RECORDS == 0 (no checking);
    /// 3: index * STRIDE + offset + size > NUM_RECORDS (raw, NUM_RECORDS in bytes).
    fn out(&self, index: u64, offset: u64, size: u64) -> bool {
        match self.oob {
            0 => index >= self.nrec || offset.saturating_add(size) > self.stride,
            1 => index >= self.nrec,
            2 => self.nrec == 0,
            _ => {
                index
                    .saturating_mul(self.stride)
                    .saturating_add(offset)
                    .saturating_add(size)
                    > self.nrec
            }
        }
    }

    /// Lane `l`'s (index, offset): the instruction's, plus the lane id with ADD_TID_ENABLE.
    fn index_offset(&self, w: &Wave, i: &TInst, l: usize) -> (u64, u64) {
        let (index, offset) = index_offset(w, i, l);
        (index + if self.add_tid { l as u64 } else { 0 }, offset)
    }

    /// The address of (`index`, `offset`): `offset + index * STRIDE`, or with SWIZZLE_ENABLE the
    /// interleaved layout of [`swizzle_offset`] (records in groups of INDEX_STRIDE, element by
    /// element); the range check ([`Vsharp11::out`]) is on (index, offset) either way.
    fn addr(&self, soff: u64, index: u64, offset: u64) -> u64 {
        let boff = if self.elem != 0 {
            swizzle_offset(index, offset, self.stride, self.elem, self.istride)
        } else {
            offset.wrapping_add(index.wrapping_mul(self.stride))
        };
        self.base.wrapping_add(soff).wrapping_add(boff)
    }
}

/// The SOFFSET value of a buffer instruction (NULL reads 0).
fn soffset(w: &Wave, i: &TInst) -> u64 {
    if i.gfx11 && i.soffset == 125 {
        return 0;
    }
    w.scalar_src(i.soffset, 1, false, false, 0) as u32 as u64
}

/// gfx11 MUBUF/MTBUF: untyped loads and stores of every width (multi-dword accesses range
/// checked per dword, the rest all or nothing: out-of-range loads give 0, stores are dropped),
/// D16 halves, atomics (the old value returns with GLC; out of range: no access, 0 returned)
/// and the typed (format) accesses ([`mubuf_format`]).
fn mubuf11(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>) -> R {
    if let Some(f) = format_info(i.op) {
        return mubuf_format(w, i, ctx, f);
    }
    if let Some((size, signed)) = lds_load(i.op) {
        return buffer_load_lds(w, i, ctx, size, signed);
    }
    let Some(m) = mem_info(i.op) else {
        return unsupported(i.op);
    };
    if m.kind == Kind::Nop {
        return Ok(());
    }
    if i.tfe && m.kind != Kind::Load {
        return err(format!(
            "{}: TFE on a store or atomic is not emulated",
            i.op.name()
        ));
    }
    let v = Vsharp11::read(w, i)?;
    // TFE (loads): the VGPR after the data gets the fetch status, 0 (no partially resident
    // textures here: every access succeeds or is out of range, which is not a fetch failure).
    if i.tfe {
        let nd = if m.size == 4 { m.count as usize } else { 1 };
        let exec = w.exec();
        for l in (0..w.lanes).filter(|l| exec >> l & 1 != 0) {
            w.vset(i.vdst as usize + nd, l, 0);
        }
    }
    let soff = soffset(w, i);
    let exec = w.exec();
    ctx.lane_ops += exec.count_ones() as u64;
    let (vd, vs) = (i.vdst as usize, i.vdata as usize);
    for l in 0..w.lanes {
        if exec >> l & 1 == 0 {
            continue;
        }
        let (index, offset) = v.index_offset(w, i, l);
        if m.size == 4 && m.count > 1 && m.kind != Kind::Nop && !matches!(m.kind, Kind::Atomic(_)) {
            // Each dword checked on its own.
            let one = MemInfo { count: 1, ..m };
            for k in 0..m.count as usize {
                let off = offset.wrapping_add(4 * k as u64);
                if v.out(index, off, 4) {
                    if m.kind == Kind::Load {
                        w.vset(vd + k, l, 0);
                    }
                    continue;
                }
                v.check_elem(i, off, 4)?;
                let a = v.addr(soff, index, off);
                global_access(w, &one, ctx, l, a, vd + k, vs + k, i.glc)?;
            }
            continue;
        }
        let size = (m.size * m.count) as u64;
        if v.out(index, offset, size) {
            match m.kind {
                Kind::Load => super::write_loaded(w, &m, vd, l, 0),
                Kind::Atomic(_) if i.glc => {
                    for k in 0..(m.size as usize).div_ceil(4) {
                        w.vset(vd + k, l, 0);
                    }
                }
                _ => {}
            }
            continue;
        }
        v.check_elem(i, offset, size)?;
        global_access(w, &m, ctx, l, v.addr(soff, index, offset), vd, vs, i.glc)?;
    }
    Ok(())
}

/// gfx11's `buffer_load_lds_{b32,u8,i8,u16,i16}`: (bytes, signed).
fn lds_load(op: Op) -> Option<(u32, bool)> {
    Some(match op {
        Op::BUFFER_LOAD_LDS_B32 => (4, false),
        Op::BUFFER_LOAD_LDS_U8 => (1, false),
        Op::BUFFER_LOAD_LDS_I8 => (1, true),
        Op::BUFFER_LOAD_LDS_U16 => (2, false),
        Op::BUFFER_LOAD_LDS_I16 => (2, true),
        _ => return None,
    })
}

/// `buffer_load_lds_*` (gfx11 names; GCN's `lds` bit): each active lane's value, addressed and
/// range checked as a buffer load (out of range: 0), zero- or sign-extended to a dword, goes to
/// LDS at `M0[15:0] + OFFSET + 4 * lane` (the LDS-DMA address of AMD's GCN and CDNA guides: the
/// instruction offset counts on both sides, SOFFSET and the VGPR offset only in memory); no VGPR
/// is written. llvm-mc 19 and AMD's RDNA3 opcode tables have these operations; later LLVM dropped
/// them for gfx11 (the shader manual lists none), so this follows the GCN/CDNA definition.
fn buffer_load_lds(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>, size: u32, signed: bool) -> R {
    if i.tfe {
        return err(format!("{}: TFE is not emulated", i.op.name()));
    }
    let v = Vsharp11::read(w, i)?;
    let soff = soffset(w, i);
    let exec = w.exec();
    ctx.lane_ops += exec.count_ones() as u64;
    let m0 = (w.s[super::super::wave::M0] & 0xffff) as u64;
    for l in 0..w.lanes {
        if exec >> l & 1 == 0 {
            continue;
        }
        let (index, offset) = v.index_offset(w, i, l);
        let x = if v.out(index, offset, size as u64) {
            0
        } else {
            v.check_elem(i, offset, size as u64)?;
            let a = v.addr(soff, index, offset);
            let raw = ctx.mem.read(a, size).map_err(|e| super::super::ExecError {
                lane: Some(l as u32),
                message: fault_msg(e, "load to LDS"),
            })?;
            let bits = 8 * size;
            if signed && bits < 32 {
                ((raw as u32) << (32 - bits)) as i32 >> (32 - bits)
            } else {
                raw as i32
            }
        };
        let lds_addr = m0.wrapping_add(i.offset as u64).wrapping_add(4 * l as u64);
        super::lds_write(ctx.lds, lds_addr, 4, x as u32 as u64);
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

/// The typed-buffer facts of operation `op` (`Op::facts()`: the `fmt` trait).
pub fn format_info(op: Op) -> Option<FormatOp> {
    let f = op.facts();
    let t = &f.traits;
    if !t.has(Traits::FMT) {
        return None;
    }
    Some(FormatOp {
        store: f.mem == crate::op::Mem::Store,
        comps: t.n,
        d16: t.has(Traits::D16),
        hi: t.has(Traits::HI),
    })
}

/// Typed buffer loads and stores (gfx6-gfx9): the format is the instruction's (MTBUF: DFMT,
/// NFMT) or the buffer resource's (MUBUF `_format_`: V# DATA_FORMAT and NUM_FORMAT, and its
/// DST_SEL swizzle on loads); each lane's element is addressed like any buffer access and checked
/// against the range; out-of-range loads give 0 in every component (stores are dropped).
/// Components a format lacks load as 0 (X, Y, Z) and 1 (W: 1.0 or integer 1).
pub(super) fn mubuf_format(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>, f: FormatOp) -> R {
    use super::super::image::format::{gfx11_format, Format};
    if i.lds {
        return err(format!(
            "{}: the lds bit (a load into LDS) with a typed access is not emulated",
            i.op.name()
        ));
    }
    // The resource: GCN's V# or gfx11's (FORMAT in place of DATA_FORMAT/NUM_FORMAT, and its
    // OOB_SELECT range checking).
    let (v, v11) = if i.gfx11 {
        if i.tfe && f.store {
            return err(format!("{}: TFE on a store is not emulated", i.op.name()));
        }
        (None, Some(Vsharp11::read(w, i)?))
    } else {
        if i.tfe && f.store {
            return err(format!("{}: TFE on a store is not emulated", i.op.name()));
        }
        (Some(Vsharp::read(w, i)), None)
    };
    let (dfmt, nfmt) = match (&v, &v11) {
        _ if i.enc == Enc::Mtbuf => (i.dfmt, i.nfmt),
        (Some(v), _) => ((v.d[3] >> 15 & 0xf) as u8, (v.d[3] >> 12 & 7) as u8),
        (_, Some(v)) => gfx11_format(v.format).unwrap_or((0, 0)),
        _ => (0, 0),
    };
    let fmt = Format::new(dfmt, nfmt).map_err(|e| super::super::ExecError {
        lane: None,
        message: format!("typed buffer access: {e}"),
    })?;
    // The resource's DST_SEL (loads through MUBUF): 0 -> 0, 1 -> 1, 4..7 -> X..W.
    let sel: [u32; 4] = std::array::from_fn(|k| match (&v, &v11) {
        _ if i.enc == Enc::Mtbuf => 4 + k as u32,
        (Some(v), _) => v.d[3] >> (3 * k) & 7,
        (_, Some(v)) => v.sel[k],
        _ => 0,
    });
    let soff = soffset(w, i);
    let packed = i.gen >= crate::gcn::Gen::Gfx9;
    let exec = w.exec();
    ctx.lane_ops += exec.count_ones() as u64;
    let size = fmt.bytes as u64;
    for l in 0..w.lanes {
        if exec >> l & 1 == 0 {
            continue;
        }
        let (out, addr) = match (&v, &v11) {
            (Some(v), _) => {
                // Index, range check and address as the untyped accesses (see `mubuf`): ADD_TID
                // adds the lane to the index (and such an access is not range checked), a
                // swizzled resource checks the index alone and interleaves its records.
                let (mut index, offset) = index_offset(w, i, l);
                if v.add_tid {
                    index = index.wrapping_add(l as u64);
                }
                let out = if v.stride == 0 || !v.swizzle && !v.add_tid {
                    offset
                        .saturating_add(index.saturating_mul(v.stride))
                        .saturating_add(size)
                        > v.nrec
                } else {
                    index >= v.nrec
                } && !v.add_tid;
                let boff = if v.swizzle {
                    let elem = [2u64, 4, 8, 16][((v.d[3] >> 19) & 3) as usize];
                    let istride = [8u64, 16, 32, 64][((v.d[3] >> 21) & 3) as usize];
                    // A texel must lie in one element (a larger one would be split).
                    if offset % elem + size > elem {
                        return err(format!(
                            "{}: a {size}-byte texel across {elem}-byte swizzle elements is not emulated",
                            i.op.name()
                        ));
                    }
                    swizzle_offset(index, offset, v.stride, elem, istride)
                } else {
                    offset.wrapping_add(index.wrapping_mul(v.stride))
                };
                (out, v.base.wrapping_add(soff).wrapping_add(boff))
            }
            (_, Some(v)) => {
                // All or nothing.
                let (index, offset) = v.index_offset(w, i, l);
                let out = v.out(index, offset, size);
                if !out {
                    v.check_elem(i, offset, size)?;
                }
                (out, v.addr(soff, index, offset))
            }
            _ => return err("no buffer resource"),
        };
        let fault = |e: MemFault, what: &str| super::super::ExecError {
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
                bits[k] = fmt.from_reg(k, v[k]).map_err(|m| super::super::ExecError {
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
            // TFE: the fetch status (0) in the VGPR after the data.
            if i.tfe {
                let nd = match (f.d16, f.hi, packed) {
                    (true, true, _) => 1,
                    (true, false, true) => (f.comps as usize).div_ceil(2),
                    _ => f.comps as usize,
                };
                w.vset(i.vdst as usize + nd, l, 0);
            }
        }
    }
    Ok(())
}

/// The `size` bytes (at most 16) of a typed element at `addr`, little-endian.
pub(super) fn read_texel(ctx: &Ctx<'_>, addr: u64, size: u64) -> Result<u128, MemFault> {
    let mut raw = 0u128;
    for k in 0..size.div_ceil(8) {
        let v = ctx.mem.read(addr + 8 * k, (size - 8 * k).min(8) as u32)?;
        raw |= (v as u128) << (64 * k);
    }
    Ok(raw)
}

/// A D16 load's 16-bit result: float formats as f16 (round to nearest even), integer ones as
/// their low 16 bits.
pub(super) fn d16_narrow(fmt: &super::super::image::format::Format, v: u32) -> u16 {
    if fmt.is_int() {
        v as u16
    } else {
        super::super::valu::f64_to_f16(f32::from_bits(v) as f64)
    }
}

/// A D16 store's 16-bit source widened to the register value the format converts.
pub(super) fn d16_widen(fmt: &super::super::image::format::Format, _k: usize, h: u32) -> u32 {
    if fmt.is_int() {
        h
    } else {
        super::super::valu::f16_to_f32(h as u16).to_bits()
    }
}
