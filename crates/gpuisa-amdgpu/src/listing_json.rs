//! The structured listing (`gpuisa disasm --json`) of AMD code: one JSON object per line, per
//! instruction, built from the typed instruction (`TInst`) and the table row's operand list.
//! The format is documented in docs/json-listing.md and is stable: fields are only added.
//!
//! ```text
//! {"address":0,"bytes":"0105 0002","size":4,"op":"V_ADD_F32","encoding":"VOP2",
//!  "text":"v_add_f32_e32 v0, v1, v2",
//!  "operands":[{"field":"vdst","kind":"vgpr","reg":0,"count":1},
//!              {"field":"src0","kind":"vgpr","reg":1,"count":1}, ...],
//!  "modifiers":{"clamp":false,...}}
//! ```
//! A word that does not decode gives `{"address":..,"bytes":..,"size":4,"invalid":true}`.

use crate::gcn::inst::{decode_typed, Ext, TInst};
use crate::gcn::table::{Field, Operand};
use crate::gcn::Gen;
use std::fmt::Write as _;

/// Appends the decimal digits of `v` (`core::fmt` costs several times more per number).
fn num(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    unum(out, v.unsigned_abs());
}

/// [`num`] of an unsigned value.
fn unum(out: &mut String, mut u: u64) {
    let mut buf = [0u8; 20];
    let mut k = buf.len();
    loop {
        k -= 1;
        buf[k] = b'0' + (u % 10) as u8;
        u /= 10;
        if u == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    out.push_str(std::str::from_utf8(&buf[k..]).unwrap_or(""));
}

/// Appends `,"key":value` (`first`: without the comma) for a number or a boolean.
fn kv(out: &mut String, key: &str, v: i64) {
    out.push_str(",\"");
    out.push_str(key);
    out.push_str("\":");
    num(out, v);
}
fn kb(out: &mut String, key: &str, v: bool) {
    out.push_str(",\"");
    out.push_str(key);
    out.push_str(if v { "\":true" } else { "\":false" });
}

/// The operand objects of one instruction, written straight into the listing (comma-separated).
struct Ops<'a> {
    out: &'a mut String,
    first: bool,
}

impl Ops<'_> {
    /// Starts the next object: the separator, then `{"field":"NAME",` (the caller writes the rest
    /// and the closing brace).
    fn begin(&mut self, field: &str) -> &mut String {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        self.out.push_str("{\"field\":\"");
        self.out.push_str(field);
        self.out.push_str("\",");
        self.out
    }
    fn vreg(&mut self, field: &str, r: u16, n: u8) {
        let o = self.begin(field);
        reg(o, "vgpr", r.into(), n);
    }
    /// An immediate (`kind` imm) or a literal (`kind` literal) value.
    fn value(&mut self, field: &str, kind: &str, v: impl Into<i64>) {
        let o = self.begin(field);
        value(o, kind, v.into());
    }
    /// An operand code (9-bit source or 8-bit scalar): see [`operand_code`].
    fn code(&mut self, field: &str, code: u32, count: u8, gen: Option<Gen>, lit: u32) {
        let o = self.begin(field);
        operand_code(o, code, count, gen, lit);
    }
}

/// `"kind":"KIND","reg":R,"count":N}`.
fn reg(o: &mut String, kind: &str, r: u32, n: u8) {
    o.push_str("\"kind\":\"");
    o.push_str(kind);
    o.push_str("\",\"reg\":");
    num(o, r.into());
    o.push_str(",\"count\":");
    num(o, n.into());
    o.push('}');
}

/// `"kind":"KIND","value":V}`.
fn value(o: &mut String, kind: &str, v: i64) {
    o.push_str("\"kind\":\"");
    o.push_str(kind);
    o.push_str("\",\"value\":");
    num(o, v);
    o.push('}');
}

