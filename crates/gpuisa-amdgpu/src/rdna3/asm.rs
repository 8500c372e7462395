//! The gfx11 assembler (llvm-mc's syntax).

use gpuisa_core::diag::Diagnostic;
use gpuisa_core::target::{AsmOutput, AsmRequest};

pub fn assemble(req: &AsmRequest<'_>) -> AsmOutput {
    let _ = req;
    AsmOutput {
        diagnostics: vec![Diagnostic::error(
            gpuisa_core::diag::Span::default(),
            "the gfx11 assembler is not written yet",
        )],
        ..AsmOutput::default()
    }
}
