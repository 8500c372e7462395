//! gfx11 code objects: the `llvm-objdump-19 -d` listing (the shared [`crate::objdump`] lister with
//! the gfx11 decoder) and `--kernels`. The kernel-descriptor reader is shared with GCN
//! ([`crate::gcn::codeobj::kernels`]).

use gpuisa_core::elf::{Elf, Symbol};
use gpuisa_core::target::{DisasmRequest, DisasmSummary, ToolError};
use std::io::Write;

use crate::objdump::STT_FUNC;

/// Is `w0` the first dword of a SOPP branch with a PC-relative target (`s_branch`,
/// `s_cbranch_*`, by the operation's facts)? Not `s_call_b64`: llvm-objdump-19 prints no target
/// for it.
fn is_branch(w0: u32) -> bool {
    static SOPP: std::sync::OnceLock<[bool; 128]> = std::sync::OnceLock::new();
    let t = SOPP.get_or_init(|| {
        std::array::from_fn(|op| {
            crate::op::rdna3_op("sopp", op as u32)
                .is_some_and(|o| o.facts().branch.is_pc_relative())
        })
    });
    use crate::fields::{identify, sopp, Encoding, G};
    identify(G::Gfx11, w0) == Some(Encoding::Sopp) && t[sopp::op(G::Gfx11, &[w0]) as usize & 0x7f]
}

/// Prints a code object like `llvm-objdump-19 -d` (wave size from the ELF flags or `--wave64`).
pub fn disassemble_elf(
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
    let mut lister = super::inst::Lister::default();
    let isa = crate::objdump::Isa {
        max_words: 4,
        is_branch,
        decode: move |w: &[u32; 4], n: usize, text: &mut crate::gcn::fmt::Out| {
            // check -> TInst -> print into the lister's reused `TInst`s, the text into a `String`
            // reused for the whole listing.
            s.clear();
            let len = lister.list(w, n, wave64, &mut s);
            // llvm-objdump's warnings (misaligned register ranges) follow the encoding as a
            // comment: they go after a WARNING byte, which the lister puts there.
            text.push_str(&s);
            if len.is_ok() {
                s.clear();
                if super::operand::take_warnings(&mut s) {
                    text.push_warning(&s);
                }
            }
            match len {
                Ok(_) if text.overflowed() => Err(()),
                len => len,
            }
        },
    };
    crate::objdump::list(req.file_name, &elf, isa, out)
}
