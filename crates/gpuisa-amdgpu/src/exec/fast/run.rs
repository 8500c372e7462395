//! Running the pre-decoded handlers, wave-wide over lane arrays of the wave's width (a
//! constant of the loops), compiled twice: for the baseline CPU and for AVX2.

// The lane loops index several lane arrays by the lane number.
#![allow(clippy::needless_range_loop)]

use super::super::mem::Memory;
use super::super::wave::{Wave, EXEC, LANES};
use super::super::Flow;
use super::*;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

/// A scalar source of [`Fast::Salu`]: `V(c)` is SGPR code `c` read as 32 bits, `S(c)` the
/// pair at `c`, `K` a constant.
#[inline(always)]
fn sread(w: &Wave, o: Opnd64) -> u64 {
    match o {
        Opnd64::V(c) => w.s[c as usize & 127] as u64,
        Opnd64::S(c) => w.sget64(c as usize),
        Opnd64::K(k) => k,
    }
}

#[inline(always)]
fn run_salu(w: &mut Wave, op: SOp, d: u16, a: Opnd64, b: Opnd64) {
    let (x, y) = (sread(w, a), sread(w, b));
    let (a, b) = (x as u32, y as u32);
    let d = d as usize;
    let r32 = |w: &mut Wave, v: u32, scc: Option<bool>| {
        w.sset(d, v);
        if let Some(c) = scc {
            w.scc = c;
        }
    };
    match op {
        SOp::Mov => r32(w, a, None),
        SOp::AddU => {
            let (v, c) = a.overflowing_add(b);
            r32(w, v, Some(c));
        }
        SOp::AddI => {
            let (v, o) = (a as i32).overflowing_add(b as i32);
            r32(w, v as u32, Some(o));
        }
        SOp::Addc => {
            let t = a as u64 + b as u64 + w.scc as u64;
            r32(w, t as u32, Some(t >> 32 != 0));
        }
        SOp::SubU => {
            let (v, c) = a.overflowing_sub(b);
            r32(w, v, Some(c));
        }
        SOp::SubI => {
            let (v, o) = (a as i32).overflowing_sub(b as i32);
            r32(w, v as u32, Some(o));
        }
        SOp::And => r32(w, a & b, Some(a & b != 0)),
        SOp::Or => r32(w, a | b, Some(a | b != 0)),
        SOp::Xor => r32(w, a ^ b, Some(a ^ b != 0)),
        SOp::Andn2 => r32(w, a & !b, Some(a & !b != 0)),
        SOp::Lshl => r32(w, a << (b & 31), Some(a << (b & 31) != 0)),
        SOp::Lshr => r32(w, a >> (b & 31), Some(a >> (b & 31) != 0)),
        SOp::Ashr => {
            let v = ((a as i32) >> (b & 31)) as u32;
            r32(w, v, Some(v != 0))
        }
        SOp::Mul => r32(w, a.wrapping_mul(b), None),
        SOp::MulHiU => r32(w, ((a as u64 * b as u64) >> 32) as u32, None),
        SOp::Bcnt1 => r32(w, a.count_ones(), Some(a != 0)),
        SOp::Cselect => r32(w, if w.scc { a } else { b }, None),
        SOp::Cmp(c, signed) => {
            let (p, q) = if signed {
                (a as i32 as i64, b as i32 as i64)
            } else {
                (a as i64, b as i64)
            };
            w.scc = match c {
                Cond::Eq => p == q,
                Cond::Ne => p != q,
                Cond::Gt => p > q,
                Cond::Ge => p >= q,
                Cond::Lt => p < q,
                Cond::Le => p <= q,
                Cond::F => false,
                Cond::T => true,
            };
        }
        SOp::Mov64 => w.sset64(d, x),
        SOp::Bcnt1_64 => {
            let v = x.count_ones();
            r32(w, v, Some(v != 0))
        }
        SOp::AndSaveexec | SOp::OrSaveexec => {
            let e = w.mask(EXEC);
            let n = if matches!(op, SOp::AndSaveexec) {
                x & e
            } else {
                x | e
            };
            let n = if w.lanes == 32 { n & 0xffff_ffff } else { n };
            w.set_mask(d, e);
            w.set_mask(EXEC, n);
            w.scc = n != 0;
        }
        _ => {
            let v = match op {
                SOp::And64 => x & y,
                SOp::Or64 => x | y,
                SOp::Xor64 => x ^ y,
                SOp::Andn2_64 => x & !y,
                SOp::Lshl64 => x << (y & 63),
                _ => x >> (y & 63),
            };
            w.sset64(d, v);
            w.scc = v != 0;
        }
    }
}

