//! The listers' decoded-instruction cache (src/gcn/cache.rs) is exact only if an instruction's
//! text depends on no dword beyond its length. This checks that on every golden vector of every
//! generation: the dwords after the instruction are replaced by random ones and the text must not
//! change; then the whole stream goes through one cache (hits and misses) and must print exactly
//! what the plain decoder prints.

use gpuisa_amdgpu::gcn::{cache::DecodeCache, decode, Gen};
use gpuisa_core::rng::Rng;
use std::path::PathBuf;

fn words_of(dir: &str) -> Vec<Vec<u32>> {
    let base = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors");
    let mut out = Vec::new();
    for file in ["llvm-mc-random.txt", "llvm-mc-roundtrip.txt"] {
        let text = std::fs::read_to_string(base.join(dir).join(file)).unwrap_or_default();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let Some(words) = line.split('\t').nth(1) else {
                continue;
            };
            let ws: Vec<u32> = words
                .split(' ')
                .filter_map(|w| u32::from_str_radix(w, 16).ok())
                .collect();
            if !ws.is_empty() && ws.len() <= 3 {
                out.push(ws);
            }
        }
    }
    out
}

fn check(gen: Gen, dir: &str) {
    let lists = words_of(dir);
    assert!(lists.len() > 500, "{dir}: too few vectors");
    let mut rng = Rng::new(0x5eed_cafe);
    let (mut decoded, mut stream) = (0, Vec::new());
    for ws in &lists {
        let mut w = [0u32; 3];
        w[..ws.len()].copy_from_slice(ws);
        let mut a = String::new();
        let Ok(d) = decode::decode_n(gen, &w, 3, &mut a) else {
            continue;
        };
        decoded += 1;
        let len = d.len as usize;
        for _ in 0..4 {
            let mut v = w;
            for x in v.iter_mut().skip(len) {
                *x = rng.next_u32();
            }
            let mut b = String::new();
            let r = decode::decode_n(gen, &v, 3, &mut b);
            assert_eq!(
                (r.map(|d| d.len), b.as_str()),
                (Ok(d.len), a.as_str()),
                "{dir} {ws:08x?}: the text depends on dwords after the instruction"
            );
        }
        // Twice, so that the second copy is served from the cache.
        stream.extend_from_slice(&w[..len]);
        stream.extend_from_slice(&w[..len]);
    }
    assert!(decoded > 500);
    let mut cache = DecodeCache::new(gen);
    let (mut pos, mut a) = (0, String::new());
    while pos < stream.len() {
        let mut w = [0u32; 3];
        let n = (stream.len() - pos).min(3);
        w[..n].copy_from_slice(&stream[pos..pos + n]);
        a.clear();
        let want = decode::decode_n(gen, &w, n, &mut a);
        let got = cache.decode_with(&w, n, |t, d, o| {
            o.extend_from_slice(t.as_bytes());
            d.len as u32 * 7
        });
        assert_eq!(
            got,
            want.map(|d| (d, a.as_bytes(), d.len as u32 * 7)),
            "{dir} at dword {pos}"
        );
        pos += want.map_or(1, |d| d.len as usize);
    }
    assert!(cache.hits > 200, "{dir}: the cache was never used");
}

#[test]
fn cache_matches_decoder() {
    for (gen, dir) in [
        (Gen::Gfx6, "gfx6"),
        (Gen::Gfx7, "gfx7"),
        (Gen::Gfx8, "gfx8"),
        (Gen::Gfx9, "gfx9"),
    ] {
        check(gen, dir);
    }
}
