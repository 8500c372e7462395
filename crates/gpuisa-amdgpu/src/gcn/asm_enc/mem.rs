//! The memory and export encoders: SMRD/SMEM, DS, MUBUF/MTBUF, MIMG, FLAT/GLOBAL/SCRATCH,
//! VINTRP and EXP.

#[allow(unused_imports)]
use super::*;
use crate::gcn::inst::ExpFields;

pub(super) fn smem(e: &Entry, fields: &[&Operand], p: &Parsed, w: &mut W) -> Result<(), AsmError> {
    check_mods(p, &["glc", "offset", "nv"])?;
    let g = G::of(w.t.gen);
    w.t.glc = p.flag("glc");
    // CLRX: the gfx9 `nv` bit (llvm-mc-19 has no such modifier on SMEM).
    if p.flag("nv") {
        if !f::smem::has_nv(g) {
            return err(Span::default(), "nv exists on gfx9 only");
        }
        w.t.nv = true;
    }
    for (fl, (v, m, s)) in fields.iter().zip(p.vals.iter()) {
        no_mods(m, *s)?;
        let Operand::Field { field, n, .. } = **fl else {
            continue;
        };
        match field {
            Field::Sdata => w.t.sdst = smem_data(v, n, *s)? as u16,
            Field::SdataImm => w.t.sdst = (int_of(v, *s)? as u32 & 0x7f) as u16,
            Field::Sbase => {
                let c = sreg8(v, n, *s, "base")?;
                if c % 2 != 0 {
                    return err(*s, "the base must be an even register");
                }
                w.t.sbase = c as u16;
            }
            Field::Offset => match v {
                Val::Int(i) => {
                    // (20 bits unsigned on gfx8, 21 signed on gfx9: the OFFSET rows.)
                    let fits = i32::try_from(*i)
                        .is_ok_and(|x| f::smem::set_offset(g, &mut [0u32; 2], x as u32));
                    if !fits {
                        return err(*s, "offset out of range");
                    }
                    if let Some((_, ms)) = p.value("offset") {
                        return err(ms, "an immediate offset operand and offset: together");
                    }
                    w.t.imm = true;
                    w.t.offset = *i as i32;
                }
                Val::Reg { .. } => {
                    let c = sreg8(v, 1, *s, "offset register")?;
                    w.t.soffset_reg = true;
                    w.t.soffset = c as u16;
                    if let Some((o, _)) = modval(p, "offset")? {
                        // SOE: the register in SOFFSET, plus an immediate offset (CLRX: cut
                        // to the OFFSET field's width, which is signed).
                        let mut m = [0u32; 2];
                        let _ = f::smem::set_offset(g, &mut m, u32::MAX);
                        let sh = 32 - m[1].count_ones().max(1);
                        let o = ((o as u32) << sh) as i32 >> sh;
                        (w.t.soe, w.t.imm, w.t.offset) = (true, true, o);
                    }
                }
                _ => return err(*s, "expected an offset"),
            },
            _ => {}
        }
    }
    if p.vals.len() != fields.len() {
        return err(
            p.vals.last().map_or(Span::default(), |x| x.2),
            "wrong number of operands",
        );
    }
    let _ = e;
    Ok(())
}

// ------------------------------------------------------------ VOP1/2/C

/// The data registers of a scalar memory instruction: SGPRs, vcc, ttmp ..., but not m0 or exec
/// (LLVM's SReg_*_XM0_XEXEC classes; llvm-mc-19 rejects `s_load_dword m0, ...`).
pub(super) fn smem_data(v: &Val, n: u8, s: Span) -> Result<u32, AsmError> {
    let c = sreg8(v, n, s, "data")?;
    if (c..c + n as u32).any(|r| r == 124 || r == 126 || r == 127) {
        return err(s, "the data registers cannot be m0 or exec");
    }
    Ok(c)
}

