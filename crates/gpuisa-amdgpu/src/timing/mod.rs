//! GCN timing model and occupancy calculator (`gcn-instruction-timings.md`).
//!
//! Where things are:
//! - `data/gcn-timing/*.txt|tsv`: every figure of the seed, the devices (DPFACTOR), the per-generation
//!   resources, the seed's occupancy table and the ISA reference rows (encodings, opcodes, syntax).
//! - [`tables`]: parses those files (compiled in).
//! - [`figures`]: classifies a mnemonic (encoding, size, family) and gives its cycles/throughput.
//! - [`occupancy`]: waves per SIMD from VGPRs, SGPRs, LDS and work-group size.
//! - [`analysis`]: static issue-cycle analysis with the alignment and scheduling rules.
//! - [`asm_text`]: a light reader of LLVM-syntax `.s` files into [`analysis::TimedInst`]s.
//! - [`kd`]: kernel descriptors of AMD code objects. [`lds`]: LDS bank conflicts.
//! - [`report`]: text, JSON and self-contained HTML output.

pub mod analysis;
pub mod asm_text;
pub mod figures;
pub mod kd;
pub mod lds;
pub mod occupancy;
pub mod report;
pub mod tables;

#[cfg(test)]
mod analysis_tests;

use std::fmt;

/// An error of the timing tools: a message and an optional help line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimingError {
    pub message: String,
    pub help: Option<String>,
}

impl TimingError {
    pub fn new(message: impl Into<String>) -> Self {
        TimingError {
            message: message.into(),
            help: None,
        }
    }
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for TimingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TimingError {}
