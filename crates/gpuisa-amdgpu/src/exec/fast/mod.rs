//! Pre-decoded handlers: when a program counter is decoded, the most frequent instructions
//! (32-bit integer and f32 VALU operations without modifiers, carries, 64-bit shifts, integer
//! compares, dword global and LDS accesses, waits and branches) get a compact form with their
//! operands resolved (a VGPR index, an SGPR code or a constant) and the operation chosen once.
//! Each runs wave-wide over the lane arrays of the wave's width (32 or 64, a constant of the
//! loop) under EXEC. Anything else, and these same instructions in a MODE they do not cover
//! (VSKIP, VGPR indexing, f32 denormal flushing or rounding other than to nearest even), take
//! the general path (`step`), whose semantics they follow exactly; `None` from [`run`] sends an
//! instruction there before it changed anything.

use super::vmem::{mem_info, Kind};
use super::wave::{const_src, VCC};
use crate::gcn::inst::{Ext, TInst};
use crate::gcn::Enc;
use crate::op::Op;

/// A 32-bit source: a VGPR, an SGPR (operand code < 128) or a value shared by all lanes.
#[derive(Clone, Copy, Debug)]
pub enum Opnd {
    V(u16),
    S(u8),
    K(u32),
}

/// A 64-bit source: a VGPR pair, an SGPR pair or a constant.
#[derive(Clone, Copy, Debug)]
pub enum Opnd64 {
    V(u16),
    S(u8),
    K(u64),
}

/// Integer (and bit) operations of up to three sources, one 32-bit result.
#[derive(Clone, Copy, Debug)]
pub enum IntOp {
    Mov,
    Add,
    Sub,
    Subrev,
    And,
    Or,
    Xor,
    Lshl,
    Lshr,
    Ashr,
    MulLo,
    MulHi,
    MulU24,
    MadU24,
    LshlAdd,
    AddLshl,
    Add3,
    LshlOr,
    AndOr,
    Or3,
    Bfe,
    Bfi,
    Mbcnt(bool),
}

/// f32 operations (round to nearest even, denormals kept: checked at run time).
#[derive(Clone, Copy, Debug)]
pub enum FloatOp {
    Add,
    Sub,
    Subrev,
    Mul,
    Fma,
    CvtU32,
    CvtI32,
}

#[derive(Clone, Copy, Debug)]
pub enum CarryOp {
    Add,
    Sub,
    Subrev,
}

#[derive(Clone, Copy, Debug)]
pub enum Cond {
    F,
    Lt,
    Eq,
    Le,
    Gt,
    Ne,
    Ge,
    T,
}

