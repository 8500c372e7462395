//! Time-budgeted robustness: no input bytes or text make the decoder, listing, assembler, cubin
//! reader or emulator panic; and decode -> print -> parse -> encode is the identity on every word
//! the tables print (random words, not only the corpus).

use gpuisa_core::rng::Rng;
use gpuisa_core::target::{
    AsmOptions, AsmRequest, DisasmOptions, DisasmRequest, InputFormat, Target,
};
use gpuisa_nvidia::decode::{inst_text, Decoded};
use std::time::{Duration, Instant};

const BUDGET: Duration = Duration::from_millis(400);

#[test]
fn random_words_print_and_reassemble() {
    let mut rng = Rng::new(0x5eed);
    let start = Instant::now();
    let (mut n, mut known) = (0u64, 0u64);
    let mut s = String::new();
    while start.elapsed() < BUDGET {
        // half fully random, half with a corpus opcode's top bits to hit the forms
        let mut w = rng.next_u64();
        if n % 2 == 0 {
            let f = &gpuisa_nvidia::table::table().forms;
            let form = &f[rng.below(f.len() as u64) as usize];
            w = (w & !form.mask) | form.matches;
        }
        n += 1;
        s.clear();
        if inst_text(&mut s, w, 53, 0, 0x8) == Decoded::Known {
            known += 1;
            let src = format!("{s} ;");
            let mut d = Vec::new();
            let items = gpuisa_nvidia::asm::parse_source(&src, 53, &mut d);
            // text the tables print must parse; the word it gives prints the same text
            // (bits nvdisasm does not show, e.g. LDC's reserved bits, may differ)
            assert!(
                d.is_empty(),
                "0x{w:016x} '{s}': {:?}",
                d.first().map(|x| &x.message)
            );
            let mut s2 = String::new();
            inst_text(&mut s2, items[0].word, 53, 0, 0x8);
            let mut s3 = String::new();
            inst_text(&mut s3, w, 53, 0, 0x8);
            assert_eq!(s2, s3, "0x{w:016x}");
        }
    }
    assert!(known > 100, "{known} of {n}");
}

#[test]
fn listings_and_cubins_never_panic() {
    let mut rng = Rng::new(77);
    let start = Instant::now();
    let cubin = std::fs::read(
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/ptx/cubin/ldc_kernels.sm_50.ptxas.cubin"),
    )
    .unwrap();
    let t: &dyn Target = &gpuisa_nvidia::SM50;
    while start.elapsed() < BUDGET {
        let len = rng.below(300) as usize;
        let mut data = vec![0u8; len];
        rng.fill(&mut data);
        if rng.below(3) == 0 {
            data = cubin.clone();
            for _ in 0..1 + rng.below(8) {
                let at = rng.below(data.len() as u64) as usize;
                data[at] = rng.next_u32() as u8;
            }
        }
        for opts in [
            DisasmOptions::default(),
            DisasmOptions {
                show_encoding: true,
                ctrl: true,
                constants: true,
                ..Default::default()
            },
            DisasmOptions {
                novliw: true,
                kernels: true,
                ..Default::default()
            },
        ] {
            for format in [InputFormat::Raw, InputFormat::Hex, InputFormat::Bytes] {
                let req = DisasmRequest {
                    file_name: "fuzz",
                    data: &data,
                    format,
                    options: opts.clone(),
                };
                let _ = t.disassemble(&req, &mut Vec::new(), &mut Vec::new());
            }
        }
        // the emulator on random code: errors are values
        let k =
            gpuisa_nvidia::exec::Kernel::from_code("f", &data[..data.len() / 32 * 32], 50, true);
        let mut l = gpuisa_nvidia::exec::Launch {
            grid: [1, 1, 1],
            block: [32, 1, 1],
            params: vec![0; 16],
            constants: vec![],
            memory: Default::default(),
            budget: 2000,
            trace_warps: vec![],
            trace_pcs: vec![],
        };
        let _ = gpuisa_nvidia::exec::run_kernel(&k, &mut l, None);
    }
}

