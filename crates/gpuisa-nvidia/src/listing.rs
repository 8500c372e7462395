//! Listings of raw Maxwell code laid out exactly as `nvdisasm -b SM50 [-hex] [-novliw]` and
//! `cuobjdump -sass` print them (column rules measured, see docs/nvidia.md).

use crate::ctrl::{self, Ctrl};
use crate::decode::{inst_text, Decoded};
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
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Single,
    Open,
    Close,
    /// Third and later instruction of a dual-issue chain: nvdisasm prints no text for it.
    Swallowed,
}

enum Row {
    Ctrl(u64),
    Inst {
        addr: u64,
        role: Role,
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
    // nvdisasm groups a chain of dual-issue flags: the first instruction opens `{`, the second
    // closes `}`, and any further ones of the same chain are not printed (only their encodings
    // with -hex) -- measured, see docs/nvidia.md.
    let mut group_pos = 0usize; // position in the current chain; 0 = a new chain starts here
    for (b, bundle) in words.chunks(4).enumerate() {
        let cw = bundle[0];
        rows.push(Row::Ctrl(cw));
        let fields = ctrl::unpack(cw);
        for (i, &w) in bundle[1..].iter().enumerate() {
            let addr = lay.base + (b as u64 * 32) + 8 * (i as u64 + 1);
            let c = fields[i];
            let dual = lay.vliw && c.dual_issue();
            let role = match group_pos {
                0 if dual => Role::Open,
                0 => Role::Single,
                1 => Role::Close,
                _ => Role::Swallowed,
            };
            group_pos = if dual || (group_pos == 0 && dual) {
                group_pos + 1
            } else {
                0
            };
            let mut text = String::with_capacity(48);
            let d = inst_text(&mut text, w, sm, c.reuse, addr);
            counts.instructions += 1;
            if d == Decoded::Unknown {
                counts.unknown += 1;
            }
            rows.push(Row::Inst {
                addr,
                role,
                word: w,
                ctrl: c,
                text,
                unknown: d == Decoded::Unknown,
            });
        }
    }
    let line_of = |s: &mut String, r: &Row| {
        if let Row::Inst {
            addr,
            role,
            ctrl,
            text,
            unknown,
            ..
        } = r
        {
            let (open, close) = (*role == Role::Open, *role == Role::Close);
            let _ = write!(s, "        /*{addr:04x}*/");
            if lay.ctrl {
                s.push(' ');
                ctrl.render(s);
            }
            s.push_str(if open { "         {" } else { "          " });
            // predicate right-aligned in 8 columns, then a space
            let (pred, body) = split_pred(text);
            let _ = write!(s, "{pred:>8} {body}");
            if close {
                s.push_str("         }");
            } else if ctrl.bits() & 0x1_ffff == 0x7e0 {
                // measured: an all-default control field (stall 0, yield bit 0, no barriers,
                // no waits; reuse bits aside), as on padding NOPs, prints `;` without the space
                s.push(';');
            } else {
                s.push_str(" ;");
            }
            if *unknown {
                let _ = write!(s, " /* unknown sm_{sm} instruction */");
            }
        }
    };
    if !lay.hex {
        for r in &rows {
            if let Row::Inst { role, .. } = r {
                if *role != Role::Swallowed {
                    line_of(out, r);
                    out.push('\n');
                }
            }
        }
        return counts;
    }
    // Encoding column: two spaces after the longest `... ;` line, or right after the longest
    // pair-closing line.
    let mut col = 0;
    let mut tmp = String::new();
    for r in &rows {
        if let Row::Inst { role, .. } = r {
            if *role != Role::Swallowed {
                tmp.clear();
                line_of(&mut tmp, r);
                // measured: a pair-closing line counts its guard predicate twice
                let extra = match (role, r) {
                    (Role::Close, Row::Inst { text, .. }) => {
                        let (pred, _) = split_pred(text);
                        if pred.is_empty() {
                            0
                        } else {
                            pred.len() + 1
                        }
                    }
                    _ => 2,
                };
                col = col.max(tmp.len() + extra);
            }
        }
    }
    // encodings of pair-closing and swallowed instructions are printed on lines of their own
    // before the next line; at the end of the code they are never printed (as nvdisasm does)
    let mut pending: Vec<u64> = Vec::new();
    for r in &rows {
        match r {
            Row::Ctrl(cw) => {
                for w in pending.drain(..) {
                    hex_line(out, col, w);
                }
                hex_line(out, col, *cw);
            }
            Row::Inst { role, word, .. } => {
                if *role == Role::Swallowed {
                    pending.push(*word);
                    continue;
                }
                for w in pending.drain(..) {
                    hex_line(out, col, w);
                }
                let start = out.len();
                line_of(out, r);
                if *role == Role::Close {
                    pending.push(*word);
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
