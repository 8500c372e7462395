//! Image (MIMG) instructions: loads and stores with their format conversions, atomics,
//! GET_RESINFO ([`exec`]), and sampling / gather ([`sample`]), for GCN gfx6-gfx9 (both opcode
//! maps: the decoder names the operation, so the two maps meet at [`Op`] names) and gfx11.
//!
//! - [`format`]: data / number formats and conversions;
//! - [`resource`]: T# and S# decoding per generation, the linear texel layout;
//! - [`sample`]: SAMPLE / GATHER4 with every suffix, filters and address modes.
//!
//! Every choice the manuals leave open is listed in docs/images.md.

pub mod arg;
pub mod format;
pub mod resource;
pub mod sample;

use super::wave::Wave;
use super::{err, lane_err, Ctx, R};
use crate::exec::mem::Rmw;
use crate::exec::valu::{f16_to_f32, f64_to_f16};
use crate::gcn::inst::{MimgFields, TInst};
use crate::op::{Atomic, Img, Traits};
use resource::*;

/// The descriptor layout of an instruction.
pub fn layout_of(i: &TInst) -> Layout {
    if i.gfx11 {
        Layout::Gfx11
    } else if i.gen.facts().tsharp_gfx9 {
        Layout::Gfx9
    } else {
        Layout::Gfx6
    }
}

/// The T# an instruction names.
pub fn tsharp(w: &Wave, i: &TInst, f: &MimgFields) -> R<Tsharp> {
    let r = f.srsrc as usize;
    let layout = layout_of(i);
    // R128: a 128-bit T# (gfx6-gfx8 R128, gfx11 R128; gfx9's bit 15 is A16).
    let r128 = f.r128 && layout != Layout::Gfx9;
    let n = if r128 { 4 } else { 8 };
    if r + n > 106 {
        return err(format!(
            "the image resource s[{}:{}] runs past the SGPRs",
            r,
            r + n - 1
        ));
    }
    let mut d = [0u32; 8];
    for (k, x) in d.iter_mut().enumerate().take(n) {
        *x = w.s[r + k];
    }
    let mut t = Tsharp::decode(&d, layout, r128).map_err(|m| super::ExecError {
        lane: None,
        message: format!("image resource s[{}:{}]: {m}", r, r + n - 1),
    })?;
    // gfx11: the instruction's DIM says how the address is laid out.
    if let Some(dim) = f.dim {
        t.ty = dim + 8;
        if !t.is_array() && t.ty != T_CUBE {
            t.base_array = 0;
            t.last_array = 0;
        }
    }
    Ok(t)
}

/// The spatial coordinates of a resource type, and whether a slice / fragment follows.
pub fn coord_count(ty: u8) -> (usize, bool, bool) {
    match ty {
        T_1D => (1, false, false),
        T_1D_ARRAY => (1, true, false),
        T_2D => (2, false, false),
        T_2D_ARRAY | T_CUBE => (2, true, false),
        T_3D => (3, false, false),
        T_2D_MSAA => (2, false, true),
        _ => (2, true, true),
    }
}

/// Address component `k` of `lane` (16-bit halves with A16).
pub fn addr(w: &Wave, f: &MimgFields, k: usize, lane: usize, a16: bool) -> u32 {
    if a16 {
        let v = w.vget(f.addr_reg(k / 2), lane);
        (v >> (16 * (k % 2))) & 0xffff
    } else {
        w.vget(f.addr_reg(k), lane)
    }
}

/// An integer address component (A16 values sign-extend).
fn iaddr(w: &Wave, f: &MimgFields, k: usize, lane: usize) -> i64 {
    let v = addr(w, f, k, lane, f.a16);
    if f.a16 {
        v as u16 as i16 as i64
    } else {
        v as i32 as i64
    }
}

/// Reads a texel's bytes.
fn read_texel(ctx: &Ctx<'_>, a: u64, bytes: u32, lane: usize) -> R<u128> {
    let mut v = 0u128;
    let mut at = 0;
    while at < bytes {
        let n = (bytes - at).min(8);
        let x = ctx.mem.read(a.wrapping_add(at as u64), n).or_else(|e| {
            lane_err(
                lane,
                format!(
                    "image read of {} bytes at {:#x} is outside every buffer",
                    e.size, e.addr
                ),
            )
        })?;
        v |= (x as u128) << (8 * at);
        at += n;
    }
    Ok(v)
}

