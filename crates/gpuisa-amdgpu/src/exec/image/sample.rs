//! IMAGE_SAMPLE_* / IMAGE_GATHER4_* / IMAGE_GET_LOD: address layout by suffix, LOD (explicit,
//! bias, clamp, derivatives or the lane quad's implicit derivatives), mip selection, point and
//! (bi/tri)linear filtering, address modes with border colours, depth compare, texel offsets,
//! unnormalised coordinates. Rules and choices: docs/images.md.

use super::resource::*;
use super::{addr, coord_count, swizzle, tsharp, write_result};
use crate::exec::valu::f16_to_f32;
use crate::exec::wave::Wave;
use crate::exec::{err, lane_err, Ctx, R};
use crate::gcn::inst::{MimgFields, TInst};
use crate::op::{Img, Traits};

/// The suffixes of a sample / gather operation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Suffix {
    pub c: bool,
    pub d: bool,
    pub l: bool,
    pub b: bool,
    pub cl: bool,
    pub lz: bool,
    pub o: bool,
    pub gather: bool,
    pub get_lod: bool,
}

impl Suffix {
    /// The suffixes of a sample, gather4 or get_lod operation (`Op::facts().traits`).
    pub fn of(t: &Traits) -> Suffix {
        Suffix {
            c: t.has(Traits::C),
            d: t.has(Traits::D),
            l: t.has(Traits::L),
            b: t.has(Traits::B),
            cl: t.has(Traits::CL),
            lz: t.has(Traits::LZ),
            o: t.has(Traits::O),
            gather: t.img == Some(Img::Gather4),
            get_lod: t.img == Some(Img::GetLod),
        }
    }
}

/// A sampling request of one lane, in the units of the instruction.
#[derive(Clone, Copy, Debug, Default)]
pub struct Req {
    /// Coordinates (s, t, r), the array slice.
    pub coord: [f32; 3],
    pub slice: f32,
    pub offset: [i32; 3],
    pub bias: f32,
    pub zref: f32,
    /// Derivatives d/dx (h) and d/dy (v) of (s, t, r).
    pub ddx: [f32; 3],
    pub ddy: [f32; 3],
    pub lod: f32,
    pub clamp: f32,
}

/// Address components of each lane: where every operand sits (dword index or 16-bit half).
struct Addr<'a> {
    w: &'a Wave,
    f: &'a MimgFields,
    /// Position in 16-bit halves.
    pos: usize,
}

impl Addr<'_> {
    fn dword(&mut self, lane: usize) -> u32 {
        let k = self.pos.div_ceil(2);
        self.pos = 2 * (k + 1);
        addr(self.w, self.f, k, lane, false)
    }
    fn f32(&mut self, lane: usize) -> f32 {
        f32::from_bits(self.dword(lane))
    }
    fn half(&mut self, lane: usize) -> f32 {
        let v =
            (self.w.vget(self.f.addr_reg(self.pos / 2), lane) >> (16 * (self.pos % 2))) & 0xffff;
        self.pos += 1;
        f16_to_f32(v as u16)
    }
    fn val(&mut self, lane: usize, h: bool) -> f32 {
        if h {
            self.half(lane)
        } else {
            self.f32(lane)
        }
    }
    fn align(&mut self) {
        self.pos = self.pos.div_ceil(2) * 2;
    }
}

/// Reads a lane's request. `nc`: spatial coordinates; `slice`: an array slice follows.
fn read_req(
    w: &Wave,
    i: &TInst,
    f: &MimgFields,
    sx: &Suffix,
    nc: usize,
    slice: bool,
    lane: usize,
) -> Req {
    let mut a = Addr { w, f, pos: 0 };
    let mut r = Req::default();
    let h = f.a16;
    if sx.o {
        let o = a.dword(lane);
        let sx6 = |v: u32| (v << 26) as i32 >> 26;
        r.offset = [sx6(o), sx6(o >> 8), sx6(o >> 16)];
    }
    if sx.b {
        r.bias = a.f32(lane);
    }
    if sx.c {
        r.zref = a.f32(lane);
    }
    if sx.d {
        // gfx9 A16 makes the derivatives 16-bit too (gfx10+ has G16 for that instead).
        let gh = h && !i.gfx11;
        for k in 0..nc {
            r.ddx[k] = a.val(lane, gh);
        }
        a.align();
        for k in 0..nc {
            r.ddy[k] = a.val(lane, gh);
        }
        a.align();
    }
    for k in 0..nc {
        r.coord[k] = a.val(lane, h);
    }
    if slice {
        r.slice = a.val(lane, h);
    }
    if sx.l {
        r.lod = a.val(lane, h);
    }
    if sx.cl {
        r.clamp = a.val(lane, h);
    }
    r
}

