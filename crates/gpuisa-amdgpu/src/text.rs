//! Allocation-free text output for the printers: [`Out`], a fixed stack buffer one instruction is
//! printed into, and number formatting (core::fmt dominated the listing time).

use std::mem::MaybeUninit;

/// Capacity of [`Out`] (a power of two). The longest GCN instruction text (MTBUF or MIMG with
/// several register-class notes) is under 300 bytes; `decode::tests::longest_text` checks it.
/// In a decoder's text, what follows this byte is a comment llvm-objdump prints after the
/// encoding (`// 000000000004: BEAD0180 ; Warning: ...`).
pub const WARNING: u8 = 1;

pub const OUT_CAP: usize = 512;

/// Bytes past `OUT_CAP` that fixed-size copies ([`Out::padded`]) may write.
const OUT_SLACK: usize = 32;

/// The text of one instruction while it is printed: a fixed buffer, appended to the caller's
/// `String` once per instruction (a `String` checks its capacity on every push, and a pushed name
/// is a `memcpy` call). All text is ASCII; [`Out::as_str`] checks it (`is_ascii`) before
/// `decode::decode_n` copies it.
///
/// A push writes at `len % OUT_CAP`: no bounds check and no panic. A text that would not fit
/// wraps around and is reported by [`Out::overflowed`] (the decoder then rejects the word).
pub struct Out {
    len: usize,
    /// Made by [`Out::zeroed`]: every byte of `buf` is initialised.
    zeroed: bool,
    /// Invariant: while `len < OUT_CAP`, `buf[..len]` is initialised (every method writes bytes
    /// before `len` covers them); `len >= OUT_CAP` means overflowed and nothing is read. Every
    /// method writes initialised bytes only, so a zeroed buffer stays initialised throughout.
    buf: [MaybeUninit<u8>; OUT_CAP + OUT_SLACK],
    /// Misaligned register ranges met while printing, as llvm-objdump warns of them: (class,
    /// dwords, index) with class 0 for SGPR, 1 for TTMP; `n_warn` of them (at most 4 kept).
    warn: [(u8, u8, u8); 4],
    n_warn: u8,
    /// The text has a [`WARNING`] part ([`Out::push_warning`]).
    warned: bool,
}

impl Default for Out {
    fn default() -> Self {
        Out::new()
    }
}

