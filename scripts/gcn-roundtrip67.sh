#!/usr/bin/env bash
# gfx6/gfx7 check (llvm-mc-19 cannot disassemble them): random words aimed at every table opcode
# with random register fields, decoded by gpuisa; each text gpuisa prints must assemble with
# llvm-mc-19 (-mcpu=gfx600 / gfx700) back to the same bytes.
# Every text llvm-mc refuses is put in a class (CLASSES below: what LLVM refuses and why gpuisa
# prints it anyway); the per-class counts are printed and the script exits 1 if any difference is
# unclassified (or if llvm-mc assembles a text to bytes gpuisa prints differently).
# usage: scripts/gcn-roundtrip67.sh SEED COUNT_PER_ENCODING [BINARY] [MISMATCH_FILE]
# GCN_VECTORS_DIR=tests/vectors also rewrites <gen>/llvm-mc-roundtrip.txt and <gen>/llvm-mc-refused.txt.
set -euo pipefail
SEED=${1:-1}; COUNT=${2:-300}
BIN=${3:-${CARGO_TARGET_DIR:-target}/debug/examples/llvm_mc}
MIS=${4:-/tmp/gcn-rt67.txt}
exec python3 - "$SEED" "$COUNT" "$BIN" "$MIS" <<'PY'
import os, random, re, subprocess, sys, tempfile
seed, count, binary, misfile = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
rng = random.Random(seed)
# encoding: (table, fixed bits, opcode shift, opcode width, dwords, fields to randomise (dword, lo, width))
ENC = {
    "sop2": (0x80000000, 23, 7, 1, [(0, 0, 8), (0, 8, 8), (0, 16, 7)]),
    "sopk": (0xB0000000, 23, 5, 1, [(0, 0, 16), (0, 16, 7)]),
    "sop1": (0xBE800000, 8, 8, 1, [(0, 0, 8), (0, 16, 7)]),
    "sopc": (0xBF000000, 16, 7, 1, [(0, 0, 8), (0, 8, 8)]),
    "sopp": (0xBF800000, 16, 7, 1, [(0, 0, 16)]),
    "smrd": (0xC0000000, 22, 5, 1, [(0, 0, 9), (0, 9, 6), (0, 15, 7)]),
    "vop2": (0x00000000, 25, 6, 1, [(0, 0, 9), (0, 9, 8), (0, 17, 8)]),
    "vop1": (0x7E000000, 9, 8, 1, [(0, 0, 9), (0, 17, 8)]),
    "vopc": (0x7C000000, 17, 8, 1, [(0, 0, 9), (0, 9, 8)]),
    "vop3": (0xD0000000, 17, 9, 2, [(0, 0, 8), (0, 8, 3), (0, 11, 1), (0, 12, 3), (0, 15, 2), (1, 0, 9), (1, 9, 9), (1, 18, 9), (1, 27, 2), (1, 29, 3)]),
    "vintrp": (0xC8000000, 16, 2, 1, [(0, 0, 8), (0, 8, 2), (0, 10, 6), (0, 18, 8)]),
    "ds": (0xD8000000, 18, 8, 2, [(0, 0, 8), (0, 8, 8), (0, 17, 1), (1, 0, 8), (1, 8, 8), (1, 16, 8), (1, 24, 8)]),
    "mubuf": (0xE0000000, 18, 7, 2, [(0, 0, 12), (0, 12, 2), (0, 14, 1), (0, 15, 2), (1, 0, 8), (1, 8, 8), (1, 16, 5), (1, 22, 2), (1, 24, 8)]),
    "mtbuf": (0xE8000000, 16, 3, 2, [(0, 0, 12), (0, 12, 2), (0, 14, 1), (0, 15, 1), (0, 19, 7), (1, 0, 8), (1, 8, 8), (1, 16, 5), (1, 22, 2), (1, 24, 8)]),
    "mimg": (0xF0000000, 18, 7, 2, [(0, 8, 10), (0, 25, 1), (1, 0, 8), (1, 8, 8), (1, 16, 5), (1, 21, 5)]),
    "flat": (0xDC000000, 18, 7, 2, [(0, 16, 2), (1, 0, 8), (1, 8, 8), (1, 24, 8)]),
}
LIT = ("sop2", "sopk", "sop1", "sopc", "smrd", "vop2", "vop1", "vopc")
ZF = {"sdst": [(0, 16, 7)], "ssrc0": [(0, 0, 8)], "ssrc1": [(0, 8, 8)], "simm16": [(0, 0, 16)],
      "sdata": [(0, 15, 7)], "sbase": [(0, 9, 6)], "vsrc1": [(0, 9, 8)],
      "addr": [(1, 0, 8)], "data0": [(1, 8, 8)], "data1": [(1, 16, 8)], "data": [(1, 8, 8)],
      "vaddr": [(1, 0, 8)], "vdata": [(1, 8, 8)], "srsrc": [(1, 16, 5)], "ssamp": [(1, 21, 5)], "soffset": [(1, 24, 8)]}
