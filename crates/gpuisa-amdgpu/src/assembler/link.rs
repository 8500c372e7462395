//! `--filetype hsaco`: one relocatable object (ours or llvm-mc's) linked into a loadable code
//! object laid out as `ld.lld-19 -shared` lays it out: the ELF header and program headers, the
//! `.note` sections, `.dynsym`, `.gnu.hash`, `.hash`, `.dynstr`, the read-only sections (one
//! R segment), the code (an R+X segment), `.dynamic` with its RELRO padding (an RW segment),
//! then the non-alloc sections, `.symtab`, `.shstrtab` and `.strtab`. Addresses follow lld's
//! rules (a new segment starts on a new 4 KiB page at the same offset in the page as in the
//! file), so `.text`, `.rodata`, the note and every symbol land where ld.lld puts them, and the
//! PC-relative relocations (REL32, REL64, REL32_LO/HI: the descriptor's code entry, calls) are
//! resolved in place.
//!
//! Not done (an error names what): writable sections (`.data`, `.bss`: lld adds another RW
//! segment), relocations that need a GOT or dynamic relocations (`@gotpcrel`, `@abs32`,
//! `.quad sym`), undefined symbols.

use super::elf::*;

const SHT_DYNSYM: u32 = 11;
const SHT_HASH: u32 = 5;
const SHT_DYNAMIC: u32 = 6;
const SHT_GNU_HASH: u32 = 0x6fff_fff6;
const PAGE: u64 = 0x1000;

fn rd(d: &[u8], o: usize, n: usize) -> Result<u64, String> {
    let b = d
        .get(o..o.saturating_add(n))
        .ok_or_else(|| format!("object truncated at byte {o}"))?;
    let mut v = 0u64;
    for (i, &x) in b.iter().enumerate() {
        v |= (x as u64) << (8 * i);
    }
    Ok(v)
}

fn cstr(d: &[u8], o: usize) -> String {
    let e = d[o.min(d.len())..]
        .iter()
        .position(|&c| c == 0)
        .map_or(d.len(), |k| o + k);
    String::from_utf8_lossy(&d[o.min(e)..e]).into_owned()
}

struct InSec {
    name: String,
    ty: u32,
    flags: u64,
    align: u64,
    entsize: u64,
    data: Vec<u8>,
    size: u64,
    /// SHT_RELA: the section it applies to; SHT_SYMTAB: its string table.
    link: u32,
    info: u32,
}

struct InSym {
    name: String,
    value: u64,
    size: u64,
    info: u8,
    other: u8,
    shndx: u16,
}

/// An object's sections, symbols, `e_ident` and `e_flags`.
type Object = (Vec<InSec>, Vec<InSym>, [u8; 16], u32);

