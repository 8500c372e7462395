//! gfx11 validity: which words llvm-objdump-19 decodes, and their length, decided over the table
//! row and the extracted fields (no text is written). These are the rules the printers used to
//! find on their way: the opcode has a row, the bits outside the fields are ones llvm-mc accepts
//! (per row and wave size), each register range exists (SGPR/TTMP/VGPR ranges, special pairs),
//! a literal exists where an operand takes one (and the dword is available), DPP/DPP8 forms have
//! a row and accepted controls, VOPD halves exist (wave32 only), MIMG register counts have a
//! variant. [`check`] returns the length in dwords; `rdna3::inst::decode_typed` extracts the
//! fields after it and `rdna3::print` prints them without failing.

use super::dpp::{accepted as dpp_accepted, dpp_row};
use super::otable::{row as orow, OEnc, OOp, ORow};
use super::table::{table, Class, Enc, Field, Operand, Row};
use crate::fields::{self as f, Encoding as E, G};

const G11: G = G::Gfx11;

type R = Result<u8, ()>;

/// Whether a scalar register field (0..=127) of `n` dwords names registers that exist (llvm
/// aligns a misaligned SGPR/TTMP range down and prints it with a warning).
pub(crate) fn sreg_ok(v: u32, n: u32) -> bool {
    let n = n.max(1);
    let align = if n >= 4 { 4 } else { n.min(2) };
    match v {
        0..=105 => (v & !(align - 1)) + n <= 106,
        108..=123 => ((v - 108) & !(align - 1)) + n <= 16,
        106 | 107 | 126 | 127 => n == 1 || v & 1 == 0,
        124 => true,
        125 => n == 1,
        _ => false,
    }
}

/// Whether a 9-bit source value of `n` dwords prints (`lit`: a literal dword is present).
pub(crate) fn src_ok(v: u32, n: u32, lit: bool) -> bool {
    match v {
        0..=127 => sreg_ok(v, n),
        128..=208 | 240..=248 => true,
        255 => lit,
        256..=511 => v - 256 + n.max(1) <= 256,
        254 => n < 2,
        235..=239 | 251..=253 => true,
        _ => false,
    }
}

/// A VGPR range of `n` registers from `v`.
pub(crate) fn vreg_ok(v: u32, n: u32) -> bool {
    v + n.max(1) <= 256
}

/// The value of each VALU field, indexed by `Field as usize` (0 where absent).
type Vals = [u32; 7];

/// Whether a VALU row's operands take a literal dword (fmaak/fmamk's K, or a source of 255).
fn uses_literal(row: &Row, vals: &Vals) -> bool {
    row.operands.iter().any(|o| match *o {
        Operand::Field {
            field: Field::K, ..
        } => true,
        Operand::Field {
            field,
            class: Class::X | Class::Y | Class::S,
            ..
        } => vals[field as usize] == 255,
        _ => false,
    })
}

/// Whether every operand of a VALU row names something that exists.
fn operands_ok(row: &Row, vals: &Vals, lit: bool, wave64: bool) -> bool {
    row.operands.iter().all(|o| {
        let Operand::Field {
            field,
            class,
            n32,
            n64,
            ..
        } = *o
        else {
            return true;
        };
        let n = if wave64 { n64 } else { n32 } as u32;
        let v = vals[field as usize];
        match class {
            Class::K => lit,
            Class::S => match v {
                0..=127 => sreg_ok(v, n),
                254 => n < 2,
                _ => src_ok(v, n, lit),
            },
            Class::V | Class::L => v + n <= 256,
            Class::H => true,
            Class::X if v >= 256 => v - 256 + n <= 256,
            Class::X => src_ok(v, n, lit),
            Class::Y => v >= 256 || src_ok(v, n, lit),
        }
    })
}

