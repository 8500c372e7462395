//! gfx11 scalar control operations on gfx11 encodings, against AMD's RDNA3 pseudocode: the
//! branches (target PC + 4 + SIMM16 * 4, the SCC/VCCZ/EXECZ conditions in wave32, where only
//! the low halves of VCC and EXEC count, and wave64), s_call_b64 / s_getpc_b64 / s_setpc_b64 /
//! s_swappc_b64 (return address PC + 4), the relative moves with M0 (s_movrels/s_movreld
//! b32/b64, v_movrels/v_movreld/v_movrelsd_b32, v_movrelsd_2_b32, v_swaprel_b32), s_getreg_b32 / s_setreg_b32 /
//! s_setreg_imm32_b32 (MODE, STATUS, TRAPSTS fields by offset and size), and the operations
//! that must change nothing (s_nop, s_version, the waits).

use super::gfx11_harness::{decode, wave, Rng};
use super::harness::Check;
use gpuisa_amdgpu::exec::mem::Memory;
use gpuisa_amdgpu::exec::wave::Wave;
use gpuisa_amdgpu::exec::{self, Ctx, Flow};
use gpuisa_amdgpu::gcn::inst::TInst;
use gpuisa_amdgpu::gcn::Gen;
use gpuisa_amdgpu::rdna3::asm::assemble_inst;

fn inst(text: &str, wave64: bool) -> TInst {
    let ws = assemble_inst(text, wave64).unwrap_or_else(|e| panic!("`{text}`: {e:?}"));
    decode(&ws, wave64)
}

/// Where control goes: `None` to the next instruction, `Some(a)` a jump to `a`.
fn flow(w: &mut Wave, i: &TInst) -> Result<Option<u64>, String> {
    let mem = Memory::new(vec![]);
    let mut lds = vec![0u8; 256];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        gen: Gen::Gfx9,
        lane_ops: 0,
        private_size: 0,
    };
    match exec::step(w, i, &mut ctx) {
        Ok(Flow::Next) => Ok(None),
        Ok(Flow::Jump(a)) => Ok(Some(a)),
        Ok(Flow::Barrier) => Err("a barrier".into()),
        Ok(Flow::End) => Err("the end of the program".into()),
        Err(e) => Err(e.message),
    }
}

/// The state an operation may change: SGPRs, SCC, MODE, TRAPSTS and lanes 0..3 of v0..v15.
fn state(w: &Wave) -> (Vec<u32>, bool, u32, u32, Vec<u32>) {
    let v = (0..16)
        .flat_map(|r| (0..4).map(move |l| (r, l)))
        .map(|(r, l)| w.vget(r, l))
        .collect();
    (w.s.to_vec(), w.scc, w.mode, w.trapsts, v)
}

fn random_wave(r: &mut Rng, lanes: usize) -> Wave {
    let mut w = wave(lanes);
    for k in 0..106 {
        w.s[k] = r.u32();
    }
    for reg in 0..16 {
        for l in 0..lanes {
            w.vset(reg, l, r.u32());
        }
    }
    w.scc = r.next() & 1 != 0;
    w
}