impl Out {
    /// An empty buffer (not zeroed: a 544-byte memset per instruction cost ~45 instructions).
    #[inline(always)]
    pub const fn new() -> Out {
        Out {
            len: 0,
            zeroed: false,
            buf: [MaybeUninit::uninit(); OUT_CAP + OUT_SLACK],
            warn: [(0, 0, 0); 4],
            n_warn: 0,
            warned: false,
        }
    }
    /// An empty buffer whose bytes are all initialised, for one that is reused (cleared) for many
    /// texts: [`head`](Self::head) can then copy it in fixed-size blocks.
    pub const fn zeroed() -> Out {
        Out {
            len: 0,
            zeroed: true,
            buf: [MaybeUninit::new(0); OUT_CAP + OUT_SLACK],
            warn: [(0, 0, 0); 4],
            n_warn: 0,
            warned: false,
        }
    }
    /// The first `N` bytes of the buffer: the text, then bytes of earlier texts or zeros. For
    /// copies of a fixed size (no length-dependent `memcpy`); `None` unless the buffer was made
    /// by [`zeroed`](Self::zeroed), or if `N` exceeds it.
    #[inline(always)]
    pub fn head<const N: usize>(&self) -> Option<&[u8; N]> {
        let b = self.buf.first_chunk::<N>()?;
        if !self.zeroed {
            return None;
        }
        // SAFETY: a zeroed buffer had every byte initialised by `zeroed()`, and every method
        // writes initialised bytes only (see `buf`); `MaybeUninit<u8>` has the layout of `u8`.
        Some(unsafe { &*(b as *const [MaybeUninit<u8>; N] as *const [u8; N]) })
    }
    /// Appends one ASCII char.
    #[inline(always)]
    pub fn push(&mut self, c: char) {
        debug_assert!(c.is_ascii());
        self.byte(c as u8);
    }
    #[inline(always)]
    pub fn byte(&mut self, b: u8) {
        self.buf[self.len % OUT_CAP] = MaybeUninit::new(b);
        self.len += 1;
    }
    /// Appends ASCII text.
    #[inline(always)]
    pub fn push_str(&mut self, s: &str) {
        self.bytes(s.as_bytes());
    }
    /// Appends bytes at `len % OUT_CAP`, as [`byte`](Self::byte) does: for a constant `s` of up
    /// to `OUT_SLACK` bytes the copy needs no bounds check (it ends within the slack).
    #[inline(always)]
    pub fn bytes(&mut self, s: &[u8]) {
        let at = self.len % OUT_CAP;
        match self.buf.get_mut(at..at + s.len()) {
            Some(d) => {
                // A loop, not `write_copy_of_slice`: for a length known only at run time that is
                // a `memcpy` call (musl's copies byte by byte anyway).
                for (d, &b) in d.iter_mut().zip(s) {
                    *d = MaybeUninit::new(b);
                }
                self.len += s.len();
            }
            // Past the slack: the text does not fit.
            None => self.len = OUT_CAP,
        }
    }
    /// Appends the first `n` (<= `N` <= 32) bytes of `s` with one fixed-size copy (no `memcpy`
    /// call): for names from tables padded to `N` bytes.
    #[inline(always)]
    pub fn padded<const N: usize>(&mut self, s: &[u8; N], n: usize) {
        let at = self.len % OUT_CAP;
        match self.buf.get_mut(at..at + N) {
            Some(d) => {
                d.write_copy_of_slice(s);
                self.len += n.min(N);
            }
            // Only for N > OUT_SLACK, which no caller uses.
            None => self.len = OUT_CAP,
        }
    }
    /// The 8-byte names `pad_names` makes (up to 7 characters): one copy, the length in the last
    /// byte (masked to 0..=7: no compare against the copy's size).
    #[inline(always)]
    pub fn name8(&mut self, s: &[u8; 8]) {
        let at = self.len % OUT_CAP;
        if let Some(d) = self.buf.get_mut(at..at + 8) {
            d.write_copy_of_slice(s);
            self.len += (s[7] & 7) as usize;
        }
    }
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Cuts the text to `n` bytes (an overflowed text stays overflowed).
    pub fn truncate(&mut self, n: usize) {
        if self.len < OUT_CAP {
            self.len = self.len.min(n);
        }
    }
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
        self.n_warn = 0;
        self.warned = false;
    }
    /// Records a misaligned register range (`class` 0: SGPR, 1: TTMP; `n` dwords; the field's
    /// register `index`), for [`Out::warnings`].
    #[cold]
    #[inline(never)]
    pub fn misaligned(&mut self, class: u8, n: u32, index: u32) {
        if let Some(w) = self.warn.get_mut(self.n_warn as usize) {
            *w = (class, n as u8, index as u8);
            self.n_warn += 1;
        }
    }
    /// How many misaligned ranges were recorded.
    #[inline(always)]
    pub fn n_warnings(&self) -> usize {
        self.n_warn as usize
    }
    /// Records again the misaligned ranges recorded since there were `from` (llvm decodes a
    /// returning SMEM atomic's data register twice and warns twice).
    pub fn repeat_warnings(&mut self, from: usize) {
        for i in from..self.n_warn as usize {
            let (c, n, x) = self.warn[i];
            self.misaligned(c, n as u32, x as u32);
        }
    }
    /// llvm-objdump's comment for the recorded ranges: `Warning: SGPR_64: scalar reg isn't
    /// aligned 45`, one per range, run together.
    pub fn warnings(&self) -> String {
        let mut s = String::new();
        for &(c, n, x) in &self.warn[..(self.n_warn as usize).min(4)] {
            let class = if c == 0 { "SGPR" } else { "TTMP" };
            s.push_str(&format!(
                "Warning: {class}_{}: scalar reg isn't aligned {x}",
                32 * n as u32
            ));
        }
        s
    }
    /// Appends a comment llvm-objdump prints after the encoding: a
    /// [`WARNING`] byte, then `text`.
    pub fn push_warning(&mut self, text: &str) {
        self.byte(WARNING);
        self.push_str(text);
        self.warned = true;
    }
    /// Whether [`Out::push_warning`] was called since the last clear.
    #[inline(always)]
    pub fn warned(&self) -> bool {
        self.warned
    }
    /// Whether the text did not fit (it is incomplete).
    pub fn overflowed(&self) -> bool {
        self.len >= OUT_CAP
    }
    /// The text's bytes (empty if overflowed).
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        let n = if self.len < OUT_CAP { self.len } else { 0 };
        let init = &self.buf[..n];
        // SAFETY: `buf[..len]` is initialised while `len < OUT_CAP` (the invariant on `buf`),
        // and `MaybeUninit<u8>` has the layout of `u8`.
        unsafe { &*(init as *const [MaybeUninit<u8>] as *const [u8]) }
    }
    /// The text (the printers push ASCII only; anything else reads as empty).
    #[inline]
    pub fn as_str(&self) -> &str {
        let b = self.as_bytes();
        if b.is_ascii() {
            // SAFETY: ASCII bytes are valid UTF-8 (checked just above). `str::from_utf8` costs
            // ~80 instructions per line here, a fifth of a whole decode; `is_ascii` a few words.
            unsafe { std::str::from_utf8_unchecked(b) }
        } else {
            std::str::from_utf8(b).unwrap_or("")
        }
    }
    /// Inserts `s` at byte `at` (clamped to the text).
    pub fn insert_str(&mut self, at: usize, s: &str) {
        let at = at.min(self.len);
        let n = s.len();
        if self.len + n >= OUT_CAP {
            self.len = OUT_CAP;
            return;
        }
        self.buf.copy_within(at..self.len, at + n);
        for (d, &b) in self.buf[at..at + n].iter_mut().zip(s.as_bytes()) {
            *d = MaybeUninit::new(b);
        }
        self.len += n;
    }
}

