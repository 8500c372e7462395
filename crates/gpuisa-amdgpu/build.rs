//! Compiles the GCN opcode tables (`data/gcn/<gen>/<enc>.txt`) into static Rust arrays, so the
//! disassembler and assembler start without parsing any text (`$OUT_DIR/gcn_tables.rs`, included by
//! `src/gcn/table.rs`). The text format is the one described in `src/gcn/table.rs`; this file only
//! translates it (same rules as the former run-time reader), the data stays in `data/gcn/`.
//! Rows hold offsets into per-generation pools (mnemonics, deduplicated operand lists), not pointers,
//! so the executable needs almost no load-time relocations for them.

use std::fmt::Write as _;
use std::path::PathBuf;

include!("src/gcn/name_hash.rs");

#[path = "build/fields.rs"]
mod fields;

#[path = "build/facts.rs"]
mod facts;
use facts::{flags, op_facts, read_syntax, Syntax};

/// A generation's encodings: (Enc variant, file stem).
type Encs = &'static [(&'static str, &'static str)];

/// (static name, directory, encodings): the encodings each generation has.
const GENS: &[(&str, &str, Encs)] = &[
    ("GFX6", "gfx6", GFX6_ENCS),
    ("GFX7", "gfx7", GFX7_ENCS),
    ("GFX8", "gfx8", GFX8_ENCS),
    ("GFX9", "gfx9", GFX9_ENCS),
    ("GFX906", "gfx906", GFX9_ENCS),
];

const GFX6_ENCS: &[(&str, &str)] = &[
    ("Sop2", "sop2"),
    ("Sopk", "sopk"),
    ("Sop1", "sop1"),
    ("Sopc", "sopc"),
    ("Sopp", "sopp"),
    ("Smrd", "smrd"),
    ("Vop2", "vop2"),
    ("Vop1", "vop1"),
    ("Vopc", "vopc"),
    ("Vop3", "vop3"),
    ("Vintrp", "vintrp"),
    ("Ds", "ds"),
    ("Mubuf", "mubuf"),
    ("Mtbuf", "mtbuf"),
    ("Mimg", "mimg"),
];

const GFX7_ENCS: &[(&str, &str)] = &[
    ("Sop2", "sop2"),
    ("Sopk", "sopk"),
    ("Sop1", "sop1"),
    ("Sopc", "sopc"),
    ("Sopp", "sopp"),
    ("Smrd", "smrd"),
    ("Vop2", "vop2"),
    ("Vop1", "vop1"),
    ("Vopc", "vopc"),
    ("Vop3", "vop3"),
    ("Vintrp", "vintrp"),
    ("Ds", "ds"),
    ("Mubuf", "mubuf"),
    ("Mtbuf", "mtbuf"),
    ("Mimg", "mimg"),
    ("Flat", "flat"),
];

const GFX8_ENCS: &[(&str, &str)] = &[
    ("Sop2", "sop2"),
    ("Sopk", "sopk"),
    ("Sop1", "sop1"),
    ("Sopc", "sopc"),
    ("Sopp", "sopp"),
    ("Smem", "smem"),
    ("Vop2", "vop2"),
    ("Vop1", "vop1"),
    ("Vopc", "vopc"),
    ("Vop3", "vop3"),
    ("Vintrp", "vintrp"),
    ("Ds", "ds"),
    ("Mubuf", "mubuf"),
    ("Mtbuf", "mtbuf"),
    ("Mimg", "mimg"),
    ("Flat", "flat"),
];

const GFX9_ENCS: &[(&str, &str)] = &[
    ("Sop2", "sop2"),
    ("Sopk", "sopk"),
    ("Sop1", "sop1"),
    ("Sopc", "sopc"),
    ("Sopp", "sopp"),
    ("Smem", "smem"),
    ("Vop2", "vop2"),
    ("Vop1", "vop1"),
    ("Vopc", "vopc"),
    ("Vop3", "vop3"),
    ("Vop3p", "vop3p"),
    ("Vintrp", "vintrp"),
    ("Ds", "ds"),
    ("Mubuf", "mubuf"),
    ("Mtbuf", "mtbuf"),
    ("Mimg", "mimg"),
    ("Flat", "flat"),
    ("Global", "global"),
    ("GlobalSaddr", "global_saddr"),
    ("Scratch", "scratch"),
    ("ScratchSaddr", "scratch_saddr"),
];

