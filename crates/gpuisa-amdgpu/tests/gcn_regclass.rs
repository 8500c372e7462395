//! The GCN register-class rules (`gcn::regclass`, one predicate per rule, used by the printer and
//! the assembler) against llvm-mc-19: tests/vectors/gcn-regclass.txt
//! (scripts/gcn-regclass-vectors.py) sweeps each rule's field over SGPRs, special registers,
//! constants, the literal, lds_direct and VGPRs in one instruction per rule.
//!
//! - `dis` lines (gfx803, gfx900): the decoder prints llvm-mc-19 --disassemble's text, notes
//!   included (`/*Invalid register, operand has 'C' register class*/`, `/*Invalid immediate*/`),
//!   or rejects the words where llvm-mc-19 does;
//! - `asm` lines: the assembler gives llvm-mc-19's words for each `dis` text with its notes
//!   removed, and refuses the texts llvm-mc-19 refuses (gfx600/gfx700: each rule's instruction
//!   with a list of operand spellings, as gfx6/gfx7 have no LLVM disassembler).
//!
//! Every rule has lines of both kinds where its verdict is not `Ok`, so changing a predicate
//! changes a text or an acceptance here.

mod common;
use common::{gen_of, words_hex};

use gpuisa_amdgpu::gcn::Gen;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Where gpuisa does not follow llvm-mc-19, as documented (gcn-register-sweep.txt's classes,
/// docs/assembler.md): `xnack_mask` on gfx803 (CLRX's rule: every gfx8 chip has it, llvm-mc-19's
/// gfx803 not), `scc` as MUBUF soffset (llvm-mc-19 reads it as gfx90a's cache modifier), a
/// source-only register in SMEM's 7-bit data field (llvm-mc-19 cuts its code).
fn known_difference(gen: Gen, rule: &str, text: &str, want: &str) -> bool {
    gen == Gen::Gfx8 && text.contains("xnack_mask") && want.starts_with("error:")
        || text.starts_with("buffer_") && text.ends_with(", scc") && want.contains("scc modifier")
        || rule == "smem_sdata"
            && ["vccz", "execz", "scc"]
                .iter()
                .any(|r| text.contains(&format!("_dword {r},")))
}

#[test]
fn register_class_rules_match_llvm_mc() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/gcn-regclass.txt");
    let text = std::fs::read_to_string(&path).expect("gcn-regclass.txt");
    let mut bad = Vec::new();
    // Per rule: (noted texts, refused texts) seen, so each rule is shown to be exercised.
    let mut per_rule: BTreeMap<&str, (u32, u32)> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let c: Vec<&str> = line.split('\t').collect();
        assert_eq!(c.len(), 5, "{line}");
        let gen = gen_of(c[1]);
        let e = per_rule.entry(c[2]).or_default();
        match c[0] {
            "dis" => {
                let got = common::gcn_text(gen, &common::words(c[3]));
                if got.trim() != c[4] {
                    bad.push(format!("{line}\n  gpuisa: {got}"));
                }
                e.0 += c[4].contains("/*Invalid") as u32;
            }
            "asm" => {
                let got = words_hex(gen, c[3]);
                let want_err = c[4].starts_with("error:");
                e.1 += want_err as u32;
                match got {
                    Ok(w) if !want_err && w == c[4] => {}
                    Err(_) if want_err => {}
                    _ if known_difference(gen, c[2], c[3], c[4]) => {}
                    g => bad.push(format!("{line}\n  gpuisa: {g:?}")),
                }
            }
            k => panic!("kind {k}"),
        }
    }
    eprintln!("register-class vectors per rule (noted, refused): {per_rule:?}");
    for rule in [
        "salu_src",
        "reg_only_src",
        "vreg_or_lds",
        "vgpr",
        "sreg32",
        "sdst8",
        "sreg1_xexec",
        "vreg128",
        "sreg_base",
        "smem_sdata",
    ] {
        let (noted, refused) = per_rule.get(rule).copied().unwrap_or_default();
        assert!(
            noted > 0 && refused > 0,
            "{rule}: {noted} noted, {refused} refused"
        );
    }
    assert!(bad.is_empty(), "{} differ:\n{}", bad.len(), bad.join("\n"));
}
