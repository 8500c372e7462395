//! Operand sources: inline integer and float constants at each width, literals, SGPRs and the
//! special scalar registers, as VALU and SALU sources.

use super::harness::*;
use super::softfloat::to_f16;
use super::softfloat::RNE;
use gpuisa_amdgpu::gcn::Gen;

/// (assembler text, f32 value)
const FCONSTS: [(&str, f64); 8] = [
    ("0.5", 0.5),
    ("-0.5", -0.5),
    ("1.0", 1.0),
    ("-1.0", -1.0),
    ("2.0", 2.0),
    ("-2.0", -2.0),
    ("4.0", 4.0),
    ("-4.0", -4.0),
];

#[test]
pub fn inline_constants_and_literals() {
    let mut ck = Check::new();
    for gen in GENS {
        let inv2pi = gen >= Gen::Gfx8;
        let mut e = Emu::new(gen);
        for l in 0..64 {
            e.set_v(0, l, 1.0f32.to_bits());
            e.set_v64(4, l, 1.0f64.to_bits());
            e.set_v(8, l, 0x3c00); // f16 1.0
            e.set_v(9, l, 0);
        }
        let mut consts: Vec<(String, f64)> =
            FCONSTS.iter().map(|(t, v)| (t.to_string(), *v)).collect();
        if inv2pi {
            consts.push(("0.15915494".into(), 0.5 / std::f64::consts::PI));
        }
        for (t, v) in &consts {
            // f32: the constant's f32 value.
            e.run(&format!("v_mul_f32 v3, {t}, v0"));
            ck.eq(e.v(3, 0), (*v as f32).to_bits(), || {
                format!("{gen:?} f32 constant {t}")
            });
            // f64: the f64 value (1/(2pi): AMD's 0x3fc45f306dc9c882, one below the nearest).
            e.run(&format!("v_mul_f64 v[6:7], {t}, v[4:5]"));
            let want64 = if t.starts_with("0.159") {
                0x3fc4_5f30_6dc9_c882
            } else {
                v.to_bits()
            };
            ck.eq(e.v64(6, 0), want64, || format!("{gen:?} f64 constant {t}"));
            // 32-bit integer operand: the f32 bit pattern.
            e.run(&format!("v_or_b32 v3, {t}, v9"));
            ck.eq(e.v(3, 0), (*v as f32).to_bits(), || {
                format!("{gen:?} integer use of {t}")
            });
            if gen >= Gen::Gfx8 {
                // f16: the f16 value; 1/(2pi) is 0x3118.
                e.run(&format!("v_mul_f16 v3, {t}, v8"));
                let want16 = if t.starts_with("0.159") {
                    0x3118
                } else {
                    to_f16(*v, RNE) as u32
                };
                ck.eq(e.v(3, 0), want16, || format!("{gen:?} f16 constant {t}"));
            }
            // 64-bit integer operands (SALU and VALU): the f64 pattern.
            e.run(&format!("s_mov_b64 s[20:21], {t}"));
            ck.eq(e.s64(20), want64, || format!("{gen:?} s_mov_b64 {t}"));
        }
        // Integer inline constants: -16..64, sign-extended to 64 bits for 64-bit operands.
        for k in [-16i64, -1, 0, 1, 17, 64] {
            e.run(&format!("v_or_b32 v3, {k}, v9"));
            ck.eq(e.v(3, 0), k as i32 as u32, || {
                format!("{gen:?} int constant {k}")
            });
            e.run(&format!("s_mov_b64 s[20:21], {k}"));
            ck.eq(e.s64(20), k as u64, || format!("{gen:?} s_mov_b64 {k}"));
            e.run(&format!("v_add_f64 v[6:7], {k}, 0"));
            // An integer constant in a float operand is the integer's bit pattern.
            ck.eq(
                e.v64(6, 0),
                (f64::from_bits(k as u64) + 0.0).to_bits(),
                || format!("{gen:?} f64 use of {k}"),
            );
        }
        // Literals: 32-bit as is; a 64-bit float operand takes the literal as its high half.
        e.run("v_mul_f32 v3, 0x40490fdb, v0");
        ck.eq(e.v(3, 0), 0x4049_0fdb, || format!("{gen:?} f32 literal"));
        e.run("v_cvt_f32_f64 v3, 0x40090000"); // 3.125
        ck.eq(e.v(3, 0), 3.125f32.to_bits(), || {
            format!("{gen:?} f64 literal (high half)")
        });
        e.run("s_mov_b32 s20, 0x12345678");
        ck.eq(e.s(20), 0x1234_5678, || {
            format!("{gen:?} s_mov_b32 literal")
        });
        // SGPR, VCC, EXEC and M0 as VALU sources; SCC/VCCZ/EXECZ as scalar sources.
        e.set_s(30, 7);
        e.w.set_vcc(0x0000_0005_0000_0009);
        e.set_s(124, 11);
        e.run(
            "v_add_co_u32_e64 v3, s[40:41], s30, v9"
                .replace(
                    "v_add_co_u32",
                    if gen >= Gen::Gfx9 {
                        "v_add_co_u32"
                    } else if gen == Gen::Gfx8 {
                        "v_add_u32"
                    } else {
                        "v_add_i32"
                    },
                )
                .as_str(),
        );
        ck.eq(e.v(3, 0), 7, || format!("{gen:?} SGPR source"));
        e.run("v_or_b32 v3, vcc_lo, v9");
        ck.eq(e.v(3, 0), 9, || format!("{gen:?} vcc_lo source"));
        e.run("v_or_b32 v3, m0, v9");
        ck.eq(e.v(3, 0), 11, || format!("{gen:?} m0 source"));
        e.run("v_mov_b32 v3, vcc_hi");
        ck.eq(e.v(3, 0), 5, || format!("{gen:?} vcc_hi source"));
        e.w.set_exec(0xffff_ffff_0000_0000 | 0x80);
        e.run("v_mov_b32 v3, exec_lo");
        ck.eq(e.v(3, 7), 0x80, || format!("{gen:?} exec_lo source"));
        e.w.scc = true;
        e.run("s_mov_b32 s20, scc");
        ck.eq(e.s(20), 1, || format!("{gen:?} scc source"));
        e.w.set_vcc(0);
        e.run("s_mov_b32 s20, vccz");
        ck.eq(e.s(20), 1, || format!("{gen:?} vccz source"));
        e.run("s_mov_b32 s20, execz");
        ck.eq(e.s(20), 0, || format!("{gen:?} execz source"));
    }
    ck.done();
}
