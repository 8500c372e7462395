//! SAMPLE / GATHER4 against a reference sampler written here from the filtering rules (OpenGL /
//! D3D texture sampling as AMD's manuals describe it; docs/images.md): texel centres at +0.5,
//! bilinear weights from the fraction of (u - 0.5), point = floor(u), mip point = nearest
//! level, mip linear = blend of floor(lod) and the next, LOD = log2(max |d/dx|, |d/dy| in
//! texels) + biases, clamped by the sampler and _CL.

use super::*;
use crate::gcn::Gen;

const GEN: Gen = Gen::Gfx9;

/// A single-channel image with mip levels, values a function of (level, x, y).
struct RefImg {
    w: i64,
    h: i64,
    levels: usize,
}

impl RefImg {
    fn dims(&self, l: usize) -> (i64, i64) {
        ((self.w >> l).max(1), (self.h >> l).max(1))
    }
    fn value(l: usize, x: i64, y: i64) -> f64 {
        // Distinct, exactly representable values.
        (l as f64) * 100.0 + (y as f64) * 10.0 + x as f64 * 0.5 + 0.25
    }
    /// Writes levels 0.. contiguously (each level w_l * h_l texels, rows of w_l).
    fn upload(&self, rig: &Rig) {
        let mut off = 0u64;
        for l in 0..self.levels {
            let (w, h) = self.dims(l);
            for y in 0..h {
                for x in 0..w {
                    rig.wr(off, 4, (Self::value(l, x, y) as f32).to_bits() as u64);
                    off += 4;
                }
            }
        }
    }
}

/// An address mode from its rules; `None` means the border colour.
fn ref_wrap(i: i64, n: i64, mode: u8) -> Option<i64> {
    match mode {
        0 => Some(((i % n) + n) % n),
        1 => {
            // Mirrored repeat: 0..n-1, n-1..0, 0..n-1 ...
            let p = ((i % (2 * n)) + 2 * n) % (2 * n);
            Some(if p >= n { 2 * n - 1 - p } else { p })
        }
        2 => Some(i.max(0).min(n - 1)),
        3 => Some((if i >= 0 { i } else { -i - 1 }).min(n - 1)),
        4 | 6 => {
            if i < 0 || i >= n {
                None
            } else {
                Some(i)
            }
        }
        _ => {
            let m = if i >= 0 { i } else { -i - 1 };
            if m >= n {
                None
            } else {
                Some(m)
            }
        }
    }
}

struct RefSampler {
    mode: u8,
    linear: bool,
    mip: u8,
    border: f64,
    /// Depth compare function and reference (PCF on each tap).
    cmp: Option<(u8, f64)>,
}

impl RefSampler {
    fn tap(&self, img: &RefImg, l: usize, x: i64, y: i64) -> f64 {
        let (w, h) = img.dims(l);
        let v = match (ref_wrap(x, w, self.mode), ref_wrap(y, h, self.mode)) {
            (Some(x), Some(y)) => RefImg::value(l, x, y),
            _ => self.border,
        };
        match self.cmp {
            None => v,
            Some((f, z)) => {
                let pass = match f {
                    0 => false,
                    1 => z < v,
                    2 => z == v,
                    3 => z <= v,
                    4 => z > v,
                    5 => z != v,
                    6 => z >= v,
                    _ => true,
                };
                pass as u8 as f64
            }
        }
    }
    /// Filtering at one level; `u`, `v` in texels of that level (offsets included).
    fn level(&self, img: &RefImg, l: usize, u: f64, v: f64) -> f64 {
        if !self.linear {
            return self.tap(img, l, u.floor() as i64, v.floor() as i64);
        }
        let (a, b) = (u - 0.5, v - 0.5);
        let (x0, y0) = (a.floor() as i64, b.floor() as i64);
        let (fx, fy) = (a - a.floor(), b - b.floor());
        self.tap(img, l, x0, y0) * (1.0 - fx) * (1.0 - fy)
            + self.tap(img, l, x0 + 1, y0) * fx * (1.0 - fy)
            + self.tap(img, l, x0, y0 + 1) * (1.0 - fx) * fy
            + self.tap(img, l, x0 + 1, y0 + 1) * fx * fy
    }
    /// Normalised (s, t), texel offset, a final LOD.
    fn sample(&self, img: &RefImg, s: f64, t: f64, off: (i64, i64), lod: f64) -> f64 {
        let maxl = (img.levels - 1) as f64;
        let at = |l: usize| {
            let (w, h) = img.dims(l);
            self.level(
                img,
                l,
                s * w as f64 + off.0 as f64,
                t * h as f64 + off.1 as f64,
            )
        };
        match self.mip {
            0 => at(0),
            1 => at((lod.max(0.0) + 0.5).floor().min(maxl) as usize),
            _ => {
                let l = lod.max(0.0).min(maxl);
                let l0 = l.floor();
                let fr = l - l0;
                if fr == 0.0 {
                    at(l0 as usize)
                } else {
                    at(l0 as usize) * (1.0 - fr) + at(l0 as usize + 1) * fr
                }
            }
        }
    }
}

