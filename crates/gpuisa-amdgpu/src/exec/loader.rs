//! Loading a code object for a run: a linked one (`ld.lld -shared` output, ET_DYN) or a
//! relocatable `.o` (ET_REL, whose allocated sections are laid out here and whose relocations
//! are applied here, as a loader would). The result is one memory image at a fixed device
//! address, the kernels' descriptors and the argument lists from the metadata note.

use super::msgpack::{self, Value};
use crate::gcn::codeobj::KernelDescriptor;
use gpuisa_core::elf::Elf;

/// Where the code object's image starts in device memory.
pub const CODE_BASE: u64 = 0x0000_7f00_0000_0000;

const SHF_ALLOC: u64 = 2;
const SHT_RELA: u32 = 4;
const SHT_NOTE: u32 = 7;
const SHT_NOBITS: u32 = 8;
const ET_REL: u16 = 1;
const NT_AMDGPU_METADATA: u32 = 32;

/// One kernel argument as the metadata describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgInfo {
    pub name: String,
    pub offset: u32,
    pub size: u32,
    /// `global_buffer`, `by_value`, `dynamic_shared_pointer`, `hidden_block_count_x`, ...
    pub value_kind: String,
    /// `image`, `sampler` ... address space / type hints, when present.
    pub type_name: String,
}

#[derive(Clone, Debug)]
pub struct Kernel {
    pub name: String,
    pub kd: KernelDescriptor,
    pub args: Vec<ArgInfo>,
    pub kernarg_size: u32,
    pub wave_size: u32,
    /// Code object version from the metadata (`amdhsa.version`), 0 if absent.
    pub version: (u64, u64),
}

pub struct Loaded {
    /// The image bytes, loaded at `CODE_BASE`.
    pub image: Vec<u8>,
    pub kernels: Vec<Kernel>,
    /// EF_AMDGPU_MACH (the processor) from e_flags.
    pub mach: u32,
}

fn u64_at(b: &[u8], o: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(o..o + 8)?.try_into().ok()?))
}
fn u32_at(b: &[u8], o: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(o..o + 4)?.try_into().ok()?))
}

