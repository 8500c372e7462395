//! Semantics: each instruction over the active lanes of a warp. Operand fields are read through
//! the instruction's form (data/maxwell.forms), so a form's operand list is the single description
//! of where each operand lives.

use super::float::{self as fp, Rnd};
use super::mem::LdcRead;
use super::warp::{Env, Slot, Tok, Warp, LANES, LOCAL_BYTES, LOCAL_TOP, STACK_LIMIT};
use super::FaultKind;
use crate::ldc::{Ldc, Size};
use crate::table::{Form, Kind, Mod, Operand};

/// A fault raised by one instruction (the issue loop adds pc, text, block and warp).
#[derive(Clone, Debug)]
pub struct Fault {
    pub kind: FaultKind,
    pub lane: Option<u32>,
    pub addr: Option<u64>,
    pub message: String,
}

impl Fault {
    pub fn new(kind: FaultKind, message: impl Into<String>) -> Fault {
        Fault {
            kind,
            lane: None,
            addr: None,
            message: message.into(),
        }
    }
    fn at(mut self, lane: usize, addr: Option<u64>) -> Fault {
        self.lane = Some(lane as u32);
        self.addr = addr;
        self
    }
}

/// Plain messages are "not emulated" cases.
impl From<String> for Fault {
    fn from(m: String) -> Fault {
        Fault::new(FaultKind::Unsupported, m)
    }
}
impl From<&str> for Fault {
    fn from(m: &str) -> Fault {
        Fault::new(FaultKind::Unsupported, m)
    }
}

type R = Result<(), Fault>;

/// What an instruction does, resolved from its mnemonic once at load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Mov,
    S2r,
    Iadd,
    Iadd32i,
    Iadd3,
    Iscadd,
    Lea,
    Shl,
    Shr,
    Shf,
    Bfe,
    Bfi,
    Lop,
    Lop32i,
    Lop3,
    Xmad,
    Isetp,
    Iset,
    Icmp,
    Psetp,
    Sel,
    Imnmx,
    Popc,
    Flo,
    Prmt,
    Fadd,
    Fmul,
    Ffma,
    Fmnmx,
    Fsetp,
    Fset,
    Fchk,
    Mufu,
    Rro,
    Dadd,
    Dmul,
    Dfma,
    Dmnmx,
    Dsetp,
    F2f,
    F2i,
    I2f,
    I2i,
    Bra,
    Ssy,
    Pbk,
    Pcnt,
    Cal,
    Sync,
    Brk,
    Cont,
    Ret,
    Exit,
    Nop,
    Bar,
    B2r,
    Ldc,
    Ldg,
    Stg,
    Lds,
    Sts,
    Ldl,
    Stl,
    Atom,
    Red,
    Atoms,
    Shfl,
    Vote,
    Vabsdiff,
    Half,
    Hsetp2,
    Imul,
    Imad,
    Fcmp,
    P2r,
    R2p,
    Unsupported,
}

pub fn op_of(mnemonic: &str) -> Op {
    match mnemonic {
        "MOV" | "MOV32I" => Op::Mov,
        "S2R" => Op::S2r,
        "IADD" => Op::Iadd,
        "IADD32I" => Op::Iadd32i,
        "IADD3" => Op::Iadd3,
        "ISCADD" | "ISCADD32I" => Op::Iscadd,
        "LEA" => Op::Lea,
        "SHL" => Op::Shl,
        "SHR" => Op::Shr,
        "SHF" => Op::Shf,
        "BFE" => Op::Bfe,
        "BFI" => Op::Bfi,
        "LOP" => Op::Lop,
        "LOP32I" => Op::Lop32i,
        "LOP3" => Op::Lop3,
        "XMAD" => Op::Xmad,
        "ISETP" => Op::Isetp,
        "ISET" => Op::Iset,
        "ICMP" => Op::Icmp,
        "PSETP" => Op::Psetp,
        "SEL" => Op::Sel,
        "IMNMX" => Op::Imnmx,
        "POPC" => Op::Popc,
        "FLO" => Op::Flo,
        "PRMT" => Op::Prmt,
        "FADD" => Op::Fadd,
        "FMUL" | "FMUL32I" => Op::Fmul,
        "FFMA" => Op::Ffma,
        "FMNMX" => Op::Fmnmx,
        "FSETP" => Op::Fsetp,
        "FSET" => Op::Fset,
        "FCHK" => Op::Fchk,
        "MUFU" => Op::Mufu,
        "RRO" => Op::Rro,
        "DADD" => Op::Dadd,
        "DMUL" => Op::Dmul,
        "DFMA" => Op::Dfma,
        "DMNMX" => Op::Dmnmx,
        "DSETP" => Op::Dsetp,
        "F2F" => Op::F2f,
        "F2I" => Op::F2i,
        "I2F" => Op::I2f,
        "I2I" => Op::I2i,
        "BRA" => Op::Bra,
        "SSY" => Op::Ssy,
        "PBK" => Op::Pbk,
        "PCNT" => Op::Pcnt,
        "CAL" => Op::Cal,
        "SYNC" => Op::Sync,
        "BRK" => Op::Brk,
        "CONT" => Op::Cont,
        "RET" => Op::Ret,
        "EXIT" => Op::Exit,
        "NOP" | "MEMBAR" | "DEPBAR" => Op::Nop,
        "BAR" => Op::Bar,
        "B2R" => Op::B2r,
        "LDC" => Op::Ldc,
        "LDG" => Op::Ldg,
        "STG" => Op::Stg,
        "LDS" => Op::Lds,
        "STS" => Op::Sts,
        "LDL" => Op::Ldl,
        "STL" => Op::Stl,
        "ATOM" => Op::Atom,
        "RED" => Op::Red,
        "ATOMS" => Op::Atoms,
        "SHFL" => Op::Shfl,
        "VOTE" => Op::Vote,
        "VABSDIFF" => Op::Vabsdiff,
        "HADD2" | "HMUL2" | "HFMA2" => Op::Half,
        "HSETP2" => Op::Hsetp2,
        "IMUL" => Op::Imul,
        "IMAD" => Op::Imad,
        "FCMP" => Op::Fcmp,
        "P2R" => Op::P2r,
        "R2P" => Op::R2p,
        _ => Op::Unsupported,
    }
}

#[inline]
fn field(w: u64, pos: u8, width: u8) -> u64 {
    (w >> pos) & ((1u64 << width) - 1)
}

#[inline]
fn bit(w: u64, pos: Option<u8>) -> bool {
    pos.is_some_and(|p| (w >> p) & 1 != 0)
}

/// Whether modifier `name` is printed for `w` (`"U32"`, `"AND"`, ...).
pub(crate) fn mod_set(f: &Form, w: u64, name: &str) -> bool {
    // a printed name is `name` itself or has it as a dot-separated part (`F32.FTZ.RN`)
    let part = |n: &str| n == name || (n.len() > name.len() && n.split('.').any(|x| x == name));
    f.mods.iter().any(|m| match m {
        Mod::Flag { pos, name: n } => *n == name && field(w, *pos, 1) != 0,
        Mod::Enum { pos, width, names } => part(names[field(w, *pos, *width) as usize]),
        Mod::Text(n) => part(n),
    })
}

/// The value of an enum modifier whose names include `probe` (the index), if any.
fn mod_enum(f: &Form, w: u64, probe: &str) -> Option<(usize, &'static str)> {
    f.mods.iter().find_map(|m| match m {
        Mod::Enum { pos, width, names } if names.contains(&probe) => {
            let i = field(w, *pos, *width) as usize;
            Some((i, names[i]))
        }
        _ => None,
    })
}

/// The rounding mode of a `/RM/RP/RZ` enum (RN when the form has none).
fn rounding(f: &Form, w: u64) -> Rnd {
    mod_enum(f, w, "RM").map_or(Rnd::Rn, |(i, _)| Rnd::from_bits(i as u64))
}

/// Constant-operand byte offset and bank.
fn cbank_addr(w: u64) -> (u32, u32) {
    // the printer shows the 16-bit byte offset signed (`c[0x0][-0x7000]`), but it is an
    // address within the 64 KB bank: -0x7000 is byte 0x9000
    (field(w, 34, 5) as u32, (field(w, 20, 14) << 2) as u32)
}

/// Reads operand `op` for `lane` as a 32-bit value, without its negation (callers apply it).
fn read(warp: &Warp, env: &Env<'_>, w: u64, op: &Operand, lane: usize) -> u32 {
    let v = match &op.kind {
        Kind::Reg { pos, .. } => warp.reg(field(w, *pos, 8) as u8, lane),
        Kind::Cbank | Kind::CbankSpaced => {
            let (b, o) = cbank_addr(w);
            env.consts.word(b, o)
        }
        Kind::Imm {
            pos,
            width,
            sign,
            signed,
        } => {
            let mut v = field(w, *pos, *width);
            let mut total = *width;
            if let Some(s) = sign {
                v |= field(w, *s, 1) << width;
                total += 1;
            }
            if *signed && total < 64 {
                let sh = 64 - total as u32;
                (((v << sh) as i64) >> sh) as u32
            } else {
                v as u32
            }
        }
        Kind::ImmOpt { pos, width } => field(w, *pos, *width) as u32,
        Kind::F32 { pos } => field(w, *pos, 32) as u32,
        Kind::F20 => ((field(w, 20, 19) << 12) | (field(w, 56, 1) << 31)) as u32,
        Kind::D20 => (field(w, 56, 1) << 31) as u32 | (field(w, 20, 19) << 12) as u32,
        _ => 0,
    };
    if bit(w, op.inv) {
        !v
    } else {
        v
    }
}

/// Reads a 64-bit operand: a register pair, 8 bytes of a constant bank, an f64 immediate.
fn read64(warp: &Warp, env: &Env<'_>, w: u64, op: &Operand, lane: usize) -> u64 {
    match &op.kind {
        Kind::Reg { pos, .. } => warp.reg64(field(w, *pos, 8) as u8, lane),
        Kind::Cbank | Kind::CbankSpaced => {
            let (b, o) = cbank_addr(w);
            env.consts.word(b, o) as u64 | (env.consts.word(b, o.wrapping_add(4)) as u64) << 32
        }
        Kind::D20 => (field(w, 20, 19) << 44) | (field(w, 56, 1) << 63),
        _ => read(warp, env, w, op, lane) as u64,
    }
}

