//! gfx11 (RDNA3) words to the typed instruction the emulator runs ([`TInst`], shared with GCN).
//! The word is first validated over its table row and fields (`check::check`: llvm-objdump-19's
//! rules), then its fields are extracted here by the gfx11 layouts, and its operation comes
//! from the tables (`op::rdna3_op`). [`Lister`] is the listings' entry (check, extract into
//! reused `TInst`s, print). gfx11 numbers M0 125 and NULL 124; the emulator keeps M0
//! at 124 as on GCN, so the two codes are swapped in every scalar field here.

use super::otable::OEnc;
use super::table::{table, Enc as VEnc, Field, Operand, Row, Ty};
use crate::fields::{self as f, Encoding as E, G};
pub use crate::gcn::inst::Fields11;
use crate::gcn::inst::{DecodeError, DppCtl, ExpFields, Ext, TInst};
use crate::gcn::{Enc, Gen};
use crate::op::{rdna3_encoding, rdna3_op, Op};

const G11: G = G::Gfx11;

/// One gfx11 instruction: a single operation, or a VOPD pair (X then Y, both reading their
/// sources before either writes).
#[derive(Clone, Copy, Debug)]
pub enum Decoded11 {
    One(TInst),
    Dual(TInst, TInst),
}

/// A scalar operand code in the emulator's numbering (M0 = 124, NULL = 125).
fn sg(v: u32) -> u16 {
    match v {
        124 => 125,
        125 => 124,
        x => x as u16,
    }
}
/// A 9-bit source: scalar codes renumbered, VGPRs (256+) kept.
fn src9(v: u32) -> u16 {
    if v < 128 {
        sg(v)
    } else {
        v as u16
    }
}

#[inline]
fn blank(op: Op, enc: Enc, e11: Option<E>, len: u8, w: &[u32; 4], wave64: bool) -> TInst {
    TInst {
        gfx11: true,
        wave64,
        ext_word: w[3],
        g11: Fields11 {
            enc: e11,
            ..Fields11::default()
        },
        ..TInst::blank(op, enc, Gen::Gfx9, len, [w[0], w[1], w[2]])
    }
}

/// Widths and types of a VALU row's operands for this wave size.
fn valu_types(t: &mut TInst, r: &Row, wave64: bool) {
    for o in &r.operands {
        if let Operand::Field {
            field,
            n32,
            n64,
            ty,
            ..
        } = *o
        {
            let n = if wave64 { n64 } else { n32 };
            let k = match field {
                Field::Src0 => 0,
                Field::Src1 | Field::Vsrc1 => 1,
                Field::Src2 => 2,
                Field::Vdst => {
                    t.dst_n = n;
                    t.dst16 = matches!(ty, Ty::F16 | Ty::I16);
                    continue;
                }
                _ => continue,
            };
            t.src_n[k] = n;
            t.half[k] = matches!(ty, Ty::F16 | Ty::I16);
            // 32-bit operands are typed by the modifiers the row allows (llvm prints int and
            // float alike): a source that takes abs or neg is a float.
            t.float[k] = match ty {
                Ty::F64 | Ty::F16 | Ty::PkF => true,
                Ty::B32 => (r.mods.abs | r.mods.neg) >> k & 1 != 0,
                _ => false,
            };
        }
    }
}

/// Decodes the gfx11 instruction at `w` (`n` dwords available). Never panics. The word is
/// validated over its table row and fields ([`check`](super::check::check): llvm-objdump-19's
/// rules, no text), then its fields are extracted. The zero word (`v_illegal`, which has no
/// operation) is refused; [`list`] prints it.
pub fn decode_typed(w: &[u32; 4], n: usize, wave64: bool) -> Result<Decoded11, DecodeError> {
    let mut d = decode_fields(w, n, wave64)?;
    // The bits no field holds (reserved bits llvm accepts), for the encoder.
    super::encode::keep_reserved(&mut d, w);
    Ok(d)
}

