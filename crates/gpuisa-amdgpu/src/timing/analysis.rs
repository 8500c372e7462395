//! Static issue-cycle analysis of a GCN instruction list: each instruction's cycles from the
//! figures, the GCN 1.0/1.1 alignment rules, the scheduling rules, their masking when more than
//! one wave runs per SIMD, and totals per basic block and per kernel.
//!
//! The path counted is the listing order: a conditional branch counts as not taken, `s_branch`
//! as taken; each branch also reports what the other direction costs. docs/timing.md gives the
//! reading of each rule of the seed.

use super::figures::{classify_in, classify_op, timing_in, Cycles, InstClass, Timing};
use super::tables::{tables, Device, GenParams};
use super::TimingError;
use crate::gcn::Enc;
use crate::op::{Branch, Op};

/// One instruction to time: what a decoder or the `.s` reader gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimedInst {
    /// Byte address (the alignment rules use it modulo 32).
    pub address: u64,
    /// Size in bytes (4 or 8 on GCN, a 32-bit literal included).
    pub size: u32,
    pub mnemonic: String,
    pub operands: String,
    /// Branch target address, if the instruction is a branch.
    pub target: Option<u64>,
    /// A label naming this address, if any (starts a basic block).
    pub label: Option<String>,
    /// 1-based source line (0 when the instruction comes from a binary).
    pub line: usize,
    /// A decoded instruction's operation, table name, encoding and form
    /// (`gcn::Inst::{op, name, enc, encoding}`):
    /// it is classified from these, not from its text. Disassembled code and assembly text
    /// (assembled, then decoded: `asm_text`) always have them; `None` (classified by the
    /// mnemonic) is left for callers that build instructions by hand.
    pub decoded: Option<(Op, &'static str, Enc, &'static str)>,
}

/// Which rule of the seed a penalty comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A 2-dword instruction outside the first 3 dwords of its 32-byte block.
    TwoDword,
    /// A forward jump to dword N >= 5 of a block: N-4 penalties.
    JumpTarget,
    /// A conditional jump in the second half of its block: N-3 penalties if not taken.
    CondJumpPlacement,
    /// Integer V_ADD*/V_SUB*, V_READFIRSTLANE_B32, V_READLANE_B32 then a scalar ALU instruction.
    SaluAfterVectorInt,
    /// S_CBRANCH_VCCZ/VCCNZ/EXECZ/EXECNZ right after a write of VCC or EXEC.
    BranchVccExec,
    /// S_CBRANCH_SCC0/SCC1 right after a write of SCC, EXEC or VCC.
    BranchScc,
}

impl Rule {
    pub fn id(self) -> &'static str {
        match self {
            Rule::TwoDword => "align-2dword",
            Rule::JumpTarget => "align-jump-target",
            Rule::CondJumpPlacement => "align-cond-jump",
            Rule::SaluAfterVectorInt => "sched-valu-salu",
            Rule::BranchVccExec => "sched-vccz-execz",
            Rule::BranchScc => "sched-scc",
        }
    }
}

/// On which path a penalty is paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    Always,
    Taken,
    NotTaken,
}

