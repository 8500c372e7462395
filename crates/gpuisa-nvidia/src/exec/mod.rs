//! The warp-wide interpreter for Maxwell SASS (integer and control subset, LDC exact).
//!
//! - [`mem`]: constant banks (with LDC's bank and address rules) and global buffers;
//! - [`warp`]: one warp's registers, predicates and carry flags as lane arrays, and the issue loop
//!   (divergence handled by running the lanes at the lowest PC together, which reconverges
//!   structured control flow without a stack);
//! - [`sem`]: the semantics of each instruction over all active lanes;
//! - [`launch`]: grids of blocks of warps from a cubin, and the `gpuisa run` front end.
//!
//! Every failure (unsupported instruction, misaligned LDC register or address, access outside a
//! buffer, too many steps) is an [`ExecError`] naming the instruction address.

pub mod launch;
pub mod mem;
pub mod sem;
pub mod warp;

pub use launch::{run_kernel, run_request, Kernel, Launch};
pub use mem::{ConstBanks, Memory};
pub use warp::Warp;

use std::fmt;

/// A fault or unsupported case, with the address of the instruction that raised it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExecError {
    pub pc: u64,
    /// The instruction's text (empty if it did not decode).
    pub inst: String,
    pub message: String,
}

impl fmt::Display for ExecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.inst.is_empty() {
            write!(f, "fault at 0x{:04x}: {}", self.pc, self.message)
        } else {
            write!(
                f,
                "fault at 0x{:04x} ({}): {}",
                self.pc, self.inst, self.message
            )
        }
    }
}

impl std::error::Error for ExecError {}
