//! Text -> instruction words, with a diagnostic for every problem in the file (not only the first).
//!
//! The grammar of one line (see docs/mimori.md):
//! ```text
//! line  := [stmt] [comment]            comment: `;` or `//` to the end of the line
//! stmt  := 'nop' | '.word' NUM | [Rw '='] expr ['->' sink {',' sink}] ['{' note {',' note} '}']
//! expr  := A '+' term | A '?' B ':' C | max(A,B) | min(A,C) | clamp(A,B,C) | logic[N](A,B,C)
//!        | interp[.p][.q](texN, C [>> S]) | aofs[N] | bofs[N] | raw(op=N, s=N, a=X, b=X, c=X)
//! term  := inner ['>>' S] | '(' inner ['>>' S] ')' ['>>' S]
//! inner := B '+' C | B '-' C | B '*' C | '|' B '-' C '|'
//! sink  := 'push' | 'dram' | 'dram>>2' | 'dram>>4'
//! note  := ('a'|'b'|'c') '=' operand | 'w' '=' NUM      (fields the form ignores)
//! ```

use crate::inst::{decode, encode, Inst, Issue, Op, Operand};
use gpuisa_core::diag::{Diagnostic, Span};

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Num(u64),
    P(&'static str),
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    span: Span,
}

const PUNCT: [&str; 16] = [
    "->", ">>", "=", "+", "-", "*", "|", "(", ")", "?", ":", ",", "[", "]", "{", "}",
];

fn lex(line: &str, base: usize, diags: &mut Vec<Diagnostic>) -> Option<Vec<Token>> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b';' || line[i..].starts_with("//") {
            break;
        }
        let start = i;
        if c.is_ascii_alphabetic() || c == b'_' || c == b'.' {
            i += 1;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            out.push(Token {
                tok: Tok::Ident(line[start..i].to_string()),
                span: Span::new(base + start, base + i),
            });
            continue;
        }
        if c.is_ascii_digit() || c == b'#' {
            if c == b'#' {
                i += 1;
            }
            let ds = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let text: String = line[ds..i].chars().filter(|&c| c != '_').collect();
            let v = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
                Some(h) => u64::from_str_radix(h, 16).ok(),
                None => match text.strip_prefix("0b").or_else(|| text.strip_prefix("0B")) {
                    Some(b) => u64::from_str_radix(b, 2).ok(),
                    None => text.parse().ok(),
                },
            };
            match v {
                Some(v) => out.push(Token {
                    tok: Tok::Num(v),
                    span: Span::new(base + start, base + i),
                }),
                None => {
                    diags.push(Diagnostic::error(
                        Span::new(base + start, base + i),
                        format!("'{}' is not a number", &line[start..i]),
                    ));
                    return None;
                }
            }
            continue;
        }
        if let Some(p) = PUNCT.iter().find(|p| line[i..].starts_with(**p)) {
            out.push(Token {
                tok: Tok::P(p),
                span: Span::new(base + i, base + i + p.len()),
            });
            i += p.len();
            continue;
        }
        let ch = line[i..].chars().next().unwrap_or('?');
        diags.push(Diagnostic::error(
            Span::new(base + i, base + i + ch.len_utf8()),
            format!("unexpected character '{ch}'"),
        ));
        return None;
    }
    Some(out)
}

/// A parse failure: the diagnostic to report.
type PResult<T> = Result<T, Diagnostic>;

