//! gfx11's one decoder, for the listings and tools that want text: [`decode`] is
//! [`check`](super::check::check) (llvm-objdump-19's validity rules over the table row and the
//! fields), [`inst::decode_checked`](super::inst::decode_checked) (the typed instruction) and
//! [`print`](super::print::print) (its text).

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

/// Decodes one instruction from `w` (of which `n` dwords exist) and appends its text (llvm-objdump-19's)
/// to `out`: check, `TInst`, print. The zero word is `v_illegal`, as llvm prints it.
pub fn decode(w: &[u32; 4], n: usize, wave64: bool, out: &mut String) -> Res {
    let len = super::check::check(w, n, wave64)?;
    if w[0] == 0 {
        super::operand::clear_warnings();
        out.push_str("v_illegal");
        return Ok(Decoded {
            len: 1,
            class: "VOP1",
        });
    }
    let d = super::inst::decode_checked(w, n, wave64, len).ok_or(())?;
    super::print::print(&d, out);
    Ok(Decoded {
        len,
        class: super::print::class(&d),
    })
}