#[test]
fn gfx11_branches_calls_and_pc() {
    let mut chk = Check::new();
    let mut r = Rng(0xb7a2);
    // Conditions (pseudocode): SCC, VCCZ = (VCC == 0), EXECZ = (EXEC == 0), over the wave's
    // lanes (wave32: the low halves only).
    type Cond = fn(bool, u64, u64) -> bool;
    let branches: [(&str, Cond); 7] = [
        ("s_branch", |_, _, _| true),
        ("s_cbranch_scc0", |scc, _, _| !scc),
        ("s_cbranch_scc1", |scc, _, _| scc),
        ("s_cbranch_vccz", |_, vcc, _| vcc == 0),
        ("s_cbranch_vccnz", |_, vcc, _| vcc != 0),
        ("s_cbranch_execz", |_, _, exec| exec == 0),
        ("s_cbranch_execnz", |_, _, exec| exec != 0),
    ];
    let masks = [
        0u64,
        1,
        0x8000_0000,
        0xffff_ffff,
        0x1_0000_0000,
        0xffff_ffff_0000_0000,
        u64::MAX,
    ];
    let pcs = [0x1000u64, 0x0, 0x7fff_ffff_fff0, 0x1_2345_6788];
    let offs: [i16; 7] = [0, 1, 5, -1, -2, 0x7fff, -0x8000];
    for wave64 in [false, true] {
        let lanes_mask = if wave64 { u64::MAX } else { 0xffff_ffff };
        for (name, cond) in branches {
            for &off in &offs {
                let i = inst(&format!("{name} {}", off as u16), wave64);
                for (k, &pc) in pcs.iter().enumerate() {
                    for (j, &m) in masks.iter().enumerate() {
                        let mut w = random_wave(&mut r, if wave64 { 64 } else { 32 });
                        w.pc = pc;
                        w.scc = (j + k) % 2 == 0;
                        // VCC and EXEC: both registers of the pair, whatever the wave size.
                        let other = masks[(j + 3) % masks.len()];
                        w.sset64(106, m);
                        w.sset64(126, other);
                        let before = state(&w);
                        let target = (pc as i64 + 4 + off as i64 * 4) as u64;
                        let taken = cond(w.scc, m & lanes_mask, other & lanes_mask);
                        let want = taken.then_some(target);
                        let got = flow(&mut w, &i);
                        chk.eq(got, Ok(want), || {
                            format!(
                                "{name} {off} wave64 {wave64} pc {pc:#x} scc {} vcc {m:#x} \
                                 exec {other:#x}",
                                before.1
                            )
                        });
                        chk.ok(state(&w) == before, || {
                            format!("{name} {off} wave64 {wave64}: changed the wave's state")
                        });
                    }
                }
            }
        }
        // s_call_b64: D = PC + 4, PC = PC + 4 + SIMM16 * 4.
        for &off in &offs {
            let i = inst(&format!("s_call_b64 s[4:5], {}", off as u16), wave64);
            for &pc in &pcs {
                let mut w = random_wave(&mut r, if wave64 { 64 } else { 32 });
                w.pc = pc;
                let mut want = state(&w);
                want.0[4] = (pc + 4) as u32;
                want.0[5] = ((pc + 4) >> 32) as u32;
                let got = flow(&mut w, &i);
                chk.eq(
                    got,
                    Ok(Some((pc as i64 + 4 + off as i64 * 4) as u64)),
                    || format!("s_call_b64 {off} pc {pc:#x}: target"),
                );
                chk.ok(state(&w) == want, || {
                    format!("s_call_b64 {off} pc {pc:#x}: return address")
                });
            }
        }
        for &pc in &pcs {
            // s_getpc_b64: D = PC + 4 (the next instruction), no jump.
            let mut w = random_wave(&mut r, if wave64 { 64 } else { 32 });
            w.pc = pc;
            let mut want = state(&w);
            want.0[8] = (pc + 4) as u32;
            want.0[9] = ((pc + 4) >> 32) as u32;
            let got = flow(&mut w, &inst("s_getpc_b64 s[8:9]", wave64));
            chk.eq(got, Ok(None), || format!("s_getpc_b64 pc {pc:#x}: flow"));
            chk.ok(state(&w) == want, || format!("s_getpc_b64 pc {pc:#x}"));
            // s_setpc_b64: PC = S0, nothing else.
            let mut w = random_wave(&mut r, if wave64 { 64 } else { 32 });
            w.pc = pc;
            let dest = w.sget64(10);
            let want = state(&w);
            let got = flow(&mut w, &inst("s_setpc_b64 s[10:11]", wave64));
            chk.eq(got, Ok(Some(dest)), || format!("s_setpc_b64 pc {pc:#x}"));
            chk.ok(state(&w) == want, || {
                format!("s_setpc_b64 pc {pc:#x}: state")
            });
            // s_swappc_b64: the jump address read before D = PC + 4 is written (also when D
            // and S0 are the same pair).
            for (text, d, s) in [
                ("s_swappc_b64 s[12:13], s[10:11]", 12, 10),
                ("s_swappc_b64 s[10:11], s[10:11]", 10, 10),
            ] {
                let mut w = random_wave(&mut r, if wave64 { 64 } else { 32 });
                w.pc = pc;
                let dest = w.sget64(s);
                let mut want = state(&w);
                want.0[d] = (pc + 4) as u32;
                want.0[d + 1] = ((pc + 4) >> 32) as u32;
                let got = flow(&mut w, &inst(text, wave64));
                chk.eq(got, Ok(Some(dest)), || format!("{text} pc {pc:#x}"));
                chk.ok(state(&w) == want, || format!("{text} pc {pc:#x}: state"));
            }
        }
    }
    chk.done();
}

