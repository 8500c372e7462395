//! `cargo bench -p gpuisa-nvidia`: disassembly throughput (instructions/s) of the nvdisasm-style
//! raw listing, with and without encodings, and of bare decode+print, on the corpus code
//! (tests/ptx/cubin) repeated to ~120k instructions. Compare with nvdisasm: scripts/nv-bench.sh.
use gpuisa_core::elf::Elf;
use gpuisa_nvidia::listing::{render, Layout};
use std::time::Instant;

fn main() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/ptx/cubin");
    let mut code = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus")
        .flatten()
        .map(|e| e.path())
        .collect();
    names.sort();
    for p in names
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "cubin"))
    {
        let data = std::fs::read(p).expect("cubin");
        let elf = Elf::parse(&data).expect("elf");
        for f in gpuisa_nvidia::cubin::functions(&elf) {
            code.extend_from_slice(&f.code[..f.code.len() / 32 * 32]);
        }
    }
    let words: Vec<u64> = code
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let mut all = Vec::new();
    while all.len() < 160_000 {
        all.extend_from_slice(&words);
    }
    all.truncate(160_000);
    let insts = all.len() / 4 * 3;
    let _ = gpuisa_nvidia::table::table(); // built once, outside the timing
    for (name, hex, vliw) in [
        ("default listing", false, true),
        ("-hex listing", true, true),
        ("-novliw", false, false),
    ] {
        let lay = Layout {
            hex,
            vliw,
            ctrl: false,
            base: 0,
        };
        let mut best = f64::MAX;
        let mut bytes = 0;
        for _ in 0..5 {
            let mut s = String::with_capacity(insts * 80);
            let t = Instant::now();
            render(&all, 50, lay, &mut s);
            best = best.min(t.elapsed().as_secs_f64());
            bytes = s.len();
        }
        println!(
            "{name:16}: {insts} instructions in {:.2} ms = {:.1} M inst/s ({:.0} MB/s of text)",
            best * 1e3,
            insts as f64 / best / 1e6,
            bytes as f64 / best / 1e6
        );
    }
    let mut s = String::with_capacity(64);
    let t = Instant::now();
    let mut n = 0u64;
    for _ in 0..5 {
        for (i, w) in all.iter().enumerate() {
            if i % 4 != 0 {
                s.clear();
                gpuisa_nvidia::decode::inst_text(&mut s, *w, 50, 0, 8);
                n += s.len() as u64;
            }
        }
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "decode+print    : {:.1} M inst/s (checksum {n})",
        5.0 * insts as f64 / dt / 1e6
    );
}
