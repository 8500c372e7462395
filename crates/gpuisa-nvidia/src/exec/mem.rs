//! Memory seen by a kernel: constant banks and global buffers.

use crate::ldc::{Ldc, Size};

/// Bytes per constant bank.
pub const BANK_BYTES: usize = 0x10000;
/// Banks the hardware implements (the rest read 0).
pub const BANKS_IMPLEMENTED: u32 = 18;
/// Banks reachable in compute mode.
pub const BANKS_COMPUTE: u32 = 8;

/// Constant banks 0..31 of 64 KB (allocated when written).
#[derive(Clone, Debug)]
pub struct ConstBanks {
    banks: Vec<Option<Vec<u8>>>,
    /// Banks at or above this number read 0 (8 in compute mode, 18 otherwise).
    pub limit: u32,
}

impl Default for ConstBanks {
    fn default() -> Self {
        ConstBanks {
            banks: vec![None; 32],
            limit: BANKS_COMPUTE,
        }
    }
}

/// What an LDC lane read produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LdcRead {
    /// Value (64-bit for `.64`, zero/sign-extended for the narrow sizes).
    Value(u64),
    /// The address is not aligned to the access size.
    Misaligned { bank: u32, addr: u32 },
}

impl ConstBanks {
    pub fn new(compute: bool) -> Self {
        ConstBanks {
            limit: if compute {
                BANKS_COMPUTE
            } else {
                BANKS_IMPLEMENTED
            },
            ..Default::default()
        }
    }

    /// Writes bytes at `offset` of `bank` (bank < 32, offset + len <= 64 KB), or an error text.
    pub fn write(&mut self, bank: u32, offset: usize, bytes: &[u8]) -> Result<(), String> {
        if bank >= 32 {
            return Err(format!("constant bank {bank} does not exist (0..31)"));
        }
        let end = offset
            .checked_add(bytes.len())
            .filter(|&e| e <= BANK_BYTES)
            .ok_or_else(|| {
                format!(
                    "constant bank {bank}: 0x{offset:x}+{} bytes passes 64 KB",
                    bytes.len()
                )
            })?;
        let b = self.banks[bank as usize].get_or_insert_with(|| vec![0; BANK_BYTES]);
        b[offset..end].copy_from_slice(bytes);
        Ok(())
    }

    /// A byte as the hardware reads it: 0 for unimplemented banks and out-of-bounds addresses.
    fn byte(&self, bank: u32, addr: u32) -> u8 {
        if bank >= self.limit || addr as usize >= BANK_BYTES {
            return 0;
        }
        match self.banks.get(bank as usize) {
            Some(Some(b)) => b[addr as usize],
            _ => 0,
        }
    }

    /// A 32-bit word for `c[bank][offset]` operands.
    pub fn word(&self, bank: u32, addr: u32) -> u32 {
        // the common case in one slice read: an implemented bank, the word inside it
        if bank < self.limit && (addr as usize) + 4 <= BANK_BYTES {
            if let Some(Some(b)) = self.banks.get(bank as usize) {
                let a = addr as usize;
                return u32::from_le_bytes([b[a], b[a + 1], b[a + 2], b[a + 3]]);
            }
        }
        u32::from_le_bytes([0, 1, 2, 3].map(|i| self.byte(bank, addr.wrapping_add(i))))
    }

    /// One lane of an LDC: bank and address per the instruction's mode, alignment, bounds.
    pub fn ldc(&self, ldc: &Ldc, ra: u32) -> LdcRead {
        let (bank, addr, forced_zero) = ldc.address(ra);
        let n = match ldc.size {
            Size::U8 | Size::S8 => 1,
            Size::U16 | Size::S16 => 2,
            Size::B32 => 4,
            Size::B64 => 8,
            // callers fault on the invalid sizes before reading
            Size::Invalid6 | Size::Invalid7 => 4,
        };
        if addr % n != 0 {
            return LdcRead::Misaligned { bank, addr };
        }
        if forced_zero {
            return LdcRead::Value(0);
        }
        let mut v = 0u64;
        for i in 0..n {
            // bytes past 64 KB (or of a bank >= limit) read 0 one by one; an access that starts in
            // range is aligned, so it never straddles the end
            v |= (self.byte(bank, addr.wrapping_add(i)) as u64) << (8 * i);
        }
        LdcRead::Value(match ldc.size {
            Size::S8 => v as u8 as i8 as i32 as u32 as u64,
            Size::S16 => v as u16 as i16 as i32 as u32 as u64,
            _ => v,
        })
    }
}

/// Global memory: named buffers placed at fixed, 16 MB-aligned device addresses.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    pub buffers: Vec<(String, u64, Vec<u8>)>,
}

/// Device address of the first buffer.
pub const GLOBAL_BASE: u64 = 0x1_0000_0000;
const SPACING: u64 = 0x100_0000;

impl Memory {
    /// Adds a buffer and returns its device address.
    pub fn add(&mut self, name: &str, data: Vec<u8>) -> u64 {
        let addr = GLOBAL_BASE + SPACING * self.buffers.len() as u64;
        self.buffers.push((name.to_string(), addr, data));
        addr
    }

    fn find(&mut self, addr: u64, len: usize) -> Option<&mut [u8]> {
        for (_, base, data) in &mut self.buffers {
            if addr >= *base {
                let off = addr - *base;
                if off.checked_add(len as u64)? <= data.len() as u64 {
                    let o = off as usize;
                    return Some(&mut data[o..o + len]);
                }
            }
        }
        None
    }

    pub fn load(&mut self, addr: u64, out: &mut [u8]) -> Result<(), String> {
        let len = out.len();
        match self.find(addr, len) {
            Some(s) => {
                out.copy_from_slice(s);
                Ok(())
            }
            None => Err(format!(
                "global load of {len} bytes at 0x{addr:x} is outside every buffer"
            )),
        }
    }

    pub fn store(&mut self, addr: u64, bytes: &[u8]) -> Result<(), String> {
        match self.find(addr, bytes.len()) {
            Some(s) => {
                s.copy_from_slice(bytes);
                Ok(())
            }
            None => Err(format!(
                "global store of {} bytes at 0x{addr:x} is outside every buffer",
                bytes.len()
            )),
        }
    }

    pub fn get(&self, name: &str) -> Option<&[u8]> {
        self.buffers
            .iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, _, d)| d.as_slice())
    }
}
