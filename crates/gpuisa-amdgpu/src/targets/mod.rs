//! The `gpuisa` targets of the AMD ISAs, each a [`gpuisa_core::target::Target`]: what the CLI
//! calls for `disasm`, `asm`, `run` and `timing` on `--arch gfx900` or `gfx1100`. This is the
//! layer above the ISA modules: it ties the decoders and printers (`gcn`, `rdna3`), the
//! assembler driver (`assembler`), the emulator (`exec`), the timing model (`timing`) and the
//! JSON listing (`listing_json`) together, so that none of those depends on another's front end.
//! - [`gcn`]: gfx600 ... gfx906 (and the listings shared with gfx11: raw words, `--bytes`,
//!   `--json` input handling);
//! - [`gfx11`]: gfx1100 ... gfx1103.

pub mod gcn;
pub mod gfx11;

use gpuisa_core::target::{AsmOutput, AsmRequest, Capabilities};

/// The capabilities of an AMD target: assembler, disassembler and emulator, and the timing model
/// (`gpuisa time`, occupancy, info) where `time`.
pub(crate) fn capabilities(time: bool) -> Capabilities {
    Capabilities {
        asm: true,
        disasm: true,
        run: true,
        time,
    }
}

/// Whether `elf` is an AMDGPU code object for the processor whose e_flags machine number
/// (EF_AMDGPU_MACH_*) is `mach`.
pub(crate) fn claims_elf(mach: u32, elf: &gpuisa_core::elf::Elf<'_>) -> bool {
    elf.machine == gpuisa_core::elf::EM_AMDGPU && elf.flags & 0xff == mach
}

/// Runs an assembler over `req` with its C block comments blanked (same offsets), as the
/// object-file assembler does.
pub(crate) fn assemble(
    req: &AsmRequest<'_>,
    asm: impl Fn(&AsmRequest<'_>) -> AsmOutput,
) -> AsmOutput {
    if !req.source.contains("/*") {
        return asm(req);
    }
    let blanked = crate::assembler::blank_block_comments(req.source);
    let r = AsmRequest {
        file_name: req.file_name,
        source: &blanked,
        options: req.options.clone(),
    };
    asm(&r)
}
