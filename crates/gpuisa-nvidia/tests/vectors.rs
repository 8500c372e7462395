//! Golden vectors from nvdisasm (tests/vectors/sm_50*/*.txt, `0xWORD | TEXT`): every word must
//! print exactly as nvdisasm printed it, and the text must assemble back to the word (up to bits
//! nvdisasm does not show, which the vector file names per form).

use gpuisa_nvidia::decode::{inst_text, Decoded};
use gpuisa_nvidia::ldc::{is_ldc, Ldc};
use std::path::PathBuf;

fn vectors(sm_dir: &str, file: &str) -> Vec<(usize, u64, String)> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors")
        .join(sm_dir)
        .join(file);
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (w, t) = line
            .split_once(" | ")
            .unwrap_or_else(|| panic!("{file}:{}: bad line", i + 1));
        let w = u64::from_str_radix(w.trim_start_matches("0x"), 16).unwrap();
        out.push((i + 1, w, t.to_string()));
    }
    out
}

/// Assembles one instruction line through the real assembler (predicate included).
fn assemble_one(text: &str, sm: u8) -> Result<u64, String> {
    let a = gpuisa_nvidia::asm::assemble(&format!("{text} ;\n"), sm);
    if let Some(d) = a.diagnostics.first() {
        return Err(d.message.clone());
    }
    a.words.get(1).copied().ok_or_else(|| "no word".into())
}

#[test]
fn ldc_matches_nvdisasm_and_round_trips() {
    let v = vectors("sm_50", "ldc.txt");
    assert!(v.len() > 5000);
    let mut s = String::new();
    for (line, w, want) in &v {
        assert!(is_ldc(*w));
        s.clear();
        assert_eq!(inst_text(&mut s, *w, 50, 0, 8), Decoded::Known);
        assert_eq!(&s, want, "ldc.txt:{line}: 0x{w:016x}");
        // typed view keeps every bit
        assert_eq!(Ldc::from_word(*w).unwrap().to_word(), *w);
        // text -> word: equal except the reserved bits 41-43, 46-47 nvdisasm does not print
        let back = assemble_one(want, 50).unwrap_or_else(|e| panic!("ldc.txt:{line}: {want}: {e}"));
        let reserved = (7u64 << 41) | (3 << 46);
        assert_eq!(back, w & !reserved, "ldc.txt:{line}: {want}");
    }
}

/// Address of the k-th instruction in the vector generator's layout (bundles of 3 after a control word).
fn addr_of(k: usize) -> u64 {
    32 * (k as u64 / 3) + 8 * (k as u64 % 3 + 1)
}

/// Every distinct instruction word of the PTX corpus (tests/ptx, ptxas 11.8 and 12.9, sm_50/52/53).
#[test]
fn corpus_matches_nvdisasm() {
    let v = vectors("sm_53", "corpus.txt");
    assert!(v.len() > 700);
    let mut s = String::new();
    let (mut ok, mut unknown, mut wrong) = (0, Vec::new(), Vec::new());
    for (k, (line, w, want)) in v.iter().enumerate() {
        s.clear();
        let pc = addr_of(k);
        match inst_text(&mut s, *w, 53, 0, pc) {
            Decoded::Unknown => unknown.push(format!("corpus.txt:{line}: 0x{w:016x} {want}")),
            Decoded::Known if &s == want => ok += 1,
            Decoded::Known => wrong.push(format!(
                "corpus.txt:{line}: 0x{w:016x}\n   nvdisasm: {want}\n   gpuisa:   {s}"
            )),
        }
    }
    eprintln!(
        "corpus: {ok}/{} identical, {} unknown, {} wrong",
        v.len(),
        unknown.len(),
        wrong.len()
    );
    for u in unknown.iter().take(400) {
        eprintln!("UNKNOWN {u}");
    }
    // Never a wrong text: a word is either printed exactly as nvdisasm does or listed as unknown.
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(
        unknown.is_empty(),
        "{} corpus words not in the tables",
        unknown.len()
    );
    assert_eq!(ok, v.len());
}

