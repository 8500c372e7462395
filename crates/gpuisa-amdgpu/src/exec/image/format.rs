//! Image data and number formats: the layout of a texel's components and the conversions
//! between stored bits and the 32-bit register values (both directions), GCN encodings (gfx11's
//! unified FORMAT is mapped onto them by [`gfx11_format`]).

use crate::exec::valu::{f16_to_f32, f64_to_f16};

pub use crate::bufformat::{
    gfx11_format, gfx11_format_of, NF_FLOAT, NF_SINT, NF_SNORM, NF_SRGB, NF_SSCALED, NF_UINT,
    NF_UNORM, NF_USCALED,
};

/// A texel format: up to four components (bit offset and width, X first) and a number format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    pub dfmt: u8,
    pub nfmt: u8,
    pub comps: [(u8, u8); 4],
    pub n: u8,
    /// Bytes per texel.
    pub bytes: u32,
}

/// The components of GCN data format `dfmt` (offset, bits), X first, and the texel size.
fn layout(dfmt: u8) -> Option<(&'static [(u8, u8)], u32)> {
    Some(match dfmt {
        1 => (&[(0, 8)], 1),
        2 => (&[(0, 16)], 2),
        3 => (&[(0, 8), (8, 8)], 2),
        4 => (&[(0, 32)], 4),
        5 => (&[(0, 16), (16, 16)], 4),
        // Names list the components from the most significant bits down (10_11_11: X is the
        // 11 low bits), as the seed's "from lowest bit" descriptions say.
        6 => (&[(0, 11), (11, 11), (22, 10)], 4),
        7 => (&[(0, 10), (10, 11), (21, 11)], 4),
        8 => (&[(0, 2), (2, 10), (12, 10), (22, 10)], 4),
        9 => (&[(0, 10), (10, 10), (20, 10), (30, 2)], 4),
        10 => (&[(0, 8), (8, 8), (16, 8), (24, 8)], 4),
        11 => (&[(0, 32), (32, 32)], 8),
        12 => (&[(0, 16), (16, 16), (32, 16), (48, 16)], 8),
        13 => (&[(0, 32), (32, 32), (64, 32)], 12),
        14 => (&[(0, 32), (32, 32), (64, 32), (96, 32)], 16),
        16 => (&[(0, 5), (5, 6), (11, 5)], 2),
        17 => (&[(0, 5), (5, 5), (10, 5), (15, 1)], 2),
        18 => (&[(0, 1), (1, 5), (6, 5), (11, 5)], 2),
        19 => (&[(0, 4), (4, 4), (8, 4), (12, 4)], 2),
        _ => return None,
    })
}

