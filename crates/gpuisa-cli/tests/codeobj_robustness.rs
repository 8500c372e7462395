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