/// [`decode_typed`] without the reserved bits (what the printer reads).
fn decode_fields(w: &[u32; 4], n: usize, wave64: bool) -> Result<Decoded11, DecodeError> {
    let err = DecodeError { word: w[0] };
    match super::check::check(w, n, wave64) {
        Ok(len) => extract(w, n, wave64, len),
        Err(()) if true16_hi_dst(w) => {
            // llvm-mc-19 (fake16) rejects a VOP1/VOP2 word whose 16-bit destination field has
            // bit 7 set; the hardware (true16) writes the high half of v[n & 127]. Decoded as
            // the word with that bit clear, the destination's half recorded in op_sel[3] (the
            // printer writes it as llvm's real-true16 syntax does, `v1.h`).
            let mut w2 = *w;
            w2[0] &= !(1 << 24);
            let len = super::check::check(&w2, n, wave64).map_err(|_| err)?;
            let mut r = extract(&w2, n, wave64, len)?;
            if let Decoded11::One(t) = &mut r {
                t.opsel |= 8;
                t.words[0] = w[0];
            }
            Ok(r)
        }
        Err(()) => Err(err),
    }
}

/// [`decode_typed`] (without the reserved bits, which only the encoder reads), and the instruction's text
/// (llvm-objdump's) appended to `text`.
pub fn decode_typed_text(
    w: &[u32; 4],
    n: usize,
    wave64: bool,
    text: &mut String,
) -> Result<Decoded11, DecodeError> {
    let r = decode_fields(w, n, wave64)?;
    super::print::print(&r, text);
    Ok(r)
}

/// The fields of a word that [`check`](super::check::check) accepted as `len` dwords (None if
/// the word has no operation: the zero word).
pub fn decode_checked(w: &[u32; 4], n: usize, wave64: bool, len: u8) -> Option<Decoded11> {
    extract(w, n, wave64, len).ok()
}

/// One instruction of a listing: decoded, then printed into `text`; its length in dwords.
/// Exactly the words llvm-objdump-19 lists: the zero word is `v_illegal`, and a true16 high
/// destination that llvm-mc-19 (fake16) refuses is refused.
#[allow(clippy::result_unit_err)] // the `objdump` lister's decoder type
pub fn list(w: &[u32; 4], n: usize, wave64: bool, text: &mut String) -> Result<usize, ()> {
    Lister::default().list(w, n, wave64, text)
}

/// The listings' decoder: [`list`] with the two `TInst`s (an instruction, or a VOPD pair) owned
/// by the lister and reused for every instruction, so that nothing is returned by value.
#[derive(Clone, Debug)]
pub struct Lister {
    x: TInst,
    y: TInst,
}

impl Default for Lister {
    fn default() -> Self {
        let x = TInst::blank(Op::S_NOP, Enc::Exp, Gen::Gfx9, 0, [0; 3]);
        Lister { x, y: x }
    }
}

impl Lister {
    /// [`list`]: the instruction at `w` (`n` dwords available) checked, decoded into the
    /// lister's `TInst`s and printed into `text`; its length in dwords.
    #[allow(clippy::result_unit_err)] // the `objdump` lister's decoder type
    #[inline]
    pub fn list(
        &mut self,
        w: &[u32; 4],
        n: usize,
        wave64: bool,
        text: &mut String,
    ) -> Result<usize, ()> {
        if w[0] == 0 && n > 0 {
            super::operand::clear_warnings();
            text.push_str("v_illegal");
            return Ok(1);
        }
        let len = super::check::check(w, n, wave64)?;
        let dual = extract_into(w, n, wave64, len, &mut self.x, &mut self.y).map_err(|_| ())?;
        super::operand::clear_warnings();
        if dual {
            super::print::print_dual(&self.x, &self.y, text);
        } else {
            super::print::print_one(&self.x, text);
        }
        Ok(len as usize)
    }
}

/// The fields of a word [`check`](super::check::check) accepted (`len` dwords).
#[inline]
fn extract(w: &[u32; 4], n: usize, wave64: bool, len: u8) -> Result<Decoded11, DecodeError> {
    let mut x = TInst::blank(Op::S_NOP, Enc::Exp, Gen::Gfx9, 0, [0; 3]);
    let mut y = x;
    if extract_into(w, n, wave64, len, &mut x, &mut y)? {
        Ok(Decoded11::Dual(x, y))
    } else {
        Ok(Decoded11::One(x))
    }
}

