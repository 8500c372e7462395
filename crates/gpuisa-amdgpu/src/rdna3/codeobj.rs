//! gfx11 code objects: the `llvm-objdump-19 -d` listing of an AMDGPU ELF (functions in address
//! order, `text // ADDRESS: WORDS` lines, branch targets as `<symbol+offset>`), and `--kernels`.
//! The kernel-descriptor reader is shared with GCN ([`crate::gcn::codeobj::kernels`]).

use super::decode;
use super::target::RdnaTarget;
use gpuisa_core::elf::{Elf, Symbol};
use gpuisa_core::target::{DisasmRequest, DisasmSummary, ToolError};
use std::fmt::Write as _;
use std::io::Write;

const SHF_EXECINSTR: u64 = 4;
const STT_FUNC: u8 = 2;

fn is_branch(text: &str) -> bool {
    text.starts_with("s_branch ")
        || text.starts_with("s_cbranch_")
        || text.starts_with("s_call_b64 ")
}

/// Prints a code object like `llvm-objdump-19 -d` (wave size from the ELF flags or `--wave64`).
pub fn disassemble_elf(
    _t: &RdnaTarget,
    req: &DisasmRequest<'_>,
    out: &mut dyn Write,
) -> Result<DisasmSummary, ToolError> {
    let elf =
        Elf::parse(req.data).map_err(|e| ToolError::new(format!("{}: {}", req.file_name, e.0)))?;
    if elf.machine != crate::gcn::codeobj::EM_AMDGPU {
        return Err(ToolError::new(format!(
            "{}: not an AMDGPU code object (e_machine {})",
            req.file_name, elf.machine
        )));
    }
    // EF_AMDGPU_FEATURE_WAVE64? gfx11 objects say nothing: the listing follows --wave64
    let wave64 = req.options.wave64;
    let syms: Vec<Symbol<'_>> = elf.symbols().unwrap_or_default();
    let mut sum = DisasmSummary::default();
    if req.options.kernels {
        for kd in crate::gcn::codeobj::kernels(&elf) {
            let func = syms
                .iter()
                .find(|s| s.name == kd.name && s.kind == STT_FUNC);
            let wave = kd.wave_size();
            // gfx11: VGPR granule of 8 in wave32, 4 in wave64 (rsrc1 bits 5:0)
            let vgprs = ((kd.rsrc1 & 0x3f) + 1) * if wave == 32 { 8 } else { 4 };
            writeln!(
                out,
                "{}: entry 0x{:x}, code {} bytes, vgprs {}, lds {} bytes, scratch {} bytes, kernarg {} bytes, wave{}",
                kd.name,
                func.map_or(kd.entry(), |f| f.value),
                func.map_or(0, |f| f.size),
                vgprs,
                kd.group_segment_size,
                kd.private_segment_size,
                kd.kernarg_size,
                wave
            )?;
            sum.instructions += 1;
        }
        return Ok(sum);
    }
    let mut s = String::new();
    let _ = write!(s, "\n{}:\tfile format elf64-amdgpu\n", req.file_name);
    let mut text = String::new();
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
                let words = decode::words_at(sec.data, pos);
                let n = ((stop - addr) / 4).min(4) as usize;
                text.clear();
                let len = match decode::decode(&words, n, wave64, &mut text) {
                    Ok(d) => {
                        sum.instructions += 1;
                        d.len as usize
                    }
                    Err(()) => {
                        sum.invalid += 1;
                        text.clear();
                        let _ = write!(text, ".long 0x{:08x}", words[0]);
                        1
                    }
                };
                let _ = write!(s, "\t{text}");
                for _ in text.len()..59 {
                    s.push(' ');
                }
                let _ = write!(s, "// {addr:012X}:");
                for w in words.iter().take(len) {
                    let _ = write!(s, " {w:08X}");
                }
                if is_branch(&text) {
                    let imm = (words[0] & 0xffff) as i16 as i64;
                    let target = (addr as i64 + 4 + imm * 4) as u64;
                    if let Some(g) = funcs.iter().rev().find(|g| g.value <= target) {
                        if target == g.value {
                            let _ = write!(s, " <{}>", g.name);
                        } else {
                            let _ = write!(s, " <{}+0x{:x}>", g.name, target - g.value);
                        }
                    }
                }
                s.push('\n');
                addr += len as u64 * 4;
            }
        }
    }
    out.write_all(s.as_bytes())?;
    Ok(sum)
}
