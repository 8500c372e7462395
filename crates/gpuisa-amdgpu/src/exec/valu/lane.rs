//! One lane of a general-path VALU operation: the result of every operation the general path
//! runs, from the lane's sources (split from mod.rs, which prepares the instruction's modes and
//! sources and writes the results).

use super::math::*;
use super::packed::*;
use super::*;

/// The instruction's modes and sources the lane operations read (set up by `exec`).
pub(super) struct Env<'a> {
    pub(super) m: &'a Mods,
    pub(super) srcs: &'a [Src; 3],
    pub(super) e64: bool,
    pub(super) gfx6: bool,
    pub(super) ieee: bool,
    pub(super) rm32: u32,
    pub(super) rm64: u32,
    pub(super) ftz_in: bool,
    pub(super) ftz64_in: bool,
    pub(super) vdst: usize,
    /// The carry-in mask (VCC, or the VOP3 SGPR pair).
    pub(super) cin: u64,
}

/// The result of lane `l` (`get`, `f32in`, `f64in`: its sources as integers, f32 and f64, with
/// input modifiers); `None`: the instruction ends here without a write (v_clrexcp). Carry-outs
/// go to `cout`'s bit `l`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn result<G, F, D>(
    w: &mut Wave,
    i: &TInst,
    l: usize,
    env: &Env<'_>,
    get: &G,
    f32in: &F,
    f64in: &D,
    cout: &mut u64,
) -> R<Option<super::write::Res>>
where
    G: Fn(&Wave, usize, usize) -> u64,
    F: Fn(&Wave, usize, usize) -> f32,
    D: Fn(&Wave, usize, usize) -> f64,
{
    use Op::*;
    let Env {
        m,
        srcs,
        e64,
        gfx6,
        ieee,
        rm32,
        rm64,
        ftz_in,
        ftz64_in,
        vdst,
        cin,
    } = *env;
    let a = || get(w, 0, l);
    let b = || get(w, 1, l);
    let c = || get(w, 2, l);
    let fa = || f32in(w, 0, l);
    let fb = || f32in(w, 1, l);
    let fc = || f32in(w, 2, l);
    let da = || f64in(w, 0, l);
    let db = || f64in(w, 1, l);
    let dc = || f64in(w, 2, l);
    let ha = || f16_to_f32(ftz16_if(ftz64_in, a() as u16));
    let hb = || f16_to_f32(ftz16_if(ftz64_in, b() as u16));
    let hc = || f16_to_f32(ftz16_if(ftz64_in, c() as u16));
    let ci = cin >> l & 1;
    let u = |x: u64| x as u32;
    use super::write::Res::{self, *};
    let r: Res = match i.op {
        V_MOV_B32 => I(a()),
        V_CNDMASK_B32 => {
            let cond = if e64 { w.lane(srcs[2], 0, 2) } else { w.vcc() };
            I(if cond >> l & 1 != 0 { b() } else { a() })
        }
        // ---- f32 arithmetic
        V_ADD_F32 => F(round32(fa(), fb(), 1.0, fa() + fb(), rm32, false)),
        V_SUB_F32 => F(round32(fa(), -fb(), 1.0, fa() - fb(), rm32, false)),
        V_SUBREV_F32 => F(round32(fb(), -fa(), 1.0, fb() - fa(), rm32, false)),
        V_MUL_F32 => {
            // A zero product is exact (its sign is the product's in every mode).
            let (x, y) = (fa(), fb());
            F(if x == 0.0 || y == 0.0 {
                x * y
            } else {
                round32(0.0, x, y, x * y, rm32, true)
            })
        }
        V_MUL_LEGACY_F32 => F(if fa() == 0.0 || fb() == 0.0 {
            0.0
        } else {
            fa() * fb()
        }),
        // DX9 multiply (0 * anything = 0), then add; denormals flushed as for v_mad_f32.
        V_MAD_LEGACY_F32 => {
            let (x, y) = (ftz32(fa()), ftz32(fb()));
            let p = if x == 0.0 || y == 0.0 {
                0.0
            } else {
                ftz32(x * y)
            };
            F(ftz32(p + ftz32(fc())))
        }
        // Cube map coordinates of the direction (S0, S1, S2): `math::cube`.
        V_CUBEID_F32 | V_CUBESC_F32 | V_CUBETC_F32 | V_CUBEMA_F32 => {
            F(cube::cube(i.op, fa(), fb(), fc()))
        }
        V_FMA_F32 => F(round32(
            fc(),
            fa(),
            fb(),
            fa().mul_add(fb(), fc()),
            rm32,
            true,
        )),
        V_FMAC_F32 => {
            let d = ftz_if(ftz_in, f32::from_bits(w.vget(vdst, l)));
            F(round32(d, fa(), fb(), fa().mul_add(fb(), d), rm32, true))
        }
        V_XNOR_B32 => I(!(a() ^ b()) & 0xffff_ffff),
        V_MAD_F32 => F(ftz32(ftz32(ftz32(fa()) * ftz32(fb())) + ftz32(fc()))),
        V_MAC_F32 => F(ftz32(
            ftz32(ftz32(fa()) * ftz32(fb())) + ftz32(f32::from_bits(w.vget(vdst, l))),
        )),
        V_FMAMK_F32 => F(fa().mul_add(f32::from_bits(i.lit), fb())),
        V_FMAAK_F32 => F(fa().mul_add(fb(), f32::from_bits(i.lit))),
        V_MADMK_F32 => F(ftz32(ftz32(fa()) * f32::from_bits(i.lit)) + ftz32(fb())),
        V_MADAK_F32 => F(ftz32(ftz32(fa()) * ftz32(fb())) + f32::from_bits(i.lit)),
        V_MIN_F32 => F(fmax32(fa(), fb(), ieee, false)),
        // Legacy min/max (gfx6/gfx7): the DX9 rule, a NaN operand gives src1.
        V_MIN_LEGACY_F32 => F(if fa() < fb() { fa() } else { fb() }),
        V_MAX_LEGACY_F32 => F(if fa() >= fb() { fa() } else { fb() }),
        V_MAC_LEGACY_F32 => {
            // Denormal inputs flushed, as for v_mac_f32.
            let (x, y) = (ftz32(fa()), ftz32(fb()));
            let p = if x == 0.0 || y == 0.0 {
                0.0
            } else {
                ftz32(x * y)
            };
            F(p + ftz32(f32::from_bits(w.vget(vdst, l))))
        }
        // The DX9 legacy forms (GCN ISA): rcp of a zero, or an infinite reciprocal (of a
        // denormal), is a zero of the input's sign; rsq ignores denormal inputs (a zero) and
        // an infinite result becomes +0.
        V_RCP_LEGACY_F32 => F({
            let r = (1.0 / fa() as f64) as f32;
            if fa() == 0.0 || r.is_infinite() {
                f32::from_bits(fa().to_bits() & 0x8000_0000)
            } else {
                r
            }
        }),
        V_RSQ_LEGACY_F32 => F({
            let r = (1.0 / (ftz32(fa()) as f64).sqrt()) as f32;
            if r == f32::INFINITY {
                0.0
            } else {
                r
            }
        }),
        // The _CLAMP forms clamp an infinite result to the largest finite value.
        V_RCP_CLAMP_F32 => F(clamp_inf32((1.0 / fa() as f64) as f32)),
        V_RSQ_CLAMP_F32 => F(clamp_inf32((1.0 / (fa() as f64).sqrt()) as f32)),
        V_LOG_CLAMP_F32 => F(clamp_inf32((fa() as f64).log2() as f32)),
        V_RCP_CLAMP_F64 => D(clamp_inf64(1.0 / da())),
        V_RSQ_CLAMP_F64 => D(clamp_inf64(1.0 / da().sqrt())),
        V_MAX_F32 => F(fmax32(fa(), fb(), ieee, true)),
        V_MIN3_F32 => F(fmax32(fmax32(fa(), fb(), ieee, false), fc(), ieee, false)),
        V_MAX3_F32 => F(fmax32(fmax32(fa(), fb(), ieee, true), fc(), ieee, true)),
        V_MED3_F32 => F(med3_32(fa(), fb(), fc(), ieee)),
        V_LDEXP_F32 => F(ldexp32(fa(), b() as u32 as i32)),
        V_RCP_F32 | V_RCP_IFLAG_F32 => F((1.0 / fa() as f64) as f32),
        V_RSQ_F32 => F((1.0 / (fa() as f64).sqrt()) as f32),
        V_SQRT_F32 => F(fa().sqrt()),
        V_EXP_F32 => F((fa() as f64).exp2() as f32),
        V_LOG_F32 => F((fa() as f64).log2() as f32),
        // Legacy exp: below -126 the result is +0 whatever MODE says; legacy log ignores
        // denormal inputs (a zero: -inf) whatever MODE says (GCN ISA).
        V_EXP_LEGACY_F32 => F(if fa() < -126.0 {
            0.0
        } else {
            (fa() as f64).exp2() as f32
        }),
        V_LOG_LEGACY_F32 => F((ftz32(fa()) as f64).log2() as f32),
        V_SIN_F32 => F(((fa() as f64) * std::f64::consts::TAU).sin() as f32),
        V_COS_F32 => F(((fa() as f64) * std::f64::consts::TAU).cos() as f32),
        V_FRACT_F32 => {
            let x = fa();
            F(if x.is_infinite() {
                f32::NAN
            } else if x.is_nan() {
                x
            } else {
                (x - x.floor()).min(f32::from_bits(0x3f7f_ffff))
            })
        }
        V_TRUNC_F32 => F(fa().trunc()),
        V_CEIL_F32 => F(fa().ceil()),
        V_FLOOR_F32 => F(fa().floor()),
        V_RNDNE_F32 => F((fa() as f64).round_ties_even_compat() as f32),
        // gfx6 (GCN 1.0): an infinite input gives mantissa -NaN, and an infinite or NaN
        // input exponent -1 (later generations: the input and 0; the device libraries work
        // around gfx6's forms).
        V_FREXP_MANT_F32 if gfx6 && fa().is_infinite() => F(f32::from_bits(0xffc0_0000)),
        V_FREXP_EXP_I32_F32 if gfx6 && !fa().is_finite() => I(0xffff_ffff),
        V_FREXP_MANT_F32 => F(frexp32(fa()).0),
        V_FREXP_EXP_I32_F32 => I(frexp32(fa()).1 as u32 as u64),
        V_DIV_FMAS_F32 => {
            let r = fa().mul_add(fb(), fc());
            F(if w.vcc() >> l & 1 != 0 {
                (r as f64 * 2f64.powi(32)) as f32
            } else {
                r
            })
        }
        V_DIV_FIXUP_F32 => F(div_fixup32(fa(), fb(), fc())),
        V_DIV_SCALE_F32 => {
            let (d, vcc) = div_scale32(fa(), fb(), fc());
            *cout |= (vcc as u64) << l;
            F(d)
        }
        V_CVT_F32_I32 | V_CVT_F32_U32 => {
            let x = if i.op == V_CVT_F32_I32 {
                a() as u32 as i32 as f64
            } else {
                a() as u32 as f64
            };
            F(directed32(
                x as f32,
                x.partial_cmp(&(x as f32 as f64)),
                rm32,
            ))
        }
        V_CVT_I32_F32 => I(cvt_i32(fa() as f64) as u64),
        V_CVT_U32_F32 => I(cvt_u32(fa() as f64) as u64),
        // floor(S0 + 0.5) with the add in f32 (AMD's pseudocode): 0.49999997 rounds up.
        V_CVT_RPI_I32_F32 => I(cvt_i32((fa() + 0.5).floor() as f64) as u64),
        V_CVT_FLR_I32_F32 => I(cvt_i32((fa() as f64).floor()) as u64),
        V_CVT_F32_UBYTE0 => F((a() & 0xff) as f32),
        V_CVT_F32_UBYTE1 => F((a() >> 8 & 0xff) as f32),
        V_CVT_F32_UBYTE2 => F((a() >> 16 & 0xff) as f32),
        V_CVT_F32_UBYTE3 => F((a() >> 24 & 0xff) as f32),
        V_CVT_F32_F64 => F(directed32(
            da() as f32,
            da().partial_cmp(&(da() as f32 as f64)),
            rm32,
        )),
        V_CVT_F64_F32 => D(fa() as f64),
        V_CVT_F64_I32 => D(a() as u32 as i32 as f64),
        V_CVT_F64_U32 => D(a() as u32 as f64),
        V_CVT_I32_F64 => I(cvt_i32(da()) as u64),
        V_CVT_U32_F64 => I(cvt_u32(da()) as u64),
        V_CVT_F16_F32 => I(round16(fa() as f64, rm64) as u64),
        V_CVT_F32_F16 => F(ha()),
        V_CVT_PKRTZ_F16_F32 => {
            let rtz = |x: f32| {
                let h = f64_to_f16(x as f64);
                // Round toward zero: step back when rounding went away from zero.
                if !x.is_nan()
                    && (f16_to_f32(h).abs() > x.abs())
                    && h & 0x7fff != 0
                    && h & 0x7c00 != 0x7c00
                    || (h & 0x7fff == 0x7c00 && !x.is_infinite())
                {
                    h - 1
                } else {
                    h
                }
            };
            I((rtz(fa()) as u64) | (rtz(fb()) as u64) << 16)
        }
        // ---- f64
        V_ADD_F64 => D(round64_add(da(), db(), rm64)),
        V_MUL_F64 => D(round64_mul(da(), db(), rm64)),
        V_FMA_F64 => D(da().mul_add(db(), dc())),
        V_MIN_F64 => D(fmax64(da(), db(), ieee, false)),
        V_MAX_F64 => D(fmax64(da(), db(), ieee, true)),
        V_LDEXP_F64 => D(ldexp64(da(), b() as u32 as i32)),
        V_RCP_F64 => D(1.0 / da()),
        V_RSQ_F64 => D(1.0 / da().sqrt()),
        V_SQRT_F64 => D(da().sqrt()),
        V_FRACT_F64 => {
            let x = da();
            D(if x.is_infinite() {
                f64::NAN
            } else if x.is_nan() {
                x
            } else {
                (x - x.floor()).min(f64::from_bits(0x3fef_ffff_ffff_ffff))
            })
        }
        V_TRUNC_F64 => D(da().trunc()),
        V_CEIL_F64 => D(da().ceil()),
        V_FLOOR_F64 => D(da().floor()),
        V_RNDNE_F64 => D(da().round_ties_even_compat()),
        V_FREXP_MANT_F64 if gfx6 && da().is_infinite() => D(f64::from_bits(0xfff8_0000_0000_0000)),
        V_FREXP_EXP_I32_F64 if gfx6 && !da().is_finite() => I(0xffff_ffff),
        V_FREXP_MANT_F64 => D(frexp64(da()).0),
        V_FREXP_EXP_I32_F64 => I(frexp64(da()).1 as u32 as u64),
        V_DIV_FMAS_F64 => {
            let r = da().mul_add(db(), dc());
            D(if w.vcc() >> l & 1 != 0 {
                r * 2f64.powi(64)
            } else {
                r
            })
        }
        V_DIV_FIXUP_F64 => D(div_fixup64(da(), db(), dc())),
        V_DIV_SCALE_F64 => {
            let (d, vcc) = div_scale64(da(), db(), dc());
            *cout |= (vcc as u64) << l;
            D(d)
        }
        // ---- f16
        // Sums: an exact zero is -0 toward -inf unless both addends are +0 (`sum_rm`).
        V_ADD_F16 | V_SUB_F16 | V_SUBREV_F16 => {
            let (x, y) = (ha() as f64, hb() as f64);
            let (x, y) = match i.op {
                V_ADD_F16 => (x, y),
                V_SUB_F16 => (x, -y),
                _ => (y, -x),
            };
            H(sum_rm(x, y, x + y, rm64))
        }
        V_MUL_F16 => H(ha() as f64 * hb() as f64),
        // f16 fused forms (gfx11's fmac/fmamk/fmaak too): the f16 accumulator of fmac is the
        // destination's half (op_sel[3]).
        V_FMA_F16 | V_MAD_F16 | V_MAC_F16 | V_FMAC_F16 | V_FMAMK_F16 | V_FMAAK_F16 => {
            let k = f16_to_f32(i.lit as u16) as f64;
            let d = w.vget(vdst, l) >> if i.opsel & 8 != 0 { 16 } else { 0 };
            let d = f16_to_f32(ftz16_if(ftz64_in, d as u16)) as f64;
            let (x, y, z) = match i.op {
                V_FMA_F16 | V_MAD_F16 => (ha() as f64, hb() as f64, hc() as f64),
                V_FMAMK_F16 => (ha() as f64, k, hb() as f64),
                V_FMAAK_F16 => (ha() as f64, hb() as f64, k),
                _ => (ha() as f64, hb() as f64, d),
            };
            H(sum_rm(x * y, z, x.mul_add(y, z), rm64))
        }
        V_MAX_F16 => H(fmax32(ha(), hb(), ieee, true) as f64),
        V_MIN_F16 => H(fmax32(ha(), hb(), ieee, false) as f64),
        V_CVT_F16_U16 => H(a() as u16 as f64),
        V_CVT_F16_I16 => H(a() as u16 as i16 as f64),
        V_CVT_U16_F16 => I(ha().clamp(0.0, 65535.0) as u16 as u64),
        V_CVT_I16_F16 => I(ha().clamp(-32768.0, 32767.0) as i16 as u16 as u64),
        V_SQRT_F16 => H((ha() as f64).sqrt()),
        V_RCP_F16 => H(1.0 / ha() as f64),
        V_RSQ_F16 => H(1.0 / (ha() as f64).sqrt()),
        V_EXP_F16 => H((ha() as f64).exp2()),
        V_LOG_F16 => H((ha() as f64).log2()),
        V_TRUNC_F16 => H(ha().trunc() as f64),
        V_CEIL_F16 => H(ha().ceil() as f64),
        V_FLOOR_F16 => H(ha().floor() as f64),
        V_RNDNE_F16 => H((ha() as f64).round_ties_even_compat()),
        V_LDEXP_F16 => H(ldexp64(ha() as f64, b() as u32 as i16 as i32)),
        V_MADMK_F16 => H(ha() as f64 * f16_to_f32(i.lit as u16) as f64 + hb() as f64),
        V_MADAK_F16 => H(ha() as f64 * hb() as f64 + f16_to_f32(i.lit as u16) as f64),
        V_FMA_LEGACY_F16 | V_MAD_LEGACY_F16 => H((ha() as f64).mul_add(hb() as f64, hc() as f64)),
        V_MAD_LEGACY_U16 => I((a() as u16)
            .wrapping_mul(b() as u16)
            .wrapping_add(c() as u16) as u64),
        V_MAD_LEGACY_I16 => I((a() as i16)
            .wrapping_mul(b() as i16)
            .wrapping_add(c() as i16) as u16 as u64),
        V_FRACT_F16 => {
            let x = ha() as f64;
            H(if !x.is_finite() {
                f64::NAN
            } else {
                (x - x.floor()).min(f16_to_f32(0x3bff) as f64)
            })
        }
        V_SIN_F16 => H((ha() as f64 * std::f64::consts::TAU).sin()),
        V_COS_F16 => H((ha() as f64 * std::f64::consts::TAU).cos()),
        V_FREXP_MANT_F16 => H(frexp64(ha() as f64).0),
        V_FREXP_EXP_I16_F16 => I(frexp64(ha() as f64).1 as i16 as u16 as u64),
        V_DIV_FIXUP_F16 | V_DIV_FIXUP_LEGACY_F16 => {
            // f16 has no underflow/overflow cases; the rest as v_div_fixup_f32 (quiet NaN 0xfe00).
            let (q, d, n) = (ha(), hb(), hc());
            let r = div_fixup32(q, d, n);
            H(if r.to_bits() == 0xffc0_0000 {
                f64::from_bits(0xfff8_0000_0000_0000)
            } else {
                r as f64
            })
        }
        // Normalised conversions: [-1, 1] (snorm) / [0, 1] (unorm) scaled and rounded to nearest even.
        V_CVT_NORM_I16_F16 => {
            let x = ha() as f64;
            I(if x.is_nan() {
                0
            } else {
                (x.clamp(-1.0, 1.0) * 32767.0).round_ties_even_compat() as i16 as u16 as u64
            })
        }
        V_CVT_NORM_U16_F16 => {
            let x = ha() as f64;
            I(if x.is_nan() {
                0
            } else {
                (x.clamp(0.0, 1.0) * 65535.0).round_ties_even_compat() as u16 as u64
            })
        }
        V_MIN3_F16 => H(fmax32(fmax32(ha(), hb(), ieee, false), hc(), ieee, false) as f64),
        // gfx11: v_max then v_min (maxmin), v_min then v_max (minmax), each as v_max/v_min.
        V_MAXMIN_F16 => H(fmax32(fmax32(ha(), hb(), ieee, true), hc(), ieee, false) as f64),
        V_MINMAX_F16 => H(fmax32(fmax32(ha(), hb(), ieee, false), hc(), ieee, true) as f64),
        V_MAXMIN_F32 => F(fmax32(fmax32(fa(), fb(), ieee, true), fc(), ieee, false)),
        V_MINMAX_F32 => F(fmax32(fmax32(fa(), fb(), ieee, false), fc(), ieee, true)),
        V_MAX3_F16 => H(fmax32(fmax32(ha(), hb(), ieee, true), hc(), ieee, true) as f64),
        V_MED3_F16 => H(med3_32(ha(), hb(), hc(), ieee) as f64),
        V_PACK_B32_F16 => I((a() & 0xffff) | (b() & 0xffff) << 16),
        V_PK_FMAC_F16 => I(pk_fmac(u(a()), u(b()), w.vget(vdst, l), w.mode) as u64),
        // ---- integer
        // Integer add/sub with the clamp bit saturate (gfx8+ VOP3).
        V_ADD_U32 if m.clamp => I(u(a()).saturating_add(u(b())) as u64),
        V_SUB_U32 if m.clamp => I(u(a()).saturating_sub(u(b())) as u64),
        V_SUBREV_U32 if m.clamp => I(u(b()).saturating_sub(u(a())) as u64),
        V_ADD_I32 | V_ADD_NC_I32 if m.clamp => {
            I((a() as i32).saturating_add(b() as i32) as u32 as u64)
        }
        V_SUB_I32 | V_SUB_NC_I32 if m.clamp => {
            I((a() as i32).saturating_sub(b() as i32) as u32 as u64)
        }
        V_ADD_U16 if m.clamp => I((a() as u16).saturating_add(b() as u16) as u64),
        V_SUB_U16 if m.clamp => I((a() as u16).saturating_sub(b() as u16) as u64),
        V_SUBREV_U16 if m.clamp => I((b() as u16).saturating_sub(a() as u16) as u64),
        V_ADD_I16 if m.clamp => I((a() as i16).saturating_add(b() as i16) as u16 as u64),
        V_SUB_I16 if m.clamp => I((a() as i16).saturating_sub(b() as i16) as u16 as u64),
        V_ADD_CO_U32 | V_SUB_CO_U32 | V_SUBREV_CO_U32 if m.clamp => {
            let (x, y) = if i.op == V_SUBREV_CO_U32 {
                (u(b()), u(a()))
            } else {
                (u(a()), u(b()))
            };
            let (v, c) = if i.op == V_ADD_CO_U32 {
                x.overflowing_add(y)
            } else {
                x.overflowing_sub(y)
            };
            *cout |= (c as u64) << l;
            I(if !c {
                v
            } else if i.op == V_ADD_CO_U32 {
                u32::MAX
            } else {
                0
            } as u64)
        }
        V_ADD_I16 => I((a() as i16).wrapping_add(b() as i16) as u16 as u64),
        V_SUB_I16 => I((a() as i16).wrapping_sub(b() as i16) as u16 as u64),
        V_CLREXCP => return Ok(None),
        V_INTERP_P1_F32
        | V_INTERP_P2_F32
        | V_INTERP_MOV_F32
        | V_INTERP_P1LL_F16
        | V_INTERP_P1LV_F16
        | V_INTERP_P2_F16
        | V_INTERP_P2_LEGACY_F16 => {
            return err(format!(
                "{} is a graphics-only instruction (interpolation); compute kernels cannot use it",
                i.op.name()
            ))
        }
        // f32 to u8 (NaN 0, clamped to [0, 255], rounded to nearest even) into byte S1[1:0]
        // of S2 (v_cvt_pkaccum_u8_f32: of the destination).
        V_CVT_PK_U8_F32 | V_CVT_PKACCUM_U8_F32 => {
            let x = fa() as f64;
            let byte = if x.is_nan() {
                0
            } else {
                x.clamp(0.0, 255.0).round_ties_even_compat() as u32
            };
            let sh = 8 * (u(b()) & 3);
            let base = if i.op == V_CVT_PK_U8_F32 {
                u(c())
            } else {
                w.vget(vdst, l)
            };
            I(((base & !(0xff << sh)) | byte << sh) as u64)
        }
        // Two f32 (or f16) to snorm i16 / unorm u16: clamped, scaled, rounded to nearest even.
        V_CVT_PKNORM_I16_F32
        | V_CVT_PKNORM_U16_F32
        | V_CVT_PKNORM_I16_F16
        | V_CVT_PKNORM_U16_F16
        | V_CVT_PK_NORM_I16_F32
        | V_CVT_PK_NORM_U16_F32
        | V_CVT_PK_NORM_I16_F16
        | V_CVT_PK_NORM_U16_F16 => {
            let half = matches!(
                i.op,
                V_CVT_PKNORM_I16_F16
                    | V_CVT_PKNORM_U16_F16
                    | V_CVT_PK_NORM_I16_F16
                    | V_CVT_PK_NORM_U16_F16
            );
            let (x, y) = if half {
                (ha() as f64, hb() as f64)
            } else {
                (fa() as f64, fb() as f64)
            };
            let signed = matches!(
                i.op,
                V_CVT_PKNORM_I16_F32
                    | V_CVT_PKNORM_I16_F16
                    | V_CVT_PK_NORM_I16_F32
                    | V_CVT_PK_NORM_I16_F16
            );
            let cv = |v: f64| -> u64 {
                if v.is_nan() {
                    0
                } else if signed {
                    (v.clamp(-1.0, 1.0) * 32767.0).round_ties_even_compat() as i16 as u16 as u64
                } else {
                    (v.clamp(0.0, 1.0) * 65535.0).round_ties_even_compat() as u16 as u64
                }
            };
            I(cv(x) | cv(y) << 16)
        }
        V_ADD_U32 => I(u(a()).wrapping_add(u(b())) as u64),
        V_SUB_U32 => I(u(a()).wrapping_sub(u(b())) as u64),
        V_SUBREV_U32 => I(u(b()).wrapping_sub(u(a())) as u64),
        V_ADD_CO_U32 => {
            let (v, c) = u(a()).overflowing_add(u(b()));
            *cout |= (c as u64) << l;
            I(v as u64)
        }
        V_SUB_CO_U32 => {
            let (v, c) = u(a()).overflowing_sub(u(b()));
            *cout |= (c as u64) << l;
            I(v as u64)
        }
        V_SUBREV_CO_U32 => {
            let (v, c) = u(b()).overflowing_sub(u(a()));
            *cout |= (c as u64) << l;
            I(v as u64)
        }
        // With clamp (VOP3) the carry forms saturate too (u32::MAX on a carry, 0 on a
        // borrow), the carry-out unchanged.
        V_ADDC_CO_U32 => {
            let t = a() as u32 as u64 + b() as u32 as u64 + ci;
            *cout |= (t >> 32) << l;
            I(if m.clamp && t >> 32 != 0 {
                0xffff_ffff
            } else {
                t & 0xffff_ffff
            })
        }
        V_SUBB_CO_U32 | V_SUBBREV_CO_U32 => {
            let (x, y) = if i.op == V_SUBB_CO_U32 {
                (a() as u32 as u64, b() as u32 as u64 + ci)
            } else {
                (b() as u32 as u64, a() as u32 as u64 + ci)
            };
            *cout |= ((y > x) as u64) << l;
            I(if m.clamp && y > x {
                0
            } else {
                x.wrapping_sub(y) & 0xffff_ffff
            })
        }
        V_ADD_I32 | V_ADD_NC_I32 => I((a() as i32).wrapping_add(b() as i32) as u32 as u64),
        V_SUB_I32 | V_SUB_NC_I32 => I((a() as i32).wrapping_sub(b() as i32) as u32 as u64),
        V_AND_B16 => I(a() & b() & 0xffff),
        V_OR_B16 => I((a() | b()) & 0xffff),
        V_XOR_B16 => I((a() ^ b()) & 0xffff),
        // gfx11: two f32 to i16/u16 (truncated, saturated, NaN 0), S0 in the low half.
        V_CVT_PK_I16_F32 | V_CVT_PK_U16_F32 => {
            let cv = |x: f32| -> u64 {
                if i.op == V_CVT_PK_I16_F32 {
                    (x as i16) as u16 as u64
                } else {
                    x as u16 as u64
                }
            };
            I(cv(fa()) | cv(fb()) << 16)
        }
        V_ADD3_U32 => I(u(a()).wrapping_add(u(b())).wrapping_add(u(c())) as u64),
        V_LSHL_ADD_U32 => I((u(a()) << (u(b()) & 31)).wrapping_add(u(c())) as u64),
        V_ADD_LSHL_U32 => I((u(a()).wrapping_add(u(b())) << (u(c()) & 31)) as u64),
        V_LSHL_OR_B32 => I(((u(a()) << (u(b()) & 31)) | u(c())) as u64),
        V_AND_OR_B32 => I(((u(a()) & u(b())) | u(c())) as u64),
        V_OR3_B32 => I((u(a()) | u(b()) | u(c())) as u64),
        V_XAD_U32 => I((u(a()) ^ u(b())).wrapping_add(u(c())) as u64),
        V_AND_B32 => I(a() & b() & 0xffff_ffff),
        V_OR_B32 => I((a() | b()) & 0xffff_ffff),
        V_XOR_B32 => I((a() ^ b()) & 0xffff_ffff),
        V_NOT_B32 => I(!a() & 0xffff_ffff),
        V_LSHLREV_B32 => I((u(b()) << (u(a()) & 31)) as u64),
        V_LSHRREV_B32 => I((u(b()) >> (u(a()) & 31)) as u64),
        V_ASHRREV_I32 => I(((b() as u32 as i32) >> (u(a()) & 31)) as u32 as u64),
        V_LSHLREV_B64 => I(b() << (a() & 63)),
        // gfx6/gfx7 non-reversed shifts (shift amount in src1).
        V_LSHL_B32 => I((u(a()) << (u(b()) & 31)) as u64),
        V_LSHR_B32 => I((u(a()) >> (u(b()) & 31)) as u64),
        V_ASHR_I32 => I(((a() as u32 as i32) >> (u(b()) & 31)) as u32 as u64),
        V_LSHL_B64 => I(a() << (b() & 63)),
        V_LSHR_B64 => I(a() >> (b() & 63)),
        V_ASHR_I64 => I(((a() as i64) >> (b() & 63)) as u64),
        V_MUL_LO_I32 => I(u(a()).wrapping_mul(u(b())) as u64),
        V_LSHRREV_B64 => I(b() >> (a() & 63)),
        V_ASHRREV_I64 => I(((b() as i64) >> (a() & 63)) as u64),
        V_LSHLREV_B16 => I(((b() as u16) << (a() & 15)) as u64),
        V_LSHRREV_B16 => I(((b() as u16) >> (a() & 15)) as u64),
        V_ASHRREV_I16 => I((((b() as u16 as i16) >> (a() & 15)) as u16) as u64),
        V_ADD_U16 => I((a() as u16).wrapping_add(b() as u16) as u64),
        V_SUB_U16 => I((a() as u16).wrapping_sub(b() as u16) as u64),
        V_SUBREV_U16 => I((b() as u16).wrapping_sub(a() as u16) as u64),
        V_MUL_LO_U16 => I((a() as u16).wrapping_mul(b() as u16) as u64),
        V_MAX_U16 => I((a() as u16).max(b() as u16) as u64),
        V_MIN_U16 => I((a() as u16).min(b() as u16) as u64),
        V_MAX_I16 => I((a() as i16).max(b() as i16) as u16 as u64),
        V_MIN_I16 => I((a() as i16).min(b() as i16) as u16 as u64),
        V_MAD_U16 => I((a() as u16)
            .wrapping_mul(b() as u16)
            .wrapping_add(c() as u16) as u64),
        V_MAD_U32_U16 => I((a() as u16 as u32 * b() as u16 as u32).wrapping_add(u(c())) as u64),
        V_MAD_I32_I16 => {
            I((a() as i16 as i32 * b() as i16 as i32).wrapping_add(c() as i32) as u32 as u64)
        }
        V_MUL_LO_U32 => I(u(a()).wrapping_mul(u(b())) as u64),
        V_MUL_HI_U32 => I((a() as u32 as u64 * b() as u32 as u64) >> 32),
        V_MUL_HI_I32 => I((((a() as i32 as i64) * (b() as i32 as i64)) >> 32) as u32 as u64),
        V_MUL_U32_U24 => I(((a() & 0xff_ffff) * (b() & 0xff_ffff)) & 0xffff_ffff),
        V_MUL_HI_U32_U24 => I(((a() & 0xff_ffff) * (b() & 0xff_ffff)) >> 32),
        V_MUL_I32_I24 => I((sext24(a()) * sext24(b())) as u64 & 0xffff_ffff),
        V_MUL_HI_I32_I24 => I(((sext24(a()) * sext24(b())) >> 32) as u32 as u64),
        V_MAD_U32_U24 => {
            I(((a() & 0xff_ffff) * (b() & 0xff_ffff) + (c() & 0xffff_ffff)) & 0xffff_ffff)
        }
        V_MAD_I32_I24 => I((sext24(a()) * sext24(b()) + c() as i32 as i64) as u64 & 0xffff_ffff),
        V_MAD_U64_U32 => {
            let t = (a() as u32 as u128) * (b() as u32 as u128) + c() as u128;
            *cout |= ((t >> 64) as u64 & 1) << l;
            I(t as u64)
        }
        V_MAD_I64_I32 => {
            let t = (a() as i32 as i128) * (b() as i32 as i128) + c() as i64 as i128;
            // VCC is bit 64 of the 65-bit result (AMD's pseudocode), not an overflow flag.
            *cout |= ((t >> 64) as u64 & 1) << l;
            I(t as u64)
        }
        V_MIN_I32 => I((a() as i32).min(b() as i32) as u32 as u64),
        V_MAX_I32 => I((a() as i32).max(b() as i32) as u32 as u64),
        V_MIN_U32 => I(u(a()).min(u(b())) as u64),
        V_MAX_U32 => I(u(a()).max(u(b())) as u64),
        V_MIN3_I32 => I((a() as i32).min(b() as i32).min(c() as i32) as u32 as u64),
        V_MAX3_I32 => I((a() as i32).max(b() as i32).max(c() as i32) as u32 as u64),
        V_MIN3_U32 => I(u(a()).min(u(b())).min(u(c())) as u64),
        V_MAX3_U32 => I(u(a()).max(u(b())).max(u(c())) as u64),
        V_MED3_I32 => {
            let (x, y, z) = (a() as i32, b() as i32, c() as i32);
            I(x.max(y).min(x.min(y).max(z)) as u32 as u64)
        }
        V_MED3_U32 => {
            let (x, y, z) = (u(a()), u(b()), u(c()));
            I(x.max(y).min(x.min(y).max(z)) as u64)
        }
        V_BFE_U32 => {
            let (off, wid) = (u(b()) & 31, u(c()) & 31);
            I(((u(a()) >> off) & ((1u64 << wid) - 1) as u32) as u64)
        }
        V_BFE_I32 => {
            let (off, wid) = (u(b()) & 31, u(c()) & 31);
            if wid == 0 {
                I(0)
            } else {
                let x = (u(a()) >> off) << (32 - wid);
                I((((x as i32) >> (32 - wid)) as u32) as u64)
            }
        }
        V_BFI_B32 => I(((u(a()) & u(b())) | (!u(a()) & u(c()))) as u64),
        V_BFM_B32 => I(((((1u64 << (u(a()) & 31)) - 1) as u32) << (u(b()) & 31)) as u64),
        V_BFREV_B32 => I(u(a()).reverse_bits() as u64),
        V_BCNT_U32_B32 => I(u(a()).count_ones().wrapping_add(u(b())) as u64),
        V_FFBH_U32 => I(if u(a()) == 0 {
            u32::MAX
        } else {
            u(a()).leading_zeros()
        } as u64),
        V_FFBL_B32 => I(if u(a()) == 0 {
            u32::MAX
        } else {
            u(a()).trailing_zeros()
        } as u64),
        V_FFBH_I32 => {
            let x = u(a());
            let y = if (x as i32) < 0 { !x } else { x };
            I(if y == 0 { u32::MAX } else { y.leading_zeros() } as u64)
        }
        V_ALIGNBIT_B32 => {
            I((((u(a()) as u64) << 32 | u(b()) as u64) >> (u(c()) & 31)) & 0xffff_ffff)
        }
        V_ALIGNBYTE_B32 => {
            I((((u(a()) as u64) << 32 | u(b()) as u64) >> (8 * (u(c()) & 3))) & 0xffff_ffff)
        }
        V_PERM_B32 => I(perm(u(a()), u(b()), u(c())) as u64),
        V_MBCNT_LO_U32_B32 => I((u(a()) & ((1u64 << l.min(32)) - 1) as u32)
            .count_ones()
            .wrapping_add(u(b())) as u64),
        V_MBCNT_HI_U32_B32 => {
            let m = if l <= 32 {
                0
            } else {
                ((1u64 << (l - 32)) - 1) as u32
            };
            I((u(a()) & m).count_ones().wrapping_add(u(b())) as u64)
        }
        V_SAD_U32 => I((u(a()).abs_diff(u(b()))).wrapping_add(u(c())) as u64),
        // Saturating packs (u32_to_u16 / i32_to_i16 clamp, as Mesa's pack_[su]int_2x16 rely on).
        V_CVT_PK_U16_U32 => I((u(a()).min(0xffff) | u(b()).min(0xffff) << 16) as u64),
        V_CVT_PK_I16_I32 => {
            let s = |x: u64| (x as u32 as i32).clamp(-32768, 32767) as u16 as u64;
            I(s(a()) | s(b()) << 16)
        }
        V_SAT_PK_U8_I16 => {
            let s = |x: u32| (x as u16 as i16).clamp(0, 255) as u64;
            let r = s(u(a())) | s(u(a()) >> 16) << 8;
            // gfx11's result is 16 bits (D0.b16): the high half is kept.
            I(if i.gfx11 {
                r | (w.vget(vdst, l) & 0xffff_0000) as u64
            } else {
                r
            })
        }
        V_SAD_U8 | V_SAD_HI_U8 | V_MSAD_U8 | V_SAD_U16 | V_QSAD_PK_U16_U8 | V_MQSAD_PK_U16_U8
        | V_LERP_U8 => bytes::byte_op(i.op, a(), b(), c()),
        V_MQSAD_U32_U8 => {
            // Four masked SADs of S1 against S0 shifted by 0..3 bytes, added to the four
            // dwords of S2; a 128-bit result.
            let (x, y) = (a(), u(b()));
            let acc = |k: usize| match srcs[2] {
                Src::V(r) => w.vget(r + k, l),
                Src::Const(c) => (c >> (32 * (k & 1))) as u32,
            };
            let mut r = [0u32; 4];
            for (k, out) in r.iter_mut().enumerate() {
                let win = (x >> (8 * k)) as u32;
                let d: u32 = (0..4)
                    .map(|j| {
                        let (p, q) = ((win >> (8 * j)) & 0xff, (y >> (8 * j)) & 0xff);
                        if q == 0 {
                            0
                        } else {
                            p.abs_diff(q)
                        }
                    })
                    .sum();
                *out = acc(k).wrapping_add(d);
            }
            w.vset(vdst + 2, l, r[2]);
            w.vset(vdst + 3, l, r[3]);
            I(r[0] as u64 | (r[1] as u64) << 32)
        }
        // 53 bits of 2/pi from bit 53 * S1[4:0] (further down for large exponents of S0),
        // scaled so that the segments sum to 2/pi (AMD's pseudocode).
        V_TRIG_PREOP_F64 => {
            let x = da();
            let ex = exponent64(x);
            let mut shift = 53 * (u(b()) & 31) as i32;
            if ex > 1077 {
                shift += ex - 1077;
            }
            let seg = two_over_pi_bits(shift as usize);
            let mut scale = -53 - shift;
            if ex >= 1968 {
                scale += 128;
            }
            D(ldexp64(seg as f64, scale))
        }
        // gfx6/gfx7 lighting multiply (AMD's pseudocode): -MAX unless S1 is finite above
        // -MAX and S2 > 0.
        V_MULLIT_F32 => {
            let (x, y, z) = (fa(), fb(), fc());
            F(
                if y == -f32::MAX || y == f32::NEG_INFINITY || y.is_nan() || z <= 0.0 || z.is_nan()
                {
                    -f32::MAX
                } else {
                    x * y
                },
            )
        }
        V_SCREEN_PARTITION_4SE_B32 => {
            return err("v_screen_partition_4se_b32 is a graphics-only instruction")
        }
        // The low 4 bits as a signed integer, divided by 16.
        V_CVT_OFF_F32_I4 => F((((u(a()) << 28) as i32) >> 28) as f32 / 16.0),
        V_MAD_I16 => I((a() as i16)
            .wrapping_mul(b() as i16)
            .wrapping_add(c() as i16) as u16 as u64),
        V_MIN3_I16 => I((a() as i16).min(b() as i16).min(c() as i16) as u16 as u64),
        V_MAX3_I16 => I((a() as i16).max(b() as i16).max(c() as i16) as u16 as u64),
        V_MIN3_U16 => I((a() as u16).min(b() as u16).min(c() as u16) as u64),
        V_MAX3_U16 => I((a() as u16).max(b() as u16).max(c() as u16) as u64),
        V_MED3_I16 => {
            let (x, y, z) = (a() as i16, b() as i16, c() as i16);
            I(x.max(y).min(x.min(y).max(z)) as u16 as u64)
        }
        V_MED3_U16 => {
            let (x, y, z) = (a() as u16, b() as u16, c() as u16);
            I(x.max(y).min(x.min(y).max(z)) as u64)
        }
        op => return unsupported(op),
    };
    Ok(Some(r))
}
