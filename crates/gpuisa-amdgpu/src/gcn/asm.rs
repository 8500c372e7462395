//! The assembler: LLVM's GCN syntax (what llvm-mc and llvm-objdump print) to machine code, matched
//! against the same opcode tables the decoder uses. CLRX's spellings are accepted where they differ
//! (see [`clrx`]). Every instruction is first parsed into operands and modifiers, then each table
//! entry with that mnemonic is tried in order (e32 before e64) until one encodes.

use super::table::{tables, Entry, Field, ImmKind, Operand};
use super::{Enc, Gen};
use gpuisa_core::target::{AsmOutput, AsmRequest};
use gpuisa_core::{Diagnostic, Span};
use std::borrow::Cow;
use std::collections::HashMap;

pub(crate) mod clrx;
pub(crate) mod expr;
pub(crate) mod parse;
pub(crate) mod src;
use expr::Syms;
use parse::{parse_operands_into, Mods, Parsed, Val};
pub(crate) use src::{f16_bits, reg, src9};

/// An error with the byte range of the source it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmError {
    pub span: Span,
    pub message: String,
}

/// An assembler error at `span` (the GCN assembler's modules all report through this).
pub(super) fn err<T>(span: Span, msg: impl Into<String>) -> Result<T, AsmError> {
    Err(AsmError {
        span,
        message: msg.into(),
    })
}

/// `t` in lower case, borrowed when it has no upper-case letter (the usual case).
pub(crate) fn ascii_lower(t: &str) -> Cow<'_, str> {
    if t.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(t.to_ascii_lowercase())
    } else {
        Cow::Borrowed(t)
    }
}

/// `t` in upper case (ASCII letters), written into `buf` when it fits (else an owned copy).
pub(crate) fn ascii_upper_in<'b>(t: &str, buf: &'b mut [u8]) -> Cow<'b, str> {
    match buf.get_mut(..t.len()) {
        Some(out) => {
            out.copy_from_slice(t.as_bytes());
            out.make_ascii_uppercase();
            // (Only ASCII bytes change, so the text stays UTF-8.)
            match std::str::from_utf8(out) {
                Ok(u) => Cow::Borrowed(u),
                Err(_) => Cow::Owned(t.to_ascii_uppercase()),
            }
        }
        None => Cow::Owned(t.to_ascii_uppercase()),
    }
}

/// `t` without the prefix `p`, compared without ASCII case.
pub(crate) fn strip_prefix_ci<'t>(t: &'t str, p: &str) -> Option<&'t str> {
    let head = t.as_bytes().get(..p.len())?;
    // (`p` is ASCII, so `t` is cut on a character boundary when they match.)
    if head.eq_ignore_ascii_case(p.as_bytes()) {
        t.get(p.len()..)
    } else {
        None
    }
}

/// `char::is_whitespace` for an ASCII byte.
pub(crate) fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// `str::trim_start`, by bytes while the text is ASCII.
pub(crate) fn trim_start_blank(s: &str) -> &str {
    let b = s.as_bytes();
    // (spaces eight bytes a step first)
    let i0 = crate::rdna3::asm_operand::skip_spaces(b, 0);
    let i = b[i0..]
        .iter()
        .position(|&c| !is_blank(c))
        .map_or(b.len(), |k| i0 + k);
    if b.get(i).is_some_and(|&c| c >= 0x80) {
        return s[i..].trim_start();
    }
    &s[i..]
}

/// `str::trim_end`, by bytes while the text is ASCII.
pub(crate) fn trim_end_blank(s: &str) -> &str {
    let b = s.as_bytes();
    let j = b.iter().rposition(|&c| !is_blank(c)).map_or(0, |j| j + 1);
    if j > 0 && b[j - 1] >= 0x80 {
        return s[..j].trim_end();
    }
    &s[..j]
}

/// Cuts a line before its comment (`//`, `;` or `#`, whichever comes first).
pub(crate) fn strip_comment(line: &str) -> &str {
    let b = line.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c == b';' || c == b'#' || c == b'/' && b.get(i + 1) == Some(&b'/') {
            return &line[..i];
        }
    }
    line
}

/// The words of one instruction, held inline: at most [`Words::CAP`] (two for the 64-bit
/// encodings, or one and a literal). Reads as a `[u32]`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Words {
    w: [u32; Words::CAP],
    n: u8,
}

impl Words {
    pub const CAP: usize = 3;

    /// The first [`Words::CAP`] words of `ws`.
    pub fn new(ws: &[u32]) -> Words {
        let mut x = Words {
            w: [0; Words::CAP],
            n: 0,
        };
        for &w in ws.iter().take(Words::CAP) {
            x.push(w);
        }
        x
    }

