//! gfx11 non-VALU encodings: SOP1/SOP2/SOPC/SOPK/SOPP (with their SIMM16 forms), SMEM, DS,
//! FLAT/GLOBAL/SCRATCH and MUBUF/MTBUF.

use super::valu::words_of;
#[allow(unused_imports)]
use super::*;
use crate::fields::{self as f, Encoding as FE, G};
use crate::gcn::inst::TInst;
use crate::gcn::Enc as GEnc;
use crate::rdna3::encode::{encode, from_src9, from_sreg, inst};

const G11: G = G::Gfx11;

pub(super) fn simm16(kind: &str, t: &str, enc: OEnc, op: u32) -> Option<u32> {
    match kind {
        "hex" | "dec" | "branch" | "u16" => parse_int(t).and_then(imm16),
        "waitcnt" => {
            let (mut vm, mut exp, mut lgkm) = (0x3f, 7, 0x3f);
            for p in t.split_whitespace() {
                let (k, v) = p.strip_suffix(')')?.split_once('(')?;
                let v: u32 = v.parse().ok()?;
                match k {
                    "vmcnt" => vm = v,
                    "expcnt" => exp = v,
                    "lgkmcnt" => lgkm = v,
                    _ => return None,
                }
            }
            // (through the WAITCNT layout; a count too large for its field is refused)
            let mut w = [0u32];
            (f::waitcnt::set_vm(G11, &mut w, vm)
                && f::waitcnt::set_lgkm(G11, &mut w, lgkm)
                && f::waitcnt::set_exp(G11, &mut w, exp))
            .then_some(w[0])
        }
        "delay" => {
            const ID: [&str; 12] = [
                "NO_DEP",
                "VALU_DEP_1",
                "VALU_DEP_2",
                "VALU_DEP_3",
                "VALU_DEP_4",
                "TRANS32_DEP_1",
                "TRANS32_DEP_2",
                "TRANS32_DEP_3",
                "FMA_ACCUM_CYCLE_1",
                "SALU_CYCLE_1",
                "SALU_CYCLE_2",
                "SALU_CYCLE_3",
            ];
            const SKIP: [&str; 6] = ["SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"];
            if let Some(v) = parse_int(t) {
                return imm16(v);
            }
            let mut v = 0u32;
            for p in t.split(" | ") {
                let (k, a) = p.strip_suffix(')')?.split_once('(')?;
                let pos = |l: &[&str]| l.iter().position(|x| *x == a).map(|i| i as u32);
                match k {
                    "instid0" => v |= pos(&ID)?,
                    "instskip" => v |= pos(&SKIP)? << 4,
                    "instid1" => v |= pos(&ID)? << 7,
                    _ => return None,
                }
            }
            Some(v)
        }
        "depctr" => {
            if let Some(v) = parse_int(t) {
                return imm16(v);
            }
            // unnamed fields keep their "no wait" maximum; bits 6:5 are zero
            let mut v = 0xff9f_u32;
            for p in t.split_whitespace() {
                let (k, x) = p.strip_suffix(')')?.split_once('(')?;
                let x = parse_int(x)? as u32;
                let (sh, wd) = match k {
                    "depctr_hold_cnt" => (7, 1),
                    "depctr_sa_sdst" => (0, 1),
                    "depctr_va_vdst" => (12, 4),
                    "depctr_va_sdst" => (9, 3),
                    "depctr_va_ssrc" => (8, 1),
                    "depctr_va_vcc" => (1, 1),
                    "depctr_vm_vsrc" => (2, 3),
                    _ => return None,
                };
                let m = (1u32 << wd) - 1;
                if x > m {
                    return None;
                }
                v = (v & !(m << sh)) | x << sh;
            }
            Some(v)
        }
        "version" => {
            let flat: String = t.chars().filter(|c| *c != '(' && *c != ')').collect();
            let mut v = 0u32;
            // llvm-mc-19 takes the names as constants of an OR expression, in any position
            // (`5|UC_VERSION_GFX10` is 5): the versions the printer names and the flags.
            for p in flat.split('|') {
                v |= match p.trim() {
                    "UC_VERSION_GFX7" => 0,
                    "UC_VERSION_GFX10" => 4,
                    "UC_VERSION_GFX11" => 6,
                    "UC_VERSION_GFX12" => 9,
                    "UC_VERSION_W64_BIT" => 1 << 13,
                    "UC_VERSION_W32_BIT" => 1 << 14,
                    "UC_VERSION_MDP_BIT" => 1 << 15,
                    x => imm16(parse_int(x)?)?,
                };
            }
            Some(v & 0xffff)
        }
        "sendmsg" => {
            if let Some(v) = parse_int(t) {
                return imm16(v);
            }
            // The message whose printed `sendmsg(...)` has the same parts, each number in any
            // spelling and any blanks between them.
            let parts = |b: &str| -> Vec<String> {
                b.split(',')
                    .map(|p| {
                        let p = p.trim();
                        parse_int(p).map_or_else(|| p.to_string(), |v| v.to_string())
                    })
                    .collect()
            };
            let want = parts(t.trim().strip_prefix("sendmsg(")?.strip_suffix(')')?);
            (0..256u32).find(|i| {
                let mut s = String::new();
                crate::rdna3::print::imm::sendmsg_text(&mut s, *i);
                s.strip_prefix("sendmsg(")
                    .and_then(|b| b.strip_suffix(')'))
                    .is_some_and(|b| parts(b) == want)
            })
        }
        _ => reverse_simm(enc, op, t),
    }
}

