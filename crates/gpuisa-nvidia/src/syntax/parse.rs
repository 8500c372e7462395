//! Text -> word for one instruction: the candidate forms of the mnemonic are tried in turn and
//! the first whose modifiers and operands all parse (and that decodes back to itself) wins.

use super::{field, is_imm, is_optional, put, reg, PHASES, SWIZZLE};
use crate::table::{table, Form, Kind, Mod, Operand};
use crate::SREG_NAMES;

/// A parse failure: message and byte range within the instruction text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub start: usize,
    pub end: usize,
    pub message: String,
    pub help: Option<String>,
}

impl ParseError {
    fn new(start: usize, end: usize, message: impl Into<String>) -> Self {
        ParseError {
            start,
            end,
            message: message.into(),
            help: None,
        }
    }
}

/// Splits `text` on top-level commas, returning trimmed pieces with their offsets.
fn split_operands(text: &str, base: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '[' | '{' => depth += 1,
            ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                push_trim(&mut out, text, start, i, base);
                start = i + 1;
            }
            _ => {}
        }
    }
    push_trim(&mut out, text, start, text.len(), base);
    out
}

fn push_trim<'a>(out: &mut Vec<(usize, &'a str)>, text: &'a str, s: usize, e: usize, base: usize) {
    let piece = &text[s..e];
    let lead = piece.len() - piece.trim_start().len();
    out.push((base + s + lead, piece.trim()));
}

pub(crate) fn parse_int(s: &str) -> Option<i64> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()?
    } else {
        body.parse::<u64>().ok()?
    };
    if v > 1 << 63 {
        return None;
    }
    Some(if neg {
        (v as i64).wrapping_neg()
    } else {
        v as i64
    })
}

fn parse_reg(s: &str) -> Option<u64> {
    if s == "RZ" {
        return Some(255);
    }
    let n: u64 = s.strip_prefix('R')?.parse().ok()?;
    (n < 255).then_some(n)
}

fn parse_double(s: &str) -> Option<u64> {
    Some(match s.trim() {
        "+INF" | "INF" => f64::INFINITY.to_bits(),
        "-INF" => f64::NEG_INFINITY.to_bits(),
        "+QNAN" | "QNAN" => 0x7ff8_0000_0000_0000,
        "-QNAN" => 0xfff8_0000_0000_0000,
        "+SNAN" | "SNAN" => 0x7ff4_0000_0000_0000,
        "-SNAN" => 0xfff4_0000_0000_0000,
        t => {
            if t.starts_with("0x") || t.starts_with("-0x") {
                return None;
            }
            t.parse::<f64>().ok()?.to_bits()
        }
    })
}

fn parse_float(s: &str) -> Option<u32> {
    let s = s.trim();
    Some(match s {
        "+INF" | "INF" => 0x7f80_0000,
        "-INF" => 0xff80_0000,
        "+QNAN" | "QNAN" => 0x7fc0_0000,
        "-QNAN" => 0xffc0_0000,
        _ => {
            if s.starts_with("0x") || s.starts_with("-0x") {
                return None;
            }
            s.parse::<f32>().ok()?.to_bits()
        }
    })
}

/// Result of parsing one instruction: the word and the reuse flags written in the text.
pub struct Parsed {
    pub word: u64,
    pub reuse: u8,
}

