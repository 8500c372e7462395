//! The vector ALU (VOP1, VOP2, VOPC, VOP3, VOP3P, with SDWA, DPP, DPP16 and DPP8): each
//! instruction resolves its sources once, then walks the active lanes. Semantics follow AMD's
//! pseudocode (`../shared/reference/cdna/pseudocode.json`); float arithmetic is IEEE round to
//! nearest even (Rust's f32/f64, `mul_add` for fused operations), with the MODE register's f32
//! denormal flushing. Transcendentals are computed correctly rounded from f64 (the hardware is
//! within 1 ULP): docs/emulator.md.

use super::wave::{Src, Wave, VCC};
use super::{err, unsupported, Ctx, R};
use crate::gcn::inst::{Ext, TInst};
use crate::gcn::Enc;
use crate::op::Op;

mod bytes;
mod cmp;
mod cube;
mod lane;
mod lanes;
mod math;
mod packed;
mod write;
use math::*;
pub(super) use math::{cmp_info, perm, Ty};
pub use math::{f16_to_f32, f64_to_f16};
use packed::*;

// ---------------------------------------------------------------- the instruction

pub fn exec(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>) -> R {
    use Op::*;
    if let Some(r) = super::valu11::try_exec(w, i, ctx) {
        return r;
    }
    // gfx8/gfx9 VGPR index mode (s_set_gpr_idx_on): M0[7:0] added to the VGPR operands that
    // M0[15:12] selects (src0, src1, src2, dst).
    let indexed;
    let i = if w.mode & super::salu::MODE_GPR_IDX_EN != 0 {
        let m0 = w.s[super::wave::M0];
        let (k, en) = ((m0 & 0xff) as u16, (m0 >> 12) & 0xf);
        let mut t = *i;
        for s in 0..3 {
            if en >> s & 1 != 0 && t.src[s] >= 256 {
                t.src[s] += k;
            }
        }
        if en & 8 != 0 {
            t.vdst += k;
        }
        indexed = t;
        &indexed
    } else {
        i
    };
    let sdwa = i.ext == Ext::Sdwa;
    let dpp = matches!(i.ext, Ext::Dpp | Ext::Dpp8);
    // SDWA source selects (BYTE0..3, WORD0/1, DWORD) and sign extension, per source (the
    // decoder's, from each generation's SDWA layout).
    let sel = i.sdwa.src_sel.map(u32::from);
    let sext = i.sdwa.src_sext;
    let m = Mods {
        float: i.float,
        half: i.half,
        neg: i.neg,
        abs: i.abs,
        clamp: i.clamp,
        omod: i.omod,
    };
    if i.enc == Enc::Vop3p {
        return vop3p(w, i, ctx);
    }
    // The wave-wide path rounds to nearest even and keeps f32 denormals: other MODEs take the
    // general path for floats.
    let f32_other = (w.mode >> 4) & 3 != 3 || w.mode & 3 != 0;
    let f16_plain = (w.mode >> 6) & 3 == 3 && (w.mode >> 2) & 3 == 0;
    // (gfx11 16-bit results keep the other half of their register: the general path.)
    if !(i.gfx11 && i.dst16) && super::valu_fast::try_exec(w, i, f32_other, f16_plain) {
        ctx.lane_ops += w.exec().count_ones() as u64;
        return Ok(());
    }
    let exec = w.exec();
    let srcs = [
        w.src(i, 0, m.float[0], m.half[0]),
        w.src(i, 1, m.float[1], m.half[1]),
        w.src(i, 2, m.float[2], m.half[2]),
    ];
    let n = i.src_n;
    let ieee = w.mode >> 9 & 1 != 0;
    // MODE.DX10_CLAMP: clamp turns NaN into 0 (otherwise NaN passes through).
    let dx10 = w.mode >> 8 & 1 != 0;
    let denorm32 = (w.mode >> 4) & 3;
    let (ftz_in, ftz_out) = (denorm32 & 1 == 0, denorm32 & 2 == 0);
    // MODE.FP_DENORM for f64 and f16 [7:6] (bit 6: inputs kept, bit 7: outputs kept) and
    // MODE.FP_ROUND for f32 [1:0] and f64/f16 [3:2].
    let denorm64 = (w.mode >> 6) & 3;
    let (ftz64_in, ftz64_out) = (denorm64 & 1 == 0, denorm64 & 2 == 0);
    let (rm32, rm64) = (w.mode & 3, (w.mode >> 2) & 3);
    let e64 = i.enc == Enc::Vop3;
    let gfx6 = i.gen == crate::gcn::Gen::Gfx6 && !i.gfx11;
    let vdst = i.vdst as usize;
    let lanes = w.lanes;
    // DPP: src0 of lane l comes from lane `dpp_src[l]` (None: the lane reads 0 or is disabled).
    let (dpp_src, dpp_write) = lanes::dpp_lanes(i, exec, lanes, dpp)?;
    let exec = exec & dpp_write;
    // gfx11: VOP1/VOP2/VOPC record their true16 halves in op_sel too (`rdna3::inst`).
    let opsel_src = if i.enc == Enc::Vop3 && i.gen >= crate::gcn::Gen::Gfx9 || i.gfx11 {
        i.opsel
    } else {
        0
    };
    // A 16-bit integer result with op_sel[3] goes to the destination's high half; on gfx11
    // (as on gfx10) a 16-bit result written to the low half keeps the high half.
    let dst16_hi = opsel_src & 8 != 0 && i.dst16;
    let dst16_lo_keep = i.gfx11 && i.dst16 && !dst16_hi;
    let get = |w: &Wave, k: usize, l: usize| {
        let raw = if dpp && k == 0 {
            match dpp_src[l] {
                Some(s) => w.lane(srcs[0], s, n[0]),
                None => 0,
            }
        } else {
            w.lane(srcs[k], l, n[k])
        };
        // gfx9 VOP3 op_sel: a 16-bit source reads its high half.
        let raw = if opsel_src >> k & 1 != 0 && m.half[k] {
            raw >> 16 & 0xffff
        } else {
            raw
        };
        let raw = if sdwa && k < 2 {
            let v = raw as u32;
            let (x, bits) = match sel[k] {
                0..=3 => (v >> (8 * sel[k]) & 0xff, 8),
                4 => (v & 0xffff, 16),
                5 => (v >> 16, 16),
                _ => (v, 32),
            };
            if sext[k] && bits < 32 {
                (((x << (32 - bits)) as i32) >> (32 - bits)) as u32 as u64
            } else {
                x as u64
            }
        } else {
            raw
        };
        apply_in(raw, n[k], m.half[k], k, &m)
    };
    let f32in = |w: &Wave, k: usize, l: usize| {
        let x = f32::from_bits(get(w, k, l) as u32);
        if ftz_in {
            ftz32(x)
        } else {
            x
        }
    };
    let f64in = |w: &Wave, k: usize, l: usize| {
        let x = f64::from_bits(get(w, k, l));
        if ftz64_in && x.is_subnormal() {
            0f64.copysign(x)
        } else {
            x
        }
    };
    // Comparisons.
    if let Some((cond, ty, x)) = cmp_info(i.op) {
        // v_cmp_class's mask (a true16 / op_sel high half for the f16 form).
        let class_mask = |w: &Wave, l: usize| {
            let mask = w.lane(srcs[1], l, 1) as u32;
            if opsel_src & 2 != 0 && m.half[1] {
                mask >> 16
            } else {
                mask
            }
        };
        let bits = cmp::compare(
            w,
            lanes,
            exec,
            (cond, ty),
            &class_mask,
            &get,
            &f32in,
            &f64in,
        );
        ctx.lane_ops += exec.count_ones() as u64;
        if x {
            w.set_exec(bits);
            // GCN's v_cmpx writes its destination too: the SGPR pair of VOP3 (and gfx9 SDWA),
            // VCC in the VOPC encoding (AMD's pseudocode: EXEC = D0 = result); gfx11's writes
            // EXEC only.
            if !i.gfx11 {
                w.set_mask(if e64 || sdwa { i.sdst as usize } else { VCC }, bits);
            }
        } else if e64 || sdwa {
            w.set_mask(i.sdst as usize, bits);
        } else {
            w.set_vcc(bits);
        }
        return Ok(());
    }
    // Cross-lane and special forms.
    if lanes::cross_lane(w, i, exec, &srcs, lanes, vdst)? {
        return Ok(());
    }
    // Carry-out / condition destinations.
    let sdst = if e64 { i.sdst as usize } else { VCC };
    let carry_in_src = if e64 { Some(2) } else { None };
    let carry_in = |w: &Wave| {
        if let Some(k) = carry_in_src {
            w.lane(srcs[k], 0, 2)
        } else {
            w.vcc()
        }
    };
    let cin = carry_in(w);
    let mut cout = 0u64;
    let dst_n = i.dst_n;
    let omod_mul = match m.omod {
        1 => 2.0,
        2 => 4.0,
        3 => 0.5,
        _ => 1.0,
    };
    let out = write::Out {
        omod_mul,
        dx10,
        ftz_out,
        ftz64_out,
        rm64,
        dst16_hi,
        dst16_lo_keep,
        dst_n,
    };
    let env = lane::Env {
        m: &m,
        srcs: &srcs,
        e64,
        gfx6,
        ieee,
        rm32,
        rm64,
        ftz_in,
        ftz64_in,
        vdst,
        cin,
    };
    let mut count = 0u64;
    for l in 0..lanes {
        if exec >> l & 1 == 0 {
            continue;
        }
        count += 1;
        let Some(r) = lane::result(w, i, l, &env, &get, &f32in, &f64in, &mut cout)? else {
            return Ok(());
        };
        let old = w.vget(vdst, l);
        // Output modifiers and the write.
        write::write(w, i, vdst, l, r, &out);
        if sdwa {
            lanes::sdwa_dst(w, i, vdst, l, old);
        }
    }
    ctx.lane_ops += count;
    // Carry-out / VCC results (only lanes in EXEC; others read as 0).
    if matches!(
        i.op,
        V_ADD_CO_U32
            | V_SUB_CO_U32
            | V_SUBREV_CO_U32
            | V_ADDC_CO_U32
            | V_SUBB_CO_U32
            | V_SUBBREV_CO_U32
            | V_MAD_U64_U32
            | V_MAD_I64_I32
            | V_DIV_SCALE_F32
            | V_DIV_SCALE_F64
    ) {
        w.set_mask(sdst, cout);
    }
    Ok(())
}
