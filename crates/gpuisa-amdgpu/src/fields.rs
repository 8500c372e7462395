//! The field layout of every AMD encoding, gfx6 to gfx11, generated from
//! `data/amd/encodings.txt` by `build/fields.rs`: per encoding a module (`fields::vop3`,
//! `fields::smem` ...) with, per field, an extractor (`vop3::src0(g, &words)`), an inserter
//! (`vop3::set_src0(g, &mut words, v)`, false when the value does not fit) and `has_src0(g)`;
//! [`identify`] names the encoding of a first dword. Generation differences (VOP3's opcode width,
//! DS's GDS bit, MUBUF's SLC ...) are rows of the data, so callers pass the generation and never
//! branch on it to find a bit. Extractors index a slice with constant positions: on the arrays the
//! decoders hold, they compile to a shift and a mask.

/// The generations whose layouts differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum G {
    Gfx6 = 0,
    Gfx7 = 1,
    Gfx8 = 2,
    Gfx9 = 3,
    Gfx11 = 4,
}

/// Bits `lo..lo+width` of dword `word` (0 past the end of `w`), sign-extended if `signed`.
#[inline(always)]
const fn get(w: &[u32], word: usize, lo: u32, width: u32, signed: bool) -> u32 {
    if word >= w.len() {
        return 0;
    }
    let v = (w[word] >> lo) & mask(width);
    if signed && width < 32 {
        (((v << (32 - width)) as i32) >> (32 - width)) as u32
    } else {
        v
    }
}

#[inline(always)]
const fn mask(width: u32) -> u32 {
    if width >= 32 {
        u32::MAX
    } else {
        (1u32 << width) - 1
    }
}

/// Writes `v` into bits `lo..lo+width` of dword `word`; false (nothing written) when `w` is too
/// short or `v` does not fit (a signed field takes -2^(width-1)..2^(width-1) as a u32 pattern).
#[inline(always)]
fn put(w: &mut [u32], word: usize, lo: u32, width: u32, signed: bool, v: u32) -> bool {
    let fits = if signed && width < 32 {
        let s = v as i32;
        let half = 1i64 << (width - 1);
        (-half..half).contains(&(s as i64))
    } else {
        v & !mask(width) == 0
    };
    match w.get_mut(word) {
        Some(d) if fits => {
            *d = (*d & !(mask(width) << lo)) | ((v & mask(width)) << lo);
            true
        }
        _ => false,
    }
}

include!(concat!(env!("OUT_DIR"), "/fields.rs"));

/// A generated inserter (`vop3::set_src0`).
pub type Setter = fn(G, &mut [u32], u32) -> bool;

/// The encoders' field write (GCN's and gfx11's): `v` into the field `set` writes, in the words
/// `w` from dword `k` on (0 for the instruction's own fields; an extension dword's index for
/// the SDWA/DPP/DPP8 fields, which count from that dword's bit 0). A zero is not written (the
/// encoders build from zeroed words), so a field the generation lacks may be left at 0. False
/// (nothing written) when `v` does not fit or the generation has no such field.
#[inline(always)]
pub fn insert(set: Setter, g: G, w: &mut [u32], k: usize, v: u32) -> bool {
    v == 0
        || match w.get_mut(k..) {
            Some(x) => set(g, x, v),
            None => false,
        }
}

