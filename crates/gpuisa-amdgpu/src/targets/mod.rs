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
