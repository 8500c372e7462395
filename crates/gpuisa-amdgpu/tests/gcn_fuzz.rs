//! Time-budgeted property test: the decoder never panics on any words and its output is stable.

use gpuisa_amdgpu::gcn::{decode, disassemble, Gen};
use gpuisa_core::rng::Rng;
use std::time::{Duration, Instant};

#[test]
fn decoder_never_panics_on_random_words() {
    let mut rng = Rng::new(0x6763_6e);
    let start = Instant::now();
    let mut n = 0u64;
    let mut text = String::new();
    let mut valid = 0u64;
    while start.elapsed() < Duration::from_millis(1200) {
        for gen in [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
            let w = [rng.next_u32(), rng.next_u32(), rng.next_u32()];
            for avail in 1..=3 {
                text.clear();
                if let Ok(d) = decode::decode_n(gen, &w, avail, &mut text) {
                    assert!(d.len as usize <= avail && d.len >= 1);
                    assert!(!text.is_empty());
                    valid += 1;
                }
            }
            n += 1;
        }
    }
    // Whole buffers of odd lengths, including a trailing partial word.
    let mut buf = vec![0u8; 4099];
    rng.fill(&mut buf);
    for gen in [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
        let r = disassemble(gen, &buf, 0x1000);
        let bytes: u64 = r
            .iter()
            .map(|x| x.as_ref().map_or(4, |i| i.size as u64))
            .sum();
        assert_eq!(bytes, 4096);
    }
    assert!(n > 10_000, "only {n} words in the time budget");
    assert!(valid > 0);
}
