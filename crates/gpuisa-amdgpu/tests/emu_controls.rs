//! The emulator's instruction controls, each placed in its word by this test at the bit
//! positions AMD's manuals give (GCN3/Vega ISA: the SDWA and DPP dwords, DS_SWIZZLE_B32's
//! offset, s_getreg's hwreg operand; RDNA3 ISA: the DPP16 and DPP8 dwords), then decoded and
//! run; the results are computed here from the ISA's definitions. Each control takes distinct,
//! random values (src0_sel and src1_sel differ, row_mask and bank_mask differ, the eight DPP8
//! lane selects are no pattern), so a control read from another control's bits, or from the
//! wrong bits of its own, fails.

#[path = "semantics/harness.rs"]
mod harness;

use gpuisa_amdgpu::exec::mem::Memory;
use gpuisa_amdgpu::exec::wave::Wave;
use gpuisa_amdgpu::exec::{self, Ctx};
use gpuisa_amdgpu::gcn::inst::decode_typed;
use gpuisa_amdgpu::gcn::Gen;
use gpuisa_core::rng::Rng;
use harness::{sdwa_dst, sdwa_sel as sel, Emu};

const SDWA_GENS: [Gen; 2] = [Gen::Gfx8, Gen::Gfx9];

/// The words of `text` as gpuisa's GCN assembler encodes it.
fn gcn_words(gen: Gen, text: &str) -> Vec<u32> {
    let e = gpuisa_amdgpu::gcn::asm::assemble_inst(gen, text, 0)
        .unwrap_or_else(|e| panic!("{gen:?} {text}: {e:?}"));
    let w: &[u32] = &e.words;
    w.to_vec()
}

/// A VOP1/VOP2 word with SRC0 (bits 8:0) replaced by `src0` (0xF9 SDWA, 0xFA DPP, 0xE9/0xEA
/// DPP8) and the extension dword `x` after it.
fn with_ext(w0: u32, src0: u32, x: u32) -> [u32; 3] {
    [(w0 & !0x1ff) | src0, x, 0]
}

/// Runs the hand-built GCN words on `e`.
fn run_gcn(e: &mut Emu, w: [u32; 3], n: usize, what: &str) {
    let i = decode_typed(e.gen, &w, n)
        .unwrap_or_else(|_| panic!("{:?} {what}: {w:08x?} does not decode", e.gen));
    e.step(&i)
        .unwrap_or_else(|m| panic!("{:?} {what}: {m}", e.gen));
}

/// gfx8/gfx9 SDWA: the source selects, their sign extension and the destination select and
/// UNUSED mode, each at its own bits of the SDWA dword (GCN3/Vega: SRC0 7:0, DST_SEL 10:8,
/// DST_UNUSED 12:11, SRC0_SEL 18:16, SRC0_SEXT 19, SRC1_SEL 26:24, SRC1_SEXT 27).
#[test]
fn sdwa_selects_from_their_own_bits() {
    let mut r = Rng::new(0x5d3a);
    for gen in SDWA_GENS {
        // v_sub_* reads its sources in order, so a swapped select shows; v_xor_b32 is 32-bit.
        for text in ["v_xor_b32_e32 v3, v0, v1", "v_sub_u16_e32 v3, v0, v1"] {
            let w0 = gcn_words(gen, text)[0];
            for _ in 0..40 {
                let s0 = r.below(7) as u32;
                let s1 = (s0 + 1 + r.below(6) as u32) % 7; // differs from s0
                let (x0, x1) = (r.below(2) as u32, r.below(2) as u32);
                let dsel = r.below(7) as u32;
                let unused = r.below(3) as u32;
                let x = dsel << 8 | unused << 11 | s0 << 16 | x0 << 19 | s1 << 24 | x1 << 27;
                let mut e = Emu::new(gen);
                let vals: Vec<[u32; 3]> = (0..64)
                    .map(|_| [r.next_u32(), r.next_u32(), r.next_u32()])
                    .collect();
                for (l, v) in vals.iter().enumerate() {
                    e.set_v(0, l, v[0]);
                    e.set_v(1, l, v[1]);
                    e.set_v(3, l, v[2]);
                }
                let what = format!("{text} sdwa {x:#010x}");
                run_gcn(&mut e, with_ext(w0, 0xf9, x), 2, &what);
                for (l, v) in vals.iter().enumerate() {
                    let (a, b) = (sel(v[0], s0, x0 != 0), sel(v[1], s1, x1 != 0));
                    let res = if text.starts_with("v_xor") {
                        a ^ b
                    } else {
                        // A 16-bit result: bits 31:16 of the operation's result are 0.
                        (a as u16).wrapping_sub(b as u16) as u32
                    };
                    let want = sdwa_dst(res, v[2], dsel, unused);
                    assert_eq!(e.v(3, l), want, "{gen:?} {what} lane {l}: {v:08x?}");
                }
            }
        }
    }
}

