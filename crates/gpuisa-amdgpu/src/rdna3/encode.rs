//! The gfx11 encoder: a typed instruction ([`TInst`], or a VOPD pair) to its words. Every bit is
//! written through the inserters generated from `data/amd/encodings.txt` (`crate::fields`, layout
//! `G::Gfx11`): no bit position is written here. The encoding is `g11.enc` (with `ext` for the
//! DPP16/DPP8 forms), the opcode `g11.opcode` (the table row), and the instruction's length says
//! whether a literal dword follows. The inverse of `rdna3::inst::decode_typed`:
//! `encode(decode_typed(w)) == w` for every word the decoder accepts (tests/inst_encode11.rs).
//!
//! The numbering is the typed instruction's: scalar operands in the emulator's numbering (M0 124,
//! NULL 125, swapped back here), VGPR sources as 256 + n, a true16 high half as `op_sel` bit k
//! (bit 3: the destination) with the 32-bit register's number.

use super::inst::Decoded11;
use super::table::{table, Enc as VEnc, Field};
use crate::fields::{self as f, Encoding as E, G};
use crate::gcn::inst::{Ext, TInst};
use crate::gcn::Enc;

const G11: G = G::Gfx11;

/// The most dwords a gfx11 instruction has (VOP3 DPP with a literal).
pub const MAX_WORDS: usize = 4;

/// Why a gfx11 instruction has no encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodeError {
    /// No gfx11 encoding named (`g11.enc` is `None`, or names a GCN-only encoding).
    NoEncoding,
    /// The encoding's table has no such opcode (VALU rows), or a VOPD half is not VOPD.
    NoOpcode { enc: E, opcode: u16 },
    /// A value does not fit its field.
    Field {
        enc: E,
        field: &'static str,
        value: u32,
    },
    /// The length does not fit the encoding (a literal where none can follow, or too many
    /// dwords).
    Length { enc: E, len: u8 },
}

impl std::fmt::Display for EncodeError {
    fn fmt(&self, fm: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            EncodeError::NoEncoding => write!(fm, "no gfx11 encoding named"),
            EncodeError::NoOpcode { enc, opcode } => {
                write!(fm, "{} has no opcode {opcode:#x} on gfx11", enc.name())
            }
            EncodeError::Field { enc, field, value } => {
                write!(fm, "{} field {field} cannot hold {value:#x}", enc.name())
            }
            EncodeError::Length { enc, len } => {
                write!(fm, "{} instruction cannot be {len} dwords long", enc.name())
            }
        }
    }
}

impl std::error::Error for EncodeError {}

type R<T = ()> = Result<T, EncodeError>;
use f::Setter;

/// The words being built: the encoding (for errors) and the dwords.
struct W {
    enc: E,
    w: [u32; MAX_WORDS],
}

impl W {
    fn new(enc: E) -> W {
        W {
            enc,
            w: [0; MAX_WORDS],
        }
    }
    /// Writes `v` into a field of the instruction's words ([`f::insert`]: a zero is not
    /// written).
    #[inline(always)]
    fn put(&mut self, set: Setter, field: &'static str, v: u32) -> R {
        self.put_x(0, set, field, v)
    }
    /// The same, into an extension dword (DPP16/DPP8, counted from its own bit 0) at `k`.
    #[inline(always)]
    fn put_x(&mut self, k: usize, set: Setter, field: &'static str, v: u32) -> R {
        if f::insert(set, G11, &mut self.w, k, v) {
            Ok(())
        } else {
            Err(self.bad(field, v))
        }
    }
    fn bad(&self, field: &'static str, value: u32) -> EncodeError {
        EncodeError::Field {
            enc: self.enc,
            field,
            value,
        }
    }
    /// The encoding's fixed prefix.
    fn prefix(&mut self, value: fn(G) -> Option<u32>, set: Setter) -> R {
        let v = value(G11).ok_or(EncodeError::NoEncoding)?;
        self.put(set, "ENCODING", v)
    }
    /// The bits of the first two dwords no field holds, as decoded (`TInst::reserved`; the
    /// second dword's only when it holds fields, `base` >= 2).
    fn reserved(&mut self, r: [u32; 2], base: usize) {
        self.w[0] |= r[0];
        if base >= 2 {
            self.w[1] |= r[1];
        }
    }
    /// The instruction's `len` dwords: `base` of fields, then (one more) the literal `lit`.
    fn finish(
        mut self,
        len: u8,
        base: usize,
        lit: u32,
        reserved: [u32; 2],
    ) -> R<([u32; MAX_WORDS], usize)> {
        self.reserved(reserved, base);
        let n = len as usize;
        if n == base + 1 && n <= MAX_WORDS {
            self.w[base] = lit;
        } else if n != base {
            return Err(EncodeError::Length { enc: self.enc, len });
        }
        Ok((self.w, n))
    }
}

