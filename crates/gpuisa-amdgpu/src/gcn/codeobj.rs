//! AMD code objects (ELF, EM_AMDGPU): symbols, kernel descriptors, `llvm-objdump -d` style listing.

use super::target::GcnTarget;
use gpuisa_core::target::{DisasmRequest, DisasmSummary, ToolError};
use std::io::Write;

pub const EM_AMDGPU: u16 = 224;

pub fn disassemble_elf(
    _t: &GcnTarget,
    _req: &DisasmRequest<'_>,
    _out: &mut dyn Write,
) -> Result<DisasmSummary, ToolError> {
    Err(ToolError::new("code objects: not yet"))
}
