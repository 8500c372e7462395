//! One hand-built instruction sequence per alignment and scheduling rule of the seed.

use super::analysis::*;
use super::figures::{classify, device};
use super::tables::Generation;

/// Lays out `(mnemonic, operands)` from address `start`, sizing each by its class (`lit` in the
/// operands stands for a 32-bit literal). `@N` as operands makes a branch to dword N.
fn seq(start: u64, g: Generation, items: &[(&str, &str)]) -> Vec<TimedInst> {
    let mut a = start;
    items
        .iter()
        .map(|(m, ops)| {
            let c = classify(m, g).unwrap();
            let (target, ops) = match ops.strip_prefix('@') {
                Some(d) => (Some(d.parse::<u64>().unwrap() * 4), ""),
                None => (None, *ops),
            };
            let size = u32::from(c.size) + if ops.contains("lit") { 4 } else { 0 };
            let i = TimedInst {
                address: a,
                size,
                mnemonic: m.to_string(),
                operands: ops.to_string(),
                target,
                label: None,
                line: 0,
                decoded: None,
            };
            a += u64::from(size);
            i
        })
        .collect()
}

fn run(dev: &str, waves: u32, items: &[(&str, &str)]) -> Analysis {
    run_at(dev, waves, 0, items)
}
fn run_at(dev: &str, waves: u32, start: u64, items: &[(&str, &str)]) -> Analysis {
    let d = device(dev).unwrap();
    let mut o = Options::new(d);
    o.waves_per_simd = waves;
    analyze(&seq(start, d.generation, items), &o).unwrap()
}
fn rules(a: &Analysis, i: usize) -> Vec<(Rule, u32, When)> {
    a.insts[i]
        .penalties
        .iter()
        .map(|p| (p.rule, p.cycles, p.when))
        .collect()
}

const NOP4: (&str, &str) = ("v_mov_b32_e32", "v0, v1"); // 4 bytes, 4 cycles
const E64: (&str, &str) = ("v_add_f32_e64", "v0, v1, v2"); // 8 bytes, 4 cycles

#[test]
fn two_dword_outside_first_three_dwords() {
    // dwords 0-1: free; 2-3: outside the first 3 dwords: one penalty.
    let a = run("tahiti", 1, &[E64, E64, E64]);
    assert_eq!(rules(&a, 0), vec![]);
    assert_eq!(rules(&a, 1), vec![(Rule::TwoDword, 4, When::Always)]);
    assert_eq!(rules(&a, 2), vec![(Rule::TwoDword, 4, When::Always)]);
    assert_eq!(a.total, 12 + 8);
    // at dword 1 (dwords 1-2) it is still inside the first three.
    let a = run("tahiti", 1, &[NOP4, E64, NOP4]);
    assert_eq!(rules(&a, 1), vec![]);
    // a 4-byte instruction with a literal is a 2-dword instruction too.
    let a = run("tahiti", 1, &[NOP4, NOP4, ("v_mov_b32_e32", "v0, lit")]);
    assert_eq!(rules(&a, 2), vec![(Rule::TwoDword, 4, When::Always)]);
    // a new 32-byte block starts free again.
    let a = run_at("tahiti", 1, 32, &[E64]);
    assert_eq!(rules(&a, 0), vec![]);
}

#[test]
fn long_instruction_frees_the_next_dwords() {
    // V_RCP_F32 (16 cycles) at dword 2 frees the next 16/4 = 4 dwords: the 2-dword at 3-4 is free.
    let a = run("tahiti", 1, &[NOP4, NOP4, ("v_rcp_f32_e32", "v0, v1"), E64]);
    assert_eq!(rules(&a, 3), vec![]);
    // ... and a 4-cycle instruction does not.
    let a = run("tahiti", 1, &[NOP4, NOP4, NOP4, E64]);
    assert_eq!(rules(&a, 3), vec![(Rule::TwoDword, 4, When::Always)]);
}

#[test]
fn second_two_dword_after_a_16_cycle_two_dword() {
    // V_MUL_LO_U32 (VOP3, 16 cycles) at dwords 1-2, then a 2-dword at dword 3: no penalty.
    let a = run("tahiti", 1, &[NOP4, ("v_mul_lo_u32", "v0, v1, v2"), E64]);
    assert_eq!(rules(&a, 1), vec![]);
    assert_eq!(rules(&a, 2), vec![]);
    // after a 4-cycle 2-dword instruction it is penalised.
    let a = run("tahiti", 1, &[NOP4, E64, E64]);
    assert_eq!(rules(&a, 2), vec![(Rule::TwoDword, 4, When::Always)]);
}

#[test]
fn jump_target_placement() {
    // forward jumps to dword 5, 7 of a block: N-4 penalties when taken; dword 4: none.
    for (target, pen) in [(8 + 4, None), (8 + 5, Some(4)), (8 + 7, Some(12))] {
        let a = run("tahiti", 1, &[("s_branch", &format!("@{target}"))]);
        let want: Vec<_> = pen
            .map(|p| (Rule::JumpTarget, p, When::Taken))
            .into_iter()
            .collect();
        assert_eq!(rules(&a, 0), want, "target dword {target}");
        // s_branch is always taken: counted.
        assert_eq!(a.total, 20 + u64::from(pen.unwrap_or(0)));
    }
    // backward jumps are exempt ("does not apply to backward jumps").
    let a = run_at("tahiti", 1, 64, &[("s_branch", "@7")]);
    assert_eq!(rules(&a, 0), vec![]);
}

