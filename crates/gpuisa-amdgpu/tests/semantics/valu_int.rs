//! Integer and bit VALU operations (VOP1, VOP2, VOP3, VOPC), carries, lane operations, against
//! Rust integer arithmetic and the ISA's definitions.

use super::harness::*;
use gpuisa_amdgpu::gcn::Gen;

fn triples() -> Vec<[u32; 3]> {
    let mut out = Vec::new();
    for (i, &a) in V32.iter().enumerate() {
        for (j, &b) in V32.iter().enumerate() {
            out.push([a, b, V32[(i * 7 + j * 3) % V32.len()]]);
        }
    }
    // Random operands too (xorshift), some with small values (shift counts, bit fields).
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for k in 0..1200 {
        let (a, b, c) = (next() as u32, next() as u32, next() as u32);
        out.push(if k % 3 == 0 {
            [a, b & 0x3f, c & 0x3f]
        } else {
            [a, b, c]
        });
    }
    out
}

fn s24(x: u32) -> i64 {
    ((x << 8) as i32 >> 8) as i64
}
fn bfe(a: u32, off: u32, w: u32, signed: bool) -> u32 {
    let (off, w) = (off & 31, w & 31);
    if w == 0 {
        return 0;
    }
    let x = (a >> off) & (((1u64 << w) - 1) as u32);
    if signed && x >> (w - 1) & 1 != 0 {
        x | !(((1u64 << w) - 1) as u32)
    } else {
        x
    }
}
fn sad8(a: u32, b: u32, masked: bool) -> u32 {
    (0..4)
        .map(|k| {
            let (x, y) = ((a >> (8 * k)) & 0xff, (b >> (8 * k)) & 0xff);
            if masked && y == 0 {
                0
            } else {
                x.abs_diff(y)
            }
        })
        .sum()
}
fn perm_byte(data: u64, sel: u32) -> u32 {
    let byte = |k: u32| ((data >> (8 * k)) & 0xff) as u32;
    match sel {
        0..=7 => byte(sel),
        8 => (byte(1) >> 7) * 0xff,
        9 => (byte(3) >> 7) * 0xff,
        10 => (byte(5) >> 7) * 0xff,
        11 => (byte(7) >> 7) * 0xff,
        12 => 0,
        _ => 0xff,
    }
}
fn med3<T: Ord + Copy>(a: T, b: T, c: T) -> T {
    let mut v = [a, b, c];
    v.sort();
    v[1]
}

type Op3 = fn(u32, u32, u32) -> u32;

