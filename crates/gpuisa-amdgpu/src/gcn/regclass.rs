//! GCN (gfx6-gfx9) operand register classes: one predicate per rule, for both consumers.
//!
//! llvm-mc-19 gives some operands a register class narrower than their field can encode (a SALU
//! source that is not `lds_direct`, a VGPR-only source, an `SReg_128` resource ...). A value
//! outside the class is refused by llvm-mc-19 ("invalid operand for instruction") and printed by
//! llvm-objdump-19 with a note (`/*Invalid register, operand has 'C' register class*/`,
//! `/*Invalid immediate*/`), without one, or not at all (the word is rejected). Each rule below
//! is a predicate over the generation, the row's facts (the caller picks the rule by row flag and
//! field) and the field value, and returns that verdict ([`Fit`]): the GCN printer's operand
//! writers (`gcn::print`, `print/{vop,vop3,mem}.rs`) print the note or reject the word by it,
//! the assembler's `gcn::asm_check::operand_classes` refuses every value [`Fit::ok`] refuses
//! (all but `Ok` and `Noted`). The predicates are `#[inline]` and cheap: the printer calls them per operand.
//!
//! Rules (docs/gcn.md, "Register classes"): [`salu_src`], [`reg_only_src`], [`vreg_or_lds`],
//! [`vgpr`], [`sreg32`], [`sdst8`], [`sreg1_xexec`], [`vreg128`], [`sreg_base`],
//! [`smem_sdata`].

use super::operand::{classify, Src};
use super::table::{flag, Entry, Operand};
use super::Gen;
use crate::fields::{regs, G};

/// A register class llvm-objdump-19 names in its note.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    Sreg32,
    Sreg128,
    Sreg256,
    Sreg512,
    Sreg32Xm0Xexec,
    Sreg64Xexec,
    Sreg1Xexec,
    VregOrLds32,
    Vgpr32,
    Vreg128,
}

impl Class {
    /// The note llvm-objdump-19 prints after an operand outside the class.
    #[inline]
    pub(crate) fn note(self) -> &'static str {
        match self {
            Class::Sreg32 => "/*Invalid register, operand has 'SReg_32' register class*/",
            Class::Sreg128 => "/*Invalid register, operand has 'SReg_128' register class*/",
            Class::Sreg256 => "/*Invalid register, operand has 'SReg_256' register class*/",
            Class::Sreg512 => "/*Invalid register, operand has 'SReg_512' register class*/",
            Class::Sreg32Xm0Xexec => {
                "/*Invalid register, operand has 'SReg_32_XM0_XEXEC' register class*/"
            }
            Class::Sreg64Xexec => {
                "/*Invalid register, operand has 'SReg_64_XEXEC' register class*/"
            }
            Class::Sreg1Xexec => "/*Invalid register, operand has 'SReg_1_XEXEC' register class*/",
            Class::VregOrLds32 => "/*Invalid register, operand has 'VRegOrLds_32' register class*/",
            Class::Vgpr32 => "/*Invalid register, operand has 'VGPR_32' register class*/",
            Class::Vreg128 => "/*Invalid register, operand has 'VReg_128' register class*/",
        }
    }
}

/// What llvm makes of an operand value, against the operand's register class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fit {
    /// In the class: printed plainly, assembled.
    Ok,
    /// Outside the class, but llvm-objdump-19 prints it without a note (llvm-mc-19 refuses the
    /// text: a deliberate difference of the two LLVM tools, followed by both consumers).
    Quiet,
    /// A register outside the class: printed with [`Class::note`], refused by llvm-mc-19.
    Reg(Class),
    /// A register llvm-objdump-19 prints with [`Class::note`] although llvm-mc-19 assembles it
    /// (the other way the two LLVM tools differ).
    Noted(Class),
    /// A constant where the class takes registers: printed with `/*Invalid immediate*/`.
    Imm,
    /// Outside, and llvm-objdump-19 rejects the word.
    Reject,
}

