//! Decoding and printing, one function per encoding. Each function checks the fields as llvm-mc
//! does (fields an opcode does not use must be zero, operands must name valid registers) and
//! writes LLVM's text into `out`. No allocation beyond the output string.

use super::fmt::{dec, hex32, sdec, Out};
use super::operand::{self, write_src, write_sreg, write_vreg, OpType};
use super::table::{field_bit, flag, Entry, Field, ImmKind, Operand, Shape, E32_SPECIAL};
use super::{Enc, Gen};
use crate::fields;

/// A successful decode: length in dwords and the encoding class name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub len: u8,
    pub class: &'static str,
    pub enc: Enc,
    pub op: u16,
}

/// [`Decoded::with`]: the class is the encoding's name ([`Enc::name`]).
const CLASS_ENC: u8 = 0;
/// ... `SDWA`.
pub(crate) const CLASS_SDWA: u8 = 1;
/// ... `DPP`.
pub(crate) const CLASS_DPP: u8 = 2;
/// ... `VOP1` (gfx9's SDWA/DPP v_nop, printed as the plain 4-byte instruction).
pub(crate) const CLASS_VOP1: u8 = 3;

impl Decoded {
    /// An instruction of `len` dwords, opcode `op` of `enc` (named after its encoding).
    #[inline(always)]
    fn of(len: u8, enc: Enc, op: u32) -> Decoded {
        Decoded::with(len, enc, op as u16, CLASS_ENC)
    }
    /// ... whose class name is `ext` (a `CLASS_*`).
    #[inline(always)]
    pub(crate) fn with(len: u8, enc: Enc, op: u16, ext: u8) -> Decoded {
        let class = match ext {
            CLASS_SDWA => "SDWA",
            CLASS_DPP => "DPP",
            CLASS_VOP1 => "VOP1",
            _ => enc.name(),
        };
        Decoded {
            len,
            class,
            enc,
            op,
        }
    }
}

/// The dwords at byte `pos` (up to 3; missing ones read as zero and are reported by `avail`).
pub fn words_at(code: &[u8], pos: usize) -> [u32; 3] {
    gpuisa_core::bits::le_words(code, pos)
}

/// Number of whole dwords available from `pos`.
pub fn avail(code: &[u8], pos: usize) -> usize {
    (code.len().saturating_sub(pos) / 4).min(3)
}

type R = Result<Decoded, ()>;

fn bits(w: u32, lo: u32, n: u32) -> u32 {
    (w >> lo) & ((1u32 << n) - 1)
}

/// Identifies the encoding of a first dword: one load from a table indexed by the generation and
/// the dword's top 9 bits, which decide the encoding ([`encoding_of_top`]).
#[inline]
pub fn encoding_of(gen: Gen, w: u32) -> Option<Enc> {
    ENCODINGS[gen as usize][(w >> 23) as usize]
}

/// [`encoding_of`] for every generation (in `Gen` order) and top 9 bits, computed at compile time.
static ENCODINGS: [[Option<Enc>; 512]; 5] = {
    let mut t = [[None; 512]; 5];
    let mut g = 0;
    while g < 5 {
        let gen = [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906][g];
        let mut top = 0;
        while top < 512 {
            t[g][top] = encoding_of_top(gen, top as u32);
            top += 1;
        }
        g += 1;
    }
    t
};

/// The encoding of a first dword whose top 9 bits are `top`: the generated layouts' ENCODING
/// prefixes (`data/amd/encodings.txt`, [`fields::identify`]).
const fn encoding_of_top(gen: Gen, top: u32) -> Option<Enc> {
    use fields::Encoding as E;
    Some(match fields::identify(fields::G::of(gen), top << 23) {
        Some(E::Sop2) => Enc::Sop2,
        Some(E::Sopk) => Enc::Sopk,
        Some(E::Sop1) => Enc::Sop1,
        Some(E::Sopc) => Enc::Sopc,
        Some(E::Sopp) => Enc::Sopp,
        Some(E::Smrd) => Enc::Smrd,
        Some(E::Smem) => Enc::Smem,
        Some(E::Vop2) => Enc::Vop2,
        Some(E::Vop1) => Enc::Vop1,
        Some(E::Vopc) => Enc::Vopc,
        Some(E::Vop3) => Enc::Vop3,
        Some(E::Vop3p) => Enc::Vop3p,
        Some(E::Vintrp) => Enc::Vintrp,
        Some(E::Ds) => Enc::Ds,
        Some(E::Mubuf) => Enc::Mubuf,
        Some(E::Mtbuf) => Enc::Mtbuf,
        Some(E::Mimg) => Enc::Mimg,
        Some(E::Flat) => Enc::Flat,
        Some(E::Exp) => Enc::Exp,
        // gfx11-only layouts, and the extension dwords.
        Some(E::Vopd | E::Vinterp | E::Ldsdir | E::Sdwa | E::Dpp | E::Dpp8) | None => return None,
    })
}

/// Decodes one instruction from `w` (the dwords at the current position; `n` of them exist) and
/// appends its text to `out`.
#[inline(never)]
pub fn decode_n(gen: Gen, w: &[u32; 3], n: usize, out: &mut String) -> R {
    let text = &mut Out::new();
    let r = decode_into(gen, w, n, text);
    if text.overflowed() {
        // Cannot happen (see `fmt::OUT_CAP`); a cut text must not pass for an instruction.
        return Err(());
    }
    // A failed decode leaves what it printed, as the printers always did.
    out.push_str(text.as_str());
    r
}

/// [`decode_n`] into a stack buffer: the printers below write their text into [`Out`].
pub fn decode_into(gen: Gen, w: &[u32; 3], n: usize, out: &mut Out) -> R {
    let Some(enc) = encoding_of(gen, w[0]) else {
        return Err(());
    };
    // Each path checks the length against `n` itself (after printing, as before): the result
    // goes back untouched. (Every path in a function of its own, `decode_into` a dispatcher:
    // +5 per decode, the arguments then go through the stack.)
    match enc {
        Enc::Vop2 | Enc::Vop1 | Enc::Vopc => vop_e32_fast(gen, enc, w, n, out),
        Enc::Sopk => sopk_fast(gen, w, n, out),
        Enc::Sop2 | Enc::Sop1 | Enc::Sopc => salu_fast(gen, enc, w, n, out),
        Enc::Vop3 => within(vop3(gen, w, out), n),
        _ => decode_other(gen, enc, w, n, out),
    }
}

/// `r`, or an error if its instruction is longer than the `n` dwords that exist.
#[inline(always)]
fn within(r: R, n: usize) -> R {
    match r {
        Ok(d) if d.len as usize > n => Err(()),
        r => r,
    }
}

/// SOPK `{sdst}, {simm16:hex}` (`s_movk_i32 s4, 0x41`, `s_cmpk_*`: a third of the words of
/// scalar-heavy code) straight; other rows go to [`scalar`], which prints the same.
#[inline(always)]
fn sopk_fast(gen: Gen, w: &[u32; 3], n: usize, out: &mut Out) -> R {
    let w0 = w[0];
    let op = bits(w0, 23, 5);
    let e = entry(gen, Enc::Sopk, op)?;
    let Shape::SopkHex { nd } = &e.shape else {
        return decode_other(gen, Enc::Sopk, w, n, out);
    };
    if !e.zero.is_empty() {
        return decode_other(gen, Enc::Sopk, w, n, out);
    }
    if w0 & !e.ok[0] != 0 {
        return Err(());
    }
    head(out, e);
    out.byte(b' ');
    if !write_sdst(out, gen, bits(w0, 16, 7), *nd as u32) {
        return Err(());
    }
    out.bytes(b", ");
    hex32(out, bits(w0, 0, 16));
    within(Ok(Decoded::of(1, Enc::Sopk, op)), n)
}

/// SOP1/SOP2/SOPC `[{sdst}, ]{ssrc0}[, {ssrc1}]` (`Shape::Salu`) straight; other rows go to
/// [`scalar`], which prints the same.
#[inline(never)]
fn salu_fast(gen: Gen, enc: Enc, w: &[u32; 3], n: usize, out: &mut Out) -> R {
    let w0 = w[0];
    let op = match enc {
        Enc::Sop2 => bits(w0, 23, 7),
        Enc::Sop1 => bits(w0, 8, 8),
        _ => bits(w0, 16, 7),
    };
    let e = entry(gen, enc, op)?;
    let Shape::Salu {
        nd,
        n0,
        ty0,
        n1,
        ty1,
    } = &e.shape
    else {
        return decode_other(gen, enc, w, n, out);
    };
    if !e.zero.is_empty() || e.is(flag::REG_ONLY_SOP1) {
        return decode_other(gen, enc, w, n, out);
    }
    if w0 & !e.ok[0] != 0 {
        return Err(());
    }
    let ssrc0 = bits(w0, 0, 8);
    // SOP1 has no ssrc1 (its bits 8-15 are the opcode).
    let ssrc1 = if enc == Enc::Sop1 { 0 } else { bits(w0, 8, 8) };
    let uses_lit = ssrc0 == 255 || *n1 > 0 && ssrc1 == 255;
    let lit = if uses_lit { Some(w[1]) } else { None };
    head(out, e);
    // SOPC's bits 16-22 are its opcode: `scalar` reads its sdst as 0 (no SOPC row has one).
    let sdst = if enc == Enc::Sopc { 0 } else { bits(w0, 16, 7) };
    let regs = [(*nd, sdst, *ty0), (*n0, ssrc0, *ty0), (*n1, ssrc1, *ty1)];
    salu_operands(out, gen, regs, lit)?;
    within(Ok(Decoded::of(1 + uses_lit as u8, enc, op)), n)
}

/// The operand list of a `Shape::Salu` row, ` sdst, ssrc0, ssrc1` as the row has them (`regs`:
/// each operand's dwords, 0 if absent, field value and type; the destination's type is unused).
/// Shared by `salu_fast` and `scalar`.
#[inline(always)]
fn salu_operands(
    out: &mut Out,
    gen: Gen,
    regs: [(u8, u32, OpType); 3],
    lit: Option<u32>,
) -> Result<(), ()> {
    let [(nd, sdst, _), (n0, ssrc0, ty0), (n1, ssrc1, ty1)] = regs;
    out.byte(b' ');
    if nd > 0 {
        if !write_sdst(out, gen, sdst, nd as u32) {
            return Err(());
        }
        out.bytes(b", ");
    }
    if !write_ssrc(out, gen, ssrc0, n0 as u32, ty0, lit) {
        return Err(());
    }
    if n1 > 0 {
        out.bytes(b", ");
        if !write_ssrc(out, gen, ssrc1, n1 as u32, ty1, lit) {
            return Err(());
        }
    }
    Ok(())
}

/// Every encoding but the e32 fast path's, each printer inlined as before (kept out of
/// `decode_into` so that the e32 path has few registers live and a small frame).
#[inline(never)]
fn decode_other(gen: Gen, enc: Enc, w: &[u32; 3], n: usize, out: &mut Out) -> R {
    let r = match enc {
        Enc::Sop2 | Enc::Sop1 | Enc::Sopc | Enc::Sopk | Enc::Sopp => scalar(gen, enc, w, out),
        Enc::Smem => smem(gen, w, out),
        Enc::Smrd => smrd(gen, w, out),
        Enc::Vop2 | Enc::Vop1 | Enc::Vopc => vop_e32(gen, enc, w, out),
        Enc::Vop3 => vop3(gen, w, out),
        Enc::Vop3p => vop3p(gen, w, out),
        Enc::Vintrp => vintrp(gen, w, out),
        Enc::Ds => ds(gen, w, out),
        Enc::Mubuf | Enc::Mtbuf => buf(gen, enc, w, out),
        Enc::Mimg => mimg(gen, w, out),
        Enc::Flat => flat(gen, w, out),
        Enc::Exp => exp(gen, w, out),
        _ => Err(()),
    };
    within(r, n)
}

