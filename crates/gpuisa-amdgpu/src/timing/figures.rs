//! What the tables say about one instruction: its encoding class and size, the family whose
//! figures apply, and its cycles and throughput on a device.

use super::tables::{tables, CycleSpec, Device, FigureRow, Generation, Tables, ThroughputSpec};
use super::TimingError;
use crate::gcn::Enc;
use crate::op::Op;

/// The encoding variant a mnemonic suffix selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suffix {
    None,
    E32,
    E64,
    Sdwa,
    Dpp,
}

/// An instruction's class: enough to size it, time it and apply the rules.
#[derive(Clone, Debug)]
pub struct InstClass {
    /// Upper-case mnemonic without the `_e32`/`_e64`/`_sdwa`/`_dpp` suffix.
    pub base: String,
    pub suffix: Suffix,
    /// Encoding of this form: SOP1 SOP2 SOPK SOPC SOPP SMRD SMEM VOP1 VOP2 VOPC VOP3 VOP3P SDWA DPP
    /// DS MUBUF MTBUF MIMG FLAT EXP VINTRP.
    pub encoding: &'static str,
    /// The family whose timing figures apply (VOP3 forms of VOP1/VOP2/VOPC keep their family).
    pub family: &'static str,
    /// Size in bytes before any 32-bit literal.
    pub size: u8,
    /// The form can carry a 32-bit literal constant (4-byte scalar and vector ALU encodings).
    pub takes_literal: bool,
    /// Always carries a literal (V_MADAK_F32, S_SETREG_IMM32_B32 ...).
    pub literal_always: bool,
    pub writes_scc: bool,
    pub writes_vcc: bool,
    pub writes_exec: bool,
    /// Found in the ISA reference (false: classified by its name's prefix).
    pub in_reference: bool,
    /// The operation (`None`: a name the instruction tables do not have).
    pub op: Option<Op>,
}

const FAMILIES: [&str; 21] = [
    "SOP1", "SOP2", "SOPK", "SOPC", "SOPP", "SMRD", "SMEM", "VOP1", "VOP2", "VOPC", "VOP3",
    "VOP3P", "SDWA", "DPP", "DS", "MUBUF", "MTBUF", "MIMG", "FLAT", "EXP", "VINTRP",
];

fn intern(f: &str) -> &'static str {
    FAMILIES.iter().find(|x| **x == f).copied().unwrap_or("?")
}

fn split_suffix(lower: &str) -> (&str, Suffix) {
    for (s, k) in [
        ("_e32", Suffix::E32),
        ("_e64", Suffix::E64),
        ("_sdwa", Suffix::Sdwa),
        ("_dpp", Suffix::Dpp),
    ] {
        if let Some(b) = lower.strip_suffix(s) {
            return (b, k);
        }
    }
    (lower, Suffix::None)
}

/// Family from the name alone, for mnemonics the reference does not list (LLVM spellings).
fn family_by_prefix(l: &str, g: Generation) -> Option<&'static str> {
    let smem = if g >= Generation::Gcn12 {
        "SMEM"
    } else {
        "SMRD"
    };
    let table: [(&str, &'static str); 25] = [
        ("v_cmpx", "VOPC"),
        ("v_cmp", "VOPC"),
        ("v_pk_", "VOP3P"),
        ("v_mad_mix", "VOP3P"),
        ("v_fma_mix", "VOP3P"),
        ("v_dot", "VOP3P"),
        ("v_interp", "VINTRP"),
        ("ds_", "DS"),
        ("buffer_", "MUBUF"),
        ("tbuffer_", "MTBUF"),
        ("image_", "MIMG"),
        ("flat_", "FLAT"),
        ("global_", "FLAT"),
        ("scratch_", "FLAT"),
        ("exp", "EXP"),
        ("s_load_", smem),
        ("s_buffer_load_", smem),
        ("s_store_", smem),
        ("s_buffer_store_", smem),
        ("s_dcache_", smem),
        ("s_memtime", smem),
        ("s_memrealtime", smem),
        ("s_cmp", "SOPC"),
        ("s_bitcmp", "SOPC"),
        ("s_cbranch_", "SOPP"),
    ];
    table.iter().find(|(p, _)| l.starts_with(p)).map(|x| x.1)
}

