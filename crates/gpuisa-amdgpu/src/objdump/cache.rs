//! A decoded-instruction cache for the listing. Compiled code repeats itself (`s_waitcnt`,
//! `s_nop`, address arithmetic, the same load in every kernel of an object), so the lister
//! remembers the rendered line of recently decoded words in a small direct-mapped table and
//! copies it on a repeat instead of decoding and printing again.
//!
//! Why this is exact: an instruction's text depends only on its own dwords (branch labels and
//! addresses are added by the lister), and the decoders read no dword beyond the length they
//! return. So a 1-dword instruction is keyed by its first dword, a 2-dword one by both (and the
//! rendering may use the instruction's dwords too: they are the key). Longer instructions,
//! failures and very long lines are not cached. `tests/objdump_cache.rs` checks the property on
//! every golden vector of every generation and that hits equal fresh decodes.

/// At most this many slots (a power of two).
const SLOTS: usize = 2048;
/// Longer renderings are not cached (they are rare: MIMG and MUBUF with many modifiers).
const LINE: usize = 120;

/// See the module documentation. One cache per listing: it is tied to one decoder (generation,
/// wave size) and one rendering. The table is three zero-initialised arrays (the allocator hands
/// out untouched zero pages: a slot costs nothing until it is used).
pub struct DecodeCache {
    /// Per slot: the first dword, and the second one for a 2-dword instruction.
    keys: Vec<u64>,
    /// Per slot: the number `render` returned (low 32 bits), the rendering's length (bits 32-39)
    /// and the instruction's length in dwords (bits 40-47; 0: empty slot).
    meta: Vec<u64>,
    /// Per slot: `LINE` bytes of rendering.
    bytes: Vec<u8>,
    bits: u32,
    text: String,
    scratch: Vec<u8>,
    /// Lookups answered from the table, and lookups that decoded.
    pub hits: u64,
    pub misses: u64,
}

impl Default for DecodeCache {
    fn default() -> Self {
        Self::for_words(SLOTS)
    }
}

impl DecodeCache {
    /// A cache sized for a listing of about `words` dwords.
    pub fn for_words(words: usize) -> Self {
        let n = words.next_power_of_two().clamp(16, SLOTS);
        DecodeCache {
            keys: vec![0; n],
            meta: vec![0; n],
            bytes: vec![0; n * LINE],
            bits: n.trailing_zeros(),
            text: String::with_capacity(256),
            scratch: Vec::with_capacity(256),
            hits: 0,
            misses: 0,
        }
    }

    fn slot(&self, i: usize) -> (usize, &[u8], u32) {
        let m = self.meta[i];
        let n = (m >> 32 & 0xff) as usize;
        (
            (m >> 40 & 0xff) as usize,
            &self.bytes[i * LINE..i * LINE + n],
            m as u32,
        )
    }

    /// The instruction at `w` (`n` dwords available): on a miss, `decode(text)` appends its text
    /// and returns its length in dwords, then `render(text, len, out)` turns it into bytes and
    /// a number. Returns the length, those bytes and that number.
    pub fn decode_with(
        &mut self,
        w: &[u32],
        n: usize,
        decode: impl FnOnce(&mut String) -> Result<usize, ()>,
        render: impl FnOnce(&str, usize, &mut Vec<u8>) -> u32,
    ) -> Result<(usize, &[u8], u32), ()> {
        // A 1-dword instruction lives in the slot of its dword, a 2-dword one in the slot of
        // both (instructions that share a first dword, VOP3 or SMEM, do not evict each other).
        let one = w.first().copied().unwrap_or(0) as u64;
        let two = one | (w.get(1).copied().unwrap_or(0) as u64) << 32;
        let a = slot_of(one, self.bits);
        if self.keys[a] == one && self.meta[a] >> 40 == 1 {
            self.hits += 1;
            return Ok(self.slot(a));
        }
        let b = slot_of(two, self.bits);
        if self.keys[b] == two && self.meta[b] >> 40 == 2 && n >= 2 {
            self.hits += 1;
            return Ok(self.slot(b));
        }
        self.misses += 1;
        self.text.clear();
        let len = decode(&mut self.text)?;
        self.scratch.clear();
        let tag = render(&self.text, len, &mut self.scratch);
        if (1..=2).contains(&len) && self.scratch.len() <= LINE {
            let (i, key) = if len == 1 { (a, one) } else { (b, two) };
            let k = self.scratch.len();
            self.keys[i] = key;
            self.meta[i] = (len as u64) << 40 | (k as u64) << 32 | tag as u64;
            self.bytes[i * LINE..i * LINE + k].copy_from_slice(&self.scratch);
            return Ok(self.slot(i));
        }
        Ok((len, &self.scratch, tag))
    }
}

fn slot_of(key: u64, bits: u32) -> usize {
    let h = (key ^ key >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> (64 - bits)) as usize
}
