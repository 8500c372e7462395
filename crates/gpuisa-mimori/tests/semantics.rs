//! Per-opcode edge cases of the emulator, and machine-level behaviour: the register write
//! latency, T0/T1 order, DRAM shifts, input streams, faults.

use gpuisa_mimori::exec::semantics::{execute, interp, lsr20};
use gpuisa_mimori::exec::*;
use gpuisa_mimori::inst::decode;
use gpuisa_mimori::syntax::parse::parse_line;

/// A one-pair machine running `program` once over a stream output of `vectors` vectors.
fn config(program: &[&str], vectors: usize) -> Config {
    Config {
        warps: 2,
        reg_per_warp: 4,
        clut: [0x7ffff, 1, -1, 100],
        tex_lut: DEFAULT_TEX_LUT,
        logic_lut: DEFAULT_LOGIC_LUT,
        program: program
            .iter()
            .map(|s| decode(parse_line(s).unwrap_or_else(|d| panic!("{s}: {d:?}"))).unwrap())
            .collect(),
        loops: vec![],
        lane_shape: vec![64],
        schedule: Schedule {
            body: 0..program.len() as u32,
            prologue: vec![],
            epilogue: vec![],
        },
        inputs: [None, None],
        output_shape: vec![vectors * 32],
        output: OutputLayout::Stream,
    }
}

fn ops(a: i32, b: i32, c: i32) -> Operands {
    Operands {
        a: [a; 32],
        b: [b; 32],
        c: [c; 32],
        aofs: [0, 1, 2, 3, 4, 5],
        bofs: [std::array::from_fn(|l| l as i32); 6],
        lane_ofs: [std::array::from_fn(|l| l as i32); 6],
        prev: [0; 32],
    }
}

/// Executes one instruction on uniform operands, lane 0's result.
fn exec1(text: &str, a: i32, b: i32, c: i32, p: Profile) -> Result<i32, String> {
    let cfg = config(&["nop"], 1);
    let inst = decode(parse_line(text).unwrap()).unwrap();
    // Immediates written in the text override the given values; the rest stand for registers.
    let imm = |f: u8, v: i32| if f & 0x10 == 0 { f as i32 } else { v };
    execute(
        &inst,
        &ops(imm(inst.a, a), imm(inst.b, b), imm(inst.c, c)),
        &cfg,
        p,
    )
    .map(|v| v[0])
}

fn spec(text: &str, a: i32, b: i32, c: i32) -> i32 {
    exec1(text, a, b, c, Profile::Spec).unwrap()
}
fn rtl(text: &str, a: i32, b: i32, c: i32) -> i32 {
    exec1(text, a, b, c, Profile::Rtl).unwrap()
}

#[test]
fn add_wraps_at_2_pow_20() {
    assert_eq!(spec("R0 + R0 + 0", 0x7ffff, 1, 0), -0x80000);
    assert_eq!(spec("R0 + R0 + 0", 0x7ffff, 0x7ffff, 0), -2);
    assert_eq!(spec("R0 + R0 - 0", -0x80000, -1, 0), 0x7ffff);
    assert_eq!(wrap20(1 << 20), 0);
    assert_eq!(wrap20((1 << 20) + 5), 5);
}

#[test]
fn shifts_are_logical_on_20_bits() {
    // (b + c) = -4 = 0xffffc; >> 1 = 0x7fffe (zero-filled), then + a.
    assert_eq!(spec("0 + (R0 + 0 >> 1)", 0, -4, 0), 0x7fffe);
    assert_eq!(spec("0 + (R0 + 0 >> 19)", 0, -1, 0), 1);
    assert_eq!(spec("0 + (R0 + 0 >> 20)", 0, -1, 0), 0);
    assert_eq!(spec("0 + (R0 + 0 >> 31)", 0, -1, 0), 0);
    assert_eq!(lsr20(-0x80000, 4), 0x8000);
    // Sub and absolute difference with negative values.
    assert_eq!(spec("1 + (R0 - 3 >> 2)", 0, 1, 3), 1 + (0xffffe >> 2));
    assert_eq!(spec("0 + |R0 - 5|", 0, -7, 5), 12);
    assert_eq!(spec("0 + (|R0 - 5| >> 2)", 0, -7, 5), 3);
}

