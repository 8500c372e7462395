//! Small allocation-free number writers (faster than `write!` on the listing hot path).

/// Where listing text goes: a `String`, or [`Out`] (the listing hot path). Only ASCII is written.
pub trait Sink {
    fn push_str(&mut self, s: &str);
    /// An ASCII character.
    fn push(&mut self, c: char);
    /// The first `n` (at most 16) bytes of `b`, ASCII.
    #[inline]
    fn push_fixed(&mut self, b: &[u8; 16], n: usize) {
        for &c in &b[..n.min(16)] {
            self.push(c as char);
        }
    }
    /// The text of a [`Small`].
    #[inline]
    fn push_small(&mut self, s: &Small) {
        for &c in s.as_bytes() {
            self.push(c as char);
        }
    }
}

/// Up to 32 bytes of ASCII composed on the stack, then written with one fixed-size copy
/// (`c[0x3][0x140]`, `        /*0a48`). Bytes past 32 are dropped (callers stay far below).
pub struct Small {
    b: [u8; 32],
    n: usize,
}

impl Small {
    #[inline(always)]
    pub fn new() -> Small {
        Small { b: [0; 32], n: 0 }
    }
    #[inline(always)]
    pub fn as_bytes(&self) -> &[u8] {
        &self.b[..self.n.min(32)]
    }
    #[inline(always)]
    pub fn put(&mut self, s: &[u8]) {
        // callers pass literals: the copy has a constant length
        if let Some(d) = self.b.get_mut(self.n..self.n + s.len()) {
            d.copy_from_slice(s);
            self.n += s.len();
        }
    }
    /// Lowercase hex digits of `v`, at least `min` (at most 16).
    #[inline(always)]
    pub fn hex(&mut self, v: u64, min: usize) {
        let n = hex_len(v, min).min(16);
        if self.n + 16 > 32 {
            return;
        }
        let x = if n == 16 { v } else { v << (4 * (16 - n)) };
        self.b[self.n..self.n + 8].copy_from_slice(&hex8((x >> 32) as u32).to_be_bytes());
        self.b[self.n + 8..self.n + 16].copy_from_slice(&hex8(x as u32).to_be_bytes());
        self.n += n;
    }
    /// `0x1f`, `-0x8`.
    #[inline(always)]
    pub fn hex_signed(&mut self, v: i64) {
        if v < 0 {
            self.put(b"-");
        }
        self.put(b"0x");
        self.hex(v.unsigned_abs(), 1);
    }
}

impl Default for Small {
    fn default() -> Small {
        Small::new()
    }
}

impl Sink for String {
    #[inline]
    fn push_str(&mut self, s: &str) {
        String::push_str(self, s)
    }
    #[inline]
    fn push(&mut self, c: char) {
        String::push(self, c)
    }
}

/// An output buffer of ASCII text that copies short strings inline (no `memcpy` call per piece):
/// a zero-filled `Vec<u8>` written at `pos`, always kept 32 bytes longer than what is written.
#[derive(Default)]
pub struct Out {
    buf: Vec<u8>,
    pos: usize,
}

impl Out {
    pub fn with_capacity(n: usize) -> Out {
        Out {
            buf: vec![0; n + 32],
            pos: 0,
        }
    }
    pub fn clear(&mut self) {
        self.pos = 0;
    }
    pub fn len(&self) -> usize {
        self.pos
    }
    pub fn is_empty(&self) -> bool {
        self.pos == 0
    }
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.pos]
    }
    #[cold]
    fn grow(&mut self, n: usize) {
        let want = (self.pos + n + 32).max(self.buf.len() * 2);
        self.buf.resize(want, 0);
    }
}

impl Sink for Out {
    #[inline(always)]
    fn push_str(&mut self, s: &str) {
        let b = s.as_bytes();
        let n = b.len();
        if self.pos + n + 16 > self.buf.len() {
            self.grow(n);
        }
        let p = self.pos;
        let d = &mut self.buf[p..p + n.max(16)];
        // overlapping fixed-size copies, as memcpy does for short lengths, but inline
        if n > 32 {
            d[..n].copy_from_slice(b);
        } else if n >= 16 {
            d[..16].copy_from_slice(&b[..16]);
            d[n - 16..n].copy_from_slice(&b[n - 16..]);
        } else if n >= 8 {
            d[..8].copy_from_slice(&b[..8]);
            d[n - 8..n].copy_from_slice(&b[n - 8..]);
        } else if n >= 4 {
            d[..4].copy_from_slice(&b[..4]);
            d[n - 4..n].copy_from_slice(&b[n - 4..]);
        } else if n >= 2 {
            d[..2].copy_from_slice(&b[..2]);
            d[n - 2..n].copy_from_slice(&b[n - 2..]);
        } else if n == 1 {
            d[0] = b[0];
        }
        self.pos = p + n;
    }
    #[inline(always)]
    fn push_fixed(&mut self, b: &[u8; 16], n: usize) {
        if self.pos + 16 > self.buf.len() {
            self.grow(16);
        }
        let p = self.pos;
        self.buf[p..p + 16].copy_from_slice(b);
        self.pos = p + n.min(16);
    }
    #[inline(always)]
    fn push_small(&mut self, s: &Small) {
        if self.pos + 32 > self.buf.len() {
            self.grow(32);
        }
        let p = self.pos;
        self.buf[p..p + 32].copy_from_slice(&s.b);
        self.pos = p + s.n.min(32);
    }
    #[inline(always)]
    fn push(&mut self, c: char) {
        if self.pos + 1 > self.buf.len() {
            self.grow(1);
        }
        debug_assert!(c.is_ascii());
        self.buf[self.pos] = c as u8;
        self.pos += 1;
    }
}