/// `std::array::from_fn` as a plain loop (always inlined: the AVX2 build keeps it vector).
#[inline(always)]
fn gen<T: Copy + Default, const N: usize>(f: impl Fn(usize) -> T) -> [T; N] {
    let mut d = [T::default(); N];
    for l in 0..N {
        d[l] = f(l);
    }
    d
}

/// `<[T; N]>::map` as a plain loop.
#[inline(always)]
fn amap<T: Copy, U: Copy + Default, const N: usize>(a: &[T; N], f: impl Fn(T) -> U) -> [U; N] {
    gen(|l| f(a[l]))
}

#[inline(always)]
fn rd<const N: usize>(w: &Wave, o: Opnd) -> [u32; N] {
    match o {
        Opnd::V(r) => {
            let b = r as usize * LANES;
            let mut t = [0u32; N];
            if let Some(x) = w.v.get(b..b + N) {
                t.copy_from_slice(x);
            }
            t
        }
        Opnd::S(c) => [w.s[c as usize & 127]; N],
        Opnd::K(k) => [k; N],
    }
}

#[inline(always)]
fn rd64<const N: usize>(w: &Wave, o: Opnd64) -> [u64; N] {
    match o {
        Opnd64::V(r) => {
            let lo: [u32; N] = rd(w, Opnd::V(r));
            let hi: [u32; N] = rd(w, Opnd::V(r + 1));
            gen(|l| lo[l] as u64 | (hi[l] as u64) << 32)
        }
        Opnd64::S(c) => [w.sget64(c as usize); N],
        Opnd64::K(k) => [k; N],
    }
}

#[inline(always)]
fn wr<const N: usize>(w: &mut Wave, r: u16, exec: u64, d: &[u32; N]) {
    let b = r as usize * LANES;
    if let Some(dst) = w.v.get_mut(b..b + N) {
        let full = u64::MAX >> (64 - N);
        if exec == full {
            dst.copy_from_slice(d);
        } else {
            for (l, x) in dst.iter_mut().enumerate() {
                let m = 0u32.wrapping_sub(((exec >> l) & 1) as u32);
                *x = (d[l] & m) | (*x & !m);
            }
        }
    }
}

/// A 64-bit shift of `b` by `a & 63` per lane, as (low, high) halves.
#[inline(always)]
fn shift_lanes<const N: usize>(
    a: &[u32; N],
    b: &[u64; N],
    f: impl Fn(u64, u32) -> u64,
) -> ([u32; N], [u32; N]) {
    let (mut lo, mut hi) = ([0u32; N], [0u32; N]);
    for l in 0..N {
        let r = f(b[l], a[l] & 63);
        lo[l] = r as u32;
        hi[l] = (r >> 32) as u32;
    }
    (lo, hi)
}

#[inline(always)]
fn map3<const N: usize>(
    a: &[u32; N],
    b: &[u32; N],
    c: &[u32; N],
    f: impl Fn(u32, u32, u32) -> u32,
) -> [u32; N] {
    let mut d = [0u32; N];
    for l in 0..N {
        d[l] = f(a[l], b[l], c[l]);
    }
    d
}

/// EXEC of an `N`-lane wave.
#[inline(always)]
fn exec_n<const N: usize>(w: &Wave) -> u64 {
    let lo = w.s[EXEC] as u64;
    if N == 32 {
        lo
    } else {
        lo | (w.s[EXEC + 1] as u64) << 32
    }
}

