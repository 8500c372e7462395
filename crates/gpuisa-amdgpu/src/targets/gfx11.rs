//! The `gpuisa` targets for RDNA3: gfx1100..gfx1103 (one ISA; they differ only in the ELF
//! machine number). Wave32 is the default, `--wave64` selects wave64.

use super::gcn::disassemble_input;
use crate::rdna3::{codeobj, decode};
use gpuisa_core::target::{
    AsmOutput, AsmRequest, Capabilities, DisasmRequest, DisasmSummary, Target, ToolError,
};
use std::fmt::Write as _;
use std::io::Write;

pub struct RdnaTarget {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    /// The ELF e_flags machine number (EF_AMDGPU_MACH_AMDGCN_GFX11xx).
    pub mach: u32,
    pub description: &'static str,
}

pub static GFX1100: RdnaTarget = RdnaTarget {
    name: "gfx1100",
    aliases: &["navi31", "rdna3"],
    mach: 0x41,
    description: "Navi 31 (RX 7900)",
};
pub static GFX1101: RdnaTarget = RdnaTarget {
    name: "gfx1101",
    aliases: &["navi32"],
    mach: 0x46,
    description: "Navi 32 (RX 7800/7700)",
};
pub static GFX1102: RdnaTarget = RdnaTarget {
    name: "gfx1102",
    aliases: &["navi33"],
    mach: 0x47,
    description: "Navi 33 (RX 7600)",
};
pub static GFX1103: RdnaTarget = RdnaTarget {
    name: "gfx1103",
    aliases: &["phoenix"],
    mach: 0x44,
    description: "Phoenix APU (Radeon 780M)",
};

/// Every RDNA3 target, for the CLI registry.
pub static TARGETS: [&RdnaTarget; 4] = [&GFX1100, &GFX1101, &GFX1102, &GFX1103];

impl Target for RdnaTarget {
    fn name(&self) -> &'static str {
        self.name
    }
    fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }
    fn family(&self) -> &'static str {
        "AMD RDNA3"
    }
    fn description(&self) -> &'static str {
        self.description
    }
    fn capabilities(&self) -> Capabilities {
        super::capabilities(false)
    }
    fn run(
        &self,
        req: &gpuisa_core::target::RunRequest,
        out: &mut dyn std::io::Write,
        diag: &mut dyn std::io::Write,
    ) -> Result<(), gpuisa_core::target::ToolError> {
        crate::exec::cli::run(crate::exec::Isa::Gfx11, req, out, diag)
    }
    fn word_bytes(&self) -> usize {
        4
    }
    fn claims_elf(&self, elf: &gpuisa_core::elf::Elf<'_>) -> bool {
        super::claims_elf(self.mach, elf)
    }

    fn disassemble(
        &self,
        req: &DisasmRequest<'_>,
        out: &mut dyn Write,
        diag: &mut dyn Write,
    ) -> Result<DisasmSummary, ToolError> {
        let wave64 = req.options.wave64;
        if req.options.json {
            return super::gcn::json_input(req, out, |b, base| {
                crate::listing_json::gfx11(b, base, wave64)
            });
        }
        let mut lister = crate::rdna3::inst::Lister::default();
        disassemble_input(
            req,
            out,
            diag,
            |out| codeobj::disassemble_elf(req, out),
            |code, pos, text| {
                let w = decode::words_at(code, pos);
                let len = lister.list(&w, decode::avail(code, pos), wave64, text)? * 4;
                // A misaligned register range prints aligned, and llvm-mc's --show-encoding
                // shows the encoding of what it prints: the words of the text, re-assembled,
                // follow a WARNING byte (see `raw_listing`).
                let mut warnings = String::new();
                if crate::rdna3::operand::take_warnings(&mut warnings) {
                    if let Ok(words) = crate::rdna3::asm::assemble_inst(text, wave64) {
                        if words.len() * 4 == len {
                            text.push(crate::objdump::WARNING as char);
                            for w in words {
                                let _ = write!(text, "{w:08x}");
                            }
                        }
                    }
                }
                Ok(len)
            },
        )
    }

    fn assemble(&self, req: &AsmRequest<'_>) -> AsmOutput {
        super::assemble(req, crate::rdna3::asm::assemble)
    }
}
