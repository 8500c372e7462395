//! The workers: a work-group's waves (round-robin between barriers), the per-worker decoded
//! instruction cache with each instruction's pre-decoded form ([`super::fast`]), and the
//! interpreter loop (the pre-decoded handler, else the general path `step`).

use super::*;
use std::sync::atomic::{AtomicU64, Ordering};

pub(super) struct Setup {
    pub(super) isa: Isa,
    /// GCN generation (gfx9 for gfx11 runs: what the shared dispatch code compares against).
    pub(super) gen: Gen,
    pub(super) kd: crate::gcn::codeobj::KernelDescriptor,
    pub(super) wave_size: u32,
    pub(super) block: [u32; 3],
    pub(super) grid: [u32; 3],
    pub(super) lds_bytes: usize,
    pub(super) wave_scratch: u64,
    pub(super) waves_per_group: usize,
    pub(super) private: u64,
    /// VGPRs allocated per wave (every wave of the dispatch).
    pub(super) nvgpr: usize,
    /// User SGPRs preloaded as given (host dispatch), before the descriptor's set-up.
    pub(super) user_sgprs: Vec<u32>,
}

/// Decoded instructions: `slots[pc / 4]` is 0 (not decoded yet) or 1 + the index in `insts`, so
/// a large image costs 4 bytes per dword and only the instructions that run are kept.
struct Cache {
    slots: Vec<u32>,
    insts: Vec<Entry>,
    /// The VGPRs any decoded instruction may write (a bit per register, with the work-item
    /// id registers v0-v2): the others were never written by any wave of this worker, so they
    /// are still zero, and a new wave only clears these (and only its own lanes).
    written: VgprSet,
    /// Whether a decoded instruction may write LDS (DS, FLAT, and LDS-direct loads): until
    /// one is, the worker's LDS is still all zero and a new work-group need not clear it.
    lds_written: bool,
}

/// A set of VGPRs, a bit per register.
pub(super) type VgprSet = [u64; 4];

fn set_range(s: &mut VgprSet, from: usize, n: usize) {
    for r in from..(from + n).min(256) {
        s[r / 64] |= 1 << (r % 64);
    }
}

/// The VGPRs `f` may write, with `fast` its pre-decoded form: exact for the pre-decoded
/// forms (the general path, which runs them in the MODEs they do not cover, writes the same
/// registers), else every register within `vgpr_reach`'s 17 of each VGPR field (a
/// destination or a swapped source); `None`: any.
fn vgpr_writes(f: &Fetched, fast: &fast::Fast) -> Option<VgprSet> {
    use fast::Fast as F;
    let mut s = [0u64; 4];
    match *fast {
        F::Int { d, .. } | F::Float { d, .. } | F::Cndmask { d, .. } | F::Carry { d, .. } => {
            set_range(&mut s, d as usize, 1)
        }
        F::MadU64U32 { d, .. } | F::Shift64 { d, .. } => set_range(&mut s, d as usize, 2),
        F::Dual { d, .. } => {
            set_range(&mut s, d[0] as usize, 1);
            set_range(&mut s, d[1] as usize, 1);
        }
        F::Global {
            store: false,
            count,
            v,
            ..
        } => set_range(&mut s, v as usize, count as usize),
        F::Lds {
            store: false,
            two,
            v,
            ..
        } => {
            set_range(&mut s, v[0] as usize, 1);
            if two {
                set_range(&mut s, v[1] as usize, 1);
            }
        }
        F::Global { store: true, .. }
        | F::Lds { store: true, .. }
        | F::Cmp { .. }
        | F::Cmp64 { .. }
        | F::Salu { .. }
        | F::Smem { .. }
        | F::Branch { .. }
        | F::Nop
        | F::Barrier
        | F::End => {}
        F::General => {
            let insts: &[&TInst] = match f {
                Fetched::One(i) => &[i],
                Fetched::Dual(x, y) => &[x, y],
            };
            for i in insts {
                for r in vgpr_fields(i)? {
                    set_range(&mut s, r, 17);
                }
            }
        }
    }
    Some(s)
}

