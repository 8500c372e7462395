//! The per-generation opcode tables, read from the text files in `data/gcn/<gen>/<enc>.txt`.
//!
//! Each line is `OPCODE<TAB>MNEMONIC<TAB>TEMPLATE<TAB>ZERO` (see data/gcn/gen/totables.py):
//! the template is the operand list as LLVM prints it, with `{field:NT}` placeholders for encoded
//! fields (N registers of type T) and plain text for fixed operands (`vcc`, `off`, ...).
//! Tables are parsed once per generation on first use; decoding then indexes them by opcode.

use super::operand::OpType;
use super::{Enc, Gen};
use std::sync::OnceLock;

/// An encoded field an operand comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Sdst,
    Ssrc0,
    Ssrc1,
    Simm16(ImmKind),
    Vdst,
    Src0,
    Src1,
    Src2,
    Vsrc1,
    K,
    Sdata,
    SdataImm,
    Sbase,
    Offset,
    Addr,
    Data0,
    Data1,
    Vaddr,
    Vdata,
    Srsrc,
    Ssamp,
    Soffset,
    Data,
    Saddr,
    Vsrc,
}

/// How a 16-bit SOPP/SOPK immediate prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImmKind {
    Branch,
    U16,
    Hex,
    Waitcnt,
    Sendmsg,
    Hwreg,
    GprIdx,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// An encoded field, `n` dwords wide, typed.
    Field { field: Field, n: u8, ty: OpType },
    /// Fixed text (`vcc`, `off`, ...).
    Text(&'static str),
}

#[derive(Clone, Debug)]
pub struct Entry {
    pub op: u16,
    pub mnemonic: &'static str,
    pub operands: Vec<Operand>,
    /// Fields llvm-mc requires to be zero for this opcode.
    pub zero: Vec<Field>,
    /// Bits llvm-mc accepts set, per dword (a word with a set bit outside these is invalid).
    pub ok: [u32; 2],
}

impl Entry {
    pub fn field(&self, f: Field) -> Option<(u8, OpType)> {
        self.operands.iter().find_map(|o| match *o {
            Operand::Field { field, n, ty } if field == f => Some((n, ty)),
            _ => None,
        })
    }
    pub fn has(&self, f: Field) -> bool {
        self.field(f).is_some()
    }
    pub fn must_be_zero(&self, f: Field) -> bool {
        self.zero.contains(&f)
    }
    /// Whether `w` sets only bits llvm-mc accepts for this opcode.
    pub fn bits_ok(&self, w: &[u32; 3], dwords: usize) -> bool {
        (0..dwords.min(2)).all(|i| w[i] & !self.ok[i] == 0)
    }
}

/// One encoding's table: entries indexed by opcode.
#[derive(Debug, Default)]
pub struct Table {
    pub by_op: Vec<Option<Entry>>,
}

impl Table {
    pub fn get(&self, op: u32) -> Option<&Entry> {
        self.by_op.get(op as usize).and_then(|e| e.as_ref())
    }
    pub fn iter(&self) -> impl Iterator<Item = &Entry> {
        self.by_op.iter().flatten()
    }
}

pub struct GenTables {
    pub tables: Vec<(Enc, Table)>,
}

impl GenTables {
    pub fn table(&self, enc: Enc) -> Option<&Table> {
        self.tables.iter().find(|(e, _)| *e == enc).map(|(_, t)| t)
    }
}

macro_rules! data {
    ($gen:literal, $enc:literal) => {
        include_str!(concat!("../../../../data/gcn/", $gen, "/", $enc, ".txt"))
    };
}