#[test]
fn gfx11_relative_moves() {
    let mut chk = Check::new();
    let mut r = Rng(0x3e10);
    // SGPR[addr] with addr = the instruction's register + M0 (pseudocode): s_movrels reads
    // there, s_movreld writes there.
    for wave64 in [false, true] {
        for m0 in [0u32, 1, 2, 7, 31, 50, 80, 94] {
            for (text, b64, rel_src) in [
                ("s_movrels_b32 s0, s10", false, true),
                ("s_movrels_b64 s[0:1], s[10:11]", true, true),
                ("s_movreld_b32 s10, s0", false, false),
                ("s_movreld_b64 s[10:11], s[0:1]", true, false),
            ] {
                let mut w = random_wave(&mut r, if wave64 { 64 } else { 32 });
                w.s[124] = m0;
                let mut want = state(&w);
                let n = if b64 { 2 } else { 1 };
                for k in 0..n {
                    if rel_src {
                        want.0[k] = w.s[10 + m0 as usize + k];
                    } else {
                        want.0[10 + m0 as usize + k] = w.s[k];
                    }
                }
                let got = flow(&mut w, &inst(text, wave64));
                chk.eq(got, Ok(None), || format!("{text} m0 {m0}: flow"));
                chk.eq(state(&w), want, || {
                    format!("{text} m0 {m0} wave64 {wave64}")
                });
            }
        }
    }
    // s_movrelsd_2_b32: SGPR[D + M0[25:16]] = SGPR[S0 + M0[9:0]] (bits 15:10 are no offset).
    for wave64 in [false, true] {
        for (ms, md) in [(0u32, 0u32), (1, 0), (0, 2), (7, 30), (50, 3)] {
            let mut w = random_wave(&mut r, if wave64 { 64 } else { 32 });
            let m0 = ms | md << 16 | 0xfc00;
            w.s[124] = m0;
            let mut want = state(&w);
            want.0[1 + md as usize] = w.s[10 + ms as usize];
            let text = "s_movrelsd_2_b32 s1, s10";
            let got = flow(&mut w, &inst(text, wave64));
            chk.eq(got, Ok(None), || format!("{text} m0 {m0:#x}: flow"));
            chk.eq(state(&w), want, || {
                format!("{text} m0 {m0:#x} wave64 {wave64}")
            });
        }
    }
    // Past the SGPR file: no panic (a typed error or no effect).
    for text in ["s_movrels_b32 s0, s10", "s_movreld_b64 s[10:11], s[0:1]"] {
        for m0 in [200u32, 0xffff_ffff] {
            let mut w = random_wave(&mut r, 32);
            w.s[124] = m0;
            let _ = flow(&mut w, &inst(text, false));
        }
    }
    // VGPRs: v_movrels_b32 VGPR[D] = VGPR[S0 + M0], v_movreld_b32 VGPR[D + M0] = S0,
    // v_movrelsd_b32 VGPR[D + M0] = VGPR[S0 + M0]; EXEC lanes only.
    for wave64 in [false, true] {
        let lanes = if wave64 { 64 } else { 32 };
        for m0 in [0u32, 1, 3, 9] {
            for (text, src_rel, dst_rel, src, dst, sgpr) in [
                ("v_movrels_b32 v1, v2", true, false, 2, 1, false),
                ("v_movreld_b32 v2, v1", false, true, 1, 2, false),
                ("v_movreld_b32 v2, s5", false, true, 5, 2, true),
                ("v_movrelsd_b32 v2, v3", true, true, 3, 2, false),
            ] {
                let mut w = random_wave(&mut r, lanes);
                w.s[124] = m0;
                let exec = r.next() & if wave64 { u64::MAX } else { 0xffff_ffff };
                w.set_exec(exec);
                let s = src + if src_rel { m0 as usize } else { 0 };
                let d = dst + if dst_rel { m0 as usize } else { 0 };
                let mut want: Vec<Vec<u32>> = (0..16)
                    .map(|reg| (0..lanes).map(|l| w.vget(reg, l)).collect())
                    .collect();
                for (l, x) in want[d].iter_mut().enumerate() {
                    if exec >> l & 1 != 0 {
                        *x = if sgpr { w.s[s] } else { w.vget(s, l) };
                    }
                }
                let got = flow(&mut w, &inst(text, wave64));
                chk.eq(got, Ok(None), || format!("{text} m0 {m0}: flow"));
                let after: Vec<Vec<u32>> = (0..16)
                    .map(|reg| (0..lanes).map(|l| w.vget(reg, l)).collect())
                    .collect();
                chk.eq(after, want, || format!("{text} m0 {m0} wave64 {wave64}"));
            }
        }
    }
    // v_movrelsd_2_b32 VGPR[D + M0[25:16]] = VGPR[S0 + M0[9:0]]; v_swaprel_b32 exchanges
    // VGPR[D + M0[25:16]] and VGPR[S0 + M0[9:0]] (AMD's RDNA3 pseudocode); EXEC lanes only.
    for wave64 in [false, true] {
        let lanes = if wave64 { 64 } else { 32 };
        for (ms, md) in [(0u32, 0u32), (1, 0), (0, 2), (3, 5), (7, 1)] {
            let m0 = ms | md << 16 | 0xfc00; // bits 15:10 are no offset
            for (text, swap) in [
                ("v_movrelsd_2_b32 v2, v3", false),
                ("v_swaprel_b32 v2, v3", true),
            ] {
                let mut w = random_wave(&mut r, lanes);
                w.s[124] = m0;
                let exec = r.next() & if wave64 { u64::MAX } else { 0xffff_ffff };
                w.set_exec(exec);
                let (s, d) = (3 + ms as usize, 2 + md as usize);
                let mut want: Vec<Vec<u32>> = (0..16)
                    .map(|reg| (0..lanes).map(|l| w.vget(reg, l)).collect())
                    .collect();
                for l in 0..lanes {
                    if exec >> l & 1 != 0 {
                        let (a, b) = (w.vget(s, l), w.vget(d, l));
                        want[d][l] = a;
                        if swap {
                            want[s][l] = b;
                        }
                    }
                }
                let got = flow(&mut w, &inst(text, wave64));
                chk.eq(got, Ok(None), || format!("{text} m0 {m0:#x}: flow"));
                let after: Vec<Vec<u32>> = (0..16)
                    .map(|reg| (0..lanes).map(|l| w.vget(reg, l)).collect())
                    .collect();
                chk.eq(after, want, || format!("{text} m0 {m0:#x} wave64 {wave64}"));
            }
        }
    }
    // Past the VGPRs: a typed error, no panic.
    let mut w = random_wave(&mut r, 32);
    w.s[124] = 10_000;
    let got = flow(&mut w, &inst("v_movrels_b32 v1, v2", false));
    chk.ok(got.is_err(), || {
        format!("v_movrels_b32 past the VGPRs: {got:?}")
    });
    chk.done();
}

