//! The typed GCN instruction: [`TInst`], what every tool reads instead of text.
//! `decode_typed` checks a word over its fields and table row and extracts the fields of the
//! encoding into plain numbers (`decode::rules`, one pass per encoding), adds the operand widths
//! and types and the reserved bits, and checks the operands' register classes with the
//! printer's operand writers (`print::print_to` over `Null`); `print::print` writes a `TInst`'s
//! text. The field layouts are read through the generated accessors (`fields`, from
//! data/amd/encodings.txt); `TInst` is `Copy` and holds no heap.

use super::decode::{self, Decoded};
use super::encode::{self, Form};
use super::table::{self, Entry, Field};
use super::{Enc, Gen};
use crate::fields::{self as f, G};
use crate::op::Op;

/// The gfx11 fields of a [`TInst`] that its shared fields do not hold, for the printer
/// (`rdna3::print`; defined here, with `TInst`, and re-exported as `rdna3::inst::Fields11`): which encoding, which table row, and the few controls only gfx11 has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fields11 {
    /// The gfx11 encoding (`None` for GCN instructions).
    pub enc: Option<crate::fields::Encoding>,
    /// The opcode field: the row of the encoding's table (`TInst::op` is the operation's GCN
    /// semantics, which several rows may share). For a VOPD half: OPX or OPY.
    pub opcode: u16,
    /// DLC (SMEM, FLAT, MUBUF, MTBUF, MIMG).
    pub dlc: bool,
    /// MTBUF: the unified FORMAT field (`dfmt`/`nfmt` hold its GCN pair, (0, 0) when invalid).
    pub format: u8,
    /// VINTERP `wait_exp`, LDSDIR `wait_vdst`.
    pub wait: u8,
    /// EXP `row_en`.
    pub row_en: bool,
    /// FLAT/GLOBAL/SCRATCH: the SADDR field as encoded (124 = off; `saddr` is 0x7f for off
    /// and also for exec_hi).
    pub saddr: u8,
    /// FLAT (segment 0): the 13-bit OFFSET field as llvm prints it (`offset` holds the 12 bits
    /// the address takes).
    pub flat_offset: u16,
    /// The DPP16/DPP8 dword's bits that no field the form reads holds (dword 1 of VOP1/VOP2/
    /// VOPC, dword 2 of VOP3/VOP3P; `TInst::reserved` holds the first two dwords'), filled by
    /// [`decode_typed`] so that the encoder writes the word back as it was (`rdna3::encode`).
    pub reserved_x: u32,
}

/// SDWA or DPP second dword (gfx8/gfx9 VOP1/VOP2/VOPC with src0 = 0xF9 / 0xFA).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ext {
    None,
    Sdwa,
    /// DPP (gfx8/gfx9) or DPP16 (gfx11): `ext_word` is the DPP dword.
    Dpp,
    /// gfx11 DPP8: `ext_word` holds the eight 3-bit lane selects from bit 8 on; the bit 0 of
    /// `offset1` is FI (fetch inactive lanes).
    Dpp8,
}

