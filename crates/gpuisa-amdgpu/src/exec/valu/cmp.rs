//! VALU compares, lane by lane: the result mask of the active lanes (the caller writes it).

use super::math::*;
use crate::exec::wave::Wave;

type Get<'a, T> = &'a dyn Fn(&Wave, usize, usize) -> T;

/// The mask of `cond` on each active lane's operands of type `ty` (`get`: raw source bits
/// after modifiers, `f32in` / `f64in`: float sources after MODE's denormal flushing).
#[allow(clippy::too_many_arguments)]
pub(super) fn compare(
    w: &Wave,
    lanes: usize,
    exec: u64,
    (cond, ty): (crate::op::Cond, Ty),
    class_mask: &dyn Fn(&Wave, usize) -> u32,
    get: Get<'_, u64>,
    f32in: Get<'_, f32>,
    f64in: Get<'_, f64>,
) -> u64 {
    let mut bits = 0u64;
    for l in 0..lanes {
        if exec >> l & 1 == 0 {
            continue;
        }
        let r = if cond == crate::op::Cond::Class {
            let mask = class_mask(w, l);
            match ty {
                Ty::F32 => cmp_class32(get(w, 0, l) as u32, mask),
                Ty::F64 => cmp_class64(get(w, 0, l), mask),
                _ => cmp_class16(get(w, 0, l) as u16, mask),
            }
        } else {
            match ty {
                Ty::F32 => fcmp(cond, f32in(w, 0, l) as f64, f32in(w, 1, l) as f64),
                Ty::F64 => fcmp(cond, f64in(w, 0, l), f64in(w, 1, l)),
                Ty::F16 => fcmp(
                    cond,
                    f16_to_f32(get(w, 0, l) as u16) as f64,
                    f16_to_f32(get(w, 1, l) as u16) as f64,
                ),
                Ty::I32 => icmp(cond, get(w, 0, l) as i32, get(w, 1, l) as i32),
                Ty::U32 => icmp(cond, get(w, 0, l) as u32, get(w, 1, l) as u32),
                Ty::I64 => icmp(cond, get(w, 0, l) as i64, get(w, 1, l) as i64),
                Ty::U64 => icmp(cond, get(w, 0, l), get(w, 1, l)),
                Ty::I16 => icmp(cond, get(w, 0, l) as i16, get(w, 1, l) as i16),
                Ty::U16 => icmp(cond, get(w, 0, l) as u16, get(w, 1, l) as u16),
            }
        };
        bits |= (r as u64) << l;
    }
    bits
}
