//! DS, MUBUF/MTBUF, MIMG, FLAT/GLOBAL/SCRATCH and EXP.

use super::vop3::write_sreg32_src;
use super::{head, sep, write_sdst, write_sres};
use crate::gcn::fmt::{dec, hex32, sdec, Sink};
use crate::gcn::inst::TInst;
use crate::gcn::operand::write_vreg;
use crate::gcn::table::{flag, Entry, Field, Operand};
use crate::gcn::{Enc, Gen};

pub(super) fn ds<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let regs = [t.vaddr, t.vdata, t.data1, t.vdst];
    head(out, e);
    let mut first = true;
    let mut ok = true;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, .. } => {
                let r = match field {
                    Field::Addr => regs[0],
                    Field::Data0 => regs[1],
                    Field::Data1 => regs[2],
                    Field::Vdst => regs[3],
                    _ => {
                        ok = false;
                        continue;
                    }
                };
                ok &= write_vreg(out, r as u32, n as u32);
            }
            Operand::Text(s) => out.push_str(s),
        }
    }
    let (off0, off1) = (t.offset as u32 & 0xff, t.offset1 as u32);
    if e.is(flag::DS_TWO) {
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
        if off != 0 && e.is(flag::DS_SWIZZLE) && t.gen >= Gen::Gfx8 {
            out.push_str(" offset:");
            write_swizzle(out, off);
        } else if off != 0 {
            out.push_str(" offset:");
            dec(out, off);
        }
    }
    if t.gds {
        out.push_str(" gds");
    }
    ok
}

pub(super) fn buf<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let gen = t.gen;
    let mt = t.enc == Enc::Mtbuf;
    head(out, e);
    // Cache invalidations (buffer_wbinvl1*) have no operands.
    if !mt && e.operands.is_empty() {
        return true;
    }
    let (lds, tfe) = (t.lds, t.tfe);
    let mut first = true;
    let mut ok = true;
    for o in &e.operands {
        if let Operand::Field { field, n, .. } = *o {
            sep(out, &mut first);
            match field {
                Field::Vdata if lds => {
                    first = true;
                    out.truncate(out.len().saturating_sub(1));
                }
                Field::Vdata => {
                    ok &= write_vreg(out, t.vdata as u32, n as u32 + tfe as u32);
                }
                Field::Vaddr => {
                    let na = if t.addr64 {
                        2
                    } else {
                        t.offen as u32 + t.idxen as u32
                    };
                    if na == 0 {
                        out.push_str("off");
                    } else {
                        ok &= write_vreg(out, t.vaddr as u32, na);
                    }
                }
                Field::Srsrc => {
                    ok &= write_sres(out, gen, t.srsrc as u32, 4);
                }
                _ => ok = false,
            }
        }
    }
    sep(out, &mut first);
    ok &= write_sreg32_src(out, gen, t.soffset as u32, false, None);
    let (dfmt, nfmt) = (t.dfmt as usize, t.nfmt as usize);
    if mt && (dfmt != 1 || nfmt != 0) {
        out.push_str(" format:[");
        if dfmt != 1 {
            out.push_str(DFMT[dfmt % 16]);
        }
        if nfmt != 0 {
            if dfmt != 1 {
                out.push(',');
            }
            out.push_str(NFMT[nfmt % 8]);
        }
        out.push(']');
    }
    if t.idxen {
        out.push_str(" idxen");
    }
    if t.offen {
        out.push_str(" offen");
    }
    if t.addr64 {
        out.push_str(" addr64");
    }
    if t.offset != 0 {
        out.push_str(" offset:");
        dec(out, t.offset as u32);
    }
    // buffer_store_lds_dword: llvm-mc-19 prints lds before the cache bits.
    let lds_first = e.is(flag::STORE_LDS_DWORD);
    if lds && lds_first {
        out.push_str(" lds");
    }
    if t.glc {
        out.push_str(" glc");
    }
    if t.slc {
        out.push_str(" slc");
    }
    if lds && !lds_first {
        out.push_str(" lds");
    }
    if tfe {
        out.push_str(" tfe");
    }
    ok
}

