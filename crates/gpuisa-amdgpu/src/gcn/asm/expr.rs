//! Symbols (`name = expr`, `.set name, expr`) and integer expressions in operands
//! (`s_nop xv+xt`, `offset:base*4`). CLRX also binds registers to symbols (`x = %s[4:5]`).

use super::parse::{parse_float, parse_int, register_any, sym_index, Val};
use crate::gcn::operand::OpType;
use crate::gcn::Gen;
use std::borrow::Cow;
use std::collections::HashMap;

/// A symbol's value: an integer, a float or (CLRX) a register. Symbols defined later in the
/// source (forward references) are stored under [`fwd`]`(name)`.
pub type Syms = HashMap<String, Val<'static>>;

/// The key of a symbol not defined yet at this point of the source.
pub fn fwd(name: &str) -> String {
    format!("\u{0}{name}")
}

/// `name = expr`, `name=expr`, `.set name, expr` or `.equ name, expr`: the name and the
/// expression text.
pub fn assignment(line: &str) -> Option<(&str, &str)> {
    // Most lines are instructions: without a `=` only a directive can be an assignment.
    if !line.as_bytes().contains(&b'=') && !super::trim_start_blank(line).starts_with('.') {
        return None;
    }
    let t = line.trim();
    let (name, rhs) = if let Some(r) = t
        .strip_prefix(".set")
        .or_else(|| t.strip_prefix(".equ"))
        .filter(|r| r.starts_with(char::is_whitespace))
    {
        r.split_once(',')?
    } else {
        let i = t.find('=')?;
        if t[i + 1..].starts_with('=') {
            return None;
        }
        (&t[..i], &t[i + 1..])
    };
    let name = name.trim();
    let ok = !name.is_empty()
        && name
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_' || b == b'.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'$');
    ok.then_some((name, rhs.trim()))
}

/// The value of the right-hand side of an assignment.
pub fn value(gen: Gen, rhs: &str, syms: &Syms) -> Option<Val<'static>> {
    let r = rhs.trim();
    if let Some(reg) = r.strip_prefix('%') {
        // CLRX register symbol: `%s[4:5]` (any start), `%vcc`, `%x[4]` of another register
        // symbol, or `%0.5` (a constant).
        let reg = reg.trim();
        // Ranges may use expressions: `%s[xv+18:xv+19]`.
        let sub;
        let reg = match reg.strip_suffix(']').and_then(|x| x.split_once('[')) {
            Some((pre, idx)) if !syms.contains_key(pre) => {
                let (a, b) = idx.split_once(':').unwrap_or((idx, idx));
                match (eval(a, syms), eval(b, syms)) {
                    (Some(a), Some(b)) => {
                        sub = format!("{pre}[{a}:{b}]");
                        sub.as_str()
                    }
                    _ => reg,
                }
            }
            _ => reg,
        };
        if let Some(Ok(v)) = register_any(gen, reg).or_else(|| sym_index(reg, syms)) {
            // A register symbol is a register range of its own width, even when it names a
            // one-dword source such as `execz` (CLRX rejects `k = %execz` as a 64-bit operand).
            return Some(match v {
                Val::Reg { code, n, vgpr, .. } => Val::Reg {
                    code,
                    n,
                    vgpr,
                    any_width: false,
                },
                v => v,
            });
        }
        // `%1`, `%-12`, `%0.5`: CLRX's register symbol of a constant is the operand code of that
        // inline constant, one "register" wide (indexed `x[0]`, or `x[0:1]` as a 64-bit operand).
        let v = value(gen, reg, syms)?;
        let ty = match v {
            Val::Float(_) => OpType::Float,
            _ => OpType::Int,
        };
        return Some(
            match crate::gcn::asm::encode_src(gen, &v, 1, ty, &mut None, false) {
                Ok(code) if (128..255).contains(&code) => Val::Reg {
                    code,
                    n: 1,
                    vgpr: false,
                    any_width: true,
                },
                _ => v,
            },
        );
    }
    if let Some(f) = parse_float(r) {
        return Some(Val::Float(f));
    }
    eval(r, syms).map(Val::Int)
}

/// Evaluates an integer expression: decimal/hex numbers, integer symbols, `+ - * / % << >> & | ^ ~`
/// and parentheses. `None` if it is not one (an unknown name, a register, bad syntax).
pub fn eval(t: &str, syms: &Syms) -> Option<i64> {
    eval_fwd(t, syms).map(|x| x.0)
}

/// [`eval`], also telling whether a symbol defined later was used (llvm-mc and CLRX then
/// encode a 32-bit literal, not an inline constant).
pub fn eval_fwd(t: &str, syms: &Syms) -> Option<(i64, bool)> {
    let toks = lex(t, syms)?;
    let mut p = P {
        t: &toks,
        i: 0,
        syms,
        fwd: false,
        depth: 0,
    };
    let v = p.bin(0)?;
    (p.i == toks.len()).then_some((v, p.fwd))
}