/// The instruction's whole `TInst` made afresh in place (every field written: nothing of the
/// previous instruction a reused `TInst` held is left).
#[inline(always)]
fn reset(t: &mut TInst, op: Op, enc: Enc, e11: Option<E>, len: u8, w: &[u32; 4], wave64: bool) {
    *t = blank(op, enc, e11, len, w, wave64);
}

/// `t` reset for gfx11 opcode `op` of operation table `k` (as its semantic `Op`), the opcode kept
/// in `g11.opcode`; an opcode the table lacks is an error.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn start(
    t: &mut TInst,
    k: usize,
    enc: Enc,
    op: u32,
    e11: Option<E>,
    len: u8,
    w: &[u32; 4],
    wave64: bool,
) -> Result<(), DecodeError> {
    let o = semantic_op(k, op).ok_or(DecodeError { word: w[0] })?;
    reset(t, o, enc, e11, len, w, wave64);
    t.g11.opcode = op as u16;
    Ok(())
}

/// The VALU row `op` of `venc` and the `TInst` `t` reset for it, with the row's operand types.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn valu_row(
    t: &mut TInst,
    venc: VEnc,
    k: usize,
    enc: Enc,
    op: u32,
    e11: Option<E>,
    len: u8,
    w: &[u32; 4],
    wave64: bool,
) -> Result<&'static Row, DecodeError> {
    let err = DecodeError { word: w[0] };
    let r = table(venc).get(op).ok_or(err)?;
    start(t, k, enc, op, e11, len, w, wave64)?;
    valu_types(t, r, wave64);
    Ok(r)
}

/// A scalar ALU instruction (SOP1, SOP2, SOPC, SOPK, SOPP) into `t`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn salu(
    t: &mut TInst,
    k: usize,
    enc: Enc,
    oe: OEnc,
    op: u32,
    e11: Option<E>,
    len: u8,
    w: &[u32; 4],
    wave64: bool,
) -> Result<(), DecodeError> {
    start(t, k, enc, op, e11, len, w, wave64)?;
    // SOP1, SOP2, SOPK and SOPC place SDST, SSRC0 and SSRC1 (SOPK, SOPP: SIMM16) alike.
    t.sdst = sg(f::sop2::sdst(G11, w));
    t.src = [
        src9(f::sop2::ssrc0(G11, w)),
        src9(f::sop2::ssrc1(G11, w)),
        0,
    ];
    t.simm16 = f::sopk::simm16(G11, w) as u16;
    t.lit = w[1];
    // 64-bit operands (`_B64`, `_U64`, `_I64`): wave-size masks are 32 bit in wave32.
    if let Some(r) = super::check::salu_row(oe, op) {
        let nn = r.n[wave64 as usize];
        if nn[1] != 0 {
            t.src_n[0] = nn[1];
        }
        if nn[2] != 0 {
            t.src_n[1] = nn[2];
        }
        if nn[0] != 0 {
            t.dst_n = nn[0];
        }
    }
    Ok(())
}