/// (instruction text with v3 = f(v0, v1, v2), reference)
const OPS: &[(&str, Op3)] = &[
    ("v_mov_b32 v3, v0", |a, _, _| a),
    ("v_not_b32 v3, v0", |a, _, _| !a),
    ("v_bfrev_b32 v3, v0", |a, _, _| {
        (0..32).fold(0, |r, k| r | ((a >> k) & 1) << (31 - k))
    }),
    ("v_ffbh_u32 v3, v0", |a, _, _| {
        (0..32).find(|k| a >> (31 - k) & 1 == 1).unwrap_or(u32::MAX)
    }),
    ("v_ffbl_b32 v3, v0", |a, _, _| {
        (0..32).find(|k| a >> k & 1 == 1).unwrap_or(u32::MAX)
    }),
    ("v_ffbh_i32 v3, v0", |a, _, _| {
        (1..32)
            .find(|k| a >> (31 - k) & 1 != a >> 31)
            .unwrap_or(u32::MAX)
    }),
    ("v_and_b32 v3, v0, v1", |a, b, _| a & b),
    ("v_or_b32 v3, v0, v1", |a, b, _| a | b),
    ("v_xor_b32 v3, v0, v1", |a, b, _| a ^ b),
    ("v_xnor_b32 v3, v0, v1", |a, b, _| !(a ^ b)),
    ("v_lshlrev_b32 v3, v0, v1", |a, b, _| b << (a % 32)),
    ("v_lshrrev_b32 v3, v0, v1", |a, b, _| b >> (a % 32)),
    ("v_ashrrev_i32 v3, v0, v1", |a, b, _| {
        ((b as i32) >> (a % 32)) as u32
    }),
    ("v_lshlrev_b32_e64 v3, v0, v1", |a, b, _| b << (a % 32)),
    ("v_lshl_b32 v3, v0, v1", |a, b, _| a << (b % 32)),
    ("v_lshr_b32 v3, v0, v1", |a, b, _| a >> (b % 32)),
    ("v_ashr_i32 v3, v0, v1", |a, b, _| {
        ((a as i32) >> (b % 32)) as u32
    }),
    ("v_mul_u32_u24 v3, v0, v1", |a, b, _| {
        (a & 0xff_ffff).wrapping_mul(b & 0xff_ffff)
    }),
    ("v_mul_hi_u32_u24 v3, v0, v1", |a, b, _| {
        (((a & 0xff_ffff) as u64 * (b & 0xff_ffff) as u64) >> 32) as u32
    }),
    ("v_mul_i32_i24 v3, v0, v1", |a, b, _| {
        (s24(a) * s24(b)) as u32
    }),
    ("v_mul_hi_i32_i24 v3, v0, v1", |a, b, _| {
        ((s24(a) * s24(b)) >> 32) as u32
    }),
    ("v_mul_i32_i24_e64 v3, v0, v1", |a, b, _| {
        (s24(a) * s24(b)) as u32
    }),
    ("v_mad_u32_u24 v3, v0, v1, v2", |a, b, c| {
        (a & 0xff_ffff).wrapping_mul(b & 0xff_ffff).wrapping_add(c)
    }),
    ("v_mad_i32_i24 v3, v0, v1, v2", |a, b, c| {
        ((s24(a) * s24(b)) as u32).wrapping_add(c)
    }),
    ("v_min_i32 v3, v0, v1", |a, b, _| {
        (a as i32).min(b as i32) as u32
    }),
    ("v_max_i32 v3, v0, v1", |a, b, _| {
        (a as i32).max(b as i32) as u32
    }),
    ("v_min_u32 v3, v0, v1", |a, b, _| a.min(b)),
    ("v_max_u32 v3, v0, v1", |a, b, _| a.max(b)),
    ("v_min3_i32 v3, v0, v1, v2", |a, b, c| {
        (a as i32).min(b as i32).min(c as i32) as u32
    }),
    ("v_max3_i32 v3, v0, v1, v2", |a, b, c| {
        (a as i32).max(b as i32).max(c as i32) as u32
    }),
    ("v_min3_u32 v3, v0, v1, v2", |a, b, c| a.min(b).min(c)),
    ("v_max3_u32 v3, v0, v1, v2", |a, b, c| a.max(b).max(c)),
    ("v_med3_i32 v3, v0, v1, v2", |a, b, c| {
        med3(a as i32, b as i32, c as i32) as u32
    }),
    ("v_med3_u32 v3, v0, v1, v2", |a, b, c| med3(a, b, c)),
    ("v_bfe_u32 v3, v0, v1, v2", |a, b, c| bfe(a, b, c, false)),
    ("v_bfe_i32 v3, v0, v1, v2", |a, b, c| bfe(a, b, c, true)),
    ("v_bfi_b32 v3, v0, v1, v2", |a, b, c| (a & b) | (!a & c)),
    ("v_bfm_b32 v3, v0, v1", |a, b, _| {
        (((1u64 << (a % 32)) - 1) as u32) << (b % 32)
    }),
    ("v_bcnt_u32_b32 v3, v0, v1", |a, b, _| {
        a.count_ones().wrapping_add(b)
    }),
    ("v_alignbit_b32 v3, v0, v1, v2", |a, b, c| {
        (((a as u64) << 32 | b as u64) >> (c % 32)) as u32
    }),
    ("v_alignbyte_b32 v3, v0, v1, v2", |a, b, c| {
        (((a as u64) << 32 | b as u64) >> (8 * (c % 4))) as u32
    }),
    ("v_mul_lo_u32 v3, v0, v1", |a, b, _| a.wrapping_mul(b)),
    ("v_mul_lo_i32 v3, v0, v1", |a, b, _| {
        (a as i32).wrapping_mul(b as i32) as u32
    }),
    ("v_mul_hi_u32 v3, v0, v1", |a, b, _| {
        ((a as u64 * b as u64) >> 32) as u32
    }),
    ("v_mul_hi_i32 v3, v0, v1", |a, b, _| {
        ((a as i32 as i64 * b as i32 as i64) >> 32) as u32
    }),
    ("v_sad_u32 v3, v0, v1, v2", |a, b, c| {
        a.abs_diff(b).wrapping_add(c)
    }),
    ("v_sad_u8 v3, v0, v1, v2", |a, b, c| {
        sad8(a, b, false).wrapping_add(c)
    }),
    ("v_sad_hi_u8 v3, v0, v1, v2", |a, b, c| {
        (sad8(a, b, false) << 16).wrapping_add(c)
    }),
    ("v_sad_u16 v3, v0, v1, v2", |a, b, c| {
        ((a & 0xffff).abs_diff(b & 0xffff) + (a >> 16).abs_diff(b >> 16)).wrapping_add(c)
    }),
    ("v_msad_u8 v3, v0, v1, v2", |a, b, c| {
        sad8(a, b, true).wrapping_add(c)
    }),
    ("v_lerp_u8 v3, v0, v1, v2", |a, b, c| {
        (0..4).fold(0, |r, k| {
            r | (((a >> (8 * k)) & 0xff) + ((b >> (8 * k)) & 0xff) + ((c >> (8 * k)) & 1)) >> 1
                << (8 * k)
        })
    }),
    ("v_perm_b32 v3, v0, v1, v2", |a, b, c| {
        let d = (a as u64) << 32 | b as u64;
        (0..4).fold(0, |r, k| r | perm_byte(d, (c >> (8 * k)) & 0xff) << (8 * k))
    }),
    ("v_lshl_add_u32 v3, v0, v1, v2", |a, b, c| {
        (a << (b % 32)).wrapping_add(c)
    }),
    ("v_add_lshl_u32 v3, v0, v1, v2", |a, b, c| {
        a.wrapping_add(b) << (c % 32)
    }),
    ("v_add3_u32 v3, v0, v1, v2", |a, b, c| {
        a.wrapping_add(b).wrapping_add(c)
    }),
    ("v_lshl_or_b32 v3, v0, v1, v2", |a, b, c| {
        (a << (b % 32)) | c
    }),
    ("v_and_or_b32 v3, v0, v1, v2", |a, b, c| (a & b) | c),
    ("v_or3_b32 v3, v0, v1, v2", |a, b, c| a | b | c),
    ("v_xad_u32 v3, v0, v1, v2", |a, b, c| {
        (a ^ b).wrapping_add(c)
    }),
    // Packing with saturation (i32_to_i16 / u32_to_u16 clamp to the 16-bit range).
    ("v_cvt_pk_u16_u32 v3, v0, v1", |a, b, _| {
        a.min(0xffff) | b.min(0xffff) << 16
    }),
    ("v_cvt_pk_i16_i32 v3, v0, v1", |a, b, _| {
        let s = |x: u32| (x as i32).clamp(-32768, 32767) as u16 as u32;
        s(a) | s(b) << 16
    }),
    ("v_sat_pk_u8_i16 v3, v0", |a, _, _| {
        let s = |x: u32| (x as u16 as i16).clamp(0, 255) as u32;
        s(a & 0xffff) | s(a >> 16) << 8
    }),
    ("v_mad_u32_u16 v3, v0, v1, v2", |a, b, c| {
        ((a & 0xffff) * (b & 0xffff)).wrapping_add(c)
    }),
    ("v_mad_i32_i16 v3, v0, v1, v2", |a, b, c| {
        ((a as i16 as i32).wrapping_mul(b as i16 as i32) as u32).wrapping_add(c)
    }),
    // gfx9's v_add_u32 / v_sub_u32 / v_subrev_u32 have no carry-out.
    ("v_add_u32 v3, v0, v1", |a, b, _| a.wrapping_add(b)),
    ("v_sub_u32 v3, v0, v1", |a, b, _| a.wrapping_sub(b)),
    ("v_subrev_u32 v3, v0, v1", |a, b, _| b.wrapping_sub(a)),
    ("v_add_i32 v3, v0, v1", |a, b, _| a.wrapping_add(b)), // gfx9 VOP3-only (no carry); gfx6/7: VOP2 with VCC
    ("v_sub_i32 v3, v0, v1", |a, b, _| a.wrapping_sub(b)),
    ("v_cvt_off_f32_i4 v3, v0", |a, _, _| {
        (((a << 28) as i32 >> 28) as f32 / 16.0).to_bits()
    }),
    // 16-bit operations (gfx8+): the result zero-extended to 32 bits.
    ("v_add_u16 v3, v0, v1", |a, b, _| {
        (a as u16).wrapping_add(b as u16) as u32
    }),
    ("v_sub_u16 v3, v0, v1", |a, b, _| {
        (a as u16).wrapping_sub(b as u16) as u32
    }),
    ("v_subrev_u16 v3, v0, v1", |a, b, _| {
        (b as u16).wrapping_sub(a as u16) as u32
    }),
    ("v_mul_lo_u16 v3, v0, v1", |a, b, _| {
        (a as u16).wrapping_mul(b as u16) as u32
    }),
    ("v_lshlrev_b16 v3, v0, v1", |a, b, _| {
        ((b as u16) << (a % 16)) as u32
    }),
    ("v_lshrrev_b16 v3, v0, v1", |a, b, _| {
        ((b as u16) >> (a % 16)) as u32
    }),
    ("v_ashrrev_i16 v3, v0, v1", |a, b, _| {
        ((b as i16) >> (a % 16)) as u16 as u32
    }),
    ("v_max_u16 v3, v0, v1", |a, b, _| {
        (a as u16).max(b as u16) as u32
    }),
    ("v_min_u16 v3, v0, v1", |a, b, _| {
        (a as u16).min(b as u16) as u32
    }),
    ("v_max_i16 v3, v0, v1", |a, b, _| {
        (a as i16).max(b as i16) as u16 as u32
    }),
    ("v_min_i16 v3, v0, v1", |a, b, _| {
        (a as i16).min(b as i16) as u16 as u32
    }),
    ("v_mad_u16 v3, v0, v1, v2", |a, b, c| {
        (a as u16).wrapping_mul(b as u16).wrapping_add(c as u16) as u32
    }),
    ("v_mad_i16 v3, v0, v1, v2", |a, b, c| {
        (a as i16).wrapping_mul(b as i16).wrapping_add(c as i16) as u16 as u32
    }),
    ("v_min3_i16 v3, v0, v1, v2", |a, b, c| {
        (a as i16).min(b as i16).min(c as i16) as u16 as u32
    }),
    ("v_max3_i16 v3, v0, v1, v2", |a, b, c| {
        (a as i16).max(b as i16).max(c as i16) as u16 as u32
    }),
    ("v_med3_i16 v3, v0, v1, v2", |a, b, c| {
        med3(a as i16, b as i16, c as i16) as u16 as u32
    }),
    ("v_min3_u16 v3, v0, v1, v2", |a, b, c| {
        (a as u16).min(b as u16).min(c as u16) as u32
    }),
    ("v_max3_u16 v3, v0, v1, v2", |a, b, c| {
        (a as u16).max(b as u16).max(c as u16) as u32
    }),
    ("v_med3_u16 v3, v0, v1, v2", |a, b, c| {
        med3(a as u16, b as u16, c as u16) as u32
    }),
];