#[derive(Debug, Clone, PartialEq)]
enum Tok<'a> {
    Num(i64),
    Name(&'a str),
    Op(&'static str),
}

fn lex<'a>(t: &'a str, syms: &Syms) -> Option<Vec<Tok<'a>>> {
    const OPS: [&str; 14] = [
        "<<", ">>", "+", "-", "*", "/", "%", "&", "|", "^", "~", "(", ")", "!",
    ];
    let b = t.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let s = i;
            while i < b.len() && b[i].is_ascii_alphanumeric() {
                i += 1;
            }
            out.push(Tok::Num(parse_int(&t[s..i])?));
        } else if c.is_ascii_alphabetic() || c == b'_' || c == b'.' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b"_.$".contains(&b[i])) {
                i += 1;
            }
            // An unknown name makes the whole expression unknown (`unary` would fail on it).
            let n = &t[s..i];
            if syms.is_empty() || !syms.contains_key(n) && !syms.contains_key(&fwd(n)) {
                return None;
            }
            out.push(Tok::Name(n));
        } else {
            let op = OPS.iter().find(|o| t[i..].starts_with(**o))?;
            out.push(Tok::Op(op));
            i += op.len();
        }
    }
    Some(out)
}

struct P<'a> {
    t: &'a [Tok<'a>],
    i: usize,
    syms: &'a Syms,
    fwd: bool,
    /// Parentheses and unary operators entered: an expression nested deeper than
    /// [`MAX_DEPTH`] is not one (no stack overflow on any input).
    depth: u32,
}

/// The deepest nesting of parentheses and unary operators an expression may have.
const MAX_DEPTH: u32 = 256;

impl P<'_> {
    fn prec(op: &str) -> Option<u8> {
        Some(match op {
            "|" => 1,
            "^" => 2,
            "&" => 3,
            "<<" | ">>" => 4,
            "+" | "-" => 5,
            "*" | "/" | "%" => 6,
            _ => return None,
        })
    }

    fn bin(&mut self, min: u8) -> Option<i64> {
        let mut l = self.unary()?;
        while let Some(Tok::Op(op)) = self.t.get(self.i) {
            let Some(p) = Self::prec(op) else { break };
            if p < min {
                break;
            }
            self.i += 1;
            let r = self.bin(p + 1)?;
            l = match *op {
                "|" => l | r,
                "^" => l ^ r,
                "&" => l & r,
                "<<" => l.checked_shl(u32::try_from(r).ok()?)?,
                ">>" => l.checked_shr(u32::try_from(r).ok()?)?,
                "+" => l.checked_add(r)?,
                "-" => l.checked_sub(r)?,
                "*" => l.checked_mul(r)?,
                "/" => l.checked_div(r)?,
                "%" => l.checked_rem(r)?,
                _ => return None,
            };
        }
        Some(l)
    }

    fn unary(&mut self) -> Option<i64> {
        self.depth += 1;
        let v = self.unary_inner();
        self.depth -= 1;
        v
    }

    fn unary_inner(&mut self) -> Option<i64> {
        if self.depth > MAX_DEPTH {
            return None;
        }
        let t = self.t.get(self.i)?.clone();
        self.i += 1;
        match t {
            Tok::Num(n) => Some(n),
            Tok::Name(n) => match self.syms.get(n) {
                Some(Val::Int(v)) => Some(*v),
                Some(_) => None,
                None => match self.syms.get(&fwd(n)) {
                    Some(Val::Int(v)) => {
                        self.fwd = true;
                        Some(*v)
                    }
                    _ => None,
                },
            },
            Tok::Op("-") => self.unary()?.checked_neg(),
            Tok::Op("+") => self.unary(),
            Tok::Op("~") => Some(!self.unary()?),
            Tok::Op("!") => Some((self.unary()? == 0) as i64),
            Tok::Op("(") => {
                let v = self.bin(0)?;
                (self.t.get(self.i) == Some(&Tok::Op(")"))).then(|| self.i += 1)?;
                Some(v)
            }
            _ => None,
        }
    }
}

