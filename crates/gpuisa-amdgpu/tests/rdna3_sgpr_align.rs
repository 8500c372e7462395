//! gfx11 listing details against llvm-mc-19 (issue 18): the zero word is `v_illegal`, and a
//! misaligned SGPR/TTMP range prints aligned, with the encoding llvm-mc shows for it (that of
//! the aligned text). The code-object side (`; Warning: ...` comments, runs of zeros) is in
//! the kernels vectors (sgpr-align-*, sgpr-random-*, zeros-*) checked by rdna3_vectors.

use gpuisa_amdgpu::targets::gfx11::GFX1100;
use gpuisa_core::target::{DisasmOptions, DisasmRequest, InputFormat, Target};
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/gfx11")
}

fn listing(src: &str, wave64: bool) -> String {
    let req = DisasmRequest {
        file_name: "sgpr-random.bytes.txt",
        data: src.as_bytes(),
        format: InputFormat::Bytes,
        options: DisasmOptions {
            show_encoding: true,
            wave64,
            ..DisasmOptions::default()
        },
    };
    let (mut out, mut diag) = (Vec::new(), Vec::new());
    GFX1100.disassemble(&req, &mut out, &mut diag).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn misaligned_ranges_and_zero_words_like_llvm_mc() {
    let src = std::fs::read_to_string(dir().join("sgpr-random.bytes.txt")).unwrap();
    for (wave64, want) in [
        (false, "sgpr-random.w32.txt"),
        (true, "sgpr-random.w64.txt"),
    ] {
        let want = std::fs::read_to_string(dir().join(want)).unwrap();
        let got = listing(&src, wave64);
        assert_eq!(got.lines().count(), want.lines().count());
        let (mut aligned, mut illegal) = (0, 0);
        for (g, w) in got.lines().zip(want.lines()) {
            let text = |l: &str| {
                l.split(" ; encoding:")
                    .next()
                    .unwrap_or("")
                    .trim_end()
                    .to_string()
            };
            assert_eq!(text(g), text(w), "wave64 {wave64}");
            let mnemonic = text(g).split_whitespace().next().unwrap_or("").to_string();
            // llvm-mc shows every instruction re-encoded: fields an instruction ignores are
            // shown as zero (s_gl1_inv, s_dcache_inv, s_setpc_b64's unused sdst); gpuisa shows
            // the input's words, except where it prints a register range other than the field's
            // (misaligned), where it shows the encoding of what it prints.
            if !["s_gl1_inv", "s_dcache_inv", "s_setpc_b64"].contains(&mnemonic.as_str()) {
                assert_eq!(g, w, "wave64 {wave64}");
            }
            illegal += usize::from(mnemonic == "v_illegal");
            aligned += usize::from(g.contains("s[") && g == w);
        }
        assert!(illegal > 100, "{illegal} v_illegal");
        assert!(aligned > 50, "{aligned}");
    }
    // The words whose register field is misaligned show other bytes than the input's.
    let got = listing(
        "0x80,0x01,0xad,0xbe\n0x43,0x01,0x08,0xf4,0x00,0x00,0x00,0xf8\n",
        false,
    );
    assert_eq!(
        got,
        "\t.text\n\ts_mov_b64 s[44:45], 0                   ; encoding: [0x80,0x01,0xac,0xbe]\n\ts_load_b128 s[4:7], s[6:7], null        ; encoding: [0x03,0x01,0x08,0xf4,0x00,0x00,0x00,0xf8]\n"
    );
}

/// The same on GCN (llvm-mc-19 --disassemble --show-encoding, gfx900): a misaligned pair prints
/// aligned with the aligned text's encoding; an aligned one keeps the input's bytes.
#[test]
fn gcn_misaligned_bytes_like_llvm_mc() {
    let src = "0x80,0x01,0xad,0xbe\n0x03,0x05,0x81,0x86\n0x80,0x01,0xac,0xbe\n";
    let req = DisasmRequest {
        file_name: "b.txt",
        data: src.as_bytes(),
        format: InputFormat::Bytes,
        options: DisasmOptions {
            show_encoding: true,
            ..DisasmOptions::default()
        },
    };
    let (mut out, mut diag) = (Vec::new(), Vec::new());
    gpuisa_amdgpu::targets::gcn::GFX900
        .disassemble(&req, &mut out, &mut diag)
        .unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "\t.text\n\
         \ts_mov_b64 s[44:45], 0                   ; encoding: [0x80,0x01,0xac,0xbe]\n\
         \ts_and_b64 s[0:1], s[2:3], s[4:5]        ; encoding: [0x02,0x04,0x80,0x86]\n\
         \ts_mov_b64 s[44:45], 0                   ; encoding: [0x80,0x01,0xac,0xbe]\n"
    );
}
