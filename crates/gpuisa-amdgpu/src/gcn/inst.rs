//! The typed GCN instruction: [`TInst`], what the emulator (and, in time, every other tool)
//! reads instead of text. `decode_typed` validates a word with the checking decoder
//! (`decode::decode_into`, the one that agrees with llvm-mc bit for bit), then extracts every
//! field of the encoding into plain numbers. The field layouts are written once, here, per
//! encoding family (docs/architecture.md); `TInst` is `Copy` and holds no heap.

use super::decode::{self, Decoded};
use super::fmt::Out;
use super::table::{self, Entry, Field};
use super::{Enc, Gen};
use crate::op::Op;

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
}

/// A word the decoder does not accept (the reference disassembler rejects it too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeError {
    pub word: u32,
}

fn bits(w: u32, lo: u32, n: u32) -> u32 {
    (w >> lo) & ((1u32 << n) - 1)
}

fn src_width(e: &Entry, f: Field) -> u8 {
    e.field(f).map(|(n, _)| n).unwrap_or(1)
}

/// Decodes the instruction at `w` (`n` dwords available). Never panics.
pub fn decode_typed(gen: Gen, w: &[u32; 3], n: usize) -> Result<TInst, DecodeError> {
    let err = DecodeError { word: w[0] };
    let mut text = Out::new();
    let d: Decoded = decode::decode_into(gen, w, n, &mut text).map_err(|_| err)?;
    if (d.len as usize) > n || d.len == 0 {
        return Err(err);
    }
    let entry = table::tables(gen)
        .table(d.enc)
        .and_then(|t| t.get(d.op as u32))
        .ok_or(err)?;
    let old = gen <= Gen::Gfx7;
    let g9 = gen >= Gen::Gfx9;
    let (w0, w1) = (w[0], w[1]);
    let mut t = TInst {
        ext: match d.class {
            "SDWA" => Ext::Sdwa,
            "DPP" => Ext::Dpp,
            _ => Ext::None,
        },
        entry: Some(entry),
        dst_n: entry.field(Field::Vdst).map(|(n, _)| n).unwrap_or(1),
        dst16: entry.field(Field::Vdst).is_some_and(|(_, t)| t.is_16()),
        ..TInst::blank(entry.id, d.enc, gen, d.len, *w)
    };
    let src_fields = match d.enc {
        Enc::Vop2 | Enc::Vopc | Enc::Vop1 => [Field::Src0, Field::Vsrc1, Field::Src2],
        _ => [Field::Src0, Field::Src1, Field::Src2],
    };
    for k in 0..3 {
        if let Some((_, ty)) = entry.field(src_fields[k]) {
            t.float[k] = ty.is_float();
            t.half[k] = ty.is_16();
        }
    }
    // A literal dword follows the first (SOP*, VOP*; VOP3 has none before gfx10).
    if d.len >= 2 {
        t.lit = w1;
    }
    match d.enc {
        Enc::Sop2 => {
            t.sdst = bits(w0, 16, 7) as u16;
            t.src = [bits(w0, 0, 8) as u16, bits(w0, 8, 8) as u16, 0];
            t.src_n = [
                src_width(entry, Field::Ssrc0),
                src_width(entry, Field::Ssrc1),
                1,
            ];
        }
        Enc::Sop1 => {
            t.sdst = bits(w0, 16, 7) as u16;
            t.src = [bits(w0, 0, 8) as u16, 0, 0];
            t.src_n = [src_width(entry, Field::Ssrc0), 1, 1];
        }
        Enc::Sopc => {
            t.src = [bits(w0, 0, 8) as u16, bits(w0, 8, 8) as u16, 0];
            t.src_n = [
                src_width(entry, Field::Ssrc0),
                src_width(entry, Field::Ssrc1),
                1,
            ];
        }
        Enc::Sopk => {
            t.sdst = bits(w0, 16, 7) as u16;
            t.simm16 = w0 as u16;
            // s_setreg_imm32_b32: the literal follows.
            t.lit = w1;
        }
        Enc::Sopp => t.simm16 = w0 as u16,
        Enc::Smrd => {
            t.sdst = bits(w0, 15, 7) as u16;
            t.sbase = (bits(w0, 9, 6) * 2) as u16;
            let off = bits(w0, 0, 8);
            if bits(w0, 8, 1) != 0 {
                t.offset = (off * 4) as i32;
            } else if off == 255 && d.len == 2 {
                t.offset = w1 as i32;
            } else {
                t.soffset_reg = true;
                t.soffset = off as u16;
            }
        }
        Enc::Smem => {
            t.sdst = bits(w0, 6, 7) as u16;
            t.sbase = (bits(w0, 0, 6) * 2) as u16;
            t.glc = bits(w0, 16, 1) != 0;
            let imm = bits(w0, 17, 1) != 0;
            let soe = g9 && bits(w0, 14, 1) != 0;
            if imm {
                t.offset = if g9 {
                    // 21-bit signed on gfx9 (unsigned 20 bit on gfx8).
                    ((bits(w1, 0, 21) << 11) as i32) >> 11
                } else {
                    bits(w1, 0, 20) as i32
                };
                if soe {
                    t.soffset_reg = true;
                    t.soffset = bits(w1, 25, 7) as u16;
                }
            } else {
                t.soffset_reg = true;
                t.soffset = if soe {
                    bits(w1, 25, 7) as u16
                } else {
                    bits(w1, 0, 8) as u16
                };
            }
        }
        Enc::Vop2 | Enc::Vop1 | Enc::Vopc => {
            let src0 = bits(w0, 0, 9);
            t.vdst = bits(w0, 17, 8) as u16;
            t.src = [src0 as u16, 256 + bits(w0, 9, 8) as u16, 0];
            t.src_n = [
                src_width(entry, Field::Src0),
                src_width(entry, Field::Vsrc1),
                1,
            ];
            if let Some((n, _)) = entry.field(Field::Vdst) {
                t.src_n[2] = n;
            }
            match t.ext {
                Ext::Sdwa => {
                    t.ext_word = w1;
                    let sgpr = g9 && bits(w1, 23, 1) != 0;
                    t.src[0] = if sgpr {
                        bits(w1, 0, 8) as u16
                    } else {
                        256 + bits(w1, 0, 8) as u16
                    };
                    if g9 && d.enc == Enc::Vop2 && bits(w1, 31, 1) != 0 {
                        t.src[1] = bits(w0, 9, 8) as u16;
                    }
                    t.clamp = bits(w1, 13, 1) != 0;
                    t.omod = if g9 { bits(w1, 14, 2) as u8 } else { 0 };
                    t.neg = (bits(w1, 20, 1) | bits(w1, 28, 1) << 1) as u8;
                    t.abs = (bits(w1, 21, 1) | bits(w1, 29, 1) << 1) as u8;
                    if d.enc == Enc::Vopc && g9 && bits(w1, 15, 1) != 0 {
                        t.sdst = bits(w1, 8, 7) as u16;
                    } else {
                        t.sdst = 106; // vcc
                    }
                }
                Ext::Dpp => {
                    t.ext_word = w1;
                    t.src[0] = 256 + bits(w1, 0, 8) as u16;
                    t.neg = (bits(w1, 20, 1) | bits(w1, 22, 1) << 1) as u8;
                    t.abs = (bits(w1, 21, 1) | bits(w1, 23, 1) << 1) as u8;
                    t.sdst = 106;
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
            t.vdst = bits(w0, 0, 8) as u16;
            t.sdst = t.vdst;
            t.src = [
                bits(w1, 0, 9) as u16,
                bits(w1, 9, 9) as u16,
                bits(w1, 18, 9) as u16,
            ];
            t.src_n = [
                src_width(entry, Field::Src0),
                src_width(entry, Field::Src1),
                src_width(entry, Field::Src2),
            ];
            t.neg = bits(w1, 29, 3) as u8;
            t.omod = bits(w1, 27, 2) as u8;
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
            if vop3b {
                t.sdst = bits(w0, 8, 7) as u16;
            } else {
                t.abs = bits(w0, 8, 3) as u8;
                if g9 {
                    t.opsel = bits(w0, 11, 4) as u8;
                }
            }
            // gfx6/gfx7: clamp is bit 11 of VOP3a (VOP3b has sdst there and no clamp);
            // gfx8/gfx9: bit 15 in both.
            t.clamp = match (old, vop3b) {
                (true, true) => false,
                (true, false) => bits(w0, 11, 1) != 0,
                _ => bits(w0, 15, 1) != 0,
            };
        }
        Enc::Vop3p => {
            t.vdst = bits(w0, 0, 8) as u16;
            t.src = [
                bits(w1, 0, 9) as u16,
                bits(w1, 9, 9) as u16,
                bits(w1, 18, 9) as u16,
            ];
            t.src_n = [
                src_width(entry, Field::Src0),
                src_width(entry, Field::Src1),
                src_width(entry, Field::Src2),
            ];
            t.neg_hi = bits(w0, 8, 3) as u8;
            t.opsel = bits(w0, 11, 3) as u8;
            t.opsel_hi = (bits(w1, 27, 2) | bits(w0, 14, 1) << 2) as u8;
            t.clamp = bits(w0, 15, 1) != 0;
            t.neg = bits(w1, 29, 3) as u8;
        }
        Enc::Ds => {
            t.offset = bits(w0, 0, 8) as i32;
            t.offset1 = bits(w0, 8, 8) as u8;
            t.gds = if old {
                bits(w0, 17, 1)
            } else {
                bits(w0, 16, 1)
            } != 0;
            t.vaddr = bits(w1, 0, 8) as u16;
            t.vdata = bits(w1, 8, 8) as u16;
            t.data1 = bits(w1, 16, 8) as u16;
            t.vdst = bits(w1, 24, 8) as u16;
        }
        Enc::Mubuf | Enc::Mtbuf => {
            let mt = d.enc == Enc::Mtbuf;
            t.offset = bits(w0, 0, 12) as i32;
            t.offen = bits(w0, 12, 1) != 0;
            t.idxen = bits(w0, 13, 1) != 0;
            t.glc = bits(w0, 14, 1) != 0;
            t.addr64 = old && bits(w0, 15, 1) != 0;
            if mt {
                t.dfmt = bits(w0, 19, 4) as u8;
                t.nfmt = bits(w0, 23, 3) as u8;
                t.slc = bits(w1, 22, 1) != 0;
            } else {
                t.lds = bits(w0, 16, 1) != 0;
                t.slc = if old {
                    bits(w1, 22, 1)
                } else {
                    bits(w0, 17, 1)
                } != 0;
            }
            t.vaddr = bits(w1, 0, 8) as u16;
            t.vdata = bits(w1, 8, 8) as u16;
            t.vdst = t.vdata;
            t.srsrc = (bits(w1, 16, 5) * 4) as u16;
            t.tfe = bits(w1, 23, 1) != 0;
            t.soffset = bits(w1, 24, 8) as u16;
        }
        Enc::Flat | Enc::Global | Enc::GlobalSaddr | Enc::Scratch | Enc::ScratchSaddr => {
            t.offset = if g9 {
                if d.enc == Enc::Flat {
                    bits(w0, 0, 12) as i32
                } else {
                    ((bits(w0, 0, 13) << 19) as i32) >> 19
                }
            } else {
                0
            };
            t.lds = bits(w0, 13, 1) != 0;
            t.glc = bits(w0, 16, 1) != 0;
            t.slc = bits(w0, 17, 1) != 0;
            t.vaddr = bits(w1, 0, 8) as u16;
            t.vdata = bits(w1, 8, 8) as u16;
            // FLAT itself has no scalar address (its SADDR field is ignored: llvm-objdump prints
            // none); GLOBAL/SCRATCH take one unless it is `off` (0x7f).
            t.saddr = if g9 && d.enc != Enc::Flat {
                bits(w1, 16, 7) as u16
            } else {
                0x7f
            };
            t.vdst = bits(w1, 24, 8) as u16;
        }
        Enc::Vintrp | Enc::Mimg | Enc::Exp => {
            // Graphics encodings: the raw words are kept; the emulator reports them as
            // unsupported (MIMG: see the images issue).
        }
    }
    Ok(t)
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

    /// The instruction's text as llvm-objdump prints it (for traces and fault messages).
    pub fn text(&self) -> String {
        let mut s = String::new();
        if self.gfx11 {
            let w = [self.words[0], self.words[1], self.words[2], self.ext_word];
            let _ = crate::rdna3::decode::decode(&w, self.len as usize, self.wave64, &mut s);
        } else {
            let _ = decode::decode_n(self.gen, &self.words, self.len as usize, &mut s);
        }
        s
    }
}
