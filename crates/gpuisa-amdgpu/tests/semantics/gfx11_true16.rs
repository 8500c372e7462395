//! true16 register halves on gfx11: in VOP1/VOP2/VOPC the 8-bit VGPR field of a 16-bit operand
//! addresses a half (bit 7: the high half of v[n & 127]); VOP3 selects halves with op_sel
//! (op_sel[3]: the destination's); a 16-bit result keeps the other half of its register. The
//! words are llvm-mc-19's fake16 encodings with the half bits set by hand (llvm-mc-19 prints
//! the `.h` forms only with `-mattr=+real-true16`).

use super::gfx11_harness::*;
use super::gfx11_valu::{fma_round, hv, lo, r16};
use super::harness::Check;

/// Bit 7 of VOP2's SRC0 (a VGPR), VSRC1 and VDST fields.
const SRC0_H: u32 = 0x80;
const VSRC1_H: u32 = 1 << 16;
const VDST_H: u32 = 1 << 24;

fn run_words(ws: &[u32], cases: &[([u32; 3], u32)]) -> Vec<u32> {
    vop_i(&decode(ws, false), MODE, cases)
}

fn half(x: u32, hi: bool) -> u32 {
    if hi {
        x >> 16
    } else {
        x & 0xffff
    }
}
fn put(d: u32, r: u32, hi: bool) -> u32 {
    if hi {
        (d & 0xffff) | (r & 0xffff) << 16
    } else {
        lo(d, r)
    }
}

#[test]
fn vop2_f16_fields_address_halves() {
    let cases = cases_h16(7, 64);
    let mut chk = Check::new();
    type F = fn(f64, f64, f64) -> u32;
    let ops: [(&str, F); 4] = [
        ("v_add_f16_e32 v3, v0, v1", |a, b, _| r16(a + b)),
        ("v_mul_f16_e32 v3, v0, v1", |a, b, _| r16(a * b)),
        ("v_sub_f16_e32 v3, v0, v1", |a, b, _| r16(a - b)),
        // v_fmac_f16 reads its accumulator from the destination's half.
        ("v_fmac_f16_e32 v3, v0, v1", |a, b, c| {
            fma_round(a, b, c, false)
        }),
    ];
    for (text, f) in ops {
        let base = words(text);
        for bits in 0..8u32 {
            let (h0, h1, hd) = (bits & 1 != 0, bits & 2 != 0, bits & 4 != 0);
            let mut ws = base.clone();
            ws[0] |= if h0 { SRC0_H } else { 0 } | if h1 { VSRC1_H } else { 0 };
            ws[0] |= if hd { VDST_H } else { 0 };
            let got = run_words(&ws, &cases);
            for ((s, d), g) in cases.iter().zip(got) {
                let r = f(hv(half(s[0], h0)), hv(half(s[1], h1)), hv(half(*d, hd)));
                let want = put(*d, r, hd);
                let cmp = if hd { Cmp::F16Pair } else { Cmp::F16Lo };
                chk.ok(same(cmp, g, want) && (g & 0xffff == want & 0xffff || !hd), || {
                    format!("{text} halves {bits:03b} ({:08x} {:08x} d {d:08x}): got {g:08x}, want {want:08x}", s[0], s[1])
                });
            }
        }
    }
    chk.done();
}

