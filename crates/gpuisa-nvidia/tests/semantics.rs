//! Instruction semantics on hand-written SASS (assembled by gpuisa's assembler with safe control
//! words), each lane's result against a value computed here independently: rounding modes,
//! flush-to-zero, conversions with saturation and NaN, half precision, control-flow tokens
//! (PBK/BRK, SSY/SYNC, CAL/RET), shuffles with segments, shared atomics, local memory, faults.

use gpuisa_nvidia::exec::{run_kernel, ExecError, FaultKind, Kernel, Launch, Memory};

/// Assembles `body` between a prologue that loads lane `t`'s inputs into R8, R9 (from
/// `ins[t] = (R8, R9)`) and an epilogue that stores R10, R11; `name:` starts a line with a label
/// and `=name` in an operand is replaced by its address.
fn program_sm(body: &str, sm: u8) -> Vec<u8> {
    let pro = [
        "S2R R0, SR_TID.X",
        "LEA R4.CC, R0, c[0x0][0x140], 0x3",
        "LEA.HI.X R5, R0, c[0x0][0x144], RZ, 0x3",
        "LEA R6.CC, R0, c[0x0][0x148], 0x3",
        "LEA.HI.X R7, R0, c[0x0][0x14c], RZ, 0x3",
        "LDG.E.64 R8, [R4]",
        "MOV R10, RZ",
        "MOV R11, RZ",
    ];
    let epi = ["STG.E.64 [R6], R10", "EXIT"];
    let mut lines: Vec<String> = pro.iter().map(|s| s.to_string()).collect();
    let mut labels = Vec::new();
    for l in body.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let l = match l.split_once(": ") {
            Some((name, rest)) if !name.contains(' ') => {
                labels.push((name.to_string(), lines.len()));
                rest
            }
            _ => l,
        };
        lines.push(l.trim_end_matches(';').trim().to_string());
    }
    for e in epi {
        lines.push(e.to_string());
    }
    // instruction k sits at 32 * (k / 3) + 8 * (k % 3 + 1) (no dual issue in safe scheduling)
    let addr = |k: usize| 32 * (k / 3) + 8 * (k % 3 + 1);
    let mut src = String::new();
    for l in &lines {
        let mut l = l.clone();
        for (name, k) in &labels {
            l = l.replace(&format!("={name}"), &format!("0x{:x}", addr(*k)));
        }
        src.push_str(&l);
        src.push_str(" ;\n");
    }
    let a = gpuisa_nvidia::asm::assemble(&src, sm);
    assert!(a.diagnostics.is_empty(), "{src}\n{:?}", a.diagnostics);
    a.words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Per lane (R10, R11), and the extra buffers' final bytes.
type Runs = Result<(Vec<(u32, u32)>, Vec<Vec<u8>>), ExecError>;

/// Runs `body` on one warp of `threads` lanes with inputs `ins`; returns (R10, R11) per lane.
fn run_with(body: &str, ins: &[(u32, u32)], shared: u32, extra: Vec<Vec<u8>>) -> Runs {
    run_with_sm(body, ins, shared, extra, 50)
}

fn run_with_sm(body: &str, ins: &[(u32, u32)], shared: u32, extra: Vec<Vec<u8>>, sm: u8) -> Runs {
    let mut k = Kernel::from_code("t", &program_sm(body, sm), sm, true);
    k.shared_bytes = shared;
    let mut memory = Memory::default();
    let bytes: Vec<u8> = ins
        .iter()
        .flat_map(|(a, b)| [a.to_le_bytes(), b.to_le_bytes()].concat())
        .collect();
    let i = memory.add("in", bytes);
    let o = memory.add("out", vec![0; 8 * ins.len()]);
    let mut params = i.to_le_bytes().to_vec();
    params.extend_from_slice(&o.to_le_bytes());
    for (n, e) in extra.into_iter().enumerate() {
        params.extend_from_slice(&memory.add(&format!("x{n}"), e).to_le_bytes());
    }
    let mut l = Launch {
        grid: [1, 1, 1],
        block: [ins.len() as u32, 1, 1],
        params,
        constants: vec![],
        memory,
        budget: 100_000,
        trace_warps: vec![],
        trace_pcs: vec![],
    };
    run_kernel(&k, &mut l, None)?;
    let out = l.memory.get("out").unwrap();
    let res = (0..ins.len())
        .map(|t| {
            let w = |i: usize| {
                u32::from_le_bytes(out[8 * t + 4 * i..8 * t + 4 * i + 4].try_into().unwrap())
            };
            (w(0), w(1))
        })
        .collect();
    let rest = l.memory.buffers[2..]
        .iter()
        .map(|(_, _, d)| d.clone())
        .collect();
    Ok((res, rest))
}

fn run(body: &str, ins: &[(u32, u32)]) -> Vec<(u32, u32)> {
    run_with(body, ins, 0, vec![])
        .unwrap_or_else(|e| panic!("{body}: {e}"))
        .0
}

/// Rounds an exact f64 value to f32 toward zero / down / up, by stepping the nearest f32
/// (an independent reference for values whose f64 form is exact).
fn directed(x: f64, mode: &str) -> f32 {
    let r = x as f32;
    let step = |v: f32, up: bool| {
        let b = v.to_bits();
        let toward_larger_magnitude = up == (v >= 0.0);
        f32::from_bits(if v == 0.0 {
            if up {
                1
            } else {
                0x8000_0001
            }
        } else if toward_larger_magnitude {
            b + 1
        } else {
            b - 1
        })
    };
    match mode {
        "RZ" if (r as f64).abs() > x.abs() => step(r, r < 0.0),
        "RM" if r as f64 > x => step(r, false),
        "RP" if (r as f64) < x => step(r, true),
        _ => r,
    }
}

