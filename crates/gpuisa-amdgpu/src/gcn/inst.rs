//! The typed GCN instruction: [`TInst`], what every tool reads instead of text.
//! `decode_typed` checks a word over its fields and table row (`decode::rules`), extracts every
//! field of the encoding into plain numbers, and checks the operands' register classes with the
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

fn bits(w: u32, lo: u32, n: u32) -> u32 {
    (w >> lo) & ((1u32 << n) - 1)
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
    let (t, d) = extract::<true>(gen, w, n)?;
    if !super::print::print_to(&t, &mut super::fmt::Null) {
        return Err(DecodeError { word: w[0] });
    }
    Ok((t, d))
}

/// [`decode_typed`] into `t` (whatever it held is overwritten, and left in some state on an
/// error), but for the operands' register-class rules, which the caller checks by
/// printing (`print::print_to` says whether every operand was valid): the code-object lister
/// decodes and prints in one pass this way.
/// What only the encoder and the emulator read is left out: the reserved bits
/// (`TInst::reserved`) but for FLAT's offset bit 12, which the printer reads, and the operand
/// widths and types (`src_n`, `float`, `half`, `dst_n`, `dst16`: 1 and false). The lister keeps one `TInst` and decodes every
/// miss into it (no copy).
#[inline(never)]
pub(crate) fn decode_fields_into(
    gen: Gen,
    w: &[u32; 3],
    n: usize,
    t: &mut TInst,
) -> Result<(), DecodeError> {
    // (The summary is dropped: the lister reads `t.len`; unused, it is not computed.)
    extract_into::<false>(gen, w, n, t).map(|_| ())
}

#[inline(always)]
fn extract<const FULL: bool>(
    gen: Gen,
    w: &[u32; 3],
    n: usize,
) -> Result<(TInst, Decoded), DecodeError> {
    let mut t = TInst::blank(Op::EXP, Enc::Exp, gen, 1, *w);
    let d = extract_into::<FULL>(gen, w, n, &mut t)?;
    Ok((t, d))
}

