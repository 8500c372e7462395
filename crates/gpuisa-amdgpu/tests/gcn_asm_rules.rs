//! Operand rules of the GCN assembler checked against llvm-mc-19 (the words and the rejections
//! below are llvm-mc-19's, `echo TEXT | llvm-mc-19 -arch=amdgcn -mcpu=gfx900 --show-encoding`):
//! v_readlane/v_writelane operand classes and constant bus, vccz/execz/scc on the VOP3 constant
//! bus, lds_direct only as a vector src0, gfx9-only registers, no `null` operand before gfx10.

mod common;
use common::{gen_of, words_hex};
use gpuisa_amdgpu::gcn::{asm, Gen};
use std::path::PathBuf;

fn ok(gen: Gen, text: &str, want: &[u32]) {
    match asm::assemble_inst(gen, text, 0) {
        Ok(e) => assert_eq!(e.words, want, "{text}"),
        Err(e) => panic!("{text}: {}", e.message),
    }
}

fn bad(gen: Gen, text: &str) {
    if let Ok(e) = asm::assemble_inst(gen, text, 0) {
        panic!(
            "{text}: accepted as {:08x?}, llvm-mc-19 rejects it",
            e.words
        );
    }
}

#[test]
fn readlane_writelane_operands_as_llvm_mc() {
    let g = Gen::Gfx9;
    ok(g, "v_readlane_b32 s5, v1, s2", &[0xd289_0005, 0x0000_0501]);
    ok(
        g,
        "v_readlane_b32 s5, lds_direct, s2",
        &[0xd289_0005, 0x0000_04fe],
    );
    ok(
        g,
        "v_readlane_b32 s5, src_lds_direct, 3",
        &[0xd289_0005, 0x0001_06fe],
    );
    ok(
        g,
        "v_readlane_b32 src_execz, v1, s2",
        &[0xd289_00fc, 0x0000_0501],
    );
    ok(
        g,
        "v_readlane_b32 src_pops_exiting_wave_id, v1, s2",
        &[0xd289_00ef, 0x0000_0501],
    );
    ok(g, "v_writelane_b32 v5, s1, m0", &[0xd28a_0005, 0x0000_f801]);
    ok(
        g,
        "v_writelane_b32 v5, execz, m0",
        &[0xd28a_0005, 0x0000_f8fc],
    );
    ok(
        g,
        "v_writelane_b32 v5, execz, execz",
        &[0xd28a_0005, 0x0001_f8fc],
    );
    for t in [
        "v_writelane_b32 v5, m0, s2",
        "v_writelane_b32 v5, execz, s2",
        "v_writelane_b32 v5, s2, scc",
        "v_writelane_b32 v5, src_shared_base, s2",
        "v_writelane_b32 v5, s1, lds_direct",
        "v_writelane_b32 v5, lds_direct, 3",
        "v_readlane_b32 s5, v1, lds_direct",
        "v_readlane_b32 src_shared_base, v1, s2",
    ] {
        bad(g, t);
    }
    bad(Gen::Gfx8, "v_readlane_b32 src_pops_exiting_wave_id, v1, s2");
    ok(
        g,
        "v_readfirstlane_b32 src_pops_exiting_wave_id, v1",
        &[0x7fde_0501],
    );
    ok(
        g,
        "v_cmp_eq_u32_e64 execz, v1, v2",
        &[0xd0ca_00fc, 0x0002_0501],
    );
    bad(g, "v_cmp_eq_u32_e64 src_lds_direct, v1, v2");
    // gfx6/gfx7 VOP2 forms: the same destination class and constant bus (llvm-mc-19 -mcpu=gfx600).
    for gen in [Gen::Gfx6, Gen::Gfx7] {
        ok(gen, "v_readlane_b32 execz, v1, s2", &[0x03f8_0501]);
        ok(gen, "v_readfirstlane_b32 vccz, v1", &[0x7ff6_0501]);
        ok(gen, "v_writelane_b32 v1, s1, m0", &[0x0402_f801]);
        // A literal value is on the bus too; with m0 or a constant lane select it assembles.
        ok(
            gen,
            "v_writelane_b32 v1, 0x1234, m0",
            &[0x0402_f8ff, 0x1234],
        );
        ok(gen, "v_writelane_b32 v1, 0x1234, 1", &[0x0403_02ff, 0x1234]);
        for t in [
            "v_writelane_b32 v1, 0x1234, s2",
            "v_writelane_b32 v1, m0, s2",
            "v_writelane_b32 v1, s1, s2",
            "v_writelane_b32 v1, execz, s2",
            "s_mov_b32 s0, xnack_mask_lo",
            "s_mov_b64 s[0:1], xnack_mask",
        ] {
            bad(gen, t);
        }
    }
    // gfx6 VOP2 form: the 8-bit lane select cannot be lds_direct either.
    bad(Gen::Gfx6, "v_readlane_b32 s5, v1, lds_direct");
}

