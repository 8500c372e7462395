//! The GCN decoder: identification (the encoding of a first dword, [`encoding_of`]), the
//! validity checks over the words and the table row with the fields' extraction into a `TInst`,
//! one pass per encoding ([`rules`]), and the text entry points ([`decode_n`]:
//! `inst::decode_typed` -> `TInst` -> `print::print`). The text is written by `print`. No
//! allocation.

use super::fmt::Out;
use super::{Enc, Gen};
use crate::fields;

pub(crate) mod rules;
pub use super::print::mimg_data_regs;

/// A successful decode: length in dwords and the encoding class name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub len: u8,
    pub class: &'static str,
    pub enc: Enc,
    pub op: u16,
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
        // gfx11-only layouts, the extension dwords and the immediates' layouts.
        Some(
            E::Vopd | E::Vinterp | E::Ldsdir | E::Sdwa | E::Dpp | E::Dpp8 | E::Waitcnt | E::Hwreg,
        )
        | Some(E::Sendmsg | E::Swizzle)
        | None => return None,
    })
}

/// Decodes one instruction from `w` (the dwords at the current position; `n` of them exist) and
/// appends its text to `out`: [`inst::decode_typed`](super::inst::decode_typed), then
/// [`print`](super::print::print) (decode -> `TInst` -> print). Nothing is appended for a word
/// that does not decode.
#[allow(clippy::result_unit_err)]
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

/// Decodes assuming all 3 dwords exist (see [`decode_n`]).
#[allow(clippy::result_unit_err)]
pub fn decode(gen: Gen, w: &[u32; 3], out: &mut String) -> R {
    decode_n(gen, w, 3, out)
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
