//! In-process throughput of the gfx11 decoder+printer and assembler (release build):
//! `cargo run --release -p gpuisa-amdgpu --example rdna3_bench`. Inputs: the words llvm-mc-19
//! accepts in tests/vectors/gfx11 (repeated to 4 MiB) and llvm-mc-19's texts (asm.txt).
//! Whole-process comparisons with llvm-objdump-19 / llvm-mc-19: scripts/rdna3-bench.sh.

use gpuisa_amdgpu::rdna3::{asm, decode};
use std::time::Instant;

fn main() {
    let root =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/gfx11");
    let mut words: Vec<u32> = Vec::new();
    for f in ["opcodes.txt", "random.txt"] {
        for l in std::fs::read_to_string(root.join(f))
            .unwrap_or_default()
            .lines()
        {
            let c: Vec<&str> = l.split('\t').collect();
            if c.len() == 3 && c[0] == "32" && c[2] != "<invalid>" {
                let ws: Vec<u32> = c[1]
                    .split(' ')
                    .filter_map(|w| u32::from_str_radix(w, 16).ok())
                    .collect();
                let mut w = [0u32; 4];
                for (i, x) in ws.iter().take(4).enumerate() {
                    w[i] = *x;
                }
                let mut t = String::new();
                if let Ok(d) = decode::decode(&w, ws.len(), false, &mut t) {
                    words.extend_from_slice(&ws[..d.len as usize]);
                }
            }
        }
    }
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut code = Vec::new();
    while code.len() < (4 << 20) && !bytes.is_empty() {
        code.extend_from_slice(&bytes);
    }
    let t = Instant::now();
    let (mut n, mut pos) = (0usize, 0usize);
    let mut text = String::with_capacity(128);
    while pos + 16 <= code.len() {
        let w = decode::words_at(&code, pos);
        text.clear();
        match decode::decode(&w, decode::avail(&code, pos), false, &mut text) {
            Ok(d) => pos += d.len as usize * 4,
            Err(()) => pos += 4,
        }
        n += 1;
    }
    let dt = t.elapsed();
    println!(
        "decode::decode (check -> TInst -> print, a Decoded11 per instruction): {n} instructions ({} MiB) in {:.1} ms: {:.0} ns/instruction, {:.1} M instructions/s",
        code.len() >> 20,
        dt.as_secs_f64() * 1e3,
        dt.as_nanos() as f64 / n.max(1) as f64,
        n as f64 / dt.as_secs_f64() / 1e6
    );
    // The listings' path: the same decoder into a reused pair of `TInst`s (`inst::Lister`).
    let t = Instant::now();
    let (mut n, mut pos) = (0usize, 0usize);
    let mut lister = gpuisa_amdgpu::rdna3::inst::Lister::default();
    while pos + 16 <= code.len() {
        let w = decode::words_at(&code, pos);
        text.clear();
        match lister.list(&w, decode::avail(&code, pos), false, &mut text) {
            Ok(len) => pos += len * 4,
            Err(()) => pos += 4,
        }
        n += 1;
    }
    let dt = t.elapsed();
    println!(
        "the listings' path (inst::Lister): {n} instructions in {:.1} ms: {:.0} ns/instruction, {:.1} M instructions/s",
        dt.as_secs_f64() * 1e3,
        dt.as_nanos() as f64 / n.max(1) as f64,
        n as f64 / dt.as_secs_f64() / 1e6
    );
    let src = std::fs::read_to_string(root.join("asm.txt")).unwrap_or_default();
    let lines: Vec<(&str, bool)> = src
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            (c.len() == 3).then(|| (c[1], c[0] == "64"))
        })
        .collect();
    let t = Instant::now();
    let mut ok = 0;
    for _ in 0..5 {
        for (l, w64) in &lines {
            ok += asm::assemble_inst(l, *w64).is_ok() as usize;
        }
    }
    let dt = t.elapsed();
    println!(
        "assemble: {} instructions in {:.1} ms: {:.0} ns/instruction ({ok} ok)",
        lines.len() * 5,
        dt.as_secs_f64() * 1e3,
        dt.as_nanos() as f64 / (lines.len() * 5).max(1) as f64
    );
}
