//! The AMD wave emulator (GCN gfx6-gfx9): runs a kernel of a code object over a grid of
//! work-groups, wave-wide over lane arrays, work-groups in parallel on worker threads.
//!
//! - [`loader`]: the code object (linked or relocatable) as a memory image, kernel descriptors,
//!   argument layout from the metadata note ([`msgpack`]);
//! - [`mem`]: global memory shared by the workers (atomic accesses, typed faults);
//! - [`wave`]: a wave's registers and operand access;
//! - [`salu`], [`valu`], [`vmem`]: the semantics of each instruction family, keyed by [`Op`];
//! - this file: HSA dispatch (user and system SGPRs, work-item ids, the dispatch packet, hidden
//!   arguments), the work-group scheduler (waves round-robin between barriers) and the workers.
//!
//! Instructions are decoded once per program counter (per worker) into [`TInst`] values.

pub mod cli;
mod fast;
pub mod host;
pub mod image;
pub mod loader;
pub mod mem;
pub mod msgpack;
mod phases;
pub mod salu;
pub mod valu;
mod valu11;
mod valu_fast;
pub mod vmem;
pub mod wave;
mod worker;

use crate::gcn::inst::{decode_typed, TInst};
use crate::gcn::Gen;
use crate::op::Op;
use loader::{Kernel, Loaded, CODE_BASE};
use mem::{Memory, Region};
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use wave::{Wave, LANES};
use worker::{Setup, Worker};

/// The instruction set a run decodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isa {
    Gcn(Gen),
    /// RDNA3 (gfx1100-gfx1103), wave32 or wave64 as the kernel descriptor says.
    Gfx11,
}

impl From<Gen> for Isa {
    fn from(g: Gen) -> Isa {
        Isa::Gcn(g)
    }
}

/// A decoded program counter: one operation, or a gfx11 VOPD pair.
#[derive(Clone, Copy, Debug)]
pub enum Fetched {
    One(TInst),
    Dual(TInst, TInst),
}

impl Fetched {
    fn first(&self) -> &TInst {
        match self {
            Fetched::One(i) | Fetched::Dual(i, _) => i,
        }
    }
}

/// The field layout generation of `i` (`crate::fields`): the emulator reads instruction fields
/// only from [`TInst`] or through the generated extractors with it, never by bit positions of
/// its own.
#[inline(always)]
pub(crate) fn layout(i: &TInst) -> crate::fields::G {
    if i.gfx11 {
        crate::fields::G::Gfx11
    } else {
        crate::fields::G::of(i.gen)
    }
}

/// Where buffers are placed: argument i at `BUFFER_BASE + i * BUFFER_STRIDE`.
pub const BUFFER_BASE: u64 = 0x0000_1000_0000_0000;
pub const BUFFER_STRIDE: u64 = 0x0000_0001_0000_0000;
const KERNARG_BASE: u64 = 0x0000_0800_0000_0000;
const PACKET_BASE: u64 = 0x0000_0800_1000_0000;
const QUEUE_BASE: u64 = 0x0000_0800_2000_0000;
pub(crate) const SCRATCH_BASE: u64 = 0x0000_0900_0000_0000;

/// A kernel argument's value.
#[derive(Clone, Debug)]
pub enum ArgValue {
    /// A buffer in global memory (its bytes; written back after the run).
    Buffer(Vec<u8>),
    /// Bytes copied into the kernel-argument segment (a scalar by value).
    Bytes(Vec<u8>),
    /// An OpenCL `__local` pointer: this many bytes of LDS after the static allocation.
    Local(u32),
}

#[derive(Clone, Debug)]
pub struct Launch {
    /// Work-groups in X, Y, Z.
    pub grid: [u32; 3],
    /// Work-items per work-group in X, Y, Z.
    pub block: [u32; 3],
    /// Dynamic LDS bytes per work-group (HIP `extern __shared__`).
    pub dynamic_lds: u32,
    pub threads: usize,
    pub max_instructions: u64,
    pub trace: bool,
    pub trace_waves: Vec<u64>,
    pub trace_pcs: Vec<u64>,
}