/// Resolves integer texel coordinate `i` of an axis of `n` texels by address mode `mode`:
/// `None` is the border colour.
pub fn wrap_coord(i: i64, n: i64, mode: u8) -> Option<i64> {
    match mode {
        WRAP => Some(i.rem_euclid(n)),
        MIRROR => {
            let m = i.rem_euclid(2 * n);
            Some(if m < n { m } else { 2 * n - 1 - m })
        }
        CLAMP_LAST => Some(i.clamp(0, n - 1)),
        MIRROR_ONCE_LAST => {
            let m = if i < 0 { -1 - i } else { i };
            Some(m.min(n - 1))
        }
        CLAMP_HALF_BORDER | CLAMP_BORDER => (0..n).contains(&i).then_some(i),
        _ => {
            let m = if i < 0 { -1 - i } else { i };
            (m < n).then_some(m)
        }
    }
}

/// The depth comparison of the sampler: 1.0 when it passes (the seed's table: LESS passes when
/// the reference is less than the texel).
pub fn compare(func: u8, zref: f32, texel: f32) -> f32 {
    let p = match func {
        0 => false,
        1 => zref < texel,
        2 => zref == texel,
        3 => zref <= texel,
        4 => zref > texel,
        5 => zref != texel,
        6 => zref >= texel,
        _ => true,
    };
    if p {
        1.0
    } else {
        0.0
    }
}

/// One fetched texel (pre-swizzle components: f32 values, or integers for integer formats).
type Texel = [f64; 4];

struct Sampler<'a> {
    t: &'a Tsharp,
    s: &'a Ssharp,
    ctx: &'a Ctx<'a>,
    lane: usize,
    int: bool,
    zref: Option<f32>,
}

impl Sampler<'_> {
    fn border(&self) -> R<Texel> {
        let one = 1.0;
        Ok(match self.s.border_type {
            0 => [0.0; 4],
            1 => [0.0, 0.0, 0.0, one],
            2 => [one; 4],
            _ => return lane_err(
                self.lane,
                "border colour from the border-colour table (BORDER_COLOR_TYPE 3) is not emulated",
            ),
        })
    }
    fn raw(&self, v: [u32; 4]) -> Texel {
        std::array::from_fn(|k| {
            if self.int {
                if self.t.format.nfmt == super::format::NF_SINT {
                    v[k] as i32 as f64
                } else {
                    v[k] as f64
                }
            } else {
                f32::from_bits(v[k]) as f64
            }
        })
    }
    /// The texel at integer coordinates (after address modes), depth-compared when asked.
    fn fetch(&self, c: [i64; 3], slice: i64, level: u32, dims: usize) -> R<Texel> {
        let ([w, h, d], _) = self.t.level_size(level);
        let n = [w as i64, h as i64, d as i64];
        let mut p = [0i64; 3];
        let mut tx = None;
        for k in 0..dims {
            match wrap_coord(c[k], n[k], self.s.clamp[k]) {
                Some(v) => p[k] = v,
                None => {
                    tx = Some(self.border()?);
                    break;
                }
            }
        }
        let tx = match tx {
            Some(b) => b,
            None => {
                let Some(a) = self.t.texel_addr(p[0], p[1], p[2], slice, level) else {
                    return Ok([0.0; 4]);
                };
                let raw = super::read_texel(self.ctx, a, self.t.format.bytes, self.lane)?;
                self.raw(super::convert(self.t, raw))
            }
        };
        Ok(match self.zref {
            Some(z) => [compare(self.s.compare, z, tx[0] as f32) as f64; 4],
            None => tx,
        })
    }
}

