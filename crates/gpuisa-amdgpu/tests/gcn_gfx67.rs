//! gfx6/gfx7 (GCN 1.0/1.1), which llvm-mc-19 cannot disassemble: words whose gpuisa text
//! llvm-mc-19 assembles back to the same bytes (tests/vectors/gfx6|gfx7/llvm-mc-roundtrip.txt,
//! from scripts/gcn-roundtrip67.sh). Every vector must decode to its text and the assembler must
//! turn the text back into the same words. The words whose text llvm-mc-19's assembler refuses
//! (tests/vectors/gfx6|gfx7/llvm-mc-refused.txt, one class and reason each) must still decode to the
//! recorded text, so a change to them is seen.

mod common;

use gpuisa_amdgpu::gcn::{asm, Gen};
use std::path::PathBuf;

fn check(gen: Gen, dir: &str) {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors")
        .join(dir)
        .join("llvm-mc-roundtrip.txt");
    let text = std::fs::read_to_string(p).expect("vectors");
    let (mut n, mut bad) = (0, Vec::new());
    for l in text.lines().filter(|l| !l.starts_with('#')) {
        let c: Vec<&str> = l.split('\t').collect();
        if c.len() != 3 {
            continue;
        }
        n += 1;
        let ws = common::words(c[1]);
        match common::gcn_decode(gen, &ws) {
            Ok((_, out)) if out == c[2] => {}
            r => bad.push(format!("decode {}: want {:?}, got {r:?}", c[1], c[2])),
        }
        match asm::assemble_inst(gen, c[2], 0) {
            Ok(e) if e.words == ws => {}
            r => bad.push(format!(
                "assemble {:?}: want {}, got {:?}",
                c[2],
                c[1],
                r.map(|e| e.words)
            )),
        }
    }
    eprintln!("{dir}: {n} vectors, {} failures", bad.len());
    assert!(n > 500);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn gfx6_roundtrip_vectors() {
    check(Gen::Gfx6, "gfx6");
}

#[test]
fn gfx7_roundtrip_vectors() {
    check(Gen::Gfx7, "gfx7");
}

fn check_refused(gen: Gen, dir: &str) {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors")
        .join(dir)
        .join("llvm-mc-refused.txt");
    let text = std::fs::read_to_string(p).expect("vectors");
    let classes: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("#   "))
        .filter_map(|l| l.split(':').next())
        .collect();
    let (mut n, mut bad) = (0, Vec::new());
    for l in text.lines().filter(|l| !l.starts_with('#')) {
        let c: Vec<&str> = l.split('\t').collect();
        if c.len() != 5 {
            continue;
        }
        n += 1;
        assert!(classes.contains(&c[0]), "class {} has no reason: {l}", c[0]);
        let ws = common::words(c[2]);
        match common::gcn_decode(gen, &ws) {
            Ok((_, out)) if out == c[3] => {}
            r => bad.push(format!("decode {}: want {:?}, got {r:?}", c[2], c[3])),
        }
    }
    eprintln!(
        "{dir}: {n} refused-by-llvm-mc vectors, {} failures",
        bad.len()
    );
    assert!(n > 100);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn gfx6_refused_vectors() {
    check_refused(Gen::Gfx6, "gfx6");
}

#[test]
fn gfx7_refused_vectors() {
    check_refused(Gen::Gfx7, "gfx7");
}
