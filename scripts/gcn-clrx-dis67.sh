#!/usr/bin/env bash
# Imports CLRX's GCN 1.0/1.1 disassembler vectors (../shared/vectors/clrx/dis-GCN1.0|1.1.jsonl, from
# CLRX's test-suite; tahiti / hawaii) into tests/vectors/clrx/dis-GCN1.0.tsv / dis-GCN1.1.tsv.
# llvm-mc-19 cannot disassemble gfx6/gfx7, so the oracle is its assembler: gpuisa's text of each
# word list is assembled by llvm-mc-19 (-mcpu=gfx600 / gfx700 --show-encoding) and the verdict is
# recorded. Columns:
#   WORDS  CLRX text  gpuisa text (or <invalid>)  llvm-mc on gpuisa's text  llvm-mc on CLRX's text
# where a verdict is `same` (llvm-mc gives exactly WORDS), `bytes W1 [W2]` (other words) or
# `error: MESSAGE`, and `-` when there is no text. Checked by tests/gcn_clrx67.rs.
# usage: scripts/gcn-clrx-dis67.sh [CLRX_VECTOR_DIR] [gcn_dis_lines BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=${1:-../shared/vectors/clrx}
[ -d "$SRC" ] || SRC=/work/shared/vectors/clrx
BIN=${2:-${CARGO_TARGET_DIR:-target}/debug/examples/gcn_dis_lines}
[ -x "$BIN" ] || cargo build -q -p gpuisa-amdgpu --example gcn_dis_lines
exec python3 - "$SRC" "$BIN" <<'PY'
import json, os, re, subprocess, sys, tempfile
src, binary = sys.argv[1], sys.argv[2]

def assemble(cpu, texts):
    """llvm-mc-19's words (list of ints) or error message for each text (None: no text)."""
    idx = [i for i, t in enumerate(texts) if t is not None]
    r = subprocess.run(["llvm-mc-19", "-arch=amdgcn", "-mcpu=" + cpu, "--show-encoding"],
                       input="".join(texts[i] + "\n" for i in idx), capture_output=True, text=True)
    errs = {}
    for m in re.finditer(r"<stdin>:(\d+):\d+: error: (.*)", r.stderr):
        errs.setdefault(int(m.group(1)), m.group(2).strip())
    encs = iter(l for l in r.stdout.splitlines() if "; encoding:" in l)
    out = [None] * len(texts)
    for n, i in enumerate(idx, 1):
        if n in errs:
            out[i] = "error: " + errs[n]
            continue
        bs = [int(x, 16) for x in re.findall(r"0x([0-9a-f]{2})", next(encs).split("; encoding:")[-1])]
        out[i] = [int.from_bytes(bytes(bs[k:k + 4]), "little") for k in range(0, len(bs), 4)]
    return out

def verdict(ws, got):
    if got is None:
        return "-"
    if isinstance(got, str):
        return got
    if got == ws[:len(got)] and len(got) >= 1:
        return "same" if len(got) == len(ws) else "same-prefix"
    return "bytes " + " ".join("%08x" % w for w in got)

for gen, cpu in (("GCN1.0", "gfx600"), ("GCN1.1", "gfx700")):
    rows = [json.loads(l) for l in open(os.path.join(src, "dis-%s.jsonl" % gen))]
    words = [[int(w, 16) for w in r["words"]] for r in rows]
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("".join(" ".join("%08x" % w for w in ws) + "\n" for ws in words))
        path = f.name
    dec = subprocess.run([binary, cpu, path], capture_output=True, text=True, check=True).stdout.splitlines()
    os.unlink(path)
    texts = [l.split("\t", 1)[1] for l in dec]
    ours = assemble(cpu, [None if t == "<invalid>" else t for t in texts])
    clrx = [" ".join(r["text"].split()) for r in rows]
    theirs = assemble(cpu, clrx)
    with open("tests/vectors/clrx/dis-%s.tsv" % gen, "w") as f:
        f.write("# CLRX disassembler vectors (%s, %s; scripts/gcn-clrx-dis67.sh): words, CLRX text, gpuisa text,\n" % (gen, cpu))
        f.write("# llvm-mc-19 --show-encoding on gpuisa's text, llvm-mc-19 on CLRX's text (same / same-prefix / bytes W.. / error: ... / -)\n")
        for ws, r, t, o, c in zip(words, rows, texts, ours, theirs):
            f.write("%s\t%s\t%s\t%s\t%s\n" % (" ".join("%08x" % w for w in ws), r["text"].replace("\t", " "), t, verdict(ws, o), verdict(ws, c)))
    n = len(rows)
    same = sum(verdict(ws, o) == "same" for ws, o in zip(words, ours))
    inv = sum(t == "<invalid>" for t in texts)
    csame = sum(verdict(ws, c) == "same" for ws, c in zip(words, theirs))
    print("%s: %d word lists; gpuisa decodes %d, llvm-mc-19 assembles gpuisa's text to the same words for %d; CLRX's own text to the same words for %d"
          % (gen, n, n - inv, same, csame))
PY