#[test]
fn vop1_and_vopc_halves_and_32_bit_operands() {
    let cases = cases_h16(11, 64);
    let mut chk = Check::new();
    // v_cvt_f32_f16 v3, v0.h: a 16-bit source.
    let mut ws = words("v_cvt_f32_f16_e32 v3, v0");
    ws[0] |= SRC0_H;
    for ((s, _), g) in cases.iter().zip(run_words(&ws, &cases)) {
        let want = (hv(s[0] >> 16) as f32).to_bits();
        chk.ok(same(Cmp::F32, g, want), || {
            format!(
                "v_cvt_f32_f16 v3, v0.h ({:08x}): got {g:08x}, want {want:08x}",
                s[0]
            )
        });
    }
    // v_cvt_f16_f32 v3.h, v0: the destination is 16-bit, the source 32-bit.
    let mut ws = words("v_cvt_f16_f32_e32 v3, v0");
    ws[0] |= VDST_H;
    let f32cases = cases_32(5, &F32S, 64);
    for ((s, d), g) in f32cases.iter().zip(run_words(&ws, &f32cases)) {
        let want = put(*d, r16(f32::from_bits(s[0]) as f64), true);
        chk.ok(
            same(Cmp::F16Pair, g, want) && g & 0xffff == d & 0xffff,
            || {
                format!(
                    "v_cvt_f16_f32 v3.h, v0 ({:08x} d {d:08x}): got {g:08x}, want {want:08x}",
                    s[0]
                )
            },
        );
    }
    // ... and a 32-bit source's field from 128 on is the register v128, not a half.
    let i = inst("v_cvt_f16_f32_e32 v3, v128");
    let mut w = wave(32);
    for l in 0..32 {
        w.vset(128, l, (1.5f32 + l as f32).to_bits());
        w.vset(0, l, 0);
        w.vset(3, l, 0xabcd_0000);
    }
    step(&mut w, &i).unwrap();
    for l in 0..32 {
        chk.eq(w.vget(3, l), 0xabcd_0000 | r16(1.5 + l as f64), || {
            format!("v_cvt_f16_f32 v3, v128 lane {l}")
        });
    }
    // v_cmp_lt_f16 vcc_lo, v0.h, v1.l (VOPC: SRC0 bit 7).
    let mut ws = words("v_cmp_lt_f16_e32 vcc_lo, v0, v1");
    ws[0] |= SRC0_H;
    let i = decode(&ws, false);
    for chunk in cases.chunks(32) {
        let mut w = wave(32);
        for (l, (s, _)) in chunk.iter().enumerate() {
            w.vset(0, l, s[0]);
            w.vset(1, l, s[1]);
        }
        step(&mut w, &i).unwrap();
        let want = chunk.iter().enumerate().fold(0u64, |m, (l, (s, _))| {
            m | ((hv(s[0] >> 16) < hv(s[1])) as u64) << l
        });
        let got = w.vcc() & ((1u64 << chunk.len()) - 1);
        chk.eq(got, want, || "v_cmp_lt_f16 vcc_lo, v0.h, v1.l".into());
    }
    // v_mov_b16 v3.h, v0.l (llvm-mc-19 prints these halves already).
    for ((s, d), g) in cases
        .iter()
        .zip(vop("v_mov_b16_e32 v3.h, v0.l", MODE, &cases))
    {
        chk.eq(g, put(*d, s[0], true), || {
            format!("v_mov_b16 v3.h, v0.l ({:08x})", s[0])
        });
    }
    // A 16-bit result in the low half keeps the high half (gfx10+), in VOP1 and VOP3.
    for text in ["v_cvt_f16_f32_e32 v3, v0", "v_cvt_f16_f32_e64 v3, v0"] {
        for ((s, d), g) in f32cases.iter().zip(vop(text, MODE, &f32cases)) {
            let want = lo(*d, r16(f32::from_bits(s[0]) as f64));
            chk.ok(same(Cmp::F16Lo, g, want), || {
                format!(
                    "{text} ({:08x} d {d:08x}): got {g:08x}, want {want:08x}",
                    s[0]
                )
            });
        }
    }
    chk.done();
}