/// Whether `i` may write LDS.
fn writes_lds(i: &TInst) -> bool {
    matches!(i.enc, crate::gcn::Enc::Ds | crate::gcn::Enc::Flat) || i.lds
}

/// 1 + the highest VGPR `i` can read or write, with room for its widest operand (16
/// registers past each VGPR field covers every multi-dword operand but images); `None`: any
/// (images, whose addresses may be scattered over the register file, relative addressing
/// and VGPR index mode, whose registers depend on M0, and encodings that do not run).
#[cfg(test)]
fn vgpr_reach(i: &TInst) -> Option<usize> {
    // No VGPR field (SALU, SMEM): nothing to reach.
    Some(vgpr_fields(i)?.into_iter().max().map_or(0, |r| r + 17))
}

/// The first register of each VGPR field of `i` (operands of up to 17 registers start
/// there); `None`: the registers cannot be known from the fields (see `vgpr_reach`).
fn vgpr_fields(i: &TInst) -> Option<Vec<usize>> {
    use crate::gcn::Enc::*;
    use crate::op::Traits;
    let traits = i.op.facts().traits;
    if traits.has(Traits::M0REGS) {
        return None;
    }
    match i.enc {
        Sop2 | Sop1 | Sopc | Sopk | Sopp | Smem | Smrd => Some(Vec::new()),
        Vop1 | Vop2 | Vopc | Vop3 | Vop3p | Ds | Mubuf | Mtbuf | Flat | Global | GlobalSaddr
        | Scratch | ScratchSaddr => {
            // Compares and v_readlane/v_readfirstlane write no VGPR: their `vdst` holds a
            // scalar destination (VOP3) or opcode bits (VOPC).
            let scalar_dst = i.enc == Vopc || traits.has(Traits::SDST);
            let vdst = if scalar_dst { 0 } else { i.vdst };
            let mut f: Vec<usize> = [vdst, i.vaddr, i.vdata, i.data1]
                .iter()
                .map(|&r| r as usize)
                .collect();
            // (SDWA/DPP/DPP8: the extension dword's source is `src[0]`.)
            for &c in &i.src {
                if c >= 256 {
                    f.push(c as usize - 256);
                }
            }
            Some(f)
        }
        Mimg | Vintrp | Exp => None,
    }
}

/// A decoded program counter: the instruction(s), its pre-decoded form and its class.
struct Entry {
    fast: fast::Fast,
    /// The pre-decoded form's handler for this dispatch's wave width on this CPU.
    h: fast::Handler,
    class: u8,
    /// The instruction's length in bytes (the first of a VOPD pair's).
    bytes: u8,
    /// Times this worker ran it (added into the wave-instruction and class counts by
    /// [`Worker::fold_counts`]).
    count: u64,
    /// The decoded instruction(s) (apart: the loop reads the fields above).
    f: Box<Fetched>,
}

pub(super) struct Worker<'a> {
    index: usize,
    setup: &'a Setup,
    loaded: &'a Loaded,
    /// Decoded instructions by (pc - CODE_BASE) / 4.
    cache: Cache,
    lds: Vec<u8>,
    waves: Vec<Wave>,
    /// Instructions taken from the shared budget and not used yet.
    local_budget: u64,
    /// The SGPRs a wave starts with (user SGPRs; the system SGPRs are set per wave).
    sgprs: [u32; 128],
    pub(super) stats: Stats,
    pub(super) class_counts: [u64; CLASSES.len()],
}

