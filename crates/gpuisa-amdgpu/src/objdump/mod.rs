//! The `llvm-objdump-19 -d` listing of an AMDGPU code object, shared by the GCN and RDNA3
//! targets (each passes its decoder): functions and labels in address order, lines
//! `\tTEXT<padding>// ADDRESS: WORDS`, branch targets as `<symbol+offset>` comments or, when a
//! label (an untyped symbol) sits exactly at the target, as the operand itself, as llvm-objdump's
//! AMDGPU symbolizer does.
//!
//! The listing is built in one reused byte buffer written out every 64 KiB, and every distinct
//! instruction is decoded and rendered once ([`cache`]).

pub mod cache;

use gpuisa_core::bits::le_words;
use gpuisa_core::elf::{Elf, Symbol};
use gpuisa_core::target::{DisasmSummary, ToolError};
use std::fmt::Write as _;
use std::io::Write;

pub const EM_AMDGPU: u16 = 224;
const SHF_EXECINSTR: u64 = 4;
pub const STT_NOTYPE: u8 = 0;
pub const STT_FUNC: u8 = 2;

/// What the listing needs from an instruction set.
pub struct Isa<D> {
    /// The longest instruction, in dwords (at most 4).
    pub max_words: usize,
    /// Does this text (the start of a line) name a branch with a 16-bit PC-relative target?
    pub is_branch: fn(&[u8]) -> bool,
    /// Decodes the instruction at `words` (`n` of them exist), appending its text; returns its
    /// length in dwords. Must read no dword past that length (see [`cache`]).
    pub decode: D,
}

/// The comment column: llvm-objdump pads the text to 59 characters after the tab, and adds
/// no space after a longer text.
const COLUMN: usize = 59;

/// A listing line without its address: `\tTEXT`, padded with spaces to the comment column, `// `,
/// a 12-digit placeholder for the address, then `: WORD WORD`. Returns where the address goes,
/// plus 1 << 16 for a branch.
fn line_parts(text: &str, words: &[u32], is_branch: bool, out: &mut Vec<u8>) -> u32 {
    const PAD: &[u8] = b"                                                            ";
    out.push(b'\t');
    out.extend_from_slice(text.as_bytes());
    out.extend_from_slice(&PAD[..COLUMN.saturating_sub(text.len()).min(PAD.len())]);
    out.extend_from_slice(b"// ");
    let split = out.len() as u32;
    out.extend_from_slice(b"000000000000:");
    for w in words {
        let mut h = [b' '; 9];
        upper_hex_into(&mut h[1..], *w as u64);
        out.extend_from_slice(&h);
    }
    split | (is_branch as u32) << 16
}