/// The lane a GCN DPP_CTRL makes lane `l` read (GCN3/Vega DPP_CTRL enumeration), `None` out of
/// bounds.
fn gcn_dpp_source(ctrl: u32, l: usize) -> Option<usize> {
    let (row, rl) = (l & !15, l & 15);
    let c = (ctrl & 15) as usize;
    match ctrl {
        0..=0xff => Some((l & !3) | (ctrl >> (2 * (l & 3)) & 3) as usize),
        0x101..=0x10f => (rl + c < 16).then_some(l + c),
        0x111..=0x11f => (rl >= c).then(|| l - c),
        0x121..=0x12f => Some(row + (rl + 16 - c) % 16),
        0x130 => (l < 63).then_some(l + 1),
        0x134 => Some((l + 1) % 64),
        0x138 => l.checked_sub(1),
        0x13c => Some((l + 63) % 64),
        0x140 => Some(row + 15 - rl),
        0x141 => Some((l & !7) + 7 - (l & 7)),
        0x142 => (row >= 16).then(|| row - 1),
        0x143 => (row >= 32).then_some(31),
        _ => unreachable!(),
    }
}

fn random_gcn_ctrl(r: &mut Rng) -> u32 {
    match r.below(6) {
        0 => r.below(256) as u32,
        1 => 0x101 + r.below(15) as u32,
        2 => 0x111 + r.below(15) as u32,
        3 => 0x121 + r.below(15) as u32,
        _ => [0x130, 0x134, 0x138, 0x13c, 0x140, 0x141, 0x142, 0x143][r.below(8) as usize],
    }
}

/// gfx8/gfx9 DPP: DPP_CTRL 16:8, BOUND_CTRL 19, BANK_MASK 27:24, ROW_MASK 31:28 of the DPP
/// dword, with random EXEC: a lane is written when EXEC, its row's ROW_MASK bit and its bank's
/// BANK_MASK bit are set; it reads its source lane when that lane exists and is active, else 0
/// with BOUND_CTRL, else it is not written.
#[test]
fn gcn_dpp_controls_from_their_own_bits() {
    let mut r = Rng::new(0xd99);
    for gen in SDWA_GENS {
        let w0 = gcn_words(gen, "v_mov_b32_e32 v2, v1")[0];
        for _ in 0..120 {
            let ctrl = random_gcn_ctrl(&mut r);
            let row_mask = r.below(16) as u32;
            let bank_mask = (row_mask + 1 + r.below(15) as u32) % 16;
            let bound = r.below(2) as u32;
            // SRC0 (7:0): v1.
            let x = 1 | ctrl << 8 | bound << 19 | bank_mask << 24 | row_mask << 28;
            let exec = r.next_u64() | r.next_u64();
            let mut e = Emu::new(gen);
            for l in 0..64 {
                e.set_v(1, l, 0x100 + l as u32);
                e.set_v(2, l, 0xdead);
            }
            e.w.set_exec(exec);
            let what = format!("v_mov_b32_dpp dpp {x:#010x} exec {exec:#x}");
            run_gcn(&mut e, with_ext(w0, 0xfa, x), 2, &what);
            for l in 0..64 {
                let on = exec >> l & 1 != 0
                    && row_mask >> (l / 16) & 1 != 0
                    && bank_mask >> (l % 16 / 4) & 1 != 0;
                let src = gcn_dpp_source(ctrl, l).filter(|&s| exec >> s & 1 != 0);
                let want = match (on, src) {
                    (false, _) => 0xdead,
                    (true, Some(s)) => 0x100 + s as u32,
                    (true, None) if bound != 0 => 0,
                    (true, None) => 0xdead,
                };
                assert_eq!(e.v(2, l), want, "{gen:?} {what} lane {l}");
            }
        }
    }
}