impl Fit {
    /// Whether llvm-mc-19 takes the value (the printer tests `== Fit::Ok` for a plain operand).
    #[inline(always)]
    pub(crate) fn ok(self) -> bool {
        matches!(self, Fit::Ok | Fit::Noted(_))
    }
    /// The note llvm-objdump-19 prints after the operand ("" for none).
    #[inline]
    pub(crate) fn note(self) -> &'static str {
        match self {
            Fit::Reg(c) | Fit::Noted(c) => c.note(),
            Fit::Imm => "/*Invalid immediate*/",
            _ => "",
        }
    }
}

/// SALU sources (SOP1/SOP2/SOPC `ssrc0`/`ssrc1`, `n` dwords): SALU cannot read `lds_direct`
/// (`SReg_32` note; no 64-bit form). Every other value is the source writer's to check.
#[inline(always)]
pub(crate) fn salu_src(v: u32, n: u32) -> Fit {
    if v != 254 {
        Fit::Ok
    } else if n >= 2 {
        Fit::Reject
    } else {
        Fit::Reg(Class::Sreg32)
    }
}

/// The register-only SOP1 sources (`flag::REG_ONLY_SOP1`: `s_movrels_*`, `s_rfe_b64`,
/// `s_setpc_b64`, `s_cbranch_join`): constants and literals are noted, 1/(2*pi) where the
/// generation has no such constant rejected; `src_*` registers of the other size are refused by
/// llvm-mc-19 (which takes src_vccz/src_execz/src_scc/src_pops_exiting_wave_id as 32-bit
/// registers, the apertures as 64-bit ones) and printed without a note; then [`salu_src`].
#[inline]
pub(crate) fn reg_only_src(gen: Gen, v: u32, n: u32) -> Fit {
    match classify(v) {
        Src::Float(8) if regs::inv_2pi(G::of(gen)).is_none() => Fit::Reject,
        Src::Int(_) | Src::Float(_) | Src::Literal => Fit::Imm,
        Src::Special(239 | 251..=253) if n >= 2 => Fit::Quiet,
        Src::Special(235..=238) if n < 2 => Fit::Quiet,
        _ => salu_src(v, n),
    }
}

/// `VRegOrLds_32`: the source of `v_readfirstlane_b32` (VOP1) and `v_readlane_b32` (VOP2 on
/// gfx6/gfx7, VOP3): a VGPR or `lds_direct`. SGPRs are noted, constants and literals too; the
/// named sources (`src_vccz` ...) and `null` print without a note.
#[inline]
pub(crate) fn vreg_or_lds(gen: Gen, v: u32) -> Fit {
    match classify(v) {
        Src::Vgpr(_) | Src::Special(254) => Fit::Ok,
        Src::Special(_) => Fit::Quiet,
        Src::Sgpr(r) if regs::null(G::of(gen)) == Some(r) => Fit::Quiet,
        Src::Sgpr(_) => Fit::Reg(Class::VregOrLds32),
        Src::Int(_) | Src::Float(_) | Src::Literal => Fit::Imm,
        Src::Invalid(_) => Fit::Reject,
    }
}

/// `VGPR_32`: src0 of `v_swap_b32`/`v_movrel*` (`flag::VGPR_ONLY_SRC0`, VOP1 and VOP3) and the
/// VGPR sources of the VOP3 interpolation forms: SGPRs, `lds_direct` and constants are noted,
/// the other named sources and `null` print without a note.
#[inline]
pub(crate) fn vgpr(gen: Gen, v: u32) -> Fit {
    match classify(v) {
        Src::Vgpr(_) => Fit::Ok,
        Src::Special(254) => Fit::Reg(Class::Vgpr32),
        Src::Special(_) => Fit::Quiet,
        Src::Sgpr(r) if regs::null(G::of(gen)) == Some(r) => Fit::Quiet,
        Src::Sgpr(_) => Fit::Reg(Class::Vgpr32),
        Src::Int(_) | Src::Float(_) | Src::Literal => Fit::Imm,
        Src::Invalid(_) => Fit::Reject,
    }
}

