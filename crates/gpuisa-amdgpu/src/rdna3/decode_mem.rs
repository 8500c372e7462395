//! Scalar (SOP1/SOP2/SOPC/SOPK/SOPP, SMEM), LDS (DS), FLAT/GLOBAL/SCRATCH, buffer (MUBUF/MTBUF)
//! and interpolation encodings: recognition, field checks and llvm-mc-19 printing. Opcode rows
//! (mnemonic, operand list, accepted bits) come from [`super::otable`]; the immediate formats
//! (waitcnt, delay_alu, depctr, sendmsg, hwreg) are printed here.

use super::decode::{Decoded, Res};
use super::operand::{write_range, write_src, write_sreg};
use super::otable::{row, OEnc, OOp, ORow};
use super::table::Ty;
use crate::fields::{self as f, G};
use std::fmt::Write;

const G11: G = G::Gfx11;

pub fn decode(w: &[u32; 4], n: usize, wave64: bool, out: &mut String) -> Res {
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
fn exp(w: &[u32; 4], n: usize, out: &mut String) -> Res {
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
fn ldsdir(w: &[u32; 4], out: &mut String) -> Res {
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
fn vinterp(w: &[u32; 4], n: usize, wave64: bool, out: &mut String) -> Res {
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

fn n_of(r: (u8, u8), wave64: bool) -> u32 {
    (if wave64 { r.1 } else { r.0 }) as u32
}

/// The inline-constant style of 16-bit immediates: decimal up to 64, hex above.
fn u16_imm(out: &mut String, v: u32) {
    if v <= 64 {
        let _ = write!(out, "{v}");
    } else {
        let _ = write!(out, "0x{v:x}");
    }
}

fn waitcnt(out: &mut String, v: u32) {
    use f::waitcnt as wc;
    let x = &[v][..];
    let (vm, exp, lgkm) = (wc::vm(G11, x), wc::exp(G11, x), wc::lgkm(G11, x));
    let all = vm == 0x3f && exp == 7 && lgkm == 0x3f;
    let mut first = true;
    let mut put = |out: &mut String, name: &str, x: u32, max: u32| {
        if all || x != max {
            if !first {
                out.push(' ');
            }
            first = false;
            let _ = write!(out, "{name}({x})");
        }
    };
    put(out, "vmcnt", vm, 0x3f);
    put(out, "expcnt", exp, 7);
    put(out, "lgkmcnt", lgkm, 0x3f);
}

fn delay_alu(out: &mut String, v: u32) {
    let id = |x: u32| -> &'static str {
        match x {
            0 => "NO_DEP",
            1 => "VALU_DEP_1",
            2 => "VALU_DEP_2",
            3 => "VALU_DEP_3",
            4 => "VALU_DEP_4",
            5 => "TRANS32_DEP_1",
            6 => "TRANS32_DEP_2",
            7 => "TRANS32_DEP_3",
            8 => "FMA_ACCUM_CYCLE_1",
            9 => "SALU_CYCLE_1",
            10 => "SALU_CYCLE_2",
            11 => "SALU_CYCLE_3",
            _ => "/* invalid instid value */",
        }
    };
    let skip = |x: u32| -> &'static str {
        match x {
            0 => "SAME",
            1 => "NEXT",
            2 => "SKIP_1",
            3 => "SKIP_2",
            4 => "SKIP_3",
            5 => "SKIP_4",
            _ => "/* invalid instskip value */",
        }
    };
    let (i0, sk, i1) = (v & 0xf, (v >> 4) & 7, (v >> 7) & 0xf);
    if i0 == 0 && sk == 0 && i1 == 0 {
        out.push('0');
        return;
    }
    let mut parts: Vec<String> = Vec::new();
    if i0 != 0 {
        parts.push(format!("instid0({})", id(i0)));
    }
    if sk != 0 {
        parts.push(format!("instskip({})", skip(sk)));
    }
    if i1 != 0 {
        parts.push(format!("instid1({})", id(i1)));
    }
    out.push_str(&parts.join(" | "));
}

fn depctr(out: &mut String, v: u32) {
    // (name, shift, width): llvm's order
    const F: [(&str, u32, u32); 7] = [
        ("depctr_hold_cnt", 7, 1),
        ("depctr_sa_sdst", 0, 1),
        ("depctr_va_vdst", 12, 4),
        ("depctr_va_sdst", 9, 3),
        ("depctr_va_ssrc", 8, 1),
        ("depctr_va_vcc", 1, 1),
        ("depctr_vm_vsrc", 2, 3),
    ];
    if v & 0x60 != 0 || v > 0xffff {
        let _ = write!(out, "0x{v:x}");
        return;
    }
    let mut first = true;
    for (name, sh, wd) in F {
        let m = (1u32 << wd) - 1;
        let x = (v >> sh) & m;
        if x != m {
            if !first {
                out.push(' ');
            }
            first = false;
            let _ = write!(out, "{name}({x})");
        }
    }
    if first {
        let _ = write!(out, "0x{v:x}");
    }
}

fn msg_name(id: u32) -> Option<&'static str> {
    Some(match id {
        1 => "MSG_INTERRUPT",
        2 => "MSG_HS_TESSFACTOR",
        3 => "MSG_DEALLOC_VGPRS",
        5 => "MSG_STALL_WAVE_GEN",
        6 => "MSG_HALT_WAVES",
        9 => "MSG_GS_ALLOC_REQ",
        128 => "MSG_RTN_GET_DOORBELL",
        129 => "MSG_RTN_GET_DDID",
        130 => "MSG_RTN_GET_TMA",
        131 => "MSG_RTN_GET_REALTIME",
        132 => "MSG_RTN_SAVE_WAVE",
        133 => "MSG_RTN_GET_TBA",
        134 => "MSG_RTN_GET_TBA_TO_PC",
        _ => return None,
    })
}

/// `sendmsg(...)` text of a message immediate (used by the assembler too).
pub fn sendmsg_text(out: &mut String, v: u32) {
    sendmsg(out, v)
}

fn sendmsg(out: &mut String, v: u32) {
    let (id, rest) = (v & 0xff, v >> 8);
    match msg_name(id) {
        Some(nm) => {
            let _ = write!(out, "sendmsg({nm})");
        }
        None if rest == 0 => {
            let _ = write!(out, "sendmsg({id}, 0, 0)");
        }
        _ => {
            let _ = write!(out, "{v}");
        }
    }
}

fn version(out: &mut String, v: u32) {
    const FLAGS: [(u32, &str); 3] = [
        (1 << 13, "UC_VERSION_W64_BIT"),
        (1 << 14, "UC_VERSION_W32_BIT"),
        (1 << 15, "UC_VERSION_MDP_BIT"),
    ];
    if v & 0xe000 == 0 || v & 0x1f00 != 0 {
        u16_imm(out, v);
        return;
    }
    // llvm nests every further flag: ((version|A)|B)|C
    let k = FLAGS.iter().filter(|(b, _)| v & b != 0).count();
    for _ in 1..k {
        out.push('(');
    }
    let _ = write!(out, "{}", v & 0x1fff);
    let mut i = 0;
    for (b, n) in FLAGS {
        if v & b != 0 {
            let _ = write!(out, "|{n}");
            i += 1;
            if i < k {
                out.push(')');
            }
        }
    }
}

fn hwreg_name(id: u32) -> Option<&'static str> {
    Some(match id {
        1 => "HW_REG_MODE",
        2 => "HW_REG_STATUS",
        3 => "HW_REG_TRAPSTS",
        5 => "HW_REG_GPR_ALLOC",
        6 => "HW_REG_LDS_ALLOC",
        7 => "HW_REG_IB_STS",
        15 => "HW_REG_SH_MEM_BASES",
        18 => "HW_REG_PERF_SNAPSHOT_PC_LO",
        19 => "HW_REG_PERF_SNAPSHOT_PC_HI",
        20 => "HW_REG_FLAT_SCR_LO",
        21 => "HW_REG_FLAT_SCR_HI",
        23 => "HW_REG_HW_ID1",
        24 => "HW_REG_HW_ID2",
        27 => "HW_REG_PERF_SNAPSHOT_DATA",
        29 => "HW_REG_SHADER_CYCLES",
        _ => return None,
    })
}