/// The head of both interpreter loops: the next instruction of wave `$w` (counted, and taken
/// from the budget), decoding it the first time; a fault leaves the loop with `$exit`
/// (`break` or `return`). A macro, not a function: returning the entry or a `Fault` through a
/// `Result` cost the untraced loop 1-2 % more host instructions (callgrind).
macro_rules! next_entry {
    ($self:ident, $w:ident, $budget:ident, $local:ident, $launch:ident, $exit:tt) => {{
        // The budget is shared: take instructions from it 4096 at a time.
        if *$local == 0 {
            match take_budget($budget) {
                Some(n) => *$local = n,
                None => $exit Err(budget_fault($w, $launch)),
            }
        }
        *$local -= 1;
        $w.insts += 1;
        let off = $w.pc.wrapping_sub(CODE_BASE);
        let k = match $self.cache.slots.get((off >> 2) as usize) {
            Some(&k) if k != 0 && off & 3 == 0 => k as usize - 1,
            _ => match Self::fetch_index(&mut $self.cache, $self.setup, $self.loaded, $w.pc) {
                Ok(k) => k,
                Err(m) => $exit Err(fault($w, None, None, m)),
            },
        };
        let Some(e) = $self.cache.insts.get_mut(k) else {
            $exit Err(fault($w, None, None, "instruction cache".into()));
        };
        e.count += 1;
        e
    }};
}

/// The tail of both interpreter loops: moves wave `$w` past an instruction of `$bytes` bytes
/// that ended with `$flow`, leaving the loop with `$exit Ok(())` at a barrier or the end of its
/// program. A macro for the same reason as [`next_entry`] (a `bool`-returning function cost
/// the untraced loop 1 %).
macro_rules! settle {
    ($w:ident, $flow:ident, $bytes:expr, $exit:tt) => {
        match $flow {
            Flow::Next => $w.pc += $bytes as u64,
            Flow::Jump(t) => $w.pc = t,
            Flow::Barrier => {
                $w.pc += $bytes as u64;
                $w.at_barrier = true;
                $exit Ok(());
            }
            Flow::End => {
                $w.done = true;
                $exit Ok(());
            }
        }
    };
}

impl<'a> Worker<'a> {
    pub(super) fn new(index: usize, setup: &'a Setup, loaded: &'a Loaded) -> Self {
        Worker {
            index,
            setup,
            loaded,
            cache: Cache {
                slots: vec![0; loaded.image.len() / 4 + 1],
                insts: Vec::new(),
                // The work-item ids.
                written: [0b111, 0, 0, 0],
                lds_written: false,
            },
            lds: vec![0; setup.lds_bytes],
            waves: Vec::new(),
            local_budget: 0,
            sgprs: Self::sgpr_template(setup),
            stats: Stats::default(),
            class_counts: [0; CLASSES.len()],
        }
    }

    /// The cache index of the instruction at `pc`, decoding it the first time (the loop
    /// looks decoded ones up itself).
    #[cold]
    #[inline(never)]
    fn fetch_index(
        cache: &mut Cache,
        setup: &Setup,
        loaded: &Loaded,
        pc: u64,
    ) -> Result<usize, String> {
        let off = pc.wrapping_sub(CODE_BASE);
        let slot = (off / 4) as usize;
        if !off.is_multiple_of(4) || slot >= cache.slots.len() {
            return Err(format!(
                "the program counter {off:#x} is outside the code object's image"
            ));
        }
        let mut k = cache.slots[slot] as usize;
        if k == 0 {
            let f = Self::decode_at(setup, loaded, off)?;
            let fast = match &f {
                Fetched::One(i) => fast::predecode(i, pc, setup.nvgpr),
                Fetched::Dual(x, y) => fast::predecode_dual(x, y, setup.nvgpr),
            };
            match vgpr_writes(&f, &fast) {
                Some(w) => {
                    for (a, b) in cache.written.iter_mut().zip(w) {
                        *a |= b;
                    }
                }
                None => cache.written = [u64::MAX; 4],
            }
            cache.lds_written |= match &f {
                Fetched::One(i) => writes_lds(i),
                Fetched::Dual(x, y) => writes_lds(x) || writes_lds(y),
            };
            let class = class_of(f.first()) as u8;
            let bytes = f.first().len * 4;
            let h = fast::handler(&fast, setup.wave_size as usize);
            cache.insts.push(Entry {
                fast,
                h,
                class,
                bytes,
                count: 0,
                f: Box::new(f),
            });
            k = cache.insts.len();
            cache.slots[slot] = k as u32;
        }
        Ok(k - 1)
    }

