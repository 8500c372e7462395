//! Operand values random words almost never carry (scripts/gcn-operand-sweep.py): literals that
//! equal an inline constant in another width and every inline constant in the opcodes whose
//! operand types needed care. Every word of tests/vectors/operand-sweep-CPU.txt must decode to
//! llvm-mc-19's text (or be rejected where llvm-mc rejects it).

mod common;

use gpuisa_amdgpu::gcn::Gen;
use std::path::PathBuf;

#[test]
fn operand_sweep_vectors_match_llvm_mc() {
    for (gen, cpu) in [
        (Gen::Gfx8, "gfx803"),
        (Gen::Gfx9, "gfx900"),
        (Gen::Gfx906, "gfx906"),
    ] {
        let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/vectors")
            .join(format!("operand-sweep-{cpu}.txt"));
        let text = std::fs::read_to_string(p).expect("vectors");
        let (mut n, mut bad) = (0, Vec::new());
        for l in text.lines().filter(|l| !l.starts_with('#')) {
            let Some((words, want)) = l.split_once('\t') else {
                continue;
            };
            let got = common::gcn_text(gen, &common::words(words));
            n += 1;
            if got != want {
                bad.push(format!("{cpu} {words}: llvm-mc {want:?}, gpuisa {got:?}"));
            }
        }
        assert!(n > 5000, "{cpu}: {n} vectors");
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }
}
