#!/usr/bin/env python3
"""Golden vectors: 30 register names in 19 operand positions, assembled by llvm-mc-19 for gfx600,
gfx700, gfx803 and gfx900 (tests/vectors/gcn-register-sweep.txt, checked by
tests/gcn_asm_rules.rs). One line per text: ARCH, TEXT, llvm-mc-19's words (hex dwords) or
`error: MESSAGE`, and a class where llvm-mc-19 is not followed:
  llvm-truncates  a source-only register (vccz/execz/scc, apertures, pops_exiting_wave_id) in a
                  7-bit (or 6-bit) scalar field: llvm-mc-19 cuts the code (`s_mov_b32 execz, s0`
                  writes m0); gpuisa rejects the text
  llvm-symbol     `off` taken as an undefined symbol (a relocation; gpuisa has none)
  llvm-modifier   a bare `scc` as MUBUF soffset, which llvm-mc-19 reads as gfx90a's cache
                  modifier and rejects; gpuisa takes the register (as `src_scc`, which both take)
Run: python3 scripts/gcn-register-sweep.py > tests/vectors/gcn-register-sweep.txt
"""
import re, subprocess

NAMES = ["vcc", "vcc_lo", "exec", "exec_hi", "m0", "flat_scratch", "flat_scratch_lo", "xnack_mask",
         "xnack_mask_hi", "tba", "tba_lo", "tma_hi", "ttmp0", "ttmp[0:1]", "ttmp12", "ttmp[12:13]",
         "src_shared_base", "src_private_limit", "src_pops_exiting_wave_id", "vccz", "execz", "scc",
         "lds_direct", "src_lds_direct", "null", "s101", "s102", "s[100:101]", "s103", "off"]
SOURCE_ONLY = {"vccz", "execz", "scc", "src_shared_base", "src_private_limit", "src_pops_exiting_wave_id"}
# (form, the register lands in a 7-bit (6-bit) scalar field)
FORMS = [("s_mov_b32 {r}, s0", True), ("s_mov_b32 s0, {r}", False), ("s_mov_b64 {r}, s[0:1]", True),
         ("s_mov_b64 s[0:1], {r}", False), ("s_add_u32 s0, s1, {r}", False), ("s_cmp_eq_u32 {r}, s0", False),
         ("s_movk_i32 {r}, 5", True), ("v_mov_b32 v0, {r}", False), ("v_add_f32 v0, {r}, v1", False),
         ("v_add_f32_e64 v0, v1, {r}", False), ("v_add_f64 v[0:1], {r}, v[2:3]", False),
         ("v_cmp_eq_u32_e64 {r}, v1, v2", False), ("v_cndmask_b32_e64 v0, v1, v2, {r}", False),
         ("s_load_dword s0, {r}, 0x0", True), ("s_load_dword {r}, s[0:1], 0x0", True),
         ("buffer_load_dword v0, off, s[0:3], {r}", False), ("v_readfirstlane_b32 {r}, v0", False),
         ("s_and_saveexec_b64 {r}, s[0:1]", True), ("v_mad_u64_u32 v[0:1], {r}, v0, v1, v[2:3]", True)]


def assemble(cpu, text):
    r = subprocess.run(["llvm-mc-19", "-arch=amdgcn", "-mcpu=" + cpu, "--show-encoding"], input=text + "\n",
                       capture_output=True, text=True)
    m = re.search(r"error: (.*)", r.stderr)
    if m:
        return "error: " + m.group(1).strip(), False
    enc = re.search(r"encoding: \[([^\]]*)\]", r.stdout).group(1).split(",")
    if "A" in enc:
        return "relocation", True
    b = [int(x, 16) for x in enc]
    return " ".join("%08x" % int.from_bytes(bytes(b[i:i + 4]), "little") for i in range(0, len(b), 4)), False


print("# Register names in operand positions, llvm-mc-19 (scripts/gcn-register-sweep.py): arch, text,")
print("# words or error, class where llvm-mc-19 is not followed (llvm-truncates, llvm-symbol,")
print("# llvm-modifier) or -.")
for cpu in ("gfx600", "gfx700", "gfx803", "gfx900"):
    for form, narrow in FORMS:
        for name in NAMES:
            t = form.format(r=name)
            out, reloc = assemble(cpu, t)
            cls = "-"
            if reloc:
                cls = "llvm-symbol"
            elif "modifier is not supported" in out:
                cls = "llvm-modifier"
            elif narrow and name in SOURCE_ONLY and not out.startswith("error"):
                cls = "llvm-truncates"
            print("%s\t%s\t%s\t%s" % (cpu, t, out, cls))
