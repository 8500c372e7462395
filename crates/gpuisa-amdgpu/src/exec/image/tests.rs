//! Image instructions against the rules: atomics against the seed's pseudocode (written out here,
//! with the corrections docs/images.md lists), loads/stores against hand-computed texel bits,
//! sampling against a small reference sampler written from the filtering rules.

use super::format::*;
use super::resource::*;
use crate::exec::mem::{Memory, Region};
use crate::exec::wave::Wave;
use crate::exec::Ctx;
use crate::gcn::inst::{decode_typed, TInst};
use crate::gcn::Gen;

pub const BASE: u64 = 0x10_0000;
pub const UNORM: u32 = 1 << 12;
pub const GLC: u32 = 1 << 13;
pub const DA: u32 = 1 << 14;
pub const A16: u32 = 1 << 15;
pub const TFE: u32 = 1 << 16;

/// The opcode the decoder gives `name` on `gen` (both GCN opcode maps come from the tables).
pub fn opcode(gen: Gen, name: &str) -> u32 {
    (0..128u32)
        .find(|&o| {
            decode_typed(gen, &[0xF000_0000 | o << 18 | 0xf00, 0, 0], 2)
                .is_ok_and(|t| t.op.name() == name)
        })
        .unwrap_or_else(|| panic!("{name} has no opcode on {gen:?}"))
}

#[allow(clippy::too_many_arguments)]
pub fn mimg(
    gen: Gen,
    name: &str,
    dmask: u8,
    flags: u32,
    vaddr: u32,
    vdata: u32,
    srsrc: u32,
    ssamp: u32,
    d16: bool,
) -> TInst {
    let op = opcode(gen, name);
    let w0 = 0xF000_0000 | op << 18 | (dmask as u32) << 8 | flags;
    let w1 = vaddr | vdata << 8 | (srsrc / 4) << 16 | (ssamp / 4) << 21 | (d16 as u32) << 31;
    decode_typed(gen, &[w0, w1, 0], 2).unwrap_or_else(|_| panic!("{name} {w0:#x} {w1:#x}"))
}

pub struct Rig {
    pub w: Wave,
    pub mem: Memory,
    pub gen: Gen,
}

impl Rig {
    pub fn new(gen: Gen, bytes: usize) -> Rig {
        let mem = Memory::new(vec![Region::new(
            "img",
            BASE,
            &vec![0u8; bytes],
            bytes as u64,
        )]);
        let mut w = Wave::new(256, 64);
        w.set_exec(1);
        Rig { w, mem, gen }
    }
    pub fn set_t(&mut self, s: usize, d: [u32; 8]) {
        self.w.s[s..s + 8].copy_from_slice(&d);
    }
    pub fn set_s(&mut self, s: usize, d: [u32; 4]) {
        self.w.s[s..s + 4].copy_from_slice(&d);
    }
    pub fn v(&mut self, r: usize, lane: usize, x: u32) {
        self.w.vset(r, lane, x);
    }
    pub fn vf(&mut self, r: usize, lane: usize, x: f32) {
        self.w.vset(r, lane, x.to_bits());
    }
    pub fn get(&self, r: usize, lane: usize) -> u32 {
        self.w.vget(r, lane)
    }
    pub fn getf(&self, r: usize, lane: usize) -> f32 {
        f32::from_bits(self.w.vget(r, lane))
    }
    pub fn run(&mut self, i: &TInst) -> Result<(), String> {
        let mut lds = [0u8; 0];
        let mut ctx = Ctx {
            mem: &self.mem,
            lds: &mut lds,
            gen: self.gen,
            lane_ops: 0,
            private_size: 0,
        };
        crate::exec::step(&mut self.w, i, &mut ctx)
            .map(|_| ())
            .map_err(|e| e.message)
    }
    pub fn rd(&self, off: u64, n: u32) -> u64 {
        self.mem.read(BASE + off, n).unwrap()
    }
    pub fn wr(&self, off: u64, n: u32, v: u64) {
        self.mem.write(BASE + off, n, v).unwrap()
    }
}

pub fn layout(gen: Gen) -> Layout {
    if gen >= Gen::Gfx9 {
        Layout::Gfx9
    } else {
        Layout::Gfx6
    }
}

pub fn tdesc(gen: Gen, dfmt: u8, nfmt: u8, ty: u8, size: [u32; 3], levels: u32) -> [u32; 8] {
    let f = Format::new(dfmt, nfmt).unwrap();
    Tsharp::encode(layout(gen), BASE, &f, ty, size, levels, [4, 5, 6, 7]).unwrap()
}

// ---------------------------------------------------------------- atomics

