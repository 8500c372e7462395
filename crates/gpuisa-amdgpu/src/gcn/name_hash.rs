// Included by build.rs and by src/gcn/table.rs: the same function places the names of the
// assembler's mnemonic index at build time and finds them at run time.

/// A multiply-rotate hash of a short ASCII name, eight bytes at a time.
pub fn name_hash(b: &[u8]) -> u64 {
    let mut h = b.len() as u64;
    let mut chunks = b.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        h = (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    // The last 0-7 bytes, little-endian.
    let last = (chunks.remainder().iter().rev()).fold(0u64, |a, &c| a << 8 | c as u64);
    h = (h.rotate_left(5) ^ last).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    h ^ h >> 29
}
