//! Real image kernels on the AMD emulator: tests/kernels/images.cl (read_imagef, write_imagef,
//! read_imagei, write_imagei, read_imageui, read_imageh / write_imageh (D16), constant and
//! argument samplers, 1D / 1D-array / 2D / 2D-array / 3D images, image queries) compiled by clang-19 with Debian's rocm-device-libs for gfx803 and gfx900
//! (scripts/amd-emu-kernels.sh), and tests/kernels/gfx1100/images.o (hand-written gfx11 image
//! instructions), run through the library as `gpuisa run --arg image:...` does, and compared
//! with CPU references computed here.

use gpuisa_amdgpu::exec::image::arg::{build_image, build_sampler, texels};
use gpuisa_amdgpu::exec::{self, ArgValue, Isa, Launch};
use gpuisa_amdgpu::gcn::Gen;

const TARGETS: [(&str, Isa); 2] = [
    ("gfx803", Isa::Gcn(Gen::Gfx8)),
    ("gfx900", Isa::Gcn(Gen::Gfx9)),
];

fn object(cpu: &str) -> Vec<u8> {
    let p = format!(
        "{}/../../tests/kernels/{cpu}/images.o",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn to_f32(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
fn to_i32(b: &[u8]) -> Vec<i32> {
    b.chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn launch(grid: [u32; 3], block: [u32; 3]) -> Launch {
    Launch {
        grid,
        block,
        threads: 1,
        max_instructions: 10_000_000,
        ..Launch::default()
    }
}

/// An image argument: (buffer, texel bytes) for argument `i`.
fn image(
    isa: Isa,
    i: usize,
    ty: &str,
    descr: &str,
    shape: &[usize],
    data: &[u8],
    fmt: &str,
) -> ArgValue {
    let (b, _) = build_image(isa, i, ty, descr, shape, data, fmt).unwrap();
    ArgValue::Buffer(b)
}

fn image_out(r: &exec::RunResult, i: usize, bytes: usize) -> Vec<u8> {
    let b = r.buffers[i].as_ref().unwrap();
    let meta = gpuisa_amdgpu::exec::image::arg::ImageMeta {
        descr: String::new(),
        shape: vec![],
        bytes,
    };
    texels(b, &meta)
}

fn run(cpu: &str, isa: Isa, kernel: &str, l: &Launch, args: &[ArgValue]) -> exec::RunResult {
    exec::run(isa, &object(cpu), Some(kernel), l, args)
        .unwrap_or_else(|e| panic!("{cpu} {kernel}: {e}"))
}

/// Texel values: distinct per (x, y, channel).
fn texel(x: usize, y: usize, c: usize) -> f32 {
    (y * 16 + x) as f32 * 0.5 + c as f32 * 0.125 - 3.0
}

#[test]
fn scale_copy_reads_with_a_constant_sampler_and_writes_floats() {
    let (w, h) = (5usize, 3usize);
    let src: Vec<f32> = (0..h * w * 4)
        .map(|k| texel(k / 4 % w, k / 4 / w, k % 4))
        .collect();
    for (cpu, isa) in TARGETS {
        let args = [
            image(
                isa,
                0,
                "image2d_t",
                "<f4",
                &[h, w, 4],
                &f32s(&src),
                "rgba32float",
            ),
            image(
                isa,
                1,
                "image2d_t",
                "<f4",
                &[h, w, 4],
                &vec![0; h * w * 16],
                "rgba32float",
            ),
        ];
        let r = run(
            cpu,
            isa,
            "scale_copy",
            &launch([1, 1, 1], [w as u32, h as u32, 1]),
            &args,
        );
        let out = to_f32(&image_out(&r, 1, h * w * 16));
        for y in 0..h {
            for x in 0..w {
                for c in 0..4 {
                    let add = [x as f32, y as f32, 0.0, 0.0][c];
                    assert_eq!(
                        out[(y * w + x) * 4 + c],
                        2.0 * texel(x, y, c) + add,
                        "{cpu} ({x}, {y}) {c}"
                    );
                }
            }
        }
    }
}

/// CPU bilinear / nearest sampling of an rgba image (normalised coordinates), from the rules.
fn cpu_sample(
    img: &[f32],
    w: usize,
    h: usize,
    u: f32,
    v: f32,
    linear: bool,
    mode: &str,
) -> [f32; 4] {
    let at = |x: i64, y: i64, c: usize| -> f64 {
        let fix = |i: i64, n: i64| -> Option<i64> {
            match mode {
                "repeat" => Some(((i % n) + n) % n),
                "clamp_to_edge" => Some(i.clamp(0, n - 1)),
                _ => (0..n).contains(&i).then_some(i),
            }
        };
        match (fix(x, w as i64), fix(y, h as i64)) {
            (Some(x), Some(y)) => img[(y as usize * w + x as usize) * 4 + c] as f64,
            _ => 0.0,
        }
    };
    let (uu, vv) = (u as f64 * w as f64, v as f64 * h as f64);
    std::array::from_fn(|c| {
        if linear {
            let (a, b) = (uu - 0.5, vv - 0.5);
            let (x0, y0) = (a.floor() as i64, b.floor() as i64);
            let (fx, fy) = (a - a.floor(), b - b.floor());
            (at(x0, y0, c) * (1.0 - fx) * (1.0 - fy)
                + at(x0 + 1, y0, c) * fx * (1.0 - fy)
                + at(x0, y0 + 1, c) * (1.0 - fx) * fy
                + at(x0 + 1, y0 + 1, c) * fx * fy) as f32
        } else {
            at(uu.floor() as i64, vv.floor() as i64, c) as f32
        }
    })
}

fn close(a: f32, b: f32, what: &str) {
    assert!(
        (a - b).abs() <= 1e-4 * (1.0 + b.abs()),
        "{what}: got {a}, want {b}"
    );
}

#[test]
fn sampler_arguments_filter_and_address_like_the_cpu_reference() {
    let (w, h) = (4usize, 4usize);
    let src: Vec<f32> = (0..h * w * 4)
        .map(|k| texel(k / 4 % w, k / 4 / w, k % 4))
        .collect();
    let (gw, gh) = (6usize, 6usize);
    for (cpu, isa) in TARGETS {
        for (spec, linear, mode) in [
            ("linear,clamp_to_edge,normalized", true, "clamp_to_edge"),
            ("nearest,clamp_to_edge,normalized", false, "clamp_to_edge"),
            ("linear,clamp,normalized", true, "clamp"),
            ("nearest,repeat,normalized", false, "repeat"),
        ] {
            let (ox, oy) = (-0.8f32, 0.3f32);
            let args = [
                image(
                    isa,
                    0,
                    "image2d_t",
                    "<f4",
                    &[h, w, 4],
                    &f32s(&src),
                    "rgba32float",
                ),
                ArgValue::Buffer(build_sampler(spec).unwrap()),
                ArgValue::Buffer(vec![0; gw * gh * 16]),
                ArgValue::Bytes(ox.to_le_bytes().to_vec()),
                ArgValue::Bytes(oy.to_le_bytes().to_vec()),
            ];
            let r = run(
                cpu,
                isa,
                "sample_arg",
                &launch([1, 1, 1], [gw as u32, gh as u32, 1]),
                &args,
            );
            let out = to_f32(r.buffers[2].as_ref().unwrap());
            for y in 0..gh {
                for x in 0..gw {
                    let (u, v) = ((x as f32 + ox) / w as f32, (y as f32 + oy) / h as f32);
                    let want = cpu_sample(&src, w, h, u, v, linear, mode);
                    for c in 0..4 {
                        close(
                            out[(y * gw + x) * 4 + c],
                            want[c],
                            &format!("{cpu} {spec} ({x}, {y}) {c}"),
                        );
                    }
                }
            }
        }
        // The constant linear / repeat sampler of sample_wrap.
        let (scale, shift) = (0.15f32, -0.35f32);
        let args = [
            image(
                isa,
                0,
                "image2d_t",
                "<f4",
                &[h, w, 4],
                &f32s(&src),
                "rgba32float",
            ),
            ArgValue::Buffer(vec![0; 8 * 8 * 16]),
            ArgValue::Bytes(scale.to_le_bytes().to_vec()),
            ArgValue::Bytes(shift.to_le_bytes().to_vec()),
        ];
        let r = run(
            cpu,
            isa,
            "sample_wrap",
            &launch([1, 1, 1], [8, 8, 1]),
            &args,
        );
        let out = to_f32(r.buffers[1].as_ref().unwrap());
        for y in 0..8 {
            for x in 0..8 {
                let want = cpu_sample(
                    &src,
                    w,
                    h,
                    x as f32 * scale + shift,
                    y as f32 * scale - shift,
                    true,
                    "repeat",
                );
                for c in 0..4 {
                    close(
                        out[(y * 8 + x) * 4 + c],
                        want[c],
                        &format!("{cpu} wrap ({x}, {y}) {c}"),
                    );
                }
            }
        }
    }
}

#[test]
fn integer_images_convert_saturate_and_border() {
    let (w, h) = (4usize, 2usize);
    let src: Vec<i16> = (0..h * w * 4)
        .map(|k| (k as i16 * 37 % 400) - 200)
        .collect();
    let bytes: Vec<u8> = src.iter().flat_map(|x| x.to_le_bytes()).collect();
    for (cpu, isa) in TARGETS {
        let args = [
            image(isa, 0, "image2d_t", "<i2", &[h, w, 4], &bytes, "rgba16sint"),
            image(
                isa,
                1,
                "image2d_t",
                "|i1",
                &[h, w, 4],
                &vec![0; h * w * 4],
                "rgba8sint",
            ),
            ArgValue::Buffer(vec![0; h * w * 32]),
        ];
        let r = run(
            cpu,
            isa,
            "int_ops",
            &launch([1, 1, 1], [w as u32, h as u32, 1]),
            &args,
        );
        let out = to_i32(r.buffers[2].as_ref().unwrap());
        let dst = image_out(&r, 1, h * w * 4);
        for y in 0..h {
            for x in 0..w {
                let i = y * w + x;
                for c in 0..4 {
                    let v = src[i * 4 + c] as i32;
                    assert_eq!(out[i * 8 + c], v, "{cpu} read_imagei ({x}, {y}) {c}");
                    // x - 1 < 0 reads the border: transparent black.
                    let b = if x == 0 {
                        0
                    } else {
                        src[(i - 1) * 4 + c] as i32
                    };
                    assert_eq!(out[i * 8 + 4 + c], b, "{cpu} border ({x}, {y}) {c}");
                    // write_imagei saturates to the 8-bit range.
                    let want = (v * -3 + x as i32).clamp(-128, 127);
                    assert_eq!(
                        dst[i * 4 + c] as i8 as i32,
                        want,
                        "{cpu} write_imagei ({x}, {y}) {c}"
                    );
                }
            }
        }
    }
}

#[test]
fn arrays_volumes_and_image_queries() {
    let (w, h, n, d) = (4usize, 2usize, 3usize, 3usize);
    let arr: Vec<f32> = (0..n * h * w * 2).map(|k| k as f32 * 0.25).collect();
    let vol: Vec<f32> = (0..d * h * w).map(|k| k as f32 + 0.5).collect();
    for (cpu, isa) in TARGETS {
        let args = [
            image(
                isa,
                0,
                "image2d_array_t",
                "<f4",
                &[n, h, w, 2],
                &f32s(&arr),
                "rg32float",
            ),
            image(
                isa,
                1,
                "image3d_t",
                "<f4",
                &[d, h, w, 1],
                &f32s(&vol),
                "r32float",
            ),
            ArgValue::Buffer(vec![0; n * h * w * 16]),
            ArgValue::Buffer(vec![0; 6 * 4]),
        ];
        let r = run(
            cpu,
            isa,
            "array_3d",
            &launch([1, 1, 1], [w as u32, h as u32, n as u32]),
            &args,
        );
        let out = to_f32(r.buffers[2].as_ref().unwrap());
        for z in 0..n {
            for y in 0..h {
                for x in 0..w {
                    let i = (z * h + y) * w + x;
                    // rg32float reads (r, g, 0, 1); r32float (v, 0, 0, 1).
                    let want = [
                        arr[i * 2] + 1000.0 * vol[i],
                        arr[i * 2 + 1],
                        0.0,
                        1.0 + 1000.0,
                    ];
                    for c in 0..4 {
                        assert_eq!(out[i * 4 + c], want[c], "{cpu} ({x}, {y}, {z}) {c}");
                    }
                }
            }
        }
        let info = to_i32(r.buffers[3].as_ref().unwrap());
        // CL_FLOAT 0x10DE, CL_RG 0x10B2.
        assert_eq!(info, [4, 2, 3, 0x10DE, 0x10B2, 3], "{cpu}");
    }
}

#[test]
fn write_imagef_to_unorm8_rounds_and_saturates() {
    let vals: Vec<f32> = (0..16 * 4).map(|k| (k as f32 - 6.0) * 0.07).collect();
    for (cpu, isa) in TARGETS {
        let args = [
            ArgValue::Buffer(f32s(&vals)),
            image(isa, 1, "image1d_t", "|u1", &[16, 4], &[0; 64], "rgba8unorm"),
        ];
        let r = run(cpu, isa, "to_unorm8", &launch([1, 1, 1], [16, 1, 1]), &args);
        let out = image_out(&r, 1, 64);
        for (k, v) in vals.iter().enumerate() {
            let want = ((v.clamp(0.0, 1.0) as f64) * 255.0).round_ties_even() as u8;
            assert_eq!(out[k], want, "{cpu} {k}: {v}");
        }
    }
}

// ---------------------------------------------------------------- through `gpuisa run`

use gpuisa_core::npy;
use gpuisa_core::target::RunRequest;

fn tmpdir(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("gpuisa-images-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn cli_run(
    isa: Isa,
    file: std::path::PathBuf,
    kernel: &str,
    block: &str,
    args: Vec<String>,
    out: &std::path::Path,
) {
    let req = RunRequest {
        file,
        kernel: Some(kernel.into()),
        block: Some(block.into()),
        args,
        out_dir: Some(out.to_path_buf()),
        threads: Some(1),
        ..RunRequest::default()
    };
    let (mut o, mut d) = (Vec::new(), Vec::new());
    exec::cli::run(isa, &req, &mut o, &mut d).unwrap_or_else(|e| panic!("{kernel}: {e:?}"));
}

fn read_npy(p: &std::path::Path) -> npy::Npy {
    npy::read(&std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))).unwrap()
}

#[test]
fn gfx11_hand_written_image_code_through_gpuisa_run() {
    let t = tmpdir("gfx11");
    let (w, h) = (4usize, 4usize);
    let src: Vec<f32> = (0..h * w * 4)
        .map(|k| texel(k / 4 % w, k / 4 / w, k % 4))
        .collect();
    std::fs::write(
        t.join("src.npy"),
        npy::write("<f4", &[h, w, 4], &f32s(&src)),
    )
    .unwrap();
    std::fs::write(
        t.join("dst.npy"),
        npy::write("<f4", &[h, w, 4], &vec![0; h * w * 16]),
    )
    .unwrap();
    let counter: Vec<u8> = (0..w as u32)
        .flat_map(|x| (100 * x).to_le_bytes())
        .collect();
    std::fs::write(t.join("counter.npy"), npy::write("<u4", &[w], &counter)).unwrap();
    let obj = std::path::PathBuf::from(format!(
        "{}/../../tests/kernels/gfx1100/images.co",
        env!("CARGO_MANIFEST_DIR")
    ));
    let p = |n: &str| t.join(n).display().to_string();
    cli_run(
        Isa::Gfx11,
        obj,
        "img11",
        "4,4",
        vec![
            format!("image:{}:rgba32float", p("src.npy")),
            format!("image:{}:rgba32float", p("dst.npy")),
            "sampler:linear,repeat,normalized".into(),
            format!("zeros:{}", w * h * 16),
            format!("image:{}:r32uint", p("counter.npy")),
            "zeros:16".into(),
        ],
        &t.join("out"),
    );
    // image_load / image_store.
    let dst = read_npy(&t.join("out/arg1.npy"));
    assert_eq!(
        (dst.descr.as_str(), dst.shape.clone()),
        ("<f4", vec![h, w, 4])
    );
    for (k, v) in to_f32(&dst.data).iter().enumerate() {
        assert_eq!(*v, 2.0 * src[k], "dst {k}");
    }
    // image_sample_lz with an NSA address, linear / repeat.
    let out = to_f32(&std::fs::read(t.join("out/arg3.bin")).unwrap());
    for y in 0..h {
        for x in 0..w {
            let u = x as f32 * 0.25 + 0.2;
            let v = y as f32 * 0.25 + 0.05;
            let want = cpu_sample(&src, w, h, u, v, true, "repeat");
            for c in 0..4 {
                close(
                    out[(y * 4 + x) * 4 + c],
                    want[c],
                    &format!("gfx11 sample ({x}, {y}) {c}"),
                );
            }
        }
    }
    // image_atomic_add: each column gets 1 + 2 + 3 + 4.
    let c = read_npy(&t.join("out/arg4.npy"));
    let got: Vec<u32> = c
        .data
        .chunks(4)
        .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    assert_eq!(got, (0..w as u32).map(|x| 100 * x + 10).collect::<Vec<_>>());
    // Sampler arguments are not written back.
    assert!(!t.join("out/arg2.bin").exists() && !t.join("out/arg2.npy").exists());
    // image_get_resinfo: width, height, 1, one level.
    let info = to_i32(&std::fs::read(t.join("out/arg5.bin")).unwrap());
    assert_eq!(info, [4, 4, 1, 1]);
    let _ = std::fs::remove_dir_all(&t);
}

#[test]
fn opencl_image_kernel_through_gpuisa_run() {
    let t = tmpdir("cl");
    let (w, h) = (3usize, 2usize);
    let src: Vec<f32> = (0..h * w * 4)
        .map(|k| texel(k / 4 % w, k / 4 / w, k % 4))
        .collect();
    std::fs::write(
        t.join("src.npy"),
        npy::write("<f4", &[h, w, 4], &f32s(&src)),
    )
    .unwrap();
    std::fs::write(
        t.join("dst.npy"),
        npy::write("<f4", &[h, w, 4], &vec![0; h * w * 16]),
    )
    .unwrap();
    for (cpu, isa) in TARGETS {
        let obj = std::path::PathBuf::from(format!(
            "{}/../../tests/kernels/{cpu}/images.o",
            env!("CARGO_MANIFEST_DIR")
        ));
        let out = t.join(cpu);
        cli_run(
            isa,
            obj,
            "scale_copy",
            "3,2",
            vec![
                format!("image:{}:rgba32float", t.join("src.npy").display()),
                format!("image:{}:rgba32float", t.join("dst.npy").display()),
            ],
            &out,
        );
        let dst = read_npy(&out.join("arg1.npy"));
        let d = to_f32(&dst.data);
        for y in 0..h {
            for x in 0..w {
                for c in 0..4 {
                    let add = [x as f32, y as f32, 0.0, 0.0][c];
                    assert_eq!(
                        d[(y * w + x) * 4 + c],
                        2.0 * texel(x, y, c) + add,
                        "{cpu} ({x}, {y}) {c}"
                    );
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&t);
}

/// f16 bits of normal numbers and zero, and back (test-local, exact for the values used).
fn h2f(h: u16) -> f32 {
    let s = if h >> 15 != 0 { -1.0 } else { 1.0 };
    let e = (h >> 10 & 31) as i32;
    let m = (h & 1023) as f32;
    if e == 0 && m == 0.0 {
        return 0.0 * s;
    }
    s * 2f32.powi(e - 15) * (1.0 + m / 1024.0)
}
fn f2h(x: f32) -> u16 {
    if x == 0.0 {
        return if x.is_sign_negative() { 0x8000 } else { 0 };
    }
    let s = if x < 0.0 { 0x8000 } else { 0 };
    let a = x.abs();
    let e = a.log2().floor() as i32;
    let m = ((a / 2f32.powi(e) - 1.0) * 1024.0) as u16;
    s | ((e + 15) as u16) << 10 | m
}

#[test]
fn half_images_use_d16_per_generation() {
    let (w, h) = (4usize, 2usize);
    let src: Vec<u16> = (0..h * w * 4)
        .map(|k| f2h(k as f32 * 0.375 - 5.0))
        .collect();
    for k in 0..src.len() {
        assert_eq!(h2f(src[k]), k as f32 * 0.375 - 5.0);
    }
    let bytes: Vec<u8> = src.iter().flat_map(|x| x.to_le_bytes()).collect();
    for (cpu, isa) in TARGETS {
        let args = [
            image(
                isa,
                0,
                "image2d_t",
                "<f2",
                &[h, w, 4],
                &bytes,
                "rgba16float",
            ),
            image(
                isa,
                1,
                "image2d_t",
                "<f2",
                &[h, w, 4],
                &vec![0; bytes.len()],
                "rgba16float",
            ),
            ArgValue::Buffer(vec![0; bytes.len()]),
        ];
        let r = run(
            cpu,
            isa,
            "half_ops",
            &launch([1, 1, 1], [w as u32, h as u32, 1]),
            &args,
        );
        let out = r.buffers[2].as_ref().unwrap();
        let dst = image_out(&r, 1, bytes.len());
        for k in 0..src.len() {
            let o = u16::from_le_bytes([out[2 * k], out[2 * k + 1]]);
            assert_eq!(o, src[k], "{cpu} read_imageh {k}");
            let d = u16::from_le_bytes([dst[2 * k], dst[2 * k + 1]]);
            assert_eq!(h2f(d), h2f(src[k]) * -0.5, "{cpu} write_imageh {k}");
        }
    }
}

#[test]
fn read_imageui_on_a_1d_array() {
    let (w, n) = (5usize, 3usize);
    let src: Vec<u32> = (0..n * w).map(|k| 0xF000_0000 + k as u32 * 77).collect();
    let bytes: Vec<u8> = src.iter().flat_map(|x| x.to_le_bytes()).collect();
    for (cpu, isa) in TARGETS {
        let args = [
            image(isa, 0, "image1d_array_t", "<u4", &[n, w], &bytes, "r32uint"),
            ArgValue::Buffer(vec![0; n * w * 16]),
        ];
        let r = run(
            cpu,
            isa,
            "uint_layers",
            &launch([1, 1, 1], [w as u32, n as u32, 1]),
            &args,
        );
        let out: Vec<u32> = r.buffers[1]
            .as_ref()
            .unwrap()
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        for k in 0..n * w {
            assert_eq!(&out[4 * k..4 * k + 4], &[src[k], 0, 0, 1], "{cpu} {k}");
        }
    }
}