/// The seed's pseudocode for `op` (MEM before, DATA, the compare half): the new memory value.
/// Corrections (docs/images.md): SUB's listing computes DATA - MEM against its own description
/// ("subtract VDATA from values of image"): MEM - DATA here; RSUB's listing is MEM - DATA
/// against "subtract values of image from VDATA": DATA - MEM here; INC's 32-bit listing says
/// MEM - 1 where its 64-bit listing and description increment: MEM + 1 here.
fn seed_op(op: &str, wide: bool, m: u64, d: u64, c: u64) -> u64 {
    let mask = if wide { u64::MAX } else { 0xffff_ffff };
    let r = if wide {
        let (mi, di) = (m as i64, d as i64);
        let (mf, df, cf) = (f64::from_bits(m), f64::from_bits(d), f64::from_bits(c));
        match op {
            "SWAP" => d,
            "CMPSWAP" => {
                if m == c {
                    d
                } else {
                    m
                }
            }
            "FCMPSWAP" => {
                if mf == cf {
                    d
                } else {
                    m
                }
            }
            "ADD" => m.wrapping_add(d),
            "SUB" => m.wrapping_sub(d),
            "RSUB" => d.wrapping_sub(m),
            "SMIN" => (if di < mi { di } else { mi }) as u64,
            "SMAX" => (if di > mi { di } else { mi }) as u64,
            "UMIN" => {
                if d < m {
                    d
                } else {
                    m
                }
            }
            "UMAX" => {
                if d > m {
                    d
                } else {
                    m
                }
            }
            "AND" => d & m,
            "OR" => d | m,
            "XOR" => d ^ m,
            "INC" => {
                if m < d {
                    m + 1
                } else {
                    0
                }
            }
            "DEC" => {
                if m <= d && m != 0 {
                    m - 1
                } else {
                    d
                }
            }
            // MIN/MAX as IEEE minNum/maxNum: a NaN operand yields the other one.
            "FMIN" => (if mf.is_nan() || df < mf { df } else { mf }).to_bits(),
            "FMAX" => (if mf.is_nan() || df > mf { df } else { mf }).to_bits(),
            _ => unreachable!(),
        }
    } else {
        let (m, d, c) = (m as u32, d as u32, c as u32);
        let (mi, di) = (m as i32, d as i32);
        let (mf, df, cf) = (f32::from_bits(m), f32::from_bits(d), f32::from_bits(c));
        (match op {
            "SWAP" => d,
            "CMPSWAP" => {
                if m == c {
                    d
                } else {
                    m
                }
            }
            "FCMPSWAP" => {
                if mf == cf {
                    d
                } else {
                    m
                }
            }
            "ADD" => d.wrapping_add(m),
            "SUB" => m.wrapping_sub(d),
            "RSUB" => d.wrapping_sub(m),
            "SMIN" => (if di < mi { di } else { mi }) as u32,
            "SMAX" => (if di > mi { di } else { mi }) as u32,
            "UMIN" => {
                if d < m {
                    d
                } else {
                    m
                }
            }
            "UMAX" => {
                if d > m {
                    d
                } else {
                    m
                }
            }
            "AND" => d & m,
            "OR" => d | m,
            "XOR" => d ^ m,
            "INC" => {
                if m < d {
                    m + 1
                } else {
                    0
                }
            }
            "DEC" => {
                if m <= d && m != 0 {
                    m - 1
                } else {
                    d
                }
            }
            "FMIN" => (if mf.is_nan() || df < mf { df } else { mf }).to_bits(),
            "FMAX" => (if mf.is_nan() || df > mf { df } else { mf }).to_bits(),
            _ => unreachable!(),
        }) as u64
    };
    r & mask
}

const MAP1: [&str; 17] = [
    "SWAP", "CMPSWAP", "ADD", "SUB", "RSUB", "SMIN", "UMIN", "SMAX", "UMAX", "AND", "OR", "XOR",
    "INC", "DEC", "FCMPSWAP", "FMIN", "FMAX",
];
const MAP2: [&str; 13] = [
    "SWAP", "CMPSWAP", "ADD", "SUB", "SMIN", "UMIN", "SMAX", "UMAX", "AND", "OR", "XOR", "INC",
    "DEC",
];

#[test]
fn opcode_maps_follow_the_seed() {
    // GCN 1.0/1.1: SWAP 15, CMPSWAP 16, ADD 17, SUB 18; GCN 1.2/1.4: 16, 17, 18, 19.
    for (name, a, b) in [
        ("IMAGE_ATOMIC_SWAP", 15, 16),
        ("IMAGE_ATOMIC_CMPSWAP", 16, 17),
        ("IMAGE_ATOMIC_ADD", 17, 18),
        ("IMAGE_ATOMIC_SUB", 18, 19),
        ("IMAGE_ATOMIC_AND", 24, 24),
        ("IMAGE_ATOMIC_DEC", 28, 28),
    ] {
        assert_eq!(opcode(Gen::Gfx7, name), a, "{name}");
        assert_eq!(opcode(Gen::Gfx9, name), b, "{name}");
    }
    assert_eq!(opcode(Gen::Gfx7, "IMAGE_ATOMIC_RSUB"), 19);
    assert_eq!(opcode(Gen::Gfx7, "IMAGE_ATOMIC_FCMPSWAP"), 29);
}

