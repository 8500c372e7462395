//! The operand printers of the VALU encodings (the table row's operands with their register
//! classes, sources, destinations and modifiers; VOP3/VOP3P suffixes), for `print/valu.rs` and
//! `print/mem.rs`.

use crate::rdna3::operand::{is_const, write_range, write_src, write_sreg, Sink};
use crate::rdna3::table::{Class, Field, Mods, Operand, Row, Ty};

fn invalid_reg<O: Sink + ?Sized>(out: &mut O, rc: &str) {
    let _ = write!(
        out,
        "/*Invalid register, operand has '{rc}' register class*/"
    );
}

/// An 8-bit VGPR field (`vdst`, `vsrc1`) of class V, H or L.
fn vgpr8<O: Sink + ?Sized>(out: &mut O, r: u32, class: Class, n: u32, rc: &str) {
    match class {
        Class::H => {
            let _ = write!(out, "v{}.{}", r & 127, if r & 128 != 0 { 'h' } else { 'l' });
        }
        _ => {
            write_range(out, "v", r, n);
            if class == Class::L && r >= 128 {
                invalid_reg(out, rc);
            }
        }
    }
}

/// Register-class comments and flags of a 9-bit source.
#[derive(Clone, Copy)]
pub struct SrcInfo {
    pub vcmt: &'static str,
    pub scmt: &'static str,
    pub bad_imm: bool,
}

/// A 9-bit source of class X or Y.
pub fn src9<O: Sink + ?Sized>(
    out: &mut O,
    v: u32,
    class: Class,
    n: u32,
    ty: Ty,
    lit: Option<u32>,
    si: SrcInfo,
) -> bool {
    if v >= 256 {
        let r = v - 256;
        if class == Class::Y {
            let _ = write!(out, "v{}.{}", r & 127, if r & 128 != 0 { 'h' } else { 'l' });
            return true;
        }
        if r + n > 256 {
            return false;
        }
        write_range(out, "v", r, n);
        if !si.vcmt.is_empty() && (!si.vcmt.contains("Lo128") || r >= 128) {
            invalid_reg(out, si.vcmt);
        }
        return true;
    }
    if !write_src(out, v, n, ty, lit) {
        return false;
    }
    if is_const(v) {
        if si.bad_imm {
            out.push_str("/*Invalid immediate*/");
        }
    } else if v == 254 {
        // src_lds_direct is a member of the VRegOrLds classes
        if !si.scmt.is_empty() && !si.scmt.contains("OrLds") {
            invalid_reg(out, si.scmt);
        } else if si.vcmt.starts_with("SReg") {
            invalid_reg(out, si.vcmt);
        }
    } else if v < 128 && v != 124 {
        if !si.scmt.is_empty() {
            invalid_reg(out, si.scmt);
        } else if (126..128).contains(&v) && si.vcmt.contains("XEXEC") {
            invalid_reg(out, si.vcmt);
        }
    }
    true
}

/// SGPR destination (8- or 7-bit field); llvm prints other source values with a comment.
fn sdst<O: Sink + ?Sized>(out: &mut O, v: u32, n: u32, mask: bool, lit: Option<u32>) -> bool {
    if v < 128 {
        return write_sreg(out, v, n);
    }
    if v == 254 {
        if n >= 2 {
            return false;
        }
        out.push_str("src_lds_direct");
        let rc = if mask {
            "SReg_1"
        } else if n == 2 {
            "SReg_64"
        } else {
            "SReg_32"
        };
        invalid_reg(out, rc);
        return true;
    }
    if !write_src(out, v, n, Ty::B32, lit) {
        return false;
    }
    if is_const(v) {
        out.push_str("/*Invalid immediate*/");
    }
    true
}

fn val(vals: &[(Field, u32)], f: Field) -> u32 {
    vals.iter().find(|(g, _)| *g == f).map(|x| x.1).unwrap_or(0)
}