/// The length in dwords of the gfx11 instruction at `w` (`n` dwords available) if
/// llvm-objdump-19 decodes it, the zero word (`v_illegal`) included. Never panics.
#[allow(clippy::result_unit_err)] // as the listings' decoder type
pub fn check(w: &[u32; 4], n: usize, wave64: bool) -> R {
    if n == 0 {
        return Err(());
    }
    let w0 = w[0];
    if w0 == 0 {
        return Ok(1);
    }
    match w0 >> 25 {
        0x3f => return e32(Enc::Vop1, w, n, wave64),
        0x3e => return e32(Enc::Vopc, w, n, wave64),
        _ => {}
    }
    if w0 >> 31 == 0 {
        return e32(Enc::Vop2, w, n, wave64);
    }
    match w0 >> 26 {
        0x35 => return vop3(Enc::Vop3, w, n, wave64),
        0x32 if !wave64 => return vopd(w, n),
        _ => {}
    }
    if w0 >> 24 == 0xcc {
        return vop3(Enc::Vop3p, w, n, wave64);
    }
    match f::identify(G11, w0) {
        Some(E::Sop1) => salu(OEnc::Sop1, f::sop1::op(G11, w), w, n, wave64),
        Some(E::Sopc) => salu(OEnc::Sopc, f::sopc::op(G11, w), w, n, wave64),
        Some(E::Sopp) => salu(OEnc::Sopp, f::sopp::op(G11, w), w, n, wave64),
        Some(E::Sopk) => salu(OEnc::Sopk, f::sopk::op(G11, w), w, n, wave64),
        Some(E::Sop2) => salu(OEnc::Sop2, f::sop2::op(G11, w), w, n, wave64),
        Some(E::Smem) => smem(w, n, wave64),
        Some(E::Ds) => ds(w, n, wave64),
        Some(E::Flat) => flat(w, n, wave64),
        Some(E::Mubuf) => buf(OEnc::Mubuf, w, n, wave64),
        Some(E::Mtbuf) => buf(OEnc::Mtbuf, w, n, wave64),
        Some(E::Exp) if n >= 2 => Ok(2),
        Some(E::Mimg) => mimg(w, n, wave64),
        Some(E::Vinterp) => vinterp(w, n, wave64),
        Some(E::Ldsdir) => ldsdir(w),
        _ => Err(()),
    }
}

fn e32(enc: Enc, w: &[u32; 4], n: usize, wave64: bool) -> R {
    let op = match enc {
        Enc::Vop1 => f::vop1::op(G11, w),
        Enc::Vop2 => f::vop2::op(G11, w),
        _ => f::vopc::op(G11, w),
    };
    // VOP1, VOP2 and VOPC place SRC0, VSRC1 and VDST alike.
    let src0 = f::vop2::src0(G11, w);
    let mut vals = [0; 7];
    vals[Field::Vdst as usize] = f::vop2::vdst(G11, w);
    vals[Field::Vsrc1 as usize] = f::vop2::vsrc1(G11, w);
    let row = table(enc).get(op).ok_or(())?;
    if matches!(src0, 250 | 233 | 234) {
        // DPP16 / DPP8: the DPP dword follows; no literal.
        if n < 2 {
            return Err(());
        }
        let dr = dpp_row(enc, op).ok_or(())?;
        let mn = if src0 == 250 { dr.m16 } else { dr.m8 };
        if mn == "-" || !dpp_accepted(enc, dr, src0, w, wave64) {
            return Err(());
        }
        vals[Field::Src0 as usize] = 256 + f::dpp::src0(G11, &[w[1]]);
        return if operands_ok(row, &vals, false, wave64) {
            Ok(2)
        } else {
            Err(())
        };
    }
    if w[0] & !row.ok[wave64 as usize][0] != 0 {
        return Err(());
    }
    vals[Field::Src0 as usize] = src0;
    let needs = uses_literal(row, &vals);
    if needs && n < 2 {
        return Err(());
    }
    if !operands_ok(row, &vals, needs, wave64) {
        return Err(());
    }
    Ok(1 + needs as u8)
}