/// The encoding family of a mnemonic (exact lower-case LLVM spelling) in the assembler tables
/// of generation `g` (data/gcn/<gen>/*.txt; GCN 1.4 is gfx9 and gfx906): the first encoding
/// other than VOP3 that has it (a VOP1/VOP2/VOPC instruction's `_e64` form keeps its family),
/// else VOP3. For the instructions the ISA reference does not list for `g`.
fn asm_family(lower: &str, g: Generation) -> Option<&'static str> {
    use crate::gcn::{table, Enc, Gen};
    let gens: &[Gen] = match g {
        Generation::Gcn10 => &[Gen::Gfx6],
        Generation::Gcn11 => &[Gen::Gfx7],
        Generation::Gcn12 => &[Gen::Gfx8],
        Generation::Gcn14 => &[Gen::Gfx9, Gen::Gfx906],
    };
    let mut vop3 = None;
    for &gen in gens {
        let Some(rows) = table::tables(gen).rows(lower) else {
            continue;
        };
        for (e, _) in rows.iter() {
            if e == Enc::Vop3 {
                vop3 = Some("VOP3");
            } else {
                return Some(e.name());
            }
        }
    }
    vop3
}

/// Classifies a mnemonic (LLVM or reference spelling, any case) for generation `g`.
pub fn classify(mnemonic: &str, g: Generation) -> Result<InstClass, TimingError> {
    let t = tables()?;
    classify_in(t, mnemonic, g)
}

pub(crate) fn classify_in(
    t: &Tables,
    mnemonic: &str,
    g: Generation,
) -> Result<InstClass, TimingError> {
    let lower = mnemonic.trim().to_ascii_lowercase();
    let (base_l, mut suffix) = split_suffix(&lower);
    // A `_e32` that LLVM spells on a non-VOP instruction (gfx8's VINTRP `v_interp_p1_f32_e32`)
    // selects no form: the operation is the reference's V_INTERP_P1_F32.
    let exact = asm_family(&lower, g);
    if exact.is_some_and(|f| !matches!(f, "VOP1" | "VOP2" | "VOPC" | "VOP3" | "VOP3P")) {
        suffix = Suffix::None;
    }
    let base = base_l.to_ascii_uppercase();
    let row = t.ref_row(&base, g);
    let family = match row {
        _ if suffix == Suffix::None && exact.is_some() && row.is_none() => exact.unwrap_or("?"),
        Some(r) if base_l.len() == lower.len() || exact.is_none() => intern(&r.family),
        Some(r) => match asm_family(base_l, g) {
            // The assembler's base encoding (VINTRP, VOP1...) where the reference names VOP3.
            Some(f) if intern(&r.family) == "VOP3" && f != "VOP3" => f,
            _ => intern(&r.family),
        },
        None => family_by_prefix(base_l, g)
            .or_else(|| asm_family(base_l, g))
            .or(exact)
            .ok_or_else(|| {
            let gens: Vec<&str> = Generation::ALL
                .iter()
                .filter(|x| t.ref_rows(&base).iter().any(|r| r.names_gen(**x)))
                .map(|x| x.name())
                .collect();
            if !gens.is_empty() {
                return TimingError::new(format!(
                    "'{mnemonic}' is not a {} instruction (the ISA reference has it for {})",
                    g.name(),
                    gens.join(", ")
                ))
                .with_help("choose a device of that generation with --arch");
            }
            TimingError::new(format!("unknown instruction '{mnemonic}'"))
                .with_help("the timing tables know the GCN 1.0-1.4 instructions of the ISA reference and LLVM's spellings of them")
        })?,
    };
    let family = scalar_memory(family, g);
    let vop_base = matches!(family, "VOP1" | "VOP2" | "VOPC");
    let (encoding, size, takes_literal) = match (family, suffix) {
        (_, Suffix::Sdwa) => ("SDWA", 8, false),
        (_, Suffix::Dpp) => ("DPP", 8, false),
        // (The VOP3 forms of other families too, where the assembler has them: gfx8+ VINTRP.)
        (f, Suffix::E64) if vop_base || f == "VOP3" || exact == Some("VOP3") => ("VOP3", 8, false),
        (f, Suffix::E64) | (f, Suffix::E32) if !vop_base && f != "VOP3" => {
            return Err(TimingError::new(format!(
                "'{mnemonic}': a {f} instruction has no _e32/_e64 forms"
            )))
        }
        ("VOP3", Suffix::E32) => {
            return Err(TimingError::new(format!(
                "'{mnemonic}': {base} has no 32-bit (_e32) encoding on {}",
                g.name()
            )))
        }
        (f @ ("VOP1" | "VOP2" | "VOPC"), _) => (f, 4, true),
        (f @ ("SOP1" | "SOP2" | "SOPC"), _) => (f, 4, true),
        (f @ ("SOPK" | "SOPP" | "SMRD" | "VINTRP"), _) => (f, 4, false),
        (f, _) => (f, 8, false),
    };
    let timing_family = match family {
        "SMEM" => "SMRD",
        f => f,
    };
    let op = Op::from_name(&base);
    let (writes_scc, writes_vcc, writes_exec) = implicit_writes(row, family, &base, suffix);
    Ok(InstClass {
        literal_always: literal_always(&base),
        op,
        base,
        suffix,
        encoding,
        family: timing_family,
        size,
        takes_literal,
        writes_scc,
        writes_vcc,
        writes_exec,
        in_reference: row.is_some(),
    })
}