/// An f32 operand with its `|x|` and `-x` applied (and flushed when `ftz`).
fn fread(warp: &Warp, env: &Env<'_>, w: u64, op: &Operand, lane: usize, ftz: bool) -> f32 {
    let mut b = read(warp, env, w, op, lane);
    if bit(w, op.abs) {
        b &= 0x7fff_ffff;
    }
    if bit(w, op.neg) {
        b ^= 0x8000_0000;
    }
    let x = f32::from_bits(b);
    if ftz {
        fp::ftz32(x)
    } else {
        x
    }
}

fn dread(warp: &Warp, env: &Env<'_>, w: u64, op: &Operand, lane: usize) -> f64 {
    let mut b = read64(warp, env, w, op, lane);
    if bit(w, op.abs) {
        b &= !(1 << 63);
    }
    if bit(w, op.neg) {
        b ^= 1 << 63;
    }
    f64::from_bits(b)
}

/// Predicate operand value (with its `!`) as a lane mask.
fn read_pred(warp: &Warp, w: u64, op: &Operand) -> u32 {
    let p = match op.kind {
        Kind::Pred { pos } | Kind::PredOpt { pos } => field(w, pos, 3) as u8,
        _ => 7,
    };
    warp.pred(p) ^ if bit(w, op.not) { u32::MAX } else { 0 }
}

fn dst(w: u64, op: &Operand) -> u8 {
    match op.kind {
        Kind::Reg { pos, .. } => field(w, pos, 8) as u8,
        _ => 255,
    }
}

fn pdst(w: u64, op: &Operand) -> u8 {
    match op.kind {
        Kind::Pred { pos } | Kind::PredOpt { pos } => field(w, pos, 3) as u8,
        _ => 7,
    }
}

/// The lanes of `mask`, lowest first.
fn lanes(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let l = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(l)
    })
}

/// Integer comparison of ISETP/ISET/ICMP/IMNMX.
fn compare(cmp: &str, a: u32, b: u32, unsigned: bool) -> bool {
    let (x, y) = if unsigned {
        (a as i64, b as i64)
    } else {
        (a as i32 as i64, b as i32 as i64)
    };
    match cmp {
        "F" => false,
        "LT" => x < y,
        "EQ" => x == y,
        "LE" => x <= y,
        "GT" => x > y,
        "NE" => x != y,
        "GE" => x >= y,
        _ => true,
    }
}

/// ISETP.X: the high words of a 64-bit comparison, after an `IADD RZ.CC, lo_a, -lo_b` left the
/// borrow in CC.C (1 = no borrow) and "low words equal" in CC.Z: the extended subtraction
/// `a - b - (1 - C)` decides the order, equality needs both halves equal.
fn compare_extended(warp: &Warp, cmp: &str, a: u32, b: u32, unsigned: bool, l: usize) -> bool {
    let cin = (warp.carry >> l & 1) as i64;
    let zprev = warp.zf >> l & 1 != 0;
    let (x, y) = if unsigned {
        (a as i64, b as i64)
    } else {
        (a as i32 as i64, b as i32 as i64)
    };
    let diff = x - y - (1 - cin);
    let lt = diff < 0;
    let eq = diff == 0 && zprev;
    match cmp {
        "F" => false,
        "LT" => lt,
        "EQ" => eq,
        "LE" => lt || eq,
        "GT" => !lt && !eq,
        "NE" => !eq,
        "GE" => !lt,
        _ => true,
    }
}

fn boolop(op: &str, a: bool, b: bool) -> Result<bool, Fault> {
    Ok(match op {
        "AND" => a && b,
        "OR" => a || b,
        "XOR" => a != b,
        _ => {
            return Err(Fault::new(
                FaultKind::Invalid,
                format!("boolean operation .{op} is invalid"),
            ))
        }
    })
}

/// A branch target: signed 24-bit offset from the next instruction; a bundle start means its
/// first instruction.
fn target(pc: u64, w: u64) -> u64 {
    let off = ((field(w, 20, 24) << 40) as i64) >> 40;
    let t = pc.wrapping_add(8).wrapping_add(off as u64);
    if t % 32 == 0 {
        t + 8
    } else {
        t
    }
}

/// The branch condition of `BRA CC.xx` on lane `l`'s condition code.
fn cc_test(warp: &Warp, cond: u64, l: usize) -> Result<bool, Fault> {
    let g = |m: u32| m >> l & 1 != 0;
    let (z, s, c, o) = (g(warp.zf), g(warp.sf), g(warp.carry), g(warp.of));
    Ok(match cond {
        0 | 8 => false,
        1 | 9 => s != o,
        2 | 10 => z,
        3 | 11 => z || s != o,
        4 | 12 => !z && s == o,
        5 | 13 => !z,
        6 | 14 => s == o,
        7 | 15 => true,
        16 => !o,
        17 => !c,
        18 => !s,
        19 => !c || z,
        20 => c && !z,
        21 => s,
        22 => c,
        23 => o,
        _ => return Err(format!("branch condition {cond} is not emulated").into()),
    })
}

/// Pushes a control token on the stacks of the lanes in `exec`.
fn push(warp: &mut Warp, exec: u32, tok: Tok, at: u64) -> R {
    for l in lanes(exec) {
        if warp.stack[l].len() >= STACK_LIMIT {
            return Err(Fault::new(
                FaultKind::ControlStack,
                format!("control stack deeper than {STACK_LIMIT}"),
            )
            .at(l, None));
        }
        warp.stack[l].push((tok, at));
    }
    Ok(())
}

/// SYNC/BRK/CONT/RET: pops each lane's stack down to its `tok` and jumps there.
fn pop_to(warp: &mut Warp, exec: u32, tok: Tok, what: &str) -> R {
    for l in lanes(exec) {
        let st = &mut warp.stack[l];
        let Some(k) = st.iter().rposition(|(t, _)| *t == tok) else {
            return Err(Fault::new(
                FaultKind::ControlStack,
                format!("{what} without a matching token on the lane's stack"),
            )
            .at(l, None));
        };
        let at = st[k].1;
        st.truncate(k);
        warp.pc[l] = at;
    }
    Ok(())
}

