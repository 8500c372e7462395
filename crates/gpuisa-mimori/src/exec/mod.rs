//! The cycle-level emulator of MIMORI's SIMD ALU pipeline.
//!
//! - [`Config`]: the machine and the run (built from a run file by [`runfile::parse`]);
//! - [`semantics`]: what each opcode computes on a 32-lane vector, under both [`Profile`]s;
//! - [`Machine`]: registers with the two-instruction write latency, the T0/T1 delay buffer, the
//!   input streams, DRAM output, and the loop nest that issues warp-instructions one per cycle.

pub mod data;
pub mod runfile;
pub mod semantics;

use crate::inst::{Form, Inst, Issue, Operand};
use std::fmt::Write as _;
use std::ops::Range as StdRange;

pub type Range = StdRange<u32>;
pub const LANES: usize = 32;
pub type Vector = [i32; LANES];

/// Wraps to the 20-bit two's complement datapath (stored sign-extended in an i32).
#[inline(always)]
pub fn wrap20(x: i64) -> i32 {
    (((x as u64) << 44) as i64 >> 44) as i32
}

/// The 20 bits of a datapath value, as an unsigned number.
#[inline(always)]
pub fn bits20(x: i32) -> u32 {
    x as u32 & 0xf_ffff
}

/// Which semantics to execute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// The seed `mimori-30bit-isa.md` (default).
    Spec,
    /// The as-built RTL differences recorded in the MIMORI reference notes.
    Rtl,
}

impl Profile {
    pub fn parse(s: &str) -> Option<Profile> {
        match s {
            "spec" => Some(Profile::Spec),
            "mimori-rtl" | "rtl" => Some(Profile::Rtl),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Profile::Spec => "spec",
            Profile::Rtl => "mimori-rtl",
        }
    }
}

/// The default 4 texture tables of 17 signed 16-bit entries: 0 a linear ramp -32768..32767
/// (identity-like), 1 a quarter sine wave scaled to 32767, 2 x^2 on 0..1 scaled to 32767,
/// 3 all zeros. A run file replaces them with `machine.tex_lut`.
pub const DEFAULT_TEX_LUT: [[i16; 17]; 4] = [
    [
        -32768, -28672, -24576, -20480, -16384, -12288, -8192, -4096, 0, 4096, 8192, 12288, 16384,
        20480, 24576, 28672, 32767,
    ],
    [
        0, 3212, 6393, 9512, 12539, 15446, 18204, 20787, 23170, 25329, 27245, 28898, 30273, 31356,
        32137, 32609, 32767,
    ],
    [
        0, 128, 512, 1152, 2048, 3200, 4608, 6272, 8192, 10368, 12800, 15488, 18432, 21632, 25088,
        28800, 32767,
    ],
    [0; 17],
];

/// The default LOGIC_LUT truth tables, indexed by the bit triple (a<<2 | b<<1 | c):
/// 0 a&b&c, 1 a|b|c, 2 a^b^c, 3 majority(a,b,c), 4 a?b:c (bitwise mux), 5 a&b, 6 a|b, 7 a^b.
pub const DEFAULT_LOGIC_LUT: [u8; 8] = [0x80, 0xfe, 0x96, 0xe8, 0xca, 0xc0, 0xfc, 0x3c];

/// An axis value of the loop nest: aofs[n] (uniform) or bofs[n] (per lane).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    A(u8),
    B(u8),
}

/// An affine address: `offset + sum(coef * axis)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gather {
    pub offset: i64,
    pub coefs: Vec<(Axis, i64)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopKind {
    /// Drives bofs[axis] = counter * lane_shape[axis] + the lane's coordinate.
    Parallel,
    /// Drives aofs[axis] = counter.
    Accum,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loop {
    pub kind: LoopKind,
    pub axis: u8,
    pub count: u32,
}

/// Which instructions run at each iteration: the prologue of the highest level `n` with
/// `n <= (innermost loops at their first value)`, the body, then likewise the epilogue by last values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub body: Range,
    pub prologue: Vec<(usize, Range)>,
    pub epilogue: Vec<(usize, Range)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StreamData {
    /// Each pop takes the next 32 values.
    Sequential,
    /// Each pop gathers one value per lane at the lane's affine address.
    Gather(Gather),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stream {
    pub values: Vec<i16>,
    pub data: StreamData,
    /// Value for gathered addresses outside the data (absent: such an address is an error).
    pub pad: Option<i16>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputLayout {
    /// Written vectors are appended in order, 32 values each.
    Stream,
    /// Each lane writes at its affine address; addresses outside the array are dropped (counted).
    Indexed(Gather),
}

/// Everything one run needs.
#[derive(Clone, Debug)]
pub struct Config {
    pub warps: usize,
    pub reg_per_warp: u8,
    pub clut: [i32; 4],
    pub tex_lut: [[i16; 17]; 4],
    pub logic_lut: [u8; 8],
    pub program: Vec<Inst>,
    pub loops: Vec<Loop>,
    pub lane_shape: Vec<u32>,
    pub schedule: Schedule,
    pub inputs: [Option<Stream>; 2],
    pub output_shape: Vec<usize>,
    pub output: OutputLayout,
}

/// A run-time fault: a typed error naming where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub cycle: u64,
    pub warp: usize,
    pub pc: usize,
    pub message: String,
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cycle {}, warp {}, instruction {}: {}",
            self.cycle, self.warp, self.pc, self.message
        )
    }
}

