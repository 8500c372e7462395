//! `decode`: one gfx11 instruction's text with its length and encoding class, for the callers
//! that want those (the assembler's canonical text, tests, `rdna3_bench`): the one decoder,
//! `check` -> `inst` (the fields into a `TInst`) -> `print`. The listings use `inst::Lister`.

pub use super::operand::{is_const, Check, Sink};

/// What a decoded instruction occupies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// Length in dwords (1..=4: a VOP3 DPP form with a literal has four).
    pub len: u8,
    /// Encoding class (`VOP1`, `VOP3`, `SMEM`, ...).
    pub class: &'static str,
}

/// The dwords at byte offset `pos` (missing ones read as zero).
pub fn words_at(code: &[u8], pos: usize) -> [u32; 4] {
    gpuisa_core::bits::le_words(code, pos)
}

/// How many whole dwords are available at `pos` (at most 4).
pub fn avail(code: &[u8], pos: usize) -> usize {
    (code.len().saturating_sub(pos) / 4).min(4)
}

pub type Res = Result<Decoded, ()>;

/// Decodes one instruction from `w` (of which `n` dwords exist) into `out`: `check`, the
/// fields into a `TInst` (`inst`), its text (`print`). The listings use `inst::Lister`, which
/// reuses its `TInst`s; this is for the callers that want the length and class too.
#[allow(clippy::result_unit_err)] // as the listings' decoder type
pub fn decode<O: Sink + ?Sized>(w: &[u32; 4], n: usize, wave64: bool, out: &mut O) -> Res {
    if n == 0 {
        return Err(());
    }
    super::operand::clear_warnings();
    let w0 = w[0];
    if w0 == 0 {
        // As llvm-mc-19 and llvm-objdump-19 do on gfx11: the zero word (and only it) is
        // `v_illegal` (VOP2 opcode 0 is otherwise no instruction).
        out.push_str("v_illegal");
        return Ok(Decoded {
            len: 1,
            class: "VOP1",
        });
    }
    // The one decoder: the checks over the row and fields, the fields into a `TInst`, its text.
    let len = super::check::check(w, n, wave64)?;
    let d = super::inst::decode_checked(w, n, wave64, len).ok_or(())?;
    let mut s = String::new();
    super::print::print(&d, &mut s);
    out.push_str(&s);
    Ok(Decoded {
        len,
        class: super::print::class(&d),
    })
}