#[test]
fn every_atomic_both_maps_32_and_64_bit_glc_on_and_off() {
    // Operand pairs that make every operation's branches differ: (memory, data, compare).
    let cases32: [(u64, u64, u64); 4] = [
        (5, 9, 5),
        (0xffff_fff0, 3, 1),
        (0, 0, 0),
        (
            1.5f32.to_bits() as u64,
            (-2.25f32).to_bits() as u64,
            1.5f32.to_bits() as u64,
        ),
    ];
    let cases64: [(u64, u64, u64); 4] = [
        (5, 9, 5),
        (0xffff_ffff_ffff_fff0, 0x1_0000_0003, 7),
        (0, 0, 0),
        (1.5f64.to_bits(), (-2.25f64).to_bits(), 1.5f64.to_bits()),
    ];
    for (gen, ops) in [
        (Gen::Gfx6, &MAP1[..]),
        (Gen::Gfx7, &MAP1[..]),
        (Gen::Gfx8, &MAP2[..]),
        (Gen::Gfx9, &MAP2[..]),
    ] {
        for &op in ops {
            let cmp = op.ends_with("CMPSWAP");
            for wide in [false, true] {
                let cases = if wide { &cases64 } else { &cases32 };
                for glc in [false, true] {
                    for &(m, d, c) in cases {
                        let mut rig = Rig::new(gen, 4096);
                        let dfmt = if wide { 11 } else { 4 };
                        rig.set_t(8, tdesc(gen, dfmt, NF_UINT, T_2D, [4, 4, 1], 1));
                        // Texel (2, 1) of a 4x4 image.
                        let bytes = if wide { 8 } else { 4 };
                        let off = (4 + 2) * bytes as u64;
                        rig.wr(off, bytes, m);
                        rig.v(0, 0, 2);
                        rig.v(1, 0, 1);
                        let r = 10;
                        let (dl, ch) = if wide { (2, 4) } else { (1, 2) };
                        rig.v(r, 0, d as u32);
                        if wide {
                            rig.v(r + 1, 0, (d >> 32) as u32);
                        }
                        if cmp {
                            rig.v(r + dl, 0, c as u32);
                            if wide {
                                rig.v(r + dl + 1, 0, (c >> 32) as u32);
                            }
                        }
                        let n = if cmp { ch } else { dl };
                        let dmask = ((1u32 << n) - 1) as u8;
                        let i = mimg(
                            gen,
                            &format!("IMAGE_ATOMIC_{op}"),
                            dmask,
                            if glc { GLC } else { 0 } | UNORM,
                            0,
                            r as u32,
                            8,
                            0,
                            false,
                        );
                        rig.run(&i).unwrap_or_else(|e| panic!("{gen:?} {op}: {e}"));
                        let want = seed_op(op, wide, m, d, c);
                        assert_eq!(
                            rig.rd(off, bytes),
                            want,
                            "{gen:?} {op} wide={wide} m={m:#x} d={d:#x} c={c:#x}"
                        );
                        // GLC returns the pre-operation value; without it VDATA keeps its data.
                        let got = rig.get(r, 0) as u64
                            | if wide {
                                (rig.get(r + 1, 0) as u64) << 32
                            } else {
                                0
                            };
                        assert_eq!(got, if glc { m } else { d }, "{gen:?} {op} returned");
                        // Neighbouring texels are untouched.
                        assert_eq!(rig.rd(off + bytes as u64, bytes), 0);
                    }
                }
            }
        }
    }
}

#[test]
fn atomics_from_many_lanes_on_one_texel_are_atomic() {
    let gen = Gen::Gfx9;
    let mut rig = Rig::new(gen, 4096);
    rig.w.set_exec(u64::MAX);
    rig.set_t(8, tdesc(gen, 4, NF_UINT, T_1D, [16, 1, 1], 1));
    for l in 0..64 {
        rig.v(0, l, 3);
        rig.v(4, l, l as u32 + 1);
    }
    let i = mimg(gen, "IMAGE_ATOMIC_ADD", 1, GLC | UNORM, 0, 4, 8, 0, false);
    rig.run(&i).unwrap();
    assert_eq!(rig.rd(12, 4), (1..=64).sum::<u64>());
    // The returned pre-op values are distinct partial sums.
    let mut seen: Vec<u32> = (0..64).map(|l| rig.get(4, l)).collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 64);
}