pub(super) fn ds(e: &Entry, fields: &[&Operand], p: &Parsed, w: &mut W) -> Result<(), AsmError> {
    check_mods(p, &["offset", "offset0", "offset1", "gds"])?;
    vregs(fields, p, w, &|f| match f {
        Field::Addr => Some(Slot::Vaddr),
        Field::Data0 => Some(Slot::Vdata),
        Field::Data1 => Some(Slot::Data1),
        Field::Vdst => Some(Slot::Vdst),
        _ => None,
    })?;
    let m = e.mnemonic;
    let two = m.contains("read2") || m.contains("write2") || m.contains("wrxchg2");
    if two {
        for name in ["offset0", "offset1"] {
            if let Some((o, s)) = modval(p, name)? {
                if !(0..=255).contains(&o) {
                    return err(s, format!("{name} must be 0..255"));
                }
                if name == "offset0" {
                    w.t.offset = o as i32;
                } else {
                    w.t.offset1 = o as u8;
                }
            }
        }
    } else if let Some(o) = p
        .value("offset")
        .filter(|(v, _)| v.trim_start().starts_with("swizzle("))
    {
        // ds_swizzle_b32's offset macro (llvm-objdump prints it).
        let Some(v) = (m == "ds_swizzle_b32")
            .then(|| crate::swizzle::offset(o.0))
            .flatten()
        else {
            return err(o.1, "not a valid swizzle(...) offset for ds_swizzle_b32");
        };
        (w.t.offset, w.t.offset1) = ((v & 0xff) as i32, (v >> 8) as u8);
    } else if let Some((o, s)) = modval(p, "offset")? {
        if !(0..=65535).contains(&o) {
            return err(s, "offset must be 0..65535");
        }
        // A 16-bit offset: OFFSET1:OFFSET0.
        (w.t.offset, w.t.offset1) = ((o & 0xff) as i32, (o >> 8) as u8);
    }
    // Like llvm-mc: offset0/offset1 only on the two-address forms; GWS and ordered_count need gds.
    if !two {
        if let Some((_, _, s)) = p
            .mods
            .iter()
            .find(|(k, _, _)| k == "offset0" || k == "offset1")
        {
            return err(
                *s,
                "offset0/offset1 are for the two-address (read2/write2) forms",
            );
        }
    }
    if (m.starts_with("ds_gws") || m == "ds_ordered_count") && !p.flag("gds") {
        return err(Span::default(), format!("'{m}' needs gds"));
    }
    w.t.gds = p.flag("gds");
    Ok(())
}

pub(super) const DFMT: [&str; 16] = [
    "INVALID",
    "8",
    "16",
    "8_8",
    "32",
    "16_16",
    "10_11_11",
    "11_11_10",
    "10_10_10_2",
    "2_10_10_10",
    "8_8_8_8",
    "32_32",
    "16_16_16_16",
    "32_32_32",
    "32_32_32_32",
    "RESERVED_15",
];

/// A number format name (`SNORM_OGL` is CLRX's name for 6 on gfx6/gfx7).
pub(super) fn nfmt_index(gen: Gen, x: &str) -> Option<u32> {
    if x == "SNORM_OGL" && gen <= Gen::Gfx7 {
        return Some(6);
    }
    NFMT.iter().position(|n| *n == x).map(|i| i as u32)
}

pub(super) const NFMT: [&str; 8] = [
    "UNORM",
    "SNORM",
    "USCALED",
    "SSCALED",
    "UINT",
    "SINT",
    "RESERVED_6",
    "FLOAT",
];

