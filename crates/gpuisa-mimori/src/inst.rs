//! The instruction model of MIMORI's 30-bit ISA, and the total decoder/encoder.
//!
//! ```text
//!  (OOO)(SSSSS)(R)(DD)(T)(WWW)(AAAAA)(BBBBB)(CCCCC)
//!   29   26     21 20  18 17   14     9      4
//! ```
//! Every 30-bit word is an [`Inst`]: the model keeps every field as it was, so
//! `encode(decode(w)) == w` for all 2^30 words. Which words are *well-formed* (canonical syntax,
//! defined semantics) is a separate question answered by [`Inst::form`] and [`Inst::issues`].

use std::fmt;

/// The 3-bit opcode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// 000 `a + ((b + c) >> s)`
    Add,
    /// 001 `a + ((b - c) >> s)`
    Sub,
    /// 010 removed from the newest note and from the RTL: undefined.
    Undef2,
    /// 011 `a + (|b - c| >> s)`
    AbsDiff,
    /// 100 `a + ((b * c) >> s)`, 16-bit multiply operands
    Mul,
    /// 101 table interpolation
    Interp,
    /// 110 select / max / min / clamp / LOGIC_LUT, chosen by the shift field
    Select,
    /// 111 aofs / bofs, chosen by the shift field
    Ofs,
}

impl Op {
    pub const ALL: [Op; 8] = [
        Op::Add,
        Op::Sub,
        Op::Undef2,
        Op::AbsDiff,
        Op::Mul,
        Op::Interp,
        Op::Select,
        Op::Ofs,
    ];

    #[inline]
    pub const fn from_bits(b: u32) -> Op {
        Op::ALL[(b & 7) as usize]
    }

    #[inline]
    pub const fn bits(self) -> u32 {
        self as u32
    }
}

/// A 5-bit source operand field, decoded into its address space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// `0xxxx`: the constant 0..15 (zero-extended).
    Imm(u8),
    /// `1000x`: the next vector of input stream I0 or I1.
    Input(u8),
    /// `1001x`: temporary delay entry T0 (newest) or T1.
    Temp(u8),
    /// `101xx`: constant-LUT entry 0..3.
    Clut(u8),
    /// `11xxx`: register R0..R7 (of the issuing warp).
    Reg(u8),
}

impl Operand {
    #[inline]
    pub const fn decode(f: u8) -> Operand {
        let f = f & 0x1f;
        if f & 0x10 == 0 {
            Operand::Imm(f)
        } else if f & 0x18 == 0x18 {
            Operand::Reg(f & 7)
        } else if f & 0x1c == 0x14 {
            Operand::Clut(f & 3)
        } else if f & 0x1e == 0x12 {
            Operand::Temp(f & 1)
        } else {
            Operand::Input(f & 1)
        }
    }

    #[inline]
    pub const fn encode(self) -> u8 {
        match self {
            Operand::Imm(v) => v & 0xf,
            Operand::Input(i) => 0x10 | (i & 1),
            Operand::Temp(i) => 0x12 | (i & 1),
            Operand::Clut(i) => 0x14 | (i & 3),
            Operand::Reg(r) => 0x18 | (r & 7),
        }
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Operand::Imm(v) => write!(f, "{v}"),
            Operand::Input(i) => write!(f, "I{i}"),
            Operand::Temp(i) => write!(f, "T{i}"),
            Operand::Clut(i) => write!(f, "CLUT{i}"),
            Operand::Reg(r) => write!(f, "R{r}"),
        }
    }
}

/// The DD field: where (and with which right shift) the result also goes to DRAM.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dram {
    /// DD = 0, 1, 2: write bits [15+s:s] for s = 0, 2, 4.
    Shift(u8),
    /// DD = 3: no DRAM write.
    None,
}

/// One decoded instruction: every field of the word, nothing lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Inst {
    pub op: Op,
    /// SSSSS: shift amount, or function selector for ops 110 and 111.
    pub shamt: u8,
    /// R: write the result to register `w`.
    pub r: bool,
    /// DD: 0..3.
    pub dd: u8,
    /// T: push the result into the temporary delay buffer.
    pub t: bool,
    /// WWW: the destination register.
    pub w: u8,
    pub a: u8,
    pub b: u8,
    pub c: u8,
}

