//! GCN operand encoding: the 9-bit source field (SGPRs, special registers, inline constants,
//! literal, VGPRs), register ranges and how LLVM prints each of them.

use super::fmt::{hex32, sdec, Sink};
use super::Gen;
use crate::fields::{regs, G};

/// How an operand's constants print (the `T` of a table placeholder `{field:NT}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpType {
    /// 32/64-bit integer.
    Int,
    /// 32/64-bit float.
    Float,
    /// 16-bit float.
    Half,
    /// 16-bit integer.
    Short,
    /// Packed 2 x f16.
    PackedHalf,
    /// Packed 2 x i16.
    PackedShort,
}

impl OpType {
    pub fn from_char(c: u8) -> Option<OpType> {
        Some(match c {
            b'i' => OpType::Int,
            b'f' => OpType::Float,
            b'h' => OpType::Half,
            b'w' => OpType::Short,
            b'p' => OpType::PackedHalf,
            b'q' => OpType::PackedShort,
            _ => return None,
        })
    }
    pub fn is_float(self) -> bool {
        matches!(self, OpType::Float | OpType::Half | OpType::PackedHalf)
    }
    pub fn is_16(self) -> bool {
        matches!(
            self,
            OpType::Half | OpType::Short | OpType::PackedHalf | OpType::PackedShort
        )
    }
}

/// The 32-bit float inline constants 240..=248, their text and bit patterns.
pub const FLOAT_CONSTS: [(&str, u32, u16, u64); 9] = [
    ("0.5", 0x3f00_0000, 0x3800, 0x3fe0_0000_0000_0000),
    ("-0.5", 0xbf00_0000, 0xb800, 0xbfe0_0000_0000_0000),
    ("1.0", 0x3f80_0000, 0x3c00, 0x3ff0_0000_0000_0000),
    ("-1.0", 0xbf80_0000, 0xbc00, 0xbff0_0000_0000_0000),
    ("2.0", 0x4000_0000, 0x4000, 0x4000_0000_0000_0000),
    ("-2.0", 0xc000_0000, 0xc000, 0xc000_0000_0000_0000),
    ("4.0", 0x4080_0000, 0x4400, 0x4010_0000_0000_0000),
    ("-4.0", 0xc080_0000, 0xc400, 0xc010_0000_0000_0000),
    ("0.15915494", 0x3e22_f983, 0x3118, 0x3fc4_5f30_6dc9_c882),
];
pub const INV2PI_64: &str = "0.15915494309189532";

/// The float inline constant (index into [`FLOAT_CONSTS`]) whose bits an integer operand spells,
/// as llvm-mc reads it on every generation: `0x3f800000` on a 32-bit operand (float or integer)
/// is `1.0`; on a 16-bit float operand (packed too) the f16 bits (`0x3c00`); on an operand of
/// `n` >= 2 registers the f64 bits, where a value that fits in 32 bits on a float operand is the
/// high half (as its literal would be). 16-bit integer operands take no float constants, packed
/// ones the f32 bits; 1/(2*pi) only where the generation has it (`inv2pi`).
pub fn float_inline_bits(i: i64, n: u8, ty: OpType, inv2pi: bool) -> Option<u32> {
    let k = if n >= 2 {
        let v = if ty == OpType::Float && (-(1i64 << 31)..1i64 << 32).contains(&i) {
            u64::from(i as u32) << 32
        } else {
            i as u64
        };
        FLOAT_CONSTS.iter().position(|c| c.3 == v)?
    } else if matches!(ty, OpType::Half | OpType::PackedHalf) {
        if !(0..=0xffff).contains(&i) {
            return None;
        }
        FLOAT_CONSTS
            .iter()
            .position(|c| u64::from(c.2) == i as u64)?
    } else if ty == OpType::Short {
        return None;
    } else {
        // 32-bit operands, and packed 16-bit integers (llvm-mc-19 takes f32 bits there).
        if !(-(1i64 << 31)..1i64 << 32).contains(&i) {
            return None;
        }
        FLOAT_CONSTS.iter().position(|c| c.1 == i as u32)?
    };
    if k == 8 && !inv2pi {
        return None;
    }
    Some(k as u32)
}

