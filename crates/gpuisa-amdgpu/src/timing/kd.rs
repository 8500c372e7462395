//! Kernel descriptors (`NAME.kd`, 64 bytes, GFX6-GFX9 layout) of AMD code objects: the resources
//! the occupancy calculator needs.

use super::tables::Generation;
use super::TimingError;
use gpuisa_core::elf::{Elf, EM_AMDGPU};

/// What a kernel descriptor says about a kernel's resources.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelDescriptor {
    pub name: String,
    pub lds_bytes: u32,
    pub private_bytes: u32,
    /// Offset of the kernel's code from the descriptor (kernel_code_entry_byte_offset).
    pub code_entry_offset: i64,
    pub compute_pgm_rsrc1: u32,
    pub compute_pgm_rsrc2: u32,
    /// VGPRs allocated: (GRANULATED_WORKITEM_VGPR_COUNT + 1) * 4.
    pub vgprs: u32,
    /// SGPRs allocated: (GRANULATED_WAVEFRONT_SGPR_COUNT + 1) * 8 on GFX6-8; on GFX9 the field
    /// counts blocks of 16 doubled, (field / 2 + 1) * 16.
    pub sgprs: u32,
}

/// The device name LLVM's EF_AMDGPU_MACH value (low byte of e_flags) stands for.
pub fn mach_name(flags: u32) -> Option<&'static str> {
    Some(match flags & 0xff {
        0x20 => "gfx600",
        0x21 => "gfx601",
        0x22 => "gfx700",
        0x23 => "gfx701",
        0x24 => "gfx702",
        0x25 => "gfx703",
        0x26 => "gfx704",
        0x28 => "gfx801",
        0x29 => "gfx802",
        0x2a => "gfx803",
        0x2b => "gfx810",
        0x2c => "gfx900",
        0x2d => "gfx902",
        0x2e => "gfx904",
        0x2f => "gfx906",
        0x3a => "gfx602",
        _ => return None,
    })
}