fn pairs(v: &[(f32, f32)]) -> Vec<(u32, u32)> {
    v.iter().map(|(a, b)| (a.to_bits(), b.to_bits())).collect()
}

#[test]
fn fadd_fmul_ffma_rounding_modes() {
    let vals = [
        (1.0f32, 3.0e-8f32),
        (-1.0, -3.0e-8),
        (1.5, -1.0e-9),
        (16777216.0, 1.0),
        (-16777216.0, -3.0),
        (0.1, 0.2),
        (-0.3, 0.7),
        (1.0e-38, -1.0e-39),
    ];
    let ins = pairs(&vals);
    for mode in ["", ".RZ", ".RM", ".RP"] {
        let m = mode.trim_start_matches('.');
        let got = run(
            &format!("FADD{mode} R10, R8, R9\nFMUL{mode} R11, R8, R9"),
            &ins,
        );
        for (t, (a, b)) in vals.iter().enumerate() {
            let sum = *a as f64 + *b as f64; // exact for these exponent gaps
            let prod = *a as f64 * *b as f64; // always exact
            let (ws, wp) = if m.is_empty() {
                (a + b, a * b)
            } else {
                (directed(sum, m), directed(prod, m))
            };
            assert_eq!(
                f32::from_bits(got[t].0).to_bits(),
                ws.to_bits(),
                "FADD{mode} {a} {b}"
            );
            assert_eq!(
                f32::from_bits(got[t].1).to_bits(),
                wp.to_bits(),
                "FMUL{mode} {a} {b}"
            );
        }
        let got = run(&format!("FFMA{mode} R10, R8, R9, R9"), &ins);
        for (t, (a, b)) in vals.iter().enumerate().take(7) {
            // a*b + b: the f64 product is exact; the sum is exact for these operands (not for
            // the last pair, whose product is 2^-128 below b: checked apart below)
            let x = *a as f64 * *b as f64 + *b as f64;
            let w = if m.is_empty() {
                a.mul_add(*b, *b)
            } else {
                directed(x, m)
            };
            assert_eq!(got[t].0, w.to_bits(), "FFMA{mode} {a} {b}");
        }
        // 1e-38 * -1e-39 + -1e-39: the exact value is a hair below b (more negative), so
        // RM steps one ulp away from zero and the other modes give b
        let b = vals[7].1;
        let w = if m == "RM" {
            f32::from_bits(b.to_bits() + 1)
        } else {
            b
        };
        assert_eq!(got[7].0, w.to_bits(), "FFMA{mode} tiny product");
    }
}

#[test]
fn flush_to_zero_and_saturation() {
    let sub = f32::from_bits(0x0000_1000); // subnormal
    let ins = pairs(&[
        (sub, 2.0),
        (-sub, 2.0),
        (1.5, 2.0),
        (-1.0, 0.25),
        (f32::NAN, 1.0),
    ]);
    let got = run("FMUL.FTZ R10, R8, R9\nFADD.SAT R11, R8, R9", &ins);
    assert_eq!(got[0].0, 0); // +0: the subnormal input is flushed
    assert_eq!(got[1].0, 0x8000_0000); // -0 keeps its sign
    assert_eq!(got[2].0, 3.0f32.to_bits());
    assert_eq!(got[0].1, 2.0f32.min(1.0).to_bits()); // saturated to 1
    assert_eq!(got[3].1, 0); // -0.75 saturates to +0
    assert_eq!(got[4].1, 0); // NaN saturates to 0
    let got = run("FMUL R10, R8, R9", &ins);
    assert_eq!(got[0].0, ((sub as f64 * 2.0) as f32).to_bits()); // kept without .FTZ
}

#[test]
fn float_to_int_saturates_and_nan_is_zero() {
    let vals = [
        (2.5f32, -2.5f32),
        (3.5, -3.5),
        (3.0e9, -3.0e9),
        (f32::NAN, f32::INFINITY),
        (-0.7, 4294967040.0),
        (1.0e20, -1.0e20),
    ];
    let got = run(
        "F2I.S32.F32 R10, R8\nF2I.U32.F32.TRUNC R11, R9",
        &pairs(&vals),
    );
    for (t, (a, b)) in vals.iter().enumerate() {
        let want_a = if a.is_nan() {
            0
        } else {
            a.round_ties_even().clamp(i32::MIN as f32, i32::MAX as f32) as i32
        };
        let want_b = if b.is_nan() {
            0
        } else {
            b.trunc().clamp(0.0, u32::MAX as f32) as u32
        };
        assert_eq!(got[t].0 as i32, want_a, "F2I.S32 {a}");
        assert_eq!(got[t].1, want_b, "F2I.U32.TRUNC {b}");
    }
    let got = run(
        "F2I.S32.F32.FLOOR R10, R8\nF2I.S32.F32.CEIL R11, R8",
        &pairs(&vals),
    );
    for (t, (a, _)) in vals.iter().enumerate() {
        if a.is_finite() && a.abs() < 1.0e9 {
            assert_eq!(
                (got[t].0 as i32, got[t].1 as i32),
                (a.floor() as i32, a.ceil() as i32)
            );
        }
    }
}

