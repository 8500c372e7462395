//! The gfx11 decoder's entry points against each other and against llvm's committed text: the
//! listings' `inst::list` (and its reused `inst::Lister`), `decode::decode` (length and class),
//! `print(decode_typed(w))` and `decode_typed_text` give the same acceptance, length and text for
//! every gfx11 golden vector in both wave sizes (and, in the vector's own wave size, llvm-mc-19's
//! text from tests/vectors/gfx11, known differences aside), every dword offset of the gfx11
//! code-object vectors, and time-budgeted random words of every gfx11 encoding in wave32 and
//! wave64 with 1 to 4 dwords available (scripts/rdna3-diff.sh holds those against llvm-mc-19
//! live). Two documented exceptions: the zero word (`v_illegal`, which has no operation:
//! `decode_typed` refuses it, `list` prints it), and a VOP1/VOP2 16-bit destination with bit 7
//! set, which llvm-mc-19 (fake16) refuses and `decode_typed` takes as the true16 high half
//! (`vN.h`: checked against the listing's text of the word with the bit clear, `.h` added to the
//! destination).

mod common;

use gpuisa_amdgpu::rdna3::decode::decode;
use gpuisa_amdgpu::rdna3::inst::{decode_typed, decode_typed_text, list, Lister};
use gpuisa_amdgpu::rdna3::print::{class, print};
use gpuisa_core::rng::Rng;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/gfx11")
}

/// Checks one word sequence (against llvm's text `llvm` when given); returns whether the
/// listing accepted it.
fn check(w: &[u32; 4], n: usize, wave64: bool, llvm: Option<&str>, bad: &mut Vec<String>) -> bool {
    let wn = 32 << wave64 as u8;
    let mut want = String::new();
    let text = decode(w, n, wave64, &mut want);
    // the listing (a fresh lister, and one reused after another instruction): the same words,
    // text and lengths
    let mut got = String::new();
    let listed = list(w, n, wave64, &mut got);
    let mut lister = Lister::default();
    let mut scratch = String::new();
    let _ = lister.list(&[0xD7006A02, 0x00020024, 0, 0], 2, wave64, &mut scratch);
    let _ = lister.list(&[0xCA100100, 0x1F000080, 0, 0], 2, wave64, &mut scratch);
    let mut again = String::new();
    let relisted = lister.list(w, n, wave64, &mut again);
    if relisted != listed || again != got {
        bad.push(format!(
            "w{wn} {w:08x?} n={n}: reused lister `{again}` {relisted:?}, list `{got}` {listed:?}"
        ));
    }
    match (&text, &listed) {
        (Ok(d), Ok(len)) if d.len as usize == *len && got == want => {}
        (Err(()), Err(())) => {}
        _ => bad.push(format!(
            "w{wn} {w:08x?} n={n}\n  decoder: {want} {text:?}\n  listing: {got} {listed:?}"
        )),
    }
    if let Some(l) = llvm {
        let ours = if listed.is_ok() {
            got.as_str()
        } else {
            "<invalid>"
        };
        if ours != l {
            bad.push(format!("w{wn} {w:08x?} n={n}\n  llvm: {l}\n  ours: {ours}"));
        }
    }
    // the typed instruction and the printer alone
    let typed = decode_typed(w, n, wave64);
    let mut p = String::new();
    if let Ok(d) = &typed {
        print(d, &mut p);
    }
    // the walker's text kept on the way (`--json`): the printer's, and the same acceptance
    let mut tt = String::new();
    let with_text = decode_typed_text(w, n, wave64, &mut tt);
    if with_text.is_ok() != typed.is_ok() || tt != p {
        bad.push(format!(
            "w{wn} {w:08x?} n={n}: decode_typed_text `{tt}`, print `{p}`"
        ));
    }
    match (&text, &typed) {
        (Ok(t), Ok(d)) => {
            if p != want || t.class != class(d) {
                bad.push(format!(
                    "w{wn} {w:08x?} n={n}\n  decoder: {want} {}\n  printer: {p} {}",
                    t.class,
                    class(d)
                ));
            }
        }
        (Ok(_), Err(_)) if w[0] == 0 => {}
        (Err(()), Err(_)) => {}
        (Err(()), Ok(_)) => {
            // only the true16 high destination: the word with the bit clear, and `.h`
            let mut w2 = *w;
            w2[0] &= !(1 << 24);
            let mut t = String::new();
            let vop12 = w[0] >> 31 == 0 && w[0] >> 25 != 0x3e && w[0] >> 24 & 1 != 0;
            if vop12 && list(&w2, n, wave64, &mut t).is_ok() {
                let sp = t.find(' ').map_or(t.len(), |i| i + 1);
                let end = t[sp..].find(',').map_or(t.len(), |e| sp + e);
                t.insert_str(end, ".h");
            }
            if t != p || t.is_empty() {
                bad.push(format!(
                    "w{wn} {w:08x?} n={n}: decoder refuses, printer: {p} (bit clear: {t})"
                ));
            }
        }
        (Ok(_), Err(_)) => bad.push(format!(
            "w{wn} {w:08x?} n={n}: decode_typed refuses `{want}`"
        )),
    }
    text.is_ok()
}

