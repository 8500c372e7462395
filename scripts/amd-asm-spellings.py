#!/usr/bin/env python3
"""Differential check of the AMD assembler on other spellings of what llvm-objdump prints.

The golden vectors hold instruction texts as llvm-objdump-19 prints them; users (and other
tools) write the same instructions differently: a float inline constant as its bits (0x3f800000
for 1.0), a literal in decimal, a small integer in hex, a register as a one-register range
(v[1:1]), no blanks after commas, a modifier's value in hex. This script first assembles the
vector texts as printed ("as-printed": both assemblers must agree), then rewrites those both
accept alike in each of these ways, assembles every variant with llvm-mc-19 and with gpuisa, and
compares: the lines llvm-mc-19 accepts must give the same words, the lines it rejects must be
rejected. (Upper-case operands are not a spelling llvm-mc-19 takes: `EXEC_HI` is a symbol to it.)

Usage: scripts/amd-asm-spellings.py [--seed N] [--per-kind N] [--gpuisa BIN] [--kinds a,b]
Exit status 1 on any disagreement (the first ones are printed).
"""
import argparse
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TARGETS = [
    # (name, llvm-mc args, gpuisa args, vector files (text in the last tab column))
    ("gfx900", ["-mcpu=gfx900"], ["--arch", "gfx900"],
     ["tests/vectors/gfx9/llvm-mc-random.txt", "tests/vectors/gfx9/llvm-mc-asm.txt"]),
    ("gfx803", ["-mcpu=gfx803"], ["--arch", "gfx803"],
     ["tests/vectors/gfx8/llvm-mc-random.txt", "tests/vectors/gfx8/llvm-mc-asm.txt"]),
    ("gfx906", ["-mcpu=gfx906"], ["--arch", "gfx906"],
     ["tests/vectors/operand-sweep-gfx906.txt"]),
    ("gfx700", ["-mcpu=gfx700"], ["--arch", "gfx700"],
     ["tests/vectors/gfx7/llvm-mc-roundtrip.txt", "tests/vectors/gfx7/llvm-mc-refused.txt"]),
    ("gfx600", ["-mcpu=gfx600"], ["--arch", "gfx600"],
     ["tests/vectors/gfx6/llvm-mc-roundtrip.txt", "tests/vectors/gfx6/llvm-mc-refused.txt"]),
    ("gfx1100", ["-mcpu=gfx1100"], ["--arch", "gfx1100"],
     ["tests/vectors/gfx11/random.txt", "tests/vectors/gfx11/asm.txt"]),
]

FLOATS = {
    "0.5": (0x3F000000, 0x3800, 0x3FE0000000000000),
    "-0.5": (0xBF000000, 0xB800, 0xBFE0000000000000),
    "1.0": (0x3F800000, 0x3C00, 0x3FF0000000000000),
    "-1.0": (0xBF800000, 0xBC00, 0xBFF0000000000000),
    "2.0": (0x40000000, 0x4000, 0x4000000000000000),
    "-2.0": (0xC0000000, 0xC000, 0xC000000000000000),
    "4.0": (0x40800000, 0x4400, 0x4010000000000000),
    "-4.0": (0xC0800000, 0xC400, 0xC010000000000000),
    "0.15915494": (0x3E22F983, 0x3118, 0x3FC45F306DC9C882),
}

# An operand token: after the mnemonic's blank or a comma, up to the next comma or blank.
TOKEN = re.compile(r"(?<=[ ,])(-?[0-9][0-9a-fA-Fx.]*)(?=,|\s|$)")


def split(text):
    m = text.split(None, 1)
    return (m[0], m[1] if len(m) > 1 else "")


def subst_operands(text, fn):
    """Applies fn to each numeric operand token after the mnemonic; None keeps it."""
    mn, ops = split(text)
    if not ops:
        return None
    changed = [False]

    def rep(m):
        r = fn(m.group(1))
        if r is None or r == m.group(1):
            return m.group(1)
        changed[0] = True
        return r

    out = TOKEN.sub(rep, " " + ops)[1:]
    return f"{mn} {out}" if changed[0] else None


def v_float_bits32(t):
    return subst_operands(t, lambda x: hex(FLOATS[x][0]) if x in FLOATS else None)


def v_float_bits16(t):
    return subst_operands(t, lambda x: hex(FLOATS[x][1]) if x in FLOATS else None)


def v_float_bits64(t):
    return subst_operands(t, lambda x: hex(FLOATS[x][2]) if x in FLOATS else None)