    /// Appends a word; `false` (and nothing changes) when [`Words::CAP`] words are held already.
    pub fn push(&mut self, w: u32) -> bool {
        let Some(slot) = self.w.get_mut(self.n as usize) else {
            return false;
        };
        *slot = w;
        self.n += 1;
        true
    }

    /// All [`Words::CAP`] slots (the unused ones are zero) and the count, for `decode_n`.
    pub fn padded(&self) -> (&[u32; Words::CAP], usize) {
        (&self.w, self.n as usize)
    }
}

impl std::ops::Deref for Words {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        &self.w[..self.n as usize]
    }
}

impl std::ops::DerefMut for Words {
    fn deref_mut(&mut self) -> &mut [u32] {
        &mut self.w[..self.n as usize]
    }
}

impl std::fmt::Debug for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl PartialEq<[u32]> for Words {
    fn eq(&self, o: &[u32]) -> bool {
        **self == *o
    }
}

impl PartialEq<&[u32]> for Words {
    fn eq(&self, o: &&[u32]) -> bool {
        **self == **o
    }
}

impl PartialEq<Vec<u32>> for Words {
    fn eq(&self, o: &Vec<u32>) -> bool {
        **self == **o
    }
}

/// One source line, cut in one pass over its bytes.
struct LineCut<'a> {
    /// The text before any comment (`;`, `#`, `//`) or line break.
    body: &'a str,
    /// Where the first `:` of `body` is.
    colon: Option<usize>,
    /// Whether `body` has a `=`.
    has_eq: bool,
    /// The offset of the next line in the source.
    next: usize,
}

/// The bytes [`cut_line`] stops at: line breaks, comment starts, `:` and `=`.
const LINE_SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    let mut k = 0;
    let special = *b"\n\r;#/:=";
    while k < special.len() {
        t[special[k] as usize] = true;
        k += 1;
    }
    t
};

/// The line of `src` that starts at byte `start`.
fn cut_line(src: &str, start: usize) -> LineCut<'_> {
    let b = src.as_bytes();
    let (mut colon, mut has_eq) = (None, false);
    let mut i = start;
    let end = loop {
        let Some(&c) = b.get(i) else {
            break i;
        };
        if c == b' ' {
            // (runs of spaces eight bytes a step)
            i = crate::rdna3::asm_operand::skip_spaces(b, i + 1);
            continue;
        }
        if LINE_SPECIAL[c as usize] {
            match c {
                b':' => {
                    colon.get_or_insert(i - start);
                }
                b'=' => has_eq = true,
                b'/' if b.get(i + 1) != Some(&b'/') => {}
                // A line break, `;`, `#` or `//`.
                _ => break i,
            }
        }
        i += 1;
    };
    // The next line starts after the line break (a comment or `\r` may come before it).
    let next = match b
        .get(end..)
        .and_then(|r| r.iter().position(|&c| c == b'\n'))
    {
        Some(k) => end + k + 1,
        None => b.len(),
    };
    LineCut {
        body: src.get(start..end).unwrap_or(""),
        colon,
        has_eq,
        next,
    }
}

/// The `parts` one after the other in `buf`; `None` if they do not fit.
pub(crate) fn joined<'b>(buf: &'b mut [u8], parts: &[&str]) -> Option<&'b str> {
    let mut n = 0;
    for p in parts {
        buf.get_mut(n..n + p.len())?.copy_from_slice(p.as_bytes());
        n += p.len();
    }
    std::str::from_utf8(&buf[..n]).ok()
}

/// One assembled instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoded {
    pub words: Words,
    pub enc: Enc,
    /// A branch label to resolve into SIMM16 (relative to the next instruction).
    pub label: Option<(String, Span)>,
}

/// Assembles one instruction (no label definitions). `base` is the byte offset of `text` in the
/// source, for spans.
pub fn assemble_inst(gen: Gen, text: &str, base: usize) -> Result<Encoded, AsmError> {
    assemble_inst_with(gen, text, base, &Syms::new())
}

/// [`assemble_inst`] with the symbols defined so far.
pub fn assemble_inst_with(
    gen: Gen,
    text: &str,
    base: usize,
    syms: &Syms,
) -> Result<Encoded, AsmError> {
    assemble_inst_in(gen, text, base, syms, &mut Parsed::default())
}

/// Lists [`assemble_inst_reusing`] keeps from one instruction to the next.
#[derive(Default)]
pub struct Scratch {
    ops: Parsed<'static>,
}

/// [`assemble_inst_with`] reusing `scratch`'s lists (no allocation per instruction once they
/// are large enough): the driver's path.
pub fn assemble_inst_reusing(
    gen: Gen,
    text: &str,
    base: usize,
    syms: &Syms,
    scratch: &mut Scratch,
) -> Result<Encoded, AsmError> {
    let mut ops = std::mem::take(&mut scratch.ops).recycle();
    let r = assemble_inst_in(gen, text, base, syms, &mut ops);
    scratch.ops = ops.recycle();
    r
}