/// One operand of a 9-bit (or 8-bit scalar) operand code after its `"field"`: kind, register or
/// value, and the closing brace. `gen` is the GCN generation (`None`: gfx11), which decides where
/// the SGPRs end.
fn operand_code(o: &mut String, code: u32, count: u8, gen: Option<Gen>, lit: u32) {
    let gfx11 = gen.is_none();
    let sgprs = match gen {
        None => 106,
        Some(g) => crate::gcn::operand::sgpr_limit(g),
    };
    let _ = match code {
        256..=511 => {
            reg(o, "vgpr", code - 256, count);
            Ok(())
        }
        c if c < sgprs => {
            reg(o, "sgpr", code, count);
            Ok(())
        }
        102..=105 => {
            // gfx8/gfx9: flat_scratch 102-103, xnack_mask 104-105; gfx7: flat_scratch 104-105.
            let name = match (gen, code) {
                (Some(Gen::Gfx7), 104) => "flat_scratch_lo",
                (Some(Gen::Gfx7), 105) => "flat_scratch_hi",
                (_, 102) => "flat_scratch_lo",
                (_, 103) => "flat_scratch_hi",
                (_, 104) => "xnack_mask_lo",
                _ => "xnack_mask_hi",
            };
            write!(
                o,
                "\"kind\":\"special\",\"name\":\"{name}\",\"count\":{count}}}"
            )
        }
        106 | 107 => write!(
            o,
            "\"kind\":\"special\",\"name\":\"{}\",\"count\":{count}}}",
            if code == 106 { "vcc_lo" } else { "vcc_hi" }
        ),
        108..=123 => write!(
            o,
            "\"kind\":\"ttmp\",\"reg\":{},\"count\":{count}}}",
            code - 108
        ),
        124 => write!(o, "\"kind\":\"special\",\"name\":\"m0\"}}"),
        125 => write!(
            o,
            "\"kind\":\"special\",\"name\":\"{}\"}}",
            if gfx11 { "null" } else { "reserved" }
        ),
        126 | 127 => write!(
            o,
            "\"kind\":\"special\",\"name\":\"{}\",\"count\":{count}}}",
            if code == 126 { "exec_lo" } else { "exec_hi" }
        ),
        128..=192 => {
            value(o, "inline", code as i64 - 128);
            Ok(())
        }
        193..=208 => {
            value(o, "inline", 192 - code as i64);
            Ok(())
        }
        240..=248 => write!(
            o,
            "\"kind\":\"inline_float\",\"value\":\"{}\"}}",
            crate::gcn::operand::FLOAT_CONSTS[(code - 240) as usize].0
        ),
        255 => {
            value(o, "literal", lit.into());
            Ok(())
        }
        _ => write!(o, "\"kind\":\"special\",\"code\":{code}}}"),
    };
}

fn field_name(f: Field) -> &'static str {
    match f {
        Field::Sdst => "sdst",
        Field::Ssrc0 => "ssrc0",
        Field::Ssrc1 => "ssrc1",
        Field::Simm16(_) => "simm16",
        Field::Vdst => "vdst",
        Field::Src0 => "src0",
        Field::Src1 => "src1",
        Field::Src2 => "src2",
        Field::Vsrc1 => "vsrc1",
        Field::K => "k",
        Field::Sdata => "sdata",
        Field::SdataImm => "sdata",
        Field::Sbase => "sbase",
        Field::Offset => "offset",
        Field::Addr => "addr",
        Field::Data0 => "data0",
        Field::Data1 => "data1",
        Field::Vaddr => "vaddr",
        Field::Vdata => "vdata",
        Field::Srsrc => "srsrc",
        Field::Ssamp => "ssamp",
        Field::Soffset => "soffset",
        Field::Data => "data",
        Field::Saddr => "saddr",
        Field::Vsrc => "vsrc",
    }
}