/// Where a printer writes: [`Out`] (the text) or [`Null`] (nothing: `gcn::inst::decode_typed`
/// checks the operands' register classes by printing into it, `gcn::print::print_to`). The
/// methods are [`Out`]'s.
pub trait Sink {
    fn byte(&mut self, b: u8);
    fn bytes(&mut self, s: &[u8]);
    fn push(&mut self, c: char);
    fn push_str(&mut self, s: &str);
    fn padded<const N: usize>(&mut self, s: &[u8; N], n: usize);
    fn name8(&mut self, s: &[u8; 8]);
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn truncate(&mut self, n: usize);
    fn insert_str(&mut self, at: usize, s: &str);
    fn as_bytes(&self) -> &[u8];
    fn misaligned(&mut self, class: u8, n: u32, index: u32);
    fn n_warnings(&self) -> usize;
    fn repeat_warnings(&mut self, from: usize);
}

impl Sink for Out {
    #[inline(always)]
    fn byte(&mut self, b: u8) {
        Out::byte(self, b)
    }
    #[inline(always)]
    fn bytes(&mut self, s: &[u8]) {
        Out::bytes(self, s)
    }
    #[inline(always)]
    fn push(&mut self, c: char) {
        Out::push(self, c)
    }
    #[inline(always)]
    fn push_str(&mut self, s: &str) {
        Out::push_str(self, s)
    }
    #[inline(always)]
    fn padded<const N: usize>(&mut self, s: &[u8; N], n: usize) {
        Out::padded(self, s, n)
    }
    #[inline(always)]
    fn name8(&mut self, s: &[u8; 8]) {
        Out::name8(self, s)
    }
    #[inline(always)]
    fn len(&self) -> usize {
        Out::len(self)
    }
    #[inline(always)]
    fn truncate(&mut self, n: usize) {
        Out::truncate(self, n)
    }
    #[inline(always)]
    fn insert_str(&mut self, at: usize, s: &str) {
        Out::insert_str(self, at, s)
    }
    #[inline(always)]
    fn as_bytes(&self) -> &[u8] {
        Out::as_bytes(self)
    }
    #[inline(always)]
    fn misaligned(&mut self, class: u8, n: u32, index: u32) {
        Out::misaligned(self, class, n, index)
    }
    #[inline(always)]
    fn n_warnings(&self) -> usize {
        Out::n_warnings(self)
    }
    #[inline(always)]
    fn repeat_warnings(&mut self, from: usize) {
        Out::repeat_warnings(self, from)
    }
}

/// A [`Sink`] that keeps nothing: a printer walked over it only checks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Null;

impl Sink for Null {
    #[inline(always)]
    fn byte(&mut self, _: u8) {}
    #[inline(always)]
    fn bytes(&mut self, _: &[u8]) {}
    #[inline(always)]
    fn push(&mut self, _: char) {}
    #[inline(always)]
    fn push_str(&mut self, _: &str) {}
    #[inline(always)]
    fn padded<const N: usize>(&mut self, _: &[u8; N], _: usize) {}
    #[inline(always)]
    fn name8(&mut self, _: &[u8; 8]) {}
    #[inline(always)]
    fn len(&self) -> usize {
        0
    }
    #[inline(always)]
    fn truncate(&mut self, _: usize) {}
    #[inline(always)]
    fn insert_str(&mut self, _: usize, _: &str) {}
    #[inline(always)]
    fn as_bytes(&self) -> &[u8] {
        &[]
    }
    #[inline(always)]
    fn misaligned(&mut self, _: u8, _: u32, _: u32) {}
    #[inline(always)]
    fn n_warnings(&self) -> usize {
        0
    }
    #[inline(always)]
    fn repeat_warnings(&mut self, _: usize) {}
}

