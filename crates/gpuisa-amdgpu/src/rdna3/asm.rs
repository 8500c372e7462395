//! The gfx11 assembler for llvm-mc's syntax. Table-driven: for each row whose mnemonic matches
//! (VALU forms, DPP, VOPD, scalar, SMEM, DS, FLAT/GLOBAL/SCRATCH, MUBUF/MTBUF), the operands are
//! parsed against the row's template into a typed instruction (`TInst`: operands, modifiers,
//! `g11.enc` and the row's opcode), which `rdna3::encode` turns into words through the generated
//! field inserters (no bit position is written here), and the first row whose encoder takes them
//! gives the words. The encoders are exact: they take only what the row prints (source modifiers
//! per the row's masks, register classes, operand ranges and counts, the bits llvm-mc accepts),
//! so no decode-back is needed to choose the row; [`assemble_inst_checked`] keeps the old
//! decode-back check, and tests/rdna3_asm.rs shows that both give the same words on every vector,
//! corpus line and mutation of them. Hardware rules are errors with the operand's column: the
//! constant bus limit (two scalar values or literals), one literal per instruction, and VOPD
//! bank conflicts.

use super::asm_operand::{
    operands_and_mods, parse_bits, parse_int, parse_src9, parse_sreg, parse_vreg, split_top,
};
use super::decode::decode;
use super::otable::{row as orow, OEnc, OOp, ORow};
use super::table::{table, Class, Enc, Field, Operand, Row, Ty};
use gpuisa_core::diag::{Diagnostic, Span};
use gpuisa_core::target::{AsmOutput, AsmRequest};
use std::collections::HashMap;
use std::sync::OnceLock;

mod scalar;
mod special;
mod valu;

use scalar::*;
use special::*;
use valu::*;

/// An assembler error at a byte offset of the instruction text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmError {
    pub col: usize,
    pub message: String,
}