/// Distinct instruction words of the corpus.
const COVERED: usize = 743;

#[test]
fn corpus_words_round_trip_through_the_assembler() {
    let v = vectors("sm_53", "corpus.txt");
    let mut s = String::new();
    let mut checked = 0;
    for (k, (line, w, want)) in v.iter().enumerate() {
        s.clear();
        if inst_text(&mut s, *w, 53, 0, addr_of(k)) != Decoded::Known {
            continue;
        }
        let mut d = Vec::new();
        let items = gpuisa_nvidia::asm::parse_source(&format!("{want} ;"), 53, &mut d);
        assert!(d.is_empty(), "corpus.txt:{line}: {want}: {:?}", d);
        // the assembler places the instruction at address 0x8; fix up pc-relative targets
        let mut s2 = String::new();
        inst_text(&mut s2, items[0].word, 53, 0, 8);
        assert_eq!(&s2, want, "corpus.txt:{line}");
        // the word itself is reproduced exactly except for pc-relative targets
        if !want.contains("BRA")
            && !want.contains("SSY")
            && !want.contains("PBK")
            && !want.contains("CAL")
        {
            assert_eq!(items[0].word, *w, "corpus.txt:{line}: {want}");
        }
        checked += 1;
    }
    assert!(checked >= COVERED);
}

/// Random words over the opcode space of every form (scripts/nv-vectors.py randforms): each word
/// nvdisasm prints is printed identically or left as `.word` (never a different text).
#[test]
fn random_form_words_are_never_wrong() {
    let v = vectors("sm_50", "random-forms.txt");
    assert!(v.len() >= 8000);
    let mut s = String::new();
    let (mut same, mut unknown, mut rejected) = (0, 0, 0);
    // nvdisasm listed the accepted words alone, in order: their addresses count only them (which
    // matters for pc-relative targets)
    let mut k = 0;
    for (line, w, want) in v.iter() {
        if want == "!invalid" {
            rejected += 1;
            continue;
        }
        s.clear();
        k += 1;
        match inst_text(&mut s, *w, 50, 0, addr_of(k - 1)) {
            Decoded::Unknown => unknown += 1,
            Decoded::Known => {
                assert_eq!(&s, want, "random-forms.txt:{line}: 0x{w:016x}");
                same += 1;
            }
        }
    }
    eprintln!("random forms: {same} identical, {unknown} unknown, {rejected} rejected by nvdisasm");
    assert!(same > 1200, "{same}");
}

/// Text -> word for one printed instruction at `pc`: the word must print the same text again and
/// equal the original in every bit except those nvdisasm ignores (the form's `x:` bits) and those
/// whose values share a spelling (an enum or name list with a repeated name, e.g. I2F's types;
/// a NaN immediate's payload).
fn round_trip(sm: u8, w: u64, text: &str, pc: u64, at: &str) -> Result<(), String> {
    use gpuisa_nvidia::table::{table, used_bits, Kind, Mod, GUARD_BITS};
    let (guard, body) = match text.strip_prefix('@') {
        Some(r) => {
            let (g, b) = r.split_once(' ').unwrap();
            let neg = g.starts_with('!');
            let p = g.trim_start_matches('!');
            let n = if p == "PT" {
                7
            } else {
                p[1..].parse::<u64>().unwrap()
            };
            ((n | (neg as u64) << 3) << 16, b)
        }
        None => (7 << 16, text),
    };
    let p = gpuisa_nvidia::syntax::parse(body, 0, sm, pc)
        .map_err(|e| format!("{at}: '{text}' does not parse: {}", e.message))?;
    let (_, form) = table().lookup(w, sm).unwrap();
    let back = if form.no_guard {
        p.word
    } else {
        (p.word & !GUARD_BITS) | guard
    };
    let mut s = String::new();
    inst_text(&mut s, back, sm, 0, pc);
    if s != text {
        return Err(format!(
            "{at}: '{text}' assembles to 0x{back:016x}, which prints '{s}'"
        ));
    }
    // bits that cannot come back from the text: ignored ones, and fields whose names repeat
    let guard_bits = if form.no_guard { 0 } else { GUARD_BITS };
    let mut loose = !(form.mask | used_bits(&form.mods, &form.ops) | guard_bits);
    let dup = |names: &[&str]| {
        let mut v: Vec<&str> = names.to_vec();
        v.sort();
        v.windows(2).any(|x| x[0] == x[1])
    };
    for m in &form.mods {
        if let Mod::Enum { pos, width, names } = m {
            if dup(names) {
                loose |= ((1u64 << width) - 1) << pos;
            }
        }
    }
    for o in &form.ops {
        if let Kind::Names { pos, width, names } = &o.kind {
            if dup(names) {
                loose |= ((1u64 << width) - 1) << pos;
            }
        }
    }
    // a NaN immediate prints `QNAN` whatever its payload: the text is all that comes back
    if back & !loose != w & !loose && !text.contains("NAN") {
        return Err(format!(
            "{at}: '{text}' assembles to 0x{back:016x}, not 0x{w:016x} (bits {:#x})",
            (back ^ w) & !loose
        ));
    }
    Ok(())
}