impl std::fmt::Write for Out {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

impl PartialEq<&str> for Out {
    fn eq(&self, o: &&str) -> bool {
        self.as_bytes() == o.as_bytes()
    }
}

impl std::fmt::Debug for Out {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

/// An ASCII digit as a char (`d` < 16: `0-9a-f`).
#[inline(always)]
fn digit(d: u32) -> char {
    LOWER[(d & 15) as usize] as char
}

/// Appends `v` in decimal (one `char` push per digit: no slice copy, no `core::fmt`).
#[inline]
pub fn dec<W: Sink>(out: &mut W, v: u32) {
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
pub fn dec_small<W: Sink>(out: &mut W, v: u32) {
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
fn dec_long<W: Sink>(out: &mut W, v: u32) {
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    let mut x = v;
    while x != 0 {
        i -= 1;
        buf[i] = b'0' + (x % 10) as u8;
        x /= 10;
    }
    out.bytes(&buf[i..]);
}

#[inline(never)]
fn dec_u64<W: Sink>(out: &mut W, mut v: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    while v != 0 {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
    }
    out.bytes(&buf[i..]);
}

/// Appends a signed decimal.
#[inline]
pub fn sdec<W: Sink>(out: &mut W, v: i64) {
    if v < 0 {
        out.push('-');
    }
    let a = v.unsigned_abs();
    if a > u32::MAX as u64 {
        dec_u64(out, a);
    } else {
        dec(out, a as u32);
    }
}

const LOWER: &[u8; 16] = b"0123456789abcdef";
const UPPER: &[u8; 16] = b"0123456789ABCDEF";

fn hex_digits<W: Sink>(out: &mut W, v: u64, width: usize, digits: &[u8; 16]) {
    // Significant nibbles, at least `width` of them.
    let sig = ((64 - v.leading_zeros() as usize) + 3) / 4;
    let n = sig.max(width).clamp(1, 16);
    for k in (0..n).rev() {
        out.push(digits[((v >> (4 * k)) & 15) as usize] as char);
    }
}

/// `0x` and lower-case hex digits, no padding.
#[allow(dead_code)]
pub fn hex<W: Sink>(out: &mut W, v: u64) {
    out.push_str("0x");
    hex_digits(out, v, 1, LOWER);
}

/// `0x` and lower-case hex digits of a 32-bit value, no padding (as `format!("0x{v:x}")`).
#[inline]
pub fn hex32<W: Sink>(out: &mut W, v: u32) {
    // The significant digits shifted to the top, two per byte from a table (`HEX2`), then one
    // fixed-size copy of `0x` and them (no per-digit push).
    let n = (32 - v.leading_zeros()).max(1).div_ceil(4);
    let [b0, b1, b2, b3] = (v << (4 * (8 - n))).to_be_bytes();
    let h = |b: u8| HEX2[b as usize] as u128;
    let text = 0x7830 | h(b0) << 16 | h(b1) << 32 | h(b2) << 48 | h(b3) << 64;
    out.padded(&text.to_le_bytes(), 2 + n as usize);
}

/// The two lower-case hex digits of each byte, the first in the low byte (little-endian text).
static HEX2: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = LOWER[i >> 4] as u16 | (LOWER[i & 15] as u16) << 8;
        i += 1;
    }
    t
};

/// A signed 32-bit value as `0x..` or `-0x..` (magnitude in hex).
pub fn shex32<W: Sink>(out: &mut W, v: i32) {
    if v < 0 {
        out.push('-');
    }
    hex32(out, v.unsigned_abs());
}

/// Register names `p0`..`p{N-1}` padded to 8 bytes with the length in the last byte (for
/// [`Out::name8`]).
pub const fn pad_names<const N: usize>(p: u8) -> [[u8; 8]; N] {
    let mut t = [[0u8; 8]; N];
    let mut i = 0;
    while i < N {
        let mut b = [0u8; 8];
        b[0] = p;
        b[7] = gpuisa_core::bits::put_dec3(&mut b, 1, i) as u8;
        t[i] = b;
        i += 1;
    }
    t
}

/// Appends an ASCII byte string (short fixed text: one `char` push per byte, no `memcpy`).
#[inline(always)]
pub fn ascii<W: Sink>(out: &mut W, s: &[u8]) {
    for &b in s {
        out.push(b as char);
    }
}

/// Upper-case hex padded with zeros to `width` digits (no prefix).
#[allow(dead_code)]
pub fn upper_hex<W: Sink>(out: &mut W, v: u64, width: usize) {
    hex_digits(out, v, width.min(16), UPPER);
}

/// An integer as llvm-mc reads one: decimal digits or `0x` hex up to 64 bits
/// (`0xbff0000000000000` is -1.0's f64 bits), optionally negated.
pub fn parse_int(t: &str) -> Option<i64> {
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t),
    };
    let v = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        // Up to 64 bits, as llvm-mc reads it (0xbff0000000000000 is -1.0's f64 bits).
        u64::from_str_radix(h, 16).ok()? as i64
    } else if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        t.parse::<i64>().ok()?
    } else {
        return None;
    };
    Some(if neg { -v } else { v })
}