/// The gfx11 tables whose rows name an operation (`vopdx`/`vopdy`: the two sides of vopd.txt).
const RDNA3_FILES: &[&str] = &[
    "sop1", "sop2", "sopc", "sopk", "sopp", "smem", "ds", "flat", "global", "scratch", "mubuf",
    "mtbuf", "mimg", "vinterp", "vop1", "vop2", "vopc", "vop3", "vop3p", "vopdx", "vopdy",
    "ldsdir",
];

/// A template field name (and its `:kind`) as the Rust expression of its `Field`.
fn field_of(name: &str, kind: &str) -> Option<&'static str> {
    Some(match name {
        "simm16" if kind.is_empty() => "Field::Simm16(ImmKind::U16)",
        "sdst" => "Field::Sdst",
        "ssrc0" => "Field::Ssrc0",
        "ssrc1" if kind == "gpridx" => "Field::Simm16(ImmKind::GprIdx)",
        "ssrc1" => "Field::Ssrc1",
        "simm16" => match kind {
            "branch" => "Field::Simm16(ImmKind::Branch)",
            "u16" => "Field::Simm16(ImmKind::U16)",
            "hex" => "Field::Simm16(ImmKind::Hex)",
            "waitcnt" => "Field::Simm16(ImmKind::Waitcnt)",
            "sendmsg" => "Field::Simm16(ImmKind::Sendmsg)",
            "hwreg" => "Field::Simm16(ImmKind::Hwreg)",
            "gpridx" => "Field::Simm16(ImmKind::GprIdx)",
            _ => return None,
        },
        "vdst" => "Field::Vdst",
        "src0" => "Field::Src0",
        "src1" => "Field::Src1",
        "src2" => "Field::Src2",
        "vsrc1" => "Field::Vsrc1",
        "k" => "Field::K",
        "sdata" if kind == "imm" => "Field::SdataImm",
        "sdata" => "Field::Sdata",
        "sbase" => "Field::Sbase",
        "offset" => "Field::Offset",
        "addr" => "Field::Addr",
        "data0" => "Field::Data0",
        "data1" => "Field::Data1",
        "vaddr" => "Field::Vaddr",
        "vdata" => "Field::Vdata",
        "srsrc" => "Field::Srsrc",
        "ssamp" => "Field::Ssamp",
        "soffset" => "Field::Soffset",
        "data" => "Field::Data",
        "saddr" => "Field::Saddr",
        "vsrc" => "Field::Vsrc",
        _ => return None,
    })
}

/// One template item as the Rust expression of its `Operand` (`None` for fixed text).
fn parse_operand(t: &str) -> Option<String> {
    parse_field(t).map(|(f, n, ty)| format!("op({f}, {n}, {ty:#04x})"))
}

/// One template item as (`Field` expression, dwords, type letter); `None` for fixed text.
fn parse_field(t: &str) -> Option<(&'static str, u8, u8)> {
    let field = |f: &'static str, n: u8, ty: u8| Some((f, n, ty));
    let inner = t.strip_prefix('{').and_then(|s| s.strip_suffix('}'))?;
    if let Some((name, spec)) = inner.split_once(':') {
        let digits: usize = spec.bytes().take_while(|b| b.is_ascii_digit()).count();
        if digits > 0 && digits < spec.len() {
            let n: u8 = spec[..digits].parse().unwrap_or(1);
            // The type letter; `ty()` in table.rs maps unknown letters to Int like OpType::from_char.
            if let Some(f) = field_of(name, "") {
                return field(f, n, spec.as_bytes()[digits]);
            }
        } else if let Some(f) = field_of(name, spec) {
            return field(f, 1, b'i');
        }
    } else if let Some(f) = field_of(inner, "") {
        return field(f, 1, b'i');
    }
    None
}

