//! AMD GPUs: GCN 1.0-1.4 (gfx6-gfx9) and RDNA3 (gfx11): instruction model, assembler, disassembler,
//! code objects, the wave emulator and the GCN timing model.
//!
//! Rooms (docs/architecture.md has the full map): `op.rs` the `Op` enum of every operation,
//! generated from `data/`; `gcn/` the GCN tables, typed instruction (`inst.rs`), decoder,
//! printer, assembler and code objects; `rdna3/` the same for gfx11; `objdump/` the
//! `llvm-objdump -d` listing of code objects both use; `listing_json` the `--json` listing;
//! `exec/` the wave emulator for both families; `timing/` the GCN timing and occupancy model.

pub mod assembler;
pub mod bufformat;
pub mod exec;
pub mod fields;
pub mod gcn;
pub mod listing_json;
pub mod objdump;
pub mod op;
pub mod rdna3;
pub mod swizzle;
pub mod targets;
pub mod text;
pub mod timing;

pub use targets::gcn::TARGETS;