/// Decodes assuming all 3 dwords exist (see [`decode_n`]).
pub fn decode(gen: Gen, w: &[u32; 3], out: &mut String) -> R {
    decode_n(gen, w, 3, out)
}

#[inline(always)]
fn entry(gen: Gen, enc: Enc, op: u32) -> Result<&'static Entry, ()> {
    super::table::entry(gen, enc, op).ok_or(())
}

/// Writes `mnemonic` and, if any, a space: the start of every instruction.
// No inline attribute on purpose: `#[inline]` costs ~45 per decode (LLVM then spills more in
// the whole dispatcher), `#[inline(never)]` ~13 on e32 (it is inlined where it pays).
fn head(out: &mut Out, e: &Entry) {
    head_inline(out, e)
}

/// [`head`] inlined (in the e32 fast path, where it pays).
#[inline(always)]
fn head_inline(out: &mut Out, e: &Entry) {
    match e.name_pad {
        // `Entry::new` makes `name_pad` `None` for a mnemonic longer than it.
        Some(p) => out.padded(p, e.mnemonic.len()),
        None => out.push_str(e.mnemonic),
    }
}

#[inline]
fn sep(out: &mut Out, first: &mut bool) {
    if *first {
        out.push(' ');
        *first = false;
    } else {
        out.push(',');
        out.push(' ');
    }
}

// ---------------------------------------------------------------- scalar ALU

fn scalar(gen: Gen, enc: Enc, w: &[u32; 3], out: &mut Out) -> R {
    let w0 = w[0];
    let op = match enc {
        Enc::Sop2 => bits(w0, 23, 7),
        Enc::Sopk => bits(w0, 23, 5),
        Enc::Sop1 => bits(w0, 8, 8),
        Enc::Sopc | Enc::Sopp => bits(w0, 16, 7),
        _ => return Err(()),
    };
    let e = entry(gen, enc, op)?;
    if !e.bits_ok(w, 1) {
        return Err(());
    }
    let (sdst, ssrc0, ssrc1, simm) = match enc {
        Enc::Sop2 => (bits(w0, 16, 7), bits(w0, 0, 8), bits(w0, 8, 8), 0),
        Enc::Sopk => (bits(w0, 16, 7), 0, 0, bits(w0, 0, 16)),
        Enc::Sop1 => (bits(w0, 16, 7), bits(w0, 0, 8), 0, 0),
        Enc::Sopc => (0, bits(w0, 0, 8), bits(w0, 8, 8), bits(w0, 8, 8)),
        _ => (0, 0, 0, bits(w0, 0, 16)),
    };
    for z in &e.zero {
        let v = match z {
            Field::Sdst => sdst,
            Field::Ssrc0 => ssrc0,
            Field::Ssrc1 => ssrc1,
            Field::Simm16(_) => simm,
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    let uses_lit = (e.has(Field::Ssrc0) && ssrc0 == 255) || (e.has(Field::Ssrc1) && ssrc1 == 255);
    let mut len = 1 + uses_lit as u8;
    let lit = if uses_lit { Some(w[1]) } else { None };
    head(out, e);
    if enc == Enc::Sopp && simm == 0 && e.is(flag::ENDPGM) {
        // LLVM omits s_endpgm's zero immediate.
        return Ok(Decoded::of(len, enc, op));
    }
    if let Shape::SopkHex { nd } = e.shape {
        // `s_movk_i32 s4, 0x41` and friends straight (the loop below prints the same text).
        out.byte(b' ');
        if !write_sdst(out, gen, sdst, nd as u32) {
            return Err(());
        }
        out.bytes(b", ");
        hex32(out, simm);
        return Ok(Decoded::of(len, enc, op));
    }
    if let Shape::Salu {
        nd,
        n0,
        ty0,
        n1,
        ty1,
    } = &e.shape
    {
        if !e.is(flag::REG_ONLY_SOP1) {
            // The common operand lists straight (the loop below prints the same text).
            let regs = [(*nd, sdst, *ty0), (*n0, ssrc0, *ty0), (*n1, ssrc1, *ty1)];
            salu_operands(out, gen, regs, lit)?;
            return Ok(Decoded::of(len, enc, op));
        }
    }
    let mut first = true;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, ty } => {
                let n = n as u32;
                let ok = match field {
                    Field::Sdst => write_sdst(out, gen, sdst, n),
                    Field::Ssrc0 if enc == Enc::Sop1 && e.is(flag::REG_ONLY_SOP1) => {
                        write_reg_only_src(out, gen, ssrc0, n, ty, lit)
                    }
                    Field::Ssrc0 => write_ssrc(out, gen, ssrc0, n, ty, lit),
                    Field::Ssrc1 => write_ssrc(out, gen, ssrc1, n, ty, lit),
                    Field::Simm16(k) => write_imm16(out, gen, k, simm),
                    Field::K => {
                        len = 2;
                        hex32(out, w[1]);
                        true
                    }
                    _ => false,
                };
                if !ok {
                    return Err(());
                }
            }
            Operand::Text(t) => out.push_str(t),
        }
    }
    Ok(Decoded::of(len, enc, op))
}

/// A register-only scalar source: inline constants and literals print (floats in their 32-bit
/// form) followed by `/*Invalid immediate*/`; lds_direct has no 64-bit form.
#[inline(never)]
fn write_reg_only_src(
    out: &mut Out,
    gen: Gen,
    v: u32,
    n: u32,
    ty: OpType,
    lit: Option<u32>,
) -> bool {
    use super::operand::{classify, write_float_const, write_literal, Src};
    match classify(v) {
        Src::Int(i) => super::fmt::sdec(out, i as i64),
        Src::Float(8) if gen <= Gen::Gfx7 => return false,
        Src::Float(f) => write_float_const(out, f, 1),
        Src::Literal => match lit {
            Some(l) => write_literal(out, l, OpType::Int, 1),
            None => return false,
        },
        Src::Special(254) if n >= 2 => return false,
        _ => return write_ssrc(out, gen, v, n, ty, lit),
    }
    out.push_str("/*Invalid immediate*/");
    true
}

/// A scalar destination: a register range must be aligned (llvm-mc rejects `s[1:2]`).
pub(crate) fn write_sdst(out: &mut Out, gen: Gen, v: u32, n: u32) -> bool {
    if n >= 2 && v % 2 != 0 && (v >= 102 && v < ttmp_start(gen) || v == 127) {
        return false;
    }
    write_sreg(out, gen, v, n)
}

fn ttmp_start(gen: Gen) -> u32 {
    if gen >= Gen::Gfx9 {
        108
    } else {
        112
    }
}

/// A resource/sampler/base register: LLVM prints a special register pair that cannot hold it
/// with a note instead of rejecting the word.
#[inline(never)]
fn write_sres(out: &mut Out, gen: Gen, v: u32, n: u32) -> bool {
    if write_sreg(out, gen, v, n) {
        return true;
    }
    let name = match v {
        102 if gen >= Gen::Gfx8 => "flat_scratch",
        104 if gen == Gen::Gfx7 => "flat_scratch",
        104 if gen >= Gen::Gfx8 => "xnack_mask",
        106 => "vcc",
        108 if gen < Gen::Gfx9 => "tba",
        110 if gen < Gen::Gfx9 => "tma",
        126 => "exec",
        _ => return false,
    };
    out.push_str(name);
    out.push_str("/*Invalid register, operand has 'SReg_");
    dec(out, 32 * n);
    out.push_str("' register class*/");
    true
}

/// A scalar ALU source: as [`write_src`], but LLVM flags `src_lds_direct`, which SALU cannot read.
fn write_ssrc(out: &mut Out, gen: Gen, v: u32, n: u32, ty: OpType, lit: Option<u32>) -> bool {
    // An odd special register cannot start a 64-bit pair (flat_scratch_hi, vcc_hi, exec_hi ...).
    if n >= 2 && v % 2 != 0 && (102..ttmp_start(gen)).contains(&v) || n >= 2 && v == 127 {
        return false;
    }
    if v == 254 && n >= 2 {
        return false;
    }
    if v == 254 {
        out.push_str("src_lds_direct/*Invalid register, operand has 'SReg_");
        out.push_str(if n >= 2 { "64" } else { "32" });
        out.push_str("' register class*/");
        return true;
    }
    // SALU 16-bit operands print float constants as floats (VALU ones as f16 bits).
    let ty = if ty == OpType::Short { OpType::Int } else { ty };
    write_src(out, gen, v, n, ty, lit)
}

#[inline(never)]
fn write_u16(out: &mut Out, v: u32) {
    if v <= 64 {
        dec(out, v);
    } else {
        hex32(out, v);
    }
}

const HWREG_NAMES: [&str; 16] = [
    "",
    "HW_REG_MODE",
    "HW_REG_STATUS",
    "HW_REG_TRAPSTS",
    "HW_REG_HW_ID",
    "HW_REG_GPR_ALLOC",
    "HW_REG_LDS_ALLOC",
    "HW_REG_IB_STS",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "HW_REG_SH_MEM_BASES",
];

#[inline(never)]
fn write_imm16(out: &mut Out, gen: Gen, k: ImmKind, v: u32) -> bool {
    match k {
        ImmKind::Branch => dec(out, v),
        ImmKind::U16 => write_u16(out, v),
        ImmKind::Hex => hex32(out, v),
        ImmKind::Hwreg => {
            let id = v & 0x3f;
            let off = (v >> 6) & 0x1f;
            let size = ((v >> 11) & 0x1f) + 1;
            let name = HWREG_NAMES.get(id as usize).copied().unwrap_or("");
            let name = match id {
                15 if gen < Gen::Gfx9 => "",
                16 if gen >= Gen::Gfx9 => "HW_REG_TBA_LO",
                17 if gen >= Gen::Gfx9 => "HW_REG_TBA_HI",
                18 if gen >= Gen::Gfx9 => "HW_REG_TMA_LO",
                19 if gen >= Gen::Gfx9 => "HW_REG_TMA_HI",
                _ => name,
            };
            out.push_str("hwreg(");
            if name.is_empty() {
                dec(out, id);
            } else {
                out.push_str(name);
            }
            if !(off == 0 && size == 32) {
                out.push_str(", ");
                dec(out, off);
                out.push_str(", ");
                dec(out, size);
            }
            out.push(')');
        }
        ImmKind::Waitcnt => {
            let (vm, vm_max) = if gen >= Gen::Gfx9 {
                ((v & 0xf) | ((v >> 14) & 3) << 4, 63)
            } else {
                (v & 0xf, 15)
            };
            let exp = (v >> 4) & 7;
            let lgkm = (v >> 8) & 0xf;
            let start = out.len();
            let mut items: [(u32, u32, &str); 3] = [
                (vm, vm_max, "vmcnt"),
                (exp, 7, "expcnt"),
                (lgkm, 15, "lgkmcnt"),
            ];
            let all_max = items.iter().all(|(a, m, _)| a == m);
            for (val, max, name) in items.iter_mut() {
                if all_max || *val != *max {
                    if out.len() > start {
                        out.push(' ');
                    }
                    out.push_str(name);
                    out.push('(');
                    dec(out, *val);
                    out.push(')');
                }
            }
        }
        ImmKind::Sendmsg => write_sendmsg(out, gen, v),
        ImmKind::GprIdx => {
            if v > 15 {
                // llvm-mc prints a mode it cannot name in hex.
                hex32(out, v);
            } else {
                out.push_str("gpr_idx(");
                let names = ["SRC0", "SRC1", "SRC2", "DST"];
                let mut f = true;
                for (i, n) in names.iter().enumerate() {
                    if v >> i & 1 != 0 {
                        if !f {
                            out.push(',');
                        }
                        out.push_str(n);
                        f = false;
                    }
                }
                out.push(')');
            }
        }
    }
    true
}