#[test]
fn condition_sources_use_the_constant_bus() {
    let g = Gen::Gfx9;
    ok(
        g,
        "v_fma_f32 v0, execz, execz, v2",
        &[0xd1cb_0000, 0x0409_f8fc],
    );
    for t in [
        "v_add_f32_e64 v0, execz, s1",
        "v_add_f32_e64 v0, s1, vccz",
        "v_fma_f32 v0, scc, s1, v2",
        "v_fma_f32 v0, scc, execz, v2",
        "v_cndmask_b32_e64 v0, execz, v1, s[0:1]",
    ] {
        bad(g, t);
        bad(Gen::Gfx6, t);
    }
}

#[test]
fn lds_direct_registers_and_null_as_llvm_mc() {
    let g = Gen::Gfx9;
    ok(
        g,
        "v_add_f32_e64 v0, lds_direct, v1",
        &[0xd101_0000, 0x0002_02fe],
    );
    ok(
        g,
        "s_and_b64 s[0:1], src_shared_base, s[2:3]",
        &[0x8680_02eb],
    );
    ok(
        g,
        "exp null v1, v2, v3, v4 done",
        &[0xc400_089f, 0x0403_0201],
    );
    for t in [
        "v_add_f32_e64 v0, v1, lds_direct",
        "v_fma_f32 v0, v1, v2, lds_direct",
        "v_add_f32_sdwa v0, lds_direct, v1 dst_sel:DWORD",
        "v_mov_b32_sdwa v0, lds_direct dst_sel:DWORD",
        "s_mov_b32 s0, lds_direct",
        "s_add_u32 s0, s1, src_lds_direct",
        "s_mov_b32 s0, null",
        "v_mov_b32 v0, null",
        "exp NULL v1, v2, v3, v4",
    ] {
        bad(g, t);
    }
    for gen in [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8] {
        for r in [
            "src_shared_base",
            "shared_limit",
            "src_private_base",
            "private_limit",
        ] {
            bad(gen, &format!("s_mov_b32 s0, {r}"));
        }
        bad(gen, "s_mov_b32 s0, src_pops_exiting_wave_id");
    }
}

/// tests/vectors/gcn-lane-asm.txt (scripts/gcn-lane-vectors.py): every text llvm-mc-19 prints for
/// 3610 readlane/writelane words per target, with llvm-mc-19's words or its error. gpuisa gives
/// the same words and rejects the same texts, except `xnack_mask` on gfx803, which CLRX takes on
/// GCN 1.2 (llvm-mc-19 only on gfx801/gfx810; the assembler knows the generation, not the chip).
#[test]
fn lane_golden_vectors() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/gcn-lane-asm.txt");
    let text = std::fs::read_to_string(&path).expect("gcn-lane-asm.txt");
    let (mut same, mut rejected, mut clrx, mut bad) = (0, 0, 0, Vec::new());
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let c: Vec<&str> = line.split('\t').collect();
        assert_eq!(c.len(), 3, "{line}");
        let gen = gen_of(c[0]);
        let got = words_hex(gen, c[1]);
        match (c[2].starts_with("error:"), got) {
            (false, Ok(w)) if w == c[2] => same += 1,
            (true, Err(_)) => rejected += 1,
            (true, Ok(_)) if gen == Gen::Gfx8 && c[1].contains("xnack_mask") => clrx += 1,
            (_, g) => bad.push(format!("{line}\n  gpuisa: {g:?}")),
        }
    }
    eprintln!(
        "lane vectors: {same} same words, {rejected} rejected as llvm-mc-19, {clrx} CLRX xnack"
    );
    assert!(same > 2000 && rejected > 1500, "{same} {rejected}");
    assert!(bad.is_empty(), "{} differ:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn memory_register_classes_and_lds_direct_as_llvm_mc() {
    let g = Gen::Gfx9;
    ok(
        g,
        "buffer_load_dword v0, off, s[0:3], execz",
        &[0xe050_0000, 0xfc00_0000],
    );
    ok(g, "s_load_dwordx2 vcc, s[0:1], 0x0", &[0xc006_1a80, 0]);
    ok(g, "v_sub_f32 v0, lds_direct, v1", &[0x0400_02fe]);
    ok(g, "v_bfrev_b32 v0, lds_direct", &[0x7e00_58fe]);
    ok(g, "v_cvt_f64_i32 v[0:1], lds_direct", &[0x7e00_08fe]);
    for t in [
        // soffset is one register (SReg_32), not lds_direct.
        "buffer_load_dword v0, off, s[0:3], vcc",
        "buffer_load_dword v0, off, s[0:3], s[4:5]",
        "buffer_load_dword v0, off, s[0:3], lds_direct",
        // Scalar memory data is not m0 or exec (SReg_*_XM0_XEXEC).
        "s_load_dword m0, s[0:1], 0x0",
        "s_load_dword exec_lo, s[0:1], 0x0",
        "s_load_dwordx2 exec, s[0:1], 0x0",
        "s_buffer_load_dword m0, s[0:3], 0x0",
        "s_store_dword m0, s[0:1], 0x0",
        // lds_direct: 32-bit only, and not with the reversed-operand opcodes.
        "v_add_f64 v[0:1], lds_direct, v[2:3]",
        "v_rcp_f64 v[0:1], lds_direct",
        "v_subrev_f32 v0, lds_direct, v1",
        "v_subrev_f32_e64 v0, lds_direct, v1",
        "v_lshrrev_b16 v0, lds_direct, v1",
        "v_lshlrev_b64 v[0:1], lds_direct, v[2:3]",
        "v_pk_lshlrev_b16 v0, lds_direct, v1",
    ] {
        bad(g, t);
    }
    for t in [
        "s_load_dword m0, s[0:1], 0x0",
        "v_lshlrev_b32 v0, lds_direct, v1",
        "v_subbrev_u32 v0, vcc, lds_direct, v1, vcc",
    ] {
        bad(Gen::Gfx6, t);
    }
}

