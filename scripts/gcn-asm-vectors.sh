#!/usr/bin/env bash
# Assembler golden vectors: the texts llvm-mc-19 prints for the disassembler vectors, assembled
# back by llvm-mc-19 (tests/vectors/<gen>/llvm-mc-asm.txt: TEXT<TAB>WORDS). Texts llvm-mc's own
# assembler rejects (it prints some operands it cannot read back) are left out.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - <<'PY'
import re, subprocess
for gen, cpu in (("gfx8", "gfx803"), ("gfx9", "gfx900")):
    texts = []
    for ln in open("tests/vectors/%s/llvm-mc-random.txt" % gen):
        c = ln.rstrip("\n").split("\t")
        if len(c) == 3 and c[2] != "<invalid>" and "/*" not in c[2] and c[2] not in texts:
            texts.append(c[2])
    r = subprocess.run(["llvm-mc-19", "-arch=amdgcn", "-mcpu=" + cpu, "--show-encoding"],
                       input="\n".join(texts) + "\n", capture_output=True, text=True)
    bad = {int(m.group(1)) for m in re.finditer(r"<stdin>:(\d+):\d+: error", r.stderr)}
    outs = [l for l in r.stdout.splitlines() if "; encoding:" in l]
    good = [t for i, t in enumerate(texts) if i + 1 not in bad]
    assert len(good) == len(outs), (len(good), len(outs))
    with open("tests/vectors/%s/llvm-mc-asm.txt" % gen, "w") as f:
        for t, o in zip(good, outs):
            bs = [int(x, 16) for x in re.findall(r"0x([0-9a-f]{2})", o.split("; encoding:")[1])]
            ws = [int.from_bytes(bytes(bs[i:i + 4]), "little") for i in range(0, len(bs), 4)]
            f.write("%s\t%s\n" % (t, " ".join("%08x" % w for w in ws)))
    print(gen, len(good), "assembler vectors,", len(bad), "texts llvm-mc rejects")
PY