#[inline(never)]
fn write_sendmsg(out: &mut Out, gen: Gen, v: u32) {
    let id = v & 0xf;
    let op = (v >> 4) & 7;
    let stream = (v >> 8) & 3;
    let g9 = gen >= Gen::Gfx9;
    let name = match id {
        1 => "MSG_INTERRUPT",
        2 => "MSG_GS",
        3 => "MSG_GS_DONE",
        // gfx6/gfx7 have no MSG_SAVEWAVE (llvm-mc-19: "not supported on this GPU").
        4 if gen >= Gen::Gfx8 => "MSG_SAVEWAVE",
        5 if g9 => "MSG_STALL_WAVE_GEN",
        6 if g9 => "MSG_HALT_WAVES",
        7 if g9 => "MSG_ORDERED_PS_DONE",
        8 if g9 => "MSG_EARLY_PRIM_DEALLOC",
        9 if g9 => "MSG_GS_ALLOC_REQ",
        10 if g9 => "MSG_GET_DOORBELL",
        15 => "MSG_SYSMSG",
        _ => "",
    };
    let gs = id == 2 || id == 3;
    let op_ok = match id {
        2 => (1..=3).contains(&op),
        3 => op <= 3,
        // gfx9 has no SYSMSG_OP_HOST_TRAP_ACK.
        15 => (1..=4).contains(&op) && !(g9 && op == 3),
        _ => op == 0,
    };
    let stream_ok = if gs && op != 0 { true } else { stream == 0 };
    if !name.is_empty() && op_ok && stream_ok {
        out.push_str("sendmsg(");
        out.push_str(name);
        if gs {
            let ops = ["GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"];
            out.push_str(", ");
            out.push_str(ops[op as usize]);
            if op != 0 {
                out.push_str(", ");
                dec(out, stream);
            }
        } else if id == 15 {
            let ops = [
                "",
                "SYSMSG_OP_ECC_ERR_INTERRUPT",
                "SYSMSG_OP_REG_RD",
                "SYSMSG_OP_HOST_TRAP_ACK",
                "SYSMSG_OP_TTRACE_PC",
            ];
            out.push_str(", ");
            out.push_str(ops[op as usize]);
        }
        out.push(')');
    } else if v & !0x37f == 0 {
        // Only a value the three fields re-encode exactly (bit 7 is in none) prints as fields.
        out.push_str("sendmsg(");
        dec(out, id);
        out.push_str(", ");
        dec(out, op);
        out.push_str(", ");
        dec(out, stream);
        out.push(')');
    } else {
        dec(out, v);
    }
}

// ---------------------------------------------------------------- SMRD (gfx6/gfx7)

fn smrd(gen: Gen, w: &[u32; 3], out: &mut Out) -> R {
    let w0 = w[0];
    let op = bits(w0, 22, 5);
    let e = entry(gen, Enc::Smrd, op)?;
    let off = bits(w0, 0, 8);
    let imm = bits(w0, 8, 1);
    let sbase = bits(w0, 9, 6) * 2;
    let sdata = bits(w0, 15, 7);
    head(out, e);
    let mut first = true;
    let mut len = 1;
    for o in &e.operands {
        sep(out, &mut first);
        let ok = match *o {
            Operand::Field {
                field: Field::Sdata,
                n,
                ..
            } => write_smem_sdata(out, gen, sdata, n as u32),
            Operand::Field {
                field: Field::Sbase,
                n,
                ..
            } => write_sres(out, gen, sbase, n as u32),
            Operand::Field {
                field: Field::Offset,
                ..
            } => {
                if imm != 0 {
                    hex32(out, off);
                    true
                } else if off == 255 && gen == Gen::Gfx7 {
                    // gfx7: a 32-bit literal offset follows.
                    len = 2;
                    hex32(out, w[1]);
                    true
                } else {
                    write_sreg(out, gen, off, 1)
                }
            }
            Operand::Text(t) => {
                out.push_str(t);
                true
            }
            _ => false,
        };
        if !ok {
            return Err(());
        }
    }
    if e.operands.is_empty() && w0 & 0x003f_ffff != 0 {
        return Err(());
    }
    Ok(Decoded::with(len, Enc::Smrd, op as u16, CLASS_ENC))
}

// ---------------------------------------------------------------- SMEM