#[test]
fn conditional_jump_in_second_half() {
    // at dword 4: one penalty when not taken (N-3); at dword 7: four; at dword 3: none.
    let mut items = vec![NOP4; 7];
    items.push(("s_cbranch_scc1", "@0"));
    let a = run("tahiti", 1, &items);
    assert_eq!(
        rules(&a, 7),
        vec![(Rule::CondJumpPlacement, 16, When::NotTaken)]
    );
    assert_eq!(a.insts[7].cost, 4 + 16);
    assert_eq!(a.insts[7].other_path, Some(20));
    let a = run(
        "tahiti",
        1,
        &[NOP4, NOP4, NOP4, NOP4, ("s_cbranch_vccz", "@0")],
    );
    assert_eq!(
        rules(&a, 4),
        vec![(Rule::CondJumpPlacement, 4, When::NotTaken)]
    );
    let a = run("tahiti", 1, &[NOP4, NOP4, NOP4, ("s_cbranch_execz", "@0")]);
    assert_eq!(rules(&a, 3), vec![]);
}

#[test]
fn no_alignment_rules_from_gcn_1_2() {
    let mut items = vec![E64, E64, E64, NOP4, NOP4];
    items.push(("s_cbranch_execz", "@15"));
    for dev in ["fiji", "gfx900"] {
        let a = run(dev, 1, &items);
        assert!(a.insts.iter().all(|r| r.penalties.is_empty()), "{dev}");
        assert!(!a.alignment_rules);
    }
}

#[test]
fn salu_after_integer_vector_add_sub_readlane() {
    for v in [
        ("v_add_u32_e32", "v0, v1, v2"),
        ("v_sub_co_u32_e32", "v0, vcc, v1, v2"),
        ("v_addc_co_u32_e64", "v0, s[0:1], v1, v2, s[2:3]"),
        ("v_readlane_b32", "s0, v1, 0"),
        ("v_readfirstlane_b32", "s0, v1"),
    ] {
        let a = run("gfx900", 1, &[v, ("s_mov_b32", "s1, s2")]);
        assert_eq!(
            rules(&a, 1),
            vec![(Rule::SaluAfterVectorInt, 16, When::Always)],
            "{}",
            v.0
        );
    }
    // two 4-cycle vector instructions in between: 8 cycles of the delay are left.
    let a = run(
        "gfx900",
        1,
        &[
            ("v_add_u32_e32", "v0, v1, v2"),
            NOP4,
            NOP4,
            ("s_add_u32", "s0, s1, s2"),
        ],
    );
    assert_eq!(
        rules(&a, 3),
        vec![(Rule::SaluAfterVectorInt, 8, When::Always)]
    );
    // float adds do not count, nor do scalar memory or branches after the integer add.
    let a = run(
        "gfx900",
        1,
        &[("v_add_f32_e32", "v0, v1, v2"), ("s_mov_b32", "s1, s2")],
    );
    assert_eq!(rules(&a, 1), vec![]);
    let a = run(
        "gfx900",
        1,
        &[
            ("v_add_u32_e32", "v0, v1, v2"),
            ("s_load_dword", "s0, s[2:3], 0x0"),
        ],
    );
    assert_eq!(rules(&a, 1), vec![]);
}

#[test]
fn vccz_execz_branch_after_vcc_exec_write() {
    let cases: [(&[(&str, &str)], bool); 6] = [
        (
            &[("v_cmp_eq_u32_e32", "vcc, 0, v0"), ("s_cbranch_vccz", "@0")],
            true,
        ),
        (
            &[
                ("s_and_saveexec_b64", "s[0:1], vcc"),
                ("s_cbranch_execz", "@0"),
            ],
            true,
        ),
        (
            &[("s_mov_b64", "exec, s[0:1]"), ("s_cbranch_execnz", "@0")],
            true,
        ),
        (
            &[
                ("v_add_co_u32_e32", "v0, vcc, v1, v2"),
                ("s_cbranch_vccnz", "@0"),
            ],
            true,
        ),
        (
            &[
                ("v_cmp_eq_u32_e64", "s[0:1], 0, v0"),
                ("s_cbranch_vccz", "@0"),
            ],
            false,
        ),
        (&[NOP4, ("s_cbranch_execz", "@0")], false),
    ];
    for (items, pen) in cases {
        let a = run("gfx900", 1, items);
        let want: Vec<_> = pen
            .then_some((Rule::BranchVccExec, 4, When::Always))
            .into_iter()
            .collect();
        assert_eq!(rules(&a, 1), want, "{:?}", items[0]);
    }
}