/// The `Shape` (src/gcn/table.rs) of an operand list: the common lists of SOP1/SOP2/SOPC/SOPK,
/// VOP1/VOP2/VOPC e32 and VOP3 the printers write without walking the template. Computed here
/// (the tables are static: nothing is classified at run time). `table::tests::shapes_match_operands`
/// checks each shape against its row's operands.
fn shape(enc: &str, items: &[&str]) -> String {
    let parsed: Vec<Option<(&'static str, u8, u8)>> =
        items.iter().map(|t| parse_field(t)).collect();
    let field = |i: usize, f: &str| parsed.get(i).copied().flatten().filter(|p| p.0 == f);
    let text = |i: usize, t: &str| parsed.get(i) == Some(&None) && items[i] == t;
    let other = String::from("Shape::Other");
    let len = items.len();
    match enc {
        "Vop1" | "Vop2" | "Vopc" => {
            let mut i = 0;
            let nd = match field(0, "Field::Vdst") {
                Some(p) => {
                    i += 1;
                    p.1
                }
                None => 0,
            };
            let vcc_in = text(i, "vcc");
            i += vcc_in as usize;
            let Some((_, n0, ty0)) = field(i, "Field::Src0") else {
                return other;
            };
            i += 1;
            let n1 = match field(i, "Field::Vsrc1") {
                Some(p) => {
                    i += 1;
                    p.1
                }
                None => 0,
            };
            let vcc_out = text(i, "vcc");
            i += vcc_out as usize;
            if i != len || n0 == 0 || nd == 0 && !vcc_in {
                return other;
            }
            format!(
                "Shape::E32 {{ nd: {nd}, vcc_in: {vcc_in}, n0: {n0}, ty0: ty({ty0:#04x}), n1: {n1}, vcc_out: {vcc_out} }}"
            )
        }
        "Sop1" | "Sop2" | "Sopc" => {
            let (nd, at) = match field(0, "Field::Sdst") {
                Some(p) => (p.1, 1),
                None => (0, 0),
            };
            let src0 = field(at, "Field::Ssrc0");
            let src1 = field(at + 1, "Field::Ssrc1");
            match (src0, src1, len - at) {
                (Some((_, n0, t0)), None, 1) if nd > 0 => format!(
                    "Shape::Salu {{ nd: {nd}, n0: {n0}, ty0: ty({t0:#04x}), n1: 0, ty1: OpType::Int }}"
                ),
                (Some((_, n0, t0)), Some((_, n1, t1)), 2) => format!(
                    "Shape::Salu {{ nd: {nd}, n0: {n0}, ty0: ty({t0:#04x}), n1: {n1}, ty1: ty({t1:#04x}) }}"
                ),
                _ => other,
            }
        }
        "Sopk" => match (
            field(0, "Field::Sdst"),
            field(1, "Field::Simm16(ImmKind::Hex)"),
        ) {
            (Some((_, nd, _)), Some(_)) if len == 2 => format!("Shape::SopkHex {{ nd: {nd} }}"),
            _ => other,
        },
        "Vop3" => {
            let float = |c: u8| matches!(c, b'f' | b'h' | b'p');
            let Some((_, nd, tyd)) = field(0, "Field::Vdst") else {
                return other;
            };
            let (ns, at) = match field(1, "Field::Sdst") {
                Some(p) => (p.1, 2),
                None => (0, 1),
            };
            let nsrc = len - at;
            if !(1..=3).contains(&nsrc) {
                return other;
            }
            let (mut n, mut ty, mut any_float) = ([0u8; 3], [b'i'; 3], float(tyd));
            for (k, f) in ["Field::Src0", "Field::Src1", "Field::Src2"]
                .iter()
                .take(nsrc)
                .enumerate()
            {
                let Some((_, c, t)) = field(at + k, f) else {
                    return other;
                };
                (n[k], ty[k]) = (c, t);
                any_float |= float(t);
            }
            format!(
                "Shape::Vop3 {{ nd: {nd}, ns: {ns}, nsrc: {nsrc}, float: {any_float}, n: [{}, {}, {}], ty: [ty({:#04x}), ty({:#04x}), ty({:#04x})] }}",
                n[0], n[1], n[2], ty[0], ty[1], ty[2]
            )
        }
        _ => other,
    }
}

/// Memory encodings print their modifiers themselves: keep only the operand list.
fn strip_modifiers<'a>(enc: &str, tpl: &'a str) -> &'a str {
    if matches!(enc, "Mubuf" | "Mtbuf" | "Mimg" | "Vop3p") {
        // The template's last item may carry modifiers after a space (`s20 offen`, `dmask:0x1`).
        if let Some(i) = tpl.rfind(", ") {
            let tail = &tpl[i + 2..];
            if let Some(j) = tail.find(' ') {
                return &tpl[..i + 2 + j];
            }
        } else if let Some(j) = tpl.find(' ') {
            return &tpl[..j];
        }
    }
    tpl
}

