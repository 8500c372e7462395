//! The code-object lister (src/objdump/mod.rs) against a plain reference written with `format!`,
//! on random synthetic objects: random code bytes (lengths not a multiple of 4 included),
//! functions and untyped labels at random (also unaligned, duplicate, outside the section)
//! addresses, sections below 2^32, across 2^32 and 2^48, and a toy instruction set whose texts
//! run from a few characters to past the cached line length, with invalid words. Its only
//! "branch" has a PC-relative target, so label operands and `<sym+off>` comments are covered.
//! The lister's fast path (cached lines, address digits kept per 64 KiB) and its slow path must
//! give exactly the reference listing.

use gpuisa_amdgpu::objdump::{list, Isa, STT_FUNC, STT_NOTYPE};
use gpuisa_core::elf::{Elf, Section};
use gpuisa_core::rng::Rng;
use std::fmt::Write as _;

const SHF_EXECINSTR: u64 = 4;
const SHT_SYMTAB: u32 = 2;

/// The toy instruction set: opcode 0xB (top nibble) is a one-word branch with a 16-bit
/// immediate; otherwise the low 2 bits of the first word give the length (1-3 words) and 0xF in
/// the top nibble is invalid.
fn toy_decode(w: &[u32; 4], n: usize, text: &mut String) -> Result<usize, ()> {
    // Like a real decoder, whether a word decodes depends on its own length only (the cache
    // relies on it): a branch is one word wherever it is.
    if w[0] >> 28 == 0xB {
        let _ = write!(text, "s_branch {}", (w[0] & 0xffff) as i16);
        return Ok(1);
    }
    let len = (w[0] & 3).clamp(1, 3) as usize;
    if w[0] >> 28 == 0xF || len > n {
        return Err(());
    }
    // Texts of 3 to ~140 characters, from the words only.
    let reps = (w[0] >> 4 & 0x1f) as usize;
    let _ = write!(text, "op{:x}", w[0] >> 24);
    for i in 0..reps {
        let _ = write!(text, " r{}", (w[i % len] >> (i % 8)) & 0x3ff);
    }
    Ok(len)
}

fn toy_branch(w0: u32) -> bool {
    w0 >> 28 == 0xB
}

/// The listing as llvm-objdump prints it, the plain way.
fn reference(name: &str, elf: &Elf<'_>, syms: &[(String, u64, u8, u16)]) -> String {
    let mut o = format!("\n{name}:\tfile format elf64-amdgpu\n");
    for sec in elf.sections.iter().filter(|s| s.flags & SHF_EXECINSTR != 0) {
        let _ = write!(o, "\nDisassembly of section {}:\n", sec.name);
        let mut funcs: Vec<&(String, u64, u8, u16)> = syms
            .iter()
            .filter(|s| {
                s.3 as usize == sec.index
                    && (s.2 == STT_FUNC || s.2 == STT_NOTYPE)
                    && !s.0.is_empty()
            })
            .collect();
        funcs.sort_by_key(|s| s.1);
        let labels: Vec<_> = funcs
            .iter()
            .filter(|s| s.2 == STT_NOTYPE)
            .copied()
            .collect();
        funcs.dedup_by_key(|s| s.1);
        let end = sec.addr.saturating_add(sec.data.len() as u64);
        for (i, f) in funcs.iter().enumerate() {
            let stop = funcs.get(i + 1).map_or(end, |g| g.1).min(end);
            let _ = write!(o, "\n{:016x} <{}>:\n", f.1, f.0);
            let mut addr = f.1.max(sec.addr);
            while addr < stop && stop - addr >= 4 {
                let n = ((stop - addr) / 4).min(3) as usize;
                let p = (addr - sec.addr) as usize;
                let mut w = [0u32; 4];
                for (k, wk) in w.iter_mut().enumerate().take(n) {
                    let b = &sec.data[p + 4 * k..p + 4 * k + 4];
                    *wk = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                }
                let mut text = String::new();
                let (len, mut text) = match toy_decode(&w, n, &mut text) {
                    Ok(len) => (len, text),
                    Err(()) => (1, format!(".long 0x{:08x}", w[0])),
                };
                let mut comment = String::new();
                if toy_branch(w[0]) {
                    let imm = (w[0] & 0xffff) as i16 as i64;
                    let target = (addr as i64).wrapping_add(4 + imm * 4) as u64;
                    if let Some(l) = labels.iter().find(|l| l.1 == target) {
                        text = format!("s_branch {}", l.0);
                    } else if let Some(g) = funcs.iter().rev().find(|g| g.1 <= target) {
                        comment = if g.1 == target {
                            format!(" <{}>", g.0)
                        } else {
                            format!(" <{}+0x{:x}>", g.0, target - g.1)
                        };
                    }
                }
                let _ = write!(o, "\t{text:<59}// {addr:012X}:");
                for wk in &w[..len] {
                    let _ = write!(o, " {wk:08X}");
                }
                let _ = writeln!(o, "{comment}");
                addr += 4 * len as u64;
            }
        }
    }
    o
}

