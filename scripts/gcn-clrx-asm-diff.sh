#!/usr/bin/env bash
# Rewrites tests/vectors/clrx/known-asm-diff.txt: every CLRX assembler case (asm-*.tsv) gpuisa does
# not pass, with a reason class and llvm-mc-19's outcome for the same text (the oracle). Classes:
# The sources are normalised as the test does: CLRX's ';' statement separator (a comment in LLVM's
# syntax) becomes a line break.
#   llvm-differs:WHY llvm-mc-19 assembles the text to other words than CLRX (gpuisa follows llvm-mc);
#                    WHY: lit-is-inline, lds-is-a-symbol, default-dmask, exp-compr-enables,
#                    mix-op_sel_hi-default, short-op_sel_hi, 64-bit-constant, symbol-shadows-register,
#                    negated-symbol-literal, clrx-product (see DIFFERS below)
#   llvm-accepts     a case CLRX rejects that llvm-mc-19 accepts (gpuisa follows llvm-mc)
#   clrx-only:WHAT   CLRX syntax llvm-mc-19 rejects (no clash), not implemented by gpuisa yet
#   clrx-default:dst_unused  SDWA without dst_unused: CLRX encodes UNUSED_PAD, llvm-mc-19 (and
#                    gpuisa, whatever the spelling) UNUSED_PRESERVE
#   clrx-default:dmask  MIMG without dmask: CLRX encodes dmask 1, llvm-mc-19 (and gpuisa) 0
#   gap:WHAT         llvm-mc-19 gives CLRX's words (or rejects a bad case) but gpuisa does not:
#                    a gpuisa defect (gap:table = the instruction is missing from gpuisa's tables)
# Usage: scripts/gcn-clrx-asm-diff.sh   (needs llvm-mc-19; CARGO_TARGET_DIR as usual)
set -euo pipefail
cd "$(dirname "$0")/.."
GCN_CLRX_PRINT=1 cargo test -q -p gpuisa-amdgpu --test gcn_clrx clrx_assembler -- --nocapture 2>/dev/null \
    | grep -E '^(FAIL|ACCEPTED)' > /tmp/gcn-clrx-asm-fail.$$ || true
exec python3 - /tmp/gcn-clrx-asm-fail.$$ <<'PY'
import re, subprocess, sys, os
cpu = {"GCN1.0": "gfx600", "GCN1.1": "gfx700", "GCN1.2": "gfx802", "GCN1.4": "gfx900", "GCN1.4.1": "gfx906"}
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
os.unlink(sys.argv[1])

def llvm(set_, src):
    p = subprocess.run(["llvm-mc-19", "-arch=amdgcn", "-mcpu=" + cpu[set_], "--show-encoding"], input=src + "\n",
                       capture_output=True, text=True)
    bs = []
    for m in re.finditer(r"encoding: \[([^\]]*)\]", p.stdout):
        bs += [int(x, 16) for x in m.group(1).split(",") if x.startswith("0x")]
    if "error" in p.stderr or p.returncode != 0:
        return None
    return " ".join("%08x" % int.from_bytes(bytes(bs[i:i + 4]), "little") for i in range(0, len(bs), 4))

FEATURES = [
    (r"\blit\s*\(", "lit"),
    (r"=\s*%|%[a-z]", "register-symbol"),
    (r"@", "at-symbol"),
    (r"sendmsg", "sendmsg"),
    (r"hwreg", "hwreg"),
    (r"format\s*:\s*\[", "mtbuf-format"),
    (r"\b(vop3|glc|slc|tfe|lds|addr64|unorm|da|r128|lwe|gds|d16|a16|clamp|high|done|vm|compr|offen|idxen)\s*:", "flag-with-value"),
    (r"(op_sel|op_sel_hi|neg_lo|neg_hi)\s*:\s*[0-9]", "bitmask-number"),
    (r"_sel\s*:|dst_unused", "sdwa-names"),
    (r"\b(vcc|exec|flat_scratch|tba|tma|xnack_mask|m0)\s*\[", "register-index"),
    (r"\b[0-9.]+[eE]?[0-9]*[sShHlL]\b", "float-suffix"),
    (r"\n|\\n", "multi-line"),
]

