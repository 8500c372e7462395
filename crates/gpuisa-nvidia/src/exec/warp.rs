//! One warp: 32 lanes of registers, predicates and carry flags, and the issue loop.

use super::mem::{ConstBanks, Memory};
use super::sem::{self, Op};
use super::ExecError;
use crate::table::{table, Form, Kind};

/// A decoded instruction of the program, resolved once at load.
#[derive(Clone, Copy)]
pub struct Slot {
    pub pc: u64,
    pub word: u64,
    pub form: Option<&'static Form>,
    pub op: Op,
    /// The form's `.X` modifier is set (read once at load: the hot loop needs it everywhere).
    pub x: bool,
}

/// The code of one kernel: instructions by address (control words skipped).
pub struct Program {
    pub slots: Vec<Slot>,
    pub sm: u8,
    /// Registers a warp needs: one past the highest register any operand names, plus 3 for
    /// the pairs and quads of 64/128-bit operands (at most 255).
    pub registers: usize,
}

impl Program {
    /// Decodes `code` (whole bundles) for `sm`.
    pub fn new(code: &[u8], sm: u8) -> Program {
        let t = table();
        let mut slots = Vec::with_capacity(code.len() / 32 * 3);
        for (b, chunk) in code.chunks_exact(32).enumerate() {
            for i in 1..4 {
                let w = u64::from_le_bytes(chunk[i * 8..i * 8 + 8].try_into().unwrap_or([0; 8]));
                let form = t.lookup(w, sm).map(|(_, f)| f);
                slots.push(Slot {
                    pc: 32 * b as u64 + 8 * i as u64,
                    word: w,
                    form,
                    // (A form whose word sets a field the emulator does not model is unsupported.)
                    op: form.map_or(Op::Unsupported, |f| match sem::unmodelled(f, w) {
                        Some(_) => Op::Unsupported,
                        None => sem::op_of(f.mnemonic),
                    }),
                    x: form.is_some_and(|f| sem::mod_set(f, w, "X")),
                });
            }
        }
        let mut top = 0usize;
        for s in &slots {
            if let Some(f) = s.form {
                for op in &f.ops {
                    let pos = match op.kind {
                        Kind::Reg { pos, .. } | Kind::RegNext { pos } => Some(pos),
                        Kind::Mem { .. } | Kind::CIndexed => Some(8),
                        _ => None,
                    };
                    if let Some(p) = pos {
                        let r = ((s.word >> p) & 0xff) as usize;
                        if r != 255 {
                            top = top.max(r + 1);
                        }
                    }
                }
            }
        }
        Program {
            slots,
            sm,
            registers: (top + 3).min(255),
        }
    }

    pub fn at(&self, pc: u64) -> Option<&Slot> {
        if pc % 8 != 0 || pc % 32 == 0 {
            return None;
        }
        let k = (pc / 32) * 3 + (pc % 32) / 8 - 1;
        self.slots.get(k as usize)
    }

    /// The text of the instruction at `pc`, for messages and traces.
    pub fn text(&self, pc: u64) -> String {
        let mut s = String::new();
        if let Some(sl) = self.at(pc) {
            if crate::decode::inst_text(&mut s, sl.word, self.sm, 0, pc)
                == crate::decode::Decoded::Unknown
            {
                s.clear();
            }
        }
        s
    }
}

/// The next instruction address after `pc` (skipping the control word of the next bundle).
pub fn next_pc(pc: u64) -> u64 {
    let n = pc + 8;
    if n % 32 == 0 {
        n + 8
    } else {
        n
    }
}

pub const LANES: usize = 32;

/// Per-thread local memory: the window `[LOCAL_TOP - LOCAL_BYTES, LOCAL_TOP)`; c[0x0][0x20]
/// (the stack pointer ptxas loads into R1) is `LOCAL_TOP`.
pub const LOCAL_TOP: u32 = 0x00ff_fc00;
pub const LOCAL_BYTES: u32 = 0x1_0000;
/// Deepest per-lane control stack (SSY/PBK/PCNT/CAL tokens).
pub const STACK_LIMIT: usize = 256;

/// A control-flow token of a lane's stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// SSY: SYNC jumps to the target.
    Sync,
    /// PBK: BRK jumps to the target.
    Brk,
    /// PCNT: CONT jumps to the target.
    Cont,
    /// CAL: RET returns to the address.
    Call,
}

