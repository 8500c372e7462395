//! DS, MUBUF/MTBUF, MIMG, FLAT/GLOBAL/SCRATCH and EXP.

use super::*;
use crate::fields::G;

/// The ds_swizzle_b32 pattern as llvm-mc names it. Bit 15 set: a quad permutation (four 2-bit
/// lane selectors when bits 8-14 are zero, else a raw number); clear: a 32-lane bit mask
/// (and = bits 0-4, or = 5-9, xor = 10-14), named SWAP / REVERSE / BROADCAST where it is one,
/// else BITMASK_PERM with one character per lane-id bit (0/1 forced, p kept, i inverted).
#[inline(never)]
pub(crate) fn write_swizzle<W: Sink>(out: &mut W, off: u32) {
    if off & 0xff00 == 0x8000 {
        let l = |i: u32| off >> (2 * i) & 3;
        out.push_str("swizzle(QUAD_PERM,");
        for i in 0..4 {
            if i > 0 {
                out.push(',');
            }
            dec(out, l(i));
        }
        out.push(')');
        return;
    }
    if off & 0x8000 != 0 {
        dec(out, off);
        return;
    }
    let (and, or, xor) = (off & 31, off >> 5 & 31, off >> 10 & 31);
    if and == 31 && or == 0 && xor.count_ones() == 1 {
        out.push_str("swizzle(SWAP,");
        dec(out, xor);
        out.push(')');
    } else if and == 31 && or == 0 && xor > 0 && (xor + 1).is_power_of_two() {
        out.push_str("swizzle(REVERSE,");
        dec(out, xor + 1);
        out.push(')');
    } else {
        let group = 32 - and;
        if xor == 0 && group > 1 && group.is_power_of_two() && or < group {
            out.push_str("swizzle(BROADCAST,");
            dec(out, group);
            out.push(',');
            dec(out, or);
            out.push(')');
            return;
        }
        out.push_str("swizzle(BITMASK_PERM,\"");
        let (p0, p1) = (or ^ xor, (and | or) ^ xor);
        for b in (0..5).rev() {
            let (a, c) = (p0 >> b & 1, p1 >> b & 1);
            out.push(match (a == c, a) {
                (true, 0) => '0',
                (true, _) => '1',
                (false, 0) => 'p',
                (false, _) => 'i',
            });
        }
        out.push_str("\")");
    }
}

pub(crate) fn ds<W: Sink>(gen: Gen, w: &[u32; 3], out: &mut W) -> R {
    let g = G::of(gen);
    let op = fields::ds::op(g, w);
    let e = entry(gen, Enc::Ds, op)?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let off0 = fields::ds::offset0(g, w);
    let off1 = fields::ds::offset1(g, w);
    let gds = fields::ds::gds(g, w);
    let f = [
        fields::ds::addr(g, w),
        fields::ds::data0(g, w),
        fields::ds::data1(g, w),
        fields::ds::vdst(g, w),
    ];
    for z in &e.zero {
        let v = match z {
            Field::Addr => f[0],
            Field::Data0 => f[1],
            Field::Data1 => f[2],
            Field::Vdst => f[3],
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    // GWS and ordered-count instructions always go to GDS (llvm-mc-19: gds is part of their
    // syntax on gfx6/gfx7, and gfx8's decoder rejects ds_ordered_count without it).
    if gds == 0 && e.is(flag::DS_GDS_ONLY) {
        return Err(());
    }
    head(out, e);
    let mut first = true;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, .. } => {
                let r = match field {
                    Field::Addr => f[0],
                    Field::Data0 => f[1],
                    Field::Data1 => f[2],
                    Field::Vdst => f[3],
                    _ => return Err(()),
                };
                if !write_vreg(out, r, n as u32) {
                    return Err(());
                }
            }
            Operand::Text(t) => out.push_str(t),
        }
    }
    let two = e.is(flag::DS_TWO);
    if two {
        if off0 != 0 {
            out.push_str(" offset0:");
            dec(out, off0);
        }
        if off1 != 0 {
            out.push_str(" offset1:");
            dec(out, off1);
        }
    } else {
        let off = off0 | off1 << 8;
        // gfx6/gfx7 vectors (llvm-mc's assembler) keep the number.
        if off != 0 && e.is(flag::DS_SWIZZLE) && gen >= Gen::Gfx8 {
            out.push_str(" offset:");
            write_swizzle(out, off);
        } else if off != 0 {
            out.push_str(" offset:");
            dec(out, off);
        }
    }
    if gds != 0 {
        out.push_str(" gds");
    }
    Ok(Decoded::with(2, Enc::Ds, op as u16, CLASS_ENC))
}