/// `Wave::set_mask` for an `N`-lane wave.
#[inline(always)]
fn set_mask_n<const N: usize>(w: &mut Wave, r: usize, v: u64) {
    if N == 32 {
        w.sset(r, v as u32);
    } else {
        w.sset64(r, v);
    }
}

/// The lane mask `m` of an `N`-lane wave.
#[inline(always)]
fn mask_n<const N: usize>(w: &Wave, m: MaskSrc) -> u64 {
    match m {
        MaskSrc::Vcc => {
            let lo = w.s[VCC] as u64;
            if N == 32 {
                lo
            } else {
                lo | (w.s[VCC + 1] as u64) << 32
            }
        }
        MaskSrc::S32(c) => w.s[c as usize & 127] as u64,
        MaskSrc::S64(c) => w.sget64(c as usize),
    }
}

/// Each lane's bit of `m` (0 or 1), 32 lanes per 32-bit half (vector shifts).
#[inline(always)]
fn lane_bits<const N: usize>(m: u64) -> [u32; N] {
    let mut r = [0u32; N];
    for h in 0..N / 32 {
        let m32 = (m >> (32 * h)) as u32;
        for j in 0..32 {
            r[32 * h + j] = (m32 >> j) & 1;
        }
    }
    r
}

/// f32 fused multiply-add over the lanes: one rounding (the FMA instruction in the AVX2
/// build, the C library's correctly rounded `fmaf` otherwise).
#[inline(always)]
fn fma<const N: usize>(a: &[u32; N], b: &[u32; N], c: &[u32; N]) -> [u32; N] {
    map3(a, b, c, |x, y, z| {
        f32::from_bits(x)
            .mul_add(f32::from_bits(y), f32::from_bits(z))
            .to_bits()
    })
}

/// Lane flags (0 or 1 per byte) to a lane mask.
#[inline(always)]
fn pack<const N: usize>(m: &[bool; N]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            _mm_loadu_si128, _mm_movemask_epi8, _mm_setzero_si128, _mm_sub_epi8,
        };
        let mut bits = 0u64;
        for c in 0..N / 16 {
            // SAFETY: SSE2 is part of x86_64; the 16 bytes at 16 * c lie inside `m` (N is 32
            // or 64) and a bool is one byte, 0 or 1.
            let v = unsafe {
                let x = _mm_loadu_si128(m.as_ptr().add(16 * c) as *const _);
                _mm_movemask_epi8(_mm_sub_epi8(_mm_setzero_si128(), x))
            };
            bits |= (v as u32 as u64) << (16 * c);
        }
        bits
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut bits = 0u64;
        for (l, &b) in m.iter().enumerate() {
            bits |= (b as u64) << l;
        }
        bits
    }
}

/// What a [`Handler`] did, small enough to come back in two registers: the general path must run
/// the instruction (nothing was changed), or the control flow (with the lanes counted for
/// the next instruction; the other flows count none).
#[derive(Clone, Copy, Debug)]
pub enum Step {
    General,
    Next(u64),
    Jump(u64),
    Barrier,
    End,
}

impl Step {
    #[inline(always)]
    fn of(d: Option<Done>) -> Step {
        match d {
            None => Step::General,
            Some(Done { flow, lane_ops }) => match flow {
                Flow::Next => Step::Next(lane_ops),
                Flow::Jump(t) => Step::Jump(t),
                Flow::Barrier => Step::Barrier,
                Flow::End => Step::End,
            },
        }
    }
}

/// The control flow, and the lanes the instruction counts.
pub struct Done {
    pub flow: Flow,
    pub lane_ops: u64,
}

/// A pre-decoded instruction's handler (chosen once per program counter by [`handler`]):
/// runs the instruction on the wave, or returns [`Step::General`] having changed nothing.
///
/// # Safety
/// Called with the wave the handler was chosen for (its width) on this CPU.
pub type Handler = unsafe fn(&mut Wave, &Fast, &Memory, &mut [u8]) -> Step;