/// Executes `slot` for the lanes in `exec` (their PCs already point at the next instruction).
pub fn execute(warp: &mut Warp, slot: &Slot, exec: u32, env: &mut Env<'_>) -> R {
    let Some(f) = slot.form else {
        return Err(Fault::new(
            FaultKind::Invalid,
            format!("0x{:016x} is not an instruction the tables know", slot.word),
        ));
    };
    let w = slot.word;
    let o = &f.ops;
    let cc_out = o.first().is_some_and(|d| bit(w, d.cc));
    let x = slot.x;
    if matches!(slot.op, Op::Exit | Op::Sync | Op::Brk | Op::Cont | Op::Ret) && !o.is_empty() {
        // `EXIT CC.NEU` and the like: a condition-code test (only BRA's is modelled)
        return Err(format!("{} with a condition-code test is not emulated", f.mnemonic).into());
    }
    match slot.op {
        Op::Nop => {}
        Op::Exit => {
            warp.live &= !exec;
            for l in lanes(exec) {
                warp.stack[l].clear();
            }
        }
        Op::Bra => {
            let t = target(slot.pc, w);
            let cond = match o.first().map(|op| &op.kind) {
                Some(Kind::Names { .. }) => Some(field(w, 0, 5)),
                _ => None,
            };
            for l in lanes(exec) {
                if match cond {
                    Some(c) => cc_test(warp, c, l)?,
                    None => true,
                } {
                    warp.pc[l] = t;
                }
            }
        }
        Op::Ssy => push(warp, exec, Tok::Sync, target(slot.pc, w))?,
        Op::Pbk => push(warp, exec, Tok::Brk, target(slot.pc, w))?,
        Op::Pcnt => push(warp, exec, Tok::Cont, target(slot.pc, w))?,
        Op::Cal => {
            let ret = super::warp::next_pc(slot.pc);
            push(warp, exec, Tok::Call, ret)?;
            let t = target(slot.pc, w);
            for l in lanes(exec) {
                warp.pc[l] = t;
            }
        }
        Op::Sync => pop_to(warp, exec, Tok::Sync, "SYNC")?,
        Op::Brk => pop_to(warp, exec, Tok::Brk, "BRK")?,
        Op::Cont => pop_to(warp, exec, Tok::Cont, "CONT")?,
        Op::Ret => pop_to(warp, exec, Tok::Call, "RET")?,
        Op::Bar => {
            if mod_set(f, w, "RED") {
                let (mode, name) = mod_enum(f, w, "POPC").unwrap_or((3, "?"));
                if mode > 2 {
                    return Err(Fault::new(FaultKind::Invalid, format!("BAR.RED.{name}")));
                }
                if exec != 0 {
                    let p = read_pred(warp, w, &o[2]) & exec;
                    warp.red = Some((mode as u8, p, exec));
                    env.barrier = true;
                }
            } else if exec != 0 && mod_set(f, w, "SYNC") {
                env.barrier = true;
            }
        }
        Op::B2r => {
            let d = dst(w, &o[0]);
            let r = warp.bar_result;
            for l in lanes(exec) {
                warp.set_reg(d, l, r);
            }
            if let Some(p) = o.get(1) {
                warp.set_pred(pdst(w, p), exec, if r != 0 { u32::MAX } else { 0 });
            }
        }
        Op::Mov => {
            let d = dst(w, &o[0]);
            for l in lanes(exec) {
                let v = read(warp, env, w, &o[1], l);
                warp.set_reg(d, l, v);
            }
        }
        Op::S2r => {
            let d = dst(w, &o[0]);
            let sr = field(w, 20, 8) as u32;
            for l in lanes(exec) {
                let t = warp.tid[l];
                let v = match sr {
                    0 => l as u32,
                    1 | 80 => warp.clock as u32,
                    81 => (warp.clock >> 32) as u32,
                    32 => t[0] | t[1] << 16 | t[2] << 26,
                    33..=35 => t[(sr - 33) as usize],
                    37..=39 => warp.ctaid[(sr - 37) as usize],
                    56 => 1 << l,
                    57 => (1u32 << l) - 1,
                    58 => ((1u64 << (l + 1)) - 1) as u32,
                    59 => !(((1u64 << (l + 1)) - 1) as u32),
                    60 => !((1u32 << l) - 1),
                    _ => {
                        return Err(format!(
                            "special register {} is not emulated",
                            crate::SREG_NAMES[sr as usize]
                        )
                        .into())
                    }
                };
                warp.set_reg(d, l, v);
            }
        }
        Op::Iadd | Op::Iadd32i | Op::Iscadd => {
            let d = dst(w, &o[0]);
            let po = mod_set(f, w, "PO");
            let sat = mod_set(f, w, "SAT");
            let shift = if slot.op == Op::Iscadd {
                read(warp, env, w, &o[3], 0) & 31
            } else {
                0
            };
            const M: u64 = 0xffff_ffff;
            let (na, nb) = (bit(w, o[1].neg), bit(w, o[2].neg));
            for l in lanes(exec) {
                let a = ((read(warp, env, w, &o[1], l) as u64) << shift) & M;
                let b = read(warp, env, w, &o[2], l) as u64;
                // a negated operand is added as its two's complement ~x + 1 (33 bits: -0
                // carries); with .X as ~x, the carry in supplying the +1 (64-bit subtraction:
                // `IADD lo.CC, a, -b` then `IADD.X hi, c, -d`)
                let one = if x { 0 } else { 1 };
                let ae = if na { (!a & M) + one } else { a };
                let be = if nb { (!b & M) + one } else { b };
                let cin = if x { (warp.carry >> l & 1) as u64 } else { 0 } + po as u64;
                let s = ae + be + cin;
                let mut v = s as u32;
                let sv = |v: u64, n: bool| {
                    let i = v as u32 as i32 as i64;
                    if n {
                        -i
                    } else {
                        i
                    }
                };
                let exact =
                    sv(a, na) + sv(b, nb) + cin as i64 - if x { na as i64 + nb as i64 } else { 0 };
                if sat && !x {
                    v = exact.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32;
                }
                if cc_out {
                    warp.set_cc(l, v, s >> 32 != 0, exact != v as i32 as i64);
                }
                warp.set_reg(d, l, v);
            }
        }
        Op::Iadd3 => {
            let rs = mod_set(f, w, "RS");
            let ls = mod_set(f, w, "LS");
            if (rs || ls) && (x || cc_out) {
                return Err("IADD3.RS/.LS with .X or .CC is not emulated".into());
            }
            let d = dst(w, &o[0]);
            for l in lanes(exec) {
                let mut v3 = [0u64; 3];
                for (k, op) in o[1..4].iter().enumerate() {
                    let mut v = read(warp, env, w, op, l) as u64;
                    if bit(w, op.neg) {
                        // two's complement (32 bits), one's complement with .X as IADD
                        v = if x {
                            !v & 0xffff_ffff
                        } else {
                            (!v).wrapping_add(1) & 0xffff_ffff
                        };
                    }
                    v3[k] = v;
                }
                let s = if rs {
                    // (a + b) with its carry, shifted right by 16, plus c
                    ((v3[0] + v3[1]) >> 16) + v3[2]
                } else if ls {
                    (((v3[0] + v3[1]) << 16) & 0xffff_ffff) + v3[2]
                } else {
                    v3[0] + v3[1] + v3[2] + if x { (warp.carry >> l & 1) as u64 } else { 0 }
                };
                if cc_out {
                    warp.set_cc(l, s as u32, (s >> 32) != 0, false);
                }
                warp.set_reg(d, l, s as u32);
            }
        }
        Op::Lea => {
            // LEA's predicate destination (bits 48-50) is not modelled: only PT runs
            let o = match o[0].kind {
                Kind::PredOpt { pos } if field(w, pos, 3) == 7 => &o[1..],
                Kind::PredOpt { .. } => {
                    return Err("LEA with a predicate destination is not emulated".into())
                }
                _ => o,
            };
            let d = dst(w, &o[0]);
            let hi = mod_set(f, w, "HI");
            let last = o.len() - 1;
            let sh = read(warp, env, w, &o[last], 0) & 31;
            for l in lanes(exec) {
                let mut a = read(warp, env, w, &o[1], l);
                if bit(w, o[1].neg) {
                    a = a.wrapping_neg();
                }
                let b = read(warp, env, w, &o[2], l) as u64;
                let shifted = if hi {
                    let c = read(warp, env, w, &o[3], l) as u64;
                    ((((c << 32) | a as u64) << sh) >> 32) & 0xffff_ffff
                } else {
                    ((a as u64) << sh) & 0xffff_ffff
                };
                let cin = if x { (warp.carry >> l & 1) as u64 } else { 0 };
                let s = shifted + b + cin;
                if cc_out {
                    warp.set_cc(l, s as u32, (s >> 32) & 1 != 0, false);
                }
                warp.set_reg(d, l, s as u32);
            }
        }
        Op::Shl | Op::Shr => {
            if x || cc_out {
                return Err("shifts with .X or .CC are not emulated".into());
            }
            let d = dst(w, &o[0]);
            let wrap = mod_set(f, w, "W");
            let brev = mod_set(f, w, "BREV");
            let unsigned = slot.op == Op::Shl || mod_set(f, w, "U32");
            for l in lanes(exec) {
                let mut a = read(warp, env, w, &o[1], l);
                if brev {
                    a = a.reverse_bits();
                }
                let mut n = read(warp, env, w, &o[2], l);
                n = if wrap { n & 31 } else { n.min(32) };
                let v = if slot.op == Op::Shl {
                    if n >= 32 {
                        0
                    } else {
                        a << n
                    }
                } else if unsigned {
                    if n >= 32 {
                        0
                    } else {
                        a >> n
                    }
                } else {
                    ((a as i32) >> n.min(31)) as u32
                };
                warp.set_reg(d, l, v);
            }
        }
        Op::Shf => shf(warp, env, f, w, exec)?,
        Op::Bfe => {
            let d = dst(w, &o[0]);
            let unsigned = mod_set(f, w, "U32");
            let brev = mod_set(f, w, "BREV");
            for l in lanes(exec) {
                let mut a = read(warp, env, w, &o[1], l);
                if brev {
                    a = a.reverse_bits();
                }
                let b = read(warp, env, w, &o[2], l);
                let (pos, len) = (b & 0xff, (b >> 8) & 0xff);
                let v = if len == 0 {
                    0
                } else {
                    let x = if pos >= 32 { 0 } else { (a as u64) >> pos };
                    let m = if len >= 32 {
                        u64::MAX
                    } else {
                        (1u64 << len) - 1
                    };
                    let x = x & m;
                    let top = pos + len - 1;
                    let sign = if top >= 31 { a >> 31 } else { (a >> top) & 1 };
                    if !unsigned && sign != 0 && len < 32 {
                        (x | !m) as u32
                    } else {
                        x as u32
                    }
                };
                if cc_out {
                    warp.set_cc(l, v, false, false);
                }
                warp.set_reg(d, l, v);
            }
        }
        Op::Bfi => {
            let d = dst(w, &o[0]);
            for l in lanes(exec) {
                let a = read(warp, env, w, &o[1], l);
                let b = read(warp, env, w, &o[2], l);
                let c = read(warp, env, w, &o[3], l);
                let (pos, len) = (b & 0xff, (b >> 8) & 0xff);
                let m = if len >= 32 {
                    u32::MAX as u64
                } else {
                    (1u64 << len) - 1
                };
                let v = if pos >= 32 {
                    c
                } else {
                    let mask = ((m << pos) & 0xffff_ffff) as u32;
                    (c & !mask) | ((((a as u64) << pos) as u32) & mask)
                };
                if cc_out {
                    warp.set_cc(l, v, false, false);
                }
                warp.set_reg(d, l, v);
            }
        }
        Op::Lop | Op::Lop32i | Op::Lop3 => {
            if x {
                return Err("logic operations with .X are not emulated".into());
            }
            // LOP: optional P destination first; LOP3: optional P first and the LUT last
            let (pd, rest) = match o[0].kind {
                Kind::PredOpt { .. } => (Some(pdst(w, &o[0])), &o[1..]),
                _ => (None, &o[..]),
            };
            let d = dst(w, &rest[0]);
            let cc_out = bit(w, rest[0].cc);
            let (kind, _) = mod_enum(f, w, "AND").unwrap_or((0, "AND"));
            let pmode = mod_enum(f, w, "NZ").map_or(0, |(i, _)| i);
            let mut pv = 0u32;
            for l in lanes(exec) {
                let a = read(warp, env, w, &rest[1], l);
                let b = read(warp, env, w, &rest[2], l);
                let v = if slot.op == Op::Lop3 {
                    let c = read(warp, env, w, &rest[3], l);
                    let lut = read(warp, env, w, &rest[4], l) & 0xff;
                    let mut r = 0u32;
                    for i in 0..32 {
                        let idx = ((a >> i & 1) << 2) | ((b >> i & 1) << 1) | (c >> i & 1);
                        r |= ((lut >> idx) & 1) << i;
                    }
                    r
                } else {
                    match kind {
                        0 => a & b,
                        1 => a | b,
                        2 => a ^ b,
                        _ => b,
                    }
                };
                if cc_out {
                    warp.set_cc(l, v, false, false);
                }
                warp.set_reg(d, l, v);
                let p = match pmode {
                    1 => true,
                    2 => v == 0,
                    3 => v != 0,
                    _ => false,
                };
                pv |= (p as u32) << l;
            }
            if let Some(p) = pd {
                warp.set_pred(p, exec, pv);
            }
        }
        Op::Xmad => xmad(warp, env, f, w, exec)?,
        Op::Isetp | Op::Iset => {
            if x && slot.op == Op::Iset {
                return Err("ISET.X is not emulated".into());
            }
            let (_, cmp) = mod_enum(f, w, "LT").unwrap_or((0, "F"));
            let (_, bop) = mod_enum(f, w, "AND").unwrap_or((0, "AND"));
            let unsigned = mod_set(f, w, "U32");
            let set = slot.op == Op::Iset;
            let (ia, ib, ic) = if set { (1, 2, 3) } else { (2, 3, 4) };
            let c = read_pred(warp, w, &o[ic]);
            let bf = mod_set(f, w, "BF");
            let (mut ru, mut rv) = (0u32, 0u32);
            for l in lanes(exec) {
                let a = read(warp, env, w, &o[ia], l);
                let b = read(warp, env, w, &o[ib], l);
                let r = if x {
                    compare_extended(warp, cmp, a, b, unsigned, l)
                } else {
                    compare(cmp, a, b, unsigned)
                };
                let pc = c >> l & 1 != 0;
                let t = boolop(bop, r, pc)?;
                if set {
                    let v = if !t {
                        0
                    } else if bf {
                        0x3f80_0000
                    } else {
                        u32::MAX
                    };
                    if cc_out {
                        warp.set_cc(l, v, false, false);
                    }
                    warp.set_reg(dst(w, &o[0]), l, v);
                } else {
                    ru |= (t as u32) << l;
                    rv |= (boolop(bop, !r, pc)? as u32) << l;
                }
            }
            if !set {
                warp.set_pred(pdst(w, &o[0]), exec, ru);
                warp.set_pred(pdst(w, &o[1]), exec, rv);
            }
        }
        Op::Icmp => {
            let (_, cmp) = mod_enum(f, w, "LT").unwrap_or((0, "F"));
            let unsigned = mod_set(f, w, "U32");
            let d = dst(w, &o[0]);
            for l in lanes(exec) {
                let a = read(warp, env, w, &o[1], l);
                let b = read(warp, env, w, &o[2], l);
                let c = read(warp, env, w, &o[3], l);
                let v = if compare(cmp, c, 0, unsigned) { a } else { b };
                warp.set_reg(d, l, v);
            }
        }
        Op::Psetp => {
            let bops: Vec<&str> = f
                .mods
                .iter()
                .filter_map(|m| match m {
                    Mod::Enum { pos, width, names } => Some(names[field(w, *pos, *width) as usize]),
                    _ => None,
                })
                .collect();
            let (b1, b2) = (
                bops.first().copied().unwrap_or("AND"),
                bops.get(1).copied().unwrap_or("AND"),
            );
            let (pu, pv) = (pdst(w, &o[0]), pdst(w, &o[1]));
            let (a, b, c) = (
                read_pred(warp, w, &o[2]),
                read_pred(warp, w, &o[3]),
                read_pred(warp, w, &o[4]),
            );
            let (mut ru, mut rv) = (0u32, 0u32);
            for l in lanes(exec) {
                let t = boolop(b1, a >> l & 1 != 0, b >> l & 1 != 0)?;
                let pc = c >> l & 1 != 0;
                ru |= (boolop(b2, t, pc)? as u32) << l;
                rv |= (boolop(b2, !t, pc)? as u32) << l;
            }
            warp.set_pred(pu, exec, ru);
            warp.set_pred(pv, exec, rv);
        }
        Op::Imnmx if mod_enum(f, w, "XLO").is_some_and(|(i, _)| i != 0) => {
            // 64-bit minimum/maximum in two steps: .XHI compares the high words (and leaves
            // "equal" in CC.Z, "a below b" in CC.C), .XLO picks the low word the same way, or by
            // an unsigned compare when the high words were equal
            let (_, mode) = mod_enum(f, w, "XLO").unwrap_or((0, ""));
            if mode == "XMED" {
                return Err("IMNMX.XMED is not emulated".into());
            }
            let d = dst(w, &o[0]);
            let p = read_pred(warp, w, &o[3]);
            let unsigned = mod_set(f, w, "U32");
            for l in lanes(exec) {
                let a = read(warp, env, w, &o[1], l);
                let b = read(warp, env, w, &o[2], l);
                let min = p >> l & 1 != 0;
                let a_lt = if mode == "XHI" {
                    compare("LT", a, b, unsigned)
                } else if warp.zf >> l & 1 != 0 {
                    a < b
                } else {
                    warp.carry >> l & 1 != 0
                };
                let v = if a_lt == min { a } else { b };
                if mode == "XHI" && cc_out {
                    warp.set_cc(l, v, a_lt, false);
                    let bz = 1u32 << l;
                    warp.zf = (warp.zf & !bz) | if a == b { bz } else { 0 };
                }
                warp.set_reg(d, l, v);
            }
        }
        Op::Sel | Op::Imnmx => {
            if cc_out {
                return Err("IMNMX.CC is not emulated".into());
            }
            let d = dst(w, &o[0]);
            let p = read_pred(warp, w, &o[3]);
            let unsigned = mod_set(f, w, "U32");
            for l in lanes(exec) {
                let a = read(warp, env, w, &o[1], l);
                let b = read(warp, env, w, &o[2], l);
                let take_a = p >> l & 1 != 0;
                let v = if slot.op == Op::Sel {
                    if take_a {
                        a
                    } else {
                        b
                    }
                } else {
                    let a_lt = compare("LT", a, b, unsigned);
                    // IMNMX: predicate true selects the minimum
                    if take_a == a_lt {
                        a
                    } else {
                        b
                    }
                };
                warp.set_reg(d, l, v);
            }
        }
        Op::Popc => {
            let d = dst(w, &o[0]);
            for l in lanes(exec) {
                let v = read(warp, env, w, &o[1], l).count_ones();
                warp.set_reg(d, l, v);
            }
        }
        Op::Flo => {
            if cc_out {
                return Err("FLO.CC is not emulated".into());
            }
            let d = dst(w, &o[0]);
            // bit 48: signed (nvdisasm prints `.U32` when clear, nothing when set)
            let signed = field(w, 48, 1) != 0;
            let sh = mod_set(f, w, "SH");
            for l in lanes(exec) {
                let mut a = read(warp, env, w, &o[1], l);
                if signed && (a as i32) < 0 {
                    a = !a;
                }
                let v = if a == 0 {
                    u32::MAX
                } else if sh {
                    a.leading_zeros()
                } else {
                    31 - a.leading_zeros()
                };
                warp.set_reg(d, l, v);
            }
        }
        Op::Prmt => {
            if mod_enum(f, w, "F4E").is_some_and(|(i, _)| i != 0) {
                return Err("PRMT modes other than the default are not emulated".into());
            }
            let d = dst(w, &o[0]);
            for l in lanes(exec) {
                let a = read(warp, env, w, &o[1], l);
                let sel = read(warp, env, w, &o[2], l);
                let c = read(warp, env, w, &o[3], l);
                let bytes = (a as u64 | (c as u64) << 32).to_le_bytes();
                let mut v = 0u32;
                for i in 0..4 {
                    let s = (sel >> (4 * i)) & 0xf;
                    let mut byte = bytes[(s & 7) as usize];
                    if s & 8 != 0 {
                        byte = if byte & 0x80 != 0 { 0xff } else { 0 };
                    }
                    v |= (byte as u32) << (8 * i);
                }
                warp.set_reg(d, l, v);
            }
        }
        Op::Fadd | Op::Fmul | Op::Ffma => farith(warp, env, f, w, exec, slot.op)?,
        Op::Fmnmx | Op::Dmnmx => {
            if cc_out {
                return Err("FMNMX/DMNMX with .CC is not emulated".into());
            }
            let d = dst(w, &o[0]);
            let ftz = mod_set(f, w, "FTZ");
            let p = read_pred(warp, w, &o[3]);
            for l in lanes(exec) {
                let min = p >> l & 1 != 0;
                if slot.op == Op::Dmnmx {
                    let a = dread(warp, env, w, &o[1], l);
                    let b = dread(warp, env, w, &o[2], l);
                    warp.set_reg64(d, l, fp::bits64(fp::fminmax(a, b, min)));
                } else {
                    let a = fread(warp, env, w, &o[1], l, ftz);
                    let b = fread(warp, env, w, &o[2], l, ftz);
                    let r = fp::fminmax(a as f64, b as f64, min) as f32;
                    warp.set_reg(d, l, fp::bits32(r));
                }
            }
        }
        Op::Fsetp | Op::Dsetp | Op::Fset => {
            let (cond, _) = mod_enum(f, w, "LTU").unwrap_or((0, "F"));
            let (_, bop) = mod_enum(f, w, "AND").unwrap_or((0, "AND"));
            let ftz = mod_set(f, w, "FTZ");
            let set = slot.op == Op::Fset;
            let (ia, ib, ic) = if set { (1, 2, 3) } else { (2, 3, 4) };
            let c = read_pred(warp, w, &o[ic]);
            let bf = mod_set(f, w, "BF");
            let (mut ru, mut rv) = (0u32, 0u32);
            for l in lanes(exec) {
                let (a, b) = if slot.op == Op::Dsetp {
                    (
                        dread(warp, env, w, &o[ia], l),
                        dread(warp, env, w, &o[ib], l),
                    )
                } else {
                    (
                        fread(warp, env, w, &o[ia], l, ftz) as f64,
                        fread(warp, env, w, &o[ib], l, ftz) as f64,
                    )
                };
                let r = fp::fcompare(cond, a, b);
                let pc = c >> l & 1 != 0;
                let t = boolop(bop, r, pc)?;
                if set {
                    let v = if !t {
                        0
                    } else if bf {
                        0x3f80_0000
                    } else {
                        u32::MAX
                    };
                    if cc_out {
                        warp.set_cc(l, v, false, false);
                    }
                    warp.set_reg(dst(w, &o[0]), l, v);
                } else {
                    ru |= (t as u32) << l;
                    rv |= (boolop(bop, !r, pc)? as u32) << l;
                }
            }
            if !set {
                warp.set_pred(pdst(w, &o[0]), exec, ru);
                warp.set_pred(pdst(w, &o[1]), exec, rv);
            }
        }
        Op::Fchk => {
            // P = "the fast division a/b may be inexact": true unless both are normal, finite,
            // and the quotient's exponent stays well inside the normal range. Conservative: a
            // true result only sends the kernel to its (exact) slow path.
            let pd = pdst(w, &o[0]);
            let mut pv = 0u32;
            for l in lanes(exec) {
                let a = fread(warp, env, w, &o[1], l, false);
                let b = fread(warp, env, w, &o[2], l, false);
                let e = |v: f32| ((v.to_bits() >> 23) & 0xff) as i32 - 127;
                let ok = a.is_normal()
                    && b.is_normal()
                    && (-100..=100).contains(&(e(a) - e(b)))
                    && (-100..=125).contains(&e(a))
                    && (-125..=125).contains(&e(b));
                pv |= (!ok as u32) << l;
            }
            warp.set_pred(pd, exec, pv);
        }
        Op::Mufu => {
            let d = dst(w, &o[0]);
            let (code, name) = mod_enum(f, w, "RCP").unwrap_or((15, "?"));
            let sat = mod_set(f, w, "SAT");
            for l in lanes(exec) {
                let v = if code == 6 || code == 7 {
                    fp::mufu64h(code as u64, read(warp, env, w, &o[1], l))
                } else {
                    let a = fread(warp, env, w, &o[1], l, true);
                    let mut r = fp::mufu(code as u64, a)
                        .ok_or_else(|| Fault::new(FaultKind::Invalid, format!("MUFU.{name}")))?;
                    if sat {
                        r = if r.is_nan() { 0.0 } else { r.clamp(0.0, 1.0) };
                    }
                    fp::bits32(r)
                };
                warp.set_reg(d, l, v);
            }
        }
        Op::Rro => {
            let d = dst(w, &o[0]);
            for l in lanes(exec) {
                let a = fread(warp, env, w, &o[1], l, false);
                warp.set_reg(d, l, a.to_bits());
            }
        }
        Op::Dadd | Op::Dmul | Op::Dfma => {
            if cc_out {
                return Err("fp64 arithmetic with .CC is not emulated".into());
            }
            let d = dst(w, &o[0]);
            let mode = rounding(f, w);
            if slot.op == Op::Dfma && mode != Rnd::Rn {
                return Err("DFMA with a directed rounding mode is not emulated".into());
            }
            for l in lanes(exec) {
                let a = dread(warp, env, w, &o[1], l);
                let b = dread(warp, env, w, &o[2], l);
                let r = match slot.op {
                    Op::Dadd => fp::add64(a, b, mode),
                    Op::Dmul => fp::mul64(a, b, mode),
                    _ => a.mul_add(b, dread(warp, env, w, &o[3], l)),
                };
                warp.set_reg64(d, l, fp::bits64(r));
            }
        }
        Op::F2f | Op::F2i | Op::I2f | Op::I2i => convert(warp, env, f, w, exec, slot.op)?,
        Op::Ldc => ldc(warp, env, w, exec)?,
        Op::Ldg | Op::Stg | Op::Lds | Op::Sts | Op::Ldl | Op::Stl => {
            memory(warp, env, f, w, exec, slot.op)?
        }
        Op::Atom | Op::Red | Op::Atoms => atomic(warp, env, f, w, exec, slot.op)?,
        Op::Shfl => shfl(warp, env, f, w, exec)?,
        Op::Vote => {
            let (mode, _) = mod_enum(f, w, "ANY").unwrap_or((3, ""));
            let (rd, pd, src) = if o.len() == 3 {
                (dst(w, &o[0]), pdst(w, &o[1]), &o[2])
            } else {
                (255, pdst(w, &o[0]), &o[1])
            };
            let ballot = read_pred(warp, w, src) & exec;
            let r = match mode {
                0 => ballot == exec,
                1 => ballot != 0,
                2 => ballot == 0 || ballot == exec,
                _ => return Err(Fault::new(FaultKind::Invalid, "VOTE mode 3 is invalid")),
            };
            for l in lanes(exec) {
                warp.set_reg(rd, l, ballot);
            }
            warp.set_pred(pd, exec, if r { u32::MAX } else { 0 });
        }
        Op::Vabsdiff => {
            // .ACC: |a - b| (32-bit operands of the given signedness) + c
            let (_, types) = mod_enum(f, w, "U32.U32").unwrap_or((0, "U32.U32"));
            let (_, mode) = mod_enum(f, w, "ACC").unwrap_or((0, "ACC"));
            if cc_out || mod_set(f, w, "SAT") || mode != "ACC" {
                return Err(format!("VABSDIFF .{mode} (or .SAT/.CC) is not emulated").into());
            }
            let (sa, sb) = match types {
                "U32.U32" => (false, false),
                "S32.U32" => (true, false),
                "U32.S32" => (false, true),
                _ => (true, true),
            };
            let d = dst(w, &o[0]);
            for l in lanes(exec) {
                let ext = |v: u32, s: bool| if s { v as i32 as i64 } else { v as i64 };
                let a = ext(read(warp, env, w, &o[1], l), sa);
                let b = ext(read(warp, env, w, &o[2], l), sb);
                let c = read(warp, env, w, &o[3], l);
                let diff = (a - b).unsigned_abs() as u32;
                warp.set_reg(d, l, diff.wrapping_add(c));
            }
        }
        Op::Imul | Op::Imad => {
            let d = dst(w, &o[0]);
            let (a_signed, b_signed) = if slot.op == Op::Imul {
                let (t, _) = mod_enum(f, w, "S32.U32").unwrap_or((0, ""));
                (t & 1 != 0, t & 2 != 0)
            } else {
                // IMAD: A's signedness in bit 48, B's in bit 53 (nvdisasm prints them as a
                // pair, nothing for S32.S32)
                (field(w, 48, 1) != 0, field(w, 53, 1) != 0)
            };
            let hi = mod_set(f, w, "HI");
            let po = mod_set(f, w, "PO");
            let sat = mod_set(f, w, "SAT");
            for l in lanes(exec) {
                let ext = |v: u32, s: bool| if s { v as i32 as i128 } else { v as i128 };
                let a = ext(read(warp, env, w, &o[1], l), a_signed);
                let b = ext(read(warp, env, w, &o[2], l), b_signed);
                let mut p = a * b;
                if bit(w, o[1].neg) {
                    p = -p;
                }
                // the low word, or the high word (arithmetic for a signed product)
                let term: i128 = if hi {
                    p >> 32
                } else if a_signed || b_signed {
                    p as u32 as i32 as i128
                } else {
                    p as u32 as i128
                };
                if slot.op == Op::Imul {
                    warp.set_reg(d, l, term as u32);
                    if cc_out {
                        warp.set_cc(l, term as u32, false, false);
                    }
                    continue;
                }
                let mut c = read(warp, env, w, &o[3], l) as i128;
                if a_signed || b_signed {
                    c = c as u32 as i32 as i128;
                }
                if bit(w, o[3].neg) {
                    c = -c;
                }
                let cin = if x { (warp.carry >> l & 1) as i128 } else { 0 } + po as i128;
                let exact = term + c + cin;
                let v = if sat {
                    exact.clamp(i32::MIN as i128, i32::MAX as i128) as i32 as u32
                } else {
                    exact as u32
                };
                if cc_out {
                    let s = (term as u32 as u64) + (c as u32 as u64) + cin as u64;
                    warp.set_cc(l, v, s >> 32 != 0, exact != v as i32 as i128);
                }
                warp.set_reg(d, l, v);
            }
        }
        Op::Fcmp => {
            let (cond, _) = mod_enum(f, w, "LTU").unwrap_or((0, "F"));
            let ftz = mod_set(f, w, "FTZ");
            let d = dst(w, &o[0]);
            for l in lanes(exec) {
                let a = read(warp, env, w, &o[1], l);
                let b = read(warp, env, w, &o[2], l);
                let c = fread(warp, env, w, &o[3], l, ftz) as f64;
                let v = if fp::fcompare(cond, c, 0.0) { a } else { b };
                warp.set_reg(d, l, v);
            }
        }
        Op::P2r | Op::R2p => {
            let (src_reg, which, mask_op) = if slot.op == Op::P2r {
                (&o[2], &o[1], &o[3])
            } else {
                (&o[1], &o[0], &o[2])
            };
            if field(w, 40, 1) != 0 {
                return Err(format!("{} with CC is not emulated", f.mnemonic).into());
            }
            let _ = which;
            let shift = mod_enum(f, w, "B1").map_or(0, |(i, _)| 8 * i as u32);
            for l in lanes(exec) {
                let a = read(warp, env, w, src_reg, l);
                let mask = read(warp, env, w, mask_op, l) & 0xff;
                if slot.op == Op::P2r {
                    let pr = (0..7).fold(0u32, |v, p| v | ((warp.preds[p] >> l) & 1) << p);
                    let m = mask << shift;
                    let v = (a & !m) | ((pr & mask) << shift);
                    warp.set_reg(dst(w, &o[0]), l, v);
                } else {
                    for p in 0..7u8 {
                        if mask >> p & 1 != 0 {
                            let on = (a >> p) & 1;
                            warp.set_pred(p, 1 << l, on << l);
                        }
                    }
                }
            }
        }
        Op::Half => half2(warp, env, f, w, exec)?,
        Op::Hsetp2 => {
            if mod_set(f, w, "H_AND") {
                return Err("HSETP2.H_AND is not emulated".into());
            }
            let (cond, _) = mod_enum(f, w, "LTU").unwrap_or((0, "F"));
            let (_, bop) = mod_enum(f, w, "AND").unwrap_or((0, "AND"));
            let ftz = mod_set(f, w, "FTZ");
            let c = read_pred(warp, w, &o[4]);
            let (mut ru, mut rv) = (0u32, 0u32);
            for l in lanes(exec) {
                let a = hread(warp, env, w, &o[2], l, ftz)?;
                let b = hread(warp, env, w, &o[3], l, ftz)?;
                let pc = c >> l & 1 != 0;
                // Pu from the low halves, Pv from the high halves
                ru |= (boolop(bop, fp::fcompare(cond, a[0], b[0]), pc)? as u32) << l;
                rv |= (boolop(bop, fp::fcompare(cond, a[1], b[1]), pc)? as u32) << l;
            }
            warp.set_pred(pdst(w, &o[0]), exec, ru);
            warp.set_pred(pdst(w, &o[1]), exec, rv);
        }
        Op::Unsupported => {
            return Err(format!("{} is not in the emulated subset", f.mnemonic).into())
        }
    }
    Ok(())
}