/// ds_swizzle_b32's offset (GCN3/Vega DS_SWIZZLE_B32): bit 15 set, lane i of each quad reads
/// lane offset[2i+1:2i] of it; clear, lane l of each 32 reads ((l & and) | or) ^ xor with the
/// masks at 4:0, 9:5 and 14:10. Inactive source lanes read 0. The data is the ADDR VGPR's
/// (llvm-mc-19: `ds_swizzle_b32 v2, v1` has v1 in ADDR, DATA0 = 0).
#[test]
fn ds_swizzle_pattern_fields() {
    let mut r = Rng::new(0x5122);
    for gen in [Gen::Gfx8, Gen::Gfx9] {
        for _ in 0..60 {
            let off = if r.below(2) == 0 {
                0x8000 | r.below(256) as u32
            } else {
                r.below(0x8000) as u32
            };
            let exec = r.next_u64() | r.next_u64();
            let mut e = Emu::new(gen);
            for l in 0..64 {
                e.set_v(1, l, 0x700 + l as u32);
                e.set_v(2, l, 0xdead);
            }
            e.w.set_exec(exec);
            let text = format!("ds_swizzle_b32 v2, v1 offset:{off}");
            e.run(&text);
            for l in 0..64 {
                let src = if off & 0x8000 != 0 {
                    (l & !3) | (off >> (2 * (l & 3)) & 3) as usize
                } else {
                    let (and, or, xor) = (off & 31, off >> 5 & 31, off >> 10 & 31);
                    (l & !31) | ((((l as u32 & 31) & and) | or) ^ xor) as usize
                };
                let want = match (exec >> l & 1 != 0, exec >> src & 1 != 0) {
                    (false, _) => 0xdead,
                    (true, true) => 0x700 + src as u32,
                    (true, false) => 0,
                };
                assert_eq!(e.v(2, l), want, "{gen:?} {text} exec {exec:#x} lane {l}");
            }
        }
    }
}

/// The DS 16-bit offset (OFFSET1:OFFSET0) of single-address instructions: a store and a load
/// at offsets whose high byte is set.
#[test]
fn ds_sixteen_bit_offset() {
    for gen in [Gen::Gfx7, Gen::Gfx8, Gen::Gfx9] {
        for off in [0x104u32, 0x2f0, 0x3fc] {
            let mut e = Emu::new(gen);
            e.w.set_exec(1);
            e.set_v(0, 0, 0);
            e.set_v(1, 0, 0x1234_5678 ^ off);
            e.w.s[gpuisa_amdgpu::exec::wave::M0] = u32::MAX; // the LDS limit on gfx7/gfx8
            e.run(&format!("ds_write_b32 v0, v1 offset:{off}"));
            let at = off as usize;
            let got = u32::from_le_bytes(e.lds[at..at + 4].try_into().unwrap());
            assert_eq!(got, 0x1234_5678 ^ off, "{gen:?} ds_write_b32 offset:{off}");
            e.run(&format!("ds_read_b32 v2, v0 offset:{off}"));
            assert_eq!(
                e.v(2, 0),
                0x1234_5678 ^ off,
                "{gen:?} ds_read_b32 offset:{off}"
            );
        }
    }
}

/// s_getreg_b32 with the hwreg operand built here (ID 5:0, OFFSET 10:6, SIZE-1 15:11) over
/// MODE (ID 1, as set) or STATUS (ID 2: SCC at bit 0, EXECZ 9, VCCZ 10): the bits
/// [OFFSET, OFFSET + SIZE) of the register.
#[test]
fn hwreg_operand_fields() {
    let mut r = Rng::new(0x4e9);
    for gen in [Gen::Gfx8, Gen::Gfx9] {
        let base = gcn_words(gen, "s_getreg_b32 s5, hwreg(HW_REG_MODE, 0, 1)")[0];
        for _ in 0..60 {
            let id = 1 + r.below(2) as u32;
            let (off, size) = (r.below(32) as u32, 1 + r.below(32) as u32);
            let imm = id | off << 6 | (size - 1) << 11;
            let mut e = Emu::new(gen);
            let mode = r.next_u32() & 0x0fff_ffff;
            e.w.mode = mode;
            e.w.scc = r.below(2) != 0;
            let reg = if id == 1 {
                mode
            } else {
                // EXEC is all ones, VCC zero.
                e.w.scc as u32 | 1 << 10
            };
            let w = [(base & !0xffff) | imm, 0, 0];
            run_gcn(&mut e, w, 1, &format!("s_getreg_b32 {imm:#x}"));
            let want = (((reg as u64) >> off) & ((1u64 << size) - 1)) as u32;
            assert_eq!(
                e.s(5),
                want,
                "{gen:?} s_getreg_b32 hwreg({id}, {off}, {size}) of {reg:#x}"
            );
        }
    }
}

