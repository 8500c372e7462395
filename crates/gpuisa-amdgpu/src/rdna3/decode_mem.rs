//! Scalar (SOP1/SOP2/SOPC/SOPK/SOPP, SMEM), LDS (DS), FLAT/GLOBAL/SCRATCH, buffer (MUBUF/MTBUF)
//! and interpolation encodings: recognition, field checks and llvm-mc-19 printing. Opcode rows
//! (mnemonic, operand list, accepted bits) come from [`super::otable`]; the immediate formats
//! (waitcnt, delay_alu, depctr, sendmsg, hwreg) are printed here.

use super::decode::Sink;
use super::decode::{Decoded, Res};
use super::operand::{write_range, write_src, write_sreg};
use super::otable::{row, OEnc, OOp, ORow};
use super::table::Ty;
use crate::fields::{self as f, G};

const G11: G = G::Gfx11;

pub(crate) mod imm;
pub(crate) mod mimg;
pub use self::imm::{hwreg_text, sendmsg_text};
#[allow(unused_imports)]
use self::{imm::*, mimg::*};

pub fn decode<O: Sink + ?Sized>(w: &[u32; 4], n: usize, wave64: bool, out: &mut O) -> Res {
    use crate::fields::Encoding as E;
    match f::identify(G11, w[0]) {
        Some(E::Sop1) => salu(OEnc::Sop1, f::sop1::op(G11, w), w, n, wave64, out, "SOP1"),
        Some(E::Sopc) => salu(OEnc::Sopc, f::sopc::op(G11, w), w, n, wave64, out, "SOPC"),
        Some(E::Sopp) => salu(OEnc::Sopp, f::sopp::op(G11, w), w, n, wave64, out, "SOPP"),
        Some(E::Sopk) => salu(OEnc::Sopk, f::sopk::op(G11, w), w, n, wave64, out, "SOPK"),
        Some(E::Sop2) => salu(OEnc::Sop2, f::sop2::op(G11, w), w, n, wave64, out, "SOP2"),
        Some(E::Smem) => smem(w, n, wave64, out),
        Some(E::Ds) => ds(w, n, wave64, out),
        Some(E::Flat) => flat(w, n, wave64, out),
        Some(E::Mubuf) => buf(OEnc::Mubuf, w, n, wave64, out),
        Some(E::Mtbuf) => buf(OEnc::Mtbuf, w, n, wave64, out),
        Some(E::Exp) => exp(w, n, out),
        Some(E::Mimg) => mimg(w, n, wave64, out),
        Some(E::Vinterp) => vinterp(w, n, wave64, out),
        Some(E::Ldsdir) => ldsdir(w, out),
        _ => Err(()),
    }
}

/// EXP: `exp TARGET v0, v1, v2, v3 [done] [row_en]` (disabled channels print `off`).
fn exp<O: Sink + ?Sized>(w: &[u32; 4], n: usize, out: &mut O) -> Res {
    if n < 2 {
        return Err(());
    }
    let t = f::exp::target(G11, w);
    out.push_str("exp ");
    match t {
        0..=7 => {
            let _ = write!(out, "mrt{t}");
        }
        8 => out.push_str("mrtz"),
        12..=16 => {
            let _ = write!(out, "pos{}", t - 12);
        }
        20 => out.push_str("prim"),
        21 | 22 => {
            let _ = write!(out, "dual_src_blend{}", t - 21);
        }
        _ => {
            let _ = write!(out, "invalid_target_{t}");
        }
    }
    let en = f::exp::en(G11, w);
    let vsrc = [
        f::exp::vsrc0(G11, w),
        f::exp::vsrc1(G11, w),
        f::exp::vsrc2(G11, w),
        f::exp::vsrc3(G11, w),
    ];
    for (i, v) in vsrc.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        if en >> i & 1 != 0 {
            let _ = write!(out, "v{v}");
        } else {
            out.push_str("off");
        }
    }
    if f::exp::done(G11, w) != 0 {
        out.push_str(" done");
    }
    if f::exp::row(G11, w) != 0 {
        out.push_str(" row_en");
    }
    Ok(Decoded {
        len: 2,
        class: "EXP",
    })
}