// ---------------------------------------------------------------- MUBUF / MTBUF

pub(crate) const DFMT: [&str; 16] = [
    "BUF_DATA_FORMAT_INVALID",
    "BUF_DATA_FORMAT_8",
    "BUF_DATA_FORMAT_16",
    "BUF_DATA_FORMAT_8_8",
    "BUF_DATA_FORMAT_32",
    "BUF_DATA_FORMAT_16_16",
    "BUF_DATA_FORMAT_10_11_11",
    "BUF_DATA_FORMAT_11_11_10",
    "BUF_DATA_FORMAT_10_10_10_2",
    "BUF_DATA_FORMAT_2_10_10_10",
    "BUF_DATA_FORMAT_8_8_8_8",
    "BUF_DATA_FORMAT_32_32",
    "BUF_DATA_FORMAT_16_16_16_16",
    "BUF_DATA_FORMAT_32_32_32",
    "BUF_DATA_FORMAT_32_32_32_32",
    "BUF_DATA_FORMAT_RESERVED_15",
];
pub(crate) const NFMT: [&str; 8] = [
    "BUF_NUM_FORMAT_UNORM",
    "BUF_NUM_FORMAT_SNORM",
    "BUF_NUM_FORMAT_USCALED",
    "BUF_NUM_FORMAT_SSCALED",
    "BUF_NUM_FORMAT_UINT",
    "BUF_NUM_FORMAT_SINT",
    "BUF_NUM_FORMAT_RESERVED_6",
    "BUF_NUM_FORMAT_FLOAT",
];

