//! gfx11 operand encoding: SGPR names (null and m0 swapped against GCN, 106 SGPRs), the 9-bit
//! source field (inline constants, literal, VGPRs) and how llvm-mc-19 prints each of them.
//!
//! Differs from `gcn::operand` in the register numbering (s0..s105, null = 124, m0 = 125, no
//! flat_scratch/xnack/tba/tma), the special sources (no `src_pops_exiting_wave_id` printing rules
//! change) and in 16-bit literal printing; the float constant table is shared.

use super::table::Ty;
use crate::gcn::operand::FLOAT_CONSTS;
use std::fmt::Write;

/// Where the operand printers write: a `String` (the text), or [`Check`], which keeps nothing.
pub trait Sink: Write {
    fn push_str(&mut self, s: &str);
    fn push(&mut self, c: char);
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn truncate(&mut self, n: usize);
    /// What was written (empty for [`Check`]).
    fn text(&self) -> &str;
}

impl Sink for String {
    #[inline]
    fn push_str(&mut self, s: &str) {
        String::push_str(self, s)
    }
    #[inline]
    fn push(&mut self, c: char) {
        String::push(self, c)
    }
    #[inline]
    fn len(&self) -> usize {
        String::len(self)
    }
    #[inline]
    fn truncate(&mut self, n: usize) {
        String::truncate(self, n)
    }
    #[inline]
    fn text(&self) -> &str {
        self
    }
}

/// The check-only sink: the decoder's checks run, its text goes nowhere.
#[derive(Clone, Copy, Debug, Default)]
pub struct Check;

impl Write for Check {
    #[inline]
    fn write_str(&mut self, _: &str) -> std::fmt::Result {
        Ok(())
    }
    /// Nothing is formatted (`write!` into a `Check` costs nothing).
    #[inline]
    fn write_fmt(&mut self, _: std::fmt::Arguments<'_>) -> std::fmt::Result {
        Ok(())
    }
}

impl Sink for Check {
    #[inline]
    fn push_str(&mut self, _: &str) {}
    #[inline]
    fn push(&mut self, _: char) {}
    #[inline]
    fn len(&self) -> usize {
        0
    }
    #[inline]
    fn truncate(&mut self, _: usize) {}
    #[inline]
    fn text(&self) -> &str {
        ""
    }
}

/// Whether a source field value is a constant (inline or literal).
pub fn is_const(v: u32) -> bool {
    (128..=208).contains(&v) || (240..=248).contains(&v) || v == 255
}

/// `v` in decimal, without the formatting machinery (register numbers and small immediates
/// are most of a listing's numbers).
#[inline]
pub fn push_dec<O: Sink + ?Sized>(out: &mut O, mut v: u32) {
    let mut b = [0u8; 10];
    let mut i = b.len();
    loop {
        i -= 1;
        b[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&b[i..]).unwrap_or_default());
}

/// `0x` and `v` in lower-case hexadecimal (as `{:#x}`).
#[inline]
pub fn push_hex<O: Sink + ?Sized>(out: &mut O, mut v: u32) {
    let mut b = [0u8; 10];
    let mut i = b.len();
    loop {
        i -= 1;
        b[i] = b"0123456789abcdef"[(v & 15) as usize];
        v >>= 4;
        if v == 0 {
            break;
        }
    }
    i -= 2;
    b[i] = b'0';
    b[i + 1] = b'x';
    out.push_str(std::str::from_utf8(&b[i..]).unwrap_or_default());
}

/// `p[lo:hi]` or `pN`.
pub fn write_range<O: Sink + ?Sized>(out: &mut O, prefix: &str, lo: u32, n: u32) {
    out.push_str(prefix);
    if n <= 1 {
        push_dec(out, lo);
    } else {
        out.push('[');
        push_dec(out, lo);
        out.push(':');
        push_dec(out, lo + n - 1);
        out.push(']');
    }
}

