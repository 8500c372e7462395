//! Operand text: registers, constants, neg/abs, and trailing modifiers (`offset:16 glc`).

use super::expr::{eval, eval_fwd, fwd, subst_args, Syms};
use super::{ascii_lower, is_blank, trim_end_blank, trim_start_blank, AsmError};
use crate::fields::{regs, G};
use crate::gcn::Gen;
use gpuisa_core::Span;
use std::borrow::Cow;

/// Source modifiers written around an operand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mods {
    pub neg: bool,
    pub abs: bool,
    /// `sext(...)` (SDWA integer operands).
    pub sext: bool,
    /// A symbol defined later: the value must be a 32-bit literal.
    pub lit: bool,
}

/// An operand's value; a word is borrowed from the source text where it is written as kept.
#[derive(Clone, Debug, PartialEq)]
pub enum Val<'a> {
    /// A register or named source: `code` is its 9-bit source encoding (VGPRs 256+), `n` dwords.
    Reg {
        code: u32,
        n: u32,
        vgpr: bool,
        /// A one-dword source named directly (`execz`, `src_scc`, `src_shared_base` ...: codes
        /// 235-253), which llvm-mc and CLRX take as an operand of any width. A CLRX register
        /// symbol bound to it (`k = %execz`) is a one-register range instead: CLRX then requires
        /// the operand's width ("Required 2 scalar registers").
        any_width: bool,
    },
    Int(i64),
    Float(f64),
    /// Any other word (`off`, `mrt0`, `attr3.x`, a label) or call (`hwreg(...)`), as written.
    Ident(Cow<'a, str>),
}

impl Val<'_> {
    /// The value with its own copy of a borrowed word.
    pub fn into_owned(self) -> Val<'static> {
        match self {
            Val::Reg {
                code,
                n,
                vgpr,
                any_width,
            } => Val::Reg {
                code,
                n,
                vgpr,
                any_width,
            },
            Val::Int(i) => Val::Int(i),
            Val::Float(f) => Val::Float(f),
            Val::Ident(t) => Val::Ident(Cow::Owned(t.into_owned())),
        }
    }
}

/// One instruction's operands. [`parse_operands_into`] refills one `Parsed` line after line,
/// so its lists keep their capacity (no allocation per line once they are large enough).
#[derive(Clone, Debug, Default)]
pub struct Parsed<'a> {
    pub vals: Vec<(Val<'a>, Mods, Span)>,
    /// Trailing modifiers: `name` (lower case) or `name:value`, borrowed from the source where
    /// they are written as they are kept.
    pub mods: Vec<(Cow<'a, str>, Option<Cow<'a, str>>, Span)>,
    pub len: usize,
    /// Scratch list of [`parse_operands_into`]: the blank-separated words of one operand.
    words: Vec<Word<'a>>,
}

/// An emptied list with the capacity of `v`, for items that borrow from another text.
fn recycle_vec<T, U>(mut v: Vec<T>) -> Vec<U> {
    v.clear();
    // (collecting an emptied vector's iterator into a vector of a same-sized type keeps its
    // buffer)
    v.into_iter().filter_map(|_| None).collect()
}

impl<'a> Parsed<'a> {
    /// The same lists, emptied, borrowing from another text (their capacity is kept, so one
    /// `Parsed` serves a whole file without allocating per line).
    pub fn recycle<'b>(self) -> Parsed<'b> {
        Parsed {
            vals: recycle_vec(self.vals),
            mods: recycle_vec(self.mods),
            len: 0,
            words: recycle_vec(self.words),
        }
    }

    pub fn flag(&self, name: &str) -> bool {
        self.mods.iter().any(|(k, v, _)| k == name && v.is_none())
    }
    /// The value of `name:value` (the last one: CLRX lets a later one override; llvm-mc rejects
    /// a repeated modifier).
    pub fn value(&self, name: &str) -> Option<(&str, Span)> {
        self.mods
            .iter()
            .rev()
            .find(|(k, v, _)| k == name && v.is_some())
            .map(|(_, v, s)| (v.as_deref().unwrap_or(""), *s))
    }
}

/// The bytes [`comma_piece`] looks at: brackets, parentheses and commas.
const COMMA_SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    let mut k = 0;
    let special = *b"[](),";
    while k < special.len() {
        t[special[k] as usize] = true;
        k += 1;
    }
    t
};