impl std::error::Error for Fault {}

/// The outcome of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunResult {
    pub profile: Profile,
    /// DRAM output (16-bit values), row-major in `shape`.
    pub dram: Vec<i16>,
    pub shape: Vec<usize>,
    /// Cycles in which a warp-instruction issued (one per cycle).
    pub issue_cycles: u64,
    /// Total cycles: issue cycles plus the drain of the last register write (2 cycles).
    pub cycles: u64,
    /// Executions (warp-instructions) per instruction index.
    pub executions: Vec<u64>,
    /// Lane-operations: 32 per executed warp-instruction.
    pub lane_ops: u64,
    /// Indexed DRAM writes that fell outside the output array.
    pub dropped_writes: u64,
    pub iterations: u64,
}

/// Cycles from the issue of the last instruction until its register write is committed.
pub const DRAIN_CYCLES: u64 = 2;

struct PendingWrite {
    seq: u64,
    bank: usize,
    addr: usize,
    value: Vector,
}

/// The machine state during a run.
pub struct Machine<'c> {
    cfg: &'c Config,
    profile: Profile,
    /// Register banks: one (spec: all warps share a 32-word file) or two (rtl: low/high warp halves).
    regs: Vec<[Vector; 32]>,
    /// Per warp: pending register writes and the warp's instruction sequence number.
    pending: Vec<Vec<PendingWrite>>,
    seq: Vec<u64>,
    /// Temporary delay entries T0/T1: per warp (spec) or per low/high half (rtl).
    temps: Vec<[Vector; 2]>,
    /// Lane coordinates per warp and axis.
    coords: Vec<[[u32; 6]; LANES]>,
    stream_pos: [usize; 2],
    aofs: [u32; 6],
    bofs_base: [u32; 6],
    /// The ALU's last result ([`Operands::prev`]).
    alu_last: Vector,
    dram: Vec<i16>,
    stream_len: usize,
    cycle: u64,
    executions: Vec<u64>,
    dropped: u64,
    trace: Option<&'c mut dyn std::io::Write>,
    /// Per instruction: whether it reads two different registers (checked once, not per issue).
    two_registers: Vec<bool>,
}

/// Per-instruction operand values and what was popped, handed to the semantics.
pub struct Operands {
    pub a: Vector,
    pub b: Vector,
    pub c: Vector,
    /// Per-lane bofs values and the uniform aofs values, for op 111.
    pub aofs: [u32; 6],
    pub bofs: [Vector; 6],
    /// The lane's own part of each bofs value (its coordinate in the lane shape, without the
    /// block offset): what the built design's op 111 gives for selectors 11xxx.
    pub lane_ofs: [Vector; 6],
    /// The ALU's previous result (the last warp-instruction issued, any warp): what the built
    /// design outputs for the opcodes it does not implement (010, 101).
    pub prev: Vector,
}