fn u32_at(d: &[u8], o: usize) -> u32 {
    d.get(o..o + 4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .unwrap_or(0)
}

/// Reads every `.kd` symbol of an AMDGPU code object.
pub fn read_descriptors(data: &[u8], g: Generation) -> Result<Vec<KernelDescriptor>, TimingError> {
    let elf = Elf::parse(data).map_err(|e| TimingError::new(e.to_string()))?;
    if elf.machine != EM_AMDGPU {
        return Err(TimingError::new(format!(
            "not an AMDGPU code object (ELF machine {})",
            elf.machine
        )));
    }
    let syms = elf.symbols().map_err(|e| TimingError::new(e.to_string()))?;
    let mut out = Vec::new();
    for s in syms.iter().filter(|s| s.name.ends_with(".kd")) {
        let sec = elf.sections.get(usize::from(s.shndx)).ok_or_else(|| {
            TimingError::new(format!("{}: bad section index {}", s.name, s.shndx))
        })?;
        let off = s
            .value
            .checked_sub(sec.addr)
            .and_then(|o| usize::try_from(o).ok());
        let kd = off
            .and_then(|o| sec.data.get(o..o.checked_add(64)?))
            .ok_or_else(|| {
                TimingError::new(format!(
                    "{}: the 64-byte descriptor at 0x{:x} lies outside section {}",
                    s.name, s.value, sec.name
                ))
            })?;
        let rsrc1 = u32_at(kd, 48);
        let vgpr_field = rsrc1 & 0x3f;
        let sgpr_field = (rsrc1 >> 6) & 0xf;
        let sgprs = if g == Generation::Gcn14 {
            (sgpr_field / 2 + 1) * 16
        } else {
            (sgpr_field + 1) * 8
        };
        out.push(KernelDescriptor {
            name: s.name.trim_end_matches(".kd").to_string(),
            lds_bytes: u32_at(kd, 0),
            private_bytes: u32_at(kd, 4),
            code_entry_offset: kd
                .get(16..24)
                .map(|b| i64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
                .unwrap_or(0),
            compute_pgm_rsrc1: rsrc1,
            compute_pgm_rsrc2: u32_at(kd, 52),
            vgprs: (vgpr_field + 1) * 4,
            sgprs,
        });
    }
    if out.is_empty() {
        return Err(TimingError::new("the code object has no kernel descriptor (.kd symbol)")
            .with_help("build it with clang -target amdgcn-amd-amdhsa; code object v3+ names each kernel's descriptor NAME.kd"));
    }
    Ok(out)
}

/// Reads a MessagePack unsigned integer at `d[0..]`: (value, bytes used).
fn msgpack_uint(d: &[u8]) -> Option<(u32, usize)> {
    let b = *d.first()?;
    match b {
        0x00..=0x7f => Some((u32::from(b), 1)),
        0xcc => Some((u32::from(*d.get(1)?), 2)),
        0xcd => Some((u32::from(u16::from_be_bytes([*d.get(1)?, *d.get(2)?])), 3)),
        0xce => Some((
            u32::from_be_bytes([*d.get(1)?, *d.get(2)?, *d.get(3)?, *d.get(4)?]),
            5,
        )),
        _ => None,
    }
}

/// Reads a MessagePack string at `d[0..]`.
fn msgpack_str(d: &[u8]) -> Option<&str> {
    let b = *d.first()?;
    let (len, off) = match b {
        0xa0..=0xbf => (usize::from(b & 0x1f), 1),
        0xd9 => (usize::from(*d.get(1)?), 2),
        _ => return None,
    };
    std::str::from_utf8(d.get(off..off + len)?).ok()
}

/// Each kernel's `.max_flat_workgroup_size` from the code object's metadata note (MessagePack,
/// code object v3+): the kernel map's keys are sorted, so the kernel's `.name` follows the key.
pub fn max_workgroup_sizes(data: &[u8]) -> Vec<(String, u32)> {
    let Ok(elf) = Elf::parse(data) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for sec in elf.sections.iter().filter(|s| s.name == ".note") {
        let d = sec.data;
        let key = b"\xb8.max_flat_workgroup_size";
        let mut i = 0;
        while let Some(p) = d
            .get(i..)
            .and_then(|r| r.windows(key.len()).position(|w| w == key))
        {
            let at = i + p + key.len();
            i = at;
            let Some((size, _)) = d.get(at..).and_then(msgpack_uint) else {
                continue;
            };
            let name_key = b"\xa5.name";
            let name = d
                .get(at..)
                .and_then(|r| r.windows(name_key.len()).position(|w| w == name_key))
                .and_then(|q| d.get(at + q + name_key.len()..))
                .and_then(msgpack_str);
            if let Some(n) = name {
                out.push((n.to_string(), size));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GFX900_O: &[u8] = include_bytes!("../../../../examples/timing/reduce-gfx900.o");
    const TAHITI_O: &[u8] = include_bytes!("../../../../examples/timing/reduce-tahiti.o");

    #[test]
    fn reads_clang_descriptors() {
        // clang-19 metadata for gfx900: .vgpr_count 7, .sgpr_count 16, group segment 1024.
        let k = read_descriptors(GFX900_O, Generation::Gcn14).unwrap();
        assert_eq!(k.len(), 1);
        assert_eq!(
            (k[0].name.as_str(), k[0].vgprs, k[0].sgprs, k[0].lds_bytes),
            ("reduce_sum", 8, 16, 1024)
        );
        let e = Elf::parse(GFX900_O).unwrap();
        assert_eq!(mach_name(e.flags), Some("gfx900"));
        let k = read_descriptors(TAHITI_O, Generation::Gcn10).unwrap();
        assert_eq!(k[0].lds_bytes, 1024);
        assert_eq!(
            mach_name(Elf::parse(TAHITI_O).unwrap().flags),
            Some("gfx600")
        );
    }

    #[test]
    fn never_panics_on_damaged_objects() {
        let mut rng = gpuisa_core::rng::Rng::new(7);
        let start = std::time::Instant::now();
        while start.elapsed().as_millis() < 300 {
            let mut d = GFX900_O.to_vec();
            for _ in 0..(rng.next_u64() % 8 + 1) {
                let i = (rng.next_u64() % d.len() as u64) as usize;
                d[i] = rng.next_u64() as u8;
            }
            let cut = (rng.next_u64() % (d.len() as u64 + 1)) as usize;
            let _ = read_descriptors(&d[..cut], Generation::Gcn14);
            let _ = read_descriptors(&d, Generation::Gcn14);
            let _ = max_workgroup_sizes(&d[..cut]);
        }
    }
}