const GFX9: &[(Enc, &str)] = &[
    (Enc::Sop2, data!("gfx9", "sop2")),
    (Enc::Sopk, data!("gfx9", "sopk")),
    (Enc::Sop1, data!("gfx9", "sop1")),
    (Enc::Sopc, data!("gfx9", "sopc")),
    (Enc::Sopp, data!("gfx9", "sopp")),
    (Enc::Smem, data!("gfx9", "smem")),
    (Enc::Vop2, data!("gfx9", "vop2")),
    (Enc::Vop1, data!("gfx9", "vop1")),
    (Enc::Vopc, data!("gfx9", "vopc")),
    (Enc::Vop3, data!("gfx9", "vop3")),
    (Enc::Vop3p, data!("gfx9", "vop3p")),
    (Enc::Vintrp, data!("gfx9", "vintrp")),
    (Enc::Ds, data!("gfx9", "ds")),
    (Enc::Mubuf, data!("gfx9", "mubuf")),
    (Enc::Mtbuf, data!("gfx9", "mtbuf")),
    (Enc::Mimg, data!("gfx9", "mimg")),
    (Enc::Flat, data!("gfx9", "flat")),
    (Enc::Global, data!("gfx9", "global")),
    (Enc::GlobalSaddr, data!("gfx9", "global_saddr")),
    (Enc::Scratch, data!("gfx9", "scratch")),
    (Enc::ScratchSaddr, data!("gfx9", "scratch_saddr")),
];

const GFX906: &[(Enc, &str)] = &[
    (Enc::Sop2, data!("gfx906", "sop2")),
    (Enc::Sopk, data!("gfx906", "sopk")),
    (Enc::Sop1, data!("gfx906", "sop1")),
    (Enc::Sopc, data!("gfx906", "sopc")),
    (Enc::Sopp, data!("gfx906", "sopp")),
    (Enc::Smem, data!("gfx906", "smem")),
    (Enc::Vop2, data!("gfx906", "vop2")),
    (Enc::Vop1, data!("gfx906", "vop1")),
    (Enc::Vopc, data!("gfx906", "vopc")),
    (Enc::Vop3, data!("gfx906", "vop3")),
    (Enc::Vop3p, data!("gfx906", "vop3p")),
    (Enc::Vintrp, data!("gfx906", "vintrp")),
    (Enc::Ds, data!("gfx906", "ds")),
    (Enc::Mubuf, data!("gfx906", "mubuf")),
    (Enc::Mtbuf, data!("gfx906", "mtbuf")),
    (Enc::Mimg, data!("gfx906", "mimg")),
    (Enc::Flat, data!("gfx906", "flat")),
    (Enc::Global, data!("gfx906", "global")),
    (Enc::GlobalSaddr, data!("gfx906", "global_saddr")),
    (Enc::Scratch, data!("gfx906", "scratch")),
    (Enc::ScratchSaddr, data!("gfx906", "scratch_saddr")),
];

const GFX6: &[(Enc, &str)] = &[
    (Enc::Sop2, data!("gfx6", "sop2")),
    (Enc::Sopk, data!("gfx6", "sopk")),
    (Enc::Sop1, data!("gfx6", "sop1")),
    (Enc::Sopc, data!("gfx6", "sopc")),
    (Enc::Sopp, data!("gfx6", "sopp")),
    (Enc::Smrd, data!("gfx6", "smrd")),
    (Enc::Vop2, data!("gfx6", "vop2")),
    (Enc::Vop1, data!("gfx6", "vop1")),
    (Enc::Vopc, data!("gfx6", "vopc")),
    (Enc::Vop3, data!("gfx6", "vop3")),
    (Enc::Vintrp, data!("gfx6", "vintrp")),
    (Enc::Ds, data!("gfx6", "ds")),
    (Enc::Mubuf, data!("gfx6", "mubuf")),
    (Enc::Mtbuf, data!("gfx6", "mtbuf")),
    (Enc::Mimg, data!("gfx6", "mimg")),
];

