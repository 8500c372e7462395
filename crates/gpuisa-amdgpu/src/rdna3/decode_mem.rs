//! Scalar (SOP1/SOP2/SOPC/SOPK/SOPP, SMEM) and memory/export encodings.

use super::decode::{Decoded, Res};
use std::fmt::Write;

pub fn decode(w: &[u32; 4], _n: usize, _wave64: bool, out: &mut String) -> Res {
    let w0 = w[0];
    if w0 >> 16 == 0xbf80 {
        let _ = write!(out, "s_nop 0x{:x}", w0 & 0xffff);
        return Ok(Decoded {
            len: 1,
            class: "SOPP",
        });
    }
    Err(())
}
