//! gfx11 (RDNA3) MUBUF/MTBUF executed, in wave32 and wave64. The instruction words are
//! llvm-mc-19's (tests/data/gfx11_buffer.lst, generated from gfx11_buffer.s by
//! scripts/gen-gfx11-buffer-listing.sh, which `--check`s them against llvm-mc-19 in CI); each is
//! decoded and executed on a wave whose registers and buffer the test sets, and the results are
//! compared with values computed here from the buffer's bytes and the RDNA3 V# rules: BASE,
//! STRIDE, NUM_RECORDS, ADD_TID_ENABLE, FORMAT, DST_SEL and OOB_SELECT range checking (0:
//! index >= NUM_RECORDS or offset + size > STRIDE; 1: index >= NUM_RECORDS; 2: NUM_RECORDS == 0;
//! 3: index * STRIDE + offset + size > NUM_RECORDS), multi-dword accesses checked per dword,
//! typed ones all or nothing, out-of-range loads 0 and stores dropped; SOFFSET outside the check.

#![allow(clippy::needless_range_loop)]

use gpuisa_amdgpu::exec::mem::{Memory, Region};
use gpuisa_amdgpu::exec::wave::Wave;
use gpuisa_amdgpu::exec::{self, Ctx};
use gpuisa_amdgpu::gcn::Gen;
use gpuisa_amdgpu::rdna3::asm::assemble_inst;
use gpuisa_amdgpu::rdna3::inst::{decode_typed, Decoded11};

const BASE: u64 = 0x20_0000;
const LEN: usize = 512;
const LISTING: &str = include_str!("data/gfx11_buffer.lst");
/// DST_SEL_X..W = X, Y, Z, W.
const SEL_XYZW: u32 = 4 | 5 << 3 | 6 << 6 | 7 << 9;

/// The llvm-mc-19 words of `text` (a line of the listing).
fn words(text: &str) -> Vec<u32> {
    let line = LISTING
        .lines()
        .find(|l| l.split(" ; encoding:").next() == Some(text))
        .unwrap_or_else(|| panic!("{text}: not in the listing"));
    let bytes: Vec<u8> = line
        .split("encoding: [")
        .nth(1)
        .unwrap()
        .trim_end_matches(']')
        .split(',')
        .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).unwrap())
        .collect();
    bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn wave(lanes: usize) -> Wave {
    let mut w = Wave::new(64, lanes);
    w.set_exec(if lanes == 32 { 0xffff_ffff } else { u64::MAX });
    w
}

/// The V# in s[8:11].
fn vsharp(w: &mut Wave, stride: u32, nrec: u32, format: u32, add_tid: bool, oob: u32) {
    w.s[8] = BASE as u32;
    w.s[9] = (BASE >> 32) as u32 | stride << 16;
    w.s[10] = nrec;
    w.s[11] = SEL_XYZW | format << 12 | (add_tid as u32) << 23 | oob << 28;
}

fn memory(bytes: &[u8]) -> Memory {
    Memory::new(vec![Region::new("buf", BASE, bytes, LEN as u64)])
}

fn bytes_of(mem: &Memory) -> Vec<u8> {
    mem.region("buf").unwrap().bytes()
}

/// Decodes and executes `text`'s words.
fn try_exec(w: &mut Wave, mem: &Memory, text: &str) -> Result<(), String> {
    let ws = words(text);
    let mut buf = [0u32; 4];
    buf[..ws.len()].copy_from_slice(&ws);
    let mut lds = vec![0u8; 256];
    let mut ctx = Ctx {
        mem,
        lds: &mut lds,
        gen: Gen::Gfx9,
        lane_ops: 0,
        private_size: 0,
    };
    match decode_typed(&buf, ws.len(), w.lanes == 64) {
        Ok(Decoded11::One(i)) => exec::step(w, &i, &mut ctx)
            .map(|_| ())
            .map_err(|e| e.message),
        _ => Err(format!("{text}: does not decode")),
    }
}