pub(super) fn buf(
    gen: Gen,
    enc: Enc,
    e: &Entry,
    fields: &[&Operand],
    p: &Parsed,
    w: &mut W,
    whole: Span,
) -> Result<(), AsmError> {
    let mt = enc == Enc::Mtbuf;
    if fields.is_empty() {
        // buffer_wbinvl1 and friends: no operands, no modifiers.
        check_mods(p, &[])?;
        return match p.vals.first() {
            Some((_, _, s)) => err(*s, format!("'{}' takes no operands", e.mnemonic)),
            None => Ok(()),
        };
    }
    check_mods(
        p,
        &[
            "offen", "idxen", "offset", "glc", "slc", "lds", "tfe", "format", "dfmt", "nfmt",
            "addr64",
        ],
    )?;
    // Cache invalidations (buffer_wbinvl1*) take no operands and no modifiers.
    if !mt && e.operands.is_empty() {
        if let Some((_, _, s)) = p.vals.first() {
            return err(*s, "this instruction takes no operands");
        }
        if let Some((_, _, s)) = p.mods.first() {
            return err(*s, "this instruction takes no modifiers");
        }
        return Ok(());
    }
    let addr64 = p.flag("addr64") as u32;
    if addr64 != 0 && !f::mubuf::has_addr64(G::of(gen)) {
        return err(whole, "addr64 exists on gfx6/gfx7 only");
    }
    let offen = p.flag("offen") as u32;
    let idxen = p.flag("idxen") as u32;
    let lds = p.flag("lds") as u32;
    let tfe = p.flag("tfe") as u32;
    if lds != 0 && (tfe != 0 || mt) {
        return err(whole, "lds goes with neither tfe nor MTBUF");
    }
    if addr64 != 0 && offen + idxen != 0 {
        return err(whole, "addr64 excludes offen and idxen");
    }
    // The register fields and soffset (written as text in the table templates).
    let nfields = fields
        .iter()
        .filter(|f| matches!(f, Operand::Field { .. }))
        .count()
        + 1;
    // CLRX: with `lds` the data register may still be written (and is encoded); without
    // offen/idxen/addr64 the address may be left out.
    let skip_vdata = lds != 0 && p.vals.len() < nfields;
    let skip_vaddr = !skip_vdata
        && offen + idxen + addr64 == 0
        && p.vals.len() + 1 == nfields
        && p.vals
            .get(1)
            .is_some_and(|(v, _, _)| matches!(v, Val::Reg { vgpr: false, .. }));
    let mut vals = p.vals.iter();
    for f in fields {
        let Operand::Field { field, n, .. } = **f else {
            continue;
        };
        if field == Field::Vdata && skip_vdata || field == Field::Vaddr && skip_vaddr {
            continue;
        }
        let Some((v, m, s)) = vals.next() else {
            return err(whole, "missing operands");
        };
        no_mods(m, *s)?;
        match field {
            Field::Vdata => {
                w.t.vdata = check_reg(v, true, n + tfe as u8, *s, "data")? as u16;
            }
            Field::Vaddr => {
                let na = if addr64 != 0 { 2 } else { offen + idxen };
                if na == 0 {
                    // CLRX writes an (unused) address register here too; it is encoded.
                    if let Val::Reg {
                        code,
                        n: 1,
                        vgpr: true,
                        ..
                    } = v
                    {
                        w.t.vaddr = (code - 256) as u16;
                    } else if !matches!(v, Val::Ident(t) if t == "off") {
                        return err(*s, "without offen/idxen the address is 'off'");
                    }
                } else {
                    w.t.vaddr = check_reg(v, true, na as u8, *s, "address")? as u16;
                }
            }
            Field::Srsrc => {
                let c = sreg8(v, 4, *s, "resource")?;
                if c % 4 != 0 {
                    return err(*s, "the resource must start at a multiple of 4");
                }
                w.t.srsrc = c as u16;
            }
            _ => {}
        }
    }
    let Some((v, _, s)) = vals.next() else {
        return err(whole, "missing soffset operand");
    };
    let c = encode_src(gen, v, 1, OpType::Int, &mut None, false).map_err(|m| AsmError {
        span: *s,
        message: m,
    })?;
    // One register (LLVM's SReg_32): not a pair or lds_direct. (`src_scc` is taken; llvm-mc-19
    // reads a bare `scc` here as gfx90a's cache modifier and rejects it, gpuisa as the register.)
    let wide = matches!(v, Val::Reg { n, any_width: false, .. } if *n != 1);
    if c >= 256 || c == 254 || wide {
        return err(*s, "soffset must be one scalar register or a constant");
    }
    w.t.soffset = c as u16;
    if vals.next().is_some() {
        return err(whole, "too many operands");
    }
    if let Some((o, s)) = modval(p, "offset")? {
        if !(0..4096).contains(&o) {
            return err(s, "offset must be 0..4095");
        }
        w.t.offset = o as i32;
    }
    w.t.offen = offen != 0;
    w.t.idxen = idxen != 0;
    w.t.addr64 = addr64 != 0;
    w.t.glc = p.flag("glc");
    w.t.tfe = tfe != 0;
    w.t.slc = p.flag("slc");
    if mt {
        let (mut d, mut nf) = (1u32, 0u32);
        if let Some((f, s)) = p.value("format") {
            let Some(inner) = f.strip_prefix('[').and_then(|x| x.strip_suffix(']')) else {
                return err(
                    s,
                    "format takes a list like [BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]",
                );
            };
            // LLVM's BUF_DATA_FORMAT_*/BUF_NUM_FORMAT_* names; CLRX's short names (`8_8`, `sint`)
            // and `@expr` numbers (data format first, then number format).
            for (k, part) in inner.split(',').map(str::trim).enumerate() {
                let mut ubuf = [0u8; 48];
                let u = ascii_upper_in(part, &mut ubuf);
                let num = |x: &str| {
                    parse_int(x)
                        .filter(|v| (0..16).contains(v))
                        .map(|v| v as u32)
                };
                if let Some(x) = part.strip_prefix('@').and_then(num) {
                    match k {
                        0 => d = x,
                        1 if x < 8 => nf = x,
                        _ => return err(s, format!("bad format value '{part}'")),
                    }
                } else if let Some(x) = u.strip_prefix("BUF_DATA_FORMAT_") {
                    d = DFMT.iter().position(|n| *n == x).ok_or_else(|| AsmError {
                        span: s,
                        message: format!("unknown data format '{part}'"),
                    })? as u32;
                } else if let Some(x) = u.strip_prefix("BUF_NUM_FORMAT_") {
                    nf = nfmt_index(gen, x).ok_or_else(|| AsmError {
                        span: s,
                        message: format!("unknown number format '{part}'"),
                    })?;
                } else if let Some(i) = DFMT.iter().position(|n| *n == u && u != "INVALID") {
                    d = i as u32;
                } else if let Some(i) = nfmt_index(gen, &u) {
                    nf = i;
                } else {
                    return err(s, format!("unknown format '{part}'"));
                }
            }
        }
        if let Some((x, _)) = modval(p, "dfmt")? {
            d = x as u32 & 15;
        }
        if let Some((x, _)) = modval(p, "nfmt")? {
            nf = x as u32 & 7;
        }
        (w.t.dfmt, w.t.nfmt) = (d as u8, nf as u8);
    } else {
        w.t.lds = lds != 0;
    }
    let _ = e;
    Ok(())
}