/// Writes a register range `p[lo:hi]` or a single register `pN`.
pub fn write_range<W: Sink>(out: &mut W, prefix: &str, lo: u32, n: u32) {
    out.push_str(prefix);
    range_tail(out, lo, n);
}

/// The part of a register range after its prefix: `N` or `[lo:hi]`.
#[inline(always)]
fn range_tail<W: Sink>(out: &mut W, lo: u32, n: u32) {
    if n <= 1 {
        super::fmt::dec_small(out, lo);
    } else {
        out.push('[');
        super::fmt::dec_small(out, lo);
        out.push(':');
        super::fmt::dec_small(out, lo + n - 1);
        out.push(']');
    }
}

/// Number of SGPRs addressable by name `sN` on this generation.
pub fn sgpr_limit(gen: Gen) -> u32 {
    regs::sgpr_limit(G::of(gen)).unwrap_or(102)
}

/// The code of ttmp0 on this generation.
pub(crate) fn ttmp_base(gen: Gen) -> u32 {
    regs::ttmp_base(G::of(gen)).unwrap_or(112)
}

/// Prints a scalar register operand (an SGPR-class field value 0..=127) of `n` dwords.
/// Returns false if the value names no register of that size.
#[inline]
pub fn write_sreg<W: Sink>(out: &mut W, gen: Gen, v: u32, n: u32) -> bool {
    write_sgpr_common(out, v, n).unwrap_or_else(|| write_sreg_other(out, gen, v, n))
}

/// The common scalar registers inline: one SGPR or a pair below every generation's limit.
/// `None` for anything else.
#[inline(always)]
fn write_sgpr_common<W: Sink>(out: &mut W, v: u32, n: u32) -> Option<bool> {
    if v < 102 {
        if n <= 1 {
            out.name8(&SGPR8[v as usize]);
            return Some(true);
        }
        if n == 2 {
            return Some(write_sgpr_pair(out, v));
        }
    }
    None
}

/// `s[lo:lo+1]` for an SGPR `v` below 102 (an odd one names the pair it is in, as
/// [`write_sreg_other`] aligns it).
#[inline(always)]
fn write_sgpr_pair<W: Sink>(out: &mut W, v: u32) -> bool {
    match PAIR16.get((v & !1) as usize) {
        Some(p) => {
            out.byte(b's');
            out.padded(p, p[15] as usize);
            if v & 1 != 0 {
                out.misaligned(0, 2, v);
            }
            true
        }
        None => false,
    }
}

/// [`write_sreg`] past its fast path (ranges, special registers, ttmps).
#[inline(never)]
fn write_sreg_other<W: Sink>(out: &mut W, gen: Gen, v: u32, n: u32) -> bool {
    let n = n.max(1);
    let align = if n >= 4 { 4 } else { n.min(2) };
    if v < sgpr_limit(gen) {
        let lo = if n >= 2 { v & !(align - 1) } else { v };
        // LLVM's register file ends at s105 on every generation (tuples past it do not exist).
        if lo + n > 106 {
            return false;
        }
        match PAIR16.get(lo as usize) {
            Some(p) if n == 2 => {
                out.byte(b's');
                out.padded(p, p[15] as usize);
            }
            _ => {
                out.push('s');
                range_tail(out, lo, n);
            }
        }
        if lo != v {
            out.misaligned(0, n, v);
        }
        return true;
    }
    let tb = ttmp_base(gen);
    if v >= tb && v < 124 {
        let idx = v - tb;
        let lo = if n >= 2 { idx & !(align - 1) } else { idx };
        // LLVM names ttmp0-15 on every generation when a range runs past gfx8's ttmp11.
        if lo + n > 16 || n == 1 && tb + lo >= 124 {
            return false;
        }
        super::fmt::ascii(out, b"ttmp");
        range_tail(out, lo, n);
        if lo != idx {
            out.misaligned(1, n, idx);
        }
        return true;
    }
    let pair = |out: &mut W, name: &str| {
        if n == 1 {
            out.push_str(name);
            super::fmt::ascii(out, if v & 1 == 0 { b"_lo" } else { b"_hi" });
            true
        } else if n == 2 {
            out.push_str(name);
            true
        } else {
            false
        }
    };
    let g = G::of(gen);
    match v {
        _ if regs::flat_scratch(g) == Some(v & !1) => pair(out, "flat_scratch"),
        _ if regs::xnack_mask(g) == Some(v & !1) => pair(out, "xnack_mask"),
        106 | 107 => pair(out, "vcc"),
        108 | 109 => pair(out, "tba"),
        110 | 111 => pair(out, "tma"),
        124 if n == 1 => {
            out.push_str("m0");
            true
        }
        // llvm-mc-19 prints null for a register of any size on gfx8/gfx9.
        _ if regs::null(g) == Some(v) => {
            out.push_str("null");
            true
        }
        126 | 127 => pair(out, "exec"),
        _ => false,
    }
}

