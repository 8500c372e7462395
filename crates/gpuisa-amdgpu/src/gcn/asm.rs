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
mod program;
pub(crate) mod src;
use expr::Syms;
use parse::{parse_operands_into, Mods, Parsed, Val};
pub use program::assemble;
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
    let i0 = crate::text::skip_spaces(b, 0);
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
            i = crate::text::skip_spaces(b, i + 1);
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