#[test]
fn rtl_shifts_the_whole_sum() {
    // spec: a + ((b + c) >> s); as built: (a + b + c) >> s.
    assert_eq!(spec("R0 + (R0 + R0 >> 1)", 3, 3, 3), 3 + 3);
    assert_eq!(rtl("R0 + (R0 + R0 >> 1)", 3, 3, 3), 4);
    assert_eq!(spec("5 + (R0 - 1 >> 1)", 0, 9, 1), 9);
    assert_eq!(rtl("5 + (R0 - 1 >> 1)", 0, 9, 1), 6);
    assert_eq!(rtl("0 + (|R0 - 9| >> 2)", 0, 1, 9), 2);
}

#[test]
fn multiply_uses_16_bit_signed_operands() {
    assert_eq!(spec("0 + R0 * 3", 0, 0x10002, 3), 6); // bit 16 of b is dropped
    assert_eq!(
        spec("0 + R0 * R0", 0, 0x18000, 0x18000),
        wrap20(0x8000i64 * 0x8000)
    ); // -32768^2 = 2^30
    assert_eq!(spec("0 + R0 * R0", 0, 0x8000, 0x8000), 0); // 2^30 wraps to 0 in 20 bits
    assert_eq!(spec("0 + R0 * 3", 0, -5, 3), -15);
    assert_eq!(
        spec("0 + (R0 * 3 >> 1)", 0, -4, 3),
        wrap20(((-12i32) as u32 >> 1) as i64)
    ); // logical on 32 bits
    assert_eq!(spec("0 + (R0 * 1 >> 16)", 0, -1, 1), wrap20(0xffff));
    assert_eq!(spec("7 + R0 * R0", 0, 300, 300), 7 + 90000);
    // Both profiles compute op 100 alike.
    assert_eq!(
        rtl("7 + (R0 * 3 >> 2)", 0, 40, 3),
        spec("7 + (R0 * 3 >> 2)", 0, 40, 3)
    );
}

#[test]
fn interpolation_at_both_ends_of_a_table() {
    let t: [i16; 17] = std::array::from_fn(|i| (i as i16) * 100 - 800);
    // shamt 5: yyyy = c[8:5], zzzzz = c[4:0].
    assert_eq!(interp(0, 5, false, false, &t, true), -800); // first entry
    assert_eq!(
        interp(0x1ff, 5, false, false, &t, true),
        (700 * 1 + 800 * 31) / 32
    ); // y = 15, z = 31: between 15 and 16
    assert_eq!(interp(15 << 5, 5, false, false, &t, true), 700);
    assert_eq!(interp((3 << 5) | 16, 5, false, false, &t, true), -500 + 50); // halfway between entries 3 and 4
                                                                             // p flips the index's top bit: a signed input -8..7 reads the table from the start.
    assert_eq!(interp(8 << 5, 5, true, false, &t, true), -800);
    assert_eq!(interp(0, 5, true, false, &t, true), 0);
    // q flips bit 15 of the 16-bit result (offset binary).
    assert_eq!(
        interp(0, 5, false, true, &t, true),
        (-800i32 as u16 ^ 0x8000) as i32
    );
    // Negative interpolations round toward minus infinity.
    let n: [i16; 17] = std::array::from_fn(|i| if i == 1 { -1 } else { 0 });
    assert_eq!(interp(1, 5, false, false, &n, true), -1);
    // shamt 0: yyyy = c[3:0], z = 0.
    assert_eq!(interp(2, 0, false, false, &t, true), -600);
    // Through the instruction (tex0 is the default linear ramp).
    assert_eq!(spec("interp(tex0, R0 >> 5)", 0, 0, 8 << 5), 0);
    assert_eq!(
        spec("interp(tex0, R0 >> 5)", 0, 0, (15 << 5) | 31),
        (28672 + 32767 * 31) >> 5
    );
    assert_eq!(spec("interp(tex0, R0 >> 5)", 0, 0, 16 << 5), -32768); // yyyy keeps 4 bits
                                                                      // The built design has no op 101: it outputs the ALU's previous result (0 here; see
                                                                      // tests/rtl_vectors.rs for the sequences observed under Verilator).
    assert_eq!(rtl("interp.q(tex0, R0 >> 5)", 0, 4, 8 << 5), 0);
}