/// Random words over every opcode class nvdisasm 11.8 knows (tests/vectors/sm_XX/opclasses.txt,
/// from `scripts/nv-sweep.py classes`; vectors from `scripts/nv-sweep.py vectors`): each word
/// nvdisasm prints is printed identically or left as `.word`, never as a different text; each
/// word nvdisasm rejects is left as `.word` too. The identical share must not fall below what
/// the table reached when the vectors were made (a regression guard, not a goal).
#[test]
fn random_class_words_match_or_stay_unknown() {
    // random-classes.txt: words of the prefixes nvdisasm accepts; random-all.txt: of all 8192
    // prefixes (about a third rejected: those must stay .word)
    for (sm, file, floor) in [
        (50u8, "random-classes.txt", 0.999),
        (52, "random-classes.txt", 0.999),
        (53, "random-classes.txt", 0.999),
        (50, "random-all.txt", 0.998),
        (52, "random-all.txt", 0.999),
        (53, "random-all.txt", 0.999),
    ] {
        let dir = format!("sm_{sm}");
        let v = vectors(&dir, file);
        assert!(v.len() >= 3000);
        let mut s = String::new();
        let (mut same, mut unknown, mut rejected) = (0usize, 0usize, 0usize);
        let mut bad = Vec::new();
        // nvdisasm listed the accepted words alone, in order: their addresses count only them
        let mut k = 0;
        for (line, w, want) in &v {
            s.clear();
            if want == "!invalid" {
                rejected += 1;
                let d = inst_text(&mut s, *w, sm, 0, 8);
                assert!(
                    d == Decoded::Unknown,
                    "{dir}/{file}:{line}: nvdisasm rejects 0x{w:016x}, gpuisa prints '{s}'"
                );
                continue;
            }
            match inst_text(&mut s, *w, sm, 0, addr_of(k)) {
                Decoded::Unknown => unknown += 1,
                Decoded::Known => {
                    assert_eq!(&s, want, "{dir}/{file}:{line}: 0x{w:016x}");
                    same += 1;
                    if let Err(e) =
                        round_trip(sm, *w, want, addr_of(k), &format!("{dir}/{file}:{line}"))
                    {
                        bad.push(e);
                    }
                }
            }
            k += 1;
        }
        let share = same as f64 / (same + unknown) as f64;
        eprintln!(
            "sm_{sm} {file}: {same} identical, {unknown} unknown ({:.2}% identical), {rejected} rejected by nvdisasm and by gpuisa",
            100.0 * share
        );
        assert!(share >= floor, "sm_{sm}: {share}");
        assert!(
            bad.is_empty(),
            "{} identical texts do not assemble back:\n{}",
            bad.len(),
            bad[..bad.len().min(40)].join("\n")
        );
    }
}
