//! gfx11 non-VALU encodings: SOP1/SOP2/SOPC/SOPK/SOPP (with their SIMM16 forms), SMEM, DS,
//! FLAT/GLOBAL/SCRATCH and MUBUF/MTBUF.

#[allow(unused_imports)]
use super::*;

pub(super) fn simm16(kind: &str, t: &str, enc: OEnc, op: u32) -> Option<u32> {
    match kind {
        "hex" | "dec" | "branch" | "u16" => parse_int(t).map(|v| v as u32 & 0xffff),
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
            Some(vm << 10 | lgkm << 4 | exp)
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
                return Some(v as u32 & 0xffff);
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
                return Some(v as u32 & 0xffff);
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
            for (i, p) in flat.split('|').enumerate() {
                v |= match (i, p.trim()) {
                    (0, x) => parse_int(x)? as u32,
                    (_, "UC_VERSION_W64_BIT") => 1 << 13,
                    (_, "UC_VERSION_W32_BIT") => 1 << 14,
                    (_, "UC_VERSION_MDP_BIT") => 1 << 15,
                    _ => return None,
                };
            }
            Some(v & 0xffff)
        }
        "sendmsg" => {
            if let Some(v) = parse_int(t) {
                return Some(v as u32 & 0xffff);
            }
            let body = t.strip_prefix("sendmsg(")?.strip_suffix(')')?;
            match body.split_once(", ") {
                Some((id, _)) => parse_int(id).map(|v| v as u32 & 0xff),
                None => (0..256u32).find(|i| {
                    let mut s = String::new();
                    crate::rdna3::decode_mem::sendmsg_text(&mut s, *i);
                    s == t
                }),
            }
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
            let w0 = match enc {
                OEnc::Sopp => 0xbf80_0000 | op << 16 | v,
                _ => 0xb000_0000 | op << 23 | v,
            };
            s.clear();
            if decode(&[w0, 0, 0, 0], 2, false, &mut s).is_ok() {
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

pub(super) fn other_words(
    e: OEnc,
    op: u32,
    r: &ORow,
    ops: &[String],
    mods: &[String],
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
    let flags = |names: &[(&str, u32, usize)], words: &mut [u32]| -> bool {
        for m in mods {
            match names.iter().find(|(k, _, _)| k == m) {
                Some((_, bit, w)) => words[*w] |= 1 << bit,
                None => {
                    if !m.starts_with("offset") && !m.starts_with("format:") {
                        return false;
                    }
                }
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
            let joined;
            let ops: &[String] = if matches!(e, OEnc::Sopp | OEnc::Sopk) && !mods.is_empty() {
                let mut v = ops.to_vec();
                let last = v.pop().unwrap_or_default();
                joined = {
                    let mut s = last;
                    for m in mods {
                        s.push(' ');
                        s.push_str(m);
                    }
                    v.push(s);
                    v
                };
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
                    OOp::Reg("sdst", a, b, _) => sdst = parse_sreg(t, n(a, b))?,
                    OOp::Reg("ssrc0", a, b, _) => s0 = src(t, n(a, b))?,
                    OOp::Reg("ssrc1", a, b, _) => s1 = src(t, n(a, b))?,
                    OOp::Simm(k) => imm = simm16(k, t, e, op)?,
                    OOp::Hwreg => {
                        let body = t.strip_prefix("hwreg(")?.strip_suffix(')')?;
                        let p: Vec<&str> = body.split(',').map(str::trim).collect();
                        let id = match (1..64).find(|i| {
                            let mut s = String::new();
                            crate::rdna3::decode_mem::hwreg_text(&mut s, *i | 31 << 11);
                            s == format!("hwreg({})", p[0])
                        }) {
                            Some(i) => i,
                            None => parse_int(p[0])? as u32,
                        };
                        let (off, size) = if p.len() == 3 {
                            (parse_int(p[1])? as u32, parse_int(p[2])? as u32)
                        } else {
                            (0, 32)
                        };
                        imm = id | off << 6 | (size.checked_sub(1)?) << 11;
                    }
                    OOp::RtnMsg => {
                        s0 = simm16("sendmsg", t, OEnc::Sopp, 0x36).filter(|v| *v < 256)?
                    }
                    OOp::Lit => lit.set(Some(parse_int(t)? as u32)),
                    OOp::Text(a, b) => {
                        if t != if wave64 { b } else { a } {
                            return None;
                        }
                    }
                    _ => return None,
                }
            }
            let w0 = match e {
                OEnc::Sop1 => 0xbe80_0000 | sdst << 16 | op << 8 | s0,
                OEnc::Sop2 => 0x8000_0000 | op << 23 | sdst << 16 | s1 << 8 | s0,
                OEnc::Sopc => 0xbf00_0000 | op << 16 | s1 << 8 | s0,
                OEnc::Sopk => 0xb000_0000 | op << 23 | sdst << 16 | imm,
                _ => 0xbf80_0000 | op << 16 | imm,
            };
            let mut w = vec![w0];
            if let Some(l) = lit.get() {
                w.push(l);
            }
            Some(w)
        }
        OEnc::Smem => {
            let (mut w0, mut w1) = (0xf400_0000 | op << 18, 0u32);
            let mut soff = if r.ops.contains(&OOp::Soffset) {
                124
            } else {
                0
            };
            for (o, t) in r.ops.iter().zip(ops) {
                match *o {
                    OOp::Reg("sdata", a, b, _) => w0 |= parse_sreg(t, n(a, b))? << 6,
                    OOp::Reg("sbase", a, b, _) => w0 |= parse_sreg(t, n(a, b))? / 2,
                    OOp::SdataImm => w0 |= (parse_int(t)? as u32 & 0x7f) << 6,
                    OOp::Soffset => {
                        if let Some(s) = parse_sreg(t, 1) {
                            soff = s;
                        } else {
                            w1 |= parse_int(t)? as u32 & 0x1f_ffff;
                        }
                    }
                    _ => return None,
                }
            }
            if ops.len() != r.ops.len() {
                return None;
            }
            if let Some(o) = modval("offset:") {
                w1 |= o as u32 & 0x1f_ffff;
            }
            w1 |= soff << 25;
            let mut w = [w0, w1];
            flags(&[("glc", 14, 0), ("dlc", 13, 0)], &mut w).then(|| w.to_vec())
        }
        OEnc::Ds => {
            let (mut w0, mut w1) = (0xd800_0000 | op << 18, 0u32);
            if ops.len() != r.ops.len() {
                return None;
            }
            for (o, t) in r.ops.iter().zip(ops) {
                let OOp::Reg(f, a, b, _) = *o else {
                    return None;
                };
                let (v, c, _) = parse_vreg(t)?;
                if c != n(a, b) {
                    return None;
                }
                w1 |= v
                    << match f {
                        "vdst" => 24,
                        "addr" => 0,
                        "data0" => 8,
                        _ => 16,
                    };
            }
            if let Some(o) = modval("offset:") {
                w0 |= o as u32 & 0xffff;
            } else if let Some(o) = mods.iter().find_map(|m| m.strip_prefix("offset:")) {
                w0 |= swizzle_offset(o)?;
            }
            if let Some(o) = modval("offset0:") {
                w0 |= o as u32 & 0xff;
            }
            if let Some(o) = modval("offset1:") {
                w0 |= (o as u32 & 0xff) << 8;
            }
            let mut w = [w0, w1];
            flags(&[("gds", 17, 0)], &mut w).then(|| w.to_vec())
        }
        OEnc::Flat | OEnc::Global | OEnc::Scratch => {
            let seg = match e {
                OEnc::Flat => 0,
                OEnc::Scratch => 1,
                _ => 2,
            };
            let (mut w0, mut w1) = (0xdc00_0000 | op << 18 | seg << 16, 124u32 << 16);
            let glc = mods.iter().any(|m| m == "glc");
            let mut ops = ops;
            if r.mnemonic.contains("_atomic_") && glc && r.reg("vdst").is_none() {
                let (v, _, _) = parse_vreg(ops.first()?)?;
                w1 |= v << 24;
                ops = &ops[1..];
            }
            if ops.len() != r.ops.len() {
                return None;
            }
            for (o, t) in r.ops.iter().zip(ops) {
                match *o {
                    OOp::Reg("vdst", ..) => w1 |= parse_vreg(t)?.0 << 24,
                    OOp::Reg("data", ..) => w1 |= parse_vreg(t)?.0 << 8,
                    OOp::Reg("addr", ..) => {
                        if t == "off" {
                            if e != OEnc::Scratch {
                                return None;
                            }
                        } else {
                            w1 |= parse_vreg(t)?.0;
                            if e == OEnc::Scratch {
                                w1 |= 1 << 23;
                            }
                        }
                    }
                    OOp::Text("off", _) => {
                        if t != "off" {
                            let s = parse_sreg(t, if e == OEnc::Global { 2 } else { 1 })
                                .or_else(|| (t.starts_with("exec_hi")).then_some(127))?;
                            w1 = (w1 & !(0x7f << 16)) | s << 16;
                        }
                    }
                    _ => return None,
                }
            }
            if let Some(o) = modval("offset:") {
                w0 |= o as u32 & 0x1fff;
            }
            let mut w = [w0, w1];
            flags(&[("glc", 14, 0), ("slc", 15, 0), ("dlc", 13, 0)], &mut w).then(|| w.to_vec())
        }
        OEnc::Mubuf | OEnc::Mtbuf => {
            let mut w0 = if e == OEnc::Mubuf {
                0xe000_0000 | op << 18
            } else {
                0xe800_0000 | op << 15 | 1 << 19
            };
            let mut w1 = 0u32;
            if ops.len() != r.ops.len() {
                return None;
            }
            for (o, t) in r.ops.iter().zip(ops) {
                match *o {
                    OOp::Reg("vdata", ..) => w1 |= parse_vreg(t)?.0 << 8,
                    OOp::Reg("vaddr", ..) | OOp::Text("off", _) => {
                        if t != "off" {
                            w1 |= parse_vreg(t)?.0;
                        }
                    }
                    OOp::Reg("srsrc", ..) => w1 |= (parse_sreg(t, 4)? / 4) << 16,
                    OOp::Reg("soffset", ..) => w1 |= src(t, 1)? << 24,
                    _ => return None,
                }
            }
            if let Some(o) = modval("offset:") {
                w0 |= o as u32 & 0xfff;
            }
            if let Some(f) = mods.iter().find_map(|m| m.strip_prefix("format:")) {
                let v = include_str!("../../../../../data/rdna3/buf_format.txt")
                    .lines()
                    .filter(|l| !l.starts_with('#'))
                    .position(|l| l.split('\t').nth(1) == Some(f))? as u32;
                w0 = (w0 & !(0x7f << 19)) | v << 19;
            }
            let mut w = [w0, w1];
            let ok = flags(
                &[
                    ("glc", 14, 0),
                    ("slc", 12, 0),
                    ("dlc", 13, 0),
                    ("tfe", 21, 1),
                    ("offen", 22, 1),
                    ("idxen", 23, 1),
                ],
                &mut w,
            );
            let mut v = w.to_vec();
            if let Some(l) = lit.get() {
                v.push(l);
            }
            ok.then_some(v)
        }
        _ => None,
    }
}
