//! The `llvm-objdump-19 -d` listing of an AMDGPU code object, shared by the GCN and RDNA3
//! targets (each passes its decoder): functions and labels in address order, lines
//! `\tTEXT<padding>// ADDRESS: WORDS`, branch targets as `<symbol+offset>` comments or, when a
//! label (an untyped symbol) sits exactly at the target, as the operand itself, as llvm-objdump's
//! AMDGPU symbolizer does.
//!
//! The listing is built in one reused byte buffer written out every 64 KiB, and every distinct
//! instruction is decoded and rendered once ([`cache`]).

pub mod cache;

use crate::text::Out as Text;
use gpuisa_core::bits::le_words;
use gpuisa_core::elf::{Elf, Symbol};
use gpuisa_core::target::{DisasmSummary, ToolError};
use std::fmt::Write as _;
use std::io::Write;

pub use gpuisa_core::elf::EM_AMDGPU;
const SHF_EXECINSTR: u64 = 4;
pub const STT_NOTYPE: u8 = 0;
pub const STT_FUNC: u8 = 2;

/// What the listing needs from an instruction set.
pub struct Isa<D> {
    /// The longest instruction, in dwords (at most 4).
    pub max_words: usize,
    /// Is the instruction starting with this first dword a branch with a 16-bit PC-relative
    /// target (whose target the listing prints)? From the operation's facts (`Op::facts`).
    pub is_branch: fn(u32) -> bool,
    /// Decodes the instruction at `words` (`n` of them exist), appending its text; returns its
    /// length in dwords. Must read no dword past that length (see [`cache`]), and must fail
    /// rather than leave a cut (overflowed) text.
    pub decode: D,
}

/// The comment column: llvm-objdump pads the text to 59 characters after the tab, and adds
/// no space after a longer text.
const COLUMN: usize = 59;

/// A listing line without its address, written into `b`: `\tTEXT`, padded with spaces to the
/// comment column, `// `, a 12-digit placeholder for the address, then `: WORD WORD` and a
/// newline. Returns the line's length and its tag (where the address goes, plus [`BRANCH`]); or
/// `None` when it does not fit (`b` is then partly written).
#[inline(always)]
fn render<const N: usize>(
    t: &[u8],
    words: &[u32],
    is_branch: bool,
    b: &mut [u8; N],
) -> Option<(usize, u32)> {
    if t.len() + 17 + 9 * words.len() + 1 > N || words.len() > 4 {
        return None;
    }
    // The padding is what is not overwritten.
    *b = [b' '; N];
    b[0] = b'\t';
    b[1..1 + t.len()].copy_from_slice(t);
    Some(tail(b, (1 + t.len()).max(1 + COLUMN), words, is_branch))
}

pub use crate::text::WARNING;

/// [`render`] of a decoder's text into a cache slot's line, with copies of fixed size only: the
/// text as the first 96 bytes of its buffer (it is shorter), then the padding over the bytes
/// after it, 16 at a time.
#[inline(always)]
fn render_text(
    text: &Text,
    words: &[u32],
    is_branch: bool,
    b: &mut [u8; cache::LINE],
) -> Option<(usize, u32)> {
    const HEAD: usize = 96;
    let n = text.len();
    if n + 17 + 9 * words.len() + 1 > cache::LINE || words.len() > 2 {
        return None;
    }
    // A text with a warning goes the uncached way ([`line_parts`]).
    if text.warned() {
        return None;
    }
    let Some(head) = text.head::<HEAD>() else {
        return render(text.as_bytes(), words, is_branch, b);
    };
    b[0] = b'\t';
    b[1..1 + HEAD].copy_from_slice(head);
    // The text is at most 85 bytes (the check above), so all of it was copied. Spaces from its
    // end to the comment column: at most 59 bytes, four 16-byte stores (written out, as a loop
    // it becomes a `memset` call); a store past the line's end is skipped, and one past the
    // column is overwritten by the tail.
    let q = 1 + n;
    let mut spaces = |at: usize| {
        if let Some(c) = b.get_mut(at..at + 16) {
            c.copy_from_slice(&[b' '; 16]);
        }
    };
    spaces(q);
    spaces(q + 16);
    spaces(q + 32);
    spaces(q + 48);
    Some(tail(b, (1 + n).max(1 + COLUMN), words, is_branch))
}

