#!/usr/bin/env python3
"""Derives data/gcn-timing/isa-ref.tsv from the GCN ISA reference (CLRX documentation,
/work/shared/reference/gcn/GcnInstrs*.md, see DocLicense.md there).

One row per mnemonic (a heading naming two mnemonics gives two rows):
MNEMONIC <tab> FAMILY <tab> OPCODES <tab> SYNTAX <tab> FLAGS
OPCODES and SYNTAX are the reference's own `Opcode...:` / `Syntax...:` lines joined by ` ; `.
FLAGS lists implicit results found in the instruction's Operation block: scc (writes SCC),
vcc (writes VCC), exec (writes EXEC). Usage: extract_isa_ref.py REFDIR > isa-ref.tsv
"""
import os, re, sys

FAMILY = {
    "Sop1": "SOP1", "Sop2": "SOP2", "Sopc": "SOPC", "Sopk": "SOPK", "Sopp": "SOPP",
    "Smrd": "SMRD", "Smem": "SMEM", "Vop1": "VOP1", "Vop2": "VOP2", "Vopc": "VOPC",
    "Vop3": "VOP3", "Vop3p": "VOP3P", "Ds": "DS", "Mubuf": "MUBUF", "Mtbuf": "MTBUF",
    "Mimg": "MIMG", "Flat": "FLAT", "Vintrp": "VINTRP",
}

def clean(s):
    return " ".join(s.replace("\t", " ").split())

def main(refdir):
    rows = []
    for fname in sorted(os.listdir(refdir)):
        m = re.match(r"GcnInstrs(\w+)\.md$", fname)
        if not m or m.group(1) not in FAMILY:
            continue
        fam = FAMILY[m.group(1)]
        text = open(os.path.join(refdir, fname), encoding="utf-8").read()
        parts = re.split(r"^#### +(.+)$", text, flags=re.M)
        for i in range(1, len(parts), 2):
            head, body = parts[i], parts[i + 1]
            note = ""
            nm = re.search(r"\(([^)]*)\)\s*$", head)
            if nm:
                note = nm.group(1)
                head = head[: nm.start()]
            names = [n.strip() for n in head.split(",") if n.strip()]
            opc = [clean(l) for l in body.splitlines() if re.match(r"\s*Opcode", l)]
            syn = [clean(l) for l in body.splitlines() if re.match(r"\s*Syntax", l)]
            if note:
                opc.append("(" + note + ")")
            flags = []
            op = body.split("Operation:", 1)[1] if "Operation:" in body else ""
            if re.search(r"\bSCC\s*=(?!=)", op):
                flags.append("scc")
            if re.search(r"\bVCC\s*=(?!=)", op) or "(or VCC)" in body:
                flags.append("vcc")
            if re.search(r"\bEXEC\s*=(?!=)", op):
                flags.append("exec")
            for n in names:
                if not re.match(r"^[A-Z][A-Z0-9_]+$", n):
                    continue
                rows.append((n, fam, " ; ".join(opc), " ; ".join(syn), ",".join(flags)))
    print("# Derived by extract_isa_ref.py from the CLRX GCN ISA reference (shared/reference/gcn).")
    print("# MNEMONIC\tFAMILY\tOPCODES\tSYNTAX\tFLAGS")
    for r in rows:
        print("\t".join(x.replace("\t", " ") for x in r))

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/reference/gcn")
