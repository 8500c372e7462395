//! A small, bounds-checked reader for 64-bit little-endian ELF files: AMD code objects
//! (`EM_AMDGPU`) and NVIDIA cubins (`EM_CUDA`). It never panics: every out-of-range offset, size or
//! index is an [`ElfError`].

use std::fmt;

pub const EM_CUDA: u16 = 190;
pub const EM_AMDGPU: u16 = 224;

// Section types and flags (the reader's, and the AMD assembler's object writer's).
pub const SHT_PROGBITS: u32 = 1;
pub const SHT_SYMTAB: u32 = 2;
pub const SHT_STRTAB: u32 = 3;
pub const SHT_RELA: u32 = 4;
pub const SHT_NOTE: u32 = 7;
pub const SHT_NOBITS: u32 = 8;
pub const SHT_LLVM_ADDRSIG: u32 = 0x6fff_4c03;
pub const SHF_WRITE: u64 = 1;
pub const SHF_ALLOC: u64 = 2;
pub const SHF_EXECINSTR: u64 = 4;
pub const SHF_MERGE: u64 = 0x10;
pub const SHF_STRINGS: u64 = 0x20;
pub const SHF_INFO_LINK: u64 = 0x40;
pub const SHF_EXCLUDE: u64 = 0x8000_0000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElfError(pub String);

impl fmt::Display for ElfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "malformed ELF: {}", self.0)
    }
}

impl std::error::Error for ElfError {}

fn err<T>(m: impl Into<String>) -> Result<T, ElfError> {
    Err(ElfError(m.into()))
}

/// True if `data` starts with the ELF magic.
pub fn is_elf(data: &[u8]) -> bool {
    data.len() >= 4 && &data[..4] == b"\x7fELF"
}

#[derive(Clone, Debug)]
pub struct Section<'a> {
    pub index: usize,
    pub name: &'a str,
    pub kind: u32,
    pub flags: u64,
    pub addr: u64,
    pub offset: u64,
    pub size: u64,
    pub link: u32,
    pub info: u32,
    pub entsize: u64,
    /// The file bytes of the section (empty for `SHT_NOBITS`).
    pub data: &'a [u8],
}

#[derive(Clone, Debug)]
pub struct Symbol<'a> {
    pub name: &'a str,
    pub value: u64,
    pub size: u64,
    /// Low 4 bits of st_info: 0 NOTYPE, 1 OBJECT, 2 FUNC, 3 SECTION, 4 FILE.
    pub kind: u8,
    /// High 4 bits of st_info: 0 LOCAL, 1 GLOBAL, 2 WEAK.
    pub bind: u8,
    pub other: u8,
    pub shndx: u16,
}

/// A parsed ELF64 little-endian file borrowing its bytes.
#[derive(Clone, Debug)]
pub struct Elf<'a> {
    pub data: &'a [u8],
    pub machine: u16,
    pub kind: u16,
    pub flags: u32,
    pub os_abi: u8,
    pub abi_version: u8,
    pub entry: u64,
    pub sections: Vec<Section<'a>>,
}