def zfields(enc, name):
    if name == "vdst":
        return {"vop3": [(0, 0, 8)], "ds": [(1, 24, 8)], "flat": [(1, 24, 8)]}.get(enc, [(0, 17, 8)])
    if name in ("src0", "src1", "src2"):
        i = int(name[3])
        return [(1, 9 * i, 9)] if enc == "vop3" else [(0, 0, 9)]
    return ZF.get(name, [])

def run(cpu, lines):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    r = subprocess.run([binary, "--arch", cpu, "--bytes", path], capture_output=True, text=True)
    os.unlink(path)
    o = [l.strip() for l in r.stdout.splitlines() if l.strip() and l.strip() != ".text"]
    return None if ":1:1: warning" in r.stderr or not o else o[0]

CLASSES = [
    ("note", "gpuisa prints LLVM's /*Invalid register|immediate*/ note (llvm-mc's gfx8 disassembler rule for an operand of the wrong register class); no text can re-assemble"),
    ("attr>32", "VINTRP attribute 33-63: the 6-bit field holds it and llvm-mc's disassembler prints attrN, its assembler accepts attr0-attr32 only"),
    ("constant-bus", "two different SGPRs/constants read by one VALU instruction: a valid encoding, the assembler enforces the constant-bus limit"),
    ("tfe-store", "tfe on a MUBUF/MTBUF store: encodable, the assembler refuses it (llvm-mc-19 'TFE modifier has no meaning for store instructions')"),
    ("format-reserved", "MTBUF dfmt/nfmt a reserved value: printed by name (BUF_*_RESERVED_n), the assembler refuses it ('unsupported format')"),
    ("ttmp12-15", "ttmp[..] range past ttmp11: LLVM's disassembler names ttmp0-15 on every generation, its gfx6-gfx8 assembler refuses registers past ttmp11"),
    ("mimg-atomic-dmask", "image_atomic_* with a dmask other than 0x1/0x3 (cmpswap 0x3/0xf): encodable, the assembler refuses it"),
    ("gather4-dmask", "image_gather4* with a dmask of more than one bit: encodable, the assembler refuses it"),
    ("mimg-data-past-v255", "MIMG data range that would run past v255: printed with the opcode's base size (llvm-mc's gfx8 rule), the assembler wants dmask+tfe registers"),
    ("special-src", "a VGPR-only (v_movrel*) or register-only (s_setpc_b64, s_rfe_b64, s_cbranch_join, s_movrel*) source holding a named special source (src_scc, src_vccz, src_execz, src_lds_direct ...): llvm-mc's gfx8 disassembler prints it without a note (checked: v_movrels_b32_e64 v10, src_execz), its assembler refuses it"),
    ("interp-slot", "v_interp_mov_f32 with a slot other than p10/p20/p0: llvm-mc's disassembler prints invalid_param_N, its assembler refuses it"),
    ("vop3-f16-const", "an inline constant in a 16-bit operand of a gfx6/7 VOP3 (v_cvt_f32_f16_e64 v49, 1.0): llvm-mc-19's assembler calls every such constant a literal ('literal operands are not supported'; even 1), while the e32 form takes the same constant"),
    ("lds-direct-src", "src_lds_direct in a VOP3 src1/src2: LLVM's disassembler prints it (gfx8 rule), its assembler takes lds_direct as src0 only"),
    ("vopc-clamp", "clamp on a VOPC e64 compare: llvm-mc-19 treats compare clamp as integer clamping, which its gfx6/gfx7 assembler refuses (gfx803 assembles the same text; the bit is the VOP3a clamp bit)"),
    ("g-fork-literal", "a literal in s_cbranch_g_fork: llvm-mc-19's disassembler prints it (checked on gfx803), its assembler refuses it on every generation"),
    ("int-clamp", "clamp on a gfx6/7 VOP3 opcode with an integer operand or result: the clamp bit is encodable, the assembler refuses clamp on these opcodes"),
]