fn write_texel(ctx: &Ctx<'_>, a: u64, bytes: u32, v: u128, lane: usize) -> R {
    let mut at = 0;
    while at < bytes {
        let n = (bytes - at).min(8);
        ctx.mem
            .write(a.wrapping_add(at as u64), n, (v >> (8 * at)) as u64)
            .or_else(|e| {
                lane_err(
                    lane,
                    format!(
                        "image write of {} bytes at {:#x} is outside every buffer",
                        e.size, e.addr
                    ),
                )
            })?;
        at += n;
    }
    Ok(())
}

/// Applies DST_SEL to converted components.
pub fn swizzle(t: &Tsharp, c: [u32; 4]) -> [u32; 4] {
    let fmt = &t.format;
    std::array::from_fn(|k| match t.dst_sel[k] {
        0 => 0,
        1 => fmt.one(),
        s @ 4..=7 => {
            let j = (s - 4) as usize;
            if j < fmt.n as usize {
                c[j]
            } else {
                fmt.missing(j)
            }
        }
        _ => 0,
    })
}

/// The converted components (register domain) of a raw texel.
pub fn convert(t: &Tsharp, raw: u128) -> [u32; 4] {
    let fmt = &t.format;
    let r = fmt.unpack(raw);
    std::array::from_fn(|k| {
        if k < fmt.n as usize {
            fmt.to_reg(k, r[k])
        } else {
            fmt.missing(k)
        }
    })
}

/// Writes the DMASK-selected values to VDATA (D16 packing by generation) and the TFE/LWE
/// status word (0: every texel is resident in this emulator).
pub fn write_result(
    w: &mut Wave,
    i: &TInst,
    f: &MimgFields,
    lane: usize,
    vals: &[u32],
    d16: Option<bool>,
) {
    let mut r = f.vdata as usize;
    match d16 {
        // d16 = Some(float): 16-bit values, two per register (gfx8: one per register).
        Some(float) => {
            let h: Vec<u32> = vals
                .iter()
                .map(|&v| {
                    if float {
                        f64_to_f16(f32::from_bits(v) as f64) as u32
                    } else {
                        v & 0xffff
                    }
                })
                .collect();
            if i.gen.facts().d16_unpacked && !i.gfx11 {
                for x in h {
                    w.vset(r, lane, x);
                    r += 1;
                }
            } else {
                for c in h.chunks(2) {
                    w.vset(r, lane, c[0] | c.get(1).copied().unwrap_or(0) << 16);
                    r += 1;
                }
            }
        }
        None => {
            for &v in vals {
                w.vset(r, lane, v);
                r += 1;
            }
        }
    }
    if f.tfe || f.lwe {
        w.vset(r, lane, 0);
    }
}

/// Executes a MIMG instruction.
pub fn exec(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>) -> R {
    let Some(f) = i.mimg() else {
        return err("not a MIMG instruction");
    };
    let t = i.op.facts().traits;
    let exec = w.exec();
    ctx.lane_ops += exec.count_ones() as u64;
    if exec == 0 {
        return Ok(());
    }
    match t.img {
        Some(Img::Atomic) => atomic(w, i, &f, ctx, t.rmw),
        Some(Img::Load) => load(w, i, &f, ctx, &t),
        Some(Img::Store) => store(w, i, &f, ctx, &t),
        Some(Img::Resinfo) => resinfo(w, i, &f),
        Some(Img::Sample | Img::Gather4 | Img::GetLod) => sample::exec(w, i, &f, ctx, &t),
        _ => err(format!("{} is not emulated", i.op.name())),
    }
}

/// Texel coordinates (x, y, z, slice) and the absolute mip level of an integer access.
fn int_coords(
    w: &Wave,
    f: &MimgFields,
    t: &Tsharp,
    lane: usize,
    mip: bool,
) -> (i64, i64, i64, i64, i64) {
    let (nc, slice, frag) = coord_count(t.ty);
    let c: Vec<i64> = (0..nc).map(|k| iaddr(w, f, k, lane)).collect();
    let mut k = nc;
    let s = if slice {
        k += 1;
        iaddr(w, f, nc, lane)
    } else {
        0
    };
    if frag {
        // One fragment per pixel in this emulator: fragment indices other than 0 are out of range.
        if iaddr(w, f, k, lane) != 0 {
            return (-1, 0, 0, 0, 0);
        }
        k += 1;
    }
    let m = if mip { iaddr(w, f, k, lane) } else { 0 };
    let z = if nc == 3 { c[2] } else { 0 };
    (
        c[0],
        c.get(1).copied().unwrap_or(0),
        z,
        s,
        t.base_level as i64 + m,
    )
}

