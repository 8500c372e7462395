//! The interpreter against references computed here: the corpus's LDC kernels (tests/ptx/
//! ldc_kernels.ptx, compiled by ptxas 11.8 and 12.9 for sm_50/52/53), and LDC's exact rules on
//! hand-written SASS (banks, modes, extension, pairs, bounds, faults).

use gpuisa_nvidia::exec::{run_kernel, Kernel, Launch, Memory};
use std::path::PathBuf;

fn cubin(name: &str) -> Vec<u8> {
    std::fs::read(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/ptx/cubin")
            .join(name),
    )
    .unwrap()
}

/// The constant table bank 3 holds in the tests: byte i = (i * 37 + 11) mod 256.
fn table() -> Vec<u8> {
    (0..1024u32).map(|i| (i * 37 + 11) as u8).collect()
}

fn t8(t: &[u8], a: usize) -> u32 {
    t[a] as u32
}
fn t16(t: &[u8], a: usize) -> u32 {
    u16::from_le_bytes([t[a], t[a + 1]]) as u32
}
fn t32(t: &[u8], a: usize) -> u32 {
    u32::from_le_bytes(t[a..a + 4].try_into().unwrap())
}

fn launch(grid: u32, block: u32, params: Vec<u8>, out_bytes: usize) -> Launch {
    let mut memory = Memory::default();
    memory.add("out", vec![0xcd; out_bytes]);
    Launch {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        params,
        constants: vec![(3, 0, table())],
        memory,
        budget: 10_000_000,
    }
}

const OUT: u64 = gpuisa_nvidia::exec::mem::GLOBAL_BASE;

fn variants() -> Vec<(String, u8)> {
    let mut v = Vec::new();
    for sm in [50u8, 52, 53] {
        for p in ["ptxas", "ptxas-12.9"] {
            v.push((format!("ldc_kernels.sm_{sm}.{p}.cubin"), sm));
        }
    }
    v
}

#[test]
fn ldc_sizes_kernel_matches_reference() {
    let t = table();
    for (file, sm) in variants() {
        let k = Kernel::from_cubin(&cubin(&file), Some("ldc_sizes"), sm, true).unwrap();
        let idx = 5u32;
        let mut params = OUT.to_le_bytes().to_vec();
        params.extend_from_slice(&idx.to_le_bytes());
        let mut l = launch(2, 32, params, 64 * 32);
        run_kernel(&k, &mut l, None).unwrap_or_else(|e| panic!("{file}: {e}"));
        let out = l.memory.get("out").unwrap();
        for gid in 0..64usize {
            let i6 = gid as u32 + idx;
            let a = ((i6 & 63) << 2) as usize;
            let b = ((i6 & 31) << 3) as usize;
            let mut want = vec![
                t32(&t, a),
                t8(&t, a + 1),
                t8(&t, a + 2) as u8 as i8 as i32 as u32,
                t16(&t, a + 4),
                t16(&t, a + 6) as u16 as i16 as i32 as u32,
                // only threads 0..7 store the word at b - 16 (c[0x3][R+-0x10]); below the table
                // start the address wraps to 0xfffffff0, outside the bank, and reads 0
                if gid <= 7 {
                    if b >= 16 {
                        t32(&t, b - 16)
                    } else {
                        0
                    }
                } else {
                    0xcdcdcdcd
                },
                t32(&t, b + 256),
                t32(&t, b + 260),
            ];
            let got: Vec<u32> = (0..8).map(|k| t32(out, gid * 32 + 4 * k)).collect();
            want.truncate(8);
            assert_eq!(got, want, "{file}: thread {gid}");
        }
    }
}

#[test]
fn ldc_v4_kernel_matches_reference() {
    let t = table();
    for (file, sm) in variants() {
        let k = Kernel::from_cubin(&cubin(&file), Some("ldc_v4"), sm, true).unwrap();
        let mut l = launch(1, 32, OUT.to_le_bytes().to_vec(), 32 * 4);
        run_kernel(&k, &mut l, None).unwrap_or_else(|e| panic!("{file}: {e}"));
        let out = l.memory.get("out").unwrap();
        for tid in 0..32usize {
            let a = (tid & 15) << 4;
            let (w0, w1, w2, w3) = (t32(&t, a), t32(&t, a + 4), t32(&t, a + 8), t32(&t, a + 12));
            let (v0, v1) = (t32(&t, a + 512), t32(&t, a + 516));
            let want = (w0.wrapping_add(w1) ^ w2.wrapping_add(w3)) | v0.wrapping_sub(v1);
            assert_eq!(t32(out, 4 * tid), want, "{file}: thread {tid}");
        }
    }
}

#[test]
fn ldc_loop_kernel_matches_reference() {
    let t = table();
    for (file, sm) in variants() {
        let k = Kernel::from_cubin(&cubin(&file), Some("ldc_loop"), sm, true).unwrap();
        for n in [0u32, 1, 2, 3, 4, 5, 37] {
            let mut params = OUT.to_le_bytes().to_vec();
            params.extend_from_slice(&n.to_le_bytes());
            let mut l = launch(1, 32, params, 32 * 4);
            run_kernel(&k, &mut l, None).unwrap_or_else(|e| panic!("{file}: {e}"));
            let out = l.memory.get("out").unwrap();
            for tid in 0..32u32 {
                let want = (0..n).fold(0u32, |s, i| {
                    s.wrapping_add(t32(&t, (((i + tid) & 255) * 4) as usize))
                });
                assert_eq!(
                    t32(out, 4 * tid as usize),
                    want,
                    "{file}: n={n} thread {tid}"
                );
            }
        }
    }
}
