//! A fast hash for the assemblers' string-keyed maps.

/// A multiply-rotate hash (as rustc's FxHash) for string-keyed maps: the assemblers' symbol
/// indexes and caches look names up for most operands, and SipHash's resistance to chosen keys
/// is not needed for an assembler's input.
#[derive(Clone, Copy, Default)]
pub struct FastHash;

#[derive(Default)]
pub struct FastHasher(u64);

impl std::hash::BuildHasher for FastHash {
    type Hasher = FastHasher;
    fn build_hasher(&self) -> FastHasher {
        FastHasher(0)
    }
}

impl std::hash::Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        let mut h = self.0;
        let mut c = bytes.chunks_exact(8);
        for x in &mut c {
            let v = u64::from_le_bytes([x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]]);
            h = (h.rotate_left(5) ^ v).wrapping_mul(K);
        }
        for &b in c.remainder() {
            h = (h.rotate_left(5) ^ b as u64).wrapping_mul(K);
        }
        self.0 = h;
    }
    fn write_u8(&mut self, b: u8) {
        self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}