/// A generation's pools being built: mnemonics, deduplicated operand lists and zero lists.
#[derive(Default)]
struct Pools {
    names: String,
    ops: Vec<String>,
    op_lists: std::collections::HashMap<Vec<String>, u32>,
    zero: Vec<&'static str>,
    zero_lists: std::collections::HashMap<Vec<&'static str>, u32>,
}

/// One table file as its rows (opcode, the Rust expression of its `Raw`), adding to the
/// generation's pools.
/// The operation a row of generation `gen` performs (`Op` variant name): the mnemonic in upper
/// case without `_e32`/`_e64`, or its alias in `data/gcn/op-aliases.txt`.
fn op_name(gen: &str, mn: &str, aliases: &[(Vec<String>, String, String)]) -> String {
    let base = mn
        .strip_suffix("_e32")
        .or_else(|| mn.strip_suffix("_e64"))
        .unwrap_or(mn);
    // gfx906 has gfx9's names.
    let g = if gen == "gfx906" { "gfx9" } else { gen };
    for (gens, m, op) in aliases {
        if m == base && gens.iter().any(|x| x == g) {
            return op.clone();
        }
    }
    base.to_ascii_uppercase()
}

fn read_aliases(path: &std::path::Path) -> Vec<(Vec<String>, String, String)> {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut c = l.split('\t');
            let gens = c.next()?.split(',').map(str::to_string).collect();
            Some((gens, c.next()?.to_string(), c.next()?.trim().to_string()))
        })
        .collect()
}

fn table(
    gen: &str,
    enc: &str,
    text: &str,
    pools: &mut Pools,
    aliases: &[(Vec<String>, String, String)],
    ops_seen: &mut std::collections::BTreeSet<String>,
    (syntax, short): (&Syntax, &std::collections::HashSet<String>),
) -> Vec<(u16, String, String)> {
    let mut rows = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut cols = line.split('\t');
        let (Some(op), Some(mn), Some(tpl), Some(zero)) =
            (cols.next(), cols.next(), cols.next(), cols.next())
        else {
            continue;
        };
        let mut ok = [u32::MAX; 2];
        if let Some(masks) = cols.next() {
            for (i, m) in masks.split(',').take(2).enumerate() {
                ok[i] = u32::from_str_radix(m, 16).unwrap_or(u32::MAX);
            }
        }
        let Ok(op) = u16::from_str_radix(op.trim_start_matches("0x"), 16) else {
            continue;
        };
        let tpl = strip_modifiers(enc, tpl);
        let items: Vec<&str> = if tpl == "-" || tpl.is_empty() {
            Vec::new()
        } else {
            tpl.split(", ").map(str::trim).collect()
        };
        let shape = shape(enc, &items);
        let mut ops: Vec<String> = Vec::new();
        let mut fields: Vec<(&'static str, u8, u8)> = Vec::new();
        if !(tpl == "-" || tpl.is_empty()) {
            for item in tpl.split(", ") {
                let t = item.trim();
                fields.extend(parse_field(t));
                match parse_operand(t) {
                    Some(o) => ops.push(o),
                    // Memory encodings: the probe's fixed registers (s20 soffset, s[24:27] ssamp)
                    // are re-derived from the fields by the printer.
                    None if matches!(enc, "Mubuf" | "Mtbuf" | "Mimg") => {}
                    None => ops.push(format!("Operand::Text({t:?})")),
                }
            }
        }
        let zero: Vec<&'static str> = zero.split(',').filter_map(|z| field_of(z, "")).collect();
        let (nops, nzero) = (ops.len(), zero.len());
        let ops_at = match pools.op_lists.get(&ops) {
            Some(&at) => at,
            None => {
                let at = pools.ops.len() as u32;
                pools.ops.extend(ops.iter().cloned());
                pools.op_lists.insert(ops, at);
                at
            }
        };
        let zero_at = match pools.zero_lists.get(&zero) {
            Some(&at) => at,
            None => {
                let at = pools.zero.len() as u32;
                pools.zero.extend(zero.iter().copied());
                pools.zero_lists.insert(zero, at);
                at
            }
        };
        let name_at = pools.names.len();
        pools.names.push_str(mn);
        let id = op_name(gen, mn, aliases);
        ops_seen.insert(id.clone());
        let field_mask = if fields.is_empty() {
            "0".to_string()
        } else {
            fields
                .iter()
                .map(|f| format!("field_bit({})", f.0))
                .collect::<Vec<_>>()
                .join(" | ")
        };
        rows.push((
            op,
            mn.to_string(),
            format!(
                "Raw {{ op: {op}, id: Op::{id}, name: ({name_at}, {}), ops: ({ops_at}, {nops}), zero: ({zero_at}, {nzero}), ok: [{:#x}, {:#x}], flags: {}, shape: {shape}, fields: {field_mask} }}",
                mn.len(),
                ok[0],
                ok[1],
                flags(
                    syntax.get(&id).copied().unwrap_or_default(),
                    enc == "Vop3" && short.contains(&id),
                    &fields
                )
            ),
        ));
    }
    rows
}