#[test]
pub fn integer_and_bit_operations() {
    let mut ck = Check::new();
    let cases = triples();
    let mut ran = std::collections::HashMap::new();
    let mut ext_forms = 0;
    for gen in GENS {
        for (text, f) in OPS {
            if try_inst(gen, text).is_none() {
                continue;
            }
            *ran.entry(*text).or_insert(0) += 1;
            let got = vop(gen, MODE_DEFAULT, text, &cases);
            for (c, g) in cases.iter().zip(&got) {
                ck.eq(*g, f(c[0], c[1], c[2]), || {
                    format!("{gen:?} {text} {:#x} {:#x} {:#x}", c[0], c[1], c[2])
                });
            }
            // The same operation through an identity SDWA (DWORD selects) and DPP (quad_perm
            // identity) form where one exists: the per-lane path instead of the wave-wide one.
            let (mn, ops) = text.split_once(' ').unwrap();
            if gen >= Gen::Gfx8 && !mn.ends_with("_e64") && ops.matches(',').count() <= 2 {
                let srcs = ops.matches(',').count();
                let sdwa = format!(
                    "{mn}_sdwa {ops} dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD{}",
                    if srcs == 2 { " src1_sel:DWORD" } else { "" }
                );
                let dpp = format!("{mn}_dpp {ops} quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf");
                for form in [sdwa, dpp] {
                    if try_inst(gen, &form).is_none() {
                        continue;
                    }
                    ext_forms += 1;
                    let got = vop(gen, MODE_DEFAULT, &form, &cases);
                    for (c, g) in cases.iter().zip(&got) {
                        ck.eq(*g, f(c[0], c[1], c[2]), || {
                            format!("{gen:?} {form} {:#x} {:#x}", c[0], c[1])
                        });
                    }
                }
            }
        }
    }
    for (text, _) in OPS {
        assert!(ran.contains_key(text), "{text}: no generation assembles it");
    }
    assert!(ext_forms > 100, "only {ext_forms} SDWA/DPP forms ran");
    ck.done();
}

