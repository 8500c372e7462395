//! The listing's decoded-instruction cache (src/objdump/cache.rs) is exact only if an
//! instruction's text depends on no dword beyond its length. This checks that on every golden
//! vector of every GCN generation and of gfx11 (both wave sizes): the dwords after the
//! instruction are replaced by random ones and the text must not change; then the whole stream
//! goes through one cache (hits and misses) and must give exactly what the plain decoder gives.

use gpuisa_amdgpu::objdump::cache::DecodeCache;
use gpuisa_amdgpu::{gcn, rdna3};
use gpuisa_core::rng::Rng;
use std::path::PathBuf;

fn words_of(dir: &str, files: &[&str]) -> Vec<Vec<u32>> {
    let base = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors");
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(base.join(dir).join(file)).unwrap_or_default();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let Some(words) = line.split('\t').nth(1) else {
                continue;
            };
            let ws: Vec<u32> = words
                .split(' ')
                .filter_map(|w| u32::from_str_radix(w, 16).ok())
                .collect();
            if !ws.is_empty() && ws.len() <= 4 {
                out.push(ws);
            }
        }
    }
    out
}

fn check(
    name: &str,
    lists: &[Vec<u32>],
    decode: impl Fn(&[u32; 4], usize, &mut String) -> Result<usize, ()>,
) {
    assert!(lists.len() > 500, "{name}: too few vectors");
    let mut rng = Rng::new(0x5eed_cafe);
    let (mut decoded, mut stream) = (0, Vec::new());
    for ws in lists {
        let mut w = [0u32; 4];
        w[..ws.len()].copy_from_slice(ws);
        let mut a = String::new();
        let Ok(len) = decode(&w, 4, &mut a) else {
            continue;
        };
        decoded += 1;
        for _ in 0..4 {
            let mut v = w;
            for x in v.iter_mut().skip(len) {
                *x = rng.next_u32();
            }
            let mut b = String::new();
            let r = decode(&v, 4, &mut b);
            assert_eq!(
                (r, b.as_str()),
                (Ok(len), a.as_str()),
                "{name} {ws:08x?}: the text depends on dwords after the instruction"
            );
        }
        // Twice, so that the second copy is served from the cache.
        stream.extend_from_slice(&w[..len]);
        stream.extend_from_slice(&w[..len]);
    }
    assert!(decoded > 500, "{name}: too few decoded vectors");
    let mut cache = DecodeCache::default();
    let (mut pos, mut a) = (0, String::new());
    while pos < stream.len() {
        let mut w = [0u32; 4];
        let n = (stream.len() - pos).min(4);
        w[..n].copy_from_slice(&stream[pos..pos + n]);
        a.clear();
        let want = decode(&w, n, &mut a);
        // The test's rendering: the text, and its length in dwords times 7 as the number.
        let slot = match cache.find(w[0], w[1], n) {
            Some(i) => Ok(Some(i)),
            None => cache.fill(
                &w,
                |t| {
                    let mut s = String::new();
                    let r = decode(&w, n, &mut s);
                    t.push_str(&s);
                    r
                },
                |t, len, line| {
                    let b = t.as_bytes();
                    line.get_mut(..b.len())?.copy_from_slice(b);
                    Some((b.len(), len as u32 * 7))
                },
            ),
        };
        match (slot, &want) {
            (Ok(Some(i)), Ok(len)) => {
                let s = cache.slot(i);
                assert_eq!(
                    (s.dwords(), s.bytes(), s.tag()),
                    (*len, a.as_bytes(), *len as u32 * 7),
                    "{name} at dword {pos}"
                );
                assert!(*len <= 2, "{name} at dword {pos}: {len} dwords cached");
            }
            (Ok(None), Ok(len)) => {
                assert_eq!(
                    cache.uncached(),
                    (*len, a.as_str()),
                    "{name} at dword {pos}"
                );
                assert!(
                    *len > 2 || a.len() > gpuisa_amdgpu::objdump::cache::LINE,
                    "{name} at dword {pos}: not cached"
                );
            }
            (Err(()), Err(())) => {}
            (got, want) => panic!("{name} at dword {pos}: {got:?} but the decoder gives {want:?}"),
        }
        pos += want.unwrap_or(1);
    }
    assert!(cache.hits > 200, "{name}: the cache was never used");
}

#[test]
fn cache_matches_gcn_decoder() {
    for (gen, dir) in [
        (gcn::Gen::Gfx6, "gfx6"),
        (gcn::Gen::Gfx7, "gfx7"),
        (gcn::Gen::Gfx8, "gfx8"),
        (gcn::Gen::Gfx9, "gfx9"),
    ] {
        let lists = words_of(dir, &["llvm-mc-random.txt", "llvm-mc-roundtrip.txt"]);
        check(dir, &lists, |w, n, out| {
            gcn::decode::decode_n(gen, &[w[0], w[1], w[2]], n.min(3), out).map(|d| d.len as usize)
        });
    }
}

#[test]
fn cache_matches_gfx11_decoder() {
    let lists = words_of("gfx11", &["random.txt", "opcodes.txt"]);
    for wave64 in [false, true] {
        check(&format!("gfx11 wave64={wave64}"), &lists, |w, n, out| {
            rdna3::decode::decode(w, n, wave64, out).map(|d| d.len as usize)
        });
    }
}