    /// Adds the instructions run since the last call into `stats.wave_instructions` and
    /// `class_counts`.
    pub(super) fn fold_counts(&mut self) {
        for e in self.cache.insts.iter_mut() {
            self.stats.wave_instructions += e.count;
            self.class_counts[e.class as usize] += e.count;
            e.count = 0;
        }
    }

    fn decode_at(setup: &Setup, loaded: &Loaded, off: u64) -> Result<Fetched, String> {
        let img = &loaded.image;
        let bad = |e: crate::gcn::inst::DecodeError| {
            format!(
                "illegal instruction word {:#010x} (llvm-objdump cannot decode it either)",
                e.word
            )
        };
        let pos = off as usize;
        Ok(match setup.isa {
            Isa::Gcn(gen) => {
                let words = gpuisa_core::bits::le_words(img, pos);
                let n = (img.len().saturating_sub(pos) / 4).min(3);
                Fetched::One(decode_typed(gen, &words, n).map_err(bad)?)
            }
            Isa::Gfx11 => {
                let words: [u32; 4] = gpuisa_core::bits::le_words(img, pos);
                let n = (img.len().saturating_sub(pos) / 4).min(4);
                match crate::rdna3::inst::decode_typed(&words, n, setup.wave_size == 64)
                    .map_err(bad)?
                {
                    crate::rdna3::inst::Decoded11::One(i) => Fetched::One(i),
                    crate::rdna3::inst::Decoded11::Dual(x, y) => Fetched::Dual(x, y),
                }
            }
        })
    }

    /// The SGPRs every wave of the dispatch starts with (the user SGPRs), the others zero.
    fn sgpr_template(s: &Setup) -> [u32; 128] {
        let mut w = Wave::new(1, s.wave_size as usize);
        let kd = &s.kd;
        let props = kd.code_properties as u32;
        let mut r = 0usize;
        for (k, v) in s.user_sgprs.iter().enumerate() {
            w.sset(k, *v);
        }
        if props & 1 != 0 {
            // Private segment buffer: a V# over this wave's scratch, swizzled per lane
            // (ADD_TID_ENABLE, element size 4, index stride 64), as the HSA runtime builds it.
            let desc = scratch_descriptor(SCRATCH_BASE);
            for (k, d) in desc.iter().enumerate() {
                w.sset(r + k, *d);
            }
            r += 4;
        }
        if props & 2 != 0 {
            w.sset64(r, PACKET_BASE);
            r += 2;
        }
        if props & 4 != 0 {
            w.sset64(r, QUEUE_BASE);
            r += 2;
        }
        if props & 8 != 0 {
            w.sset64(r, KERNARG_BASE);
            r += 2;
        }
        if props & 16 != 0 {
            w.sset64(r, 0);
            r += 2;
        }
        if props & 32 != 0 {
            // Flat scratch init: this wave's scratch as an offset/size (gfx6-gfx8) or the
            // dispatch's scratch base address (gfx9: the kernel adds the wave's offset, the
            // scratch wave offset SGPR, as on hardware).
            if s.gen >= Gen::Gfx9 {
                w.sset64(r, SCRATCH_BASE);
            } else {
                // The queue's scratch offset (the kernel adds the scratch wave offset), and
                // the per-lane size.
                w.sset(r, 0);
                w.sset(r + 1, (s.wave_scratch / 64) as u32);
            }
            r += 2;
        }
        if props & 64 != 0 {
            w.sset(r, s.private as u32);
        }
        w.s
    }

