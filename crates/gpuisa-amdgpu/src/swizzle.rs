//! `ds_swizzle_b32`'s offset macros, as llvm-mc reads and llvm-objdump prints them for every
//! generation: `swizzle(QUAD_PERM,a,b,c,d)`, `swizzle(SWAP,n)`, `swizzle(REVERSE,n)`,
//! `swizzle(BROADCAST,size,lane)`, `swizzle(BITMASK_PERM,"01pi0")` (per lane-id bit from bit 4
//! down: `0` clear, `1` set, `p` preserve, `i` invert).

use crate::text::parse_int;

/// The 16-bit offset a `swizzle(...)` text stands for; `None` if it is not one.
pub fn offset(t: &str) -> Option<u32> {
    let body = t.trim().strip_prefix("swizzle(")?.strip_suffix(')')?;
    let p: Vec<&str> = body.split(',').map(str::trim).collect();
    let num = |i: usize, lo: u32, hi: u32| -> Option<u32> {
        let v = parse_int(p.get(i)?)?;
        (i64::from(lo)..=i64::from(hi))
            .contains(&v)
            .then_some(v as u32)
    };
    let args = |n: usize| (p.len() == n + 1).then_some(());
    Some(match *p.first()? {
        "QUAD_PERM" => {
            args(4)?;
            0x8000 | num(1, 0, 3)? | num(2, 0, 3)? << 2 | num(3, 0, 3)? << 4 | num(4, 0, 3)? << 6
        }
        "SWAP" => {
            args(1)?;
            let n = num(1, 1, 16)?;
            n.is_power_of_two().then_some(0x1f | n << 10)?
        }
        "REVERSE" => {
            args(1)?;
            let n = num(1, 2, 32)?;
            n.is_power_of_two().then_some(0x1f | (n - 1) << 10)?
        }
        "BROADCAST" => {
            args(2)?;
            let size = num(1, 2, 32)?;
            if !size.is_power_of_two() {
                return None;
            }
            (0x20 - size) | num(2, 0, size - 1)? << 5
        }
        "BITMASK_PERM" => {
            args(1)?;
            let m = p[1].strip_prefix('"')?.strip_suffix('"')?;
            if m.len() != 5 {
                return None;
            }
            let (mut and, mut or, mut xor) = (0u32, 0u32, 0u32);
            for (i, c) in m.bytes().enumerate() {
                let b = 1u32 << (4 - i);
                match c {
                    b'1' => or |= b,
                    b'p' => and |= b,
                    b'i' => {
                        and |= b;
                        xor |= b
                    }
                    b'0' => {}
                    _ => return None,
                }
            }
            and | or << 5 | xor << 10
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::offset;

    /// Offsets from llvm-mc-19 (`-mcpu=gfx900 -show-encoding`).
    #[test]
    fn macros_as_llvm_mc() {
        assert_eq!(offset("swizzle(BITMASK_PERM,\"1i000\")"), Some(0x2208));
        assert_eq!(offset("swizzle(BITMASK_PERM,\"01pi0\")"), Some(0x0906));
        assert_eq!(offset("swizzle(QUAD_PERM,0,1,2,3)"), Some(0x80e4));
        assert_eq!(offset("swizzle(SWAP,16)"), Some(0x401f));
        assert_eq!(offset("swizzle(REVERSE,8)"), Some(0x1c1f));
        assert_eq!(offset("swizzle(BROADCAST,4,1)"), Some(0x003c));
        assert_eq!(offset("swizzle(SWAP,3)"), None);
        assert_eq!(offset("swizzle(QUAD_PERM,0,1,2)"), None);
        assert_eq!(offset("swizzle(BITMASK_PERM,\"01x00\")"), None);
        assert_eq!(offset("swizzle(NOPE)"), None);
        assert_eq!(offset("12"), None);
    }
}
