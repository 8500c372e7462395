//! AMD GCN 1.0-1.4 (gfx6, gfx7, gfx8, gfx9) machine code: one instruction model, per-generation opcode tables
//! as data (`data/gcn/`), a decoder/printer in LLVM's syntax and an assembler for the same syntax.
//!
//! Where things are:
//! - `data/gcn/<gen>/<enc>.txt`: every opcode of every encoding, its mnemonic and operand template;
//! - [`table`]: reads those files;
//! - [`operand`]: the source-operand encoding (registers, inline constants, literals);
//! - [`decode`]: encoding recognition and llvm-mc's validity checks over the words and the
//!   table row (`decode::rules`; the operands' register classes are the printer's writers);
//! - [`inst`]: the typed instruction `TInst` (`decode_typed`: checks, then every field);
//! - [`print`]: a `TInst`'s text in LLVM's syntax (llvm-objdump-19's, byte for byte);
//! - [`asm`]: the assembler (parses LLVM's text, matches it against the same tables);
//! - [`codeobj`]: AMD code objects (ELF, kernel descriptors) and the `llvm-objdump -d` style listing;

pub mod asm;
mod asm_check;
mod asm_enc;
pub mod codeobj;
pub mod decode;
pub mod encode;
pub use crate::text as fmt;
pub mod inst;
pub mod operand;
pub mod print;
mod regclass;
pub mod table;

use crate::fields::G;

/// A GCN generation (the opcode numbering and the operand encoding differ between them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Gen {
    /// GCN 1.0: gfx600 (tahiti), gfx601 (pitcairn, capeverde), gfx602 (oland, hainan).
    Gfx6,
    /// GCN 1.1: gfx700 (kaveri), gfx701 (hawaii), gfx702, gfx703 (kabini), gfx704 (bonaire), gfx705.
    Gfx7,
    /// GCN 1.2: gfx801, gfx802 (tonga), gfx803 (fiji, polaris), gfx810.
    Gfx8,
    /// GCN 1.4: gfx900, gfx902, gfx904, gfx909.
    Gfx9,
    /// GCN 1.4.1: gfx906 (gfx9 plus FMA-mix, dot products, v_fmac_f32).
    Gfx906,
}

impl G {
    // (Here, not in `fields`: the layouts know nothing of `Gen`, so `fields` depends on no
    // ISA module.)
    /// The layout generation of a GCN generation (gfx906 has gfx9's layouts).
    #[inline(always)]
    pub const fn of(gen: Gen) -> G {
        match gen {
            Gen::Gfx6 => G::Gfx6,
            Gen::Gfx7 => G::Gfx7,
            Gen::Gfx8 => G::Gfx8,
            Gen::Gfx9 | Gen::Gfx906 => G::Gfx9,
        }
    }
}

impl From<Gen> for G {
    fn from(gen: Gen) -> G {
        G::of(gen)
    }
}

/// The device names llvm takes for each GCN processor (`-mcpu=fiji` is gfx803): the targets'
/// aliases and the assembler driver's processor names.
pub const PROCESSOR_ALIASES: &[(&str, &[&str])] = &[
    ("gfx600", &["tahiti"]),
    ("gfx601", &["pitcairn", "verde", "capeverde"]),
    ("gfx602", &["oland", "hainan"]),
    ("gfx700", &["kaveri"]),
    ("gfx701", &["hawaii"]),
    ("gfx702", &[]),
    ("gfx703", &["kabini", "mullins"]),
    ("gfx704", &["bonaire"]),
    ("gfx705", &[]),
    ("gfx801", &["carrizo"]),
    ("gfx802", &["tonga", "iceland"]),
    ("gfx803", &["fiji", "polaris10", "polaris11", "polaris12"]),
    ("gfx810", &["stoney"]),
    ("gfx900", &["vega10"]),
    ("gfx902", &["raven"]),
    ("gfx904", &["vega12"]),
    ("gfx906", &["vega20"]),
    ("gfx909", &[]),
];

/// The aliases of processor `name` ([`PROCESSOR_ALIASES`]; none for an unknown name).
pub const fn aliases_of(name: &str) -> &'static [&'static str] {
    let mut i = 0;
    while i < PROCESSOR_ALIASES.len() {
        if str_eq(PROCESSOR_ALIASES[i].0, name) {
            return PROCESSOR_ALIASES[i].1;
        }
        i += 1;
    }
    &[]
}