impl When {
    pub fn name(self) -> &'static str {
        match self {
            When::Always => "always",
            When::Taken => "taken",
            When::NotTaken => "not-taken",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Penalty {
    pub rule: Rule,
    pub cycles: u32,
    pub when: When,
    /// Hidden by running more than one wave per SIMD (`--waves-per-simd`).
    pub masked: bool,
    pub note: String,
}

/// The analysis of one instruction.
#[derive(Clone, Debug)]
pub struct InstResult {
    pub inst: TimedInst,
    pub class: InstClass,
    pub timing: Timing,
    /// Dword index of the instruction in its 32-byte block (0-7).
    pub block_dword: u32,
    pub penalties: Vec<Penalty>,
    /// Cycle at which it starts on the counted path.
    pub start: u64,
    /// Cycles counted on the path (figure + unmasked penalties of the path; range: low end).
    pub cost: u32,
    /// As `cost` with the high end of a range.
    pub cost_max: u32,
    /// For a branch: cycles of the other direction (with its penalties).
    pub other_path: Option<u32>,
    /// Cycles hidden by masking (scalar/branch figures and penalties).
    pub masked_cycles: u32,
    pub unknown: bool,
    /// Index into [`Analysis::blocks`].
    pub block: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockResult {
    pub label: String,
    pub address: u64,
    /// Instruction index range `first..end`.
    pub first: usize,
    pub end: usize,
    pub cycles: u64,
    pub cycles_max: u64,
    pub penalty_cycles: u64,
    pub unknown: usize,
}

#[derive(Clone, Debug)]
pub struct Analysis {
    pub device: String,
    pub generation: &'static str,
    pub dpfactor: u32,
    pub waves_per_simd: u32,
    pub alignment_rules: bool,
    pub masking: bool,
    pub insts: Vec<InstResult>,
    pub blocks: Vec<BlockResult>,
    pub total: u64,
    pub total_max: u64,
    pub penalty_cycles: u64,
    pub masked_cycles: u64,
    pub unknown: usize,
}

/// Analysis settings.
#[derive(Clone, Copy, Debug)]
pub struct Options<'a> {
    pub device: &'a Device,
    /// DPFACTOR to use (the device's unless overridden).
    pub dpfactor: u32,
    /// Waves running per SIMD; above 1 the penalties, branches and scalar instructions are masked.
    pub waves_per_simd: u32,
}

impl<'a> Options<'a> {
    pub fn new(device: &'a Device) -> Self {
        Options {
            device,
            dpfactor: device.dpfactor,
            waves_per_simd: 1,
        }
    }
}

fn branch_kind(c: &InstClass) -> Branch {
    c.op.map_or(Branch::None, |o| o.facts().branch)
}
/// PC-relative branches (s_branch, s_cbranch_*), gfx6-gfx8's fork/join among them.
fn is_branch(c: &InstClass) -> bool {
    matches!(branch_kind(c), Branch::Jump | Branch::Cjump)
        || matches!(
            c.op,
            Some(Op::S_CBRANCH_G_FORK | Op::S_CBRANCH_I_FORK | Op::S_CBRANCH_JOIN)
        )
}
fn is_cond_branch(c: &InstClass) -> bool {
    branch_kind(c) == Branch::Cjump
}
fn ends_block(c: &InstClass) -> bool {
    is_branch(c)
        || matches!(
            c.op,
            Some(Op::S_ENDPGM | Op::S_SETPC_B64 | Op::S_SWAPPC_B64 | Op::S_RFE_B64)
        )
}
fn is_salu(c: &InstClass) -> bool {
    matches!(c.family, "SOP1" | "SOP2" | "SOPK" | "SOPC")
}
fn is_scalar_or_branch(c: &InstClass) -> bool {
    is_salu(c) || c.family == "SOPP"
}
/// Integer V_ADD*/V_SUB*, V_READFIRSTLANE_B32, V_READLANE_B32 (seed: "V_FIRSTREADLINE_B32").
pub fn is_vector_int_addsub(c: &InstClass) -> bool {
    let b = c.base.as_str();
    let addsub = (b.starts_with("V_ADD") || b.starts_with("V_SUB"))
        && !b.contains("_F16")
        && !b.contains("_F32")
        && !b.contains("_F64");
    (addsub && c.family != "VOP3P") || b == "V_READFIRSTLANE_B32" || b == "V_READLANE_B32"
}

/// Splits operand text at top-level commas (not inside `[]` or `()`).
pub fn split_operands(ops: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, ch) in ops.char_indices() {
        match ch {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(ops[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = ops[start..].trim();
    if !last.is_empty() {
        out.push(last);
    }
    out
}

fn first_token(s: &str) -> &str {
    s.split_whitespace().next().unwrap_or("")
}

/// Registers written, as lower-case operand text (destination operands only).
fn dests(c: &InstClass, ops: &str) -> Vec<String> {
    if matches!(c.family, "SOPC" | "SOPP")
        || c.base.contains("STORE")
        || c.base.starts_with("DS_WRITE")
    {
        return Vec::new();
    }
    let o = split_operands(ops);
    let mut d: Vec<String> = o
        .first()
        .map(|x| first_token(x).to_ascii_lowercase())
        .into_iter()
        .collect();
    // Carry-out forms name the carry destination second (VCC for _e32).
    if c.writes_vcc && matches!(c.family, "VOP2" | "VOP3") {
        if let Some(x) = o.get(1) {
            d.push(first_token(x).to_ascii_lowercase());
        }
    }
    d
}

struct Writes {
    scc: bool,
    vcc: bool,
    exec: bool,
}

fn writes(c: &InstClass, ops: &str) -> Writes {
    let d = dests(c, ops);
    let any = |names: &[&str]| d.iter().any(|x| names.contains(&x.as_str()));
    Writes {
        scc: c.writes_scc,
        vcc: any(&["vcc", "vcc_lo", "vcc_hi"]) || (c.writes_vcc && c.encoding == "VOPC"),
        exec: any(&["exec", "exec_lo", "exec_hi"]) || c.writes_exec,
    }
}

/// Analyses a kernel's instructions on a device.
pub fn analyze(insts: &[TimedInst], opt: &Options) -> Result<Analysis, TimingError> {
    let t = tables()?;
    let g = opt.device.generation;
    let p: GenParams = *t
        .gen(g)
        .ok_or_else(|| TimingError::new(format!("no resources for {}", g.name())))?;
    let masking = opt.waves_per_simd > 1;
    let align = p.alignment_rules;
    let mut classes = Vec::with_capacity(insts.len());
    for i in insts {
        let c = match i.decoded {
            Some((op, name, enc, form)) => Ok(classify_op(t, op, name, enc, form, g)),
            None => classify_in(t, &i.mnemonic, g),
        };
        let c = c.map_err(|e| {
            let at = if i.line > 0 {
                format!("line {}", i.line)
            } else {
                format!("address 0x{:x}", i.address)
            };
            TimingError {
                message: format!("{at}: {}", e.message),
                help: e.help,
            }
        })?;
        classes.push(c);
    }
    // Basic blocks: start at 0, at labels and branch targets, after block-ending instructions.
    let targets: std::collections::HashSet<u64> = insts.iter().filter_map(|i| i.target).collect();
    let mut blocks: Vec<BlockResult> = Vec::new();
    let mut out: Vec<InstResult> = Vec::with_capacity(insts.len());
    let (mut t_now, mut free_until) = (0u64, 0u64);
    let mut last_vint_end: Option<u64> = None;
    for (k, (inst, c)) in insts.iter().zip(&classes).enumerate() {
        let starts = k == 0
            || inst.label.is_some()
            || targets.contains(&inst.address)
            || ends_block(&classes[k - 1]);
        if starts {
            blocks.push(BlockResult {
                label: inst
                    .label
                    .clone()
                    .unwrap_or_else(|| format!("0x{:x}", inst.address)),
                address: inst.address,
                first: k,
                end: k,
                cycles: 0,
                cycles_max: 0,
                penalty_cycles: 0,
                unknown: 0,
            });
        }
        let timing = timing_in(t, c, &inst.operands, opt.dpfactor);
        let dword_abs = inst.address / 4;
        let bd = (dword_abs % 8) as u32;
        let mut pens: Vec<Penalty> = Vec::new();
        let mut pen = |rule, cycles, when, note: String| {
            pens.push(Penalty {
                rule,
                cycles,
                when,
                masked: masking,
                note,
            })
        };
        let prev = k.checked_sub(1).map(|j| (&insts[j], &classes[j], &out[j]));
        if align {
            if inst.size >= 8 && bd >= 2 {
                let end = dword_abs + u64::from(inst.size / 4);
                let long_prev = prev.and_then(|(pi, _, pr)| {
                    (pi.size >= 8 && pr.timing.cycles.low().unwrap_or(0) >= 16).then_some(())
                });
                if end <= free_until {
                    // covered by a long instruction before it
                } else if long_prev.is_some() && (bd == 3 || bd == 4) {
                    // the second of two 2-dword instructions after a 16+ cycle one
                } else {
                    pen(Rule::TwoDword, 4, When::Always,
                        format!("2-dword instruction at dword {bd} of its 32-byte block (only dwords 0-2 are free)"));
                }
            }
            if is_cond_branch(c) && bd >= 4 {
                pen(
                    Rule::CondJumpPlacement,
                    (bd - 3) * 4,
                    When::NotTaken,
                    format!(
                        "conditional jump at dword {bd}: {} penalties when not taken",
                        bd - 3
                    ),
                );
            }
            if let Some(target) = inst.target.filter(|_| is_branch(c)) {
                let td = ((target / 4) % 8) as u32;
                if target > inst.address && td >= 5 {
                    pen(
                        Rule::JumpTarget,
                        (td - 4) * 4,
                        When::Taken,
                        format!(
                            "forward jump to dword {td} of a 32-byte block: {} penalties",
                            td - 4
                        ),
                    );
                }
            }
        }
        if is_salu(c) {
            if let Some(end) = last_vint_end {
                let gap = t_now.saturating_sub(end);
                if gap < 16 {
                    pen(Rule::SaluAfterVectorInt, (16 - gap) as u32, When::Always,
                        format!("scalar ALU {gap} cycles after an integer V_ADD/V_SUB/READLANE (16-cycle delay)"));
                }
            }
        }
        if is_cond_branch(c) {
            if let Some((pi, pc, _)) = prev {
                let w = writes(pc, &pi.operands);
                let b = c.base.as_str();
                if matches!(
                    b,
                    "S_CBRANCH_VCCZ" | "S_CBRANCH_VCCNZ" | "S_CBRANCH_EXECZ" | "S_CBRANCH_EXECNZ"
                ) && (w.vcc || w.exec)
                {
                    pen(
                        Rule::BranchVccExec,
                        4,
                        When::Always,
                        format!(
                            "{} right after {} writes {}",
                            b,
                            pc.base,
                            if w.vcc { "VCC" } else { "EXEC" }
                        ),
                    );
                }
                if matches!(b, "S_CBRANCH_SCC0" | "S_CBRANCH_SCC1") && (w.scc || w.exec || w.vcc) {
                    let what = if w.scc {
                        "SCC"
                    } else if w.exec {
                        "EXEC"
                    } else {
                        "VCC"
                    };
                    pen(
                        Rule::BranchScc,
                        4,
                        When::Always,
                        format!("{} right after {} writes {}", b, pc.base, what),
                    );
                }
            }
        }
        // The counted path and the other one.
        let cond = is_cond_branch(c);
        let (path_when, other_when) = if cond {
            (When::NotTaken, When::Taken)
        } else {
            (When::Taken, When::NotTaken)
        };
        let on = |p: &Penalty, w: When| p.when == When::Always || p.when == w;
        let (mut base_lo, mut base_hi, mut other, unknown) = match timing.cycles {
            Cycles::Known(n) => (n, n, None, false),
            Cycles::Range(a, b) => (a, b, None, false),
            Cycles::Branch { not_taken, taken } if cond => {
                (not_taken, not_taken, Some(taken), false)
            }
            Cycles::Branch { taken, .. } => (taken, taken, None, false),
            Cycles::Unknown { .. } => (0, 0, None, true),
        };
        let mut masked_cycles = 0u32;
        if masking && is_scalar_or_branch(c) {
            masked_cycles += base_lo;
            base_lo = 0;
            base_hi = 0;
            other = other.map(|_| 0);
        }
        let pen_path: u32 = pens
            .iter()
            .filter(|p| on(p, path_when))
            .map(|p| p.cycles)
            .sum();
        masked_cycles += if masking { pen_path } else { 0 };
        let pen_counted = if masking { 0 } else { pen_path };
        if let Some(o) = other.as_mut() {
            if !masking {
                *o += pens
                    .iter()
                    .filter(|p| on(p, other_when))
                    .map(|p| p.cycles)
                    .sum::<u32>();
            }
        }
        let cost = base_lo + pen_counted;
        let cost_max = base_hi + pen_counted;
        let start = t_now;
        t_now += u64::from(cost);
        if is_vector_int_addsub(c) {
            last_vint_end = Some(t_now);
        }
        if let Some(lo) = timing.cycles.low().filter(|&n| n > 4) {
            free_until = free_until.max(dword_abs + u64::from(inst.size / 4) + u64::from(lo / 4));
        }
        let bi = blocks.len() - 1;
        let b = &mut blocks[bi];
        b.end = k + 1;
        b.cycles += u64::from(cost);
        b.cycles_max += u64::from(cost_max);
        b.penalty_cycles += u64::from(pen_counted);
        b.unknown += usize::from(unknown);
        out.push(InstResult {
            inst: inst.clone(),
            class: c.clone(),
            timing,
            block_dword: bd,
            penalties: pens,
            start,
            cost,
            cost_max,
            other_path: other,
            masked_cycles,
            unknown,
            block: bi,
        });
    }
    Ok(Analysis {
        device: opt.device.name.clone(),
        generation: g.name(),
        dpfactor: opt.dpfactor,
        waves_per_simd: opt.waves_per_simd,
        alignment_rules: align,
        masking,
        total: blocks.iter().map(|b| b.cycles).sum(),
        total_max: blocks.iter().map(|b| b.cycles_max).sum(),
        penalty_cycles: blocks.iter().map(|b| b.penalty_cycles).sum(),
        masked_cycles: out.iter().map(|r| u64::from(r.masked_cycles)).sum(),
        unknown: out.iter().filter(|r| r.unknown).count(),
        insts: out,
        blocks,
    })
}
