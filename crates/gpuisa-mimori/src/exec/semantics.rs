//! What every opcode computes, lane by lane, under the `spec` and `mimori-rtl` profiles.
//! Every decision the seed leaves open is written in docs/mimori.md ("Semantics").

use super::{bits20, wrap20, Config, Operands, Profile, Vector, LANES};
use crate::inst::{Form, Inst, Op, Operand};

#[inline(always)]
fn map3(a: &Vector, b: &Vector, c: &Vector, f: impl Fn(i32, i32, i32) -> i32) -> Vector {
    std::array::from_fn(|l| f(a[l], b[l], c[l]))
}

/// `x >> s` on the 20-bit value, zero-filling (logical), as the RTL does; `s >= 20` gives 0.
#[inline(always)]
pub fn lsr20(x: i32, s: u32) -> i32 {
    if s >= 20 {
        0
    } else {
        wrap20((bits20(x) >> s) as i64)
    }
}

/// The low 16 bits, sign-extended (the multiplier's operands).
#[inline(always)]
pub fn sext16(x: i32) -> i64 {
    x as i16 as i64
}

/// `S(m, value)` on the 4-bit table index: flip the top bit when `m`.
#[inline(always)]
fn s_index(m: bool, y: u32) -> u32 {
    y ^ ((m as u32) << 3)
}

/// Op 101: interpolate table `rr` at the 9 bits `yyyyzzzzz` of `{c, 5'b0} >> shamt`.
pub fn interp(c: i32, shamt: u32, p: bool, q: bool, table: &[i16; 17], flip_result: bool) -> i32 {
    let v = ((bits20(c) as u64) << 5) >> shamt.min(63);
    let y = ((v >> 5) & 0xf) as u32;
    let z = (v & 0x1f) as i64;
    let idx = s_index(p, y) as usize;
    let t0 = table[idx] as i64;
    let t1 = table[idx + 1] as i64;
    let sum = t0 * (32 - z) + t1 * z;
    let value = sum >> 5; // INTERP / 32, rounding toward minus infinity (arithmetic shift)
    if q && flip_result {
        // S(q, x) on the 16-bit result: flip bit 15, giving offset binary 0..65535.
        ((value as u16) ^ 0x8000) as i32
    } else {
        wrap20(value)
    }
}

/// Applies an 8-bit truth table bitwise to three 20-bit values.
pub fn logic3(tt: u8, a: i32, b: i32, c: i32) -> i32 {
    let (a, b, c) = (bits20(a), bits20(b), bits20(c));
    let mut out = 0u32;
    for bit in 0..20 {
        let idx = (((a >> bit) & 1) << 2) | (((b >> bit) & 1) << 1) | ((c >> bit) & 1);
        out |= (((tt >> idx) & 1) as u32) << bit;
    }
    wrap20(out as i64)
}

/// Executes one instruction on the operand vectors. `Err` is a fault message (spec profile:
/// undefined or reserved forms; both: an operand the instruction needs that is missing).
pub fn execute(
    inst: &Inst,
    o: &Operands,
    cfg: &Config,
    profile: Profile,
) -> Result<Vector, String> {
    let s = inst.shamt as u32;
    let rtl = profile == Profile::Rtl;
    let (a, b, c) = (&o.a, &o.b, &o.c);
    Ok(match inst.op {
        Op::Add | Op::Sub | Op::AbsDiff => {
            let term = |x: i32, y: i32| -> i64 {
                match inst.op {
                    Op::Add => x as i64 + y as i64,
                    Op::Sub => x as i64 - y as i64,
                    _ => (wrap20(x as i64 - y as i64) as i64).abs(),
                }
            };
            if rtl {
                map3(a, b, c, |a, b, c| lsr20(wrap20(a as i64 + term(b, c)), s))
            } else {
                map3(a, b, c, |a, b, c| {
                    wrap20(a as i64 + lsr20(wrap20(term(b, c)), s) as i64)
                })
            }
        }
        Op::Mul => map3(a, b, c, |a, b, c| {
            let prod = (sext16(b) * sext16(c)) as i32 as u32; // 32-bit product
            let shifted = if s >= 32 { 0 } else { prod >> s };
            wrap20(a as i64 + shifted as i64)
        }),
        Op::Interp => match inst.form() {
            Form::Interp { p, q, table } if !rtl => {
                let t = &cfg.tex_lut[table as usize];
                std::array::from_fn(|l| interp(c[l], s, p, q, t, true))
            }
            // The built design (MIMORI's master) has no op 101: the ALU's result is not
            // assigned and keeps its previous value (observed under Verilator,
            // tests/vectors/mimori-rtl/alu.txt).
            _ if rtl => o.prev,
            _ => {
                return Err(format!(
                    "op 101 needs B = 0pqrr (an immediate), found {}",
                    Operand::decode(inst.b)
                ))
            }
        },
        Op::Select => {
            if rtl {
                match s {
                    0 => map3(a, b, c, |a, b, c| if a == 0 { b } else { c }),
                    2 => map3(a, b, c, |_, b, c| b.max(c)),
                    3 => map3(a, b, c, |_, b, c| b.min(c)),
                    _ => [0; LANES], // 00001, LOGIC_LUT and reserved functions give 0 in the built design
                }
            } else {
                match inst.form() {
                    Form::SelectIf => map3(a, b, c, |a, b, c| if a != 0 { b } else { c }),
                    Form::Max => map3(a, b, c, |a, b, _| a.max(b)),
                    Form::Min => map3(a, b, c, |a, _, c| a.min(c)),
                    Form::Clamp => map3(a, b, c, |a, b, c| a.max(b).min(c)),
                    Form::Logic(x) => {
                        let tt = cfg.logic_lut[x as usize];
                        map3(a, b, c, |a, b, c| logic3(tt, a, b, c))
                    }
                    _ => return Err(format!("op 110 function {s:05b} is reserved")),
                }
            }
        }
        Op::Ofs => {
            if rtl {
                // shamt[3] selects bofs, shamt[2:0] the axis (6 and 7 give 0); the block part
                // of bofs is kept only for 01xxx, so a reserved 11xxx gives the lane's own
                // offset and 10xxx aofs (observed under Verilator).
                let axis = (s & 7) as usize;
                if axis > 5 {
                    [0; LANES]
                } else if s & 0x18 == 0x08 {
                    std::array::from_fn(|l| wrap20(bits20(o.bofs[axis][l]) as i64))
                } else if s & 0x18 == 0x18 {
                    std::array::from_fn(|l| wrap20(bits20(o.lane_ofs[axis][l]) as i64))
                } else {
                    [wrap20(o.aofs[axis] as i64); LANES]
                }
            } else {
                match inst.form() {
                    Form::Aofs(x) => [wrap20(o.aofs[x as usize] as i64); LANES],
                    Form::Bofs(x) => o.bofs[x as usize],
                    _ => {
                        return Err(format!(
                            "op 111 selector {s:05b} is reserved or names an axis above 5"
                        ))
                    }
                }
            }
        }
        Op::Undef2 => {
            if rtl {
                // Commented out in the built design: the previous result (as op 101).
                o.prev
            } else {
                return Err("opcode 010 is undefined (removed from the ISA)".into());
            }
        }
    })
}