#[test]
fn atomic_on_a_wrong_format_is_a_typed_error() {
    let gen = Gen::Gfx9;
    let mut rig = Rig::new(gen, 4096);
    rig.set_t(8, tdesc(gen, 10, NF_UNORM, T_1D, [16, 1, 1], 1));
    let i = mimg(gen, "IMAGE_ATOMIC_ADD", 1, 0, 0, 4, 8, 0, false);
    let e = rig.run(&i).unwrap_err();
    assert!(e.contains("data format 10"), "{e}");
}

// ---------------------------------------------------------------- loads and stores

/// (data format, number format, register values, texel bits) computed by hand from the format
/// rules: unorm x*(2^n-1), snorm x*(2^(n-1)-1), round to nearest even, saturating integers.
fn store_cases() -> Vec<(u8, u8, [u32; 4], u128)> {
    let f = |x: f32| x.to_bits();
    vec![
        (1, NF_UNORM, [f(1.0), 0, 0, 0], 0xff),
        (1, NF_SINT, [(-200i32) as u32, 0, 0, 0], 0x80),
        (2, NF_FLOAT, [f(1.5), 0, 0, 0], 0x3e00),
        (2, NF_UNORM, [f(0.5), 0, 0, 0], 0x8000),
        (3, NF_SNORM, [f(-1.0), f(0.5), 0, 0], 0x4081),
        (4, NF_UINT, [0xdead_beef, 0, 0, 0], 0xdead_beef),
        (4, NF_FLOAT, [f(-3.0), 0, 0, 0], 0xc040_0000),
        (5, NF_SINT, [(-2i32) as u32, 40000, 0, 0], 0x7fff_fffe),
        (
            6,
            NF_FLOAT,
            [f(1.0), f(2.0), f(0.5), 0],
            0x3c0 | 0x400 << 11 | 0x1c0 << 22,
        ),
        (
            7,
            NF_FLOAT,
            [f(1.0), f(2.0), f(0.5), 0],
            0x1e0 | 0x400 << 10 | 0x380 << 21,
        ),
        (
            8,
            NF_UNORM,
            [f(1.0), f(0.0), f(1.0), f(0.5)],
            3 | 1023 << 12 | 512 << 22,
        ),
        (
            9,
            NF_UINT,
            [5, 1023, 2000, 7],
            5 | 1023 << 10 | 1023 << 20 | 3 << 30,
        ),
        (10, NF_UNORM, [f(0.0), f(0.2), f(1.0), f(0.5)], 0x80ff_3300),
        (10, NF_SRGB, [f(0.0), f(1.0), f(0.0), f(0.2)], 0x3300_ff00),
        (11, NF_FLOAT, [f(1.0), f(-2.0), 0, 0], 0xc000_0000_3f80_0000),
        (
            12,
            NF_UNORM,
            [f(0.5), f(1.0), 0, f(0.25)],
            0x4000 << 48 | 0xffff << 16 | 0x8000,
        ),
        (
            13,
            NF_SINT,
            [1, (-1i32) as u32, 7, 0],
            7 << 64 | 0xffff_ffff << 32 | 1,
        ),
        (
            14,
            NF_FLOAT,
            [f(1.0), f(2.0), f(3.0), f(4.0)],
            (0x4080_0000u128) << 96 | (0x4040_0000u128) << 64 | 0x4000_0000u128 << 32 | 0x3f80_0000,
        ),
        (16, NF_UNORM, [f(1.0), f(0.5), f(0.0), 0], 31 | 32 << 5),
        (17, NF_UNORM, [0, f(1.0), 0, f(1.0)], 31 << 5 | 1 << 15),
        (18, NF_UNORM, [f(1.0), 0, f(1.0), 0], 1 | 31 << 6),
        (
            19,
            NF_UNORM,
            [f(1.0), 0, f(0.2), f(1.0)],
            15 | 3 << 8 | 15 << 12,
        ),
    ]
}