/// `VReg_<32*n>` for a `VReg_*` class (wave64 WMMA operands are narrower), else `rc`.
fn vreg_class(rc: &'static str, n: u32) -> &'static str {
    if !rc.starts_with("VReg_") {
        return rc;
    }
    match n {
        2 => "VReg_64",
        3 => "VReg_96",
        4 => "VReg_128",
        8 => "VReg_256",
        _ => rc,
    }
}

/// (neg, abs, type override) of source i.
pub type SrcMod<'a> = &'a dyn Fn(usize) -> (bool, bool, Option<Ty>, bool);

/// Prints the operands of `row` (the VALU printers, DPP included). `srcmod(i)` gives (neg,
/// abs, type) for source i.
pub(crate) fn print_operands<O: Sink + ?Sized>(
    out: &mut O,
    row: &Row,
    vals: &[(Field, u32)],
    lit: Option<u32>,
    wave64: bool,
    srcmod: SrcMod<'_>,
    src1_vgpr_only: bool,
) -> bool {
    for (i, o) in row.operands.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        match *o {
            Operand::Text(a, b) => out.push_str(if wave64 { b } else { a }),
            Operand::Field {
                field,
                class,
                n32,
                n64,
                ty,
                vcmt,
                scmt,
                bad_imm,
            } => {
                let n = if wave64 { n64 } else { n32 } as u32;
                // an operand that narrows in wave64 (WMMA C/D) prints constants as 32-bit
                let ty = if wave64 && n64 != n32 && matches!(ty, Ty::F64 | Ty::I64) {
                    Ty::B32
                } else {
                    ty
                };
                let v = val(vals, field);
                match class {
                    // fmaak/fmamk's constant: always the whole dword in hex (`0x3f800000`,
                    // never `1.0`), as llvm-mc prints it.
                    Class::K => match lit {
                        Some(l) => {
                            let _ = write!(out, "0x{l:x}");
                        }
                        None => return false,
                    },
                    Class::S => {
                        if !sdst(out, v, n, n32 != n64, lit) {
                            return false;
                        }
                    }
                    Class::V | Class::H | Class::L => {
                        if v + n > 256 && class != Class::H {
                            return false;
                        }
                        // (a DPP16 VOP2/VOPC integer vsrc1 with its NEG bit: `sext(vN)`)
                        let (neg, abs, sext) = if field == Field::Vsrc1 {
                            let m = srcmod(1);
                            (m.0, m.1, m.3)
                        } else {
                            (false, false, false)
                        };
                        out.push_str(if sext {
                            "sext("
                        } else if neg {
                            "-"
                        } else {
                            ""
                        });
                        out.push_str(if abs { "|" } else { "" });
                        vgpr8(out, v, class, n, vcmt);
                        out.push_str(if abs { "|" } else { "" });
                        if sext {
                            out.push(')');
                        }
                    }
                    Class::X | Class::Y => {
                        let si = match field {
                            Field::Src0 => 0,
                            Field::Src1 | Field::Vsrc1 => 1,
                            _ => 2,
                        };
                        let (neg, abs, ty, sext) = match srcmod(si) {
                            (ng, ab, Some(t), sx) => (ng, ab, t, sx),
                            (ng, ab, None, sx) => (ng, ab, ty, sx),
                        };
                        // llvm writes `neg(...)` around a negated constant without abs
                        let negf = (neg && !abs && is_const(v)) || sext;
                        out.push_str(if sext {
                            "sext("
                        } else if negf {
                            "neg("
                        } else if neg {
                            "-"
                        } else {
                            ""
                        });
                        if abs {
                            out.push('|');
                        }
                        // VGPR-tuple classes are named by the operand's width in this wave size
                        let scmt = vreg_class(scmt, n);
                        let mut info = SrcInfo {
                            vcmt,
                            scmt,
                            bad_imm,
                        };
                        let mut ty = ty;
                        // v_fma_mix*_e64_dpp: src1 must be a VGPR (llvm prints 32-bit literals)
                        if src1_vgpr_only && si == 1 {
                            info = SrcInfo {
                                vcmt: "",
                                scmt: "VGPR_32",
                                bad_imm: true,
                            };
                            ty = Ty::B32;
                        }
                        // llvm quirk: a WMMA C operand (inline-or-VGPR) given the literal that an
                        // A/B operand also uses prints as 0x0
                        let shared_lit = !wave64
                            && field == Field::Src2
                            && v == 255
                            && row.mnemonic.starts_with("v_wmma")
                            && (val(vals, Field::Src0) == 255 || val(vals, Field::Src1) == 255);
                        if shared_lit {
                            out.push_str("0x0");
                        } else if !src9(out, v, class, n, ty, lit, info) {
                            return false;
                        }
                        if abs {
                            out.push('|');
                        }
                        if negf {
                            out.push(')');
                        }
                    }
                }
            }
        }
    }
    true
}

