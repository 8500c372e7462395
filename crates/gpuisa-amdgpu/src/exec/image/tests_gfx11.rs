//! gfx11 images: MIMG fields, atomics and every format, through the gfx11 decoder (split from
//! tests.rs; its helpers are `super::*`).

use super::*;

pub const G11_UNORM: u32 = 1 << 7;
pub const G11_GLC: u32 = 1 << 14;

/// A gfx11 MIMG instruction (DIM `dim`, contiguous addresses), decoded by the gfx11 decoder.
#[allow(clippy::too_many_arguments)]
pub fn mimg11(
    name: &str,
    dmask: u8,
    flags: u32,
    dim: u32,
    vaddr: u32,
    vdata: u32,
    srsrc: u32,
    ssamp: u32,
) -> TInst {
    use crate::rdna3::inst::{decode_typed as d11, Decoded11};
    let word = |op: u32| {
        [
            0xF000_0000 | op << 18 | (dmask as u32) << 8 | dim << 2 | flags,
            vaddr | vdata << 8 | (srsrc / 4) << 16 | (ssamp / 4) << 26,
            0,
            0,
        ]
    };
    (0..256u32)
        .find_map(|op| match d11(&word(op), 2, false) {
            Ok(Decoded11::One(t)) if t.op.name() == name => Some(t),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{name} does not decode on gfx11"))
}

fn tdesc11(dfmt: u8, nfmt: u8, ty: u8, size: [u32; 3], levels: u32) -> [u32; 8] {
    let f = Format::new(dfmt, nfmt).unwrap();
    Tsharp::encode(Layout::Gfx11, BASE, &f, ty, size, levels, [4, 5, 6, 7]).unwrap()
}

#[test]
fn gfx11_every_atomic_32_and_64_bit_glc_on_and_off() {
    let cases: [(u64, u64, u64); 3] = [
        (5, 9, 5),
        (0xffff_ffff_ffff_fff0, 0x1_0000_0003, 7),
        (0, 0, 0),
    ];
    for &op in &MAP2 {
        let cmp = op.ends_with("CMPSWAP");
        for wide in [false, true] {
            for glc in [false, true] {
                for &(m, d, c) in &cases {
                    let (m, d, c) = if wide {
                        (m, d, c)
                    } else {
                        (m & 0xffff_ffff, d & 0xffff_ffff, c & 0xffff_ffff)
                    };
                    let mut rig = Rig::new(Gen::Gfx9, 4096);
                    rig.set_t(
                        8,
                        tdesc11(if wide { 11 } else { 4 }, NF_UINT, T_2D, [4, 4, 1], 1),
                    );
                    let bytes = if wide { 8 } else { 4 };
                    let off = (4 + 2) * bytes as u64;
                    rig.wr(off, bytes, m);
                    rig.v(0, 0, 2);
                    rig.v(1, 0, 1);
                    let dl = if wide { 2 } else { 1 };
                    rig.v(10, 0, d as u32);
                    rig.v(11, 0, (d >> 32) as u32);
                    if cmp {
                        rig.v(10 + dl, 0, c as u32);
                        rig.v(11 + dl, 0, (c >> 32) as u32);
                    }
                    let n = if cmp { 2 * dl } else { dl };
                    let dmask = ((1u32 << n) - 1) as u8;
                    let flags = G11_UNORM | if glc { G11_GLC } else { 0 };
                    let i = mimg11(&format!("IMAGE_ATOMIC_{op}"), dmask, flags, 1, 0, 10, 8, 0);
                    rig.run(&i).unwrap_or_else(|e| panic!("gfx11 {op}: {e}"));
                    assert_eq!(
                        rig.rd(off, bytes),
                        seed_op(op, wide, m, d, c),
                        "gfx11 {op} wide={wide} m={m:#x} d={d:#x}"
                    );
                    let got = rig.get(10, 0) as u64
                        | if wide {
                            (rig.get(11, 0) as u64) << 32
                        } else {
                            0
                        };
                    assert_eq!(got, if glc { m } else { d }, "gfx11 {op} returned");
                }
            }
        }
    }
}

#[test]
fn gfx11_stores_and_loads_of_every_format() {
    for (dfmt, nfmt, regs, bits) in store_cases() {
        if gfx11_format_of(dfmt, nfmt).is_none() {
            continue; // sRGB and the 16-bit packed formats have no gfx11 FORMAT below 64.
        }
        let fmt = Format::new(dfmt, nfmt).unwrap();
        let mut rig = Rig::new(Gen::Gfx9, 4096);
        rig.set_t(8, tdesc11(dfmt, nfmt, T_2D, [3, 2, 1], 1));
        rig.v(0, 0, 1);
        rig.v(1, 0, 1);
        let n = fmt.n as usize;
        for (k, &r) in regs.iter().enumerate().take(n) {
            rig.v(4 + k, 0, r);
        }
        let dmask = ((1u32 << n) - 1) as u8;
        rig.run(&mimg11("IMAGE_STORE", dmask, G11_UNORM, 1, 0, 4, 8, 0))
            .unwrap();
        let bpp = fmt.bytes as u64;
        let mut got = 0u128;
        for b in 0..bpp {
            got |= (rig.rd((3 + 1) * bpp + b, 1) as u128) << (8 * b);
        }
        assert_eq!(got, bits, "gfx11 dfmt {dfmt} nfmt {nfmt}");
        // Loading back gives the registers stored, for the formats that hold them exactly.
        rig.run(&mimg11("IMAGE_LOAD", dmask, G11_UNORM, 1, 0, 20, 8, 0))
            .unwrap();
        if matches!(
            (dfmt, nfmt),
            (4, _) | (11, _) | (13, _) | (14, _) | (2, NF_FLOAT) | (10, NF_UNORM)
        ) {
            let exact: Vec<u32> = match (dfmt, nfmt) {
                (10, _) => vec![
                    0.0f32.to_bits(),
                    0.2f32.to_bits(),
                    1.0f32.to_bits(),
                    (128.0f32 / 255.0).to_bits(),
                ],
                _ => regs[..n].to_vec(),
            };
            for (k, want) in exact.iter().enumerate() {
                assert_eq!(rig.get(20 + k, 0), *want, "gfx11 load dfmt {dfmt} comp {k}");
            }
        }
    }
}
