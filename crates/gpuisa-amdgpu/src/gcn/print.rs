//! The GCN printer: a [`TInst`] (gfx6-gfx9) to llvm-objdump-19's text, byte for byte, from the
//! instruction's table row and typed fields (operands, modifiers), not from its words.
//!
//! `print` cannot fail: `decode_typed` accepted the instruction, so every operand it prints is
//! one the checks allowed; the operand writers' validity results are ignored here. The words are
//! read in no place: the bits llvm-objdump prints that no field holds are the documented
//! `ignored` bits (gfx7/gfx8 FLAT 12:0, gfx6/gfx7 MIMG 63) and the FLAT offset's bit 12 that
//! `reserved` keeps (gfx9 FLAT has a 12-bit offset, llvm-objdump prints 13 bits).
//!
//! One function per encoding family: scalar ALU and scalar memory here, VOP1/VOP2/VOPC with their
//! SDWA/DPP forms in `print/vop.rs`, VOP3/VOP3P/VINTRP in `print/vop3.rs`, the vector memory
//! encodings and EXP in `print/mem.rs`.

use super::fmt::{dec, hex32, shex32, Out, Sink};
use super::inst::TInst;
use super::operand::{write_src, write_sreg, OpType};
use super::regclass::{self, Fit};
use super::table::{flag, Entry, Field, ImmKind, Operand, Shape};
use super::{Enc, Gen};
use crate::fields::{self, G};

mod mem;
mod vop;
mod vop3;

pub use self::mem::mimg_data_regs;

/// Writes the instruction's text (mnemonic, operands, modifiers) as llvm-objdump-19 prints it.
/// A `TInst` made by `decode_typed` prints exactly what the reference prints for its words; a
/// `TInst` with no table row (gfx11, or hand-made) prints nothing but EXP.
pub fn print(t: &TInst, out: &mut Out) {
    let _ = print_to(t, out);
}

/// [`print`] into any [`Sink`], with the operands' validity: `false` if an operand writer
/// refuses its field (a register number or range, a constant, a modifier the operand cannot
/// take: llvm-objdump-19 rejects the word). `decode_typed` runs it over [`Null`](super::fmt::Null)
/// as the operand checks, the code-object lister over its text buffer (checks and text in one
/// pass); the rules are the operand writers', one predicate each, for both. Inlined (the
/// lister's miss path: diverse.o 10.12 M -> 10.02 M instructions, see docs/gcn.md).
#[inline(always)]
pub(crate) fn print_to<W: Sink>(t: &TInst, out: &mut W) -> bool {
    if t.enc == Enc::Exp {
        mem::exp(t, out);
        return true;
    }
    let Some(e) = t.entry else {
        return false;
    };
    match t.enc {
        Enc::Sop2 | Enc::Sop1 | Enc::Sopc | Enc::Sopk | Enc::Sopp => scalar(t, e, out),
        Enc::Smrd => smrd(t, e, out),
        Enc::Smem => smem(t, e, out),
        Enc::Vop2 | Enc::Vop1 | Enc::Vopc => vop::e32(t, e, out),
        Enc::Vop3 => vop3::vop3(t, e, out),
        Enc::Vop3p => vop3::vop3p(t, e, out),
        Enc::Vintrp => vop3::vintrp(t, e, out),
        Enc::Ds => mem::ds(t, e, out),
        Enc::Mubuf | Enc::Mtbuf => mem::buf(t, e, out),
        Enc::Mimg => mem::mimg(t, e, out),
        Enc::Flat | Enc::Global | Enc::GlobalSaddr | Enc::Scratch | Enc::ScratchSaddr => {
            mem::flat(t, e, out)
        }
        Enc::Exp => true,
    }
}

/// [`print`] into a `String` (appended).
pub fn print_string(t: &TInst, s: &mut String) {
    let mut out = Out::new();
    print(t, &mut out);
    s.push_str(out.as_str());
}

/// The literal dword, if the instruction has one (its length says so).
fn lit(t: &TInst) -> Option<u32> {
    (t.len >= 2).then_some(t.lit)
}

