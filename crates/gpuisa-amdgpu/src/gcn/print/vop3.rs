//! VOP3 (a and b), VOP3P and VINTRP.

use super::{head, head_inline, sep, write_sdst};
use crate::gcn::fmt::{dec, Sink};
use crate::gcn::inst::TInst;
use crate::gcn::operand::{self, write_src, write_vreg, OpType};
use crate::gcn::regclass::{self, Fit};
use crate::gcn::table::{flag, Entry, Field, Operand, Shape};
use crate::gcn::Gen;

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
    out.push_str(", ");
    if read {
        ok &= write_src(out, gen, s0, 1, OpType::Int, None);
        out.push_str(regclass::vreg_or_lds(gen, s0).note());
    } else {
        ok &= write_sreg32_src(out, gen, s0, false, None);
    }
    out.push_str(", ");
    ok & write_sreg32_src(out, gen, s1, false, None)
}

/// VOP3 forms of the interpolation instructions: src0 holds the attribute, channel and `high`.
fn interp<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let gen = t.gen;
    let (abs, neg) = (t.abs, t.neg);
    let srcs = [t.src[0] as u32, t.src[1] as u32, t.src[2] as u32];
    let f16 = e.mnemonic.ends_with("_f16");
    let (_, has_src2) = regclass::interp_vsrcs(e);
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

// ------------------------------------------------------------ operand writers (VOP3/VOP3P/VINTRP)

/// Writes a source with VOP3 modifiers (`-x`, `|x|`) for float operands.
pub(crate) fn write_mod_src<W: Sink>(
    out: &mut W,
    gen: Gen,
    v: u32,
    n: u32,
    ty: OpType,
    neg: bool,
    abs: bool,
) -> bool {
    write_mod_src_x(out, gen, v, n, ty, neg, abs, false)
}

/// `mix`: v_mad_mix/v_fma_mix write `neg(...)` around float constants too.
#[allow(clippy::too_many_arguments)]
pub(crate) fn write_mod_src_x<W: Sink>(
    out: &mut W,
    gen: Gen,
    v: u32,
    n: u32,
    ty: OpType,
    neg: bool,
    abs: bool,
    mix: bool,
) -> bool {
    // LLVM writes `neg(...)` around inline constants, integer or float (a `-` would read as part
    // of the number), unless `|...|` already separates them.
    let _ = mix;
    if !neg && !abs {
        return write_src(out, gen, v, n, ty, None);
    }
    let int_const = matches!(
        operand::classify(v),
        operand::Src::Int(_) | operand::Src::Float(_)
    ) && !abs;
    if neg {
        out.push_str(if int_const { "neg(" } else { "-" });
    }
    if abs {
        out.push('|');
    }
    let ok = write_src(out, gen, v, n, ty, None);
    if abs {
        out.push('|');
    }
    if neg && int_const {
        out.push(')');
    }
    ok
}

/// The 8-bit scalar destination of a VOPC/VOP3 compare, v_readfirstlane, v_readlane
/// ([`regclass::sdst8`]): LLVM prints non-SGPR values as sources, constants flagged
/// `/*Invalid immediate*/` (as 32-bit constants whatever the destination's size), lds_direct
/// with its `SReg_32` note.
#[inline(never)]
pub(crate) fn write_sdst8<W: Sink>(out: &mut W, gen: Gen, v: u32, n: u32) -> bool {
    if v < 128 {
        return write_sdst(out, gen, v, n);
    }
    let fit = regclass::sdst8(v, n);
    if matches!(fit, Fit::Reject | Fit::Quiet) {
        return false;
    }
    let k = if fit == Fit::Imm { 1 } else { n };
    let ok = write_src(out, gen, v, k, OpType::Int, None);
    out.push_str(fit.note());
    ok
}

