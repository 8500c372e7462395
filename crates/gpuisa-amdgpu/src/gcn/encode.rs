//! The GCN encoder: a typed instruction ([`TInst`]) to its words, gfx6-gfx9. Every field is
//! written through the inserters generated from `data/amd/encodings.txt` (`crate::fields`), and
//! the opcode is the table row's for (`Op`, encoding, generation): a generation's layout or
//! numbering is data, never an `if gen` here. The inverse of `inst::decode_typed`:
//! `encode(&decode_typed(g, w)?) == w` for every word the decoder accepts (tests/inst_encode.rs).

use super::inst::{Ext, TInst};
use super::table::{self, Entry, Field, Operand};
use super::{Enc, Gen};
use crate::fields::{self as f, G};
use crate::op::Op;

/// Why a [`TInst`] has no encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodeError {
    /// The generation has no such operation in that encoding.
    NoOpcode { op: Op, enc: Enc, gen: Gen },
    /// A value does not fit its field (or the generation has no such field).
    Field {
        enc: Enc,
        field: &'static str,
        value: u32,
    },
    /// A gfx11 instruction (encoded by the RDNA3 assembler), or an extension the encoding does
    /// not take.
    Unsupported { enc: Enc },
}

impl std::fmt::Display for EncodeError {
    fn fmt(&self, fm: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            EncodeError::NoOpcode { op, enc, gen } => {
                write!(fm, "{op:?} has no {} opcode on {}", enc.name(), gen.name())
            }
            EncodeError::Field { enc, field, value } => {
                write!(fm, "{} field {field} cannot hold {value:#x}", enc.name())
            }
            EncodeError::Unsupported { enc } => {
                write!(fm, "no GCN encoding of this {} instruction", enc.name())
            }
        }
    }
}

impl std::error::Error for EncodeError {}

type R<T = ()> = Result<T, EncodeError>;
use f::Setter;

/// The words being built: the generation's layout, the encoding (for errors) and the dwords.
struct W {
    g: G,
    enc: Enc,
    w: [u32; 3],
}

impl W {
    /// Writes `v` into a field ([`f::insert`]: a zero is not written).
    #[inline(always)]
    fn put(&mut self, set: Setter, field: &'static str, v: u32) -> R {
        self.put_at(0, set, field, v)
    }
    /// The same, into the extension dword (SDWA/DPP: dword 1, counted from its own bit 0).
    #[inline(always)]
    fn put1(&mut self, set: Setter, field: &'static str, v: u32) -> R {
        self.put_at(1, set, field, v)
    }
    #[inline(always)]
    fn put_at(&mut self, k: usize, set: Setter, field: &'static str, v: u32) -> R {
        if f::insert(set, self.g, &mut self.w, k, v) {
            Ok(())
        } else {
            Err(EncodeError::Field {
                enc: self.enc,
                field,
                value: v,
            })
        }
    }
    /// The encoding's fixed prefix.
    fn prefix(&mut self, value: fn(G) -> Option<u32>, set: Setter) -> R {
        let v = value(self.g).ok_or(EncodeError::Unsupported { enc: self.enc })?;
        self.put(set, "ENCODING", v)
    }
}

/// The table row of `t`: its own when it names the same operation, else the row of (`op`,
/// `enc`) on `gen`.
fn row(t: &TInst) -> R<&'static Entry> {
    let none = EncodeError::NoOpcode {
        op: t.op,
        enc: t.enc,
        gen: t.gen,
    };
    if let Some(e) = t.entry.filter(|e| e.id == t.op) {
        // (A row of another generation's table has that table's opcode.)
        if table::entry(t.gen, t.enc, e.op as u32).is_some_and(|x| std::ptr::eq(x, e)) {
            return Ok(e);
        }
    }
    table::tables(t.gen)
        .table(t.enc)
        .and_then(|tab| tab.iter().find(|e| e.id == t.op))
        .ok_or(none)
}

/// Whether a VOP3 row is VOP3b (an SGPR carry/condition destination: no ABS, no OPSEL).
fn is_vop3b(e: &Entry) -> bool {
    e.operands.iter().any(|o| {
        matches!(
            o,
            Operand::Field {
                field: Field::Sdst,
                ..
            }
        )
    })
}