/// The piece of `s` from `from` to the next top-level comma (outside brackets and parentheses;
/// `depth` carries the nesting from the pieces before) and whether it is the last piece.
fn comma_piece<'a>(s: &'a str, from: usize, depth: &mut i32) -> (&'a str, bool) {
    // Bytes: the delimiters are ASCII, and no byte of a multi-byte character is one.
    let b = s.as_bytes();
    let mut i = from;
    while i < b.len() {
        let c = b[i];
        if c == b' ' {
            // (runs of spaces eight bytes a step)
            i = crate::text::skip_spaces(b, i + 1);
            continue;
        }
        if COMMA_SPECIAL[c as usize] {
            match c {
                b'[' | b'(' => *depth += 1,
                b']' | b')' => *depth -= 1,
                b',' if *depth <= 0 => return (&s[from..i], false),
                _ => {}
            }
        }
        i += 1;
    }
    (&s[from..], true)
}

/// The classes of bytes [`split_blanks`] tells apart: [`is_blank`], `[` and `(`, `]` and `)`,
/// any other (0).
const BLANK: u8 = 1;
const OPEN: u8 = 2;
const CLOSE: u8 = 3;
const SPLIT_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = match c as u8 {
            b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r' => BLANK,
            b'[' | b'(' => OPEN,
            b']' | b')' => CLOSE,
            _ => 0,
        };
        c += 1;
    }
    t
};

/// A word of operand text: its offset, its text and whether it is plain (ASCII without a blank
/// inside, so [`squeeze`] would return it as it is).
type Word<'a> = (usize, &'a str, bool);

/// [`squeeze`] of a word, knowing whether it is plain.
fn squeezed<'a>(w: &'a str, plain: bool) -> Cow<'a, str> {
    if plain {
        Cow::Borrowed(w)
    } else {
        squeeze(w)
    }
}

/// Splits at top-level blanks (into `out`, cleared first). Blanks around a `:` or `.` or before a
/// `(` do not split (`offset : 16`, `vmcnt (0)`, `hwreg (mode, 0, 1)`, CLRX's `attr0 . x`).
fn split_blanks<'a>(s: &'a str, out: &mut Vec<Word<'a>>) {
    out.clear();
    if !s.is_ascii() {
        return split_blanks_chars(s, out);
    }
    // ASCII text (the usual case): the same walk over bytes.
    let b = s.as_bytes();
    let (mut depth, mut start) = (0i32, None);
    // Whether the word being read holds a blank (in brackets or next to `:`, `.` or `(`).
    let mut blank_inside = false;
    let mut i = 0;
    while i < b.len() {
        let class = SPLIT_CLASS[b[i] as usize];
        i += 1;
        if class != BLANK {
            if class == OPEN {
                depth += 1;
            } else if class == CLOSE {
                depth -= 1;
            }
            if start.is_none() {
                start = Some(i - 1);
                blank_inside = false;
            }
            // The rest of a run of ordinary bytes.
            while b.get(i).is_some_and(|&c| SPLIT_CLASS[c as usize] == 0) {
                i += 1;
            }
            continue;
        }
        // A run of blanks, from `at` to `e` (every blank of a run has the same neighbours, so
        // the run is taken at once; spaces eight bytes a step).
        let at = i - 1;
        let mut e = crate::text::skip_spaces(b, i);
        while e < b.len() && is_blank(b[e]) {
            e = crate::text::skip_spaces(b, e + 1);
        }
        i = e;
        let Some(st) = start else { continue };
        if depth > 0 {
            blank_inside = true;
            continue;
        }
        let prev = b[..at].iter().rev().find(|&&x| !is_blank(x));
        let next = b.get(e);
        let glued = matches!(prev, Some(b':' | b'.')) || matches!(next, Some(b':' | b'(' | b'.'));
        if glued {
            blank_inside = true;
        } else {
            out.push((st, &s[st..at], !blank_inside));
            start = None;
        }
    }
    if let Some(st) = start {
        out.push((st, &s[st..], !blank_inside));
    }
}

