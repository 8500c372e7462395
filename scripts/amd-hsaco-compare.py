#!/usr/bin/env python3
"""Compares two AMDGPU code objects (ELF shared objects) where a loader looks: the program
headers, the address, file offset and bytes of .text, .rodata and .note, and every dynamic and
global symbol (value, size, info, other, section name). Prints the differences; exit 1 if any.
usage: amd-hsaco-compare.py OURS.hsaco THEIRS.hsaco"""
import struct, sys


def read(path):
    d = open(path, "rb").read()
    assert d[:4] == b"\x7fELF", path
    (e_type, _m, _v, _entry, phoff, shoff, flags, _eh, phsz, phnum, shsz, shnum, shstrndx) = \
        struct.unpack_from("<HHIQQQIHHHHHH", d, 16)
    shs = [struct.unpack_from("<IIQQQQIIQQ", d, shoff + 64 * i) for i in range(shnum)]
    stro = shs[shstrndx][4]
    name = lambda o, base: d[base + o:d.index(b"\0", base + o)].decode()
    secs = {}
    names = []
    for s in shs:
        n = name(s[0], stro)
        names.append(n)
        secs[n] = s
    phs = [struct.unpack_from("<IIQQQQQQ", d, phoff + 56 * i) for i in range(phnum)]
    syms = {}
    for tab, strs in ((".dynsym", ".dynstr"), (".symtab", ".strtab")):
        s = secs.get(tab)
        if not s:
            continue
        so = secs[strs][4]
        for k in range(s[5] // 24):
            n, info, other, shndx, value, size = struct.unpack_from("<IBBHQQ", d, s[4] + 24 * k)
            if info >> 4 == 0 and tab == ".symtab":
                continue  # locals: lld's own (_DYNAMIC) and the object's
            syms[(tab, name(n, so))] = (value, size, info, other, names[shndx] if shndx < len(names) else shndx)
    return d, (e_type, flags, d[:16]), secs, phs, syms


a, b = read(sys.argv[1]), read(sys.argv[2])
bad = []
if a[1] != b[1]:
    bad.append(f"header: {a[1]} vs {b[1]}")
if a[3] != b[3]:
    bad.append(f"program headers:\n  {a[3]}\n  {b[3]}")
for n in (".text", ".rodata", ".note"):
    sa, sb = a[2].get(n), b[2].get(n)
    if (sa is None) != (sb is None):
        bad.append(f"{n}: in one file only")
        continue
    if sa is None:
        continue
    if (sa[3], sa[4], sa[5]) != (sb[3], sb[4], sb[5]):
        bad.append(f"{n}: address/offset/size {sa[3]:#x}/{sa[4]:#x}/{sa[5]:#x} vs {sb[3]:#x}/{sb[4]:#x}/{sb[5]:#x}")
    elif a[0][sa[4]:sa[4] + sa[5]] != b[0][sb[4]:sb[4] + sb[5]]:
        bad.append(f"{n}: bytes differ")
if a[4] != b[4]:
    for k in sorted(set(a[4]) | set(b[4])):
        if a[4].get(k) != b[4].get(k):
            bad.append(f"symbol {k}: {a[4].get(k)} vs {b[4].get(k)}")
for m in bad:
    print(m)
sys.exit(1 if bad else 0)
