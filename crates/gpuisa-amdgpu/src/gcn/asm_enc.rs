//! The assembler's encoders, one per encoding: the inverse of `decode.rs`, driven by the same
//! table entries (which operand goes in which field, with what size).

use super::asm::parse::{parse_int, Mods, Parsed, Val};
use super::asm::{
    ascii_upper_in, check_reg, encode_src, strip_prefix_ci, AsmError, Encoded, Words,
};
use super::operand::OpType;
use super::table::{Entry, Field, ImmKind, Operand};
use super::{Enc, Gen};
use gpuisa_core::Span;

fn err<T>(span: Span, msg: impl Into<String>) -> Result<T, AsmError> {
    Err(AsmError {
        span,
        message: msg.into(),
    })
}

struct W {
    w: [u32; 2],
    lit: Option<u32>,
    label: Option<(String, Span)>,
}

impl W {
    fn set(&mut self, dw: usize, lo: u32, width: u32, v: u32) {
        let m = if width == 32 {
            u32::MAX
        } else {
            (1 << width) - 1
        };
        self.w[dw] = (self.w[dw] & !(m << lo)) | ((v & m) << lo);
    }
}

fn prefix(gen: Gen, enc: Enc, op: u32) -> (u32, usize) {
    let old = gen <= Gen::Gfx7;
    match enc {
        Enc::Sop2 => (0x8000_0000 | op << 23, 1),
        Enc::Sopk => (0xB000_0000 | op << 23, 1),
        Enc::Sop1 => (0xBE80_0000 | op << 8, 1),
        Enc::Sopc => (0xBF00_0000 | op << 16, 1),
        Enc::Sopp => (0xBF80_0000 | op << 16, 1),
        Enc::Smem => (0xC000_0000 | op << 18, 2),
        Enc::Smrd => (0xC000_0000 | op << 22, 1),
        Enc::Vop2 => (op << 25, 1),
        Enc::Vop1 => (0x7E00_0000 | op << 9, 1),
        Enc::Vopc => (0x7C00_0000 | op << 17, 1),
        Enc::Vop3 if old => (0xD000_0000 | op << 17, 2),
        Enc::Vop3 => (0xD000_0000 | op << 16, 2),
        Enc::Vop3p => (0xD380_0000 | op << 16, 2),
        Enc::Vintrp if old => (0xC800_0000 | op << 16, 1),
        Enc::Vintrp => (0xD400_0000 | op << 16, 1),
        Enc::Ds if old => (0xD800_0000 | op << 18, 2),
        Enc::Ds => (0xD800_0000 | op << 17, 2),
        Enc::Mubuf => (0xE000_0000 | op << 18, 2),
        Enc::Mtbuf if old => (0xE800_0000 | op << 16, 2),
        Enc::Mtbuf => (0xE800_0000 | op << 15, 2),
        Enc::Mimg => (0xF000_0000 | op << 18, 2),
        Enc::Flat => (0xDC00_0000 | op << 18, 2),
        Enc::Scratch | Enc::ScratchSaddr => (0xDC00_4000 | op << 18, 2),
        Enc::Global | Enc::GlobalSaddr => (0xDC00_8000 | op << 18, 2),
        Enc::Exp if old => (0xF800_0000, 2),
        Enc::Exp => (0xC400_0000, 2),
    }
}

fn int_of(v: &Val, span: Span) -> Result<i64, AsmError> {
    match v {
        Val::Int(i) => Ok(*i),
        _ => err(span, "expected an integer"),
    }
}

fn modval(p: &Parsed, name: &str) -> Result<Option<(i64, Span)>, AsmError> {
    match p.value(name) {
        Some((v, s)) => match parse_int(v) {
            Some(i) => Ok(Some((i, s))),
            None => err(s, format!("'{name}:' needs an integer")),
        },
        None => Ok(None),
    }
}

/// `name:[a,b,c]` bit lists (op_sel, neg_lo, ...).
fn bitlist(p: &Parsed, name: &str) -> Result<Option<u32>, AsmError> {
    let Some((v, s)) = p.value(name) else {
        return Ok(None);
    };
    // CLRX also writes the bits as a number (`op_sel:0xb`).
    if let Some(x) = parse_int(v.trim()) {
        if !(0..16).contains(&x) {
            return err(s, format!("'{name}' is a list like [0,1] or a mask 0..15"));
        }
        return Ok(Some(x as u32));
    }
    let inner = v.trim().strip_prefix('[').and_then(|x| x.strip_suffix(']'));
    let Some(inner) = inner else {
        return err(s, format!("'{name}' takes a list like [0,1]"));
    };
    let mut r = 0u32;
    for (i, b) in inner.split(',').enumerate() {
        match b.trim() {
            "0" => {}
            "1" => r |= 1 << i,
            _ => return err(s, format!("'{name}' entries are 0 or 1")),
        }
    }
    Ok(Some(r))
}

fn check_mods(p: &Parsed, allowed: &[&str]) -> Result<(), AsmError> {
    // Modifiers that need a value (`mul:2`, `offset:16`); a bare `mul` is an error.
    const VALUED: [&str; 20] = [
        "mul",
        "div",
        "offset",
        "offset0",
        "offset1",
        "dmask",
        "op_sel",
        "op_sel_hi",
        "neg_lo",
        "neg_hi",
        "omod",
        "format",
        "dfmt",
        "nfmt",
        "inst_offset",
        "dst_sel",
        "src0_sel",
        "src1_sel",
        "quad_perm",
        "row_mask",
    ];
    for (k, v, s) in &p.mods {
        if !allowed.contains(&&**k) {
            return err(*s, format!("modifier '{k}' is not valid here"));
        }
        if v.is_none() && VALUED.contains(&&**k) {
            return err(*s, format!("'{k}' needs a value ({k}:...)"));
        }
    }
    Ok(())
}

pub fn encode_entry(
    gen: Gen,
    enc: Enc,
    e: &Entry,
    fields: &[&Operand],
    p: &Parsed,
    whole: Span,
) -> Result<Encoded, AsmError> {
    let (w0, n) = prefix(gen, enc, e.op as u32);
    let mut w = W {
        w: [w0, 0],
        lit: None,
        label: None,
    };
    match enc {
        Enc::Sop2 | Enc::Sopk | Enc::Sop1 | Enc::Sopc | Enc::Sopp => {
            scalar(gen, enc, e, fields, p, &mut w)?
        }
        Enc::Smem => smem(gen, e, fields, p, &mut w)?,
        Enc::Smrd => smrd(gen, fields, p, &mut w)?,
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc => vop_e32(gen, enc, e, fields, p, &mut w)?,
        Enc::Vop3
            if e.mnemonic.starts_with("v_interp_")
                && e.operands
                    .iter()
                    .any(|o| matches!(o, Operand::Text(t) if t.starts_with("attr"))) =>
        {
            vop3_interp(gen, e, p, &mut w, whole)?
        }
        Enc::Vop3 => vop3(gen, e, fields, p, &mut w)?,
        Enc::Vop3p => vop3p(gen, e, fields, p, &mut w)?,
        Enc::Ds => ds(gen, e, fields, p, &mut w)?,
        Enc::Mubuf | Enc::Mtbuf => buf(gen, enc, e, fields, p, &mut w, whole)?,
        Enc::Mimg => mimg(gen, e, fields, p, &mut w, whole)?,
        Enc::Flat | Enc::Global | Enc::GlobalSaddr | Enc::Scratch | Enc::ScratchSaddr => {
            flat(gen, enc, e, fields, p, &mut w)?
        }
        Enc::Vintrp => vintrp(e, fields, p, &mut w)?,
        Enc::Exp => return err(whole, "exp is not supported by the assembler yet"),
    }
    // llvm-mc-19: lds_direct is no source of the reversed-operand opcodes (v_subrev*, v_subbrev*,
    // v_lshlrev*, v_lshrrev*, v_ashrrev*, v_pk_*rev*), whose src0 is their second operand.
    let src0 = match enc {
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc => Some(w.w[0] & 0x1ff),
        Enc::Vop3 | Enc::Vop3p => Some(w.w[1] & 0x1ff),
        _ => None,
    };
    if src0 == Some(254)
        && ["subrev", "subbrev", "lshlrev", "lshrrev", "ashrrev"]
            .iter()
            .any(|r| e.mnemonic.contains(r))
    {
        let at = p
            .vals
            .iter()
            .find(|x| matches!(x.0, Val::Reg { code: 254, .. }))
            .map_or(whole, |x| x.2);
        return err(at, "lds_direct cannot be used with this instruction");
    }
    let words = if n == 2 {
        Words::new(&w.w)
    } else if let Some(l) = w.lit {
        Words::new(&[w.w[0], l])
    } else {
        Words::new(&w.w[..1])
    };
    Ok(Encoded {
        words,
        enc,
        label: w.label,
    })
}

