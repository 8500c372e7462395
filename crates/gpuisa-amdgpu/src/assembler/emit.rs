//! The assembler's instructions (operands folded, encoded by the per-generation encoders) and the finished object: fixups resolved into relocations, the ELF file laid out (methods of `Asm`, split from mod.rs by concern).

use super::*;

impl<'s> Asm<'s> {
    pub(super) fn instruction(&mut self, stmt: &'s str, sb: usize) {
        let sec = self.cur;
        if self.secs[sec].ty == SHT_NOBITS {
            self.error(
                span(sb, sb + stmt.len()),
                "cannot have instructions in a nobits section",
            );
            return;
        }
        let mn_end = stmt
            .bytes()
            .position(|c| c == b' ' || c == b'\t')
            .unwrap_or(stmt.len());
        let mn = crate::gcn::asm::ascii_lower(&stmt[..mn_end]);
        let ops = &stmt[mn_end..];
        let mut text = std::borrow::Cow::Borrowed(stmt);
        let mut branch: Option<(Expr, Span)> = None;
        let mut lit: Option<(Expr, Span)> = None;
        let is_branch = mn == "s_branch"
            || mn.starts_with("s_cbranch_") && mn != "s_cbranch_join"
            || mn == "s_call_b64";
        let has_at = ops.contains('@');
        let parts = if is_branch || has_at {
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
        } else if has_at {
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
        // An instruction with no symbol in it (and no assigned constant in the file) encodes to
        // the same words wherever it is written: the encoders are pure functions of the text.
        let line = self.line.take();
        let cacheable = branch.is_none()
            && lit.is_none()
            && matches!(text, std::borrow::Cow::Borrowed(_))
            && self.consts.is_empty()
            && line.is_some();
        let gfx11_words: Vec<u32>;
        let gcn_words: crate::gcn::asm::Words;
        let words: &[u32] = match self.t.gen {
            Some(gen) => match crate::gcn::asm::assemble_inst_reusing(
                gen,
                &text,
                sb,
                &self.consts,
                &mut self.scratch,
            ) {
                Ok(x) => {
                    gcn_words = x.words;
                    &gcn_words
                }
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
                    Ok(w) => {
                        gfx11_words = w;
                        &gfx11_words
                    }
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
        if branch.is_none() && lit.is_none() {
            if let Some(line) = line.filter(|_| cacheable && words.len() <= 4) {
                let mut w = [0u32; 4];
                w[..words.len()].copy_from_slice(words);
                self.inst_cache.insert(line, (w, words.len() as u8));
                for_words(&stmt[mn_end..], |w| {
                    self.cached_words.insert(w);
                });
            }
            self.put_inst(sec, sb, stmt, words);
            return;
        }
        let off = self.secs[sec].len();
        if !off.is_multiple_of(4) {
            self.error(
                span(sb, sb + stmt.len()),
                "instruction is not 4-byte aligned",
            );
            return;
        }
        if words.len() > 4 {
            self.error(
                span(sb, sb + stmt.len()),
                "instruction longer than 16 bytes",
            );
            return;
        }
        let mut buf = [0u8; 16];
        let n = words.len();
        for (i, w) in words.iter().enumerate() {
            buf[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
        }
        let bytes = &mut buf[..4 * n];
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
        self.emit(bytes);
    }

    /// Appends an instruction's words (without fixups) to section `sec`.
    fn put_inst(&mut self, sec: usize, sb: usize, stmt: &str, words: &[u32]) {
        let s = &mut self.secs[sec];
        if !s.data.len().is_multiple_of(4) {
            self.error(
                span(sb, sb + stmt.len()),
                "instruction is not 4-byte aligned",
            );
            return;
        }
        for w in words {
            s.data.extend_from_slice(&w.to_le_bytes());
        }
    }

    /// The instruction with each operand that is an expression over symbols already defined
    /// (assigned constants, differences of labels of one section) replaced by its value; `None`
    /// when there is none. Operands naming anything else (registers, `off`, `lgkmcnt(0)`) are
    /// left to the encoder.
    pub(super) fn fold_operands(&self, stmt: &str, mn_end: usize) -> Option<String> {
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
                // (most words, registers and keywords, are no defined symbol's name)
                let cand = self.maybe_defined(&b[i..n]);
                if let Some(&j) = cand.then(|| self.sym_ix.get(&ops[i..n])).flatten() {
                    if self.syms[j].at.is_some() || self.syms[j].set.is_some() {
                        any = true;
                        break;
                    }
                }
                i = n;
            } else if b[i] == b' ' {
                i = crate::rdna3::asm_operand::skip_spaces(b, i);
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
    pub(super) fn subst_consts<'t>(&self, text: &'t str) -> std::borrow::Cow<'t, str> {
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
    pub(super) fn finish(&mut self) -> Vec<u8> {
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

    pub(super) fn undefined(&self, e: &Expr) -> String {
        let mut name = None;
        find_undef(e, &self.syms, &mut name);
        match name {
            Some(n) => format!("undefined symbol '{n}'"),
            None => "expression could not be evaluated".into(),
        }
    }

    pub(super) fn resolve(
        &mut self,
        f: &Fixup,
        v: Value,
        relocs: &mut [Vec<(u64, u32, RelSym, i64)>],
    ) {
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

/// Calls `f` with each identifier word of `ops` (as [`Asm::fold_operands`] looks them up).
fn for_words<'a>(ops: &'a str, mut f: impl FnMut(&'a str)) {
    let b = ops.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if ident_start(b[i]) && (i == 0 || !ident_char(b[i - 1])) {
            let n = b[i..]
                .iter()
                .position(|&c| !ident_char(c))
                .map_or(b.len(), |k| i + k);
            f(&ops[i..n]);
            i = n;
        } else if b[i] == b' ' {
            i = crate::rdna3::asm_operand::skip_spaces(b, i);
        } else {
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cached line's words stay right only while none of its operand words names a defined
    /// symbol: defining one empties the cache; defining another name does not.
    #[test]
    fn defining_a_cached_word_empties_the_cache() {
        let t = Target::by_name("gfx900", false).unwrap();
        let src = "\ts_mov_b32 s0, s1 ; x\n\ts_mov_b32 s0, s1 ; x\n; comment\n";
        let mut a = Asm::new(t, src);
        a.section(".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0);
        a.run();
        assert!(a.diags.is_empty());
        assert_eq!(a.secs[0].data.len(), 8);
        assert_eq!(a.inst_cache.len(), 2);
        assert!(a.cached_words.contains("s1") && a.cached_words.contains("s0"));
        a.label("zz", Span::new(0, 0));
        assert_eq!(a.inst_cache.len(), 2);
        a.label("s1", Span::new(0, 0));
        assert!(a.inst_cache.is_empty() && a.cached_words.is_empty());
    }

    /// Files whose instruction lines repeat (with labels named like registers defined between
    /// the repeats, comments, label-and-instruction lines, a nobits section) give the same
    /// object and diagnostics as the same files with every line spelled its own way.
    #[test]
    fn line_cache_changes_nothing() {
        let files = [
            ("gfx900", "\t.text\nk:\n\ts_mov_b32 s0, s1 ; c\n\tv_mov_b32_e32 v0, v1\n\ts_mov_b32 s0, s1 ; c\ns1:\n\ts_mov_b32 s0, s1 ; c\n\tv_mov_b32_e32 v0, v1\nv1: v_mov_b32_e32 v0, v1\n\tv_mov_b32_e32 v0, v1\n\t.p2align 4\n\tv_mov_b32_e32 v0, v1\n\ts_mov_b32 s0, s1 ; c\n\tx = 3\n\ts_mov_b32 s0, s1 ; c\n\ts_mov_b32 s0, x\n"),
            ("gfx1100", "\t.text\n\ts_mov_b32 s0, s1\n\tv_mov_b32_e32 v0, v1\n\ts_mov_b32 s0, s1\n.Lx:\n\ts_mov_b32 s0, s1\n\tv_add_f32_e32 v0, v1, v2\n\tv_add_f32_e32 v0, v1, v2\n\ts_mov_b32 s0, s1\n"),
            // (errors: a cached instruction not 4-byte aligned, and in a nobits section)
            (
                "gfx900",
                "\ts_mov_b32 s0, s1\n\ts_mov_b32 s0, s1\n\t.byte 1\n\ts_mov_b32 s0, s1\n\t.bss\n\ts_mov_b32 s0, s1\n",
            ),
        ];
        for (k, (cpu, src)) in files.into_iter().enumerate() {
            let t = Target::by_name(cpu, false).unwrap();
            let mut spelled = String::new();
            for (i, l) in src.lines().enumerate() {
                match l.strip_prefix('\t').and_then(|r| r.split_once(' ')) {
                    Some((mn, rest)) if !mn.starts_with('.') => {
                        spelled.push_str(&format!("\t{mn}{}{rest}\n", " ".repeat(i + 1)))
                    }
                    _ => {
                        spelled.push_str(l);
                        spelled.push('\n');
                    }
                }
            }
            let a = assemble(t, src);
            let b = assemble(t, &spelled);
            assert_eq!(a.object.is_empty(), k == 2, "{cpu}: {:?}", a.diagnostics);
            assert_eq!(a.object, b.object, "{cpu}");
            let msgs = |x: &Assembled| {
                x.diagnostics
                    .iter()
                    .map(|d| d.message.clone())
                    .collect::<Vec<_>>()
            };
            assert_eq!(msgs(&a), msgs(&b), "{cpu}");
        }
    }
}