fn sampler(mode: u8, linear: bool, mip: u8, border: u8, cmp: u8) -> Ssharp {
    Ssharp {
        clamp: [mode; 3],
        compare: cmp,
        force_unnorm: false,
        min_lod: 0.0,
        max_lod: 15.0,
        lod_bias: 0.0,
        mag: linear as u8,
        min: linear as u8,
        z_filter: 0,
        mip,
        border_type: border,
    }
}

fn rig_with(img: &RefImg, s: &Ssharp) -> Rig {
    let mut rig = Rig::new(GEN, 1 << 16);
    rig.w.set_exec(u64::MAX);
    rig.set_t(
        8,
        tdesc(
            GEN,
            4,
            NF_FLOAT,
            T_2D,
            [img.w as u32, img.h as u32, 1],
            img.levels as u32,
        ),
    );
    rig.set_s(16, s.encode());
    img.upload(&rig);
    rig
}

/// Deterministic coordinates spread over [-1.3, 2.3).
fn coord(lane: usize, k: usize) -> f32 {
    let x = ((lane * 37 + k * 11) % 64) as f32 / 64.0;
    -1.3 + 3.6 * x
}

fn close(a: f32, b: f64, what: &str) {
    assert!(
        (a as f64 - b).abs() <= 1e-4 * (1.0 + b.abs()),
        "{what}: got {a}, want {b}"
    );
}

#[test]
fn point_and_bilinear_in_every_address_mode_with_borders() {
    let img = RefImg {
        w: 8,
        h: 4,
        levels: 1,
    };
    for mode in 0..8u8 {
        for linear in [false, true] {
            for border in 0..3u8 {
                let s = sampler(mode, linear, 0, border, 0);
                let mut rig = rig_with(&img, &s);
                for l in 0..64 {
                    rig.vf(0, l, coord(l, 0));
                    rig.vf(1, l, coord(l, 1));
                }
                rig.run(&mimg(GEN, "IMAGE_SAMPLE_LZ", 0xf, 0, 0, 20, 8, 16, false))
                    .unwrap();
                // Border colours: transparent black, opaque black, opaque white; r32float
                // reads (X, 0, 0, 1) through DST_SEL, the border replaces the texel.
                let bx = [0.0, 0.0, 1.0][border as usize];
                let r = RefSampler {
                    mode,
                    linear,
                    mip: 0,
                    border: bx,
                    cmp: None,
                };
                for l in 0..64 {
                    let (u, v) = (coord(l, 0) as f64, coord(l, 1) as f64);
                    let want = r.sample(&img, u, v, (0, 0), 0.0);
                    close(
                        rig.getf(20, l),
                        want,
                        &format!("mode {mode} linear {linear} lane {l} ({u}, {v})"),
                    );
                    // W: the format has no W, so DST_SEL_W reads 1 for every tap, border
                    // texels included (the border replaces the texel before DST_SEL, as
                    // OpenCL's CLK_ADDRESS_CLAMP wants: (0, 0, 0, 1) for one-channel images).
                    close(rig.getf(23, l), 1.0, &format!("W mode {mode} lane {l}"));
                }
            }
        }
    }
}