struct Parser<'a> {
    toks: &'a [Token],
    pos: usize,
    /// Span just past the end of the line, for "expected X at end of line".
    eol: Span,
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("'{s}'"),
        Tok::Num(n) => format!("'{n}'"),
        Tok::P(p) => format!("'{p}'"),
    }
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<&'a Token> {
        self.toks.get(self.pos)
    }
    fn span(&self) -> Span {
        self.peek().map_or(self.eol, |t| t.span)
    }
    fn next(&mut self) -> Option<&'a Token> {
        let t = self.toks.get(self.pos);
        self.pos += t.is_some() as usize;
        t
    }
    fn is_p(&self, p: &str) -> bool {
        matches!(self.peek(), Some(Token { tok: Tok::P(q), .. }) if *q == p)
    }
    fn eat_p(&mut self, p: &str) -> bool {
        if self.is_p(p) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect_p(&mut self, p: &str, what: &str) -> PResult<Span> {
        let span = self.span();
        if self.eat_p(p) {
            Ok(span)
        } else {
            Err(self.unexpected(&format!("'{p}' {what}")))
        }
    }
    fn unexpected(&self, expected: &str) -> Diagnostic {
        match self.peek() {
            Some(t) => Diagnostic::error(
                t.span,
                format!("expected {expected}, found {}", describe(&t.tok)),
            ),
            None => Diagnostic::error(self.eol, format!("expected {expected} at end of line")),
        }
    }
    fn ident(&self) -> Option<String> {
        match self.peek() {
            Some(Token {
                tok: Tok::Ident(s), ..
            }) => Some(s.to_ascii_lowercase()),
            _ => None,
        }
    }
    fn number(&mut self, what: &str, max: u64) -> PResult<(u64, Span)> {
        match self.peek() {
            Some(Token {
                tok: Tok::Num(n),
                span,
            }) => {
                self.pos += 1;
                if *n > max {
                    Err(Diagnostic::error(
                        *span,
                        format!("{what} {n} is out of range 0..{max}"),
                    ))
                } else {
                    Ok((*n, *span))
                }
            }
            _ => Err(self.unexpected(what)),
        }
    }

    /// One source operand: 0..15, I0/I1, T0/T1, CLUT0..3, R0..7.
    fn operand(&mut self) -> PResult<(Operand, Span)> {
        let Some(t) = self.peek() else {
            return Err(self.unexpected("an operand"));
        };
        let span = t.span;
        let op = match &t.tok {
            Tok::Num(n) => {
                if *n > 15 {
                    return Err(Diagnostic::error(span, format!("immediate {n} is out of range 0..15"))
                        .with_help("operands are 5-bit fields: immediates 0-15; load larger constants from CLUT0-CLUT3"));
                }
                Operand::Imm(*n as u8)
            }
            Tok::Ident(s) => operand_name(s).ok_or_else(|| {
                Diagnostic::error(span, format!("unknown operand '{s}'"))
                    .with_help("operands are 0-15, I0, I1, T0, T1, CLUT0-CLUT3, R0-R7")
            })?,
            other => {
                return Err(Diagnostic::error(
                    span,
                    format!("expected an operand, found {}", describe(other)),
                ))
            }
        };
        self.pos += 1;
        Ok((op, span))
    }
}

fn operand_name(s: &str) -> Option<Operand> {
    let u = s.to_ascii_uppercase();
    let idx = |p: &str, max: u8| -> Option<u8> {
        let d = u.strip_prefix(p)?;
        if d.len() != 1 {
            return None;
        }
        let n = d.parse::<u8>().ok()?;
        (n <= max).then_some(n)
    };
    if let Some(n) = idx("CLUT", 3) {
        return Some(Operand::Clut(n));
    }
    if let Some(n) = idx("R", 7) {
        return Some(Operand::Reg(n));
    }
    if let Some(n) = idx("I", 1) {
        return Some(Operand::Input(n));
    }
    idx("T", 1).map(Operand::Temp)
}

/// One parsed statement: its word and the spans that matter for later checks.
struct Stmt {
    inst: Inst,
    /// Spans of the a, b, c operands as written (for register-conflict messages).
    spans: [Option<Span>; 3],
    /// The whole statement, for warnings about the word.
    span: Span,
    /// Written with raw(...) or .word: undefined forms are allowed (with a warning).
    explicit_raw: bool,
}

fn blank(op: Op) -> Inst {
    Inst {
        op,
        shamt: 0,
        r: false,
        dd: 3,
        t: false,
        w: 0,
        a: 0,
        b: 0,
        c: 0,
    }
}