/// A scalar operand code from the emulator's numbering (M0 124, NULL 125) to gfx11's.
#[inline(always)]
fn sg(v: u16) -> u32 {
    match v {
        124 => 125,
        125 => 124,
        x => x as u32,
    }
}

/// A 9-bit source field: scalar codes renumbered, VGPRs (256+) and constants kept.
#[inline(always)]
fn src9(v: u16) -> u32 {
    if v < 128 {
        sg(v)
    } else {
        v as u32
    }
}

/// A VGPR source held as 256 + n, to its 8-bit field.
#[inline(always)]
fn vgpr8(w: &W, field: &'static str, v: u16) -> R<u32> {
    v.checked_sub(256)
        .map(u32::from)
        .ok_or(w.bad(field, v as u32))
}

/// A scalar register range's first SGPR, to a field counting `n`-register units.
#[inline(always)]
fn units(w: &W, field: &'static str, v: u16, n: u16) -> R<u32> {
    if v.is_multiple_of(n) {
        Ok((v / n) as u32)
    } else {
        Err(w.bad(field, v as u32))
    }
}

/// A signed value as the two's-complement pattern of a `bits`-wide field.
#[inline(always)]
fn signed(w: &W, field: &'static str, v: i32, bits: u32) -> R<u32> {
    let half = 1i64 << (bits - 1);
    if (-half..half).contains(&(v as i64)) {
        Ok((v as u32) & (u32::MAX >> (32 - bits)))
    } else {
        Err(w.bad(field, v as u32))
    }
}

/// A gfx11 scalar operand code (SDST, SSRC, SDATA fields: M0 125, NULL 124) in the typed
/// instruction's numbering (M0 124, NULL 125), as `decode_typed` holds it.
#[inline(always)]
pub fn from_sreg(v: u32) -> u16 {
    sg(v as u16) as u16
}

/// A gfx11 9-bit source code (scalar codes, constants, VGPRs 256+) in the typed instruction's
/// numbering.
#[inline(always)]
pub fn from_src9(v: u32) -> u16 {
    src9(v as u16) as u16
}

/// A blank gfx11 instruction of encoding `enc` (`genc`: the GCN encoding class it runs as,
/// which tells FLAT's segments apart) and table opcode `opcode`, one dword long, for an
/// assembler to fill and [`encode`].
pub fn inst(enc: E, genc: Enc, opcode: u32) -> TInst {
    let mut t = TInst::blank(crate::op::Op::S_NOP, genc, crate::gcn::Gen::Gfx9, 1, [0; 3]);
    t.gfx11 = true;
    t.g11.enc = Some(enc);
    t.g11.opcode = opcode as u16;
    t
}

/// Per dword, the bits some gfx11 field of layout `name` holds (ENCODING included), but the
/// fields in `skip`: the complement is reserved. From the generated layouts.
fn field_mask(name: &str, skip: &[&str]) -> [u32; 3] {
    f::layout_mask(G11, name, skip)
}