/// SOP1/SOP2/SOPC/SOPK/SOPP.
fn scalar<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let gen = t.gen;
    let (sdst, ssrc0, ssrc1, simm) = match t.enc {
        Enc::Sop2 => (t.sdst, t.src[0], t.src[1], 0),
        Enc::Sopk => (t.sdst, 0, 0, t.simm16),
        Enc::Sop1 => (t.sdst, t.src[0], 0, 0),
        // SOPC's second source doubles as the immediate of s_setvskip-like rows.
        Enc::Sopc => (0, t.src[0], t.src[1], t.src[1]),
        _ => (0, 0, 0, t.simm16),
    };
    let (sdst, ssrc0, ssrc1, simm) = (sdst as u32, ssrc0 as u32, ssrc1 as u32, simm as u32);
    let lit = lit(t);
    head(out, e);
    if t.enc == Enc::Sopp && simm == 0 && e.is(flag::ENDPGM) {
        // LLVM omits s_endpgm's zero immediate.
        return true;
    }
    if let Shape::SopkHex { nd } = e.shape {
        out.byte(b' ');
        let ok = write_sdst(out, gen, sdst, nd as u32);
        out.bytes(b", ");
        hex32(out, simm);
        return ok;
    }
    if let Shape::Salu {
        nd,
        n0,
        ty0,
        n1,
        ty1,
    } = e.shape
    {
        if !e.is(flag::REG_ONLY_SOP1) {
            let regs = [(nd, sdst, ty0), (n0, ssrc0, ty0), (n1, ssrc1, ty1)];
            return salu_operands(out, gen, regs, lit).is_ok();
        }
    }
    let mut first = true;
    let mut ok = true;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, ty } => {
                let n = n as u32;
                ok &= match field {
                    Field::Sdst => write_sdst(out, gen, sdst, n),
                    Field::Ssrc0 if t.enc == Enc::Sop1 && e.is(flag::REG_ONLY_SOP1) => {
                        write_reg_only_src(out, gen, ssrc0, n, ty, lit)
                    }
                    Field::Ssrc0 => write_ssrc(out, gen, ssrc0, n, ty, lit),
                    Field::Ssrc1 => write_ssrc(out, gen, ssrc1, n, ty, lit),
                    Field::Simm16(k) => write_imm16(out, gen, k, simm),
                    // s_setreg_imm32_b32's constant.
                    Field::K => {
                        hex32(out, t.lit);
                        true
                    }
                    _ => false,
                }
            }
            Operand::Text(s) => out.push_str(s),
        }
    }
    ok
}

/// SMRD (gfx6/gfx7): `sdst`, `sbase` (first SGPR), the offset as an immediate (`offset`, bytes),
/// a gfx7 literal (length 2) or an SGPR (`soffset_reg`).
fn smrd<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let gen = t.gen;
    head(out, e);
    let mut first = true;
    let mut ok = true;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field {
                field: Field::Sdata,
                n,
                ..
            } => {
                ok &= write_smem_sdata(out, gen, t.sdst as u32, n as u32);
            }
            Operand::Field {
                field: Field::Sbase,
                n,
                ..
            } => {
                ok &= write_sres(out, gen, t.sbase as u32, n as u32);
            }
            Operand::Field {
                field: Field::Offset,
                ..
            } => {
                if t.soffset_reg {
                    ok &= write_sreg(out, gen, t.soffset as u32, 1);
                } else if t.len == 2 {
                    // gfx7: a 32-bit literal offset.
                    hex32(out, t.offset as u32);
                } else {
                    // The dword offset field.
                    hex32(out, (t.offset as u32) / 4);
                }
            }
            Operand::Text(s) => out.push_str(s),
            _ => ok = false,
        }
    }
    ok
}

/// SMEM (gfx8/gfx9).
fn smem<W: Sink>(t: &TInst, e: &Entry, out: &mut W) -> bool {
    let gen = t.gen;
    head(out, e);
    let mut first = true;
    let mut ok = true;
    for o in &e.operands {
        match *o {
            Operand::Field { field, n, .. } => {
                let n = n as u32;
                ok &= match field {
                    Field::Sdata => {
                        sep(out, &mut first);
                        let at = out.n_warnings();
                        let ok = write_smem_sdata(out, gen, t.sdst as u32, n);
                        if t.glc && e.mnemonic.contains("_atomic") {
                            out.repeat_warnings(at);
                        }
                        ok
                    }
                    Field::SdataImm => {
                        sep(out, &mut first);
                        write_u16(out, t.sdst as u32);
                        true
                    }
                    Field::Sbase => {
                        sep(out, &mut first);
                        write_sres(out, gen, t.sbase as u32, n)
                    }
                    Field::Offset => {
                        sep(out, &mut first);
                        smem_offset(t, out)
                    }
                    _ => false,
                }
            }
            Operand::Text(s) => {
                sep(out, &mut first);
                out.push_str(s)
            }
        }
    }
    // s_atc_probe* (an immediate instead of sdata) never print glc.
    if t.glc && e.has(Field::Sdata) && e.has(Field::Offset) {
        out.push_str(" glc");
    }
    ok
}

