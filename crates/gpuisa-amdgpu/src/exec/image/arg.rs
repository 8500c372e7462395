//! Image and sampler kernel arguments: an `.npy` array and a WebGPU texture-format name become
//! the descriptor an OpenCL / HIP kernel's image argument points to, in an ordinary buffer
//! argument (`ArgValue::Buffer`), so the run needs nothing beyond buffers:
//!
//! - bytes 0..48: the image SRD the ROCm runtime passes (T#, 8 dwords; then the HSA channel
//!   type and channel order indices and the width, which the device library reads for
//!   get_image_channel_data_type / _order / get_image_width), padded to 256 bytes;
//! - bytes 256..: the texels, in the layout the T# describes (exec/image/resource.rs).
//!
//! The argument of index `i` is placed at `BUFFER_BASE + i * BUFFER_STRIDE` (exec/mod.rs), so
//! the T#'s base address is known before the run. A sampler argument is a 16-byte buffer with
//! the S#.

use super::format::{Format, NF_FLOAT, NF_SINT, NF_SNORM, NF_SRGB, NF_UINT, NF_UNORM};
use super::resource::*;
use crate::exec::{Isa, BUFFER_BASE, BUFFER_STRIDE};

/// Where the texels start in an image argument's buffer.
pub const TEXELS_AT: usize = 256;

/// A WebGPU texture format: GCN data / number format, channels, numpy element type, OpenCL
/// channel data type and order, DST_SEL.
#[derive(Clone, Copy, Debug)]
pub struct WebGpuFormat {
    pub name: &'static str,
    pub dfmt: u8,
    pub nfmt: u8,
    pub channels: usize,
    /// The .npy dtype of one channel (packed formats: one uint32 per texel, channels = 1).
    pub descr: &'static str,
    pub cl_type: u32,
    pub cl_order: u32,
    pub dst_sel: [u8; 4],
}

const XYZW: [u8; 4] = [4, 5, 6, 7];
const X001: [u8; 4] = [4, 0, 0, 1];
const XY01: [u8; 4] = [4, 5, 0, 1];
const XYZ1: [u8; 4] = [4, 5, 6, 1];

// The channel data type and order the descriptor's dwords 8 and 9 hold: HSA's
// hsa_ext_image_channel_type_t / _order_t indices (the OpenCL device library maps them to the
// CL_* values through tables: opencl.bc's get_image_channel_data_type / _order).
const SNORM8: u32 = 0;
const SNORM16: u32 = 1;
const UNORM8: u32 = 2;
const UNORM16: u32 = 3;
const UNORM101010: u32 = 7;
const SINT8: u32 = 8;
const SINT16: u32 = 9;
const SINT32: u32 = 10;
const UINT8: u32 = 11;
const UINT16: u32 = 12;
const UINT32: u32 = 13;
const HALF: u32 = 14;
const FLOAT: u32 = 15;
const CL_R: u32 = 1;
const CL_RG: u32 = 3;
const CL_RGB: u32 = 6;
const CL_RGBA: u32 = 8;
const CL_BGRA: u32 = 9;
const CL_SRGBA: u32 = 14;

macro_rules! f {
    ($n:expr, $d:expr, $nf:expr, $c:expr, $descr:expr, $t:expr, $o:expr, $s:expr) => {
        WebGpuFormat {
            name: $n,
            dfmt: $d,
            nfmt: $nf,
            channels: $c,
            descr: $descr,
            cl_type: $t,
            cl_order: $o,
            dst_sel: $s,
        }
    };
}