/// The processor `name` names: itself, or the processor it is an alias of.
pub fn processor_of(name: &str) -> &str {
    PROCESSOR_ALIASES
        .iter()
        .find(|(_, a)| a.contains(&name))
        .map_or(name, |(p, _)| p)
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// What differs between the GCN generations beyond their opcode tables: one row per [`Gen`]
/// (indexed by `gen as usize`), read instead of comparing generations.
#[derive(Debug)]
pub struct GenFacts {
    /// The name (`gfx6` ... `gfx906`; the directory of its tables in `data/gcn/`).
    pub name: &'static str,
    /// MIMG D16 data: one 16-bit value per VGPR (gfx8); gfx9 and later pack two per VGPR
    /// (gfx6/gfx7 have no D16).
    pub d16_unpacked: bool,
    /// The image resource descriptor (T#) has gfx9's layout (gfx9's MIMG bit 15 is A16, not
    /// R128).
    pub tsharp_gfx9: bool,
    /// VOP1/VOP2/VOPC have SDWA and DPP forms (src0 249/250; gfx8 and later).
    pub sdwa_dpp: bool,
    /// An SDWA/DPP `v_nop` is llvm's plain 4-byte `v_nop` (gfx9); gfx8 prints the plain mnemonic
    /// and consumes both dwords.
    pub ext_nop_one_dword: bool,
    /// SMRD's OFFSET 255 without IMM is a 32-bit literal offset in the second dword (gfx7).
    pub smrd_literal_offset: bool,
    /// VOP3b (VOP3 with a scalar destination) has a CLAMP bit (gfx8 and later; gfx6/gfx7's
    /// VOP3b holds the SDST there).
    pub vop3b_clamp: bool,
}

/// [`GenFacts`] of every generation, in `Gen` order.
pub static GEN_FACTS: [GenFacts; 5] = [
    GenFacts {
        name: "gfx6",
        d16_unpacked: false,
        tsharp_gfx9: false,
        sdwa_dpp: false,
        ext_nop_one_dword: false,
        smrd_literal_offset: false,
        vop3b_clamp: false,
    },
    GenFacts {
        name: "gfx7",
        d16_unpacked: false,
        tsharp_gfx9: false,
        sdwa_dpp: false,
        ext_nop_one_dword: false,
        smrd_literal_offset: true,
        vop3b_clamp: false,
    },
    GenFacts {
        name: "gfx8",
        d16_unpacked: true,
        tsharp_gfx9: false,
        sdwa_dpp: true,
        ext_nop_one_dword: false,
        smrd_literal_offset: false,
        vop3b_clamp: true,
    },
    GenFacts {
        name: "gfx9",
        d16_unpacked: false,
        tsharp_gfx9: true,
        sdwa_dpp: true,
        ext_nop_one_dword: true,
        smrd_literal_offset: false,
        vop3b_clamp: true,
    },
    GenFacts {
        name: "gfx906",
        d16_unpacked: false,
        tsharp_gfx9: true,
        sdwa_dpp: true,
        ext_nop_one_dword: true,
        smrd_literal_offset: false,
        vop3b_clamp: true,
    },
];

impl Gen {
    /// Every generation, in order (`Gen::ALL[g as usize] == g`).
    pub const ALL: [Gen; 5] = [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906];
    /// This generation's row of [`GEN_FACTS`].
    #[inline]
    pub fn facts(self) -> &'static GenFacts {
        &GEN_FACTS[self as usize]
    }
    pub fn name(self) -> &'static str {
        self.facts().name
    }
}

/// An instruction encoding (format).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Enc {
    Sop2,
    Sopk,
    Sop1,
    Sopc,
    Sopp,
    Smem,
    /// GCN 1.0/1.1 scalar memory.
    Smrd,
    Vop2,
    Vop1,
    Vopc,
    Vop3,
    Vop3p,
    Vintrp,
    Ds,
    Mubuf,
    Mtbuf,
    Mimg,
    Flat,
    Global,
    GlobalSaddr,
    Scratch,
    ScratchSaddr,
    Exp,
}

impl Enc {
    /// Every encoding, in declaration order (`Enc::ALL[e as usize] == e`).
    pub const ALL: [Enc; 23] = [
        Enc::Sop2,
        Enc::Sopk,
        Enc::Sop1,
        Enc::Sopc,
        Enc::Sopp,
        Enc::Smem,
        Enc::Smrd,
        Enc::Vop2,
        Enc::Vop1,
        Enc::Vopc,
        Enc::Vop3,
        Enc::Vop3p,
        Enc::Vintrp,
        Enc::Ds,
        Enc::Mubuf,
        Enc::Mtbuf,
        Enc::Mimg,
        Enc::Flat,
        Enc::Global,
        Enc::GlobalSaddr,
        Enc::Scratch,
        Enc::ScratchSaddr,
        Enc::Exp,
    ];

