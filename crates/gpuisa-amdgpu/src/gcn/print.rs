//! The GCN printer: a [`TInst`] (gfx6-gfx9) to llvm-objdump-19's text, byte for byte, from the
//! instruction's table row and typed fields (operands, modifiers), not from its words.
//!
//! `print` cannot fail: `decode_typed` accepted the instruction, so every operand it prints is
//! one the checks allowed; the operand writers' validity results are ignored here. The words are
//! read in no place: the bits llvm-objdump prints that no field holds are the documented
//! `ignored` bits (gfx7/gfx8 FLAT 12:0, gfx6/gfx7 MIMG 63) and the FLAT offset's bit 12 that
//! `reserved` keeps (gfx9 FLAT has a 12-bit offset, llvm-objdump prints 13 bits).
//!
//! One function per encoding family: scalar ALU and scalar memory here, VOP1/VOP2/VOPC with their
//! SDWA/DPP forms in `print/vop.rs`, VOP3/VOP3P/VINTRP in `print/vop3.rs`, the vector memory
//! encodings and EXP in `print/mem.rs`.

use super::decode::scalar::{write_imm16, write_reg_only_src, write_sdst, write_ssrc, write_u16};
use super::decode::smem::write_smem_sdata;
use super::decode::{head, salu_operands, sep};
use super::fmt::{hex32, shex32, Out, Sink};
use super::inst::TInst;
use super::operand::write_sreg;
use super::table::{flag, Entry, Field, Operand, Shape};
use super::{Enc, Gen};

mod mem;
mod vop;
mod vop3;

/// Writes the instruction's text (mnemonic, operands, modifiers) as llvm-objdump-19 prints it.
/// A `TInst` made by `decode_typed` prints exactly what the reference prints for its words; a
/// `TInst` with no table row (gfx11, or hand-made) prints nothing but EXP.
pub fn print(t: &TInst, out: &mut Out) {
    let _ = print_to(t, out);
}

/// [`print`] into any [`Sink`], with the operands' validity: `false` if an operand writer
/// refuses its field (a register number or range, a constant, a modifier the operand cannot
/// take: llvm-objdump-19 rejects the word). `decode_typed` runs it over [`Null`](super::fmt::Null)
/// as the operand checks, the code-object lister over its text buffer (checks and text in one
/// pass); the rules are the operand writers', one predicate each, for both.
pub(crate) fn print_to<W: Sink>(t: &TInst, out: &mut W) -> bool {
    if t.enc == Enc::Exp {
        mem::exp(t, out);
        return true;
    }
    let Some(e) = t.entry else {
        return false;
    };
    match t.enc {
        Enc::Sop2 | Enc::Sop1 | Enc::Sopc | Enc::Sopk | Enc::Sopp => scalar(t, e, out),
        Enc::Smrd => smrd(t, e, out),
        Enc::Smem => smem(t, e, out),
        Enc::Vop2 | Enc::Vop1 | Enc::Vopc => vop::e32(t, e, out),
        Enc::Vop3 => vop3::vop3(t, e, out),
        Enc::Vop3p => vop3::vop3p(t, e, out),
        Enc::Vintrp => vop3::vintrp(t, e, out),
        Enc::Ds => mem::ds(t, e, out),
        Enc::Mubuf | Enc::Mtbuf => mem::buf(t, e, out),
        Enc::Mimg => mem::mimg(t, e, out),
        Enc::Flat | Enc::Global | Enc::GlobalSaddr | Enc::Scratch | Enc::ScratchSaddr => {
            mem::flat(t, e, out)
        }
        Enc::Exp => true,
    }
}

/// [`print`] into a `String` (appended).
pub fn print_string(t: &TInst, s: &mut String) {
    let mut out = Out::new();
    print(t, &mut out);
    s.push_str(out.as_str());
}

/// The literal dword, if the instruction has one (its length says so).
fn lit(t: &TInst) -> Option<u32> {
    (t.len >= 2).then_some(t.lit)
}

