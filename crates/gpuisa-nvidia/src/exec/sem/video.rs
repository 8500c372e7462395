//! The video instructions VADD, VABSDIFF, VMNMX, VSET, VSHL, VSHR, VMAD (PTX `vadd`, `vsub`,
//! `vabsdiff`, `vmin`, `vmax`, `vset`, `vshl`, `vshr`, `vmad`), after the PTX ISA's pseudocode:
//! each source's part is selected and sign- or zero-extended (`partSelectSignExtend`), the
//! operation is done exactly, the result saturated to the destination's type (and the merge's
//! width), then combined with C: `.ACC` adds it, `.MIN`/`.MAX` take the minimum/maximum, the
//! merges `.MRG_16H/16L/8B0/8B2` put the low 16 or 8 bits into that part of C, no mode returns the
//! result alone. Fields (all forms): A signed bit 48, B signed 49 (VSHL/VSHR: `.W`, wrap instead of
//! clamp), B a register 50 (else a 16-bit immediate at 20), selectors A 36-38 / B 28-30 (bytes
//! 0-3, halves 4-5, word 6), mode 51-53, `.SAT` 55, destination signed 54 (VADD/VMNMX/VSHL/VSHR
//! print `.UD` when clear; VABSDIFF prints `.SD` when set; VSET's compare is 54-56), VADD's
//! negations 57 (A) and 56 (B) with both meaning `.PO` (+1), VMNMX's `.MX` 56.

use super::*;

/// Part `sel` of `v`, extended to i64 (`signed`): bytes 0-3, halves 4-5, the word 6.
fn part(v: u32, sel: u64, signed: bool) -> Result<i64, Fault> {
    Ok(match sel {
        0..=3 => {
            let b = (v >> (8 * sel)) as u8;
            if signed {
                b as i8 as i64
            } else {
                b as i64
            }
        }
        4 | 5 => {
            let h = (v >> (16 * (sel - 4))) as u16;
            if signed {
                h as i16 as i64
            } else {
                h as i64
            }
        }
        6 => {
            if signed {
                v as i32 as i64
            } else {
                v as i64
            }
        }
        _ => {
            return Err(Fault::new(
                FaultKind::Invalid,
                "video selector 7 is invalid",
            ))
        }
    })
}

/// VMAD (PTX `vmad`): `(a * b) + c` over the selected parts, the product negated (bit 54) or C
/// negated (bit 53) as one's complement plus one, both bits = `.PO` (+1), `.SHR_7`/`.SHR_15`
/// (bits 51-52) on the 128-bit sum, `.SAT` (55) to the signed or unsigned 32-bit range of the
/// final type, which is signed when A or B is or a negation is used (the PTX ISA's pseudocode).
fn vmad(warp: &mut Warp, env: &Env<'_>, f: &Form, w: u64, exec: u32) -> R {
    let o = &f.ops;
    let (sa, sb) = (field(w, 48, 1) != 0, field(w, 49, 1) != 0);
    let b_reg = field(w, 50, 1) != 0;
    let (asel, bsel) = (field(w, 36, 3), field(w, 28, 3));
    let (np, nc) = (field(w, 54, 1) != 0, field(w, 53, 1) != 0);
    let po = np && nc;
    let scale = match field(w, 51, 2) {
        0 => 0,
        1 => 7,
        2 => 15,
        _ => return Err(Fault::new(FaultKind::Invalid, "VMAD scale 3 is invalid")),
    };
    let sat = field(w, 55, 1) != 0;
    let signed = sa || sb || (!po && (np || nc));
    let d = dst(w, &o[0]);
    for l in lanes(exec) {
        let ta = part(read(warp, env, w, &o[1], l), asel, sa)? as i128;
        let tb = if b_reg {
            part(warp.reg(field(w, 20, 8) as u8, l), bsel, sb)? as i128
        } else {
            let v = field(w, 20, 16);
            (if sb { v as u16 as i16 as i64 } else { v as i64 }) as i128
        };
        let mut c = read(warp, env, w, &o[3], l);
        let mut tmp = ta * tb;
        let mut lsb = 0i128;
        if po {
            lsb = 1;
        } else if np {
            tmp = !tmp;
            lsb = 1;
        } else if nc {
            c = !c;
            lsb = 1;
        }
        let c128 = if signed { c as i32 as i128 } else { c as i128 };
        let r = (tmp + c128 + lsb) >> scale;
        // the low 64 bits, as the pseudocode's `result`
        let r64 = r as u64;
        let v = if !sat {
            r64 as u32
        } else if signed {
            (r64 as i64).clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32
        } else {
            r64.min(u32::MAX as u64) as u32
        };
        warp.set_reg(d, l, v);
    }
    Ok(())
}