/// [`split_blanks`] for text with non-ASCII characters (any Unicode blank separates).
fn split_blanks_chars<'a>(s: &'a str, out: &mut Vec<Word<'a>>) {
    let mut depth = 0i32;
    let mut start: Option<usize> = None;
    for (i, c) in s.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            _ => {}
        }
        let glued = c.is_whitespace() && start.is_some() && {
            let prev = s[..i].trim_end().bytes().last();
            let next = s[i..].trim_start().bytes().next();
            prev == Some(b':') || prev == Some(b'.') || matches!(next, Some(b':' | b'(' | b'.'))
        };
        if c.is_whitespace() && depth <= 0 && !glued {
            if let Some(st) = start.take() {
                out.push((st, &s[st..i], false));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(st) = start {
        out.push((st, &s[st..], false));
    }
}

/// Cuts the operand text after the mnemonic into operands and modifiers, into `p` (cleared
/// first; its lists are reused).
pub fn parse_operands_into<'a>(
    gen: Gen,
    rest: &'a str,
    base: usize,
    syms: &Syms,
    p: &mut Parsed<'a>,
) -> Result<(), AsmError> {
    p.vals.clear();
    p.mods.clear();
    p.len = rest.len();
    if trim_start_blank(rest).is_empty() {
        return Ok(());
    }
    let mut words = std::mem::take(&mut p.words);
    let r = pieces_into(gen, rest, base, syms, p, &mut words);
    p.words = words;
    r
}

fn pieces_into<'a>(
    gen: Gen,
    rest: &'a str,
    base: usize,
    syms: &Syms,
    p: &mut Parsed<'a>,
    words: &mut Vec<Word<'a>>,
) -> Result<(), AsmError> {
    let (mut off, mut depth, mut k) = (0, 0, 0);
    loop {
        let (piece, is_last) = comma_piece(rest, off, &mut depth);
        split_blanks(piece, words);
        if words.is_empty() {
            return Err(AsmError {
                span: Span::new(base + off, base + off + 1),
                message: "missing operand".into(),
            });
        }
        // Every piece but the last is one operand (EXP's first piece is `target vsrc0`).
        let (ops, mods): (&[Word], &[Word]) = if is_last {
            // Leading words that look like operands, then modifiers.
            let n_ops = if words.len() > 1 && k == 0 && !is_modifier(words[1].1) {
                2
            } else {
                1
            };
            let n_ops = if is_modifier(words[0].1) && k == 0 && !words.is_empty() {
                0
            } else {
                n_ops
            };
            (
                &words[..n_ops.min(words.len())],
                &words[n_ops.min(words.len())..],
            )
        } else if words.len() == 2 && k == 0 {
            (&words[..], &[][..])
        } else {
            (&words[..1], &words[1..])
        };
        for &(o, w, plain) in ops {
            let span = Span::new(base + off + o, base + off + o + w.len());
            let (v, m) = match squeezed(w, plain) {
                Cow::Borrowed(w) => match subst_args(w, syms) {
                    Cow::Borrowed(w) => parse_val(gen, w, span, syms)?,
                    Cow::Owned(w) => owned(parse_val(gen, &w, span, syms)?),
                },
                Cow::Owned(w) => owned(parse_val(gen, &subst_args(&w, syms), span, syms)?),
            };
            p.vals.push((v, m, span));
        }
        for &(o, w, plain) in mods {
            let span = Span::new(base + off + o, base + off + o + w.len());
            let w: Cow<'a, str> = match squeezed(w, plain) {
                Cow::Borrowed(w) => subst_args(w, syms),
                Cow::Owned(w) => Cow::Owned(subst_args(&w, syms).into_owned()),
            };
            match w.bytes().position(|b| b == b':') {
                Some(i) => {
                    let (a, b) = (part(&w, ..i), part(&w, i + 1..));
                    // A value that is an expression over symbols (`offset:base+4`).
                    let b = match parse_int(&b).is_none().then(|| eval(&b, syms)) {
                        Some(Some(v)) => Cow::Owned(v.to_string()),
                        _ => b,
                    };
                    let a = lower_cow(a);
                    // CLRX: a flag with a value (`glc:1`, `tfe:0`) is set when nonzero.
                    if BOOL_FLAGS.contains(&&*a) {
                        if let Some(x) = parse_int(&b) {
                            if x != 0 {
                                p.mods.push((a, None, span));
                            }
                            continue;
                        }
                    }
                    p.mods.push((a, Some(b), span))
                }
                None => p.mods.push((lower_cow(w), None, span)),
            }
        }
        if is_last {
            return Ok(());
        }
        off += piece.len() + 1;
        k += 1;
    }
}