#[cfg(test)]
mod tests {
    #[test]
    fn hex_digits() {
        let mut b = [0u8; 20];
        super::upper_hex_into(&mut b[..12], 0x1c);
        super::upper_hex_into(&mut b[12..], 0xdeadbeef);
        assert_eq!(&b, b"00000000001CDEADBEEF");
        for v in [
            0,
            9,
            10,
            15,
            0x1234_5678,
            0x9abc_def0,
            0xffff_ffff,
            0xa0b1_c2d3,
        ] {
            let mut want = [0u8; 8];
            super::upper_hex_into(&mut want, v as u64);
            assert_eq!(super::hex8(v), want, "{v:x}");
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

/// Fills `out` (an even number of bytes) with the low digits of `v` in upper-case hex.
fn upper_hex_into(out: &mut [u8], v: u64) {
    let n = out.len() / 2;
    for (k, pair) in out.chunks_exact_mut(2).enumerate() {
        pair.copy_from_slice(&HEX_PAIRS[((v >> (8 * (n - 1 - k))) & 0xff) as usize]);
    }
}

/// The 8 upper-case hex digits of `v`, most significant first, without a loop or table: each
/// nibble is spread to a byte, then turned into ASCII by one 64-bit add.
fn hex8(v: u32) -> [u8; 8] {
    let x = v as u64;
    let x = (x & 0xFFFF_0000) << 16 | (x & 0xFFFF);
    let x = (x & 0x0000_FF00_0000_FF00) << 8 | (x & 0x0000_00FF_0000_00FF);
    let x = (x & 0x00F0_00F0_00F0_00F0) << 4 | (x & 0x000F_000F_000F_000F);
    // 1 in each byte whose nibble is 10..15: those skip the 7 characters between '9' and 'A'.
    let letters = ((x + 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101;
    (x + 0x3030_3030_3030_3030 + letters * 7).to_be_bytes()
}

/// Prints the listing of every executable section of `elf` (`file_name` as the listing names
/// it).
pub fn list<D>(
    file_name: &str,
    elf: &Elf<'_>,
    mut isa: Isa<D>,
    out: &mut dyn Write,
) -> Result<DisasmSummary, ToolError>
where
    D: FnMut(&[u32; 4], usize, &mut String) -> Result<usize, ()>,
{
    let syms: Vec<Symbol<'_>> = elf.symbols().unwrap_or_default();
    let mut sum = DisasmSummary::default();
    const CHUNK: usize = 1 << 16;
    let code: usize = elf
        .sections
        .iter()
        .filter(|x| x.flags & SHF_EXECINSTR != 0)
        .map(|x| x.data.len())
        .sum();
    // About 24 listing bytes per code byte: a small object gets a small buffer.
    let mut s: Vec<u8> = Vec::with_capacity((code * 24).clamp(4096, CHUNK) + 4096);
    let _ = write!(s, "\n{file_name}:\tfile format elf64-amdgpu\n");
    let (mut long, mut uncached) = (String::new(), Vec::new());
    let mut cache = cache::DecodeCache::for_words(code / 4);
    let max = isa.max_words.clamp(1, 4);
    for sec in elf.sections.iter().filter(|x| x.flags & SHF_EXECINSTR != 0) {
        let _ = write!(s, "\nDisassembly of section {}:\n", sec.name);
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
        let labels: Vec<&Symbol<'_>> = funcs
            .iter()
            .copied()
            .filter(|y| y.kind == STT_NOTYPE)
            .collect();
        funcs.dedup_by_key(|y| y.value);
        let end = sec.addr + sec.data.len() as u64;
        for (i, f) in funcs.iter().enumerate() {
            let stop = funcs.get(i + 1).map_or(end, |n| n.value).min(end);
            let _ = write!(s, "\n{:016x} <{}>:\n", f.value, f.name);
            let mut addr = f.value.max(sec.addr);
            while addr + 4 <= stop {
                let pos = (addr - sec.addr) as usize;
                let n = ((stop - addr) / 4).min(max as u64) as usize;
                // The hit path reads two dwords and one slot; a miss decodes and renders.
                let [w0, w1] = le_words::<2>(sec.data, pos);
                let hit = cache.find(w0, w1, n);
                let (len, line, tag) = match hit {
                    Some(i) => {
                        sum.instructions += 1;
                        cache.slot(i)
                    }
                    None => {
                        let words = le_words::<4>(sec.data, pos);
                        let is_branch = isa.is_branch;
                        let decode = &mut isa.decode;
                        match cache.fill(
                            &words,
                            // A decoder's length is 1..=max_words; clamp it anyway (no panic,
                            // no endless loop on a faulty one).
                            |text| decode(&words, n, text).map(|l| l.clamp(1, max)),
                            |text, len, o| {
                                line_parts(text, &words[..len], is_branch(text.as_bytes()), o)
                            },
                        ) {
                            Ok(slot) => {
                                sum.instructions += 1;
                                match slot {
                                    Some(i) => cache.slot(i),
                                    None => cache.uncached(),
                                }
                            }
                            Err(()) => {
                                sum.invalid += 1;
                                long.clear();
                                let _ = write!(long, ".long 0x{w0:08x}");
                                uncached.clear();
                                let tag = line_parts(&long, &words[..1], false, &mut uncached);
                                (1, uncached.as_slice(), tag)
                            }
                        }
                    }
                };
                let mut at = s.len() + (tag & 0xffff) as usize;
                let mut comment = None;
                if tag >> 16 != 0 {
                    let imm = (w0 & 0xffff) as i16 as i64;
                    let target = (addr as i64 + 4 + imm * 4) as u64;
                    let k = labels.partition_point(|g| g.value < target);
                    match labels.get(k).filter(|g| g.value == target) {
                        // A label at the target: it replaces the immediate (the last operand).
                        Some(g) => {
                            let head = &line[1..((tag & 0xffff) as usize).saturating_sub(3)];
                            let text = std::str::from_utf8(head).unwrap_or("").trim_end();
                            let op = text.rfind(' ').map_or(text.len(), |p| p + 1);
                            long.clear();
                            long.push_str(&text[..op]);
                            long.push_str(g.name);
                            uncached.clear();
                            let words = le_words::<4>(sec.data, pos);
                            let t = line_parts(&long, &words[..len], false, &mut uncached);
                            at = s.len() + (t & 0xffff) as usize;
                            s.extend_from_slice(&uncached);
                        }
                        // Otherwise the last symbol at or before it, as a comment.
                        None => {
                            let k = funcs.partition_point(|g| g.value <= target);
                            comment = k.checked_sub(1).map(|k| (funcs[k], target));
                            s.extend_from_slice(line);
                        }
                    }
                } else {
                    s.extend_from_slice(line);
                }
                if addr >> 48 == 0 {
                    let hi = hex8((addr >> 32) as u32);
                    let lo = hex8(addr as u32);
                    s[at..at + 4].copy_from_slice(&hi[4..]);
                    s[at + 4..at + 12].copy_from_slice(&lo);
                } else {
                    // Wider addresses (never seen in code objects) shift the rest of the line.
                    let wide = format!("{addr:X}");
                    s.splice(at..at + 12, wide.bytes());
                }
                if let Some((g, target)) = comment {
                    if target == g.value {
                        let _ = write!(s, " <{}>", g.name);
                    } else {
                        let _ = write!(s, " <{}+0x{:x}>", g.name, target - g.value);
                    }
                }
                s.push(b'\n');
                addr += len as u64 * 4;
                if s.len() >= CHUNK {
                    out.write_all(&s)?;
                    s.clear();
                }
            }
        }
    }
    out.write_all(&s)?;
    Ok(sum)
}
