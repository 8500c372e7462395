//! The VALU's wave-wide path: the most frequent 32-bit operations without modifiers, SDWA or DPP,
//! computed for all 64 lanes from lane arrays in tight loops (which the compiler vectorises), then
//! written under EXEC. Everything else takes the general per-lane path in `valu.rs`; both follow
//! the same semantics, and the kernel tests run through both.

use super::fast::Cond;
use super::wave::{Src, Wave, LANES, VCC};
use crate::gcn::inst::{Ext, TInst};
use crate::gcn::Enc;
use crate::op::Op;

type Lanes = [u32; LANES];

#[inline(always)]
fn load(w: &Wave, s: Src) -> Lanes {
    match s {
        Src::Const(c) => [c as u32; LANES],
        Src::V(r) => match w.v.get(r * LANES..r * LANES + LANES) {
            Some(x) => x.try_into().unwrap_or([0; LANES]),
            None => [0; LANES],
        },
    }
}

#[inline(always)]
fn store(w: &mut Wave, r: usize, exec: u64, d: &Lanes) {
    if let Some(dst) = w.v.get_mut(r * LANES..r * LANES + LANES) {
        if exec == u64::MAX || (w.lanes == 32 && exec == 0xffff_ffff) {
            dst.copy_from_slice(d);
        } else {
            // A blend under the lane mask (no branch per lane: the loop vectorises).
            for (l, x) in dst.iter_mut().enumerate() {
                let m = 0u32.wrapping_sub(((exec >> l) & 1) as u32);
                *x = (d[l] & m) | (*x & !m);
            }
        }
    }
}

/// f32 fused multiply-add over the lanes, with the FMA instruction when the CPU has it (one
/// rounding either way; the fallback is the C library's correctly rounded `fmaf`).
#[inline(always)]
fn fma_lanes(n: usize, a: &Lanes, b: &Lanes, c: &Lanes) -> Lanes {
    #[cfg(target_arch = "x86_64")]
    {
        static HAS_FMA: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        if *HAS_FMA.get_or_init(|| std::arch::is_x86_feature_detected!("fma")) {
            // SAFETY: the CPU supports FMA (checked above).
            return unsafe { fma_lanes_hw(n, a, b, c) };
        }
    }
    map3(n, a, b, c, |x, y, z| ff(x).mul_add(ff(y), ff(z)).to_bits())
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "fma")]
unsafe fn fma_lanes_hw(n: usize, a: &Lanes, b: &Lanes, c: &Lanes) -> Lanes {
    let mut d = [0u32; LANES];
    for l in 0..n.min(LANES) {
        d[l] = ff(a[l]).mul_add(ff(b[l]), ff(c[l])).to_bits();
    }
    d
}

#[inline(always)]
fn map2(n: usize, a: &Lanes, b: &Lanes, f: impl Fn(u32, u32) -> u32) -> Lanes {
    let mut d = [0u32; LANES];
    for l in 0..n.min(LANES) {
        d[l] = f(a[l], b[l]);
    }
    d
}

#[inline(always)]
fn map3(n: usize, a: &Lanes, b: &Lanes, c: &Lanes, f: impl Fn(u32, u32, u32) -> u32) -> Lanes {
    let mut d = [0u32; LANES];
    for l in 0..n.min(LANES) {
        d[l] = f(a[l], b[l], c[l]);
    }
    d
}

/// The low half of a register as an f16 value, widened exactly.
#[inline(always)]
fn hf(x: u32) -> f64 {
    super::valu::f16_to_f32(x as u16) as f64
}

/// An f16 result rounded once (to nearest even) and zero-extended.
#[inline(always)]
fn h16(x: f64) -> u32 {
    super::valu::f64_to_f16(x) as u32
}

#[inline(always)]
fn ff(x: u32) -> f32 {
    f32::from_bits(x)
}