#[test]
fn int_to_float_rounding() {
    // 2^24 + 1 and 2^31 - 1 are not f32 values: RN / RZ / RP differ
    let ins = [
        (16_777_217u32, 0x7fff_ffffu32),
        (0xffff_ffff, 3),
        (0x8000_0001, 5),
    ];
    for mode in ["", ".RZ", ".RM", ".RP"] {
        let m = mode.trim_start_matches('.');
        let got = run(
            &format!("I2F.F32.U32{mode} R10, R8\nI2F.F32.S32{mode} R11, R9"),
            &ins,
        );
        for (t, (a, b)) in ins.iter().enumerate() {
            let (x, y) = (*a as f64, *b as i32 as f64);
            let r = |v: f64| {
                if m.is_empty() {
                    v as f32
                } else {
                    directed(v, m)
                }
            };
            assert_eq!(
                got[t],
                (r(x).to_bits(), r(y).to_bits()),
                "I2F{mode} {a:#x} {b:#x}"
            );
        }
    }
}

#[test]
fn half_precision_conversions() {
    // f32 -> f16 (to nearest even) and back, on values whose halves are known bit patterns
    let vals: [(f32, u16); 6] = [
        (1.0, 0x3c00),
        (-2.0, 0xc000),
        (65504.0, 0x7bff),
        (1.0e6, 0x7c00),
        (5.960464477539063e-8, 0x0001), // 2^-24, the smallest subnormal half
        (1.0 + 1.0 / 2048.0, 0x3c00),   // a tie: to even
    ];
    let ins: Vec<(u32, u32)> = vals.iter().map(|(f, h)| (f.to_bits(), *h as u32)).collect();
    let got = run("F2F.F16.F32 R10, R8\nF2F.F32.F16 R11, R9", &ins);
    for (t, (f, h)) in vals.iter().enumerate() {
        assert_eq!(got[t].0 & 0xffff, *h as u32, "F2F.F16.F32 {f}");
        let back = match h {
            0x3c00 => 1.0f32,
            0xc000 => -2.0,
            0x7bff => 65504.0,
            0x7c00 => f32::INFINITY,
            _ => (2.0f32).powi(-24),
        };
        assert_eq!(got[t].1, back.to_bits(), "F2F.F32.F16 {h:#x}");
    }
}

#[test]
fn fsetp_unordered_and_fmnmx_nan() {
    let ins = pairs(&[
        (1.0, 2.0),
        (2.0, 1.0),
        (f32::NAN, 1.0),
        (3.0, 3.0),
        (-0.0, 0.0),
    ]);
    let got = run(
        "FSETP.LT.AND P0, PT, R8, R9, PT
         FSETP.LTU.AND P1, PT, R8, R9, PT
         SEL R10, RZ, 0x1, !P0
         @P1 IADD32I R10, R10, 0x10
         FMNMX R11, R8, R9, PT",
        &ins,
    );
    let want = [(1 + 16, 1.0f32), (0, 1.0), (16, 1.0), (0, 3.0), (0, -0.0)];
    for (t, (p, m)) in want.iter().enumerate() {
        assert_eq!(got[t].0, *p, "lane {t}");
        assert_eq!(got[t].1, m.to_bits(), "FMNMX lane {t}");
    }
}

#[test]
fn break_loop_calls_and_sync() {
    // R10 = number of iterations until i*i > R8 (capped at 50 via BRK); R11 via a call/return
    let body = "
        MOV R12, RZ
        PBK =after
        loop: IADD32I R12, R12, 0x1
        XMAD R13, R12, R12, RZ
        ISETP.GT.U32.AND P0, PT, R13, R8, PT
        @P0 BRK
        ISETP.GE.U32.AND P1, PT, R12, 0x32, PT
        @P1 BRK
        BRA =loop
        after: MOV R10, R12
        SSY =join
        ISETP.EQ.U32.AND P2, PT, R9, RZ, PT
        @P2 SYNC
        CAL =double
        CAL =double
        SYNC
        join: MOV R11, R9
        BRA =end
        double: IADD R9, R9, R9
        RET
        end: NOP";
    let ins: Vec<(u32, u32)> = (0..32)
        .map(|t| (t * t * 3 + t, if t % 4 == 0 { 0 } else { t }))
        .collect();
    let got = run(body, &ins);
    for (t, (a, b)) in ins.iter().enumerate() {
        let mut i = 0;
        loop {
            i += 1;
            if i * i > *a || i >= 50 {
                break;
            }
        }
        assert_eq!(got[t], (i, b * 4), "lane {t}");
    }
}

#[test]
fn shfl_segments_and_clamp() {
    // SHFL.IDX with c = 0x0c07: segments of 8 lanes (mask 0x18), clamp 7
    let ins: Vec<(u32, u32)> = (0..32).map(|t| (100 + t, 0)).collect();
    let got = run(
        "SHFL.IDX PT, R10, R8, 0x2, 0x181f
         SHFL.DOWN P3, R11, R8, 0x3, 0x1807
         @!P3 MOV R11, RZ",
        &ins,
    );
    for t in 0..32u32 {
        let seg = t & 0x18;
        assert_eq!(got[t as usize].0, 100 + (seg | 2), "IDX lane {t}");
        let j = t + 3;
        let max = seg | 7;
        assert_eq!(
            got[t as usize].1,
            if j <= max { 100 + j } else { 0 },
            "DOWN lane {t}"
        );
    }
}

