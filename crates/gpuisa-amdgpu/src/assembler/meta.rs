//! `.amdgpu_metadata` YAML to the MessagePack blob of the NT_AMDGPU_METADATA note, as llvm-mc
//! writes it: the block-style YAML subset LLVM prints (mappings, `- ` sequences, plain and quoted
//! scalars, `[a, b]` flow sequences), scalars typed the way LLVM's msgpack document reads YAML
//! (unsigned, then signed integer, then boolean, then float, else string), maps in key order,
//! every number and length in its shortest MessagePack form.

use std::borrow::Cow;

/// A YAML node; strings borrow the text unless unquoting changed them.
#[derive(Clone, Debug, PartialEq)]
pub enum Node<'a> {
    UInt(u64),
    Int(i64),
    Bool(bool),
    Float(f64),
    Str(Cow<'a, str>),
    Arr(Vec<Node<'a>>),
    Map(Vec<(Cow<'a, str>, Node<'a>)>),
}

/// A YAML error: the 0-based line of the block and a message.
pub type YamlError = (usize, String);

struct Line<'a> {
    no: usize,
    indent: usize,
    text: &'a str,
}

/// Parses the YAML text of an `.amdgpu_metadata` block.
pub fn parse_yaml(src: &str) -> Result<Node<'_>, YamlError> {
    let mut lines = Vec::new();
    for (no, l) in src.lines().enumerate() {
        // (`str::trim_*`, ASCII blanks stripped a byte at a time first: the same result)
        let t = l.trim_ascii_end().trim_end();
        let body = t.trim_ascii_start().trim_start();
        if body.is_empty() || body.starts_with('#') || body == "---" || body == "..." {
            continue;
        }
        lines.push(Line {
            no,
            indent: t.len() - body.len(),
            text: body,
        });
    }
    let mut i = 0;
    if lines.is_empty() {
        return Ok(Node::Map(vec![]));
    }
    let ind = lines[0].indent;
    let n = block(&lines, &mut i, ind)?;
    if let Some(l) = lines.get(i) {
        return Err((l.no, "unexpected indentation in YAML".into()));
    }
    Ok(n)
}

/// A block node (mapping or sequence) whose entries start at indentation `ind`.
fn block<'a>(lines: &[Line<'a>], i: &mut usize, ind: usize) -> Result<Node<'a>, YamlError> {
    let first = &lines[*i];
    if first.text == "-" || first.text.starts_with("- ") {
        let mut items = Vec::new();
        while let Some(l) = lines.get(*i) {
            if l.indent != ind || !(l.text == "-" || l.text.starts_with("- ")) {
                break;
            }
            let rest = l.text[1..].trim_start();
            if rest.is_empty() {
                *i += 1;
                items.push(child(lines, i, ind, l.no)?);
            } else if is_key(rest).is_some() {
                // `- key: value` opens a mapping whose keys are at the column of `key`.
                let col = ind + (l.text.len() - rest.len());
                items.push(mapping(lines, i, col, Some(rest))?);
            } else {
                *i += 1;
                items.push(scalar(rest, l.no)?);
            }
        }
        Ok(Node::Arr(items))
    } else {
        mapping(lines, i, ind, None)
    }
}

/// The key of `t` (`key: value` or `key:`) and the rest after the colon.
fn is_key(t: &str) -> Option<(&str, &str)> {
    let (k, rest) = if let Some(q) = t.strip_prefix('\'') {
        let e = q.find('\'')?;
        (&q[..e], &q[e + 1..])
    } else if let Some(q) = t.strip_prefix('"') {
        let e = q.find('"')?;
        (&q[..e], &q[e + 1..])
    } else {
        // (the first `: `, or a `:` ending the line)
        let b = t.as_bytes();
        let e = (0..b.len()).find(|&j| b[j] == b':' && b.get(j + 1).is_none_or(|&c| c == b' '))?;
        (t[..e].trim_end(), &t[e..])
    };
    let rest = rest.strip_prefix(':')?;
    (rest.is_empty() || rest.starts_with(' ')).then_some((k, rest.trim()))
}