    /// A new wave's state after [`Wave::reset`] with the SGPR template: its ids, system
    /// SGPRs, work-item ids, EXEC, MODE and entry point.
    fn init_wave(&self, group: [u32; 3], gid: u64, wi: usize, w: &mut Wave) {
        let s = self.setup;
        let kd = &s.kd;
        let wave_global = gid * s.waves_per_group as u64 + wi as u64;
        let scratch_slot = (self.index * s.waves_per_group + wi) as u64;
        let scratch_wave_base = SCRATCH_BASE + scratch_slot * s.wave_scratch;
        w.id = wave_global;
        w.scratch_base = scratch_wave_base;
        // System SGPRs after the user SGPRs (rsrc2.USER_SGPR_COUNT).
        let rsrc2 = kd.rsrc2;
        let mut r = ((rsrc2 >> 1) & 0x1f) as usize;
        for d in 0..3 {
            if rsrc2 & (1 << (7 + d)) != 0 {
                w.sset(r, group[d]);
                r += 1;
            }
        }
        if rsrc2 & (1 << 10) != 0 {
            // Work-group info: the number of waves in the group [5:0] (and first-wave bits).
            w.sset(r, s.waves_per_group as u32 & 0x3f);
            r += 1;
        }
        if rsrc2 & 1 != 0 {
            w.sset(r, (scratch_wave_base - SCRATCH_BASE) as u32);
        }
        // Work-item ids: v0, v1, v2 (gfx6-gfx9); packed in v0 as x | y << 10 | z << 20 (gfx11).
        let ids = ((rsrc2 >> 11) & 3) as usize;
        let packed = s.isa == Isa::Gfx11;
        let [bx, by, _] = s.block;
        let total = s.block.iter().map(|&b| b as u64).product::<u64>();
        let first = wi as u64 * s.wave_size as u64;
        let live = total.saturating_sub(first).min(s.wave_size as u64) as usize;
        let mask = if live >= 64 {
            u64::MAX
        } else {
            (1u64 << live) - 1
        };
        if by == 1 && s.block[2] == 1 {
            // One dimension: x = the lane's index in the group, y = z = 0 (the registers
            // were just zeroed), written wave-wide.
            let base = first as u32;
            if let Some(v0) = w.v.get_mut(..live) {
                for (l, x) in v0.iter_mut().enumerate() {
                    *x = base + l as u32;
                }
            }
        } else {
            // The first lane's (x, y, z), then counted up lane by lane (no divisions per lane).
            let (bx, by) = (bx as u64, by as u64);
            let (mut x, mut y, mut z) = (first % bx, (first / bx) % by, first / (bx * by));
            for lane in 0..live {
                let (xv, yv, zv) = (x as u32, y as u32, z as u32);
                x += 1;
                if x == bx {
                    x = 0;
                    y += 1;
                    if y == by {
                        y = 0;
                        z += 1;
                    }
                }
                if packed {
                    w.vset(0, lane, xv | yv << 10 | zv << 20);
                    continue;
                }
                w.vset(0, lane, xv);
                if ids >= 1 {
                    w.vset(1, lane, yv);
                }
                if ids >= 2 {
                    w.vset(2, lane, zv);
                }
            }
        }
        w.set_exec(mask);
        // MODE from the descriptor: round [15:12] -> [3:0], denorm [19:16] -> [7:4], dx10
        // clamp [21] -> [8], IEEE [23] -> [9].
        let r1 = kd.rsrc1;
        w.mode = ((r1 >> 12) & 0xff) | ((r1 >> 21) & 1) << 8 | ((r1 >> 23) & 1) << 9;
        w.pc = kd.entry();
    }

    pub(super) fn run_group(
        &mut self,
        g: u64,
        mem: &Memory,
        budget: &AtomicU64,
        launch: &Launch,
        trace: &mut String,
    ) -> Result<(), Fault> {
        let s = self.setup;
        let gx = s.grid[0] as u64;
        let gy = s.grid[1] as u64;
        let group = [
            (g % gx) as u32,
            ((g / gx) % gy) as u32,
            (g / (gx * gy)) as u32,
        ];
        let nvgpr = s.nvgpr;
        // Wave state is reused from group to group (registers start at zero, as documented).
        let mut waves = std::mem::take(&mut self.waves);
        waves.resize_with(s.waves_per_group, || Wave::new(nvgpr, s.wave_size as usize));
        for (wi, w) in waves.iter_mut().enumerate() {
            w.reset(&self.cache.written, &self.sgprs);
            self.init_wave(group, g, wi, w);
        }
        if self.cache.lds_written {
            self.lds.fill(0);
        }
        let r = self.run_waves(&mut waves, mem, budget, launch, trace);
        self.waves = waves;
        r
    }