#[test]
fn explicit_lod_with_mip_point_and_linear() {
    let img = RefImg {
        w: 16,
        h: 8,
        levels: 4,
    };
    for mip in [1u8, 2] {
        for linear in [false, true] {
            let s = sampler(0, linear, mip, 0, 0);
            let mut rig = rig_with(&img, &s);
            for l in 0..64 {
                rig.vf(0, l, coord(l, 0) * 0.3 + 0.2);
                rig.vf(1, l, coord(l, 1) * 0.3 + 0.3);
                rig.vf(2, l, -0.75 + l as f32 * 0.08);
            }
            rig.run(&mimg(GEN, "IMAGE_SAMPLE_L", 1, 0, 0, 20, 8, 16, false))
                .unwrap();
            let r = RefSampler {
                mode: 0,
                linear,
                mip,
                border: 0.0,
                cmp: None,
            };
            for l in 0..64 {
                let (u, v) = (
                    (coord(l, 0) * 0.3 + 0.2) as f64,
                    (coord(l, 1) * 0.3 + 0.3) as f64,
                );
                let lod = (-0.75 + l as f32 * 0.08) as f64;
                close(
                    rig.getf(20, l),
                    r.sample(&img, u, v, (0, 0), lod),
                    &format!("mip {mip} lane {l} lod {lod}"),
                );
            }
        }
    }
}

/// Lanes of a quad laid out 2x2 (lane 0 top-left, 1 right, 2 below): the implicit derivatives.
#[test]
fn implicit_quad_derivatives_bias_clamp_and_explicit_derivatives() {
    let img = RefImg {
        w: 32,
        h: 32,
        levels: 6,
    };
    let s = sampler(0, true, 2, 0, 0);
    // Quad q steps by dx = 2^(q/4) texels / 32.
    let step = |q: usize| 2f32.powf(q as f32 / 4.0) / 32.0;
    let pos = |l: usize| {
        let q = l / 4;
        let (base_u, base_v) = (0.1 + 0.01 * q as f32, 0.2);
        let d = step(q);
        (
            base_u + d * (l & 1) as f32,
            base_v + d * (l >> 1 & 1) as f32,
        )
    };
    // Plain SAMPLE: LOD = log2(texels per lane step).
    let mut rig = rig_with(&img, &s);
    for l in 0..64 {
        let (u, v) = pos(l);
        rig.vf(0, l, u);
        rig.vf(1, l, v);
    }
    rig.run(&mimg(GEN, "IMAGE_SAMPLE", 1, 0, 0, 20, 8, 16, false))
        .unwrap();
    let r = RefSampler {
        mode: 0,
        linear: true,
        mip: 2,
        border: 0.0,
        cmp: None,
    };
    for l in 0..64 {
        let (u, v) = pos(l);
        let lod = ((step(l / 4) * 32.0) as f64).log2();
        close(
            rig.getf(20, l),
            r.sample(&img, u as f64, v as f64, (0, 0), lod),
            &format!("sample lane {l}"),
        );
    }
    // SAMPLE_B: bias first, then the coordinates.
    let mut rig = rig_with(&img, &s);
    for l in 0..64 {
        let (u, v) = pos(l);
        rig.vf(0, l, 0.75);
        rig.vf(1, l, u);
        rig.vf(2, l, v);
    }
    rig.run(&mimg(GEN, "IMAGE_SAMPLE_B", 1, 0, 0, 20, 8, 16, false))
        .unwrap();
    for l in 0..64 {
        let (u, v) = pos(l);
        let lod = ((step(l / 4) * 32.0) as f64).log2() + 0.75;
        close(
            rig.getf(20, l),
            r.sample(&img, u as f64, v as f64, (0, 0), lod),
            &format!("bias lane {l}"),
        );
    }
    // SAMPLE_CL: the LOD is at least the clamp (the last address).
    let mut rig = rig_with(&img, &s);
    for l in 0..64 {
        let (u, v) = pos(l);
        rig.vf(0, l, u);
        rig.vf(1, l, v);
        rig.vf(2, l, 2.5);
    }
    rig.run(&mimg(GEN, "IMAGE_SAMPLE_CL", 1, 0, 0, 20, 8, 16, false))
        .unwrap();
    for l in 0..64 {
        let (u, v) = pos(l);
        let lod = ((step(l / 4) * 32.0) as f64).log2().max(2.5);
        close(
            rig.getf(20, l),
            r.sample(&img, u as f64, v as f64, (0, 0), lod),
            &format!("clamp lane {l}"),
        );
    }
    // SAMPLE_D: dsdh, dtdh, dsdv, dtdv, then s, t; rho = max(|(dsdh, dtdh)|, |(dsdv, dtdv)|).
    let mut rig = rig_with(&img, &s);
    for l in 0..64 {
        let d = [0.01 * l as f32, 0.02, 0.005, 0.001 * l as f32];
        for (k, x) in d.iter().enumerate() {
            rig.vf(k, l, *x);
        }
        rig.vf(4, l, 0.4);
        rig.vf(5, l, 0.6);
    }
    rig.run(&mimg(GEN, "IMAGE_SAMPLE_D", 1, 0, 0, 20, 8, 16, false))
        .unwrap();
    for l in 0..64 {
        let d = [0.01 * l as f32, 0.02, 0.005, 0.001 * l as f32].map(|x| x as f64 * 32.0);
        let rho = (d[0].hypot(d[1])).max(d[2].hypot(d[3]));
        close(
            rig.getf(20, l),
            r.sample(&img, 0.4f32 as f64, 0.6f32 as f64, (0, 0), rho.log2()),
            &format!("derivatives lane {l}"),
        );
    }
}

