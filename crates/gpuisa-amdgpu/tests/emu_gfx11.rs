//! gfx11 (RDNA3) semantics instruction by instruction, in wave32 and wave64: each instruction is
//! assembled from llvm-mc syntax by gpuisa's assembler, decoded, executed on a wave whose
//! registers the test sets, and its results compared with values computed here from the RDNA3
//! ISA's rules (the VALU chapter: lane masks in one SGPR in wave32, VOPD, DPP16/DPP8, literals
//! extended to 64 bits).

use gpuisa_amdgpu::exec::mem::Memory;
use gpuisa_amdgpu::exec::wave::{Wave, EXEC, VCC};
use gpuisa_amdgpu::exec::{self, Ctx};
use gpuisa_amdgpu::gcn::Gen;
use gpuisa_amdgpu::rdna3::asm::assemble_inst;
use gpuisa_amdgpu::rdna3::inst::{decode_typed, Decoded11};

fn wave(lanes: usize) -> Wave {
    let mut w = Wave::new(64, lanes);
    w.set_exec(if lanes == 32 { 0xffff_ffff } else { u64::MAX });
    w.mode = 0xf0; // denormals kept, round to nearest (what a gfx11 kernel descriptor sets)
    w
}

/// Assembles and runs one instruction (or VOPD pair) on `w`.
fn run(w: &mut Wave, text: &str) {
    let wave64 = w.lanes == 64;
    let words = assemble_inst(text, wave64).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    run_words(w, text, &words);
}

/// Runs the encoded instruction `words` (`text` for messages).
fn run_words(w: &mut Wave, text: &str, words: &[u32]) {
    let wave64 = w.lanes == 64;
    let mut buf = [0u32; 4];
    for (k, x) in words.iter().take(4).enumerate() {
        buf[k] = *x;
    }
    let mem = Memory::new(vec![]);
    let mut lds = vec![0u8; 256];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        gen: Gen::Gfx9,
        lane_ops: 0,
        private_size: 0,
    };
    match decode_typed(&buf, words.len(), wave64)
        .unwrap_or_else(|_| panic!("{text}: does not decode"))
    {
        Decoded11::One(i) => {
            exec::step(w, &i, &mut ctx).unwrap_or_else(|e| panic!("{text}: {}", e.message));
        }
        Decoded11::Dual(x, y) => {
            // The pair as the emulator runs it: sources of both read before either writes.
            let before: Vec<u32> = (0..64).map(|l| w.vget(x.vdst as usize, l)).collect();
            exec::step(w, &x, &mut ctx).unwrap();
            let after: Vec<u32> = (0..64).map(|l| w.vget(x.vdst as usize, l)).collect();
            for (l, v) in before.iter().enumerate() {
                w.vset(x.vdst as usize, l, *v);
            }
            exec::step(w, &y, &mut ctx).unwrap();
            for (l, v) in after.iter().enumerate() {
                w.vset(x.vdst as usize, l, *v);
            }
        }
    }
}

fn set_v(w: &mut Wave, r: usize, f: impl Fn(usize) -> u32) {
    for l in 0..64 {
        w.vset(r, l, f(l));
    }
}

fn lanes(w: &Wave) -> std::ops::Range<usize> {
    0..w.lanes
}

#[test]
fn wave32_masks_live_in_one_sgpr() {
    for n in [32usize, 64] {
        let mut w = wave(n);
        set_v(&mut w, 1, |l| l as u32);
        set_v(&mut w, 2, |_| 10);
        w.s[VCC + 1] = 0xdead_beef;
        run(
            &mut w,
            if n == 32 {
                "v_cmp_gt_u32 vcc_lo, v1, v2"
            } else {
                "v_cmp_gt_u32 vcc, v1, v2"
            },
        );
        let want: u64 = (11..n).fold(0, |m, l| m | 1 << l);
        assert_eq!(w.vcc(), want, "wave{n}");
        if n == 32 {
            // vcc_hi is an ordinary SGPR in wave32: untouched.
            assert_eq!(w.s[VCC + 1], 0xdead_beef);
        }
        // Carry chain: v_add_co_u32 then v_add_co_ci_u32 through VCC (64-bit add per lane).
        set_v(&mut w, 3, |l| 0xffff_fff0u32.wrapping_add(l as u32));
        set_v(&mut w, 4, |_| 0x20);
        set_v(&mut w, 5, |l| l as u32);
        set_v(&mut w, 6, |_| 7);
        run(
            &mut w,
            if n == 32 {
                "v_add_co_u32 v7, vcc_lo, v3, v4"
            } else {
                "v_add_co_u32 v7, vcc, v3, v4"
            },
        );
        run(
            &mut w,
            if n == 32 {
                "v_add_co_ci_u32_e32 v8, vcc_lo, v5, v6, vcc_lo"
            } else {
                "v_add_co_ci_u32_e32 v8, vcc, v5, v6, vcc"
            },
        );
        for l in lanes(&w) {
            let a = (l as u64) << 32 | 0xffff_fff0u32.wrapping_add(l as u32) as u64;
            let s = a + (7u64 << 32 | 0x20);
            assert_eq!(
                (w.vget(7, l), w.vget(8, l)),
                (s as u32, (s >> 32) as u32),
                "wave{n} lane {l}"
            );
        }
    }
}