/// SOP1/SOP2/SOPC/SOPK/SOPP.
fn scalar<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let gen = t.gen;
    let (sdst, ssrc0, ssrc1, simm) = match t.enc {
        Enc::Sop2 => (t.sdst, t.src[0], t.src[1], 0),
        Enc::Sopk => (t.sdst, 0, 0, t.simm16),
        Enc::Sop1 => (t.sdst, t.src[0], 0, 0),
        // SOPC's second source doubles as the immediate of s_setvskip-like rows.
        Enc::Sopc => (0, t.src[0], t.src[1], t.src[1]),
        _ => (0, 0, 0, t.simm16),
    };
    let (sdst, ssrc0, ssrc1, simm) = (sdst as u32, ssrc0 as u32, ssrc1 as u32, simm as u32);
    let lit = lit(t);
    head(out, e);
    if t.enc == Enc::Sopp && simm == 0 && e.is(flag::ENDPGM) {
        // LLVM omits s_endpgm's zero immediate.
        return true;
    }
    if let Shape::SopkHex { nd } = e.shape {
        out.byte(b' ');
        let ok = write_sdst(out, gen, sdst, nd as u32);
        out.bytes(b", ");
        hex32(out, simm);
        return ok;
    }
    if let Shape::Salu {
        nd,
        n0,
        ty0,
        n1,
        ty1,
    } = e.shape
    {
        if !e.is(flag::REG_ONLY_SOP1) {
            let regs = [(nd, sdst, ty0), (n0, ssrc0, ty0), (n1, ssrc1, ty1)];
            return salu_operands(out, gen, regs, lit).is_ok();
        }
    }
    let mut first = true;
    let mut ok = true;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, ty } => {
                let n = n as u32;
                ok &= match field {
                    Field::Sdst => write_sdst(out, gen, sdst, n),
                    Field::Ssrc0 if t.enc == Enc::Sop1 && e.is(flag::REG_ONLY_SOP1) => {
                        write_reg_only_src(out, gen, ssrc0, n, ty, lit)
                    }
                    Field::Ssrc0 => write_ssrc(out, gen, ssrc0, n, ty, lit),
                    Field::Ssrc1 => write_ssrc(out, gen, ssrc1, n, ty, lit),
                    Field::Simm16(k) => write_imm16(out, gen, k, simm),
                    // s_setreg_imm32_b32's constant.
                    Field::K => {
                        hex32(out, t.lit);
                        true
                    }
                    _ => false,
                }
            }
            Operand::Text(s) => out.push_str(s),
        }
    }
    ok
}

/// SMRD (gfx6/gfx7): `sdst`, `sbase` (first SGPR), the offset as an immediate (`offset`, bytes),
/// a gfx7 literal (length 2) or an SGPR (`soffset_reg`).
fn smrd<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let gen = t.gen;
    head(out, e);
    let mut first = true;
    let mut ok = true;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field {
                field: Field::Sdata,
                n,
                ..
            } => {
                ok &= write_smem_sdata(out, gen, t.sdst as u32, n as u32);
            }
            Operand::Field {
                field: Field::Sbase,
                n,
                ..
            } => {
                ok &= super::decode::scalar::write_sres(out, gen, t.sbase as u32, n as u32);
            }
            Operand::Field {
                field: Field::Offset,
                ..
            } => {
                if t.soffset_reg {
                    ok &= write_sreg(out, gen, t.soffset as u32, 1);
                } else if t.len == 2 {
                    // gfx7: a 32-bit literal offset.
                    hex32(out, t.offset as u32);
                } else {
                    // The dword offset field.
                    hex32(out, (t.offset as u32) / 4);
                }
            }
            Operand::Text(s) => out.push_str(s),
            _ => ok = false,
        }
    }
    ok
}

/// SMEM (gfx8/gfx9).
fn smem<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let gen = t.gen;
    head(out, e);
    let mut first = true;
    let mut ok = true;
    for o in &e.operands {
        match *o {
            Operand::Field { field, n, .. } => {
                let n = n as u32;
                ok &= match field {
                    Field::Sdata => {
                        sep(out, &mut first);
                        let at = out.n_warnings();
                        let ok = write_smem_sdata(out, gen, t.sdst as u32, n);
                        if t.glc && e.mnemonic.contains("_atomic") {
                            out.repeat_warnings(at);
                        }
                        ok
                    }
                    Field::SdataImm => {
                        sep(out, &mut first);
                        write_u16(out, t.sdst as u32);
                        true
                    }
                    Field::Sbase => {
                        sep(out, &mut first);
                        super::decode::scalar::write_sres(out, gen, t.sbase as u32, n)
                    }
                    Field::Offset => {
                        sep(out, &mut first);
                        smem_offset(t, out)
                    }
                    _ => false,
                }
            }
            Operand::Text(s) => {
                sep(out, &mut first);
                out.push_str(s)
            }
        }
    }
    // s_atc_probe* (an immediate instead of sdata) never print glc.
    if t.glc && e.has(Field::Sdata) && e.has(Field::Offset) {
        out.push_str(" glc");
    }
    ok
}

/// SMEM's offset operand: an immediate (`imm`), an SGPR (in SOFFSET with `soe` on gfx9, else
/// the low 7 bits of OFFSET), or both (gfx9 `imm` and `soe`: `sN offset:imm`).
fn smem_offset<W: Sink>(t: &TInst, out: &mut W) -> bool {
    let gen = t.gen;
    let sreg = (t.soffset & 0x7f) as u32;
    if gen >= Gen::Gfx9 {
        match (t.imm, t.soe) {
            (true, false) => {
                shex32(out, t.offset);
                true
            }
            (false, _) => write_sreg(out, gen, sreg, 1),
            (true, true) => {
                let ok = write_sreg(out, gen, sreg, 1);
                out.push_str(" offset:");
                shex32(out, t.offset);
                ok
            }
        }
    } else if t.imm {
        hex32(out, t.offset as u32);
        true
    } else {
        write_sreg(out, gen, sreg, 1)
    }
}
