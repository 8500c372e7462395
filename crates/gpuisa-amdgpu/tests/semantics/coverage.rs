//! Every SALU and VALU operation of each generation's table, executed once with register
//! operands: which ones run and which ones the emulator reports as "not emulated yet".

use super::harness::*;
use gpuisa_amdgpu::gcn::inst::decode_typed;
use gpuisa_amdgpu::gcn::table::tables;
use gpuisa_amdgpu::gcn::{Enc, Gen};

/// A word of `enc` for opcode `op` with register operands (s0/v0..v2, destination s4 / v4).
fn words(gen: Gen, enc: Enc, op: u32) -> Option<[u32; 3]> {
    let old = gen <= Gen::Gfx7;
    Some(match enc {
        Enc::Sop2 => [0x8000_0000 | op << 23 | 4 << 16 | 2 << 8, 0, 0],
        Enc::Sop1 => [0xbe80_0000 | 4 << 16 | op << 8 | 2, 0, 0],
        Enc::Sopc => [0xbf00_0000 | op << 16 | 2 << 8, 0, 0],
        Enc::Sopk => [0xb000_0000 | op << 23 | 4 << 16 | 1, 0, 0],
        Enc::Sopp => [0xbf80_0000 | op << 16, 0, 0],
        Enc::Vop1 => [0x7e00_0000 | 4 << 17 | op << 9 | 256, 0, 0],
        Enc::Vop2 => [op << 25 | 4 << 17 | 1 << 9 | 256, 0, 0],
        Enc::Vopc => [0x7c00_0000 | op << 17 | 1 << 9 | 256, 0, 0],
        Enc::Vop3 if old => [0xd000_0000 | op << 17 | 4, 256 | 257 << 9 | 258 << 18, 0],
        Enc::Vop3 => [0xd000_0000 | op << 16 | 4, 256 | 257 << 9 | 258 << 18, 0],
        // VOP3P: op_sel_hi = 1 for all three sources (the usual packed form).
        Enc::Vop3p => [
            0xd380_0000 | op << 16 | 1 << 14 | 4,
            256 | 257 << 9 | 258 << 18 | 3 << 27,
            0,
        ],
        _ => return None,
    })
}

/// (executed, not emulated, failed with another message) names of `gen`'s SALU and VALU ops.
fn survey(gen: Gen) -> (Vec<String>, Vec<String>, Vec<String>) {
    let (mut ran, mut missing, mut other) = (Vec::new(), Vec::new(), Vec::new());
    let t = tables(gen);
    let mut seen = std::collections::BTreeSet::new();
    for (enc, table) in t.tables.iter() {
        if !matches!(
            enc,
            Enc::Sop2
                | Enc::Sop1
                | Enc::Sopc
                | Enc::Sopk
                | Enc::Sopp
                | Enc::Vop1
                | Enc::Vop2
                | Enc::Vopc
                | Enc::Vop3
                | Enc::Vop3p
        ) {
            continue;
        }
        for e in table.iter() {
            if !seen.insert(e.id) {
                continue; // VOP1/2/C operations again as VOP3
            }
            let Some(w) = words(gen, *enc, e.op as u32) else {
                continue;
            };
            // Operations with fewer sources require the unused fields to be zero: try the
            // word with src2, then src1 and the VOP1/VOP3P source fields cleared.
            let variants = [
                w,
                [w[0], w[1] & 0x3ffff, 0],
                [w[0], w[1] & 0x1ff, 0],
                [w[0] & !0x1ff, w[1] & 0x1ff, 0],
                [w[0], w[1] & 0x1803_ffff, 0],
                [w[0], w[1] & 0x0803_ffff, 0],
                [w[0], 0, 0],
                [w[0] & !(0xff << 17 | 0x1ff), 0, 0],
            ];
            let Some(i) = variants.iter().find_map(|v| decode_typed(gen, v, 3).ok()) else {
                other.push(format!("{} (cannot decode {:08x?})", e.mnemonic, w));
                continue;
            };
            let mut emu = Emu::new(gen);
            for l in 0..64 {
                for r in 0..3 {
                    emu.set_v(r, l, 0x3f80_0000 + l as u32);
                }
            }
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| emu.step(&i)));
            match r {
                Ok(Ok(_)) => ran.push(i.op.name().to_string()),
                Ok(Err(m)) if m.contains("not emulated yet") => {
                    missing.push(i.op.name().to_string())
                }
                Ok(Err(m)) => other.push(format!("{}: {m}", i.op.name())),
                Err(_) => other.push(format!("{}: PANIC", i.op.name())),
            }
        }
    }
    (ran, missing, other)
}

