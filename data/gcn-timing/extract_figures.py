#!/usr/bin/env python3
"""Derives the table rows of data/gcn-timing/figures.txt from the timing seed
(/work/shared/seeds/gcn-instruction-timings.md). The family-wide lines at the top of
figures.txt are written by hand from the seed's prose; this script prints only the
per-instruction rows of the seed's SMRD, VOP1, VOP3, DS and MUBUF tables, verbatim
(cycles and throughput text as the seed writes them). Usage: extract_figures.py SEED
"""
import re, sys

def tables(text):
    sec = None
    for line in text.splitlines():
        m = re.match(r"### (\w+) Instruction timings", line)
        if m:
            sec = m.group(1)
            continue
        if line.startswith("### "):
            sec = None
        if sec and "|" in line and not line.strip().startswith("-") and "Instruction" not in line:
            cells = [c.strip() for c in line.split("|")]
            yield sec, cells

def main(path):
    text = open(path, encoding="utf-8").read()
    for sec, cells in tables(text):
        if sec == "DS":
            name, cyc, thr = cells[0], cells[1], cells[2]
            note = ""
            if "(???)" in name:
                name, note = name.replace("(???)", "").strip(), "  # name marked (???) in the seed"
            print(f"DS {name} {cyc} {thr}{note}")
        elif sec == "MUBUF":
            print(f"MUBUF {cells[0]} {cells[1]}")
        else:
            for i in range(0, len(cells) - 1, 2):
                name, cyc = cells[i], cells[i + 1]
                if not name:
                    continue
                cyc = cyc.replace(" or ", "|").split(" (")[0].replace(" ", "")
                print(f"{sec} {name} {cyc}")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/seeds/gcn-instruction-timings.md")