#[test]
fn depth_compare_offsets_gather_and_unnormalised() {
    let img = RefImg {
        w: 8,
        h: 8,
        levels: 1,
    };
    // _C: PCF with each compare function, point and bilinear; the reference is the first
    // address, then the coordinates.
    for func in 0..8u8 {
        for linear in [false, true] {
            let s = sampler(2, linear, 0, 0, func);
            let mut rig = rig_with(&img, &s);
            for l in 0..64 {
                rig.vf(0, l, 30.0 + (l % 8) as f32 * 5.0);
                rig.vf(1, l, coord(l, 0) * 0.4 + 0.3);
                rig.vf(2, l, coord(l, 1) * 0.4 + 0.3);
            }
            rig.run(&mimg(GEN, "IMAGE_SAMPLE_C_LZ", 1, 0, 0, 20, 8, 16, false))
                .unwrap();
            for l in 0..64 {
                let z = (30.0 + (l % 8) as f32 * 5.0) as f64;
                let r = RefSampler {
                    mode: 2,
                    linear,
                    mip: 0,
                    border: 0.0,
                    cmp: Some((func, z)),
                };
                let (u, v) = (
                    (coord(l, 0) * 0.4 + 0.3) as f64,
                    (coord(l, 1) * 0.4 + 0.3) as f64,
                );
                close(
                    rig.getf(20, l),
                    r.sample(&img, u, v, (0, 0), 0.0),
                    &format!("compare {func} lane {l}"),
                );
            }
        }
    }
    // _O: offsets (6-bit signed x at [5:0], y at [13:8]) add texels.
    let s = sampler(0, true, 0, 0, 0);
    let mut rig = rig_with(&img, &s);
    let offs = [(0i64, 0i64), (1, -1), (-3, 2), (31, -32)];
    for l in 0..64 {
        let (ox, oy) = offs[l % 4];
        rig.v(0, l, (ox as u32 & 63) | (oy as u32 & 63) << 8);
        rig.vf(1, l, coord(l, 0));
        rig.vf(2, l, coord(l, 1));
    }
    rig.run(&mimg(GEN, "IMAGE_SAMPLE_LZ_O", 1, 0, 0, 20, 8, 16, false))
        .unwrap();
    let r = RefSampler {
        mode: 0,
        linear: true,
        mip: 0,
        border: 0.0,
        cmp: None,
    };
    for l in 0..64 {
        close(
            rig.getf(20, l),
            r.sample(
                &img,
                coord(l, 0) as f64,
                coord(l, 1) as f64,
                offs[l % 4],
                0.0,
            ),
            &format!("offset lane {l}"),
        );
    }
    // GATHER4_LZ: the footprint's X in the order (x0,y1) (x1,y1) (x1,y0) (x0,y0).
    let s = sampler(0, true, 0, 0, 0);
    let mut rig = rig_with(&img, &s);
    for l in 0..64 {
        rig.vf(0, l, coord(l, 0));
        rig.vf(1, l, coord(l, 1));
    }
    rig.run(&mimg(GEN, "IMAGE_GATHER4_LZ", 1, 0, 0, 20, 8, 16, false))
        .unwrap();
    for l in 0..64 {
        let (a, b) = (
            coord(l, 0) as f64 * 8.0 - 0.5,
            coord(l, 1) as f64 * 8.0 - 0.5,
        );
        let (x0, y0) = (a.floor() as i64, b.floor() as i64);
        let t = |x: i64, y: i64| RefImg::value(0, x.rem_euclid(8), y.rem_euclid(8));
        let want = [t(x0, y0 + 1), t(x0 + 1, y0 + 1), t(x0 + 1, y0), t(x0, y0)];
        for (k, wv) in want.iter().enumerate() {
            close(rig.getf(20 + k, l), *wv, &format!("gather lane {l} {k}"));
        }
    }
    // UNORM: coordinates in texels.
    let s = sampler(2, true, 0, 0, 0);
    let mut rig = rig_with(&img, &s);
    for l in 0..64 {
        rig.vf(0, l, coord(l, 0) * 8.0);
        rig.vf(1, l, coord(l, 1) * 8.0);
    }
    rig.run(&mimg(GEN, "IMAGE_SAMPLE_LZ", 1, UNORM, 0, 20, 8, 16, false))
        .unwrap();
    let r = RefSampler {
        mode: 2,
        linear: true,
        mip: 0,
        border: 0.0,
        cmp: None,
    };
    for l in 0..64 {
        close(
            rig.getf(20, l),
            r.sample(&img, coord(l, 0) as f64, coord(l, 1) as f64, (0, 0), 0.0),
            &format!("unnormalised lane {l}"),
        );
    }
}

