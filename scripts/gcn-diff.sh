#!/usr/bin/env bash
# Differential test of the GCN disassembler against llvm-mc-19 on random words per encoding.
# usage: scripts/gcn-diff.sh ARCH SEED COUNT_PER_ENCODING [GPUISA_BINARY] [MISMATCH_FILE]
#   ARCH: gfx803 | gfx900 | ... ; prints per-encoding agreement and the total, exits 1 below 99.9%.
# Words llvm-mc crashes on are found by bisection, skipped and listed.
set -euo pipefail
ARCH=${1:-gfx900}; SEED=${2:-1}; COUNT=${3:-2000}
BIN=${4:-${CARGO_TARGET_DIR:-target}/debug/examples/llvm_mc}
MIS=${5:-/tmp/gcn-diff-$ARCH-$SEED.txt}
exec python3 - "$ARCH" "$SEED" "$COUNT" "$BIN" "$MIS" <<'PY'
import random, re, subprocess, sys, tempfile, os
arch, seed, count, binary, misfile = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
gfx9 = arch.startswith("gfx9")
rng = random.Random(seed)
# (name, fixed bits value, fixed bits mask, dwords)
ENC = [("SOP2", 0x80000000, 0xC0000000, 2), ("SOPK", 0xB0000000, 0xF0000000, 2),
       ("SOP1", 0xBE800000, 0xFF800000, 2), ("SOPC", 0xBF000000, 0xFF800000, 2),
       ("SOPP", 0xBF800000, 0xFF800000, 1), ("SMEM", 0xC0000000, 0xFC000000, 2),
       ("VOP2", 0x00000000, 0x80000000, 2), ("VOP1", 0x7E000000, 0xFE000000, 2),
       ("VOPC", 0x7C000000, 0xFE000000, 2), ("VOP3", 0xD0000000, 0xFC000000, 2),
       ("VINTRP", 0xD4000000, 0xFC000000, 1), ("DS", 0xD8000000, 0xFC000000, 2),
       ("FLAT", 0xDC000000, 0xFC000000, 2), ("MUBUF", 0xE0000000, 0xFC000000, 2),
       ("MTBUF", 0xE8000000, 0xFC000000, 2), ("MIMG", 0xF0000000, 0xFC000000, 2),
       ("EXP", 0xC4000000, 0xFC000000, 2)]
if gfx9:
    ENC.append(("VOP3P", 0xD3800000, 0xFF800000, 2))
# SDWA and DPP: VOP2/VOP1/VOPC words with src0 = 0xf9 / 0xfa and a random second dword.
for ext, code in (("SDWA", 0xF9), ("DPP", 0xFA)):
    ENC += [(ext + "2", code, 0x800001FF, 2), (ext + "1", 0x7E000000 | code, 0xFE0001FF, 2),
            (ext + "C", 0x7C000000 | code, 0xFE0001FF, 2)]

ROOT = os.path.join(os.path.dirname(os.path.abspath(binary)), "..", "..", "..")
OPF = {"SOP2": (23, 7, ["sop2"]), "SOPK": (23, 5, ["sopk"]), "SOP1": (8, 8, ["sop1"]), "SOPC": (16, 7, ["sopc"]),
       "SOPP": (16, 7, ["sopp"]), "SMEM": (18, 8, ["smem"]), "VOP2": (25, 6, ["vop2"]), "VOP1": (9, 8, ["vop1"]),
       "VOPC": (17, 8, ["vopc"]), "VOP3": (16, 10, ["vop3"]), "VOP3P": (16, 7, ["vop3p"]), "VINTRP": (16, 2, ["vintrp"]),
       "DS": (17, 8, ["ds"]), "FLAT": (18, 7, ["flat", "global", "scratch"]), "MUBUF": (18, 7, ["mubuf"]),
       "MTBUF": (15, 4, ["mtbuf"]), "MIMG": (18, 7, ["mimg"]),
       "SDWA2": (25, 6, ["vop2"]), "SDWA1": (9, 8, ["vop1"]), "SDWAC": (17, 8, ["vopc"]),
       "DPP2": (25, 6, ["vop2"]), "DPP1": (9, 8, ["vop1"]), "DPPC": (17, 8, ["vopc"])}
