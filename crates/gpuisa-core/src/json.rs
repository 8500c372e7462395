//! The little JSON the listings write by hand (`disasm --json`): string escaping.

/// Appends `s` as the body of a JSON string: `"` and `\` escaped, control characters as `\uXXXX`.
pub fn escape_into(out: &mut String, s: &str) {
    if !s.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
        out.push_str(s);
        return;
    }
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[(c as usize) >> 4] as char);
                out.push(HEX[(c as usize) & 15] as char);
            }
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn escapes_quotes_backslashes_and_controls() {
        let mut s = String::new();
        super::escape_into(&mut s, "a\"b\\c\n\u{1}é");
        assert_eq!(s, "a\\\"b\\\\c\\u000a\\u0001é");
    }
}