#[test]
fn shared_atomics_and_cas() {
    let ins: Vec<(u32, u32)> = (0..32).map(|t| (t, 0)).collect();
    let got = run_with(
        "STS [RZ], RZ
         BAR.SYNC 0x0
         ATOMS.ADD R10, [RZ], R8
         MOV R12, RZ
         MOV R13, R8
         ATOMS.CAS R11, [0x4], R12, R13
         BAR.SYNC 0x0
         LDS.U.32 R12, [RZ]",
        &ins,
        64,
        vec![],
    )
    .unwrap()
    .0;
    // lanes run in ascending order: the old values are the prefix sums; CAS (compare R12 = 0,
    // swap in R13 = lane id): lane 0 stores 0, lane 1 still sees 0 and stores 1, the rest see 1
    let mut olds: Vec<u32> = got.iter().map(|g| g.0).collect();
    olds.sort();
    let mut want: Vec<u32> = (0..32).map(|t| (0..t).sum()).collect();
    want.sort();
    assert_eq!(olds, want);
    let cas: Vec<u32> = got.iter().map(|g| g.1).collect();
    let mut want = vec![1u32; 32];
    want[0] = 0;
    want[1] = 0;
    assert_eq!(cas, want);
}

#[test]
fn faults_are_typed_with_lane_and_address() {
    let ins: Vec<(u32, u32)> = (0..32).map(|t| (t * 4, 0)).collect();
    // shared memory of 64 bytes: lane 16 reads at 64
    let e = run_with("LDS R10, [R8]", &ins, 64, vec![]).unwrap_err();
    assert_eq!(e.kind, FaultKind::OutOfBounds);
    assert_eq!((e.lane, e.addr, e.warp), (Some(16), Some(64), 0));
    assert!(e.to_string().contains("LDS R10, [R8]"), "{e}");
    // misaligned shared access
    let e = run_with("LDS.64 R10, [R8]", &ins, 1024, vec![]).unwrap_err();
    assert_eq!(
        (e.kind, e.lane, e.addr),
        (FaultKind::Misaligned, Some(1), Some(4))
    );
    // local memory outside the thread's window
    let e = run_with("LDL R10, [R8]", &ins, 0, vec![]).unwrap_err();
    assert_eq!((e.kind, e.lane), (FaultKind::OutOfBounds, Some(0)));
    // SYNC without SSY
    let e = run_with("SYNC", &ins, 0, vec![]).unwrap_err();
    assert_eq!(e.kind, FaultKind::ControlStack);
    // an endless loop stops at the budget
    let e = run_with("spin: BRA =spin", &ins, 0, vec![]).unwrap_err();
    assert_eq!(e.kind, FaultKind::Budget);
    // forms it does not model: typed faults, not panics (VOTE.VTG has one immediate operand)
    for body in [
        "VOTE.VTG.A 0x18ab4cd",
        "B2R R1, 0x5",
        "B2R.INVALID R1, 0x5",
        "CCTL.E.CRS.PF2 [R2+0x10]",
        "TXQ R1, R2, TEX_SAMPLER_LOD, 0x10, 0xf",
    ] {
        let e = run_with(body, &ins, 0, vec![]).unwrap_err();
        assert_eq!(e.kind, FaultKind::Unsupported, "{body}: {e}");
    }
}

#[test]
fn local_memory_round_trip_per_thread() {
    let ins: Vec<(u32, u32)> = (0..32).map(|t| (t * 7 + 1, t)).collect();
    let got = run(
        "MOV R1, c[0x0][0x20]
         IADD32I R1, R1, -0x10
         STL.64 [R1], R8
         STL [R1+0x8], R9
         LDL R10, [R1+0x8]
         LDL R11, [R1]",
        &ins,
    );
    for (t, (a, b)) in ins.iter().enumerate() {
        assert_eq!(got[t], (*b, *a), "lane {t}");
    }
}

#[test]
fn imul_imad_against_wide_products() {
    let vals: Vec<(u32, u32)> = vec![
        (3, 5),
        (0xffff_ffff, 2),
        (0x8000_0000, 0x8000_0000),
        (0x1234_5678, 0x9abc_def0),
        (7, 0xffff_fff9),
        (0, 0xffff_ffff),
    ];
    let got = run(
        "IMUL.U32.U32 R10, R8, R9
         IMUL.HI R11, R8, R9",
        &vals,
    );
    for (t, (a, b)) in vals.iter().enumerate() {
        let lo = a.wrapping_mul(*b);
        let hi = ((*a as i32 as i64 * *b as i32 as i64) >> 32) as u32;
        assert_eq!(got[t], (lo, hi), "IMUL {a:#x} {b:#x}");
    }
    let got = run(
        "IMAD.U32.U32.HI R10, R8, R9, R9
         IMAD R11, -R8, R9, R8",
        &vals,
    );
    for (t, (a, b)) in vals.iter().enumerate() {
        let hi = ((*a as u64 * *b as u64) >> 32) as u32;
        let lo = (a.wrapping_mul(*b)).wrapping_neg().wrapping_add(*a);
        assert_eq!(got[t], (hi.wrapping_add(*b), lo), "IMAD {a:#x} {b:#x}");
    }
    // .SAT clamps the signed sum; .PO adds one
    let got = run(
        "IMAD.SAT R10, R8, R9, R9
         IMAD.U32.U32.PO R11, R8, R9, R9",
        &vals,
    );
    for (t, (a, b)) in vals.iter().enumerate() {
        let exact = (a.wrapping_mul(*b) as i32 as i64) + *b as i32 as i64;
        let sat = exact.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32;
        let po = a.wrapping_mul(*b).wrapping_add(*b).wrapping_add(1);
        assert_eq!(got[t], (sat, po), "IMAD.SAT/.PO {a:#x} {b:#x}");
    }
}