    fn run_waves(
        &mut self,
        waves: &mut [Wave],
        mem: &Memory,
        budget: &AtomicU64,
        launch: &Launch,
        trace: &mut String,
    ) -> Result<(), Fault> {
        self.stats.workgroups += 1;
        self.stats.waves += waves.len() as u64;
        // Round-robin between barriers: each wave runs until it ends or reaches s_barrier.
        let mut local_budget = std::mem::take(&mut self.local_budget);
        let r = self.round_robin(waves, mem, budget, &mut local_budget, launch, trace);
        self.local_budget = local_budget;
        r
    }

    fn round_robin(
        &mut self,
        waves: &mut [Wave],
        mem: &Memory,
        budget: &AtomicU64,
        local_budget: &mut u64,
        launch: &Launch,
        trace: &mut String,
    ) -> Result<(), Fault> {
        loop {
            let mut progressed = false;
            for w in waves.iter_mut() {
                if w.done || w.at_barrier {
                    continue;
                }
                progressed = true;
                self.run_wave(w, mem, budget, local_budget, launch, trace)?;
            }
            if waves.iter().all(|w| w.done) {
                return Ok(());
            }
            if waves.iter().all(|w| w.done || w.at_barrier) {
                for w in waves.iter_mut() {
                    w.at_barrier = false;
                }
            } else if !progressed {
                return Ok(());
            }
        }
    }

    fn run_wave(
        &mut self,
        w: &mut Wave,
        mem: &Memory,
        budget: &AtomicU64,
        local: &mut u64,
        launch: &Launch,
        trace: &mut String,
    ) -> Result<(), Fault> {
        let gen = self.setup.gen;
        let private_size = self.setup.private;
        if launch.trace {
            return self.run_wave_traced(w, mem, budget, local, launch, trace);
        }
        let mut lane_ops = 0u64;
        let r = loop {
            let e = next_entry!(self, w, budget, local, launch, break);
            // SAFETY: `e.h` is the handler `fast::handler` chose for this dispatch's wave
            // width on this CPU.
            let flow = match unsafe { (e.h)(w, &e.fast, mem, &mut self.lds) } {
                fast::Step::Next(n) => {
                    lane_ops += n;
                    w.pc += e.bytes as u64;
                    continue;
                }
                fast::Step::Jump(t) => {
                    w.pc = t;
                    continue;
                }
                fast::Step::Barrier => Flow::Barrier,
                fast::Step::End => Flow::End,
                fast::Step::General => {
                    let mut ctx = Ctx {
                        mem,
                        lds: &mut self.lds,
                        gen,
                        lane_ops: 0,
                        private_size,
                    };
                    match general(w, &e.f, &mut ctx) {
                        Ok(flow) => {
                            lane_ops += ctx.lane_ops;
                            flow
                        }
                        Err((i, er)) => break Err(fault(w, Some(i), er.lane, er.message)),
                    }
                }
            };
            settle!(w, flow, e.bytes, break);
        };
        self.stats.lane_ops += lane_ops;
        r
    }

