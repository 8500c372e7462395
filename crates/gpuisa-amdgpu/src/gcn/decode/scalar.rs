//! Scalar ALU (SOP1/SOP2/SOPC/SOPK/SOPP) operands and their special immediates (s_waitcnt, hwreg, sendmsg).

use super::*;
use crate::fields::G;

pub(crate) fn scalar<W: Sink>(gen: Gen, enc: Enc, w: &[u32; 3], out: &mut W) -> R {
    let g = G::of(gen);
    use fields::{sop1, sop2, sopc, sopk, sopp};
    let op = match enc {
        Enc::Sop2 => sop2::op(g, w),
        Enc::Sopk => sopk::op(g, w),
        Enc::Sop1 => sop1::op(g, w),
        Enc::Sopc => sopc::op(g, w),
        Enc::Sopp => sopp::op(g, w),
        _ => return Err(()),
    };
    let e = entry(gen, enc, op)?;
    if !e.bits_ok(w, 1) {
        return Err(());
    }
    let (sdst, ssrc0, ssrc1, simm) = match enc {
        Enc::Sop2 => (sop2::sdst(g, w), sop2::ssrc0(g, w), sop2::ssrc1(g, w), 0),
        Enc::Sopk => (sopk::sdst(g, w), 0, 0, sopk::simm16(g, w)),
        Enc::Sop1 => (sop1::sdst(g, w), sop1::ssrc0(g, w), 0, 0),
        Enc::Sopc => (0, sopc::ssrc0(g, w), sopc::ssrc1(g, w), sopc::ssrc1(g, w)),
        _ => (0, 0, 0, sopp::simm16(g, w)),
    };
    for z in &e.zero {
        let v = match z {
            Field::Sdst => sdst,
            Field::Ssrc0 => ssrc0,
            Field::Ssrc1 => ssrc1,
            Field::Simm16(_) => simm,
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    let uses_lit = (e.has(Field::Ssrc0) && ssrc0 == 255) || (e.has(Field::Ssrc1) && ssrc1 == 255);
    let mut len = 1 + uses_lit as u8;
    let lit = if uses_lit { Some(w[1]) } else { None };
    head(out, e);
    if enc == Enc::Sopp && simm == 0 && e.is(flag::ENDPGM) {
        // LLVM omits s_endpgm's zero immediate.
        return Ok(Decoded::of(len, enc, op));
    }
    if let Shape::SopkHex { nd } = e.shape {
        // `s_movk_i32 s4, 0x41` and friends straight (the loop below prints the same text).
        out.byte(b' ');
        if !write_sdst(out, gen, sdst, nd as u32) {
            return Err(());
        }
        out.bytes(b", ");
        hex32(out, simm);
        return Ok(Decoded::of(len, enc, op));
    }
    if let Shape::Salu {
        nd,
        n0,
        ty0,
        n1,
        ty1,
    } = &e.shape
    {
        if !e.is(flag::REG_ONLY_SOP1) {
            // The common operand lists straight (the loop below prints the same text).
            let regs = [(*nd, sdst, *ty0), (*n0, ssrc0, *ty0), (*n1, ssrc1, *ty1)];
            salu_operands(out, gen, regs, lit)?;
            return Ok(Decoded::of(len, enc, op));
        }
    }
    let mut first = true;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, ty } => {
                let n = n as u32;
                let ok = match field {
                    Field::Sdst => write_sdst(out, gen, sdst, n),
                    Field::Ssrc0 if enc == Enc::Sop1 && e.is(flag::REG_ONLY_SOP1) => {
                        write_reg_only_src(out, gen, ssrc0, n, ty, lit)
                    }
                    Field::Ssrc0 => write_ssrc(out, gen, ssrc0, n, ty, lit),
                    Field::Ssrc1 => write_ssrc(out, gen, ssrc1, n, ty, lit),
                    Field::Simm16(k) => write_imm16(out, gen, k, simm),
                    Field::K => {
                        len = 2;
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

/// A register-only scalar source: inline constants and literals print (floats in their 32-bit
/// form) followed by `/*Invalid immediate*/`; lds_direct has no 64-bit form.
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
    match classify(v) {
        Src::Int(i) => crate::gcn::fmt::sdec(out, i as i64),
        Src::Float(8) if gen <= Gen::Gfx7 => return false,
        Src::Float(f) => write_float_const(out, f, 1),
        Src::Literal => match lit {
            Some(l) => write_literal(out, l, OpType::Int, 1),
            None => return false,
        },
        Src::Special(254) if n >= 2 => return false,
        _ => return write_ssrc(out, gen, v, n, ty, lit),
    }
    out.push_str("/*Invalid immediate*/");
    true
}

/// A scalar destination: a register range must be aligned (llvm-mc rejects `s[1:2]`).
pub(crate) fn write_sdst<W: Sink>(out: &mut W, gen: Gen, v: u32, n: u32) -> bool {
    if n >= 2 && v % 2 != 0 && (v >= 102 && v < ttmp_start(gen) || v == 127) {
        return false;
    }
    write_sreg(out, gen, v, n)
}

pub(crate) fn ttmp_start(gen: Gen) -> u32 {
    crate::gcn::operand::ttmp_base(gen)
}

/// A resource/sampler/base register: LLVM prints a special register pair that cannot hold it
/// with a note instead of rejecting the word.
#[inline(never)]
pub(crate) fn write_sres<W: Sink>(out: &mut W, gen: Gen, v: u32, n: u32) -> bool {
    if write_sreg(out, gen, v, n) {
        return true;
    }
    use crate::fields::regs;
    let g = G::of(gen);
    let name = match v {
        _ if regs::flat_scratch(g) == Some(v) => "flat_scratch",
        _ if regs::xnack_mask(g) == Some(v) => "xnack_mask",
        106 => "vcc",
        _ if regs::tba(g) == Some(v) => "tba",
        _ if regs::tma(g) == Some(v) => "tma",
        126 => "exec",
        _ => return false,
    };
    out.push_str(name);
    out.push_str("/*Invalid register, operand has 'SReg_");
    dec(out, 32 * n);
    out.push_str("' register class*/");
    true
}

/// A scalar ALU source: as [`write_src`], but LLVM flags `src_lds_direct`, which SALU cannot read.
pub(crate) fn write_ssrc<W: Sink>(
    out: &mut W,
    gen: Gen,
    v: u32,
    n: u32,
    ty: OpType,
    lit: Option<u32>,
) -> bool {
    // An odd special register cannot start a 64-bit pair (flat_scratch_hi, vcc_hi, exec_hi ...).
    if n >= 2 && v % 2 != 0 && (102..ttmp_start(gen)).contains(&v) || n >= 2 && v == 127 {
        return false;
    }
    if v == 254 && n >= 2 {
        return false;
    }
    if v == 254 {
        out.push_str("src_lds_direct/*Invalid register, operand has 'SReg_");
        out.push_str(if n >= 2 { "64" } else { "32" });
        out.push_str("' register class*/");
        return true;
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
