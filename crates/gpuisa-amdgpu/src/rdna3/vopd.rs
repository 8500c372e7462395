//! VOPD dual issue (`v_dual_X ... :: v_dual_Y ...`).

use super::decode::Res;

pub fn vopd(_w: &[u32; 4], _n: usize, _out: &mut String) -> Res {
    Err(())
}
