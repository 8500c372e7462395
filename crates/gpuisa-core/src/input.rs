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

/// Splits on whitespace, commas and brackets; drops `#`, `//` and (if `semicolon`) `;` comments.
fn tokens(text: &str, semicolon: bool) -> Tokens<'_> {
    Tokens {
        lines: text.lines().enumerate(),
        body: "",
        line: 0,
        pos: 0,
        col: 1,
        semicolon,
    }
}

/// The token iterator: no allocation; columns are counted in characters as it goes.
struct Tokens<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    /// The current line without its comment, its 1-based number, the byte offset of the next
    /// character and that character's 1-based column.
    body: &'a str,
    line: usize,
    pos: usize,
    col: usize,
    semicolon: bool,
}

fn is_sep(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '[' | ']')
}

/// Whether the character at byte `i` of `s` separates tokens, and its length in bytes (ASCII
/// without decoding).
#[inline(always)]
fn sep_at(s: &str, i: usize) -> (bool, usize) {
    match s.as_bytes()[i] {
        b @ 0..=0x7f => (
            matches!(
                b,
                b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b',' | b'[' | b']'
            ),
            1,
        ),
        _ => s[i..]
            .chars()
            .next()
            .map_or((false, 1), |c| (is_sep(c), c.len_utf8())),
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        loop {
            let rest = &self.body[self.pos..];
            let (mut i, mut col) = (0, self.col);
            while i < rest.len() {
                let (sep, w) = sep_at(rest, i);
                if !sep {
                    break;
                }
                i += w;
                col += 1;
            }
            if i < rest.len() {
                let (start, start_col) = (i, col);
                while i < rest.len() {
                    let (sep, w) = sep_at(rest, i);
                    if sep {
                        break;
                    }
                    i += w;
                    col += 1;
                }
                let end = i;
                // The separator that ended the token (if any) is consumed too.
                if i < rest.len() {
                    i += sep_at(rest, i).1;
                    col += 1;
                }
                self.pos += i;
                self.col = col;
                return Some(Token {
                    text: &rest[start..end],
                    line: self.line,
                    col: start_col,
                });
            }
            let (ln, line) = self.lines.next()?;
            // The comment starts at the first `#`, `//` or (if enabled) `;`.
            let b = line.as_bytes();
            let end = (0..b.len())
                .find(|&i| {
                    b[i] == b'#'
                        || b[i] == b'/' && b.get(i + 1) == Some(&b'/')
                        || self.semicolon && b[i] == b';'
                })
                .unwrap_or(b.len());
            self.body = &line[..end];
            self.line = ln + 1;
            self.pos = 0;
            self.col = 1;
        }
    }
}

/// The value of `digits` in `radix`, `_` ignored: `None` if a character is not a digit or the
/// value does not fit in 128 bits. `None` also for anything else `u128::from_str_radix` would
/// read differently (a sign), which [`parse_digits`] then hands to it.
fn fast_digits(digits: &str, radix: u32) -> Option<Option<u128>> {
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
    for tok in tokens(text, true) {
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
    }
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
    let mut out = ByteList::default();
    for tok in tokens(text, false) {
        match parse_number(tok.text) {
            Some(v) if v <= 255 => {
                out.bytes.push(v as u8);
                out.positions.push((tok.line as u32, tok.col as u32));
            }
            Some(_) => {
                return Err(InputError {
                    line: tok.line,
                    col: tok.col,
                    message: format!("'{}' does not fit in a byte", tok.text),
                })
            }
            None => {
                return Err(InputError {
                    line: tok.line,
                    col: tok.col,
                    message: format!("'{}' is not a byte value", tok.text),
                })
            }
        }
    }
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

    /// The plain tokenizer and number reader the iterator replaced, as a reference.
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
        let alphabet: Vec<char> = "0123456789abcdefxX_+- \t,[]#/;\nq\u{e9}\u{3000}\r"
            .chars()
            .collect();
        let mut r = crate::rng::Rng::new(7);
        for _ in 0..20000 {
            let n = r.below(40) as usize;
            let text: String = (0..n)
                .map(|_| alphabet[r.below(alphabet.len() as u64) as usize])
                .collect();
            for semicolon in [false, true] {
                let got: Vec<(String, usize, usize)> = tokens(&text, semicolon)
                    .map(|t| (t.text.to_string(), t.line, t.col))
                    .collect();
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
