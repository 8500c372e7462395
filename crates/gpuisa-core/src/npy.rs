//! NumPy `.npy` files (format 1.0-3.0, little-endian, C order) as raw bytes plus the header
//! facts a kernel argument needs, and the kernel-argument specs (`--arg`) every emulator shares.

/// An array read from a `.npy` file: its element type (`<f4`, `<i4`, `|u1` ...), shape and bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Npy {
    pub descr: String,
    pub shape: Vec<usize>,
    pub data: Vec<u8>,
}

fn dict_value<'a>(header: &'a str, key: &str) -> Option<&'a str> {
    let at = header.find(&format!("'{key}'"))?;
    let rest = header[at + key.len() + 2..]
        .trim_start()
        .strip_prefix(':')?
        .trim_start();
    if let Some(r) = rest.strip_prefix('(') {
        return Some(&r[..r.find(')')?]);
    }
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    Some(rest[..end].trim())
}

/// Bytes per element of a descriptor such as `<f4`.
pub fn item_size(descr: &str) -> Option<usize> {
    descr.get(2..)?.parse().ok()
}

pub fn read(bytes: &[u8]) -> Result<Npy, String> {
    if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" {
        return Err("not a .npy file (no \\x93NUMPY magic)".into());
    }
    let major = bytes[6];
    let (hlen, start) = match major {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10usize),
        2 | 3 => {
            if bytes.len() < 12 {
                return Err(".npy header truncated".into());
            }
            (
                u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize,
                12,
            )
        }
        v => return Err(format!(".npy format version {v} is not supported")),
    };
    let header = bytes
        .get(start..start.saturating_add(hlen))
        .ok_or(".npy header truncated")?;
    let header = std::str::from_utf8(header).map_err(|_| ".npy header is not text")?;
    let descr = dict_value(header, "descr")
        .ok_or(".npy header has no 'descr'")?
        .trim_matches(|c| c == '\'' || c == '"')
        .to_string();
    if descr.starts_with('>') {
        return Err(format!(
            ".npy array is big-endian ({descr}); only little-endian arrays are supported"
        ));
    }
    if dict_value(header, "fortran_order").is_some_and(|v| v.starts_with("True")) {
        return Err(
            ".npy array is in Fortran order; save it in C order (np.ascontiguousarray)".into(),
        );
    }
    let shape_s = dict_value(header, "shape").ok_or(".npy header has no 'shape'")?;
    let shape: Vec<usize> = shape_s
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.trim_end_matches('L')
                .parse::<usize>()
                .map_err(|_| format!("bad .npy shape '{shape_s}'"))
        })
        .collect::<Result<_, _>>()?;
    let isz = item_size(&descr).ok_or_else(|| format!("unsupported .npy dtype '{descr}'"))?;
    let n = shape
        .iter()
        .try_fold(1usize, |a, &b| a.checked_mul(b))
        .ok_or(".npy shape overflows")?;
    let body = &bytes[start + hlen..];
    let len = n.checked_mul(isz).ok_or(".npy size overflows")?;
    if body.len() < len {
        return Err(format!(
            ".npy data truncated: {} bytes, the header says {len}",
            body.len()
        ));
    }
    Ok(Npy {
        descr,
        shape,
        data: body[..len].to_vec(),
    })
}

/// A `.npy` file (format 1.0) holding `data` with the given descriptor and shape.
pub fn write(descr: &str, shape: &[usize], data: &[u8]) -> Vec<u8> {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let shape_s = if dims.len() == 1 {
        format!("({},)", dims[0])
    } else {
        format!("({})", dims.join(", "))
    };
    let mut h = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape_s}, }}");
    while (10 + h.len() + 1) % 64 != 0 {
        h.push(' ');
    }
    h.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(h.len() as u16).to_le_bytes());
    out.extend_from_slice(h.as_bytes());
    out.extend_from_slice(data);
    out
}

/// One `--arg` of `gpuisa run`.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgSpec {
    /// A buffer from a file's bytes.
    File(std::path::PathBuf),
    /// A buffer from a NumPy array (written back as .npy).
    Npy(std::path::PathBuf),
    /// A zero-filled buffer.
    Zeros(u64),
    /// A scalar by value, as little-endian bytes.
    Scalar(Vec<u8>),
    /// OpenCL `__local` pointer: bytes of LDS / shared memory.
    Local(u32),
}

fn num<T: std::str::FromStr>(s: &str, what: &str) -> Result<T, String> {
    s.parse()
        .map_err(|_| format!("'{s}' is not a valid {what}"))
}

