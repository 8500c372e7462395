//! `gpuisa ... | head`: when the reader closes the pipe, every command ends quietly (no
//! message, status 0) on every output path: listings of raw code, hex words, code objects
//! (AMD and MIMORI), the assembler's text, the emulator's trace, the timing report.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gpuisa-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

/// Runs `gpuisa args`, reads the first 100 bytes of its output and closes the pipe; the output
/// must be far longer than a pipe's buffer, so the writer does meet the closed pipe.
fn closed_early(args: &[&str]) {
    // Standard error goes to a file: a pipe nobody reads yet could fill up and block the writer.
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let errf = tmp(&format!("stderr-{n}"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_gpuisa"))
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&errf).unwrap())
        .spawn()
        .unwrap();
    let mut head = [0u8; 100];
    let mut pipe = child.stdout.take().unwrap();
    pipe.read_exact(&mut head).unwrap();
    drop(pipe); // the read end is closed here
    let status = child.wait().unwrap();
    let stderr = std::fs::read_to_string(&errf).unwrap();
    assert_eq!(stderr, "", "{args:?}: stderr not empty");
    assert!(status.success(), "{args:?}: {status:?}");
}

#[test]
fn every_output_path_ends_quietly_on_a_closed_pipe() {
    // 1 MiB of GCN/RDNA3/MIMORI/Maxwell raw code (listings of ~10 MB).
    let mut r = gpuisa_core::rng::Rng::new(5);
    // MIMORI words have 30 bits: the top two of every fourth byte are clear.
    let raw: Vec<u8> = (0..1 << 20)
        .map(|i| r.next_u32() as u8 & if i % 4 == 3 { 0x3f } else { 0xff })
        .collect();
    let rawf = tmp("raw.bin");
    std::fs::write(&rawf, &raw).unwrap();
    let raw = rawf.to_str().unwrap();
    let hex: String = (0..100_000)
        .map(|i| format!("0x{:08x}\n", i * 7919 % 0x3fff_ffff))
        .collect();
    let hexf = tmp("words.txt");
    std::fs::write(&hexf, hex).unwrap();
    let hex = hexf.to_str().unwrap();
    for arch in ["gfx900", "gfx1100", "mimori", "sm_50"] {
        closed_early(&["disasm", "--arch", arch, raw]);
        closed_early(&["disasm", "--arch", arch, "--hex", hex]);
    }
    // The assembler's outputs, the timing report, raw code listed with its encodings.
    let src: String = (0..60_000)
        .map(|i| format!("v_add_u32 v{}, v1, v2\n", i % 200))
        .collect();
    let srcf = tmp("long.s");
    std::fs::write(&srcf, &src).unwrap();
    let s = srcf.to_str().unwrap();
    closed_early(&["asm", "--arch", "gfx900", "--hex", s]);
    closed_early(&["asm", "--arch", "gfx900", "--show-encoding", s]);
    closed_early(&["time", "--arch", "gfx900", s]);
    let obj = tmp("long.bin");
    let st = Command::new(env!("CARGO_BIN_EXE_gpuisa"))
        .args(["asm", "--arch", "gfx900", s, "-o", obj.to_str().unwrap()])
        .status()
        .unwrap();
    assert!(st.success());
    closed_early(&[
        "disasm",
        "--arch",
        "gfx900",
        "--show-encoding",
        obj.to_str().unwrap(),
    ]);
    closed_early(&[
        "run",
        "--arch",
        "mimori",
        "examples/mimori/gemm.toml",
        "--trace",
    ]);
    let _ = std::fs::remove_dir_all(rawf.parent().unwrap());
}

/// A code object's listing (the `llvm-objdump -d` lister) meets the closed pipe too: the
/// listing is made long by naming one golden object many times.
#[test]
fn code_object_listing_ends_quietly_on_a_closed_pipe() {
    let hex =
        std::fs::read_to_string(repo().join("tests/vectors/gcn-kernels/matmul_tiled-gfx906.o.hex"))
            .unwrap();
    let h: Vec<u8> = hex.bytes().filter(u8::is_ascii_hexdigit).collect();
    let obj: Vec<u8> = h
        .chunks(2)
        .map(|p| u8::from_str_radix(std::str::from_utf8(p).unwrap(), 16).unwrap())
        .collect();
    let f = tmp("k.o");
    std::fs::write(&f, obj).unwrap();
    let f = f.to_str().unwrap().to_string();
    let mut args = vec!["disasm".to_string(), "-d".to_string()];
    args.extend(std::iter::repeat(f).take(200));
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    closed_early(&a);
}