/// The field masks of the gfx11 encodings ([`field_mask`]), by `Encoding as usize`, then of the
/// DPP16 dword (all its fields; without its source modifiers, which VOP3 does not read) and
/// of the DPP8 dword, made once.
fn masks() -> &'static (Vec<[u32; 3]>, [u32; 3]) {
    use std::sync::OnceLock;
    static M: OnceLock<(Vec<[u32; 3]>, [u32; 3])> = OnceLock::new();
    M.get_or_init(|| {
        let all = [
            E::Sop2,
            E::Sopk,
            E::Sop1,
            E::Sopc,
            E::Sopp,
            E::Smrd,
            E::Smem,
            E::Vop2,
            E::Vop1,
            E::Vopc,
            E::Vop3,
            E::Vop3p,
            E::Vopd,
            E::Vinterp,
            E::Ldsdir,
            E::Vintrp,
            E::Sdwa,
            E::Dpp,
            E::Dpp8,
            E::Ds,
            E::Mubuf,
            E::Mtbuf,
            E::Mimg,
            E::Flat,
            E::Exp,
            E::Waitcnt,
            E::Hwreg,
        ];
        let mut v = vec![[u32::MAX; 3]; all.len()];
        for e in all {
            if let Some(x) = v.get_mut(e as usize) {
                *x = field_mask(e.name(), &[]);
            }
        }
        let mods = ["SRC0_NEG", "SRC0_ABS", "SRC1_NEG", "SRC1_ABS"];
        let ext = [
            field_mask("DPP", &[])[0],
            field_mask("DPP", &mods)[0],
            field_mask("DPP8", &[])[0],
        ];
        (v, ext)
    })
}

/// Records in `d` the bits of its words `w` that no field its form reads holds (reserved bits
/// the decoder, as llvm, accepts): `TInst::reserved` for the first two dwords (the second only
/// when the encoding has fields there, not a literal), `g11.reserved_x` for a DPP16/DPP8 dword,
/// so that [`encode11`] gives `w` back. (VOPD: in the X half.)
pub fn keep_reserved(d: &mut Decoded11, w: &[u32; 4]) {
    let t = match d {
        Decoded11::One(t) | Decoded11::Dual(t, _) => t,
    };
    let Some(enc) = t.g11.enc else { return };
    let (m, ext) = masks();
    let Some(&m) = m.get(enc as usize) else {
        return;
    };
    t.reserved[0] = w[0] & !m[0];
    if m[1] != 0 {
        t.reserved[1] = w[1] & !m[1];
    }
    if enc == E::Mimg && t.img.nsa.is_none() {
        // (NSA set in a two-dword word: no further addresses, the bit is kept as it is)
        let mut x = [0u32];
        let _ = f::mimg::set_nsa(G11, &mut x, 1);
        t.reserved[0] |= w[0] & x[0];
    }
    let vop3 = matches!(enc, E::Vop3 | E::Vop3p);
    let k = if vop3 { 2 } else { 1 };
    t.g11.reserved_x = match t.ext {
        Ext::Dpp => w[k] & !ext[vop3 as usize],
        Ext::Dpp8 => w[k] & !ext[2],
        _ => 0,
    };
}

/// The words of a decoded gfx11 instruction (a single operation or a VOPD pair) and their
/// number.
pub fn encode11(d: &Decoded11) -> R<([u32; MAX_WORDS], usize)> {
    match d {
        Decoded11::One(t) => encode(t),
        Decoded11::Dual(x, y) => encode_dual(x, y),
    }
}

