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
        trace_warps: vec![],
        trace_pcs: vec![],
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

// ---------------------------------------------------------------------------------------------
// LDC's rules on hand-written SASS, assembled by gpuisa's own assembler (safe control words).

/// Byte `addr` of constant bank `bank` as the tests fill banks 1..17.
fn pattern(bank: u32, addr: u32) -> u8 {
    (addr.wrapping_mul(131) ^ bank.wrapping_mul(71) ^ (addr >> 8)) as u8
}

#[derive(Clone, Copy, Debug)]
enum Mode {
    Ia,
    Il,
    Is,
    Isl,
}

/// The reference, written from the instruction description (not from the crate):
/// Ok(value) or Err(()) for a misaligned address.
fn model(mode: Mode, imm5: u32, imm16: i16, ra: u32, size: u32, limit: u32) -> Result<u64, ()> {
    let imm = imm16 as i32 as u32;
    let (bank, addr) = match mode {
        Mode::Ia => (imm5, ra.wrapping_add(imm)),
        Mode::Il => {
            let s = ra.wrapping_add(imm);
            (imm5 + (s >> 16), s & 0xffff)
        }
        Mode::Is | Mode::Isl => (imm5 + (ra >> 16), imm.wrapping_add(ra & 0xffff)),
    };
    let n = [1, 1, 2, 2, 4, 8][size as usize];
    if addr % n != 0 {
        return Err(());
    }
    if matches!(mode, Mode::Isl) && bank > 13 {
        return Ok(0);
    }
    let mut v = 0u64;
    for i in 0..n {
        let a = addr.wrapping_add(i);
        let b = if bank >= limit || a >= 0x10000 {
            0
        } else {
            pattern(bank, a)
        };
        v |= (b as u64) << (8 * i);
    }
    Ok(match size {
        1 => v as u8 as i8 as i32 as u32 as u64,
        3 => v as u16 as i16 as i32 as u32 as u64,
        _ => v,
    })
}

/// Runs `LDC<suffix> R2, c[bank][R1+off]` with R1 = `ras[lane]` on one warp; returns R2:R3 per lane.
fn run_ldc(text: &str, ras: &[u32; 32], compute: bool) -> Result<Vec<u64>, String> {
    let src = format!(
        "S2R R0, SR_TID.X ;
         LEA R4.CC, R0, c[0x0][0x140], 0x2 ;
         LEA.HI.X R5, R0, c[0x0][0x144], RZ, 0x2 ;
         LEA R6.CC, R0, c[0x0][0x148], 0x3 ;
         LEA.HI.X R7, R0, c[0x0][0x14c], RZ, 0x3 ;
         LDG.E R1, [R4] ;
         MOV R2, RZ ;
         MOV R3, RZ ;
         {text} ;
         STG.E.64 [R6], R2 ;
         EXIT ;
"
    );
    let a = gpuisa_nvidia::asm::assemble(&src, 50);
    assert!(a.diagnostics.is_empty(), "{text}: {:?}", a.diagnostics);
    let code: Vec<u8> = a.words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let k = Kernel::from_code("ldc_test", &code, 50, compute);
    let mut memory = Memory::default();
    let ins: Vec<u8> = ras.iter().flat_map(|v| v.to_le_bytes()).collect();
    let in_addr = memory.add("in", ins);
    let out_addr = memory.add("out", vec![0; 32 * 8]);
    let mut params = in_addr.to_le_bytes().to_vec();
    params.extend_from_slice(&out_addr.to_le_bytes());
    static BANKS: std::sync::OnceLock<Vec<(u32, usize, Vec<u8>)>> = std::sync::OnceLock::new();
    let constants = BANKS
        .get_or_init(|| {
            (1..32u32)
                .map(|bank| {
                    (
                        bank,
                        0usize,
                        (0..0x10000u32).map(|a| pattern(bank, a)).collect(),
                    )
                })
                .collect()
        })
        .clone();
    let mut l = Launch {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        params,
        constants,
        memory,
        budget: 100_000,
        trace_warps: vec![],
        trace_pcs: vec![],
    };
    run_kernel(&k, &mut l, None).map_err(|e| e.to_string())?;
    let out = l.memory.get("out").unwrap();
    Ok((0..32)
        .map(|i| u64::from_le_bytes(out[8 * i..8 * i + 8].try_into().unwrap()))
        .collect())
}

