//! gfx11 MIMG: the vdata and vaddr register counts llvm-mc-19 prints (probed data), for the checks
//! (`check`) and the printer (`print/mem.rs`).

/// The vdata and vaddr register counts llvm prints for a MIMG word (`data/rdna3/mimg_sizes.txt`):
/// llvm falls back to the variant its decoder matched when the size computed from dmask, d16, tfe,
/// dim and a16 has no variant, so the counts are probed data, not arithmetic. None = rejected.
#[allow(clippy::too_many_arguments)]
pub(crate) fn mimg_sizes(
    op: u32,
    dim: u32,
    a16: bool,
    nsa: bool,
    ch: u32,
    d16: bool,
    tfe: bool,
    lwe: bool,
) -> Option<(u32, u32)> {
    use std::collections::HashMap;
    use std::sync::OnceLock;
    type Key = (u8, u8, u8, u8);
    static T: OnceLock<HashMap<Key, [(u8, u8); 32]>> = OnceLock::new();
    let t = T.get_or_init(|| {
        let mut m = HashMap::new();
        for l in include_str!("../../../../data/rdna3/mimg_sizes.txt").lines() {
            if l.starts_with('#') {
                continue;
            }
            let c: Vec<&str> = l.split('\t').collect();
            if c.len() < 6 {
                continue;
            }
            let Ok(op) = u8::from_str_radix(c[0].trim_start_matches("0x"), 16) else {
                continue;
            };
            let mut e = [(0u8, 0u8); 32];
            for (i, x) in c[5].split(' ').take(32).enumerate() {
                let (a, b) = x.split_once('.').unwrap_or(("0", "0"));
                e[i] = (a.parse().unwrap_or(0), b.parse().unwrap_or(0));
            }
            let k = (
                op,
                c[2].parse().unwrap_or(0),
                c[3].parse().unwrap_or(0),
                c[4].parse().unwrap_or(0),
            );
            m.insert(k, e);
        }
        m
    });
    let e = t.get(&(op as u8, dim as u8, a16 as u8, nsa as u8))?;
    let i = ((ch.clamp(1, 4) - 1) * 8 + (d16 as u32) * 4 + (tfe as u32) * 2 + lwe as u32) as usize;
    let (vd, va) = e[i];
    (vd != 0).then_some((vd as u32, va as u32))
}

/// The vdata and vaddr counts of the variant llvm's decoder matches (`data/rdna3/mimg_orig.txt`),
/// from a table by opcode read once.
pub(crate) fn mimg_original(op: u32) -> Option<(u32, u32, u32)> {
    use std::sync::OnceLock;
    static T: OnceLock<Vec<Option<(u32, u32, u32)>>> = OnceLock::new();
    let t = T.get_or_init(|| {
        let mut t = vec![None; 256];
        for l in include_str!("../../../../data/rdna3/mimg_orig.txt").lines() {
            if l.starts_with('#') {
                continue;
            }
            let c: Vec<&str> = l.split('\t').collect();
            if c.len() < 5 {
                continue;
            }
            let Ok(op) = u32::from_str_radix(c[0].trim_start_matches("0x"), 16) else {
                continue;
            };
            let v = (|| Some((c[2].parse().ok()?, c[3].parse().ok()?, c[4].parse().ok()?)))();
            // the first row of an opcode that reads counts, as a search from the top finds it
            if let (Some(e @ None), Some(v)) = (t.get_mut(op as usize), v) {
                *e = Some(v);
            }
        }
        t
    });
    t.get(op as usize).copied().flatten().filter(|x| x.0 > 0)
}