#[inline(always)]
fn run_scalar(w: &mut Wave, f: &Fast, mem: &Memory) -> Option<Done> {
    // The scalar forms (the vector ones in `run_n`).
    match *f {
        Fast::General => None,
        Fast::Nop => done(Flow::Next, 0),
        Fast::Barrier => done(Flow::Barrier, 0),
        Fast::End => done(Flow::End, 0),
        Fast::Salu { op, d, a, b } => {
            run_salu(w, op, d, a, b);
            done(Flow::Next, 0)
        }
        Fast::Smem {
            sdst,
            count,
            sbase,
            soff,
            offset,
            hint,
        } => {
            let off = match soff {
                Some(o) => (sread(w, o) as u32 as i64).wrapping_add(offset),
                None => offset,
            };
            let base = w.sget64(sbase as usize) & 0xffff_ffff_ffff;
            // The offset is a byte offset with its two low bits ignored.
            let addr = base.wrapping_add(off as u64) & !3;
            let n = count as u64;
            let end = addr.checked_add(4 * n)?;
            if mem.host_range(addr, end) {
                // The host backend (a range no region overlaps, so none would hold it): the
                // range checked once, then host dword loads (as the general path's aligned
                // reads through `Memory::read`).
                for k in 0..n {
                    // SAFETY: `Memory::new_host`'s contract; the range is checked and `addr`
                    // is 4-aligned.
                    let v = unsafe { Memory::host_load32(addr + 4 * k) };
                    w.sset(sdst as usize + k as usize, v);
                }
                return done(Flow::Next, 0);
            }
            let r = mem.region_hint(addr, end, &mut w.region_hints[hint as usize & 7])?;
            let at = addr - r.base;
            if !at.is_multiple_of(4) {
                return None;
            }
            for k in 0..n {
                w.sset(sdst as usize + k as usize, r.load32(at + 4 * k));
            }
            done(Flow::Next, 0)
        }
        Fast::Branch { cond, target } => {
            let taken = match cond {
                Br::Always => true,
                Br::Scc0 => !w.scc,
                Br::Scc1 => w.scc,
                Br::Vccz => w.vcc() == 0,
                Br::Vccnz => w.vcc() != 0,
                Br::Execz => w.exec() == 0,
                Br::Execnz => w.exec() != 0,
            };
            done(
                if taken {
                    Flow::Jump(target)
                } else {
                    Flow::Next
                },
                0,
            )
        }
        _ => None,
    }
}

/// One handler per form: `$name` runs the forms matching `$pat` through `$body` (which,
/// inlined, sees the form known); in a baseline build and, on x86-64, an AVX2/FMA build
/// (the lane loops vectorise 8 lanes wide), each for 32- and 64-lane waves.
macro_rules! handlers {
    ($($name:ident: $pat:pat => $body:ident),* $(,)?) => {
        mod plain {
            use super::*;
            $(
                pub(super) fn $name<const N: usize>(
                    w: &mut Wave,
                    f: &Fast,
                    mem: &Memory,
                    lds: &mut [u8],
                ) -> Step {
                    if matches!(*f, $pat) {
                        Step::of($body::<N>(w, f, mem, lds))
                    } else {
                        Step::General
                    }
                }
            )*
        }
        #[cfg(target_arch = "x86_64")]
        mod avx2 {
            use super::*;
            $(
                /// # Safety
                /// The CPU has AVX2, FMA, BMI1/2, POPCNT and LZCNT, and `w.lanes == N`.
                #[target_feature(enable = "avx2,fma,bmi1,bmi2,popcnt,lzcnt")]
                pub(super) unsafe fn $name<const N: usize>(
                    w: &mut Wave,
                    f: &Fast,
                    mem: &Memory,
                    lds: &mut [u8],
                ) -> Step {
                    if matches!(*f, $pat) {
                        Step::of($body::<N>(w, f, mem, lds))
                    } else {
                        Step::General
                    }
                }
            )*
        }
        /// The handler of `f` for `lanes`-wide waves (32 or 64) on this CPU.
        pub fn handler(f: &Fast, lanes: usize) -> Handler {
            #[cfg(target_arch = "x86_64")]
            let fast_cpu = has_avx2();
            #[cfg(not(target_arch = "x86_64"))]
            let fast_cpu = false;
            let _ = fast_cpu;
            match *f {
                $(
                    $pat => {
                        #[cfg(target_arch = "x86_64")]
                        if fast_cpu {
                            return if lanes == 32 { avx2::$name::<32> } else { avx2::$name::<64> };
                        }
                        if lanes == 32 { plain::$name::<32> } else { plain::$name::<64> }
                    }
                )*
            }
        }
    };
}

