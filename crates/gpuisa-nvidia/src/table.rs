//! The instruction table: `data/maxwell.forms` (plain text, one encoding form a line) read once into
//! [`Table`], then an O(1) index by the top 16 bits of a word.
//!
//! A form is `MNEMONIC MATCH MASK [sm=53] MODIFIERS... | OPERANDS` where a word belongs to the
//! form when `word & MASK == MATCH`. Modifiers and operands are small specs interpreted by
//! [`crate::syntax`]: adding an instruction is adding a line, no code. See docs/nvidia.md for the
//! grammar.

use std::sync::OnceLock;

/// The text of the table, compiled into the binary.
pub const FORMS_TEXT: &str = include_str!("../data/maxwell.forms");

/// One modifier of the mnemonic (`.U32`, `.AND`, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mod {
    /// `.NAME` when bit `pos` is 1.
    Flag { pos: u8, name: &'static str },
    /// `.NAMES[field]`; an empty name prints nothing.
    Enum {
        pos: u8,
        width: u8,
        names: Vec<&'static str>,
    },
    /// Always `.NAME`.
    Text(&'static str),
}

/// The base kind of an operand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// General register, 8 bits at `pos`, 255 = RZ. `reuse`: the control-word reuse slot (0..3).
    Reg { pos: u8, reuse: Option<u8> },
    /// Predicate register, 3 bits at `pos`, 7 = PT.
    Pred { pos: u8 },
    /// Constant operand `c[bank][offset]`: bank 5 bits at 34, word offset 14 bits at 20 (x4).
    Cbank,
    /// The same printed `c[bank] [offset]` (XMAD's spelling in nvdisasm).
    CbankSpaced,
    /// A predicate destination printed only when it is not PT (LOP3.LUT, LOP).
    PredOpt { pos: u8 },
    /// Indexed constant of LDC: `c[bank@36][Ra@8+imm16@20]`, Ra = RZ prints the immediate alone.
    CIndexed,
    /// A branch's constant target `c[bank@36][imm16@20]` (signed offset, no register): `cb`.
    CbankAbs,
    /// A register at 8 and a signed immediate of `width` bits at 20, printed `R5 -0x10` (BRX, JMX:
    /// `ri:WIDTH`).
    RegImm { width: u8 },
    /// Attribute address `a[Ra@8+imm]` (`att:POS:W`, signed `W`-bit immediate at `POS`, printed
    /// only when not 0; Ra = RZ prints the immediate alone, unsigned; `W` = 0: no immediate).
    Attr { pos: u8, width: u8 },
    /// Attribute address without a register, `a[0x18]` (`ai:POS:W`, unsigned).
    AttrImm { pos: u8, width: u8 },
    /// A predicate destination stored inverted (field = 7 - predicate), printed unless PT
    /// (`poi:POS`: sm_52/53's SULD/SUATOM, measured).
    PredOptInv { pos: u8 },
    /// The same, always printed (`pi:POS`, sm_52/53's SUATOM with a register surface).
    PredInv { pos: u8 },
    /// A register address without offset, `[R5]` (`rm:POS`; surfaces). `rmz:POS`: the same, but
    /// `[RZ]` is rejected by nvdisasm (sm_52/53's ATOM with a predicate): a hole.
    RegMem { pos: u8, nz: bool },
    /// A register printed only when it is not RZ (`ro:POS`, ALD/AST's vertex register).
    RegOpt { pos: u8 },
    /// Signed immediate of `width` bits at `pos`, sign (if `sign` is Some) in a separate bit.
    Imm {
        pos: u8,
        width: u8,
        sign: Option<u8>,
        signed: bool,
    },
    /// 32-bit float immediate whose top 19 bits are at 20 and the sign at 56.
    F20,
    /// 32-bit float immediate at `pos`.
    F32 { pos: u8 },
    /// Memory `[Ra+imm]`: Ra 8 bits at 8 (RZ omitted), immediate `width` bits at `pos`
    /// (signed, or unsigned and scaled by 4 for `mu4`, ATOMS).
    Mem {
        pos: u8,
        width: u8,
        wide: Option<u8>,
        scaled: bool,
    },
    /// f64 immediate whose top 19 bits are at 20 and the sign at 56.
    D20,
    /// One half of an FP16x2 immediate pair: the top 9 bits of its magnitude (exponent and 4
    /// mantissa bits) at `pos`, the sign at `sign` (HADD2/HMUL2/HFMA2 immediates).
    /// With `full` (`hf16:POS`), a whole f16 at `pos` (sign at pos+15: the `_32I` forms).
    Half { pos: u8, sign: u8, full: bool },
    /// Unsigned immediate whose negate bit prints it negated (`-0x9237`, and `0x0` for -0):
    /// the video instructions' B (`vi:POS:WIDTH:NEGBIT`).
    NegImm { pos: u8, width: u8, neg: u8 },
    /// Unsigned immediate printed only when not zero (BAR thread count).
    ImmOpt { pos: u8, width: u8 },
    /// A set of bits printed `{5,1}` (highest first), only when not empty (DEPBAR).
    BitSet { pos: u8, width: u8 },
    /// An operand spelled by name (`2D`, `RGB`, `SB5`); `!` marks values not handled.
    Names {
        pos: u8,
        width: u8,
        names: Vec<&'static str>,
    },
    /// The register after the one at `pos` (second half of a CAS pair): printed, not encoded.
    RegNext { pos: u8 },
    /// The register two after the one at `pos` (a 64-bit CAS pair's second half, `rn2:POS`).
    RegNext2 { pos: u8 },
    /// A register that is never RZ here (`rz:POS`): nvdisasm prints `???255` padded to a column
    /// for it (ATOMS.CAS pairs), so such words are left unknown (as holes).
    RegNoRz { pos: u8 },
    /// Special register for S2R, 8 bits at `pos`.
    SReg { pos: u8 },
    /// Branch target: signed 24-bit byte offset at 20, relative to the next instruction.
    Target,
    /// A fixed word printed verbatim (`PT`, `RZ` in forms where it is implied).
    Text(&'static str),
}

/// One operand: prefixes applied by flag bits, then the base kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operand {
    /// `-` when this bit is 1.
    pub neg: Option<u8>,
    /// `|x|` when this bit is 1.
    pub abs: Option<u8>,
    /// `!` when this bit is 1 (predicates).
    pub not: Option<u8>,
    /// `~` when this bit is 1 (bitwise not of a register).
    pub inv: Option<u8>,
    /// `.H1` suffix when this bit is 1, `.H0` never printed.
    pub h1: Option<u8>,
    /// FP16x2 swizzle, 2 bits: none, `.F32`, `.H0_H0`, `.H1_H1`.
    pub sw: Option<u8>,
    /// Video-instruction byte/half selector, 3 bits (`vs:POS`): `.B1`/`.B2`/`.B3` (8-bit),
    /// `.H1` (16-bit) after a register; the same bits name the operand type in the modifiers.
    pub vsel: Option<u8>,
    /// A named suffix after a register from a field (`sx:POS:W:N0/N1/...`, printed `.N`, an empty
    /// name prints nothing, `!` is a hole): VABSDIFF4's byte selectors `R21.6543`.
    pub sfx: Option<(u8, u8, Vec<&'static str>)>,
    /// Suffix text after the operand (`.CC` on a destination when this bit is 1).
    pub cc: Option<u8>,
    pub kind: Kind,
    /// The bits of `neg`, `abs`, `not`, `inv`, `h1`, `cc` together: when none is set in a
    /// word, the printer skips their checks.
    pub flag_mask: u64,
}

#[derive(Clone, Debug)]
pub struct Form {
    pub mnemonic: &'static str,
    pub matches: u64,
    pub mask: u64,
    /// Bits nvdisasm ignores (`x:POS:W` in the table): outside `mask`, not printed; the
    /// assembler writes the example word's value there (`fill`).
    pub fill: u64,
    /// Lowest SM that knows the form (50, 52 or 53).
    pub min_sm: u8,
    /// Highest SM that knows the form (`smax=50`: encodings sm_52/53 decode differently).
    pub max_sm: u8,
    pub mods: Vec<Mod>,
    pub ops: Vec<Operand>,
    /// `@var`: the result arrives after a variable latency (needs a scoreboard barrier).
    pub var_latency: bool,
    /// `@phase`: the control word's reuse bits 0-1 are a texture phase printed as a last
    /// modifier (`.T`, `.P`, `.INVALIDPHASE3`), not operand reuse (TEXS.T, TLDS.LZ.P).
    pub phase: bool,
    /// Some enum names are `!`: such values are not handled and the word is unknown.
    pub has_holes: bool,
    /// `@noguard`: bits 16-19 are not a guard predicate (SSY, PBK, CAL).
    pub no_guard: bool,
    /// `@nodst`: the first operand is not a destination (stores, branches, compares into P only).
    pub no_dst: bool,
    /// Line of the table file, for messages.
    pub line: usize,
    /// For the printer: the mnemonic followed by the leading always-printed modifiers
    /// (`LOP3.LUT`), then the other modifiers with their dots included.
    pub head: &'static str,
    pub print_mods: Vec<PrintMod>,
}

/// A modifier as the printer writes it: names carry their leading `.` (empty names stay empty).
#[derive(Clone, Debug)]
pub enum PrintMod {
    Flag {
        pos: u8,
        name: &'static str,
    },
    Enum {
        pos: u8,
        width: u8,
        names: Vec<&'static str>,
    },
    Text(&'static str),
}

/// The printer's view of a form's mnemonic and modifiers (strings made once at table build and
/// kept for the life of the program).
fn print_mods(mnemonic: &'static str, mods: &[Mod]) -> (&'static str, Vec<PrintMod>) {
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let dotted = |n: &str| {
        if n.is_empty() {
            ""
        } else {
            leak(format!(".{n}"))
        }
    };
    let lead = mods
        .iter()
        .take_while(|m| matches!(m, Mod::Text(_)))
        .count();
    let head = if lead == 0 {
        mnemonic
    } else {
        let mut h = mnemonic.to_string();
        for m in &mods[..lead] {
            if let Mod::Text(n) = m {
                h.push('.');
                h.push_str(n);
            }
        }
        leak(h)
    };
    let rest = mods[lead..]
        .iter()
        .map(|m| match m {
            Mod::Flag { pos, name } => PrintMod::Flag {
                pos: *pos,
                name: dotted(name),
            },
            Mod::Enum { pos, width, names } => PrintMod::Enum {
                pos: *pos,
                width: *width,
                names: names.iter().map(|n| dotted(n)).collect(),
            },
            Mod::Text(n) => PrintMod::Text(dotted(n)),
        })
        .collect();
    (head, rest)
}

impl Form {
    /// Whether `word` selects an enum value marked `!` (not handled).
    pub fn hole(&self, word: u64) -> bool {
        let sel = |pos: u8, width: u8| ((word >> pos) & ((1u64 << width) - 1)) as usize;
        self.mods.iter().any(|m| matches!(m, Mod::Enum { pos, width, names } if names[sel(*pos, *width)] == "!"))
            || self.ops.iter().any(|o| matches!(&o.kind, Kind::Names { pos, width, names } if names[sel(*pos, *width)] == "!"))
            || self.ops.iter().any(|o| matches!(&o.sfx, Some((pos, width, names)) if names[sel(*pos, *width)] == "!"))
            // a register pair reaching R255 prints `???255` (not modelled)
            || self.ops.iter().any(|o| match o.kind {
                Kind::RegNext { pos } => sel(pos, 8) >= 254,
                Kind::RegNext2 { pos } => sel(pos, 8) >= 253,
                Kind::RegNoRz { pos } | Kind::RegMem { pos, nz: true } => sel(pos, 8) == 255,
                // a[RZ+imm] prints the immediate without its top bit (AST a[0x398] for 0x798):
                // such words are left unknown
                Kind::Attr { pos, width } if width > 1 => {
                    sel(8, 8) == 255 && sel(pos + width - 1, 1) != 0
                }
                _ => false,
            })
    }
}

/// One lookup candidate: a word matches when `word & mask == matches` and `sm >= min_sm`
/// (and, for forms with `!` names, the word selects no hole).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    mask: u64,
    matches: u64,
    form: u16,
    min_sm: u8,
    max_sm: u8,
    holes: bool,
}

pub struct Table {
    pub forms: Vec<Form>,
    /// For each value `h` of the top 16 bits: its candidates are `order[index[h]..index[h + 1]]`
    /// (65,537 offsets: 256 KB, built by counting, one array).
    index: Vec<u32>,
    /// The candidate forms of each bucket, most specific first, with what the match needs
    /// (kept apart from the large [`Form`]s so a lookup reads one small contiguous record).
    order: Vec<Entry>,
    /// Form indices by mnemonic, sorted.
    by_name: Vec<(&'static str, u16)>,
    pub errors: Vec<String>,
}

impl Table {
    /// The form for `word` on `sm`, if any (most specific mask first).
    #[inline]
    pub fn lookup(&self, word: u64, sm: u8) -> Option<(usize, &Form)> {
        let h = (word >> 48) as usize;
        let (start, end) = (self.index[h] as usize, self.index[h + 1] as usize);
        let bucket = self.order.get(start..end).unwrap_or(&[]);
        for e in bucket {
            if word & e.mask == e.matches && sm >= e.min_sm && sm <= e.max_sm {
                let f = self.forms.get(e.form as usize)?;
                if !(e.holes && f.hole(word)) {
                    return Some((e.form as usize, f));
                }
            }
        }
        None
    }

    /// Every form with this mnemonic.
    pub fn by_mnemonic<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Form> + 'a {
        let start = self.by_name.partition_point(|(n, _)| *n < name);
        self.by_name[start..]
            .iter()
            .take_while(move |(n, _)| *n == name)
            .map(move |(_, i)| &self.forms[*i as usize])
    }

    pub fn mnemonics(&self) -> Vec<&'static str> {
        let mut v: Vec<&str> = self.by_name.iter().map(|(n, _)| *n).collect();
        v.dedup();
        v
    }
}