/// The vectors llvm's text is known to differ on (tests/vectors/gfx11/known-diffs.txt).
fn known() -> std::collections::HashSet<(u32, String)> {
    let t = std::fs::read_to_string(dir().join("known-diffs.txt")).unwrap_or_default();
    t.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            Some((c.first()?.parse().ok()?, c.get(1)?.to_string()))
        })
        .collect()
}

fn words(hex: &str) -> ([u32; 4], usize) {
    let mut w = [0u32; 4];
    let mut n = 0;
    for (i, h) in hex.split_whitespace().take(4).enumerate() {
        w[i] = u32::from_str_radix(h, 16).expect("hex word");
        n = i + 1;
    }
    (w, n)
}

fn report(what: &str, total: usize, bad: &[String]) {
    assert!(
        bad.is_empty(),
        "{what}: {} of {total} differ:\n{}",
        bad.len(),
        bad.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn printer_matches_llvm_on_golden_vectors() {
    let known = known();
    let mut bad = Vec::new();
    let mut total = 0;
    for file in ["opcodes.txt", "random.txt"] {
        let text = std::fs::read_to_string(dir().join(file)).expect("vector file");
        for l in text.lines().filter(|l| !l.starts_with('#')) {
            let c: Vec<&str> = l.splitn(3, '\t').collect();
            if c.len() < 3 {
                continue;
            }
            let (w, n) = words(c[1]);
            // both wave sizes, whatever the vector's; llvm's text in the vector's own
            let wave: u32 = c[0].parse().expect("wave");
            for wave64 in [false, true] {
                let own = (wave == 64) == wave64 && !known.contains(&(wave, c[1].to_string()));
                check(&w, n, wave64, own.then_some(c[2]), &mut bad);
                total += 1;
            }
        }
    }
    assert!(total > 20000, "only {total} vectors");
    report("golden vectors", total, &bad);
}

#[test]
fn entry_points_agree_on_code_objects() {
    let kd = dir().join("kernels");
    let (mut bad, mut total, mut objects) = (Vec::new(), 0, 0);
    for e in std::fs::read_dir(&kd).expect("kernels dir").flatten() {
        let p = e.path();
        if !p.to_string_lossy().ends_with(".o.hex") {
            continue;
        }
        let obj = common::unhex(&std::fs::read_to_string(&p).expect("hex"));
        objects += 1;
        // every dword offset of the whole file: the code and everything else
        for pos in (0..obj.len().saturating_sub(3)).step_by(4) {
            let w = gpuisa_amdgpu::rdna3::decode::words_at(&obj, pos);
            let n = gpuisa_amdgpu::rdna3::decode::avail(&obj, pos);
            for wave64 in [false, true] {
                check(&w, n, wave64, None, &mut bad);
                total += 1;
            }
        }
    }
    assert!(objects >= 12, "only {objects} code objects");
    report("code objects", total, &bad);
}

use common::GFX11_PREFIX as PREFIX;

#[test]
fn entry_points_agree_on_random_words() {
    let mut rng = Rng::new(0x7072_696e);
    let start = Instant::now();
    // RDNA3_PRINT_MS: a longer budget (the default keeps `cargo test` fast)
    let ms = std::env::var("RDNA3_PRINT_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1500);
    let (mut n, mut valid, mut bad) = (0u64, [0u64; 20], Vec::new());
    while start.elapsed() < Duration::from_millis(ms) && bad.len() < 40 {
        let k = rng.below(PREFIX.len() as u64) as usize;
        let (v, m) = PREFIX[k];
        let mut w = [
            rng.next_u32(),
            rng.next_u32(),
            rng.next_u32(),
            rng.next_u32(),
        ];
        w[0] = (w[0] & !m) | v;
        // sparse words pass the accepted-bit checks more often
        if rng.below(2) == 0 {
            w[0] &= v | rng.next_u32() | rng.next_u32() << 1;
            w[1] &= rng.next_u32() & rng.next_u32();
        }
        // literal and DPP selectors are where the lengths change
        if rng.below(3) == 0 {
            w[0] = (w[0] & !0x1ff) | [255, 250, 233, 234][rng.below(4) as usize];
        }
        if rng.below(3) == 0 {
            w[1] = (w[1] & !0x1ff) | [255, 250, 233, 234][rng.below(4) as usize];
        }
        for wave64 in [false, true] {
            for avail in 1..=4 {
                if check(&w, avail, wave64, None, &mut bad) {
                    valid[k] += 1;
                }
            }
        }
        n += 1;
    }
    eprintln!("random words: {n}, accepted (x 2 wave sizes x 4 lengths) per prefix {valid:?}");
    report("random words", n as usize, &bad);
    assert!(n > 5_000, "only {n} words in the time budget");
    // every encoding was exercised with accepted words
    for (k, c) in valid.iter().enumerate() {
        assert!(*c > 0, "no accepted word with prefix {:08x}", PREFIX[k].0);
    }
}
