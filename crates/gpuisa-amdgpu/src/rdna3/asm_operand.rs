//! Parsing of gfx11 operand text (the inverse of [`super::operand`]): registers, inline constants,
//! literals, and the top-level splitting of an instruction's operand list.

use super::table::Ty;
use crate::gcn::operand::{float_inline_bits, OpType, FLOAT_CONSTS};

pub use crate::text::skip_spaces;

/// Splits at `sep` outside brackets and parentheses (for `sep` = space, a run of spaces counts
/// once: no empty pieces between them).
pub fn split_top(s: &str, sep: char) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    // Separators and brackets are ASCII, and an ASCII byte never occurs inside a multi-byte
    // UTF-8 sequence, so a byte scan finds the same places as a char scan.
    let ascii_sep = sep.is_ascii().then_some(sep as u8);
    if let Some(sep) = ascii_sep {
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            match c {
                b'[' | b'(' => depth += 1,
                b']' | b')' => depth -= 1,
                // (a run of blanks is one separator: the pieces between are all empty)
                b' ' if sep == b' ' && depth == 0 => {
                    out.push(trim(&s[start..i]));
                    i = skip_spaces(b, i);
                    start = i;
                    continue;
                }
                _ if c == sep && depth == 0 => {
                    out.push(trim(&s[start..i]));
                    start = i + 1;
                }
                b' ' => {
                    i = skip_spaces(b, i);
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    } else {
        for (i, c) in s.char_indices() {
            match c {
                '[' | '(' => depth += 1,
                ']' | ')' => depth -= 1,
                _ if c == sep && depth == 0 => {
                    out.push(trim(&s[start..i]));
                    start = i + c.len_utf8();
                }
                _ => {}
            }
        }
    }
    let last = trim(&s[start..]);
    if !last.is_empty() || !out.is_empty() {
        out.push(last);
    }
    out
}

/// `str::trim`, with the ASCII blanks (the long runs in practice) skipped first.
fn trim(s: &str) -> &str {
    s[skip_spaces(s.as_bytes(), 0)..].trim_ascii().trim()
}

/// Operands (comma separated) and trailing space-separated modifiers of an operand list (slices
/// of `rest`, no copies).
pub fn operands_and_mods(rest: &str) -> (Vec<&str>, Vec<&str>) {
    let mut ops = split_top(rest, ',');
    let mut mods = Vec::new();
    if let Some(last) = ops.pop() {
        let parts = split_top(last, ' ');
        let mut it = parts.into_iter().filter(|p| !p.is_empty());
        if let Some(first) = it.next() {
            if is_modifier(first) {
                mods.push(first);
            } else {
                ops.push(first);
            }
        }
        mods.extend(it);
    }
    (ops, mods)
}

/// Whether a modifier (`glc`, `offset:...`, `op_sel:...`) is written twice: llvm-mc takes each
/// once.
pub fn repeated_modifier(mods: &[&str]) -> bool {
    let key = |m: &str| m.split(':').next().unwrap_or("").len();
    mods.iter().enumerate().any(|(i, a)| {
        let k = &a[..key(a)];
        is_modifier(a) && mods[..i].iter().any(|b| &b[..key(b)] == k)
    })
}

fn is_modifier(t: &str) -> bool {
    const KEYS: [&str; 24] = [
        "op_sel",
        "neg_lo",
        "neg_hi",
        "clamp",
        "mul:",
        "div:",
        "quad_perm",
        "row_",
        "dpp8",
        "bound_ctrl",
        "fi:",
        "offset",
        "glc",
        "slc",
        "dlc",
        "gds",
        "offen",
        "idxen",
        "tfe",
        "format:",
        "dmask",
        "dim:",
        "wait_",
        "done",
    ];
    KEYS.iter().any(|k| t.starts_with(k))
}

/// A number in llvm's syntax (decimal, `0x` hex, optional sign).
pub fn parse_int(t: &str) -> Option<i64> {
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t),
    };
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        i64::from_str_radix(h, 16).ok()?
    } else {
        body.parse::<i64>().ok()?
    };
    Some(if neg { -v } else { v })
}

/// `vN`, `v[a:b]`: (first register, count, `.h` half if written).
pub fn parse_vreg(t: &str) -> Option<(u32, u32, Option<bool>)> {
    let (body, half) = if let Some(b) = t.strip_suffix(".h") {
        (b, Some(true))
    } else if let Some(b) = t.strip_suffix(".l") {
        (b, Some(false))
    } else {
        (t, None)
    };
    let r = body.strip_prefix('v')?;
    if let Some(range) = r.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
        let (a, b) = range.split_once(':')?;
        let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
        if b < a || b > 255 {
            return None;
        }
        return Some((a, b - a + 1, half));
    }
    let n: u32 = r.parse().ok()?;
    (n <= 255).then_some((n, 1, half))
}