/// The table, parsed once.
pub fn table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| build(FORMS_TEXT))
}

fn num(s: &str) -> Option<u64> {
    match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(&h.replace('_', ""), 16).ok(),
        None => s.parse().ok(),
    }
}

fn small(s: &str) -> Option<u8> {
    num(s).filter(|&v| v < 64).map(|v| v as u8)
}

fn parse_mod(s: &'static str) -> Result<Mod, String> {
    let parts: Vec<&'static str> = s.split(':').collect();
    match parts.as_slice() {
        ["f", pos, name] => Ok(Mod::Flag {
            pos: small(pos).ok_or("bad flag position")?,
            name,
        }),
        ["e", pos, width, names] => {
            let names: Vec<&'static str> = names.split('/').collect();
            let width = small(width).ok_or("bad enum width")?;
            if width > 8 || names.len() != 1 << width {
                return Err(format!(
                    "enum of width {width} needs {} names, has {}",
                    1u32 << width.min(8),
                    names.len()
                ));
            }
            Ok(Mod::Enum {
                pos: small(pos).ok_or("bad enum position")?,
                width,
                names,
            })
        }
        ["t", name] => Ok(Mod::Text(name)),
        _ => Err(format!("unknown modifier spec '{s}'")),
    }
}

fn parse_operand(s: &'static str) -> Result<Operand, String> {
    let mut op = Operand {
        neg: None,
        abs: None,
        not: None,
        inv: None,
        h1: None,
        sw: None,
        vsel: None,
        sfx: None,
        cc: None,
        kind: Kind::Text(""),
        flag_mask: 0,
    };
    let mut kind = None;
    for item in s.split_whitespace() {
        let parts: Vec<&'static str> = item.split(':').collect();
        let bit = |i: usize| -> Result<u8, String> {
            parts
                .get(i)
                .and_then(|p| small(p))
                .ok_or_else(|| format!("bad number in '{item}'"))
        };
        match parts[0] {
            "neg" => op.neg = Some(bit(1)?),
            "abs" => op.abs = Some(bit(1)?),
            "not" => op.not = Some(bit(1)?),
            "inv" => op.inv = Some(bit(1)?),
            "h1" => op.h1 = Some(bit(1)?),
            "sw" => op.sw = Some(bit(1)?),
            "vs" => op.vsel = Some(bit(1)?),
            "sx" => {
                let width = bit(2)?;
                let names: Vec<&'static str> =
                    parts.get(3).copied().unwrap_or("").split('/').collect();
                if width > 8 || names.len() != 1 << width {
                    return Err(format!(
                        "suffix names of width {width} need {} names",
                        1u32 << width.min(8)
                    ));
                }
                op.sfx = Some((bit(1)?, width, names));
            }
            "vi" => {
                kind = Some(Kind::NegImm {
                    pos: bit(1)?,
                    width: bit(2)?,
                    neg: bit(3)?,
                })
            }
            "uo" => {
                kind = Some(Kind::ImmOpt {
                    pos: bit(1)?,
                    width: bit(2)?,
                })
            }
            "set" => {
                kind = Some(Kind::BitSet {
                    pos: bit(1)?,
                    width: bit(2)?,
                })
            }
            "n" => {
                let width = bit(2)?;
                let names: Vec<&'static str> =
                    parts.get(3).copied().unwrap_or("").split('/').collect();
                if width > 8 || names.len() != 1 << width {
                    return Err(format!(
                        "operand names of width {width} need {} names",
                        1u32 << width.min(8)
                    ));
                }
                kind = Some(Kind::Names {
                    pos: bit(1)?,
                    width,
                    names,
                })
            }
            "cc" => op.cc = Some(bit(1)?),
            "r" => {
                let reuse = match parts.get(2) {
                    Some(&"a") => Some(0),
                    Some(&"b") => Some(1),
                    Some(&"c") => Some(2),
                    None => None,
                    _ => return Err(format!("bad reuse slot in '{item}'")),
                };
                kind = Some(Kind::Reg {
                    pos: bit(1)?,
                    reuse,
                })
            }
            "p" => kind = Some(Kind::Pred { pos: bit(1)? }),
            "rn" => kind = Some(Kind::RegNext { pos: bit(1)? }),
            "rn2" => kind = Some(Kind::RegNext2 { pos: bit(1)? }),
            "rz" => kind = Some(Kind::RegNoRz { pos: bit(1)? }),
            "c" => kind = Some(Kind::Cbank),
            "cs" => kind = Some(Kind::CbankSpaced),
            "po" => kind = Some(Kind::PredOpt { pos: bit(1)? }),
            "cx" => kind = Some(Kind::CIndexed),
            "cb" => kind = Some(Kind::CbankAbs),
            "ri" => kind = Some(Kind::RegImm { width: bit(1)? }),
            "att" => {
                kind = Some(Kind::Attr {
                    pos: bit(1)?,
                    width: bit(2)?,
                })
            }
            "ai" => {
                kind = Some(Kind::AttrImm {
                    pos: bit(1)?,
                    width: bit(2)?,
                })
            }
            "ro" => kind = Some(Kind::RegOpt { pos: bit(1)? }),
            "rm" | "rmz" => {
                kind = Some(Kind::RegMem {
                    pos: bit(1)?,
                    nz: parts[0] == "rmz",
                })
            }
            "poi" => kind = Some(Kind::PredOptInv { pos: bit(1)? }),
            "pi" => kind = Some(Kind::PredInv { pos: bit(1)? }),
            "i" | "u" => {
                kind = Some(Kind::Imm {
                    pos: bit(1)?,
                    width: bit(2)?,
                    sign: if parts.len() > 3 { Some(bit(3)?) } else { None },
                    signed: parts[0] == "i",
                })
            }
            "f20" => kind = Some(Kind::F20),
            "f32" => kind = Some(Kind::F32 { pos: bit(1)? }),
            "m" | "mu4" => {
                kind = Some(Kind::Mem {
                    pos: bit(1)?,
                    width: bit(2)?,
                    wide: if parts.len() > 3 { Some(bit(3)?) } else { None },
                    scaled: parts[0] == "mu4",
                })
            }
            "d20" => kind = Some(Kind::D20),
            "hf" => {
                kind = Some(Kind::Half {
                    pos: bit(1)?,
                    sign: bit(2)?,
                    full: false,
                })
            }
            "hf16" => {
                let pos = bit(1)?;
                kind = Some(Kind::Half {
                    pos,
                    sign: pos + 15,
                    full: true,
                })
            }
            "sr" => kind = Some(Kind::SReg { pos: bit(1)? }),
            "tgt" => kind = Some(Kind::Target),
            "t" => kind = Some(Kind::Text(parts.get(1).copied().unwrap_or(""))),
            _ => return Err(format!("unknown operand item '{item}'")),
        }
    }
    op.kind = kind.ok_or_else(|| format!("operand '{s}' has no kind"))?;
    op.flag_mask = [op.neg, op.abs, op.not, op.inv, op.h1, op.cc]
        .into_iter()
        .flatten()
        .fold(0, |m, b| m | 1u64 << b);
    Ok(op)
}