fn parse_stmt(p: &mut Parser<'_>) -> PResult<Option<Stmt>> {
    let Some(first) = p.peek() else {
        return Ok(None);
    };
    let start = first.span;
    let word_kw = p.ident();
    if word_kw.as_deref() == Some(".word") {
        p.next();
        let (v, vs) = p.number("a 30-bit word", u64::from(u32::MAX))?;
        let inst = decode(v as u32).map_err(|e| {
            Diagnostic::error(vs, e.to_string())
                .with_help("MIMORI words are 30 bits wide (at most 0x3fffffff)")
        })?;
        end_of_line(p)?;
        return Ok(Some(Stmt {
            inst,
            spans: [None; 3],
            span: start.to(vs),
            explicit_raw: true,
        }));
    }
    if word_kw.as_deref() == Some("nop") && p.toks.len() == 1 {
        p.next();
        return Ok(Some(Stmt {
            inst: decode(crate::inst::NOP).unwrap_or(blank(Op::Add)),
            spans: [None; 3],
            span: start,
            explicit_raw: false,
        }));
    }
    // Optional destination register `Rw =`.
    let mut dest = None;
    if let (
        Some(Token {
            tok: Tok::Ident(s),
            span,
        }),
        Some(Token {
            tok: Tok::P("="), ..
        }),
    ) = (p.toks.get(p.pos), p.toks.get(p.pos + 1))
    {
        match operand_name(s) {
            Some(Operand::Reg(r)) => dest = Some(r),
            _ => {
                return Err(Diagnostic::error(*span, format!("'{s}' cannot be written"))
                    .with_help("results go to a register R0-R7 (`R0 = ...`), to T with `-> push`, to DRAM with `-> dram`"))
            }
        }
        p.pos += 2;
    }
    let (mut inst, spans, explicit_raw, ignored) = parse_expr(p)?;
    if let Some(w) = dest {
        inst.r = true;
        inst.w = w;
    }
    // Sinks.
    if p.eat_p("->") {
        loop {
            let sp = p.span();
            match p.ident().as_deref() {
                Some("push") => {
                    p.next();
                    if inst.t {
                        return Err(Diagnostic::error(sp, "'push' given twice"));
                    }
                    inst.t = true;
                }
                Some("dram") => {
                    p.next();
                    let mut shift = 0;
                    let mut sspan = sp;
                    if p.eat_p(">>") {
                        let (s, ss) = p.number("a DRAM shift (0, 2 or 4)", 4)?;
                        shift = s;
                        sspan = ss;
                    }
                    if inst.dd != 3 {
                        return Err(Diagnostic::error(sp, "only one DRAM write per instruction"));
                    }
                    inst.dd =
                        match shift {
                            0 => 0,
                            2 => 1,
                            4 => 2,
                            _ => return Err(Diagnostic::error(
                                sspan,
                                format!("DRAM shift {shift} is not 0, 2 or 4"),
                            )
                            .with_help(
                                "the DD field writes bits [15:0], [17:2] or [19:4] of the result",
                            )),
                        };
                }
                _ => {
                    return Err(
                        p.unexpected("a destination ('push', 'dram', 'dram>>2' or 'dram>>4')")
                    )
                }
            }
            if !p.eat_p(",") {
                break;
            }
        }
    }
    // Notes for ignored fields.
    if p.eat_p("{") {
        loop {
            let key_span = p.span();
            let key = p.ident();
            p.next();
            p.expect_p("=", "after a field name")?;
            match key.as_deref() {
                Some("w") => {
                    let (v, vs) = p.number("a register number", 7)?;
                    if inst.r {
                        return Err(Diagnostic::error(
                            vs,
                            "w is already given by the destination register",
                        ));
                    }
                    inst.w = v as u8;
                }
                Some(k @ ("a" | "b" | "c")) => {
                    let idx = (k.as_bytes()[0] - b'a') as usize;
                    let (o, _) = p.operand()?;
                    if !ignored[idx] {
                        return Err(Diagnostic::error(
                            key_span,
                            format!("field {k} is an operand of this form"),
                        )
                        .with_help("notes `{a=..}` only set fields that the form ignores"));
                    }
                    let f = o.encode();
                    match idx {
                        0 => inst.a = f,
                        1 => inst.b = f,
                        _ => inst.c = f,
                    }
                }
                _ => {
                    return Err(
                        Diagnostic::error(key_span, "expected a field name: a, b, c or w")
                            .with_help(
                                "notes set the fields the form ignores, e.g. `{c=3}` or `{w=2}`",
                            ),
                    )
                }
            }
            if !p.eat_p(",") {
                break;
            }
        }
        p.expect_p("}", "to close the field notes")?;
    }
    end_of_line(p)?;
    let last = p.toks.last().map_or(start, |t| t.span);
    Ok(Some(Stmt {
        inst,
        spans,
        span: start.to(last),
        explicit_raw,
    }))
}

