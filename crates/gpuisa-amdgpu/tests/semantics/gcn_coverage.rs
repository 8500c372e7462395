//! Which GCN SALU and VALU operations of each generation (gfx6, gfx7, gfx8, gfx9, gfx906) a
//! reference check of this suite exercises *on that generation*: every check of the suite runs
//! again here on this test's thread with the harness recording the (generation, operation) of
//! each instruction it executes (`Emu::step`, which every helper of the harness goes through); the report lists, per generation and per class (SALU =
//! SOP1/SOP2/SOPC/SOPK, SOPP = branches, waits and the other program-control operations, VALU =
//! VOP1/VOP2/VOPC/VOP3/VOP3P), how many of the generation's operations are checked, the
//! unchecked ones, and the exceptions (operations deliberately without a check, each with its
//! reason). The test fails if a generation's count of unchecked operations outside the
//! exceptions grows above its ceiling, if an exception gets a check (remove it then), or if a
//! check of the suite is missing from [`CHECKS`].

use super::harness::{record_start, record_take, GENS};
use gpuisa_amdgpu::gcn::table::tables;
use gpuisa_amdgpu::gcn::{Enc, Gen};
use std::collections::{BTreeMap, BTreeSet};

macro_rules! checks {
    ($($m:ident :: $f:ident),* $(,)?) => {
        &[$((concat!(stringify!($m), "::", stringify!($f)), super::$m::$f as fn())),*]
    };
}

/// Every reference check of the suite (the `#[test]` functions of the semantics files).
pub const CHECKS: &[(&str, fn())] = checks![
    salu::sop2_32bit,
    salu::sop2_64bit,
    salu::sop1_32bit,
    salu::sop1_64bit,
    salu::saveexec_and_wrexec,
    salu::sopc_compares,
    salu::sopk_immediates,
    salu::getreg_setreg_mode,
    salu::program_control,
    salu::fork_join_stack,
    salu::vgpr_index_mode,
    salu::setvskip_skips_vector_instructions,
    valu_int::integer_and_bit_operations,
    valu_int::carry_operations,
    valu_int::mad64_and_shifts64,
    valu_int::integer_compares,
    valu_int::lane_operations,
    valu_int::sixteen_bit_integer_writes_zero_the_high_half,
    valu_int::integer_clamp_saturates,
    valu_int::packing_conversions,
    valu_int::mqsad_u32_u8_writes_128_bits,
    valu_int::quad_sads_and_remaining_forms,
    valu_f32::f32_arithmetic_under_each_denormal_mode,
    valu_f32::f32_fma_mad_and_mac,
    valu_f32::f32_min_max_med3_nan_and_signed_zero,
    valu_f32::f32_clamp_and_omod,
    valu_f32::f32_unary_rounding_conversions_and_transcendentals,
    valu_f32::f32_transcendental_specials,
    valu_f32::f32_compares_and_class,
    valu_f32::f32_compare_respects_exec,
    valu_f32::f32_division_helpers,
    valu_f32::cube_and_legacy_f32,
    valu_f32::gfx6_gfx7_clamped_and_legacy_transcendentals,
    valu_f32::gfx6_gfx7_mullit,
    valu_f32::compares_with_source_modifiers,
    valu_f64::f64_arithmetic_min_max,
    valu_f64::f64_unary_and_conversions,
    valu_f64::f64_compares_and_class,
    valu_f64::f64_division_helpers,
    valu_f64::trig_preop_segments_of_two_over_pi,
    valu_f16::f16_arithmetic,
    valu_f16::f16_conversions_and_unary,
    valu_f16::f16_compares_and_class,
    valu_f16::f16_div_fixup,
    valu_f16::packed_math,
    valu_f16::mix_and_dot_products,
    valu_f16::gfx9_vop3_op_sel_halves,
    valu_f16::packed_clamp,
    valu_f16::gfx9_legacy_f16_forms_and_f16_packing,
    rounding::f32_rounding_modes,
    rounding::f64_and_f16_rounding_modes,
    rounding::f64_and_f16_denormal_flushing,
    rounding::packed_f16_rounding_and_flushing,
    sdwa_dpp::sdwa_source_and_destination_selects,
    sdwa_dpp::dpp_lane_moves_masks_and_bound_ctrl,
    sdwa_dpp::sdwa_compares,
    sdwa_dpp::dpp_and_sdwa_modifiers_and_scalar_sources,
    operands::inline_constants_and_literals,
    typed_buffer::tbuffer_load_unorm8x4_and_float32,
    typed_buffer::buffer_format_uses_the_resource_format,
    typed_buffer::tbuffer_store_uint16x2_and_unorm8,
    typed_buffer::d16_format_loads_pack_on_gfx9,
    gcn_gaps::cmpx_64bit_integer_and_class_write_exec_and_mask,
    gcn_gaps::gfx6_gfx7_signalling_f64_cmpsx,
    gcn_gaps::gfx6_gfx7_f16_conversions,
    gcn_gaps::sopp_waits_hints_and_ends,
    gcn_gaps::legacy_dx9_transcendentals,
    gcn_gaps::carry_forms_with_clamp_saturate,
    gcn_buffer_lds::buffer_loads_into_lds,
    gcn_buffer_lds::buffer_loads_with_tfe_write_a_zero_status,
];