impl Default for Launch {
    fn default() -> Self {
        Launch {
            grid: [1, 1, 1],
            block: [64, 1, 1],
            dynamic_lds: 0,
            threads: 0,
            max_instructions: 1 << 40,
            trace: false,
            trace_waves: Vec::new(),
            trace_pcs: Vec::new(),
        }
    }
}

/// An emulation failure: which wave, lane and instruction, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub wave: u64,
    pub lane: Option<u32>,
    pub pc: u64,
    pub inst: String,
    pub message: String,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "wave {}", self.wave)?;
        if let Some(l) = self.lane {
            write!(f, ", lane {l}")?;
        }
        write!(f, ", pc {:#x}", self.pc.wrapping_sub(CODE_BASE))?;
        if !self.inst.is_empty() {
            write!(f, " ({})", self.inst)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// An error inside one instruction, before the wave and pc are attached.
#[derive(Clone, Debug)]
pub struct ExecError {
    pub lane: Option<u32>,
    pub message: String,
}

pub type R<T = ()> = Result<T, ExecError>;

pub fn err<T>(message: impl Into<String>) -> R<T> {
    Err(ExecError {
        lane: None,
        message: message.into(),
    })
}

pub fn lane_err<T>(lane: usize, message: impl Into<String>) -> R<T> {
    Err(ExecError {
        lane: Some(lane as u32),
        message: message.into(),
    })
}

/// What the run did.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Seconds spent executing (after loading and set-up, before writing results).
    pub exec_seconds: f64,
    pub waves: u64,
    pub workgroups: u64,
    pub wave_instructions: u64,
    pub lane_ops: u64,
    /// Wave-instructions by class (SALU, VALU, SMEM, VMEM, LDS, branch ...).
    pub by_class: Vec<(&'static str, u64)>,
}

pub struct RunResult {
    /// The final bytes of every argument, in order (`None` for non-buffers).
    pub buffers: Vec<Option<Vec<u8>>>,
    pub stats: Stats,
    pub trace: String,
}

/// Control flow after an instruction.
pub enum Flow {
    Next,
    /// Jump to an absolute address.
    Jump(u64),
    Barrier,
    End,
}

/// What an instruction sees besides its wave.
pub struct Ctx<'a> {
    pub mem: &'a Memory,
    pub lds: &'a mut [u8],
    pub gen: Gen,
    pub lane_ops: u64,
    /// Private (scratch) bytes per lane.
    pub private_size: u64,
}

/// The instruction classes counted in `Stats::by_class`.
pub const CLASSES: [&str; 8] = [
    "SALU", "SMEM", "branch", "VALU", "VMEM", "LDS", "FLAT", "other",
];

fn class_of(i: &TInst) -> usize {
    use crate::gcn::Enc::*;
    match i.enc {
        Sop2 | Sop1 | Sopc | Sopk => 0,
        Smem | Smrd => 1,
        Sopp => 2,
        Vop1 | Vop2 | Vopc | Vop3 | Vop3p => 3,
        Mubuf | Mtbuf | Mimg => 4,
        Ds => 5,
        Flat | Global | GlobalSaddr | Scratch | ScratchSaddr => 6,
        _ => 7,
    }
}

/// Runs `kernel` of the code object `code` on generation `gen`.
pub fn run(
    isa: impl Into<Isa>,
    code: &[u8],
    kernel: Option<&str>,
    launch: &Launch,
    args: &[ArgValue],
) -> Result<RunResult, String> {
    run_detailed(isa, code, kernel, launch, args).map_err(|e| e.message)
}

/// A failed run: the message, and the fault when an instruction failed (for callers that
/// report wave, lane and pc separately, such as the Python package).
#[derive(Clone, Debug)]
pub struct RunError {
    pub message: String,
    pub fault: Option<Fault>,
}