/// Parses `text` (mnemonic and operands, without predicate or `;`) at byte offset `base` of the
/// source line, for `sm`. The predicate guard bits are left at PT (caller sets them).
pub fn parse(text: &str, base: usize, sm: u8, pc: u64) -> Result<Parsed, ParseError> {
    let text_trim = text.trim_end();
    let (mn, rest, rest_at) = match text_trim.find(char::is_whitespace) {
        Some(i) => (&text_trim[..i], &text_trim[i..], i),
        None => (text_trim, "", text_trim.len()),
    };
    let mut parts = mn.split('.');
    let name = parts.next().unwrap_or("");
    let suffixes: Vec<&str> = parts.collect();
    let t = table();
    let ops = if rest.trim().is_empty() {
        Vec::new()
    } else {
        split_operands(rest, base + rest_at)
    };
    let mut first_err: Option<ParseError> = None;
    let mut any = false;
    for form in t.by_mnemonic(name) {
        if form.min_sm > sm || form.max_sm < sm {
            continue;
        }
        any = true;
        match try_form(form, &suffixes, &ops, base, mn.len(), pc) {
            Ok(p) => {
                // The word must decode back to this very form (a more specific form wins otherwise).
                if let Some((_, f)) = t.lookup(p.word, sm) {
                    if std::ptr::eq(f, form) {
                        return Ok(p);
                    }
                    // ... or to a form that prints the same operands and leaves out only
                    // modifiers the text spelled (`VSHR.S32.U32.W`: nvdisasm omits S32.U32)
                    if f.mnemonic == form.mnemonic && spells_default(f, p.word, &suffixes, rest, pc)
                    {
                        return Ok(p);
                    }
                }
            }
            Err(e) => {
                let better = match &first_err {
                    None => true,
                    Some(old) => e.start > old.start,
                };
                if better {
                    first_err = Some(e);
                }
            }
        }
    }
    if !any {
        let mut e = ParseError::new(
            base,
            base + name.len(),
            format!("unknown mnemonic '{name}'"),
        );
        e.help = Some(format!(
            "sm_{sm} knows {} mnemonics, e.g. {}",
            t.mnemonics().len(),
            t.mnemonics()
                .iter()
                .take(12)
                .copied()
                .collect::<Vec<_>>()
                .join(", ")
        ));
        return Err(e);
    }
    Err(first_err.unwrap_or_else(|| {
        ParseError::new(
            base,
            base + text_trim.len(),
            "no encoding of this instruction",
        )
    }))
}

/// Whether `word` printed by `f` gives the operands of `rest` and a subsequence of `suffixes`.
fn spells_default(f: &Form, word: u64, suffixes: &[&str], rest: &str, pc: u64) -> bool {
    let mut out = String::new();
    super::print(&mut out, f, word, 0, pc);
    let norm = |x: &str| x.split_whitespace().collect::<Vec<_>>().join(" ");
    let (mn, ops) = match out.find(char::is_whitespace) {
        Some(i) => (&out[..i], &out[i..]),
        None => (out.as_str(), ""),
    };
    if norm(ops) != norm(rest) {
        return false;
    }
    let mut it = suffixes.iter();
    mn.split('.').skip(1).all(|x| it.by_ref().any(|y| *y == x))
}