fn vop3(enc: Enc, w: &[u32; 4], n: usize, wave64: bool) -> R {
    if n < 2 {
        return Err(());
    }
    let op = if enc == Enc::Vop3 {
        f::vop3::op(G11, w)
    } else {
        f::vop3p::op(G11, w)
    };
    // VOP3 and VOP3P place VDST and the sources alike.
    let src0 = f::vop3::src0(G11, w);
    let mut vals = [0; 7];
    vals[Field::Vdst as usize] = f::vop3::vdst(G11, w);
    vals[Field::Sdst as usize] = f::vop3::sdst(G11, w);
    vals[Field::Src1 as usize] = f::vop3::src1(G11, w);
    vals[Field::Src2 as usize] = f::vop3::src2(G11, w);
    let row = table(enc).get(op).ok_or(())?;
    if matches!(src0, 250 | 233 | 234) {
        // The DPP dword is the third; a literal (src1 or src2 255) the fourth.
        if n < 3 {
            return Err(());
        }
        let dr = dpp_row(enc, op).ok_or(())?;
        let mn = if src0 == 250 { dr.m16 } else { dr.m8 };
        if mn == "-" || !dpp_accepted(enc, dr, src0, w, wave64) {
            return Err(());
        }
        let lit = vals[Field::Src1 as usize] == 255 || vals[Field::Src2 as usize] == 255;
        if lit && n < 4 {
            return Err(());
        }
        vals[Field::Src0 as usize] = 256 + f::dpp::src0(G11, &[w[2]]);
        return if operands_ok(row, &vals, lit, wave64) {
            Ok(3 + lit as u8)
        } else {
            Err(())
        };
    }
    let ok = row.ok[wave64 as usize];
    if w[0] & !ok[0] != 0 || w[1] & !ok[1] != 0 {
        return Err(());
    }
    vals[Field::Src0 as usize] = src0;
    let needs = uses_literal(row, &vals);
    if needs && n < 3 {
        return Err(());
    }
    if !operands_ok(row, &vals, needs, wave64) {
        return Err(());
    }
    Ok(2 + needs as u8)
}

fn vopd(w: &[u32; 4], n: usize) -> R {
    use super::vopd::op;
    use f::vopd as v;
    if n < 2 {
        return Err(());
    }
    let x = op(0, v::opx(G11, w)).ok_or(())?;
    let y = op(1, v::opy(G11, w)).ok_or(())?;
    let (sx0, vx1) = (v::srcx0(G11, w), v::vsrcx1(G11, w));
    let (sy0, vy1) = (v::srcy0(G11, w), v::vsrcy1(G11, w));
    if (x.zero_vsrc1 && vx1 != 0) || (y.zero_vsrc1 && vy1 != 0) {
        return Err(());
    }
    let needs = sx0 == 255 || sy0 == 255 || x.ops.contains(&"k") || y.ops.contains(&"k");
    if needs && n < 3 {
        return Err(());
    }
    let src0 = |o: &super::vopd::VopdOp, s: u32| !o.ops.contains(&"src0") || src_ok(s, 1, needs);
    if !src0(x, sx0) || !src0(y, sy0) {
        return Err(());
    }
    Ok(2 + needs as u8)
}

/// The row's accepted bits in the first `nw` dwords.
fn accepted(r: &ORow, w: &[u32; 4], nw: usize, wave64: bool) -> bool {
    let ok = &r.ok[wave64 as usize];
    (0..nw.min(2)).all(|i| w[i] & !ok[i] == 0)
}

fn n_of(a: u8, b: u8, wave64: bool) -> u32 {
    (if wave64 { b } else { a }) as u32
}

/// What the checks and the extraction need of a scalar ALU row, made once per row from the
/// row's operand list (no name comparisons per word).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SaluRow {
    /// Accepted bits of the word, wave32 and wave64.
    pub ok: [u32; 2],
    /// Registers of sdst, ssrc0, ssrc1 (0: the row has no such operand), wave32 and wave64.
    pub n: [[u8; 3]; 2],
    /// The row prints a literal dword (`OOp::Lit`).
    pub lit: bool,
    /// The row lists an operand no scalar ALU word can print (never valid).
    pub bad: bool,
}

fn salu_facts(r: &ORow) -> SaluRow {
    let mut f = SaluRow {
        ok: [r.ok[0][0], r.ok[1][0]],
        n: [[0; 3]; 2],
        lit: false,
        bad: false,
    };
    for o in &r.ops {
        match *o {
            OOp::Reg(name, a, b, _) => {
                let k = match name {
                    "sdst" => 0,
                    "ssrc0" => 1,
                    "ssrc1" => 2,
                    _ => {
                        f.bad = true;
                        continue;
                    }
                };
                // (the first operand of a name counts, as `ORow::reg` finds it)
                if f.n[0][k] == 0 && f.n[1][k] == 0 {
                    // a width of 0 prints as one register
                    f.n[0][k] = a.max(1);
                    f.n[1][k] = b.max(1);
                }
            }
            OOp::Lit => f.lit = true,
            OOp::Soffset | OOp::SdataImm => f.bad = true,
            OOp::RtnMsg | OOp::Simm(_) | OOp::Hwreg | OOp::Text(..) => {}
        }
    }
    f
}

