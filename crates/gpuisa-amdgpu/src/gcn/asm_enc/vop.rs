//! The VALU encoders: VOP1/VOP2/VOPC (32-bit), VOP3 (with the interpolation and lane forms) and
//! VOP3P.

#[allow(unused_imports)]
use super::*;

pub(super) fn vop_e32(
    gen: Gen,
    enc: Enc,
    e: &Entry,
    fields: &[&Operand],
    p: &Parsed,
    w: &mut W,
) -> Result<(), AsmError> {
    check_mods(p, &[])?;
    for (f, (v, m, s)) in fields.iter().zip(p.vals.iter()) {
        no_mods(m, *s)?;
        match **f {
            Operand::Field { field, n, ty } => match field {
                Field::Vdst => {
                    if e.mnemonic.starts_with("v_readfirstlane")
                        || enc == Enc::Vop2 && e.mnemonic == "v_readlane_b32"
                    {
                        w.t.vdst = sreg32_dst(v, *s)? as u16;
                    } else {
                        w.t.vdst = check_reg(v, true, n, *s, "destination")? as u16;
                    }
                }
                Field::Src0 => {
                    if let Val::Reg {
                        n: rn, any_width, ..
                    } = v
                    {
                        if *rn != n as u32 && !any_width {
                            return err(*s, format!("operand must be {n} register(s) wide"));
                        }
                    }
                    let c = encode_src(gen, v, n, ty, &mut w.lit, true).map_err(|m| AsmError {
                        span: *s,
                        message: m,
                    })?;
                    w.t.src[0] = c as u16;
                }
                // gfx6/gfx7 VOP2 v_readlane/v_writelane: the lane select is an 8-bit scalar
                // operand (SGPR, m0, inline constant).
                Field::Vsrc1 if enc == Enc::Vop2 && e.mnemonic.ends_with("lane_b32") => {
                    let mut lit = None;
                    let c = encode_src(gen, v, 1, OpType::Int, &mut lit, true).map_err(|m| {
                        AsmError {
                            span: *s,
                            message: m,
                        }
                    })?;
                    if c >= 254 || lit.is_some() {
                        return err(
                            *s,
                            "the lane select is a scalar register or inline constant",
                        );
                    }
                    // (An SGPR code in the VSRC1 field.)
                    w.t.src[1] = c as u16;
                }
                Field::Vsrc1 => {
                    // CLRX writes v_cmp_class_f64's 32-bit class mask as a register pair.
                    let n = match v {
                        Val::Reg { n: 2, .. } if e.mnemonic.contains("class_f64") => 2,
                        _ => n,
                    };
                    let c = check_reg(v, true, n, *s, "second source")?;
                    w.t.src[1] = 256 + c as u16;
                }
                Field::K => {
                    let l = match v {
                        // A 16-bit K (v_madmk_f16 ...) is any 16-bit value, kept as its bits.
                        Val::Int(i) if ty.is_16() => match *i {
                            -0x8000..=0xffff => u32::from(*i as u16),
                            _ => return err(*s, "invalid operand for instruction"),
                        },
                        Val::Int(i) => *i as u32,
                        Val::Float(f) if ty.is_16() => crate::gcn::asm::f16_bits(*f) as u32,
                        Val::Float(f) => (*f as f32).to_bits(),
                        _ => return err(*s, "expected a constant"),
                    };
                    // The same value may be written twice (src0 and K share the literal).
                    if w.lit.is_some_and(|x| x != l) {
                        return err(*s, "only one literal constant is allowed");
                    }
                    w.lit = Some(l);
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
    // gfx6/gfx7 VOP2 v_writelane_b32: the value (a scalar register or a literal) and the lane
    // select share the constant bus (m0 as the lane select is free), as in the gfx8/gfx9 VOP3
    // form: llvm-mc-19 refuses `v_writelane_b32 v1, 0x1234, s2` and takes `..., 0x1234, m0`.
    if enc == Enc::Vop2 && e.id == crate::op::Op::V_WRITELANE_B32 {
        let (src0, lane) = (w.t.src[0] as u32, w.t.src[1] as u32);
        if (on_bus(src0) || src0 == 255) && on_bus(lane) && lane != 124 && src0 != lane {
            return err(
                p.vals.last().map_or(Span::default(), |x| x.2),
                "more than one scalar operand (the constant bus allows one)",
            );
        }
    }
    // The 32-bit forms that read VCC (v_cndmask, v_addc/subb/subbrev) or carry a K constant
    // (v_madak/madmk/fmaak/fmamk) already use the constant bus: src0 can be neither a scalar
    // register nor (with VCC) a literal, as llvm-mc-19 checks.
    if enc == Enc::Vop2 {
        let src0 = w.t.src[0] as u32;
        let reads_vcc = e.id.facts().reads.has(crate::op::Regs::VCC);
        let has_k = fields.iter().any(|f| {
            matches!(
                f,
                Operand::Field {
                    field: Field::K,
                    ..
                }
            )
        });
        if (reads_vcc || has_k) && on_bus(src0) || reads_vcc && src0 == 255 {
            let at = fields.iter().zip(p.vals.iter()).find(|(f, _)| {
                matches!(
                    f,
                    Operand::Field {
                        field: Field::Src0,
                        ..
                    }
                )
            });
            return err(
                at.map_or(Span::default(), |x| x.1 .2),
                "invalid operand (violates constant bus restrictions)",
            );
        }
    }
    Ok(())
}

/// The SGPR destination of v_readlane/v_readfirstlane (LLVM's SReg_32): a scalar register, or
/// vccz/execz/scc and pops_exiting_wave_id (gfx9).
pub(super) fn sreg32_dst(v: &Val, s: Span) -> Result<u32, AsmError> {
    match v {
        Val::Reg {
            code: code @ (239 | 251..=253),
            n: 1,
            vgpr: false,
            ..
        } => Ok(*code),
        _ => sreg8(v, 1, s, "destination"),
    }
}

// ------------------------------------------------------------ VOP3 / VOP3P

/// CLRX's `neg:mask`/`abs:mask` (a number or a list like `[0,1]`): one bit per source.
pub(super) fn srcmask(p: &Parsed, name: &str) -> Result<u32, AsmError> {
    match p.value(name) {
        None => Ok(0),
        Some((v, s)) => match parse_int(v) {
            Some(x) if (0..8).contains(&x) => Ok(x as u32),
            Some(_) => err(s, format!("'{name}:' is a mask of 3 bits")),
            None => Ok(bitlist(p, name)?.unwrap_or(0)),
        },
    }
}

/// gfx8/gfx9 VOP3 interpolation: `vdst, src (or p10/p20/p0), attrN.c[, src2]` with the attribute
/// in the src0 field (`high` is its bit 8).
pub(super) fn vop3_interp(
    gen: Gen,
    e: &Entry,
    p: &Parsed,
    w: &mut W,
    whole: Span,
) -> Result<(), AsmError> {
    check_mods(
        p,
        &[
            "clamp", "mul", "div", "omod", "high", "neg", "abs", "op_sel",
        ],
    )?;
    let three = e
        .operands
        .iter()
        .any(|o| matches!(o, Operand::Text(t) if t.starts_with("v16")));
    let mov = e.mnemonic.starts_with("v_interp_mov");
    if p.vals.len() != 3 + three as usize {
        return err(
            whole,
            format!("'{}' takes {} operands", e.mnemonic, 3 + three as usize),
        );
    }
    let ty = if e.mnemonic.ends_with("f16") {
        OpType::Half
    } else {
        OpType::Float
    };
    let (vd, vm, vs) = &p.vals[0];
    no_mods(vm, *vs)?;
    w.t.vdst = check_reg(vd, true, 1, *vs, "destination")? as u16;
    let src = |i: usize, w: &mut W, k: usize| -> Result<(), AsmError> {
        let (v, m, s) = &p.vals[i];
        let c = encode_src(gen, v, 1, ty, &mut None, false).map_err(|x| AsmError {
            span: *s,
            message: x,
        })?;
        w.t.src[k] = c as u16;
        w.t.neg |= (m.neg as u8) << k;
        w.t.abs |= (m.abs as u8) << k;
        Ok(())
    };
    if mov {
        let (v, m, s) = &p.vals[1];
        no_mods(m, *s)?;
        let c = match v {
            Val::Ident(a) if a.eq_ignore_ascii_case("p10") => 0,
            Val::Ident(a) if a.eq_ignore_ascii_case("p20") => 1,
            Val::Ident(a) if a.eq_ignore_ascii_case("p0") => 2,
            _ => return err(*s, "expected p10, p20 or p0"),
        };
        w.t.src[1] = c;
    } else {
        src(1, w, 1)?;
    }
    let (v, m, s) = &p.vals[2];
    no_mods(m, *s)?;
    let (n, c) = attr_chan(v, *s)?;
    // The attribute in SRC0: number, channel and `high`.
    w.t.src[0] = (n | c << 6 | (p.flag("high") as u32) << 8) as u16;
    if three {
        src(3, w, 2)?;
    }
    w.t.clamp = p.flag("clamp");
    let omod = match (modval(p, "mul")?, modval(p, "div")?, modval(p, "omod")?) {
        (Some((2, _)), None, None) => 1,
        (Some((4, _)), None, None) => 2,
        (None, Some((2, _)), None) => 3,
        (None, None, Some((o, _))) if (0..4).contains(&o) => o as u8,
        (None, None, None) => 0,
        _ => return err(whole, "output modifier must be mul:2, mul:4 or div:2"),
    };
    w.t.omod = omod;
    w.t.neg |= srcmask(p, "neg")? as u8;
    w.t.abs |= srcmask(p, "abs")? as u8;
    if let Some(b) = bitlist(p, "op_sel")? {
        if !f::vop3::has_opsel(G::of(gen)) {
            return err(whole, "op_sel needs gfx9");
        }
        w.t.opsel = b as u8;
    }
    Ok(())
}

pub(super) fn vop3(
    gen: Gen,
    e: &Entry,
    fields: &[&Operand],
    p: &Parsed,
    w: &mut W,
) -> Result<(), AsmError> {
    check_mods(p, &["clamp", "mul", "div", "op_sel", "neg", "abs", "omod"])?;
    let vop3b = fields.iter().any(|f| {
        matches!(
            f,
            Operand::Field {
                field: Field::Sdst,
                ..
            }
        )
    });
    let mut any_float = false;
    let is_cmp = e.mnemonic.starts_with("v_cmp")
        || e.mnemonic.starts_with("v_readlane")
        || e.mnemonic.starts_with("v_readfirstlane");
    for (f, (v, m, s)) in fields.iter().zip(p.vals.iter()) {
        match **f {
            Operand::Field { field, n, ty } => match field {
                Field::Vdst => {
                    no_mods(m, *s)?;
                    if ty.is_float() {
                        any_float = true;
                    }
                    let c = match v {
                        Val::Reg {
                            code, vgpr: false, ..
                        } if is_cmp && (235..=253).contains(code) => *code,
                        _ if is_cmp => sreg8(v, n, *s, "destination")?,
                        _ => check_reg(v, true, n, *s, "destination")?,
                    };
                    w.t.vdst = c as u16;
                }
                Field::Sdst => {
                    no_mods(m, *s)?;
                    w.t.sdst = sreg8(v, n, *s, "carry destination")? as u16;
                }
                Field::Src0 | Field::Src1 | Field::Src2 => {
                    let i: usize = match field {
                        Field::Src0 => 0,
                        Field::Src1 => 1,
                        _ => 2,
                    };
                    if let Val::Reg {
                        n: rn,
                        any_width,
                        code,
                        ..
                    } = v
                    {
                        let clrx_class = i == 1 && *rn == 2 && e.mnemonic.contains("class_f64");
                        if *rn != n as u32 && !any_width && !clrx_class {
                            return err(*s, format!("operand must be {n} register(s) wide"));
                        }
                        if *code == 254 && i > 0 {
                            return err(*s, "lds_direct may be used as src0 only");
                        }
                    }
                    let c = encode_src(gen, v, n, ty, &mut w.lit, false).map_err(|m| AsmError {
                        span: *s,
                        message: m,
                    })?;
                    w.t.src[i] = c as u16;
                    if m.abs && vop3b {
                        return err(*s, "abs() is not available with a carry destination");
                    }
                    if ty.is_float() || e.mnemonic.starts_with("v_cndmask") {
                        any_float |= ty.is_float();
                        w.t.neg |= (m.neg as u8) << i;
                        w.t.abs |= (m.abs as u8) << i;
                    } else {
                        // LLVM has no neg/abs on integer operands; CLRX sets the bits anyway
                        // (abs only where the bits are not a carry destination, VOP3b).
                        if m.abs && vop3b {
                            return err(*s, "abs() is not available with a carry destination");
                        }
                        w.t.neg |= (m.neg as u8) << i;
                        w.t.abs |= (m.abs as u8) << i;
                    }
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
    // The constant bus (gfx6-9): one scalar value per instruction, the same one read twice
    // counting once; v_div_fmas reads vcc too.
    let reads = fields
        .iter()
        .zip(p.vals.iter())
        .filter_map(|(f, (v, _, _))| match (f, v) {
            (
                Operand::Field {
                    field: Field::Src0 | Field::Src1 | Field::Src2,
                    ..
                },
                Val::Reg {
                    code, vgpr: false, ..
                },
            ) if on_bus(*code) => Some(*code),
            _ => None,
        });
    let vcc = e.mnemonic.starts_with("v_div_fmas").then_some(106);
    let mut reads = reads.chain(vcc);
    if let Some(first) = reads.next() {
        if reads.any(|c| c != first) {
            return err(
                p.vals.last().map_or(Span::default(), |x| x.2),
                "more than one scalar operand (the constant bus allows one)",
            );
        }
    }
    if p.flag("clamp") {
        // gfx6/gfx7 VOP3b: the clamp bit lies in the carry destination. llvm-mc rejects it on
        // the integer ones ("integer clamping is not supported") and drops it on v_div_scale.
        let int_only = !any_float
            && fields.iter().all(|f| match f {
                Operand::Field { ty, .. } => !ty.is_float(),
                _ => true,
            });
        if vop3b && clamp_in_sdst(G::of(gen)) {
            if int_only {
                return err(Span::default(), "integer clamping needs gfx8");
            }
        } else {
            w.t.clamp = true;
        }
    }
    // mul:/div: (CLRX: with both, the later one wins).
    let last_omod = p
        .mods
        .iter()
        .rev()
        .find(|(k, v, _)| (k == "mul" || k == "div") && v.is_some());
    let omod = match last_omod.map(|(k, v, s)| (&**k, v.as_deref().and_then(parse_int), *s)) {
        Some(("mul", Some(2), _)) => 1,
        Some(("mul", Some(4), _)) => 2,
        Some(("div", Some(2), _)) => 3,
        None => 0,
        Some((_, _, s)) => return err(s, "output modifier must be mul:2, mul:4 or div:2"),
    };
    if omod != 0 && !any_float {
        return err(Span::default(), "output modifiers need a float instruction");
    }
    w.t.omod = omod;
    // CLRX: `omod:N` (the raw field), `neg:mask`, `abs:mask`.
    if let Some((o, s)) = modval(p, "omod")? {
        if !(0..4).contains(&o) || omod != 0 {
            return err(s, "omod is 0..3 (and not with mul:/div:)");
        }
        w.t.omod = o as u8;
    }
    w.t.neg |= srcmask(p, "neg")? as u8;
    let abs = srcmask(p, "abs")?;
    if abs != 0 && vop3b {
        return err(
            Span::default(),
            "abs is not available with a carry destination",
        );
    }
    w.t.abs |= abs as u8;
    if let Some(b) = bitlist(p, "op_sel")? {
        // The op_sel bits lie in a VOP3b carry destination (llvm-mc takes op_sel only on
        // 16-bit instructions; CLRX on any VOP3a one).
        if vop3b {
            return err(
                p.value("op_sel").map_or(Span::default(), |x| x.1),
                "no op_sel with a carry destination",
            );
        }
        let nsrc = fields
            .iter()
            .filter(|f| {
                matches!(
                    f,
                    Operand::Field {
                        field: Field::Src0 | Field::Src1 | Field::Src2,
                        ..
                    }
                )
            })
            .count() as u32;
        let dst = b >> nsrc & 1;
        w.t.opsel = (b & ((1 << nsrc) - 1) | dst << 3) as u8;
    }
    Ok(())
}

/// Whether VOP3's CLAMP bit lies inside VOP3b's SDST (gfx6/gfx7 layouts), from the data.
fn clamp_in_sdst(g: G) -> bool {
    let (mut c, mut d) = ([0u32; 2], [0u32; 2]);
    let _ = f::vop3::set_clamp(g, &mut c, 1);
    let _ = f::vop3::set_sdst(g, &mut d, 0x7f);
    c[0] & d[0] != 0
}

pub(super) fn vop3p(
    gen: Gen,
    e: &Entry,
    fields: &[&Operand],
    p: &Parsed,
    w: &mut W,
) -> Result<(), AsmError> {
    check_mods(p, &["clamp", "op_sel", "op_sel_hi", "neg_lo", "neg_hi"])?;
    let mix = e.mnemonic.starts_with("v_mad_mix") || e.mnemonic.starts_with("v_fma_mix");
    let mut nsrc = 0u32;
    let (mut neg, mut abs) = (0u32, 0u32);
    // The constant bus: one scalar value (the same register twice counts once).
    let mut scalar = None;
    for (f, (v, m, s)) in fields.iter().zip(p.vals.iter()) {
        if let Operand::Field { field, n, ty } = **f {
            match field {
                Field::Vdst => {
                    no_mods(m, *s)?;
                    w.t.vdst = check_reg(v, true, n, *s, "destination")? as u16;
                }
                Field::Src0 | Field::Src1 | Field::Src2 => {
                    let i = nsrc;
                    nsrc += 1;
                    // CLRX: `-x` on a packed source sets its neg_lo bit (llvm-mc rejects it).
                    if !mix && (m.abs || m.sext) {
                        return err(*s, "operand modifiers are not allowed here");
                    }
                    neg |= (m.neg as u32) << i;
                    abs |= (m.abs as u32) << i;
                    let c = encode_src(gen, v, n, ty, &mut w.lit, false).map_err(|m| AsmError {
                        span: *s,
                        message: m,
                    })?;
                    if on_bus(c) {
                        if scalar.is_some_and(|x| x != c) {
                            return err(*s, "invalid operand (violates constant bus restrictions)");
                        }
                        scalar = Some(c);
                    }
                    if let Some(x) = w.t.src.get_mut(i as usize) {
                        *x = c as u16;
                    }
                }
                _ => return err(*s, "unsupported operand"),
            }
        }
    }
    let opsel = bitlist(p, "op_sel")?.unwrap_or(0);
    let hi_default = if mix { 0 } else { (1 << nsrc) - 1 } | if mix { 0 } else { 4 };
    let opsel_hi =
        bitlist(p, "op_sel_hi")?.map_or(hi_default, |x| x | if nsrc < 3 && !mix { 4 } else { 0 });
    let neg_lo = bitlist(p, "neg_lo")?.unwrap_or(0) | neg;
    let neg_hi = bitlist(p, "neg_hi")?.unwrap_or(0) | abs;
    // (Each list is as wide as its field: three sources.)
    w.t.opsel = (opsel & 7) as u8;
    w.t.opsel_hi = (opsel_hi & 7) as u8;
    w.t.neg = (neg_lo & 7) as u8;
    w.t.neg_hi = (neg_hi & 7) as u8;
    w.t.clamp = p.flag("clamp");
    Ok(())
}

// ------------------------------------------------------------ memory

/// A VGPR operand's place in the typed instruction.
#[derive(Clone, Copy)]
pub(super) enum Slot {
    Vaddr,
    Vdata,
    Data1,
    Vdst,
}

/// The VGPR operands of a memory instruction, each into its [`Slot`].
pub(super) fn vregs(
    fields: &[&Operand],
    p: &Parsed,
    w: &mut W,
    place: &dyn Fn(Field) -> Option<Slot>,
) -> Result<(), AsmError> {
    for (f, (v, m, s)) in fields.iter().zip(p.vals.iter()) {
        no_mods(m, *s)?;
        match **f {
            Operand::Field { field, n, .. } => {
                let Some(slot) = place(field) else {
                    return err(*s, "unsupported operand");
                };
                let c = check_reg(v, true, n, *s, "operand")? as u16;
                match slot {
                    Slot::Vaddr => w.t.vaddr = c,
                    Slot::Vdata => w.t.vdata = c,
                    Slot::Data1 => w.t.data1 = c,
                    Slot::Vdst => w.t.vdst = c,
                }
            }
            Operand::Text(t) => {
                if !text_ok(t, v) {
                    return err(*s, format!("expected '{t}'"));
                }
            }
        }
    }
    Ok(())
}

/// Whether a scalar source code is read over the constant bus (gfx6-9, as llvm-mc-19 counts):
/// SGPRs and the special registers (vcc, m0, exec ...), the gfx9 apertures and
/// pops_exiting_wave_id, and vccz/execz/scc; constants and lds_direct are not.
pub(super) fn on_bus(code: u32) -> bool {
    code < 128 || (235..=239).contains(&code) || (251..=253).contains(&code)
}

/// gfx8/gfx9 `v_readlane_b32 sdst, vsrc, lane` and `v_writelane_b32 vdst, ssrc, lane` (VOP3 only;
/// the lane is a scalar register or a constant: CLRX also takes a VGPR there, llvm-mc-19 does not,
/// and neither does gpuisa, `asm_check::operand_classes`).
pub fn lane(gen: Gen, e: &'static Entry, p: &Parsed, whole: Span) -> Result<Encoded, AsmError> {
    check_mods(p, &[])?;
    if p.vals.len() != 3 {
        return err(whole, format!("'{}' takes 3 operands", e.mnemonic));
    }
    for (_, m, s) in &p.vals {
        no_mods(m, *s)?;
    }
    let read = e.mnemonic.starts_with("v_readlane");
    let mut t = TInst::blank(e.id, Enc::Vop3, gen, 2, [0; 3]);
    t.entry = Some(e);
    let (d, ds) = (&p.vals[0].0, p.vals[0].2);
    let dst = if read {
        sreg32_dst(d, ds)?
    } else {
        check_reg(d, true, 1, ds, "destination")?
    };
    t.vdst = dst as u16;
    let (v, _, s) = &p.vals[1];
    let src0 = match v {
        // readlane reads a VGPR or lds_direct (VRegOrLds_32).
        Val::Reg { code: 254, .. } if read => 254,
        _ if read => check_reg(v, true, 1, *s, "source")? + 256,
        _ => encode_src(gen, v, 1, OpType::Int, &mut None, false).map_err(|m| AsmError {
            span: *s,
            message: m,
        })?,
    };
    let (l, _, ls) = &p.vals[2];
    let lane = encode_src(gen, l, 1, OpType::Int, &mut None, false).map_err(|m| AsmError {
        span: *ls,
        message: m,
    })?;
    if lane == 254 || src0 == 254 && !read {
        return err(
            if lane == 254 { *ls } else { *s },
            "lds_direct is only a readlane source",
        );
    }
    // Constant bus: writelane's value and lane select count as one scalar read each (the same
    // one once), except m0 as the lane select (llvm-mc-19 takes `v_writelane_b32 v5, s1, m0`,
    // not `v_writelane_b32 v5, m0, s2`).
    if !read && on_bus(src0) && on_bus(lane) && lane != 124 && src0 != lane {
        return err(
            *ls,
            "more than one scalar operand (the constant bus allows one)",
        );
    }
    t.src[0] = src0 as u16;
    t.src[1] = lane as u16;
    let (words, len) = encode(&t).map_err(|er| AsmError {
        span: whole,
        message: er.to_string(),
    })?;
    let words = Words::new(&words[..len]);
    crate::gcn::asm_check::operand_classes(gen, Enc::Vop3, e, p, &words, whole)?;
    Ok(Encoded {
        words,
        enc: Enc::Vop3,
        label: None,
    })
}