/// `key:[b0,b1,...]`.
pub fn bit_list<O: Sink + ?Sized>(out: &mut O, key: &str, bits: &[bool]) {
    out.push(' ');
    out.push_str(key);
    out.push_str(":[");
    for (i, b) in bits.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push(if *b { '1' } else { '0' });
    }
    out.push(']');
}

fn nsrc(row: &Row) -> usize {
    row.operands
        .iter()
        .filter(|o| {
            matches!(
                o,
                Operand::Field {
                    field: Field::Src0 | Field::Src1 | Field::Src2,
                    ..
                }
            )
        })
        .count()
}

/// The VOP3 op_sel bits as printed: sources first, then the destination bit (3).
pub fn opsel_bits(m: &Mods, row: &Row, opsel: u32) -> ([bool; 4], usize) {
    let k = m.opsel as usize;
    let mut b = [false; 4];
    let ns = nsrc(row);
    for (i, bi) in b.iter_mut().enumerate().take(k) {
        let bit = if i + 1 == k && k == ns + 1 { 3 } else { i };
        *bi = opsel >> bit & 1 != 0 && m.opsel_mask >> bit & 1 != 0;
    }
    (b, k)
}

/// VOP3 modifiers: abs, neg per source, then op_sel, clamp, omod.
pub fn vop3_mods_suffix<O: Sink + ?Sized>(
    out: &mut O,
    row: &Row,
    opsel: u32,
    clamp: bool,
    omod: u32,
) {
    let m = &row.mods;
    if m.opsel > 0 {
        let (b, k) = opsel_bits(m, row, opsel);
        if b[..k].iter().any(|x| *x) {
            bit_list(out, "op_sel", &b[..k]);
        }
    }
    if m.clamp && clamp {
        out.push_str(" clamp");
    }
    if m.omod {
        match omod {
            1 => out.push_str(" mul:2"),
            2 => out.push_str(" mul:4"),
            3 => out.push_str(" div:2"),
            _ => {}
        }
    }
}

/// VOP3P suffix: op_sel, op_sel_hi, neg_lo, neg_hi, clamp.
pub fn vop3p_suffix<O: Sink + ?Sized>(
    out: &mut O,
    m: &Mods,
    opsel: u32,
    opselhi: u32,
    neglo: u32,
    neghi: u32,
    clamp: bool,
) {
    let bits = |v: u32, k: u8| -> Vec<bool> { (0..k).map(|i| v >> i & 1 != 0).collect() };
    if m.opsel > 0 && opsel & ((1 << m.opsel) - 1) != 0 {
        bit_list(out, "op_sel", &bits(opsel, m.opsel));
    }
    if m.opselhi > 0 {
        let mask = (1u32 << m.opselhi) - 1;
        let def = if m.opselhi_def { mask } else { 0 };
        if opselhi & mask != def {
            bit_list(out, "op_sel_hi", &bits(opselhi, m.opselhi));
        }
    }
    if m.neglo > 0 && neglo & ((1 << m.neglo) - 1) != 0 {
        bit_list(out, "neg_lo", &bits(neglo, m.neglo));
    }
    if m.neghi > 0 && neghi & ((1 << m.neghi) - 1) != 0 {
        bit_list(out, "neg_hi", &bits(neghi, m.neghi));
    }
    if m.clamp && clamp {
        out.push_str(" clamp");
    }
}