def classify(gen, enc, ws, t, err):
    m = t.split(" ")[0]
    if "/*Invalid" in t:
        return "note"
    if "invalid interpolation slot" in err and "invalid_param_" in t:
        return "interp-slot"
    if "literal operands are not supported" in err and enc == "vop3" and m.startswith(("v_cvt_f32_f16", "v_cvt_f16")):
        return "vop3-f16-const"
    if "lds_direct may be used as src0 only" in err:
        return "lds-direct-src"
    if "integer clamping is not supported" in err and m.startswith("v_cmp"):
        return "vopc-clamp"
    if "integer clamping is not supported" in err:
        return "int-clamp"  # e.g. v_cvt_i32_f64 (an integer result): found on seed 13
    if m == "s_cbranch_g_fork" and "invalid operand" in err and re.search(r"0x[0-9a-f]{3,}", t):
        return "g-fork-literal"
    if "interpolation attribute" in err:
        return "attr>32"
    if "constant bus" in err:
        return "constant-bus"
    if "TFE modifier has no meaning for store" in err:
        return "tfe-store"
    if "unsupported format" in err:
        return "format-reserved"
    for a, b in re.findall(r"ttmp\[(\d+):(\d+)\]", t):
        if int(b) > 11 and "not available" in err:
            return "ttmp12-15"
    if m.startswith("image_atomic"):
        dm = re.search(r"dmask:0x([0-9a-f]+)", t)
        d = int(dm.group(1), 16) if dm else 0
        if d not in ((0x3, 0xF) if "cmpswap" in m else (0x1, 0x3)):
            return "mimg-atomic-dmask"
    if "image_gather dmask" in err:
        return "gather4-dmask"
    if enc == "mimg" and ("image data size does not match" in err or "invalid operand" in err):
        v = re.match(r"\S+ v\[?(\d+)", t)
        if v and int(v.group(1)) > 251:
            return "mimg-data-past-v255"
    if m.startswith(("v_movrel", "s_setpc", "s_rfe", "s_cbranch_join", "s_movrel")) and re.search(r"\bsrc_(scc|vccz|execz|lds_direct)\b", t):
        return "special-src"
    if t.endswith(" clamp") and enc == "vop3" and "invalid operand" in err and re.match(r"v_(lsh|ash|and|or|xor|b|mul_lo|mul_hi|mad_u|mad_i|cvt_pk|max_i|min_i|max_u|min_u|not|ffb|cndmask|bf)", m):
        return "int-clamp"
    return None