/// Scalar memory is SMRD up to GCN 1.1 and SMEM from GCN 1.2 on, whatever a row calls it.
fn scalar_memory(family: &'static str, g: Generation) -> &'static str {
    match (family, g >= Generation::Gcn12) {
        ("SMRD", true) => "SMEM",
        ("SMEM", false) => "SMRD",
        (f, _) => f,
    }
}

/// Operations that always carry a literal (their K constant, or S_SETREG_IMM32_B32's value).
fn literal_always(base: &str) -> bool {
    matches!(
        base,
        "S_SETREG_IMM32_B32"
            | "V_MADAK_F32"
            | "V_MADMK_F32"
            | "V_MADAK_F16"
            | "V_MADMK_F16"
            | "V_FMAAK_F32"
            | "V_FMAMK_F32"
    )
}

/// SCC, VCC and EXEC written implicitly: the reference row's columns, plus what the encoding
/// implies (every SOPC writes SCC, V_CMPX* EXEC, a 32-bit VOPC VCC).
fn implicit_writes(
    row: Option<&super::tables::RefRow>,
    family: &str,
    base: &str,
    suffix: Suffix,
) -> (bool, bool, bool) {
    let (mut scc, mut vcc, mut exec) = row
        .map(|r| (r.writes_scc, r.writes_vcc, r.writes_exec))
        .unwrap_or((false, false, false));
    if family == "SOPC" {
        scc = true;
    }
    // A vector compare that writes EXEC (V_CMPX*), from the operation's facts.
    let f = Op::from_name(base).map(|o| *o.facts());
    if f.is_some_and(|f| f.class == crate::op::Class::Valu && f.writes.has(crate::op::Regs::EXEC)) {
        exec = true;
    }
    if family == "VOPC" && suffix != Suffix::E64 {
        vcc = true;
    }
    (scc, vcc, exec)
}

/// Classifies a decoded instruction from what the decoder found, not from its printed text: its
/// operation (`Op`), the instruction table's name for it on this generation (`name`, the row's
/// mnemonic: the ISA reference and the seed's figures are keyed by each generation's names,
/// e.g. gfx6's V_ADD_I32 for the operation gfx9 calls V_ADD_CO_U32), the encoding (`enc`) and
/// the form (`form`: `SDWA`, `DPP` or the encoding's name, `gcn::Inst::encoding`). The family is
/// the reference row's for the operation (the VOP3 form of a VOP1/VOP2/VOPC operation keeps
/// its family), else the instruction tables' (`asm_family`).
pub fn classify_decoded(
    op: Op,
    name: &str,
    enc: Enc,
    form: &str,
    g: Generation,
) -> Result<InstClass, TimingError> {
    let t = tables()?;
    Ok(classify_op(t, op, name, enc, form, g))
}

pub(crate) fn classify_op(
    t: &Tables,
    op: Op,
    name: &str,
    enc: Enc,
    form: &str,
    g: Generation,
) -> InstClass {
    let (base_l, _) = split_suffix(name);
    let base = base_l.to_ascii_uppercase();
    let row = t.ref_row(&base, g);
    let enc_family = intern(enc.name());
    let op_family = row
        .map(|r| intern(&r.family))
        .or_else(|| asm_family(base_l, g))
        .unwrap_or(enc_family);
    let vop_base = |f: &str| matches!(f, "VOP1" | "VOP2" | "VOPC");
    let (family, encoding, suffix) = match form {
        "SDWA" => (enc_family, "SDWA", Suffix::Sdwa),
        "DPP" => (enc_family, "DPP", Suffix::Dpp),
        "VOP3" if vop_base(op_family) => (op_family, "VOP3", Suffix::E64),
        "VOP3" => ("VOP3", "VOP3", Suffix::None),
        // The encoding decides, except for the forms the reference files under VOP3.
        _ => (enc_family, enc_family, Suffix::None),
    };
    let family = scalar_memory(family, g);
    let (size, takes_literal) = match encoding {
        "VOP1" | "VOP2" | "VOPC" | "SOP1" | "SOP2" | "SOPC" => (4, true),
        "SOPK" | "SOPP" | "SMRD" | "SMEM" if encoding != "SMEM" => (4, false),
        "VINTRP" => (4, false),
        _ => (8, false),
    };
    let (writes_scc, writes_vcc, writes_exec) = implicit_writes(row, family, &base, suffix);
    InstClass {
        literal_always: literal_always(&base),
        base,
        op: Some(op),
        suffix,
        encoding: intern(encoding),
        family: if family == "SMEM" { "SMRD" } else { family },
        size,
        takes_literal,
        writes_scc,
        writes_vcc,
        writes_exec,
        in_reference: row.is_some(),
    }
}

/// Cycles of one instruction on one device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cycles {
    Known(u32),
    Range(u32, u32),
    /// A branch: cycles when not taken and when taken.
    Branch {
        not_taken: u32,
        taken: u32,
    },
    /// The seed has no figure (`?`); `seed_guess` when it writes `N?`.
    Unknown {
        seed_guess: Option<u32>,
    },
}

