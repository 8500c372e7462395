//! Image (T#) and sampler (S#) descriptors per generation, and the emulator's linear texel
//! layout (docs/images.md: the layout is the emulator's, as no tiling is modelled).

use super::format::{gfx11_format, gfx11_format_of, Format};

/// Which descriptor layout: gfx6-gfx8, gfx9 or gfx11.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    Gfx6,
    Gfx9,
    Gfx11,
}

/// Resource types (the T# TYPE field; gfx11's DIM maps to the same numbers + 8).
pub const T_1D: u8 = 8;
pub const T_2D: u8 = 9;
pub const T_3D: u8 = 10;
pub const T_CUBE: u8 = 11;
pub const T_1D_ARRAY: u8 = 12;
pub const T_2D_ARRAY: u8 = 13;
pub const T_2D_MSAA: u8 = 14;
pub const T_2D_MSAA_ARRAY: u8 = 15;

/// A decoded image descriptor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tsharp {
    pub base: u64,
    pub format: Format,
    /// Level-0 size (texels), the row pitch of level 0 (texels).
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    pub pitch: u32,
    /// DST_SEL_X..W: 0 zero, 1 one, 4..7 X..W.
    pub dst_sel: [u8; 4],
    pub base_level: u32,
    pub last_level: u32,
    pub ty: u8,
    /// The view's first and last array slice.
    pub base_array: u32,
    pub last_array: u32,
    /// MIN_LOD (gfx6-gfx9: u4.8).
    pub min_lod: f32,
}

fn bits(d: &[u32], lo: u32, n: u32) -> u32 {
    let w = d.get((lo / 32) as usize).copied().unwrap_or(0) as u64
        | (d.get((lo / 32 + 1) as usize).copied().unwrap_or(0) as u64) << 32;
    ((w >> (lo % 32)) & ((1u64 << n) - 1)) as u32
}

impl Tsharp {
    /// Decodes an 8-dword T# (`r128`: only the first four dwords are valid, gfx6-gfx8 R128 and
    /// gfx11 R128).
    pub fn decode(d: &[u32; 8], layout: Layout, r128: bool) -> Result<Tsharp, String> {
        let base = (d[0] as u64 | (bits(d, 32, 8) as u64) << 32) << 8;
        let dst_sel = [
            bits(d, 96, 3) as u8,
            bits(d, 99, 3) as u8,
            bits(d, 102, 3) as u8,
            bits(d, 105, 3) as u8,
        ];
        let base_level = bits(d, 108, 4);
        let last_level = bits(d, 112, 4);
        let ty = bits(d, 124, 4) as u8;
        let (format, width, height) = match layout {
            Layout::Gfx6 | Layout::Gfx9 => (
                Format::new(bits(d, 52, 6) as u8, bits(d, 58, 4) as u8)?,
                bits(d, 64, 14) + 1,
                bits(d, 78, 14) + 1,
            ),
            Layout::Gfx11 => {
                let f = bits(d, 52, 8) as u8;
                let (df, nf) = gfx11_format(f)
                    .ok_or_else(|| format!("gfx11 image FORMAT {f} is not emulated"))?;
                (
                    Format::new(df, nf)?,
                    (bits(d, 62, 2) | bits(d, 64, 12) << 2) + 1,
                    bits(d, 78, 14) + 1,
                )
            }
        };
        if ty < 8 {
            return Err(format!(
                "the image descriptor's TYPE is {ty} (a buffer resource, not an image)"
            ));
        }
        let is_array = matches!(ty, T_1D_ARRAY | T_2D_ARRAY | T_2D_MSAA_ARRAY | T_CUBE);
        let (depth, pitch, base_array, last_array) = if r128 {
            (1, width, 0, 0)
        } else {
            match layout {
                Layout::Gfx6 => (
                    bits(d, 128, 13) + 1,
                    bits(d, 141, 14) + 1,
                    bits(d, 160, 13),
                    bits(d, 173, 13),
                ),
                Layout::Gfx9 => {
                    let f = bits(d, 128, 13);
                    (f + 1, bits(d, 141, 16) + 1, bits(d, 160, 13), f)
                }
                Layout::Gfx11 => {
                    let f = bits(d, 128, 13);
                    let pitch = if matches!(ty, T_1D | T_2D | T_2D_MSAA) {
                        bits(d, 128, 14) + 1
                    } else {
                        width
                    };
                    (f + 1, pitch, bits(d, 144, 13), f)
                }
            }
        };
        let min_lod = match layout {
            Layout::Gfx11 => 0.0,
            _ => bits(d, 40, 12) as f32 / 256.0,
        };
        Ok(Tsharp {
            base,
            format,
            width,
            height: if matches!(ty, T_1D | T_1D_ARRAY) {
                1
            } else {
                height
            },
            depth: if ty == T_3D { depth } else { 1 },
            pitch: pitch.max(width),
            dst_sel,
            base_level,
            last_level: last_level.max(base_level),
            ty,
            base_array: if is_array { base_array } else { 0 },
            last_array: if is_array {
                last_array.max(base_array)
            } else {
                0
            },
            min_lod,
        })
    }