/// [`extract`] into `t` (and `y`, for a VOPD pair's Y half), which are made afresh: `Ok(true)`
/// for a VOPD pair (X in `t`), `Ok(false)` for one instruction. The listings reuse the two
/// `TInst`s from one instruction to the next (nothing is returned by value).
pub(crate) fn extract_into(
    w: &[u32; 4],
    n: usize,
    wave64: bool,
    len: u8,
    t: &mut TInst,
    y: &mut TInst,
) -> Result<bool, DecodeError> {
    let err = DecodeError { word: w[0] };
    if len as usize > n {
        return Err(err);
    }
    let w1 = w[1];
    let encoding = f::identify(G11, w[0]);
    // The scalar ALU encodings: their operation table `k` and opcode.
    let scalar = |t: &mut TInst, k, enc, oe, op| {
        salu(t, k, enc, oe, op, encoding, len, w, wave64).map(|_| false)
    };
    match encoding {
        Some(E::Vop1 | E::Vop2 | E::Vopc) => {
            let (venc, name, enc, op) = match encoding {
                Some(E::Vop1) => (VEnc::Vop1, 0, Enc::Vop1, f::vop1::op(G11, w)),
                Some(E::Vopc) => (VEnc::Vopc, 2, Enc::Vopc, f::vopc::op(G11, w)),
                _ => (VEnc::Vop2, 1, Enc::Vop2, f::vop2::op(G11, w)),
            };
            valu_row(t, venc, name, enc, op, encoding, len, w, wave64)?;
            // VOP1, VOP2 and VOPC place SRC0, VSRC1 (VOP2, VOPC) and VDST (VOP1, VOP2) alike.
            let src0 = f::vop2::src0(G11, w);
            let x = &[w1][..];
            if src0 == 0xfa {
                // DPP16: the DPP dword follows, with its own source modifiers.
                t.ext = Ext::Dpp;
                t.ext_word = w1;
                t.src[0] = 256 + f::dpp::src0(G11, x) as u16;
                t.neg = (f::dpp::src0_neg(G11, x) | f::dpp::src1_neg(G11, x) << 1) as u8;
                t.abs = (f::dpp::src0_abs(G11, x) | f::dpp::src1_abs(G11, x) << 1) as u8;
                dpp16_ctl(t, w1);
            } else if src0 == 0xe9 || src0 == 0xea {
                t.ext = Ext::Dpp8;
                t.ext_word = w1;
                t.offset1 = (src0 == 0xea) as u8;
                t.src[0] = 256 + f::dpp8::src0(G11, x) as u16;
            } else {
                t.src[0] = src9(src0);
            }
            t.src[1] = 256 + f::vop2::vsrc1(G11, w) as u16;
            t.vdst = f::vop2::vdst(G11, w) as u16;
            t.sdst = 106; // VCC
            t.lit = w1;
            true16_halves(t);
            Ok(false)
        }
        Some(E::Vop3 | E::Vop3p) => {
            let p = encoding == Some(E::Vop3p);
            let (venc, name, enc, op) = if p {
                (VEnc::Vop3p, 4, Enc::Vop3p, f::vop3p::op(G11, w))
            } else {
                (VEnc::Vop3, 3, Enc::Vop3, f::vop3::op(G11, w))
            };
            let r = valu_row(t, venc, name, enc, op, encoding, len, w, wave64)?;
            // The DPP forms (src0 250, 233, 234): the DPP dword is the third, a literal the fourth.
            let dpp = matches!(f::vop3::src0(G11, w), 0xfa | 0xe9 | 0xea);
            // VOP3 and VOP3P place VDST, the sources, NEG and CLAMP alike.
            t.vdst = f::vop3::vdst(G11, w) as u16;
            t.src = [
                src9(f::vop3::src0(G11, w)),
                src9(f::vop3::src1(G11, w)),
                src9(f::vop3::src2(G11, w)),
            ];
            t.neg = f::vop3::neg(G11, w) as u8;
            t.clamp = f::vop3::clamp(G11, w) != 0;
            t.lit = if dpp { w[3] } else { w[2] };
            if p {
                t.neg_hi = f::vop3p::neg_hi(G11, w) as u8;
                t.opsel = f::vop3p::opsel(G11, w) as u8;
                t.opsel_hi = (f::vop3p::opsel_hi(G11, w) | f::vop3p::opsel_hi2(G11, w) << 2) as u8;
            } else {
                t.omod = f::vop3::omod(G11, w) as u8;
                if r.field(Field::Sdst).is_some() {
                    // VOP3SD: a scalar carry / condition destination.
                    t.sdst = sg(f::vop3::sdst(G11, w));
                } else {
                    t.abs = f::vop3::abs(G11, w) as u8;
                    t.opsel = f::vop3::opsel(G11, w) as u8;
                    // v_cmp*_e64, v_readlane: the vdst field is a scalar destination.
                    t.sdst = sg(f::vop3::vdst(G11, w));
                }
            }
            if dpp {
                vop3_dpp(t, w);
            }
            Ok(false)
        }
        Some(E::Vopd) if !wave64 => {
            // VOPD: two VOP2-like halves.
            let (opx, opy) = (f::vopd::opx(G11, w), f::vopd::opy(G11, w));
            let xop = vopd_base(0, opx).ok_or(err)?;
            let yop = vopd_base(1, opy).ok_or(err)?;
            let vdstx = f::vopd::vdstx(G11, w);
            let vdsty = (f::vopd::vdsty(G11, w) << 1) | ((vdstx & 1) ^ 1);
            let half = |t: &mut TInst, base: Op, opc: u32, s0: u32, v1: u32, vd: u32| {
                reset(t, base, Enc::Vop2, encoding, len, w, false);
                t.g11.opcode = opc as u16;
                t.src = [src9(s0), 256 + v1 as u16, 0];
                t.vdst = vd as u16;
                t.sdst = 106;
                t.lit = w[2];
            };
            let (sx, vx) = (f::vopd::srcx0(G11, w), f::vopd::vsrcx1(G11, w));
            half(t, xop, opx, sx, vx, vdstx);
            let (sy, vy) = (f::vopd::srcy0(G11, w), f::vopd::vsrcy1(G11, w));
            half(y, yop, opy, sy, vy, vdsty);
            Ok(true)
        }
        // Scalar and memory encodings.
        Some(E::Sop1) => scalar(t, 7, Enc::Sop1, OEnc::Sop1, f::sop1::op(G11, w)),
        Some(E::Sopc) => scalar(t, 9, Enc::Sopc, OEnc::Sopc, f::sopc::op(G11, w)),
        Some(E::Sopp) => scalar(t, 11, Enc::Sopp, OEnc::Sopp, f::sopp::op(G11, w)),
        Some(E::Sopk) => scalar(t, 10, Enc::Sopk, OEnc::Sopk, f::sopk::op(G11, w)),
        Some(E::Sop2) => scalar(t, 8, Enc::Sop2, OEnc::Sop2, f::sop2::op(G11, w)),
        Some(E::Smem) => {
            let op = f::smem::op(G11, w);
            start(t, 12, Enc::Smem, op, encoding, len, w, wave64)?;
            t.g11.dlc = f::smem::dlc(G11, w) != 0;
            t.sdst = sg(f::smem::sdata(G11, w));
            t.sbase = (f::smem::sbase(G11, w) * 2) as u16;
            t.glc = f::smem::glc(G11, w) != 0;
            t.offset = f::smem::offset(G11, w) as i32;
            let so = f::smem::soffset(G11, w);
            if so != 124 {
                t.soffset_reg = true;
                t.soffset = sg(so);
            }
            Ok(false)
        }
        Some(E::Ds) => {
            let op = f::ds::op(G11, w);
            start(t, 13, Enc::Ds, op, encoding, len, w, wave64)?;
            t.offset = f::ds::offset0(G11, w) as i32;
            t.offset1 = f::ds::offset1(G11, w) as u8;
            t.gds = f::ds::gds(G11, w) != 0;
            t.vaddr = f::ds::addr(G11, w) as u16;
            t.vdata = f::ds::data0(G11, w) as u16;
            t.data1 = f::ds::data1(G11, w) as u16;
            t.vdst = f::ds::vdst(G11, w) as u16;
            Ok(false)
        }
        Some(E::Flat) => {
            let (name, enc) = match f::flat::seg(G11, w) {
                0 => (14, Enc::Flat),
                1 => (15, Enc::Scratch),
                _ => (16, Enc::Global),
            };
            let op = f::flat::op(G11, w);
            start(t, name, enc, op, encoding, len, w, wave64)?;
            t.g11.dlc = f::flat::dlc(G11, w) != 0;
            t.g11.saddr = f::flat::saddr(G11, w) as u8;
            let off = f::flat::offset(G11, w);
            t.g11.flat_offset = off as u16;
            t.offset = if enc == Enc::Flat {
                (off & 0xfff) as i32
            } else {
                ((off << 19) as i32) >> 19
            };
            t.glc = f::flat::glc(G11, w) != 0;
            t.slc = f::flat::slc(G11, w) != 0;
            t.vaddr = f::flat::addr(G11, w) as u16;
            t.vdata = f::flat::data(G11, w) as u16;
            let saddr = f::flat::saddr(G11, w);
            t.saddr = if saddr == 124 || saddr == 125 && enc == Enc::Flat {
                0x7f
            } else {
                sg(saddr)
            };
            t.vdst = f::flat::vdst(G11, w) as u16;
            // scratch: SVE says whether vaddr is used.
            t.offen = f::flat::sve(G11, w) != 0;
            if enc == Enc::Global && t.saddr != 0x7f {
                t.enc = Enc::GlobalSaddr;
            }
            if enc == Enc::Scratch && t.saddr != 0x7f {
                t.enc = Enc::ScratchSaddr;
            }
            Ok(false)
        }
        Some(E::Mubuf | E::Mtbuf) => {
            // MUBUF and MTBUF place every field but OP (and MTBUF's FORMAT) alike on gfx11.
            let mt = encoding == Some(E::Mtbuf);
            let (name, enc, op) = if mt {
                (18, Enc::Mtbuf, f::mtbuf::op(G11, w))
            } else {
                (17, Enc::Mubuf, f::mubuf::op(G11, w))
            };
            start(t, name, enc, op, encoding, len, w, wave64)?;
            t.g11.dlc = f::mubuf::dlc(G11, w) != 0;
            t.offset = f::mubuf::offset(G11, w) as i32;
            t.offen = f::mubuf::offen(G11, w) != 0;
            t.idxen = f::mubuf::idxen(G11, w) != 0;
            t.glc = f::mubuf::glc(G11, w) != 0;
            t.slc = f::mubuf::slc(G11, w) != 0;
            t.tfe = f::mubuf::tfe(G11, w) != 0;
            t.vaddr = f::mubuf::vaddr(G11, w) as u16;
            t.vdata = f::mubuf::vdata(G11, w) as u16;
            t.vdst = t.vdata;
            t.srsrc = (f::mubuf::srsrc(G11, w) * 4) as u16;
            // SOFFSET: scalar codes (NULL 124 -> the emulator's 125) and inline constants.
            t.soffset = src9(f::mubuf::soffset(G11, w));
            // A literal SOFFSET (255) follows the two dwords.
            t.lit = w[2];
            if mt {
                t.g11.format = f::mtbuf::format(G11, w) as u8;
                // The unified FORMAT as the GCN (data, number) format pair the conversions use;
                // (0, 0) for the invalid and reserved values (refused when executed).
                let (d, n) = crate::bufformat::gfx11_format(f::mtbuf::format(G11, w) as u8)
                    .unwrap_or((0, 0));
                t.dfmt = d;
                t.nfmt = n;
            }
            Ok(false)
        }
        _ => {
            // MIMG, EXP, VINTERP, LDSDIR: each carries its operation (`Op::EXP`, the vinterp
            // and ldsdir rows; `S_NOP` only for an opcode no row has); the emulator refuses
            // EXP, VINTERP and LDSDIR as graphics-only. Their fields are filled for the printer.
            reset(t, Op::S_NOP, Enc::Exp, encoding, len, w, wave64);
            match encoding {
                Some(E::Mimg) => {
                    let op = f::mimg::op(G11, w);
                    t.enc = Enc::Mimg;
                    t.g11.opcode = op as u16;
                    t.g11.dlc = f::mimg::dlc(G11, w) != 0;
                    if let Some(o) = rdna3_op("mimg", op) {
                        t.op = o;
                    }
                    if let Some(m) = t.mimg() {
                        t.img = m;
                    }
                }
                Some(E::Exp) => {
                    t.op = Op::EXP;
                    t.exp = ExpFields {
                        en: f::exp::en(G11, w) as u8,
                        target: f::exp::target(G11, w) as u8,
                        compr: false,
                        done: f::exp::done(G11, w) != 0,
                        vm: false,
                        vsrc: [
                            f::exp::vsrc0(G11, w) as u8,
                            f::exp::vsrc1(G11, w) as u8,
                            f::exp::vsrc2(G11, w) as u8,
                            f::exp::vsrc3(G11, w) as u8,
                        ],
                    };
                    t.g11.row_en = f::exp::row(G11, w) != 0;
                }
                Some(E::Vinterp) => {
                    use f::vinterp as vi;
                    t.g11.opcode = vi::op(G11, w) as u16;
                    if let Some(o) = rdna3_op("vinterp", vi::op(G11, w)) {
                        t.op = o;
                    }
                    t.vdst = vi::vdst(G11, w) as u16;
                    t.src = [
                        src9(vi::src0(G11, w)),
                        src9(vi::src1(G11, w)),
                        src9(vi::src2(G11, w)),
                    ];
                    t.neg = vi::neg(G11, w) as u8;
                    t.clamp = vi::clamp(G11, w) != 0;
                    t.opsel = vi::opsel(G11, w) as u8;
                    t.g11.wait = vi::waitexp(G11, w) as u8;
                    t.lit = w[2];
                }
                Some(E::Ldsdir) => {
                    use f::ldsdir as l;
                    t.g11.opcode = l::op(G11, w) as u16;
                    if let Some(o) = rdna3_op("ldsdir", l::op(G11, w)) {
                        t.op = o;
                    }
                    t.vdst = l::vdst(G11, w) as u16;
                    t.attr = l::attr(G11, w) as u8;
                    t.attrchan = l::attrchan(G11, w) as u8;
                    t.g11.wait = l::waitvdst(G11, w) as u8;
                }
                _ => {}
            }
            Ok(false)
        }
    }
}