fn end_of_line(p: &Parser<'_>) -> PResult<()> {
    match p.peek() {
        None => Ok(()),
        Some(t) => Err(Diagnostic::error(
            t.span,
            format!("unexpected {} after the instruction", describe(&t.tok)),
        )),
    }
}

type Expr = (Inst, [Option<Span>; 3], bool, [bool; 3]);

fn parse_expr(p: &mut Parser<'_>) -> PResult<Expr> {
    let kw_span = p.span();
    let kw = p.ident();
    let is_call = matches!(
        p.toks.get(p.pos + 1),
        Some(Token {
            tok: Tok::P("(" | "["),
            ..
        })
    ) || kw.as_deref().is_some_and(|k| k.starts_with("interp"));
    if let (Some(kw), true) = (kw.clone(), is_call) {
        p.next();
        return match kw.as_str() {
            "raw" => parse_raw(p),
            "max" | "min" | "clamp" => {
                let mut i = blank(Op::Select);
                p.expect_p("(", "after the function name")?;
                let (a, sa) = p.operand()?;
                p.expect_p(",", "between arguments")?;
                let (x, sx) = p.operand()?;
                i.a = a.encode();
                let mut spans = [Some(sa), None, None];
                let ignored;
                match kw.as_str() {
                    "max" => {
                        i.shamt = 1;
                        i.b = x.encode();
                        spans[1] = Some(sx);
                        ignored = [false, false, true];
                    }
                    "min" => {
                        i.shamt = 2;
                        i.c = x.encode();
                        spans[2] = Some(sx);
                        ignored = [false, true, false];
                    }
                    _ => {
                        i.shamt = 3;
                        i.b = x.encode();
                        spans[1] = Some(sx);
                        p.expect_p(",", "between arguments (clamp(x, lo, hi))")?;
                        let (c, sc) = p.operand()?;
                        i.c = c.encode();
                        spans[2] = Some(sc);
                        ignored = [false; 3];
                    }
                }
                p.expect_p(")", "to close the argument list")?;
                Ok((i, spans, false, ignored))
            }
            "logic" => {
                let mut i = blank(Op::Select);
                p.expect_p("[", "after 'logic' (logic[N](a, b, c))")?;
                let (n, _) = p.number("a LOGIC_LUT index", 7)?;
                p.expect_p("]", "after the LOGIC_LUT index")?;
                i.shamt = 8 | n as u8;
                let spans = three_args(p, &mut i)?;
                Ok((i, spans, false, [false; 3]))
            }
            "aofs" | "bofs" => {
                let mut i = blank(Op::Ofs);
                p.expect_p("[", "after the offset name")?;
                let (n, ns) = p.number("an axis", 7)?;
                if n > 5 {
                    return Err(Diagnostic::error(ns, format!("axis {n} is invalid: {kw} has axes 0-5"))
                        .with_help("to encode the invalid selector anyway, write raw(op=7, s=.., a=0, b=0, c=0)"));
                }
                p.expect_p("]", "after the axis")?;
                i.shamt = if kw == "bofs" { 8 } else { 0 } | n as u8;
                Ok((i, [None; 3], false, [true; 3]))
            }
            k if k == "interp" || k.starts_with("interp.") => parse_interp(p, kw_span, &kw),
            _ => Err(Diagnostic::error(kw_span, format!("unknown operation '{kw}'")).with_help(
                "operations are `a + b + c`, `a + b - c`, `a + b * c`, `a + |b - c|`, `a ? b : c`, max, min, clamp, logic[N], interp, aofs[N], bofs[N], raw, nop",
            )),
        };
    }
    if kw.as_deref() == Some("nop") {
        return Err(
            Diagnostic::error(kw_span, "'nop' takes no destinations or operands")
                .with_help("write `0 + 0 + 0 -> push` to push zero"),
        );
    }
    // A '+' term | A '?' B ':' C
    let (a, sa) = p.operand()?;
    if p.eat_p("?") {
        let (b, sb) = p.operand()?;
        p.expect_p(":", "in `a ? b : c`")?;
        let (c, sc) = p.operand()?;
        let mut i = blank(Op::Select);
        (i.a, i.b, i.c) = (a.encode(), b.encode(), c.encode());
        return Ok((i, [Some(sa), Some(sb), Some(sc)], false, [false; 3]));
    }
    p.expect_p(
        "+",
        "after the first operand (`a + b * c`, `a ? b : c`, ...)",
    )?;
    let paren = p.eat_p("(");
    let (op, b, sb, c, sc) = if p.eat_p("|") {
        let (b, sb) = p.operand()?;
        p.expect_p("-", "in |b - c|")?;
        let (c, sc) = p.operand()?;
        p.expect_p("|", "to close |b - c|")?;
        (Op::AbsDiff, b, sb, c, sc)
    } else {
        let (b, sb) = p.operand()?;
        let op = if p.eat_p("+") {
            Op::Add
        } else if p.eat_p("-") {
            Op::Sub
        } else if p.eat_p("*") {
            Op::Mul
        } else {
            return Err(p.unexpected("'+', '-' or '*' between the second and third operand"));
        };
        let (c, sc) = p.operand()?;
        (op, b, sb, c, sc)
    };
    let mut shamt = None;
    if p.eat_p(">>") {
        shamt = Some(p.number("a shift amount", 31)?.0);
    }
    if paren {
        p.expect_p(")", "to close the term")?;
        if shamt.is_none() && p.eat_p(">>") {
            shamt = Some(p.number("a shift amount", 31)?.0);
        }
    }
    let mut i = blank(op);
    (i.a, i.b, i.c) = (a.encode(), b.encode(), c.encode());
    i.shamt = shamt.unwrap_or(0) as u8;
    Ok((i, [Some(sa), Some(sb), Some(sc)], false, [false; 3]))
}