#[test]
fn select_family_both_profiles() {
    assert_eq!(spec("R0 ? 5 : 9", 1, 5, 9), 5);
    assert_eq!(spec("R0 ? 5 : 9", 0, 5, 9), 9);
    assert_eq!(rtl("R0 ? 5 : 9", 0, 5, 9), 5); // inverted in the built design
    assert_eq!(spec("max(R0, 3)", -4, 3, 0), 3);
    assert_eq!(spec("min(R0, 3)", -4, 0, 3), -4);
    assert_eq!(spec("clamp(R0, 2, 9)", 20, 2, 9), 9);
    assert_eq!(spec("clamp(R0, 2, 9)", -20, 2, 9), 2);
    assert_eq!(rtl("max(R0, 3)", 10, 3, 0), 0);
    assert_eq!(rtl("min(R0, 3) {b=7}", 0, 0, 3), 7); // signed max(b, c): B is the ignored field
    assert_eq!(rtl("clamp(R0, 2, 9)", 0, 2, 9), 2); // signed min(b, c)
    assert_eq!(spec("logic[0](R0, 6, 3)", 7, 6, 3), 7 & 6 & 3);
    assert_eq!(spec("logic[2](R0, 6, 3)", 5, 6, 3), 5 ^ 6 ^ 3);
    assert_eq!(
        spec("logic[4](R0, 6, 3)", 0b1010, 6, 3),
        (0b1010 & 6) | (!0b1010 & 3)
    );
    assert_eq!(spec("logic[6](R0, 6, 3)", -1, 6, 3), -1); // all 20 bits
    assert_eq!(rtl("logic[6](R0, 6, 3)", -1, 6, 3), 0);
}

#[test]
fn offsets_and_reserved_forms() {
    assert_eq!(spec("aofs[3]", 0, 0, 0), 3);
    assert_eq!(exec1("bofs[2]", 0, 0, 0, Profile::Spec).unwrap(), 0);
    assert!(exec1("raw(op=7, s=6, a=0, b=0, c=0)", 0, 0, 0, Profile::Spec).is_err());
    assert_eq!(rtl("raw(op=7, s=6, a=0, b=0, c=0)", 0, 0, 0), 0);
    assert_eq!(rtl("raw(op=7, s=19, a=0, b=0, c=0)", 0, 0, 0), 3); // shamt[3] = 0 -> aofs, axis 3
    assert!(
        exec1("raw(op=2, s=0, a=0, b=0, c=0)", 0, 0, 0, Profile::Spec)
            .unwrap_err()
            .contains("undefined")
    );
    assert!(
        exec1("raw(op=6, s=4, a=0, b=0, c=0)", 0, 0, 0, Profile::Spec)
            .unwrap_err()
            .contains("reserved")
    );
    assert!(exec1("raw(op=5, s=0, a=0, b=R1, c=0)", 0, 0, 0, Profile::Spec).is_err());
}

fn stream_input(vectors: &[[i16; 32]]) -> Option<Stream> {
    Some(Stream {
        values: vectors.iter().flatten().copied().collect(),
        data: StreamData::Sequential,
        pad: None,
    })
}