/// [`run_scalar`] with the vector arguments (for the handler table).
#[inline(always)]
fn scalar<const N: usize>(w: &mut Wave, f: &Fast, mem: &Memory, _lds: &mut [u8]) -> Option<Done> {
    run_scalar(w, f, mem)
}

handlers! {
    general: Fast::General => scalar,
    nop: Fast::Nop => scalar,
    barrier: Fast::Barrier => scalar,
    end: Fast::End => scalar,
    salu: Fast::Salu { .. } => scalar,
    smem: Fast::Smem { .. } => scalar,
    branch: Fast::Branch { .. } => scalar,
    int: Fast::Int { .. } => run_n,
    float: Fast::Float { .. } => run_n,
    dual: Fast::Dual { .. } => run_n,
    carry: Fast::Carry { .. } => run_n,
    mad64: Fast::MadU64U32 { .. } => run_n,
    shift64: Fast::Shift64 { .. } => run_n,
    cmp: Fast::Cmp { .. } => run_n,
    cmp64: Fast::Cmp64 { .. } => run_n,
    cndmask: Fast::Cndmask { .. } => run_n,
    global: Fast::Global { .. } => run_n,
    lds: Fast::Lds { .. } => run_n,
}

#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    use std::sync::atomic::{AtomicU8, Ordering};
    static HAS: AtomicU8 = AtomicU8::new(0);
    match HAS.load(Ordering::Relaxed) {
        1 => false,
        2 => true,
        _ => {
            let h = std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("fma")
                && std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("bmi2")
                && std::arch::is_x86_feature_detected!("popcnt")
                && std::arch::is_x86_feature_detected!("lzcnt");
            HAS.store(if h { 2 } else { 1 }, Ordering::Relaxed);
            h
        }
    }
}

const MODE_NOT_FAST: u32 = super::super::salu::MODE_VSKIP | super::super::salu::MODE_GPR_IDX_EN;

#[inline(always)]
fn done(flow: Flow, lane_ops: u64) -> Option<Done> {
    Some(Done { flow, lane_ops })
}