    /// [`Worker::run_wave`] with `--trace`: every instruction on the general path, the
    /// traced ones written with their operands and results.
    fn run_wave_traced(
        &mut self,
        w: &mut Wave,
        mem: &Memory,
        budget: &AtomicU64,
        local: &mut u64,
        launch: &Launch,
        trace: &mut String,
    ) -> Result<(), Fault> {
        let gen = self.setup.gen;
        let private_size = self.setup.private;
        loop {
            let e = next_entry!(self, w, budget, local, launch, return);
            let i = e.f.first();
            let tracing = (launch.trace_waves.is_empty() || launch.trace_waves.contains(&w.id))
                && (launch.trace_pcs.is_empty() || launch.trace_pcs.contains(&(w.pc - CODE_BASE)));
            if tracing {
                use std::fmt::Write as _;
                let _ = write!(
                    trace,
                    "wave {} pc {:#06x} exec {:016x} scc {} {}",
                    w.id,
                    w.pc - CODE_BASE,
                    w.exec(),
                    w.scc as u8,
                    i.text()
                );
            }
            let mut ctx = Ctx {
                mem,
                lds: &mut self.lds,
                gen,
                lane_ops: 0,
                private_size,
            };
            let flow = general(w, &e.f, &mut ctx)
                .map_err(|(i, e)| fault(w, Some(i), e.lane, e.message))?;
            self.stats.lane_ops += ctx.lane_ops;
            if tracing {
                trace_values(trace, w, i);
            }
            settle!(w, flow, e.bytes, return);
        }
    }
}

/// A fault of wave `w` at its pc (`i`: the instruction, for its text).
fn fault(w: &Wave, i: Option<&TInst>, lane: Option<u32>, message: String) -> Fault {
    Fault {
        wave: w.id,
        lane,
        pc: w.pc,
        inst: i.map(|i| i.text()).unwrap_or_default(),
        message,
    }
}

/// Up to 4096 instructions from the shared budget (`None`: it is exhausted).
#[cold]
fn take_budget(budget: &AtomicU64) -> Option<u64> {
    let got = budget.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| {
        Some(b.saturating_sub(4096))
    });
    let got = got.unwrap_or(0).min(4096);
    (got != 0).then_some(got)
}

#[cold]
fn budget_fault(w: &Wave, launch: &Launch) -> Fault {
    fault(
        w,
        None,
        None,
        format!(
            "the instruction budget ({} wave-instructions) is exhausted (--max-instructions)",
            launch.max_instructions
        ),
    )
}

/// An instruction on the general path (the failing instruction with the error).
#[inline(never)]
fn general<'f>(
    w: &mut Wave,
    f: &'f Fetched,
    ctx: &mut Ctx<'_>,
) -> Result<Flow, (&'f TInst, ExecError)> {
    match f {
        Fetched::One(i) => step(w, i, ctx).map_err(|e| (i, e)),
        Fetched::Dual(x, y) => {
            dual(w, x, y, ctx).map_err(|e| (x, e))?;
            Ok(Flow::Next)
        }
    }
}

/// The trace's result part: the destination registers after the instruction.
fn trace_values(t: &mut String, w: &Wave, i: &TInst) {
    use crate::gcn::Enc::*;
    use std::fmt::Write as _;
    match i.enc {
        Sop1 | Sop2 | Sopk | Smem | Smrd => {
            let _ = write!(
                t,
                "  -> s{} = {:#x}",
                i.sdst,
                w.s.get(i.sdst as usize).copied().unwrap_or(0)
            );
        }
        Vop1 | Vop2 | Vop3 | Vop3p | Ds | Flat | Global | GlobalSaddr | Mubuf => {
            let e = w.exec();
            let lanes: Vec<String> = (0..w.lanes.min(8))
                .map(|l| {
                    if e >> l & 1 != 0 {
                        format!("{:#x}", w.vget(i.vdst as usize, l))
                    } else {
                        "-".into()
                    }
                })
                .collect();
            let _ = write!(t, "  -> v{}[0..8] = [{}]", i.vdst, lanes.join(", "));
        }
        _ => {}
    }
    t.push('\n');
}

