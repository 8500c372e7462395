//! The per-generation opcode tables, from the text files in `data/gcn/<gen>/<enc>.txt`.
//!
//! Each line is `OPCODE<TAB>MNEMONIC<TAB>TEMPLATE<TAB>ZERO[<TAB>OKMASKS]` (see data/gcn/gen/totables.py):
//! the template is the operand list as LLVM prints it, with `{field:NT}` placeholders for encoded
//! fields (N registers of type T) and plain text for fixed operands (`vcc`, `off`, ...).
//! `build.rs` (crate root) translates the files into static arrays at build time (`$OUT_DIR/gcn_tables.rs`),
//! so nothing is parsed when a program starts: each encoding's table is an opcode-indexed static
//! array of [`Entry`] values computed at compile time ([`Entry::new`]). A new field name or
//! encoding file is added in `build.rs` (`field_of`, the encoding lists) and in the enums here.

use super::operand::OpType;
use super::{Enc, Gen};
use crate::op::Op;
use std::ops::Deref;

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

/// A static list (a `&'static [T]` that iterates like the `Vec` it replaced: `for x in &list`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct List<T: 'static>(pub &'static [T]);

impl<T> Deref for List<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.0
    }
}

impl<'a, T> IntoIterator for &'a List<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<T> Default for List<T> {
    fn default() -> Self {
        List(&[])
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for List<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.0).finish()
    }
}

#[derive(Clone, Debug)]
pub struct Entry {
    pub op: u16,
    /// The operation (shared by every generation that has it).
    pub id: Op,
    pub mnemonic: &'static str,
    pub operands: List<Operand>,
    /// Fields llvm-mc requires to be zero for this opcode.
    pub zero: List<Field>,
    /// Bits llvm-mc accepts set, per dword (a word with a set bit outside these is invalid).
    pub ok: [u32; 2],
    /// `field_bit` of every encoded-field operand.
    pub fields: u32,
    /// `field_bit` of every field in `zero` (the decoders test them as masks).
    pub zero_fields: u32,
    /// [`flag`] bits: facts about the mnemonic and operands, computed by build.rs.
    pub flags: u32,
    /// [`NAME_PAD`] bytes of the names pool from the mnemonic on (the mnemonic, then whatever
    /// follows: the next names or the pool's padding), so the printers copy a mnemonic in one
    /// fixed-size move (a `memcpy` call per mnemonic otherwise). `None` only for a mnemonic
    /// longer than `NAME_PAD` (there is none).
    pub name_pad: Option<&'static [u8; NAME_PAD]>,
    /// The operand list's [`Shape`] (SOP1/SOP2/SOPC/VOP1/VOP2/VOPC/VOP3 tables; `Other` elsewhere).
    pub shape: Shape,
}

/// The opcodes with an e32 operand rule of their own (`print::vop`).
pub const E32_SPECIAL: u32 =
    flag::READFIRSTLANE | flag::READLANE | flag::WRITELANE | flag::LANE_B32 | flag::VGPR_ONLY_SRC0;

/// The operand lists of the most common SOP1/SOP2/SOPC/SOPK/VOP1/VOP2/VOPC/VOP3 opcodes
/// (`Entry::shape`, classified by build.rs's `shape`), so the printers (`print::scalar`, `print::vop`,
/// `print::vop3`) print them straight, without walking the template: `n*` are register counts,
/// `ty*` constant types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Any other list: the printers walk `operands`.
    Other,
    /// VOP1/VOP2/VOPC e32 `[{vdst}, ][vcc, ]{src0}[, {vsrc1}][, vcc]`: `nd` 0 = no vdst, `n1`
    /// 0 = no vsrc1; `vcc_in`/`vcc_out` the fixed `vcc` before src0 (VOPC, carry-out) and
    /// after the sources (carry-in, v_cndmask).
    E32 {
        nd: u8,
        vcc_in: bool,
        n0: u8,
        ty0: OpType,
        n1: u8,
        vcc_out: bool,
    },
    /// SOP1/SOP2/SOPC `[{sdst}, ]{ssrc0}[, {ssrc1}]` (`nd` 0: no destination, `n1` 0: no
    /// second source).
    Salu {
        nd: u8,
        n0: u8,
        ty0: OpType,
        n1: u8,
        ty1: OpType,
    },
    /// SOPK `{sdst}, {simm16:hex}` (`s_movk_i32`, `s_cmpk_*`, ...).
    SopkHex { nd: u8 },
    /// VOP3 `{vdst}, [{sdst}, ]{src0}[, {src1}[, {src2}]]`: `ns` 0 = no sdst (VOP3a); `nsrc`
    /// sources of `n[i]` registers typed `ty[i]`; `float`: the destination or a source is a
    /// float (omod prints).
    Vop3 {
        nd: u8,
        ns: u8,
        nsrc: u8,
        float: bool,
        n: [u8; 3],
        ty: [OpType; 3],
    },
}

