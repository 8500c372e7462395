#!/usr/bin/env python3
"""Operand sweep against llvm-mc-19: every opcode of VOP1/VOP2/VOPC/VOP3/SOP1/SOP2/SOPC with every
inline constant in each source, and the e32/SOP forms with a literal of telling values (values
equal to inline constants in another width: 1.0 in the low half, 1 as an f64 high half,
0xfffffff0 zero-extended to 64 bits ...). Each word's text must equal llvm-mc-19's, or both must
reject it. Random words almost never carry these values; this found the madak/madmk constant,
64-bit literals, f16 literals with a high half, and operand types of v_sat_pk_u8_i16,
v_mad_u32_u16/v_mad_i32_i16 src2 and v_mqsad_u32_u8 src2.
usage: scripts/gcn-operand-sweep.py CPU [--vectors]   (needs target/debug/examples/gcn_dis_lines
or GCN_DIS_LINES=path; exit 1 on any difference). --vectors also writes
tests/vectors/operand-sweep-CPU.txt for cargo test (tests/gcn_operand_sweep.rs): every literal
word of every other opcode, and all words of the opcodes whose operand types were fixed."""
import os, re, subprocess, sys, tempfile

cpu = sys.argv[1]
gen = {"gfx803": "gfx8", "gfx900": "gfx9", "gfx906": "gfx906"}[cpu]
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
tool = os.environ.get("GCN_DIS_LINES") or os.path.join(
    os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target")), "debug", "examples", "gcn_dis_lines")

def llvm_batch(cands):
    """llvm-mc-19's text of each word list's first instruction (None: invalid), one process; each
    candidate is followed by a two-word s_nop marker to resynchronise."""
    lines = []
    for i, ws in enumerate(cands):
        lines.append(",".join("0x%02x" % b for w in ws for b in w.to_bytes(4, "little")))
        m = (0xBF80C000 | (i & 0x3FFF)).to_bytes(4, "little")
        lines.append(",".join("0x%02x" % b for b in m * 2))
    r = subprocess.run(["llvm-mc-19", "--disassemble", "-arch=amdgcn", "-mcpu=" + cpu],
                       input="\n".join(lines) + "\n", capture_output=True, text=True)
    bad = set(int(m.group(1)) for m in re.finditer(r":(\d+):1: warning", r.stderr))
    outs = [x.strip() for x in r.stdout.splitlines() if x.strip() and x.strip() != ".text"]
    pos = {}
    for j, t in enumerate(outs):
        pos.setdefault(t, []).append(j)
    res, k = [], 0
    for i in range(len(cands)):
        p = next((j for j in pos.get("s_nop 0x%x" % (0xC000 | (i & 0x3FFF)), []) if j >= k), None)
        if p is None:
            raise SystemExit("marker %d lost (a candidate swallowed it)" % i)
        res.append(None if (2 * i + 1) in bad or p == k else outs[k])
        # A 2-dword instruction made of a candidate's trailing word may have eaten one copy.
        k = p + 1
        while k < len(outs) and outs[k] == outs[p]:
            k += 1
    return res

def rows(enc):
    for l in open(os.path.join(root, "data/gcn/%s/%s.txt" % (gen, enc))):
        if l.startswith("#") or not l.strip():
            continue
        c = l.split("\t")
        # madak/madmk need their constant dword (tests/vectors/kconst.txt covers them)
        if "madak" in c[1] or "madmk" in c[1]:
            continue
        yield int(c[0], 16)

INL = list(range(128, 193)) + list(range(240, 249))
LIT = [0x3f800000, 0xbf800000, 0x3f000000, 0x40000000, 0xc0800000, 0x3e22f983, 0, 1, 64, 65,
       0xfffffff0, 0xffffffef, 0x3c00, 0xbc00, 0x3118, 0x4248, 0x3c003c00, 0x00013c00,
       0x3fc45f30, 0x40490fdb, 0x80000000, 0x0000ffff, 0xffff0000]
cands = []
for src, lit in [(v, None) for v in INL] + [(255, k) for k in LIT]:
    tail = [] if lit is None else [lit]
    for op in rows("vop1"):
        cands.append([0x7E000000 | op << 9 | 7 << 17 | src] + tail)
    for op in rows("vop2"):
        cands.append([op << 25 | 7 << 17 | 5 << 9 | src] + tail)
    for op in rows("vopc"):
        cands.append([0x7C000000 | op << 17 | 5 << 9 | src] + tail)
    for op in rows("sop1"):
        cands.append([0xBE800000 | op << 8 | 6 << 16 | src] + tail)
    for op in rows("sop2"):
        cands.append([0x80000000 | op << 23 | 6 << 16 | 4 << 8 | src] + tail)
    for op in rows("sopc"):
        cands.append([0xBF000000 | op << 16 | 4 << 8 | src] + tail)
    if lit is None:
        for op in rows("vop3"):
            for k in range(3):
                s = [0x105, 0x106, 0x107]
                s[k] = src
                cands.append([0xD0000000 | op << 16 | 7, s[0] | s[1] << 9 | s[2] << 18])
want = []
for i in range(0, len(cands), 4000):
    want += llvm_batch(cands[i:i + 4000])
fd, path = tempfile.mkstemp(suffix=".txt")
os.close(fd)
open(path, "w").write("\n".join(" ".join("%08x" % w for w in c) for c in cands) + "\n")
r = subprocess.run([tool, cpu, path], capture_output=True, text=True)
os.unlink(path)
got = [l.split("\t", 1)[1] for l in r.stdout.splitlines()]
bad = 0
for c, w, g in zip(cands, want, got):
    if (w or "<invalid>") != g:
        bad += 1
        if bad <= 20:
            print("%s\n  llvm-mc: %s\n  gpuisa:  %s" % (" ".join("%08x" % x for x in c), w, g))
print("%s: %d operand words, %d differ from llvm-mc-19" % (cpu, len(cands), bad))
if "--vectors" in sys.argv:
    keep = ("v_sat_pk_u8_i16", "v_mad_u32_u16", "v_mad_i32_i16", "v_mqsad_u32_u8")
    out = ["# gpuisa operand sweep (scripts/gcn-operand-sweep.py %s --vectors): words, llvm-mc-19 text" % cpu]
    for i, (c, w) in enumerate(zip(cands, want)):
        if (len(c) == 2 and c[0] >> 26 != 0x34 and i % 2 == 0) or (w and w.startswith(keep)):
            out.append("%s\t%s" % (" ".join("%08x" % x for x in c), w or "<invalid>"))
    open(os.path.join(root, "tests/vectors/operand-sweep-%s.txt" % cpu), "w").write("\n".join(out) + "\n")
    print(len(out) - 1, "vectors written")
sys.exit(1 if bad or len(got) != len(cands) else 0)
