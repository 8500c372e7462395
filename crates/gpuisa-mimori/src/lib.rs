//! MIMORI's 30-bit ALU ISA: the instruction model, assembler, disassembler and cycle-level emulator.
//!
//! Where things are:
//! - [`inst`]: the word layout, [`inst::Inst`], [`inst::decode`] / [`inst::encode`] (total over 2^30 words);
//! - [`syntax::print`] and [`syntax::parse`]: the assembly syntax of docs/mimori.md;
//! - [`exec`]: the emulator (machine state, run files, semantics of every opcode, both profiles);
//! - [`target`]: the `gpuisa` CLI glue (`--arch mimori`).

pub mod exec;
pub mod inst;
pub mod syntax;
pub mod target;

pub use target::TARGET;