fn int(s: &str) -> Result<i128, String> {
    let (neg, t) = match s.strip_prefix('-') {
        Some(t) => (true, t),
        None => (false, s),
    };
    let v = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(h) => i128::from_str_radix(h, 16),
        None => t.parse(),
    }
    .map_err(|_| format!("'{s}' is not an integer"))?;
    Ok(if neg { -v } else { v })
}

/// Parses `file:PATH`, `npy:PATH`, `zeros:BYTES`, `local:BYTES`, `i32:V`, `u32:V`, `i64:V`,
/// `u64:V`, `f32:V`, `f64:V` (also `i16`, `u16`, `i8`, `u8`, `f16` is not accepted).
pub fn parse_arg(spec: &str) -> Result<ArgSpec, String> {
    let Some((kind, v)) = spec.split_once(':') else {
        return Err(format!("argument '{spec}' has no kind: use file:PATH, npy:PATH, zeros:BYTES, local:BYTES, i32:V, u32:V, i64:V, u64:V, f32:V or f64:V"));
    };
    let ranged = |lo: i128, hi: i128, n: usize| -> Result<ArgSpec, String> {
        let x = int(v)?;
        if x < lo || x > hi {
            return Err(format!("{v} does not fit in {kind}"));
        }
        Ok(ArgSpec::Scalar(
            (x as i64 as u64).to_le_bytes()[..n].to_vec(),
        ))
    };
    match kind {
        "file" => Ok(ArgSpec::File(v.into())),
        "npy" => Ok(ArgSpec::Npy(v.into())),
        "zeros" => Ok(ArgSpec::Zeros(
            int(v)?.try_into().map_err(|_| format!("bad size '{v}'"))?,
        )),
        "local" => Ok(ArgSpec::Local(
            int(v)?.try_into().map_err(|_| format!("bad size '{v}'"))?,
        )),
        "i8" => ranged(i8::MIN as i128, i8::MAX as i128, 1),
        "u8" => ranged(0, u8::MAX as i128, 1),
        "i16" => ranged(i16::MIN as i128, i16::MAX as i128, 2),
        "u16" => ranged(0, u16::MAX as i128, 2),
        "i32" => ranged(i32::MIN as i128, i32::MAX as i128, 4),
        "u32" => ranged(0, u32::MAX as i128, 4),
        "i64" => ranged(i64::MIN as i128, i64::MAX as i128, 8),
        "u64" => {
            let x = int(v)?;
            if !(0..=u64::MAX as i128).contains(&x) {
                return Err(format!("{v} does not fit in u64"));
            }
            Ok(ArgSpec::Scalar((x as u64).to_le_bytes().to_vec()))
        }
        "f32" => Ok(ArgSpec::Scalar(
            num::<f32>(v, "f32")?.to_le_bytes().to_vec(),
        )),
        "f64" => Ok(ArgSpec::Scalar(
            num::<f64>(v, "f64")?.to_le_bytes().to_vec(),
        )),
        _ => Err(format!("unknown argument kind '{kind}' in '{spec}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn npy_round_trip() {
        let data: Vec<u8> = (0..24).collect();
        let f = write("<f4", &[2, 3], &data);
        assert_eq!(f.len() % 64, 24 % 64);
        let n = read(&f).unwrap();
        assert_eq!(n.descr, "<f4");
        assert_eq!(n.shape, vec![2, 3]);
        assert_eq!(n.data, data);
        let g = write("<i4", &[6], &data);
        assert_eq!(read(&g).unwrap().shape, vec![6]);
        for k in 0..f.len() - 1 {
            assert!(read(&f[..k]).is_err() || k >= f.len() - 24 + 24);
        }
    }
    #[test]
    fn arg_specs() {
        assert_eq!(
            parse_arg("i32:-2").unwrap(),
            ArgSpec::Scalar(vec![0xfe, 0xff, 0xff, 0xff])
        );
        assert_eq!(
            parse_arg("u32:0x10").unwrap(),
            ArgSpec::Scalar(vec![16, 0, 0, 0])
        );
        assert_eq!(
            parse_arg("f32:1.5").unwrap(),
            ArgSpec::Scalar(1.5f32.to_le_bytes().to_vec())
        );
        assert_eq!(parse_arg("zeros:64").unwrap(), ArgSpec::Zeros(64));
        assert!(parse_arg("i32:3000000000").is_err());
        assert!(parse_arg("u32:-1").is_err());
        assert!(parse_arg("nope").is_err());
        assert!(parse_arg("q:1").is_err());
    }
}