#[test]
fn every_salu_valu_op_is_emulated() {
    // The most operations each generation may still leave unemulated (lower these as they are
    // implemented); graphics-only and debug operations are in `other`.
    let limits = [
        (Gen::Gfx6, 0),
        (Gen::Gfx7, 0),
        (Gen::Gfx8, 1),
        (Gen::Gfx9, 1),
        (Gen::Gfx906, 1),
    ];
    let mut report = String::new();
    let mut bad = Vec::new();
    for (gen, limit) in limits {
        let (ran, missing, other) = survey(gen);
        report += &format!(
            "{gen:?}: {} executed, {} not emulated, {} refused\n  not emulated: {}\n  refused: {}\n",
            ran.len(),
            missing.len(),
            other.len(),
            missing.join(" "),
            other.join("; ")
        );
        if other.iter().any(|o| o.contains("PANIC")) {
            bad.push(format!("{gen:?}: an operation panicked"));
        }
        if missing.len() > limit {
            bad.push(format!(
                "{gen:?}: {} operations not emulated (limit {limit})",
                missing.len()
            ));
        }
    }
    println!("{report}");
    assert!(bad.is_empty(), "{}\n{report}", bad.join("\n"));
}

/// The semantics tests' sources, searched for each operation's mnemonic.
const TEST_SOURCES: [&str; 9] = [
    include_str!("salu.rs"),
    include_str!("valu_int.rs"),
    include_str!("valu_f32.rs"),
    include_str!("valu_f64.rs"),
    include_str!("valu_f16.rs"),
    include_str!("rounding.rs"),
    include_str!("sdwa_dpp.rs"),
    include_str!("operands.rs"),
    include_str!("harness.rs"),
];

#[test]
fn every_emulated_op_has_a_semantics_test() {
    // Each SALU/VALU operation the emulator executes should appear in a semantics test (by its
    // mnemonic; compares are generated from condition and type lists in the compare tests).
    let text: String = TEST_SOURCES.concat();
    let mentioned = |m: &str| {
        text.match_indices(m).any(|(k, _)| {
            let after = text[k + m.len()..].chars().next().unwrap_or(' ');
            let before = text[..k].chars().last().unwrap_or(' ');
            !(after.is_ascii_alphanumeric()
                || after == '_'
                    && !text[k + m.len()..].starts_with("_e64")
                    && !text[k + m.len()..].starts_with("_sdwa")
                    && !text[k + m.len()..].starts_with("_dpp")
                    && !text[k + m.len()..].starts_with("_e32"))
                && !(before.is_ascii_alphanumeric() || before == '_')
        })
    };
    let mut report = String::new();
    let mut total = 0;
    for gen in GENS {
        let t = tables(gen);
        let mut missing = std::collections::BTreeSet::new();
        for (enc, table) in t.tables.iter() {
            if !matches!(
                enc,
                Enc::Sop2
                    | Enc::Sop1
                    | Enc::Sopc
                    | Enc::Sopk
                    | Enc::Vop1
                    | Enc::Vop2
                    | Enc::Vop3
                    | Enc::Vop3p
            ) {
                continue;
            }
            for e in table.iter() {
                let m = e
                    .mnemonic
                    .trim_end_matches("_e64")
                    .trim_end_matches("_e32")
                    .to_ascii_lowercase();
                let name = e.id.name();
                if name.starts_with("V_CMP") || m.starts_with("v_cmp") || m.starts_with("v_interp")
                {
                    continue;
                }
                if !mentioned(&m) {
                    missing.insert(m);
                }
            }
        }
        total = total.max(missing.len());
        report += &format!(
            "{gen:?}: {} operations without a semantics test: {}\n",
            missing.len(),
            missing.into_iter().collect::<Vec<_>>().join(" ")
        );
    }
    println!("{report}");
    // Left: s_rfe_restore_b64 (not emulated) and v_screen_partition_4se_b32 (refused).
    assert!(total <= 2, "{report}");
}
