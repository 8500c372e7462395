//! The MUBUF opcodes added to the gfx8/gfx9 tables by hand (buffer_store_lds_dword,
//! buffer_wbinvl1, buffer_wbinvl1_vol) and the gfx6/gfx7 cache invalidations, against llvm-mc-19
//! (tests/vectors/gcn-mubuf-extra.txt, scripts/gcn-mubuf-extra.sh): every word decodes to
//! llvm-mc-19's text or is rejected as llvm-mc-19 rejects it, and every accepted text assembles
//! to llvm-mc-19's words for it (where llvm-mc-19's assembler takes its own text).

mod common;

use gpuisa_amdgpu::gcn::{asm, Gen};
use std::path::PathBuf;

#[test]
fn mubuf_extra_opcodes_match_llvm_mc() {
    let p =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/gcn-mubuf-extra.txt");
    let text = std::fs::read_to_string(p).expect("vectors");
    let (mut n, mut accepted, mut bad) = (0, 0, Vec::new());
    for l in text.lines().filter(|l| !l.starts_with('#')) {
        let c: Vec<&str> = l.split('\t').collect();
        assert_eq!(c.len(), 4, "{l}");
        let gen = match c[0] {
            "gfx600" => Gen::Gfx6,
            "gfx700" => Gen::Gfx7,
            "gfx803" => Gen::Gfx8,
            "gfx906" => Gen::Gfx906,
            _ => Gen::Gfx9,
        };
        n += 1;
        let ws = common::words(c[1]);
        let got = common::gcn_text(gen, &ws);
        if got != c[2] {
            bad.push(format!(
                "{} {}: decode {got:?}, llvm-mc {:?}",
                c[0], c[1], c[2]
            ));
        }
        // llvm-mc-19's assembler refuses some of its own texts (null soffset, register notes).
        if c[2] != "<invalid>" && c[3] != "error" {
            accepted += 1;
            let want: Vec<u32> = c[3]
                .split(' ')
                .filter_map(|w| u32::from_str_radix(w, 16).ok())
                .collect();
            match asm::assemble_inst(gen, c[2], 0) {
                Ok(e) if e.words == want => {}
                r => bad.push(format!(
                    "{} assemble {:?}: llvm-mc {}, got {:?}",
                    c[0],
                    c[2],
                    c[3],
                    r.map(|e| e.words)
                )),
            }
        }
    }
    eprintln!(
        "{n} vectors ({accepted} accepted by llvm-mc-19), {} failures",
        bad.len()
    );
    assert!(n > 700 && accepted > 500);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