impl Cycles {
    /// The figure used for "cycles > 4" style rules (lower bound; None if unknown).
    pub fn low(self) -> Option<u32> {
        match self {
            Cycles::Known(n) => Some(n),
            Cycles::Range(a, _) => Some(a),
            Cycles::Branch { not_taken, .. } => Some(not_taken),
            Cycles::Unknown { .. } => None,
        }
    }
    pub fn text(self) -> String {
        match self {
            Cycles::Known(n) => n.to_string(),
            Cycles::Range(a, b) => format!("{a}-{b}"),
            Cycles::Branch { not_taken, taken } => format!("{not_taken}/{taken}"),
            Cycles::Unknown {
                seed_guess: Some(g),
            } => format!("unknown (seed: {g}?)"),
            Cycles::Unknown { seed_guess: None } => "unknown".into(),
        }
    }
}

/// Instructions per cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Throughput {
    Fraction(u32, u32),
    Unknown,
    /// The seed gives no throughput for this family.
    NotGiven,
}

impl Throughput {
    pub fn text(self) -> String {
        match self {
            Throughput::Fraction(a, 1) => a.to_string(),
            Throughput::Fraction(a, b) => format!("{a}/{b}"),
            Throughput::Unknown => "unknown".into(),
            Throughput::NotGiven => "-".into(),
        }
    }
}

