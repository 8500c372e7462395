//! gfx11 VALU encodings: VOP1/VOP2/VOPC, VOP3/VOP3P and their DPP forms, from a row's operand
//! template; the constant bus count.

#[allow(unused_imports)]
use super::*;

/// Source-operand modifiers written around a 9-bit source.
pub(super) fn strip_mods(t: &str) -> (&str, bool, bool, bool) {
    let (mut s, mut neg, mut abs, mut sext) = (t, false, false, false);
    if let Some(x) = s.strip_prefix("sext(").and_then(|x| x.strip_suffix(')')) {
        s = x;
        sext = true;
    }
    if let Some(x) = s.strip_prefix("neg(").and_then(|x| x.strip_suffix(')')) {
        s = x;
        neg = true;
    } else if let Some(x) = s.strip_prefix("-|") {
        if let Some(y) = x.strip_suffix('|') {
            s = y;
            neg = true;
            abs = true;
        }
    } else if let Some(x) = s.strip_prefix('-') {
        if x.starts_with('v')
            || x.starts_with('s')
            || x.starts_with('|')
            || x.starts_with("ttmp")
            || x.starts_with("vcc")
            || x.starts_with("exec")
            || x.starts_with("m0")
            || x.starts_with("null")
        {
            s = x;
            neg = true;
        }
    }
    if !abs {
        if let Some(x) = s.strip_prefix('|').and_then(|x| x.strip_suffix('|')) {
            s = x;
            abs = true;
        }
    }
    (s, neg, abs, sext)
}

pub(super) struct Enc32 {
    vals: [(Field, u32); 5],
    lit: Option<u32>,
    /// (neg, abs) per source (`sext(...)` sets the neg bit too)
    mods: [(bool, bool); 3],
    /// Sources written with `-`/`neg(...)`, with `sext(...)`, with `|...|` (bit per source).
    neg: u8,
    sext: u8,
    abs: u8,
}

impl Enc32 {
    /// The source modifiers written are ones the form prints (neg, sext, abs masks per source).
    fn mods_within(&self, neg: u8, sext: u8, abs: u8) -> bool {
        self.neg & !neg == 0 && self.sext & !sext == 0 && self.abs & !abs == 0
    }
}

/// What the decoder prints with an "invalid register"/"invalid immediate" comment for this
/// 9-bit source value (so llvm-mc does not take it there): VGPRs outside the operand's VGPR
/// class, constants in a VGPR-only operand, SGPRs in a VGPR-only operand, EXEC in an XEXEC one.
fn src9_invalid(v: u32, class: Class, vcmt: &str, scmt: &str, bad_imm: bool, n: u32) -> bool {
    if v >= 256 {
        let r = v - 256;
        return class != Class::Y
            && (r + n.max(1) > 256 || !vcmt.is_empty() && (!vcmt.contains("Lo128") || r >= 128));
    }
    if crate::rdna3::decode::is_const(v) {
        return bad_imm;
    }
    if v == 254 {
        return !scmt.is_empty() && !scmt.contains("OrLds")
            || scmt.is_empty() && vcmt.starts_with("SReg");
    }
    if v < 128 && v != 124 {
        return !scmt.is_empty() || (126..128).contains(&v) && vcmt.contains("XEXEC");
    }
    false
}

pub(super) fn set(vals: &mut [(Field, u32); 5], f: Field, v: u32) {
    if let Some(x) = vals.iter_mut().find(|x| x.0 == f) {
        x.1 = v;
    }
}

