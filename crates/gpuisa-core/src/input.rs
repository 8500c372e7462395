//! Readers for the textual code inputs every target accepts.
//!
//! - [`parse_hex_words`]: `--hex` input, words such as `0x203c6211` separated by spaces, commas or
//!   newlines (`#`, `//` and `;` start a comment), written out little-endian.
//! - [`parse_byte_list`]: llvm-mc's `--disassemble` input (`--bytes`): byte values such as `0x01, 0x02`
//!   or `[0x01,0x02]`, `#`/`//` comments; all lines form one byte stream and every byte keeps the
//!   line and column it came from so a decoder can report `FILE:LINE:COL` like llvm-mc.

use std::fmt;

/// A malformed token in a textual input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for InputError {}

/// One token of an input text with its 1-based position.
struct Token<'a> {
    text: &'a str,
    line: usize,
    col: usize,
}

/// Calls `f` with every token of `text`, in order, and stops at its first error: tokens are
/// split on whitespace, commas and brackets; `#`, `//` and (if `semicolon`) `;` start a comment
/// that runs to the end of the line. Columns count characters. One pass over the bytes of an
/// ASCII line (a class table, no decoding); a line with other characters goes the general way.
fn for_each_token<'a, E>(
    text: &'a str,
    semicolon: bool,
    mut f: impl FnMut(Token<'a>) -> Result<(), E>,
) -> Result<(), E> {
    // What a byte does: part of a token, a separator, or a possible start of a comment.
    const TOKEN: u8 = 0;
    const SEP: u8 = 1;
    const HASH: u8 = 2;
    const SLASH: u8 = 3;
    const SEMI: u8 = 4;
    const CLASS: [u8; 128] = {
        let mut t = [TOKEN; 128];
        let mut i = 0;
        while i < 128 {
            if ASCII_SEP[i] {
                t[i] = SEP;
            }
            i += 1;
        }
        t[b'#' as usize] = HASH;
        t[b'/' as usize] = SLASH;
        t[b';' as usize] = SEMI;
        t
    };
    for (ln, line) in text.lines().enumerate() {
        if !line.is_ascii() {
            other_line(line, ln + 1, semicolon, &mut f)?;
            continue;
        }
        let b = line.as_bytes();
        // Whether the byte at `i` starts a comment (`c` is its class).
        let comment = |c: u8, i: usize| match c {
            HASH => true,
            SLASH => b.get(i + 1) == Some(&b'/'),
            SEMI => semicolon,
            _ => false,
        };
        let mut i = 0;
        'line: loop {
            // Separators up to the token; the end of the line or a comment ends it.
            let start = loop {
                let Some(&c) = b.get(i) else { break 'line };
                match CLASS[(c & 0x7f) as usize] {
                    SEP => i += 1,
                    TOKEN => break i,
                    k if comment(k, i) => break 'line,
                    _ => break i,
                }
            };
            let mut done = false;
            while let Some(&c) = b.get(i) {
                match CLASS[(c & 0x7f) as usize] {
                    TOKEN => i += 1,
                    SEP => break,
                    k if comment(k, i) => {
                        done = true;
                        break;
                    }
                    _ => i += 1,
                }
            }
            f(Token {
                text: line.get(start..i).unwrap_or(""),
                line: ln + 1,
                col: start + 1,
            })?;
            if done {
                break;
            }
        }
    }
    Ok(())
}

/// [`for_each_token`] for a line with characters other than ASCII: columns count characters.
#[inline(never)]
fn other_line<'a, E>(
    line: &'a str,
    ln: usize,
    semicolon: bool,
    f: &mut impl FnMut(Token<'a>) -> Result<(), E>,
) -> Result<(), E> {
    // The comment starts at the first `#`, `//` or (if enabled) `;`.
    let b = line.as_bytes();
    let end = (0..b.len())
        .find(|&i| {
            b[i] == b'#' || b[i] == b'/' && b.get(i + 1) == Some(&b'/') || semicolon && b[i] == b';'
        })
        .unwrap_or(b.len());
    let mut start = None;
    for (col, (i, c)) in (1..).zip(line[..end].char_indices()) {
        match (is_sep(c), start) {
            (true, Some((s, sc))) => {
                f(Token {
                    text: &line[s..i],
                    line: ln,
                    col: sc,
                })?;
                start = None;
            }
            (false, None) => start = Some((i, col)),
            _ => {}
        }
    }
    if let Some((s, sc)) = start {
        f(Token {
            text: &line[s..end],
            line: ln,
            col: sc,
        })?;
    }
    Ok(())
}

fn is_sep(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '[' | ']')
}