/// The operands of a GCN instruction, from its table row.
fn gcn_operands(ops: &mut Ops, i: &TInst) {
    let Some(e) = i.entry else { return };
    let g = Some(i.gen);
    for o in &e.operands {
        let Operand::Field { field, n, .. } = *o else {
            continue;
        };
        let name = field_name(field);
        match field {
            Field::Vdst => {
                // VOP3 compares and readlane write an SGPR through the vdst field.
                if matches!(i.enc, crate::gcn::Enc::Vop3) && e.is(crate::gcn::table::flag::SDST8) {
                    ops.code(name, i.sdst as u32, n, g, 0)
                } else {
                    ops.vreg(name, i.vdst, n)
                }
            }
            Field::Sdst | Field::Sdata => ops.code(name, i.sdst as u32, n, g, 0),
            Field::Ssrc0 | Field::Src0 => ops.code(name, i.src[0] as u32, n, g, i.lit),
            Field::Ssrc1 | Field::Src1 | Field::Vsrc1 => {
                ops.code(name, i.src[1] as u32, n, g, i.lit)
            }
            Field::Src2 => ops.code(name, i.src[2] as u32, n, g, i.lit),
            Field::Simm16(_) => ops.value("simm16", "imm", i.simm16),
            Field::K => ops.value("k", "literal", i.lit),
            Field::SdataImm => ops.value("sdata", "imm", i.sdst),
            Field::Sbase => ops.code(name, i.sbase as u32, n, g, 0),
            Field::Offset => {
                if i.soffset_reg {
                    ops.code(name, i.soffset as u32, 1, g, 0)
                } else {
                    ops.value("offset", "imm", i.offset)
                }
            }
            Field::Addr | Field::Vaddr => ops.vreg(name, i.vaddr, n),
            Field::Data0 | Field::Vdata | Field::Data => ops.vreg(name, i.vdata, n),
            Field::Data1 => ops.vreg(name, i.data1, n),
            Field::Srsrc => ops.code(name, i.srsrc as u32, n, g, 0),
            Field::Ssamp => {}
            Field::Soffset => ops.code(name, i.soffset as u32, 1, g, 0),
            Field::Saddr => {
                if i.saddr != 0x7f {
                    ops.code(name, i.saddr as u32, n, g, 0)
                }
            }
            Field::Vsrc => ops.vreg(name, i.vdata, n),
        }
    }
}

/// The operands of one half of a VOPD pair (`TInst` of the half's VOP2 operation): vdst, src0,
/// then the literal of the FMAAK/FMAMK forms in the order the text has it, and vsrc1.
fn vopd_operands(ops: &mut Ops, i: &TInst) {
    use crate::op::Op;
    ops.vreg("vdst", i.vdst, 1);
    ops.code("src0", i.src[0] as u32, 1, None, i.lit);
    if i.op == Op::V_FMAMK_F32 {
        ops.value("k", "literal", i.lit);
    }
    if i.op != Op::V_MOV_B32 {
        ops.code("vsrc1", i.src[1] as u32, 1, None, i.lit);
    }
    if i.op == Op::V_FMAAK_F32 {
        ops.value("k", "literal", i.lit);
    }
}

