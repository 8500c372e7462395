//! gfx11 golden vectors generated with llvm-mc-19 / llvm-objdump-19 (scripts/rdna3-vectors.sh):
//! every opcode in every encoding form, seeded random words, and clang-19 code objects, through
//! the listings' path (check -> TInst -> print: `rdna3::inst::list`) and `decode::decode` (the same
//! decoder, with the length and class).
//! Known differences from llvm are listed with their reason in tests/vectors/gfx11/known-diffs.txt;
//! any other difference fails.

mod common;

use gpuisa_amdgpu::rdna3::decode::decode;
use gpuisa_amdgpu::rdna3::inst::list;
use gpuisa_amdgpu::targets::gfx11::GFX1100;
use std::collections::HashSet;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/gfx11")
}

fn known() -> HashSet<(u32, String)> {
    let t = std::fs::read_to_string(dir().join("known-diffs.txt")).unwrap_or_default();
    t.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            Some((c.first()?.parse().ok()?, c.get(1)?.to_string()))
        })
        .collect()
}

/// Decodes every vector of a file; returns (total, mismatches not in the known list).
fn check(file: &str) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(dir().join(file)).expect("vector file");
    let known = known();
    let (mut total, mut bad) = (0, Vec::new());
    let mut out = String::new();
    for l in text.lines().filter(|l| !l.starts_with('#')) {
        let c: Vec<&str> = l.splitn(3, '\t').collect();
        if c.len() < 3 {
            continue;
        }
        let wave: u32 = c[0].parse().expect("wave");
        let mut w = [0u32; 4];
        let mut n = 0;
        for (i, h) in c[1].split_whitespace().take(4).enumerate() {
            w[i] = u32::from_str_radix(h, 16).expect("hex word");
            n = i + 1;
        }
        out.clear();
        // decode -> TInst -> print, as the listings do; and the checking decoder's own text
        let got = match list(&w, n, wave == 64, &mut out) {
            Ok(_) => out.clone(),
            Err(()) => "<invalid>".to_string(),
        };
        let mut check_text = String::new();
        let checked = match decode(&w, n, wave == 64, &mut check_text) {
            Ok(_) => check_text,
            Err(()) => "<invalid>".to_string(),
        };
        if checked != got {
            bad.push(format!(
                "w{wave} {}: decoder {checked}, printer {got}",
                c[1]
            ));
        }
        total += 1;
        if got != c[2] && !known.contains(&(wave, c[1].to_string())) {
            bad.push(format!(
                "w{wave} {}\n  llvm: {}\n  ours: {}",
                c[1], c[2], got
            ));
        }
    }
    (total, bad)
}

#[test]
fn gfx11_every_opcode_form() {
    let (total, bad) = check("opcodes.txt");
    assert!(total > 5000, "only {total} vectors");
    assert!(
        bad.is_empty(),
        "{} of {total} differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn gfx11_random_words() {
    let (total, bad) = check("random.txt");
    assert!(total > 4000, "only {total} vectors");
    assert!(
        bad.is_empty(),
        "{} of {total} differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn gfx11_code_objects_like_llvm_objdump() {
    let kd = dir().join("kernels");
    let mut n = 0;
    for e in std::fs::read_dir(&kd).expect("kernels dir").flatten() {
        let p = e.path();
        let name = p
            .file_name()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string();
        let Some(base) = name.strip_suffix(".o.hex") else {
            continue;
        };
        common::check_listing(&GFX1100, &kd, base, base.contains("-w64-"));
        n += 1;
    }
    assert!(n >= 12, "only {n} code objects");
}