/// Length of `Entry::name_pad` (the longest GCN mnemonic has 30 characters; build.rs pads the
/// names pool with 32 bytes).
pub const NAME_PAD: usize = 32;

/// Per-opcode facts build.rs derives from the mnemonic and operand list (`Entry::flags`), so the
/// printers test a bit instead of comparing strings on every decode.
pub mod flag {
    /// `s_endpgm`.
    pub const ENDPGM: u32 = 1 << 0;
    /// SOP1 sources LLVM declares register-only (`s_movrels_b32`, `s_setpc_b64`, ...).
    pub const REG_ONLY_SOP1: u32 = 1 << 1;
    /// `v_readfirstlane*`.
    pub const READFIRSTLANE: u32 = 1 << 2;
    /// `v_readlane_b32`.
    pub const READLANE: u32 = 1 << 3;
    /// `v_writelane_b32`.
    pub const WRITELANE: u32 = 1 << 4;
    /// A mnemonic ending in `lane_b32`.
    pub const LANE_B32: u32 = 1 << 5;
    /// src0 is VGPR-only (`v_swap_b32`, `v_movrel*`; see `decode::vgpr_only_src0`).
    pub const VGPR_ONLY_SRC0: u32 = 1 << 6;
    /// `v_interp_*`.
    pub const INTERP: u32 = 1 << 7;
    /// VOP3 vdst is an 8-bit scalar destination (`v_cmp*`, `v_readlane*`, `v_readfirstlane*`).
    pub const SDST8: u32 = 1 << 8;
    /// `v_sad_u16`.
    pub const SAD_U16: u32 = 1 << 9;
    /// `v_cndmask*`.
    pub const CNDMASK: u32 = 1 << 10;
    /// `v_cvt_pk_u8_f32`.
    pub const CVT_PK_U8_F32: u32 = 1 << 11;
    /// A carry-in (`v_addc*`, `v_subb*`).
    pub const CARRY_IN: u32 = 1 << 12;
    /// `v_mqsad_u32_u8`.
    pub const MQSAD_U32_U8: u32 = 1 << 13;
    /// src1 has integer input modifiers (printed `sext(x)`) although typed float: v_ldexp, v_trig_preop, v_cvt_pkaccum_u8, v_cmp(x)_class.
    pub const SEXT_SRC1: u32 = 1 << 14;
    /// VOP3 prints op_sel: a 16-bit source, not `_e64`, `_legacy` nor `v_sad_u16`.
    pub const OPSEL: u32 = 1 << 15;
    /// `v_mad_mix*`, `v_fma_mix*`.
    pub const MIX: u32 = 1 << 16;
    /// DS with two offsets (`read2`, `write2`, `wrxchg2`).
    pub const DS_TWO: u32 = 1 << 17;
    /// DS that always goes to GDS (`ds_gws*`, `ds_ordered_count`).
    pub const DS_GDS_ONLY: u32 = 1 << 18;
    /// `ds_swizzle_b32`.
    pub const DS_SWIZZLE: u32 = 1 << 19;
    /// `buffer_store_lds_dword`.
    pub const STORE_LDS_DWORD: u32 = 1 << 20;
    /// `image_gather4*`.
    pub const GATHER4: u32 = 1 << 21;
    /// `v_cvt_f32_ubyte*` (an integer src0 although typed float).
    pub const INT_SRC0: u32 = 1 << 22;
    /// An encoded operand of 2 or more dwords.
    pub const WIDE: u32 = 1 << 23;
    /// No SDWA nor DPP form on gfx8/gfx9 (`v_movrel*`, `v_swap_b32`).
    pub const NO_SDWA_DPP: u32 = 1 << 24;
    /// No SDWA form on gfx9 (`v_mac_*`, `v_fmac_*`).
    pub const NO_SDWA_GFX9: u32 = 1 << 25;
}