#[test]
fn exec_masks_and_saveexec() {
    let mut w = wave(32);
    set_v(&mut w, 1, |l| l as u32);
    w.s[EXEC + 1] = 0x1234_5678;
    // v_cmpx (gfx11: writes EXEC only).
    run(&mut w, "v_cmpx_lt_u32_e64 v1, 20");
    assert_eq!(w.exec(), 0xf_ffff);
    assert_eq!(w.s[EXEC + 1], 0x1234_5678);
    // Inactive lanes keep their values.
    set_v(&mut w, 2, |_| 5);
    run(&mut w, "v_add_nc_u32 v2, v1, v1");
    for l in 0..32 {
        assert_eq!(w.vget(2, l), if l < 20 { 2 * l as u32 } else { 5 });
    }
    // s_and_saveexec_b32: old EXEC saved, EXEC &= src, SCC = EXEC != 0.
    w.s[10] = 0xff;
    run(&mut w, "s_and_saveexec_b32 s11, s10");
    assert_eq!((w.s[11], w.exec(), w.scc), (0xf_ffff, 0xff, true));
    w.s[10] = 0x100;
    run(&mut w, "s_and_saveexec_b32 s12, s10");
    assert_eq!((w.s[12], w.exec(), w.scc), (0xff, 0, false));
}

#[test]
fn fmamk_fmaak_and_cndmask() {
    for n in [32usize, 64] {
        let mut w = wave(n);
        set_v(&mut w, 1, |l| (l as f32 * 0.3).to_bits());
        set_v(&mut w, 2, |l| (1.0 / (l as f32 + 1.0)).to_bits());
        run(&mut w, "v_fmamk_f32 v3, v1, 0x40490fdb, v2");
        run(&mut w, "v_fmaak_f32 v4, v1, v2, 0x3e800000");
        let k = f32::from_bits(0x40490fdb);
        for l in lanes(&w) {
            let (a, b) = (l as f32 * 0.3, 1.0 / (l as f32 + 1.0));
            assert_eq!(f32::from_bits(w.vget(3, l)), a.mul_add(k, b));
            assert_eq!(f32::from_bits(w.vget(4, l)), a.mul_add(b, 0.25));
        }
        // v_cndmask_b32_e64 with a lane mask in s[4] (s[4:5] in wave64).
        w.s[4] = 0xaaaa_aaaa;
        w.s[5] = 0x5555_5555;
        run(
            &mut w,
            if n == 32 {
                "v_cndmask_b32_e64 v5, v1, v2, s4"
            } else {
                "v_cndmask_b32_e64 v5, v1, v2, s[4:5]"
            },
        );
        let mask = if n == 32 {
            0xaaaa_aaaau64
        } else {
            0x5555_5555_aaaa_aaaa
        };
        for l in lanes(&w) {
            assert_eq!(
                w.vget(5, l),
                if mask >> l & 1 != 0 {
                    w.vget(2, l)
                } else {
                    w.vget(1, l)
                }
            );
        }
    }
}

#[test]
fn vopd_reads_before_writes() {
    let mut w = wave(32);
    set_v(&mut w, 1, |l| (l as f32).to_bits());
    set_v(&mut w, 2, |_| 2f32.to_bits());
    set_v(&mut w, 0, |_| 100f32.to_bits());
    set_v(&mut w, 5, |_| 1f32.to_bits());
    // X writes v0; Y reads v0: it sees the value from before the pair.
    run(
        &mut w,
        "v_dual_mul_f32 v0, v1, v2 :: v_dual_add_f32 v3, v0, v5",
    );
    for l in 0..32 {
        assert_eq!(f32::from_bits(w.vget(0, l)), l as f32 * 2.0);
        assert_eq!(f32::from_bits(w.vget(3, l)), 101.0);
    }
}

