//! Golden vectors from nvdisasm (tests/vectors/sm_50*/*.txt, `0xWORD | TEXT`): every word must
//! print exactly as nvdisasm printed it, and the text must assemble back to the word (up to bits
//! nvdisasm does not show, which the vector file names per form).

use gpuisa_nvidia::decode::{inst_text, Decoded};
use gpuisa_nvidia::ldc::{is_ldc, Ldc};
use std::path::PathBuf;

fn vectors(sm_dir: &str, file: &str) -> Vec<(usize, u64, String)> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors")
        .join(sm_dir)
        .join(file);
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (w, t) = line
            .split_once(" | ")
            .unwrap_or_else(|| panic!("{file}:{}: bad line", i + 1));
        let w = u64::from_str_radix(w.trim_start_matches("0x"), 16).unwrap();
        out.push((i + 1, w, t.to_string()));
    }
    out
}

/// Assembles one instruction line through the real assembler (predicate included).
fn assemble_one(text: &str, sm: u8) -> Result<u64, String> {
    let a = gpuisa_nvidia::asm::assemble(&format!("{text} ;\n"), sm);
    if let Some(d) = a.diagnostics.first() {
        return Err(d.message.clone());
    }
    a.words.get(1).copied().ok_or_else(|| "no word".into())
}

#[test]
fn ldc_matches_nvdisasm_and_round_trips() {
    let v = vectors("sm_50", "ldc.txt");
    assert!(v.len() > 5000);
    let mut s = String::new();
    for (line, w, want) in &v {
        assert!(is_ldc(*w));
        s.clear();
        assert_eq!(inst_text(&mut s, *w, 50, 0, 8), Decoded::Known);
        assert_eq!(&s, want, "ldc.txt:{line}: 0x{w:016x}");
        // typed view keeps every bit
        assert_eq!(Ldc::from_word(*w).unwrap().to_word(), *w);
        // text -> word: equal except the reserved bits 41-43, 46-47 nvdisasm does not print
        let back = assemble_one(want, 50).unwrap_or_else(|e| panic!("ldc.txt:{line}: {want}: {e}"));
        let reserved = (7u64 << 41) | (3 << 46);
        assert_eq!(back, w & !reserved, "ldc.txt:{line}: {want}");
    }
}