/// Per dword, the bits some field of encoding `name` holds in generation `g` (ENCODING included),
/// but the fields named in `skip`: the complement is the encoding's reserved bits. Computed from
/// the generated inserters (each field takes all ones, narrowed until it fits), so the encoders'
/// reserved-bit masks come from the same data as the fields.
pub fn layout_mask(g: G, name: &str, skip: &[&str]) -> [u32; 3] {
    let mut m = [0u32; 3];
    let Some((_, fields)) = layout_table().iter().find(|(e, _)| *e == name) else {
        return m;
    };
    for (field, has, set) in fields.iter() {
        if !has(g) || skip.contains(field) {
            continue;
        }
        let mut v = u32::MAX;
        let mut x = [0u32; 3];
        while v != 0 && !set(g, &mut x, v) {
            v >>= 1;
        }
        for k in 0..3 {
            m[k] |= x[k];
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identify_follows_the_longest_prefix() {
        // s_mov_b32 s0, s1 (SOP1 inside SOP2's 0b10 prefix), v_pk_add_f16 (gfx9 VOP3P inside
        // VOP3's 0x34), v_nop (VOP1), v_add_f32 (VOP2), s_load_dword (SMRD / SMEM).
        assert_eq!(identify(G::Gfx9, 0xBE800001), Some(Encoding::Sop1));
        assert_eq!(identify(G::Gfx9, 0xD38F0000), Some(Encoding::Vop3p));
        assert_eq!(identify(G::Gfx8, 0xD38F0000), Some(Encoding::Vop3));
        assert_eq!(identify(G::Gfx9, 0x7E000000), Some(Encoding::Vop1));
        assert_eq!(identify(G::Gfx9, 0x02000000), Some(Encoding::Vop2));
        assert_eq!(identify(G::Gfx6, 0xC0000000), Some(Encoding::Smrd));
        assert_eq!(identify(G::Gfx8, 0xC0000000), Some(Encoding::Smem));
        // gfx11: VOP3 moved to 0x35, VOPD, VOP3P 0xcc, EXP 0x3e; gfx6 has no FLAT.
        assert_eq!(identify(G::Gfx11, 0xD5000000), Some(Encoding::Vop3));
        assert_eq!(identify(G::Gfx11, 0xCA000000), Some(Encoding::Vopd));
        assert_eq!(identify(G::Gfx11, 0xCC000000), Some(Encoding::Vop3p));
        assert_eq!(identify(G::Gfx11, 0xF8000000), Some(Encoding::Exp));
        assert_eq!(identify(G::Gfx6, 0xDC000000), None);
        assert_eq!(identify(G::Gfx7, 0xDC000000), Some(Encoding::Flat));
    }

    #[test]
    fn fields_read_and_write_their_bits() {
        // v_mad_f32 v1, v2, v3, v4 with clamp: VOP3 opcode 0x1c1 on gfx8 (bits 25:16), 0x141 on
        // gfx6 (bits 25:17); clamp bit 15 (gfx8) / 11 (gfx6).
        let mut w = [0u32; 2];
        assert!(vop3::set_encoding(
            G::Gfx8,
            &mut w,
            vop3::encoding_value(G::Gfx8).unwrap()
        ));
        assert!(vop3::set_op(G::Gfx8, &mut w, 0x1c1));
        assert!(vop3::set_vdst(G::Gfx8, &mut w, 1));
        assert!(vop3::set_clamp(G::Gfx8, &mut w, 1));
        assert!(vop3::set_src0(G::Gfx8, &mut w, 258));
        assert!(vop3::set_src1(G::Gfx8, &mut w, 259));
        assert!(vop3::set_src2(G::Gfx8, &mut w, 260));
        assert_eq!(w, [0xD1C18001, 0x04120702]);
        assert_eq!(vop3::op(G::Gfx6, &w), 0xe0);
        assert_eq!(vop3::clamp(G::Gfx6, &w), 0);
        assert!(!vop3::set_op(G::Gfx8, &mut w, 0x400), "10-bit field");
        assert!(!vop3::set_opsel(G::Gfx8, &mut w, 1), "gfx8 has no op_sel");
        assert!(!vop3::has_opsel(G::Gfx8) && vop3::has_opsel(G::Gfx9));
        // Signed fields: gfx9 SMEM offset -4 (21 bits), gfx8 unsigned 20 bits.
        let mut s = [0u32; 2];
        assert!(smem::set_offset(G::Gfx9, &mut s, -4i32 as u32));
        assert_eq!(s[1], 0x1ffffc);
        assert_eq!(smem::offset(G::Gfx9, &s) as i32, -4);
        assert_eq!(smem::offset(G::Gfx8, &s), 0xffffc);
        assert!(!smem::set_offset(G::Gfx9, &mut s, 1 << 20));
        assert!(!smem::set_offset(G::Gfx8, &mut s, 1 << 20));
        // A field past the words given reads 0 and is not written.
        assert_eq!(vop3::src0(G::Gfx9, &[0xD1C18001]), 0);
        assert!(!vop3::set_src0(G::Gfx9, &mut [0u32], 1));
    }

    #[test]
    fn insert_writes_a_field_from_dword_k() {
        // VOP2 v_add_f32 v1, v2, v3 with a DPP dword after it (dword 1, counted from its own
        // bit 0): SRC0 v2 at bits 7:0, ROW_MASK 0xa at 31:28.
        let mut w = [0u32; 3];
        assert!(insert(vop2::set_vdst, G::Gfx9, &mut w, 0, 1));
        assert!(insert(dpp::set_src0, G::Gfx9, &mut w, 1, 2));
        assert!(insert(dpp::set_row_mask, G::Gfx9, &mut w, 1, 0xa));
        assert_eq!(w, [1 << 17, 0xa000_0002, 0]);
        // A value that does not fit, a field the generation lacks, a dword past the words.
        assert!(!insert(dpp::set_row_mask, G::Gfx9, &mut w, 1, 0x10));
        assert!(!insert(dpp::set_fi, G::Gfx9, &mut w, 1, 1));
        assert!(!insert(dpp::set_src0, G::Gfx9, &mut w, 3, 1));
        // A zero is not written, even where the generation has no such field.
        assert!(insert(dpp::set_fi, G::Gfx9, &mut w, 1, 0));
        assert_eq!(w, [1 << 17, 0xa000_0002, 0]);
    }

    /// Within an encoding and a generation no two fields overlap, except where the data says
    /// they are alternatives (VOP3a/VOP3b, SDWA's VOPC destination, DPP8's lane selects).
    #[test]
    fn fields_do_not_overlap_unless_alternatives() {
        // Checked through the inserters: setting one field to all ones must not change any other
        // field, except the listed pairs.
        let alternatives: &[(&str, &str)] = &[
            ("SDST", "ABS"),
            ("SDST", "OPSEL"),
            ("SDST", "CLAMP"),
            ("SD", "OMOD"),
            ("SDST", "OMOD"),
            ("SDST", "CLAMP"),
            ("SDST", "DST_UNUSED"),
            ("SDST", "DST_SEL"),
        ];
        // A field that holds others whole (DS's 16-bit OFFSET over OFFSET1:OFFSET0, DPP8's
        // LANE_SEL over its eight selects) and ds_swizzle's two modes (the quad selects or the
        // three masks, by QDMODE).
        let part_of = |a: &str, b: &str| {
            matches!(
                (a, b),
                ("OFFSET", "OFFSET0" | "OFFSET1")
                    | ("LANE_SEL", _)
                    | (
                        "QUAD_PERM_0" | "QUAD_PERM_1" | "QUAD_PERM_2" | "QUAD_PERM_3",
                        "AND_MASK" | "OR_MASK"
                    )
            ) && (a != "LANE_SEL" || b.starts_with("LANE_SEL_"))
        };
        // The generated modules are checked field by field in `layout_table` below.
        for (enc, fields) in layout_table() {
            for g in [G::Gfx6, G::Gfx7, G::Gfx8, G::Gfx9, G::Gfx11] {
                let mut used = [0u32; 3];
                let mut names: [[Option<&str>; 32]; 3] = [[None; 32]; 3];
                for (name, has, set) in fields.iter() {
                    if !has(g) || *name == "ENCODING" {
                        continue;
                    }
                    let mut w = [0u32; 3];
                    // All ones, truncated to the field by trying widths downwards.
                    let mut v = u32::MAX;
                    while !set(g, &mut w, v) && v != 0 {
                        v >>= 1;
                    }
                    for k in 0..3 {
                        let both = used[k] & w[k];
                        if both != 0 {
                            let bit = both.trailing_zeros() as usize;
                            let other = names[k][bit].unwrap_or("?");
                            let ok = alternatives.iter().any(|&(a, b)| {
                                (a == *name && b == other) || (b == *name && a == other)
                            }) || part_of(name, other)
                                || part_of(other, name);
                            assert!(ok, "{enc} {g:?}: {name} overlaps {other}");
                        }
                        used[k] |= w[k];
                        for b in 0..32 {
                            if w[k] >> b & 1 != 0 {
                                names[k][b] = Some(name);
                            }
                        }
                    }
                }
            }
        }
    }
}