impl From<String> for RunError {
    fn from(message: String) -> Self {
        RunError {
            message,
            fault: None,
        }
    }
}

impl From<&str> for RunError {
    fn from(message: &str) -> Self {
        RunError {
            message: message.to_string(),
            fault: None,
        }
    }
}

/// [`run`] with the fault kept apart.
pub fn run_detailed(
    isa: impl Into<Isa>,
    code: &[u8],
    kernel: Option<&str>,
    launch: &Launch,
    args: &[ArgValue],
) -> Result<RunResult, RunError> {
    let loaded = loader::load(code)?;
    let k = pick_kernel(&loaded, kernel)?;
    run_loaded_detailed(isa.into(), &loaded, &k, launch, args)
}

pub fn run_loaded(
    isa: Isa,
    loaded: &Loaded,
    k: &Kernel,
    launch: &Launch,
    args: &[ArgValue],
) -> Result<RunResult, String> {
    run_loaded_detailed(isa, loaded, k, launch, args).map_err(|e| e.message)
}

pub fn pick_kernel(loaded: &Loaded, name: Option<&str>) -> Result<Kernel, String> {
    let names: Vec<&str> = loaded.kernels.iter().map(|k| k.name.as_str()).collect();
    match name {
        Some(n) => loaded
            .kernels
            .iter()
            .find(|k| k.name == n)
            .cloned()
            .ok_or_else(|| {
                format!(
                    "no kernel '{n}' in the code object (kernels: {})",
                    names.join(", ")
                )
            }),
        None if loaded.kernels.len() == 1 => Ok(loaded.kernels[0].clone()),
        None if loaded.kernels.is_empty() => {
            Err("the code object has no kernel descriptor (no `NAME.kd` symbol)".into())
        }
        None => Err(format!(
            "the code object has several kernels: choose one with --kernel ({})",
            names.join(", ")
        )),
    }
}

fn dims(v: [u32; 3]) -> u32 {
    (v[0] > 1 || v[1] > 1 || v[2] > 1) as u32 + (v[1] > 1 || v[2] > 1) as u32 + (v[2] > 1) as u32
}

pub fn run_loaded_detailed(
    isa: Isa,
    loaded: &Loaded,
    k: &Kernel,
    launch: &Launch,
    args: &[ArgValue],
) -> Result<RunResult, RunError> {
    run_dispatch(isa, loaded, k, launch, args, None)
}