#[test]
fn fcmp_selects_on_the_third_operand() {
    let vals = [(1.0f32, -2.0f32), (-0.5, 3.0), (0.0, 1.0), (f32::NAN, 2.0)];
    let ins = pairs(&vals);
    // R10 = (R8 >= 0) ? R9 : R8 ;  R11 = (R8 unordered-or-less-than 0) ? R8 : R9
    let got = run(
        "FCMP.GE R10, R9, R8, R8
         FCMP.LTU R11, R8, R9, R8",
        &ins,
    );
    for (t, (a, b)) in vals.iter().enumerate() {
        let w10 = if *a >= 0.0 { b } else { a };
        let w11 = if !(*a >= 0.0) { a } else { b };
        assert_eq!(got[t].0, w10.to_bits(), "FCMP.GE {a}");
        assert_eq!(got[t].1, w11.to_bits(), "FCMP.LTU {a}");
    }
}

#[test]
fn predicates_to_register_and_back() {
    // R2P sets P0..P6 from R8's bits (mask 0x7f); P2R gathers them back into R10 under a mask,
    // keeping R9's other bits; P2R.B1 places them in byte 1
    let ins: Vec<(u32, u32)> = (0..32u32).map(|t| (t * 5 + 3, 0xaaaa_aa00 | t)).collect();
    let got = run(
        "R2P PR, R8, 0x7f
         P2R R10, PR, R9, 0x3c
         P2R.B1 R11, PR, R9, 0xff",
        &ins,
    );
    for (t, (a, b)) in ins.iter().enumerate() {
        let pr = a & 0x7f;
        let w10 = (b & !0x3c) | (pr & 0x3c);
        let w11 = (b & !0xff00) | (pr << 8);
        assert_eq!(got[t], (w10, w11), "lane {t}");
    }
}

#[test]
fn pcnt_cont_loop() {
    // sum of the even i below R8 (the loop body runs at least once), odd i skipped with CONT
    let body = "
        MOV R12, RZ
        MOV R10, RZ
        PBK =done
        top: PCNT =next
        LOP32I.AND R13, R12, 0x1
        ISETP.NE.U32.AND P1, PT, R13, RZ, PT
        @P1 CONT
        IADD R10, R10, R12
        CONT
        next: IADD32I R12, R12, 0x1
        ISETP.GE.U32.AND P0, PT, R12, R8, PT
        @P0 BRK
        BRA =top
        done: MOV R11, R12";
    let ins: Vec<(u32, u32)> = (0..32).map(|t| ((t * 7) % 23, 0)).collect();
    let got = run(body, &ins);
    for (t, (k, _)) in ins.iter().enumerate() {
        let n = (*k).max(1);
        let sum: u32 = (0..n).filter(|i| i % 2 == 0).sum();
        assert_eq!(got[t], (sum, n), "lane {t} k={k}");
    }
}

/// FP16x2 with an immediate pair (sm_53): `HMUL2 Rd, Ra, H1, H0` multiplies the high half by the
/// first immediate and the low half by the second; HFMA2 and HADD2 likewise.
#[test]
fn half2_immediate_pairs() {
    // halves (low, high) of R8: 1.5 and -3; of R9: 0.25 and 8
    let ins = vec![(0xc200_3e00u32, 0x4800_3400u32); 32];
    let src = |body: &str| {
        let a = gpuisa_nvidia::asm::assemble(
            &format!(
                "S2R R0, SR_TID.X ;
                 LEA R4.CC, R0, c[0x0][0x140], 0x3 ;
                 LEA.HI.X R5, R0, c[0x0][0x144], RZ, 0x3 ;
                 LEA R6.CC, R0, c[0x0][0x148], 0x3 ;
                 LEA.HI.X R7, R0, c[0x0][0x14c], RZ, 0x3 ;
                 LDG.E.64 R8, [R4] ;
                 {body}
                 STG.E.64 [R6], R10 ;
                 EXIT ;"
            ),
            53,
        );
        assert!(a.diagnostics.is_empty(), "{:?}", a.diagnostics);
        a.words
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect::<Vec<u8>>()
    };
    let code = src("HMUL2 R10, R8, 2, -0.5 ;\n HFMA2 R11, R8, 1, 4, R9 ;");
    let k = Kernel::from_code("h", &code, 53, true);
    let mut memory = Memory::default();
    let i = memory.add(
        "in",
        ins.iter()
            .flat_map(|(a, b)| [a.to_le_bytes(), b.to_le_bytes()].concat())
            .collect(),
    );
    let o = memory.add("out", vec![0; 8 * 32]);
    let mut params = i.to_le_bytes().to_vec();
    params.extend_from_slice(&o.to_le_bytes());
    let mut l = Launch {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        params,
        constants: vec![],
        memory,
        budget: 10_000,
        trace_warps: vec![],
        trace_pcs: vec![],
    };
    run_kernel(&k, &mut l, None).unwrap();
    let out = l.memory.get("out").unwrap();
    let w = |k: usize| u32::from_le_bytes(out[4 * k..4 * k + 4].try_into().unwrap());
    // HMUL2: low 1.5 * -0.5 = -0.75 (0xba00), high -3 * 2 = -6 (0xc600)
    assert_eq!(w(0), 0xc600_ba00);
    // HFMA2: low 1.5 * 4 + 0.25 = 6.25 (0x4640), high -3 * 1 + 8 = 5 (0x4500)
    assert_eq!(w(1), 0x4500_4640);
}

