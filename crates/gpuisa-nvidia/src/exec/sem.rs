//! Semantics: each instruction over the active lanes of a warp. Operand fields are read through
//! the instruction's form (data/maxwell.forms), so a form's operand list is the single description
//! of where each operand lives.

use super::mem::LdcRead;
use super::warp::{Env, Slot, Warp, LANES};
use crate::ldc::{Ldc, Size};
use crate::table::{Form, Kind, Mod, Operand};

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
    Bfe,
    Bfi,
    Lop,
    Lop32i,
    Lop3,
    Xmad,
    Isetp,
    Psetp,
    Sel,
    Imnmx,
    Popc,
    Bra,
    Exit,
    Nop,
    Bar,
    Ldc,
    Ldg,
    Stg,
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
        "BFE" => Op::Bfe,
        "BFI" => Op::Bfi,
        "LOP" => Op::Lop,
        "LOP32I" => Op::Lop32i,
        "LOP3" => Op::Lop3,
        "XMAD" => Op::Xmad,
        "ISETP" => Op::Isetp,
        "PSETP" => Op::Psetp,
        "SEL" => Op::Sel,
        "IMNMX" => Op::Imnmx,
        "POPC" => Op::Popc,
        "BRA" => Op::Bra,
        "EXIT" => Op::Exit,
        "NOP" | "SSY" | "SYNC" | "MEMBAR" | "DEPBAR" => Op::Nop,
        "BAR" => Op::Bar,
        "LDC" => Op::Ldc,
        "LDG" => Op::Ldg,
        "STG" => Op::Stg,
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

