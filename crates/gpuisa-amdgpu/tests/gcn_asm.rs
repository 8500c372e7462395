//! Assembler golden vectors (tests/vectors/<gen>/llvm-mc-asm.txt, from scripts/gcn-asm-vectors.sh):
//! llvm-mc-19's text must assemble to llvm-mc-19's bytes, except the cases in known-asm-diff.txt,
//! whose number may only shrink. Also: assembler errors carry a span inside the line and never panic.

use gpuisa_amdgpu::gcn::{asm, Gen};
use std::collections::HashSet;
use std::path::PathBuf;

fn check(gen: Gen, dir: &str) {
    let base = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors")
        .join(dir);
    let vectors = std::fs::read_to_string(base.join("llvm-mc-asm.txt")).expect("vectors");
    let known: HashSet<String> = std::fs::read_to_string(base.join("known-asm-diff.txt"))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.to_string())
        .collect();
    let (mut total, mut same, mut unexpected) = (0, 0, Vec::new());
    for line in vectors.lines() {
        let Some((text, words)) = line.split_once('\t') else {
            continue;
        };
        total += 1;
        let got = match asm::assemble_inst(gen, text, 0) {
            Ok(e) => e
                .words
                .iter()
                .map(|w| format!("{w:08x}"))
                .collect::<Vec<_>>()
                .join(" "),
            Err(e) => {
                assert!(e.span.end <= text.len() + 1, "span past the text: {text}");
                format!("error: {}", e.message)
            }
        };
        if got == words {
            same += 1;
        } else if !known.contains(text) {
            unexpected.push(format!("{text}\n  llvm-mc: {words}\n  gpuisa:  {got}"));
        }
    }
    eprintln!(
        "{dir}: {same}/{total} texts assemble to llvm-mc's bytes, {} known differences",
        known.len()
    );
    if std::env::var("GCN_PRINT_ASM_DIFF").is_ok() {
        for u in &unexpected {
            println!("{}", u.lines().next().unwrap_or(""));
        }
        return;
    }
    assert!(total > 1000);
    assert!(
        unexpected.is_empty(),
        "{} unexpected differences:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
}

#[test]
fn gfx9_asm_vectors() {
    check(Gen::Gfx9, "gfx9");
}

#[test]
fn gfx8_asm_vectors() {
    check(Gen::Gfx8, "gfx8");
}

#[test]
fn asm_never_panics_on_mangled_text() {
    let mut rng = gpuisa_core::rng::Rng::new(99);
    let base =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/gfx9/llvm-mc-asm.txt");
    let text = std::fs::read_to_string(base).unwrap_or_default();
    let lines: Vec<&str> = text.lines().filter_map(|l| l.split('\t').next()).collect();
    let start = std::time::Instant::now();
    let junk = [
        '[', ']', ':', ',', '(', ')', '|', '-', ' ', 'v', 's', '0', '9', 'x', '\u{e9}', '.',
    ];
    while start.elapsed() < std::time::Duration::from_millis(600) && !lines.is_empty() {
        let l = lines[rng.below(lines.len() as u64) as usize];
        let mut chars: Vec<char> = l.chars().collect();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(chars.len() as u64 + 1) as usize;
            match rng.below(3) {
                0 if i < chars.len() => {
                    chars.remove(i);
                }
                1 => chars.insert(i, junk[rng.below(junk.len() as u64) as usize]),
                _ => chars.truncate(i),
            }
        }
        let s: String = chars.into_iter().collect();
        for gen in [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9] {
            if let Err(e) = asm::assemble_inst(gen, &s, 0) {
                assert!(
                    e.span.start <= e.span.end && e.span.end <= s.len() + 1,
                    "{s:?} -> {e:?}"
                );
            }
        }
    }
}
