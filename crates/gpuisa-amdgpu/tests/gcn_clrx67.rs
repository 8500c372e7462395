//! CLRX's GCN 1.0/1.1 disassembler vectors (tests/vectors/clrx/dis-GCN1.0|1.1.tsv, imported by
//! scripts/gcn-clrx-dis67.sh). llvm-mc-19 cannot disassemble gfx6/gfx7, so its assembler is the
//! oracle: the .tsv records, for every word list, CLRX's text, gpuisa's text and what
//! `llvm-mc-19 -mcpu=gfx600|gfx700 --show-encoding` made of gpuisa's text. Every case must
//! (a) decode to the recorded text and re-assemble (per the record) to the same words or to words
//! gpuisa prints identically, and (b) equal CLRX's text after `norm` (the documented dialect
//! normalisation, docs/gcn.md "GCN 1.0/1.1 (gfx6/gfx7) checks"), or be listed with a reason class
//! in known-dis-diff67.txt.

use gpuisa_amdgpu::gcn::{decode, Gen};
use std::collections::HashMap;
use std::path::PathBuf;

fn read(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/clrx");
    std::fs::read_to_string(p.join(name)).unwrap_or_default()
}

fn words(s: &str) -> Vec<u32> {
    s.split(' ')
        .filter_map(|w| u32::from_str_radix(w, 16).ok())
        .collect()
}