/// SMEM's offset operand: an immediate (`imm`), an SGPR (in SOFFSET with `soe` on gfx9, else
/// the low 7 bits of OFFSET), or both (gfx9 `imm` and `soe`: `sN offset:imm`).
fn smem_offset<W: Sink>(t: &TInst, out: &mut W) -> bool {
    let gen = t.gen;
    let sreg = (t.soffset & 0x7f) as u32;
    if gen >= Gen::Gfx9 {
        match (t.imm, t.soe) {
            (true, false) => {
                shex32(out, t.offset);
                true
            }
            (false, _) => write_sreg(out, gen, sreg, 1),
            (true, true) => {
                let ok = write_sreg(out, gen, sreg, 1);
                out.push_str(" offset:");
                shex32(out, t.offset);
                ok
            }
        }
    } else if t.imm {
        hex32(out, t.offset as u32);
        true
    } else {
        write_sreg(out, gen, sreg, 1)
    }
}

// ------------------------------------------------------------ operand writers (scalar ALU, SMRD/SMEM)

/// Writes `mnemonic` and, if any, a space: the start of every instruction.
// No inline attribute on purpose: `#[inline]` costs ~45 per decode (LLVM then spills more in
// the whole dispatcher), `#[inline(never)]` ~13 on e32 (it is inlined where it pays).
pub(crate) fn head<W: Sink>(out: &mut W, e: &Entry) {
    head_inline(out, e)
}

/// [`head`] inlined (in the e32 fast path, where it pays).
#[inline(always)]
pub(crate) fn head_inline<W: Sink>(out: &mut W, e: &Entry) {
    match e.name_pad {
        // `Entry::new` makes `name_pad` `None` for a mnemonic longer than it.
        Some(p) => out.padded(p, e.mnemonic.len()),
        None => out.push_str(e.mnemonic),
    }
}

#[inline]
pub(crate) fn sep<W: Sink>(out: &mut W, first: &mut bool) {
    if *first {
        out.push(' ');
        *first = false;
    } else {
        out.push(',');
        out.push(' ');
    }
}

/// The operand list of a `Shape::Salu` row, ` sdst, ssrc0, ssrc1` as the row has them (`regs`:
/// each operand's dwords, 0 if absent, field value and type; the destination's type is unused).
/// (`scalar`'s common operand lists.)
#[inline(always)]
pub(crate) fn salu_operands<W: Sink>(
    out: &mut W,
    gen: Gen,
    regs: [(u8, u32, OpType); 3],
    lit: Option<u32>,
) -> Result<(), ()> {
    let [(nd, sdst, _), (n0, ssrc0, ty0), (n1, ssrc1, ty1)] = regs;
    out.byte(b' ');
    if nd > 0 {
        if !write_sdst(out, gen, sdst, nd as u32) {
            return Err(());
        }
        out.bytes(b", ");
    }
    if !write_ssrc(out, gen, ssrc0, n0 as u32, ty0, lit) {
        return Err(());
    }
    if n1 > 0 {
        out.bytes(b", ");
        if !write_ssrc(out, gen, ssrc1, n1 as u32, ty1, lit) {
            return Err(());
        }
    }
    Ok(())
}

