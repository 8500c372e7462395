//! VOP3 (a and b), VOP3P and VINTRP.

use crate::gcn::decode::scalar::write_sdst;
use crate::gcn::decode::vop3::{
    vop3_src, vop3_src_special, vop3_tail, write_interp_vsrc, write_mod_src, write_mod_src_x,
    write_sdst8, write_sreg32_src, VOP3_SPECIAL,
};
use crate::gcn::decode::{head, head_inline, sep};
use crate::gcn::fmt::{dec, Sink};
use crate::gcn::inst::TInst;
use crate::gcn::operand::{self, write_src, write_vreg, OpType};
use crate::gcn::table::{flag, Entry, Field, Operand, Shape};

/// The three 9-bit sources packed as VOP3's second dword places them (what the shared source
/// writers index).
fn packed_srcs(t: &TInst) -> u32 {
    (t.src[0] as u32 & 0x1ff) | (t.src[1] as u32 & 0x1ff) << 9 | (t.src[2] as u32 & 0x1ff) << 18
}

pub(super) fn vop3<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    if e.is(flag::INTERP) {
        return interp(t, e, out);
    }
    if e.is(flag::READLANE | flag::WRITELANE) {
        return lane(t, e, out);
    }
    let gen = t.gen;
    let w1 = packed_srcs(t);
    let Shape::Vop3 {
        nd,
        ns,
        nsrc,
        float,
        n,
        ty,
    } = &e.shape
    else {
        head(out, e);
        return walk(t, e, out);
    };
    head_inline(out, e);
    out.byte(b' ');
    let vdst = t.vdst as u32;
    let mut ok = if e.is(flag::SDST8) {
        write_sdst8(out, gen, vdst, *nd as u32)
    } else {
        write_vreg(out, vdst, *nd as u32)
    };
    if *ns > 0 {
        out.bytes(b", ");
        ok &= write_sdst(out, gen, t.sdst as u32, *ns as u32);
    }
    let is_b = e.has(Field::Sdst);
    let abs = if is_b { 0 } else { t.abs as u32 };
    let neg = t.neg as u32;
    let nsrc = (*nsrc).min(3);
    for i in 0..nsrc as usize {
        out.bytes(b", ");
        ok &= vop3_src(out, gen, e, w1, i, n[i] as u32, ty[i], neg, abs);
    }
    vop3_tail(
        out,
        t.opsel as u32,
        !is_b && e.is(flag::OPSEL),
        nsrc as u32,
        t.clamp as u32,
        t.omod as u32,
        *float,
    );
    ok
}

/// A VOP3 operand list without a `Shape`: the template walked.
fn walk<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let gen = t.gen;
    let w1 = packed_srcs(t);
    let (vdst, sdst) = (t.vdst as u32, t.sdst as u32);
    let (abs, neg) = (t.abs as u32, t.neg as u32);
    let is_b = e.has(Field::Sdst);
    let mut first = true;
    let mut ok = true;
    let mut nsrc = 0;
    let mut any_float = false;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, ty } => {
                let n = n as u32;
                if field == Field::Vdst && ty.is_float() {
                    any_float = true;
                }
                ok &= match field {
                    Field::Vdst => {
                        if e.is(flag::SDST8) {
                            write_sdst8(out, gen, vdst, n)
                        } else {
                            write_vreg(out, vdst, n)
                        }
                    }
                    Field::Sdst => write_sdst(out, gen, sdst, n),
                    Field::Src0 | Field::Src1 | Field::Src2 => {
                        let i = match field {
                            Field::Src0 => 0,
                            Field::Src1 => 1,
                            _ => 2,
                        };
                        nsrc = nsrc.max(i + 1);
                        if ty.is_float() {
                            any_float = true;
                        }
                        let (ng, ab) = (neg >> i & 1 != 0, !is_b && abs >> i & 1 != 0);
                        let s = t.src[i] as u32;
                        if e.flags & VOP3_SPECIAL == 0 {
                            let (ng, ab) = if ty.is_float() {
                                (ng, ab)
                            } else {
                                (false, false)
                            };
                            if ng || ab {
                                write_mod_src(out, gen, s, n, ty, ng, ab)
                            } else {
                                write_src(out, gen, s, n, ty, None)
                            }
                        } else {
                            vop3_src_special(out, gen, e, w1, i, n, ty, ng, ab)
                        }
                    }
                    _ => false,
                }
            }
            Operand::Text(s) => out.push_str(s),
        }
    }
    vop3_tail(
        out,
        t.opsel as u32,
        !is_b && e.is(flag::OPSEL),
        nsrc as u32,
        t.clamp as u32,
        t.omod as u32,
        any_float,
    );
    ok
}

/// v_readlane_b32 / v_writelane_b32 (VOP3).
fn lane<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let gen = t.gen;
    let vdst = t.vdst as u32;
    let (s0, s1) = (t.src[0] as u32, t.src[1] as u32);
    head(out, e);
    out.push(' ');
    let read = e.is(flag::READLANE);
    let mut ok = if read {
        write_sdst8(out, gen, vdst, 1)
    } else {
        write_vreg(out, vdst, 1)
    };
    if read && vdst == 254 {
        out.push_str("/*Invalid register, operand has 'SReg_32' register class*/");
    }
    out.push_str(", ");
    if read {
        ok &= write_src(out, gen, s0, 1, OpType::Int, None);
        match operand::classify(s0) {
            operand::Src::Int(_) | operand::Src::Float(_) => out.push_str("/*Invalid immediate*/"),
            operand::Src::Sgpr(_) if s0 != 125 => {
                out.push_str("/*Invalid register, operand has 'VRegOrLds_32' register class*/")
            }
            _ => {}
        }
    } else {
        ok &= write_sreg32_src(out, gen, s0);
    }
    out.push_str(", ");
    ok & write_sreg32_src(out, gen, s1)
}