/// A texel coordinate: floor, kept far from the integer limits (NaN is 0) so that neighbours
/// and mirrored coordinates cannot overflow.
fn tc(u: f64) -> i64 {
    (u.floor() as i64).clamp(-(1 << 40), 1 << 40)
}

fn to_reg(int: bool, signed: bool, v: f64) -> u32 {
    if int {
        if signed {
            v as i64 as i32 as u32
        } else {
            v as i64 as u32
        }
    } else {
        (v as f32).to_bits()
    }
}

/// Executes a sample / gather / get_lod instruction.
pub fn exec(w: &mut Wave, i: &TInst, f: &MimgFields, ctx: &mut Ctx<'_>, t: &Traits) -> R {
    let sx = Suffix::of(t);
    let t = tsharp(w, i, f)?;
    let r = f.ssamp as usize;
    if r + 4 > 106 {
        return err(format!(
            "the sampler s[{}:{}] runs past the SGPRs",
            r,
            r + 3
        ));
    }
    let s = Ssharp::decode(
        &[w.s[r], w.s[r + 1], w.s[r + 2], w.s[r + 3]],
        super::layout_of(i),
    );
    if t.ty == T_CUBE {
        return err("sampling a cube map (face selection) is not emulated");
    }
    if matches!(t.ty, T_2D_MSAA | T_2D_MSAA_ARRAY) {
        return err("sampling an MSAA image is not allowed");
    }
    let (nc, has_slice, _) = coord_count(t.ty);
    let unnorm = f.unorm || s.force_unnorm;
    let int = t.format.is_int();
    let signed = t.format.nfmt == super::format::NF_SINT;
    let exec = w.exec();
    let reqs: Vec<Req> = (0..w.lanes)
        .map(|l| read_req(w, i, f, &sx, nc, has_slice, l))
        .collect();
    let ([w0, h0, d0], _) = t.level_size(t.base_level);
    let size0 = [w0 as f64, h0 as f64, d0 as f64];
    let nlev = t.levels();
    for lane in 0..w.lanes {
        if exec >> lane & 1 == 0 {
            continue;
        }
        let q = &reqs[lane];
        // LOD: explicit, zero, or from the derivatives (given or the lane quad's).
        let lambda = if sx.lz || unnorm {
            0.0
        } else if sx.l {
            q.lod as f64
        } else {
            let (dx, dy) = if sx.d {
                (q.ddx, q.ddy)
            } else {
                let b = lane & !3;
                let c = |l: usize| reqs.get(l).map(|r| r.coord).unwrap_or([0.0; 3]);
                let (c0, c1, c2) = (c(b), c(b + 1), c(b + 2));
                (
                    std::array::from_fn(|k| c1[k] - c0[k]),
                    std::array::from_fn(|k| c2[k] - c0[k]),
                )
            };
            let len = |d: [f32; 3]| {
                (0..nc)
                    .map(|k| (d[k] as f64 * size0[k]).powi(2))
                    .sum::<f64>()
                    .sqrt()
            };
            let rho = len(dx).max(len(dy));
            rho.log2() + q.bias as f64 + s.lod_bias as f64
        };
        let mut lod = lambda;
        if !sx.lz {
            lod = lod.max(s.min_lod as f64).min(s.max_lod as f64);
            lod = lod.max(t.min_lod as f64);
            if sx.cl {
                lod = lod.max(q.clamp as f64);
            }
        }
        if sx.get_lod {
            let vals = [(lod as f32).to_bits(), (lambda as f32).to_bits(), 0, 0];
            let v: Vec<u32> = (0..4)
                .filter(|c| f.dmask >> c & 1 != 0)
                .map(|c| vals[c])
                .collect();
            write_result(w, i, f, lane, &v, None);
            continue;
        }
        let filt = if lod > 0.0 { s.min } else { s.mag };
        let linear = filt == 1 && !int;
        // Mip levels (relative to BASE_LEVEL) and their weights.
        let maxl = (nlev - 1) as f64;
        let levels: Vec<(u32, f64)> = if sx.lz || unnorm || s.mip == 0 {
            vec![(0, 1.0)]
        } else if s.mip == 1 || int {
            vec![((lod.max(0.0) + 0.5).floor().min(maxl) as u32, 1.0)]
        } else {
            let l = lod.clamp(0.0, maxl);
            let l0 = l.floor();
            let fr = l - l0;
            if fr == 0.0 || l0 >= maxl {
                vec![(l0 as u32, 1.0)]
            } else {
                vec![(l0 as u32, 1.0 - fr), (l0 as u32 + 1, fr)]
            }
        };
        let slice = if has_slice {
            ((q.slice as f64 + 0.5).floor()).clamp(0.0, (t.view_slices() - 1) as f64) as i64
        } else {
            0
        };
        let smp = Sampler {
            t: &t,
            s: &s,
            ctx,
            lane,
            int,
            zref: sx.c.then_some(q.zref),
        };
        if sx.gather {
            // The four texels of the bilinear footprint, one component (DMASK's first bit,
            // after DST_SEL), in the order (x0,y1) (x1,y1) (x1,y0) (x0,y0).
            let lev = t.base_level + levels[0].0;
            let ([lw, lh, _], _) = t.level_size(lev);
            let u = |k: usize, n: u32| {
                let c = q.coord[k] as f64;
                (if unnorm { c } else { c * n as f64 }) + q.offset[k] as f64 - 0.5
            };
            let x0 = tc(u(0, lw));
            let y0 = if nc > 1 { tc(u(1, lh)) } else { 0 };
            let comp = (0..4).find(|c| f.dmask >> c & 1 != 0).unwrap_or(0);
            let mut vals = Vec::with_capacity(4);
            for (dx, dy) in [(0, 1), (1, 1), (1, 0), (0, 0)] {
                let tx = smp.fetch([x0 + dx, y0 + dy, 0], slice, lev, nc)?;
                let regs: [u32; 4] = std::array::from_fn(|k| to_reg(int, signed, tx[k]));
                vals.push(swizzle(&t, regs)[comp]);
            }
            let d16 = f.d16.then_some(!int);
            write_result(w, i, f, lane, &vals, d16);
            continue;
        }
        let mut acc = [0f64; 4];
        for &(l, wl) in &levels {
            let lev = t.base_level + l;
            let ([lw, lh, ld], _) = t.level_size(lev);
            let n = [lw, lh, ld];
            let mut base = [0i64; 3];
            let mut frac = [0f64; 3];
            for k in 0..nc {
                let c = q.coord[k] as f64;
                let u = (if unnorm { c } else { c * n[k] as f64 }) + q.offset[k] as f64;
                if linear {
                    let v = u - 0.5;
                    base[k] = tc(v);
                    frac[k] = v - v.floor();
                } else {
                    base[k] = tc(u);
                }
            }
            let taps = if linear { 1usize << nc } else { 1 };
            for tap in 0..taps {
                let mut c = base;
                let mut wt = wl;
                if linear {
                    for k in 0..nc {
                        let hi = tap >> k & 1;
                        c[k] += hi as i64;
                        wt *= if hi == 1 { frac[k] } else { 1.0 - frac[k] };
                    }
                }
                if wt == 0.0 && taps > 1 {
                    continue;
                }
                let tx = smp.fetch(c, slice, lev, nc)?;
                for k in 0..4 {
                    acc[k] += wt * tx[k];
                }
            }
        }
        let regs: [u32; 4] = std::array::from_fn(|k| to_reg(int, signed, acc[k]));
        let out = swizzle(&t, regs);
        let vals: Vec<u32> = (0..4)
            .filter(|c| f.dmask >> c & 1 != 0)
            .map(|c| out[c])
            .collect();
        let d16 = f.d16.then_some(!int);
        write_result(w, i, f, lane, &vals, d16);
    }
    Ok(())
}
