//! gfx11 (RDNA3) buffer features beyond `emu_gfx11_buffer.rs`: SWIZZLE_ENABLE (swizzled
//! records), TFE (the fetch-status VGPR after the data) and `buffer_load_lds_*` (loads into LDS),
//! in wave32 and wave64. Instructions are assembled by gpuisa's gfx11 assembler, whose words are
//! first compared with llvm-mc-19's (committed below). Expected values are computed here from the
//! buffer's bytes and the V# rules:
//! - SWIZZLE_ENABLE (dword 1, 31:30) 1/2/3: elements of 4/8/16 bytes; INDEX_STRIDE (dword 3,
//!   22:21) 8/16/32/64; the byte offset of (index, offset) is
//!   `(index / IS * STRIDE + offset / ES * ES) * IS + (index % IS) * ES + offset % ES`; the range
//!   check (OOB_SELECT) is on (index, offset) as unswizzled;
//! - TFE: the VGPR after the loaded data receives 0 (no partially resident memory here);
//! - `buffer_load_lds_*`: the lane's value (out of range: 0) zero/sign-extended to a dword at LDS
//!   `M0[15:0] + OFFSET + 4 * lane`; no VGPR written.

use gpuisa_amdgpu::exec::mem::{Memory, Region};
use gpuisa_amdgpu::exec::wave::Wave;
use gpuisa_amdgpu::exec::{self, Ctx};
use gpuisa_amdgpu::gcn::Gen;
use gpuisa_amdgpu::rdna3::asm::assemble_inst;
use gpuisa_amdgpu::rdna3::inst::{decode_typed, Decoded11};

const BASE: u64 = 0x30_0000;
const LEN: usize = 8192;
const SEL_XYZW: u32 = 4 | 5 << 3 | 6 << 6 | 7 << 9;
/// 32_FLOAT in gfx11's unified buffer format numbering.
const FMT_32_FLOAT: u32 = 22;

/// llvm-mc-19 -mcpu=gfx1100 -show-encoding of each instruction used here.
const LLVM: &[(&str, [u8; 8])] = &[
    (
        "buffer_load_b32 v1, v[4:5], s[8:11], 0 idxen offen",
        [0x00, 0x00, 0x50, 0xe0, 0x04, 0x01, 0xc2, 0x80],
    ),
    (
        "buffer_store_b32 v1, v[4:5], s[8:11], 0 idxen offen",
        [0x00, 0x00, 0x68, 0xe0, 0x04, 0x01, 0xc2, 0x80],
    ),
    (
        "buffer_load_b64 v[1:2], v[4:5], s[8:11], 0 idxen offen",
        [0x00, 0x00, 0x54, 0xe0, 0x04, 0x01, 0xc2, 0x80],
    ),
    (
        "buffer_load_b128 v[1:4], v[4:5], s[8:11], 0 idxen offen",
        [0x00, 0x00, 0x5c, 0xe0, 0x04, 0x01, 0xc2, 0x80],
    ),
    (
        "buffer_load_u16 v1, v[4:5], s[8:11], 0 idxen offen",
        [0x00, 0x00, 0x48, 0xe0, 0x04, 0x01, 0xc2, 0x80],
    ),
    (
        "buffer_load_format_x v1, v[4:5], s[8:11], 0 idxen offen",
        [0x00, 0x00, 0x00, 0xe0, 0x04, 0x01, 0xc2, 0x80],
    ),
    (
        "buffer_load_b32 v[1:2], v0, s[8:11], 0 offen tfe",
        [0x00, 0x00, 0x50, 0xe0, 0x00, 0x01, 0x62, 0x80],
    ),
    (
        "buffer_load_b64 v[1:3], v0, s[8:11], 0 offen tfe",
        [0x00, 0x00, 0x54, 0xe0, 0x00, 0x01, 0x62, 0x80],
    ),
    (
        "buffer_load_b128 v[1:5], v0, s[8:11], 0 offen tfe",
        [0x00, 0x00, 0x5c, 0xe0, 0x00, 0x01, 0x62, 0x80],
    ),
    (
        "buffer_load_u8 v[1:2], v0, s[8:11], 0 offen tfe",
        [0x00, 0x00, 0x40, 0xe0, 0x00, 0x01, 0x62, 0x80],
    ),
    (
        "buffer_load_d16_b16 v[1:2], v0, s[8:11], 0 offen tfe",
        [0x00, 0x00, 0x80, 0xe0, 0x00, 0x01, 0x62, 0x80],
    ),
    (
        "buffer_load_format_xyzw v[1:5], v0, s[8:11], 0 offen tfe",
        [0x00, 0x00, 0x0c, 0xe0, 0x00, 0x01, 0x62, 0x80],
    ),
    (
        "buffer_load_d16_format_xyzw v[1:3], v0, s[8:11], 0 offen tfe",
        [0x00, 0x00, 0x2c, 0xe0, 0x00, 0x01, 0x62, 0x80],
    ),
    (
        "buffer_load_lds_b32 v0, s[8:11], 0 offen",
        [0x00, 0x00, 0xc4, 0xe0, 0x00, 0x00, 0x42, 0x80],
    ),
    (
        "buffer_load_lds_u8 v0, s[8:11], 0 offen offset:3",
        [0x03, 0x00, 0xb4, 0xe0, 0x00, 0x00, 0x42, 0x80],
    ),
    (
        "buffer_load_lds_i8 v0, s[8:11], 0 offen",
        [0x00, 0x00, 0xb8, 0xe0, 0x00, 0x00, 0x42, 0x80],
    ),
    (
        "buffer_load_lds_u16 v0, s[8:11], 0 offen",
        [0x00, 0x00, 0xbc, 0xe0, 0x00, 0x00, 0x42, 0x80],
    ),
    (
        "buffer_load_lds_i16 v0, s[8:11], 0 offen",
        [0x00, 0x00, 0xc0, 0xe0, 0x00, 0x00, 0x42, 0x80],
    ),
    (
        "buffer_load_lds_format_x v0, s[8:11], 0 offen",
        [0x00, 0x00, 0xc8, 0xe0, 0x00, 0x00, 0x42, 0x80],
    ),
];

