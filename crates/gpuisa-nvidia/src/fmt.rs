//! Small allocation-free number writers (faster than `write!` on the listing hot path).

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends bytes that are ASCII digits (the only callers write them from `0-9a-f`).
#[inline]
fn push_ascii(out: &mut String, digits: &[u8]) {
    for &b in digits {
        out.push(b as char);
    }
}

/// `R0`..`R254` and `RZ`, spelled once.
static REG_NAMES: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
    (0..256)
        .map(|r| {
            if r == 255 {
                "RZ".to_string()
            } else {
                format!("R{r}")
            }
        })
        .collect()
});

/// `R0`..`R254` (255: `RZ`) without going through the number formatter.
#[inline]
pub fn reg(out: &mut String, r: u8) {
    out.push_str(&REG_NAMES[r as usize]);
}

/// Lowercase hex without prefix, at least `min` digits.
#[inline]
pub fn hex(out: &mut String, v: u64, min: usize) {
    let mut buf = [0u8; 16];
    let mut n = 0;
    let mut x = v;
    loop {
        buf[15 - n] = HEX[(x & 0xf) as usize];
        n += 1;
        x >>= 4;
        if x == 0 && n >= min {
            break;
        }
    }
    push_ascii(out, &buf[16 - n..]);
}

/// `0x` + lowercase hex.
#[inline]
pub fn hex0x(out: &mut String, v: u64) {
    out.push_str("0x");
    hex(out, v, 1);
}

/// Decimal.
#[inline]
pub fn dec(out: &mut String, v: u64) {
    let mut buf = [0u8; 20];
    let mut n = 0;
    let mut x = v;
    loop {
        buf[19 - n] = b'0' + (x % 10) as u8;
        n += 1;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    push_ascii(out, &buf[20 - n..]);
}

/// Number of characters `hex(v, min)` writes.
#[inline]
pub fn hex_len(v: u64, min: usize) -> usize {
    let bits = 64 - v.leading_zeros() as usize;
    bits.div_ceil(4).max(min).max(1)
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers() {
        let mut s = String::new();
        super::hex(&mut s, 0x8, 4);
        super::hex(&mut s, 0x12345, 4);
        super::hex0x(&mut s, 0);
        super::dec(&mut s, 0);
        super::dec(&mut s, 254);
        super::hex(&mut s, u64::MAX, 16);
        assert_eq!(s, "0008123450x00254ffffffffffffffff");
        assert_eq!(super::hex_len(0x8, 4), 4);
        assert_eq!(super::hex_len(0x12345, 4), 5);
        assert_eq!(super::hex_len(0, 1), 1);
    }
}
