//! One wave's architectural state and the operand access every instruction family shares.
//! SGPRs are held by their 8-bit operand encoding (`s[106]`/`s[107]` are VCC, `s[124]` M0,
//! `s[126]`/`s[127]` EXEC), so one array serves every source and destination field; VGPRs are
//! `[register][lane]` so one instruction walks contiguous lanes.

use crate::gcn::inst::TInst;
use crate::gcn::operand::FLOAT_CONSTS;

pub const VCC: usize = 106;
pub const M0: usize = 124;
pub const EXEC: usize = 126;
/// Lanes stored per VGPR (wave64; a wave32 uses the first 32).
pub const LANES: usize = 64;

/// The high 32 bits of the LDS aperture in the flat address space (`src_shared_base`).
pub const SHARED_APERTURE_HI: u32 = 0x1000_0000;
/// The high 32 bits of the private (scratch) aperture (`src_private_base`).
pub const PRIVATE_APERTURE_HI: u32 = 0x2000_0000;

pub struct Wave {
    pub s: [u32; 128],
    pub v: Vec<u32>,
    pub nvgpr: usize,
    pub pc: u64,
    pub scc: bool,
    /// The MODE register (round [3:0], denorm [7:4], dx10 clamp [8], IEEE [9]).
    pub mode: u32,
    pub trapsts: u32,
    pub done: bool,
    pub at_barrier: bool,
    /// Global wave number (for messages and traces), and its index in the work-group.
    pub id: u64,
    pub lanes: usize,
    /// This wave's private (scratch) memory in the device address space (gfx11's architected
    /// flat scratch base).
    pub scratch_base: u64,
    /// Instructions this wave has issued (counted by the worker's loop; gfx11's
    /// HW_REG_SHADER_CYCLES reads it).
    pub insts: u64,
    /// The memory regions this wave's pre-decoded scalar and global accesses found last,
    /// by a slot each instruction picks (hints for [`super::mem::Memory::region_hint`]).
    pub region_hints: [usize; 8],
}

/// Whether source `k` of `i` is a signed 64-bit integer (`v_cmp_*_i64`, `v_ashrrev_i64`'s
/// shifted value, `v_mad_i64_i32`'s addend).
fn signed_i64_source(i: &TInst, k: usize) -> bool {
    use crate::op::{NumTy, Op};
    match i.op {
        Op::V_ASHRREV_I64 => k == 1,
        Op::V_MAD_I64_I32 => k == 2,
        op => k < 2 && op.facts().traits.cmp.is_some_and(|c| c.ty == NumTy::I64),
    }
}

/// A source operand resolved once per instruction: a value shared by all lanes, or a VGPR.
#[derive(Clone, Copy, Debug)]
pub enum Src {
    Const(u64),
    V(usize),
}

/// The value of a scalar source code that does not depend on the wave (inline constants,
/// apertures, the literal), as [`Wave::scalar_src`] reads it; `None` for registers and the
/// wave-dependent codes (VCCZ, EXECZ, SCC).
pub fn const_src(code: u16, n: u8, float: bool, half: bool, lit: u32) -> Option<u64> {
    let c = code as usize;
    let wide = n >= 2;
    Some(match c {
        128..=192 => (c - 128) as u64,
        193..=208 => {
            let v = -((c - 192) as i64);
            if wide {
                v as u64
            } else {
                v as u32 as u64
            }
        }
        240..=248 => {
            let k = FLOAT_CONSTS[c - 240];
            if half {
                k.2 as u64
            } else if wide {
                // Every 64-bit operand, integer or float, takes the f64 pattern (LLVM
                // materialises i64 0x3ff0000000000000 as `s_mov_b64 s[0:1], 1.0`).
                k.3
            } else {
                k.1 as u64
            }
        }
        235 => (SHARED_APERTURE_HI as u64) << 32 >> if wide { 0 } else { 32 },
        236 => (SHARED_APERTURE_HI as u64 + 1) << 32 >> if wide { 0 } else { 32 },
        237 => (PRIVATE_APERTURE_HI as u64) << 32 >> if wide { 0 } else { 32 },
        238 => (PRIVATE_APERTURE_HI as u64 + 1) << 32 >> if wide { 0 } else { 32 },
        255 => {
            if wide && float {
                (lit as u64) << 32
            } else {
                lit as u64
            }
        }
        0..=127 | 251..=253 => return None,
        _ => 0,
    })
}