#[test]
fn ldc_every_mode_size_and_bank_rule() {
    let sizes = [
        (".U8", 0u32),
        (".S8", 1),
        (".U16", 2),
        (".S16", 3),
        ("", 4),
        (".64", 5),
    ];
    let modes = [
        ("", Mode::Ia),
        (".IL", Mode::Il),
        (".IS", Mode::Is),
        (".ISL", Mode::Isl),
    ];
    // lanes: small, page ends, bank steps (0x10000 multiples), 32-bit wrap, far banks
    let mut ras = [0u32; 32];
    let picks = [
        0, 8, 0x100, 0xfff8, 0xfff0, 0x10000, 0x10008, 0x2fff8, 0x30000, 0x50010, 0x70000, 0x80000,
        0xc0000, 0xd0000, 0xe0000, 0x100000, 0x110000, 0xfffffff0, 0xfffffff8, 0xffff0000, 0x7fff0,
        0x1fff0, 0x40000, 0x60008, 0x90000, 0xa0000, 0xb0000, 0xf0000, 0x120000, 0x118, 0x1000,
        0x7ff8,
    ];
    ras.copy_from_slice(&picks);
    let mut checked = 0;
    for compute in [true, false] {
        let limit = if compute { 8 } else { 18 };
        for (mname, mode) in modes {
            for (sname, size) in sizes {
                for (bank, off) in [
                    (1u32, 0i16),
                    (3, 0x10),
                    (5, -0x10),
                    (12, 0x7ff8),
                    (2, -0x8000),
                ] {
                    let n = [1i32, 1, 2, 2, 4, 8][size as usize];
                    let text = format!(
                        "LDC{sname}{mname} R2, c[0x{bank:x}][R1{}]",
                        if off == 0 {
                            String::new()
                        } else if off < 0 {
                            format!("+-0x{:x}", -(off as i32))
                        } else {
                            format!("+0x{off:x}")
                        }
                    );
                    // keep lanes whose address is aligned: misalignment is checked separately
                    let mut lanes = ras;
                    for r in lanes.iter_mut() {
                        if model(mode, bank, off, *r, size, limit).is_err() {
                            *r &= !((n as u32) - 1);
                            if model(mode, bank, off, *r, size, limit).is_err() {
                                *r = 0x100;
                            }
                        }
                    }
                    let got =
                        run_ldc(&text, &lanes, compute).unwrap_or_else(|e| panic!("{text}: {e}"));
                    for (lane, r) in lanes.iter().enumerate() {
                        let want = model(mode, bank, off, *r, size, limit).unwrap();
                        let got_v = if size == 5 {
                            got[lane]
                        } else {
                            got[lane] & 0xffff_ffff
                        };
                        assert_eq!(
                            got_v, want,
                            "{text} lane {lane} Ra=0x{r:x} compute={compute}"
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 2 * 4 * 6 * 5 * 32);
}

#[test]
fn ldc_rz_address_and_ranges() {
    // RZ as Ra: the immediate alone (a negative one wraps far outside the bank and reads 0)
    let ras = [0u32; 32];
    let got = run_ldc("LDC R2, c[0x4][0x7ffc]", &ras, true).unwrap();
    assert_eq!(
        got[0] as u32,
        model(Mode::Ia, 4, 0x7ffc, 0, 4, 8).unwrap() as u32
    );
    // the seed: "If Ra is not specified or Ra is RZ, the address is an unsigned 16-bit
    // immediate": bits 20-35 = 0x8000.. are bytes 0x8000..0xffff of the bank, never sign-extended
    let bytes = |bank: u32, a: u32, n: u32| -> u64 {
        (0..n).fold(0u64, |v, i| v | (pattern(bank, a + i) as u64) << (8 * i))
    };
    for (text, bank, addr, n) in [
        ("LDC R2, c[0x4][-0x8000]", 4u32, 0x8000u32, 4u32),
        ("LDC R2, c[0x4][-0x4]", 4, 0xfffc, 4),
        ("LDC.64 R2, c[0x3][-0x10]", 3, 0xfff0, 8),
        ("LDC.U16 R2, c[0x5][-0x7002]", 5, 0x8ffe, 2),
        ("LDC.IL R2, c[0x2][-0x100]", 2, 0xff00, 4),
        ("LDC.IS R2, c[0x2][-0x7000]", 2, 0x9000, 4),
    ] {
        let got = run_ldc(text, &ras, true).unwrap();
        for (lane, g) in got.iter().enumerate() {
            let g = if n == 8 { *g } else { *g & 0xffff_ffff };
            assert_eq!(g, bytes(bank, addr, n), "{text} lane {lane}");
        }
        assert_ne!(got[0], 0, "{text}");
    }
    // bank 8 exists only outside compute mode
    let got = run_ldc("LDC R2, c[0x8][0x40]", &ras, true).unwrap();
    assert_eq!(got[0], 0);
    let got = run_ldc("LDC R2, c[0x8][0x40]", &ras, false).unwrap();
    assert_eq!(
        got[0] as u32,
        model(Mode::Ia, 8, 0x40, 0, 4, 18).unwrap() as u32
    );
    // ISL: bank 13 reads, bank 14 reads 0 even though it is implemented
    let mut r = [0u32; 32];
    r[1] = 0x10000;
    let got = run_ldc("LDC.ISL R2, c[0xd][R1+0x20]", &r, false).unwrap();
    assert_eq!(
        got[0] as u32,
        model(Mode::Isl, 13, 0x20, 0, 4, 18).unwrap() as u32
    );
    assert_ne!(got[0], 0);
    assert_eq!(got[1], 0);
    let got = run_ldc("LDC.IS R2, c[0xd][R1+0x20]", &r, false).unwrap();
    assert_eq!(
        got[1] as u32,
        model(Mode::Is, 13, 0x20, 0x10000, 4, 18).unwrap() as u32
    );
    assert_ne!(got[1], 0);
}

/// `c[b][o]` operands of ALU instructions: the 16-bit byte offset (printed signed by nvdisasm,
/// `c[0x4][-0x7000]`) addresses bytes 0x8000..0xffff of the bank.
#[test]
fn constant_operands_with_negative_printed_offsets() {
    let ras = [0u32; 32];
    let word = |bank: u32, a: u32| u32::from_le_bytes([0, 1, 2, 3].map(|i| pattern(bank, a + i)));
    for (text, want) in [
        ("MOV R2, c[0x4][-0x7000]", word(4, 0x9000)),
        ("MOV R2, c[0x1][-0x4]", word(1, 0xfffc)),
        ("MOV R2, c[0x2][0x7ffc]", word(2, 0x7ffc)),
        (
            "IADD R2, R1, c[0x3][-0x8000]",
            word(3, 0x8000), // R1 = 0 in every lane
        ),
    ] {
        let got = run_ldc(text, &ras, true).unwrap();
        assert!(
            got.iter().all(|g| *g as u32 == want),
            "{text}: {:x} vs {want:x}",
            got[0]
        );
    }
}

#[test]
fn ldc_faults_name_the_instruction() {
    let mut r = [0u32; 32];
    r[5] = 2; // 4-byte load at an address = 2 mod 4
    let e = run_ldc("LDC R2, c[0x3][R1]", &r, true).unwrap_err();
    assert!(
        e.contains("fault at 0x")
            && e.contains("LDC R2, c[0x3][R1]")
            && e.contains("misaligned")
            && e.contains("lane 5"),
        "{e}"
    );
    r[5] = 1;
    let e = run_ldc("LDC.U16 R2, c[0x3][R1]", &r, true).unwrap_err();
    assert!(e.contains("misaligned"), "{e}");
    assert!(run_ldc("LDC.U8 R2, c[0x3][R1]", &r, true).is_ok());
    r[5] = 4;
    let e = run_ldc("LDC.64 R2, c[0x3][R1]", &r, true).unwrap_err();
    assert!(e.contains("misaligned"), "{e}");
    let e = run_ldc("LDC.64 R3, c[0x3][R1]", &[0; 32], true).unwrap_err();
    assert!(e.contains("even destination register"), "{e}");
    let e = run_ldc("LDC.INVALIDSIZE6 R2, c[0x3][R1]", &[0; 32], true).unwrap_err();
    assert!(e.contains("invalid"), "{e}");
    // predicated off lanes never fault
    let mut r = [0u32; 32];
    r[0] = 2;
    assert!(run_ldc("@!PT LDC R2, c[0x3][R1]", &r, true).is_ok());
}

/// control.ptx's exit_early: lanes at or past `n` leave with `@P0 EXIT` (a divergent exit), the
/// others store 2*tid.
#[test]
fn exit_early_kernel_matches_reference() {
    for sm in [50u8, 52, 53] {
        for p in ["ptxas", "ptxas-12.9"] {
            let file = format!("control.sm_{sm}.{p}.cubin");
            let k = Kernel::from_cubin(&cubin(&file), Some("exit_early"), sm, true).unwrap();
            let n = 20u32;
            let mut params = OUT.to_le_bytes().to_vec();
            params.extend_from_slice(&n.to_le_bytes());
            let mut l = launch(1, 32, params, 32 * 4);
            run_kernel(&k, &mut l, None).unwrap_or_else(|e| panic!("{file}: {e}"));
            let out = l.memory.get("out").unwrap();
            for tid in 0..32u32 {
                let want = if tid < n { 2 * tid } else { 0xcdcdcdcd };
                assert_eq!(t32(out, 4 * tid as usize), want, "{file}: thread {tid}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// FP16x2 on sm_53: tests/ptx/half53.ptx (add, mul, fma, sub of f16x2, a compare of the halves,
// a select), from both committed sm_53 cubins, against f16 arithmetic computed here.

/// Rounds an f64 to the nearest half (ties to even) by its bits (normal and subnormal halves;
/// the inputs keep results below 65504).
fn to_half(x: f64) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 63) as u16) << 15;
    let e = ((b >> 52) & 0x7ff) as i32 - 1023;
    if x == 0.0 {
        return sign;
    }
    let m = (b & ((1u64 << 52) - 1)) | (1u64 << 52); // 53-bit significand
                                                     // keep 11 bits for a normal half, fewer below 2^-14
    let keep = if e >= -14 {
        11
    } else {
        (11 - (-14 - e)).max(0)
    };
    let drop = 53 - keep as u32;
    let q = m >> drop;
    let rem = m & ((1u64 << drop) - 1);
    let half = 1u64 << (drop - 1);
    let q = if rem > half || (rem == half && q & 1 == 1) {
        q + 1
    } else {
        q
    };
    if e >= -14 {
        // q is in [2^10, 2^11]; 2^11 means the exponent went up by one
        let (q, e) = if q == 1 << 11 {
            (1 << 10, e + 1)
        } else {
            (q, e)
        };
        sign | (((e + 15) as u16) << 10) | (q as u16 & 0x3ff)
    } else {
        sign | q as u16
    }
}

fn from_half(h: u16) -> f64 {
    let s = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 31) as i32;
    let m = (h & 0x3ff) as f64;
    s * if e == 0 {
        m * (2f64).powi(-24)
    } else {
        (1024.0 + m) * (2f64).powi(e - 25)
    }
}

#[test]
fn half2_kernel_matches_reference() {
    let mut r = gpuisa_core::rng::Rng::new(53);
    let n = 64usize;
    // halves in [-4, 4] with a few exact ties and equal halves
    let mut ins: Vec<u16> = (0..n + 1)
        .flat_map(|_| {
            let mut h = || to_half(((r.next_u64() % 16001) as f64 - 8000.0) / 2000.0);
            [h(), h()]
        })
        .collect();
    ins[2] = ins[3];
    let word = |i: usize| ins[2 * i] as u32 | (ins[2 * i + 1] as u32) << 16;
    for p in ["ptxas", "ptxas-12.9"] {
        let file = format!("half53.sm_53.{p}.cubin");
        let k = Kernel::from_cubin(&cubin(&file), Some("half2"), 53, true).unwrap();
        let mut memory = Memory::default();
        let out = memory.add("out", vec![0; 4 * n]);
        let inp = memory.add(
            "in",
            (0..n + 1).flat_map(|i| word(i).to_le_bytes()).collect(),
        );
        let mut params = out.to_le_bytes().to_vec();
        params.extend_from_slice(&inp.to_le_bytes());
        let mut l = Launch {
            grid: [1, 1, 1],
            block: [n as u32, 1, 1],
            params,
            constants: vec![],
            memory,
            budget: 1_000_000,
            trace_warps: vec![],
            trace_pcs: vec![],
        };
        run_kernel(&k, &mut l, None).unwrap_or_else(|e| panic!("{file}: {e}"));
        let got = l.memory.get("out").unwrap();
        for t in 0..n {
            let (x, y) = (word(t), word(t + 1));
            let h = |v: u32, k: usize| from_half((v >> (16 * k)) as u16);
            let mut r6 = 0u32;
            let mut r7 = 0u32;
            for k in 0..2 {
                let r4 = to_half(h(x, k) + h(y, k));
                let r5 = to_half(from_half(r4) * h(x, k));
                let f6 = to_half(from_half(r5) * h(y, k) + from_half(r4));
                let f7 = to_half(from_half(f6) - h(x, k));
                r6 |= (f6 as u32) << (16 * k);
                r7 |= (f7 as u32) << (16 * k);
            }
            let p1 = h(r7, 0) < h(r7, 1);
            let want = if p1 { r7 } else { r6 };
            let g = u32::from_le_bytes(got[4 * t..4 * t + 4].try_into().unwrap());
            assert_eq!(g, want, "{file} thread {t}: in {x:#x} {y:#x}");
        }
    }
}

/// control.ptx's `control`: a data-dependent loop skipped by thread 0, compares, `set`, `slct`,
/// a call to a `.func`, ballot/any/all votes; from all 6 committed cubins.
#[test]
fn control_kernel_matches_reference() {
    // (n, t, grid height): the last block row (ctaid.y = height - 1) writes last
    for (n, t, gy) in [
        (20u32, 15i32, 1u32),
        (9, -3, 1),
        (40, 100, 1),
        (1, 5, 2),
        (3, 5, 2),
    ] {
        let threads = 64usize;
        let mut want = vec![0u32; threads];
        let mut p7 = vec![false; threads];
        let mut r12 = vec![0u32; threads];
        for tid in 0..threads {
            let (ty, cy, lane) = (0u32, gy as i32 - 1, (tid % 32) as u32);
            let (mut r7, mut r8) = (0i32, 0u32);
            if tid != 0 {
                loop {
                    r7 = r7.wrapping_add(r8 as i32);
                    let p4 = r7 < t && r8 != ty;
                    r8 += if p4 { 1 } else { 2 };
                    if r8 > n {
                        break;
                    }
                }
            }
            p7[tid] = r7 >= cy;
            let r10 = if r7 > lane as i32 { u32::MAX } else { 0 };
            let r11 = if t >= 0 { r7 as u32 } else { r8 };
            r12[tid] = if r10 > r11 {
                r10.wrapping_sub(r11)
            } else {
                r10.wrapping_add(r11)
            };
        }
        for w in 0..threads / 32 {
            let ballot = (0..32).fold(0u32, |m, l| m | (p7[32 * w + l] as u32) << l);
            let any = ballot != 0;
            for l in 0..32 {
                let r14 = if any { 7 } else { ballot };
                want[32 * w + l] = r14.wrapping_add(r12[32 * w + l]);
            }
        }
        for sm in [50u8, 52, 53] {
            for p in ["ptxas", "ptxas-12.9"] {
                let file = format!("control.sm_{sm}.{p}.cubin");
                let k = Kernel::from_cubin(&cubin(&file), Some("control"), sm, true).unwrap();
                let mut params = OUT.to_le_bytes().to_vec();
                params.extend_from_slice(&n.to_le_bytes());
                params.extend_from_slice(&t.to_le_bytes());
                let mut l = launch(1, threads as u32, params, 4 * threads);
                l.grid[1] = gy;
                run_kernel(&k, &mut l, None).unwrap_or_else(|e| panic!("{file}: {e}"));
                let out = l.memory.get("out").unwrap();
                for tid in 0..threads {
                    assert_eq!(
                        t32(out, 4 * tid),
                        want[tid],
                        "{file} n={n} t={t} gy={gy} tid={tid}"
                    );
                }
            }
        }
    }
}

/// Random words of the forms the emulator newly runs (video, IMADSP, generic LD/ST, ATOM/RED,
/// PRMT, LEA, the `32I` and FP16x2 `_32I` forms, DFMA, MUFU, DSET/ISET) and mutated kernels2.cu
/// code: typed faults or results, never a panic (time-budgeted).
#[test]
fn new_forms_never_panic_on_random_words() {
    use gpuisa_core::rng::Rng;
    let names = [
        "VADD",
        "VABSDIFF",
        "VMNMX",
        "VSET",
        "VSHL",
        "VSHR",
        "IMADSP",
        "LD",
        "ST",
        "ATOM",
        "RED",
        "PRMT",
        "LEA",
        "FADD32I",
        "FFMA32I",
        "IMAD32I",
        "IMUL32I",
        "HADD2_32I",
        "HMUL2_32I",
        "HFMA2_32I",
        "HADD2",
        "HMUL2",
        "HFMA2",
        "DFMA",
        "MUFU",
        "DSET",
        "ISET",
    ];
    let t = gpuisa_nvidia::table::table();
    let forms: Vec<_> = t
        .forms
        .iter()
        .filter(|f| names.contains(&f.mnemonic))
        .collect();
    assert!(forms.len() > 50, "{}", forms.len());
    let listing = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/ptx/run/kernels2.sm_53.ptxas.sass"),
    )
    .unwrap();
    let corpus: Vec<u64> = listing
        .lines()
        .filter_map(|l| l.rfind("/* 0x").map(|i| &l[i + 5..i + 21]))
        .filter_map(|h| u64::from_str_radix(h, 16).ok())
        .collect();
    let mut rng = Rng::new(0x17c0b1);
    let start = std::time::Instant::now();
    let mut runs = 0;
    while start.elapsed() < std::time::Duration::from_millis(500) {
        let at = (rng.below(corpus.len() as u64 / 4) * 4) as usize;
        let mut code = Vec::new();
        for (i, &w) in corpus.iter().cycle().skip(at).take(32).enumerate() {
            let mut w = w;
            if i % 4 != 0 && rng.below(2) == 0 {
                let f = forms[rng.below(forms.len() as u64) as usize];
                w = (rng.next_u64() & !f.mask) | f.matches;
                // registers mostly small, so they hold the addresses the corpus code computed
                w = (w & !0xffff) | (rng.below(16) << 8) | rng.below(16);
            }
            code.extend_from_slice(&w.to_le_bytes());
        }
        let mut k = Kernel::from_code("r", &code, 53, true);
        k.shared_bytes = 256;
        let mut memory = Memory::default();
        let a = memory.add("a", vec![0x5a; 4096]);
        let b = memory.add("b", vec![0; 4096]);
        let mut params = a.to_le_bytes().to_vec();
        params.extend_from_slice(&b.to_le_bytes());
        params.extend_from_slice(&[3, 0, 0, 0, 1, 0, 0, 0]);
        let mut l = Launch {
            grid: [2, 1, 1],
            block: [64, 1, 1],
            params,
            constants: vec![],
            memory,
            budget: 3000,
            trace_warps: vec![],
            trace_pcs: vec![],
        };
        let _ = run_kernel(&k, &mut l, None);
        runs += 1;
    }
    assert!(runs > 20, "{runs} runs");
}
