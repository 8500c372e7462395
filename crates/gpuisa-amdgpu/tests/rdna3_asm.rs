//! The gfx11 assembler against llvm-mc-19: its own text re-assembled gives its bytes
//! (tests/vectors/gfx11/asm.txt), every instruction of the clang-19 code-object listings assembles
//! to the listed words, and the hardware rules are errors with llvm's messages.

use gpuisa_amdgpu::rdna3::asm::assemble_inst;
use gpuisa_amdgpu::targets::gfx11::GFX1100;
use gpuisa_core::target::{AsmOptions, AsmRequest, Target};
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/gfx11")
}

fn bytes_text(w: &[u32]) -> String {
    w.iter()
        .flat_map(|x| x.to_le_bytes())
        .map(|b| format!("0x{b:02x}"))
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn llvm_mc_text_reassembles_to_llvm_mc_bytes() {
    let text = std::fs::read_to_string(dir().join("asm.txt")).expect("asm vectors");
    // MIMG texts whose decoding relies on llvm's variant fallback (see known-diffs.txt)
    let known: Vec<&str> = vec![];
    let (mut total, mut bad) = (0, Vec::new());
    for l in text.lines().filter(|l| !l.starts_with('#')) {
        let c: Vec<&str> = l.split('\t').collect();
        if c.len() < 3 {
            continue;
        }
        total += 1;
        let got = match assemble_inst(c[1], c[0] == "64") {
            Ok(w) => bytes_text(&w),
            Err(e) => format!("error: {}", e.message),
        };
        if got != c[2] && !known.contains(&c[1]) {
            bad.push(format!(
                "w{} {}\n  llvm: {}\n  ours: {got}",
                c[0], c[1], c[2]
            ));
        }
    }
    assert!(total > 7000, "only {total} vectors");
    assert!(
        bad.is_empty(),
        "{} of {total} differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn code_object_listings_reassemble() {
    let kd = dir().join("kernels");
    let (mut n, mut relocs) = (0, 0);
    for e in std::fs::read_dir(&kd).expect("kernels").flatten() {
        let p = e.path();
        let name = p
            .file_name()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string();
        // labels-*: branch operands name labels, which a lone instruction cannot resolve;
        // sgpr-*, zeros-*: made of words, not instructions (misaligned registers print aligned:
        // other words; `.long` for invalid ones).
        if !name.ends_with(".objdump.txt")
            || name.starts_with("labels-")
            || name.starts_with("sgpr-")
            || name.starts_with("zeros-")
        {
            continue;
        }
        let wave64 = name.contains("-w64-");
        for l in std::fs::read_to_string(&p).expect("listing").lines() {
            let Some((text, enc)) = l.strip_prefix('\t').and_then(|x| x.split_once("// ")) else {
                continue;
            };
            let words: Vec<u32> = enc
                .split_once(": ")
                .map(|x| x.1)
                .unwrap_or("")
                .split_whitespace()
                .take_while(|w| !w.starts_with('<'))
                .filter_map(|w| u32::from_str_radix(w, 16).ok())
                .collect();
            let got = assemble_inst(text.trim(), wave64)
                .unwrap_or_else(|e| panic!("{name}: '{}': {}", text.trim(), e.message));
            if got != words {
                // relocated constants: the object holds a literal 0 where the text's `0` assembles
                // to the inline constant; both must print the same text
                assert_eq!(words.len(), got.len() + 1, "{name}: {}", text.trim());
                assert_eq!(*words.last().unwrap_or(&1), 0, "{name}: {}", text.trim());
                relocs += 1;
            }
            n += 1;
        }
    }
    assert!(n > 1000, "only {n} instructions");
    assert!(relocs * 20 < n, "{relocs} of {n} differ");
}

fn error_of(src: &str, wave64: bool) -> String {
    match assemble_inst(src, wave64) {
        Ok(w) => panic!("'{src}' assembled to {w:08x?}, expected an error"),
        Err(e) => e.message,
    }
}

#[test]
fn hardware_rules_are_errors() {
    // three scalar values on the constant bus
    assert!(error_of("v_fma_f32 v1, s1, s2, s3", false).contains("constant bus"));
    assert!(error_of("v_fma_f32 v1, s1, s2, 0x12345678", false).contains("constant bus"));
    // the same SGPR twice is one value; two SGPRs are allowed on gfx11
    assert!(assemble_inst("v_fma_f32 v1, s1, s1, s2", false).is_ok());
    // one literal per instruction (the same value twice is one literal)
    assert_eq!(
        error_of("v_fma_f32 v1, 0x11111111, v2, 0x22222222", false),
        "only one unique literal operand is allowed"
    );
    assert_eq!(
        assemble_inst("v_fma_f32 v1, 0x11111111, v2, 0x11111111", false).unwrap(),
        vec![0xd613_0001, 0x03fe_04ff, 0x1111_1111]
    );
    // VOPD register banks (llvm's messages)
    assert_eq!(
        error_of(
            "v_dual_mul_f32 v0, v1, v2 :: v_dual_mul_f32 v3, v5, v7",
            false
        ),
        "src0 operands must use different VGPR banks"
    );
    assert_eq!(
        error_of(
            "v_dual_mul_f32 v0, v1, v2 :: v_dual_mul_f32 v3, v6, v6",
            false
        ),
        "src1 operands must use different VGPR banks"
    );
    assert_eq!(
        error_of(
            "v_dual_mul_f32 v0, v1, v2 :: v_dual_mul_f32 v2, v6, v7",
            false
        ),
        "one dst register must be even and the other odd"
    );
    assert!(error_of(
        "v_dual_mul_f32 v0, v1, v2 :: v_dual_mul_f32 v3, v6, v7",
        true
    )
    .contains("wave64"));
    // modifiers where the hardware has none, instructions that cannot be VOP3
    assert!(assemble_inst("v_readlane_b32 s1, -v2, 5", false).is_err());
    assert!(assemble_inst("v_swap_b32_e64 v1, v2", false).is_err());
    assert!(assemble_inst("v_fmamk_f32_e64 v1, v2, 0x42000000, v3", false).is_err());
    // and what llvm accepts
    assert_eq!(
        assemble_inst("v_add_f32_e64 v1, -|v2|, v3 clamp mul:2", false).unwrap(),
        vec![0xd503_8101, 0x2802_0702]
    );
    assert_eq!(
        assemble_inst(
            "v_dual_add_f32 v1, v2, v3 :: v_dual_mul_f32 v4, v5, v6",
            false
        )
        .unwrap(),
        vec![0xc906_0702, 0x0104_0d05]
    );
}

#[test]
fn assembler_reports_positions_and_never_panics() {
    let src = "\t.text\nlabel:\n  v_add_f32_e32 v1, v2, v3 ; comment\n  v_bogus v1\n  s_endpgm\n";
    let out = GFX1100.assemble(&AsmRequest {
        file_name: "t.s",
        source: src,
        options: AsmOptions::default(),
    });
    assert_eq!(out.diagnostics.len(), 1);
    let d = &out.diagnostics[0];
    assert_eq!(&src[d.span.start..d.span.start + 7], "v_bogus");
    assert!(d.message.contains("v_bogus"));
    // llvm-mc's listing: canonical text (suffix chosen like llvm: e32 when possible, else e64)
    let out = GFX1100.assemble(&AsmRequest {
        file_name: "t.s",
        source: "v_add_f32 v1, v2, v3\nv_add_f32 v1, v2, s3\nv_cmp_eq_f32 vcc_lo, v1, v2\n",
        options: AsmOptions {
            show_encoding: true,
            wave64: false,
        },
    });
    assert!(out.diagnostics.is_empty());
    assert_eq!(
        out.listing.as_deref().unwrap_or(""),
        "\t.text\n\tv_add_f32_e32 v1, v2, v3                ; encoding: [0x02,0x07,0x02,0x06]\n\tv_add_f32_e64 v1, v2, s3                ; encoding: [0x01,0x00,0x03,0xd5,0x02,0x07,0x00,0x00]\n\tv_cmp_eq_f32_e32 vcc_lo, v1, v2         ; encoding: [0x01,0x05,0x24,0x7c]\n"
    );
    // garbage never panics
    let mut rng = gpuisa_core::rng::Rng::new(7);
    let alphabet: Vec<char> = "v_s[]0123456789:, |-.x()abcdefghijklmnopqrstuvwxyz\t"
        .chars()
        .collect();
    for _ in 0..20000 {
        let len = rng.below(40) as usize;
        let t: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
            .collect();
        let _ = assemble_inst(&t, rng.below(2) == 1);
        let _ = assemble_inst(&format!("v_add_f32_e64 {t}"), false);
        let _ = assemble_inst(&format!("global_load_b32 {t}"), false);
    }
}

/// Every instruction text of the vectors and the gfx11 corpus: (wave64, text).
fn all_lines() -> Vec<(bool, String)> {
    let mut out = Vec::new();
    let read = |p: PathBuf| std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
    for name in ["asm.txt", "random.txt", "opcodes.txt"] {
        for l in read(dir().join(name))
            .lines()
            .filter(|l| !l.starts_with('#'))
        {
            let c: Vec<&str> = l.split('\t').collect();
            let text = match name {
                "asm.txt" => c.get(1),
                _ => c.get(2),
            };
            if let Some(t) = text {
                out.push((c[0] == "64", t.to_string()));
            }
        }
    }
    for e in std::fs::read_dir(dir().join("kernels"))
        .expect("kernels")
        .flatten()
    {
        let p = e.path();
        let name = p.to_string_lossy().to_string();
        if !name.ends_with(".objdump.txt") {
            continue;
        }
        for l in read(p).lines() {
            if let Some((text, _)) = l.strip_prefix('\t').and_then(|x| x.split_once("// ")) {
                out.push((name.contains("-w64-"), text.trim().to_string()));
            }
        }
    }
    let corpus = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/asm-corpus");
    for e in std::fs::read_dir(&corpus).expect("corpus").flatten() {
        let p = e.path();
        let name = p.to_string_lossy().to_string();
        if !name.ends_with("-gfx1100.s") {
            continue;
        }
        for l in read(p).lines() {
            let body = l.split(';').next().unwrap_or("").trim();
            let first = body.bytes().next().unwrap_or(b'.');
            if !first.is_ascii_lowercase() || body.contains(':') && !body.contains('[') {
                continue;
            }
            // branch labels and relocation operands are the driver's: a number in their place
            let body = if body.starts_with("s_branch") || body.starts_with("s_cbranch") {
                format!("{} 0", body.split(' ').next().unwrap_or(""))
            } else if body.contains('@') {
                continue;
            } else {
                body.to_string()
            };
            out.push((name.contains("w64"), body));
        }
    }
    out
}

/// The encoders are exact: without the decode-back check they give the same words (or the same
/// error) as with it, on every vector and corpus line.
#[test]
fn unchecked_encoder_equals_checked() {
    use gpuisa_amdgpu::rdna3::asm::assemble_inst_checked;
    let lines = all_lines();
    assert!(lines.len() > 15000, "only {} lines", lines.len());
    let mut bad = Vec::new();
    for (w64, t) in &lines {
        let a = assemble_inst(t, *w64).map_err(|e| e.message);
        let b = assemble_inst_checked(t, *w64).map_err(|e| e.message);
        let same = match (&a, &b) {
            (Ok(x), Ok(y)) => x == y,
            (Err(_), Err(_)) => true,
            _ => false,
        };
        if !same {
            bad.push(format!(
                "w{} {t}\n  unchecked: {a:08x?}\n  checked:   {b:08x?}",
                if *w64 { 64 } else { 32 }
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} differ:\n{}",
        bad.len(),
        lines.len(),
        bad.join("\n")
    );
}

/// Mutations of the vector lines (modifiers added, operands replaced by other kinds): wherever
/// the checked assembler accepts the text, the unchecked one gives the same words; where the
/// checked one rejects it and the unchecked one takes it (spellings the decode-back cannot
/// match: `-0`, `--1`, modifiers in another order, negative literals), the words decode as one
/// whole instruction. `GPUISA_SHOW_LENIENT=1` lists those.
#[test]
fn unchecked_encoder_equals_checked_on_mutations() {
    use gpuisa_amdgpu::rdna3::asm::assemble_inst_checked;
    let lines = all_lines();
    let mut rng = gpuisa_core::rng::Rng::new(0x6d75_7461);
    const SUFFIX: [&str; 16] = [
        " clamp",
        " mul:2",
        " div:2",
        " op_sel:[1,0,0]",
        " op_sel:[0,1]",
        " op_sel:[0,0,0,1]",
        " glc",
        " offset:8",
        " offset:4096",
        " offset:99999999",
        " op_sel_hi:[0,0]",
        " neg_lo:[1,0]",
        " neg_hi:[0,1,0]",
        " dlc",
        " bound_ctrl:1",
        " fi:1",
    ];
    const REPL: [&str; 16] = [
        "v200",
        "s5",
        "0x12345678",
        "1.0",
        "-1",
        "vcc_lo",
        "m0",
        "null",
        "exec",
        "v[2:3]",
        "s[4:5]",
        "v1.h",
        "v129",
        "ttmp3",
        "0.5",
        "src_scc",
    ];
    let start = std::time::Instant::now();
    let (mut n, mut bad, mut lenient) = (0, Vec::new(), Vec::new());
    while start.elapsed() < std::time::Duration::from_millis(1500) {
        let (w64, t) = &lines[rng.below(lines.len() as u64) as usize];
        let mut m = t.clone();
        match rng.below(3) {
            0 => m.push_str(SUFFIX[rng.below(16) as usize]),
            1 | 2 => {
                let parts: Vec<&str> = t.splitn(2, ' ').collect();
                if parts.len() < 2 {
                    continue;
                }
                let ops: Vec<&str> = parts[1].split(", ").collect();
                let i = rng.below(ops.len() as u64) as usize;
                let mut ops: Vec<String> = ops.iter().map(|s| s.to_string()).collect();
                let o = ops[i].clone();
                ops[i] = match rng.below(6) {
                    0 => format!("-{o}"),
                    1 => format!("|{o}|"),
                    2 => format!("-|{o}|"),
                    3 => format!("sext({o})"),
                    _ => REPL[rng.below(16) as usize].to_string(),
                };
                m = format!("{} {}", parts[0], ops.join(", "));
            }
            _ => {}
        }
        n += 1;
        let a = assemble_inst(&m, *w64).map_err(|e| e.message);
        let b = assemble_inst_checked(&m, *w64).map_err(|e| e.message);
        match (&a, &b) {
            (Ok(x), Ok(y)) if x == y => {}
            (Err(_), Err(_)) => {}
            (Ok(x), Err(_)) => {
                // a spelling the checked assembler does not take (`-0`, modifiers in another
                // order, a negative literal): the words must still be one whole instruction
                let mut w = [0u32; 4];
                for (d, s) in w.iter_mut().zip(x) {
                    *d = *s;
                }
                let mut text = String::new();
                let ok = x.len() <= 4
                    && gpuisa_amdgpu::rdna3::decode::decode(&w, x.len(), *w64, &mut text)
                        .is_ok_and(|d| d.len as usize == x.len());
                let wave = if *w64 { 64 } else { 32 };
                if !ok {
                    bad.push(format!(
                        "w{wave} {m}\n  unchecked: {x:08x?} does not decode"
                    ));
                }
                lenient.push(format!(
                    "w{wave} {m}\n  unchecked: {x:08x?}\n  decodes:   {text}"
                ))
            }
            _ => bad.push(format!(
                "w{} {m}\n  unchecked: {a:08x?}\n  checked:   {b:08x?}",
                if *w64 { 64 } else { 32 }
            )),
        }
    }
    if std::env::var("GPUISA_SHOW_LENIENT").is_ok() {
        eprintln!("{} lenient of {n}:\n{}", lenient.len(), lenient.join("\n"));
    }
    assert!(n > 1000, "only {n} mutations");
    assert!(
        bad.is_empty(),
        "{} of {n} differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// Every `s_version` immediate prints as llvm-mc-19 does (the versions 0/4/6/9 by name, the
/// flags, the others as numbers) and that text assembles back to its word; llvm-mc-19 takes
/// the names anywhere in the OR expression (`5|UC_VERSION_GFX10` is 5).
#[test]
fn s_version_text_reassembles() {
    use gpuisa_amdgpu::rdna3::inst::decode_typed;
    for v in 0..=0xffffu32 {
        let w = [0xb080_0000 | v, 0, 0, 0];
        let text = gpuisa_amdgpu::rdna3::print::text(
            &decode_typed(&w, 1, false).expect("s_version decodes"),
        );
        let got = assemble_inst(&text, false).unwrap_or_else(|e| panic!("{text}: {}", e.message));
        assert_eq!(got, vec![w[0]], "{text}");
    }
    for (src, want) in [
        ("s_version UC_VERSION_GFX11|UC_VERSION_W32_BIT", 0x4006),
        (
            "s_version (UC_VERSION_GFX12|UC_VERSION_W64_BIT)|UC_VERSION_MDP_BIT",
            0xa009,
        ),
        ("s_version 5|UC_VERSION_GFX10", 0x5),
        ("s_version UC_VERSION_W64_BIT", 0x2000),
    ] {
        assert_eq!(
            assemble_inst(src, false).unwrap(),
            vec![0xb080_0000 | want],
            "{src}"
        );
    }
}