/// The DPP16 controls of DPP dword `d` (FI in bit 0 of `offset1`, as DPP8's).
fn dpp16_ctl(t: &mut TInst, d: u32) {
    let x = &[d][..];
    t.dpp = DppCtl {
        ctrl: f::dpp::dpp_ctrl(G11, x) as u16,
        row_mask: f::dpp::row_mask(G11, x) as u8,
        bank_mask: f::dpp::bank_mask(G11, x) as u8,
        bound_ctrl: f::dpp::bound_ctrl(G11, x) != 0,
    };
    t.offset1 = f::dpp::fi(G11, x) as u8;
}

/// VOP3/VOP3P with src0 250 (DPP16) or 233/234 (DPP8): the DPP dword is the third.
fn vop3_dpp(t: &mut TInst, w: &[u32; 4]) {
    let x = &[w[2]][..];
    match f::vop3::src0(G11, w) {
        0xfa => {
            t.ext = Ext::Dpp;
            t.ext_word = w[2];
            t.src[0] = 256 + f::dpp::src0(G11, x) as u16;
            dpp16_ctl(t, w[2]);
        }
        s0 @ (0xe9 | 0xea) => {
            t.ext = Ext::Dpp8;
            t.ext_word = w[2];
            t.offset1 = (s0 == 0xea) as u8;
            t.src[0] = 256 + f::dpp8::src0(G11, x) as u16;
        }
        _ => {}
    }
}

