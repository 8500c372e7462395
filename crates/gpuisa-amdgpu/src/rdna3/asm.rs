//! The gfx11 assembler for llvm-mc's syntax. Table-driven and checked by the decoder: for each row
//! whose mnemonic matches (VALU forms, DPP, VOPD, scalar, SMEM, DS, FLAT/GLOBAL/SCRATCH,
//! MUBUF/MTBUF), the operands are parsed against the row's template into fields, and the words are
//! accepted when decoding them prints the instruction back (so the encoder never invents a form
//! the decoder would print differently). Hardware rules are errors with the operand's column:
//! the constant bus limit (two scalar values or literals), one literal per instruction, and VOPD
//! bank conflicts.

use super::asm_operand::{
    operands_and_mods, parse_bits, parse_int, parse_src9, parse_sreg, parse_vreg, split_top,
};
use super::decode::decode;
use super::otable::{row as orow, OEnc, OOp, ORow};
use super::table::{table, Class, Enc, Field, Operand, Row, Ty};
use gpuisa_core::diag::{Diagnostic, Span};
use gpuisa_core::target::{AsmOutput, AsmRequest};
use std::collections::HashMap;
use std::sync::OnceLock;

/// An assembler error at a byte offset of the instruction text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmError {
    pub col: usize,
    pub message: String,
}