#[inline(always)]
fn run_n<const N: usize>(w: &mut Wave, f: &Fast, mem: &Memory, lds: &mut [u8]) -> Option<Done> {
    if w.mode & MODE_NOT_FAST != 0 {
        return None;
    }
    let exec = exec_n::<N>(w);
    match *f {
        Fast::Int { op, d, s } => {
            let r: [u32; N] = int_res(w, op, &s);
            wr(w, d, exec, &r);
        }
        Fast::Float { op, d, s } => {
            // f32 other than round to nearest even with denormals kept: the general path.
            if (w.mode >> 4) & 3 != 3 || w.mode & 3 != 0 {
                return None;
            }
            let r: [u32; N] = float_res(w, op, &s);
            wr(w, d, exec, &r);
        }
        Fast::Dual { op, d, s } => {
            let float = op.iter().any(|h| matches!(h, Half::Float(_)));
            if float && ((w.mode >> 4) & 3 != 3 || w.mode & 3 != 0) {
                return None;
            }
            let half = |w: &Wave, h: Half, s: &[Opnd; 3]| -> [u32; N] {
                match h {
                    Half::Int(op) => int_res(w, op, s),
                    Half::Float(op) => float_res(w, op, s),
                }
            };
            let rx = half(w, op[0], &s[0]);
            let ry = half(w, op[1], &s[1]);
            if d[0] != d[1] {
                wr(w, d[0], exec, &rx);
            }
            wr(w, d[1], exec, &ry);
            // Each half counts its lanes (as the general path's two steps).
            return done(Flow::Next, 2 * exec.count_ones() as u64);
        }
        Fast::Carry {
            op,
            d,
            sdst,
            a,
            b,
            cin,
        } => {
            let (a, b): ([u32; N], [u32; N]) = (rd(w, a), rd(w, b));
            let cin: [u32; N] = lane_bits(cin.map(|m| mask_n::<N>(w, m)).unwrap_or(0));
            let mut r = [0u32; N];
            let mut co = [false; N];
            // One loop per operation (the choice made once, not per lane), on 32-bit lanes:
            // the carry (borrow) out of bit 31 from the operands' and the result's top bits.
            match op {
                CarryOp::Add => {
                    for l in 0..N {
                        let c = cin[l];
                        let t = a[l].wrapping_add(b[l]).wrapping_add(c);
                        r[l] = t;
                        co[l] = ((a[l] & b[l]) | ((a[l] | b[l]) & !t)) >> 31 != 0;
                    }
                }
                CarryOp::Sub | CarryOp::Subrev => {
                    let (x, y) = if matches!(op, CarryOp::Subrev) {
                        (&b, &a)
                    } else {
                        (&a, &b)
                    };
                    for l in 0..N {
                        let c = cin[l];
                        let t = x[l].wrapping_sub(y[l]).wrapping_sub(c);
                        r[l] = t;
                        co[l] = ((!x[l] & y[l]) | (!(x[l] ^ y[l]) & t)) >> 31 != 0;
                    }
                }
            }
            let cout = pack(&co);
            wr(w, d, exec, &r);
            set_mask_n::<N>(w, sdst as usize, cout & exec);
        }
        Fast::MadU64U32 { d, sdst, a, b, c } => {
            let (a, b): ([u32; N], [u32; N]) = (rd(w, a), rd(w, b));
            let c: [u64; N] = rd64(w, c);
            let (mut lo, mut hi) = ([0u32; N], [0u32; N]);
            let mut co = [false; N];
            for l in 0..N {
                // a * b < 2^64 - 2^33 + 1: the 65-bit sum is this add with its carry.
                let (t, carry) = (a[l] as u64 * b[l] as u64).overflowing_add(c[l]);
                lo[l] = t as u32;
                hi[l] = (t >> 32) as u32;
                co[l] = carry;
            }
            let carry = pack(&co);
            wr(w, d, exec, &lo);
            wr(w, d + 1, exec, &hi);
            set_mask_n::<N>(w, sdst as usize, carry & exec);
        }
        Fast::Shift64 { kind, d, a, b } => {
            let a: [u32; N] = rd(w, a);
            let b: [u64; N] = rd64(w, b);
            // One loop per kind (vector shifts by per-lane amounts).
            let (lo, hi) = match kind {
                0 => shift_lanes(&a, &b, |x, sh| x << sh),
                1 => shift_lanes(&a, &b, |x, sh| x >> sh),
                _ => shift_lanes(&a, &b, |x, sh| ((x as i64) >> sh) as u64),
            };
            wr(w, d, exec, &lo);
            wr(w, d + 1, exec, &hi);
        }
        Fast::Cmp {
            cond,
            signed,
            x,
            sdst,
            a,
            b,
        } => {
            let (a, b): ([u32; N], [u32; N]) = (rd(w, a), rd(w, b));
            let bits = if signed {
                cmp_lanes(cond, &amap(&a, |v| v as i32), &amap(&b, |v| v as i32))
            } else {
                cmp_lanes(cond, &a, &b)
            } & exec;
            if x {
                set_mask_n::<N>(w, EXEC, bits);
            }
            if let Some(r) = sdst {
                set_mask_n::<N>(w, r as usize, bits);
            }
        }
        Fast::Cmp64 {
            cond,
            signed,
            x,
            sdst,
            a,
            b,
        } => {
            let uniform = !matches!(a, Opnd64::V(_)) && !matches!(b, Opnd64::V(_));
            let bits = if uniform {
                let (p, q) = (rd64::<1>(w, a)[0], rd64::<1>(w, b)[0]);
                if signed {
                    cmp_uniform::<i64, N>(cond, p as i64, q as i64)
                } else {
                    cmp_uniform::<u64, N>(cond, p, q)
                }
            } else {
                let (a, b): ([u64; N], [u64; N]) = (rd64(w, a), rd64(w, b));
                if signed {
                    cmp_lanes(cond, &amap(&a, |v| v as i64), &amap(&b, |v| v as i64))
                } else {
                    cmp_lanes(cond, &a, &b)
                }
            } & exec;
            if x {
                set_mask_n::<N>(w, EXEC, bits);
            }
            if let Some(r) = sdst {
                set_mask_n::<N>(w, r as usize, bits);
            }
        }
        Fast::Cndmask { d, a, b, cond } => {
            let cond: [u32; N] = lane_bits(mask_n::<N>(w, cond));
            let (a, b): ([u32; N], [u32; N]) = (rd(w, a), rd(w, b));
            let r: [u32; N] = gen(|l| if cond[l] != 0 { b[l] } else { a[l] });
            wr(w, d, exec, &r);
        }
        Fast::Global {
            store,
            count,
            v,
            vaddr,
            saddr,
            offset,
            hint,
        } => {
            if !global::<N>(w, exec, mem, store, count, v, vaddr, saddr, offset, hint) {
                return None;
            }
            return done(Flow::Next, exec.count_ones() as u64);
        }
        Fast::Lds {
            store,
            two,
            v,
            addr,
            offs,
        } => {
            if !lds_access::<N>(w, exec, lds, store, two, v, addr, offs) {
                return None;
            }
            return done(Flow::Next, exec.count_ones() as u64);
        }
        Fast::General
        | Fast::Nop
        | Fast::Barrier
        | Fast::End
        | Fast::Branch { .. }
        | Fast::Smem { .. }
        | Fast::Salu { .. } => return None,
    }
    // VALU: the lanes counted are those of EXEC after the instruction (v_cmpx), as `valu`.
    done(Flow::Next, exec_n::<N>(w).count_ones() as u64)
}

