//! The timing model classifies a decoded instruction by its operation and encoding
//! (`figures::classify_decoded`), not by its text. On every instruction of the golden vectors
//! (random words llvm-mc-19 decodes for gfx8/gfx9/gfx906, the gfx6/gfx7 round-trip words) and of
//! the OpenCL kernel objects, that classification must equal the one the timing model makes from
//! the printed mnemonic (`figures::classify`, the path for assembly text): same operation name,
//! encoding, family, size, literal rules and implicit writes. The one exception is where the text
//! hides the form: llvm-objdump prints gfx8's VOPC SDWA words and the VOP3/SDWA forms of `v_nop`
//! and `v_clrexcp` without a suffix, so the text reads as the 4-byte VOP1/VOPC form; the decoded
//! instruction knows its 8-byte form (checked: same family, the form's encoding, 8 bytes).

use gpuisa_amdgpu::gcn::{self, Gen};
use gpuisa_amdgpu::timing::figures::{classify, classify_decoded, InstClass};
use gpuisa_amdgpu::timing::tables::Generation;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn words_of(file: &str) -> Vec<Vec<u32>> {
    let text = std::fs::read_to_string(root().join(file)).expect(file);
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let hex = l.split('\t').nth(1)?;
            hex.split_whitespace()
                .map(|w| u32::from_str_radix(w, 16).ok())
                .collect::<Option<Vec<u32>>>()
        })
        .collect()
}

fn key(c: &InstClass) -> (String, &str, &str, u8, bool, bool, [bool; 3]) {
    (
        c.base.clone(),
        c.encoding,
        c.family,
        c.size,
        c.takes_literal,
        c.literal_always,
        [c.writes_scc, c.writes_vcc, c.writes_exec],
    )
}

/// Compares the two classifications of every instruction of `code`; returns (compared,
/// differences as text).
fn compare(gen: Gen, g: Generation, code: &[u8], diffs: &mut Vec<String>) -> usize {
    let mut n = 0;
    for i in gcn::disassemble(gen, code, 0).into_iter().flatten() {
        let Ok(by_text) = classify(&i.mnemonic, g) else {
            // The text path does not know it (no reference row nor spelling): nothing to compare.
            continue;
        };
        let by_op = classify_decoded(i.op, i.name, i.enc, i.encoding, g).expect("tables");
        n += 1;
        let suffixed = ["_e32", "_e64", "_sdwa", "_dpp"]
            .iter()
            .any(|x| i.mnemonic.ends_with(x));
        let hidden_form =
            !suffixed && matches!(i.encoding, "SDWA" | "DPP" | "VOP3") && by_text.size == 4;
        if hidden_form {
            let want = (by_text.family, i.encoding, 8u8);
            if (by_op.family, by_op.encoding, by_op.size) != want {
                diffs.push(format!("{gen:?} {}: form {:?}", i.text(), key(&by_op)));
            }
            continue;
        }
        if key(&by_text) != key(&by_op) {
            diffs.push(format!(
                "{gen:?} {}: text {:?} / op {:?}",
                i.text(),
                key(&by_text),
                key(&by_op)
            ));
        }
    }
    n
}

#[test]
fn decoded_instructions_classify_by_op_as_by_text() {
    let mut diffs = Vec::new();
    let mut total = 0;
    let sets: [(Gen, Generation, &str); 5] = [
        (
            Gen::Gfx6,
            Generation::Gcn10,
            "tests/vectors/gfx6/llvm-mc-roundtrip.txt",
        ),
        (
            Gen::Gfx7,
            Generation::Gcn11,
            "tests/vectors/gfx7/llvm-mc-roundtrip.txt",
        ),
        (
            Gen::Gfx8,
            Generation::Gcn12,
            "tests/vectors/gfx8/llvm-mc-random.txt",
        ),
        (
            Gen::Gfx9,
            Generation::Gcn14,
            "tests/vectors/gfx9/llvm-mc-random.txt",
        ),
        (
            Gen::Gfx906,
            Generation::Gcn14,
            "tests/vectors/gfx9/llvm-mc-random.txt",
        ),
    ];
    for (gen, g, file) in sets {
        for w in words_of(file) {
            let bytes: Vec<u8> = w.iter().flat_map(|x| x.to_le_bytes()).collect();
            total += compare(gen, g, &bytes, &mut diffs);
        }
    }
    for (gen, g, dir) in [
        (Gen::Gfx6, Generation::Gcn10, "gfx600"),
        (Gen::Gfx7, Generation::Gcn11, "gfx700"),
        (Gen::Gfx8, Generation::Gcn12, "gfx803"),
        (Gen::Gfx9, Generation::Gcn14, "gfx900"),
        (Gen::Gfx906, Generation::Gcn14, "gfx906"),
    ] {
        let obj = std::fs::read(root().join("tests/kernels").join(dir).join("emu.o")).unwrap();
        let elf = gpuisa_core::elf::Elf::parse(&obj).unwrap();
        for s in elf.sections.iter().filter(|s| s.name == ".text") {
            total += compare(gen, g, s.data, &mut diffs);
        }
    }
    assert!(total > 20_000, "only {total} instructions compared");
    assert!(
        diffs.is_empty(),
        "{} of {total} differ, e.g.:\n{}",
        diffs.len(),
        diffs[..diffs.len().min(30)].join("\n")
    );
}
