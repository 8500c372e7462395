//! gfx11 printing from the typed instruction: `print(&TInst)` writes llvm-objdump-19's text for
//! an instruction that `rdna3::inst::decode_typed` produced, from its fields (the `Op`'s table row
//! by `g11.opcode`, the operand fields, the modifiers, the DPP/VOPD/MIMG/EXP/VINTERP/LDSDIR
//! controls). It reads no instruction word, and it cannot fail: every check was made by the
//! decoder (`rdna3::check`). The register-class comments and the other llvm quirks follow the
//! table rows (`operands`: the VALU operand printers; `imm`: the named immediates and scalar
//! operand formats; `rdna3::operand`: registers, constants, literals).
//!
//! Source fields are held in the emulator's scalar numbering (M0 124, NULL 125: gfx11 encodes
//! them the other way round); [`code`] gives back the gfx11 operand code the tables and the
//! operand printers use.

pub mod imm;
mod mem;
pub(crate) mod operands;
mod valu;

use super::inst::Decoded11;
use crate::fields::Encoding as E;
use crate::gcn::inst::TInst;

/// The gfx11 operand code of a source/scalar field held in the emulator's numbering.
pub(crate) fn code(v: u16) -> u32 {
    match v {
        124 => 125,
        125 => 124,
        x => x as u32,
    }
}

/// Appends the text of a decoded gfx11 instruction (a VOPD pair as `X :: Y`).
pub fn print(d: &Decoded11, out: &mut String) {
    super::operand::clear_warnings();
    match d {
        Decoded11::One(t) => print_one(t, out),
        Decoded11::Dual(x, y) => valu::vopd(x, y, out),
    }
}

/// Appends the text of a VOPD pair (`X :: Y`).
pub fn print_dual(x: &TInst, y: &TInst, out: &mut String) {
    valu::vopd(x, y, out)
}

/// Appends the text of one gfx11 instruction (not a VOPD half).
pub fn print_one(t: &TInst, out: &mut String) {
    match t.g11.enc {
        Some(E::Vop1 | E::Vop2 | E::Vopc) => valu::e32(t, out),
        Some(E::Vop3 | E::Vop3p) => valu::vop3(t, out),
        Some(E::Sop1 | E::Sop2 | E::Sopc | E::Sopk | E::Sopp) => mem::salu(t, out),
        Some(E::Smem) => mem::smem(t, out),
        Some(E::Ds) => mem::ds(t, out),
        Some(E::Flat) => mem::flat(t, out),
        Some(E::Mubuf | E::Mtbuf) => mem::buf(t, out),
        Some(E::Mimg) => mem::mimg(t, out),
        Some(E::Exp) => mem::exp(t, out),
        Some(E::Vinterp) => mem::vinterp(t, out),
        Some(E::Ldsdir) => mem::ldsdir(t, out),
        _ => {}
    }
}

/// The encoding class of a decoded gfx11 instruction (`VOP1`, `VOP3_DPP`, `SMEM`, ...).
pub fn class(d: &Decoded11) -> &'static str {
    use crate::gcn::inst::Ext;
    use crate::gcn::Enc;
    let t = match d {
        Decoded11::Dual(..) => return "VOPD",
        Decoded11::One(t) => t,
    };
    let dpp = matches!(t.ext, Ext::Dpp | Ext::Dpp8);
    match t.g11.enc {
        Some(E::Vop1) if dpp => "VOP1_DPP",
        Some(E::Vop2) if dpp => "VOP2_DPP",
        Some(E::Vopc) if dpp => "VOPC_DPP",
        Some(E::Vop3) if dpp => "VOP3_DPP",
        Some(E::Vop3p) if dpp => "VOP3P_DPP",
        Some(E::Vop1) => "VOP1",
        Some(E::Vop2) => "VOP2",
        Some(E::Vopc) => "VOPC",
        Some(E::Vop3) => "VOP3",
        Some(E::Vop3p) => "VOP3P",
        Some(E::Sop1) => "SOP1",
        Some(E::Sop2) => "SOP2",
        Some(E::Sopc) => "SOPC",
        Some(E::Sopk) => "SOPK",
        Some(E::Sopp) => "SOPP",
        Some(E::Smem) => "SMEM",
        Some(E::Ds) => "DS",
        Some(E::Flat) => match t.enc {
            Enc::Scratch | Enc::ScratchSaddr => "SCRATCH",
            Enc::Global | Enc::GlobalSaddr => "GLOBAL",
            _ => "FLAT",
        },
        Some(E::Mubuf) => "MUBUF",
        Some(E::Mtbuf) => "MTBUF",
        Some(E::Mimg) => "MIMG",
        Some(E::Exp) => "EXP",
        Some(E::Vinterp) => "VINTERP",
        Some(E::Ldsdir) => "LDSDIR",
        _ => "",
    }
}

/// The text of a decoded gfx11 instruction.
pub fn text(d: &Decoded11) -> String {
    let mut s = String::new();
    print(d, &mut s);
    s
}

/// (This `impl` of the shared instruction type is here, not in `gcn/inst.rs`, because it prints
/// both families: `rdna3` depends on `gcn`, not the reverse.)
impl crate::gcn::inst::TInst {
    /// The instruction's text as llvm-objdump prints it (for traces and fault messages).
    pub fn text(&self) -> String {
        let mut s = String::new();
        if self.gfx11 {
            let w = [self.words[0], self.words[1], self.words[2], self.ext_word];
            let _ =
                crate::rdna3::inst::decode_typed_text(&w, self.len as usize, self.wave64, &mut s);
        } else {
            crate::gcn::print::print_string(self, &mut s);
        }
        s
    }
}