/// What a 9-bit source field holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Src {
    Sgpr(u32),
    Vgpr(u32),
    /// Integer inline constant.
    Int(i32),
    /// Float inline constant, index into [`FLOAT_CONSTS`].
    Float(u8),
    /// 255: a literal dword follows.
    Literal,
    /// Named special sources 235..=239, 251..=254.
    Special(u32),
    Invalid(u32),
}

pub fn classify(v: u32) -> Src {
    match v {
        0..=127 => Src::Sgpr(v),
        128..=192 => Src::Int(v as i32 - 128),
        193..=208 => Src::Int(192 - v as i32),
        235..=239 | 251..=254 => Src::Special(v),
        240..=248 => Src::Float((v - 240) as u8),
        255 => Src::Literal,
        256..=511 => Src::Vgpr(v - 256),
        _ => Src::Invalid(v),
    }
}

pub fn special_name(v: u32) -> &'static str {
    match v {
        235 => "src_shared_base",
        236 => "src_shared_limit",
        237 => "src_private_base",
        238 => "src_private_limit",
        239 => "src_pops_exiting_wave_id",
        251 => "src_vccz",
        252 => "src_execz",
        253 => "src_scc",
        254 => "src_lds_direct",
        _ => "",
    }
}

/// Prints an inline float constant for an operand of `n` dwords.
pub fn write_float_const<W: Sink>(out: &mut W, idx: u8, n: u32) {
    // 64-bit operands spell 1/(2*pi) to double precision; 32- and 128-bit ones (v_mqsad_u32_u8 src2) do not.
    if idx == 8 && n == 2 {
        out.push_str(INV2PI_64);
    } else {
        out.push_str(FLOAT_CONSTS[idx as usize].0);
    }
}

/// The text of the 32-bit float inline constant with bits `lit` (`FLOAT_CONSTS`' `.1`), as one
/// `match` (the scan over the table cost ~30 instructions per literal).
#[inline]
fn float_const_32(lit: u32) -> Option<&'static str> {
    let i = match lit {
        0x3f00_0000 => 0,
        0xbf00_0000 => 1,
        0x3f80_0000 => 2,
        0xbf80_0000 => 3,
        0x4000_0000 => 4,
        0xc000_0000 => 5,
        0x4080_0000 => 6,
        0xc080_0000 => 7,
        0x3e22_f983 => 8,
        _ => return None,
    };
    Some(FLOAT_CONSTS[i].0)
}