fn parse_line(line: &'static str, n: usize) -> Result<Option<Form>, String> {
    let body = line.split('#').next().unwrap_or("").trim();
    if body.is_empty() {
        return Ok(None);
    }
    let (head, ops) = match body.split_once('|') {
        Some((h, o)) => (h, o.trim()),
        None => (body, ""),
    };
    let mut it = head.split_whitespace();
    let mnemonic = it.next().ok_or("empty form")?;
    let matches = it.next().and_then(num).ok_or("bad MATCH")?;
    let mask_tok = it.next().ok_or("missing MASK")?;
    let auto = mask_tok == "auto";
    let mask = if auto {
        0
    } else {
        num(mask_tok).ok_or("bad MASK")?
    };
    if !auto && matches & !mask != 0 {
        return Err(format!(
            "MATCH has bits outside MASK: {:#x}",
            matches & !mask
        ));
    }
    let mut min_sm = 50;
    let mut max_sm = 255;
    let mut mods = Vec::new();
    let (mut var_latency, mut no_dst, mut no_guard) = (false, false, false);
    let mut phase = false;
    let mut ignored = 0u64;
    for m in it {
        if let Some(x) = m.strip_prefix("x:") {
            // bits nvdisasm ignores (measured: flipping them leaves the text unchanged)
            let (p, w) = x.split_once(':').ok_or("x:POS:WIDTH")?;
            let (p, w): (u8, u8) = (
                p.parse().map_err(|_| "bad x: position")?,
                w.parse().map_err(|_| "bad x: width")?,
            );
            if w == 0 || p as u32 + w as u32 > 64 {
                return Err("x: field outside the word".into());
            }
            ignored |= ones(p, w);
        } else if m == "@phase" {
            phase = true;
        } else if m == "@noguard" {
            no_guard = true;
        } else if m == "@var" {
            var_latency = true;
        } else if m == "@nodst" {
            no_dst = true;
        } else if let Some(sm) = m.strip_prefix("smax=") {
            max_sm = sm.parse().map_err(|_| "bad smax=")?;
        } else if let Some(sm) = m.strip_prefix("sm=") {
            min_sm = sm.parse().map_err(|_| "bad sm=")?;
        } else {
            mods.push(parse_mod(m)?);
        }
    }
    let mut operands = Vec::new();
    if !ops.is_empty() {
        for o in ops.split(',') {
            operands.push(parse_operand(o.trim())?);
        }
    }
    let fill = matches & ignored;
    let (matches, mask) = if auto {
        // every bit the form does not print (nor ignores) is fixed to the example word's value
        let used = used_bits(&mods, &operands) | ignored | if no_guard { 0 } else { GUARD_BITS };
        (matches & !used, !used)
    } else {
        (matches & !ignored, mask & !ignored)
    };
    let has_holes = mods
        .iter()
        .any(|m| matches!(m, Mod::Enum { names, .. } if names.contains(&"!")))
        || operands
            .iter()
            .any(|o| matches!(&o.kind, Kind::Names { names, .. } if names.contains(&"!")))
        || operands
            .iter()
            .any(|o| matches!(&o.sfx, Some((_, _, names)) if names.contains(&"!")))
        || operands.iter().any(|o| {
            matches!(
                o.kind,
                Kind::RegNext { .. }
                    | Kind::RegNext2 { .. }
                    | Kind::RegNoRz { .. }
                    | Kind::RegMem { nz: true, .. }
            ) || matches!(o.kind, Kind::Attr { width, .. } if width > 1)
        });
    let (head, pmods) = print_mods(mnemonic, &mods);
    Ok(Some(Form {
        head,
        print_mods: pmods,
        mnemonic,
        matches,
        mask,
        fill,
        min_sm,
        max_sm,
        mods,
        ops: operands,
        var_latency,
        no_dst,
        no_guard,
        has_holes,
        phase,
        line: n,
    }))
}

