//! LDC (load constant) as a typed instruction, for the emulator and tests. The text form is the
//! `LDC` line of data/maxwell.forms; this view gives named fields and keeps the reserved bits so
//! that `Ldc::from_word(w).to_word() == w` for every LDC word.

/// LDC size field (bits 48-50).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    U8,
    S8,
    U16,
    S16,
    B32,
    B64,
    Invalid6,
    Invalid7,
}

/// LDC address mode (bits 44-45).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Ia,
    Il,
    Is,
    Isl,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ldc {
    pub rd: u8,
    /// 255 = RZ
    pub ra: u8,
    pub pred: u8,
    pub pred_neg: bool,
    pub offset: i16,
    pub bank: u8,
    pub mode: Mode,
    pub size: Size,
    /// Bits 41-43 and 46-47, ignored by the hardware description and by nvdisasm; kept.
    pub reserved: u64,
}

pub const OPCODE_MASK: u64 = 0xfff8 << 48;
pub const OPCODE: u64 = 0xef90 << 48;
const RESERVED_MASK: u64 = (7 << 41) | (3 << 46);

pub fn is_ldc(w: u64) -> bool {
    w & OPCODE_MASK == OPCODE
}

impl Ldc {
    pub fn from_word(w: u64) -> Option<Ldc> {
        if !is_ldc(w) {
            return None;
        }
        Some(Ldc {
            rd: w as u8,
            ra: (w >> 8) as u8,
            pred: ((w >> 16) & 7) as u8,
            pred_neg: (w >> 19) & 1 != 0,
            offset: (w >> 20) as u16 as i16,
            bank: ((w >> 36) & 0x1f) as u8,
            mode: [Mode::Ia, Mode::Il, Mode::Is, Mode::Isl][((w >> 44) & 3) as usize],
            size: [
                Size::U8,
                Size::S8,
                Size::U16,
                Size::S16,
                Size::B32,
                Size::B64,
                Size::Invalid6,
                Size::Invalid7,
            ][((w >> 48) & 7) as usize],
            reserved: w & RESERVED_MASK,
        })
    }

    pub fn to_word(&self) -> u64 {
        OPCODE
            | self.rd as u64
            | (self.ra as u64) << 8
            | (self.pred as u64 & 7) << 16
            | (self.pred_neg as u64) << 19
            | (self.offset as u16 as u64) << 20
            | (self.bank as u64 & 0x1f) << 36
            | (self.mode as u64) << 44
            | (self.size as u64) << 48
            | (self.reserved & RESERVED_MASK)
    }

    /// Bytes read, or None for the two invalid sizes.
    pub fn bytes(&self) -> Option<u32> {
        match self.size {
            Size::U8 | Size::S8 => Some(1),
            Size::U16 | Size::S16 => Some(2),
            Size::B32 => Some(4),
            Size::B64 => Some(8),
            Size::Invalid6 | Size::Invalid7 => None,
        }
    }

    /// (bank, byte address, forced zero) for a lane whose Ra value is `ra` (ignored if Ra is RZ),
    /// per the four address modes; all arithmetic wraps at 32 bits. With Ra = RZ the seed says
    /// "the address is an unsigned 16-bit immediate": bits 20-35 are then zero-extended
    /// (`c[0x3][-0x8000]` as printed reads byte 0x8000), otherwise they are a signed offset.
    pub fn address(&self, ra: u32) -> (u32, u32, bool) {
        let (ra, imm) = if self.ra == 255 {
            (0, self.offset as u16 as u32)
        } else {
            (ra, self.offset as i32 as u32)
        };
        let bank = self.bank as u32;
        match self.mode {
            Mode::Ia => (bank, ra.wrapping_add(imm), false),
            Mode::Il => {
                let s = ra.wrapping_add(imm);
                (bank.wrapping_add(s >> 16), s & 0xffff, false)
            }
            Mode::Is | Mode::Isl => {
                let b = bank.wrapping_add(ra >> 16);
                let a = imm.wrapping_add(ra & 0xffff);
                (b, a, self.mode == Mode::Isl && b > 13)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpuisa_core::rng::Rng;

    #[test]
    fn round_trips_every_bit() {
        let mut rng = Rng::new(3);
        for _ in 0..100_000 {
            let w = (rng.next_u64() & !OPCODE_MASK) | OPCODE;
            assert_eq!(Ldc::from_word(w).unwrap().to_word(), w, "{w:#x}");
        }
        assert!(Ldc::from_word(0x5c98078000870001).is_none());
    }

    #[test]
    fn address_modes() {
        let l = |mode, off: i16, bank| Ldc {
            rd: 0,
            ra: 0,
            pred: 7,
            pred_neg: false,
            offset: off,
            bank,
            mode,
            size: Size::B32,
            reserved: 0,
        };
        assert_eq!(l(Mode::Ia, -16, 3).address(0x20), (3, 0x10, false));
        assert_eq!(l(Mode::Ia, -16, 3).address(0), (3, 0xffff_fff0, false));
        assert_eq!(l(Mode::Il, 0x10, 1).address(0x2fff8), (4, 0x8, false));
        assert_eq!(l(Mode::Is, 0x10, 1).address(0x2fff8), (3, 0x10008, false));
        assert_eq!(l(Mode::Isl, 0, 12).address(0x20000), (14, 0, true));
        assert_eq!(l(Mode::Isl, 0, 12).address(0x10000), (13, 0, false));
        // Ra = RZ: the immediate is unsigned 16-bit (the seed), whatever the mode
        let rz = |mode, off: i16| Ldc {
            ra: 255,
            ..l(mode, off, 3)
        };
        assert_eq!(rz(Mode::Ia, -0x8000).address(0x1234), (3, 0x8000, false));
        assert_eq!(rz(Mode::Ia, -4).address(0), (3, 0xfffc, false));
        assert_eq!(rz(Mode::Il, -4).address(0), (3, 0xfffc, false));
        assert_eq!(rz(Mode::Is, -0x7000).address(0), (3, 0x9000, false));
    }
}