impl Format {
    /// The format of GCN data format `dfmt` and number format `nfmt`; an error names what is
    /// not emulated (block-compressed, FMASK, 24-bit depth formats ...).
    pub fn new(dfmt: u8, nfmt: u8) -> Result<Format, String> {
        let (c, bytes) = layout(dfmt).ok_or_else(|| {
            format!("image data format {dfmt} is not emulated (8 to 32_32_32_32 and the packed 5_6_5, 1_5_5_5, 5_5_5_1, 4_4_4_4, 10_11_11, 11_11_10, 10_10_10_2, 2_10_10_10 are)")
        })?;
        if !matches!(
            nfmt,
            NF_UNORM | NF_SNORM | NF_USCALED | NF_SSCALED | NF_UINT | NF_SINT | NF_FLOAT | NF_SRGB
        ) {
            return Err(format!("image number format {nfmt} is not emulated"));
        }
        let mut comps = [(0u8, 0u8); 4];
        comps[..c.len()].copy_from_slice(c);
        let f = Format {
            dfmt,
            nfmt,
            comps,
            n: c.len() as u8,
            bytes,
        };
        if nfmt == NF_FLOAT && c.iter().any(|&(_, b)| !matches!(b, 32 | 16 | 11 | 10)) {
            return Err(format!(
                "image data format {dfmt} has no float number format"
            ));
        }
        Ok(f)
    }
    pub fn is_int(&self) -> bool {
        matches!(self.nfmt, NF_UINT | NF_SINT)
    }
    /// Raw component bits of a texel (`raw`: the texel's bytes as a little-endian integer).
    pub fn unpack(&self, raw: u128) -> [u32; 4] {
        let mut v = [0u32; 4];
        for (k, &(off, bits)) in self.comps[..self.n as usize].iter().enumerate() {
            let m = if bits == 32 {
                u32::MAX as u128
            } else {
                (1u128 << bits) - 1
            };
            v[k] = ((raw >> off) & m) as u32;
        }
        v
    }
    pub fn pack(&self, v: [u32; 4], old: u128, mask: u8) -> u128 {
        let mut raw = old;
        for (k, &(off, bits)) in self.comps[..self.n as usize].iter().enumerate() {
            if mask >> k & 1 == 0 {
                continue;
            }
            let m = if bits == 32 {
                u32::MAX as u128
            } else {
                (1u128 << bits) - 1
            };
            raw = (raw & !(m << off)) | ((v[k] as u128 & m) << off);
        }
        raw
    }
    /// Converts raw component `k` to its register value (f32 bits, or an integer).
    pub fn to_reg(&self, k: usize, raw: u32) -> u32 {
        let bits = self.comps[k].1 as u32;
        let max = if bits == 32 {
            u32::MAX as f64
        } else {
            ((1u64 << bits) - 1) as f64
        };
        let sext = |x: u32| -> i32 {
            if bits == 32 {
                x as i32
            } else {
                ((x << (32 - bits)) as i32) >> (32 - bits)
            }
        };
        match self.nfmt {
            NF_UNORM => ((raw as f64 / max) as f32).to_bits(),
            NF_SNORM => {
                let half = if bits == 32 {
                    i32::MAX as f64
                } else {
                    ((1u64 << (bits - 1)) - 1) as f64
                };
                (((sext(raw) as f64 / half).max(-1.0)) as f32).to_bits()
            }
            NF_USCALED => (raw as f32).to_bits(),
            NF_SSCALED => (sext(raw) as f32).to_bits(),
            NF_UINT => raw,
            NF_SINT => sext(raw) as u32,
            NF_FLOAT => match bits {
                32 => raw,
                16 => f16_to_f32(raw as u16).to_bits(),
                _ => ufloat_to_f32(raw, bits).to_bits(),
            },
            // sRGB: X, Y, Z decode to linear; W is plain unorm.
            _ => {
                let u = raw as f64 / max;
                let l = if k < 3 { srgb_to_linear(u) } else { u };
                (l as f32).to_bits()
            }
        }
    }
    /// Converts register value `x` to raw component `k` (saturating for normalised and integer
    /// formats, round to nearest even).
    pub fn from_reg(&self, k: usize, x: u32) -> Result<u32, String> {
        let bits = self.comps[k].1 as u32;
        let umax = if bits == 32 {
            u32::MAX as u64
        } else {
            (1u64 << bits) - 1
        };
        let f = f32::from_bits(x) as f64;
        let nan0 = |v: f64| if v.is_nan() { 0.0 } else { v };
        Ok(match self.nfmt {
            NF_UNORM => ((nan0(f).clamp(0.0, 1.0) * umax as f64).round_ties_even()) as u32,
            NF_SNORM => {
                let half = (umax >> 1) as f64;
                let v = (nan0(f).clamp(-1.0, 1.0) * half).round_ties_even() as i64;
                (v as u64 & umax) as u32
            }
            NF_UINT => (x as u64).min(umax) as u32,
            NF_SINT => {
                let lo = -(((umax >> 1) + 1) as i64);
                let hi = (umax >> 1) as i64;
                ((x as i32 as i64).clamp(lo, hi) as u64 & umax) as u32
            }
            NF_FLOAT => match bits {
                32 => x,
                16 => f64_to_f16(f32::from_bits(x) as f64) as u32,
                _ => f32_to_ufloat(f32::from_bits(x), bits),
            },
            NF_SRGB => {
                let v = nan0(f).clamp(0.0, 1.0);
                let e = if k < 3 { linear_to_srgb(v) } else { v };
                (e * umax as f64).round_ties_even() as u32
            }
            n => {
                return Err(format!(
                    "number format {} cannot be written (USCALED/SSCALED are read-only)",
                    n
                ))
            }
        })
    }
    /// The value of a component the format does not have (0, and 1 for W).
    pub fn missing(&self, k: usize) -> u32 {
        if k == 3 {
            self.one()
        } else {
            0
        }
    }
    /// 1 in the register domain: 1.0 for float results, 1 for integer formats.
    pub fn one(&self) -> u32 {
        if self.is_int() {
            1
        } else {
            1f32.to_bits()
        }
    }
}

/// An unsigned float of 10 or 11 bits (5-bit exponent, 5 or 6-bit mantissa) to f32.
pub fn ufloat_to_f32(v: u32, bits: u32) -> f32 {
    let mb = bits - 5;
    let e = (v >> mb) & 0x1f;
    let m = v & ((1 << mb) - 1);
    if e == 31 {
        return if m == 0 { f32::INFINITY } else { f32::NAN };
    }
    let m = m as f64 / (1u32 << mb) as f64;
    (if e == 0 {
        m * 2f64.powi(-14)
    } else {
        (1.0 + m) * 2f64.powi(e as i32 - 15)
    }) as f32
}

