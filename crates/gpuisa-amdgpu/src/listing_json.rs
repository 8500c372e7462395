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

fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(o, "\\u{:04x}", c as u32);
            }
            c => o.push(c),
        }
    }
    o
}

/// One operand of a 9-bit (or 8-bit scalar) operand code: kind, register or value. `gen` is
/// the GCN generation (`None`: gfx11), which decides where the SGPRs end.
fn operand_code(field: &str, code: u32, count: u8, gen: Option<Gen>, lit: u32) -> String {
    let f = format!("\"field\":\"{field}\"");
    let gfx11 = gen.is_none();
    let sgprs = match gen {
        None => 106,
        Some(g) => crate::gcn::operand::sgpr_limit(g),
    };
    match code {
        256..=511 => format!(
            "{{{f},\"kind\":\"vgpr\",\"reg\":{},\"count\":{count}}}",
            code - 256
        ),
        c if c < sgprs => format!("{{{f},\"kind\":\"sgpr\",\"reg\":{code},\"count\":{count}}}"),
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
            format!("{{{f},\"kind\":\"special\",\"name\":\"{name}\",\"count\":{count}}}")
        }
        106 | 107 => format!(
            "{{{f},\"kind\":\"special\",\"name\":\"{}\",\"count\":{count}}}",
            if code == 106 { "vcc_lo" } else { "vcc_hi" }
        ),
        108..=123 => format!(
            "{{{f},\"kind\":\"ttmp\",\"reg\":{},\"count\":{count}}}",
            code - 108
        ),
        124 => format!("{{{f},\"kind\":\"special\",\"name\":\"m0\"}}"),
        125 => format!(
            "{{{f},\"kind\":\"special\",\"name\":\"{}\"}}",
            if gfx11 { "null" } else { "reserved" }
        ),
        126 | 127 => format!(
            "{{{f},\"kind\":\"special\",\"name\":\"{}\",\"count\":{count}}}",
            if code == 126 { "exec_lo" } else { "exec_hi" }
        ),
        128..=192 => format!(
            "{{{f},\"kind\":\"inline\",\"value\":{}}}",
            code as i64 - 128
        ),
        193..=208 => format!(
            "{{{f},\"kind\":\"inline\",\"value\":{}}}",
            192 - code as i64
        ),
        240..=248 => format!(
            "{{{f},\"kind\":\"inline_float\",\"value\":\"{}\"}}",
            crate::gcn::operand::FLOAT_CONSTS[(code - 240) as usize].0
        ),
        255 => format!("{{{f},\"kind\":\"literal\",\"value\":{lit}}}"),
        _ => format!("{{{f},\"kind\":\"special\",\"code\":{code}}}"),
    }
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
fn gcn_operands(i: &TInst) -> Vec<String> {
    let Some(e) = i.entry else { return Vec::new() };
    let mut out = Vec::new();
    for o in &e.operands {
        let Operand::Field { field, n, .. } = *o else {
            continue;
        };
        let name = field_name(field);
        let vreg = |r: u16| {
            format!("{{\"field\":\"{name}\",\"kind\":\"vgpr\",\"reg\":{r},\"count\":{n}}}")
        };
        let s = match field {
            Field::Vdst => {
                // VOP3 compares and readlane write an SGPR through the vdst field.
                if matches!(i.enc, crate::gcn::Enc::Vop3) && e.is(crate::gcn::table::flag::SDST8) {
                    operand_code(name, i.sdst as u32, n, Some(i.gen), 0)
                } else {
                    vreg(i.vdst)
                }
            }
            Field::Sdst | Field::Sdata => operand_code(name, i.sdst as u32, n, Some(i.gen), 0),
            Field::Ssrc0 | Field::Src0 => {
                operand_code(name, i.src[0] as u32, n, Some(i.gen), i.lit)
            }
            Field::Ssrc1 | Field::Src1 | Field::Vsrc1 => {
                operand_code(name, i.src[1] as u32, n, Some(i.gen), i.lit)
            }
            Field::Src2 => operand_code(name, i.src[2] as u32, n, Some(i.gen), i.lit),
            Field::Simm16(_) => format!(
                "{{\"field\":\"simm16\",\"kind\":\"imm\",\"value\":{}}}",
                i.simm16
            ),
            Field::K => format!(
                "{{\"field\":\"k\",\"kind\":\"literal\",\"value\":{}}}",
                i.lit
            ),
            Field::SdataImm => format!(
                "{{\"field\":\"sdata\",\"kind\":\"imm\",\"value\":{}}}",
                i.sdst
            ),
            Field::Sbase => operand_code(name, i.sbase as u32, n, Some(i.gen), 0),
            Field::Offset => {
                if i.soffset_reg {
                    operand_code(name, i.soffset as u32, 1, Some(i.gen), 0)
                } else {
                    format!(
                        "{{\"field\":\"offset\",\"kind\":\"imm\",\"value\":{}}}",
                        i.offset
                    )
                }
            }
            Field::Addr | Field::Vaddr => vreg(i.vaddr),
            Field::Data0 | Field::Vdata | Field::Data => vreg(i.vdata),
            Field::Data1 => vreg(i.data1),
            Field::Srsrc => operand_code(name, i.srsrc as u32, n, Some(i.gen), 0),
            Field::Ssamp => continue,
            Field::Soffset => operand_code(name, i.soffset as u32, 1, Some(i.gen), 0),
            Field::Saddr => {
                if i.saddr == 0x7f {
                    continue;
                }
                operand_code(name, i.saddr as u32, n, Some(i.gen), 0)
            }
            Field::Vsrc => vreg(i.vdata),
        };
        out.push(s);
    }
    out
}