/// The printed name of modifier `name`'s value, if the form has it (`"U32"`, `"AND"`, ...).
fn mod_set(f: &Form, w: u64, name: &str) -> bool {
    f.mods.iter().any(|m| match m {
        Mod::Flag { pos, name: n } => *n == name && field(w, *pos, 1) != 0,
        Mod::Enum { pos, width, names } => names[field(w, *pos, *width) as usize]
            .split('.')
            .any(|x| x == name),
        Mod::Text(n) => n.split('.').any(|x| x == name),
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

/// Reads operand `op` for `lane` as a 32-bit value, without its negation (callers apply it).
fn read(warp: &Warp, env: &Env<'_>, w: u64, op: &Operand, lane: usize) -> u32 {
    let v = match &op.kind {
        Kind::Reg { pos, .. } => warp.reg(field(w, *pos, 8) as u8, lane),
        Kind::Cbank | Kind::CbankSpaced => {
            // the printer shows the 16-bit byte offset signed (`c[0x0][-0x7000]`), but it is an
            // address within the 64 KB bank: -0x7000 is byte 0x9000
            let off = (field(w, 20, 14) << 2) as u32;
            env.consts.word(field(w, 34, 5) as u32, off)
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
        _ => 0,
    };
    if bit(w, op.inv) {
        !v
    } else {
        v
    }
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

fn lanes(mask: u32) -> impl Iterator<Item = usize> {
    (0..LANES).filter(move |l| mask >> l & 1 != 0)
}

/// Integer comparison of ISETP/IMNMX.
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

fn boolop(op: &str, a: bool, b: bool) -> Result<bool, String> {
    Ok(match op {
        "AND" => a && b,
        "OR" => a || b,
        "XOR" => a != b,
        _ => return Err(format!("boolean operation .{op} is invalid")),
    })
}

/// Executes `slot` for the lanes in `exec` (their PCs already point at the next instruction).
pub fn execute(warp: &mut Warp, slot: &Slot, exec: u32, env: &mut Env<'_>) -> Result<(), String> {
    let Some(f) = slot.form else {
        return Err(format!(
            "0x{:016x} is not an instruction the tables know",
            slot.word
        ));
    };
    let w = slot.word;
    let o = &f.ops;
    let cc_out = o.first().is_some_and(|d| bit(w, d.cc));
    let x = mod_set(f, w, "X");
    match slot.op {
        Op::Nop => {}
        Op::Exit => warp.live &= !exec,
        Op::Bra => {
            let off = ((field(w, 20, 24) << 40) as i64) >> 40;
            let mut t = slot.pc.wrapping_add(8).wrapping_add(off as u64);
            // ptxas branches to a bundle's start: its control word, then the first instruction
            if t % 32 == 0 {
                t += 8;
            }
            for l in lanes(exec) {
                warp.pc[l] = t;
            }
        }
        Op::Bar => {
            if !env_single_warp(env) {
                return Err("BAR across the warps of a block is not emulated (blocks run warp after warp); use blocks of at most 32 threads".into());
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
                let v = match sr {
                    0 => l as u32,
                    33..=35 => warp.tid[l][(sr - 33) as usize],
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
                        ))
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
            for l in lanes(exec) {
                let mut a = read(warp, env, w, &o[1], l) as u64;
                let mut b = read(warp, env, w, &o[2], l) as u64;
                if bit(w, o[1].neg) {
                    a = (!a).wrapping_add(1) & 0xffff_ffff;
                }
                if bit(w, o[2].neg) {
                    b = (!b).wrapping_add(1) & 0xffff_ffff;
                }
                a = (a << shift) & 0xffff_ffff;
                let cin = if x { (warp.carry >> l & 1) as u64 } else { 0 } + po as u64;
                let s = a + b + cin;
                let mut v = s as u32;
                if sat && !x {
                    let r = (a as u32 as i32 as i64) + (b as u32 as i32 as i64) + cin as i64;
                    v = r.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32;
                }
                if cc_out {
                    warp.carry = (warp.carry & !(1 << l)) | (((s >> 32) as u32 & 1) << l);
                }
                warp.set_reg(d, l, v);
            }
        }
        Op::Iadd3 => {
            if mod_set(f, w, "RS") || mod_set(f, w, "LS") {
                return Err("IADD3 with .RS/.LS is not emulated".into());
            }
            let d = dst(w, &o[0]);
            for l in lanes(exec) {
                let mut s = 0u64;
                for op in &o[1..4] {
                    let mut v = read(warp, env, w, op, l) as u64;
                    if bit(w, op.neg) {
                        v = (!v).wrapping_add(1) & 0xffff_ffff;
                    }
                    s += v;
                }
                if x {
                    s += (warp.carry >> l & 1) as u64;
                }
                if cc_out {
                    warp.carry = (warp.carry & !(1 << l)) | ((((s >> 32) != 0) as u32) << l);
                }
                warp.set_reg(d, l, s as u32);
            }
        }
        Op::Lea => {
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
                    warp.carry = (warp.carry & !(1 << l)) | (((s >> 32) as u32 & 1) << l);
                }
                warp.set_reg(d, l, s as u32);
            }
        }
        Op::Shl | Op::Shr => {
            if x || mod_set(f, w, "W") || mod_set(f, w, "BREV") {
                return Err("shifts with .X, .W or .BREV are not emulated".into());
            }
            let d = dst(w, &o[0]);
            let unsigned = slot.op == Op::Shl || mod_set(f, w, "U32");
            for l in lanes(exec) {
                let a = read(warp, env, w, &o[1], l);
                let n = read(warp, env, w, &o[2], l) & 0xff;
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
        Op::Bfe => {
            if mod_set(f, w, "BREV") {
                return Err("BFE.BREV is not emulated".into());
            }
            let d = dst(w, &o[0]);
            let unsigned = mod_set(f, w, "U32");
            for l in lanes(exec) {
                let a = read(warp, env, w, &o[1], l);
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
        Op::Isetp => {
            if x {
                return Err("ISETP.X is not emulated".into());
            }
            let (_, cmp) = mod_enum(f, w, "LT").unwrap_or((0, "F"));
            let (_, bop) = mod_enum(f, w, "AND").unwrap_or((0, "AND"));
            let unsigned = mod_set(f, w, "U32");
            let (pu, pv) = (pdst(w, &o[0]), pdst(w, &o[1]));
            let c = read_pred(warp, w, &o[4]);
            let (mut ru, mut rv) = (0u32, 0u32);
            for l in lanes(exec) {
                let a = read(warp, env, w, &o[2], l);
                let b = read(warp, env, w, &o[3], l);
                let r = compare(cmp, a, b, unsigned);
                let pc = c >> l & 1 != 0;
                ru |= (boolop(bop, r, pc)? as u32) << l;
                rv |= (boolop(bop, !r, pc)? as u32) << l;
            }
            warp.set_pred(pu, exec, ru);
            warp.set_pred(pv, exec, rv);
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
        Op::Sel | Op::Imnmx => {
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
        Op::Ldc => ldc(warp, env, w, exec)?,
        Op::Ldg | Op::Stg => global(warp, env, f, w, exec, slot.op == Op::Stg)?,
        Op::Unsupported => {
            return Err(format!(
                "{} is not in the emulated subset (integer, control, LDC, LDG/STG)",
                f.mnemonic
            ))
        }
    }
    Ok(())
}

fn env_single_warp(env: &Env<'_>) -> bool {
    env.single_warp_block
}

/// XMAD: 16x16-bit multiply-add with the PSL/MRG/CBCC/CHI/CLO/CSFU variants.
fn xmad(warp: &mut Warp, env: &Env<'_>, f: &Form, w: u64, exec: u32) -> Result<(), String> {
    let o = &f.ops;
    let d = dst(w, &o[0]);
    let (signs, _) = mod_enum(f, w, "S16.U16").unwrap_or((0, ""));
    let (a_signed, b_signed) = (signs & 1 != 0, signs & 2 != 0);
    let psl = mod_set(f, w, "PSL");
    let mrg = mod_set(f, w, "MRG");
    let x = mod_set(f, w, "X");
    let (_, mode) = mod_enum(f, w, "CHI").unwrap_or((0, ""));
    let cc_out = bit(w, o[0].cc);
    if x || cc_out || mode == "CSFU" {
        return Err("XMAD with .X, .CC or .CSFU is not emulated".into());
    }
    for l in lanes(exec) {
        let a_full = read(warp, env, w, &o[1], l);
        let b_full = read(warp, env, w, &o[2], l);
        let c = read(warp, env, w, &o[3], l);
        let half = |v: u32, h1: bool, signed: bool| -> i64 {
            let h = if h1 { v >> 16 } else { v & 0xffff };
            if signed {
                h as u16 as i16 as i64
            } else {
                h as i64
            }
        };
        let a = half(a_full, bit(w, o[1].h1), a_signed);
        let b = half(b_full, bit(w, o[2].h1), b_signed);
        let mut p = (a * b) as u32;
        if psl {
            p <<= 16;
        }
        let c = match mode {
            "CLO" => c & 0xffff,
            "CHI" => c >> 16,
            "CBCC" => c.wrapping_add(b_full << 16),
            _ => c,
        };
        let mut v = p.wrapping_add(c);
        if mrg {
            v = (v & 0xffff) | (b_full << 16);
        }
        warp.set_reg(d, l, v);
    }
    Ok(())
}

/// LDC with the exact bank/address rules, extensions, register pairs and faults.
fn ldc(warp: &mut Warp, env: &Env<'_>, w: u64, exec: u32) -> Result<(), String> {
    let Some(i) = Ldc::from_word(w) else {
        return Err("not an LDC word".into());
    };
    if matches!(i.size, Size::Invalid6 | Size::Invalid7) {
        return Err(format!(
            "LDC size {} is invalid",
            if i.size == Size::Invalid6 { 6 } else { 7 }
        ));
    }
    let wide = i.size == Size::B64;
    if wide && i.rd != 255 && i.rd % 2 != 0 {
        return Err(format!(
            "LDC.64 needs an even destination register, R{} is odd",
            i.rd
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
                return Err(format!(
                "misaligned LDC address c[0x{bank:x}][0x{addr:x}] in lane {l} (access of {} bytes)",
                i.bytes().unwrap_or(4)
            ))
            }
        }
    }
    Ok(())
}

/// LDG.E / STG.E: 64-bit addresses in a register pair plus a signed 24-bit offset.
fn global(
    warp: &mut Warp,
    env: &mut Env<'_>,
    f: &Form,
    w: u64,
    exec: u32,
    store: bool,
) -> Result<(), String> {
    let (_, size) = mod_enum(f, w, "U8").unwrap_or((4, ""));
    let (n, signed): (usize, bool) = match size {
        "U8" => (1, false),
        "S8" => (1, true),
        "U16" => (2, false),
        "S16" => (2, true),
        "" => (4, false),
        "64" => (8, false),
        "128" => (16, false),
        other => return Err(format!("global access size .{other} is not emulated")),
    };
    let data_reg = field(w, 0, 8) as u8;
    let ra = field(w, 8, 8) as u8;
    let off = ((field(w, 20, 24) << 40) as i64 >> 40) as u64;
    let regs = n.div_ceil(4);
    if regs > 1 && data_reg != 255 && data_reg as usize % regs != 0 {
        return Err(format!(
            "{}-byte access needs a register aligned to {regs}, R{data_reg} is not",
            n
        ));
    }
    if ra != 255 && ra % 2 != 0 {
        return Err(format!(
            "64-bit address register pair must start even, R{ra} is odd"
        ));
    }
    for l in lanes(exec) {
        let base = if ra == 255 {
            0
        } else {
            warp.reg(ra, l) as u64 | (warp.reg(ra + 1, l) as u64) << 32
        };
        let addr = base.wrapping_add(off);
        if addr % n as u64 != 0 {
            return Err(format!(
                "misaligned {n}-byte global access at 0x{addr:x} in lane {l}"
            ));
        }
        let mut buf = [0u8; 16];
        if store {
            for r in 0..regs {
                let v = warp.reg(data_reg.saturating_add(r as u8), l);
                buf[r * 4..r * 4 + 4].copy_from_slice(&v.to_le_bytes());
            }
            env.global.store(addr, &buf[..n])?;
        } else {
            env.global.load(addr, &mut buf[..n])?;
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