/// f32 to an unsigned float of 10 or 11 bits, round to nearest even; negatives give 0, too
/// large values infinity.
pub fn f32_to_ufloat(x: f32, bits: u32) -> u32 {
    let mb = bits - 5;
    if x.is_nan() {
        return 0x1f << mb | 1;
    }
    if x <= 0.0 {
        return 0;
    }
    let a = x as f64;
    // Largest finite: (2 - 2^-mb) * 2^15.
    let maxf = (2.0 - 2f64.powi(-(mb as i32))) * 2f64.powi(15);
    if a >= maxf + 2f64.powi(15 - mb as i32 - 1) {
        return 0x1f << mb;
    }
    let e = a.log2().floor() as i32;
    let e = e.max(-14);
    let ulp = 2f64.powi(e - mb as i32);
    let q = (a / ulp).round_ties_even();
    let v = q * ulp;
    if v >= 2f64.powi(15) * 2.0 {
        return 0x1f << mb;
    }
    // Re-encode v exactly.
    if v < 2f64.powi(-14) {
        return (v / 2f64.powi(-14 - mb as i32)) as u32;
    }
    let e2 = v.log2().floor() as i32;
    let m = (v / 2f64.powi(e2) - 1.0) * (1u32 << mb) as f64;
    ((e2 + 15) as u32) << mb | m.round() as u32
}

pub fn srgb_to_linear(u: f64) -> f64 {
    if u <= 0.04045 {
        u / 12.92
    } else {
        ((u + 0.055) / 1.055).powf(2.4)
    }
}

pub fn linear_to_srgb(l: f64) -> f64 {
    if l <= 0.0031308 {
        l * 12.92
    } else {
        1.055 * l.powf(1.0 / 2.4) - 0.055
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unorm_snorm_edges() {
        let f = Format::new(10, NF_UNORM).unwrap();
        assert_eq!(f32::from_bits(f.to_reg(0, 255)), 1.0);
        assert_eq!(f32::from_bits(f.to_reg(0, 0)), 0.0);
        assert_eq!(f.from_reg(0, 0.5f32.to_bits()).unwrap(), 128); // 127.5 -> even
        assert_eq!(f.from_reg(0, 2.0f32.to_bits()).unwrap(), 255);
        assert_eq!(f.from_reg(0, (-1.0f32).to_bits()).unwrap(), 0);
        let s = Format::new(10, NF_SNORM).unwrap();
        // -128 and -127 both read as -1.0 (the range is symmetric).
        assert_eq!(f32::from_bits(s.to_reg(0, 0x80)), -1.0);
        assert_eq!(f32::from_bits(s.to_reg(0, 0x81)), -1.0);
        assert_eq!(f32::from_bits(s.to_reg(0, 0x7f)), 1.0);
        assert_eq!(s.from_reg(0, (-1.0f32).to_bits()).unwrap(), 0x81);
    }

    #[test]
    fn ufloat_round_trip() {
        // 11-bit: 1.0 = exponent 15, mantissa 0.
        assert_eq!(f32_to_ufloat(1.0, 11), 15 << 6);
        assert_eq!(ufloat_to_f32(15 << 6, 11), 1.0);
        assert_eq!(ufloat_to_f32(15 << 5 | 16, 10), 1.5);
        for v in 0..(1u32 << 11) {
            if v >> 6 == 31 {
                continue;
            }
            assert_eq!(f32_to_ufloat(ufloat_to_f32(v, 11), 11), v, "{v:#x}");
        }
        assert_eq!(f32_to_ufloat(-3.0, 10), 0);
        assert_eq!(f32_to_ufloat(1e9, 10), 31 << 5);
    }

    #[test]
    fn srgb_decodes() {
        let f = Format::new(10, NF_SRGB).unwrap();
        let mid = f32::from_bits(f.to_reg(0, 188)) as f64;
        // sRGB 188/255 is about 0.5 linear.
        assert!((mid - 0.5029).abs() < 1e-3, "{mid}");
        assert_eq!(f32::from_bits(f.to_reg(3, 51)), 0.2);
        assert_eq!(f.from_reg(0, (mid as f32).to_bits()).unwrap(), 188);
    }

    #[test]
    fn gfx11_formats_map_back() {
        for f in 1..=63u8 {
            let (d, n) = gfx11_format(f).unwrap();
            assert_eq!(gfx11_format_of(d, n), Some(f));
            assert!(Format::new(d, n).is_ok(), "{f}");
        }
    }
}
