//! The assembler: nvdisasm/cuobjdump listing text (or hand-written SASS in that syntax) -> bundles.
//!
//! Accepted per line: `/*ADDR*/` and `/* 0x... */` comments (ignored), `//` comments, directives
//! (`.headerflags`, ... ignored), labels `name:` (ignored: branch targets are addresses),
//! a control annotation `[B------:R-:W-:Y:S04]`, `{` / `}` dual-issue pairs, instructions ended by
//! `;` or `}` or the end of the line, `.word 0xHEX` raw instructions.
//!
//! Instructions without an annotation get safe control fields from [`schedule`]: stall 6 (Maxwell's
//! fixed ALU latency), a write barrier on variable-latency results (forms marked `@var`: LDC, LDG,
//! S2R, ...), a read barrier on the sources of memory stores, and a wait mask on every barrier whose
//! registers the instruction touches.

use crate::ctrl::{self, Ctrl};
use crate::syntax::{self, parse_int};
use crate::table::{table, Kind};
use gpuisa_core::diag::{Diagnostic, Span};

/// One assembled instruction before packing.
#[derive(Clone, Debug)]
pub struct Item {
    pub word: u64,
    pub ctrl: Option<Ctrl>,
    pub reuse: u8,
    /// Opens a `{ A ; B }` pair: A is dual-issued with B.
    pub pair: bool,
    pub span: Span,
    /// On the first instruction of a bundle: the control word an nvdisasm `-hex` / cuobjdump
    /// listing gave for the bundle (its standalone `/* 0x... */` line), used as is.
    pub bundle_ctrl: Option<u64>,
}

pub struct Assembled {
    pub words: Vec<u64>,
    pub diagnostics: Vec<Diagnostic>,
}

/// The NOP ptxas pads bundles with.
pub const NOP: u64 = 0x50b0000000070f00;

/// Replaces every `/* ... */` comment and `//` tail by spaces (keeps byte offsets).
fn blank_comments(line: &str) -> String {
    let mut s: Vec<u8> = line.as_bytes().to_vec();
    let mut i = 0;
    while i + 1 < s.len() {
        if s[i] == b'/' && s[i + 1] == b'*' {
            let end = line[i + 2..].find("*/").map_or(s.len(), |e| i + 2 + e + 2);
            for b in &mut s[i..end] {
                *b = b' ';
            }
            i = end;
        } else if s[i] == b'/' && s[i + 1] == b'/' {
            for b in &mut s[i..] {
                *b = b' ';
            }
            break;
        } else {
            i += 1;
        }
    }
    // Only ASCII bytes were replaced by ASCII spaces over whole comment ranges; keep it valid UTF-8.
    String::from_utf8(s).unwrap_or_else(|e| {
        String::from_utf8_lossy(e.as_bytes())
            .chars()
            .map(|c| if c.is_ascii() { c } else { ' ' })
            .collect()
    })
}

/// `/* 0x0123456789abcdef */` alone on a line.
fn standalone_hex(t: &str) -> Option<u64> {
    let h = t.strip_prefix("/* 0x")?.strip_suffix(" */")?;
    if h.len() != 16 {
        return None;
    }
    u64::from_str_radix(h, 16).ok()
}