# Why llvm-mc-19 gives other words than CLRX for the same text (checked case by case).
DIFFERS = [
    (r"\blit\s*\(", "lit-is-inline"),            # llvm-mc-19 (gfx6-9): lit(x) is x, inline if it can be
    (r",\s*lds\b", "lds-is-a-symbol"),            # CLRX: LDS_DIRECT; llvm-mc: an undefined symbol
    (r"^image_\w+(?!.*dmask)", "default-dmask"),   # CLRX's default dmask is 1, llvm-mc's 0
    (r"^exp\b.*compr", "exp-compr-enables"),       # CLRX: one enable bit per register, llvm-mc: pairs
    (r"_mix", "mix-op_sel_hi-default"),            # CLRX: op_sel_hi all ones by default, llvm-mc: zeros
    (r"op_sel_hi\s*:\s*\[[01],[01]\]", "short-op_sel_hi"),  # missing entries: CLRX 0, llvm-mc 1
    (r"\d{11,}", "64-bit-constant"),               # a constant beyond 32 bits
    (r"\b(vccz|execz|scc|vcc|exec|m0)\s*=", "symbol-shadows-register"),  # CLRX: the symbol, llvm-mc: the register
    (r"-[a-z]\w*\b", "negated-symbol-literal"),  # CLRX drops the minus of a negated symbol's literal
    (r"\w\*\w", "clrx-product"),                   # CLRX's value of xd*xy differs from the product
]

out = []
for r in rows:
    kind, set_, src = r[0], r[1], r[2]
    # The test's dialect normalisation: CLRX's ';' statement separator becomes a line break.
    text = src.replace("\\n", "\n").replace("\\\\", "\\").replace(";", "\n")
    got = llvm(set_, text)
    shown = "rejects" if got is None else ("gives " + got)
    if kind == "FAIL":
        want = r[3][5:]
        err = r[5] if len(r) > 5 else ""
        ours = r[4][4:].split() if len(r) > 4 else []
        ws = want.split()
        if (len(ours) == len(ws) == 2 and ours[0] == ws[0] and int(ws[0], 16) & 0x1ff == 0xf9
              and (int(ours[1], 16) ^ int(ws[1], 16)) == 0x1000 and "dst_un" not in text):
            cls = "clrx-default:dst_unused"
        elif (len(ours) == len(ws) == 2 and re.match(r"\s*image_", text) and "dmask" not in text
              and (int(ours[0], 16) ^ int(ws[0], 16)) == 0x100 and ours[1] == ws[1]):
            cls = "clrx-default:dmask"
        elif got == want:
            cls = "gap:table" if err.startswith("unknown instruction") else "gap:" + re.sub(r"'[^']*'", "X", err)[:40].strip().replace(" ", "-").replace("\t", "-") or "gap:encoding"
        elif got is not None:
            sub = next((f for pat, f in DIFFERS if re.search(pat, text, re.I)), None)
            cls = "llvm-differs" + (":" + sub if sub else "")
        else:
            feat = next((f for pat, f in FEATURES if re.search(pat, text, re.I)), None)
            if feat is None and err.startswith("unknown instruction"):
                feat = "mnemonic"
            cls = "clrx-only:" + (feat or "syntax")
    else:
        if got is not None:
            cls = "llvm-accepts"
        else:
            cls = "gap:validation"
    out.append("%s\t%s\t%s\tllvm-mc-19 %s" % (set_, src, cls, shown))
with open("tests/vectors/clrx/known-asm-diff.txt", "w") as f:
    f.write("# CLRX assembler cases gpuisa does not pass (written by scripts/gcn-clrx-asm-diff.sh; the\n")
    f.write("# classes are explained there): set, CLRX source, reason class, llvm-mc-19's outcome.\n")
    for l in out:
        f.write(l + "\n")
import collections
for k, v in sorted(collections.Counter(l.split("\t")[2] for l in out).items(), key=lambda x: -x[1]):
    print("%5d %s" % (v, k))
PY
