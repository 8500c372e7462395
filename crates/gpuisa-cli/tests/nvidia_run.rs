//! `gpuisa run` on Maxwell cubins with the shared command line: `--kernel`, `--arg SPEC`
//! (parameter layout from the cubin's .nv.info), `--out-dir`, `--max-instructions`, and the older
//! `--buffer`/`--param` syntax. Uses the committed corpus cubin tests/ptx/cubin/control.*.

use std::path::PathBuf;
use std::process::{Command, Output};

fn gpuisa(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gpuisa"))
        .args(args)
        .output()
        .unwrap()
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gpuisa-nv-run-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

fn cubin() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/ptx/cubin/control.sm_50.ptxas.cubin")
        .to_string_lossy()
        .into_owned()
}

fn words(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// exit_early(out, n): threads below n store 2 * tid.x, the others exit first.
fn want(n: u32, threads: u32) -> Vec<u32> {
    (0..threads)
        .map(|t| if t < n { 2 * t } else { 0 })
        .collect()
}

#[test]
fn args_and_out_dir() {
    let dir = tmp("out1");
    let c = cubin();
    let r = gpuisa(&[
        "run",
        &c,
        "--kernel",
        "exit_early",
        "--grid",
        "1",
        "--block",
        "64",
        "--arg",
        "zeros:256",
        "--arg",
        "u32:37",
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let out = std::fs::read(dir.join("arg0.bin")).unwrap();
    assert_eq!(words(&out), want(37, 64));
    assert!(String::from_utf8_lossy(&r.stdout).contains("arg0.bin (256 bytes)"));
}

#[test]
fn npy_argument_is_written_back_as_npy() {
    // a .npy of 32 uint32 zeros, header written here
    let mut hdr = "{'descr': '<u4', 'fortran_order': False, 'shape': (32,), }".to_string();
    while (10 + hdr.len() + 1) % 64 != 0 {
        hdr.push(' ');
    }
    hdr.push('\n');
    let mut npy = b"\x93NUMPY\x01\x00".to_vec();
    npy.extend_from_slice(&(hdr.len() as u16).to_le_bytes());
    npy.extend_from_slice(hdr.as_bytes());
    let header_len = npy.len();
    npy.extend_from_slice(&[0xab; 128]);
    let input = tmp("in.npy");
    std::fs::write(&input, &npy).unwrap();
    let dir = tmp("out2");
    let c = cubin();
    let spec = format!("npy:{}", input.display());
    let r = gpuisa(&[
        "run",
        &c,
        "--kernel",
        "exit_early",
        "--block",
        "32",
        "--arg",
        &spec,
        "--arg",
        "u32:10",
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let out = std::fs::read(dir.join("arg0.npy")).unwrap();
    assert_eq!(&out[..header_len], &npy[..header_len]);
    let w = words(&out[header_len..]);
    for t in 0..32u32 {
        assert_eq!(
            w[t as usize],
            if t < 10 { 2 * t } else { 0xabab_abab },
            "t={t}"
        );
    }
}

#[test]
fn argument_errors_name_the_parameter() {
    let c = cubin();
    // n is a 4-byte parameter in .nv.info
    let r = gpuisa(&[
        "run",
        &c,
        "--kernel",
        "exit_early",
        "--arg",
        "zeros:128",
        "--arg",
        "u64:3",
    ]);
    assert!(!r.status.success());
    let e = String::from_utf8_lossy(&r.stderr);
    assert!(e.contains("parameter 1 is 4 bytes"), "{e}");
    let r = gpuisa(&["run", &c, "--kernel", "exit_early", "--arg", "zeros:128"]);
    assert!(String::from_utf8_lossy(&r.stderr).contains("takes 2 parameters"));
    let r = gpuisa(&["run", &c, "--kernel", "nope", "--arg", "zeros:128"]);
    assert!(String::from_utf8_lossy(&r.stderr).contains("no kernel 'nope'"));
}

#[test]
fn faults_and_budget_are_errors() {
    let c = cubin();
    // the buffer is too small for 32 threads: a typed fault naming lane and address
    let r = gpuisa(&[
        "run",
        &c,
        "--kernel",
        "exit_early",
        "--block",
        "32",
        "--arg",
        "zeros:16",
        "--arg",
        "u32:32",
    ]);
    assert!(!r.status.success());
    let e = String::from_utf8_lossy(&r.stderr);
    assert!(
        e.contains("STG.E") && e.contains("lane 4") && e.contains("address 0x100000010"),
        "{e}"
    );
    let r = gpuisa(&[
        "run",
        &c,
        "--kernel",
        "exit_early",
        "--block",
        "32",
        "--arg",
        "zeros:128",
        "--arg",
        "u32:32",
        "--max-instructions",
        "3",
    ]);
    assert!(String::from_utf8_lossy(&r.stderr).contains("budget"));
}

#[test]
fn old_buffer_and_param_syntax_still_works() {
    let c = cubin();
    let r = gpuisa(&[
        "run",
        "--arch",
        "sm_50",
        &c,
        "--block",
        "32",
        "--buffer",
        "out=size:128",
        "--param",
        "kernel=exit_early",
        "--param",
        "@out",
        "--param",
        "u32:5",
        "--json",
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let s = String::from_utf8_lossy(&r.stdout);
    let expect: Vec<String> = want(5, 32).iter().map(|v| v.to_string()).collect();
    assert_eq!(s.trim(), format!("{{\"out\":[{}]}}", expect.join(",")));
}

#[test]
fn trace_filters_by_warp_and_pc() {
    let c = cubin();
    let r = gpuisa(&[
        "run",
        &c,
        "--kernel",
        "exit_early",
        "--block",
        "64",
        "--arg",
        "zeros:256",
        "--arg",
        "u32:40",
        "--trace",
        "--trace-wave",
        "1",
        "--trace-pc",
        "0x10",
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let e = String::from_utf8_lossy(&r.stderr);
    let lines: Vec<&str> = e.lines().filter(|l| l.starts_with("b(")).collect();
    // one line: warp 1's S2R, with the thread ids 32.. it received
    assert_eq!(lines.len(), 1, "{e}");
    assert!(
        lines[0].contains("w1 /*0010*/ [ffffffff] S2R R0, SR_TID.X  # R0 = 0:0x20 1:0x21"),
        "{e}"
    );
}

#[test]
fn kernels_listing_shows_the_parameter_layout() {
    let r = gpuisa(&["disasm", "--kernels", &cubin()]);
    assert!(r.status.success());
    let s = String::from_utf8_lossy(&r.stdout);
    let line = s.lines().find(|l| l.starts_with("exit_early:")).unwrap();
    assert!(
        line.ends_with("parameters (offset:bytes) 0x0:8 0x8:4"),
        "{line}"
    );
}