/// The end of a line from `p` on (the comment column, or the end of a longer text): `// `, a
/// 12-digit placeholder for the address, `: WORD WORD` and a newline. Returns the line's length
/// and its tag.
#[inline(always)]
fn tail<const N: usize>(
    b: &mut [u8; N],
    mut p: usize,
    words: &[u32],
    is_branch: bool,
) -> (usize, u32) {
    b[p..p + 16].copy_from_slice(b"// 000000000000:");
    let split = (p + 3) as u32;
    p += 16;
    // At most 4 words: a plain loop here is vectorised, at more cost than it saves.
    for w in words.iter().take(4) {
        b[p] = b' ';
        b[p + 1..p + 9].copy_from_slice(&hex8(std::hint::black_box(*w)));
        p += 9;
    }
    b[p] = b'\n';
    (p + 1, split | if is_branch { BRANCH } else { 0 })
}

/// [`render`] into `out` (cleared first), of any length: returns the line's tag. A
/// [`WARNING`] part of the text goes after the encoding, as ` ; WARNING`.
fn line_parts(text: &str, words: &[u32], is_branch: bool, out: &mut Vec<u8>) -> u32 {
    if let Some((t, warning)) = text.split_once(WARNING as char) {
        let tag = line_parts(t, words, is_branch, out);
        out.pop();
        out.extend_from_slice(b" ; ");
        out.extend_from_slice(warning.as_bytes());
        out.push(b'\n');
        return tag;
    }
    let mut b = [b' '; 192];
    out.clear();
    match render(text.as_bytes(), words, is_branch, &mut b) {
        Some((n, tag)) => {
            out.extend_from_slice(&b[..n]);
            tag
        }
        None => line_parts_long(text.as_bytes(), words, is_branch, out),
    }
}

/// [`line_parts`] for a line longer than its buffer (a long symbol name in a branch line).
#[inline(never)]
fn line_parts_long(t: &[u8], words: &[u32], is_branch: bool, out: &mut Vec<u8>) -> u32 {
    out.push(b'\t');
    out.extend_from_slice(t);
    out.resize(out.len() + COLUMN.saturating_sub(t.len()), b' ');
    out.extend_from_slice(b"// ");
    // Where the address goes; a line as long as BRANCH (a symbol name of 2 GiB) gets none.
    let split = (out.len() as u32).min(BRANCH - 1);
    out.extend_from_slice(b"000000000000:");
    for w in words {
        out.push(b' ');
        out.extend_from_slice(&hex8(*w));
    }
    out.push(b'\n');
    split | if is_branch { BRANCH } else { 0 }
}

/// A line's tag: where its address goes, plus this for a branch (its target is added by
/// [`Lister::slow`]). A cached line that is not a branch has a tag below 1 << 16.
const BRANCH: u32 = 1 << 31;

/// Where a tagged line's address goes.
#[inline(always)]
fn address_at(tag: u32) -> usize {
    (tag & !BRANCH) as usize
}

#[cfg(test)]
mod tests {
    #[test]
    fn hex_digits() {
        for v in [
            0,
            9,
            10,
            15,
            0x1c,
            0x1234_5678,
            0x9abc_def0,
            0xdead_beef,
            0xffff_ffff,
            0xa0b1_c2d3,
        ] {
            assert_eq!(super::hex8(v), *format!("{v:08X}").as_bytes(), "{v:x}");
            assert_eq!(
                super::hex8_lower(v),
                *format!("{v:08x}").as_bytes(),
                "{v:x}"
            );
        }
    }
}

/// The 8 upper-case hex digits of `v`, most significant first, without a loop or table: each
/// nibble is spread to a byte, then turned into ASCII by one 64-bit add.
#[inline(always)]
fn hex8(v: u32) -> [u8; 8] {
    hex8_from(v, b'A' - b'9' - 1)
}

/// [`hex8`] in lower case.
fn hex8_lower(v: u32) -> [u8; 8] {
    hex8_from(v, b'a' - b'9' - 1)
}