/// [`is_sep`] for every ASCII byte (`char::is_whitespace` there: tab, line feed, vertical tab,
/// form feed, carriage return and space).
const ASCII_SEP: [bool; 128] = {
    let mut t = [false; 128];
    let seps = b" \t\n\x0b\x0c\r,[]";
    let mut i = 0;
    while i < seps.len() {
        t[seps[i] as usize] = true;
        i += 1;
    }
    t
};

/// The value of `digits` in `radix`, `_` ignored: `None` if a character is not a digit or the
/// value does not fit in 128 bits. `None` also for anything else `u128::from_str_radix` would
/// read differently (a sign), which [`parse_digits`] then hands to it.
fn fast_digits(digits: &str, radix: u32) -> Option<Option<u128>> {
    // Up to 15 characters cannot overflow 64 bits (16^15 = 2^60; 10^15 < 2^50): no checks.
    if digits.len() <= 15 {
        let mut v: u64 = 0;
        let mut any = false;
        for c in digits.bytes() {
            let d = match HEX_VALUE[c as usize] {
                d if (d as u32) < radix => d,
                _ if c == b'_' => continue,
                _ if c == b'+' || c == b'-' => return None,
                _ => return Some(None),
            };
            any = true;
            v = v * radix as u64 + d as u64;
        }
        return Some(any.then_some(v as u128));
    }
    let mut v: u128 = 0;
    let mut any = false;
    for c in digits.bytes() {
        if c == b'_' {
            continue;
        }
        let d = match (c as char).to_digit(radix) {
            Some(d) => d,
            None if c == b'+' || c == b'-' => return None,
            None => return Some(None),
        };
        any = true;
        v = match v
            .checked_mul(radix as u128)
            .and_then(|v| v.checked_add(d as u128))
        {
            Some(v) => v,
            None => return Some(None),
        };
    }
    Some(any.then_some(v))
}

/// The value of every byte as a hexadecimal digit (0xff: not one).
const HEX_VALUE: [u8; 256] = {
    let mut t = [0xffu8; 256];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        t[b'a' as usize + i] = 10 + i as u8;
        t[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    t
};

/// `digits` (with `_` separators) in `radix`, as `u128::from_str_radix` reads them.
fn parse_digits(digits: &str, radix: u32) -> Option<u128> {
    if let Some(v) = fast_digits(digits, radix) {
        return v;
    }
    let digits: String = digits.chars().filter(|&c| c != '_').collect();
    if digits.is_empty() {
        return None;
    }
    u128::from_str_radix(&digits, radix).ok()
}

fn parse_number(t: &str) -> Option<u128> {
    // The common case first: `0x` and two hex digits, a byte of llvm-mc's input.
    if let [b'0', b'x' | b'X', h, l] = *t.as_bytes() {
        let (h, l) = (HEX_VALUE[h as usize], HEX_VALUE[l as usize]);
        if h | l < 16 {
            return Some((h << 4 | l) as u128);
        }
    }
    match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(h) => parse_digits(h, 16),
        None => parse_digits(t, 10),
    }
}

/// Parses `--hex` text into little-endian bytes of `word_bytes`-byte words (1 to 16).
/// Bare tokens without `0x` are read as hexadecimal too (`203c6211`), as in a hex dump.
pub fn parse_hex_words(text: &str, word_bytes: usize) -> Result<Vec<u8>, InputError> {
    let word_bytes = word_bytes.clamp(1, 16);
    let mut out = Vec::new();
    for_each_token(text, true, |tok| {
        let err = |message: String| InputError {
            line: tok.line,
            col: tok.col,
            message,
        };
        let hex = tok
            .text
            .strip_prefix("0x")
            .or_else(|| tok.text.strip_prefix("0X"))
            .unwrap_or(tok.text);
        let digits = hex.bytes().filter(|&c| c != b'_');
        if digits.clone().next().is_none() || !digits.clone().all(|c| c.is_ascii_hexdigit()) {
            return Err(err(format!("'{}' is not a hexadecimal word", tok.text)));
        }
        let v = parse_digits(hex, 16).ok_or_else(|| {
            err(format!(
                "'{}' is wider than {} bits",
                tok.text,
                word_bytes * 8
            ))
        })?;
        if word_bytes < 16 && v >> (word_bytes * 8) != 0 {
            return Err(err(format!(
                "'{}' is wider than a {}-bit word",
                tok.text,
                word_bytes * 8
            )));
        }
        out.extend_from_slice(&v.to_le_bytes()[..word_bytes]);
        Ok(())
    })?;
    Ok(out)
}

/// Bytes read from an llvm-mc style byte list, each with the (line, column) it came from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ByteList {
    pub bytes: Vec<u8>,
    pub positions: Vec<(u32, u32)>,
}