/// Parses the whole source into items.
pub fn parse_source(src: &str, sm: u8, diags: &mut Vec<Diagnostic>) -> Vec<Item> {
    let mut items: Vec<Item> = Vec::new();
    let mut line_start = 0;
    let mut in_pair = false;
    // -hex / cuobjdump listings: a standalone `/* 0x... */` line is a bundle's control word, or
    // (right after a pair-closing line) the encoding of the closing instruction
    let mut pending_ctrl: Option<u64> = None;
    let mut closer_hex_next = false;
    for raw in src.split_inclusive('\n') {
        let base = line_start;
        line_start += raw.len();
        let t = raw.trim();
        if let Some(v) = standalone_hex(t) {
            if closer_hex_next {
                closer_hex_next = false;
            } else if items.len() % 3 == 0 {
                pending_ctrl = Some(v);
            }
            continue;
        }
        closer_hex_next = false;
        if t.starts_with("code for ") || t.starts_with("Function :") {
            continue; // cuobjdump headers
        }
        let line = blank_comments(raw.trim_end_matches(['\n', '\r']));
        let mut rest: &str = &line;
        let mut at = base;
        let mut ctrl_ann: Option<Ctrl> = None;
        loop {
            let trimmed = rest.trim_start();
            at += rest.len() - trimmed.len();
            rest = trimmed;
            if rest.is_empty() {
                break;
            }
            if rest.starts_with('[') {
                let end = rest.find(']').map_or(rest.len(), |e| e + 1);
                match Ctrl::parse(&rest[..end]) {
                    Some(c) => ctrl_ann = Some(c),
                    None => diags.push(
                        Diagnostic::error(Span::new(at, at + end), "malformed control annotation")
                            .with_help("the form is [B------:R-:W-:Y:S04]: wait mask digits 0-5, read and write barrier 0-5 or -, Y or -, stall 00-15"),
                    ),
                }
                rest = &rest[end..];
                at += end;
                continue;
            }
            if let Some(r) = rest.strip_prefix('{') {
                if in_pair {
                    diags.push(Diagnostic::error(
                        Span::new(at, at + 1),
                        "'{' inside a pair",
                    ));
                }
                in_pair = true;
                rest = r;
                at += 1;
                continue;
            }
            if rest.starts_with('.') && !rest.starts_with(".word") {
                break; // directive
            }
            let first = rest.split_whitespace().next().unwrap_or("");
            if first.ends_with(':') && !first.contains('[') {
                rest = &rest[first.len()..];
                at += first.len();
                continue; // label
            }
            // One instruction up to ';' or '}'.
            // ';' or a '}' that closes a pair ends it; `{5,1}` inside the instruction is an operand
            let mut depth = 0i32;
            let mut end = rest.len();
            for (i, c) in rest.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth > 0 => depth -= 1,
                    ';' | '}' => {
                        end = i;
                        break;
                    }
                    _ => {}
                }
            }
            let text = &rest[..end];
            let closes = rest[end..].starts_with('}');
            let pc = 8 + 32 * (items.len() as u64 / 3) + 8 * (items.len() as u64 % 3);
            let tl = text.trim_end();
            if !tl.is_empty() {
                if let Some(item) = parse_inst(tl, at, sm, pc, diags) {
                    let mut item = item;
                    item.ctrl = ctrl_ann.take();
                    item.pair = in_pair && !closes;
                    if items.len() % 3 == 0 {
                        item.bundle_ctrl = pending_ctrl.take();
                    }
                    items.push(item);
                }
            }
            if closes {
                if !in_pair {
                    diags.push(Diagnostic::error(
                        Span::new(at + end, at + end + 1),
                        "'}' without '{'",
                    ));
                }
                in_pair = false;
                closer_hex_next = true;
            }
            let adv = (end + 1).min(rest.len());
            rest = &rest[adv..];
            at += adv;
        }
    }
    items
}

fn parse_inst(text: &str, at: usize, sm: u8, pc: u64, diags: &mut Vec<Diagnostic>) -> Option<Item> {
    let span = Span::new(at, at + text.len());
    if let Some(h) = text.strip_prefix(".word") {
        let v = h.trim();
        return match parse_int(v).map(|x| x as u64).or_else(|| {
            v.strip_prefix("0x")
                .and_then(|x| u64::from_str_radix(x, 16).ok())
        }) {
            Some(w) => Some(Item {
                word: w,
                ctrl: None,
                reuse: 0,
                pair: false,
                span,
                bundle_ctrl: None,
            }),
            None => {
                diags.push(Diagnostic::error(span, "expected .word 0xHEX"));
                None
            }
        };
    }
    // guard predicate
    let (mut pg, mut neg, mut body, mut body_at) = (7u64, false, text, at);
    if let Some(p) = text.strip_prefix('@') {
        let end = p.find(char::is_whitespace).unwrap_or(p.len());
        let mut name = &p[..end];
        if let Some(n) = name.strip_prefix('!') {
            neg = true;
            name = n;
        }
        pg = match name {
            "PT" => 7,
            _ => match name.strip_prefix('P').and_then(|n| n.parse::<u64>().ok()) {
                Some(n) if n < 7 => n,
                _ => {
                    diags.push(
                        Diagnostic::error(
                            Span::new(at, at + 1 + end),
                            format!("bad guard predicate '@{}'", &p[..end]),
                        )
                        .with_help("guards are @P0..@P6, @PT, optionally negated: @!P0"),
                    );
                    return None;
                }
            },
        };
        let skip = 1 + end;
        let r = &text[skip..];
        let lead = r.len() - r.trim_start().len();
        body = r.trim_start();
        body_at = at + skip + lead;
    }
    match syntax::parse(body, body_at, sm, pc) {
        Ok(p) => {
            let no_guard = table().lookup(p.word, sm).is_some_and(|(_, f)| f.no_guard);
            let word = if no_guard {
                if pg != 7 || neg {
                    diags.push(Diagnostic::error(
                        span,
                        "this instruction takes no guard predicate",
                    ));
                    return None;
                }
                p.word
            } else {
                (p.word & !(0xf << 16)) | pg << 16 | (neg as u64) << 19
            };
            Some(Item {
                word,
                ctrl: None,
                reuse: p.reuse,
                pair: false,
                span,
                bundle_ctrl: None,
            })
        }
        Err(e) => {
            let mut d = Diagnostic::error(Span::new(e.start, e.end), e.message);
            if let Some(h) = e.help {
                d = d.with_help(h);
            }
            diags.push(d);
            None
        }
    }
}