/// The dispatch behind [`run_loaded_detailed`] and [`host::run_host`]: with `host`, memory is
/// the host backend (only the code image and scratch are emulator regions) and the user SGPRs
/// are the given values instead of the HSA set-up.
fn run_dispatch(
    isa: Isa,
    loaded: &Loaded,
    k: &Kernel,
    launch: &Launch,
    args: &[ArgValue],
    host: Option<&host::HostSgprs>,
) -> Result<RunResult, RunError> {
    let t_setup = std::time::Instant::now();
    let gen = match isa {
        Isa::Gcn(g) => g,
        Isa::Gfx11 => Gen::Gfx9,
    };
    let kd = &k.kd;
    let wave_size = if kd.wave_size() == 32 { 32 } else { 64 } as u32;
    let block = launch.block;
    let group_items = block
        .iter()
        .try_fold(1u64, |a, &b| if b == 0 { None } else { Some(a * b as u64) });
    let Some(group_items) = group_items.filter(|&n| n <= 1024) else {
        return Err(RunError::from(format!(
            "work-group size {}x{}x{} must be 1..1024 work-items",
            block[0], block[1], block[2]
        )));
    };
    if launch.grid.contains(&0) {
        return Err(RunError::from(
            "the grid must have at least one work-group in each dimension",
        ));
    }
    let groups = launch.grid.iter().map(|&g| g as u64).product::<u64>();
    // Memory: kernel arguments, buffers, dispatch packet, queue, code image, scratch.
    let mut regions = Vec::new();
    let nexplicit = k
        .args
        .iter()
        .filter(|a| !a.value_kind.starts_with("hidden_"))
        .count();
    if args.len() != nexplicit && !k.args.is_empty() {
        let list: Vec<String> = k
            .args
            .iter()
            .filter(|a| !a.value_kind.starts_with("hidden_"))
            .map(|a| {
                format!(
                    "{} ({}, {} bytes)",
                    if a.name.is_empty() { "?" } else { &a.name },
                    a.value_kind,
                    a.size
                )
            })
            .collect();
        return Err(RunError::from(format!(
            "kernel '{}' takes {} argument{}, {} given: {}",
            k.name,
            nexplicit,
            if nexplicit == 1 { "" } else { "s" },
            args.len(),
            list.join(", ")
        )));
    }
    let kernarg_size = k.kernarg_size.max(kd.kernarg_size) as usize;
    if kernarg_size > 1 << 16 {
        return Err(RunError::from(format!("the kernel asks for {kernarg_size} bytes of kernel arguments; the limit is 64 KiB (a damaged descriptor?)")));
    }
    let mut kernarg = vec![0u8; kernarg_size.max(256)];
    let put = |ka: &mut Vec<u8>, off: u32, bytes: &[u8]| {
        let o = off as usize;
        if ka.len() < o + bytes.len() {
            ka.resize(o + bytes.len(), 0);
        }
        ka[o..o + bytes.len()].copy_from_slice(bytes);
    };
    let mut lds_static = kd.group_segment_size as u64;
    let mut buffers = Vec::new();
    let explicit: Vec<&loader::ArgInfo> = k
        .args
        .iter()
        .filter(|a| !a.value_kind.starts_with("hidden_"))
        .collect();
    for (i, a) in args.iter().enumerate() {
        let info = explicit.get(i);
        let off = info.map(|x| x.offset).unwrap_or(8 * i as u32);
        match a {
            ArgValue::Buffer(b) => {
                let base = BUFFER_BASE + i as u64 * BUFFER_STRIDE;
                if info.is_some_and(|x| x.value_kind == "by_value") {
                    return Err(RunError::from(format!("argument {i} is passed by value ({} bytes): give a scalar such as i32:V or f32:V", info.map(|x| x.size).unwrap_or(0))));
                }
                if b.len() as u64 >= BUFFER_STRIDE {
                    return Err(RunError::from(format!(
                        "argument {i}: buffer larger than 4 GiB"
                    )));
                }
                regions.push(Region::new(format!("arg{i}"), base, b, b.len() as u64));
                put(&mut kernarg, off, &base.to_le_bytes());
                buffers.push(i);
            }
            ArgValue::Bytes(b) => {
                if let Some(x) = info {
                    if x.value_kind == "global_buffer" {
                        return Err(RunError::from(format!(
                            "argument {i} is a global buffer: give file:, npy: or zeros:"
                        )));
                    }
                    if x.size as usize != b.len() && x.size != 0 {
                        return Err(RunError::from(format!(
                            "argument {i} ({}) takes {} bytes, {} given",
                            x.name,
                            x.size,
                            b.len()
                        )));
                    }
                }
                put(&mut kernarg, off, b);
            }
            ArgValue::Local(n) => {
                let at = lds_static.div_ceil(16) * 16;
                put(&mut kernarg, off, &(at as u32).to_le_bytes());
                lds_static = at + *n as u64;
            }
        }
    }
    let lds_bytes = lds_static + launch.dynamic_lds as u64;
    if lds_bytes > 65536 {
        return Err(RunError::from(format!(
            "the work-group needs {lds_bytes} bytes of LDS; the limit is 65536"
        )));
    }
    // Hidden arguments (code object v4/v5).
    let grid_items = [
        launch.grid[0] as u64 * block[0] as u64,
        launch.grid[1] as u64 * block[1] as u64,
        launch.grid[2] as u64 * block[2] as u64,
    ];
    for a in k
        .args
        .iter()
        .filter(|a| a.value_kind.starts_with("hidden_"))
    {
        let ax = |s: &str| match s.as_bytes().last() {
            Some(b'x') => 0,
            Some(b'y') => 1,
            _ => 2,
        };
        let v: Option<u64> = match a.value_kind.as_str() {
            s if s.starts_with("hidden_block_count_") => Some(launch.grid[ax(s)] as u64),
            s if s.starts_with("hidden_group_size_") => Some(block[ax(s)] as u64),
            s if s.starts_with("hidden_remainder_") => Some(0),
            s if s.starts_with("hidden_global_offset_") => Some(0),
            "hidden_grid_dims" => Some(
                dims(launch.grid.map(|_| 1))
                    .max(dims([
                        grid_items[0] as u32,
                        grid_items[1] as u32,
                        grid_items[2] as u32,
                    ]))
                    .max(1) as u64,
            ),
            "hidden_dynamic_lds_size" => Some(launch.dynamic_lds as u64),
            "hidden_shared_base" => Some(wave::SHARED_APERTURE_HI as u64),
            "hidden_private_base" => Some(wave::PRIVATE_APERTURE_HI as u64),
            "hidden_queue_ptr" => Some(QUEUE_BASE),
            _ => Some(0),
        };
        if let Some(v) = v {
            let n = (a.size as usize).min(8);
            put(&mut kernarg, a.offset, &v.to_le_bytes()[..n]);
        }
    }
    regions.push(Region::new(
        "kernarg",
        KERNARG_BASE,
        &kernarg,
        kernarg.len() as u64,
    ));
    // The dispatch packet (hsa_kernel_dispatch_packet_t).
    let mut pkt = vec![0u8; 64];
    pkt[2..4].copy_from_slice(
        &(dims(grid_items.map(|x| x.min(u32::MAX as u64) as u32)).max(1) as u16).to_le_bytes(),
    );
    for d in 0..3 {
        pkt[4 + 2 * d..6 + 2 * d].copy_from_slice(&(block[d] as u16).to_le_bytes());
        pkt[12 + 4 * d..16 + 4 * d].copy_from_slice(&(grid_items[d] as u32).to_le_bytes());
    }
    pkt[24..28].copy_from_slice(&kd.private_segment_size.to_le_bytes());
    pkt[28..32].copy_from_slice(&(lds_bytes as u32).to_le_bytes());
    pkt[32..40].copy_from_slice(&kd.kd_address.to_le_bytes());
    pkt[40..48].copy_from_slice(&KERNARG_BASE.to_le_bytes());
    regions.push(Region::new("dispatch packet", PACKET_BASE, &pkt, 64));
    regions.push(Region::new("queue", QUEUE_BASE, &[], 256));
    regions.push(Region::new(
        "code object",
        CODE_BASE,
        &loaded.image,
        loaded.image.len() as u64,
    ));
    // Scratch: private_segment_size bytes per lane, for every wave that can be resident (one
    // slot per worker thread and wave of a work-group: work-groups of a worker run one at a time).
    let threads = if launch.threads == 0 {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    } else {
        launch.threads
    }
    .clamp(1, 256)
    .min(groups.max(1) as usize);
    let waves_per_group = group_items.div_ceil(wave_size as u64) as usize;
    let private = kd.private_segment_size as u64;
    let wave_scratch = (private * LANES as u64).div_ceil(1024) * 1024;
    let scratch_len = wave_scratch * (threads * waves_per_group) as u64;
    if scratch_len > 0 {
        // Per lane at most 1 MiB (hardware allows far less), and 1 GiB in all.
        if private > 1 << 20 || scratch_len > 1 << 30 {
            return Err(RunError::from(format!("scratch of {private} bytes per lane: more than the emulator provides (1 MiB per lane, 1 GiB in all)")));
        }
        regions.push(Region::new("scratch", SCRATCH_BASE, &[], scratch_len));
    }
    let memory = match host {
        None => Memory::new(regions),
        Some(_) => {
            regions.retain(|r| r.name == "code object" || r.name == "scratch");
            // SAFETY: `host::run_host`'s caller vouches for the kernel's host addresses.
            unsafe { Memory::new_host(regions) }
        }
    };
    // VGPRs allocated: granules of 4 (GCN, gfx11 wave64) or 8 (gfx11 wave32).
    let granule = if isa == Isa::Gfx11 && wave_size == 32 {
        8
    } else {
        4
    };
    let nvgpr = ((((kd.rsrc1 & 0x3f) + 1) * granule).clamp(3, 256)) as usize;
    let setup = Setup {
        nvgpr,
        user_sgprs: host.map(|h| h.0.clone()).unwrap_or_default(),
        isa,
        gen,
        kd: kd.clone(),
        wave_size,
        block,
        grid: launch.grid,
        lds_bytes: lds_bytes as usize,
        wave_scratch,
        waves_per_group,
        private,
    };
    let show_phases = phases::enabled();
    let phase_list: Mutex<Vec<phases::WorkerPhase>> =
        Mutex::new(vec![phases::WorkerPhase::default(); threads]);
    let setup_seconds = t_setup.elapsed().as_secs_f64();
    let t0 = std::time::Instant::now();
    let next = AtomicUsize::new(0);
    let budget = AtomicU64::new(launch.max_instructions);
    let stop = AtomicBool::new(false);
    let first_fault: Mutex<Option<Fault>> = Mutex::new(None);
    let totals = Mutex::new((Stats::default(), [0u64; CLASSES.len()], String::new()));
    std::thread::scope(|sc| {
        for t in 0..threads {
            let (memory, setup, next, budget, stop, first_fault, totals, loaded) = (
                &memory,
                &setup,
                &next,
                &budget,
                &stop,
                &first_fault,
                &totals,
                loaded,
            );
            let phase_list = &phase_list;
            sc.spawn(move || {
                let start =
                    show_phases.then(|| (t0.elapsed().as_secs_f64(), phases::thread_usage()));
                let mut worker = Worker::new(t, setup, loaded);
                let mut trace = String::new();
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g as u64 >= groups {
                        break;
                    }
                    let r = worker.run_group(g as u64, memory, budget, launch, &mut trace);
                    if let Err(f) = r {
                        stop.store(true, Ordering::Relaxed);
                        let mut ff = first_fault.lock().unwrap_or_else(|e| e.into_inner());
                        // Report the fault of the lowest wave (deterministic across thread counts).
                        if ff.as_ref().is_none_or(|o| f.wave < o.wave) {
                            *ff = Some(f);
                        }
                        break;
                    }
                }
                worker.fold_counts();
                if let Some((at, (u0, s0, f0, v0, i0))) = start {
                    let (u1, s1, f1, v1, i1) = phases::thread_usage();
                    let mut pl = phase_list.lock().unwrap_or_else(|e| e.into_inner());
                    pl[t] = phases::WorkerPhase {
                        start: at,
                        end: t0.elapsed().as_secs_f64(),
                        user: u1 - u0,
                        sys: s1 - s0,
                        minflt: f1 - f0,
                        vcsw: v1 - v0,
                        ivcsw: i1 - i0,
                        groups: worker.stats.workgroups,
                        wave_instructions: worker.stats.wave_instructions,
                    };
                }
                let mut tt = totals.lock().unwrap_or_else(|e| e.into_inner());
                tt.0.waves += worker.stats.waves;
                tt.0.workgroups += worker.stats.workgroups;
                tt.0.wave_instructions += worker.stats.wave_instructions;
                tt.0.lane_ops += worker.stats.lane_ops;
                for (a, b) in tt.1.iter_mut().zip(worker.class_counts.iter()) {
                    *a += b;
                }
                tt.2.push_str(&trace);
            });
        }
    });
    let exec_seconds = t0.elapsed().as_secs_f64();
    let (mut stats, classes, trace) = totals.into_inner().unwrap_or_else(|e| e.into_inner());
    stats.exec_seconds = exec_seconds;
    if let Some(f) = first_fault.into_inner().unwrap_or_else(|e| e.into_inner()) {
        // With --trace, what ran before the fault is part of the report.
        if launch.trace && !trace.is_empty() {
            return Err(RunError {
                message: format!("{f}\ntrace up to the fault:\n{trace}"),
                fault: Some(f),
            });
        }
        return Err(RunError {
            message: f.to_string(),
            fault: Some(f),
        });
    }
    stats.by_class = CLASSES
        .iter()
        .zip(classes)
        .filter(|(_, n)| *n > 0)
        .map(|(c, n)| (*c, n))
        .collect();
    let t_collect = std::time::Instant::now();
    let mut out = vec![None; args.len()];
    let mut regions = memory.into_regions();
    for i in buffers {
        let name = format!("arg{i}");
        if let Some(k) = regions.iter().position(|r| r.name == name) {
            out[i] = Some(regions.swap_remove(k).into_bytes());
        }
    }
    if show_phases {
        let pl = phase_list.into_inner().unwrap_or_else(|e| e.into_inner());
        phases::report(
            setup_seconds,
            t0,
            &pl,
            exec_seconds,
            t_collect.elapsed().as_secs_f64(),
        );
    }
    Ok(RunResult {
        buffers: out,
        stats,
        trace,
    })
}