/// An FP16x2 operand as two values (low half, high half), after its swizzle (`.H0_H0`,
/// `.H1_H1`, `.F32`: an f32 rounded to half in both), `|x|` and `-x` (per half).
fn hread(
    warp: &Warp,
    env: &Env<'_>,
    w: u64,
    op: &Operand,
    lane: usize,
    ftz: bool,
) -> Result<[f64; 2], Fault> {
    let v = read(warp, env, w, op, lane);
    let (lo, hi) = (v as u16, (v >> 16) as u16);
    let sw = op.sw.map_or(0, |p| field(w, p, 2));
    let mut h = match sw {
        0 => [lo, hi],
        1 => {
            let x = fp::f64_to_f16(f32::from_bits(v) as f64, Rnd::Rn, false);
            [x, x]
        }
        2 => [lo, lo],
        _ => [hi, hi],
    };
    for x in h.iter_mut() {
        if bit(w, op.abs) {
            *x &= 0x7fff;
        }
        if bit(w, op.neg) {
            *x ^= 0x8000;
        }
    }
    Ok(h.map(|x| {
        let v = fp::f16_to_f64(x);
        if ftz && v != 0.0 && v.abs() < 2f64.powi(-14) {
            0.0f64.copysign(v)
        } else {
            v
        }
    }))
}