/// An instruction's timing on a device, with where it came from.
#[derive(Clone, Debug)]
pub struct Timing {
    pub cycles: Cycles,
    pub throughput: Throughput,
    /// The row used: `figures.txt:LINE FAMILY NAME CYCLES`, or why there is none.
    pub source: String,
}

fn glob(pattern: &str, name: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == name;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !name.starts_with(first) || !name.ends_with(last) || name.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &name[first.len()..name.len() - last.len()];
    for p in &parts[1..parts.len() - 1] {
        match rest.find(p) {
            Some(i) => rest = &rest[i + p.len()..],
            None => return false,
        }
    }
    true
}

/// The figure row for `base` (upper-case) in timing family `family`: an exact row of the family,
/// else an exact row of another table (the seed lists some instructions under another family),
/// else the most specific glob of the family, else the family rule (`*`).
pub fn figure_row<'a>(t: &'a Tables, base: &str, family: &str) -> Option<&'a FigureRow> {
    t.figure_rows_named(base)
        .find(|r| r.family == family)
        .or_else(|| t.figure_rows_named(base).next())
        .or_else(|| {
            t.figure_globs()
                .filter(|r| r.family == family && glob(&r.pattern, base))
                .max_by_key(|r| r.pattern.len())
        })
        .or_else(|| t.family_rule(family))
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Times an instruction of class `c` with operand text `operands` on `dev` (`dpfactor` may
/// override the device's).
pub fn timing(c: &InstClass, operands: &str, dpfactor: u32) -> Result<Timing, TimingError> {
    let t = tables()?;
    Ok(timing_in(t, c, operands, dpfactor))
}

pub(crate) fn timing_in(t: &Tables, c: &InstClass, operands: &str, dpfactor: u32) -> Timing {
    let Some(row) = figure_row(t, &c.base, c.family) else {
        return Timing {
            cycles: Cycles::Unknown { seed_guess: None },
            throughput: Throughput::NotGiven,
            source: format!("the seed has no {} timings", c.family),
        };
    };
    let glc = operands
        .split([' ', ','])
        .any(|w| w.eq_ignore_ascii_case("glc"));
    let cycles = match row.cycles {
        CycleSpec::Fixed(n) => Cycles::Known(n),
        CycleSpec::Dp(n) => Cycles::Known(n.saturating_mul(dpfactor)),
        CycleSpec::Fma32 => Cycles::Known(if dpfactor <= 4 { 4 } else { 16 }),
        CycleSpec::Range(a, b) => Cycles::Range(a, b),
        CycleSpec::Glc { base, extra } => Cycles::Known(base + if glc { extra } else { 0 }),
        CycleSpec::Jump => Cycles::Branch {
            not_taken: 4,
            taken: 20,
        },
        CycleSpec::Doubtful(n) => Cycles::Unknown {
            seed_guess: Some(n),
        },
        CycleSpec::Unknown => Cycles::Unknown { seed_guess: None },
    };
    let rule = row
        .throughput
        .or_else(|| t.family_rule(&row.family).and_then(|r| r.throughput));
    let throughput = match rule {
        None => Throughput::NotGiven,
        Some(ThroughputSpec::Unknown) => Throughput::Unknown,
        Some(ThroughputSpec::Fraction(a, b)) => Throughput::Fraction(a, b),
        Some(ThroughputSpec::PerCycles) => match cycles {
            Cycles::Known(n) if n > 0 => {
                let g = gcd(4, n);
                Throughput::Fraction(4 / g, n / g)
            }
            _ => Throughput::Unknown,
        },
    };
    let name = if row.pattern == "*" {
        format!("{} family rule", row.family)
    } else {
        format!("{} {}", row.family, row.pattern)
    };
    Timing {
        cycles,
        throughput,
        source: format!("figures.txt:{} {} {}", row.line, name, row.cycles_text),
    }
}

/// Resolves `--arch` to a device.
pub fn device(name: &str) -> Result<&'static Device, TimingError> {
    let t = tables()?;
    t.device(name).ok_or_else(|| {
        let names: Vec<&str> = t.devices.iter().map(|d| d.name.as_str()).collect();
        TimingError::new(format!("unknown GCN device '{name}'")).with_help(format!(
            "the timing model knows: {} (or their gfx names)",
            names.join(", ")
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cyc(m: &str, dev: &str) -> Cycles {
        cyc_ops(m, "", dev)
    }
    fn cyc_ops(m: &str, ops: &str, dev: &str) -> Cycles {
        let d = device(dev).unwrap();
        let c = classify(m, d.generation).unwrap();
        timing(&c, ops, d.dpfactor).unwrap().cycles
    }
    fn thr(m: &str, dev: &str) -> Throughput {
        let d = device(dev).unwrap();
        let c = classify(m, d.generation).unwrap();
        timing(&c, "", d.dpfactor).unwrap().throughput
    }
    use Cycles::*;

    #[test]
    fn sop2_sopk_sop1_sopc() {
        assert_eq!(cyc("s_add_u32", "tahiti"), Known(4));
        assert_eq!(
            cyc("s_cbranch_g_fork", "tahiti"),
            Unknown { seed_guess: None }
        );
        assert_eq!(cyc("s_movk_i32", "tahiti"), Known(4));
        assert_eq!(cyc("s_setreg_b32", "tahiti"), Known(8));
        assert_eq!(cyc("s_setreg_imm32_b32", "gfx900"), Known(8));
        assert_eq!(
            cyc("s_cbranch_i_fork", "tahiti"),
            Unknown { seed_guess: None }
        );
        assert_eq!(cyc("s_and_saveexec_b64", "tahiti"), Known(8));
        assert_eq!(cyc("s_xnor_saveexec_b64", "gfx900"), Known(8));
        assert_eq!(cyc("s_mov_b64", "tahiti"), Known(4));
        assert_eq!(cyc("s_rfe_b64", "tahiti"), Unknown { seed_guess: None });
        assert_eq!(cyc("s_cmp_eq_u32", "tahiti"), Known(4));
        assert_eq!(cyc("s_bitcmp1_b32", "tahiti"), Known(4));
    }

    #[test]
    fn sopp_jumps() {
        let j = Branch {
            not_taken: 4,
            taken: 20,
        };
        assert_eq!(cyc("s_branch", "tahiti"), j);
        assert_eq!(cyc("s_cbranch_execz", "gfx900"), j);
        assert_eq!(cyc("s_cbranch_scc1", "tahiti"), j);
        // Only jumps are timed in the seed.
        assert_eq!(cyc("s_waitcnt", "tahiti"), Unknown { seed_guess: None });
    }

    #[test]
    fn smrd() {
        assert_eq!(cyc("s_load_dword", "tahiti"), Known(4));
        assert_eq!(cyc("s_load_dwordx4", "gfx900"), Known(4));
        assert_eq!(cyc("s_buffer_load_dwordx8", "tahiti"), Known(8));
        assert_eq!(cyc("s_load_dwordx16", "tahiti"), Range(16, 24));
        assert_eq!(cyc("s_memtime", "tahiti"), Known(4));
        assert_eq!(cyc("s_store_dword", "gfx900"), Unknown { seed_guess: None });
    }

    #[test]
    fn vop1_vop2_with_dpfactor() {
        assert_eq!(cyc("v_mov_b32_e32", "tahiti"), Known(4));
        assert_eq!(cyc("v_rcp_f32", "tahiti"), Known(16));
        assert_eq!(cyc("v_swap_b32", "gfx900"), Known(8));
        assert_eq!(cyc("v_sqrt_f64", "tahiti"), Known(16)); // DPFACTOR 2 * 8
        assert_eq!(cyc("v_sqrt_f64", "hawaii-pro"), Known(8));
        assert_eq!(cyc("v_sqrt_f64", "hawaii"), Known(32));
        assert_eq!(cyc("v_sqrt_f64", "gfx900"), Known(64));
        assert_eq!(cyc("v_cvt_f64_i32_e64", "tahiti"), Known(8));
        assert_eq!(thr("v_rcp_f32", "tahiti"), Throughput::Fraction(1, 4));
        assert_eq!(thr("v_swap_b32", "gfx900"), Throughput::Fraction(1, 2));
        assert_eq!(cyc("v_add_f32_e32", "tahiti"), Known(4));
        assert_eq!(cyc("v_add_co_u32_e64", "gfx900"), Known(4));
        assert_eq!(thr("v_add_f32", "tahiti"), Throughput::Fraction(1, 1));
    }

    #[test]
    fn vopc() {
        assert_eq!(cyc("v_cmp_gt_i32_e32", "gfx900"), Known(4));
        assert_eq!(cyc("v_cmp_lt_f16", "gfx900"), Known(4));
        assert_eq!(cyc("v_cmp_eq_f64_e32", "tahiti"), Known(8));
        assert_eq!(cyc("v_cmpx_gt_u64_e64", "hawaii"), Known(16));
        assert_eq!(cyc("v_cmp_class_f64", "gfx900"), Known(32));
        assert_eq!(thr("v_cmp_eq_f64", "gfx900"), Throughput::Fraction(1, 8));
    }

    #[test]
    fn vop3_and_fma() {
        assert_eq!(cyc("v_mul_lo_u32", "gfx900"), Known(16));
        assert_eq!(cyc("v_mad_u64_u32", "gfx900"), Known(16));
        assert_eq!(cyc("v_fma_f64", "tahiti"), Known(16));
        assert_eq!(cyc("v_lshlrev_b64", "gfx900"), Known(32));
        for (dev, n) in [
            ("hawaii-pro", 4),
            ("tahiti", 4),
            ("hawaii", 4),
            ("gfx900", 16),
            ("pitcairn", 16),
        ] {
            assert_eq!(cyc("v_fma_f32", dev), Known(n), "{dev}");
        }
        assert_eq!(cyc("v_bfe_u32", "tahiti"), Known(4));
        assert_eq!(cyc("v_perm_b32", "gfx900"), Unknown { seed_guess: None });
    }

    #[test]
    fn vop3p() {
        assert_eq!(cyc("v_pk_add_f16", "gfx900"), Known(4));
        assert_eq!(thr("v_pk_fma_f16", "gfx900"), Throughput::Fraction(1, 1));
    }

    #[test]
    fn ds_cycles_and_throughput() {
        assert_eq!(cyc("ds_read_b32", "tahiti"), Known(4));
        assert_eq!(thr("ds_read_b32", "tahiti"), Throughput::Fraction(1, 2));
        assert_eq!(cyc("ds_write2_b64", "tahiti"), Known(20));
        assert_eq!(
            thr("ds_wrxchg2_rtn_b64", "tahiti"),
            Throughput::Fraction(1, 12)
        );
        assert_eq!(cyc("ds_append", "gfx900"), Known(4));
        assert_eq!(thr("ds_append", "gfx900"), Throughput::Unknown);
        assert_eq!(cyc("ds_gws_init", "gfx900"), Unknown { seed_guess: None });
        assert_eq!(
            cyc("ds_ordered_count", "gfx900"),
            Unknown { seed_guess: None }
        );
        assert_eq!(
            cyc("ds_bpermute_b32", "gfx900"),
            Unknown { seed_guess: None }
        );
    }

    #[test]
    fn mubuf_with_glc() {
        assert_eq!(
            cyc_ops("buffer_atomic_add", "v1, v2, s[4:7], 0 offen", "tahiti"),
            Known(16)
        );
        assert_eq!(
            cyc_ops("buffer_atomic_add", "v1, v2, s[4:7], 0 offen glc", "tahiti"),
            Known(17)
        );
        assert_eq!(
            cyc_ops(
                "buffer_atomic_add_x2",
                "v[1:2], v2, s[4:7], 0 glc",
                "tahiti"
            ),
            Known(18)
        );
        assert_eq!(
            cyc_ops(
                "buffer_atomic_and_x2",
                "v[1:2], v2, s[4:7], 0 glc",
                "tahiti"
            ),
            Known(16)
        );
        assert_eq!(cyc("buffer_atomic_cmpswap", "tahiti"), Known(32));
        assert_eq!(cyc("buffer_load_dwordx2", "tahiti"), Known(18));
        assert_eq!(
            cyc("buffer_load_format_xy", "tahiti"),
            Unknown {
                seed_guess: Some(18)
            }
        );
        assert_eq!(cyc("buffer_store_dword", "gfx900"), Known(16));
        assert_eq!(
            cyc("buffer_wbinvl1", "tahiti"),
            Unknown { seed_guess: None }
        );
        assert_eq!(
            cyc("global_load_dword", "gfx900"),
            Unknown { seed_guess: None }
        );
    }

    #[test]
    fn sizes_and_encodings() {
        let g = Generation::Gcn14;
        let c = classify("v_add_u32_e32", g).unwrap();
        assert_eq!((c.encoding, c.size, c.takes_literal), ("VOP2", 4, true));
        let c = classify("v_cndmask_b32_e64", g).unwrap();
        assert_eq!((c.encoding, c.family, c.size), ("VOP3", "VOP2", 8));
        assert_eq!(classify("v_lshlrev_b64", g).unwrap().size, 8);
        assert_eq!(classify("s_load_dword", g).unwrap().size, 8);
        assert_eq!(classify("s_load_dword", Generation::Gcn10).unwrap().size, 4);
        assert_eq!(classify("global_load_dword", g).unwrap().size, 8);
        assert!(classify("v_fma_f32_e32", g).is_err());
        assert!(classify("frobnicate", g).is_err());
        let e = classify("v_add_co_u32_e32", Generation::Gcn10).unwrap_err();
        assert!(
            e.message.contains("not a GCN 1.0 instruction"),
            "{}",
            e.message
        );
        assert!(classify("v_cmp_gt_i32_e32", g).unwrap().writes_vcc);
        assert!(classify("v_cmpx_gt_i32_e64", g).unwrap().writes_exec);
        assert!(classify("s_cmp_lg_u32", g).unwrap().writes_scc);
        assert!(!classify("s_mov_b32", g).unwrap().writes_scc);
    }

    /// Every row of the seed's tables is data (SMRD 13, VOP1 92, VOP3 88 less the duplicate
    /// V_MAD_F16, DS 140, MUBUF 58) and the lookup reaches each one (no row shadows another).
    #[test]
    fn every_seed_row_is_data_and_reachable() {
        let t = tables().unwrap();
        let exact = |f: &str| {
            t.figures
                .iter()
                .filter(|r| r.family == f && !r.pattern.contains('*'))
                .count()
        };
        let counts: Vec<usize> = ["SMRD", "VOP1", "VOP3", "DS", "MUBUF"]
            .iter()
            .map(|f| exact(f))
            .collect();
        assert_eq!(counts, vec![13, 92, 87, 140, 58]);
        for r in t.figures.iter().filter(|r| !r.pattern.contains('*')) {
            let got = figure_row(t, &r.pattern, &r.family).unwrap();
            assert!(
                std::ptr::eq(got, r),
                "{} {} reaches line {}",
                r.family,
                r.pattern,
                got.line
            );
        }
    }

    #[test]
    fn globs() {
        assert!(glob("S_*_SAVEEXEC_B64", "S_AND_SAVEEXEC_B64"));
        assert!(glob("V_CMP*_F64", "V_CMPX_CLASS_F64"));
        assert!(!glob("V_CMP*_F64", "V_CMP_EQ_F32"));
        assert!(!glob("A*A", "A"));
    }
}