/// Runs `i` wave-wide if it is one of the operations this path knows and it has no modifiers;
/// `false`: take the general path. `ftz`: the MODE flushes f32 denormals or rounds f32 other
/// than to nearest even (then f32 operations go the general path). `h_ok`: the MODE keeps f16
/// denormals and rounds f16 to nearest even (else f16 operations go the general path). The f16
/// operations compute as the general path does (`f16_to_f32`, the operation in f64, one
/// rounding by `f64_to_f16`, the result zero-extended), so both paths agree bit for bit.
pub fn try_exec(w: &mut Wave, i: &TInst, ftz: bool, h_ok: bool) -> bool {
    use Op::*;
    if i.ext != Ext::None || i.neg != 0 || i.abs != 0 || i.clamp || i.omod != 0 || i.opsel != 0 {
        return false;
    }
    let exec = w.exec();
    // Lanes of the wave: wave32 computes half the arrays.
    let n = w.lanes;
    let src = |w: &Wave, k: usize| w.src(i, k, false, false);
    // f16 sources: inline float constants as f16, as the general path reads them.
    let hsrc = |w: &Wave, k: usize| w.src(i, k, i.float[k], i.half[k]);
    let vdst = i.vdst as usize;
    let d: Lanes = match i.op {
        V_MOV_B32 => load(w, src(w, 0)),
        V_ADD_U32 | V_ADD_I32 => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| {
            a.wrapping_add(b)
        }),
        V_SUB_U32 | V_SUB_I32 => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| {
            a.wrapping_sub(b)
        }),
        V_SUBREV_U32 => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| {
            b.wrapping_sub(a)
        }),
        V_AND_B32 => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| a & b),
        V_OR_B32 => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| a | b),
        V_XOR_B32 => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| a ^ b),
        V_LSHLREV_B32 => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| {
            b << (a & 31)
        }),
        V_LSHRREV_B32 => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| {
            b >> (a & 31)
        }),
        V_ASHRREV_I32 => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| {
            ((b as i32) >> (a & 31)) as u32
        }),
        V_MUL_LO_U32 | V_MUL_LO_I32 => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| {
            a.wrapping_mul(b)
        }),
        V_MUL_HI_U32 => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| {
            ((a as u64 * b as u64) >> 32) as u32
        }),
        V_MUL_U32_U24 => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| {
            (a & 0xff_ffff).wrapping_mul(b & 0xff_ffff)
        }),
        V_MAD_U32_U24 => map3(
            n,
            &load(w, src(w, 0)),
            &load(w, src(w, 1)),
            &load(w, src(w, 2)),
            |a, b, c| (a & 0xff_ffff).wrapping_mul(b & 0xff_ffff).wrapping_add(c),
        ),
        V_LSHL_ADD_U32 => map3(
            n,
            &load(w, src(w, 0)),
            &load(w, src(w, 1)),
            &load(w, src(w, 2)),
            |a, b, c| (a << (b & 31)).wrapping_add(c),
        ),
        V_ADD_LSHL_U32 => map3(
            n,
            &load(w, src(w, 0)),
            &load(w, src(w, 1)),
            &load(w, src(w, 2)),
            |a, b, c| a.wrapping_add(b) << (c & 31),
        ),
        V_ADD3_U32 => map3(
            n,
            &load(w, src(w, 0)),
            &load(w, src(w, 1)),
            &load(w, src(w, 2)),
            |a, b, c| a.wrapping_add(b).wrapping_add(c),
        ),
        V_LSHL_OR_B32 => map3(
            n,
            &load(w, src(w, 0)),
            &load(w, src(w, 1)),
            &load(w, src(w, 2)),
            |a, b, c| (a << (b & 31)) | c,
        ),
        V_AND_OR_B32 => map3(
            n,
            &load(w, src(w, 0)),
            &load(w, src(w, 1)),
            &load(w, src(w, 2)),
            |a, b, c| (a & b) | c,
        ),
        V_OR3_B32 => map3(
            n,
            &load(w, src(w, 0)),
            &load(w, src(w, 1)),
            &load(w, src(w, 2)),
            |a, b, c| a | b | c,
        ),
        V_BFE_U32 => map3(
            n,
            &load(w, src(w, 0)),
            &load(w, src(w, 1)),
            &load(w, src(w, 2)),
            |a, b, c| (a >> (b & 31)) & ((1u64 << (c & 31)) - 1) as u32,
        ),
        V_BFI_B32 => map3(
            n,
            &load(w, src(w, 0)),
            &load(w, src(w, 1)),
            &load(w, src(w, 2)),
            |a, b, c| (a & b) | (!a & c),
        ),
        V_ADD_F32 if !ftz => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| {
            (ff(a) + ff(b)).to_bits()
        }),
        V_SUB_F32 if !ftz => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| {
            (ff(a) - ff(b)).to_bits()
        }),
        V_SUBREV_F32 if !ftz => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| {
            (ff(b) - ff(a)).to_bits()
        }),
        V_MUL_F32 if !ftz => map2(n, &load(w, src(w, 0)), &load(w, src(w, 1)), |a, b| {
            (ff(a) * ff(b)).to_bits()
        }),
        V_FMA_F32 if !ftz => fma_lanes(
            n,
            &load(w, src(w, 0)),
            &load(w, src(w, 1)),
            &load(w, src(w, 2)),
        ),
        V_FMAMK_F32 if !ftz => {
            fma_lanes(n, &load(w, src(w, 0)), &[i.lit; LANES], &load(w, src(w, 1)))
        }
        V_FMAAK_F32 if !ftz => {
            fma_lanes(n, &load(w, src(w, 0)), &load(w, src(w, 1)), &[i.lit; LANES])
        }
        V_FMAC_F32 if !ftz => fma_lanes(
            n,
            &load(w, src(w, 0)),
            &load(w, src(w, 1)),
            &load(w, Src::V(vdst)),
        ),
        V_CVT_F32_U32 if !ftz => map2(n, &load(w, src(w, 0)), &[0; LANES], |a, _| {
            (a as f32).to_bits()
        }),
        V_CVT_F32_I32 if !ftz => map2(n, &load(w, src(w, 0)), &[0; LANES], |a, _| {
            (a as i32 as f32).to_bits()
        }),
        V_PERM_B32 => map3(
            n,
            &load(w, src(w, 0)),
            &load(w, src(w, 1)),
            &load(w, src(w, 2)),
            super::valu::perm,
        ),
        V_ADD_F16 if h_ok => map2(n, &load(w, hsrc(w, 0)), &load(w, hsrc(w, 1)), |a, b| {
            h16(hf(a) + hf(b))
        }),
        V_SUB_F16 if h_ok => map2(n, &load(w, hsrc(w, 0)), &load(w, hsrc(w, 1)), |a, b| {
            h16(hf(a) - hf(b))
        }),
        V_SUBREV_F16 if h_ok => map2(n, &load(w, hsrc(w, 0)), &load(w, hsrc(w, 1)), |a, b| {
            h16(hf(b) - hf(a))
        }),
        V_MUL_F16 if h_ok => map2(n, &load(w, hsrc(w, 0)), &load(w, hsrc(w, 1)), |a, b| {
            h16(hf(a) * hf(b))
        }),
        V_CVT_F32_F16 if h_ok && !ftz => map2(n, &load(w, hsrc(w, 0)), &[0; LANES], |a, _| {
            super::valu::f16_to_f32(a as u16).to_bits()
        }),
        V_CVT_F16_F32 if h_ok && !ftz => {
            map2(
                n,
                &load(w, src(w, 0)),
                &[0; LANES],
                |a, _| h16(ff(a) as f64),
            )
        }
        V_CNDMASK_B32 => {
            let cond = if i.enc == Enc::Vop3 {
                w.lane(src(w, 2), 0, 2)
            } else {
                w.vcc()
            };
            let (a, b) = (load(w, src(w, 0)), load(w, src(w, 1)));
            let mut d = [0u32; LANES];
            for l in 0..LANES {
                d[l] = if cond >> l & 1 != 0 { b[l] } else { a[l] };
            }
            d
        }
        V_ADD_CO_U32 | V_SUB_CO_U32 | V_SUBREV_CO_U32 | V_ADDC_CO_U32 | V_SUBB_CO_U32
        | V_SUBBREV_CO_U32 => {
            let e64 = i.enc == Enc::Vop3;
            let (a, b) = (load(w, src(w, 0)), load(w, src(w, 1)));
            let cin = match i.op {
                V_ADDC_CO_U32 | V_SUBB_CO_U32 | V_SUBBREV_CO_U32 => {
                    if e64 {
                        w.lane(src(w, 2), 0, 2)
                    } else {
                        w.vcc()
                    }
                }
                _ => 0,
            };
            let mut d = [0u32; LANES];
            let mut cout = 0u64;
            for l in 0..LANES {
                let c = cin >> l & 1;
                let (x, y) = match i.op {
                    V_SUBREV_CO_U32 | V_SUBBREV_CO_U32 => (b[l] as u64, a[l] as u64),
                    _ => (a[l] as u64, b[l] as u64),
                };
                let (r, carry) = match i.op {
                    V_ADD_CO_U32 | V_ADDC_CO_U32 => {
                        let t = x + y + c;
                        (t as u32, t >> 32)
                    }
                    _ => (x.wrapping_sub(y).wrapping_sub(c) as u32, (y + c > x) as u64),
                };
                d[l] = r;
                cout |= carry << l;
            }
            let sdst = if e64 { i.sdst as usize } else { VCC };
            store(w, vdst, exec, &d);
            w.set_mask(sdst, cout & exec);
            return true;
        }
        V_MBCNT_LO_U32_B32 | V_MBCNT_HI_U32_B32 => {
            let (a, b) = (load(w, src(w, 0)), load(w, src(w, 1)));
            let hi = i.op == V_MBCNT_HI_U32_B32;
            let mut d = [0u32; LANES];
            for l in 0..LANES {
                let below = if l == 0 { 0 } else { u64::MAX >> (64 - l) };
                let m = if hi {
                    (below >> 32) as u32
                } else {
                    below as u32
                };
                d[l] = (a[l] & m).count_ones().wrapping_add(b[l]);
            }
            d
        }
        V_MAD_U64_U32 => {
            // {carry, D} = S0 * S1 + S2 (u32 x u32 + u64), the carry to the scalar destination.
            let (a, b) = (load(w, src(w, 0)), load(w, src(w, 1)));
            let (c0, c1) = wide(w, src(w, 2));
            let (mut lo, mut hi) = ([0u32; LANES], [0u32; LANES]);
            let mut carry = 0u64;
            for l in 0..n.min(LANES) {
                let t = a[l] as u128 * b[l] as u128 + (c0[l] as u128 | (c1[l] as u128) << 32);
                lo[l] = t as u32;
                hi[l] = (t >> 32) as u32;
                carry |= ((t >> 64) as u64 & 1) << l;
            }
            store(w, vdst, exec, &lo);
            store(w, vdst + 1, exec, &hi);
            w.set_mask(i.sdst as usize, carry & exec);
            return true;
        }
        V_LSHLREV_B64 | V_LSHRREV_B64 | V_ASHRREV_I64 => {
            let a = load(w, src(w, 0));
            let (b0, b1) = wide(w, src(w, 1));
            let (mut lo, mut hi) = ([0u32; LANES], [0u32; LANES]);
            for l in 0..LANES {
                let x = b0[l] as u64 | (b1[l] as u64) << 32;
                let sh = a[l] & 63;
                let r = match i.op {
                    V_LSHLREV_B64 => x << sh,
                    V_LSHRREV_B64 => x >> sh,
                    _ => ((x as i64) >> sh) as u64,
                };
                lo[l] = r as u32;
                hi[l] = (r >> 32) as u32;
            }
            store(w, vdst, exec, &lo);
            store(w, vdst + 1, exec, &hi);
            return true;
        }
        op => {
            if let Some((cond, ty, x)) = super::valu::cmp_info(op) {
                return compare(w, i, exec, cond, ty, x);
            }
            return false;
        }
    };
    store(w, vdst, exec, &d);
    true
}

