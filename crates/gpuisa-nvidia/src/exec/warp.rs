//! One warp: 32 lanes of registers, predicates and carry flags, and the issue loop.

use super::mem::{ConstBanks, Memory};
use super::sem::{self, Op};
use super::ExecError;
use crate::table::{table, Form};

/// A decoded instruction of the program, resolved once at load.
#[derive(Clone, Copy)]
pub struct Slot {
    pub pc: u64,
    pub word: u64,
    pub form: Option<&'static Form>,
    pub op: Op,
}

/// The code of one kernel: instructions by address (control words skipped).
pub struct Program {
    pub slots: Vec<Slot>,
    pub sm: u8,
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
                    op: form.map_or(Op::Unsupported, |f| sem::op_of(f.mnemonic)),
                });
            }
        }
        Program { slots, sm }
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

/// Machine state of one warp.
pub struct Warp {
    /// R0..R254 (RZ reads 0 and ignores writes).
    pub regs: Vec<[u32; LANES]>,
    /// P0..P6, one bit per lane.
    pub preds: [u32; 7],
    /// Carry flag (CC.C), one bit per lane.
    pub carry: u32,
    pub pc: [u64; LANES],
    /// Lanes that exist and have not exited.
    pub live: u32,
    pub tid: [[u32; 3]; LANES],
    pub ctaid: [u32; 3],
    pub laneid_base: u32,
}

/// Everything an instruction may touch besides the warp.
pub struct Env<'a> {
    pub consts: &'a ConstBanks,
    pub global: &'a mut Memory,
    /// Where executed instructions are printed, if tracing.
    pub trace: Option<&'a mut String>,
    /// Remaining instruction budget (a runaway loop is an error, not a hang).
    pub budget: &'a mut u64,
    /// The block is one warp (BAR.SYNC is then a no-op).
    pub single_warp_block: bool,
}

impl Warp {
    pub fn new(live: u32, tid: [[u32; 3]; LANES], ctaid: [u32; 3]) -> Warp {
        Warp {
            regs: vec![[0; LANES]; 255],
            preds: [0; 7],
            carry: 0,
            pc: [8; LANES],
            live,
            tid,
            ctaid,
            laneid_base: 0,
        }
    }

    #[inline]
    pub fn reg(&self, r: u8, lane: usize) -> u32 {
        if r == 255 {
            0
        } else {
            self.regs[r as usize][lane]
        }
    }

    #[inline]
    pub fn set_reg(&mut self, r: u8, lane: usize, v: u32) {
        if r != 255 {
            self.regs[r as usize][lane] = v;
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

    /// Runs until every lane exits.
    pub fn run(&mut self, prog: &Program, env: &mut Env<'_>) -> Result<(), ExecError> {
        while self.live != 0 {
            // the lanes at the lowest PC issue together
            let mut pc = u64::MAX;
            for l in 0..LANES {
                if self.live >> l & 1 != 0 {
                    pc = pc.min(self.pc[l]);
                }
            }
            let mut mask = 0u32;
            for l in 0..LANES {
                if self.live >> l & 1 != 0 && self.pc[l] == pc {
                    mask |= 1 << l;
                }
            }
            if *env.budget == 0 {
                return Err(ExecError {
                    pc,
                    inst: prog.text(pc),
                    message: "instruction budget exhausted (endless loop?)".into(),
                });
            }
            *env.budget -= 1;
            let slot = *prog.at(pc).ok_or_else(|| ExecError {
                pc,
                inst: String::new(),
                message: "execution left the code".into(),
            })?;
            let g = ((slot.word >> 16) & 7) as u8;
            let neg = (slot.word >> 19) & 1 != 0;
            let guard = match slot.form {
                Some(f) if f.no_guard => u32::MAX,
                _ => self.pred(g) ^ if neg { u32::MAX } else { 0 },
            };
            let exec = mask & guard;
            if let Some(t) = env.trace.as_deref_mut() {
                use std::fmt::Write as _;
                let _ = writeln!(t, "  /*{pc:04x}*/ [{exec:08x}] {}", prog.text(pc));
            }
            for l in 0..LANES {
                if mask >> l & 1 != 0 {
                    self.pc[l] = next_pc(pc);
                }
            }
            sem::execute(self, &slot, exec, env).map_err(|message| ExecError {
                pc,
                inst: prog.text(pc),
                message,
            })?;
        }
        Ok(())
    }
}