/// LDSDIR: `lds_param_load vN, attrA.C wait_vdst:W` and `lds_direct_load vN wait_vdst:W`.
fn ldsdir<O: Sink + ?Sized>(w: &[u32; 4], out: &mut O) -> Res {
    use f::ldsdir as l;
    let (op, vdst, wait) = (l::op(G11, w), l::vdst(G11, w), l::waitvdst(G11, w));
    // Bits 23:22 are reserved.
    if w[0] & 0x00c0_0000 != 0 {
        return Err(());
    }
    match op {
        0 => {
            let chan = ['x', 'y', 'z', 'w'][l::attrchan(G11, w) as usize & 3];
            let _ = write!(
                out,
                "lds_param_load v{vdst}, attr{}.{chan} wait_vdst:{wait}",
                l::attr(G11, w)
            );
        }
        1 => {
            let _ = write!(out, "lds_direct_load v{vdst} wait_vdst:{wait}");
        }
        _ => return Err(()),
    }
    Ok(Decoded {
        len: 1,
        class: "LDSDIR",
    })
}

/// VINTERP: `v_interp_* vdst, src0, src1, src2 [clamp] [op_sel:[...]] wait_exp:N`.
fn vinterp<O: Sink + ?Sized>(w: &[u32; 4], n: usize, wave64: bool, out: &mut O) -> Res {
    if n < 2 {
        return Err(());
    }
    use f::vinterp as vi;
    let r = row(OEnc::Vinterp, vi::op(G11, w)).ok_or(())?;
    if !accepted(r, w, 2, wave64) {
        return Err(());
    }
    let srcs = [vi::src0(G11, w), vi::src1(G11, w), vi::src2(G11, w)];
    let needs = srcs.contains(&255);
    if needs && n < 3 {
        return Err(());
    }
    let lit = needs.then_some(w[2]);
    let start = out.len();
    out.push_str(r.mnemonic);
    let neg = vi::neg(G11, w);
    for (i, o) in r.ops.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        let ok = match *o {
            OOp::Reg("vdst", _, _, _) => vreg(out, vi::vdst(G11, w), 1),
            OOp::Reg(f, _, _, _) => {
                let k = match f {
                    "src0" => 0,
                    "src1" => 1,
                    _ => 2,
                };
                // VGPR-only sources: llvm prints anything else with a comment
                let v = srcs[k];
                let negf = neg >> k & 1 != 0;
                let cst = super::decode::is_const(v);
                out.push_str(if negf && cst {
                    "neg("
                } else if negf {
                    "-"
                } else {
                    ""
                });
                let info = super::decode::SrcInfo {
                    vcmt: "",
                    scmt: "VGPR_32",
                    bad_imm: true,
                };
                let r = super::decode::src9(out, v, super::table::Class::X, 1, Ty::B32, lit, info);
                if negf && cst {
                    out.push(')');
                }
                r
            }
            _ => false,
        };
        if !ok {
            out.truncate(start);
            return Err(());
        }
    }
    if vi::clamp(G11, w) != 0 {
        out.push_str(" clamp");
    }
    let opsel = vi::opsel(G11, w);
    if opsel != 0 && r.mnemonic.contains("f16") {
        let b: Vec<bool> = (0..4).map(|i| opsel >> i & 1 != 0).collect();
        super::decode::bit_list(out, "op_sel", &b);
    }
    let _ = write!(out, " wait_exp:{}", vi::waitexp(G11, w));
    Ok(Decoded {
        len: if needs { 3 } else { 2 },
        class: "VINTERP",
    })
}

fn accepted(r: &ORow, w: &[u32; 4], nw: usize, wave64: bool) -> bool {
    let ok = &r.ok[wave64 as usize];
    (0..nw.min(2)).all(|i| w[i] & !ok[i] == 0)
}

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

