//! Putting assembled code back into a cubin (`gpuisa asm --arch sm_50 k.sass --cubin base.cubin
//! -o out.cubin`, the maxas workflow).
//!
//! The listing is split by its cuobjdump `Function : NAME` headers (or names one kernel with
//! `--kernel`); each part is assembled (control words kept where the listing gives them, computed
//! where it does not) and replaces the code of `.text.NAME`. Then, for each replaced kernel:
//! - the section's size, the kernel symbol's `st_size`;
//! - the register count: the top byte of the `.text` section's `sh_info` and the
//!   `EIATTR_REGCOUNT` record of `.nv.info` become max(the base's count, the registers the new
//!   code touches) -- ptxas's allocation can exceed the highest register used (`dmath`: 32 for
//!   R0-R30), so the base's count is a floor; a count is never lowered;
//! - `.nv.info.NAME`'s `EIATTR_EXIT_INSTR_OFFSETS` and `EIATTR_S2RCTAID_INSTR_OFFSETS` are
//!   recomputed from the new code (byte offsets of `EXIT` and of `S2R Rd, SR_CTAID.*`, which is
//!   what ptxas writes there: checked on every cubin of the corpus);
//! - when a size changed, every later section, the section header table and the program header
//!   table move (keeping each section's alignment; gaps are kept), and program headers are
//!   re-derived from the chunks they covered.
//!
//! Code whose bytes are unchanged leaves the file byte-identical. Not rewritten (an error names
//! them when the code length changes and they would point past the new end): local function
//! symbols inside a kernel's section and `.rel(a).text.NAME` relocation offsets.

use crate::asm;
use crate::table::{table, Kind};
use gpuisa_core::diag::{Diagnostic, Span};
use gpuisa_core::elf::{Elf, SHT_NOBITS, SHT_SYMTAB};

/// What one `--cubin` run did (for the CLI's notes).
#[derive(Debug, Default)]
pub struct Spliced {
    pub file: Vec<u8>,
    /// One line per kernel: name, old and new sizes, register count.
    pub notes: Vec<String>,
    pub diagnostics: Vec<Diagnostic>,
}

const EIATTR_REGCOUNT: u8 = 0x2f;
const EIATTR_EXIT_INSTR_OFFSETS: u8 = 0x1c;
const EIATTR_S2RCTAID_INSTR_OFFSETS: u8 = 0x1d;
const EIFMT_SVAL: u8 = 4;

fn rd16(d: &[u8], o: usize) -> u16 {
    d.get(o..o + 2)
        .map_or(0, |b| u16::from_le_bytes([b[0], b[1]]))
}
fn rd32(d: &[u8], o: usize) -> u32 {
    d.get(o..o + 4)
        .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}
fn rd64(d: &[u8], o: usize) -> u64 {
    d.get(o..o + 8).map_or(0, |b| {
        u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
    })
}
fn wr32(d: &mut [u8], o: usize, v: u32) {
    if let Some(b) = d.get_mut(o..o + 4) {
        b.copy_from_slice(&v.to_le_bytes());
    }
}
fn wr64(d: &mut [u8], o: usize, v: u64) {
    if let Some(b) = d.get_mut(o..o + 8) {
        b.copy_from_slice(&v.to_le_bytes());
    }
}

/// The parts of a listing: (kernel name, source with every other part blanked to spaces, so
/// diagnostics keep their file offsets). Without `Function :` headers, one part named `None`.
pub fn split_listing(src: &str) -> Vec<(Option<String>, String)> {
    let mut parts: Vec<(Option<String>, usize, usize)> = Vec::new();
    let mut at = 0;
    for line in src.split_inclusive('\n') {
        if let Some(rest) = line.trim().strip_prefix("Function :") {
            if let Some(last) = parts.last_mut() {
                last.2 = at;
            }
            parts.push((Some(rest.trim().to_string()), at, src.len()));
        }
        at += line.len();
    }
    if parts.is_empty() {
        return vec![(None, src.to_string())];
    }
    // text before the first header (cuobjdump's `code for sm_50`) belongs to nobody
    parts
        .into_iter()
        .map(|(name, s, e)| {
            let blanked: String = src
                .char_indices()
                .map(|(i, c)| {
                    if (s..e).contains(&i) || c == '\n' {
                        c
                    } else {
                        ' '
                    }
                })
                .collect();
            (name, blanked)
        })
        .collect()
}