/// The operands of one half of a VOPD pair (`TInst` of the half's VOP2 operation): vdst, src0,
/// then the literal of the FMAAK/FMAMK forms in the order the text has it, and vsrc1.
fn vopd_operands(i: &TInst) -> Vec<String> {
    let code = |name: &str, c: u16| operand_code(name, c as u32, 1, None, i.lit);
    let k = format!(
        "{{\"field\":\"k\",\"kind\":\"literal\",\"value\":{}}}",
        i.lit
    );
    let mut v = vec![
        format!(
            "{{\"field\":\"vdst\",\"kind\":\"vgpr\",\"reg\":{},\"count\":1}}",
            i.vdst
        ),
        code("src0", i.src[0]),
    ];
    use crate::op::Op;
    if i.op == Op::V_FMAMK_F32 {
        v.push(k.clone());
    }
    if i.op != Op::V_MOV_B32 {
        v.push(code("vsrc1", i.src[1]));
    }
    if i.op == Op::V_FMAAK_F32 {
        v.push(k);
    }
    v
}

/// The operands of a gfx11 instruction, from its table row (the VALU tables of `rdna3::table`,
/// the others of `rdna3::otable`) and the typed instruction's fields. `words` are the
/// instruction's dwords. VINTERP, LDSDIR, MUBUF, MTBUF, MIMG and EXP list none yet.
fn gfx11_operands(i: &TInst, words: &[u32; 4]) -> Vec<String> {
    use crate::rdna3::otable::{row as orow, OEnc, OOp};
    use crate::rdna3::table::{table, Class, Enc as VEnc, Field as VField, Operand as VOperand};
    let w0 = words[0];
    let b = |lo: u32, n: u32| (w0 >> lo) & ((1u32 << n) - 1);
    let mut out = Vec::new();
    let code = |name: &str, c: u16, n: u8| operand_code(name, c as u32, n, None, i.lit);
    let vreg = |name: &str, r: u16, n: u8| {
        format!("{{\"field\":\"{name}\",\"kind\":\"vgpr\",\"reg\":{r},\"count\":{n}}}")
    };
    let valu = match i.enc {
        crate::gcn::Enc::Vop1 => Some((VEnc::Vop1, b(9, 8))),
        crate::gcn::Enc::Vopc => Some((VEnc::Vopc, b(17, 8))),
        crate::gcn::Enc::Vop2 => Some((VEnc::Vop2, b(25, 6))),
        crate::gcn::Enc::Vop3 => Some((VEnc::Vop3, b(16, 10))),
        crate::gcn::Enc::Vop3p => Some((VEnc::Vop3p, b(16, 7))),
        _ => None,
    };
    if let Some((venc, op)) = valu {
        let Some(r) = table(venc).get(op) else {
            return out;
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
            out.push(match field {
                VField::Vdst if class == Class::S => code("sdst", i.sdst, n),
                VField::Vdst => vreg("vdst", i.vdst, n),
                VField::Sdst => code("sdst", i.sdst, n),
                VField::Src0 => code("src0", i.src[0], n),
                VField::Src1 => code("src1", i.src[1], n),
                VField::Vsrc1 => code("vsrc1", i.src[1], n),
                VField::Src2 => code("src2", i.src[2], n),
                VField::K => format!(
                    "{{\"field\":\"k\",\"kind\":\"literal\",\"value\":{}}}",
                    i.lit
                ),
            });
        }
        return out;
    }
    let (oe, op) = match i.enc {
        crate::gcn::Enc::Sop1 => (OEnc::Sop1, b(8, 8)),
        crate::gcn::Enc::Sop2 => (OEnc::Sop2, b(23, 7)),
        crate::gcn::Enc::Sopc => (OEnc::Sopc, b(16, 7)),
        crate::gcn::Enc::Sopk => (OEnc::Sopk, b(23, 5)),
        crate::gcn::Enc::Sopp => (OEnc::Sopp, b(16, 7)),
        crate::gcn::Enc::Smem => (OEnc::Smem, b(18, 8)),
        crate::gcn::Enc::Ds => (OEnc::Ds, b(18, 8)),
        crate::gcn::Enc::Flat => (OEnc::Flat, b(18, 7)),
        crate::gcn::Enc::Global | crate::gcn::Enc::GlobalSaddr => (OEnc::Global, b(18, 7)),
        crate::gcn::Enc::Scratch | crate::gcn::Enc::ScratchSaddr => (OEnc::Scratch, b(18, 7)),
        _ => return out,
    };
    let Some(r) = orow(oe, op) else { return out };
    for o in &r.ops {
        if matches!(o, OOp::Soffset) && i.soffset_reg && i.offset != 0 {
            // gfx11 SMEM: an immediate offset and an SGPR offset together.
            out.push(format!(
                "{{\"field\":\"offset\",\"kind\":\"imm\",\"value\":{}}}",
                i.offset
            ));
        }
        out.push(match *o {
            OOp::Reg(name, n32, n64, _) => {
                let n = if i.wave64 { n64 } else { n32 };
                match name {
                    "sdst" | "sdata" => code(name, i.sdst, n),
                    "ssrc0" => code(name, i.src[0], n),
                    "ssrc1" => code(name, i.src[1], n),
                    "sbase" => code(name, i.sbase, n),
                    "vdst" => vreg(name, i.vdst, n),
                    "addr" if matches!(oe, OEnc::Ds) => vreg(name, i.vaddr, n),
                    "addr" => {
                        // Global/scratch with an SGPR base take a 32-bit VGPR offset; scratch
                        // without SVE has no address VGPR.
                        if oe == OEnc::Scratch && !i.offen {
                            continue;
                        }
                        let n = if i.saddr != 0x7f { 1 } else { n };
                        vreg(name, i.vaddr, n)
                    }
                    "data0" | "data" => vreg(name, i.vdata, n),
                    "data1" => vreg(name, i.data1, n),
                    _ => continue,
                }
            }
            OOp::Simm(_) | OOp::Hwreg => format!(
                "{{\"field\":\"simm16\",\"kind\":\"imm\",\"value\":{}}}",
                i.simm16
            ),
            OOp::Lit => format!(
                "{{\"field\":\"k\",\"kind\":\"literal\",\"value\":{}}}",
                i.lit
            ),
            OOp::SdataImm => format!(
                "{{\"field\":\"sdata\",\"kind\":\"imm\",\"value\":{}}}",
                i.sdst
            ),
            OOp::Soffset => {
                if i.soffset_reg {
                    code("soffset", i.soffset, 1)
                } else {
                    format!(
                        "{{\"field\":\"offset\",\"kind\":\"imm\",\"value\":{}}}",
                        i.offset
                    )
                }
            }
            _ => continue,
        });
    }
    if matches!(oe, OEnc::Global | OEnc::Scratch) && i.saddr != 0x7f {
        out.push(code(
            "saddr",
            i.saddr,
            if oe == OEnc::Global { 2 } else { 1 },
        ));
    }
    out
}

