//! SDWA and DPP forms of VOP1/VOP2/VOPC (src0 = 0xf9 / 0xfa), gfx8 and gfx9.

use super::decode::Decoded;
use super::table::Entry;
use super::{Enc, Gen};

pub fn sdwa_dpp(
    _gen: Gen,
    _enc: Enc,
    _e: &Entry,
    _w: &[u32; 3],
    _out: &mut String,
) -> Result<Decoded, ()> {
    Err(())
}