    /// Encodes a T# for the emulator's own images (the CLI's `image:` arguments and tests).
    #[allow(clippy::too_many_arguments)]
    pub fn encode(
        layout: Layout,
        base: u64,
        format: &Format,
        ty: u8,
        size: [u32; 3],
        levels: u32,
        dst_sel: [u8; 4],
    ) -> Result<[u32; 8], String> {
        let mut d = [0u32; 8];
        let mut put = |lo: u32, n: u32, v: u32| {
            let v = v & ((1u64 << n) - 1) as u32;
            let w = (lo / 32) as usize;
            let s = lo % 32;
            d[w] |= v << s;
            if s + n > 32 {
                d[w + 1] |= v >> (32 - s);
            }
        };
        if base & 0xff != 0 {
            return Err("image base addresses are 256-byte aligned".into());
        }
        put(0, 32, (base >> 8) as u32);
        put(32, 8, (base >> 40) as u32);
        let [w, h, dz] = size;
        match layout {
            Layout::Gfx6 | Layout::Gfx9 => {
                put(52, 6, format.dfmt as u32);
                put(58, 4, format.nfmt as u32);
                put(64, 14, w.saturating_sub(1));
            }
            Layout::Gfx11 => {
                let f = gfx11_format_of(format.dfmt, format.nfmt)
                    .ok_or("this format has no gfx11 encoding")?;
                put(52, 8, f as u32);
                put(62, 2, w.saturating_sub(1));
                put(64, 12, w.saturating_sub(1) >> 2);
            }
        }
        put(78, 14, h.saturating_sub(1));
        for (k, s) in dst_sel.iter().enumerate() {
            put(96 + 3 * k as u32, 3, *s as u32);
        }
        put(112, 4, levels.max(1) - 1);
        put(124, 4, ty as u32);
        let arr = matches!(ty, T_1D_ARRAY | T_2D_ARRAY | T_2D_MSAA_ARRAY | T_CUBE);
        match layout {
            Layout::Gfx6 => {
                put(128, 13, dz.saturating_sub(1));
                put(141, 14, w.saturating_sub(1));
                if arr {
                    put(173, 13, dz.saturating_sub(1));
                }
            }
            Layout::Gfx9 => {
                put(128, 13, dz.saturating_sub(1));
                put(141, 16, w.saturating_sub(1));
            }
            Layout::Gfx11 => {
                if matches!(ty, T_1D | T_2D | T_2D_MSAA) {
                    put(128, 14, w.saturating_sub(1));
                } else {
                    put(128, 13, dz.saturating_sub(1));
                }
            }
        }
        Ok(d)
    }

