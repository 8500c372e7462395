//! Operand values to fields: a source to its 9-bit operand code (and literal), a register
//! checked against its field's class and size, half-precision literals.

use super::parse::Val;
use super::{err, AsmError};
use crate::fields::{regs, G};
use crate::gcn::operand::{OpType, FLOAT_CONSTS};
use crate::gcn::Gen;
use gpuisa_core::Span;

/// Encodes a source operand into a 9-bit field (and a literal if needed).
pub(crate) fn src9(
    gen: Gen,
    v: &Val,
    n: u8,
    ty: OpType,
    lit: &mut Option<u32>,
    allow_lit: bool,
) -> Result<u32, String> {
    match v {
        Val::Reg { code, .. } => Ok(*code),
        Val::Int(i) => {
            let i = *i;
            if (0..=64).contains(&i) {
                Ok(128 + i as u32)
            } else if (-16..=-1).contains(&i) {
                Ok((192 - i) as u32)
            } else if let Some(k) = float_inline_bits(gen, i, n, ty) {
                Ok(240 + k)
            } else if !allow_lit {
                Err("literal constants are not allowed here".into())
            } else if i < -(1i64 << 31) || i > u32::MAX as i64 {
                Err(format!("constant {i} does not fit in 32 bits"))
            } else if n == 1 && ty.is_16() && !(-(1i64 << 15)..1i64 << 16).contains(&i) {
                Err(format!("constant {i} does not fit in 16 bits"))
            } else {
                let l = if n >= 2 && ty == OpType::Float {
                    (i as u64 >> 32) as u32
                } else {
                    i as u32
                };
                // A 32-bit value on a 64-bit float operand is the literal (the high half).
                let l = if n >= 2 && ty == OpType::Float && (-(1i64 << 31)..1i64 << 32).contains(&i)
                {
                    i as u32
                } else if n == 1 && ty.is_16() {
                    // llvm-mc truncates a 16-bit operand's literal to its 16 bits.
                    u32::from(i as u16)
                } else {
                    l
                };
                set_lit(lit, l)?;
                Ok(255)
            }
        }
        Val::Float(f) => {
            if f.to_bits() == 0 {
                // 0.0 is the inline integer 0.
                return Ok(128);
            }
            for (k, c) in FLOAT_CONSTS.iter().enumerate() {
                let exact = c.0.parse::<f64>().unwrap_or(f64::NAN);
                if *f == exact || (k == 8 && (*f - 0.159_154_943_091_895_34).abs() < 1e-9) {
                    // 1/(2*pi) is an inline constant from gfx8 on (INV_2PI).
                    if k == 8 && regs::inv_2pi(G::of(gen)).is_none() {
                        break;
                    }
                    return Ok(240 + k as u32);
                }
            }
            if !allow_lit {
                return Err("literal constants are not allowed here".into());
            }
            let l = if n >= 2 {
                // Like llvm-mc (which warns): only the high half of a 64-bit float is kept.
                (f.to_bits() >> 32) as u32
            } else if ty.is_16() {
                f32_to_f16(*f as f32) as u32
            } else {
                (*f as f32).to_bits()
            };
            set_lit(lit, l)?;
            Ok(255)
        }
        _ => Err("expected a register or a constant".into()),
    }
}

/// [`super::super::operand::float_inline_bits`] on generation `gen`.
fn float_inline_bits(gen: Gen, i: i64, n: u8, ty: OpType) -> Option<u32> {
    let inv2pi = crate::fields::regs::inv_2pi(crate::fields::G::of(gen)).is_some();
    super::super::operand::float_inline_bits(i, n, ty, inv2pi)
}

fn set_lit(lit: &mut Option<u32>, v: u32) -> Result<(), String> {
    match lit {
        Some(x) if *x != v => Err("only one literal constant is allowed".into()),
        _ => {
            *lit = Some(v);
            Ok(())
        }
    }
}

pub(crate) fn f16_bits(f: f64) -> u16 {
    f32_to_f16(f as f32)
}

/// IEEE half precision, rounded to nearest even (like llvm-mc's literal conversion).
fn f32_to_f16(f: f32) -> u16 {
    let b = f.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let e = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if e == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let exp = e - 127 + 15;
    // The value as a 24-bit significand (implicit one) shifted right to half precision.
    let (sig, shift) = if exp >= 1 {
        ((man | 0x80_0000) as u64, 13u32)
    } else {
        let sh = 13 + (1 - exp) as u32;
        if sh > 25 {
            return sign;
        }
        ((man | 0x80_0000) as u64, sh)
    };
    let mut r = sig >> shift;
    let rem = sig & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    if rem > half || rem == half && r & 1 == 1 {
        r += 1;
    }
    let h = if exp >= 1 {
        // r includes the implicit bit (0x400); a carry into 0x800 bumps the exponent.
        ((exp as u64) << 10) + (r - 0x400)
    } else {
        r
    };
    if h >= 0x7c00 {
        sign | 0x7c00
    } else {
        sign | h as u16
    }
}

/// Checks a register operand's class and size against a field, returning its number.
pub(crate) fn reg(v: &Val, want_v: bool, n: u8, span: Span, what: &str) -> Result<u32, AsmError> {
    match v {
        Val::Reg {
            code, n: rn, vgpr, ..
        } if *vgpr == want_v => {
            if *rn != n as u32 {
                return err(
                    span,
                    format!(
                        "{what} must be {} register{} wide, not {rn}",
                        n,
                        if n == 1 { "" } else { "s" }
                    ),
                );
            }
            Ok(if want_v { code - 256 } else { *code })
        }
        _ => err(
            span,
            format!(
                "{what} must be a{} register",
                if want_v { " vector (v)" } else { " scalar (s)" }
            ),
        ),
    }
}