TABLES = {}
def table_rows(name):
    """(opcode, ok masks, segment) rows of our data tables: used to aim half of the random words
    at existing opcodes with only the bits llvm-mc accepts (the oracle still decides)."""
    if name in TABLES:
        return TABLES[name]
    rows = []
    gen = "gfx9" if gfx9 else "gfx8"
    here = os.environ.get("GCN_DATA", "data/gcn")
    for seg, t in enumerate(OPF.get(name, (0, 0, []))[2]):
        fn = os.path.join(here, gen, t + ".txt")
        if not os.path.exists(fn):
            continue
        for ln in open(fn):
            if ln.startswith("#"):
                continue
            c = ln.rstrip("\n").split("\t")
            if len(c) >= 5:
                rows.append((int(c[0], 16), [int(x, 16) for x in c[4].split(",")], seg))
    TABLES[name] = rows
    return rows

def gen_word(enc):
    name, val, mask, n = enc
    rows = table_rows(name)
    if rows and rng.random() < 0.5:
        op, ok, seg = rng.choice(rows)
        sh, wd, _ = OPF[name]
        ext = name.startswith("SDWA") or name.startswith("DPP")
        ws = [rng.getrandbits(32) & (0xFFFFFFFF if ext else ok[0])] + [rng.getrandbits(32) & (ok[1] if len(ok) > 1 and not ext else 0xFFFFFFFF) for _ in range(n - 1)]
        if ext and rng.random() < 0.7:
            ws[1] &= rng.choice([0x0F0F0F0F, 0x00FFFFFF, 0x06060606, 0xFF0F00FF, 0x36363E3E])
        ws[0] = (ws[0] & ~mask & ~(((1 << wd) - 1) << sh)) | val | op << sh
        if name == "FLAT":
            ws[0] = (ws[0] & ~(3 << 14)) | seg << 14
        return ws
    w0 = (rng.getrandbits(32) & ~mask) | val
    # bias: make sparse fields more often valid (zero upper bits / small regs) half the time
    ws = [w0] + [rng.getrandbits(32) for _ in range(n - 1)]
    if rng.random() < 0.5 and n > 1:
        ws[1] &= rng.choice([0xFFFFFFFF, 0x00FFFFFF, 0x0000FFFF, 0x3FFFFFFF, 0x7F7F7F7F, 0x0F0F0F0F])
    if rng.random() < 0.3:
        ws[0] &= ~rng.choice([0x0000FF00, 0x00003F00, 0x000000FF, 0x0003F000, 0x0003FF00]) | mask
        ws[0] |= val
    if name == "VOP3" and gfx9 and (ws[0] >> 23) == 0x1A7:
        ws[0] &= ~(1 << 23)
    if name in ("SOPK",) and ((ws[0] >> 23) & 0x1F) >= 0x1D:
        ws[0] &= ~(0x10 << 23)
    if name == "SOP2" and (ws[0] >> 28) == 0xB:
        ws[0] &= ~(1 << 28)
    return ws

def mark(i):
    """s_nop i, twice after candidate i: a resynchronisation point naming the candidate."""
    return ",".join("0x%02x" % b for b in (0xBF800000 | (i & 0xFFFF)).to_bytes(4, "little"))

def to_lines(cands):
    lines = []
    for i, ws in enumerate(cands):
        bs = b"".join(w.to_bytes(4, "little") for w in ws)
        lines.append(",".join("0x%02x" % b for b in bs))
        lines.append(mark(i) + "," + mark(i))
    return lines, None

