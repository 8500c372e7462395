//! VOP3 (a and b), VOP3P and VINTRP.

use super::*;
use crate::fields::G;

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

/// The 8-bit scalar destination of a VOPC/VOP3 compare: LLVM prints non-SGPR values as sources,
/// constants flagged `/*Invalid immediate*/`.
#[inline(never)]
pub(crate) fn write_sdst8<W: Sink>(out: &mut W, gen: Gen, v: u32, n: u32) -> bool {
    if v < 128 {
        return write_sdst(out, gen, v, n);
    }
    match operand::classify(v) {
        operand::Src::Int(_) | operand::Src::Float(_) => {
            // Printed as a 32-bit constant whatever the destination's size.
            write_src(out, gen, v, 1, OpType::Int, None);
            out.push_str("/*Invalid immediate*/");
            true
        }
        operand::Src::Special(_) => write_src(out, gen, v, n, OpType::Int, None),
        _ => false,
    }
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
    let srcs = [bits(w1, 0, 9), bits(w1, 9, 9), bits(w1, 18, 9)];
    // LLVM types v_sad_u16's sources as 32-bit integers.
    let ty = if e.is(flag::SAD_U16) { OpType::Int } else { ty };
    // v_cndmask_b32 takes float source modifiers although its type is b32.
    // v_cvt_pk_u8_f32 packs into integer src1/src2: no float modifiers.
    let fmods = (ty.is_float() || e.is(flag::CNDMASK)) && !(i > 0 && e.is(flag::CVT_PK_U8_F32));
    let carry_in = e.is(flag::CARRY_IN);
    let cond = e.is(flag::CARRY_IN | flag::CNDMASK);
    if i == 2 && cond && srcs[2] >= 256 {
        // The carry-in is an SGPR pair: llvm-mc notes a VGPR there.
        let ok = write_src(out, gen, srcs[2], n, ty, None);
        out.push_str("/*Invalid register, operand has 'SReg_1_XEXEC' register class*/");
        ok
    } else if i == 2
        && carry_in
        && matches!(
            operand::classify(srcs[2]),
            operand::Src::Int(_) | operand::Src::Float(_)
        )
    {
        let ok = write_src(out, gen, srcs[2], 1, OpType::Int, None);
        out.push_str("/*Invalid immediate*/");
        ok
    } else if i == 2
        && e.is(flag::CNDMASK)
        && matches!(
            operand::classify(srcs[2]),
            operand::Src::Int(_) | operand::Src::Float(_)
        )
    {
        // The condition is a register: LLVM annotates a constant there.
        let ok = write_src(out, gen, srcs[2], 1, OpType::Int, None);
        out.push_str("/*Invalid immediate*/");
        ok
    } else if i == 2 && e.is(flag::MQSAD_U32_U8) && srcs[2] < 256 {
        // src2 is a VGPR quad; LLVM annotates the rest.
        let ok = write_src(out, gen, srcs[2], n, ty, None);
        out.push_str(match operand::classify(srcs[2]) {
            operand::Src::Int(_) | operand::Src::Float(_) => "/*Invalid immediate*/",
            _ => "/*Invalid register, operand has 'VReg_128' register class*/",
        });
        ok
    } else if i == 0 && e.is(flag::VGPR_ONLY_SRC0) && srcs[0] < 256 {
        // VGPR-only source: LLVM annotates scalars and constants.
        let ok = write_src(out, gen, srcs[0], n, ty, None);
        out.push_str(match operand::classify(srcs[0]) {
            operand::Src::Sgpr(_) => "/*Invalid register, operand has 'VGPR_32' register class*/",
            operand::Src::Int(_) | operand::Src::Float(_) => "/*Invalid immediate*/",
            _ => "",
        });
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

#[inline(never)]
pub(crate) fn vop3<W: Sink>(gen: Gen, w: &[u32; 3], out: &mut W) -> R {
    let (w0, w1) = (w[0], w[1]);
    let old = gen <= Gen::Gfx7;
    let op = fields::vop3::op(G::of(gen), w);
    let e = entry(gen, Enc::Vop3, op)?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    if e.is(flag::INTERP) {
        return vop3_interp(gen, e, w, out);
    }
    if e.is(flag::READLANE | flag::WRITELANE) {
        return vop3_lane(gen, e, w, out);
    }
    // The must-be-zero fields (vdst, src0-2) as one mask per dword, not a walk of `e.zero`.
    let z = |f: Field, m: u32| {
        if e.zero_fields & field_bit(f) != 0 {
            m
        } else {
            0
        }
    };
    let z1 = z(Field::Src0, 0x1ff) | z(Field::Src1, 0x1ff << 9) | z(Field::Src2, 0x1ff << 18);
    if w0 & z(Field::Vdst, 0xff) != 0 || w1 & z1 != 0 {
        return Err(());
    }
    // No literal in VOP3.
    let g = G::of(gen);
    use fields::vop3 as v;
    if v::src0(g, w) == 255 || v::src1(g, w) == 255 || v::src2(g, w) == 255 {
        return Err(());
    }
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
        let d = Decoded::with(2, Enc::Vop3, op as u16, CLASS_ENC);
        return vop3_walk(gen, e, w, out, d);
    };
    // The operand list without walking it (`vop3_walk` prints the same text).
    head_inline(out, e);
    out.byte(b' ');
    let vdst = v::vdst(g, w);
    let ok = if e.is(flag::SDST8) {
        // `write_sdst8`'s first case inline (v_cmp*_e64 writing an SGPR pair).
        if vdst < 128 {
            write_sdst(out, gen, vdst, *nd as u32)
        } else {
            write_sdst8(out, gen, vdst, *nd as u32)
        }
    } else {
        write_vreg(out, vdst, *nd as u32)
    };
    if !ok {
        return Err(());
    }
    if *ns > 0 {
        out.bytes(b", ");
        if !write_sdst(out, gen, v::sdst(g, w), *ns as u32) {
            return Err(());
        }
    }
    // VOP3b (a carry-out sdst): bits 8-10 are the sdst's, no abs.
    let is_b = e.has(Field::Sdst);
    let abs = if is_b { 0 } else { v::abs(g, w) };
    let neg = v::neg(g, w);
    // The sources unrolled (a constant `i` each: no per-source shifts and table reads).
    let nsrc = (*nsrc).min(3);
    if nsrc > 0 {
        out.bytes(b", ");
        if !vop3_src(out, gen, e, w1, 0, n[0] as u32, ty[0], neg, abs) {
            return Err(());
        }
    }
    if nsrc > 1 {
        out.bytes(b", ");
        if !vop3_src(out, gen, e, w1, 1, n[1] as u32, ty[1], neg, abs) {
            return Err(());
        }
    }
    if nsrc > 2 {
        out.bytes(b", ");
        if !vop3_src(out, gen, e, w1, 2, n[2] as u32, ty[2], neg, abs) {
            return Err(());
        }
    }
    let opsel = v::opsel(g, w);
    // gfx6/gfx7 VOP3b: bits 8-14 are the carry-out sdst and there is no clamp bit (llvm-mc-19
    // accepts `clamp` on v_div_scale and encodes nothing).
    let clamp = if old && is_b { 0 } else { v::clamp(g, w) };
    // llvm-mc-19 prints op_sel where a source is 16-bit, except on the legacy (gfx8-layout)
    // 16-bit opcodes and v_sad_u16; elsewhere it ignores the bits.
    vop3_tail(
        out,
        opsel,
        !is_b && e.is(flag::OPSEL),
        nsrc as u32,
        clamp,
        v::omod(g, w),
        *float,
    );
    // (`e.op` is `op`: read here rather than kept live across the printing.)
    Ok(Decoded::with(2, Enc::Vop3, e.op, CLASS_ENC))
}

/// [`vop3`] of an operand list without a `Shape`: the template walked (out of line, so that the
/// shaped path keeps a small frame).
#[inline(never)]
pub(crate) fn vop3_walk<W: Sink>(gen: Gen, e: &Entry, w: &[u32; 3], out: &mut W, d: Decoded) -> R {
    let g = G::of(gen);
    use fields::vop3 as v;
    let vdst = v::vdst(g, w);
    let sdst = v::sdst(g, w);
    let abs = v::abs(g, w);
    let opsel = v::opsel(g, w);
    // gfx6/gfx7 VOP3b has its SDST where VOP3a has CLAMP, and no clamp.
    let clamp = if gen <= Gen::Gfx7 && e.has(Field::Sdst) {
        0
    } else {
        v::clamp(g, w)
    };
    let srcs = [v::src0(g, w), v::src1(g, w), v::src2(g, w)];
    let omod = v::omod(g, w);
    let neg = v::neg(g, w);
    let is_b = e.has(Field::Sdst);
    let opsel_op = e.is(flag::OPSEL);
    let mut first = true;
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
                let ok = match field {
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
                        if e.flags & VOP3_SPECIAL == 0 {
                            // No opcode-specific rule: float sources take modifiers.
                            let (ng, ab) = if ty.is_float() {
                                (ng, ab)
                            } else {
                                (false, false)
                            };
                            if ng || ab {
                                write_mod_src(out, gen, srcs[i], n, ty, ng, ab)
                            } else {
                                write_src(out, gen, srcs[i], n, ty, None)
                            }
                        } else {
                            vop3_src_special(out, gen, e, w[1], i, n, ty, ng, ab)
                        }
                    }
                    _ => false,
                };
                if !ok {
                    return Err(());
                }
            }
            Operand::Text(t) => out.push_str(t),
        }
    }
    vop3_tail(
        out,
        opsel,
        !is_b && opsel_op,
        nsrc as u32,
        clamp,
        omod,
        any_float,
    );
    Ok(d)
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
    let constant = (128..=208).contains(&s) || (240..=248).contains(&s);
    let fm = t.is_float() || cndmask;
    if special != 0 && !(cndmask && !(i == 2 && (s >= 256 || constant)) || sext1) {
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

/// A 9-bit source in an SReg_32 operand: VGPRs and lds_direct print with llvm-mc's note.
#[inline(never)]
pub(crate) fn write_sreg32_src<W: Sink>(out: &mut W, gen: Gen, v: u32) -> bool {
    if v == 255 {
        return false;
    }
    if v >= 256 || v == 254 {
        if !write_src(out, gen, v, 1, OpType::Int, None) {
            return false;
        }
        out.push_str("/*Invalid register, operand has 'SReg_32' register class*/");
        return true;
    }
    write_src(out, gen, v, 1, OpType::Int, None)
}

/// v_readlane_b32 (sdst, VGPR-or-lds source, SReg_32 lane) and v_writelane_b32 (vdst, SReg_32
/// value, SReg_32 lane): other operand kinds print with llvm-mc's notes.
#[inline(never)]
pub(crate) fn vop3_lane<W: Sink>(gen: Gen, e: &Entry, w: &[u32; 3], out: &mut W) -> R {
    let g = G::of(gen);
    use fields::vop3 as v;
    let vdst = v::vdst(g, w);
    let (s0, s1) = (v::src0(g, w), v::src1(g, w));
    if v::src2(g, w) != 0 || s0 == 255 || s1 == 255 {
        return Err(());
    }
    head(out, e);
    out.push(' ');
    let read = e.is(flag::READLANE);
    let ok = if read {
        write_sdst8(out, gen, vdst, 1)
    } else {
        write_vreg(out, vdst, 1)
    };
    if !ok {
        return Err(());
    }
    // llvm-mc-19 notes lds_direct as a destination (not an SReg_32), and `null` as src0 not at
    // all (tests/gcn_asm_rules.rs, `lane_decoder_notes_as_llvm_mc`).
    if read && vdst == 254 {
        out.push_str("/*Invalid register, operand has 'SReg_32' register class*/");
    }
    out.push_str(", ");
    if read {
        if !write_src(out, gen, s0, 1, OpType::Int, None) {
            return Err(());
        }
        match operand::classify(s0) {
            operand::Src::Int(_) | operand::Src::Float(_) => out.push_str("/*Invalid immediate*/"),
            operand::Src::Sgpr(_) if s0 != 125 => {
                out.push_str("/*Invalid register, operand has 'VRegOrLds_32' register class*/")
            }
            _ => {}
        }
    } else if !write_sreg32_src(out, gen, s0) {
        return Err(());
    }
    out.push_str(", ");
    if !write_sreg32_src(out, gen, s1) {
        return Err(());
    }
    Ok(Decoded::with(2, Enc::Vop3, e.op, CLASS_ENC))
}

/// A VGPR operand of an interpolation instruction: llvm-mc notes scalar registers and constants,
/// inside the modifiers.
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
    let note = match operand::classify(v) {
        operand::Src::Sgpr(_) => "/*Invalid register, operand has 'VGPR_32' register class*/",
        operand::Src::Int(_) | operand::Src::Float(_) => "/*Invalid immediate*/",
        _ => "",
    };
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

/// VOP3 forms of the interpolation instructions: src0 holds the attribute (bits 0-5), channel
/// (bits 6-7) and, for the f16 forms, `high` (bit 8); src1 is the interpolant (a VGPR; the f32
/// forms print other registers with llvm-mc's note), src2 the f16 forms' second VGPR. The
/// table's accepted-bit masks decide which modifier bits are valid.
#[inline(never)]
pub(crate) fn vop3_interp<W: Sink>(gen: Gen, e: &Entry, w: &[u32; 3], out: &mut W) -> R {
    let g = G::of(gen);
    use fields::vop3 as v;
    let vdst = v::vdst(g, w);
    let abs = v::abs(g, w);
    let clamp = v::clamp(g, w);
    let srcs = [v::src0(g, w), v::src1(g, w), v::src2(g, w)];
    let omod = v::omod(g, w);
    let neg = v::neg(g, w);
    let f16 = e.mnemonic.ends_with("_f16");
    let has_src2 = e
        .operands
        .iter()
        .any(|o| matches!(o, Operand::Text(t) if t.starts_with('v') || t.contains(", v")));
    if !has_src2 && srcs[2] != 0 || srcs[0] >= 0x200 || (!f16 && srcs[0] >= 0x100) {
        return Err(());
    }
    head(out, e);
    out.push(' ');
    if !write_vreg(out, vdst, 1) {
        return Err(());
    }
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
        // src1 is a VGPR: llvm-mc notes scalar registers and constants, inside the modifiers.
        if !write_interp_vsrc(out, gen, srcs[1], ty, neg & 2 != 0, abs & 2 != 0) {
            return Err(());
        }
    }
    let a = srcs[0];
    out.push_str(", attr");
    dec(out, a & 63);
    out.push('.');
    out.push(['x', 'y', 'z', 'w'][(a >> 6 & 3) as usize]);
    if has_src2 {
        out.push_str(", ");
        if !write_interp_vsrc(out, gen, srcs[2], ty, neg & 4 != 0, abs & 4 != 0) {
            return Err(());
        }
    }
    if a & 0x100 != 0 {
        out.push_str(" high");
    }
    if clamp != 0 {
        out.push_str(" clamp");
    }
    if omod != 0 {
        out.push_str([" mul:2", " mul:4", " div:2"][omod as usize - 1]);
    }
    Ok(Decoded::with(2, Enc::Vop3, e.op, CLASS_ENC))
}

