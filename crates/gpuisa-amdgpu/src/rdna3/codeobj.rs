//! gfx11 code objects: the `llvm-objdump -d` style listing of an AMDGPU ELF.

use super::target::RdnaTarget;
use gpuisa_core::target::{DisasmRequest, DisasmSummary, ToolError};
use std::io::Write;

pub fn disassemble_elf(
    _t: &RdnaTarget,
    req: &DisasmRequest<'_>,
    _out: &mut dyn Write,
) -> Result<DisasmSummary, ToolError> {
    Err(ToolError::new(format!(
        "{}: gfx11 code objects are not read yet",
        req.file_name
    )))
}