VEC = os.environ.get("GCN_VECTORS_DIR")
refused = {}
equiv = []
cls = {}
vecs = {}
tot = {}
mism = []
for gen, cpu in (("gfx6", "gfx600"), ("gfx7", "gfx700")):
    for enc, (fixed, sh, wd, n, fields) in ENC.items():
        fn = os.path.join("data/gcn", gen, enc + ".txt")
        if not os.path.exists(fn):
            continue
        rows = []
        for ln in open(fn):
            if ln.startswith("#"):
                continue
            c = ln.rstrip("\n").split("\t")
            zero = c[3].split(",")
            rows.append((int(c[0], 16), zero))
        cands = []
        for _ in range(count):
            op, zero = rng.choice(rows)
            ws = [fixed | op << sh] + [0] * (n - 1)
            for dw, lo, width in fields:
                v = rng.getrandbits(width)
                if rng.random() < 0.3:
                    v &= 0x3F  # small register numbers and constants
                ws[dw] |= v << lo
            if enc in ("vop1", "vop2", "vopc") and ws[0] & 0x1FF in (0xF9, 0xFA) and rng.random() < 0.8:
                ws[0] = (ws[0] & ~0x1FF) | 0x101
            if enc in LIT:
                # A literal dword follows (used by 0xff sources, K constants, s_setreg_imm32,
                # gfx7 SMRD literal offsets; ignored otherwise).
                ws.append(rng.choice([rng.getrandbits(32), rng.getrandbits(6), 0x3F800000, 0xBF000000, 0xFFFFFFF0]))
            if enc in ("mubuf", "mtbuf") and rng.random() < 0.75:
                ws[0] &= ~(3 << 15)  # addr64, lds
            if enc == "vop3" and rng.random() < 0.7:
                ws[0] &= ~0x1FF00  # abs, clamp, VOP3b sdst high bits, fieldless bits
                ws[1] &= 0x07FFFFFF  # omod, neg
            for z in zero:
                for dw, lo, width in zfields(enc, z):
                    ws[dw] &= ~(((1 << width) - 1) << lo)
            cands.append(ws)
        lines = [",".join("0x%02x" % b for w in ws for b in w.to_bytes(4, "little")) for ws in cands]
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("\n".join(lines) + "\n")
            path = f.name
        ok_texts = []
        for ws, line in zip(cands, lines):
            pass
        # Decode each candidate alone (first instruction only).
        outs = []
        for line in lines:
            with open(path, "w") as f:
                f.write(line + "\n")
            r = subprocess.run([binary, "--arch", cpu, "--bytes", path], capture_output=True, text=True)
            o = [l.strip() for l in r.stdout.splitlines() if l.strip() and l.strip() != ".text"]
            first_bad = ":1:1: warning" in r.stderr
            outs.append(None if first_bad or not o else o[0])
        os.unlink(path)
        texts = [(ws, t) for ws, t in zip(cands, outs) if t is not None]
        src = "\n".join(t for _, t in texts) + "\n"
        r = subprocess.run(["llvm-mc-19", "-arch=amdgcn", "-mcpu=" + cpu, "--show-encoding"], input=src, capture_output=True, text=True)
        bad = {}
        for m in re.finditer(r"<stdin>:(\d+):\d+: error: (.*)", r.stderr):
            bad.setdefault(int(m.group(1)), m.group(2))
        encs = [l for l in r.stdout.splitlines() if "; encoding:" in l]
        it = iter(encs)
        acc = same = fix = 0
        for i, (ws, t) in enumerate(texts):
            acc += 1
            if i + 1 in bad:
                c = classify(gen, enc, ws, t, bad[i + 1])
                cls[(gen, c)] = cls.get((gen, c), 0) + 1
                if c is None:
                    mism.append("%s %s %s\n  gpuisa: %s\n  llvm-mc: error: %s" % (gen, enc, " ".join("%08x" % w for w in ws), t, bad[i + 1]))
                else:
                    refused.setdefault(gen, []).append("%s\t%s\t%s\t%s\t%s" % (c, enc, " ".join("%08x" % w for w in ws), t, bad[i + 1]))
                continue
            l = next(it, "")
            bs = [int(x, 16) for x in re.findall(r"0x([0-9a-f]{2})", l.split("; encoding:")[-1])]
            want = [b for w in ws for b in w.to_bytes(4, "little")][:len(bs)]
            if bs == want:
                same += 1
                vecs.setdefault(gen, []).append("%s\t%s\t%s" % (enc, " ".join("%08x" % w for w in ws[:len(bs) // 4]), t))
            elif run(cpu, [",".join("0x%02x" % b for b in bs)]) == t:
                # llvm-mc canonicalised a bit gpuisa ignores (e.g. an odd register of a pair):
                # the text is the same instruction.
                fix += 1
                equiv.append("%s %s %s -> %s\t%s" % (gen, enc, " ".join("%08x" % w for w in ws), " ".join("%08x" % int.from_bytes(bytes(bs[i:i + 4]), "little") for i in range(0, len(bs), 4)), t))
            else:
                mism.append("%s %s %s\n  gpuisa: %s\n  llvm-mc: %s" % (gen, enc, " ".join("%08x" % w for w in ws), t, l.strip()))
        tot.setdefault(gen, [0, 0, 0])
        tot[gen][0] += acc
        tot[gen][1] += same
        tot[gen][2] += fix
        print("%s %-7s decoded %4d, llvm-mc re-assembles to the same bytes %4d, to equivalent bytes %4d" % (gen, enc, acc, same, fix))
open(misfile, "w").write("\n".join(mism) + "\n")
open(misfile + ".equiv", "w").write("\n".join(equiv) + "\n")
if VEC:
    for g, v in vecs.items():
        os.makedirs(os.path.join(VEC, g), exist_ok=True)
        with open(os.path.join(VEC, g, "llvm-mc-roundtrip.txt"), "w") as f:
            f.write("# gfx6/gfx7 words whose gpuisa text llvm-mc-19 assembles back to the same bytes\n")
            f.write("# (scripts/gcn-roundtrip67.sh; llvm-mc cannot disassemble these generations): enc, words, text\n")
            f.write("\n".join(v) + "\n")
            with open(os.path.join(VEC, g, "llvm-mc-refused.txt"), "w") as f:
                f.write("# gfx6/gfx7 words whose gpuisa text llvm-mc-19's assembler refuses, by class (scripts/gcn-roundtrip67.sh):\n")
                f.write("# class, enc, words, gpuisa text, llvm-mc-19 error. Classes:\n")
                for c, why in CLASSES:
                    f.write("#   %s: %s\n" % (c, why))
                f.write("\n".join(refused.get(g, [])) + "\n")
for g, (a, s, x) in tot.items():
    print("TOTAL %s: %d decoded words: %d (%.2f%%) assemble with llvm-mc-19 to identical bytes, %d more to bytes gpuisa prints identically; %d (%.2f%%) differ" % (g, a, s, 100.0 * s / max(a, 1), x, a - s - x, 100.0 * (a - s - x) / max(a, 1)))
for g in tot:
    for c, _ in CLASSES + [(None, "")]:
        if cls.get((g, c)):
            print("  %s refused by llvm-mc, class %s: %d" % (g, c or "UNCLASSIFIED", cls[(g, c)]))
if mism:
    print("%d unclassified differences (in %s)" % (len(mism), misfile))
    sys.exit(1)
PY
