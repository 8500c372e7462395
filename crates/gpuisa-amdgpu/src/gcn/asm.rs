//! The assembler: LLVM's GCN syntax (and CLRX's where it differs) to machine code.

use super::Gen;
use gpuisa_core::target::{AsmOutput, AsmRequest};
use gpuisa_core::{Diagnostic, Span};

pub fn assemble(_gen: Gen, req: &AsmRequest<'_>) -> AsmOutput {
    AsmOutput {
        diagnostics: vec![Diagnostic::error(
            Span::new(0, req.source.len().min(1)),
            "the GCN assembler is not available yet",
        )],
        ..Default::default()
    }
}