/// Registers an instruction reads and writes, for scheduling (conservative: 64-bit and vector
/// operands may use the following registers, so each register stands for itself and the next three).
fn regs_of(word: u64, sm: u8) -> (Vec<u8>, Vec<u8>, bool, bool) {
    let mut reads = Vec::new();
    let mut writes = Vec::new();
    let Some((_, f)) = table().lookup(word, sm) else {
        return (reads, writes, false, false);
    };
    // the destination: the first register operand, after predicate destinations only (SULD's
    // `P2, R4, ...`)
    let is_pred = |k: &Kind| {
        matches!(
            k,
            Kind::Pred { .. }
                | Kind::PredOpt { .. }
                | Kind::PredOptInv { .. }
                | Kind::PredInv { .. }
        )
    };
    let dst = f.ops.iter().position(|o| !is_pred(&o.kind));
    for (i, op) in f.ops.iter().enumerate() {
        let r = match op.kind {
            Kind::Reg { pos, .. }
            | Kind::RegOpt { pos }
            | Kind::RegNoRz { pos }
            | Kind::RegMem { pos, .. } => Some((word >> pos) as u8),
            Kind::Mem { .. } | Kind::CIndexed | Kind::Attr { .. } | Kind::RegImm { .. } => {
                Some((word >> 8) as u8)
            }
            _ => None,
        };
        if let Some(r) = r {
            if r == 255 {
                continue;
            }
            let span = (r..=r.saturating_add(3)).filter(|&x| x != 255);
            let reg_kind = matches!(
                op.kind,
                Kind::Reg { .. } | Kind::RegOpt { .. } | Kind::RegNoRz { .. }
            );
            if Some(i) == dst && !f.no_dst && reg_kind {
                writes.extend(span);
            } else {
                reads.extend(span);
            }
        }
    }
    (reads, writes, f.var_latency, f.no_dst)
}

/// Computes safe control fields for items without an annotation.
pub fn schedule(items: &[Item], sm: u8) -> Vec<Ctrl> {
    let mut out = Vec::with_capacity(items.len());
    // per barrier: registers whose write (write barrier) or read (read barrier) is pending
    let mut pending: [Vec<u8>; 6] = Default::default();
    let mut next_bar = 0usize;
    for it in items {
        let (reads, writes, var, no_dst) = regs_of(it.word, sm);
        let mut c = it.ctrl.unwrap_or(Ctrl {
            stall: 6,
            yield_bit: true,
            ..Ctrl::default()
        });
        if it.ctrl.is_none() {
            for (b, regs) in pending.iter_mut().enumerate() {
                if !regs.is_empty() && regs.iter().any(|r| reads.contains(r) || writes.contains(r))
                {
                    c.wait_mask |= 1 << b;
                    regs.clear();
                }
            }
            if var {
                let set = if no_dst { &reads } else { &writes };
                if !set.is_empty() {
                    // a free barrier, else wait for the next one round-robin
                    let b = (0..6)
                        .map(|k| (next_bar + k) % 6)
                        .find(|&k| pending[k].is_empty())
                        .unwrap_or(next_bar % 6);
                    if !pending[b].is_empty() {
                        c.wait_mask |= 1 << b;
                    }
                    next_bar = b + 1;
                    pending[b] = set.clone();
                    if no_dst {
                        c.read_bar = b as u8;
                    } else {
                        c.write_bar = b as u8;
                    }
                }
            }
            if it.pair {
                c.stall = 0;
                c.yield_bit = true;
            } else if c.stall == 0 && c.yield_bit {
                c.stall = 1;
            }
        } else {
            // an annotation given: still honour its barriers for later instructions
            if c.write_bar < 6 {
                pending[c.write_bar as usize] = writes.clone();
            }
            if c.read_bar < 6 {
                pending[c.read_bar as usize] = reads.clone();
            }
            for b in 0..6 {
                if c.wait_mask >> b & 1 != 0 {
                    pending[b].clear();
                }
            }
        }
        c.reuse = it.reuse;
        out.push(c);
    }
    out
}