/// `hwreg(...)` text of a SOPK immediate (used by the assembler too).
pub fn hwreg_text(out: &mut String, v: u32) {
    hwreg(out, v)
}

fn hwreg(out: &mut String, v: u32) {
    let x = &[v][..];
    let (id, off, size) = (
        f::hwreg::id(G11, x),
        f::hwreg::offset(G11, x),
        f::hwreg::size_m1(G11, x) + 1,
    );
    out.push_str("hwreg(");
    match hwreg_name(id) {
        Some(n) => out.push_str(n),
        None => {
            let _ = write!(out, "{id}");
        }
    }
    if off != 0 || size != 32 {
        let _ = write!(out, ", {off}, {size}");
    }
    out.push(')');
}

fn simm16(out: &mut String, kind: &str, v: u32) {
    match kind {
        "hex" => {
            let _ = write!(out, "0x{v:x}");
        }
        "dec" | "branch" => {
            let _ = write!(out, "{v}");
        }
        "waitcnt" => waitcnt(out, v),
        "delay" => delay_alu(out, v),
        "depctr" => depctr(out, v),
        "sendmsg" => sendmsg(out, v),
        "version" => version(out, v),
        _ => u16_imm(out, v),
    }
}

/// A scalar source (8-bit field) of `n` dwords.
fn ssrc(out: &mut String, v: u32, n: u32, lit: Option<u32>, bad_imm: bool) -> bool {
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
fn salu(
    e: OEnc,
    op: u32,
    w: &[u32; 4],
    n: usize,
    wave64: bool,
    out: &mut String,
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

fn vreg(out: &mut String, v: u32, n: u32) -> bool {
    if v + n.max(1) > 256 {
        return false;
    }
    write_range(out, "v", v, n.max(1));
    true
}

fn signed_hex(out: &mut String, v: i32) {
    if v < 0 {
        let _ = write!(out, "-0x{:x}", -(v as i64));
    } else {
        let _ = write!(out, "0x{v:x}");
    }
}

fn smem(w: &[u32; 4], n: usize, wave64: bool, out: &mut String) -> Res {
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
fn swizzle(out: &mut String, v: u32) {
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

fn ds(w: &[u32; 4], n: usize, wave64: bool, out: &mut String) -> Res {
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

fn flat(w: &[u32; 4], n: usize, wave64: bool, out: &mut String) -> Res {
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
    let mut sep = |out: &mut String| {
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
fn buf_format(out: &mut String, f: u32) {
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

fn buf(e: OEnc, w: &[u32; 4], n: usize, wave64: bool, out: &mut String) -> Res {
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

/// The vdata and vaddr register counts llvm prints for a MIMG word (`data/rdna3/mimg_sizes.txt`):
/// llvm falls back to the variant its decoder matched when the size computed from dmask, d16, tfe,
/// dim and a16 has no variant, so the counts are probed data, not arithmetic. None = rejected.
#[allow(clippy::too_many_arguments)]
fn mimg_sizes(
    op: u32,
    dim: u32,
    a16: bool,
    nsa: bool,
    ch: u32,
    d16: bool,
    tfe: bool,
    lwe: bool,
) -> Option<(u32, u32)> {
    use std::collections::HashMap;
    use std::sync::OnceLock;
    type Key = (u8, u8, u8, u8);
    static T: OnceLock<HashMap<Key, [(u8, u8); 32]>> = OnceLock::new();
    let t = T.get_or_init(|| {
        let mut m = HashMap::new();
        for l in include_str!("../../../../data/rdna3/mimg_sizes.txt").lines() {
            if l.starts_with('#') {
                continue;
            }
            let c: Vec<&str> = l.split('\t').collect();
            if c.len() < 6 {
                continue;
            }
            let Ok(op) = u8::from_str_radix(c[0].trim_start_matches("0x"), 16) else {
                continue;
            };
            let mut e = [(0u8, 0u8); 32];
            for (i, x) in c[5].split(' ').take(32).enumerate() {
                let (a, b) = x.split_once('.').unwrap_or(("0", "0"));
                e[i] = (a.parse().unwrap_or(0), b.parse().unwrap_or(0));
            }
            let k = (
                op,
                c[2].parse().unwrap_or(0),
                c[3].parse().unwrap_or(0),
                c[4].parse().unwrap_or(0),
            );
            m.insert(k, e);
        }
        m
    });
    let e = t.get(&(op as u8, dim as u8, a16 as u8, nsa as u8))?;
    let i = ((ch.clamp(1, 4) - 1) * 8 + (d16 as u32) * 4 + (tfe as u32) * 2 + lwe as u32) as usize;
    let (vd, va) = e[i];
    (vd != 0).then_some((vd as u32, va as u32))
}

/// The vdata and vaddr counts of the variant llvm's decoder matches (`data/rdna3/mimg_orig.txt`).
fn mimg_original(op: u32) -> Option<(u32, u32, u32)> {
    include_str!("../../../../data/rdna3/mimg_orig.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            (c.len() >= 5 && u32::from_str_radix(c[0].trim_start_matches("0x"), 16).ok()? == op)
                .then(|| Some((c[2].parse().ok()?, c[3].parse().ok()?, c[4].parse().ok()?)))?
        })
        .filter(|x| x.0 > 0)
}

/// MIMG: `image_* vdata, vaddr|[v, v, ...], srsrc[, ssamp] dmask:.. dim:.. flags`.
fn mimg(w: &[u32; 4], n: usize, wave64: bool, out: &mut String) -> Res {
    if n < 2 {
        return Err(());
    }
    let (w0, w1) = (w[0], w[1]);
    use f::mimg as m;
    let op = m::op(G11, w);
    let r = row(OEnc::Mimg, op).ok_or(())?;
    let ok = &r.ok[wave64 as usize];
    if w0 & !ok[0] & !0x3 != 0 || w1 & 0x8380_0000 & !ok[1] != 0 {
        return Err(());
    }
    // NSA (bit 0): the addresses are listed in one extra dword (the fifth is a range if more)
    // without a sampler operand the ssamp field must be zero
    if r.reg("ssamp").is_none() && m::ssamp(G11, w) != 0 {
        return Err(());
    }
    let nsa = m::nsa(G11, w) as usize;
    if n < 2 + nsa {
        return Err(());
    }
    let (dmask, dim, a16, d16) = (
        m::dmask(G11, w),
        m::dim(G11, w),
        m::a16(G11, w) != 0,
        m::d16(G11, w) != 0,
    );
    let (tfe, lwe) = (m::tfe(G11, w) != 0, m::lwe(G11, w) != 0);
    let (mut vdata_n, mut naddr) =
        mimg_sizes(op, dim, a16, nsa == 1, dmask.count_ones(), d16, tfe, lwe).ok_or(())?;
    // llvm first decodes the variant its table matched (its registers must exist), then resizes
    // it; a resized range past v255 keeps the matched variant
    let (vdata_r, vaddr_r) = (m::vdata(G11, w), m::vaddr(G11, w));
    let (vd0, va0, na0) = mimg_original(op).ok_or(())?;
    if vdata_r + vd0 > 256 || (nsa == 0 && vaddr_r + va0 > 256) {
        return Err(());
    }
    let last_nsa_overflow = nsa == 1 && naddr > 5 && ((w[2] >> 24) & 0xff) + naddr - 4 > 256;
    if vdata_r + vdata_n > 256 || (nsa == 0 && vaddr_r + naddr > 256) || last_nsa_overflow {
        vdata_n = vd0;
        naddr = if nsa == 0 { va0 } else { na0 };
    }
    let start = out.len();
    out.push_str(r.mnemonic);
    // llvm's NSA sampler mnemonics carry a second space
    if nsa > 0 && r.reg("ssamp").is_some() {
        out.push(' ');
    }
    let mut first = true;
    for o in r.ops.iter() {
        out.push_str(if first { " " } else { ", " });
        first = false;
        let ok = match *o {
            OOp::Reg("vdata", _, _, _) => vreg(out, vdata_r, vdata_n),
            OOp::Reg("vaddr", _, _, _) => {
                if nsa == 0 {
                    vreg(out, vaddr_r, naddr)
                } else {
                    let entries = naddr.min(5) as usize;
                    out.push('[');
                    let mut good = true;
                    for i in 0..entries {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        let v = if i == 0 {
                            vaddr_r
                        } else {
                            (w[2] >> (8 * (i - 1))) & 0xff
                        };
                        let cnt = if i == 4 { naddr - 4 } else { 1 };
                        good &= vreg(out, v, cnt);
                    }
                    out.push(']');
                    good
                }
            }
            OOp::Reg("srsrc", a, b, _) => {
                write_sreg(out, m::srsrc(G11, w) * 4, n_of((a, b), wave64))
            }
            OOp::Reg("ssamp", a, b, _) => {
                write_sreg(out, m::ssamp(G11, w) * 4, n_of((a, b), wave64))
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
    if dmask != 0 {
        let _ = write!(out, " dmask:0x{dmask:x}");
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
    let _ = write!(out, " dim:SQ_RSRC_IMG_{}", DIMS[dim as usize]);
    for (bit, word, name) in [
        (7, 0, " unorm"),
        (14, 0, " glc"),
        (12, 0, " slc"),
        (13, 0, " dlc"),
        (15, 0, " r128"),
        (16, 0, " a16"),
        (21, 1, " tfe"),
        (22, 1, " lwe"),
        (17, 0, " d16"),
    ] {
        if w[word] >> bit & 1 != 0 {
            out.push_str(name);
        }
    }
    Ok(Decoded {
        len: (2 + nsa) as u8,
        class: "MIMG",
    })
}