    /// Number of mip levels the view has (BASE_LEVEL..=LAST_LEVEL).
    pub fn levels(&self) -> u32 {
        self.last_level - self.base_level + 1
    }
    /// Slices of the whole resource (memory), and of the view.
    pub fn slices(&self) -> u32 {
        self.last_array + 1
    }
    pub fn view_slices(&self) -> u32 {
        self.last_array - self.base_array + 1
    }
    /// Size of absolute level `l`: (width, height, depth) and row pitch.
    pub fn level_size(&self, l: u32) -> ([u32; 3], u32) {
        let s = |x: u32| (x >> l.min(31)).max(1);
        let p = if l == 0 { self.pitch } else { s(self.width) };
        ([s(self.width), s(self.height), s(self.depth)], p)
    }
    /// Byte offset of absolute level `l` from the base (levels follow each other, each holding
    /// every slice: slice-major, then z, rows, texels).
    pub fn level_offset(&self, l: u32) -> u64 {
        (0..l.min(16))
            .map(|k| {
                let ([_, h, d], p) = self.level_size(k);
                (p as u64)
                    .saturating_mul(h as u64)
                    .saturating_mul(d as u64)
                    .saturating_mul(self.slices() as u64)
                    .saturating_mul(self.format.bytes as u64)
            })
            .fold(0u64, |a, b| a.saturating_add(b))
    }
    /// Address of texel (x, y, z) of view slice `slice` in absolute level `l`, or `None` out of
    /// range.
    pub fn texel_addr(&self, x: i64, y: i64, z: i64, slice: i64, l: u32) -> Option<u64> {
        let ([w, h, d], p) = self.level_size(l);
        if l > self.last_level
            || x < 0
            || y < 0
            || z < 0
            || slice < 0
            || x >= w as i64
            || y >= h as i64
            || z >= d as i64
            || slice >= self.view_slices() as i64
        {
            return None;
        }
        let s = self.base_array as u64 + slice as u64;
        let bpp = self.format.bytes as u64;
        let row = p as u64 * bpp;
        let off = self.level_offset(l).wrapping_add(
            ((s * d as u64 + z as u64) * h as u64 + y as u64)
                .wrapping_mul(row)
                .wrapping_add(x as u64 * bpp),
        );
        Some(self.base.wrapping_add(off))
    }
    /// Total bytes the resource spans (levels 0..=LAST_LEVEL).
    pub fn total_bytes(&self) -> u64 {
        self.level_offset(self.last_level + 1)
    }
    pub fn is_array(&self) -> bool {
        matches!(self.ty, T_1D_ARRAY | T_2D_ARRAY | T_2D_MSAA_ARRAY)
    }
}

/// A decoded sampler descriptor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ssharp {
    /// CLAMP_X/Y/Z address modes.
    pub clamp: [u8; 3],
    pub compare: u8,
    pub force_unnorm: bool,
    pub min_lod: f32,
    pub max_lod: f32,
    pub lod_bias: f32,
    /// Filters: XY_MAG, XY_MIN (0 point, 1 bilinear), Z_FILTER, MIP_FILTER (0 none, 1 point,
    /// 2 linear).
    pub mag: u8,
    pub min: u8,
    pub z_filter: u8,
    pub mip: u8,
    pub border_type: u8,
}

pub const WRAP: u8 = 0;
pub const MIRROR: u8 = 1;
pub const CLAMP_LAST: u8 = 2;
pub const MIRROR_ONCE_LAST: u8 = 3;
pub const CLAMP_HALF_BORDER: u8 = 4;
pub const MIRROR_ONCE_HALF_BORDER: u8 = 5;
pub const CLAMP_BORDER: u8 = 6;
pub const MIRROR_ONCE_BORDER: u8 = 7;