/// Parses llvm-mc `--disassemble` input: byte values (hex `0x..` or decimal), 0..=255.
pub fn parse_byte_list(text: &str) -> Result<ByteList, InputError> {
    // About one byte per 5 characters (`0x12,`).
    let mut out = ByteList {
        bytes: Vec::with_capacity(text.len() / 5),
        positions: Vec::with_capacity(text.len() / 5),
    };
    for_each_token(text, false, |tok| {
        let message = match parse_number(tok.text) {
            Some(v) if v <= 255 => {
                out.bytes.push(v as u8);
                out.positions.push((tok.line as u32, tok.col as u32));
                return Ok(());
            }
            Some(_) => format!("'{}' does not fit in a byte", tok.text),
            None => format!("'{}' is not a byte value", tok.text),
        };
        Err(InputError {
            line: tok.line,
            col: tok.col,
            message,
        })
    })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_words() {
        let b = parse_hex_words("0x203c6211, 0x00180000\n00380400 # comment\n// all\n", 4).unwrap();
        assert_eq!(b, [0x11, 0x62, 0x3c, 0x20, 0, 0, 0x18, 0, 0, 4, 0x38, 0]);
        let e = parse_hex_words("0x1\n  0x1_0000_0000", 4).unwrap_err();
        assert_eq!((e.line, e.col), (2, 3));
        assert!(parse_hex_words("zz", 4).is_err());
        assert_eq!(parse_hex_words("0xef9000300007000b", 8).unwrap().len(), 8);
    }

    /// A plain tokenizer and number reader, as a reference.
    fn reference_tokens(text: &str, semicolon: bool) -> Vec<(String, usize, usize)> {
        let mut v = Vec::new();
        for (ln, line) in text.lines().enumerate() {
            let mut end = line.len();
            for pat in ["#", "//"] {
                if let Some(i) = line.find(pat) {
                    end = end.min(i);
                }
            }
            if semicolon {
                if let Some(i) = line.find(';') {
                    end = end.min(i);
                }
            }
            let body = &line[..end];
            let mut start = None;
            let mut push =
                |s: usize, t: &str| v.push((t.to_string(), ln + 1, line[..s].chars().count() + 1));
            for (i, c) in body.char_indices() {
                let sep = c.is_whitespace() || matches!(c, ',' | '[' | ']');
                match (sep, start) {
                    (true, Some(s)) => {
                        push(s, &body[s..i]);
                        start = None;
                    }
                    (false, None) => start = Some(i),
                    _ => {}
                }
            }
            if let Some(s) = start {
                push(s, &body[s..]);
            }
        }
        v
    }

    fn reference_number(t: &str) -> Option<u128> {
        let (digits, radix) = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            Some(h) => (h, 16),
            None => (t, 10),
        };
        let digits: String = digits.chars().filter(|&c| c != '_').collect();
        if digits.is_empty() {
            return None;
        }
        u128::from_str_radix(&digits, radix).ok()
    }

    #[test]
    fn tokens_and_numbers_match_reference() {
        let alphabet: Vec<char> = "0123456789abcdefAFxX_+- \t,[]#/;\nq\u{e9}\u{3000}\r\x0b"
            .chars()
            .collect();
        let mut r = crate::rng::Rng::new(7);
        for _ in 0..20000 {
            let n = r.below(40) as usize;
            let text: String = (0..n)
                .map(|_| alphabet[r.below(alphabet.len() as u64) as usize])
                .collect();
            for semicolon in [false, true] {
                let mut got: Vec<(String, usize, usize)> = Vec::new();
                let _ = for_each_token(&text, semicolon, |t| {
                    got.push((t.text.to_string(), t.line, t.col));
                    Ok::<(), ()>(())
                });
                assert_eq!(got, reference_tokens(&text, semicolon), "{text:?}");
                for (t, _, _) in &got {
                    assert_eq!(parse_number(t), reference_number(t), "{t:?}");
                }
            }
        }
        for t in [
            "340282366920938463463374607431768211455",
            "340282366920938463463374607431768211456",
        ] {
            assert_eq!(parse_number(t), reference_number(t));
        }
        let max = format!("0x{}", "f".repeat(32));
        assert_eq!(parse_number(&max), Some(u128::MAX));
        assert_eq!(parse_number(&format!("{max}0")), None);
    }

    #[test]
    fn byte_lists() {
        let b = parse_byte_list("[0x01,0x02] # x\n  3 0xff // y\n").unwrap();
        assert_eq!(b.bytes, [1, 2, 3, 255]);
        assert_eq!(b.positions[2], (2, 3));
        assert!(parse_byte_list("0x100").is_err());
        assert!(parse_byte_list("q").is_err());
    }
}
