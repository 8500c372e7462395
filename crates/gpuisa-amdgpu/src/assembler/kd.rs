//! `.amdhsa_kernel NAME ... .end_amdhsa_kernel`: the 64-byte kernel descriptor, with llvm-mc-19's
//! defaults and derived fields (granulated VGPR/SGPR counts, the user SGPR count).

/// What a descriptor needs to know about its target.
#[derive(Clone, Copy, Debug)]
pub struct KdTarget {
    /// The ISA major version: 6, 7, 8, 9, 10, 11.
    pub major: u32,
    /// The target has XNACK on or "any" (llvm-mc reserves its mask by default then).
    pub xnack: bool,
    /// gfx10+ in wave32 by default.
    pub wave32: bool,
    /// The gfx802/gfx805 SGPR initialisation bug: the SGPR count is fixed at 96.
    pub sgpr_init_bug: bool,
}

/// Where a directive's value goes: (byte offset of the 32-bit word, bit shift, width).
#[derive(Clone, Copy)]
enum Loc {
    Word(usize, u32, u32),
    /// Read by the driver, not stored directly.
    Derived,
}

const RSRC3: usize = 44;
const RSRC1: usize = 48;
const RSRC2: usize = 52;
const PROPS: usize = 56;

/// Every directive llvm-mc-19 takes for gfx6-gfx11, its location, and the oldest and newest
/// major version it is valid for.
const FIELDS: &[(&str, Loc, u32, u32)] = &[
    ("group_segment_fixed_size", Loc::Word(0, 0, 32), 6, 99),
    ("private_segment_fixed_size", Loc::Word(4, 0, 32), 6, 99),
    ("kernarg_size", Loc::Word(8, 0, 32), 6, 99),
    ("user_sgpr_count", Loc::Derived, 6, 99),
    (
        "user_sgpr_private_segment_buffer",
        Loc::Word(PROPS, 0, 1),
        6,
        99,
    ),
    ("user_sgpr_dispatch_ptr", Loc::Word(PROPS, 1, 1), 6, 99),
    ("user_sgpr_queue_ptr", Loc::Word(PROPS, 2, 1), 6, 99),
    (
        "user_sgpr_kernarg_segment_ptr",
        Loc::Word(PROPS, 3, 1),
        6,
        99,
    ),
    ("user_sgpr_dispatch_id", Loc::Word(PROPS, 4, 1), 6, 99),
    ("user_sgpr_flat_scratch_init", Loc::Word(PROPS, 5, 1), 6, 10),
    (
        "user_sgpr_private_segment_size",
        Loc::Word(PROPS, 6, 1),
        6,
        99,
    ),
    ("wavefront_size32", Loc::Word(PROPS, 10, 1), 10, 99),
    ("uses_dynamic_stack", Loc::Word(PROPS, 11, 1), 6, 99),
    (
        "system_sgpr_private_segment_wavefront_offset",
        Loc::Word(RSRC2, 0, 1),
        6,
        10,
    ),
    ("enable_private_segment", Loc::Word(RSRC2, 0, 1), 11, 99),
    ("system_sgpr_workgroup_id_x", Loc::Word(RSRC2, 7, 1), 6, 99),
    ("system_sgpr_workgroup_id_y", Loc::Word(RSRC2, 8, 1), 6, 99),
    ("system_sgpr_workgroup_id_z", Loc::Word(RSRC2, 9, 1), 6, 99),
    ("system_sgpr_workgroup_info", Loc::Word(RSRC2, 10, 1), 6, 99),
    ("system_vgpr_workitem_id", Loc::Word(RSRC2, 11, 2), 6, 99),
    ("next_free_vgpr", Loc::Derived, 6, 99),
    ("next_free_sgpr", Loc::Derived, 6, 99),
    ("reserve_vcc", Loc::Derived, 6, 99),
    ("reserve_flat_scratch", Loc::Derived, 7, 9),
    ("reserve_xnack_mask", Loc::Derived, 8, 9),
    ("float_round_mode_32", Loc::Word(RSRC1, 12, 2), 6, 99),
    ("float_round_mode_16_64", Loc::Word(RSRC1, 14, 2), 6, 99),
    ("float_denorm_mode_32", Loc::Word(RSRC1, 16, 2), 6, 99),
    ("float_denorm_mode_16_64", Loc::Word(RSRC1, 18, 2), 6, 99),
    ("dx10_clamp", Loc::Word(RSRC1, 21, 1), 6, 11),
    ("ieee_mode", Loc::Word(RSRC1, 23, 1), 6, 11),
    ("fp16_overflow", Loc::Word(RSRC1, 26, 1), 9, 99),
    ("workgroup_processor_mode", Loc::Word(RSRC1, 29, 1), 10, 99),
    ("memory_ordered", Loc::Word(RSRC1, 30, 1), 10, 99),
    ("forward_progress", Loc::Word(RSRC1, 31, 1), 10, 99),
    ("shared_vgpr_count", Loc::Word(RSRC3, 0, 4), 10, 11),
    (
        "exception_fp_ieee_invalid_op",
        Loc::Word(RSRC2, 24, 1),
        6,
        99,
    ),
    ("exception_fp_denorm_src", Loc::Word(RSRC2, 25, 1), 6, 99),
    ("exception_fp_ieee_div_zero", Loc::Word(RSRC2, 26, 1), 6, 99),
    ("exception_fp_ieee_overflow", Loc::Word(RSRC2, 27, 1), 6, 99),
    (
        "exception_fp_ieee_underflow",
        Loc::Word(RSRC2, 28, 1),
        6,
        99,
    ),
    ("exception_fp_ieee_inexact", Loc::Word(RSRC2, 29, 1), 6, 99),
    ("exception_int_div_zero", Loc::Word(RSRC2, 30, 1), 6, 99),
];