/// The operands of a gfx11 instruction, from its table row (the VALU tables of `rdna3::table`,
/// the others of `rdna3::otable`) and the typed instruction's fields. VINTERP, LDSDIR, MUBUF,
/// MTBUF, MIMG and EXP list none yet.
fn gfx11_operands(ops: &mut Ops, i: &TInst) {
    use crate::fields::{self as f, G};
    use crate::rdna3::otable::{row as orow, OEnc, OOp};
    use crate::rdna3::table::{table, Class, Enc as VEnc, Field as VField, Operand as VOperand};
    const G11: G = G::Gfx11;
    let w = &i.words[..];
    let code = |ops: &mut Ops, name: &str, c: u16, n: u8| ops.code(name, c as u32, n, None, i.lit);
    let valu = match i.enc {
        crate::gcn::Enc::Vop1 => Some((VEnc::Vop1, f::vop1::op(G11, w))),
        crate::gcn::Enc::Vopc => Some((VEnc::Vopc, f::vopc::op(G11, w))),
        crate::gcn::Enc::Vop2 => Some((VEnc::Vop2, f::vop2::op(G11, w))),
        crate::gcn::Enc::Vop3 => Some((VEnc::Vop3, f::vop3::op(G11, w))),
        crate::gcn::Enc::Vop3p => Some((VEnc::Vop3p, f::vop3p::op(G11, w))),
        _ => None,
    };
    if let Some((venc, op)) = valu {
        let Some(r) = table(venc).get(op) else {
            return;
        };
        for o in &r.operands {
            let VOperand::Field {
                field,
                class,
                n32,
                n64,
                ..
            } = *o
            else {
                continue;
            };
            let n = if i.wave64 { n64 } else { n32 };
            match field {
                VField::Vdst if class == Class::S => code(ops, "sdst", i.sdst, n),
                VField::Vdst => ops.vreg("vdst", i.vdst, n),
                VField::Sdst => code(ops, "sdst", i.sdst, n),
                VField::Src0 => code(ops, "src0", i.src[0], n),
                VField::Src1 => code(ops, "src1", i.src[1], n),
                VField::Vsrc1 => code(ops, "vsrc1", i.src[1], n),
                VField::Src2 => code(ops, "src2", i.src[2], n),
                VField::K => ops.value("k", "literal", i.lit),
            }
        }
        return;
    }
    let (oe, op) = match i.enc {
        crate::gcn::Enc::Sop1 => (OEnc::Sop1, f::sop1::op(G11, w)),
        crate::gcn::Enc::Sop2 => (OEnc::Sop2, f::sop2::op(G11, w)),
        crate::gcn::Enc::Sopc => (OEnc::Sopc, f::sopc::op(G11, w)),
        crate::gcn::Enc::Sopk => (OEnc::Sopk, f::sopk::op(G11, w)),
        crate::gcn::Enc::Sopp => (OEnc::Sopp, f::sopp::op(G11, w)),
        crate::gcn::Enc::Smem => (OEnc::Smem, f::smem::op(G11, w)),
        crate::gcn::Enc::Ds => (OEnc::Ds, f::ds::op(G11, w)),
        crate::gcn::Enc::Flat => (OEnc::Flat, f::flat::op(G11, w)),
        crate::gcn::Enc::Global | crate::gcn::Enc::GlobalSaddr => {
            (OEnc::Global, f::flat::op(G11, w))
        }
        crate::gcn::Enc::Scratch | crate::gcn::Enc::ScratchSaddr => {
            (OEnc::Scratch, f::flat::op(G11, w))
        }
        _ => return,
    };
    let Some(r) = orow(oe, op) else { return };
    for o in &r.ops {
        if matches!(o, OOp::Soffset) && i.soffset_reg && i.offset != 0 {
            // gfx11 SMEM: an immediate offset and an SGPR offset together.
            ops.value("offset", "imm", i.offset);
        }
        match *o {
            OOp::Reg(name, n32, n64, _) => {
                let n = if i.wave64 { n64 } else { n32 };
                match name {
                    "sdst" | "sdata" => code(ops, name, i.sdst, n),
                    "ssrc0" => code(ops, name, i.src[0], n),
                    "ssrc1" => code(ops, name, i.src[1], n),
                    "sbase" => code(ops, name, i.sbase, n),
                    "vdst" => ops.vreg(name, i.vdst, n),
                    "addr" if matches!(oe, OEnc::Ds) => ops.vreg(name, i.vaddr, n),
                    "addr" => {
                        // Global/scratch with an SGPR base take a 32-bit VGPR offset; scratch
                        // without SVE has no address VGPR.
                        if oe == OEnc::Scratch && !i.offen {
                            continue;
                        }
                        let n = if i.saddr != 0x7f { 1 } else { n };
                        ops.vreg(name, i.vaddr, n)
                    }
                    "data0" | "data" => ops.vreg(name, i.vdata, n),
                    "data1" => ops.vreg(name, i.data1, n),
                    _ => {}
                }
            }
            OOp::Simm(_) | OOp::Hwreg => ops.value("simm16", "imm", i.simm16),
            OOp::Lit => ops.value("k", "literal", i.lit),
            OOp::SdataImm => ops.value("sdata", "imm", i.sdst),
            OOp::Soffset => {
                if i.soffset_reg {
                    code(ops, "soffset", i.soffset, 1)
                } else {
                    ops.value("offset", "imm", i.offset)
                }
            }
            _ => {}
        }
    }
    if matches!(oe, OEnc::Global | OEnc::Scratch) && i.saddr != 0x7f {
        let n = if oe == OEnc::Global { 2 } else { 1 };
        code(ops, "saddr", i.saddr, n);
    }
}