/// A decoded GCN instruction with its fields as numbers. Source fields keep the 9-bit operand
/// encoding (0-101 SGPRs, 102-127 special, 128-208 integer constants, 240-248 float constants,
/// 255 literal, 256-511 VGPRs); `lit` is the literal dword when a source is 255.
#[derive(Clone, Copy, Debug)]
pub struct TInst {
    pub op: Op,
    pub enc: Enc,
    pub ext: Ext,
    pub gen: Gen,
    /// Length in dwords.
    pub len: u8,
    pub words: [u32; 3],
    /// The GCN table row (`None` for gfx11 instructions, decoded by `rdna3::inst`).
    pub entry: Option<&'static Entry>,
    /// gfx11 (RDNA3), and its wave size.
    pub gfx11: bool,
    pub wave64: bool,
    /// Per source: a float type (input modifiers and float constants apply) / a 16-bit type.
    pub float: [bool; 3],
    pub half: [bool; 3],
    /// Registers of the vector destination, and whether it is a 16-bit value.
    pub dst_n: u8,
    pub dst16: bool,
    /// VGPR destination (VOP*, DS vdst, FLAT vdst, MUBUF vdata of loads).
    pub vdst: u16,
    /// Scalar destination: SOP* sdst, SMEM sdata, VOP3b sdst, VOP3 SGPR destination of v_cmp /
    /// v_readlane.
    pub sdst: u16,
    /// The source operand fields (9-bit encoding; VOP2 vsrc1 as 256 + n).
    pub src: [u16; 3],
    pub lit: u32,
    /// Registers per source / destination operand (1 = 32 bit, 2 = 64 bit ...).
    pub src_n: [u8; 3],
    pub simm16: u16,
    pub neg: u8,
    pub abs: u8,
    pub neg_hi: u8,
    pub opsel: u8,
    pub opsel_hi: u8,
    pub clamp: bool,
    pub omod: u8,
    /// Memory offsets: SMEM/SMRD offset (bytes), DS offset0 (offset1 below), MUBUF/FLAT offset.
    pub offset: i32,
    pub offset1: u8,
    /// SMEM: the offset is a register (`soffset` holds it).
    pub soffset_reg: bool,
    pub glc: bool,
    pub slc: bool,
    pub gds: bool,
    pub offen: bool,
    pub idxen: bool,
    pub addr64: bool,
    pub lds: bool,
    pub tfe: bool,
    /// Memory operands: address VGPR, data VGPRs, resource SGPR (first of 4), scalar offset
    /// (operand encoding), scalar address (0x7f: none), SMEM base SGPR.
    pub vaddr: u16,
    pub vdata: u16,
    pub data1: u16,
    pub srsrc: u16,
    pub soffset: u16,
    pub saddr: u16,
    pub sbase: u16,
    /// MTBUF data / number format.
    pub dfmt: u8,
    pub nfmt: u8,
    /// SDWA / DPP dword (`ext`).
    pub ext_word: u32,
    /// The SDWA controls (`ext` = SDWA; the modifiers and sources are in `neg`/`abs`/`clamp`/
    /// `omod`/`src`/`sdst`).
    pub sdwa: SdwaCtl,
    /// The DPP controls (`ext` = DPP; gfx8/gfx9).
    pub dpp: DppCtl,
    /// SMEM (gfx9) / FLAT (gfx9) NV bit.
    pub nv: bool,
    /// SMEM: IMM (`offset` is an immediate) and SOE (gfx9: `soffset` is in the SOFFSET field;
    /// without either, the register is in the OFFSET field).
    pub imm: bool,
    pub soe: bool,
    /// Bits the hardware layout leaves undefined that the reference prints and accepts
    /// (gfx7/gfx8 FLAT bits 12:0, gfx6/gfx7 MIMG bit 63: the `IGNORED` rows of
    /// data/amd/encodings.txt), so that a decoded word encodes back to itself.
    pub ignored: u16,
    /// Bits set in the words that no field of the instruction holds (reserved bits the
    /// reference accepts; a field the form does not use, e.g. SMEM's SOFFSET without SOE), per
    /// dword: the encoder writes them back as they were. 0 for an assembled instruction.
    pub reserved: [u32; 2],
    /// MIMG fields (GCN; filled by `decode_typed`, as [`TInst::mimg`] reads them).
    pub img: MimgFields,
    /// EXP fields (GCN).
    pub exp: ExpFields,
    /// VINTRP attribute and channel (the VSRC field, a VGPR or v_interp_mov's parameter, is
    /// `vaddr`; VDST is `vdst`).
    pub attr: u8,
    pub attrchan: u8,
    /// gfx11 only: the fields the gfx11 printer needs that no field above holds (the encoding,
    /// the opcode of the table row, DLC, MTBUF's unified format, wait counts, ...).
    pub g11: Fields11,
}

/// SDWA selects (gfx8/gfx9): 0-3 BYTE_0..3, 4-5 WORD_0/1, 6 DWORD.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SdwaCtl {
    pub dst_sel: u8,
    pub dst_unused: u8,
    pub src_sel: [u8; 2],
    pub src_sext: [bool; 2],
    /// gfx9 VOPC: SD, the destination is `sdst` (else VCC).
    pub sd: bool,
}

