//! Allocation-free number formatting for the printers (core::fmt dominated the listing time).

/// An ASCII digit as a char (`d` < 16: `0-9a-f`).
#[inline(always)]
fn digit(d: u32) -> char {
    LOWER[(d & 15) as usize] as char
}

/// Appends `v` in decimal (one `char` push per digit: no slice copy, no `core::fmt`).
#[inline]
pub fn dec(out: &mut String, v: u32) {
    if v < 10 {
        out.push(digit(v));
    } else if v < 100 {
        out.push(digit(v / 10));
        out.push(digit(v % 10));
    } else if v < 1000 {
        out.push(digit(v / 100));
        out.push(digit(v / 10 % 10));
        out.push(digit(v % 10));
    } else {
        dec_long(out, v);
    }
}

/// [`dec`] inlined, for numbers that are almost always below 1000 (register numbers).
#[inline(always)]
pub fn dec_small(out: &mut String, v: u32) {
    if v < 10 {
        out.push(digit(v));
    } else if v < 100 {
        out.push(digit(v / 10));
        out.push(digit(v % 10));
    } else {
        dec(out, v);
    }
}

#[inline(never)]
fn dec_long(out: &mut String, v: u32) {
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    let mut x = v;
    while x != 0 {
        i -= 1;
        buf[i] = b'0' + (x % 10) as u8;
        x /= 10;
    }
    for &b in &buf[i..] {
        out.push(b as char);
    }
}

/// Appends a signed decimal.
#[inline]
pub fn sdec(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    let a = v.unsigned_abs();
    if a > u32::MAX as u64 {
        out.push_str(&a.to_string());
    } else {
        dec(out, a as u32);
    }
}

const LOWER: &[u8; 16] = b"0123456789abcdef";
const UPPER: &[u8; 16] = b"0123456789ABCDEF";

fn hex_digits(out: &mut String, v: u64, width: usize, digits: &[u8; 16]) {
    // Significant nibbles, at least `width` of them.
    let sig = ((64 - v.leading_zeros() as usize) + 3) / 4;
    let n = sig.max(width).clamp(1, 16);
    out.reserve(n);
    for k in (0..n).rev() {
        out.push(digits[((v >> (4 * k)) & 15) as usize] as char);
    }
}

/// `0x` and lower-case hex digits, no padding.
#[allow(dead_code)]
pub fn hex(out: &mut String, v: u64) {
    out.push_str("0x");
    hex_digits(out, v, 1, LOWER);
}

/// `0x` and lower-case hex digits of a 32-bit value, no padding (as `format!("0x{v:x}")`).
#[inline]
pub fn hex32(out: &mut String, v: u32) {
    out.push('0');
    out.push('x');
    let n = (32 - v.leading_zeros()).max(1).div_ceil(4);
    for k in (0..n).rev() {
        out.push(digit(v >> (4 * k)));
    }
}

/// A signed 32-bit value as `0x..` or `-0x..` (magnitude in hex).
pub fn shex32(out: &mut String, v: i32) {
    if v < 0 {
        out.push('-');
    }
    hex32(out, v.unsigned_abs());
}

/// Appends an ASCII byte string (short fixed text: one `char` push per byte, no `memcpy`).
#[inline(always)]
pub fn ascii(out: &mut String, s: &[u8]) {
    for &b in s {
        out.push(b as char);
    }
}

/// Upper-case hex padded with zeros to `width` digits (no prefix).
#[allow(dead_code)]
pub fn upper_hex(out: &mut String, v: u64, width: usize) {
    hex_digits(out, v, width.min(16), UPPER);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        let mut s = String::new();
        dec(&mut s, 0);
        s.push(' ');
        dec(&mut s, 4294967295);
        s.push(' ');
        sdec(&mut s, -42);
        s.push(' ');
        hex(&mut s, 0xbeef);
        s.push(' ');
        upper_hex(&mut s, 0x1c, 12);
        s.push(' ');
        upper_hex(&mut s, 0xdeadbeef, 8);
        s.push(' ');
        for v in [0u32, 9, 0x10, 0xabc, 0xffff_ffff, 0x8000_0000] {
            hex32(&mut s, v);
            s.push(',');
        }
        shex32(&mut s, -0x100000);
        s.push(',');
        shex32(&mut s, i32::MIN);
        s.push(' ');
        for v in [7, 10, 99, 100, 999, 1000, 65535] {
            dec(&mut s, v);
            s.push(',');
        }
        assert_eq!(
            s,
            "0 4294967295 -42 0xbeef 00000000001C DEADBEEF \
             0x0,0x9,0x10,0xabc,0xffffffff,0x80000000,-0x100000,-0x80000000 \
             7,10,99,100,999,1000,65535,"
        );
    }
}