/// [`assemble_inst_with`] parsing into `ops`, which [`assemble`] reuses from line to line.
fn assemble_inst_in<'a>(
    gen: Gen,
    text: &'a str,
    base: usize,
    syms: &Syms,
    ops: &mut Parsed<'a>,
) -> Result<Encoded, AsmError> {
    let t = trim_end_blank(text);
    let start = t.len() - trim_start_blank(t).len();
    let t = trim_start_blank(t);
    // The mnemonic ends at the first blank (by bytes while the text is ASCII).
    let tb = t.as_bytes();
    let end = match tb.iter().position(|&c| is_blank(c) || c >= 0x80) {
        Some(i) if tb[i] >= 0x80 => t[i..].find(char::is_whitespace).map(|j| i + j),
        end => end,
    };
    let (mn, rest) = match end {
        Some(i) => (&t[..i], &t[i..]),
        None => (t, ""),
    };
    let mspan = Span::new(base + start, base + start + mn.len());
    let idx = tables(gen);
    let lower = ascii_lower(mn);
    let direct = idx.rows(&lower);
    let mn_l: Cow<str> = if direct.is_some() {
        Cow::Borrowed(&lower)
    } else {
        clrx::mnemonic_alias(gen, &lower, &|m| idx.rows(m).is_some())
    };
    // A suffix CLRX put on a one-size encoding (`s_add_u32_e64`) selects nothing.
    // (`mn_l` is `lower` itself when the name was found as written.)
    let sized = direct.is_none()
        && mn_l != lower
        && (lower.ends_with("_e32") || lower.ends_with("_e64"))
        && !(mn_l.ends_with("_e32") || mn_l.ends_with("_e64"));
    let rbase = base + start + mn.len();
    parse_operands_into(gen, rest, rbase, syms, ops)?;
    // CLRX's gfx906 `v_mad_mix*` (an alias llvm-mc does not know) keeps CLRX's default
    // op_sel_hi:[1,1,1]; LLVM's own names keep LLVM's default (0).
    if lower.starts_with("v_mad_mix")
        && mn_l.starts_with("v_fma_mix")
        && ops.value("op_sel_hi").is_none()
    {
        let sp = Span::new(rbase + rest.len(), rbase + rest.len());
        ops.mods
            .push(("op_sel_hi".into(), Some("[1,1,1]".into()), sp));
    }
    // CLRX: a trailing `vop3` asks for the 64-bit encoding.
    let force_vop3 = ops.mods.iter().any(|(k, v, _)| k == "vop3" && v.is_none());
    ops.mods.retain(|(k, v, _)| !(k == "vop3" && v.is_none()));
    // SDWA / DPP: `_sdwa`/`_dpp` suffixes (gfx8 prints VOPC SDWA without a suffix, with src0_sel).
    let sdwa_mods = ops.mods.iter().any(|(k, _, _)| {
        matches!(
            &**k,
            "src0_sel" | "src1_sel" | "dst_sel" | "dst_unused" | "dst_un" | "sext"
        )
    });
    // Like llvm-mc, a DPP control selects the DPP form without the `_dpp` suffix.
    let dpp_mods = ops.mods.iter().any(|(k, _, _)| {
        matches!(
            &**k,
            "quad_perm"
                | "row_shl"
                | "row_shr"
                | "row_ror"
                | "wave_shl"
                | "wave_rol"
                | "wave_shr"
                | "wave_ror"
                | "row_mirror"
                | "row_half_mirror"
                | "row_hmirror"
                | "row_bcast"
                | "row_bcast15"
                | "row_bcast31"
                | "row_mask"
                | "bank_mask"
                | "bound_ctrl"
        )
    });
    let ext = if let Some(b) = mn_l.strip_suffix("_sdwa") {
        Some((b, false))
    } else if let Some(b) = mn_l.strip_suffix("_dpp") {
        Some((b, true))
    } else if dpp_mods && !mn_l.ends_with("_e64") && !force_vop3 {
        Some((mn_l.trim_end_matches("_e32"), true))
    } else if (sdwa_mods || ops.vals.iter().any(|(_, m, _)| m.sext))
        && !mn_l.ends_with("_e64")
        && !force_vop3
    {
        // CLRX: sext() also selects SDWA.
        Some((mn_l.trim_end_matches("_e32"), false))
    } else {
        None
    };
    // `sext()` alone: llvm-mc's VOP3 integer sources take it (v_ldexp_f32 v1, v2, sext(v3)); for
    // CLRX it selects SDWA. The VOP3 form is tried first.
    if matches!(ext, Some((_, false))) && !sdwa_mods && !mn_l.ends_with("_sdwa") {
        if let Some(cands) = direct.or_else(|| idx.rows(&mn_l)) {
            for (enc, e) in cands.iter().filter(|(enc, _)| *enc == Enc::Vop3) {
                if let Ok(x) = encode(gen, enc, e, ops, rbase) {
                    return Ok(x);
                }
            }
        }
    }
    if let Some((b, dpp)) = ext {
        // `{b}_e32`, built on the stack (a name longer than the buffer is no mnemonic).
        let mut buf = [0u8; 64];
        let name = joined(&mut buf, &[b, "_e32"]);
        let Some(cands) = name.and_then(|n| idx.rows(n)) else {
            return err(
                mspan,
                format!("'{mn}' has no {} form", if dpp { "DPP" } else { "SDWA" }),
            );
        };
        let whole = Span::new(rbase, rbase + rest.len());
        let mut first = None;
        for (enc, e) in cands.iter() {
            if matches!(enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc) {
                match super::asm_enc::sdwa_dpp(gen, enc, e, ops, dpp, whole) {
                    Ok(x) => return Ok(x),
                    Err(er) => {
                        first.get_or_insert(er);
                    }
                }
            }
        }
        return Err(first.unwrap_or_else(|| AsmError {
            span: mspan,
            message: "invalid operands".into(),
        }));
    }
    if mn_l == "exp" {
        return super::asm_enc::exp(gen, ops, Span::new(rbase, rbase + rest.len()));
    }
    // (`direct` is the rows of `mn_l` when it is the name as written.)
    let Some(cands) = direct.or_else(|| idx.rows(&mn_l)) else {
        return err(
            mspan,
            format!("unknown instruction '{mn}' for {}", gen.name()),
        );
    };
    let mut first_err: Option<AsmError> = None;
    // gfx8/gfx9 readlane/writelane: their operands' classes differ from other VOP3 sources
    // (readlane: a VGPR or lds_direct, then the lane; writelane: a scalar value, then the lane; the
    // lane select is a scalar or an inline constant, m0 off the constant bus), so they are
    // encoded by `asm_enc::lane`, which the table row only names.
    // (gfx6/gfx7 have them as VOP2 rows, encoded as any VOP2.)
    if mn_l.starts_with("v_readlane_b32") || mn_l.starts_with("v_writelane_b32") {
        let base = mn_l.trim_end_matches("_e64");
        let vop2 = idx
            .rows(base)
            .is_some_and(|r| r.iter().any(|(enc, _)| enc == Enc::Vop2));
        if (base == "v_readlane_b32" || base == "v_writelane_b32") && !vop2 {
            if let Some((_, e)) = cands.iter().find(|(enc, _)| *enc == Enc::Vop3) {
                return super::asm_enc::lane(gen, e, ops, Span::new(rbase, rbase + rest.len()));
            }
        }
    }
    // CLRX: `vop3` on a VOP1 instruction that has no VOP3 row (v_nop, v_swap_b32, ...) still
    // takes the VOP3 encoding of the same opcode (llvm-mc has no such form).
    let no_vop3 = !cands.iter().any(|(enc, _)| enc == Enc::Vop3);
    if force_vop3 && no_vop3 {
        for (enc, e) in cands.iter().filter(|(enc, _)| *enc == Enc::Vop1) {
            if let Ok(x) = encode(gen, enc, e, ops, rbase) {
                if x.words.len() == 1 {
                    if let Some(words) = clrx::vop1_as_vop3(gen, x.words[0]) {
                        return Ok(Encoded {
                            words: Words::new(&words),
                            enc: Enc::Vop3,
                            label: None,
                        });
                    }
                }
            }
        }
    }
    let fwd_lit = ops.vals.iter().any(|(_, m, _)| m.lit);
    for (enc, e) in cands.iter() {
        // An explicit _e64 suffix must not pick the 32-bit form and vice versa.
        if !sized
            && ((mn_l.ends_with("_e64") || force_vop3) && enc != Enc::Vop3
                || mn_l.ends_with("_e32") && enc == Enc::Vop3)
        {
            continue;
        }
        match encode(gen, enc, e, ops, rbase) {
            Ok(x) if sized && lower.ends_with("_e64") || fwd_lit => {
                return clrx::force_literal(x).map_err(|m| AsmError {
                    span: Span::new(rbase, rbase + rest.len()),
                    message: m.into(),
                })
            }
            Ok(x) => return Ok(x),
            Err(er) => {
                if first_err.is_none() {
                    first_err = Some(er);
                }
            }
        }
    }
    Err(first_err.unwrap_or_else(|| AsmError {
        span: mspan,
        message: "invalid operands".into(),
    }))
}

