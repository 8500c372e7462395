//! Integer arrays in and out of the emulator: inline lists, CSV and NumPy `.npy` files.

use std::path::Path;

/// Reads integers from a CSV file (any mix of commas, whitespace and newlines; `#` comments).
pub fn read_csv(text: &str) -> Result<Vec<i64>, String> {
    let mut out = Vec::new();
    for (ln, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        for (k, tok) in line
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .enumerate()
        {
            let v = tok.parse::<i64>().map_err(|_| {
                format!(
                    "line {}: value {} ('{tok}') is not an integer",
                    ln + 1,
                    k + 1
                )
            })?;
            out.push(v);
        }
    }
    Ok(out)
}

/// Reads a 1-D or N-D integer `.npy` array (C order), flattened.
pub fn read_npy(bytes: &[u8]) -> Result<Vec<i64>, String> {
    if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" {
        return Err("not a .npy file (no \\x93NUMPY magic)".into());
    }
    let major = bytes[6];
    let (hlen, hstart) = match major {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10usize),
        2 | 3 => {
            if bytes.len() < 12 {
                return Err("truncated .npy header".into());
            }
            (
                u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize,
                12,
            )
        }
        v => return Err(format!("unsupported .npy version {v}")),
    };
    let header = bytes
        .get(hstart..hstart.saturating_add(hlen))
        .ok_or("truncated .npy header")?;
    let header = std::str::from_utf8(header).map_err(|_| ".npy header is not text")?;
    let descr = dict_value(header, "descr").ok_or(".npy header has no 'descr'")?;
    let descr = descr.trim_matches(|c| c == '\'' || c == '"');
    if dict_value(header, "fortran_order").is_some_and(|v| v.starts_with("True")) {
        return Err("Fortran-ordered .npy arrays are not supported; save with C order".into());
    }
    let (size, signed) = match descr.trim_start_matches(['<', '|', '=']) {
        "i1" => (1, true),
        "u1" | "b1" => (1, false),
        "i2" => (2, true),
        "u2" => (2, false),
        "i4" => (4, true),
        "u4" => (4, false),
        "i8" => (8, true),
        "u8" => (8, false),
        other => {
            return Err(format!(
                ".npy dtype '{other}' is not an integer type (use int8..int64)"
            ))
        }
    };
    if descr.starts_with('>') && size > 1 {
        return Err("big-endian .npy arrays are not supported".into());
    }
    let data = &bytes[hstart + hlen..];
    if data.len() % size != 0 {
        return Err(".npy data is not a whole number of elements".into());
    }
    Ok(data
        .chunks_exact(size)
        .map(|c| {
            let mut b = [0u8; 8];
            b[..size].copy_from_slice(c);
            let raw = u64::from_le_bytes(b);
            if signed {
                let sh = 64 - 8 * size as u32;
                ((raw << sh) as i64) >> sh
            } else {
                raw as i64
            }
        })
        .collect())
}

fn dict_value<'a>(header: &'a str, key: &str) -> Option<&'a str> {
    let i = header.find(&format!("'{key}'"))?;
    let rest = header[i + key.len() + 2..]
        .trim_start()
        .strip_prefix(':')?
        .trim_start();
    let end = if rest.starts_with('(') {
        rest.find(')')? + 1
    } else {
        rest.find([',', '}']).unwrap_or(rest.len())
    };
    Some(rest[..end].trim())
}

/// Writes a little-endian int16 `.npy` array of the given shape.
pub fn write_npy_i16(values: &[i16], shape: &[usize]) -> Vec<u8> {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let shape_txt = if dims.len() == 1 {
        format!("({},)", dims[0])
    } else {
        format!("({})", dims.join(", "))
    };
    let mut header = format!("{{'descr': '<i2', 'fortran_order': False, 'shape': {shape_txt}, }}");
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

/// Loads a data file by extension (`.csv`, `.npy`, or anything else as CSV text).
pub fn load(path: &Path) -> Result<Vec<i64>, String> {
    let bytes =
        std::fs::read(path).map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
    let r = if path.extension().is_some_and(|e| e == "npy") {
        read_npy(&bytes)
    } else {
        read_csv(&String::from_utf8_lossy(&bytes))
    };
    r.map_err(|e| format!("'{}': {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn npy_round_trip_and_csv() {
        let v = [1i16, -2, 300, -32768];
        let f = write_npy_i16(&v, &[2, 2]);
        assert_eq!(read_npy(&f).unwrap(), vec![1, -2, 300, -32768]);
        assert!(read_npy(b"nope").is_err());
        assert!(read_npy(&f[..12]).is_err());
        assert_eq!(read_csv("1, 2\n3 -4 # c\n").unwrap(), vec![1, 2, 3, -4]);
        assert!(read_csv("1, x").unwrap_err().contains("line 1"));
    }
}
