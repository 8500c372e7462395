//! The GCN tables' `flag::` bits come from data (the `syntax` column of data/amd/op-facts.txt,
//! read by build.rs without testing any name). This test holds them to the rules they were once
//! computed by, from each row's LLVM mnemonic and operands, for every row of every generation:
//! a row added to the tables without its operation's `syntax` tokens (or a token lost) fails here.

use gpuisa_amdgpu::gcn::operand::OpType;
use gpuisa_amdgpu::gcn::table::{flag, tables, Entry, Field, Operand};
use gpuisa_amdgpu::gcn::Gen;

/// The flags of a row by the former name rules (mnemonic `m`, with its `_e32`/`_e64` suffix).
fn by_name(e: &Entry) -> u32 {
    let m = e.mnemonic;
    let fields: Vec<(Field, u8, OpType)> = e
        .operands
        .iter()
        .filter_map(|o| match *o {
            Operand::Field { field, n, ty } => Some((field, n, ty)),
            Operand::Text(_) => None,
        })
        .collect();
    let src16 = fields.iter().any(|&(f, _, ty)| {
        matches!(f, Field::Src0 | Field::Src1 | Field::Src2)
            && matches!(
                ty,
                OpType::Half | OpType::Short | OpType::PackedHalf | OpType::PackedShort
            )
    });
    let rules: [(u32, bool); 26] = [
        (flag::ENDPGM, m == "s_endpgm"),
        (
            flag::REG_ONLY_SOP1,
            matches!(
                m,
                "s_movrels_b32" | "s_movrels_b64" | "s_rfe_b64" | "s_setpc_b64" | "s_cbranch_join"
            ),
        ),
        (flag::READFIRSTLANE, m.starts_with("v_readfirstlane")),
        (flag::READLANE, m == "v_readlane_b32"),
        (flag::WRITELANE, m == "v_writelane_b32"),
        (flag::LANE_B32, m.ends_with("lane_b32")),
        (
            flag::VGPR_ONLY_SRC0,
            matches!(
                m,
                "v_swap_b32"
                    | "v_movrels_b32_e32"
                    | "v_movrelsd_b32_e32"
                    | "v_movrelsd_2_b32_e32"
                    | "v_movrels_b32_e64"
                    | "v_movrelsd_b32_e64"
                    | "v_movrelsd_2_b32_e64"
            ),
        ),
        (flag::INTERP, m.starts_with("v_interp_")),
        (
            flag::SDST8,
            m.starts_with("v_cmp")
                || m.starts_with("v_readlane")
                || m.starts_with("v_readfirstlane"),
        ),
        (flag::SAD_U16, m == "v_sad_u16"),
        (flag::CNDMASK, m.starts_with("v_cndmask")),
        (flag::CVT_PK_U8_F32, m == "v_cvt_pk_u8_f32"),
        (
            flag::CARRY_IN,
            m.starts_with("v_addc") || m.starts_with("v_subb"),
        ),
        (flag::MQSAD_U32_U8, m == "v_mqsad_u32_u8"),
        (
            flag::SEXT_SRC1,
            m.starts_with("v_ldexp_")
                || m.starts_with("v_trig_preop")
                || m.starts_with("v_cvt_pkaccum_u8")
                || m.starts_with("v_cmp_class_")
                || m.starts_with("v_cmpx_class_"),
        ),
        (
            flag::OPSEL,
            !m.ends_with("_e64") && !m.contains("_legacy") && m != "v_sad_u16" && src16,
        ),
        (
            flag::MIX,
            m.starts_with("v_mad_mix") || m.starts_with("v_fma_mix"),
        ),
        (
            flag::DS_TWO,
            m.contains("read2") || m.contains("write2") || m.contains("wrxchg2"),
        ),
        (
            flag::DS_GDS_ONLY,
            m.starts_with("ds_gws") || m == "ds_ordered_count",
        ),
        (flag::DS_SWIZZLE, m == "ds_swizzle_b32"),
        (flag::STORE_LDS_DWORD, m == "buffer_store_lds_dword"),
        (flag::GATHER4, m.starts_with("image_gather4")),
        (flag::INT_SRC0, m.starts_with("v_cvt_f32_ubyte")),
        (flag::WIDE, fields.iter().any(|&(_, n, _)| n >= 2)),
        // The decoder's former SDWA/DPP name tests (gcn/decode/rules.rs).
        (
            flag::NO_SDWA_DPP,
            m.starts_with("v_movrel") || m.starts_with("v_swap_b32"),
        ),
        (
            flag::NO_SDWA_GFX9,
            m.starts_with("v_mac_") || m.starts_with("v_fmac_"),
        ),
    ];
    rules.iter().filter(|r| r.1).fold(0, |a, r| a | r.0)
}

#[test]
fn table_flags_follow_the_name_rules_on_every_row() {
    let mut rows = 0;
    let mut set = 0;
    for gen in [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
        for (enc, t) in tables(gen).tables.iter() {
            for e in t.iter() {
                assert_eq!(
                    e.flags,
                    by_name(e),
                    "{gen:?} {enc:?} {:#x} {}: data {:#x}, names {:#x}",
                    e.op,
                    e.mnemonic,
                    e.flags,
                    by_name(e)
                );
                rows += 1;
                set += (e.flags != 0) as usize;
            }
        }
    }
    // Every generation's rows, and the flags are not all empty.
    assert!(rows > 6000 && set > 1000, "{rows} rows, {set} with flags");
}