/// A word that is not a MIMORI instruction (only bits 30-31 can make it so).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeError {
    pub word: u32,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "0x{:08x} is not a 30-bit MIMORI instruction: bits 30-31 must be zero",
            self.word
        )
    }
}

impl std::error::Error for DecodeError {}

/// The canonical `nop` (DD = 3, no register, no push, `0 + (0 + 0)`).
pub const NOP: u32 = 0x0018_0000;

/// Decodes one word. Total over the 2^30 instruction words; only words with bits 30-31 set fail.
#[inline]
pub const fn decode(word: u32) -> Result<Inst, DecodeError> {
    if word >> 30 != 0 {
        return Err(DecodeError { word });
    }
    Ok(Inst {
        op: Op::from_bits(word >> 27),
        shamt: ((word >> 22) & 0x1f) as u8,
        r: (word >> 21) & 1 != 0,
        dd: ((word >> 19) & 3) as u8,
        t: (word >> 18) & 1 != 0,
        w: ((word >> 15) & 7) as u8,
        a: ((word >> 10) & 0x1f) as u8,
        b: ((word >> 5) & 0x1f) as u8,
        c: (word & 0x1f) as u8,
    })
}

/// Encodes an instruction; fields wider than their slot are masked.
#[inline]
pub const fn encode(i: &Inst) -> u32 {
    (i.op.bits() << 27)
        | ((i.shamt as u32 & 0x1f) << 22)
        | ((i.r as u32) << 21)
        | ((i.dd as u32 & 3) << 19)
        | ((i.t as u32) << 18)
        | ((i.w as u32 & 7) << 15)
        | ((i.a as u32 & 0x1f) << 10)
        | ((i.b as u32 & 0x1f) << 5)
        | (i.c as u32 & 0x1f)
}

/// What an instruction computes, once its selector fields are interpreted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// ops 000/001/011/100: `a + (b OP c >> s)`
    Arith,
    /// op 101 with B = `0pqrr`: interpolation in texture table `rr`.
    Interp { p: bool, q: bool, table: u8 },
    /// op 110 / 00000
    SelectIf,
    /// op 110 / 00001
    Max,
    /// op 110 / 00010
    Min,
    /// op 110 / 00011
    Clamp,
    /// op 110 / 01xxx
    Logic(u8),
    /// op 111 / 00xxx, xxx <= 5
    Aofs(u8),
    /// op 111 / 01xxx, xxx <= 5
    Bofs(u8),
    /// Anything the seed calls reserved, invalid or undefined: only the raw syntax can express it.
    Raw,
}

/// Why a word has no canonical form, or a field that "has no effect" is not zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Issue {
    /// Op 010, removed from the ISA.
    UndefinedOp,
    /// Op 101 with a B field that is not an immediate `0pqrr`.
    InterpBNotImmediate,
    /// Op 110 with a reserved function (`001xx`, `1xxxx`).
    ReservedSelect,
    /// Op 111 with a reserved selector or an axis above 5.
    ReservedOfs,
    /// Two different registers among the operands this form reads (undefined in the seed).
    TwoRegisters,
    /// An operand that should be `0xxxx` (max's C, min's B, op 111's A..C) is not.
    ShouldBeImmediate(char),
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Issue::UndefinedOp => f.write_str("opcode 010 is undefined (removed from the ISA)"),
            Issue::InterpBNotImmediate => f.write_str("op 101 needs B = 0pqrr (an immediate)"),
            Issue::ReservedSelect => f.write_str("op 110 function is reserved (001xx or 1xxxx)"),
            Issue::ReservedOfs => {
                f.write_str("op 111 selector is reserved or names an axis above 5")
            }
            Issue::TwoRegisters => {
                f.write_str("two different registers in one instruction are undefined")
            }
            Issue::ShouldBeImmediate(x) => {
                write!(f, "operand {x} should be 0xxxx (an immediate) here")
            }
        }
    }
}

impl Inst {
    /// Which operand fields (a, b, c) the form reads.
    pub fn reads(&self) -> [bool; 3] {
        match self.form() {
            Form::Arith | Form::SelectIf | Form::Clamp | Form::Logic(_) | Form::Raw => {
                [true, true, true]
            }
            Form::Interp { .. } => [false, false, true],
            Form::Max => [true, true, false],
            Form::Min => [true, false, true],
            Form::Aofs(_) | Form::Bofs(_) => [false, false, false],
        }
    }

