//! The driver's byte-level scanning of source text: line ends, comments (`;`, `//`, `#` and C
//! comments), top-level commas and string literals.

/// The index of the first `\n` in `b` from `from` (`b.len()` if none), eight bytes a step: most
/// lines are short, where the library's search costs more than the scan.
pub(super) fn find_newline(b: &[u8], from: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut i = from;
    while let Some(c) = b.get(i..i + 8) {
        let w = c.iter().rev().fold(0u64, |w, &x| w << 8 | x as u64) ^ (ONES * b'\n' as u64);
        // (a zero byte of `w` is a newline; the lowest flagged byte is the first one)
        let z = w.wrapping_sub(ONES) & !w & (ONES << 7);
        if z != 0 {
            return i + (z.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    b[i.min(b.len())..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |k| i + k)
}

/// Per byte, what [`comment_start`] stops at: 1 `"`, 2 `;`, 3 `/`, 4 `#`, 5 blank.
const COMMENT_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'"' as usize] = 1;
    t[b';' as usize] = 2;
    t[b'/' as usize] = 3;
    t[b'#' as usize] = 4;
    t[b' ' as usize] = 5;
    t[b'\t' as usize] = 5;
    t
};

/// Where the comment of a line starts (`;`, `//`, or `#` as the first non-blank), outside strings.
pub(super) fn comment_start(line: &str) -> usize {
    let b = line.as_bytes();
    let mut i = 0;
    // Leading blanks, then `#`.
    while i < b.len() && COMMENT_CLASS[b[i] as usize] == 5 {
        i += 1;
    }
    if b.get(i) == Some(&b'#') {
        return i;
    }
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut q = false;
    while i < b.len() {
        if !q {
            // Eight bytes a step while none of them is `"`, `;` or `/`: the first one that is
            // (the lowest flagged byte; a borrow can only flag bytes above a true match).
            while let Some(c) = b.get(i..i + 8) {
                let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
                let mut z = 0;
                for t in [b'"', b';', b'/'] {
                    let x = w ^ (ONES * t as u64);
                    z |= x.wrapping_sub(ONES) & !x & (ONES << 7);
                }
                if z != 0 {
                    i += (z.trailing_zeros() / 8) as usize;
                    break;
                }
                i += 8;
            }
            if i >= b.len() {
                break;
            }
        }
        let c = b[i];
        if q {
            if c == b'\\' {
                i += 1;
            } else if c == b'"' {
                q = false;
            }
        } else {
            match COMMENT_CLASS[c as usize] {
                1 => q = true,
                2 => return i,
                3 if b.get(i + 1) == Some(&b'/') => return i,
                _ => {}
            }
        }
        i += 1;
    }
    b.len()
}

/// `src` with each `/* ... */` outside strings and line comments replaced by blanks (its line
/// breaks kept), so byte offsets do not move. An unclosed one runs to the end, as in llvm-mc.
pub(crate) fn blank_block_comments(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let (mut i, mut quoted, mut line_comment) = (0, false, false);
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            (quoted, line_comment) = (false, false);
        } else if !line_comment && c == b'"' {
            quoted = !quoted;
        } else if !quoted
            && !line_comment
            && (c == b';' || c == b'/' && b.get(i + 1) == Some(&b'/'))
        {
            line_comment = true;
        } else if !quoted && !line_comment && c == b'/' && b.get(i + 1) == Some(&b'*') {
            let end = src[i + 2..].find("*/").map_or(b.len(), |j| i + 2 + j + 2);
            for &x in &b[i..end] {
                out.push(if x == b'\n' { b'\n' } else { b' ' });
            }
            i = end;
            continue;
        }
        out.push(c);
        i += 1;
    }
    // Only ASCII bytes were replaced, by ASCII blanks: still UTF-8.
    String::from_utf8(out).unwrap_or_else(|_| src.to_string())
}

/// Splits `s` at top-level commas (outside parentheses, brackets and strings): (start, text).
pub(super) fn split_commas(s: &str) -> Vec<(usize, &str)> {
    let b = s.as_bytes();
    let (mut depth, mut q, mut st) = (0i32, false, 0);
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if q {
            if c == b'\\' {
                i += 1;
            } else if c == b'"' {
                q = false;
            }
        } else {
            match c {
                b'"' => q = true,
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth -= 1,
                b',' if depth == 0 => {
                    out.push((st, &s[st..i]));
                    st = i + 1;
                }
                _ => {}
            }
        }
        i += 1;
    }
    out.push((st, &s[st..]));
    out
}

