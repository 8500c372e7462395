"""Runs llvm-mc-19 as a gfx11 disassembler on many candidate instructions at once.

Every candidate goes on its own input line, followed by two `s_nop <index>` markers; the text of
the candidate's first instruction (or None when llvm-mc says the first word is invalid) is read
back. Used by the table generator (probes) and by scripts/rdna3-diff.sh.
"""
import os
import re
import subprocess
import tempfile

MC = os.environ.get("LLVM_MC", "llvm-mc-19")


def words_bytes(ws):
    return ",".join("0x%02x" % b for w in ws for b in (w & 0xFFFFFFFF).to_bytes(4, "little"))


def marker(i):
    return words_bytes([0xBF800000 | (i & 0xFFFF)])


def lines_for(cands, base=0):
    out = []
    for i, ws in enumerate(cands):
        m = marker(base + i)
        out.append(words_bytes(ws) + "," + m + "," + m + "," + m)
    return out


def parse(stdout, stderr, n, base=0):
    bad = set()
    for m in re.finditer(r":(\d+):(\d+): warning: invalid instruction encoding", stderr):
        if int(m.group(2)) == 1:
            bad.add(int(m.group(1)) - 1)
    res = [None] * n
    k = 0
    got = False
    for ln in stdout.splitlines():
        s = ln.strip()
        if not s or s == ".text":
            continue
        s = s.split(" ; encoding:")[0].strip() if " ; encoding:" in s else s
        if k < n and s == "s_nop 0x%x" % ((base + k) & 0xFFFF) or (k < n and s == "s_nop %d" % ((base + k) & 0xFFFF)):
            # first marker of candidate k ends it (the candidate might have eaten the first one)
            k += 1
            got = False
            continue
        if k > 0 and not got and (s == "s_nop 0x%x" % ((base + k - 1) & 0xFFFF) or s == "s_nop %d" % ((base + k - 1) & 0xFFFF)):
            continue
        if k < n and not got:
            res[k] = s
            got = True
    for i in range(n):
        if i in bad:
            res[i] = None
        elif res[i] is None:
            res[i] = "?missing"
    return res


def run(cands, wave=32, chunk=20000):
    """Texts of the first instruction of every candidate (None: invalid)."""
    out = []
    for c in range(0, len(cands), chunk):
        part = cands[c:c + chunk]
        out += _run(part, wave)
    return out


def _run(cands, wave):
    lines = lines_for(cands)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    r = subprocess.run([MC, "--disassemble", "-triple=amdgcn", "-mcpu=gfx1100",
                        "-mattr=+wavefrontsize%d" % wave, path], capture_output=True, text=True)
    os.unlink(path)
    if r.returncode != 0 and len(cands) > 1:
        h = len(cands) // 2
        return _run(cands[:h], wave) + _run(cands[h:], wave)
    if r.returncode != 0:
        return ["?crash"]
    return parse(r.stdout, r.stderr, len(cands))