/// Registers per thread the code touches: highest register + its width, where a data width is 2
/// for fp64 instructions (D*), `.64` and 64-bit conversion types, 4 for `.128` (conservative: an
/// instruction's widest data width is applied to each of its register operands), and a `.E`
/// memory address is a pair.
pub fn registers_used(words: &[u64], sm: u8) -> u32 {
    let mut n = 0u32;
    for (i, &w) in words.iter().enumerate() {
        if i % 4 == 0 {
            continue;
        }
        let Some((_, f)) = table().lookup(w, sm) else {
            continue;
        };
        let mut text = String::new();
        crate::syntax::print(&mut text, f, w, 0, 0);
        let head = text.split_whitespace().next().unwrap_or("");
        let data = if head.contains(".128") {
            4
        } else if (head.starts_with('D') && !head.starts_with("DEPBAR")) || head.contains("64") {
            2
        } else {
            1
        };
        // a `.E` address is a register pair
        let addr = if head.contains(".E") { 2 } else { 1 };
        for op in &f.ops {
            let (r, width) = match op.kind {
                Kind::Reg { pos, .. } => ((w >> pos) as u8, data),
                Kind::Mem { .. } => ((w >> 8) as u8, addr),
                Kind::CIndexed => ((w >> 8) as u8, 1),
                Kind::RegNext { pos } => (((w >> pos) as u8).saturating_add(1), data),
                _ => continue,
            };
            if r != 255 {
                n = n.max(r as u32 + width);
            }
        }
    }
    n
}

/// Byte offsets of `EXIT` and of `S2R Rd, SR_CTAID.{X,Y,Z}` in `code` (what ptxas records in
/// EIATTR_EXIT_INSTR_OFFSETS / EIATTR_S2RCTAID_INSTR_OFFSETS).
pub fn exit_and_ctaid_offsets(code: &[u8], sm: u8) -> (Vec<u32>, Vec<u32>) {
    let words = crate::target::words_of(code);
    let ctaid: Vec<usize> = ["SR_CTAID.X", "SR_CTAID.Y", "SR_CTAID.Z"]
        .iter()
        .filter_map(|n| crate::SREG_NAMES.iter().position(|s| s == n))
        .collect();
    let (mut exits, mut s2r) = (Vec::new(), Vec::new());
    for (i, &w) in words.iter().enumerate() {
        if i % 4 == 0 {
            continue;
        }
        let Some((_, f)) = table().lookup(w, sm) else {
            continue;
        };
        let off = (i * 8) as u32;
        let is_ctaid = |k: &Kind| match *k {
            Kind::SReg { pos } => ctaid.contains(&((w >> pos) as u8 as usize)),
            _ => false,
        };
        match f.mnemonic {
            "EXIT" => exits.push(off),
            "S2R" if f.ops.iter().any(|o| is_ctaid(&o.kind)) => s2r.push(off),
            _ => {}
        }
    }
    (exits, s2r)
}

/// `.nv.info` records: (start, attribute, format, payload range).
fn info_records(d: &[u8]) -> Vec<(usize, u8, u8, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    let mut o = 0;
    while o + 4 <= d.len() {
        let (fmt, attr) = (d[o], d[o + 1]);
        if fmt == EIFMT_SVAL {
            let n = rd16(d, o + 2) as usize;
            let end = (o + 4 + n).min(d.len());
            out.push((o, attr, fmt, o + 4..end));
            o = end;
        } else {
            // NVAL/BVAL/HVAL: 2 bytes of value after format and attribute
            out.push((o, attr, fmt, o + 2..o + 4));
            o += 4;
        }
    }
    out
}

