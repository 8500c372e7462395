//! Control flow (BRA, SSY/SYNC, PBK/BRK, PCNT/CONT, CAL/RET, EXIT), barriers, and the
//! warp-wide operations SHFL and VOTE.

use super::*;

pub(super) fn exec(warp: &mut Warp, slot: &Slot, f: &Form, exec: u32, env: &mut Env<'_>) -> R {
    let w = slot.word;
    let o = &f.ops;
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
            let ret = crate::exec::warp::next_pc(slot.pc);
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
            // only `.RESULT` (BAR.RED's result) is modelled; B2R Rd, barrier and `.INVALID` are not
            if !mod_set(f, w, "RESULT") {
                return Err(Fault::new(
                    FaultKind::Unsupported,
                    "B2R without .RESULT is not emulated",
                ));
            }
            let d = dst(w, &o[0]);
            let r = warp.bar_result;
            for l in lanes(exec) {
                warp.set_reg(d, l, r);
            }
            if let Some(p) = o.get(1) {
                warp.set_pred(pdst(w, p), exec, if r != 0 { u32::MAX } else { 0 });
            }
        }
        Op::Shfl => shfl(warp, env, f, w, exec)?,
        Op::Vote => {
            // VOTE.VTG (one 28-bit immediate, no predicate operands) is not modelled.
            if mod_set(f, w, "VTG") {
                return Err(Fault::new(
                    FaultKind::Unsupported,
                    "VOTE.VTG (a vertex/geometry vote) is not emulated",
                ));
            }
            let (mode, _) = mod_enum(f, w, "ANY").unwrap_or((3, ""));
            let (rd, pd, src) = match o.len() {
                3 => (dst(w, &o[0]), pdst(w, &o[1]), &o[2]),
                2 => (255, pdst(w, &o[0]), &o[1]),
                n => {
                    return Err(Fault::new(
                        FaultKind::Unsupported,
                        format!("a VOTE form with {n} operands is not emulated"),
                    ))
                }
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
        _ => return Err(format!("{} is not in the emulated subset", f.mnemonic).into()),
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