/// true16 (RDNA3): in VOP1, VOP2 and VOPC (also with DPP16/DPP8) the 8-bit VGPR field of a
/// 16-bit operand addresses a half, bit 7 selecting the high half of v[n & 127] (`v130` is
/// `v2.h`). Recorded as VOP3 records it: op_sel[k] for source k, op_sel[3] for the destination,
/// with the register number made the 32-bit register's.
fn true16_halves(t: &mut TInst) {
    for k in 0..2 {
        if t.half[k] && t.src[k] >= 256 + 128 {
            t.src[k] -= 128;
            t.opsel |= 1 << k;
        }
    }
    if t.dst16 && t.vdst >= 128 {
        t.vdst -= 128;
        t.opsel |= 8;
    }
}

/// A VOP1/VOP2 word (DPP forms included) whose 16-bit destination's field has bit 7 set.
fn true16_hi_dst(w: &[u32; 4]) -> bool {
    let (venc, op) = match f::identify(G11, w[0]) {
        Some(E::Vop1) => (VEnc::Vop1, f::vop1::op(G11, w)),
        Some(E::Vop2) => (VEnc::Vop2, f::vop2::op(G11, w)),
        _ => return false,
    };
    w[0] >> 24 & 1 != 0
        && table(venc).get(op).is_some_and(|r| {
            r.operands.iter().any(|o| {
                matches!(
                    o,
                    Operand::Field {
                        field: Field::Vdst,
                        ty: Ty::F16 | Ty::I16,
                        ..
                    }
                )
            })
        })
}