fn three_args(p: &mut Parser<'_>, i: &mut Inst) -> PResult<[Option<Span>; 3]> {
    p.expect_p("(", "before the arguments")?;
    let (a, sa) = p.operand()?;
    p.expect_p(",", "between arguments")?;
    let (b, sb) = p.operand()?;
    p.expect_p(",", "between arguments")?;
    let (c, sc) = p.operand()?;
    p.expect_p(")", "to close the argument list")?;
    (i.a, i.b, i.c) = (a.encode(), b.encode(), c.encode());
    Ok([Some(sa), Some(sb), Some(sc)])
}

fn parse_interp(p: &mut Parser<'_>, kw_span: Span, kw: &str) -> PResult<Expr> {
    let mut i = blank(Op::Interp);
    let mut flags = 0u8;
    // The lexer keeps `.p`/`.q` as separate identifiers starting with '.'.
    let mut suffixes: Vec<(String, Span)> = kw
        .strip_prefix("interp")
        .unwrap_or("")
        .split('.')
        .filter(|s| !s.is_empty())
        .map(|s| (s.to_string(), kw_span))
        .collect();
    while let Some(Token {
        tok: Tok::Ident(s),
        span,
    }) = p.peek()
    {
        if let Some(rest) = s.strip_prefix('.') {
            suffixes.push((rest.to_ascii_lowercase(), *span));
            p.next();
        } else {
            break;
        }
    }
    for (s, sp) in suffixes {
        match s.as_str() {
            "p" => flags |= 8,
            "q" => flags |= 4,
            _ => {
                return Err(Diagnostic::error(sp, format!("unknown interp flag '.{s}'"))
                    .with_help("`.p` flips the index's top bit (signed input), `.q` the result's"))
            }
        }
    }
    p.expect_p("(", "after interp")?;
    let ts = p.span();
    let table = match p
        .ident()
        .as_deref()
        .and_then(|t| t.strip_prefix("tex"))
        .and_then(|n| n.parse::<u8>().ok())
    {
        Some(n) if n <= 3 => n,
        _ => {
            return Err(Diagnostic::error(ts, "expected a texture table tex0..tex3")
                .with_help("interp(texN, operand [>> shift]) reads table N of 17 entries"))
        }
    };
    p.next();
    p.expect_p(",", "after the table")?;
    let (c, sc) = p.operand()?;
    if p.eat_p(">>") {
        i.shamt = p.number("a shift amount", 31)?.0 as u8;
    }
    p.expect_p(")", "to close interp(...)")?;
    i.b = flags | table;
    i.c = c.encode();
    Ok((i, [None, None, Some(sc)], false, [true, false, false]))
}

