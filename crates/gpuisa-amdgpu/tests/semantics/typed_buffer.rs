//! Typed buffer accesses (MTBUF `tbuffer_*`, MUBUF `buffer_*_format_*`): texels of a buffer in
//! memory read and written through formats, expected values from the format definitions (unorm
//! x / (2^n - 1), snorm clamped at -1, f16 by its bits, missing components 0 and W = 1).

use super::harness::{inst, Emu, GENS};
use gpuisa_amdgpu::exec::mem::{Memory, Region};
use gpuisa_amdgpu::gcn::Gen;

const BASE: u64 = 0x10_0000;

/// An emulator whose s[8:11] is a raw buffer of 256 bytes at BASE (DST_SEL XYZW, the given
/// V# data and number formats), lane l's v4 = 16 * l.
fn emu(gen: Gen, bytes: &[u8], dfmt: u32, nfmt: u32) -> Emu {
    let mut e = Emu::new(gen);
    e.mem = Memory::new(vec![Region::new("buf", BASE, bytes, 256)]);
    e.set_s(8, BASE as u32);
    e.set_s(9, (BASE >> 32) as u32);
    e.set_s(10, 256);
    // DST_SEL_X..W = 4..7 (X, Y, Z, W), NUM_FORMAT, DATA_FORMAT.
    e.set_s(11, 4 | 5 << 3 | 6 << 6 | 7 << 9 | nfmt << 12 | dfmt << 15);
    for l in 0..64 {
        e.set_v(4, l, 16 * l as u32);
    }
    e
}

fn texels() -> Vec<u8> {
    (0..256u32).map(|i| (i * 37 + 11) as u8).collect()
}

#[test]
pub fn tbuffer_load_unorm8x4_and_float32() {
    let b = texels();
    for gen in GENS {
        let mut e = emu(gen, &b, 0, 0);
        e.run("tbuffer_load_format_xyzw v[0:3], v4, s[8:11], 0 offen format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_UNORM]");
        for l in 0..16 {
            for k in 0..4 {
                let want = b[16 * l + k] as f32 / 255.0;
                assert_eq!(f32::from_bits(e.v(k, l)), want, "{gen:?} lane {l} comp {k}");
            }
        }
        // Lanes past the buffer's 256 bytes read 0 in every component.
        assert_eq!((e.v(0, 16), e.v(3, 16)), (0, 0), "{gen:?}");
        // A 2-component float format: Z = 0, W = 1.0.
        let mut e = emu(gen, &b, 0, 0);
        e.run("tbuffer_load_format_xyzw v[0:3], v4, s[8:11], 0 offen format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_FLOAT]");
        for l in 0..16 {
            let x = u32::from_le_bytes(b[16 * l..16 * l + 4].try_into().unwrap());
            let y = u32::from_le_bytes(b[16 * l + 4..16 * l + 8].try_into().unwrap());
            assert_eq!(
                [e.v(0, l), e.v(1, l), e.v(2, l), e.v(3, l)],
                [x, y, 0, 1f32.to_bits()],
                "{gen:?} lane {l}"
            );
        }
    }
}

#[test]
pub fn buffer_format_uses_the_resource_format() {
    let b = texels();
    for gen in GENS {
        // V#: DATA_FORMAT 16_16 (5), NUM_FORMAT SNORM (1).
        let mut e = emu(gen, &b, 5, 1);
        e.run("buffer_load_format_xy v[0:1], v4, s[8:11], 0 offen");
        for l in 0..16 {
            for k in 0..2 {
                let raw = i16::from_le_bytes([b[16 * l + 2 * k], b[16 * l + 2 * k + 1]]);
                let want = (raw as f32 / 32767.0).max(-1.0);
                assert_eq!(f32::from_bits(e.v(k, l)), want, "{gen:?} lane {l} comp {k}");
            }
        }
    }
}

#[test]
pub fn tbuffer_store_uint16x2_and_unorm8() {
    for gen in GENS {
        let mut e = emu(gen, &[0u8; 256], 0, 0);
        for l in 0..64 {
            e.set_v(0, l, 70000 + l as u32); // clamps to 65535 (uint16)
            e.set_v(1, l, l as u32 * 3);
        }
        e.run("tbuffer_store_format_xy v[0:1], v4, s[8:11], 0 offen format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_UINT]");
        let r = e.mem.region("buf").unwrap().bytes();
        for l in 0..16 {
            let x = u16::from_le_bytes([r[16 * l], r[16 * l + 1]]);
            let y = u16::from_le_bytes([r[16 * l + 2], r[16 * l + 3]]);
            assert_eq!((x, y), (65535, 3 * l as u16), "{gen:?} lane {l}");
        }
        // unorm8: round(x * 255), clamped to [0, 1].
        let mut e = emu(gen, &[0u8; 256], 0, 0);
        let xs = [0.0f32, 0.5, 1.0, 2.0, -1.0, 0.25, 0.75, 0.1];
        for l in 0..64 {
            e.set_v(0, l, xs[l % 8].to_bits());
        }
        e.run("tbuffer_store_format_x v0, v4, s[8:11], 0 offen format:[BUF_DATA_FORMAT_8,BUF_NUM_FORMAT_UNORM]");
        let r = e.mem.region("buf").unwrap().bytes();
        for l in 0..16 {
            let want = (xs[l % 8].clamp(0.0, 1.0) * 255.0).round() as u8;
            assert_eq!(r[16 * l], want, "{gen:?} lane {l}");
            assert_eq!(r[16 * l + 1], 0, "{gen:?} lane {l}: only the texel's byte");
        }
    }
}

#[test]
pub fn d16_format_loads_pack_on_gfx9() {
    let b = texels();
    for gen in [Gen::Gfx8, Gen::Gfx9] {
        let mut e = emu(gen, &b, 12, 7); // 16_16_16_16 float
        let text = if gen == Gen::Gfx9 {
            "buffer_load_format_d16_xyzw v[0:1], v4, s[8:11], 0 offen"
        } else {
            "buffer_load_format_d16_xyzw v[0:3], v4, s[8:11], 0 offen"
        };
        let i = inst(gen, text);
        e.step(&i).unwrap();
        for l in 0..8 {
            let h: Vec<u32> = (0..4)
                .map(|k| u16::from_le_bytes([b[16 * l + 2 * k], b[16 * l + 2 * k + 1]]) as u32)
                .collect();
            if gen == Gen::Gfx9 {
                // Packed: two halves per VGPR.
                assert_eq!(e.v(0, l), h[0] | h[1] << 16, "gfx9 lane {l}");
                assert_eq!(e.v(1, l), h[2] | h[3] << 16, "gfx9 lane {l}");
            } else {
                // gfx8: one half per VGPR (the low 16 bits; the rest zero).
                for k in 0..4 {
                    assert_eq!(e.v(k, l), h[k], "gfx8 lane {l} comp {k}");
                }
            }
        }
    }
}
