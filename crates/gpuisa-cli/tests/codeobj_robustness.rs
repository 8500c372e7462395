//! Code objects whose symbols lie outside their section must list without a panic.

use std::path::PathBuf;
use std::process::Command;

fn u64_at(d: &[u8], o: usize) -> u64 {
    u64::from_le_bytes(d[o..o + 8].try_into().unwrap())
}

#[test]
fn function_symbol_below_its_section_address() {
    let obj =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/timing/reduce-gfx900.o");
    let mut d = std::fs::read(obj).unwrap();
    let shoff = u64_at(&d, 40) as usize;
    let shnum = u16::from_le_bytes([d[60], d[61]]) as usize;
    for i in 0..shnum {
        let h = shoff + 64 * i;
        let kind = u32::from_le_bytes(d[h + 4..h + 8].try_into().unwrap());
        if u64_at(&d, h + 8) & 4 != 0 {
            d[h + 16..h + 24].copy_from_slice(&0x100u64.to_le_bytes()); // executable section at 0x100
        }
        if kind == 2 {
            let (off, size) = (u64_at(&d, h + 24) as usize, u64_at(&d, h + 32) as usize);
            for e in (off..off + size).step_by(24) {
                if d[e + 4] & 0xf == 2 {
                    d[e + 8..e + 16].copy_from_slice(&0u64.to_le_bytes()); // function at 0, below it
                }
            }
        }
    }
    let f = std::env::temp_dir().join(format!("gpuisa-lowsym-{}.o", std::process::id()));
    std::fs::write(&f, &d).unwrap();
    for arch in [None, Some("gfx1100")] {
        let mut c = Command::new(env!("CARGO_BIN_EXE_gpuisa"));
        c.arg("disasm");
        if let Some(a) = arch {
            c.args(["--arch", a]);
        }
        let out = c.arg(&f).output().unwrap();
        assert!(
            out.status.success(),
            "{arch:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(String::from_utf8_lossy(&out.stdout).contains("<reduce_sum>:"));
    }
}

/// The section headers of `d`: (offset of the header, sh_type, sh_offset, sh_size).
fn sections(d: &[u8]) -> Vec<(usize, u32, usize, usize)> {
    let shoff = u64_at(d, 40) as usize;
    let shnum = u16::from_le_bytes([d[60], d[61]]) as usize;
    (0..shnum)
        .map(|i| {
            let h = shoff + 64 * i;
            let kind = u32::from_le_bytes(d[h + 4..h + 8].try_into().unwrap());
            (
                h,
                kind,
                u64_at(d, h + 24) as usize,
                u64_at(d, h + 32) as usize,
            )
        })
        .collect()
}

fn golden(name: &str) -> (Vec<u8>, String) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/gcn-kernels");
    let hex = std::fs::read_to_string(dir.join(format!("{name}.o.hex"))).unwrap();
    let h: Vec<u8> = hex.bytes().filter(u8::is_ascii_hexdigit).collect();
    let bytes = h
        .chunks(2)
        .map(|p| u8::from_str_radix(std::str::from_utf8(p).unwrap(), 16).unwrap())
        .collect();
    let listing = std::fs::read_to_string(dir.join(format!("{name}.objdump.txt"))).unwrap();
    (bytes, listing)
}

fn disasm_file(tag: &str, d: &[u8]) -> (bool, String, String) {
    let dir = std::env::temp_dir().join(format!("gpuisa-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("kernel.o"), d).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gpuisa"))
        .current_dir(&dir)
        .args(["disasm", "kernel.o"])
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// An object without symbols (the golden nosym-gfx900, llvm-objdump-19's listing) lists its
/// code under `<.text>:` through the command line, as llvm-objdump does.
#[test]
fn object_without_symbols_lists_its_text() {
    let (d, want) = golden("nosym-gfx900");
    let (ok, got, err) = disasm_file("nosym", &d);
    assert!(ok, "{err}");
    assert_eq!(got, want);
    assert!(got.contains("0000000000000000 <.text>:\n\tv_mov_b32_e32 v0, v1"));
}

/// A damaged symbol table (an entry size below 24: no symbol can be read) still lists every
/// instruction, under `<.text>:`, as when there are no symbols.
#[test]
fn damaged_symbol_table_lists_the_code() {
    let (mut d, listing) = golden("labels-gfx900");
    let symtab = sections(&d).into_iter().find(|s| s.1 == 2).unwrap();
    d[symtab.0 + 56..symtab.0 + 64].copy_from_slice(&7u64.to_le_bytes());
    let (ok, got, err) = disasm_file("badsym", &d);
    assert!(ok, "{err}");
    assert!(got.contains("0000000000000000 <.text>:\n"), "{got}");
    // Every instruction of the intact listing is there (branch operands and comments aside).
    let words = |s: &str| -> Vec<String> {
        s.lines()
            .filter_map(|l| l.split("// ").nth(1))
            .map(|c| c.split(' ').take(2).collect::<Vec<_>>().join(" "))
            .collect()
    };
    assert_eq!(words(&got), words(&listing));
    assert!(!words(&got).is_empty());
}