#[test]
fn array_slices_round_and_clamp_when_sampling() {
    let mut rig = Rig::new(GEN, 1 << 16);
    rig.set_t(8, tdesc(GEN, 4, NF_FLOAT, T_2D_ARRAY, [2, 2, 3], 1));
    rig.set_s(16, sampler(2, false, 0, 0, 0).encode());
    for s in 0..3u64 {
        for t in 0..4u64 {
            rig.wr(
                (s * 4 + t) * 4,
                4,
                (s as f32 * 10.0 + t as f32).to_bits() as u64,
            );
        }
    }
    rig.w.set_exec(0xf);
    for (l, sl) in [-0.7f32, 0.49, 1.5, 7.0].iter().enumerate() {
        rig.vf(0, l, 0.75);
        rig.vf(1, l, 0.25);
        rig.vf(2, l, *sl);
    }
    rig.run(&mimg(GEN, "IMAGE_SAMPLE_LZ", 1, DA, 0, 20, 8, 16, false))
        .unwrap();
    // Texel (1, 0); slices round(s) clamped to 0..2.
    let want = [1.0, 1.0, 21.0, 21.0];
    for (l, w) in want.iter().enumerate() {
        assert_eq!(rig.getf(20, l), *w, "lane {l}");
    }
}

#[test]
fn trilinear_3d_and_d16_results() {
    let (w, h, d) = (4i64, 2i64, 3i64);
    let val = |x: i64, y: i64, z: i64| (x + 10 * y + 100 * z) as f64 * 0.5;
    let mut rig = Rig::new(GEN, 1 << 16);
    rig.w.set_exec(u64::MAX);
    rig.set_t(
        8,
        tdesc(GEN, 4, NF_FLOAT, T_3D, [w as u32, h as u32, d as u32], 1),
    );
    rig.set_s(16, sampler(2, true, 0, 0, 0).encode());
    for z in 0..d {
        for y in 0..h {
            for x in 0..w {
                rig.wr(
                    (((z * h + y) * w + x) * 4) as u64,
                    4,
                    (val(x, y, z) as f32).to_bits() as u64,
                );
            }
        }
    }
    let c = |l: usize, k: usize| coord(l, k) * 0.6 + 0.2;
    for l in 0..64 {
        for k in 0..3 {
            rig.vf(k, l, c(l, k));
        }
    }
    rig.run(&mimg(GEN, "IMAGE_SAMPLE_LZ", 1, 0, 0, 20, 8, 16, false))
        .unwrap();
    // D16: the same sample as f16 in the low half.
    rig.run(&mimg(GEN, "IMAGE_SAMPLE_LZ", 1, 0, 0, 21, 8, 16, true))
        .unwrap();
    for l in 0..64 {
        let n = [w, h, d];
        let mut base = [0i64; 3];
        let mut fr = [0f64; 3];
        for k in 0..3 {
            let a = c(l, k) as f64 * n[k] as f64 - 0.5;
            base[k] = a.floor() as i64;
            fr[k] = a - a.floor();
        }
        let mut want = 0.0;
        for t in 0..8 {
            let mut p = [0i64; 3];
            let mut wt = 1.0;
            for k in 0..3 {
                let hi = (t >> k) & 1;
                p[k] = (base[k] + hi as i64).clamp(0, n[k] - 1);
                wt *= if hi == 1 { fr[k] } else { 1.0 - fr[k] };
            }
            want += wt * val(p[0], p[1], p[2]);
        }
        close(rig.getf(20, l), want, &format!("3D lane {l}"));
        let h16 = crate::exec::valu::f16_to_f32(rig.get(21, l) as u16) as f64;
        assert!(
            (h16 - want).abs() <= want.abs() / 1024.0 + 1e-3,
            "D16 lane {l}: {h16} vs {want}"
        );
    }
}