/// The facts of scalar ALU row `op` of `e` (SOP1, SOP2, SOPC, SOPK, SOPP), made when first
/// asked for.
pub(crate) fn salu_row(e: OEnc, op: u32) -> Option<&'static SaluRow> {
    use std::sync::OnceLock;
    type Rows = Vec<OnceLock<Option<SaluRow>>>;
    static T: [OnceLock<Rows>; 5] = [const { OnceLock::new() }; 5];
    let k = match e {
        OEnc::Sop1 => 0,
        OEnc::Sop2 => 1,
        OEnc::Sopc => 2,
        OEnc::Sopk => 3,
        OEnc::Sopp => 4,
        _ => return None,
    };
    let rows = T[k].get_or_init(|| (0..256).map(|_| OnceLock::new()).collect());
    rows.get(op as usize)?
        .get_or_init(|| orow(e, op).map(salu_facts))
        .as_ref()
}

fn salu(e: OEnc, op: u32, w: &[u32; 4], n: usize, wave64: bool) -> R {
    let r = salu_row(e, op).ok_or(())?;
    if r.bad || w[0] & !r.ok[wave64 as usize] != 0 {
        return Err(());
    }
    let nn = r.n[wave64 as usize];
    let (s0, s1) = (f::sop2::ssrc0(G11, w), f::sop2::ssrc1(G11, w));
    let needs = (nn[1] != 0 && s0 == 255) || (nn[2] != 0 && s1 == 255) || r.lit;
    if needs && n < 2 {
        return Err(());
    }
    let ok = (nn[0] == 0 || sreg_ok(f::sop2::sdst(G11, w), nn[0] as u32))
        && (nn[1] == 0 || src_ok(s0, nn[1] as u32, needs))
        && (nn[2] == 0 || src_ok(s1, nn[2] as u32, needs));
    if !ok {
        return Err(());
    }
    Ok(1 + needs as u8)
}

fn smem(w: &[u32; 4], n: usize, wave64: bool) -> R {
    use f::smem as sm;
    if n < 2 {
        return Err(());
    }
    let r = orow(OEnc::Smem, sm::op(G11, w)).ok_or(())?;
    if !accepted(r, w, 2, wave64) {
        return Err(());
    }
    let ok = r.ops.iter().all(|o| match *o {
        OOp::Reg("sdata", a, b, _) => sreg_ok(sm::sdata(G11, w), n_of(a, b, wave64)),
        OOp::Reg("sbase", a, b, _) => {
            let (v, nn) = (sm::sbase(G11, w) * 2, n_of(a, b, wave64));
            // a buffer descriptor named by a special pair prints (with a comment)
            (nn == 4 && matches!(v, 106 | 126)) || sreg_ok(v, nn)
        }
        OOp::Soffset => {
            let soff = sm::soffset(G11, w);
            (soff == 124 && sm::offset(G11, w) != 0) || sreg_ok(soff, 1)
        }
        OOp::SdataImm | OOp::Text(..) => true,
        _ => false,
    });
    if ok {
        Ok(2)
    } else {
        Err(())
    }
}

fn ds(w: &[u32; 4], n: usize, wave64: bool) -> R {
    use f::ds as d;
    if n < 2 {
        return Err(());
    }
    let r = orow(OEnc::Ds, d::op(G11, w)).ok_or(())?;
    if !accepted(r, w, 2, wave64) {
        return Err(());
    }
    let ok = r.ops.iter().all(|o| match *o {
        OOp::Reg(name, a, b, _) => {
            let v = match name {
                "vdst" => d::vdst(G11, w),
                "addr" => d::addr(G11, w),
                "data0" => d::data0(G11, w),
                "data1" => d::data1(G11, w),
                _ => return false,
            };
            vreg_ok(v, n_of(a, b, wave64))
        }
        OOp::Text(..) => true,
        _ => false,
    });
    if ok {
        Ok(2)
    } else {
        Err(())
    }
}

/// (atomic, compare-and-swap) of FLAT/GLOBAL/SCRATCH opcode `op`, by the operation's facts.
fn flat_atomic(e: OEnc, op: u32) -> (bool, bool) {
    use crate::op::{rdna3_op, Atomic, Mem};
    let enc = match e {
        OEnc::Flat => "flat",
        OEnc::Scratch => "scratch",
        _ => "global",
    };
    rdna3_op(enc, op).map_or((false, false), |o| {
        let f = o.facts();
        (
            matches!(f.mem, Mem::Atomic | Mem::AtomicRtn),
            matches!(f.traits.rmw, Some(Atomic::CmpSwap | Atomic::FCmpSwap)),
        )
    })
}

