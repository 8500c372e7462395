//! AMD GPUs: GCN 1.2-1.4 (gfx8, gfx9) assembler, disassembler and code objects; RDNA3 (gfx11) later.
//!
//! Rooms: `gcn/` holds the GCN instruction model, tables, decoder, printer, assembler and code
//! objects (see `gcn/mod.rs` for the map); `timing/` holds the GCN timing and occupancy model.

pub mod gcn;
pub mod rdna3;
pub mod timing;

pub use gcn::target::TARGETS;