#[test]
pub fn carry_operations() {
    let mut ck = Check::new();
    let cases = triples();
    // (gfx6-gfx8 name, gfx9 name, f(a, b, carry-in) -> (result, carry-out))
    type C = fn(u32, u32, bool) -> (u32, bool);
    let ops: &[(&str, &str, C)] = &[
        ("v_add_i32", "v_add_co_u32", |a, b, _| {
            (a.wrapping_add(b), (a as u64 + b as u64) >> 32 != 0)
        }),
        ("v_sub_i32", "v_sub_co_u32", |a, b, _| {
            (a.wrapping_sub(b), b > a)
        }),
        ("v_subrev_i32", "v_subrev_co_u32", |a, b, _| {
            (b.wrapping_sub(a), a > b)
        }),
        ("v_addc_u32", "v_addc_co_u32", |a, b, c| {
            let t = a as u64 + b as u64 + c as u64;
            (t as u32, t >> 32 != 0)
        }),
        ("v_subb_u32", "v_subb_co_u32", |a, b, c| {
            (
                a.wrapping_sub(b).wrapping_sub(c as u32),
                b as u64 + c as u64 > a as u64,
            )
        }),
        ("v_subbrev_u32", "v_subbrev_co_u32", |a, b, c| {
            (
                b.wrapping_sub(a).wrapping_sub(c as u32),
                a as u64 + c as u64 > b as u64,
            )
        }),
    ];
    let cin: u64 = 0xa5a5_5a5a_f0f0_0f0f;
    for gen in GENS {
        for (old, new, f) in ops {
            let name = match gen {
                Gen::Gfx6 | Gen::Gfx7 => old.to_string(),
                Gen::Gfx8 => old
                    .replace("v_add_i32", "v_add_u32")
                    .replace("v_sub_i32", "v_sub_u32")
                    .replace("v_subrev_i32", "v_subrev_u32"),
                _ => new.to_string(),
            };
            let with_cin = name.contains("addc") || name.contains("subb");
            let forms = [
                (
                    format!(
                        "{name} v3, vcc, v0, v1{}",
                        if with_cin { ", vcc" } else { "" }
                    ),
                    VCC_REG,
                ),
                (
                    format!(
                        "{name}_e64 v3, s[12:13], v0, v1{}",
                        if with_cin { ", s[10:11]" } else { "" }
                    ),
                    12,
                ),
            ];
            for (text, reg) in forms {
                let (got, bits) = vop_mask(gen, MODE_DEFAULT, &text, &cases, cin, reg);
                for (k, c) in cases.iter().enumerate() {
                    let ci = cin >> (k % 64) & 1 != 0;
                    let (r, co) = f(c[0], c[1], ci);
                    ck.eq((got[k], bits[k]), (r, co), || {
                        format!("{gen:?} {text} {:#x} {:#x} cin={ci}", c[0], c[1])
                    });
                }
            }
        }
        // Carry-out lanes outside EXEC are 0.
        let mut e = Emu::new(gen);
        e.w.set_exec(0xff);
        for l in 0..64 {
            e.set_v(0, l, u32::MAX);
            e.set_v(1, l, 1);
        }
        let name = if gen >= Gen::Gfx9 {
            "v_add_co_u32"
        } else if gen == Gen::Gfx8 {
            "v_add_u32"
        } else {
            "v_add_i32"
        };
        e.w.set_vcc(u64::MAX);
        e.run(&format!("{name} v3, vcc, v0, v1"));
        ck.eq(e.vcc(), 0xff, || format!("{gen:?} {name} carry under EXEC"));
        e.set_s64(20, u64::MAX);
        e.run(&format!("{name}_e64 v3, s[20:21], v0, v1"));
        ck.eq(e.s64(20), 0xff, || {
            format!("{gen:?} {name}_e64 carry under EXEC")
        });
    }
    ck.done();
}

