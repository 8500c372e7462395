//! The structured listing (`gpuisa disasm --json`) of Maxwell code: one JSON object per line per
//! instruction, the same layout as AMD's (docs/json-listing.md), from the forms table: `op` is the
//! form's mnemonic, `modifiers` the printed modifier names, `operands` each with its kind, its
//! register where it names one, and its text as nvdisasm prints it; `control` holds the
//! instruction's scheduling fields from the bundle's control word.

use crate::ctrl::Ctrl;
use crate::syntax::{is_omitted, print_operand};
use crate::table::{table, Kind, Mod};
use std::fmt::Write as _;

use gpuisa_core::json::escape_into as esc;

fn field(w: u64, pos: u8, width: u8) -> u64 {
    (w >> pos) & ((1u64 << width) - 1)
}

/// The operand kind's name in the listing.
fn kind_name(k: &Kind) -> &'static str {
    match k {
        Kind::Reg { .. } | Kind::RegNext { .. } | Kind::RegNext2 { .. } | Kind::RegNoRz { .. } => {
            "reg"
        }
        Kind::RegOpt { .. } => "reg",
        Kind::Pred { .. }
        | Kind::PredOpt { .. }
        | Kind::PredOptInv { .. }
        | Kind::PredInv { .. } => "pred",
        Kind::Cbank | Kind::CbankSpaced | Kind::CIndexed | Kind::CbankAbs => "cbank",
        Kind::Imm { .. } | Kind::NegImm { .. } | Kind::ImmOpt { .. } => "imm",
        Kind::F20 | Kind::F32 { .. } | Kind::D20 | Kind::Half { .. } => "float_imm",
        Kind::Mem { .. } | Kind::RegMem { .. } | Kind::RegImm { .. } => "mem",
        Kind::Attr { .. } | Kind::AttrImm { .. } => "attr",
        Kind::SReg { .. } => "sreg",
        Kind::Target => "target",
        Kind::Names { .. } => "name",
        Kind::BitSet { .. } => "bitset",
        Kind::Text(_) => "text",
        #[allow(unreachable_patterns)]
        _ => "other",
    }
}

/// The register an operand names, if any (255 = RZ, predicates 7 = PT).
fn register(k: &Kind, w: u64) -> Option<u64> {
    match k {
        Kind::Reg { pos, .. } | Kind::RegOpt { pos } | Kind::RegNoRz { pos } => {
            Some(field(w, *pos, 8))
        }
        Kind::RegNext { pos } => Some((field(w, *pos, 8) + 1).min(255)),
        Kind::RegNext2 { pos } => Some((field(w, *pos, 8) + 2).min(255)),
        Kind::Pred { pos } | Kind::PredOpt { pos } => Some(field(w, *pos, 3)),
        Kind::PredOptInv { pos } | Kind::PredInv { pos } => Some(7 - field(w, *pos, 3)),
        Kind::Mem { .. } | Kind::CIndexed | Kind::RegImm { .. } | Kind::Attr { .. } => {
            Some(field(w, 8, 8))
        }
        Kind::RegMem { pos, .. } => Some(field(w, *pos, 8)),
        _ => None,
    }
}