impl<'c> Machine<'c> {
    pub fn new(cfg: &'c Config, profile: Profile) -> Self {
        let banks = if profile == Profile::Rtl { 2 } else { 1 };
        let temp_sets = if profile == Profile::Rtl {
            2
        } else {
            cfg.warps
        };
        let mut coords = vec![[[0u32; 6]; LANES]; cfg.warps];
        for (w, wc) in coords.iter_mut().enumerate() {
            for (l, lc) in wc.iter_mut().enumerate() {
                let mut g = (w * LANES + l) as u32;
                for (ax, &ext) in cfg.lane_shape.iter().enumerate() {
                    lc[ax] = g % ext;
                    g /= ext;
                }
            }
        }
        let size: usize = cfg.output_shape.iter().product();
        Machine {
            cfg,
            profile,
            regs: vec![[[0; LANES]; 32]; banks],
            pending: (0..cfg.warps).map(|_| Vec::with_capacity(2)).collect(),
            seq: vec![0; cfg.warps],
            temps: vec![[[0; LANES]; 2]; temp_sets],
            coords,
            stream_pos: [0, 0],
            aofs: [0; 6],
            bofs_base: [0; 6],
            alu_last: [0; LANES],
            dram: vec![0; size],
            stream_len: 0,
            cycle: 0,
            executions: vec![0; cfg.program.len()],
            dropped: 0,
            trace: None,
            two_registers: cfg
                .program
                .iter()
                .map(|i| i.issues().contains(&Issue::TwoRegisters))
                .collect(),
        }
    }

    /// Prints every issued warp-instruction with its operand values to `w`.
    pub fn with_trace(mut self, w: &'c mut dyn std::io::Write) -> Self {
        self.trace = Some(w);
        self
    }

    fn fault(&self, warp: usize, pc: usize, message: impl Into<String>) -> Fault {
        Fault {
            cycle: self.cycle,
            warp,
            pc,
            message: message.into(),
        }
    }

    /// Register bank and address of register `r` for `warp`.
    fn reg_slot(&self, warp: usize, r: u8) -> (usize, usize) {
        let rpw = self.cfg.reg_per_warp as usize;
        match self.profile {
            Profile::Spec => (0, (warp * rpw + r as usize) % 32),
            Profile::Rtl => (warp & 1, ((warp / 2) * rpw + r as usize) % 32),
        }
    }

    fn temp_set(&self, warp: usize) -> usize {
        match self.profile {
            Profile::Spec => warp,
            Profile::Rtl => warp & 1,
        }
    }

    fn axis_value(&self, warp: usize, lane: usize, axis: Axis) -> i64 {
        match axis {
            Axis::A(n) => self.aofs[n as usize] as i64,
            Axis::B(n) => {
                self.bofs_base[n as usize].wrapping_add(self.coords[warp][lane][n as usize]) as i64
            }
        }
    }

    fn address(&self, warp: usize, lane: usize, g: &Gather) -> i64 {
        g.coefs.iter().fold(g.offset, |acc, &(ax, k)| {
            acc.wrapping_add(k.wrapping_mul(self.axis_value(warp, lane, ax)))
        })
    }

    fn pop(&mut self, s: usize, warp: usize, pc: usize) -> Result<Vector, Fault> {
        let Some(stream) = self.cfg.inputs[s].as_ref() else {
            return Err(self.fault(
                warp,
                pc,
                format!("instruction reads I{s}, but the run file defines no input.I{s}"),
            ));
        };
        let n = self.stream_pos[s];
        self.stream_pos[s] += 1;
        let mut v = [0i32; LANES];
        match &stream.data {
            StreamData::Sequential => {
                let start = n * LANES;
                let Some(chunk) = stream.values.get(start..start + LANES) else {
                    return Err(self.fault(
                        warp,
                        pc,
                        format!("input stream I{s} ran dry: pop {} needs values {start}..{} but it holds {}", n + 1, start + LANES, stream.values.len()),
                    ));
                };
                for (d, &x) in v.iter_mut().zip(chunk) {
                    *d = x as i32;
                }
            }
            StreamData::Gather(g) => {
                for (lane, d) in v.iter_mut().enumerate() {
                    let at = self.address(warp, lane, g);
                    *d = match (usize::try_from(at).ok().and_then(|i| stream.values.get(i)), stream.pad) {
                        (Some(&x), _) => x as i32,
                        (None, Some(p)) => p as i32,
                        (None, None) => {
                            return Err(self.fault(
                                warp,
                                pc,
                                format!("input stream I{s}: lane {lane} reads index {at}, outside its {} values (set input.I{s}.pad to read a padding value there)", stream.values.len()),
                            ))
                        }
                    };
                }
            }
        }
        Ok(v)
    }

    fn commit_due(&mut self, warp: usize) {
        let now = self.seq[warp];
        let mut k = 0;
        while k < self.pending[warp].len() {
            if self.pending[warp][k].seq + 2 <= now {
                let p = self.pending[warp].remove(k);
                self.regs[p.bank][p.addr] = p.value;
            } else {
                k += 1;
            }
        }
    }

