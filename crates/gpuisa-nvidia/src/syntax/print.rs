//! Word -> text for one form: mnemonic, modifiers, operands (nvdisasm's spelling).

use super::{bit, field, hex_signed, is_imm, is_omitted, reg, PHASES, SWIZZLE, VSEL};
use crate::fmt::Sink;
use crate::table::{Form, Kind, Operand, PrintMod};
use crate::SREG_NAMES;
use std::fmt::Write as _;

/// Formats a float immediate the way nvdisasm does: C's `%.20g`, except magnitudes of 1e9 and
/// above which use `%.20e` (measured: 999999936 vs 1.00000000000000000000e+09); infinities and NaNs as `+INF `, `-QNAN ` (with the trailing space).
pub fn float_text<S: Sink + ?Sized>(out: &mut S, v: f64) {
    // exact 20-digit formatting is slow; programs reuse few constants, so remember recent ones
    // (a direct-mapped cache per thread, keyed by the value's bits)
    thread_local! {
        static CACHE: std::cell::RefCell<Vec<(u64, String)>> =
            std::cell::RefCell::new(vec![(u64::MAX, String::new()); 1024]);
    }
    let bits = v.to_bits();
    let slot = (bits.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 54) as usize;
    let hit = CACHE.with(|c| {
        let c = c.borrow();
        if c[slot].0 == bits {
            out.push_str(&c[slot].1);
            true
        } else {
            false
        }
    });
    if hit {
        return;
    }
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        c[slot].0 = bits;
        c[slot].1.clear();
        float_text_uncached(&mut c[slot].1, v);
        out.push_str(&c[slot].1);
    });
}

fn float_text_uncached(out: &mut String, v: f64) {
    if v.is_nan() {
        out.push_str(if v.is_sign_negative() {
            "-QNAN "
        } else {
            "+QNAN "
        });
        return;
    }
    if v.is_infinite() {
        out.push_str(if v < 0.0 { "-INF " } else { "+INF " });
        return;
    }
    if v == 0.0 {
        // nvdisasm: `-0.0 ` (with a trailing space, like `-INF `) for a negative zero
        out.push_str(if v.is_sign_negative() { "-0.0 " } else { "0" });
        return;
    }
    let e = format!("{v:.19e}");
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let x: i32 = exp.parse().unwrap_or(0);
    let push_exp = |out: &mut String, m: &str, x: i32| {
        out.push_str(m);
        let _ = write!(out, "e{}{:02}", if x < 0 { '-' } else { '+' }, x.abs());
    };
    if x >= 9 {
        let e20 = format!("{v:.20e}");
        let (m, x2) = e20.split_once('e').unwrap_or((&e20, "0"));
        push_exp(out, m, x2.parse().unwrap_or(x));
    } else if x < -4 {
        let m = mant.trim_end_matches('0').trim_end_matches('.');
        push_exp(out, m, x);
    } else {
        let f = format!("{v:.*}", (19 - x) as usize);
        let f = if f.contains('.') {
            f.trim_end_matches('0').trim_end_matches('.')
        } else {
            &f
        };
        out.push_str(f);
    }
}

/// Prints the instruction text (without predicate and ` ;`) of `word` using `form`.
/// `reuse` are the control-word reuse flags of the instruction, `pc` its address.
pub fn print<S: Sink + ?Sized>(out: &mut S, form: &Form, word: u64, reuse: u8, pc: u64) {
    out.push_str(form.head);
    for m in &form.print_mods {
        match m {
            PrintMod::Flag { pos, name } => {
                if field(word, *pos, 1) != 0 {
                    out.push_str(name);
                }
            }
            PrintMod::Enum { pos, width, names } => {
                if let Some(n) = names.get(field(word, *pos, *width) as usize) {
                    out.push_str(n);
                }
            }
            PrintMod::Text(n) => out.push_str(n),
        }
    }
    if form.phase {
        let p = PHASES[(reuse & 3) as usize];
        if !p.is_empty() {
            out.push('.');
            out.push_str(p);
        }
    }
    let mut sep = 0; // 0: before the first operand (" "), 1: after (", ")
    for op in &form.ops {
        if let Kind::Reg { pos, reuse: slot } = op.kind {
            if word & op.flag_mask == 0 && op.sw.is_none() && op.vsel.is_none() && op.sfx.is_none()
            {
                // a plain register (most operands): separator and name in one copy
                crate::fmt::reg_sep(out, field(word, pos, 8) as u8, sep);
                sep = 1;
                if slot.is_some_and(|s| reuse >> s & 1 != 0) {
                    out.push_str(".reuse");
                }
                continue;
            }
        }
        if is_omitted(op, word) {
            continue;
        }
        out.push_str(if sep == 0 { " " } else { ", " });
        sep = 1;
        print_operand(out, op, word, reuse, pc);
    }
}