/// The VALU operation a VOPD half performs (`V_DUAL_MUL_F32` -> `V_MUL_F32`).
fn dual_base(op: Op) -> Option<Op> {
    let n = op.name().strip_prefix("V_DUAL_")?;
    Op::from_name(&format!("V_{n}")).map(crate::op::semantic)
}

/// The VALU operation of VOPD X (side 0) or Y (side 1) opcode `opcode`, from a table made once.
fn vopd_base(side: usize, opcode: u32) -> Option<Op> {
    use std::sync::OnceLock;
    static T: [OnceLock<Vec<Option<Op>>>; 2] = [const { OnceLock::new() }; 2];
    let (enc, n) = [("vopdx", 16), ("vopdy", 32)][side & 1];
    let t = T[side & 1].get_or_init(|| {
        (0..n)
            .map(|o| rdna3_op(enc, o).and_then(dual_base))
            .collect()
    });
    *t.get(opcode as usize)?
}

/// The encodings `extract` names, and the largest opcode of each plus one.
const ENCS: [usize; 20] = [
    rdna3_encoding("vop1"),
    rdna3_encoding("vop2"),
    rdna3_encoding("vopc"),
    rdna3_encoding("vop3"),
    rdna3_encoding("vop3p"),
    rdna3_encoding("vopdx"),
    rdna3_encoding("vopdy"),
    rdna3_encoding("sop1"),
    rdna3_encoding("sop2"),
    rdna3_encoding("sopc"),
    rdna3_encoding("sopk"),
    rdna3_encoding("sopp"),
    rdna3_encoding("smem"),
    rdna3_encoding("ds"),
    rdna3_encoding("flat"),
    rdna3_encoding("scratch"),
    rdna3_encoding("global"),
    rdna3_encoding("mubuf"),
    rdna3_encoding("mtbuf"),
    rdna3_encoding("mimg"),
];