/// The result of an [`Fast::Int`] form.
#[inline(always)]
fn int_res<const N: usize>(w: &Wave, op: IntOp, s: &[Opnd; 3]) -> [u32; N] {
    let a: [u32; N] = rd(w, s[0]);
    match op {
        IntOp::Mov => a,
        IntOp::Mbcnt(hi) => {
            let b: [u32; N] = rd(w, s[1]);
            gen(|l| {
                let below = if l == 0 { 0 } else { u64::MAX >> (64 - l) };
                let m = if hi {
                    (below >> 32) as u32
                } else {
                    below as u32
                };
                (a[l] & m).count_ones().wrapping_add(b[l])
            })
        }
        _ => {
            let b: [u32; N] = rd(w, s[1]);
            let c: [u32; N] = rd(w, s[2]);
            int3(op, &a, &b, &c)
        }
    }
}

/// The result of a [`Fast::Float`] form (the caller checked MODE).
#[inline(always)]
fn float_res<const N: usize>(w: &Wave, op: FloatOp, s: &[Opnd; 3]) -> [u32; N] {
    let a: [u32; N] = rd(w, s[0]);
    let b: [u32; N] = rd(w, s[1]);
    let ff = f32::from_bits;
    match op {
        FloatOp::Fma => fma(&a, &b, &rd(w, s[2])),
        FloatOp::Add => map3(&a, &b, &b, |x, y, _| (ff(x) + ff(y)).to_bits()),
        FloatOp::Sub => map3(&a, &b, &b, |x, y, _| (ff(x) - ff(y)).to_bits()),
        FloatOp::Subrev => map3(&a, &b, &b, |x, y, _| (ff(y) - ff(x)).to_bits()),
        FloatOp::Mul => map3(&a, &b, &b, |x, y, _| (ff(x) * ff(y)).to_bits()),
        FloatOp::CvtU32 => amap(&a, |x| (x as f32).to_bits()),
        FloatOp::CvtI32 => amap(&a, |x| (x as i32 as f32).to_bits()),
    }
}

