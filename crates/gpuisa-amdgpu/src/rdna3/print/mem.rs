//! Scalar (SOP1/SOP2/SOPC/SOPK/SOPP, SMEM), DS, FLAT/GLOBAL/SCRATCH, MUBUF/MTBUF, MIMG, EXP,
//! VINTERP and LDSDIR, printed from a TInst.

use super::code;
use super::imm::{
    buf_format, hwreg, n_of, sendmsg, signed_hex, simm16, ssrc, swizzle, u16_imm, vreg,
};
use super::operands::{bit_list, src9, SrcInfo};
use crate::fields::Encoding as E;
use crate::gcn::inst::TInst;
use crate::gcn::Enc;
use crate::rdna3::mimg::{mimg_original, mimg_sizes};
use crate::rdna3::operand::is_const;
use crate::rdna3::operand::{write_src, write_sreg};
use crate::rdna3::otable::{row, OEnc, OOp};
use crate::rdna3::table::{Class, Ty};
use std::fmt::Write;

fn sep(out: &mut String, first: &mut bool) {
    out.push_str(if *first { " " } else { ", " });
    *first = false;
}

/// SOP1, SOP2, SOPC, SOPK, SOPP.
pub(super) fn salu(t: &TInst, out: &mut String) {
    let e = match t.g11.enc {
        Some(E::Sop1) => OEnc::Sop1,
        Some(E::Sop2) => OEnc::Sop2,
        Some(E::Sopc) => OEnc::Sopc,
        Some(E::Sopk) => OEnc::Sopk,
        _ => OEnc::Sopp,
    };
    let Some(r) = row(e, t.g11.opcode as u32) else {
        return;
    };
    let (s0, s1) = (code(t.src[0]), code(t.src[1]));
    let lit = Some(t.lit);
    let wave64 = t.wave64;
    out.push_str(r.mnemonic);
    let simm = t.simm16 as u32;
    // s_endpgm prints its immediate only when it is not zero
    let skip_zero = r.mnemonic == "s_endpgm" && simm == 0;
    for (i, o) in r.ops.iter().enumerate() {
        if skip_zero && matches!(o, OOp::Simm(_)) {
            continue;
        }
        out.push_str(if i == 0 { " " } else { ", " });
        match *o {
            OOp::Reg(f, a, b, bad) => {
                let nn = n_of((a, b), wave64);
                match f {
                    "sdst" => {
                        write_sreg(out, code(t.sdst), nn);
                    }
                    "ssrc0" => {
                        ssrc(out, s0, nn, lit, bad);
                    }
                    "ssrc1" => {
                        ssrc(out, s1, nn, lit, bad);
                    }
                    _ => {}
                }
            }
            OOp::RtnMsg => sendmsg(out, s0),
            OOp::Simm(k) => simm16(out, k, simm),
            OOp::Hwreg => hwreg(out, simm),
            OOp::Lit => {
                crate::rdna3::operand::push_hex(out, t.lit);
            }
            OOp::Text(a, b) => out.push_str(if wave64 { b } else { a }),
            OOp::Soffset | OOp::SdataImm => {}
        }
    }
}

