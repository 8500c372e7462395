#!/usr/bin/env python3
"""Prints the parts of an AMDGPU ELF relocatable object that the assembler corpus compares
(scripts/amd-asm-vectors.sh, scripts/ci-amd-asm.sh): the header's flags and ABI version, every
section but the string/symbol/relocation tables (name, type, flags, alignment, entry size and
bytes in hex), every relocation (section, offset, type, symbol name, addend) and every symbol
(name, value, size, type, binding, visibility, section name), in file order. An independent
reader of the object (the Rust test has its own), written from the ELF64 specification."""
import struct, sys

def dump(data):
    out = []
    (shoff,) = struct.unpack_from('<Q', data, 0x28)
    (flags,) = struct.unpack_from('<I', data, 0x30)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    out.append(f'elf osabi={data[7]} abiversion={data[8]} machine={struct.unpack_from("<H", data, 18)[0]} flags={flags:#x}')
    secs = []
    for i in range(shnum):
        name, ty, fl, addr, off, size, link, info, align, ent = struct.unpack_from('<IIQQQQIIQQ', data, shoff + i * shentsize)
        secs.append(dict(name=name, ty=ty, fl=fl, off=off, size=size, link=link, info=info, align=align, ent=ent))
    def cstr(off):
        end = data.index(b'\0', off)
        return data[off:end].decode()
    strsec = secs[shstrndx]
    sname = lambda s: cstr(strsec['off'] + s['name'])
    symtab = next((s for s in secs if s['ty'] == 2), None)
    syms = []
    if symtab:
        st = secs[symtab['link']]
        for k in range(symtab['size'] // 24):
            n, info, other, shndx, val, size = struct.unpack_from('<IBBHQQ', data, symtab['off'] + 24 * k)
            nm = cstr(st['off'] + n)
            if info & 0xf == 3 and not nm:
                nm = sname(secs[shndx])
            syms.append((nm, val, size, info & 0xf, info >> 4, other & 3, shndx))
    for i, s in enumerate(secs[1:], 1):
        if s['ty'] in (2, 3, 4):
            continue
        body = b'' if s['ty'] == 8 else data[s['off']:s['off'] + s['size']]
        out.append(f'section {sname(s)} type={s["ty"]:#x} flags={s["fl"]:#x} align={s["align"]} entsize={s["ent"]} size={s["size"]}')
        for k in range(0, len(body), 32):
            out.append('  ' + body[k:k + 32].hex())
    for s in secs:
        if s['ty'] != 4:
            continue
        tgt = sname(secs[s['info']])
        for k in range(s['size'] // 24):
            off, info, add = struct.unpack_from('<QQq', data, s['off'] + 24 * k)
            out.append(f'reloc {tgt} {off:#x} type={info & 0xffffffff} {syms[info >> 32][0]} {add:+d}')
    for (nm, val, size, ty, bind, vis, shndx) in syms[1:]:
        where = {0: 'UND', 0xfff1: 'ABS'}.get(shndx) or sname(secs[shndx])
        out.append(f'symbol {nm} value={val:#x} size={size} type={ty} bind={bind} vis={vis} {where}')
    # The whole file: its size and FNV-1a 64-bit hash (byte-identical objects).
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
    out.append(f'file size={len(data)} fnv1a64={h:016x}')
    return '\n'.join(out) + '\n'

if __name__ == '__main__':
    sys.stdout.write(dump(open(sys.argv[1], 'rb').read()))