/// MODE's bits the emulator models (FP_ROUND [3:0], FP_DENORM [7:4], DX10_CLAMP [8], IEEE [9]).
const MODE_BITS: u32 = 0x3ff;

#[test]
fn gfx11_getreg_setreg() {
    let mut chk = Check::new();
    let mut r = Rng(0x6e7e);
    let mask = |size: u32| {
        if size >= 32 {
            u32::MAX
        } else {
            (1u32 << size) - 1
        }
    };
    // s_getreg_b32: (HW_REGISTERS[id] >> offset) & ((1 << size) - 1); MODE is 1, TRAPSTS 3.
    for (name, id) in [("HW_REG_MODE", 1u32), ("HW_REG_TRAPSTS", 3)] {
        for off in [0u32, 1, 4, 8, 9, 16, 31] {
            for size in [1u32, 2, 4, 10, 16, 32] {
                let text = format!("s_getreg_b32 s4, hwreg({name}, {off}, {size})");
                // gpuisa's assembler refuses a size of 32 (llvm-mc takes it): the SOPK word.
                let i = if size == 32 {
                    decode(&[0xb884_0000 | id | off << 6 | (size - 1) << 11], false)
                } else {
                    inst(&text, false)
                };
                let mut w = random_wave(&mut r, 32);
                // MODE within its modelled bits, TRAPSTS any 32 bits.
                let v = r.u32() & if id == 1 { MODE_BITS } else { u32::MAX };
                if id == 1 {
                    w.mode = v;
                } else {
                    w.trapsts = v;
                }
                let mut want = state(&w);
                want.0[4] = (v >> off) & mask(size);
                chk.eq(flow(&mut w, &i), Ok(None), || format!("{text}: flow"));
                chk.eq(state(&w), want, || format!("{text} of {v:#x}"));
            }
        }
    }
    // STATUS: SCC [0], EXECZ [9], VCCZ [10] (over the wave's lanes).
    for wave64 in [false, true] {
        for (k, &(vcc, exec)) in [
            (0u64, 0u64),
            (1, 0x1_0000_0000),
            (0x1_0000_0000, 1),
            (u64::MAX, u64::MAX),
        ]
        .iter()
        .enumerate()
        {
            for (off, f) in [
                (0u32, (|scc, _, _| scc) as fn(bool, u64, u64) -> bool),
                (9, |_, _, e| e == 0),
                (10, |_, v, _| v == 0),
            ] {
                let text = format!("s_getreg_b32 s4, hwreg(HW_REG_STATUS, {off}, 1)");
                let mut w = random_wave(&mut r, if wave64 { 64 } else { 32 });
                w.scc = k % 2 == 1;
                w.sset64(106, vcc);
                w.sset64(126, exec);
                let lm = if wave64 { u64::MAX } else { 0xffff_ffff };
                let want = f(w.scc, vcc & lm, exec & lm) as u32;
                flow(&mut w, &inst(&text, wave64)).unwrap_or_else(|e| panic!("{text}: {e}"));
                chk.eq(w.s[4], want, || {
                    format!("{text} wave64 {wave64} vcc {vcc:#x} exec {exec:#x}")
                });
            }
        }
    }
    // s_setreg_b32 / s_setreg_imm32_b32: the field (offset, size) of the register replaced by
    // the source's low bits, the rest kept (fields within MODE's modelled bits, any TRAPSTS).
    for (name, id) in [("HW_REG_MODE", 1u32), ("HW_REG_TRAPSTS", 3)] {
        for (off, size) in [
            (0u32, 4u32),
            (0, 2),
            (2, 2),
            (4, 4),
            (4, 2),
            (6, 2),
            (8, 1),
            (9, 1),
            (0, 10),
            (3, 5),
        ]
        .into_iter()
        .chain(if id == 3 {
            vec![(0, 32), (16, 16), (31, 1)]
        } else {
            vec![]
        }) {
            for imm in [false, true] {
                let mut w = random_wave(&mut r, 32);
                let src = r.u32();
                let old = r.u32() & if id == 1 { MODE_BITS } else { u32::MAX };
                if id == 1 {
                    w.mode = old;
                } else {
                    w.trapsts = old;
                }
                let text = if imm {
                    format!("s_setreg_imm32_b32 hwreg({name}, {off}, {size}), {src:#x}")
                } else {
                    w.s[7] = src;
                    format!("s_setreg_b32 hwreg({name}, {off}, {size}), s7")
                };
                let m = mask(size) << off;
                let mut want = state(&w);
                let new = (old & !m) | (src << off & m);
                if id == 1 {
                    want.2 = new;
                } else {
                    want.3 = new;
                }
                // gpuisa's assembler refuses a size of 32 (llvm-mc takes it): the SOPK words.
                let simm = id | off << 6 | (size - 1) << 11;
                let i = match (size, imm) {
                    (32, false) => decode(&[0xb907_0000 | simm], false),
                    (32, true) => decode(&[0xb980_0000 | simm, src], false),
                    _ => inst(&text, false),
                };
                chk.eq(flow(&mut w, &i), Ok(None), || format!("{text}: flow"));
                chk.eq(state(&w), want, || format!("{text} over {old:#x}"));
            }
        }
    }
    // The MODE written takes effect: round toward zero / +inf for f32 on the next v_add_f32.
    for (rm, want) in [
        (0u32, 0x3f80_0000u32),
        (1, 0x3f80_0001),
        (2, 0x3f80_0000),
        (3, 0x3f80_0000),
    ] {
        let mut w = wave(32);
        let text = format!("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), {rm}");
        // gpuisa's assembler refuses a literal this small (llvm-mc encodes it): the words.
        let i = decode(&[0xb980_0801, rm], false);
        flow(&mut w, &i).unwrap_or_else(|e| panic!("{text}: {e}"));
        w.vset(0, 0, 0x3f80_0000);
        w.vset(1, 0, 0x3000_0000); // 2^-31
        flow(&mut w, &inst("v_add_f32 v3, v0, v1", false)).unwrap();
        chk.eq(w.vget(3, 0), want, || {
            format!("{text}; v_add_f32 1 + 2^-31")
        });
    }
    chk.done();
}

#[test]
fn gfx11_nops_and_waits_change_nothing() {
    let mut chk = Check::new();
    let mut r = Rng(0x90b5);
    let texts = [
        "s_nop 0",
        "s_nop 7",
        "s_nop 15",
        "s_version 0x2000",
        "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)",
        "s_waitcnt_vscnt null, 0x0",
        "s_waitcnt_vmcnt null, 0x3",
        "s_waitcnt_expcnt null, 0x0",
        "s_waitcnt_lgkmcnt null, 0x1",
    ];
    for text in texts {
        for wave64 in [false, true] {
            let mut w = random_wave(&mut r, if wave64 { 64 } else { 32 });
            w.pc = 0x400;
            let before = state(&w);
            // gpuisa's assembler refuses s_version's operand (llvm-mc: 0xb0802000).
            let i = if text.starts_with("s_version") {
                decode(&[0xb080_2000], wave64)
            } else {
                inst(text, wave64)
            };
            chk.eq(flow(&mut w, &i), Ok(None), || format!("{text}: flow"));
            chk.ok(state(&w) == before && w.pc == 0x400, || {
                format!("{text} wave64 {wave64}: changed the wave")
            });
        }
    }
    chk.done();
}