fn level_ok(t: &Tsharp, l: i64) -> Option<u32> {
    (l >= t.base_level as i64 && l <= t.last_level as i64).then_some(l as u32)
}

fn load(w: &mut Wave, i: &TInst, f: &MimgFields, ctx: &mut Ctx<'_>, tr: &Traits) -> R {
    let t = tsharp(w, i, f)?;
    let mip = tr.has(Traits::MIP);
    let pck = tr.has(Traits::PCK);
    let sgn = tr.has(Traits::SGN);
    let exec = w.exec();
    for lane in 0..w.lanes {
        if exec >> lane & 1 == 0 {
            continue;
        }
        let (x, y, z, s, l) = int_coords(w, f, &t, lane, mip);
        let at = level_ok(&t, l).and_then(|l| t.texel_addr(x, y, z, s, l));
        let raw = match at {
            Some(a) => Some(read_texel(ctx, a, t.format.bytes, lane)?),
            None => None,
        };
        let comps: [u32; 4] = match raw {
            // Out of range: every component reads 0.
            None => [0; 4],
            Some(raw) if pck => {
                let mut r = t.format.unpack(raw);
                if sgn {
                    for (k, v) in r.iter_mut().enumerate().take(t.format.n as usize) {
                        let b = t.format.comps[k].1 as u32;
                        if b < 32 {
                            *v = (((*v << (32 - b)) as i32) >> (32 - b)) as u32;
                        }
                    }
                }
                r
            }
            Some(raw) => swizzle(&t, convert(&t, raw)),
        };
        let vals: Vec<u32> = (0..4)
            .filter(|c| f.dmask >> c & 1 != 0)
            .map(|c| comps[c])
            .collect();
        let d16 = f.d16.then_some(!pck && !t.format.is_int());
        write_result(w, i, f, lane, &vals, d16);
    }
    Ok(())
}

fn store(w: &mut Wave, i: &TInst, f: &MimgFields, ctx: &mut Ctx<'_>, tr: &Traits) -> R {
    let t = tsharp(w, i, f)?;
    let mip = tr.has(Traits::MIP);
    let pck = tr.has(Traits::PCK);
    let exec = w.exec();
    let fmt = t.format;
    for lane in 0..w.lanes {
        if exec >> lane & 1 == 0 {
            continue;
        }
        let (x, y, z, s, l) = int_coords(w, f, &t, lane, mip);
        let Some(a) = level_ok(&t, l).and_then(|l| t.texel_addr(x, y, z, s, l)) else {
            // Out of range: the store is dropped.
            continue;
        };
        // The enabled channels, in order, from consecutive data registers (D16: halves).
        let mut data = [0u32; 4];
        let mut n = 0usize;
        for (c, d) in data.iter_mut().enumerate() {
            if f.dmask >> c & 1 == 0 {
                continue;
            }
            *d = if f.d16 {
                let packed = !i.gen.facts().d16_unpacked || i.gfx11;
                let (reg, half) = if packed { (n / 2, n % 2) } else { (n, 0) };
                let h = (w.vget(f.vdata as usize + reg, lane) >> (16 * half)) & 0xffff;
                if !pck && !fmt.is_int() {
                    f16_to_f32(h as u16).to_bits()
                } else {
                    h
                }
            } else {
                w.vget(f.vdata as usize + n, lane)
            };
            n += 1;
        }
        let old = read_texel(ctx, a, fmt.bytes, lane)?;
        let mut raw = [0u32; 4];
        for k in 0..fmt.n as usize {
            if f.dmask >> k & 1 == 0 {
                continue;
            }
            raw[k] = if pck {
                data[k]
            } else {
                fmt.from_reg(k, data[k]).or_else(|m| lane_err(lane, m))?
            };
        }
        let v = fmt.pack(raw, old, f.dmask);
        write_texel(ctx, a, fmt.bytes, v, lane)?;
    }
    Ok(())
}