pub(super) fn exec(warp: &mut Warp, slot: &Slot, f: &Form, exec: u32, env: &mut Env<'_>) -> R {
    let w = slot.word;
    let o = &f.ops;
    if o.first().is_some_and(|d| bit(w, d.cc)) {
        return Err(format!("{} with .CC is not emulated", f.mnemonic).into());
    }
    let m = f.mnemonic;
    if m == "VMAD" {
        return vmad(warp, env, f, w, exec);
    }
    let a_signed = field(w, 48, 1) != 0;
    let shift = matches!(m, "VSHL" | "VSHR");
    let b_signed = !shift && field(w, 49, 1) != 0;
    let wrap = shift && field(w, 49, 1) != 0;
    let b_reg = field(w, 50, 1) != 0;
    let (asel, bsel) = (field(w, 36, 3), field(w, 28, 3));
    let mode = field(w, 51, 3);
    let sat = m != "VSET" && field(w, 55, 1) != 0;
    let d_signed = m != "VSET" && field(w, 54, 1) != 0;
    let (na, nb) = (field(w, 57, 1) != 0, field(w, 56, 1) != 0);
    let cmp = field(w, 54, 3);
    let d = dst(w, &o[0]);
    let c_op = o.last().ok_or("a video instruction without operands")?;
    for l in lanes(exec) {
        let ta = part(read(warp, env, w, &o[1], l), asel, a_signed)?;
        let tb = if b_reg {
            part(warp.reg(field(w, 20, 8) as u8, l), bsel, b_signed)?
        } else {
            let v = field(w, 20, 16);
            if b_signed {
                v as u16 as i16 as i64
            } else {
                v as i64
            }
        };
        let c = read(warp, env, w, c_op, l);
        let (ta, tb) = (ta as i128, tb as i128);
        let tmp: i128 = match m {
            "VADD" if na && nb => ta + tb + 1,
            "VADD" => (if na { -ta } else { ta }) + (if nb { -tb } else { tb }),
            "VABSDIFF" => (ta - tb).abs(),
            "VMNMX" if field(w, 56, 1) != 0 => ta.max(tb),
            "VMNMX" => ta.min(tb),
            "VSET" => {
                let r = match cmp {
                    0 => false,
                    1 => ta < tb,
                    2 => ta == tb,
                    3 => ta <= tb,
                    4 => ta > tb,
                    5 => ta != tb,
                    6 => ta >= tb,
                    _ => true,
                };
                r as i128
            }
            "VSHL" | "VSHR" => {
                let n = if wrap { tb & 31 } else { tb.clamp(0, 32) };
                if m == "VSHL" {
                    ta << n
                } else {
                    ta >> n
                }
            }
            _ => return Err(format!("{m} is not emulated").into()),
        };
        // saturation to the destination's type, at the merge's width
        let bits = match mode {
            0 | 1 => 16,
            2 | 3 => 8,
            _ => 32,
        };
        let tmp = if sat {
            let (lo, hi) = if d_signed {
                (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
            } else {
                (0, (1i128 << bits) - 1)
            };
            tmp.clamp(lo, hi)
        } else {
            tmp
        };
        let t = tmp as u32;
        let v = match mode {
            0 => (c & 0xffff) | (t << 16),
            1 => (c & 0xffff_0000) | (t & 0xffff),
            2 => (c & 0xffff_ff00) | (t & 0xff),
            3 => (c & 0xff00_ffff) | ((t & 0xff) << 16),
            4 => t.wrapping_add(c),
            5 | 6 => {
                let (x, y) = if d_signed {
                    (t as i32 as i64, c as i32 as i64)
                } else {
                    (t as i64, c as i64)
                };
                (if mode == 5 { x.min(y) } else { x.max(y) }) as u32
            }
            _ => t,
        };
        warp.set_reg(d, l, v);
    }
    Ok(())
}