/// A bit per `Field` variant (the kind of a `Simm16` aside), for `Entry::fields`.
pub(crate) const fn field_bit(f: Field) -> u32 {
    1 << match f {
        Field::Sdst => 0,
        Field::Ssrc0 => 1,
        Field::Ssrc1 => 2,
        Field::Simm16(_) => 3,
        Field::Vdst => 4,
        Field::Src0 => 5,
        Field::Src1 => 6,
        Field::Src2 => 7,
        Field::Vsrc1 => 8,
        Field::K => 9,
        Field::Sdata => 10,
        Field::SdataImm => 11,
        Field::Sbase => 12,
        Field::Offset => 13,
        Field::Addr => 14,
        Field::Data0 => 15,
        Field::Data1 => 16,
        Field::Vaddr => 17,
        Field::Vdata => 18,
        Field::Srsrc => 19,
        Field::Ssamp => 20,
        Field::Soffset => 21,
        Field::Data => 22,
        Field::Saddr => 23,
        Field::Vsrc => 24,
    }
}

impl Entry {
    pub fn field(&self, f: Field) -> Option<(u8, OpType)> {
        // Most lookups are for fields the opcode does not have: one bit test answers them.
        if self.fields & field_bit(f) == 0 {
            return None;
        }
        self.operands.iter().find_map(|o| match *o {
            Operand::Field { field, n, ty } if field == f => Some((n, ty)),
            _ => None,
        })
    }
    #[inline]
    pub fn has(&self, f: Field) -> bool {
        // `fields` has a bit per field; only a Simm16's kind is not in it.
        match f {
            Field::Simm16(_) => self.field(f).is_some(),
            _ => self.fields & field_bit(f) != 0,
        }
    }
    #[inline]
    pub fn is(&self, flags: u32) -> bool {
        self.flags & flags != 0
    }
    pub fn must_be_zero(&self, f: Field) -> bool {
        self.zero.contains(&f)
    }
    /// Whether `w` sets only bits llvm-mc accepts for this opcode.
    pub fn bits_ok(&self, w: &[u32; 3], dwords: usize) -> bool {
        (0..dwords.min(2)).all(|i| w[i] & !self.ok[i] == 0)
    }
}

/// One table row as build.rs writes it (offsets into its generation's pools), the argument of
/// [`Entry::new`].
#[derive(Clone, Copy, Debug)]
pub struct Raw {
    pub op: u16,
    pub id: Op,
    pub name: (u32, u16),
    pub ops: (u32, u16),
    pub zero: (u32, u16),
    pub ok: [u32; 2],
    pub flags: u32,
    /// `Entry::shape`, classified by build.rs (`shape`).
    pub shape: Shape,
    /// `Entry::fields`, evaluated at compile time.
    pub fields: u32,
}

/// A generation's shared pools: mnemonics, operand lists and zero-field lists.
#[derive(Debug)]
pub struct Pools {
    pub names: &'static str,
    pub ops: &'static [Operand],
    pub zero: &'static [Field],
}

