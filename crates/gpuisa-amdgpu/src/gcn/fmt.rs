//! Allocation-free number formatting for the printers (core::fmt dominated the listing time).

/// "00" to "99": two-digit numbers are one slice copy.
const PAIRS: &str = "00010203040506070809101112131415161718192021222324252627282930313233343536373839\
                     40414243444546474849505152535455565758596061626364656667686970717273747576777879\
                     8081828384858687888990919293949596979899";

/// Appends `v` in decimal.
pub fn dec(out: &mut String, v: u32) {
    if v < 10 {
        out.push((b'0' + v as u8) as char);
    } else if v < 100 {
        let i = v as usize * 2;
        out.push_str(&PAIRS[i..i + 2]);
    } else if v < 1000 {
        out.push((b'0' + (v / 100) as u8) as char);
        let i = (v % 100) as usize * 2;
        out.push_str(&PAIRS[i..i + 2]);
    } else {
        let mut buf = [0u8; 10];
        let mut i = buf.len();
        let mut x = v;
        while x != 0 {
            i -= 1;
            buf[i] = b'0' + (x % 10) as u8;
            x /= 10;
        }
        // ASCII digits: one char each (no UTF-8 validation of the buffer).
        for &b in &buf[i..] {
            out.push(b as char);
        }
    }
}

/// Appends a signed decimal.
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
        for v in [7, 10, 99, 100, 999, 1000, 65535] {
            dec(&mut s, v);
            s.push(',');
        }
        assert_eq!(
            s,
            "0 4294967295 -42 0xbeef 00000000001C DEADBEEF 7,10,99,100,999,1000,65535,"
        );
    }
}