/// The words of `t` (gfx6-gfx9) and their number.
pub fn encode(t: &TInst) -> Result<([u32; 3], usize), EncodeError> {
    if t.gfx11 {
        return Err(EncodeError::Unsupported { enc: t.enc });
    }
    // (EXP has no table row: one operation.)
    let e = if t.enc == Enc::Exp {
        None
    } else {
        Some(row(t)?)
    };
    let op = e.map_or(0, |e| e.op as u32);
    let mut w = W {
        g: G::of(t.gen),
        enc: t.enc,
        w: [0; 3],
    };
    let len = (t.len as usize).clamp(1, 3);
    let b = |x: bool| x as u32;
    match t.enc {
        Enc::Sop2 => {
            use f::sop2 as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_sdst, "SDST", t.sdst as u32)?;
            w.put(s::set_ssrc0, "SSRC0", t.src[0] as u32)?;
            w.put(s::set_ssrc1, "SSRC1", t.src[1] as u32)?;
        }
        Enc::Sop1 => {
            use f::sop1 as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_sdst, "SDST", t.sdst as u32)?;
            w.put(s::set_ssrc0, "SSRC0", t.src[0] as u32)?;
        }
        Enc::Sopc => {
            use f::sopc as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_ssrc0, "SSRC0", t.src[0] as u32)?;
            w.put(s::set_ssrc1, "SSRC1", t.src[1] as u32)?;
        }
        Enc::Sopk => {
            use f::sopk as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_sdst, "SDST", t.sdst as u32)?;
            w.put(s::set_simm16, "SIMM16", t.simm16 as u32)?;
        }
        Enc::Sopp => {
            use f::sopp as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_simm16, "SIMM16", t.simm16 as u32)?;
        }
        Enc::Smrd => {
            use f::smrd as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_sdst, "SDST", t.sdst as u32)?;
            w.put(s::set_sbase, "SBASE", sbase(&w, t.sbase)?)?;
            if t.soffset_reg {
                w.put(s::set_offset, "OFFSET", t.soffset as u32)?;
            } else if len >= 2 {
                // A 32-bit literal offset (gfx7): OFFSET 255, the literal follows.
                w.put(s::set_offset, "OFFSET", 255)?;
                w.w[1] = t.offset as u32;
            } else {
                w.put(s::set_imm, "IMM", 1)?;
                w.put(s::set_offset, "OFFSET", dwords(&w, t.offset)?)?;
            }
        }
        Enc::Smem => {
            use f::smem as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_sdata, "SDATA", t.sdst as u32)?;
            w.put(s::set_sbase, "SBASE", sbase(&w, t.sbase)?)?;
            w.put(s::set_glc, "GLC", b(t.glc))?;
            w.put(s::set_nv, "NV", b(t.nv))?;
            // IMM: an immediate offset (with SOE, plus SOFFSET's SGPR); without IMM the SGPR
            // is in SOFFSET (SOE) or in OFFSET.
            if t.imm {
                w.put(s::set_imm, "IMM", 1)?;
                w.put(s::set_offset, "OFFSET", t.offset as u32)?;
            }
            if t.soe {
                w.put(s::set_soe, "SOE", 1)?;
                w.put(s::set_soffset, "SOFFSET", t.soffset as u32)?;
            } else if !t.imm {
                w.put(s::set_offset, "OFFSET", t.soffset as u32)?;
            }
        }
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc => vop_e32(&mut w, t, op)?,
        Enc::Vop3 => {
            use f::vop3 as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_vdst, "VDST", t.vdst as u32)?;
            if e.is_some_and(is_vop3b) {
                w.put(s::set_sdst, "SDST", t.sdst as u32)?;
            } else {
                w.put(s::set_abs, "ABS", t.abs as u32)?;
                w.put(s::set_opsel, "OPSEL", t.opsel as u32)?;
            }
            w.put(s::set_clamp, "CLAMP", b(t.clamp))?;
            w.put(s::set_neg, "NEG", t.neg as u32)?;
            w.put(s::set_omod, "OMOD", t.omod as u32)?;
            w.put(s::set_src0, "SRC0", t.src[0] as u32)?;
            w.put(s::set_src1, "SRC1", t.src[1] as u32)?;
            w.put(s::set_src2, "SRC2", t.src[2] as u32)?;
        }
        Enc::Vop3p => {
            use f::vop3p as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_vdst, "VDST", t.vdst as u32)?;
            w.put(s::set_clamp, "CLAMP", b(t.clamp))?;
            w.put(s::set_opsel, "OPSEL", t.opsel as u32)?;
            w.put(s::set_opsel_hi, "OPSEL_HI", t.opsel_hi as u32 & 3)?;
            w.put(s::set_opsel_hi2, "OPSEL_HI2", (t.opsel_hi >> 2) as u32)?;
            w.put(s::set_neg_hi, "NEG_HI", t.neg_hi as u32)?;
            w.put(s::set_neg, "NEG", t.neg as u32)?;
            w.put(s::set_src0, "SRC0", t.src[0] as u32)?;
            w.put(s::set_src1, "SRC1", t.src[1] as u32)?;
            w.put(s::set_src2, "SRC2", t.src[2] as u32)?;
        }
        Enc::Vintrp => {
            use f::vintrp as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_vdst, "VDST", t.vdst as u32)?;
            w.put(s::set_vsrc, "VSRC", t.vaddr as u32)?;
            w.put(s::set_attr, "ATTR", t.attr as u32)?;
            w.put(s::set_attrchan, "ATTRCHAN", t.attrchan as u32)?;
        }
        Enc::Ds => {
            use f::ds as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_gds, "GDS", b(t.gds))?;
            w.put(s::set_offset0, "OFFSET0", t.offset as u32)?;
            w.put(s::set_offset1, "OFFSET1", t.offset1 as u32)?;
            w.put(s::set_addr, "ADDR", t.vaddr as u32)?;
            w.put(s::set_data0, "DATA0", t.vdata as u32)?;
            w.put(s::set_data1, "DATA1", t.data1 as u32)?;
            w.put(s::set_vdst, "VDST", t.vdst as u32)?;
        }
        Enc::Mubuf => {
            use f::mubuf as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_offset, "OFFSET", t.offset as u32)?;
            w.put(s::set_offen, "OFFEN", b(t.offen))?;
            w.put(s::set_idxen, "IDXEN", b(t.idxen))?;
            w.put(s::set_glc, "GLC", b(t.glc))?;
            w.put(s::set_addr64, "ADDR64", b(t.addr64))?;
            w.put(s::set_lds, "LDS", b(t.lds))?;
            w.put(s::set_slc, "SLC", b(t.slc))?;
            w.put(s::set_tfe, "TFE", b(t.tfe))?;
            w.put(s::set_vaddr, "VADDR", t.vaddr as u32)?;
            w.put(s::set_vdata, "VDATA", t.vdata as u32)?;
            w.put(s::set_srsrc, "SRSRC", quad(&w, t.srsrc)?)?;
            w.put(s::set_soffset, "SOFFSET", t.soffset as u32)?;
        }
        Enc::Mtbuf => {
            use f::mtbuf as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_offset, "OFFSET", t.offset as u32)?;
            w.put(s::set_offen, "OFFEN", b(t.offen))?;
            w.put(s::set_idxen, "IDXEN", b(t.idxen))?;
            w.put(s::set_glc, "GLC", b(t.glc))?;
            w.put(s::set_addr64, "ADDR64", b(t.addr64))?;
            w.put(s::set_dfmt, "DFMT", t.dfmt as u32)?;
            w.put(s::set_nfmt, "NFMT", t.nfmt as u32)?;
            w.put(s::set_slc, "SLC", b(t.slc))?;
            w.put(s::set_tfe, "TFE", b(t.tfe))?;
            w.put(s::set_vaddr, "VADDR", t.vaddr as u32)?;
            w.put(s::set_vdata, "VDATA", t.vdata as u32)?;
            w.put(s::set_srsrc, "SRSRC", quad(&w, t.srsrc)?)?;
            w.put(s::set_soffset, "SOFFSET", t.soffset as u32)?;
        }
        Enc::Mimg => {
            use f::mimg as s;
            let m = &t.img;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_dmask, "DMASK", m.dmask as u32)?;
            w.put(s::set_unorm, "UNORM", b(m.unorm))?;
            w.put(s::set_glc, "GLC", b(m.glc))?;
            w.put(s::set_slc, "SLC", b(m.slc))?;
            w.put(s::set_da, "DA", b(m.da))?;
            w.put(s::set_r128, "R128", b(m.r128))?;
            w.put(s::set_a16, "A16", b(m.a16))?;
            w.put(s::set_tfe, "TFE", b(m.tfe))?;
            w.put(s::set_lwe, "LWE", b(m.lwe))?;
            w.put(s::set_d16, "D16", b(m.d16))?;
            w.put(s::set_ignored, "IGNORED", t.ignored as u32)?;
            w.put(s::set_vaddr, "VADDR", m.vaddr as u32)?;
            w.put(s::set_vdata, "VDATA", m.vdata as u32)?;
            w.put(s::set_srsrc, "SRSRC", quad(&w, m.srsrc)?)?;
            w.put(s::set_ssamp, "SSAMP", quad(&w, m.ssamp)?)?;
        }
        Enc::Flat | Enc::Global | Enc::GlobalSaddr | Enc::Scratch | Enc::ScratchSaddr => {
            use f::flat as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            // SEG: 0 FLAT, 1 SCRATCH, 2 GLOBAL; FLAT has no scalar address (SADDR 0).
            let (seg, saddr) = match t.enc {
                Enc::Flat => (0, 0),
                Enc::Scratch | Enc::ScratchSaddr => (1, t.saddr),
                _ => (2, t.saddr),
            };
            w.put(s::set_seg, "SEG", seg)?;
            w.put(s::set_saddr, "SADDR", saddr as u32)?;
            // 13 bits; FLAT's is unsigned 12 bit, GLOBAL's/SCRATCH's signed.
            w.put(s::set_offset, "OFFSET", t.offset as u32 & 0x1fff)?;
            w.put(s::set_ignored, "IGNORED", t.ignored as u32)?;
            w.put(s::set_lds, "LDS", b(t.lds))?;
            w.put(s::set_glc, "GLC", b(t.glc))?;
            w.put(s::set_slc, "SLC", b(t.slc))?;
            w.put(s::set_nv, "NV", b(t.nv))?;
            w.put(s::set_tfe, "TFE", b(t.tfe))?;
            w.put(s::set_addr, "ADDR", t.vaddr as u32)?;
            w.put(s::set_data, "DATA", t.vdata as u32)?;
            w.put(s::set_vdst, "VDST", t.vdst as u32)?;
        }
        Enc::Exp => {
            use f::exp as s;
            let x = &t.exp;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_en, "EN", x.en as u32)?;
            w.put(s::set_target, "TARGET", x.target as u32)?;
            w.put(s::set_compr, "COMPR", b(x.compr))?;
            w.put(s::set_done, "DONE", b(x.done))?;
            w.put(s::set_vm, "VM", b(x.vm))?;
            w.put(s::set_vsrc0, "VSRC0", x.vsrc[0] as u32)?;
            w.put(s::set_vsrc1, "VSRC1", x.vsrc[1] as u32)?;
            w.put(s::set_vsrc2, "VSRC2", x.vsrc[2] as u32)?;
            w.put(s::set_vsrc3, "VSRC3", x.vsrc[3] as u32)?;
        }
    }
    // A literal dword follows the first (SOP*/VOP* sources of 255, SOPK's s_setreg_imm32_b32,
    // v_madmk/v_madak's K); the scalar-memory and extension forms placed theirs above.
    let ext_or_mem = t.ext != Ext::None || matches!(t.enc, Enc::Smrd);
    if len >= 2 && !ext_or_mem && is_literal_enc(t.enc) {
        w.w[1] = t.lit;
    }
    // Reserved bits a decoded word had (none in an assembled one).
    w.w[0] |= t.reserved[0];
    if len >= 2 {
        w.w[1] |= t.reserved[1];
    }
    Ok((w.w, len))
}