/// A register-only scalar source ([`regclass::reg_only_src`]): inline constants and literals
/// print (floats in their 32-bit form) followed by `/*Invalid immediate*/`.
#[inline(never)]
pub(crate) fn write_reg_only_src<W: Sink>(
    out: &mut W,
    gen: Gen,
    v: u32,
    n: u32,
    ty: OpType,
    lit: Option<u32>,
) -> bool {
    use super::operand::{classify, write_float_const, write_literal, Src};
    let fit = regclass::reg_only_src(gen, v, n);
    match fit {
        Fit::Reject => return false,
        Fit::Imm => match classify(v) {
            Src::Int(i) => crate::gcn::fmt::sdec(out, i as i64),
            Src::Float(f) => write_float_const(out, f, 1),
            _ => match lit {
                Some(l) => write_literal(out, l, OpType::Int, 1),
                None => return false,
            },
        },
        _ => return write_ssrc(out, gen, v, n, ty, lit),
    }
    out.push_str(fit.note());
    true
}

/// A scalar destination: a register range must be aligned (llvm-mc rejects `s[1:2]`).
pub(crate) fn write_sdst<W: Sink>(out: &mut W, gen: Gen, v: u32, n: u32) -> bool {
    if n >= 2 && !v.is_multiple_of(2) && (v >= 102 && v < ttmp_start(gen) || v == 127) {
        return false;
    }
    write_sreg(out, gen, v, n)
}

pub(crate) fn ttmp_start(gen: Gen) -> u32 {
    crate::gcn::operand::ttmp_base(gen)
}

/// A resource/sampler/base register: LLVM prints a special register pair that cannot start it
/// with a note instead of rejecting the word ([`regclass::sreg_base`]).
#[inline(never)]
pub(crate) fn write_sres<W: Sink>(out: &mut W, gen: Gen, v: u32, n: u32) -> bool {
    if write_sreg(out, gen, v, n) {
        return true;
    }
    match (
        regclass::sreg_base(gen, v, n),
        regclass::special_pair(gen, v),
    ) {
        (fit @ Fit::Reg(_), Some(name)) => {
            out.push_str(name);
            out.push_str(fit.note());
            true
        }
        _ => false,
    }
}

/// A scalar ALU source: as [`write_src`], but LLVM flags `src_lds_direct`, which SALU cannot read
/// ([`regclass::salu_src`]).
pub(crate) fn write_ssrc<W: Sink>(
    out: &mut W,
    gen: Gen,
    v: u32,
    n: u32,
    ty: OpType,
    lit: Option<u32>,
) -> bool {
    // An odd special register cannot start a 64-bit pair (flat_scratch_hi, vcc_hi, exec_hi ...).
    if n >= 2 && !v.is_multiple_of(2) && (102..ttmp_start(gen)).contains(&v) || n >= 2 && v == 127 {
        return false;
    }
    match regclass::salu_src(v, n) {
        Fit::Ok => {}
        fit @ Fit::Reg(_) => {
            out.push_str(super::operand::special_name(v));
            out.push_str(fit.note());
            return true;
        }
        _ => return false,
    }
    // SALU 16-bit operands print float constants as floats (VALU ones as f16 bits).
    let ty = if ty == OpType::Short { OpType::Int } else { ty };
    write_src(out, gen, v, n, ty, lit)
}

#[inline(never)]
pub(crate) fn write_u16<W: Sink>(out: &mut W, v: u32) {
    if v <= 64 {
        dec(out, v);
    } else {
        hex32(out, v);
    }
}

pub(crate) const HWREG_NAMES: [&str; 16] = [
    "",
    "HW_REG_MODE",
    "HW_REG_STATUS",
    "HW_REG_TRAPSTS",
    "HW_REG_HW_ID",
    "HW_REG_GPR_ALLOC",
    "HW_REG_LDS_ALLOC",
    "HW_REG_IB_STS",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "HW_REG_SH_MEM_BASES",
];

