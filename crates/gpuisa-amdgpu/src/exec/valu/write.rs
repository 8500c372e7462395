//! The write of one lane's VALU result: output modifiers (omod, then clamp), denormal flushing,
//! f16 rounding and where a 16-bit result goes (op_sel[3]: the high half; gfx11 keeps the
//! other half, gfx8/gfx9 zero-extend).

use super::math::*;
use crate::exec::wave::Wave;
use crate::gcn::inst::TInst;

/// Result kinds: F(f32), D(f64), H(f16 computed in f64), I(raw bits).
pub(super) enum Res {
    F(f32),
    D(f64),
    H(f64),
    I(u64),
}

/// The instruction-wide facts the write needs.
pub(super) struct Out {
    pub omod_mul: f64,
    /// MODE.DX10_CLAMP: clamp turns NaN into 0.
    pub dx10: bool,
    pub ftz_out: bool,
    pub ftz64_out: bool,
    pub rm64: u32,
    pub dst16_hi: bool,
    pub dst16_lo_keep: bool,
    pub dst_n: u8,
}

pub(super) fn write(w: &mut Wave, i: &TInst, vdst: usize, l: usize, r: Res, o: &Out) {
    use Res::*;
    match r {
        F(x) => {
            let mut x = x;
            if i.omod != 0 && !x.is_nan() {
                x = (x as f64 * o.omod_mul) as f32;
            }
            if i.clamp {
                x = if x.is_nan() {
                    if o.dx10 {
                        0.0
                    } else {
                        x
                    }
                } else {
                    x.clamp(0.0, 1.0)
                };
            }
            if o.ftz_out {
                x = ftz32(x);
            }
            w.vset(vdst, l, x.to_bits());
        }
        D(x) => {
            let mut x = x;
            if i.omod != 0 && !x.is_nan() {
                x *= o.omod_mul;
            }
            if i.clamp {
                x = if x.is_nan() {
                    if o.dx10 {
                        0.0
                    } else {
                        x
                    }
                } else {
                    x.clamp(0.0, 1.0)
                };
            }
            if o.ftz64_out && x.is_subnormal() {
                x = 0f64.copysign(x);
            }
            let b = x.to_bits();
            w.vset(vdst, l, b as u32);
            w.vset(vdst + 1, l, (b >> 32) as u32);
        }
        H(x) => {
            let mut x = x;
            if i.omod != 0 && !x.is_nan() {
                x *= o.omod_mul;
            }
            if i.clamp {
                x = if x.is_nan() {
                    if o.dx10 {
                        0.0
                    } else {
                        x
                    }
                } else {
                    x.clamp(0.0, 1.0)
                };
            }
            // gfx9 writes a 16-bit result zero-extended (opsel selects the half on gfx9 VOP3).
            let h = ftz16_if(o.ftz64_out, round16(x, o.rm64)) as u32;
            let v = if i.opsel & 8 != 0 {
                (w.vget(vdst, l) & 0xffff) | h << 16
            } else if i.gfx11 {
                (w.vget(vdst, l) & 0xffff_0000) | h
            } else {
                h
            };
            w.vset(vdst, l, v);
        }
        I(x) if o.dst16_hi => w.vset(vdst, l, (w.vget(vdst, l) & 0xffff) | (x as u32) << 16),
        I(x) if o.dst16_lo_keep => w.vset(
            vdst,
            l,
            (w.vget(vdst, l) & 0xffff_0000) | (x as u32 & 0xffff),
        ),
        I(x) => {
            w.vset(vdst, l, x as u32);
            if o.dst_n >= 2 {
                w.vset(vdst + 1, l, (x >> 32) as u32);
            }
        }
    }
}