fn modifiers(i: &TInst) -> String {
    let mut m = vec![
        format!("\"neg\":{}", i.neg),
        format!("\"abs\":{}", i.abs),
        format!("\"clamp\":{}", i.clamp),
        format!("\"omod\":{}", i.omod),
        format!("\"op_sel\":{}", i.opsel),
    ];
    if i.enc == crate::gcn::Enc::Vop3p {
        m.push(format!("\"neg_hi\":{}", i.neg_hi));
        m.push(format!("\"op_sel_hi\":{}", i.opsel_hi));
    }
    match i.ext {
        Ext::Sdwa => m.push(format!("\"sdwa\":{}", i.ext_word)),
        Ext::Dpp => m.push(format!("\"dpp\":{}", i.ext_word)),
        Ext::Dpp8 => m.push(format!("\"dpp8\":{}", i.ext_word)),
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
        m.push(format!("\"offset\":{}", i.offset));
        m.push(format!("\"glc\":{},\"slc\":{}", i.glc, i.slc));
        if i.enc == crate::gcn::Enc::Ds {
            m.push(format!("\"offset1\":{},\"gds\":{}", i.offset1, i.gds));
        }
        if matches!(i.enc, crate::gcn::Enc::Mubuf | crate::gcn::Enc::Mtbuf) {
            m.push(format!(
                "\"offen\":{},\"idxen\":{},\"addr64\":{},\"tfe\":{},\"lds\":{}",
                i.offen, i.idxen, i.addr64, i.tfe, i.lds
            ));
        }
    }
    format!("{{{}}}", m.join(","))
}

