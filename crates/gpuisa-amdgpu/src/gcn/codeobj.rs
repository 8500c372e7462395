//! AMD code objects (ELF, EM_AMDGPU, code object v3-v5): symbols, kernel descriptors (`.kd`) and
//! the `llvm-objdump -d` style listing (`gpuisa disasm kernel.o`, `--kernels`).

use super::{decode, inst, print, Enc, Gen};
use gpuisa_core::elf::{Elf, Symbol};
use gpuisa_core::target::{DisasmRequest, DisasmSummary, ToolError};
use std::io::Write;

pub use crate::objdump::EM_AMDGPU;
use crate::objdump::STT_FUNC;
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

/// Is `w0` the first dword of a SOPP branch with a PC-relative target on generation `G` (its
/// `Gen as u8`)? `s_branch` and `s_cbranch_*`, by the operation's facts; not `s_call_b64`
/// (llvm-objdump-19 prints no target for it) nor gfx6-gfx8's fork/join.
fn is_branch<const G: u8>(w0: u32) -> bool {
    const GENS: [Gen; 5] = [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906];
    let gen = GENS[G as usize % GENS.len()];
    decode::encoding_of(gen, w0) == Some(Enc::Sopp)
        && crate::gcn::table::entry(
            gen,
            Enc::Sopp,
            crate::fields::sopp::op(crate::fields::G::of(gen), &[w0]),
        )
        .is_some_and(|e| e.id.facts().branch.is_pc_relative())
}

/// Prints a code object like `llvm-objdump-19 -d`, or its kernels with `--kernels`.
pub fn disassemble_elf(
    gen: Gen,
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
                kd.sgprs(gen),
                kd.group_segment_size,
                kd.private_segment_size,
                kd.kernarg_size,
                kd.wave_size()
            )?;
            sum.instructions += 1;
        }
        return Ok(sum);
    }
    // The instruction every miss is decoded into.
    let mut t = inst::TInst::blank(crate::op::Op::EXP, Enc::Exp, gen, 1, [0; 3]);
    let isa = crate::objdump::Isa {
        max_words: 3,
        is_branch: match gen {
            Gen::Gfx6 => is_branch::<0>,
            Gen::Gfx7 => is_branch::<1>,
            Gen::Gfx8 => is_branch::<2>,
            Gen::Gfx9 => is_branch::<3>,
            Gen::Gfx906 => is_branch::<4>,
        },
        decode: move |w: &[u32; 4], n: usize, text: &mut crate::gcn::fmt::Out| {
            // decode -> `TInst` -> print, the operands' register classes checked as they are
            // printed (`print_to` says whether all were valid): one pass over the operands.
            inst::decode_fields_into(gen, &[w[0], w[1], w[2]], n, &mut t).map_err(|_| ())?;
            if !print::print_to(&t, text) {
                return Err(());
            }
            // llvm-objdump's warnings (misaligned register ranges) follow the encoding: they go
            // after a WARNING byte, which the lister puts there.
            if text.n_warnings() != 0 {
                text.push_warning(&text.warnings());
            }
            // A text cut at the buffer's end cannot happen (see `fmt::OUT_CAP`); never list it.
            if text.overflowed() {
                return Err(());
            }
            Ok(t.len as usize)
        },
    };
    crate::objdump::list(req.file_name, &elf, isa, out)
}
