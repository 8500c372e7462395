//! The GCN decoder's checks, one function per encoding: each checks the fields as llvm-mc does
//! (fields an opcode does not use must be zero, operands must name valid registers) while
//! walking the row's operand template. The walker is generic over its [`Sink`]: [`check`] runs
//! it over [`Null`] (no text); `inst::decode_typed` then extracts the fields into a `TInst`, and
//! `print::print` writes the text from that. No allocation.

use super::fmt::{dec, hex32, sdec, Null, Out, Sink};
use super::operand::{self, write_src, write_sreg, write_vreg, OpType};
use super::table::{field_bit, flag, Entry, Field, ImmKind, Operand, Shape, E32_SPECIAL};
use super::{Enc, Gen};
use crate::fields::{self, G};

pub(crate) mod ext;
pub(crate) mod mem;
pub(crate) mod rules;
pub(crate) mod scalar;
pub(crate) mod smem;
pub(crate) mod vop;
pub(crate) mod vop3;
pub use self::mem::mimg_data_regs;
pub(crate) use self::scalar::write_sdst;
#[allow(unused_imports)]
use self::{mem::*, scalar::*, smem::*, vop::*, vop3::*};

/// A successful decode: length in dwords and the encoding class name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub len: u8,
    pub class: &'static str,
    pub enc: Enc,
    pub op: u16,
}

/// [`Decoded::with`]: the class is the encoding's name ([`Enc::name`]).
const CLASS_ENC: u8 = 0;
/// ... `SDWA`.
pub(crate) const CLASS_SDWA: u8 = 1;
/// ... `DPP`.
pub(crate) const CLASS_DPP: u8 = 2;
/// ... `VOP1` (gfx9's SDWA/DPP v_nop, printed as the plain 4-byte instruction).
pub(crate) const CLASS_VOP1: u8 = 3;

impl Decoded {
    /// An instruction of `len` dwords, opcode `op` of `enc` (named after its encoding).
    #[inline(always)]
    fn of(len: u8, enc: Enc, op: u32) -> Decoded {
        Decoded::with(len, enc, op as u16, CLASS_ENC)
    }
    /// ... whose class name is `ext` (a `CLASS_*`).
    #[inline(always)]
    pub(crate) fn with(len: u8, enc: Enc, op: u16, ext: u8) -> Decoded {
        let class = match ext {
            CLASS_SDWA => "SDWA",
            CLASS_DPP => "DPP",
            CLASS_VOP1 => "VOP1",
            _ => enc.name(),
        };
        Decoded {
            len,
            class,
            enc,
            op,
        }
    }
}

/// The dwords at byte `pos` (up to 3; missing ones read as zero and are reported by `avail`).
pub fn words_at(code: &[u8], pos: usize) -> [u32; 3] {
    gpuisa_core::bits::le_words(code, pos)
}

/// Number of whole dwords available from `pos`.
pub fn avail(code: &[u8], pos: usize) -> usize {
    (code.len().saturating_sub(pos) / 4).min(3)
}

type R = Result<Decoded, ()>;

fn bits(w: u32, lo: u32, n: u32) -> u32 {
    (w >> lo) & ((1u32 << n) - 1)
}

/// Identifies the encoding of a first dword: one load from a table indexed by the generation and
/// the dword's top 9 bits, which decide the encoding ([`encoding_of_top`]).
#[inline]
pub fn encoding_of(gen: Gen, w: u32) -> Option<Enc> {
    ENCODINGS[gen as usize][(w >> 23) as usize]
}

/// [`encoding_of`] for every generation (in `Gen` order) and top 9 bits, computed at compile time.
static ENCODINGS: [[Option<Enc>; 512]; 5] = {
    let mut t = [[None; 512]; 5];
    let mut g = 0;
    while g < 5 {
        let gen = [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906][g];
        let mut top = 0;
        while top < 512 {
            t[g][top] = encoding_of_top(gen, top as u32);
            top += 1;
        }
        g += 1;
    }
    t
};