fn encode(
    gen: Gen,
    enc: Enc,
    e: &'static Entry,
    ops: &mut Parsed,
    base: usize,
) -> Result<Encoded, AsmError> {
    // The encoders take the operand rows as a slice of references, built on the stack.
    let fields_vec: Vec<&Operand>;
    let mut arr: [&Operand; 12];
    let fields: &[&Operand] = match e.operands.first() {
        None => &[],
        Some(first) if e.operands.len() <= 12 => {
            arr = [first; 12];
            for (a, o) in arr.iter_mut().zip(e.operands.iter()) {
                *a = o;
            }
            &arr[..e.operands.len()]
        }
        Some(_) => {
            fields_vec = e.operands.iter().collect();
            &fields_vec
        }
    };
    let whole = Span::new(base, base + ops.len);
    // CLRX: an address register on the operand-less DS instructions (ds_gws_sema_v, ds_nop);
    // it is encoded in the address field.
    if enc == Enc::Ds && fields.is_empty() && ops.vals.len() == 1 {
        if let (
            Val::Reg {
                code,
                n: 1,
                vgpr: true,
                ..
            },
            m,
            _,
        ) = &ops.vals[0]
        {
            if *m == Mods::default() {
                let code = *code;
                // Encoded without the operand, which is put back for the next candidate.
                let Some(addr) = ops.vals.pop() else {
                    return err(whole, "invalid operands");
                };
                let r = super::asm_enc::encode_entry(gen, enc, e, fields, ops, whole);
                ops.vals.push(addr);
                let mut x = r?;
                // (ADDR through its inserter; the words are DS's two.)
                if x.words.len() == 2 {
                    let mut ws = [x.words[0], x.words[1]];
                    if crate::fields::ds::set_addr(crate::fields::G::of(gen), &mut ws, code - 256) {
                        x.words = Words::new(&ws);
                    }
                }
                return Ok(x);
            }
        }
    }
    if e.mnemonic == "s_endpgm" && ops.vals.is_empty() {
        // `s_endpgm` is `s_endpgm 0` (the 0 is taken out again for the next candidate).
        ops.vals.push((Val::Int(0), Mods::default(), whole));
        let r = super::asm_enc::encode_entry(gen, enc, e, fields, ops, whole);
        ops.vals.pop();
        return r;
    }
    let waitcnt = matches!(
        fields.first(),
        Some(Operand::Field {
            field: Field::Simm16(ImmKind::Waitcnt),
            ..
        })
    );
    let flexible = matches!(
        enc,
        Enc::Mubuf
            | Enc::Mtbuf
            | Enc::Mimg
            | Enc::Flat
            | Enc::Global
            | Enc::GlobalSaddr
            | Enc::Scratch
            | Enc::ScratchSaddr
    );
    if ops.vals.len() != fields.len() && !flexible && !waitcnt {
        return err(
            whole,
            format!(
                "'{}' takes {} operands, {} given",
                e.mnemonic,
                fields.len(),
                ops.vals.len()
            ),
        );
    }
    if ops.vals.iter().any(|(_, m, _)| m.sext) {
        return vop3_sext(gen, enc, e, fields, ops, whole);
    }
    super::asm_enc::encode_entry(gen, enc, e, fields, ops, whole)
}