fn smem(gen: Gen, w: &[u32; 3], out: &mut Out) -> R {
    let w0 = w[0];
    let op = bits(w0, 18, 8);
    let e = entry(gen, Enc::Smem, op)?;
    if !e.bits_ok(w, 1) {
        return Err(());
    }
    let sbase = bits(w0, 0, 6) * 2;
    let sdata = bits(w0, 6, 7);
    let glc = bits(w0, 16, 1);
    let imm = bits(w0, 17, 1);
    let (soe, nv) = if gen >= Gen::Gfx9 {
        (bits(w0, 14, 1), bits(w0, 15, 1))
    } else {
        (0, 0)
    };

    for z in &e.zero {
        let v = match z {
            Field::Sdata => sdata,
            Field::Sbase => sbase,
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    let w1 = w[1];
    head(out, e);
    let mut first = true;
    for o in &e.operands {
        match *o {
            Operand::Field { field, n, .. } => {
                let n = n as u32;
                let ok = match field {
                    Field::Sdata => {
                        sep(out, &mut first);
                        let at = out.n_warnings();
                        let ok = write_smem_sdata(out, gen, sdata, n);
                        if glc != 0 && e.mnemonic.contains("_atomic") {
                            out.repeat_warnings(at);
                        }
                        ok
                    }
                    Field::SdataImm => {
                        sep(out, &mut first);
                        write_u16(out, sdata);
                        true
                    }
                    Field::Sbase => {
                        sep(out, &mut first);
                        write_sres(out, gen, sbase, n)
                    }
                    Field::Offset => {
                        sep(out, &mut first);
                        smem_offset(out, gen, imm, soe, w1)
                    }
                    _ => false,
                };
                if !ok {
                    return Err(());
                }
            }
            Operand::Text(t) => {
                sep(out, &mut first);
                out.push_str(t)
            }
        }
    }

    // s_atc_probe* (an immediate instead of sdata) never print glc.
    if glc != 0 && e.has(Field::Sdata) && e.has(Field::Offset) {
        out.push_str(" glc");
    }
    let _ = nv;
    Ok(Decoded::with(2, Enc::Smem, op as u16, CLASS_ENC))
}

/// SMEM data registers: llvm-mc's classes exclude m0/exec (32/64-bit) and every special pair
/// (128+ bits); it prints such registers with a note. Odd special pairs are rejected.
#[inline(never)]
fn write_smem_sdata(out: &mut Out, gen: Gen, v: u32, n: u32) -> bool {
    if n >= 2 && v % 2 != 0 && ((102..ttmp_start(gen)).contains(&v) || v == 127) {
        return false;
    }
    let note = match (n, v) {
        (1, 124 | 126 | 127) => "32_XM0_XEXEC",
        (2, 126) => "64_XEXEC",
        (4, _) => "128",
        (8, _) => "256",
        (16, _) => "512",
        _ => return write_sreg(out, gen, v, n),
    };
    if n >= 4 {
        return write_sres(out, gen, v, n);
    }
    if !write_sreg(out, gen, v, n) {
        return false;
    }
    out.push_str("/*Invalid register, operand has 'SReg_");
    out.push_str(note);
    out.push_str("' register class*/");
    true
}

#[inline(never)]
fn smem_offset(out: &mut Out, gen: Gen, imm: u32, soe: u32, w1: u32) -> bool {
    if gen >= Gen::Gfx9 {
        let off = ((w1 << 11) as i32) >> 11;
        let soff = w1 >> 25;
        let hex = super::fmt::shex32;
        match (imm, soe) {
            (1, 0) => hex(out, off),
            (0, 0) => return write_sreg(out, gen, w1 & 0x7f, 1),
            (0, _) => return write_sreg(out, gen, soff, 1),
            _ => {
                if !write_sreg(out, gen, soff, 1) {
                    return false;
                }
                out.push_str(" offset:");
                hex(out, off);
            }
        }
        true
    } else if imm != 0 {
        hex32(out, w1 & 0xf_ffff);
        true
    } else {
        write_sreg(out, gen, w1 & 0x7f, 1)
    }
}

// ---------------------------------------------------------------- VOP1/VOP2/VOPC (e32)

/// The src0 of v_readfirstlane/v_readlane (a VGPR or lds_direct) and of the VGPR-only opcodes
/// (v_swap_b32, v_movrel*), given a non-VGPR: printed with llvm-mc's note.
#[inline(never)]
fn write_noted_src0(
    out: &mut Out,
    gen: Gen,
    e: &Entry,
    src0: u32,
    n: u32,
    ty: OpType,
    lit: Option<u32>,
) -> bool {
    let ok = write_src(out, gen, src0, n, ty, lit);
    if e.is(flag::READFIRSTLANE | flag::READLANE) {
        // v_readfirstlane reads a VGPR (or lds_direct): LLVM annotates the rest.
        match operand::classify(src0) {
            operand::Src::Sgpr(_) => {
                out.push_str("/*Invalid register, operand has 'VRegOrLds_32' register class*/")
            }
            operand::Src::Special(254) => {}
            operand::Src::Special(_) => {
                out.push_str("/*Invalid register, operand has 'VRegOrLds_32' register class*/")
            }
            _ => out.push_str("/*Invalid immediate*/"),
        }
    } else {
        // v_swap_b32 swaps VGPRs: LLVM annotates scalar sources and constants.
        match operand::classify(src0) {
            operand::Src::Sgpr(_) => {
                out.push_str("/*Invalid register, operand has 'VGPR_32' register class*/")
            }
            // A literal too (llvm-mc-19, gfx803: `v_movrels_b32_e32 v208,
            // 0x12345/*Invalid immediate*/`).
            operand::Src::Int(_) | operand::Src::Float(_) | operand::Src::Literal => {
                out.push_str("/*Invalid immediate*/")
            }
            _ => {}
        }
    }
    ok
}

/// VOP1/VOP2/VOPC e32 of a common operand list (`Shape::E32`, no opcode-specific rule, no
/// SDWA/DPP, no must-be-zero field): two thirds of the words of compiled code, printed with few
/// values live. Everything else, checks first, goes to [`vop_e32`] (nothing is printed before).
#[inline(always)]
fn vop_e32_fast(gen: Gen, enc: Enc, w: &[u32; 3], n: usize, out: &mut Out) -> R {
    let w0 = w[0];
    let op = match enc {
        Enc::Vop2 => bits(w0, 25, 6),
        Enc::Vop1 => bits(w0, 9, 8),
        _ => bits(w0, 17, 8),
    };
    let e = entry(gen, enc, op)?;
    let src0 = w0 & 0x1ff;
    if !matches!(e.shape, Shape::E32 { .. }) || !e.e32_fast || src0 == 0xF9 || src0 == 0xFA {
        return within(vop_e32(gen, enc, w, out), n);
    }
    if w0 & !e.ok[0] != 0 {
        return Err(());
    }
    // A literal src0 (the shape always has src0).
    let uses_lit = src0 == 255;
    let lit = if uses_lit { Some(w[1]) } else { None };
    head_inline(out, e);
    e32_operands(
        out,
        gen,
        &e.shape,
        [bits(w0, 17, 8), src0, bits(w0, 9, 8)],
        lit,
    )?;
    if uses_lit && n < 2 {
        return Err(());
    }
    Ok(Decoded::of(1 + uses_lit as u8, enc, op))
}

/// The operand list of a `Shape::E32` row, ` vdst, [vcc, ]src0[, vsrc1][, vcc]` as the row has
/// them (`regs`: the vdst, src0 and vsrc1 fields; `lit`: the literal dword if src0 is one).
/// Shared by `vop_e32_fast` and `vop_e32`; another shape is an error (no caller passes one).
#[inline(always)]
fn e32_operands(
    out: &mut Out,
    gen: Gen,
    shape: &Shape,
    regs: [u32; 3],
    lit: Option<u32>,
) -> Result<(), ()> {
    // By reference: each field is read where it is used (copied out before printing, they were
    // kept on the stack across the operand writes: +18 instructions per decode).
    let Shape::E32 {
        nd,
        vcc_in,
        n0,
        ty0,
        n1,
        vcc_out,
    } = shape
    else {
        return Err(());
    };
    let [vdst, src0, vsrc1] = regs;
    out.byte(b' ');
    if *nd > 0 {
        if !write_vreg(out, vdst, *nd as u32) {
            return Err(());
        }
        out.bytes(b", ");
    }
    if *vcc_in {
        out.bytes(b"vcc, ");
    }
    if !write_src(out, gen, src0, *n0 as u32, *ty0, lit) {
        return Err(());
    }
    if *n1 > 0 {
        out.bytes(b", ");
        if !write_vreg(out, vsrc1, *n1 as u32) {
            return Err(());
        }
    }
    if *vcc_out {
        out.bytes(b", vcc");
    }
    Ok(())
}

#[inline(never)]
fn vop_e32(gen: Gen, enc: Enc, w: &[u32; 3], out: &mut Out) -> R {
    let w0 = w[0];
    let (op, vdst, vsrc1) = match enc {
        Enc::Vop2 => (bits(w0, 25, 6), bits(w0, 17, 8), bits(w0, 9, 8)),
        Enc::Vop1 => (bits(w0, 9, 8), bits(w0, 17, 8), 0),
        _ => (bits(w0, 17, 8), 0, bits(w0, 9, 8)),
    };
    let src0 = bits(w0, 0, 9);
    let e = entry(gen, enc, op)?;
    if src0 == 0xF9 || src0 == 0xFA {
        // gfx6/gfx7 have no SDWA/DPP: 249/250 name no operand there.
        if gen <= Gen::Gfx7 {
            return Err(());
        }
        return super::decode_ext::sdwa_dpp(gen, enc, e, w, out);
    }
    if !e.bits_ok(w, 1) {
        return Err(());
    }
    for z in &e.zero {
        let v = match z {
            Field::Vdst => vdst,
            Field::Src0 => src0,
            Field::Vsrc1 => vsrc1,
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    // v_readfirstlane's 8-bit sdst may name the literal too (llvm-mc prints it with a note).
    let lit_sdst = vdst == 255 && enc == Enc::Vop1 && is_sdst_vop1(e);
    let uses_lit = e.has(Field::Src0) && src0 == 255 || lit_sdst;
    let has_k = e.has(Field::K);
    // With a K constant, a literal src0 shares its dword.
    let len = 1 + (uses_lit || has_k) as u8;
    let lit = if uses_lit { Some(w[1]) } else { None };
    head(out, e);
    let mut first = true;
    if e.flags & E32_SPECIAL == 0 && !has_k {
        let d = Decoded::of(len, enc, op);
        // The most common operand lists straight (see `Shape`), the others in a loop: VGPR
        // destination, any source, VGPR source.
        if let Shape::E32 { .. } = e.shape {
            e32_operands(out, gen, &e.shape, [vdst, src0, vsrc1], lit)?;
            return Ok(d);
        }
        for o in &e.operands {
            sep(out, &mut first);
            let ok = match *o {
                Operand::Field {
                    field: Field::Vdst,
                    n,
                    ..
                } => write_vreg(out, vdst, n as u32),
                Operand::Field {
                    field: Field::Src0,
                    n,
                    ty,
                } => write_src(out, gen, src0, n as u32, ty, lit),
                Operand::Field {
                    field: Field::Vsrc1,
                    n,
                    ..
                } => write_vreg(out, vsrc1, n as u32),
                Operand::Text(t) => {
                    out.push_str(t);
                    true
                }
                Operand::Field { .. } => false,
            };
            if !ok {
                return Err(());
            }
        }
        return Ok(Decoded::of(len, enc, op));
    }
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, ty } => {
                let n = n as u32;
                let ok = match field {
                    Field::Vdst => {
                        if lit_sdst {
                            operand::write_literal(out, w[1], OpType::Int, 1);
                            out.push_str("/*Invalid immediate*/");
                            true
                        } else if enc == Enc::Vop1 && is_sdst_vop1(e)
                            || enc == Enc::Vop2 && e.is(flag::READLANE)
                        {
                            // gfx6/gfx7 VOP2 v_readlane_b32 writes an SGPR.
                            write_sdst8(out, gen, vdst, n)
                        } else {
                            write_vreg(out, vdst, n)
                        }
                    }
                    Field::Src0
                        if e.is(flag::READFIRSTLANE | flag::READLANE | flag::VGPR_ONLY_SRC0)
                            && src0 < 256 =>
                    {
                        write_noted_src0(out, gen, e, src0, n, ty, lit)
                    }
                    // gfx6/gfx7 VOP2 v_writelane_b32 reads a scalar (SReg_32 as LLVM's gfx8
                    // VOP3 form): a VGPR is annotated, a literal rejected.
                    Field::Src0 if enc == Enc::Vop2 && e.is(flag::WRITELANE) => {
                        write_sreg32_src(out, gen, src0)
                    }
                    Field::Src0 => write_src(out, gen, src0, n, ty, lit),
                    // gfx6/gfx7 VOP2 v_readlane/v_writelane: the 8-bit field is the lane
                    // select, a scalar operand (SGPR, m0, inline constant).
                    Field::Vsrc1 if enc == Enc::Vop2 && e.is(flag::LANE_B32) => {
                        write_sreg32_src(out, gen, vsrc1)
                    }
                    Field::Vsrc1 => write_vreg(out, vsrc1, n),
                    // The madak/madmk constant: LLVM prints the whole dword in hex, even when
                    // it equals an inline constant (`0x3f800000`, not `1.0`).
                    Field::K => {
                        hex32(out, w[1]);
                        true
                    }
                    _ => false,
                };
                if !ok {
                    return Err(());
                }
            }
            Operand::Text(t) => out.push_str(t),
        }
    }
    Ok(Decoded::of(len, enc, op))
}

fn is_sdst_vop1(e: &Entry) -> bool {
    e.is(flag::READFIRSTLANE)
}

// ---------------------------------------------------------------- VOP3

/// Writes a source with VOP3 modifiers (`-x`, `|x|`) for float operands.
fn write_mod_src(
    out: &mut Out,
    gen: Gen,
    v: u32,
    n: u32,
    ty: OpType,
    neg: bool,
    abs: bool,
) -> bool {
    write_mod_src_x(out, gen, v, n, ty, neg, abs, false)
}

/// `mix`: v_mad_mix/v_fma_mix write `neg(...)` around float constants too.
#[allow(clippy::too_many_arguments)]
fn write_mod_src_x(
    out: &mut Out,
    gen: Gen,
    v: u32,
    n: u32,
    ty: OpType,
    neg: bool,
    abs: bool,
    mix: bool,
) -> bool {
    // LLVM writes `neg(...)` around inline constants, integer or float (a `-` would read as part
    // of the number), unless `|...|` already separates them.
    let _ = mix;
    if !neg && !abs {
        return write_src(out, gen, v, n, ty, None);
    }
    let int_const = matches!(
        operand::classify(v),
        operand::Src::Int(_) | operand::Src::Float(_)
    ) && !abs;
    if neg {
        out.push_str(if int_const { "neg(" } else { "-" });
    }
    if abs {
        out.push('|');
    }
    let ok = write_src(out, gen, v, n, ty, None);
    if abs {
        out.push('|');
    }
    if neg && int_const {
        out.push(')');
    }
    ok
}

/// The 8-bit scalar destination of a VOPC/VOP3 compare: LLVM prints non-SGPR values as sources,
/// constants flagged `/*Invalid immediate*/`.
#[inline(never)]
fn write_sdst8(out: &mut Out, gen: Gen, v: u32, n: u32) -> bool {
    if v < 128 {
        return write_sdst(out, gen, v, n);
    }
    match operand::classify(v) {
        operand::Src::Int(_) | operand::Src::Float(_) => {
            // Printed as a 32-bit constant whatever the destination's size.
            write_src(out, gen, v, 1, OpType::Int, None);
            out.push_str("/*Invalid immediate*/");
            true
        }
        operand::Src::Special(_) => write_src(out, gen, v, n, OpType::Int, None),
        _ => false,
    }
}

/// Opcodes whose VOP3 sources follow a rule of their own (see [`vop3_src_special`]).
const VOP3_SPECIAL: u32 = flag::SAD_U16
    | flag::CNDMASK
    | flag::CVT_PK_U8_F32
    | flag::CARRY_IN
    | flag::MQSAD_U32_U8
    | flag::VGPR_ONLY_SRC0
    | flag::SEXT_SRC1;

/// A VOP3 source `i` of an opcode with a `VOP3_SPECIAL` flag: LLVM's notes and integer modifiers.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn vop3_src_special(
    out: &mut Out,
    gen: Gen,
    e: &Entry,
    w1: u32,
    i: usize,
    n: u32,
    ty: OpType,
    ng: bool,
    ab: bool,
) -> bool {
    let srcs = [bits(w1, 0, 9), bits(w1, 9, 9), bits(w1, 18, 9)];
    // LLVM types v_sad_u16's sources as 32-bit integers.
    let ty = if e.is(flag::SAD_U16) { OpType::Int } else { ty };
    // v_cndmask_b32 takes float source modifiers although its type is b32.
    // v_cvt_pk_u8_f32 packs into integer src1/src2: no float modifiers.
    let fmods = (ty.is_float() || e.is(flag::CNDMASK)) && !(i > 0 && e.is(flag::CVT_PK_U8_F32));
    let carry_in = e.is(flag::CARRY_IN);
    let cond = e.is(flag::CARRY_IN | flag::CNDMASK);
    if i == 2 && cond && srcs[2] >= 256 {
        // The carry-in is an SGPR pair: llvm-mc notes a VGPR there.
        let ok = write_src(out, gen, srcs[2], n, ty, None);
        out.push_str("/*Invalid register, operand has 'SReg_1_XEXEC' register class*/");
        ok
    } else if i == 2
        && carry_in
        && matches!(
            operand::classify(srcs[2]),
            operand::Src::Int(_) | operand::Src::Float(_)
        )
    {
        let ok = write_src(out, gen, srcs[2], 1, OpType::Int, None);
        out.push_str("/*Invalid immediate*/");
        ok
    } else if i == 2
        && e.is(flag::CNDMASK)
        && matches!(
            operand::classify(srcs[2]),
            operand::Src::Int(_) | operand::Src::Float(_)
        )
    {
        // The condition is a register: LLVM annotates a constant there.
        let ok = write_src(out, gen, srcs[2], 1, OpType::Int, None);
        out.push_str("/*Invalid immediate*/");
        ok
    } else if i == 2 && e.is(flag::MQSAD_U32_U8) && srcs[2] < 256 {
        // src2 is a VGPR quad; LLVM annotates the rest.
        let ok = write_src(out, gen, srcs[2], n, ty, None);
        out.push_str(match operand::classify(srcs[2]) {
            operand::Src::Int(_) | operand::Src::Float(_) => "/*Invalid immediate*/",
            _ => "/*Invalid register, operand has 'VReg_128' register class*/",
        });
        ok
    } else if i == 0 && e.is(flag::VGPR_ONLY_SRC0) && srcs[0] < 256 {
        // VGPR-only source: LLVM annotates scalars and constants.
        let ok = write_src(out, gen, srcs[0], n, ty, None);
        out.push_str(match operand::classify(srcs[0]) {
            operand::Src::Sgpr(_) => "/*Invalid register, operand has 'VGPR_32' register class*/",
            operand::Src::Int(_) | operand::Src::Float(_) => "/*Invalid immediate*/",
            _ => "",
        });
        ok
    } else if i == 1 && e.is(flag::SEXT_SRC1) || i > 0 && e.is(flag::CVT_PK_U8_F32) {
        // LLVM's integer input modifiers: the neg bit is sext, abs is ignored.
        if ng {
            out.push_str("sext(");
        }
        let ok = write_src(out, gen, srcs[i], n, OpType::Int, None);
        if ng {
            out.push(')');
        }
        ok
    } else {
        let (ng, ab) = if fmods { (ng, ab) } else { (false, false) };
        write_mod_src(out, gen, srcs[i], n, ty, ng, ab)
    }
}

