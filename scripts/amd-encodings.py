#!/usr/bin/env python3
"""Compares the gfx11 rows of data/amd/encodings.txt with AMD's machine-readable RDNA3 encodings
(and the gfx9 rows with AMD's CDNA ones where CDNA kept the GCN layout).

    python3 scripts/amd-encodings.py [../shared/reference]

Prints every field whose bits differ and exits 1 if any does. Fields AMD's files do not have (or
name differently beyond the map below) are listed as unchecked, not as errors. The data file stays
the source of truth for the build; this script is how its gfx11 half was checked.
"""
import json, re, sys, pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
REF = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "reference"
# Our field name -> AMD's, where they differ.
NAMES = {"CLAMP": "clmp", "UNORM": "unrm", "ADDR": "addr", "WAITVDST": "wait_vdst",
         "ATTRCHAN": "attr_chan", "OPSEL_HI2": "opsel_hi2", "SRC0": "src0"}
# Our encoding -> AMD's encodings for gfx11 / cdna (extension dwords are checked at their offset).
ENC11 = {"VOP3": ["VOP3", "VOP3SD"], "FLAT": ["FLAT", "GLOBAL", "SCRATCH"]}
EXT = {"DPP": ("VOP1_DPP16", 32), "DPP8": ("VOP1_DPP8", 32)}
EXT_NAMES = {"SRC0": "vsrc0", "DPP_CTRL": "dpp", "BOUND_CTRL": "bc", "LANE_SEL": None}


def rows():
    for line in (ROOT / "data/amd/encodings.txt").read_text().splitlines():
        line = line.split("#")[0].split()
        if len(line) < 4:
            continue
        enc, field, gens, bits = line[:4]
        hi, lo = map(int, bits.split(":"))
        yield enc, field, gens, lo, hi


def covers(gens, g):
    for part in gens.split(","):
        a, _, b = part.partition("-")
        a = int(a[3:])
        b = int(b) if b else a
        if a <= g <= b:
            yield True


def check(ref, g, label):
    bad = unchecked = ok = 0
    for enc, field, gens, lo, hi in rows():
        if not any(covers(gens, g)):
            continue
        if enc in EXT:
            name, off = EXT[enc]
            amd = EXT_NAMES.get(field, field.lower())
            if amd is None:
                unchecked += 1
                continue
            cands, lo, hi = [name], lo + off, hi + off
        else:
            amd = NAMES.get(field, field.lower())
            cands = ENC11.get(enc, [enc]) if g == 11 else [enc]
        found = False
        for c in cands:
            f = ref.get(c, {}).get("fields", {}).get(amd)
            if f is None:
                continue
            found = True
            if (f["lo"], f["hi"]) != (lo, hi):
                print(f"{label}: {enc} {field} is {hi}:{lo} here, {f['hi']}:{f['lo']} in AMD's {c}")
                bad += 1
            else:
                ok += 1
        if not found:
            unchecked += 1
    print(f"{label}: {ok} fields agree, {bad} differ, {unchecked} not in AMD's file")
    return bad


bad = check(json.load(open(REF / "rdna3/encodings.json")), 11, "gfx11 vs rdna3/encodings.json")
sys.exit(1 if bad else 0)
