//! The host dispatch (`run_asm`'s path) on saxpy over 1M floats in remu's wave start
//! (tests/data/saxpy_remu.s), without Python: for callgrind and per-thread timing.
//!
//! usage: cargo run --release -p gpuisa-remu --example host_bench [THREADS] [REPEAT]
//! Prints each run's wall seconds and the statistics; checks the result against the CPU.

use gpuisa_amdgpu::exec::host::{remu_rsrc2, run_host, HostLaunch};

#[repr(C)]
struct SaxpyArgs {
    x: u64,
    y: u64,
    a: f32,
    block: u32,
    n: u32,
}

fn main() {
    let mut argv = std::env::args().skip(1);
    let threads: usize = argv.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let repeat: usize = argv.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let hex = include_str!("../tests/data/saxpy_remu.hex").trim();
    let lib: Vec<u8> = (0..hex.len() / 2)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap_or(0))
        .collect();
    let n = 1u32 << 20;
    let x: Vec<f32> = (0..n).map(|i| (i % 1000) as f32 * 0.37 - 11.0).collect();
    let y0: Vec<f32> = (0..n).map(|i| 1.0 / ((i % 777) as f32 + 3.0)).collect();
    let a = 2.5f32;
    for _ in 0..repeat {
        let mut y = y0.clone();
        let args = SaxpyArgs {
            x: x.as_ptr() as u64,
            y: y.as_mut_ptr() as u64,
            a,
            block: 256,
            n,
        };
        let h = HostLaunch {
            code: &lib,
            grid: [n / 256, 1, 1],
            block: [256, 1, 1],
            args_ptr: &args as *const SaxpyArgs as u64,
            rsrc2: remu_rsrc2(1, 1),
            scratch_size: 0,
            user_data: &[],
            lds_bytes: Some(0),
            wave64: false,
            threads,
        };
        let t0 = std::time::Instant::now();
        // SAFETY: the arguments point at live vectors the kernel indexes below `n`.
        let r = unsafe { run_host(&h) };
        let dt = t0.elapsed().as_secs_f64();
        match r {
            Ok(s) => println!(
                "wall {dt:.4} s exec {:.4} s wave-insts {} lane-ops {}",
                s.exec_seconds, s.wave_instructions, s.lane_ops
            ),
            Err(e) => {
                eprintln!("failed: {}", e.message);
                std::process::exit(1);
            }
        }
        let bad = (0..n as usize)
            .filter(|&i| y[i].to_bits() != a.mul_add(x[i], y0[i]).to_bits())
            .count();
        if bad != 0 {
            eprintln!("{bad} wrong results");
            std::process::exit(1);
        }
    }
}
