//! AMD GPUs: GCN 1.2-1.4 (gfx8, gfx9) assembler, disassembler and code objects; RDNA3 (gfx11) later.
//!
//! Rooms: `gcn/` holds the GCN instruction model, tables, decoder, printer, assembler and code
//! objects (see `gcn/mod.rs` for the map); `rdna3/` the same for gfx11; `objdump/` the
//! `llvm-objdump -d` listing of code objects both use; `timing/` holds the GCN timing and occupancy model.

pub mod assembler;
pub mod exec;
pub mod gcn;
pub mod listing_json;
pub mod objdump;
pub mod op;
pub mod rdna3;
pub mod timing;

pub use gcn::target::TARGETS;
