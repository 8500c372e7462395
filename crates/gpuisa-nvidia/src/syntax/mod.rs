//! Printing and parsing of one instruction from its [`Form`](crate::table::Form): the text
//! nvdisasm prints ([`print`]), and back ([`parse`]).
//!
//! Printing never fails (every field value has a text); parsing returns the word or a message
//! with the byte range of the offending operand.

mod parse;
mod print;

pub(crate) use parse::parse_int;
pub use parse::{parse, ParseError, Parsed};
pub(crate) use print::print_operand;
pub use print::{float_text, print};

use crate::fmt::Sink;
use crate::table::{table, Kind, Operand};

#[inline]
pub(super) fn field(w: u64, pos: u8, width: u8) -> u64 {
    (w >> pos) & ((1u64 << width) - 1)
}

#[inline]
pub(super) fn bit(w: u64, pos: Option<u8>) -> bool {
    pos.is_some_and(|p| (w >> p) & 1 != 0)
}

pub(super) fn put(w: &mut u64, pos: u8, width: u8, v: u64) {
    let m = ((1u64 << width) - 1) << pos;
    *w = (*w & !m) | ((v << pos) & m);
}

#[inline]
pub(super) fn hex_signed<S: Sink + ?Sized>(out: &mut S, v: i64) {
    if v < 0 {
        out.push('-');
    }
    crate::fmt::hex0x(out, v.unsigned_abs());
}

#[inline]
pub(super) fn reg<S: Sink + ?Sized>(out: &mut S, r: u64) {
    crate::fmt::reg(out, r.min(255) as u8);
}

/// Optional operands at their default value are not printed.
#[inline]
pub(crate) fn is_omitted(op: &Operand, w: u64) -> bool {
    match op.kind {
        // `!PT` is printed (IPA)
        Kind::PredOpt { pos } => field(w, pos, 3) == 7 && !bit(w, op.not),
        Kind::ImmOpt { pos, width } | Kind::BitSet { pos, width } => field(w, pos, width) == 0,
        Kind::RegOpt { pos } => field(w, pos, 8) == 255,
        Kind::PredOptInv { pos } => field(w, pos, 3) == 0,
        // a name list with empty names (a condition code whose `T` is not printed)
        Kind::Names {
            pos,
            width,
            ref names,
        } => names[field(w, pos, width) as usize].is_empty(),
        _ => false,
    }
}

pub(super) fn is_optional(op: &Operand) -> bool {
    match &op.kind {
        Kind::PredOpt { .. }
        | Kind::ImmOpt { .. }
        | Kind::BitSet { .. }
        | Kind::RegOpt { .. }
        | Kind::PredOptInv { .. } => true,
        Kind::Names { names, .. } => names.contains(&""),
        _ => false,
    }
}

/// Texture phase names (control-word reuse bits 0-1 of TEXS/TLDS).
pub(super) const PHASES: [&str; 4] = ["", "T", "P", "INVALIDPHASE3"];

/// Video-instruction operand selectors (3 bits: B0-B3 of 8-bit, H0/H1 of 16-bit, 32-bit, invalid).
pub(super) const VSEL: [&str; 8] = ["", ".B1", ".B2", ".B3", "", ".H1", "", ""];

pub(super) const SWIZZLE: [&str; 4] = ["", ".F32", ".H0_H0", ".H1_H1"];

#[inline]
pub(super) fn is_imm(k: &Kind) -> bool {
    matches!(
        k,
        Kind::Imm { .. } | Kind::F20 | Kind::D20 | Kind::F32 { .. } | Kind::Half { .. }
    )
}

/// Checks a form can print `word` (used by tests).
pub fn text_of(word: u64, sm: u8, reuse: u8, pc: u64) -> Option<String> {
    let (_, f) = table().lookup(word, sm)?;
    let mut s = String::new();
    print(&mut s, f, word, reuse, pc);
    Some(s)
}