/// One instruction's object (`ctrl`: its control fields, `function`: the kernel it belongs to).
fn one(out: &mut String, w: u64, sm: u8, pc: u64, c: Ctrl, function: Option<&str>) {
    let _ = write!(out, "{{\"address\":{pc},\"bytes\":\"");
    for b in w.to_le_bytes() {
        let _ = write!(out, "{b:02x}");
    }
    out.push_str("\",\"size\":8");
    if let Some(f) = function {
        out.push_str(",\"function\":\"");
        esc(out, f);
        out.push('"');
    }
    let mut text = String::new();
    let known =
        crate::decode::inst_text(&mut text, w, sm, c.reuse, pc) == crate::decode::Decoded::Known;
    let form = table().lookup(w, sm).map(|(_, f)| f);
    match form {
        Some(f) if known => {
            out.push_str(",\"op\":\"");
            out.push_str(f.mnemonic);
            out.push('"');
            if !f.no_guard {
                let p = (w >> 16) & 7;
                let neg = (w >> 19) & 1 != 0;
                let _ = write!(out, ",\"guard\":{{\"pred\":{p},\"not\":{neg}}}");
            }
        }
        _ => out.push_str(",\"invalid\":true"),
    }
    out.push_str(",\"text\":\"");
    esc(out, &text);
    out.push('"');
    if let (Some(f), true) = (form, known) {
        out.push_str(",\"modifiers\":[");
        let mut first = true;
        for m in &f.mods {
            let name = match m {
                Mod::Flag { pos, name } if field(w, *pos, 1) != 0 => Some(*name),
                Mod::Enum { pos, width, names } => names
                    .get(field(w, *pos, *width) as usize)
                    .copied()
                    .filter(|n| !n.is_empty()),
                Mod::Text(n) => Some(*n),
                _ => None,
            };
            if let Some(n) = name {
                if !first {
                    out.push(',');
                }
                first = false;
                out.push('"');
                esc(out, n);
                out.push('"');
            }
        }
        out.push_str("],\"operands\":[");
        let mut first = true;
        for o in &f.ops {
            if is_omitted(o, w) {
                continue;
            }
            if !first {
                out.push(',');
            }
            first = false;
            let _ = write!(out, "{{\"kind\":\"{}\"", kind_name(&o.kind));
            if let Some(r) = register(&o.kind, w) {
                let _ = write!(out, ",\"reg\":{r}");
            }
            let mut t = String::new();
            print_operand(&mut t, o, w, 0, pc);
            out.push_str(",\"text\":\"");
            esc(out, &t);
            out.push_str("\"}");
        }
        out.push(']');
    }
    let _ = write!(
        out,
        ",\"control\":{{\"stall\":{},\"yield\":{},\"write_barrier\":{},\"read_barrier\":{},\"wait_mask\":{},\"reuse\":{}}}}}",
        c.stall, !c.yield_bit, c.write_bar, c.read_bar, c.wait_mask, c.reuse
    );
    out.push('\n');
}

/// The JSON listing of whole 32-byte bundles of `code` (control word + three instructions),
/// addresses from `base`.
pub fn bundles(out: &mut String, code: &[u8], sm: u8, base: u64, function: Option<&str>) {
    for (b, chunk) in code.chunks_exact(32).enumerate() {
        let word = |i: usize| {
            let mut a = [0u8; 8];
            a.copy_from_slice(&chunk[i * 8..i * 8 + 8]);
            u64::from_le_bytes(a)
        };
        let ctrl = word(0);
        for i in 1..4 {
            let c = Ctrl::from_bits(((ctrl >> (21 * (i - 1))) & 0x1f_ffff) as u32);
            let pc = base + 32 * b as u64 + 8 * i as u64;
            one(out, word(i), sm, pc, c, function);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundle_lines_are_json_with_operands_and_control() {
        // cuobjdump's first bundle of a kernel: MOV R1, c[0x0][0x20]; S2R R0, SR_TID.X; S2R R2,
        // SR_CTAID.X (control word 0x001cfc00e22007f6).
        let words: [u64; 4] = [
            0x001c_fc00_e220_07f6,
            0x4c98_0780_0087_0001,
            0xf0c8_0000_0217_0000,
            0xf0c8_0000_0257_0002,
        ];
        let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let mut s = String::new();
        bundles(&mut s, &code, 50, 0, Some("k"));
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines.len(), 3, "{s}");
        assert!(
            lines[0].starts_with("{\"address\":8,\"bytes\":\"0100870080079",),
            "{}",
            lines[0]
        );
        assert!(
            lines[0].contains("\"function\":\"k\",\"op\":\"MOV\""),
            "{}",
            lines[0]
        );
        assert!(
            lines[0].contains("\"text\":\"MOV R1, c[0x0][0x20]\""),
            "{}",
            lines[0]
        );
        assert!(
            lines[0].contains("{\"kind\":\"reg\",\"reg\":1,\"text\":\"R1\"}"),
            "{}",
            lines[0]
        );
        assert!(
            lines[0].contains("{\"kind\":\"cbank\",\"text\":\"c[0x0][0x20]\"}"),
            "{}",
            lines[0]
        );
        assert!(
            lines[1].contains("\"op\":\"S2R\"") && lines[1].contains("\"text\":\"SR_TID.X\""),
            "{}",
            lines[1]
        );
        // stall 6 of the first instruction (0x7f6: stall 6, yield bit 1, barriers none).
        assert!(
            lines[0].contains(
                "\"control\":{\"stall\":6,\"yield\":false,\"write_barrier\":7,\"read_barrier\":7"
            ),
            "{}",
            lines[0]
        );
    }
}