/// A value parsed from a word built here (not the source's text).
fn owned((v, m): (Val<'_>, Mods)) -> (Val<'static>, Mods) {
    (v.into_owned(), m)
}

/// A part of a word, borrowed when the word is.
fn part<'a>(w: &Cow<'a, str>, r: impl std::slice::SliceIndex<str, Output = str>) -> Cow<'a, str> {
    match w {
        Cow::Borrowed(w) => Cow::Borrowed(&w[r]),
        Cow::Owned(w) => Cow::Owned(w[r].to_string()),
    }
}

/// A word in lower case, borrowed when it is already.
fn lower_cow(w: Cow<'_, str>) -> Cow<'_, str> {
    match w {
        Cow::Borrowed(b) => ascii_lower(b),
        Cow::Owned(mut o) => {
            o.make_ascii_lowercase();
            Cow::Owned(o)
        }
    }
}

/// Flags CLRX also writes with a value (`glc:1`); llvm-mc-19 rejects that form.
const BOOL_FLAGS: [&str; 21] = [
    "glc", "slc", "lds", "tfe", "lwe", "da", "d16", "unorm", "r128", "a16", "idxen", "offen",
    "gds", "clamp", "done", "vm", "compr", "nv", "addr64", "vop3", "high",
];

/// A word without its blanks (`hwreg (mode, 0, 1)` -> `hwreg(mode,0,1)`); borrowed if it has none.
pub(crate) fn squeeze(w: &str) -> Cow<'_, str> {
    // (Printable ASCII, the usual word, has no blank: told by the first, cheapest scan.)
    let blank_free = w.bytes().all(|b| b > b' ' && b < 0x80)
        || w.is_ascii() && !w.bytes().any(is_blank)
        || !w.chars().any(char::is_whitespace);
    if blank_free {
        Cow::Borrowed(w)
    } else {
        let mut o = String::with_capacity(w.len());
        o.extend(w.chars().filter(|c| !c.is_whitespace()));
        Cow::Owned(o)
    }
}

/// Words after the operands: `glc`, `offset:4`, `dmask:0xf`, `vmcnt(0)` (s_waitcnt) ...
fn is_modifier(w: &str) -> bool {
    let sq = squeeze(w);
    let l = ascii_lower(&sq);
    let named = l.bytes().position(|b| b == b':').is_some_and(|i| {
        let a = &l.as_bytes()[..i];
        !a.is_empty() && a.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_')
    });
    named
        || matches!(
            &*l,
            "glc"
                | "slc"
                | "lds"
                | "tfe"
                | "lwe"
                | "da"
                | "d16"
                | "unorm"
                | "r128"
                | "a16"
                | "idxen"
                | "offen"
                | "gds"
                | "clamp"
                | "done"
                | "vm"
                | "compr"
                | "nv"
                | "addr64"
                | "high"
                | "dlc"
                | "off"
                | "vop3"
                | "row_mirror"
                | "row_half_mirror"
        )
        || l.starts_with("vmcnt(")
        || l.starts_with("expcnt(")
        || l.starts_with("lgkmcnt(")
}

/// A decimal float (`1.5`, `.5`, `3e-7`, `-2.0`); integers and hex are not floats.
pub fn parse_float(t: &str) -> Option<f64> {
    let u = t.strip_prefix('-').unwrap_or(t);
    let first = u.bytes().next()?;
    if !(first.is_ascii_digit() || first == b'.')
        || !u.contains(['.', 'e', 'E'])
        || u.starts_with("0x")
        || u.starts_with("0X")
        || !u
            .bytes()
            .all(|b| b.is_ascii_digit() || b".eE+-".contains(&b))
    {
        return None;
    }
    t.parse::<f64>().ok()
}

pub use crate::text::parse_int;