pub(super) fn mimg(
    gen: Gen,
    e: &Entry,
    fields: &[&Operand],
    p: &Parsed,
    w: &mut W,
    whole: Span,
) -> Result<(), AsmError> {
    check_mods(
        p,
        &[
            "dmask", "unorm", "glc", "slc", "r128", "a16", "tfe", "lwe", "da", "d16",
        ],
    )?;
    let dmask = match p.value("dmask") {
        // CLRX writes dmask in decimal too (`dmask:11`).
        Some((v, s)) => parse_int(v)
            .filter(|x| (0..16).contains(x))
            .ok_or_else(|| AsmError {
                span: s,
                message: "dmask must be 0..15".into(),
            })? as u32,
        None => 0,
    };
    if p.flag("dmask") {
        return err(whole, "dmask needs a value (dmask:0xf)");
    }
    // CLRX's own form (a 4-register resource with r128) follows CLRX's rules (no zero dmask, any atomic dmask).
    let clrx_r128 = p.flag("r128")
        && p.vals.get(2).is_some_and(|(v, _, _)| {
            matches!(
                v,
                Val::Reg {
                    n: 4,
                    vgpr: false,
                    ..
                }
            )
        });
    // llvm-mc: an atomic's dmask is 0x1, 0x3 or 0xf.
    if !clrx_r128 && e.mnemonic.starts_with("image_atomic") && !matches!(dmask, 1 | 3 | 15) {
        return err(whole, "an image atomic's dmask is 0x1, 0x3 or 0xf");
    }
    if clrx_r128 && dmask == 0 && p.value("dmask").is_some() {
        return err(
            whole,
            "a zero dmask is not allowed with a 4-register resource",
        );
    }
    let tfe = p.flag("tfe") as u32;
    let d16 = p.flag("d16") as u32;
    let nd = if clrx_r128 && e.mnemonic.starts_with("image_atomic") {
        // CLRX's form: an atomic's data follows its dmask like a load's.
        dmask.count_ones().max(1) + tfe
    } else {
        crate::gcn::decode::mimg_data_regs(gen, e.mnemonic, dmask, d16 != 0, tfe != 0)
    };
    let mut vals = p.vals.iter();
    for f in fields {
        let Operand::Field { field, n, .. } = **f else {
            continue;
        };
        if matches!(field, Field::Srsrc | Field::Ssamp) {
            continue;
        }
        let Some((v, m, s)) = vals.next() else {
            return err(whole, "missing operands");
        };
        no_mods(m, *s)?;
        match field {
            Field::Vdata => {
                let c = check_reg(
                    v,
                    true,
                    nd as u8,
                    *s,
                    "data (its size follows dmask, tfe and d16)",
                )?;
                w.t.img.vdata = c as u16;
            }
            Field::Vaddr => {
                // llvm-mc accepts a set of address sizes per instruction (extra coordinates).
                let sizes = crate::gcn::asm::clrx::mimg_vaddr_sizes(gen, e.mnemonic);
                let c = match (v, sizes) {
                    (
                        Val::Reg {
                            code,
                            n: rn,
                            vgpr: true,
                            ..
                        },
                        Some(mask),
                    ) if *rn < 32 && mask >> rn & 1 == 1 => code - 256,
                    (_, Some(mask)) if matches!(v, Val::Reg { vgpr: true, .. }) => {
                        let list: Vec<String> = (1..32)
                            .filter(|k| mask >> k & 1 == 1)
                            .map(|k| k.to_string())
                            .collect();
                        return err(
                            *s,
                            format!("the address must be {} registers wide", list.join(", ")),
                        );
                    }
                    _ => check_reg(v, true, n, *s, "address")?,
                };
                w.t.img.vaddr = c as u16;
            }
            _ => {}
        }
    }
    let Some((v, _, s)) = vals.next() else {
        return err(whole, "missing resource operand");
    };
    let c = match v {
        Val::Reg {
            code,
            n: 4,
            vgpr: false,
            ..
        } if p.flag("r128") => *code,
        _ => sreg8(v, 8, *s, "resource (8 registers)")?,
    };
    if c % 4 != 0 {
        return err(*s, "the resource must start at a multiple of 4");
    }
    w.t.img.srsrc = c as u16;
    if !e.must_be_zero(Field::Ssamp) {
        let Some((v, _, s)) = vals.next() else {
            return err(whole, "missing sampler operand");
        };
        let c = sreg8(v, 4, *s, "sampler (4 registers)")?;
        if c % 4 != 0 {
            return err(*s, "the sampler must start at a multiple of 4");
        }
        w.t.img.ssamp = c as u16;
    }
    if vals.next().is_some() {
        return err(whole, "too many operands");
    }
    let g = G::of(gen);
    let m = &mut w.t.img;
    m.dmask = dmask as u8;
    m.unorm = p.flag("unorm");
    m.glc = p.flag("glc");
    m.da = p.flag("da");
    m.tfe = tfe != 0;
    m.lwe = p.flag("lwe");
    m.slc = p.flag("slc");
    // R128 (to gfx8) and A16 (gfx9) are one bit: either name sets the generation's field. D16
    // is gfx8/gfx9's; CLRX's d16 on gfx6/gfx7 sets the same (IGNORED) bit 63.
    let bit15 = p.flag("r128") || p.flag("a16");
    if f::mimg::has_r128(g) {
        m.r128 = bit15;
    } else {
        m.a16 = bit15;
    }
    if f::mimg::has_d16(g) {
        m.d16 = d16 != 0;
    } else {
        w.t.ignored = d16 as u16;
    }
    Ok(())
}

