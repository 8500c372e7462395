#!/usr/bin/env python3
"""Checks table forms against nvdisasm: for each given word and each single-bit flip of bits 0-55,
the text nvdisasm 11.8 prints (novliw) against gpuisa's. Words nvdisasm rejects are counted,
words gpuisa leaves as .word are counted, different texts are printed.

usage: scripts/nv-flips.py [--nv NVTOOLS_BIN] [--gpuisa BIN] SM WORD...
"""
import argparse, os, struct, subprocess, sys, tempfile

ap = argparse.ArgumentParser()
ap.add_argument('--nv', default=os.path.join(os.path.dirname(__file__), '..', '.nvtools', 'bin'))
ap.add_argument('--gpuisa', default=os.path.join(os.path.dirname(__file__), '..', 'target', 'debug', 'gpuisa'))
ap.add_argument('sm')
ap.add_argument('words', nargs='+')
a = ap.parse_args()
f = os.path.join(tempfile.mkdtemp(), 'w.bin')

def text(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        return None
    l = [x for x in r.stdout.splitlines() if '/*0008*/' in x]
    return l[0].split('*/', 1)[1].strip() if l else None

n = bad = word = rej = 0
for w0 in (int(x, 16) for x in a.words):
    for b in [None] + list(range(56)):
        w = w0 if b is None else w0 ^ (1 << b)
        # one bundle: a control word, the word, two NOPs
        open(f, 'wb').write(struct.pack('<QQQQ', 0x001fc400fe2007f6, w, 0x50b0000000070f00, 0x50b0000000070f00))
        t = text([os.path.join(a.nv, 'nvdisasm'), '-b', 'SM' + a.sm, '-novliw', f])
        if t is None:
            rej += 1
            continue
        u = text([a.gpuisa, 'disasm', '--arch', 'sm_' + a.sm, '--novliw', f])
        n += 1
        if u is None or u.startswith('.word'):
            word += 1
        elif u != t:
            bad += 1
            print(f'{w:#018x} bit {b}: nvdisasm [{t}] gpuisa [{u}]')
print(f'accepted {n}: different {bad}, .word {word}; rejected by nvdisasm {rej}')
sys.exit(1 if bad else 0)
