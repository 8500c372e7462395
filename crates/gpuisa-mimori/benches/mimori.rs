//! Throughput of the MIMORI decoder, printer, assembler and emulator.
//! Run: `cargo bench -p gpuisa-mimori` (prints words/s and lane-operations/s).

use gpuisa_core::rng::Rng;
use gpuisa_mimori::exec::{run, runfile, Profile};
use gpuisa_mimori::inst::{decode, encode};
use gpuisa_mimori::syntax::{parse, print};
use std::hint::black_box;
use std::time::Instant;

fn rate(n: u64, secs: f64) -> String {
    let r = n as f64 / secs;
    if r > 1e9 {
        format!("{:.2} G", r / 1e9)
    } else if r > 1e6 {
        format!("{:.2} M", r / 1e6)
    } else {
        format!("{:.2} k", r / 1e3)
    }
}

fn main() {
    println!("gpuisa MIMORI benchmarks (reproduce: cargo bench -p gpuisa-mimori)");
    let mut rng = Rng::new(1);
    let words: Vec<u32> = (0..1 << 20).map(|_| rng.next_u32() & 0x3fff_ffff).collect();

    // Decode (+ re-encode, so the work cannot be optimised away).
    let t = Instant::now();
    let mut acc = 0u32;
    let rounds = 64;
    for _ in 0..rounds {
        for &w in &words {
            if let Ok(i) = decode(black_box(w)) {
                acc ^= encode(&i);
            }
        }
    }
    let s = t.elapsed().as_secs_f64();
    black_box(acc);
    println!(
        "decode+encode : {}words/s ({} words in {:.3} s)",
        rate(rounds * words.len() as u64, s),
        rounds * words.len() as u64,
        s
    );

    // Disassembly to text.
    let t = Instant::now();
    let mut text = String::with_capacity(64 << 20);
    for &w in &words {
        if let Ok(i) = decode(w) {
            print::print_into(&i, &mut text);
            text.push('\n');
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "disassemble   : {}words/s ({} words, {} MB of text in {:.3} s)",
        rate(words.len() as u64, s),
        words.len(),
        text.len() >> 20,
        s
    );

    // Assembly of that text.
    let t = Instant::now();
    let a = parse::assemble(&text);
    let s = t.elapsed().as_secs_f64();
    assert_eq!(a.words.len(), words.len());
    println!(
        "assemble      : {}lines/s ({} lines in {:.3} s)",
        rate(words.len() as u64, s),
        words.len(),
        s
    );

    // Emulation: the GEMM example with a longer accumulation loop.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/mimori");
    let toml = std::fs::read_to_string(dir.join("gemm.toml"))
        .unwrap()
        .replace("count = 16", "count = 4096")
        .replace("index = { b1 = 16, a0 = 1 }", "index = { b1 = 16, a0 = 0 }")
        .replace("index = { a0 = 16, b0 = 1 }", "index = { a0 = 0, b0 = 1 }");
    let (cfg, _) = runfile::parse(&toml, &dir).unwrap();
    for p in [Profile::Spec, Profile::Rtl] {
        let t = Instant::now();
        let r = run(&cfg, p).unwrap();
        let s = t.elapsed().as_secs_f64();
        println!(
            "emulate ({:<10}): {}lane-ops/s, {}cycles/s ({} cycles, {} lane-ops in {:.3} s)",
            p.name(),
            rate(r.lane_ops, s),
            rate(r.cycles, s),
            r.cycles,
            r.lane_ops,
            s
        );
    }
}