    #[inline(always)]
    pub fn name(self) -> &'static str {
        match self {
            Enc::Sop2 => "SOP2",
            Enc::Sopk => "SOPK",
            Enc::Sop1 => "SOP1",
            Enc::Sopc => "SOPC",
            Enc::Sopp => "SOPP",
            Enc::Smem => "SMEM",
            Enc::Smrd => "SMRD",
            Enc::Vop2 => "VOP2",
            Enc::Vop1 => "VOP1",
            Enc::Vopc => "VOPC",
            Enc::Vop3 => "VOP3",
            Enc::Vop3p => "VOP3P",
            Enc::Vintrp => "VINTRP",
            Enc::Ds => "DS",
            Enc::Mubuf => "MUBUF",
            Enc::Mtbuf => "MTBUF",
            Enc::Mimg => "MIMG",
            Enc::Flat | Enc::Global | Enc::GlobalSaddr | Enc::Scratch | Enc::ScratchSaddr => "FLAT",
            Enc::Exp => "EXP",
        }
    }
}

/// One decoded instruction: what the timing model and tools need.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inst {
    pub address: u64,
    /// Size in bytes (4, 8 or 12).
    pub size: u8,
    pub mnemonic: String,
    /// Encoding class as printed (`VOP3`, `SMEM`, `VOP2_SDWA`, ...).
    pub encoding: &'static str,
    pub gen: Gen,
    /// Operands and modifiers exactly as LLVM prints them after the mnemonic.
    pub operands: String,
    pub words: [u32; 3],
    /// The operation (AMD's name, `Op::facts()`), the instruction table's name for it on this
    /// generation (its LLVM mnemonic, with the form's suffix) and the encoding it came in.
    pub op: crate::op::Op,
    pub name: &'static str,
    pub enc: Enc,
}

impl Inst {
    /// The target of a SOPP branch with a PC-relative offset (`s_branch`, `s_cbranch_*`; by the
    /// operation's facts): the signed dword offset counts from the next instruction.
    pub fn branch_target(&self) -> Option<u64> {
        let w0 = self.words[0];
        if decode::encoding_of(self.gen, w0) != Some(Enc::Sopp) {
            return None;
        }
        let e = table::entry(
            self.gen,
            Enc::Sopp,
            crate::fields::sopp::op(G::of(self.gen), &[w0]),
        )?;
        if !e.id.facts().branch.is_pc_relative() {
            return None;
        }
        let off = i64::from(crate::fields::sopp::simm16(G::of(self.gen), &[w0]) as u16 as i16) * 4;
        Some(self.address.wrapping_add(4).wrapping_add(off as u64))
    }

    /// The instruction's text as llvm-mc prints it.
    pub fn text(&self) -> String {
        if self.operands.is_empty() {
            self.mnemonic.clone()
        } else {
            format!("{} {}", self.mnemonic, self.operands)
        }
    }
}

/// A word that does not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidWord {
    pub address: u64,
    pub word: u32,
}

/// Decodes a whole buffer: valid instructions, and invalid words skipped 4 bytes at a time as
/// llvm-mc does. Never panics.
pub fn disassemble(gen: Gen, code: &[u8], base: u64) -> Vec<Result<Inst, InvalidWord>> {
    let mut out = Vec::new();
    let mut pos = 0usize;
    let mut text = String::new();
    while pos + 4 <= code.len() {
        let words = decode::words_at(code, pos);
        text.clear();
        match decode::decode_n(gen, &words, decode::avail(code, pos), &mut text) {
            Ok(d) => {
                // A decoded word always has its table row (the decoder found it there).
                let Some(e) = table::entry(gen, d.enc, u32::from(d.op)) else {
                    out.push(Err(InvalidWord {
                        address: base + pos as u64,
                        word: words[0],
                    }));
                    pos += 4;
                    continue;
                };
                let (mn, ops) = match text.split_once(' ') {
                    Some((m, o)) => (m.to_string(), o.to_string()),
                    None => (text.clone(), String::new()),
                };
                out.push(Ok(Inst {
                    address: base + pos as u64,
                    size: d.len * 4,
                    mnemonic: mn,
                    encoding: d.class,
                    gen,
                    operands: ops,
                    words,
                    op: e.id,
                    name: e.mnemonic,
                    enc: d.enc,
                }));
                pos += d.len as usize * 4;
            }
            Err(_) => {
                out.push(Err(InvalidWord {
                    address: base + pos as u64,
                    word: words[0],
                }));
                pos += 4;
            }
        }
    }
    out
}