const GFX7: &[(Enc, &str)] = &[
    (Enc::Sop2, data!("gfx7", "sop2")),
    (Enc::Sopk, data!("gfx7", "sopk")),
    (Enc::Sop1, data!("gfx7", "sop1")),
    (Enc::Sopc, data!("gfx7", "sopc")),
    (Enc::Sopp, data!("gfx7", "sopp")),
    (Enc::Smrd, data!("gfx7", "smrd")),
    (Enc::Vop2, data!("gfx7", "vop2")),
    (Enc::Vop1, data!("gfx7", "vop1")),
    (Enc::Vopc, data!("gfx7", "vopc")),
    (Enc::Vop3, data!("gfx7", "vop3")),
    (Enc::Vintrp, data!("gfx7", "vintrp")),
    (Enc::Ds, data!("gfx7", "ds")),
    (Enc::Mubuf, data!("gfx7", "mubuf")),
    (Enc::Mtbuf, data!("gfx7", "mtbuf")),
    (Enc::Mimg, data!("gfx7", "mimg")),
    (Enc::Flat, data!("gfx7", "flat")),
];

const GFX8: &[(Enc, &str)] = &[
    (Enc::Sop2, data!("gfx8", "sop2")),
    (Enc::Sopk, data!("gfx8", "sopk")),
    (Enc::Sop1, data!("gfx8", "sop1")),
    (Enc::Sopc, data!("gfx8", "sopc")),
    (Enc::Sopp, data!("gfx8", "sopp")),
    (Enc::Smem, data!("gfx8", "smem")),
    (Enc::Vop2, data!("gfx8", "vop2")),
    (Enc::Vop1, data!("gfx8", "vop1")),
    (Enc::Vopc, data!("gfx8", "vopc")),
    (Enc::Vop3, data!("gfx8", "vop3")),
    (Enc::Vintrp, data!("gfx8", "vintrp")),
    (Enc::Ds, data!("gfx8", "ds")),
    (Enc::Mubuf, data!("gfx8", "mubuf")),
    (Enc::Mtbuf, data!("gfx8", "mtbuf")),
    (Enc::Mimg, data!("gfx8", "mimg")),
    (Enc::Flat, data!("gfx8", "flat")),
];

fn field_of(name: &str, kind: &str) -> Option<Field> {
    Some(match name {
        "simm16" if kind.is_empty() => Field::Simm16(ImmKind::U16),
        "sdst" => Field::Sdst,
        "ssrc0" => Field::Ssrc0,
        "ssrc1" if kind == "gpridx" => Field::Simm16(ImmKind::GprIdx),
        "ssrc1" => Field::Ssrc1,
        "simm16" => Field::Simm16(match kind {
            "branch" => ImmKind::Branch,
            "u16" => ImmKind::U16,
            "hex" => ImmKind::Hex,
            "waitcnt" => ImmKind::Waitcnt,
            "sendmsg" => ImmKind::Sendmsg,
            "hwreg" => ImmKind::Hwreg,
            "gpridx" => ImmKind::GprIdx,
            _ => return None,
        }),
        "vdst" => Field::Vdst,
        "src0" => Field::Src0,
        "src1" => Field::Src1,
        "src2" => Field::Src2,
        "vsrc1" => Field::Vsrc1,
        "k" => Field::K,
        "sdata" if kind == "imm" => Field::SdataImm,
        "sdata" => Field::Sdata,
        "sbase" => Field::Sbase,
        "offset" => Field::Offset,
        "addr" => Field::Addr,
        "data0" => Field::Data0,
        "data1" => Field::Data1,
        "vaddr" => Field::Vaddr,
        "vdata" => Field::Vdata,
        "srsrc" => Field::Srsrc,
        "ssamp" => Field::Ssamp,
        "soffset" => Field::Soffset,
        "data" => Field::Data,
        "saddr" => Field::Saddr,
        "vsrc" => Field::Vsrc,
        _ => return None,
    })
}