/// DPP controls (gfx8/gfx9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DppCtl {
    pub ctrl: u16,
    pub row_mask: u8,
    pub bank_mask: u8,
    pub bound_ctrl: bool,
}

/// EXP fields (GCN): the enabled-source mask, the target, the flags and the four VGPRs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExpFields {
    pub en: u8,
    pub target: u8,
    pub compr: bool,
    pub done: bool,
    pub vm: bool,
    pub vsrc: [u8; 4],
}

/// A word the decoder does not accept (the reference disassembler rejects it too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeError {
    pub word: u32,
}

/// What the extraction reads from a row's operand list, in one pass over it: the register
/// count of each source slot (`src_n`: SSRC0/SRC0, SSRC1/SRC1/VSRC1, SRC2) and the destination
/// (VDST), and the float / 16-bit types of the VALU sources (SRC0, SRC1/VSRC1, SRC2).
struct RowInfo {
    src_n: [u8; 3],
    dst: Option<(u8, bool)>,
    float: [bool; 3],
    half: [bool; 3],
}

#[inline(always)]
fn row_info(e: &Entry) -> RowInfo {
    let mut r = RowInfo {
        src_n: [1; 3],
        dst: None,
        float: [false; 3],
        half: [false; 3],
    };
    let mut seen = 0u32;
    for o in e.operands.iter() {
        let table::Operand::Field { field, n, ty } = *o else {
            continue;
        };
        // (The first operand of a field is the one `Entry::field` names.)
        let bit = table::field_bit(field);
        if seen & bit != 0 {
            continue;
        }
        seen |= bit;
        let (k, valu) = match field {
            Field::Vdst => {
                r.dst = Some((n, ty.is_16()));
                continue;
            }
            Field::Ssrc0 => (0, false),
            Field::Ssrc1 => (1, false),
            Field::Src0 => (0, true),
            Field::Src1 | Field::Vsrc1 => (1, true),
            Field::Src2 => (2, true),
            _ => continue,
        };
        r.src_n[k] = n;
        if valu {
            r.float[k] = ty.is_float();
            r.half[k] = ty.is_16();
        }
    }
    r
}

/// Decodes the instruction at `w` (`n` dwords available): the checks over the words and the
/// table row (`decode::rules`: llvm-objdump-19's validity rules), every field of the encoding
/// into a [`TInst`], then the operands' register-class rules (the printer's operand writers,
/// over [`Null`](super::fmt::Null): no text). Never panics; [`super::print::print`] writes its
/// text.
pub fn decode_typed(gen: Gen, w: &[u32; 3], n: usize) -> Result<TInst, DecodeError> {
    decode_typed_d(gen, w, n).map(|(t, _)| t)
}

/// [`decode_typed`], with the summary (length, encoding, opcode, class name).
pub(crate) fn decode_typed_d(
    gen: Gen,
    w: &[u32; 3],
    n: usize,
) -> Result<(TInst, Decoded), DecodeError> {
    let (t, d) = extract(gen, w, n)?;
    if !super::print::print_to(&t, &mut super::fmt::Null) {
        return Err(DecodeError { word: w[0] });
    }
    Ok((t, d))
}

/// [`decode_typed`] into `t`, but for the operands' register-class rules, which the caller
/// checks by printing (`print::print_to` says whether every operand was valid): the code-object
/// lister decodes and prints in one pass this way, into one reused `TInst` (no copy). Only the
/// fields the printer reads are stored (`decode::rules`: every such field of the encoding,
/// whatever `t` held before); what only the encoder and the emulator read (the reserved bits
/// but FLAT's offset bit 12, which the printer reads, the operand widths and types) is left as it
/// was, and so is everything on an error. Inlined into the lister's miss path (measured:
/// callgrind, diverse.o 10.33 M -> 10.12 M instructions; large.o 6.52 M -> 6.29 M).
#[inline(always)]
pub(crate) fn decode_fields_into(
    gen: Gen,
    w: &[u32; 3],
    n: usize,
    t: &mut TInst,
) -> Result<(), DecodeError> {
    decode::rules::decode_into(gen, w, n, t).map_err(|_| DecodeError { word: w[0] })
}

