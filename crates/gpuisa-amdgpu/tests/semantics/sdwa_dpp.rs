//! SDWA and DPP (gfx8/gfx9): the same VOP1/VOP2 operations through the sub-dword selects and
//! the data-parallel lane moves, against the selection and lane rules written out here.

use super::harness::*;
use gpuisa_amdgpu::gcn::Gen;

const SDWA_GENS: [Gen; 3] = [Gen::Gfx8, Gen::Gfx9, Gen::Gfx906];

fn rng_words(n: usize, seed: u64) -> Vec<u32> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 16) as u32
        })
        .collect()
}

const SELS: [&str; 7] = [
    "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD",
];

fn sel(x: u32, s: usize, sext: bool) -> u32 {
    sdwa_sel(x, s as u32, sext)
}

fn dst(r: u32, old: u32, s: usize, unused: usize) -> u32 {
    sdwa_dst(r, old, s as u32, unused as u32)
}

#[test]
pub fn sdwa_source_and_destination_selects() {
    let mut ck = Check::new();
    let words = rng_words(192, 77);
    let cases: Vec<([u32; 3], u32)> = words.chunks(3).map(|c| ([c[0], c[1], 0], c[2])).collect();
    let unused = ["UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"];
    for gen in SDWA_GENS {
        for s0 in 0..7 {
            for s1 in [0usize, 3, 5, 6] {
                for ds in [1usize, 4, 5, 6] {
                    for (u, uname) in unused.iter().enumerate() {
                        for sext in [false, true] {
                            let src0 = if sext { "sext(v0)" } else { "v0" };
                            let text = format!("v_add_u16_sdwa v3, {src0}, v1 dst_sel:{} dst_unused:{uname} src0_sel:{} src1_sel:{}", SELS[ds], SELS[s0], SELS[s1]);
                            let got = vop_d(gen, MODE_DEFAULT, &text, &cases);
                            for ((c, old), g) in cases.iter().zip(&got) {
                                let r = (sel(c[0], s0, sext) as u16)
                                    .wrapping_add(sel(c[1], s1, false) as u16)
                                    as u32;
                                ck.eq(*g, dst(r, *old, ds, u), || {
                                    format!("{gen:?} {text} {:#x} {:#x} old {old:#x}", c[0], c[1])
                                });
                            }
                        }
                    }
                }
            }
        }
        // 32-bit operations: v_or_b32 (sext of a byte), v_mul_f32 with a word select of f32 bits.
        for s0 in 0..7 {
            let text = format!("v_or_b32_sdwa v3, sext(v0), v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:{} src1_sel:DWORD", SELS[s0]);
            let got = vop_d(gen, MODE_DEFAULT, &text, &cases);
            for ((c, _), g) in cases.iter().zip(&got) {
                ck.eq(*g, sel(c[0], s0, true) | c[1], || {
                    format!("{gen:?} {text} {:#x} {:#x}", c[0], c[1])
                });
            }
        }
        // VOP1 with SDWA: v_mov_b32 of a selected byte into a selected word.
        let text =
            "v_mov_b32_sdwa v3, v0 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_2";
        let got = vop_d(gen, MODE_DEFAULT, text, &cases);
        for ((c, old), g) in cases.iter().zip(&got) {
            ck.eq(*g, dst(sel(c[0], 2, false), *old, 5, 2), || {
                format!("{gen:?} {text} {:#x}", c[0])
            });
        }
        // Float source modifiers in SDWA: neg/abs on f32 operands.
        let fc: Vec<([u32; 3], u32)> = [1.5f32, -2.0, 0.0, -0.0, 3.25]
            .iter()
            .map(|&x| ([x.to_bits(), (-0.5f32).to_bits(), 0], 0))
            .collect();
        let text = "v_add_f32_sdwa v3, -|v0|, |v1| dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD";
        let got = vop_d(gen, MODE_DEFAULT, text, &fc);
        for ((c, _), g) in fc.iter().zip(&got) {
            let w = -f32::from_bits(c[0]).abs() + f32::from_bits(c[1]).abs();
            ck.eq(*g, w.to_bits(), || {
                format!("{gen:?} {text} {}", f32::from_bits(c[0]))
            });
        }
    }
    ck.done();
}

