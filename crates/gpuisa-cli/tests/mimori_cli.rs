//! The `gpuisa` binary end to end for MIMORI: round trips through `asm`/`disasm`, error reports,
//! run files.

use gpuisa_core::rng::Rng;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn gpuisa(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gpuisa"));
    c.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().unwrap();
    if let Some(data) = stdin {
        use std::io::Write;
        child.stdin.take().unwrap().write_all(data).unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gpuisa-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn random_words_round_trip_through_asm_and_disasm() {
    let mut rng = Rng::new(2026);
    let words: Vec<u32> = (0..20_000).map(|_| rng.next_u32() & 0x3fff_ffff).collect();
    let bin: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let code = tmp("rt.bin");
    std::fs::write(&code, &bin).unwrap();
    let d = gpuisa(
        &["disasm", "--arch", "mimori", code.to_str().unwrap()],
        None,
    );
    assert!(d.status.success(), "{}", String::from_utf8_lossy(&d.stderr));
    let text = tmp("rt.s");
    std::fs::write(&text, &d.stdout).unwrap();
    let out = tmp("rt2.bin");
    let a = gpuisa(
        &[
            "asm",
            "--arch",
            "mimori",
            text.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    assert_eq!(std::fs::read(&out).unwrap(), bin);
    // Undefined/reserved words among them come with warnings, not errors.
    assert!(String::from_utf8_lossy(&a.stderr).contains("warning:"));
}

#[test]
fn hex_input_offsets_and_encodings() {
    let d = gpuisa(
        &[
            "disasm",
            "--arch",
            "mimori",
            "--hex",
            "--offsets",
            "--show-encoding",
            "-",
        ],
        Some(b"0x203c6211, 0x00180000\n0x3b1c0000"),
    );
    assert!(d.status.success());
    assert_eq!(
        String::from_utf8_lossy(&d.stdout),
        "0000:  R0 = R0 + I0 * I1 -> push ; encoding: 0x203c6211\n0004:  nop ; encoding: 0x00180000\n0008:  bofs[4] -> push ; encoding: 0x3b1c0000\n"
    );
    let a = gpuisa(
        &["asm", "--arch", "mimori", "--hex", "-"],
        Some(b"R0 = R0 + I0*I1 -> push\nnop\n"),
    );
    assert_eq!(
        String::from_utf8_lossy(&a.stdout),
        "0x203c6211\n0x00180000\n"
    );
}

#[test]
fn words_with_bits_30_31_are_refused() {
    let d = gpuisa(
        &["disasm", "--arch", "mimori", "--hex", "-"],
        Some(b"0x00180000 0xc0000000"),
    );
    assert_eq!(d.status.code(), Some(1));
    let err = String::from_utf8_lossy(&d.stderr);
    assert!(
        err.contains("at 0x0004") && err.contains("bits 30-31"),
        "{err}"
    );
}

#[test]
fn every_error_is_reported_with_position_and_nothing_is_written() {
    let src =
        "R0 = R0 + I0 * I1\nR0 = fooo(I0, 1)\nR1 = R1 + 16 + 0\nR0 = R0 + R1 + 0\naofs[7]\nnop\n";
    let f = tmp("bad.s");
    std::fs::write(&f, src).unwrap();
    let out = tmp("bad.bin");
    let _ = std::fs::remove_file(&out);
    let a = gpuisa(
        &[
            "asm",
            "--arch",
            "mimori",
            f.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(a.status.code(), Some(1));
    let err = String::from_utf8_lossy(&a.stderr);
    let name = f.to_str().unwrap();
    assert!(
        err.contains(&format!("{name}:2:6: error: unknown operation 'fooo'")),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{name}:3:11: error: immediate 16 is out of range 0..15"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!("{name}:4:11: error: two different registers")),
        "{err}"
    );
    assert!(
        err.contains(&format!("{name}:5:6: error: axis 7 is invalid")),
        "{err}"
    );
    assert!(err.contains("help:"), "{err}");
    assert!(err.contains("4 errors generated; nothing written"), "{err}");
    assert!(!out.exists());
}

#[test]
fn reserved_modes_are_errors_in_canonical_syntax_and_warnings_in_raw() {
    let a = gpuisa(
        &["asm", "--arch", "mimori", "--hex", "-"],
        Some(b"logic[8](R0, 1, 2)\n"),
    );
    assert_eq!(a.status.code(), Some(1));
    let a = gpuisa(
        &["asm", "--arch", "mimori", "--hex", "-"],
        Some(b"raw(op=6, s=4, a=R0, b=1, c=2)\n"),
    );
    assert!(a.status.success());
    let err = String::from_utf8_lossy(&a.stderr);
    assert!(
        err.contains("<stdin>:1:1: warning: op 110 function is reserved"),
        "{err}"
    );
}

#[test]
fn run_prints_results_and_cycles() {
    let gemm = repo().join("examples/mimori/gemm.toml");
    let r = gpuisa(&["run", "--arch", "mimori", gemm.to_str().unwrap()], None);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let out = String::from_utf8_lossy(&r.stdout);
    assert!(
        out.starts_with("profile spec: 282 cycles (280 issue cycles)"),
        "{out}"
    );
    let j = gpuisa(
        &[
            "run",
            "--arch",
            "mimori",
            gemm.to_str().unwrap(),
            "--json",
            "--profile",
            "mimori-rtl",
        ],
        None,
    );
    let js = String::from_utf8_lossy(&j.stdout);
    assert!(
        js.contains("\"profile\":\"mimori-rtl\"") && js.contains("\"cycles\":282"),
        "{js}"
    );
    let npy = tmp("gemm.npy");
    let n = gpuisa(
        &[
            "run",
            "--arch",
            "mimori",
            gemm.to_str().unwrap(),
            "--format",
            "npy",
            "-o",
            npy.to_str().unwrap(),
        ],
        None,
    );
    assert!(n.status.success());
    let bytes = std::fs::read(&npy).unwrap();
    assert!(bytes.starts_with(b"\x93NUMPY") && bytes.len() > 512);
    let t = gpuisa(
        &[
            "run",
            "--arch",
            "mimori",
            repo()
                .join("examples/mimori/meshgrid.toml")
                .to_str()
                .unwrap(),
            "--trace",
            "--format",
            "csv",
        ],
        None,
    );
    let ts = String::from_utf8_lossy(&t.stdout);
    assert!(
        ts.contains("T1 + T0 * CLUT0 -> dram") && ts.contains("c=100"),
        "{ts}"
    );
    assert!(
        ts.contains("\n0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n100,101,"),
        "{ts}"
    );
}

fn run_file_error(toml: &str) -> String {
    let dir = tmp("runfiles");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("p.s"), "I0 + 0 + 0 -> dram\n").unwrap();
    let f = dir.join(format!("r{}.toml", toml.len()));
    std::fs::write(&f, toml).unwrap();
    let r = gpuisa(&["run", "--arch", "mimori", f.to_str().unwrap()], None);
    assert_eq!(r.status.code(), Some(1), "{toml}");
    String::from_utf8_lossy(&r.stderr).into_owned()
}

#[test]
fn run_file_mistakes_name_the_field() {
    let good = "program = \"p.s\"\n[machine]\nwarps = 2\nreg_per_warp = 0\n[schedule]\nbody = [0, 1]\n[input.I0]\ndata = [1]\nindex = { b0 = 0 }\n[output]\nshape = [64]\n";
    assert!(run_file_error(&good.replace("warps = 2\n", "")).contains("missing field `warps`"));
    assert!(
        run_file_error(&good.replace("warps = 2", "wraps = 2")).contains("unknown field `wraps`")
    );
    assert!(run_file_error(&good.replace("warps = 2", "warps = \"two\"")).contains("warps"));
    assert!(run_file_error(&good.replace("warps = 2", "warps = 3")).contains("machine.warps"));
    assert!(
        run_file_error(&good.replace("body = [0, 1]", "body = [0, 5]")).contains("schedule.body")
    );
    assert!(run_file_error(&good.replace("b0 = 0", "c0 = 0")).contains("input.I0.index"));
    assert!(
        run_file_error(&good.replace("data = [1]", "data = [70000]")).contains("input.I0.data[0]")
    );
    // A sequential stream that runs dry.
    let dry = good.replace("index = { b0 = 0 }\n", "").replace("data = [1]", "data = [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]");
    let e = run_file_error(&dry);
    assert!(e.contains("ran dry") && e.contains("warp 1"), "{e}");
}

#[test]
fn disasm_json_listing() {
    // 0x203c6211: op 4 (bits 29-27, MUL), R (21), DD 3 (20-19), T (18), W 0 (17-15), A 0x18 = R0
    // (14-10), B 0x10 = I0 (9-5), C 0x11 = I1 (4-0); 0x00180000: DD 3 only (nop).
    let d = gpuisa(
        &["disasm", "--arch", "mimori", "--hex", "--json", "-"],
        Some(b"0x203c6211 0x00180000"),
    );
    assert!(d.status.success());
    assert_eq!(
        String::from_utf8_lossy(&d.stdout),
        "{\"address\":0,\"bytes\":\"11623c20\",\"size\":4,\"op\":\"MUL\",\"text\":\"R0 = R0 + I0 * I1 -> push\",\"fields\":{\"shamt\":0,\"r\":true,\"dd\":3,\"t\":true,\"w\":0,\"a\":24,\"b\":16,\"c\":17}}\n{\"address\":4,\"bytes\":\"00001800\",\"size\":4,\"op\":\"ADD\",\"text\":\"nop\",\"fields\":{\"shamt\":0,\"r\":false,\"dd\":3,\"t\":false,\"w\":0,\"a\":0,\"b\":0,\"c\":0}}\n"
    );
    let e = gpuisa(
        &["disasm", "--arch", "mimori", "--hex", "--json", "-"],
        Some(b""),
    );
    assert_eq!(String::from_utf8_lossy(&e.stdout), "");
}