/// Random operands through LOP3, SHF, BFE, BFI, PRMT, FLO, POPC and IADD3 against references
/// written here from the PTX ISA's definitions (lop3, shf, bfe, bfi, prmt, bfind, popc).
#[test]
fn random_alu_operands_against_ptx_definitions() {
    let mut rng = gpuisa_core::rng::Rng::new(77);
    let mut ins = |f: &dyn Fn(u32, u32) -> (u32, u32)| -> Vec<(u32, u32)> {
        (0..32)
            .map(|_| f(rng.next_u64() as u32, rng.next_u64() as u32))
            .collect()
    };
    // LOP3 with several LUTs; c = a ^ 0x5a5a5a5a
    for lut in [0x96u32, 0xe8, 0xca, 0x1, 0xfe, 0x6c] {
        let v = ins(&|a, b| (a, b));
        let got = run(
            &format!(
                "LOP32I.XOR R12, R8, 0x5a5a5a5a
                 LOP3.LUT R10, R8, R9, R12, 0x{lut:x}"
            ),
            &v,
        );
        for (t, (a, b)) in v.iter().enumerate() {
            let c = a ^ 0x5a5a_5a5a;
            let mut r = 0u32;
            for i in 0..32 {
                let idx = ((a >> i & 1) << 2) | ((b >> i & 1) << 1) | (c >> i & 1);
                r |= (lut >> idx & 1) << i;
            }
            assert_eq!(got[t].0, r, "LOP3 0x{lut:x} {a:#x} {b:#x}");
        }
    }
    // funnel shifts: hi = a, lo = b, shift = b & 63 (.W wraps at 32 for SHF.L.W)
    let v = ins(&|a, b| (a, b));
    let got = run(
        "LOP32I.AND R12, R9, 0x3f
         SHF.L.W R10, R9, R12, R8
         SHF.R.U64 R11, R9, R12, R8",
        &v,
    );
    for (t, (a, b)) in v.iter().enumerate() {
        let n = b & 63;
        let wide = (*a as u64) << 32 | *b as u64;
        let l = ((wide << (n & 31)) >> 32) as u32;
        let r = (wide >> n) as u32;
        assert_eq!(got[t], (l, r), "SHF {a:#x} {b:#x}");
    }
    // bit fields: position and length from the low bytes of b
    let v = ins(&|a, b| (a, (b & 0x1f) | ((b >> 8) % 33) << 8));
    let got = run("BFE.U32 R10, R8, R9\nBFE R11, R8, R9", &v);
    for (t, (a, b)) in v.iter().enumerate() {
        let (pos, len) = (b & 0xff, (b >> 8) & 0xff);
        let u = if len == 0 {
            0
        } else {
            ((*a as u64 >> pos) & ((1u64 << len) - 1)) as u32
        };
        let msb = (pos + len).saturating_sub(1).min(31);
        let sbit = if len == 0 { false } else { a >> msb & 1 == 1 };
        let s = if len == 0 {
            0
        } else if sbit && len < 32 {
            u | (u32::MAX << len) // sign-extended from the field's top bit
        } else {
            u
        };
        assert_eq!(got[t], (u, s), "BFE {a:#x} pos {pos} len {len}");
    }
    let got = run("BFI R10, R8, R9, R9", &v);
    for (t, (a, b)) in v.iter().enumerate() {
        let (pos, len) = (b & 0xff, (b >> 8) & 0xff);
        let mask = if len >= 32 {
            u32::MAX
        } else {
            (1u32 << len) - 1
        };
        let m = mask.checked_shl(pos).unwrap_or(0);
        assert_eq!(got[t].0, (b & !m) | ((a << pos) & m), "BFI {a:#x} {b:#x}");
    }
    // PRMT's default mode: selector nibbles pick bytes of {c, a}, bit 3 replicates the sign
    let v = ins(&|a, b| (a, b & 0xffff));
    let got = run(
        "LOP32I.XOR R12, R8, 0x13579bdf
         PRMT R10, R8, R9, R12",
        &v,
    );
    for (t, (a, s)) in v.iter().enumerate() {
        let c = a ^ 0x1357_9bdf;
        let bytes = [
            a & 0xff,
            a >> 8 & 0xff,
            a >> 16 & 0xff,
            a >> 24,
            c & 0xff,
            c >> 8 & 0xff,
            c >> 16 & 0xff,
            c >> 24,
        ];
        let mut r = 0u32;
        for i in 0..4 {
            let n = s >> (4 * i) & 0xf;
            let byte = bytes[(n & 7) as usize];
            let byte = if n & 8 != 0 {
                if byte & 0x80 != 0 {
                    0xff
                } else {
                    0
                }
            } else {
                byte
            };
            r |= byte << (8 * i);
        }
        assert_eq!(got[t].0, r, "PRMT {a:#x} sel {s:#x}");
    }
    // bfind (FLO), popc, three-way add
    let v = ins(&|a, b| (a >> (b % 32), b));
    let got = run(
        "FLO.U32 R10, R8
         FLO R11, R8",
        &v,
    );
    for (t, (a, _)) in v.iter().enumerate() {
        let u = if *a == 0 {
            u32::MAX
        } else {
            31 - a.leading_zeros()
        };
        let x = if (*a as i32) < 0 { !a } else { *a };
        let s = if x == 0 {
            u32::MAX
        } else {
            31 - x.leading_zeros()
        };
        assert_eq!(got[t], (u, s), "FLO {a:#x}");
    }
    let got = run(
        "POPC R10, R8
         IADD3 R11, R8, -R9, R8",
        &v,
    );
    for (t, (a, b)) in v.iter().enumerate() {
        assert_eq!(
            got[t],
            (a.count_ones(), a.wrapping_sub(*b).wrapping_add(*a)),
            "POPC/IADD3 {a:#x} {b:#x}"
        );
    }
}