/// The assembler's mnemonic index of a generation: every spelling (with and without
/// `_e32`/`_e64`) to its rows, 32-bit encodings first (LLVM's choice without a suffix), then the
/// others, then VOP3, each in table order. Written as `{name}_ASM_KEYS` (the names, one string),
/// `{name}_ASM_NAMES` (offset and length of a name, its range of rows), `{name}_ASM_ROWS`
/// (encoding, opcode) and `{name}_ASM_SLOTS` (an open-addressing table of name numbers + 1 placed
/// by [`name_hash`], at most half full, 0 = empty).
fn asm_index(out: &mut String, name: &str, asm_rows: &[(String, &str, usize)]) {
    let class = |enc: &str| match enc {
        "Vop1" | "Vop2" | "Vopc" => 0,
        "Vop3" => 2,
        _ => 1,
    };
    let mut keys: Vec<String> = Vec::new();
    let mut by_key: std::collections::HashMap<String, Vec<(u8, &str, usize)>> = Default::default();
    for (mn, enc, op) in asm_rows {
        let mut spellings = vec![mn.as_str()];
        spellings.extend(["_e32", "_e64"].iter().filter_map(|s| mn.strip_suffix(s)));
        for k in spellings {
            let v = by_key.entry(k.to_string()).or_insert_with(|| {
                keys.push(k.to_string());
                Vec::new()
            });
            v.push((class(enc), enc, *op));
        }
    }
    let (mut key_text, mut names, mut rows) = (String::new(), Vec::new(), Vec::new());
    for k in &keys {
        let mut v = by_key[k].clone();
        v.sort_by_key(|r| r.0);
        let start = rows.len();
        rows.extend(v.iter().map(|(_, enc, op)| format!("(Enc::{enc}, {op})")));
        names.push(format!(
            "({}, {}, {start}, {})",
            key_text.len(),
            k.len(),
            rows.len()
        ));
        key_text.push_str(k);
    }
    assert!(rows.len() < 1 << 16 && keys.len() < 1 << 16 && key_text.len() < 1 << 32);
    let n_slots = (2 * keys.len()).next_power_of_two();
    let mut slots = vec![0usize; n_slots];
    for (i, k) in keys.iter().enumerate() {
        let mut at = name_hash(k.as_bytes()) as usize & (n_slots - 1);
        while slots[at] != 0 {
            at = (at + 1) & (n_slots - 1);
        }
        slots[at] = i + 1;
    }
    let slots: Vec<String> = slots.iter().map(|s| s.to_string()).collect();
    let _ = writeln!(out, "static {name}_ASM_KEYS: &str = {key_text:?};");
    let _ = writeln!(
        out,
        "static {name}_ASM_NAMES: [(u32, u16, u16, u16); {}] = [{}];",
        names.len(),
        names.join(", ")
    );
    let _ = writeln!(
        out,
        "static {name}_ASM_ROWS: [(Enc, u16); {}] = [{}];",
        rows.len(),
        rows.join(", ")
    );
    let _ = writeln!(
        out,
        "static {name}_ASM_SLOTS: [u16; {n_slots}] = [{}];",
        slots.join(", ")
    );
}

