//! The GCN opcode tables (data/gcn/<gen>/<enc>.txt, made by data/gcn/gen/totables.py) hold operand
//! templates, not llvm-mc-19's probe text: no `/*...*/` notes, and the gfx8/gfx9 VOP3
//! `v_readlane_b32`/`v_writelane_b32` rows name their three operand fields.

use std::path::PathBuf;

fn rows(gen: &str, enc: &str) -> Vec<(String, String, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/gcn")
        .join(gen)
        .join(format!("{enc}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            assert!(c.len() >= 4, "{path:?}: short row {l:?}");
            (c[0].to_string(), c[1].to_string(), c[2].to_string())
        })
        .collect()
}

#[test]
fn no_probe_notes_in_templates() {
    let mut n = 0;
    for gen in ["gfx6", "gfx7", "gfx8", "gfx9", "gfx906"] {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../data/gcn")
            .join(gen);
        for f in std::fs::read_dir(&dir).expect("table dir") {
            let name = f.expect("entry").file_name().into_string().expect("utf-8");
            let Some(enc) = name.strip_suffix(".txt") else {
                continue;
            };
            for (op, mn, tpl) in rows(gen, enc) {
                n += 1;
                assert!(
                    !tpl.contains("/*") && !tpl.contains("Invalid"),
                    "{gen}/{enc} {op} {mn}: probe text in the template: {tpl}"
                );
            }
        }
    }
    assert!(n > 5000, "only {n} rows read");
}

#[test]
fn lane_rows_name_their_operands() {
    for gen in ["gfx8", "gfx9", "gfx906"] {
        let r = rows(gen, "vop3");
        for (op, mn) in [("0x289", "v_readlane_b32"), ("0x28a", "v_writelane_b32")] {
            let row = r.iter().find(|x| x.0 == op).expect("row");
            assert_eq!(row.1, mn, "{gen} {op}");
            assert_eq!(row.2, "{vdst:1i}, {src0:1i}, {src1:1i}", "{gen} {mn}");
        }
    }
}