/// Parses the operands of a VALU row template into field values.
pub(super) fn valu_fields(row: &Row, ops: &[&str], wave64: bool, dpp: bool) -> Option<Enc32> {
    if ops.len() != row.operands.len() {
        return None;
    }
    let mut e = Enc32 {
        vals: [
            (Field::Vdst, 0),
            (Field::Sdst, 0),
            (Field::Src0, 0),
            (Field::Src1, 0),
            (Field::Src2, 0),
        ],
        lit: None,
        mods: [(false, false); 3],
        neg: 0,
        sext: 0,
        abs: 0,
    };
    let mut vsrc1 = 0;
    for (o, t) in row.operands.iter().zip(ops) {
        match *o {
            Operand::Text(a, b) => {
                if *t != if wave64 { b } else { a } {
                    return None;
                }
            }
            Operand::Field {
                field,
                class,
                n32,
                n64,
                ty,
                ..
            } => {
                let n = if wave64 { n64 } else { n32 } as u32;
                match class {
                    Class::K => {
                        // (printed as the dword in hex: a float name is another text)
                        parse_int(t)?;
                        if !lit16_fits(t, ty) {
                            return None;
                        }
                        let l = crate::rdna3::asm_operand::parse_literal(t, Ty::B32)?;
                        if e.lit.is_some_and(|x| x != l) {
                            return None;
                        }
                        e.lit = Some(l);
                    }
                    Class::S => {
                        // llvm also takes special sources here
                        let v = match parse_sreg(t, n) {
                            Some(v) => v,
                            None => {
                                // special sources only: constants print as invalid
                                // (in an 8-bit field: the VOP3 SDST field has 7 bits)
                                let (v, _) = parse_src9(t, n, Ty::B32)?;
                                if v >= 254
                                    || crate::rdna3::decode::is_const(v)
                                    || field == Field::Sdst
                                {
                                    return None;
                                }
                                v
                            }
                        };
                        set(&mut e.vals, field, v);
                    }
                    Class::V | Class::H | Class::L => {
                        let (s, neg, abs, sext) = strip_mods(t);
                        let (r, c, half) = parse_vreg(s)?;
                        if class == Class::H {
                            half?;
                        } else if c != n.max(1) || half.is_some() || r + c > 256 {
                            return None;
                        }
                        // (the low-128 class prints v128 and up as invalid)
                        if class == Class::L && r >= 128 {
                            return None;
                        }
                        let v = r + if half == Some(true) { 128 } else { 0 };
                        if field == Field::Vsrc1 {
                            vsrc1 = v;
                            e.mods[1] = (neg || sext, abs);
                            e.neg |= (neg as u8) << 1;
                            e.sext |= (sext as u8) << 1;
                            e.abs |= (abs as u8) << 1;
                        } else if neg || abs || sext {
                            return None;
                        } else {
                            set(&mut e.vals, field, v);
                        }
                    }
                    Class::X | Class::Y => {
                        let (s, neg, abs, sext) = strip_mods(t);
                        let si = match field {
                            Field::Src0 => 0,
                            Field::Src1 => 1,
                            _ => 2,
                        };
                        e.mods[si] = (neg || sext, abs);
                        e.neg |= (neg as u8) << si;
                        e.sext |= (sext as u8) << si;
                        e.abs |= (abs as u8) << si;
                        let Operand::Field {
                            vcmt,
                            scmt,
                            bad_imm,
                            ..
                        } = *o
                        else {
                            return None;
                        };
                        if dpp && field == Field::Src0 {
                            let (r, c, half) = parse_vreg(s)?;
                            if c != 1 || half.is_some() && class != Class::Y {
                                return None;
                            }
                            let v = 256 + r + if half == Some(true) { 128 } else { 0 };
                            if src9_invalid(v, class, vcmt, scmt, bad_imm, 1) {
                                return None;
                            }
                            set(&mut e.vals, field, v);
                            continue;
                        }
                        // (`.l`/`.h` halves only in true16 operands; one pair of bars)
                        if class != Class::Y && (s.ends_with(".h") || s.ends_with(".l"))
                            || s.starts_with('|')
                            || s.starts_with('-') && s[1..].starts_with(['|', 'v', 's'])
                        {
                            return None;
                        }
                        let (v, lit) = parse_src9(s, n, ty)?;
                        if src9_invalid(v, class, vcmt, scmt, bad_imm, n)
                            || lit.is_some() && !lit16_fits(s, ty)
                        {
                            return None;
                        }
                        if let Some(l) = lit {
                            if e.lit.is_some_and(|x| x != l) {
                                return None;
                            }
                            e.lit = Some(l);
                        }
                        set(&mut e.vals, field, v);
                    }
                }
            }
        }
    }
    // VOP2/VOPC vsrc1 lives in the Src1 slot of this struct
    if row.field(Field::Vsrc1).is_some() {
        set(&mut e.vals, Field::Src1, vsrc1);
    }
    Some(e)
}