fn mapping<'a>(
    lines: &[Line<'a>],
    i: &mut usize,
    ind: usize,
    mut first: Option<&'a str>,
) -> Result<Node<'a>, YamlError> {
    let mut m: Vec<(Cow<'a, str>, Node<'a>)> = Vec::new();
    loop {
        let (text, no) = match first.take() {
            Some(t) => (t, lines[*i].no),
            None => match lines.get(*i) {
                Some(l) if l.indent == ind && !l.text.starts_with("- ") => (l.text, l.no),
                _ => break,
            },
        };
        let (k, rest) =
            is_key(text).ok_or_else(|| (no, format!("expected 'key: value', found '{text}'")))?;
        *i += 1;
        let v = if rest.is_empty() {
            child(lines, i, ind, no)?
        } else {
            scalar(rest, no)?
        };
        if m.iter().any(|(x, _)| *x == k) {
            return Err((no, format!("duplicate key '{k}'")));
        }
        m.push((k.into(), v));
    }
    m.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    Ok(Node::Map(m))
}

/// The node under a `key:` or `-` line (deeper lines, or a sequence at the same indentation
/// under a key, as YAML allows).
fn child<'a>(
    lines: &[Line<'a>],
    i: &mut usize,
    ind: usize,
    no: usize,
) -> Result<Node<'a>, YamlError> {
    match lines.get(*i) {
        Some(l) if l.indent > ind || l.indent == ind && l.text.starts_with("- ") => {
            let ci = l.indent;
            block(lines, i, ci)
        }
        _ => Err((no, "missing value in YAML".into())),
    }
}

fn scalar(t: &str, no: usize) -> Result<Node<'_>, YamlError> {
    if let Some(inner) = t.strip_prefix('[') {
        let inner = inner
            .strip_suffix(']')
            .ok_or_else(|| (no, "unterminated flow sequence".to_string()))?;
        let mut v = Vec::new();
        for part in inner.split(',') {
            let p = part.trim();
            if !p.is_empty() {
                v.push(scalar(p, no)?);
            }
        }
        return Ok(Node::Arr(v));
    }
    let s: Cow<str> = if let Some(q) = t.strip_prefix('\'') {
        let q = q
            .strip_suffix('\'')
            .ok_or_else(|| (no, "unterminated quoted string".to_string()))?;
        if q.contains("''") {
            q.replace("''", "'").into()
        } else {
            q.into()
        }
    } else if let Some(q) = t.strip_prefix('"') {
        let q = q
            .strip_suffix('"')
            .ok_or_else(|| (no, "unterminated quoted string".to_string()))?;
        if q.contains('\\') {
            q.replace("\\\"", "\"").replace("\\\\", "\\").into()
        } else {
            q.into()
        }
    } else {
        t.into()
    };
    Ok(typed(s))
}

/// LLVM's implicit typing of a YAML scalar.
fn typed(s: Cow<'_, str>) -> Node<'_> {
    if let Some(u) = parse_u64(&s) {
        return Node::UInt(u);
    }
    if let Some(rest) = s.strip_prefix('-') {
        if let Some(u) = parse_u64(rest) {
            if u <= 1 << 63 {
                return Node::Int((u as i64).wrapping_neg());
            }
        }
    }
    match s.as_ref() {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            return Node::Bool(true)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            return Node::Bool(false)
        }
        _ => {}
    }
    let looks_float = s
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'))
        && s.bytes().any(|b| b.is_ascii_digit());
    if looks_float {
        if let Ok(f) = s.parse::<f64>() {
            return Node::Float(f);
        }
    }
    Node::Str(s)
}