#[test]
fn dpp16_and_dpp8() {
    for n in [32usize, 64] {
        let mut w = wave(n);
        set_v(&mut w, 1, |l| 1000 + l as u32);
        let cases: [(&str, fn(usize) -> Option<usize>); 6] = [
            ("quad_perm:[1,0,3,2]", |l| Some(l ^ 1)),
            (
                "row_shl:1",
                |l| if l % 16 < 15 { Some(l + 1) } else { None },
            ),
            (
                "row_shr:3",
                |l| if l % 16 >= 3 { Some(l - 3) } else { None },
            ),
            ("row_ror:4", |l| Some((l & !15) + (l % 16 + 12) % 16)),
            ("row_share:5", |l| Some((l & !15) + 5)),
            ("row_xmask:6", |l| Some((l & !15) + ((l % 16) ^ 6))),
        ];
        for (ctrl, f) in cases {
            // bound_ctrl:1: an invalid source lane gives 0 (the write still happens).
            set_v(&mut w, 2, |_| 7);
            run(
                &mut w,
                &format!("v_mov_b32_dpp v2, v1 {ctrl} row_mask:0xf bank_mask:0xf bound_ctrl:1"),
            );
            for l in lanes(&w) {
                let want = f(l).map(|s| 1000 + s as u32).unwrap_or(0);
                assert_eq!(w.vget(2, l), want, "wave{n} {ctrl} lane {l}");
            }
            // Without bound_ctrl an invalid source lane is not written.
            set_v(&mut w, 2, |_| 7);
            run(
                &mut w,
                &format!("v_mov_b32_dpp v2, v1 {ctrl} row_mask:0xf bank_mask:0xf"),
            );
            for l in lanes(&w) {
                let want = f(l).map(|s| 1000 + s as u32).unwrap_or(7);
                assert_eq!(
                    w.vget(2, l),
                    want,
                    "wave{n} {ctrl} (no bound_ctrl) lane {l}"
                );
            }
        }
        // row_mask: rows whose bit is clear are not written.
        set_v(&mut w, 2, |_| 7);
        run(
            &mut w,
            "v_mov_b32_dpp v2, v1 quad_perm:[0,1,2,3] row_mask:0x5 bank_mask:0xf",
        );
        for l in lanes(&w) {
            assert_eq!(
                w.vget(2, l),
                if (l / 16) % 2 == 0 {
                    1000 + l as u32
                } else {
                    7
                },
                "row_mask lane {l}"
            );
        }
        // DPP8: lane l reads lane (l & !7) | sel[l % 8].
        run(&mut w, "v_mov_b32_dpp v3, v1 dpp8:[7,6,5,4,3,2,1,0]");
        for l in lanes(&w) {
            assert_eq!(
                w.vget(3, l),
                1000 + ((l & !7) | (7 - l % 8)) as u32,
                "dpp8 lane {l}"
            );
        }
        // A DPP add: src0 through the swizzle, src1 from the lane itself.
        set_v(&mut w, 4, |l| 10 * l as u32);
        run(
            &mut w,
            "v_add_nc_u32_dpp v5, v1, v4 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf",
        );
        for l in lanes(&w) {
            assert_eq!(
                w.vget(5, l),
                1000 + ((l & !3) | (3 - l % 4)) as u32 + 10 * l as u32
            );
        }
    }
}

#[test]
fn literals_extend_to_64_bits_by_type() {
    let mut w = wave(32);
    set_v(&mut w, 0, |_| 1);
    // The encodings are llvm-mc-19's (gpuisa's assembler does not take a literal there yet).
    // Signed 64-bit operand: the literal is sign-extended (-16 >> 1 = -8).
    run_words(
        &mut w,
        "v_ashrrev_i64 v[2:3], v0, 0xfffffff0",
        &[0xd73e_0002, 0x0001_ff00, 0xffff_fff0],
    );
    assert_eq!((w.vget(2, 0), w.vget(3, 0)), (0xffff_fff8, 0xffff_ffff));
    // Unsigned 64-bit operand: zero-extended.
    run_words(
        &mut w,
        "v_lshrrev_b64 v[4:5], v0, 0xfffffff0",
        &[0xd73d_0004, 0x0001_ff00, 0xffff_fff0],
    );
    assert_eq!((w.vget(4, 0), w.vget(5, 0)), (0x7fff_fff8, 0));
    // f64 operand: the literal is the high dword.
    set_v(&mut w, 6, |_| 0);
    set_v(&mut w, 7, |_| 0x3ff0_0000); // 1.0
    run_words(
        &mut w,
        "v_add_f64 v[8:9], v[6:7], 0x40080000",
        &[0xd727_0008, 0x0001_ff06, 0x4008_0000],
    ); // + 3.0
    assert_eq!(
        ((w.vget(9, 0) as u64) << 32 | w.vget(8, 0) as u64),
        4f64.to_bits()
    );
}