// ---------------------------------------------------------------- gfx11

fn wave11(lanes: usize) -> Wave {
    let mut w = Wave::new(64, lanes);
    w.set_exec(if lanes == 32 { 0xffff_ffff } else { u64::MAX });
    w.mode = 0xf0;
    w
}

fn words11(text: &str, wave64: bool) -> Vec<u32> {
    gpuisa_amdgpu::rdna3::asm::assemble_inst(text, wave64)
        .unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn run11(w: &mut Wave, words: &[u32], what: &str) {
    use gpuisa_amdgpu::rdna3::inst::{decode_typed, Decoded11};
    let mut buf = [0u32; 4];
    buf[..words.len()].copy_from_slice(words);
    let mem = Memory::new(vec![]);
    let mut lds = vec![0u8; 256];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        gen: Gen::Gfx9,
        lane_ops: 0,
        private_size: 0,
    };
    match decode_typed(&buf, words.len(), w.lanes == 64) {
        Ok(Decoded11::One(i)) => {
            exec::step(w, &i, &mut ctx).unwrap_or_else(|e| panic!("{what}: {}", e.message));
        }
        _ => panic!("{what}: {words:08x?} does not decode"),
    }
}

/// The lane a gfx11 DPP16 control makes lane `l` read (RDNA3 ISA DPP_CTRL), within its row.
fn dpp16_source(ctrl: u32, l: usize) -> Option<usize> {
    let (row, rl) = (l & !15, l & 15);
    let c = (ctrl & 15) as usize;
    match ctrl {
        0..=0xff => Some((l & !3) | (ctrl >> (2 * (l & 3)) & 3) as usize),
        0x101..=0x10f => (rl + c < 16).then_some(l + c),
        0x111..=0x11f => (rl >= c).then(|| l - c),
        0x121..=0x12f => Some(row + (rl + 16 - c) % 16),
        0x140 => Some(row + 15 - rl),
        0x141 => Some((l & !7) + 7 - (l & 7)),
        0x150..=0x15f => Some(row + c),
        0x160..=0x16f => Some(row + (rl ^ c)),
        _ => unreachable!(),
    }
}

fn random_dpp16_ctrl(r: &mut Rng) -> u32 {
    match r.below(7) {
        0 => r.below(256) as u32,
        1 => 0x101 + r.below(15) as u32,
        2 => 0x111 + r.below(15) as u32,
        3 => 0x121 + r.below(15) as u32,
        4 => 0x140 + r.below(2) as u32,
        5 => 0x150 + r.below(16) as u32,
        _ => 0x160 + r.below(16) as u32,
    }
}