fn flat(w: &[u32; 4], n: usize, wave64: bool) -> R {
    use f::flat as fl;
    if n < 2 {
        return Err(());
    }
    let e = match fl::seg(G11, w) {
        0 => OEnc::Flat,
        1 => OEnc::Scratch,
        2 => OEnc::Global,
        _ => return Err(()),
    };
    let r = orow(e, fl::op(G11, w)).ok_or(())?;
    // register fields take any value; the rest must be bits llvm accepts
    let ok = &r.ok[wave64 as usize];
    if w[0] & !ok[0] != 0 || w[1] & 0x0080_0000 & !ok[1] != 0 {
        return Err(());
    }
    let saddr = fl::saddr(G11, w);
    if e == OEnc::Flat && saddr != 124 {
        return Err(());
    }
    // atomics with glc return the old value into vdst (a compare-and-swap the half of its data
    // that is the new value)
    if fl::glc(G11, w) != 0 && r.reg("vdst").is_none() {
        let (atomic, cmpswap) = flat_atomic(e, fl::op(G11, w));
        if let (true, Some((a, b))) = (atomic, r.reg("data")) {
            let mut nn = n_of(a, b, wave64);
            if cmpswap {
                nn /= 2;
            }
            if !vreg_ok(fl::vdst(G11, w), nn) {
                return Err(());
            }
        }
    }
    let ok = r.ops.iter().all(|o| match *o {
        OOp::Reg("vdst", a, b, _) => vreg_ok(fl::vdst(G11, w), n_of(a, b, wave64)),
        OOp::Reg("data", a, b, _) => vreg_ok(fl::data(G11, w), n_of(a, b, wave64)),
        OOp::Reg("addr", ..) => {
            let v = fl::addr(G11, w);
            match e {
                OEnc::Flat => vreg_ok(v, 2),
                OEnc::Global => vreg_ok(v, if saddr == 124 { 2 } else { 1 }),
                _ => fl::sve(G11, w) == 0 || vreg_ok(v, 1),
            }
        }
        OOp::Text("off", _) => {
            saddr == 124
                || (e == OEnc::Scratch && saddr == 127)
                || sreg_ok(saddr, if e == OEnc::Global { 2 } else { 1 })
        }
        OOp::Text(..) => true,
        _ => false,
    });
    if ok {
        Ok(2)
    } else {
        Err(())
    }
}

fn buf(e: OEnc, w: &[u32; 4], n: usize, wave64: bool) -> R {
    use f::mubuf as mb;
    if n < 2 {
        return Err(());
    }
    let op = if e == OEnc::Mubuf {
        mb::op(G11, w)
    } else {
        f::mtbuf::op(G11, w)
    };
    let r = orow(e, op).ok_or(())?;
    let ok = &r.ok[wave64 as usize];
    if w[0] & !ok[0] != 0 || w[1] & 0x00e0_0000 & !ok[1] != 0 {
        return Err(());
    }
    if r.ops.is_empty() {
        // buffer_gl0_inv / buffer_gl1_inv
        return Ok(2);
    }
    // MUBUF and MTBUF place every field but OP alike.
    let soffset = mb::soffset(G11, w);
    let lit = soffset == 255;
    if lit && n < 3 {
        return Err(());
    }
    let k = mb::offen(G11, w) + mb::idxen(G11, w);
    let vaddr = || k == 0 || vreg_ok(mb::vaddr(G11, w), k);
    let ok = r.ops.iter().all(|o| match *o {
        OOp::Reg("vdata", a, b, _) => {
            vreg_ok(mb::vdata(G11, w), n_of(a, b, wave64) + mb::tfe(G11, w))
        }
        OOp::Reg("vaddr", ..) | OOp::Text("off", _) => vaddr(),
        OOp::Reg("srsrc", a, b, _) => sreg_ok(mb::srsrc(G11, w) * 4, n_of(a, b, wave64)),
        OOp::Reg("soffset", ..) => src_ok(soffset, 1, lit),
        OOp::Text(..) => true,
        _ => false,
    });
    if ok {
        Ok(2 + lit as u8)
    } else {
        Err(())
    }
}