fn lanes_in() -> Vec<(u32, u32)> {
    let mut x = 0x1234_5678_9abc_def0u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x as u32
    };
    let mut v: Vec<(u32, u32)> = (0..28).map(|_| (next(), next())).collect();
    // edge values: equal, zero, extremes, bytes at the sign boundary
    v.extend([
        (0, 0),
        (0x8000_0000, 0x7fff_ffff),
        (0x80ff_7f00, 0x7f80_ff01),
        (5, 5),
    ]);
    v
}

#[test]
fn immediate_32i_forms() {
    let ins = lanes_in();
    let got = run(
        "FADD32I R10, R8, 1.5
         MOV R11, R9
         FFMA32I R11, R8, 3, R11",
        &ins,
    );
    for (t, &(a, b)) in ins.iter().enumerate() {
        let (fa, fb) = (f32::from_bits(a), f32::from_bits(b));
        let add = fa + 1.5;
        let fma = fa.mul_add(3.0, fb);
        let same = |x: u32, y: f32| x == y.to_bits() || (y.is_nan() && f32::from_bits(x).is_nan());
        // (subnormal inputs/results: FADD32I without .FTZ keeps them, as Rust does)
        assert!(same(got[t].0, add), "FADD32I {a:#x}: {:#x}", got[t].0);
        assert!(
            same(got[t].1, fma),
            "FFMA32I {a:#x} {b:#x}: {:#x}",
            got[t].1
        );
    }
    let got = run(
        "MOV R10, R9
         IMAD32I R10, R8, 0x12345, R10
         IMUL32I.U32.U32.HI R11, R8, 0x7654321",
        &ins,
    );
    for (t, &(a, b)) in ins.iter().enumerate() {
        let lo = (a as i32 as i64 * 0x12345 + b as i32 as i64) as u32;
        let hi = ((a as u64 * 0x765_4321) >> 32) as u32;
        assert_eq!(got[t], (lo, hi), "IMAD32I/IMUL32I {a:#x} {b:#x}");
    }
}

#[test]
fn video_selectors_saturation_and_merges() {
    let ins = lanes_in();
    let got = run(
        "MOV R10, R9
         VADD.UD.U8.U16.SAT.MRG_8B2 R10, R8.B1, R9.H1, R10
         MOV R11, R8
         VMNMX.UD.U16.U8.MX.MRG_16L R11, R8.H1, R9.B3, R11",
        &ins,
    );
    for (t, &(a, b)) in ins.iter().enumerate() {
        // byte 1 of a + high half of b, saturated to an unsigned byte, into byte 2 of c = b
        let s = ((a >> 8) & 0xff) + (b >> 16);
        let v0 = (b & 0xff00_ffff) | (s.min(255) << 16);
        // max(high half of a, byte 3 of b) into the low half of c = a
        let m = (a >> 16).max(b >> 24);
        let v1 = (a & 0xffff_0000) | (m & 0xffff);
        assert_eq!(got[t], (v0, v1), "a={a:#x} b={b:#x}");
    }
    let got = run(
        "MOV R10, R9
         VABSDIFF.SD.S8.S8.SAT.ACC R10, R8.B3, R9.B2, R10
         MOV R11, R8
         VSET.GE.S8.U16.ACC R11, R8.B2, R9.H1, R11",
        &ins,
    );
    for (t, &(a, b)) in ins.iter().enumerate() {
        let (x, y) = ((a >> 24) as u8 as i8 as i32, (b >> 16) as u8 as i8 as i32);
        let v0 = ((x - y).unsigned_abs()).wrapping_add(b);
        let ge = ((a >> 16) as u8 as i8 as i32) >= (b >> 16) as i32;
        let v1 = (ge as u32).wrapping_add(a);
        assert_eq!(got[t], (v0, v1), "a={a:#x} b={b:#x}");
    }
    let got = run(
        "VSHR.UD.U32.U32.W R10, R8, R9, RZ
         VSHL.UD.U32.U32 R11, R8, R9, RZ",
        &ins,
    );
    for (t, &(a, b)) in ins.iter().enumerate() {
        let shl = if b >= 32 { 0 } else { a << b };
        assert_eq!(got[t], (a >> (b & 31), shl), "a={a:#x} b={b:#x}");
    }
}

#[test]
fn extended_iset_and_dset() {
    let ins = lanes_in();
    // 64-bit a = (R9:R8) against b = (R8:R9): the low words compared by IADD.CC, the high
    // words by ISET.X (signed and unsigned)
    let got = run(
        "IADD RZ.CC, R8, -R9
         ISET.LT.X.AND R10, R9, R8, PT
         IADD RZ.CC, R8, -R9
         ISET.LT.U32.X.AND R11, R9, R8, PT",
        &ins,
    );
    for (t, &(a, b)) in ins.iter().enumerate() {
        let x = ((b as u64) << 32) | a as u64;
        let y = ((a as u64) << 32) | b as u64;
        let s = if (x as i64) < (y as i64) { u32::MAX } else { 0 };
        let u = if x < y { u32::MAX } else { 0 };
        assert_eq!(got[t], (s, u), "a={a:#x} b={b:#x}");
    }
    // DSET on the f64 (R9:R8) against itself and against 0
    let got = run(
        "DSET.GT.AND R10, R8, RZ, PT
         DSET.BF.EQ.AND R11, R8, R8, PT",
        &ins,
    );
    for (t, &(a, b)) in ins.iter().enumerate() {
        let d = f64::from_bits(((b as u64) << 32) | a as u64);
        let gt = if d > 0.0 { u32::MAX } else { 0 };
        let eq = if d == d { 1.0f32.to_bits() } else { 0 };
        assert_eq!(got[t], (gt, eq), "{d}");
    }
}