#[test]
fn readlane_ignores_high_lane_bits() {
    let mut w = wave(32);
    set_v(&mut w, 1, |l| 500 + l as u32);
    w.s[3] = 33; // lane 33 in wave32 is lane 1
    run(&mut w, "v_readlane_b32 s4, v1, s3");
    assert_eq!(w.s[4], 501);
    run(&mut w, "v_writelane_b32 v2, s4, 34");
    assert_eq!(w.vget(2, 2), 501);
    // M0 is code 125 on gfx11.
    w.s[1] = 0x1234;
    run(&mut w, "s_mov_b32 m0, s1");
    run(&mut w, "s_mov_b32 s2, m0");
    assert_eq!(w.s[2], 0x1234);
}

/// f16 bits of small exact values (the test inputs are all exactly representable).
fn h(x: f32) -> u32 {
    let b = x.to_bits();
    let (s, e, m) = (b >> 31, ((b >> 23) & 0xff) as i32, b & 0x7f_ffff);
    if x == 0.0 {
        return s << 15;
    }
    (s << 15) | (((e - 127 + 15) as u32) << 10) | (m >> 13)
}

#[test]
fn gfx11_only_operations() {
    let mut w = wave(32);
    set_v(&mut w, 1, |l| l as u32 * 3);
    set_v(&mut w, 2, |l| 0x55 + l as u32);
    set_v(&mut w, 3, |_| 0xf0f0);
    run(&mut w, "v_xor3_b32 v4, v1, v2, v3");
    for l in 0..32 {
        assert_eq!(w.vget(4, l), (l as u32 * 3) ^ (0x55 + l as u32) ^ 0xf0f0);
    }
    // max then min, min then max (integers and floats, NaN gives the other operand).
    set_v(&mut w, 5, |l| (l as i32 - 16) as u32);
    set_v(&mut w, 6, |_| (-4i32) as u32);
    set_v(&mut w, 7, |_| 5);
    run(&mut w, "v_maxmin_i32 v8, v5, v6, v7");
    // (min first: min(a, 5) then max with -4, a clamp; with -4 and 5 the other way round the
    // result would be 5 for every lane.)
    run(&mut w, "v_minmax_i32 v9, v5, v7, v6");
    for l in 0..32 {
        let a = l as i32 - 16;
        assert_eq!(w.vget(8, l) as i32, a.max(-4).min(5));
        assert_eq!(w.vget(9, l) as i32, a.min(5).max(-4));
    }
    set_v(&mut w, 10, |l| {
        if l == 3 {
            f32::NAN.to_bits()
        } else {
            (l as f32 - 10.0).to_bits()
        }
    });
    set_v(&mut w, 11, |_| (-2.5f32).to_bits());
    set_v(&mut w, 12, |_| 6.0f32.to_bits());
    run(&mut w, "v_maxmin_f32 v13, v10, v11, v12");
    for l in 0..32 {
        let a = if l == 3 { f32::NAN } else { l as f32 - 10.0 };
        let mx = if a.is_nan() { -2.5 } else { a.max(-2.5) };
        assert_eq!(f32::from_bits(w.vget(13, l)), mx.min(6.0), "lane {l}");
    }
    // 16-bit moves keep the high half; conversions sign- or zero-extend.
    set_v(&mut w, 14, |l| 0xabcd_0000 | l as u32);
    set_v(&mut w, 15, |l| 0x1234_8000 + l as u32);
    run(&mut w, "v_mov_b16 v14.l, v15.l");
    run(&mut w, "v_cvt_i32_i16 v16, v15");
    run(&mut w, "v_cvt_u32_u16 v17, v15");
    for l in 0..32 {
        assert_eq!(w.vget(14, l), 0xabcd_8000 + l as u32);
        assert_eq!(w.vget(16, l), (0x8000u16 + l as u16) as i16 as i32 as u32);
        assert_eq!(w.vget(17, l), 0x8000 + l as u32);
    }
    // f16 fmac into the low half, dot2acc of two f16 pairs into an f32.
    set_v(&mut w, 18, |l| h(l as f32 * 0.5));
    set_v(&mut w, 19, |_| h(3.0));
    set_v(&mut w, 20, |_| 0x7777_0000 | h(1.0));
    run(&mut w, "v_fmac_f16 v20, v18, v19");
    for l in 0..32 {
        assert_eq!(
            w.vget(20, l),
            0x7777_0000 | h(l as f32 * 1.5 + 1.0),
            "fmac_f16 lane {l}"
        );
    }
    set_v(&mut w, 21, |l| h(l as f32) | h(2.0) << 16);
    set_v(&mut w, 22, |_| h(0.5) | h(4.0) << 16);
    set_v(&mut w, 23, |_| 100f32.to_bits());
    run(&mut w, "v_dot2acc_f32_f16 v23, v21, v22");
    for l in 0..32 {
        assert_eq!(f32::from_bits(w.vget(23, l)), 100.0 + l as f32 * 0.5 + 8.0);
    }
    // DX9 fma: zero times infinity is zero.
    set_v(&mut w, 24, |l| if l % 2 == 0 { 0 } else { 2f32.to_bits() });
    set_v(&mut w, 25, |_| f32::INFINITY.to_bits());
    set_v(&mut w, 26, |_| 1f32.to_bits());
    run(&mut w, "v_fma_dx9_zero_f32 v27, v24, v25, v26");
    for l in 0..32 {
        let want = if l % 2 == 0 { 1.0 } else { f32::INFINITY };
        assert_eq!(f32::from_bits(w.vget(27, l)), want);
    }
}

