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
pub mod meta;

use crate::gcn::asm::expr::Syms;
use crate::gcn::asm::parse::Val;
use crate::gcn::Gen;
use elf::*;
use expr::{fold, ident_char, ident_start, Expr, Parser, Variant};
use gpuisa_core::{Diagnostic, Span};
use std::collections::HashMap;

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
    /// The target named `cpu`: an LLVM processor name (GCN device aliases are taken too),
    /// optionally with target-id features as clang and llvm-mc write them (`gfx906:sramecc+:xnack-`).
    pub fn by_name(cpu: &str, wave64: bool) -> Option<Target> {
        let mut parts = cpu.split(':');
        let lc = parts.next()?.to_ascii_lowercase();
        let name = crate::gcn::target::TARGETS
            .iter()
            .find(|t| t.name == lc || t.aliases.contains(&lc.as_str()))
            .map_or(lc.as_str(), |t| t.name);
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

struct Asm<'s> {
    t: Target,
    src: &'s str,
    diags: Vec<Diagnostic>,
    syms: Vec<Sym>,
    sym_ix: HashMap<String, usize>,
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
}

fn span(a: usize, b: usize) -> Span {
    Span::new(a, b.max(a))
}

/// Where the comment of a line starts (`;`, `//`, or `#` as the first non-blank), outside strings.
fn comment_start(line: &str) -> usize {
    let b = line.as_bytes();
    // Most lines hold no quote: the first `;`, `/` or `#` decides.
    if !b.contains(&b'"') {
        let first = b.iter().position(|c| !matches!(c, b' ' | b'\t'));
        if first.is_some_and(|i| b[i] == b'#') {
            return first.unwrap_or(0);
        }
        let mut i = 0;
        while let Some(k) = b[i..].iter().position(|&c| c == b';' || c == b'/') {
            let j = i + k;
            if b[j] == b';' || b.get(j + 1) == Some(&b'/') {
                return j;
            }
            i = j + 1;
        }
        return b.len();
    }
    let first = b.iter().position(|c| !matches!(c, b' ' | b'\t'));
    if first.is_some_and(|i| b[i] == b'#') {
        return first.unwrap_or(0);
    }
    let mut i = 0;
    let mut q = false;
    while i < b.len() {
        let c = b[i];
        if q {
            if c == b'\\' {
                i += 1;
            } else if c == b'"' {
                q = false;
            }
        } else if c == b'"' {
            q = true;
        } else if c == b';' || c == b'/' && b.get(i + 1) == Some(&b'/') {
            return i;
        }
        i += 1;
    }
    b.len()
}

/// Splits `s` at top-level commas (outside parentheses, brackets and strings): (start, text).
fn split_commas(s: &str) -> Vec<(usize, &str)> {
    let b = s.as_bytes();
    let (mut depth, mut q, mut st) = (0i32, false, 0);
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if q {
            if c == b'\\' {
                i += 1;
            } else if c == b'"' {
                q = false;
            }
        } else {
            match c {
                b'"' => q = true,
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth -= 1,
                b',' if depth == 0 => {
                    out.push((st, &s[st..i]));
                    st = i + 1;
                }
                _ => {}
            }
        }
        i += 1;
    }
    out.push((st, &s[st..]));
    out
}

/// A C-style string literal's bytes; `None` if `t` is not one.
fn string_lit(t: &str) -> Option<Vec<u8>> {
    let inner = t.trim().strip_prefix('"')?.strip_suffix('"')?;
    let b = inner.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'\\' {
            i += 1;
            let e = *b.get(i)?;
            match e {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'r' => out.push(b'\r'),
                b'b' => out.push(8),
                b'f' => out.push(12),
                b'"' => out.push(b'"'),
                b'\\' => out.push(b'\\'),
                b'0'..=b'7' => {
                    let mut v = 0u32;
                    let mut k = 0;
                    while k < 3 && i < b.len() && (b'0'..=b'7').contains(&b[i]) {
                        v = v * 8 + (b[i] - b'0') as u32;
                        i += 1;
                        k += 1;
                    }
                    out.push(v as u8);
                    continue;
                }
                b'x' => {
                    let mut v = 0u32;
                    i += 1;
                    while i < b.len() && b[i].is_ascii_hexdigit() {
                        v = v * 16 + (b[i] as char).to_digit(16).unwrap_or(0);
                        i += 1;
                    }
                    out.push(v as u8);
                    continue;
                }
                _ => out.push(e),
            }
        } else if c == b'"' {
            return None;
        } else {
            out.push(c);
        }
        i += 1;
    }
    Some(out)
}

/// Assembles `src` (named `file` in messages) for `t`.
pub fn assemble(t: Target, src: &str) -> Assembled {
    let mut a = Asm {
        t,
        src,
        diags: Vec::new(),
        syms: Vec::new(),
        sym_ix: HashMap::new(),
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
    };
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
    Meta(usize, String),
    Kernel {
        name: String,
        span: Span,
        items: Vec<(String, i64)>,
        spans: Vec<Span>,
    },
}