#[test]
fn register_writes_land_two_instructions_later() {
    // R1 = 5, then read R1 immediately (old 0), after one instruction (old 0), after two (5).
    let cfg = config(
        &["R1 = 5 + 0 + 0", "R1 + 0 + 0 -> dram", "R1 + 0 + 0 -> dram"],
        4,
    );
    let r = run(&cfg, Profile::Spec).unwrap();
    // Stream layout: warp 0 then warp 1 for each instruction.
    assert_eq!(&r.dram[0..32], &[0; 32]);
    assert_eq!(&r.dram[64..96], &[5; 32]);
    let cfg = config(&["R1 = 5 + 0 + 0", "nop", "R1 + 0 + 0 -> dram"], 2);
    assert_eq!(&run(&cfg, Profile::Spec).unwrap().dram[0..32], &[5; 32]);
}

#[test]
fn warps_have_separate_registers() {
    // Both warps write R0; with reg_per_warp = 4 they land at addresses 0 and 4.
    let mut cfg = config(&["R0 = bofs[0]", "nop", "R0 + 0 + 0 -> dram"], 2);
    cfg.program[0] = decode(parse_line("R0 = bofs[0]").unwrap()).unwrap();
    for p in [Profile::Spec, Profile::Rtl] {
        let r = run(&cfg, p).unwrap();
        let exp: Vec<i16> = (0..64).collect();
        assert_eq!(r.dram, exp, "{p:?}");
    }
}

#[test]
fn temporary_delay_order() {
    let cfg = config(
        &[
            "1 + 0 + 0 -> push",
            "2 + 0 + 0 -> push",
            "T0 + 0 + 0 -> dram",
            "T1 + 0 + 0 -> dram",
            "3 + 0 + 0 -> push",
            "T1 + 0 + 0 -> dram",
        ],
        6,
    );
    let r = run(&cfg, Profile::Spec).unwrap();
    let v: Vec<i16> = r.dram.chunks(32).map(|c| c[0]).collect();
    assert_eq!(v, vec![2, 2, 1, 1, 2, 2]); // T0 newest, T1 older; a push shifts T0 into T1
}

#[test]
fn dram_shifts_take_bits_15_0_17_2_19_4() {
    let cfg = config(
        &[
            "CLUT0 + 0 + 0 -> dram",
            "CLUT0 + 0 + 0 -> dram>>2",
            "CLUT0 + 0 + 0 -> dram>>4",
            "CLUT2 + 0 + 0 -> dram>>4",
        ],
        8,
    );
    let r = run(&cfg, Profile::Spec).unwrap();
    let v: Vec<i16> = r.dram.chunks(64).map(|c| c[0]).collect();
    assert_eq!(v, vec![-1, -1, 0x7fff, -1]); // 0x7ffff: [15:0] = 0xffff, [17:2] = 0xffff, [19:4] = 0x7fff; -1 -> all ones
    let cfg = config(&["CLUT3 + 0 + 0 -> dram>>2"], 2);
    assert_eq!(run(&cfg, Profile::Spec).unwrap().dram[0], 25);
}

#[test]
fn input_streams_pop_once_per_instruction_and_can_run_dry() {
    let a: [i16; 32] = std::array::from_fn(|i| i as i16);
    let b: [i16; 32] = [-3; 32];
    let mut cfg = config(&["I0 + I0 + I0 -> dram"], 2);
    cfg.inputs[0] = stream_input(&[a, b]);
    let r = run(&cfg, Profile::Spec).unwrap();
    let exp: Vec<i16> = a
        .iter()
        .map(|x| 3 * x)
        .chain(b.iter().map(|x| 3 * x))
        .collect();
    assert_eq!(r.dram, exp); // each warp popped exactly one vector, sign-extended
    let mut cfg = config(&["I0 + 0 + 0 -> dram", "I0 + 0 + 0 -> dram"], 4);
    cfg.inputs[0] = stream_input(&[a, b, a]);
    let f = run(&cfg, Profile::Spec).unwrap_err();
    assert!(
        f.message.contains("ran dry") && f.warp == 1 && f.pc == 1,
        "{f}"
    );
    let cfg = config(&["I1 + 0 + 0"], 1);
    assert!(run(&cfg, Profile::Spec)
        .unwrap_err()
        .message
        .contains("no input.I1"));
}