pub(super) fn flat(
    gen: Gen,
    enc: Enc,
    e: &Entry,
    fields: &[&Operand],
    p: &Parsed,
    w: &mut W,
) -> Result<(), AsmError> {
    check_mods(
        p,
        &["offset", "inst_offset", "glc", "slc", "nv", "lds", "tfe"],
    )?;
    // CLRX: `tfe` on gfx7/gfx8 FLAT (one more destination register).
    let g = G::of(gen);
    let tfe = p.flag("tfe");
    if tfe && (!f::flat::has_tfe(g) || enc != Enc::Flat) {
        return err(Span::default(), "tfe exists on gfx7/gfx8 FLAT only");
    }
    let glc = p.flag("glc");
    let lds = p.flag("lds");
    // With lds LLVM writes no destination; CLRX still may (it is encoded).
    let drop_vdst = lds && p.vals.len() < fields.len();
    let is_vdst = |f: &&Operand| {
        matches!(
            f,
            Operand::Field {
                field: Field::Vdst,
                ..
            }
        )
    };
    // (The destination, when there is one, is the first row: then no list is built.)
    let kept: Vec<&Operand>;
    let fields = if !drop_vdst || !fields.iter().any(is_vdst) {
        fields
    } else if fields.first().is_some_and(is_vdst) && !fields[1..].iter().any(is_vdst) {
        &fields[1..]
    } else {
        kept = fields.iter().copied().filter(|f| !is_vdst(f)).collect();
        &kept[..]
    };
    w.t.lds = lds;
    let mut vals: &[(Val, Mods, Span)] = &p.vals;
    // The returned value of an atomic (LLVM: only with glc; CLRX also without).
    if e.mnemonic.contains("_atomic_") && !e.has(Field::Vdst) && vals.len() == fields.len() + 1 {
        let (v, _, s) = &vals[0];
        let (n, _) = e.field(Field::Data).unwrap_or((1, OpType::Int));
        let n = if e.mnemonic.contains("cmpswap") {
            n / 2
        } else {
            n
        };
        w.t.vdst = check_reg(v, true, n + tfe as u8, *s, "returned value")? as u16;
        vals = &vals[1..];
    }
    if vals.len() != fields.len() {
        return err(Span::default(), "wrong number of operands");
    }
    // llvm-mc: glc on an atomic asks for the returned value, which must then be written.
    if glc && e.mnemonic.contains("_atomic_") && !e.has(Field::Vdst) && vals.len() == p.vals.len() {
        return err(
            Span::default(),
            "an atomic with glc needs its returned-value register",
        );
    }
    for (f, (v, m, s)) in fields.iter().zip(vals.iter()) {
        no_mods(m, *s)?;
        match **f {
            Operand::Field { field, n, .. } => match field {
                Field::Saddr => {
                    w.t.saddr = sreg8(v, n, *s, "scalar address")? as u16;
                }
                Field::Addr => w.t.vaddr = check_reg(v, true, n, *s, "address")? as u16,
                Field::Data => w.t.vdata = check_reg(v, true, n, *s, "data")? as u16,
                Field::Vdst => {
                    w.t.vdst = check_reg(v, true, n + tfe as u8, *s, "destination")? as u16
                }
                _ => return err(*s, "unsupported operand"),
            },
            Operand::Text(t) => {
                if !text_ok(t, v) {
                    return err(*s, format!("expected '{t}'"));
                }
            }
        }
    }
    // (GLOBAL/SCRATCH without a scalar address keep `saddr` 0x7f, `off`.)
    // llvm-mc also reads `inst_offset:` as the offset.
    let off = match modval(p, "offset")? {
        Some(x) => Some(x),
        None => modval(p, "inst_offset")?,
    };
    if let Some((o, s)) = off {
        let ok = match enc {
            Enc::Flat => (0..4096).contains(&o) || f::flat::has_offset(g) && (0..8192).contains(&o),
            _ => (-4096..4096).contains(&o),
        };
        if !ok {
            return err(s, "offset out of range");
        }
        // gfx7/gfx8 have no OFFSET: llvm-mc writes it into the bits 12:0 the hardware
        // ignores (the IGNORED row).
        if f::flat::has_offset(g) {
            w.t.offset = o as i32;
        } else {
            w.t.ignored = o as u16;
        }
    }
    w.t.glc = glc;
    w.t.slc = p.flag("slc");
    // NV (gfx9); CLRX's nv on gfx7/gfx8 sets the same bit 55, TFE there.
    let nv = p.flag("nv");
    w.t.nv = nv && f::flat::has_nv(g);
    w.t.tfe = tfe || nv && !f::flat::has_nv(g);
    Ok(())
}

