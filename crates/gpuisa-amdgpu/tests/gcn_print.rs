//! The GCN printer over the typed instruction (`gcn::print::print(&decode_typed(w))`) against
//! the decoder's checking walker run with a text sink (`gcn::decode::decode_into` over an `Out`,
//! the word-to-text printer this replaced, which no tool uses any more): the same text and
//! length, and an error exactly where the walker rejects the words. This holds the checks (the
//! walker) and the printer to the same operand template; llvm-objdump's own text is checked by
//! the golden-vector tests (gcn_vectors, gcn_clrx, gcn_codeobj, objdump_*), which now go through
//! the printer. Inputs: every word list of the golden
//! vector files (tests/vectors: gfx6-gfx9, CLRX's, the operand and register sweeps), every
//! dword of the code-object vectors and kernels, and time-budgeted random words aimed at every
//! encoding (the top 9 bits pick it; SDWA/DPP/literal sources and small registers favoured), on
//! every generation.

mod common;

use gpuisa_amdgpu::gcn::{decode, inst, print, Gen};
use gpuisa_core::rng::Rng;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const GENS: [Gen; 5] = [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Compares the two paths on `w` (`avail` dwords exist); a description of the difference.
fn differs(gen: Gen, w: &[u32; 3], avail: usize) -> Option<String> {
    let mut text = gpuisa_amdgpu::gcn::fmt::Out::new();
    let old =
        decode::decode_into(gen, w, avail, &mut text).map(|d| (d.len, text.as_str().to_string()));
    let new = inst::decode_typed(gen, w, avail).map(|t| {
        let mut s = String::new();
        print::print_string(&t, &mut s);
        (t.len, s)
    });
    match (&old, &new) {
        (Ok(a), Ok(b)) if a == b => None,
        (Err(()), Err(_)) => None,
        _ => Some(format!(
            "{gen:?} {:08x} {:08x} {:08x} ({avail} dwords)\n  text decoder: {old:?}\n  printer:      {:?}",
            w[0],
            w[1],
            w[2],
            new.map_err(|_| ())
        )),
    }
}

struct Tally {
    checked: u64,
    accepted: u64,
    bad: Vec<String>,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            checked: 0,
            accepted: 0,
            bad: Vec::new(),
        }
    }
    fn check(&mut self, gen: Gen, ws: &[u32]) {
        let mut w = [0u32; 3];
        for (i, x) in ws.iter().take(3).enumerate() {
            w[i] = *x;
        }
        let avail = ws.len().min(3);
        self.checked += 1;
        if inst::decode_typed(gen, &w, avail).is_ok() {
            self.accepted += 1;
        }
        if let Some(d) = differs(gen, &w, avail) {
            if self.bad.len() < 20 {
                self.bad.push(d);
            }
        }
    }
    fn assert_clean(&self, what: &str) {
        eprintln!(
            "{what}: {} word lists, {} accepted, {} differ",
            self.checked,
            self.accepted,
            self.bad.len()
        );
        assert!(
            self.bad.is_empty(),
            "{what}: printer and text decoder differ:\n{}",
            self.bad.join("\n")
        );
    }
}

/// A tab-separated column that is a list of 8-digit hex words.
fn word_column(col: &str) -> Option<Vec<u32>> {
    let col = col.trim();
    if col.is_empty() {
        return None;
    }
    let mut ws = Vec::new();
    for x in col.split(' ') {
        if x.len() != 8 {
            return None;
        }
        ws.push(u32::from_str_radix(x, 16).ok()?);
    }
    (ws.len() <= 4).then_some(ws)
}

fn vector_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if p.is_dir() {
            // (gfx11 and NVIDIA/MIMORI vectors are other decoders'.)
            if name.starts_with("gfx") && name != "gfx11" || name == "clrx" {
                vector_files(&p, out);
            }
        } else if name.ends_with(".txt") || name.ends_with(".tsv") {
            out.push(p);
        }
    }
}

/// Every word list of the GCN vector files, on every generation.
#[test]
fn printer_matches_text_decoder_on_vectors() {
    let mut files = Vec::new();
    vector_files(&root().join("tests/vectors"), &mut files);
    files.sort();
    assert!(files.len() >= 20, "{} vector files", files.len());
    let mut t = Tally::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("vector file");
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let Some(ws) = line.split('\t').find_map(word_column) else {
                continue;
            };
            for gen in GENS {
                t.check(gen, &ws);
            }
        }
    }
    assert!(t.checked > 100_000, "{} word lists", t.checked);
    t.assert_clean("vector files");
}

/// Every dword of the GCN code objects (the code-object vectors and the emulator's kernels), as
/// the lister would meet it, on every generation.
#[test]
fn printer_matches_text_decoder_on_code_objects() {
    let mut objs: Vec<Vec<u8>> = Vec::new();
    let kdir = root().join("tests/vectors/gcn-kernels");
    for e in std::fs::read_dir(&kdir).expect("gcn-kernels").flatten() {
        let p = e.path();
        if p.to_string_lossy().ends_with(".o.hex") {
            objs.push(common::unhex(&std::fs::read_to_string(&p).expect("hex")));
        }
    }
    for g in ["gfx600", "gfx700", "gfx803", "gfx900", "gfx906"] {
        if let Ok(rd) = std::fs::read_dir(root().join("tests/kernels").join(g)) {
            for e in rd.flatten() {
                objs.push(std::fs::read(e.path()).expect("kernel"));
            }
        }
    }
    objs.push(std::fs::read(root().join("examples/opencl/vector_add-gfx900.o")).expect("object"));
    assert!(objs.len() >= 5);
    let mut t = Tally::new();
    for bytes in &objs {
        let mut pos = 0;
        while pos + 4 <= bytes.len() {
            let w = decode::words_at(bytes, pos);
            let n = decode::avail(bytes, pos);
            for gen in GENS {
                t.check(gen, &w[..n]);
            }
            pos += 4;
        }
    }
    t.assert_clean("code objects");
}

/// Random words of every encoding and generation (time-budgeted).
#[test]
fn printer_matches_text_decoder_on_random_words() {
    let mut rng = Rng::new(0x7072_696e);
    let mut t = Tally::new();
    let start = Instant::now();
    let mut top = 0u32;
    // GCN_PRINT_MS: a longer budget for a local run (milliseconds; 1500 by default).
    let budget = std::env::var("GCN_PRINT_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1500);
    while start.elapsed() < Duration::from_millis(budget) {
        for _ in 0..64 {
            let mut w = [rng.next_u32(), rng.next_u32(), rng.next_u32()];
            w[0] = top << 23 | w[0] & 0x7f_ffff;
            match rng.below(10) {
                0 => w[0] = w[0] & !0x1ff | 0xf9,
                1 => w[0] = w[0] & !0x1ff | 0xfa,
                2 => w[0] |= 0xff,
                3 => w[0] &= 0xffff_00ff,
                _ => {}
            }
            if rng.below(3) == 0 {
                w[1] &= 0x0f0f_00ff;
            }
            let n = if rng.below(10) == 0 {
                1 + rng.below(2) as usize
            } else {
                3
            };
            for gen in GENS {
                t.check(gen, &w[..n]);
            }
            top = (top + 1) % 512;
        }
    }
    assert!(
        t.checked > 50_000,
        "only {} word lists in the budget",
        t.checked
    );
    t.assert_clean("random words");
}
