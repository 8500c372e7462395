"""Differential test of the gfx11 disassembler against llvm-mc-19 on random words per encoding.

usage: diff.py BINARY SEED COUNT_PER_ENCODING WAVE(32|64) [MISMATCH_FILE] [ENC,ENC...]
Half the candidates are aimed at table opcodes (only bits llvm-mc accepts, biased source fields),
half are random words with the encoding's fixed bits. Prints per-encoding agreement; exits 1 if
accepted-and-identical or rejected-too is below 99.9%.
"""
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mc  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.dirname(HERE)

# name: (fixed value, fixed mask, opcode lo, opcode width, table file or None)
ENC = {
    "VOP1": (0x7E000000, 0xFE000000, 9, 8, "vop1"),
    "VOP2": (0x00000000, 0x80000000, 25, 6, "vop2"),
    "VOPC": (0x7C000000, 0xFE000000, 17, 8, "vopc"),
    "VOP3": (0xD4000000, 0xFC000000, 16, 10, "vop3"),
    "VOP3P": (0xCC000000, 0xFF000000, 16, 7, "vop3p"),
    "VOPD": (0xC8000000, 0xFC000000, 0, 0, None),
    "SOP2": (0x80000000, 0xC0000000, 23, 7, "sop2"),
    "SOPK": (0xB0000000, 0xF0000000, 23, 5, "sopk"),
    "SOP1": (0xBE800000, 0xFF800000, 8, 8, "sop1"),
    "SOPC": (0xBF000000, 0xFF800000, 16, 7, "sopc"),
    "SOPP": (0xBF800000, 0xFF800000, 16, 7, "sopp"),
    "SMEM": (0xF4000000, 0xFC000000, 18, 8, "smem"),
    "DS": (0xD8000000, 0xFC000000, 18, 8, "ds"),
    "FLAT": (0xDC000000, 0xFC030000, 18, 7, "flat"),
    "GLOBAL": (0xDC020000, 0xFC030000, 18, 7, "global"),
    "SCRATCH": (0xDC010000, 0xFC030000, 18, 7, "scratch"),
    "MUBUF": (0xE0000000, 0xFC000000, 18, 8, "mubuf"),
    "MTBUF": (0xE8000000, 0xFC000000, 15, 4, "mtbuf"),
    "MIMG": (0xF0000000, 0xFC000000, 18, 8, "mimg"),
    "EXP": (0xF8000000, 0xFC000000, 0, 0, None),
    "VINTERP": (0xCD000000, 0xFF000000, 16, 7, "vinterp"),
    "LDSDIR": (0xCE000000, 0xFF000000, 20, 2, None),
}

SRC_BIAS = [lambda r: 256 + r.randrange(256), lambda r: r.randrange(106), lambda r: 255,
            lambda r: r.randrange(128, 209), lambda r: r.randrange(240, 249),
            lambda r: r.choice([106, 107, 124, 125, 126, 127, 250, 233, 234, 253, 254])]


def rows(t):
    fn = os.path.join(DATA, t + ".txt") if t else None
    out = []
    if not fn or not os.path.exists(fn):
        return out
    for ln in open(fn):
        if ln.startswith("#"):
            continue
        c = ln.rstrip("\n").split("\t")
        col = 4 if t.startswith("vop") else 3
        if len(c) > col:
            oks = [[int(x, 16) for x in part.split(",")] for part in c[col].split(";")]
            out.append((int(c[0], 16), oks))
    return out


def gen(rng, name, tab, wave):
    val, mask, olo, ow, _ = ENC[name]
    ws = [rng.getrandbits(32) for _ in range(3)]
    if tab and rng.random() < 0.6:
        op, oks = rng.choice(tab)
        ok = oks[0 if wave == 32 else min(1, len(oks) - 1)]
        for i, m in enumerate(ok):
            ws[i] &= m
        ws[0] = (ws[0] & ~mask & ~(((1 << ow) - 1) << olo)) | val | (op << olo)
        # bias the 9-bit source fields
        if name in ("VOP1", "VOP2", "VOPC") and rng.random() < 0.7:
            ws[0] = (ws[0] & ~0x1FF) | SRC_BIAS[rng.randrange(len(SRC_BIAS))](rng)
        if name in ("VOP3", "VOP3P") and rng.random() < 0.7:
            for lo in (0, 9, 18):
                if rng.random() < 0.6:
                    v = SRC_BIAS[rng.randrange(len(SRC_BIAS))](rng)
                    ws[1] = (ws[1] & ~(0x1FF << lo)) | (v << lo)
            ws[1] &= ok[1] if len(ok) > 1 else 0xFFFFFFFF
        return ws
    ws[0] = (ws[0] & ~mask) | val
    if rng.random() < 0.5:
        ws[1] &= rng.choice([0xFFFFFFFF, 0x00FFFFFF, 0x0003FFFF, 0x7F7F7F7F, 0x07FFFFFF])
    return ws


def ours(binary, cands, wave):
    lines = mc.lines_for(cands)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    args = [binary, "--bytes", path] + (["--wave64"] if wave == 64 else [])
    r = subprocess.run(args, capture_output=True, text=True)
    os.unlink(path)
    if r.returncode not in (0, 1):
        print("gpuisa failed:", r.stderr[:500])
        sys.exit(2)
    return mc.parse(r.stdout, r.stderr, len(cands))


def main():
    binary, seed, count, wave = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    misfile = sys.argv[5] if len(sys.argv) > 5 else "/tmp/rdna3-diff.txt"
    only = sys.argv[6].split(",") if len(sys.argv) > 6 and sys.argv[6] else list(ENC)
    vec = os.environ.get("RDNA3_VECTORS_OUT")
    vf = open(vec, "a") if vec else None
    rng = random.Random(seed * 1000 + wave)
    tot = same = rej = rej_ok = 0
    mism = []
    print("wave%d %-8s %8s %8s %9s %9s" % (wave, "enc", "accepted", "same", "rejected", "rej.too"))
    for name in only:
        tab = rows(ENC[name][4])
        cands = [gen(rng, name, tab, wave) for _ in range(count)]
        m = mc.run(cands, wave)
        o = ours(binary, cands, wave)
        a = s = rj = rjo = 0
        for c, x, y in zip(cands, m, o):
            if x is not None and x.startswith("?"):
                continue
            if vf:
                vf.write("%d\t%s\t%s\n" % (wave, " ".join("%08x" % v for v in c), x if x is not None else "<invalid>"))
            if x is None:
                rj += 1
                rjo += y is None
            else:
                a += 1
                s += x == y
            if x != y:
                mism.append("%s w%d %s\n  llvm: %s\n  ours: %s" % (name, wave, " ".join("%08x" % v for v in c), x, y))
        print("wave%d %-8s %8d %8d %9d %9d" % (wave, name, a, s, rj, rjo))
        tot += a
        same += s
        rej += rj
        rej_ok += rjo
    with open(misfile, "w") as f:
        f.write("\n".join(mism) + "\n")
    pct = 100.0 * same / max(tot, 1)
    pr = 100.0 * rej_ok / max(rej, 1)
    print("TOTAL wave%d accepted %d identical %d (%.3f%%); rejected %d rejected-too %d (%.3f%%)" % (wave, tot, same, pct, rej, rej_ok, pr))
    print("mismatches in", misfile)
    sys.exit(0 if pct >= 99.9 and pr >= 99.9 else 1)


if __name__ == "__main__":
    main()