fn parse_operand(item: &'static str) -> Operand {
    let t = item.trim();
    if let Some(inner) = t.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
        if let Some((name, spec)) = inner.split_once(':') {
            let digits: usize = spec.bytes().take_while(|b| b.is_ascii_digit()).count();
            if digits > 0 && digits < spec.len() {
                let n: u8 = spec[..digits].parse().unwrap_or(1);
                let ty = OpType::from_char(spec.as_bytes()[digits]).unwrap_or(OpType::Int);
                if let Some(field) = field_of(name, "") {
                    return Operand::Field { field, n, ty };
                }
            } else if let Some(field) = field_of(name, spec) {
                return Operand::Field {
                    field,
                    n: 1,
                    ty: OpType::Int,
                };
            }
        } else if let Some(field) = field_of(inner, "") {
            return Operand::Field {
                field,
                n: 1,
                ty: OpType::Int,
            };
        }
    }
    Operand::Text(t)
}

/// Memory encodings print their modifiers themselves: keep only the operand list.
fn strip_modifiers(enc: Enc, tpl: &'static str) -> &'static str {
    if matches!(enc, Enc::Mubuf | Enc::Mtbuf | Enc::Mimg | Enc::Vop3p) {
        // The template's last item may carry modifiers after a space (`s20 offen`, `dmask:0x1`).
        if let Some(i) = tpl.rfind(", ") {
            let tail = &tpl[i + 2..];
            if let Some(j) = tail.find(' ') {
                return &tpl[..i + 2 + j];
            }
        } else if let Some(j) = tpl.find(' ') {
            return &tpl[..j];
        }
    }
    tpl
}

fn parse_table(enc: Enc, text: &'static str) -> Table {
    let mut t = Table::default();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut cols = line.split('\t');
        let (Some(op), Some(mn), Some(tpl), Some(zero)) =
            (cols.next(), cols.next(), cols.next(), cols.next())
        else {
            continue;
        };
        let mut ok = [u32::MAX; 2];
        if let Some(masks) = cols.next() {
            for (i, m) in masks.split(',').take(2).enumerate() {
                ok[i] = u32::from_str_radix(m, 16).unwrap_or(u32::MAX);
            }
        }
        let Ok(op) = u16::from_str_radix(op.trim_start_matches("0x"), 16) else {
            continue;
        };
        let tpl = strip_modifiers(enc, tpl);
        let operands = if tpl == "-" || tpl.is_empty() {
            Vec::new()
        } else {
            tpl.split(", ")
                .map(parse_operand)
                .filter(|o| {
                    // Memory encodings: the probe's fixed registers (s20 soffset, s[24:27] ssamp) are
                    // re-derived from the fields by the printer.
                    !(matches!(enc, Enc::Mubuf | Enc::Mtbuf | Enc::Mimg)
                        && matches!(o, Operand::Text(_)))
                })
                .collect()
        };
        let zero = zero.split(',').filter_map(|z| field_of(z, "")).collect();
        let i = op as usize;
        if t.by_op.len() <= i {
            t.by_op.resize(i + 1, None);
        }
        t.by_op[i] = Some(Entry {
            op,
            mnemonic: mn,
            operands,
            zero,
            ok,
        });
    }
    t
}

fn build(list: &[(Enc, &'static str)]) -> GenTables {
    GenTables {
        tables: list.iter().map(|(e, s)| (*e, parse_table(*e, s))).collect(),
    }
}

/// The tables of a generation (gfx6/gfx7 use their own numbering, see `data/gcn/README.md`).
pub fn tables(gen: Gen) -> &'static GenTables {
    static T8: OnceLock<GenTables> = OnceLock::new();
    static T9: OnceLock<GenTables> = OnceLock::new();
    static T906: OnceLock<GenTables> = OnceLock::new();
    static T6: OnceLock<GenTables> = OnceLock::new();
    static T7: OnceLock<GenTables> = OnceLock::new();
    match gen {
        Gen::Gfx6 => T6.get_or_init(|| build(GFX6)),
        Gen::Gfx7 => T7.get_or_init(|| build(GFX7)),
        Gen::Gfx9 => T9.get_or_init(|| build(GFX9)),
        Gen::Gfx906 => T906.get_or_init(|| build(GFX906)),
        Gen::Gfx8 => T8.get_or_init(|| build(GFX8)),
    }
}
