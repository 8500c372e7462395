//! VOP1/VOP2/VOPC in their 32-bit encodings (e32).

use super::*;
use crate::fields::G;

/// The src0 of v_readfirstlane/v_readlane (a VGPR or lds_direct) and of the VGPR-only opcodes
/// (v_swap_b32, v_movrel*), given a non-VGPR: printed with llvm-mc's note.
#[inline(never)]
pub(crate) fn write_noted_src0<W: Sink>(
    out: &mut W,
    gen: Gen,
    e: &Entry,
    src0: u32,
    n: u32,
    ty: OpType,
    lit: Option<u32>,
) -> bool {
    let ok = write_src(out, gen, src0, n, ty, lit);
    if e.is(flag::READFIRSTLANE | flag::READLANE) {
        // v_readfirstlane reads a VGPR (or lds_direct): LLVM annotates the rest.
        match operand::classify(src0) {
            operand::Src::Sgpr(_) => {
                out.push_str("/*Invalid register, operand has 'VRegOrLds_32' register class*/")
            }
            operand::Src::Special(254) => {}
            operand::Src::Special(_) => {
                out.push_str("/*Invalid register, operand has 'VRegOrLds_32' register class*/")
            }
            _ => out.push_str("/*Invalid immediate*/"),
        }
    } else {
        // v_swap_b32 swaps VGPRs: LLVM annotates scalar sources and constants.
        match operand::classify(src0) {
            operand::Src::Sgpr(_) => {
                out.push_str("/*Invalid register, operand has 'VGPR_32' register class*/")
            }
            // A literal too (llvm-mc-19, gfx803: `v_movrels_b32_e32 v208,
            // 0x12345/*Invalid immediate*/`).
            operand::Src::Int(_) | operand::Src::Float(_) | operand::Src::Literal => {
                out.push_str("/*Invalid immediate*/")
            }
            _ => {}
        }
    }
    ok
}

/// VOP1/VOP2/VOPC e32 of a common operand list (`Shape::E32`, no opcode-specific rule, no
/// SDWA/DPP, no must-be-zero field): two thirds of the words of compiled code, printed with few
/// values live. Everything else, checks first, goes to [`vop_e32`] (nothing is printed before).
#[inline(always)]
pub(crate) fn vop_e32_fast<W: Sink>(gen: Gen, enc: Enc, w: &[u32; 3], n: usize, out: &mut W) -> R {
    let (w0, g) = (w[0], G::of(gen));
    use fields::{vop1, vop2, vopc};
    let op = match enc {
        Enc::Vop2 => vop2::op(g, w),
        Enc::Vop1 => vop1::op(g, w),
        _ => vopc::op(g, w),
    };
    let e = entry(gen, enc, op)?;
    let src0 = w0 & 0x1ff;
    if !matches!(e.shape, Shape::E32 { .. }) || !e.e32_fast || src0 == 0xF9 || src0 == 0xFA {
        return within(vop_e32(gen, enc, w, out), n);
    }
    if w0 & !e.ok[0] != 0 {
        return Err(());
    }
    // A literal src0 (the shape always has src0).
    let uses_lit = src0 == 255;
    let lit = if uses_lit { Some(w[1]) } else { None };
    head_inline(out, e);
    e32_operands(
        out,
        gen,
        &e.shape,
        // VOP1/VOP2 VDST and VOP2/VOPC VSRC1 sit alike (the shape says which exist).
        [vop2::vdst(g, w), src0, vop2::vsrc1(g, w)],
        lit,
    )?;
    if uses_lit && n < 2 {
        return Err(());
    }
    Ok(Decoded::of(1 + uses_lit as u8, enc, op))
}

/// The operand list of a `Shape::E32` row, ` vdst, [vcc, ]src0[, vsrc1][, vcc]` as the row has
/// them (`regs`: the vdst, src0 and vsrc1 fields; `lit`: the literal dword if src0 is one).
/// Shared by `vop_e32_fast` and `vop_e32`; another shape is an error (no caller passes one).
#[inline(always)]
pub(crate) fn e32_operands<W: Sink>(
    out: &mut W,
    gen: Gen,
    shape: &Shape,
    regs: [u32; 3],
    lit: Option<u32>,
) -> Result<(), ()> {
    // By reference: each field is read where it is used (copied out before printing, they were
    // kept on the stack across the operand writes: +18 instructions per decode).
    let Shape::E32 {
        nd,
        vcc_in,
        n0,
        ty0,
        n1,
        vcc_out,
    } = shape
    else {
        return Err(());
    };
    let [vdst, src0, vsrc1] = regs;
    out.byte(b' ');
    if *nd > 0 {
        if !write_vreg(out, vdst, *nd as u32) {
            return Err(());
        }
        out.bytes(b", ");
    }
    if *vcc_in {
        out.bytes(b"vcc, ");
    }
    if !write_src(out, gen, src0, *n0 as u32, *ty0, lit) {
        return Err(());
    }
    if *n1 > 0 {
        out.bytes(b", ");
        if !write_vreg(out, vsrc1, *n1 as u32) {
            return Err(());
        }
    }
    if *vcc_out {
        out.bytes(b", vcc");
    }
    Ok(())
}