/// `s[at..at + n]`, or empty if out of range (`const`).
const fn sub<T>(s: &'static [T], (at, n): (u32, u16)) -> &'static [T] {
    match s.split_at_checked(at as usize) {
        Some((_, r)) => match r.split_at_checked(n as usize) {
            Some((x, _)) => x,
            None => &[],
        },
        None => &[],
    }
}

impl Entry {
    /// The entry of row `r` over its generation's pools `p`. build.rs writes one call per row
    /// into the static tables, evaluated at compile time: a program starts with its tables
    /// ready (no expansion, no allocation).
    pub const fn new(p: &'static Pools, r: Raw) -> Entry {
        let mnemonic = match std::str::from_utf8(sub(p.names.as_bytes(), r.name)) {
            Ok(m) => m,
            Err(_) => "",
        };
        // `None` for a mnemonic longer than the padded copy (none is): the printers then copy
        // the `str`.
        let name_pad = match p.names.as_bytes().split_at_checked(r.name.0 as usize) {
            Some((_, rest)) if mnemonic.len() <= NAME_PAD => rest.first_chunk::<NAME_PAD>(),
            _ => None,
        };
        let zero = sub(p.zero, r.zero);
        let mut zero_fields = 0;
        let mut i = 0;
        while i < zero.len() {
            zero_fields |= field_bit(zero[i]);
            i += 1;
        }
        Entry {
            op: r.op,
            id: r.id,
            mnemonic,
            operands: List(sub(p.ops, r.ops)),
            zero: List(zero),
            zero_fields,
            ok: r.ok,
            fields: r.fields,
            flags: r.flags,
            name_pad,
            shape: r.shape,
        }
    }
}

/// One encoding's table: entries indexed by opcode (static, built at compile time: see
/// [`Entry::new`]).
#[derive(Debug)]
pub struct Table {
    by_op: &'static [Option<Entry>],
}

impl Table {
    pub const fn new(by_op: &'static [Option<Entry>]) -> Self {
        Table { by_op }
    }
    #[cfg(test)]
    fn entries(&self) -> &[Option<Entry>] {
        self.by_op
    }
    #[inline]
    pub fn get(&self, op: u32) -> Option<&Entry> {
        self.by_op.get(op as usize).and_then(|e| e.as_ref())
    }
    pub fn iter(&self) -> impl Iterator<Item = &Entry> {
        self.by_op.iter().flatten()
    }
}

pub struct GenTables {
    pub tables: List<(Enc, Table)>,
    /// Position in `tables` by `Enc as usize` (`NONE`: the generation has no such encoding).
    index: [u8; N_ENC],
    /// The assembler's mnemonic index.
    pub asm: AsmIndex,
    /// MIMG instructions: the address sizes (dwords) llvm-mc-19 accepts, as a bit mask, sorted
    /// by mnemonic (data/gcn/asm/mimg-vaddr.txt).
    pub mimg_vaddr: &'static [(&'static str, u32)],
}

include!("name_hash.rs");

/// The assembler's mnemonic index, built by build.rs: every spelling (with and without
/// `_e32`/`_e64`) to its table rows, 32-bit encodings first (LLVM's choice without a suffix), then
/// the others, then VOP3, each in table order. A name is found through `slots`, an
/// open-addressing table placed by [`name_hash`] (at most half full; 0 is an empty slot).
pub struct AsmIndex {
    /// The names, one after the other.
    keys: &'static str,
    /// Per name: its offset and length in `keys`, and its range of `rows`.
    names: &'static [(u32, u16, u16, u16)],
    /// Name number + 1, or 0.
    slots: &'static [u16],
    /// Encoding and opcode of each row.
    rows: &'static [(Enc, u16)],
}

/// The candidate rows of one mnemonic.
#[derive(Clone, Copy)]
pub struct Rows {
    tables: &'static GenTables,
    rows: &'static [(Enc, u16)],
}

impl Rows {
    pub fn iter(self) -> impl Iterator<Item = (Enc, &'static Entry)> {
        let t = self.tables;
        self.rows
            .iter()
            .filter_map(move |&(enc, op)| Some((enc, t.table(enc)?.get(op as u32)?)))
    }
}

/// `a == b` for short names, eight bytes at a time (the C library's `memcmp`, which `==` calls,
/// goes byte by byte on musl).
fn same_name(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let word = |c: &[u8]| u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
    let (mut x, mut y) = (a.chunks_exact(8), b.chunks_exact(8));
    (&mut x).zip(&mut y).all(|(p, q)| word(p) == word(q))
        && x.remainder().iter().zip(y.remainder()).all(|(p, q)| p == q)
}