#[inline(always)]
fn int3<const N: usize>(op: IntOp, a: &[u32; N], b: &[u32; N], c: &[u32; N]) -> [u32; N] {
    match op {
        IntOp::Add => map3(a, b, c, |a, b, _| a.wrapping_add(b)),
        IntOp::Sub => map3(a, b, c, |a, b, _| a.wrapping_sub(b)),
        IntOp::Subrev => map3(a, b, c, |a, b, _| b.wrapping_sub(a)),
        IntOp::And => map3(a, b, c, |a, b, _| a & b),
        IntOp::Or => map3(a, b, c, |a, b, _| a | b),
        IntOp::Xor => map3(a, b, c, |a, b, _| a ^ b),
        IntOp::Lshl => map3(a, b, c, |a, b, _| b << (a & 31)),
        IntOp::Lshr => map3(a, b, c, |a, b, _| b >> (a & 31)),
        IntOp::Ashr => map3(a, b, c, |a, b, _| ((b as i32) >> (a & 31)) as u32),
        IntOp::MulLo => map3(a, b, c, |a, b, _| a.wrapping_mul(b)),
        IntOp::MulHi => map3(a, b, c, |a, b, _| ((a as u64 * b as u64) >> 32) as u32),
        IntOp::MulU24 => map3(a, b, c, |a, b, _| {
            (a & 0xff_ffff).wrapping_mul(b & 0xff_ffff)
        }),
        IntOp::MadU24 => map3(a, b, c, |a, b, c| {
            (a & 0xff_ffff).wrapping_mul(b & 0xff_ffff).wrapping_add(c)
        }),
        IntOp::LshlAdd => map3(a, b, c, |a, b, c| (a << (b & 31)).wrapping_add(c)),
        IntOp::AddLshl => map3(a, b, c, |a, b, c| a.wrapping_add(b) << (c & 31)),
        IntOp::Add3 => map3(a, b, c, |a, b, c| a.wrapping_add(b).wrapping_add(c)),
        IntOp::LshlOr => map3(a, b, c, |a, b, c| (a << (b & 31)) | c),
        IntOp::AndOr => map3(a, b, c, |a, b, c| (a & b) | c),
        IntOp::Or3 => map3(a, b, c, |a, b, c| a | b | c),
        IntOp::Bfe => map3(a, b, c, |a, b, c| {
            (a >> (b & 31)) & ((1u64 << (c & 31)) - 1) as u32
        }),
        IntOp::Bfi => map3(a, b, c, |a, b, c| (a & b) | (!a & c)),
        IntOp::Mov | IntOp::Mbcnt(_) => *a,
    }
}

#[inline(always)]
fn cmp_lanes<T: PartialOrd + Copy, const N: usize>(c: Cond, a: &[T; N], b: &[T; N]) -> u64 {
    // One loop per condition (the condition chosen outside the lanes).
    #[inline(always)]
    fn f<T: Copy, const N: usize>(a: &[T; N], b: &[T; N], p: impl Fn(T, T) -> bool) -> u64 {
        let mut bits = [false; N];
        for l in 0..N {
            bits[l] = p(a[l], b[l]);
        }
        pack(&bits)
    }
    match c {
        Cond::F => 0,
        Cond::T => u64::MAX >> (64 - N),
        Cond::Lt => f(a, b, |p, q| p < q),
        Cond::Eq => f(a, b, |p, q| p == q),
        Cond::Le => f(a, b, |p, q| p <= q),
        Cond::Gt => f(a, b, |p, q| p > q),
        Cond::Ne => f(a, b, |p, q| p != q),
        Cond::Ge => f(a, b, |p, q| p >= q),
    }
}

/// A compare whose sources are both scalar: one comparison for every lane.
#[inline(always)]
fn cmp_uniform<T: PartialOrd + Copy, const N: usize>(c: Cond, p: T, q: T) -> u64 {
    let r = match c {
        Cond::F => false,
        Cond::Lt => p < q,
        Cond::Eq => p == q,
        Cond::Le => p <= q,
        Cond::Gt => p > q,
        Cond::Ne => p != q,
        Cond::Ge => p >= q,
        Cond::T => true,
    };
    if r {
        u64::MAX >> (64 - N)
    } else {
        0
    }
}

mod mem;
use mem::{global, lds_access};