#[test]
pub fn mad64_and_shifts64() {
    let mut ck = Check::new();
    let mut cases = Vec::new();
    for &a in V64.iter() {
        for &b in V64.iter() {
            cases.push([a, b, V64[(a as usize ^ b as usize) % V64.len()]]);
        }
    }
    for gen in GENS {
        let mut e = Emu::new(gen);
        for chunk in cases.chunks(64) {
            for (l, c) in chunk.iter().enumerate() {
                e.set_v(0, l, c[0] as u32);
                e.set_v(1, l, c[1] as u32);
                e.set_v64(4, l, c[2]);
            }
            e.w.set_exec(u64::MAX);
            if try_inst(gen, "v_mad_u64_u32 v[6:7], s[12:13], v0, v1, v[4:5]").is_some() {
                e.run("v_mad_u64_u32 v[6:7], s[12:13], v0, v1, v[4:5]");
                let m = e.s64(12);
                for (l, c) in chunk.iter().enumerate() {
                    let t = (c[0] as u32 as u128) * (c[1] as u32 as u128) + c[2] as u128;
                    ck.eq(
                        (e.v64(6, l), m >> l & 1 != 0),
                        (t as u64, t >> 64 != 0),
                        || format!("{gen:?} v_mad_u64_u32 {c:x?}"),
                    );
                }
                e.run("v_mad_i64_i32 v[6:7], s[12:13], v0, v1, v[4:5]");
                let m = e.s64(12);
                for (l, c) in chunk.iter().enumerate() {
                    let t = (c[0] as u32 as i32 as i128) * (c[1] as u32 as i32 as i128)
                        + c[2] as i64 as i128;
                    // VCC: bit 64 of the 65-bit two's-complement result (AMD's pseudocode).
                    ck.eq(
                        (e.v64(6, l), m >> l & 1 != 0),
                        (t as u64, (t >> 64) & 1 != 0),
                        || format!("{gen:?} v_mad_i64_i32 {c:x?}"),
                    );
                }
            }
            // 64-bit shifts: reversed (gfx8+) and gfx6/gfx7's non-reversed forms.
            for l in 0..chunk.len() {
                e.set_v64(0, l, chunk[l][0]);
                e.set_v(2, l, chunk[l][1] as u32);
            }
            let shifts: [(&str, fn(u64, u32) -> u64); 6] = [
                ("v_lshlrev_b64 v[6:7], v2, v[0:1]", |x, s| x << (s % 64)),
                ("v_lshrrev_b64 v[6:7], v2, v[0:1]", |x, s| x >> (s % 64)),
                ("v_ashrrev_i64 v[6:7], v2, v[0:1]", |x, s| {
                    ((x as i64) >> (s % 64)) as u64
                }),
                ("v_lshl_b64 v[6:7], v[0:1], v2", |x, s| x << (s % 64)),
                ("v_lshr_b64 v[6:7], v[0:1], v2", |x, s| x >> (s % 64)),
                ("v_ashr_i64 v[6:7], v[0:1], v2", |x, s| {
                    ((x as i64) >> (s % 64)) as u64
                }),
            ];
            for (text, f) in shifts {
                if try_inst(gen, text).is_none() {
                    continue;
                }
                e.run(text);
                for (l, c) in chunk.iter().enumerate() {
                    ck.eq(e.v64(6, l), f(c[0], c[1] as u32), || {
                        format!("{gen:?} {text} {:#x} {}", c[0], c[1] as u32)
                    });
                }
            }
        }
    }
    ck.done();
}

#[test]
pub fn integer_compares() {
    let mut ck = Check::new();
    let cases = triples();
    let conds: [(&str, fn(std::cmp::Ordering) -> bool); 8] = [
        ("f", |_| false),
        ("lt", |o| o.is_lt()),
        ("eq", |o| o.is_eq()),
        ("le", |o| o.is_le()),
        ("gt", |o| o.is_gt()),
        ("ne", |o| o.is_ne()),
        ("ge", |o| o.is_ge()),
        ("t", |_| true),
    ];
    for gen in GENS {
        for (cond, f) in conds {
            for ty in ["i32", "u32", "i16", "u16"] {
                for (text, reg) in [
                    (format!("v_cmp_{cond}_{ty} vcc, v0, v1"), VCC_REG),
                    (format!("v_cmp_{cond}_{ty}_e64 s[10:11], v0, v1"), 10),
                    (format!("v_cmpx_{cond}_{ty} vcc, v0, v1"), EXEC_REG),
                ] {
                    if try_inst(gen, &text).is_none() {
                        continue;
                    }
                    let (_, bits) = vop_mask(gen, MODE_DEFAULT, &text, &cases, 0, reg);
                    for (c, b) in cases.iter().zip(&bits) {
                        let (a, bb) = (c[0], c[1]);
                        let o = match ty {
                            "i32" => (a as i32).cmp(&(bb as i32)),
                            "u32" => a.cmp(&bb),
                            "i16" => (a as i16).cmp(&(bb as i16)),
                            _ => (a as u16).cmp(&(bb as u16)),
                        };
                        ck.eq(*b, f(o), || format!("{gen:?} {text} {a:#x} {bb:#x}"));
                    }
                }
            }
            // 64-bit compares.
            for ty in ["i64", "u64"] {
                let text = format!("v_cmp_{cond}_{ty}_e64 s[10:11], v[0:1], v[2:3]");
                let mut e = Emu::new(gen);
                let pairs: Vec<(u64, u64)> = V64
                    .iter()
                    .flat_map(|&a| V64.iter().map(move |&b| (a, b)))
                    .collect();
                for chunk in pairs.chunks(64) {
                    e.w.set_exec(u64::MAX);
                    for (l, (a, b)) in chunk.iter().enumerate() {
                        e.set_v64(0, l, *a);
                        e.set_v64(2, l, *b);
                    }
                    e.run(&text);
                    let m = e.s64(10);
                    for (l, (a, b)) in chunk.iter().enumerate() {
                        let o = if ty == "i64" {
                            (*a as i64).cmp(&(*b as i64))
                        } else {
                            a.cmp(b)
                        };
                        ck.eq(m >> l & 1 != 0, f(o), || {
                            format!("{gen:?} {text} {a:#x} {b:#x}")
                        });
                    }
                }
            }
        }
    }
    ck.done();
}

