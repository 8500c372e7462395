//! Structured exhaustive check of the text round trip: every combination of opcode, shift/function
//! field and the three operand fields (2^23 words, with destinations set), then every combination of
//! the destination fields (R, DD, T, WWW) on a sample of expressions. Each word is printed, assembled
//! back, and must give the same word (warnings allowed, errors not).
//!
//! `cargo run --release -p gpuisa-mimori --example text_roundtrip` (about 15 s; CI runs it).

use gpuisa_mimori::inst::decode;
use gpuisa_mimori::syntax::{parse, print};
use std::time::Instant;

fn check(w: u32, text: &mut String) -> Result<(), String> {
    text.clear();
    print::print_into(&decode(w).map_err(|e| e.to_string())?, text);
    let a = parse::assemble(text);
    if a.has_errors() || a.words.len() != 1 || a.words[0].0 != w {
        return Err(format!(
            "0x{w:08x} -> `{text}` -> {:?} {:?}",
            a.words.first().map(|x| x.0),
            a.diagnostics
        ));
    }
    Ok(())
}

fn main() {
    let t = Instant::now();
    let mut text = String::new();
    let mut n = 0u64;
    let mut bad = Vec::new();
    // (op, shamt, a, b, c) exhaustively, with R=1, DD=1, T=1, WWW=5.
    let dest = (1 << 21) | (1 << 19) | (1 << 18) | (5 << 15);
    for hi in 0..256u32 {
        for abc in 0..(1u32 << 15) {
            let w = (hi << 22) | dest | abc;
            n += 1;
            if let Err(e) = check(w, &mut text) {
                bad.push(e);
            }
        }
        eprint!("\r{:>3}%", (hi + 1) * 100 / 256);
    }
    // (R, DD, T, WWW) exhaustively on a sample of expressions of every form.
    let mut rng = gpuisa_core::rng::Rng::new(9);
    for _ in 0..4096 {
        let expr = rng.next_u32() & 0x3fc0_7fff;
        for d in 0..128u32 {
            let w = expr | (d << 15);
            n += 1;
            if let Err(e) = check(w, &mut text) {
                bad.push(e);
            }
        }
    }
    eprintln!();
    for b in bad.iter().take(10) {
        println!("MISMATCH {b}");
    }
    println!(
        "{} passed, {} failed ({:.1} s)",
        n - bad.len() as u64,
        bad.len(),
        t.elapsed().as_secs_f64()
    );
    if !bad.is_empty() {
        std::process::exit(1);
    }
}
