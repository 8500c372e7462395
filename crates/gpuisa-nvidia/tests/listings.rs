//! Whole listings: every cubin of the PTX corpus (tests/ptx/cubin, built by ptxas 11.8 and 12.9 for
//! sm_50/52/53) must list exactly as `cuobjdump -sass` printed it (the .sass files beside them).

use gpuisa_core::elf::Elf;
use gpuisa_core::target::DisasmOptions;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/ptx/cubin")
}

#[test]
fn cubins_list_exactly_like_cuobjdump() {
    let mut n = 0;
    let mut entries: Vec<_> = std::fs::read_dir(dir())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.extension().and_then(|e| e.to_str()) != Some("cubin") {
            continue;
        }
        let data = std::fs::read(&p).unwrap();
        let want = std::fs::read_to_string(p.with_extension("sass")).unwrap();
        let elf = Elf::parse(&data).unwrap();
        let mut got = String::new();
        gpuisa_nvidia::cubin::sass(&elf, &DisasmOptions::default(), &mut got);
        if got != want {
            for (i, (a, b)) in got.lines().zip(want.lines()).enumerate() {
                assert_eq!(a, b, "{}: line {}", p.display(), i + 1);
            }
            assert_eq!(got.lines().count(), want.lines().count(), "{}", p.display());
            assert_eq!(got, want, "{}", p.display());
        }
        n += 1;
    }
    assert_eq!(n, 32, "expected the 32 corpus cubins");
}

/// Raw code (the .text of corpus functions, and random LDC bundles with random control words
/// giving dual-issue pairs and reuse flags) laid out exactly like `nvdisasm -b SM5x`, with
/// `-hex` and with `-novliw` (tests/vectors/sm_50/raw).
#[test]
fn raw_code_lists_exactly_like_nvdisasm() {
    use gpuisa_core::target::{DisasmRequest, InputFormat, Target};
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/sm_50/raw");
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    let mut n = 0;
    for p in entries {
        if p.extension().and_then(|e| e.to_str()) != Some("hex") {
            continue;
        }
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let target: &dyn Target = if name.contains("sm_53") {
            &gpuisa_nvidia::SM53
        } else {
            &gpuisa_nvidia::SM50
        };
        let hex = std::fs::read(&p).unwrap();
        for (ext, show_encoding, novliw) in [
            ("nvdisasm", false, false),
            ("nvdisasm-hex", true, false),
            ("nvdisasm-novliw", false, true),
        ] {
            let want = std::fs::read_to_string(p.with_extension(ext)).unwrap();
            let req = DisasmRequest {
                file_name: &name,
                data: &hex,
                format: InputFormat::Hex,
                options: DisasmOptions {
                    show_encoding,
                    novliw,
                    ..Default::default()
                },
            };
            let mut out = Vec::new();
            let mut diag = Vec::new();
            target.disassemble(&req, &mut out, &mut diag).unwrap();
            let got = String::from_utf8(out).unwrap();
            for (i, (a, b)) in got.lines().zip(want.lines()).enumerate() {
                assert_eq!(a, b, "{name} ({ext}): line {}", i + 1);
            }
            assert_eq!(got, want, "{name} ({ext})");
            n += 1;
        }
    }
    assert_eq!(n, 75, "{n} listings");
}