/// Why [`Warp::run`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Exited,
    /// Stopped after a BAR.SYNC; resume with `run` once the block's warps have all arrived.
    Barrier,
}

/// Machine state of one warp.
pub struct Warp {
    /// R0..R254 (RZ reads 0 and ignores writes).
    pub regs: Vec<[u32; LANES]>,
    /// P0..P6, one bit per lane.
    pub preds: [u32; 7],
    /// Condition code per lane: carry (CC.C), zero, sign, overflow.
    pub carry: u32,
    pub zf: u32,
    pub sf: u32,
    pub of: u32,
    pub pc: [u64; LANES],
    /// Lanes that exist and have not exited.
    pub live: u32,
    pub tid: [[u32; 3]; LANES],
    pub ctaid: [u32; 3],
    pub laneid_base: u32,
    /// Warp number within its block.
    pub index: u32,
    /// Per-lane control stacks.
    pub stack: Vec<Vec<(Tok, u64)>>,
    /// Per-lane local memory, allocated on first use.
    pub local: Vec<Option<Vec<u8>>>,
    /// Instructions this warp issued (SR_CLOCKLO reads it).
    pub clock: u64,
    /// This warp's part of a BAR.RED waiting to open: (mode 0 POPC / 1 AND / 2 OR, lanes
    /// whose predicate is true, lanes that took part).
    pub red: Option<(u8, u32, u32)>,
    /// The value of the last BAR.RED of the block, read by B2R.RESULT.
    pub bar_result: u32,
}

/// Everything an instruction may touch besides the warp.
pub struct Env<'a> {
    pub consts: &'a ConstBanks,
    pub global: &'a mut Memory,
    /// The block's shared memory.
    pub shared: &'a mut Vec<u8>,
    /// Where executed instructions are printed, if tracing.
    pub trace: Option<&'a mut String>,
    /// Remaining instruction budget (a runaway loop is an error, not a hang).
    pub budget: &'a mut u64,
    /// Set by BAR.SYNC: the warp stops and waits for the rest of its block.
    pub barrier: bool,
    /// Trace only these warps (numbered across the grid: block index * warps per block + warp)
    /// and these instruction addresses; empty = all.
    pub trace_warps: &'a [u64],
    pub trace_pcs: &'a [u64],
    /// This warp's number across the grid (for `trace_warps`).
    pub global_warp: u64,
}

impl Warp {
    /// A warp with `registers` registers (R0..; see [`Program::registers`]).
    pub fn new(live: u32, tid: [[u32; 3]; LANES], ctaid: [u32; 3], registers: usize) -> Warp {
        Warp {
            regs: vec![[0; LANES]; registers.min(255)],
            preds: [0; 7],
            carry: 0,
            zf: 0,
            sf: 0,
            of: 0,
            pc: [8; LANES],
            live,
            tid,
            ctaid,
            laneid_base: 0,
            index: 0,
            stack: (0..LANES).map(|_| Vec::new()).collect(),
            local: (0..LANES).map(|_| None).collect(),
            clock: 0,
            red: None,
            bar_result: 0,
        }
    }

    /// Register `r` of `lane` (RZ and registers past the program's reach read 0).
    #[inline]
    pub fn reg(&self, r: u8, lane: usize) -> u32 {
        self.regs.get(r as usize).map_or(0, |x| x[lane])
    }

    #[inline]
    pub fn set_reg(&mut self, r: u8, lane: usize, v: u32) {
        if let Some(x) = self.regs.get_mut(r as usize) {
            x[lane] = v;
        }
    }

    /// A 64-bit register pair (Rr low, Rr+1 high; RZ reads 0).
    #[inline]
    pub fn reg64(&self, r: u8, lane: usize) -> u64 {
        if r == 255 {
            0
        } else {
            self.reg(r, lane) as u64 | (self.reg(r.saturating_add(1), lane) as u64) << 32
        }
    }

    #[inline]
    pub fn set_reg64(&mut self, r: u8, lane: usize, v: u64) {
        if r != 255 {
            self.set_reg(r, lane, v as u32);
            self.set_reg(r.saturating_add(1), lane, (v >> 32) as u32);
        }
    }

    /// Lanes where predicate `p` (7 = PT) is true.
    #[inline]
    pub fn pred(&self, p: u8) -> u32 {
        if p >= 7 {
            u32::MAX
        } else {
            self.preds[p as usize]
        }
    }