def v_hex_to_dec(t):
    def f(x):
        if x.startswith("0x"):
            v = int(x, 16)
            return str(v - (1 << 32) if v >= 1 << 31 and v < 1 << 32 else v)
        return None
    return subst_operands(t, f)


def v_int_to_hex(t):
    def f(x):
        if re.fullmatch(r"[0-9]+", x):
            return hex(int(x))
        return None
    return subst_operands(t, f)


def v_reg_range(t):
    mn, ops = split(t)
    if not ops:
        return None
    out, n = re.subn(r"(?<![\w\[:])([vs])(\d+)(?![\w\[\]:])", r"\1[\2:\2]", ops, count=1)
    return f"{mn} {out}" if n else None


def v_compact(t):
    c = re.sub(r",\s+", ",", t)
    return c if c != t else None


def v_mod_hex(t):
    out, n = re.subn(r"\b(offset|offset0|offset1):(\d+)\b", lambda m: f"{m.group(1)}:{hex(int(m.group(2)))}", t)
    return out if n else None


KINDS = {
    "float-bits32": v_float_bits32,
    "float-bits16": v_float_bits16,
    "float-bits64": v_float_bits64,
    "hex-to-dec": v_hex_to_dec,
    "int-to-hex": v_int_to_hex,
    "reg-range": v_reg_range,
    "compact": v_compact,
    "mod-hex": v_mod_hex,
}


def texts(files):
    out = []
    for f in files:
        p = os.path.join(ROOT, f)
        if not os.path.exists(p):
            continue
        for line in open(p):
            if line.startswith("#") or "\t" not in line:
                continue
            t = line.rstrip("\n").split("\t")[-1].strip()
            if t and not t.startswith("."):
                out.append(t)
    return out


# Texts llvm-mc-19 rejects and gpuisa still accepts, by target (regular expressions), each with
# the reason; everything else must agree. docs/assembler.md lists them.
KNOWN_ACCEPTED = {
    # gpuisa's gfx8 is every gfx8 processor; llvm-mc-19's gfx803 has no XNACK (gfx801/gfx810 do).
    "gfx803": [r"\bxnack_mask", r"^v_mac_f(16|32)_sdwa .*(clamp|\|)"],
    "gfx900": [],
    # gfx11, not yet checked by gpuisa's assembler: MIMG data/address sizes against DMASK, D16,
    # TFE, DIM and A16 (and gather4/atomic DMASK rules, null samplers); LDS_PARAM_LOAD
    # attributes above 32; the operand register classes llvm-objdump flags with an
    # `/*Invalid register|immediate*/` comment; src_execz/src_vccz/src_pops_exiting_wave_id (not
    # gfx11 operands); `null` as an SMEM destination; neg() of a literal.
    "gfx1100": [r"^image_", r"^lds_param_load", r"/\*Invalid",
                r"\bsrc_(execz|vccz|pops_exiting_wave_id)\b", r"^s_buffer_load_\w+ null",
                r"(neg\(|\|)0x",
                # VOPD's constant bus and VGPR banks with scalar or constant sources, VOP3 DPP
                # with constant sources, the gfx11 constant bus of v_fma_mix with three SGPRs,
                # src_lds_direct.
                r"^v_dual_\w+ \w+, (s\d|[0-9.-]+,)", r"^v_fma_mix", r"_e64_dpp .*, -?[0-9.]+",
                r"src_lds_direct"],
}
# Texts whose words may differ, by target, with the reason (the comparison skips them).
KNOWN_DIFFERENT = {
    # bf16 operands: llvm-mc-19 takes bf16 bits (0x3f80) as inline constants, gpuisa's table
    # types them as packed 16-bit integers.
    "gfx1100": [r"bf16"],
}
KNOWN_ACCEPTED["gfx906"] = KNOWN_ACCEPTED["gfx900"]
# Every target: `/* Invalid dpp_ctrl value */` (DPP without a control: gpuisa takes CLRX's
# default, quad_perm:[0,1,2,3]; the same where the comment names a later generation's control).
# (gfx6-gfx9 refuse the operands llvm-objdump flags `/*Invalid register|immediate*/`, as
# llvm-mc does: gcn::asm_check::operand_classes; gfx11 does not yet, see its list above.)
for _k in KNOWN_ACCEPTED:
    KNOWN_ACCEPTED[_k] = KNOWN_ACCEPTED[_k] + [r"/\* Invalid dpp_ctrl", r"_dpp .*/\* .* not supported"]