fn try_form(
    form: &Form,
    suffixes: &[&str],
    ops: &[(usize, &str)],
    base: usize,
    mn_len: usize,
    pc: u64,
) -> Result<Parsed, ParseError> {
    let mut w = form.matches | form.fill | if form.no_guard { 0 } else { 7 << 16 };
    let mut si = 0;
    let mn_err = |msg: String| ParseError::new(base, base + mn_len, msg);
    for m in &form.mods {
        let next = suffixes.get(si).copied();
        match m {
            Mod::Flag { pos, name } => {
                if next == Some(*name) {
                    put(&mut w, *pos, 1, 1);
                    si += 1;
                } else {
                    put(&mut w, *pos, 1, 0);
                }
            }
            Mod::Enum { pos, width, names } => {
                // names may span several dot-separated suffixes (`U16.S16`, `U.128`)
                let _ = next;
                // the longest name that matches wins (`PF1.5` over `PF1`)
                let found = names
                    .iter()
                    .enumerate()
                    .filter_map(|(i, x)| {
                        if x.is_empty() {
                            return None;
                        }
                        let k = x.split('.').count();
                        let got = suffixes.get(si..si + k)?;
                        (got.join(".") == *x).then_some((i, k))
                    })
                    .fold(None, |best: Option<(usize, usize)>, c| match best {
                        Some(b) if b.1 >= c.1 => Some(b),
                        _ => Some(c),
                    });
                match found {
                    Some((i, k)) => {
                        put(&mut w, *pos, *width, i as u64);
                        si += k;
                    }
                    None => match names.iter().position(|x| x.is_empty()) {
                        Some(i) => put(&mut w, *pos, *width, i as u64),
                        None => {
                            return Err(mn_err(format!(
                                "{} needs one of .{}",
                                form.mnemonic,
                                names.join(" .")
                            )))
                        }
                    },
                }
            }
            Mod::Text(n) => {
                if next == Some(*n) {
                    si += 1;
                } else {
                    return Err(mn_err(format!("{} needs .{n}", form.mnemonic)));
                }
            }
        }
    }
    let mut phase_reuse = 0u8;
    if form.phase {
        if let Some(i) = suffixes
            .get(si)
            .and_then(|x| PHASES.iter().position(|p| !p.is_empty() && p == x))
        {
            phase_reuse = i as u8;
            si += 1;
        }
    }
    if si < suffixes.len() {
        return Err(mn_err(format!(
            "unexpected modifier '.{}' for {}",
            suffixes[si], form.mnemonic
        )));
    }
    // Leave out optional operands (from the last one) until the counts agree; they take their
    // default value (PT, 0, empty set).
    let mut form_ops: Vec<&Operand> = form.ops.iter().collect();
    // a leading optional predicate (LEA's `P0, R2.CC, ...`) is left out first when the text's
    // first operand is not a predicate
    if ops.len() < form_ops.len() {
        if let (Some(Kind::PredOpt { pos }), Some((_, t))) =
            (form_ops.first().map(|o| &o.kind), ops.first())
        {
            let t = t.trim_start_matches('!');
            if !(t == "PT" || (t.len() == 2 && t.starts_with('P'))) {
                put(&mut w, *pos, 3, 7);
                form_ops.remove(0);
            }
        }
    }
    // Which optional operands the text leaves out: every choice of the right number is tried,
    // the last ones first (`IPA R1, a[0x5], R2, !P5` leaves out Rc, not the predicate;
    // `NOP.TRIG 0x3d5e` the condition code); the first choice that parses wins.
    let opt: Vec<usize> = (0..form_ops.len())
        .filter(|&i| is_optional(form_ops[i]))
        .collect();
    let need = form_ops.len().saturating_sub(ops.len());
    if ops.len() > form_ops.len() || need > opt.len() {
        let end = base + mn_len + ops.last().map_or(0, |(a, s)| a + s.len() - base - mn_len);
        return Err(ParseError::new(
            base,
            end.max(base + mn_len),
            format!(
                "{} takes {} operands, found {}",
                form.mnemonic,
                form_ops.len() - opt.len(),
                ops.len()
            ),
        ));
    }
    let mut choices: Vec<u32> = (0u32..1 << opt.len())
        .filter(|m| m.count_ones() as usize == need)
        .collect();
    // prefer leaving out later operands
    choices.sort_by_key(|m| {
        std::cmp::Reverse(
            (0..opt.len())
                .filter(|k| m >> k & 1 != 0)
                .map(|k| 1u64 << k)
                .sum::<u64>(),
        )
    });
    let mut first_err = None;
    for m in choices {
        let mut w2 = w;
        let mut kept = Vec::with_capacity(ops.len());
        for (i, op) in form_ops.iter().enumerate() {
            let left_out = opt
                .iter()
                .position(|&k| k == i)
                .is_some_and(|k| m >> k & 1 != 0);
            if !left_out {
                kept.push(*op);
                continue;
            }
            match op.kind {
                Kind::PredOpt { pos } => put(&mut w2, pos, 3, 7),
                Kind::ImmOpt { pos, width } | Kind::BitSet { pos, width } => {
                    put(&mut w2, pos, width, 0)
                }
                Kind::RegOpt { pos } => put(&mut w2, pos, 8, 255),
                Kind::PredOptInv { pos } => put(&mut w2, pos, 3, 0),
                Kind::Names {
                    pos,
                    width,
                    ref names,
                } => {
                    let d = names.iter().position(|n| n.is_empty()).unwrap_or(0);
                    put(&mut w2, pos, width, d as u64)
                }
                _ => {}
            }
        }
        let mut reuse = phase_reuse;
        let r = ops
            .iter()
            .zip(kept)
            .try_for_each(|((at, text), op)| parse_operand(op, text, *at, pc, &mut w2, &mut reuse));
        match r {
            Ok(()) => return Ok(Parsed { word: w2, reuse }),
            Err(e) => {
                if first_err.is_none() {
                    first_err = Some(e);
                }
            }
        }
    }
    Err(first_err.unwrap_or_else(|| ParseError::new(base, base + mn_len, "no operands")))
}

