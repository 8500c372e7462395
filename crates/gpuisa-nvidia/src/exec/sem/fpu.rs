//! Floating point: fp32 (FADD/FMUL/FFMA, compares, MUFU), fp64, FP16x2 and the conversions.

use super::*;

pub(super) fn exec(warp: &mut Warp, slot: &Slot, f: &Form, exec: u32, env: &mut Env<'_>) -> R {
    let w = slot.word;
    let o = &f.ops;
    let cc_out = o.first().is_some_and(|d| bit(w, d.cc));
    match slot.op {
        Op::Fadd | Op::Fmul | Op::Ffma => farith(warp, env, f, w, exec, slot.op)?,
        Op::Fmnmx | Op::Dmnmx => {
            if cc_out {
                return Err("FMNMX/DMNMX with .CC is not emulated".into());
            }
            let d = dst(w, &o[0]);
            let ftz = mod_set(f, w, "FTZ");
            let p = read_pred(warp, w, &o[3]);
            for l in lanes(exec) {
                let min = p >> l & 1 != 0;
                if slot.op == Op::Dmnmx {
                    let a = dread(warp, env, w, &o[1], l);
                    let b = dread(warp, env, w, &o[2], l);
                    warp.set_reg64(d, l, fp::bits64(fp::fminmax(a, b, min)));
                } else {
                    let a = fread(warp, env, w, &o[1], l, ftz);
                    let b = fread(warp, env, w, &o[2], l, ftz);
                    let r = fp::fminmax(a as f64, b as f64, min) as f32;
                    warp.set_reg(d, l, fp::bits32(r));
                }
            }
        }
        Op::Fsetp | Op::Dsetp | Op::Fset | Op::Dset => {
            let (cond, _) = mod_enum(f, w, "LTU").unwrap_or((0, "F"));
            let ftz = mod_set(f, w, "FTZ");
            let set = matches!(slot.op, Op::Fset | Op::Dset);
            let (ia, ib) = if set { (1, 2) } else { (2, 3) };
            let mut r = 0u32;
            for l in lanes(exec) {
                let (a, b) = if matches!(slot.op, Op::Dsetp | Op::Dset) {
                    (
                        dread(warp, env, w, &o[ia], l),
                        dread(warp, env, w, &o[ib], l),
                    )
                } else {
                    (
                        fread(warp, env, w, &o[ia], l, ftz) as f64,
                        fread(warp, env, w, &o[ib], l, ftz) as f64,
                    )
                };
                r |= (fp::fcompare(cond, a, b) as u32) << l;
            }
            write_compare(warp, f, w, exec, set, r)?;
        }
        Op::Fchk => {
            // P = "the fast division a/b may be inexact": true unless both are normal, finite,
            // and the quotient's exponent stays well inside the normal range. Conservative: a
            // true result only sends the kernel to its (exact) slow path.
            let pd = pdst(w, &o[0]);
            let mut pv = 0u32;
            for l in lanes(exec) {
                let a = fread(warp, env, w, &o[1], l, false);
                let b = fread(warp, env, w, &o[2], l, false);
                let e = |v: f32| ((v.to_bits() >> 23) & 0xff) as i32 - 127;
                let ok = a.is_normal()
                    && b.is_normal()
                    && (-100..=100).contains(&(e(a) - e(b)))
                    && (-100..=125).contains(&e(a))
                    && (-125..=125).contains(&e(b));
                pv |= (!ok as u32) << l;
            }
            warp.set_pred(pd, exec, pv);
        }
        Op::Mufu => {
            let d = dst(w, &o[0]);
            let (code, name) = mod_enum(f, w, "RCP").unwrap_or((15, "?"));
            let sat = mod_set(f, w, "SAT");
            if code == 8 && name != "SQRT" {
                return Err(Fault::new(FaultKind::Invalid, format!("MUFU.{name}")));
            }
            for l in lanes(exec) {
                let v = if code == 6 || code == 7 {
                    fp::mufu64h(code as u64, read(warp, env, w, &o[1], l))
                } else {
                    let a = fread(warp, env, w, &o[1], l, true);
                    let mut r = fp::mufu(code as u64, a)
                        .ok_or_else(|| Fault::new(FaultKind::Invalid, format!("MUFU.{name}")))?;
                    if sat {
                        r = if r.is_nan() { 0.0 } else { r.clamp(0.0, 1.0) };
                    }
                    fp::bits32(r)
                };
                warp.set_reg(d, l, v);
            }
        }
        Op::Rro => {
            let d = dst(w, &o[0]);
            for l in lanes(exec) {
                let a = fread(warp, env, w, &o[1], l, false);
                warp.set_reg(d, l, a.to_bits());
            }
        }
        Op::Dadd | Op::Dmul | Op::Dfma => {
            if cc_out {
                return Err("fp64 arithmetic with .CC is not emulated".into());
            }
            let d = dst(w, &o[0]);
            let mode = rounding(f, w);
            for l in lanes(exec) {
                let a = dread(warp, env, w, &o[1], l);
                let b = dread(warp, env, w, &o[2], l);
                let r = match slot.op {
                    Op::Dadd => fp::add64(a, b, mode),
                    Op::Dmul => fp::mul64(a, b, mode),
                    _ => fp::fma64(a, b, dread(warp, env, w, &o[3], l), mode),
                };
                warp.set_reg64(d, l, fp::bits64(r));
            }
        }
        Op::F2f | Op::F2i | Op::I2f | Op::I2i => convert(warp, env, f, w, exec, slot.op)?,
        Op::Fcmp => {
            let (cond, _) = mod_enum(f, w, "LTU").unwrap_or((0, "F"));
            let ftz = mod_set(f, w, "FTZ");
            let d = dst(w, &o[0]);
            for l in lanes(exec) {
                let a = read(warp, env, w, &o[1], l);
                let b = read(warp, env, w, &o[2], l);
                let c = fread(warp, env, w, &o[3], l, ftz) as f64;
                let v = if fp::fcompare(cond, c, 0.0) { a } else { b };
                warp.set_reg(d, l, v);
            }
        }
        Op::Half => half2(warp, env, f, w, exec)?,
        Op::Hsetp2 => {
            if mod_set(f, w, "H_AND") {
                return Err("HSETP2.H_AND is not emulated".into());
            }
            let (cond, _) = mod_enum(f, w, "LTU").unwrap_or((0, "F"));
            let (_, bop) = mod_enum(f, w, "AND").unwrap_or((0, "AND"));
            let ftz = mod_set(f, w, "FTZ");
            let c = read_pred(warp, w, &o[4]);
            let (mut ru, mut rv) = (0u32, 0u32);
            for l in lanes(exec) {
                let a = hread(warp, env, w, &o[2], l, ftz)?;
                let b = hread(warp, env, w, &o[3], l, ftz)?;
                let pc = c >> l & 1 != 0;
                // Pu from the low halves, Pv from the high halves
                ru |= (boolop(bop, fp::fcompare(cond, a[0], b[0]), pc)? as u32) << l;
                rv |= (boolop(bop, fp::fcompare(cond, a[1], b[1]), pc)? as u32) << l;
            }
            warp.set_pred(pdst(w, &o[0]), exec, ru);
            warp.set_pred(pdst(w, &o[1]), exec, rv);
        }
        _ => return Err(format!("{} is not in the emulated subset", f.mnemonic).into()),
    }
    Ok(())
}

