//! CLRX's dialect where it differs from LLVM's (see docs/gcn.md, "CLRX dialect").
//! Operand-level differences (decimal `dmask:11`, `r128`, bare `vmcnt(0) & lgkmcnt(0)` ...) are
//! accepted by the encoders; mnemonic spellings are mapped here.

/// LLVM's mnemonic for a CLRX spelling (identity for LLVM's own names).
pub fn mnemonic_alias(m: &str) -> String {
    let base = m;
    let mapped = match base {
        // GCN 1.2/1.4 carry-out adds: CLRX keeps the GCN 1.0 names.
        "v_add_i32" => "v_add_co_u32",
        "v_sub_i32" => "v_sub_co_u32",
        "v_subrev_i32" => "v_subrev_co_u32",
        "v_addc_u32" => "v_addc_co_u32",
        "v_subb_u32" => "v_subb_co_u32",
        "v_subbrev_u32" => "v_subbrev_co_u32",
        "s_load_dword_x2" => "s_load_dwordx2",
        // gfx906 renamed the mixed-precision MADs to FMAs.
        "v_mad_mix_f32" => "v_fma_mix_f32",
        "v_mad_mixlo_f16" => "v_fma_mixlo_f16",
        "v_mad_mixhi_f16" => "v_fma_mixhi_f16",
        _ => base,
    };
    mapped.to_string()
}
