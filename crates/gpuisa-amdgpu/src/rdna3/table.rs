//! The gfx11 VALU opcode tables, read from `data/rdna3/<enc>.txt` (see `data/rdna3/gen/valu.py`).
//!
//! One row per opcode: `OP MNEMONIC TEMPLATE MODS OK NAME` (tab separated). The template lists the
//! operands in llvm's order: `field:class:n32:n64:type[:regclass]` for an encoded field, `=text`
//! (or `=wave32|wave64`) for fixed text. Tables are parsed once on first use and indexed by opcode.

use std::sync::OnceLock;

/// The encoded field an operand comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Vdst,
    Sdst,
    Src0,
    Src1,
    Src2,
    Vsrc1,
    /// The literal constant (fmamk/fmaak).
    K,
}

/// How a field's value prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// 8-bit VGPR number.
    V,
    /// 8-bit VGPR field, bit 7 selects the `.h` half (true16).
    H,
    /// 8-bit VGPR field of the low-128 class (`v128` and up print with a comment).
    L,
    /// SGPR field.
    S,
    /// 9-bit source.
    X,
    /// 9-bit source, VGPRs with `.l`/`.h` halves.
    Y,
    /// Literal constant.
    K,
}

/// Operand type, for how constants print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// 32-bit (integer or float: llvm prints both the same way).
    B32,
    F64,
    I64,
    F16,
    I16,
    /// Packed 2 x f16.
    PkF,
    /// Packed 2 x i16.
    PkI,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    Field {
        field: Field,
        class: Class,
        n32: u8,
        n64: u8,
        ty: Ty,
        /// Register class named in llvm's comment when a VGPR is given (`VGPR_32_Lo128`: only
        /// from v128 on), or "".
        vcmt: &'static str,
        /// Register class named in llvm's comment when an SGPR is given, or "".
        scmt: &'static str,
        /// Constants print with `/*Invalid immediate*/` (VGPR-only operands).
        bad_imm: bool,
    },
    Text(&'static str, &'static str),
}

/// Modifiers llvm prints for an opcode (VOP3/VOP3P).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mods {
    pub abs: u8,
    pub neg: u8,
    pub clamp: bool,
    pub omod: bool,
    /// Entries of `op_sel:[...]` (0: not printed).
    pub opsel: u8,
    /// The op_sel bits llvm prints (the others print as 0).
    pub opsel_mask: u8,
    /// Integer sources whose neg bit prints as `sext(...)`.
    pub sext: u8,
    pub neglo: u8,
    pub neghi: u8,
    pub opselhi: u8,
    /// Default value of each op_sel_hi bit (printed when the field differs).
    pub opselhi_def: bool,
}

#[derive(Clone, Debug)]
pub struct Row {
    pub op: u16,
    pub mnemonic: &'static str,
    pub operands: Vec<Operand>,
    pub mods: Mods,
    /// Bits llvm-mc accepts set in the first two dwords, wave32 and wave64.
    pub ok: [[u32; 2]; 2],
    /// AMD's name (reference JSON), `-` if none.
    pub name: &'static str,
}

impl Row {
    pub fn field(&self, f: Field) -> Option<&Operand> {
        self.operands
            .iter()
            .find(|o| matches!(o, Operand::Field { field, .. } if *field == f))
    }
}

/// The VALU encodings with an opcode table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enc {
    Vop1,
    Vop2,
    Vopc,
    Vop3,
    Vop3p,
}

pub const ENCS: [Enc; 5] = [Enc::Vop1, Enc::Vop2, Enc::Vopc, Enc::Vop3, Enc::Vop3p];

impl Enc {
    pub fn name(self) -> &'static str {
        match self {
            Enc::Vop1 => "vop1",
            Enc::Vop2 => "vop2",
            Enc::Vopc => "vopc",
            Enc::Vop3 => "vop3",
            Enc::Vop3p => "vop3p",
        }
    }
    fn text(self) -> &'static str {
        match self {
            Enc::Vop1 => include_str!("../../../../data/rdna3/vop1.txt"),
            Enc::Vop2 => include_str!("../../../../data/rdna3/vop2.txt"),
            Enc::Vopc => include_str!("../../../../data/rdna3/vopc.txt"),
            Enc::Vop3 => include_str!("../../../../data/rdna3/vop3.txt"),
            Enc::Vop3p => include_str!("../../../../data/rdna3/vop3p.txt"),
        }
    }
    fn size(self) -> usize {
        match self {
            Enc::Vop2 => 64,
            Enc::Vop3 => 1024,
            Enc::Vop3p => 128,
            _ => 256,
        }
    }
}

/// One encoding's rows, each parsed from its line when first asked for (start-up reads only
/// where each line is and its mnemonic: a short file needs a few dozen of the ~2 000 rows).
pub struct Table {
    /// Per opcode: its line and mnemonic.
    lines: Vec<Option<(&'static str, &'static str)>>,
    rows: Vec<OnceLock<Option<Row>>>,
}