/// [`decode_fields_into`], with every reserved bit when `FULL` (what [`decode_typed`] returns).
#[inline(always)]
fn extract_into<const FULL: bool>(
    gen: Gen,
    w: &[u32; 3],
    n: usize,
    t: &mut TInst,
) -> Result<Decoded, DecodeError> {
    let err = DecodeError { word: w[0] };
    let h = decode::rules::identify(gen, w, n).map_err(|_| err)?;
    let class = match h.ext {
        Ext::Sdwa => "SDWA",
        Ext::Dpp => "DPP",
        _ if h.plain_nop => "VOP1",
        _ => h.enc.name(),
    };
    let d = Decoded {
        len: h.len,
        class,
        enc: h.enc,
        op: h.op,
    };
    // EXP has no table row (one operation, `Op::EXP`); its fields are in `exp`.
    if d.enc == Enc::Exp {
        *t = TInst::blank(Op::EXP, Enc::Exp, gen, d.len, *w);
        let (g, w) = (G::of(gen), &w[..]);
        t.exp = ExpFields {
            en: f::exp::en(g, w) as u8,
            target: f::exp::target(g, w) as u8,
            compr: f::exp::compr(g, w) != 0,
            done: f::exp::done(g, w) != 0,
            vm: f::exp::vm(g, w) != 0,
            vsrc: [
                f::exp::vsrc0(g, w) as u8,
                f::exp::vsrc1(g, w) as u8,
                f::exp::vsrc2(g, w) as u8,
                f::exp::vsrc3(g, w) as u8,
            ],
        };
        if FULL {
            let m = encode::reserved_mask(g, Enc::Exp, Form::Plain);
            t.reserved = [w[0] & !m[0], w[1] & !m[1]];
        }
        return Ok(d);
    }
    let entry = h.entry.ok_or(err)?;
    // The operand widths and types (for the emulator and the encoder; the printer reads the
    // row itself).
    let info = if FULL {
        row_info(entry)
    } else {
        RowInfo {
            src_n: [1; 3],
            dst: None,
            float: [false; 3],
            half: [false; 3],
        }
    };
    let old = gen <= Gen::Gfx7;
    let w1 = w[1];
    *t = TInst {
        ext: h.ext,
        entry: Some(entry),
        dst_n: info.dst.map_or(1, |(n, _)| n),
        dst16: info.dst.is_some_and(|(_, h)| h),
        float: info.float,
        half: info.half,
        ..TInst::blank(entry.id, d.enc, gen, d.len, *w)
    };
    // A literal dword follows the first (SOP*, VOP*; VOP3 has none before gfx10).
    if d.len >= 2 {
        t.lit = w1;
    }
    let g = G::of(gen);
    let w = &w[..];
    // Which fields the form reads (for the reserved bits below).
    let mut form = match t.ext {
        Ext::Sdwa => Form::Sdwa,
        Ext::Dpp => Form::Dpp,
        _ => Form::Plain,
    };
    match d.enc {
        Enc::Sop2 => {
            t.sdst = f::sop2::sdst(g, w) as u16;
            t.src = [f::sop2::ssrc0(g, w) as u16, f::sop2::ssrc1(g, w) as u16, 0];
            t.src_n = [info.src_n[0], info.src_n[1], 1];
        }
        Enc::Sop1 => {
            t.sdst = f::sop1::sdst(g, w) as u16;
            t.src = [f::sop1::ssrc0(g, w) as u16, 0, 0];
            t.src_n = [info.src_n[0], 1, 1];
        }
        Enc::Sopc => {
            t.src = [f::sopc::ssrc0(g, w) as u16, f::sopc::ssrc1(g, w) as u16, 0];
            t.src_n = [info.src_n[0], info.src_n[1], 1];
        }
        Enc::Sopk => {
            t.sdst = f::sopk::sdst(g, w) as u16;
            t.simm16 = f::sopk::simm16(g, w) as u16;
            // s_setreg_imm32_b32: the literal follows.
            t.lit = w1;
        }
        Enc::Sopp => t.simm16 = f::sopp::simm16(g, w) as u16,
        Enc::Smrd => {
            t.sdst = f::smrd::sdst(g, w) as u16;
            t.sbase = (f::smrd::sbase(g, w) * 2) as u16;
            let off = f::smrd::offset(g, w);
            if f::smrd::imm(g, w) != 0 {
                t.offset = (off * 4) as i32;
            } else if off == 255 && d.len == 2 {
                t.offset = w1 as i32;
            } else {
                t.soffset_reg = true;
                t.soffset = off as u16;
            }
        }
        Enc::Smem => {
            t.sdst = f::smem::sdata(g, w) as u16;
            t.sbase = (f::smem::sbase(g, w) * 2) as u16;
            t.glc = f::smem::glc(g, w) != 0;
            t.nv = f::smem::nv(g, w) != 0;
            let imm = f::smem::imm(g, w) != 0;
            let soe = f::smem::soe(g, w) != 0;
            (t.imm, t.soe) = (imm, soe);
            // The fields this form does not read: SOFFSET without SOE, OFFSET past its SGPR
            // without IMM.
            if FULL && !soe {
                unused(t, f::smem::set_soffset, f::smem::soffset(g, w));
            }
            if FULL && !imm && !soe {
                unused(t, f::smem::set_offset, f::smem::offset(g, w) & !0xff);
            } else if FULL && !imm {
                unused(t, f::smem::set_offset, f::smem::offset(g, w));
            }
            if imm {
                // 21-bit signed on gfx9, unsigned 20 bit on gfx8 (the layouts say which).
                t.offset = f::smem::offset(g, w) as i32;
                if soe {
                    t.soffset_reg = true;
                    t.soffset = f::smem::soffset(g, w) as u16;
                }
            } else {
                t.soffset_reg = true;
                // Without IMM the offset field holds an SGPR (bits 7:0 of it), or SOFFSET does.
                t.soffset = if soe {
                    f::smem::soffset(g, w) as u16
                } else {
                    (f::smem::offset(g, w) & 0xff) as u16
                };
            }
        }
        Enc::Vop2 | Enc::Vop1 | Enc::Vopc => {
            // VOP1, VOP2 and VOPC place SRC0, VSRC1 (VOP2, VOPC) and VDST (VOP1, VOP2) alike.
            let src0 = f::vop2::src0(g, w);
            t.vdst = f::vop2::vdst(g, w) as u16;
            t.src = [src0 as u16, 256 + f::vop2::vsrc1(g, w) as u16, 0];
            t.src_n = [info.src_n[0], info.src_n[1], info.dst.map_or(1, |(n, _)| n)];
            let x = &[w1][..];
            match t.ext {
                Ext::Sdwa => {
                    t.ext_word = w1;
                    let sgpr = f::sdwa::s0(g, x) != 0;
                    t.src[0] = if sgpr {
                        f::sdwa::src0(g, x) as u16
                    } else {
                        256 + f::sdwa::src0(g, x) as u16
                    };
                    // (VOP2 and VOPC: an SGPR src1.)
                    if d.enc != Enc::Vop1 && f::sdwa::s1(g, x) != 0 {
                        t.src[1] = f::vop2::vsrc1(g, w) as u16;
                    } else if FULL && f::sdwa::s1(g, x) != 0 {
                        // (VOP1 has no src1: its S1 bit is read by no field.)
                        let mut s1 = [0u32];
                        if f::sdwa::set_s1(g, &mut s1, 1) {
                            t.reserved[1] |= s1[0];
                        }
                    }
                    t.sdwa = SdwaCtl {
                        dst_sel: f::sdwa::dst_sel(g, x) as u8,
                        dst_unused: f::sdwa::dst_unused(g, x) as u8,
                        src_sel: [f::sdwa::src0_sel(g, x) as u8, f::sdwa::src1_sel(g, x) as u8],
                        src_sext: [f::sdwa::src0_sext(g, x) != 0, f::sdwa::src1_sext(g, x) != 0],
                        sd: false,
                    };
                    t.clamp = f::sdwa::clamp(g, x) != 0;
                    t.omod = f::sdwa::omod(g, x) as u8;
                    t.neg = (f::sdwa::src0_neg(g, x) | f::sdwa::src1_neg(g, x) << 1) as u8;
                    t.abs = (f::sdwa::src0_abs(g, x) | f::sdwa::src1_abs(g, x) << 1) as u8;
                    if d.enc == Enc::Vopc && f::sdwa::sd(g, x) != 0 {
                        t.sdst = f::sdwa::sdst(g, x) as u16;
                    } else {
                        t.sdst = 106; // vcc
                    }
                    // gfx9 VOPC: bits 15:8 are SD and SDST, no output modifiers.
                    if d.enc == Enc::Vopc && f::sdwa::has_sd(g) {
                        (t.clamp, t.omod) = (false, 0);
                        t.sdwa.dst_sel = 0;
                        t.sdwa.dst_unused = 0;
                        t.sdwa.sd = f::sdwa::sd(g, x) != 0;
                        form = if !t.sdwa.sd {
                            Form::SdwaVcc
                        } else {
                            Form::SdwaSd
                        };
                    }
                }
                Ext::Dpp => {
                    t.ext_word = w1;
                    t.src[0] = 256 + f::dpp::src0(g, x) as u16;
                    t.neg = (f::dpp::src0_neg(g, x) | f::dpp::src1_neg(g, x) << 1) as u8;
                    t.abs = (f::dpp::src0_abs(g, x) | f::dpp::src1_abs(g, x) << 1) as u8;
                    t.sdst = 106;
                    t.dpp = DppCtl {
                        ctrl: f::dpp::dpp_ctrl(g, x) as u16,
                        row_mask: f::dpp::row_mask(g, x) as u8,
                        bank_mask: f::dpp::bank_mask(g, x) as u8,
                        bound_ctrl: f::dpp::bound_ctrl(g, x) != 0,
                    };
                }
                // (gfx11 only.)
                Ext::Dpp8 => {}
                Ext::None => {
                    if src0 == 255 {
                        t.lit = w1;
                    }
                    // v_madmk/v_madak (and fmamk/ak): the constant K.
                    if entry.has(Field::K) {
                        t.lit = w1;
                    }
                    t.sdst = 106;
                }
            }
        }
        Enc::Vop3 => {
            t.vdst = f::vop3::vdst(g, w) as u16;
            t.sdst = t.vdst;
            t.src = [
                f::vop3::src0(g, w) as u16,
                f::vop3::src1(g, w) as u16,
                f::vop3::src2(g, w) as u16,
            ];
            t.src_n = info.src_n;
            t.neg = f::vop3::neg(g, w) as u8;
            t.omod = f::vop3::omod(g, w) as u8;
            // VOP3b (an SGPR carry/condition destination) has no abs nor opsel.
            let vop3b = entry.operands.iter().any(|o| {
                matches!(
                    o,
                    table::Operand::Field {
                        field: Field::Sdst,
                        ..
                    }
                )
            });
            form = if vop3b { Form::Vop3b } else { Form::Vop3a };
            if vop3b {
                t.sdst = f::vop3::sdst(g, w) as u16;
            } else {
                t.abs = f::vop3::abs(g, w) as u8;
                t.opsel = f::vop3::opsel(g, w) as u8;
            }
            // gfx6/gfx7's VOP3b has its SDST where VOP3a has CLAMP, and no clamp.
            t.clamp = !(old && vop3b) && f::vop3::clamp(g, w) != 0;
        }
        Enc::Vop3p => {
            t.vdst = f::vop3p::vdst(g, w) as u16;
            t.src = [
                f::vop3p::src0(g, w) as u16,
                f::vop3p::src1(g, w) as u16,
                f::vop3p::src2(g, w) as u16,
            ];
            t.src_n = info.src_n;
            t.neg_hi = f::vop3p::neg_hi(g, w) as u8;
            t.opsel = f::vop3p::opsel(g, w) as u8;
            t.opsel_hi = (f::vop3p::opsel_hi(g, w) | f::vop3p::opsel_hi2(g, w) << 2) as u8;
            t.clamp = f::vop3p::clamp(g, w) != 0;
            t.neg = f::vop3p::neg(g, w) as u8;
        }
        Enc::Ds => {
            t.offset = f::ds::offset0(g, w) as i32;
            t.offset1 = f::ds::offset1(g, w) as u8;
            t.gds = f::ds::gds(g, w) != 0;
            t.vaddr = f::ds::addr(g, w) as u16;
            t.vdata = f::ds::data0(g, w) as u16;
            t.data1 = f::ds::data1(g, w) as u16;
            t.vdst = f::ds::vdst(g, w) as u16;
        }
        Enc::Mubuf => {
            t.offset = f::mubuf::offset(g, w) as i32;
            t.offen = f::mubuf::offen(g, w) != 0;
            t.idxen = f::mubuf::idxen(g, w) != 0;
            t.glc = f::mubuf::glc(g, w) != 0;
            t.addr64 = f::mubuf::addr64(g, w) != 0;
            t.lds = f::mubuf::lds(g, w) != 0;
            t.slc = f::mubuf::slc(g, w) != 0;
            t.vaddr = f::mubuf::vaddr(g, w) as u16;
            t.vdata = f::mubuf::vdata(g, w) as u16;
            t.vdst = t.vdata;
            t.srsrc = (f::mubuf::srsrc(g, w) * 4) as u16;
            t.tfe = f::mubuf::tfe(g, w) != 0;
            t.soffset = f::mubuf::soffset(g, w) as u16;
        }
        Enc::Mtbuf => {
            t.offset = f::mtbuf::offset(g, w) as i32;
            t.offen = f::mtbuf::offen(g, w) != 0;
            t.idxen = f::mtbuf::idxen(g, w) != 0;
            t.glc = f::mtbuf::glc(g, w) != 0;
            t.addr64 = f::mtbuf::addr64(g, w) != 0;
            t.dfmt = f::mtbuf::dfmt(g, w) as u8;
            t.nfmt = f::mtbuf::nfmt(g, w) as u8;
            t.slc = f::mtbuf::slc(g, w) != 0;
            t.vaddr = f::mtbuf::vaddr(g, w) as u16;
            t.vdata = f::mtbuf::vdata(g, w) as u16;
            t.vdst = t.vdata;
            t.srsrc = (f::mtbuf::srsrc(g, w) * 4) as u16;
            t.tfe = f::mtbuf::tfe(g, w) != 0;
            t.soffset = f::mtbuf::soffset(g, w) as u16;
        }
        Enc::Flat | Enc::Global | Enc::GlobalSaddr | Enc::Scratch | Enc::ScratchSaddr => {
            // FLAT's offset is unsigned 12 bit, GLOBAL's and SCRATCH's signed 13 bit (gfx9;
            // gfx7/gfx8 have none).
            let off = f::flat::offset(g, w);
            t.offset = if d.enc == Enc::Flat {
                // (Bit 12, printed by llvm-objdump, is not part of FLAT's offset.)
                unused(t, f::flat::set_offset, off & 0x1000);
                (off & 0xfff) as i32
            } else {
                ((off << 19) as i32) >> 19
            };
            t.lds = f::flat::lds(g, w) != 0;
            t.glc = f::flat::glc(g, w) != 0;
            t.slc = f::flat::slc(g, w) != 0;
            t.vaddr = f::flat::addr(g, w) as u16;
            t.vdata = f::flat::data(g, w) as u16;
            // FLAT itself has no scalar address (its SADDR field is ignored: llvm-objdump prints
            // none); GLOBAL/SCRATCH take one unless it is `off` (0x7f).
            t.saddr = if f::flat::has_saddr(g) && d.enc != Enc::Flat {
                f::flat::saddr(g, w) as u16
            } else {
                0x7f
            };
            t.vdst = f::flat::vdst(g, w) as u16;
            t.nv = f::flat::nv(g, w) != 0;
            t.tfe = f::flat::tfe(g, w) != 0;
            t.ignored = f::flat::ignored(g, w) as u16;
        }
        Enc::Mimg => {
            // The emulator reads `mimg()`; `img` holds the same fields for the encoder.
            t.img = t.mimg().ok_or(err)?;
            t.ignored = f::mimg::ignored(g, w) as u16;
        }
        // (Returned above.)
        Enc::Exp => {}
        Enc::Vintrp => {
            // (The emulator reports VINTRP and EXP as unsupported.)
            t.vdst = f::vintrp::vdst(g, w) as u16;
            t.vaddr = f::vintrp::vsrc(g, w) as u16;
            t.attr = f::vintrp::attr(g, w) as u8;
            t.attrchan = f::vintrp::attrchan(g, w) as u8;
        }
    }
    // The bits no field of the layout holds (a literal dword is all field).
    let literal = d.len >= 2 && t.ext == Ext::None && !LAYOUT_DWORD1.contains(&d.enc);
    if FULL {
        let m = encode::reserved_mask(g, d.enc, form);
        t.reserved[0] |= w[0] & !m[0];
        if d.len >= 2 && !literal {
            t.reserved[1] |= w[1] & !m[1];
        }
    }
    Ok(d)
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
        let (w0, w1, w2) = (self.words[0], self.words[1], self.words[2]);
        let b = |w: u32, lo: u32| (w >> lo) & 1 != 0;
        Some(if self.gfx11 {
            let nsa = w0 & 1 != 0 && self.len >= 3;
            MimgFields {
                dmask: bits(w0, 8, 4) as u8,
                unorm: b(w0, 7),
                slc: b(w0, 12),
                glc: b(w0, 14),
                r128: b(w0, 15),
                a16: b(w0, 16),
                d16: b(w0, 17),
                da: matches!(bits(w0, 2, 3), 3 | 4 | 5 | 7),
                vaddr: bits(w1, 0, 8) as u16,
                vdata: bits(w1, 8, 8) as u16,
                srsrc: (bits(w1, 16, 5) * 4) as u16,
                tfe: b(w1, 21),
                lwe: b(w1, 22),
                ssamp: (bits(w1, 26, 5) * 4) as u16,
                dim: Some(bits(w0, 2, 3) as u8),
                nsa: nsa.then(|| w2.to_le_bytes()),
            }
        } else {
            MimgFields {
                dmask: bits(w0, 8, 4) as u8,
                unorm: b(w0, 12),
                glc: b(w0, 13),
                da: b(w0, 14),
                r128: self.gen <= Gen::Gfx8 && b(w0, 15),
                a16: self.gen >= Gen::Gfx9 && b(w0, 15),
                tfe: b(w0, 16),
                lwe: b(w0, 17),
                slc: b(w0, 25),
                vaddr: bits(w1, 0, 8) as u16,
                vdata: bits(w1, 8, 8) as u16,
                srsrc: (bits(w1, 16, 5) * 4) as u16,
                ssamp: (bits(w1, 21, 5) * 4) as u16,
                d16: self.gen >= Gen::Gfx8 && b(w1, 31),
                dim: None,
                nsa: None,
            }
        })
    }
}
