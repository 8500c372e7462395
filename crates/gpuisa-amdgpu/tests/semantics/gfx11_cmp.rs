//! Every gfx11 VOPC compare (v_cmp_* and v_cmpx_*, class excepted: tests/emu_gfx11.rs and the
//! GCN tests check v_cmp_class) on wave32 against the conditions' definitions: the ordered float
//! conditions are false on NaN, their N* negations and U true; F is 0 and T all active lanes.
//! v_cmp_* writes its SGPR mask (VOP3, `s10`), v_cmpx_* writes EXEC.

// (LG on floats is `a < b || a > b`: false on NaN, unlike `a != b`.)
#![allow(clippy::neg_cmp_op_on_partial_ord, clippy::double_comparisons)]

use super::gfx11_harness::*;
use super::gfx11_valu::hv;
use super::harness::Check;
use gpuisa_amdgpu::op::{RDNA3_ENCODINGS, RDNA3_OPS};

fn fcond(c: &str, a: f64, b: f64) -> bool {
    let un = a.is_nan() || b.is_nan();
    match c {
        "F" => false,
        "LT" => a < b,
        "EQ" => a == b,
        "LE" => a <= b,
        "GT" => a > b,
        "LG" => a < b || a > b,
        "GE" => a >= b,
        "O" => !un,
        "U" => un,
        "NGE" => !(a >= b),
        "NLG" => !(a < b || a > b),
        "NGT" => !(a > b),
        "NLE" => !(a <= b),
        "NEQ" => a != b,
        "NLT" => !(a < b),
        "T" => true,
        _ => panic!("condition {c}"),
    }
}
fn icond<T: Ord>(c: &str, a: T, b: T) -> bool {
    match c {
        "F" => false,
        "LT" => a < b,
        "EQ" => a == b,
        "LE" => a <= b,
        "GT" => a > b,
        "NE" | "LG" => a != b,
        "GE" => a >= b,
        "T" => true,
        _ => panic!("condition {c}"),
    }
}

#[test]
fn gfx11_compares_against_their_conditions() {
    let k = RDNA3_ENCODINGS.iter().position(|e| *e == "vopc").unwrap() as u8;
    let mut chk = Check::new();
    let mut tried = 0;
    let mut r = Rng(0xc0ffee);
    // Operands as 64-bit values per case: corners of each type and random bits.
    let mut vals64: Vec<u64> = super::harness::V64.to_vec();
    vals64.extend(F32S.iter().map(|&x| x as u64 | (x as u64) << 32));
    vals64.extend(H16.iter().map(|&x| x as u64 | 0xabcd_0000));
    vals64.extend([1f64, -1.0, 0.0, -0.0, f64::INFINITY, f64::NAN, 2.5].map(f64::to_bits));
    for _ in 0..24 {
        vals64.push(r.next());
    }
    let pairs: Vec<(u64, u64)> = vals64
        .iter()
        .flat_map(|&a| vals64.iter().step_by(2).map(move |&b| (a, b)))
        .collect();
    for &(e, _, op) in RDNA3_OPS.iter() {
        if e != k {
            continue;
        }
        let name = op.name().to_ascii_lowercase();
        let parts: Vec<&str> = name.split('_').collect();
        // v_cmp[x]_<cond>_<type>
        let (x, cond, ty) = (parts[1] == "cmpx", parts[2].to_ascii_uppercase(), parts[3]);
        if cond == "CLASS" {
            continue;
        }
        let wide = ty.ends_with("64");
        let (s0, s1) = if wide {
            ("v[0:1]", "v[2:3]")
        } else {
            ("v0", "v2")
        };
        let text = if x {
            format!("{name}_e64 {s0}, {s1}")
        } else {
            format!("{name}_e64 s10, {s0}, {s1}")
        };
        let i = inst(&text);
        tried += 1;
        for chunk in pairs.chunks(32) {
            let mut w = wave(32);
            let mut want = 0u64;
            for (l, &(a, b)) in chunk.iter().enumerate() {
                w.vset(0, l, a as u32);
                w.vset(1, l, (a >> 32) as u32);
                w.vset(2, l, b as u32);
                w.vset(3, l, (b >> 32) as u32);
                let t = match ty {
                    "f16" => fcond(&cond, hv(a as u32), hv(b as u32)),
                    "f32" => fcond(
                        &cond,
                        f32::from_bits(a as u32) as f64,
                        f32::from_bits(b as u32) as f64,
                    ),
                    "f64" => fcond(&cond, f64::from_bits(a), f64::from_bits(b)),
                    "i16" => icond(&cond, a as i16, b as i16),
                    "u16" => icond(&cond, a as u16, b as u16),
                    "i32" => icond(&cond, a as i32, b as i32),
                    "u32" => icond(&cond, a as u32, b as u32),
                    "i64" => icond(&cond, a as i64, b as i64),
                    "u64" => icond(&cond, a, b),
                    _ => panic!("type {ty}"),
                };
                want |= (t as u64) << l;
            }
            // Lanes past the chunk are inactive: their bits are 0.
            let active = if chunk.len() == 32 {
                0xffff_ffff
            } else {
                (1u64 << chunk.len()) - 1
            };
            w.set_exec(active);
            w.s[10] = 0x5555_5555;
            step(&mut w, &i).unwrap_or_else(|e| panic!("{text}: {e}"));
            let got = if x { w.exec() } else { w.s[10] as u64 };
            chk.eq(got, want, || {
                format!("{text}: lanes {:x?}", &chunk[..2.min(chunk.len())])
            });
        }
    }
    assert!(tried >= 170, "only {tried} compares");
    chk.done();
}