/// HADD2 / HMUL2 / HFMA2: two half-precision lanes, each correctly rounded to nearest.
fn half2(warp: &mut Warp, env: &Env<'_>, f: &Form, w: u64, exec: u32) -> R {
    let o = &f.ops;
    let (out_mode, name) = mod_enum(f, w, "MRG_H0").unwrap_or((0, ""));
    if out_mode != 0 {
        return Err(format!("{}.{name} is not emulated", f.mnemonic).into());
    }
    let ftz = mod_set(f, w, "FTZ");
    let fmz = mod_set(f, w, "FMZ");
    let sat = mod_set(f, w, "SAT");
    let flush = ftz || fmz;
    let d = dst(w, &o[0]);
    // an immediate pair takes two operand slots (high half printed first)
    let imm = matches!(o[2].kind, Kind::Half { .. });
    let half_imm = |op: &Operand| match op.kind {
        Kind::Half { pos, sign, full } => {
            let h = if full {
                field(w, pos, 16)
            } else {
                (field(w, sign, 1) << 15) | (field(w, pos, 9) << 6)
            };
            fp::f16_to_f64(h as u16)
        }
        _ => 0.0,
    };
    let ci = if imm { 4 } else { 3 };
    for l in lanes(exec) {
        let a = hread(warp, env, w, &o[1], l, flush)?;
        let b = if imm {
            [half_imm(&o[3]), half_imm(&o[2])]
        } else {
            hread(warp, env, w, &o[2], l, flush)?
        };
        let c = if f.mnemonic == "HFMA2" {
            Some(hread(warp, env, w, &o[ci], l, flush)?)
        } else {
            None
        };
        let mut r = [0u16; 2];
        for k in 0..2 {
            let zero = fmz && (a[k] == 0.0 || b[k] == 0.0);
            let (hi, lo) = match (f.mnemonic, c) {
                ("HADD2", _) => fp::two_sum(a[k], b[k]),
                (_, Some(c)) => fp::two_sum(if zero { 0.0 } else { a[k] * b[k] }, c[k]),
                _ => (if zero { 0.0 } else { a[k] * b[k] }, 0.0),
            };
            let mut x = hi;
            if sat {
                x = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
            }
            r[k] = fp::pair_to_f16(x, if sat { 0.0 } else { lo }, flush);
        }
        warp.set_reg(d, l, r[0] as u32 | (r[1] as u32) << 16);
    }
    Ok(())
}