fn one_case(seed: u64) {
    let mut r = Rng::new(seed);
    // Code: runs of repeated instructions (so the cache hits) and random words.
    let mut code = Vec::new();
    let words = 1 + r.below(3000) as usize;
    let pool: Vec<u32> = (0..1 + r.below(40)).map(|_| r.next_u32()).collect();
    while code.len() < words * 4 {
        let w = match r.below(10) {
            0..=5 => pool[r.below(pool.len() as u64) as usize],
            6 => 0xB000_0000 | r.below(0x10000) as u32,
            7 => 0xB000_0000 | (0x10000 - r.below(40)) as u32 & 0xffff,
            _ => r.next_u32(),
        };
        code.extend_from_slice(&w.to_le_bytes());
    }
    code.truncate(code.len() - r.below(4) as usize);
    let base = match r.below(6) {
        0 => 0,
        1 => 0x1000 * r.below(64),
        2 => 0x1_0000_0000 - 4 * r.below(600),
        3 => (1 << 48) - 4 * r.below(600),
        // A section running past 2^64 is cut there.
        4 => u64::MAX - 4 * r.below(600),
        _ => 0xffff - 4 * r.below(300),
    };
    let end = base.saturating_add(code.len() as u64);
    // Symbols: a function at the start, others anywhere around the code (some unaligned, some
    // duplicates, some outside), labels, other kinds and other sections (ignored).
    let mut syms: Vec<(String, u64, u8, u16)> = vec![("f0".into(), base, STT_FUNC, 1)];
    for i in 0..r.below(12) {
        let at = match r.below(6) {
            0 => base.saturating_add(r.below(code.len() as u64 + 1)),
            1 => base.wrapping_sub(r.below(16)),
            2 => end.saturating_add(r.below(16)),
            _ => base.saturating_add(4 * r.below(code.len() as u64 / 4 + 1)),
        };
        let name = if r.below(8) == 0 {
            format!(
                "a_rather_long_label_name_{i}_{}",
                "x".repeat(r.below(200) as usize)
            )
        } else {
            format!("s{i}")
        };
        let (kind, shndx) = match r.below(8) {
            0 => (1, 1),
            1 => (STT_FUNC, 3),
            2..=4 => (STT_NOTYPE, 1),
            _ => (STT_FUNC, 1),
        };
        syms.push((name, at, kind, shndx));
    }
    if r.below(6) == 0 {
        syms.push((String::new(), base.saturating_add(8), STT_FUNC, 1));
    }
    // .symtab and .strtab bytes.
    let (mut strtab, mut symtab) = (vec![0u8], Vec::new());
    for (name, value, kind, shndx) in &syms {
        let off = strtab.len() as u32;
        strtab.extend_from_slice(name.as_bytes());
        strtab.push(0);
        symtab.extend_from_slice(&off.to_le_bytes());
        symtab.push(*kind);
        symtab.push(0);
        symtab.extend_from_slice(&shndx.to_le_bytes());
        symtab.extend_from_slice(&value.to_le_bytes());
        symtab.extend_from_slice(&0u64.to_le_bytes());
    }
    let sec = |index, name, kind, flags, addr, data| Section {
        index,
        name,
        kind,
        flags,
        addr,
        offset: 0,
        size: 0,
        link: if kind == SHT_SYMTAB { 3 } else { 0 },
        info: 0,
        entsize: 24,
        data,
    };
    let elf = Elf {
        data: &[],
        machine: 224,
        kind: 1,
        flags: 0,
        os_abi: 0,
        abi_version: 0,
        entry: 0,
        sections: vec![
            sec(0, "", 0, 0, 0, &[]),
            sec(1, ".text", 1, 6, base, &code),
            sec(2, ".symtab", SHT_SYMTAB, 0, 0, &symtab),
            sec(3, ".strtab", 3, 0, 0, &strtab),
        ],
    };
    let isa = Isa {
        max_words: 3,
        is_branch: toy_branch,
        decode: |w: &[u32; 4], n: usize, text: &mut gpuisa_amdgpu::gcn::fmt::Out| {
            let mut s = String::new();
            let r = toy_decode(w, n, &mut s);
            text.push_str(&s);
            r
        },
    };
    let mut got = Vec::new();
    list("toy.o", &elf, isa, &mut got).expect("listing");
    let got = String::from_utf8(got).expect("utf-8");
    let want = reference("toy.o", &elf, &syms);
    assert!(
        got == want,
        "seed {seed}: {}",
        common::first_difference(&got, &want)
    );
}

mod common;

#[test]
fn lister_matches_reference() {
    for seed in 0..400 {
        one_case(seed);
    }
}