/// Which fields of an encoding an instruction's form reads, for [`reserved_mask`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Every field of the encoding.
    Plain,
    /// VOP3a: no SDST.
    Vop3a,
    /// VOP3b: SDST, no ABS nor OPSEL.
    Vop3b,
    /// VOP1/VOP2 (and gfx8 VOPC) with SDWA: no SD/SDST.
    Sdwa,
    /// gfx9 VOPC with SDWA and SD set: SD/SDST, no destination controls nor output modifiers.
    SdwaSd,
    /// ... with SD clear: not SDST either (the destination is VCC).
    SdwaVcc,
    /// VOP1/VOP2/VOPC with DPP.
    Dpp,
}

const FORMS: [Form; 7] = [
    Form::Plain,
    Form::Vop3a,
    Form::Vop3b,
    Form::Sdwa,
    Form::SdwaSd,
    Form::SdwaVcc,
    Form::Dpp,
];

impl Form {
    /// The extension dword's layout and the fields this form does not read.
    fn spec(self) -> (Option<&'static str>, &'static [&'static str]) {
        const NO_DST: &[&str] = &["OMOD", "CLAMP", "DST_SEL", "DST_UNUSED"];
        match self {
            Form::Plain => (None, &[]),
            Form::Vop3a => (None, &["SDST"]),
            Form::Vop3b => (None, &["ABS", "OPSEL"]),
            Form::Sdwa => (Some("SDWA"), &["SD", "SDST"]),
            Form::SdwaSd => (Some("SDWA"), NO_DST),
            Form::SdwaVcc => (
                Some("SDWA"),
                &["OMOD", "CLAMP", "DST_SEL", "DST_UNUSED", "SDST"],
            ),
            Form::Dpp => (Some("DPP"), &[]),
        }
    }
}

/// Per dword, the bits that some field read by `form` of encoding `enc` holds on `g` (ENCODING
/// included; dword 1 is the SDWA/DPP dword for those forms): the complement is reserved.
/// Computed once from the generated layouts (`fields::layout_table`).
pub fn reserved_mask(g: G, enc: Enc, form: Form) -> [u32; 2] {
    use std::sync::OnceLock;
    type Masks = Vec<[[u32; 2]; 7]>;
    // One table per generation, made when that generation is first decoded (gfx6-gfx9).
    static MASKS: [OnceLock<Masks>; 4] = [const { OnceLock::new() }; 4];
    let Some(cell) = MASKS.get(g as usize) else {
        return [u32::MAX; 2];
    };
    let masks = cell.get_or_init(|| {
        Enc::ALL
            .iter()
            .map(|&e| FORMS.map(|f| field_mask(g, e.name(), f)))
            .collect()
    });
    let fi = FORMS.iter().position(|&f| f == form).unwrap_or(0);
    masks.get(enc as usize).map_or([u32::MAX; 2], |m| m[fi])
}

/// [`reserved_mask`], computed.
fn field_mask(g: G, name: &str, form: Form) -> [u32; 2] {
    let (ext, skip) = form.spec();
    let of = |n: &str| f::layout_mask(g, n, skip);
    let m = of(name);
    match ext {
        Some(x) => [m[0], of(x)[0]],
        None => [m[0], m[1]],
    }
}

fn is_literal_enc(enc: Enc) -> bool {
    matches!(
        enc,
        Enc::Sop2 | Enc::Sop1 | Enc::Sopc | Enc::Sopk | Enc::Vop1 | Enc::Vop2 | Enc::Vopc
    )
}

/// An SGPR pair's first register as SBASE (register / 2).
fn sbase(w: &W, r: u16) -> R<u32> {
    if r & 1 != 0 {
        return Err(EncodeError::Field {
            enc: w.enc,
            field: "SBASE",
            value: r as u32,
        });
    }
    Ok(r as u32 / 2)
}

/// A four-SGPR resource's first register as SRSRC/SSAMP (register / 4).
fn quad(w: &W, r: u16) -> R<u32> {
    if r & 3 != 0 {
        return Err(EncodeError::Field {
            enc: w.enc,
            field: "SRSRC",
            value: r as u32,
        });
    }
    Ok(r as u32 / 4)
}

/// An SMRD immediate byte offset in dwords.
fn dwords(w: &W, off: i32) -> R<u32> {
    if off < 0 || off % 4 != 0 {
        return Err(EncodeError::Field {
            enc: w.enc,
            field: "OFFSET",
            value: off as u32,
        });
    }
    Ok(off as u32 / 4)
}

/// VOP1/VOP2/VOPC, plain or with an SDWA/DPP dword.
fn vop_e32(w: &mut W, t: &TInst, op: u32) -> R {
    let b = |x: bool| x as u32;
    // The first dword: the encoding's prefix and opcode, VDST (VOP1/VOP2), VSRC1 (VOP2/VOPC).
    let (src0, vsrc1) = match t.ext {
        Ext::None => (t.src[0] as u32, t.src[1] as u32),
        // SDWA (0xf9) / DPP (0xfa) in SRC0; the source is in the extension dword. A VSRC1 below
        // 256 is an SGPR (SDWA's S1).
        Ext::Sdwa => (0xf9, t.src[1] as u32 % 256),
        Ext::Dpp => (0xfa, t.src[1] as u32),
        Ext::Dpp8 => return Err(EncodeError::Unsupported { enc: t.enc }),
    };
    let vsrc1 = if vsrc1 >= 256 { vsrc1 - 256 } else { vsrc1 };
    match t.enc {
        Enc::Vop1 => {
            use f::vop1 as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_vdst, "VDST", t.vdst as u32)?;
            w.put(s::set_src0, "SRC0", src0)?;
        }
        Enc::Vop2 => {
            use f::vop2 as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_vdst, "VDST", t.vdst as u32)?;
            w.put(s::set_vsrc1, "VSRC1", vsrc1)?;
            w.put(s::set_src0, "SRC0", src0)?;
        }
        _ => {
            use f::vopc as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_vsrc1, "VSRC1", vsrc1)?;
            w.put(s::set_src0, "SRC0", src0)?;
        }
    }
    match t.ext {
        Ext::Sdwa => {
            use f::sdwa as s;
            let x = &t.sdwa;
            // SRC0: a VGPR, or (gfx9, S0) an SGPR / constant.
            let s0 = t.src[0] < 256;
            w.put1(s::set_src0, "SRC0", t.src[0] as u32 % 256)?;
            w.put1(s::set_s0, "S0", b(s0))?;
            if t.enc != Enc::Vop1 {
                w.put1(s::set_s1, "S1", b(t.src[1] < 256))?;
            }
            w.put1(s::set_src0_neg, "SRC0_NEG", t.neg as u32 & 1)?;
            w.put1(s::set_src1_neg, "SRC1_NEG", (t.neg >> 1) as u32 & 1)?;
            w.put1(s::set_src0_abs, "SRC0_ABS", t.abs as u32 & 1)?;
            w.put1(s::set_src1_abs, "SRC1_ABS", (t.abs >> 1) as u32 & 1)?;
            w.put1(s::set_src0_sel, "SRC0_SEL", x.src_sel[0] as u32)?;
            w.put1(s::set_src1_sel, "SRC1_SEL", x.src_sel[1] as u32)?;
            w.put1(s::set_src0_sext, "SRC0_SEXT", b(x.src_sext[0]))?;
            w.put1(s::set_src1_sext, "SRC1_SEXT", b(x.src_sext[1]))?;
            // VOPC on a generation with SD: bits 15:8 are SD and SDST (VCC when SD is 0);
            // elsewhere the destination controls and the output modifiers.
            if t.enc == Enc::Vopc && s::has_sd(w.g) {
                if x.sd {
                    w.put1(s::set_sd, "SD", 1)?;
                    w.put1(s::set_sdst, "SDST", t.sdst as u32)?;
                }
            } else {
                w.put1(s::set_dst_sel, "DST_SEL", x.dst_sel as u32)?;
                w.put1(s::set_dst_unused, "DST_UNUSED", x.dst_unused as u32)?;
                w.put1(s::set_clamp, "CLAMP", b(t.clamp))?;
                w.put1(s::set_omod, "OMOD", t.omod as u32)?;
            }
        }
        Ext::Dpp => {
            use f::dpp as s;
            let x = &t.dpp;
            w.put1(s::set_src0, "SRC0", (t.src[0] as u32).wrapping_sub(256))?;
            w.put1(s::set_dpp_ctrl, "DPP_CTRL", x.ctrl as u32)?;
            w.put1(s::set_row_mask, "ROW_MASK", x.row_mask as u32)?;
            w.put1(s::set_bank_mask, "BANK_MASK", x.bank_mask as u32)?;
            w.put1(s::set_bound_ctrl, "BOUND_CTRL", b(x.bound_ctrl))?;
            w.put1(s::set_src0_neg, "SRC0_NEG", t.neg as u32 & 1)?;
            w.put1(s::set_src1_neg, "SRC1_NEG", (t.neg >> 1) as u32 & 1)?;
            w.put1(s::set_src0_abs, "SRC0_ABS", t.abs as u32 & 1)?;
            w.put1(s::set_src1_abs, "SRC1_ABS", (t.abs >> 1) as u32 & 1)?;
        }
        _ => {}
    }
    Ok(())
}
