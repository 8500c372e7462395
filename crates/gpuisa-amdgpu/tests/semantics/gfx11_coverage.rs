//! Which gfx11 VALU and SALU operations the per-instruction semantics tests of this file check
//! (by mnemonic: an operation counts once whatever its encodings): printed, with the count held
//! above a floor that only goes up.

use gpuisa_amdgpu::op::{RDNA3_ENCODINGS, RDNA3_OPS};
use std::collections::BTreeSet;

/// Operations checked outside the tables (gfx11_modes, gfx11_lanes, gfx11_div, gfx11_control; the other compares are
/// gfx11_cmp's).
const OTHERS: &[&str] = &[
    "v_cndmask_b16",
    "v_permlane16_b32",
    "v_permlanex16_b32",
    "v_permlane64_b32",
    // gfx11_lanes
    "v_cndmask_b32",
    "v_add_co_u32",
    "v_sub_co_u32",
    "v_subrev_co_u32",
    "v_add_co_ci_u32",
    "v_sub_co_ci_u32",
    "v_subrev_co_ci_u32",
    "v_cmp_class_f16",
    "v_cmp_class_f32",
    "v_cmp_class_f64",
    "v_cmpx_class_f16",
    "v_cmpx_class_f32",
    "v_cmpx_class_f64",
    "v_mbcnt_lo_u32_b32",
    "v_mbcnt_hi_u32_b32",
    "v_readlane_b32",
    "v_writelane_b32",
    "v_readfirstlane_b32",
    "v_swap_b32",
    "v_cubeid_f32",
    "v_cubesc_f32",
    "v_cubetc_f32",
    "v_cubema_f32",
    // gfx11_div
    "v_div_scale_f32",
    "v_div_scale_f64",
    "v_div_fmas_f32",
    "v_div_fmas_f64",
    "v_div_fixup_f32",
    "v_div_fixup_f64",
    "v_trig_preop_f64",
    "v_mqsad_u32_u8",
    // gfx11_control (the SOPP branches are outside the encodings counted here)
    "s_call_b64",
    "s_getpc_b64",
    "s_setpc_b64",
    "s_swappc_b64",
    "s_movrels_b32",
    "s_movrels_b64",
    "s_movreld_b32",
    "s_movreld_b64",
    "v_movrels_b32",
    "v_movreld_b32",
    "v_movrelsd_b32",
    "v_movrelsd_2_b32",
    "v_swaprel_b32",
    "s_movrelsd_2_b32",
    "s_getreg_b32",
    "s_setreg_b32",
    "s_setreg_imm32_b32",
    "s_nop",
    "s_version",
    "s_waitcnt_vscnt",
    "s_waitcnt_vmcnt",
    "s_waitcnt_expcnt",
    "s_waitcnt_lgkmcnt",
];

fn mnemonic(text: &str) -> String {
    let m = text.split_whitespace().next().unwrap();
    m.trim_end_matches("_e32")
        .trim_end_matches("_e64")
        .to_string()
}

#[test]
fn gfx11_semantics_coverage() {
    let mut checked: BTreeSet<String> = BTreeSet::new();
    checked.extend(super::gfx11_valu::OPS.iter().map(|o| mnemonic(o.0)));
    checked.extend(super::gfx11_salu::OPS.iter().map(|o| mnemonic(o.0)));
    checked.extend(super::gfx11_valu32::OPS.iter().map(|o| mnemonic(o.0)));
    checked.extend(super::gfx11_valu32::names64().map(mnemonic));
    checked.extend(super::gfx11_salu::names_k().map(mnemonic));
    checked.extend(super::gfx11_salu::names_x());
    checked.extend(OTHERS.iter().map(|s| s.to_string()));
    let mut all: BTreeSet<String> = BTreeSet::new();
    for &(k, _, op) in RDNA3_OPS.iter() {
        let enc = RDNA3_ENCODINGS[k as usize];
        if !matches!(
            enc,
            "vop1" | "vop2" | "vop3" | "vop3p" | "vopc" | "sop1" | "sop2" | "sopc" | "sopk"
        ) {
            continue;
        }
        let n = op.name().to_ascii_lowercase();
        if n.starts_with("v_cmp") && !n.contains("class") {
            checked.insert(n.clone());
        }
        all.insert(n);
    }
    let done: Vec<&String> = all.iter().filter(|n| checked.contains(*n)).collect();
    let left: Vec<&String> = all.iter().filter(|n| !checked.contains(*n)).collect();
    eprintln!(
        "gfx11 ALU operations with a per-instruction semantics check here: {} of {}; not yet: {}",
        done.len(),
        all.len(),
        left.iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    );
    // Every table entry names a real gfx11 operation.
    for c in &checked {
        assert!(all.contains(c), "{c} is not a gfx11 ALU operation");
    }
    assert!(done.len() >= 632, "only {} operations checked", done.len());
}