#[test]
fn stores_and_loads_of_every_data_format() {
    for gen in [Gen::Gfx7, Gen::Gfx8, Gen::Gfx9] {
        for (dfmt, nfmt, regs, bits) in store_cases() {
            let fmt = Format::new(dfmt, nfmt).unwrap();
            let mut rig = Rig::new(gen, 4096);
            rig.set_t(8, tdesc(gen, dfmt, nfmt, T_2D, [3, 2, 1], 1));
            rig.v(0, 0, 1);
            rig.v(1, 0, 1);
            let n = fmt.n as usize;
            for (k, &r) in regs.iter().enumerate().take(n) {
                rig.v(4 + k, 0, r);
            }
            let dmask = ((1u32 << n) - 1) as u8;
            rig.run(&mimg(gen, "IMAGE_STORE", dmask, UNORM, 0, 4, 8, 0, false))
                .unwrap();
            let bpp = fmt.bytes as u64;
            let off = (3 + 1) * bpp;
            let mut got = 0u128;
            for b in 0..bpp {
                got |= (rig.rd(off + b, 1) as u128) << (8 * b);
            }
            assert_eq!(got, bits, "{gen:?} dfmt {dfmt} nfmt {nfmt}: {got:#x}");
            // Load back with every channel: the stored bits decode by the rules.
            rig.run(&mimg(gen, "IMAGE_LOAD", 0xf, UNORM, 0, 20, 8, 0, false))
                .unwrap();
            for k in 0..4 {
                let comp = ((bits >> fmt.comps[k].0) & ((1u128 << fmt.comps[k].1) - 1)) as u32;
                let bitsk = fmt.comps[k].1 as u32;
                let want = if k >= n {
                    if k == 3 {
                        if fmt.is_int() {
                            1
                        } else {
                            1f32.to_bits()
                        }
                    } else {
                        0
                    }
                } else {
                    match nfmt {
                        NF_UNORM => (comp as f64 / ((1u64 << bitsk) - 1) as f64) as f32,
                        NF_SNORM => {
                            let sv = ((comp << (32 - bitsk)) as i32 >> (32 - bitsk)) as f64;
                            (sv / ((1u64 << (bitsk - 1)) - 1) as f64).max(-1.0) as f32
                        }
                        NF_UINT => f32::from_bits(comp),
                        NF_SINT => f32::from_bits(
                            ((comp << (32 - bitsk.min(31))) as i32 >> (32 - bitsk.min(31))) as u32,
                        ),
                        NF_SRGB if k < 3 => {
                            let u = comp as f64 / 255.0;
                            (if u <= 0.04045 {
                                u / 12.92
                            } else {
                                ((u + 0.055) / 1.055).powf(2.4)
                            }) as f32
                        }
                        NF_SRGB => (comp as f64 / 255.0) as f32,
                        _ => match bitsk {
                            32 => f32::from_bits(comp),
                            16 => {
                                f32::from_bits(crate::exec::valu::f16_to_f32(comp as u16).to_bits())
                            }
                            _ => ufloat_to_f32(comp, bitsk),
                        },
                    }
                    .to_bits()
                };
                let want = if nfmt == NF_SINT && k < n && bitsk == 32 {
                    comp
                } else {
                    want
                };
                assert_eq!(
                    rig.get(20 + k, 0),
                    want,
                    "{gen:?} dfmt {dfmt} nfmt {nfmt} comp {k}"
                );
            }
        }
    }
}

#[test]
fn dmask_selects_channels_for_loads_and_stores() {
    let gen = Gen::Gfx9;
    for dmask in 1..16u8 {
        let mut rig = Rig::new(gen, 4096);
        rig.set_t(8, tdesc(gen, 14, NF_UINT, T_1D, [4, 1, 1], 1));
        // Texel 1 holds 10, 11, 12, 13 (X..W).
        for k in 0..4 {
            rig.wr(16 + 4 * k, 4, 10 + k);
        }
        rig.v(0, 0, 1);
        rig.run(&mimg(gen, "IMAGE_LOAD", dmask, UNORM, 0, 4, 8, 0, false))
            .unwrap();
        let want: Vec<u32> = (0..4)
            .filter(|c| dmask >> c & 1 != 0)
            .map(|c| 10 + c)
            .collect();
        for (k, w) in want.iter().enumerate() {
            assert_eq!(rig.get(4 + k, 0), *w, "dmask {dmask:#x}");
        }
        // A store with this DMASK writes the enabled channels from consecutive registers and
        // keeps the others.
        for k in 0..4 {
            rig.v(30 + k, 0, 100 + k as u32);
        }
        rig.run(&mimg(gen, "IMAGE_STORE", dmask, UNORM, 0, 30, 8, 0, false))
            .unwrap();
        let mut n = 0;
        for c in 0..4u64 {
            let got = rig.rd(16 + 4 * c, 4);
            if dmask >> c & 1 != 0 {
                assert_eq!(got, 100 + n, "dmask {dmask:#x} channel {c}");
                n += 1;
            } else {
                assert_eq!(got, 10 + c, "dmask {dmask:#x} channel {c} kept");
            }
        }
    }
}