fn words(text: &str) -> Vec<u32> {
    assemble_inst(text, false).unwrap_or_else(|e| panic!("cannot assemble `{text}`: {e:?}"))
}

#[test]
fn words_agree_with_llvm_mc() {
    for (text, bytes) in LLVM {
        let want: Vec<u32> = bytes
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(words(text), want, "{text}");
    }
}

fn wave(lanes: usize) -> Wave {
    let mut w = Wave::new(64, lanes);
    w.set_exec(if lanes == 32 { 0xffff_ffff } else { u64::MAX });
    w
}

/// The V# in s[8:11].
fn vsharp(w: &mut Wave, stride: u32, nrec: u32, swz: u32, istride: u32, format: u32, oob: u32) {
    w.s[8] = BASE as u32;
    w.s[9] = (BASE >> 32) as u32 | stride << 16 | swz << 30;
    w.s[10] = nrec;
    w.s[11] = SEL_XYZW | format << 12 | istride << 21 | oob << 28;
}

fn pattern() -> Vec<u8> {
    (0..LEN).map(|i| (i * 73 + 200 + i / 251) as u8).collect()
}

fn le(b: &[u8], o: usize, n: usize) -> u32 {
    (0..n).fold(0, |v, k| v | (b[o + k] as u32) << (8 * k))
}

/// Executes `text` on `w` with memory `mem` and LDS `lds`.
fn try_run(w: &mut Wave, mem: &Memory, lds: &mut [u8], text: &str) -> Result<(), String> {
    let ws = words(text);
    let mut b = [0u32; 4];
    b[..ws.len()].copy_from_slice(&ws);
    let mut ctx = Ctx {
        mem,
        lds,
        gen: Gen::Gfx9,
        lane_ops: 0,
        private_size: 0,
    };
    match decode_typed(&b, ws.len(), w.lanes == 64) {
        Ok(Decoded11::One(i)) => exec::step(w, &i, &mut ctx)
            .map(|_| ())
            .map_err(|e| e.message),
        _ => Err(format!("{text}: does not decode")),
    }
}