#[test]
fn permlanes() {
    let mut w = wave(64);
    set_v(&mut w, 1, |l| 100 + l as u32);
    run(&mut w, "v_permlane64_b32 v2, v1");
    for l in 0..64 {
        assert_eq!(w.vget(2, l), 100 + (l ^ 32) as u32);
    }
    let mut w = wave(32);
    set_v(&mut w, 1, |l| 100 + l as u32);
    // Lane r of each row reads lane sel[r] of its row (x16: of the other row).
    w.s[4] = 0x7654_3210;
    w.s[5] = 0xfedc_ba98;
    run(&mut w, "v_permlane16_b32 v3, v1, s4, s5");
    run(&mut w, "v_permlanex16_b32 v4, v1, s4, s5");
    for l in 0..32 {
        assert_eq!(w.vget(3, l), 100 + l as u32);
        assert_eq!(w.vget(4, l), 100 + (l ^ 16) as u32);
    }
    w.s[4] = 0x0123_4567;
    w.s[5] = 0x89ab_cdef;
    run(&mut w, "v_permlane16_b32 v5, v1, s4, s5");
    for l in 0..32 {
        assert_eq!(
            w.vget(5, l),
            100 + ((l & !15) | ((15 - (l & 15)) ^ 8)) as u32,
            "lane {l}"
        );
    }
}