/// `.nv.info.NAME` with the EXIT/S2R-CTAID offset records replaced (a record absent from the base
/// is not added; one whose list becomes empty is dropped, as ptxas writes none).
fn rewrite_kernel_info(d: &[u8], exits: &[u32], s2r: &[u32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(d.len());
    for (start, attr, fmt, payload) in info_records(d) {
        let list = match attr {
            EIATTR_EXIT_INSTR_OFFSETS if fmt == EIFMT_SVAL => Some(exits),
            EIATTR_S2RCTAID_INSTR_OFFSETS if fmt == EIFMT_SVAL => Some(s2r),
            _ => None,
        };
        match list {
            Some([]) => {}
            Some(l) => {
                out.extend([fmt, attr]);
                out.extend(((l.len() * 4) as u16).to_le_bytes());
                for v in l {
                    out.extend(v.to_le_bytes());
                }
            }
            None => out.extend_from_slice(&d[start..payload.end]),
        }
    }
    out
}

fn err(m: impl Into<String>) -> Diagnostic {
    Diagnostic::error(Span::new(0, 0), m.into())
}

/// Assembles `src` and puts each function's code into `base` (see the module documentation).
pub fn splice(src: &str, sm: u8, base: &[u8], kernel: Option<&str>) -> Spliced {
    let mut res = Spliced::default();
    let elf = match Elf::parse(base) {
        Ok(e) if e.machine == gpuisa_core::elf::EM_CUDA => e,
        Ok(e) => {
            res.diagnostics.push(err(format!(
                "the base file is ELF machine {}, not an EM_CUDA cubin",
                e.machine
            )));
            return res;
        }
        Err(e) => {
            res.diagnostics.push(err(format!("the base cubin: {e}")));
            return res;
        }
    };
    let base_sm = crate::target::cubin_sm(&elf);
    if base_sm != sm {
        res.diagnostics.push(Diagnostic::warning(
            Span::new(0, 0),
            format!("the base cubin is for sm_{base_sm}; the code is assembled for sm_{sm}"),
        ));
    }
    let texts: Vec<&str> = elf
        .sections
        .iter()
        .filter_map(|s| s.name.strip_prefix(".text."))
        .collect();
    // which kernel each part of the listing goes to
    let mut jobs: Vec<(String, String)> = Vec::new();
    for (name, part) in split_listing(src) {
        let name = match (kernel, name) {
            (Some(k), Some(n)) if k != n => continue,
            (_, Some(n)) => n,
            (Some(k), None) => k.to_string(),
            (None, None) if texts.len() == 1 => texts[0].to_string(),
            (None, None) => {
                res.diagnostics.push(err(format!(
                    "the listing has no `Function : NAME` header and the cubin has {} kernels ({}); name one with --kernel",
                    texts.len(),
                    texts.join(", ")
                )));
                return res;
            }
        };
        jobs.push((name, part));
    }
    if jobs.is_empty() {
        res.diagnostics.push(err(match kernel {
            Some(k) => format!("the listing has no function `{k}`"),
            None => "the listing names no function".to_string(),
        }));
        return res;
    }
    // assemble every part
    let mut code: Vec<(usize, Vec<u8>)> = Vec::new();
    for (name, part) in &jobs {
        let Some(sec) = elf
            .sections
            .iter()
            .find(|s| s.name.strip_prefix(".text.") == Some(name.as_str()))
        else {
            res.diagnostics.push(err(format!(
                "the base cubin has no kernel `{name}` (it has {})",
                texts.join(", ")
            )));
            continue;
        };
        let a = asm::assemble(part, sm);
        let bad = a.diagnostics.iter().any(|d| d.is_error());
        res.diagnostics.extend(a.diagnostics);
        if bad {
            continue;
        }
        if code.iter().any(|(i, _)| *i == sec.index) {
            res.diagnostics.push(err(format!(
                "function `{name}` appears twice in the listing"
            )));
            continue;
        }
        code.push((
            sec.index,
            a.words.iter().flat_map(|w| w.to_le_bytes()).collect(),
        ));
    }
    if res.diagnostics.iter().any(|d| d.is_error()) {
        return res;
    }
    match rebuild(&elf, base, sm, &code, &mut res.notes) {
        Ok(f) => res.file = f,
        Err(m) => res.diagnostics.push(err(m)),
    }
    res
}

/// One movable piece of the file: a section's bytes or a header table.
struct Chunk {
    orig: u64,
    orig_size: u64,
    size: u64,
    align: u64,
    new: u64,
}

fn rebuild(
    elf: &Elf<'_>,
    base: &[u8],
    sm: u8,
    code: &[(usize, Vec<u8>)],
    notes: &mut Vec<String>,
) -> Result<Vec<u8>, String> {
    let nsec = elf.sections.len();
    let mut data: Vec<Vec<u8>> = elf.sections.iter().map(|s| s.data.to_vec()).collect();
    let mut info: Vec<u32> = elf.sections.iter().map(|s| s.info).collect();
    let symtab = elf.sections.iter().find(|s| s.kind == SHT_SYMTAB);
    let symbols = elf.symbols().map_err(|e| e.to_string())?;
    let sym_ent = symtab.map_or(24, |s| {
        if s.entsize == 0 {
            24
        } else {
            s.entsize as usize
        }
    });
    let nv_info = elf.sections.iter().position(|s| s.name == ".nv.info");
    for (idx, new_code) in code {
        let sec = &elf.sections[*idx];
        let name = sec.name.strip_prefix(".text.").unwrap_or(sec.name);
        if new_code.as_slice() == sec.data {
            notes.push(format!("{name}: {} bytes, unchanged", sec.data.len()));
            continue;
        }
        let old_regs = sec.info >> 24;
        let regs = old_regs.max(registers_used(&crate::target::words_of(new_code), sm));
        if regs > 255 {
            return Err(format!(
                "{name}: the code uses {regs} registers (255 at most)"
            ));
        }
        info[*idx] = (sec.info & 0x00ff_ffff) | regs << 24;
        let len_changed = new_code.len() != sec.data.len();
        // symbols in this section
        for (si, sym) in symbols.iter().enumerate() {
            if sym.shndx as usize != *idx || sym.kind != 2 {
                continue;
            }
            if let Some(t) = symtab {
                if sym.name == name && sym.value == 0 {
                    wr64(&mut data[t.index], si * sym_ent + 16, new_code.len() as u64);
                } else if len_changed && sym.value + sym.size > new_code.len() as u64 {
                    return Err(format!(
                        "{name}: the function `{}` at 0x{:x} inside the kernel's section lies past the new end (0x{:x}); its symbol is not moved",
                        sym.name, sym.value, new_code.len()
                    ));
                }
            }
        }
        // relocations into this section
        for r in &elf.sections {
            if len_changed && (r.kind == 9 || r.kind == 4) && r.info as usize == *idx {
                let ent = if r.entsize == 0 {
                    16
                } else {
                    r.entsize as usize
                };
                for e in r.data.chunks_exact(ent.max(16)) {
                    if rd64(e, 0) >= new_code.len() as u64 {
                        return Err(format!(
                            "{name}: relocation in {} at 0x{:x} lies past the new end of the code (0x{:x})",
                            r.name,
                            rd64(e, 0),
                            new_code.len()
                        ));
                    }
                }
            }
        }
        // register count record of .nv.info
        if let (Some(ni), Some(kidx)) = (
            nv_info,
            symbols.iter().position(|s| s.name == name && s.kind == 2),
        ) {
            let d = &mut data[ni];
            for (_, attr, fmt, p) in info_records(elf.sections[ni].data) {
                if attr == EIATTR_REGCOUNT
                    && fmt == EIFMT_SVAL
                    && p.len() == 8
                    && rd32(d, p.start) as usize == kidx
                {
                    wr32(d, p.start + 4, regs);
                }
            }
        }
        // EXIT / S2R CTAID offsets
        if let Some(ki) = elf
            .sections
            .iter()
            .position(|s| s.name.strip_prefix(".nv.info.") == Some(name))
        {
            let (exits, s2r) = exit_and_ctaid_offsets(new_code, sm);
            data[ki] = rewrite_kernel_info(elf.sections[ki].data, &exits, &s2r);
        }
        data[*idx] = new_code.clone();
        notes.push(format!(
            "{name}: {} -> {} bytes, {regs} registers (base {old_regs})",
            sec.data.len(),
            new_code.len()
        ));
    }
    // relayout
    let phoff = rd64(base, 0x20);
    let shoff = rd64(base, 0x28);
    let phentsize = rd16(base, 0x36) as u64;
    let phnum = rd16(base, 0x38) as u64;
    let shentsize = rd16(base, 0x3a) as u64;
    let ph_end = phentsize
        .checked_mul(phnum)
        .and_then(|n| n.checked_add(phoff));
    if phnum > 0 && (phentsize < 56 || ph_end.is_none_or(|e| e > base.len() as u64)) {
        return Err(format!(
            "malformed program header table ({phnum} entries of {phentsize} bytes at 0x{phoff:x})"
        ));
    }
    let mut chunks: Vec<(Option<usize>, Chunk)> = Vec::new();
    for (i, s) in elf.sections.iter().enumerate() {
        if i == 0 || s.kind == SHT_NOBITS || s.kind == 0 {
            continue;
        }
        let align = rd64(base, (shoff + i as u64 * shentsize + 48) as usize).max(1);
        if !align.is_power_of_two() || align > 0x1_0000 {
            return Err(format!(
                "section {} has a malformed alignment {align}",
                s.name
            ));
        }
        chunks.push((
            Some(i),
            Chunk {
                orig: s.offset,
                orig_size: s.size,
                size: data[i].len() as u64,
                align,
                new: 0,
            },
        ));
    }
    let sh_size = shentsize * nsec as u64;
    chunks.push((
        None,
        Chunk {
            orig: shoff,
            orig_size: sh_size,
            size: sh_size,
            align: 8,
            new: 0,
        },
    ));
    const PH: usize = usize::MAX;
    if phnum > 0 {
        chunks.push((
            Some(PH),
            Chunk {
                orig: phoff,
                orig_size: phentsize * phnum,
                size: phentsize * phnum,
                align: 8,
                new: 0,
            },
        ));
    }
    chunks.sort_by_key(|(_, c)| (c.orig, c.orig_size));
    let mut delta: i64 = 0;
    let mut end = 64u64;
    for (_, c) in chunks.iter_mut() {
        let want = (c.orig as i64 + delta).max(end as i64) as u64;
        c.new = want.div_ceil(c.align) * c.align;
        delta = c.new as i64 - c.orig as i64 + (c.size as i64 - c.orig_size as i64);
        end = end.max(c.new + c.size);
    }
    let find = |k: Option<usize>| chunks.iter().find(|(i, _)| *i == k).map(|(_, c)| c);
    let mut out = vec![0u8; end as usize];
    out[..64].copy_from_slice(&base[..64]);
    let new_shoff = find(None).map_or(shoff, |c| c.new);
    let new_phoff = find(Some(PH)).map_or(phoff, |c| c.new);
    wr64(&mut out, 0x20, new_phoff);
    wr64(&mut out, 0x28, new_shoff);
    for (k, c) in &chunks {
        match k {
            Some(PH) | None => {}
            Some(i) => out[c.new as usize..(c.new + c.size) as usize].copy_from_slice(&data[*i]),
        }
    }
    // section headers
    for (i, s) in elf.sections.iter().enumerate() {
        let o = (shoff + i as u64 * shentsize) as usize;
        let n = (new_shoff + i as u64 * shentsize) as usize;
        let mut h = base[o..o + shentsize as usize].to_vec();
        if let Some(c) = find(Some(i)) {
            wr64(&mut h, 24, c.new);
            wr64(&mut h, 32, c.size);
        } else if s.kind == SHT_NOBITS {
            wr64(&mut h, 24, map_offset(&chunks, s.offset));
        }
        wr32(&mut h, 44, info[i]);
        out[n..n + h.len()].copy_from_slice(&h);
    }
    // program headers: each covers the chunks that lay inside it
    for p in 0..phnum {
        let o = (phoff + p * phentsize) as usize;
        let n = (new_phoff + p * phentsize) as usize;
        let mut h = base[o..o + phentsize as usize].to_vec();
        let (off, filesz, memsz) = (rd64(&h, 8), rd64(&h, 32), rd64(&h, 40));
        let inside: Vec<&Chunk> = chunks
            .iter()
            .map(|(_, c)| c)
            .filter(|c| filesz > 0 && c.orig >= off && c.orig + c.orig_size <= off + filesz)
            .filter(|c| c.orig_size > 0 || c.orig < off + filesz)
            .collect();
        if let (Some(lo), Some(hi)) = (
            inside.iter().map(|c| c.new).min(),
            inside.iter().map(|c| c.new + c.size).max(),
        ) {
            let lead = inside
                .iter()
                .find(|c| c.new == lo)
                .map_or(0, |c| c.orig.saturating_sub(off));
            let start = lo - lead;
            let fs = hi - start;
            wr64(&mut h, 8, start);
            wr64(&mut h, 32, fs);
            wr64(&mut h, 40, fs + memsz.saturating_sub(filesz));
        } else {
            wr64(&mut h, 8, map_offset(&chunks, off));
        }
        out[n..n + h.len()].copy_from_slice(&h);
    }
    Ok(out)
}

/// A file offset of the base mapped into the new layout (by the chunk at or before it).
fn map_offset(chunks: &[(Option<usize>, Chunk)], orig: u64) -> u64 {
    let mut best: Option<&Chunk> = None;
    for (_, c) in chunks {
        if c.orig <= orig && best.is_none_or(|b| c.orig >= b.orig) {
            best = Some(c);
        }
    }
    match best {
        Some(c) if orig <= c.orig + c.orig_size => c.new + (orig - c.orig).min(c.size),
        Some(c) => c.new + c.size + (orig - c.orig - c.orig_size),
        None => orig,
    }
}