impl Table {
    #[inline]
    pub fn get(&self, op: u32) -> Option<&Row> {
        let (line, _) = (*self.lines.get(op as usize)?)?;
        self.rows[op as usize]
            .get_or_init(|| parse_row(line, op as u16))
            .as_ref()
    }
    pub fn iter(&self) -> impl Iterator<Item = &Row> {
        (0..self.lines.len() as u32).filter_map(|op| self.get(op))
    }
    /// (opcode, mnemonic) of every row, without parsing the rows.
    pub fn mnemonics(&self) -> impl Iterator<Item = (u32, &'static str)> + '_ {
        self.lines
            .iter()
            .enumerate()
            .filter_map(|(op, l)| l.map(|(_, m)| (op as u32, m)))
    }
}

fn parse_ty(s: &str) -> Ty {
    match s {
        "f64" => Ty::F64,
        "i64" => Ty::I64,
        "f16" => Ty::F16,
        "i16" => Ty::I16,
        "pkf" => Ty::PkF,
        "pki" => Ty::PkI,
        _ => Ty::B32,
    }
}

fn parse_operand(s: &'static str) -> Option<Operand> {
    if let Some(t) = s.strip_prefix('=') {
        return Some(match t.split_once('|') {
            Some((a, b)) => Operand::Text(a, b),
            None => Operand::Text(t, t),
        });
    }
    // (up to six `:` fields, no allocation: the tables are parsed at start-up)
    let mut p = [""; 6];
    let mut k = 0;
    for x in s.splitn(6, ':') {
        p[k] = x;
        k += 1;
    }
    if k < 5 {
        return None;
    }
    let field = match p[0] {
        "vdst" => Field::Vdst,
        "sdst" => Field::Sdst,
        "src0" => Field::Src0,
        "src1" => Field::Src1,
        "src2" => Field::Src2,
        "vsrc1" => Field::Vsrc1,
        "k" => Field::K,
        _ => return None,
    };
    let class = match p[1] {
        "v" => Class::V,
        "h" => Class::H,
        "l" => Class::L,
        "s" => Class::S,
        "x" => Class::X,
        "y" => Class::Y,
        "k" => Class::K,
        _ => return None,
    };
    let (mut vcmt, mut scmt, mut bad_imm) = ("", "", false);
    for f in p[5].split('/') {
        if let Some(c) = f.strip_prefix("V=") {
            vcmt = c;
        } else if let Some(c) = f.strip_prefix("S=") {
            scmt = c;
        } else if f == "I" {
            bad_imm = true;
        }
    }
    Some(Operand::Field {
        field,
        class,
        n32: p[2].parse().ok()?,
        n64: p[3].parse().ok()?,
        ty: parse_ty(p[4]),
        vcmt,
        scmt,
        bad_imm,
    })
}

fn parse_mods(s: &str) -> Mods {
    let mut m = Mods {
        opselhi_def: true,
        ..Mods::default()
    };
    for w in s.split_whitespace() {
        let mut it = w.split(':');
        let k = it.next().unwrap_or("");
        let a: u8 = it.next().and_then(|x| x.parse().ok()).unwrap_or(0);
        let b: u8 = it.next().and_then(|x| x.parse().ok()).unwrap_or(1);
        match k {
            "abs" => m.abs = a,
            "neg" => m.neg = a,
            "clamp" => m.clamp = true,
            "omod" => m.omod = true,
            "opsel" => {
                m.opsel = a;
                m.opsel_mask = if b == 1 { 0xf } else { b };
            }
            "sext" => m.sext = a,
            "neglo" => m.neglo = a,
            "neghi" => m.neghi = a,
            "opselhi" => {
                m.opselhi = a;
                m.opselhi_def = b != 0;
            }
            _ => {}
        }
    }
    m
}

fn parse_masks(s: &str) -> [[u32; 2]; 2] {
    let mut out = [[0xffff_ffff; 2]; 2];
    for (i, w) in s.split(';').take(2).enumerate() {
        for (j, x) in w.split(',').take(2).enumerate() {
            out[i][j] = u32::from_str_radix(x, 16).unwrap_or(0xffff_ffff);
        }
    }
    out
}

fn parse_row(line: &'static str, op: u16) -> Option<Row> {
    let mut c = [""; 6];
    let mut k = 0;
    for x in line.splitn(7, '\t').take(6) {
        c[k] = x;
        k += 1;
    }
    if k < 6 {
        return None;
    }
    let operands = if c[2] == "-" {
        Vec::new()
    } else {
        c[2].split(',').filter_map(parse_operand).collect()
    };
    Some(Row {
        op,
        mnemonic: c[1],
        operands,
        mods: parse_mods(if c[3] == "-" { "" } else { c[3] }),
        ok: parse_masks(c[4]),
        name: c[5],
    })
}

fn parse(enc: Enc) -> Table {
    let mut lines = vec![None; enc.size()];
    for line in enc.text().lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut cols = line.splitn(3, '\t');
        let (Some(opt), Some(mn)) = (cols.next(), cols.next()) else {
            continue;
        };
        let Ok(op) = u16::from_str_radix(opt.trim_start_matches("0x"), 16) else {
            continue;
        };
        // (rows with fewer columns than a row has are not rows, as before)
        if (op as usize) < lines.len() && line.split('\t').nth(5).is_some() {
            lines[op as usize] = Some((line, mn));
        }
    }
    let rows = (0..lines.len()).map(|_| OnceLock::new()).collect();
    Table { lines, rows }
}

/// The table of one encoding, parsed on first use.
pub fn table(enc: Enc) -> &'static Table {
    static T: [OnceLock<Table>; 5] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let i = ENCS.iter().position(|e| *e == enc).unwrap_or(0);
    T[i].get_or_init(|| parse(enc))
}
