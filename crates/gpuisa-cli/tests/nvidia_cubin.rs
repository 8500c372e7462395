//! `gpuisa asm --arch sm_5x LISTING --cubin BASE -o OUT`: the committed corpus cubin's own
//! cuobjdump listing gives the identical file back; an edited kernel (a changed shift) runs with
//! the new result through `gpuisa run`; errors name the problem and write nothing.

use std::path::PathBuf;
use std::process::{Command, Output};

fn gpuisa(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gpuisa"))
        .args(args)
        .output()
        .unwrap()
}

fn corpus(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/ptx/cubin")
        .join(name)
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gpuisa-nv-cubin-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

#[test]
fn listing_back_into_its_cubin_and_an_edited_kernel_runs() {
    let base = corpus("control.sm_52.ptxas.cubin");
    let sass = corpus("control.sm_52.ptxas.sass");
    let out = tmp("same.cubin");
    let o = gpuisa(&[
        "asm",
        "--arch",
        "sm_52",
        sass.to_str().unwrap(),
        "--cubin",
        base.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::read(&out).unwrap() == std::fs::read(&base).unwrap());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("exit_early: ")
            && String::from_utf8_lossy(&o.stderr).contains("unchanged")
    );

    // exit_early stores tid << 1; make it tid << 4 (one kernel, chosen by --kernel)
    let text = std::fs::read_to_string(&sass).unwrap();
    assert!(text.contains("SHL R0, R0, 0x1 ;"));
    let edited = tmp("edited.sass");
    std::fs::write(
        &edited,
        text.replace("SHL R0, R0, 0x1 ;", "SHL R0, R0, 0x4 ;"),
    )
    .unwrap();
    let patched = tmp("patched.cubin");
    let o = gpuisa(&[
        "asm",
        "--arch",
        "sm_52",
        edited.to_str().unwrap(),
        "--cubin",
        base.to_str().unwrap(),
        "--kernel",
        "exit_early",
        "-o",
        patched.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let dir = tmp("run");
    let o = gpuisa(&[
        "run",
        patched.to_str().unwrap(),
        "--kernel",
        "exit_early",
        "--grid",
        "1",
        "--block",
        "32",
        "--arg",
        "zeros:128",
        "--arg",
        "i32:10",
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let got: Vec<u32> = std::fs::read(dir.join("arg0.bin"))
        .unwrap()
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let want: Vec<u32> = (0..32).map(|t| if t < 10 { t << 4 } else { 0 }).collect();
    assert_eq!(got, want);
}

#[test]
fn errors_write_nothing() {
    let base = corpus("control.sm_50.ptxas.cubin");
    let src = tmp("plain.sass");
    std::fs::write(&src, "MOV R1, RZ ;\nEXIT ;\n").unwrap();
    let out = tmp("never.cubin");
    let o = gpuisa(&[
        "asm",
        "--arch",
        "sm_50",
        src.to_str().unwrap(),
        "--cubin",
        base.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--kernel"));
    assert!(!out.exists());
    // not an NVIDIA target
    let o = gpuisa(&[
        "asm",
        "--arch",
        "gfx900",
        src.to_str().unwrap(),
        "--cubin",
        base.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("NVIDIA"));
}