ENC = re.compile(r"^\s*(.*?)\s*; encoding: \[([^\]]*)\]")
ERR = re.compile(r"^[^:]*:(\d+):\d+: error:")


def run(cmd, lines, tmp, name):
    path = os.path.join(tmp, name)
    with open(path, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    p = subprocess.run(cmd + [path], capture_output=True, text=True)
    encs = [m.group(2).replace(" ", "") for m in map(ENC.match, p.stdout.splitlines()) if m]
    errs = sorted({int(m.group(1)) for m in map(ERR.match, p.stderr.splitlines()) if m})
    return encs, errs, p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--per-kind", type=int, default=400)
    ap.add_argument("--base", type=int, default=20000, help="vector texts sampled (as printed)")
    ap.add_argument("--gpuisa", default=os.path.join(ROOT, "target/release/gpuisa"))
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--targets", default=",".join(t[0] for t in TARGETS))
    ap.add_argument("--include-base-disagreements", action="store_true",
                    help="do not fail on as-printed disagreements (report them only)")
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else random.randrange(1 << 30)
    print(f"amd-asm-spellings: seed {seed}")
    rng = random.Random(seed)
    kinds = a.kinds.split(",")
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, mc_args, g_args, files in TARGETS:
            if name not in a.targets.split(","):
                continue
            mc = ["llvm-mc-19", "-triple", "amdgcn-amd-amdhsa"] + mc_args + ["-show-encoding"]
            g = [a.gpuisa, "asm"] + g_args + ["--show-encoding"]
            base = sorted(set(texts(files)))
            rng.shuffle(base)
            base = sorted(base[: a.base])

            def compare(kind, lines):
                encs, errs, _ = run(mc, lines, tmp, f"{name}-{kind}-mc.s")
                bad = set(errs)
                good = [l for i, l in enumerate(lines, 1) if i not in bad]
                rejected = [l for i, l in enumerate(lines, 1) if i in bad]
                if len(encs) != len(good):
                    return good, [], [f"  llvm-mc output not understood ({len(encs)} vs {len(good)})"]
                gencs, gerrs, _ = run(g, good, tmp, f"{name}-{kind}-ok.s")
                problems, same = [], []
                pairs = list(zip(good, encs))
                if gerrs:
                    for i in gerrs[:5]:
                        problems.append(f"  gpuisa rejects what llvm-mc-19 accepts: {good[i - 1]}")
                    problems.append(f"  ({len(gerrs)} lines rejected)")
                    # The others again (gpuisa writes nothing when a line fails).
                    refused = set(gerrs)
                    pairs = [p for i, p in enumerate(pairs, 1) if i not in refused]
                    gencs, gerrs2, _ = run(g, [p[0] for p in pairs], tmp, f"{name}-{kind}-ok2.s")
                    if gerrs2:
                        problems.append("  gpuisa's errors moved between runs")
                        pairs = []
                for (l, e1), e2 in zip(pairs, gencs):
                    if e1 != e2 and not any(re.search(k, l) for k in KNOWN_DIFFERENT.get(name, [])):
                        problems.append(f"  {l}\n    llvm-mc-19 [{e1}]\n    gpuisa     [{e2}]")
                    else:
                        same.append(l)
                if rejected:
                    _, rerrs, _ = run(g, rejected, tmp, f"{name}-{kind}-bad.s")
                    missed = [l for i, l in enumerate(rejected, 1) if i not in set(rerrs)
                              and not any(re.search(k, l) for k in KNOWN_ACCEPTED.get(name, []))]
                    for l in missed[:5]:
                        problems.append(f"  gpuisa accepts what llvm-mc-19 rejects: {l}")
                    if missed:
                        problems.append(f"  ({len(missed)} lines accepted)")
                print(f"{name} {kind}: {len(lines)} lines, llvm-mc-19 accepts {len(good)}, "
                      f"{'agree' if not problems else 'DISAGREE'}")
                if problems:
                    print("\n".join(problems[:12]))
                return good, same, problems

            _, agreed, problems = compare("as-printed", base)
            if problems and not a.include_base_disagreements:
                status = 1
            for kind in kinds:
                fn = KINDS[kind]
                cands = [v for v in (fn(t) for t in agreed) if v]
                rng.shuffle(cands)
                lines = sorted(set(cands[: a.per_kind]))
                if not lines:
                    continue
                if compare(kind, lines)[2]:
                    status = 1
    sys.exit(status)


if __name__ == "__main__":
    main()