/// SHF.L / SHF.R: funnel shifts of the 64-bit value `Rc:Ra`.
fn shf(warp: &mut Warp, env: &Env<'_>, f: &Form, w: u64, exec: u32) -> R {
    let o = &f.ops;
    let left = mod_set(f, w, "L");
    let wrap = mod_set(f, w, "W");
    let (_, ty) = mod_enum(f, w, "U64").unwrap_or((0, ""));
    let (_, hx) = mod_enum(f, w, "HI").unwrap_or((0, ""));
    if bit(w, o[0].cc) || hx == "X" || hx == "XHI" || ty == "INVALIDMAXSHIFT3" {
        return Err("SHF with .CC, .X, .XHI or an invalid shift size is not emulated".into());
    }
    let hi = hx == "HI";
    let max = if ty.is_empty() { 32 } else { 64 };
    let d = dst(w, &o[0]);
    for l in lanes(exec) {
        let a = read(warp, env, w, &o[1], l) as u64;
        let n = read(warp, env, w, &o[2], l);
        let c = read(warp, env, w, &o[3], l) as u64;
        let n = if wrap { n & (max - 1) } else { n.min(max) };
        let v = (c << 32) | a;
        let r = if left {
            let s = if n >= 64 { 0 } else { v << n };
            if hi {
                s as u32
            } else {
                (s >> 32) as u32
            }
        } else {
            let s = if ty == "S64" {
                ((v as i64) >> n.min(63)) as u64
            } else if n >= 64 {
                0
            } else {
                v >> n
            };
            if hi {
                (s >> 32) as u32
            } else {
                s as u32
            }
        };
        warp.set_reg(d, l, r);
    }
    Ok(())
}

/// FADD / FMUL / FMUL32I / FFMA with rounding, FTZ/FMZ, scaling and saturation.
fn farith(warp: &mut Warp, env: &Env<'_>, f: &Form, w: u64, exec: u32, op: Op) -> R {
    let o = &f.ops;
    if bit(w, o[0].cc) {
        return Err("float arithmetic with .CC is not emulated".into());
    }
    let d = dst(w, &o[0]);
    let ftz = mod_set(f, w, "FTZ");
    let fmz = mod_set(f, w, "FMZ");
    let sat = mod_set(f, w, "SAT");
    let mode = rounding(f, w);
    let scale = match mod_enum(f, w, "D2").map(|(i, _)| i) {
        None | Some(0) => 0,
        Some(1) => -1,
        Some(2) => -2,
        Some(3) => -3,
        Some(4) => 3,
        Some(5) => 2,
        Some(6) => 1,
        _ => return Err(Fault::new(FaultKind::Invalid, "invalid FMUL scale")),
    };
    let flush = ftz || fmz;
    for l in lanes(exec) {
        let a = fread(warp, env, w, &o[1], l, flush);
        let b = fread(warp, env, w, &o[2], l, flush);
        // FMZ: 0 * anything (even inf or NaN) is +0
        let zero_product = fmz && (a == 0.0 || b == 0.0);
        let mut r = match op {
            Op::Fadd => fp::add32(a, b, mode),
            Op::Fmul => {
                if zero_product {
                    0.0
                } else {
                    fp::mul32(a, b, scale, mode)
                }
            }
            _ => {
                let c = fread(warp, env, w, &o[3], l, flush);
                if zero_product {
                    fp::add32(0.0, c, mode)
                } else {
                    fp::fma32(a, b, c, mode)
                }
            }
        };
        if flush {
            r = fp::ftz32(r);
        }
        if sat {
            r = if r.is_nan() { 0.0 } else { r.clamp(0.0, 1.0) };
        }
        warp.set_reg(d, l, fp::bits32(r));
    }
    Ok(())
}

/// Integer type of a conversion name part: (bits, signed).
fn int_type(s: &str) -> Option<(u32, bool)> {
    Some(match s {
        "U8" => (8, false),
        "U16" => (16, false),
        "U32" => (32, false),
        "U64" => (64, false),
        "S8" => (8, true),
        "S16" => (16, true),
        "S32" => (32, true),
        "S64" => (64, true),
        _ => return None,
    })
}