#[test]
fn d16_packs_by_generation_and_a16_packs_addresses() {
    for gen in [Gen::Gfx8, Gen::Gfx9] {
        let mut rig = Rig::new(gen, 4096);
        rig.set_t(8, tdesc(gen, 12, NF_FLOAT, T_2D, [4, 4, 1], 1));
        // Texel (1, 2): 1.0, -2.0, 0.5, 65504.0 as f16.
        let h = [0x3c00u64, 0xc000, 0x3800, 0x7bff];
        for (k, x) in h.iter().enumerate() {
            rig.wr((2 * 4 + 1) * 8 + 2 * k as u64, 2, *x);
        }
        rig.v(0, 0, 1);
        rig.v(1, 0, 2);
        rig.run(&mimg(gen, "IMAGE_LOAD", 0xf, UNORM, 0, 4, 8, 0, true))
            .unwrap();
        if gen == Gen::Gfx9 {
            assert_eq!(rig.get(4, 0), 0xc000_3c00);
            assert_eq!(rig.get(5, 0), 0x7bff_3800);
        } else {
            assert_eq!(
                [rig.get(4, 0), rig.get(5, 0), rig.get(6, 0), rig.get(7, 0)],
                [0x3c00, 0xc000, 0x3800, 0x7bff]
            );
        }
        if gen == Gen::Gfx9 {
            // A16: x and y in one register.
            rig.v(2, 0, 1 | 2 << 16);
            rig.run(&mimg(
                gen,
                "IMAGE_LOAD",
                0x1,
                UNORM | A16,
                2,
                12,
                8,
                0,
                false,
            ))
            .unwrap();
            assert_eq!(rig.getf(12, 0), 1.0);
        }
    }
}

#[test]
fn tfe_writes_a_status_word_and_out_of_range_loads_give_zero() {
    let gen = Gen::Gfx9;
    let mut rig = Rig::new(gen, 4096);
    rig.set_t(8, tdesc(gen, 4, NF_UINT, T_2D, [4, 4, 1], 1));
    rig.wr(0, 4, 77);
    rig.v(0, 0, 0);
    rig.v(1, 0, 0);
    rig.v(5, 0, 0xdead);
    rig.run(&mimg(gen, "IMAGE_LOAD", 1, UNORM | TFE, 0, 4, 8, 0, false))
        .unwrap();
    assert_eq!((rig.get(4, 0), rig.get(5, 0)), (77, 0));
    rig.v(0, 0, 4);
    rig.run(&mimg(gen, "IMAGE_LOAD", 1, UNORM, 0, 4, 8, 0, false))
        .unwrap();
    assert_eq!(rig.get(4, 0), 0);
    // An out-of-range store is dropped.
    rig.v(6, 0, 5);
    rig.run(&mimg(gen, "IMAGE_STORE", 1, UNORM, 0, 6, 8, 0, false))
        .unwrap();
    assert_eq!(rig.rd(0, 4), 77);
}