fn mimg(w: &[u32; 4], n: usize, wave64: bool) -> R {
    use super::mimg::{mimg_original, mimg_sizes};
    use f::mimg as m;
    if n < 2 {
        return Err(());
    }
    let op = m::op(G11, w);
    let r = orow(OEnc::Mimg, op).ok_or(())?;
    let ok = &r.ok[wave64 as usize];
    if w[0] & !ok[0] & !0x3 != 0 || w[1] & 0x8380_0000 & !ok[1] != 0 {
        return Err(());
    }
    // without a sampler operand the ssamp field must be zero
    if r.reg("ssamp").is_none() && m::ssamp(G11, w) != 0 {
        return Err(());
    }
    // NSA (bit 0): the addresses are listed in one extra dword
    let nsa = m::nsa(G11, w);
    if n < 2 + nsa as usize {
        return Err(());
    }
    let (mut vdata_n, mut naddr) = mimg_sizes(
        op,
        m::dim(G11, w),
        m::a16(G11, w) != 0,
        nsa == 1,
        m::dmask(G11, w).count_ones(),
        m::d16(G11, w) != 0,
        m::tfe(G11, w) != 0,
        m::lwe(G11, w) != 0,
    )
    .ok_or(())?;
    // llvm decodes the variant its table matched (its registers must exist), then resizes it;
    // a resized range past v255 keeps the matched variant
    let (vdata_r, vaddr_r) = (m::vdata(G11, w), m::vaddr(G11, w));
    let (vd0, va0, na0) = mimg_original(op).ok_or(())?;
    if vdata_r + vd0 > 256 || (nsa == 0 && vaddr_r + va0 > 256) {
        return Err(());
    }
    let last_nsa_overflow = nsa == 1 && naddr > 5 && ((w[2] >> 24) & 0xff) + naddr - 4 > 256;
    if vdata_r + vdata_n > 256 || (nsa == 0 && vaddr_r + naddr > 256) || last_nsa_overflow {
        vdata_n = vd0;
        naddr = if nsa == 0 { va0 } else { na0 };
    }
    let ok = r.ops.iter().all(|o| match *o {
        OOp::Reg("vdata", ..) => vreg_ok(vdata_r, vdata_n),
        OOp::Reg("vaddr", ..) => {
            if nsa == 0 {
                vreg_ok(vaddr_r, naddr)
            } else {
                (0..naddr.min(5)).all(|i| {
                    let v = if i == 0 {
                        vaddr_r
                    } else {
                        (w[2] >> (8 * (i - 1))) & 0xff
                    };
                    vreg_ok(v, if i == 4 { naddr - 4 } else { 1 })
                })
            }
        }
        OOp::Reg("srsrc", a, b, _) => sreg_ok(m::srsrc(G11, w) * 4, n_of(a, b, wave64)),
        OOp::Reg("ssamp", a, b, _) => sreg_ok(m::ssamp(G11, w) * 4, n_of(a, b, wave64)),
        OOp::Text(..) => true,
        _ => false,
    });
    if ok {
        Ok(2 + nsa as u8)
    } else {
        Err(())
    }
}

fn vinterp(w: &[u32; 4], n: usize, wave64: bool) -> R {
    use f::vinterp as vi;
    if n < 2 {
        return Err(());
    }
    let r = orow(OEnc::Vinterp, vi::op(G11, w)).ok_or(())?;
    if !accepted(r, w, 2, wave64) {
        return Err(());
    }
    let srcs = [vi::src0(G11, w), vi::src1(G11, w), vi::src2(G11, w)];
    let needs = srcs.contains(&255);
    if needs && n < 3 {
        return Err(());
    }
    let ok = r.ops.iter().all(|o| match *o {
        OOp::Reg("vdst", ..) => vreg_ok(vi::vdst(G11, w), 1),
        OOp::Reg(name, ..) => {
            let v = srcs[match name {
                "src0" => 0,
                "src1" => 1,
                _ => 2,
            }];
            v >= 256 || src_ok(v, 1, needs)
        }
        _ => false,
    });
    if ok {
        Ok(2 + needs as u8)
    } else {
        Err(())
    }
}

fn ldsdir(w: &[u32; 4]) -> R {
    // Bits 23:22 are reserved; opcodes 0 (lds_param_load) and 1 (lds_direct_load).
    if w[0] & 0x00c0_0000 != 0 || f::ldsdir::op(G11, w) > 1 {
        return Err(());
    }
    Ok(1)
}
