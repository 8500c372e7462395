"""Round trip of llvm-mc-19's own gfx11 text: the texts of the golden vectors (accepted words
without register-class comments) are assembled by llvm-mc-19 (-show-encoding) and by gpuisa;
the bytes must agree. usage: asmdiff.py BINARY VECTOR_FILE... ; prints per-mnemonic-prefix counts."""
import collections
import os
import re
import subprocess
import sys
import tempfile

binary, files = sys.argv[1], sys.argv[2:]
by_wave = collections.defaultdict(list)
for fn in files:
    for ln in open(fn):
        if ln.startswith("#"):
            continue
        c = ln.rstrip("\n").split("\t")
        if len(c) < 3 or c[2] == "<invalid>" or "/*" in c[2]:
            continue
        by_wave[int(c[0])].append(c[2])
tot = same = 0
mism = []
for wave, texts in sorted(by_wave.items()):
    texts = sorted(set(texts))
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("\n".join(texts) + "\n")
        path = f.name
    r = subprocess.run(["llvm-mc-19", "-triple=amdgcn", "-mcpu=gfx1100", "-mattr=+wavefrontsize%d" % wave,
                        "-show-encoding", path], capture_output=True, text=True)
    bad_lines = {int(m.group(1)) for m in re.finditer(r":(\d+):\d+: error", r.stderr)}
    enc = [m.group(1) for m in re.finditer(r"; encoding: \[([^\]]*)\]", r.stdout)]
    ok_texts = [t for i, t in enumerate(texts) if (i + 1) not in bad_lines]
    if len(enc) != len(ok_texts):
        print("wave%d: could not align llvm-mc output (%d encodings for %d texts)" % (wave, len(enc), len(ok_texts)))
        continue
    with open(path, "w") as f:
        f.write("\n".join(ok_texts) + "\n")
    args = [binary, "--assemble", path] + (["--wave64"] if wave == 64 else [])
    g = subprocess.run(args, capture_output=True, text=True).stdout.splitlines()
    os.unlink(path)
    s = 0
    vec = os.environ.get("RDNA3_ASM_VECTORS_OUT")
    if vec:
        with open(vec, "a") as vf:
            for t, e in zip(ok_texts, enc):
                vf.write("%d\t%s\t%s\n" % (wave, t, e))
    for t, e, o in zip(ok_texts, enc, g):
        if e == o:
            s += 1
        else:
            mism.append("w%d %s\n  llvm: %s\n  ours: %s" % (wave, t, e, o))
    print("wave%d: %d texts llvm-mc assembles (%d it rejects), gpuisa gives the same bytes for %d (%.3f%%)"
          % (wave, len(ok_texts), len(bad_lines), s, 100.0 * s / max(len(ok_texts), 1)))
    tot += len(ok_texts)
    same += s
open("/tmp/rdna3-asmdiff.txt", "w").write("\n".join(mism) + "\n")
print("TOTAL %d texts, identical bytes %d (%.3f%%); mismatches in /tmp/rdna3-asmdiff.txt" % (tot, same, 100.0 * same / max(tot, 1)))
sys.exit(0 if same >= 0.999 * tot else 1)
