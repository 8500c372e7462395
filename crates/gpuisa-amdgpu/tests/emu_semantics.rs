//! Per-instruction semantics of the GCN (gfx6-gfx9) wave emulator: every SALU and VALU
//! operation against reference values computed here, independently of the emulator (Rust's
//! integer and f32/f64 arithmetic, a small soft-float for f16 and rounding, the ISA's
//! definitions of each operation).

#[path = "semantics/coverage.rs"]
mod coverage;
#[path = "semantics/gcn_buffer_lds.rs"]
mod gcn_buffer_lds;
#[path = "semantics/gcn_coverage.rs"]
mod gcn_coverage;
#[path = "semantics/gcn_gaps.rs"]
mod gcn_gaps;
#[path = "semantics/harness.rs"]
mod harness;
#[path = "semantics/operands.rs"]
mod operands;
#[path = "semantics/rounding.rs"]
mod rounding;
#[path = "semantics/salu.rs"]
mod salu;
#[path = "semantics/sdwa_dpp.rs"]
mod sdwa_dpp;
#[path = "semantics/softfloat.rs"]
mod softfloat;
#[path = "semantics/typed_buffer.rs"]
mod typed_buffer;
#[path = "semantics/valu_f16.rs"]
mod valu_f16;
#[path = "semantics/valu_f32.rs"]
mod valu_f32;
#[path = "semantics/valu_f64.rs"]
mod valu_f64;
#[path = "semantics/valu_f64_helpers.rs"]
mod valu_f64_helpers;
#[path = "semantics/valu_int.rs"]
mod valu_int;