fn err<T>(col: usize, m: impl Into<String>) -> Result<T, AsmError> {
    Err(AsmError {
        col,
        message: m.into(),
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cand {
    E32(Enc, u32),
    Vop3(Enc, u32),
    Dpp(Enc, u32, bool),
    Other(OEnc, u32),
}

/// mnemonic -> candidate rows, built once from every table.
fn index() -> &'static HashMap<&'static str, Vec<Cand>> {
    static I: OnceLock<HashMap<&'static str, Vec<Cand>>> = OnceLock::new();
    I.get_or_init(|| {
        let mut m: HashMap<&'static str, Vec<Cand>> = HashMap::new();
        for e in [Enc::Vop1, Enc::Vop2, Enc::Vopc] {
            for r in table(e).iter() {
                m.entry(r.mnemonic)
                    .or_default()
                    .push(Cand::E32(e, r.op as u32));
            }
        }
        for e in [Enc::Vop3, Enc::Vop3p] {
            for r in table(e).iter() {
                m.entry(r.mnemonic)
                    .or_default()
                    .push(Cand::Vop3(e, r.op as u32));
            }
        }
        for e in super::table::ENCS {
            for op in 0..1024u32 {
                if let Some(d) = super::dpp::dpp_row(e, op) {
                    for (mn, d8) in [(d.m16, false), (d.m8, true)] {
                        if mn != "-" {
                            m.entry(mn).or_default().push(Cand::Dpp(e, op, d8));
                        }
                    }
                }
            }
        }
        for e in [
            OEnc::Sop1,
            OEnc::Sop2,
            OEnc::Sopc,
            OEnc::Sopk,
            OEnc::Sopp,
            OEnc::Smem,
            OEnc::Ds,
            OEnc::Flat,
            OEnc::Global,
            OEnc::Scratch,
            OEnc::Mubuf,
            OEnc::Mtbuf,
        ] {
            for op in 0..256u32 {
                if let Some(r) = orow(e, op) {
                    m.entry(r.mnemonic).or_default().push(Cand::Other(e, op));
                }
            }
        }
        for v in m.values_mut() {
            v.dedup();
        }
        m
    })
}

/// Source-operand modifiers written around a 9-bit source.
fn strip_mods(t: &str) -> (&str, bool, bool, bool) {
    let (mut s, mut neg, mut abs, mut sext) = (t, false, false, false);
    if let Some(x) = s.strip_prefix("sext(").and_then(|x| x.strip_suffix(')')) {
        s = x;
        sext = true;
    }
    if let Some(x) = s.strip_prefix("neg(").and_then(|x| x.strip_suffix(')')) {
        s = x;
        neg = true;
    } else if let Some(x) = s.strip_prefix("-|") {
        if let Some(y) = x.strip_suffix('|') {
            s = y;
            neg = true;
            abs = true;
        }
    } else if let Some(x) = s.strip_prefix('-') {
        if x.starts_with('v')
            || x.starts_with('s')
            || x.starts_with('|')
            || x.starts_with("ttmp")
            || x.starts_with("vcc")
            || x.starts_with("exec")
            || x.starts_with("m0")
            || x.starts_with("null")
        {
            s = x;
            neg = true;
        }
    }
    if let Some(x) = s.strip_prefix('|').and_then(|x| x.strip_suffix('|')) {
        s = x;
        abs = true;
    }
    (s, neg, abs, sext)
}

struct Enc32 {
    vals: [(Field, u32); 5],
    lit: Option<u32>,
    /// (neg, abs) per source
    mods: [(bool, bool); 3],
}

fn set(vals: &mut [(Field, u32); 5], f: Field, v: u32) {
    if let Some(x) = vals.iter_mut().find(|x| x.0 == f) {
        x.1 = v;
    }
}

/// Parses the operands of a VALU row template into field values.
fn valu_fields(row: &Row, ops: &[String], wave64: bool, dpp: bool) -> Option<Enc32> {
    if ops.len() != row.operands.len() {
        return None;
    }
    let mut e = Enc32 {
        vals: [
            (Field::Vdst, 0),
            (Field::Sdst, 0),
            (Field::Src0, 0),
            (Field::Src1, 0),
            (Field::Src2, 0),
        ],
        lit: None,
        mods: [(false, false); 3],
    };
    let mut vsrc1 = 0;
    for (o, t) in row.operands.iter().zip(ops) {
        match *o {
            Operand::Text(a, b) => {
                if t != if wave64 { b } else { a } {
                    return None;
                }
            }
            Operand::Field {
                field,
                class,
                n32,
                n64,
                ty,
                ..
            } => {
                let n = if wave64 { n64 } else { n32 } as u32;
                match class {
                    Class::K => {
                        let l = super::asm_operand::parse_literal(t, Ty::B32)?;
                        if e.lit.is_some_and(|x| x != l) {
                            return None;
                        }
                        e.lit = Some(l);
                    }
                    Class::S => {
                        // llvm also takes special sources and constants here (printed with comments)
                        let v = match parse_sreg(t, n) {
                            Some(v) => v,
                            None => {
                                let (v, l) = parse_src9(t, n, Ty::B32)?;
                                if v >= 256 {
                                    return None;
                                }
                                if l.is_some() {
                                    e.lit = l;
                                }
                                v
                            }
                        };
                        set(&mut e.vals, field, v);
                    }
                    Class::V | Class::H | Class::L => {
                        let (s, neg, abs, _) = strip_mods(t);
                        let (r, c, half) = parse_vreg(s)?;
                        if class == Class::H {
                            half?;
                        } else if c != n.max(1) || half.is_some() {
                            return None;
                        }
                        let v = r + if half == Some(true) { 128 } else { 0 };
                        if field == Field::Vsrc1 {
                            vsrc1 = v;
                            e.mods[1] = (neg, abs);
                        } else {
                            set(&mut e.vals, field, v);
                        }
                    }
                    Class::X | Class::Y => {
                        let (s, neg, abs, sext) = strip_mods(t);
                        let si = match field {
                            Field::Src0 => 0,
                            Field::Src1 => 1,
                            _ => 2,
                        };
                        e.mods[si] = (neg || sext, abs);
                        if dpp && field == Field::Src0 {
                            let (r, c, half) = parse_vreg(s)?;
                            if c != 1 {
                                return None;
                            }
                            set(
                                &mut e.vals,
                                field,
                                256 + r + if half == Some(true) { 128 } else { 0 },
                            );
                            continue;
                        }
                        let (v, lit) = parse_src9(s, n, ty)?;
                        if let Some(l) = lit {
                            if e.lit.is_some_and(|x| x != l) {
                                return None;
                            }
                            e.lit = Some(l);
                        }
                        set(&mut e.vals, field, v);
                    }
                }
            }
        }
    }
    // VOP2/VOPC vsrc1 lives in the Src1 slot of this struct
    if row.field(Field::Vsrc1).is_some() {
        set(&mut e.vals, Field::Src1, vsrc1);
    }
    Some(e)
}

fn get(vals: &[(Field, u32); 5], f: Field) -> u32 {
    vals.iter().find(|x| x.0 == f).map_or(0, |x| x.1)
}

/// The DPP dword (or None) from the modifiers; removes the ones it used.
fn dpp_word(mods: &mut Vec<String>, src0_vgpr: u32, dpp8: bool) -> Option<(u32, u32)> {
    let mut d = src0_vgpr & 0xff;
    if dpp8 {
        let i = mods.iter().position(|m| m.starts_with("dpp8:"))?;
        let l = mods.remove(i);
        let body = l.strip_prefix("dpp8:[")?.strip_suffix(']')?;
        for (k, x) in body.split(',').enumerate() {
            d |= (x.trim().parse::<u32>().ok()? & 7) << (8 + 3 * k);
        }
        let fi = if let Some(j) = mods.iter().position(|m| m == "fi:1") {
            mods.remove(j);
            234
        } else {
            233
        };
        return Some((fi, d));
    }
    let (mut row_mask, mut bank_mask, mut ctrl) = (0xfu32, 0xfu32, None);
    let mut keep = Vec::new();
    for m in mods.drain(..) {
        if let Some(b) = m.strip_prefix("quad_perm:") {
            let body = b.strip_prefix('[')?.strip_suffix(']')?;
            let mut c = 0;
            for (k, x) in body.split(',').enumerate() {
                c |= (x.trim().parse::<u32>().ok()? & 3) << (2 * k);
            }
            ctrl = Some(c);
        } else if let Some((k, v)) = m
            .split_once(':')
            .filter(|(k, _)| k.starts_with("row_") && *k != "row_mask")
        {
            let n = parse_int(v)? as u32;
            ctrl = Some(match k {
                "row_shl" => 0x100 | n,
                "row_shr" => 0x110 | n,
                "row_ror" => 0x120 | n,
                "row_share" => 0x150 | n,
                "row_xmask" => 0x160 | n,
                _ => return None,
            });
        } else if m == "row_mirror" {
            ctrl = Some(0x140);
        } else if m == "row_half_mirror" {
            ctrl = Some(0x141);
        } else if let Some(v) = m.strip_prefix("row_mask:") {
            row_mask = parse_int(v)? as u32;
        } else if let Some(v) = m.strip_prefix("bank_mask:") {
            bank_mask = parse_int(v)? as u32;
        } else if m == "bound_ctrl:1" || m == "bound_ctrl:0" {
            d |= 1 << 19;
        } else if m == "fi:1" {
            d |= 1 << 18;
        } else {
            keep.push(m);
        }
    }
    *mods = keep;
    d |= ctrl? << 8 | (bank_mask & 0xf) << 24 | (row_mask & 0xf) << 28;
    Some((250, d))
}

fn e32_words(
    enc: Enc,
    op: u32,
    row: &Row,
    ops: &[String],
    mods: &[String],
    wave64: bool,
    dpp: Option<bool>,
) -> Option<Vec<u32>> {
    let mut mods = mods.to_vec();
    let e = valu_fields(row, ops, wave64, dpp.is_some())?;
    let (vdst, src0, vsrc1) = (
        get(&e.vals, Field::Vdst),
        get(&e.vals, Field::Src0),
        get(&e.vals, Field::Src1),
    );
    let mut w0 = match enc {
        Enc::Vop1 => 0x7e00_0000 | op << 9 | vdst << 17,
        Enc::Vop2 => op << 25 | vdst << 17 | vsrc1 << 9,
        _ => 0x7c00_0000 | op << 17 | vsrc1 << 9,
    };
    let mut words;
    if let Some(d8) = dpp {
        let (sel, mut d) = dpp_word(&mut mods, src0 - 256, d8)?;
        if !d8 {
            for (i, (neg, abs)) in e.mods.iter().take(2).enumerate() {
                d |= (*neg as u32) << (20 + 2 * i) | (*abs as u32) << (21 + 2 * i);
            }
        }
        w0 |= sel;
        words = vec![w0, d];
    } else {
        if e.mods.iter().any(|m| m.0 || m.1) {
            return None;
        }
        w0 |= src0;
        words = vec![w0];
        if let Some(l) = e.lit {
            words.push(l);
        }
    }
    mods.is_empty().then_some(words)
}

fn vop3_words(
    enc: Enc,
    op: u32,
    row: &Row,
    ops: &[String],
    mods: &[String],
    wave64: bool,
    dpp: Option<bool>,
) -> Option<Vec<u32>> {
    let mut mods = mods.to_vec();
    let e = valu_fields(row, ops, wave64, dpp.is_some())?;
    let m = row.mods;
    let mut w0 = if enc == Enc::Vop3 {
        0xd400_0000
    } else {
        0xcc00_0000
    } | op << 16;
    let mut vdst = get(&e.vals, Field::Vdst);
    if row.field(Field::Vdst).is_none() && row.mnemonic.starts_with("v_cmpx") {
        vdst = 126;
    }
    w0 |= vdst;
    if row.field(Field::Sdst).is_some() {
        w0 |= get(&e.vals, Field::Sdst) << 8;
    }
    let mut w1 = get(&e.vals, Field::Src0)
        | get(&e.vals, Field::Src1) << 9
        | get(&e.vals, Field::Src2) << 18;
    let (mut neg, mut abs) = (0u32, 0u32);
    for (i, (n, a)) in e.mods.iter().enumerate() {
        neg |= (*n as u32) << i;
        abs |= (*a as u32) << i;
    }
    let ns = row
        .operands
        .iter()
        .filter(|o| {
            matches!(
                o,
                Operand::Field {
                    field: Field::Src0 | Field::Src1 | Field::Src2,
                    ..
                }
            )
        })
        .count();
    let (mut opsel, mut clamp, mut omod) = (0u32, 0u32, 0u32);
    let mut opselhi: Option<u32> = None;
    let (mut neglo, mut neghi) = (None, None);
    let mut rest = Vec::new();
    for x in mods.drain(..) {
        if x == "clamp" {
            clamp = 1;
        } else if x == "mul:2" {
            omod = 1;
        } else if x == "mul:4" {
            omod = 2;
        } else if x == "div:2" {
            omod = 3;
        } else if let Some(b) = x.strip_prefix("op_sel:") {
            let bits = parse_bits(b)?;
            let k = b.matches(',').count() + 1;
            if enc == Enc::Vop3 {
                for i in 0..k {
                    if bits >> i & 1 != 0 {
                        let bit = if i + 1 == k && k == ns + 1 { 3 } else { i };
                        opsel |= 1 << bit;
                    }
                }
            } else {
                opsel = bits;
            }
        } else if let Some(b) = x.strip_prefix("op_sel_hi:") {
            opselhi = Some(parse_bits(b)?);
        } else if let Some(b) = x.strip_prefix("neg_lo:") {
            neglo = Some(parse_bits(b)?);
        } else if let Some(b) = x.strip_prefix("neg_hi:") {
            neghi = Some(parse_bits(b)?);
        } else {
            rest.push(x);
        }
    }
    let mut mods = rest;
    if enc == Enc::Vop3 {
        w0 |= abs << 8 | opsel << 11 | clamp << 15;
        w1 |= omod << 27 | neg << 29;
    } else {
        let def = if m.opselhi_def { 7 } else { 0 };
        // bits past the written list keep their default
        let given = (1u32 << m.opselhi.max(1)) - 1;
        let hi = match opselhi {
            Some(h) => h | (def & !given),
            None => def,
        };
        let (nl, nh) = if m.abs != 0 || m.neg != 0 {
            (neg, abs)
        } else {
            (neglo.unwrap_or(0), neghi.unwrap_or(0))
        };
        w0 |= nh << 8 | opsel << 11 | (hi >> 2 & 1) << 14 | clamp << 15;
        w1 |= (hi & 3) << 27 | nl << 29;
    }
    let mut words = vec![w0, w1];
    if let Some(d8) = dpp {
        let (sel, d) = dpp_word(&mut mods, get(&e.vals, Field::Src0) - 256, d8)?;
        words[1] = (words[1] & !0x1ff) | sel;
        words.push(d);
    }
    if let Some(l) = e.lit {
        words.push(l);
    }
    mods.is_empty().then_some(words)
}

fn simm16(kind: &str, t: &str, enc: OEnc, op: u32) -> Option<u32> {
    match kind {
        "hex" | "dec" | "branch" | "u16" => parse_int(t).map(|v| v as u32 & 0xffff),
        "waitcnt" => {
            let (mut vm, mut exp, mut lgkm) = (0x3f, 7, 0x3f);
            for p in t.split_whitespace() {
                let (k, v) = p.strip_suffix(')')?.split_once('(')?;
                let v: u32 = v.parse().ok()?;
                match k {
                    "vmcnt" => vm = v,
                    "expcnt" => exp = v,
                    "lgkmcnt" => lgkm = v,
                    _ => return None,
                }
            }
            Some(vm << 10 | lgkm << 4 | exp)
        }
        "delay" => {
            const ID: [&str; 12] = [
                "NO_DEP",
                "VALU_DEP_1",
                "VALU_DEP_2",
                "VALU_DEP_3",
                "VALU_DEP_4",
                "TRANS32_DEP_1",
                "TRANS32_DEP_2",
                "TRANS32_DEP_3",
                "FMA_ACCUM_CYCLE_1",
                "SALU_CYCLE_1",
                "SALU_CYCLE_2",
                "SALU_CYCLE_3",
            ];
            const SKIP: [&str; 6] = ["SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"];
            if let Some(v) = parse_int(t) {
                return Some(v as u32 & 0xffff);
            }
            let mut v = 0u32;
            for p in t.split(" | ") {
                let (k, a) = p.strip_suffix(')')?.split_once('(')?;
                let pos = |l: &[&str]| l.iter().position(|x| *x == a).map(|i| i as u32);
                match k {
                    "instid0" => v |= pos(&ID)?,
                    "instskip" => v |= pos(&SKIP)? << 4,
                    "instid1" => v |= pos(&ID)? << 7,
                    _ => return None,
                }
            }
            Some(v)
        }
        "depctr" => {
            if let Some(v) = parse_int(t) {
                return Some(v as u32 & 0xffff);
            }
            // unnamed fields keep their "no wait" maximum; bits 6:5 are zero
            let mut v = 0xff9f_u32;
            for p in t.split_whitespace() {
                let (k, x) = p.strip_suffix(')')?.split_once('(')?;
                let x = parse_int(x)? as u32;
                let (sh, wd) = match k {
                    "depctr_hold_cnt" => (7, 1),
                    "depctr_sa_sdst" => (0, 1),
                    "depctr_va_vdst" => (12, 4),
                    "depctr_va_sdst" => (9, 3),
                    "depctr_va_ssrc" => (8, 1),
                    "depctr_va_vcc" => (1, 1),
                    "depctr_vm_vsrc" => (2, 3),
                    _ => return None,
                };
                let m = (1u32 << wd) - 1;
                if x > m {
                    return None;
                }
                v = (v & !(m << sh)) | x << sh;
            }
            Some(v)
        }
        "version" => {
            let flat: String = t.chars().filter(|c| *c != '(' && *c != ')').collect();
            let mut v = 0u32;
            for (i, p) in flat.split('|').enumerate() {
                v |= match (i, p.trim()) {
                    (0, x) => parse_int(x)? as u32,
                    (_, "UC_VERSION_W64_BIT") => 1 << 13,
                    (_, "UC_VERSION_W32_BIT") => 1 << 14,
                    (_, "UC_VERSION_MDP_BIT") => 1 << 15,
                    _ => return None,
                };
            }
            Some(v & 0xffff)
        }
        "sendmsg" => {
            if let Some(v) = parse_int(t) {
                return Some(v as u32 & 0xffff);
            }
            let body = t.strip_prefix("sendmsg(")?.strip_suffix(')')?;
            match body.split_once(", ") {
                Some((id, _)) => parse_int(id).map(|v| v as u32 & 0xff),
                None => (0..256u32).find(|i| {
                    let mut s = String::new();
                    super::decode_mem::sendmsg_text(&mut s, *i);
                    s == t
                }),
            }
        }
        _ => reverse_simm(enc, op, t),
    }
}

/// The immediate whose printing is `t` (waitcnt-like formats without a closed parser):
/// found by printing every value once and remembering the texts.
fn reverse_simm(enc: OEnc, op: u32, t: &str) -> Option<u32> {
    use std::sync::Mutex;
    static CACHE: OnceLock<Mutex<HashMap<(u8, u32), HashMap<String, u32>>>> = OnceLock::new();
    let c = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut g = c.lock().ok()?;
    let key = (enc as u8, op);
    let map = g.entry(key).or_insert_with(|| {
        let mut m = HashMap::new();
        let mut s = String::new();
        for v in (0..=0xffffu32).rev() {
            let w0 = match enc {
                OEnc::Sopp => 0xbf80_0000 | op << 16 | v,
                _ => 0xb000_0000 | op << 23 | v,
            };
            s.clear();
            if decode(&[w0, 0, 0, 0], 2, false, &mut s).is_ok() {
                let arg = if enc == OEnc::Sopp {
                    s.split_once(' ').map_or("", |x| x.1)
                } else if s.contains(", ") {
                    s.rsplit(", ").next().unwrap_or("")
                } else {
                    s.split_once(' ').map_or("", |x| x.1)
                };
                m.insert(arg.to_string(), v);
            }
        }
        m
    });
    map.get(t).copied()
}

fn other_words(
    e: OEnc,
    op: u32,
    r: &ORow,
    ops: &[String],
    mods: &[String],
    wave64: bool,
) -> Option<Vec<u32>> {
    let n = |a: u8, b: u8| if wave64 { b } else { a } as u32;
    let lit = std::cell::Cell::new(None::<u32>);
    let src = |t: &str, nn: u32| -> Option<u32> {
        if t == "0.15915494" {
            return Some(248);
        }
        let (v, l) = parse_src9(t, nn, if nn >= 2 { Ty::I64 } else { Ty::B32 })?;
        if v >= 256 {
            return None;
        }
        if let Some(l) = l {
            lit.set(Some(l));
        }
        Some(v)
    };
    let flags = |names: &[(&str, u32, usize)], words: &mut [u32]| -> bool {
        for m in mods {
            match names.iter().find(|(k, _, _)| k == m) {
                Some((_, bit, w)) => words[*w] |= 1 << bit,
                None => {
                    if !m.starts_with("offset") && !m.starts_with("format:") {
                        return false;
                    }
                }
            }
        }
        true
    };
    let modval = |key: &str| -> Option<i64> {
        mods.iter()
            .find_map(|m| m.strip_prefix(key))
            .and_then(parse_int)
    };
    match e {
        OEnc::Sop1 | OEnc::Sop2 | OEnc::Sopc | OEnc::Sopk | OEnc::Sopp => {
            if !mods.is_empty() && !(matches!(e, OEnc::Sopp | OEnc::Sopk)) {
                return None;
            }
            // SOPP/SOPK immediates may contain spaces: rejoin them
            let joined;
            let ops: &[String] = if matches!(e, OEnc::Sopp | OEnc::Sopk) && !mods.is_empty() {
                let mut v = ops.to_vec();
                let last = v.pop().unwrap_or_default();
                joined = {
                    let mut s = last;
                    for m in mods {
                        s.push(' ');
                        s.push_str(m);
                    }
                    v.push(s);
                    v
                };
                &joined
            } else {
                ops
            };
            let skip_zero = r.mnemonic == "s_endpgm" && ops.is_empty();
            if ops.len() != r.ops.len() && !skip_zero {
                return None;
            }
            let (mut sdst, mut s0, mut s1, mut imm) = (0u32, 0u32, 0u32, 0u32);
            for (o, t) in r.ops.iter().zip(ops) {
                match *o {
                    OOp::Reg("sdst", a, b, _) => sdst = parse_sreg(t, n(a, b))?,
                    OOp::Reg("ssrc0", a, b, _) => s0 = src(t, n(a, b))?,
                    OOp::Reg("ssrc1", a, b, _) => s1 = src(t, n(a, b))?,
                    OOp::Simm(k) => imm = simm16(k, t, e, op)?,
                    OOp::Hwreg => {
                        let body = t.strip_prefix("hwreg(")?.strip_suffix(')')?;
                        let p: Vec<&str> = body.split(',').map(str::trim).collect();
                        let id = match (1..64).find(|i| {
                            let mut s = String::new();
                            super::decode_mem::hwreg_text(&mut s, *i | 31 << 11);
                            s == format!("hwreg({})", p[0])
                        }) {
                            Some(i) => i,
                            None => parse_int(p[0])? as u32,
                        };
                        let (off, size) = if p.len() == 3 {
                            (parse_int(p[1])? as u32, parse_int(p[2])? as u32)
                        } else {
                            (0, 32)
                        };
                        imm = id | off << 6 | (size.checked_sub(1)?) << 11;
                    }
                    OOp::RtnMsg => {
                        s0 = simm16("sendmsg", t, OEnc::Sopp, 0x36).filter(|v| *v < 256)?
                    }
                    OOp::Lit => lit.set(Some(parse_int(t)? as u32)),
                    OOp::Text(a, b) => {
                        if t != if wave64 { b } else { a } {
                            return None;
                        }
                    }
                    _ => return None,
                }
            }
            let w0 = match e {
                OEnc::Sop1 => 0xbe80_0000 | sdst << 16 | op << 8 | s0,
                OEnc::Sop2 => 0x8000_0000 | op << 23 | sdst << 16 | s1 << 8 | s0,
                OEnc::Sopc => 0xbf00_0000 | op << 16 | s1 << 8 | s0,
                OEnc::Sopk => 0xb000_0000 | op << 23 | sdst << 16 | imm,
                _ => 0xbf80_0000 | op << 16 | imm,
            };
            let mut w = vec![w0];
            if let Some(l) = lit.get() {
                w.push(l);
            }
            Some(w)
        }
        OEnc::Smem => {
            let (mut w0, mut w1) = (0xf400_0000 | op << 18, 0u32);
            let mut soff = if r.ops.contains(&OOp::Soffset) {
                124
            } else {
                0
            };
            for (o, t) in r.ops.iter().zip(ops) {
                match *o {
                    OOp::Reg("sdata", a, b, _) => w0 |= parse_sreg(t, n(a, b))? << 6,
                    OOp::Reg("sbase", a, b, _) => w0 |= parse_sreg(t, n(a, b))? / 2,
                    OOp::SdataImm => w0 |= (parse_int(t)? as u32 & 0x7f) << 6,
                    OOp::Soffset => {
                        if let Some(s) = parse_sreg(t, 1) {
                            soff = s;
                        } else {
                            w1 |= parse_int(t)? as u32 & 0x1f_ffff;
                        }
                    }
                    _ => return None,
                }
            }
            if ops.len() != r.ops.len() {
                return None;
            }
            if let Some(o) = modval("offset:") {
                w1 |= o as u32 & 0x1f_ffff;
            }
            w1 |= soff << 25;
            let mut w = [w0, w1];
            flags(&[("glc", 14, 0), ("dlc", 13, 0)], &mut w).then(|| w.to_vec())
        }
        OEnc::Ds => {
            let (mut w0, mut w1) = (0xd800_0000 | op << 18, 0u32);
            if ops.len() != r.ops.len() {
                return None;
            }
            for (o, t) in r.ops.iter().zip(ops) {
                let OOp::Reg(f, a, b, _) = *o else {
                    return None;
                };
                let (v, c, _) = parse_vreg(t)?;
                if c != n(a, b) {
                    return None;
                }
                w1 |= v
                    << match f {
                        "vdst" => 24,
                        "addr" => 0,
                        "data0" => 8,
                        _ => 16,
                    };
            }
            if let Some(o) = modval("offset:") {
                w0 |= o as u32 & 0xffff;
            } else if let Some(o) = mods.iter().find_map(|m| m.strip_prefix("offset:")) {
                w0 |= swizzle_offset(o)?;
            }
            if let Some(o) = modval("offset0:") {
                w0 |= o as u32 & 0xff;
            }
            if let Some(o) = modval("offset1:") {
                w0 |= (o as u32 & 0xff) << 8;
            }
            let mut w = [w0, w1];
            flags(&[("gds", 17, 0)], &mut w).then(|| w.to_vec())
        }
        OEnc::Flat | OEnc::Global | OEnc::Scratch => {
            let seg = match e {
                OEnc::Flat => 0,
                OEnc::Scratch => 1,
                _ => 2,
            };
            let (mut w0, mut w1) = (0xdc00_0000 | op << 18 | seg << 16, 124u32 << 16);
            let glc = mods.iter().any(|m| m == "glc");
            let mut ops = ops;
            if r.mnemonic.contains("_atomic_") && glc && r.reg("vdst").is_none() {
                let (v, _, _) = parse_vreg(ops.first()?)?;
                w1 |= v << 24;
                ops = &ops[1..];
            }
            if ops.len() != r.ops.len() {
                return None;
            }
            for (o, t) in r.ops.iter().zip(ops) {
                match *o {
                    OOp::Reg("vdst", ..) => w1 |= parse_vreg(t)?.0 << 24,
                    OOp::Reg("data", ..) => w1 |= parse_vreg(t)?.0 << 8,
                    OOp::Reg("addr", ..) => {
                        if t == "off" {
                            if e != OEnc::Scratch {
                                return None;
                            }
                        } else {
                            w1 |= parse_vreg(t)?.0;
                            if e == OEnc::Scratch {
                                w1 |= 1 << 23;
                            }
                        }
                    }
                    OOp::Text("off", _) => {
                        if t != "off" {
                            let s = parse_sreg(t, if e == OEnc::Global { 2 } else { 1 })
                                .or_else(|| (t.starts_with("exec_hi")).then_some(127))?;
                            w1 = (w1 & !(0x7f << 16)) | s << 16;
                        }
                    }
                    _ => return None,
                }
            }
            if let Some(o) = modval("offset:") {
                w0 |= o as u32 & 0x1fff;
            }
            let mut w = [w0, w1];
            flags(&[("glc", 14, 0), ("slc", 15, 0), ("dlc", 13, 0)], &mut w).then(|| w.to_vec())
        }
        OEnc::Mubuf | OEnc::Mtbuf => {
            let mut w0 = if e == OEnc::Mubuf {
                0xe000_0000 | op << 18
            } else {
                0xe800_0000 | op << 15 | 1 << 19
            };
            let mut w1 = 0u32;
            if ops.len() != r.ops.len() {
                return None;
            }
            for (o, t) in r.ops.iter().zip(ops) {
                match *o {
                    OOp::Reg("vdata", ..) => w1 |= parse_vreg(t)?.0 << 8,
                    OOp::Reg("vaddr", ..) | OOp::Text("off", _) => {
                        if t != "off" {
                            w1 |= parse_vreg(t)?.0;
                        }
                    }
                    OOp::Reg("srsrc", ..) => w1 |= (parse_sreg(t, 4)? / 4) << 16,
                    OOp::Reg("soffset", ..) => w1 |= src(t, 1)? << 24,
                    _ => return None,
                }
            }
            if let Some(o) = modval("offset:") {
                w0 |= o as u32 & 0xfff;
            }
            if let Some(f) = mods.iter().find_map(|m| m.strip_prefix("format:")) {
                let v = include_str!("../../../../data/rdna3/buf_format.txt")
                    .lines()
                    .filter(|l| !l.starts_with('#'))
                    .position(|l| l.split('\t').nth(1) == Some(f))? as u32;
                w0 = (w0 & !(0x7f << 19)) | v << 19;
            }
            let mut w = [w0, w1];
            let ok = flags(
                &[
                    ("glc", 14, 0),
                    ("slc", 12, 0),
                    ("dlc", 13, 0),
                    ("tfe", 21, 1),
                    ("offen", 22, 1),
                    ("idxen", 23, 1),
                ],
                &mut w,
            );
            let mut v = w.to_vec();
            if let Some(l) = lit.get() {
                v.push(l);
            }
            ok.then_some(v)
        }
        _ => None,
    }
}

/// VOPD: `X :: Y`, with the register-bank rules llvm enforces.
fn vopd_words(text: &str) -> Result<Option<Vec<u32>>, AsmError> {
    let Some((x, y)) = text.split_once(" :: ") else {
        return Ok(None);
    };
    let half = |t: &str, side: usize| -> Option<(u32, u32, u32, u32, Option<u32>)> {
        let (mn, rest) = t.split_once(' ')?;
        let opn = (0..32).find(|o| super::vopd::op(side, *o).is_some_and(|v| v.mnemonic == mn))?;
        let vo = super::vopd::op(side, opn)?;
        let ops = split_top(rest, ',');
        if ops.len() != vo.ops.len() {
            return None;
        }
        let (mut vdst, mut src0, mut vsrc1, mut lit) = (0, 0, 0, None);
        for (k, t) in vo.ops.iter().zip(&ops) {
            match *k {
                "vdst" => vdst = parse_vreg(t)?.0,
                "vsrc1" => vsrc1 = parse_vreg(t)?.0,
                "src0" => {
                    let (v, l) = parse_src9(t, 1, Ty::B32)?;
                    src0 = v;
                    if l.is_some() {
                        lit = l;
                    }
                }
                "k" => lit = Some(super::asm_operand::parse_literal(t, Ty::B32)?),
                _ => {}
            }
        }
        Some((opn, vdst, src0, vsrc1, lit))
    };
    let (Some(a), Some(b)) = (half(x, 0), half(y.trim(), 1)) else {
        return Ok(None);
    };
    // llvm's bank rules: src0, src1 and src2 of X and Y (when both are VGPRs) in different banks
    // (register % 4); fmamk's VGPR is its src2, fmac/dot2acc read vdst as src2; destinations one
    // even, one odd
    let srcs = |h: &(u32, u32, u32, u32, Option<u32>), side: usize| -> [Option<u32>; 3] {
        let mn = super::vopd::op(side, h.0).map_or("", |o| o.mnemonic);
        let s0 = (h.2 >= 256).then(|| h.2 - 256);
        match mn {
            "v_dual_fmamk_f32" => [s0, None, Some(h.3)],
            "v_dual_fmaak_f32" => [s0, Some(h.3), None],
            "v_dual_fmac_f32" | "v_dual_dot2acc_f32_f16" | "v_dual_dot2acc_f32_bf16" => {
                [s0, Some(h.3), Some(h.1)]
            }
            "v_dual_mov_b32" => [s0, None, None],
            _ => [s0, Some(h.3), None],
        }
    };
    let (sa, sb) = (srcs(&a, 0), srcs(&b, 1));
    for i in 0..3 {
        if let (Some(p), Some(q)) = (sa[i], sb[i]) {
            if p % 4 == q % 4 {
                return err(0, format!("src{i} operands must use different VGPR banks"));
            }
        }
    }
    if a.1 % 2 == b.1 % 2 {
        return err(0, "one dst register must be even and the other odd");
    }
    if let (Some(l1), Some(l2)) = (a.4, b.4) {
        if l1 != l2 {
            return err(
                0,
                "invalid VOPD instruction: X and Y use different literals",
            );
        }
    }
    let w0 = 0xc800_0000 | a.0 << 22 | b.0 << 17 | a.3 << 9 | a.2;
    let w1 = a.1 << 24 | (b.1 >> 1) << 17 | b.3 << 9 | b.2;
    let mut w = vec![w0, w1];
    if let Some(l) = a.4.or(b.4) {
        w.push(l);
    }
    Ok(Some(w))
}

/// Scalar values (distinct SGPRs and the literal) a VOP3 instruction reads through its sources:
/// gfx11's constant bus carries two.
fn constant_bus(row: &Row, words: &[u32]) -> usize {
    let w1 = words.get(1).copied().unwrap_or(0);
    let mut sg: Vec<u32> = Vec::new();
    let mut lit = 0;
    for (f, sh) in [(Field::Src0, 0), (Field::Src1, 9), (Field::Src2, 18)] {
        if row.field(f).is_none() {
            continue;
        }
        let v = (w1 >> sh) & 0x1ff;
        if v < 128 && v != 124 {
            sg.push(v);
        } else if v == 255 {
            lit = 1;
        }
    }
    sg.sort();
    sg.dedup();
    sg.len() + lit
}

fn canon(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Assembles one instruction (no label, no comment) to its dwords.
pub fn assemble_inst(text: &str, wave64: bool) -> Result<Vec<u32>, AsmError> {
    let text = text.trim();
    let zero_off;
    let text = match smem_zero_offset(text) {
        Some(t) => {
            zero_off = t;
            zero_off.as_str()
        }
        None => text,
    };
    if text.contains(" :: ") {
        if wave64 {
            return err(0, "VOPD dual issue is not available in wave64");
        }
        if let Some(w) = vopd_words(text)? {
            return verify(text, w, wave64).ok_or(AsmError {
                col: 0,
                message: "cannot encode this VOPD pair".into(),
            });
        }
        return err(0, "unknown VOPD operation");
    }
    let (mn, rest) = text.split_once(' ').unwrap_or((text, ""));
    if mn == "v_illegal" {
        // The zero word (llvm-mc-19 takes it with no operands).
        return match rest.trim() {
            "" => Ok(vec![0]),
            _ => err(0, "v_illegal takes no operands"),
        };
    }
    if let Some(w) = special_words(mn, rest.trim(), wave64) {
        if let Some(w) = verify(text, w, wave64) {
            return Ok(w);
        }
    }
    let Some(cands) = index().get(mn) else {
        // like llvm-mc: a VALU mnemonic without its encoding suffix takes the 32-bit form when it
        // can, else VOP3 (or DPP when DPP controls are written)
        let dpp = rest.contains("quad_perm") || rest.contains("row_") || rest.contains("dpp8");
        let suffixes: &[&str] = if dpp {
            &["_dpp", "_e64_dpp"]
        } else {
            &["_e32", "_e64"]
        };
        let mut first_err = None;
        for sfx in suffixes {
            let m = format!("{mn}{sfx}");
            if index().contains_key(m.as_str()) {
                match assemble_inst(&format!("{m} {rest}"), wave64) {
                    Ok(w) => return Ok(w),
                    Err(e) => {
                        first_err.get_or_insert(e);
                    }
                }
            }
        }
        return match first_err {
            Some(e) => Err(e),
            None => err(0, format!("unknown instruction '{mn}' for gfx11")),
        };
    };
    let (ops, mods) = operands_and_mods(rest);
    let mut last_bus = None;
    for c in cands {
        let words = match *c {
            Cand::E32(e, op) => table(e)
                .get(op)
                .and_then(|r| e32_words(e, op, r, &ops, &mods, wave64, None)),
            Cand::Dpp(e, op, d8) => table(e).get(op).and_then(|r| match e {
                Enc::Vop3 | Enc::Vop3p => vop3_words(e, op, r, &ops, &mods, wave64, Some(d8)),
                _ => e32_words(e, op, r, &ops, &mods, wave64, Some(d8)),
            }),
            Cand::Vop3(e, op) => table(e)
                .get(op)
                .and_then(|r| vop3_words(e, op, r, &ops, &mods, wave64, None)),
            Cand::Other(e, op) => {
                orow(e, op).and_then(|r| other_words(e, op, r, &ops, &mods, wave64))
            }
        };
        let Some(words) = words else { continue };
        if let Cand::Vop3(Enc::Vop3, op) = *c {
            if let Some(r) = table(Enc::Vop3).get(op) {
                let n = constant_bus(r, &words);
                if n > 2 {
                    last_bus = Some(n);
                    continue;
                }
            }
        }
        if let Some(w) = verify(text, words, wave64) {
            return Ok(w);
        }
    }
    if last_bus.is_none() {
        if let Some(Ok(w)) = alias(mn, rest, wave64) {
            return Ok(w);
        }
    }
    // two different literals: llvm's VOP3 literal rule
    if mn.starts_with("v_") {
        let mut lits: Vec<(usize, u32)> = Vec::new();
        let mut col = mn.len() + 1;
        for o in split_top(rest, ',') {
            let (t, ..) = strip_mods(o.split(' ').next().unwrap_or(""));
            if parse_vreg(t).is_none()
                && parse_sreg(t, 1).is_none()
                && super::asm_operand::parse_inline(t, Ty::B32).is_none()
            {
                if let Some(l) = super::asm_operand::parse_literal(t, Ty::B32) {
                    if !lits.iter().any(|x| x.1 == l) {
                        lits.push((col, l));
                    }
                }
            }
            col += o.len() + 2;
        }
        if lits.len() > 1 {
            return err(lits[1].0, "only one unique literal operand is allowed");
        }
    }
    if let Some(n) = last_bus {
        return err(
            mn.len() + 1,
            format!("invalid operand (violates constant bus restrictions): {n} scalar values, gfx11 reads at most 2"),
        );
    }
    err(
        mn.len() + 1,
        format!("invalid operands for instruction '{mn}'"),
    )
}

/// EXP, LDSDIR, VINTERP and MIMG, whose operand syntax is their own.
fn special_words(mn: &str, rest: &str, wave64: bool) -> Option<Vec<u32>> {
    if mn == "exp" {
        let (tgt, rest) = rest.split_once(' ')?;
        let t = match tgt {
            "mrtz" => 8,
            "prim" => 20,
            "dual_src_blend0" => 21,
            "dual_src_blend1" => 22,
            _ => {
                if let Some(n) = tgt.strip_prefix("mrt") {
                    n.parse::<u32>().ok()?
                } else if let Some(n) = tgt.strip_prefix("pos") {
                    12 + n.parse::<u32>().ok()?
                } else {
                    tgt.strip_prefix("invalid_target_")?.parse().ok()?
                }
            }
        };
        let (ops, mods) = operands_and_mods(rest);
        if ops.len() != 4 {
            return None;
        }
        let (mut w0, mut w1) = (0xf800_0000 | t << 4, 0u32);
        for (i, o) in ops.iter().enumerate() {
            if o != "off" {
                w0 |= 1 << i;
                w1 |= parse_vreg(o)?.0 << (8 * i);
            }
        }
        for m in &mods {
            match m.as_str() {
                "done" => w0 |= 1 << 11,
                "row_en" => w0 |= 1 << 13,
                _ => return None,
            }
        }
        return Some(vec![w0, w1]);
    }
    if mn == "lds_param_load" || mn == "lds_direct_load" {
        let (ops, mods) = operands_and_mods(rest);
        let mut w0 = 0xce00_0000 | parse_vreg(ops.first()?)?.0;
        if mn == "lds_param_load" {
            let a = ops.get(1)?.strip_prefix("attr")?;
            let (n, c) = a.split_once('.')?;
            let chan = ["x", "y", "z", "w"].iter().position(|x| *x == c)? as u32;
            w0 |= n.parse::<u32>().ok()? << 10 | chan << 8;
        } else {
            w0 |= 1 << 20;
        }
        for m in &mods {
            w0 |= (parse_int(m.strip_prefix("wait_vdst:")?)? as u32 & 0xf) << 16;
        }
        return Some(vec![w0]);
    }
    if mn.starts_with("v_interp_") {
        let op = (0..128).find(|o| orow(OEnc::Vinterp, *o).is_some_and(|r| r.mnemonic == mn))?;
        let (ops, mods) = operands_and_mods(rest);
        if ops.len() != 4 {
            return None;
        }
        let mut w0 = 0xcd00_0000 | op << 16 | parse_vreg(&ops[0])?.0;
        let mut w1 = 0u32;
        let mut lit = None;
        for (i, o) in ops[1..].iter().enumerate() {
            let (t, neg, _, _) = strip_mods(o);
            let (v, l) = parse_src9(t, 1, Ty::B32)?;
            if l.is_some() {
                lit = l;
            }
            w1 |= v << (9 * i) | (neg as u32) << (29 + i);
        }
        for m in &mods {
            if m == "clamp" {
                w0 |= 1 << 15;
            } else if let Some(b) = m.strip_prefix("op_sel:") {
                w0 |= parse_bits(b)? << 11;
            } else {
                w0 |= (parse_int(m.strip_prefix("wait_exp:")?)? as u32 & 7) << 8;
            }
        }
        let mut w = vec![w0, w1];
        w.extend(lit);
        return Some(w);
    }
    if mn.starts_with("image_") {
        let op = (0..256).find(|o| orow(OEnc::Mimg, *o).is_some_and(|r| r.mnemonic == mn))?;
        let r = orow(OEnc::Mimg, op)?;
        let (ops, mods) = operands_and_mods(rest);
        if ops.len() != r.ops.len() {
            return None;
        }
        let (mut w0, mut w1, mut extra) = (0xf000_0000 | op << 18, 0u32, None);
        for (o, t) in r.ops.iter().zip(&ops) {
            match *o {
                OOp::Reg("vdata", ..) => w1 |= parse_vreg(t)?.0 << 8,
                OOp::Reg("vaddr", ..) => {
                    if let Some(list) = t.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
                        w0 |= 1;
                        let mut e = 0u32;
                        for (i, a) in list.split(',').map(str::trim).enumerate() {
                            let v = parse_vreg(a)?.0;
                            if i == 0 {
                                w1 |= v;
                            } else if i <= 4 {
                                e |= v << (8 * (i - 1));
                            }
                        }
                        extra = Some(e);
                    } else {
                        w1 |= parse_vreg(t)?.0;
                    }
                }
                OOp::Reg("srsrc", ..) => w1 |= (parse_sreg(t, 8)? / 4) << 16,
                OOp::Reg("ssamp", ..) => w1 |= (parse_sreg(t, 4)? / 4) << 26,
                _ => return None,
            }
        }
        const DIMS: [&str; 8] = [
            "1D",
            "2D",
            "3D",
            "CUBE",
            "1D_ARRAY",
            "2D_ARRAY",
            "2D_MSAA",
            "2D_MSAA_ARRAY",
        ];
        for m in &mods {
            if let Some(d) = m.strip_prefix("dmask:") {
                w0 |= (parse_int(d)? as u32 & 0xf) << 8;
            } else if let Some(d) = m.strip_prefix("dim:SQ_RSRC_IMG_") {
                w0 |= (DIMS.iter().position(|x| *x == d)? as u32) << 2;
            } else {
                let (bit, word) = match m.as_str() {
                    "unorm" => (7, 0),
                    "slc" => (12, 0),
                    "dlc" => (13, 0),
                    "glc" => (14, 0),
                    "r128" => (15, 0),
                    "a16" => (16, 0),
                    "d16" => (17, 0),
                    "tfe" => (21, 1),
                    "lwe" => (22, 1),
                    _ => return None,
                };
                if word == 0 {
                    w0 |= 1 << bit;
                } else {
                    w1 |= 1 << bit;
                }
            }
        }
        let _ = wave64;
        let mut w = vec![w0, w1];
        w.extend(extra);
        return Some(w);
    }
    None
}

/// `swizzle(...)` of `ds_swizzle_b32` back to its 16-bit offset.
fn swizzle_offset(t: &str) -> Option<u32> {
    let body = t.strip_prefix("swizzle(")?.strip_suffix(')')?;
    let p: Vec<&str> = body.split(',').map(str::trim).collect();
    let num = |i: usize| -> Option<u32> { p.get(i).and_then(|x| parse_int(x)).map(|v| v as u32) };
    Some(match p[0] {
        "QUAD_PERM" => 0x8000 | num(1)? | num(2)? << 2 | num(3)? << 4 | num(4)? << 6,
        "SWAP" => 0x1f | num(1)? << 10,
        "REVERSE" => 0x1f | (num(1)? - 1) << 10,
        "BROADCAST" => (0x20 - num(1)?) | num(2)? << 5,
        "BITMASK_PERM" => {
            let m = p.get(1)?.trim_matches('"');
            let (mut and, mut or, mut xor) = (0u32, 0u32, 0u32);
            for (i, c) in m.chars().enumerate() {
                let b = 1u32 << (4usize.checked_sub(i)?);
                match c {
                    '1' => or |= b,
                    'p' => and |= b,
                    'i' => {
                        and |= b;
                        xor |= b
                    }
                    '0' => {}
                    _ => return None,
                }
            }
            and | or << 5 | xor << 10
        }
        _ => return None,
    })
}

/// Like llvm-mc: a VALU mnemonic without its encoding suffix takes the 32-bit form when it can,
/// else VOP3 (DPP forms when DPP controls are written).
fn alias(mn: &str, rest: &str, wave64: bool) -> Option<Result<Vec<u32>, AsmError>> {
    if !mn.starts_with("v_") || mn.ends_with("_e32") || mn.ends_with("_e64") || mn.ends_with("_dpp")
    {
        return None;
    }
    let dpp = rest.contains("quad_perm") || rest.contains("row_") || rest.contains("dpp8");
    let suffixes: &[&str] = if dpp {
        &["_dpp", "_e64_dpp"]
    } else {
        &["_e32", "_e64"]
    };
    let mut first_err = None;
    for sfx in suffixes {
        let m = format!("{mn}{sfx}");
        if index().contains_key(m.as_str()) {
            match assemble_inst(&format!("{m} {rest}"), wave64) {
                Ok(w) => return Some(Ok(w)),
                Err(e) => {
                    first_err.get_or_insert(e);
                }
            }
        }
    }
    first_err.map(Err)
}

/// clang writes an SMEM load with offset 0 and no SGPR offset as `s_load_b32 s0, s[0:1], 0x0`;
/// that is the encoding of `null` (soffset null, offset 0), which the decoder prints. The text with
/// `null` in the offset's place, for such a line.
fn smem_zero_offset(text: &str) -> Option<String> {
    let (mn, rest) = text.split_once([' ', '\t'])?;
    if !(mn.starts_with("s_load_") || mn.starts_with("s_buffer_load_")) {
        return None;
    }
    let parts: Vec<&str> = rest.split(',').collect();
    if parts.len() != 3 {
        return None;
    }
    let last = parts[2].trim_start();
    let (off, mods) = last.split_once([' ', '\t']).unwrap_or((last, ""));
    let zero = off == "0" || off.eq_ignore_ascii_case("0x0");
    zero.then(|| format!("{mn} {},{}, null {mods}", parts[0], parts[1]))
}

/// Accepts the words if decoding them prints `text` (whitespace-insensitive).
fn verify(text: &str, words: Vec<u32>, wave64: bool) -> Option<Vec<u32>> {
    let mut w = [0u32; 4];
    for (i, x) in words.iter().take(4).enumerate() {
        w[i] = *x;
    }
    let mut s = String::new();
    let d = decode(&w, words.len(), wave64, &mut s).ok()?;
    (d.len as usize == words.len() && canon(&s) == canon(text)).then_some(words)
}

/// Assembles a whole source: instructions, labels (`name:`), comments (`;`, `//`) and directives
/// (`.text` and the like are accepted and ignored).
pub fn assemble(req: &AsmRequest<'_>) -> AsmOutput {
    let wave64 = req.options.wave64;
    let mut out = AsmOutput::default();
    let mut listing = String::from("\t.text\n");
    let mut offset = 0usize;
    for line in req.source.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let mut body = line.trim_end_matches(['\n', '\r']);
        for c in ["//", ";"] {
            if let Some(i) = body.find(c) {
                body = &body[..i];
            }
        }
        let lead = body.len() - body.trim_start().len();
        let t = body.trim();
        if t.is_empty() || t.starts_with('.') || t.ends_with(':') {
            continue;
        }
        match assemble_inst(t, wave64) {
            Ok(words) => {
                let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                if req.options.show_encoding {
                    // llvm-mc prints the canonical text (with the encoding suffix it chose)
                    let mut w = [0u32; 4];
                    for (i, x) in words.iter().take(4).enumerate() {
                        w[i] = *x;
                    }
                    let mut canon_text = String::new();
                    if decode(&w, words.len(), wave64, &mut canon_text).is_err() {
                        canon_text = t.to_string();
                    }
                    crate::gcn::target::encoding_line(&mut listing, &canon_text, &bytes);
                    listing.push('\n');
                }
                out.bytes.extend_from_slice(&bytes);
            }
            Err(e) => {
                let at = start + lead + e.col.min(t.len());
                out.diagnostics.push(
                    Diagnostic::error(Span::new(at, at + 1), e.message)
                        .with_help("write the instruction as llvm-mc-19 prints it for gfx1100"),
                );
            }
        }
    }
    if req.options.show_encoding {
        out.listing = Some(listing);
    }
    out
}
