//! Expressions of the assembler driver: integers, symbols (with `@rel32@lo`-style variants),
//! `.` and the C operators llvm-mc takes, parsed into a tree and evaluated once the symbols are
//! known (forward references, symbol differences).

/// A relocation variant written after a symbol name (`sym@rel32@lo`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    None,
    Rel32Lo,
    Rel32Hi,
    Rel64,
    Abs32Lo,
    Abs32Hi,
    Abs64,
    GotPcRel,
    GotPcRel32Lo,
    GotPcRel32Hi,
}

impl Variant {
    fn parse(s: &str) -> Option<Variant> {
        Some(match s.to_ascii_lowercase().as_str() {
            "rel32@lo" => Variant::Rel32Lo,
            "rel32@hi" => Variant::Rel32Hi,
            "rel64" => Variant::Rel64,
            "abs32@lo" => Variant::Abs32Lo,
            "abs32@hi" => Variant::Abs32Hi,
            "abs64" => Variant::Abs64,
            "gotpcrel" => Variant::GotPcRel,
            "gotpcrel32@lo" => Variant::GotPcRel32Lo,
            "gotpcrel32@hi" => Variant::GotPcRel32Hi,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bin {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    And,
    Or,
    Xor,
    LAnd,
    LOr,
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Num(i64),
    /// A symbol (its index in the driver's symbol table) and variant.
    Sym(usize, Variant),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    LNot(Box<Expr>),
    Bin(Bin, Box<Expr>, Box<Expr>),
}

/// A symbol name character (after the first).
pub fn ident_char(b: u8) -> bool {
    IDENT[b as usize] & 2 != 0
}

/// Per byte: 1 a symbol name's first character, 2 any of its characters.
const IDENT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let start = b.is_ascii_alphabetic() || b == b'_' || b == b'.' || b == b'$';
        t[c] = if start {
            3
        } else if b.is_ascii_digit() {
            2
        } else {
            0
        };
        c += 1;
    }
    t
};

/// A symbol name's first character.
pub fn ident_start(b: u8) -> bool {
    IDENT[b as usize] & 1 != 0
}

/// Parses an expression from `s`; `sym` interns a symbol name (and `.` when the name is `.`).
/// On error: the byte offset in `s` and a message.
pub struct Parser<'a, F: FnMut(&str) -> usize> {
    s: &'a [u8],
    pub pos: usize,
    sym: F,
    /// Nesting and operator counts so far (bounded: no deep recursion, no deep trees).
    depth: u32,
    ops: u32,
}

/// The most nested parentheses/unary operators, and binary operators, one expression may have.
const MAX_DEPTH: u32 = 256;
const MAX_OPS: u32 = 1000;

type PResult<T> = Result<T, (usize, String)>;

impl<'a, F: FnMut(&str) -> usize> Parser<'a, F> {
    pub fn new(s: &'a str, sym: F) -> Self {
        Parser {
            s: s.as_bytes(),
            pos: 0,
            sym,
            depth: 0,
            ops: 0,
        }
    }