/// `R0`..`R254` and `RZ` (255) after `prefix`, with their lengths, built at compile time.
const fn reg_texts(prefix: &[u8]) -> [([u8; 16], u8); 256] {
    let mut t = [([0u8; 16], 0u8); 256];
    let mut r = 0;
    while r < 256 {
        let mut b = [0u8; 16];
        let mut k = 0;
        while k < prefix.len() {
            b[k] = prefix[k];
            k += 1;
        }
        b[k] = b'R';
        k += 1;
        if r == 255 {
            b[k] = b'Z';
            k += 1;
        } else {
            k = gpuisa_core::bits::put_dec3(&mut b, k, r);
        }
        t[r] = (b, k as u8);
        r += 1;
    }
    t
}

static REG_TEXT: [([u8; 16], u8); 256] = reg_texts(b"");
/// Register names after the operand separators `" "` (first operand) and `", "`.
static REG_SEP_TEXT: [[([u8; 16], u8); 256]; 2] = [reg_texts(b" "), reg_texts(b", ")];

/// `" R5"` (`sep` 0) or `", R5"` (`sep` 1): a separator and a register in one copy.
#[inline(always)]
pub fn reg_sep<S: Sink + ?Sized>(out: &mut S, r: u8, sep: usize) {
    let (b, n) = &REG_SEP_TEXT[sep & 1][r as usize];
    out.push_fixed(b, *n as usize);
}

/// `R0`..`R254` (255: `RZ`).
#[inline(always)]
pub fn reg<S: Sink + ?Sized>(out: &mut S, r: u8) {
    let (b, n) = &REG_TEXT[r as usize];
    out.push_fixed(b, *n as usize);
}

/// The 8 hex digits of `x` (32 bits) as ASCII bytes, most significant first in the returned
/// big-endian value (nibbles spread to bytes, then 0-9/a-f added without branches).
#[inline(always)]
fn hex8(x: u32) -> u64 {
    let mut y = x as u64;
    y = (y | y << 16) & 0x0000_ffff_0000_ffff;
    y = (y | y << 8) & 0x00ff_00ff_00ff_00ff;
    y = (y | y << 4) & 0x0f0f_0f0f_0f0f_0f0f;
    // bytes > 9 get 'a' - '0' - 10 = 39 more
    let letters = ((y + 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101;
    y + 0x3030_3030_3030_3030 + letters * 39
}

/// Lowercase hex without prefix, at least `min` digits (at most 16 are written).
#[inline(always)]
pub fn hex<S: Sink + ?Sized>(out: &mut S, v: u64, min: usize) {
    let n = hex_len(v, min).min(16);
    // left-align the number so its n digits come first
    let x = if n == 16 { v } else { v << (4 * (16 - n)) };
    let mut b = [0u8; 16];
    b[..8].copy_from_slice(&hex8((x >> 32) as u32).to_be_bytes());
    b[8..].copy_from_slice(&hex8(x as u32).to_be_bytes());
    out.push_fixed(&b, n);
}

/// `0x` + lowercase hex.
#[inline(always)]
pub fn hex0x<S: Sink + ?Sized>(out: &mut S, v: u64) {
    let mut s = Small::new();
    s.put(b"0x");
    s.hex(v, 1);
    out.push_small(&s);
}

/// Decimal.
#[inline]
pub fn dec<S: Sink + ?Sized>(out: &mut S, v: u64) {
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
    for &b in &buf[20 - n..] {
        out.push(b as char);
    }
}

/// Number of characters `hex(v, min)` writes.
#[inline(always)]
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
        super::hex(&mut s, 0x0123456789abcdef, 16);
        super::hex(&mut s, 0xfedcba9876543210, 1);
        super::reg(&mut s, 0);
        super::reg(&mut s, 42);
        super::reg(&mut s, 254);
        super::reg(&mut s, 255);
        super::reg_sep(&mut s, 7, 0);
        super::reg_sep(&mut s, 255, 1);
        let mut o = super::Out::with_capacity(4);
        super::Sink::push_str(&mut o, &s);
        super::hex(&mut o, 0xabc, 2);
        assert_eq!(
            s,
            "0008123450x00254ffffffffffffffff0123456789abcdeffedcba9876543210R0R42R254RZ R7, RZ"
        );
        assert_eq!(o.as_bytes(), format!("{s}abc").as_bytes());
        assert_eq!(super::hex_len(0x8, 4), 4);
        assert_eq!(super::hex_len(0x12345, 4), 5);
        assert_eq!(super::hex_len(0, 1), 1);
    }
}