/// The first index from `i` on whose byte is not a space (runs of spaces skipped eight bytes a
/// step: long blank runs are common in hand-aligned and generated assembly).
#[inline]
pub fn skip_spaces(b: &[u8], mut i: usize) -> usize {
    const SPACES: u64 = u64::from_ne_bytes([b' '; 8]);
    while let Some(c) = b.get(i..i + 8) {
        let w = u64::from_ne_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]) ^ SPACES;
        if w != 0 {
            // (the first byte in memory order that differs)
            let k = if cfg!(target_endian = "little") {
                w.trailing_zeros()
            } else {
                w.leading_zeros()
            };
            return i + (k / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && b[i] == b' ' {
        i += 1;
    }
    i
}

/// llvm-mc's `--show-encoding` line: text padded to 40 columns, then the bytes.
pub fn encoding_line(out: &mut String, text: &str, bytes: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    const PAD: &str = "                                       ";
    out.reserve(text.len() + PAD.len() + 16 + 5 * bytes.len());
    out.push('\t');
    out.push_str(text);
    let w = if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    };
    // Padded to 39 columns.
    out.push_str(PAD.get(w.min(PAD.len())..).unwrap_or(""));
    out.push_str(" ; encoding: [");
    for (i, &b) in bytes.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("0x");
        out.push(HEX[(b >> 4) as usize] as char);
        out.push(HEX[(b & 15) as usize] as char);
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Out` never panics: a text past its capacity is reported, truncating keeps the report,
    /// padded copies advance by the name's length only.
    #[test]
    fn out_buffer() {
        let mut o = Out::new();
        o.push_str("v_mov_b32");
        o.padded(b"_e32\0\0\0\0", 4);
        o.name8(&pad_names::<256>(b'v')[255]);
        o.insert_str(4, "XY");
        assert_eq!(o, "v_moXYv_b32_e32v255");
        o.truncate(3);
        assert_eq!(o.as_str(), "v_m");
        for _ in 0..OUT_CAP {
            o.push('x');
            o.name8(&pad_names::<10>(b's')[9]);
            o.push_str("0123456789abcdef0123456789abcdef0123456789");
        }
        assert!(o.overflowed());
        o.truncate(2);
        o.insert_str(1, "z");
        assert!(o.overflowed());
        assert!(o.as_str().len() <= OUT_CAP);
        o.clear();
        assert!(!o.overflowed() && o.is_empty());
    }

    /// `hex32` prints what `format!` does, for every digit count and digit value.
    #[test]
    fn hex32_as_format() {
        let mut o = Out::new();
        let mut x = 0x9e37_79b9u32;
        for i in 0..20_000u32 {
            x = x.rotate_left(5) ^ x.wrapping_mul(0x85eb_ca6b) ^ i;
            for v in [x, x >> (i % 32), i, u32::MAX - i] {
                o.clear();
                hex32(&mut o, v);
                assert_eq!(o.as_str(), format!("{v:#x}"));
            }
        }
    }

    #[test]
    fn numbers() {
        let mut s = Out::new();
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
        for v in [
            0u32,
            9,
            0x10,
            0xabc,
            0xffff_ffff,
            0x8000_0000,
            0x0123_4567,
            0x89ab_cdef,
        ] {
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
             0x0,0x9,0x10,0xabc,0xffffffff,0x80000000,0x1234567,0x89abcdef,-0x100000,-0x80000000 \
             7,10,99,100,999,1000,65535,"
        );
    }
}
