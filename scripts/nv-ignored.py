#!/usr/bin/env python3
"""Finds the bits nvdisasm 11.8 ignores in each form of data/maxwell.forms, and writes them into
the table as `x:POS:WIDTH` tokens (bits outside the mask: the form then matches any value there).

  nv-ignored.py [--apply] [--only MNEMONIC,...] FORMS_LISTING
FORMS_LISTING is the output of the nv-forms example (`LINE MNEMONIC MIN_SM EXAMPLE MASK`).
For every `auto` form: each bit the mask pins (except the guard) is flipped in the example word
and in 8 random words of the form (random operands/modifiers); a bit is ignored when the text
never changes. Then 24 more random words with all those bits random at once must print as with
the example's values, otherwise the form is left alone. Needs NVDISASM."""
import importlib.util, os, random, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location('nvv', os.path.join(ROOT, 'scripts/nv-vectors.py'))
nvv = importlib.util.module_from_spec(spec)
spec.loader.exec_module(nvv)
FORMS = os.path.join(ROOT, 'crates/gpuisa-nvidia/data/maxwell.forms')
GUARD = 0xf << 16


def runs(bits):
    out = []
    for b in sorted(bits):
        if out and out[-1][0] + out[-1][1] == b:
            out[-1][1] += 1
        else:
            out.append([b, 1])
    return out


def main():
    args = sys.argv[1:]
    apply = '--apply' in args
    args = [a for a in args if a != '--apply']
    only = None
    if '--only' in args:
        i = args.index('--only')
        only = set(args[i + 1].split(','))
        del args[i:i + 2]
    forms = []
    for l in open(args[0]):
        line, mn, sm, ex, mask = l.split()
        forms.append((int(line), mn, int(sm), int(ex, 16), int(mask, 16)))
    src = open(FORMS).read().split('\n')
    rng = random.Random(5)
    plans = []
    for line, mn, sm, ex, mask in forms:
        if only and mn not in only:
            continue
        head = src[line - 1].split('|')[0].split()
        if len(head) < 3 or head[2] != 'auto':
            continue
        cand = [b for b in range(64) if mask >> b & 1 and not GUARD >> b & 1]
        bases = [ex | 0x70000 if mask & GUARD else ex]
        for _ in range(8):
            bases.append((ex & mask) | (rng.getrandbits(64) & ~mask))
        plans.append((line, mn, sm, mask, cand, bases))
    # stage 1: single flips on every base
    for sm in (50, 53):
        ws = []
        for p in plans:
            if (p[2] >= 52) != (sm == 53):
                continue
            for base in p[5]:
                ws.append(base)
                ws += [base ^ (1 << b) for b in p[4]]
        res = nvv.nvdisasm(ws, sm)
        k = 0
        for i, p in enumerate(plans):
            if (p[2] >= 52) != (sm == 53):
                continue
            keep = set(p[4])
            for base in p[5]:
                t0 = res.get(k)
                k += 1
                for b in p[4]:
                    t = res.get(k)
                    k += 1
                    if t0 is None or t != t0:
                        keep.discard(b)
            plans[i] = p[:4] + (sorted(keep), p[5])
    # stage 2: all candidate bits random at once
    for sm in (50, 53):
        ws = []
        for p in plans:
            if (p[2] >= 52) != (sm == 53) or not p[4]:
                continue
            xm = sum(1 << b for b in p[4])
            for _ in range(24):
                base = (p[5][0] & p[3]) | (rng.getrandbits(64) & ~p[3])
                ws.append(base)
                ws.append((base & ~xm) | (rng.getrandbits(64) & xm))
        res = nvv.nvdisasm(ws, sm)
        k = 0
        for i, p in enumerate(plans):
            if (p[2] >= 52) != (sm == 53) or not p[4]:
                continue
            ok = True
            for _ in range(24):
                a, b = res.get(k), res.get(k + 1)
                k += 2
                if a is not None and a != b:
                    ok = False
            if not ok:
                print('line %d %s: bits %s ignored one at a time but not together: left alone' % (p[0], p[1], p[4]))
                plans[i] = p[:4] + ([], p[5])
    for line, mn, sm, mask, keep, _ in plans:
        if not keep:
            continue
        toks = ['x:%d:%d' % (b, w) for b, w in runs(keep)]
        print('line %d %s: %s' % (line, mn, ' '.join(toks)))
        if apply:
            l = src[line - 1]
            m = re.match(r'^(\S+\s+\S+\s+auto)(.*)$', l)
            src[line - 1] = m.group(1) + ' ' + ' '.join(toks) + m.group(2)
    if apply:
        open(FORMS, 'w').write('\n'.join(src))


if __name__ == '__main__':
    main()