/// The immediate whose printing is `t` (waitcnt-like formats without a closed parser):
/// found by printing every value once and remembering the texts.
pub(super) fn reverse_simm(enc: OEnc, op: u32, t: &str) -> Option<u32> {
    use std::sync::Mutex;
    type Names = HashMap<(u8, u32), HashMap<String, u32>>;
    static CACHE: OnceLock<Mutex<Names>> = OnceLock::new();
    let c = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut g = c.lock().ok()?;
    let key = (enc as u8, op);
    let map = g.entry(key).or_insert_with(|| {
        let mut m = HashMap::new();
        let mut s = String::new();
        for v in (0..=0xffffu32).rev() {
            let mut t = match enc {
                OEnc::Sopp => inst(FE::Sopp, GEnc::Sopp, op),
                _ => inst(FE::Sopk, GEnc::Sopk, op),
            };
            t.simm16 = v as u16;
            let Ok((w, _)) = encode(&t) else { continue };
            s.clear();
            if decode(&w, 2, false, &mut s).is_ok() {
                let arg = if enc == OEnc::Sopp {
                    s.split_once(' ').map_or("", |x| x.1)
                } else if s.contains(", ") {
                    s.rsplit(", ").next().unwrap_or("")
                } else {
                    s.split_once(' ').map_or("", |x| x.1)
                };
                m.insert(arg.to_string(), v);
            }
        }
        m
    });
    map.get(t).copied()
}

/// [`other_words_any`] with the words checked against the bits llvm-mc takes in the row.
pub(super) fn other_words(
    e: OEnc,
    op: u32,
    r: &ORow,
    ops: &[&str],
    mods: &[&str],
    wave64: bool,
) -> Option<Vec<u32>> {
    let w = other_words_any(e, op, r, ops, mods, wave64)?;
    let ok = r.ok[wave64 as usize];
    (w.iter().zip(ok).all(|(w, k)| w & !k == 0)).then_some(w)
}