/// [`decode_typed`] without the operand checks: the checks and fields of `decode::rules` into
/// a blank `TInst`, then what only the encoder and the emulator read (the operand widths and
/// types, the reserved bits), and the summary.
fn extract(gen: Gen, w: &[u32; 3], n: usize) -> Result<(TInst, Decoded), DecodeError> {
    let err = DecodeError { word: w[0] };
    let mut t = TInst::blank(Op::EXP, Enc::Exp, gen, 1, *w);
    decode::rules::decode_into(gen, w, n, &mut t).map_err(|_| err)?;
    let d = Decoded {
        len: t.len,
        class: match t.ext {
            Ext::Sdwa => "SDWA",
            Ext::Dpp => "DPP",
            _ => t.enc.name(),
        },
        enc: t.enc,
        op: t.entry.map_or(0, |e| e.op),
    };
    let (g, enc) = (G::of(gen), t.enc);
    if enc == Enc::Exp {
        let m = encode::reserved_mask(g, Enc::Exp, Form::Plain);
        t.reserved = [w[0] & !m[0], w[1] & !m[1]];
        return Ok((t, d));
    }
    let entry = t.entry.ok_or(err)?;
    // The operand widths and types (for the emulator and the encoder; the printer reads the
    // row itself).
    let info = row_info(entry);
    t.dst_n = info.dst.map_or(1, |(n, _)| n);
    t.dst16 = info.dst.is_some_and(|(_, h)| h);
    t.float = info.float;
    t.half = info.half;
    t.src_n = match enc {
        Enc::Sop2 | Enc::Sopc => [info.src_n[0], info.src_n[1], 1],
        Enc::Sop1 => [info.src_n[0], 1, 1],
        Enc::Vop2 | Enc::Vop1 | Enc::Vopc => [info.src_n[0], info.src_n[1], t.dst_n],
        Enc::Vop3 | Enc::Vop3p => info.src_n,
        _ => [1; 3],
    };
    let x = &[w[1]][..];
    // Which fields the form reads (for the reserved bits below).
    let form = match (t.ext, enc) {
        (Ext::Sdwa, Enc::Vopc) if f::sdwa::has_sd(g) => {
            if t.sdwa.sd {
                Form::SdwaSd
            } else {
                Form::SdwaVcc
            }
        }
        (Ext::Sdwa, _) => Form::Sdwa,
        (Ext::Dpp, _) => Form::Dpp,
        (_, Enc::Vop3) if entry.has(Field::Sdst) => Form::Vop3b,
        (_, Enc::Vop3) => Form::Vop3a,
        _ => Form::Plain,
    };
    // The fields this form does not read. SMEM: SOFFSET without SOE, OFFSET past its SGPR
    // without IMM; SDWA VOP1 (no src1): its S1 bit.
    if enc == Enc::Smem {
        let w = &w[..];
        if !t.soe {
            unused(&mut t, f::smem::set_soffset, f::smem::soffset(g, w));
        }
        if !t.imm && !t.soe {
            unused(&mut t, f::smem::set_offset, f::smem::offset(g, w) & !0xff);
        } else if !t.imm {
            unused(&mut t, f::smem::set_offset, f::smem::offset(g, w));
        }
    }
    if t.ext == Ext::Sdwa && enc == Enc::Vop1 && f::sdwa::s1(g, x) != 0 {
        let mut s1 = [0u32];
        if f::sdwa::set_s1(g, &mut s1, 1) {
            t.reserved[1] |= s1[0];
        }
    }
    // The bits no field of the layout holds (a literal dword is all field).
    let literal = t.len >= 2 && t.ext == Ext::None && !LAYOUT_DWORD1.contains(&enc);
    let m = encode::reserved_mask(g, enc, form);
    t.reserved[0] |= w[0] & !m[0];
    if t.len >= 2 && !literal {
        t.reserved[1] |= w[1] & !m[1];
    }
    Ok((t, d))
}

