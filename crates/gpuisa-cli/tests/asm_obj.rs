//! `gpuisa asm --filetype obj`: clang's assembly in, the object out (byte-identical to
//! llvm-mc-19's: its size and FNV-1a hash are in the corpus vector); on errors the messages
//! (file:line:col, the line, a caret), exit status 1 and no file.

use std::process::Command;

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn object_like_llvm_mc() {
    let dir = std::env::temp_dir().join(format!("gpuisa-asm-obj-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("k.o");
    let st = Command::new(env!("CARGO_BIN_EXE_gpuisa"))
        .args(["asm", "--arch", "gfx900", "--filetype", "obj", "-o"])
        .arg(&out)
        .arg(root().join("tests/asm-corpus/vector_add-gfx900.s"))
        .output()
        .unwrap();
    assert!(
        st.status.success(),
        "{}",
        String::from_utf8_lossy(&st.stderr)
    );
    let obj = std::fs::read(&out).unwrap();
    let h = obj.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    });
    let want =
        std::fs::read_to_string(root().join("tests/asm-corpus/vector_add-gfx900.txt")).unwrap();
    assert!(
        want.contains(&format!("file size={} fnv1a64={h:016x}\n", obj.len())),
        "not llvm-mc-19's object"
    );
    // Errors: all reported, nothing written.
    let bad = dir.join("bad.s");
    std::fs::write(&bad, "\ts_nop 0\n\t.bogus\n\ts_branch .Lnowhere\n").unwrap();
    let out2 = dir.join("bad.o");
    let st = Command::new(env!("CARGO_BIN_EXE_gpuisa"))
        .args(["asm", "--arch", "gfx900", "--filetype", "obj", "-o"])
        .arg(&out2)
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(st.status.code(), Some(1));
    let err = String::from_utf8_lossy(&st.stderr);
    assert!(
        err.contains("bad.s:2:2: error: unknown directive\n\t.bogus\n\t^"),
        "{err}"
    );
    assert!(
        err.contains("bad.s:3:11: error: undefined label '.Lnowhere'"),
        "{err}"
    );
    assert!(err.contains("2 errors generated; nothing written"), "{err}");
    assert!(!out2.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--filetype hsaco`: a shared code object (ET_DYN, PHDR first, a NOTE for the metadata), and
/// what it does not lay out (writable data) refused with a message and no file.
#[test]
fn hsaco_linked_in_one_step() {
    let dir = std::env::temp_dir().join(format!("gpuisa-asm-hsaco-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("k.hsaco");
    let st = Command::new(env!("CARGO_BIN_EXE_gpuisa"))
        .args(["asm", "--arch", "gfx900", "--filetype", "hsaco", "-o"])
        .arg(&out)
        .arg(root().join("tests/asm-corpus/vector_add-gfx900.s"))
        .output()
        .unwrap();
    assert!(
        st.status.success(),
        "{}",
        String::from_utf8_lossy(&st.stderr)
    );
    let f = std::fs::read(&out).unwrap();
    let u16_at = |o: usize| u16::from_le_bytes([f[o], f[o + 1]]);
    let u32_at = |o: usize| u32::from_le_bytes(f[o..o + 4].try_into().unwrap());
    assert_eq!(&f[..4], b"\x7fELF");
    assert_eq!(u16_at(16), 3, "ET_DYN");
    let phnum = u16_at(56) as usize;
    let types: Vec<u32> = (0..phnum).map(|i| u32_at(64 + 56 * i)).collect();
    // PHDR, LOAD R, LOAD RX, LOAD RW, DYNAMIC, GNU_RELRO, GNU_STACK, NOTE (as ld.lld-19)
    assert_eq!(
        types,
        [6, 1, 1, 1, 2, 0x6474_e552, 0x6474_e551, 4],
        "program headers"
    );
    let bad = Command::new(env!("CARGO_BIN_EXE_gpuisa"))
        .args(["asm", "--arch", "gfx900", "--filetype", "hsaco", "-o"])
        .arg(dir.join("d.hsaco"))
        .arg(root().join("tests/asm-corpus/hand-directives-gfx900.s"))
        .output()
        .unwrap();
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("--filetype hsaco: "), "{err}");
    assert!(!dir.join("d.hsaco").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
