//! Listings of raw Maxwell code laid out exactly as `nvdisasm -b SM50 [-hex] [-novliw]` and
//! `cuobjdump -sass` print them (column rules measured, see docs/nvidia.md).

use crate::ctrl::{self, Ctrl};
use crate::decode::{inst_text_dialect, Decoded};
use std::fmt::Write as _;

#[derive(Clone, Copy, Debug, Default)]
pub struct Layout {
    /// Append `/* 0x... */` encodings (nvdisasm -hex; always on for cuobjdump).
    pub hex: bool,
    /// Dual-issue pairs printed as `{ A ; B }`.
    pub vliw: bool,
    /// Our addition: control fields `[B------:R-:W-:Y:S04]` after the address.
    pub ctrl: bool,
    /// Address of the first control word.
    pub base: u64,
    /// cuobjdump's spelling (TEXS.T, TLDS.LZ.P) instead of nvdisasm's.
    pub cuobjdump: bool,
}

enum Row {
    Ctrl(u64),
    Inst {
        addr: u64,
        open: bool,
        close: bool,
        word: u64,
        ctrl: Ctrl,
        text: String,
        unknown: bool,
    },
}

/// Counts from a listing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub instructions: u64,
    pub unknown: u64,
}

/// Lays out `words` (whole bundles: control word then three instructions) into `out`.
/// Unknown words print as `.word 0x... ; /* unknown ... */` and never stop the listing.
pub fn render(words: &[u64], sm: u8, lay: Layout, out: &mut String) -> Counts {
    let mut rows = Vec::with_capacity(words.len());
    let mut counts = Counts::default();
    let mut open_pending = false;
    for (b, bundle) in words.chunks(4).enumerate() {
        let cw = bundle[0];
        rows.push(Row::Ctrl(cw));
        let fields = ctrl::unpack(cw);
        for (i, &w) in bundle[1..].iter().enumerate() {
            let addr = lay.base + (b as u64 * 32) + 8 * (i as u64 + 1);
            let c = fields[i];
            let (open, close) = if !lay.vliw {
                (false, false)
            } else if open_pending {
                open_pending = false;
                (false, true)
            } else if c.dual_issue() {
                open_pending = true;
                (true, false)
            } else {
                (false, false)
            };
            let mut text = String::with_capacity(48);
            let d = inst_text_dialect(&mut text, w, sm, c.reuse, addr, lay.cuobjdump);
            counts.instructions += 1;
            if d == Decoded::Unknown {
                counts.unknown += 1;
            }
            rows.push(Row::Inst {
                addr,
                open,
                close,
                word: w,
                ctrl: c,
                text,
                unknown: d == Decoded::Unknown,
            });
        }
    }
    // cuobjdump spells the padding NOPs after the last other instruction `NOP;`.
    if lay.cuobjdump {
        for r in rows.iter_mut().rev() {
            match r {
                Row::Ctrl(_) => {}
                Row::Inst { text, .. } if text == "NOP" => text.push(';'),
                Row::Inst { .. } => break,
            }
        }
    }
    // nvdisasm never prints an instruction that opens a pair at the very end of the code.
    if open_pending {
        if let Some(Row::Inst { open: true, .. }) = rows.last() {
            rows.pop();
        }
    }
    let line_of = |s: &mut String, r: &Row| {
        if let Row::Inst {
            addr,
            open,
            close,
            ctrl,
            text,
            unknown,
            ..
        } = r
        {
            let _ = write!(s, "        /*{addr:04x}*/");
            if lay.ctrl {
                s.push(' ');
                ctrl.render(s);
            }
            s.push_str(if *open { "         {" } else { "          " });
            // predicate right-aligned in 8 columns, then a space
            let (pred, body) = split_pred(text);
            let _ = write!(s, "{pred:>8} {body}");
            if *close {
                s.push_str("         }");
            } else if !body.ends_with(';') {
                s.push_str(" ;");
            }
            if *unknown {
                let _ = write!(s, " /* unknown sm_{sm} instruction */");
            }
        }
    };
    if !lay.hex {
        for r in &rows {
            if let Row::Inst { .. } = r {
                line_of(out, r);
                out.push('\n');
            }
        }
        return counts;
    }
    // Encoding column: two spaces after the longest `... ;` line, or right after the longest
    // pair-closing line.
    let mut col = 0;
    let mut tmp = String::new();
    for r in &rows {
        if let Row::Inst { close, .. } = r {
            tmp.clear();
            line_of(&mut tmp, r);
            col = col.max(tmp.len() + if *close { 0 } else { 2 });
        }
    }
    let mut pending: Option<u64> = None;
    for r in &rows {
        match r {
            Row::Ctrl(cw) => {
                if let Some(w) = pending.take() {
                    hex_line(out, col, w);
                }
                hex_line(out, col, *cw);
            }
            Row::Inst { close, word, .. } => {
                if let Some(w) = pending.take() {
                    hex_line(out, col, w);
                }
                let start = out.len();
                line_of(out, r);
                if *close {
                    pending = Some(*word);
                    out.push('\n');
                } else {
                    let len = out.len() - start;
                    for _ in len..col {
                        out.push(' ');
                    }
                    let _ = writeln!(out, "/* 0x{word:016x} */");
                }
            }
        }
    }
    counts
}

fn hex_line(out: &mut String, col: usize, w: u64) {
    for _ in 0..col {
        out.push(' ');
    }
    let _ = writeln!(out, "/* 0x{w:016x} */");
}

/// Splits `@!P0 TEXT` into (`@!P0`, `TEXT`).
fn split_pred(text: &str) -> (&str, &str) {
    if text.starts_with('@') {
        if let Some(i) = text.find(' ') {
            return (&text[..i], &text[i + 1..]);
        }
    }
    ("", text)
}