fn bytes_hex(b: &[u8]) -> String {
    let mut s = String::with_capacity(b.len() * 2);
    for x in b {
        let _ = write!(s, "{x:02x}");
    }
    s
}

fn one(out: &mut String, i: &TInst, addr: u64, raw: &[u8], ops: Vec<String>) {
    let enc = i.enc.name();
    let enc = match i.ext {
        Ext::Sdwa => format!("{enc}_SDWA"),
        Ext::Dpp => format!("{enc}_DPP"),
        Ext::Dpp8 => format!("{enc}_DPP8"),
        Ext::None => enc.to_string(),
    };
    let _ = writeln!(
        out,
        "{{\"address\":{addr},\"bytes\":\"{}\",\"size\":{},\"op\":\"{}\",\"encoding\":\"{enc}\",\"text\":\"{}\",\"operands\":[{}],\"modifiers\":{}}}",
        bytes_hex(raw),
        raw.len(),
        i.op.name(),
        esc(&i.text()),
        ops.join(","),
        modifiers(i)
    );
}

/// The JSON listing of GCN machine code `code` (generation `gen`), addresses from `base`.
pub fn gcn(gen: Gen, code: &[u8], base: u64) -> String {
    let mut out = String::new();
    let mut pos = 0usize;
    while pos + 4 <= code.len() {
        let w = gpuisa_core::bits::le_words(code, pos);
        let n = ((code.len() - pos) / 4).min(3);
        match decode_typed(gen, &w, n) {
            Ok(i) => {
                let len = i.len as usize * 4;
                one(
                    &mut out,
                    &i,
                    base + pos as u64,
                    &code[pos..pos + len],
                    gcn_operands(&i),
                );
                pos += len;
            }
            Err(_) => {
                let _ = writeln!(
                    out,
                    "{{\"address\":{},\"bytes\":\"{}\",\"size\":4,\"invalid\":true}}",
                    base + pos as u64,
                    bytes_hex(&code[pos..pos + 4])
                );
                pos += 4;
            }
        }
    }
    out
}

/// The JSON listing of gfx11 machine code (VOPD pairs are one object with `"op"` of the X half
/// and a `"pair"` with the Y half's operation).
pub fn gfx11(code: &[u8], base: u64, wave64: bool) -> String {
    let mut out = String::new();
    let mut pos = 0usize;
    while pos + 4 <= code.len() {
        let w: [u32; 4] = gpuisa_core::bits::le_words(code, pos);
        let n = ((code.len() - pos) / 4).min(4);
        match crate::rdna3::inst::decode_typed(&w, n, wave64) {
            Ok(d) => {
                let (i, pair) = match d {
                    crate::rdna3::inst::Decoded11::One(i) => (i, None),
                    crate::rdna3::inst::Decoded11::Dual(x, y) => (x, Some(y)),
                };
                let len = i.len as usize * 4;
                let mut line = String::new();
                let ops = match pair {
                    Some(_) => vopd_operands(&i),
                    None => gfx11_operands(&i, &w),
                };
                one(&mut line, &i, base + pos as u64, &code[pos..pos + len], ops);
                if let Some(y) = pair {
                    // Into the object: its closing brace goes after the pair's fields.
                    let t = line.trim_end();
                    line = t.strip_suffix('}').unwrap_or(t).to_string();
                    let _ = writeln!(
                        line,
                        ",\"pair\":\"{}\",\"pair_operands\":[{}]}}",
                        y.op.name(),
                        vopd_operands(&y).join(",")
                    );
                }
                out.push_str(&line);
                pos += len;
            }
            Err(_) => {
                let _ = writeln!(
                    out,
                    "{{\"address\":{},\"bytes\":\"{}\",\"size\":4,\"invalid\":true}}",
                    base + pos as u64,
                    bytes_hex(&code[pos..pos + 4])
                );
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