#[inline(never)]
fn vop3(gen: Gen, w: &[u32; 3], out: &mut Out) -> R {
    let (w0, w1) = (w[0], w[1]);
    let old = gen <= Gen::Gfx7;
    let op = if old {
        bits(w0, 17, 9)
    } else {
        bits(w0, 16, 10)
    };
    let e = entry(gen, Enc::Vop3, op)?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    if e.is(flag::INTERP) {
        return vop3_interp(gen, e, w, out);
    }
    if e.is(flag::READLANE | flag::WRITELANE) {
        return vop3_lane(gen, e, w, out);
    }
    // The must-be-zero fields (vdst, src0-2) as one mask per dword, not a walk of `e.zero`.
    let z = |f: Field, m: u32| {
        if e.zero_fields & field_bit(f) != 0 {
            m
        } else {
            0
        }
    };
    let z1 = z(Field::Src0, 0x1ff) | z(Field::Src1, 0x1ff << 9) | z(Field::Src2, 0x1ff << 18);
    if w0 & z(Field::Vdst, 0xff) != 0 || w1 & z1 != 0 {
        return Err(());
    }
    // No literal in VOP3.
    if bits(w1, 0, 9) == 255 || bits(w1, 9, 9) == 255 || bits(w1, 18, 9) == 255 {
        return Err(());
    }
    let Shape::Vop3 {
        nd,
        ns,
        nsrc,
        float,
        n,
        ty,
    } = &e.shape
    else {
        head(out, e);
        let d = Decoded::with(2, Enc::Vop3, op as u16, CLASS_ENC);
        return vop3_walk(gen, e, w, out, d);
    };
    // The operand list without walking it (`vop3_walk` prints the same text).
    head_inline(out, e);
    out.byte(b' ');
    let vdst = bits(w0, 0, 8);
    let ok = if e.is(flag::SDST8) {
        // `write_sdst8`'s first case inline (v_cmp*_e64 writing an SGPR pair).
        if vdst < 128 {
            write_sdst(out, gen, vdst, *nd as u32)
        } else {
            write_sdst8(out, gen, vdst, *nd as u32)
        }
    } else {
        write_vreg(out, vdst, *nd as u32)
    };
    if !ok {
        return Err(());
    }
    if *ns > 0 {
        out.bytes(b", ");
        if !write_sdst(out, gen, bits(w0, 8, 7), *ns as u32) {
            return Err(());
        }
    }
    // VOP3b (a carry-out sdst): bits 8-10 are the sdst's, no abs.
    let is_b = e.has(Field::Sdst);
    let abs = if is_b { 0 } else { bits(w0, 8, 3) };
    let neg = w1 >> 29;
    // The sources unrolled (a constant `i` each: no per-source shifts and table reads).
    let nsrc = (*nsrc).min(3);
    if nsrc > 0 {
        out.bytes(b", ");
        if !vop3_src(out, gen, e, w1, 0, n[0] as u32, ty[0], neg, abs) {
            return Err(());
        }
    }
    if nsrc > 1 {
        out.bytes(b", ");
        if !vop3_src(out, gen, e, w1, 1, n[1] as u32, ty[1], neg, abs) {
            return Err(());
        }
    }
    if nsrc > 2 {
        out.bytes(b", ");
        if !vop3_src(out, gen, e, w1, 2, n[2] as u32, ty[2], neg, abs) {
            return Err(());
        }
    }
    let opsel = if gen >= Gen::Gfx9 { bits(w0, 11, 4) } else { 0 };
    // gfx6/gfx7 VOP3b: bits 8-14 are the carry-out sdst and there is no clamp bit (llvm-mc-19
    // accepts `clamp` on v_div_scale and encodes nothing).
    let clamp = if old && is_b {
        0
    } else if old {
        bits(w0, 11, 1)
    } else {
        bits(w0, 15, 1)
    };
    // llvm-mc-19 prints op_sel where a source is 16-bit, except on the legacy (gfx8-layout)
    // 16-bit opcodes and v_sad_u16; elsewhere it ignores the bits.
    vop3_tail(
        out,
        opsel,
        !is_b && e.is(flag::OPSEL),
        nsrc as u32,
        clamp,
        bits(w1, 27, 2),
        *float,
    );
    // (`e.op` is `op`: read here rather than kept live across the printing.)
    Ok(Decoded::with(2, Enc::Vop3, e.op, CLASS_ENC))
}

/// [`vop3`] of an operand list without a `Shape`: the template walked (out of line, so that the
/// shaped path keeps a small frame).
#[inline(never)]
fn vop3_walk(gen: Gen, e: &Entry, w: &[u32; 3], out: &mut Out, d: Decoded) -> R {
    let (w0, w1) = (w[0], w[1]);
    let old = gen <= Gen::Gfx7;
    let vdst = bits(w0, 0, 8);
    let sdst = bits(w0, 8, 7);
    let abs = bits(w0, 8, 3);
    let opsel = if gen >= Gen::Gfx9 { bits(w0, 11, 4) } else { 0 };
    let clamp = if old && e.has(Field::Sdst) {
        0
    } else if old {
        bits(w0, 11, 1)
    } else {
        bits(w0, 15, 1)
    };
    let srcs = [bits(w1, 0, 9), bits(w1, 9, 9), bits(w1, 18, 9)];
    let omod = bits(w1, 27, 2);
    let neg = bits(w1, 29, 3);
    let is_b = e.has(Field::Sdst);
    let opsel_op = e.is(flag::OPSEL);
    let mut first = true;
    let mut nsrc = 0;
    let mut any_float = false;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, ty } => {
                let n = n as u32;
                if field == Field::Vdst && ty.is_float() {
                    any_float = true;
                }
                let ok = match field {
                    Field::Vdst => {
                        if e.is(flag::SDST8) {
                            write_sdst8(out, gen, vdst, n)
                        } else {
                            write_vreg(out, vdst, n)
                        }
                    }
                    Field::Sdst => write_sdst(out, gen, sdst, n),
                    Field::Src0 | Field::Src1 | Field::Src2 => {
                        let i = match field {
                            Field::Src0 => 0,
                            Field::Src1 => 1,
                            _ => 2,
                        };
                        nsrc = nsrc.max(i + 1);
                        if ty.is_float() {
                            any_float = true;
                        }
                        let (ng, ab) = (neg >> i & 1 != 0, !is_b && abs >> i & 1 != 0);
                        if e.flags & VOP3_SPECIAL == 0 {
                            // No opcode-specific rule: float sources take modifiers.
                            let (ng, ab) = if ty.is_float() {
                                (ng, ab)
                            } else {
                                (false, false)
                            };
                            if ng || ab {
                                write_mod_src(out, gen, srcs[i], n, ty, ng, ab)
                            } else {
                                write_src(out, gen, srcs[i], n, ty, None)
                            }
                        } else {
                            vop3_src_special(out, gen, e, w[1], i, n, ty, ng, ab)
                        }
                    }
                    _ => false,
                };
                if !ok {
                    return Err(());
                }
            }
            Operand::Text(t) => out.push_str(t),
        }
    }
    vop3_tail(
        out,
        opsel,
        !is_b && opsel_op,
        nsrc as u32,
        clamp,
        omod,
        any_float,
    );
    Ok(d)
}

/// VOP3 source `i` of a shaped operand list (`neg`/`abs`: the instruction's modifier bits; `abs`
/// zero for VOP3b).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn vop3_src(
    out: &mut Out,
    gen: Gen,
    e: &Entry,
    w1: u32,
    i: usize,
    k: u32,
    t: OpType,
    neg: u32,
    abs: u32,
) -> bool {
    let (ng, ab) = (neg >> i & 1 != 0, abs >> i & 1 != 0);
    let s = bits(w1, 9 * i as u32, 9);
    // The two most common opcode-specific rules here, as `vop3_src_special` has them:
    // v_cndmask's sources take float modifiers (its condition, src2, a VGPR or constant
    // only with a note), v_ldexp & co.'s src1 is `sext(...)`.
    let special = e.flags & VOP3_SPECIAL;
    let cndmask = special == flag::CNDMASK;
    let sext1 = special == flag::SEXT_SRC1;
    let constant = (128..=208).contains(&s) || (240..=248).contains(&s);
    let fm = t.is_float() || cndmask;
    if special != 0 && !(cndmask && !(i == 2 && (s >= 256 || constant)) || sext1) {
        vop3_src_special(out, gen, e, w1, i, k, t, ng, ab)
    } else if sext1 && i == 1 {
        if ng {
            out.bytes(b"sext(");
        }
        let ok = write_src(out, gen, s, k, OpType::Int, None);
        if ng {
            out.byte(b')');
        }
        ok
    } else if fm && (ng || ab) && s >= 256 {
        // `-v1`, `|v1|`, `-|v1|` inline (`write_mod_src` prints the same for a VGPR).
        if ng {
            out.byte(b'-');
        }
        if ab {
            out.byte(b'|');
        }
        let ok = write_vreg(out, s - 256, k);
        if ab {
            out.byte(b'|');
        }
        ok
    } else if fm && (ng || ab) {
        write_mod_src(out, gen, s, k, t, ng, ab)
    } else {
        write_src(out, gen, s, k, t, None)
    }
}