/// A VOPD pair: X then Y, with every source read before either writes (Y sees X's
/// destination as it was before the pair).
fn dual(w: &mut Wave, x: &TInst, y: &TInst, ctx: &mut Ctx<'_>) -> R {
    let xd = x.vdst as usize;
    let before: [u32; LANES] = std::array::from_fn(|l| w.vget(xd, l));
    step(w, x, ctx)?;
    let after: [u32; LANES] = std::array::from_fn(|l| w.vget(xd, l));
    for (l, v) in before.iter().enumerate() {
        w.vset(xd, l, *v);
    }
    step(w, y, ctx)?;
    if y.vdst as usize != xd {
        for (l, v) in after.iter().enumerate() {
            w.vset(xd, l, *v);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::vgpr_reach;
    use crate::gcn::inst::TInst;
    use crate::rdna3::inst::{decode_typed, Decoded11};

    /// A gfx1100 instruction from llvm-mc-19's encoding bytes.
    fn inst(bytes: &[u8]) -> TInst {
        let mut w = [0u32; 4];
        for (k, c) in bytes.chunks(4).enumerate() {
            w[k] = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
        match decode_typed(&w, bytes.len() / 4, false) {
            Ok(Decoded11::One(i)) => i,
            _ => panic!("not one instruction: {bytes:02x?}"),
        }
    }

    #[test]
    fn vgpr_reach_of_decoded_instructions() {
        // v_cmp_gt_u32_e32 vcc_lo, s10, v1: reads v1; the VOPC opcode bits are no register.
        assert_eq!(vgpr_reach(&inst(&[0x0a, 0x02, 0x98, 0x7c])), Some(1 + 17));
        // v_cmp_gt_u32_e64 s6, v1, v200: reads v200; the scalar destination is no VGPR.
        let cmp64 = [0x06, 0x00, 0x4c, 0xd4, 0x01, 0x91, 0x03, 0x00];
        assert_eq!(vgpr_reach(&inst(&cmp64)), Some(200 + 17));
        // v_fma_f32 v9, v1, v2, v130.
        let fma = [0x09, 0x00, 0x13, 0xd6, 0x01, 0x05, 0x0a, 0x06];
        assert_eq!(vgpr_reach(&inst(&fma)), Some(130 + 17));
        // global_load_b128 v[20:23], v1, s[4:5]: the destination's 4 registers lie inside.
        let load = [0x00, 0x00, 0x5e, 0xdc, 0x01, 0x00, 0x04, 0x14];
        assert!(vgpr_reach(&inst(&load)).is_some_and(|r| r >= 24));
        // s_mov_b32 s0, 1: no VGPR.
        assert_eq!(vgpr_reach(&inst(&[0x81, 0x00, 0x80, 0xbe])), Some(0));
        // v_movrels_b32 v1, v2: the source register depends on M0, so any.
        assert_eq!(vgpr_reach(&inst(&[0x02, 0x87, 0x02, 0x7e])), None);
    }

    /// The registers of a write set.
    fn regs(s: super::VgprSet) -> Vec<usize> {
        (0..256)
            .filter(|&r| s[r / 64] >> (r % 64) & 1 != 0)
            .collect()
    }

    #[test]
    fn vgpr_writes_of_decoded_instructions() {
        use super::{vgpr_writes, Fetched};
        let w = |b: &[u8]| {
            let i = inst(b);
            let f = crate::exec::fast::predecode(&i, 0, 256);
            vgpr_writes(&Fetched::One(i), &f).map(regs)
        };
        // v_fma_f32 v9, v1, v2, v130 (a pre-decoded form): its destination only.
        assert_eq!(
            w(&[0x09, 0x00, 0x13, 0xd6, 0x01, 0x05, 0x0a, 0x06]),
            Some(vec![9])
        );
        // global_load_b128 v[20:23], v1, s[4:5]: the four destination registers.
        let load = [0x00, 0x00, 0x5e, 0xdc, 0x01, 0x00, 0x04, 0x14];
        assert_eq!(w(&load), Some(vec![20, 21, 22, 23]));
        // v_cmp_gt_u32_e64 s6, v1, v200: no VGPR.
        let cmp64 = [0x06, 0x00, 0x4c, 0xd4, 0x01, 0x91, 0x03, 0x00];
        assert_eq!(w(&cmp64), Some(vec![]));
        // s_mov_b32 s0, 1: none.
        assert_eq!(w(&[0x81, 0x00, 0x80, 0xbe]), Some(vec![]));
        // v_movrels_b32 v1, v2: any.
        assert_eq!(w(&[0x02, 0x87, 0x02, 0x7e]), None);
    }
}