/// tests/vectors/gcn-register-sweep.txt (scripts/gcn-register-sweep.py): 30 register names in 19
/// operand positions on gfx600/gfx700/gfx803/gfx900. gpuisa gives llvm-mc-19's words and rejects
/// what it rejects, except the classes the vectors mark (llvm-mc-19's truncation of a source-only
/// register in a 7-bit field, `off` as a relocated symbol: gpuisa rejects both; a bare `scc`
/// soffset llvm-mc-19 reads as a modifier: gpuisa takes the register) and xnack_mask on gfx803
/// (CLRX's GCN 1.2 register).
#[test]
fn register_sweep_golden_vectors() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors/gcn-register-sweep.txt");
    let text = std::fs::read_to_string(&path).expect("gcn-register-sweep.txt");
    let (mut same, mut rejected, mut marked, mut bad) = (0, 0, 0, Vec::new());
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let c: Vec<&str> = line.split('\t').collect();
        assert_eq!(c.len(), 4, "{line}");
        let gen = gen_of(c[0]);
        let got = words_hex(gen, c[1]);
        match (c[2].starts_with("error:"), c[3], got) {
            (false, "-", Ok(w)) if w == c[2] => same += 1,
            (true, "-", Err(_)) => rejected += 1,
            (_, "llvm-truncates" | "llvm-symbol", Err(_)) => marked += 1,
            (true, "llvm-modifier", Ok(_)) => marked += 1,
            (true, "-", Ok(_)) if gen == Gen::Gfx8 && c[1].contains("xnack_mask") => marked += 1,
            (_, _, g) => bad.push(format!("{line}\n  gpuisa: {g:?}")),
        }
    }
    eprintln!(
        "register sweep: {same} same words, {rejected} rejected as llvm-mc-19, {marked} marked"
    );
    assert!(same > 700 && rejected > 1000, "{same} {rejected}");
    assert!(bad.is_empty(), "{} differ:\n{}", bad.len(), bad.join("\n"));
}

/// The decoder's notes on v_readlane_b32 operands, as llvm-mc-19 prints them on gfx803, gfx900
/// and gfx906: lds_direct as the destination is noted (not an SReg_32), `null` as src0 is not,
/// m0 as src0 is (not a VRegOrLds_32).
#[test]
fn lane_decoder_notes_as_llvm_mc() {
    let cases: [([u32; 2], &str); 4] = [
        (
            [0xd289_00fe, 0x0000_0501],
            "v_readlane_b32 src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/, v1, s2",
        ),
        ([0xd289_0005, 0x0000_047d], "v_readlane_b32 s5, null, s2"),
        (
            [0xd289_0005, 0x0000_047c],
            "v_readlane_b32 s5, m0/*Invalid register, operand has 'VRegOrLds_32' register class*/, s2",
        ),
        ([0xd289_00fd, 0x0000_0501], "v_readlane_b32 src_scc, v1, s2"),
    ];
    for gen in [Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
        for (w, want) in cases {
            let mut text = String::new();
            let r = gpuisa_amdgpu::gcn::decode::decode_n(gen, &[w[0], w[1], 0], 2, &mut text);
            assert!(r.is_ok(), "{gen:?} {w:08x?}");
            assert_eq!(text, want, "{gen:?} {w:08x?}");
        }
    }
}