fn modifiers(m: &mut String, i: &TInst) {
    m.push_str("{\"neg\":");
    num(m, i.neg.into());
    kv(m, "abs", i.abs.into());
    kb(m, "clamp", i.clamp);
    kv(m, "omod", i.omod.into());
    kv(m, "op_sel", i.opsel.into());
    if i.enc == crate::gcn::Enc::Vop3p {
        kv(m, "neg_hi", i.neg_hi.into());
        kv(m, "op_sel_hi", i.opsel_hi.into());
    }
    match i.ext {
        Ext::Sdwa => kv(m, "sdwa", i.ext_word.into()),
        Ext::Dpp => kv(m, "dpp", i.ext_word.into()),
        Ext::Dpp8 => kv(m, "dpp8", i.ext_word.into()),
        Ext::None => {}
    }
    if matches!(
        i.enc,
        crate::gcn::Enc::Smem
            | crate::gcn::Enc::Smrd
            | crate::gcn::Enc::Ds
            | crate::gcn::Enc::Mubuf
            | crate::gcn::Enc::Mtbuf
            | crate::gcn::Enc::Flat
            | crate::gcn::Enc::Global
            | crate::gcn::Enc::GlobalSaddr
            | crate::gcn::Enc::Scratch
            | crate::gcn::Enc::ScratchSaddr
    ) {
        kv(m, "offset", i.offset.into());
        kb(m, "glc", i.glc);
        kb(m, "slc", i.slc);
        if i.enc == crate::gcn::Enc::Ds {
            kv(m, "offset1", i.offset1.into());
            kb(m, "gds", i.gds);
        }
        if matches!(i.enc, crate::gcn::Enc::Mubuf | crate::gcn::Enc::Mtbuf) {
            kb(m, "offen", i.offen);
            kb(m, "idxen", i.idxen);
            kb(m, "addr64", i.addr64);
            kb(m, "tfe", i.tfe);
            kb(m, "lds", i.lds);
        }
    }
    m.push('}');
}

fn bytes_hex(out: &mut String, b: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    for x in b {
        out.push(HEX[(x >> 4) as usize] as char);
        out.push(HEX[(x & 15) as usize] as char);
    }
}

use gpuisa_core::json::escape_into as esc;

/// One instruction's object up to its operand list, which the caller writes (then [`close`]).
fn open(out: &mut String, i: &TInst, addr: u64, raw: &[u8], text: &str) {
    out.push_str("{\"address\":");
    unum(out, addr);
    out.push_str(",\"bytes\":\"");
    bytes_hex(out, raw);
    out.push_str("\",\"size\":");
    num(out, raw.len() as i64);
    out.push_str(",\"op\":\"");
    out.push_str(i.op.name());
    out.push_str("\",\"encoding\":\"");
    out.push_str(i.enc.name());
    out.push_str(match i.ext {
        Ext::Sdwa => "_SDWA",
        Ext::Dpp => "_DPP",
        Ext::Dpp8 => "_DPP8",
        Ext::None => "",
    });
    out.push_str("\",\"text\":\"");
    esc(out, text);
    out.push_str("\",\"operands\":[");
}

/// Closes the operand list and writes the modifiers (the object stays open when `more`).
fn close(out: &mut String, i: &TInst, more: bool) {
    out.push_str("],\"modifiers\":");
    modifiers(out, i);
    if !more {
        out.push_str("}\n");
    }
}

fn invalid(out: &mut String, addr: u64, raw: &[u8]) {
    let _ = write!(out, "{{\"address\":{addr},\"bytes\":\"");
    bytes_hex(out, raw);
    out.push_str("\",\"size\":4,\"invalid\":true}\n");
}

