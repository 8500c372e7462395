//! gfx11 WMMA in wave64: D = A x B + C checked against a matrix product computed here. A and B
//! are 8 registers in every lane (lane l holds row / column l % 16, K packed from bit 0), C and D
//! 4 registers: element (2v + 8 * (l / 16 % 2) + l / 32, l % 16) in register v of lane l (the
//! layout docs/emulator.md describes). The words are llvm-mc-19's (`-mattr=+wavefrontsize64`),
//! also compared with gpuisa's assembler.

use gpuisa_amdgpu::exec::mem::Memory;
use gpuisa_amdgpu::exec::wave::Wave;
use gpuisa_amdgpu::exec::{self, Ctx};
use gpuisa_amdgpu::gcn::Gen;
use gpuisa_amdgpu::rdna3::asm::assemble_inst;
use gpuisa_amdgpu::rdna3::inst::{decode_typed, Decoded11};

/// (text, llvm-mc-19 words for gfx1100 wave64)
const F32_F16: (&str, [u32; 2]) = (
    "v_wmma_f32_16x16x16_f16 v[16:19], v[0:7], v[8:15], v[16:19]",
    [0xcc40_4010, 0x1c42_1100],
);
const I32_IU8: (&str, [u32; 2]) = (
    "v_wmma_i32_16x16x16_iu8 v[16:19], v[0:3], v[8:11], v[16:19] neg_lo:[1,1,0]",
    [0xcc44_4010, 0x7c42_1100],
);
const F16_F16_HI: (&str, [u32; 2]) = (
    "v_wmma_f16_16x16x16_f16 v[16:19], v[0:7], v[8:15], v[16:19] op_sel:[0,0,1]",
    [0xcc42_6010, 0x1c42_1100],
);

fn row(v: usize, l: usize) -> usize {
    2 * v + 8 * (l / 16 % 2) + l / 32
}

fn run(w: &mut Wave, (text, words): (&str, [u32; 2])) {
    assert_eq!(assemble_inst(text, true).unwrap(), words.to_vec(), "{text}");
    let mem = Memory::new(vec![]);
    let mut lds = vec![0u8; 64];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        gen: Gen::Gfx9,
        lane_ops: 0,
        private_size: 0,
    };
    let Ok(Decoded11::One(i)) = decode_typed(&[words[0], words[1], 0, 0], 2, true) else {
        panic!("{text}: does not decode")
    };
    exec::step(w, &i, &mut ctx).unwrap_or_else(|e| panic!("{text}: {}", e.message));
}

fn wave64() -> Wave {
    let mut w = Wave::new(64, 64);
    w.set_exec(u64::MAX);
    w
}

/// f16 bits of a value exactly representable in f16 (normal or zero).
fn half_bits(x: f32) -> u32 {
    // x = m * 2^e with |m| < 2048: build the f16 directly.
    if x == 0.0 {
        return 0;
    }
    let s = if x < 0.0 { 0x8000 } else { 0 };
    let a = x.abs();
    let e = a.log2().floor() as i32;
    let frac = a / 2f32.powi(e) - 1.0;
    s | (((e + 15) as u32) << 10) | (frac * 1024.0) as u32
}

#[test]
fn f16_inputs_f32_and_f16_accumulators() {
    let a = |m: usize, k: usize| ((m * 3 + k * 5) % 7) as f32 - 3.0;
    let b = |k: usize, n: usize| ((k * 2 + n * 7) % 9) as f32 * 0.5 - 2.0;
    let c = |m: usize, n: usize| (m * 16 + n) as f32 * 0.25;
    let mut w = wave64();
    for l in 0..64 {
        for r in 0..8 {
            let (k0, k1) = (2 * r, 2 * r + 1);
            let (m, n) = (l % 16, l % 16);
            w.vset(r, l, half_bits(a(m, k0)) | half_bits(a(m, k1)) << 16);
            w.vset(8 + r, l, half_bits(b(k0, n)) | half_bits(b(k1, n)) << 16);
        }
        for v in 0..4 {
            w.vset(16 + v, l, c(row(v, l), l % 16).to_bits());
        }
    }
    // Registers past D keep their values.
    for l in 0..64 {
        w.vset(20, l, 0x1234_5678);
    }
    run(&mut w, F32_F16);
    let mut seen = [[false; 16]; 16];
    for l in 0..64 {
        for v in 0..4 {
            let (m, n) = (row(v, l), l % 16);
            let want: f32 = (0..16).map(|k| a(m, k) * b(k, n)).sum::<f32>() + c(m, n);
            assert_eq!(f32::from_bits(w.vget(16 + v, l)), want, "lane {l} v{v}");
            seen[m][n] = true;
        }
        assert_eq!(w.vget(20, l), 0x1234_5678);
    }
    // The 64 lanes x 4 registers cover the 16 x 16 result once.
    assert!(seen.iter().flatten().all(|&s| s));
    // f16 accumulator in the high halves (op_sel[2]); the low halves kept.
    let mut w2 = wave64();
    for l in 0..64 {
        for r in 0..16 {
            w2.vset(r, l, w.vget(r, l));
        }
        for v in 0..4 {
            w2.vset(16 + v, l, half_bits(c(row(v, l), l % 16)) << 16 | 0xbeef);
        }
    }
    run(&mut w2, F16_F16_HI);
    for l in 0..64 {
        for v in 0..4 {
            let (m, n) = (row(v, l), l % 16);
            let want: f32 = (0..16).map(|k| a(m, k) * b(k, n)).sum::<f32>() + c(m, n);
            assert_eq!(
                w2.vget(16 + v, l),
                half_bits(want) << 16 | 0xbeef,
                "lane {l} v{v} want {want}"
            );
        }
    }
}

#[test]
fn iu8_signed_inputs() {
    let a = |m: usize, k: usize| ((m * 37 + k * 11) % 256) as u8 as i8 as i32;
    let b = |k: usize, n: usize| ((k * 53 + n * 29 + 7) % 256) as u8 as i8 as i32;
    let c = |m: usize, n: usize| (m as i32 - 8) * 1000 + n as i32;
    let mut w = wave64();
    for l in 0..64 {
        for r in 0..4 {
            let pack = |f: &dyn Fn(usize) -> i32| -> u32 {
                (0..4).map(|j| (f(4 * r + j) as u8 as u32) << (8 * j)).sum()
            };
            w.vset(r, l, pack(&|k| a(l % 16, k)));
            w.vset(8 + r, l, pack(&|k| b(k, l % 16)));
        }
        for v in 0..4 {
            w.vset(16 + v, l, c(row(v, l), l % 16) as u32);
        }
    }
    run(&mut w, I32_IU8);
    for l in 0..64 {
        for v in 0..4 {
            let (m, n) = (row(v, l), l % 16);
            let want: i32 = (0..16).map(|k| a(m, k) * b(k, n)).sum::<i32>() + c(m, n);
            assert_eq!(w.vget(16 + v, l) as i32, want, "lane {l} v{v}");
        }
    }
}