/// [`write_literal`] of a 32-bit integer or float operand: an inline integer in decimal, a float
/// constant's bits as that constant, the rest in hex. Inline (a call in the middle of an e32
/// operand list made the whole list keep its values in callee-saved registers); the float
/// constants, whose low 19 bits are zero but for 1/(2*pi)'s, out of line.
#[inline(always)]
fn write_literal32<W: Sink>(out: &mut W, lit: u32) {
    let s = lit as i32;
    if (-16..=64).contains(&s) {
        // As `sdec` prints them: INT_CONST8 holds 0..=64, then -1..=-16.
        let i = if s >= 0 { s } else { 64 - s };
        out.name8(&INT_CONST8[i as usize]);
        return;
    }
    if (lit & 0x7ffff == 0 || lit == 0x3e22_f983) && write_float_literal(out, lit) {
        return;
    }
    hex32(out, lit);
}

/// A 32-bit literal with a float constant's bits, as that constant; false for other values.
#[inline(never)]
fn write_float_literal<W: Sink>(out: &mut W, lit: u32) -> bool {
    match float_const_32(lit) {
        Some(c) => {
            out.push_str(c);
            true
        }
        None => false,
    }
}

/// Prints a literal as LLVM does: values that equal an inline constant of the operand type print
/// as that constant, others in hex (16-bit operands: their low half).
pub fn write_literal<W: Sink>(out: &mut W, lit: u32, ty: OpType, n: u32) {
    // f16 operands use the low half: one that is an inline integer prints in decimal.
    let half = n < 2 && matches!(ty, OpType::Half | OpType::PackedHalf);
    let s = if half {
        lit as u16 as i16 as i32
    } else {
        lit as i32
    };
    if n >= 2 {
        // A 64-bit operand's literal is the high half of an f64 (so 1 is not the integer 1) or
        // a zero-extended integer (so 0xfffffff0 is not -16): only those that still equal an
        // inline constant print as one, as llvm-mc-19 prints them.
        if ty == OpType::Float {
            if lit == 0 {
                out.push('0');
                return;
            }
            for (i, c) in FLOAT_CONSTS.iter().enumerate() {
                if (c.3 >> 32) as u32 == lit && c.3 as u32 == 0 && i != 8 {
                    out.push_str(c.0);
                    return;
                }
            }
        } else if lit <= 64 {
            sdec(out, lit as i64);
            return;
        }
        hex32(out, lit);
        return;
    }
    if (-16..=64).contains(&s) {
        sdec(out, s as i64);
        return;
    }
    match ty {
        OpType::Float => match float_const_32(lit) {
            Some(c) => out.push_str(c),
            None => hex32(out, lit),
        },
        OpType::Half | OpType::PackedHalf => {
            // Only the low half counts (llvm-mc-19 prints 0x3c003c00 as 1.0).
            for c in FLOAT_CONSTS.iter() {
                if c.2 as u32 == lit & 0xffff {
                    out.push_str(c.0);
                    return;
                }
            }
            hex32(out, lit & 0xffff);
        }
        OpType::Short | OpType::PackedShort => {
            // As for 32-bit integers, a literal with a float constant's 32 bits prints as it.
            if ty == OpType::Short {
                if let Some(c) = FLOAT_CONSTS.iter().find(|c| c.1 == lit) {
                    out.push_str(c.0);
                    return;
                }
            }
            hex32(out, lit & 0xffff);
        }
        // LLVM prints a 32-bit integer literal with a float constant's bits as that constant.
        OpType::Int => match float_const_32(lit) {
            Some(c) => out.push_str(c),
            None => hex32(out, lit),
        },
    }
}

/// Prints a 9-bit source operand. `lit` is the literal dword if one follows the instruction.
/// Returns false if the field names nothing valid for this operand.
#[inline(always)]
pub fn write_src<W: Sink>(
    out: &mut W,
    gen: Gen,
    v: u32,
    n: u32,
    ty: OpType,
    lit: Option<u32>,
) -> bool {
    // The common cases inline: a VGPR, one SGPR.
    if (256..512).contains(&v) {
        return write_vreg(out, v - 256, n);
    }
    if let Some(ok) = write_sgpr_common(out, v, n) {
        return ok;
    }
    if let Some(c) = v.checked_sub(128).and_then(|i| INT_CONST8.get(i as usize)) {
        // An integer inline constant (128..=208), any operand type and size.
        out.name8(c);
        return true;
    }
    if let (255, Some(l), 0..=1, OpType::Int | OpType::Float) = (v, lit, n, ty) {
        // A 32-bit literal (`write_literal`'s first cases).
        write_literal32(out, l);
        return true;
    }
    write_src_other(out, gen, v, n, ty, lit)
}