fn parse_val<'a>(
    gen: Gen,
    w: &'a str,
    span: Span,
    syms: &Syms,
) -> Result<(Val<'a>, Mods), AsmError> {
    let mut m = Mods::default();
    let mut t = trim_end_blank(trim_start_blank(w));
    // The usual operand, a VGPR or SGPR (range), is what the steps below find too (without
    // symbols: a CLRX register symbol may be called `v` or `s`).
    if syms.is_empty() {
        if let Some(v) = single_register(gen, t, true) {
            return Ok((v, m));
        }
    }
    if let Some(i) = t.strip_prefix("neg(").and_then(|x| x.strip_suffix(')')) {
        m.neg = true;
        t = i;
    }
    if let Some(i) = t.strip_prefix("sext(").and_then(|x| x.strip_suffix(')')) {
        m.sext = true;
        t = i;
    }
    // `lit(x)`: llvm-mc-19 reads it as x on gfx6-gfx9 (an inline constant when x is one; CLRX
    // forces a literal, a listed difference).
    if t.len() >= 5 && t.as_bytes()[..4].eq_ignore_ascii_case(b"lit(") && t.ends_with(')') {
        t = &t[4..t.len() - 1];
    }
    if t.starts_with('-') && parse_int(t).is_none() && t.parse::<f64>().is_err() {
        // `-x` is a negation modifier unless the rest is an expression (`-1+2` is 1).
        if let Some(r) = t.strip_prefix('-') {
            if r.starts_with('|') || !r.contains(['+', '-', '*', '/', '%', '&', '|', '^', '<', '>'])
            {
                m.neg = true;
                t = r;
            }
        }
    }
    if let Some(i) = t.strip_prefix('|').and_then(|x| x.strip_suffix('|')) {
        m.abs = true;
        t = i;
    } else if let Some(i) = t.strip_prefix("abs(").and_then(|x| x.strip_suffix(')')) {
        m.abs = true;
        t = i;
    }
    if let Some(i) = parse_int(t) {
        return Ok((Val::Int(i), m));
    }
    if let Some(f) = parse_float(t) {
        return Ok((Val::Float(f), m));
    }
    // CLRX: `4.5s` is a single- and `4.5l` a double-precision value, `4.5h` a half-precision
    // bit pattern (also for 32-bit operands).
    // Only a number (`[-]digits` or `[-].digits`) can take a suffix.
    let numeric = t
        .strip_prefix('-')
        .unwrap_or(t)
        .starts_with(|c: char| c.is_ascii_digit() || c == '.');
    let suffixed = |sfx: [char; 2]| {
        if !numeric {
            return None;
        }
        let b = t.strip_suffix(sfx)?;
        parse_float(b)
            .or_else(|| parse_float(&format!("{b}0")))
            .or_else(|| parse_int(b).map(|i| i as f64))
    };
    let sign = if m.neg { -1.0 } else { 1.0 };
    let mut done = |v: Val<'a>| {
        m.neg = false;
        Ok((v, m))
    };
    if let Some(f) = suffixed(['s', 'S']) {
        return done(Val::Float((sign * f) as f32 as f64));
    }
    if let Some(f) = suffixed(['l', 'L']) {
        return done(Val::Float(sign * f));
    }
    if let Some(f) = suffixed(['h', 'H']) {
        return done(Val::Int(crate::gcn::asm::f16_bits(sign * f) as i64));
    }
    // Register ranges with expressions, `s[base:base+1]` (LLVM and CLRX).
    let subst;
    let as_written = t;
    let t = match t.strip_suffix(']').and_then(|x| x.split_once('[')) {
        Some((pre, idx)) if !idx.bytes().all(|b| b.is_ascii_digit() || b == b':') => {
            let (a, b) = idx.split_once(':').unwrap_or((idx, idx));
            match (eval(a, syms), eval(b, syms)) {
                (Some(a), Some(b)) if !syms.contains_key(pre) => {
                    subst = format!("{pre}[{a}:{b}]");
                    subst.as_str()
                }
                _ => t,
            }
        }
        _ => t,
    };
    // CLRX: registers of a register symbol, `x[1]`, `x[4:5]` (x = %s[20:27]); before register
    // names, as a symbol may be called `v` or `s` (only a `%` register symbol, which llvm-mc
    // does not have, is indexed so).
    if let Some(r) = sym_index(t, syms) {
        return r.map(|v| (v, m)).map_err(|e| AsmError { span, message: e });
    }
    if let Some(r) = register(gen, t) {
        return r.map(|v| (v, m)).map_err(|e| AsmError { span, message: e });
    }
    let known = if syms.is_empty() { None } else { syms.get(t) };
    if let Some(v) = known {
        // `-x` of a numeric symbol is the negated number (an inline constant if it fits).
        return Ok(match v {
            Val::Int(i) if m.neg => {
                m.neg = false;
                (Val::Int(-i), m)
            }
            Val::Float(f) if m.neg => {
                m.neg = false;
                (Val::Float(-f), m)
            }
            _ => (v.clone(), m),
        });
    }
    // CLRX: `@expr` is an expression even where a name looks like a register (`@s0-1`).
    if let Some(r) = t.strip_prefix('@') {
        if let Some((i, f)) = eval_fwd(r, syms) {
            m.lit = f;
            return Ok((Val::Int(i), m));
        }
    }
    if let Some((i, f)) = eval_fwd(t, syms) {
        let i = if m.neg { -i } else { i };
        m.neg = false;
        m.lit = f;
        return Ok((Val::Int(i), m));
    }
    // A symbol defined later (no lookup, and no key built, without symbols).
    let later = if syms.is_empty() {
        None
    } else {
        syms.get(&fwd(t))
    };
    if let Some(v @ (Val::Float(_) | Val::Reg { .. })) = later {
        return Ok((v.clone(), m));
    }
    // (`t` is the text as written unless a range was rewritten above.)
    let name = if t == as_written {
        Cow::Borrowed(as_written)
    } else {
        Cow::Owned(t.to_string())
    };
    Ok((Val::Ident(name), m))
}

