//! SDWA and DPP: the 32-bit VALU encodings with a second word of operand selects or lane
//! controls.

#[allow(unused_imports)]
use super::*;
use crate::gcn::inst::Ext;

pub(super) const SELS: [&str; 7] = [
    "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD",
];

/// The last `name:value` modifier (CLRX lets a later one override an earlier one).
pub(super) fn last_value<'a>(p: &'a Parsed, name: &str) -> Option<(&'a str, Span)> {
    p.mods
        .iter()
        .rev()
        .find(|(k, v, _)| k == name && v.is_some())
        .map(|(_, v, s)| (v.as_deref().unwrap_or(""), *s))
}

/// An SDWA selector: LLVM's `BYTE_0`..`DWORD`, CLRX's `byte0`, `byte_0`, `b0`, `word1`, `w1`,
/// `dword`, or the number.
pub(super) fn sel(p: &Parsed, name: &str, default: u32) -> Result<u32, AsmError> {
    match last_value(p, name) {
        Some((v, s)) => {
            let v = v.strip_prefix('@').unwrap_or(v);
            // Lower case without `_`, on the stack (a longer text is no name: "").
            let mut buf = [0u8; 8];
            let mut n = 0;
            for b in v.bytes().filter(|&b| b != b'_') {
                match buf.get_mut(n) {
                    Some(x) => *x = b.to_ascii_lowercase(),
                    None => {
                        n = 0;
                        break;
                    }
                }
                n += 1;
            }
            let l = std::str::from_utf8(&buf[..n]).unwrap_or("");
            let named = match l {
                "byte0" | "b0" => Some(0),
                "byte1" | "b1" => Some(1),
                "byte2" | "b2" => Some(2),
                "byte3" | "b3" => Some(3),
                "word0" | "w0" => Some(4),
                "word1" | "w1" => Some(5),
                "dword" | "d" => Some(6),
                _ => None,
            };
            named
                .or_else(|| {
                    parse_int(v)
                        .filter(|x| (0..7).contains(x))
                        .map(|x| x as u32)
                })
                .ok_or_else(|| AsmError {
                    span: s,
                    message: format!("{name} must be one of {}", SELS.join(", ")),
                })
        }
        None => Ok(default),
    }
}

/// `dst_unused:` (CLRX also `dst_un:`): LLVM's `UNUSED_PAD`/`UNUSED_SEXT`/`UNUSED_PRESERVE`,
/// CLRX's `pad`/`sext`/`preserve` or the number; `None` if absent.
pub(super) fn dst_unused(p: &Parsed) -> Result<Option<u32>, AsmError> {
    let v = p
        .mods
        .iter()
        .rev()
        .find(|(k, v, _)| (k == "dst_unused" || k == "dst_un") && v.is_some())
        .map(|(_, v, s)| (v.as_deref().unwrap_or(""), *s));
    let Some((v, s)) = v else {
        return Ok(None);
    };
    let l = v.trim_start_matches('@');
    let l = strip_prefix_ci(l, "unused_").unwrap_or(l);
    let named = ["pad", "sext", "preserve"]
        .iter()
        .position(|n| n.eq_ignore_ascii_case(l));
    match named {
        Some(i) => Ok(Some(i as u32)),
        // (`parse_int` reads hex digits in either case.)
        None => match parse_int(l) {
            Some(x @ 0..=2) => Ok(Some(x as u32)),
            _ => err(
                s,
                "dst_unused is UNUSED_PAD, UNUSED_SEXT or UNUSED_PRESERVE",
            ),
        },
    }
}