fn exec(w: &mut Wave, mem: &Memory, text: &str) {
    try_exec(w, mem, text).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn set_v(w: &mut Wave, r: usize, f: impl Fn(usize) -> u32) {
    for l in 0..64 {
        w.vset(r, l, f(l));
    }
}

fn pattern() -> Vec<u8> {
    (0..LEN).map(|i| (i * 73 + 200) as u8).collect()
}

fn le32(b: &[u8], o: usize) -> u32 {
    u32::from_le_bytes(b[o..o + 4].try_into().unwrap())
}
fn le16(b: &[u8], o: usize) -> u32 {
    u16::from_le_bytes(b[o..o + 2].try_into().unwrap()) as u32
}

#[test]
fn listing_agrees_with_gpuisa_assembler() {
    for line in LISTING.lines() {
        let text = line.split(" ; encoding:").next().unwrap();
        let ours = assemble_inst(text, false).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert_eq!(ours, words(text), "{text}");
    }
}

#[test]
fn raw_loads_of_every_width_checked_per_dword() {
    let b = pattern();
    let mem = memory(&b);
    for lanes in [32, 64] {
        let mut w = wave(lanes);
        vsharp(&mut w, 0, 100, 0, false, 3);
        set_v(&mut w, 0, |l| 4 * l as u32);
        set_v(&mut w, 1, |_| 0xdead_beef);
        exec(&mut w, &mem, "buffer_load_b32 v1, v0, s[8:11], 0 offen");
        for l in 0..lanes {
            let want = if 4 * l + 4 <= 100 { le32(&b, 4 * l) } else { 0 };
            assert_eq!(w.vget(1, l), want, "b32 lane {l}");
        }
        // SOFFSET (16) moves the address but is not range checked; each dword on its own.
        w.s[12] = 16;
        set_v(&mut w, 0, |l| 16 * l as u32);
        for r in 4..8 {
            set_v(&mut w, r, |_| 0x5555_5555);
        }
        exec(
            &mut w,
            &mem,
            "buffer_load_b128 v[4:7], v0, s[8:11], s12 offen offset:8",
        );
        for l in 0..lanes {
            for k in 0..4 {
                let off = 16 * l + 8 + 4 * k;
                let want = if off + 4 <= 100 {
                    le32(&b, 16 + off)
                } else {
                    0
                };
                assert_eq!(w.vget(4 + k, l), want, "b128 lane {l} dword {k}");
            }
        }
        // A partly out-of-range b64 (lane 12: 96..100 in, 100..104 out); NULL SOFFSET.
        set_v(&mut w, 0, |l| 8 * l as u32);
        exec(
            &mut w,
            &mem,
            "buffer_load_b64 v[4:5], v0, s[8:11], null offen",
        );
        for l in 0..lanes {
            for k in 0..2 {
                let off = 8 * l + 4 * k;
                let want = if off + 4 <= 100 { le32(&b, off) } else { 0 };
                assert_eq!(w.vget(4 + k, l), want, "b64 lane {l} dword {k}");
            }
        }
        set_v(&mut w, 0, |l| 12 * l as u32);
        exec(&mut w, &mem, "buffer_load_b96 v[4:6], v0, s[8:11], 0 offen");
        for l in 0..lanes {
            for k in 0..3 {
                let off = 12 * l + 4 * k;
                let want = if off + 4 <= 100 { le32(&b, off) } else { 0 };
                assert_eq!(w.vget(4 + k, l), want, "b96 lane {l} dword {k}");
            }
        }
        // Sub-dword loads: zero and sign extension; NUM_RECORDS 40 cuts the wave.
        vsharp(&mut w, 0, 40, 0, false, 3);
        set_v(&mut w, 0, |l| l as u32);
        let inr = |l: usize, size: usize, off: usize| off + size <= 40 && l < lanes;
        exec(&mut w, &mem, "buffer_load_u8 v1, v0, s[8:11], 0 offen");
        for l in 0..lanes {
            let want = if inr(l, 1, l) { b[l] as u32 } else { 0 };
            assert_eq!(w.vget(1, l), want, "u8 lane {l}");
        }
        exec(&mut w, &mem, "buffer_load_i8 v1, v0, s[8:11], 0 offen");
        for l in 0..lanes {
            let want = if inr(l, 1, l) {
                b[l] as i8 as i32 as u32
            } else {
                0
            };
            assert_eq!(w.vget(1, l), want, "i8 lane {l}");
        }
        set_v(&mut w, 0, |l| 2 * l as u32);
        exec(&mut w, &mem, "buffer_load_u16 v1, v0, s[8:11], 0 offen");
        for l in 0..lanes {
            let want = if inr(l, 2, 2 * l) { le16(&b, 2 * l) } else { 0 };
            assert_eq!(w.vget(1, l), want, "u16 lane {l}");
        }
        exec(&mut w, &mem, "buffer_load_i16 v1, v0, s[8:11], 0 offen");
        for l in 0..lanes {
            let want = if inr(l, 2, 2 * l) {
                le16(&b, 2 * l) as u16 as i16 as i32 as u32
            } else {
                0
            };
            assert_eq!(w.vget(1, l), want, "i16 lane {l}");
        }
        // D16: one half written (0 when out of range), the other kept.
        set_v(&mut w, 1, |l| 0xabcd_1234 ^ l as u32);
        set_v(&mut w, 0, |l| l as u32);
        exec(&mut w, &mem, "buffer_load_d16_u8 v1, v0, s[8:11], 0 offen");
        for l in 0..lanes {
            let old = 0xabcd_1234 ^ l as u32;
            let v = if inr(l, 1, l) { b[l] as u32 } else { 0 };
            assert_eq!(w.vget(1, l), old & 0xffff_0000 | v, "d16_u8 lane {l}");
        }
        set_v(&mut w, 1, |l| 0xabcd_1234 ^ l as u32);
        exec(
            &mut w,
            &mem,
            "buffer_load_d16_hi_i8 v1, v0, s[8:11], 0 offen",
        );
        for l in 0..lanes {
            let old = 0xabcd_1234 ^ l as u32;
            let v = if inr(l, 1, l) {
                b[l] as i8 as i16 as u16 as u32
            } else {
                0
            };
            assert_eq!(w.vget(1, l), old & 0xffff | v << 16, "d16_hi_i8 lane {l}");
        }
        set_v(&mut w, 1, |l| 0xabcd_1234 ^ l as u32);
        set_v(&mut w, 0, |l| 2 * l as u32);
        exec(
            &mut w,
            &mem,
            "buffer_load_d16_hi_b16 v1, v0, s[8:11], 0 offen",
        );
        for l in 0..lanes {
            let old = 0xabcd_1234 ^ l as u32;
            let v = if inr(l, 2, 2 * l) { le16(&b, 2 * l) } else { 0 };
            assert_eq!(w.vget(1, l), old & 0xffff | v << 16, "d16_hi_b16 lane {l}");
        }
    }
}

#[test]
fn raw_stores_dropped_out_of_range() {
    for lanes in [32, 64] {
        let put = |m: &mut [u8], o: usize, v: u32, n: usize| {
            m[o..o + n].copy_from_slice(&v.to_le_bytes()[..n]);
        };
        // b32: NUM_RECORDS 64.
        let mem = memory(&[0u8; LEN]);
        let mut w = wave(lanes);
        vsharp(&mut w, 0, 64, 0, false, 3);
        set_v(&mut w, 0, |l| 4 * l as u32);
        set_v(&mut w, 1, |l| 0x1000_0001u32.wrapping_mul(l as u32 + 3));
        exec(&mut w, &mem, "buffer_store_b32 v1, v0, s[8:11], 0 offen");
        let mut want = vec![0u8; LEN];
        for l in 0..lanes {
            if 4 * l + 4 <= 64 {
                put(
                    &mut want,
                    4 * l,
                    0x1000_0001u32.wrapping_mul(l as u32 + 3),
                    4,
                );
            }
        }
        assert_eq!(bytes_of(&mem), want, "store_b32 wave{lanes}");
        // b64 at offset 4: per dword.
        let mem = memory(&[0u8; LEN]);
        set_v(&mut w, 0, |l| 8 * l as u32);
        set_v(&mut w, 4, |l| 0xa000_0000 | l as u32);
        set_v(&mut w, 5, |l| 0xb000_0000 | l as u32);
        exec(
            &mut w,
            &mem,
            "buffer_store_b64 v[4:5], v0, s[8:11], 0 offen offset:4",
        );
        let mut want = vec![0u8; LEN];
        for l in 0..lanes {
            for (k, v) in [(0, 0xa000_0000 | l as u32), (1, 0xb000_0000 | l as u32)] {
                let off = 8 * l + 4 + 4 * k;
                if off + 4 <= 64 {
                    put(&mut want, off, v, 4);
                }
            }
        }
        assert_eq!(bytes_of(&mem), want, "store_b64 wave{lanes}");
        // b8 and d16_hi_b16.
        let mem = memory(&[0u8; LEN]);
        set_v(&mut w, 0, |l| l as u32);
        set_v(&mut w, 1, |l| 0x1234_5600 | (5 * l) as u32);
        exec(&mut w, &mem, "buffer_store_b8 v1, v0, s[8:11], 0 offen");
        let mut want = vec![0u8; LEN];
        for l in 0..lanes {
            want[l] = (5 * l) as u8;
        }
        assert_eq!(bytes_of(&mem), want, "store_b8 wave{lanes}");
        let mem = memory(&[0u8; LEN]);
        set_v(&mut w, 0, |l| 2 * l as u32);
        set_v(&mut w, 1, |l| (0x8000 + 3 * l as u32) << 16 | 0x7777);
        exec(
            &mut w,
            &mem,
            "buffer_store_d16_hi_b16 v1, v0, s[8:11], 0 offen",
        );
        let mut want = vec![0u8; LEN];
        for l in 0..lanes {
            if 2 * l + 2 <= 64 {
                put(&mut want, 2 * l, 0x8000 + 3 * l as u32, 2);
            }
        }
        assert_eq!(bytes_of(&mem), want, "store_d16_hi_b16 wave{lanes}");
    }
}

#[test]
fn structured_index_and_oob_select_modes() {
    let b = pattern();
    let mem = memory(&b);
    for lanes in [32, 64] {
        let mut w = wave(lanes);
        let load = |w: &mut Wave, text: &str| {
            set_v(w, 1, |_| 0xdead_beef);
            exec(w, &mem, text);
        };
        // OOB_SELECT 0: stride 8, 10 records; index in v0.
        vsharp(&mut w, 8, 10, 0, false, 0);
        set_v(&mut w, 0, |l| l as u32);
        load(&mut w, "buffer_load_b32 v1, v0, s[8:11], 0 idxen offset:4");
        for l in 0..lanes {
            let want = if l < 10 { le32(&b, 8 * l + 4) } else { 0 };
            assert_eq!(w.vget(1, l), want, "oob0 offset:4 lane {l}");
        }
        // offset 8 + 4 bytes > stride: every lane out of range.
        load(&mut w, "buffer_load_b32 v1, v0, s[8:11], 0 idxen offset:8");
        for l in 0..lanes {
            assert_eq!(w.vget(1, l), 0, "oob0 offset:8 lane {l}");
        }
        // Index and offset from v[2:3].
        set_v(&mut w, 2, |l| l as u32);
        set_v(&mut w, 3, |l| 2 * (l as u32 % 4));
        load(&mut w, "buffer_load_b32 v1, v[2:3], s[8:11], 0 idxen offen");
        for l in 0..lanes {
            let off = 2 * (l % 4);
            let want = if l < 10 && off + 4 <= 8 {
                le32(&b, 8 * l + off)
            } else {
                0
            };
            assert_eq!(w.vget(1, l), want, "oob0 idxen offen lane {l}");
        }
        // OOB_SELECT 1: the index only.
        vsharp(&mut w, 8, 10, 0, false, 1);
        load(&mut w, "buffer_load_b32 v1, v0, s[8:11], 0 idxen offset:8");
        for l in 0..lanes {
            let want = if l < 10 { le32(&b, 8 * l + 8) } else { 0 };
            assert_eq!(w.vget(1, l), want, "oob1 lane {l}");
        }
        // OOB_SELECT 2: out of range only with NUM_RECORDS 0.
        vsharp(&mut w, 4, 1, 0, false, 2);
        load(&mut w, "buffer_load_b32 v1, v0, s[8:11], 0 idxen offset:4");
        for l in 0..lanes {
            assert_eq!(w.vget(1, l), le32(&b, 4 * l + 4), "oob2 lane {l}");
        }
        vsharp(&mut w, 4, 0, 0, false, 2);
        load(&mut w, "buffer_load_b32 v1, v0, s[8:11], 0 idxen offset:4");
        for l in 0..lanes {
            assert_eq!(w.vget(1, l), 0, "oob2 nrec 0 lane {l}");
        }
        // OOB_SELECT 3 with a stride: index * stride + offset + size against NUM_RECORDS.
        vsharp(&mut w, 8, 60, 0, false, 3);
        load(&mut w, "buffer_load_b32 v1, v0, s[8:11], 0 idxen offset:4");
        for l in 0..lanes {
            let want = if 8 * l + 8 <= 60 {
                le32(&b, 8 * l + 4)
            } else {
                0
            };
            assert_eq!(w.vget(1, l), want, "oob3 strided lane {l}");
        }
        // ADD_TID_ENABLE: the lane id is added to the index (no VGPR address).
        vsharp(&mut w, 4, 80, 0, true, 3);
        load(&mut w, "buffer_load_b32 v1, off, s[8:11], 0");
        for l in 0..lanes {
            let want = if 4 * l + 4 <= 80 { le32(&b, 4 * l) } else { 0 };
            assert_eq!(w.vget(1, l), want, "add_tid lane {l}");
        }
    }
}

#[test]
fn atomics_with_and_without_return() {
    let init: Vec<u8> = (0..LEN / 4)
        .flat_map(|k| (k as u32 * 1000 + 7).to_le_bytes())
        .collect();
    let word = |m: &[u8], k: usize| le32(m, 4 * k);
    for lanes in [32, 64] {
        // add with GLC: the old value returns; lanes 32.. are out of range (NUM_RECORDS 128).
        let mem = memory(&init);
        let mut w = wave(lanes);
        vsharp(&mut w, 0, 128, 0, false, 3);
        set_v(&mut w, 0, |l| 4 * l as u32);
        set_v(&mut w, 1, |l| l as u32 + 1);
        exec(
            &mut w,
            &mem,
            "buffer_atomic_add_u32 v1, v0, s[8:11], 0 offen glc",
        );
        let m = bytes_of(&mem);
        for l in 0..lanes {
            let old = word(&init, l);
            if l < 32 {
                assert_eq!(w.vget(1, l), old, "add glc lane {l}");
                assert_eq!(word(&m, l), old + l as u32 + 1, "add glc lane {l}");
            } else {
                assert_eq!(w.vget(1, l), 0, "add glc lane {l}");
                assert_eq!(word(&m, l), old, "add glc lane {l}");
            }
        }
        // Without GLC: memory changes, v1 keeps its value.
        let mem = memory(&init);
        set_v(&mut w, 1, |l| l as u32 + 1);
        exec(
            &mut w,
            &mem,
            "buffer_atomic_add_u32 v1, v0, s[8:11], 0 offen",
        );
        let m = bytes_of(&mem);
        for l in 0..lanes.min(32) {
            assert_eq!(w.vget(1, l), l as u32 + 1, "add lane {l}");
            assert_eq!(word(&m, l), word(&init, l) + l as u32 + 1, "add lane {l}");
        }
        // sub at offset 4 without return.
        let mem = memory(&init);
        set_v(&mut w, 1, |l| 3 * l as u32);
        exec(
            &mut w,
            &mem,
            "buffer_atomic_sub_u32 v1, v0, s[8:11], 0 offen offset:4",
        );
        let m = bytes_of(&mem);
        let mut want: Vec<u32> = (0..LEN / 4).map(|k| word(&init, k)).collect();
        for l in 0..lanes {
            if 4 * l + 8 <= 128 {
                want[l + 1] = want[l + 1].wrapping_sub(3 * l as u32);
            }
        }
        for (k, x) in want.iter().enumerate() {
            assert_eq!(word(&m, k), *x, "sub word {k}");
        }
        // cmpswap: v2 the new value, v3 the compare; even lanes match.
        let mem = memory(&init);
        set_v(&mut w, 2, |l| 0x7000_0000 + l as u32);
        set_v(&mut w, 3, |l| word(&init, l) + (l as u32 & 1));
        exec(
            &mut w,
            &mem,
            "buffer_atomic_cmpswap_b32 v[2:3], v0, s[8:11], 0 offen glc",
        );
        let m = bytes_of(&mem);
        for l in 0..lanes.min(32) {
            let old = word(&init, l);
            assert_eq!(w.vget(2, l), old, "cmpswap lane {l}");
            let want = if l % 2 == 0 {
                0x7000_0000 + l as u32
            } else {
                old
            };
            assert_eq!(word(&m, l), want, "cmpswap lane {l}");
        }
        // max_i64 with return: signed 64-bit compare.
        let mem = memory(&init);
        vsharp(&mut w, 0, 256, 0, false, 3);
        set_v(&mut w, 0, |l| 8 * l as u32);
        let val = |l: usize| -> i64 {
            if l % 3 == 0 {
                -(l as i64) - 5
            } else {
                (l as i64) << 33 | 0x1234
            }
        };
        set_v(&mut w, 2, |l| val(l) as u64 as u32);
        set_v(&mut w, 3, |l| (val(l) as u64 >> 32) as u32);
        exec(
            &mut w,
            &mem,
            "buffer_atomic_max_i64 v[2:3], v0, s[8:11], 0 offen glc",
        );
        let m = bytes_of(&mem);
        for l in 0..lanes {
            let q = |m: &[u8]| u64::from_le_bytes(m[8 * l..8 * l + 8].try_into().unwrap()) as i64;
            if 8 * l + 8 <= 256 {
                let old = q(&init);
                let got = w.vget(2, l) as u64 | (w.vget(3, l) as u64) << 32;
                assert_eq!(got as i64, old, "max_i64 lane {l}");
                assert_eq!(q(&m), old.max(val(l)), "max_i64 lane {l}");
            } else if 8 * l < LEN {
                assert_eq!(q(&m), q(&init), "max_i64 lane {l}");
            }
        }
    }
}

#[test]
fn typed_accesses_through_the_gfx11_formats() {
    let b = pattern();
    for lanes in [32, 64] {
        let mem = memory(&b);
        let mut w = wave(lanes);
        // MTBUF FORMAT 8_8_8_8_UNORM, raw NUM_RECORDS 100: all or nothing.
        vsharp(&mut w, 0, 100, 0, false, 3);
        set_v(&mut w, 0, |l| 4 * l as u32);
        exec(
            &mut w,
            &mem,
            "tbuffer_load_format_xyzw v[4:7], v0, s[8:11], 0 format:[BUF_FMT_8_8_8_8_UNORM] offen",
        );
        for l in 0..lanes {
            for k in 0..4 {
                let want = if 4 * l + 4 <= 100 {
                    b[4 * l + k] as f32 / 255.0
                } else {
                    0.0
                };
                assert_eq!(f32::from_bits(w.vget(4 + k, l)), want, "lane {l} comp {k}");
            }
        }
        // MUBUF _format_: the V#'s FORMAT (24: 16_16_SNORM).
        vsharp(&mut w, 0, 100, 24, false, 3);
        exec(
            &mut w,
            &mem,
            "buffer_load_format_xy v[4:5], v0, s[8:11], 0 offen",
        );
        for l in 0..lanes {
            for k in 0..2 {
                let want = if 4 * l + 4 <= 100 {
                    (le16(&b, 4 * l + 2 * k) as u16 as i16 as f32 / 32767.0).max(-1.0)
                } else {
                    0.0
                };
                assert_eq!(
                    f32::from_bits(w.vget(4 + k, l)),
                    want,
                    "snorm lane {l} comp {k}"
                );
            }
        }
        // D16 through FORMAT 29 (16_16_FLOAT): both halves packed in one VGPR.
        let h = |l: usize, k: usize| ((l * 0x0101 + 0x10 * k) & 0x7bff) as u32;
        let halves: Vec<u8> = (0..LEN / 4)
            .flat_map(|l| (h(l, 0) | h(l, 1) << 16).to_le_bytes())
            .collect();
        let hm = memory(&halves);
        vsharp(&mut w, 0, 100, 29, false, 3);
        set_v(&mut w, 4, |_| 0xffff_ffff);
        exec(
            &mut w,
            &hm,
            "buffer_load_d16_format_xy v4, v0, s[8:11], 0 offen",
        );
        for l in 0..lanes {
            let want = if 4 * l + 4 <= 100 {
                h(l, 0) | h(l, 1) << 16
            } else {
                0
            };
            assert_eq!(w.vget(4, l), want, "d16 float lane {l}");
        }
        // Stores: 16_16_UINT, NUM_RECORDS 64.
        let sm = memory(&[0u8; LEN]);
        vsharp(&mut w, 0, 64, 0, false, 3);
        set_v(&mut w, 4, |l| 3 * l as u32 + 1);
        set_v(&mut w, 5, |l| 65535 - l as u32);
        exec(
            &mut w,
            &sm,
            "tbuffer_store_format_xy v[4:5], v0, s[8:11], 0 format:[BUF_FMT_16_16_UINT] offen",
        );
        let mut want = vec![0u8; LEN];
        for l in 0..lanes {
            if 4 * l + 4 <= 64 {
                want[4 * l..4 * l + 2].copy_from_slice(&(3 * l as u16 + 1).to_le_bytes());
                want[4 * l + 2..4 * l + 4].copy_from_slice(&(65535 - l as u16).to_le_bytes());
            }
        }
        assert_eq!(bytes_of(&sm), want, "tbuffer store wave{lanes}");
        // 32_FLOAT loads the bits.
        vsharp(&mut w, 0, 40, 0, false, 3);
        exec(
            &mut w,
            &mem,
            "tbuffer_load_format_x v4, v0, s[8:11], 0 format:[BUF_FMT_32_FLOAT] offen",
        );
        for l in 0..lanes {
            let want = if 4 * l + 4 <= 40 { le32(&b, 4 * l) } else { 0 };
            assert_eq!(w.vget(4, l), want, "32_float lane {l}");
        }
    }
}

#[test]
fn refusals_are_errors() {
    let mem = memory(&pattern());
    let mut w = wave(32);
    set_v(&mut w, 0, |l| 4 * l as u32);
    // A swizzled resource (4-byte elements) with a dword straddling two elements is refused,
    // not run unswizzled (swizzled accesses: emu_gfx11_buffer_more.rs).
    vsharp(&mut w, 0, 100, 0, false, 3);
    w.s[9] |= 1 << 30;
    set_v(&mut w, 0, |l| 4 * l as u32 + 2);
    let e = try_exec(&mut w, &mem, "buffer_load_b32 v1, v0, s[8:11], 0 offen").unwrap_err();
    assert!(e.contains("swizzle"), "{e}");
    set_v(&mut w, 0, |l| 4 * l as u32);
    // An invalid FORMAT (0) in the V# for a MUBUF _format_ access.
    vsharp(&mut w, 0, 100, 0, false, 3);
    let e = try_exec(
        &mut w,
        &mem,
        "buffer_load_format_xy v[4:5], v0, s[8:11], 0 offen",
    )
    .unwrap_err();
    assert!(e.contains("format"), "{e}");
    // Cache invalidation runs.
    exec(&mut w, &mem, "buffer_gl0_inv");
}

#[test]
fn float_atomic_wide_store_and_more_refusals() {
    let init: Vec<u8> = (0..LEN / 4)
        .flat_map(|k| (k as f32 * 1.5 - 20.0).to_bits().to_le_bytes())
        .collect();
    for lanes in [32, 64] {
        // buffer_atomic_add_f32 without return; NUM_RECORDS 100 (lanes 25.. dropped).
        let mem = memory(&init);
        let mut w = wave(lanes);
        vsharp(&mut w, 0, 100, 0, false, 3);
        set_v(&mut w, 0, |l| 4 * l as u32);
        set_v(&mut w, 1, |l| (l as f32 * 0.25).to_bits());
        exec(
            &mut w,
            &mem,
            "buffer_atomic_add_f32 v1, v0, s[8:11], 0 offen",
        );
        let m = bytes_of(&mem);
        for k in 0..LEN / 4 {
            let old = k as f32 * 1.5 - 20.0;
            let want = if k < lanes && 4 * k + 4 <= 100 {
                old + k as f32 * 0.25
            } else {
                old
            };
            assert_eq!(f32::from_bits(le32(&m, 4 * k)), want, "add_f32 word {k}");
        }
        // A b128 store straddling NUM_RECORDS: the in-range dwords are written.
        let mem = memory(&[0u8; LEN]);
        vsharp(&mut w, 0, 72, 0, false, 3);
        set_v(&mut w, 0, |l| 16 * l as u32);
        for r in 4..8 {
            set_v(&mut w, r, |l| (r as u32) << 24 | l as u32);
        }
        exec(
            &mut w,
            &mem,
            "buffer_store_b128 v[4:7], v0, s[8:11], 0 offen",
        );
        let m = bytes_of(&mem);
        for k in 0..LEN / 4 {
            let (l, r) = (k / 4, 4 + k % 4);
            let want = if l < lanes && 4 * k + 4 <= 72 {
                (r as u32) << 24 | l as u32
            } else {
                0
            };
            assert_eq!(le32(&m, 4 * k), want, "store_b128 word {k}");
        }
    }
    // Not emulated: errors, not panics or silent no-ops.
    let mem = memory(&init);
    let mut w = wave(32);
    vsharp(&mut w, 0, 100, 0, false, 3);
    // (buffer_load_lds_*: emu_gfx11_buffer_more.rs)
    for text in ["buffer_atomic_csub_u32 v1, v0, s[8:11], 0 offen glc"] {
        assert!(try_exec(&mut w, &mem, text).is_err(), "{text}");
    }
}

/// Every MUBUF and MTBUF opcode with pseudo-random fields, V# and registers: decoding and
/// executing either succeeds or returns an error, never panics (a bounded number of words).
#[test]
fn random_buffer_words_never_panic() {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut rnd = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mem = memory(&pattern());
    let (mut ran, mut refused) = (0, 0);
    for case in 0..3000 {
        let r = rnd();
        let mt = case % 4 == 0;
        let w0 = if mt {
            0xe800_0000 | (r as u32 & 0x03ff_ffff)
        } else {
            0xe000_0000 | (r as u32 & 0x03ff_ffff)
        };
        // SRSRC s[8:11] most of the time so the V# below is used.
        let w1 = (r >> 32) as u32 & !(0x1f << 16)
            | if case % 8 == 0 {
                (r >> 40) as u32 & 0x1f
            } else {
                2
            } << 16;
        let lanes = if case % 2 == 0 { 32 } else { 64 };
        let mut w = wave(lanes);
        let v = rnd();
        vsharp(
            &mut w,
            (v & 0x3fff) as u32 % 64,
            (v >> 14) as u32 % 600,
            (v >> 24) as u32 & 0x7f,
            v >> 31 & 1 != 0,
            (v >> 32) as u32 & 3,
        );
        for r in 0..256 {
            let s = rnd();
            set_v(&mut w, r, |l| (s >> (l % 32)) as u32 % 700);
        }
        for s in 0..8 {
            w.s[s] = rnd() as u32 % 300;
        }
        w.s[12] = rnd() as u32 % 64;
        let Ok(d) = decode_typed(&[w0, w1, 0, 0], 2, lanes == 64) else {
            continue;
        };
        let Decoded11::One(i) = d else { continue };
        let mut lds = vec![0u8; 256];
        let mut ctx = Ctx {
            mem: &mem,
            lds: &mut lds,
            gen: Gen::Gfx9,
            lane_ops: 0,
            private_size: 0,
        };
        match exec::step(&mut w, &i, &mut ctx) {
            Ok(_) => ran += 1,
            Err(_) => refused += 1,
        }
    }
    // Many words decode and run (faults outside the buffer and refusals are errors).
    assert!(ran > 100, "ran {ran}, refused {refused}");
}

/// The hand-written kernel tests/kernels/buffers-gfx11.s (built into tests/kernels/gfx1100/
/// buffers.co by llvm-mc-19 and ld.lld-19) through `gpuisa run`: V#s built in SGPRs from the
/// argument pointers, a raw load/store pair cut by NUM_RECORDS, atomics returning the old value,
/// a typed f16 store.
#[test]
fn hand_written_kernel_through_gpuisa_run() {
    use gpuisa_amdgpu::exec::Isa;
    let t = std::env::temp_dir().join(format!("gpuisa-gfx11-buffer-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&t);
    std::fs::create_dir_all(&t).unwrap();
    let src: Vec<u32> = (0..32)
        .map(|k| 0x0101_0101u32.wrapping_mul(k + 7))
        .collect();
    let cnt = [1000u32, 2000, 3000, 4000];
    let le = |v: &[u32]| -> Vec<u8> { v.iter().flat_map(|x| x.to_le_bytes()).collect() };
    std::fs::write(t.join("src.bin"), le(&src)).unwrap();
    std::fs::write(t.join("cnt.bin"), le(&cnt)).unwrap();
    let p = |n: &str| format!("file:{}", t.join(n).display());
    let req = gpuisa_core::target::RunRequest {
        file: format!(
            "{}/../../tests/kernels/gfx1100/buffers.co",
            env!("CARGO_MANIFEST_DIR")
        )
        .into(),
        kernel: Some("buf11".into()),
        block: Some("32".into()),
        args: vec![
            p("src.bin"),
            "zeros:128".into(),
            p("cnt.bin"),
            "zeros:128".into(),
            "zeros:64".into(),
        ],
        out_dir: Some(t.join("out")),
        threads: Some(1),
        ..Default::default()
    };
    let (mut o, mut d) = (Vec::new(), Vec::new());
    exec::cli::run(Isa::Gfx11, &req, &mut o, &mut d).unwrap_or_else(|e| panic!("{e:?}"));
    let words = |n: &str| -> Vec<u32> {
        std::fs::read(t.join("out").join(n))
            .unwrap_or_else(|e| panic!("{n}: {e}"))
            .chunks(4)
            .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
            .collect()
    };
    // dst: the 25 dwords inside NUM_RECORDS 100, then 0.
    let want: Vec<u32> = (0..32).map(|k| if k < 25 { src[k] } else { 0 }).collect();
    assert_eq!(words("arg1.bin"), want);
    // cnt[j] += sum of t + 1 over t % 4 == j; each old value is the counter before that lane's
    // add (lanes in order).
    let mut c = cnt;
    let mut old = vec![0u32; 32];
    for (k, o) in old.iter_mut().enumerate() {
        *o = c[k % 4];
        c[k % 4] += k as u32 + 1;
    }
    assert_eq!(words("arg2.bin"), c.to_vec());
    assert_eq!(words("arg3.bin"), old);
    // h: f16(t / 2) for the 20 halves inside NUM_RECORDS 40.
    let h = std::fs::read(t.join("out/arg4.bin")).unwrap();
    for k in 0..32 {
        let got = u16::from_le_bytes([h[2 * k], h[2 * k + 1]]);
        let want = if k < 20 { half_of(k as f32 * 0.5) } else { 0 };
        assert_eq!(got, want, "h[{k}]");
    }
}

/// f16 bits of a small multiple of 0.5 (exact), 0 for 0.
fn half_of(x: f32) -> u16 {
    if x == 0.0 {
        return 0;
    }
    let e = x.log2().floor() as i32;
    let frac = x / 2f32.powi(e) - 1.0;
    (((e + 15) as u16) << 10) | (frac * 1024.0) as u16
}