/// SMEM.
pub(super) fn smem(t: &TInst, out: &mut String) {
    let Some(r) = row(OEnc::Smem, t.g11.opcode as u32) else {
        return;
    };
    let wave64 = t.wave64;
    out.push_str(r.mnemonic);
    let soff = if t.soffset_reg { code(t.soffset) } else { 124 };
    let off = t.offset;
    let sdata = code(t.sdst);
    for (i, o) in r.ops.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        match *o {
            OOp::Reg("sdata", a, b, _) => {
                let nn = n_of((a, b), wave64);
                if write_sreg(out, sdata, nn) {
                    match (sdata, nn) {
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
            }
            OOp::Reg("sbase", a, b, _) => {
                let (v, nn) = (t.sbase as u32, n_of((a, b), wave64));
                // a buffer descriptor named by a special pair: llvm prints the pair and a comment
                if nn == 4 && matches!(v, 106 | 126) {
                    out.push_str(if v == 106 { "vcc" } else { "exec" });
                    out.push_str("/*Invalid register, operand has 'SReg_128' register class*/");
                } else {
                    write_sreg(out, v, nn);
                }
            }
            OOp::SdataImm => u16_imm(out, sdata),
            OOp::Soffset => {
                if soff == 124 && off != 0 {
                    signed_hex(out, off);
                } else if write_sreg(out, soff, 1) && off != 0 {
                    out.push_str(" offset:");
                    signed_hex(out, off);
                }
            }
            OOp::Text(a, b) => out.push_str(if wave64 { b } else { a }),
            _ => {}
        }
    }
    if t.glc {
        out.push_str(" glc");
    }
    if t.g11.dlc {
        out.push_str(" dlc");
    }
}

/// DS.
pub(super) fn ds(t: &TInst, out: &mut String) {
    let Some(r) = row(OEnc::Ds, t.g11.opcode as u32) else {
        return;
    };
    out.push_str(r.mnemonic);
    for (i, o) in r.ops.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        match *o {
            OOp::Reg(f, a, b, _) => {
                let v = match f {
                    "vdst" => t.vdst,
                    "addr" => t.vaddr,
                    "data0" => t.vdata,
                    "data1" => t.data1,
                    _ => continue,
                };
                vreg(out, v as u32, n_of((a, b), t.wave64));
            }
            OOp::Text(a, b) => out.push_str(if t.wave64 { b } else { a }),
            _ => {}
        }
    }
    let (o0, o1) = (t.offset as u32, t.offset1 as u32);
    // One 16-bit offset where the operation has no two.
    let off16 = o0 | o1 << 8;
    if r.mnemonic == "ds_swizzle_b32" {
        if off16 != 0 {
            out.push_str(" offset:");
            swizzle(out, off16);
        }
    } else if r.mnemonic.contains("2addr") {
        if o0 != 0 {
            let _ = write!(out, " offset0:{o0}");
        }
        if o1 != 0 {
            let _ = write!(out, " offset1:{o1}");
        }
    } else if off16 != 0 {
        out.push_str(" offset:");
        crate::rdna3::operand::push_dec(out, off16);
    }
    if t.gds {
        out.push_str(" gds");
    }
}

/// FLAT, GLOBAL, SCRATCH.
pub(super) fn flat(t: &TInst, out: &mut String) {
    let e = match t.enc {
        Enc::Global | Enc::GlobalSaddr => OEnc::Global,
        Enc::Scratch | Enc::ScratchSaddr => OEnc::Scratch,
        _ => OEnc::Flat,
    };
    let Some(r) = row(e, t.g11.opcode as u32) else {
        return;
    };
    let wave64 = t.wave64;
    let saddr = t.g11.saddr as u32;
    out.push_str(r.mnemonic);
    let mut first = true;
    // atomics with glc return the old value
    if r.mnemonic.contains("_atomic_") && t.glc && r.reg("vdst").is_none() {
        if let Some(d) = r.reg("data") {
            let mut nn = n_of(d, wave64);
            if r.mnemonic.contains("cmpswap") {
                nn /= 2;
            }
            sep(out, &mut first);
            vreg(out, t.vdst as u32, nn);
        }
    }
    for o in r.ops.iter() {
        sep(out, &mut first);
        match *o {
            OOp::Reg("vdst", a, b, _) => {
                vreg(out, t.vdst as u32, n_of((a, b), wave64));
            }
            OOp::Reg("data", a, b, _) => {
                vreg(out, t.vdata as u32, n_of((a, b), wave64));
            }
            OOp::Reg("addr", _, _, _) => {
                let v = t.vaddr as u32;
                match e {
                    OEnc::Flat => {
                        vreg(out, v, 2);
                    }
                    OEnc::Global => {
                        vreg(out, v, if saddr == 124 { 2 } else { 1 });
                    }
                    _ if t.offen => {
                        vreg(out, v, 1);
                    }
                    _ => out.push_str("off"),
                }
            }
            OOp::Text("off", _) => {
                if saddr == 124 {
                    out.push_str("off");
                } else if e == OEnc::Scratch && saddr == 127 {
                    out.push_str(
                        "exec_hi/*Invalid register, operand has 'SReg_32_XEXEC_HI' register class*/",
                    );
                } else {
                    write_sreg(out, saddr, if e == OEnc::Global { 2 } else { 1 });
                }
            }
            OOp::Text(a, b) => out.push_str(if wave64 { b } else { a }),
            _ => {}
        }
    }
    let off = if e == OEnc::Flat {
        t.g11.flat_offset as i32
    } else {
        t.offset
    };
    if off != 0 {
        if off > 0 {
            out.push_str(" offset:");
            crate::rdna3::operand::push_dec(out, off as u32);
        } else {
            let _ = write!(out, " offset:{off}");
        }
    }
    if t.glc {
        out.push_str(" glc");
    }
    if t.slc {
        out.push_str(" slc");
    }
    if t.g11.dlc {
        out.push_str(" dlc");
    }
}