#[inline(never)]
pub(crate) fn vop_e32<W: Sink>(gen: Gen, enc: Enc, w: &[u32; 3], out: &mut W) -> R {
    let g = G::of(gen);
    use fields::{vop1, vop2, vopc};
    let (op, vdst, vsrc1) = match enc {
        Enc::Vop2 => (vop2::op(g, w), vop2::vdst(g, w), vop2::vsrc1(g, w)),
        Enc::Vop1 => (vop1::op(g, w), vop1::vdst(g, w), 0),
        _ => (vopc::op(g, w), 0, vopc::vsrc1(g, w)),
    };
    let src0 = vop2::src0(g, w);
    let e = entry(gen, enc, op)?;
    if src0 == 0xF9 || src0 == 0xFA {
        // gfx6/gfx7 have no SDWA/DPP: 249/250 name no operand there.
        if gen <= Gen::Gfx7 {
            return Err(());
        }
        return super::ext::sdwa_dpp(gen, enc, e, w, out);
    }
    if !e.bits_ok(w, 1) {
        return Err(());
    }
    for z in &e.zero {
        let v = match z {
            Field::Vdst => vdst,
            Field::Src0 => src0,
            Field::Vsrc1 => vsrc1,
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    // v_readfirstlane's 8-bit sdst may name the literal too (llvm-mc prints it with a note).
    let lit_sdst = vdst == 255 && enc == Enc::Vop1 && is_sdst_vop1(e);
    let uses_lit = e.has(Field::Src0) && src0 == 255 || lit_sdst;
    let has_k = e.has(Field::K);
    // With a K constant, a literal src0 shares its dword.
    let len = 1 + (uses_lit || has_k) as u8;
    let lit = if uses_lit { Some(w[1]) } else { None };
    head(out, e);
    let mut first = true;
    if e.flags & E32_SPECIAL == 0 && !has_k {
        let d = Decoded::of(len, enc, op);
        // The most common operand lists straight (see `Shape`), the others in a loop: VGPR
        // destination, any source, VGPR source.
        if let Shape::E32 { .. } = e.shape {
            e32_operands(out, gen, &e.shape, [vdst, src0, vsrc1], lit)?;
            return Ok(d);
        }
        for o in &e.operands {
            sep(out, &mut first);
            let ok = match *o {
                Operand::Field {
                    field: Field::Vdst,
                    n,
                    ..
                } => write_vreg(out, vdst, n as u32),
                Operand::Field {
                    field: Field::Src0,
                    n,
                    ty,
                } => write_src(out, gen, src0, n as u32, ty, lit),
                Operand::Field {
                    field: Field::Vsrc1,
                    n,
                    ..
                } => write_vreg(out, vsrc1, n as u32),
                Operand::Text(t) => {
                    out.push_str(t);
                    true
                }
                Operand::Field { .. } => false,
            };
            if !ok {
                return Err(());
            }
        }
        return Ok(Decoded::of(len, enc, op));
    }
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, ty } => {
                let n = n as u32;
                let ok = match field {
                    Field::Vdst => {
                        if lit_sdst {
                            operand::write_literal(out, w[1], OpType::Int, 1);
                            out.push_str("/*Invalid immediate*/");
                            true
                        } else if enc == Enc::Vop1 && is_sdst_vop1(e)
                            || enc == Enc::Vop2 && e.is(flag::READLANE)
                        {
                            // gfx6/gfx7 VOP2 v_readlane_b32 writes an SGPR.
                            write_sdst8(out, gen, vdst, n)
                        } else {
                            write_vreg(out, vdst, n)
                        }
                    }
                    Field::Src0
                        if e.is(flag::READFIRSTLANE | flag::READLANE | flag::VGPR_ONLY_SRC0)
                            && src0 < 256 =>
                    {
                        write_noted_src0(out, gen, e, src0, n, ty, lit)
                    }
                    // gfx6/gfx7 VOP2 v_writelane_b32 reads a scalar (SReg_32 as LLVM's gfx8
                    // VOP3 form): a VGPR is annotated, a literal rejected.
                    Field::Src0 if enc == Enc::Vop2 && e.is(flag::WRITELANE) => {
                        write_sreg32_src(out, gen, src0)
                    }
                    Field::Src0 => write_src(out, gen, src0, n, ty, lit),
                    // gfx6/gfx7 VOP2 v_readlane/v_writelane: the 8-bit field is the lane
                    // select, a scalar operand (SGPR, m0, inline constant).
                    Field::Vsrc1 if enc == Enc::Vop2 && e.is(flag::LANE_B32) => {
                        write_sreg32_src(out, gen, vsrc1)
                    }
                    Field::Vsrc1 => write_vreg(out, vsrc1, n),
                    // The madak/madmk constant: LLVM prints the whole dword in hex, even when
                    // it equals an inline constant (`0x3f800000`, not `1.0`).
                    Field::K => {
                        hex32(out, w[1]);
                        true
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
    Ok(Decoded::of(len, enc, op))
}

pub(crate) fn is_sdst_vop1(e: &Entry) -> bool {
    e.is(flag::READFIRSTLANE)
}