#[test]
fn generic_addresses_reach_shared_and_local_memory() {
    let ins = lanes_in();
    // shared: lane t's word at 4t, through the window at c[0x0][0x0] (64-bit LD/ATOM.E and a
    // 32-bit ATOM)
    let (got, _) = run_with(
        "SHL R12, R0, 0x2
         STS [R12], R8
         LOP.OR R2, R12, c[0x0][0x0]
         MOV R3, RZ
         LD.E R13, [R2]
         ATOM.E.ADD R11, [R2], R9
         ATOM.ADD R14, [R2], R9
         LDS.U.32 R10, [R12]
         IADD R11, R11, -R13",
        &ins,
        4 * ins.len() as u32,
        vec![],
    )
    .unwrap();
    for (t, &(a, b)) in ins.iter().enumerate() {
        assert_eq!(got[t], (a.wrapping_add(b).wrapping_add(b), 0), "lane {t}");
    }
    // local: a word stored with STL and read back through the window at c[0x0][0x4], and a
    // generic store read back with LDL
    let got = run(
        "MOV32I R15, 0xfff000
         STL [R15], R8
         LOP.OR R2, R15, c[0x0][0x4]
         MOV R3, RZ
         LD.E R10, [R2]
         ST.E [R2+0x4], R9
         LDL R11, [R15+0x4]",
        &ins,
    );
    for (t, &(a, b)) in ins.iter().enumerate() {
        assert_eq!(got[t], (a, b), "lane {t}");
    }
}

#[test]
fn imadsp_parts() {
    let ins = lanes_in();
    let got = run(
        "IMADSP.U24.U24.U24 R10, R8, R9, R9
         IMADSP.S16H1.S16H0.S24 R11, R8, R9, R9",
        &ins,
    );
    for (t, &(a, b)) in ins.iter().enumerate() {
        let u24 = |v: u32| (v & 0xff_ffff) as u64;
        let v0 = (u24(a) * u24(b) + u24(b)) as u32;
        let s24 = ((b << 8) as i32 >> 8) as i64;
        let v1 = (((a >> 16) as i16 as i64) * (b as i16 as i64) + s24) as u32;
        assert_eq!(got[t], (v0, v1), "a={a:#x} b={b:#x}");
    }
}

/// An f16 as f64 and back (round to nearest even), written independently of the emulator.
fn h2f(h: u32) -> f64 {
    let (s, e, m) = ((h >> 15) & 1, (h >> 10) & 31, h & 1023);
    let v = match e {
        0 => m as f64 * 2f64.powi(-24),
        31 if m == 0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1024 + m) as f64 * 2f64.powi(e as i32 - 25),
    };
    if s == 1 {
        -v
    } else {
        v
    }
}

#[test]
fn half_32i_forms_and_merges_sm53() {
    // halves chosen so every sum/product is exact in f16 (no rounding question)
    let pairs: [(f64, f64); 4] = [(1.5, -3.0), (0.25, 8.0), (-2.0, 0.5), (6.0, 0.125)];
    let enc = |x: f64| -> u32 {
        let s = if x < 0.0 { 0x8000 } else { 0 };
        let a = x.abs();
        let e = a.log2().floor() as i32;
        let m = ((a / 2f64.powi(e) - 1.0) * 1024.0) as u32;
        s | (((e + 15) as u32) << 10) | m
    };
    let ins: Vec<(u32, u32)> = (0..32)
        .map(|t| {
            let (lo, hi) = pairs[t % 4];
            let (lo2, hi2) = pairs[(t + 1) % 4];
            (enc(lo) | enc(hi) << 16, enc(lo2) | enc(hi2) << 16)
        })
        .collect();
    let (got, _) = run_with_sm(
        "HADD2_32I R10, R8, 1.5, -2
         MOV R11, R9
         HFMA2_32I R11, R8, 0.5, 4, R11",
        &ins,
        0,
        vec![],
        53,
    )
    .unwrap();
    for (t, &(a, b)) in ins.iter().enumerate() {
        let (alo, ahi) = (h2f(a & 0xffff), h2f(a >> 16));
        let (blo, bhi) = (h2f(b & 0xffff), h2f(b >> 16));
        // immediates: high half printed first
        let v0 = enc(alo - 2.0) | enc(ahi + 1.5) << 16;
        let v1 = enc(alo * 4.0 + blo) | enc(ahi * 0.5 + bhi) << 16;
        assert_eq!(got[t], (v0, v1), "lane {t}");
    }
    let (got, _) = run_with_sm(
        "MOV R10, R9
         HADD2.MRG_H0 R10, R8, R8
         MOV R11, R9
         HMUL2.MRG_H1 R11, R8, R8",
        &ins,
        0,
        vec![],
        53,
    )
    .unwrap();
    for (t, &(a, b)) in ins.iter().enumerate() {
        let (alo, ahi) = (h2f(a & 0xffff), h2f(a >> 16));
        let v0 = (b & 0xffff_0000) | enc(alo + alo);
        let v1 = (b & 0xffff) | enc(ahi * ahi) << 16;
        assert_eq!(got[t], (v0, v1), "lane {t}");
    }
}

/// CS2R reads special registers as S2R does: the lane id and tid.x of every lane.
#[test]
fn cs2r_reads_special_registers() {
    let ins: Vec<(u32, u32)> = (0..32).map(|t| (t, 0)).collect();
    let out = run("CS2R R10, SR_LANEID\nCS2R R11, SR_TID.X", &ins);
    for (t, (a, b)) in out.iter().enumerate() {
        assert_eq!((*a, *b), (t as u32, t as u32), "lane {t}");
    }
}
