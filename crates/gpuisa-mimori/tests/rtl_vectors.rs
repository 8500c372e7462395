//! The `mimori-rtl` profile against MIMORI's ALU as built, observed under Verilator
//! (tests/vectors/mimori-rtl/alu.txt, made by scripts/mimori-rtl-vectors.sh): op 111 with every
//! selector (reserved ones included) on all 32 lanes, and 3000 random instructions of every
//! opcode in sequence, where the opcodes the design lacks (010, 101) output the previous result.

use gpuisa_mimori::exec::semantics::execute;
use gpuisa_mimori::exec::*;
use gpuisa_mimori::inst::decode;
use gpuisa_mimori::syntax::parse::parse_line;

fn config() -> Config {
    Config {
        warps: 2,
        reg_per_warp: 4,
        clut: [0; 4],
        tex_lut: DEFAULT_TEX_LUT,
        logic_lut: DEFAULT_LOGIC_LUT,
        program: vec![],
        loops: vec![],
        lane_shape: vec![64],
        schedule: Schedule {
            body: 0..0,
            prologue: vec![],
            epilogue: vec![],
        },
        inputs: [None, None],
        output_shape: vec![32],
        output: OutputLayout::Stream,
    }
}

/// A 20-bit value as the emulator holds it (sign-extended).
fn s20(v: u32) -> i32 {
    ((v << 12) as i32) >> 12
}

/// The harness's offsets: aofs[j] = 0x100+3j; lane i's own offset on axis j is
/// ((i*(j+1)) & 7) << (j%3), OR-ed into bofs[j] = 0x2000+0x40j.
fn operands(a: u32, b: u32, c: u32, prev: [i32; 32]) -> Operands {
    let lane = |i: usize, j: usize| (((i * (j + 1)) & 7) << (j % 3)) as i32;
    Operands {
        a: [s20(a); 32],
        b: [s20(b); 32],
        c: [s20(c); 32],
        aofs: std::array::from_fn(|j| 0x100 + 3 * j as u32),
        bofs: std::array::from_fn(|j| {
            std::array::from_fn(|i| (0x2000 + 0x40 * j as i32) | lane(i, j))
        }),
        lane_ofs: std::array::from_fn(|j| std::array::from_fn(|i| lane(i, j))),
        prev,
    }
}

fn inst(op: u32, shamt: u32) -> gpuisa_mimori::inst::Inst {
    let text = format!("raw(op={op}, s={shamt}, a=0, b=0, c=0)");
    decode(parse_line(&text).unwrap_or_else(|d| panic!("{text}: {d:?}"))).unwrap()
}

#[test]
fn rtl_profile_matches_the_built_alu() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/vectors/mimori-rtl/alu.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let cfg = config();
    let (mut n111, mut n, mut held) = (0, 0, 0);
    let mut prev = [0i32; 32];
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if let Some(rest) = line.strip_prefix("op111 ") {
            let (sh, lanes) = rest.split_once(':').unwrap();
            let sh = u32::from_str_radix(sh, 16).unwrap();
            let want: Vec<u32> = lanes
                .split_whitespace()
                .map(|x| u32::from_str_radix(x, 16).unwrap())
                .collect();
            let got = execute(&inst(7, sh), &operands(0, 0, 0, prev), &cfg, Profile::Rtl).unwrap();
            let got: Vec<u32> = got.iter().map(|&v| v as u32 & 0xfffff).collect();
            assert_eq!(got, want, "op 111 shamt {sh:05b}");
            n111 += 1;
            continue;
        }
        // OP SHAMT A B C -> OUT
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 7, "{line}");
        let op = u32::from_str_radix(f[0], 2).unwrap();
        let h = |x: &str| u32::from_str_radix(x, 16).unwrap();
        let (sh, a, b, c, want) = (h(f[1]), h(f[2]), h(f[3]), h(f[4]), h(f[6]));
        let r = execute(&inst(op, sh), &operands(a, b, c, prev), &cfg, Profile::Rtl)
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(r[0] as u32 & 0xfffff, want, "{line}");
        held += usize::from(op == 2 || op == 5);
        prev = r;
        n += 1;
    }
    assert_eq!(n111, 32);
    assert!(
        n >= 3000 && held > 300,
        "{n} instructions, {held} of 010/101"
    );
}