thread_local! {
    /// The warnings of the instruction being decoded (llvm-objdump's `; Warning: ...` comments),
    /// in operand order, each `Warning: ...` with no separator, as llvm-objdump-19 prints them.
    static WARNINGS: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Forgets the warnings gathered so far ([`super::decode::decode`] calls it first).
pub fn clear_warnings() {
    WARNINGS.with(|w| w.borrow_mut().clear());
}

/// Appends the warnings of the last decoded instruction to `out`; false if there were none.
pub fn take_warnings(out: &mut impl std::fmt::Write) -> bool {
    WARNINGS.with(|w| {
        let mut w = w.borrow_mut();
        let any = !w.is_empty();
        let _ = out.write_str(&w);
        w.clear();
        any
    })
}

/// A misaligned register range: llvm prints the aligned range and warns with the class
/// (`SGPR_64`, `TTMP_128`, ...) and the field's register index.
fn misaligned(class: &str, n: u32, index: u32) {
    WARNINGS.with(|w| {
        let _ = write!(
            w.borrow_mut(),
            "Warning: {class}_{}: scalar reg isn't aligned {index}",
            32 * n
        );
    });
}

/// Prints a scalar register (field value 0..=127) of `n` dwords. False if nothing valid.
pub fn write_sreg<O: Sink + ?Sized>(out: &mut O, v: u32, n: u32) -> bool {
    let n = n.max(1);
    // llvm aligns a misaligned range down (pairs to 2, wider ranges to 4)
    let align = if n >= 4 { 4 } else { n.min(2) };
    if v < 106 {
        let lo = v & !(align - 1);
        if lo + n > 106 {
            return false;
        }
        write_range(out, "s", lo, n);
        if lo != v {
            misaligned("SGPR", n, v);
        }
        return true;
    }
    if (108..124).contains(&v) {
        let i = (v - 108) & !(align - 1);
        if i + n > 16 {
            return false;
        }
        write_range(out, "ttmp", i, n);
        if i != v - 108 {
            misaligned("TTMP", n, v - 108);
        }
        return true;
    }
    let pair = |out: &mut O, name: &str| -> bool {
        match n {
            1 => {
                out.push_str(name);
                out.push_str(if v & 1 == 0 { "_lo" } else { "_hi" });
                true
            }
            _ if v & 1 == 0 => {
                out.push_str(name);
                true
            }
            _ => false,
        }
    };
    match v {
        106 | 107 => pair(out, "vcc"),
        126 | 127 => pair(out, "exec"),
        124 => {
            out.push_str("null");
            true
        }
        125 if n == 1 => {
            out.push_str("m0");
            true
        }
        _ => false,
    }
}

pub fn special_name(v: u32) -> Option<&'static str> {
    Some(match v {
        235 => "src_shared_base",
        236 => "src_shared_limit",
        237 => "src_private_base",
        238 => "src_private_limit",
        239 => "src_pops_exiting_wave_id",
        251 => "src_vccz",
        252 => "src_execz",
        253 => "src_scc",
        254 => "src_lds_direct",
        _ => return None,
    })
}

const INV2PI_64: &str = "0.15915494309189532";

fn float_name_32(lit: u32) -> Option<&'static str> {
    FLOAT_CONSTS.iter().find(|c| c.1 == lit).map(|c| c.0)
}

fn float_name_16(lit: u32) -> Option<&'static str> {
    FLOAT_CONSTS.iter().find(|c| c.2 as u32 == lit).map(|c| c.0)
}

/// Prints a literal dword as llvm-mc-19 does for an operand of type `ty`.
pub fn write_literal<O: Sink + ?Sized>(out: &mut O, lit: u32, ty: Ty) {
    let s = lit as i32;
    match ty {
        Ty::B32 | Ty::I16 => {
            if (-16..=64).contains(&s) {
                let _ = write!(out, "{s}");
            } else if let Some(n) = float_name_32(lit) {
                out.push_str(n);
            } else if ty == Ty::I16 {
                push_hex(out, lit & 0xffff);
            } else {
                push_hex(out, lit);
            }
        }
        Ty::F16 => {
            let lo = lit & 0xffff;
            let h = lo as u16 as i16;
            if (-16..=64).contains(&h) {
                let _ = write!(out, "{h}");
            } else if let Some(n) = float_name_16(lo) {
                out.push_str(n);
            } else {
                push_hex(out, lo);
            }
        }
        Ty::PkF | Ty::PkI => {
            if (-16..=64).contains(&s) {
                let _ = write!(out, "{s}");
            } else if let (Ty::PkF, Some(n)) = (ty, float_name_16(lit)) {
                out.push_str(n);
            } else {
                push_hex(out, lit);
            }
        }
        Ty::F64 => {
            if (-16..=64).contains(&s) {
                let _ = write!(out, "{s}");
            } else if let Some(c) = FLOAT_CONSTS
                .iter()
                .take(8)
                .find(|c| (c.3 >> 32) as u32 == lit)
            {
                out.push_str(c.0);
            } else {
                push_hex(out, lit);
            }
        }
        Ty::I64 => {
            if (-16..=64).contains(&s) {
                let _ = write!(out, "{s}");
            } else {
                push_hex(out, lit);
            }
        }
    }
}

/// Prints an inline float constant (240..=248).
pub fn write_float_const<O: Sink + ?Sized>(out: &mut O, idx: u32, ty: Ty) {
    if ty == Ty::I16 {
        if let Some(c) = FLOAT_CONSTS.get(idx as usize) {
            let _ = write!(out, "0x{:x}", c.2);
        }
    } else if idx == 8 && matches!(ty, Ty::F64 | Ty::I64) {
        out.push_str(INV2PI_64);
    } else if let Some(c) = FLOAT_CONSTS.get(idx as usize) {
        out.push_str(c.0);
    }
}

/// Prints a 9-bit source operand of `n` dwords. `lit` is the literal dword if present.
/// VGPRs print as `vN`; the caller handles `.l`/`.h` halves and register-class comments.
pub fn write_src<O: Sink + ?Sized>(out: &mut O, v: u32, n: u32, ty: Ty, lit: Option<u32>) -> bool {
    match v {
        0..=127 => write_sreg(out, v, n),
        128..=192 => {
            push_dec(out, v - 128);
            true
        }
        193..=208 => {
            out.push('-');
            push_dec(out, v - 192);
            true
        }
        240..=248 => {
            write_float_const(out, v - 240, ty);
            true
        }
        255 => match lit {
            Some(l) => {
                write_literal(out, l, ty);
                true
            }
            None => false,
        },
        256..=511 => {
            let r = v - 256;
            if r + n.max(1) > 256 {
                return false;
            }
            write_range(out, "v", r, n.max(1));
            true
        }
        254 if n >= 2 => false,
        _ => match special_name(v) {
            Some(s) => {
                out.push_str(s);
                true
            }
            None => false,
        },
    }
}