pub(crate) fn buf<W: Sink>(gen: Gen, enc: Enc, w: &[u32; 3], out: &mut W) -> R {
    let w0 = w[0];
    let mt = enc == Enc::Mtbuf;
    let g = G::of(gen);
    // MUBUF and MTBUF share OFFSET..GLC, ADDR64 (gfx6/gfx7: a 64-bit VGPR address) and the
    // second dword except SLC, which MUBUF moved into the first dword on gfx8.
    use fields::{mtbuf, mubuf};
    let op = if mt { mtbuf::op(g, w) } else { mubuf::op(g, w) };
    let e = entry(gen, enc, op)?;
    let addr64 = mubuf::addr64(g, w);
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let offset = mubuf::offset(g, w);
    let offen = mubuf::offen(g, w);
    let idxen = mubuf::idxen(g, w);
    let glc = mubuf::glc(g, w);
    let (lds, slc, dfmt, nfmt) = if mt {
        (0, mtbuf::slc(g, w), mtbuf::dfmt(g, w), mtbuf::nfmt(g, w))
    } else {
        (mubuf::lds(g, w), mubuf::slc(g, w), 0, 0)
    };
    let vaddr = mubuf::vaddr(g, w);
    let vdata = mubuf::vdata(g, w);
    let srsrc = mubuf::srsrc(g, w) * 4;
    let tfe = mubuf::tfe(g, w);
    let soffset = mubuf::soffset(g, w);
    // The LDS forms have no tfe (llvm-mc rejects the pair; gfx6/gfx7: its assembler refuses
    // `lds tfe` too).
    if lds != 0 && tfe != 0 {
        return Err(());
    }
    // buffer_store_lds_dword exists only as an LDS form (llvm-mc-19 rejects it without lds).
    if lds == 0 && e.is(flag::STORE_LDS_DWORD) {
        return Err(());
    }
    // Cache invalidations (buffer_wbinvl1*) have no operands: as llvm-mc does on gfx8/gfx9
    // (measured), offset, slc and the second dword apart from tfe are ignored; offen, idxen, glc,
    // bit 15 (addr64) and lds are rejected, and so is tfe.
    if !mt && e.operands.is_empty() {
        if bits(w0, 12, 5) != 0 || tfe != 0 {
            return Err(());
        }
        head(out, e);
        return Ok(Decoded::with(2, enc, op as u16, CLASS_ENC));
    }

    for z in &e.zero {
        let v = match z {
            Field::Vaddr => vaddr,
            Field::Vdata => vdata,
            Field::Srsrc => srsrc,
            Field::Soffset => soffset,
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    head(out, e);
    let mut first = true;
    for o in &e.operands {
        match *o {
            Operand::Field { field, n, .. } => {
                sep(out, &mut first);
                let ok = match field {
                    Field::Vdata if lds != 0 => {
                        first = true;
                        out.truncate(out.len().saturating_sub(1));
                        true
                    }
                    Field::Vdata => write_vreg(out, vdata, n as u32 + tfe),
                    Field::Vaddr => {
                        let na = if addr64 != 0 { 2 } else { offen + idxen };
                        if addr64 != 0 && (offen | idxen) != 0 {
                            return Err(());
                        }
                        if na == 0 {
                            out.push_str("off");
                            true
                        } else {
                            write_vreg(out, vaddr, na)
                        }
                    }
                    Field::Srsrc => write_sres(out, gen, srsrc, 4),
                    _ => false,
                };
                if !ok {
                    return Err(());
                }
            }
            Operand::Text(_) => {}
        }
    }
    sep(out, &mut first);
    if soffset == 255 || !write_sreg32_src(out, gen, soffset) {
        return Err(());
    }
    if mt && (dfmt != 1 || nfmt != 0) {
        out.push_str(" format:[");
        if dfmt != 1 {
            out.push_str(DFMT[dfmt as usize]);
        }
        if nfmt != 0 {
            if dfmt != 1 {
                out.push(',');
            }
            out.push_str(NFMT[nfmt as usize]);
        }
        out.push(']');
    }
    if idxen != 0 {
        out.push_str(" idxen");
    }
    if offen != 0 {
        out.push_str(" offen");
    }
    if addr64 != 0 {
        out.push_str(" addr64");
    }
    if offset != 0 {
        out.push_str(" offset:");
        dec(out, offset);
    }
    // buffer_store_lds_dword: llvm-mc-19 prints lds before the cache bits.
    let lds_first = e.is(flag::STORE_LDS_DWORD);
    if lds != 0 && lds_first {
        out.push_str(" lds");
    }
    if glc != 0 {
        out.push_str(" glc");
    }
    if slc != 0 {
        out.push_str(" slc");
    }
    if lds != 0 && !lds_first {
        out.push_str(" lds");
    }
    if tfe != 0 {
        out.push_str(" tfe");
    }
    Ok(Decoded::with(2, enc, op as u16, CLASS_ENC))
}

// ---------------------------------------------------------------- MIMG

/// Data registers of a MIMG instruction as llvm-mc-19 prints them: components from dmask (4 for
/// gather4), halved by packed d16 (gfx9), plus one for tfe; a size with no instruction variant
/// falls back to the variant llvm-mc decodes first (measured: gather4 d16+tfe prints 4 registers,
/// atomics print 1, 2 or 5).
pub fn mimg_data_regs(gen: Gen, mnemonic: &str, dmask: u32, d16: bool, tfe: bool) -> u32 {
    let gather = mnemonic.starts_with("image_gather4");
    let mut n = if gather { 4 } else { dmask.count_ones().max(1) };
    if d16 && gen >= Gen::Gfx9 {
        n = n.div_ceil(2);
    }
    n += tfe as u32;
    if gather && n == 3 {
        return 4;
    }
    // cmpswap has 2- and 4-register variants only (measured: every other count prints 2).
    if mnemonic.starts_with("image_atomic_cmpswap") && gen >= Gen::Gfx8 {
        return if n == 4 { 4 } else { 2 };
    }
    if mnemonic.starts_with("image_atomic") && !mnemonic.contains("cmpswap") && gen >= Gen::Gfx8 {
        return match n {
            1 | 2 => n,
            4 => 5,
            _ => 1,
        };
    }
    n
}

pub(crate) fn mimg<W: Sink>(gen: Gen, w: &[u32; 3], out: &mut W) -> R {
    let g = G::of(gen);
    use fields::mimg as f;
    let op = f::op(g, w);
    let e = entry(gen, Enc::Mimg, op)?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let dmask = f::dmask(g, w);
    let unorm = f::unorm(g, w);
    let glc = f::glc(g, w);
    let da = f::da(g, w);
    // Bit 15: R128 up to gfx8, A16 on gfx9.
    let r128 = f::r128(g, w) | f::a16(g, w);
    let tfe = f::tfe(g, w);
    let lwe = f::lwe(g, w);
    let slc = f::slc(g, w);
    let vaddr = f::vaddr(g, w);
    let vdata = f::vdata(g, w);
    let srsrc = f::srsrc(g, w) * 4;
    let ssamp = f::ssamp(g, w) * 4;
    // D16 is a gfx8/gfx9 field; gfx6/gfx7 words with bit 63 set print `d16` as CLRX does
    // (docs/gcn.md): read as the bit.
    let d16 = w[1] >> 31;

    for z in &e.zero {
        let v = match z {
            Field::Vaddr => vaddr,
            Field::Vdata => vdata,
            Field::Srsrc => srsrc,
            Field::Ssamp => ssamp,
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    let nd = mimg_data_regs(gen, e.mnemonic, dmask, d16 != 0, tfe != 0);
    let gather4 = e.is(flag::GATHER4);
    head(out, e);
    let mut first = true;
    for o in &e.operands {
        if let Operand::Field { field, n, .. } = *o {
            if matches!(field, Field::Srsrc | Field::Ssamp) {
                continue;
            }
            sep(out, &mut first);
            let ok = match field {
                // A range running past v255 prints as its first register (measured).
                // A range running past v255 falls back to the opcode's base size (measured:
                // gather4 four registers, others one); gather4 must fit its four.
                Field::Vdata if gather4 && vdata + 4 > 256 => false,
                Field::Vdata if vdata + nd > 256 => {
                    write_vreg(out, vdata, if gather4 { 4 } else { 1 })
                }
                Field::Vdata => write_vreg(out, vdata, nd),
                Field::Vaddr => write_vreg(out, vaddr, n as u32),
                _ => false,
            };
            if !ok {
                return Err(());
            }
        }
    }
    sep(out, &mut first);
    if !write_sres(out, gen, srsrc, 8) {
        return Err(());
    }
    if !e.must_be_zero(Field::Ssamp) {
        sep(out, &mut first);
        if !write_sres(out, gen, ssamp, 4) {
            return Err(());
        }
    }
    if dmask != 0 {
        out.push_str(" dmask:");
        hex32(out, dmask);
    }
    for (b, s) in [
        (unorm, " unorm"),
        (glc, " glc"),
        (slc, " slc"),
        (r128, if f::has_a16(g) { " a16" } else { " r128" }),
        (tfe, " tfe"),
        (lwe, " lwe"),
        (da, " da"),
        (d16, " d16"),
    ] {
        if b != 0 {
            out.push_str(s);
        }
    }
    Ok(Decoded::with(2, Enc::Mimg, op as u16, CLASS_ENC))
}

// ---------------------------------------------------------------- FLAT / GLOBAL / SCRATCH

pub(crate) fn flat<W: Sink>(gen: Gen, w: &[u32; 3], out: &mut W) -> R {
    let g = G::of(gen);
    use fields::flat as f;
    let op = f::op(g, w);
    let seg = f::seg(g, w);
    let saddr = f::saddr(g, w);
    let enc = match (seg, f::has_saddr(g) && saddr != 0x7f) {
        (0, _) => Enc::Flat,
        (1, false) => Enc::Scratch,
        (1, true) => Enc::ScratchSaddr,
        (2, false) => Enc::Global,
        (2, true) => Enc::GlobalSaddr,
        _ => return Err(()),
    };
    let e = entry(gen, enc, op)?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    // OFFSET is a gfx9 field, but llvm-objdump-19 prints bits 12:0 of a gfx8 FLAT word as an
    // offset too (the hardware ignores them; llvm-mc accepts them): printed as llvm does.
    let offset = w[0] & 0x1fff;
    let lds = f::lds(g, w);
    let glc = f::glc(g, w);
    let slc = f::slc(g, w);
    let addr = f::addr(g, w);
    let data = f::data(g, w);
    let nv = f::nv(g, w);
    let vdst = f::vdst(g, w);

    if enc == Enc::Flat && f::has_saddr(g) && saddr != 0 {
        return Err(());
    }
    // The LDS forms have no `nv` bit: llvm-mc rejects it there (and ignores it elsewhere).
    if lds != 0 && nv != 0 {
        return Err(());
    }

    for z in &e.zero {
        let v = match z {
            Field::Addr => addr,
            Field::Data => data,
            Field::Vdst => vdst,
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    head(out, e);
    let mut first = true;
    if glc != 0 && e.mnemonic.contains("_atomic_") && !e.has(Field::Vdst) {
        let (n, _) = e.field(Field::Data).ok_or(())?;
        let n = if e.mnemonic.contains("cmpswap") {
            n / 2
        } else {
            n
        };
        sep(out, &mut first);
        if !write_vreg(out, vdst, n as u32) {
            return Err(());
        }
    }
    for o in &e.operands {
        if lds != 0
            && matches!(
                o,
                Operand::Field {
                    field: Field::Vdst,
                    ..
                }
            )
        {
            continue;
        }
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, .. } => {
                let ok = match field {
                    Field::Addr => write_vreg(out, addr, n as u32),
                    Field::Data => write_vreg(out, data, n as u32),
                    Field::Vdst => write_vreg(out, vdst, n as u32),
                    Field::Saddr => write_sdst(out, gen, saddr, n as u32),
                    _ => false,
                };
                if !ok {
                    return Err(());
                }
            }
            Operand::Text(t) => out.push_str(t),
        }
    }
    if offset != 0 {
        let v = if enc == Enc::Flat {
            offset as i32
        } else {
            ((offset << 19) as i32) >> 19
        };
        out.push_str(" offset:");
        sdec(out, v as i64);
    }
    if glc != 0 {
        out.push_str(" glc");
    }
    if slc != 0 {
        out.push_str(" slc");
    }
    let _ = nv;
    if lds != 0 {
        out.push_str(" lds");
    }
    Ok(Decoded::with(2, enc, op as u16, CLASS_ENC))
}

// ---------------------------------------------------------------- EXP

pub(crate) fn exp<W: Sink>(gen: Gen, w: &[u32; 3], out: &mut W) -> R {
    let g = G::of(gen);
    use fields::exp as f;
    let en = f::en(g, w);
    let tgt = f::target(g, w);
    let compr = f::compr(g, w);
    let done = f::done(g, w);
    let vm = f::vm(g, w);

    out.push_str("exp ");
    match tgt {
        0..=7 => {
            out.push_str("mrt");
            dec(out, tgt);
        }
        8 => out.push_str("mrtz"),
        9 => out.push_str("null"),
        12..=15 => {
            out.push_str("pos");
            dec(out, tgt - 12);
        }
        32..=63 => {
            out.push_str("param");
            dec(out, tgt - 32);
        }
        _ => {
            out.push_str("invalid_target_");
            dec(out, tgt);
        }
    }
    let v = [
        f::vsrc0(g, w),
        f::vsrc1(g, w),
        f::vsrc2(g, w),
        f::vsrc3(g, w),
    ];
    for i in 0..4 {
        out.push_str(if i == 0 { " " } else { ", " });
        let (on, r) = if compr != 0 {
            (en >> i & 1 != 0, v[i / 2])
        } else {
            (en >> i & 1 != 0, v[i])
        };
        if on {
            out.push('v');
            dec(out, r);
        } else {
            out.push_str("off");
        }
    }
    if done != 0 {
        out.push_str(" done");
    }
    if compr != 0 {
        out.push_str(" compr");
    }
    if vm != 0 {
        out.push_str(" vm");
    }
    Ok(Decoded::with(2, Enc::Exp, 0, CLASS_ENC))
}