/// The words of `t` (a gfx11 instruction; a VOPD pair: [`encode_dual`]) and their number.
pub fn encode(t: &TInst) -> R<([u32; MAX_WORDS], usize)> {
    let enc = t.g11.enc.ok_or(EncodeError::NoEncoding)?;
    let op = t.g11.opcode as u32;
    let mut w = W::new(enc);
    let b = |x: bool| x as u32;
    match enc {
        E::Vop1 | E::Vop2 | E::Vopc => return vop_e32(w, t, enc, op),
        E::Vop3 | E::Vop3p => return vop3(w, t, enc, op),
        E::Vopd => {
            return Err(EncodeError::NoOpcode {
                enc,
                opcode: t.g11.opcode,
            })
        }
        E::Sop2 => {
            use f::sop2 as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_sdst, "SDST", sg(t.sdst))?;
            w.put(s::set_ssrc0, "SSRC0", src9(t.src[0]))?;
            w.put(s::set_ssrc1, "SSRC1", src9(t.src[1]))?;
        }
        E::Sop1 => {
            use f::sop1 as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_sdst, "SDST", sg(t.sdst))?;
            w.put(s::set_ssrc0, "SSRC0", src9(t.src[0]))?;
        }
        E::Sopc => {
            use f::sopc as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_ssrc0, "SSRC0", src9(t.src[0]))?;
            w.put(s::set_ssrc1, "SSRC1", src9(t.src[1]))?;
        }
        E::Sopk => {
            use f::sopk as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_sdst, "SDST", sg(t.sdst))?;
            w.put(s::set_simm16, "SIMM16", t.simm16 as u32)?;
        }
        E::Sopp => {
            use f::sopp as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_simm16, "SIMM16", t.simm16 as u32)?;
        }
        E::Smem => {
            use f::smem as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_sdata, "SDATA", sg(t.sdst))?;
            w.put(s::set_sbase, "SBASE", units(&w, "SBASE", t.sbase, 2)?)?;
            w.put(s::set_glc, "GLC", b(t.glc))?;
            w.put(s::set_dlc, "DLC", b(t.g11.dlc))?;
            w.put(s::set_offset, "OFFSET", t.offset as u32)?;
            // No register offset: SOFFSET is NULL (gfx11 code 124).
            let so = if t.soffset_reg { sg(t.soffset) } else { 124 };
            w.put(s::set_soffset, "SOFFSET", so)?;
            return w.finish(t.len, 2, 0, t.reserved);
        }
        E::Ds => {
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
            return w.finish(t.len, 2, 0, t.reserved);
        }
        E::Flat => {
            use f::flat as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            let (seg, off) = match t.enc {
                // FLAT: the 13-bit OFFSET field as printed (the address takes 12 bits).
                Enc::Flat => (0, t.g11.flat_offset as u32),
                // GLOBAL, SCRATCH: a signed 13-bit offset.
                Enc::Scratch | Enc::ScratchSaddr => (1, signed(&w, "OFFSET", t.offset, 13)?),
                _ => (2, signed(&w, "OFFSET", t.offset, 13)?),
            };
            w.put(s::set_seg, "SEG", seg)?;
            w.put(s::set_offset, "OFFSET", off)?;
            w.put(s::set_glc, "GLC", b(t.glc))?;
            w.put(s::set_slc, "SLC", b(t.slc))?;
            w.put(s::set_dlc, "DLC", b(t.g11.dlc))?;
            w.put(s::set_sve, "SVE", b(t.offen))?;
            w.put(s::set_saddr, "SADDR", t.g11.saddr as u32)?;
            w.put(s::set_addr, "ADDR", t.vaddr as u32)?;
            w.put(s::set_data, "DATA", t.vdata as u32)?;
            w.put(s::set_vdst, "VDST", t.vdst as u32)?;
            return w.finish(t.len, 2, 0, t.reserved);
        }
        E::Mubuf | E::Mtbuf => {
            // MUBUF and MTBUF place every field but OP (and MTBUF's FORMAT) alike on gfx11.
            use f::mubuf as s;
            if enc == E::Mtbuf {
                w.prefix(f::mtbuf::encoding_value, f::mtbuf::set_encoding)?;
                w.put(f::mtbuf::set_op, "OP", op)?;
                w.put(f::mtbuf::set_format, "FORMAT", t.g11.format as u32)?;
            } else {
                w.prefix(s::encoding_value, s::set_encoding)?;
                w.put(s::set_op, "OP", op)?;
            }
            w.put(s::set_dlc, "DLC", b(t.g11.dlc))?;
            w.put(s::set_glc, "GLC", b(t.glc))?;
            w.put(s::set_slc, "SLC", b(t.slc))?;
            w.put(s::set_offset, "OFFSET", t.offset as u32)?;
            w.put(s::set_offen, "OFFEN", b(t.offen))?;
            w.put(s::set_idxen, "IDXEN", b(t.idxen))?;
            w.put(s::set_tfe, "TFE", b(t.tfe))?;
            w.put(s::set_vaddr, "VADDR", t.vaddr as u32)?;
            w.put(s::set_vdata, "VDATA", t.vdata as u32)?;
            w.put(s::set_srsrc, "SRSRC", units(&w, "SRSRC", t.srsrc, 4)?)?;
            w.put(s::set_soffset, "SOFFSET", src9(t.soffset))?;
            return w.finish(t.len, 2, t.lit, t.reserved);
        }
        E::Mimg => {
            use f::mimg as s;
            let m = &t.img;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_d16, "D16", b(m.d16))?;
            w.put(s::set_a16, "A16", b(m.a16))?;
            w.put(s::set_r128, "R128", b(m.r128))?;
            w.put(s::set_glc, "GLC", b(m.glc))?;
            w.put(s::set_dlc, "DLC", b(t.g11.dlc))?;
            w.put(s::set_slc, "SLC", b(m.slc))?;
            w.put(s::set_dmask, "DMASK", m.dmask as u32)?;
            w.put(s::set_unorm, "UNORM", b(m.unorm))?;
            w.put(s::set_dim, "DIM", m.dim.unwrap_or(0) as u32)?;
            w.put(s::set_ssamp, "SSAMP", units(&w, "SSAMP", m.ssamp, 4)?)?;
            w.put(s::set_lwe, "LWE", b(m.lwe))?;
            w.put(s::set_tfe, "TFE", b(m.tfe))?;
            w.put(s::set_srsrc, "SRSRC", units(&w, "SRSRC", m.srsrc, 4)?)?;
            w.put(s::set_vdata, "VDATA", m.vdata as u32)?;
            w.put(s::set_vaddr, "VADDR", m.vaddr as u32)?;
            if let Some(r) = m.nsa {
                // NSA: the further address VGPRs, one a byte, in the third dword.
                w.put(s::set_nsa, "NSA", 1)?;
                if t.len != 3 {
                    return Err(EncodeError::Length { enc, len: t.len });
                }
                w.w[2] = u32::from_le_bytes(r);
                w.reserved(t.reserved, 2);
                return Ok((w.w, 3));
            }
            return w.finish(t.len, 2, 0, t.reserved);
        }
        E::Exp => {
            use f::exp as s;
            let x = &t.exp;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_en, "EN", x.en as u32)?;
            w.put(s::set_target, "TARGET", x.target as u32)?;
            w.put(s::set_done, "DONE", b(x.done))?;
            w.put(s::set_row, "ROW", b(t.g11.row_en))?;
            w.put(s::set_vsrc0, "VSRC0", x.vsrc[0] as u32)?;
            w.put(s::set_vsrc1, "VSRC1", x.vsrc[1] as u32)?;
            w.put(s::set_vsrc2, "VSRC2", x.vsrc[2] as u32)?;
            w.put(s::set_vsrc3, "VSRC3", x.vsrc[3] as u32)?;
            return w.finish(t.len, 2, 0, t.reserved);
        }
        E::Vinterp => {
            use f::vinterp as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_vdst, "VDST", t.vdst as u32)?;
            w.put(s::set_clamp, "CLAMP", b(t.clamp))?;
            w.put(s::set_opsel, "OPSEL", t.opsel as u32)?;
            w.put(s::set_waitexp, "WAITEXP", t.g11.wait as u32)?;
            w.put(s::set_neg, "NEG", t.neg as u32)?;
            w.put(s::set_src0, "SRC0", src9(t.src[0]))?;
            w.put(s::set_src1, "SRC1", src9(t.src[1]))?;
            w.put(s::set_src2, "SRC2", src9(t.src[2]))?;
            return w.finish(t.len, 2, t.lit, t.reserved);
        }
        E::Ldsdir => {
            use f::ldsdir as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_waitvdst, "WAITVDST", t.g11.wait as u32)?;
            w.put(s::set_attr, "ATTR", t.attr as u32)?;
            w.put(s::set_attrchan, "ATTRCHAN", t.attrchan as u32)?;
            w.put(s::set_vdst, "VDST", t.vdst as u32)?;
        }
        _ => return Err(EncodeError::NoEncoding),
    }
    // The scalar ALU encodings and LDSDIR: one dword, then a literal if the length says so.
    w.finish(t.len, 1, t.lit, t.reserved)
}