/// The encodings whose second dword is part of their layout (not a literal).
pub(crate) const LAYOUT_DWORD1: [Enc; 13] = [
    Enc::Smem,
    Enc::Vop3,
    Enc::Vop3p,
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

/// Records the bits of value `v` of a field this form does not read (through its inserter) as
/// reserved bits.
fn unused(t: &mut TInst, set: fn(G, &mut [u32], u32) -> bool, v: u32) {
    let mut x = [0u32; 2];
    if v != 0 && set(G::of(t.gen), &mut x, v) {
        t.reserved[0] |= x[0];
        t.reserved[1] |= x[1];
    }
}

/// The fields of a MIMG instruction (GCN gfx6-gfx9 and gfx11 layouts), read from its words by
/// [`TInst::mimg`]. Registers are numbers (VGPR n, SGPR n); `ssamp`/`srsrc` are the first SGPR.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MimgFields {
    pub dmask: u8,
    pub unorm: bool,
    pub glc: bool,
    pub slc: bool,
    /// GCN: DA (an array resource); gfx11 derives it from `dim`.
    pub da: bool,
    /// GCN gfx6-gfx8 R128 (128-bit T#); gfx11 R128.
    pub r128: bool,
    /// 16-bit address components (gfx9 bit 15, gfx11 A16).
    pub a16: bool,
    pub tfe: bool,
    pub lwe: bool,
    pub d16: bool,
    pub vaddr: u16,
    pub vdata: u16,
    pub srsrc: u16,
    pub ssamp: u16,
    /// gfx11 DIM (0 1D, 1 2D, 2 3D, 3 cube, 4 1D array, 5 2D array, 6 2D MSAA, 7 2D MSAA array).
    pub dim: Option<u8>,
    /// gfx11 NSA: the address registers after `vaddr` (the last one starts a contiguous range).
    pub nsa: Option<[u8; 4]>,
}

impl MimgFields {
    /// The VGPR of address component `k`.
    pub fn addr_reg(&self, k: usize) -> usize {
        match self.nsa {
            None => self.vaddr as usize + k,
            Some(_) if k == 0 => self.vaddr as usize,
            Some(r) if k <= 3 => r[k - 1] as usize,
            Some(r) => r[3] as usize + (k - 4),
        }
    }
}

impl TInst {
    /// An instruction of `op` with every field at its neutral value: no operands, no
    /// modifiers, no scalar address (`saddr` 0x7f), 32-bit operands, wave64.
    pub fn blank(op: Op, enc: Enc, gen: Gen, len: u8, words: [u32; 3]) -> TInst {
        TInst {
            op,
            enc,
            ext: Ext::None,
            gen,
            len,
            words,
            entry: None,
            gfx11: false,
            wave64: true,
            float: [false; 3],
            half: [false; 3],
            dst_n: 1,
            dst16: false,
            vdst: 0,
            sdst: 0,
            src: [0; 3],
            lit: 0,
            src_n: [1; 3],
            simm16: 0,
            neg: 0,
            abs: 0,
            neg_hi: 0,
            opsel: 0,
            opsel_hi: 0,
            clamp: false,
            omod: 0,
            offset: 0,
            offset1: 0,
            soffset_reg: false,
            glc: false,
            slc: false,
            gds: false,
            offen: false,
            idxen: false,
            addr64: false,
            lds: false,
            tfe: false,
            vaddr: 0,
            vdata: 0,
            data1: 0,
            srsrc: 0,
            soffset: 0,
            saddr: 0x7f,
            sbase: 0,
            dfmt: 0,
            nfmt: 0,
            ext_word: 0,
            sdwa: SdwaCtl::default(),
            dpp: DppCtl::default(),
            nv: false,
            imm: false,
            soe: false,
            ignored: 0,
            reserved: [0; 2],
            img: MimgFields::default(),
            exp: ExpFields::default(),
            attr: 0,
            attrchan: 0,
            g11: Fields11::default(),
        }
    }

