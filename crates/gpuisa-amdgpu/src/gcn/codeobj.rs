//! AMD code objects (ELF, EM_AMDGPU, code object v3-v5): symbols, kernel descriptors (`.kd`) and
//! the `llvm-objdump -d` style listing (`gpuisa disasm kernel.o`, `--kernels`).

use super::target::GcnTarget;
use super::{decode, Gen};
use gpuisa_core::elf::{Elf, Symbol};
use gpuisa_core::target::{DisasmRequest, DisasmSummary, ToolError};
use std::fmt::Write as _;
use std::io::Write;

pub const EM_AMDGPU: u16 = 224;
const SHF_EXECINSTR: u64 = 4;
const STT_FUNC: u8 = 2;
const STT_OBJECT: u8 = 1;

/// The fields of a kernel descriptor (`NAME.kd`, 64 bytes) that describe a kernel's resources.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelDescriptor {
    pub name: String,
    pub kd_address: u64,
    pub group_segment_size: u32,
    pub private_segment_size: u32,
    pub kernarg_size: u32,
    pub entry_offset: i64,
    pub rsrc1: u32,
    pub rsrc2: u32,
    pub rsrc3: u32,
    pub code_properties: u16,
}

impl KernelDescriptor {
    pub fn parse(name: &str, kd_address: u64, b: &[u8]) -> Option<Self> {
        if b.len() < 64 {
            return None;
        }
        let u32_at = |o: usize| u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]]);
        let mut e = [0u8; 8];
        e.copy_from_slice(&b[16..24]);
        Some(KernelDescriptor {
            name: name.to_string(),
            kd_address,
            group_segment_size: u32_at(0),
            private_segment_size: u32_at(4),
            kernarg_size: u32_at(8),
            entry_offset: i64::from_le_bytes(e),
            rsrc3: u32_at(44),
            rsrc1: u32_at(48),
            rsrc2: u32_at(52),
            code_properties: u16::from_le_bytes([b[56], b[57]]),
        })
    }
    /// VGPRs allocated (granule of 4 on GCN).
    pub fn vgprs(&self) -> u32 {
        ((self.rsrc1 & 0x3f) + 1) * 4
    }
    /// SGPRs allocated (granule of 8 on gfx8/gfx9, 16 SGPR blocks before).
    pub fn sgprs(&self, _gen: Gen) -> u32 {
        (((self.rsrc1 >> 6) & 0xf) + 1) * 8
    }
    pub fn wave_size(&self) -> u32 {
        if self.code_properties & (1 << 10) != 0 {
            32
        } else {
            64
        }
    }
    pub fn entry(&self) -> u64 {
        self.kd_address.wrapping_add(self.entry_offset as u64)
    }
}

/// Every kernel descriptor of a code object (symbols `*.kd`).
pub fn kernels(elf: &Elf<'_>) -> Vec<KernelDescriptor> {
    let syms = elf.symbols().unwrap_or_default();
    let mut out = Vec::new();
    for s in syms
        .iter()
        .filter(|s| s.kind == STT_OBJECT && s.name.ends_with(".kd"))
    {
        let Some(sec) = elf.sections.get(s.shndx as usize) else {
            continue;
        };
        let off = s.value.wrapping_sub(sec.addr) as usize;
        if let Some(b) = sec.data.get(off..off.saturating_add(64)) {
            if let Some(kd) = KernelDescriptor::parse(s.name.trim_end_matches(".kd"), s.value, b) {
                out.push(kd);
            }
        }
    }
    out
}

/// The three dwords at `pos` (zeros past the end).
#[inline]
fn read_words(code: &[u8], pos: usize) -> [u32; 3] {
    match code.get(pos..pos.saturating_add(12)) {
        Some(&[a, b, c, d, e, f, g, h, i, j, k, l]) => [
            u32::from_le_bytes([a, b, c, d]),
            u32::from_le_bytes([e, f, g, h]),
            u32::from_le_bytes([i, j, k, l]),
        ],
        _ => decode::words_at(code, pos),
    }
}

/// A listing line without its address: `\tTEXT`, padded to llvm-objdump's comment column (at
/// least one space), `// `, a 12-digit placeholder for the address, then `: WORD WORD`. Returns
/// where the address goes, plus 1 << 16 for a branch (whose target label follows the words).
fn line_parts(text: &str, words: &[u32], out: &mut Vec<u8>) -> u32 {
    const PAD: &[u8] = b"                                                            ";
    out.push(b'\t');
    out.extend_from_slice(text.as_bytes());
    out.extend_from_slice(&PAD[..59usize.saturating_sub(text.len()).max(1).min(PAD.len())]);
    out.extend_from_slice(b"// ");
    let split = out.len() as u32;
    out.extend_from_slice(b"000000000000:");
    for w in words {
        let mut h = [b' '; 9];
        super::fmt::upper_hex_into(&mut h[1..], *w as u64);
        out.extend_from_slice(&h);
    }
    split | (is_branch(text.as_bytes()) as u32) << 16
}

/// Does the text (at the start of `text`) name a branch with a PC-relative target?
fn is_branch(text: &[u8]) -> bool {
    text.starts_with(b"s_branch ")
        || text.starts_with(b"s_cbranch_")
            && !text.starts_with(b"s_cbranch_join")
            && !text.starts_with(b"s_cbranch_g_fork")
            && !text.starts_with(b"s_cbranch_i_fork")
}

