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

/// The assembler reads listings back: every function of every corpus cubin, as cuobjdump
/// printed it (.sass), assembles to exactly the bytes of its .text section (control words from
/// the listing's encoding lines, instructions from their text).
#[test]
fn cuobjdump_listings_assemble_to_the_cubin_bytes() {
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
        let sass = std::fs::read_to_string(p.with_extension("sass")).unwrap();
        let elf = Elf::parse(&data).unwrap();
        let sm = gpuisa_nvidia::target::cubin_sm(&elf);
        let funcs = gpuisa_nvidia::cubin::functions(&elf);
        let parts: Vec<&str> = sass.split("\t\tFunction : ").skip(1).collect();
        assert_eq!(parts.len(), funcs.len(), "{}", p.display());
        for (part, f) in parts.iter().zip(&funcs) {
            let a = gpuisa_nvidia::asm::assemble(&format!("Function : {part}"), sm);
            assert!(
                a.diagnostics.is_empty(),
                "{} {}: {:?}",
                p.display(),
                f.name,
                a.diagnostics.first()
            );
            let bytes: Vec<u8> = a.words.iter().flat_map(|w| w.to_le_bytes()).collect();
            assert_eq!(bytes.len(), f.code.len(), "{} {}", p.display(), f.name);
            assert!(bytes == f.code, "{} {}: bytes differ", p.display(), f.name);
            n += 1;
        }
    }
    assert!(n >= 50, "{n} functions");
}

/// nvdisasm `-hex` listings of raw code assemble back to the code: control words exactly,
/// instructions exactly except LDC's reserved bits (41-43, 46-47), which text does not carry.
#[test]
fn nvdisasm_hex_listings_assemble_to_the_code() {
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
        let sm = if name.contains("sm_53") { 53 } else { 50 };
        let want: Vec<u64> = std::fs::read_to_string(&p)
            .unwrap()
            .lines()
            .map(|l| u64::from_str_radix(l.trim_start_matches("0x"), 16).unwrap())
            .collect();
        let listing = std::fs::read_to_string(p.with_extension("nvdisasm-hex")).unwrap();
        let a = gpuisa_nvidia::asm::assemble(&listing, sm);
        assert!(
            a.diagnostics.is_empty(),
            "{name}: {:?}",
            a.diagnostics.first()
        );
        assert_eq!(a.words.len(), want.len(), "{name}");
        for (i, (g, w)) in a.words.iter().zip(&want).enumerate() {
            let ignore = if gpuisa_nvidia::ldc::is_ldc(*w) && i % 4 != 0 {
                (7u64 << 41) | (3 << 46)
            } else {
                0
            };
            assert_eq!(g & !ignore, w & !ignore, "{name}: word {i}");
        }
        n += 1;
    }
    assert_eq!(n, 25);
}