/// `SReg_32` in a 9-bit source field: the lane select of `v_readlane_b32`/`v_writelane_b32`,
/// `v_writelane_b32`'s value (VOP3), MUBUF/MTBUF `soffset`: VGPRs and `lds_direct` are noted, a
/// literal code rejects the word. gfx6/gfx7's VOP2 `v_writelane_b32` value (`vop2_value`) is an
/// ordinary VOP2 src0 but for VGPRs: llvm-mc-19 takes `lds_direct` and a literal there.
#[inline]
pub(crate) fn sreg32(v: u32, vop2_value: bool) -> Fit {
    if v >= 256 || v == 254 && !vop2_value {
        Fit::Reg(Class::Sreg32)
    } else if v == 255 && !vop2_value {
        Fit::Reject
    } else {
        Fit::Ok
    }
}

/// An SGPR destination in an 8-bit (VOP3 `vdst`, VOP1/VOP2 `vdst`) field of `n` dwords: a VOP3
/// compare's, `v_readfirstlane_b32`'s and `v_readlane_b32`'s. Constants (and the literal code)
/// are noted; `lds_direct` is noted as `SReg_32` (no 64-bit form); the other named sources are
/// taken as they are.
#[inline]
pub(crate) fn sdst8(v: u32, n: u32) -> Fit {
    match classify(v) {
        Src::Sgpr(_) => Fit::Ok,
        Src::Int(_) | Src::Float(_) | Src::Literal => Fit::Imm,
        Src::Special(254) if n >= 2 => Fit::Reject,
        Src::Special(254) => Fit::Reg(Class::Sreg32),
        Src::Special(_) => Fit::Ok,
        Src::Vgpr(_) | Src::Invalid(_) => Fit::Reject,
    }
}

/// `SReg_1_XEXEC`: the carry-in of `v_addc*`/`v_subb*` and the condition of `v_cndmask*` (VOP3
/// src2): VGPRs and inline constants are noted; `exec` is noted by llvm-objdump-19 but assembled
/// by llvm-mc-19.
#[inline(always)]
pub(crate) fn sreg1_xexec(v: u32) -> Fit {
    if v == 126 {
        Fit::Noted(Class::Sreg1Xexec)
    } else if v >= 256 {
        Fit::Reg(Class::Sreg1Xexec)
    } else if (128..=208).contains(&v) || (240..=248).contains(&v) {
        Fit::Imm
    } else if v == 255 {
        Fit::Reject
    } else {
        Fit::Ok
    }
}

/// `VReg_128`: `v_mqsad_u32_u8`'s src2: scalar registers (a special pair by its 64-bit name) are
/// noted, inline constants as immediates; the named sources and `null` print without a note.
#[inline]
pub(crate) fn vreg128(gen: Gen, v: u32) -> Fit {
    match classify(v) {
        Src::Vgpr(_) => Fit::Ok,
        Src::Int(_) | Src::Float(_) => Fit::Imm,
        Src::Literal | Src::Invalid(_) => Fit::Reject,
        Src::Special(_) => Fit::Quiet,
        Src::Sgpr(r) if regs::null(G::of(gen)) == Some(r) => Fit::Quiet,
        Src::Sgpr(_) => Fit::Reg(Class::Vreg128),
    }
}

/// The special register pair at code `v` that a base or resource register range cannot start
/// at (flat_scratch, xnack_mask, vcc, tba, tma, exec), by the name llvm-objdump-19 prints.
#[inline]
pub(crate) fn special_pair(gen: Gen, v: u32) -> Option<&'static str> {
    let g = G::of(gen);
    Some(match v {
        _ if regs::flat_scratch(g) == Some(v) => "flat_scratch",
        _ if regs::xnack_mask(g) == Some(v) => "xnack_mask",
        106 => "vcc",
        _ if regs::tba(g) == Some(v) => "tba",
        _ if regs::tma(g) == Some(v) => "tma",
        126 => "exec",
        _ => return None,
    })
}

/// `SReg_{32n}` for a base or resource of `n` >= 4 dwords (s_buffer_* `sbase`, MUBUF/MTBUF
/// `srsrc`, MIMG `srsrc`/`ssamp`, SMEM data of 128 bits and more): SGPRs and TTMPs; a special
/// register pair starting there is noted. A pair (`n` = 2) may be any 64-bit register.
#[inline]
pub(crate) fn sreg_base(gen: Gen, v: u32, n: u32) -> Fit {
    let class = match n {
        4 => Class::Sreg128,
        8 => Class::Sreg256,
        16 => Class::Sreg512,
        _ => return Fit::Ok,
    };
    match special_pair(gen, v) {
        Some(_) => Fit::Reg(class),
        None => Fit::Ok,
    }
}