/// CLRX: `x[1]` or `x[4:5]` of a register symbol `x`; `None` if `t` is not of that form.
pub fn sym_index(t: &str, syms: &Syms) -> Option<Result<Val<'static>, String>> {
    if syms.is_empty() {
        return None;
    }
    let (name, idx) = t.strip_suffix(']')?.split_once('[')?;
    let Some(Val::Reg { code, n, vgpr, .. }) = syms.get(name) else {
        return None;
    };
    let (a, b) = idx.split_once(':').unwrap_or((idx, idx));
    let (a, b) = (eval(a, syms)?, eval(b, syms)?);
    if !*vgpr && (128..255).contains(code) {
        // A constant's symbol (x = %-12): `x[0]` (any width) or `x[0:n-1]` for an n-dword operand.
        if a != 0 || !(0..=15).contains(&b) {
            return Some(Err(format!(
                "'{t}': a constant's register range is [0] or [0:n-1]"
            )));
        }
        return Some(Ok(Val::Reg {
            code: *code,
            n: b as u32 + 1,
            vgpr: false,
            any_width: b == 0,
        }));
    }
    if a < 0 || b < a || b >= *n as i64 {
        return Some(Err(format!("'{t}' is outside '{name}' ({n} registers)")));
    }
    // The registers used follow the usual alignment of scalar tuples.
    let (c, k) = (code + a as u32, (b - a + 1) as u32);
    let align = match k {
        1 => 1,
        2 => 2,
        _ => 4,
    };
    if !vgpr && c < 128 && c % align != 0 {
        return Some(Err(format!("invalid register alignment in '{t}'")));
    }
    Some(Ok(Val::Reg {
        code: code + a as u32,
        n: (b - a + 1) as u32,
        vgpr: *vgpr,
        any_width: false,
    }))
}

fn range(body: &str) -> Option<(u32, u32)> {
    if let Some(inner) = body.strip_prefix('[').and_then(|b| b.strip_suffix(']')) {
        // CLRX accepts a one-register range `ttmp[5]`.
        let (a, b) = inner.split_once(':').unwrap_or((inner, inner));
        let (a, b) = (a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?);
        if b < a {
            return None;
        }
        Some((a, b - a + 1))
    } else {
        Some((body.parse::<u32>().ok()?, 1))
    }
}

