//! A decoded-instruction cache for the listing. Compiled code repeats itself (`s_waitcnt`,
//! `s_nop`, address arithmetic, the same load in every kernel of an object), so the lister
//! remembers the rendered line of recently decoded words in a small two-way set-associative
//! table and copies it on a repeat instead of decoding and printing again.
//!
//! Why this is exact: an instruction's text depends only on its own dwords (branch labels and
//! addresses are added by the lister), and the decoders read no dword beyond the length they
//! return. So a 1-dword instruction is keyed by its first dword, a 2-dword one by both (and the
//! rendering may use the instruction's dwords too: they are the key). Longer instructions,
//! failures and very long lines are not cached. `tests/objdump_cache.rs` checks the property on
//! every golden vector of every generation and that hits equal fresh decodes.
//!
//! A slot is one 128-byte record (key, lengths, the rendered line), so a hit touches two
//! adjacent cache lines, and the lister copies the whole fixed-size line buffer (a few vector
//! moves, no length-dependent `memcpy`) before it advances by the line's real length. A miss is
//! rendered straight into the slot it takes, then copied out like a hit.

use crate::text::Out as Text;

/// At most this many slots (a power of two).
const SLOTS: usize = 2048;
/// Longer renderings are not cached (they are rare: MIMG and MUBUF with many modifiers).
pub const LINE: usize = 128 - HEAD;

/// One cached instruction: a 128-byte record. Bytes 0-7: the key (the first dword, and the second
/// one for a 2-dword instruction); 8-11: the number `render` returned; 12: the instruction's
/// length in dwords (1 or 2; 0: an empty slot); 13: the rendering's length; 14 (in a set's first
/// slot): the way to fill next when both are taken; 16-127: the rendering, then unspecified
/// bytes.
#[derive(Clone, Copy)]
pub struct Slot<'a>(&'a [u8; 128]);

/// Where a slot's rendering starts.
const HEAD: usize = 16;

impl<'a> Slot<'a> {
    /// The number `render` returned.
    #[inline(always)]
    pub fn tag(&self) -> u32 {
        u32::from_le_bytes([self.0[8], self.0[9], self.0[10], self.0[11]])
    }
    /// The instruction's length in dwords.
    #[inline(always)]
    pub fn dwords(&self) -> usize {
        self.0[12] as usize
    }
    /// The rendering's length in bytes.
    #[inline(always)]
    pub fn n(&self) -> usize {
        self.0[13] as usize
    }
    /// The whole line buffer: the rendering, then unspecified bytes (for fixed-size copies).
    #[inline(always)]
    pub fn line(&self) -> &'a [u8; LINE] {
        let [_, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, line @ ..] = self.0;
        line
    }
    /// The rendering.
    #[inline]
    pub fn bytes(&self) -> &'a [u8] {
        &self.0[HEAD..HEAD + self.n()]
    }
}