#[test]
fn scc_branch_after_scc_exec_vcc_write() {
    let cases: [(&[(&str, &str)], bool); 5] = [
        (
            &[("s_cmp_eq_u32", "s0, s1"), ("s_cbranch_scc1", "@0")],
            true,
        ),
        (
            &[("s_and_b32", "s0, s1, s2"), ("s_cbranch_scc0", "@0")],
            true,
        ),
        (
            &[("v_cmp_gt_i32_e32", "vcc, 0, v0"), ("s_cbranch_scc0", "@0")],
            true,
        ),
        (&[("s_mov_b32", "s0, s1"), ("s_cbranch_scc1", "@0")], false),
        (&[NOP4, ("s_cbranch_scc1", "@0")], false),
    ];
    for (items, pen) in cases {
        let a = run("gfx900", 1, items);
        let want: Vec<_> = pen
            .then_some((Rule::BranchScc, 4, When::Always))
            .into_iter()
            .collect();
        assert_eq!(rules(&a, 1), want, "{:?}", items[0]);
    }
}

#[test]
fn masking_with_more_than_one_wave_per_simd() {
    let items = [
        E64,
        E64, // align penalty on the second
        ("v_add_u32_e32", "v0, v1, v2"),
        ("s_cmp_eq_u32", "s0, s1"), // SALU delay
        ("s_cbranch_scc1", "@0"),   // SCC penalty
    ];
    let one = run("tahiti", 1, &items);
    let four = run("tahiti", 4, &items);
    assert!(one.penalty_cycles > 0 && !one.masking);
    assert!(four.masking);
    assert_eq!(four.penalty_cycles, 0);
    assert!(four
        .insts
        .iter()
        .flat_map(|r| &r.penalties)
        .all(|p| p.masked));
    // scalar instructions and branches are masked too; vector ones still count.
    assert_eq!(four.total, 4 + 4 + 4);
    // align 4; SALU delay 16 (adjacent); branch at dword 6: 3 placement penalties and the SCC one.
    assert_eq!(one.total, 4 + (4 + 4) + 4 + (4 + 16) + (4 + 12 + 4));
    assert_eq!(four.masked_cycles, one.total - four.total);
}

#[test]
fn blocks_and_totals() {
    let d = device("gfx900").unwrap();
    let g = d.generation;
    let mut insts = seq(
        0,
        g,
        &[
            NOP4,
            ("s_cbranch_execz", "@4"),
            ("v_rcp_f32_e32", "v0, v1"),
            ("s_load_dwordx16", "s[0:15], s[2:3], 0"),
            ("global_load_dword", "v0, v[0:1], off"),
            ("s_endpgm", ""),
        ],
    );
    insts[1].target = Some(insts[3].address);
    let a = analyze(&insts, &Options::new(d)).unwrap();
    let spans: Vec<(usize, usize)> = a.blocks.iter().map(|b| (b.first, b.end)).collect();
    assert_eq!(spans, vec![(0, 2), (2, 3), (3, 6)]);
    assert_eq!(a.blocks[0].cycles, 8);
    assert_eq!(a.blocks[1].cycles, 16);
    assert_eq!((a.blocks[2].cycles, a.blocks[2].cycles_max), (16, 24));
    assert_eq!(a.blocks[2].unknown, 2); // global_load_dword and s_endpgm have no figures
    assert_eq!((a.total, a.total_max, a.unknown), (40, 48, 2));
    assert_eq!(a.insts[3].start, 24);
}

#[test]
fn unknown_instruction_is_an_error_with_its_place() {
    let d = device("gfx900").unwrap();
    let i = TimedInst {
        address: 0x40,
        size: 4,
        mnemonic: "v_bogus".into(),
        operands: String::new(),
        target: None,
        label: None,
        line: 0,
        decoded: None,
    };
    let e = analyze(&[i], &Options::new(d)).unwrap_err();
    assert!(e.message.starts_with("address 0x40:"), "{}", e.message);
}

/// The `.s` reader and the GCN decoder of this crate give the same instructions for the same
/// kernel (clang-19, gfx900), so `gpuisa time kernel.s` and `gpuisa time kernel.o` agree.
#[test]
fn reader_and_decoder_agree_on_the_example_kernel() {
    use super::asm_text::read_asm;
    use gpuisa_core::elf::Elf;
    let src = include_str!("../../../../examples/timing/reduce-gfx900.s");
    let obj: &[u8] = include_bytes!("../../../../examples/timing/reduce-gfx900.o");
    let read = read_asm(src, Generation::Gcn14).unwrap();
    let elf = Elf::parse(obj).unwrap();
    let text = elf.section(".text").unwrap();
    let decoded = crate::gcn::disassemble(crate::gcn::Gen::Gfx9, text.data, 0);
    assert_eq!(read[0].insts.len(), decoded.len());
    for (r, d) in read[0].insts.iter().zip(&decoded) {
        let d = d.as_ref().unwrap();
        assert_eq!(
            (r.address, r.size, r.mnemonic.as_str()),
            (d.address, u32::from(d.size), d.mnemonic.as_str())
        );
    }
    let dev = device("gfx900").unwrap();
    let a = analyze(&read[0].insts, &Options::new(dev)).unwrap();
    assert_eq!(a.insts.len(), 142);
}