/// gfx11 DPP16 (RDNA3: DPP_CTRL 16:8, FI 18, BOUND_CTRL 19, BANK_MASK 27:24, ROW_MASK 31:28),
/// in the VOP1 form (dword 1) and the VOP3 form (dword 2), wave32 and wave64: FI lets a lane
/// read an inactive source lane.
#[test]
fn dpp16_controls_from_their_own_bits() {
    let mut r = Rng::new(0x1116);
    for lanes in [32usize, 64] {
        let w64 = lanes == 64;
        let vop1 = words11("v_mov_b32_e32 v2, v1", w64)[0];
        let vop3 = words11("v_add_nc_u32_e64 v2, v1, v4", w64);
        for k in 0..160 {
            let ctrl = random_dpp16_ctrl(&mut r);
            let row_mask = r.below(16) as u32;
            let bank_mask = (row_mask + 1 + r.below(15) as u32) % 16;
            let (fi, bound) = (r.below(2) as u32, r.below(2) as u32);
            let x = ctrl << 8 | fi << 18 | bound << 19 | bank_mask << 24 | row_mask << 28;
            let exec = (r.next_u64() | r.next_u64()) & if w64 { u64::MAX } else { 0xffff_ffff };
            let e3 = k % 2 == 1;
            let words: Vec<u32> = if e3 {
                // VOP3: SRC0 is bits 40:32, the DPP dword the third.
                vec![vop3[0], (vop3[1] & !0x1ff) | 0xfa, x | 1]
            } else {
                vec![(vop1 & !0x1ff) | 0xfa, x | 1]
            };
            let mut w = wave11(lanes);
            for l in 0..64 {
                w.vset(1, l, 0x100 + l as u32);
                w.vset(4, l, 0x10000 * l as u32);
                w.vset(2, l, 0xdead);
            }
            w.set_exec(exec);
            let what = format!(
                "wave{lanes} {} dpp {x:#010x} exec {exec:#x}",
                if e3 { "VOP3" } else { "VOP1" }
            );
            run11(&mut w, &words, &what);
            for l in 0..lanes {
                let on = exec >> l & 1 != 0
                    && row_mask >> (l / 16) & 1 != 0
                    && bank_mask >> (l % 16 / 4) & 1 != 0;
                let src = dpp16_source(ctrl, l).filter(|&s| fi != 0 || exec >> s & 1 != 0);
                let plus = if e3 { 0x10000 * l as u32 } else { 0 };
                let want = match (on, src) {
                    (false, _) => 0xdead,
                    (true, Some(s)) => (0x100 + s as u32).wrapping_add(plus),
                    (true, None) if bound != 0 => plus,
                    (true, None) => 0xdead,
                };
                assert_eq!(w.vget(2, l), want, "{what} lane {l}");
            }
        }
    }
}

/// gfx11 DPP8 (RDNA3: SRC0 0xE9, or 0xEA with FI; the dword's LANE_SEL_i at bits 3i+10:3i+8):
/// lane l reads lane (l & !7) | LANE_SEL_<l % 8>, 0 from an inactive lane unless FI; VOP1
/// and VOP3 forms.
#[test]
fn dpp8_lane_selects_from_their_own_bits() {
    let mut r = Rng::new(0xd998);
    for lanes in [32usize, 64] {
        let w64 = lanes == 64;
        let vop1 = words11("v_mov_b32_e32 v2, v1", w64)[0];
        let vop3 = words11("v_add_nc_u32_e64 v2, v1, v4", w64);
        for k in 0..80 {
            let sel: Vec<u32> = (0..8).map(|_| r.below(8) as u32).collect();
            let fi = r.below(2) as u32;
            let x = 1 | sel
                .iter()
                .enumerate()
                .fold(0, |a, (i, s)| a | s << (8 + 3 * i));
            let exec = (r.next_u64() | r.next_u64()) & if w64 { u64::MAX } else { 0xffff_ffff };
            let e3 = k % 2 == 1;
            let src0 = 0xe9 + fi;
            let words: Vec<u32> = if e3 {
                vec![vop3[0], (vop3[1] & !0x1ff) | src0, x]
            } else {
                vec![(vop1 & !0x1ff) | src0, x]
            };
            let mut w = wave11(lanes);
            for l in 0..64 {
                w.vset(1, l, 0x100 + l as u32);
                w.vset(4, l, 0x10000 * l as u32);
                w.vset(2, l, 0xdead);
            }
            w.set_exec(exec);
            let what = format!("wave{lanes} dpp8 {sel:?} fi {fi} exec {exec:#x} VOP3 {e3}");
            run11(&mut w, &words, &what);
            for l in 0..lanes {
                let s = (l & !7) | sel[l % 8] as usize;
                let plus = if e3 { 0x10000 * l as u32 } else { 0 };
                let v = if fi != 0 || exec >> s & 1 != 0 {
                    0x100 + s as u32
                } else {
                    0
                };
                let want = if exec >> l & 1 != 0 {
                    v.wrapping_add(plus)
                } else {
                    0xdead
                };
                assert_eq!(w.vget(2, l), want, "{what} lane {l}");
            }
        }
    }
}
