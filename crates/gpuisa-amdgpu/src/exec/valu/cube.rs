//! The cube map operations (`v_cubeid/sc/tc/ma_f32`).

use crate::op::Op;

/// Cube map coordinates of the direction (S0, S1, S2) = (`a`, `b`, `c`): the major axis is z,
/// then y, then x (ties go to the later axis); the face id, the S and T coordinates and twice
/// the major axis, as AMD's pseudocode.
pub(super) fn cube(op: Op, a: f32, b: f32, c: f32) -> f32 {
    use Op::*;
    let (x, y, z) = (a, b, c);
    let face = if z.abs() >= x.abs() && z.abs() >= y.abs() {
        2
    } else if y.abs() >= x.abs() {
        1
    } else {
        0
    };
    let major = [x, y, z][face];
    match (op, face) {
        (V_CUBEID_F32, _) => (2 * face) as f32 + if major < 0.0 { 1.0 } else { 0.0 },
        (V_CUBEMA_F32, _) => 2.0 * major,
        (V_CUBESC_F32, 2) => {
            if z < 0.0 {
                -x
            } else {
                x
            }
        }
        (V_CUBESC_F32, 1) => x,
        (V_CUBESC_F32, _) => {
            if x < 0.0 {
                z
            } else {
                -z
            }
        }
        (V_CUBETC_F32, 1) => {
            if y < 0.0 {
                -z
            } else {
                z
            }
        }
        _ => -y,
    }
}