/// The usual operands, a VGPR or SGPR or a range of them (`v12`, `s3`, `v[2:3]`, `s[4:7]`) that is
/// valid, read without the general path below (which gives the same value, and every error).
fn single_register(gen: Gen, t: &str, aligned: bool) -> Option<Val<'static>> {
    let b = t.as_bytes();
    let num = |d: &[u8]| -> Option<u32> {
        let ok = (1..=3).contains(&d.len()) && d.iter().all(u8::is_ascii_digit);
        ok.then(|| d.iter().fold(0u32, |a, d| a * 10 + (d - b'0') as u32))
    };
    let (lo, n) = match b.get(1..)? {
        [b'[', r @ .., b']'] => {
            let colon = r.iter().position(|&c| c == b':')?;
            let (lo, hi) = (num(&r[..colon])?, num(&r[colon + 1..])?);
            (lo, hi.checked_sub(lo)? + 1)
        }
        d => (num(d)?, 1),
    };
    let align = match n {
        1 => 1,
        2 => 2,
        _ => 4,
    };
    let smax = regs::sgpr_limit(G::of(gen)).unwrap_or(102);
    match b[0] {
        b'v' | b'V' if lo + n <= 256 => Some(Val::Reg {
            code: 256 + lo,
            n,
            vgpr: true,
            any_width: false,
        }),
        b's' | b'S' if lo + n <= smax && (!aligned || lo % align == 0) => Some(Val::Reg {
            code: lo,
            n,
            vgpr: false,
            any_width: false,
        }),
        _ => None,
    }
}

/// A register name: `Some(Ok(..))`, `Some(Err(why))` for a malformed one, `None` if not a register.
pub fn register(gen: Gen, t: &str) -> Option<Result<Val<'static>, String>> {
    register_with(gen, t, true)
}

/// A register range for a CLRX register symbol (`x = %s[57:67]`): any start, no alignment.
pub fn register_any(gen: Gen, t: &str) -> Option<Result<Val<'static>, String>> {
    register_with(gen, t, false)
}