pub(super) fn vintrp(
    e: &Entry,
    fields: &[&Operand],
    p: &Parsed,
    w: &mut W,
) -> Result<(), AsmError> {
    check_mods(p, &[])?;
    for (f, (v, m, s)) in fields.iter().zip(p.vals.iter()) {
        no_mods(m, *s)?;
        match **f {
            Operand::Field {
                field: Field::Vdst, ..
            } => w.t.vdst = check_reg(v, true, 1, *s, "destination")? as u16,
            Operand::Field {
                field: Field::Vsrc, ..
            } => w.t.vaddr = check_reg(v, true, 1, *s, "source")? as u16,
            Operand::Text(t) if t.starts_with("attr") => {
                let (n, c) = attr_chan(v, *s)?;
                (w.t.attr, w.t.attrchan) = (n as u8, c as u8);
            }
            Operand::Text(_) => {
                let Val::Ident(a) = v else {
                    return err(*s, "expected p10, p20 or p0");
                };
                let c = match &**a {
                    "p10" => 0,
                    "p20" => 1,
                    "p0" => 2,
                    _ => return err(*s, "expected p10, p20 or p0"),
                };
                // (v_interp_mov's parameter in VSRC.)
                w.t.vaddr = c;
            }
            _ => return err(*s, "unsupported operand"),
        }
    }
    let _ = e;
    Ok(())
}