fn parse_raw(p: &mut Parser<'_>) -> PResult<Expr> {
    let mut i = blank(Op::Add);
    let mut seen = [false; 5];
    let mut spans = [None; 3];
    p.expect_p("(", "after raw")?;
    loop {
        let ks = p.span();
        let key = p
            .ident()
            .ok_or_else(|| p.unexpected("a field name (op, s, a, b, c)"))?;
        p.next();
        p.expect_p("=", "after the field name")?;
        let k = match key.as_str() {
            "op" => {
                i.op = Op::from_bits(p.number("an opcode", 7)?.0 as u32);
                0
            }
            "s" => {
                i.shamt = p.number("a shift/function field", 31)?.0 as u8;
                1
            }
            "a" | "b" | "c" => {
                let (o, os) = p.operand()?;
                let idx = (key.as_bytes()[0] - b'a') as usize;
                spans[idx] = Some(os);
                match idx {
                    0 => i.a = o.encode(),
                    1 => i.b = o.encode(),
                    _ => i.c = o.encode(),
                }
                2 + idx
            }
            _ => {
                return Err(Diagnostic::error(ks, format!("unknown raw field '{key}'"))
                    .with_help("raw(op=N, s=N, a=X, b=X, c=X)"))
            }
        };
        if seen[k] {
            return Err(Diagnostic::error(ks, format!("field '{key}' given twice")));
        }
        seen[k] = true;
        if !p.eat_p(",") {
            break;
        }
    }
    p.expect_p(")", "to close raw(...)")?;
    if let Some(missing) = ["op", "s", "a", "b", "c"]
        .iter()
        .zip(seen)
        .find(|(_, s)| !s)
        .map(|(n, _)| n)
    {
        return Err(
            Diagnostic::error(p.span(), format!("raw(...) is missing field '{missing}'"))
                .with_help("raw(op=N, s=N, a=X, b=X, c=X) gives every field"),
        );
    }
    Ok((i, spans, true, [false; 3]))
}

/// Checks a parsed statement: errors for undefined forms written canonically, warnings for
/// the rest of the seed's reserved/invalid/"should be" cases.
fn check(st: &Stmt, diags: &mut Vec<Diagnostic>) -> bool {
    let mut ok = true;
    for issue in st.inst.issues() {
        match issue {
            Issue::TwoRegisters if !st.explicit_raw => {
                // Point at the first register operand that differs from the first one read.
                let fields = [st.inst.a, st.inst.b, st.inst.c];
                let regs: Vec<(u8, Option<Span>)> = fields
                    .iter()
                    .zip(st.spans)
                    .filter_map(|(&f, sp)| match Operand::decode(f) {
                        Operand::Reg(r) => Some((r, sp)),
                        _ => None,
                    })
                    .collect();
                let span = regs
                    .iter()
                    .find(|(r, _)| Some(*r) != regs.first().map(|x| x.0))
                    .and_then(|x| x.1)
                    .unwrap_or(st.span);
                diags.push(
                    Diagnostic::error(span, "two different registers in one instruction are undefined")
                        .with_help("an instruction reads at most one register (it may name it several times); to encode this word anyway write raw(op=.., s=.., a=.., b=.., c=..)"),
                );
                ok = false;
            }
            other => diags
                .push(Diagnostic::warning(st.span, other.to_string()).with_help(help_for(other))),
        }
    }
    ok
}