/// SMEM/SMRD data registers (`n` dwords): m0 and exec are excluded from 32 and 64 bits
/// (`SReg_32_XM0_XEXEC`, `SReg_64_XEXEC`), and from 128 bits on, [`sreg_base`].
#[inline]
pub(crate) fn smem_sdata(gen: Gen, v: u32, n: u32) -> Fit {
    match (n, v) {
        (1, 124 | 126 | 127) => Fit::Reg(Class::Sreg32Xm0Xexec),
        (2, 126) => Fit::Reg(Class::Sreg64Xexec),
        _ => sreg_base(gen, v, n),
    }
}

/// The VGPR sources of a VOP3 interpolation row (`flag::INTERP`): src1 (not v_interp_mov's,
/// which is its parameter) and src2 (the f16 rows' second VGPR, if the row has one).
pub(crate) fn interp_vsrcs(e: &Entry) -> (bool, bool) {
    let has_src2 = e
        .operands
        .iter()
        .any(|o| matches!(o, Operand::Text(t) if t.starts_with('v') || t.contains(", v")));
    (
        e.is(flag::INTERP) && !e.mnemonic.starts_with("v_interp_mov"),
        e.is(flag::INTERP) && has_src2,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The verdicts on each rule's boundary values (the golden vectors of
    /// tests/gcn_regclass.rs hold them against llvm-mc-19 / llvm-objdump-19).
    #[test]
    fn boundaries() {
        assert_eq!(salu_src(254, 1), Fit::Reg(Class::Sreg32));
        assert_eq!(salu_src(254, 2), Fit::Reject);
        assert_eq!(salu_src(253, 1), Fit::Ok);
        assert_eq!(reg_only_src(Gen::Gfx7, 248, 1), Fit::Reject);
        assert_eq!(reg_only_src(Gen::Gfx9, 248, 1), Fit::Imm);
        assert_eq!(reg_only_src(Gen::Gfx9, 251, 2), Fit::Quiet);
        assert_eq!(reg_only_src(Gen::Gfx9, 235, 2), Fit::Ok);
        assert_eq!(vreg_or_lds(Gen::Gfx9, 125), Fit::Quiet);
        assert_eq!(vreg_or_lds(Gen::Gfx7, 125), Fit::Reg(Class::VregOrLds32));
        assert_eq!(sreg32(255, true), Fit::Ok);
        assert_eq!(sreg32(254, true), Fit::Ok);
        assert_eq!(sreg32(255, false), Fit::Reject);
        assert_eq!(sreg32(254, false), Fit::Reg(Class::Sreg32));
        assert_eq!(vgpr(Gen::Gfx9, 254), Fit::Reg(Class::Vgpr32));
        assert_eq!(vgpr(Gen::Gfx9, 125), Fit::Quiet);
        assert_eq!(vreg128(Gen::Gfx9, 106), Fit::Reg(Class::Vreg128));
        assert_eq!(vreg128(Gen::Gfx9, 251), Fit::Quiet);
        assert_eq!(sreg1_xexec(126), Fit::Noted(Class::Sreg1Xexec));
        assert!(sreg1_xexec(126).ok() && !sreg1_xexec(256).ok());
        assert_eq!(sdst8(254, 1), Fit::Reg(Class::Sreg32));
        assert_eq!(sreg1_xexec(251), Fit::Ok);
        assert_eq!(sreg1_xexec(106), Fit::Ok);
        assert_eq!(sreg_base(Gen::Gfx9, 108, 4), Fit::Ok);
        assert_eq!(sreg_base(Gen::Gfx8, 108, 4), Fit::Reg(Class::Sreg128));
        assert_eq!(sreg_base(Gen::Gfx8, 106, 2), Fit::Ok);
        assert_eq!(smem_sdata(Gen::Gfx9, 126, 8), Fit::Reg(Class::Sreg256));
    }
}