    pub fn form(&self) -> Form {
        let s = self.shamt;
        match self.op {
            Op::Add | Op::Sub | Op::AbsDiff | Op::Mul => Form::Arith,
            Op::Undef2 => Form::Raw,
            Op::Interp => match Operand::decode(self.b) {
                Operand::Imm(v) => Form::Interp {
                    p: v & 8 != 0,
                    q: v & 4 != 0,
                    table: v & 3,
                },
                _ => Form::Raw,
            },
            Op::Select => match s {
                0 => Form::SelectIf,
                1 => Form::Max,
                2 => Form::Min,
                3 => Form::Clamp,
                8..=15 => Form::Logic(s & 7),
                _ => Form::Raw,
            },
            Op::Ofs => match (s >> 3, s & 7) {
                (0, x) if x <= 5 => Form::Aofs(x),
                (1, x) if x <= 5 => Form::Bofs(x),
                _ => Form::Raw,
            },
        }
    }

    /// Everything the assembler warns about for this word (empty for a clean canonical word).
    pub fn issues(&self) -> Vec<Issue> {
        let mut v = Vec::new();
        let form = self.form();
        if form == Form::Raw {
            v.push(match self.op {
                Op::Undef2 => Issue::UndefinedOp,
                Op::Interp => Issue::InterpBNotImmediate,
                Op::Select => Issue::ReservedSelect,
                _ => Issue::ReservedOfs,
            });
        }
        let fields = [('a', self.a), ('b', self.b), ('c', self.c)];
        let reads = self.reads();
        let mut reg = None;
        for (i, &(_, f)) in fields.iter().enumerate() {
            if let (true, Operand::Reg(r)) = (reads[i], Operand::decode(f)) {
                match reg {
                    Some(q) if q != r => {
                        if !v.contains(&Issue::TwoRegisters) {
                            v.push(Issue::TwoRegisters)
                        }
                    }
                    _ => reg = Some(r),
                }
            }
        }
        match form {
            Form::Max if self.c & 0x10 != 0 => v.push(Issue::ShouldBeImmediate('c')),
            Form::Min if self.b & 0x10 != 0 => v.push(Issue::ShouldBeImmediate('b')),
            Form::Aofs(_) | Form::Bofs(_) => {
                for (n, f) in fields {
                    if f & 0x10 != 0 {
                        v.push(Issue::ShouldBeImmediate(n));
                    }
                }
            }
            _ => {}
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operand_spaces() {
        for f in 0..32u8 {
            assert_eq!(Operand::decode(f).encode(), f);
        }
        assert_eq!(Operand::decode(0b10000), Operand::Input(0));
        assert_eq!(Operand::decode(0b10011), Operand::Temp(1));
        assert_eq!(Operand::decode(0b10110), Operand::Clut(2));
        assert_eq!(Operand::decode(0b11101), Operand::Reg(5));
    }

    #[test]
    fn sample_words() {
        let i = decode(0x203c6211).unwrap();
        assert_eq!(i.op, Op::Mul);
        assert!(i.r && i.t && i.dd == 3 && i.w == 0);
        assert_eq!(Operand::decode(i.a), Operand::Reg(0));
        assert_eq!(Operand::decode(i.b), Operand::Input(0));
        assert_eq!(Operand::decode(i.c), Operand::Input(1));
        assert_eq!(decode(NOP).unwrap().dd, 3);
        assert!(decode(0x4000_0000).is_err());
        assert_eq!(decode(0x3b1c0000).unwrap().form(), Form::Bofs(4));
    }

    #[test]
    fn encode_inverts_decode_on_every_word() {
        // All 2^30 words: a tight loop, a few seconds even unoptimised at opt-level 1.
        let mut bad = 0u32;
        for w in 0..(1u32 << 30) {
            let i = match decode(w) {
                Ok(i) => i,
                Err(_) => {
                    bad += 1;
                    continue;
                }
            };
            if encode(&i) != w {
                bad += 1;
            }
        }
        assert_eq!(bad, 0);
    }
}