    /// The MIMG fields (`None` for other encodings).
    pub fn mimg(&self) -> Option<MimgFields> {
        if self.enc != Enc::Mimg {
            return None;
        }
        // Every bit through the generated extractors (`data/amd/encodings.txt`): the rows hold
        // the generation differences (gfx9's A16 where gfx6-8 have R128, gfx8/9's D16 bit 63,
        // gfx11's layout).
        use crate::fields::{mimg as f, G};
        let g = if self.gfx11 {
            G::Gfx11
        } else {
            G::of(self.gen)
        };
        let w = &self.words[..];
        let b = |v: u32| v != 0;
        let dim = self.gfx11.then(|| f::dim(g, w) as u8);
        Some(MimgFields {
            dmask: f::dmask(g, w) as u8,
            unorm: b(f::unorm(g, w)),
            glc: b(f::glc(g, w)),
            slc: b(f::slc(g, w)),
            r128: b(f::r128(g, w)),
            a16: b(f::a16(g, w)),
            d16: b(f::d16(g, w)),
            tfe: b(f::tfe(g, w)),
            lwe: b(f::lwe(g, w)),
            // gfx11 has no DA bit: the array dimensions (1D/2D array, cube, 2D MSAA array) are.
            da: match dim {
                Some(d) => matches!(d, 3 | 4 | 5 | 7),
                None => b(f::da(g, w)),
            },
            vaddr: f::vaddr(g, w) as u16,
            vdata: f::vdata(g, w) as u16,
            srsrc: (f::srsrc(g, w) * 4) as u16,
            ssamp: (f::ssamp(g, w) * 4) as u16,
            dim,
            nsa: (b(f::nsa(g, w)) && self.len >= 3).then(|| self.words[2].to_le_bytes()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gcn::fmt::Out;
    use crate::gcn::print::{print_string, print_to};
    use gpuisa_core::rng::Rng;
    use std::time::{Duration, Instant};

    /// A `TInst` with every field at a random value (what a reused `TInst` may hold).
    fn poisoned(rng: &mut Rng) -> TInst {
        let mut r = || rng.next_u32();
        let gens = [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906];
        let gen = gens[r() as usize % 5];
        let enc = Enc::ALL[r() as usize % Enc::ALL.len()];
        let entry = table::entry(gen, Enc::Vop2, r() % 64);
        let b = |v: u32| v & 1 != 0;
        let mut t = TInst::blank(
            entry.map_or(Op::EXP, |e| e.id),
            enc,
            gen,
            1 + (r() % 3) as u8,
            [r(), r(), r()],
        );
        t.ext = [Ext::None, Ext::Sdwa, Ext::Dpp, Ext::Dpp8][r() as usize % 4];
        t.entry = entry;
        t.gfx11 = b(r());
        t.wave64 = b(r());
        t.float = [b(r()), b(r()), b(r())];
        t.half = [b(r()), b(r()), b(r())];
        t.dst_n = 1 + (r() % 4) as u8;
        t.dst16 = b(r());
        (t.vdst, t.sdst) = (r() as u16 & 0x1ff, r() as u16 & 0x1ff);
        t.src = [r() as u16 & 0x1ff, r() as u16 & 0x1ff, r() as u16 & 0x1ff];
        t.lit = r();
        t.src_n = [
            1 + (r() % 4) as u8,
            1 + (r() % 4) as u8,
            1 + (r() % 4) as u8,
        ];
        t.simm16 = r() as u16;
        (t.neg, t.abs, t.neg_hi) = (r() as u8 & 7, r() as u8 & 7, r() as u8 & 7);
        (t.opsel, t.opsel_hi) = (r() as u8 & 15, r() as u8 & 7);
        (t.clamp, t.omod) = (b(r()), r() as u8 & 3);
        (t.offset, t.offset1) = (r() as i32 >> (r() % 32), r() as u8);
        t.soffset_reg = b(r());
        (t.glc, t.slc, t.gds, t.offen) = (b(r()), b(r()), b(r()), b(r()));
        (t.idxen, t.addr64, t.lds, t.tfe) = (b(r()), b(r()), b(r()), b(r()));
        (t.vaddr, t.vdata, t.data1) = (r() as u16 & 0xff, r() as u16 & 0xff, r() as u16 & 0xff);
        (t.srsrc, t.soffset) = (r() as u16 & 0x7f, r() as u16 & 0xff);
        (t.saddr, t.sbase) = (r() as u16 & 0x7f, r() as u16 & 0x7f);
        (t.dfmt, t.nfmt) = (r() as u8 & 15, r() as u8 & 7);
        t.ext_word = r();
        t.sdwa = SdwaCtl {
            dst_sel: r() as u8 % 7,
            dst_unused: r() as u8 % 3,
            src_sel: [r() as u8 % 7, r() as u8 % 7],
            src_sext: [b(r()), b(r())],
            sd: b(r()),
        };
        t.dpp = DppCtl {
            ctrl: r() as u16 & 0x1ff,
            row_mask: r() as u8 & 15,
            bank_mask: r() as u8 & 15,
            bound_ctrl: b(r()),
        };
        (t.nv, t.imm, t.soe) = (b(r()), b(r()), b(r()));
        t.ignored = r() as u16;
        t.reserved = [r(), r()];
        t.img = MimgFields {
            dmask: r() as u8 & 15,
            unorm: b(r()),
            glc: b(r()),
            slc: b(r()),
            da: b(r()),
            r128: b(r()),
            a16: b(r()),
            tfe: b(r()),
            lwe: b(r()),
            d16: b(r()),
            vaddr: r() as u16 & 0xff,
            vdata: r() as u16 & 0xff,
            srsrc: r() as u16 & 0x7c,
            ssamp: r() as u16 & 0x7c,
            dim: b(r()).then_some(r() as u8 & 7),
            nsa: b(r()).then_some(r().to_le_bytes()),
        };
        t.exp = ExpFields {
            en: r() as u8 & 15,
            target: r() as u8 & 63,
            compr: b(r()),
            done: b(r()),
            vm: b(r()),
            vsrc: r().to_le_bytes(),
        };
        (t.attr, t.attrchan) = (r() as u8 & 63, r() as u8 & 3);
        t.g11 = Fields11 {
            enc: None,
            opcode: r() as u16,
            dlc: b(r()),
            format: r() as u8,
            wait: r() as u8,
            row_en: b(r()),
            saddr: r() as u8,
            flat_offset: r() as u16,
            reserved_x: r(),
        };
        t
    }

    /// The lister's `decode_fields_into` stores every field the printer reads: decoded into a
    /// `TInst` holding random values in every field (or the previous word's instruction), an
    /// instruction is accepted, sized and printed exactly as by `decode_typed` (which starts
    /// from a blank `TInst`) and `print`, on time-budgeted random words aimed at every encoding
    /// of every generation (SDWA/DPP/literal sources favoured). GCN_PRINT_MS sets a longer
    /// budget (milliseconds).
    #[test]
    fn stale_fields_never_print() {
        let budget = std::env::var("GCN_PRINT_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(800);
        let mut rng = Rng::new(0x7374_616c);
        let start = Instant::now();
        let (mut top, mut checked, mut accepted) = (0u32, 0u64, 0u64);
        let mut t = poisoned(&mut rng);
        while start.elapsed() < Duration::from_millis(budget) {
            for _ in 0..64 {
                let mut w = [rng.next_u32(), rng.next_u32(), rng.next_u32()];
                w[0] = top << 23 | w[0] & 0x7f_ffff;
                match rng.below(8) {
                    0 => w[0] = w[0] & !0x1ff | 0xf9,
                    1 => w[0] = w[0] & !0x1ff | 0xfa,
                    2 => w[0] |= 0xff,
                    _ => {}
                }
                if rng.below(3) == 0 {
                    w[1] &= 0x0f0f_00ff;
                }
                for gen in [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
                    let fresh = decode_typed(gen, &w, 3).map(|t| {
                        let mut s = String::new();
                        print_string(&t, &mut s);
                        (t.len, s)
                    });
                    // Half the time random fields, else whatever the last word left.
                    if rng.below(2) == 0 {
                        t = poisoned(&mut rng);
                    }
                    let reused = decode_fields_into(gen, &w, 3, &mut t).ok().and_then(|_| {
                        let mut out = Out::new();
                        print_to(&t, &mut out).then(|| (t.len, out.as_str().to_string()))
                    });
                    assert_eq!(fresh.ok(), reused, "{gen:?} {w:08x?}");
                    checked += 1;
                    accepted += reused.is_some() as u64;
                }
                top = (top + 1) % 512;
            }
        }
        eprintln!("stale fields: {checked} word lists, {accepted} accepted, 0 differ");
        assert!(checked > 20_000 && accepted > 1000, "{checked} {accepted}");
    }
}