/// Opcodes whose VOP3 sources follow a rule of their own (see [`vop3_src_special`]).
pub(crate) const VOP3_SPECIAL: u32 = flag::SAD_U16
    | flag::CNDMASK
    | flag::CVT_PK_U8_F32
    | flag::CARRY_IN
    | flag::MQSAD_U32_U8
    | flag::VGPR_ONLY_SRC0
    | flag::SEXT_SRC1;

/// A VOP3 source `i` of an opcode with a `VOP3_SPECIAL` flag: LLVM's notes and integer modifiers.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn vop3_src_special<W: Sink>(
    out: &mut W,
    gen: Gen,
    e: &Entry,
    w1: u32,
    i: usize,
    n: u32,
    ty: OpType,
    ng: bool,
    ab: bool,
) -> bool {
    let srcs = [w1 & 0x1ff, w1 >> 9 & 0x1ff, w1 >> 18 & 0x1ff];
    // LLVM types v_sad_u16's sources as 32-bit integers.
    let ty = if e.is(flag::SAD_U16) { OpType::Int } else { ty };
    // v_cndmask_b32 takes float source modifiers although its type is b32.
    // v_cvt_pk_u8_f32 packs into integer src1/src2: no float modifiers.
    let fmods = (ty.is_float() || e.is(flag::CNDMASK)) && !(i > 0 && e.is(flag::CVT_PK_U8_F32));
    let cond = e.is(flag::CARRY_IN | flag::CNDMASK);
    // The carry-in / condition ([`regclass::sreg1_xexec`]), v_mqsad_u32_u8's accumulator
    // ([`regclass::vreg128`]), a VGPR-only src0 ([`regclass::vgpr`]): outside the class, LLVM
    // prints the value with its note (a constant as a 32-bit integer where it is one).
    let fit = match i {
        2 if cond => regclass::sreg1_xexec(srcs[2]),
        2 if e.is(flag::MQSAD_U32_U8) => regclass::vreg128(gen, srcs[2]),
        0 if e.is(flag::VGPR_ONLY_SRC0) => regclass::vgpr(gen, srcs[0]),
        _ => Fit::Ok,
    };
    if fit != Fit::Ok {
        let (k, t) = if fit == Fit::Imm && cond {
            (1, OpType::Int)
        } else {
            (n, ty)
        };
        // A special pair outside a 128-bit class prints by its 64-bit name.
        let ok = write_src(out, gen, srcs[i], k, t, None)
            || matches!(fit, Fit::Reg(_))
                && k >= 4
                && regclass::special_pair(gen, srcs[i]).is_some_and(|name| {
                    out.push_str(name);
                    true
                });
        out.push_str(fit.note());
        ok
    } else if i == 1 && e.is(flag::SEXT_SRC1) || i > 0 && e.is(flag::CVT_PK_U8_F32) {
        // LLVM's integer input modifiers: the neg bit is sext, abs is ignored.
        if ng {
            out.push_str("sext(");
        }
        let ok = write_src(out, gen, srcs[i], n, OpType::Int, None);
        if ng {
            out.push(')');
        }
        ok
    } else {
        let (ng, ab) = if fmods { (ng, ab) } else { (false, false) };
        write_mod_src(out, gen, srcs[i], n, ty, ng, ab)
    }
}