/// The formats `image:PATH.npy:FORMAT` accepts.
pub static FORMATS: &[WebGpuFormat] = &[
    f!("r8unorm", 1, NF_UNORM, 1, "|u1", UNORM8, CL_R, X001),
    f!("r8snorm", 1, NF_SNORM, 1, "|i1", SNORM8, CL_R, X001),
    f!("r8uint", 1, NF_UINT, 1, "|u1", UINT8, CL_R, X001),
    f!("r8sint", 1, NF_SINT, 1, "|i1", SINT8, CL_R, X001),
    f!("r16uint", 2, NF_UINT, 1, "<u2", UINT16, CL_R, X001),
    f!("r16sint", 2, NF_SINT, 1, "<i2", SINT16, CL_R, X001),
    f!("r16float", 2, NF_FLOAT, 1, "<f2", HALF, CL_R, X001),
    f!("r16unorm", 2, NF_UNORM, 1, "<u2", UNORM16, CL_R, X001),
    f!("r16snorm", 2, NF_SNORM, 1, "<i2", SNORM16, CL_R, X001),
    f!("rg8unorm", 3, NF_UNORM, 2, "|u1", UNORM8, CL_RG, XY01),
    f!("rg8snorm", 3, NF_SNORM, 2, "|i1", SNORM8, CL_RG, XY01),
    f!("rg8uint", 3, NF_UINT, 2, "|u1", UINT8, CL_RG, XY01),
    f!("rg8sint", 3, NF_SINT, 2, "|i1", SINT8, CL_RG, XY01),
    f!("r32uint", 4, NF_UINT, 1, "<u4", UINT32, CL_R, X001),
    f!("r32sint", 4, NF_SINT, 1, "<i4", SINT32, CL_R, X001),
    f!("r32float", 4, NF_FLOAT, 1, "<f4", FLOAT, CL_R, X001),
    f!("rg16uint", 5, NF_UINT, 2, "<u2", UINT16, CL_RG, XY01),
    f!("rg16sint", 5, NF_SINT, 2, "<i2", SINT16, CL_RG, XY01),
    f!("rg16float", 5, NF_FLOAT, 2, "<f2", HALF, CL_RG, XY01),
    f!("rgba8unorm", 10, NF_UNORM, 4, "|u1", UNORM8, CL_RGBA, XYZW),
    f!(
        "rgba8unorm-srgb",
        10,
        NF_SRGB,
        4,
        "|u1",
        UNORM8,
        CL_SRGBA,
        XYZW
    ),
    f!(
        "bgra8unorm",
        10,
        NF_UNORM,
        4,
        "|u1",
        UNORM8,
        CL_BGRA,
        [6, 5, 4, 7]
    ),
    f!("rgba8snorm", 10, NF_SNORM, 4, "|i1", SNORM8, CL_RGBA, XYZW),
    f!("rgba8uint", 10, NF_UINT, 4, "|u1", UINT8, CL_RGBA, XYZW),
    f!("rgba8sint", 10, NF_SINT, 4, "|i1", SINT8, CL_RGBA, XYZW),
    f!(
        "rgb10a2unorm",
        9,
        NF_UNORM,
        1,
        "<u4",
        UNORM101010,
        CL_RGBA,
        XYZW
    ),
    f!("rgb10a2uint", 9, NF_UINT, 1, "<u4", UINT32, CL_RGBA, XYZW),
    f!("rg11b10ufloat", 6, NF_FLOAT, 1, "<u4", FLOAT, CL_RGB, XYZ1),
    f!("rg32uint", 11, NF_UINT, 2, "<u4", UINT32, CL_RG, XY01),
    f!("rg32sint", 11, NF_SINT, 2, "<i4", SINT32, CL_RG, XY01),
    f!("rg32float", 11, NF_FLOAT, 2, "<f4", FLOAT, CL_RG, XY01),
    f!("rgba16uint", 12, NF_UINT, 4, "<u2", UINT16, CL_RGBA, XYZW),
    f!("rgba16sint", 12, NF_SINT, 4, "<i2", SINT16, CL_RGBA, XYZW),
    f!("rgba16float", 12, NF_FLOAT, 4, "<f2", HALF, CL_RGBA, XYZW),
    f!(
        "rgba16unorm",
        12,
        NF_UNORM,
        4,
        "<u2",
        UNORM16,
        CL_RGBA,
        XYZW
    ),
    f!("rgba32uint", 14, NF_UINT, 4, "<u4", UINT32, CL_RGBA, XYZW),
    f!("rgba32sint", 14, NF_SINT, 4, "<i4", SINT32, CL_RGBA, XYZW),
    f!("rgba32float", 14, NF_FLOAT, 4, "<f4", FLOAT, CL_RGBA, XYZW),
];

pub fn webgpu_format(name: &str) -> Option<&'static WebGpuFormat> {
    FORMATS.iter().find(|f| f.name == name)
}