impl GenTables {
    /// The rows of mnemonic `name` (an exact spelling: lower case, with or without a suffix).
    pub fn rows(&'static self, name: &str) -> Option<Rows> {
        let a = &self.asm;
        let mask = a.slots.len().checked_sub(1)?;
        let mut at = name_hash(name.as_bytes()) as usize & mask;
        // (The table is at most half full: the walk ends at an empty slot.)
        for _ in 0..a.slots.len() {
            let k = *a.slots.get(at)?;
            let &(off, len, start, end) = a.names.get(k.checked_sub(1)? as usize)?;
            let key = a
                .keys
                .as_bytes()
                .get(off as usize..off as usize + len as usize);
            if key.is_some_and(|k| same_name(k, name.as_bytes())) {
                let rows = a.rows.get(start as usize..end as usize)?;
                return Some(Rows { tables: self, rows });
            }
            at = (at + 1) & mask;
        }
        None
    }
}

const N_ENC: usize = Enc::Exp as usize + 1;
const NONE: u8 = u8::MAX;

/// `GenTables::index` of a generation's encodings in table order.
const fn index_of(encs: &[Enc]) -> [u8; N_ENC] {
    let mut index = [NONE; N_ENC];
    let mut i = 0;
    while i < encs.len() {
        index[encs[i] as usize] = i as u8;
        i += 1;
    }
    index
}

impl GenTables {
    #[inline]
    pub fn table(&self, enc: Enc) -> Option<&Table> {
        let i = *self.index.get(enc as usize)?;
        self.tables.get(i as usize).map(|(_, t)| t)
    }
}

/// An operand type letter of a template (`{src0:1f}`) as `OpType` (unknown letters: Int).
const fn ty(c: u8) -> OpType {
    match c {
        b'i' => OpType::Int,
        b'f' => OpType::Float,
        b'h' => OpType::Half,
        b'w' => OpType::Short,
        b'p' => OpType::PackedHalf,
        b'q' => OpType::PackedShort,
        _ => OpType::Int,
    }
}

/// An encoded-field operand (used by the generated tables).
const fn op(field: Field, n: u8, c: u8) -> Operand {
    Operand::Field {
        field,
        n,
        ty: ty(c),
    }
}

// GFX6, GFX7, GFX8, GFX9, GFX906: `static ...: GenTables` (and their pools and rows), from build.rs.
include!(concat!(env!("OUT_DIR"), "/gcn_tables.rs"));

/// Every generation's tables, in `Gen` order.
static TABLES: [&GenTables; 5] = [&GFX6, &GFX7, &GFX8, &GFX9, &GFX906];

/// The tables of a generation (gfx6/gfx7 use their own numbering, see `data/gcn/README.md`).
pub fn tables(gen: Gen) -> &'static GenTables {
    TABLES[gen as usize]
}

/// Every generation's opcode-indexed entries by `Enc as usize` (empty where the generation has no
/// such encoding), computed at compile time from the `GenTables`: [`entry`] is one slice load and
/// one bounds check, not a walk through `tables`/`GenTables::table`/`Table::get`.
static BY_ENC: [[&[Option<Entry>]; N_ENC]; 5] = [
    by_enc(&GFX6),
    by_enc(&GFX7),
    by_enc(&GFX8),
    by_enc(&GFX9),
    by_enc(&GFX906),
];