def first_events(text_out, text_err, ncand):
    """For each candidate: the text of its first instruction, or None if that word is invalid."""
    bad_first = set()
    for m in re.finditer(r":(\d+):(\d+): warning: invalid instruction encoding", text_err):
        ln, col = int(m.group(1)), int(m.group(2))
        if ln % 2 == 1 and col == 1:
            bad_first.add((ln - 1) // 2)
    chunks = [[] for _ in range(ncand)]
    k = 0
    for ln in text_out.splitlines():
        s = ln.strip()
        if not s or s == ".text" or k >= ncand:
            continue
        t, _, enc = s.partition("; encoding:")
        if enc.strip() == "[%s]" % mark(k):
            k += 1  # first of the two markers of candidate k (the second one is skipped below)
            continue
        if k > 0 and enc.strip() == "[%s]" % mark(k - 1) and not chunks[k] :
            continue
        chunks[k].append(t.strip())
    res = []
    for i in range(ncand):
        if i in bad_first:
            res.append(None)
        elif chunks[i]:
            res.append(chunks[i][0])
        else:
            res.append("?missing")
    return res

def run_mc(lines):
    src = "\n".join(lines) + "\n"
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(src)
        path = f.name
    r = subprocess.run(["llvm-mc-19", "--disassemble", "-arch=amdgcn", "-mcpu=" + arch, "--show-encoding", path],
                       capture_output=True, text=True)
    os.unlink(path)
    return r

def mc_safe(cands, crashes):
    """Runs llvm-mc, bisecting to drop candidates it crashes on."""
    lines, _ = to_lines(cands)
    r = run_mc(lines)
    if r.returncode == 0:
        return cands, r
    if len(cands) == 1:
        crashes.append(cands[0])
        return [], None
    h = len(cands) // 2
    a, ra = mc_safe(cands[:h], crashes)
    b, rb = mc_safe(cands[h:], crashes)
    keep = a + b
    if not keep:
        return [], None
    lines, _ = to_lines(keep)
    return keep, run_mc(lines)

VEC = os.environ.get("GCN_VECTORS_OUT")
vec = open(VEC, "w") if VEC else None
tot_ok = tot = tot_rej_ok = tot_rej = 0
crashes, mism = [], []
print("%-7s %8s %8s %9s %9s" % ("enc", "accepted", "same", "rejected", "rej.too"))
for enc in ENC:
    cands = [gen_word(enc) for _ in range(count)]
    kept = []
    for k in range(0, len(cands), 500):
        part, r = mc_safe(cands[k:k + 500], crashes)
        kept += part
    cands = kept
    lines, _ = to_lines(cands)
    r = run_mc(lines)
    mc = first_events(r.stdout, r.stderr, len(cands))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    g = subprocess.run([binary, "--arch", arch, "--bytes", "--show-encoding", path], capture_output=True, text=True)
    os.unlink(path)
    if g.returncode not in (0, 1) and not g.stdout:
        print("gpuisa failed:", g.stderr[:500]); sys.exit(2)
    ours = first_events(g.stdout, g.stderr, len(cands))
    acc = same = rej = rej_ok = 0
    for i in range(len(cands)):
        m, o = mc[i], ours[i]
        if vec and m != "?missing":
            vec.write("%s\t%s\t%s\n" % (enc[0], " ".join("%08x" % w for w in cands[i]), m if m is not None else "<invalid>"))
        if m is None:
            rej += 1
            rej_ok += o is None
        else:
            acc += 1
            same += m == o
        if m != o:
            mism.append("%s %s\n  llvm: %s\n  ours: %s" % (enc[0], " ".join("%08x" % w for w in cands[i]), m, o))
    print("%-7s %8d %8d %9d %9d" % (enc[0], acc, same, rej, rej_ok))
    tot += acc; tot_ok += same; tot_rej += rej; tot_rej_ok += rej_ok
with open(misfile, "w") as f:
    f.write("\n".join(mism) + "\n")
    for c in crashes:
        f.write("llvm-mc crash: %s\n" % " ".join("%08x" % w for w in c))
pct = 100.0 * tot_ok / max(tot, 1)
pr = 100.0 * tot_rej_ok / max(tot_rej, 1)
print("TOTAL accepted %d identical %d (%.3f%%); rejected %d rejected-too %d (%.3f%%); llvm-mc crashes %d" % (tot, tot_ok, pct, tot_rej, tot_rej_ok, pr, len(crashes)))
print("mismatches in", misfile)
sys.exit(0 if pct >= 99.9 and pr >= 99.9 else 1)
PY