/// The modifiers after a VOP3 instruction's operands: op_sel (if `opsel_op`), clamp, omod (if
/// `float`).
#[inline(always)]
fn vop3_tail(
    out: &mut Out,
    opsel: u32,
    opsel_op: bool,
    nsrc: u32,
    clamp: u32,
    omod: u32,
    float: bool,
) {
    if opsel != 0 && opsel_op {
        out.push_str(" op_sel:[");
        for i in 0..nsrc {
            out.push(if opsel >> i & 1 != 0 { '1' } else { '0' });
            out.push(',');
        }
        out.push(if opsel >> 3 & 1 != 0 { '1' } else { '0' });
        out.push(']');
    }
    if clamp != 0 {
        out.push_str(" clamp");
    }
    if omod != 0 && float {
        out.push_str(match omod {
            1 => " mul:2",
            2 => " mul:4",
            _ => " div:2",
        });
    }
}

/// A 9-bit source in an SReg_32 operand: VGPRs and lds_direct print with llvm-mc's note.
#[inline(never)]
fn write_sreg32_src(out: &mut Out, gen: Gen, v: u32) -> bool {
    if v == 255 {
        return false;
    }
    if v >= 256 || v == 254 {
        if !write_src(out, gen, v, 1, OpType::Int, None) {
            return false;
        }
        out.push_str("/*Invalid register, operand has 'SReg_32' register class*/");
        return true;
    }
    write_src(out, gen, v, 1, OpType::Int, None)
}

/// v_readlane_b32 (sdst, VGPR-or-lds source, SReg_32 lane) and v_writelane_b32 (vdst, SReg_32
/// value, SReg_32 lane): other operand kinds print with llvm-mc's notes.
#[inline(never)]
fn vop3_lane(gen: Gen, e: &Entry, w: &[u32; 3], out: &mut Out) -> R {
    let (w0, w1) = (w[0], w[1]);
    let vdst = bits(w0, 0, 8);
    let (s0, s1) = (bits(w1, 0, 9), bits(w1, 9, 9));
    if bits(w1, 18, 9) != 0 || s0 == 255 || s1 == 255 {
        return Err(());
    }
    head(out, e);
    out.push(' ');
    let read = e.is(flag::READLANE);
    let ok = if read {
        write_sdst8(out, gen, vdst, 1)
    } else {
        write_vreg(out, vdst, 1)
    };
    if !ok {
        return Err(());
    }
    // llvm-mc-19 notes lds_direct as a destination (not an SReg_32), and `null` as src0 not at
    // all (tests/gcn_asm_rules.rs, `lane_decoder_notes_as_llvm_mc`).
    if read && vdst == 254 {
        out.push_str("/*Invalid register, operand has 'SReg_32' register class*/");
    }
    out.push_str(", ");
    if read {
        if !write_src(out, gen, s0, 1, OpType::Int, None) {
            return Err(());
        }
        match operand::classify(s0) {
            operand::Src::Int(_) | operand::Src::Float(_) => out.push_str("/*Invalid immediate*/"),
            operand::Src::Sgpr(_) if s0 != 125 => {
                out.push_str("/*Invalid register, operand has 'VRegOrLds_32' register class*/")
            }
            _ => {}
        }
    } else if !write_sreg32_src(out, gen, s0) {
        return Err(());
    }
    out.push_str(", ");
    if !write_sreg32_src(out, gen, s1) {
        return Err(());
    }
    Ok(Decoded::with(2, Enc::Vop3, e.op, CLASS_ENC))
}

/// A VGPR operand of an interpolation instruction: llvm-mc notes scalar registers and constants,
/// inside the modifiers.
#[inline(never)]
fn write_interp_vsrc(out: &mut Out, gen: Gen, v: u32, ty: OpType, neg: bool, abs: bool) -> bool {
    if v == 255 {
        return false;
    }
    let start = out.len();
    if !write_mod_src(out, gen, v, 1, ty, neg, abs) {
        return false;
    }
    let note = match operand::classify(v) {
        operand::Src::Sgpr(_) => "/*Invalid register, operand has 'VGPR_32' register class*/",
        operand::Src::Int(_) | operand::Src::Float(_) => "/*Invalid immediate*/",
        _ => "",
    };
    let tail = out.as_bytes().get(start..).unwrap_or(&[]);
    let kept = tail.len()
        - tail
            .iter()
            .rev()
            .take_while(|&&b| b == b'|' || b == b')')
            .count();
    let end = start + kept;
    out.insert_str(end, note);
    true
}

/// VOP3 forms of the interpolation instructions: src0 holds the attribute (bits 0-5), channel
/// (bits 6-7) and, for the f16 forms, `high` (bit 8); src1 is the interpolant (a VGPR; the f32
/// forms print other registers with llvm-mc's note), src2 the f16 forms' second VGPR. The
/// table's accepted-bit masks decide which modifier bits are valid.
#[inline(never)]
fn vop3_interp(gen: Gen, e: &Entry, w: &[u32; 3], out: &mut Out) -> R {
    let (w0, w1) = (w[0], w[1]);
    let vdst = bits(w0, 0, 8);
    let abs = bits(w0, 8, 3);
    let clamp = bits(w0, 15, 1);
    let srcs = [bits(w1, 0, 9), bits(w1, 9, 9), bits(w1, 18, 9)];
    let omod = bits(w1, 27, 2);
    let neg = bits(w1, 29, 3);
    let f16 = e.mnemonic.ends_with("_f16");
    let has_src2 = e
        .operands
        .iter()
        .any(|o| matches!(o, Operand::Text(t) if t.starts_with('v') || t.contains(", v")));
    if !has_src2 && srcs[2] != 0 || srcs[0] >= 0x200 || (!f16 && srcs[0] >= 0x100) {
        return Err(());
    }
    head(out, e);
    out.push(' ');
    if !write_vreg(out, vdst, 1) {
        return Err(());
    }
    out.push_str(", ");
    let ty = if f16 { OpType::Half } else { OpType::Float };
    if e.mnemonic.starts_with("v_interp_mov") {
        match srcs[1] {
            0 => out.push_str("p10"),
            1 => out.push_str("p20"),
            2 => out.push_str("p0"),
            v => {
                out.push_str("invalid_param_");
                dec(out, v);
            }
        }
    } else {
        // src1 is a VGPR: llvm-mc notes scalar registers and constants, inside the modifiers.
        if !write_interp_vsrc(out, gen, srcs[1], ty, neg & 2 != 0, abs & 2 != 0) {
            return Err(());
        }
    }
    let a = srcs[0];
    out.push_str(", attr");
    dec(out, a & 63);
    out.push('.');
    out.push(['x', 'y', 'z', 'w'][(a >> 6 & 3) as usize]);
    if has_src2 {
        out.push_str(", ");
        if !write_interp_vsrc(out, gen, srcs[2], ty, neg & 4 != 0, abs & 4 != 0) {
            return Err(());
        }
    }
    if a & 0x100 != 0 {
        out.push_str(" high");
    }
    if clamp != 0 {
        out.push_str(" clamp");
    }
    if omod != 0 {
        out.push_str([" mul:2", " mul:4", " div:2"][omod as usize - 1]);
    }
    Ok(Decoded::with(2, Enc::Vop3, e.op, CLASS_ENC))
}

fn vop3p(gen: Gen, w: &[u32; 3], out: &mut Out) -> R {
    let (w0, w1) = (w[0], w[1]);
    let op = bits(w0, 16, 7);
    let e = entry(gen, Enc::Vop3p, op)?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let vdst = bits(w0, 0, 8);
    let neg_hi = bits(w0, 8, 3);
    let opsel = bits(w0, 11, 3);
    let opsel_hi = bits(w1, 27, 2) | bits(w0, 14, 1) << 2;
    let clamp = bits(w0, 15, 1);
    let srcs = [bits(w1, 0, 9), bits(w1, 9, 9), bits(w1, 18, 9)];
    let neg = bits(w1, 29, 3);
    for z in &e.zero {
        let v = match z {
            Field::Vdst => vdst,
            Field::Src0 => srcs[0],
            Field::Src1 => srcs[1],
            Field::Src2 => srcs[2],
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    if srcs.iter().any(|&s| s == 255) {
        return Err(());
    }
    let mix = e.is(flag::MIX);
    head(out, e);
    let mut first = true;
    let mut nsrc = 0u32;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, ty } => {
                let ok = match field {
                    Field::Vdst => write_vreg(out, vdst, n as u32),
                    Field::Src0 | Field::Src1 | Field::Src2 => {
                        let i = match field {
                            Field::Src0 => 0,
                            Field::Src1 => 1,
                            _ => 2,
                        };
                        nsrc = nsrc.max(i as u32 + 1);
                        if mix {
                            let (ng, ab) = (neg >> i & 1 != 0, neg_hi >> i & 1 != 0);
                            write_mod_src_x(out, gen, srcs[i], n as u32, ty, ng, ab, true)
                        } else {
                            write_src(out, gen, srcs[i], n as u32, ty, None)
                        }
                    }
                    _ => false,
                };
                if !ok {
                    return Err(());
                }
            }
            Operand::Text(t) => out.push_str(t),
        }
    }
    let list = |out: &mut Out, name: &str, v: u32| {
        out.push(' ');
        out.push_str(name);
        out.push_str(":[");
        for i in 0..nsrc {
            if i > 0 {
                out.push(',');
            }
            out.push(if v >> i & 1 != 0 { '1' } else { '0' });
        }
        out.push(']');
    };
    let mask = (1u32 << nsrc) - 1;
    if opsel & mask != 0 {
        list(out, "op_sel", opsel);
    }
    let hi_default = if mix { 0 } else { mask };
    if opsel_hi & mask != hi_default {
        list(out, "op_sel_hi", opsel_hi);
    }
    if !mix {
        if neg & mask != 0 {
            list(out, "neg_lo", neg);
        }
        if neg_hi & mask != 0 {
            list(out, "neg_hi", neg_hi);
        }
    }
    if clamp != 0 {
        out.push_str(" clamp");
    }

    Ok(Decoded::with(2, Enc::Vop3p, op as u16, CLASS_ENC))
}

// ---------------------------------------------------------------- VINTRP

fn vintrp(gen: Gen, w: &[u32; 3], out: &mut Out) -> R {
    let w0 = w[0];
    let op = bits(w0, 16, 2);
    let e = entry(gen, Enc::Vintrp, op)?;
    if !e.bits_ok(w, 1) {
        return Err(());
    }
    let vsrc = bits(w0, 0, 8);
    let chan = bits(w0, 8, 2);
    let attr = bits(w0, 10, 6);
    let vdst = bits(w0, 18, 8);
    head(out, e);
    let mut first = true;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field {
                field: Field::Vdst, ..
            } => {
                write_vreg(out, vdst, 1);
            }
            Operand::Field {
                field: Field::Vsrc, ..
            } => {
                write_vreg(out, vsrc, 1);
            }
            Operand::Text(t) if t.starts_with("attr") => {
                out.push_str("attr");
                dec(out, attr);
                out.push('.');
                out.push(['x', 'y', 'z', 'w'][chan as usize]);
            }
            Operand::Text(t) if t.starts_with("invalid_param") => match vsrc {
                0 => out.push_str("p10"),
                1 => out.push_str("p20"),
                2 => out.push_str("p0"),
                _ => {
                    out.push_str("invalid_param_");
                    dec(out, vsrc);
                }
            },
            Operand::Text(t) => out.push_str(t),
            _ => return Err(()),
        }
    }
    Ok(Decoded::with(1, Enc::Vintrp, op as u16, CLASS_ENC))
}

// ---------------------------------------------------------------- DS