/// An integer constant that spells a float inline constant's bits is that inline constant, as
/// llvm-mc-19 reads it: f32 bits on any 32-bit operand, f16 bits on 16-bit float operands only,
/// f64 bits on 64-bit operands (a 32-bit value on a float operand being the high half), 1/(2*pi)
/// from gfx8; a 16-bit operand's literal is truncated to 16 bits, and one that does not fit in
/// 16 bits is refused.
#[test]
fn integer_spellings_of_float_inline_constants_as_llvm_mc() {
    let g = Gen::Gfx9;
    ok(g, "v_mov_b32 v0, 0x3f800000", &[0x7e00_02f2]);
    ok(g, "v_mov_b32 v0, 0xbf800000", &[0x7e00_02f3]);
    ok(
        g,
        "v_add_f32_e64 v0, 0x3f800000, v0",
        &[0xd101_0000, 0x0002_00f2],
    );
    ok(g, "v_add_u32 v0, -1082130432, v0", &[0x6800_00f3]);
    ok(g, "s_mov_b32 s0, 0x3e22f983", &[0xbe80_00f8]);
    ok(
        g,
        "s_mov_b64 s[0:1], 0x3ff00000",
        &[0xbe80_01ff, 0x3ff0_0000],
    );
    ok(g, "s_mov_b64 s[0:1], 0x3ff0000000000000", &[0xbe80_01f2]);
    ok(
        g,
        "v_add_f64 v[0:1], 0x3ff00000, v[0:1]",
        &[0xd280_0000, 0x0002_00f2],
    );
    ok(
        g,
        "v_add_f64 v[0:1], 0x3fc45f306dc9c882, v[0:1]",
        &[0xd280_0000, 0x0002_00f8],
    );
    ok(g, "v_add_u16 v0, 0x3c00, v0", &[0x4c00_00ff, 0x0000_3c00]);
    ok(g, "v_add_f16 v0, 0x3118, v0", &[0x3e00_00f8]);
    ok(g, "v_add_f16 v0, -1024, v0", &[0x3e00_00ff, 0x0000_fc00]);
    ok(
        g,
        "v_pk_add_f16 v0, 0x3c00, v0",
        &[0xd38f_4000, 0x1802_00f2],
    );
    ok(
        g,
        "v_lshlrev_b64 v[0:1], 0x3f800000, v[0:1]",
        &[0xd28f_0000, 0x0002_00f2],
    );
    bad(g, "v_add_f16 v0, 0x3f800000, v0");
    bad(g, "v_add_f16 v0, 0xffff3c00, v0");
    // No 1/(2*pi) before gfx8: a literal.
    ok(
        Gen::Gfx7,
        "s_mov_b32 s0, 0x3e22f983",
        &[0xbe80_03ff, 0x3e22_f983],
    );
}

/// The 32-bit forms that read VCC implicitly or carry a K constant leave src0 no room on the
/// constant bus (llvm-mc-19: "invalid operand (violates constant bus restrictions)").
#[test]
fn vop2_implicit_constant_bus_reads_as_llvm_mc() {
    for g in [Gen::Gfx6, Gen::Gfx8, Gen::Gfx9] {
        bad(g, "v_cndmask_b32_e32 v1, s2, v3, vcc");
        bad(g, "v_cndmask_b32_e32 v1, 0x1234, v3, vcc");
        bad(g, "v_cndmask_b32_e32 v1, vcc_lo, v3, vcc");
        bad(g, "v_madak_f32 v54, s34, v0, 0x9090602");
        bad(g, "v_madmk_f32 v54, s34, 0x9090602, v0");
        ok(g, "v_cndmask_b32_e32 v1, 5, v3, vcc", &[0x0002_0685]);
    }
    bad(Gen::Gfx9, "v_addc_co_u32_e32 v1, vcc, s2, v3, vcc");
    bad(Gen::Gfx9, "v_addc_co_u32_e32 v1, vcc, 0x1234, v3, vcc");
    ok(
        Gen::Gfx9,
        "v_madak_f32 v54, 0x9090602, v0, 0x9090602",
        &[0x306c_00ff, 0x0909_0602],
    );
    ok(
        Gen::Gfx9,
        "v_cndmask_b32_e32 v1, src_lds_direct, v3, vcc",
        &[0x0002_06fe],
    );
}

