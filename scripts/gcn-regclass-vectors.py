#!/usr/bin/env python3
"""Golden vectors for the GCN register-class rules (crates/gpuisa-amdgpu/src/gcn/regclass.rs),
checked by crates/gpuisa-amdgpu/tests/gcn_regclass.rs: each rule's field swept over the values
that matter (SGPRs at the generation's limits, the special registers, constants, the literal,
lds_direct, VGPRs) in one instruction per rule.

  dis  ARCH RULE WORDS TEXT   llvm-mc-19 --disassemble's text for the words (`<invalid>` where it
                              rejects them), notes included (gfx803, gfx900)
  asm  ARCH RULE TEXT RESULT  llvm-mc-19's words for TEXT (hex dwords) or `error: MESSAGE`: TEXT is
                              every `dis` text with its notes removed (gfx803, gfx900), and for
                              gfx600/gfx700 (no disassembler) each rule's instruction with operand
                              spellings from NAMES

Run: python3 scripts/gcn-regclass-vectors.py > tests/vectors/gcn-regclass.txt
"""
import re
import subprocess

MC = "llvm-mc-19"
# Field values swept (9-bit codes; a narrower field takes those that fit).
VALUES = [0, 1, 2, 3, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 116, 120, 122,
          123, 124, 125, 126, 127, 128, 129, 192, 193, 208, 209, 235, 236, 237, 238, 239, 240, 247,
          248, 250, 251, 252, 253, 254, 255, 256, 257, 511]


def asm(cpu, texts):
    """llvm-mc-19's words or error for each text (one run)."""
    r = subprocess.run([MC, "-arch=amdgcn", "-mcpu=" + cpu, "--show-encoding"],
                       input="\n".join(texts) + "\n", capture_output=True, text=True)
    errs = {}
    for m in re.finditer(r"<stdin>:(\d+):\d+: error: (.*)", r.stderr):
        errs.setdefault(int(m.group(1)) - 1, m.group(2).strip())
    encs = iter(re.findall(r"encoding: \[([^\]]*)\]", r.stdout))
    out = []
    for i, _ in enumerate(texts):
        if i in errs:
            out.append("error: " + errs[i])
            continue
        b = [int(x, 16) for x in next(encs).split(",")]
        out.append(" ".join("%08x" % int.from_bytes(bytes(b[k:k + 4]), "little")
                            for k in range(0, len(b), 4)))
    return out


