//! The harness: one instruction assembled from text, decoded to a `TInst`, executed on a wave
//! whose registers the test sets; expected values come from the test's own reference functions.

#![allow(dead_code)]

use gpuisa_amdgpu::exec::mem::Memory;
use gpuisa_amdgpu::exec::wave::{Wave, EXEC, LANES, VCC};
use gpuisa_amdgpu::exec::{self, Ctx, Flow};
use gpuisa_amdgpu::gcn::asm::assemble_inst;
use gpuisa_amdgpu::gcn::inst::{decode_typed, TInst};
use gpuisa_amdgpu::gcn::Gen;

pub const GENS: [Gen; 5] = [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906];

/// MODE: round-to-nearest-even everywhere, all denormals kept, IEEE mode on, DX10 clamp off.
pub const MODE_DEFAULT: u32 = 0xf0 | 1 << 9;
/// MODE with f32 denormals flushed (inputs and outputs), f64/f16 denormals kept.
pub const MODE_FTZ32: u32 = 0xc0 | 1 << 9;

thread_local! {
    /// The (generation, operation) of every instruction the checks of this thread executed,
    /// while recording (`gcn_coverage`).
    static RECORD: std::cell::RefCell<Option<std::collections::BTreeSet<(Gen, &'static str)>>> =
        const { std::cell::RefCell::new(None) };
}

/// Starts recording the operations the checks run on this thread.
pub fn record_start() {
    RECORD.with(|r| *r.borrow_mut() = Some(Default::default()));
}

/// Stops recording; the (generation, AMD operation name) pairs recorded.
pub fn record_take() -> std::collections::BTreeSet<(Gen, &'static str)> {
    RECORD.with(|r| r.borrow_mut().take().unwrap_or_default())
}

fn record(i: &TInst) {
    RECORD.with(|r| {
        if let Some(set) = r.borrow_mut().as_mut() {
            set.insert((i.gen, i.op.name()));
        }
    });
}

pub fn inst(gen: Gen, text: &str) -> TInst {
    let e = assemble_inst(gen, text, 0)
        .unwrap_or_else(|e| panic!("{gen:?}: cannot assemble `{text}`: {e:?}"));
    let ws: &[u32] = &e.words;
    let mut w = [0u32; 3];
    w[..ws.len()].copy_from_slice(ws);
    decode_typed(gen, &w, ws.len())
        .unwrap_or_else(|_| panic!("{gen:?}: cannot decode `{text}` ({ws:08x?})"))
}

pub struct Emu {
    pub gen: Gen,
    pub w: Wave,
    pub mem: Memory,
    pub lds: Vec<u8>,
}

impl Emu {
    pub fn new(gen: Gen) -> Emu {
        let mut w = Wave::new(64, 64);
        w.set_exec(u64::MAX);
        w.mode = MODE_DEFAULT;
        w.pc = 0x1000;
        Emu {
            gen,
            w,
            mem: Memory::new(Vec::new()),
            lds: vec![0; 1024],
        }
    }
    pub fn try_run(&mut self, text: &str) -> Result<Flow, String> {
        let i = inst(self.gen, text);
        self.step(&i)
    }
    pub fn step(&mut self, i: &TInst) -> Result<Flow, String> {
        record(i);
        let mut ctx = Ctx {
            mem: &self.mem,
            lds: &mut self.lds,
            gen: self.gen,
            lane_ops: 0,
            private_size: 0,
        };
        exec::step(&mut self.w, i, &mut ctx).map_err(|e| e.message)
    }
    pub fn run(&mut self, text: &str) -> Flow {
        let g = self.gen;
        self.try_run(text)
            .unwrap_or_else(|e| panic!("{g:?} `{text}`: {e}"))
    }
    pub fn s(&self, r: usize) -> u32 {
        self.w.s[r]
    }
    pub fn s64(&self, r: usize) -> u64 {
        self.w.sget64(r)
    }
    pub fn set_s(&mut self, r: usize, v: u32) {
        self.w.s[r] = v;
    }
    pub fn set_s64(&mut self, r: usize, v: u64) {
        self.w.s[r] = v as u32;
        self.w.s[r + 1] = (v >> 32) as u32;
    }
    pub fn v(&self, r: usize, lane: usize) -> u32 {
        self.w.vget(r, lane)
    }
    pub fn set_v(&mut self, r: usize, lane: usize, x: u32) {
        self.w.vset(r, lane, x)
    }
    pub fn v64(&self, r: usize, lane: usize) -> u64 {
        self.w.vget(r, lane) as u64 | (self.w.vget(r + 1, lane) as u64) << 32
    }
    pub fn set_v64(&mut self, r: usize, lane: usize, x: u64) {
        self.w.vset(r, lane, x as u32);
        self.w.vset(r + 1, lane, (x >> 32) as u32);
    }
    pub fn vcc(&self) -> u64 {
        self.w.vcc()
    }
    pub fn exec(&self) -> u64 {
        self.w.sget64(EXEC)
    }
}

/// Runs `text` (sources v0, v1, v2; destination v3) once per input triple, 64 lanes at a time;
/// returns v3 of each case. v3 starts as `0xdead_beef` unless the case's `d` is given.
pub fn vop(gen: Gen, mode: u32, text: &str, cases: &[[u32; 3]]) -> Vec<u32> {
    vop_d(
        gen,
        mode,
        text,
        &cases.iter().map(|c| (*c, 0xdead_beef)).collect::<Vec<_>>(),
    )
}

/// [`vop`] with the destination's previous value per case (v_mac/v_fmac, 16-bit halves).
pub fn vop_d(gen: Gen, mode: u32, text: &str, cases: &[([u32; 3], u32)]) -> Vec<u32> {
    let i = inst(gen, text);
    let mut out = Vec::new();
    for chunk in cases.chunks(LANES) {
        let mut e = Emu::new(gen);
        e.w.mode = mode;
        for (l, (c, d)) in chunk.iter().enumerate() {
            for k in 0..3 {
                e.set_v(k, l, c[k]);
            }
            e.set_v(3, l, *d);
        }
        e.step(&i)
            .unwrap_or_else(|m| panic!("{gen:?} `{text}`: {m}"));
        out.extend((0..chunk.len()).map(|l| e.v(3, l)));
    }
    out
}

/// 64-bit sources in v[0:1], v[2:3], v[4:5]; the destination v[6:7] (read as 64 bits).
pub fn vop64(gen: Gen, mode: u32, text: &str, cases: &[[u64; 3]]) -> Vec<u64> {
    let i = inst(gen, text);
    let mut out = Vec::new();
    for chunk in cases.chunks(LANES) {
        let mut e = Emu::new(gen);
        e.w.mode = mode;
        for (l, c) in chunk.iter().enumerate() {
            for k in 0..3 {
                e.set_v64(2 * k, l, c[k]);
            }
            e.set_v64(6, l, 0xdead_beef_dead_beef);
        }
        e.step(&i)
            .unwrap_or_else(|m| panic!("{gen:?} `{text}`: {m}"));
        out.extend((0..chunk.len()).map(|l| e.v64(6, l)));
    }
    out
}

/// Runs a VOPC/carry-out instruction per case; returns (v3, the 64-bit mask in `mask_reg`)
/// per chunk of 64 lanes, so the mask bit of case k is `masks[k / 64] >> (k % 64)`.
pub fn vop_mask(
    gen: Gen,
    mode: u32,
    text: &str,
    cases: &[[u32; 3]],
    vcc_in: u64,
    mask_reg: usize,
) -> (Vec<u32>, Vec<bool>) {
    let i = inst(gen, text);
    let (mut out, mut bits) = (Vec::new(), Vec::new());
    for chunk in cases.chunks(LANES) {
        let mut e = Emu::new(gen);
        e.w.mode = mode;
        e.w.set_vcc(vcc_in);
        e.set_s64(10, vcc_in);
        for (l, c) in chunk.iter().enumerate() {
            for k in 0..3 {
                e.set_v(k, l, c[k]);
            }
            e.set_v(3, l, 0xdead_beef);
        }
        e.step(&i)
            .unwrap_or_else(|m| panic!("{gen:?} `{text}`: {m}"));
        let m = if mask_reg == EXEC {
            e.exec()
        } else {
            e.s64(mask_reg)
        };
        out.extend((0..chunk.len()).map(|l| e.v(3, l)));
        bits.extend((0..chunk.len()).map(|l| m >> l & 1 != 0));
    }
    (out, bits)
}

pub const VCC_REG: usize = VCC;
pub const EXEC_REG: usize = EXEC;

// ---------------------------------------------------------------- comparison helpers

/// Float results: NaN matches any quiet NaN; otherwise the bits must be equal.
pub fn same_f32(got: u32, want: u32) -> bool {
    let (g, w) = (f32::from_bits(got), f32::from_bits(want));
    if w.is_nan() {
        g.is_nan()
    } else {
        got == want
    }
}
pub fn same_f64(got: u64, want: u64) -> bool {
    let (g, w) = (f64::from_bits(got), f64::from_bits(want));
    if w.is_nan() {
        g.is_nan()
    } else {
        got == want
    }
}
pub fn same_f16(got: u16, want: u16) -> bool {
    let nan = |h: u16| h & 0x7c00 == 0x7c00 && h & 0x3ff != 0;
    if nan(want) {
        nan(got)
    } else {
        got == want
    }
}

/// Collects mismatches and panics with all of them (up to 30 lines).
#[derive(Default)]
pub struct Check {
    pub fails: Vec<String>,
    pub n: usize,
}
impl Check {
    pub fn new() -> Check {
        Check::default()
    }
    pub fn ok(&mut self, cond: bool, what: impl FnOnce() -> String) {
        self.n += 1;
        if !cond {
            self.fails.push(what());
        }
    }
    pub fn eq<T: PartialEq + std::fmt::Debug>(
        &mut self,
        got: T,
        want: T,
        what: impl FnOnce() -> String,
    ) {
        self.n += 1;
        if got != want {
            self.fails
                .push(format!("{}: got {:x?}, want {:x?}", what(), got, want));
        }
    }
    pub fn done(self) {
        assert!(self.n > 0, "no checks ran");
        if !self.fails.is_empty() {
            // At most two failures per instruction (the first three words of the message).
            let n = self.fails.len();
            let mut per: std::collections::HashMap<String, usize> = Default::default();
            let mut shown = Vec::new();
            for f in &self.fails {
                let key: String = f.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
                let c = per.entry(key).or_insert(0);
                *c += 1;
                if *c <= 2 && shown.len() < 120 {
                    shown.push(f.as_str());
                }
            }
            panic!("{n} of {} checks failed:\n{}", self.n, shown.join("\n"));
        }
    }
}

/// `text` assembled and decoded for `gen`, or `None` when the generation has no such
/// instruction.
pub fn try_inst(gen: Gen, text: &str) -> Option<TInst> {
    let e = assemble_inst(gen, text, 0).ok()?;
    let ws: &[u32] = &e.words;
    let mut w = [0u32; 3];
    w[..ws.len()].copy_from_slice(ws);
    decode_typed(gen, &w, ws.len()).ok()
}

/// 32-bit values that reach the corners of integer operations (signs, carries, shift counts,
/// bit-field descriptors).
pub const V32: [u32; 26] = [
    0,
    1,
    2,
    3,
    0x1f,
    0x20,
    0x21,
    0x3f,
    0x40,
    0x7fff_ffff,
    0x8000_0000,
    0x8000_0001,
    0xffff_ffff,
    0xffff_fffe,
    0x1234_5678,
    0xdead_beef,
    0x0010_0004,
    0x0008_0010,
    0x0020_0000,
    0x0040_0005,
    0xffff_0000,
    0x0000_ffff,
    0x007f_0003,
    0x0001_8000,
    0x0000_8000,
    0x0000_0080,
];
pub const V64: [u64; 16] = [
    0,
    1,
    2,
    0x3f,
    0x40,
    0x41,
    0x7fff_ffff_ffff_ffff,
    0x8000_0000_0000_0000,
    u64::MAX,
    0xffff_ffff,
    0x1_0000_0000,
    0x0123_4567_89ab_cdef,
    0xfedc_ba98_7654_3210,
    0x0020_0008,
    0x0040_0000,
    0x8000_0000_0000_0001,
];

// ---------------------------------------------------------------- SDWA, from the ISA

/// SDWA source select (ISA: 0-3 BYTE_n, 4 WORD_0, 5 WORD_1, 6 DWORD), sign-extended or not.
pub fn sdwa_sel(x: u32, s: u32, sext: bool) -> u32 {
    let (v, bits) = match s {
        0..=3 => (x >> (8 * s) & 0xff, 8),
        4 => (x & 0xffff, 16),
        5 => (x >> 16, 16),
        _ => (x, 32),
    };
    if sext && bits < 32 && v >> (bits - 1) & 1 != 0 {
        v | !((1u32 << bits) - 1)
    } else {
        v
    }
}

/// SDWA destination: the result's low bits into DST_SEL's field; the rest 0 (UNUSED_PAD = 0),
/// the field's sign (UNUSED_SEXT = 1) or the old value (UNUSED_PRESERVE = 2).
pub fn sdwa_dst(r: u32, old: u32, s: u32, unused: u32) -> u32 {
    let (shift, bits) = match s {
        0..=3 => (8 * s, 8),
        4 => (0, 16),
        5 => (16, 16),
        _ => return r,
    };
    let mask = ((1u64 << bits) - 1) as u32;
    let field = (r & mask) << shift;
    match unused {
        0 => field,
        1 if r >> (bits - 1) & 1 != 0 && shift + bits < 32 => {
            field | !((1u32 << (shift + bits)) - 1)
        }
        1 => field,
        _ => (old & !(mask << shift)) | field,
    }
}