/// WMMA (wave32), with the operand layout of the RDNA3 ISA: A's row m and B's column n in lane
/// m (n) and lane m+16 (n+16), K packed from bit 0; C/D register v of lane l holds element
/// (2v + l/16, l%16).
#[test]
fn wmma_f32_f16_and_i32_iu8() {
    let mut w = wave(32);
    let a = |m: usize, k: usize| ((m * 3 + k * 5) % 7) as f32 - 3.0;
    let b = |k: usize, n: usize| ((k + 2 * n) % 5) as f32 * 0.5;
    let c = |m: usize, n: usize| (m as f32) - (n as f32) * 0.25;
    for l in 0..32 {
        for v in 0..8 {
            w.vset(
                8 + v,
                l,
                h(a(l % 16, 2 * v)) | h(a(l % 16, 2 * v + 1)) << 16,
            );
            w.vset(
                16 + v,
                l,
                h(b(2 * v, l % 16)) | h(b(2 * v + 1, l % 16)) << 16,
            );
            w.vset(24 + v, l, c(2 * v + l / 16, l % 16).to_bits());
        }
    }
    run(
        &mut w,
        "v_wmma_f32_16x16x16_f16 v[32:39], v[8:15], v[16:23], v[24:31]",
    );
    for l in 0..32 {
        for v in 0..8 {
            let (m, n) = (2 * v + l / 16, l % 16);
            let want: f32 = c(m, n) + (0..16).map(|k| a(m, k) * b(k, n)).sum::<f32>();
            assert_eq!(f32::from_bits(w.vget(32 + v, l)), want, "D[{m}][{n}]");
        }
    }
    // i8 x u8 (neg_lo[0]: A signed; B unsigned) with an i32 accumulator.
    let ai = |m: usize, k: usize| ((m * 7 + k * 11) % 256) as u8;
    let bi = |k: usize, n: usize| ((k * 13 + n * 3) % 256) as u8;
    for l in 0..32 {
        for v in 0..4 {
            let pack = |f: &dyn Fn(usize) -> u8| {
                (0..4).fold(0u32, |acc, j| acc | (f(4 * v + j) as u32) << (8 * j))
            };
            w.vset(40 + v, l, pack(&|k| ai(l % 16, k)));
            w.vset(44 + v, l, pack(&|k| bi(k, l % 16)));
        }
        for v in 0..8 {
            w.vset(48 + v, l, 1000);
        }
    }
    run(
        &mut w,
        "v_wmma_i32_16x16x16_iu8 v[56:63], v[40:43], v[44:47], v[48:55] neg_lo:[1,0,0]",
    );
    for l in 0..32 {
        for v in 0..8 {
            let (m, n) = (2 * v + l / 16, l % 16);
            let want: i32 = 1000
                + (0..16)
                    .map(|k| ai(m, k) as i8 as i32 * bi(k, n) as i32)
                    .sum::<i32>();
            assert_eq!(w.vget(56 + v, l) as i32, want, "Di[{m}][{n}]");
        }
    }
}

#[test]
fn dot_products_and_pk_fmac() {
    let mut w = wave(32);
    // i8 x u8 dot4 (neg_lo[0]: A signed) with an accumulator, and iu4 dot8 both unsigned.
    set_v(&mut w, 1, |l| {
        0x80ff_7f01u32.wrapping_add(l as u32 * 0x0102_0304)
    });
    set_v(&mut w, 2, |l| 0x0203_04f0u32 ^ (l as u32 * 0x1111));
    set_v(&mut w, 3, |l| 1000 + l as u32);
    run(&mut w, "v_dot4_i32_iu8 v4, v1, v2, v3 neg_lo:[1,0,0]");
    run(&mut w, "v_dot8_i32_iu4 v5, v1, v2, v3");
    for l in 0..32 {
        let (a, b) = (w.vget(1, l), w.vget(2, l));
        let d4: i32 = 1000
            + l as i32
            + (0..4)
                .map(|k| ((a >> (8 * k)) as u8 as i8 as i32) * ((b >> (8 * k)) as u8 as i32))
                .sum::<i32>();
        let d8: i32 = 1000
            + l as i32
            + (0..8)
                .map(|k| (((a >> (4 * k)) & 15) * ((b >> (4 * k)) & 15)) as i32)
                .sum::<i32>();
        assert_eq!(w.vget(4, l) as i32, d4, "dot4 lane {l}");
        assert_eq!(w.vget(5, l) as i32, d8, "dot8 lane {l}");
    }
    // bf16 pairs into f32 (small exact values: every rounding is exact).
    let bf = |x: f32| x.to_bits() >> 16;
    set_v(&mut w, 6, |l| bf(l as f32) | bf(0.5) << 16);
    set_v(&mut w, 7, |_| bf(3.0) | bf(-4.0) << 16);
    set_v(&mut w, 8, |_| 10f32.to_bits());
    run(&mut w, "v_dot2_f32_bf16 v9, v6, v7, v8");
    for l in 0..32 {
        assert_eq!(f32::from_bits(w.vget(9, l)), 10.0 + 3.0 * l as f32 - 2.0);
    }
    // Packed f16 fmac: each half its own fma into the destination's half.
    set_v(&mut w, 10, |l| h(l as f32) | h(2.0) << 16);
    set_v(&mut w, 11, |_| h(0.5) | h(-1.5) << 16);
    set_v(&mut w, 12, |_| h(1.0) | h(8.0) << 16);
    run(&mut w, "v_pk_fmac_f16 v12, v10, v11");
    for l in 0..32 {
        assert_eq!(
            w.vget(12, l),
            h(l as f32 * 0.5 + 1.0) | h(5.0) << 16,
            "lane {l}"
        );
    }
}