/// The VGPR field value of a true16 operand: the register, plus 128 for the high half
/// (`op_sel` bit `k`).
#[inline(always)]
fn half(t: &TInst, v: u32, k: u32) -> u32 {
    v + ((t.opsel as u32 >> k & 1) << 7)
}

/// SRC0 of a VALU instruction: the DPP selector (250 DPP16, 233/234 DPP8 without/with FI) or
/// the operand.
fn src0_field(t: &TInst, vop3: bool) -> u32 {
    match t.ext {
        Ext::Dpp => 0xfa,
        Ext::Dpp8 => 0xe9 + (t.offset1 & 1) as u32,
        _ if vop3 => src9(t.src[0]),
        // VOP1/VOP2/VOPC: a true16 VGPR half.
        _ if t.src[0] >= 256 => half(t, t.src[0] as u32, 0),
        _ => src9(t.src[0]),
    }
}

/// The DPP16 or DPP8 dword of `t` into dword `k`; `mods`: DPP16's source modifiers are there
/// (VOP1/VOP2/VOPC; VOP3 has its own).
fn dpp_dword(w: &mut W, t: &TInst, k: usize, mods: bool) -> R {
    let s0 = vgpr8(w, "SRC0", t.src[0])?;
    let s0 = if mods { half(t, s0, 0) } else { s0 };
    match t.ext {
        Ext::Dpp => {
            use f::dpp as s;
            let d = &t.dpp;
            w.put_x(k, s::set_src0, "DPP SRC0", s0)?;
            w.put_x(k, s::set_dpp_ctrl, "DPP_CTRL", d.ctrl as u32)?;
            w.put_x(k, s::set_fi, "FI", (t.offset1 & 1) as u32)?;
            w.put_x(k, s::set_bound_ctrl, "BOUND_CTRL", d.bound_ctrl as u32)?;
            w.put_x(k, s::set_bank_mask, "BANK_MASK", d.bank_mask as u32)?;
            w.put_x(k, s::set_row_mask, "ROW_MASK", d.row_mask as u32)?;
            if mods {
                let (n, a) = (t.neg as u32, t.abs as u32);
                w.put_x(k, s::set_src0_neg, "SRC0_NEG", n & 1)?;
                w.put_x(k, s::set_src0_abs, "SRC0_ABS", a & 1)?;
                w.put_x(k, s::set_src1_neg, "SRC1_NEG", n >> 1 & 1)?;
                w.put_x(k, s::set_src1_abs, "SRC1_ABS", a >> 1 & 1)?;
            }
        }
        _ => {
            use f::dpp8 as s;
            w.put_x(k, s::set_src0, "DPP8 SRC0", s0)?;
            // The eight 3-bit lane selects, held in `ext_word` from bit 8 on (as printed).
            let lanes = s::lane_sel(G11, &[t.ext_word]);
            w.put_x(k, s::set_lane_sel, "LANE_SEL", lanes)?;
        }
    }
    // The bits of the dword no field the form reads holds, as decoded.
    w.w[k] |= t.g11.reserved_x;
    Ok(())
}