/// `exp TARGET SRC0, SRC1, SRC2, SRC3 [done] [compr] [vm]` (sources `vN` or `off`).
pub fn exp(gen: Gen, p: &Parsed, whole: Span) -> Result<Encoded, AsmError> {
    check_mods(p, &["done", "compr", "vm"])?;
    if p.vals.len() != 5 {
        return err(whole, "exp takes a target and 4 sources");
    }
    let (tv, _, ts) = &p.vals[0];
    let t = match tv {
        Val::Ident(t) => &**t,
        _ => {
            return err(
                *ts,
                "expected an export target (mrt0, pos0, param0, mrtz, null)",
            )
        }
    };
    let num = |pre: &str, max: u32| {
        t.strip_prefix(pre)
            .and_then(|x| x.parse::<u32>().ok())
            .filter(|x| *x <= max)
    };
    let tgt = if t == "mrtz" {
        8
    } else if t == "null" {
        9
    } else if let Some(n) = num("mrt", 7) {
        n
    } else if let Some(n) = num("pos", 3) {
        12 + n
    } else if let Some(n) = num("param", 31) {
        32 + n
    } else if let Some(n) = num("invalid_target_", 63) {
        n
    } else {
        return err(*ts, format!("unknown export target '{t}'"));
    };
    crate::gcn::asm_check::exp_target(tgt, *ts)?;
    let compr = p.flag("compr");
    let mut x = ExpFields {
        target: tgt as u8,
        compr,
        done: p.flag("done"),
        vm: p.flag("vm"),
        ..ExpFields::default()
    };
    for i in 0..4 {
        let (v, m, s) = &p.vals[i + 1];
        no_mods(m, *s)?;
        match v {
            Val::Ident(o) if o == "off" => {}
            _ => {
                let c = check_reg(v, true, 1, *s, "export source")?;
                if !compr {
                    x.en |= 1 << i;
                    x.vsrc[i] = c as u8;
                } else if i % 2 == 0 {
                    // Compressed: the first of each pair names the register holding both halves
                    // (as llvm-mc reads it, in VSRC0/VSRC1; the second of the pair is not encoded).
                    x.en |= 3 << i;
                    x.vsrc[i / 2] = c as u8;
                }
            }
        }
    }
    let mut t = TInst::blank(crate::op::Op::EXP, Enc::Exp, gen, 2, [0; 3]);
    t.exp = x;
    let (words, len) = encode(&t).map_err(|er| AsmError {
        span: whole,
        message: er.to_string(),
    })?;
    Ok(Encoded {
        words: Words::new(&words[..len]),
        enc: Enc::Exp,
        label: None,
    })
}

