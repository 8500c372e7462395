//! The operation facts of data/amd/op-facts.txt as Rust (used by build.rs): `OP_FACTS` (one
//! `Facts` per `Op`) and the `syntax` column as the GCN tables' `flag::` bits. Only the file's
//! tokens are read: no operation or mnemonic name is tested here.

use std::fmt::Write as _;

/// The `flag::` constants (src/gcn/table.rs), in bit order: the `syntax` tokens of
/// data/amd/op-facts.txt in upper case, then the two facts computed from a row's operands.
const FLAGS: [&str; 26] = [
    "ENDPGM",
    "REG_ONLY_SOP1",
    "READFIRSTLANE",
    "READLANE",
    "WRITELANE",
    "LANE_B32",
    "VGPR_ONLY_SRC0",
    "INTERP",
    "SDST8",
    "SAD_U16",
    "CNDMASK",
    "CVT_PK_U8_F32",
    "CARRY_IN",
    "MQSAD_U32_U8",
    "SEXT_SRC1",
    "OPSEL",
    "MIX",
    "DS_TWO",
    "DS_GDS_ONLY",
    "DS_SWIZZLE",
    "STORE_LDS_DWORD",
    "GATHER4",
    "INT_SRC0",
    "WIDE",
    "NO_SDWA_DPP",
    "NO_SDWA_GFX9",
];

/// The `syntax` column of data/amd/op-facts.txt: per operation, the bit mask over [`FLAGS`] of
/// its tokens, and whether it has `no_opsel`.
pub(crate) type Syntax = std::collections::HashMap<String, (u32, bool)>;

pub(crate) fn read_syntax(path: &std::path::Path) -> Syntax {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let mut out = Syntax::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let c: Vec<&str> = line.split('\t').collect();
        let (Some(op), Some(col)) = (c.first(), c.get(10)) else {
            panic!("{}:{}: no syntax column: {line}", path.display(), n + 1);
        };
        let (mut bits, mut no_opsel) = (0u32, false);
        for t in col.split(' ').filter(|t| *t != "-") {
            let up = t.to_ascii_uppercase();
            match FLAGS.iter().position(|f| *f == up) {
                // OPSEL and WIDE are computed from the row, not named.
                Some(i) if !matches!(FLAGS[i], "OPSEL" | "WIDE") => bits |= 1 << i,
                _ if t == "no_opsel" => no_opsel = true,
                _ => panic!("{}:{}: unknown syntax token {t}", path.display(), n + 1),
            }
        }
        out.insert(op.to_string(), (bits, no_opsel));
    }
    out
}