/// The lane a DPP control makes lane `l` read (None: out of bounds), from the ISA's list.
fn dpp_source(ctrl: &str, l: usize) -> Option<usize> {
    let (row, r) = (l / 16 * 16, l % 16);
    let num = |p: &str| ctrl.strip_prefix(p).and_then(|x| x.parse::<usize>().ok());
    if let Some(q) = ctrl.strip_prefix("quad_perm:[") {
        let p: Vec<usize> = q
            .trim_end_matches(']')
            .split(',')
            .map(|x| x.parse().unwrap())
            .collect();
        return Some((l & !3) + p[l & 3]);
    }
    if let Some(n) = num("row_shl:") {
        return (r + n < 16).then(|| l + n);
    }
    if let Some(n) = num("row_shr:") {
        return (r >= n).then(|| l - n);
    }
    if let Some(n) = num("row_ror:") {
        return Some(row + (r + 16 - n) % 16);
    }
    match ctrl {
        "wave_shl:1" => (l < 63).then(|| l + 1),
        "wave_rol:1" => Some((l + 1) % 64),
        "wave_shr:1" => l.checked_sub(1),
        "wave_ror:1" => Some((l + 63) % 64),
        "row_mirror" => Some(row + 15 - r),
        "row_half_mirror" => Some(l / 8 * 8 + 7 - l % 8),
        // Lane 15 of each row to every lane of the next row; lane 31 to rows 2 and 3.
        "row_bcast:15" => (row >= 16).then(|| row - 1),
        "row_bcast:31" => (row >= 32).then_some(31),
        _ => panic!("{ctrl}"),
    }
}

#[test]
pub fn dpp_lane_moves_masks_and_bound_ctrl() {
    let mut ck = Check::new();
    let ctrls = [
        "quad_perm:[3,2,1,0]",
        "quad_perm:[0,0,2,1]",
        "row_shl:1",
        "row_shl:15",
        "row_shr:3",
        "row_ror:5",
        "wave_shl:1",
        "wave_rol:1",
        "wave_shr:1",
        "wave_ror:1",
        "row_mirror",
        "row_half_mirror",
        "row_bcast:15",
        "row_bcast:31",
    ];
    for gen in SDWA_GENS {
        for ctrl in ctrls {
            for (masks, row_mask, bank_mask) in [
                ("row_mask:0xf bank_mask:0xf", 0xfu32, 0xfu32),
                ("row_mask:0xa bank_mask:0x5", 0xa, 0x5),
            ] {
                for bound in [false, true] {
                    for exec in [u64::MAX, 0xffff_0f0f_f0f0_7ffe] {
                        let text = format!(
                            "v_add_u32_dpp v3, v0, v1 {ctrl} {masks}{}",
                            if bound { " bound_ctrl:0" } else { "" }
                        );
                        let text = if gen == Gen::Gfx8 {
                            text.replace("v3, v0", "v3, vcc, v0")
                        } else {
                            text
                        };
                        let mut e = Emu::new(gen);
                        for l in 0..64 {
                            e.set_v(0, l, 1000 * (l as u32 + 1));
                            e.set_v(1, l, l as u32);
                            e.set_v(3, l, 0xdead);
                        }
                        e.w.set_exec(exec);
                        e.run(&text);
                        for l in 0..64 {
                            let enabled = exec >> l & 1 != 0
                                && row_mask >> (l / 16) & 1 != 0
                                && bank_mask >> (l % 16 / 4) & 1 != 0;
                            // A source lane out of bounds or disabled in EXEC reads 0 with
                            // bound_ctrl, otherwise the lane is not written.
                            let src = dpp_source(ctrl, l).filter(|&s| exec >> s & 1 != 0);
                            let want = match (enabled, src) {
                                (false, _) => 0xdead,
                                (true, Some(s)) => 1000 * (s as u32 + 1) + l as u32,
                                (true, None) if bound => l as u32,
                                (true, None) => 0xdead,
                            };
                            ck.eq(e.v(3, l), want, || {
                                format!("{gen:?} {text} exec={exec:#x} lane {l}")
                            });
                        }
                    }
                }
            }
        }
    }
    ck.done();
}