fn register_with(gen: Gen, t: &str, aligned: bool) -> Option<Result<Val<'static>, String>> {
    if let Some(v) = single_register(gen, t, aligned) {
        return Some(Ok(v));
    }
    let l = ascii_lower(t);
    let g = G::of(gen);
    let reg = |code: u32, n: u32| {
        Some(Ok(Val::Reg {
            code,
            n,
            vgpr: false,
            // lds_direct (254) is a 32-bit source only.
            any_width: (235..254).contains(&code),
        }))
    };
    for (p, vg) in [("v", true), ("s", false), ("ttmp", false)] {
        if let Some(body) = l.strip_prefix(p) {
            // `s12x` is a name, not a register.
            let numeric = body.bytes().all(|b| b.is_ascii_digit());
            if body.starts_with('[') || numeric && !body.is_empty() {
                let Some((lo, n)) = range(body) else {
                    return Some(Err(format!("malformed register '{t}'")));
                };
                // Like llvm-mc: scalar tuples start at an even register (pairs) or a multiple
                // of 4 (larger), and gfx8+ has s0-s101 only.
                let align = match n {
                    1 => 1,
                    2 => 2,
                    _ => 4,
                };
                if aligned && p != "v" && lo % align != 0 {
                    return Some(Err(format!("invalid register alignment in '{t}'")));
                }
                let smax = regs::sgpr_limit(G::of(gen)).unwrap_or(102);
                return Some(match p {
                    "v" if lo + n <= 256 => Ok(Val::Reg {
                        code: 256 + lo,
                        n,
                        vgpr: true,
                        any_width: false,
                    }),
                    "s" if lo + n <= smax => Ok(Val::Reg {
                        code: lo,
                        n,
                        vgpr: vg,
                        any_width: false,
                    }),
                    "ttmp" => {
                        // ttmp0 up to m0 (12 from 112, or 16 from gfx9's 108).
                        let g = G::of(gen);
                        let b = regs::ttmp_base(g).unwrap_or(112);
                        let max = regs::m0(g).unwrap_or(124).saturating_sub(b);
                        if lo + n <= max {
                            Ok(Val::Reg {
                                code: b + lo,
                                n,
                                vgpr: false,
                                any_width: false,
                            })
                        } else {
                            Err(format!("'{t}' is out of range (ttmp0..ttmp{})", max - 1))
                        }
                    }
                    _ => Err(format!("register '{t}' is out of range")),
                });
            }
        }
    }
    // CLRX: one or two dwords of a 64-bit special register, `vcc[1]`, `exec[0:1]`.
    if let Some((name, idx)) = l.split_once('[') {
        if let Some(Some(Ok(Val::Reg {
            code,
            n: 2,
            vgpr: false,
            ..
        }))) = (!name.starts_with('v') || name == "vcc").then(|| register(gen, name))
        {
            let (lo, n) = range(&format!("[{idx}"))?;
            if lo + n > 2 {
                return Some(Err(format!("'{t}' is out of range")));
            }
            return reg(code + lo, n);
        }
    }
    let l = l.strip_prefix("src_").unwrap_or(&l);
    match l {
        "vcc" => reg(106, 2),
        "vcc_lo" => reg(106, 1),
        "vcc_hi" => reg(107, 1),
        "exec" => reg(126, 2),
        "exec_lo" => reg(126, 1),
        "exec_hi" => reg(127, 1),
        "m0" => reg(124, 1),
        // llvm-mc-19 has no `null` operand before gfx10 (code 125 is reserved); `exp null` reads
        // it as a name.
        // The pairs whose codes depend on the generation (data/amd/registers.txt): gfx7 keeps
        // flat_scratch in SGPR 104-105, gfx8+ in 102-103, gfx6 has none; xnack_mask is gfx8+
        // (llvm-mc-19 also wants an xnack chip, gfx801/gfx810, gfx9; CLRX takes it on any GCN
        // 1.2); tba/tma are operands up to gfx8 (gfx9 gave their codes to ttmp).
        "flat_scratch" | "flat_scratch_lo" | "flat_scratch_hi"
            if regs::flat_scratch(g).is_some() =>
        {
            half(regs::flat_scratch(g), l)
        }
        "xnack_mask" | "xnack_mask_lo" | "xnack_mask_hi" => match regs::xnack_mask(g) {
            None => Some(Err(format!(
                "register '{t}' is not available on {}",
                gen.name()
            ))),
            b => half(b, l),
        },
        "tba" | "tba_lo" | "tba_hi" if regs::tba(g).is_some() => half(regs::tba(g), l),
        "tma" | "tma_lo" | "tma_hi" if regs::tma(g).is_some() => half(regs::tma(g), l),
        // The apertures and pops_exiting_wave_id are gfx9's (llvm-mc-19: "register not available
        // on this GPU" before; CLRX uses them on GCN 1.4 only).
        "shared_base"
        | "shared_limit"
        | "private_base"
        | "private_limit"
        | "pops_exiting_wave_id" => {
            let code = match l {
                "shared_base" => regs::shared_base(g),
                "shared_limit" => regs::shared_limit(g),
                "private_base" => regs::private_base(g),
                "private_limit" => regs::private_limit(g),
                _ => regs::pops_exiting_wave_id(g),
            };
            match code {
                Some(c) => reg(c, 1),
                None => Some(Err(format!(
                    "register '{t}' is not available on {}",
                    gen.name()
                ))),
            }
        }
        "vccz" => reg(251, 1),
        "execz" => reg(252, 1),
        "scc" => reg(253, 1),
        "lds_direct" => reg(254, 1),
        _ => None,
    }
}

/// A pair `name` (both), `name_lo` or `name_hi` whose first code is `base`.
fn half(base: Option<u32>, name: &str) -> Option<Result<Val<'static>, String>> {
    let b = base?;
    let (code, n) = if name.ends_with("_lo") {
        (b, 1)
    } else if name.ends_with("_hi") {
        (b + 1, 1)
    } else {
        (b, 2)
    };
    Some(Ok(Val::Reg {
        code,
        n,
        vgpr: false,
        any_width: false,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte classes of `split_blanks` and `comma_piece` agree with their definitions.
    #[test]
    fn byte_classes() {
        for c in 0..=255u8 {
            assert_eq!(SPLIT_CLASS[c as usize] == BLANK, is_blank(c), "{c:#x}");
            assert_eq!(
                SPLIT_CLASS[c as usize] == OPEN,
                b"[(".contains(&c),
                "{c:#x}"
            );
            assert_eq!(
                SPLIT_CLASS[c as usize] == CLOSE,
                b"])".contains(&c),
                "{c:#x}"
            );
            assert_eq!(COMMA_SPECIAL[c as usize], b"[](),".contains(&c), "{c:#x}");
        }
    }
}
