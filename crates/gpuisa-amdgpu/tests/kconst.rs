//! The madak/madmk (GCN) and fmaak/fmamk (gfx11, VOPD too) constant prints as llvm-mc-19 prints
//! it, the whole dword in hex even when it equals an inline constant (tests/vectors/kconst.txt,
//! scripts/gcn-kconst-vectors.sh).

use gpuisa_amdgpu::{gcn, rdna3};
use std::path::PathBuf;

#[test]
fn k_constants_print_like_llvm_mc() {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/kconst.txt");
    let text = std::fs::read_to_string(p).expect("vectors");
    let (mut n, mut bad) = (0, Vec::new());
    for l in text.lines().filter(|l| !l.starts_with('#')) {
        let c: Vec<&str> = l.split('\t').collect();
        let [cpu, words, want] = c[..] else {
            continue;
        };
        let ws: Vec<u32> = words
            .split(' ')
            .filter_map(|w| u32::from_str_radix(w, 16).ok())
            .collect();
        let mut w = [0u32; 4];
        w[..ws.len()].copy_from_slice(&ws);
        let mut got = String::new();
        let r = match cpu {
            "gfx1100" => {
                rdna3::decode::decode(&w, ws.len(), false, &mut got).map(|d| d.len as usize)
            }
            _ => {
                let gen = if cpu == "gfx803" {
                    gcn::Gen::Gfx8
                } else {
                    gcn::Gen::Gfx9
                };
                gcn::decode::decode_n(gen, &[w[0], w[1], w[2]], ws.len(), &mut got)
                    .map(|d| d.len as usize)
            }
        };
        n += 1;
        if r != Ok(ws.len()) || got != want {
            bad.push(format!("{cpu} {words}: want {want:?}, got {got:?} ({r:?})"));
        }
    }
    assert!(n >= 280, "{n} vectors");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
