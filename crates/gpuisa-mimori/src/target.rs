//! The `mimori` target of the `gpuisa` command line (placeholder until written).
use gpuisa_core::target::*;
pub struct Mimori;
pub static TARGET: Mimori = Mimori;
impl Target for Mimori {
    fn name(&self) -> &'static str {
        "mimori"
    }
    fn family(&self) -> &'static str {
        "MIMORI 30-bit"
    }
    fn description(&self) -> &'static str {
        "MIMORI's 30-bit SIMD ALU ISA"
    }
    fn capabilities(&self) -> Capabilities {
        Capabilities::default()
    }
    fn word_bytes(&self) -> usize {
        4
    }
    fn disassemble(
        &self,
        _r: &DisasmRequest<'_>,
        _o: &mut dyn std::io::Write,
        _d: &mut dyn std::io::Write,
    ) -> Result<DisasmSummary, ToolError> {
        Err(ToolError::new("todo"))
    }
    fn assemble(&self, _r: &AsmRequest<'_>) -> AsmOutput {
        AsmOutput::default()
    }
}