/// The encoding of a first dword whose top 9 bits are `top`: the generated layouts' ENCODING
/// prefixes (`data/amd/encodings.txt`, [`fields::identify`]).
const fn encoding_of_top(gen: Gen, top: u32) -> Option<Enc> {
    use fields::Encoding as E;
    Some(match fields::identify(fields::G::of(gen), top << 23) {
        Some(E::Sop2) => Enc::Sop2,
        Some(E::Sopk) => Enc::Sopk,
        Some(E::Sop1) => Enc::Sop1,
        Some(E::Sopc) => Enc::Sopc,
        Some(E::Sopp) => Enc::Sopp,
        Some(E::Smrd) => Enc::Smrd,
        Some(E::Smem) => Enc::Smem,
        Some(E::Vop2) => Enc::Vop2,
        Some(E::Vop1) => Enc::Vop1,
        Some(E::Vopc) => Enc::Vopc,
        Some(E::Vop3) => Enc::Vop3,
        Some(E::Vop3p) => Enc::Vop3p,
        Some(E::Vintrp) => Enc::Vintrp,
        Some(E::Ds) => Enc::Ds,
        Some(E::Mubuf) => Enc::Mubuf,
        Some(E::Mtbuf) => Enc::Mtbuf,
        Some(E::Mimg) => Enc::Mimg,
        Some(E::Flat) => Enc::Flat,
        Some(E::Exp) => Enc::Exp,
        // gfx11-only layouts, and the extension dwords.
        Some(
            E::Vopd | E::Vinterp | E::Ldsdir | E::Sdwa | E::Dpp | E::Dpp8 | E::Waitcnt | E::Hwreg,
        )
        | None => return None,
    })
}

/// Decodes one instruction from `w` (the dwords at the current position; `n` of them exist) and
/// appends its text to `out`: [`inst::decode_typed`](super::inst::decode_typed), then
/// [`print`](super::print::print) (decode -> `TInst` -> print). Nothing is appended for a word
/// that does not decode.
pub fn decode_n(gen: Gen, w: &[u32; 3], n: usize, out: &mut String) -> R {
    let (t, d) = super::inst::decode_typed_d(gen, w, n).map_err(|_| ())?;
    let text = &mut Out::new();
    super::print::print(&t, text);
    if text.overflowed() {
        // Cannot happen (see `fmt::OUT_CAP`); a cut text must not pass for an instruction.
        return Err(());
    }
    out.push_str(text.as_str());
    Ok(d)
}

/// Checks the instruction at `w` (`n` dwords exist) as llvm-objdump-19 does, writing nothing:
/// the template walker below over a [`Null`] sink. Its length, encoding and opcode.
#[allow(clippy::result_unit_err)]
pub fn check(gen: Gen, w: &[u32; 3], n: usize) -> R {
    decode_into(gen, w, n, &mut Null)
}

/// The checking walker: every encoding's validity rules (llvm-mc's: fields an opcode does not
/// use must be zero, operands must name valid registers, ...) on the way through the operand
/// template. [`check`] runs it over [`Null`]; run over an [`Out`] it writes the same text as
/// [`print`](super::print::print) (tests/gcn_print.rs holds the two to that), which no tool
/// uses: text comes from the printer.
pub fn decode_into<W: Sink>(gen: Gen, w: &[u32; 3], n: usize, out: &mut W) -> R {
    let Some(enc) = encoding_of(gen, w[0]) else {
        return Err(());
    };
    // Each path checks the length against `n` itself (after printing, as before): the result
    // goes back untouched. (Every path in a function of its own, `decode_into` a dispatcher:
    // +5 per decode, the arguments then go through the stack.)
    match enc {
        Enc::Vop2 | Enc::Vop1 | Enc::Vopc => vop_e32_fast(gen, enc, w, n, out),
        Enc::Sopk => sopk_fast(gen, w, n, out),
        Enc::Sop2 | Enc::Sop1 | Enc::Sopc => salu_fast(gen, enc, w, n, out),
        Enc::Vop3 => within(vop3(gen, w, out), n),
        _ => decode_other(gen, enc, w, n, out),
    }
}

/// `r`, or an error if its instruction is longer than the `n` dwords that exist.
#[inline(always)]
fn within(r: R, n: usize) -> R {
    match r {
        Ok(d) if d.len as usize > n => Err(()),
        r => r,
    }
}

/// SOPK `{sdst}, {simm16:hex}` (`s_movk_i32 s4, 0x41`, `s_cmpk_*`: a third of the words of
/// scalar-heavy code) straight; other rows go to [`scalar`], which prints the same.
#[inline(always)]
fn sopk_fast<W: Sink>(gen: Gen, w: &[u32; 3], n: usize, out: &mut W) -> R {
    let (w0, g) = (w[0], G::of(gen));
    let op = fields::sopk::op(g, w);
    let e = entry(gen, Enc::Sopk, op)?;
    let Shape::SopkHex { nd } = &e.shape else {
        return decode_other(gen, Enc::Sopk, w, n, out);
    };
    if !e.zero.is_empty() {
        return decode_other(gen, Enc::Sopk, w, n, out);
    }
    if w0 & !e.ok[0] != 0 {
        return Err(());
    }
    head(out, e);
    out.byte(b' ');
    if !write_sdst(out, gen, fields::sopk::sdst(g, w), *nd as u32) {
        return Err(());
    }
    out.bytes(b", ");
    hex32(out, fields::sopk::simm16(g, w));
    within(Ok(Decoded::of(1, Enc::Sopk, op)), n)
}

