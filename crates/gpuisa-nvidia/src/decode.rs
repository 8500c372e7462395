//! Word -> text: the guard predicate, then the table form's mnemonic, modifiers and operands.
//! Allocation-free apart from the caller's output buffer; total over every 64-bit word.

use crate::syntax;
use crate::table::table;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    Known,
    /// No form matches: printed as `.word 0x...`.
    Unknown,
}

/// Writes the guard predicate (`@P0 `, `@!PT `; nothing for PT) of `w`.
#[inline]
pub fn guard(out: &mut String, w: u64) {
    let p = (w >> 16) & 7;
    let neg = (w >> 19) & 1 != 0;
    if p == 7 && !neg {
        return;
    }
    out.push('@');
    if neg {
        out.push('!');
    }
    if p == 7 {
        out.push_str("PT");
    } else {
        out.push('P');
        out.push((b'0' + p as u8) as char);
    }
    out.push(' ');
}

/// Appends the text of instruction `w` at address `pc` (reuse flags from its control field).
pub fn inst_text(out: &mut String, w: u64, sm: u8, reuse: u8, pc: u64) -> Decoded {
    match table().lookup(w, sm) {
        Some((_, form)) => {
            if !form.no_guard {
                guard(out, w);
            }
            syntax::print(out, form, w, reuse, pc);
            Decoded::Known
        }
        None => {
            use std::fmt::Write as _;
            let _ = write!(out, ".word 0x{w:016x}");
            Decoded::Unknown
        }
    }
}