fn dis(gen: Gen, ws: &[u32]) -> String {
    let mut w = [0u32; 3];
    for (i, x) in ws.iter().take(3).enumerate() {
        w[i] = *x;
    }
    let mut out = String::new();
    match decode::decode_n(gen, &w, ws.len().min(3), &mut out) {
        Ok(_) => out,
        Err(()) => "<invalid>".into(),
    }
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Rewrites every identifier (`[a-z0-9_]+` not starting a number) with `f`.
fn map_idents(s: &str, f: impl Fn(&str) -> String) -> String {
    let (mut out, cs): (String, Vec<char>) = (String::new(), s.chars().collect());
    let mut i = 0;
    while i < cs.len() {
        if is_word(cs[i]) && (i == 0 || !is_word(cs[i - 1])) {
            let j = (i..cs.len()).find(|&j| !is_word(cs[j])).unwrap_or(cs.len());
            let w: String = cs[i..j].iter().collect();
            out.push_str(&f(&w));
            i = j;
        } else {
            out.push(cs[i]);
            i += 1;
        }
    }
    out
}

/// Replaces `name(X)` (no nested parentheses) by `f(X)`.
fn map_call(s: &str, name: &str, f: impl Fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(p) = rest.find(name) {
        let before_ok = rest[..p].chars().last().is_none_or(|c| !is_word(c));
        let after = &rest[p + name.len()..];
        if let (true, Some(e)) = (before_ok, after.find(')')) {
            out.push_str(&rest[..p]);
            out.push_str(&f(&after[..e]));
            rest = &after[e + 1..];
        } else {
            out.push_str(&rest[..p + name.len()]);
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Integers (hex or decimal) to decimal, floats to their f32 bits, where the number stands alone
/// (not inside a register range, a name or after `:`).
fn numbers(s: &str) -> String {
    let cs: Vec<char> = s.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < cs.len() {
        let prev_ok = i == 0 || !(is_word(cs[i - 1]) || matches!(cs[i - 1], '.' | '[' | ':'));
        let neg = cs[i] == '-';
        let d = i + neg as usize;
        if prev_ok && d < cs.len() && cs[d].is_ascii_digit() {
            let mut j = d;
            let mut float = false;
            let hex = cs[d] == '0' && cs.get(d + 1) == Some(&'x');
            if hex {
                j = d + 2;
                while j < cs.len() && cs[j].is_ascii_hexdigit() {
                    j += 1;
                }
            } else {
                while j < cs.len() && cs[j].is_ascii_digit() {
                    j += 1;
                }
                if cs.get(j) == Some(&'.') && cs.get(j + 1).is_some_and(|c| c.is_ascii_digit()) {
                    float = true;
                    j += 1;
                    while j < cs.len() && cs[j].is_ascii_digit() {
                        j += 1;
                    }
                    if cs.get(j) == Some(&'e') {
                        let mut k = j + 1;
                        if matches!(cs.get(k), Some('-' | '+')) {
                            k += 1;
                        }
                        if cs.get(k).is_some_and(|c| c.is_ascii_digit()) {
                            j = k;
                            while j < cs.len() && cs[j].is_ascii_digit() {
                                j += 1;
                            }
                        }
                    }
                }
            }
            let next_ok = j >= cs.len() || !(is_word(cs[j]) || matches!(cs[j], ']' | ':'));
            if next_ok {
                let text: String = cs[d..j].iter().collect();
                let v: i128 = if float {
                    let f: f32 = text.parse().unwrap_or(0.0);
                    (if neg { -f } else { f }).to_bits() as i128
                } else {
                    let m = if hex {
                        i128::from_str_radix(&text[2..], 16).unwrap_or(0)
                    } else {
                        text.parse().unwrap_or(0)
                    };
                    if neg {
                        -m
                    } else {
                        m
                    }
                };
                out.push_str(&v.to_string());
                i = j;
                continue;
            }
        }
        out.push(cs[i]);
        i += 1;
    }
    out
}

/// The normalisation of CLRX's and LLVM's dialects (same as norm() in scripts/gcn-clrx-dis67.sh).
fn norm(t: &str) -> String {
    let mut t = t.replace("\\n", " ; ");
    while let Some(a) = t.find("/*") {
        match t[a..].find("*/") {
            Some(b) => t.replace_range(a..a + b + 2, ""),
            None => break,
        }
    }
    let t = t
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if t.is_empty() {
        return t;
    }
    let (mn, rest) = t.split_once(' ').unwrap_or((&t, ""));
    let mut mn = mn.to_string();
    for s in ["_e32", "_e64"] {
        if let Some(m) = mn.strip_suffix(s) {
            mn = m.to_string();
        }
    }
    for (pre, from, to) in [
        ("v_cmp", "_tru_", "_t_"),
        ("v_cmps", "_tru_", "_t_"),
        ("v_cmpx", "_tru_", "_t_"),
        ("v_cmpsx", "_tru_", "_t_"),
        ("v_cmp", "_lg_", "_ne_"),
        ("v_cmpx", "_lg_", "_ne_"),
    ] {
        if let Some(ty) = mn.strip_prefix(&format!("{pre}{from}")) {
            if ["i32", "i64", "u32", "u64"].contains(&ty) {
                mn = format!("{pre}{to}{ty}");
            }
        }
    }
    let mut rest = rest
        .split(' ')
        .filter(|x| !x.is_empty() && *x != "vop3" && *x != "&")
        .collect::<Vec<_>>()
        .join(" ");
    rest = map_call(&rest, "lit(", |x| x.to_string());
    rest = map_call(&rest, "-abs(", |x| format!("-|{x}|"));
    rest = map_call(&rest, "abs(", |x| format!("|{x}|"));
    rest = map_idents(&rest, |w| {
        let w = ["hw_reg_", "msg_", "gs_op_", "sysmsg_op_"]
            .iter()
            .find_map(|p| w.strip_prefix(p))
            .unwrap_or(w);
        match w {
            "execz" | "vccz" | "scc" | "lds_direct" => format!("src_{w}"),
            _ => w.to_string(),
        }
    });
    if mn == "exp" {
        if let Some((first, tail)) = rest.split_once(' ') {
            let first = first.strip_suffix(',').unwrap_or(first);
            let first = match first.strip_prefix("ill_") {
                Some(n) => format!("invalid_target_{n}"),
                None => first.to_string(),
            };
            rest = format!("{first} {tail}");
        }
    }
    if mn.starts_with("s_sendmsg") {
        rest = rest.replace("emit-cut", "emit_cut");
    }
    // Branch labels: CLRX's .L<byte address>_0 is LLVM's simm16 = address / 4 - 1.
    rest = rest
        .split(' ')
        .map(|tok| {
            let lab = tok
                .strip_prefix(".l")
                .and_then(|x| x.strip_suffix("_0"))
                .and_then(|x| x.parse::<i64>().ok());
            match lab {
                Some(a) => ((a / 4 - 1) & 0xffff).to_string(),
                None => tok.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    rest = numbers(&rest);
    rest = rest
        .split(' ')
        .map(|tok| {
            for k in ["dmask:", "offset:", "offset0:", "offset1:"] {
                if let Some(v) = tok.strip_prefix(k) {
                    let n = match v.strip_prefix("0x") {
                        Some(h) => i64::from_str_radix(h, 16).ok(),
                        None => v.parse().ok(),
                    };
                    if let Some(n) = n {
                        return format!("{k}{n}");
                    }
                }
            }
            tok.to_string()
        })
        .collect::<Vec<_>>()
        .join(" ");
    // Modifiers after the last operand in one order.
    let mut ops: Vec<String> = rest.split(", ").map(str::to_string).collect();
    if let Some(last) = ops.last_mut() {
        let mut toks: Vec<&str> = last.split(' ').collect();
        if toks.len() > 1 {
            toks[1..].sort();
        }
        *last = toks.join(" ");
    }
    let has = |m: &str| ops.iter().any(|o| o.split(' ').any(|x| x == m));
    if (mn.starts_with("buffer_") || mn.starts_with("tbuffer_"))
        && ops.len() >= 2
        && !has("offen")
        && !has("idxen")
        && !has("addr64")
    {
        ops[1] = "off".into();
    }
    let rest = ops.join(", ").replace(" ,", ",");
    format!("{mn} {rest}").trim().to_string()
}

#[test]
fn normalisation_examples() {
    for (clrx, llvm) in [
        (
            "v_cvt_flr_i32_f32 v158, 0x40000000 /* 2f */",
            "v_cvt_flr_i32_f32_e32 v158, 2.0",
        ),
        (
            "v_cmp_f_f32     s[42:43], abs(v50), -abs(v107)",
            "v_cmp_f_f32_e64 s[42:43], |v50|, -|v107|",
        ),
        (
            "v_cmpx_tru_i32 vcc, v79, v201",
            "v_cmpx_t_i32_e32 vcc, v79, v201",
        ),
        (
            "v_cmp_lg_u32 vcc, v79, v201",
            "v_cmp_ne_u32_e32 vcc, v79, v201",
        ),
        ("v_exp_f32 v55, v27 vop3", "v_exp_f32_e64 v55, v27"),
        ("s_add_u32 s21, s4, lit(-16)", "s_add_u32 s21, s4, -16"),
        ("s_add_u32 s21, s4, execz", "s_add_u32 s21, s4, src_execz"),
        ("s_nop 0x6", "s_nop 6"),
        ("s_cbranch_execz .L168_0", "s_cbranch_execz 41"),
        (
            "s_getreg_b32 s43, hwreg(trapsts, 3, 1)",
            "s_getreg_b32 s43, hwreg(HW_REG_TRAPSTS, 3, 1)",
        ),
        (
            "s_sendmsg sendmsg(gs_done, nop)",
            "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)",
        ),
        (
            "s_waitcnt vmcnt(6) & expcnt(3) & lgkmcnt(13)",
            "s_waitcnt vmcnt(6) expcnt(3) lgkmcnt(13)",
        ),
        (
            "exp param5, v116, v93, v27, v124 vm",
            "exp param5 v116, v93, v27, v124 vm",
        ),
        (
            "buffer_load_dword v61, v18, s[80:83], s35 offen idxen offset:603",
            "buffer_load_dword v61, v18, s[80:83], s35 idxen offen offset:603",
        ),
        (
            "buffer_load_format_x v61, v18, s[80:83], s35 offset:603",
            "buffer_load_format_x v61, off, s[80:83], s35 offset:603",
        ),
        (
            "image_sample v[1:3], v2, s[0:7], s[8:11] dmask:11 unorm",
            "image_sample v[1:3], v2, s[0:7], s[8:11] dmask:0xb unorm",
        ),
    ] {
        assert_eq!(norm(clrx), norm(llvm), "{clrx:?} vs {llvm:?}");
    }
    // Real differences stay differences.
    for (a, b) in [
        (
            "s_and_b64 s[21:22], s[4:5], s[61:62]",
            "s_and_b64 s[20:21], s[4:5], s[60:61]",
        ),
        ("v_add_f32 v1, v2, v3", "v_add_f32 v1, v2, v4"),
        ("v_add_f32 v1, 0.5, v3", "v_add_f32 v1, 0.5, v3 clamp"),
        ("s_mov_b32 s1, 0x10", "s_mov_b32 s1, 15"),
    ] {
        assert_ne!(norm(a), norm(b), "{a:?} vs {b:?}");
    }
}

#[test]
fn clrx_gcn10_gcn11_vectors() {
    let known: HashMap<String, String> = read("known-dis-diff67.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| l.split_once('\t'))
        .map(|(k, c)| (k.to_string(), c.to_string()))
        .collect();
    let classes: Vec<String> = read("known-dis-diff67.txt")
        .lines()
        .filter_map(|l| l.strip_prefix("#   "))
        .filter_map(|l| l.split(':').next())
        .map(str::to_string)
        .collect();
    for c in known.values() {
        assert!(
            classes.contains(c),
            "class {c} has no reason in known-dis-diff67.txt"
        );
    }
    let mut bad = Vec::new();
    for (set, gen) in [("GCN1.0", Gen::Gfx6), ("GCN1.1", Gen::Gfx7)] {
        let (mut n, mut asm_ok, mut equal, mut listed_ok) = (0, 0, 0, 0);
        let mut by_class: HashMap<&str, usize> = HashMap::new();
        for line in read(&format!("dis-{set}.tsv"))
            .lines()
            .filter(|l| !l.starts_with('#'))
        {
            let c: Vec<&str> = line.split('\t').collect();
            assert_eq!(c.len(), 5, "{line}");
            n += 1;
            let ws = words(c[0]);
            let ours = dis(gen, &ws);
            // (a) the recorded text, and llvm-mc-19's verdict on it.
            if ours != c[2] {
                bad.push(format!(
                    "{set} {}: decodes to {ours:?}, recorded {:?}",
                    c[0], c[2]
                ));
                continue;
            }
            let a = c[3] == "same"
                || c[3]
                    .strip_prefix("bytes ")
                    .is_some_and(|b| ours != "<invalid>" && dis(gen, &words(b)) == ours);
            // (b) CLRX's text after the normalisation.
            let b = norm(c[1]) == norm(&ours);
            asm_ok += a as usize;
            equal += (a && b) as usize;
            let key = format!("{set} {}", c[0]);
            match known.get(&key) {
                Some(cl) => {
                    *by_class.entry(cl.as_str()).or_default() += 1;
                    listed_ok += (a && b) as usize;
                }
                None if a && b => {}
                None => bad.push(format!(
                    "{key}: llvm-mc ok {a}, normalised equal {b}\n  CLRX:   {}\n  gpuisa: {}\n  llvm-mc on gpuisa's text: {}",
                    norm(c[1]),
                    norm(&ours),
                    c[3]
                )),
            }
        }
        let mut cl: Vec<_> = by_class.into_iter().collect();
        cl.sort();
        eprintln!(
            "{set}: {n} word lists; {asm_ok} re-assemble (llvm-mc-19) to the same or equivalent words; {equal} also equal CLRX's text after normalisation; listed in known-dis-diff67.txt: {cl:?} ({listed_ok} of them now pass)"
        );
        assert!(n > 100);
    }
    assert!(
        bad.is_empty(),
        "{} unexpected:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