#[test]
fn two_registers_fault_in_spec_and_or_in_rtl() {
    let mut cfg = config(
        &[
            "R1 = 3 + 0 + 0",
            "R2 = 4 + 0 + 0",
            "nop",
            "raw(op=0, s=0, a=R1, b=R2, c=0) -> dram",
        ],
        2,
    );
    cfg.program[3] = decode(0x0000_0000 | (3 << 19) & 0 | (0x19 << 10) | (0x1a << 5)).unwrap();
    cfg.program[3].dd = 0;
    let f = run(&cfg, Profile::Spec).unwrap_err();
    assert!(f.message.contains("two different registers") && f.pc == 3);
    // rtl reads R(1|2) = R3 (still 0) for both operands.
    let r = run(&cfg, Profile::Rtl).unwrap();
    assert_eq!(r.dram[0], 0);
}

#[test]
fn cycles_count_one_warp_instruction_per_cycle() {
    let cfg = config(&["nop", "nop", "nop"], 1);
    let r = run(&cfg, Profile::Spec).unwrap();
    assert_eq!((r.issue_cycles, r.cycles, r.lane_ops), (6, 8, 6 * 32));
    assert_eq!(r.executions, vec![2, 2, 2]);
}

/// Random words on random operands under both profiles: a value or a typed fault, never a panic.
#[test]
fn execution_never_panics() {
    let mut rng = gpuisa_core::rng::Rng::new(77);
    let cfg = config(&["nop"], 1);
    let deadline = std::time::Instant::now() + std::time::Duration::from_millis(800);
    while std::time::Instant::now() < deadline {
        let inst = decode(rng.next_u32() & 0x3fff_ffff).unwrap();
        let mut o = ops(0, 0, 0);
        let mut r2 = gpuisa_core::rng::Rng::new(rng.next_u64());
        for l in 0..32 {
            o.a[l] = wrap20(r2.next_u64() as i64);
            o.b[l] = wrap20(r2.next_u64() as i64);
            o.c[l] = wrap20(r2.next_u64() as i64);
        }
        for p in [Profile::Spec, Profile::Rtl] {
            let _ = execute(&inst, &o, &cfg, p);
        }
    }
}

/// Mutated run files: an error naming a field, or a valid configuration; never a panic.
#[test]
fn run_file_parser_never_panics() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/mimori");
    let base = std::fs::read_to_string(dir.join("sad.toml")).unwrap();
    let pieces = [
        "0",
        "-1",
        "4294967295",
        "99999999999",
        "[]",
        "[1,2]",
        "\"x\"",
        "{}",
        "true",
        "1e9",
        "a9",
        "b7",
        "\"parallel\"",
        "= 3",
        "\n[[loop]]\n",
        "[",
    ];
    let mut rng = gpuisa_core::rng::Rng::new(5);
    let deadline = std::time::Instant::now() + std::time::Duration::from_millis(800);
    while std::time::Instant::now() < deadline {
        let mut text = base.clone();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(text.len() as u64) as usize;
            let at = (0..=at)
                .rev()
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(0);
            let end = (at + rng.below(6) as usize).min(text.len());
            let end = (end..=text.len())
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(text.len());
            text.replace_range(at..end, pieces[rng.below(pieces.len() as u64) as usize]);
        }
        if let Ok((cfg, _)) = runfile::parse(&text, &dir) {
            // Keep valid mutants short: only run those with a small iteration space.
            let iters: u64 = cfg.loops.iter().map(|l| l.count as u64).product();
            if iters * cfg.warps as u64 <= 1 << 16 {
                let _ = run(&cfg, Profile::Spec);
                let _ = run(&cfg, Profile::Rtl);
            }
        }
    }
}
