//! LDS bank conflicts: the LDS has 32 banks of 4 bytes, the bank is address bits 2-6; two lanes
//! conflict when they hit the same bank at different dwords (bits 7 and up differ); lanes reading
//! the same dword share one access (broadcast).
//!
//! Model (docs/timing.md): the 32 banks serve one group of 32 lanes at a time; a group whose
//! busiest bank holds D distinct dwords needs D passes instead of 1, so a conflict of degree D adds
//! D-1 cycles per group and divides the throughput by D (1/32 in the worst case, as the seed says).

use super::TimingError;

/// The result of one DS access by a wave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankReport {
    /// Lanes per group served together (32).
    pub group_lanes: usize,
    /// Per group: the conflict degree (1 = conflict-free).
    pub degrees: Vec<u32>,
    /// The worst degree over the groups.
    pub degree: u32,
    /// Extra cycles over a conflict-free access: sum of (degree - 1) over the groups.
    pub extra_cycles: u32,
    /// Requests of the busiest bank (bank, distinct dwords) of the worst group.
    pub worst_bank: (u32, u32),
    /// Dword accesses a lane makes (access size / 4, at least 1).
    pub dwords_per_lane: u32,
}

pub const BANKS: u32 = 32;

/// The bank of a byte address.
pub fn bank(addr: u64) -> u32 {
    ((addr >> 2) & u64::from(BANKS - 1)) as u32
}

/// Analyses the lane addresses of one DS access of `size` bytes per lane (4, 8, 12 or 16).
pub fn conflicts(addrs: &[u64], size: u32) -> Result<BankReport, TimingError> {
    if addrs.is_empty() {
        return Err(TimingError::new("no lane addresses"));
    }
    if !matches!(size, 1 | 2 | 4 | 8 | 12 | 16) {
        return Err(TimingError::new(format!(
            "an LDS access is 1, 2, 4, 8, 12 or 16 bytes, not {size}"
        )));
    }
    let dw = size.div_ceil(4);
    let group = BANKS as usize;
    let mut degrees = Vec::new();
    let mut worst = (0u32, 0u32);
    for lanes in addrs.chunks(group) {
        // distinct dwords per bank
        let mut per_bank: Vec<Vec<u64>> = vec![Vec::new(); BANKS as usize];
        for &a in lanes {
            for k in 0..u64::from(dw) {
                let d = (a >> 2) + k;
                let b = &mut per_bank[(d & u64::from(BANKS - 1)) as usize];
                if !b.contains(&d) {
                    b.push(d);
                }
            }
        }
        let (bk, deg) = per_bank
            .iter()
            .enumerate()
            .map(|(i, v)| (i as u32, v.len() as u32))
            .max_by_key(|x| (x.1, u32::MAX - x.0))
            .unwrap_or((0, 0));
        if deg > worst.1 {
            worst = (bk, deg);
        }
        degrees.push(deg.max(1));
    }
    let degree = degrees.iter().copied().max().unwrap_or(1);
    Ok(BankReport {
        group_lanes: group,
        extra_cycles: degrees.iter().map(|d| d - 1).sum(),
        degrees,
        degree,
        worst_bank: worst,
        dwords_per_lane: dw,
    })
}

/// Lane addresses `base + lane * stride` for `lanes` lanes.
pub fn strided(base: u64, stride: u64, lanes: usize) -> Vec<u64> {
    (0..lanes as u64)
        .map(|l| base.wrapping_add(l.wrapping_mul(stride)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deg(stride: u64) -> (u32, u32) {
        let r = conflicts(&strided(0, stride, 64), 4).unwrap();
        (r.degree, r.extra_cycles)
    }

    #[test]
    fn strides() {
        assert_eq!(deg(4), (1, 0)); // consecutive dwords: every bank once
        assert_eq!(deg(8), (2, 2)); // 16 banks, two dwords each, in both groups
        assert_eq!(deg(12), (1, 0)); // odd dword stride: a permutation of the banks
        assert_eq!(deg(128), (32, 62)); // every lane in bank 0: worst case, 1/32
        assert_eq!(deg(0), (1, 0)); // all lanes the same dword: broadcast
        assert_eq!(bank(0x7c), 31);
        assert_eq!(bank(0x80), 0);
    }

    #[test]
    fn same_bank_same_dword_is_broadcast() {
        let mut a = strided(0, 4, 32);
        a[1] = 0; // lane 1 reads lane 0's dword: no conflict
        assert_eq!(conflicts(&a, 4).unwrap().degree, 1);
        a[1] = 128; // same bank, another dword: conflict
        let r = conflicts(&a, 4).unwrap();
        assert_eq!((r.degree, r.worst_bank), (2, (0, 2)));
    }

    #[test]
    fn wide_accesses() {
        // 64-bit per lane, consecutive: 32 lanes touch 64 dwords, 2 per bank.
        assert_eq!(conflicts(&strided(0, 8, 64), 8).unwrap().degree, 2);
        assert!(conflicts(&[], 4).is_err());
        assert!(conflicts(&[0], 3).is_err());
    }
}