#[allow(clippy::too_many_arguments)]
fn salu<O: Sink + ?Sized>(
    e: OEnc,
    op: u32,
    w: &[u32; 4],
    n: usize,
    wave64: bool,
    out: &mut O,
    class: &'static str,
) -> Res {
    let r = row(e, op).ok_or(())?;
    if !accepted(r, w, 1, wave64) {
        return Err(());
    }
    let (s0, s1) = (f::sop2::ssrc0(G11, w), f::sop2::ssrc1(G11, w));
    let uses = |f: &str| r.reg(f).is_some();
    let needs = (uses("ssrc0") && s0 == 255)
        || (uses("ssrc1") && s1 == 255)
        || r.ops.iter().any(|o| *o == OOp::Lit);
    if needs && n < 2 {
        return Err(());
    }
    let lit = needs.then_some(w[1]);
    let start = out.len();
    out.push_str(r.mnemonic);
    let simm = f::sopk::simm16(G11, w);
    // s_endpgm prints its immediate only when it is not zero
    let skip_zero = r.mnemonic == "s_endpgm" && simm == 0;
    for (i, o) in r.ops.iter().enumerate() {
        if skip_zero && matches!(o, OOp::Simm(_)) {
            continue;
        }
        out.push_str(if i == 0 { " " } else { ", " });
        let ok = match *o {
            OOp::Reg(f, a, b, bad) => {
                let nn = n_of((a, b), wave64);
                match f {
                    "sdst" => write_sreg(out, f::sop2::sdst(G11, w), nn),
                    "ssrc0" => ssrc(out, s0, nn, lit, bad),
                    "ssrc1" => ssrc(out, s1, nn, lit, bad),
                    _ => false,
                }
            }
            OOp::RtnMsg => {
                sendmsg(out, s0);
                true
            }
            OOp::Simm(k) => {
                simm16(out, k, simm);
                true
            }
            OOp::Hwreg => {
                hwreg(out, simm);
                true
            }
            OOp::Lit => match lit {
                Some(l) => {
                    let _ = write!(out, "0x{l:x}");
                    true
                }
                None => false,
            },
            OOp::Text(a, b) => {
                out.push_str(if wave64 { b } else { a });
                true
            }
            OOp::Soffset | OOp::SdataImm => false,
        };
        if !ok {
            out.truncate(start);
            return Err(());
        }
    }
    Ok(Decoded {
        len: if needs { 2 } else { 1 },
        class,
    })
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

fn smem<O: Sink + ?Sized>(w: &[u32; 4], n: usize, wave64: bool, out: &mut O) -> Res {
    if n < 2 {
        return Err(());
    }
    use f::smem as sm;
    let r = row(OEnc::Smem, sm::op(G11, w)).ok_or(())?;
    if !accepted(r, w, 2, wave64) {
        return Err(());
    }
    let start = out.len();
    out.push_str(r.mnemonic);
    let soff = sm::soffset(G11, w);
    let off = sm::offset(G11, w) as i32;
    for (i, o) in r.ops.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        let ok = match *o {
            OOp::Reg("sdata", a, b, _) => {
                let (v, nn) = (sm::sdata(G11, w), n_of((a, b), wave64));
                let r = write_sreg(out, v, nn);
                if r {
                    match (v, nn) {
                        (106 | 126, 4..) => {
                            let _ = write!(
                                out,
                                "/*Invalid register, operand has 'SReg_{}' register class*/",
                                32 * nn
                            );
                        }
                        (125..=127, 1) => out.push_str(
                            "/*Invalid register, operand has 'SReg_32_XM0_XEXEC' register class*/",
                        ),
                        (126, 2) => out.push_str(
                            "/*Invalid register, operand has 'SReg_64_XEXEC' register class*/",
                        ),
                        _ => {}
                    }
                }
                r
            }
            OOp::Reg("sbase", a, b, _) => {
                let (v, nn) = (sm::sbase(G11, w) * 2, n_of((a, b), wave64));
                // a buffer descriptor named by a special pair: llvm prints the pair and a comment
                if nn == 4 && matches!(v, 106 | 126) {
                    out.push_str(if v == 106 { "vcc" } else { "exec" });
                    out.push_str("/*Invalid register, operand has 'SReg_128' register class*/");
                    true
                } else {
                    write_sreg(out, v, nn)
                }
            }
            OOp::SdataImm => {
                u16_imm(out, sm::sdata(G11, w));
                true
            }
            OOp::Soffset => {
                if soff == 124 && off != 0 {
                    signed_hex(out, off);
                    true
                } else {
                    let r = write_sreg(out, soff, 1);
                    if r && off != 0 {
                        out.push_str(" offset:");
                        signed_hex(out, off);
                    }
                    r
                }
            }
            OOp::Text(a, b) => {
                out.push_str(if wave64 { b } else { a });
                true
            }
            _ => false,
        };
        if !ok {
            out.truncate(start);
            return Err(());
        }
    }
    if sm::glc(G11, w) != 0 {
        out.push_str(" glc");
    }
    if sm::dlc(G11, w) != 0 {
        out.push_str(" dlc");
    }
    Ok(Decoded {
        len: 2,
        class: "SMEM",
    })
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

fn ds<O: Sink + ?Sized>(w: &[u32; 4], n: usize, wave64: bool, out: &mut O) -> Res {
    if n < 2 {
        return Err(());
    }
    use f::ds as d;
    let r = row(OEnc::Ds, d::op(G11, w)).ok_or(())?;
    if !accepted(r, w, 2, wave64) {
        return Err(());
    }
    let start = out.len();
    out.push_str(r.mnemonic);
    for (i, o) in r.ops.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        let ok = match *o {
            OOp::Reg(f, a, b, _) => {
                let v = match f {
                    "vdst" => d::vdst(G11, w),
                    "addr" => d::addr(G11, w),
                    "data0" => d::data0(G11, w),
                    "data1" => d::data1(G11, w),
                    _ => 256,
                };
                vreg(out, v, n_of((a, b), wave64))
            }
            OOp::Text(a, b) => {
                out.push_str(if wave64 { b } else { a });
                true
            }
            _ => false,
        };
        if !ok {
            out.truncate(start);
            return Err(());
        }
    }
    let (o0, o1) = (d::offset0(G11, w), d::offset1(G11, w));
    // One 16-bit offset where the operation has no two.
    let off16 = o0 | o1 << 8;
    if r.mnemonic == "ds_swizzle_b32" {
        let off = off16;
        if off != 0 {
            out.push_str(" offset:");
            swizzle(out, off);
        }
    } else if r.mnemonic.contains("2addr") {
        if o0 != 0 {
            let _ = write!(out, " offset0:{o0}");
        }
        if o1 != 0 {
            let _ = write!(out, " offset1:{o1}");
        }
    } else if off16 != 0 {
        let _ = write!(out, " offset:{off16}");
    }
    if d::gds(G11, w) != 0 {
        out.push_str(" gds");
    }
    Ok(Decoded {
        len: 2,
        class: "DS",
    })
}