/// The semantics files whose `#[test]` functions must all be in [`CHECKS`].
const SOURCES: &[(&str, &str)] = &[
    ("salu", include_str!("salu.rs")),
    ("valu_int", include_str!("valu_int.rs")),
    ("valu_f32", include_str!("valu_f32.rs")),
    ("valu_f64", include_str!("valu_f64.rs")),
    ("valu_f16", include_str!("valu_f16.rs")),
    ("rounding", include_str!("rounding.rs")),
    ("sdwa_dpp", include_str!("sdwa_dpp.rs")),
    ("operands", include_str!("operands.rs")),
    ("typed_buffer", include_str!("typed_buffer.rs")),
    ("gcn_gaps", include_str!("gcn_gaps.rs")),
    ("gcn_buffer_lds", include_str!("gcn_buffer_lds.rs")),
];

/// Operations deliberately without a reference check here (AMD name, reason); they apply on
/// every generation that has the operation.
pub const EXCEPTIONS: &[(&str, &str)] = &[
    (
        "V_INTERP_P1_F32",
        "graphics-only (pixel-shader attribute interpolation from LDS parameters a compute \
         dispatch never loads); refused with a typed error (coverage.rs checks it does not panic)",
    ),
    ("V_INTERP_P2_F32", "graphics-only interpolation; refused"),
    ("V_INTERP_MOV_F32", "graphics-only interpolation; refused"),
    ("V_INTERP_P1LL_F16", "graphics-only interpolation; refused"),
    ("V_INTERP_P1LV_F16", "graphics-only interpolation; refused"),
    ("V_INTERP_P2_F16", "graphics-only interpolation; refused"),
    (
        "V_INTERP_P2_LEGACY_F16",
        "graphics-only interpolation; refused",
    ),
    (
        "V_SCREEN_PARTITION_4SE_B32",
        "graphics-only (screen tiling of the rasterizer's shader engines); refused",
    ),
    (
        "S_RFE_RESTORE_B64",
        "the return from a trap handler that restores the saved state; the emulator runs no \
         trap handler (s_trap is reported as an error), so it reports \"not emulated yet\"",
    ),
];

/// The most unchecked operations outside [`EXCEPTIONS`] each generation may have (lower these as
/// checks are added; never raise them).
const CEILINGS: [(Gen, usize); 5] = [
    (Gen::Gfx6, 0),
    (Gen::Gfx7, 0),
    (Gen::Gfx8, 0),
    (Gen::Gfx9, 0),
    (Gen::Gfx906, 0),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    Salu,
    Sopp,
    Valu,
}

fn class(e: Enc) -> Option<Class> {
    Some(match e {
        Enc::Sop1 | Enc::Sop2 | Enc::Sopc | Enc::Sopk => Class::Salu,
        Enc::Sopp => Class::Sopp,
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Vop3 | Enc::Vop3p => Class::Valu,
        _ => return None,
    })
}

