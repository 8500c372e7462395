//! The assembler's encoders, one per encoding: the inverse of `decode.rs`, driven by the same
//! table entries (which operand goes in which field, with what size).

use super::asm::parse::{parse_int, Mods, Parsed, Val};
use super::asm::{
    ascii_upper_in, check_reg, encode_src, strip_prefix_ci, AsmError, Encoded, Words,
};
use super::encode::encode;
use super::inst::{TInst, LAYOUT_DWORD1};
use super::operand::OpType;
use super::table::{Entry, Field, ImmKind, Operand};
use super::{Enc, Gen};
use crate::fields::{self as f, G};
use gpuisa_core::Span;

mod mem;
mod sdwa;
mod vop;

pub use mem::exp;
use mem::*;
pub use sdwa::sdwa_dpp;
pub use vop::lane;
use vop::*;

use super::asm::err;

/// An instruction being assembled: the typed instruction the encoders fill (`t`), placed into
/// words by `gcn::encode` from the generated field inserters, its literal and branch label.
struct W {
    lit: Option<u32>,
    label: Option<(String, Span)>,
    t: TInst,
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
        match parse_int(b.trim()) {
            Some(0) => {}
            Some(1) => r |= 1 << i,
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
    e: &'static Entry,
    fields: &[&Operand],
    p: &Parsed,
    whole: Span,
) -> Result<Encoded, AsmError> {
    let mut t = TInst::blank(e.id, enc, gen, 1, [0; 3]);
    t.entry = Some(e);
    let mut w = W {
        lit: None,
        label: None,
        t,
    };
    match enc {
        Enc::Sop2 | Enc::Sopk | Enc::Sop1 | Enc::Sopc | Enc::Sopp => {
            scalar(gen, enc, e, fields, p, &mut w)?
        }
        Enc::Smem => smem(e, fields, p, &mut w)?,
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
        Enc::Ds => ds(e, fields, p, &mut w)?,
        Enc::Mubuf | Enc::Mtbuf => buf(gen, enc, e, fields, p, &mut w, whole)?,
        Enc::Mimg => mimg(gen, e, fields, p, &mut w, whole)?,
        Enc::Flat | Enc::Global | Enc::GlobalSaddr | Enc::Scratch | Enc::ScratchSaddr => {
            flat(gen, enc, e, fields, p, &mut w)?
        }
        Enc::Vintrp => vintrp(e, fields, p, &mut w)?,
        Enc::Exp => return err(whole, "exp is not supported by the assembler yet"),
    }
    // The typed instruction to words: a literal (or K) follows the first dword of the
    // one-dword encodings.
    let t = &mut w.t;
    t.lit = w.lit.unwrap_or(0);
    t.len = if LAYOUT_DWORD1.contains(&enc) {
        2
    } else {
        1 + w.lit.is_some() as u8
    };
    let (ws, n) = encode(t).map_err(|er| AsmError {
        span: whole,
        message: er.to_string(),
    })?;
    // llvm-mc-19: lds_direct is no source of the reversed-operand opcodes (v_subrev*, v_subbrev*,
    // v_lshlrev*, v_lshrrev*, v_ashrrev*, v_pk_*rev*), whose src0 is their second operand.
    let src0 = match enc {
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Vop3 | Enc::Vop3p => Some(w.t.src[0]),
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
    let words = Words::new(&ws[..n]);
    super::asm_check::check(gen, enc, e, p, &words, whole)?;
    super::asm_check::operand_classes(gen, enc, e, p, &words, whole)?;
    if enc == Enc::Mimg {
        super::asm_check::mimg_data(gen, e, p, &words, whole)?;
    }
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
        w.t.simm16 = waitcnt(gen, &items)? as u16;
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
                    w.t.sdst = sreg8(v, n, *s, "destination")? as u16;
                }
                Field::Ssrc0 | Field::Ssrc1 => {
                    // A scalar source is a 32-bit operand even where the operation reads 16
                    // bits (s_sext_i32_i16, s_pack_*): llvm-mc takes any 32-bit constant.
                    let ty = if ty.is_16() { OpType::Int } else { ty };
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
                    w.t.src[(field == Field::Ssrc1) as usize] = c as u16;
                }
                Field::Simm16(k) => {
                    let val = imm16(gen, k, v, *s, p, w)?;
                    // (SOPC's immediate, s_set_gpr_idx_on's mode, is its SSRC1 field.)
                    if enc == Enc::Sopc {
                        w.t.src[1] = val as u16;
                    } else {
                        w.t.simm16 = val as u16;
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

/// s_waitcnt's counters to its SIMM16, through the WAITCNT fields (gfx9's VM_HI holds bits 5:4
/// of vmcnt).
fn waitcnt(gen: Gen, items: &[(&str, Span)]) -> Result<u32, AsmError> {
    use f::waitcnt as c;
    let g = G::of(gen);
    let vm_max = if c::has_vm_hi(g) { 63 } else { 15 };
    let (mut vm, mut exp, mut lgkm) = (vm_max, 7u32, 15u32);
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
    let mut r = [0u32];
    let ok = vm <= vm_max
        && c::set_vm(g, &mut r, vm & 0xf)
        && (vm >> 4 == 0 || c::set_vm_hi(g, &mut r, vm >> 4))
        && c::set_exp(g, &mut r, exp)
        && c::set_lgkm(g, &mut r, lgkm);
    if !ok {
        return err(items[0].1, "counter value too large");
    }
    Ok(r[0])
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