/// The VOP3 sources LLVM types as integers take `sext(x)`, written in the source's neg bit (the
/// decoder prints that bit so): v_ldexp & co.'s src1 and v_cvt_pk_u8_f32's src1 and src2. Any
/// other `sext()` belongs to SDWA.
fn vop3_sext(
    gen: Gen,
    enc: Enc,
    e: &'static Entry,
    fields: &[&Operand],
    ops: &mut Parsed,
    whole: Span,
) -> Result<Encoded, AsmError> {
    use super::table::flag;
    let mut moved = [false; 4];
    for (k, (f, (_, m, s))) in fields.iter().zip(ops.vals.iter_mut()).enumerate() {
        if !m.sext {
            continue;
        }
        let src = match f {
            Operand::Field { field, .. } => *field,
            _ => Field::Vdst,
        };
        let int_src = enc == Enc::Vop3
            && (src == Field::Src1 && e.is(flag::SEXT_SRC1)
                || matches!(src, Field::Src1 | Field::Src2) && e.is(flag::CVT_PK_U8_F32));
        if !int_src || m.neg || m.abs || k >= moved.len() {
            return err(*s, "sext() applies only to SDWA operands");
        }
        (m.sext, m.neg, moved[k]) = (false, true, true);
    }
    let r = super::asm_enc::encode_entry(gen, enc, e, fields, ops, whole);
    for (k, (_, m, _)) in ops.vals.iter_mut().enumerate() {
        if moved.get(k) == Some(&true) {
            (m.sext, m.neg) = (true, false);
        }
    }
    r
}