/// VOP1, VOP2, VOPC (and their DPP16/DPP8 forms).
fn vop_e32(mut w: W, t: &TInst, enc: E, op: u32) -> R<([u32; MAX_WORDS], usize)> {
    let vdst = half(t, t.vdst as u32, 3);
    let src0 = src0_field(t, false);
    match enc {
        E::Vop1 => {
            use f::vop1 as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_vdst, "VDST", vdst)?;
            w.put(s::set_src0, "SRC0", src0)?;
        }
        E::Vop2 => {
            use f::vop2 as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            w.put(s::set_vdst, "VDST", vdst)?;
            let v1 = half(t, vgpr8(&w, "VSRC1", t.src[1])?, 1);
            w.put(s::set_vsrc1, "VSRC1", v1)?;
            w.put(s::set_src0, "SRC0", src0)?;
        }
        _ => {
            use f::vopc as s;
            w.prefix(s::encoding_value, s::set_encoding)?;
            w.put(s::set_op, "OP", op)?;
            let v1 = half(t, vgpr8(&w, "VSRC1", t.src[1])?, 1);
            w.put(s::set_vsrc1, "VSRC1", v1)?;
            w.put(s::set_src0, "SRC0", src0)?;
        }
    }
    if t.ext == Ext::None {
        return w.finish(t.len, 1, t.lit, t.reserved);
    }
    dpp_dword(&mut w, t, 1, true)?;
    w.finish(t.len, 2, 0, t.reserved)
}