/// Builds a descriptor from `(directive without ".amdhsa_", value, index of the item)` items.
/// Errors: (index of the item, or `None` for the `.amdhsa_kernel` line, message).
pub fn build(
    t: KdTarget,
    items: &[(String, i64)],
) -> Result<[u8; 64], Vec<(Option<usize>, String)>> {
    let mut kd = [0u8; 64];
    let mut errs = Vec::new();
    let put = |kd: &mut [u8; 64], off: usize, sh: u32, w: u32, v: u64| {
        let cur = u32::from_le_bytes([kd[off], kd[off + 1], kd[off + 2], kd[off + 3]]);
        let mask = if w == 32 {
            u32::MAX
        } else {
            ((1u32 << w) - 1) << sh
        };
        let nv = cur & !mask | ((v as u32) << sh) & mask;
        kd[off..off + 4].copy_from_slice(&nv.to_le_bytes());
    };
    // llvm-mc's defaults.
    put(&mut kd, RSRC1, 18, 2, 3);
    if t.major < 12 {
        put(&mut kd, RSRC1, 21, 1, 1);
        put(&mut kd, RSRC1, 23, 1, 1);
    }
    if t.major >= 10 {
        put(&mut kd, RSRC1, 29, 1, 1);
        put(&mut kd, RSRC1, 30, 1, 1);
        if t.wave32 {
            put(&mut kd, PROPS, 10, 1, 1);
        }
    }
    put(&mut kd, RSRC2, 7, 1, 1);
    let (mut vgpr, mut sgpr) = (None, None);
    let (mut vcc, mut flat, mut xnack) = (true, true, t.xnack);
    let mut user_count = None;
    let mut seen: Vec<&str> = Vec::new();
    for (idx, (name, v)) in items.iter().enumerate() {
        let Some(&(fname, loc, lo, hi)) = FIELDS.iter().find(|f| f.0 == name) else {
            errs.push((
                Some(idx),
                format!("unknown .amdhsa_kernel directive '.amdhsa_{name}'"),
            ));
            continue;
        };
        if seen.contains(&fname) {
            errs.push((
                Some(idx),
                format!(".amdhsa_{name} directives may not be repeated"),
            ));
            continue;
        }
        seen.push(fname);
        if t.major < lo || t.major > hi {
            errs.push((
                Some(idx),
                format!("directive .amdhsa_{name} is not supported on this GPU"),
            ));
            continue;
        }
        let v = *v;
        match loc {
            Loc::Word(off, sh, w) => {
                if v < 0 || w < 32 && v >= 1 << w || v > u32::MAX as i64 {
                    errs.push((Some(idx), format!(".amdhsa_{name} value out of range")));
                    continue;
                }
                put(&mut kd, off, sh, w, v as u64);
            }
            Loc::Derived => {
                if v < 0 {
                    errs.push((Some(idx), format!(".amdhsa_{name} value out of range")));
                    continue;
                }
                match fname {
                    "next_free_vgpr" => vgpr = Some(v as u64),
                    "next_free_sgpr" => sgpr = Some(v as u64),
                    "reserve_vcc" => vcc = v != 0,
                    "reserve_flat_scratch" => flat = v != 0,
                    "reserve_xnack_mask" => {
                        // (llvm-mc: it must say what the target id says)
                        if (v != 0) != t.xnack {
                            errs.push((
                                Some(idx),
                                ".amdhsa_reserve_xnack_mask does not match target id".into(),
                            ));
                        }
                        xnack = v != 0
                    }
                    "user_sgpr_count" => user_count = Some(v as u64),
                    _ => {}
                }
            }
        }
    }
    let Some(vgpr) = vgpr else {
        errs.push((None, ".amdhsa_next_free_vgpr directive is required".into()));
        return Err(errs);
    };
    let Some(sgpr) = sgpr else {
        errs.push((None, ".amdhsa_next_free_sgpr directive is required".into()));
        return Err(errs);
    };
    let props = u32::from_le_bytes([kd[PROPS], kd[PROPS + 1], 0, 0]);
    let implied: u64 = [(0, 4), (1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 1)]
        .iter()
        .filter(|(b, _)| props >> b & 1 == 1)
        .map(|(_, n)| n)
        .sum();
    let users = match user_count {
        Some(n) if n < implied => {
            errs.push((
                None,
                "amdgpu_user_sgpr_count smaller than than implied by enabled user SGPRs".into(),
            ));
            n
        }
        Some(n) => n,
        None => implied,
    };
    if users > 31 {
        errs.push((None, "too many user SGPRs enabled".into()));
    }
    put(&mut kd, RSRC2, 1, 5, users);
    let wave32 = props >> 10 & 1 == 1;
    let vgran = if t.major >= 10 && wave32 { 8 } else { 4 };
    let vblocks = vgpr.max(1).div_ceil(vgran) - 1;
    let sblocks = if t.major >= 10 {
        0
    } else {
        let mut extra = if vcc { 2 } else { 0 };
        if t.major < 8 {
            if flat {
                extra = 4;
            }
        } else {
            if xnack {
                extra = 4;
            }
            if flat {
                extra = 6;
            }
        }
        let mut n = sgpr + extra;
        let max = if t.major >= 8 { 102 } else { 104 };
        if n > max {
            errs.push((None, "too many SGPRs".into()));
        }
        if t.sgpr_init_bug {
            n = 96;
        }
        n.max(1).div_ceil(8) - 1
    };
    if vblocks > 63 {
        errs.push((None, "too many VGPRs".into()));
    }
    put(&mut kd, RSRC1, 0, 6, vblocks);
    put(&mut kd, RSRC1, 6, 4, sblocks);
    if errs.is_empty() {
        Ok(kd)
    } else {
        Err(errs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(kd: &[u8; 64], off: usize) -> u32 {
        u32::from_le_bytes(kd[off..off + 4].try_into().unwrap())
    }

    #[test]
    fn gfx900_counts_and_defaults() {
        // 4 VGPRs -> 1 granule of 4 (encoded 0); 10 SGPRs + VCC + XNACK (4) -> 14 -> 2 of 8 (1).
        let items: Vec<(String, i64)> = [
            ("next_free_vgpr", 4),
            ("next_free_sgpr", 10),
            ("user_sgpr_private_segment_buffer", 1),
            ("user_sgpr_kernarg_segment_ptr", 1),
            ("reserve_flat_scratch", 0),
        ]
        .iter()
        .map(|(a, b)| (a.to_string(), *b))
        .collect();
        let t = KdTarget {
            major: 9,
            xnack: true,
            wave32: false,
            sgpr_init_bug: false,
        };
        let kd = build(t, &items).unwrap();
        assert_eq!(w(&kd, RSRC1) & 0x3f, 0);
        assert_eq!(w(&kd, RSRC1) >> 6 & 0xf, 1);
        // dx10_clamp, ieee, denorm 16/64 defaults.
        assert_eq!(w(&kd, RSRC1) & 0x00ac_0000, 0x00ac_0000);
        // 6 user SGPRs and workgroup id x.
        assert_eq!(w(&kd, RSRC2), 6 << 1 | 1 << 7);
        assert!(build(t, &items[1..]).is_err());
    }
}
