#!/usr/bin/env python3
"""Field probes against nvdisasm 11.8 (how the forms table lines are measured).

  nv-probe.py text SM WORD...         nvdisasm's text of each word (`!invalid` when rejected)
  nv-probe.py flips SM WORD           the word, then each single-bit flip of bits 0-63 whose text differs
                                      (bits that change nothing are listed as `same`)
  nv-probe.py field SM WORD POS W     every value of bits POS..POS+W-1 (W <= 8)
  nv-probe.py rand SM PREFIX N [SEED] N random words of a 13-bit opcode prefix (bits 51-63)
Needs NVDISASM (default .nvtools/bin/nvdisasm)."""
import importlib.util, os, random, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location('nvv', os.path.join(ROOT, 'scripts/nv-vectors.py'))
nvv = importlib.util.module_from_spec(spec)
spec.loader.exec_module(nvv)


def texts(sm, ws):
    r = nvv.nvdisasm(ws, sm)
    return [r.get(i) if r.get(i) is not None else '!invalid' for i in range(len(ws))]


def main():
    cmd, sm = sys.argv[1], int(sys.argv[2])
    if cmd == 'text':
        ws = [int(x, 16) for x in sys.argv[3:]]
        for w, t in zip(ws, texts(sm, ws)):
            print('0x%016x | %s' % (w, t))
    elif cmd == 'flips':
        w0 = int(sys.argv[3], 16)
        ws = [w0] + [w0 ^ (1 << b) for b in range(64)]
        t = texts(sm, ws)
        print('base 0x%016x | %s' % (w0, t[0]))
        same = []
        for b in range(64):
            if t[b + 1] == t[0]:
                same.append(b)
            else:
                print('bit %2d | %s' % (b, t[b + 1]))
        print('same:', ' '.join(map(str, same)))
    elif cmd == 'field':
        w0, pos, wd = int(sys.argv[3], 16), int(sys.argv[4]), int(sys.argv[5])
        m = ((1 << wd) - 1) << pos
        ws = [(w0 & ~m) | (v << pos) for v in range(1 << wd)]
        for v, t in enumerate(texts(sm, ws)):
            print('%3d | %s' % (v, t))
    elif cmd == 'rand':
        p, n = int(sys.argv[3], 16), int(sys.argv[4])
        rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 1)
        ws = [(p << 51) | rng.getrandbits(51) for _ in range(n)]
        for w, t in zip(ws, texts(sm, ws)):
            print('0x%016x | %s' % (w, t))
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
