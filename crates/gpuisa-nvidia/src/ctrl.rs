//! Maxwell control words: every 32-byte bundle starts with one 64-bit word holding three 21-bit
//! fields (bits 0, 21, 42), one per following instruction.
//!
//! Field layout (measured, see docs/nvidia.md): stall [3:0], yield [4] (0 = yield), write barrier
//! [7:5] (7 = none), read barrier [10:8] (7 = none), wait mask [16:11], reuse flags [20:17].

/// The scheduling fields of one instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ctrl {
    pub stall: u8,
    /// The raw yield bit: 0 means the warp may yield, 1 means it does not.
    pub yield_bit: bool,
    /// Write barrier 0..=5, 7 = none (6 is encodable and kept).
    pub write_bar: u8,
    pub read_bar: u8,
    pub wait_mask: u8,
    pub reuse: u8,
}

impl Default for Ctrl {
    fn default() -> Self {
        Ctrl {
            stall: 0,
            yield_bit: false,
            write_bar: 7,
            read_bar: 7,
            wait_mask: 0,
            reuse: 0,
        }
    }
}

impl Ctrl {
    pub const fn from_bits(f: u32) -> Ctrl {
        Ctrl {
            stall: (f & 0xf) as u8,
            yield_bit: (f >> 4) & 1 != 0,
            write_bar: ((f >> 5) & 7) as u8,
            read_bar: ((f >> 8) & 7) as u8,
            wait_mask: ((f >> 11) & 0x3f) as u8,
            reuse: ((f >> 17) & 0xf) as u8,
        }
    }

    pub const fn bits(self) -> u32 {
        (self.stall as u32 & 0xf)
            | (self.yield_bit as u32) << 4
            | (self.write_bar as u32 & 7) << 5
            | (self.read_bar as u32 & 7) << 8
            | (self.wait_mask as u32 & 0x3f) << 11
            | (self.reuse as u32 & 0xf) << 17
    }

    /// nvdisasm dual-issues an instruction with the next one when its stall is 0 and its yield bit is 1.
    pub const fn dual_issue(self) -> bool {
        self.stall == 0 && self.yield_bit
    }

    /// `[B------:R-:W0:Y:S04]`: wait mask (a digit per waited barrier), read and write barrier,
    /// `Y` if the warp may yield (`-` otherwise), stall count in decimal.
    pub fn render<S: crate::fmt::Sink + ?Sized>(self, out: &mut S) {
        out.push_str("[B");
        for i in 0..6 {
            out.push(if self.wait_mask >> i & 1 != 0 {
                (b'0' + i) as char
            } else {
                '-'
            });
        }
        out.push_str(":R");
        push_bar(out, self.read_bar);
        out.push_str(":W");
        push_bar(out, self.write_bar);
        out.push(':');
        out.push(if self.yield_bit { '-' } else { 'Y' });
        out.push_str(":S");
        out.push((b'0' + self.stall / 10) as char);
        out.push((b'0' + self.stall % 10) as char);
        out.push(']');
    }

    /// Parses the `render` form. Returns None on any malformation.
    pub fn parse(s: &str) -> Option<Ctrl> {
        let b = s.as_bytes();
        // [B------:R-:W-:Y:S04]
        if b.len() != 21 || b[0] != b'[' || b[1] != b'B' || b[20] != b']' {
            return None;
        }
        let mut c = Ctrl::default();
        for i in 0..6 {
            match b[2 + i] {
                b'-' => {}
                d if d == b'0' + i as u8 => c.wait_mask |= 1 << i,
                _ => return None,
            }
        }
        if &b[8..10] != b":R" || &b[11..13] != b":W" || b[14] != b':' || &b[16..18] != b":S" {
            return None;
        }
        c.read_bar = parse_bar(b[10])?;
        c.write_bar = parse_bar(b[13])?;
        c.yield_bit = match b[15] {
            b'Y' => false,
            b'-' => true,
            _ => return None,
        };
        let hi = b[18].wrapping_sub(b'0');
        let lo = b[19].wrapping_sub(b'0');
        if hi > 9 || lo > 9 || hi * 10 + lo > 15 {
            return None;
        }
        c.stall = hi * 10 + lo;
        Some(c)
    }
}

fn push_bar<S: crate::fmt::Sink + ?Sized>(out: &mut S, b: u8) {
    out.push(if b == 7 { '-' } else { (b'0' + b) as char });
}

fn parse_bar(c: u8) -> Option<u8> {
    match c {
        b'-' => Some(7),
        b'0'..=b'6' => Some(c - b'0'),
        _ => None,
    }
}

/// Splits a control word into its three fields.
pub const fn unpack(word: u64) -> [Ctrl; 3] {
    [
        Ctrl::from_bits((word & 0x1f_ffff) as u32),
        Ctrl::from_bits(((word >> 21) & 0x1f_ffff) as u32),
        Ctrl::from_bits(((word >> 42) & 0x1f_ffff) as u32),
    ]
}

/// Packs three fields into a control word (bit 63 zero).
pub const fn pack(c: [Ctrl; 3]) -> u64 {
    c[0].bits() as u64 | (c[1].bits() as u64) << 21 | (c[2].bits() as u64) << 42
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpuisa_core::rng::Rng;

    #[test]
    fn real_control_words() {
        // From ptxas 11.8 output: 0x001c4400fe0007f6 (first field: stall 6, no yield, no barriers).
        let c = unpack(0x001c4400fe0007f6);
        let mut s = String::new();
        c[0].render(&mut s);
        assert_eq!(s, "[B------:R-:W-:-:S06]");
        assert_eq!(pack(c), 0x001c4400fe0007f6);
        // LDC waiting: field 0 of 0x001cfc00fda00734 -> stall 4, yield bit 1, write barrier 1.
        let c = unpack(0x001cfc00fda00734);
        s.clear();
        c[0].render(&mut s);
        assert_eq!(s, "[B------:R-:W1:-:S04]");
    }

    #[test]
    fn render_parse_round_trip() {
        let mut rng = Rng::new(5);
        for _ in 0..20_000 {
            let f = (rng.next_u32() & 0x1f_ffff) & !(0xf << 17);
            let c = Ctrl::from_bits(f);
            let mut s = String::new();
            c.render(&mut s);
            let back = Ctrl::parse(&s).unwrap();
            assert_eq!(back.bits(), f, "{s}");
        }
        for bad in [
            "",
            "[B------:R-:W-:Y:S16]",
            "[B1-----:R-:W-:Y:S01]",
            "[B------:R7:W-:Y:S01]",
        ] {
            assert!(Ctrl::parse(bad).is_none(), "{bad}");
        }
    }
}