/// The V# the HSA runtime passes as the private segment buffer.
pub fn scratch_descriptor(base: u64) -> [u32; 4] {
    // dword1: base[47:32], stride 0, swizzle enable [31]; dword2: num_records; dword3: dst_sel
    // xyzw, DATA_FORMAT 32 [18:15] = 4 (the same field on every GCN generation), index stride
    // 64 [22:21] = 3, add_tid_enable [23], element size 4 [20:19] = 1.
    let d3 = 4 | 5 << 3 | 6 << 6 | 7 << 9 | 4 << 15 | 1 << 19 | 3 << 21 | 1 << 23;
    [
        base as u32,
        (base >> 32) as u32 & 0xffff | 1 << 31,
        u32::MAX,
        d3,
    ]
}

/// Executes one instruction.
pub fn step(w: &mut Wave, i: &TInst, ctx: &mut Ctx<'_>) -> R<Flow> {
    use crate::gcn::Enc::*;
    // s_setvskip (gfx6-gfx8): vector instructions are skipped while MODE.VSKIP is set.
    if w.mode & salu::MODE_VSKIP != 0
        && !matches!(i.enc, Sop2 | Sop1 | Sopc | Sopk | Sopp | Smem | Smrd)
    {
        return Ok(Flow::Next);
    }
    match i.enc {
        Sop2 | Sop1 | Sopc | Sopk | Sopp => salu::exec(w, i, ctx),
        Smem | Smrd => vmem::smem(w, i, ctx).map(|_| Flow::Next),
        Vop1 | Vop2 | Vopc | Vop3 | Vop3p => valu::exec(w, i, ctx).map(|_| Flow::Next),
        Ds => vmem::ds(w, i, ctx).map(|_| Flow::Next),
        Flat | Global | GlobalSaddr | Scratch | ScratchSaddr => {
            vmem::flat(w, i, ctx).map(|_| Flow::Next)
        }
        Mubuf | Mtbuf => vmem::mubuf(w, i, ctx).map(|_| Flow::Next),
        Mimg => image::exec(w, i, ctx).map(|_| Flow::Next),
        Vintrp | Exp => err(format!(
            "{} is a graphics-only instruction; compute kernels cannot use it",
            i.op.name()
        )),
    }
}

/// `Op` helper for the families.
pub fn unsupported<T>(op: Op) -> R<T> {
    err(format!("{} is not emulated yet", op.name()))
}