/// Each generation's SALU/SOPP/VALU operations (AMD names) by class.
fn operations(gen: Gen) -> BTreeMap<Class, BTreeSet<&'static str>> {
    let mut out: BTreeMap<Class, BTreeSet<&'static str>> = BTreeMap::new();
    for (enc, table) in tables(gen).tables.iter() {
        let Some(c) = class(*enc) else { continue };
        for e in table.iter() {
            out.entry(c).or_default().insert(e.id.name());
        }
    }
    // An operation in VOP1/2/C and again as VOP3 is one VALU operation (a set already).
    out
}

/// Runs every check with the harness recording; the (generation, operation) pairs executed
/// and the checks that failed.
fn run_checks() -> (BTreeSet<(Gen, &'static str)>, Vec<&'static str>) {
    let mut failed = Vec::new();
    record_start();
    for (name, f) in CHECKS {
        if std::panic::catch_unwind(f).is_err() {
            failed.push(*name);
        }
    }
    (record_take(), failed)
}

#[test]
fn every_check_is_listed() {
    let listed: BTreeSet<&str> = CHECKS.iter().map(|c| c.0).collect();
    let mut missing = Vec::new();
    for (m, text) in SOURCES {
        let mut rest = *text;
        while let Some(k) = rest.find("#[test]") {
            rest = &rest[k + 7..];
            let f = rest.trim_start().trim_start_matches("pub ");
            let name: String = f
                .trim_start_matches("fn ")
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !listed.contains(format!("{m}::{name}").as_str()) {
                missing.push(format!("{m}::{name}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "checks missing from gcn_coverage::CHECKS: {missing:?}"
    );
}

#[test]
fn gcn_semantics_coverage() {
    let (done, failed) = run_checks();
    let excepted: BTreeMap<&str, &str> = EXCEPTIONS.iter().copied().collect();
    let mut report = String::new();
    let mut bad = Vec::new();
    let mut exception_used: BTreeSet<&str> = BTreeSet::new();
    let mut exception_checked: BTreeSet<&str> = BTreeSet::new();
    for gen in GENS {
        let ops = operations(gen);
        let mut unchecked_total = 0;
        let mut line = format!("{gen:?}:");
        let mut lists = String::new();
        for (c, names) in &ops {
            let checked = names.iter().filter(|n| done.contains(&(gen, **n))).count();
            let unchecked: Vec<&str> = names
                .iter()
                .filter(|n| !done.contains(&(gen, **n)) && !excepted.contains_key(**n))
                .copied()
                .collect();
            let exc: Vec<&str> = names
                .iter()
                .filter(|n| excepted.contains_key(**n))
                .copied()
                .collect();
            for n in &exc {
                exception_used.insert(n);
                if done.contains(&(gen, *n)) {
                    exception_checked.insert(n);
                }
            }
            unchecked_total += unchecked.len();
            line += &format!(
                " {c:?} {checked} of {} checked ({} excepted, {} not yet);",
                names.len(),
                exc.len(),
                unchecked.len()
            );
            if !unchecked.is_empty() {
                lists += &format!("  {c:?} not yet: {}\n", unchecked.join(" "));
            }
        }
        report += &format!("{line}\n{lists}");
        let ceiling = CEILINGS.iter().find(|c| c.0 == gen).unwrap().1;
        if unchecked_total > ceiling {
            bad.push(format!(
                "{gen:?}: {unchecked_total} operations without a check (ceiling {ceiling})"
            ));
        }
    }
    report += "exceptions:\n";
    for (n, why) in EXCEPTIONS {
        report += &format!("  {n}: {why}\n");
        if !exception_used.contains(n) {
            bad.push(format!("exception {n} is no GCN SALU/VALU operation"));
        }
        if exception_checked.contains(n) {
            bad.push(format!(
                "exception {n} is checked now: remove it from EXCEPTIONS"
            ));
        }
    }
    eprintln!("{report}");
    if !failed.is_empty() {
        bad.push(format!("checks failed: {failed:?}"));
    }
    assert!(bad.is_empty(), "{}\n{report}", bad.join("\n"));
}
