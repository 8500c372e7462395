//! A decoded-instruction cache for the listers. Compiled code repeats itself (`s_waitcnt`,
//! `s_nop`, address arithmetic, the same load in every kernel of an object), so the code-object
//! lister remembers the text of recently decoded words in a small direct-mapped table and copies
//! it on a repeat instead of decoding again.
//!
//! Why this is exact: an instruction's text depends only on its own dwords (branch labels are
//! added by the lister, from the address), and [`decode::decode_n`] reads no dword beyond the
//! length it returns. So a 1-dword instruction is keyed by its first dword, a 2-dword one by
//! both (and a rendering may use the instruction's dwords too: they are the key). Instructions of 3 dwords, failures and very long texts are not cached. The test
//! `cache_matches_decoder` in `tests/gcn_vectors.rs` checks hits against fresh decodes.

use super::decode::{self, Decoded};
use super::Gen;

const SLOTS: usize = 2048;
/// Longer renderings are not cached (they are rare: MIMG and MUBUF with many modifiers).
const TEXT: usize = 160;

#[derive(Clone, Default)]
struct Slot {
    /// First dword, and the second one for a 2-dword instruction.
    key: u64,
    dec: Option<Decoded>,
    /// What the caller's `render` made of the text, and the number it returned.
    bytes: Vec<u8>,
    tag: u32,
}

/// See the module documentation. One cache per listing (it is tied to one generation and to
/// the caller's rendering of a text).
pub struct DecodeCache {
    gen: Gen,
    slots: Vec<Slot>,
    text: String,
    scratch: Vec<u8>,
    /// Lookups answered from the table, and lookups that decoded.
    pub hits: u64,
    pub misses: u64,
}

impl DecodeCache {
    pub fn new(gen: Gen) -> Self {
        DecodeCache {
            gen,
            slots: vec![Slot::default(); SLOTS],
            text: String::with_capacity(256),
            scratch: Vec::with_capacity(256),
            hits: 0,
            misses: 0,
        }
    }

    /// [`decode::decode_n`] with the same result; instead of the text, returns what
    /// `render(text, decoded, out)` appended to an empty `out` for it, and the number `render`
    /// returned (the lister renders its line once per distinct instruction, less the address).
    pub fn decode_with(
        &mut self,
        w: &[u32; 3],
        n: usize,
        render: impl FnOnce(&str, &Decoded, &mut Vec<u8>) -> u32,
    ) -> Result<(Decoded, &[u8], u32), ()> {
        // A 1-dword instruction lives in the slot of its dword, a 2-dword one in the slot of
        // both (instructions that share a first dword, VOP3 or SMEM, do not evict each other).
        let one = w[0] as u64;
        let two = one | (w[1] as u64) << 32;
        let (a, b) = (slot_of(one), slot_of(two));
        let hit = match self.slots[a].dec {
            Some(d) if d.len == 1 && self.slots[a].key == one => Some((a, d)),
            _ => match self.slots[b].dec {
                Some(d) if d.len == 2 && self.slots[b].key == two && n >= 2 => Some((b, d)),
                _ => None,
            },
        };
        if let Some((i, d)) = hit {
            self.hits += 1;
            let slot = &self.slots[i];
            return Ok((d, &slot.bytes, slot.tag));
        }
        self.misses += 1;
        self.text.clear();
        let d = decode::decode_n(self.gen, w, n, &mut self.text)?;
        self.scratch.clear();
        let tag = render(&self.text, &d, &mut self.scratch);
        if d.len <= 2 && self.scratch.len() <= TEXT {
            let (i, key) = if d.len == 1 { (a, one) } else { (b, two) };
            let slot = &mut self.slots[i];
            slot.key = key;
            slot.dec = Some(d);
            slot.bytes.clear();
            slot.bytes.extend_from_slice(&self.scratch);
            slot.tag = tag;
            return Ok((d, &slot.bytes, tag));
        }
        Ok((d, &self.scratch, tag))
    }
}

fn slot_of(key: u64) -> usize {
    let h = (key ^ key >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> (64 - SLOTS.trailing_zeros())) as usize
}
