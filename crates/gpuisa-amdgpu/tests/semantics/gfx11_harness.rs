//! The gfx11 harness: one instruction assembled from llvm-mc syntax by gpuisa's assembler (or
//! given as words), decoded to a `TInst`, executed on a wave32 (or wave64) whose registers the
//! test sets; expected values come from the test's own reference functions.

#![allow(dead_code)]

use gpuisa_amdgpu::exec::mem::Memory;
use gpuisa_amdgpu::exec::wave::Wave;
use gpuisa_amdgpu::exec::{self, Ctx};
use gpuisa_amdgpu::gcn::inst::TInst;
use gpuisa_amdgpu::gcn::Gen;
use gpuisa_amdgpu::rdna3::asm::assemble_inst;
use gpuisa_amdgpu::rdna3::inst::{decode_typed, Decoded11};

/// MODE: round to nearest even, f32 and f64/f16 denormals kept, DX10 clamp off, IEEE on.
pub const MODE: u32 = 0xf0 | 1 << 9;

/// The words of `text` (wave32).
pub fn words(text: &str) -> Vec<u32> {
    assemble_inst(text, false).unwrap_or_else(|e| panic!("cannot assemble `{text}`: {e:?}"))
}

/// The decoded instruction of `ws` (wave32 unless `wave64`).
pub fn decode(ws: &[u32], wave64: bool) -> TInst {
    let mut b = [0u32; 4];
    for (k, x) in ws.iter().take(4).enumerate() {
        b[k] = *x;
    }
    match decode_typed(&b, ws.len(), wave64) {
        Ok(Decoded11::One(t)) => t,
        _ => panic!("{ws:08x?} does not decode to one instruction"),
    }
}

pub fn inst(text: &str) -> TInst {
    decode(&words(text), false)
}

/// A wave of `lanes` lanes, all active, in MODE.
pub fn wave(lanes: usize) -> Wave {
    let mut w = Wave::new(256, lanes);
    w.set_exec(if lanes == 32 { 0xffff_ffff } else { u64::MAX });
    w.mode = MODE;
    w
}

pub fn step(w: &mut Wave, i: &TInst) -> Result<(), String> {
    let mem = Memory::new(vec![]);
    let mut lds = vec![0u8; 256];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        gen: Gen::Gfx9,
        lane_ops: 0,
        private_size: 0,
    };
    exec::step(w, i, &mut ctx)
        .map(|_| ())
        .map_err(|e| e.message)
}

/// Runs `i` once per case on wave32 lanes: sources in v0, v1, v2, the destination v3 starting
/// at the case's `d`; returns v3 of each case.
pub fn vop_i(i: &TInst, mode: u32, cases: &[([u32; 3], u32)]) -> Vec<u32> {
    try_vop_i(i, mode, cases).unwrap_or_else(|e| panic!("{:?}: {e}", i.op))
}

/// [`vop_i`], the emulator's error as `Err`.
pub fn try_vop_i(i: &TInst, mode: u32, cases: &[([u32; 3], u32)]) -> Result<Vec<u32>, String> {
    let mut out = Vec::new();
    for chunk in cases.chunks(32) {
        let mut w = wave(32);
        w.mode = mode;
        for (l, (s, d)) in chunk.iter().enumerate() {
            for (k, x) in s.iter().enumerate() {
                w.vset(k, l, *x);
            }
            w.vset(3, l, *d);
        }
        step(&mut w, i)?;
        out.extend((0..chunk.len()).map(|l| w.vget(3, l)));
    }
    Ok(out)
}

pub fn vop(text: &str, mode: u32, cases: &[([u32; 3], u32)]) -> Vec<u32> {
    vop_i(&inst(text), mode, cases)
}

/// A small deterministic generator (xorshift64*).
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn u32(&mut self) -> u32 {
        (self.next() >> 32) as u32
    }
}

/// f16 values that reach the corners: signed zeros, denormals (smallest, largest), the
/// smallest normal, one, the largest finite, infinities, quiet and signalling NaNs.
pub const H16: [u16; 20] = [
    0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x3c00, 0xbc00, 0x3800, 0x4000, 0x7bff,
    0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7d00, 0x3555, 0xc8d2, 0x1234,
];