/// MUBUF, MTBUF.
pub(super) fn buf(t: &TInst, out: &mut String) {
    let mt = t.enc == Enc::Mtbuf;
    let Some(r) = row(
        if mt { OEnc::Mtbuf } else { OEnc::Mubuf },
        t.g11.opcode as u32,
    ) else {
        return;
    };
    out.push_str(r.mnemonic);
    if r.ops.is_empty() {
        // buffer_gl0_inv / buffer_gl1_inv: no operands, llvm prints the mnemonic alone
        return;
    }
    let wave64 = t.wave64;
    let naddr = t.offen as u32 + t.idxen as u32;
    let soffset = code(t.soffset);
    let mut first = true;
    for o in r.ops.iter() {
        sep(out, &mut first);
        match *o {
            OOp::Reg("vdata", a, b, _) => {
                let nn = n_of((a, b), wave64) + t.tfe as u32;
                vreg(out, t.vdata as u32, nn);
            }
            OOp::Reg("vaddr", _, _, _) | OOp::Text("off", _) => {
                if naddr == 0 {
                    out.push_str("off");
                } else {
                    vreg(out, t.vaddr as u32, naddr);
                }
            }
            OOp::Reg("srsrc", a, b, _) => {
                write_sreg(out, t.srsrc as u32, n_of((a, b), wave64));
            }
            OOp::Reg("soffset", _, _, _) => {
                write_src(out, soffset, 1, Ty::B32, Some(t.lit));
                if soffset == 254 {
                    out.push_str("/*Invalid register, operand has 'SReg_32' register class*/");
                }
            }
            OOp::Text(a, b) => out.push_str(if wave64 { b } else { a }),
            _ => {}
        }
    }
    if mt {
        buf_format(out, t.g11.format as u32);
    }
    match (t.idxen, t.offen) {
        (true, true) => out.push_str(" idxen offen"),
        (true, false) => out.push_str(" idxen"),
        (false, true) => out.push_str(" offen"),
        _ => {}
    }
    if t.offset > 0 {
        out.push_str(" offset:");
        crate::rdna3::operand::push_dec(out, t.offset as u32);
    } else if t.offset != 0 {
        let _ = write!(out, " offset:{}", t.offset);
    }
    for (b, name) in [
        (t.glc, " glc"),
        (t.slc, " slc"),
        (t.g11.dlc, " dlc"),
        (t.tfe, " tfe"),
    ] {
        if b {
            out.push_str(name);
        }
    }
}

/// MIMG: `image_* vdata, vaddr|[v, v, ...], srsrc[, ssamp] dmask:.. dim:.. flags`.
pub(super) fn mimg(t: &TInst, out: &mut String) {
    let op = t.g11.opcode as u32;
    let Some(r) = row(OEnc::Mimg, op) else {
        return;
    };
    let m = &t.img;
    let dim = m.dim.unwrap_or(0) as u32;
    let nsa = m.nsa;
    let ch = (m.dmask as u32).count_ones();
    let Some((mut vdata_n, mut naddr)) =
        mimg_sizes(op, dim, m.a16, nsa.is_some(), ch, m.d16, m.tfe, m.lwe)
    else {
        return;
    };
    // llvm first decodes the variant its table matched, then resizes it; a resized range past
    // v255 keeps the matched variant
    let Some((vd0, va0, na0)) = mimg_original(op) else {
        return;
    };
    let (vdata_r, vaddr_r) = (m.vdata as u32, m.vaddr as u32);
    let last_nsa_overflow = nsa.is_some_and(|a| naddr > 5 && a[3] as u32 + naddr - 4 > 256);
    if vdata_r + vdata_n > 256 || (nsa.is_none() && vaddr_r + naddr > 256) || last_nsa_overflow {
        vdata_n = vd0;
        naddr = if nsa.is_none() { va0 } else { na0 };
    }
    out.push_str(r.mnemonic);
    // llvm's NSA sampler mnemonics carry a second space
    if nsa.is_some() && r.reg("ssamp").is_some() {
        out.push(' ');
    }
    let wave64 = t.wave64;
    let mut first = true;
    for o in r.ops.iter() {
        sep(out, &mut first);
        match *o {
            OOp::Reg("vdata", _, _, _) => {
                vreg(out, vdata_r, vdata_n);
            }
            OOp::Reg("vaddr", _, _, _) => match nsa {
                None => {
                    vreg(out, vaddr_r, naddr);
                }
                Some(a) => {
                    out.push('[');
                    for i in 0..naddr.min(5) as usize {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        let v = if i == 0 { vaddr_r } else { a[i - 1] as u32 };
                        vreg(out, v, if i == 4 { naddr - 4 } else { 1 });
                    }
                    out.push(']');
                }
            },
            OOp::Reg("srsrc", a, b, _) => {
                write_sreg(out, m.srsrc as u32, n_of((a, b), wave64));
            }
            OOp::Reg("ssamp", a, b, _) => {
                write_sreg(out, m.ssamp as u32, n_of((a, b), wave64));
            }
            OOp::Text(a, b) => out.push_str(if wave64 { b } else { a }),
            _ => {}
        }
    }
    if m.dmask != 0 {
        let _ = write!(out, " dmask:0x{:x}", m.dmask);
    }
    const DIMS: [&str; 8] = [
        "1D",
        "2D",
        "3D",
        "CUBE",
        "1D_ARRAY",
        "2D_ARRAY",
        "2D_MSAA",
        "2D_MSAA_ARRAY",
    ];
    let _ = write!(out, " dim:SQ_RSRC_IMG_{}", DIMS[dim as usize & 7]);
    for (b, name) in [
        (m.unorm, " unorm"),
        (m.glc, " glc"),
        (m.slc, " slc"),
        (t.g11.dlc, " dlc"),
        (m.r128, " r128"),
        (m.a16, " a16"),
        (m.tfe, " tfe"),
        (m.lwe, " lwe"),
        (m.d16, " d16"),
    ] {
        if b {
            out.push_str(name);
        }
    }
}

