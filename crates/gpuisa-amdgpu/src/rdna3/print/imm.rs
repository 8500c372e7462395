//! The gfx11 operand formats llvm-mc-19 prints by name or shape: s_waitcnt, s_delay_alu,
//! s_waitcnt_depctr, sendmsg, s_version, hwreg and the other SOPP/SOPK immediates, scalar
//! sources, VGPR ranges, signed hex offsets, the ds_swizzle_b32 offset and the MTBUF format.

use crate::fields::{self as f, G};
use crate::rdna3::operand::{is_const, push_dec, push_hex, write_range, write_src, Sink};
use crate::rdna3::table::Ty;

const G11: G = G::Gfx11;

/// The inline-constant style of 16-bit immediates: decimal up to 64, hex above.
pub(crate) fn u16_imm<O: Sink + ?Sized>(out: &mut O, v: u32) {
    if v <= 64 {
        push_dec(out, v);
    } else {
        push_hex(out, v);
    }
}

/// Appends `name(x)` to a space-separated list (`first`: nothing written yet), as s_waitcnt and
/// s_waitcnt_depctr print their counters.
fn push_count<O: Sink + ?Sized>(out: &mut O, first: &mut bool, name: &str, x: u32) {
    if !*first {
        out.push(' ');
    }
    *first = false;
    out.push_str(name);
    out.push('(');
    push_dec(out, x);
    out.push(')');
}

pub(crate) fn waitcnt<O: Sink + ?Sized>(out: &mut O, v: u32) {
    use f::waitcnt as wc;
    let x = &[v][..];
    let (vm, exp, lgkm) = (wc::vm(G11, x), wc::exp(G11, x), wc::lgkm(G11, x));
    let all = vm == 0x3f && exp == 7 && lgkm == 0x3f;
    let mut first = true;
    let mut put = |out: &mut O, name: &str, x: u32, max: u32| {
        if all || x != max {
            push_count(out, &mut first, name, x);
        }
    };
    put(out, "vmcnt", vm, 0x3f);
    put(out, "expcnt", exp, 7);
    put(out, "lgkmcnt", lgkm, 0x3f);
}

pub(crate) fn delay_alu<O: Sink + ?Sized>(out: &mut O, v: u32) {
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
    let mut first = true;
    for (on, key, name) in [
        (i0 != 0, "instid0(", id(i0)),
        (sk != 0, "instskip(", skip(sk)),
        (i1 != 0, "instid1(", id(i1)),
    ] {
        if on {
            if !first {
                out.push_str(" | ");
            }
            first = false;
            out.push_str(key);
            out.push_str(name);
            out.push(')');
        }
    }
}

pub(crate) fn depctr<O: Sink + ?Sized>(out: &mut O, v: u32) {
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
            push_count(out, &mut first, name, x);
        }
    }
    if first {
        let _ = write!(out, "0x{v:x}");
    }
}

pub(crate) fn msg_name(id: u32) -> Option<&'static str> {
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
pub fn sendmsg_text<O: Sink + ?Sized>(out: &mut O, v: u32) {
    sendmsg(out, v)
}

pub(crate) fn sendmsg<O: Sink + ?Sized>(out: &mut O, v: u32) {
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

pub(crate) fn version<O: Sink + ?Sized>(out: &mut O, v: u32) {
    const FLAGS: [(u32, &str); 3] = [
        (1 << 13, "UC_VERSION_W64_BIT"),
        (1 << 14, "UC_VERSION_W32_BIT"),
        (1 << 15, "UC_VERSION_MDP_BIT"),
    ];
    if v & 0x1f00 != 0 {
        u16_imm(out, v);
        return;
    }
    // llvm nests every further flag: ((version|A)|B)|C
    let k = FLAGS.iter().filter(|(b, _)| v & b != 0).count();
    for _ in 1..k {
        out.push('(');
    }
    // the version (bits 7:0): llvm-mc-19 names four, the others are decimal
    match v & 0xff {
        0 => out.push_str("UC_VERSION_GFX7"),
        4 => out.push_str("UC_VERSION_GFX10"),
        6 => out.push_str("UC_VERSION_GFX11"),
        9 => out.push_str("UC_VERSION_GFX12"),
        x => push_dec(out, x),
    }
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

pub(crate) fn hwreg_name(id: u32) -> Option<&'static str> {
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
pub fn hwreg_text<O: Sink + ?Sized>(out: &mut O, v: u32) {
    hwreg(out, v)
}

pub(crate) fn hwreg<O: Sink + ?Sized>(out: &mut O, v: u32) {
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

pub(crate) fn simm16<O: Sink + ?Sized>(out: &mut O, kind: &str, v: u32) {
    match kind {
        "hex" => push_hex(out, v),
        "dec" | "branch" => push_dec(out, v),
        "waitcnt" => waitcnt(out, v),
        "delay" => delay_alu(out, v),
        "depctr" => depctr(out, v),
        "sendmsg" => sendmsg(out, v),
        "version" => version(out, v),
        _ => u16_imm(out, v),
    }
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
    } else if bad_imm && is_const(v) {
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
    let t = include_str!("../../../../../data/rdna3/buf_format.txt")
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
