//! The gfx11 encoder inverts the typed decoder: for every word the decoder accepts,
//! `encode11(decode_typed(w)) == w` exactly (and the length agrees). The committed llvm-mc-19
//! golden vectors (every opcode form, seeded random words, the assembler vectors), the dwords of
//! every committed clang-19 code-object listing, and time-budgeted random words of every gfx11
//! encoding (wave32 and wave64, a fixed seed).

mod common;

use gpuisa_amdgpu::rdna3::encode::encode11;
use gpuisa_amdgpu::rdna3::inst::{decode_typed, Decoded11};
use gpuisa_core::rng::Rng;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/gfx11")
}

/// The class of an accepted word (encoding and extension) and `Err` on a difference; `None` if
/// the decoder refuses the words.
fn check(w: &[u32; 4], n: usize, wave64: bool) -> Option<Result<String, String>> {
    let d = decode_typed(w, n, wave64).ok()?;
    let t = match d {
        Decoded11::One(t) | Decoded11::Dual(t, _) => t,
    };
    let len = t.len as usize;
    let class = format!("{}{:?}", t.g11.enc.map_or("?", |e| e.name()), t.ext);
    Some(match encode11(&d) {
        Ok((e, k)) if k == len && e[..k] == w[..len] => Ok(class),
        Ok((e, k)) => Err(format!(
            "w{} {:08x?} ({len} dwords, {class} {:?} opcode {:#x}): encoded {:08x?} ({k})",
            if wave64 { 64 } else { 32 },
            &w[..len],
            t.op,
            t.g11.opcode,
            &e[..k]
        )),
        Err(err) => Err(format!(
            "w{} {:08x?} ({class} {:?}): {err}",
            if wave64 { 64 } else { 32 },
            &w[..len],
            t.op
        )),
    })
}

/// Checks a list of (wave64, words); returns (accepted, differences).
fn check_all(items: impl Iterator<Item = (bool, Vec<u32>)>) -> (usize, Vec<String>) {
    let (mut ok, mut bad) = (0, Vec::new());
    for (wave64, v) in items {
        let mut w = [0u32; 4];
        for (i, x) in v.iter().take(4).enumerate() {
            w[i] = *x;
        }
        match check(&w, v.len().min(4), wave64) {
            Some(Ok(_)) => ok += 1,
            Some(Err(m)) => bad.push(m),
            None => {}
        }
    }
    (ok, bad)
}

/// WAVE<TAB>hex words<TAB>text lines of a vector file.
fn word_vectors(file: &str) -> Vec<(bool, Vec<u32>)> {
    let text = std::fs::read_to_string(dir().join(file)).expect("vector file");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let c: Vec<&str> = l.splitn(3, '\t').collect();
            let w = c[1..]
                .first()?
                .split_whitespace()
                .map(|h| u32::from_str_radix(h, 16).expect("hex word"))
                .collect();
            Some((c[0] == "64", w))
        })
        .collect()
}

#[test]
fn golden_vectors_encode_back() {
    for file in ["opcodes.txt", "random.txt"] {
        let v = word_vectors(file);
        let (ok, bad) = check_all(v.into_iter());
        assert!(
            bad.is_empty(),
            "{file}: {} differ:\n{}",
            bad.len(),
            bad.join("\n")
        );
        assert!(ok > 1000, "{file}: only {ok} words accepted");
    }
}

#[test]
fn assembler_vectors_encode_back() {
    // WAVE<TAB>text<TAB>llvm-mc-19 bytes (0x.., little-endian)
    let text = std::fs::read_to_string(dir().join("asm.txt")).expect("asm vectors");
    let items = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            let bytes: Vec<u8> = c
                .get(2)?
                .split(',')
                .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).expect("byte"))
                .collect();
            let w = bytes
                .chunks(4)
                .map(|q| u32::from_le_bytes([q[0], q[1], q[2], q[3]]))
                .collect();
            Some((c[0] == "64", w))
        });
    let (ok, bad) = check_all(items);
    assert!(bad.is_empty(), "{} differ:\n{}", bad.len(), bad.join("\n"));
    assert!(ok > 1000, "only {ok} accepted");
}