fn read_object(d: &[u8]) -> Result<Object, String> {
    if d.len() < 64 || &d[..4] != b"\x7fELF" || d[4] != 2 || d[5] != 1 {
        return Err("not a 64-bit little-endian ELF object".into());
    }
    if rd(d, 16, 2)? != 1 || rd(d, 18, 2)? != EM_AMDGPU as u64 {
        return Err("not an AMDGPU relocatable object".into());
    }
    let mut ident = [0u8; 16];
    ident.copy_from_slice(&d[..16]);
    let flags = rd(d, 48, 4)? as u32;
    let shoff = rd(d, 40, 8)? as usize;
    let shnum = rd(d, 60, 2)? as usize;
    let shstrndx = rd(d, 62, 2)? as usize;
    let mut raw = Vec::new();
    for i in 0..shnum {
        let o = shoff.saturating_add(64 * i);
        raw.push((
            rd(d, o, 4)? as usize,
            rd(d, o + 4, 4)? as u32,
            rd(d, o + 8, 8)?,
            rd(d, o + 24, 8)? as usize,
            rd(d, o + 32, 8)?,
            rd(d, o + 40, 4)? as u32,
            rd(d, o + 44, 4)? as u32,
            rd(d, o + 48, 8)?,
            rd(d, o + 56, 8)?,
        ));
    }
    let stro = raw.get(shstrndx).ok_or("no section name table")?.3;
    for r in &raw {
        // (sizes and alignments a code object can have; larger ones are damage)
        if r.4 > 1 << 32 || r.7 > 1 << 16 {
            return Err("a section's size or alignment is out of range".into());
        }
    }
    let mut secs = Vec::new();
    for &(name, ty, flags, off, size, link, info, align, entsize) in &raw {
        let data = if ty == SHT_NOBITS || ty == 0 {
            Vec::new()
        } else {
            d.get(off..off.saturating_add(size as usize))
                .ok_or("section outside the file")?
                .to_vec()
        };
        secs.push(InSec {
            name: cstr(d, stro.saturating_add(name)),
            ty,
            flags,
            align: align.max(1),
            entsize,
            data,
            size,
            link,
            info,
        });
    }
    let mut syms = Vec::new();
    if let Some(st) = secs.iter().find(|s| s.ty == SHT_SYMTAB) {
        let strs = &secs.get(st.link as usize).ok_or("no symbol names")?.data;
        for k in 0..st.data.len() / 24 {
            let e = &st.data[24 * k..24 * k + 24];
            syms.push(InSym {
                name: cstr(strs, rd(e, 0, 4)? as usize),
                info: e[4],
                other: e[5],
                shndx: rd(e, 6, 2)? as u16,
                value: rd(e, 8, 8)?,
                size: rd(e, 16, 8)?,
            });
        }
    }
    Ok((secs, syms, ident, flags))
}

/// The SysV ELF hash of a name.
fn elf_hash(n: &[u8]) -> u32 {
    let mut h: u32 = 0;
    for &c in n {
        h = (h << 4).wrapping_add(c as u32);
        let g = h & 0xf000_0000;
        if g != 0 {
            h ^= g >> 24;
        }
        h &= !g;
    }
    h
}

/// The GNU hash (djb2) of a name.
fn gnu_hash(n: &[u8]) -> u32 {
    n.iter()
        .fold(5381u32, |h, &c| h.wrapping_mul(33).wrapping_add(c as u32))
}

fn align_to(v: u64, a: u64) -> u64 {
    v.div_ceil(a.max(1)) * a.max(1)
}

struct Out {
    name: String,
    ty: u32,
    flags: u64,
    align: u64,
    entsize: u64,
    data: Vec<u8>,
    size: u64,
    addr: u64,
    off: u64,
    link: u32,
    info: u32,
}

impl Out {
    fn new(name: &str, ty: u32, flags: u64, align: u64, entsize: u64, data: Vec<u8>) -> Out {
        let size = data.len() as u64;
        Out {
            name: name.into(),
            ty,
            flags,
            align,
            entsize,
            data,
            size,
            addr: 0,
            off: 0,
            link: 0,
            info: 0,
        }
    }
}