/// SOP1/SOP2/SOPC `[{sdst}, ]{ssrc0}[, {ssrc1}]` (`Shape::Salu`) straight; other rows go to
/// [`scalar`], which prints the same.
#[inline(never)]
fn salu_fast<W: Sink>(gen: Gen, enc: Enc, w: &[u32; 3], n: usize, out: &mut W) -> R {
    let (w0, g) = (w[0], G::of(gen));
    let op = match enc {
        Enc::Sop2 => fields::sop2::op(g, w),
        Enc::Sop1 => fields::sop1::op(g, w),
        _ => fields::sopc::op(g, w),
    };
    let e = entry(gen, enc, op)?;
    let Shape::Salu {
        nd,
        n0,
        ty0,
        n1,
        ty1,
    } = &e.shape
    else {
        return decode_other(gen, enc, w, n, out);
    };
    if !e.zero.is_empty() || e.is(flag::REG_ONLY_SOP1) {
        return decode_other(gen, enc, w, n, out);
    }
    if w0 & !e.ok[0] != 0 {
        return Err(());
    }
    // SOP1, SOP2 and SOPC place SSRC0 alike, SOP2 and SOPC SSRC1 (SOP1 has none: its bits 8-15
    // are the opcode).
    let ssrc0 = fields::sop2::ssrc0(g, w);
    let ssrc1 = if enc == Enc::Sop1 {
        0
    } else {
        fields::sop2::ssrc1(g, w)
    };
    let uses_lit = ssrc0 == 255 || *n1 > 0 && ssrc1 == 255;
    let lit = if uses_lit { Some(w[1]) } else { None };
    head(out, e);
    // SOPC's bits 16-22 are its opcode: `scalar` reads its sdst as 0 (no SOPC row has one).
    let sdst = if enc == Enc::Sopc {
        0
    } else {
        fields::sop2::sdst(g, w)
    };
    let regs = [(*nd, sdst, *ty0), (*n0, ssrc0, *ty0), (*n1, ssrc1, *ty1)];
    salu_operands(out, gen, regs, lit)?;
    within(Ok(Decoded::of(1 + uses_lit as u8, enc, op)), n)
}

/// The operand list of a `Shape::Salu` row, ` sdst, ssrc0, ssrc1` as the row has them (`regs`:
/// each operand's dwords, 0 if absent, field value and type; the destination's type is unused).
/// Shared by `salu_fast` and `scalar`.
#[inline(always)]
pub(crate) fn salu_operands<W: Sink>(
    out: &mut W,
    gen: Gen,
    regs: [(u8, u32, OpType); 3],
    lit: Option<u32>,
) -> Result<(), ()> {
    let [(nd, sdst, _), (n0, ssrc0, ty0), (n1, ssrc1, ty1)] = regs;
    out.byte(b' ');
    if nd > 0 {
        if !write_sdst(out, gen, sdst, nd as u32) {
            return Err(());
        }
        out.bytes(b", ");
    }
    if !write_ssrc(out, gen, ssrc0, n0 as u32, ty0, lit) {
        return Err(());
    }
    if n1 > 0 {
        out.bytes(b", ");
        if !write_ssrc(out, gen, ssrc1, n1 as u32, ty1, lit) {
            return Err(());
        }
    }
    Ok(())
}

/// Every encoding but the e32 fast path's, each printer inlined as before (kept out of
/// `decode_into` so that the e32 path has few registers live and a small frame).
#[inline(never)]
fn decode_other<W: Sink>(gen: Gen, enc: Enc, w: &[u32; 3], n: usize, out: &mut W) -> R {
    let r = match enc {
        Enc::Sop2 | Enc::Sop1 | Enc::Sopc | Enc::Sopk | Enc::Sopp => scalar(gen, enc, w, out),
        Enc::Smem => smem(gen, w, out),
        Enc::Smrd => smrd(gen, w, out),
        Enc::Vop2 | Enc::Vop1 | Enc::Vopc => vop_e32(gen, enc, w, out),
        Enc::Vop3 => vop3(gen, w, out),
        Enc::Vop3p => vop3p(gen, w, out),
        Enc::Vintrp => vintrp(gen, w, out),
        Enc::Ds => ds(gen, w, out),
        Enc::Mubuf | Enc::Mtbuf => buf(gen, enc, w, out),
        Enc::Mimg => mimg(gen, w, out),
        Enc::Flat => flat(gen, w, out),
        Enc::Exp => exp(gen, w, out),
        _ => Err(()),
    };
    within(r, n)
}