    /// Issues one warp-instruction: one cycle.
    fn issue(&mut self, warp: usize, pc: usize) -> Result<(), Fault> {
        let inst = self.cfg.program[pc];
        self.commit_due(warp);
        let fields = [inst.a, inst.b, inst.c];
        // Register operand: spec faults on two different registers among the operands read;
        // rtl reads the register whose index is the OR of every register field.
        let mut reg_or = None::<u8>;
        for &f in &fields {
            if let Operand::Reg(r) = Operand::decode(f) {
                reg_or = Some(reg_or.unwrap_or(0) | r);
            }
        }
        if self.profile == Profile::Spec && self.two_registers[pc] {
            return Err(self.fault(
                warp,
                pc,
                "two different registers in one instruction (undefined in the seed)",
            ));
        }
        // Pops: at most one vector per stream per instruction, for every field naming the stream.
        let mut popped: [Option<Vector>; 2] = [None, None];
        for &f in &fields {
            if let Operand::Input(s) = Operand::decode(f) {
                if popped[s as usize].is_none() {
                    popped[s as usize] = Some(self.pop(s as usize, warp, pc)?);
                }
            }
        }
        let tset = self.temp_set(warp);
        let mut vals = [[0i32; LANES]; 3];
        for (k, &f) in fields.iter().enumerate() {
            vals[k] = match Operand::decode(f) {
                Operand::Imm(v) => [v as i32; LANES],
                Operand::Input(s) => popped[s as usize].unwrap_or([0; LANES]),
                Operand::Temp(t) => self.temps[tset][t as usize],
                Operand::Clut(c) => [self.cfg.clut[c as usize]; LANES],
                Operand::Reg(r) => {
                    let r = if self.profile == Profile::Rtl {
                        reg_or.unwrap_or(r)
                    } else {
                        r
                    };
                    let (bank, addr) = self.reg_slot(warp, r);
                    self.regs[bank][addr]
                }
            };
        }
        // Per-lane bofs only matter to op 111.
        let mut bofs = [[0i32; LANES]; 6];
        let mut lane_ofs = [[0i32; LANES]; 6];
        if inst.op == crate::inst::Op::Ofs {
            for ax in 0..6 {
                for lane in 0..LANES {
                    let own = self.coords[warp][lane][ax];
                    bofs[ax][lane] = wrap20(self.bofs_base[ax].wrapping_add(own) as i64);
                    lane_ofs[ax][lane] = wrap20(own as i64);
                }
            }
        }
        let ops = Operands {
            a: vals[0],
            b: vals[1],
            c: vals[2],
            aofs: self.aofs,
            bofs,
            lane_ofs,
            prev: self.alu_last,
        };
        let result = semantics::execute(&inst, &ops, self.cfg, self.profile)
            .map_err(|m| self.fault(warp, pc, m))?;
        self.alu_last = result;
        if let Some(t) = self.trace.take() {
            let _ = writeln!(
                t,
                "{}",
                trace_line(self.cycle, warp, pc, &inst, &ops, &result)
            );
            self.trace = Some(t);
        }
        // Destinations.
        if inst.t {
            let tb = &mut self.temps[tset];
            tb[1] = tb[0];
            tb[0] = result;
        }
        if inst.dd != 3 {
            self.write_dram(warp, pc, &result, inst.dd)?;
        }
        if inst.r {
            let (bank, addr) = self.reg_slot(warp, inst.w);
            let seq = self.seq[warp];
            self.pending[warp].push(PendingWrite {
                seq,
                bank,
                addr,
                value: result,
            });
        }
        self.seq[warp] += 1;
        self.executions[pc] += 1;
        self.cycle += 1;
        Ok(())
    }

    fn write_dram(&mut self, warp: usize, pc: usize, v: &Vector, dd: u8) -> Result<(), Fault> {
        let shift = 2 * dd as u32;
        let vals: [i16; LANES] =
            std::array::from_fn(|l| ((bits20(v[l]) >> shift) & 0xffff) as u16 as i16);
        match &self.cfg.output {
            OutputLayout::Stream => {
                let start = self.stream_len;
                if start + LANES > self.dram.len() {
                    return Err(self.fault(
                        warp,
                        pc,
                        format!("DRAM output overflows: write {} needs elements {start}..{} of an output of {} (enlarge output.shape)", start / LANES + 1, start + LANES, self.dram.len()),
                    ));
                }
                self.dram[start..start + LANES].copy_from_slice(&vals);
                self.stream_len += LANES;
            }
            OutputLayout::Indexed(g) => {
                for (lane, &x) in vals.iter().enumerate() {
                    let at = self.address(warp, lane, g);
                    match usize::try_from(at).ok().filter(|&i| i < self.dram.len()) {
                        Some(i) => self.dram[i] = x,
                        None => self.dropped += 1,
                    }
                }
            }
        }
        Ok(())
    }

