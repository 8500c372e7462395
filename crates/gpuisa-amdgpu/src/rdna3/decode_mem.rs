//! Scalar (SOP1/SOP2/SOPC/SOPK/SOPP, SMEM), LDS (DS), FLAT/GLOBAL/SCRATCH, buffer (MUBUF/MTBUF)
//! and interpolation encodings: recognition, field checks and llvm-mc-19 printing. Opcode rows
//! (mnemonic, operand list, accepted bits) come from [`super::otable`]; the immediate formats
//! (waitcnt, delay_alu, depctr, sendmsg, hwreg) are printed here.

use super::decode::Sink;
use super::operand::{write_range, write_src};
use super::table::Ty;
use crate::fields::{self as f, G};

const G11: G = G::Gfx11;

pub(crate) mod imm;
pub(crate) mod mimg;
pub use self::imm::{hwreg_text, sendmsg_text};
#[allow(unused_imports)]
use self::{imm::*, mimg::*};

pub(crate) fn n_of(r: (u8, u8), wave64: bool) -> u32 {
    (if wave64 { r.1 } else { r.0 }) as u32
}

/// A scalar source (8-bit field) of `n` dwords.
pub(crate) fn ssrc<O: Sink + ?Sized>(
    out: &mut O,
    v: u32,
    n: u32,
    lit: Option<u32>,
    bad_imm: bool,
) -> bool {
    let ty = if n >= 2 { Ty::I64 } else { Ty::B32 };
    // where llvm marks constants invalid (s_setpc_b64, s_rfe_b64) it prints 1/(2pi) in 32-bit form
    if v == 248 && bad_imm {
        out.push_str("0.15915494");
    } else if !write_src(out, v, n, ty, lit) {
        return false;
    }
    if v == 254 {
        out.push_str("/*Invalid register, operand has 'SReg_32' register class*/");
    } else if bad_imm && super::decode::is_const(v) {
        out.push_str("/*Invalid immediate*/");
    }
    true
}

pub(crate) fn vreg<O: Sink + ?Sized>(out: &mut O, v: u32, n: u32) -> bool {
    if v + n.max(1) > 256 {
        return false;
    }
    write_range(out, "v", v, n.max(1));
    true
}

pub(crate) fn signed_hex<O: Sink + ?Sized>(out: &mut O, v: i32) {
    if v < 0 {
        let _ = write!(out, "-0x{:x}", -(v as i64));
    } else {
        let _ = write!(out, "0x{v:x}");
    }
}

/// The `ds_swizzle_b32` offset as llvm prints it (`swizzle(...)`).
pub(crate) fn swizzle<O: Sink + ?Sized>(out: &mut O, v: u32) {
    if v & 0xff00 == 0x8000 {
        let _ = write!(
            out,
            "swizzle(QUAD_PERM,{},{},{},{})",
            v & 3,
            (v >> 2) & 3,
            (v >> 4) & 3,
            (v >> 6) & 3
        );
        return;
    }
    if v & 0x8000 != 0 {
        let _ = write!(out, "{v}");
        return;
    }
    let (and, or, xor) = (v & 0x1f, (v >> 5) & 0x1f, (v >> 10) & 0x1f);
    if and == 0x1f && or == 0 && xor.count_ones() == 1 {
        let _ = write!(out, "swizzle(SWAP,{xor})");
    } else if and == 0x1f && or == 0 && xor > 0 && (xor + 1).is_power_of_two() {
        let _ = write!(out, "swizzle(REVERSE,{})", xor + 1);
    } else {
        // (llvm-mc-19 prints BROADCAST patterns as BITMASK_PERM too)
        {
            out.push_str("swizzle(BITMASK_PERM,\"");
            for i in (0..5).rev() {
                let (a, o, x) = (and >> i & 1, or >> i & 1, xor >> i & 1);
                // what the lane-id bit becomes for an input 0 and an input 1
                let (r0, r1) = (o ^ x, (a | o) ^ x);
                out.push(match (r0, r1) {
                    (0, 0) => '0',
                    (1, 1) => '1',
                    (0, _) => 'p',
                    _ => 'i',
                });
            }
            out.push_str("\")");
        }
    }
}

/// The MTBUF `format:` operand (`data/rdna3/buf_format.txt`: nothing for the default format).
pub(crate) fn buf_format<O: Sink + ?Sized>(out: &mut O, f: u32) {
    let t = include_str!("../../../../data/rdna3/buf_format.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .nth(f as usize)
        .and_then(|l| l.split('\t').nth(1))
        .unwrap_or("");
    if !t.is_empty() && t != "-" {
        out.push_str(" format:");
        out.push_str(t);
    }
}