/// `semantic(rdna3_op(enc, opcode))` for encoding `ENCS[k]` (for VOPD halves: the VALU
/// operation), from the per-encoding table build.rs generates.
#[inline(always)]
fn semantic_op(k: usize, opcode: u32) -> Option<Op> {
    let t = crate::op::RDNA3_SEMANTIC.get(*ENCS.get(k)?)?;
    t.get(opcode as usize).copied().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn semantic_table_is_the_searched_operation() {
        // The generated table against a search of the sorted rows and the alias list.
        for (k, &e) in ENCS.iter().enumerate() {
            let name = crate::op::RDNA3_ENCODINGS[e];
            for opcode in 0..2048 {
                let want = rdna3_op(name, opcode).map(crate::op::semantic);
                assert_eq!(semantic_op(k, opcode), want, "{name} {opcode}");
            }
        }
        assert_eq!(semantic_op(ENCS.len(), 0), None);
    }
    #[test]
    fn fields_of_common_words() {
        // v_add_co_u32 v2, vcc_lo, s36, v0 (VOP3SD, wave32)
        let Ok(Decoded11::One(t)) = decode_typed(&[0xD7006A02, 0x00020024, 0, 0], 2, false) else {
            panic!()
        };
        assert_eq!(
            (t.op, t.vdst, t.sdst, t.src[0], t.src[1]),
            (Op::V_ADD_CO_U32, 2, 106, 36, 256)
        );
        // s_load_b128 s[36:39], s[2:3], 0x8
        let Ok(Decoded11::One(t)) = decode_typed(&[0xF4080901, 0xF8000008, 0, 0], 2, false) else {
            panic!()
        };
        assert_eq!(
            (t.op, t.sdst, t.sbase, t.offset, t.soffset_reg),
            (Op::S_LOAD_B128, 36, 2, 8, false)
        );
        // global_load_b32 v2, v[2:3], off
        let Ok(Decoded11::One(t)) = decode_typed(&[0xDC520000, 0x027C0002, 0, 0], 2, false) else {
            panic!()
        };
        assert_eq!(
            (t.op, t.enc, t.vdst, t.vaddr, t.saddr),
            (Op::GLOBAL_LOAD_B32, Enc::Global, 2, 2, 0x7f)
        );
        // v_dual_mov_b32 v31, v0 :: v_dual_mov_b32 v0, 0
        let Ok(Decoded11::Dual(x, y)) = decode_typed(&[0xCA100100, 0x1F000080, 0, 0], 2, false)
        else {
            panic!()
        };
        assert_eq!((x.op, x.vdst, x.src[0]), (Op::V_MOV_B32, 31, 256));
        assert_eq!((y.op, y.vdst, y.src[0]), (Op::V_MOV_B32, 0, 128));
        // s_mov_b32 m0, s1 uses code 125 for M0 on gfx11: the emulator's 124.
        let Ok(Decoded11::One(t)) = decode_typed(&[0xBEFD0001, 0, 0, 0], 1, false) else {
            panic!()
        };
        assert_eq!((t.op, t.sdst), (Op::S_MOV_B32, 124));
    }
}