fn flat<O: Sink + ?Sized>(w: &[u32; 4], n: usize, wave64: bool, out: &mut O) -> Res {
    if n < 2 {
        return Err(());
    }
    let (w0, w1) = (w[0], w[1]);
    use f::flat as fl;
    let (e, class) = match fl::seg(G11, w) {
        0 => (OEnc::Flat, "FLAT"),
        1 => (OEnc::Scratch, "SCRATCH"),
        2 => (OEnc::Global, "GLOBAL"),
        _ => return Err(()),
    };
    let r = row(e, fl::op(G11, w)).ok_or(())?;
    // register fields take any value; the rest must be bits llvm accepts
    let ok = &r.ok[wave64 as usize];
    if w0 & !ok[0] != 0 || w1 & 0x0080_0000 & !ok[1] != 0 {
        return Err(());
    }
    let saddr = fl::saddr(G11, w);
    if e == OEnc::Flat && saddr != 124 {
        return Err(());
    }
    let sve = fl::sve(G11, w) != 0;
    let glc = fl::glc(G11, w) != 0;
    let start = out.len();
    out.push_str(r.mnemonic);
    let mut first = true;
    let mut sep = |out: &mut O| {
        out.push_str(if first { " " } else { ", " });
        first = false;
    };
    // atomics with glc return the old value
    let atomic = r.mnemonic.contains("_atomic_");
    if atomic && glc && r.reg("vdst").is_none() {
        if let Some(d) = r.reg("data") {
            let mut nn = n_of(d, wave64);
            if r.mnemonic.contains("cmpswap") {
                nn /= 2;
            }
            sep(out);
            if !vreg(out, fl::vdst(G11, w), nn) {
                out.truncate(start);
                return Err(());
            }
        }
    }
    for o in r.ops.iter() {
        sep(out);
        let ok = match *o {
            OOp::Reg("vdst", a, b, _) => vreg(out, fl::vdst(G11, w), n_of((a, b), wave64)),
            OOp::Reg("data", a, b, _) => vreg(out, fl::data(G11, w), n_of((a, b), wave64)),
            OOp::Reg("addr", _, _, _) => {
                let v = fl::addr(G11, w);
                match e {
                    OEnc::Flat => vreg(out, v, 2),
                    OEnc::Global => vreg(out, v, if saddr == 124 { 2 } else { 1 }),
                    _ => {
                        if sve {
                            vreg(out, v, 1)
                        } else {
                            out.push_str("off");
                            true
                        }
                    }
                }
            }
            OOp::Text("off", _) => {
                if saddr == 124 {
                    out.push_str("off");
                    true
                } else if e == OEnc::Scratch && saddr == 127 {
                    out.push_str(
                        "exec_hi/*Invalid register, operand has 'SReg_32_XEXEC_HI' register class*/",
                    );
                    true
                } else {
                    write_sreg(out, saddr, if e == OEnc::Global { 2 } else { 1 })
                }
            }
            OOp::Text(a, b) => {
                out.push_str(if wave64 { b } else { a });
                true
            }
            _ => false,
        };
        if !ok {
            out.truncate(start);
            return Err(());
        }
    }
    let off = if e == OEnc::Flat {
        fl::offset(G11, w) as i32
    } else {
        (fl::offset(G11, w) << 19) as i32 >> 19
    };
    if off != 0 {
        let _ = write!(out, " offset:{off}");
    }
    if glc {
        out.push_str(" glc");
    }
    if fl::slc(G11, w) != 0 {
        out.push_str(" slc");
    }
    if fl::dlc(G11, w) != 0 {
        out.push_str(" dlc");
    }
    Ok(Decoded { len: 2, class })
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

fn buf<O: Sink + ?Sized>(e: OEnc, w: &[u32; 4], n: usize, wave64: bool, out: &mut O) -> Res {
    if n < 2 {
        return Err(());
    }
    let (w0, w1) = (w[0], w[1]);
    let op = if e == OEnc::Mubuf {
        f::mubuf::op(G11, w)
    } else {
        f::mtbuf::op(G11, w)
    };
    let r = row(e, op).ok_or(())?;
    let ok = &r.ok[wave64 as usize];
    if w0 & !ok[0] != 0 || w1 & 0x00e0_0000 & !ok[1] != 0 {
        return Err(());
    }
    if r.ops.is_empty() {
        // buffer_gl0_inv / buffer_gl1_inv: no operands, llvm prints the mnemonic alone
        out.push_str(r.mnemonic);
        return Ok(Decoded {
            len: 2,
            class: "MUBUF",
        });
    }
    // MUBUF and MTBUF place every field but OP alike.
    use f::mubuf as mb;
    let (offen, idxen) = (mb::offen(G11, w) != 0, mb::idxen(G11, w) != 0);
    let soffset = mb::soffset(G11, w);
    let lit = if soffset == 255 {
        if n < 3 {
            return Err(());
        }
        Some(w[2])
    } else {
        None
    };
    let start = out.len();
    out.push_str(r.mnemonic);
    let mut first = true;
    let glc = mb::glc(G11, w) != 0;
    let atomic = r.mnemonic.contains("_atomic_");
    let _ = atomic;
    for o in r.ops.iter() {
        out.push_str(if first { " " } else { ", " });
        first = false;
        let ok = match *o {
            OOp::Reg("vdata", a, b, _) => {
                let mut nn = n_of((a, b), wave64);
                if mb::tfe(G11, w) != 0 {
                    nn += 1; // tfe
                }
                vreg(out, mb::vdata(G11, w), nn)
            }
            OOp::Reg("vaddr", _, _, _) => {
                let k = offen as u32 + idxen as u32;
                if k == 0 {
                    out.push_str("off");
                    true
                } else {
                    vreg(out, mb::vaddr(G11, w), k)
                }
            }
            OOp::Reg("srsrc", a, b, _) => {
                write_sreg(out, mb::srsrc(G11, w) * 4, n_of((a, b), wave64))
            }
            OOp::Reg("soffset", _, _, _) => {
                let r = write_src(out, soffset, 1, Ty::B32, lit);
                if soffset == 254 {
                    out.push_str("/*Invalid register, operand has 'SReg_32' register class*/");
                }
                r
            }
            OOp::Text("off", _) => {
                let k = offen as u32 + idxen as u32;
                if k == 0 {
                    out.push_str("off");
                    true
                } else {
                    vreg(out, mb::vaddr(G11, w), k)
                }
            }
            OOp::Text(a, b) => {
                out.push_str(if wave64 { b } else { a });
                true
            }
            _ => false,
        };
        if !ok {
            out.truncate(start);
            return Err(());
        }
    }
    if e == OEnc::Mtbuf {
        buf_format(out, f::mtbuf::format(G11, w));
    }
    match (idxen, offen) {
        (true, true) => out.push_str(" idxen offen"),
        (true, false) => out.push_str(" idxen"),
        (false, true) => out.push_str(" offen"),
        _ => {}
    }
    let off = mb::offset(G11, w);
    if off != 0 {
        let _ = write!(out, " offset:{off}");
    }
    if glc {
        out.push_str(" glc");
    }
    if mb::slc(G11, w) != 0 {
        out.push_str(" slc");
    }
    if mb::dlc(G11, w) != 0 {
        out.push_str(" dlc");
    }
    if mb::tfe(G11, w) != 0 {
        out.push_str(" tfe");
    }
    Ok(Decoded {
        len: if lit.is_some() { 3 } else { 2 },
        class: if e == OEnc::Mubuf { "MUBUF" } else { "MTBUF" },
    })
}