/// Decodes assuming all 3 dwords exist (see [`decode_n`]).
pub fn decode(gen: Gen, w: &[u32; 3], out: &mut String) -> R {
    decode_n(gen, w, 3, out)
}

#[inline(always)]
fn entry(gen: Gen, enc: Enc, op: u32) -> Result<&'static Entry, ()> {
    super::table::entry(gen, enc, op).ok_or(())
}

/// Writes `mnemonic` and, if any, a space: the start of every instruction.
// No inline attribute on purpose: `#[inline]` costs ~45 per decode (LLVM then spills more in
// the whole dispatcher), `#[inline(never)]` ~13 on e32 (it is inlined where it pays).
pub(crate) fn head<W: Sink>(out: &mut W, e: &Entry) {
    head_inline(out, e)
}

/// [`head`] inlined (in the e32 fast path, where it pays).
#[inline(always)]
pub(crate) fn head_inline<W: Sink>(out: &mut W, e: &Entry) {
    match e.name_pad {
        // `Entry::new` makes `name_pad` `None` for a mnemonic longer than it.
        Some(p) => out.padded(p, e.mnemonic.len()),
        None => out.push_str(e.mnemonic),
    }
}

#[inline]
pub(crate) fn sep<W: Sink>(out: &mut W, first: &mut bool) {
    if *first {
        out.push(' ');
        *first = false;
    } else {
        out.push(',');
        out.push(' ');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Encodings by their top bits (the table `encoding_of` reads).
    #[test]
    fn encodings() {
        for (gen, w, enc) in [
            (Gen::Gfx9, 0xBF810000, Some(Enc::Sopp)),
            (Gen::Gfx9, 0x7E3E0329, Some(Enc::Vop1)),
            (Gen::Gfx9, 0x24040494, Some(Enc::Vop2)),
            (Gen::Gfx9, 0xD1CB0003, Some(Enc::Vop3)),
            (Gen::Gfx9, 0xD3800000, Some(Enc::Vop3p)),
            (Gen::Gfx8, 0xD3800000, Some(Enc::Vop3)),
            (Gen::Gfx9, 0xDC508000, Some(Enc::Flat)),
            (Gen::Gfx6, 0xDC508000, None),
            (Gen::Gfx7, 0xDC508000, Some(Enc::Flat)),
            (Gen::Gfx7, 0xC0000000, Some(Enc::Smrd)),
            (Gen::Gfx8, 0xC0000000, Some(Enc::Smem)),
            (Gen::Gfx7, 0xF8000000, Some(Enc::Exp)),
            (Gen::Gfx906, 0xC4000000, Some(Enc::Exp)),
            (Gen::Gfx7, 0xC8000000, Some(Enc::Vintrp)),
            (Gen::Gfx8, 0xD4000000, Some(Enc::Vintrp)),
            (Gen::Gfx9, 0xB0000000, Some(Enc::Sopk)),
            (Gen::Gfx9, 0x80000000, Some(Enc::Sop2)),
            (Gen::Gfx9, 0xF0000000, Some(Enc::Mimg)),
            (Gen::Gfx9, 0xFC000000, None),
        ] {
            assert_eq!(encoding_of(gen, w), enc, "{gen:?} {w:08x}");
        }
    }

    /// The longest texts seen on 7.5M random word lists (gfx600-gfx906) fit [`Out`] with a wide
    /// margin (`fmt::OUT_CAP`): two register-class notes and every modifier.
    #[test]
    fn longest_text() {
        for (gen, w, text) in [
            (
                Gen::Gfx7,
                [0xe8dbcc66, 0xfe5a5a47, 0xd8c89545],
                "tbuffer_load_format_xyzw v[90:93], v[71:72], flat_scratch/*Invalid register, \
                 operand has 'SReg_128' register class*/, src_lds_direct/*Invalid register, operand \
                 has 'SReg_32' register class*/ format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_SNORM] \
                 addr64 offset:3174 glc slc",
            ),
            (
                Gen::Gfx906,
                [0xf2ebf2e4, 0x935a8b79, 0xe8519dca],
                "image_sample_c_d_o v[139:140], v[121:124], xnack_mask/*Invalid register, operand \
                 has 'SReg_256' register class*/, xnack_mask/*Invalid register, operand has \
                 'SReg_128' register class*/ dmask:0x2 unorm glc slc a16 tfe lwe da d16",
            ),
        ] {
            let mut out = String::from("prefix ");
            assert_eq!(decode_n(gen, &w, 3, &mut out).map(|d| d.len), Ok(2));
            assert_eq!(out, format!("prefix {text}"));
            assert!(text.len() + 200 < super::super::fmt::OUT_CAP, "{}", text.len());
        }
    }
}