    fn blank(&mut self) {
        while self.pos < self.s.len() && matches!(self.s[self.pos], b' ' | b'\t' | b'\r') {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.blank();
        self.s.get(self.pos).copied()
    }

    fn eat(&mut self, t: &str) -> bool {
        self.blank();
        if self.s[self.pos..].starts_with(t.as_bytes()) {
            self.pos += t.len();
            true
        } else {
            false
        }
    }

    /// The whole of `s` as one expression.
    pub fn full(mut self) -> PResult<Expr> {
        let e = self.expr()?;
        self.blank();
        if self.pos < self.s.len() {
            return Err((self.pos, "unexpected token in expression".into()));
        }
        Ok(e)
    }

    /// One expression, stopping before a `,` at the top level.
    pub fn expr(&mut self) -> PResult<Expr> {
        self.binary(0)
    }

    fn op(&mut self) -> Option<(Bin, u8, usize)> {
        self.blank();
        let r = &self.s[self.pos..];
        let two = |a: &[u8]| r.starts_with(a);
        // (precedence as llvm-mc's GNU-style table: higher binds tighter)
        Some(if two(b"||") {
            (Bin::LOr, 1, 2)
        } else if two(b"&&") {
            (Bin::LAnd, 2, 2)
        } else if two(b"==") {
            (Bin::Eq, 3, 2)
        } else if two(b"!=") || two(b"<>") {
            (Bin::Ne, 3, 2)
        } else if two(b"<=") {
            (Bin::Le, 3, 2)
        } else if two(b">=") {
            (Bin::Ge, 3, 2)
        } else if two(b"<<") {
            (Bin::Shl, 6, 2)
        } else if two(b">>") {
            (Bin::Shr, 6, 2)
        } else {
            match r.first()? {
                b'<' => (Bin::Lt, 3, 1),
                b'>' => (Bin::Gt, 3, 1),
                b'|' => (Bin::Or, 4, 1),
                b'^' => (Bin::Xor, 4, 1),
                b'&' => (Bin::And, 4, 1),
                b'+' => (Bin::Add, 5, 1),
                b'-' => (Bin::Sub, 5, 1),
                b'*' => (Bin::Mul, 7, 1),
                b'/' => (Bin::Div, 7, 1),
                b'%' => (Bin::Rem, 7, 1),
                _ => return None,
            }
        })
    }

    fn binary(&mut self, min: u8) -> PResult<Expr> {
        let mut lhs = self.unary()?;
        while let Some((op, prec, len)) = self.op() {
            if prec < min.max(1) {
                break;
            }
            self.pos += len;
            self.ops += 1;
            if self.ops > MAX_OPS {
                return Err((self.pos, "expression has too many operators".into()));
            }
            let rhs = self.binary(prec + 1)?;
            lhs = Expr::Bin(op, Box::new(lhs), Box::new(rhs));
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> PResult<Expr> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err((self.pos, "expression is nested too deeply".into()));
        }
        let r = self.unary_in();
        self.depth -= 1;
        r
    }

    fn unary_in(&mut self) -> PResult<Expr> {
        let Some(c) = self.peek() else {
            return Err((self.pos, "expected an expression".into()));
        };
        match c {
            b'-' => {
                self.pos += 1;
                Ok(Expr::Neg(Box::new(self.unary()?)))
            }
            b'+' => {
                self.pos += 1;
                self.unary()
            }
            b'~' => {
                self.pos += 1;
                Ok(Expr::Not(Box::new(self.unary()?)))
            }
            b'!' => {
                self.pos += 1;
                Ok(Expr::LNot(Box::new(self.unary()?)))
            }
            b'(' => {
                self.pos += 1;
                let e = self.expr()?;
                if !self.eat(")") {
                    return Err((self.pos, "expected ')' in parentheses expression".into()));
                }
                Ok(e)
            }
            b'0'..=b'9' => self.number(),
            b'\'' => {
                // A character constant.
                let c = *self
                    .s
                    .get(self.pos + 1)
                    .ok_or((self.pos, "bad character".to_string()))?;
                if self.s.get(self.pos + 2) != Some(&b'\'') {
                    return Err((self.pos, "unterminated character constant".into()));
                }
                self.pos += 3;
                Ok(Expr::Num(c as i64))
            }
            c if ident_start(c) => {
                let st = self.pos;
                while self.pos < self.s.len() && ident_char(self.s[self.pos]) {
                    self.pos += 1;
                }
                let name = std::str::from_utf8(&self.s[st..self.pos]).unwrap_or(".");
                let mut var = Variant::None;
                if self.s.get(self.pos) == Some(&b'@') {
                    let vs = self.pos + 1;
                    let mut e = vs;
                    while e < self.s.len() && (ident_char(self.s[e]) || self.s[e] == b'@') {
                        e += 1;
                    }
                    let v = std::str::from_utf8(&self.s[vs..e]).unwrap_or("");
                    var = Variant::parse(v).ok_or((self.pos, format!("invalid variant '{v}'")))?;
                    self.pos = e;
                }
                Ok(Expr::Sym((self.sym)(name), var))
            }
            _ => Err((self.pos, "unknown token in expression".into())),
        }
    }

    fn number(&mut self) -> PResult<Expr> {
        let st = self.pos;
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_alphanumeric() {
            self.pos += 1;
        }
        let t = std::str::from_utf8(&self.s[st..self.pos]).unwrap_or("");
        let lt = t.to_ascii_lowercase();
        let v = if let Some(h) = lt.strip_prefix("0x") {
            u64::from_str_radix(h, 16).ok()
        } else if let Some(b) = lt.strip_prefix("0b") {
            u64::from_str_radix(b, 2).ok()
        } else if let Some(h) = lt.strip_suffix('h') {
            u64::from_str_radix(h, 16).ok()
        } else if lt.len() > 1 && lt.starts_with('0') {
            u64::from_str_radix(&lt[1..], 8).ok()
        } else {
            lt.parse::<u64>().ok()
        };
        match v {
            Some(v) => Ok(Expr::Num(v as i64)),
            None => Err((st, format!("invalid number '{t}'"))),
        }
    }
}

/// Integer arithmetic of two constants.
pub fn fold(op: Bin, a: i64, b: i64) -> Result<i64, &'static str> {
    Ok(match op {
        Bin::Add => a.wrapping_add(b),
        Bin::Sub => a.wrapping_sub(b),
        Bin::Mul => a.wrapping_mul(b),
        Bin::Div => {
            if b == 0 {
                return Err("division by zero");
            }
            a.wrapping_div(b)
        }
        Bin::Rem => {
            if b == 0 {
                return Err("division by zero");
            }
            a.wrapping_rem(b)
        }
        Bin::Shl => a.wrapping_shl(b as u32),
        Bin::Shr => a.wrapping_shr(b as u32),
        Bin::And => a & b,
        Bin::Or => a | b,
        Bin::Xor => a ^ b,
        Bin::LAnd => (a != 0 && b != 0) as i64,
        Bin::LOr => (a != 0 || b != 0) as i64,
        Bin::Eq => -((a == b) as i64),
        Bin::Ne => -((a != b) as i64),
        Bin::Lt => -((a < b) as i64),
        Bin::Gt => -((a > b) as i64),
        Bin::Le => -((a <= b) as i64),
        Bin::Ge => -((a >= b) as i64),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(s: &str) -> i64 {
        eval_const(&Parser::new(s, |_| 0).full().unwrap())
    }

    fn eval_const(e: &Expr) -> i64 {
        match e {
            Expr::Num(n) => *n,
            Expr::Neg(x) => -eval_const(x),
            Expr::Not(x) => !eval_const(x),
            Expr::LNot(x) => (eval_const(x) == 0) as i64,
            Expr::Bin(op, a, b) => fold(*op, eval_const(a), eval_const(b)).unwrap(),
            Expr::Sym(..) => panic!("symbol"),
        }
    }

    #[test]
    fn precedence_and_radix() {
        assert_eq!(num("1+2*3"), 7);
        assert_eq!(num("(1+2)*3"), 9);
        assert_eq!(num("0x10 - 010 - 0b1"), 16 - 8 - 1);
        assert_eq!(num("1 << 4 | 1"), 17);
        assert_eq!(num("-3 + ~0"), -4);
        assert_eq!(num("10 - 2 - 3"), 5);
        assert_eq!(num("2 < 3"), -1);
    }

    #[test]
    fn symbols_and_variants() {
        let mut names = vec![];
        let e = Parser::new("foo@rel32@lo+4", |n| {
            names.push(n.to_string());
            7
        })
        .full()
        .unwrap();
        assert_eq!(
            e,
            Expr::Bin(
                Bin::Add,
                Box::new(Expr::Sym(7, Variant::Rel32Lo)),
                Box::new(Expr::Num(4))
            )
        );
        assert_eq!(names, ["foo"]);
        assert!(Parser::new("foo@bar", |_| 0).full().is_err());
        assert!(Parser::new("1 +", |_| 0).full().is_err());
        // Bounded: deep nesting and long chains are errors, not stack overflows.
        let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
        assert!(Parser::new(&deep, |_| 0).full().is_err());
        let long = "1+".repeat(100_000) + "1";
        assert!(Parser::new(&long, |_| 0).full().is_err());
        let ok = "1+".repeat(500) + "1";
        assert_eq!(eval_const(&Parser::new(&ok, |_| 0).full().unwrap()), 501);
    }
}