fn parse_operand(
    op: &Operand,
    text: &str,
    at: usize,
    pc: u64,
    w: &mut u64,
    reuse: &mut u8,
) -> Result<(), ParseError> {
    let err = |m: String| ParseError::new(at, at + text.len().max(1), m);
    let mut s = text;
    let owned: String;
    let flag = |s: &mut &str, c: char, pos: Option<u8>, w: &mut u64| -> bool {
        if let (Some(p), Some(rest)) = (pos, s.strip_prefix(c)) {
            // A '-' before a number is part of the immediate unless the form has a neg bit.
            *s = rest;
            put(w, p, 1, 1);
            return true;
        }
        false
    };
    if let Some(x) = s.strip_suffix(".reuse") {
        match op.kind {
            Kind::Reg {
                reuse: Some(sl), ..
            } => *reuse |= 1 << sl,
            _ => return Err(err("this operand has no reuse flag".into())),
        }
        s = x;
    }
    let imm_like = is_imm(&op.kind);
    if imm_like || matches!(op.kind, Kind::Cbank | Kind::CbankSpaced) {
        // a selector suffix comes last on immediates and constants (`0x49e80.NEG.B2`,
        // `|c[0x10] [-0x7c88].B3|`: inside the bars)
        let inner = s.strip_suffix('|');
        let t = inner.unwrap_or(s);
        let (t, i) = strip_sfx(op, t).map_err(err)?;
        if let Some((p, wd, _)) = &op.sfx {
            put(w, *p, *wd, i as u64);
        }
        owned = if inner.is_some() {
            format!("{t}|")
        } else {
            t.to_string()
        };
        s = &owned;
    }
    if imm_like {
        if let (Some(p), Some(x)) = (op.abs, s.strip_suffix(".ABS")) {
            put(w, p, 1, 1);
            s = x;
        }
        if let (Some(p), Some(x)) = (op.neg, s.strip_suffix(".NEG")) {
            put(w, p, 1, 1);
            s = x;
        }
        if let (Some(p), Some(x)) = (op.inv, s.strip_suffix(".INV")) {
            put(w, p, 1, 1);
            s = x;
        }
    } else {
        flag(&mut s, '-', op.neg, w);
    }
    flag(&mut s, '!', op.not, w);
    flag(&mut s, '~', op.inv, w);
    if op.abs.is_some() && s.starts_with('|') && s.ends_with('|') && s.len() >= 2 {
        s = &s[1..s.len() - 1];
        put(w, op.abs.unwrap_or(0), 1, 1);
    }
    match &op.kind {
        Kind::Reg { pos, .. } => {
            let mut r = s;
            // the selector suffix is printed last
            if let Some((p, wd, _)) = &op.sfx {
                let (x, i) = strip_sfx(op, r).map_err(err)?;
                r = x;
                put(w, *p, *wd, i as u64);
            }
            if let Some(x) = r.strip_suffix(".H1").filter(|_| op.vsel.is_none()) {
                put(w, op.h1.ok_or_else(|| err("no .H1 here".into()))?, 1, 1);
                r = x;
            }
            if let Some(p) = op.sw {
                for (i, sfx) in SWIZZLE.iter().enumerate().skip(1) {
                    if let Some(x) = r.strip_suffix(sfx) {
                        put(w, p, 2, i as u64);
                        r = x;
                        break;
                    }
                }
            }
            if let Some(x) = r.strip_suffix(".CC") {
                put(w, op.cc.ok_or_else(|| err("no .CC here".into()))?, 1, 1);
                r = x;
            }
            if let Some(p) = op.vsel {
                // the type modifier set the selector's base (8-bit 0, 16-bit 4): add the part
                for (sfx, k) in [(".B1", 1), (".B2", 2), (".B3", 3), (".H1", 1)] {
                    if let Some(x) = r.strip_suffix(sfx) {
                        let base = *w >> p & 7;
                        // a byte selector needs an 8-bit type, .H1 a 16-bit one
                        let want = if sfx == ".H1" { 4 } else { 0 };
                        if base != want {
                            return Err(err(format!(
                                "selector {sfx} needs a{} operand type",
                                if want == 4 { " 16-bit" } else { "n 8-bit" }
                            )));
                        }
                        put(w, p, 3, base + k);
                        r = x;
                        break;
                    }
                }
            }
            let n = parse_reg(r)
                .ok_or_else(|| err(format!("expected a register R0..R254 or RZ, found '{s}'")))?;
            put(w, *pos, 8, n);
        }
        Kind::NegImm { pos, width, neg } => {
            let v =
                parse_int(s).ok_or_else(|| err(format!("expected an immediate, found '{s}'")))?;
            if v.unsigned_abs() >= 1u64 << width {
                return Err(err(format!("immediate {v:#x} out of range")));
            }
            put(w, *neg, 1, (v < 0) as u64);
            put(w, *pos, *width, v.unsigned_abs());
        }
        Kind::ImmOpt { pos, width } => {
            let v =
                parse_int(s).ok_or_else(|| err(format!("expected an immediate, found '{s}'")))?;
            if v < 0 || v >= 1i64 << width {
                return Err(err(format!("immediate {s} does not fit {width} bits")));
            }
            put(w, *pos, *width, v as u64);
        }
        Kind::BitSet { pos, width } => {
            let inner = s
                .strip_prefix('{')
                .and_then(|x| x.strip_suffix('}'))
                .ok_or_else(|| err("expected a set like {5,1}".into()))?;
            let mut v = 0u64;
            for part in inner.split(',').filter(|p| !p.trim().is_empty()) {
                let b: u8 = part
                    .trim()
                    .parse()
                    .map_err(|_| err(format!("bad set element '{part}'")))?;
                if b >= *width {
                    return Err(err(format!(
                        "set element {b} out of range 0..{}",
                        width - 1
                    )));
                }
                v |= 1 << b;
            }
            put(w, *pos, *width, v);
        }
        Kind::Names { pos, width, names } => {
            let i = names
                .iter()
                .position(|n| *n != "!" && !n.is_empty() && *n == s)
                .ok_or_else(|| {
                    err(format!(
                        "expected one of {}",
                        names
                            .iter()
                            .filter(|n| **n != "!" && !n.is_empty())
                            .copied()
                            .collect::<Vec<_>>()
                            .join(", ")
                    ))
                })?;
            put(w, *pos, *width, i as u64);
        }
        Kind::RegNext { pos } | Kind::RegNext2 { pos } => {
            let k = if matches!(op.kind, Kind::RegNext2 { .. }) {
                2
            } else {
                1
            };
            let want = (field(*w, *pos, 8) + k).min(255);
            if parse_reg(s) != Some(want) {
                let mut t = String::new();
                reg(&mut t, want);
                return Err(err(format!(
                    "expected {t}, the register after the previous operand"
                )));
            }
        }
        Kind::Pred { pos } | Kind::PredOpt { pos } => {
            let p = if s == "PT" {
                7
            } else {
                s.strip_prefix('P')
                    .and_then(|n| n.parse::<u64>().ok())
                    .filter(|&n| n < 7)
                    .ok_or_else(|| err(format!("expected a predicate P0..P6 or PT, found '{s}'")))?
            };
            put(w, *pos, 3, p);
        }
        Kind::Cbank | Kind::CbankSpaced => {
            let mut s = s;
            if let Some(x) = s.strip_suffix(".H1") {
                put(w, op.h1.ok_or_else(|| err("no .H1 here".into()))?, 1, 1);
                s = x;
            }
            let spaced = s.replacen("] [", "][", 1);
            let (bank, off) =
                parse_cbank(&spaced).ok_or_else(|| err("expected c[BANK][OFFSET]".into()))?;
            let off = parse_int(off).ok_or_else(|| err("bad constant offset".into()))?;
            let bank = parse_int(bank).ok_or_else(|| err("bad constant bank".into()))?;
            if !(0..32).contains(&bank) {
                return Err(err(format!("constant bank {bank} out of range 0..31")));
            }
            if !(-0x8000..0x8000).contains(&off) || off % 4 != 0 {
                return Err(err(format!(
                    "constant offset {off:#x} must be a multiple of 4 in -0x8000..0x7ffc"
                )));
            }
            put(w, 34, 5, bank as u64);
            put(w, 20, 14, (off as u64 >> 2) & 0x3fff);
        }
        Kind::CIndexed => {
            let (bank, addr) =
                parse_cbank(s).ok_or_else(|| err("expected c[BANK][Ra+OFFSET]".into()))?;
            let bank = parse_int(bank).ok_or_else(|| err("bad constant bank".into()))?;
            if !(0..32).contains(&bank) {
                return Err(err(format!("constant bank {bank} out of range 0..31")));
            }
            let (ra, off) = parse_reg_plus(addr).ok_or_else(|| err("bad address".into()))?;
            if !(-0x8000..0x8000).contains(&off) {
                return Err(err(format!(
                    "offset {off:#x} does not fit a signed 16-bit immediate"
                ))
                .with_help("LDC offsets range from -0x8000 to 0x7fff"));
            }
            put(w, 36, 5, bank as u64);
            put(w, 8, 8, ra);
            put(w, 20, 16, off as u64);
        }
        Kind::CbankAbs => {
            let (bank, off) =
                parse_cbank(s).ok_or_else(|| err("expected c[BANK][OFFSET]".into()))?;
            let bank = parse_int(bank).ok_or_else(|| err("bad constant bank".into()))?;
            let off = parse_int(off).ok_or_else(|| err("bad constant offset".into()))?;
            if !(0..32).contains(&bank) {
                return Err(err(format!("constant bank {bank} out of range 0..31")));
            }
            if !(-0x8000..0x8000).contains(&off) {
                return Err(err(format!(
                    "constant offset {off:#x} does not fit a signed 16-bit immediate"
                )));
            }
            put(w, 36, 5, bank as u64);
            put(w, 20, 16, off as u64);
        }
        Kind::RegOpt { pos } | Kind::RegNoRz { pos } => {
            let n = parse_reg(s)
                .ok_or_else(|| err(format!("expected a register R0..R254 or RZ, found '{s}'")))?;
            put(w, *pos, 8, n);
        }
        Kind::PredOptInv { pos } | Kind::PredInv { pos } => {
            let p = if s == "PT" {
                7
            } else {
                s.strip_prefix('P')
                    .and_then(|n| n.parse::<u64>().ok())
                    .filter(|&n| n < 7)
                    .ok_or_else(|| err(format!("expected a predicate P0..P6 or PT, found '{s}'")))?
            };
            put(w, *pos, 3, 7 - p);
        }
        Kind::RegMem { pos, .. } => {
            let n = s
                .strip_prefix('[')
                .and_then(|x| x.strip_suffix(']'))
                .and_then(|x| parse_reg(x.trim()))
                .ok_or_else(|| err(format!("expected [Ra], found '{s}'")))?;
            put(w, *pos, 8, n);
        }
        Kind::Attr { pos, width } => {
            let inner = s
                .strip_prefix("a[")
                .and_then(|x| x.strip_suffix(']'))
                .ok_or_else(|| err("expected a[Ra+OFFSET]".into()))?;
            let (ra, off) = if *width == 0 {
                (
                    parse_reg(inner.trim()).ok_or_else(|| err("expected a[Ra]".into()))?,
                    0,
                )
            } else {
                parse_reg_plus(inner).ok_or_else(|| err("bad attribute address".into()))?
            };
            if *width > 0 {
                let (lo, hi) = if ra == 255 {
                    (0, 1i64 << width)
                } else {
                    (-(1i64 << (width - 1)), 1i64 << (width - 1))
                };
                if !(lo..hi).contains(&off) {
                    return Err(err(format!(
                        "offset {off:#x} out of range {lo:#x}..{hi:#x}"
                    )));
                }
                put(w, *pos, *width, off as u64);
            }
            put(w, 8, 8, ra);
        }
        Kind::AttrImm { pos, width } => {
            let v = s
                .strip_prefix("a[")
                .and_then(|x| x.strip_suffix(']'))
                .and_then(parse_int)
                .filter(|&v| v >= 0 && v < 1i64 << width)
                .ok_or_else(|| err(format!("expected a[0x..] of {width} bits")))?;
            put(w, *pos, *width, v as u64);
        }
        Kind::RegImm { width } => {
            let (r, v) = s
                .split_once(' ')
                .ok_or_else(|| err("expected a register and an immediate, `R5 0x10`".into()))?;
            let r = parse_reg(r.trim())
                .ok_or_else(|| err(format!("expected a register R0..R254 or RZ, found '{r}'")))?;
            let v = parse_int(v.trim())
                .ok_or_else(|| err(format!("expected an immediate, found '{v}'")))?;
            let lim = 1i64 << (width - 1);
            if !(-lim..lim).contains(&v) {
                return Err(err(format!(
                    "immediate {v:#x} does not fit {width} signed bits"
                )));
            }
            put(w, 8, 8, r);
            put(w, 20, *width, v as u64);
        }
        Kind::Imm {
            pos,
            width,
            sign,
            signed,
        } => {
            let v =
                parse_int(s).ok_or_else(|| err(format!("expected an immediate, found '{s}'")))?;
            let total = width + sign.is_some() as u8;
            let ok = if *signed {
                let lim = 1i64 << (total - 1);
                // a 32-bit immediate may also be written as its bit pattern (`0x87654321`)
                (-lim..lim).contains(&v) || (total == 32 && (0..1i64 << 32).contains(&v))
            } else {
                v >= 0 && (total >= 63 || v < 1i64 << total)
            };
            if !ok {
                return Err(err(format!("immediate {s} does not fit {total} bits")));
            }
            put(w, *pos, *width, v as u64);
            if let Some(sp) = sign {
                put(w, *sp, 1, (v as u64) >> width);
            }
        }
        Kind::D20 => {
            let b = parse_double(s).ok_or_else(|| err(format!("expected a float, found '{s}'")))?;
            if b & ((1u64 << 44) - 1) != 0 {
                return Err(err(format!(
                    "{s} needs more than the 20 bits of this immediate"
                )));
            }
            put(w, 20, 19, (b >> 44) & 0x7ffff);
            put(w, 56, 1, b >> 63);
        }
        Kind::F20 => {
            let b = parse_float(s).ok_or_else(|| err(format!("expected a float, found '{s}'")))?;
            if b & 0xfff != 0 {
                return Err(
                    err(format!("{s} needs more than the 20 bits of this immediate")).with_help(
                        "use the 32I form (FADD32I, FMUL32I, FFMA32I) for full precision",
                    ),
                );
            }
            put(w, 20, 19, (b >> 12) as u64);
            put(w, 56, 1, (b >> 31) as u64);
        }
        Kind::F32 { pos } => {
            let b = parse_float(s).ok_or_else(|| err(format!("expected a float, found '{s}'")))?;
            put(w, *pos, 32, b as u64);
        }
        Kind::Half { pos, sign, full } => {
            let b = parse_double(s).ok_or_else(|| err(format!("expected a float, found '{s}'")))?;
            let x = f64::from_bits(b);
            // a NaN prints as `+QNAN`/`-QNAN` whatever its payload: take the quiet one
            let h = if x.is_nan() {
                0x7e00 | ((b >> 48) as u16 & 0x8000)
            } else {
                crate::exec::float::f64_to_f16(x, crate::exec::float::Rnd::Rn, false)
            };
            let same = crate::exec::float::f16_to_f64(h);
            if *full {
                if same != x && !(x.is_nan() && same.is_nan()) {
                    return Err(err(format!("{s} is not exactly a half")));
                }
                put(w, *pos, 16, h as u64);
                return Ok(());
            }
            if (same != x && !(x.is_nan() && same.is_nan())) || h & 0x3f != 0 {
                return Err(err(format!(
                    "{s} is not a half with 4 mantissa bits (this immediate's precision)"
                )));
            }
            put(w, *pos, 9, ((h >> 6) & 0x1ff) as u64);
            put(w, *sign, 1, (h >> 15) as u64);
        }
        Kind::Mem {
            pos,
            width,
            wide,
            scaled,
        } => {
            let inner = s
                .strip_prefix('[')
                .and_then(|x| x.strip_suffix(']'))
                .ok_or_else(|| err("expected [Ra+OFFSET]".into()))?;
            let mut inner = inner.to_string();
            if let Some(wp) = wide {
                if let Some(i) = inner.find(".64") {
                    inner.replace_range(i..i + 3, "");
                    put(w, *wp, 1, 1);
                }
            }
            let (ra, off) = parse_reg_plus(&inner).ok_or_else(|| err("bad address".into()))?;
            let (lo, hi, v) = if *scaled {
                if off % 4 != 0 {
                    return Err(err(format!("offset {off:#x} must be a multiple of 4")));
                }
                if ra == 255 {
                    (0, 4i64 << width, off / 4)
                } else {
                    (-(2i64 << width), 2i64 << width, off / 4)
                }
            } else if ra == 255 {
                (0, 1i64 << width, off)
            } else {
                (-(1i64 << (width - 1)), 1i64 << (width - 1), off)
            };
            if !(lo..hi).contains(&off) {
                return Err(err(format!(
                    "offset {off:#x} out of range {lo:#x}..{hi:#x}"
                )));
            }
            put(w, 8, 8, ra);
            put(w, *pos, *width, v as u64);
        }
        Kind::SReg { pos } => {
            let i = SREG_NAMES
                .iter()
                .position(|n| *n == s)
                .ok_or_else(|| err(format!("unknown special register '{s}'")))?;
            put(w, *pos, 8, i as u64);
        }
        Kind::Target => {
            let t = parse_int(s).ok_or_else(|| err("expected a target address".into()))?;
            let off = t.wrapping_sub(pc as i64 + 8);
            if !(-(1 << 23)..(1 << 23)).contains(&off) {
                return Err(err("branch target out of range".into()));
            }
            put(w, 20, 24, off as u64);
        }
        Kind::Text(t) => {
            if s != *t {
                return Err(err(format!("expected '{t}'")));
            }
        }
    }
    Ok(())
}