#[inline(never)]
pub(crate) fn write_imm16<W: Sink>(out: &mut W, gen: Gen, k: ImmKind, v: u32) -> bool {
    match k {
        ImmKind::Branch => dec(out, v),
        ImmKind::U16 => write_u16(out, v),
        ImmKind::Hex => hex32(out, v),
        ImmKind::Hwreg => {
            let (g, x) = (G::of(gen), &[v][..]);
            let id = fields::hwreg::id(g, x);
            let off = fields::hwreg::offset(g, x);
            let size = fields::hwreg::size_m1(g, x) + 1;
            let name = HWREG_NAMES.get(id as usize).copied().unwrap_or("");
            let name = match id {
                15 if gen < Gen::Gfx9 => "",
                16 if gen >= Gen::Gfx9 => "HW_REG_TBA_LO",
                17 if gen >= Gen::Gfx9 => "HW_REG_TBA_HI",
                18 if gen >= Gen::Gfx9 => "HW_REG_TMA_LO",
                19 if gen >= Gen::Gfx9 => "HW_REG_TMA_HI",
                _ => name,
            };
            out.push_str("hwreg(");
            if name.is_empty() {
                dec(out, id);
            } else {
                out.push_str(name);
            }
            if !(off == 0 && size == 32) {
                out.push_str(", ");
                dec(out, off);
                out.push_str(", ");
                dec(out, size);
            }
            out.push(')');
        }
        ImmKind::Waitcnt => {
            use fields::waitcnt as wc;
            let (g, x) = (G::of(gen), &[v][..]);
            // gfx9 adds two high bits to vmcnt (VM_HI).
            let vm = wc::vm(g, x) | wc::vm_hi(g, x) << 4;
            let vm_max = if wc::has_vm_hi(g) { 63 } else { 15 };
            let exp = wc::exp(g, x);
            let lgkm = wc::lgkm(g, x);
            let start = out.len();
            let mut items: [(u32, u32, &str); 3] = [
                (vm, vm_max, "vmcnt"),
                (exp, 7, "expcnt"),
                (lgkm, 15, "lgkmcnt"),
            ];
            let all_max = items.iter().all(|(a, m, _)| a == m);
            for (val, max, name) in items.iter_mut() {
                if all_max || *val != *max {
                    if out.len() > start {
                        out.push(' ');
                    }
                    out.push_str(name);
                    out.push('(');
                    dec(out, *val);
                    out.push(')');
                }
            }
        }
        ImmKind::Sendmsg => write_sendmsg(out, gen, v),
        ImmKind::GprIdx => {
            if v > 15 {
                // llvm-mc prints a mode it cannot name in hex.
                hex32(out, v);
            } else {
                out.push_str("gpr_idx(");
                let names = ["SRC0", "SRC1", "SRC2", "DST"];
                let mut f = true;
                for (i, n) in names.iter().enumerate() {
                    if v >> i & 1 != 0 {
                        if !f {
                            out.push(',');
                        }
                        out.push_str(n);
                        f = false;
                    }
                }
                out.push(')');
            }
        }
    }
    true
}

#[inline(never)]
pub(crate) fn write_sendmsg<W: Sink>(out: &mut W, gen: Gen, v: u32) {
    let id = v & 0xf;
    let op = (v >> 4) & 7;
    let stream = (v >> 8) & 3;
    let g9 = gen >= Gen::Gfx9;
    let name = match id {
        1 => "MSG_INTERRUPT",
        2 => "MSG_GS",
        3 => "MSG_GS_DONE",
        // gfx6/gfx7 have no MSG_SAVEWAVE (llvm-mc-19: "not supported on this GPU").
        4 if gen >= Gen::Gfx8 => "MSG_SAVEWAVE",
        5 if g9 => "MSG_STALL_WAVE_GEN",
        6 if g9 => "MSG_HALT_WAVES",
        7 if g9 => "MSG_ORDERED_PS_DONE",
        8 if g9 => "MSG_EARLY_PRIM_DEALLOC",
        9 if g9 => "MSG_GS_ALLOC_REQ",
        10 if g9 => "MSG_GET_DOORBELL",
        15 => "MSG_SYSMSG",
        _ => "",
    };
    let gs = id == 2 || id == 3;
    let op_ok = match id {
        2 => (1..=3).contains(&op),
        3 => op <= 3,
        // gfx9 has no SYSMSG_OP_HOST_TRAP_ACK.
        15 => (1..=4).contains(&op) && !(g9 && op == 3),
        _ => op == 0,
    };
    let stream_ok = if gs && op != 0 { true } else { stream == 0 };
    if !name.is_empty() && op_ok && stream_ok {
        out.push_str("sendmsg(");
        out.push_str(name);
        if gs {
            let ops = ["GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"];
            out.push_str(", ");
            out.push_str(ops[op as usize]);
            if op != 0 {
                out.push_str(", ");
                dec(out, stream);
            }
        } else if id == 15 {
            let ops = [
                "",
                "SYSMSG_OP_ECC_ERR_INTERRUPT",
                "SYSMSG_OP_REG_RD",
                "SYSMSG_OP_HOST_TRAP_ACK",
                "SYSMSG_OP_TTRACE_PC",
            ];
            out.push_str(", ");
            out.push_str(ops[op as usize]);
        }
        out.push(')');
    } else if v & !0x37f == 0 {
        // Only a value the three fields re-encode exactly (bit 7 is in none) prints as fields.
        out.push_str("sendmsg(");
        dec(out, id);
        out.push_str(", ");
        dec(out, op);
        out.push_str(", ");
        dec(out, stream);
        out.push(')');
    } else {
        dec(out, v);
    }
}

