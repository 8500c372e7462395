//! The assembler driver: a whole `.s` file as clang-19 writes it (or as a person writes it for
//! llvm-mc) to an ELF relocatable object, like `llvm-mc -filetype=obj`. Lines are cut into labels,
//! assignments, directives and instructions (with byte spans for diagnostics); instructions go
//! to the per-instruction encoders ([`crate::gcn::asm`] for gfx6-gfx9, [`crate::rdna3::asm`] for
//! gfx11); sections, symbols, expressions, fixups and relocations, the `.amdhsa_kernel`
//! descriptor ([`kd`]) and the `.amdgpu_metadata` note ([`meta`]) are built here and written by
//! [`elf`]. See docs/assembler.md.

pub mod elf;
pub mod expr;
pub mod kd;
pub mod link;
pub mod meta;

mod directives;
mod emit;
mod lex;

use crate::gcn::asm::expr::Syms;
use crate::gcn::asm::parse::Val;
use crate::gcn::Gen;
use elf::*;
use expr::{fold, ident_char, ident_start, Expr, Parser, Variant};
use gpuisa_core::{Diagnostic, Span};
pub(crate) use lex::blank_block_comments;
use lex::{comment_start, find_newline, split_commas, string_lit};
use std::collections::{HashMap, HashSet};

/// An assembler target: a processor name and what the driver needs to know of it.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    pub cpu: &'static str,
    /// `None`: gfx11 (RDNA3).
    pub gen: Option<Gen>,
    pub mach: u32,
    pub major: u32,
    /// The target has XNACK / SRAMECC at all.
    pub xnack: bool,
    pub sramecc: bool,
    /// The target id's setting: `None` "any", `Some(true)` `xnack+`, `Some(false)` `xnack-`.
    pub xnack_on: Option<bool>,
    pub sramecc_on: Option<bool>,
    pub wave64: bool,
}

