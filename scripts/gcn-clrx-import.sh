#!/usr/bin/env bash
# Imports CLRX's GCN test vectors (../shared/vectors/clrx, from CLRX's test-suite,
# GCNAsmOpc*.cpp / GCNDisasmOpc*.cpp) into tests/vectors/clrx/ as tab-separated text, adding
# llvm-mc-19's disassembly of each word list (the oracle) next to CLRX's text:
#   dis-<gen>.tsv: WORDS<TAB>CLRX text<TAB>llvm-mc-19 text (or <invalid>)
#   asm-<gen>.tsv: good(1/0)<TAB>WORDS<TAB>CLRX text (newlines as \n)
# The assembler vectors are imported for all five sets (GCN 1.0 tahiti = gfx600, GCN 1.1 bonaire =
# gfx700: its file holds only the cases that differ from GCN 1.0); the disassembler vectors for
# GCN 1.2/1.4/1.4.1.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=${1:-../shared/vectors/clrx}
[ -d "$SRC" ] || SRC=/work/shared/vectors/clrx
# PARTS=asm (or dis) imports only that side.
exec python3 - "$SRC" "${PARTS:-dis,asm}" <<'PY'
import json, re, subprocess, sys, os
src = sys.argv[1]
parts = sys.argv[2].split(",")
for gen, cpu in (("GCN1.2", "gfx802"), ("GCN1.4", "gfx900"), ("GCN1.4.1", "gfx906")) if "dis" in parts else ():
    rows = [json.loads(l) for l in open(os.path.join(src, "dis-%s.jsonl" % gen))]
    texts = []
    for r in rows:
        ws = [int(w, 16) for w in r["words"]]
        bs = b"".join(w.to_bytes(4, "little") for w in ws)
        line = ",".join("0x%02x" % b for b in bs)
        p = subprocess.run(["llvm-mc-19", "--disassemble", "-arch=amdgcn", "-mcpu=" + cpu], input=line + "\n",
                           capture_output=True, text=True)
        outs = [l.strip() for l in p.stdout.splitlines() if l.strip() and l.strip() != ".text"]
        bad = "warning: invalid" in p.stderr and ":1:1:" in p.stderr
        texts.append("<invalid>" if bad or p.returncode != 0 or not outs else outs[0])
    with open("tests/vectors/clrx/dis-%s.tsv" % gen, "w") as f:
        f.write("# CLRX disassembler vectors (%s, %s): words, CLRX text, llvm-mc-19 text\n" % (gen, cpu))
        for r, t in zip(rows, texts):
            f.write("%s\t%s\t%s\n" % (" ".join(w[2:].zfill(8) for w in r["words"]), r["text"].replace("\t", " "), t))
for gen, cpu in (("GCN1.0", "gfx600"), ("GCN1.1", "gfx700"), ("GCN1.2", "gfx802"), ("GCN1.4", "gfx900"),
                 ("GCN1.4.1", "gfx906")) if "asm" in parts else ():
    rows = [json.loads(l) for l in open(os.path.join(src, "asm-%s.jsonl" % gen))]
    with open("tests/vectors/clrx/asm-%s.tsv" % gen, "w") as f:
        f.write("# CLRX assembler vectors (%s, %s): good, words, CLRX source text\n" % (gen, cpu))
        for r in rows:
            f.write("%d\t%s\t%s\n" % (1 if r["good"] else 0, " ".join(w[2:].zfill(8) for w in r.get("words", [])),
                                      r["text"].replace("\\", "\\\\").replace("\n", "\\n").replace("\t", " ")))
    print(gen, "imported")
PY