pub(crate) use reg as check_reg;
pub(crate) use src9 as encode_src;

/// Assembles a whole source text (labels, symbols; `.text` and other directives ignored, except
/// that labels defined in another section cannot be branch targets).
/// Appends `w`'s words, little-endian.
fn push_words(bytes: &mut Vec<u8>, w: &Words) {
    for x in w.iter() {
        bytes.extend_from_slice(&x.to_le_bytes());
    }
}

pub fn assemble(gen: Gen, req: &AsmRequest<'_>) -> AsmOutput {
    let src = req.source;
    let mut out = AsmOutput::default();
    // Without a listing the words go straight to `out.bytes` (whose offset is the pc) and
    // `insts` keeps only the branches to labels, patched in place below; a list of every
    // instruction (80 bytes each) cost more in page faults than the assembling itself.
    let direct = !req.options.show_encoding;
    let mut insts: Vec<(usize, usize, Encoded)> = Vec::new();
    let mut labels: HashMap<String, usize> = HashMap::new();
    // Labels defined outside `.text` (after `.rodata`, `.data`, `.section ...`).
    let mut other_section: Vec<String> = Vec::new();
    let mut in_text = true;
    let mut label_order: Vec<String> = Vec::new();
    let mut pc = 0usize;
    let mut off = 0usize;
    // Symbols: a first pass gives every symbol a value, so later uses and forward references
    // (`s_nop x` before `x = 3`) resolve; the main pass then updates them in source order.
    // (Without a `=`, only `.set` and `.equ` assign: most sources have neither, and no line is
    // looked at.)
    let may_assign = src.as_bytes().contains(&b'=')
        || src
            .split('.')
            .skip(1)
            .any(|r| r.starts_with("set") || r.starts_with("equ"));
    let assigns: Vec<(String, String)> = if !may_assign {
        Vec::new()
    } else {
        src.lines()
            .filter_map(|l| {
                // (An instruction line, without `=` and not a directive, is not one.)
                if !l.bytes().any(|b| b == b'=') && !l.trim_start().starts_with('.') {
                    return None;
                }
                expr::assignment(strip_comment(l)).map(|(n, r)| (n.to_string(), r.to_string()))
            })
            .collect()
    };
    let mut all = Syms::new();
    for _ in 0..assigns.len().min(64) {
        let mut changed = false;
        for (n, r) in &assigns {
            if let Some(v) = expr::value(gen, r, &all) {
                if all.get(n) != Some(&v) {
                    all.insert(n.clone(), v);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    // The main pass sees the symbols defined so far; the others are forward references.
    let mut syms: Syms = all.into_iter().map(|(k, v)| (expr::fwd(&k), v)).collect();
    let mut ops = Parsed::default();
    let mut seen: HashMap<&str, (Words, Enc), crate::assembler::FastHash> = HashMap::default();
    // Lines looked up in `seen` and found; when fewer than one in sixteen is (a file whose lines
    // do not repeat; checked every 4096), `seen` is no longer used: only time changes.
    let (mut tries, mut hits, mut use_seen) = (0u64, 0u64, true);
    while off < src.len() {
        let line = cut_line(src, off);
        let mut b = line.body;
        let mut boff = off;
        // Labels `name:` at the start of a line (`colon`: the first `:` in `b`).
        let mut colon = line.colon;
        loop {
            let t = trim_start_blank(b);
            let lead = b.len() - t.len();
            // (The blanks trimmed hold no `:`.)
            if let Some(i) = colon.and_then(|c| c.checked_sub(lead)) {
                let name = &t[..i];
                if !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$')
                    && !name.contains(' ')
                {
                    labels.insert(name.to_string(), pc);
                    if !in_text {
                        other_section.push(name.to_string());
                    }
                    label_order.push(name.to_string());
                    b = &t[i + 1..];
                    boff += lead + i + 1;
                    colon = b.bytes().position(|b| b == b':');
                    continue;
                }
            }
            break;
        }
        let t = trim_end_blank(trim_start_blank(b));
        if let Some(d) = t.strip_prefix('.') {
            let d = d.split_whitespace().next().unwrap_or("");
            match d {
                "text" => in_text = true,
                "data" | "rodata" | "bss" | "section" => in_text = false,
                _ => {}
            }
        }
        // (A label holds no `=`: `has_eq` tells about `t` too.)
        let assign = if line.has_eq || t.starts_with('.') {
            expr::assignment(t)
        } else {
            None
        };
        if let Some((name, rhs)) = assign {
            match expr::value(gen, rhs, &syms) {
                Some(v) => {
                    syms.remove(&expr::fwd(name));
                    syms.insert(name.to_string(), v);
                }
                None => out.diagnostics.push(Diagnostic::error(
                    Span::new(boff, boff + b.len()),
                    format!("cannot evaluate the value of '{name}'"),
                )),
            }
        } else if !t.is_empty() && !t.starts_with('.') {
            // Without symbols an instruction's words depend on its text alone: one written
            // the same way before is not encoded again (branches, whose label is resolved
            // below, are).
            if syms.is_empty() && use_seen {
                tries += 1;
                if tries.is_multiple_of(4096) && hits < tries / 16 {
                    use_seen = false;
                    seen = HashMap::default();
                }
                if let Some(&(words, enc)) = seen.get(t) {
                    hits += 1;
                    if direct {
                        push_words(&mut out.bytes, &words);
                    } else {
                        insts.push((
                            boff,
                            pc,
                            Encoded {
                                words,
                                enc,
                                label: None,
                            },
                        ));
                    }
                    pc += words.len() * 4;
                    off = line.next;
                    continue;
                }
            }
            match assemble_inst_in(gen, b, boff, &syms, &mut ops) {
                Ok(x) => {
                    if syms.is_empty() && x.label.is_none() && use_seen {
                        seen.insert(t, (x.words, x.enc));
                    }
                    let n = x.words.len() * 4;
                    if direct {
                        push_words(&mut out.bytes, &x.words);
                        if x.label.is_some() {
                            insts.push((boff, pc, x));
                        }
                    } else {
                        insts.push((boff, pc, x));
                    }
                    pc += n;
                }
                Err(e) => out.diagnostics.push(Diagnostic::error(e.span, e.message)),
            }
        }
        off = line.next;
    }
    let mut listing = String::new();
    if req.options.show_encoding {
        // About one 80-column line per instruction.
        listing.reserve(8 + 96 * insts.len());
        listing.push_str("\t.text\n");
    }
    if !direct {
        out.bytes
            .reserve(insts.iter().map(|(_, _, x)| 4 * x.words.len()).sum());
    }
    // (for the listing only)
    let mut label_at: Vec<(String, usize)> = Vec::new();
    if req.options.show_encoding {
        label_at = labels.iter().map(|(k, v)| (k.clone(), *v)).collect();
        label_at.sort_by_key(|(k, v)| (*v, label_order.iter().position(|x| x == k)));
    }
    // The labels not listed yet (`label_at` and `insts` are both in address order).
    let mut next_label = 0;
    let mut canon = String::new();
    let mut shown = String::new();
    for (boff, pc, x) in insts.iter_mut() {
        if let Some((l, span)) = &x.label {
            // `label`, or `label+bytes` / `label-bytes`.
            let target = labels.get(l).map(|&t| t as i64).or_else(|| {
                let i = l.rfind(['+', '-'])?;
                let base = *labels.get(l[..i].trim())? as i64;
                let d = expr::eval(&l[i + 1..], &syms)?;
                Some(if l.as_bytes()[i] == b'+' {
                    base + d
                } else {
                    base - d
                })
            });
            let base_name = l.split(['+', '-']).next().unwrap_or("").trim();
            match target {
                Some(_) if other_section.iter().any(|x| x == base_name) => {
                    out.diagnostics.push(Diagnostic::error(
                        *span,
                        format!("'{base_name}' is not in .text: not a branch target"),
                    ));
                }
                Some(target) if (target - *pc as i64) % 4 != 0 => {
                    out.diagnostics.push(Diagnostic::error(
                        *span,
                        format!("branch target '{l}' is not a multiple of 4 bytes away"),
                    ));
                }
                Some(target) => {
                    let d = (target - (*pc as i64 + 4)) / 4;
                    if !(-32768..=32767).contains(&d) {
                        out.diagnostics.push(Diagnostic::error(
                            *span,
                            format!("branch to '{l}' is out of range"),
                        ));
                    }
                    x.words[0] = (x.words[0] & 0xffff_0000) | (d as u32 & 0xffff);
                }
                None => out
                    .diagnostics
                    .push(Diagnostic::error(*span, format!("unknown label '{l}'"))),
            }
        }
        if direct {
            // The branch's words, written at its pc in the first pass, now with the offset.
            for (k, w) in x.words.iter().enumerate() {
                if let Some(b) = out.bytes.get_mut(*pc + 4 * k..*pc + 4 * k + 4) {
                    b.copy_from_slice(&w.to_le_bytes());
                }
            }
            continue;
        }
        let bytes_at = out.bytes.len();
        push_words(&mut out.bytes, &x.words);
        if req.options.show_encoding {
            // Labels at addresses before this instruction's (inside the previous one) are not
            // listed, as before.
            while next_label < label_at.len() && label_at[next_label].1 < *pc {
                next_label += 1;
            }
            while next_label < label_at.len() && label_at[next_label].1 == *pc {
                listing.push_str(&label_at[next_label].0);
                listing.push_str(":\n");
                next_label += 1;
            }
            let bytes = &out.bytes[bytes_at..];
            // Print what llvm-mc prints: the canonical text of the encoded instruction.
            canon.clear();
            let (ws, n) = x.words.padded();
            let ok = super::decode::decode_n(gen, ws, n, &mut canon).is_ok();
            if let Some((l, _)) = &x.label {
                // Like llvm-mc, a branch to a label shows the label and a fixup for its offset.
                let mn = canon.split(' ').next().unwrap_or("");
                let t = format!("{mn} {l}");
                listing.push('\t');
                listing.push_str(&t);
                for _ in t.chars().count()..39 {
                    listing.push(' ');
                }
                listing.push_str(&format!(
                    " ; encoding: [A,A,0x{:02x},0x{:02x}]\n",
                    bytes[2], bytes[3]
                ));
                listing.push_str(&format!("                                        ;   fixup A - offset: 0, value: {l}, kind: fixup_si_sopp_br\n"));
                continue;
            }
            // The source text, without its comment (only needed when the decoded text is not
            // what llvm-mc prints).
            let text = || {
                let line_end = src[*boff..].find('\n').map_or(src.len(), |i| *boff + i);
                strip_comment(src[*boff..line_end].trim()).trim_end()
            };
            if !ok {
                super::target::encoding_line(&mut listing, &normalise(text()), bytes);
            } else if canon.starts_with("image_")
                && mimg_vaddr_as_written(&canon, text(), &mut shown)
            {
                super::target::encoding_line(&mut listing, &shown, bytes);
            } else {
                super::target::encoding_line(&mut listing, &canon, bytes);
            }
            listing.push('\n');
        }
    }
    if req.options.show_encoding {
        out.listing = Some(listing);
    }
    out
}

/// llvm-mc's `--show-encoding` prints an MIMG address as it was written (the encoding does not
/// hold its width: `v[4:7]` and `v4` encode alike): the decoded text with the source's address
/// register range, written into `out`. `false` (and `out` unused) when the decoded text is what
/// is shown.
fn mimg_vaddr_as_written(canon: &str, src: &str, out: &mut String) -> bool {
    use std::fmt::Write;
    let vreg = |t: &str| -> Option<(u32, u32)> {
        // (Trimmed first: the blank after the comma is no reason for a copy.)
        let t = parse::squeeze(t.trim());
        let r = t.strip_prefix('v')?;
        match r.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
            Some(x) => {
                let (a, b) = x.split_once(':')?;
                let (a, b) = (a.parse::<u32>().ok()?, b.parse::<u32>().ok()?);
                (b >= a).then_some((a, b - a + 1))
            }
            None => Some((r.parse().ok()?, 1)),
        }
    };
    let operand = |t: &str, k: usize| -> Option<(usize, usize)> {
        // Byte range of the k-th comma-separated operand after the mnemonic (brackets kept whole).
        let start = t.find(' ')? + 1;
        let (mut depth, mut idx, mut from) = (0, 0, start);
        for (i, c) in t[start..].char_indices() {
            let i = start + i;
            match c {
                '[' => depth += 1,
                ']' => depth -= 1,
                ',' if depth == 0 => {
                    if idx == k {
                        return Some((from, i));
                    }
                    idx += 1;
                    from = i + 1;
                }
                _ => {}
            }
        }
        None
    };
    let (Some((ca, cb)), Some((sa, sb))) = (operand(canon, 1), operand(src, 1)) else {
        return false;
    };
    match (vreg(&canon[ca..cb]), vreg(&src[sa..sb])) {
        (Some((a, _)), Some((b, n))) if a == b => {
            out.clear();
            out.push_str(canon[..ca].trim_end());
            // (Writing into a `String` cannot fail.)
            let _ = if n == 1 {
                write!(out, " v{b}")
            } else {
                write!(out, " v[{b}:{}]", b + n - 1)
            };
            out.push_str(&canon[cb..]);
            true
        }
        _ => false,
    }
}

/// Collapses runs of blanks (llvm-mc prints its own canonical text; we print the source's).
fn normalise(t: &str) -> String {
    let mut s = String::with_capacity(t.len());
    let mut sp = false;
    for c in t.chars() {
        if c.is_whitespace() {
            sp = true;
        } else {
            if sp && !s.is_empty() {
                s.push(' ');
            }
            sp = false;
            s.push(c);
        }
    }
    s
}