/// VOP3, VOP3SD, VOP3P (and their DPP16/DPP8 forms: the DPP dword third, a literal after it).
fn vop3(mut w: W, t: &TInst, enc: E, op: u32) -> R<([u32; MAX_WORDS], usize)> {
    let b = |x: bool| x as u32;
    // VOP3 and VOP3P place VDST, the sources, NEG and CLAMP alike.
    use f::vop3 as s;
    if enc == E::Vop3p {
        use f::vop3p as p;
        w.prefix(p::encoding_value, p::set_encoding)?;
        w.put(p::set_op, "OP", op)?;
        w.put(p::set_opsel, "OPSEL", t.opsel as u32)?;
        w.put(p::set_opsel_hi, "OPSEL_HI", t.opsel_hi as u32 & 3)?;
        w.put(p::set_opsel_hi2, "OPSEL_HI2", t.opsel_hi as u32 >> 2)?;
        w.put(p::set_neg_hi, "NEG_HI", t.neg_hi as u32)?;
    } else {
        w.prefix(s::encoding_value, s::set_encoding)?;
        w.put(s::set_op, "OP", op)?;
        w.put(s::set_omod, "OMOD", t.omod as u32)?;
        let row = table(VEnc::Vop3).get(op).ok_or(EncodeError::NoOpcode {
            enc,
            opcode: op as u16,
        })?;
        if row.field(Field::Sdst).is_some() {
            // VOP3SD: a scalar carry / condition destination where ABS and OPSEL are.
            w.put(s::set_sdst, "SDST", sg(t.sdst))?;
        } else {
            w.put(s::set_abs, "ABS", t.abs as u32)?;
            w.put(s::set_opsel, "OPSEL", t.opsel as u32)?;
        }
    }
    w.put(s::set_vdst, "VDST", t.vdst as u32)?;
    w.put(s::set_clamp, "CLAMP", b(t.clamp))?;
    w.put(s::set_neg, "NEG", t.neg as u32)?;
    w.put(s::set_src0, "SRC0", src0_field(t, true))?;
    w.put(s::set_src1, "SRC1", src9(t.src[1]))?;
    w.put(s::set_src2, "SRC2", src9(t.src[2]))?;
    if t.ext == Ext::None {
        return w.finish(t.len, 2, t.lit, t.reserved);
    }
    dpp_dword(&mut w, t, 2, false)?;
    w.finish(t.len, 3, t.lit, t.reserved)
}