impl<'s> Asm<'s> {
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
            let end = src[pos..].find('\n').map_or(src.len(), |i| pos + i);
            let raw = &src[pos..end];
            let base = pos;
            pos = end + 1;
            match &mut block {
                Block::Meta(_, text) => {
                    if raw.trim() == ".end_amdgpu_metadata" {
                        let Block::Meta(st, text) = std::mem::replace(&mut block, Block::None)
                        else {
                            continue;
                        };
                        self.metadata(st, &text);
                    } else {
                        text.push_str(raw);
                        text.push('\n');
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
                    if let Some(v) = self.abs_now(rest, vb.min(tb + t.len())) {
                        if let Block::Kernel { items, spans, .. } = &mut block {
                            items.push((field, v));
                            spans.push(span(tb, tb + t.len()));
                        }
                    }
                    continue;
                }
                Block::None => {}
            }
            let body = &raw[..comment_start(raw)];
            let body = body.trim_end();
            let mut b = 0;
            // Labels.
            loop {
                let r = &body[b..];
                let lead = r.len() - r.trim_start().len();
                let r = r.trim_start();
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
            let stmt = body[b..].trim();
            if stmt.is_empty() {
                continue;
            }
            let sb = base + b + (body[b..].len() - body[b..].trim_start().len());
            // Assignment `name = expr`.
            let sbytes = stmt.as_bytes();
            if sbytes.first().is_some_and(|&c| ident_start(c)) {
                let n = sbytes
                    .iter()
                    .position(|&c| !ident_char(c))
                    .unwrap_or(sbytes.len());
                let after = stmt[n..].trim_start();
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
                    ".amdgpu_metadata" => block = Block::Meta(sb, String::new()),
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

    fn label(&mut self, name: &str, sp: Span) {
        let i = self.sym(name, sp);
        if self.syms[i].at.is_some() || self.syms[i].set.is_some() {
            self.error(sp, format!("invalid symbol redefinition of '{name}'"));
            return;
        }
        let off = self.secs[self.cur].len();
        self.syms[i].at = Some((self.cur, off));
        self.syms[i].span = sp;
    }

    fn assign(&mut self, name: &str, sp: Span, rhs: &str, rb: usize) {
        let lead = rhs.len() - rhs.trim_start().len();
        let Ok(e) = self.parse_expr(rhs.trim(), rb + lead) else {
            return;
        };
        let i = self.sym(name, sp);
        if self.syms[i].at.is_some() {
            self.error(
                sp,
                format!("invalid reassignment of non-absolute variable '{name}'"),
            );
            return;
        }
        // `x = x + 1` refers to the old value.
        let e = match self.konst(&e, 0) {
            Ok(v) => {
                self.consts.insert(name.to_string(), Val::Int(v));
                Expr::Num(v)
            }
            Err(_) => {
                self.consts.remove(name);
                e
            }
        };
        self.syms[i].set = Some(e);
    }

    fn names(&mut self, rest: &str, rb: usize) -> Vec<(usize, Span)> {
        let mut v = Vec::new();
        for (o, n) in split_commas(rest) {
            let lead = n.len() - n.trim_start().len();
            let n = n.trim();
            let st = rb + o + lead;
            if n.is_empty()
                || !n.bytes().next().is_some_and(ident_start)
                || !n.bytes().all(ident_char)
            {
                self.error(span(st, st + n.len().max(1)), "expected identifier");
                continue;
            }
            let sp = span(st, st + n.len());
            v.push((self.sym(n, sp), sp));
        }
        v
    }

    fn data(&mut self, size: u8, rest: &str, rb: usize, sp: Span) {
        if rest.is_empty() {
            self.error(sp, "expected expression");
            return;
        }
        for (o, t) in split_commas(rest) {
            let lead = t.len() - t.trim_start().len();
            let st = rb + o + lead;
            let Ok(e) = self.parse_expr(t.trim(), st) else {
                continue;
            };
            let esp = span(st, st + t.trim().len());
            let off = self.secs[self.cur].len();
            if self.secs[self.cur].ty == SHT_NOBITS {
                self.error(esp, "cannot have data in a nobits section");
                return;
            }
            self.emit(&vec![0u8; size as usize]);
            self.fixups.push(Fixup {
                sec: self.cur,
                off,
                kind: FixKind::Data(size),
                expr: e,
                span: esp,
            });
        }
    }

    fn directive(&mut self, d: &str, dsp: Span, rest: &str, rb: usize) {
        let all = span(dsp.start, rb + rest.len());
        match d {
            ".text" => {
                let i = self.section(".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0);
                self.switch(i)
            }
            ".data" => {
                let i = self.section(".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 0);
                self.switch(i)
            }
            ".bss" => {
                let i = self.section(".bss", SHT_NOBITS, SHF_ALLOC | SHF_WRITE, 0);
                self.switch(i)
            }
            ".rodata" => {
                let i = self.section(".rodata", SHT_PROGBITS, SHF_ALLOC, 0);
                self.switch(i)
            }
            ".section" | ".pushsection" => {
                let parts = split_commas(rest);
                let name = parts[0].1.trim();
                let name = name.trim_matches('"');
                if name.is_empty() {
                    self.error(all, "expected section name");
                    return;
                }
                let (mut ty, mut flags, mut entsize) = default_section(name);
                if let Some((_, f)) = parts.get(1) {
                    let Some(fl) = string_lit(f) else {
                        self.error(all, "expected string in directive");
                        return;
                    };
                    flags = 0;
                    for c in fl {
                        flags |= match c {
                            b'a' => SHF_ALLOC,
                            b'w' => SHF_WRITE,
                            b'x' => SHF_EXECINSTR,
                            b'M' => SHF_MERGE,
                            b'S' => SHF_STRINGS,
                            b'e' => SHF_EXCLUDE,
                            _ => {
                                self.error(all, "unknown flag");
                                return;
                            }
                        };
                    }
                }
                if let Some((_, t)) = parts.get(2) {
                    ty = match t.trim().trim_start_matches(['@', '%']) {
                        "progbits" => SHT_PROGBITS,
                        "nobits" => SHT_NOBITS,
                        "note" => SHT_NOTE,
                        _ => {
                            self.error(all, "unknown section type");
                            return;
                        }
                    };
                }
                if let Some((_, e)) = parts.get(3) {
                    entsize = self.abs_now(e, rb).unwrap_or(0) as u64;
                }
                if d == ".pushsection" {
                    self.stack.push((self.cur, self.prev));
                }
                let i = self.section(name, ty, flags, entsize);
                self.switch(i);
            }
            ".popsection" => match self.stack.pop() {
                Some((c, p)) => {
                    self.cur = c;
                    self.prev = p;
                }
                None => self.error(dsp, ".popsection without corresponding .pushsection"),
            },
            ".previous" => {
                std::mem::swap(&mut self.cur, &mut self.prev);
            }
            ".p2align" | ".p2alignw" | ".p2alignl" | ".align" | ".balign" | ".balignw"
            | ".balignl" => {
                let parts = split_commas(rest);
                let Some(n) = self.abs_now(parts[0].1, rb) else {
                    return;
                };
                let p2 = d.starts_with(".p2") || d == ".align";
                if p2 && !(0..=32).contains(&n) || n < 0 {
                    self.error(all, "invalid alignment value");
                    return;
                }
                let align = if p2 { 1u64 << n } else { n.max(1) as u64 };
                let w = match d.as_bytes()[d.len() - 1] {
                    b'w' => 2,
                    b'l' => 4,
                    _ => 1,
                };
                let fill = match parts.get(1).map(|p| p.1.trim()) {
                    Some(f) if !f.is_empty() => {
                        let Some(v) = self.abs_now(f, rb + parts[1].0) else {
                            return;
                        };
                        Some((v as u64, w))
                    }
                    _ => None,
                };
                let max = parts
                    .get(2)
                    .map(|&(o, m)| self.abs_now(m, rb + o).unwrap_or(0) as u64);
                self.align(align, fill, max, all);
            }
            ".byte" => self.data(1, rest, rb, all),
            ".short" | ".value" | ".2byte" | ".hword" => self.data(2, rest, rb, all),
            ".long" | ".int" | ".4byte" | ".word" => self.data(4, rest, rb, all),
            ".quad" | ".8byte" => self.data(8, rest, rb, all),
            ".zero" | ".skip" | ".space" | ".fill" => {
                let parts = split_commas(rest);
                let Some(n) = self.abs_now(parts[0].1, rb) else {
                    return;
                };
                let (size, val) = if d == ".fill" {
                    let size = match parts.get(1) {
                        Some((o, t)) => self.abs_now(t, rb + o).unwrap_or(1),
                        None => 1,
                    };
                    let val = match parts.get(2) {
                        Some((o, t)) => self.abs_now(t, rb + o).unwrap_or(0),
                        None => 0,
                    };
                    (size, val)
                } else {
                    let val = match parts.get(1) {
                        Some((o, t)) => self.abs_now(t, rb + o).unwrap_or(0),
                        None => 0,
                    };
                    (1, val)
                };
                if !(0..=1 << 30).contains(&n) || !(0..=8).contains(&size) {
                    self.error(all, "invalid count or size");
                    return;
                }
                if n * size > 1 << 28 {
                    self.error(all, "more than 256 MiB of fill");
                    return;
                }
                let mut bytes = Vec::with_capacity((n * size) as usize);
                let vb = (val as u64).to_le_bytes();
                for _ in 0..n {
                    // (like llvm-mc, a value wider than 4 bytes repeats its low 4 bytes' pattern)
                    bytes.extend_from_slice(&vb[..(size as usize).min(8)]);
                }
                self.emit(&bytes);
            }
            ".ascii" | ".asciz" | ".string" => {
                for (o, t) in split_commas(rest) {
                    let Some(mut b) = string_lit(t) else {
                        self.error(span(rb + o, rb + o + t.len()), "expected string");
                        return;
                    };
                    if d != ".ascii" {
                        b.push(0);
                    }
                    self.emit(&b);
                }
            }
            ".globl" | ".global" | ".weak" | ".local" => {
                for (i, sp) in self.names(rest, rb) {
                    let b = match d {
                        ".weak" => Bind::Weak,
                        ".local" => Bind::Local,
                        _ => Bind::Global,
                    };
                    if self.syms[i].bind == Bind::Weak && b == Bind::Global {
                        continue;
                    }
                    let _ = sp;
                    self.syms[i].bind = b;
                }
            }
            ".hidden" | ".protected" | ".internal" => {
                let v = match d {
                    ".hidden" => 2,
                    ".protected" => 3,
                    _ => 1,
                };
                for (i, _) in self.names(rest, rb) {
                    self.syms[i].vis = v;
                }
            }
            ".type" => {
                let parts = split_commas(rest);
                let v = self.names(parts[0].1, rb);
                let ty = parts
                    .get(1)
                    .map(|p| p.1.trim().trim_start_matches(['@', '%', '#']));
                let ty = match ty {
                    Some("function") => 2,
                    Some("object") => 1,
                    Some("notype") => 0,
                    Some("tls_object") => 6,
                    Some("common") => 5,
                    Some("gnu_unique_object") => 1,
                    _ => {
                        self.error(all, "unsupported attribute in '.type' directive");
                        return;
                    }
                };
                if let Some(&(i, _)) = v.first() {
                    self.syms[i].ty = ty;
                }
            }
            ".size" => {
                let parts = split_commas(rest);
                if parts.len() != 2 {
                    self.error(all, "expected comma in '.size' directive");
                    return;
                }
                let v = self.names(parts[0].1, rb);
                let (o, t) = parts[1];
                let lead = t.len() - t.trim_start().len();
                let Ok(e) = self.parse_expr(t.trim(), rb + o + lead) else {
                    return;
                };
                // `.` means here, now.
                if let Some(&(i, _)) = v.first() {
                    self.syms[i].size = Some((e, all));
                }
            }
            ".set" | ".equ" | ".equiv" => {
                let parts = split_commas(rest);
                if parts.len() != 2 {
                    self.error(all, "expected comma");
                    return;
                }
                let name = parts[0].1.trim();
                if name.is_empty() || !name.bytes().all(ident_char) {
                    self.error(all, "expected identifier");
                    return;
                }
                self.assign(name, span(rb, rb + name.len()), parts[1].1, rb + parts[1].0);
            }
            ".ident" => {
                let Some(b) = string_lit(rest) else {
                    self.error(all, "expected string");
                    return;
                };
                self.idents.push(String::from_utf8_lossy(&b).into_owned());
                // (llvm-mc creates the section at the first `.ident`)
                self.section(".comment", SHT_PROGBITS, SHF_MERGE | SHF_STRINGS, 1);
            }
            ".addrsig" => self.addrsig = true,
            ".addrsig_sym" => {
                for (i, _) in self.names(rest, rb) {
                    self.addrsig_syms.push(i);
                }
            }
            ".file" => {}
            ".amdgcn_target" => {
                let Some(b) = string_lit(rest) else {
                    self.error(all, "expected string");
                    return;
                };
                let s = String::from_utf8_lossy(&b).into_owned();
                let want = self.t.target_id();
                if s != want {
                    self.error(
                        span(rb, rb + rest.len()),
                        format!(
                            ".amdgcn_target directive's target id {s} does not match the specified target id {want}"
                        ),
                    );
                }
            }
            ".amdhsa_code_object_version" => {
                if let Some(v) = self.abs_now(rest, rb) {
                    if !(4..=6).contains(&v) {
                        self.error(all, "unsupported code object version");
                    } else {
                        self.co_version = v as u32;
                    }
                }
            }
            _ => self.error(dsp, "unknown directive"),
        }
    }

    fn metadata(&mut self, st: usize, text: &str) {
        let node = match meta::parse_yaml(text) {
            Ok(n) => n,
            Err((line, m)) => {
                // The block starts on the line after the directive.
                let mut at = self.src[st..].find('\n').map_or(st, |i| st + i + 1);
                for _ in 0..line {
                    at = self.src[at..].find('\n').map_or(at, |i| at + i + 1);
                }
                self.error(span(at, at + 1), format!("invalid AMDGPU metadata: {m}"));
                return;
            }
        };
        let mut desc = Vec::new();
        meta::write_msgpack(&node, &mut desc);
        let save = (self.cur, self.prev);
        let i = self.section(".note", SHT_NOTE, SHF_ALLOC, 0);
        self.cur = i;
        self.align(4, None, None, span(st, st));
        let mut b = Vec::new();
        b.extend_from_slice(&7u32.to_le_bytes());
        b.extend_from_slice(&(desc.len() as u32).to_le_bytes());
        b.extend_from_slice(&32u32.to_le_bytes());
        b.extend_from_slice(b"AMDGPU\0\0");
        b.extend_from_slice(&desc);
        while b.len() % 4 != 0 {
            b.push(0);
        }
        self.emit(&b);
        (self.cur, self.prev) = save;
    }

    fn kernel(&mut self, name: &str, ksp: Span, items: &[(String, i64)], spans: &[Span]) {
        let t = kd::KdTarget {
            major: self.t.major,
            xnack: self.t.xnack && self.t.xnack_on != Some(false),
            wave32: !self.t.wave64,
            sgpr_init_bug: matches!(self.t.cpu, "gfx802" | "gfx805"),
        };
        let desc = match kd::build(t, items) {
            Ok(d) => d,
            Err(es) => {
                for (i, m) in es {
                    let sp = i.and_then(|i| spans.get(i).copied()).unwrap_or(ksp);
                    self.error(sp, m);
                }
                return;
            }
        };
        if name.is_empty() || !name.bytes().all(ident_char) {
            self.error(ksp, "expected symbol name after .amdhsa_kernel");
            return;
        }
        if self.secs[self.cur].ty == SHT_NOBITS {
            self.error(ksp, "a kernel descriptor cannot be in a nobits section");
            return;
        }
        let k = self.sym(name, ksp);
        let kdname = format!("{name}.kd");
        let kdi = self.sym(&kdname, ksp);
        if self.syms[kdi].at.is_some() {
            self.error(ksp, format!("invalid symbol redefinition of '{kdname}'"));
            return;
        }
        let off = self.secs[self.cur].len();
        self.syms[kdi].at = Some((self.cur, off));
        self.syms[kdi].ty = 1;
        self.syms[kdi].bind = match self.syms[k].bind {
            Bind::Default => Bind::Local,
            b => b,
        };
        self.syms[kdi].vis = self.syms[k].vis;
        // (llvm-mc: the kernel's own symbol becomes protected, so that the descriptor's
        // relocation to it can be static)
        if self.syms[k].vis == 0 {
            self.syms[k].vis = 3;
        }
        self.syms[kdi].size = Some((Expr::Num(64), ksp));
        self.emit(&desc);
        self.fixups.push(Fixup {
            sec: self.cur,
            off: off + 16,
            kind: FixKind::KdEntry,
            expr: Expr::Sym(k, Variant::None),
            span: ksp,
        });
    }

    fn instruction(&mut self, stmt: &str, sb: usize) {
        let sec = self.cur;
        if self.secs[sec].ty == SHT_NOBITS {
            self.error(
                span(sb, sb + stmt.len()),
                "cannot have instructions in a nobits section",
            );
            return;
        }
        let mn_end = stmt.find([' ', '\t']).unwrap_or(stmt.len());
        let mn = crate::gcn::asm::ascii_lower(&stmt[..mn_end]);
        let ops = &stmt[mn_end..];
        let mut text = std::borrow::Cow::Borrowed(stmt);
        let mut branch: Option<(Expr, Span)> = None;
        let mut lit: Option<(Expr, Span)> = None;
        let is_branch = mn == "s_branch"
            || mn.starts_with("s_cbranch_") && mn != "s_cbranch_join"
            || mn == "s_call_b64";
        let parts = if is_branch || ops.contains('@') {
            split_commas(ops)
        } else {
            Vec::new()
        };
        if is_branch {
            // The last operand: a label expression unless it is a plain number.
            let (o, t) = *parts.last().unwrap_or(&(0, ""));
            let tt = t.trim();
            if !tt.is_empty()
                && !tt
                    .bytes()
                    .next()
                    .is_some_and(|c| c.is_ascii_digit() || c == b'-')
            {
                let st = sb + mn_end + o + (t.len() - t.trim_start().len());
                let Ok(e) = self.parse_expr(tt, st) else {
                    return;
                };
                branch = Some((e, span(st, st + tt.len())));
                let keep = &stmt[..mn_end + o];
                text = format!("{keep} 0").into();
            }
        } else if ops.contains('@') {
            for &(o, t) in &parts {
                if t.contains('@') {
                    let tt = t.trim();
                    let st = sb + mn_end + o + (t.len() - t.trim_start().len());
                    let Ok(e) = self.parse_expr(tt, st) else {
                        return;
                    };
                    lit = Some((e, span(st, st + tt.len())));
                    let a = mn_end + o;
                    text = format!("{} 0x7fffffff{}", &stmt[..a], &stmt[a + t.len()..]).into();
                    break;
                }
            }
        }
        if branch.is_none() && lit.is_none() {
            if let Some(t) = self.fold_operands(stmt, mn_end) {
                text = t.into();
            }
        }
        let words: Vec<u32> = match self.t.gen {
            Some(gen) => match crate::gcn::asm::assemble_inst_with(gen, &text, sb, &self.consts) {
                Ok(x) => x.words.to_vec(),
                Err(e) => {
                    let sp = if text.len() == stmt.len() {
                        e.span
                    } else {
                        span(sb, sb + stmt.len())
                    };
                    self.error(sp, e.message);
                    return;
                }
            },
            None => {
                let gtext = self.subst_consts(&text);
                match crate::rdna3::asm::assemble_inst(&gtext, self.t.wave64) {
                    Ok(w) => w,
                    Err(e) => {
                        let at = if gtext.len() == stmt.len() {
                            sb + e.col.min(stmt.len())
                        } else {
                            sb
                        };
                        self.error(span(at, at + 1), e.message);
                        return;
                    }
                }
            }
        };
        let off = self.secs[sec].len();
        if !off.is_multiple_of(4) {
            self.error(
                span(sb, sb + stmt.len()),
                "instruction is not 4-byte aligned",
            );
            return;
        }
        let mut bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        if let Some((e, sp)) = branch {
            self.fixups.push(Fixup {
                sec,
                off,
                kind: FixKind::Branch,
                expr: e,
                span: sp,
            });
        }
        if let Some((e, sp)) = lit {
            if words.len() < 2 || *words.last().unwrap_or(&0) != 0x7fff_ffff {
                self.error(sp, "a relocation operand needs a 32-bit literal slot");
                return;
            }
            let n = bytes.len();
            bytes[n - 4..].fill(0);
            self.fixups.push(Fixup {
                sec,
                off: off + n as u64 - 4,
                kind: FixKind::Lit,
                expr: e,
                span: sp,
            });
        }
        self.emit(&bytes);
    }

    /// The instruction with each operand that is an expression over symbols already defined
    /// (assigned constants, differences of labels of one section) replaced by its value; `None`
    /// when there is none. Operands naming anything else (registers, `off`, `lgkmcnt(0)`) are
    /// left to the encoder.
    fn fold_operands(&self, stmt: &str, mn_end: usize) -> Option<String> {
        let ops = &stmt[mn_end..];
        // Most instructions name no symbol: look for one before parsing anything.
        let b = ops.as_bytes();
        let mut i = 0;
        let mut any = false;
        while i < b.len() {
            if ident_start(b[i]) && (i == 0 || !ident_char(b[i - 1])) {
                let n = b[i..]
                    .iter()
                    .position(|&c| !ident_char(c))
                    .map_or(b.len(), |k| i + k);
                if let Some(&j) = self.sym_ix.get(&ops[i..n]) {
                    if self.syms[j].at.is_some() || self.syms[j].set.is_some() {
                        any = true;
                        break;
                    }
                }
                i = n;
            } else {
                i += 1;
            }
        }
        if !any {
            return None;
        }
        let mut out = String::new();
        let mut last = 0;
        for (o, t) in split_commas(ops) {
            let tt = t.trim();
            if tt.is_empty()
                || !tt
                    .bytes()
                    .any(|c| ident_start(c) || b"+-*/()<>&|^~".contains(&c))
            {
                continue;
            }
            let mut unknown = false;
            let mut ids = Vec::new();
            let r = Parser::new(tt, |n| {
                match self.sym_ix.get(n) {
                    Some(&i) if self.syms[i].at.is_some() || self.syms[i].set.is_some() => {
                        ids.push(i)
                    }
                    _ => {
                        unknown = true;
                        ids.push(0)
                    }
                }
                ids.len() - 1
            })
            .full();
            let Ok(e) = r else { continue };
            if unknown || matches!(e, Expr::Num(_)) {
                continue;
            }
            let e = remap(e, &ids);
            if let Ok(v) = self.konst(&e, 0) {
                let a = mn_end + o + (t.len() - t.trim_start().len());
                out.push_str(&stmt[last..a]);
                out.push_str(&v.to_string());
                last = a + tt.len();
            }
        }
        if last == 0 {
            return None;
        }
        out.push_str(&stmt[last..]);
        Some(out)
    }

    /// gfx11: operands naming assigned constants, replaced by their values.
    fn subst_consts<'t>(&self, text: &'t str) -> std::borrow::Cow<'t, str> {
        if self.consts.is_empty() {
            return text.into();
        }
        let b = text.as_bytes();
        let mut out = String::new();
        let mut last = 0;
        let mut i = text.find([' ', '\t']).unwrap_or(b.len());
        while i < b.len() {
            if ident_start(b[i]) && (i == 0 || !ident_char(b[i - 1])) {
                let n = b[i..]
                    .iter()
                    .position(|&c| !ident_char(c))
                    .map_or(b.len(), |k| i + k);
                if let Some(Val::Int(v)) = self.consts.get(&text[i..n]) {
                    out.push_str(&text[last..i]);
                    out.push_str(&v.to_string());
                    last = n;
                }
                i = n;
            } else {
                i += 1;
            }
        }
        if last == 0 {
            return text.into();
        }
        out.push_str(&text[last..]);
        out.into()
    }

    /// Resolves fixups, builds the symbol table and writes the object.
    fn finish(&mut self) -> Vec<u8> {
        // .comment from .ident.
        if !self.idents.is_empty() {
            let i = self.section(".comment", SHT_PROGBITS, SHF_MERGE | SHF_STRINGS, 1);
            let mut b = vec![0u8];
            for s in &self.idents {
                b.extend_from_slice(s.as_bytes());
                b.push(0);
            }
            self.secs[i].data = b;
        }
        let mut relocs: Vec<Vec<(u64, u32, RelSym, i64)>> = vec![Vec::new(); self.secs.len()];
        let fixups = std::mem::take(&mut self.fixups);
        self.final_pass = true;
        for f in &fixups {
            let v = match self.eval(&f.expr, 0) {
                Ok(v) => v,
                Err(m) => {
                    let m = m.unwrap_or_else(|| self.undefined(&f.expr));
                    self.error(f.span, m);
                    continue;
                }
            };
            self.resolve(f, v, &mut relocs);
        }
        // Sizes.
        let mut sizes = vec![0u64; self.syms.len()];
        for (i, size) in sizes.iter_mut().enumerate() {
            if let Some((e, sp)) = self.syms[i].size.clone() {
                match self.konst(&e, 0) {
                    Ok(v) => *size = v as u64,
                    Err(m) => {
                        let m = m.unwrap_or_else(|| self.undefined(&e));
                        self.error(sp, m)
                    }
                }
            }
        }
        // Symbols used before defined but never defined, and not global: undefined ones.
        for s in &self.syms {
            if s.set.is_none() && s.at.is_none() && s.bind == Bind::Local {
                self.diags.push(Diagnostic::error(
                    s.span,
                    format!("undefined local symbol '{}'", s.name),
                ));
            }
        }
        if self.diags.iter().any(|d| d.is_error()) {
            return Vec::new();
        }
        // The symbol table: section symbols (those relocations use), locals, globals.
        let mut out_syms: Vec<OutSym> = Vec::new();
        let mut sec_sym = vec![usize::MAX; self.secs.len()];
        for r in relocs.iter().flatten() {
            if let RelSym::Sec(s) = r.2 {
                if sec_sym[s] == usize::MAX {
                    sec_sym[s] = 0;
                }
            }
        }
        let mut sym_out = vec![usize::MAX; self.syms.len()];
        let mut used = vec![false; self.syms.len()];
        for r in relocs.iter().flatten() {
            if let RelSym::Sym(i) = r.2 {
                used[i] = true;
            }
        }
        for pass in 0..2 {
            for (i, s) in self.syms.iter().enumerate() {
                if let Some(k) = s.secsym {
                    if pass == 0 && sec_sym[k] == 0 {
                        sec_sym[k] = out_syms.len();
                        out_syms.push(OutSym {
                            name: String::new(),
                            value: 0,
                            size: 0,
                            info: 3,
                            other: 0,
                            shndx: SymSec::Sec(k),
                        });
                    }
                    continue;
                }
                let global = matches!(s.bind, Bind::Global | Bind::Weak)
                    || s.at.is_none() && s.set.is_none() && used[i];
                if global != (pass == 1) || s.temp || s.name.starts_with('\0') {
                    continue;
                }
                if !global && s.at.is_none() && s.set.is_none() {
                    continue;
                }
                // (an alias `y = x + 4` takes x's type and size unless it has its own)
                let mut base = None;
                let (value, shndx) = match (s.at, &s.set) {
                    (Some((sec, off)), _) => (off, SymSec::Sec(sec)),
                    (None, Some(e)) => match self.eval(e, 0) {
                        Ok(v) if v.add.is_none() && v.sub.is_none() => (v.c as u64, SymSec::Abs),
                        Ok(Value {
                            add: Some((j, Variant::None)),
                            sub: None,
                            c,
                        }) => match self.syms[j].at {
                            Some((sec, off)) => {
                                base = Some(j);
                                (off.wrapping_add(c as u64), SymSec::Sec(sec))
                            }
                            None => continue,
                        },
                        _ => continue,
                    },
                    (None, None) => (0, SymSec::Undef),
                };
                let ty = match base {
                    Some(j) if s.ty == 0 => self.syms[j].ty,
                    _ => s.ty,
                };
                let size = match base {
                    Some(j) if s.size.is_none() => sizes[j],
                    _ => sizes[i],
                };
                let bind: u8 = match s.bind {
                    Bind::Global => 1,
                    Bind::Weak => 2,
                    _ if global => 1,
                    _ => 0,
                };
                sym_out[i] = out_syms.len();
                out_syms.push(OutSym {
                    name: s.name.clone(),
                    value,
                    size,
                    info: bind << 4 | ty,
                    other: s.vis,
                    shndx,
                });
            }
        }
        let first_global = out_syms
            .iter()
            .position(|s| s.info >> 4 != 0)
            .unwrap_or(out_syms.len());
        let sections = self
            .secs
            .iter()
            .enumerate()
            .map(|(k, s)| OutSection {
                name: s.name.clone(),
                ty: s.ty,
                flags: s.flags,
                align: s.align,
                entsize: s.entsize,
                data: s.data.clone(),
                size: s.size,
                relocs: relocs[k]
                    .iter()
                    .map(|&(o, ty, rs, a)| {
                        let idx = match rs {
                            RelSym::Sec(x) => sec_sym[x],
                            RelSym::Sym(x) => sym_out[x],
                        };
                        (o, ty, idx, a)
                    })
                    .collect(),
            })
            .collect();
        let addrsig = self.addrsig.then(|| {
            self.addrsig_syms
                .iter()
                .filter_map(|&i| (sym_out[i] != usize::MAX).then_some(sym_out[i]))
                .collect()
        });
        elf::write(&OutObject {
            e_flags: self.t.e_flags(),
            abi_version: match self.co_version {
                4 => 2,
                5 => 3,
                _ => 4,
            },
            sections,
            syms: out_syms,
            first_global,
            addrsig,
        })
    }

    fn undefined(&self, e: &Expr) -> String {
        let mut name = None;
        find_undef(e, &self.syms, &mut name);
        match name {
            Some(n) => format!("undefined symbol '{n}'"),
            None => "expression could not be evaluated".into(),
        }
    }

    fn resolve(&mut self, f: &Fixup, v: Value, relocs: &mut [Vec<(u64, u32, RelSym, i64)>]) {
        let off = f.off as usize;
        // The relocation target of `v.add`: a global symbol itself, a local one as its
        // section's symbol plus its offset.
        let target = |this: &Self, i: usize| -> (RelSym, i64) {
            let s = &this.syms[i];
            match (s.bind, s.at) {
                (Bind::Global | Bind::Weak, _) | (_, None) => (RelSym::Sym(i), 0),
                (_, Some((sec, o))) => (RelSym::Sec(sec), o as i64),
            }
        };
        match f.kind {
            FixKind::Branch => {
                let Some((i, Variant::None)) = v.add else {
                    self.error(f.span, "branch target must be a label");
                    return;
                };
                let (Some((sec, to)), None) = (self.syms[i].at, v.sub) else {
                    self.error(f.span, format!("undefined label '{}'", self.syms[i].name));
                    return;
                };
                if sec != f.sec {
                    self.error(f.span, "branch target is in another section");
                    return;
                }
                let d = to as i64 + v.c - (f.off as i64 + 4);
                if d % 4 != 0 || !(-(1 << 17)..(1 << 17)).contains(&d) {
                    self.error(f.span, "branch target is out of range");
                    return;
                }
                let data = &mut self.secs[f.sec].data;
                let w =
                    u32::from_le_bytes([data[off], data[off + 1], data[off + 2], data[off + 3]]);
                let w = w & 0xffff_0000 | ((d / 4) as u16) as u32;
                data[off..off + 4].copy_from_slice(&w.to_le_bytes());
            }
            FixKind::KdEntry => {
                let Some((i, _)) = v.add else { return };
                // kernel_code_entry_byte_offset = kernel - descriptor.
                let (rs, a) = target(self, i);
                match (rs, self.syms[i].at) {
                    (RelSym::Sec(s), Some(_)) if s == f.sec => {
                        let val = a - (f.off as i64 - 16);
                        self.secs[f.sec].data[off..off + 8].copy_from_slice(&val.to_le_bytes());
                    }
                    _ => relocs[f.sec].push((f.off, 5, rs, a + 16)),
                }
            }
            FixKind::Data(_) | FixKind::Lit if v.add.is_none() && v.sub.is_none() => {
                let n = if let FixKind::Data(n) = f.kind { n } else { 4 };
                let c = v.c;
                let ok = n == 8 || {
                    let bits = n as u32 * 8;
                    c >= -(1i64 << (bits - 1)) && c < (1i64 << bits)
                };
                if !ok {
                    self.error(f.span, "value out of range");
                    return;
                }
                let b = c.to_le_bytes();
                self.secs[f.sec].data[off..off + n as usize].copy_from_slice(&b[..n as usize]);
            }
            FixKind::Data(_) | FixKind::Lit => {
                let n = if let FixKind::Data(n) = f.kind { n } else { 4 };
                let lit = matches!(f.kind, FixKind::Lit);
                let Some((i, var)) = v.add else {
                    self.error(f.span, "expression is not relocatable");
                    return;
                };
                // `sym - .` style: a PC-relative relocation when the subtrahend is here.
                let pcrel = match v.sub {
                    None => false,
                    Some(j) => match self.syms[j].at {
                        Some((s, _)) if s == f.sec => true,
                        _ => {
                            self.error(f.span, "expression is not relocatable");
                            return;
                        }
                    },
                };
                let (rs, mut a) = target(self, i);
                a += v.c;
                if pcrel {
                    let (_, jo) = self.syms[v.sub.unwrap_or(i)].at.unwrap_or((0, 0));
                    a += f.off as i64 - jo as i64;
                }
                let ty = match (var, n, pcrel, lit) {
                    (Variant::None, 4, false, _) => 6,
                    (Variant::None, 8, false, false) => 3,
                    (Variant::None, 4, true, _) => 4,
                    (Variant::None, 8, true, false) => 5,
                    (Variant::Abs32Lo, 4, false, _) => 1,
                    (Variant::Abs32Hi, 4, false, _) => 2,
                    (Variant::Abs64, 8, false, false) => 3,
                    (Variant::Rel32Lo, 4, false, _) => 10,
                    (Variant::Rel32Hi, 4, false, _) => 11,
                    (Variant::Rel64, 8, false, false) => 5,
                    (Variant::GotPcRel, 4, false, _) => 7,
                    (Variant::GotPcRel32Lo, 4, false, _) => 8,
                    (Variant::GotPcRel32Hi, 4, false, _) => 9,
                    _ => {
                        self.error(f.span, "unsupported relocation for this value size");
                        return;
                    }
                };
                if matches!(
                    var,
                    Variant::GotPcRel | Variant::GotPcRel32Lo | Variant::GotPcRel32Hi
                ) {
                    // GOT relocations name the symbol itself.
                    relocs[f.sec].push((f.off, ty, RelSym::Sym(i), v.c));
                } else {
                    relocs[f.sec].push((f.off, ty, rs, a));
                }
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