pub(super) fn get(vals: &[(Field, u32); 5], f: Field) -> u32 {
    vals.iter().find(|x| x.0 == f).map_or(0, |x| x.1)
}

/// The DPP dword (or None) from the modifiers; removes the ones it used.
pub(super) fn dpp_word(mods: &mut Vec<&str>, src0_vgpr: u32, dpp8: bool) -> Option<(u32, u32)> {
    let mut d = src0_vgpr & 0xff;
    if dpp8 {
        let i = mods.iter().position(|m| m.starts_with("dpp8:"))?;
        let l = mods.remove(i);
        let body = l.strip_prefix("dpp8:[")?.strip_suffix(']')?;
        // Eight lane selects 0-7, in any integer spelling.
        if body.split(',').count() != 8 {
            return None;
        }
        for (k, x) in body.split(',').enumerate() {
            let v = parse_int(x.trim()).filter(|v| (0..8).contains(v))?;
            d |= (v as u32) << (8 + 3 * k);
        }
        let fi = if let Some(j) = mods.iter().position(|m| *m == "fi:1") {
            mods.remove(j);
            234
        } else {
            233
        };
        return Some((fi, d));
    }
    let (mut row_mask, mut bank_mask, mut ctrl) = (0xfu32, 0xfu32, None);
    let mut keep = Vec::new();
    for m in mods.drain(..) {
        if let Some(b) = m.strip_prefix("quad_perm:") {
            let body = b.strip_prefix('[')?.strip_suffix(']')?;
            let mut c = 0;
            if body.split(',').count() != 4 {
                return None;
            }
            for (k, x) in body.split(',').enumerate() {
                let v = parse_int(x.trim()).filter(|v| (0..4).contains(v))?;
                c |= (v as u32) << (2 * k);
            }
            ctrl = Some(c);
        } else if let Some((k, v)) = m
            .split_once(':')
            .filter(|(k, _)| k.starts_with("row_") && *k != "row_mask")
        {
            let n = parse_int(v)? as u32;
            ctrl = Some(match k {
                "row_shl" => 0x100 | n,
                "row_shr" => 0x110 | n,
                "row_ror" => 0x120 | n,
                "row_share" => 0x150 | n,
                "row_xmask" => 0x160 | n,
                _ => return None,
            });
        } else if m == "row_mirror" {
            ctrl = Some(0x140);
        } else if m == "row_half_mirror" {
            ctrl = Some(0x141);
        } else if let Some(v) = m.strip_prefix("row_mask:") {
            row_mask = parse_int(v)? as u32;
        } else if let Some(v) = m.strip_prefix("bank_mask:") {
            bank_mask = parse_int(v)? as u32;
        } else if m == "bound_ctrl:1" || m == "bound_ctrl:0" {
            d |= 1 << 19;
        } else if m == "fi:1" {
            d |= 1 << 18;
        } else {
            keep.push(m);
        }
    }
    *mods = keep;
    d |= ctrl? << 8 | (bank_mask & 0xf) << 24 | (row_mask & 0xf) << 28;
    Some((250, d))
}