fn other_words_any(
    e: OEnc,
    op: u32,
    r: &ORow,
    ops: &[&str],
    mods: &[&str],
    wave64: bool,
) -> Option<Vec<u32>> {
    let n = |a: u8, b: u8| if wave64 { b } else { a } as u32;
    let lit = std::cell::Cell::new(None::<u32>);
    let src = |t: &str, nn: u32| -> Option<u32> {
        if t == "0.15915494" {
            return Some(248);
        }
        let (v, l) = parse_src9(t, nn, if nn >= 2 { Ty::I64 } else { Ty::B32 })?;
        if v >= 256 {
            return None;
        }
        if let Some(l) = l {
            lit.set(Some(l));
        }
        Some(v)
    };
    // The flag modifiers the encoding takes (`names`) set in `t`; any other but an offset or
    // format is refused.
    let flags = |names: &[&str], t: &mut TInst| -> bool {
        for m in mods {
            if names.contains(m) {
                match *m {
                    "glc" => t.glc = true,
                    "slc" => t.slc = true,
                    "dlc" => t.g11.dlc = true,
                    "gds" => t.gds = true,
                    "tfe" => t.tfe = true,
                    "offen" => t.offen = true,
                    "idxen" => t.idxen = true,
                    _ => return false,
                }
            } else if !m.starts_with("offset") && !m.starts_with("format:") {
                return false;
            }
        }
        true
    };
    let modval = |key: &str| -> Option<i64> {
        mods.iter()
            .find_map(|m| m.strip_prefix(key))
            .and_then(parse_int)
    };
    match e {
        OEnc::Sop1 | OEnc::Sop2 | OEnc::Sopc | OEnc::Sopk | OEnc::Sopp => {
            if !mods.is_empty() && !(matches!(e, OEnc::Sopp | OEnc::Sopk)) {
                return None;
            }
            // SOPP/SOPK immediates may contain spaces: rejoin them
            let (joined_text, mut joined);
            let ops: &[&str] = if matches!(e, OEnc::Sopp | OEnc::Sopk) && !mods.is_empty() {
                joined = ops.to_vec();
                let mut s = joined.pop().unwrap_or_default().to_string();
                for m in mods {
                    s.push(' ');
                    s.push_str(m);
                }
                joined_text = s;
                joined.push(joined_text.as_str());
                &joined
            } else {
                ops
            };
            let skip_zero = r.mnemonic == "s_endpgm" && ops.is_empty();
            if ops.len() != r.ops.len() && !skip_zero {
                return None;
            }
            let (mut sdst, mut s0, mut s1, mut imm) = (0u32, 0u32, 0u32, 0u32);
            for (o, t) in r.ops.iter().zip(ops) {
                match *o {
                    // (s_waitcnt_vscnt and friends: llvm-mc-19 takes only `null` there, "src0
                    // must be null", though llvm-objdump prints any register)
                    OOp::Reg("sdst", ..)
                        if r.mnemonic.starts_with("s_waitcnt_")
                            && e == OEnc::Sopk
                            && *t != "null" =>
                    {
                        return None
                    }
                    OOp::Reg("sdst", a, b, _) => sdst = parse_sreg(t, n(a, b))?,
                    OOp::Reg("ssrc0", a, b, _) => s0 = src(t, n(a, b))?,
                    OOp::Reg("ssrc1", a, b, _) => s1 = src(t, n(a, b))?,
                    OOp::Simm(k) => imm = simm16(k, t, e, op)?,
                    OOp::Hwreg => {
                        let body = t.strip_prefix("hwreg(")?.strip_suffix(')')?;
                        let p: Vec<&str> = body.split(',').map(str::trim).collect();
                        let id = match (1..64).find(|i| {
                            let mut s = String::new();
                            crate::rdna3::print::imm::hwreg_text(&mut s, *i | 31 << 11);
                            s == format!("hwreg({})", p[0])
                        }) {
                            Some(i) => i,
                            None => parse_int(p[0])? as u32,
                        };
                        let (off, size) = match p.len() {
                            3 => (parse_int(p[1])?, parse_int(p[2])?),
                            1 => (0, 32),
                            _ => return None,
                        };
                        if id >= 64 || !(0..32).contains(&off) || !(1..=32).contains(&size) {
                            return None;
                        }
                        // (through the HWREG layout)
                        let mut w = [0u32];
                        (f::hwreg::set_id(G11, &mut w, id)
                            && f::hwreg::set_offset(G11, &mut w, off as u32)
                            && f::hwreg::set_size_m1(G11, &mut w, size as u32 - 1))
                        .then_some(())?;
                        imm = w[0];
                    }
                    OOp::RtnMsg => {
                        s0 = simm16("sendmsg", t, OEnc::Sopp, 0x36).filter(|v| *v < 256)?
                    }
                    OOp::Lit => {
                        lit.set(Some(in_range(parse_int(t)?, -(1 << 31), u32::MAX as i64)?))
                    }
                    OOp::Text(a, b) => {
                        if *t != if wave64 { b } else { a } {
                            return None;
                        }
                    }
                    _ => return None,
                }
            }
            let mut t = match e {
                OEnc::Sop1 => inst(FE::Sop1, GEnc::Sop1, op),
                OEnc::Sop2 => inst(FE::Sop2, GEnc::Sop2, op),
                OEnc::Sopc => inst(FE::Sopc, GEnc::Sopc, op),
                OEnc::Sopk => inst(FE::Sopk, GEnc::Sopk, op),
                _ => inst(FE::Sopp, GEnc::Sopp, op),
            };
            t.sdst = from_sreg(sdst);
            t.src = [from_src9(s0), from_src9(s1), 0];
            t.simm16 = u16::try_from(imm).ok()?;
            if let Some(l) = lit.get() {
                t.lit = l;
                t.len = 2;
            }
            words_of(&t)
        }
        OEnc::Smem => {
            // (no modifiers without operands; one offset: the immediate or `offset:`)
            if r.ops.is_empty() && !mods.is_empty() {
                return None;
            }
            let mut i = inst(FE::Smem, GEnc::Smem, op);
            i.len = 2;
            // s_buffer_* and s_atc_probe_buffer take an unsigned offset (llvm-mc-19: "expected a
            // 20-bit unsigned offset"); a buffer resource is never `null`.
            let buffer = r.mnemonic.starts_with("s_buffer_") || r.mnemonic == "s_atc_probe_buffer";
            let smem_offset = |v: i64| {
                if buffer && v < 0 {
                    None
                } else {
                    smem_offset(v)
                }
            };
            // (SOFFSET: NULL when the form has it and no register is written, else 0)
            let mut soff = if r.ops.contains(&OOp::Soffset) {
                124
            } else {
                0
            };
            let mut off = 0i32;
            for (o, t) in r.ops.iter().zip(ops) {
                match *o {
                    OOp::Reg("sdata", a, b, _) => i.sdst = from_sreg(parse_sreg(t, n(a, b))?),
                    OOp::Reg("sbase", _, _, _) if buffer && *t == "null" => return None,
                    // (SBASE counts register pairs: an odd register is refused)
                    OOp::Reg("sbase", a, b, _) => i.sbase = parse_sreg(t, n(a, b))? as u16,
                    OOp::SdataImm => i.sdst = from_sreg(in_range(parse_int(t)?, 0, 0x7f)?),
                    OOp::Soffset => {
                        if let Some(s) = parse_sreg(t, 1) {
                            soff = s;
                        } else {
                            if modval("offset:").is_some() {
                                return None;
                            }
                            off = smem_offset(parse_int(t)?)?;
                        }
                    }
                    _ => return None,
                }
            }
            if ops.len() != r.ops.len() {
                return None;
            }
            if let Some(o) = modval("offset:") {
                off |= smem_offset(o)?;
            }
            i.offset = off;
            i.soffset_reg = soff != 124;
            i.soffset = from_sreg(soff);
            flags(&["glc", "dlc"], &mut i).then(|| words_of(&i))?
        }
        OEnc::Ds => {
            let mut i = inst(FE::Ds, GEnc::Ds, op);
            i.len = 2;
            if ops.len() != r.ops.len() {
                return None;
            }
            for (o, t) in r.ops.iter().zip(ops) {
                let OOp::Reg(f, a, b, _) = *o else {
                    return None;
                };
                let (v, c, half) = parse_vreg(t)?;
                if c != n(a, b) || half.is_some() || v + c > 256 {
                    return None;
                }
                *match f {
                    "vdst" => &mut i.vdst,
                    "addr" => &mut i.vaddr,
                    "data0" => &mut i.vdata,
                    _ => &mut i.data1,
                } |= v as u16;
            }
            let pair = ["offset0:", "offset1:"]
                .iter()
                .any(|k| mods.iter().any(|m| m.starts_with(k)));
            if pair && mods.iter().any(|m| m.starts_with("offset:")) {
                return None;
            }
            // `offset:` is the 16 bits OFFSET1:OFFSET0
            let o16 = if let Some(o) = modval("offset:") {
                in_range(o, 0, 0xffff)?
            } else if let Some(o) = mods.iter().find_map(|m| m.strip_prefix("offset:")) {
                swizzle_offset(o)?
            } else {
                0
            };
            let [lo, hi, ..] = o16.to_le_bytes();
            i.offset = lo as i32;
            i.offset1 = hi;
            if let Some(o) = modval("offset0:") {
                i.offset |= in_range(o, 0, 0xff)? as i32;
            }
            if let Some(o) = modval("offset1:") {
                i.offset1 |= in_range(o, 0, 0xff)? as u8;
            }
            flags(&["gds"], &mut i).then(|| words_of(&i))?
        }
        OEnc::Flat | OEnc::Global | OEnc::Scratch => {
            let ge = match e {
                OEnc::Flat => GEnc::Flat,
                OEnc::Scratch => GEnc::Scratch,
                _ => GEnc::Global,
            };
            let mut i = inst(FE::Flat, ge, op);
            i.len = 2;
            // (SADDR: `off` is NULL, 124)
            i.g11.saddr = 124;
            let glc = mods.contains(&"glc");
            let mut ops = ops;
            if r.mnemonic.contains("_atomic_") && glc && r.reg("vdst").is_none() {
                // (the returned value has the data's width; half of it for cmpswap)
                let (a, b) = r.reg("data")?;
                let k = n(a, b) >> r.mnemonic.contains("cmpswap") as u32;
                i.vdst = vreg_n(ops.first()?, k)? as u16;
                ops = &ops[1..];
            }
            if ops.len() != r.ops.len() {
                return None;
            }
            for (o, t) in r.ops.iter().zip(ops) {
                match *o {
                    OOp::Reg("vdst", a, b, _) => i.vdst |= vreg_n(t, n(a, b))? as u16,
                    OOp::Reg("data", a, b, _) => i.vdata |= vreg_n(t, n(a, b))? as u16,
                    OOp::Reg("addr", a, b, _) => {
                        if *t == "off" {
                            if e != OEnc::Scratch {
                                return None;
                            }
                        } else {
                            // (GLOBAL with an SGPR base: a 32-bit offset)
                            let k = if e == OEnc::Global && ops.last().is_some_and(|x| *x != "off")
                            {
                                1
                            } else {
                                n(a, b)
                            };
                            i.vaddr |= vreg_n(t, k)? as u16;
                            // (SCRATCH: SVE says the address VGPR is used)
                            if e == OEnc::Scratch {
                                i.offen = true;
                            }
                        }
                    }
                    OOp::Text("off", _) => {
                        if *t != "off" {
                            // (`null` prints as `off`)
                            let s = parse_sreg(t, if e == OEnc::Global { 2 } else { 1 })
                                .filter(|s| *s != 124)
                                .or_else(|| (t.starts_with("exec_hi")).then_some(127))?;
                            i.g11.saddr = u8::try_from(s).ok()?;
                        }
                    }
                    _ => return None,
                }
            }
            if let Some(o) = modval("offset:") {
                match e {
                    OEnc::Flat => i.g11.flat_offset = in_range(o, 0, 0xfff)? as u16,
                    _ => i.offset = in_range(o, -0x1000, 0xfff)? as i32,
                }
            }
            flags(&["glc", "slc", "dlc"], &mut i).then(|| words_of(&i))?
        }
        OEnc::Mubuf | OEnc::Mtbuf => {
            let mut i = if e == OEnc::Mubuf {
                inst(FE::Mubuf, GEnc::Mubuf, op)
            } else {
                // (MTBUF: FORMAT 1, BUF_FMT_8_UNORM, unless written)
                let mut i = inst(FE::Mtbuf, GEnc::Mtbuf, op);
                i.g11.format = 1;
                i
            };
            i.len = 2;
            if ops.len() != r.ops.len() || r.ops.is_empty() && !mods.is_empty() {
                return None;
            }
            for (o, t) in r.ops.iter().zip(ops) {
                match *o {
                    OOp::Reg("vdata", a, b, _) => {
                        // (tfe returns one more dword; llvm-mc-19 refuses it on stores and
                        // atomics)
                        let tfe = mods.contains(&"tfe");
                        let m = r.mnemonic;
                        if tfe && (m.contains("_store_") || m.contains("_atomic_")) {
                            return None;
                        }
                        let k = n(a, b) + tfe as u32;
                        i.vdata = vreg_n(t, k)? as u16;
                    }
                    OOp::Reg("vaddr", ..) | OOp::Text("off", _) => {
                        // (a VGPR address only with idxen or offen, `off` only without)
                        let addr = ["idxen", "offen"]
                            .iter()
                            .any(|k| mods.iter().any(|m| m == k));
                        if (*t != "off") != addr {
                            return None;
                        }
                        if *t != "off" {
                            let both = ["idxen", "offen"]
                                .iter()
                                .all(|k| mods.iter().any(|m| m == k));
                            i.vaddr = vreg_n(t, 1 + both as u32)? as u16;
                        }
                    }
                    // (a buffer resource is never `null`)
                    OOp::Reg("srsrc", ..) if *t == "null" => return None,
                    // (SRSRC counts register quads: an unaligned one is refused)
                    OOp::Reg("srsrc", ..) => i.srsrc = parse_sreg(t, 4)? as u16,
                    OOp::Reg("soffset", ..) => {
                        // (no literal)
                        let v = src(t, 1)?;
                        if lit.get().is_some() {
                            return None;
                        }
                        i.soffset = from_src9(v);
                    }
                    _ => return None,
                }
            }
            if let Some(o) = modval("offset:") {
                i.offset = in_range(o, 0, 0xfff)? as i32;
            }
            if let Some(f) = mods.iter().find_map(|m| m.strip_prefix("format:")) {
                let v = include_str!("../../../../../data/rdna3/buf_format.txt")
                    .lines()
                    .filter(|l| !l.starts_with('#'))
                    .position(|l| l.split('\t').nth(1) == Some(f))?;
                i.g11.format = u8::try_from(v).ok()?;
            }
            let ok = flags(&["glc", "slc", "dlc", "tfe", "offen", "idxen"], &mut i);
            ok.then(|| words_of(&i))?
        }
        _ => None,
    }
}

/// `v` as a field value when it is within `lo..=hi` (negative values as two's complement).
pub(super) fn in_range(v: i64, lo: i64, hi: i64) -> Option<u32> {
    (lo..=hi).contains(&v).then_some(v as u32)
}

/// SMEM's 21-bit signed offset.
fn smem_offset(v: i64) -> Option<i32> {
    in_range(v, -0x10_0000, 0xf_ffff).map(|x| x as i32)
}

/// A VGPR (tuple) of `n` registers, no `.l`/`.h` half: its first register.
pub(super) fn vreg_n(t: &str, n: u32) -> Option<u32> {
    let (v, c, half) = parse_vreg(t)?;
    (c == n.max(1) && half.is_none() && v + c <= 256).then_some(v)
}

/// A 16-bit immediate (signed or unsigned) as its field value.
fn imm16(v: i64) -> Option<u32> {
    in_range(v, -0x8000, 0xffff).map(|x| x & 0xffff)
}