#[test]
pub fn sdwa_compares() {
    // VOPC with SDWA: selected sub-dwords compared; gfx9 may write an SGPR pair, gfx8 writes VCC.
    let mut ck = Check::new();
    let words = rng_words(128, 5);
    let cases: Vec<[u32; 3]> = words.chunks(2).map(|c| [c[0], c[1], 0]).collect();
    for gen in SDWA_GENS {
        for (s0, s1) in [(0usize, 1usize), (4, 5), (3, 6), (5, 2)] {
            let dst = if gen == Gen::Gfx8 { "vcc" } else { "s[10:11]" };
            let text = format!(
                "v_cmp_lt_u32_sdwa {dst}, v0, v1 src0_sel:{} src1_sel:{}",
                SELS[s0], SELS[s1]
            );
            let (_, bits) = vop_mask(
                gen,
                MODE_DEFAULT,
                &text,
                &cases,
                0,
                if gen == Gen::Gfx8 { VCC_REG } else { 10 },
            );
            for (c, b) in cases.iter().zip(&bits) {
                ck.eq(*b, sel(c[0], s0, false) < sel(c[1], s1, false), || {
                    format!("{gen:?} {text} {:#x} {:#x}", c[0], c[1])
                });
            }
            let text = format!(
                "v_cmp_gt_i32_sdwa {dst}, sext(v0), sext(v1) src0_sel:{} src1_sel:{}",
                SELS[s0], SELS[s1]
            );
            let (_, bits) = vop_mask(
                gen,
                MODE_DEFAULT,
                &text,
                &cases,
                0,
                if gen == Gen::Gfx8 { VCC_REG } else { 10 },
            );
            for (c, b) in cases.iter().zip(&bits) {
                ck.eq(
                    *b,
                    (sel(c[0], s0, true) as i32) > (sel(c[1], s1, true) as i32),
                    || format!("{gen:?} {text} {:#x} {:#x}", c[0], c[1]),
                );
            }
        }
    }
    ck.done();
}

#[test]
pub fn dpp_and_sdwa_modifiers_and_scalar_sources() {
    let mut ck = Check::new();
    for gen in SDWA_GENS {
        // DPP with float source modifiers: lane l reads lane l^1 of src0 (quad_perm:[1,0,3,2]).
        let mut e = Emu::new(gen);
        for l in 0..64 {
            e.set_v(0, l, (l as f32 - 20.0).to_bits());
            e.set_v(1, l, (-(l as f32) * 0.5).to_bits());
        }
        e.run("v_add_f32_dpp v3, -v0, |v1| quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf");
        for l in 0..64 {
            let want = -((l ^ 1) as f32 - 20.0) + (-(l as f32) * 0.5).abs();
            ck.eq(e.v(3, l), want.to_bits(), || {
                format!("{gen:?} v_add_f32_dpp with modifiers lane {l}")
            });
        }
        // gfx9 SDWA may take an SGPR or a constant as a source; with clamp.
        if gen >= Gen::Gfx9 {
            e.set_s(2, 0x0003_0004);
            e.run("v_add_u16_sdwa v3, s2, v1 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:BYTE_0");
            for l in 0..64 {
                let b0 = e.v(1, l) & 0xff;
                ck.eq(e.v(3, l), ((3 + b0) & 0xffff) << 16, || {
                    format!("{gen:?} SDWA SGPR source lane {l}")
                });
            }
            e.run("v_add_f32_sdwa v3, 0.5, v0 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD");
            for l in 0..64 {
                let want = (0.5 + (l as f32 - 20.0)).clamp(0.0, 1.0);
                ck.eq(e.v(3, l), want.to_bits(), || {
                    format!("{gen:?} SDWA constant source with clamp lane {l}")
                });
            }
        }
    }
    ck.done();
}