#[test]
fn code_object_dwords_encode_back() {
    // Every instruction line of the llvm-objdump-19 listings: `text // ADDR: HEX HEX ...`.
    let kd = dir().join("kernels");
    let (mut ok, mut files) = (0, 0);
    let mut bad = Vec::new();
    for e in std::fs::read_dir(&kd).expect("kernels dir").flatten() {
        let p = e.path();
        let name = p
            .file_name()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string();
        if !name.ends_with(".objdump.txt") {
            continue;
        }
        files += 1;
        let wave64 = name.contains("-w64-");
        let text = std::fs::read_to_string(&p).expect("listing");
        let items = text.lines().filter_map(|l| {
            let (_, enc) = l.rsplit_once("// ")?;
            let (_, hex) = enc.split_once(": ")?;
            let w: Vec<u32> = hex
                .split_whitespace()
                .map(|h| u32::from_str_radix(h, 16))
                .collect::<Result<_, _>>()
                .ok()?;
            (!w.is_empty()).then_some((wave64, w))
        });
        let (k, b) = check_all(items);
        ok += k;
        bad.extend(b.into_iter().map(|m| format!("{name}: {m}")));
    }
    assert!(bad.is_empty(), "{} differ:\n{}", bad.len(), bad.join("\n"));
    assert!(
        files >= 12 && ok > 1000,
        "{files} listings, {ok} instructions"
    );
}

use common::GFX11_PREFIX as PREFIX;

#[test]
fn random_words_of_every_encoding_encode_back() {
    let mut rng = Rng::new(0x0065_6e63_3131);
    let start = Instant::now();
    let mut accepted: BTreeMap<String, u32> = BTreeMap::new();
    let mut bad = Vec::new();
    while start.elapsed() < Duration::from_millis(1500) && bad.len() < 20 {
        for (v, m) in PREFIX {
            let mut w = [
                rng.next_u32(),
                rng.next_u32(),
                rng.next_u32(),
                rng.next_u32(),
            ];
            // Sparse words are accepted far more often (must-be-zero bits, small fields).
            if rng.below(2) == 0 {
                w[0] &= rng.next_u32() | rng.next_u32();
                w[1] &= rng.next_u32() | rng.next_u32();
            }
            w[0] = (w[0] & !m) | v;
            // The literal and DPP selectors, where the lengths change (SRC0 of VOP1/VOP2/VOPC,
            // VOP3's SRC0 in the second dword).
            if rng.below(3) == 0 {
                w[0] = (w[0] & !0x1ff) | [255, 250, 233, 234][rng.below(4) as usize];
            }
            if rng.below(3) == 0 {
                w[1] = (w[1] & !0x1ff) | [255, 250, 233, 234][rng.below(4) as usize];
            }
            for wave64 in [false, true] {
                match check(&w, 4, wave64) {
                    Some(Ok(class)) => *accepted.entry(class).or_default() += 1,
                    Some(Err(msg)) => bad.push(msg),
                    None => {}
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} words differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
    // Every encoding (and the DPP forms of VOP1/VOP2/VOPC/VOP3) was exercised.
    for class in [
        "SOP2None",
        "SOPKNone",
        "SOP1None",
        "SOPCNone",
        "SOPPNone",
        "SMEMNone",
        "VOP1None",
        "VOP2None",
        "VOPCNone",
        "VOP3None",
        "VOP3PNone",
        "VOPDNone",
        "VINTERPNone",
        "LDSDIRNone",
        "DSNone",
        "MUBUFNone",
        "MTBUFNone",
        "MIMGNone",
        "FLATNone",
        "EXPNone",
        "VOP1Dpp",
        "VOP1Dpp8",
        "VOP2Dpp",
        "VOP2Dpp8",
        "VOPCDpp",
        "VOP3Dpp",
        "VOP3Dpp8",
    ] {
        assert!(
            accepted.get(class).copied().unwrap_or(0) > 0,
            "no random {class} word accepted: {accepted:?}"
        );
    }
}