/// Bits 16-19: the guard predicate of every instruction.
pub const GUARD_BITS: u64 = 0xf << 16;

fn ones(pos: u8, width: u8) -> u64 {
    if width >= 64 {
        !0
    } else {
        ((1u64 << width) - 1) << pos
    }
}

/// Bits of the word that the modifiers and operands of a form read.
pub fn used_bits(mods: &[Mod], ops: &[Operand]) -> u64 {
    let mut u = 0;
    for m in mods {
        match m {
            Mod::Flag { pos, .. } => u |= ones(*pos, 1),
            Mod::Enum { pos, width, .. } => u |= ones(*pos, *width),
            Mod::Text(_) => {}
        }
    }
    for o in ops {
        for b in [o.neg, o.abs, o.not, o.inv, o.h1, o.cc]
            .into_iter()
            .flatten()
        {
            u |= ones(b, 1);
        }
        // the FP16x2 swizzle is two bits (it was left out, which fixed every HADD2/HSETP2...
        // operand to its example's swizzle)
        if let Some(b) = o.sw {
            u |= ones(b, 2);
        }
        if let Some((p, wd, _)) = &o.sfx {
            u |= ones(*p, *wd);
        }
        u |= match &o.kind {
            Kind::Reg { pos, .. } | Kind::SReg { pos } => ones(*pos, 8),
            Kind::Pred { pos } => ones(*pos, 3),
            Kind::RegNext { .. } | Kind::RegNext2 { .. } => 0,
            Kind::ImmOpt { pos, width }
            | Kind::BitSet { pos, width }
            | Kind::Names { pos, width, .. } => ones(*pos, *width),
            Kind::Cbank | Kind::CbankSpaced => ones(20, 19),
            Kind::PredOpt { pos } | Kind::PredOptInv { pos } | Kind::PredInv { pos } => {
                ones(*pos, 3)
            }
            Kind::CIndexed => ones(8, 8) | ones(20, 21),
            Kind::CbankAbs => ones(20, 16) | ones(36, 5),
            Kind::RegImm { width } => ones(8, 8) | ones(20, *width),
            Kind::Attr { pos, width } => ones(8, 8) | ones(*pos, *width),
            Kind::AttrImm { pos, width } => ones(*pos, *width),
            Kind::RegOpt { pos } | Kind::RegMem { pos, .. } | Kind::RegNoRz { pos } => {
                ones(*pos, 8)
            }
            Kind::Imm {
                pos, width, sign, ..
            } => ones(*pos, *width) | sign.map_or(0, |s| ones(s, 1)),
            Kind::F20 | Kind::D20 => ones(20, 19) | ones(56, 1),
            Kind::Half { pos, full, .. } if *full => ones(*pos, 16),
            Kind::NegImm { pos, width, neg } => ones(*pos, *width) | ones(*neg, 1),
            Kind::Half { pos, sign, .. } => ones(*pos, 9) | ones(*sign, 1),
            Kind::F32 { pos } => ones(*pos, 32),
            Kind::Mem {
                pos, width, wide, ..
            } => ones(8, 8) | ones(*pos, *width) | wide.map_or(0, |w| ones(w, 1)),
            Kind::Target => ones(20, 24),
            Kind::Text(_) => 0,
        };
    }
    u
}