/// A C-style string literal's bytes; `None` if `t` is not one.
pub(super) fn string_lit(t: &str) -> Option<Vec<u8>> {
    let inner = t.trim().strip_prefix('"')?.strip_suffix('"')?;
    let b = inner.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'\\' {
            i += 1;
            let e = *b.get(i)?;
            match e {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'r' => out.push(b'\r'),
                b'b' => out.push(8),
                b'f' => out.push(12),
                b'"' => out.push(b'"'),
                b'\\' => out.push(b'\\'),
                b'0'..=b'7' => {
                    let mut v = 0u32;
                    let mut k = 0;
                    while k < 3 && i < b.len() && (b'0'..=b'7').contains(&b[i]) {
                        v = v * 8 + (b[i] - b'0') as u32;
                        i += 1;
                        k += 1;
                    }
                    out.push(v as u8);
                    continue;
                }
                b'x' => {
                    let mut v = 0u32;
                    i += 1;
                    while i < b.len() && b[i].is_ascii_hexdigit() {
                        v = v * 16 + (b[i] as char).to_digit(16).unwrap_or(0);
                        i += 1;
                    }
                    out.push(v as u8);
                    continue;
                }
                _ => out.push(e),
            }
        } else if c == b'"' {
            return None;
        } else {
            out.push(c);
        }
        i += 1;
    }
    Some(out)
}

#[cfg(test)]
mod newline_tests {
    #[test]
    fn find_newline_agrees_with_find() {
        let texts = [
            "",
            "\n",
            "a",
            "abc\ndef",
            "0123456\n",
            "01234567\n",
            "012345678\n",
            "\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\n\n",
            "x\x0b\u{8a}\n0123456789abcdef\nz",
        ];
        for t in texts {
            for from in 0..=t.len() {
                let want = t.as_bytes()[from..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(t.len(), |k| from + k);
                assert_eq!(
                    super::find_newline(t.as_bytes(), from),
                    want,
                    "{t:?} from {from}"
                );
            }
        }
    }
}

#[cfg(test)]
mod comment_tests {
    use super::{blank_block_comments, comment_start};

    /// C comments become blanks of the same length, outside strings and line comments, across
    /// lines too; offsets do not move.
    #[test]
    fn block_comments_blanked() {
        let cases = [
            ("v_add v1/*x*/, v2", "v_add v1     , v2"),
            ("a /* b\nc */ d", "a     \n     d"),
            (".ascii \"/*k*/\" /*x*/", ".ascii \"/*k*/\"      "),
            ("s_nop 0 ; /* no\n/**/x", "s_nop 0 ; /* no\n    x"),
            ("x /* open", "x        "),
        ];
        for (src, want) in cases {
            let got = blank_block_comments(src);
            assert_eq!(got, want, "{src:?}");
            assert_eq!(got.len(), src.len());
        }
    }

    /// The reference: a byte at a time.
    fn reference(line: &str) -> usize {
        let b = line.as_bytes();
        let mut i = 0;
        while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
            i += 1;
        }
        if b.get(i) == Some(&b'#') {
            return i;
        }
        let mut q = false;
        while i < b.len() {
            let c = b[i];
            if q {
                if c == b'\\' {
                    i += 1;
                } else if c == b'"' {
                    q = false;
                }
            } else if c == b'"' {
                q = true;
            } else if c == b';' || c == b'/' && b.get(i + 1) == Some(&b'/') {
                return i;
            }
            i += 1;
        }
        b.len()
    }

    #[test]
    fn eight_bytes_a_step_finds_the_same_comment() {
        let mut rng = gpuisa_core::rng::Rng::new(0x636f_6d6d);
        let alphabet = b"ab  ;/\"\\#\t,x12345678";
        for _ in 0..20000 {
            let n = rng.below(40) as usize;
            let s: String = (0..n)
                .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize] as char)
                .collect();
            assert_eq!(comment_start(&s), reference(&s), "{s:?}");
        }
    }
}