/// The resource type of an OpenCL image type name (`image2d_t` ...; HIP / LLVM spellings with
/// `__read_only` etc. are accepted as long as the name contains one of these).
pub fn image_type(type_name: &str) -> Option<u8> {
    let t = type_name.to_ascii_lowercase();
    Some(if t.contains("image1d_array") {
        T_1D_ARRAY
    } else if t.contains("image2d_array") {
        T_2D_ARRAY
    } else if t.contains("image1d_buffer") {
        return None;
    } else if t.contains("image1d") {
        T_1D
    } else if t.contains("image2d") {
        T_2D
    } else if t.contains("image3d") {
        T_3D
    } else {
        return None;
    })
}

/// What is needed to write an image argument back.
#[derive(Clone, Debug)]
pub struct ImageMeta {
    pub descr: String,
    pub shape: Vec<usize>,
    pub bytes: usize,
}

pub fn layout_for(isa: Isa) -> Layout {
    match isa {
        Isa::Gfx11 => Layout::Gfx11,
        Isa::Gcn(g) if g.facts().tsharp_gfx9 => Layout::Gfx9,
        Isa::Gcn(_) => Layout::Gfx6,
    }
}

/// Builds argument `index`'s buffer for an image of `type_name` from an array (`descr`,
/// `shape`, little-endian `data`) and a WebGPU format name.
pub fn build_image(
    isa: Isa,
    index: usize,
    type_name: &str,
    descr: &str,
    shape: &[usize],
    data: &[u8],
    format: &str,
) -> Result<(Vec<u8>, ImageMeta), String> {
    let wf = webgpu_format(format).ok_or_else(|| {
        let names: Vec<&str> = FORMATS.iter().map(|f| f.name).collect();
        format!(
            "unknown image format '{format}' (WebGPU names: {})",
            names.join(", ")
        )
    })?;
    let ty = image_type(type_name).ok_or_else(|| {
        format!("argument {index} is not an image the emulator builds (type '{type_name}'; image1d_t, image1d_array_t, image2d_t, image2d_array_t, image3d_t are)")
    })?;
    let dims = match ty {
        T_1D => 1,
        T_2D | T_1D_ARRAY => 2,
        _ => 3,
    };
    let norm = |d: &str| {
        d.replace('=', "<")
            .replace("<u1", "|u1")
            .replace("<i1", "|i1")
    };
    if norm(descr) != wf.descr {
        return Err(format!(
            "argument {index}: a {format} image needs a '{}' array, the file holds '{descr}'",
            wf.descr
        ));
    }
    // (W, C), (H, W, C), (D, H, W, C); the channel axis may be left out when C is 1.
    let mut sh = shape.to_vec();
    if sh.len() == dims && wf.channels == 1 {
        sh.push(1);
    }
    if sh.len() != dims + 1 || sh[dims] != wf.channels {
        return Err(format!(
            "argument {index}: a {type_name} of {format} needs an array of shape {} (C = {}), not {shape:?}",
            ["(W, C)", "(H, W, C)", "(D, H, W, C)"][dims - 1],
            wf.channels
        ));
    }
    let mut size = [1u32; 3];
    for k in 0..dims {
        let n = sh[dims - 1 - k];
        if n == 0 || n > 16384 {
            return Err(format!(
                "argument {index}: image dimensions must be 1..16384, not {shape:?}"
            ));
        }
        size[k] = n as u32;
    }
    // An array's slice count sits where the depth does.
    if ty == T_1D_ARRAY {
        size = [size[0], 1, size[1]];
    }
    let fmt = Format::new(wf.dfmt, wf.nfmt)?;
    let layout = layout_for(isa);
    let base = BUFFER_BASE + index as u64 * BUFFER_STRIDE + TEXELS_AT as u64;
    let t = Tsharp::encode(layout, base, &fmt, ty, size, 1, wf.dst_sel)?;
    let texels = size.iter().map(|&x| x as usize).product::<usize>() * fmt.bytes as usize;
    if data.len() != texels {
        return Err(format!(
            "argument {index}: {} bytes of data for {texels} bytes of texels",
            data.len()
        ));
    }
    let mut buf = vec![0u8; TEXELS_AT + texels];
    for (k, d) in t
        .iter()
        .chain(&[wf.cl_type, wf.cl_order, size[0], 0])
        .enumerate()
    {
        buf[4 * k..4 * k + 4].copy_from_slice(&d.to_le_bytes());
    }
    buf[TEXELS_AT..].copy_from_slice(data);
    Ok((
        buf,
        ImageMeta {
            descr: descr.to_string(),
            shape: shape.to_vec(),
            bytes: texels,
        },
    ))
}