/// Parses the table text; malformed lines are collected in `errors` (a test asserts there are none).
pub fn build(text: &'static str) -> Table {
    let mut forms = Vec::new();
    let mut errors = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match parse_line(line, i + 1) {
            Ok(Some(f)) => forms.push(f),
            Ok(None) => {}
            Err(e) => errors.push(format!("maxwell.forms:{}: {e}", i + 1)),
        }
    }
    // Most specific first: more mask bits wins; ties keep file order.
    let mut sorted: Vec<u16> = (0..forms.len() as u16).collect();
    sorted.sort_by_key(|&i| std::cmp::Reverse(forms[i as usize].mask.count_ones()));
    // Bucket every form under each top-16-bit value it can match: enumerate the free bits of
    // its mask's top 16 bits (a handful per form), counting first, then filling one flat array
    // (most specific form first within a bucket).
    let each_bucket = |f: &Form, visit: &mut dyn FnMut(usize)| {
        let fixed = (f.mask >> 48) as u32;
        let base = (f.matches >> 48) as u32 & fixed;
        let free = !fixed & 0xffff;
        let mut sub = 0u32;
        loop {
            visit((base | sub) as usize);
            if sub == free {
                break;
            }
            sub = (sub.wrapping_sub(free)) & free;
        }
    };
    // count each bucket, turn the counts into bucket ends, then place the forms from the least
    // specific back so each bucket ends up most specific first and `index[b]` its start
    let mut index = vec![0u32; (1 << 16) + 1];
    for &i in &sorted {
        each_bucket(&forms[i as usize], &mut |b| index[b] += 1);
    }
    let mut total = 0u32;
    for x in index.iter_mut() {
        total += *x;
        *x = total;
    }
    let mut order = vec![Entry::default(); total as usize];
    for &i in sorted.iter().rev() {
        let f = &forms[i as usize];
        let e = Entry {
            mask: f.mask,
            matches: f.matches,
            form: i,
            min_sm: f.min_sm,
            max_sm: f.max_sm,
            holes: f.has_holes,
        };
        each_bucket(f, &mut |b| {
            index[b] -= 1;
            order[index[b] as usize] = e;
        });
    }
    let mut by_name: Vec<(&'static str, u16)> = forms
        .iter()
        .enumerate()
        .map(|(i, f)| (f.mnemonic, i as u16))
        .collect();
    by_name.sort();
    Table {
        forms,
        index,
        order,
        by_name,
        errors,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_parses_without_errors() {
        let t = table();
        assert!(t.errors.is_empty(), "{:#?}", t.errors);
        assert!(!t.forms.is_empty());
        let (_, f) = t.lookup(0xef9000300007000b, 50).unwrap();
        assert_eq!(f.mnemonic, "LDC");
    }

    #[test]
    fn malformed_lines_are_errors() {
        let t = build("X 0x1 0x0 |\nY 0x0 0x0 e:0:2:A/B |\nZ 0x0 0x0 | q:1\n");
        assert_eq!(t.errors.len(), 3, "{:?}", t.errors);
    }
}
