//! Real kernels on the AMD emulator: tests/kernels/emu.cl compiled by clang-19 with Debian's
//! rocm-device-libs for gfx600, gfx700, gfx803, gfx900 and gfx906, and for gfx1100 in wave32
//! and wave64 with clang's builtins (scripts/amd-emu-kernels.sh),
//! each run through the emulator and compared with a CPU reference computed here.

use gpuisa_amdgpu::exec::{self, ArgValue, Isa, Launch};
use gpuisa_amdgpu::gcn::Gen;
use gpuisa_core::rng::Rng;

const TARGETS: [(&str, Isa); 7] = [
    ("gfx600", Isa::Gcn(Gen::Gfx6)),
    ("gfx700", Isa::Gcn(Gen::Gfx7)),
    ("gfx803", Isa::Gcn(Gen::Gfx8)),
    ("gfx900", Isa::Gcn(Gen::Gfx9)),
    ("gfx906", Isa::Gcn(Gen::Gfx906)),
    ("gfx1100", Isa::Gfx11),
    ("gfx1100-w64", Isa::Gfx11),
];

fn object(cpu: &str) -> Vec<u8> {
    let p = format!(
        "{}/../../tests/kernels/{cpu}/emu.o",
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
fn u32s(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn to_u32(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
fn u64s(v: &[u64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn to_u64(b: &[u8]) -> Vec<u64> {
    b.chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn launch(grid: [u32; 3], block: [u32; 3], threads: usize) -> Launch {
    Launch {
        grid,
        block,
        threads,
        max_instructions: 50_000_000,
        ..Launch::default()
    }
}

/// Runs `kernel` on every generation (and with 1 and 2 threads) and checks the buffers with `check`.
fn each(
    kernel: &str,
    grid: [u32; 3],
    block: [u32; 3],
    args: &[ArgValue],
    check: impl Fn(&str, &[Option<Vec<u8>>]),
) {
    for (cpu, gen) in TARGETS {
        for threads in [1, 2] {
            let code = object(cpu);
            let r = exec::run(
                gen,
                &code,
                Some(kernel),
                &launch(grid, block, threads),
                args,
            )
            .unwrap_or_else(|e| panic!("{kernel} on {cpu}: {e}"));
            assert!(r.stats.wave_instructions > 0);
            check(cpu, &r.buffers);
        }
    }
}

#[test]
fn saxpy() {
    let n = 1024;
    // Products that are not exact in f32, so that fused and unfused results differ.
    let x: Vec<f32> = (0..n).map(|i| (i as f32 * 0.37 - 7.0) / 3.0).collect();
    let y: Vec<f32> = (0..n).map(|i| (i % 13) as f32 + 0.1).collect();
    let args = [
        ArgValue::Bytes(1.75f32.to_le_bytes().to_vec()),
        ArgValue::Buffer(f32s(&x)),
        ArgValue::Buffer(f32s(&y)),
    ];
    each(
        "saxpy",
        [(n / 64) as u32, 1, 1],
        [64, 1, 1],
        &args,
        |cpu, b| {
            let got = to_f32(b[2].as_ref().unwrap());
            // clang contracts a*x+y into v_fma_f32 (gfx9, gfx11: one rounding) or v_mac_f32
            // (gfx6-gfx8: no fast f32 fma; the product and the sum round apart).
            let fused = !matches!(cpu, "gfx600" | "gfx700" | "gfx803");
            let mut differ = 0;
            for i in 0..n {
                let want = if fused {
                    1.75f32.mul_add(x[i], y[i])
                } else {
                    1.75f32 * x[i] + y[i]
                };
                differ += (1.75f32.mul_add(x[i], y[i]) != 1.75f32 * x[i] + y[i]) as usize;
                assert_eq!(got[i], want, "{cpu} saxpy[{i}]");
            }
            assert!(differ > 10, "the inputs must tell fused from unfused");
        },
    );
}

#[test]
fn matmul_tiled() {
    let n = 32usize;
    let mut rng = Rng::new(7);
    let a: Vec<f32> = (0..n * n)
        .map(|_| (rng.below(200) as f32 - 100.0) / 16.0)
        .collect();
    let b: Vec<f32> = (0..n * n)
        .map(|_| (rng.below(200) as f32 - 100.0) / 8.0)
        .collect();
    let args = [
        ArgValue::Buffer(f32s(&a)),
        ArgValue::Buffer(f32s(&b)),
        ArgValue::Buffer(vec![0; n * n * 4]),
        ArgValue::Bytes((n as i32).to_le_bytes().to_vec()),
    ];
    each("matmul", [2, 2, 1], [16, 16, 1], &args, |cpu, out| {
        let c = to_f32(out[2].as_ref().unwrap());
        for r in 0..n {
            for col in 0..n {
                let mut acc = 0f32;
                for k in 0..n {
                    acc = a[r * n + k].mul_add(b[k * n + col], acc);
                }
                assert_eq!(c[r * n + col], acc, "{cpu} C[{r}][{col}]");
            }
        }
    });
}

#[test]
fn reduce_with_atomics() {
    let n = 2048;
    let mut rng = Rng::new(3);
    let v: Vec<u32> = (0..n)
        .map(|_| (rng.below(2001) as u32).wrapping_sub(1000))
        .collect();
    let want = v.iter().fold(0u32, |a, &x| a.wrapping_add(x));
    let args = [
        ArgValue::Buffer(u32s(&v)),
        ArgValue::Buffer(vec![0; 4]),
        ArgValue::Local(256 * 4),
    ];
    each(
        "reduce_atomic",
        [(n / 256) as u32, 1, 1],
        [256, 1, 1],
        &args,
        |cpu, b| {
            assert_eq!(to_u32(b[1].as_ref().unwrap())[0], want, "{cpu}");
        },
    );
}

#[test]
fn scan_in_lds() {
    let n = 512;
    let v: Vec<u32> = (0..n).map(|i| (i * 7 % 11) as u32).collect();
    let args = [ArgValue::Buffer(u32s(&v)), ArgValue::Buffer(vec![0; n * 4])];
    each("scan", [2, 1, 1], [256, 1, 1], &args, |cpu, b| {
        let got = to_u32(b[1].as_ref().unwrap());
        for g in 0..2 {
            let mut s = 0u32;
            for l in 0..256 {
                s += v[g * 256 + l];
                assert_eq!(got[g * 256 + l], s, "{cpu} scan[{g}][{l}]");
            }
        }
    });
}

#[test]
fn histogram() {
    let n = 5000u32;
    let mut rng = Rng::new(11);
    let data: Vec<u8> = (0..n).map(|_| rng.next_u32() as u8).collect();
    let mut want = [0u32; 64];
    for &d in &data {
        want[(d & 63) as usize] += 1;
    }
    let args = [
        ArgValue::Buffer(data.clone()),
        ArgValue::Buffer(vec![0; 256]),
        ArgValue::Bytes(n.to_le_bytes().to_vec()),
    ];
    each("histogram", [4, 1, 1], [128, 1, 1], &args, |cpu, b| {
        assert_eq!(to_u32(b[1].as_ref().unwrap()), want.to_vec(), "{cpu}");
    });
}

#[test]
fn fp64() {
    let n = 128;
    let a: Vec<f64> = (0..n).map(|i| 1.0 + i as f64 * 0.37).collect();
    let b: Vec<f64> = (0..n).map(|i| 3.0 - i as f64 * 0.11).collect();
    let args = [
        ArgValue::Buffer(u64s(&a.iter().map(|x| x.to_bits()).collect::<Vec<_>>())),
        ArgValue::Buffer(u64s(&b.iter().map(|x| x.to_bits()).collect::<Vec<_>>())),
        ArgValue::Buffer(vec![0; n * 24]),
    ];
    each("fp64", [2, 1, 1], [64, 1, 1], &args, |cpu, o| {
        let got: Vec<f64> = to_u64(o[2].as_ref().unwrap())
            .into_iter()
            .map(f64::from_bits)
            .collect();
        for i in 0..n {
            assert_eq!(got[3 * i], a[i].mul_add(b[i], 0.5), "{cpu} fma[{i}]");
            // OpenCL requires correctly rounded double division and square root.
            assert_eq!(got[3 * i + 1], a[i] / b[i], "{cpu} div[{i}]");
            assert_eq!(got[3 * i + 2], a[i].sqrt(), "{cpu} sqrt[{i}]");
        }
    });
}

/// f16 <-> f32 for the reference (IEEE binary16, round to nearest even), written here
/// independently of the emulator's conversion.
fn h2f(h: u16) -> f32 {
    let e = (h >> 10) & 0x1f;
    let m = (h & 0x3ff) as f32;
    let v = match e {
        0 => m * 2f32.powi(-24),
        31 => {
            if m == 0.0 {
                f32::INFINITY
            } else {
                f32::NAN
            }
        }
        _ => (1.0 + m / 1024.0) * 2f32.powi(e as i32 - 15),
    };
    if h >> 15 != 0 {
        -v
    } else {
        v
    }
}
fn f2h(x: f32) -> u16 {
    // Nearest representable binary16 by search over the 65536 patterns of the same sign.
    let s = if x.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = x.abs();
    let mut best = 0u16;
    let mut bd = f64::INFINITY;
    for h in 0..0x7c01u16 {
        let d = (h2f(h) as f64 - a as f64).abs();
        if d < bd || (d == bd && h % 2 == 0) {
            bd = d;
            best = h;
        }
    }
    if a as f64 >= 65520.0 {
        best = 0x7c00;
    }
    s | best
}

#[test]
fn fp16() {
    let n = 64;
    let a: Vec<u16> = (0..n).map(|i| f2h(i as f32 * 0.75 - 20.0)).collect();
    let b: Vec<u16> = (0..n).map(|i| f2h(3.5 - i as f32 * 0.125)).collect();
    let bytes = |v: &[u16]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let args = [
        ArgValue::Buffer(bytes(&a)),
        ArgValue::Buffer(bytes(&b)),
        ArgValue::Buffer(vec![0; n * 4]),
    ];
    each("fp16", [1, 1, 1], [64, 1, 1], &args, |cpu, o| {
        let got: Vec<u16> = o[2]
            .as_ref()
            .unwrap()
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        for i in 0..n {
            let (x, y) = (h2f(a[i]), h2f(b[i]));
            // x*y+x: contracted to one fused operation, rounded once to half.
            let fused = f2h(((x as f64) * (y as f64) + x as f64) as f32);
            assert_eq!(got[2 * i], fused, "{cpu} x*y+x [{i}] {x} {y}");
            assert_eq!(
                got[2 * i + 1],
                f2h(x.max(y) - x.min(y)),
                "{cpu} max-min [{i}]"
            );
        }
    });
}

#[test]
fn int64() {
    let n = 64;
    let mut rng = Rng::new(5);
    let a: Vec<u64> = (0..n).map(|_| rng.next_u64()).collect();
    let b: Vec<u64> = (0..n)
        .map(|i| {
            if i % 3 == 0 {
                rng.next_u64() >> 20
            } else {
                rng.next_u64() >> (i % 60)
            }
        })
        .collect();
    let args = [
        ArgValue::Buffer(u64s(&a)),
        ArgValue::Buffer(u64s(&b)),
        ArgValue::Buffer(vec![0; n * 32]),
    ];
    each("int64", [1, 1, 1], [64, 1, 1], &args, |cpu, o| {
        let got = to_u64(o[2].as_ref().unwrap());
        for i in 0..n {
            let (x, y) = (a[i], b[i] | 1);
            assert_eq!(got[4 * i], x.wrapping_mul(y), "{cpu} mul[{i}]");
            assert_eq!(got[4 * i + 1], x / y, "{cpu} div[{i}]");
            assert_eq!(got[4 * i + 2], x % y, "{cpu} rem[{i}]");
            assert_eq!(
                got[4 * i + 3],
                (x >> (y & 63)) ^ ((x as i64 >> 7) as u64),
                "{cpu} shifts[{i}]"
            );
        }
    });
}

#[test]
fn divergent_loop() {
    let n = 256;
    let v: Vec<u32> = (0..n).map(|i| i as u32 + 1).collect();
    let args = [ArgValue::Buffer(u32s(&v)), ArgValue::Buffer(vec![0; n * 4])];
    each("collatz", [4, 1, 1], [64, 1, 1], &args, |cpu, o| {
        let got = to_u32(o[1].as_ref().unwrap());
        for i in 0..n {
            let (mut x, mut s) = (v[i], 0);
            while x != 1 && s < 1000 {
                x = if x & 1 == 1 { 3 * x + 1 } else { x / 2 };
                s += 1;
            }
            assert_eq!(got[i], s, "{cpu} collatz({})", v[i]);
        }
    });
}

#[test]
fn bytes_and_shorts() {
    let n = 128;
    let c: Vec<i8> = (0..n).map(|i| (i as i32 * 37 - 100) as i8).collect();
    let s: Vec<i16> = (0..n).map(|i| (i as i32 * 1000 - 30000) as i16).collect();
    let args = [
        ArgValue::Buffer(c.iter().map(|&x| x as u8).collect()),
        ArgValue::Buffer(s.iter().flat_map(|x| x.to_le_bytes()).collect()),
        ArgValue::Buffer(vec![0; n * 4]),
        ArgValue::Buffer(vec![0; n]),
        ArgValue::Buffer(vec![0; n * 2]),
    ];
    each("bytes", [2, 1, 1], [64, 1, 1], &args, |cpu, o| {
        let out = to_u32(o[2].as_ref().unwrap());
        let ob = o[3].as_ref().unwrap();
        let os: Vec<i16> = o[4]
            .as_ref()
            .unwrap()
            .chunks_exact(2)
            .map(|x| i16::from_le_bytes([x[0], x[1]]))
            .collect();
        for i in 0..n {
            assert_eq!(
                out[i] as i32,
                c[i] as i32 * 3 + s[i] as i32,
                "{cpu} out[{i}]"
            );
            assert_eq!(ob[i], (c[i] as u8).wrapping_add(1), "{cpu} ob[{i}]");
            assert_eq!(os[i], s[i].wrapping_mul(2), "{cpu} os[{i}]");
        }
    });
}

#[test]
fn float_division_and_sqrt() {
    let n = 256;
    let mut rng = Rng::new(9);
    let a: Vec<f32> = (0..n)
        .map(|_| f32::from_bits(0x3000_0000 + rng.below(0x1800_0000) as u32))
        .collect();
    let b: Vec<f32> = (0..n)
        .map(|_| f32::from_bits(0x3000_0000 + rng.below(0x1800_0000) as u32))
        .collect();
    let args = [
        ArgValue::Buffer(f32s(&a)),
        ArgValue::Buffer(f32s(&b)),
        ArgValue::Buffer(vec![0; n * 8]),
    ];
    each("fdiv", [4, 1, 1], [64, 1, 1], &args, |cpu, o| {
        let got = to_f32(o[2].as_ref().unwrap());
        for i in 0..n {
            // OpenCL allows 2.5 ULP for division and 3 ULP for sqrt; the device libraries'
            // sequences (and the emulator's correctly rounded v_rcp/v_sqrt) stay within 1.
            let ulps = |x: f32, y: f32| (x.to_bits() as i64 - y.to_bits() as i64).abs();
            assert!(
                ulps(got[2 * i], a[i] / b[i]) <= 1,
                "{cpu} {} / {} = {} (want {})",
                a[i],
                b[i],
                got[2 * i],
                a[i] / b[i]
            );
            assert!(
                ulps(got[2 * i + 1], a[i].sqrt()) <= 1,
                "{cpu} sqrt {}",
                a[i]
            );
        }
    });
}

#[test]
fn integer_division() {
    let n = 256;
    let mut rng = Rng::new(13);
    let a: Vec<i32> = (0..n).map(|_| rng.next_u32() as i32).collect();
    let b: Vec<i32> = (0..n)
        .map(|i| {
            if i % 5 == 0 {
                0
            } else {
                (rng.next_u32() as i32) >> (i % 31)
            }
        })
        .collect();
    let args = [
        ArgValue::Buffer(a.iter().flat_map(|x| x.to_le_bytes()).collect()),
        ArgValue::Buffer(b.iter().flat_map(|x| x.to_le_bytes()).collect()),
        ArgValue::Buffer(vec![0; n * 16]),
    ];
    each("idiv", [4, 1, 1], [64, 1, 1], &args, |cpu, o| {
        let got = to_u32(o[2].as_ref().unwrap());
        for i in 0..n {
            let (x, y) = (a[i], if b[i] == 0 { 1 } else { b[i] });
            assert_eq!(got[4 * i] as i32, x.wrapping_div(y), "{cpu} {x} / {y}");
            assert_eq!(got[4 * i + 1] as i32, x.wrapping_rem(y), "{cpu} {x} % {y}");
            assert_eq!(got[4 * i + 2], x as u32 / y as u32, "{cpu} {x} /u {y}");
            assert_eq!(got[4 * i + 3], x as u32 % y as u32, "{cpu} {x} %u {y}");
        }
    });
}

#[test]
fn two_dimensional_grid() {
    let (gx, gy, bx, by) = (3u32, 2u32, 8u32, 4u32);
    let (w, h) = ((gx * bx) as usize, (gy * by) as usize);
    let args = [ArgValue::Buffer(vec![0; w * h * 4])];
    each("grid2d", [gx, gy, 1], [bx, by, 1], &args, |cpu, o| {
        let got = to_u32(o[0].as_ref().unwrap());
        for y in 0..h {
            for x in 0..w {
                let want = (x * 1000 + y) as i32
                    + (x / bx as usize) as i32 * 7
                    + (y / by as usize) as i32 * 13;
                assert_eq!(got[y * w + x] as i32, want, "{cpu} ({x},{y})");
            }
        }
    });
}

#[test]
fn faults_name_wave_lane_and_pc() {
    // A buffer too small for the grid: the load past its end is a fault, not a wild read.
    let code = object("gfx900");
    let args = [
        ArgValue::Bytes(1f32.to_le_bytes().to_vec()),
        ArgValue::Buffer(vec![0; 64 * 4]),
        ArgValue::Buffer(vec![0; 32 * 4]),
    ];
    let e = match exec::run(
        Gen::Gfx9,
        &code,
        Some("saxpy"),
        &launch([1, 1, 1], [64, 1, 1], 1),
        &args,
    ) {
        Err(e) => e,
        Ok(_) => panic!("expected a fault"),
    };
    assert!(
        e.contains("wave 0")
            && e.contains("lane 32")
            && e.contains("pc 0x")
            && e.contains("global_load_dword"),
        "{e}"
    );
    // The instruction budget stops a run.
    let v: Vec<u32> = vec![27; 64];
    let args = [ArgValue::Buffer(u32s(&v)), ArgValue::Buffer(vec![0; 256])];
    let mut l = launch([1, 1, 1], [64, 1, 1], 1);
    l.max_instructions = 50;
    let e = exec::run(Gen::Gfx9, &code, Some("collatz"), &l, &args)
        .err()
        .expect("budget");
    assert!(e.contains("budget"), "{e}");
    // Argument count and kind mismatches are explained.
    let e = exec::run(Gen::Gfx9, &code, Some("saxpy"), &l, &args)
        .err()
        .expect("arguments");
    assert!(e.contains("takes 3 arguments"), "{e}");
    let e = exec::run(Gen::Gfx9, &code, Some("nope"), &l, &args)
        .err()
        .expect("kernel name");
    assert!(e.contains("no kernel 'nope'") && e.contains("saxpy"), "{e}");
}

#[test]
fn private_arrays_in_scratch() {
    let n = 128;
    let v: Vec<u32> = (0..n).map(|i| (i * 37 % 101) as u32).collect();
    let args = [
        ArgValue::Buffer(u32s(&v)),
        ArgValue::Buffer(vec![0; n * 8]),
        ArgValue::Bytes(25i32.to_le_bytes().to_vec()),
    ];
    each("private_array", [2, 1, 1], [64, 1, 1], &args, |cpu, o| {
        let got = to_u64(o[1].as_ref().unwrap());
        for i in 0..n {
            let x = v[i] as i64;
            let tmp: Vec<i64> = (0..40).map(|k| x * k - (k << 33)).collect();
            let want: i64 = (0..25).map(|k| tmp[((k * 7 + x) % 40) as usize]).sum();
            assert_eq!(got[i] as i64, want, "{cpu} out[{i}]");
        }
    });
}

/// Generic (flat) pointers into private memory: OpenCL 2.0 callees reached with a private
/// array's flat address (tests/kernels/private.cl: gfx7, gfx8, gfx9 and gfx11).
#[test]
fn flat_pointers_into_private_memory() {
    let n = 32i32;
    let groups = 3u32;
    for (cpu, gen) in [
        ("gfx700", Isa::Gcn(Gen::Gfx7)),
        ("gfx803", Isa::Gcn(Gen::Gfx8)),
        ("gfx900", Isa::Gcn(Gen::Gfx9)),
        ("gfx906", Isa::Gcn(Gen::Gfx906)),
        ("gfx1100", Isa::Gfx11),
        ("gfx1100-w64", Isa::Gfx11),
    ] {
        let p = format!(
            "{}/../../tests/kernels/{cpu}/private.o",
            env!("CARGO_MANIFEST_DIR")
        );
        let code = std::fs::read(&p).unwrap_or_else(|e| panic!("{p}: {e}"));
        let total = groups as usize * 64;
        let args = [
            ArgValue::Buffer(vec![0; total * 8]),
            ArgValue::Bytes(n.to_le_bytes().to_vec()),
        ];
        for threads in [1, 2] {
            let r = exec::run(
                gen,
                &code,
                Some("private_generic"),
                &launch([groups, 1, 1], [64, 1, 1], threads),
                &args,
            )
            .unwrap_or_else(|e| panic!("private_generic on {cpu}: {e}"));
            let got = to_u64(r.buffers[0].as_ref().unwrap());
            for g in 0..total as i64 {
                let want: i64 = (0..n as i64).map(|i| (g * i + (i ^ 5)) * (i + 1)).sum();
                assert_eq!(got[g as usize] as i64, want, "{cpu} out[{g}]");
            }
        }
    }
}