/// The MIMG address sizes llvm-mc-19 accepts for each instruction of a generation, from
/// data/gcn/asm/mimg-vaddr.txt (`gen mnemonic sizes`; a later line of the same instruction wins):
/// `{name}_MIMG_VADDR`, (mnemonic, bit mask of the sizes in dwords) sorted by mnemonic.
fn mimg_vaddr(out: &mut String, name: &str, gen: &str, data: &std::path::Path) {
    let path = data.join("asm/mimg-vaddr.txt");
    println!("cargo:rerun-if-changed={}", path.display());
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let mut sizes = std::collections::BTreeMap::new();
    for l in text.lines().filter(|l| !l.starts_with('#')) {
        let mut c = l.split_whitespace();
        let (Some(g), Some(m), Some(list)) = (c.next(), c.next(), c.next()) else {
            continue;
        };
        if g == gen {
            let mask = list
                .split(',')
                .filter_map(|x| x.parse::<u32>().ok())
                .fold(0u32, |a, x| a | 1 << x);
            sizes.insert(m.to_string(), mask);
        }
    }
    let items: Vec<String> = sizes.iter().map(|(m, k)| format!("({m:?}, {k})")).collect();
    let _ = writeln!(
        out,
        "static {name}_MIMG_VADDR: [(&str, u32); {}] = [{}];",
        items.len(),
        items.join(", ")
    );
}

