//! The ELF64 relocatable object writer (EM_AMDGPU), laid out as llvm-mc lays it out: the string
//! table first, each section followed by its `.rela` section, the symbol table last (section
//! symbols, then the other local symbols, then the global and weak ones).

pub use gpuisa_core::elf::{
    EM_AMDGPU, SHF_ALLOC, SHF_EXCLUDE, SHF_EXECINSTR, SHF_INFO_LINK, SHF_MERGE, SHF_STRINGS,
    SHF_WRITE, SHT_LLVM_ADDRSIG, SHT_NOBITS, SHT_NOTE, SHT_PROGBITS, SHT_RELA, SHT_STRTAB,
    SHT_SYMTAB,
};

/// One section's contents for the writer.
pub struct OutSection {
    pub name: String,
    pub ty: u32,
    pub flags: u64,
    pub align: u64,
    pub entsize: u64,
    pub data: Vec<u8>,
    /// For SHT_NOBITS: the size (no bytes in the file).
    pub size: u64,
    /// (offset, type, index into `OutObject::syms`, addend).
    pub relocs: Vec<(u64, u32, usize, i64)>,
}

/// A symbol for the writer; `shndx` is an index into `OutObject::sections` (plus one) or 0 for
/// undefined, `0xfff1` for absolute.
pub struct OutSym {
    pub name: String,
    pub value: u64,
    pub size: u64,
    /// st_info: binding << 4 | type.
    pub info: u8,
    pub other: u8,
    /// `None`: undefined; `Some(Abs)`; `Some(Sec(i))`.
    pub shndx: SymSec,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum SymSec {
    Undef,
    Abs,
    Sec(usize),
}

pub struct OutObject {
    pub e_flags: u32,
    pub abi_version: u8,
    pub sections: Vec<OutSection>,
    /// Local symbols first (the writer does not reorder), then global ones.
    pub syms: Vec<OutSym>,
    pub first_global: usize,
    /// Indices (into `syms`) listed in `.llvm_addrsig` when it is present.
    pub addrsig: Option<Vec<usize>>,
}

fn align_to(v: usize, a: usize) -> usize {
    if a <= 1 {
        v
    } else {
        v.div_ceil(a) * a
    }
}

struct Shdr {
    name: u32,
    ty: u32,
    flags: u64,
    off: u64,
    size: u64,
    link: u32,
    info: u32,
    align: u64,
    entsize: u64,
}

pub fn write(o: &OutObject) -> Vec<u8> {
    // One string table for section and symbol names, laid out as LLVM's StringTableBuilder
    // does: the names sorted by their reversed bytes, greatest first, a name that ends the one
    // before it sharing its bytes (`.rodata` inside `.rela.rodata`).
    let mut names: Vec<String> = vec![".strtab".into(), ".symtab".into()];
    for s in &o.sections {
        names.push(s.name.clone());
        if !s.relocs.is_empty() {
            names.push(format!(".rela{}", s.name));
        }
    }
    if o.addrsig.is_some() {
        names.push(".llvm_addrsig".into());
    }
    names.extend(o.syms.iter().map(|s| s.name.clone()));
    names.retain(|n| !n.is_empty());
    names.sort_by(|a, b| b.bytes().rev().cmp(a.bytes().rev()));
    names.dedup();
    let mut strtab = vec![0u8];
    let mut offsets: std::collections::HashMap<&str, u32> = std::collections::HashMap::new();
    let mut prev: &str = "";
    for n in &names {
        if prev.ends_with(n.as_str()) {
            offsets.insert(n, (strtab.len() - n.len() - 1) as u32);
            continue;
        }
        offsets.insert(n, strtab.len() as u32);
        strtab.extend_from_slice(n.as_bytes());
        strtab.push(0);
        prev = n;
    }
    let add_str = |s: &str, _: &mut Vec<u8>| -> u32 { offsets.get(s).copied().unwrap_or(0) };
    // Section indices: 0 null, 1 .strtab, then each section and its .rela, then addrsig, symtab.
    let mut index_of = Vec::with_capacity(o.sections.len());
    let mut n = 2u32;
    for s in &o.sections {
        index_of.push(n);
        n += 1 + u32::from(!s.relocs.is_empty());
    }
    if o.addrsig.is_some() {
        n += 1;
    }
    let symtab_idx = n;
    let shnum = n + 1;
    let mut out = vec![0u8; 64];
    let mut shdrs: Vec<Shdr> = Vec::new();
    let strtab_name = add_str(".strtab", &mut strtab);
    shdrs.push(Shdr {
        name: strtab_name,
        ty: SHT_STRTAB,
        flags: 0,
        off: 0,
        size: 0,
        link: 0,
        info: 0,
        align: 1,
        entsize: 0,
    });
    // Section data.
    let mut rela_pending = Vec::new();
    for (i, s) in o.sections.iter().enumerate() {
        let name = add_str(&s.name, &mut strtab);
        let off = align_to(out.len(), s.align.max(1) as usize);
        // (a NOBITS section moves the file offset to its alignment too, as llvm-mc's does)
        out.resize(off, 0);
        let size = if s.ty == SHT_NOBITS {
            s.size
        } else {
            out.extend_from_slice(&s.data);
            s.data.len() as u64
        };
        shdrs.push(Shdr {
            name,
            ty: s.ty,
            flags: s.flags,
            off: off as u64,
            size,
            link: 0,
            info: 0,
            align: s.align,
            entsize: s.entsize,
        });
        if !s.relocs.is_empty() {
            let rname = add_str(&format!(".rela{}", s.name), &mut strtab);
            rela_pending.push((shdrs.len(), i));
            shdrs.push(Shdr {
                name: rname,
                ty: SHT_RELA,
                flags: SHF_INFO_LINK,
                off: 0,
                size: 0,
                link: symtab_idx,
                info: index_of[i],
                align: 8,
                entsize: 24,
            });
        }
    }
    // The symbol table.
    let symtab_off = align_to(out.len(), 8);
    out.resize(symtab_off, 0);
    out.extend_from_slice(&[0u8; 24]);
    for s in &o.syms {
        let name = add_str(&s.name, &mut strtab);
        out.extend_from_slice(&name.to_le_bytes());
        out.push(s.info);
        out.push(s.other);
        let shndx: u16 = match s.shndx {
            SymSec::Undef => 0,
            SymSec::Abs => 0xfff1,
            SymSec::Sec(i) => index_of.get(i).copied().unwrap_or(0) as u16,
        };
        out.extend_from_slice(&shndx.to_le_bytes());
        out.extend_from_slice(&s.value.to_le_bytes());
        out.extend_from_slice(&s.size.to_le_bytes());
    }
    let symtab_size = (out.len() - symtab_off) as u64;
    // Relocations.
    for (h, i) in rela_pending {
        let off = align_to(out.len(), 8);
        out.resize(off, 0);
        for &(r_off, ty, sym, addend) in &o.sections[i].relocs {
            out.extend_from_slice(&r_off.to_le_bytes());
            let info = ((sym as u64 + 1) << 32) | ty as u64;
            out.extend_from_slice(&info.to_le_bytes());
            out.extend_from_slice(&addend.to_le_bytes());
        }
        shdrs[h].off = off as u64;
        shdrs[h].size = (out.len() - off) as u64;
    }
    // The address-significance table.
    if let Some(list) = &o.addrsig {
        let name = add_str(".llvm_addrsig", &mut strtab);
        let off = out.len();
        for &s in list {
            let mut v = s as u64 + 1;
            loop {
                let b = (v & 0x7f) as u8;
                v >>= 7;
                if v == 0 {
                    out.push(b);
                    break;
                }
                out.push(b | 0x80);
            }
        }
        shdrs.push(Shdr {
            name,
            ty: SHT_LLVM_ADDRSIG,
            flags: SHF_EXCLUDE,
            off: off as u64,
            size: (out.len() - off) as u64,
            link: symtab_idx,
            info: 0,
            align: 1,
            entsize: 0,
        });
    }
    let symtab_name = add_str(".symtab", &mut strtab);
    shdrs.push(Shdr {
        name: symtab_name,
        ty: SHT_SYMTAB,
        flags: 0,
        off: symtab_off as u64,
        size: symtab_size,
        link: 1,
        info: o.first_global as u32 + 1,
        align: 8,
        entsize: 24,
    });
    let str_off = out.len();
    out.extend_from_slice(&strtab);
    shdrs[0].off = str_off as u64;
    shdrs[0].size = strtab.len() as u64;
    let sh_off = align_to(out.len(), 8);
    out.resize(sh_off, 0);
    out.extend_from_slice(&[0u8; 64]);
    for h in &shdrs {
        out.extend_from_slice(&h.name.to_le_bytes());
        out.extend_from_slice(&h.ty.to_le_bytes());
        out.extend_from_slice(&h.flags.to_le_bytes());
        out.extend_from_slice(&0u64.to_le_bytes());
        out.extend_from_slice(&h.off.to_le_bytes());
        out.extend_from_slice(&h.size.to_le_bytes());
        out.extend_from_slice(&h.link.to_le_bytes());
        out.extend_from_slice(&h.info.to_le_bytes());
        out.extend_from_slice(&h.align.to_le_bytes());
        out.extend_from_slice(&h.entsize.to_le_bytes());
    }
    // The header.
    let mut h = Vec::with_capacity(64);
    h.extend_from_slice(&[0x7f, b'E', b'L', b'F', 2, 1, 1, 64, o.abi_version]);
    h.resize(16, 0);
    h.extend_from_slice(&1u16.to_le_bytes());
    h.extend_from_slice(&EM_AMDGPU.to_le_bytes());
    h.extend_from_slice(&1u32.to_le_bytes());
    h.extend_from_slice(&0u64.to_le_bytes());
    h.extend_from_slice(&0u64.to_le_bytes());
    h.extend_from_slice(&(sh_off as u64).to_le_bytes());
    h.extend_from_slice(&o.e_flags.to_le_bytes());
    h.extend_from_slice(&64u16.to_le_bytes());
    h.extend_from_slice(&0u16.to_le_bytes());
    h.extend_from_slice(&0u16.to_le_bytes());
    h.extend_from_slice(&64u16.to_le_bytes());
    h.extend_from_slice(&(shnum as u16).to_le_bytes());
    h.extend_from_slice(&1u16.to_le_bytes());
    out[..64].copy_from_slice(&h);
    out
}