pub(super) fn e32_words(
    enc: Enc,
    op: u32,
    row: &Row,
    ops: &[&str],
    mods: &[&str],
    wave64: bool,
    dpp: Option<bool>,
) -> Option<Vec<u32>> {
    let mut mods = mods.to_vec();
    let e = valu_fields(row, ops, wave64, dpp.is_some())?;
    let (vdst, src0, vsrc1) = (
        get(&e.vals, Field::Vdst),
        get(&e.vals, Field::Src0),
        get(&e.vals, Field::Src1),
    );
    let mut w0 = match enc {
        Enc::Vop1 => 0x7e00_0000 | op << 9 | vdst << 17,
        Enc::Vop2 => op << 25 | vdst << 17 | vsrc1 << 9,
        _ => 0x7c00_0000 | op << 17 | vsrc1 << 9,
    };
    let mut words;
    if let Some(d8) = dpp {
        let dr = crate::rdna3::dpp::dpp_row(enc, op)?;
        // DPP8 has no source modifiers; DPP16 the ones the form prints
        let ok = if d8 {
            e.neg | e.sext | e.abs == 0
        } else {
            e.mods_within(dr.neg, dr.sext, dr.abs)
        };
        if !ok {
            return None;
        }
        let (sel, mut d) = dpp_word(&mut mods, src0.checked_sub(256)?, d8)?;
        if !d8 {
            for (i, (neg, abs)) in e.mods.iter().take(2).enumerate() {
                d |= (*neg as u32) << (20 + 2 * i) | (*abs as u32) << (21 + 2 * i);
            }
        }
        w0 |= sel;
        if !crate::rdna3::dpp::accepted(enc, dr, sel, &[w0, d, 0, 0], wave64) {
            return None;
        }
        words = vec![w0, d];
    } else {
        if e.mods.iter().any(|m| m.0 || m.1) {
            return None;
        }
        w0 |= src0;
        // the bits llvm-mc takes in this form
        if w0 & !row.ok[wave64 as usize][0] != 0 {
            return None;
        }
        words = vec![w0];
        if let Some(l) = e.lit {
            words.push(l);
        }
    }
    mods.is_empty().then_some(words)
}