impl Ssharp {
    /// The S# layout is the same on gfx6-gfx9; gfx11 keeps the fields this emulator reads
    /// (clamps, compare, force_unnorm, LODs, bias, filters, border type) at the same bits
    /// except that the LOD bias is 14 bits at 64 and the border colour type at 126.
    pub fn decode(d: &[u32; 4], _layout: Layout) -> Ssharp {
        let lb = bits(d, 64, 14);
        let lod_bias = (((lb << 18) as i32) >> 18) as f32 / 256.0;
        Ssharp {
            clamp: [
                bits(d, 0, 3) as u8,
                bits(d, 3, 3) as u8,
                bits(d, 6, 3) as u8,
            ],
            compare: bits(d, 12, 3) as u8,
            force_unnorm: bits(d, 15, 1) != 0,
            min_lod: bits(d, 32, 12) as f32 / 256.0,
            max_lod: bits(d, 44, 12) as f32 / 256.0,
            lod_bias,
            mag: bits(d, 84, 2) as u8,
            min: bits(d, 86, 2) as u8,
            z_filter: bits(d, 88, 2) as u8,
            mip: bits(d, 90, 2) as u8,
            border_type: bits(d, 126, 2) as u8,
        }
    }
    /// Encodes the fields above (tests and the CLI's `sampler:` arguments).
    pub fn encode(&self) -> [u32; 4] {
        let q = |x: f32| ((x * 256.0).round() as i64).clamp(0, 4095) as u32;
        [
            self.clamp[0] as u32
                | (self.clamp[1] as u32) << 3
                | (self.clamp[2] as u32) << 6
                | (self.compare as u32) << 12
                | (self.force_unnorm as u32) << 15,
            q(self.min_lod) | q(self.max_lod) << 12,
            (((self.lod_bias * 256.0).round() as i32 as u32) & 0x3fff)
                | (self.mag as u32) << 20
                | (self.min as u32) << 22
                | (self.z_filter as u32) << 24
                | (self.mip as u32) << 26,
            (self.border_type as u32) << 30,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::image::format::{NF_FLOAT, NF_UNORM};

    #[test]
    fn tsharp_round_trips_each_layout() {
        let f = Format::new(10, NF_UNORM).unwrap();
        for layout in [Layout::Gfx6, Layout::Gfx9, Layout::Gfx11] {
            for (ty, size) in [
                (T_1D, [37, 1, 1]),
                (T_2D, [1000, 3, 1]),
                (T_3D, [5, 6, 7]),
                (T_2D_ARRAY, [9, 8, 4]),
                (T_1D_ARRAY, [9, 1, 3]),
            ] {
                let d = Tsharp::encode(layout, 0x1234_5600, &f, ty, size, 3, [4, 5, 6, 7]).unwrap();
                let t = Tsharp::decode(&d, layout, false).unwrap();
                assert_eq!(t.base, 0x1234_5600);
                assert_eq!(t.ty, ty);
                assert_eq!(t.width, size[0], "{layout:?} {ty}");
                if ty != T_1D && ty != T_1D_ARRAY {
                    assert_eq!(t.height, size[1]);
                }
                if ty == T_3D {
                    assert_eq!(t.depth, size[2]);
                }
                if t.is_array() {
                    assert_eq!(t.slices(), size[2], "{layout:?} {ty}");
                }
                assert_eq!(t.levels(), 3);
                assert_eq!(t.format, f);
            }
        }
    }

    #[test]
    fn gfx9_descriptor_fields_by_hand() {
        // A 2D rgba32float 16x8 T#, fields placed by the Vega layout: width-1 at 64, height-1
        // at 78, DATA_FORMAT 14 at 52, NUM_FORMAT 7 at 58, TYPE 9 at 124, dst_sel XYZW.
        let d = [
            0x10,
            (14 << 20) | (7 << 26),
            15 | 7 << 14,
            4 | 5 << 3 | 6 << 6 | 7 << 9 | 9 << 28,
            0,
            0,
            0,
            0,
        ];
        let t = Tsharp::decode(&d, Layout::Gfx9, false).unwrap();
        assert_eq!((t.base, t.width, t.height, t.ty), (0x1000, 16, 8, T_2D));
        assert_eq!((t.format.dfmt, t.format.nfmt), (14, NF_FLOAT));
        assert_eq!(
            t.texel_addr(3, 2, 0, 0, 0),
            Some(0x1000 + (2 * 16 + 3) * 16)
        );
        assert_eq!(t.texel_addr(16, 0, 0, 0, 0), None);
    }

    #[test]
    fn sampler_fields() {
        // The S# clang emits for CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
        // CLK_FILTER_NEAREST (gfx900): clamp-to-last-texel, force_unnorm, max LOD 0xfff.
        let s = Ssharp::decode(&[0x1000b092, 0xfff000, 0x8000_0000, 0], Layout::Gfx9);
        assert_eq!(s.clamp, [CLAMP_LAST; 3]);
        assert!(s.force_unnorm);
        assert_eq!((s.mag, s.min, s.mip), (0, 0, 0));
        assert_eq!(s.max_lod, 4095.0 / 256.0);
        let e = Ssharp::decode(&s.encode(), Layout::Gfx9);
        assert_eq!(e, s);
    }
}