/// A scalar register operand of `n` dwords: its field value (0..=127).
pub fn parse_sreg(t: &str, n: u32) -> Option<u32> {
    let named = |lo: u32, name: &str| -> Option<u32> {
        if t == name {
            return (n == 2).then_some(lo);
        }
        match t.strip_prefix(name) {
            Some("_lo") => (n == 1).then_some(lo),
            Some("_hi") => (n == 1).then_some(lo + 1),
            _ => None,
        }
    };
    if let Some(v) = named(106, "vcc").or_else(|| named(126, "exec")) {
        return Some(v);
    }
    match t {
        "null" => return Some(124),
        "m0" if n == 1 => return Some(125),
        _ => {}
    }
    for (prefix, base, limit) in [("ttmp", 108u32, 16u32), ("s", 0, 106)] {
        if let Some(r) = t.strip_prefix(prefix) {
            if let Some(range) = r.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
                let (a, b) = range.split_once(':')?;
                let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
                if b < a || b - a + 1 != n || b >= limit {
                    return None;
                }
                return Some(base + a);
            }
            if let Ok(v) = r.parse::<u32>() {
                return (n == 1 && v < limit).then_some(base + v);
            }
        }
    }
    None
}

/// An inline constant or special source (field values 128..=254), as printed for type `ty`.
pub fn parse_inline(t: &str, ty: Ty) -> Option<u32> {
    let special = [
        (235, "src_shared_base"),
        (236, "src_shared_limit"),
        (237, "src_private_base"),
        (238, "src_private_limit"),
        (239, "src_pops_exiting_wave_id"),
        (251, "src_vccz"),
        (252, "src_execz"),
        (253, "src_scc"),
        (254, "src_lds_direct"),
    ];
    if let Some((v, _)) = special.iter().find(|(_, n)| *n == t) {
        return Some(*v);
    }
    if t == "0.15915494309189532" && matches!(ty, Ty::F64 | Ty::I64) {
        return Some(248);
    }
    if let Some(i) = FLOAT_CONSTS.iter().position(|c| c.0 == t) {
        if !(i == 8 && matches!(ty, Ty::F64 | Ty::I64)) {
            return Some(240 + i as u32);
        }
    }
    let v = parse_int64(t)?;
    match v {
        0..=64 => Some(128 + v as u32),
        -16..=-1 => Some(192 + (-v) as u32),
        // An integer spelling a float constant's bits, as llvm-mc reads it (`0x3f800000` is 1.0
        // on a 32-bit operand; i16 operands, whose inline floats llvm prints as f16 hex, take
        // them as literals).
        _ => {
            let (n, op_ty) = match ty {
                Ty::B32 => (1, OpType::Int),
                Ty::F64 => (2, OpType::Float),
                Ty::I64 => (2, OpType::Int),
                Ty::F16 => (1, OpType::Half),
                Ty::I16 => (1, OpType::Short),
                Ty::PkF => (1, OpType::PackedHalf),
                Ty::PkI => (1, OpType::PackedShort),
            };
            float_inline_bits(v, n, op_ty, true).map(|k| 240 + k)
        }
    }
}

/// [`parse_int`] taking hexadecimal up to 64 bits (`0xbff0000000000000`, -1.0's f64 bits).
fn parse_int64(t: &str) -> Option<i64> {
    match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16).ok().map(|v| v as i64),
        None => parse_int(t),
    }
}

/// A literal constant's dword, as written (hex, decimal or a float-constant name).
pub fn parse_literal(t: &str, ty: Ty) -> Option<u32> {
    if let Some(c) = FLOAT_CONSTS.iter().find(|c| c.0 == t) {
        return Some(match ty {
            Ty::F16 | Ty::PkF => c.2 as u32,
            Ty::F64 => (c.3 >> 32) as u32,
            _ => c.1,
        });
    }
    let v = parse_int(t)?;
    if !(-(1i64 << 31)..(1i64 << 32)).contains(&v) {
        return None;
    }
    // A 16-bit operand's literal is its 16 bits (llvm-mc refuses one that does not fit).
    if matches!(ty, Ty::F16 | Ty::I16) {
        return (-(1i64 << 15)..1i64 << 16)
            .contains(&v)
            .then_some(u32::from(v as u16));
    }
    Some(v as u32)
}

/// A 9-bit source: register, inline constant or (Some(literal)) the literal.
pub fn parse_src9(t: &str, n: u32, ty: Ty) -> Option<(u32, Option<u32>)> {
    if let Some((r, c, half)) = parse_vreg(t) {
        if c != n.max(1) && half.is_none() {
            return None;
        }
        return Some((256 + r + if half == Some(true) { 128 } else { 0 }, None));
    }
    if let Some(s) = parse_sreg(t, n.max(1)) {
        return Some((s, None));
    }
    if let Some(v) = parse_inline(t, ty) {
        return Some((v, None));
    }
    parse_literal(t, ty).map(|l| (255, Some(l)))
}

/// `[a,b,c]` of 0/1 entries as a bit mask.
pub fn parse_bits(t: &str) -> Option<u32> {
    let body = t.strip_prefix('[')?.strip_suffix(']')?;
    let mut m = 0;
    for (i, b) in body.split(',').enumerate() {
        // Any integer spelling (llvm-mc takes `0x1`).
        match parse_int(b.trim()) {
            Some(1) => m |= 1 << i,
            Some(0) => {}
            _ => return None,
        }
    }
    Some(m)
}