/// The ds_swizzle_b32 pattern as llvm-mc names it. Bit 15 set: a quad permutation (four 2-bit
/// lane selectors when bits 8-14 are zero, else a raw number); clear: a 32-lane bit mask
/// (and = bits 0-4, or = 5-9, xor = 10-14), named SWAP / REVERSE / BROADCAST where it is one,
/// else BITMASK_PERM with one character per lane-id bit (0/1 forced, p kept, i inverted).
#[inline(never)]
fn write_swizzle(out: &mut Out, off: u32) {
    if off & 0xff00 == 0x8000 {
        let l = |i: u32| off >> (2 * i) & 3;
        out.push_str("swizzle(QUAD_PERM,");
        for i in 0..4 {
            if i > 0 {
                out.push(',');
            }
            dec(out, l(i));
        }
        out.push(')');
        return;
    }
    if off & 0x8000 != 0 {
        dec(out, off);
        return;
    }
    let (and, or, xor) = (off & 31, off >> 5 & 31, off >> 10 & 31);
    if and == 31 && or == 0 && xor.count_ones() == 1 {
        out.push_str("swizzle(SWAP,");
        dec(out, xor);
        out.push(')');
    } else if and == 31 && or == 0 && xor > 0 && (xor + 1).is_power_of_two() {
        out.push_str("swizzle(REVERSE,");
        dec(out, xor + 1);
        out.push(')');
    } else {
        let group = 32 - and;
        if xor == 0 && group > 1 && group.is_power_of_two() && or < group {
            out.push_str("swizzle(BROADCAST,");
            dec(out, group);
            out.push(',');
            dec(out, or);
            out.push(')');
            return;
        }
        out.push_str("swizzle(BITMASK_PERM,\"");
        let (p0, p1) = (or ^ xor, (and | or) ^ xor);
        for b in (0..5).rev() {
            let (a, c) = (p0 >> b & 1, p1 >> b & 1);
            out.push(match (a == c, a) {
                (true, 0) => '0',
                (true, _) => '1',
                (false, 0) => 'p',
                (false, _) => 'i',
            });
        }
        out.push_str("\")");
    }
}

fn ds(gen: Gen, w: &[u32; 3], out: &mut Out) -> R {
    let (w0, w1) = (w[0], w[1]);
    let old = gen <= Gen::Gfx7;
    let op = if old {
        bits(w0, 18, 8)
    } else {
        bits(w0, 17, 8)
    };
    let e = entry(gen, Enc::Ds, op)?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let off0 = bits(w0, 0, 8);
    let off1 = bits(w0, 8, 8);
    let gds = if old {
        bits(w0, 17, 1)
    } else {
        bits(w0, 16, 1)
    };
    let f = [
        bits(w1, 0, 8),
        bits(w1, 8, 8),
        bits(w1, 16, 8),
        bits(w1, 24, 8),
    ];
    for z in &e.zero {
        let v = match z {
            Field::Addr => f[0],
            Field::Data0 => f[1],
            Field::Data1 => f[2],
            Field::Vdst => f[3],
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    // GWS and ordered-count instructions always go to GDS (llvm-mc-19: gds is part of their
    // syntax on gfx6/gfx7, and gfx8's decoder rejects ds_ordered_count without it).
    if gds == 0 && e.is(flag::DS_GDS_ONLY) {
        return Err(());
    }
    head(out, e);
    let mut first = true;
    for o in &e.operands {
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, .. } => {
                let r = match field {
                    Field::Addr => f[0],
                    Field::Data0 => f[1],
                    Field::Data1 => f[2],
                    Field::Vdst => f[3],
                    _ => return Err(()),
                };
                if !write_vreg(out, r, n as u32) {
                    return Err(());
                }
            }
            Operand::Text(t) => out.push_str(t),
        }
    }
    let two = e.is(flag::DS_TWO);
    if two {
        if off0 != 0 {
            out.push_str(" offset0:");
            dec(out, off0);
        }
        if off1 != 0 {
            out.push_str(" offset1:");
            dec(out, off1);
        }
    } else {
        let off = off0 | off1 << 8;
        // gfx6/gfx7 vectors (llvm-mc's assembler) keep the number.
        if off != 0 && e.is(flag::DS_SWIZZLE) && gen >= Gen::Gfx8 {
            out.push_str(" offset:");
            write_swizzle(out, off);
        } else if off != 0 {
            out.push_str(" offset:");
            dec(out, off);
        }
    }
    if gds != 0 {
        out.push_str(" gds");
    }
    Ok(Decoded::with(2, Enc::Ds, op as u16, CLASS_ENC))
}

// ---------------------------------------------------------------- MUBUF / MTBUF

const DFMT: [&str; 16] = [
    "BUF_DATA_FORMAT_INVALID",
    "BUF_DATA_FORMAT_8",
    "BUF_DATA_FORMAT_16",
    "BUF_DATA_FORMAT_8_8",
    "BUF_DATA_FORMAT_32",
    "BUF_DATA_FORMAT_16_16",
    "BUF_DATA_FORMAT_10_11_11",
    "BUF_DATA_FORMAT_11_11_10",
    "BUF_DATA_FORMAT_10_10_10_2",
    "BUF_DATA_FORMAT_2_10_10_10",
    "BUF_DATA_FORMAT_8_8_8_8",
    "BUF_DATA_FORMAT_32_32",
    "BUF_DATA_FORMAT_16_16_16_16",
    "BUF_DATA_FORMAT_32_32_32",
    "BUF_DATA_FORMAT_32_32_32_32",
    "BUF_DATA_FORMAT_RESERVED_15",
];
const NFMT: [&str; 8] = [
    "BUF_NUM_FORMAT_UNORM",
    "BUF_NUM_FORMAT_SNORM",
    "BUF_NUM_FORMAT_USCALED",
    "BUF_NUM_FORMAT_SSCALED",
    "BUF_NUM_FORMAT_UINT",
    "BUF_NUM_FORMAT_SINT",
    "BUF_NUM_FORMAT_RESERVED_6",
    "BUF_NUM_FORMAT_FLOAT",
];