/// SDWA (`_sdwa`) and DPP (`_dpp`) forms of a VOP1/VOP2/VOPC entry.
pub fn sdwa_dpp(
    gen: Gen,
    enc: Enc,
    e: &'static Entry,
    p: &Parsed,
    dpp: bool,
    whole: Span,
) -> Result<Encoded, AsmError> {
    let fields: &[Operand] = &e.operands;
    if p.vals.len() != fields.len() {
        return err(
            whole,
            format!(
                "'{}' takes {} operands, {} given",
                e.mnemonic,
                fields.len(),
                p.vals.len()
            ),
        );
    }
    // gfx9's SDWA: scalar sources (S0/S1), any SGPR pair as a compare's mask (SD), omod.
    let g = G::of(gen);
    let g9 = f::sdwa::has_s0(g);
    if !dpp && g9 && e.mnemonic.starts_with("v_mac_") {
        return err(whole, "v_mac_* has no SDWA form on gfx9");
    }
    let mut t = TInst::blank(e.id, enc, gen, 2, [0; 3]);
    t.entry = Some(e);
    t.ext = if dpp { Ext::Dpp } else { Ext::Sdwa };
    for (f, (v, m, s)) in fields.iter().zip(p.vals.iter()) {
        match *f {
            Operand::Field { field, n, ty } => {
                if n >= 2 {
                    return err(*s, "64-bit operands have no SDWA/DPP form");
                }
                if field == Field::Vdst {
                    no_mods(m, *s)?;
                    t.vdst = check_reg(v, true, 1, *s, "destination")? as u16;
                    continue;
                }
                let i: usize = match field {
                    Field::Src0 => 0,
                    Field::Vsrc1 => 1,
                    _ => return err(*s, "unsupported operand"),
                };
                // CLRX also sets sext on float and neg/abs on integer operands (llvm-mc
                // rejects both; the bits exist). DPP has no sext, except that v_ldexp_f16's
                // integer exponent writes its sext() in the neg bit (as the decoder prints it).
                let ldexp_exp = dpp && i == 1 && e.mnemonic.starts_with("v_ldexp_f16");
                if m.sext && dpp && !(ldexp_exp && !m.neg && !m.abs) {
                    return err(*s, "this modifier does not apply to this operand type");
                }
                // The operand code: a VGPR (256 + n), or on gfx9 SDWA an SGPR or constant (S0/S1).
                let code = match v {
                    Val::Reg {
                        code, vgpr: true, ..
                    } => *code,
                    Val::Reg { code: 254, .. } => {
                        return err(*s, "lds_direct cannot be used with SDWA or DPP")
                    }
                    Val::Reg { code, .. } if !dpp && g9 && *code < 256 => *code,
                    _ if !dpp && g9 => {
                        encode_src(gen, v, 1, ty, &mut None, false).map_err(|x| AsmError {
                            span: *s,
                            message: x,
                        })?
                    }
                    _ => return err(*s, "expected a vector register"),
                };
                t.src[i] = code as u16;
                if ldexp_exp {
                    if m.neg || m.abs {
                        return err(*s, "this modifier does not apply to this operand type");
                    }
                    t.neg |= (m.sext as u8) << i;
                } else {
                    t.neg |= (m.neg as u8) << i;
                    t.abs |= (m.abs as u8) << i;
                    t.sdwa.src_sext[i] |= m.sext && !dpp;
                }
            }
            Operand::Text(txt) => {
                if enc == Enc::Vopc && !dpp && g9 && !text_ok(txt, v) {
                    // VOPC SDWA on gfx9 may write its mask to any SGPR pair.
                    t.sdst = sreg8(v, 2, *s, "mask destination")? as u16;
                    t.sdwa.sd = true;
                } else if !text_ok(txt, v) {
                    return err(*s, format!("expected '{txt}'"));
                }
            }
        }
    }
    // Every SDWA/DPP modifier but these three takes a value (`dst_sel:WORD_1`, `wave_shl:1`).
    for (k, v, s) in &p.mods {
        // CLRX also writes `wave_shl`, `bound_ctrl`, `row_hmirror`, `row_bcast15` bare.
        let bare_ok = matches!(
            &**k,
            "clamp"
                | "row_mirror"
                | "row_half_mirror"
                | "row_hmirror"
                | "row_bcast15"
                | "row_bcast31"
                | "wave_shl"
                | "wave_rol"
                | "wave_shr"
                | "wave_ror"
                | "bound_ctrl"
        );
        if v.is_none() && !bare_ok {
            return err(*s, format!("'{k}' needs a value ({k}:...)"));
        }
    }
    if dpp {
        check_mods(
            p,
            &[
                "quad_perm",
                "row_shl",
                "row_shr",
                "row_ror",
                "wave_shl",
                "wave_rol",
                "wave_shr",
                "wave_ror",
                "row_mirror",
                "row_half_mirror",
                "row_hmirror",
                "row_bcast",
                "row_bcast15",
                "row_bcast31",
                "row_mask",
                "bank_mask",
                "bound_ctrl",
            ],
        )?;
        let mut ctrl = None;
        for (k, v, s) in &p.mods {
            let num = |lo: i64, hi: i64| -> Result<u32, AsmError> {
                v.as_deref()
                    .and_then(parse_int)
                    .filter(|x| (lo..=hi).contains(x))
                    .map(|x| x as u32)
                    .ok_or_else(|| AsmError {
                        span: *s,
                        message: format!("{k} needs a value {lo}..{hi}"),
                    })
            };
            let c = match &**k {
                "quad_perm" => {
                    let Some(b) = bitlist_vals(v.as_deref().unwrap_or("")) else {
                        return err(*s, "quad_perm takes [a,b,c,d] with values 0..3");
                    };
                    b
                }
                "row_shl" => 0x100 | num(1, 15)?,
                "row_shr" => 0x110 | num(1, 15)?,
                "row_ror" => 0x120 | num(1, 15)?,
                // Bare or `:1` (CLRX).
                "wave_shl" | "wave_rol" | "wave_shr" | "wave_ror" => {
                    if v.is_some() {
                        num(1, 1)?;
                    }
                    match &**k {
                        "wave_shl" => 0x130,
                        "wave_rol" => 0x134,
                        "wave_shr" => 0x138,
                        _ => 0x13c,
                    }
                }
                "row_mirror" => 0x140,
                "row_half_mirror" | "row_hmirror" => 0x141,
                "row_bcast15" => 0x142,
                "row_bcast31" => 0x143,
                "row_bcast" => match num(15, 31)? {
                    15 => 0x142,
                    31 => 0x143,
                    _ => return err(*s, "row_bcast is 15 or 31"),
                },
                _ => continue,
            };
            ctrl = Some(c);
        }
        // Without a control CLRX uses the identity quad_perm:[0,1,2,3] (llvm-mc wants one).
        t.dpp.ctrl = ctrl.unwrap_or(0xe4) as u16;
        let mask = |name: &str| -> Result<u8, AsmError> {
            Ok(modval(p, name)?.map_or(0xf, |(x, _)| x as u8 & 0xf))
        };
        t.dpp.row_mask = mask("row_mask")?;
        t.dpp.bank_mask = mask("bank_mask")?;
        let bc = p.mods.iter().rev().find(|(k, _, _)| k == "bound_ctrl");
        let bc_set = match bc {
            None => false,
            Some((_, None, _)) => true,
            // LLVM: `bound_ctrl:0` and `bound_ctrl:1` both set the bit; CLRX's
            // `bound_ctrl:0:expr` / `bound_ctrl:1:expr` set it when expr is nonzero.
            Some((_, Some(v), s)) => match v.split_once(':') {
                None if matches!(parse_int(v.trim()), Some(0 | 1)) => true,
                Some((a, b)) if matches!(parse_int(a.trim()), Some(0 | 1)) => {
                    match parse_int(b.trim()) {
                        Some(x) => x != 0,
                        None => return err(*s, "bound_ctrl:0:expr needs a number"),
                    }
                }
                _ => return err(*s, "bound_ctrl is 0 or 1"),
            },
        };
        t.dpp.bound_ctrl = bc_set;
    } else {
        check_mods(
            p,
            &[
                "clamp",
                "mul",
                "div",
                "dst_sel",
                "dst_unused",
                "dst_un",
                "src0_sel",
                "src1_sel",
                "sext",
                "neg",
                "abs",
            ],
        )?;
        if enc != Enc::Vopc {
            let dst_sel = sel(p, "dst_sel", 6)?;
            // llvm-mc-19: v_mac_*_sdwa (which reads its destination) writes the whole dword.
            if dst_sel != 6 && e.mnemonic.starts_with("v_mac_") {
                let at = p.value("dst_sel").map_or(Span::default(), |x| x.1);
                return err(at, "invalid operand for instruction");
            }
            t.sdwa.dst_sel = dst_sel as u8;
            t.sdwa.dst_unused = dst_unused(p)?.unwrap_or(2) as u8;
        } else if !g9 {
            // CLRX: gfx8 VOPC SDWA keeps dst_sel/dst_unused bits when written (LLVM: none).
            if last_value(p, "dst_sel").is_some() {
                t.sdwa.dst_sel = sel(p, "dst_sel", 6)? as u8;
            }
            if let Some(du) = dst_unused(p)? {
                t.sdwa.dst_unused = du as u8;
            }
        }
        if p.flag("clamp") {
            // llvm-mc: no clamp on gfx9 VOPC SDWA.
            if g9 && enc == Enc::Vopc {
                return err(whole, "no clamp on a gfx9 SDWA compare");
            }
            t.clamp = true;
        }
        let omod = match (modval(p, "mul")?, modval(p, "div")?) {
            (Some((2, _)), None) => 1,
            (Some((4, _)), None) => 2,
            (None, Some((2, _))) => 3,
            (None, None) => 0,
            (Some((_, s)), _) | (_, Some((_, s))) => {
                return err(s, "output modifier must be mul:2, mul:4 or div:2")
            }
        };
        // (CLRX also puts an output modifier on integer gfx9 SDWA instructions.)
        if omod != 0 && (!g9 || enc == Enc::Vopc) {
            return err(whole, "no output modifier here");
        }
        if enc != Enc::Vopc {
            t.omod = omod;
        }
        // CLRX: sext:/neg:/abs: masks (bit 0 = src0, bit 1 = src1).
        let sext = srcmask(p, "sext")?;
        t.sdwa.src_sext[0] |= sext & 1 != 0;
        t.sdwa.src_sext[1] |= sext & 2 != 0;
        t.neg |= (srcmask(p, "neg")? & 3) as u8;
        t.abs |= (srcmask(p, "abs")? & 3) as u8;
        t.sdwa.src_sel[0] = sel(p, "src0_sel", 6)? as u8;
        if enc != Enc::Vop1 {
            t.sdwa.src_sel[1] = sel(p, "src1_sel", 6)? as u8;
        }
    }
    let (words, len) = encode(&t).map_err(|er| AsmError {
        span: whole,
        message: er.to_string(),
    })?;
    Ok(Encoded {
        words: Words::new(&words[..len]),
        enc,
        label: None,
    })
}

pub(super) fn bitlist_vals(v: &str) -> Option<u32> {
    let inner = v.trim().strip_prefix('[')?.strip_suffix(']')?;
    let mut r = 0;
    if inner.split(',').count() != 4 {
        return None;
    }
    for (i, x) in inner.split(',').enumerate() {
        // Any integer spelling (llvm-mc takes `0x3`).
        let n = super::parse_int(x.trim()).filter(|n| (0..4).contains(n))?;
        r |= (n as u32) << (2 * i);
    }
    Some(r)
}