/// VOP3 source `i` of a shaped operand list (`neg`/`abs`: the instruction's modifier bits; `abs`
/// zero for VOP3b).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn vop3_src<W: Sink>(
    out: &mut W,
    gen: Gen,
    e: &Entry,
    w1: u32,
    i: usize,
    k: u32,
    t: OpType,
    neg: u32,
    abs: u32,
) -> bool {
    let (ng, ab) = (neg >> i & 1 != 0, abs >> i & 1 != 0);
    // SRC0, SRC1 and SRC2 (`fields::vop3`) are the 9-bit fields at bit 9*i of the second dword
    // on every generation: indexed here, as the unrolled callers pass a constant `i`.
    let s = (w1 >> (9 * i as u32)) & 0x1ff;
    // The two most common opcode-specific rules here, as `vop3_src_special` has them:
    // v_cndmask's sources take float modifiers (its condition, src2, a VGPR or constant
    // only with a note), v_ldexp & co.'s src1 is `sext(...)`.
    let special = e.flags & VOP3_SPECIAL;
    let cndmask = special == flag::CNDMASK;
    let sext1 = special == flag::SEXT_SRC1;
    let fm = t.is_float() || cndmask;
    if special != 0 && !(cndmask && !(i == 2 && regclass::sreg1_xexec(s) != Fit::Ok) || sext1) {
        vop3_src_special(out, gen, e, w1, i, k, t, ng, ab)
    } else if sext1 && i == 1 {
        if ng {
            out.bytes(b"sext(");
        }
        let ok = write_src(out, gen, s, k, OpType::Int, None);
        if ng {
            out.byte(b')');
        }
        ok
    } else if fm && (ng || ab) && s >= 256 {
        // `-v1`, `|v1|`, `-|v1|` inline (`write_mod_src` prints the same for a VGPR).
        if ng {
            out.byte(b'-');
        }
        if ab {
            out.byte(b'|');
        }
        let ok = write_vreg(out, s - 256, k);
        if ab {
            out.byte(b'|');
        }
        ok
    } else if fm && (ng || ab) {
        write_mod_src(out, gen, s, k, t, ng, ab)
    } else {
        write_src(out, gen, s, k, t, None)
    }
}

/// The modifiers after a VOP3 instruction's operands: op_sel (if `opsel_op`), clamp, omod (if
/// `float`).
#[inline(always)]
pub(crate) fn vop3_tail<W: Sink>(
    out: &mut W,
    opsel: u32,
    opsel_op: bool,
    nsrc: u32,
    clamp: u32,
    omod: u32,
    float: bool,
) {
    if opsel != 0 && opsel_op {
        out.push_str(" op_sel:[");
        for i in 0..nsrc {
            out.push(if opsel >> i & 1 != 0 { '1' } else { '0' });
            out.push(',');
        }
        out.push(if opsel >> 3 & 1 != 0 { '1' } else { '0' });
        out.push(']');
    }
    if clamp != 0 {
        out.push_str(" clamp");
    }
    if omod != 0 && float {
        out.push_str(match omod {
            1 => " mul:2",
            2 => " mul:4",
            _ => " div:2",
        });
    }
}

/// A 9-bit source in an SReg_32 operand ([`regclass::sreg32`]): VGPRs and lds_direct print with
/// llvm-mc's note; `vop2_value`: gfx6/gfx7 VOP2 v_writelane_b32's value, which may be
/// lds_direct or the literal `lit`.
#[inline(never)]
pub(crate) fn write_sreg32_src<W: Sink>(
    out: &mut W,
    gen: Gen,
    v: u32,
    vop2_value: bool,
    lit: Option<u32>,
) -> bool {
    let fit = regclass::sreg32(v, vop2_value);
    if fit == Fit::Reject {
        return false;
    }
    let ok = write_src(out, gen, v, 1, OpType::Int, lit);
    out.push_str(fit.note());
    ok
}

/// A VGPR operand of an interpolation instruction ([`regclass::vgpr`]): llvm-mc notes scalar
/// registers and constants, inside the modifiers.
#[inline(never)]
pub(crate) fn write_interp_vsrc<W: Sink>(
    out: &mut W,
    gen: Gen,
    v: u32,
    ty: OpType,
    neg: bool,
    abs: bool,
) -> bool {
    if v == 255 {
        return false;
    }
    let start = out.len();
    if !write_mod_src(out, gen, v, 1, ty, neg, abs) {
        return false;
    }
    let note = regclass::vgpr(gen, v).note();
    let tail = out.as_bytes().get(start..).unwrap_or(&[]);
    let kept = tail.len()
        - tail
            .iter()
            .rev()
            .take_while(|&&b| b == b'|' || b == b')')
            .count();
    let end = start + kept;
    out.insert_str(end, note);
    true
}