/// Strips the operand's selector suffix (`sx:`) from `s`: the rest and the field value (the
/// empty name's when there is none).
fn strip_sfx<'a>(op: &Operand, s: &'a str) -> Result<(&'a str, usize), String> {
    let Some((_, _, names)) = &op.sfx else {
        return Ok((s, 0));
    };
    if let Some((i, x)) = names.iter().enumerate().find_map(|(i, n)| {
        if n.is_empty() || *n == "!" {
            return None;
        }
        s.strip_suffix(n)
            .and_then(|x| x.strip_suffix('.'))
            .map(|x| (i, x))
    }) {
        return Ok((x, i));
    }
    names
        .iter()
        .position(|n| n.is_empty())
        .map(|i| (s, i))
        .ok_or_else(|| format!("expected a suffix like .{}", names[0]))
}

impl ParseError {
    fn with_help(mut self, h: &str) -> Self {
        self.help = Some(h.to_string());
        self
    }
}

/// `c[B][X]` -> (B, X)
fn parse_cbank(s: &str) -> Option<(&str, &str)> {
    let r = s.strip_prefix("c[")?;
    let (bank, rest) = r.split_once(']')?;
    let off = rest.strip_prefix('[')?.strip_suffix(']')?;
    Some((bank.trim(), off.trim()))
}

/// `R3+0x10`, `R3+-0x10`, `R3`, `0x10`, `-0x8000` -> (reg, offset)
fn parse_reg_plus(s: &str) -> Option<(u64, i64)> {
    let s = s.trim();
    if s.starts_with('R') {
        match s.split_once('+') {
            Some((r, o)) => Some((parse_reg(r.trim())?, parse_int(o.trim())?)),
            None => Some((parse_reg(s)?, 0)),
        }
    } else {
        Some((255, parse_int(s)?))
    }
}