/// VOP3 forms of the interpolation instructions: src0 holds the attribute, channel and `high`.
fn interp<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let gen = t.gen;
    let (abs, neg) = (t.abs, t.neg);
    let srcs = [t.src[0] as u32, t.src[1] as u32, t.src[2] as u32];
    let f16 = e.mnemonic.ends_with("_f16");
    let has_src2 = e
        .operands
        .iter()
        .any(|o| matches!(o, Operand::Text(t) if t.starts_with('v') || t.contains(", v")));
    head(out, e);
    out.push(' ');
    let mut ok = write_vreg(out, t.vdst as u32, 1);
    out.push_str(", ");
    let ty = if f16 { OpType::Half } else { OpType::Float };
    if e.mnemonic.starts_with("v_interp_mov") {
        match srcs[1] {
            0 => out.push_str("p10"),
            1 => out.push_str("p20"),
            2 => out.push_str("p0"),
            v => {
                out.push_str("invalid_param_");
                dec(out, v);
            }
        }
    } else {
        ok &= write_interp_vsrc(out, gen, srcs[1], ty, neg & 2 != 0, abs & 2 != 0);
    }
    let a = srcs[0];
    out.push_str(", attr");
    dec(out, a & 63);
    out.push('.');
    out.push(['x', 'y', 'z', 'w'][(a >> 6 & 3) as usize]);
    if has_src2 {
        out.push_str(", ");
        ok &= write_interp_vsrc(out, gen, srcs[2], ty, neg & 4 != 0, abs & 4 != 0);
    }
    if a & 0x100 != 0 {
        out.push_str(" high");
    }
    if t.clamp {
        out.push_str(" clamp");
    }
    if t.omod != 0 {
        out.push_str([" mul:2", " mul:4", " div:2"][(t.omod as usize - 1) % 3]);
    }
    ok
}

pub(super) fn vop3p<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let gen = t.gen;
    let (neg, neg_hi) = (t.neg as u32, t.neg_hi as u32);
    let (opsel, opsel_hi) = (t.opsel as u32, t.opsel_hi as u32);
    let mix = e.is(flag::MIX);
    head(out, e);
    let mut first = true;
    let mut ok = true;
    let mut nsrc = 0u32;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, ty } => match field {
                Field::Vdst => {
                    ok &= write_vreg(out, t.vdst as u32, n as u32);
                }
                Field::Src0 | Field::Src1 | Field::Src2 => {
                    let i = match field {
                        Field::Src0 => 0,
                        Field::Src1 => 1,
                        _ => 2,
                    };
                    nsrc = nsrc.max(i as u32 + 1);
                    let s = t.src[i] as u32;
                    ok &= if mix {
                        let (ng, ab) = (neg >> i & 1 != 0, neg_hi >> i & 1 != 0);
                        write_mod_src_x(out, gen, s, n as u32, ty, ng, ab, true)
                    } else {
                        write_src(out, gen, s, n as u32, ty, None)
                    };
                }
                _ => ok = false,
            },
            Operand::Text(s) => out.push_str(s),
        }
    }
    let list = |out: &mut W, name: &str, v: u32| {
        out.push(' ');
        out.push_str(name);
        out.push_str(":[");
        for i in 0..nsrc {
            if i > 0 {
                out.push(',');
            }
            out.push(if v >> i & 1 != 0 { '1' } else { '0' });
        }
        out.push(']');
    };
    let mask = (1u32 << nsrc) - 1;
    if opsel & mask != 0 {
        list(out, "op_sel", opsel);
    }
    let hi_default = if mix { 0 } else { mask };
    if opsel_hi & mask != hi_default {
        list(out, "op_sel_hi", opsel_hi);
    }
    if !mix {
        if neg & mask != 0 {
            list(out, "neg_lo", neg);
        }
        if neg_hi & mask != 0 {
            list(out, "neg_hi", neg_hi);
        }
    }
    if t.clamp {
        out.push_str(" clamp");
    }
    ok
}

pub(super) fn vintrp<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let vsrc = t.vaddr as u32;
    head(out, e);
    let mut first = true;
    let mut ok = true;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field {
                field: Field::Vdst, ..
            } => {
                write_vreg(out, t.vdst as u32, 1);
            }
            Operand::Field {
                field: Field::Vsrc, ..
            } => {
                write_vreg(out, vsrc, 1);
            }
            Operand::Text(s) if s.starts_with("attr") => {
                out.push_str("attr");
                dec(out, t.attr as u32);
                out.push('.');
                out.push(['x', 'y', 'z', 'w'][(t.attrchan & 3) as usize]);
            }
            Operand::Text(s) if s.starts_with("invalid_param") => match vsrc {
                0 => out.push_str("p10"),
                1 => out.push_str("p20"),
                2 => out.push_str("p0"),
                _ => {
                    out.push_str("invalid_param_");
                    dec(out, vsrc);
                }
            },
            Operand::Text(s) => out.push_str(s),
            // (llvm-objdump-19 prints VINTRP's registers unchecked: the results are dropped.)
            _ => ok = false,
        }
    }
    ok
}