/// gfx11: the same sampler through gfx11 descriptors and an NSA address (registers scattered).
#[test]
fn gfx11_nsa_sample_l_and_gather4() {
    use crate::rdna3::inst::{decode_typed as d11, Decoded11};
    let img = RefImg {
        w: 8,
        h: 4,
        levels: 3,
    };
    let s = sampler(1, true, 2, 0, 0);
    let mut rig = Rig::new(GEN, 1 << 16);
    rig.w.set_exec(u64::MAX);
    let f = Format::new(4, NF_FLOAT).unwrap();
    let t = Tsharp::encode(Layout::Gfx11, BASE, &f, T_2D, [8, 4, 1], 3, [4, 5, 6, 7]).unwrap();
    rig.set_t(8, t);
    rig.set_s(16, s.encode());
    img.upload(&rig);
    // NSA with u in v30, v in v5, lod in v41: w2 = 5 | 41 << 8.
    let nsa = |name: &str, dmask: u32| -> TInst {
        (0..256u32)
            .find_map(|op| {
                let w = [
                    0xF000_0001 | op << 18 | dmask << 8 | 1 << 2,
                    30 | 20 << 8 | (8 / 4) << 16 | (16 / 4) << 26,
                    5 | 41 << 8,
                    0,
                ];
                match d11(&w, 3, false) {
                    Ok(Decoded11::One(t)) if t.op.name() == name => Some(t),
                    _ => None,
                }
            })
            .unwrap_or_else(|| panic!("{name}"))
    };
    for l in 0..64 {
        rig.vf(30, l, coord(l, 0));
        rig.vf(5, l, coord(l, 1));
        rig.vf(41, l, (l % 9) as f32 * 0.3 - 0.4);
    }
    rig.run(&nsa("IMAGE_SAMPLE_L", 1)).unwrap();
    let r = RefSampler {
        mode: 1,
        linear: true,
        mip: 2,
        border: 0.0,
        cmp: None,
    };
    for l in 0..64 {
        let lod = ((l % 9) as f32 * 0.3 - 0.4) as f64;
        close(
            rig.getf(20, l),
            r.sample(&img, coord(l, 0) as f64, coord(l, 1) as f64, (0, 0), lod),
            &format!("gfx11 sample_l lane {l}"),
        );
    }
    // GATHER4_L at level 1 (4x2), mirrored.
    for l in 0..64 {
        rig.vf(41, l, 1.0);
    }
    rig.run(&nsa("IMAGE_GATHER4_L", 1)).unwrap();
    for l in 0..64 {
        let (a, b) = (
            coord(l, 0) as f64 * 4.0 - 0.5,
            coord(l, 1) as f64 * 2.0 - 0.5,
        );
        let (x0, y0) = (a.floor() as i64, b.floor() as i64);
        let t = |x: i64, y: i64| {
            RefImg::value(1, ref_wrap(x, 4, 1).unwrap(), ref_wrap(y, 2, 1).unwrap())
        };
        let want = [t(x0, y0 + 1), t(x0 + 1, y0 + 1), t(x0 + 1, y0), t(x0, y0)];
        for (k, wv) in want.iter().enumerate() {
            close(
                rig.getf(20 + k, l),
                *wv,
                &format!("gfx11 gather lane {l} {k}"),
            );
        }
    }
}
