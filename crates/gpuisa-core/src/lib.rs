//! `gpuisa-core`: the small vocabulary every ISA crate of gpuisa shares.
//!
//! Nothing here knows an instruction set. It holds:
//! - [`target`]: the [`Target`](target::Target) trait every ISA implements and the request/option types
//!   the `gpuisa` command line passes to it;
//! - [`diag`]: assembler diagnostics (`file:line:col: error: message` plus a help line);
//! - [`input`]: readers for the textual inputs shared by all targets (hex words, llvm-mc byte lists);
//! - [`elf`]: a bounds-checked, allocation-light ELF64 reader for AMD code objects and cubins;
//! - [`bits`]: bit-field helpers; [`rng`]: a tiny deterministic PRNG for fuzz and differential tests.

pub mod bits;
pub mod diag;
pub mod elf;
pub mod hash;
pub mod input;
pub mod json;
pub mod npy;
pub mod rng;
pub mod target;

pub use diag::{Diagnostic, Severity, Span};
pub use target::{Target, ToolError};
