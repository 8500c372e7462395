//! `gpuisa-nvidia`: NVIDIA Maxwell (sm_50, sm_52, sm_53) machine code.
//!
//! Where things are:
//! - `data/maxwell.forms`: every instruction encoding as one line of text (mnemonics are data);
//!   [`table`] reads it and indexes it by the top 16 bits;
//! - [`decode`] word -> text, [`syntax`] the printer (`syntax/print.rs`) and parser
//!   (`syntax/parse.rs`) driven by the forms;
//! - [`ctrl`] control words (stall, yield, barriers, reuse); [`listing`] nvdisasm/cuobjdump layouts;
//! - [`asm`] the assembler (listing text -> bundles, safe control words when absent);
//! - [`cubin`] ELF cubins, [`cubin_write`] code put back into one (`asm --cubin`); [`ldc`] the typed LDC instruction; [`exec`] the warp interpreter;
//! - [`target`] the `gpuisa` targets sm_50, sm_52, sm_53.

pub mod asm;
pub mod ctrl;
pub mod cubin;
pub mod cubin_write;
pub mod decode;
pub mod exec;
pub mod fmt;
pub mod ldc;
pub mod listing;
pub mod listing_json;
pub mod syntax;
pub mod table;
pub mod target;

pub use target::{SM50, SM52, SM53};

/// S2R special register names by number (data/sreg.txt, measured from nvdisasm).
pub static SREG_NAMES: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
    let mut v: Vec<&'static str> = include_str!("../data/sreg.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect();
    v.resize(256, "SR?");
    v
});
