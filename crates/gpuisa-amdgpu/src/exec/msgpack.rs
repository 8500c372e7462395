//! A MessagePack reader for the code object's metadata note (`NT_AMDGPU_METADATA`): the
//! kernels, their arguments and hidden arguments. Total: malformed input is `None`, never a panic.

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Nil,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Bin(Vec<u8>),
    Array(Vec<Value>),
    Map(Vec<(Value, Value)>),
}

impl Value {
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Map(m) => m
                .iter()
                .find(|(k, _)| matches!(k, Value::Str(s) if s == key))
                .map(|(_, v)| v),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Value::Int(i) if *i >= 0 => Some(*i as u64),
            _ => None,
        }
    }
    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }
}

/// Parses one value from the start of `b`.
pub fn parse(b: &[u8]) -> Option<Value> {
    let mut r = Reader { b, at: 0, depth: 0 };
    r.value()
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
    depth: u32,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let s = self.b.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }
    fn uint(&mut self, n: usize) -> Option<u64> {
        Some(self.take(n)?.iter().fold(0u64, |a, &x| (a << 8) | x as u64))
    }
    fn str(&mut self, n: usize) -> Option<Value> {
        Some(Value::Str(
            String::from_utf8_lossy(self.take(n)?).into_owned(),
        ))
    }
    fn array(&mut self, n: usize) -> Option<Value> {
        // Each element takes at least one byte: a count past the input is malformed.
        if n > self.b.len() {
            return None;
        }
        let mut v = Vec::with_capacity(n);
        for _ in 0..n {
            v.push(self.value()?);
        }
        Some(Value::Array(v))
    }
    fn map(&mut self, n: usize) -> Option<Value> {
        if n > self.b.len() {
            return None;
        }
        let mut v = Vec::with_capacity(n);
        for _ in 0..n {
            let k = self.value()?;
            v.push((k, self.value()?));
        }
        Some(Value::Map(v))
    }
    fn value(&mut self) -> Option<Value> {
        self.depth += 1;
        if self.depth > 64 {
            return None;
        }
        let t = *self.take(1)?.first()?;
        let v = match t {
            0x00..=0x7f => Value::Int(t as i64),
            0x80..=0x8f => self.map((t & 0xf) as usize)?,
            0x90..=0x9f => self.array((t & 0xf) as usize)?,
            0xa0..=0xbf => self.str((t & 0x1f) as usize)?,
            0xc0 => Value::Nil,
            0xc2 => Value::Bool(false),
            0xc3 => Value::Bool(true),
            0xc4 | 0xc5 | 0xc6 => {
                let n = self.uint(1 << (t - 0xc4))? as usize;
                Value::Bin(self.take(n)?.to_vec())
            }
            0xca => Value::Float(f32::from_bits(self.uint(4)? as u32) as f64),
            0xcb => Value::Float(f64::from_bits(self.uint(8)?)),
            0xcc..=0xcf => Value::Int(self.uint(1 << (t - 0xcc))? as i64),
            0xd0 => Value::Int(self.uint(1)? as u8 as i8 as i64),
            0xd1 => Value::Int(self.uint(2)? as u16 as i16 as i64),
            0xd2 => Value::Int(self.uint(4)? as u32 as i32 as i64),
            0xd3 => Value::Int(self.uint(8)? as i64),
            0xd9..=0xdb => {
                let n = self.uint(1 << (t - 0xd9))? as usize;
                self.str(n)?
            }
            0xdc | 0xdd => {
                let n = self.uint(2 << (t - 0xdc))? as usize;
                self.array(n)?
            }
            0xde | 0xdf => {
                let n = self.uint(2 << (t - 0xde))? as usize;
                self.map(n)?
            }
            0xe0..=0xff => Value::Int(t as i8 as i64),
            _ => return None,
        };
        self.depth -= 1;
        Some(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn values() {
        // {"a": [1, -1, "xy"], "b": 300}
        let b = [
            0x82, 0xa1, b'a', 0x93, 0x01, 0xff, 0xa2, b'x', b'y', 0xa1, b'b', 0xcd, 0x01, 0x2c,
        ];
        let v = parse(&b).unwrap();
        let a = v.get("a").unwrap().as_array().unwrap();
        assert_eq!(a[0], Value::Int(1));
        assert_eq!(a[1], Value::Int(-1));
        assert_eq!(a[2].as_str(), Some("xy"));
        assert_eq!(v.get("b").unwrap().as_u64(), Some(300));
        // Truncated and hostile inputs.
        for n in 0..b.len() {
            assert!(parse(&b[..n]).is_none());
        }
        assert!(parse(&[0xdd, 0xff, 0xff, 0xff, 0xff]).is_none());
        assert!(parse(&[0x91; 200]).is_none());
    }
}