#[test]
fn vop3_op_sel_selects_halves() {
    let cases = cases_h16(13, 64);
    let mut chk = Check::new();
    for sel in 0..16u32 {
        let bit = |k: u32| sel >> k & 1;
        // (llvm writes no op_sel when all its bits are 0)
        let text = if sel == 0 {
            "v_fma_f16 v3, v0, v1, v2".to_string()
        } else {
            format!(
                "v_fma_f16 v3, v0, v1, v2 op_sel:[{},{},{},{}]",
                bit(0),
                bit(1),
                bit(2),
                bit(3)
            )
        };
        for ((s, d), g) in cases.iter().zip(vop(&text, MODE, &cases)) {
            let x = |k: usize| hv(half(s[k], bit(k as u32) != 0));
            let want = put(*d, fma_round(x(0), x(1), x(2), false), bit(3) != 0);
            chk.ok(
                same(Cmp::F16Pair, g, want)
                    && (if bit(3) != 0 {
                        g & 0xffff == d & 0xffff
                    } else {
                        g >> 16 == d >> 16
                    }),
                || {
                    format!(
                        "{text} ({:08x?} d {d:08x}): got {g:08x}, want {want:08x}",
                        s
                    )
                },
            );
        }
    }
    // Integer 16-bit VOP3 with op_sel.
    for ((s, d), g) in cases
        .iter()
        .zip(vop("v_add_nc_u16 v3, v0, v1 op_sel:[1,0,1]", MODE, &cases))
    {
        let want = put(*d, (s[0] >> 16).wrapping_add(s[1]), true);
        chk.eq(g, want, || {
            format!("v_add_nc_u16 op_sel:[1,0,1] ({:08x?})", s)
        });
    }
    chk.done();
}

#[test]
fn high_destination_words_decode_with_their_text() {
    use gpuisa_amdgpu::rdna3::inst::decode_typed_text;
    let mut ws = words("v_add_f16_e32 v3, v0, v1");
    ws[0] |= VDST_H;
    let mut b = [0u32; 4];
    b[0] = ws[0];
    let mut text = String::new();
    assert!(decode_typed_text(&b, 1, false, &mut text).is_ok());
    assert_eq!(text, "v_add_f16_e32 v3.h, v0, v1");
}

#[test]
fn dpp_and_wave64_halves() {
    let cases = cases_h16(17, 40);
    let mut chk = Check::new();
    // DPP16 (quad_perm identity): the DPP dword's SRC0 byte has the half bit too.
    let mut ws = words("v_add_f16_dpp v3, v0, v1 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf");
    ws[1] |= 0x80;
    ws[0] |= VSRC1_H | VDST_H;
    for ((s, d), g) in cases.iter().zip(run_words(&ws, &cases)) {
        let want = put(*d, r16(hv(s[0] >> 16) + hv(s[1] >> 16)), true);
        chk.ok(same(Cmp::F16Pair, g, want) && g & 0xffff == d & 0xffff, || {
            format!("v_add_f16_dpp v3.h, v0.h, v1.h ({:08x} {:08x} d {d:08x}): got {g:08x}, want {want:08x}", s[0], s[1])
        });
    }
    // wave64: every lane.
    let mut ws =
        gpuisa_amdgpu::rdna3::asm::assemble_inst("v_mul_f16_e32 v3, v0, v1", true).unwrap();
    ws[0] |= SRC0_H | VDST_H;
    let i = decode(&ws, true);
    let mut w = wave(64);
    for (l, (s, d)) in cases.iter().take(64).enumerate() {
        let (s, d) = (*s, *d);
        w.vset(0, l, s[0]);
        w.vset(1, l, s[1]);
        w.vset(3, l, d);
    }
    step(&mut w, &i).unwrap();
    for (l, (s, d)) in cases.iter().take(64).enumerate() {
        let (s, d) = (*s, *d);
        let want = put(d, r16(hv(s[0] >> 16) * hv(s[1])), true);
        let g = w.vget(3, l);
        chk.ok(
            same(Cmp::F16Pair, g, want) && g & 0xffff == d & 0xffff,
            || format!("wave64 v_mul_f16 v3.h, v0.h, v1.l lane {l}: got {g:08x}, want {want:08x}"),
        );
    }
    chk.done();
}
