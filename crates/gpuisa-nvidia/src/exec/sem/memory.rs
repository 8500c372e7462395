//! Memory: LDC, global/shared/local loads and stores, atomics.

use super::*;

pub(super) fn exec(warp: &mut Warp, slot: &Slot, f: &Form, exec: u32, env: &mut Env<'_>) -> R {
    let w = slot.word;
    match slot.op {
        Op::Ldc => ldc(warp, env, w, exec)?,
        Op::Ldg | Op::Stg | Op::Lds | Op::Sts | Op::Ldl | Op::Stl | Op::Ld | Op::St => {
            memory(warp, env, f, w, exec, slot.op)?
        }
        Op::Atom | Op::Red | Op::Atoms => atomic(warp, env, f, w, exec, slot.op)?,
        _ => return Err(format!("{} is not in the emulated subset", f.mnemonic).into()),
    }
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
    /// LD/ST: a generic address, resolved per lane by [`generic`].
    Generic,
}

/// The generic address windows (a decision, documented in docs/nvidia.md): ptxas converts a
/// shared or local address to a generic one by OR-ing it with `c[0x0][0x0]` / `c[0x0][0x4]`
/// (`cvta.shared`/`cvta.local`), high word 0. The launch puts these bases there; a generic
/// address in [SHARED_WINDOW, +16 MB) is shared memory, in [LOCAL_WINDOW, +16 MB) the thread's
/// local memory (at the same local address LDL/STL use), anything else global memory.
pub const SHARED_WINDOW: u64 = 0x0100_0000;
pub const LOCAL_WINDOW: u64 = 0x0200_0000;
const WINDOW_BYTES: u64 = 0x0100_0000;

/// The space and address a generic address stands for.
fn generic(addr: u64) -> (Space, u64) {
    if (SHARED_WINDOW..SHARED_WINDOW + WINDOW_BYTES).contains(&addr) {
        (Space::Shared, addr - SHARED_WINDOW)
    } else if (LOCAL_WINDOW..LOCAL_WINDOW + WINDOW_BYTES).contains(&addr) {
        (Space::Local, addr - LOCAL_WINDOW)
    } else {
        (Space::Global, addr)
    }
}
fn space_name(s: Space) -> &'static str {
    match s {
        Space::Global => "global",
        Space::Shared => "shared",
        Space::Local => "local",
        Space::Generic => "generic",
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
        Op::Ld => (Space::Generic, false),
        Op::St => (Space::Generic, true),
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
    let wide_addr = matches!(space, Space::Global | Space::Generic) && mod_set(f, w, "E");
    let off = if space == Space::Generic {
        // LD/ST: a signed 32-bit offset; their predicate operand (bit 58, set by ptxas from
        // LEA.HI.X's predicate) does not change the access in this model
        field(w, 20, 32) as u32 as i32 as i64 as u64
    } else if ra == 255 && space != Space::Global {
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
        let (space, addr) = if space == Space::Generic {
            generic(addr)
        } else {
            (space, addr)
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
    // ATOM/RED take generic addresses: a register pair with .E, a 32-bit register without
    let space = if op == Op::Atoms {
        Space::Shared
    } else {
        Space::Generic
    };
    let wide_addr = mod_set(f, w, "E");
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
        let (space, addr) = if space == Space::Generic && wide_addr {
            let base = if ra == 255 { 0 } else { warp.reg64(ra, l) };
            generic(base.wrapping_add(off))
        } else {
            let base = if ra == 255 { 0 } else { warp.reg(ra, l) };
            let a = base.wrapping_add(off as u32) as u64;
            if space == Space::Generic {
                generic(a)
            } else {
                (space, a)
            }
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