pub(crate) fn vop3p<W: Sink>(gen: Gen, w: &[u32; 3], out: &mut W) -> R {
    let g = G::of(gen);
    let op = fields::vop3p::op(g, w);
    let e = entry(gen, Enc::Vop3p, op)?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    use fields::vop3p as p;
    let vdst = p::vdst(g, w);
    let neg_hi = p::neg_hi(g, w);
    let opsel = p::opsel(g, w);
    let opsel_hi = p::opsel_hi(g, w) | p::opsel_hi2(g, w) << 2;
    let clamp = p::clamp(g, w);
    let srcs = [p::src0(g, w), p::src1(g, w), p::src2(g, w)];
    let neg = p::neg(g, w);
    for z in &e.zero {
        let v = match z {
            Field::Vdst => vdst,
            Field::Src0 => srcs[0],
            Field::Src1 => srcs[1],
            Field::Src2 => srcs[2],
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    if srcs.iter().any(|&s| s == 255) {
        return Err(());
    }
    let mix = e.is(flag::MIX);
    head(out, e);
    let mut first = true;
    let mut nsrc = 0u32;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, ty } => {
                let ok = match field {
                    Field::Vdst => write_vreg(out, vdst, n as u32),
                    Field::Src0 | Field::Src1 | Field::Src2 => {
                        let i = match field {
                            Field::Src0 => 0,
                            Field::Src1 => 1,
                            _ => 2,
                        };
                        nsrc = nsrc.max(i as u32 + 1);
                        if mix {
                            let (ng, ab) = (neg >> i & 1 != 0, neg_hi >> i & 1 != 0);
                            write_mod_src_x(out, gen, srcs[i], n as u32, ty, ng, ab, true)
                        } else {
                            write_src(out, gen, srcs[i], n as u32, ty, None)
                        }
                    }
                    _ => false,
                };
                if !ok {
                    return Err(());
                }
            }
            Operand::Text(t) => out.push_str(t),
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
    if clamp != 0 {
        out.push_str(" clamp");
    }

    Ok(Decoded::with(2, Enc::Vop3p, op as u16, CLASS_ENC))
}

// ---------------------------------------------------------------- VINTRP

pub(crate) fn vintrp<W: Sink>(gen: Gen, w: &[u32; 3], out: &mut W) -> R {
    let g = G::of(gen);
    use fields::vintrp as f;
    let op = f::op(g, w);
    let e = entry(gen, Enc::Vintrp, op)?;
    if !e.bits_ok(w, 1) {
        return Err(());
    }
    let vsrc = f::vsrc(g, w);
    let chan = f::attrchan(g, w);
    let attr = f::attr(g, w);
    let vdst = f::vdst(g, w);
    head(out, e);
    let mut first = true;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field {
                field: Field::Vdst, ..
            } => {
                write_vreg(out, vdst, 1);
            }
            Operand::Field {
                field: Field::Vsrc, ..
            } => {
                write_vreg(out, vsrc, 1);
            }
            Operand::Text(t) if t.starts_with("attr") => {
                out.push_str("attr");
                dec(out, attr);
                out.push('.');
                out.push(['x', 'y', 'z', 'w'][chan as usize]);
            }
            Operand::Text(t) if t.starts_with("invalid_param") => match vsrc {
                0 => out.push_str("p10"),
                1 => out.push_str("p20"),
                2 => out.push_str("p0"),
                _ => {
                    out.push_str("invalid_param_");
                    dec(out, vsrc);
                }
            },
            Operand::Text(t) => out.push_str(t),
            _ => return Err(()),
        }
    }
    Ok(Decoded::with(1, Enc::Vintrp, op as u16, CLASS_ENC))
}
