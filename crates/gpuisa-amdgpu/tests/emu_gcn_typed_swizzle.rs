//! GCN typed buffer accesses (MTBUF `tbuffer_*`) through swizzled and ADD_TID resources: the
//! address from the GCN buffer-addressing rules (swizzle: BUFOFFSET = AOFFSET_LSB + ELEMSIZE *
//! AINDEX_LSB + INDEXSTRIDE * (AINDEX_MSB * STRIDE + AOFFSET_MSB * ELEMSIZE); ADD_TID: the lane
//! id added to the index), written out here, and the texel's bytes read from the buffer.

#[path = "semantics/harness.rs"]
#[allow(dead_code)]
mod harness;

use gpuisa_amdgpu::exec::mem::{Memory, Region};
use harness::{Emu, GENS};

const BASE: u64 = 0x10_0000;
const LEN: u64 = 1 << 16;

fn bytes() -> Vec<u8> {
    (0..LEN as u32).map(|i| (i * 131 + i / 251) as u8).collect()
}

/// An emulator whose s[8:11] is a V# over the buffer: stride 12, NUM_RECORDS 40, SWIZZLE_ENABLE
/// and ADD_TID as given, ELEMENT_SIZE 4 (field 1), INDEX_STRIDE 16 (field 1), DST_SEL XYZW.
fn emu(gen: gpuisa_amdgpu::gcn::Gen, swizzle: bool, add_tid: bool) -> Emu {
    let mut e = Emu::new(gen);
    e.mem = Memory::new(vec![Region::new("buf", BASE, &bytes(), LEN)]);
    e.set_s(8, BASE as u32);
    e.set_s(9, (BASE >> 32) as u32 | 12 << 16 | (swizzle as u32) << 31);
    e.set_s(10, 40);
    e.set_s(
        11,
        4 | 5 << 3 | 6 << 6 | 7 << 9 | 1 << 19 | 1 << 21 | (add_tid as u32) << 23,
    );
    e
}

fn swizzled(index: u64, offset: u64) -> u64 {
    let (elem, istride, stride) = (4, 16, 12);
    offset % elem
        + elem * (index % istride)
        + istride * (index / istride * stride + offset / elem * elem)
}

fn load32(b: &[u8], off: u64) -> u32 {
    u32::from_le_bytes(b[off as usize..off as usize + 4].try_into().unwrap())
}

#[test]
fn typed_loads_and_stores_through_swizzled_resources() {
    let b = bytes();
    for gen in GENS {
        // Loads: index = v4 (lane l: 3 * l), offset 4 + 4 * (l % 2) from v5; 32-bit texels.
        let mut e = emu(gen, true, false);
        for l in 0..64 {
            e.set_v(4, l, 3 * l as u32);
            e.set_v(5, l, 4 + 4 * (l as u32 % 2));
        }
        e.run("tbuffer_load_format_x v0, v[4:5], s[8:11], 0 idxen offen format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_UINT]");
        for l in 0..64u64 {
            let (index, offset) = (3 * l, 4 + 4 * (l % 2));
            // Index 40 and up is out of range: 0.
            let want = if index >= 40 {
                0
            } else {
                load32(&b, swizzled(index, offset))
            };
            assert_eq!(e.v(0, l as usize), want, "{gen:?} lane {l}");
        }
        // A 16-bit texel inside an element: unorm16 at byte 2 of the element.
        let mut e = emu(gen, true, false);
        for l in 0..64 {
            e.set_v(4, l, l as u32);
        }
        e.run("tbuffer_load_format_x v0, v4, s[8:11], 0 idxen offset:6 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_UNORM]");
        for l in 0..40u64 {
            let a = swizzled(l, 6) as usize;
            let want = u16::from_le_bytes([b[a], b[a + 1]]) as f32 / 65535.0;
            assert_eq!(
                f32::from_bits(e.v(0, l as usize)),
                want,
                "{gen:?} unorm16 lane {l}"
            );
        }
        // Stores land at the same places.
        let mut e = emu(gen, true, false);
        for l in 0..64 {
            e.set_v(4, l, l as u32);
            e.set_v(0, l, 0xabc0_0000 | l as u32);
        }
        e.run("tbuffer_store_format_x v0, v4, s[8:11], 0 idxen offset:8 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_UINT]");
        for l in 0..40u64 {
            let got = e.mem.read(BASE + swizzled(l, 8), 4).unwrap() as u32;
            assert_eq!(got, 0xabc0_0000 | l as u32, "{gen:?} store lane {l}");
        }
        // A texel larger than the 4-byte element would be split: refused with a message.
        let mut e = emu(gen, true, false);
        let r = e.try_run("tbuffer_load_format_xy v[0:1], v4, s[8:11], 0 idxen format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_UINT]");
        assert!(
            matches!(&r, Err(m) if m.contains("swizzle elements")),
            "{gen:?}: {}",
            r.err().unwrap_or_default()
        );
    }
}

#[test]
fn typed_loads_through_add_tid_resources() {
    let b = bytes();
    for gen in GENS {
        // ADD_TID: index = 0 + lane, address = BASE + offset + index * stride (not swizzled).
        let mut e = emu(gen, false, true);
        e.run("tbuffer_load_format_x v0, off, s[8:11], 0 offset:8 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_UINT]");
        for l in 0..64u64 {
            assert_eq!(
                e.v(0, l as usize),
                load32(&b, 8 + 12 * l),
                "{gen:?} lane {l}"
            );
        }
        // ADD_TID and swizzle together (the private segment's V# form).
        let mut e = emu(gen, true, true);
        e.run("tbuffer_load_format_x v0, off, s[8:11], 0 offset:4 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_UINT]");
        for l in 0..64u64 {
            assert_eq!(
                e.v(0, l as usize),
                load32(&b, swizzled(l, 4)),
                "{gen:?} swizzled lane {l}"
            );
        }
    }
}