pub fn load(data: &[u8]) -> Result<Loaded, String> {
    let elf = Elf::parse(data).map_err(|e| format!("not a code object: {}", e.0))?;
    if elf.machine != crate::objdump::EM_AMDGPU {
        return Err(format!(
            "not an AMDGPU code object (ELF machine {})",
            elf.machine
        ));
    }
    let rel = elf.kind == ET_REL;
    // Section addresses: as linked, or laid out here (256-byte aligned, in file order).
    let mut addr = vec![0u64; elf.sections.len()];
    let mut end = 0u64;
    for s in &elf.sections {
        if s.flags & SHF_ALLOC == 0 {
            continue;
        }
        if rel {
            let a = end.div_ceil(256) * 256;
            addr[s.index] = a;
            end = a + s.size;
        } else {
            addr[s.index] = s.addr;
            end = end.max(s.addr.saturating_add(s.size));
        }
    }
    // Code objects are small; a larger extent is a damaged header (or a huge .bss).
    if end > 64 << 20 {
        return Err(format!("code object image of {end} bytes: more than the 64 MiB the loader takes (damaged section headers?)"));
    }
    let mut image = vec![0u8; end as usize];
    for s in &elf.sections {
        if s.flags & SHF_ALLOC != 0 && s.kind != SHT_NOBITS {
            let a = addr[s.index] as usize;
            if let Some(d) = image.get_mut(a..a + s.data.len()) {
                d.copy_from_slice(s.data);
            }
        }
    }
    let syms = elf.symbols().unwrap_or_default();
    let sym_addr = |i: usize| -> Result<u64, String> {
        let s = syms
            .get(i)
            .ok_or_else(|| format!("relocation names symbol {i}, which does not exist"))?;
        if s.shndx == 0 {
            if s.bind == 2 {
                return Ok(0); // weak undefined
            }
            return Err(format!("undefined symbol '{}'", s.name));
        }
        if s.shndx >= 0xff00 {
            return Ok(s.value);
        }
        Ok(CODE_BASE
            + if rel {
                addr.get(s.shndx as usize).copied().unwrap_or(0) + s.value
            } else {
                s.value
            })
    };
    // Relocations.
    for rs in elf.sections.iter().filter(|s| s.kind == SHT_RELA) {
        let target = rs.info as usize;
        let dynamic = !rel;
        let tbase = if rel {
            match elf.sections.get(target) {
                Some(t) if t.flags & SHF_ALLOC != 0 => addr[target],
                _ => continue,
            }
        } else {
            0
        };
        for e in rs.data.chunks_exact(24) {
            let off = u64_at(e, 0).unwrap_or(0);
            let info = u64_at(e, 8).unwrap_or(0);
            let addend = u64_at(e, 16).unwrap_or(0) as i64;
            let (sym, ty) = ((info >> 32) as usize, info as u32);
            let place = tbase + off;
            let p = CODE_BASE + place;
            let s = if dynamic && sym == 0 {
                0
            } else {
                sym_addr(sym)?
            };
            let a = s.wrapping_add(addend as u64);
            let (val, n): (u64, usize) = match ty {
                0 => continue,
                1 => (a & 0xffff_ffff, 4), // R_AMDGPU_ABS32_LO
                2 => (a >> 32, 4),         // R_AMDGPU_ABS32_HI
                3 => (a, 8),               // R_AMDGPU_ABS64
                4 | 10 => (a.wrapping_sub(p) & 0xffff_ffff, 4), // REL32, REL32_LO
                5 => (a.wrapping_sub(p), 8), // REL64
                6 => (a & 0xffff_ffff, 4), // ABS32
                11 => (a.wrapping_sub(p) >> 32, 4), // REL32_HI
                13 => (CODE_BASE.wrapping_add(addend as u64), 8), // RELATIVE64
                _ => {
                    return Err(format!(
                        "unsupported relocation type {ty} at offset {off:#x}"
                    ))
                }
            };
            let at = place as usize;
            match image.get_mut(at..at + n) {
                Some(d) => d.copy_from_slice(&val.to_le_bytes()[..n]),
                None => return Err(format!("relocation at {place:#x} outside the image")),
            }
        }
    }
    // Metadata.
    let mut meta = None;
    for s in elf.sections.iter().filter(|s| s.kind == SHT_NOTE) {
        let d = s.data;
        let mut o = 0usize;
        while o + 12 <= d.len() {
            let (nsz, dsz, ty) = (
                u32_at(d, o).unwrap_or(0) as usize,
                u32_at(d, o + 4).unwrap_or(0) as usize,
                u32_at(d, o + 8).unwrap_or(0),
            );
            let name_at = o + 12;
            let desc_at = name_at + nsz.div_ceil(4) * 4;
            let next = desc_at.saturating_add(dsz.div_ceil(4) * 4);
            if next > d.len() {
                break;
            }
            if ty == NT_AMDGPU_METADATA
                && d.get(name_at..name_at + nsz)
                    .is_some_and(|n| n.starts_with(b"AMDGPU"))
            {
                meta = msgpack::parse(&d[desc_at..desc_at + dsz]);
            }
            o = next;
        }
    }
    let version = meta
        .as_ref()
        .and_then(|m| m.get("amdhsa.version"))
        .and_then(Value::as_array)
        .map(|v| {
            (
                v.first().and_then(Value::as_u64).unwrap_or(0),
                v.get(1).and_then(Value::as_u64).unwrap_or(0),
            )
        })
        .unwrap_or((0, 0));
    let mut kernels = Vec::new();
    for s in syms
        .iter()
        .filter(|s| s.kind == 1 && s.name.ends_with(".kd") && s.shndx != 0 && s.shndx < 0xff00)
    {
        let kd_addr = if rel {
            addr.get(s.shndx as usize).copied().unwrap_or(0) + s.value
        } else {
            s.value
        };
        let Some(b) = image.get(kd_addr as usize..kd_addr as usize + 64) else {
            continue;
        };
        let name = s.name.trim_end_matches(".kd").to_string();
        let Some(kd) = KernelDescriptor::parse(&name, CODE_BASE + kd_addr, b) else {
            continue;
        };
        let km = meta
            .as_ref()
            .and_then(|m| m.get("amdhsa.kernels"))
            .and_then(Value::as_array)
            .and_then(|ks| {
                ks.iter()
                    .find(|k| k.get(".name").and_then(Value::as_str) == Some(&name))
            });
        let mut args = Vec::new();
        if let Some(list) = km.and_then(|k| k.get(".args")).and_then(Value::as_array) {
            for a in list {
                args.push(ArgInfo {
                    name: a
                        .get(".name")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_string(),
                    offset: a.get(".offset").and_then(Value::as_u64).unwrap_or(0) as u32,
                    size: a.get(".size").and_then(Value::as_u64).unwrap_or(0) as u32,
                    value_kind: a
                        .get(".value_kind")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_string(),
                    type_name: a
                        .get(".type_name")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_string(),
                });
            }
        }
        let kernarg_size = km
            .and_then(|k| k.get(".kernarg_segment_size"))
            .and_then(Value::as_u64)
            .map(|v| v as u32)
            .unwrap_or(kd.kernarg_size);
        let wave_size = km
            .and_then(|k| k.get(".wavefront_size"))
            .and_then(Value::as_u64)
            .map(|v| v as u32)
            .unwrap_or(kd.wave_size());
        kernels.push(Kernel {
            name,
            kd,
            args,
            kernarg_size,
            wave_size,
            version,
        });
    }
    Ok(Loaded {
        image,
        kernels,
        mach: elf.flags & 0xff,
    })
}
