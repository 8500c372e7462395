//! The numbering of buffer and image formats that the ISAs share: GCN's number formats
//! (NFMT) and gfx11's unified FORMAT as a GCN (data format, number format) pair. The emulator's
//! texel conversions (`exec::image::format`) and the gfx11 decoder (MTBUF's `format`) read them.

/// GCN number formats (IMG_NUM_FORMAT).
pub const NF_UNORM: u8 = 0;
pub const NF_SNORM: u8 = 1;
pub const NF_USCALED: u8 = 2;
pub const NF_SSCALED: u8 = 3;
pub const NF_UINT: u8 = 4;
pub const NF_SINT: u8 = 5;
pub const NF_FLOAT: u8 = 7;
pub const NF_SRGB: u8 = 9;

/// gfx11's unified image FORMAT (the buffer-format numbering, data/rdna3/buf_format.txt) as a
/// GCN (data format, number format) pair.
pub fn gfx11_format(f: u8) -> Option<(u8, u8)> {
    const N: [u8; 6] = [NF_UNORM, NF_SNORM, NF_USCALED, NF_SSCALED, NF_UINT, NF_SINT];
    Some(match f {
        1..=6 => (1, N[(f - 1) as usize]),
        7..=12 => (2, N[(f - 7) as usize]),
        13 => (2, NF_FLOAT),
        14..=19 => (3, N[(f - 14) as usize]),
        20 => (4, NF_UINT),
        21 => (4, NF_SINT),
        22 => (4, NF_FLOAT),
        23..=28 => (5, N[(f - 23) as usize]),
        29 => (5, NF_FLOAT),
        30 => (6, NF_FLOAT),
        31 => (7, NF_FLOAT),
        32 => (8, NF_UNORM),
        33 => (8, NF_SNORM),
        34 => (8, NF_UINT),
        35 => (8, NF_SINT),
        36..=41 => (9, N[(f - 36) as usize]),
        42..=47 => (10, N[(f - 42) as usize]),
        48 => (11, NF_UINT),
        49 => (11, NF_SINT),
        50 => (11, NF_FLOAT),
        51..=56 => (12, N[(f - 51) as usize]),
        57 => (12, NF_FLOAT),
        58 => (13, NF_UINT),
        59 => (13, NF_SINT),
        60 => (13, NF_FLOAT),
        61 => (14, NF_UINT),
        62 => (14, NF_SINT),
        63 => (14, NF_FLOAT),
        _ => return None,
    })
}

/// The gfx11 FORMAT of a GCN pair (the inverse of [`gfx11_format`]).
pub fn gfx11_format_of(dfmt: u8, nfmt: u8) -> Option<u8> {
    (1..=63).find(|&f| gfx11_format(f) == Some((dfmt, nfmt)))
}