/// The words of a VOPD pair (`x` then `y`, as `decode_typed` gives them).
pub fn encode_dual(x: &TInst, y: &TInst) -> R<([u32; MAX_WORDS], usize)> {
    use f::vopd as s;
    let mut w = W::new(E::Vopd);
    w.prefix(s::encoding_value, s::set_encoding)?;
    w.put(s::set_opx, "OPX", x.g11.opcode as u32)?;
    w.put(s::set_opy, "OPY", y.g11.opcode as u32)?;
    w.put(s::set_srcx0, "SRCX0", src9(x.src[0]))?;
    w.put(s::set_vsrcx1, "VSRCX1", vgpr8(&w, "VSRCX1", x.src[1])?)?;
    w.put(s::set_vdstx, "VDSTX", x.vdst as u32)?;
    w.put(s::set_srcy0, "SRCY0", src9(y.src[0]))?;
    w.put(s::set_vsrcy1, "VSRCY1", vgpr8(&w, "VSRCY1", y.src[1])?)?;
    // VDSTY holds all but the lowest bit, which is the opposite of VDSTX's.
    let vy = y.vdst as u32;
    if vy & 1 == x.vdst as u32 & 1 {
        return Err(w.bad("VDSTY", vy));
    }
    w.put(s::set_vdsty, "VDSTY", vy >> 1)?;
    // One literal for both halves.
    w.finish(x.len, 2, x.lit, x.reserved)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `v_add_f32_e32 v1, s2, v3` built by hand: AMD's VOP2 layout (OP 30:25, VDST 24:17,
    /// VSRC1 16:9, SRC0 8:0), V_ADD_F32 = 3 on gfx11.
    #[test]
    fn vop2_fields_where_amd_places_them() {
        let mut t = inst(E::Vop2, Enc::Vop2, 3);
        t.vdst = 1;
        t.src = [2, 256 + 3, 0];
        let (w, n) = encode(&t).unwrap();
        assert_eq!((n, w[0]), (1, 3 << 25 | 1 << 17 | 3 << 9 | 2));
        // M0 (the typed numbering's 124) is gfx11's code 125 in SRC0.
        t.src[0] = 124;
        assert_eq!(encode(&t).unwrap().0[0] & 0x1ff, 125);
    }

    #[test]
    fn values_that_do_not_fit_are_errors() {
        let mut t = inst(E::Vop2, Enc::Vop2, 3);
        t.vdst = 256;
        assert!(matches!(
            encode(&t),
            Err(EncodeError::Field { field: "VDST", .. })
        ));
        // VSRC1 must be a VGPR (256 + n).
        let mut t = inst(E::Vop2, Enc::Vop2, 3);
        t.src[1] = 5;
        assert!(encode(&t).is_err());
        // A literal where no literal can follow, and a misaligned SMEM base.
        let mut t = inst(E::Sopp, Enc::Sopp, 0);
        t.len = 3;
        assert!(matches!(encode(&t), Err(EncodeError::Length { .. })));
        let mut t = inst(E::Smem, Enc::Smem, 0);
        t.len = 2;
        t.sbase = 3;
        assert!(encode(&t).is_err());
        // No encoding named.
        let mut t = inst(E::Sopp, Enc::Sopp, 0);
        t.g11.enc = None;
        assert_eq!(encode(&t), Err(EncodeError::NoEncoding));
    }

    #[test]
    fn vopd_destinations_one_even_one_odd() {
        let mut x = inst(E::Vopd, Enc::Vop2, 8);
        let mut y = inst(E::Vopd, Enc::Vop2, 8);
        x.len = 2;
        x.src = [256, 257, 0];
        y.src = [258, 259, 0];
        x.vdst = 4;
        y.vdst = 6;
        assert!(encode_dual(&x, &y).is_err());
        y.vdst = 7;
        let (w, n) = encode_dual(&x, &y).unwrap();
        // VDSTY holds 7 >> 1 in bits 55:49.
        assert_eq!((n, w[1] >> 17 & 0x7f), (2, 3));
    }
}
