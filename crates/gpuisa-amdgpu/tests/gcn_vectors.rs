//! Golden vectors from llvm-mc-19 (tests/vectors/gfx8, gfx9; regenerate with scripts/gcn-vectors.sh):
//! every vector must decode to exactly llvm-mc's text (or be rejected where llvm-mc rejects it),
//! except those listed in known-diff.txt, whose number may only shrink.

use gpuisa_amdgpu::gcn::{decode, Gen};
use std::collections::HashSet;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn check(gen: Gen, dir: &str) {
    let base = root().join("tests/vectors").join(dir);
    let vectors = std::fs::read_to_string(base.join("llvm-mc-random.txt")).expect("vectors");
    let known: HashSet<String> = std::fs::read_to_string(base.join("known-diff.txt"))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect();
    let (mut total, mut same, mut unexpected) = (0, 0, Vec::new());
    let mut text = String::new();
    for line in vectors.lines() {
        let mut cols = line.split('\t');
        let (Some(_enc), Some(words), Some(want)) = (cols.next(), cols.next(), cols.next()) else {
            continue;
        };
        let ws: Vec<u32> = words
            .split(' ')
            .map(|w| u32::from_str_radix(w, 16).unwrap())
            .collect();
        let mut w = [0u32; 3];
        for (i, x) in ws.iter().take(3).enumerate() {
            w[i] = *x;
        }
        text.clear();
        let got = match decode::decode_n(gen, &w, ws.len(), &mut text) {
            Ok(_) => text.as_str(),
            Err(()) => "<invalid>",
        };
        total += 1;
        if got == want {
            same += 1;
        } else if !known.contains(words) {
            unexpected.push(format!("{words}\n  llvm-mc: {want}\n  gpuisa:  {got}"));
        }
    }
    eprintln!(
        "{dir}: {same}/{total} vectors identical, {} known differences",
        known.len()
    );
    assert!(total > 1000, "too few vectors in {dir}");
    assert!(
        unexpected.is_empty(),
        "{} unexpected differences:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
    assert!(total - same <= known.len(), "more differences than listed");
}

#[test]
fn gfx9_llvm_mc_vectors() {
    check(Gen::Gfx9, "gfx9");
}

#[test]
fn gfx8_llvm_mc_vectors() {
    check(Gen::Gfx8, "gfx8");
}