impl Wave {
    pub fn new(nvgpr: usize, lanes: usize) -> Wave {
        Wave {
            s: [0; 128],
            v: vec![0; nvgpr.max(1) * LANES],
            nvgpr: nvgpr.max(1),
            pc: 0,
            scc: false,
            mode: 0,
            trapsts: 0,
            done: false,
            at_barrier: false,
            id: 0,
            lanes,
            scratch_base: 0,
            insts: 0,
            region_hints: [0; 8],
        }
    }
    /// Back to the state of a new wave, keeping the allocation: the SGPRs are `sgprs`, and
    /// the VGPRs in `written` (a bit per register) are zeroed. The caller knows that the
    /// other registers are still zero (no instruction that ran on this wave slot wrote them).
    pub fn reset(&mut self, written: &[u64; 4], sgprs: &[u32; 128]) {
        self.s = *sgprs;
        // Runs of consecutive registers, one fill each.
        let mut r = 0usize;
        while r < 256 {
            let word = written[r / 64] >> (r % 64);
            if word == 0 {
                r = (r / 64 + 1) * 64;
                continue;
            }
            r += word.trailing_zeros() as usize;
            let run = ((written[r / 64] >> (r % 64)).trailing_ones() as usize).min(64 - r % 64);
            let (a, b) = (r * LANES, ((r + run) * LANES).min(self.v.len()));
            if a >= b {
                break;
            }
            self.v[a..b].fill(0);
            r += run;
        }
        self.pc = 0;
        self.scc = false;
        self.mode = 0;
        self.trapsts = 0;
        self.done = false;
        self.at_barrier = false;
        self.insts = 0;
    }
    #[inline]
    pub fn exec(&self) -> u64 {
        let e = self.s[EXEC] as u64 | (self.s[EXEC + 1] as u64) << 32;
        if self.lanes == 64 {
            e
        } else {
            e & 0xffff_ffff
        }
    }
    pub fn set_exec(&mut self, v: u64) {
        self.set_mask(EXEC, v);
    }
    #[inline]
    pub fn vcc(&self) -> u64 {
        self.mask(VCC)
    }
    pub fn set_vcc(&mut self, v: u64) {
        self.set_mask(VCC, v);
    }
    /// A lane mask held at scalar code `r`: two registers in wave64, one in wave32.
    #[inline]
    pub fn mask(&self, r: usize) -> u64 {
        if self.lanes == 64 {
            self.sget64(r)
        } else {
            self.s.get(r).copied().unwrap_or(0) as u64
        }
    }
    #[inline]
    pub fn set_mask(&mut self, r: usize, v: u64) {
        if self.lanes == 64 {
            self.sset64(r, v);
        } else {
            self.sset(r, v as u32);
        }
    }
    /// A 64-bit scalar at operand code `r` (an SGPR pair, VCC, EXEC ...).
    #[inline]
    pub fn sget64(&self, r: usize) -> u64 {
        let lo = self.s.get(r).copied().unwrap_or(0) as u64;
        let hi = self.s.get(r + 1).copied().unwrap_or(0) as u64;
        lo | hi << 32
    }
    #[inline]
    pub fn sset(&mut self, r: usize, v: u32) {
        // 125 (null on later generations) and codes past the array are not writable.
        if r < 128 && r != 125 {
            self.s[r] = v;
        }
    }
    pub fn sset64(&mut self, r: usize, v: u64) {
        // A 64-bit write to NULL (gfx11, 125 here) writes nothing, not NULL and EXEC_LO.
        if r == 125 {
            return;
        }
        self.sset(r, v as u32);
        self.sset(r + 1, (v >> 32) as u32);
    }
    /// The value of a scalar source (SGPR, special register, constant or literal), `n` dwords,
    /// `float`: constants are the float encodings of that width (`half`: f16).
    pub fn scalar_src(&self, code: u16, n: u8, float: bool, half: bool, lit: u32) -> u64 {
        let c = code as usize;
        match c {
            0..=127 => {
                if n >= 2 {
                    self.sget64(c)
                } else {
                    self.s[c] as u64
                }
            }
            251 => (self.vcc() == 0) as u64,
            252 => (self.exec() == 0) as u64,
            253 => self.scc as u64,
            _ => const_src(code, n, float, half, lit).unwrap_or(0),
        }
    }
    /// Resolves a VALU source once per instruction.
    #[inline]
    pub fn src(&self, i: &TInst, k: usize, float: bool, half: bool) -> Src {
        let code = i.src[k];
        if code >= 256 {
            Src::V((code - 256) as usize)
        } else if code == 255 && i.src_n[k] >= 2 && !float && signed_i64_source(i, k) {
            // A literal for a signed 64-bit integer operand is sign-extended (the RDNA3 VALU
            // chapter: f64 takes it as the high half, u64 zero-extends, i64 sign-extends).
            Src::Const(i.lit as i32 as i64 as u64)
        } else {
            Src::Const(self.scalar_src(code, i.src_n[k], float, half, i.lit))
        }
    }
    #[inline]
    pub fn vget(&self, r: usize, lane: usize) -> u32 {
        self.v.get(r * LANES + lane).copied().unwrap_or(0)
    }
    #[inline]
    pub fn vset(&mut self, r: usize, lane: usize, x: u32) {
        if let Some(p) = self.v.get_mut(r * LANES + lane) {
            *p = x;
        }
    }
    #[inline]
    pub fn lane(&self, s: Src, lane: usize, n: u8) -> u64 {
        match s {
            Src::Const(c) => c,
            Src::V(r) => {
                let lo = self.vget(r, lane) as u64;
                if n >= 2 {
                    lo | (self.vget(r + 1, lane) as u64) << 32
                } else {
                    lo
                }
            }
        }
    }
}