#[test]
pub fn lane_operations() {
    let mut ck = Check::new();
    for gen in GENS {
        let mut e = Emu::new(gen);
        for l in 0..64 {
            e.set_v(0, l, 100 + l as u32);
            e.set_v(1, l, 7);
        }
        // v_mbcnt: the number of set mask bits below the lane (lo: mask bits 0-31, hi: 32-63).
        let mask = 0xdead_beef_1234_5678u64;
        e.set_s64(10, mask);
        if try_inst(gen, "v_mbcnt_lo_u32_b32 v3, s10, v1").is_some() {
            e.run("v_mbcnt_lo_u32_b32 v3, s10, v1");
            e.run("v_mbcnt_hi_u32_b32 v4, s11, v3");
        } else {
            e.run("v_mbcnt_lo_u32_b32_e64 v3, s10, v1");
            e.run("v_mbcnt_hi_u32_b32_e64 v4, s11, v3");
        }
        for l in 0..64 {
            let below = if l == 0 {
                0
            } else {
                mask & (u64::MAX >> (64 - l))
            };
            ck.eq(e.v(4, l), 7 + below.count_ones(), || {
                format!("{gen:?} mbcnt lane {l}")
            });
        }
        // v_cndmask_b32: VCC / an SGPR pair picks src1.
        e.w.set_vcc(mask);
        e.run("v_cndmask_b32 v5, v0, v1, vcc");
        for l in 0..64 {
            ck.eq(
                e.v(5, l),
                if mask >> l & 1 != 0 {
                    7
                } else {
                    100 + l as u32
                },
                || format!("{gen:?} v_cndmask_b32 lane {l}"),
            );
        }
        e.set_s64(20, !mask);
        e.run("v_cndmask_b32_e64 v5, v0, v1, s[20:21]");
        for l in 0..64 {
            ck.eq(
                e.v(5, l),
                if mask >> l & 1 == 0 {
                    7
                } else {
                    100 + l as u32
                },
                || format!("{gen:?} v_cndmask_b32_e64 lane {l}"),
            );
        }
        // v_readlane / v_writelane / v_readfirstlane.
        e.set_s(30, 37);
        e.run("v_readlane_b32 s31, v0, s30");
        ck.eq(e.s(31), 137, || format!("{gen:?} v_readlane_b32"));
        e.run("v_readlane_b32 s31, v0, 63");
        ck.eq(e.s(31), 163, || format!("{gen:?} v_readlane_b32 63"));
        e.set_s(32, 0xabc);
        e.run("v_writelane_b32 v6, s32, 37");
        ck.eq(e.v(6, 37), 0xabc, || format!("{gen:?} v_writelane_b32"));
        e.w.set_exec(0xf000);
        e.run("v_readfirstlane_b32 s33, v0");
        ck.eq(e.s(33), 112, || format!("{gen:?} v_readfirstlane_b32"));
        e.w.set_exec(u64::MAX);
        // v_swap_b32 (gfx9).
        if try_inst(gen, "v_swap_b32 v7, v8").is_some() {
            for l in 0..64 {
                e.set_v(7, l, l as u32);
                e.set_v(8, l, 1000 + l as u32);
            }
            e.w.set_exec(0xffff_ffff);
            e.run("v_swap_b32 v7, v8");
            ck.ok(
                (0..64).all(|l| {
                    if l < 32 {
                        e.v(7, l) == 1000 + l as u32 && e.v(8, l) == l as u32
                    } else {
                        e.v(7, l) == l as u32
                    }
                }),
                || format!("{gen:?} v_swap_b32"),
            );
            e.w.set_exec(u64::MAX);
        }
        // v_movrels/v_movreld/v_movrelsd (gfx6-gfx8): VGPR index + M0.
        if try_inst(gen, "v_movrels_b32 v3, v10").is_some() {
            for l in 0..64 {
                e.set_v(12, l, 500 + l as u32);
            }
            e.set_s(124, 2);
            e.run("v_movrels_b32 v3, v10");
            ck.eq(e.v(3, 5), 505, || format!("{gen:?} v_movrels_b32"));
            e.run("v_movreld_b32 v20, v0");
            ck.eq(e.v(22, 5), 105, || format!("{gen:?} v_movreld_b32"));
            e.run("v_movrelsd_b32 v30, v10");
            ck.eq(e.v(32, 9), 509, || format!("{gen:?} v_movrelsd_b32"));
        }
    }
    ck.done();
}

#[test]
pub fn sixteen_bit_integer_writes_zero_the_high_half() {
    // gfx8/gfx9: a 16-bit result zero-extends into the 32-bit VGPR (VOP2 and VOP3 without op_sel).
    let mut ck = Check::new();
    for gen in [Gen::Gfx8, Gen::Gfx9] {
        let got = vop_d(
            gen,
            MODE_DEFAULT,
            "v_add_u16 v3, v0, v1",
            &[([0xffff_0001, 0x1234_0002, 0], 0xffff_ffff)],
        );
        ck.eq(got[0], 3, || format!("{gen:?} v_add_u16 high half"));
        let got = vop_d(
            gen,
            MODE_DEFAULT,
            "v_mad_u16 v3, v0, v1, v2",
            &[([0x0001_0003, 0x0002_0004, 0x0003_0005], 0xffff_ffff)],
        );
        ck.eq(got[0], 17, || format!("{gen:?} v_mad_u16 high half"));
    }
    ck.done();
}

