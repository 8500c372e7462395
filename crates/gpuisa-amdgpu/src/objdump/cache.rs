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
    scratch_len: usize,
    scratch_tag: u32,
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
            scratch_len: 0,
            scratch_tag: 0,
            hits: 0,
            misses: 0,
        }
    }

    /// A slot's instruction length, rendering and number.
    #[inline]
    pub fn slot(&self, i: usize) -> (usize, &[u8], u32) {
        let m = self.meta[i];
        let n = (m >> 32 & 0xff) as usize;
        (
            (m >> 40 & 0xff) as usize,
            &self.bytes[i * LINE..i * LINE + n],
            m as u32,
        )
    }

    /// The slot holding the instruction that starts with `w0`, `w1` (`n` dwords available), if
    /// cached. A 1-dword instruction lives in the slot of its dword, a 2-dword one in the slot of
    /// both (instructions that share a first dword, VOP3 or SMEM, do not evict each other).
    #[inline(always)]
    pub fn find(&mut self, w0: u32, w1: u32, n: usize) -> Option<usize> {
        let one = w0 as u64;
        let a = slot_of(one, self.bits);
        if self.keys[a] == one && self.meta[a] >> 40 == 1 {
            self.hits += 1;
            return Some(a);
        }
        let two = one | (w1 as u64) << 32;
        let b = slot_of(two, self.bits);
        if self.keys[b] == two && self.meta[b] >> 40 == 2 && n >= 2 {
            self.hits += 1;
            return Some(b);
        }
        None
    }

    /// After a [`find`](Self::find) miss: `decode(text)` appends the text of the instruction at
    /// `w` and returns its length in dwords, `render(text, len, out)` turns it into bytes and a
    /// number, which are stored. Returns the slot, or `None` when the instruction is not cached
    /// (3+ dwords, a long line): then [`uncached`](Self::uncached) holds it.
    pub fn fill(
        &mut self,
        w: &[u32],
        decode: impl FnOnce(&mut String) -> Result<usize, ()>,
        render: impl FnOnce(&str, usize, &mut Vec<u8>) -> u32,
    ) -> Result<Option<usize>, ()> {
        self.misses += 1;
        self.text.clear();
        let len = decode(&mut self.text)?;
        self.scratch.clear();
        self.scratch_tag = render(&self.text, len, &mut self.scratch);
        self.scratch_len = len;
        if !(1..=2).contains(&len) || self.scratch.len() > LINE {
            return Ok(None);
        }
        let one = w.first().copied().unwrap_or(0) as u64;
        let (i, key) = if len == 1 {
            (slot_of(one, self.bits), one)
        } else {
            let two = one | (w.get(1).copied().unwrap_or(0) as u64) << 32;
            (slot_of(two, self.bits), two)
        };
        let k = self.scratch.len();
        self.keys[i] = key;
        self.meta[i] = (len as u64) << 40 | (k as u64) << 32 | self.scratch_tag as u64;
        self.bytes[i * LINE..i * LINE + k].copy_from_slice(&self.scratch);
        Ok(Some(i))
    }

    /// The last [`fill`](Self::fill) that was not cached: length, bytes and number.
    pub fn uncached(&self) -> (usize, &[u8], u32) {
        (self.scratch_len, &self.scratch, self.scratch_tag)
    }

    /// [`find`](Self::find), then [`fill`](Self::fill) on a miss, in one call.
    pub fn decode_with(
        &mut self,
        w: &[u32],
        n: usize,
        decode: impl FnOnce(&mut String) -> Result<usize, ()>,
        render: impl FnOnce(&str, usize, &mut Vec<u8>) -> u32,
    ) -> Result<(usize, &[u8], u32), ()> {
        let w0 = w.first().copied().unwrap_or(0);
        let w1 = w.get(1).copied().unwrap_or(0);
        if let Some(i) = self.find(w0, w1, n) {
            return Ok(self.slot(i));
        }
        Ok(match self.fill(w, decode, render)? {
            Some(i) => self.slot(i),
            None => self.uncached(),
        })
    }
}

fn slot_of(key: u64, bits: u32) -> usize {
    let h = (key ^ key >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> (64 - bits)) as usize
}