pub(crate) fn print_operand<S: Sink + ?Sized>(
    out: &mut S,
    op: &Operand,
    w: u64,
    reuse: u8,
    pc: u64,
) {
    if w & op.flag_mask == 0 {
        // no prefix or suffix flag set: the value alone (the common case)
        print_kind(out, op, w, reuse, pc);
        if is_imm(&op.kind) {
            print_sfx(out, op, w);
        }
        return;
    }
    if is_imm(&op.kind) {
        // immediates carry their flags as suffixes: `0x6756f.NEG`, `2.5.NEG.ABS`, `0x1f.INV`,
        // then a selector (`0x49e80.NEG.B2`)
        print_kind(out, op, w, reuse, pc);
        if bit(w, op.inv) {
            out.push_str(".INV");
        }
        if bit(w, op.neg) {
            out.push_str(".NEG");
        }
        if bit(w, op.abs) {
            out.push_str(".ABS");
        }
        print_sfx(out, op, w);
        return;
    }
    if bit(w, op.neg) {
        out.push('-');
    }
    print_value(out, op, w, reuse, pc);
}

/// The operand without its negation: `!`, `~`, `|...|`, the value, suffixes and `.reuse`.
fn print_value<S: Sink + ?Sized>(out: &mut S, op: &Operand, w: u64, reuse: u8, pc: u64) {
    if bit(w, op.not) {
        out.push('!');
    }
    if bit(w, op.inv) {
        out.push('~');
    }
    let abs = bit(w, op.abs) && !is_imm(&op.kind);
    if abs {
        out.push('|');
        print_kind(out, op, w, 0, pc);
        out.push('|');
        print_reuse(out, op, reuse);
    } else {
        print_kind(out, op, w, reuse, pc);
    }
}

/// A named selector suffix (`sx:`): `.B1`, `.H1`, `.6543`.
#[inline]
fn print_sfx<S: Sink + ?Sized>(out: &mut S, op: &Operand, w: u64) {
    if let Some((p, wd, names)) = &op.sfx {
        let n = names[field(w, *p, *wd) as usize];
        if !n.is_empty() {
            out.push('.');
            out.push_str(n);
        }
    }
}

#[inline]
fn print_reuse<S: Sink + ?Sized>(out: &mut S, op: &Operand, reuse: u8) {
    if let Kind::Reg {
        reuse: Some(slot), ..
    } = op.kind
    {
        if reuse >> slot & 1 != 0 {
            out.push_str(".reuse");
        }
    }
}

