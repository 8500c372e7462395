//! Per-instruction semantics of the gfx11 (RDNA3) wave emulator: VALU and SALU operations
//! against reference values computed here, independently of the emulator (Rust's integer and
//! f32/f64 arithmetic, the test-side soft-float for f16 and rounding, AMD's RDNA3 pseudocode of
//! each operation, written out in the reference functions), true16 register halves, and the
//! corner cases (NaN, infinities, signed zeros, denormals under each MODE, rounding modes,
//! clamp, overflow).

#[path = "semantics/gfx11_cmp.rs"]
mod gfx11_cmp;
#[path = "semantics/gfx11_control.rs"]
mod gfx11_control;
#[path = "semantics/gfx11_coverage.rs"]
mod gfx11_coverage;
#[path = "semantics/gfx11_div.rs"]
mod gfx11_div;
#[path = "semantics/gfx11_harness.rs"]
mod gfx11_harness;
#[path = "semantics/gfx11_lanes.rs"]
mod gfx11_lanes;
#[path = "semantics/gfx11_modes.rs"]
mod gfx11_modes;
#[path = "semantics/gfx11_salu.rs"]
mod gfx11_salu;
#[path = "semantics/gfx11_true16.rs"]
mod gfx11_true16;
#[path = "semantics/gfx11_valu.rs"]
mod gfx11_valu;
#[path = "semantics/gfx11_valu32.rs"]
mod gfx11_valu32;
#[path = "semantics/harness.rs"]
mod harness;
#[path = "semantics/softfloat.rs"]
mod softfloat;
