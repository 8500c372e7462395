//! Scalar memory: SMRD (gfx6/gfx7) and SMEM (gfx8/gfx9).

use super::*;
use crate::fields::G;

pub(crate) fn smrd<W: Sink>(gen: Gen, w: &[u32; 3], out: &mut W) -> R {
    let w0 = w[0];
    let g = G::of(gen);
    use fields::smrd as f;
    let op = f::op(g, w);
    let e = entry(gen, Enc::Smrd, op)?;
    let off = f::offset(g, w);
    let imm = f::imm(g, w);
    let sbase = f::sbase(g, w) * 2;
    let sdata = f::sdst(g, w);
    head(out, e);
    let mut first = true;
    let mut len = 1;
    for o in &e.operands {
        sep(out, &mut first);
        let ok = match *o {
            Operand::Field {
                field: Field::Sdata,
                n,
                ..
            } => write_smem_sdata(out, gen, sdata, n as u32),
            Operand::Field {
                field: Field::Sbase,
                n,
                ..
            } => write_sres(out, gen, sbase, n as u32),
            Operand::Field {
                field: Field::Offset,
                ..
            } => {
                if imm != 0 {
                    hex32(out, off);
                    true
                } else if off == 255 && gen == Gen::Gfx7 {
                    // gfx7: a 32-bit literal offset follows.
                    len = 2;
                    hex32(out, w[1]);
                    true
                } else {
                    write_sreg(out, gen, off, 1)
                }
            }
            Operand::Text(t) => {
                out.push_str(t);
                true
            }
            _ => false,
        };
        if !ok {
            return Err(());
        }
    }
    if e.operands.is_empty() && w0 & 0x003f_ffff != 0 {
        return Err(());
    }
    Ok(Decoded::with(len, Enc::Smrd, op as u16, CLASS_ENC))
}

// ---------------------------------------------------------------- SMEM

pub(crate) fn smem<W: Sink>(gen: Gen, w: &[u32; 3], out: &mut W) -> R {
    let g = G::of(gen);
    use fields::smem as f;
    let op = f::op(g, w);
    let e = entry(gen, Enc::Smem, op)?;
    if !e.bits_ok(w, 1) {
        return Err(());
    }
    let sbase = f::sbase(g, w) * 2;
    let sdata = f::sdata(g, w);
    let glc = f::glc(g, w);
    let imm = f::imm(g, w);
    let (soe, nv) = (f::soe(g, w), f::nv(g, w));

    for z in &e.zero {
        let v = match z {
            Field::Sdata => sdata,
            Field::Sbase => sbase,
            _ => 0,
        };
        if v != 0 {
            return Err(());
        }
    }
    let w1 = w[1];
    head(out, e);
    let mut first = true;
    for o in &e.operands {
        match *o {
            Operand::Field { field, n, .. } => {
                let n = n as u32;
                let ok = match field {
                    Field::Sdata => {
                        sep(out, &mut first);
                        let at = out.n_warnings();
                        let ok = write_smem_sdata(out, gen, sdata, n);
                        if glc != 0 && e.mnemonic.contains("_atomic") {
                            out.repeat_warnings(at);
                        }
                        ok
                    }
                    Field::SdataImm => {
                        sep(out, &mut first);
                        write_u16(out, sdata);
                        true
                    }
                    Field::Sbase => {
                        sep(out, &mut first);
                        write_sres(out, gen, sbase, n)
                    }
                    Field::Offset => {
                        sep(out, &mut first);
                        smem_offset(out, gen, imm, soe, w1)
                    }
                    _ => false,
                };
                if !ok {
                    return Err(());
                }
            }
            Operand::Text(t) => {
                sep(out, &mut first);
                out.push_str(t)
            }
        }
    }

    // s_atc_probe* (an immediate instead of sdata) never print glc.
    if glc != 0 && e.has(Field::Sdata) && e.has(Field::Offset) {
        out.push_str(" glc");
    }
    let _ = nv;
    Ok(Decoded::with(2, Enc::Smem, op as u16, CLASS_ENC))
}

/// SMEM data registers: llvm-mc's classes exclude m0/exec (32/64-bit) and every special pair
/// (128+ bits); it prints such registers with a note. Odd special pairs are rejected.
#[inline(never)]
pub(crate) fn write_smem_sdata<W: Sink>(out: &mut W, gen: Gen, v: u32, n: u32) -> bool {
    if n >= 2 && v % 2 != 0 && ((102..ttmp_start(gen)).contains(&v) || v == 127) {
        return false;
    }
    let note = match (n, v) {
        (1, 124 | 126 | 127) => "32_XM0_XEXEC",
        (2, 126) => "64_XEXEC",
        (4, _) => "128",
        (8, _) => "256",
        (16, _) => "512",
        _ => return write_sreg(out, gen, v, n),
    };
    if n >= 4 {
        return write_sres(out, gen, v, n);
    }
    if !write_sreg(out, gen, v, n) {
        return false;
    }
    out.push_str("/*Invalid register, operand has 'SReg_");
    out.push_str(note);
    out.push_str("' register class*/");
    true
}

#[inline(never)]
pub(crate) fn smem_offset<W: Sink>(out: &mut W, gen: Gen, imm: u32, soe: u32, w1: u32) -> bool {
    if gen >= Gen::Gfx9 {
        let off = ((w1 << 11) as i32) >> 11;
        let soff = w1 >> 25;
        let hex = crate::gcn::fmt::shex32;
        match (imm, soe) {
            (1, 0) => hex(out, off),
            (0, 0) => return write_sreg(out, gen, w1 & 0x7f, 1),
            (0, _) => return write_sreg(out, gen, soff, 1),
            _ => {
                if !write_sreg(out, gen, soff, 1) {
                    return false;
                }
                out.push_str(" offset:");
                hex(out, off);
            }
        }
        true
    } else if imm != 0 {
        hex32(out, w1 & 0xf_ffff);
        true
    } else {
        write_sreg(out, gen, w1 & 0x7f, 1)
    }
}