/// The JSON listing of GCN machine code `code` (generation `gen`), addresses from `base`. Each
/// instruction is decoded once into a `TInst`, whose text `gcn::print` writes.
pub fn gcn(gen: Gen, code: &[u8], base: u64) -> String {
    let mut out = String::with_capacity(code.len() * 60);
    let mut text = crate::text::Out::new();
    let mut pos = 0usize;
    while pos + 4 <= code.len() {
        let w = gpuisa_core::bits::le_words(code, pos);
        let n = ((code.len() - pos) / 4).min(3);
        text.clear();
        match decode_typed(gen, &w, n) {
            Ok(i) => {
                crate::gcn::print::print(&i, &mut text);
                let len = i.len as usize * 4;
                open(
                    &mut out,
                    &i,
                    base + pos as u64,
                    &code[pos..pos + len],
                    text.as_str(),
                );
                gcn_operands(
                    &mut Ops {
                        out: &mut out,
                        first: true,
                    },
                    &i,
                );
                close(&mut out, &i, false);
                pos += len;
            }
            Err(_) => {
                invalid(&mut out, base + pos as u64, &code[pos..pos + 4]);
                pos += 4;
            }
        }
    }
    out
}

/// The JSON listing of gfx11 machine code (VOPD pairs are one object with `"op"` of the X half
/// and a `"pair"` with the Y half's operation).
pub fn gfx11(code: &[u8], base: u64, wave64: bool) -> String {
    let mut out = String::with_capacity(code.len() * 60);
    let mut text = String::new();
    let mut pos = 0usize;
    while pos + 4 <= code.len() {
        let w: [u32; 4] = gpuisa_core::bits::le_words(code, pos);
        let n = ((code.len() - pos) / 4).min(4);
        text.clear();
        match crate::rdna3::inst::decode_typed_text(&w, n, wave64, &mut text) {
            Ok(d) => {
                let (i, pair) = match d {
                    crate::rdna3::inst::Decoded11::One(i) => (i, None),
                    crate::rdna3::inst::Decoded11::Dual(x, y) => (x, Some(y)),
                };
                let len = i.len as usize * 4;
                open(
                    &mut out,
                    &i,
                    base + pos as u64,
                    &code[pos..pos + len],
                    &text,
                );
                let mut ops = Ops {
                    out: &mut out,
                    first: true,
                };
                match pair {
                    Some(_) => vopd_operands(&mut ops, &i),
                    None => gfx11_operands(&mut ops, &i),
                }
                close(&mut out, &i, pair.is_some());
                if let Some(y) = pair {
                    let _ = write!(out, ",\"pair\":\"{}\",\"pair_operands\":[", y.op.name());
                    vopd_operands(
                        &mut Ops {
                            out: &mut out,
                            first: true,
                        },
                        &y,
                    );
                    out.push_str("]}\n");
                }
                pos += len;
            }
            Err(_) => {
                invalid(&mut out, base + pos as u64, &code[pos..pos + 4]);
                pos += 4;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn gcn_lines_are_json_with_operands() {
        // v_add_f32_e32 v0, v1, v2 ; s_mov_b32 s0, 0x12345678 ; garbage
        let code = [
            0x01, 0x05, 0x00, 0x02, 0xff, 0x00, 0x80, 0xbe, 0x78, 0x56, 0x34, 0x12, 0xff, 0xff,
            0xff, 0xff,
        ];
        let l = gcn(Gen::Gfx9, &code, 0x100);
        let lines: Vec<&str> = l.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with("{\"address\":256,\"bytes\":\"01050002\",\"size\":4,\"op\":\"V_ADD_F32\",\"encoding\":\"VOP2\""), "{}", lines[0]);
        assert!(lines[0].contains("{\"field\":\"vdst\",\"kind\":\"vgpr\",\"reg\":0,\"count\":1}"));
        assert!(lines[0].contains("{\"field\":\"src0\",\"kind\":\"vgpr\",\"reg\":1,\"count\":1}"));
        assert!(
            lines[1].contains("\"op\":\"S_MOV_B32\"")
                && lines[1]
                    .contains("{\"field\":\"ssrc0\",\"kind\":\"literal\",\"value\":305419896}")
        );
        assert!(lines[1].contains("\"text\":\"s_mov_b32 s0, 0x12345678\""));
        assert_eq!(
            lines[2],
            "{\"address\":268,\"bytes\":\"ffffffff\",\"size\":4,\"invalid\":true}"
        );
    }

    /// The operand lists of gfx11 words (llvm-mc-19's encodings of the texts in the comments),
    /// as the texts say them.
    #[test]
    fn gfx11_lines_list_operands() {
        let words: [u32; 14] = [
            // v_dual_fmaak_f32 v1, v2, v3, 0x40000000 :: v_dual_mov_b32 v4, s5
            0xc8500702, 0x01040005, 0x40000000, // ds_load_b64 v[2:3], v1 offset:8
            0xd9d80008, 0x02000001, // global_load_b64 v[2:3], v1, s[4:5] offset:16
            0xdc560010, 0x02040001, // s_load_b64 s[2:3], s[0:1], s4 offset:0x10
            0xf4040080, 0x08000010, // v_cmp_lt_f32_e64 s2, v1, 1.0
            0xd4110002, 0x0001e501, // scratch_store_b32 v1, v2, off
            0xdc690000, 0x00fc0201, // s_cbranch_scc1 2
            0xbfa20002,
        ];
        let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let l = gfx11(&code, 0, false);
        let lines: Vec<serde_free::Obj> = l.lines().map(serde_free::Obj).collect();
        assert_eq!(lines.len(), 7, "{l}");
        let ops = |k: usize| lines[k].operands();
        assert_eq!(
            ops(0),
            [
                "vdst vgpr 1 1",
                "src0 vgpr 2 1",
                "vsrc1 vgpr 3 1",
                "k literal 1073741824"
            ]
        );
        assert!(lines[0].0.contains(
            "\"pair\":\"V_MOV_B32\",\"pair_operands\":[{\"field\":\"vdst\",\"kind\":\"vgpr\",\"reg\":4,\"count\":1},{\"field\":\"src0\",\"kind\":\"sgpr\",\"reg\":5,\"count\":1}]}"
        ));
        assert_eq!(ops(1), ["vdst vgpr 2 2", "addr vgpr 1 1"]);
        assert_eq!(ops(2), ["vdst vgpr 2 2", "addr vgpr 1 1", "saddr sgpr 4 2"]);
        assert_eq!(
            ops(3),
            [
                "sdata sgpr 2 2",
                "sbase sgpr 0 2",
                "offset imm 16",
                "soffset sgpr 4 1"
            ]
        );
        assert_eq!(
            ops(4),
            ["sdst sgpr 2 1", "src0 vgpr 1 1", "src1 inline_float 1.0"]
        );
        assert_eq!(ops(5), ["addr vgpr 1 1", "data vgpr 2 1"]);
        assert_eq!(ops(6), ["simm16 imm 2"]);
    }

    /// Just enough reading of the listing's flat JSON for the tests (no JSON crate here).
    mod serde_free {
        pub struct Obj<'a>(pub &'a str);
        impl Obj<'_> {
            /// `field kind reg|value|name [count]` of each operand.
            pub fn operands(&self) -> Vec<String> {
                let Some(start) = self.0.find("\"operands\":[") else {
                    return Vec::new();
                };
                let rest = &self.0[start + 12..];
                let end = rest.find(']').unwrap_or(rest.len());
                rest[..end]
                    .split("},{")
                    .filter(|x| !x.is_empty())
                    .map(|o| {
                        let o = o.trim_matches(|c| c == '{' || c == '}');
                        o.split(',')
                            .map(|kv| kv.split_once(':').map_or("", |x| x.1).trim_matches('"'))
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect()
            }
        }
    }
}
