//! Inst -> text. The canonical syntax is the only text any tool produces.
//!
//! ```text
//! R0 = R0 + I0 * I1 -> push          op 100, register write and push
//! R1 + (|I0 - I1| >> 2) -> dram>>2   op 011, shifted term, DRAM write of bits [17:2]
//! R2 = clamp(R2, 0, CLUT1)           op 110 / 00011
//! interp.p(tex1, I0 >> 3) -> push    op 101, B = 0p0rr
//! raw(op=2, s=0, a=R0, b=I0, c=1)    a word the seed calls undefined/reserved: still round-trips
//! ```
//! Fields a form ignores are printed only when non-zero, as `{a=R1, w=3}` after the sinks.

use crate::inst::{decode, DecodeError, Form, Inst, Issue, Op, Operand, NOP};
use std::fmt::Write;

/// Whether this instruction must be printed in the raw form.
pub fn needs_raw(i: &Inst) -> bool {
    i.form() == Form::Raw || i.issues().contains(&Issue::TwoRegisters)
}

fn opnd(f: u8) -> Operand {
    Operand::decode(f)
}

/// Appends the text of `i` to `out` (no newline).
pub fn print_into(i: &Inst, out: &mut String) {
    if crate::inst::encode(i) == NOP {
        out.push_str("nop");
        return;
    }
    let raw = needs_raw(i);
    if i.r {
        let _ = write!(out, "R{} = ", i.w);
    }
    let mut ignored: [(char, bool); 3] = [('a', false), ('b', false), ('c', false)];
    if raw {
        let _ = write!(
            out,
            "raw(op={}, s={}, a={}, b={}, c={})",
            i.op.bits(),
            i.shamt,
            opnd(i.a),
            opnd(i.b),
            opnd(i.c)
        );
    } else {
        let (a, b, c) = (opnd(i.a), opnd(i.b), opnd(i.c));
        match i.form() {
            Form::Arith => {
                let paren = i.shamt != 0;
                let _ = write!(out, "{a} + {}", if paren { "(" } else { "" });
                let _ = match i.op {
                    Op::Add => write!(out, "{b} + {c}"),
                    Op::Sub => write!(out, "{b} - {c}"),
                    Op::Mul => write!(out, "{b} * {c}"),
                    _ => write!(out, "|{b} - {c}|"),
                };
                if paren {
                    let _ = write!(out, " >> {})", i.shamt);
                }
            }
            Form::Interp { p, q, table } => {
                out.push_str("interp");
                if p {
                    out.push_str(".p");
                }
                if q {
                    out.push_str(".q");
                }
                let _ = write!(out, "(tex{table}, {c}");
                if i.shamt != 0 {
                    let _ = write!(out, " >> {}", i.shamt);
                }
                out.push(')');
                ignored[0].1 = true;
            }
            Form::SelectIf => {
                let _ = write!(out, "{a} ? {b} : {c}");
            }
            Form::Max => {
                let _ = write!(out, "max({a}, {b})");
                ignored[2].1 = true;
            }
            Form::Min => {
                let _ = write!(out, "min({a}, {c})");
                ignored[1].1 = true;
            }
            Form::Clamp => {
                let _ = write!(out, "clamp({a}, {b}, {c})");
            }
            Form::Logic(x) => {
                let _ = write!(out, "logic[{x}]({a}, {b}, {c})");
            }
            Form::Aofs(x) | Form::Bofs(x) => {
                let name = if matches!(i.form(), Form::Aofs(_)) {
                    "aofs"
                } else {
                    "bofs"
                };
                let _ = write!(out, "{name}[{x}]");
                ignored = [('a', true), ('b', true), ('c', true)];
            }
            Form::Raw => {} // needs_raw() sent every Raw form to the branch above
        }
    }
    let dram = match i.dd {
        0 => Some("dram"),
        1 => Some("dram>>2"),
        2 => Some("dram>>4"),
        _ => None,
    };
    match (i.t, dram) {
        (true, Some(d)) => {
            let _ = write!(out, " -> push, {d}");
        }
        (true, None) => out.push_str(" -> push"),
        (false, Some(d)) => {
            let _ = write!(out, " -> {d}");
        }
        (false, None) => {}
    }
    // Notes for non-zero fields that the form ignores.
    let fields = [i.a, i.b, i.c];
    let mut first = true;
    let mut note = |out: &mut String, name: char, value: &dyn std::fmt::Display| {
        let _ = write!(out, "{}{name}={value}", if first { " {" } else { ", " });
        first = false;
    };
    for (k, &(name, ign)) in ignored.iter().enumerate() {
        if ign && fields[k] != 0 {
            note(out, name, &opnd(fields[k]));
        }
    }
    if !i.r && i.w != 0 {
        note(out, 'w', &i.w);
    }
    if !first {
        out.push('}');
    }
}

/// The text of one instruction.
pub fn print(i: &Inst) -> String {
    let mut s = String::with_capacity(40);
    print_into(i, &mut s);
    s
}

/// Decodes and prints one word.
pub fn disassemble_word(word: u32) -> Result<String, DecodeError> {
    decode(word).map(|i| print(&i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn t(w: u32, s: &str) {
        assert_eq!(disassemble_word(w).unwrap(), s, "word 0x{w:08x}");
    }

    #[test]
    fn samples_from_the_rtl_notes() {
        t(0x00180000, "nop");
        t(0x00380400, "R0 = 1 + 0 + 0");
        t(0x203c6211, "R0 = R0 + I0 * I1 -> push");
        t(0x00004800, "T0 + 0 + 0 -> dram");
        t(0x18386211, "R0 = R0 + |I0 - I1|");
        t(0x20004e54, "T1 + T0 * CLUT0 -> dram");
        t(0x08044a00, "T0 + I0 - 0 -> push, dram");
        t(0x3b1c0000, "bofs[4] -> push");
    }

    #[test]
    fn special_forms() {
        // op 010
        t(
            0x10180000 | (0x18 << 10) | (0x19 << 5),
            "raw(op=2, s=0, a=R0, b=R1, c=0)",
        );
        // two registers in an add
        t(
            (0x18 << 10) | (0x19 << 5) | (3 << 19),
            "raw(op=0, s=0, a=R0, b=R1, c=0)",
        );
        // same register twice is fine
        t((0x18 << 10) | (0x18 << 5) | (3 << 19), "R0 + R0 + 0");
        // max with an ignored immediate C, write to register 5
        t(
            (6 << 27)
                | (1 << 22)
                | (1 << 21)
                | (3 << 19)
                | (5 << 15)
                | (0x18 << 10)
                | (0x10 << 5)
                | 7,
            "R5 = max(R0, I0) {c=7}",
        );
        // interp: B = 0pqrr = 0 1 1 10 -> p q tex2
        t(
            (5 << 27) | (3 << 22) | (3 << 19) | (1 << 18) | (0b01110 << 5) | 0x10,
            "interp.p.q(tex2, I0 >> 3) -> push",
        );
        // R=0 but W != 0 keeps W
        t((3 << 19) | (2 << 15) | (0x10 << 10), "I0 + 0 + 0 {w=2}");
    }
}
