//! Allocation-free number formatting for the printers (core::fmt dominated the listing time).

/// Appends `v` in decimal.
pub fn dec(out: &mut String, v: u32) {
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    let mut x = v;
    loop {
        i -= 1;
        buf[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    // The digits are ASCII.
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or(""));
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
    let mut buf = [0u8; 16];
    let mut i = buf.len();
    let mut x = v;
    loop {
        i -= 1;
        buf[i] = digits[(x & 15) as usize];
        x >>= 4;
        if x == 0 && buf.len() - i >= width {
            break;
        }
        if i == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or(""));
}

/// `0x` and lower-case hex digits, no padding.
#[allow(dead_code)]
pub fn hex(out: &mut String, v: u64) {
    out.push_str("0x");
    hex_digits(out, v, 1, LOWER);
}

/// Upper-case hex padded with zeros to `width` digits (no prefix).
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
        assert_eq!(s, "0 4294967295 -42 0xbeef 00000000001C DEADBEEF");
    }
}