fn text_ok(t: &str, v: &Val) -> bool {
    match v {
        Val::Ident(s) => s.eq_ignore_ascii_case(t),
        Val::Reg {
            code: 106, n: 2, ..
        } => t == "vcc",
        Val::Reg {
            code: 106, n: 1, ..
        } => t == "vcc_lo",
        _ => false,
    }
}

fn no_mods(m: &Mods, s: Span) -> Result<(), AsmError> {
    if m.neg || m.abs || m.sext {
        return err(s, "operand modifiers are not allowed here");
    }
    Ok(())
}

fn sreg8(v: &Val, n: u8, s: Span, what: &str) -> Result<u32, AsmError> {
    let c = check_reg(v, false, n, s, what)?;
    if c >= 128 {
        return err(s, format!("{what} must be a scalar register"));
    }
    Ok(c)
}

// ------------------------------------------------------------ scalar

fn scalar(
    gen: Gen,
    enc: Enc,
    e: &Entry,
    fields: &[&Operand],
    p: &Parsed,
    w: &mut W,
) -> Result<(), AsmError> {
    let is_waitcnt = matches!(
        fields.first(),
        Some(Operand::Field {
            field: Field::Simm16(ImmKind::Waitcnt),
            ..
        })
    );
    if is_waitcnt && (p.vals.is_empty() || matches!(p.vals[0].0, Val::Ident(_))) {
        // `vmcnt(0) expcnt(0)`, `vmcnt(0) & lgkmcnt(0)` (CLRX and older LLVM write the `&`).
        let mut items: Vec<(&str, Span)> = Vec::new();
        for (v, _, s) in &p.vals {
            if let Val::Ident(t) = v {
                items.push((&**t, *s));
            }
        }
        for (k, _, s) in &p.mods {
            items.push((&**k, *s));
        }
        if items.is_empty() {
            return err(Span::default(), "s_waitcnt needs counters or an immediate");
        }
        let v = waitcnt(gen, &items)?;
        w.set(0, 0, 16, v);
        return Ok(());
    }
    check_mods(p, &[])?;
    if fields.is_empty() && !p.vals.is_empty() {
        return err(p.vals[0].2, format!("'{}' takes no operands", e.mnemonic));
    }
    for (f, (v, m, s)) in fields.iter().zip(p.vals.iter()) {
        no_mods(m, *s)?;
        match **f {
            Operand::Field { field, n, ty } => match field {
                Field::Sdst => {
                    let c = sreg8(v, n, *s, "destination")?;
                    w.set(0, 16, 7, c);
                }
                Field::Ssrc0 | Field::Ssrc1 => {
                    let c = encode_src(gen, v, n, ty, &mut w.lit, true).map_err(|m| AsmError {
                        span: *s,
                        message: m,
                    })?;
                    let c = match v {
                        Val::Reg {
                            n: rn, any_width, ..
                        } if *rn != n as u32 && !any_width => {
                            return err(*s, format!("operand must be {n} register(s) wide"))
                        }
                        _ => c,
                    };
                    if c >= 256 {
                        return err(*s, "scalar instructions cannot read vector registers");
                    }
                    if c == 254 {
                        return err(*s, "lds_direct is a vector instruction source");
                    }
                    w.set(0, if field == Field::Ssrc0 { 0 } else { 8 }, 8, c);
                }
                Field::Simm16(k) => {
                    let val = imm16(gen, k, v, *s, p, w)?;
                    if enc == Enc::Sopc {
                        w.set(0, 8, 8, val);
                    } else {
                        w.set(0, 0, 16, val);
                    }
                }
                Field::K => {
                    let l = match v {
                        Val::Int(i) => *i as u32,
                        Val::Float(f) => (*f as f32).to_bits(),
                        _ => return err(*s, "expected a 32-bit constant"),
                    };
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
    Ok(())
}

fn imm16(gen: Gen, k: ImmKind, v: &Val, s: Span, p: &Parsed, w: &mut W) -> Result<u32, AsmError> {
    let fit = |i: i64| -> Result<u32, AsmError> {
        if !(-32768..=65535).contains(&i) {
            return err(s, format!("{i} does not fit in 16 bits"));
        }
        Ok(i as u32 & 0xffff)
    };
    match (k, v) {
        (_, Val::Int(i)) => fit(*i),
        (ImmKind::Branch, Val::Ident(l)) => {
            w.label = Some((l.to_string(), s));
            Ok(0)
        }
        (ImmKind::Waitcnt, Val::Ident(t)) => {
            let mut items: Vec<(&str, Span)> = vec![(&**t, s)];
            for (k2, _, s2) in &p.mods {
                items.push((&**k2, *s2));
            }
            waitcnt(gen, &items)
        }
        (ImmKind::Hwreg, Val::Ident(t)) => hwreg(gen, t, s),
        (ImmKind::Sendmsg, Val::Ident(t)) => sendmsg(gen, t, s),
        (ImmKind::GprIdx, Val::Ident(t)) => {
            let inner = t.strip_prefix("gpr_idx(").and_then(|x| x.strip_suffix(')'));
            let Some(inner) = inner else {
                return err(s, "expected gpr_idx(...)");
            };
            let mut r = 0;
            for n in inner.split(',').map(str::trim).filter(|x| !x.is_empty()) {
                r |= match n {
                    "SRC0" => 1,
                    "SRC1" => 2,
                    "SRC2" => 4,
                    "DST" => 8,
                    _ => return err(s, format!("unknown gpr_idx mode '{n}'")),
                };
            }
            Ok(r)
        }
        _ => err(s, "expected an immediate"),
    }
}

fn waitcnt(gen: Gen, items: &[(&str, Span)]) -> Result<u32, AsmError> {
    let (mut vm, mut exp, mut lgkm) = (if gen >= Gen::Gfx9 { 63 } else { 15 }, 7u32, 15u32);
    for (t, s) in items {
        for part in t
            .split('&')
            .map(str::trim)
            .filter(|x| !x.is_empty() && *x != ",")
        {
            let (name, rest) = part.split_once('(').ok_or_else(|| AsmError {
                span: *s,
                message: format!("expected a counter like vmcnt(0), found '{part}'"),
            })?;
            let Some(n) = rest.trim_end().strip_suffix(')') else {
                return err(*s, format!("missing ')' in '{part}'"));
            };
            let n = n.trim();
            let Some(v) = parse_int(n) else {
                return err(*s, format!("bad count '{n}'"));
            };
            let v = v as u32;
            match name.trim() {
                "vmcnt" => vm = v,
                "expcnt" => exp = v,
                "lgkmcnt" => lgkm = v,
                o => return err(*s, format!("unknown counter '{o}'")),
            }
        }
    }
    if exp > 7 || lgkm > 15 || vm > if gen >= Gen::Gfx9 { 63 } else { 15 } {
        return err(items[0].1, "counter value too large");
    }
    let mut r = (vm & 0xf) | exp << 4 | lgkm << 8;
    if gen >= Gen::Gfx9 {
        r |= (vm >> 4) << 14;
    }
    Ok(r)
}

fn hwreg(gen: Gen, t: &str, s: Span) -> Result<u32, AsmError> {
    let inner = t.strip_prefix("hwreg(").and_then(|x| x.strip_suffix(')'));
    let Some(inner) = inner else {
        return err(s, "expected hwreg(ID[, OFFSET, SIZE])");
    };
    // The first arguments (at most 3 are valid) and their count.
    let (mut parts, mut n_parts) = ([""; 4], 0);
    for (i, x) in inner.split(',').map(str::trim).enumerate() {
        if let Some(slot) = parts.get_mut(i) {
            *slot = x;
        }
        n_parts = i + 1;
    }
    let names = [
        (1, "HW_REG_MODE"),
        (2, "HW_REG_STATUS"),
        (3, "HW_REG_TRAPSTS"),
        (4, "HW_REG_HW_ID"),
        (5, "HW_REG_GPR_ALLOC"),
        (6, "HW_REG_LDS_ALLOC"),
        (7, "HW_REG_IB_STS"),
        (15, "HW_REG_SH_MEM_BASES"),
        (16, "HW_REG_TBA_LO"),
        (17, "HW_REG_TBA_HI"),
        (18, "HW_REG_TMA_LO"),
        (19, "HW_REG_TMA_HI"),
    ];
    // CLRX writes `hwreg(mode, ...)` and `HWREG_MODE`: compare without prefix and case.
    let bare = |s: &'static str| {
        strip_prefix_ci(s, "HW_REG_")
            .or_else(|| strip_prefix_ci(s, "HWREG_"))
            .unwrap_or(s)
    };
    // CLRX's further names (llvm-mc-19 knows none of them), with the first generation.
    let clrx_names = [
        (8, "PC_LO", Gen::Gfx6),
        (9, "PC_HI", Gen::Gfx6),
        (10, "INST_DW0", Gen::Gfx6),
        (11, "INST_DW1", Gen::Gfx6),
        (12, "IB_DBG0", Gen::Gfx6),
        (12, "DBG0", Gen::Gfx6),
        (13, "IB_DBG1", Gen::Gfx8),
        (14, "FLUSH_IB", Gen::Gfx9),
        (16, "SQ_SHADER_TBA_LO", Gen::Gfx9),
        (17, "SQ_SHADER_TBA_HI", Gen::Gfx9),
        (18, "SQ_SHADER_TMA_LO", Gen::Gfx9),
        (19, "SQ_SHADER_TMA_HI", Gen::Gfx9),
    ];
    // CLRX: `@expr` is a number.
    let p0 = parts[0].strip_prefix('@').unwrap_or(parts[0]);
    let p0_bare = strip_prefix_ci(p0, "HW_REG_")
        .or_else(|| strip_prefix_ci(p0, "HWREG_"))
        .unwrap_or(p0);
    let id = match parse_int(p0) {
        Some(i) => i as u32,
        None => match names
            .iter()
            .find(|(_, n)| bare(n).eq_ignore_ascii_case(p0_bare))
        {
            Some((i, _)) if *i < 15 || gen >= Gen::Gfx9 => *i,
            // (The names are in upper case.)
            _ => match clrx_names
                .iter()
                .find(|(_, n, _)| n.eq_ignore_ascii_case(p0_bare))
            {
                Some((i, _, g)) if gen >= *g => *i,
                _ => return err(s, format!("unknown hardware register '{}'", parts[0])),
            },
        },
    };
    let (off, size) = match n_parts {
        1 => (0, 32),
        3 => match (parse_int(parts[1]), parse_int(parts[2])) {
            (Some(o), Some(z)) => (o as u32, z as u32),
            _ => return err(s, "hwreg offset and size must be integers"),
        },
        _ => return err(s, "hwreg takes 1 or 3 arguments"),
    };
    if id > 63 || off > 31 || !(1..=32).contains(&size) {
        return err(s, "hwreg field out of range");
    }
    Ok(id | off << 6 | (size - 1) << 11)
}

fn sendmsg(gen: Gen, t: &str, s: Span) -> Result<u32, AsmError> {
    let inner = t.strip_prefix("sendmsg(").and_then(|x| x.strip_suffix(')'));
    let Some(inner) = inner else {
        return err(s, "expected sendmsg(MSG[, OP[, STREAM]])");
    };
    let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
    let msgs = [
        ("MSG_INTERRUPT", 1),
        ("MSG_GS", 2),
        ("MSG_GS_DONE", 3),
        ("MSG_SAVEWAVE", 4),
        ("MSG_STALL_WAVE_GEN", 5),
        ("MSG_HALT_WAVES", 6),
        ("MSG_ORDERED_PS_DONE", 7),
        ("MSG_EARLY_PRIM_DEALLOC", 8),
        ("MSG_GS_ALLOC_REQ", 9),
        ("MSG_GET_DOORBELL", 10),
        ("MSG_SYSMSG", 15),
    ];
    let ops = [
        ("GS_OP_NOP", 0),
        ("GS_OP_CUT", 1),
        ("GS_OP_EMIT", 2),
        ("GS_OP_EMIT_CUT", 3),
        ("SYSMSG_OP_ECC_ERR_INTERRUPT", 1),
        ("SYSMSG_OP_REG_RD", 2),
        ("SYSMSG_OP_HOST_TRAP_ACK", 3),
        ("SYSMSG_OP_TTRACE_PC", 4),
    ];
    // CLRX also writes the names without prefix, in any case (`gs`, `emit-cut`, `system`) and
    // `@expr` for a number.
    fn norm(t: &str, prefixes: &[&str]) -> String {
        let u = t.to_ascii_uppercase().replace('-', "_");
        let u = prefixes
            .iter()
            .find_map(|p| u.strip_prefix(p))
            .map(str::to_string)
            .unwrap_or(u);
        if u == "SYSTEM" {
            "SYSMSG".to_string()
        } else {
            u
        }
    }
    let look = |t: &str, tab: &[(&str, u32)], prefixes: &[&str]| {
        let t = t.strip_prefix('@').unwrap_or(t);
        parse_int(t).map(|x| x as u32).or_else(|| {
            tab.iter()
                .find(|(n, _)| *n == t || norm(n, prefixes) == norm(t, prefixes))
                .map(|x| x.1)
        })
    };
    let msg_pre: &[&str] = &["MSG_"];
    let op_pre: &[&str] = &["GS_OP_", "GS_", "SYSMSG_OP_"];
    // Messages by name exist from gfx8 (SAVEWAVE) or gfx9 (the later ones), as in llvm-mc.
    let named_ok = |id: u32| match id {
        4 => gen >= Gen::Gfx8,
        5..=10 => gen >= Gen::Gfx9,
        _ => true,
    };
    let id = look(parts[0], &msgs, msg_pre)
        .filter(|id| parse_int(parts[0].trim_start_matches('@')).is_some() || named_ok(*id))
        .ok_or_else(|| AsmError {
            span: s,
            message: format!("unknown message '{}' for {}", parts[0], gen.name()),
        })?;
    let op = match parts.get(1) {
        Some(o) => look(o, &ops, op_pre).ok_or_else(|| AsmError {
            span: s,
            message: format!("unknown operation '{o}'"),
        })?,
        None => 0,
    };
    let st = match parts.get(2) {
        Some(x) => parse_int(x).ok_or_else(|| AsmError {
            span: s,
            message: "bad stream".into(),
        })? as u32,
        None => 0,
    };
    if id > 15 || op > 7 || st > 3 {
        return err(s, "sendmsg field out of range");
    }
    Ok(id | op << 4 | st << 8)
}

// ------------------------------------------------------------ SMEM

fn smem(gen: Gen, e: &Entry, fields: &[&Operand], p: &Parsed, w: &mut W) -> Result<(), AsmError> {
    check_mods(p, &["glc", "offset", "nv"])?;
    if p.flag("glc") {
        w.set(0, 16, 1, 1);
    }
    // CLRX: the gfx9 `nv` bit (llvm-mc-19 has no such modifier on SMEM).
    if p.flag("nv") {
        if gen < Gen::Gfx9 {
            return err(Span::default(), "nv exists on gfx9 only");
        }
        w.set(0, 15, 1, 1);
    }
    for (f, (v, m, s)) in fields.iter().zip(p.vals.iter()) {
        no_mods(m, *s)?;
        let Operand::Field { field, n, .. } = **f else {
            continue;
        };
        match field {
            Field::Sdata => {
                let c = smem_data(v, n, *s)?;
                w.set(0, 6, 7, c);
            }
            Field::SdataImm => {
                let i = int_of(v, *s)?;
                w.set(0, 6, 7, i as u32);
            }
            Field::Sbase => {
                let c = sreg8(v, n, *s, "base")?;
                if c % 2 != 0 {
                    return err(*s, "the base must be an even register");
                }
                w.set(0, 0, 6, c / 2);
            }
            Field::Offset => match v {
                Val::Int(i) => {
                    let ok = if gen >= Gen::Gfx9 {
                        (-(1 << 20)..(1 << 20)).contains(i)
                    } else {
                        (0..(1 << 20)).contains(i)
                    };
                    if !ok {
                        return err(*s, "offset out of range");
                    }
                    if let Some((_, ms)) = p.value("offset") {
                        return err(ms, "an immediate offset operand and offset: together");
                    }
                    w.set(0, 17, 1, 1);
                    w.set(1, 0, if gen >= Gen::Gfx9 { 21 } else { 20 }, *i as u32);
                }
                Val::Reg { .. } => {
                    let c = sreg8(v, 1, *s, "offset register")?;
                    if let Some((o, _)) = modval(p, "offset")? {
                        w.set(0, 14, 1, 1);
                        w.set(0, 17, 1, 1);
                        w.set(1, 25, 7, c);
                        w.set(1, 0, 21, o as u32);
                    } else {
                        w.set(1, 0, 7, c);
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

fn vop_e32(
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
                        let c = sreg32_dst(v, *s)?;
                        w.set(0, 17, 8, c);
                    } else {
                        let c = check_reg(v, true, n, *s, "destination")?;
                        w.set(0, 17, 8, c);
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
                    w.set(0, 0, 9, c);
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
                    w.set(0, 9, 8, c);
                }
                Field::Vsrc1 => {
                    // CLRX writes v_cmp_class_f64's 32-bit class mask as a register pair.
                    let n = match v {
                        Val::Reg { n: 2, .. } if e.mnemonic.contains("class_f64") => 2,
                        _ => n,
                    };
                    let c = check_reg(v, true, n, *s, "second source")?;
                    w.set(0, 9, 8, c);
                }
                Field::K => {
                    let l = match v {
                        Val::Int(i) => *i as u32,
                        Val::Float(f) if ty.is_16() => super::asm::f16_bits(*f) as u32,
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
    // gfx6/gfx7 VOP2 v_writelane_b32: the value and the lane select share the constant bus
    // (m0 as the lane select is free), as in the gfx8/gfx9 VOP3 form.
    if enc == Enc::Vop2 && e.mnemonic == "v_writelane_b32" {
        let (src0, lane) = (w.w[0] & 0x1ff, w.w[0] >> 9 & 0xff);
        if on_bus(src0) && on_bus(lane) && lane != 124 && src0 != lane {
            return err(
                p.vals.last().map_or(Span::default(), |x| x.2),
                "more than one scalar operand (the constant bus allows one)",
            );
        }
    }
    Ok(())
}

/// The data registers of a scalar memory instruction: SGPRs, vcc, ttmp ..., but not m0 or exec
/// (LLVM's SReg_*_XM0_XEXEC classes; llvm-mc-19 rejects `s_load_dword m0, ...`).
fn smem_data(v: &Val, n: u8, s: Span) -> Result<u32, AsmError> {
    let c = sreg8(v, n, s, "data")?;
    if (c..c + n as u32).any(|r| r == 124 || r == 126 || r == 127) {
        return err(s, "the data registers cannot be m0 or exec");
    }
    Ok(c)
}

/// The SGPR destination of v_readlane/v_readfirstlane (LLVM's SReg_32): a scalar register, or
/// vccz/execz/scc and pops_exiting_wave_id (gfx9).
fn sreg32_dst(v: &Val, s: Span) -> Result<u32, AsmError> {
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
fn srcmask(p: &Parsed, name: &str) -> Result<u32, AsmError> {
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
fn vop3_interp(gen: Gen, e: &Entry, p: &Parsed, w: &mut W, whole: Span) -> Result<(), AsmError> {
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
    w.set(0, 0, 8, check_reg(vd, true, 1, *vs, "destination")?);
    let src = |i: usize, w: &mut W, bit: u32| -> Result<(), AsmError> {
        let (v, m, s) = &p.vals[i];
        let c = encode_src(gen, v, 1, ty, &mut None, false).map_err(|x| AsmError {
            span: *s,
            message: x,
        })?;
        w.set(1, bit, 9, c);
        let k = bit / 9;
        if m.neg {
            w.set(1, 29 + k, 1, 1);
        }
        if m.abs {
            w.set(0, 8 + k, 1, 1);
        }
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
        w.set(1, 9, 9, c);
    } else {
        src(1, w, 9)?;
    }
    let (v, m, s) = &p.vals[2];
    no_mods(m, *s)?;
    let (n, c) = attr_chan(v, *s)?;
    w.set(1, 0, 9, n | c << 6 | (p.flag("high") as u32) << 8);
    if three {
        src(3, w, 18)?;
    }
    if p.flag("clamp") {
        w.set(0, 15, 1, 1);
    }
    let omod = match (modval(p, "mul")?, modval(p, "div")?, modval(p, "omod")?) {
        (Some((2, _)), None, None) => 1,
        (Some((4, _)), None, None) => 2,
        (None, Some((2, _)), None) => 3,
        (None, None, Some((o, _))) if (0..4).contains(&o) => o as u32,
        (None, None, None) => 0,
        _ => return err(whole, "output modifier must be mul:2, mul:4 or div:2"),
    };
    w.set(1, 27, 2, omod);
    w.w[1] |= srcmask(p, "neg")? << 29;
    w.w[0] |= srcmask(p, "abs")? << 8;
    if let Some(b) = bitlist(p, "op_sel")? {
        if gen < Gen::Gfx9 {
            return err(whole, "op_sel needs gfx9");
        }
        w.set(0, 11, 4, b);
    }
    Ok(())
}

fn vop3(gen: Gen, e: &Entry, fields: &[&Operand], p: &Parsed, w: &mut W) -> Result<(), AsmError> {
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
                    w.set(0, 0, 8, c);
                }
                Field::Sdst => {
                    no_mods(m, *s)?;
                    let c = sreg8(v, n, *s, "carry destination")?;
                    w.set(0, 8, 7, c);
                }
                Field::Src0 | Field::Src1 | Field::Src2 => {
                    let i = match field {
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
                    w.set(1, 9 * i, 9, c);
                    if m.abs && vop3b {
                        return err(*s, "abs() is not available with a carry destination");
                    }
                    if ty.is_float() || e.mnemonic.starts_with("v_cndmask") {
                        any_float |= ty.is_float();
                        if m.neg {
                            w.set(1, 29 + i, 1, 1);
                        }
                        if m.abs {
                            w.set(0, 8 + i, 1, 1);
                        }
                    } else {
                        // LLVM has no neg/abs on integer operands; CLRX sets the bits anyway
                        // (abs only where the bits are not a carry destination, VOP3b).
                        if m.abs && vop3b {
                            return err(*s, "abs() is not available with a carry destination");
                        }
                        if m.neg {
                            w.set(1, 29 + i, 1, 1);
                        }
                        if m.abs {
                            w.set(0, 8 + i, 1, 1);
                        }
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
        if gen <= Gen::Gfx7 && vop3b {
            if int_only {
                return err(Span::default(), "integer clamping needs gfx8");
            }
        } else {
            w.set(0, if gen <= Gen::Gfx7 { 11 } else { 15 }, 1, 1);
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
    w.set(1, 27, 2, omod);
    // CLRX: `omod:N` (the raw field), `neg:mask`, `abs:mask`.
    if let Some((o, s)) = modval(p, "omod")? {
        if !(0..4).contains(&o) || omod != 0 {
            return err(s, "omod is 0..3 (and not with mul:/div:)");
        }
        w.set(1, 27, 2, o as u32);
    }
    let neg = srcmask(p, "neg")?;
    w.w[1] |= neg << 29;
    let abs = srcmask(p, "abs")?;
    if abs != 0 && vop3b {
        return err(
            Span::default(),
            "abs is not available with a carry destination",
        );
    }
    w.w[0] |= abs << 8;
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
        w.set(0, 11, 3, b & ((1 << nsrc) - 1));
        w.set(0, 14, 1, dst);
    }
    Ok(())
}

fn vop3p(gen: Gen, e: &Entry, fields: &[&Operand], p: &Parsed, w: &mut W) -> Result<(), AsmError> {
    check_mods(p, &["clamp", "op_sel", "op_sel_hi", "neg_lo", "neg_hi"])?;
    let mix = e.mnemonic.starts_with("v_mad_mix") || e.mnemonic.starts_with("v_fma_mix");
    let mut nsrc = 0u32;
    let (mut neg, mut abs) = (0u32, 0u32);
    for (f, (v, m, s)) in fields.iter().zip(p.vals.iter()) {
        if let Operand::Field { field, n, ty } = **f {
            match field {
                Field::Vdst => {
                    no_mods(m, *s)?;
                    let c = check_reg(v, true, n, *s, "destination")?;
                    w.set(0, 0, 8, c);
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
                    w.set(1, 9 * i, 9, c);
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
    w.set(0, 11, 3, opsel);
    w.set(0, 14, 1, opsel_hi >> 2);
    w.set(1, 27, 2, opsel_hi);
    w.set(1, 29, 3, neg_lo);
    w.set(0, 8, 3, neg_hi);
    if p.flag("clamp") {
        w.set(0, 15, 1, 1);
    }
    Ok(())
}

// ------------------------------------------------------------ memory

fn vregs(
    fields: &[&Operand],
    p: &Parsed,
    w: &mut W,
    place: &dyn Fn(Field) -> Option<(usize, u32)>,
) -> Result<(), AsmError> {
    for (f, (v, m, s)) in fields.iter().zip(p.vals.iter()) {
        no_mods(m, *s)?;
        match **f {
            Operand::Field { field, n, .. } => {
                let Some((dw, lo)) = place(field) else {
                    return err(*s, "unsupported operand");
                };
                let c = check_reg(v, true, n, *s, "operand")?;
                w.set(dw, lo, 8, c);
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

fn ds(gen: Gen, e: &Entry, fields: &[&Operand], p: &Parsed, w: &mut W) -> Result<(), AsmError> {
    check_mods(p, &["offset", "offset0", "offset1", "gds"])?;
    vregs(fields, p, w, &|f| match f {
        Field::Addr => Some((1, 0)),
        Field::Data0 => Some((1, 8)),
        Field::Data1 => Some((1, 16)),
        Field::Vdst => Some((1, 24)),
        _ => None,
    })?;
    let m = e.mnemonic;
    let two = m.contains("read2") || m.contains("write2") || m.contains("wrxchg2");
    if two {
        for (name, lo) in [("offset0", 0), ("offset1", 8)] {
            if let Some((o, s)) = modval(p, name)? {
                if !(0..=255).contains(&o) {
                    return err(s, format!("{name} must be 0..255"));
                }
                w.set(0, lo, 8, o as u32);
            }
        }
    } else if let Some((o, s)) = modval(p, "offset")? {
        if !(0..=65535).contains(&o) {
            return err(s, "offset must be 0..65535");
        }
        w.set(0, 0, 16, o as u32);
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
    if p.flag("gds") {
        w.set(0, if gen <= Gen::Gfx7 { 17 } else { 16 }, 1, 1);
    }
    Ok(())
}

const DFMT: [&str; 16] = [
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
fn nfmt_index(gen: Gen, x: &str) -> Option<u32> {
    if x == "SNORM_OGL" && gen <= Gen::Gfx7 {
        return Some(6);
    }
    NFMT.iter().position(|n| *n == x).map(|i| i as u32)
}

const NFMT: [&str; 8] = [
    "UNORM",
    "SNORM",
    "USCALED",
    "SSCALED",
    "UINT",
    "SINT",
    "RESERVED_6",
    "FLOAT",
];

fn buf(
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
    let old = gen <= Gen::Gfx7;
    let addr64 = p.flag("addr64") as u32;
    if addr64 != 0 && !old {
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
                let c = check_reg(v, true, n + tfe as u8, *s, "data")?;
                w.set(1, 8, 8, c);
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
                        w.set(1, 0, 8, code - 256);
                    } else if !matches!(v, Val::Ident(t) if t == "off") {
                        return err(*s, "without offen/idxen the address is 'off'");
                    }
                } else {
                    let c = check_reg(v, true, na as u8, *s, "address")?;
                    w.set(1, 0, 8, c);
                }
            }
            Field::Srsrc => {
                let c = sreg8(v, 4, *s, "resource")?;
                if c % 4 != 0 {
                    return err(*s, "the resource must start at a multiple of 4");
                }
                w.set(1, 16, 5, c / 4);
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
    w.set(1, 24, 8, c);
    if vals.next().is_some() {
        return err(whole, "too many operands");
    }
    if let Some((o, s)) = modval(p, "offset")? {
        if !(0..4096).contains(&o) {
            return err(s, "offset must be 0..4095");
        }
        w.set(0, 0, 12, o as u32);
    }
    w.set(0, 12, 1, offen);
    w.set(0, 13, 1, idxen);
    if old {
        w.set(0, 15, 1, addr64);
    }
    w.set(0, 14, 1, p.flag("glc") as u32);
    w.set(1, 23, 1, tfe);
    if mt {
        w.set(1, 22, 1, p.flag("slc") as u32);
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
        w.set(0, 19, 4, d);
        w.set(0, 23, 3, nf);
    } else if old {
        w.set(0, 16, 1, lds);
        w.set(1, 22, 1, p.flag("slc") as u32);
    } else {
        w.set(0, 16, 1, lds);
        w.set(0, 17, 1, p.flag("slc") as u32);
    }
    let _ = e;
    Ok(())
}

fn mimg(
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
        super::decode::mimg_data_regs(gen, e.mnemonic, dmask, d16 != 0, tfe != 0)
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
                w.set(1, 8, 8, c);
            }
            Field::Vaddr => {
                // llvm-mc accepts a set of address sizes per instruction (extra coordinates).
                let sizes = super::asm::clrx::mimg_vaddr_sizes(gen, e.mnemonic);
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
                w.set(1, 0, 8, c);
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
        } if p.flag("r128") || gen < Gen::Gfx9 && p.flag("r128") => *code,
        _ => sreg8(v, 8, *s, "resource (8 registers)")?,
    };
    if c % 4 != 0 {
        return err(*s, "the resource must start at a multiple of 4");
    }
    w.set(1, 16, 5, c / 4);
    if !e.must_be_zero(Field::Ssamp) {
        let Some((v, _, s)) = vals.next() else {
            return err(whole, "missing sampler operand");
        };
        let c = sreg8(v, 4, *s, "sampler (4 registers)")?;
        if c % 4 != 0 {
            return err(*s, "the sampler must start at a multiple of 4");
        }
        w.set(1, 21, 5, c / 4);
    }
    if vals.next().is_some() {
        return err(whole, "too many operands");
    }
    w.set(0, 8, 4, dmask);
    for (name, lo) in [
        ("unorm", 12),
        ("glc", 13),
        ("da", 14),
        ("r128", 15),
        ("a16", 15),
        ("tfe", 16),
        ("lwe", 17),
        ("slc", 25),
    ] {
        if p.flag(name) {
            w.set(0, lo, 1, 1);
        }
    }
    if d16 != 0 {
        w.set(1, 31, 1, 1);
    }
    Ok(())
}

fn flat(
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
    let tfe = p.flag("tfe");
    if tfe && (gen >= Gen::Gfx9 || enc != Enc::Flat) {
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
    if lds {
        w.set(0, 13, 1, 1);
    }
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
        let c = check_reg(v, true, n + tfe as u8, *s, "returned value")?;
        w.set(1, 24, 8, c);
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
                    let c = sreg8(v, n, *s, "scalar address")?;
                    w.set(1, 16, 7, c);
                }
                Field::Addr => w.set(1, 0, 8, check_reg(v, true, n, *s, "address")?),
                Field::Data => w.set(1, 8, 8, check_reg(v, true, n, *s, "data")?),
                Field::Vdst => w.set(
                    1,
                    24,
                    8,
                    check_reg(v, true, n + tfe as u8, *s, "destination")?,
                ),
                _ => return err(*s, "unsupported operand"),
            },
            Operand::Text(t) => {
                if !text_ok(t, v) {
                    return err(*s, format!("expected '{t}'"));
                }
            }
        }
    }
    if matches!(enc, Enc::Global | Enc::Scratch) {
        w.set(1, 16, 7, 0x7f);
    }
    // llvm-mc also reads `inst_offset:` as the offset.
    let off = match modval(p, "offset")? {
        Some(x) => Some(x),
        None => modval(p, "inst_offset")?,
    };
    if let Some((o, s)) = off {
        let ok = match enc {
            Enc::Flat => (0..4096).contains(&o) || gen >= Gen::Gfx9 && (0..8192).contains(&o),
            _ => (-4096..4096).contains(&o),
        };
        if !ok {
            return err(s, "offset out of range");
        }
        w.set(0, 0, 13, o as u32);
    }
    w.set(0, 16, 1, glc as u32);
    w.set(0, 17, 1, p.flag("slc") as u32);
    w.set(1, 23, 1, (p.flag("nv") || tfe) as u32);
    Ok(())
}

fn vintrp(e: &Entry, fields: &[&Operand], p: &Parsed, w: &mut W) -> Result<(), AsmError> {
    check_mods(p, &[])?;
    for (f, (v, m, s)) in fields.iter().zip(p.vals.iter()) {
        no_mods(m, *s)?;
        match **f {
            Operand::Field {
                field: Field::Vdst, ..
            } => w.set(0, 18, 8, check_reg(v, true, 1, *s, "destination")?),
            Operand::Field {
                field: Field::Vsrc, ..
            } => w.set(0, 0, 8, check_reg(v, true, 1, *s, "source")?),
            Operand::Text(t) if t.starts_with("attr") => {
                let (n, c) = attr_chan(v, *s)?;
                w.set(0, 10, 6, n);
                w.set(0, 8, 2, c);
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
                w.set(0, 0, 8, c);
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
    let compr = p.flag("compr");
    let mut w1 = 0u32;
    let mut en = 0u32;
    for i in 0..4 {
        let (v, m, s) = &p.vals[i + 1];
        no_mods(m, *s)?;
        match v {
            Val::Ident(o) if o == "off" => {}
            _ => {
                let c = check_reg(v, true, 1, *s, "export source")?;
                if !compr {
                    en |= 1 << i;
                    w1 |= c << (8 * i);
                } else if i % 2 == 0 {
                    // Compressed: the first of each pair names the register holding both halves
                    // (as llvm-mc reads it; the second of the pair is not encoded).
                    en |= 3 << i;
                    w1 |= c << (4 * i);
                }
            }
        }
    }
    let w0 = prefix(gen, Enc::Exp, 0).0
        | en
        | tgt << 4
        | (compr as u32) << 10
        | (p.flag("done") as u32) << 11
        | (p.flag("vm") as u32) << 12;
    Ok(Encoded {
        words: Words::new(&[w0, w1]),
        enc: Enc::Exp,
        label: None,
    })
}

const SELS: [&str; 7] = [
    "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD",
];

/// The last `name:value` modifier (CLRX lets a later one override an earlier one).
fn last_value<'a>(p: &'a Parsed, name: &str) -> Option<(&'a str, Span)> {
    p.mods
        .iter()
        .rev()
        .find(|(k, v, _)| k == name && v.is_some())
        .map(|(_, v, s)| (v.as_deref().unwrap_or(""), *s))
}

/// An SDWA selector: LLVM's `BYTE_0`..`DWORD`, CLRX's `byte0`, `byte_0`, `b0`, `word1`, `w1`,
/// `dword`, or the number.
fn sel(p: &Parsed, name: &str, default: u32) -> Result<u32, AsmError> {
    match last_value(p, name) {
        Some((v, s)) => {
            let v = v.strip_prefix('@').unwrap_or(v);
            // Lower case without `_`, on the stack (a longer text is no name: "").
            let mut buf = [0u8; 8];
            let mut n = 0;
            for b in v.bytes().filter(|&b| b != b'_') {
                match buf.get_mut(n) {
                    Some(x) => *x = b.to_ascii_lowercase(),
                    None => {
                        n = 0;
                        break;
                    }
                }
                n += 1;
            }
            let l = std::str::from_utf8(&buf[..n]).unwrap_or("");
            let named = match l {
                "byte0" | "b0" => Some(0),
                "byte1" | "b1" => Some(1),
                "byte2" | "b2" => Some(2),
                "byte3" | "b3" => Some(3),
                "word0" | "w0" => Some(4),
                "word1" | "w1" => Some(5),
                "dword" | "d" => Some(6),
                _ => None,
            };
            named
                .or_else(|| {
                    parse_int(v)
                        .filter(|x| (0..7).contains(x))
                        .map(|x| x as u32)
                })
                .ok_or_else(|| AsmError {
                    span: s,
                    message: format!("{name} must be one of {}", SELS.join(", ")),
                })
        }
        None => Ok(default),
    }
}

/// `dst_unused:` (CLRX also `dst_un:`): LLVM's `UNUSED_PAD`/`UNUSED_SEXT`/`UNUSED_PRESERVE`,
/// CLRX's `pad`/`sext`/`preserve` or the number; `None` if absent.
fn dst_unused(p: &Parsed) -> Result<Option<u32>, AsmError> {
    let v = p
        .mods
        .iter()
        .rev()
        .find(|(k, v, _)| (k == "dst_unused" || k == "dst_un") && v.is_some())
        .map(|(_, v, s)| (v.as_deref().unwrap_or(""), *s));
    let Some((v, s)) = v else {
        return Ok(None);
    };
    let l = v.trim_start_matches('@');
    let l = strip_prefix_ci(l, "unused_").unwrap_or(l);
    let named = ["pad", "sext", "preserve"]
        .iter()
        .position(|n| n.eq_ignore_ascii_case(l));
    match named {
        Some(i) => Ok(Some(i as u32)),
        // (`parse_int` reads hex digits in either case.)
        None => match parse_int(l) {
            Some(x @ 0..=2) => Ok(Some(x as u32)),
            _ => err(
                s,
                "dst_unused is UNUSED_PAD, UNUSED_SEXT or UNUSED_PRESERVE",
            ),
        },
    }
}

/// SDWA (`_sdwa`) and DPP (`_dpp`) forms of a VOP1/VOP2/VOPC entry.
pub fn sdwa_dpp(
    gen: Gen,
    enc: Enc,
    e: &Entry,
    p: &Parsed,
    dpp: bool,
    whole: Span,
) -> Result<Encoded, AsmError> {
    let fields: &[Operand] = &e.operands;
    if p.vals.len() != fields.len() {
        return err(
            whole,
            format!(
                "'{}' takes {} operands, {} given",
                e.mnemonic,
                fields.len(),
                p.vals.len()
            ),
        );
    }
    let g9 = gen >= Gen::Gfx9;
    if !dpp && g9 && e.mnemonic.starts_with("v_mac_") {
        return err(whole, "v_mac_* has no SDWA form on gfx9");
    }
    let (w0, _) = prefix(gen, enc, e.op as u32);
    let mut w = W {
        w: [w0 | if dpp { 0xFA } else { 0xF9 }, 0],
        lit: None,
        label: None,
    };
    for (f, (v, m, s)) in fields.iter().zip(p.vals.iter()) {
        match *f {
            Operand::Field { field, n, ty } => {
                if n >= 2 {
                    return err(*s, "64-bit operands have no SDWA/DPP form");
                }
                if field == Field::Vdst {
                    no_mods(m, *s)?;
                    w.set(0, 17, 8, check_reg(v, true, 1, *s, "destination")?);
                    continue;
                }
                let (i, lo_mod) = match field {
                    Field::Src0 => (0, 20),
                    Field::Vsrc1 => (1, if dpp { 22 } else { 28 }),
                    _ => return err(*s, "unsupported operand"),
                };
                // CLRX also sets sext on float and neg/abs on integer operands (llvm-mc
                // rejects both; the bits exist). DPP has no sext, except that v_ldexp_f16's
                // integer exponent writes its sext() in the neg bit (as the decoder prints it).
                let ldexp_exp = dpp && i == 1 && e.mnemonic.starts_with("v_ldexp_f16");
                if m.sext && dpp && !(ldexp_exp && !m.neg && !m.abs) {
                    return err(*s, "this modifier does not apply to this operand type");
                }
                let code = match v {
                    Val::Reg {
                        code, vgpr: true, ..
                    } => code - 256,
                    Val::Reg { code: 254, .. } => {
                        return err(*s, "lds_direct cannot be used with SDWA or DPP")
                    }
                    Val::Reg { code, .. } if !dpp && g9 && *code < 256 => {
                        w.set(1, if i == 0 { 23 } else { 31 }, 1, 1);
                        *code
                    }
                    _ if !dpp && g9 => {
                        let c =
                            encode_src(gen, v, 1, ty, &mut None, false).map_err(|x| AsmError {
                                span: *s,
                                message: x,
                            })?;
                        w.set(1, if i == 0 { 23 } else { 31 }, 1, 1);
                        c
                    }
                    _ => return err(*s, "expected a vector register"),
                };
                if i == 0 {
                    w.set(1, 0, 8, code);
                } else {
                    w.set(0, 9, 8, code);
                }
                if ldexp_exp {
                    if m.neg || m.abs {
                        return err(*s, "this modifier does not apply to this operand type");
                    }
                    w.set(1, lo_mod, 1, m.sext as u32);
                } else if dpp {
                    w.set(1, lo_mod, 1, m.neg as u32);
                    w.set(1, lo_mod + 1, 1, m.abs as u32);
                } else {
                    let base = if i == 0 { 19 } else { 27 };
                    w.set(1, base, 1, m.sext as u32);
                    w.set(1, base + 1, 1, m.neg as u32);
                    w.set(1, base + 2, 1, m.abs as u32);
                }
            }
            Operand::Text(t) => {
                if enc == Enc::Vopc && !dpp && g9 && !text_ok(t, v) {
                    // VOPC SDWA on gfx9 may write its mask to any SGPR pair.
                    let c = sreg8(v, 2, *s, "mask destination")?;
                    w.set(1, 8, 7, c);
                    w.set(1, 15, 1, 1);
                } else if !text_ok(t, v) {
                    return err(*s, format!("expected '{t}'"));
                }
            }
        }
    }
    // Every SDWA/DPP modifier but these three takes a value (`dst_sel:WORD_1`, `wave_shl:1`).
    for (k, v, s) in &p.mods {
        // CLRX also writes `wave_shl`, `bound_ctrl`, `row_hmirror`, `row_bcast15` bare.
        let bare_ok = matches!(
            &**k,
            "clamp"
                | "row_mirror"
                | "row_half_mirror"
                | "row_hmirror"
                | "row_bcast15"
                | "row_bcast31"
                | "wave_shl"
                | "wave_rol"
                | "wave_shr"
                | "wave_ror"
                | "bound_ctrl"
        );
        if v.is_none() && !bare_ok {
            return err(*s, format!("'{k}' needs a value ({k}:...)"));
        }
    }
    if dpp {
        check_mods(
            p,
            &[
                "quad_perm",
                "row_shl",
                "row_shr",
                "row_ror",
                "wave_shl",
                "wave_rol",
                "wave_shr",
                "wave_ror",
                "row_mirror",
                "row_half_mirror",
                "row_hmirror",
                "row_bcast",
                "row_bcast15",
                "row_bcast31",
                "row_mask",
                "bank_mask",
                "bound_ctrl",
            ],
        )?;
        let mut ctrl = None;
        for (k, v, s) in &p.mods {
            let num = |lo: i64, hi: i64| -> Result<u32, AsmError> {
                v.as_deref()
                    .and_then(parse_int)
                    .filter(|x| (lo..=hi).contains(x))
                    .map(|x| x as u32)
                    .ok_or_else(|| AsmError {
                        span: *s,
                        message: format!("{k} needs a value {lo}..{hi}"),
                    })
            };
            let c = match &**k {
                "quad_perm" => {
                    let Some(b) = bitlist_vals(v.as_deref().unwrap_or("")) else {
                        return err(*s, "quad_perm takes [a,b,c,d] with values 0..3");
                    };
                    b
                }
                "row_shl" => 0x100 | num(1, 15)?,
                "row_shr" => 0x110 | num(1, 15)?,
                "row_ror" => 0x120 | num(1, 15)?,
                // Bare or `:1` (CLRX).
                "wave_shl" | "wave_rol" | "wave_shr" | "wave_ror" => {
                    if v.is_some() {
                        num(1, 1)?;
                    }
                    match &**k {
                        "wave_shl" => 0x130,
                        "wave_rol" => 0x134,
                        "wave_shr" => 0x138,
                        _ => 0x13c,
                    }
                }
                "row_mirror" => 0x140,
                "row_half_mirror" | "row_hmirror" => 0x141,
                "row_bcast15" => 0x142,
                "row_bcast31" => 0x143,
                "row_bcast" => match num(15, 31)? {
                    15 => 0x142,
                    31 => 0x143,
                    _ => return err(*s, "row_bcast is 15 or 31"),
                },
                _ => continue,
            };
            ctrl = Some(c);
        }
        // Without a control CLRX uses the identity quad_perm:[0,1,2,3] (llvm-mc wants one).
        let ctrl = ctrl.unwrap_or(0xe4);
        w.set(1, 8, 9, ctrl);
        let mask = |name: &str| -> Result<u32, AsmError> {
            Ok(modval(p, name)?.map_or(0xf, |(x, _)| x as u32 & 0xf))
        };
        w.set(1, 28, 4, mask("row_mask")?);
        w.set(1, 24, 4, mask("bank_mask")?);
        let bc = p.mods.iter().rev().find(|(k, _, _)| k == "bound_ctrl");
        let bc_set = match bc {
            None => false,
            Some((_, None, _)) => true,
            // LLVM: `bound_ctrl:0` and `bound_ctrl:1` both set the bit; CLRX's
            // `bound_ctrl:0:expr` / `bound_ctrl:1:expr` set it when expr is nonzero.
            Some((_, Some(v), s)) => match v.split_once(':') {
                None if matches!(parse_int(v.trim()), Some(0 | 1)) => true,
                Some((a, b)) if matches!(parse_int(a.trim()), Some(0 | 1)) => {
                    match parse_int(b.trim()) {
                        Some(x) => x != 0,
                        None => return err(*s, "bound_ctrl:0:expr needs a number"),
                    }
                }
                _ => return err(*s, "bound_ctrl is 0 or 1"),
            },
        };
        if bc_set {
            w.set(1, 19, 1, 1);
        }
    } else {
        check_mods(
            p,
            &[
                "clamp",
                "mul",
                "div",
                "dst_sel",
                "dst_unused",
                "dst_un",
                "src0_sel",
                "src1_sel",
                "sext",
                "neg",
                "abs",
            ],
        )?;
        if enc != Enc::Vopc {
            w.set(1, 8, 3, sel(p, "dst_sel", 6)?);
            w.set(1, 11, 2, dst_unused(p)?.unwrap_or(2));
        } else if !g9 {
            // CLRX: gfx8 VOPC SDWA keeps dst_sel/dst_unused bits when written (LLVM: none).
            if last_value(p, "dst_sel").is_some() {
                w.set(1, 8, 3, sel(p, "dst_sel", 6)?);
            }
            if let Some(du) = dst_unused(p)? {
                w.set(1, 11, 2, du);
            }
        }
        if p.flag("clamp") {
            // llvm-mc: no clamp on gfx9 VOPC SDWA.
            if g9 && enc == Enc::Vopc {
                return err(whole, "no clamp on a gfx9 SDWA compare");
            }
            w.set(1, 13, 1, 1);
        }
        let omod = match (modval(p, "mul")?, modval(p, "div")?) {
            (Some((2, _)), None) => 1,
            (Some((4, _)), None) => 2,
            (None, Some((2, _))) => 3,
            (None, None) => 0,
            (Some((_, s)), _) | (_, Some((_, s))) => {
                return err(s, "output modifier must be mul:2, mul:4 or div:2")
            }
        };
        // (CLRX also puts an output modifier on integer gfx9 SDWA instructions.)
        if omod != 0 && (!g9 || enc == Enc::Vopc) {
            return err(whole, "no output modifier here");
        }
        if enc != Enc::Vopc {
            w.set(1, 14, 2, omod);
        }
        // CLRX: sext:/neg:/abs: masks (bit 0 = src0, bit 1 = src1).
        for (name, bit) in [("sext", 0), ("neg", 1), ("abs", 2)] {
            let m = srcmask(p, name)?;
            if m & 1 != 0 {
                w.set(1, 19 + bit, 1, 1);
            }
            if m & 2 != 0 {
                w.set(1, 27 + bit, 1, 1);
            }
        }
        w.set(1, 16, 3, sel(p, "src0_sel", 6)?);
        if enc != Enc::Vop1 {
            w.set(1, 24, 3, sel(p, "src1_sel", 6)?);
        }
    }
    Ok(Encoded {
        words: Words::new(&w.w),
        enc,
        label: None,
    })
}

fn bitlist_vals(v: &str) -> Option<u32> {
    let inner = v.trim().strip_prefix('[')?.strip_suffix(']')?;
    let mut r = 0;
    if inner.split(',').count() != 4 {
        return None;
    }
    for (i, x) in inner.split(',').enumerate() {
        let n = x.trim().parse::<u32>().ok().filter(|n| *n < 4)?;
        r |= n << (2 * i);
    }
    Some(r)
}

fn smrd(gen: Gen, fields: &[&Operand], p: &Parsed, w: &mut W) -> Result<(), AsmError> {
    check_mods(p, &[])?;
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
            Field::Sdata => w.set(0, 15, 7, smem_data(v, n, *s)?),
            Field::Sbase => {
                let c = sreg8(v, n, *s, "base")?;
                if c % 2 != 0 {
                    return err(*s, "the base must be an even register");
                }
                w.set(0, 9, 6, c / 2);
            }
            Field::Offset => match v {
                Val::Int(i) if (0..256).contains(i) => {
                    w.set(0, 8, 1, 1);
                    w.set(0, 0, 8, *i as u32);
                }
                Val::Int(i) if gen == Gen::Gfx7 && (0..=u32::MAX as i64).contains(i) => {
                    // gfx7: a 32-bit literal offset.
                    w.set(0, 0, 8, 255);
                    w.lit = Some(*i as u32);
                }
                Val::Int(_) => return err(*s, "the offset must be 0..255 dwords"),
                _ => w.set(0, 0, 8, sreg8(v, 1, *s, "offset register")?),
            },
            _ => return err(*s, "unsupported operand"),
        }
    }
    Ok(())
}

/// Whether a scalar source code is read over the constant bus (gfx6-9, as llvm-mc-19 counts):
/// SGPRs and the special registers (vcc, m0, exec ...), the gfx9 apertures and
/// pops_exiting_wave_id, and vccz/execz/scc; constants and lds_direct are not.
fn on_bus(code: u32) -> bool {
    code < 128 || (235..=239).contains(&code) || (251..=253).contains(&code)
}

/// gfx8/gfx9 `v_readlane_b32 sdst, vsrc, lane` and `v_writelane_b32 vdst, ssrc, lane` (VOP3 only;
/// the lane is a scalar register or a constant, and CLRX also takes a VGPR there).
pub fn lane(gen: Gen, e: &Entry, p: &Parsed, whole: Span) -> Result<Encoded, AsmError> {
    check_mods(p, &[])?;
    if p.vals.len() != 3 {
        return err(whole, format!("'{}' takes 3 operands", e.mnemonic));
    }
    for (_, m, s) in &p.vals {
        no_mods(m, *s)?;
    }
    let read = e.mnemonic.starts_with("v_readlane");
    let (w0, _) = prefix(gen, Enc::Vop3, e.op as u32);
    let mut w = W {
        w: [w0, 0],
        lit: None,
        label: None,
    };
    let (d, ds) = (&p.vals[0].0, p.vals[0].2);
    let dst = if read {
        sreg32_dst(d, ds)?
    } else {
        check_reg(d, true, 1, ds, "destination")?
    };
    w.set(0, 0, 8, dst);
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
    w.set(1, 0, 9, src0);
    w.set(1, 9, 9, lane);
    Ok(Encoded {
        words: Words::new(&w.w),
        enc: Enc::Vop3,
        label: None,
    })
}

/// An interpolation attribute `attrN.c` (any case, CLRX writes `ATTR26.W`): N (0..63) and the
/// channel (x, y, z, w = 0..3).
fn attr_chan(v: &Val, s: Span) -> Result<(u32, u32), AsmError> {
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
