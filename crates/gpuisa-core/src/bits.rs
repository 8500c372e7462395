//! Bit-field helpers shared by the decoders and encoders.

/// Extracts `width` bits of `word` starting at bit `lo`.
#[inline(always)]
pub const fn field(word: u64, lo: u32, width: u32) -> u64 {
    (word >> lo) & mask(width)
}

/// A mask of the low `width` bits (`width` may be 64).
#[inline(always)]
pub const fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// Returns `word` with `width` bits at `lo` replaced by `value` (excess bits of `value` are dropped).
#[inline(always)]
pub const fn set_field(word: u64, lo: u32, width: u32, value: u64) -> u64 {
    let m = mask(width) << lo;
    (word & !m) | ((value << lo) & m)
}

/// Sign-extends the low `width` bits of `value`.
#[inline(always)]
pub const fn sext(value: u64, width: u32) -> i64 {
    let shift = 64 - width;
    ((value << shift) as i64) >> shift
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let w = set_field(0, 20, 16, 0xfff0);
        assert_eq!(w, 0xfff0_0000_0);
        assert_eq!(field(w, 20, 16), 0xfff0);
        assert_eq!(sext(0xfff0, 16), -16);
        assert_eq!(sext(0x7fff, 16), 0x7fff);
        assert_eq!(mask(64), u64::MAX);
        assert_eq!(set_field(u64::MAX, 0, 8, 0), u64::MAX << 8);
    }
}

/// The `N` little-endian dwords of `code` at byte `pos`; dwords past the end read as zero.
#[inline]
pub fn le_words<const N: usize>(code: &[u8], pos: usize) -> [u32; N] {
    let mut w = [0u32; N];
    for (i, wi) in w.iter_mut().enumerate() {
        if let Some(b) = code
            .get(pos.saturating_add(4 * i)..)
            .and_then(|t| t.get(..4))
        {
            *wi = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        }
    }
    w
}

/// Writes `x` (below 1000) in decimal at `b[k..]` and returns the index after it. `const`, for
/// the compile-time register-name tables of the decoders.
pub const fn put_dec3(b: &mut [u8], mut k: usize, x: usize) -> usize {
    if x >= 100 {
        b[k] = b'0' + (x / 100) as u8;
        k += 1;
    }
    if x >= 10 {
        b[k] = b'0' + (x / 10 % 10) as u8;
        k += 1;
    }
    b[k] = b'0' + (x % 10) as u8;
    k + 1
}