/// See the module documentation. One cache per listing: it is tied to one decoder (generation,
/// wave size) and one rendering. The table is sized to the code (at most 2048 slots, 256 KiB:
/// on this VM its pages cost about as much as the misses a larger one would save).
pub struct DecodeCache {
    slots: Box<[[u8; 128]]>,
    bits: u32,
    /// The text of the last instruction decoded by [`fill`](Self::fill), and its length.
    text: Text,
    text_len: usize,
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
            slots: vec![[0; 128]; n].into_boxed_slice(),
            bits: n.trailing_zeros(),
            text: Text::zeroed(),
            text_len: 0,
            hits: 0,
            misses: 0,
        }
    }

    /// Slot `i` (from [`find`](Self::find) or [`fill`](Self::fill)).
    #[inline(always)]
    pub fn slot(&self, i: usize) -> Slot<'_> {
        Slot(&self.slots[i])
    }

    /// The slot holding `key` for an instruction of `len` dwords: one of the two ways of its set.
    #[inline(always)]
    fn probe(&self, key: u64, len: u8) -> Option<usize> {
        let set = set_of(key, self.bits);
        let k = key.to_le_bytes();
        let hit = |i: usize| self.slots[i][..8] == k && self.slots[i][12] == len;
        if hit(set) {
            Some(set)
        } else if hit(set + 1) {
            Some(set + 1)
        } else {
            None
        }
    }

    /// The slot holding the instruction that starts with `w0`, `w1` (`n` dwords available), if
    /// cached. A 1-dword instruction lives in the set of its dword, a 2-dword one in the set of
    /// both (instructions that share a first dword, VOP3 or SMEM, do not evict each other).
    #[inline(always)]
    pub fn find(&mut self, w0: u32, w1: u32, n: usize) -> Option<usize> {
        let hit = match self.probe(w0 as u64, 1) {
            Some(i) => Some(i),
            None if n >= 2 => self.probe(w0 as u64 | (w1 as u64) << 32, 2),
            None => None,
        };
        self.hits += hit.is_some() as u64;
        hit
    }

    /// [`find`](Self::find) when two dwords are available (`k`: the first in the low half).
    #[inline(always)]
    pub fn find_two(&mut self, k: u64) -> Option<Slot<'_>> {
        let i = self
            .probe(k & 0xffff_ffff, 1)
            .or_else(|| self.probe(k, 2))?;
        self.hits += 1;
        Some(Slot(&self.slots[i]))
    }

    /// After a [`find`](Self::find) miss: `decode(text)` appends the text of the instruction at
    /// `w` and returns its length in dwords; for a 1- or 2-dword instruction, `render(text, len,
    /// line)` writes its rendering straight into a slot's line buffer and returns the rendering's
    /// length and a number to store, or `None` when it does not fit. Returns the slot, or `None`
    /// when the instruction is not cached (3+ dwords, a long line): then
    /// [`uncached`](Self::uncached) holds its text.
    #[inline]
    pub fn fill(
        &mut self,
        w: &[u32],
        decode: impl FnOnce(&mut Text) -> Result<usize, ()>,
        render: impl FnOnce(&Text, usize, &mut [u8; LINE]) -> Option<(usize, u32)>,
    ) -> Result<Option<usize>, ()> {
        self.misses += 1;
        self.text.clear();
        let len = decode(&mut self.text)?;
        self.text_len = len;
        if !(1..=2).contains(&len) {
            return Ok(None);
        }
        let one = w.first().copied().unwrap_or(0) as u64;
        let key = if len == 1 {
            one
        } else {
            one | (w.get(1).copied().unwrap_or(0) as u64) << 32
        };
        // An empty way, else the way the set filled less recently (byte 14 of its first way).
        let set = set_of(key, self.bits);
        let i = if self.slots[set][12] == 0 {
            set
        } else if self.slots[set + 1][12] == 0 {
            set + 1
        } else {
            set + (self.slots[set][14] & 1) as usize
        };
        let s = &mut self.slots[i];
        let (head, line) = s.split_at_mut(HEAD);
        let Some((k, tag)) = line
            .try_into()
            .ok()
            .and_then(|l| render(&self.text, len, l))
        else {
            // The way was overwritten: it is empty now.
            head[12] = 0;
            return Ok(None);
        };
        head[..8].copy_from_slice(&key.to_le_bytes());
        head[8..12].copy_from_slice(&tag.to_le_bytes());
        head[12] = len as u8;
        head[13] = k.min(LINE) as u8;
        self.slots[set][14] = (i == set) as u8;
        Ok(Some(i))
    }

    /// The last [`fill`](Self::fill) that was not cached: its length in dwords and its text.
    pub fn uncached(&self) -> (usize, &str) {
        (self.text_len, self.text.as_str())
    }
}

/// The first slot of `key`'s set (of two slots) in a table of `1 << bits` slots.
#[inline(always)]
fn set_of(key: u64, bits: u32) -> usize {
    let h = (key ^ key >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((h >> (65 - bits)) as usize) << 1
}