    pub fn set_pred(&mut self, p: u8, mask: u32, value: u32) {
        if p < 7 {
            self.preds[p as usize] = (self.preds[p as usize] & !mask) | (value & mask);
        }
    }

    /// Sets lane `l`'s condition code from a 32-bit result, its carry and overflow.
    #[inline]
    pub fn set_cc(&mut self, l: usize, v: u32, carry: bool, overflow: bool) {
        let b = 1u32 << l;
        let put = |f: &mut u32, on: bool| *f = (*f & !b) | if on { b } else { 0 };
        put(&mut self.carry, carry);
        put(&mut self.zf, v == 0);
        put(&mut self.sf, v >> 31 != 0);
        put(&mut self.of, overflow);
    }

    /// One trace line: block, warp, address, the lanes that executed, the text, and the value
    /// the destination register received in the first four of them.
    fn trace_line(&self, prog: &Program, slot: &Slot, exec: u32, env: &mut Env<'_>) {
        use std::fmt::Write as _;
        let Some(t) = env.trace.as_deref_mut() else {
            return;
        };
        let [x, y, z] = self.ctaid;
        let _ = write!(
            t,
            "b({x},{y},{z}) w{} /*{:04x}*/ [{exec:08x}] {}",
            self.index,
            slot.pc,
            prog.text(slot.pc)
        );
        if let Some(f) = slot.form {
            if let (false, Some(Kind::Reg { pos, .. })) = (f.no_dst, f.ops.first().map(|o| &o.kind))
            {
                let r = ((slot.word >> pos) & 0xff) as u8;
                if r != 255 && exec != 0 {
                    let _ = write!(t, "  # R{r} =");
                    for l in (0..LANES).filter(|l| exec >> l & 1 != 0).take(4) {
                        let _ = write!(t, " {l}:0x{:x}", self.reg(r, l));
                    }
                    if exec.count_ones() > 4 {
                        t.push_str(" ...");
                    }
                }
            }
        }
        t.push('\n');
    }

    /// Runs until every lane exits or the warp reaches a BAR.SYNC.
    pub fn run(&mut self, prog: &Program, env: &mut Env<'_>) -> Result<Status, ExecError> {
        while self.live != 0 {
            // the lanes at the lowest PC issue together (one pass over the live lanes)
            let mut pc = u64::MAX;
            let mut mask = 0u32;
            let mut live = self.live;
            while live != 0 {
                let l = live.trailing_zeros() as usize;
                live &= live - 1;
                let p = self.pc[l];
                if p < pc {
                    pc = p;
                    mask = 1 << l;
                } else if p == pc {
                    mask |= 1 << l;
                }
            }
            let (block, warp) = (self.ctaid, self.index);
            let fault = |kind, message: String| ExecError {
                kind,
                pc,
                inst: prog.text(pc),
                message,
                block,
                warp,
                lane: None,
                addr: None,
            };
            if *env.budget == 0 {
                return Err(fault(
                    super::FaultKind::Budget,
                    "instruction budget exhausted (endless loop? raise --max-instructions)".into(),
                ));
            }
            *env.budget -= 1;
            self.clock += 1;
            let slot = *prog.at(pc).ok_or_else(|| ExecError {
                inst: String::new(),
                ..fault(super::FaultKind::LeftCode, "execution left the code".into())
            })?;
            let g = ((slot.word >> 16) & 7) as u8;
            let neg = (slot.word >> 19) & 1 != 0;
            let guard = match slot.form {
                Some(f) if f.no_guard => u32::MAX,
                _ => self.pred(g) ^ if neg { u32::MAX } else { 0 },
            };
            let exec = mask & guard;
            let traced = env.trace.is_some()
                && (env.trace_warps.is_empty() || env.trace_warps.contains(&env.global_warp))
                && (env.trace_pcs.is_empty() || env.trace_pcs.contains(&pc));
            let next = next_pc(pc);
            let mut m = mask;
            while m != 0 {
                self.pc[m.trailing_zeros() as usize] = next;
                m &= m - 1;
            }
            let result = sem::execute(self, &slot, exec, env);
            if traced {
                self.trace_line(prog, &slot, exec, env);
            }
            if let Err(f) = result {
                return Err(ExecError {
                    lane: f.lane,
                    addr: f.addr,
                    ..fault(f.kind, f.message)
                });
            }
            if env.barrier {
                env.barrier = false;
                return Ok(Status::Barrier);
            }
        }
        Ok(Status::Exited)
    }
}