/// Assembles `src` into bundles (control word + 3 instructions, padded with NOPs).
pub fn assemble(src: &str, sm: u8) -> Assembled {
    let mut diagnostics = Vec::new();
    let mut items = parse_source(src, sm, &mut diagnostics);
    // a control word given by the listing acts as annotations for the scheduler's bookkeeping
    for chunk in items.chunks_mut(3) {
        if let Some(cw) = chunk[0].bundle_ctrl {
            let f = ctrl::unpack(cw);
            for (it, c) in chunk.iter_mut().zip(f) {
                it.ctrl.get_or_insert(c);
            }
        }
    }
    let ctrls = schedule(&items, sm);
    let mut words = Vec::with_capacity(items.len() / 3 * 4 + 4);
    for (chunk, cs) in items.chunks(3).zip(ctrls.chunks(3)) {
        if let Some(cw) = chunk[0].bundle_ctrl {
            words.push(cw);
            for i in 0..3 {
                words.push(chunk.get(i).map_or(NOP, |it| it.word));
            }
            continue;
        }
        let mut f = [Ctrl {
            stall: 0,
            yield_bit: false,
            ..Ctrl::default()
        }; 3];
        f[..cs.len()].copy_from_slice(cs);
        words.push(ctrl::pack(f));
        for i in 0..3 {
            words.push(chunk.get(i).map_or(NOP, |it| it.word));
        }
    }
    Assembled { words, diagnostics }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctrls(src: &str) -> Vec<Ctrl> {
        let a = assemble(src, 50);
        assert!(a.diagnostics.is_empty(), "{:?}", a.diagnostics);
        let mut out = Vec::new();
        for b in a.words.chunks(4) {
            out.extend(ctrl::unpack(b[0]));
        }
        out
    }

    #[test]
    fn variable_latency_results_get_barriers_and_waits() {
        let c = ctrls(
            "S2R R0, SR_TID.X ;\n\
             MOV R5, RZ ;\n\
             SHL R1, R0, 0x2 ;\n\
             LDC R2, c[0x3][R1+0x10] ;\n\
             IADD R3, R2, R5 ;\n\
             EXIT ;",
        );
        // S2R sets a write barrier; the independent MOV does not wait; SHL waits on it
        assert!(c[0].write_bar < 6);
        assert_eq!(c[1].wait_mask, 0);
        assert_eq!(c[2].wait_mask, 1 << c[0].write_bar);
        // LDC takes another barrier (the first is still free again, any free one is fine)
        assert!(c[3].write_bar < 6);
        assert_eq!(c[4].wait_mask, 1 << c[3].write_bar);
        // fixed-latency instructions stall 6 and set no barrier
        assert_eq!((c[1].stall, c[1].write_bar, c[1].read_bar), (6, 7, 7));
        assert_eq!(c[5].wait_mask, 0);
    }

    #[test]
    fn stores_protect_their_sources_with_a_read_barrier() {
        let c = ctrls("STG.E [R2], R0 ;\nMOV R0, RZ ;\nMOV R7, RZ ;");
        assert!(c[0].read_bar < 6);
        assert_eq!(c[0].write_bar, 7);
        assert_eq!(c[1].wait_mask, 1 << c[0].read_bar);
    }

    #[test]
    fn pairs_and_annotations() {
        let c = ctrls("{ MOV R1, RZ ;\n MOV R2, RZ }\n[B--2---:R1:W3:Y:S04] MOV R3, RZ ;\n");
        assert!(c[0].dual_issue());
        assert!(!c[1].dual_issue());
        let mut s = String::new();
        c[2].render(&mut s);
        assert_eq!(s, "[B--2---:R1:W3:Y:S04]");
        // bundles are padded with NOPs whose control field is all default
        let a = assemble("MOV R1, RZ ;", 50);
        assert_eq!(a.words.len(), 4);
        assert_eq!(a.words[2], NOP);
        assert_eq!(ctrl::unpack(a.words[0])[1].bits() & 0x1_ffff, 0x7e0);
    }

    #[test]
    fn barriers_are_recycled_when_all_six_are_busy() {
        // registers 4 apart: the conservative 4-register ranges do not overlap
        let src: String = (0..8)
            .map(|i| format!("S2R R{}, SR_TID.X ;\n", 10 + 4 * i))
            .collect();
        let c = ctrls(&src);
        for x in &c[..6] {
            assert!(x.write_bar < 6);
        }
        // the seventh result must first wait for the barrier it reuses
        assert_ne!(c[6].wait_mask, 0);
        assert_eq!(c[6].wait_mask, 1 << c[6].write_bar);
    }
}