// ---------------------------------------------------------------- SMEM

/// SMEM data registers ([`regclass::smem_sdata`]): llvm-mc's classes exclude m0/exec (32/64-bit)
/// and every special pair (128+ bits); it prints such registers with a note. Odd special pairs are
/// rejected.
#[inline(never)]
pub(crate) fn write_smem_sdata<W: Sink>(out: &mut W, gen: Gen, v: u32, n: u32) -> bool {
    if n >= 2 && !v.is_multiple_of(2) && ((102..ttmp_start(gen)).contains(&v) || v == 127) {
        return false;
    }
    if matches!(n, 4 | 8 | 16) {
        return write_sres(out, gen, v, n);
    }
    let fit = regclass::smem_sdata(gen, v, n);
    if !write_sreg(out, gen, v, n) {
        return false;
    }
    out.push_str(fit.note());
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gcn::inst;
    use gpuisa_core::rng::Rng;
    use std::time::{Duration, Instant};

    /// The code-object lister's one pass (`inst::decode_fields_into`, then `print_to` over the text
    /// checking the operands as it writes them) accepts, sizes and prints exactly what
    /// `decode_typed` (the operand checks over `Null`) and `print` do, on time-budgeted random
    /// words aimed at every encoding of every generation (the top 9 bits pick the encoding;
    /// SDWA/DPP/literal sources and small registers favoured). GCN_PRINT_MS sets a longer budget
    /// (milliseconds). llvm-objdump-19's own text is held by the golden-vector tests.
    #[test]
    fn lister_pass_matches_decode_typed() {
        let budget = std::env::var("GCN_PRINT_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(800);
        let mut rng = Rng::new(0x7072_696e);
        let start = Instant::now();
        let (mut top, mut checked, mut accepted) = (0u32, 0u64, 0u64);
        let mut t = TInst::blank(crate::op::Op::EXP, Enc::Exp, Gen::Gfx9, 1, [0; 3]);
        while start.elapsed() < Duration::from_millis(budget) {
            for _ in 0..64 {
                let mut w = [rng.next_u32(), rng.next_u32(), rng.next_u32()];
                w[0] = top << 23 | w[0] & 0x7f_ffff;
                match rng.below(10) {
                    0 => w[0] = w[0] & !0x1ff | 0xf9,
                    1 => w[0] = w[0] & !0x1ff | 0xfa,
                    2 => w[0] |= 0xff,
                    3 => w[0] &= 0xffff_00ff,
                    _ => {}
                }
                if rng.below(3) == 0 {
                    w[1] &= 0x0f0f_00ff;
                }
                let n = if rng.below(10) == 0 {
                    1 + rng.below(2) as usize
                } else {
                    3
                };
                for gen in [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
                    let typed = inst::decode_typed(gen, &w, n).map(|t| {
                        let mut s = String::new();
                        print_string(&t, &mut s);
                        (t.len, s)
                    });
                    let one = inst::decode_fields_into(gen, &w, n, &mut t)
                        .ok()
                        .and_then(|_| {
                            let mut out = Out::new();
                            print_to(&t, &mut out).then(|| (t.len, out.as_str().to_string()))
                        });
                    assert_eq!(typed.ok(), one, "{gen:?} {w:08x?} ({n} dwords)");
                    checked += 1;
                    accepted += one.is_some() as u64;
                }
                top = (top + 1) % 512;
            }
        }
        eprintln!("lister pass: {checked} word lists, {accepted} accepted, 0 differ");
        assert!(checked > 20_000 && accepted > 1000, "{checked} {accepted}");
    }
}