pub(super) fn mimg<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let gen = t.gen;
    let m = &t.img;
    // D16 is a gfx8/gfx9 field; gfx6/gfx7 words with bit 63 set print `d16` as CLRX does
    // (docs/gcn.md): that bit is the `ignored` one there.
    let d16 = m.d16 || gen <= Gen::Gfx7 && t.ignored != 0;
    let (vaddr, vdata) = (m.vaddr as u32, m.vdata as u32);
    let nd = mimg_data_regs(gen, e.mnemonic, m.dmask as u32, d16, m.tfe);
    let gather4 = e.is(flag::GATHER4);
    head(out, e);
    let mut first = true;
    let mut ok = true;
    for o in &e.operands {
        if let Operand::Field { field, n, .. } = *o {
            if matches!(field, Field::Srsrc | Field::Ssamp) {
                continue;
            }
            sep(out, &mut first);
            ok &= match field {
                // gather4 must fit its four registers.
                Field::Vdata if gather4 && vdata + 4 > 256 => false,
                // A range running past v255 falls back to the opcode's base size (measured).
                Field::Vdata if vdata + nd > 256 => {
                    write_vreg(out, vdata, if gather4 { 4 } else { 1 })
                }
                Field::Vdata => write_vreg(out, vdata, nd),
                Field::Vaddr => write_vreg(out, vaddr, n as u32),
                _ => false,
            };
        }
    }
    sep(out, &mut first);
    ok &= write_sres(out, gen, m.srsrc as u32, 8);
    if !e.must_be_zero(Field::Ssamp) {
        sep(out, &mut first);
        ok &= write_sres(out, gen, m.ssamp as u32, 4);
    }
    if m.dmask != 0 {
        out.push_str(" dmask:");
        hex32(out, m.dmask as u32);
    }
    for (b, s) in [
        (m.unorm, " unorm"),
        (m.glc, " glc"),
        (m.slc, " slc"),
        // One bit 15: the layout gives it to R128 (to gfx8) or A16 (gfx9), never both.
        (m.r128, " r128"),
        (m.a16, " a16"),
        (m.tfe, " tfe"),
        (m.lwe, " lwe"),
        (m.da, " da"),
        (d16, " d16"),
    ] {
        if b {
            out.push_str(s);
        }
    }
    ok
}

pub(super) fn flat<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let gen = t.gen;
    let (addr, data, vdst) = (t.vaddr as u32, t.vdata as u32, t.vdst as u32);
    head(out, e);
    let mut first = true;
    let mut ok = true;
    if t.glc && e.mnemonic.contains("_atomic_") && !e.has(Field::Vdst) {
        ok &= e.has(Field::Data);
        let n = e.field(Field::Data).map_or(1, |(n, _)| n);
        let n = if e.mnemonic.contains("cmpswap") {
            n / 2
        } else {
            n
        };
        sep(out, &mut first);
        ok &= write_vreg(out, vdst, n as u32);
    }
    for o in &e.operands {
        if t.lds
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
                ok &= match field {
                    Field::Addr => write_vreg(out, addr, n as u32),
                    Field::Data => write_vreg(out, data, n as u32),
                    Field::Vdst => write_vreg(out, vdst, n as u32),
                    Field::Saddr => write_sdst(out, gen, t.saddr as u32, n as u32),
                    _ => false,
                };
            }
            Operand::Text(s) => out.push_str(s),
        }
    }
    // llvm-objdump prints 13 offset bits: gfx9 FLAT's 12-bit offset and bit 12 (kept in
    // `reserved`), GLOBAL/SCRATCH's signed 13 bits, and gfx7/gfx8's ignored bits 12:0.
    let offset = if gen <= Gen::Gfx8 {
        (t.ignored & 0x1fff) as i64
    } else if t.enc == Enc::Flat {
        (t.offset as u32 | t.reserved[0] & 0x1000) as i64
    } else {
        t.offset as i64
    };
    if offset != 0 {
        out.push_str(" offset:");
        sdec(out, offset);
    }
    if t.glc {
        out.push_str(" glc");
    }
    if t.slc {
        out.push_str(" slc");
    }
    if t.lds {
        out.push_str(" lds");
    }
    ok
}

pub(super) fn exp<W: Sink>(t: &TInst, out: &mut W) {
    let x = &t.exp;
    let tgt = x.target as u32;
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
    for i in 0..4 {
        out.push_str(if i == 0 { " " } else { ", " });
        let r = if x.compr { x.vsrc[i / 2] } else { x.vsrc[i] };
        if x.en >> i & 1 != 0 {
            out.push('v');
            dec(out, r as u32);
        } else {
            out.push_str("off");
        }
    }
    if x.done {
        out.push_str(" done");
    }
    if x.compr {
        out.push_str(" compr");
    }
    if x.vm {
        out.push_str(" vm");
    }
}

// ------------------------------------------------------------ operand writers (DS, MUBUF/MTBUF, MIMG)

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