def disasm(cpu, wordlists):
    """llvm-mc-19's text for each word list (`<invalid>` if rejected): each list on a line of its
    own, an s_nop 0 marker line after it."""
    lines = []
    for ws in wordlists:
        lines.append(",".join("0x%02x" % b for w in ws for b in w.to_bytes(4, "little")))
        lines.append("0x00,0x00,0x80,0xbf")
    r = subprocess.run([MC, "--disassemble", "-arch=amdgcn", "-mcpu=" + cpu],
                       input="\n".join(lines) + "\n", capture_output=True, text=True)
    bad = {int(m.group(1)) // 2 for m in re.finditer(r"<stdin>:(\d+):\d+: warning: invalid", r.stderr)}
    body = [ln.strip() for ln in r.stdout.splitlines() if ln.strip() and not ln.strip().startswith(".")]
    chunks, cur = [], []
    for ln in body:
        if ln == "s_nop 0":
            chunks.append(cur)
            cur = []
        else:
            cur.append(ln)
    if len(chunks) != len(wordlists) or any(i in bad for i in range(len(wordlists))):
        # An invalid word's second dword decodes on its own and may take the marker: one run
        # per word list.
        if len(wordlists) > 1:
            return [x for ws in wordlists for x in disasm(cpu, [ws])]
        return ["<invalid>" if bad or len(chunks) != 1 or len(chunks[0]) != 1 else chunks[0][0]]
    return ["<invalid>" if i in bad or len(c) != 1 else c[0] for i, c in enumerate(chunks)]


def field(lo, width, dword=0):
    def put(ws, v):
        ws = list(ws)
        mask = ((1 << width) - 1) << lo
        ws[dword] = ws[dword] & ~mask | (v << lo) & mask
        return ws
    return put, (1 << width) - 1


# (rule, CPUs, base text, field setter (bit, width, dword), scale: the field holds value / scale)
CASES = [
    ("salu_src", "s_add_u32 s0, s1, s2", (0, 8, 0), 1),
    ("salu_src", "s_and_b64 s[0:1], s[2:3], s[4:5]", (8, 8, 0), 1),
    ("reg_only_src", "s_movrels_b32 s0, s1", (0, 8, 0), 1),
    ("reg_only_src", "s_setpc_b64 s[2:3]", (0, 8, 0), 1),
    ("vreg_or_lds", "v_readfirstlane_b32 s1, v2", (0, 9, 0), 1),
    ("vreg_or_lds", "v_readlane_b32 s1, v2, s2", (0, 9, 1), 1),
    ("vgpr", "v_movrels_b32 v1, v2", (0, 9, 0), 1),
    ("vgpr", "v_swap_b32 v1, v2", (0, 9, 0), 1),
    ("vgpr", "v_interp_p1_f32_e64 v1, v2, attr0.x", (9, 9, 1), 1),
    ("sreg32", "v_writelane_b32 v1, s2, s3", (0, 9, 1), 1),
    ("sreg32", "v_readlane_b32 s1, v2, s3", (9, 9, 1), 1),
    ("sreg32", "buffer_load_dword v1, off, s[4:7], s2", (24, 8, 1), 1),
    ("sdst8", "v_readfirstlane_b32 s1, v2", (17, 8, 0), 1),
    ("sdst8", "v_readlane_b32 s1, v2, s3", (0, 8, 0), 1),
    ("sdst8", "v_cmp_eq_f32_e64 s[2:3], v1, v2", (0, 8, 0), 1),
    ("sreg1_xexec", "v_cndmask_b32_e64 v1, v2, v3, s[4:5]", (18, 9, 1), 1),
    ("sreg1_xexec", "v_addc_co_u32_e64 v1, s[2:3], v2, v3, s[4:5]", (18, 9, 1), 1),
    ("vreg128", "v_mqsad_u32_u8 v[0:3], v[2:3], v4, v[4:7]", (18, 9, 1), 1),
    ("sreg_base", "s_buffer_load_dword s1, s[4:7], 0x0", (0, 6, 0), 2),
    ("sreg_base", "buffer_load_dword v1, off, s[4:7], s2", (16, 5, 1), 4),
    ("sreg_base", "image_sample v[0:3], v[0:1], s[8:15], s[4:7] dmask:0xf", (16, 5, 1), 4),
    ("sreg_base", "image_sample v[0:3], v[0:1], s[8:15], s[4:7] dmask:0xf", (21, 5, 1), 4),
    ("smem_sdata", "s_load_dword s1, s[2:3], 0x0", (6, 7, 0), 1),
    ("smem_sdata", "s_load_dwordx2 s[2:3], s[2:3], 0x0", (6, 7, 0), 1),
    ("smem_sdata", "s_load_dwordx4 s[4:7], s[2:3], 0x0", (6, 7, 0), 1),
]
# gfx8 spells the carry-out opcodes without _co.
GFX8_NAMES = {"v_addc_co_u32_e64": "v_addc_u32_e64"}

# gfx600/gfx700 (assembler only): each rule's instruction with these operand spellings.
NAMES = ["s2", "v2", "1", "-1", "0.5", "0x1234", "vcc_lo", "vcc", "exec_lo", "exec", "m0", "tba",
         "flat_scratch", "ttmp2", "ttmp[4:7]", "s[4:7]", "lds_direct", "src_lds_direct", "vccz", "scc",
         "v[4:7]", "s[4:5]"]
FORMS67 = [
    ("salu_src", "s_add_u32 s0, {r}, s1"),
    ("reg_only_src", "s_movrels_b32 s0, {r}"),
    ("reg_only_src", "s_setpc_b64 {r}"),
    ("vreg_or_lds", "v_readfirstlane_b32 s1, {r}"),
    ("vreg_or_lds", "v_readlane_b32 s1, {r}, s3"),
    ("vgpr", "v_movrels_b32 v1, {r}"),
    ("sreg32", "v_writelane_b32 v1, {r}, 1"),
    ("sreg32", "v_readlane_b32 s1, v2, {r}"),
    ("sreg32", "buffer_load_dword v1, off, s[4:7], {r}"),
    ("sdst8", "v_readfirstlane_b32 {r}, v2"),
    ("sdst8", "v_cmp_eq_f32_e64 {r}, v1, v2"),
    ("sreg1_xexec", "v_cndmask_b32_e64 v1, v2, v3, {r}"),
    ("vreg128", "v_mqsad_u32_u8 v[0:3], v[2:3], v4, {r}"),
    ("sreg_base", "buffer_load_dword v1, off, {r}, s2"),
    ("sreg_base", "s_buffer_load_dword s1, {r}, 0x0"),
    ("smem_sdata", "s_load_dword {r}, s[2:3], 0x0"),
]

NOTE = re.compile(r"/\*[^*]*\*/")

print("# GCN register-class rules against llvm-mc-19 (scripts/gcn-regclass-vectors.py):")
print("# dis ARCH RULE WORDS TEXT | asm ARCH RULE TEXT WORDS-or-error")
for cpu in ("gfx803", "gfx900"):
    texts = []
    for rule, base, (lo, width, dword), scale in CASES:
        if cpu == "gfx803":
            for a, b in GFX8_NAMES.items():
                base = base.replace(a, b)
        got = asm(cpu, [base])[0]
        if got.startswith("error"):
            continue
        ws0 = [int(w, 16) for w in got.split()]
        put, mask = field(lo, width, dword)
        wls = []
        for v in VALUES:
            if v % scale or v // scale > mask:
                continue
            ws = put(ws0, v // scale)
            # A literal code: give the instruction its literal dword.
            if v == 255 and width >= 8 and len(ws) == 1:
                ws = ws + [0x1234]
            wls.append(ws)
        for ws, t in zip(wls, disasm(cpu, wls)):
            print("dis\t%s\t%s\t%s\t%s" % (cpu, rule, " ".join("%08x" % w for w in ws), t))
            if t != "<invalid>":
                texts.append((rule, NOTE.sub("", t).strip()))
    seen = set()
    texts = [x for x in texts if not (x[1] in seen or seen.add(x[1]))]
    for (rule, t), r in zip(texts, asm(cpu, [t for _, t in texts])):
        print("asm\t%s\t%s\t%s\t%s" % (cpu, rule, t, r))
for cpu in ("gfx600", "gfx700"):
    texts = [(rule, f.format(r=n)) for rule, f in FORMS67 for n in NAMES]
    for (rule, t), r in zip(texts, asm(cpu, [t for _, t in texts])):
        print("asm\t%s\t%s\t%s\t%s" % (cpu, rule, t, r))