/// [`write_src`] past its fast paths.
#[inline(never)]
fn write_src_other<W: Sink>(
    out: &mut W,
    gen: Gen,
    v: u32,
    n: u32,
    ty: OpType,
    lit: Option<u32>,
) -> bool {
    match classify(v) {
        // An odd special register cannot start a 64-bit source (vcc_hi, exec_hi, ...).
        Src::Sgpr(r) if n >= 2 && r % 2 == 1 && (r >= 102 && r < ttmp_base(gen) || r == 127) => {
            false
        }
        Src::Sgpr(r) => write_sreg(out, gen, r, n),
        Src::Vgpr(r) => write_vreg(out, r, n),
        Src::Int(i) => {
            sdec(out, i as i64);
            true
        }
        // 1/(2*pi) is an inline constant from gfx8 on.
        Src::Float(8) if regs::inv_2pi(G::of(gen)).is_none() => false,
        // A float constant in a 16-bit integer operand prints as its f16 bits.
        Src::Float(f) if ty == OpType::Short && gen >= Gen::Gfx8 => {
            hex32(out, FLOAT_CONSTS[f as usize].2 as u32);
            true
        }
        Src::Float(f) => {
            write_float_const(out, f, n);
            true
        }
        Src::Literal => match lit {
            Some(l) => {
                write_literal(out, l, ty, n);
                true
            }
            None => false,
        },
        Src::Special(s) if s < 240 && gen <= Gen::Gfx7 => false,
        Src::Special(254) if n >= 2 => false,
        Src::Special(s) => {
            out.push_str(special_name(s));
            true
        }
        Src::Invalid(_) => false,
    }
}

/// Prints a VGPR range `v[lo:lo+n-1]`; false past v255.
#[inline(always)]
pub fn write_vreg<W: Sink>(out: &mut W, r: u32, n: u32) -> bool {
    if n <= 1 {
        // One register: a single copy of its name.
        match VGPR8.get(r as usize) {
            Some(name) => out.name8(name),
            None => return false,
        }
        return true;
    }
    if n == 2 {
        // A pair (`v[4:5]`): one copy of its digits.
        if let Some(p) = PAIR16.get(r as usize) {
            out.byte(b'v');
            out.padded(p, p[15] as usize);
            return true;
        }
    }
    write_vreg_range(out, r, n)
}

#[inline(never)]
fn write_vreg_range<W: Sink>(out: &mut W, r: u32, n: u32) -> bool {
    if r + n > 256 {
        return false;
    }
    out.push('v');
    match PAIR16.get(r as usize) {
        Some(p) if n == 2 => out.padded(p, p[15] as usize),
        _ => range_tail(out, r, n),
    }
    true
}

/// Register pairs `[r:r+1]` for r = 0..=254 padded to 16 bytes, the length in the last byte
/// (`s[4:5]`, `v[10:11]`: one copy instead of two decimal numbers).
static PAIR16: [[u8; 16]; 255] = pairs();

const fn pairs() -> [[u8; 16]; 255] {
    let mut t = [[0u8; 16]; 255];
    let mut r = 0;
    while r < 255 {
        let mut b = [0u8; 16];
        b[0] = b'[';
        let mut k = 1;
        let mut x = r;
        let mut part = 0;
        while part < 2 {
            k = gpuisa_core::bits::put_dec3(&mut b, k, x);
            b[k] = if part == 0 { b':' } else { b']' };
            k += 1;
            x += 1;
            part += 1;
        }
        b[15] = k as u8;
        t[r] = b;
        r += 1;
    }
    t
}