/// f32 corner values.
pub const F32S: [u32; 16] = [
    0,
    0x8000_0000,
    1,
    0x8000_0001,
    0x007f_ffff,
    0x0080_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0x7fa0_0000,
    0x4049_0fdb,
    0xc2c8_0000,
];

/// Cases of three f16 sources (low halves; the high halves random) from the corner values and
/// random bits; `d` random.
pub fn cases_h16(seed: u64, n: usize) -> Vec<([u32; 3], u32)> {
    let mut r = Rng(seed);
    let mut v = Vec::new();
    for &a in &H16 {
        for &b in &H16 {
            let c = H16[(a as usize + b as usize) % H16.len()];
            v.push((
                [a, b, c].map(|x| x as u32 | (r.u32() & 0xffff_0000)),
                r.u32(),
            ));
        }
    }
    for _ in 0..n {
        v.push(([r.u32(), r.u32(), r.u32()], r.u32()));
    }
    v
}

/// Cases of three 32-bit sources from corner values and random bits.
pub fn cases_32(seed: u64, corners: &[u32], n: usize) -> Vec<([u32; 3], u32)> {
    let mut r = Rng(seed);
    let mut v = Vec::new();
    for &a in corners {
        for &b in corners {
            let c = corners[(a as usize ^ b as usize) % corners.len()];
            v.push(([a, b, c], r.u32()));
        }
    }
    for _ in 0..n {
        v.push(([r.u32(), r.u32(), r.u32()], r.u32()));
    }
    v
}

/// Compares results: `f16` / `f32` say where a NaN matches any NaN (in the low half, or in the
/// whole dword; the other half of an f16 result must be equal).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cmp {
    Exact,
    F16Lo,
    F16Pair,
    F32,
    /// f32 within 1 ULP on finite non-zero results (transcendentals), exact on the others.
    F32Ulp,
    /// The low half's f16 within 1 ULP likewise, the high half exact.
    F16LoUlp,
    /// A bf16 in the low half (NaN matches any NaN), the high half exact.
    Bf16Lo,
}

pub fn same(cmp: Cmp, got: u32, want: u32) -> bool {
    let nan16 = |h: u32| h & 0x7c00 == 0x7c00 && h & 0x3ff != 0;
    let h_ok = |g: u32, w: u32| {
        let (g, w) = (g & 0xffff, w & 0xffff);
        if nan16(w) {
            nan16(g)
        } else {
            g == w
        }
    };
    match cmp {
        Cmp::Exact => got == want,
        Cmp::F16Lo => got >> 16 == want >> 16 && h_ok(got, want),
        Cmp::F16Pair => h_ok(got, want) && h_ok(got >> 16, want >> 16),
        Cmp::F32 => {
            let (g, w) = (f32::from_bits(got), f32::from_bits(want));
            if w.is_nan() {
                g.is_nan()
            } else {
                got == want
            }
        }
        Cmp::F32Ulp => {
            let w = f32::from_bits(want);
            if w.is_nan() {
                f32::from_bits(got).is_nan()
            } else if w.is_infinite() || w == 0.0 {
                got == want
            } else {
                got >> 31 == want >> 31 && (got as i64 - want as i64).abs() <= 1
            }
        }
        Cmp::Bf16Lo => {
            let nan = |h: u32| h & 0x7f80 == 0x7f80 && h & 0x7f != 0;
            let (g, w) = (got & 0xffff, want & 0xffff);
            got >> 16 == want >> 16 && if nan(w) { nan(g) } else { g == w }
        }
        Cmp::F16LoUlp => {
            let (g, w) = (got & 0xffff, want & 0xffff);
            got >> 16 == want >> 16
                && if nan16(w) {
                    nan16(g)
                } else if w & 0x7fff == 0x7c00 || w & 0x7fff == 0 {
                    g == w
                } else {
                    g >> 15 == w >> 15 && (g as i64 - w as i64).abs() <= 1
                }
        }
    }
}
