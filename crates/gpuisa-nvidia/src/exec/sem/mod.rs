//! Semantics: each instruction over the active lanes of a warp. Operand fields are read through
//! the instruction's form (data/maxwell.forms), so a form's operand list is the single description
//! of where each operand lives. By family: [`control`], [`int`], [`fpu`], [`memory`].

mod control;
mod fpu;
mod int;
mod memory;
mod video;

pub use memory::{LOCAL_WINDOW, SHARED_WINDOW};

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
    Dset,
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
    Ld,
    St,
    Atom,
    Red,
    Atoms,
    Shfl,
    Vote,
    Vabsdiff,
    Video,
    Half,
    Hsetp2,
    Imul,
    Imadsp,
    Imad,
    Fcmp,
    P2r,
    R2p,
    Unsupported,
}

pub fn op_of(mnemonic: &str) -> Op {
    match mnemonic {
        "MOV" | "MOV32I" => Op::Mov,
        // CS2R reads a special register as S2R does (with a fixed latency: timing only).
        "S2R" | "CS2R" => Op::S2r,
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
        "FADD" | "FADD32I" => Op::Fadd,
        "FMUL" | "FMUL32I" => Op::Fmul,
        "FFMA" | "FFMA32I" => Op::Ffma,
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
        "DSET" => Op::Dset,
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
        "LD" => Op::Ld,
        "ST" => Op::St,
        "ATOM" => Op::Atom,
        "RED" => Op::Red,
        "ATOMS" => Op::Atoms,
        "SHFL" => Op::Shfl,
        "VOTE" => Op::Vote,
        "VABSDIFF" => Op::Vabsdiff,
        "VADD" | "VMNMX" | "VSET" | "VSHL" | "VSHR" | "VMAD" => Op::Video,
        "HADD2" | "HMUL2" | "HFMA2" | "HADD2_32I" | "HMUL2_32I" | "HFMA2_32I" => Op::Half,
        "HSETP2" => Op::Hsetp2,
        "IMUL" | "IMUL32I" => Op::Imul,
        "IMADSP" => Op::Imadsp,
        "IMAD" | "IMAD32I" => Op::Imad,
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

/// What in `w` the emulator does not model although it runs `f`'s operation: fields of form lines
/// the disassembly sweep added for operations the emulator runs (operand selectors, constant or
/// register+immediate branch targets, lane masks, inverted predicate destinations, attribute and
/// bare-register addresses, CAS pairs spelled with RZ, `.LMT`, ATOMS `.CAST`/`.SPIN`, SHR's
/// `.X`/`.XHI`, P2R/R2P on CC). Such a slot is unsupported (a typed fault naming it) rather than
/// run as the plain form. `None`: nothing unmodelled.
pub(crate) fn unmodelled(f: &Form, w: u64) -> Option<&'static str> {
    for o in &f.ops {
        if let Some((pos, width, names)) = &o.sfx {
            if names
                .get(field(w, *pos, *width) as usize)
                .is_some_and(|n| !n.is_empty())
            {
                return Some("an operand selector");
            }
        }
        match &o.kind {
            Kind::CbankAbs => return Some("a constant-bank target"),
            Kind::RegImm { .. } => return Some("a register+immediate target"),
            Kind::Attr { .. } | Kind::AttrImm { .. } => return Some("an attribute address"),
            Kind::PredOptInv { .. } | Kind::PredInv { .. } => {
                return Some("a predicate destination")
            }
            Kind::RegMem { .. } => return Some("a register address"),
            Kind::RegNoRz { .. } => return Some("an RZ operand pair"),
            Kind::Names { pos, width, names } => {
                let n = names.get(field(w, *pos, *width) as usize).copied();
                // MOV/MOV32I lane masks (0xf prints nothing), P2R/R2P's CC source.
                if matches!(f.mnemonic, "MOV" | "MOV32I") && n.is_some_and(|n| !n.is_empty()) {
                    return Some("a lane mask");
                }
                if matches!(f.mnemonic, "P2R" | "R2P") && n == Some("CC") {
                    return Some("the condition code");
                }
            }
            _ => {}
        }
    }
    // CS2R's sm_52/53 SR_ORDERING_TICKET form has no register field to read.
    if f.mnemonic == "CS2R" && !f.ops.iter().any(|o| matches!(o.kind, Kind::SReg { .. })) {
        return Some("SR_ORDERING_TICKET");
    }
    for name in ["LMT", "CAST", "SPIN"] {
        if mod_set(f, w, name) {
            return Some("a modifier it does not model (.LMT, .CAST, .SPIN)");
        }
    }
    // F2F's bit 42 (round to an integral value) on unequal types: nvdisasm prints nothing for it
    if f.mnemonic == "F2F"
        && field(w, 42, 1) != 0
        && !["ROUND", "FLOOR", "CEIL", "TRUNC"]
            .iter()
            .any(|n| mod_set(f, w, n))
    {
        return Some("F2F's bit 42 on unequal types");
    }
    // SHR's 64-bit modes (IMNMX's .XLO/.XHI are modelled).
    if f.mnemonic == "SHR"
        && ["X", "XHI", "INVALIDSHRXMODE1"]
            .iter()
            .any(|m| mod_set(f, w, m))
    {
        return Some("a 64-bit shift mode (.X, .XHI)");
    }
    None
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

/// The results of a comparison `r` (a lane mask) combined with the predicate operand `c` by the
/// boolean operation: ISETP/FSETP/DSETP (`set` false) write `Pu = r op c` and `Pv = !r op c`;
/// ISET/FSET/DSET write `Rd` = 0 when false, else 1.0 (`.BF`) or all ones, and the condition code
/// from it with `.CC`. The predicate operand is the last one, the destinations the first.
fn write_compare(warp: &mut Warp, f: &Form, w: u64, exec: u32, set: bool, r: u32) -> R {
    let o = &f.ops;
    let (_, bop) = mod_enum(f, w, "AND").unwrap_or((0, "AND"));
    let Some(pop) = o.last() else {
        return Err(Fault::new(FaultKind::Invalid, "a compare without operands"));
    };
    let c = read_pred(warp, w, pop);
    let bf = mod_set(f, w, "BF");
    let cc_out = o.first().is_some_and(|d| bit(w, d.cc));
    let (mut ru, mut rv) = (0u32, 0u32);
    for l in lanes(exec) {
        let (t, pc) = (r >> l & 1 != 0, c >> l & 1 != 0);
        let v = boolop(bop, t, pc)?;
        if set {
            let v = if !v {
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
            ru |= (v as u32) << l;
            rv |= (boolop(bop, !t, pc)? as u32) << l;
        }
    }
    if !set {
        warp.set_pred(pdst(w, &o[0]), exec, ru);
        warp.set_pred(pdst(w, &o[1]), exec, rv);
    }
    Ok(())
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

/// Executes `slot` for the lanes in `exec` (their PCs already point at the next instruction).
pub fn execute(warp: &mut Warp, slot: &Slot, exec: u32, env: &mut Env<'_>) -> R {
    let Some(f) = slot.form else {
        return Err(Fault::new(
            FaultKind::Invalid,
            format!("0x{:016x} is not an instruction the tables know", slot.word),
        ));
    };
    if matches!(slot.op, Op::Exit | Op::Sync | Op::Brk | Op::Cont | Op::Ret) && !f.ops.is_empty() {
        // `EXIT CC.NEU` and the like: a condition-code test (only BRA's is modelled)
        return Err(format!("{} with a condition-code test is not emulated", f.mnemonic).into());
    }
    match slot.op {
        Op::Nop
        | Op::Exit
        | Op::Bra
        | Op::Ssy
        | Op::Pbk
        | Op::Pcnt
        | Op::Cal
        | Op::Sync
        | Op::Brk
        | Op::Cont
        | Op::Ret
        | Op::Bar
        | Op::B2r
        | Op::Shfl
        | Op::Vote => control::exec(warp, slot, f, exec, env),
        Op::Mov
        | Op::S2r
        | Op::Iadd
        | Op::Iadd32i
        | Op::Iscadd
        | Op::Iadd3
        | Op::Lea
        | Op::Shl
        | Op::Shr
        | Op::Shf
        | Op::Bfe
        | Op::Bfi
        | Op::Lop
        | Op::Lop32i
        | Op::Lop3
        | Op::Xmad
        | Op::Isetp
        | Op::Iset
        | Op::Icmp
        | Op::Psetp
        | Op::Imnmx
        | Op::Sel
        | Op::Popc
        | Op::Flo
        | Op::Prmt
        | Op::Imul
        | Op::Imadsp
        | Op::Imad
        | Op::P2r
        | Op::R2p => int::exec(warp, slot, f, exec, env),
        Op::Fadd
        | Op::Fmul
        | Op::Ffma
        | Op::Fmnmx
        | Op::Dmnmx
        | Op::Fsetp
        | Op::Dsetp
        | Op::Fset
        | Op::Dset
        | Op::Fchk
        | Op::Mufu
        | Op::Rro
        | Op::Dadd
        | Op::Dmul
        | Op::Dfma
        | Op::F2f
        | Op::F2i
        | Op::I2f
        | Op::I2i
        | Op::Fcmp
        | Op::Half
        | Op::Hsetp2 => fpu::exec(warp, slot, f, exec, env),
        Op::Ldc
        | Op::Ldg
        | Op::Stg
        | Op::Lds
        | Op::Sts
        | Op::Ldl
        | Op::Stl
        | Op::Ld
        | Op::St
        | Op::Atom
        | Op::Red
        | Op::Atoms => memory::exec(warp, slot, f, exec, env),
        Op::Vabsdiff | Op::Video => video::exec(warp, slot, f, exec, env),
        Op::Unsupported => Err(match unmodelled(f, slot.word) {
            Some(why) => format!("{} with {why} is not emulated", f.mnemonic),
            None => format!("{} is not in the emulated subset", f.mnemonic),
        }
        .into()),
    }
}

#[cfg(test)]
mod unmodelled_tests {
    use super::*;

    /// A MOV with the full lane mask runs; with another mask, or IADD3 with a half selector, the
    /// slot is unsupported and says why.
    #[test]
    fn fields_the_emulator_does_not_model_make_a_slot_unsupported() {
        let t = crate::table::table();
        let form = |w: u64| t.lookup(w, 50).map(|(_, f)| f).expect("a form");
        // MOV R3, R8 (lane mask 0xf at 39: printed as nothing).
        let mov = 0x5c98_0780_0008_0003u64;
        assert_eq!(unmodelled(form(mov), mov), None);
        assert_eq!(op_of(form(mov).mnemonic), Op::Mov);
        let masked = (mov & !(0xf << 39)) | (0x3 << 39);
        assert_eq!(unmodelled(form(masked), masked), Some("a lane mask"));
        // IADD3 R4, R5.H1, R7, R0 (the A selector at 35: 2 = H1).
        let iadd3 = 0x5cc0_0200_0027_0504u64 | (2 << 35);
        assert_eq!(unmodelled(form(iadd3), iadd3), Some("an operand selector"));
        let plain = 0x5cc0_0200_0027_0504u64 & !(3 << 35);
        assert_eq!(unmodelled(form(plain), plain), None);
    }
}