    /// Runs the whole loop nest.
    pub fn run(mut self) -> Result<RunResult, Fault> {
        let cfg = self.cfg;
        let depth = cfg.loops.len();
        let mut counters = vec![0u32; depth];
        let mut iterations = 0u64;
        let pairs = cfg.warps / 2;
        loop {
            // Axis values for this iteration.
            self.aofs = [0; 6];
            self.bofs_base = [0; 6];
            for (l, &c) in cfg.loops.iter().zip(&counters) {
                match l.kind {
                    LoopKind::Accum => self.aofs[l.axis as usize] = c,
                    LoopKind::Parallel => {
                        let ext = cfg.lane_shape.get(l.axis as usize).copied().unwrap_or(1);
                        self.bofs_base[l.axis as usize] = c.wrapping_mul(ext);
                    }
                }
            }
            let first = counters.iter().rev().take_while(|&&c| c == 0).count();
            let last = cfg
                .loops
                .iter()
                .zip(&counters)
                .rev()
                .take_while(|(l, &c)| c.wrapping_add(1) == l.count)
                .count();
            let pick = |levels: &[(usize, Range)], n: usize| {
                levels
                    .iter()
                    .rev()
                    .find(|(lvl, _)| *lvl <= n)
                    .map(|x| x.1.clone())
            };
            let ranges = [
                pick(&cfg.schedule.prologue, first),
                Some(cfg.schedule.body.clone()),
                pick(&cfg.schedule.epilogue, last),
            ];
            for pair in 0..pairs {
                for r in ranges.iter().flatten() {
                    for pc in r.clone() {
                        self.issue(2 * pair, pc as usize)?;
                        self.issue(2 * pair + 1, pc as usize)?;
                    }
                }
            }
            iterations += 1;
            // Odometer step, innermost last.
            let mut k = depth;
            loop {
                if k == 0 {
                    let issue = self.cycle;
                    let total_exec: u64 = self.executions.iter().sum();
                    return Ok(RunResult {
                        profile: self.profile,
                        dram: self.dram,
                        shape: cfg.output_shape.clone(),
                        issue_cycles: issue,
                        cycles: if issue == 0 { 0 } else { issue + DRAIN_CYCLES },
                        executions: self.executions,
                        lane_ops: total_exec * LANES as u64,
                        dropped_writes: self.dropped,
                        iterations,
                    });
                }
                k -= 1;
                counters[k] += 1;
                if counters[k] < cfg.loops[k].count {
                    break;
                }
                counters[k] = 0;
            }
        }
    }
}

fn fmt_vec(v: &Vector) -> String {
    if v.iter().all(|&x| x == v[0]) {
        v[0].to_string()
    } else {
        let parts: Vec<String> = v.iter().map(|x| x.to_string()).collect();
        format!("[{}]", parts.join(","))
    }
}

fn trace_line(
    cycle: u64,
    warp: usize,
    pc: usize,
    inst: &Inst,
    ops: &Operands,
    result: &Vector,
) -> String {
    let text = crate::syntax::print::print(inst);
    let mut s = format!("{cycle:>8} w{warp:<2} {pc:>3}: {text:<44}");
    let names = ['a', 'b', 'c'];
    let reads = inst.reads();
    for (k, v) in [&ops.a, &ops.b, &ops.c].iter().enumerate() {
        if reads[k] {
            let _ = write!(s, " {}={}", names[k], fmt_vec(v));
        }
    }
    if matches!(inst.form(), Form::Aofs(_) | Form::Bofs(_)) || inst.form() == Form::Raw {
        // op 111 reads no operands; its value is the result.
    }
    let _ = write!(s, " => {}", fmt_vec(result));
    s
}

/// Convenience: run a configuration under a profile.
pub fn run(cfg: &Config, profile: Profile) -> Result<RunResult, Fault> {
    Machine::new(cfg, profile).run()
}