#[test]
pub fn integer_clamp_saturates() {
    let mut ck = Check::new();
    let cases = triples();
    let ops: &[(&str, Op3)] = &[
        ("v_add_u32_e64 v3, v0, v1 clamp", |a, b, _| {
            a.saturating_add(b)
        }),
        ("v_sub_u32_e64 v3, v0, v1 clamp", |a, b, _| {
            a.saturating_sub(b)
        }),
        ("v_subrev_u32_e64 v3, v0, v1 clamp", |a, b, _| {
            b.saturating_sub(a)
        }),
        ("v_add_i32 v3, v0, v1 clamp", |a, b, _| {
            (a as i32).saturating_add(b as i32) as u32
        }),
        ("v_sub_i32 v3, v0, v1 clamp", |a, b, _| {
            (a as i32).saturating_sub(b as i32) as u32
        }),
        ("v_add_u16_e64 v3, v0, v1 clamp", |a, b, _| {
            (a as u16).saturating_add(b as u16) as u32
        }),
        ("v_sub_u16_e64 v3, v0, v1 clamp", |a, b, _| {
            (a as u16).saturating_sub(b as u16) as u32
        }),
        ("v_subrev_u16_e64 v3, v0, v1 clamp", |a, b, _| {
            (b as u16).saturating_sub(a as u16) as u32
        }),
        ("v_add_i16 v3, v0, v1 clamp", |a, b, _| {
            (a as i16).saturating_add(b as i16) as u16 as u32
        }),
        ("v_sub_i16 v3, v0, v1 clamp", |a, b, _| {
            (a as i16).saturating_sub(b as i16) as u16 as u32
        }),
        ("v_add_i16 v3, v0, v1", |a, b, _| {
            (a as i16).wrapping_add(b as i16) as u16 as u32
        }),
        ("v_sub_i16 v3, v0, v1", |a, b, _| {
            (a as i16).wrapping_sub(b as i16) as u16 as u32
        }),
        ("v_add_co_u32_e64 v3, s[12:13], v0, v1 clamp", |a, b, _| {
            a.saturating_add(b)
        }),
        ("v_sub_co_u32_e64 v3, s[12:13], v0, v1 clamp", |a, b, _| {
            a.saturating_sub(b)
        }),
    ];
    let mut ran = std::collections::HashSet::new();
    for gen in [Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
        for (text, f) in ops {
            if try_inst(gen, text).is_none() {
                continue;
            }
            ran.insert(*text);
            let got = vop(gen, MODE_DEFAULT, text, &cases);
            for (c, g) in cases.iter().zip(&got) {
                ck.eq(*g, f(c[0], c[1], c[2]), || {
                    format!("{gen:?} {text} {:#x} {:#x}", c[0], c[1])
                });
            }
        }
    }
    assert_eq!(
        ran.len(),
        ops.len(),
        "some forms assemble on no generation: {:?}",
        ops.iter()
            .map(|o| o.0)
            .filter(|t| !ran.contains(t))
            .collect::<Vec<_>>()
    );
    ck.done();
}

#[test]
pub fn packing_conversions() {
    let mut ck = Check::new();
    let fl = [
        0.0f32,
        -0.0,
        0.5,
        1.0,
        -1.0,
        2.0,
        -3.0,
        0.25,
        1.0 / 3.0,
        -0.7,
        254.5,
        255.5,
        300.0,
        127.5,
        1e-3,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
    ];
    let mut cases = Vec::new();
    for (i, &a) in fl.iter().enumerate() {
        for (j, &b) in fl.iter().enumerate() {
            cases.push([a.to_bits(), b.to_bits(), 0x1234_5678 + (i * 31 + j) as u32]);
        }
    }
    let snorm = |x: f32| {
        if x.is_nan() {
            0
        } else {
            (x.clamp(-1.0, 1.0) as f64 * 32767.0).round_ties_even() as i16 as u16 as u32
        }
    };
    let unorm = |x: f32| {
        if x.is_nan() {
            0
        } else {
            (x.clamp(0.0, 1.0) as f64 * 65535.0).round_ties_even() as u32
        }
    };
    for gen in GENS {
        let got = vop(gen, MODE_DEFAULT, "v_cvt_pknorm_i16_f32 v3, v0, v1", &cases);
        for (c, g) in cases.iter().zip(&got) {
            let (a, b) = (f32::from_bits(c[0]), f32::from_bits(c[1]));
            ck.eq(*g, snorm(a) | snorm(b) << 16, || {
                format!("{gen:?} v_cvt_pknorm_i16_f32 {a} {b}")
            });
        }
        let got = vop(gen, MODE_DEFAULT, "v_cvt_pknorm_u16_f32 v3, v0, v1", &cases);
        for (c, g) in cases.iter().zip(&got) {
            let (a, b) = (f32::from_bits(c[0]), f32::from_bits(c[1]));
            ck.eq(*g, unorm(a) | unorm(b) << 16, || {
                format!("{gen:?} v_cvt_pknorm_u16_f32 {a} {b}")
            });
        }
        // v_cvt_pk_u8_f32: byte S1[1:0] of S2 replaced by the f32 rounded to u8.
        let pc: Vec<[u32; 3]> = fl
            .iter()
            .enumerate()
            .map(|(i, &a)| [a.to_bits(), i as u32 * 5, 0xa1b2_c3d4])
            .collect();
        let got = vop(gen, MODE_DEFAULT, "v_cvt_pk_u8_f32 v3, v0, v1, v2", &pc);
        for (c, g) in pc.iter().zip(&got) {
            let x = f32::from_bits(c[0]);
            let byte = if x.is_nan() {
                0
            } else {
                (x.clamp(0.0, 255.0) as f64).round_ties_even() as u32
            };
            let sh = 8 * (c[1] % 4);
            ck.eq(*g, (c[2] & !(0xff << sh)) | byte << sh, || {
                format!("{gen:?} v_cvt_pk_u8_f32 {x} byte {}", c[1] % 4)
            });
        }
    }
    ck.done();
}