#[test]
fn arrays_mips_pck_sgn_and_resinfo() {
    for gen in [Gen::Gfx7, Gen::Gfx9] {
        let mut rig = Rig::new(gen, 1 << 16);
        // 8x4 2D array of 3 slices, 2 mip levels, r32uint.
        rig.set_t(8, tdesc(gen, 4, NF_UINT, T_2D_ARRAY, [8, 4, 3], 2));
        // The layout (docs/images.md): level 0 = 3 slices of 8x4, then level 1 = 3 of 4x2.
        let lvl1 = 3 * 8 * 4 * 4;
        let at = |l: u64, s: u64, x: u64, y: u64| {
            if l == 0 {
                ((s * 4 + y) * 8 + x) * 4
            } else {
                lvl1 + ((s * 2 + y) * 4 + x) * 4
            }
        };
        rig.wr(at(0, 2, 5, 3), 4, 1234);
        rig.wr(at(1, 1, 3, 1), 4, 0xfff0);
        rig.v(0, 0, 5);
        rig.v(1, 0, 3);
        rig.v(2, 0, 2);
        rig.run(&mimg(gen, "IMAGE_LOAD", 1, UNORM | DA, 0, 10, 8, 0, false))
            .unwrap();
        assert_eq!(rig.get(10, 0), 1234);
        rig.v(0, 0, 3);
        rig.v(1, 0, 1);
        rig.v(2, 0, 1);
        rig.v(3, 0, 1);
        rig.run(&mimg(
            gen,
            "IMAGE_LOAD_MIP",
            1,
            UNORM | DA,
            0,
            10,
            8,
            0,
            false,
        ))
        .unwrap();
        assert_eq!(rig.get(10, 0), 0xfff0);
        rig.v(11, 0, 99);
        rig.run(&mimg(
            gen,
            "IMAGE_STORE_MIP",
            1,
            UNORM | DA,
            0,
            11,
            8,
            0,
            false,
        ))
        .unwrap();
        assert_eq!(rig.rd(at(1, 1, 3, 1), 4), 99);
        // A mip level past LAST_LEVEL reads 0.
        rig.v(3, 0, 2);
        rig.run(&mimg(
            gen,
            "IMAGE_LOAD_MIP",
            1,
            UNORM | DA,
            0,
            10,
            8,
            0,
            false,
        ))
        .unwrap();
        assert_eq!(rig.get(10, 0), 0);
        // GET_RESINFO of mip 1: width 4, height 2, 3 slices, 2 levels.
        rig.v(0, 0, 1);
        rig.run(&mimg(
            gen,
            "IMAGE_GET_RESINFO",
            0xf,
            UNORM | DA,
            0,
            20,
            8,
            0,
            false,
        ))
        .unwrap();
        assert_eq!(
            [
                rig.get(20, 0),
                rig.get(21, 0),
                rig.get(22, 0),
                rig.get(23, 0)
            ],
            [4, 2, 3, 2]
        );
        // PCK (raw) and PCK_SGN (sign-extended components) on rgba8.
        rig.set_t(8, tdesc(gen, 10, NF_UNORM, T_1D, [4, 1, 1], 1));
        rig.wr(4, 4, 0x80ff_7f01);
        rig.v(0, 0, 1);
        rig.run(&mimg(gen, "IMAGE_LOAD_PCK", 0xf, UNORM, 0, 20, 8, 0, false))
            .unwrap();
        assert_eq!(
            [
                rig.get(20, 0),
                rig.get(21, 0),
                rig.get(22, 0),
                rig.get(23, 0)
            ],
            [1, 0x7f, 0xff, 0x80]
        );
        rig.run(&mimg(
            gen,
            "IMAGE_LOAD_PCK_SGN",
            0xf,
            UNORM,
            0,
            20,
            8,
            0,
            false,
        ))
        .unwrap();
        assert_eq!(
            [
                rig.get(20, 0),
                rig.get(21, 0),
                rig.get(22, 0),
                rig.get(23, 0)
            ],
            [1, 0x7f, u32::MAX, 0xffff_ff80]
        );
        rig.v(30, 0, 0xaa);
        rig.run(&mimg(
            gen,
            "IMAGE_STORE_PCK",
            0x2,
            UNORM,
            0,
            30,
            8,
            0,
            false,
        ))
        .unwrap();
        assert_eq!(rig.rd(4, 4), 0x80ff_aa01);
    }
}

#[test]
fn swizzle_applies_to_loads() {
    let gen = Gen::Gfx9;
    let mut rig = Rig::new(gen, 4096);
    let f = Format::new(4, NF_FLOAT).unwrap();
    // r32float read as (0, X, 1, X).
    let d = Tsharp::encode(Layout::Gfx9, BASE, &f, T_1D, [4, 1, 1], 1, [0, 4, 1, 4]).unwrap();
    rig.set_t(8, d);
    rig.wr(0, 4, 2.5f32.to_bits() as u64);
    rig.v(0, 0, 0);
    rig.run(&mimg(gen, "IMAGE_LOAD", 0xf, UNORM, 0, 4, 8, 0, false))
        .unwrap();
    assert_eq!(
        [
            rig.getf(4, 0),
            rig.getf(5, 0),
            rig.getf(6, 0),
            rig.getf(7, 0)
        ],
        [0.0, 2.5, 1.0, 2.5]
    );
}

#[path = "tests_sample.rs"]
mod sample;

#[test]
fn gfx11_mimg_fields_and_nsa_addresses() {
    use crate::rdna3::inst::{decode_typed as d11, Decoded11};
    // image_sample_lz v[10:13], [v8, v20], s[16:23], s[32:35] dmask:0xf dim:SQ_RSRC_IMG_2D
    // (llvm-mc-19: F07C0F05 20040A08 00000014).
    let Ok(Decoded11::One(t)) = d11(&[0xF07C0F05, 0x20040A08, 0x14, 0], 3, false) else {
        panic!("decode")
    };
    assert_eq!(t.op.name(), "IMAGE_SAMPLE_LZ");
    let f = t.mimg().unwrap();
    assert_eq!(
        (f.dmask, f.vdata, f.srsrc, f.ssamp, f.dim, f.unorm),
        (0xf, 10, 16, 32, Some(1), false)
    );
    assert_eq!((f.addr_reg(0), f.addr_reg(1)), (8, 20));
    // image_atomic_add v14, v1, s[36:43] dmask:0x1 dim:SQ_RSRC_IMG_1D unorm (F0300180 00090E01).
    let Ok(Decoded11::One(t)) = d11(&[0xF0300180, 0x00090E01, 0, 0], 2, false) else {
        panic!("decode")
    };
    assert_eq!(t.op.name(), "IMAGE_ATOMIC_ADD");
    let f = t.mimg().unwrap();
    assert_eq!(
        (f.vdata, f.vaddr, f.srsrc, f.dim, f.unorm, f.nsa),
        (14, 1, 36, Some(0), true, None)
    );
}

