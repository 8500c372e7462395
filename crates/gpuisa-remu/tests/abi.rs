//! The remu ABI on host memory: raw gfx1100 code bytes (assembled from tests/data/*.s by
//! llvm-mc-19; scripts/ci-remu.sh re-assembles them and compares) and host buffers, checked
//! against values computed here on the CPU.

use gpuisa_remu::{gpuisa_last_error, gpuisa_run_asm, run_asm};
use std::ffi::CStr;

fn code(hex: &str) -> Vec<u8> {
    let h = hex.trim();
    (0..h.len() / 2)
        .map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap())
        .collect()
}

fn last_error() -> String {
    // SAFETY: the pointer is the thread's NUL-terminated message.
    unsafe { CStr::from_ptr(gpuisa_last_error()) }
        .to_string_lossy()
        .into_owned()
}

#[repr(C)]
struct SaxpyArgs {
    x: u64,
    y: u64,
    a: f32,
    block: u32,
    n: u32,
}

#[test]
fn saxpy_on_host_buffers() {
    std::env::set_var("GPUISA_QUIET", "1");
    let lib = code(include_str!("data/saxpy_remu.hex"));
    let n = 1000u32;
    let x: Vec<f32> = (0..n).map(|i| (i as f32) * 0.37 - 11.0).collect();
    let mut y: Vec<f32> = (0..n + 64).map(|i| 1.0 / (i as f32 + 3.0)).collect();
    let y0 = y.clone();
    let a = 2.5f32;
    let args = SaxpyArgs {
        x: x.as_ptr() as u64,
        y: y.as_mut_ptr() as u64,
        a,
        block: 32,
        n,
    };
    let groups = n.div_ceil(32);
    // SAFETY: the code is readable, the arguments point at live vectors the kernel indexes
    // below `n` (y has spare elements the guard must leave alone).
    let rc = unsafe {
        run_asm(
            lib.as_ptr() as *const _,
            lib.len() as u32,
            groups,
            1,
            1,
            32,
            1,
            1,
            &args as *const SaxpyArgs as *const u64,
        )
    };
    assert_eq!(rc, 0, "{}", last_error());
    for i in 0..(n + 64) as usize {
        let want = if i < n as usize {
            a.mul_add(x[i], y0[i])
        } else {
            y0[i]
        };
        assert_eq!(y[i].to_bits(), want.to_bits(), "y[{i}]");
    }
}

#[repr(C)]
struct IdsArgs {
    out: u64,
    nx: u32,
}

fn check_ids(out: &[u32], nx: u32, ny: u32) {
    for gy in 0..ny {
        for gx in 0..nx {
            for t in 0..32u32 {
                let k = (((gy * nx + gx) * 32 + t) * 2) as usize;
                let (x, y) = (t % 8, t / 8);
                assert_eq!(out[k], x | y << 10, "v0 of group ({gx},{gy}) item {t}");
                assert_eq!(out[k + 1], gx | gy << 16, "ids of group ({gx},{gy})");
            }
        }
    }
}

#[test]
fn remu_wave_start_2d() {
    std::env::set_var("GPUISA_QUIET", "1");
    let lib = code(include_str!("data/ids_remu.hex"));
    let (nx, ny) = (3u32, 5u32);
    let mut out = vec![0u32; (nx * ny * 32 * 2) as usize];
    let args = IdsArgs {
        out: out.as_mut_ptr() as u64,
        nx,
    };
    // SAFETY: as above; the kernel writes inside `out`.
    let rc = unsafe {
        run_asm(
            lib.as_ptr() as *const _,
            lib.len() as u32,
            nx,
            ny,
            1,
            8,
            4,
            1,
            &args as *const IdsArgs as *const u64,
        )
    };
    assert_eq!(rc, 0, "{}", last_error());
    check_ids(&out, nx, ny);
}

#[test]
fn tinygrad_words_rsrc2_and_user_data() {
    std::env::set_var("GPUISA_QUIET", "1");
    let lib = code(include_str!("data/ids_remu.hex"));
    let (nx, ny) = (4u32, 2u32);
    // tinygrad's default RSRC2 (0x19c: 14 user SGPRs, ids X and Y) puts the ids at s14, s15 as
    // remu does; the kernel-argument pointer comes once from args_ptr, once from user data.
    for explicit in [false, true] {
        let mut out = vec![0u32; (nx * ny * 32 * 2) as usize];
        let args = IdsArgs {
            out: out.as_mut_ptr() as u64,
            nx,
        };
        let p = &args as *const IdsArgs as u64;
        let user = [p as u32, (p >> 32) as u32];
        let (uptr, un, aptr) = if explicit {
            (user.as_ptr(), 2, 0)
        } else {
            (std::ptr::null(), 0, p)
        };
        // SAFETY: as above.
        let rc = unsafe {
            gpuisa_run_asm(
                lib.as_ptr(),
                lib.len() as u64,
                nx,
                ny,
                1,
                8,
                4,
                1,
                aptr,
                0x19c,
                0,
                uptr,
                un,
                0,
            )
        };
        assert_eq!(rc, 0, "{}", last_error());
        check_ids(&out, nx, ny);
    }
}

#[test]
fn failures_are_return_codes() {
    std::env::set_var("GPUISA_QUIET", "1");
    // SAFETY: refused before anything is read.
    let rc = unsafe { run_asm(std::ptr::null(), 4, 1, 1, 1, 32, 1, 1, std::ptr::null()) };
    assert_eq!(rc, -1);
    // A kernel that loads from a null kernel-argument pointer faults (the null page is refused).
    let lib = code(include_str!("data/saxpy_remu.hex"));
    // SAFETY: the only host address the kernel reaches is the refused null page.
    let rc = unsafe {
        run_asm(
            lib.as_ptr() as *const _,
            lib.len() as u32,
            1,
            1,
            1,
            32,
            1,
            1,
            std::ptr::null(),
        )
    };
    assert_eq!(rc, -2);
    let e = last_error();
    assert!(e.contains("wave 0") && e.contains("pc 0x0"), "{e}");
    // An illegal word: a typed fault, not a crash.
    let bad = [0xffu8; 8];
    // SAFETY: the code buffer is readable; nothing else is touched.
    let rc = unsafe {
        run_asm(
            bad.as_ptr() as *const _,
            8,
            1,
            1,
            1,
            32,
            1,
            1,
            std::ptr::null(),
        )
    };
    assert_eq!(rc, -2);
}