#[test]
fn assembler_never_panics_and_reports_positions() {
    let mut rng = Rng::new(99);
    let start = Instant::now();
    let pieces = [
        "LDC",
        ".64",
        ".IL",
        " R2",
        ", ",
        "c[0x3]",
        "[R1+-0x10]",
        "{",
        "}",
        ";",
        "@!P0 ",
        "\n",
        "IADD",
        "XMAD.PSL.CBCC",
        "R0.H1",
        "c[0x0] [0x8]",
        "0x",
        "-",
        "|",
        "é",
        "[B--2---:R-:W1:Y:S04]",
        "/*",
        "*/",
        "DEPBAR {1,0}",
        ".word 0x5",
        "BRA 0x10",
        "@P9",
        "R256",
        "-0x8000",
        "2D",
        "\t",
    ];
    let t: &dyn Target = &gpuisa_nvidia::SM53;
    while start.elapsed() < BUDGET {
        let mut src = String::new();
        for _ in 0..rng.below(20) {
            src.push_str(pieces[rng.below(pieces.len() as u64) as usize]);
        }
        let out = t.assemble(&AsmRequest {
            file_name: "f.s",
            source: &src,
            options: AsmOptions::default(),
        });
        for d in &out.diagnostics {
            assert!(
                d.span.start <= d.span.end && d.span.end <= src.len() + 1,
                "{src:?}: {d:?}"
            );
            let _ = gpuisa_core::diag::render("f.s", &src, d);
        }
    }
    // a known error with its position
    let src = "MOV R1, R2 ;\nLDC R2, c[0x3][R1+0x8000] ;\n";
    let out = t.assemble(&AsmRequest {
        file_name: "f.s",
        source: src,
        options: AsmOptions::default(),
    });
    let r = gpuisa_core::diag::render_all("f.s", src, &out.diagnostics);
    assert!(
        r.starts_with("f.s:2:9: error: offset 0x8000 does not fit a signed 16-bit immediate"),
        "{r}"
    );
    let out = t.assemble(&AsmRequest {
        file_name: "f.s",
        source: "FOO R1 ;",
        options: AsmOptions::default(),
    });
    assert_eq!(out.diagnostics[0].message, "unknown mnemonic 'FOO'");
}

/// The emulator on code that is almost real: the runnable corpus's instruction words with one
/// to three random bits flipped (mostly still table forms, so every semantic path is hit with
/// odd fields), two warps with shared memory and buffers: every outcome is Ok or a typed fault.
#[test]
fn emulator_never_panics_on_mutated_corpus_code() {
    let listing = std::fs::read_to_string(
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/ptx/run/kernels.sm_53.ptxas.sass"),
    )
    .unwrap();
    let words: Vec<u64> = listing
        .lines()
        .filter_map(|l| l.rfind("/* 0x").map(|i| &l[i + 5..i + 21]))
        .filter_map(|h| u64::from_str_radix(h, 16).ok())
        .collect();
    let mut rng = Rng::new(0xfa57);
    let start = Instant::now();
    let (mut runs, mut known) = (0u64, 0u64);
    while start.elapsed() < BUDGET * 2 {
        // a program of 8 bundles: control words kept, instructions mutated
        let at = (rng.below(words.len() as u64 / 4) * 4) as usize;
        let mut code = Vec::new();
        for (i, &w) in words.iter().cycle().skip(at).take(32).enumerate() {
            let mut w = w;
            if i % 4 != 0 {
                for _ in 0..rng.below(4) {
                    w ^= 1 << rng.below(56);
                }
                if gpuisa_nvidia::table::table().lookup(w, 53).is_some() {
                    known += 1;
                }
            }
            code.extend_from_slice(&w.to_le_bytes());
        }
        let mut k = gpuisa_nvidia::exec::Kernel::from_code("m", &code, 53, true);
        k.shared_bytes = 256;
        let mut memory = gpuisa_nvidia::exec::Memory::default();
        let a = memory.add("a", vec![0x5a; 4096]);
        let b = memory.add("b", vec![0; 4096]);
        let mut params = a.to_le_bytes().to_vec();
        params.extend_from_slice(&b.to_le_bytes());
        params.extend_from_slice(&[7, 0, 0, 0, 0, 0, 0x80, 0x3f]);
        let mut l = gpuisa_nvidia::exec::Launch {
            grid: [2, 1, 1],
            block: [48, 1, 1],
            params,
            constants: vec![],
            memory,
            budget: 3000,
            trace_warps: vec![],
            trace_pcs: vec![],
        };
        let _ = gpuisa_nvidia::exec::run_kernel(&k, &mut l, None);
        runs += 1;
    }
    assert!(
        runs > 20 && known > runs,
        "{runs} runs, {known} known words"
    );
}