/// The value with its suffixes (`.CC`, `.H1`, swizzle) and `.reuse` (pass `reuse` 0 to leave it
/// out).
fn print_kind<S: Sink + ?Sized>(out: &mut S, op: &Operand, w: u64, reuse: u8, pc: u64) {
    match &op.kind {
        Kind::Reg { pos, .. } => {
            reg(out, field(w, *pos, 8));
            if bit(w, op.cc) {
                out.push_str(".CC");
            }
            if bit(w, op.h1) {
                out.push_str(".H1");
            }
            if let Some(p) = op.sw {
                out.push_str(SWIZZLE[field(w, p, 2) as usize]);
            }
            if let Some(p) = op.vsel {
                out.push_str(VSEL[field(w, p, 3) as usize]);
            }
            print_sfx(out, op, w);
        }
        Kind::NegImm { pos, width, neg } => {
            let v = field(w, *pos, *width) as i64;
            hex_signed(out, if bit(w, Some(*neg)) { -v } else { v });
        }
        Kind::RegNext { pos } => reg(out, (field(w, *pos, 8) + 1).min(255)),
        Kind::RegNext2 { pos } => reg(out, (field(w, *pos, 8) + 2).min(255)),
        Kind::ImmOpt { pos, width } => {
            crate::fmt::hex0x(out, field(w, *pos, *width));
        }
        Kind::BitSet { pos, width } => {
            let v = field(w, *pos, *width);
            out.push('{');
            let mut first = true;
            for b in (0..*width).rev() {
                if v >> b & 1 != 0 {
                    if !first {
                        out.push(',');
                    }
                    first = false;
                    crate::fmt::dec(out, b as u64);
                }
            }
            out.push('}');
        }
        Kind::Names { pos, width, names } => out.push_str(names[field(w, *pos, *width) as usize]),
        Kind::Pred { pos } | Kind::PredOpt { pos } => {
            let p = field(w, *pos, 3);
            if p == 7 {
                out.push_str("PT");
            } else {
                out.push('P');
                out.push((b'0' + p as u8) as char);
            }
        }
        Kind::Cbank | Kind::CbankSpaced => {
            let mut s = crate::fmt::Small::new();
            s.put(b"c[0x");
            s.hex(field(w, 34, 5), 1);
            s.put(if op.kind == Kind::CbankSpaced {
                b"] ["
            } else {
                b"]["
            });
            s.hex_signed((field(w, 20, 14) << 2) as u16 as i16 as i64);
            s.put(b"]");
            out.push_small(&s);
            if bit(w, op.h1) {
                out.push_str(".H1");
            }
            print_sfx(out, op, w);
        }
        Kind::CIndexed => {
            let ra = field(w, 8, 8);
            let off = field(w, 20, 16) as u16 as i16 as i64;
            out.push_str("c[");
            crate::fmt::hex0x(out, field(w, 36, 5));
            out.push_str("][");
            if ra == 255 {
                hex_signed(out, off);
            } else {
                reg(out, ra);
                if off != 0 {
                    out.push('+');
                    hex_signed(out, off);
                }
            }
            out.push(']');
        }
        Kind::CbankAbs => {
            out.push_str("c[");
            crate::fmt::hex0x(out, field(w, 36, 5));
            out.push_str("][");
            hex_signed(out, field(w, 20, 16) as u16 as i16 as i64);
            out.push(']');
        }
        Kind::Attr { pos, width } => {
            let ra = field(w, 8, 8);
            let raw = if *width == 0 {
                0
            } else {
                field(w, *pos, *width)
            };
            out.push_str("a[");
            if ra == 255 && *width > 0 {
                crate::fmt::hex0x(out, raw);
            } else {
                reg(out, ra);
                if raw != 0 {
                    let shift = 64 - *width as u32;
                    out.push('+');
                    hex_signed(out, ((raw << shift) as i64) >> shift);
                }
            }
            out.push(']');
        }
        Kind::AttrImm { pos, width } => {
            out.push_str("a[");
            crate::fmt::hex0x(out, field(w, *pos, *width));
            out.push(']');
        }
        Kind::RegOpt { pos } | Kind::RegNoRz { pos } => reg(out, field(w, *pos, 8)),
        Kind::PredOptInv { pos } | Kind::PredInv { pos } => {
            let p = 7 - field(w, *pos, 3) as u8;
            if p == 7 {
                out.push_str("PT");
            } else {
                out.push('P');
                out.push((b'0' + p) as char);
            }
        }
        Kind::RegMem { pos, .. } => {
            out.push('[');
            reg(out, field(w, *pos, 8));
            out.push(']');
        }
        Kind::RegImm { width } => {
            reg(out, field(w, 8, 8));
            out.push(' ');
            let shift = 64 - *width as u32;
            hex_signed(out, ((field(w, 20, *width) << shift) as i64) >> shift);
        }
        Kind::Imm {
            pos,
            width,
            sign,
            signed,
        } => {
            let mut v = field(w, *pos, *width);
            let mut total = *width;
            if let Some(s) = sign {
                v |= field(w, *s, 1) << width;
                total += 1;
            }
            if *signed {
                let shift = 64 - total as u32;
                hex_signed(out, ((v << shift) as i64) >> shift);
            } else {
                crate::fmt::hex0x(out, v);
            }
        }
        Kind::F20 => {
            let bits = ((field(w, 20, 19) << 12) | (field(w, 56, 1) << 31)) as u32;
            float_text(out, f32::from_bits(bits) as f64);
        }
        Kind::D20 => {
            let bits = (field(w, 20, 19) << 44) | (field(w, 56, 1) << 63);
            let v = f64::from_bits(bits);
            // nvdisasm names an f64 NaN without its quiet bit (51) `SNAN` (f32 ones print QNAN)
            if v.is_nan() && bits >> 51 & 1 == 0 {
                out.push_str(if bits >> 63 != 0 { "-SNAN " } else { "+SNAN " });
                print_reuse(out, op, reuse);
                return;
            }
            float_text(out, v);
        }
        Kind::F32 { pos } => float_text(out, f32::from_bits(field(w, *pos, 32) as u32) as f64),
        Kind::Half { pos, sign, full } => {
            let h = if *full {
                field(w, *pos, 16)
            } else {
                (field(w, *sign, 1) << 15) | (field(w, *pos, 9) << 6)
            };
            float_text(out, crate::exec::float::f16_to_f64(h as u16));
        }
        Kind::Mem {
            pos,
            width,
            wide,
            scaled,
        } => {
            let ra = field(w, 8, 8);
            let shift = 64 - *width as u32;
            // signed after a register, unsigned alone (`[R2+-0x10]`, `[0xef17ed]`)
            // a scaled offset (ATOMS: 4-byte units) is two bits wider, and signed the same way
            let (raw, shift) = if *scaled {
                (field(w, *pos, *width) << 2, shift - 2)
            } else {
                (field(w, *pos, *width), shift)
            };
            let off = if ra == 255 {
                raw as i64
            } else {
                ((raw << shift) as i64) >> shift
            };
            out.push('[');
            if ra == 255 && off == 0 {
                // nvdisasm: `[RZ]` for a zero address, `[0x4]` otherwise
                out.push_str("RZ");
            } else if ra == 255 {
                hex_signed(out, off);
            } else {
                reg(out, ra);
                if bit(w, *wide) {
                    out.push_str(".64");
                }
                if off != 0 {
                    out.push('+');
                    hex_signed(out, off);
                }
            }
            out.push(']');
        }
        Kind::SReg { pos } => out.push_str(SREG_NAMES[field(w, *pos, 8) as usize]),
        Kind::Target => {
            let off = ((field(w, 20, 24) << 40) as i64) >> 40;
            // nvdisasm prints the target as a signed number (`CAL -0xc7e4d`)
            let t = (pc as i64).wrapping_add(8).wrapping_add(off);
            hex_signed(out, t);
        }
        Kind::Text(t) => out.push_str(t),
    }
    print_reuse(out, op, reuse);
}
