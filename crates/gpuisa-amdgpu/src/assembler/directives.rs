//! The assembler's statements: labels, assignments, data and the other directives, `.amdgpu_metadata` and `.amdhsa_kernel` blocks (methods of `Asm`, split from mod.rs by concern).

use super::*;

impl<'s> Asm<'s> {
    pub(super) fn label(&mut self, name: &str, sp: Span) {
        let i = self.sym(name, sp);
        if self.syms[i].at.is_some() || self.syms[i].set.is_some() {
            self.error(sp, format!("invalid symbol redefinition of '{name}'"));
            return;
        }
        let off = self.secs[self.cur].len();
        self.syms[i].at = Some((self.cur, off));
        self.syms[i].span = sp;
        self.mark_defined(name);
    }

    pub(super) fn assign(&mut self, name: &str, sp: Span, rhs: &str, rb: usize) {
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
        self.mark_defined(name);
    }

    pub(super) fn names(&mut self, rest: &str, rb: usize) -> Vec<(usize, Span)> {
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

    pub(super) fn data(&mut self, size: u8, rest: &str, rb: usize, sp: Span) {
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

    pub(super) fn directive(&mut self, d: &str, dsp: Span, rest: &str, rb: usize) {
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

    pub(super) fn metadata(&mut self, st: usize, text: &str) {
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

    pub(super) fn kernel(
        &mut self,
        name: &str,
        ksp: Span,
        items: &[(String, i64)],
        spans: &[Span],
    ) {
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
        self.mark_defined(&kdname);
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
}