/// Rewrites the arguments of a call-like word (`vmcnt(a)`, `hwreg(mode, x, 4)`) that are
/// expressions over symbols into numbers; other words are returned unchanged.
pub fn subst_args<'a>(w: &'a str, syms: &Syms) -> Cow<'a, str> {
    if !w.ends_with(')') {
        return Cow::Borrowed(w);
    }
    let Some(open) = w.find('(') else {
        return Cow::Borrowed(w);
    };
    // The text is copied only from the first argument that changes (usually none does).
    let mut out: Option<String> = None;
    let mut at = open + 1;
    let inner = &w[open + 1..w.len() - 1];
    for (k, a) in inner.split(',').enumerate() {
        let value = match parse_int(a.trim()).is_none().then(|| eval(a, syms)) {
            Some(Some(v)) => Some(v),
            _ => None,
        };
        match (&mut out, value) {
            (None, None) => {}
            (None, Some(v)) => {
                let mut o = w[..at].to_string();
                o.push_str(&v.to_string());
                out = Some(o);
            }
            (Some(o), v) => {
                if k > 0 {
                    o.push(',');
                }
                match v {
                    Some(v) => o.push_str(&v.to_string()),
                    None => o.push_str(a),
                }
            }
        }
        at += a.len() + 1;
    }
    match out {
        Some(mut o) => {
            o.push(')');
            Cow::Owned(o)
        }
        None => Cow::Borrowed(w),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_nesting_is_refused_not_a_stack_overflow() {
        let syms = Syms::new();
        let ok = format!("{}1{}", "(".repeat(200), ")".repeat(200));
        assert_eq!(eval(&ok, &syms), Some(1));
        for deep in [
            format!("{}1{}", "(".repeat(300_000), ")".repeat(300_000)),
            format!("{}1", "-".repeat(300_000)),
            format!("{}1", "~(".repeat(100_000)),
        ] {
            assert_eq!(eval(&deep, &syms), None);
            let src = format!("s_mov_b32 s0, {deep}");
            assert!(crate::gcn::asm::assemble_inst(Gen::Gfx9, &src, 0).is_err());
        }
    }

    #[test]
    fn expressions() {
        let mut s = Syms::new();
        s.insert("a".into(), Val::Int(6));
        assert_eq!(eval("a+65", &s), Some(71));
        assert_eq!(eval("2*a+1", &s), Some(13));
        assert_eq!(eval("1+2*3-4", &s), Some(3));
        assert_eq!(eval("10-2-3", &s), Some(5));
        assert_eq!(eval("(1+2)*3", &s), Some(9));
        assert_eq!(eval("-a", &s), Some(-6));
        assert_eq!(eval("1<<4|1", &s), Some(17));
        assert_eq!(eval("b+1", &s), None);
        assert_eq!(eval("1/0", &s), None);
        assert_eq!(eval("v1", &s), None);
        assert_eq!(assignment("x = 0x10"), Some(("x", "0x10")));
        assert_eq!(assignment(".set y, 3"), Some(("y", "3")));
        assert_eq!(assignment("s_nop 0"), None);
    }
}

#[cfg(test)]
mod operand_tests {
    use crate::gcn::asm::assemble_inst;
    use crate::gcn::Gen;

    #[test]
    fn negated_expressions_and_names() {
        // -1+2 is the constant 1 (inline 129), not a negated 3.
        let a = assemble_inst(Gen::Gfx9, "s_add_u32 s0, s1, -1+2", 0).unwrap();
        assert_eq!(a.words, vec![0x8000_8101]);
        let x = assemble_inst(Gen::Gfx6, "v_cndmask_b32   v154, v[21:22], v107, vcc", 0);
        assert!(x.is_err(), "{x:?}");
        // s12x is not a register (and unknown here): rejected, no panic.
        assert!(assemble_inst(Gen::Gfx9, "s_add_u32 s0, s1, s12x", 0).is_err());
    }

