//! gfx11 MIMG: register counts as llvm-mc-19 prints them (probed data) and the printer.

use super::*;

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
        for l in include_str!("../../../../../data/rdna3/mimg_sizes.txt").lines() {
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
        for l in include_str!("../../../../../data/rdna3/mimg_orig.txt").lines() {
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

/// MIMG: `image_* vdata, vaddr|[v, v, ...], srsrc[, ssamp] dmask:.. dim:.. flags`.
pub(crate) fn mimg<O: Sink + ?Sized>(w: &[u32; 4], n: usize, wave64: bool, out: &mut O) -> Res {
    if n < 2 {
        return Err(());
    }
    let (w0, w1) = (w[0], w[1]);
    use f::mimg as m;
    let op = m::op(G11, w);
    let r = row(OEnc::Mimg, op).ok_or(())?;
    let ok = &r.ok[wave64 as usize];
    if w0 & !ok[0] & !0x3 != 0 || w1 & 0x8380_0000 & !ok[1] != 0 {
        return Err(());
    }
    // NSA (bit 0): the addresses are listed in one extra dword (the fifth is a range if more)
    // without a sampler operand the ssamp field must be zero
    if r.reg("ssamp").is_none() && m::ssamp(G11, w) != 0 {
        return Err(());
    }
    let nsa = m::nsa(G11, w) as usize;
    if n < 2 + nsa {
        return Err(());
    }
    let (dmask, dim, a16, d16) = (
        m::dmask(G11, w),
        m::dim(G11, w),
        m::a16(G11, w) != 0,
        m::d16(G11, w) != 0,
    );
    let (tfe, lwe) = (m::tfe(G11, w) != 0, m::lwe(G11, w) != 0);
    let (mut vdata_n, mut naddr) =
        mimg_sizes(op, dim, a16, nsa == 1, dmask.count_ones(), d16, tfe, lwe).ok_or(())?;
    // llvm first decodes the variant its table matched (its registers must exist), then resizes
    // it; a resized range past v255 keeps the matched variant
    let (vdata_r, vaddr_r) = (m::vdata(G11, w), m::vaddr(G11, w));
    let (vd0, va0, na0) = mimg_original(op).ok_or(())?;
    if vdata_r + vd0 > 256 || (nsa == 0 && vaddr_r + va0 > 256) {
        return Err(());
    }
    let last_nsa_overflow = nsa == 1 && naddr > 5 && ((w[2] >> 24) & 0xff) + naddr - 4 > 256;
    if vdata_r + vdata_n > 256 || (nsa == 0 && vaddr_r + naddr > 256) || last_nsa_overflow {
        vdata_n = vd0;
        naddr = if nsa == 0 { va0 } else { na0 };
    }
    let start = out.len();
    out.push_str(r.mnemonic);
    // llvm's NSA sampler mnemonics carry a second space
    if nsa > 0 && r.reg("ssamp").is_some() {
        out.push(' ');
    }
    let mut first = true;
    for o in r.ops.iter() {
        out.push_str(if first { " " } else { ", " });
        first = false;
        let ok = match *o {
            OOp::Reg("vdata", _, _, _) => vreg(out, vdata_r, vdata_n),
            OOp::Reg("vaddr", _, _, _) => {
                if nsa == 0 {
                    vreg(out, vaddr_r, naddr)
                } else {
                    let entries = naddr.min(5) as usize;
                    out.push('[');
                    let mut good = true;
                    for i in 0..entries {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        let v = if i == 0 {
                            vaddr_r
                        } else {
                            (w[2] >> (8 * (i - 1))) & 0xff
                        };
                        let cnt = if i == 4 { naddr - 4 } else { 1 };
                        good &= vreg(out, v, cnt);
                    }
                    out.push(']');
                    good
                }
            }
            OOp::Reg("srsrc", a, b, _) => {
                write_sreg(out, m::srsrc(G11, w) * 4, n_of((a, b), wave64))
            }
            OOp::Reg("ssamp", a, b, _) => {
                write_sreg(out, m::ssamp(G11, w) * 4, n_of((a, b), wave64))
            }
            OOp::Text(a, b) => {
                out.push_str(if wave64 { b } else { a });
                true
            }
            _ => false,
        };
        if !ok {
            out.truncate(start);
            return Err(());
        }
    }
    if dmask != 0 {
        let _ = write!(out, " dmask:0x{dmask:x}");
    }
    const DIMS: [&str; 8] = [
        "1D",
        "2D",
        "3D",
        "CUBE",
        "1D_ARRAY",
        "2D_ARRAY",
        "2D_MSAA",
        "2D_MSAA_ARRAY",
    ];
    let _ = write!(out, " dim:SQ_RSRC_IMG_{}", DIMS[dim as usize]);
    for (bit, word, name) in [
        (7, 0, " unorm"),
        (14, 0, " glc"),
        (12, 0, " slc"),
        (13, 0, " dlc"),
        (15, 0, " r128"),
        (16, 0, " a16"),
        (21, 1, " tfe"),
        (22, 1, " lwe"),
        (17, 0, " d16"),
    ] {
        if w[word] >> bit & 1 != 0 {
            out.push_str(name);
        }
    }
    Ok(Decoded {
        len: (2 + nsa) as u8,
        class: "MIMG",
    })
}