#[test]
fn a16_sampling_and_get_lod() {
    let gen = Gen::Gfx9;
    let mut rig = Rig::new(gen, 1 << 16);
    rig.set_t(8, tdesc(gen, 4, NF_FLOAT, T_2D, [4, 4, 1], 3));
    // Level 0: value x + 4y; level 1: 100 + x + 2y; level 2: 200.
    let mut off = 0;
    for (l, n) in [(0u64, 4u64), (1, 2), (2, 1)] {
        for y in 0..n {
            for x in 0..n {
                rig.wr(off, 4, ((100 * l + x + n * y) as f32).to_bits() as u64);
                off += 4;
            }
        }
    }
    let s = Ssharp {
        clamp: [CLAMP_LAST; 3],
        compare: 0,
        force_unnorm: false,
        min_lod: 0.0,
        max_lod: 15.0,
        lod_bias: 0.0,
        mag: 0,
        min: 0,
        z_filter: 0,
        mip: 1,
        border_type: 0,
    };
    rig.set_s(16, s.encode());
    // A16: (u, v) = (0.625, 0.375) as f16 in one register, the LOD 1.0 in the next.
    rig.v(0, 0, 0x3900 | 0x3600 << 16);
    rig.v(1, 0, 0x3c00);
    rig.run(&mimg(gen, "IMAGE_SAMPLE_L", 1, A16, 0, 20, 8, 16, false))
        .unwrap();
    // Level 1 is 2x2: texel (1, 0).
    assert_eq!(rig.getf(20, 0), 101.0);
    // IMAGE_GET_LOD of a quad stepping two texels per lane: LOD 1, unclamped 1.
    rig.w.set_exec(0xf);
    for l in 0..4 {
        rig.vf(2, l, 0.1 + 0.5 * (l & 1) as f32);
        rig.vf(3, l, 0.1 + 0.5 * (l >> 1) as f32);
    }
    rig.run(&mimg(gen, "IMAGE_GET_LOD", 3, 0, 2, 24, 8, 16, false))
        .unwrap();
    assert_eq!((rig.getf(24, 0), rig.getf(25, 0)), (1.0, 1.0));
}

/// Random MIMG words of every generation with random descriptors and registers: every outcome
/// is a result or a typed error, never a panic (time-boxed).
#[test]
fn random_image_instructions_never_panic() {
    use gpuisa_core::rng::Rng;
    let mut rng = Rng::new(14);
    let t0 = std::time::Instant::now();
    let mut ran = 0;
    while t0.elapsed().as_millis() < 1500 && ran < 20000 {
        let gen = [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9][rng.below(4) as usize];
        let gfx11 = rng.below(4) == 0;
        let w0 = 0xF000_0000 | rng.next_u32() & 0x03ff_ffff;
        let w = [w0, rng.next_u32(), rng.next_u32()];
        let inst = if gfx11 {
            match crate::rdna3::inst::decode_typed(&[w[0], w[1], w[2], 0], 3, rng.below(2) == 0) {
                Ok(crate::rdna3::inst::Decoded11::One(t)) => t,
                _ => continue,
            }
        } else {
            match decode_typed(gen, &w, 2) {
                Ok(t) => t,
                Err(_) => continue,
            }
        };
        let mut rig = Rig::new(gen, 4096);
        rig.w.set_exec(rng.next_u64());
        for s in rig.w.s.iter_mut().take(104) {
            *s = rng.next_u32();
        }
        // Half of the resources point into the memory, with small sizes.
        if rng.below(2) == 0 {
            let r = inst.mimg().map(|f| f.srsrc as usize).unwrap_or(0).min(96);
            rig.w.s[r] = (BASE >> 8) as u32;
            rig.w.s[r + 1] &= 0xfff0_0000;
            rig.w.s[r + 2] &= 0x0003_c00f;
        }
        for r in 0..64 {
            for l in 0..64 {
                let v = match rng.below(4) {
                    0 => rng.next_u32(),
                    1 => rng.below(8) as u32,
                    2 => (rng.below(100) as f32 / 37.0 - 1.0).to_bits(),
                    _ => f32::from_bits(rng.next_u32()).to_bits(),
                };
                rig.w.vset(r, l, v);
            }
        }
        let _ = rig.run(&inst);
        ran += 1;
    }
    assert!(ran > 100, "{ran}");
}

#[path = "tests_gfx11.rs"]
mod gfx11;