/// Prints a code object like `llvm-objdump-19 -d`, or its kernels with `--kernels`.
pub fn disassemble_elf(
    t: &GcnTarget,
    req: &DisasmRequest<'_>,
    out: &mut dyn Write,
) -> Result<DisasmSummary, ToolError> {
    let elf =
        Elf::parse(req.data).map_err(|e| ToolError::new(format!("{}: {}", req.file_name, e.0)))?;
    if elf.machine != EM_AMDGPU {
        return Err(ToolError::new(format!(
            "{}: not an AMDGPU code object (e_machine {})",
            req.file_name, elf.machine
        )));
    }
    let syms: Vec<Symbol<'_>> = elf.symbols().unwrap_or_default();
    let mut sum = DisasmSummary::default();
    if req.options.kernels {
        for kd in kernels(&elf) {
            let func = syms
                .iter()
                .find(|s| s.name == kd.name && s.kind == STT_FUNC);
            let code_size = func.map_or(0, |s| s.size);
            // In a relocatable object the descriptor's entry offset is filled in by the linker:
            // the kernel's code is where its function symbol is.
            let entry = match (elf.kind, func) {
                (1, Some(f)) => f.value,
                _ => kd.entry(),
            };
            writeln!(
                out,
                "{}: entry 0x{:x}, code {} bytes, vgprs {}, sgprs {}, lds {} bytes, scratch {} bytes, kernarg {} bytes, wave{}",
                kd.name,
                entry,
                code_size,
                kd.vgprs(),
                kd.sgprs(t.gen),
                kd.group_segment_size,
                kd.private_segment_size,
                kd.kernarg_size,
                kd.wave_size()
            )?;
            sum.instructions += 1;
        }
        return Ok(sum);
    }
    // The listing is built in one reused byte buffer, written out every 64 KiB (a buffer that stays
    // in cache: no page faults for a whole-listing allocation, few write calls).
    const CHUNK: usize = 1 << 16;
    let mut s: Vec<u8> = Vec::with_capacity(CHUNK + 4096);
    let _ = write!(s, "\n{}:\tfile format elf64-amdgpu\n", req.file_name);
    let (mut long, mut invalid) = (String::new(), Vec::new());
    let mut cache = super::cache::DecodeCache::new(t.gen);
    for sec in elf.sections.iter().filter(|x| x.flags & SHF_EXECINSTR != 0) {
        let _ = write!(s, "\nDisassembly of section {}:\n", sec.name);
        let mut funcs: Vec<&Symbol<'_>> = syms
            .iter()
            .filter(|y| {
                y.shndx as usize == sec.index
                    && (y.kind == STT_FUNC || y.kind == 0)
                    && !y.name.is_empty()
            })
            .collect();
        funcs.sort_by_key(|y| y.value);
        funcs.dedup_by_key(|y| y.value);
        let end = sec.addr + sec.data.len() as u64;
        for (i, f) in funcs.iter().enumerate() {
            let stop = funcs.get(i + 1).map_or(end, |n| n.value).min(end);
            let _ = write!(s, "\n{:016x} <{}>:\n", f.value, f.name);
            let mut addr = f.value.max(sec.addr);
            while addr + 4 <= stop {
                let pos = (addr - sec.addr) as usize;
                let words = read_words(sec.data, pos);
                let n = ((stop - addr) / 4).min(3) as usize;
                // The line less its address, `\tTEXT<padding>// ` and `: WORDS`, is rendered
                // once per distinct instruction (see gcn::cache); the tag holds where the
                // address goes and whether the instruction branches.
                let words_at = words;
                let (len, line, tag) = match cache.decode_with(&words, n, |text, d, o| {
                    line_parts(text, &words_at[..d.len as usize], o)
                }) {
                    Ok((d, line, tag)) => {
                        sum.instructions += 1;
                        (d.len as usize, line, tag)
                    }
                    Err(()) => {
                        sum.invalid += 1;
                        long.clear();
                        let _ = write!(long, ".long 0x{:08x}", words[0]);
                        invalid.clear();
                        let tag = line_parts(&long, &words[..1], &mut invalid);
                        (1, invalid.as_slice(), tag)
                    }
                };
                // One copy of the cached line, then its 12-digit address in place.
                let at = s.len() + (tag & 0xffff) as usize;
                s.extend_from_slice(line);
                if addr >> 48 == 0 {
                    super::fmt::upper_hex_into(&mut s[at..at + 12], addr);
                } else {
                    // Wider addresses (never seen in code objects) shift the rest of the line.
                    let wide = format!("{addr:X}");
                    s.splice(at..at + 12, wide.bytes());
                }
                if tag >> 16 != 0 {
                    let imm = (words[0] & 0xffff) as i16 as i64;
                    let target = (addr as i64 + 4 + imm * 4) as u64;
                    // `funcs` is sorted by address: the last symbol at or before the target.
                    let k = funcs.partition_point(|g| g.value <= target);
                    if let Some(g) = k.checked_sub(1).map(|k| funcs[k]) {
                        if target == g.value {
                            let _ = write!(s, " <{}>", g.name);
                        } else {
                            let _ = write!(s, " <{}+0x{:x}>", g.name, target - g.value);
                        }
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