/// The integer inline constants 128..=208 (`0`..`64`, `-1`..`-16`) padded to 8 bytes, the length
/// in the last byte (as `write_src_other` prints them through `sdec`).
static INT_CONST8: [[u8; 8]; 81] = int_consts();

const fn int_consts() -> [[u8; 8]; 81] {
    let mut t = [[0u8; 8]; 81];
    let mut i = 0;
    while i < 81 {
        let (neg, a) = if i <= 64 { (false, i) } else { (true, i - 64) };
        let mut b = [0u8; 8];
        let mut k = 0;
        if neg {
            b[k] = b'-';
            k += 1;
        }
        if a >= 10 {
            b[k] = b'0' + (a / 10) as u8;
            k += 1;
        }
        b[k] = b'0' + (a % 10) as u8;
        b[7] = k as u8 + 1;
        t[i] = b;
        i += 1;
    }
    t
}

/// `v0`..`v255` and `s0`..`s101` padded to 8 bytes (one fixed-size copy per name, no `memcpy`).
static VGPR8: [[u8; 8]; 256] = super::fmt::pad_names(b'v');
static SGPR8: [[u8; 8]; 102] = super::fmt::pad_names(b's');

// VGPR_NAMES ("v0".."v255") and SGPR_NAMES ("s0".."s105"), from build.rs (the tests check VGPR8
// and SGPR8 against them).
#[cfg(test)]
include!(concat!(env!("OUT_DIR"), "/gcn_regs.rs"));

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Out;

    /// The generated name tables and the digit printer agree.
    #[test]
    fn register_names() {
        for (i, name) in VGPR_NAMES.iter().enumerate() {
            assert_eq!(*name, format!("v{i}"));
        }
        for (i, name) in SGPR_NAMES.iter().enumerate() {
            assert_eq!(*name, format!("s{i}"));
        }
        for (i, b) in VGPR8.iter().enumerate() {
            assert_eq!(&b[..b[7] as usize], VGPR_NAMES[i].as_bytes());
        }
        for (i, b) in SGPR8.iter().enumerate() {
            assert_eq!(&b[..b[7] as usize], SGPR_NAMES[i].as_bytes());
        }
        for (i, c) in FLOAT_CONSTS.iter().enumerate() {
            assert_eq!(float_const_32(c.1), Some(c.0), "{i}");
        }
        assert_eq!(float_const_32(0x3f80_0001), None);
        // `write_literal32` looks a literal up only if its low 19 bits are zero or it is 1/(2*pi).
        for c in FLOAT_CONSTS.iter() {
            assert!(c.1 & 0x7ffff == 0 || c.1 == 0x3e22_f983, "{}", c.0);
        }
        for (r, p) in PAIR16.iter().enumerate() {
            assert_eq!(&p[..p[15] as usize], format!("[{r}:{}]", r + 1).as_bytes());
        }
        for (i, b) in INT_CONST8.iter().enumerate() {
            let Src::Int(c) = classify(128 + i as u32) else {
                panic!("{i}")
            };
            assert_eq!(&b[..b[7] as usize], c.to_string().as_bytes());
        }
        let mut s = Out::new();
        for (r, n) in [
            (0, 1),
            (255, 1),
            (256, 1),
            (254, 2),
            (255, 2),
            (4, 4),
            (7, 0),
        ] {
            let ok = write_vreg(&mut s, r, n);
            s.push_str(if ok { ";" } else { "!;" });
        }
        assert_eq!(s, "v0;v255;!;v[254:255];!;v[4:7];v7;");
        s.clear();
        for (v, n) in [
            (0, 1),
            (101, 1),
            (103, 1),
            (104, 2),
            (106, 2),
            (127, 1),
            (108, 4),
        ] {
            let ok = write_sreg(&mut s, Gen::Gfx9, v, n);
            s.push_str(if ok { ";" } else { "!;" });
        }
        assert_eq!(
            s,
            "s0;s101;flat_scratch_hi;xnack_mask;vcc;exec_hi;ttmp[0:3];"
        );
    }
}