fn buf(gen: Gen, enc: Enc, w: &[u32; 3], out: &mut Out) -> R {
    let (w0, w1) = (w[0], w[1]);
    let mt = enc == Enc::Mtbuf;
    let old = gen <= Gen::Gfx7;
    let op = match (mt, old) {
        (true, true) => bits(w0, 16, 3),
        (true, false) => bits(w0, 15, 4),
        _ => bits(w0, 18, 7),
    };
    let e = entry(gen, enc, op)?;
    // gfx6/gfx7: bit 15 is addr64 (a 64-bit VGPR address), slc lives in the second dword.
    let addr64 = if old { bits(w0, 15, 1) } else { 0 };
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let offset = bits(w0, 0, 12);
    let offen = bits(w0, 12, 1);
    let idxen = bits(w0, 13, 1);
    let glc = bits(w0, 14, 1);
    let (lds, slc, dfmt, nfmt) = if mt {
        (0, bits(w1, 22, 1), bits(w0, 19, 4), bits(w0, 23, 3))
    } else if old {
        (bits(w0, 16, 1), bits(w1, 22, 1), 0, 0)
    } else {
        (bits(w0, 16, 1), bits(w0, 17, 1), 0, 0)
    };
    let vaddr = bits(w1, 0, 8);
    let vdata = bits(w1, 8, 8);
    let srsrc = bits(w1, 16, 5) * 4;
    let tfe = bits(w1, 23, 1);
    let soffset = bits(w1, 24, 8);
    // The LDS forms have no tfe (llvm-mc rejects the pair; gfx6/gfx7: its assembler refuses
    // `lds tfe` too).
    if lds != 0 && tfe != 0 {
        return Err(());
    }
    // buffer_store_lds_dword exists only as an LDS form (llvm-mc-19 rejects it without lds).
    if lds == 0 && e.is(flag::STORE_LDS_DWORD) {
        return Err(());
    }
    // Cache invalidations (buffer_wbinvl1*) have no operands: as llvm-mc does on gfx8/gfx9
    // (measured), offset, slc and the second dword apart from tfe are ignored; offen, idxen, glc,
    // bit 15 (addr64) and lds are rejected, and so is tfe.
    if !mt && e.operands.is_empty() {
        if bits(w0, 12, 5) != 0 || tfe != 0 {
            return Err(());
        }
        head(out, e);
        return Ok(Decoded::with(2, enc, op as u16, CLASS_ENC));
    }

    for z in &e.zero {
        let v = match z {
            Field::Vaddr => vaddr,
            Field::Vdata => vdata,
            Field::Srsrc => srsrc,
            Field::Soffset => soffset,
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    head(out, e);
    let mut first = true;
    for o in &e.operands {
        match *o {
            Operand::Field { field, n, .. } => {
                sep(out, &mut first);
                let ok = match field {
                    Field::Vdata if lds != 0 => {
                        first = true;
                        out.truncate(out.len() - 1);
                        true
                    }
                    Field::Vdata => write_vreg(out, vdata, n as u32 + tfe),
                    Field::Vaddr => {
                        let na = if addr64 != 0 { 2 } else { offen + idxen };
                        if addr64 != 0 && (offen | idxen) != 0 {
                            return Err(());
                        }
                        if na == 0 {
                            out.push_str("off");
                            true
                        } else {
                            write_vreg(out, vaddr, na)
                        }
                    }
                    Field::Srsrc => write_sres(out, gen, srsrc, 4),
                    _ => false,
                };
                if !ok {
                    return Err(());
                }
            }
            Operand::Text(_) => {}
        }
    }
    sep(out, &mut first);
    if soffset == 255 || !write_sreg32_src(out, gen, soffset) {
        return Err(());
    }
    if mt && (dfmt != 1 || nfmt != 0) {
        out.push_str(" format:[");
        if dfmt != 1 {
            out.push_str(DFMT[dfmt as usize]);
        }
        if nfmt != 0 {
            if dfmt != 1 {
                out.push(',');
            }
            out.push_str(NFMT[nfmt as usize]);
        }
        out.push(']');
    }
    if idxen != 0 {
        out.push_str(" idxen");
    }
    if offen != 0 {
        out.push_str(" offen");
    }
    if addr64 != 0 {
        out.push_str(" addr64");
    }
    if offset != 0 {
        out.push_str(" offset:");
        dec(out, offset);
    }
    // buffer_store_lds_dword: llvm-mc-19 prints lds before the cache bits.
    let lds_first = e.is(flag::STORE_LDS_DWORD);
    if lds != 0 && lds_first {
        out.push_str(" lds");
    }
    if glc != 0 {
        out.push_str(" glc");
    }
    if slc != 0 {
        out.push_str(" slc");
    }
    if lds != 0 && !lds_first {
        out.push_str(" lds");
    }
    if tfe != 0 {
        out.push_str(" tfe");
    }
    Ok(Decoded::with(2, enc, op as u16, CLASS_ENC))
}

// ---------------------------------------------------------------- MIMG

/// Data registers of a MIMG instruction as llvm-mc-19 prints them: components from dmask (4 for
/// gather4), halved by packed d16 (gfx9), plus one for tfe; a size with no instruction variant
/// falls back to the variant llvm-mc decodes first (measured: gather4 d16+tfe prints 4 registers,
/// atomics print 1, 2 or 5).
pub fn mimg_data_regs(gen: Gen, mnemonic: &str, dmask: u32, d16: bool, tfe: bool) -> u32 {
    let gather = mnemonic.starts_with("image_gather4");
    let mut n = if gather { 4 } else { dmask.count_ones().max(1) };
    if d16 && gen >= Gen::Gfx9 {
        n = n.div_ceil(2);
    }
    n += tfe as u32;
    if gather && n == 3 {
        return 4;
    }
    // cmpswap has 2- and 4-register variants only (measured: every other count prints 2).
    if mnemonic.starts_with("image_atomic_cmpswap") && gen >= Gen::Gfx8 {
        return if n == 4 { 4 } else { 2 };
    }
    if mnemonic.starts_with("image_atomic") && !mnemonic.contains("cmpswap") && gen >= Gen::Gfx8 {
        return match n {
            1 | 2 => n,
            4 => 5,
            _ => 1,
        };
    }
    n
}

fn mimg(gen: Gen, w: &[u32; 3], out: &mut Out) -> R {
    let (w0, w1) = (w[0], w[1]);
    let op = bits(w0, 18, 7);
    let e = entry(gen, Enc::Mimg, op)?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let dmask = bits(w0, 8, 4);
    let unorm = bits(w0, 12, 1);
    let glc = bits(w0, 13, 1);
    let da = bits(w0, 14, 1);
    let r128 = bits(w0, 15, 1);
    let tfe = bits(w0, 16, 1);
    let lwe = bits(w0, 17, 1);
    let slc = bits(w0, 25, 1);
    let vaddr = bits(w1, 0, 8);
    let vdata = bits(w1, 8, 8);
    let srsrc = bits(w1, 16, 5) * 4;
    let ssamp = bits(w1, 21, 5) * 4;
    let d16 = bits(w1, 31, 1);

    for z in &e.zero {
        let v = match z {
            Field::Vaddr => vaddr,
            Field::Vdata => vdata,
            Field::Srsrc => srsrc,
            Field::Ssamp => ssamp,
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    let nd = mimg_data_regs(gen, e.mnemonic, dmask, d16 != 0, tfe != 0);
    let gather4 = e.is(flag::GATHER4);
    head(out, e);
    let mut first = true;
    for o in &e.operands {
        if let Operand::Field { field, n, .. } = *o {
            if matches!(field, Field::Srsrc | Field::Ssamp) {
                continue;
            }
            sep(out, &mut first);
            let ok = match field {
                // A range running past v255 prints as its first register (measured).
                // A range running past v255 falls back to the opcode's base size (measured:
                // gather4 four registers, others one); gather4 must fit its four.
                Field::Vdata if gather4 && vdata + 4 > 256 => false,
                Field::Vdata if vdata + nd > 256 => {
                    write_vreg(out, vdata, if gather4 { 4 } else { 1 })
                }
                Field::Vdata => write_vreg(out, vdata, nd),
                Field::Vaddr => write_vreg(out, vaddr, n as u32),
                _ => false,
            };
            if !ok {
                return Err(());
            }
        }
    }
    sep(out, &mut first);
    if !write_sres(out, gen, srsrc, 8) {
        return Err(());
    }
    if !e.must_be_zero(Field::Ssamp) {
        sep(out, &mut first);
        if !write_sres(out, gen, ssamp, 4) {
            return Err(());
        }
    }
    if dmask != 0 {
        out.push_str(" dmask:");
        hex32(out, dmask);
    }
    for (b, s) in [
        (unorm, " unorm"),
        (glc, " glc"),
        (slc, " slc"),
        (r128, if gen >= Gen::Gfx9 { " a16" } else { " r128" }),
        (tfe, " tfe"),
        (lwe, " lwe"),
        (da, " da"),
        (d16, " d16"),
    ] {
        if b != 0 {
            out.push_str(s);
        }
    }
    Ok(Decoded::with(2, Enc::Mimg, op as u16, CLASS_ENC))
}

// ---------------------------------------------------------------- FLAT / GLOBAL / SCRATCH

fn flat(gen: Gen, w: &[u32; 3], out: &mut Out) -> R {
    let (w0, w1) = (w[0], w[1]);
    let op = bits(w0, 18, 7);
    let seg = if gen >= Gen::Gfx9 { bits(w0, 14, 2) } else { 0 };
    let saddr = bits(w1, 16, 7);
    let enc = match (seg, gen >= Gen::Gfx9 && saddr != 0x7f) {
        (0, _) => Enc::Flat,
        (1, false) => Enc::Scratch,
        (1, true) => Enc::ScratchSaddr,
        (2, false) => Enc::Global,
        (2, true) => Enc::GlobalSaddr,
        _ => return Err(()),
    };
    let e = entry(gen, enc, op)?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let offset = bits(w0, 0, 13);
    let lds = bits(w0, 13, 1);
    let glc = bits(w0, 16, 1);
    let slc = bits(w0, 17, 1);
    let addr = bits(w1, 0, 8);
    let data = bits(w1, 8, 8);
    let nv = bits(w1, 23, 1);
    let vdst = bits(w1, 24, 8);

    if enc == Enc::Flat && gen >= Gen::Gfx9 && saddr != 0 {
        return Err(());
    }
    // The LDS forms have no `nv` bit: llvm-mc rejects it there (and ignores it elsewhere).
    if lds != 0 && nv != 0 {
        return Err(());
    }

    for z in &e.zero {
        let v = match z {
            Field::Addr => addr,
            Field::Data => data,
            Field::Vdst => vdst,
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    head(out, e);
    let mut first = true;
    if glc != 0 && e.mnemonic.contains("_atomic_") && !e.has(Field::Vdst) {
        let (n, _) = e.field(Field::Data).ok_or(())?;
        let n = if e.mnemonic.contains("cmpswap") {
            n / 2
        } else {
            n
        };
        sep(out, &mut first);
        if !write_vreg(out, vdst, n as u32) {
            return Err(());
        }
    }
    for o in &e.operands {
        if lds != 0
            && matches!(
                o,
                Operand::Field {
                    field: Field::Vdst,
                    ..
                }
            )
        {
            continue;
        }
        sep(out, &mut first);
        match *o {
            Operand::Field { field, n, .. } => {
                let ok = match field {
                    Field::Addr => write_vreg(out, addr, n as u32),
                    Field::Data => write_vreg(out, data, n as u32),
                    Field::Vdst => write_vreg(out, vdst, n as u32),
                    Field::Saddr => write_sdst(out, gen, saddr, n as u32),
                    _ => false,
                };
                if !ok {
                    return Err(());
                }
            }
            Operand::Text(t) => out.push_str(t),
        }
    }
    if offset != 0 {
        let v = if enc == Enc::Flat {
            offset as i32
        } else {
            ((offset << 19) as i32) >> 19
        };
        out.push_str(" offset:");
        sdec(out, v as i64);
    }
    if glc != 0 {
        out.push_str(" glc");
    }
    if slc != 0 {
        out.push_str(" slc");
    }
    let _ = nv;
    if lds != 0 {
        out.push_str(" lds");
    }
    Ok(Decoded::with(2, enc, op as u16, CLASS_ENC))
}

// ---------------------------------------------------------------- EXP

fn exp(_gen: Gen, w: &[u32; 3], out: &mut Out) -> R {
    let (w0, w1) = (w[0], w[1]);
    let en = bits(w0, 0, 4);
    let tgt = bits(w0, 4, 6);
    let compr = bits(w0, 10, 1);
    let done = bits(w0, 11, 1);
    let vm = bits(w0, 12, 1);

    out.push_str("exp ");
    match tgt {
        0..=7 => {
            out.push_str("mrt");
            dec(out, tgt);
        }
        8 => out.push_str("mrtz"),
        9 => out.push_str("null"),
        12..=15 => {
            out.push_str("pos");
            dec(out, tgt - 12);
        }
        32..=63 => {
            out.push_str("param");
            dec(out, tgt - 32);
        }
        _ => {
            out.push_str("invalid_target_");
            dec(out, tgt);
        }
    }
    let v = [
        bits(w1, 0, 8),
        bits(w1, 8, 8),
        bits(w1, 16, 8),
        bits(w1, 24, 8),
    ];
    for i in 0..4 {
        out.push_str(if i == 0 { " " } else { ", " });
        let (on, r) = if compr != 0 {
            (en >> i & 1 != 0, v[i / 2])
        } else {
            (en >> i & 1 != 0, v[i])
        };
        if on {
            out.push('v');
            dec(out, r);
        } else {
            out.push_str("off");
        }
    }
    if done != 0 {
        out.push_str(" done");
    }
    if compr != 0 {
        out.push_str(" compr");
    }
    if vm != 0 {
        out.push_str(" vm");
    }
    Ok(Decoded::with(2, Enc::Exp, 0, CLASS_ENC))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Encodings by their top bits (the table `encoding_of` reads).
    #[test]
    fn encodings() {
        for (gen, w, enc) in [
            (Gen::Gfx9, 0xBF810000, Some(Enc::Sopp)),
            (Gen::Gfx9, 0x7E3E0329, Some(Enc::Vop1)),
            (Gen::Gfx9, 0x24040494, Some(Enc::Vop2)),
            (Gen::Gfx9, 0xD1CB0003, Some(Enc::Vop3)),
            (Gen::Gfx9, 0xD3800000, Some(Enc::Vop3p)),
            (Gen::Gfx8, 0xD3800000, Some(Enc::Vop3)),
            (Gen::Gfx9, 0xDC508000, Some(Enc::Flat)),
            (Gen::Gfx6, 0xDC508000, None),
            (Gen::Gfx7, 0xDC508000, Some(Enc::Flat)),
            (Gen::Gfx7, 0xC0000000, Some(Enc::Smrd)),
            (Gen::Gfx8, 0xC0000000, Some(Enc::Smem)),
            (Gen::Gfx7, 0xF8000000, Some(Enc::Exp)),
            (Gen::Gfx906, 0xC4000000, Some(Enc::Exp)),
            (Gen::Gfx7, 0xC8000000, Some(Enc::Vintrp)),
            (Gen::Gfx8, 0xD4000000, Some(Enc::Vintrp)),
            (Gen::Gfx9, 0xB0000000, Some(Enc::Sopk)),
            (Gen::Gfx9, 0x80000000, Some(Enc::Sop2)),
            (Gen::Gfx9, 0xF0000000, Some(Enc::Mimg)),
            (Gen::Gfx9, 0xFC000000, None),
        ] {
            assert_eq!(encoding_of(gen, w), enc, "{gen:?} {w:08x}");
        }
    }

    /// The longest texts seen on 7.5M random word lists (gfx600-gfx906) fit [`Out`] with a wide
    /// margin (`fmt::OUT_CAP`): two register-class notes and every modifier.
    #[test]
    fn longest_text() {
        for (gen, w, text) in [
            (
                Gen::Gfx7,
                [0xe8dbcc66, 0xfe5a5a47, 0xd8c89545],
                "tbuffer_load_format_xyzw v[90:93], v[71:72], flat_scratch/*Invalid register, \
                 operand has 'SReg_128' register class*/, src_lds_direct/*Invalid register, operand \
                 has 'SReg_32' register class*/ format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_SNORM] \
                 addr64 offset:3174 glc slc",
            ),
            (
                Gen::Gfx906,
                [0xf2ebf2e4, 0x935a8b79, 0xe8519dca],
                "image_sample_c_d_o v[139:140], v[121:124], xnack_mask/*Invalid register, operand \
                 has 'SReg_256' register class*/, xnack_mask/*Invalid register, operand has \
                 'SReg_128' register class*/ dmask:0x2 unorm glc slc a16 tfe lwe da d16",
            ),
        ] {
            let mut out = String::from("prefix ");
            assert_eq!(decode_n(gen, &w, 3, &mut out).map(|d| d.len), Ok(2));
            assert_eq!(out, format!("prefix {text}"));
            assert!(text.len() + 200 < super::super::fmt::OUT_CAP, "{}", text.len());
        }
    }
}
