//! `gpuisa info` (the timing model's classifier and figures) knows every instruction of every
//! generation's assembler table (data/gcn/<gen>/*.txt): each mnemonic, as the table spells it
//! and without its `_e32`/`_e64` suffix, is classified for its generation and timed.

use gpuisa_amdgpu::timing::figures::{classify, device, timing};
use gpuisa_amdgpu::timing::tables::Generation;
use std::path::PathBuf;

#[test]
fn info_knows_every_table_mnemonic() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/gcn");
    let gens = [
        ("gfx6", Generation::Gcn10, "tahiti"),
        ("gfx7", Generation::Gcn11, "hawaii"),
        ("gfx8", Generation::Gcn12, "fiji"),
        ("gfx9", Generation::Gcn14, "gfx900"),
        ("gfx906", Generation::Gcn14, "gfx906"),
    ];
    let mut bad = Vec::new();
    let mut n = 0;
    for (dir, g, dev) in gens {
        let d = device(dev).unwrap();
        assert_eq!(d.generation, g);
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        files.sort();
        assert!(files.len() >= 14, "{dir}: {} tables", files.len());
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for line in text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            {
                let Some(m) = line.split('\t').nth(1) else {
                    continue;
                };
                let mut names = vec![m.to_string()];
                for s in ["_e32", "_e64"] {
                    if let Some(b) = m.strip_suffix(s) {
                        names.push(b.to_string());
                    }
                }
                for name in names {
                    n += 1;
                    match classify(&name, g) {
                        Ok(c) => {
                            if let Err(e) = timing(&c, "", d.dpfactor) {
                                bad.push(format!("{dir} {name}: timing: {}", e.message));
                            }
                        }
                        Err(e) => bad.push(format!("{dir} {name}: {}", e.message)),
                    }
                }
            }
        }
    }
    assert!(n > 3000, "{n} names");
    assert!(
        bad.is_empty(),
        "{} of {n} unknown:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