fn resinfo(w: &mut Wave, i: &TInst, f: &MimgFields) -> R {
    let t = tsharp(w, i, f)?;
    let exec = w.exec();
    for lane in 0..w.lanes {
        if exec >> lane & 1 == 0 {
            continue;
        }
        let mip = addr(w, f, 0, lane, f.a16);
        let l = t.base_level as u64 + mip as u64;
        let info: [u32; 4] = if l > t.last_level as u64 {
            [0, 0, 0, t.levels()]
        } else {
            let ([sw, sh, sd], _) = t.level_size(l as u32);
            match t.ty {
                T_1D => [sw, 1, 1, t.levels()],
                T_1D_ARRAY => [sw, t.view_slices(), 1, t.levels()],
                T_2D | T_2D_MSAA => [sw, sh, 1, t.levels()],
                T_3D => [sw, sh, sd, t.levels()],
                T_CUBE => [sw, sh, t.view_slices() / 6, t.levels()],
                _ => [sw, sh, t.view_slices(), t.levels()],
            }
        };
        let vals: Vec<u32> = (0..4)
            .filter(|c| f.dmask >> c & 1 != 0)
            .map(|c| info[c])
            .collect();
        write_result(w, i, f, lane, &vals, None);
    }
    Ok(())
}

fn atomic(w: &mut Wave, i: &TInst, f: &MimgFields, ctx: &mut Ctx<'_>, op: Option<Atomic>) -> R {
    let name = i.op.name();
    let Some(op) = op else {
        return err(format!("{name} is not emulated"));
    };
    let t = tsharp(w, i, f)?;
    let cmp = matches!(op, Atomic::CmpSwap | Atomic::FCmpSwap);
    let n = f.dmask.count_ones();
    let wide = match (cmp, n) {
        (false, 1) | (true, 2) => false,
        (false, 2) | (true, 4) => true,
        _ => {
            return err(format!(
                "{name}: DMASK {:#x} selects neither a 32-bit nor a 64-bit operation",
                f.dmask
            ))
        }
    };
    let size = if wide { 8 } else { 4 };
    let fmt = t.format;
    let ok_fmt = if wide { fmt.dfmt == 11 } else { fmt.dfmt == 4 };
    if !ok_fmt {
        return err(format!(
            "{name}: the image's data format {} is not {} (atomics need a 32-bit or 32_32 texel matching DMASK)",
            fmt.dfmt,
            if wide { "32_32" } else { "32" }
        ));
    }
    let exec = w.exec();
    let rd = |w: &Wave, lane: usize, k: usize| -> u64 {
        let r = f.vdata as usize + k * size as usize / 4;
        let lo = w.vget(r, lane) as u64;
        if wide {
            lo | (w.vget(r + 1, lane) as u64) << 32
        } else {
            lo
        }
    };
    for lane in 0..w.lanes {
        if exec >> lane & 1 == 0 {
            continue;
        }
        let (x, y, z, s, l) = int_coords(w, f, &t, lane, false);
        let data = rd(w, lane, 0);
        let cmpv = if cmp { rd(w, lane, 1) } else { 0 };
        let Some(a) = level_ok(&t, l).and_then(|l| t.texel_addr(x, y, z, s, l)) else {
            // Out of range: nothing is written; GLC returns 0.
            if f.glc {
                write_atomic_result(w, f, lane, 0, wide);
            }
            continue;
        };
        if a % size != 0 {
            return lane_err(
                lane,
                format!("image atomic at {a:#x} is not {size}-byte aligned"),
            );
        }
        // Atomic read-modify-write: compare-and-swap until no other lane intervened.
        let fail = |e: crate::exec::mem::MemFault| super::ExecError {
            lane: Some(lane as u32),
            message: format!(
                "image atomic of {} bytes at {:#x} is outside every buffer",
                e.size, e.addr
            ),
        };
        let mut old = ctx.mem.read(a, size as u32).map_err(fail)?;
        loop {
            let new = crate::exec::mem::rmw(op, size as u32, old, data, cmpv);
            let seen = ctx
                .mem
                .atomic(a, size as u32, Rmw::CmpSwap, new, old)
                .map_err(fail)?;
            if seen == old {
                break;
            }
            old = seen;
        }
        if f.glc {
            write_atomic_result(w, f, lane, old, wide);
        }
    }
    Ok(())
}

fn write_atomic_result(w: &mut Wave, f: &MimgFields, lane: usize, v: u64, wide: bool) {
    let r = f.vdata as usize;
    w.vset(r, lane, v as u32);
    if wide {
        w.vset(r + 1, lane, (v >> 32) as u32);
    }
}

#[cfg(test)]
mod tests;
