//! GCN MUBUF with the `lds` bit (LDS DMA) and with TFE, on every generation: an `lds` load
//! writes each active lane's value (addressed and range checked as a load, out of range 0),
//! zero- or sign-extended to a dword, to LDS at `M0[15:0] + OFFSET + 4 * lane` (AMD's GCN/CDNA
//! LDS-DMA address: the instruction offset on both sides, SOFFSET and the VGPR offset only in
//! memory) and writes no VGPR; TFE puts the fetch status 0 in the VGPR after the data.

use super::harness::{Emu, GENS};
use gpuisa_amdgpu::exec::mem::{Memory, Region};

const BASE: u64 = 0x20_0000;
const NREC: u32 = 150;

fn bytes() -> Vec<u8> {
    (0..512u32).map(|i| (i * 89 + 7 + i / 200) as u8).collect()
}

fn le(b: &[u8], o: usize, n: usize) -> u32 {
    (0..n).fold(0, |v, k| v | (b[o + k] as u32) << (8 * k))
}

/// s[8:11]: a raw buffer of NREC bytes at BASE; v0 = 3 * lane; M0 = 0xabcd_0040.
fn emu(gen: gpuisa_amdgpu::gcn::Gen, b: &[u8]) -> Emu {
    let mut e = Emu::new(gen);
    e.mem = Memory::new(vec![Region::new("buf", BASE, b, 512)]);
    e.lds = vec![0xee; 1024];
    e.set_s(8, BASE as u32);
    e.set_s(9, (BASE >> 32) as u32);
    e.set_s(10, NREC);
    // DST_SEL XYZW, DATA_FORMAT 32 / NUM_FORMAT FLOAT (typed loads).
    e.set_s(11, 4 | 5 << 3 | 6 << 6 | 7 << 9 | 7 << 12 | 4 << 15);
    e.set_s(124, 0xabcd_0040);
    for l in 0..64 {
        e.set_v(0, l, 3 * l as u32);
        for r in 1..6 {
            e.set_v(r, l, 0xdead_0000 | (64 * r + l) as u32);
        }
    }
    e
}

#[test]
pub fn buffer_loads_into_lds() {
    let b = bytes();
    for gen in GENS {
        for (op, size, signed, ioff) in [
            ("buffer_load_dword", 4usize, false, 0usize),
            ("buffer_load_ubyte", 1, false, 3),
            ("buffer_load_sbyte", 1, true, 0),
            ("buffer_load_ushort", 2, false, 0),
            ("buffer_load_sshort", 2, true, 5),
        ] {
            let text = if ioff > 0 {
                format!("{op} v0, s[8:11], 0 offen offset:{ioff} lds")
            } else {
                format!("{op} v0, s[8:11], 0 offen lds")
            };
            let mut e = emu(gen, &b);
            let exec = !(1u64 << 9);
            e.w.set_exec(exec);
            e.run(&text);
            for l in 0..64 {
                let at = 0x40 + ioff + 4 * l;
                let got = le(&e.lds, at, 4);
                if exec >> l & 1 == 0 {
                    assert_eq!(got, 0xeeee_eeee, "{gen:?} {text} inactive lane {l}");
                    continue;
                }
                let o = 3 * l + ioff;
                let want = if o + size > NREC as usize {
                    0
                } else {
                    let v = le(&b, o, size);
                    let bits = 8 * size as u32;
                    if signed && v >> (bits - 1) & 1 != 0 {
                        v | !((1u32 << bits) - 1)
                    } else {
                        v
                    }
                };
                assert_eq!(got, want, "{gen:?} {text} lane {l}");
                assert_eq!(
                    e.v(1, l),
                    0xdead_0000 | (64 + l) as u32,
                    "{gen:?} {text}: no VGPR"
                );
            }
        }
    }
}

#[test]
pub fn buffer_loads_with_tfe_write_a_zero_status() {
    let b = bytes();
    for gen in GENS {
        for (text, nd, size) in [
            (
                "buffer_load_dword v[1:2], v0, s[8:11], 0 offen tfe",
                1usize,
                4usize,
            ),
            ("buffer_load_dwordx2 v[1:3], v0, s[8:11], 0 offen tfe", 2, 8),
            (
                "buffer_load_dwordx4 v[1:5], v0, s[8:11], 0 offen tfe",
                4,
                16,
            ),
            ("buffer_load_ubyte v[1:2], v0, s[8:11], 0 offen tfe", 1, 1),
            (
                "buffer_load_format_x v[1:2], v0, s[8:11], 0 offen tfe",
                1,
                4,
            ),
        ] {
            let mut e = emu(gen, &b);
            let exec = 0x7fff_ffff_ffff_fffeu64;
            e.w.set_exec(exec);
            e.run(text);
            for l in 0..64 {
                let status = e.v(1 + nd, l);
                if exec >> l & 1 == 0 {
                    assert_eq!(
                        status,
                        0xdead_0000 | (64 * (1 + nd) + l) as u32,
                        "{gen:?} {text}"
                    );
                    continue;
                }
                assert_eq!(status, 0, "{gen:?} {text} lane {l}: status");
                // The first dword as without TFE (multi-dword loads checked per dword on
                // gfx8+, all or nothing before: compare only fully in-range lanes).
                let o = 3 * l;
                if o + size <= NREC as usize {
                    let n = size.min(4);
                    assert_eq!(e.v(1, l), le(&b, o, n), "{gen:?} {text} lane {l}");
                }
            }
        }
    }
}