pub(super) fn vop3_words(
    enc: Enc,
    op: u32,
    row: &Row,
    ops: &[&str],
    mods: &[&str],
    wave64: bool,
    dpp: Option<bool>,
) -> Option<Vec<u32>> {
    let mut mods = mods.to_vec();
    let e = valu_fields(row, ops, wave64, dpp.is_some())?;
    let m = row.mods;
    let dr = match dpp {
        Some(_) => Some(crate::rdna3::dpp::dpp_row(enc, op)?),
        None => None,
    };
    // source modifiers the form prints: VOP3 (and VOP3P's fma_mix, whose abs/neg are written
    // like VOP3's) from the row, VOP3 DPP from its DPP row
    let mods_ok = match (enc, dr) {
        (Enc::Vop3, Some(d)) => e.mods_within(d.neg, d.sext, d.abs),
        (Enc::Vop3, None) => e.mods_within(m.neg, m.sext, m.abs),
        _ => e.sext == 0 && e.mods_within(m.neg, 0, m.abs),
    };
    if !mods_ok {
        return None;
    }
    let mut w0 = if enc == Enc::Vop3 {
        0xd400_0000
    } else {
        0xcc00_0000
    } | op << 16;
    let mut vdst = get(&e.vals, Field::Vdst);
    if row.field(Field::Vdst).is_none() && row.mnemonic.starts_with("v_cmpx") {
        vdst = 126;
    }
    w0 |= vdst;
    if row.field(Field::Sdst).is_some() {
        w0 |= get(&e.vals, Field::Sdst) << 8;
    }
    let mut w1 = get(&e.vals, Field::Src0)
        | get(&e.vals, Field::Src1) << 9
        | get(&e.vals, Field::Src2) << 18;
    let (mut neg, mut abs) = (0u32, 0u32);
    for (i, (n, a)) in e.mods.iter().enumerate() {
        neg |= (*n as u32) << i;
        abs |= (*a as u32) << i;
    }
    let ns = row
        .operands
        .iter()
        .filter(|o| {
            matches!(
                o,
                Operand::Field {
                    field: Field::Src0 | Field::Src1 | Field::Src2,
                    ..
                }
            )
        })
        .count();
    let (mut opsel, mut clamp, mut omod) = (0u32, 0u32, 0u32);
    let mut opselhi: Option<u32> = None;
    let (mut neglo, mut neghi) = (None, None);
    let mut rest = Vec::new();
    let vop3 = enc == Enc::Vop3;
    // a bit list of the length the form prints (0: the form has none)
    let list = |b: &str, len: u8| -> Option<(u32, usize)> {
        let k = b.matches(',').count() + 1;
        (len > 0 && k == len as usize).then_some(())?;
        Some((parse_bits(b)?, k))
    };
    for x in mods.drain(..) {
        if x == "clamp" && m.clamp {
            clamp = 1;
        } else if x == "mul:2" && m.omod {
            omod = 1;
        } else if x == "mul:4" && m.omod {
            omod = 2;
        } else if x == "div:2" && m.omod {
            omod = 3;
        } else if let Some(b) = x.strip_prefix("op_sel:") {
            let (bits, k) = list(b, m.opsel)?;
            if vop3 {
                for i in 0..k {
                    if bits >> i & 1 != 0 {
                        let bit = if i + 1 == k && k == ns + 1 { 3 } else { i };
                        // (bits llvm does not print are not taken)
                        if m.opsel_mask >> bit & 1 == 0 {
                            return None;
                        }
                        opsel |= 1 << bit;
                    }
                }
            } else {
                opsel = bits;
            }
        } else if let Some(b) = x.strip_prefix("op_sel_hi:").filter(|_| !vop3) {
            opselhi = Some(list(b, m.opselhi)?.0);
        } else if let Some(b) = x.strip_prefix("neg_lo:").filter(|_| !vop3) {
            neglo = Some(list(b, m.neglo)?.0);
        } else if let Some(b) = x.strip_prefix("neg_hi:").filter(|_| !vop3) {
            neghi = Some(list(b, m.neghi)?.0);
        } else {
            rest.push(x);
        }
    }
    let mut mods = rest;
    if enc == Enc::Vop3 {
        w0 |= abs << 8 | opsel << 11 | clamp << 15;
        w1 |= omod << 27 | neg << 29;
    } else {
        let def = if m.opselhi_def { 7 } else { 0 };
        // bits past the written list keep their default
        let given = (1u32 << m.opselhi.max(1)) - 1;
        let hi = match opselhi {
            Some(h) => h | (def & !given),
            None => def,
        };
        let (nl, nh) = if m.abs != 0 || m.neg != 0 {
            (neg, abs)
        } else {
            (neglo.unwrap_or(0), neghi.unwrap_or(0))
        };
        w0 |= nh << 8 | opsel << 11 | (hi >> 2 & 1) << 14 | clamp << 15;
        w1 |= (hi & 3) << 27 | nl << 29;
    }
    let mut words = vec![w0, w1];
    if let (Some(d8), Some(dr)) = (dpp, dr) {
        let (sel, d) = dpp_word(&mut mods, get(&e.vals, Field::Src0).checked_sub(256)?, d8)?;
        words[1] = (words[1] & !0x1ff) | sel;
        words.push(d);
        if !crate::rdna3::dpp::accepted(enc, dr, sel, &[words[0], words[1], d, 0], wave64) {
            return None;
        }
    } else {
        // the bits llvm-mc takes in this form
        let ok = row.ok[wave64 as usize];
        if w0 & !ok[0] != 0 || w1 & !ok[1] != 0 {
            return None;
        }
    }
    if let Some(l) = e.lit {
        words.push(l);
    }
    mods.is_empty().then_some(words)
}

/// Scalar values (distinct SGPRs and the literal) a VOP3 instruction reads through its sources:
/// gfx11's constant bus carries two.
pub(super) fn constant_bus(row: &Row, words: &[u32]) -> usize {
    let w1 = words.get(1).copied().unwrap_or(0);
    let mut sg: Vec<u32> = Vec::new();
    let mut lit = 0;
    for (f, sh) in [(Field::Src0, 0), (Field::Src1, 9), (Field::Src2, 18)] {
        if row.field(f).is_none() {
            continue;
        }
        let v = (w1 >> sh) & 0x1ff;
        if v < 128 && v != 124 {
            sg.push(v);
        } else if v == 255 {
            lit = 1;
        }
    }
    sg.sort();
    sg.dedup();
    sg.len() + lit
}

/// A 16-bit operand's integer literal is a 16-bit value (llvm-mc takes no wider one there).
fn lit16_fits(t: &str, ty: Ty) -> bool {
    !matches!(ty, Ty::F16 | Ty::I16) || parse_int(t).is_none_or(|v| (-0x8000..=0xffff).contains(&v))
}