fn main() {
    // The tables are static arrays full of pointers (`Entry`), which a position-independent
    // executable relocates at every start (~28k relocations, ~190 pages). The `gpuisa` binary is
    // linked without PIE (crates/gpuisa-cli/build.rs); so are this crate's examples, which the
    // benchmarks run. (A static, crt-static build relocates itself: no -no-pie there.)
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    if os == "linux" && env == "gnu" && !features.split(',').any(|f| f == "crt-static") {
        println!("cargo:rustc-link-arg-examples=-no-pie");
    }
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let data = dir.join("../../data/gcn");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build/fields.rs");
    println!("cargo:rerun-if-changed=build/facts.rs");
    {
        let path = dir.join("../../data/amd/encodings.txt");
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        let dest = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("fields.rs");
        let regs_path = dir.join("../../data/amd/registers.txt");
        println!("cargo:rerun-if-changed={}", regs_path.display());
        let regs = std::fs::read_to_string(&regs_path)
            .unwrap_or_else(|e| panic!("reading {}: {e}", regs_path.display()));
        let generated = fields::generate(&text) + &fields::generate_regs(&regs);
        std::fs::write(&dest, generated)
            .unwrap_or_else(|e| panic!("writing {}: {e}", dest.display()));
    }
    let mut out = String::from(
        "// Generated by crates/gpuisa-amdgpu/build.rs from data/gcn/: do not edit.\n",
    );
    println!("cargo:rerun-if-changed=src/gcn/name_hash.rs");
    let alias_path = data.join("op-aliases.txt");
    println!("cargo:rerun-if-changed={}", alias_path.display());
    let aliases = read_aliases(&alias_path);
    let mut ops_seen = std::collections::BTreeSet::new();
    let facts_path = dir.join("../../data/amd/op-facts.txt");
    let syntax = read_syntax(&facts_path);
    for (name, gen, encs) in GENS {
        let mut pools = Pools::default();
        // The operations with a 32-bit encoding (VOP1, VOP2, VOPC, VINTRP) on this generation:
        // their VOP3 rows are the `_e64` forms.
        let mut short = std::collections::HashSet::new();
        for (enc, file) in encs.iter() {
            if matches!(*enc, "Vop1" | "Vop2" | "Vopc" | "Vintrp") {
                let path = data.join(gen).join(format!("{file}.txt"));
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
                for line in text.lines().filter(|l| !l.starts_with('#')) {
                    if let Some(mn) = line.split('\t').nth(1) {
                        short.insert(op_name(gen, mn, &aliases));
                    }
                }
            }
        }
        let mut tables = String::new();
        // Every entry in table order (the assembler's order of candidates): mnemonic, encoding,
        // opcode.
        let mut asm_rows: Vec<(String, &str, usize)> = Vec::new();
        for (k, (enc, file)) in encs.iter().enumerate() {
            let path = data.join(gen).join(format!("{file}.txt"));
            println!("cargo:rerun-if-changed={}", path.display());
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
            // The table indexed by opcode (a later row of the same opcode wins), each entry
            // computed at compile time by `Entry::new`.
            let rows = table(
                gen,
                enc,
                &text,
                &mut pools,
                &aliases,
                &mut ops_seen,
                (&syntax, &short),
            );
            let n = rows.iter().map(|r| r.0 as usize + 1).max().unwrap_or(0);
            let mut by_op = vec![None; n];
            for (op, mn, raw) in rows {
                by_op[op as usize] = Some((mn, raw));
            }
            let items: Vec<String> = by_op
                .into_iter()
                .enumerate()
                .map(|(op, r)| match r {
                    Some((mn, raw)) => {
                        asm_rows.push((mn, enc, op));
                        format!("Some(Entry::new(&{name}_POOLS, {raw}))")
                    }
                    None => "None".into(),
                })
                .collect();
            let _ = writeln!(
                out,
                "static {name}_T{k}: [Option<Entry>; {n}] = [\n{}\n];",
                items.join(",\n")
            );
            let _ = writeln!(tables, "(Enc::{enc}, Table::new(&{name}_T{k})),");
        }
        // Padding after the last name: every mnemonic can be read as 32 bytes (`Entry::name_pad`).
        pools.names.push_str(&" ".repeat(32));
        let _ = writeln!(
            out,
            "static {name}_POOLS: Pools = Pools {{ names: {:?}, ops: &[{}], zero: &[{}] }};",
            pools.names,
            pools.ops.join(", "),
            pools.zero.join(", ")
        );
        let _ = writeln!(
            out,
            "static {name}_TABLES: [(Enc, Table); {}] = [\n{tables}];",
            encs.len()
        );
        asm_index(&mut out, name, &asm_rows);
        mimg_vaddr(&mut out, name, gen, &data);
        let order: Vec<String> = encs.iter().map(|(e, _)| format!("Enc::{e}")).collect();
        let _ = writeln!(
            out,
            "pub(super) static {name}: GenTables = GenTables {{ tables: List(&{name}_TABLES), index: index_of(&[{}]), asm: AsmIndex {{ keys: {name}_ASM_KEYS, names: &{name}_ASM_NAMES, slots: &{name}_ASM_SLOTS, rows: &{name}_ASM_ROWS }}, mimg_vaddr: &{name}_MIMG_VADDR }};",
            order.join(", ")
        );
    }
    // gfx11: every row of data/rdna3 names its operation (AMD's name, or the mnemonic when the
    // reference has none); `RDNA3_OPS` maps (encoding, opcode) to it.
    let r3 = dir.join("../../data/rdna3");
    let mut r3_rows: Vec<(usize, u16, String)> = Vec::new();
    for (k, file) in RDNA3_FILES.iter().enumerate() {
        let (stem, side) = match *file {
            "vopdx" => ("vopd", Some("X")),
            "vopdy" => ("vopd", Some("Y")),
            f => (f, None),
        };
        let path = r3.join(format!("{stem}.txt"));
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let c: Vec<&str> = line.split('\t').collect();
            let (op, mn, name) = match side {
                Some(sd) => {
                    if c.first() != Some(&sd) || c.len() < 5 {
                        continue;
                    }
                    (c[1].parse::<u16>().ok(), c[2], c[4])
                }
                None => {
                    let name_col = if matches!(stem, "vop1" | "vop2" | "vopc" | "vop3" | "vop3p") {
                        5
                    } else {
                        4
                    };
                    let Some(name) = c.get(name_col) else {
                        continue;
                    };
                    (
                        u16::from_str_radix(c[0].trim_start_matches("0x"), 16).ok(),
                        c[1],
                        *name,
                    )
                }
            };
            let Some(op) = op else { continue };
            let id = if name == "-" || name.is_empty() {
                op_name("gfx11", mn, &[])
            } else {
                name.to_string()
            };
            ops_seen.insert(id.clone());
            r3_rows.push((k, op, id));
        }
    }
    r3_rows.sort();
    r3_rows.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
    // EXP (export) is one operation on every generation, in no table (its fields are its
    // operands); it has an `Op` all the same.
    ops_seen.insert("EXP".to_string());
    // The `Op` enum: every operation of every generation, in name order.
    let mut ops = String::from(
        "// Generated by crates/gpuisa-amdgpu/build.rs from data/gcn/: do not edit.\n",
    );
    let _ = writeln!(ops, "/// An AMD operation (AMD's name; see data/gcn/op-aliases.txt).\n#[allow(non_camel_case_types)]\n#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]\n#[repr(u16)]\npub enum Op {{");
    for o in &ops_seen {
        let _ = writeln!(ops, "    {o},");
    }
    let _ = writeln!(ops, "}}\n/// Every operation's name, indexed by `Op as usize`.\npub static OP_NAMES: [&str; {}] = [{}];", ops_seen.len(), ops_seen.iter().map(|o| format!("{o:?}")).collect::<Vec<_>>().join(", "));
    let _ = writeln!(ops, "/// gfx11 rows: (encoding index in `RDNA3_ENCODINGS`, opcode, operation), sorted.\npub static RDNA3_OPS: [(u8, u16, Op); {}] = [{}];", r3_rows.len(), r3_rows.iter().map(|(k, o, id)| format!("({k}, {o}, Op::{id})")).collect::<Vec<_>>().join(", "));
    // gfx11 renames of GCN operations (data/rdna3/op-aliases.txt).
    let ap = r3.join("op-aliases.txt");
    println!("cargo:rerun-if-changed={}", ap.display());
    let at =
        std::fs::read_to_string(&ap).unwrap_or_else(|e| panic!("reading {}: {e}", ap.display()));
    let mut pairs: Vec<(String, String)> = at
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            l.split_once('\t')
                .map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))
        })
        .filter(|(a, b)| ops_seen.contains(a) && ops_seen.contains(b))
        .collect();
    pairs.sort();
    let _ = writeln!(ops, "/// gfx11 operations run with a GCN operation's semantics: (gfx11, GCN), sorted.\npub static RDNA3_ALIASES: [(Op, Op); {}] = [{}];", pairs.len(), pairs.iter().map(|(a, b)| format!("(Op::{a}, Op::{b})")).collect::<Vec<_>>().join(", "));
    // Per gfx11 encoding, indexed by opcode: the operation a row runs as (its GCN operation
    // where it renames one), so the decoder looks it up without searching.
    let alias: std::collections::HashMap<&str, &str> = pairs
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let mut sem = Vec::new();
    for k in 0..RDNA3_FILES.len() {
        let rows: Vec<&(usize, u16, String)> = r3_rows.iter().filter(|r| r.0 == k).collect();
        let n = rows.iter().map(|r| r.1 as usize + 1).max().unwrap_or(0);
        let mut v = vec!["None".to_string(); n];
        for (_, o, id) in rows {
            v[*o as usize] = format!(
                "Some(Op::{})",
                alias.get(id.as_str()).unwrap_or(&id.as_str())
            );
        }
        sem.push(format!("&[{}]", v.join(", ")));
    }
    let _ = writeln!(ops, "/// Per gfx11 encoding (`RDNA3_ENCODINGS` order), indexed by opcode: `semantic(rdna3_op(..))`.\npub static RDNA3_SEMANTIC: [&[Option<Op>]; {}] = [{}];", sem.len(), sem.join(", "));
    let _ = writeln!(ops, "/// The gfx11 encodings of `RDNA3_OPS`, by index.\npub static RDNA3_ENCODINGS: [&str; {}] = {:?};", RDNA3_FILES.len(), RDNA3_FILES);
    op_facts(&mut ops, &facts_path, &ops_seen);
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("amd_ops.rs");
    std::fs::write(&dest, ops).unwrap_or_else(|e| panic!("writing {}: {e}", dest.display()));
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("gcn_tables.rs");
    std::fs::write(&dest, out).unwrap_or_else(|e| panic!("writing {}: {e}", dest.display()));
    // Single-register names, so the printers copy `v12` as one string (src/gcn/operand.rs).
    let names = |prefix: &str, n: u32| -> String {
        let items: Vec<String> = (0..n).map(|i| format!("\"{prefix}{i}\"")).collect();
        items.join(", ")
    };
    let regs = format!(
        "// Generated by crates/gpuisa-amdgpu/build.rs: do not edit.\n\
         static VGPR_NAMES: [&str; 256] = [{}];\n\
         static SGPR_NAMES: [&str; 106] = [{}];\n",
        names("v", 256),
        names("s", 106)
    );
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("gcn_regs.rs");
    std::fs::write(&dest, regs).unwrap_or_else(|e| panic!("writing {}: {e}", dest.display()));
}