/// The `flag::` constants (src/gcn/table.rs) of a row: its operation's `syntax` tokens, `WIDE`
/// (an operand of 2 or more dwords) and `OPSEL` (a 16-bit source, not `no_opsel`, and not the
/// VOP3 form of an operation with a 32-bit encoding on this generation: `e64`).
pub(crate) fn flags(syntax: (u32, bool), e64: bool, ops: &[(&'static str, u8, u8)]) -> String {
    let src16 = ops.iter().any(|&(f, _, ty)| {
        matches!(f, "Field::Src0" | "Field::Src1" | "Field::Src2")
            && matches!(ty, b'h' | b'w' | b'p' | b'q')
    });
    let (mut bits, no_opsel) = syntax;
    let bit = |name: &str| 1u32 << FLAGS.iter().position(|f| *f == name).unwrap_or(31);
    if !e64 && !no_opsel && src16 {
        bits |= bit("OPSEL");
    }
    if ops.iter().any(|&(_, n, _)| n >= 2) {
        bits |= bit("WIDE");
    }
    let set: Vec<String> = FLAGS
        .iter()
        .enumerate()
        .filter(|(i, _)| bits & 1 << i != 0)
        .map(|(_, name)| format!("flag::{name}"))
        .collect();
    if set.is_empty() {
        "0".into()
    } else {
        set.join(" | ")
    }
}

/// The `Traits` value of a `traits` column (see data/amd/op-facts.txt's header).
fn traits_of(col: &str) -> Result<String, String> {
    let camel = |s: &str| -> String {
        let mut out = String::new();
        let mut up = true;
        for ch in s.chars() {
            if ch == '_' {
                up = true;
            } else if up {
                out.push(ch.to_ascii_uppercase());
                up = false;
            } else {
                out.push(ch);
            }
        }
        out
    };
    let (mut size, mut n) = (0u32, 0u32);
    let mut flags = Vec::new();
    let (mut rmw, mut img) = ("None".to_string(), "None".to_string());
    let (mut cond, mut ty, mut x) = (None, None, false);
    for t in col.split(' ').filter(|t| *t != "-") {
        match t.split_once('=') {
            Some(("size", v)) => size = v.parse().map_err(|_| format!("bad size {v}"))?,
            Some(("n", v)) => n = v.parse().map_err(|_| format!("bad count {v}"))?,
            Some(("rmw", v)) => {
                let ok = [
                    "swap", "cmpswap", "fcmpswap", "add", "sub", "rsub", "smin", "umin", "smax",
                    "umax", "and", "or", "xor", "inc", "dec", "fadd", "fmin", "fmax",
                ];
                if !ok.contains(&v) {
                    return Err(format!("unknown atomic {v}"));
                }
                let c = match v {
                    "cmpswap" => "CmpSwap".into(),
                    "fcmpswap" => "FCmpSwap".into(),
                    "smin" => "SMin".into(),
                    "umin" => "UMin".into(),
                    "smax" => "SMax".into(),
                    "umax" => "UMax".into(),
                    "fadd" => "FAdd".into(),
                    "fmin" => "FMin".into(),
                    "fmax" => "FMax".into(),
                    v => camel(v),
                };
                rmw = format!("Some(Atomic::{c})");
            }
            Some(("img", v)) => {
                let ok = [
                    "load",
                    "store",
                    "atomic",
                    "resinfo",
                    "getlod",
                    "sample",
                    "gather4",
                    "sample_other",
                    "gather4_other",
                ];
                if !ok.contains(&v) {
                    return Err(format!("unknown image kind {v}"));
                }
                let c = if v == "getlod" {
                    "GetLod".into()
                } else {
                    camel(v)
                };
                img = format!("Some(Img::{c})");
            }
            Some(("cmp", v)) => {
                let ok = [
                    "f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle",
                    "neq", "nlt", "tru", "ne", "t", "class",
                ];
                if !ok.contains(&v) {
                    return Err(format!("unknown condition {v}"));
                }
                cond = Some(camel(v));
            }
            Some(("ty", v)) => {
                let ok = [
                    "f16", "f32", "f64", "i16", "i32", "i64", "u16", "u32", "u64",
                ];
                if !ok.contains(&v) {
                    return Err(format!("unknown type {v}"));
                }
                ty = Some(v.to_ascii_uppercase());
            }
            Some((k, _)) => return Err(format!("unknown trait {k}=")),
            None if t == "cmpx" => x = true,
            None => {
                let ok = [
                    "signed", "d16", "hi", "rtn", "two", "st64", "cmpfirst", "sbuffer", "fmt",
                    "mip", "pck", "sgn", "c", "d", "l", "b", "cl", "lz", "o", "sdst", "m0regs",
                ];
                if !ok.contains(&t) {
                    return Err(format!("unknown trait {t}"));
                }
                flags.push(format!("Traits::{}", t.to_ascii_uppercase()));
            }
        }
    }
    let cmp = match (cond, ty) {
        (Some(c), Some(t)) => format!("Some(Cmp {{ cond: Cond::{c}, ty: NumTy::{t}, x: {x} }})"),
        (None, None) if !x => "None".into(),
        _ => return Err("cmp= and ty= go together".into()),
    };
    let flags = if flags.is_empty() {
        "0".into()
    } else {
        flags.join(" | ")
    };
    Ok(format!(
        "Traits {{ size: {size}, n: {n}, flags: {flags}, rmw: {rmw}, img: {img}, cmp: {cmp} }}"
    ))
}

/// `OP_FACTS`: the fact columns of data/amd/op-facts.txt, one `Facts` per `Op` (in `Op` order).
/// Every operation must have its row: the file is generated from the operation list by
/// scripts/amd-op-facts.py, and a new operation means running it again.
pub(crate) fn op_facts(
    out: &mut String,
    path: &std::path::Path,
    ops: &std::collections::BTreeSet<String>,
) {
    println!("cargo:rerun-if-changed={}", path.display());
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let mut rows = std::collections::BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let c: Vec<&str> = line.split('\t').collect();
        let bad = |what: &str| -> ! { panic!("{}:{}: {what}: {line}", path.display(), n + 1) };
        if c.len() != 11 {
            bad("expected 11 tab-separated columns");
        }
        let regs = |col: &str, gcn_only: bool| -> String {
            let mut v = Vec::new();
            for r in col.split(' ').filter(|r| *r != "-") {
                let (r, g) = match r.strip_suffix(":gcn") {
                    Some(x) => (x, true),
                    None => (r, false),
                };
                if !matches!(r, "SCC" | "VCC" | "EXEC" | "M0" | "PC") {
                    bad("unknown register");
                }
                if g == gcn_only {
                    v.push(format!("Regs::{r}"));
                }
            }
            if v.is_empty() {
                "Regs::NONE".into()
            } else {
                format!(
                    "Regs({})",
                    v.iter()
                        .map(|x| format!("{x}.0"))
                        .collect::<Vec<_>>()
                        .join(" | ")
                )
            }
        };
        let word = |col: &str, ok: &[&str]| -> String {
            if !ok.contains(&col) {
                bad("unknown value");
            }
            let mut s = String::new();
            let mut up = true;
            for ch in col.chars() {
                if ch == '_' {
                    up = true;
                } else if up {
                    s.push(ch.to_ascii_uppercase());
                    up = false;
                } else {
                    s.push(ch);
                }
            }
            s
        };
        let class = word(
            c[1],
            &[
                "salu", "valu", "smem", "ds", "flat", "global", "scratch", "buffer", "image",
                "export", "interp",
            ],
        );
        let branch = match c[4] {
            "-" => "None".to_string(),
            b => word(
                b,
                &[
                    "jump",
                    "cjump",
                    "indirect",
                    "call",
                    "call_indirect",
                    "other",
                ],
            ),
        };
        let mem = match c[5] {
            "-" => "None".to_string(),
            m => word(m, &["load", "store", "atomic", "atomic_rtn", "nop"]),
        };
        let mut wait = Vec::new();
        for w in c[6].split(' ').filter(|w| *w != "-") {
            wait.push(match w {
                "vm" => "Wait::VM.0",
                "lgkm" => "Wait::LGKM.0",
                "exp" => "Wait::EXP.0",
                _ => bad("unknown counter"),
            });
        }
        let wait = if wait.is_empty() {
            "Wait::NONE".into()
        } else {
            format!("Wait({})", wait.join(" | "))
        };
        let rate = word(c[7], &["full", "dp", "trans", "quarter"]);
        let traits = traits_of(c[9]).unwrap_or_else(|e| bad(&e));
        rows.insert(
            c[0].to_string(),
            format!(
                "Facts {{ class: Class::{class}, writes: {}, writes_gcn: {}, reads: {}, branch: Branch::{branch}, mem: Mem::{mem}, wait: {wait}, rate: Rate::{rate}, traits: {traits} }}",
                regs(c[2], false),
                regs(c[2], true),
                regs(c[3], false),
            ),
        );
    }
    let mut items = Vec::new();
    for o in ops {
        match rows.get(o) {
            Some(f) => items.push(f.clone()),
            None => panic!(
                "{}: no row for {o}; regenerate the file with scripts/amd-op-facts.py",
                path.display()
            ),
        }
    }
    let _ = writeln!(
        out,
        "/// The facts of every operation (data/amd/op-facts.txt), indexed by `Op as usize`.\npub static OP_FACTS: [Facts; {}] = [{}];",
        items.len(),
        items.join(",\n")
    );
}