/// An unsigned integer in LLVM's radix-0 spelling (`0x`, `0b`, `0o`/leading `0`, decimal).
fn parse_u64(s: &str) -> Option<u64> {
    if s.is_empty() {
        return None;
    }
    let (digits, radix) = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(b) = s.strip_prefix("0b").or_else(|| s.strip_prefix("0B")) {
        (b, 2)
    } else if let Some(o) = s.strip_prefix("0o") {
        (o, 8)
    } else if s.len() > 1 && s.starts_with('0') {
        (&s[1..], 8)
    } else {
        (s, 10)
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// The MessagePack bytes of `n`.
pub fn write_msgpack(n: &Node, out: &mut Vec<u8>) {
    match n {
        Node::UInt(u) => write_uint(*u, out),
        Node::Int(i) => {
            let i = *i;
            if i >= 0 {
                write_uint(i as u64, out)
            } else if i >= -32 {
                out.push(i as i8 as u8)
            } else if i >= i8::MIN as i64 {
                out.push(0xd0);
                out.push(i as i8 as u8)
            } else if i >= i16::MIN as i64 {
                out.push(0xd1);
                out.extend((i as i16).to_be_bytes())
            } else if i >= i32::MIN as i64 {
                out.push(0xd2);
                out.extend((i as i32).to_be_bytes())
            } else {
                out.push(0xd3);
                out.extend(i.to_be_bytes())
            }
        }
        Node::Bool(b) => out.push(if *b { 0xc3 } else { 0xc2 }),
        Node::Float(f) => {
            if (*f as f32) as f64 == *f {
                out.push(0xca);
                out.extend((*f as f32).to_be_bytes())
            } else {
                out.push(0xcb);
                out.extend(f.to_be_bytes())
            }
        }
        Node::Str(s) => write_str(s, out),
        Node::Arr(v) => {
            write_len(v.len(), 0x90, 0xdc, out);
            for x in v {
                write_msgpack(x, out);
            }
        }
        Node::Map(m) => {
            write_len(m.len(), 0x80, 0xde, out);
            for (k, v) in m {
                write_str(k, out);
                write_msgpack(v, out);
            }
        }
    }
}

fn write_uint(u: u64, out: &mut Vec<u8>) {
    if u < 128 {
        out.push(u as u8)
    } else if u <= 0xff {
        out.extend([0xcc, u as u8])
    } else if u <= 0xffff {
        out.push(0xcd);
        out.extend((u as u16).to_be_bytes())
    } else if u <= 0xffff_ffff {
        out.push(0xce);
        out.extend((u as u32).to_be_bytes())
    } else {
        out.push(0xcf);
        out.extend(u.to_be_bytes())
    }
}

fn write_str(s: &str, out: &mut Vec<u8>) {
    let n = s.len();
    if n < 32 {
        out.push(0xa0 | n as u8)
    } else if n <= 0xff {
        out.extend([0xd9, n as u8])
    } else if n <= 0xffff {
        out.push(0xda);
        out.extend((n as u16).to_be_bytes())
    } else {
        out.push(0xdb);
        out.extend((n as u32).to_be_bytes())
    }
    out.extend(s.as_bytes());
}

/// A fix-sized (below 16), 16-bit or 32-bit array/map header.
fn write_len(n: usize, fix: u8, w16: u8, out: &mut Vec<u8>) {
    if n < 16 {
        out.push(fix | n as u8)
    } else if n <= 0xffff {
        out.push(w16);
        out.extend((n as u16).to_be_bytes())
    } else {
        out.push(w16 + 1);
        out.extend((n as u32).to_be_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn llvm_shaped_yaml() {
        let y = "---\namdhsa.kernels:\n  - .args:\n      - .offset:         0\n        .type_name:      'float*'\n    .name:           k\n    .uses_dynamic_stack: false\n    .language_version:\n      - 1\n      - 2\namdhsa.version:\n  - 1\n  - 2\n...\n";
        let n = parse_yaml(y).unwrap();
        let Node::Map(m) = &n else { panic!() };
        assert_eq!(m[0].0, "amdhsa.kernels");
        let Node::Arr(ks) = &m[0].1 else { panic!() };
        let Node::Map(k) = &ks[0] else { panic!() };
        let keys: Vec<&str> = k.iter().map(|(a, _)| a.as_ref()).collect();
        assert_eq!(
            keys,
            [".args", ".language_version", ".name", ".uses_dynamic_stack"]
        );
        assert_eq!(k[3].1, Node::Bool(false));
        let mut b = vec![];
        write_msgpack(&Node::Arr(vec![Node::UInt(1), Node::UInt(200)]), &mut b);
        assert_eq!(b, [0x92, 1, 0xcc, 200]);
        // (the whole note is checked against llvm-mc's in the corpus test)
        let mut b = vec![];
        write_msgpack(&m[1].1, &mut b);
        assert_eq!(b, [0x92, 1, 2]);
    }

    #[test]
    fn scalar_types() {
        assert_eq!(typed("12".into()), Node::UInt(12));
        assert_eq!(typed("0x10".into()), Node::UInt(16));
        assert_eq!(typed("-3".into()), Node::Int(-3));
        assert_eq!(typed("true".into()), Node::Bool(true));
        assert_eq!(typed("1.5".into()), Node::Float(1.5));
        assert_eq!(typed("OpenCL C".into()), Node::Str("OpenCL C".into()));
    }
}