/// The processors the driver knows: (name, gen, EF_AMDGPU_MACH, major, xnack, sramecc).
type Cpu = (&'static str, Option<Gen>, u32, u32, bool, bool);
const CPUS: &[Cpu] = &[
    ("gfx600", Some(Gen::Gfx6), 0x20, 6, false, false),
    ("gfx601", Some(Gen::Gfx6), 0x21, 6, false, false),
    ("gfx602", Some(Gen::Gfx6), 0x3a, 6, false, false),
    ("gfx700", Some(Gen::Gfx7), 0x22, 7, false, false),
    ("gfx701", Some(Gen::Gfx7), 0x23, 7, false, false),
    ("gfx702", Some(Gen::Gfx7), 0x24, 7, false, false),
    ("gfx703", Some(Gen::Gfx7), 0x25, 7, false, false),
    ("gfx704", Some(Gen::Gfx7), 0x26, 7, false, false),
    ("gfx705", Some(Gen::Gfx7), 0x3b, 7, false, false),
    ("gfx801", Some(Gen::Gfx8), 0x28, 8, true, false),
    ("gfx802", Some(Gen::Gfx8), 0x29, 8, false, false),
    ("gfx803", Some(Gen::Gfx8), 0x2a, 8, false, false),
    ("gfx805", Some(Gen::Gfx8), 0x3c, 8, false, false),
    ("gfx810", Some(Gen::Gfx8), 0x2b, 8, true, false),
    ("gfx900", Some(Gen::Gfx9), 0x2c, 9, true, false),
    ("gfx902", Some(Gen::Gfx9), 0x2d, 9, true, false),
    ("gfx904", Some(Gen::Gfx9), 0x2e, 9, true, false),
    ("gfx906", Some(Gen::Gfx906), 0x2f, 9, true, true),
    ("gfx909", Some(Gen::Gfx9), 0x31, 9, true, false),
    ("gfx1100", None, 0x41, 11, false, false),
    ("gfx1101", None, 0x46, 11, false, false),
    ("gfx1102", None, 0x47, 11, false, false),
    ("gfx1103", None, 0x44, 11, false, false),
];

impl Target {
    /// The target named `cpu`: an LLVM processor name (GCN device aliases are taken too,
    /// `gcn::PROCESSOR_ALIASES`),
    /// optionally with target-id features as clang and llvm-mc write them (`gfx906:sramecc+:xnack-`).
    pub fn by_name(cpu: &str, wave64: bool) -> Option<Target> {
        let mut parts = cpu.split(':');
        let lc = parts.next()?.to_ascii_lowercase();
        let name = crate::gcn::processor_of(&lc);
        let &(cpu, gen, mach, major, xnack, sramecc) = CPUS.iter().find(|c| c.0 == name)?;
        let (mut xnack_on, mut sramecc_on) = (None, None);
        for f in parts {
            let (name, on) = match f.strip_suffix('+') {
                Some(n) => (n, true),
                None => (f.strip_suffix('-')?, false),
            };
            match name {
                "xnack" if xnack && xnack_on.is_none() => xnack_on = Some(on),
                "sramecc" if sramecc && sramecc_on.is_none() => sramecc_on = Some(on),
                _ => return None,
            }
        }
        Some(Target {
            cpu,
            gen,
            mach,
            major,
            xnack,
            sramecc,
            xnack_on,
            sramecc_on,
            wave64: wave64 || major < 10,
        })
    }

    /// The target id (`amdgcn-amd-amdhsa--gfx906:sramecc+:xnack-`) `.amdgcn_target` must name.
    pub fn target_id(&self) -> String {
        let mut s = format!("amdgcn-amd-amdhsa--{}", self.cpu);
        for (name, on) in [("sramecc", self.sramecc_on), ("xnack", self.xnack_on)] {
            if let Some(on) = on {
                s.push_str(&format!(":{name}{}", if on { '+' } else { '-' }));
            }
        }
        s
    }

    /// ELF e_flags as llvm-mc sets them: EF_AMDGPU_MACH, and XNACK and SRAMECC as "any" (0x100,
    /// 0x400), "off" (0x200, 0x800) or "on" (0x300, 0xc00) where the target has them.
    pub fn e_flags(&self) -> u32 {
        let f = |has: bool, on: Option<bool>, any: u32| match (has, on) {
            (false, _) => 0,
            (true, None) => any,
            (true, Some(false)) => any * 2,
            (true, Some(true)) => any * 3,
        };
        self.mach | f(self.xnack, self.xnack_on, 0x100) | f(self.sramecc, self.sramecc_on, 0x400)
    }
}

/// The result: the object (empty when there are errors) and every diagnostic.
pub struct Assembled {
    pub object: Vec<u8>,
    pub diagnostics: Vec<Diagnostic>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bind {
    Default,
    Local,
    Global,
    Weak,
}

struct Sym {
    name: String,
    /// (section, offset) when defined as a label.
    at: Option<(usize, u64)>,
    /// `name = expr`.
    set: Option<Expr>,
    bind: Bind,
    ty: u8,
    vis: u8,
    size: Option<(Expr, Span)>,
    /// First mention, for "undefined symbol" errors.
    span: Span,
    /// A `.` symbol or `.L` label (not in the symbol table).
    temp: bool,
    /// The section symbol of this section (created with the section, as llvm-mc orders them).
    secsym: Option<usize>,
}

struct Section {
    name: String,
    ty: u32,
    flags: u64,
    align: u64,
    entsize: u64,
    data: Vec<u8>,
    /// SHT_NOBITS size.
    size: u64,
}

impl Section {
    fn len(&self) -> u64 {
        if self.ty == SHT_NOBITS {
            self.size
        } else {
            self.data.len() as u64
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum FixKind {
    /// A data value of this many bytes.
    Data(u8),
    /// A branch's SIMM16: the word at the offset; the target relative to the next instruction.
    Branch,
    /// A 32-bit instruction literal (a relocation variant operand).
    Lit,
    /// The kernel descriptor's code entry offset (REL64 to the kernel).
    KdEntry,
}

struct Fixup {
    sec: usize,
    off: u64,
    kind: FixKind,
    expr: Expr,
    span: Span,
}

/// A value: a constant plus at most one symbol (with its variant) minus at most one symbol.
#[derive(Clone, Copy, Debug)]
struct Value {
    add: Option<(usize, Variant)>,
    sub: Option<usize>,
    c: i64,
}

impl Value {
    fn konst(c: i64) -> Value {
        Value {
            add: None,
            sub: None,
            c,
        }
    }
}

const NOP: u32 = 0xbf80_0000;

pub(crate) use gpuisa_core::hash::FastHash;

struct Asm<'s> {
    t: Target,
    src: &'s str,
    diags: Vec<Diagnostic>,
    syms: Vec<Sym>,
    sym_ix: HashMap<String, usize, FastHash>,
    secs: Vec<Section>,
    cur: usize,
    prev: usize,
    stack: Vec<(usize, usize)>,
    fixups: Vec<Fixup>,
    /// Constants defined by assignments so far, for the GCN encoder's operand expressions.
    consts: Syms,
    idents: Vec<String>,
    co_version: u32,
    addrsig: bool,
    addrsig_syms: Vec<usize>,
    tmp_n: usize,
    /// Fixups are being resolved: an undefined symbol is an external one.
    final_pass: bool,
    /// The GCN encoder's lists, reused from instruction to instruction.
    scratch: crate::gcn::asm::Scratch,
    /// A bit per (first byte, last byte, length) class of the names of defined symbols: an
    /// operand word whose bit is clear names no defined symbol (no lookup needed).
    defined: [u64; 4],
    /// A whole source line (comment included) that was one instruction with no symbol in it,
    /// or nothing at all -> its words (up to 4; none for a blank or comment line).
    inst_cache: HashMap<&'s str, ([u32; 4], u8), FastHash>,
    /// The identifier words in the operands of the cached lines: defining a symbol of one of
    /// these names empties the cache (such an operand would now be folded).
    cached_words: HashSet<&'s str, FastHash>,
    /// The line being read, while it has no label (an instruction on it may be cached).
    line: Option<&'s str>,
    /// Lines looked up in the cache and found: when few are found (under one in sixteen,
    /// checked every 4096 lines: a file whose lines do not repeat), the cache is no longer used
    /// (`cache_on` false), which changes nothing but time.
    cache_tries: u64,
    cache_hits: u64,
    cache_on: bool,
}

fn span(a: usize, b: usize) -> Span {
    Span::new(a, b.max(a))
}

/// A name's class for [`Asm::defined`]: its first and last bytes and length mixed into 0..256.
fn name_class(w: &[u8]) -> usize {
    let (f, l) = (
        w.first().copied().unwrap_or(0),
        w.last().copied().unwrap_or(0),
    );
    (f as usize ^ (l as usize).wrapping_mul(7) ^ w.len().wrapping_mul(31)) & 255
}

/// Assembles `src` (named `file` in messages) for `t`.
pub fn assemble(t: Target, src: &str) -> Assembled {
    // C comments (`v133/*Invalid register ...*/`, which llvm-objdump prints and llvm-mc skips)
    // become blanks of the same length, line breaks kept: every span stays right.
    let blanked;
    let src = if src.contains("/*") {
        blanked = blank_block_comments(src);
        blanked.as_str()
    } else {
        src
    };
    let mut a = Asm::new(t, src);
    a.section(".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0);
    a.run();
    // (fixups are resolved even after errors, so that undefined symbols are reported too)
    let object = a.finish();
    let object = if a.diags.iter().any(|d| d.is_error()) {
        Vec::new()
    } else {
        object
    };
    Assembled {
        object,
        diagnostics: a.diags,
    }
}

enum Block {
    None,
    /// The directive's offset and where the YAML text starts.
    Meta(usize, usize),
    Kernel {
        name: String,
        span: Span,
        items: Vec<(String, i64)>,
        spans: Vec<Span>,
    },
}

impl<'s> Asm<'s> {
    fn new(t: Target, src: &'s str) -> Asm<'s> {
        Asm {
            t,
            src,
            diags: Vec::new(),
            syms: Vec::new(),
            sym_ix: HashMap::default(),
            secs: Vec::new(),
            cur: 0,
            prev: 0,
            stack: Vec::new(),
            fixups: Vec::new(),
            consts: Syms::new(),
            idents: Vec::new(),
            co_version: 5,
            addrsig: false,
            addrsig_syms: Vec::new(),
            tmp_n: 0,
            final_pass: false,
            scratch: Default::default(),
            // (sized for a file with some thousand distinct lines)
            inst_cache: HashMap::with_capacity_and_hasher((src.len() / 64).min(8192), FastHash),
            cached_words: HashSet::default(),
            line: None,
            cache_tries: 0,
            cache_hits: 0,
            cache_on: true,
            defined: [0; 4],
        }
    }

    fn error(&mut self, sp: Span, m: impl Into<String>) {
        self.diags.push(Diagnostic::error(sp, m));
    }

    fn section(&mut self, name: &str, ty: u32, flags: u64, entsize: u64) -> usize {
        if let Some(i) = self.secs.iter().position(|s| s.name == name) {
            return i;
        }
        self.secs.push(Section {
            name: name.to_string(),
            ty,
            flags,
            align: if flags & SHF_EXECINSTR != 0 { 4 } else { 1 },
            entsize,
            data: Vec::new(),
            size: 0,
        });
        let k = self.secs.len() - 1;
        let si = self.sym(&format!("\u{0}sec{k}"), Span::new(0, 0));
        self.syms[si].secsym = Some(k);
        self.syms[si].temp = true;
        k
    }

    /// Notes that a symbol named `name` is defined (a label, an assignment, a descriptor).
    fn mark_defined(&mut self, name: &str) {
        let b = name_class(name.as_bytes());
        self.defined[b >> 6] |= 1 << (b & 63);
        if self.cached_words.contains(name) {
            self.inst_cache.clear();
            self.cached_words.clear();
        }
    }

    /// Whether a defined symbol may be named `w` (`false`: certainly none is).
    fn maybe_defined(&self, w: &[u8]) -> bool {
        let b = name_class(w);
        self.defined[b >> 6] >> (b & 63) & 1 != 0
    }

    fn switch(&mut self, i: usize) {
        self.prev = self.cur;
        self.cur = i;
    }

    fn sym(&mut self, name: &str, sp: Span) -> usize {
        if let Some(&i) = self.sym_ix.get(name) {
            return i;
        }
        self.syms.push(Sym {
            name: name.to_string(),
            at: None,
            set: None,
            bind: Bind::Default,
            ty: 0,
            vis: 0,
            size: None,
            span: sp,
            temp: name.starts_with(".L"),
            secsym: None,
        });
        self.sym_ix.insert(name.to_string(), self.syms.len() - 1);
        self.syms.len() - 1
    }

    /// A temporary symbol at the current location (for `.`).
    fn here(&mut self) -> usize {
        self.tmp_n += 1;
        let name = format!("\u{0}dot{}", self.tmp_n);
        let i = self.sym(&name, Span::new(0, 0));
        let off = self.secs[self.cur].len();
        self.syms[i].at = Some((self.cur, off));
        self.syms[i].temp = true;
        i
    }

    fn parse_expr(&mut self, t: &str, base: usize) -> Result<Expr, ()> {
        let mut names: Vec<String> = Vec::new();
        let r = Parser::new(t, |n| {
            names.push(n.to_string());
            names.len() - 1
        })
        .full();
        match r {
            Ok(e) => {
                // Intern the names now that the parser is done with them.
                let ids: Vec<usize> = names
                    .iter()
                    .map(|n| {
                        if n == "." {
                            self.here()
                        } else {
                            self.sym(n, span(base, base + t.len()))
                        }
                    })
                    .collect();
                Ok(remap(e, &ids))
            }
            Err((at, m)) => {
                self.error(span(base + at, base + at + 1), m);
                Err(())
            }
        }
    }

    /// Evaluates `e`; `Err(None)` when a symbol is not defined (yet), `Err(Some(msg))` otherwise.
    fn eval(&self, e: &Expr, depth: u32) -> Result<Value, Option<String>> {
        if depth > 4000 {
            return Err(Some(
                "recursive symbol definition or expression too deep".into(),
            ));
        }
        Ok(match e {
            Expr::Num(n) => Value::konst(*n),
            Expr::Sym(i, var) => {
                let s = &self.syms[*i];
                if let Some(x) = &s.set {
                    let v = self.eval(x, depth + 1)?;
                    let global = matches!(s.bind, Bind::Global | Bind::Weak);
                    if global && (v.add.is_some() || v.sub.is_some()) {
                        // A global symbol set to a label expression is relocated against by
                        // name, as llvm-mc does (`.globl y; y = x + 4; .long y`).
                        return Ok(Value {
                            add: Some((*i, *var)),
                            sub: None,
                            c: 0,
                        });
                    }
                    if *var != Variant::None {
                        match v.add {
                            Some((j, Variant::None)) if v.sub.is_none() => Value {
                                add: Some((j, *var)),
                                sub: None,
                                c: v.c,
                            },
                            _ => return Err(Some("a variant needs a symbol".into())),
                        }
                    } else {
                        v
                    }
                } else if s.at.is_some()
                    || s.bind == Bind::Global
                    || s.bind == Bind::Weak
                    || *var != Variant::None
                    || self.final_pass
                {
                    Value {
                        add: Some((*i, *var)),
                        sub: None,
                        c: 0,
                    }
                } else {
                    return Err(None);
                }
            }
            Expr::Neg(x) => {
                let v = self.konst(x, depth)?;
                Value::konst(v.wrapping_neg())
            }
            Expr::Not(x) => Value::konst(!self.konst(x, depth)?),
            Expr::LNot(x) => Value::konst((self.konst(x, depth)? == 0) as i64),
            Expr::Bin(op, l, r) => {
                let a = self.eval(l, depth + 1)?;
                let b = self.eval(r, depth + 1)?;
                match op {
                    expr::Bin::Add => {
                        if a.add.is_some() && b.add.is_some() || a.sub.is_some() && b.sub.is_some()
                        {
                            return Err(Some("expression is not relocatable".into()));
                        }
                        self.simplify(Value {
                            add: a.add.or(b.add),
                            sub: a.sub.or(b.sub),
                            c: a.c.wrapping_add(b.c),
                        })?
                    }
                    expr::Bin::Sub => {
                        // a - b: b's symbol goes to `sub`, b's `sub` to `add`.
                        let badd = b.sub.map(|s| (s, Variant::None));
                        if a.add.is_some() && badd.is_some() || a.sub.is_some() && b.add.is_some() {
                            return Err(Some("expression is not relocatable".into()));
                        }
                        if b.add.is_some_and(|(_, v)| v != Variant::None) {
                            return Err(Some("expression is not relocatable".into()));
                        }
                        self.simplify(Value {
                            add: a.add.or(badd),
                            sub: a.sub.or(b.add.map(|x| x.0)),
                            c: a.c.wrapping_sub(b.c),
                        })?
                    }
                    _ => {
                        if a.add.is_some() || a.sub.is_some() || b.add.is_some() || b.sub.is_some()
                        {
                            // A label difference in one section was folded already.
                            return Err(Some("expression must be absolute".into()));
                        }
                        Value::konst(fold(*op, a.c, b.c).map_err(|m| Some(m.to_string()))?)
                    }
                }
            }
        })
    }

    /// Folds `a - b` of two labels of one section into a constant.
    fn simplify(&self, v: Value) -> Result<Value, Option<String>> {
        if let (Some((a, Variant::None)), Some(b)) = (v.add, v.sub) {
            if let (Some((sa, oa)), Some((sb, ob))) = (self.syms[a].at, self.syms[b].at) {
                if sa == sb {
                    return Ok(Value::konst(v.c.wrapping_add(oa as i64 - ob as i64)));
                }
            }
        }
        Ok(v)
    }

    fn konst(&self, e: &Expr, depth: u32) -> Result<i64, Option<String>> {
        let v = self.eval(e, depth + 1)?;
        if let Some((i, _)) = v.add {
            let s = &self.syms[i];
            if s.at.is_none() && s.set.is_none() {
                return Err(Some(format!("undefined symbol '{}'", s.name)));
            }
        }
        if v.add.is_some() || v.sub.is_some() {
            return Err(Some("expression must be absolute".into()));
        }
        Ok(v.c)
    }

    /// An absolute expression needed now (alignment, counts, descriptor fields).
    fn abs_now(&mut self, t: &str, base: usize) -> Option<i64> {
        let e = self
            .parse_expr(t.trim(), base + (t.len() - t.trim_start().len()))
            .ok()?;
        match self.konst(&e, 0) {
            Ok(v) => Some(v),
            Err(m) => {
                self.error(
                    span(base, base + t.len()),
                    m.unwrap_or_else(|| "expected absolute expression".into()),
                );
                None
            }
        }
    }

    fn emit(&mut self, b: &[u8]) {
        let s = &mut self.secs[self.cur];
        if s.ty == SHT_NOBITS {
            s.size += b.len() as u64;
        } else {
            s.data.extend_from_slice(b);
        }
    }

    fn align(&mut self, align: u64, fill: Option<(u64, usize)>, max: Option<u64>, sp: Span) {
        if align == 0 || !align.is_power_of_two() {
            self.error(sp, "alignment must be a power of 2");
            return;
        }
        if align > 1 << 16 {
            // (llvm-mc takes up to 2^32; larger than 64 KiB is refused here rather than
            // filling gigabytes)
            self.error(sp, "alignment larger than 65536 bytes is not supported");
            return;
        }
        let s = &mut self.secs[self.cur];
        s.align = s.align.max(align);
        let len = s.len();
        let pad = (align - len % align) % align;
        if max.is_some_and(|m| pad > m) {
            return;
        }
        if s.ty == SHT_NOBITS {
            s.size += pad;
            return;
        }
        let code = s.flags & SHF_EXECINSTR != 0;
        match fill {
            None if code => {
                if !len.is_multiple_of(4) {
                    // (llvm-mc-19 does not finish on this input.)
                    self.error(sp, "cannot pad code that is not 4-byte aligned");
                    return;
                }
                for _ in 0..pad / 4 {
                    s.data.extend_from_slice(&NOP.to_le_bytes());
                }
            }
            None => s.data.resize((len + pad) as usize, 0),
            Some((v, w)) => {
                let mut k = 0;
                while k < pad {
                    let b = v.to_le_bytes();
                    for &byte in b.iter().take(w) {
                        if k < pad {
                            s.data.push(byte);
                            k += 1;
                        }
                    }
                }
            }
        }
    }

    fn run(&mut self) {
        let src = self.src;
        let mut block = Block::None;
        let mut pos = 0;
        while pos < src.len() {
            let end = find_newline(src.as_bytes(), pos);
            let raw = &src[pos..end];
            let base = pos;
            pos = end + 1;
            match &mut block {
                &mut Block::Meta(st, from) => {
                    if raw.trim() == ".end_amdgpu_metadata" {
                        block = Block::None;
                        // (the lines in between, each with its line break)
                        self.metadata(st, &src[from..base]);
                    }
                    continue;
                }
                Block::Kernel { .. } => {
                    let body = &raw[..comment_start(raw)];
                    let t = body.trim();
                    if t.is_empty() {
                        continue;
                    }
                    let tb = base + (body.len() - body.trim_start().len());
                    if t == ".end_amdhsa_kernel" {
                        let Block::Kernel {
                            name,
                            span: ksp,
                            items,
                            spans,
                        } = std::mem::replace(&mut block, Block::None)
                        else {
                            continue;
                        };
                        self.kernel(&name, ksp, &items, &spans);
                        continue;
                    }
                    let (d, rest) = t.split_once([' ', '\t']).unwrap_or((t, ""));
                    let Some(field) = d.strip_prefix(".amdhsa_") else {
                        self.error(
                            span(tb, tb + d.len()),
                            "expected .amdhsa_ directive or .end_amdhsa_kernel",
                        );
                        continue;
                    };
                    let field = field.to_string();
                    let vb = tb + d.len() + (rest.len() - rest.trim_start().len()) + 1;
                    // (a plain decimal number, what the compiler writes, needs no parser)
                    let r = rest.trim_ascii();
                    let plain = (1..=18).contains(&r.len())
                        && r.bytes().all(|c| c.is_ascii_digit())
                        && (r.len() == 1 || !r.starts_with('0'));
                    let v = if plain {
                        r.parse::<i64>().ok()
                    } else {
                        self.abs_now(rest, vb.min(tb + t.len()))
                    };
                    if let Some(v) = v {
                        if let Block::Kernel { items, spans, .. } = &mut block {
                            items.push((field, v));
                            spans.push(span(tb, tb + t.len()));
                        }
                    }
                    continue;
                }
                Block::None => {
                    // A line read before that was one instruction naming no symbol (or blank):
                    // the same words again (see `Asm::instruction`).
                    if self.cache_on && self.consts.is_empty() {
                        self.cache_tries += 1;
                        if let Some(&(w, n)) = self.inst_cache.get(raw) {
                            let s = &mut self.secs[self.cur];
                            if s.ty != SHT_NOBITS && s.data.len().is_multiple_of(4) {
                                for w in &w[..n as usize] {
                                    s.data.extend_from_slice(&w.to_le_bytes());
                                }
                                self.cache_hits += 1;
                                continue;
                            }
                        }
                        // (fewer than one line in sixteen found, looked at every 4096 lines: a
                        // hit saves an encoding, some thousand instructions; a miss costs a few
                        // hundred)
                        if self.cache_tries.is_multiple_of(4096)
                            && self.cache_hits < self.cache_tries / 16
                        {
                            self.cache_on = false;
                            self.inst_cache = HashMap::default();
                            self.cached_words = HashSet::default();
                        }
                    }
                }
            }
            let body = &raw[..comment_start(raw)];
            // (`str::trim*`, with ASCII blanks stripped a byte at a time first: same result)
            let body = body.trim_ascii_end().trim_end();
            let mut b = 0;
            // Labels.
            loop {
                let r = &body[b..];
                let r0 = r;
                let r = r.trim_ascii_start().trim_start();
                let lead = r0.len() - r.len();
                let rb = r.as_bytes();
                if rb.first().is_some_and(|&c| ident_start(c)) {
                    let n = rb.iter().position(|&c| !ident_char(c)).unwrap_or(rb.len());
                    if rb.get(n) == Some(&b':') && rb.get(n + 1) != Some(&b':') {
                        let name = &r[..n];
                        let st = base + b + lead;
                        self.label(name, span(st, st + n));
                        b += lead + n + 1;
                        continue;
                    }
                }
                break;
            }
            let rest = body[b..].trim_ascii_start().trim_start();
            let stmt = rest.trim_end();
            if stmt.is_empty() {
                if b == 0 && self.cache_on && self.consts.is_empty() {
                    self.inst_cache.insert(raw, ([0; 4], 0));
                }
                continue;
            }
            let sb = base + b + (body[b..].len() - rest.len());
            // Assignment `name = expr`.
            let sbytes = stmt.as_bytes();
            if sbytes.first().is_some_and(|&c| ident_start(c)) {
                let n = sbytes
                    .iter()
                    .position(|&c| !ident_char(c))
                    .unwrap_or(sbytes.len());
                // (the same as `trim_start`, ASCII blanks skipped a byte at a time first)
                let after = stmt[n + crate::rdna3::asm_operand::skip_spaces(&sbytes[n..], 0)..]
                    .trim_ascii_start()
                    .trim_start();
                if after.starts_with('=') && !after.starts_with("==") {
                    let rhs = &after[1..];
                    let rb = sb + (stmt.len() - rhs.len());
                    self.assign(&stmt[..n], span(sb, sb + n), rhs, rb);
                    continue;
                }
            }
            if stmt.starts_with('.') {
                let (d, rest) = match stmt.find([' ', '\t']) {
                    Some(i) => (&stmt[..i], &stmt[i..]),
                    None => (stmt, ""),
                };
                let rb = sb + d.len() + (rest.len() - rest.trim_start().len());
                let rest = rest.trim();
                let dl = d.to_ascii_lowercase();
                match dl.as_str() {
                    ".amdgpu_metadata" => block = Block::Meta(sb, pos.min(src.len())),
                    ".amdhsa_kernel" => {
                        block = Block::Kernel {
                            name: rest.to_string(),
                            span: span(sb, sb + stmt.len()),
                            items: Vec::new(),
                            spans: Vec::new(),
                        }
                    }
                    _ => self.directive(&dl, span(sb, sb + d.len()), rest, rb),
                }
                continue;
            }
            self.line = (b == 0 && self.cache_on).then_some(raw);
            self.instruction(stmt, sb);
        }
        match block {
            Block::None => {}
            Block::Meta(st, _) => self.error(
                span(st, st + 16),
                "no .end_amdgpu_metadata before the end of the file",
            ),
            Block::Kernel { span, .. } => {
                self.error(span, "no .end_amdhsa_kernel before the end of the file")
            }
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum RelSym {
    Sec(usize),
    Sym(usize),
}

fn find_undef(e: &Expr, syms: &[Sym], out: &mut Option<String>) {
    match e {
        Expr::Sym(i, _) => {
            let s = &syms[*i];
            if s.at.is_none() && s.set.is_none() && out.is_none() {
                *out = Some(s.name.clone());
            } else if let Some(x) = &s.set {
                if out.is_none() {
                    // (one level is enough for the message)
                    if let Expr::Sym(j, _) = x {
                        if syms[*j].at.is_none() && syms[*j].set.is_none() {
                            *out = Some(syms[*j].name.clone());
                        }
                    }
                }
            }
        }
        Expr::Neg(x) | Expr::Not(x) | Expr::LNot(x) => find_undef(x, syms, out),
        Expr::Bin(_, a, b) => {
            find_undef(a, syms, out);
            find_undef(b, syms, out);
        }
        Expr::Num(_) => {}
    }
}

fn remap(e: Expr, ids: &[usize]) -> Expr {
    match e {
        Expr::Sym(i, v) => Expr::Sym(ids[i], v),
        Expr::Neg(x) => Expr::Neg(Box::new(remap(*x, ids))),
        Expr::Not(x) => Expr::Not(Box::new(remap(*x, ids))),
        Expr::LNot(x) => Expr::LNot(Box::new(remap(*x, ids))),
        Expr::Bin(op, a, b) => Expr::Bin(op, Box::new(remap(*a, ids)), Box::new(remap(*b, ids))),
        n => n,
    }
}

/// The type, flags and entry size a section of this name has when `.section` gives none.
fn default_section(name: &str) -> (u32, u64, u64) {
    if name == ".text" || name.starts_with(".text.") {
        (SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0)
    } else if name == ".bss" || name.starts_with(".bss.") {
        (SHT_NOBITS, SHF_ALLOC | SHF_WRITE, 0)
    } else if name == ".data" || name.starts_with(".data.") {
        (SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 0)
    } else if name == ".rodata" || name.starts_with(".rodata.") {
        (SHT_PROGBITS, SHF_ALLOC, 0)
    } else if name.starts_with(".note") {
        (SHT_NOTE, 0, 0)
    } else {
        (SHT_PROGBITS, 0, 0)
    }
}