/// The texels of an image argument's buffer after the run.
pub fn texels(buf: &[u8], meta: &ImageMeta) -> Vec<u8> {
    buf.get(TEXELS_AT..TEXELS_AT + meta.bytes)
        .map(|b| b.to_vec())
        .unwrap_or_default()
}

/// A sampler argument from `FILTER,ADDRESS,COORDS` (`nearest|linear`,
/// `none|clamp_to_edge|clamp|repeat|mirrored_repeat`, `normalized|unnormalized`): the S#
/// clang-19 emits for the same OpenCL constant sampler.
pub fn build_sampler(spec: &str) -> Result<Vec<u8>, String> {
    let p: Vec<&str> = spec.split(',').map(str::trim).collect();
    let usage = "a sampler is FILTER,ADDRESS,COORDS: nearest|linear, none|clamp_to_edge|clamp|repeat|mirrored_repeat, normalized|unnormalized";
    if p.len() != 3 {
        return Err(format!("'{spec}': {usage}"));
    }
    let linear = match p[0] {
        "nearest" => false,
        "linear" => true,
        x => return Err(format!("filter '{x}': {usage}")),
    };
    let clamp = match p[1] {
        "none" | "clamp" => CLAMP_BORDER,
        "clamp_to_edge" => CLAMP_LAST,
        "repeat" => WRAP,
        "mirrored_repeat" => MIRROR,
        x => return Err(format!("address mode '{x}': {usage}")),
    } as u32;
    let unnorm = match p[2] {
        "normalized" => false,
        "unnormalized" => true,
        x => return Err(format!("coordinates '{x}': {usage}")),
    };
    let w = [
        clamp | clamp << 3 | clamp << 6 | 3 << 12 | (unnorm as u32) << 15 | 1 << 28,
        0xfff000,
        if linear { 5 << 20 } else { 0 } | 1 << 31,
        0,
    ];
    Ok(w.iter().flat_map(|d| d.to_le_bytes()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gcn::Gen;

    #[test]
    fn samplers_match_clang_constant_samplers() {
        // s_mov values clang-19 emits for gfx900 (tests/kernels/images.cl's constant samplers).
        let w = |s: &str| -> Vec<u32> {
            build_sampler(s)
                .unwrap()
                .chunks(4)
                .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                .collect()
        };
        assert_eq!(
            w("linear,repeat,normalized"),
            [0x10003000, 0xfff000, 0x80500000, 0]
        );
        assert_eq!(
            w("nearest,mirrored_repeat,normalized"),
            [0x10003049, 0xfff000, 0x80000000, 0]
        );
        assert_eq!(
            w("linear,clamp,unnormalized"),
            [0x1000b1b6, 0xfff000, 0x80500000, 0]
        );
        assert_eq!(
            w("nearest,clamp_to_edge,unnormalized"),
            [0x1000b092, 0xfff000, 0x80000000, 0]
        );
        assert!(build_sampler("bilinear,clamp,normalized").is_err());
    }

    #[test]
    fn image_arguments_check_shape_and_dtype() {
        let isa = Isa::Gcn(Gen::Gfx9);
        let data = vec![0u8; 4 * 3 * 2 * 4];
        let (buf, meta) =
            build_image(isa, 1, "image2d_t", "<f4", &[3, 2, 4], &data, "rgba32float").unwrap();
        assert_eq!(buf.len(), TEXELS_AT + data.len());
        let d: Vec<u32> = buf[..32]
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let t = Tsharp::decode(&d.try_into().unwrap(), Layout::Gfx9, false).unwrap();
        assert_eq!((t.width, t.height, t.ty), (2, 3, T_2D));
        assert_eq!(t.base, BUFFER_BASE + BUFFER_STRIDE + 256);
        assert_eq!(u32::from_le_bytes(buf[40..44].try_into().unwrap()), 2);
        assert_eq!(meta.bytes, data.len());
        assert!(build_image(isa, 1, "image2d_t", "<f4", &[3, 2, 3], &data, "rgba32float").is_err());
        assert!(build_image(isa, 1, "image2d_t", "<u4", &[3, 2, 4], &data, "rgba32float").is_err());
        assert!(build_image(isa, 1, "image2d_t", "<f4", &[3, 2, 4], &data, "rgba99").is_err());
    }
}