const fn by_enc(g: &'static GenTables) -> [&'static [Option<Entry>]; N_ENC] {
    let mut t: [&'static [Option<Entry>]; N_ENC] = [&[]; N_ENC];
    let mut i = 0;
    while i < g.tables.0.len() {
        let (enc, tab) = &g.tables.0[i];
        t[*enc as usize] = tab.by_op;
        i += 1;
    }
    t
}

/// The entry of opcode `op` of `enc` on `gen` (as `tables(gen).table(enc)?.get(op)`).
#[inline(always)]
pub fn entry(gen: Gen, enc: Enc, op: u32) -> Option<&'static Entry> {
    BY_ENC[gen as usize][enc as usize]
        .get(op as usize)?
        .as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The build-time mnemonic index holds, for every spelling of every entry (and only those),
    /// the rows the assembler tries, in its order: 32-bit encodings, others, VOP3, each in table
    /// order.
    #[test]
    fn asm_index_matches_the_tables() {
        use std::collections::HashMap;
        for gen in [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
            let t = tables(gen);
            let mut want: HashMap<&str, Vec<(Enc, *const Entry)>> = HashMap::new();
            for (enc, tab) in t.tables.iter() {
                for e in tab.iter() {
                    want.entry(e.mnemonic).or_default().push((*enc, e));
                    for suf in ["_e32", "_e64"] {
                        if let Some(base) = e.mnemonic.strip_suffix(suf) {
                            want.entry(base).or_default().push((*enc, e));
                        }
                    }
                }
            }
            for v in want.values_mut() {
                v.sort_by_key(|(enc, _)| match enc {
                    Enc::Vop1 | Enc::Vop2 | Enc::Vopc => 0,
                    Enc::Vop3 => 2,
                    _ => 1,
                });
            }
            assert_eq!(want.len(), t.asm.names.len(), "{gen:?}");
            for (name, rows) in &want {
                let got: Vec<(Enc, *const Entry)> = t
                    .rows(name)
                    .unwrap_or_else(|| panic!("{gen:?}: {name} not found"))
                    .iter()
                    .map(|(enc, e)| (enc, e as *const Entry))
                    .collect();
                assert_eq!(&got, rows, "{gen:?}: {name}");
            }
            for name in ["", "v_add_f32_e33", "V_ADD_F32", "s_nop ", "x"] {
                assert!(t.rows(name).is_none(), "{gen:?}: {name:?}");
            }
        }
    }

    /// The build-time letter mapping agrees with the operand module's.
    #[test]
    fn type_letters_match_operand_module() {
        for c in 0..=255u8 {
            assert_eq!(
                ty(c),
                OpType::from_char(c).unwrap_or(OpType::Int),
                "letter {c:#x}"
            );
        }
    }

    /// The direct lookup finds what the per-generation tables hold, for every encoding and opcode.
    #[test]
    fn entry_lookup_matches_tables() {
        let encs = Enc::ALL;
        // (reserved masks are indexed by `enc as usize`)
        for (i, e) in encs.iter().enumerate() {
            assert_eq!(*e as usize, i, "{e:?}");
        }
        let mut found = 0;
        for gen in [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
            for enc in encs {
                for op in 0..1100u32 {
                    let want = tables(gen).table(enc).and_then(|t| t.get(op));
                    let got = entry(gen, enc, op);
                    assert_eq!(
                        want.map(|e| e as *const Entry),
                        got.map(|e| e as *const Entry)
                    );
                    found += got.is_some() as usize;
                }
            }
        }
        assert!(found > 5000, "{found}");
    }

    /// build.rs's shapes describe their rows' operand lists exactly (the printers' straight paths
    /// then print what the template walk would).
    #[test]
    fn shapes_match_operands() {
        let f = |field: Field, n: u8| Operand::Field {
            field,
            n,
            ty: OpType::Int,
        };
        // Types only matter where the shape keeps them (sources); the rest compare as Int.
        let untyped = |o: &Operand, keep: bool| match *o {
            Operand::Field { field, n, ty } => Operand::Field {
                field,
                n,
                ty: if keep { ty } else { OpType::Int },
            },
            t => t,
        };
        let mut shaped = 0;
        for gen in [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
            for (enc, tab) in &tables(gen).tables {
                for e in tab.iter() {
                    let want: Vec<Operand> = match e.shape {
                        Shape::Other => continue,
                        Shape::E32 {
                            nd,
                            vcc_in,
                            n0,
                            ty0,
                            n1,
                            vcc_out,
                        } => {
                            let mut v = Vec::new();
                            if nd > 0 {
                                v.push(f(Field::Vdst, nd));
                            }
                            if vcc_in {
                                v.push(Operand::Text("vcc"));
                            }
                            v.push(Operand::Field {
                                field: Field::Src0,
                                n: n0,
                                ty: ty0,
                            });
                            if n1 > 0 {
                                v.push(f(Field::Vsrc1, n1));
                            }
                            if vcc_out {
                                v.push(Operand::Text("vcc"));
                            }
                            v
                        }
                        Shape::Salu {
                            nd,
                            n0,
                            ty0,
                            n1,
                            ty1,
                        } => {
                            let mut v = Vec::new();
                            if nd > 0 {
                                v.push(f(Field::Sdst, nd));
                            }
                            v.push(Operand::Field {
                                field: Field::Ssrc0,
                                n: n0,
                                ty: ty0,
                            });
                            if n1 > 0 {
                                v.push(Operand::Field {
                                    field: Field::Ssrc1,
                                    n: n1,
                                    ty: ty1,
                                });
                            }
                            v
                        }
                        Shape::SopkHex { nd } => vec![
                            f(Field::Sdst, nd),
                            Operand::Field {
                                field: Field::Simm16(ImmKind::Hex),
                                n: 1,
                                ty: OpType::Int,
                            },
                        ],
                        Shape::Vop3 {
                            nd,
                            ns,
                            nsrc,
                            float,
                            n,
                            ty,
                        } => {
                            let mut v = vec![f(Field::Vdst, nd)];
                            if ns > 0 {
                                v.push(f(Field::Sdst, ns));
                            }
                            for (i, s) in [Field::Src0, Field::Src1, Field::Src2]
                                .iter()
                                .take(nsrc as usize)
                                .enumerate()
                            {
                                v.push(Operand::Field {
                                    field: *s,
                                    n: n[i],
                                    ty: ty[i],
                                });
                            }
                            let any = e.operands.iter().any(|o| matches!(o, Operand::Field { field, ty, .. } if *field != Field::Sdst && ty.is_float()));
                            assert_eq!(float, any, "{gen:?} {}", e.mnemonic);
                            v
                        }
                    };
                    let got: Vec<Operand> = e
                        .operands
                        .iter()
                        .map(|o| {
                            untyped(
                                o,
                                matches!(
                                    o,
                                    Operand::Field {
                                        field: Field::Src0
                                            | Field::Src1
                                            | Field::Src2
                                            | Field::Ssrc0
                                            | Field::Ssrc1,
                                        ..
                                    }
                                ),
                            )
                        })
                        .collect();
                    assert_eq!(got, want, "{gen:?} {enc:?} {}", e.mnemonic);
                    shaped += 1;
                }
            }
        }
        assert!(shaped > 2000, "{shaped}");
    }

    /// build.rs's `fields` masks are the fields of the rows' operands.
    #[test]
    fn field_masks_match_operands() {
        for gen in [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
            for (_, tab) in &tables(gen).tables {
                for e in tab.iter() {
                    let m = e.operands.iter().fold(0, |m, o| match *o {
                        Operand::Field { field, .. } => m | field_bit(field),
                        Operand::Text(_) => m,
                    });
                    assert_eq!(e.fields, m, "{gen:?} {}", e.mnemonic);
                }
            }
        }
    }

    /// Every generation has its tables, with entries at their opcode's index.
    #[test]
    fn tables_are_indexed_by_opcode() {
        for gen in [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
            let t = tables(gen);
            assert!(t.tables.len() >= 15, "{gen:?}");
            let mut n = 0;
            for (_, tab) in &t.tables {
                for (i, e) in tab.entries().iter().enumerate() {
                    if let Some(e) = e {
                        assert_eq!(e.op as usize, i);
                        assert!(!e.mnemonic.is_empty());
                        n += 1;
                    }
                }
            }
            assert!(n > 500, "{gen:?}: {n} entries");
        }
        for gen in [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
            let t = tables(gen);
            for (i, (enc, _)) in t.tables.iter().enumerate() {
                assert_eq!(t.index[*enc as usize] as usize, i, "{gen:?} {enc:?}");
            }
            let n = t.index.iter().filter(|&&i| i != NONE).count();
            assert_eq!(n, t.tables.len(), "{gen:?}");
            assert!(t.table(Enc::Exp).is_none());
        }
        let vop1 = tables(Gen::Gfx9).table(Enc::Vop1).and_then(|t| t.get(1));
        assert_eq!(vop1.map(|e| e.mnemonic), Some("v_mov_b32_e32"));
    }
}