/// The two dwords of a 64-bit source as lane arrays.
#[inline(always)]
fn wide(w: &Wave, s: Src) -> (Lanes, Lanes) {
    match s {
        Src::Const(c) => ([c as u32; LANES], [(c >> 32) as u32; LANES]),
        Src::V(r) => (load(w, Src::V(r)), load(w, Src::V(r + 1))),
    }
}

#[inline(always)]
fn cmp_lanes<T: PartialOrd + Copy>(n: usize, c: Cond, a: &[T; LANES], b: &[T; LANES]) -> u64 {
    let mut bits = 0u64;
    for l in 0..n.min(LANES) {
        let (p, q) = (a[l], b[l]);
        let r = match c {
            Cond::F => false,
            Cond::Lt => p < q,
            Cond::Eq => p == q,
            Cond::Le => p <= q,
            Cond::Gt => p > q,
            Cond::Ne => p != q,
            Cond::Ge => p >= q,
            Cond::T => true,
        };
        bits |= (r as u64) << l;
    }
    bits
}

/// Integer and f32 comparisons wave-wide (no modifiers: the caller checked).
fn compare(
    w: &mut Wave,
    i: &TInst,
    exec: u64,
    cond: crate::op::Cond,
    ty: super::valu::Ty,
    x: bool,
) -> bool {
    use super::valu::Ty;
    let Some(c) = Cond::of(cond) else {
        return false;
    };
    let n = i.src_n[0];
    let fl = matches!(ty, Ty::F32 | Ty::F64);
    let (s0, s1) = (w.src(i, 0, fl, false), w.src(i, 1, fl, false));
    let join = |(lo, hi): (Lanes, Lanes)| -> [u64; LANES] {
        std::array::from_fn(|l| lo[l] as u64 | (hi[l] as u64) << 32)
    };
    let bits = match ty {
        Ty::I32 => cmp_lanes(
            w.lanes,
            c,
            &load(w, s0).map(|v| v as i32),
            &load(w, s1).map(|v| v as i32),
        ),
        Ty::U32 => cmp_lanes(w.lanes, c, &load(w, s0), &load(w, s1)),
        Ty::U64 if n == 2 => cmp_lanes(w.lanes, c, &join(wide(w, s0)), &join(wide(w, s1))),
        Ty::I64 if n == 2 => cmp_lanes(
            w.lanes,
            c,
            &join(wide(w, s0)).map(|v| v as i64),
            &join(wide(w, s1)).map(|v| v as i64),
        ),
        // Float compares: only the ordered conditions, whose result for a NaN is false as
        // Rust's, and without denormal flushing.
        Ty::F32
            if matches!(c, Cond::Lt | Cond::Eq | Cond::Le | Cond::Gt | Cond::Ge)
                && (w.mode >> 4) & 3 == 3 =>
        {
            cmp_lanes(
                w.lanes,
                c,
                &load(w, s0).map(f32::from_bits),
                &load(w, s1).map(f32::from_bits),
            )
        }
        _ => return false,
    };
    let bits = bits & exec;
    if x {
        // v_cmpx writes EXEC and its destination (VCC in the VOPC encoding).
        w.set_exec(bits);
        if !i.gfx11 {
            w.set_mask(
                if i.enc == Enc::Vop3 {
                    i.sdst as usize
                } else {
                    VCC
                },
                bits,
            );
        }
    } else if i.enc == Enc::Vop3 {
        w.set_mask(i.sdst as usize, bits);
    } else {
        w.set_vcc(bits);
    }
    true
}
