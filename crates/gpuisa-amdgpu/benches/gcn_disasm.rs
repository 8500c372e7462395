//! `cargo bench -p gpuisa-amdgpu --bench gcn_disasm`: decode + print throughput on the llvm-mc
//! golden vectors (the words llvm-mc accepts, repeated), and assembler throughput on llvm-mc's
//! texts. Whole-process comparisons with llvm-objdump-19 / llvm-mc-19: scripts/gcn-bench.sh.

use gpuisa_amdgpu::gcn::{asm, decode, Gen};
use std::time::Instant;

fn main() {
    let root =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/gfx9");
    let vec = std::fs::read_to_string(root.join("llvm-mc-random.txt")).unwrap_or_default();
    let mut words: Vec<u32> = Vec::new();
    for l in vec.lines() {
        let c: Vec<&str> = l.split('\t').collect();
        if c.len() == 3 && c[2] != "<invalid>" {
            let ws: Vec<u32> = c[1]
                .split(' ')
                .filter_map(|w| u32::from_str_radix(w, 16).ok())
                .collect();
            let mut text = String::new();
            let mut w = [0u32; 3];
            for (i, x) in ws.iter().take(3).enumerate() {
                w[i] = *x;
            }
            if let Ok(d) = decode::decode_n(Gen::Gfx9, &w, ws.len(), &mut text) {
                words.extend_from_slice(&ws[..d.len as usize]);
            }
        }
    }
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut code = Vec::new();
    while code.len() < (4 << 20) {
        code.extend_from_slice(&bytes);
    }
    let t = Instant::now();
    let mut n = 0usize;
    let mut text = String::with_capacity(128);
    let mut pos = 0;
    while pos + 8 <= code.len() {
        let w = decode::words_at(&code, pos);
        text.clear();
        match decode::decode_n(Gen::Gfx9, &w, decode::avail(&code, pos), &mut text) {
            Ok(d) => pos += d.len as usize * 4,
            Err(()) => pos += 4,
        }
        n += 1;
    }
    let dt = t.elapsed();
    println!(
        "decode+print: {n} instructions ({} MiB) in {:.1} ms: {:.0} ns/instruction, {:.1} M instructions/s",
        code.len() >> 20,
        dt.as_secs_f64() * 1e3,
        dt.as_nanos() as f64 / n as f64,
        n as f64 / dt.as_secs_f64() / 1e6
    );
    let asmv = std::fs::read_to_string(root.join("llvm-mc-asm.txt")).unwrap_or_default();
    let texts: Vec<&str> = asmv.lines().filter_map(|l| l.split('\t').next()).collect();
    let t = Instant::now();
    let mut ok = 0usize;
    for _ in 0..20 {
        for s in &texts {
            ok += asm::assemble_inst(Gen::Gfx9, s, 0).is_ok() as usize;
        }
    }
    let dt = t.elapsed();
    println!(
        "assemble: {} instructions in {:.1} ms: {:.0} ns/instruction ({ok} encoded)",
        texts.len() * 20,
        dt.as_secs_f64() * 1e3,
        dt.as_nanos() as f64 / (texts.len() * 20) as f64
    );
}