    #[test]
    fn forward_references_are_literals() {
        use gpuisa_core::target::{AsmOptions, AsmRequest};
        let src = "s_add_u32 s0, s1, x\nv_mov_b32 v1, x\nx=5\ns_add_u32 s0, s1, x\n";
        let out = crate::gcn::asm::assemble(
            Gen::Gfx9,
            &AsmRequest {
                file_name: "t.s",
                source: src,
                options: AsmOptions::default(),
            },
        );
        assert!(!out.has_errors());
        // As llvm-mc-19: the first two take a literal (5), the last an inline constant.
        let words: Vec<u32> = out
            .bytes
            .chunks(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        assert_eq!(words, vec![0x8000_ff01, 5, 0x7e02_02ff, 5, 0x8000_8501]);
    }

    fn words(gen: Gen, src: &str) -> Result<Vec<u32>, String> {
        use gpuisa_core::target::{AsmOptions, AsmRequest};
        let out = crate::gcn::asm::assemble(
            gen,
            &AsmRequest {
                file_name: "t.s",
                source: src,
                options: AsmOptions::default(),
            },
        );
        if out.has_errors() {
            return Err(format!("{:?}", out.diagnostics));
        }
        Ok(out
            .bytes
            .chunks(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect())
    }

    #[test]
    fn constant_register_symbols_as_clrx() {
        // CLRX's vectors: `dreg=%1; s_add_u32 s21, s4, dreg[0]` is 80158104, `dreg=%-12;
        // s_xor_b64 s[22:23], dreg[0:1], s[62:63]` 89963ecc (also with `dreg` or `dreg[0]`);
        // `dreg[1:1]`, `dreg[0:2]`, `dreg[1:2]` are errors ("must be [0] or [0:regsNum-1]").
        assert_eq!(
            words(Gen::Gfx6, "dreg=%1\ns_add_u32 s21, s4, dreg[0]\n"),
            Ok(vec![0x8015_8104])
        );
        for r in ["dreg", "dreg[0]", "dreg[0:1]"] {
            let src = format!("dreg=%-12\ns_xor_b64 s[22:23], {r}, s[62:63]\n");
            assert_eq!(words(Gen::Gfx6, &src), Ok(vec![0x8996_3ecc]), "{r}");
        }
        for r in ["dreg[1:1]", "dreg[0:2]", "dreg[1:2]"] {
            let src = format!("dreg=%-12\ns_xor_b64 s[22:23], {r}, s[62:63]\n");
            assert!(words(Gen::Gfx6, &src).is_err(), "{r}");
        }
        assert!(words(Gen::Gfx6, "dreg=%1\ns_add_u32 s21, s4, dreg[0:1]\n").is_err());
    }

    #[test]
    fn condition_sources_any_width_but_not_through_a_register_symbol() {
        // Named directly, execz/vccz/scc are sources of any width (llvm-mc-19 and CLRX agree:
        // gfx600 `s_xor_b64 s[22:23], execz, s[62:63]` is 89963efc; gfx900
        // `v_add_f64 v[0:1], execz, v[2:3]` is d2800000 000204fc, `s_mov_b64 s[0:1], scc`
        // is be8001fd, `v_cmp_eq_u64 vcc, vccz, v[2:3]` is 7dd404fb).
        let g6 = "s_xor_b64 s[22:23], execz, s[62:63]\n";
        assert_eq!(words(Gen::Gfx6, g6), Ok(vec![0x8996_3efc]));
        assert_eq!(
            words(Gen::Gfx9, "v_add_f64 v[0:1], execz, v[2:3]\n"),
            Ok(vec![0xd280_0000, 0x0002_04fc])
        );
        assert_eq!(
            words(Gen::Gfx9, "s_mov_b64 s[0:1], scc\n"),
            Ok(vec![0xbe80_01fd])
        );
        assert_eq!(
            words(Gen::Gfx9, "v_cmp_eq_u64 vcc, vccz, v[2:3]\n"),
            Ok(vec![0x7dd4_04fb])
        );
        // A CLRX register symbol bound to one is a one-register range: fine as a 32-bit
        // operand (CLRX: 80153dfc), rejected as a 64-bit one (CLRX: "Required 2 scalar
        // registers"), as a symbol bound to s5 is.
        let ok = "ss=%execz; s_add_u32 s21, ss, s61\n";
        assert_eq!(
            words(Gen::Gfx6, &ok.replace(';', "\n")),
            Ok(vec![0x8015_3dfc])
        );
        for src in [
            "k=%execz\ns_xor_b64 s[30:31], k, s[14:15]\n",
            "k=%s5\ns_xor_b64 s[30:31], k, s[14:15]\n",
            "k=%vccz\ns_mov_b64 s[0:1], k\n",
            "k=%scc\ns_xor_b64 s[30:31], s[14:15], k\n",
            "k=%execz\nv_add_f64 v[0:1], k, v[2:3]\n",
            "k=%execz\nv_cmp_eq_u64 vcc, k, v[2:3]\n",
            "k=%execz\nv_cmp_eq_u64 s[0:1], k, v[2:3]\n",
        ] {
            assert!(words(Gen::Gfx9, src).is_err(), "{src}");
        }
    }
}
#[cfg(test)]
mod lane_tests {
    use crate::gcn::{asm::assemble_inst, Gen};

    #[test]
    fn readlane_writelane_gfx8_as_llvm_mc() {
        // llvm-mc-19 -mcpu=gfx802: [0x01,0x00,0x89,0xd2,0x02,0x07,0x00,0x00] and
        // [0x01,0x00,0x89,0xd2,0x02,0x0b,0x01,0x00].
        let a = assemble_inst(Gen::Gfx8, "v_readlane_b32 s1, v2, s3", 0).unwrap();
        assert_eq!(a.words, vec![0xd289_0001, 0x0000_0702]);
        let b = assemble_inst(Gen::Gfx8, "v_readlane_b32 s1, v2, 5", 0).unwrap();
        assert_eq!(b.words, vec![0xd289_0001, 0x0001_0b02]);
        // Two different scalars break the constant bus, as llvm-mc says.
        assert!(assemble_inst(Gen::Gfx8, "v_writelane_b32 v1, s2, s3", 0).is_err());
    }
}