fn run(w: &mut Wave, mem: &Memory, text: &str) {
    let mut lds = vec![0u8; 1024];
    try_run(w, mem, &mut lds, text).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// The swizzled byte offset, from the definition.
fn swz_off(index: u64, offset: u64, stride: u64, es: u64, is: u64) -> u64 {
    (index / is * stride + offset / es * es) * is + (index % is) * es + offset % es
}

#[test]
fn swizzled_loads_and_stores() {
    let pat = pattern();
    let mut fails = Vec::new();
    for lanes in [32, 64] {
        for swz in 1..4u32 {
            let es = 2u64 << swz; // 4, 8, 16
            for isel in 0..4u32 {
                let is = 8u64 << isel;
                let stride = 3 * es as u32; // a record of three elements
                let nrec = 50; // OOB_SELECT 1: index < NUM_RECORDS
                let mem = Memory::new(vec![Region::new("b", BASE, &pat, LEN as u64)]);
                let mut w = wave(lanes);
                vsharp(&mut w, stride, nrec, swz, isel, FMT_32_FLOAT, 1);
                // Lane l: index 7 * l % 60 (some past NUM_RECORDS), offset within the record,
                // aligned to the access.
                let index = |l: usize| (7 * l % 60) as u64;
                let offset = |l: usize, align: u64| (l as u64 * 5 % (3 * es)) / align * align;
                for (text, size, dwords) in [
                    (
                        "buffer_load_b32 v1, v[4:5], s[8:11], 0 idxen offen",
                        4u64,
                        1usize,
                    ),
                    ("buffer_load_u16 v1, v[4:5], s[8:11], 0 idxen offen", 2, 1),
                    (
                        "buffer_load_format_x v1, v[4:5], s[8:11], 0 idxen offen",
                        4,
                        1,
                    ),
                    (
                        "buffer_load_b64 v[1:2], v[4:5], s[8:11], 0 idxen offen",
                        8,
                        2,
                    ),
                    (
                        "buffer_load_b128 v[1:4], v[4:5], s[8:11], 0 idxen offen",
                        16,
                        4,
                    ),
                ] {
                    // Multi-dword loads go dword by dword; the others must fit one element.
                    let align = if dwords > 1 { 4 } else { size };
                    for l in 0..lanes {
                        w.vset(4, l, index(l) as u32);
                        w.vset(5, l, offset(l, align) as u32);
                    }
                    let mut lds = vec![0u8; 1024];
                    if let Err(e) = try_run(&mut w, &mem, &mut lds, text) {
                        fails.push(format!("{lanes} swz {swz} is {is} {text}: {e}"));
                        continue;
                    }
                    for l in 0..lanes {
                        for k in 0..dwords {
                            let (ix, off) = (index(l), offset(l, align) + 4 * k as u64);
                            let n = if dwords > 1 { 4 } else { size as usize };
                            let want = if ix >= nrec as u64 {
                                0
                            } else {
                                le(&pat, swz_off(ix, off, stride as u64, es, is) as usize, n)
                            };
                            let got = w.vget(1 + k, l);
                            if got != want {
                                fails.push(format!(
                                    "{lanes} swz {swz} is {is} {text} lane {l} dword {k} (index {ix}, offset {off}): got {got:#x}, want {want:#x}"
                                ));
                            }
                        }
                    }
                }
                // A store: each lane's dword lands at its swizzled place.
                let mut w = wave(lanes);
                vsharp(&mut w, stride, nrec, swz, isel, 0, 1);
                let mem = Memory::new(vec![Region::new("b", BASE, &vec![0u8; LEN], LEN as u64)]);
                for l in 0..lanes {
                    w.vset(4, l, l as u32); // distinct indices, all in range when < 50
                    w.vset(5, l, (4 * (l % 3)) as u32);
                    w.vset(1, l, 0x5000_0000 | l as u32);
                }
                run(
                    &mut w,
                    &mem,
                    "buffer_store_b32 v1, v[4:5], s[8:11], 0 idxen offen",
                );
                let m = mem.region("b").unwrap().bytes();
                let mut want = vec![0u8; LEN];
                for l in 0..lanes.min(nrec as usize) {
                    let o = swz_off(l as u64, 4 * (l % 3) as u64, stride as u64, es, is) as usize;
                    want[o..o + 4].copy_from_slice(&(0x5000_0000 | l as u32).to_le_bytes());
                }
                if m != want {
                    fails.push(format!("{lanes} swz {swz} is {is}: swizzled store differs"));
                }
            }
        }
    }
    assert!(
        fails.is_empty(),
        "{} failures:\n{}",
        fails.len(),
        fails[..fails.len().min(20)].join("\n")
    );
}

#[test]
fn swizzled_access_across_elements_is_refused() {
    let mem = Memory::new(vec![Region::new("b", BASE, &pattern(), LEN as u64)]);
    let mut w = wave(32);
    vsharp(&mut w, 12, 50, 1, 0, 0, 1); // 4-byte elements
    for l in 0..32 {
        w.vset(4, l, 1);
        w.vset(5, l, 3); // a u16 at byte 3 of a 4-byte element
    }
    let mut lds = vec![0u8; 1024];
    let e = try_run(
        &mut w,
        &mem,
        &mut lds,
        "buffer_load_u16 v1, v[4:5], s[8:11], 0 idxen offen",
    )
    .unwrap_err();
    assert!(e.contains("swizzle"), "{e}");
    // Unswizzled, the same access runs.
    vsharp(&mut w, 12, 50, 0, 0, 0, 1);
    run(
        &mut w,
        &mem,
        "buffer_load_u16 v1, v[4:5], s[8:11], 0 idxen offen",
    );
    assert_eq!(w.vget(1, 0), le(&pattern(), 12 + 3, 2));
}

#[test]
fn tfe_writes_a_zero_status_after_the_data() {
    let pat = pattern();
    for lanes in [32, 64] {
        let mem = Memory::new(vec![Region::new("b", BASE, &pat, LEN as u64)]);
        // (text, data dwords, bytes per lane, d16)
        for (text, nd, size) in [
            (
                "buffer_load_b32 v[1:2], v0, s[8:11], 0 offen tfe",
                1usize,
                4usize,
            ),
            ("buffer_load_b64 v[1:3], v0, s[8:11], 0 offen tfe", 2, 8),
            ("buffer_load_b128 v[1:5], v0, s[8:11], 0 offen tfe", 4, 16),
            ("buffer_load_u8 v[1:2], v0, s[8:11], 0 offen tfe", 1, 1),
            ("buffer_load_d16_b16 v[1:2], v0, s[8:11], 0 offen tfe", 1, 2),
            (
                "buffer_load_format_xyzw v[1:5], v0, s[8:11], 0 offen tfe",
                4,
                16,
            ),
            (
                "buffer_load_d16_format_xyzw v[1:3], v0, s[8:11], 0 offen tfe",
                2,
                16,
            ),
        ] {
            let mut w = wave(lanes);
            // Raw buffer, 32_FLOAT format, NUM_RECORDS 200 bytes (OOB_SELECT 3).
            vsharp(&mut w, 0, 200, 0, 0, FMT_32_FLOAT, 3);
            let exec: u64 =
                0x5555_5555_ffff_fff7 & if lanes == 32 { 0xffff_ffff } else { u64::MAX };
            w.set_exec(exec);
            for l in 0..64 {
                w.vset(0, l, (16 * l) as u32);
                for r in 1..6 {
                    w.vset(r, l, 0xdead_0000 | (r * 64 + l) as u32);
                }
            }
            run(&mut w, &mem, text);
            for l in 0..lanes {
                let status = w.vget(1 + nd, l);
                if exec >> l & 1 == 0 {
                    assert_eq!(
                        status,
                        0xdead_0000 | ((1 + nd) * 64 + l) as u32,
                        "{text} inactive lane {l}"
                    );
                    continue;
                }
                assert_eq!(status, 0, "{text} lane {l}: status");
                // The data as without TFE.
                let o = 16 * l;
                let inr = |n: usize| o + n <= 200;
                // (32_FLOAT has one component: Y and Z read 0; a typed access is all or
                // nothing over its 4 bytes)
                let want0 = match (text.contains("d16"), size) {
                    (false, 1) => u32::from(inr(1)) * pat[o] as u32,
                    (true, 2) => u32::from(inr(2)) * le(&pat, o, 2),
                    // X as f16 in the low half, Y (0) in the high half.
                    (true, _) => u32::from(inr(4)) * half(f32::from_bits(le(&pat, o, 4))),
                    _ => u32::from(inr(4)) * le(&pat, o, 4),
                };
                let got = w.vget(1, l);
                if text.contains("d16_b16") {
                    assert_eq!(got & 0xffff, want0 & 0xffff, "{text} lane {l}");
                    assert_eq!(
                        got >> 16,
                        (0xdead_0000u32 | (64 + l) as u32) >> 16,
                        "{text} lane {l}: high half kept"
                    );
                } else if text.contains("d16_format") {
                    // (f16 rounding is checked elsewhere: NaN payloads may differ)
                    let same =
                        |g: u32, w: u32| g == w || (g & 0x7c00 == 0x7c00 && w & 0x7c00 == 0x7c00);
                    assert!(
                        same(got & 0xffff, want0 & 0xffff) && same(got >> 16, want0 >> 16),
                        "{text} lane {l}: {got:#x} vs {want0:#x}"
                    );
                } else {
                    assert_eq!(got, want0, "{text} lane {l}");
                }
            }
        }
    }
}

/// f32 -> f16, round to nearest even (test-side, by integer arithmetic on the bits).
fn half(x: f32) -> u32 {
    let b = x.to_bits();
    let sign = (b >> 16) & 0x8000;
    let e = ((b >> 23) & 0xff) as i32;
    let m = b & 0x7f_ffff;
    if e == 0xff {
        return sign | 0x7c00 | if m != 0 { 0x200 } else { 0 };
    }
    let e16 = e - 127 + 15;
    if e16 >= 31 {
        return sign | 0x7c00;
    }
    // The value as an integer significand times 2^(e - 150), rounded to a multiple of the f16
    // quantum 2^(max(e16, 1) - 25).
    let sig = if e == 0 {
        m as u64
    } else {
        (m | 0x80_0000) as u64
    };
    let shift = (e16.max(1) - 25) - (e.max(1) - 150);
    if shift >= 64 {
        return sign;
    }
    let q = sig >> shift;
    let rem = sig - (q << shift);
    let halfway = if shift > 0 { 1u64 << (shift - 1) } else { 0 };
    let q = if shift > 0 && (rem > halfway || rem == halfway && q & 1 == 1) {
        q + 1
    } else {
        q
    };
    // q counts quanta of 2^(max(e16,1) - 25): for normals q includes the implicit bit.
    let r = if e16 >= 1 {
        (((e16 as u64) << 10) + q - 0x400) as u32
    } else {
        q as u32
    };
    sign | r.min(0x7c00)
}

#[test]
fn loads_into_lds() {
    let pat = pattern();
    for lanes in [32, 64] {
        for (text, size, signed, ioff) in [
            (
                "buffer_load_lds_b32 v0, s[8:11], 0 offen",
                4usize,
                false,
                0usize,
            ),
            (
                "buffer_load_lds_u8 v0, s[8:11], 0 offen offset:3",
                1,
                false,
                3,
            ),
            ("buffer_load_lds_i8 v0, s[8:11], 0 offen", 1, true, 0),
            ("buffer_load_lds_u16 v0, s[8:11], 0 offen", 2, false, 0),
            ("buffer_load_lds_i16 v0, s[8:11], 0 offen", 2, true, 0),
        ] {
            let mem = Memory::new(vec![Region::new("b", BASE, &pat, LEN as u64)]);
            let mut w = wave(lanes);
            vsharp(&mut w, 0, 150, 0, 0, 0, 3); // raw, 150 bytes
            let exec: u64 = !(1u64 << 5) & if lanes == 32 { 0xffff_ffff } else { u64::MAX };
            w.set_exec(exec);
            w.s[124] = 0xabcd_0040; // M0: LDS offset 0x40 (the high half ignored)
            for l in 0..64 {
                w.vset(0, l, (3 * l) as u32);
                w.vset(1, l, 0x1111_1111);
            }
            let mut lds = vec![0xeeu8; 1024];
            try_run(&mut w, &mem, &mut lds, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            for l in 0..lanes {
                let at = 0x40 + ioff + 4 * l;
                let got = le(&lds, at, 4);
                if exec >> l & 1 == 0 {
                    assert_eq!(got, 0xeeee_eeee, "{text} inactive lane {l}");
                    continue;
                }
                let o = 3 * l + ioff;
                let want = if o + size > 150 {
                    0
                } else {
                    let v = le(&pat, o, size);
                    let bits = 8 * size as u32;
                    if signed && v >> (bits - 1) & 1 != 0 {
                        v | !((1u32 << bits) - 1)
                    } else {
                        v
                    }
                };
                assert_eq!(got, want, "{lanes} {text} lane {l}");
                assert_eq!(w.vget(1, l), 0x1111_1111, "{text}: no VGPR written");
            }
        }
    }
}

#[test]
fn typed_load_into_lds_is_refused() {
    // buffer_load_lds_format_x is not emulated: an error naming it, LDS and VGPRs untouched.
    let mem = Memory::new(vec![Region::new("b", BASE, &pattern(), LEN as u64)]);
    let mut w = wave(32);
    vsharp(&mut w, 0, 100, 0, 0, FMT_32_FLOAT, 3);
    for l in 0..32 {
        w.vset(0, l, 4 * l as u32);
    }
    let mut lds = vec![0x5au8; 1024];
    let e = try_run(
        &mut w,
        &mem,
        &mut lds,
        "buffer_load_lds_format_x v0, s[8:11], 0 offen",
    )
    .unwrap_err();
    assert!(
        e.to_ascii_uppercase().contains("BUFFER_LOAD_LDS_FORMAT_X"),
        "{e}"
    );
    assert!(lds.iter().all(|&b| b == 0x5a));
    assert_eq!(w.vget(0, 3), 12);
}