/// An FP16x2 operand as two values (low half, high half), after its swizzle (`.H0_H0`,
/// `.H1_H1`, `.F32`: an f32 rounded to half in both), `|x|` and `-x` (per half).
fn hread(
    warp: &Warp,
    env: &Env<'_>,
    w: u64,
    op: &Operand,
    lane: usize,
    ftz: bool,
) -> Result<[f64; 2], Fault> {
    let v = read(warp, env, w, op, lane);
    let (lo, hi) = (v as u16, (v >> 16) as u16);
    let sw = op.sw.map_or(0, |p| field(w, p, 2));
    let mut h = match sw {
        0 => [lo, hi],
        1 => {
            let x = fp::f64_to_f16(f32::from_bits(v) as f64, Rnd::Rn, false);
            [x, x]
        }
        2 => [lo, lo],
        _ => [hi, hi],
    };
    for x in h.iter_mut() {
        if bit(w, op.abs) {
            *x &= 0x7fff;
        }
        if bit(w, op.neg) {
            *x ^= 0x8000;
        }
    }
    Ok(h.map(|x| {
        let v = fp::f16_to_f64(x);
        if ftz && v != 0.0 && v.abs() < 2f64.powi(-14) {
            0.0f64.copysign(v)
        } else {
            v
        }
    }))
}
/// HADD2 / HMUL2 / HFMA2: two half-precision lanes, each correctly rounded to nearest.
fn half2(warp: &mut Warp, env: &Env<'_>, f: &Form, w: u64, exec: u32) -> R {
    let o = &f.ops;
    // `.MRG_H0` / `.MRG_H1` keep the other half of the destination: a model (ptxas does not
    // emit them for this corpus; no hardware here); `.F32` is not emulated
    let (out_mode, name) = mod_enum(f, w, "MRG_H0").unwrap_or((0, ""));
    if out_mode == 1 {
        return Err(format!("{}.{name} is not emulated", f.mnemonic).into());
    }
    if mod_set(f, w, "INVALID") || mod_set(f, w, "INVALIDFMZ3") {
        return Err(Fault::new(
            FaultKind::Invalid,
            format!("{} with an invalid FMZ field", f.mnemonic),
        ));
    }
    let op = f.mnemonic.trim_end_matches("_32I");
    let ftz = mod_set(f, w, "FTZ");
    let fmz = mod_set(f, w, "FMZ");
    let sat = mod_set(f, w, "SAT");
    let flush = ftz || fmz;
    let d = dst(w, &o[0]);
    // an immediate pair takes two operand slots (high half printed first)
    let imm = matches!(o[2].kind, Kind::Half { .. });
    let half_imm = |op: &Operand| match op.kind {
        Kind::Half { pos, sign, full } => {
            let h = if full {
                field(w, pos, 16)
            } else {
                (field(w, sign, 1) << 15) | (field(w, pos, 9) << 6)
            };
            fp::f16_to_f64(h as u16)
        }
        _ => 0.0,
    };
    let ci = if imm { 4 } else { 3 };
    for l in lanes(exec) {
        let a = hread(warp, env, w, &o[1], l, flush)?;
        let b = if imm {
            [half_imm(&o[3]), half_imm(&o[2])]
        } else {
            hread(warp, env, w, &o[2], l, flush)?
        };
        let c = if op == "HFMA2" {
            Some(hread(warp, env, w, &o[ci], l, flush)?)
        } else {
            None
        };
        let mut r = [0u16; 2];
        for k in 0..2 {
            let zero = fmz && (a[k] == 0.0 || b[k] == 0.0);
            let (hi, lo) = match (op, c) {
                ("HADD2", _) => fp::two_sum(a[k], b[k]),
                (_, Some(c)) => fp::two_sum(if zero { 0.0 } else { a[k] * b[k] }, c[k]),
                _ => (if zero { 0.0 } else { a[k] * b[k] }, 0.0),
            };
            let mut x = hi;
            if sat {
                x = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
            }
            r[k] = fp::pair_to_f16(x, if sat { 0.0 } else { lo }, flush);
        }
        let old = warp.reg(d, l);
        let v = match out_mode {
            2 => (old & 0xffff_0000) | r[0] as u32,
            3 => (old & 0xffff) | (r[1] as u32) << 16,
            _ => r[0] as u32 | (r[1] as u32) << 16,
        };
        warp.set_reg(d, l, v);
    }
    Ok(())
}
/// FADD / FMUL / FMUL32I / FFMA with rounding, FTZ/FMZ, scaling and saturation.
fn farith(warp: &mut Warp, env: &Env<'_>, f: &Form, w: u64, exec: u32, op: Op) -> R {
    let o = &f.ops;
    if bit(w, o[0].cc) {
        return Err("float arithmetic with .CC is not emulated".into());
    }
    let d = dst(w, &o[0]);
    let ftz = mod_set(f, w, "FTZ");
    let fmz = mod_set(f, w, "FMZ");
    let sat = mod_set(f, w, "SAT");
    let mode = rounding(f, w);
    let scale = match mod_enum(f, w, "D2").map(|(i, _)| i) {
        None | Some(0) => 0,
        Some(1) => -1,
        Some(2) => -2,
        Some(3) => -3,
        Some(4) => 3,
        Some(5) => 2,
        Some(6) => 1,
        _ => return Err(Fault::new(FaultKind::Invalid, "invalid FMUL scale")),
    };
    let flush = ftz || fmz;
    for l in lanes(exec) {
        let a = fread(warp, env, w, &o[1], l, flush);
        let b = fread(warp, env, w, &o[2], l, flush);
        // FMZ: 0 * anything (even inf or NaN) is +0
        let zero_product = fmz && (a == 0.0 || b == 0.0);
        let mut r = match op {
            Op::Fadd => fp::add32(a, b, mode),
            Op::Fmul => {
                if zero_product {
                    0.0
                } else {
                    fp::mul32(a, b, scale, mode)
                }
            }
            _ => {
                let c = fread(warp, env, w, &o[3], l, flush);
                if zero_product {
                    fp::add32(0.0, c, mode)
                } else {
                    fp::fma32(a, b, c, mode)
                }
            }
        };
        if flush {
            r = fp::ftz32(r);
        }
        if sat {
            r = if r.is_nan() { 0.0 } else { r.clamp(0.0, 1.0) };
        }
        warp.set_reg(d, l, fp::bits32(r));
    }
    Ok(())
}
/// Integer type of a conversion name part: (bits, signed).
fn int_type(s: &str) -> Option<(u32, bool)> {
    Some(match s {
        "U8" => (8, false),
        "U16" => (16, false),
        "U32" => (32, false),
        "U64" => (64, false),
        "S8" => (8, true),
        "S16" => (16, true),
        "S32" => (32, true),
        "S64" => (64, true),
        _ => return None,
    })
}
/// F2F / F2I / I2F / I2I.
fn convert(warp: &mut Warp, env: &Env<'_>, f: &Form, w: u64, exec: u32, op: Op) -> R {
    let o = &f.ops;
    if bit(w, o[0].cc) {
        return Err("conversions with .CC are not emulated".into());
    }
    let d = dst(w, &o[0]);
    let src_op = &o[1];
    // the DST.SRC enum
    let types = f.mods.iter().find_map(|m| match m {
        Mod::Enum {
            pos: 8,
            width,
            names,
        } => Some(names[field(w, 8, *width) as usize]),
        _ => None,
    });
    let Some((dt, st)) = types.and_then(|t| t.split_once('.')) else {
        return Err(Fault::new(FaultKind::Invalid, "conversion types"));
    };
    let ftz = mod_set(f, w, "FTZ");
    let sat = mod_set(f, w, "SAT");
    let bad = || Fault::from(format!("conversion {dt}.{st} is not emulated"));
    for l in lanes(exec) {
        match op {
            Op::F2f | Op::F2i => {
                let x: f64 = match st {
                    "F16" => {
                        let v = read(warp, env, w, src_op, l);
                        let mut h = if bit(w, src_op.h1) {
                            (v >> 16) as u16
                        } else {
                            v as u16
                        };
                        if bit(w, src_op.abs) {
                            h &= 0x7fff;
                        }
                        if bit(w, src_op.neg) {
                            h ^= 0x8000;
                        }
                        let v = fp::f16_to_f64(h);
                        if ftz && v != 0.0 && v.abs() < 2f64.powi(-14) {
                            0.0f64.copysign(v)
                        } else {
                            v
                        }
                    }
                    "F32" => fread(warp, env, w, src_op, l, ftz) as f64,
                    "F64" => dread(warp, env, w, src_op, l),
                    _ => return Err(bad()),
                };
                if op == Op::F2f {
                    let integral = mod_enum(f, w, "FLOOR");
                    let mut r = match integral {
                        Some((i, _)) => fp::round_int(x, i as u64),
                        None => x,
                    };
                    if sat {
                        r = if r.is_nan() { 0.0 } else { r.clamp(0.0, 1.0) };
                    }
                    let mode = if integral.is_some() {
                        Rnd::Rn
                    } else {
                        rounding(f, w)
                    };
                    match dt {
                        "F32" => {
                            let mut v = if st == "F32" {
                                r as f32
                            } else {
                                fp::round_f32(r, 0.0, mode)
                            };
                            if ftz {
                                v = fp::ftz32(v);
                            }
                            warp.set_reg(d, l, fp::bits32(v))
                        }
                        "F64" => warp.set_reg64(d, l, fp::bits64(r)),
                        "F16" => warp.set_reg(d, l, fp::f64_to_f16(r, mode, ftz) as u32),
                        _ => return Err(bad()),
                    }
                } else {
                    let (bits, signed) = int_type(dt).ok_or_else(bad)?;
                    let (mode, _) = mod_enum(f, w, "TRUNC").unwrap_or((0, ""));
                    let r = fp::round_int(x, mode as u64);
                    let (lo, hi) = if signed {
                        (
                            -(2f64.powi(bits as i32 - 1)),
                            2f64.powi(bits as i32 - 1) - 1.0,
                        )
                    } else {
                        (0.0, 2f64.powi(bits as i32) - 1.0)
                    };
                    // NaN converts to 0; out-of-range values saturate
                    let v = if r.is_nan() { 0.0 } else { r.clamp(lo, hi) };
                    let v = if signed { v as i64 as u64 } else { v as u64 };
                    if bits == 64 {
                        warp.set_reg64(d, l, v);
                    } else {
                        warp.set_reg(d, l, v as u32);
                    }
                }
            }
            Op::I2f => {
                let (bits, signed) = int_type(st).ok_or_else(bad)?;
                let raw = if bits == 64 {
                    read64(warp, env, w, src_op, l)
                } else {
                    read(warp, env, w, src_op, l) as u64
                };
                let mut v: i128 = if signed {
                    let sh = 64 - bits;
                    (((raw << sh) as i64) >> sh) as i128
                } else if bits == 64 {
                    raw as i128
                } else {
                    (raw & ((1u64 << bits) - 1)) as i128
                };
                if bit(w, src_op.abs) {
                    v = v.abs();
                }
                if bit(w, src_op.neg) {
                    v = -v;
                }
                let mode = rounding(f, w);
                let hi = v as f64; // nearest
                let lo = (v - hi as i128) as f64; // exact: |v - hi| < 2^12
                match dt {
                    "F32" => warp.set_reg(d, l, fp::bits32(fp::round_f32(hi, lo, mode))),
                    "F64" => warp.set_reg64(d, l, fp::bits64(fp::round_f64(hi, lo, mode))),
                    _ => return Err(bad()),
                }
            }
            _ => {
                let (sbits, ssigned) = int_type(st).ok_or_else(bad)?;
                let (dbits, dsigned) = int_type(dt).ok_or_else(bad)?;
                let raw = read(warp, env, w, src_op, l) as u64;
                let mut v: i64 = if ssigned {
                    let sh = 64 - sbits;
                    ((raw << sh) as i64) >> sh
                } else {
                    (raw & ((1u64 << sbits) - 1)) as i64
                };
                if bit(w, src_op.abs) {
                    v = v.abs();
                }
                if bit(w, src_op.neg) {
                    v = -v;
                }
                let (lo, hi) = if dsigned {
                    (-(1i64 << (dbits - 1)), (1i64 << (dbits - 1)) - 1)
                } else {
                    (0, (1i64 << dbits) - 1)
                };
                let r = if sat {
                    v.clamp(lo, hi)
                } else {
                    // truncate to the destination width, then extend as its type
                    let sh = 64 - dbits;
                    if dsigned {
                        ((v as u64) << sh) as i64 >> sh
                    } else {
                        (((v as u64) << sh) >> sh) as i64
                    }
                };
                warp.set_reg(d, l, r as u32);
            }
        }
    }
    Ok(())
}
