//! A whole source text: lines, labels and symbols, branches to labels patched once every
//! instruction is placed, the `--show-encoding` listing (split from asm.rs, which assembles one
//! instruction).

use super::*;

/// Appends `w`'s words, little-endian.
fn push_words(bytes: &mut Vec<u8>, w: &Words) {
    for x in w.iter() {
        bytes.extend_from_slice(&x.to_le_bytes());
    }
}

/// Assembles a whole source text (labels, symbols; `.text` and other directives ignored, except
/// that labels defined in another section cannot be branch targets).
pub fn assemble(gen: Gen, req: &AsmRequest<'_>) -> AsmOutput {
    let src = req.source;
    let mut out = AsmOutput::default();
    // Without a listing the words go straight to `out.bytes` (whose offset is the pc) and
    // `insts` keeps only the branches to labels, patched in place below; a list of every
    // instruction (80 bytes each) cost more in page faults than the assembling itself.
    let direct = !req.options.show_encoding;
    let mut insts: Vec<(usize, usize, Encoded)> = Vec::new();
    let mut labels: HashMap<String, usize> = HashMap::new();
    // Labels defined outside `.text` (after `.rodata`, `.data`, `.section ...`).
    let mut other_section: Vec<String> = Vec::new();
    let mut in_text = true;
    let mut label_order: Vec<String> = Vec::new();
    let mut pc = 0usize;
    let mut off = 0usize;
    // Symbols: a first pass gives every symbol a value, so later uses and forward references
    // (`s_nop x` before `x = 3`) resolve; the main pass then updates them in source order.
    // (Without a `=`, only `.set` and `.equ` assign: most sources have neither, and no line is
    // looked at.)
    let may_assign = src.as_bytes().contains(&b'=')
        || src
            .split('.')
            .skip(1)
            .any(|r| r.starts_with("set") || r.starts_with("equ"));
    let assigns: Vec<(String, String)> = if !may_assign {
        Vec::new()
    } else {
        src.lines()
            .filter_map(|l| {
                // (An instruction line, without `=` and not a directive, is not one.)
                if !l.bytes().any(|b| b == b'=') && !l.trim_start().starts_with('.') {
                    return None;
                }
                expr::assignment(strip_comment(l)).map(|(n, r)| (n.to_string(), r.to_string()))
            })
            .collect()
    };
    let mut all = Syms::new();
    for _ in 0..assigns.len().min(64) {
        let mut changed = false;
        for (n, r) in &assigns {
            if let Some(v) = expr::value(gen, r, &all) {
                if all.get(n) != Some(&v) {
                    all.insert(n.clone(), v);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    // The main pass sees the symbols defined so far; the others are forward references.
    let mut syms: Syms = all.into_iter().map(|(k, v)| (expr::fwd(&k), v)).collect();
    let mut ops = Parsed::default();
    let mut seen: HashMap<&str, (Words, Enc), gpuisa_core::hash::FastHash> = HashMap::default();
    // Lines looked up in `seen` and found; when fewer than one in sixteen is (a file whose lines
    // do not repeat; checked every 4096), `seen` is no longer used: only time changes.
    let (mut tries, mut hits, mut use_seen) = (0u64, 0u64, true);
    while off < src.len() {
        let line = cut_line(src, off);
        let mut b = line.body;
        let mut boff = off;
        // Labels `name:` at the start of a line (`colon`: the first `:` in `b`).
        let mut colon = line.colon;
        loop {
            let t = trim_start_blank(b);
            let lead = b.len() - t.len();
            // (The blanks trimmed hold no `:`.)
            if let Some(i) = colon.and_then(|c| c.checked_sub(lead)) {
                let name = &t[..i];
                if !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$')
                    && !name.contains(' ')
                {
                    labels.insert(name.to_string(), pc);
                    if !in_text {
                        other_section.push(name.to_string());
                    }
                    label_order.push(name.to_string());
                    b = &t[i + 1..];
                    boff += lead + i + 1;
                    colon = b.bytes().position(|b| b == b':');
                    continue;
                }
            }
            break;
        }
        let t = trim_end_blank(trim_start_blank(b));
        if let Some(d) = t.strip_prefix('.') {
            let d = d.split_whitespace().next().unwrap_or("");
            match d {
                "text" => in_text = true,
                "data" | "rodata" | "bss" | "section" => in_text = false,
                _ => {}
            }
        }
        // (A label holds no `=`: `has_eq` tells about `t` too.)
        let assign = if line.has_eq || t.starts_with('.') {
            expr::assignment(t)
        } else {
            None
        };
        if let Some((name, rhs)) = assign {
            match expr::value(gen, rhs, &syms) {
                Some(v) => {
                    syms.remove(&expr::fwd(name));
                    syms.insert(name.to_string(), v);
                }
                None => out.diagnostics.push(Diagnostic::error(
                    Span::new(boff, boff + b.len()),
                    format!("cannot evaluate the value of '{name}'"),
                )),
            }
        } else if !t.is_empty() && !t.starts_with('.') {
            // Without symbols an instruction's words depend on its text alone: one written
            // the same way before is not encoded again (branches, whose label is resolved
            // below, are).
            if syms.is_empty() && use_seen {
                tries += 1;
                if tries.is_multiple_of(4096) && hits < tries / 16 {
                    use_seen = false;
                    seen = HashMap::default();
                }
                if let Some(&(words, enc)) = seen.get(t) {
                    hits += 1;
                    if direct {
                        push_words(&mut out.bytes, &words);
                    } else {
                        insts.push((
                            boff,
                            pc,
                            Encoded {
                                words,
                                enc,
                                label: None,
                            },
                        ));
                    }
                    pc += words.len() * 4;
                    off = line.next;
                    continue;
                }
            }
            match assemble_inst_in(gen, b, boff, &syms, &mut ops) {
                Ok(x) => {
                    if syms.is_empty() && x.label.is_none() && use_seen {
                        seen.insert(t, (x.words, x.enc));
                    }
                    let n = x.words.len() * 4;
                    if direct {
                        push_words(&mut out.bytes, &x.words);
                        if x.label.is_some() {
                            insts.push((boff, pc, x));
                        }
                    } else {
                        insts.push((boff, pc, x));
                    }
                    pc += n;
                }
                Err(e) => out.diagnostics.push(Diagnostic::error(e.span, e.message)),
            }
        }
        off = line.next;
    }
    let mut listing = String::new();
    if req.options.show_encoding {
        // About one 80-column line per instruction.
        listing.reserve(8 + 96 * insts.len());
        listing.push_str("\t.text\n");
    }
    if !direct {
        out.bytes
            .reserve(insts.iter().map(|(_, _, x)| 4 * x.words.len()).sum());
    }
    // (for the listing only)
    let mut label_at: Vec<(String, usize)> = Vec::new();
    if req.options.show_encoding {
        label_at = labels.iter().map(|(k, v)| (k.clone(), *v)).collect();
        label_at.sort_by_key(|(k, v)| (*v, label_order.iter().position(|x| x == k)));
    }
    // The labels not listed yet (`label_at` and `insts` are both in address order).
    let mut next_label = 0;
    let mut canon = String::new();
    let mut shown = String::new();
    for (boff, pc, x) in insts.iter_mut() {
        if let Some((l, span)) = &x.label {
            // `label`, or `label+bytes` / `label-bytes`.
            let target = labels.get(l).map(|&t| t as i64).or_else(|| {
                let i = l.rfind(['+', '-'])?;
                let base = *labels.get(l[..i].trim())? as i64;
                let d = expr::eval(&l[i + 1..], &syms)?;
                Some(if l.as_bytes()[i] == b'+' {
                    base + d
                } else {
                    base - d
                })
            });
            let base_name = l.split(['+', '-']).next().unwrap_or("").trim();
            match target {
                Some(_) if other_section.iter().any(|x| x == base_name) => {
                    out.diagnostics.push(Diagnostic::error(
                        *span,
                        format!("'{base_name}' is not in .text: not a branch target"),
                    ));
                }
                Some(target) if (target - *pc as i64) % 4 != 0 => {
                    out.diagnostics.push(Diagnostic::error(
                        *span,
                        format!("branch target '{l}' is not a multiple of 4 bytes away"),
                    ));
                }
                Some(target) => {
                    let d = (target - (*pc as i64 + 4)) / 4;
                    if !(-32768..=32767).contains(&d) {
                        out.diagnostics.push(Diagnostic::error(
                            *span,
                            format!("branch to '{l}' is out of range"),
                        ));
                    }
                    x.words[0] = (x.words[0] & 0xffff_0000) | (d as u32 & 0xffff);
                }
                None => out
                    .diagnostics
                    .push(Diagnostic::error(*span, format!("unknown label '{l}'"))),
            }
        }
        if direct {
            // The branch's words, written at its pc in the first pass, now with the offset.
            for (k, w) in x.words.iter().enumerate() {
                if let Some(b) = out.bytes.get_mut(*pc + 4 * k..*pc + 4 * k + 4) {
                    b.copy_from_slice(&w.to_le_bytes());
                }
            }
            continue;
        }
        let bytes_at = out.bytes.len();
        push_words(&mut out.bytes, &x.words);
        if req.options.show_encoding {
            // Labels at addresses before this instruction's (inside the previous one) are not
            // listed, as before.
            while next_label < label_at.len() && label_at[next_label].1 < *pc {
                next_label += 1;
            }
            while next_label < label_at.len() && label_at[next_label].1 == *pc {
                listing.push_str(&label_at[next_label].0);
                listing.push_str(":\n");
                next_label += 1;
            }
            let bytes = &out.bytes[bytes_at..];
            // Print what llvm-mc prints: the canonical text of the encoded instruction.
            canon.clear();
            let (ws, n) = x.words.padded();
            let ok = super::super::decode::decode_n(gen, ws, n, &mut canon).is_ok();
            if let Some((l, _)) = &x.label {
                // Like llvm-mc, a branch to a label shows the label and a fixup for its offset.
                let mn = canon.split(' ').next().unwrap_or("");
                let t = format!("{mn} {l}");
                listing.push('\t');
                listing.push_str(&t);
                for _ in t.chars().count()..39 {
                    listing.push(' ');
                }
                listing.push_str(&format!(
                    " ; encoding: [A,A,0x{:02x},0x{:02x}]\n",
                    bytes[2], bytes[3]
                ));
                listing.push_str(&format!("                                        ;   fixup A - offset: 0, value: {l}, kind: fixup_si_sopp_br\n"));
                continue;
            }
            // The source text, without its comment (only needed when the decoded text is not
            // what llvm-mc prints).
            let text = || {
                let line_end = src[*boff..].find('\n').map_or(src.len(), |i| *boff + i);
                strip_comment(src[*boff..line_end].trim()).trim_end()
            };
            if !ok {
                crate::text::encoding_line(&mut listing, &normalise(text()), bytes);
            } else if canon.starts_with("image_")
                && mimg_vaddr_as_written(&canon, text(), &mut shown)
            {
                crate::text::encoding_line(&mut listing, &shown, bytes);
            } else {
                crate::text::encoding_line(&mut listing, &canon, bytes);
            }
            listing.push('\n');
        }
    }
    if req.options.show_encoding {
        out.listing = Some(listing);
    }
    out
}

/// llvm-mc's `--show-encoding` prints an MIMG address as it was written (the encoding does not
/// hold its width: `v[4:7]` and `v4` encode alike): the decoded text with the source's address
/// register range, written into `out`. `false` (and `out` unused) when the decoded text is what
/// is shown.
fn mimg_vaddr_as_written(canon: &str, src: &str, out: &mut String) -> bool {
    use std::fmt::Write;
    let vreg = |t: &str| -> Option<(u32, u32)> {
        // (Trimmed first: the blank after the comma is no reason for a copy.)
        let t = parse::squeeze(t.trim());
        let r = t.strip_prefix('v')?;
        match r.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
            Some(x) => {
                let (a, b) = x.split_once(':')?;
                let (a, b) = (a.parse::<u32>().ok()?, b.parse::<u32>().ok()?);
                (b >= a).then_some((a, b - a + 1))
            }
            None => Some((r.parse().ok()?, 1)),
        }
    };
    let operand = |t: &str, k: usize| -> Option<(usize, usize)> {
        // Byte range of the k-th comma-separated operand after the mnemonic (brackets kept whole).
        let start = t.find(' ')? + 1;
        let (mut depth, mut idx, mut from) = (0, 0, start);
        for (i, c) in t[start..].char_indices() {
            let i = start + i;
            match c {
                '[' => depth += 1,
                ']' => depth -= 1,
                ',' if depth == 0 => {
                    if idx == k {
                        return Some((from, i));
                    }
                    idx += 1;
                    from = i + 1;
                }
                _ => {}
            }
        }
        None
    };
    let (Some((ca, cb)), Some((sa, sb))) = (operand(canon, 1), operand(src, 1)) else {
        return false;
    };
    match (vreg(&canon[ca..cb]), vreg(&src[sa..sb])) {
        (Some((a, _)), Some((b, n))) if a == b => {
            out.clear();
            out.push_str(canon[..ca].trim_end());
            // (Writing into a `String` cannot fail.)
            let _ = if n == 1 {
                write!(out, " v{b}")
            } else {
                write!(out, " v[{b}:{}]", b + n - 1)
            };
            out.push_str(&canon[cb..]);
            true
        }
        _ => false,
    }
}

/// Collapses runs of blanks (llvm-mc prints its own canonical text; we print the source's).
fn normalise(t: &str) -> String {
    let mut s = String::with_capacity(t.len());
    let mut sp = false;
    for c in t.chars() {
        if c.is_whitespace() {
            sp = true;
        } else {
            if sp && !s.is_empty() {
                s.push(' ');
            }
            sp = false;
            s.push(c);
        }
    }
    s
}