/// F2F / F2I / I2F / I2I.
fn convert(warp: &mut Warp, env: &Env<'_>, f: &Form, w: u64, exec: u32, op: Op) -> R {
    let o = &f.ops;
    if bit(w, o[0].cc) {
        return Err("conversions with .CC are not emulated".into());
    }
    let d = dst(w, &o[0]);
    let src_op = &o[1];
    // the DST.SRC enum
    let types = f.mods.iter().find_map(|m| match m {
        Mod::Enum {
            pos: 8,
            width,
            names,
        } => Some(names[field(w, 8, *width) as usize]),
        _ => None,
    });
    let Some((dt, st)) = types.and_then(|t| t.split_once('.')) else {
        return Err(Fault::new(FaultKind::Invalid, "conversion types"));
    };
    let ftz = mod_set(f, w, "FTZ");
    let sat = mod_set(f, w, "SAT");
    let bad = || Fault::from(format!("conversion {dt}.{st} is not emulated"));
    for l in lanes(exec) {
        match op {
            Op::F2f | Op::F2i => {
                let x: f64 = match st {
                    "F16" => {
                        let v = read(warp, env, w, src_op, l);
                        let mut h = if bit(w, src_op.h1) {
                            (v >> 16) as u16
                        } else {
                            v as u16
                        };
                        if bit(w, src_op.abs) {
                            h &= 0x7fff;
                        }
                        if bit(w, src_op.neg) {
                            h ^= 0x8000;
                        }
                        let v = fp::f16_to_f64(h);
                        if ftz && v != 0.0 && v.abs() < 2f64.powi(-14) {
                            0.0f64.copysign(v)
                        } else {
                            v
                        }
                    }
                    "F32" => fread(warp, env, w, src_op, l, ftz) as f64,
                    "F64" => dread(warp, env, w, src_op, l),
                    _ => return Err(bad()),
                };
                if op == Op::F2f {
                    let integral = mod_enum(f, w, "FLOOR");
                    let mut r = match integral {
                        Some((i, _)) => fp::round_int(x, i as u64),
                        None => x,
                    };
                    if sat {
                        r = if r.is_nan() { 0.0 } else { r.clamp(0.0, 1.0) };
                    }
                    let mode = if integral.is_some() {
                        Rnd::Rn
                    } else {
                        rounding(f, w)
                    };
                    match dt {
                        "F32" => {
                            let mut v = if st == "F32" {
                                r as f32
                            } else {
                                fp::round_f32(r, 0.0, mode)
                            };
                            if ftz {
                                v = fp::ftz32(v);
                            }
                            warp.set_reg(d, l, fp::bits32(v))
                        }
                        "F64" => warp.set_reg64(d, l, fp::bits64(r)),
                        "F16" => warp.set_reg(d, l, fp::f64_to_f16(r, mode, ftz) as u32),
                        _ => return Err(bad()),
                    }
                } else {
                    let (bits, signed) = int_type(dt).ok_or_else(bad)?;
                    let (mode, _) = mod_enum(f, w, "TRUNC").unwrap_or((0, ""));
                    let r = fp::round_int(x, mode as u64);
                    let (lo, hi) = if signed {
                        (
                            -(2f64.powi(bits as i32 - 1)),
                            2f64.powi(bits as i32 - 1) - 1.0,
                        )
                    } else {
                        (0.0, 2f64.powi(bits as i32) - 1.0)
                    };
                    // NaN converts to 0; out-of-range values saturate
                    let v = if r.is_nan() { 0.0 } else { r.clamp(lo, hi) };
                    let v = if signed { v as i64 as u64 } else { v as u64 };
                    if bits == 64 {
                        warp.set_reg64(d, l, v);
                    } else {
                        warp.set_reg(d, l, v as u32);
                    }
                }
            }
            Op::I2f => {
                let (bits, signed) = int_type(st).ok_or_else(bad)?;
                let raw = if bits == 64 {
                    read64(warp, env, w, src_op, l)
                } else {
                    read(warp, env, w, src_op, l) as u64
                };
                let mut v: i128 = if signed {
                    let sh = 64 - bits;
                    (((raw << sh) as i64) >> sh) as i128
                } else if bits == 64 {
                    raw as i128
                } else {
                    (raw & ((1u64 << bits) - 1)) as i128
                };
                if bit(w, src_op.abs) {
                    v = v.abs();
                }
                if bit(w, src_op.neg) {
                    v = -v;
                }
                let mode = rounding(f, w);
                let hi = v as f64; // nearest
                let lo = (v - hi as i128) as f64; // exact: |v - hi| < 2^12
                match dt {
                    "F32" => warp.set_reg(d, l, fp::bits32(fp::round_f32(hi, lo, mode))),
                    "F64" => warp.set_reg64(d, l, fp::bits64(fp::round_f64(hi, lo, mode))),
                    _ => return Err(bad()),
                }
            }
            _ => {
                let (sbits, ssigned) = int_type(st).ok_or_else(bad)?;
                let (dbits, dsigned) = int_type(dt).ok_or_else(bad)?;
                let raw = read(warp, env, w, src_op, l) as u64;
                let mut v: i64 = if ssigned {
                    let sh = 64 - sbits;
                    ((raw << sh) as i64) >> sh
                } else {
                    (raw & ((1u64 << sbits) - 1)) as i64
                };
                if bit(w, src_op.abs) {
                    v = v.abs();
                }
                if bit(w, src_op.neg) {
                    v = -v;
                }
                let (lo, hi) = if dsigned {
                    (-(1i64 << (dbits - 1)), (1i64 << (dbits - 1)) - 1)
                } else {
                    (0, (1i64 << dbits) - 1)
                };
                let r = if sat {
                    v.clamp(lo, hi)
                } else {
                    // truncate to the destination width, then extend as its type
                    let sh = 64 - dbits;
                    if dsigned {
                        ((v as u64) << sh) as i64 >> sh
                    } else {
                        (((v as u64) << sh) >> sh) as i64
                    }
                };
                warp.set_reg(d, l, r as u32);
            }
        }
    }
    Ok(())
}

/// XMAD: 16x16-bit multiply-add with the PSL/MRG/CBCC/CHI/CLO/CSFU variants, carry in and out.
fn xmad(warp: &mut Warp, env: &Env<'_>, f: &Form, w: u64, exec: u32) -> R {
    let o = &f.ops;
    let d = dst(w, &o[0]);
    let (signs, _) = mod_enum(f, w, "S16.U16").unwrap_or((0, ""));
    let (a_signed, b_signed) = (signs & 1 != 0, signs & 2 != 0);
    let psl = mod_set(f, w, "PSL");
    let mrg = mod_set(f, w, "MRG");
    let x = mod_set(f, w, "X");
    let (_, mode) = mod_enum(f, w, "CHI").unwrap_or((0, ""));
    let cc_out = bit(w, o[0].cc);
    if mode.starts_with("???") {
        return Err(Fault::new(FaultKind::Invalid, format!("XMAD mode .{mode}")));
    }
    for l in lanes(exec) {
        let a_full = read(warp, env, w, &o[1], l);
        let b_full = read(warp, env, w, &o[2], l);
        let c = read(warp, env, w, &o[3], l);
        let (ah1, bh1) = (bit(w, o[1].h1), bit(w, o[2].h1));
        let half = |v: u32, h1: bool, signed: bool| -> i64 {
            let h = if h1 { v >> 16 } else { v & 0xffff };
            if signed {
                h as u16 as i16 as i64
            } else {
                h as i64
            }
        };
        let a = half(a_full, ah1, a_signed);
        let b = half(b_full, bh1, b_signed);
        let mut p = (a * b) as u32;
        if psl {
            p <<= 16;
        }
        let c = match mode {
            "CLO" => c & 0xffff,
            "CHI" => c >> 16,
            "CBCC" => c.wrapping_add(b_full << 16),
            // sign fix-up for the high word of a signed 32x32 product built from 16-bit parts
            // (`mul.hi.s32`: XMAD.S16.S16.CSFU a.H1, b.H1 then IADD3.RS): each negative high
            // half whose partner's other half is non-zero made an unsigned partial sum 2^16
            // too large after the shift, so 2^16 is taken off per such half. Derived so that
            // ptxas's expansion is exact (checked against i64 products in tests/run.rs).
            "CSFU" => {
                let neg_a = a < 0 && (if bh1 { b_full & 0xffff } else { b_full >> 16 }) != 0;
                let neg_b = b < 0 && (if ah1 { a_full & 0xffff } else { a_full >> 16 }) != 0;
                c.wrapping_sub(((neg_a as u32) + (neg_b as u32)) << 16)
            }
            _ => c,
        };
        let cin = if x { (warp.carry >> l & 1) as u64 } else { 0 };
        let s = p as u64 + c as u64 + cin;
        let mut v = s as u32;
        if mrg {
            v = (v & 0xffff) | (b_full << 16);
        }
        if cc_out {
            warp.set_cc(l, v, s >> 32 != 0, false);
        }
        warp.set_reg(d, l, v);
    }
    Ok(())
}

/// SHFL.IDX/UP/DOWN/BFLY: lane exchange with a clamp and segment mask (c = clamp | mask << 8).
fn shfl(warp: &mut Warp, env: &Env<'_>, f: &Form, w: u64, exec: u32) -> R {
    let o = &f.ops;
    let (mode, _) = mod_enum(f, w, "IDX").unwrap_or((0, ""));
    let pd = pdst(w, &o[0]);
    let d = dst(w, &o[1]);
    let src: Vec<u32> = (0..LANES).map(|l| read(warp, env, w, &o[2], l)).collect();
    let mut pv = 0u32;
    let mut out = [0u32; LANES];
    for l in lanes(exec) {
        let b = read(warp, env, w, &o[3], l) & 0x1f;
        let c = read(warp, env, w, &o[4], l);
        let clamp = c & 0x1f;
        let seg = (c >> 8) & 0x1f;
        let lane = l as u32;
        let max = (lane & seg) | (clamp & !seg);
        let min = lane & seg;
        let (j, ok) = match mode {
            0 => {
                let j = min | (b & !seg);
                (j, j <= max)
            }
            1 => {
                let j = lane as i32 - b as i32;
                (j.max(0) as u32, j >= max as i32)
            }
            2 => {
                let j = lane + b;
                (j, j <= max)
            }
            _ => {
                let j = lane ^ b;
                (j, j <= max)
            }
        };
        let j = if ok { j } else { lane };
        out[l] = src[(j & 31) as usize];
        pv |= (ok as u32) << l;
    }
    for l in lanes(exec) {
        warp.set_reg(d, l, out[l]);
    }
    warp.set_pred(pd, exec, pv);
    Ok(())
}

/// LDC with the exact bank/address rules, extensions, register pairs and faults.
fn ldc(warp: &mut Warp, env: &Env<'_>, w: u64, exec: u32) -> R {
    let Some(i) = Ldc::from_word(w) else {
        return Err(Fault::new(FaultKind::Invalid, "not an LDC word"));
    };
    if matches!(i.size, Size::Invalid6 | Size::Invalid7) {
        return Err(Fault::new(
            FaultKind::Invalid,
            format!(
                "LDC size {} is invalid",
                if i.size == Size::Invalid6 { 6 } else { 7 }
            ),
        ));
    }
    let wide = i.size == Size::B64;
    if wide && i.rd != 255 && i.rd % 2 != 0 {
        return Err(Fault::new(
            FaultKind::Misaligned,
            format!(
                "LDC.64 needs an even destination register, R{} is odd",
                i.rd
            ),
        ));
    }
    for l in lanes(exec) {
        let ra = if i.ra == 255 { 0 } else { warp.reg(i.ra, l) };
        match env.consts.ldc(&i, ra) {
            LdcRead::Value(v) => {
                warp.set_reg(i.rd, l, v as u32);
                if wide && i.rd != 255 {
                    warp.set_reg(i.rd + 1, l, (v >> 32) as u32);
                }
            }
            LdcRead::Misaligned { bank, addr } => {
                return Err(Fault::new(
                    FaultKind::Misaligned,
                    format!(
                        "misaligned LDC address c[0x{bank:x}][0x{addr:x}] in lane {l} (access of {} bytes)",
                        i.bytes().unwrap_or(4)
                    ),
                )
                .at(l, Some(addr as u64)))
            }
        }
    }
    Ok(())
}

/// A memory space of loads, stores and atomics.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Space {
    Global,
    Shared,
    Local,
}

fn space_name(s: Space) -> &'static str {
    match s {
        Space::Global => "global",
        Space::Shared => "shared",
        Space::Local => "local",
    }
}

