//! The emulator never panics and never hangs: random instruction words executed on random
//! register state, and damaged code objects run with a small instruction budget. Time-budgeted.

use gpuisa_amdgpu::exec::mem::{Memory, Region};
use gpuisa_amdgpu::exec::wave::Wave;
use gpuisa_amdgpu::exec::{self, ArgValue, Ctx, Isa, Launch};
use gpuisa_amdgpu::gcn::inst::decode_typed;
use gpuisa_amdgpu::gcn::Gen;
use gpuisa_amdgpu::rdna3::inst::{decode_typed as decode11, Decoded11};
use gpuisa_core::rng::Rng;
use std::time::{Duration, Instant};

fn random_wave(rng: &mut Rng, lanes: usize) -> Wave {
    let mut w = Wave::new(256, lanes);
    for r in 0..128 {
        // Mostly small values and addresses inside the test region, sometimes anything.
        let v = match rng.below(4) {
            0 => rng.next_u32(),
            1 => 0x1000 + rng.below(256) as u32,
            _ => rng.below(64) as u32,
        };
        w.sset(r, v);
    }
    w.s[107] = 0;
    for r in 0..256 {
        for l in 0..64 {
            let v = if rng.below(2) == 0 {
                rng.below(512) as u32
            } else {
                rng.next_u32()
            };
            w.vset(r, l, v);
        }
    }
    w.set_exec(rng.next_u64());
    w.mode = rng.next_u32() & 0x3ff;
    w
}

#[test]
fn random_words_execute_without_panic() {
    let mem = Memory::new(vec![Region::new("r", 0x1000, &[0x5a; 4096], 4096)]);
    let seed = std::env::var("GPUISA_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_e4ec);
    let mut rng = Rng::new(seed);
    let start = Instant::now();
    let (mut decoded, mut ran, mut n) = (0u64, 0u64, 0u64);
    let targets: [(Isa, bool); 7] = [
        (Isa::Gcn(Gen::Gfx6), true),
        (Isa::Gcn(Gen::Gfx7), true),
        (Isa::Gcn(Gen::Gfx8), true),
        (Isa::Gcn(Gen::Gfx9), true),
        (Isa::Gcn(Gen::Gfx906), true),
        (Isa::Gfx11, false),
        (Isa::Gfx11, true),
    ];
    while start.elapsed() < Duration::from_millis(2500) {
        n += 1;
        let (isa, wave64) = targets[rng.below(targets.len() as u64) as usize];
        let w = [
            rng.next_u32(),
            rng.next_u32(),
            rng.next_u32(),
            rng.next_u32(),
        ];
        let insts = match isa {
            Isa::Gcn(g) => match decode_typed(g, &[w[0], w[1], w[2]], 3) {
                Ok(i) => vec![i],
                Err(_) => continue,
            },
            Isa::Gfx11 => match decode11(&w, 4, wave64) {
                Ok(Decoded11::One(i)) => vec![i],
                Ok(Decoded11::Dual(x, y)) => vec![x, y],
                Err(_) => continue,
            },
        };
        decoded += 1;
        let mut wave = random_wave(&mut rng, if wave64 { 64 } else { 32 });
        let mut lds = vec![0u8; 1024];
        let mut ctx = Ctx {
            mem: &mem,
            lds: &mut lds,
            gen: Gen::Gfx9,
            lane_ops: 0,
            private_size: 16,
        };
        for i in &insts {
            if exec::step(&mut wave, i, &mut ctx).is_ok() {
                ran += 1;
            }
            // Faults carry a message.
            if let Err(e) = exec::step(&mut wave, i, &mut ctx) {
                assert!(!e.message.is_empty());
            }
        }
    }
    eprintln!("{n} random words, {decoded} decoded, {ran} executed without a fault");
    assert!(
        decoded > 500 && ran > 100,
        "too few instructions exercised: {decoded} decoded, {ran} ran"
    );
}

#[test]
fn damaged_code_objects_fail_cleanly() {
    let path = format!(
        "{}/../../tests/kernels/gfx900/emu.o",
        env!("CARGO_MANIFEST_DIR")
    );
    let good = std::fs::read(path).unwrap();
    let mut rng = Rng::new(77);
    let start = Instant::now();
    let mut runs = 0;
    let args = [
        ArgValue::Bytes(vec![0; 4]),
        ArgValue::Buffer(vec![0; 256]),
        ArgValue::Buffer(vec![0; 256]),
    ];
    let launch = Launch {
        grid: [1, 1, 1],
        block: [64, 1, 1],
        threads: 1,
        max_instructions: 2000,
        ..Launch::default()
    };
    while start.elapsed() < Duration::from_millis(1500) {
        let mut bad = good.clone();
        for _ in 0..1 + rng.below(8) {
            let at = rng.below(bad.len() as u64) as usize;
            bad[at] = rng.next_u32() as u8;
        }
        if rng.below(4) == 0 {
            bad.truncate(rng.below(bad.len() as u64) as usize);
        }
        // Any outcome but a panic or a hang.
        let _ = exec::run(Isa::Gcn(Gen::Gfx9), &bad, Some("saxpy"), &launch, &args);
        let _ = exec::run(Isa::Gcn(Gen::Gfx9), &bad, None, &launch, &args);
        runs += 1;
    }
    assert!(runs > 20);
}