impl Cond {
    /// The integer-style condition of an operation's compare (`Op::facts().traits.cmp`): `Lg`
    /// is `Ne` and `Tru` is `T` on the operands these forms take; the float-only conditions
    /// (O, U, the negations) have none.
    pub fn of(c: crate::op::Cond) -> Option<Cond> {
        use crate::op::Cond as C;
        Some(match c {
            C::F => Cond::F,
            C::Lt => Cond::Lt,
            C::Eq => Cond::Eq,
            C::Le => Cond::Le,
            C::Gt => Cond::Gt,
            C::Ne | C::Lg => Cond::Ne,
            C::Ge => Cond::Ge,
            C::T | C::Tru => Cond::T,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, Debug)]
pub enum Br {
    Always,
    Scc0,
    Scc1,
    Vccz,
    Vccnz,
    Execz,
    Execnz,
}

/// Where a lane mask comes from: VCC (as the wave's width reads it) or an SGPR pair.
#[derive(Clone, Copy, Debug)]
pub enum MaskSrc {
    Vcc,
    S32(u8),
    S64(u8),
}

/// Scalar operations (32-bit unless named 64).
#[derive(Clone, Copy, Debug)]
pub enum SOp {
    Mov,
    AddU,
    AddI,
    Addc,
    SubU,
    SubI,
    And,
    Or,
    Xor,
    Andn2,
    Lshl,
    Lshr,
    Ashr,
    Mul,
    MulHiU,
    Bcnt1,
    Cselect,
    Cmp(Cond, bool),
    Mov64,
    And64,
    Or64,
    Xor64,
    Andn2_64,
    Lshl64,
    Lshr64,
    /// s_bcnt1_i32_b64.
    Bcnt1_64,
    /// s_and_saveexec / s_or_saveexec (the _b32 forms too: lane masks of the wave's width).
    AndSaveexec,
    OrSaveexec,
}

/// One half of a VOPD pair (an `Int` or `Float` form).
#[derive(Clone, Copy, Debug)]
pub enum Half {
    Int(IntOp),
    Float(FloatOp),
}

/// A pre-decoded instruction.
#[derive(Clone, Copy, Debug)]
pub enum Fast {
    /// The general path.
    General,
    /// No effect (waits, scheduling hints, s_nop, cache invalidations, s_sendmsg without
    /// effect here).
    Nop,
    /// s_barrier.
    Barrier,
    /// s_endpgm.
    End,
    Branch {
        cond: Br,
        target: u64,
    },
    /// SOP1/SOP2/SOPC: sources as the general path reads them (32-bit values, or for the
    /// 64-bit operations the pair or 64-bit constant; `b` of a 64-bit shift is 32-bit).
    Salu {
        op: SOp,
        d: u16,
        a: Opnd64,
        b: Opnd64,
    },
    Int {
        op: IntOp,
        d: u16,
        s: [Opnd; 3],
    },
    Float {
        op: FloatOp,
        d: u16,
        s: [Opnd; 3],
    },
    Carry {
        op: CarryOp,
        d: u16,
        /// The carry-out mask register (operand code).
        sdst: u16,
        a: Opnd,
        b: Opnd,
        cin: Option<MaskSrc>,
    },
    MadU64U32 {
        d: u16,
        sdst: u16,
        a: Opnd,
        b: Opnd,
        c: Opnd64,
    },
    Shift64 {
        kind: u8,
        d: u16,
        a: Opnd,
        b: Opnd64,
    },
    Cmp {
        cond: Cond,
        signed: bool,
        x: bool,
        /// The mask destination (operand code), `None` for cmpx on gfx11 (EXEC only).
        sdst: Option<u16>,
        a: Opnd,
        b: Opnd,
    },
    /// Scalar dword loads (s_load_*, not s_buffer_load_*): `soff` the scalar offset operand
    /// (`V(c)`: SGPR code c; `K`: a constant) added to `offset`.
    Smem {
        sdst: u16,
        count: u8,
        sbase: u8,
        soff: Option<Opnd64>,
        offset: i64,
        /// The slot of `Wave::region_hints` this instruction uses.
        hint: u8,
    },
    /// 64-bit integer compares.
    Cmp64 {
        cond: Cond,
        signed: bool,
        x: bool,
        sdst: Option<u16>,
        a: Opnd64,
        b: Opnd64,
    },
    Cndmask {
        d: u16,
        a: Opnd,
        b: Opnd,
        cond: MaskSrc,
    },
    /// Dword global loads/stores (1-4 dwords): `v` is the destination or the data.
    Global {
        store: bool,
        count: u8,
        v: u16,
        vaddr: u16,
        saddr: Option<u8>,
        offset: i64,
        /// The slot of `Wave::region_hints` this instruction uses.
        hint: u8,
    },
    /// A VOPD pair of `Int`/`Float` forms: both read their sources before either writes;
    /// the second's result wins when both write one register.
    Dual {
        op: [Half; 2],
        d: [u16; 2],
        s: [[Opnd; 3]; 2],
    },
    /// Dword LDS loads/stores, one address (`two`: two, at `offs[0]` and `offs[1]`).
    Lds {
        store: bool,
        two: bool,
        v: [u16; 2],
        addr: u16,
        offs: [u32; 2],
    },
}

fn opnd(i: &TInst, k: usize, nvgpr: usize) -> Option<Opnd> {
    let code = i.src[k];
    if code >= 256 {
        let r = code - 256;
        return ((r as usize) < nvgpr).then_some(Opnd::V(r));
    }
    if code < 128 {
        return Some(Opnd::S(code as u8));
    }
    // As `valu_fast` reads them (32-bit, no f16 constants).
    const_src(code, 1, false, false, i.lit).map(|v| Opnd::K(v as u32))
}

fn opnd64(i: &TInst, k: usize, nvgpr: usize) -> Option<Opnd64> {
    let code = i.src[k];
    if code >= 256 {
        let r = code - 256;
        return ((r as usize + 1) < nvgpr).then_some(Opnd64::V(r));
    }
    if code < 127 {
        return Some(Opnd64::S(code as u8));
    }
    // Literals of 64-bit operands (sign extension for some) go the general path.
    if code == 255 {
        return None;
    }
    const_src(code, 2, false, false, i.lit).map(Opnd64::K)
}

fn mask_src(i: &TInst, k: usize) -> Option<MaskSrc> {
    if i.enc == Enc::Vop3 {
        // As the general path reads it: `src_n` registers of the scalar operand.
        let c = i.src[k];
        if c >= 127 {
            None
        } else if i.src_n[k] >= 2 {
            Some(MaskSrc::S64(c as u8))
        } else {
            Some(MaskSrc::S32(c as u8))
        }
    } else {
        Some(MaskSrc::Vcc)
    }
}

/// The pre-decoded form of `i` at `pc`, for a wave whose register file has `nvgpr` VGPRs.
pub fn predecode(i: &TInst, pc: u64, nvgpr: usize) -> Fast {
    predecode_opt(i, pc, nvgpr).unwrap_or(Fast::General)
}

/// The pre-decoded form of a VOPD pair (`General` unless both halves have a vector form).
pub fn predecode_dual(x: &TInst, y: &TInst, nvgpr: usize) -> Fast {
    let half = |i: &TInst| match valu(i, nvgpr)? {
        Fast::Int { op, d, s } if !matches!(op, IntOp::Mbcnt(_)) => Some((Half::Int(op), d, s)),
        Fast::Float { op, d, s } => Some((Half::Float(op), d, s)),
        _ => None,
    };
    match (half(x), half(y)) {
        (Some((a, da, sa)), Some((b, db, sb))) => Fast::Dual {
            op: [a, b],
            d: [da, db],
            s: [sa, sb],
        },
        _ => Fast::General,
    }
}

fn predecode_opt(i: &TInst, pc: u64, nvgpr: usize) -> Option<Fast> {
    use Op::*;
    match i.enc {
        Enc::Sopp => {
            let target = (pc + 4 * i.len as u64).wrapping_add((i.simm16 as i16 as i64 * 4) as u64);
            let cond = match i.op {
                S_NOP | S_WAITCNT | S_CLAUSE | S_DELAY_ALU | S_WAITCNT_DEPCTR => {
                    return Some(Fast::Nop)
                }
                S_BARRIER => return Some(Fast::Barrier),
                S_ENDPGM => return Some(Fast::End),
                // GCN's MSG_GS / MSG_GS_DONE are refused by the general path.
                S_SENDMSG if i.gfx11 || !super::salu::sendmsg_gs(i) => return Some(Fast::Nop),
                S_BRANCH => Br::Always,
                S_CBRANCH_SCC0 => Br::Scc0,
                S_CBRANCH_SCC1 => Br::Scc1,
                S_CBRANCH_VCCZ => Br::Vccz,
                S_CBRANCH_VCCNZ => Br::Vccnz,
                S_CBRANCH_EXECZ => Br::Execz,
                S_CBRANCH_EXECNZ => Br::Execnz,
                _ => return None,
            };
            Some(Fast::Branch { cond, target })
        }
        Enc::Vop1 | Enc::Vop2 | Enc::Vop3 | Enc::Vopc => valu(i, nvgpr),
        Enc::Sop1 | Enc::Sop2 | Enc::Sopc => salu(i),
        Enc::Smem | Enc::Smrd => {
            let m = mem_info(i.op)?;
            match m.kind {
                Kind::Nop => return Some(Fast::Nop),
                Kind::Load => {}
                _ => return None,
            }
            if i.op.facts().traits.has(crate::op::Traits::SBUFFER) || i.sbase >= 127 || m.count > 16
            {
                return None;
            }
            let (soff, offset) = if i.soffset_reg {
                let o = match i.soffset {
                    c @ 0..=127 => Opnd64::V(c),
                    c => Opnd64::K(const_src(c, 1, false, false, 0)? as u32 as u64),
                };
                (
                    Some(o),
                    if i.enc == Enc::Smem {
                        i.offset as i64
                    } else {
                        0
                    },
                )
            } else {
                (None, i.offset as i64)
            };
            Some(Fast::Smem {
                sdst: i.sdst,
                count: m.count as u8,
                sbase: i.sbase as u8,
                soff,
                offset,
                hint: hint_slot(pc),
            })
        }
        // Cache invalidations and write-backs (buffer_gl0_inv, buffer_wbinvl1 ...): no effect,
        // as the general path (typed accesses are checked first there).
        Enc::Mubuf | Enc::Mtbuf
            if super::vmem::format_info(i.op).is_none()
                && mem_info(i.op).is_some_and(|m| m.kind == Kind::Nop) =>
        {
            Some(Fast::Nop)
        }
        Enc::Global | Enc::GlobalSaddr | Enc::Flat => {
            let m = mem_info(i.op)?;
            if i.lds
                || m.size != 4
                || m.d16
                || !(1..=4).contains(&m.count)
                || !matches!(m.kind, Kind::Load | Kind::Store)
            {
                return None;
            }
            let store = m.kind == Kind::Store;
            let v = if store { i.vdata } else { i.vdst };
            let saddr = (i.saddr != 0x7f && i.saddr < 128).then_some(i.saddr as u8);
            let va_regs = if saddr.is_some() { 1 } else { 2 };
            if v as usize + m.count as usize > nvgpr || i.vaddr as usize + va_regs > nvgpr {
                return None;
            }
            Some(Fast::Global {
                store,
                count: m.count as u8,
                v,
                vaddr: i.vaddr,
                saddr,
                offset: i.offset as i64,
                hint: hint_slot(pc),
            })
        }
        Enc::Ds => {
            if i.gds || matches!(i.op, DS_BPERMUTE_B32 | DS_PERMUTE_B32 | DS_SWIZZLE_B32) {
                return None;
            }
            let m = mem_info(i.op)?;
            if m.size != 4 || m.d16 || m.count != 1 || !matches!(m.kind, Kind::Load | Kind::Store) {
                return None;
            }
            let store = m.kind == Kind::Store;
            let small = |x: u64| u32::try_from(x).ok();
            let (offs, v) = if m.two {
                let unit = 4 * if m.st64 { 64 } else { 1 };
                let o = [
                    small((i.offset as u64).wrapping_mul(unit))?,
                    small((i.offset1 as u64).wrapping_mul(unit))?,
                ];
                if store {
                    (o, [i.vdata, i.data1])
                } else {
                    (o, [i.vdst, i.vdst + 1])
                }
            } else {
                let o = small(super::vmem::ds_offset16_cold(i) as u64)?;
                ([o, 0], [if store { i.vdata } else { i.vdst }, 0])
            };
            let parts = if m.two { 2 } else { 1 };
            if v[..parts].iter().any(|&r| r as usize >= nvgpr) || i.vaddr as usize >= nvgpr {
                return None;
            }
            Some(Fast::Lds {
                store,
                two: m.two,
                v,
                addr: i.vaddr,
                offs,
            })
        }
        _ => None,
    }
}

/// The region-hint slot of the memory instruction at `pc` (instructions near each other
/// get different slots).
fn hint_slot(pc: u64) -> u8 {
    (pc >> 2) as u8 & 7
}

/// A scalar source read with `n` registers (`Opnd64::S` reads a pair, a 32-bit read is
/// `Opnd64::V`-free: see `sread`).
fn sopnd(i: &TInst, k: usize, n: u8) -> Option<Opnd64> {
    let code = i.src[k];
    if code < 128 {
        if n >= 2 && code >= 127 {
            return None;
        }
        return Some(Opnd64::S(code as u8));
    }
    const_src(code, n, false, false, i.lit).map(Opnd64::K)
}

fn salu(i: &TInst) -> Option<Fast> {
    use Op::*;
    let op = match i.op {
        S_MOV_B32 => SOp::Mov,
        S_ADD_U32 => SOp::AddU,
        S_ADD_I32 => SOp::AddI,
        S_ADDC_U32 => SOp::Addc,
        S_SUB_U32 => SOp::SubU,
        S_SUB_I32 => SOp::SubI,
        S_AND_B32 => SOp::And,
        S_OR_B32 => SOp::Or,
        S_XOR_B32 => SOp::Xor,
        S_ANDN2_B32 => SOp::Andn2,
        S_LSHL_B32 => SOp::Lshl,
        S_LSHR_B32 => SOp::Lshr,
        S_ASHR_I32 => SOp::Ashr,
        S_MUL_I32 => SOp::Mul,
        S_MUL_HI_U32 => SOp::MulHiU,
        S_BCNT1_I32_B32 => SOp::Bcnt1,
        S_CSELECT_B32 => SOp::Cselect,
        S_CMP_EQ_I32 | S_CMP_EQ_U32 => SOp::Cmp(Cond::Eq, false),
        S_CMP_LG_I32 | S_CMP_LG_U32 => SOp::Cmp(Cond::Ne, false),
        S_CMP_GT_I32 => SOp::Cmp(Cond::Gt, true),
        S_CMP_GE_I32 => SOp::Cmp(Cond::Ge, true),
        S_CMP_LT_I32 => SOp::Cmp(Cond::Lt, true),
        S_CMP_LE_I32 => SOp::Cmp(Cond::Le, true),
        S_CMP_GT_U32 => SOp::Cmp(Cond::Gt, false),
        S_CMP_GE_U32 => SOp::Cmp(Cond::Ge, false),
        S_CMP_LT_U32 => SOp::Cmp(Cond::Lt, false),
        S_CMP_LE_U32 => SOp::Cmp(Cond::Le, false),
        S_MOV_B64 => SOp::Mov64,
        S_AND_B64 => SOp::And64,
        S_OR_B64 => SOp::Or64,
        S_XOR_B64 => SOp::Xor64,
        S_ANDN2_B64 => SOp::Andn2_64,
        S_LSHL_B64 => SOp::Lshl64,
        S_LSHR_B64 => SOp::Lshr64,
        S_BCNT1_I32_B64 => SOp::Bcnt1_64,
        S_AND_SAVEEXEC_B64 => SOp::AndSaveexec,
        S_OR_SAVEEXEC_B64 => SOp::OrSaveexec,
        _ => return None,
    };
    let (a, b) = match op {
        SOp::Mov64 | SOp::Bcnt1_64 => (sopnd(i, 0, 2)?, Opnd64::K(0)),
        SOp::AndSaveexec | SOp::OrSaveexec => {
            // The source as the general path reads it: `src_n` registers.
            let a = match (i.src_n[0] >= 2, sopnd(i, 0, i.src_n[0].clamp(1, 2))?) {
                (true, o) => o,
                (false, Opnd64::S(c)) => Opnd64::V(c as u16),
                (false, Opnd64::K(k)) => Opnd64::K(k as u32 as u64),
                (false, Opnd64::V(_)) => return None,
            };
            (a, Opnd64::K(0))
        }
        SOp::And64 | SOp::Or64 | SOp::Xor64 | SOp::Andn2_64 | SOp::Lshl64 | SOp::Lshr64 => {
            let b = if i.src_n[1] >= 2 {
                sopnd(i, 1, 2)?
            } else {
                // A 32-bit second source: read as one register, zero-extended.
                match sopnd(i, 1, 1)? {
                    Opnd64::S(c) => Opnd64::V(c as u16),
                    Opnd64::K(k) => Opnd64::K(k as u32 as u64),
                    Opnd64::V(_) => return None,
                }
            };
            (sopnd(i, 0, 2)?, b)
        }
        _ => {
            // 32-bit sources; `V(c)` marks a 32-bit SGPR read below.
            let one = |k| match sopnd(i, k, 1)? {
                Opnd64::S(c) => Some(Opnd64::V(c as u16)),
                Opnd64::K(v) => Some(Opnd64::K(v as u32 as u64)),
                Opnd64::V(_) => None,
            };
            (one(0)?, one(1)?)
        }
    };
    Some(Fast::Salu {
        op,
        d: i.sdst,
        a,
        b,
    })
}

fn valu(i: &TInst, nvgpr: usize) -> Option<Fast> {
    use Op::*;
    if i.ext != Ext::None || i.neg != 0 || i.abs != 0 || i.clamp || i.omod != 0 || i.opsel != 0 {
        return None;
    }
    let d = i.vdst;
    let dst_ok = |n: usize| (d as usize + n) <= nvgpr;
    let s = |k: usize| opnd(i, k, nvgpr);
    let int = |op: IntOp, n: usize| -> Option<Fast> {
        let z = Opnd::K(0);
        let srcs = match n {
            1 => [s(0)?, z, z],
            2 => [s(0)?, s(1)?, z],
            _ => [s(0)?, s(1)?, s(2)?],
        };
        dst_ok(1).then_some(Fast::Int { op, d, s: srcs })
    };
    let float = |op: FloatOp, srcs: [Opnd; 3]| -> Option<Fast> {
        dst_ok(1).then_some(Fast::Float { op, d, s: srcs })
    };
    let z = Opnd::K(0);
    Some(match i.op {
        V_MOV_B32 => int(IntOp::Mov, 1)?,
        V_ADD_U32 | V_ADD_I32 | V_ADD_NC_U32 => int(IntOp::Add, 2)?,
        V_SUB_U32 | V_SUB_I32 | V_SUB_NC_U32 => int(IntOp::Sub, 2)?,
        V_SUBREV_U32 | V_SUBREV_NC_U32 => int(IntOp::Subrev, 2)?,
        V_AND_B32 => int(IntOp::And, 2)?,
        V_OR_B32 => int(IntOp::Or, 2)?,
        V_XOR_B32 => int(IntOp::Xor, 2)?,
        V_LSHLREV_B32 => int(IntOp::Lshl, 2)?,
        V_LSHRREV_B32 => int(IntOp::Lshr, 2)?,
        V_ASHRREV_I32 => int(IntOp::Ashr, 2)?,
        V_MUL_LO_U32 | V_MUL_LO_I32 => int(IntOp::MulLo, 2)?,
        V_MUL_HI_U32 => int(IntOp::MulHi, 2)?,
        V_MUL_U32_U24 => int(IntOp::MulU24, 2)?,
        V_MAD_U32_U24 => int(IntOp::MadU24, 3)?,
        V_LSHL_ADD_U32 => int(IntOp::LshlAdd, 3)?,
        V_ADD_LSHL_U32 => int(IntOp::AddLshl, 3)?,
        V_ADD3_U32 => int(IntOp::Add3, 3)?,
        V_LSHL_OR_B32 => int(IntOp::LshlOr, 3)?,
        V_AND_OR_B32 => int(IntOp::AndOr, 3)?,
        V_OR3_B32 => int(IntOp::Or3, 3)?,
        V_BFE_U32 => int(IntOp::Bfe, 3)?,
        V_BFI_B32 => int(IntOp::Bfi, 3)?,
        V_MBCNT_LO_U32_B32 => int(IntOp::Mbcnt(false), 2)?,
        V_MBCNT_HI_U32_B32 => int(IntOp::Mbcnt(true), 2)?,
        V_ADD_F32 => float(FloatOp::Add, [s(0)?, s(1)?, z])?,
        V_SUB_F32 => float(FloatOp::Sub, [s(0)?, s(1)?, z])?,
        V_SUBREV_F32 => float(FloatOp::Subrev, [s(0)?, s(1)?, z])?,
        V_MUL_F32 => float(FloatOp::Mul, [s(0)?, s(1)?, z])?,
        V_FMA_F32 => float(FloatOp::Fma, [s(0)?, s(1)?, s(2)?])?,
        V_FMAMK_F32 => float(FloatOp::Fma, [s(0)?, Opnd::K(i.lit), s(1)?])?,
        V_FMAAK_F32 => float(FloatOp::Fma, [s(0)?, s(1)?, Opnd::K(i.lit)])?,
        V_FMAC_F32 => float(FloatOp::Fma, [s(0)?, s(1)?, Opnd::V(d)])?,
        V_CVT_F32_U32 => float(FloatOp::CvtU32, [s(0)?, z, z])?,
        V_CVT_F32_I32 => float(FloatOp::CvtI32, [s(0)?, z, z])?,
        V_CNDMASK_B32 => {
            let cond = mask_src(i, 2)?;
            if !dst_ok(1) {
                return None;
            }
            Fast::Cndmask {
                d,
                a: s(0)?,
                b: s(1)?,
                cond,
            }
        }
        V_ADD_CO_U32 | V_SUB_CO_U32 | V_SUBREV_CO_U32 | V_ADDC_CO_U32 | V_SUBB_CO_U32
        | V_SUBBREV_CO_U32 | V_ADD_CO_CI_U32 | V_SUB_CO_CI_U32 | V_SUBREV_CO_CI_U32 => {
            let op = match i.op {
                V_ADD_CO_U32 | V_ADDC_CO_U32 | V_ADD_CO_CI_U32 => CarryOp::Add,
                V_SUB_CO_U32 | V_SUBB_CO_U32 | V_SUB_CO_CI_U32 => CarryOp::Sub,
                _ => CarryOp::Subrev,
            };
            let cin = match i.op {
                V_ADD_CO_U32 | V_SUB_CO_U32 | V_SUBREV_CO_U32 => None,
                _ => Some(mask_src(i, 2)?),
            };
            let sdst = if i.enc == Enc::Vop3 {
                i.sdst
            } else {
                VCC as u16
            };
            if !dst_ok(1) || sdst >= 127 {
                return None;
            }
            Fast::Carry {
                op,
                d,
                sdst,
                a: s(0)?,
                b: s(1)?,
                cin,
            }
        }
        V_MAD_U64_U32 => {
            if !dst_ok(2) || i.sdst >= 127 && i.sdst != 125 {
                return None;
            }
            Fast::MadU64U32 {
                d,
                sdst: i.sdst,
                a: s(0)?,
                b: s(1)?,
                c: opnd64(i, 2, nvgpr)?,
            }
        }
        V_LSHLREV_B64 | V_LSHRREV_B64 | V_ASHRREV_I64 => {
            if !dst_ok(2) {
                return None;
            }
            Fast::Shift64 {
                kind: match i.op {
                    V_LSHLREV_B64 => 0,
                    V_LSHRREV_B64 => 1,
                    _ => 2,
                },
                d,
                a: s(0)?,
                b: opnd64(i, 1, nvgpr)?,
            }
        }
        op => {
            let (cond, ty, x) = super::valu::cmp_info(op)?;
            use super::valu::Ty;
            let (signed, wide) = match ty {
                Ty::I32 => (true, false),
                Ty::U32 => (false, false),
                Ty::I64 => (true, true),
                Ty::U64 => (false, true),
                _ => return None,
            };
            if i.src_n[0] != if wide { 2 } else { 1 } {
                return None;
            }
            let cond = Cond::of(cond)?;
            let sd = if i.enc == Enc::Vop3 {
                i.sdst
            } else {
                VCC as u16
            };
            let sdst = if x && i.gfx11 { None } else { Some(sd) };
            if sdst.is_some_and(|r| r >= 127 && r != 125) {
                return None;
            }
            if wide {
                Fast::Cmp64 {
                    cond,
                    signed,
                    x,
                    sdst,
                    a: opnd64(i, 0, nvgpr)?,
                    b: opnd64(i, 1, nvgpr)?,
                }
            } else {
                Fast::Cmp {
                    cond,
                    signed,
                    x,
                    sdst,
                    a: s(0)?,
                    b: s(1)?,
                }
            }
        }
    })
}

mod run;
pub use run::{handler, Handler, Step};