#[test]
pub fn mqsad_u32_u8_writes_128_bits() {
    let mut ck = Check::new();
    for gen in [Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
        let mut e = Emu::new(gen);
        let src0: u64 = 0x1122_3344_5566_7788;
        let src1: u32 = 0x0011_8000;
        for l in 0..4 {
            e.set_v64(0, l, src0.rotate_left(8 * l as u32));
            e.set_v(2, l, src1 ^ l as u32);
            for k in 0..4 {
                e.set_v(4 + k, l, 1000 * k as u32 + l as u32);
            }
        }
        e.w.set_exec(0xf);
        e.run("v_mqsad_u32_u8 v[8:11], v[0:1], v2, v[4:7]");
        for l in 0..4 {
            let (x, y) = (src0.rotate_left(8 * l as u32), src1 ^ l as u32);
            for k in 0..4 {
                let win = (x >> (8 * k)) as u32;
                let sad: u32 = (0..4)
                    .map(|j| {
                        let (p, q) = ((win >> (8 * j)) & 0xff, (y >> (8 * j)) & 0xff);
                        if q == 0 {
                            0
                        } else {
                            p.abs_diff(q)
                        }
                    })
                    .sum();
                ck.eq(e.v(8 + k, l), 1000 * k as u32 + l as u32 + sad, || {
                    format!("{gen:?} v_mqsad_u32_u8 lane {l} dword {k}")
                });
            }
        }
    }
    ck.done();
}

fn sad_window(x: u64, y: u32, k: usize, masked: bool) -> u32 {
    let win = (x >> (8 * k)) as u32;
    (0..4)
        .map(|j| {
            let (p, q) = ((win >> (8 * j)) & 0xff, (y >> (8 * j)) & 0xff);
            if masked && q == 0 {
                0
            } else {
                p.abs_diff(q)
            }
        })
        .sum()
}

#[test]
pub fn quad_sads_and_remaining_forms() {
    let mut ck = Check::new();
    let words = [
        0x1122_3344_5566_7788u64,
        0xff00_ff00_0102_0304,
        0x0000_0000_ffff_ffff,
        0x8080_8080_0000_0000,
    ];
    for gen in GENS {
        for (name, masked) in [("v_qsad_pk_u16_u8", false), ("v_mqsad_pk_u16_u8", true)] {
            if try_inst(gen, &format!("{name} v[6:7], v[0:1], v2, v[4:5]")).is_none() {
                continue;
            }
            let mut e = Emu::new(gen);
            for (l, &x) in words.iter().enumerate() {
                e.set_v64(0, l, x);
                e.set_v(2, l, (x as u32).rotate_left(11) & 0xff00_ffff);
                e.set_v64(4, l, 0x0001_fff0_0100_0010 * (l as u64 + 1));
            }
            e.w.set_exec(0xf);
            e.run(&format!("{name} v[6:7], v[0:1], v2, v[4:5]"));
            for (l, &x) in words.iter().enumerate() {
                let y = (x as u32).rotate_left(11) & 0xff00_ffff;
                let acc = 0x0001_fff0_0100_0010u64.wrapping_mul(l as u64 + 1);
                let want = (0..4).fold(0u64, |r, k| {
                    r | ((((acc >> (16 * k)) as u32 & 0xffff)
                        .wrapping_add(sad_window(x, y, k, masked))
                        & 0xffff) as u64)
                        << (16 * k)
                });
                ck.eq(e.v64(6, l), want, || format!("{gen:?} {name} lane {l}"));
            }
        }
        // v_cvt_f32_ubyte0..3: byte k as a float.
        for (name, k) in [
            ("v_cvt_f32_ubyte0", 0),
            ("v_cvt_f32_ubyte1", 1),
            ("v_cvt_f32_ubyte2", 2),
            ("v_cvt_f32_ubyte3", 3),
        ] {
            let got = vop(
                gen,
                MODE_DEFAULT,
                &format!("{name} v3, v0"),
                &[[0x8040_ff01, 0, 0]],
            );
            ck.eq(
                got[0],
                ((0x8040_ff01u32 >> (8 * k) & 0xff) as f32).to_bits(),
                || format!("{gen:?} {name}"),
            );
        }
        // v_cvt_pkaccum_u8_f32 (gfx6-gfx8 as VOP3): byte S1[1:0] of the destination replaced.
        if try_inst(gen, "v_cvt_pkaccum_u8_f32 v3, v0, v1").is_some() {
            let got = vop_d(
                gen,
                MODE_DEFAULT,
                "v_cvt_pkaccum_u8_f32 v3, v0, v1",
                &[
                    ([200.6f32.to_bits(), 2, 0], 0x1122_3344),
                    ([(-3.0f32).to_bits(), 0, 0], 0x1122_3344),
                ],
            );
            ck.eq(got, vec![0x11c9_3344, 0x1122_3300], || {
                format!("{gen:?} v_cvt_pkaccum_u8_f32")
            });
        }
        // v_nop and v_clrexcp change no register.
        let mut e = Emu::new(gen);
        e.set_v(3, 0, 77);
        e.run("v_nop");
        e.run("v_clrexcp");
        ck.eq(e.v(3, 0), 77, || format!("{gen:?} v_nop/v_clrexcp"));
        // s_rfe_b64: return from the trap handler to S0.
        e.set_s64(10, 0x3000);
        ck.ok(
            matches!(
                e.run("s_rfe_b64 s[10:11]"),
                gpuisa_amdgpu::exec::Flow::Jump(0x3000)
            ),
            || format!("{gen:?} s_rfe_b64"),
        );
    }
    ck.done();
}