/// The bytes of an access in shared or local memory, or a fault.
fn window<'m>(
    warp: &'m mut Warp,
    shared: &'m mut [u8],
    space: Space,
    l: usize,
    addr: u64,
    n: usize,
) -> Result<&'m mut [u8], Fault> {
    let oob = |what: String| Fault::new(FaultKind::OutOfBounds, what).at(l, Some(addr));
    match space {
        Space::Shared => {
            let end = addr
                .checked_add(n as u64)
                .filter(|&e| e <= shared.len() as u64);
            match end {
                Some(e) => Ok(&mut shared[addr as usize..e as usize]),
                None => Err(oob(format!(
                    "shared access of {n} bytes at 0x{addr:x} in lane {l} is outside the block's {} bytes",
                    shared.len()
                ))),
            }
        }
        _ => {
            let base = (LOCAL_TOP - LOCAL_BYTES) as u64;
            if addr < base || addr + n as u64 > LOCAL_TOP as u64 {
                return Err(oob(format!(
                    "local access of {n} bytes at 0x{addr:x} in lane {l} is outside the thread's window 0x{base:x}..0x{LOCAL_TOP:x}"
                )));
            }
            let mem = warp.local[l].get_or_insert_with(|| vec![0; LOCAL_BYTES as usize]);
            let o = (addr - base) as usize;
            Ok(&mut mem[o..o + n])
        }
    }
}

/// LDG/STG (64-bit addresses), LDS/STS (shared), LDL/STL (local): 8 to 128 bits.
fn memory(warp: &mut Warp, env: &mut Env<'_>, f: &Form, w: u64, exec: u32, op: Op) -> R {
    let (space, store) = match op {
        Op::Ldg => (Space::Global, false),
        Op::Stg => (Space::Global, true),
        Op::Lds => (Space::Shared, false),
        Op::Sts => (Space::Shared, true),
        Op::Ldl => (Space::Local, false),
        _ => (Space::Local, true),
    };
    let (_, size) = mod_enum(f, w, "U8").unwrap_or((4, ""));
    let (n, signed): (usize, bool) = match size {
        "U8" => (1, false),
        "S8" => (1, true),
        "U16" => (2, false),
        "S16" => (2, true),
        "" | "32" => (4, false),
        "64" => (8, false),
        "128" => (16, false),
        other => {
            return Err(Fault::new(
                FaultKind::Invalid,
                format!("access size .{other} is invalid"),
            ))
        }
    };
    let data_reg = field(w, 0, 8) as u8;
    let ra = field(w, 8, 8) as u8;
    let wide_addr = space == Space::Global && mod_set(f, w, "E");
    let off = if ra == 255 && space != Space::Global {
        field(w, 20, 24)
    } else {
        ((field(w, 20, 24) << 40) as i64 >> 40) as u64
    };
    let regs = n.div_ceil(4);
    if regs > 1 && data_reg != 255 && data_reg as usize % regs != 0 {
        return Err(Fault::new(
            FaultKind::Misaligned,
            format!("{n}-byte access needs a register aligned to {regs}, R{data_reg} is not"),
        ));
    }
    if wide_addr && ra != 255 && ra % 2 != 0 {
        return Err(Fault::new(
            FaultKind::Misaligned,
            format!("64-bit address register pair must start even, R{ra} is odd"),
        ));
    }
    for l in lanes(exec) {
        let base = if ra == 255 {
            0
        } else if wide_addr {
            warp.reg64(ra, l)
        } else {
            warp.reg(ra, l) as u64
        };
        let addr = if wide_addr {
            base.wrapping_add(off)
        } else {
            (base as u32).wrapping_add(off as u32) as u64
        };
        if addr % n as u64 != 0 {
            return Err(Fault::new(
                FaultKind::Misaligned,
                format!(
                    "misaligned {n}-byte {} access at 0x{addr:x} in lane {l}",
                    space_name(space)
                ),
            )
            .at(l, Some(addr)));
        }
        let mut buf = [0u8; 16];
        if store {
            for r in 0..regs {
                let v = warp.reg(data_reg.saturating_add(r as u8), l);
                buf[r * 4..r * 4 + 4].copy_from_slice(&v.to_le_bytes());
            }
            match space {
                Space::Global => env
                    .global
                    .store(addr, &buf[..n])
                    .map_err(|m| Fault::new(FaultKind::OutOfBounds, m).at(l, Some(addr)))?,
                _ => window(warp, env.shared, space, l, addr, n)?.copy_from_slice(&buf[..n]),
            }
        } else {
            match space {
                Space::Global => env
                    .global
                    .load(addr, &mut buf[..n])
                    .map_err(|m| Fault::new(FaultKind::OutOfBounds, m).at(l, Some(addr)))?,
                _ => buf[..n].copy_from_slice(window(warp, env.shared, space, l, addr, n)?),
            }
            if n < 4 {
                let v = match (n, signed) {
                    (1, true) => buf[0] as i8 as i32 as u32,
                    (1, false) => buf[0] as u32,
                    (_, true) => i16::from_le_bytes([buf[0], buf[1]]) as i32 as u32,
                    _ => u16::from_le_bytes([buf[0], buf[1]]) as u32,
                };
                warp.set_reg(data_reg, l, v);
            } else {
                for r in 0..regs {
                    let v = u32::from_le_bytes(buf[r * 4..r * 4 + 4].try_into().unwrap_or([0; 4]));
                    if data_reg != 255 {
                        warp.set_reg(data_reg + r as u8, l, v);
                    }
                }
            }
        }
    }
    Ok(())
}

/// One atomic read-modify-write: the new value from the old one and the operand.
fn atomic_value(op: &str, ty: &str, old: u64, b: u64) -> Result<u64, Fault> {
    let wide = ty == "U64" || ty == "S64";
    let m = if wide { u64::MAX } else { 0xffff_ffff };
    let (old, b) = (old & m, b & m);
    let sx = |v: u64| {
        if wide {
            v as i64
        } else {
            v as u32 as i32 as i64
        }
    };
    let signed = ty == "S32" || ty == "S64";
    Ok(match op {
        "ADD" | "SAFEADD" if ty == "F32.FTZ.RN" => {
            let a = fp::ftz32(f32::from_bits(old as u32));
            let c = fp::ftz32(f32::from_bits(b as u32));
            fp::bits32(fp::ftz32(fp::add32(a, c, Rnd::Rn))) as u64
        }
        "ADD" | "SAFEADD" => old.wrapping_add(b) & m,
        "MIN" if signed => (sx(old).min(sx(b)) as u64) & m,
        "MAX" if signed => (sx(old).max(sx(b)) as u64) & m,
        "MIN" => old.min(b),
        "MAX" => old.max(b),
        "INC" if !wide => {
            if old >= b {
                0
            } else {
                old + 1
            }
        }
        "DEC" if !wide => {
            if old == 0 || old > b {
                b
            } else {
                old - 1
            }
        }
        "AND" => old & b,
        "OR" => old | b,
        "XOR" => old ^ b,
        "EXCH" => b,
        _ => return Err(format!("atomic .{op} on .{ty} is not emulated").into()),
    })
}

/// ATOM (global, with result), RED (global, no result), ATOMS (shared), CAS included; lanes are
/// serialised in ascending lane order.
fn atomic(warp: &mut Warp, env: &mut Env<'_>, f: &Form, w: u64, exec: u32, op: Op) -> R {
    let o = &f.ops;
    let cas = mod_set(f, w, "CAS");
    let (opname, ty) = if cas {
        ("CAS", "")
    } else {
        let (_, n) = mod_enum(f, w, "ADD").unwrap_or((0, "ADD"));
        let (_, t) = mod_enum(f, w, "S32").unwrap_or((0, ""));
        (n, t)
    };
    if !matches!(ty, "" | "S32" | "U64" | "S64" | "F32.FTZ.RN") {
        return Err(format!("atomic type .{ty} is not emulated").into());
    }
    let wide = ty == "U64" || ty == "S64";
    let n = if wide { 8 } else { 4 };
    let space = if op == Op::Atoms {
        Space::Shared
    } else {
        Space::Global
    };
    if space == Space::Global && !mod_set(f, w, "E") {
        // without .E the address is a 32-bit register (not modelled)
        return Err(format!("{} without .E is not emulated", f.mnemonic).into());
    }
    // operands: ATOM/ATOMS: Rd, [mem], Rb [, Rb+1]; RED: [mem], Rd-field data
    let (rd, mem, data) = if op == Op::Red {
        (255u8, &o[0], dst(w, &o[1]))
    } else {
        (dst(w, &o[0]), &o[1], dst(w, &o[2]))
    };
    let Kind::Mem {
        pos, width, scaled, ..
    } = mem.kind
    else {
        return Err(Fault::new(
            FaultKind::Invalid,
            "atomic without a memory operand",
        ));
    };
    let raw = field(w, pos, width);
    let sh = 64 - width as u32;
    let ra = field(w, 8, 8) as u8;
    // signed after a register, unsigned alone (as nvdisasm prints it)
    let mut off = if ra == 255 {
        raw
    } else {
        ((raw << sh) as i64 >> sh) as u64
    };
    if scaled {
        off = off.wrapping_mul(4);
    }
    for l in lanes(exec) {
        let addr = if space == Space::Global {
            let base = if ra == 255 { 0 } else { warp.reg64(ra, l) };
            base.wrapping_add(off)
        } else {
            let base = if ra == 255 { 0 } else { warp.reg(ra, l) };
            base.wrapping_add(off as u32) as u64
        };
        if addr % n as u64 != 0 {
            return Err(Fault::new(
                FaultKind::Misaligned,
                format!("misaligned {n}-byte atomic at 0x{addr:x} in lane {l}"),
            )
            .at(l, Some(addr)));
        }
        let mut buf = [0u8; 8];
        let map = |m: String| Fault::new(FaultKind::OutOfBounds, m).at(l, Some(addr));
        if space == Space::Global {
            env.global.load(addr, &mut buf[..n]).map_err(map)?;
        } else {
            buf[..n].copy_from_slice(window(warp, env.shared, space, l, addr, n)?);
        }
        let old = u64::from_le_bytes(buf);
        let b = if wide {
            warp.reg64(data, l)
        } else {
            warp.reg(data, l) as u64
        };
        let new = if cas {
            if old as u32 == b as u32 {
                warp.reg(data.saturating_add(1), l) as u64
            } else {
                old
            }
        } else {
            atomic_value(opname, ty, old, b)?
        };
        let bytes = new.to_le_bytes();
        if space == Space::Global {
            env.global.store(addr, &bytes[..n]).map_err(map)?;
        } else {
            window(warp, env.shared, space, l, addr, n)?.copy_from_slice(&bytes[..n]);
        }
        if wide {
            warp.set_reg64(rd, l, old);
        } else {
            warp.set_reg(rd, l, old as u32);
        }
    }
    Ok(())
}