#[inline(always)]
fn hex8_from(v: u32, skip: u8) -> [u8; 8] {
    let x = v as u64;
    let x = (x & 0xFFFF_0000) << 16 | (x & 0xFFFF);
    let x = (x & 0x0000_FF00_0000_FF00) << 8 | (x & 0x0000_00FF_0000_00FF);
    let x = (x & 0x00F0_00F0_00F0_00F0) << 4 | (x & 0x000F_000F_000F_000F);
    // 1 in each byte whose nibble is 10..15: those skip the characters between '9' and 'A'/'a'.
    let letters = ((x + 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101;
    (x + 0x3030_3030_3030_3030 + letters * skip as u64).to_be_bytes()
}

/// The listing's output: a fixed buffer written out whenever it holds `cap` bytes or more. It
/// has room for a whole cache line past `cap`, so a cached line is copied as one fixed-size block.
struct Out<'w> {
    buf: Box<[u8]>,
    pos: usize,
    cap: usize,
    w: &'w mut dyn Write,
}

impl<'w> Out<'w> {
    fn new(cap: usize, w: &'w mut dyn Write) -> Self {
        Out {
            buf: vec![0; cap + cache::LINE + 16].into_boxed_slice(),
            pos: 0,
            cap,
            w,
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.w.write_all(&self.buf[..self.pos])?;
        self.pos = 0;
        Ok(())
    }
    /// Flushes when `cap` is reached.
    #[inline(always)]
    fn check(&mut self) -> std::io::Result<()> {
        if self.pos >= self.cap {
            self.flush()?;
        }
        Ok(())
    }
    fn put(&mut self, b: &[u8]) -> std::io::Result<()> {
        if self.pos + b.len() > self.buf.len() {
            self.flush()?;
            if b.len() > self.buf.len() {
                return self.w.write_all(b);
            }
        }
        self.buf[self.pos..self.pos + b.len()].copy_from_slice(b);
        self.pos += b.len();
        self.check()
    }
    /// A cached line (`n` bytes of `line`) with the 12 address digits at `at`: `hi`, the 8
    /// digits of the address's bits 16-47, then the 4 of `lo`.
    #[inline(always)]
    fn cached(&mut self, line: &[u8; cache::LINE], n: usize, at: usize, hi: &[u8; 8], lo: u16) {
        let p = self.pos;
        if let Some(dst) = self.buf.get_mut(p..p + cache::LINE) {
            dst.copy_from_slice(line);
            if let Some(a) = dst.get_mut(at..at + 12) {
                a[..8].copy_from_slice(hi);
                a[8..10].copy_from_slice(&HEX_PAIRS[(lo >> 8) as usize]);
                a[10..].copy_from_slice(&HEX_PAIRS[(lo & 0xff) as usize]);
            }
            self.pos = p + n;
        }
    }
}

/// "00" to "FF": the two upper-case hex digits of every byte.
const HEX_PAIRS: [[u8; 2]; 256] = {
    const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
    let mut t = [[0u8; 2]; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = [DIGITS[i >> 4], DIGITS[i & 15]];
        i += 1;
    }
    t
};

/// The state of one listing.
struct Lister<'a, 'w, D> {
    isa: Isa<D>,
    max: usize,
    cache: cache::DecodeCache,
    o: Out<'w>,
    sum: DisasmSummary,
    /// The section's functions (one per address) and labels (untyped symbols), by address.
    funcs: Vec<&'a Symbol<'a>>,
    labels: Vec<&'a Symbol<'a>>,
    long: String,
    line: Vec<u8>,
}

impl<D> Lister<'_, '_, D>
where
    D: FnMut(&[u32; 4], usize, &mut Text) -> Result<usize, ()>,
{
    /// Lists the instructions of `code`, which starts at address `base`. This is the hot loop:
    /// a cached line that is not a branch is copied here, anything else goes to
    /// [`slow`](Self::slow).
    fn code(&mut self, code: &[u8], base: u64) -> std::io::Result<()> {
        let mut pos = 0;
        // The address digits of bits 16-47, for the addresses `addr >> 16 == hi_of`.
        let mut hi_of = u64::MAX;
        let mut hi = [0u8; 8];
        while pos + 4 <= code.len() {
            let addr = base.wrapping_add(pos as u64);
            if addr >> 16 != hi_of {
                hi_of = addr >> 16;
                hi = hex8(hi_of as u32);
            }
            // Whether the table was looked up and does not hold the instruction.
            let mut missed = false;
            if let Some(b) = code.get(pos..).and_then(|r| r.first_chunk::<8>()) {
                let key = u64::from_le_bytes(*b);
                if key == 0 {
                    // As llvm-objdump does (without --disassemble-zeroes): a run of 8 or more
                    // zero bytes, up to the symbol's end, is one `\t\t...` line, skipping a
                    // multiple of 4 bytes.
                    let zeros = code[pos..].iter().take_while(|&&x| x == 0).count();
                    self.o.put(b"\t\t...\n")?;
                    pos += zeros & !3;
                    continue;
                }
                let found = self.cache.find_two(key);
                missed = found.is_none();
                if let Some(s) = found {
                    let tag = s.tag();
                    if tag >> 16 == 0 && addr >> 48 == 0 {
                        self.o
                            .cached(s.line(), s.n(), address_at(tag), &hi, addr as u16);
                        self.o.check()?;
                        self.sum.instructions += 1;
                        pos += s.dwords() * 4;
                        continue;
                    }
                }
            }
            pos += self.slow(code, pos, addr, &hi, missed)?;
        }
        Ok(())
    }

    /// Everything but a cached plain line: a miss (decode and render), a branch (its target as
    /// a label or a comment), an uncached or invalid instruction, an address past 48 bits.
    /// `hi`: the address digits of bits 16-47; `missed`: the caller looked the instruction up
    /// and it is not cached. Returns the instruction's length in bytes.
    #[inline(never)]
    fn slow(
        &mut self,
        code: &[u8],
        pos: usize,
        addr: u64,
        hi: &[u8; 8],
        missed: bool,
    ) -> std::io::Result<usize> {
        let n = ((code.len() - pos) / 4).min(self.max);
        let words = match code.get(pos..).and_then(|r| r.first_chunk::<16>()) {
            Some(b) => {
                let w = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
                [w(0), w(4), w(8), w(12)]
            }
            None => le_words::<4>(code, pos),
        };
        let [w0, w1, ..] = words;
        let hit = if missed {
            None
        } else {
            self.cache.find(w0, w1, n)
        };
        let slot = match hit {
            Some(i) => Ok(Some(i)),
            None => {
                let (is_branch, max) = (self.isa.is_branch, self.max);
                let decode = &mut self.isa.decode;
                self.cache.fill(
                    &words,
                    // A decoder's length is 1..=max_words; clamp it anyway (no panic, no
                    // endless loop on a faulty one).
                    |text| decode(&words, n, text).map(|l| l.clamp(1, max)),
                    |t, len, line| render_text(t, &words[..len], is_branch(words[0]), line),
                )
            }
        };
        let (len, mut tag);
        match slot {
            Ok(Some(i)) => {
                let s = self.cache.slot(i);
                tag = s.tag();
                if tag >> 16 == 0 && addr >> 48 == 0 {
                    // A line just decoded and cached: copied like a hit.
                    self.o
                        .cached(s.line(), s.n(), address_at(tag), hi, addr as u16);
                    self.o.check()?;
                    self.sum.instructions += 1;
                    return Ok(s.dwords() * 4);
                }
                len = s.dwords();
                self.line.clear();
                self.line.extend_from_slice(s.bytes());
            }
            Ok(None) => {
                let (l, text) = self.cache.uncached();
                len = l;
                let branch = (self.isa.is_branch)(w0);
                tag = line_parts(text, &words[..len], branch, &mut self.line);
            }
            Err(()) => {
                self.sum.invalid += 1;
                self.long.clear();
                let _ = write!(self.long, ".long 0x{w0:08x}");
                let tag = line_parts(&self.long, &[w0], false, &mut self.line);
                self.o.put(address(&mut self.line, tag, addr))?;
                return Ok(4);
            }
        }
        self.sum.instructions += 1;
        if tag & BRANCH != 0 {
            tag = self.branch(tag, &words[..len], addr);
        }
        self.o.put(address(&mut self.line, tag, addr))?;
        Ok(len * 4)
    }

    /// Names the target of the branch in `self.line` (tagged `tag`, its first dword `words[0]`,
    /// at `addr`): a label at the target replaces the immediate (the last operand); otherwise
    /// the last symbol at or before the target follows as a `<symbol+offset>` comment. Returns
    /// the line's new tag.
    fn branch(&mut self, tag: u32, words: &[u32], addr: u64) -> u32 {
        let imm = (words.first().copied().unwrap_or(0) & 0xffff) as i16 as i64;
        let target = (addr as i64).wrapping_add(4 + imm * 4) as u64;
        let k = self.labels.partition_point(|g| g.value < target);
        if let Some(g) = self.labels.get(k).filter(|g| g.value == target) {
            // `\tTEXT`, then the padding: a branch's text ends with its immediate.
            let head = self
                .line
                .get(1..address_at(tag).saturating_sub(3))
                .unwrap_or(&[]);
            let head = std::str::from_utf8(head).unwrap_or("").trim_end();
            let op = head.rfind(' ').map_or(head.len(), |p| p + 1);
            self.long.clear();
            self.long.push_str(&head[..op]);
            self.long.push_str(g.name);
            return line_parts(&self.long, words, false, &mut self.line);
        }
        let k = self.funcs.partition_point(|g| g.value <= target);
        if let Some(g) = k.checked_sub(1).map(|k| self.funcs[k]) {
            let line = &mut self.line;
            line.pop();
            if target == g.value {
                let _ = write!(line, " <{}>", g.name);
            } else {
                let _ = write!(line, " <{}+0x{:x}>", g.name, target - g.value);
            }
            line.push(b'\n');
        }
        tag
    }
}

/// Prints the listing of every executable section of `elf` (`file_name` as the listing names
/// it).
pub fn list<D>(
    file_name: &str,
    elf: &Elf<'_>,
    isa: Isa<D>,
    out: &mut dyn Write,
) -> Result<DisasmSummary, ToolError>
where
    D: FnMut(&[u32; 4], usize, &mut Text) -> Result<usize, ()>,
{
    let syms: Vec<Symbol<'_>> = elf.symbols().unwrap_or_default();
    // Each executable section's own name as a symbol at its start (see below).
    let dummies: Vec<Symbol<'_>> = elf
        .sections
        .iter()
        .filter(|x| x.flags & SHF_EXECINSTR != 0)
        .map(|sec| Symbol {
            name: sec.name,
            value: sec.addr,
            size: 0,
            kind: STT_FUNC,
            bind: 0,
            other: 0,
            shndx: sec.index as u16,
        })
        .collect();
    const CHUNK: usize = 1 << 16;
    let code: usize = elf
        .sections
        .iter()
        .filter(|x| x.flags & SHF_EXECINSTR != 0)
        .map(|x| x.data.len())
        .sum();
    let mut l = Lister {
        max: isa.max_words.clamp(1, 4),
        isa,
        cache: cache::DecodeCache::for_words(code / 4),
        // About 24 listing bytes per code byte: a small object gets a small buffer.
        o: Out::new((code * 24).clamp(4096, CHUNK), out),
        sum: DisasmSummary::default(),
        funcs: Vec::new(),
        labels: Vec::new(),
        long: String::new(),
        line: Vec::new(),
    };
    l.o.put(format!("\n{file_name}:\tfile format elf64-amdgpu\n").as_bytes())?;
    for (sec, dummy) in elf
        .sections
        .iter()
        .filter(|x| x.flags & SHF_EXECINSTR != 0)
        .zip(&dummies)
    {
        l.o.put(format!("\nDisassembly of section {}:\n", sec.name).as_bytes())?;
        let mut funcs: Vec<&Symbol<'_>> = syms
            .iter()
            .filter(|y| {
                y.shndx as usize == sec.index
                    && (y.kind == STT_FUNC || y.kind == STT_NOTYPE)
                    && !y.name.is_empty()
            })
            .collect();
        funcs.sort_by_key(|y| y.value);
        // Labels a branch operand can name: untyped symbols, by address (first one wins).
        l.labels = funcs
            .iter()
            .copied()
            .filter(|y| y.kind == STT_NOTYPE)
            .collect();
        funcs.dedup_by_key(|y| y.value);
        // As llvm-objdump does, a section with no symbol at its first byte (no symbols at all,
        // a damaged symbol table, or code before the first symbol) is listed from its start
        // under the section's own name, `<.text>:`. That name also serves branch comments
        // (`<.text+0x8>`), never as a branch operand (it is not a label).
        let at = funcs.partition_point(|f| f.value < sec.addr);
        if funcs.get(at).map_or(true, |f| f.value != sec.addr) {
            funcs.insert(at, dummy);
        }
        l.funcs = funcs;
        let end = sec.addr.saturating_add(sec.data.len() as u64);
        for i in 0..l.funcs.len() {
            let f = l.funcs[i];
            let stop = l.funcs.get(i + 1).map_or(end, |n| n.value).min(end);
            let mut head = [0u8; 18];
            head[0] = b'\n';
            head[1..9].copy_from_slice(&hex8_lower((f.value >> 32) as u32));
            head[9..17].copy_from_slice(&hex8_lower(f.value as u32));
            head[17] = b' ';
            l.o.put(&head)?;
            l.o.put(b"<")?;
            l.o.put(f.name.as_bytes())?;
            l.o.put(b">:\n")?;
            let start = f.value.max(sec.addr);
            if start < stop {
                let at = (start - sec.addr) as usize;
                let code = sec.data.get(at..(stop - sec.addr) as usize).unwrap_or(&[]);
                l.code(code, start)?;
            }
        }
    }
    l.o.flush()?;
    Ok(l.sum)
}

/// Writes `addr` into the placeholder of a `line_parts` line (`tag`); an address past 48 bits
/// (never seen in code objects) shifts the rest of the line.
fn address(line: &mut Vec<u8>, tag: u32, addr: u64) -> &[u8] {
    let at = address_at(tag);
    if addr >> 48 == 0 {
        if let Some(a) = line.get_mut(at..at + 12) {
            a[..4].copy_from_slice(&hex8((addr >> 32) as u32)[4..]);
            a[4..].copy_from_slice(&hex8(addr as u32));
        }
    } else if at + 12 <= line.len() {
        let wide = format!("{addr:X}");
        line.splice(at..at + 12, wide.bytes());
    }
    line
}