fn err<T>(col: usize, m: impl Into<String>) -> Result<T, AsmError> {
    Err(AsmError {
        col,
        message: m.into(),
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cand {
    E32(Enc, u32),
    Vop3(Enc, u32),
    Dpp(Enc, u32, bool),
    Other(OEnc, u32),
}

/// Whether `op` of VOP2/SOP2/SOPK lies in another encoding's space: its first word's top bits
/// are VOPC/VOP1 (VOP2 0x3e-0x3f), SOPK/SOP1/SOPC/SOPP (SOP2 0x60-0x7f) or SOP1/SOPC/SOPP (SOPK
/// 0x1d-0x1f). The tables list these opcodes with the text llvm-objdump prints for such words
/// (decoded as the other encoding), which the encoder must never choose.
fn foreign_op(e: Option<Enc>, o: Option<OEnc>, op: u32) -> bool {
    matches!(
        (e, o),
        (Some(Enc::Vop2), _) if op >= 0x3e
    ) || matches!(o, Some(OEnc::Sop2) if op >= 0x60)
        || matches!(o, Some(OEnc::Sopk) if op >= 0x1d)
}

type Index = HashMap<&'static str, Vec<Cand>, gpuisa_core::hash::FastHash>;

/// mnemonic -> candidate rows, built once from every table's mnemonics (the rows themselves are
/// parsed when a candidate is tried).
fn index() -> &'static Index {
    static I: OnceLock<Index> = OnceLock::new();
    I.get_or_init(|| {
        let mut m = Index::with_capacity_and_hasher(4096, Default::default());
        for e in [Enc::Vop1, Enc::Vop2, Enc::Vopc] {
            for (op, mn) in table(e).mnemonics() {
                if foreign_op(Some(e), None, op) {
                    continue;
                }
                m.entry(mn).or_default().push(Cand::E32(e, op));
            }
        }
        for e in [Enc::Vop3, Enc::Vop3p] {
            for (op, mn) in table(e).mnemonics() {
                m.entry(mn).or_default().push(Cand::Vop3(e, op));
            }
        }
        for e in super::table::ENCS {
            for (op, m16, m8) in super::dpp::dpp_mnemonics(e) {
                if foreign_op(Some(e), None, op) {
                    continue;
                }
                for (mn, d8) in [(m16, false), (m8, true)] {
                    if mn != "-" {
                        m.entry(mn).or_default().push(Cand::Dpp(e, op, d8));
                    }
                }
            }
        }
        for e in [
            OEnc::Sop1,
            OEnc::Sop2,
            OEnc::Sopc,
            OEnc::Sopk,
            OEnc::Sopp,
            OEnc::Smem,
            OEnc::Ds,
            OEnc::Flat,
            OEnc::Global,
            OEnc::Scratch,
            OEnc::Mubuf,
            OEnc::Mtbuf,
        ] {
            for (op, mn) in super::otable::mnemonics(e) {
                if !foreign_op(None, Some(e), op) {
                    m.entry(mn).or_default().push(Cand::Other(e, op));
                }
            }
        }
        for v in m.values_mut() {
            v.dedup();
        }
        m
    })
}

/// Whether `a` and `b` are the same text up to runs of blanks (the same words in the same order),
/// without building either canonical string.
fn same_words(a: &str, b: &str) -> bool {
    if !(a.is_ascii() && b.is_ascii()) {
        return a.split_whitespace().eq(b.split_whitespace());
    }
    // ASCII: one pass over both, a run of blanks matching a run of any length.
    let (a, b) = (a.as_bytes(), b.as_bytes());
    // (the ASCII characters with Unicode's White_Space property, as `split_whitespace` splits)
    let ws = |c: u8| c.is_ascii_whitespace() || c == 0x0b;
    let (mut i, mut j) = (0, 0);
    loop {
        while i < a.len() && ws(a[i]) {
            i += 1;
        }
        while j < b.len() && ws(b[j]) {
            j += 1;
        }
        if i == a.len() || j == b.len() {
            return i == a.len() && j == b.len();
        }
        while i < a.len() && !ws(a[i]) {
            if j >= b.len() || b[j] != a[i] {
                return false;
            }
            i += 1;
            j += 1;
        }
        if j < b.len() && !ws(b[j]) {
            return false;
        }
    }
}

/// Assembles one instruction (no label, no comment) to its dwords.
pub fn assemble_inst(text: &str, wave64: bool) -> Result<Vec<u32>, AsmError> {
    assemble_with(text, wave64, false)
}

/// [`assemble_inst`] with the decode-back check: each candidate row's words are accepted only
/// when decoding them prints `text` again (whitespace-insensitive). The encoders are exact, so
/// this gives the same words as [`assemble_inst`] on llvm-mc's spellings (tests/rdna3_asm.rs
/// compares the two on every vector and corpus line); it is kept for those tests.
pub fn assemble_inst_checked(text: &str, wave64: bool) -> Result<Vec<u32>, AsmError> {
    assemble_with(text, wave64, true)
}

/// The candidate's words, or (with `check`) `None` when they do not decode to `text`.
fn accept(text: &str, words: Vec<u32>, wave64: bool, check: bool) -> Option<Vec<u32>> {
    if check {
        verify(text, words, wave64)
    } else {
        Some(words)
    }
}

fn assemble_with(text: &str, wave64: bool, check: bool) -> Result<Vec<u32>, AsmError> {
    let text = text.trim();
    let zero_off;
    let text = match smem_zero_offset(text) {
        Some(t) => {
            zero_off = t;
            zero_off.as_str()
        }
        None => text,
    };
    // (a `:` first: memchr, where a search for " :: " stops at every blank)
    if text.contains(':') && text.contains(" :: ") {
        if wave64 {
            return err(0, "VOPD dual issue is not available in wave64");
        }
        if let Some(w) = vopd_words(text)? {
            return accept(text, w, wave64, check).ok_or(AsmError {
                col: 0,
                message: "cannot encode this VOPD pair".into(),
            });
        }
        return err(0, "unknown VOPD operation");
    }
    let (mn, rest) = text.split_once(' ').unwrap_or((text, ""));
    if mn == "v_illegal" {
        // The zero word (llvm-mc-19 takes it with no operands).
        return match rest.trim() {
            "" => Ok(vec![0]),
            _ => err(0, "v_illegal takes no operands"),
        };
    }
    // (ASCII blanks first: `str::trim` goes a char at a time through long runs of them)
    if let Some(w) = special_words(mn, rest.trim_ascii().trim(), wave64) {
        if let Some(w) = accept(text, w, wave64, check) {
            return Ok(w);
        }
    }
    let Some(cands) = index().get(mn) else {
        // like llvm-mc: a VALU mnemonic without its encoding suffix takes the 32-bit form when it
        // can, else VOP3 (or DPP when DPP controls are written)
        let dpp = rest.contains("quad_perm") || rest.contains("row_") || rest.contains("dpp8");
        let suffixes: &[&str] = if dpp {
            &["_dpp", "_e64_dpp"]
        } else {
            &["_e32", "_e64"]
        };
        let mut first_err = None;
        for sfx in suffixes {
            let m = format!("{mn}{sfx}");
            if index().contains_key(m.as_str()) {
                match assemble_with(&format!("{m} {rest}"), wave64, check) {
                    Ok(w) => return Ok(w),
                    Err(e) => {
                        first_err.get_or_insert(e);
                    }
                }
            }
        }
        return match first_err {
            Some(e) => Err(e),
            None => err(0, format!("unknown instruction '{mn}' for gfx11")),
        };
    };
    let (ops, mods) = operands_and_mods(rest);
    let mut last_bus = None;
    let cands: &[Cand] = if super::asm_operand::repeated_modifier(&mods) {
        &[]
    } else {
        cands
    };
    for c in cands {
        let words = match *c {
            Cand::E32(e, op) => table(e)
                .get(op)
                .and_then(|r| e32_words(e, op, r, &ops, &mods, wave64, None)),
            Cand::Dpp(e, op, d8) => table(e).get(op).and_then(|r| match e {
                Enc::Vop3 | Enc::Vop3p => vop3_words(e, op, r, &ops, &mods, wave64, Some(d8)),
                _ => e32_words(e, op, r, &ops, &mods, wave64, Some(d8)),
            }),
            Cand::Vop3(e, op) => table(e)
                .get(op)
                .and_then(|r| vop3_words(e, op, r, &ops, &mods, wave64, None)),
            Cand::Other(e, op) => {
                orow(e, op).and_then(|r| other_words(e, op, r, &ops, &mods, wave64))
            }
        };
        let Some(words) = words else { continue };
        if let Cand::Vop3(Enc::Vop3, op) = *c {
            if let Some(r) = table(Enc::Vop3).get(op) {
                let n = constant_bus(r, &words);
                if n > 2 {
                    last_bus = Some(n);
                    continue;
                }
            }
        }
        if let Some(w) = accept(text, words, wave64, check) {
            return Ok(w);
        }
    }
    if last_bus.is_none() {
        if let Some(Ok(w)) = alias(mn, rest, wave64, check) {
            return Ok(w);
        }
    }
    // two different literals: llvm's VOP3 literal rule
    if mn.starts_with("v_") {
        let mut lits: Vec<(usize, u32)> = Vec::new();
        let mut col = mn.len() + 1;
        for o in split_top(rest, ',') {
            let (t, ..) = strip_mods(o.split(' ').next().unwrap_or(""));
            if parse_vreg(t).is_none()
                && parse_sreg(t, 1).is_none()
                && super::asm_operand::parse_inline(t, Ty::B32).is_none()
            {
                if let Some(l) = super::asm_operand::parse_literal(t, Ty::B32) {
                    if !lits.iter().any(|x| x.1 == l) {
                        lits.push((col, l));
                    }
                }
            }
            col += o.len() + 2;
        }
        if lits.len() > 1 {
            return err(lits[1].0, "only one unique literal operand is allowed");
        }
    }
    if let Some(n) = last_bus {
        return err(
            mn.len() + 1,
            format!("invalid operand (violates constant bus restrictions): {n} scalar values, gfx11 reads at most 2"),
        );
    }
    err(
        mn.len() + 1,
        format!("invalid operands for instruction '{mn}'"),
    )
}

/// clang writes an SMEM load with offset 0 and no SGPR offset as `s_load_b32 s0, s[0:1], 0x0`;
/// that is the encoding of `null` (soffset null, offset 0), which the decoder prints. The text with
/// `null` in the offset's place, for such a line.
fn smem_zero_offset(text: &str) -> Option<String> {
    let (mn, rest) = text.split_once([' ', '\t'])?;
    if !(mn.starts_with("s_load_") || mn.starts_with("s_buffer_load_")) {
        return None;
    }
    let parts: Vec<&str> = rest.split(',').collect();
    if parts.len() != 3 {
        return None;
    }
    let last = parts[2].trim_start();
    let (off, mods) = last.split_once([' ', '\t']).unwrap_or((last, ""));
    let zero = off == "0" || off.eq_ignore_ascii_case("0x0");
    zero.then(|| format!("{mn} {},{}, null {mods}", parts[0], parts[1]))
}

/// Accepts the words if decoding them prints `text` (whitespace-insensitive).
fn verify(text: &str, words: Vec<u32>, wave64: bool) -> Option<Vec<u32>> {
    let mut w = [0u32; 4];
    for (i, x) in words.iter().take(4).enumerate() {
        w[i] = *x;
    }
    thread_local! {
        static TEXT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }
    TEXT.with(|cell| {
        // a re-entrant call (none today) gets a fresh string instead of a borrow panic
        let mut fresh = String::new();
        let mut guard = cell.try_borrow_mut().ok();
        let s = match guard.as_deref_mut() {
            Some(s) => s,
            None => &mut fresh,
        };
        s.clear();
        let d = decode(&w, words.len(), wave64, s).ok()?;
        (d.len as usize == words.len() && same_words(s, text)).then_some(words)
    })
}

/// Assembles a whole source: instructions, labels (`name:`), comments (`;`, `//`) and directives
/// (`.text` and the like are accepted and ignored).
pub fn assemble(req: &AsmRequest<'_>) -> AsmOutput {
    let wave64 = req.options.wave64;
    let mut out = AsmOutput::default();
    let mut listing = String::from("\t.text\n");
    let mut offset = 0usize;
    for line in req.source.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let mut body = line.trim_end_matches(['\n', '\r']);
        for c in ["//", ";"] {
            if let Some(i) = body.find(c) {
                body = &body[..i];
            }
        }
        let lead = body.len() - body.trim_start().len();
        let t = body.trim();
        if t.is_empty() || t.starts_with('.') || t.ends_with(':') {
            continue;
        }
        match assemble_inst(t, wave64) {
            Ok(words) => {
                let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                if req.options.show_encoding {
                    // llvm-mc prints the canonical text (with the encoding suffix it chose)
                    let mut w = [0u32; 4];
                    for (i, x) in words.iter().take(4).enumerate() {
                        w[i] = *x;
                    }
                    let mut canon_text = String::new();
                    if decode(&w, words.len(), wave64, &mut canon_text).is_err() {
                        canon_text = t.to_string();
                    }
                    crate::text::encoding_line(&mut listing, &canon_text, &bytes);
                    listing.push('\n');
                }
                out.bytes.extend_from_slice(&bytes);
            }
            Err(e) => {
                let at = start + lead + e.col.min(t.len());
                out.diagnostics.push(
                    Diagnostic::error(Span::new(at, at + 1), e.message)
                        .with_help("write the instruction as llvm-mc-19 prints it for gfx1100"),
                );
            }
        }
    }
    if req.options.show_encoding {
        out.listing = Some(listing);
    }
    out
}

#[cfg(test)]
mod same_words_tests {
    use super::same_words;

    /// The reference: both texts with every run of blanks made one space, trimmed.
    fn canon(s: &str) -> String {
        s.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn agrees_with_canonical_text_comparison() {
        let texts = [
            "",
            " ",
            "v_add_f32 v1, v2, v3",
            "v_add_f32   v1,  v2, v3 ",
            "\tv_add_f32 v1,v2, v3",
            "v_add_f32 v1, v2, v3 clamp",
            "v_add_f32 v1, v2, v",
            "v_add_f32 v1, v2, v33",
            "v_add_f32v1, v2, v3",
            "s_endpgm",
            "s_endpgm ",
            "s_endp gm",
            "v_mov_b32 v0, 1.0\u{a0}",
            "v_mov_b32\u{a0}v0, 1.0",
            "v_mov_b32 v0,\u{0b}1.0",
        ];
        for a in texts {
            for b in texts {
                assert_eq!(same_words(a, b), canon(a) == canon(b), "{a:?} vs {b:?}");
            }
        }
    }
}