/// ds_swizzle_b32's offset macros (llvm-objdump-19 prints them; words from llvm-mc-19).
#[test]
fn ds_swizzle_macros_as_llvm_mc() {
    let g = Gen::Gfx9;
    ok(
        g,
        "ds_swizzle_b32 v190, v253 offset:swizzle(BITMASK_PERM,\"1i000\") gds",
        &[0xd87b_2208, 0xbe00_00fd],
    );
    ok(
        g,
        "ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,0,1,2,3)",
        &[0xd87a_80e4, 0x0100_0002],
    );
    ok(
        g,
        "ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,16)",
        &[0xd87a_401f, 0x0100_0002],
    );
    bad(g, "ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,3)");
    bad(g, "ds_read_b32 v1, v2 offset:swizzle(SWAP,16)");
}

/// Rules llvm-mc-19 checks after the operands parse (gcn/asm_check.rs): each text is one llvm-mc
/// rejects (its message in the comment) or, for the accepted ones, llvm-mc-19's words.
#[test]
fn late_checks_as_llvm_mc() {
    let g = Gen::Gfx9;
    // "out of bounds interpolation attribute number" (VINTRP and the VOP3 form)
    bad(g, "v_interp_p2_f32 v98, v165, attr33.x");
    bad(g, "v_interp_p1_f32_e64 v98, v165, attr33.x");
    ok(g, "v_interp_p2_f32 v98, v165, attr32.x", &[0xd589_80a5]);
    // "invalid exp target"
    bad(g, "exp invalid_target_10 v1, v2, v3, v4");
    // gfx9 FLAT: "expected a 12-bit unsigned offset"; gfx8: no offset at all
    bad(g, "flat_load_dword v1, v[2:3] offset:4096");
    bad(Gen::Gfx8, "flat_load_dword v1, v[2:3] offset:4095");
    ok(
        Gen::Gfx8,
        "flat_load_dword v1, v[2:3] offset:0",
        &[0xdc50_0000, 0x0100_0002],
    );
    // TFE on buffer stores and atomics: "invalid operand for instruction"
    bad(g, "tbuffer_store_format_x v1, v2, s[0:3], 0 offen tfe");
    bad(g, "buffer_atomic_add v1, v2, s[0:3], 0 offen tfe");
    // "invalid immediate: only 4-bit values are legal"
    bad(g, "s_set_gpr_idx_mode 16");
    bad(g, "s_set_gpr_idx_on s39, 16");
    // 16-bit K constants; "expected a 20-bit unsigned offset" (s_buffer_*, gfx8 SMEM)
    bad(g, "v_madmk_f16 v78, v207, 0x16bb8, v20");
    ok(
        g,
        "v_madak_f16 v78, v207, v20, -1",
        &[0x4a9c_29cf, 0x0000_ffff],
    );
    bad(g, "s_buffer_load_dword s60, s[12:15], -0x10");
    bad(Gen::Gfx8, "s_load_dword s60, s[12:13], -0x10");
    // VOP3P constant bus; image data size against dmask, d16 and tfe; gather4's dmask
    bad(g, "v_pk_add_u16 v1, s2, s3");
    bad(g, "image_load v[0:1], v0, s[0:7] dmask:0x1");
    bad(g, "image_sample v[0:1], v0, s[0:7], s[0:3] dmask:0x3 d16");
    bad(Gen::Gfx8, "image_load v[0:1], v0, s[0:7] dmask:0x7 d16");
    bad(g, "image_atomic_add v0, v0, s[0:7] dmask:0x3");
    bad(g, "image_gather4 v[0:3], v0, s[0:7], s[0:3] dmask:0x3");
    // v_mac_*_sdwa writes a whole dword
    bad(Gen::Gfx8, "v_mac_f32_sdwa v23, v2, v141 dst_sel:BYTE_2 dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:BYTE_0");
    // A 32-bit integer on a 64-bit float operand is the literal (its high half).
    ok(
        g,
        "v_cmp_lt_f64_e32 vcc, -17, v[5:6]",
        &[0x7cc2_0aff, 0xffff_ffef],
    );
}