/// EXP: `exp TARGET v0, v1, v2, v3 [done] [row_en]` (disabled channels print `off`).
pub(super) fn exp(t: &TInst, out: &mut String) {
    let x = &t.exp;
    out.push_str("exp ");
    let tg = x.target;
    match tg {
        0..=7 => {
            let _ = write!(out, "mrt{tg}");
        }
        8 => out.push_str("mrtz"),
        12..=16 => {
            let _ = write!(out, "pos{}", tg - 12);
        }
        20 => out.push_str("prim"),
        21 | 22 => {
            let _ = write!(out, "dual_src_blend{}", tg - 21);
        }
        _ => {
            let _ = write!(out, "invalid_target_{tg}");
        }
    }
    for (i, v) in x.vsrc.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        if x.en >> i & 1 != 0 {
            let _ = write!(out, "v{v}");
        } else {
            out.push_str("off");
        }
    }
    if x.done {
        out.push_str(" done");
    }
    if t.g11.row_en {
        out.push_str(" row_en");
    }
}

/// VINTERP: `v_interp_* vdst, src0, src1, src2 [clamp] [op_sel:[...]] wait_exp:N`.
pub(super) fn vinterp(t: &TInst, out: &mut String) {
    let Some(r) = row(OEnc::Vinterp, t.g11.opcode as u32) else {
        return;
    };
    out.push_str(r.mnemonic);
    for (i, o) in r.ops.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        match *o {
            OOp::Reg("vdst", _, _, _) => {
                vreg(out, t.vdst as u32, 1);
            }
            OOp::Reg(f, _, _, _) => {
                let k = match f {
                    "src0" => 0,
                    "src1" => 1,
                    _ => 2,
                };
                // VGPR-only sources: llvm prints anything else with a comment
                let v = code(t.src[k]);
                let negf = t.neg >> k & 1 != 0;
                let cst = is_const(v);
                out.push_str(if negf && cst {
                    "neg("
                } else if negf {
                    "-"
                } else {
                    ""
                });
                let info = SrcInfo {
                    vcmt: "",
                    scmt: "VGPR_32",
                    bad_imm: true,
                };
                src9(out, v, Class::X, 1, Ty::B32, Some(t.lit), info);
                if negf && cst {
                    out.push(')');
                }
            }
            _ => {}
        }
    }
    if t.clamp {
        out.push_str(" clamp");
    }
    let opsel = t.opsel;
    if opsel != 0 && r.mnemonic.contains("f16") {
        let b: Vec<bool> = (0..4).map(|i| opsel >> i & 1 != 0).collect();
        bit_list(out, "op_sel", &b);
    }
    let _ = write!(out, " wait_exp:{}", t.g11.wait);
}

/// LDSDIR: `lds_param_load vN, attrA.C wait_vdst:W` and `lds_direct_load vN wait_vdst:W`.
pub(super) fn ldsdir(t: &TInst, out: &mut String) {
    if t.g11.opcode == 0 {
        let chan = ['x', 'y', 'z', 'w'][t.attrchan as usize & 3];
        let _ = write!(
            out,
            "lds_param_load v{}, attr{}.{chan} wait_vdst:{}",
            t.vdst, t.attr, t.g11.wait
        );
    } else {
        let _ = write!(out, "lds_direct_load v{} wait_vdst:{}", t.vdst, t.g11.wait);
    }
}
