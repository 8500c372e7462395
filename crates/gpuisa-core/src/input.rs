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
fn tokens(text: &str, semicolon: bool) -> impl Iterator<Item = Token<'_>> {
    text.lines().enumerate().flat_map(move |(ln, line)| {
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
        let mut out = Vec::new();
        let mut start = None;
        for (i, c) in body.char_indices() {
            let sep = c.is_whitespace() || matches!(c, ',' | '[' | ']');
            match (sep, start) {
                (true, Some(s)) => {
                    out.push((s, &body[s..i]));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        if let Some(s) = start {
            out.push((s, &body[s..]));
        }
        out.into_iter().map(move |(s, t)| Token {
            text: t,
            line: ln + 1,
            col: line[..s].chars().count() + 1,
        })
    })
}

fn parse_number(t: &str) -> Option<u128> {
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
        let digits: String = hex.chars().filter(|&c| c != '_').collect();
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(err(format!("'{}' is not a hexadecimal word", tok.text)));
        }
        let v = u128::from_str_radix(&digits, 16).map_err(|_| {
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

    #[test]
    fn byte_lists() {
        let b = parse_byte_list("[0x01,0x02] # x\n  3 0xff // y\n").unwrap();
        assert_eq!(b.bytes, [1, 2, 3, 255]);
        assert_eq!(b.positions[2], (2, 3));
        assert!(parse_byte_list("0x100").is_err());
        assert!(parse_byte_list("q").is_err());
    }
}