/// Links the relocatable object `obj` into a shared code object.
pub fn link(obj: &[u8]) -> Result<Vec<u8>, String> {
    let (secs, syms, ident, e_flags) = read_object(obj)?;
    // Input sections by kind, in file order.
    let alloc = |s: &InSec| s.flags & SHF_ALLOC != 0 && s.ty != SHT_RELA && s.ty != SHT_SYMTAB;
    for s in &secs {
        if alloc(s) && s.flags & SHF_WRITE != 0 && (s.size > 0 || s.ty != SHT_NOBITS) {
            return Err(format!(
                "section '{}' is writable: --filetype hsaco does not lay out writable data (link with ld.lld-19 -shared)",
                s.name
            ));
        }
    }
    let notes: Vec<usize> = (0..secs.len())
        .filter(|&i| alloc(&secs[i]) && secs[i].ty == SHT_NOTE)
        .collect();
    let ro: Vec<usize> = (0..secs.len())
        .filter(|&i| {
            alloc(&secs[i]) && secs[i].ty != SHT_NOTE && secs[i].flags & SHF_EXECINSTR == 0
        })
        .collect();
    let code: Vec<usize> = (0..secs.len())
        .filter(|&i| alloc(&secs[i]) && secs[i].flags & SHF_EXECINSTR != 0)
        .collect();
    // Dynamic symbols: defined globals that are not hidden.
    let global = |s: &InSym| s.info >> 4 != 0;
    for s in &syms {
        if global(s) && s.shndx == 0 && !s.name.is_empty() {
            return Err(format!("undefined symbol '{}'", s.name));
        }
    }
    let mut dyn_syms: Vec<usize> = (0..syms.len())
        .filter(|&i| global(&syms[i]) && syms[i].other & 3 != 2 && syms[i].other & 3 != 1)
        .collect();
    // .gnu.hash: lld's bucket count and order (by bucket, then as they came).
    let nb = dyn_syms.len().div_ceil(4).max(1);
    dyn_syms.sort_by_key(|&i| gnu_hash(syms[i].name.as_bytes()) as usize % nb);
    let mut dynstr = vec![0u8];
    let mut dyn_name = Vec::new();
    for &i in &dyn_syms {
        dyn_name.push(dynstr.len() as u32);
        dynstr.extend_from_slice(syms[i].name.as_bytes());
        dynstr.push(0);
    }
    let nd = dyn_syms.len();
    // Output sections (data filled in once the addresses are known).
    let mut outs: Vec<Out> = Vec::new();
    let mut map = vec![usize::MAX; secs.len()];
    let copy = |s: &InSec| {
        let mut o = Out::new(&s.name, s.ty, s.flags, s.align, s.entsize, s.data.clone());
        if s.ty == SHT_NOBITS {
            o.size = s.size;
        }
        o
    };
    for &i in &notes {
        map[i] = outs.len();
        outs.push(copy(&secs[i]));
    }
    let dynsym_i = outs.len();
    outs.push(Out::new(
        ".dynsym",
        SHT_DYNSYM,
        SHF_ALLOC,
        8,
        24,
        vec![0; 24 * (nd + 1)],
    ));
    // (12 bits a symbol, in 64-bit words: the power of two above, as lld sizes the bloom filter)
    let mask_words = if nd == 0 {
        1
    } else {
        (nd * 12 / 64 + 1).next_power_of_two()
    };
    let gnu_i = outs.len();
    outs.push(Out::new(
        ".gnu.hash",
        SHT_GNU_HASH,
        SHF_ALLOC,
        8,
        0,
        vec![0; 16 + 8 * mask_words + 4 * nb + 4 * nd],
    ));
    let hash_i = outs.len();
    outs.push(Out::new(
        ".hash",
        SHT_HASH,
        SHF_ALLOC,
        4,
        4,
        vec![0; 4 * (2 + 2 * (nd + 1))],
    ));
    let dynstr_i = outs.len();
    outs.push(Out::new(".dynstr", SHT_STRTAB, SHF_ALLOC, 1, 0, dynstr));
    for &i in &ro {
        map[i] = outs.len();
        outs.push(copy(&secs[i]));
    }
    let first_code = outs.len();
    for &i in &code {
        map[i] = outs.len();
        outs.push(copy(&secs[i]));
    }
    let dynamic_i = outs.len();
    outs.push(Out::new(
        ".dynamic",
        SHT_DYNAMIC,
        SHF_ALLOC | SHF_WRITE,
        8,
        16,
        vec![0; 16 * 7],
    ));
    let relro_i = outs.len();
    outs.push(Out::new(
        ".relro_padding",
        SHT_NOBITS,
        SHF_ALLOC | SHF_WRITE,
        1,
        0,
        Vec::new(),
    ));
    // Program headers: PHDR, LOAD R, [LOAD RX], LOAD RW, DYNAMIC, GNU_RELRO, GNU_STACK, [NOTE].
    let nph = 6 + (!code.is_empty()) as u64 + (!notes.is_empty()) as u64;
    // Addresses.
    let mut off = 64 + 56 * nph;
    let mut va = off;
    for (k, o) in outs.iter_mut().enumerate() {
        if k == first_code && !code.is_empty() || k == dynamic_i {
            // A new segment: a new page, at the same offset in the page as in the file.
            va = align_to(va, PAGE) + va % PAGE;
        }
        va = align_to(va, o.align);
        off = align_to(off, o.align);
        // (lld keeps va and file offset congruent modulo the page)
        o.addr = va;
        o.off = off;
        va += o.size;
        if o.ty != SHT_NOBITS {
            off += o.size;
        }
    }
    // The RELRO padding reaches the end of the page.
    let pad = align_to(outs[relro_i].addr, PAGE) - outs[relro_i].addr;
    outs[relro_i].size = pad;
    // Symbol addresses.
    let addrs: Vec<u64> = outs.iter().map(|o| o.addr).collect();
    let sym_addr = |s: &InSym| -> Result<u64, String> {
        match s.shndx {
            0 => Ok(0),
            0xfff1 => Ok(s.value),
            n => {
                let m = *map
                    .get(n as usize)
                    .filter(|&&m| m != usize::MAX)
                    .ok_or_else(|| {
                        format!("symbol '{}' is in a section that is not loaded", s.name)
                    })?;
                Ok(addrs[m].wrapping_add(s.value))
            }
        }
    };
    // Relocations, resolved in place.
    for rs in secs.iter().filter(|s| s.ty == SHT_RELA) {
        let target = rs.info as usize;
        let Some(&m) = map.get(target).filter(|&&m| m != usize::MAX) else {
            continue;
        };
        for k in 0..rs.data.len() / 24 {
            let e = &rs.data[24 * k..24 * k + 24];
            let r_off = rd(e, 0, 8)?;
            let info = rd(e, 8, 8)?;
            let add = rd(e, 16, 8)? as i64;
            let (si, ty) = ((info >> 32) as usize, info as u32);
            let s = syms.get(si).ok_or("relocation symbol out of range")?;
            let sv = sym_addr(s)? as i64;
            let p = outs[m].addr.wrapping_add(r_off) as i64;
            let rel = sv.wrapping_add(add).wrapping_sub(p);
            let (v, n): (u64, usize) = match ty {
                4 => (rel as u64, 4),
                5 => (rel as u64, 8),
                10 => (rel as u64 & 0xffff_ffff, 4),
                11 => ((rel as u64) >> 32, 4),
                _ => {
                    return Err(format!(
                        "relocation type {ty} against '{}' needs a dynamic relocation or a GOT: not supported by --filetype hsaco (link with ld.lld-19 -shared)",
                        s.name
                    ))
                }
            };
            let d = &mut outs[m].data;
            let o = usize::try_from(r_off).unwrap_or(usize::MAX);
            let slot = d
                .get_mut(o..o.saturating_add(n))
                .ok_or("relocation outside its section")?;
            slot.copy_from_slice(&v.to_le_bytes()[..n]);
        }
    }
    // .dynsym
    let shndx_of = |s: &InSym| -> u16 {
        match s.shndx {
            0 | 0xfff1 => s.shndx,
            n => map
                .get(n as usize)
                .filter(|&&m| m != usize::MAX)
                .map_or(0, |&m| (m + 1) as u16),
        }
    };
    for (j, &i) in dyn_syms.iter().enumerate() {
        let s = &syms[i];
        let e = &mut outs[dynsym_i].data[24 * (j + 1)..24 * (j + 2)];
        e[..4].copy_from_slice(&dyn_name[j].to_le_bytes());
        e[4] = s.info;
        e[5] = s.other;
        e[6..8].copy_from_slice(&shndx_of(s).to_le_bytes());
        e[8..16].copy_from_slice(&sym_addr(s)?.to_le_bytes());
        e[16..24].copy_from_slice(&s.size.to_le_bytes());
    }
    // .gnu.hash: nbuckets, symoffset 1, bloom words, shift 26; bloom, buckets, chains.
    {
        let mut g = Vec::new();
        g.extend_from_slice(&(nb as u32).to_le_bytes());
        g.extend_from_slice(&1u32.to_le_bytes());
        g.extend_from_slice(&(mask_words as u32).to_le_bytes());
        g.extend_from_slice(&26u32.to_le_bytes());
        let hs: Vec<u32> = dyn_syms
            .iter()
            .map(|&i| gnu_hash(syms[i].name.as_bytes()))
            .collect();
        let mut bloom = vec![0u64; mask_words];
        for &h in &hs {
            let w = (h as usize / 64) % mask_words;
            bloom[w] |= 1 << (h % 64) | 1 << ((h >> 26) % 64);
        }
        for b in bloom {
            g.extend_from_slice(&b.to_le_bytes());
        }
        let mut buckets = vec![0u32; nb];
        for (j, &h) in hs.iter().enumerate().rev() {
            buckets[h as usize % nb] = j as u32 + 1;
        }
        for b in buckets {
            g.extend_from_slice(&b.to_le_bytes());
        }
        for (j, &h) in hs.iter().enumerate() {
            let last = j + 1 == hs.len() || hs[j + 1] as usize % nb != h as usize % nb;
            g.extend_from_slice(&(if last { h | 1 } else { h & !1 }).to_le_bytes());
        }
        outs[gnu_i].data = g;
    }
    // .hash: nbucket = nchain = the symbol count (with the null symbol).
    {
        let n = nd + 1;
        let mut buckets = vec![0u32; n];
        let mut chains = vec![0u32; n];
        for (j, &i) in dyn_syms.iter().enumerate() {
            let b = elf_hash(syms[i].name.as_bytes()) as usize % n;
            chains[j + 1] = buckets[b];
            buckets[b] = j as u32 + 1;
        }
        let mut h = Vec::new();
        for v in [n as u32, n as u32]
            .into_iter()
            .chain(buckets)
            .chain(chains)
        {
            h.extend_from_slice(&v.to_le_bytes());
        }
        outs[hash_i].data = h;
    }
    // .dynamic
    {
        let mut dy = Vec::new();
        for (t, v) in [
            (6u64, outs[dynsym_i].addr),
            (11, 24),
            (5, outs[dynstr_i].addr),
            (10, outs[dynstr_i].size),
            (0x6fff_fef5, outs[gnu_i].addr),
            (4, outs[hash_i].addr),
            (0, 0),
        ] {
            dy.extend_from_slice(&t.to_le_bytes());
            dy.extend_from_slice(&v.to_le_bytes());
        }
        outs[dynamic_i].data = dy;
    }
    outs[dynsym_i].link = dynstr_i as u32 + 1;
    outs[dynsym_i].info = 1;
    outs[gnu_i].link = dynsym_i as u32 + 1;
    outs[hash_i].link = dynsym_i as u32 + 1;
    outs[dynamic_i].link = dynstr_i as u32 + 1;
    // Non-alloc sections: copied (no relocations), then the symbol table.
    let mut file_end = outs[relro_i].off;
    for s in secs.iter().filter(|s| {
        s.flags & SHF_ALLOC == 0
            && matches!(s.ty, SHT_PROGBITS | SHT_NOTE)
            && s.name != ".note.GNU-stack"
    }) {
        let mut o = copy(s);
        file_end = align_to(file_end, o.align);
        o.off = file_end;
        file_end += o.size;
        outs.push(o);
    }
    // .symtab: locals (named, not section symbols), _DYNAMIC, then the globals.
    let mut strtab = vec![0u8];
    let mut symtab = vec![0u8; 24];
    let mut put = |name: &str, info: u8, other: u8, shndx: u16, value: u64, size: u64| {
        let mut e = [0u8; 24];
        e[..4].copy_from_slice(&(strtab.len() as u32).to_le_bytes());
        strtab.extend_from_slice(name.as_bytes());
        strtab.push(0);
        e[4] = info;
        e[5] = other;
        e[6..8].copy_from_slice(&shndx.to_le_bytes());
        e[8..16].copy_from_slice(&value.to_le_bytes());
        e[16..24].copy_from_slice(&size.to_le_bytes());
        symtab.extend_from_slice(&e);
    };
    let mut nlocal = 1;
    for s in syms
        .iter()
        .filter(|s| !global(s) && s.info & 15 != 3 && !s.name.is_empty())
    {
        put(&s.name, s.info, s.other, shndx_of(s), sym_addr(s)?, s.size);
        nlocal += 1;
    }
    // Hidden and internal globals become locals (as lld writes them).
    let hidden = |s: &InSym| global(s) && matches!(s.other & 3, 1 | 2);
    for s in syms.iter().filter(|s| hidden(s)) {
        put(
            &s.name,
            s.info & 15,
            s.other,
            shndx_of(s),
            sym_addr(s)?,
            s.size,
        );
        nlocal += 1;
    }
    // (`_DYNAMIC`: local and hidden, at .dynamic, as lld writes it)
    put(
        "_DYNAMIC",
        0,
        2,
        dynamic_i as u16 + 1,
        outs[dynamic_i].addr,
        0,
    );
    nlocal += 1;
    for s in syms.iter().filter(|s| global(s) && !hidden(s)) {
        put(&s.name, s.info, s.other, shndx_of(s), sym_addr(s)?, s.size);
    }
    let symtab_i = outs.len();
    let mut st = Out::new(".symtab", SHT_SYMTAB, 0, 8, 24, symtab);
    st.info = nlocal;
    file_end = align_to(file_end, 8);
    st.off = file_end;
    file_end += st.size;
    outs.push(st);
    let mut shstr = vec![0u8];
    let mut shname = Vec::new();
    for o in &outs {
        shname.push(shstr.len() as u32);
        shstr.extend_from_slice(o.name.as_bytes());
        shstr.push(0);
    }
    let shstr_name = shstr.len() as u32;
    shstr.extend_from_slice(b".shstrtab\0");
    let strtab_name = shstr.len() as u32;
    shstr.extend_from_slice(b".strtab\0");
    let mut sh = Out::new(".shstrtab", SHT_STRTAB, 0, 1, 0, shstr);
    sh.off = file_end;
    file_end += sh.size;
    let shstr_i = outs.len();
    outs.push(sh);
    shname.push(shstr_name);
    let mut stt = Out::new(".strtab", SHT_STRTAB, 0, 1, 0, strtab);
    stt.off = file_end;
    file_end += stt.size;
    outs.push(stt);
    shname.push(strtab_name);
    outs[symtab_i].link = outs.len() as u32; // .strtab (index with the null section)
    let shoff = align_to(file_end, 8);
    if shoff > 1 << 32 {
        return Err("the linked file would be larger than 4 GiB".into());
    }
    // The file.
    let mut f = vec![0u8; shoff as usize + 64 * (outs.len() + 1)];
    f[..16].copy_from_slice(&ident);
    let w = |f: &mut Vec<u8>, o: usize, v: u64, n: usize| {
        f[o..o + n].copy_from_slice(&v.to_le_bytes()[..n]);
    };
    w(&mut f, 16, 3, 2); // ET_DYN
    w(&mut f, 18, EM_AMDGPU as u64, 2);
    w(&mut f, 20, 1, 4);
    w(&mut f, 32, 64, 8);
    w(&mut f, 40, shoff, 8);
    w(&mut f, 48, e_flags as u64, 4);
    w(&mut f, 52, 64, 2);
    w(&mut f, 54, 56, 2);
    w(&mut f, 56, nph, 2);
    w(&mut f, 58, 64, 2);
    w(&mut f, 60, outs.len() as u64 + 1, 2);
    w(&mut f, 62, shstr_i as u64 + 1, 2);
    // Program headers.
    let seg = |a: usize, b: usize| -> (u64, u64, u64, u64) {
        // (offset, address, file size, memory size) of outs[a..b]
        let (o, v) = (outs[a].off, outs[a].addr);
        let end_v = outs[b - 1].addr + outs[b - 1].size;
        let end_o = (a..b)
            .filter(|&k| outs[k].ty != SHT_NOBITS)
            .map(|k| outs[k].off + outs[k].size)
            .max()
            .unwrap_or(o);
        (o, v, end_o - o, end_v - v)
    };
    let mut ph: Vec<(u32, u32, u64, u64, u64, u64, u64)> = Vec::new();
    ph.push((6, 4, 64, 64, 56 * nph, 56 * nph, 8));
    let ro_end = if code.is_empty() {
        dynamic_i
    } else {
        first_code
    };
    let (o, v, fs, ms) = seg(0, ro_end);
    // (the first LOAD starts at the file's start: the headers are loaded too)
    ph.push((1, 4, 0, 0, o + fs, v + ms, PAGE));
    if !code.is_empty() {
        let (o, v, fs, ms) = seg(first_code, dynamic_i);
        ph.push((1, 5, o, v, fs, ms, PAGE));
    }
    let (o, v, fs, ms) = seg(dynamic_i, relro_i + 1);
    ph.push((1, 6, o, v, fs, ms, PAGE));
    ph.push((2, 6, o, v, outs[dynamic_i].size, outs[dynamic_i].size, 8));
    ph.push((0x6474_e552, 4, o, v, fs, ms, 1));
    ph.push((0x6474_e551, 6, 0, 0, 0, 0, 0));
    if !notes.is_empty() {
        let a = map[notes[0]];
        let b = map[*notes.last().unwrap_or(&notes[0])] + 1;
        let (o, v, fs, ms) = seg(a, b);
        let al = notes.iter().map(|&i| secs[i].align).max().unwrap_or(4);
        ph.push((4, 4, o, v, fs, ms, al));
    }
    for (k, &(ty, fl, o, v, fs, ms, al)) in ph.iter().enumerate() {
        let p = 64 + 56 * k;
        w(&mut f, p, ty as u64, 4);
        w(&mut f, p + 4, fl as u64, 4);
        w(&mut f, p + 8, o, 8);
        w(&mut f, p + 16, v, 8);
        w(&mut f, p + 24, v, 8);
        w(&mut f, p + 32, fs, 8);
        w(&mut f, p + 40, ms, 8);
        w(&mut f, p + 48, al, 8);
    }
    // Sections and their headers.
    for (k, o) in outs.iter().enumerate() {
        if o.ty != SHT_NOBITS {
            let at = o.off as usize;
            f[at..at + o.data.len()].copy_from_slice(&o.data);
        }
        let h = shoff as usize + 64 * (k + 1);
        w(&mut f, h, shname[k] as u64, 4);
        w(&mut f, h + 4, o.ty as u64, 4);
        w(&mut f, h + 8, o.flags, 8);
        w(&mut f, h + 16, o.addr, 8);
        w(&mut f, h + 24, o.off, 8);
        w(&mut f, h + 32, o.size, 8);
        w(&mut f, h + 40, o.link as u64, 4);
        w(&mut f, h + 44, o.info as u64, 4);
        w(&mut f, h + 48, o.align, 8);
        w(&mut f, h + 56, o.entsize, 8);
    }
    Ok(f)
}

#[cfg(test)]
mod tests {
    /// Cut and damaged objects are refused with a message, never a panic.
    #[test]
    fn damaged_objects_never_panic() {
        let t = crate::assembler::Target::by_name("gfx900", false).unwrap();
        let src = "\t.text\n\t.globl k\n\t.p2align 8\n\t.type k,@function\nk:\n\ts_endpgm\n\
                   \t.rodata\n\t.p2align 6\n\t.amdhsa_kernel k\n\t.amdhsa_next_free_vgpr 1\n\
                   \t.amdhsa_next_free_sgpr 1\n\t.end_amdhsa_kernel\n";
        let r = crate::assembler::assemble(t, src);
        assert!(!r.object.is_empty(), "{:?}", r.diagnostics);
        let obj = r.object;
        assert!(super::link(&obj).is_ok());
        for cut in (0..obj.len()).step_by(7) {
            let _ = super::link(&obj[..cut]);
        }
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..3000 {
            let mut d = obj.clone();
            for _ in 0..4 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let i = (seed % d.len() as u64) as usize;
                d[i] = (seed >> 32) as u8;
            }
            let _ = super::link(&d);
        }
    }
}