pub(super) fn smrd(gen: Gen, fields: &[&Operand], p: &Parsed, w: &mut W) -> Result<(), AsmError> {
    check_mods(p, &[])?;
    // Without an offset operand (s_memtime, s_dcache_inv): IMM 0, OFFSET 0.
    w.t.soffset_reg = true;
    if p.vals.len() != fields.len() {
        return err(
            p.vals.last().map_or(Span::default(), |x| x.2),
            "wrong number of operands",
        );
    }
    for (f, (v, m, s)) in fields.iter().zip(p.vals.iter()) {
        no_mods(m, *s)?;
        let Operand::Field { field, n, .. } = **f else {
            continue;
        };
        match field {
            Field::Sdata => w.t.sdst = smem_data(v, n, *s)? as u16,
            Field::Sbase => {
                let c = sreg8(v, n, *s, "base")?;
                if c % 2 != 0 {
                    return err(*s, "the base must be an even register");
                }
                w.t.sbase = c as u16;
            }
            Field::Offset => match v {
                // (In dwords; `offset` counts bytes.)
                Val::Int(i) if (0..256).contains(i) => {
                    (w.t.soffset_reg, w.t.offset) = (false, *i as i32 * 4);
                }
                Val::Int(i)
                    if gen.facts().smrd_literal_offset && (0..=u32::MAX as i64).contains(i) =>
                {
                    // gfx7: a 32-bit literal offset.
                    (w.t.soffset_reg, w.t.offset) = (false, *i as u32 as i32);
                    w.lit = Some(*i as u32);
                }
                Val::Int(_) => return err(*s, "the offset must be 0..255 dwords"),
                _ => {
                    w.t.soffset_reg = true;
                    w.t.soffset = sreg8(v, 1, *s, "offset register")? as u16;
                }
            },
            _ => return err(*s, "unsupported operand"),
        }
    }
    Ok(())
}

/// An interpolation attribute `attrN.c` (any case, CLRX writes `ATTR26.W`): N (0..63) and the
/// channel (x, y, z, w = 0..3).
pub(super) fn attr_chan(v: &Val, s: Span) -> Result<(u32, u32), AsmError> {
    let Val::Ident(a) = v else {
        return err(s, "expected attrN.x");
    };
    let Some((num, ch)) = strip_prefix_ci(a, "attr").and_then(|x| x.split_once('.')) else {
        return err(s, "expected attrN.x");
    };
    let n = num
        .parse::<u32>()
        .ok()
        .filter(|x| *x < 64)
        .ok_or_else(|| AsmError {
            span: s,
            message: "attribute must be 0..63".into(),
        })?;
    let c = ["x", "y", "z", "w"]
        .iter()
        .position(|x| x.eq_ignore_ascii_case(ch))
        .ok_or_else(|| AsmError {
            span: s,
            message: "channel must be x, y, z or w".into(),
        })?;
    Ok((n, c as u32))
}