fn help_for(i: Issue) -> &'static str {
    match i {
        Issue::UndefinedOp => "op 010 was removed from the newest ISA note; the emulator faults on it (spec) or gives 0 (mimori-rtl)",
        Issue::InterpBNotImmediate => "write interp(texN, ...) to encode B = 0pqrr",
        Issue::ReservedSelect => "op 110 functions are 00000-00011 and 01xxx",
        Issue::ReservedOfs => "op 111 selectors are aofs[0-5] (00xxx) and bofs[0-5] (01xxx)",
        Issue::TwoRegisters => "the seed leaves this undefined; the mimori-rtl profile reads the OR of the indices",
        Issue::ShouldBeImmediate(_) => "the seed requires 0xxxx here; xxxx has no effect",
    }
}

/// The result of assembling a source text.
#[derive(Clone, Debug, Default)]
pub struct Assembled {
    /// One word per instruction, with the span of its statement.
    pub words: Vec<(u32, Span)>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Assembled {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Assembles a whole file: one statement per line; every error is reported.
pub fn assemble(src: &str) -> Assembled {
    let mut out = Assembled::default();
    let mut base = 0;
    for line in src.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let line_base = base;
        base += line.len();
        let Some(toks) = lex(body, line_base, &mut out.diagnostics) else {
            continue;
        };
        if toks.is_empty() {
            continue;
        }
        let eol = Span::new(line_base + body.len(), line_base + body.len() + 1);
        let mut p = Parser {
            toks: &toks,
            pos: 0,
            eol,
        };
        match parse_stmt(&mut p) {
            Ok(Some(st)) => {
                if check(&st, &mut out.diagnostics) {
                    out.words.push((encode(&st.inst), st.span));
                }
            }
            Ok(None) => {}
            Err(d) => out.diagnostics.push(d),
        }
    }
    out
}

/// Parses one statement into a word (convenience for tests and tools); warnings are dropped.
pub fn parse_line(text: &str) -> Result<u32, Vec<Diagnostic>> {
    let a = assemble(text);
    if a.has_errors() {
        return Err(a.diagnostics);
    }
    match a.words.as_slice() {
        [(w, _)] => Ok(*w),
        _ => Err(vec![Diagnostic::error(
            Span::new(0, text.len()),
            "expected exactly one instruction",
        )]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::print::disassemble_word;
    use gpuisa_core::rng::Rng;

    fn word(s: &str) -> u32 {
        match parse_line(s) {
            Ok(w) => w,
            Err(d) => panic!("{s}: {d:?}"),
        }
    }

    fn first_error(s: &str) -> String {
        let a = assemble(s);
        a.diagnostics
            .iter()
            .find(|d| d.is_error())
            .map(|d| d.message.clone())
            .unwrap_or_default()
    }

    #[test]
    fn sample_programs() {
        assert_eq!(word("nop"), 0x00180000);
        assert_eq!(word("R0 = 1 + 0 + 0"), 0x00380400);
        assert_eq!(word("R0 = R0 + I0 * I1 -> push"), 0x203c6211);
        assert_eq!(word("T0 + 0 + 0 -> dram"), 0x00004800);
        assert_eq!(word("R0 = R0 + |I0 - I1|"), 0x18386211);
        assert_eq!(word("T1 + T0*CLUT0 -> dram"), 0x20004e54);
        assert_eq!(word("T0 + (I0 - #0) -> push, dram"), 0x08044a00);
        assert_eq!(word("bofs[4] -> push"), 0x3b1c0000);
        assert_eq!(word(".word 0x3b1c0000"), 0x3b1c0000);
    }

    #[test]
    fn shift_spellings_agree() {
        let w = word("R0 = R0 + (I0 * I1 >> 3) -> push, dram>>2");
        assert_eq!(word("R0 = R0 + I0*I1 >> 3 -> push, dram>>2"), w);
        assert_eq!(word("r0 = r0 + (i0 * i1) >> 3 -> push, dram >> 2"), w);
        assert_eq!(
            disassemble_word(w).unwrap(),
            "R0 = R0 + (I0 * I1 >> 3) -> push, dram>>2"
        );
    }

    #[test]
    fn errors_are_clear() {
        assert!(first_error("R0 = fooo(I0, I1)").contains("unknown operation 'fooo'"));
        assert!(first_error("R0 = R0 + I0 * 16").contains("immediate 16 is out of range"));
        assert!(first_error("R0 = R0 + R1 * I0").contains("two different registers"));
        assert!(first_error("R9 = 1 + 0 + 0").contains("'R9' cannot be written"));
        assert!(first_error("aofs[6]").contains("axis 6 is invalid"));
        assert!(first_error("logic[8](R0, 1, 2)").contains("out of range 0..7"));
        assert!(first_error("R0 + I0 + I1 -> dram>>3").contains("DRAM shift 3"));
        assert!(first_error(".word 0x40000000").contains("bits 30-31"));
        assert!(first_error("R0 = R0 + I0").contains("expected '+', '-' or '*'"));
        assert!(first_error("max(R0, I0) {a=1}").contains("field a is an operand"));
        // Every line with an error is reported.
        let a = assemble("R0 = foo\nnop\nR0 = R0 + 99 + 1\n");
        assert_eq!(a.diagnostics.iter().filter(|d| d.is_error()).count(), 2);
        assert_eq!(a.words.len(), 1);
    }

    #[test]
    fn reserved_words_warn_but_assemble() {
        let a = assemble(
            "raw(op=2, s=0, a=R0, b=R1, c=0)\nraw(op=6, s=20, a=0, b=0, c=0)\nmax(R0, I0) {c=I1}\n",
        );
        assert!(!a.has_errors(), "{:?}", a.diagnostics);
        assert_eq!(a.words.len(), 3);
        assert!(a.diagnostics.len() >= 3);
    }

    #[test]
    fn random_words_round_trip_through_text() {
        let mut rng = Rng::new(0x5eed);
        for _ in 0..200_000 {
            let w = rng.next_u32() & 0x3fff_ffff;
            let text = disassemble_word(w).unwrap();
            let a = assemble(&text);
            assert!(!a.has_errors(), "0x{w:08x} `{text}`: {:?}", a.diagnostics);
            assert_eq!(a.words.len(), 1, "0x{w:08x} `{text}`");
            assert_eq!(a.words[0].0, w, "0x{w:08x} `{text}`");
        }
    }

    #[test]
    fn parser_never_panics_on_garbage() {
        let alphabet: Vec<&str> = vec![
            "R0",
            "I1",
            "T0",
            "CLUT3",
            "=",
            "+",
            "-",
            "*",
            "|",
            "(",
            ")",
            ">>",
            "?",
            ":",
            ",",
            "[",
            "]",
            "{",
            "}",
            "->",
            "push",
            "dram",
            "max",
            "min",
            "clamp",
            "logic",
            "interp",
            ".p",
            "tex1",
            "aofs",
            "bofs",
            "raw",
            "op",
            "s",
            "a",
            "w",
            "nop",
            ".word",
            "3",
            "99",
            "0x3fffffff",
            "é",
            ";",
            "\n",
            " ",
            "#",
            "//",
            "0x",
            "_",
        ];
        let mut rng = Rng::new(42);
        let deadline = std::time::Instant::now() + std::time::Duration::from_millis(1500);
        while std::time::Instant::now() < deadline {
            let n = rng.below(12) as usize;
            let s: String = (0..n)
                .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
                .collect::<Vec<_>>()
                .join(" ");
            let _ = assemble(&s);
            let mut bytes = vec![0u8; rng.below(24) as usize];
            rng.fill(&mut bytes);
            let _ = assemble(&String::from_utf8_lossy(&bytes));
        }
    }
}
