//! Time-budgeted property test of the gfx11 decoder and listing: never panics on any words, any
//! byte buffer or any (corrupted) code object; decoded lengths stay within the available words
//! and decoding is deterministic.

use gpuisa_amdgpu::rdna3::decode::decode;
use gpuisa_amdgpu::rdna3::disassemble;
use gpuisa_amdgpu::targets::gfx11::GFX1100;
use gpuisa_core::rng::Rng;
use gpuisa_core::target::{DisasmOptions, DisasmRequest, InputFormat, Target};
use std::time::{Duration, Instant};

/// Encoding prefixes (value, mask) so random words hit every encoding often.
const PREFIX: [(u32, u32); 20] = [
    (0x7e00_0000, 0xfe00_0000),
    (0x0000_0000, 0x8000_0000),
    (0x7c00_0000, 0xfe00_0000),
    (0xd400_0000, 0xfc00_0000),
    (0xcc00_0000, 0xff00_0000),
    (0xc800_0000, 0xfc00_0000),
    (0x8000_0000, 0xc000_0000),
    (0xb000_0000, 0xf000_0000),
    (0xbe80_0000, 0xff80_0000),
    (0xbf00_0000, 0xff80_0000),
    (0xbf80_0000, 0xff80_0000),
    (0xf400_0000, 0xfc00_0000),
    (0xd800_0000, 0xfc00_0000),
    (0xdc00_0000, 0xfc00_0000),
    (0xe000_0000, 0xfc00_0000),
    (0xe800_0000, 0xfc00_0000),
    (0xf000_0000, 0xfc00_0000),
    (0xf800_0000, 0xfc00_0000),
    (0xcd00_0000, 0xff00_0000),
    (0xce00_0000, 0xff00_0000),
];

#[test]
fn decoder_never_panics_on_random_words() {
    let mut rng = Rng::new(0x6766_7831);
    let start = Instant::now();
    let (mut n, mut valid) = (0u64, 0u64);
    let (mut a, mut b) = (String::new(), String::new());
    while start.elapsed() < Duration::from_millis(1200) {
        let (v, m) = PREFIX[rng.below(PREFIX.len() as u64) as usize];
        let mut w = [
            rng.next_u32(),
            rng.next_u32(),
            rng.next_u32(),
            rng.next_u32(),
        ];
        w[0] = (w[0] & !m) | v;
        // literal and DPP selectors are where the lengths change
        if rng.below(4) == 0 {
            w[0] = (w[0] & !0x1ff) | [255, 250, 233, 234][rng.below(4) as usize];
        }
        if rng.below(4) == 0 {
            w[1] = (w[1] & !0x1ff) | [255, 250, 233, 234][rng.below(4) as usize];
        }
        let wave64 = rng.below(2) == 1;
        for avail in 1..=4 {
            a.clear();
            b.clear();
            let r1 = decode(&w, avail, wave64, &mut a);
            let r2 = decode(&w, avail, wave64, &mut b);
            assert_eq!(r1, r2);
            assert_eq!(a, b, "non-deterministic text for {w:08x?}");
            if let Ok(d) = r1 {
                assert!(
                    d.len as usize <= avail && d.len >= 1,
                    "{w:08x?}: len {}",
                    d.len
                );
                assert!(!a.is_empty());
                valid += 1;
            } else {
                assert!(a.is_empty(), "text left behind on error: {a}");
            }
        }
        n += 1;
    }
    assert!(n > 10_000, "only {n} words in the time budget");
    assert!(valid > n / 4, "only {valid} decodes of {n} words");
    // Whole buffers of odd length: every byte is accounted for (invalid words are 4 bytes).
    let mut buf = vec![0u8; 4099];
    rng.fill(&mut buf);
    for wave64 in [false, true] {
        let r = disassemble(&buf, 0x100, wave64);
        let bytes: u64 = r
            .iter()
            .map(|x| x.as_ref().map_or(4, |i| i.size as u64))
            .sum();
        assert_eq!(bytes, 4096);
    }
}

#[test]
fn listing_never_panics_on_corrupt_code_objects() {
    let hex = include_str!("../../../tests/vectors/gfx11/kernels/basic-w32-O2.o.hex");
    let h: Vec<u8> = hex.bytes().filter(|c| c.is_ascii_hexdigit()).collect();
    let obj: Vec<u8> = h
        .chunks(2)
        .map(|p| u8::from_str_radix(std::str::from_utf8(p).unwrap_or("0"), 16).unwrap_or(0))
        .collect();
    let mut rng = Rng::new(42);
    let start = Instant::now();
    let mut runs = 0;
    while start.elapsed() < Duration::from_millis(600) {
        let mut o = obj.clone();
        for _ in 0..1 + rng.below(16) {
            let i = rng.below(o.len() as u64) as usize;
            o[i] = rng.next_u32() as u8;
        }
        if rng.below(3) == 0 {
            o.truncate(rng.below(o.len() as u64) as usize);
        }
        for format in [InputFormat::Raw, InputFormat::Hex, InputFormat::Bytes] {
            let req = DisasmRequest {
                file_name: "fuzz.o",
                data: &o,
                format,
                options: DisasmOptions::default(),
            };
            let (mut out, mut diag) = (Vec::new(), Vec::new());
            let _ = GFX1100.disassemble(&req, &mut out, &mut diag);
        }
        runs += 1;
    }
    assert!(runs > 20, "only {runs} corrupted objects");
}
