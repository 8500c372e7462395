//! The warp-wide interpreter for Maxwell SASS.
//!
//! - [`mem`]: constant banks (with LDC's bank and address rules) and global buffers;
//! - [`warp`]: one warp's registers, predicates, condition codes and per-lane control stacks as
//!   lane arrays, and the issue loop (the lanes at the lowest PC issue together; SSY/SYNC,
//!   PBK/BRK, PCNT/CONT and CAL/RET keep per-lane tokens, so divergent lanes reconverge where
//!   the hardware's stack would join them);
//! - [`sem`]: the semantics of each instruction over all active lanes, by family
//!   (`sem/{control,int,fpu,memory,video}.rs`);
//! - [`float`]: rounding in the four modes, flush-to-zero, MUFU (accuracy documented there);
//! - [`launch`]: grids of blocks of warps (warps of a block interleave at BAR.SYNC), shared and
//!   local memory, the `gpuisa run` front end.
//!
//! Every failure is an [`ExecError`]: a [`FaultKind`], the instruction address and text, the
//! block, warp and lane, and the memory address when there is one.

pub mod float;
pub mod launch;
pub mod mem;
pub mod sem;
pub mod warp;

pub use launch::{run_kernel, run_request, Kernel, Launch};
pub use mem::{ConstBanks, Memory};
pub use sem::Fault;
pub use warp::Warp;

use std::fmt;

/// What went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// An instruction (or a modifier of it) the interpreter does not model.
    Unsupported,
    /// A word no table form knows, or an invalid field value (LDC size 6, ...).
    Invalid,
    /// An access not aligned to its size, or a misaligned register pair.
    Misaligned,
    /// A global, shared or local access outside the memory that exists.
    OutOfBounds,
    /// The instruction budget ran out (an endless loop, or `--max-instructions`).
    Budget,
    /// Execution reached an address outside the code.
    LeftCode,
    /// SYNC/BRK/CONT/RET without its token, or a control stack deeper than 256.
    ControlStack,
}

/// A fault: kind, where (instruction, block, warp, lane) and the address involved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExecError {
    pub kind: FaultKind,
    pub pc: u64,
    /// The instruction's text (empty if it did not decode).
    pub inst: String,
    pub message: String,
    pub block: [u32; 3],
    /// Warp number within the block.
    pub warp: u32,
    pub lane: Option<u32>,
    /// Memory address of the faulting access (byte address in its space).
    pub addr: Option<u64>,
}

impl fmt::Display for ExecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.inst.is_empty() {
            write!(f, "fault at 0x{:04x}: {}", self.pc, self.message)?;
        } else {
            write!(
                f,
                "fault at 0x{:04x} ({}): {}",
                self.pc, self.inst, self.message
            )?;
        }
        let [x, y, z] = self.block;
        write!(f, " [block ({x},{y},{z}), warp {}", self.warp)?;
        if let Some(l) = self.lane {
            write!(f, ", lane {l}")?;
        }
        if let Some(a) = self.addr {
            write!(f, ", address 0x{a:x}")?;
        }
        write!(f, "]")
    }
}

impl std::error::Error for ExecError {}