fn u16_at(d: &[u8], o: usize) -> Result<u16, ElfError> {
    d.get(o..o + 2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
        .ok_or_else(|| ElfError(format!("truncated at 0x{o:x}")))
}
fn u32_at(d: &[u8], o: usize) -> Result<u32, ElfError> {
    d.get(o..o + 4)
        .map(|b| u32::from_le_bytes(b.try_into().unwrap_or([0; 4])))
        .ok_or_else(|| ElfError(format!("truncated at 0x{o:x}")))
}
fn u64_at(d: &[u8], o: usize) -> Result<u64, ElfError> {
    d.get(o..o + 8)
        .map(|b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
        .ok_or_else(|| ElfError(format!("truncated at 0x{o:x}")))
}

fn slice(d: &[u8], off: u64, size: u64) -> Result<&[u8], ElfError> {
    let end = off
        .checked_add(size)
        .ok_or_else(|| ElfError("offset overflow".into()))?;
    if end > d.len() as u64 {
        return err(format!(
            "range 0x{off:x}+0x{size:x} lies past the end of the file (0x{:x})",
            d.len()
        ));
    }
    Ok(&d[off as usize..end as usize])
}

fn cstr(d: &[u8], off: usize) -> &str {
    match d.get(off..) {
        Some(rest) => {
            let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
            std::str::from_utf8(&rest[..end]).unwrap_or("<non-utf8>")
        }
        None => "",
    }
}

impl<'a> Elf<'a> {
    pub fn parse(data: &'a [u8]) -> Result<Self, ElfError> {
        if !is_elf(data) {
            return err("no ELF magic");
        }
        if data.len() < 64 {
            return err("file shorter than an ELF64 header");
        }
        if data[4] != 2 {
            return err("not a 64-bit ELF (EI_CLASS != ELFCLASS64)");
        }
        if data[5] != 1 {
            return err("not little-endian (EI_DATA != ELFDATA2LSB)");
        }
        let kind = u16_at(data, 16)?;
        let machine = u16_at(data, 18)?;
        let entry = u64_at(data, 24)?;
        let shoff = u64_at(data, 40)?;
        let flags = u32_at(data, 48)?;
        let shentsize = u16_at(data, 58)? as u64;
        let shnum = u16_at(data, 60)? as u64;
        let shstrndx = u16_at(data, 62)? as usize;
        let mut raw = Vec::new();
        if shnum > 0 {
            if shentsize < 64 {
                return err(format!("section header size {shentsize} < 64"));
            }
            let table = slice(data, shoff, shentsize.saturating_mul(shnum))?;
            for i in 0..shnum as usize {
                let b = i * shentsize as usize;
                raw.push((
                    u32_at(table, b)?,
                    u32_at(table, b + 4)?,
                    u64_at(table, b + 8)?,
                    u64_at(table, b + 16)?,
                    u64_at(table, b + 24)?,
                    u64_at(table, b + 32)?,
                    u32_at(table, b + 40)?,
                    u32_at(table, b + 44)?,
                    u64_at(table, b + 56)?,
                ));
            }
        }
        let strtab: &[u8] = match raw.get(shstrndx) {
            Some(s) if s.1 != SHT_NOBITS => slice(data, s.4, s.5)?,
            _ => &[],
        };
        let mut sections = Vec::with_capacity(raw.len());
        for (index, (name, kind, flags, addr, offset, size, link, info, entsize)) in
            raw.into_iter().enumerate()
        {
            let bytes = if kind == SHT_NOBITS || kind == 0 {
                &[][..]
            } else {
                slice(data, offset, size)?
            };
            sections.push(Section {
                index,
                name: cstr(strtab, name as usize),
                kind,
                flags,
                addr,
                offset,
                size,
                link,
                info,
                entsize,
                data: bytes,
            });
        }
        Ok(Elf {
            data,
            machine,
            kind,
            flags,
            os_abi: data[7],
            abi_version: data[8],
            entry,
            sections,
        })
    }

    /// The header fields of an ELF64 little-endian file whose sections cannot be read (a
    /// damaged or cut file): machine, type, flags and entry, with no sections. `None` when the
    /// machine field itself is out of reach (or this is no ELF64 LE file). Lets a damaged
    /// file still name its target, which then reports what is wrong with it.
    pub fn header(data: &'a [u8]) -> Option<Self> {
        if !is_elf(data) || data.get(4) != Some(&2) || data.get(5) != Some(&1) {
            return None;
        }
        Some(Elf {
            data,
            machine: u16_at(data, 18).ok()?,
            kind: u16_at(data, 16).ok()?,
            flags: u32_at(data, 48).unwrap_or(0),
            os_abi: data[7],
            abi_version: data[8],
            entry: u64_at(data, 24).unwrap_or(0),
            sections: Vec::new(),
        })
    }

    pub fn section(&self, name: &str) -> Option<&Section<'a>> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// All symbols of the first `SHT_SYMTAB` section (empty if there is none).
    pub fn symbols(&self) -> Result<Vec<Symbol<'a>>, ElfError> {
        let Some(tab) = self.sections.iter().find(|s| s.kind == SHT_SYMTAB) else {
            return Ok(Vec::new());
        };
        let strtab = self
            .sections
            .get(tab.link as usize)
            .map_or(&[][..], |s| s.data);
        let ent = if tab.entsize == 0 {
            24
        } else {
            tab.entsize as usize
        };
        if ent < 24 {
            return err(format!("symbol entry size {ent} < 24"));
        }
        let mut out = Vec::with_capacity(tab.data.len() / ent);
        for chunk in tab.data.chunks_exact(ent) {
            let info = chunk[4];
            out.push(Symbol {
                name: cstr(strtab, u32_at(chunk, 0)? as usize),
                kind: info & 0xf,
                bind: info >> 4,
                other: chunk[5],
                shndx: u16_at(chunk, 6)?,
                value: u64_at(chunk, 8)?,
                size: u64_at(chunk, 16)?,
            });
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Builds a minimal ELF64 with a .text section, a .strtab, a .symtab with one symbol.
    pub(crate) fn tiny_elf() -> Vec<u8> {
        let shstr = b"\0.text\0.shstrtab\0.symtab\0.strtab\0";
        let strtab = b"\0main\0";
        let text = [0x11u8, 0x22, 0x33, 0x44];
        let mut sym = vec![0u8; 24];
        let mut s1 = vec![0u8; 24];
        s1[0] = 1; // name "main"
        s1[4] = 0x12; // GLOBAL FUNC
        s1[6] = 1; // shndx .text
        s1[16] = 4; // size
        sym.extend_from_slice(&s1);
        let mut f = vec![0u8; 64];
        f[..4].copy_from_slice(b"\x7fELF");
        f[4] = 2;
        f[5] = 1;
        f[6] = 1;
        f[18..20].copy_from_slice(&EM_AMDGPU.to_le_bytes());
        let text_off = f.len();
        f.extend_from_slice(&text);
        let shstr_off = f.len();
        f.extend_from_slice(shstr);
        let sym_off = f.len();
        f.extend_from_slice(&sym);
        let str_off = f.len();
        f.extend_from_slice(strtab);
        let shoff = f.len();
        let sh = |name: u32, kind: u32, off: usize, size: usize, link: u32, ent: u64| {
            let mut h = vec![0u8; 64];
            h[0..4].copy_from_slice(&name.to_le_bytes());
            h[4..8].copy_from_slice(&kind.to_le_bytes());
            h[24..32].copy_from_slice(&(off as u64).to_le_bytes());
            h[32..40].copy_from_slice(&(size as u64).to_le_bytes());
            h[40..44].copy_from_slice(&link.to_le_bytes());
            h[56..64].copy_from_slice(&ent.to_le_bytes());
            h
        };
        let mut headers = sh(0, 0, 0, 0, 0, 0);
        headers.extend(sh(1, 1, text_off, 4, 0, 0));
        headers.extend(sh(7, 3, shstr_off, shstr.len(), 0, 0));
        headers.extend(sh(17, SHT_SYMTAB, sym_off, sym.len(), 4, 24));
        headers.extend(sh(25, 3, str_off, strtab.len(), 0, 0));
        f.extend_from_slice(&headers);
        f[40..48].copy_from_slice(&(shoff as u64).to_le_bytes());
        f[58..60].copy_from_slice(&64u16.to_le_bytes());
        f[60..62].copy_from_slice(&5u16.to_le_bytes());
        f[62..64].copy_from_slice(&2u16.to_le_bytes());
        f
    }

    #[test]
    fn reads_sections_and_symbols() {
        let f = tiny_elf();
        let e = Elf::parse(&f).unwrap();
        assert_eq!(e.machine, EM_AMDGPU);
        assert_eq!(e.section(".text").unwrap().data, [0x11, 0x22, 0x33, 0x44]);
        let syms = e.symbols().unwrap();
        assert_eq!(syms[1].name, "main");
        assert_eq!((syms[1].kind, syms[1].bind, syms[1].size), (2, 1, 4));
    }

    #[test]
    fn never_panics_on_corruption() {
        let f = tiny_elf();
        let mut rng = Rng::new(1);
        for i in 0..20_000 {
            let mut g = f.clone();
            let n = 1 + rng.below(6);
            for _ in 0..n {
                let at = rng.below(g.len() as u64) as usize;
                g[at] = rng.next_u32() as u8;
            }
            if i % 7 == 0 {
                g.truncate(rng.below(g.len() as u64) as usize);
            }
            if let Ok(e) = Elf::parse(&g) {
                let _ = e.symbols();
            }
        }
    }
}
