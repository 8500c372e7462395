#!/usr/bin/env python3
"""Derives the fact columns of every AMD operation (data/amd/op-facts.txt) from AMD's pseudocode.

Usage: cargo run -q -p gpuisa-amdgpu --example amd_ops > /tmp/ops.txt
       python3 scripts/amd-op-facts.py /tmp/ops.txt RDNA3_PSEUDOCODE.json CDNA_PSEUDOCODE.json \
           > data/amd/op-facts.txt

The pseudocode files are AMD's machine-readable ISA descriptions (the RDNA3 and CDNA3 ISA XML
releases as JSON). An operation's pseudocode is looked up by its name (without _E32/_E64) in
RDNA3's, then CDNA's, then under its gfx11/GCN alias (data/rdna3/op-aliases.txt); where AMD
publishes none (gfx6-gfx8 operations that CDNA dropped, images, exports), the facts come from
the operation's encoding and name, and the `src` column says so. The output is committed; build.rs
compiles it into `Op::facts()`, and its `syntax` column (operand rules of the gfx6-gfx9
printers and checks, from the name rules in SYNTAX_RULES) into the GCN tables' `flag::` bits.
"""
import json
import re
import sys

ops_file, rdna3_file, cdna_file = sys.argv[1:4]
pseudo = []
for f in (rdna3_file, cdna_file):
    d = json.load(open(f))
    t = {}
    for k, v in d.items():
        name = k.split(".", 1)[1]
        name = re.sub(r"_E(32|64)$", "", name)
        t.setdefault(name, v)
    pseudo.append(t)

aliases = {}
for line in open("data/rdna3/op-aliases.txt"):
    if line.startswith("#") or not line.strip():
        continue
    a, b = line.split()[:2]
    aliases[a] = b
    aliases.setdefault(b, a)


def code_of(op):
    for name in (op, aliases.get(op)):
        if name is None:
            continue
        for src, t in zip(("rdna3", "cdna"), pseudo):
            if name in t:
                return t[name], src
    return None, "name"


def assigned(code, reg):
    # `REG = ...`, `REG.u64 = ...`, `REG.u64[laneId] = ...` (not `==`, `<=`, `>=`).
    return re.search(r"(?<![\w.])" + reg + r"(\.\w+)?(\[[^\]]*\])?\s*(\+|-|\||&)?=(?!=)", code) is not None


def used(code, reg):
    """Read before written: the name (or its zero flag, EXECZ/VCCZ) on a right-hand side or in a
    condition before any line assigns it (S_MAX_I32 computes SCC and then uses it: no read)."""
    for line in code.splitlines():
        line = line.split("//")[0]
        m = re.match(r"\s*([^=<>!]*?)(\+|-|\||&)?=(?!=)(.*)", line)
        rhs = m.group(3) if m else line
        if m and m.group(2):  # `x += ...` reads x too
            rhs = line
        if re.search(r"(?<![\w.])" + reg + r"Z?(?![\w])", rhs):
            return True
        if assigned(line, reg):
            return False
    return False


def enc_family(encs):
    e = {x.split(":")[0] for x in encs}
    for fam, names in (
        ("smem", {"SMEM", "SMRD"}),
        ("ds", {"DS"}),
        ("flat", {"FLAT"}),
        ("global", {"GLOBAL", "GLOBALSADDR"}),
        ("scratch", {"SCRATCH", "SCRATCHSADDR"}),
        ("buffer", {"MUBUF", "MTBUF"}),
        ("image", {"MIMG"}),
        ("export", {"EXP"}),
        ("interp", {"VINTRP", "VINTERP", "LDSDIR"}),
    ):
        if e & names:
            return fam
    if e & {"SOP1", "SOP2", "SOPC", "SOPK", "SOPP"}:
        return "salu"
    return "valu"


# ---------------------------------------------------------------- traits
# What the emulator needs to know about an operation beyond the columns above, as tokens
# (column `traits`); the Rust side (build.rs -> `Op::facts().traits`) never reads a name.

WIDTH = {
    # token: (bytes per element, elements, sign-extended)
    "DWORD": (4, 1, False), "B32": (4, 1, False), "U32": (4, 1, False), "I32": (4, 1, False), "F32": (4, 1, False),
    "DWORDX2": (4, 2, False), "B64": (4, 2, False), "U64": (4, 2, False), "I64": (4, 2, False), "F64": (4, 2, False),
    "DWORDX3": (4, 3, False), "B96": (4, 3, False),
    "DWORDX4": (4, 4, False), "B128": (4, 4, False),
    "DWORDX8": (4, 8, False), "B256": (4, 8, False),
    "DWORDX16": (4, 16, False), "B512": (4, 16, False),
    "UBYTE": (1, 1, False), "U8": (1, 1, False), "BYTE": (1, 1, False), "B8": (1, 1, False),
    "SBYTE": (1, 1, True), "I8": (1, 1, True),
    "USHORT": (2, 1, False), "U16": (2, 1, False), "SHORT": (2, 1, False), "B16": (2, 1, False),
    "SSHORT": (2, 1, True), "I16": (2, 1, True),
}


def rmw_of(s, ty):
    """The atomic operation of a name's operation and type tokens (`ADD`+`F32` is a float add,
    `MAX`+`I32` a signed maximum; GCN's SMAX/UMAX say it themselves)."""
    t = ty[:1] or "U"
    if s in ("SWAP", "WRXCHG", "STOREXCHG"):
        return "swap"
    if s == "ADD":
        return "fadd" if t == "F" else "add"
    if s in ("MIN", "MAX"):
        return {"I": "s", "F": "f"}.get(t, "u") + s.lower()
    if s in ("CMPSWAP", "CMPST", "CMPSTORE"):
        return "cmpswap"
    return {"SUB": "sub", "SMIN": "smin", "UMIN": "umin", "SMAX": "smax", "UMAX": "umax",
            "AND": "and", "OR": "or", "XOR": "xor", "INC": "inc", "DEC": "dec",
            "FMIN": "fmin", "FMAX": "fmax"}.get(s)


def mem_traits(name):
    """(size, count, signed, flags, rmw) of a memory operation's name, GCN's
    (GLOBAL_LOAD_UBYTE_D16_HI, DS_READ2ST64_B32, GLOBAL_ATOMIC_SMAX_X2) or gfx11's
    (GLOBAL_LOAD_D16_HI_U8, DS_LOAD_2ADDR_STRIDE64_B32, GLOBAL_ATOMIC_MAX_I64); None when the
    emulator has no model of it."""
    ds = name.startswith("DS_")
    for p in ("DS_", "GLOBAL_", "FLAT_", "SCRATCH_", "BUFFER_", "S_BUFFER_", "S_"):
        if name.startswith(p):
            rest = name[len(p):]
            break
    else:
        return None
    flags, parts = [], []
    size, count, signed, rmw = 4, 1, False, None
    for p in rest.split("_"):
        if p == "D16":
            flags.append("d16")
        elif p == "HI" and ("d16" in flags or "D16" in rest):
            flags.append("hi")
        elif p == "RTN":
            flags.append("rtn")
        elif p == "2ADDR":
            flags.append("two")
        elif p == "STRIDE64":
            flags.append("st64")
        elif p in ("READ2", "WRITE2", "READ2ST64", "WRITE2ST64"):
            flags.append("two")
            st = p.endswith("ST64")
            if st:
                flags.append("st64")
            parts.append(p[: len(p) - (5 if st else 1)])
        else:
            parts.append(p)
    kind = None
    if len(parts) == 2 and parts[0] in ("LOAD", "READ", "STORE", "WRITE") and parts[1] in WIDTH:
        kind = "mem"
        size, count, signed = WIDTH[parts[1]]
    elif not ds and len(parts) == 2 and parts[0] == "ATOMIC":
        rmw = rmw_of(parts[1], "U32")
        flags.append("rtn")
    elif not ds and len(parts) == 3 and parts[0] == "ATOMIC" and parts[2] == "X2":
        rmw = rmw_of(parts[1], "U64")
        flags.append("rtn")
        size = 8
    elif not ds and len(parts) == 3 and parts[0] == "ATOMIC":
        rmw = rmw_of(parts[1], parts[2])
        flags.append("rtn")
        if parts[2] in WIDTH:
            size = 4 * min(WIDTH[parts[2]][1], 2)
    elif ds and len(parts) == 2 and rmw_of(parts[0], parts[1]) and parts[1] in WIDTH:
        rmw = rmw_of(parts[0], parts[1])
        size = 4 * min(WIDTH[parts[1]][1], 2)
        # gfx11's DS_CMPSTORE takes (new value, compare), GCN's DS_CMPST (compare, new).
        if parts[0] == "CMPSTORE":
            flags.append("cmpfirst")
    elif parts and parts[0] in ("DCACHE", "WBINVL1", "ATC", "NOP", "GL0", "GL1"):
        kind = "nop"
    else:
        return None
    if rmw is None and kind is None:
        return None
    if "two" in flags and kind == "nop":
        return None
    return size, count, signed, flags, rmw


def format_traits(name):
    """Typed buffer accesses (BUFFER_{LOAD,STORE}_FORMAT_*, TBUFFER_*): (components, flags)."""
    m = re.match(r"T?BUFFER_(LOAD|STORE)(_D16)?(_HI)?_FORMAT(_D16)?(_HI)?_(X|XY|XYZ|XYZW)$", name)
    if not m:
        return None
    flags = ["fmt"]
    if m.group(2) or m.group(4):
        flags.append("d16")
    if m.group(3) or m.group(5):
        flags.append("hi")
    return len(m.group(6)), flags


def image_traits(name):
    if name.startswith("IMAGE_ATOMIC_"):
        op = name[len("IMAGE_ATOMIC_"):]
        wide = op.endswith("_X2")
        op = op[:-3] if wide else op
        r = {"FCMPSWAP": "fcmpswap", "RSUB": "rsub"}.get(op) or rmw_of(op, "U32")
        return ["img=atomic", "rmw=" + r] if r else None
    m = re.match(r"IMAGE_(LOAD|STORE)((_MIP)?(_PCK)?(_SGN)?)$", name)
    if m:
        return ["img=" + m.group(1).lower()] + [t.lower() for t in m.group(2).split("_") if t]
    if name == "IMAGE_GET_RESINFO":
        return ["img=resinfo"]
    if name == "IMAGE_GET_LOD":
        return ["img=getlod"]
    for pre, kind in (("IMAGE_SAMPLE", "sample"), ("IMAGE_GATHER4", "gather4")):
        if name.startswith(pre):
            sfx = [t for t in name[len(pre):].split("_") if t]
            # The suffixes the sampler models (D and CD both give derivatives).
            if not all(t in ("C", "D", "CD", "L", "B", "CL", "LZ", "O") for t in sfx):
                return ["img=" + kind + "_other"]
            return ["img=" + kind] + [{"CD": "d"}.get(t, t.lower()) for t in sfx]
    return None


CMP_CONDS = ("F", "LT", "EQ", "LE", "GT", "LG", "GE", "O", "U", "NGE", "NLG", "NGT", "NLE",
             "NEQ", "NLT", "TRU", "NE", "T", "CLASS")
CMP_TYPES = ("F16", "F32", "F64", "I16", "I32", "I64", "U16", "U32", "U64")


CHECKED = []


# ---------------------------------------------------------------- syntax
# Operand rules of the gfx6-gfx9 printers, decoders and assembler checks (column `syntax`, compiled
# by build.rs into the tables' `flag::` bits): the name rules build.rs once applied to every
# mnemonic, applied here once to the operation's name (lower case; the renamed gfx6-gfx8
# mnemonics of data/gcn/op-aliases.txt keep the prefixes these rules test). build.rs reads the
# tokens and tests no name.
SYNTAX_RULES = (
    ("endpgm", lambda m: m == "s_endpgm"),
    ("reg_only_sop1", lambda m: m in ("s_movrels_b32", "s_movrels_b64", "s_rfe_b64", "s_setpc_b64", "s_cbranch_join")),
    ("readfirstlane", lambda m: m.startswith("v_readfirstlane")),
    ("readlane", lambda m: m == "v_readlane_b32"),
    ("writelane", lambda m: m == "v_writelane_b32"),
    ("lane_b32", lambda m: m.endswith("lane_b32")),
    ("vgpr_only_src0", lambda m: m in ("v_swap_b32", "v_movrels_b32", "v_movrelsd_b32", "v_movrelsd_2_b32")),
    ("interp", lambda m: m.startswith("v_interp_")),
    ("sdst8", lambda m: m.startswith(("v_cmp", "v_readlane", "v_readfirstlane"))),
    ("sad_u16", lambda m: m == "v_sad_u16"),
    ("cndmask", lambda m: m.startswith("v_cndmask")),
    ("cvt_pk_u8_f32", lambda m: m == "v_cvt_pk_u8_f32"),
    ("carry_in", lambda m: m.startswith(("v_addc", "v_subb"))),
    ("mqsad_u32_u8", lambda m: m == "v_mqsad_u32_u8"),
    ("sext_src1", lambda m: m.startswith(("v_ldexp_", "v_trig_preop", "v_cvt_pkaccum_u8", "v_cmp_class_", "v_cmpx_class_"))),
    ("no_opsel", lambda m: m.startswith("v_") and ("_legacy" in m or m == "v_sad_u16")),
    ("mix", lambda m: m.startswith(("v_mad_mix", "v_fma_mix"))),
    ("ds_two", lambda m: m.startswith("ds_") and ("read2" in m or "write2" in m or "wrxchg2" in m)),
    ("ds_gds_only", lambda m: m.startswith("ds_gws") or m == "ds_ordered_count"),
    ("ds_swizzle", lambda m: m == "ds_swizzle_b32"),
    ("store_lds_dword", lambda m: m == "buffer_store_lds_dword"),
    ("gather4", lambda m: m.startswith("image_gather4")),
    ("int_src0", lambda m: m.startswith("v_cvt_f32_ubyte")),
    # No SDWA nor DPP form on gfx8/gfx9 (llvm-mc-19 has none): v_movrel*, v_swap_b32.
    ("no_sdwa_dpp", lambda m: m.startswith(("v_movrel", "v_swap_b32"))),
    # gfx9 dropped the SDWA forms of v_mac_f16/v_mac_f32 (and has no v_fmac SDWA).
    ("no_sdwa_gfx9", lambda m: m.startswith(("v_mac_", "v_fmac_"))),
)


def syntax_of(op):
    m = op.lower()
    return [t for t, rule in SYNTAX_RULES if rule(m)]


def traits_of(op, fam, code):
    t = []
    if fam in ("smem", "ds", "flat", "global", "scratch", "buffer"):
        f = format_traits(op)
        if f:
            t += ["n=%d" % f[0]] + f[1]
        else:
            m = mem_traits(op)
            if m:
                size, count, signed, flags, rmw = m
                t += ["size=%d" % size, "n=%d" % count] + (["signed"] if signed else []) + flags
                if rmw:
                    t.append("rmw=" + rmw)
                if op.startswith("S_BUFFER_"):
                    t.append("sbuffer")
                # AMD's pseudocode, where there is one, must agree on the element.
                mt = re.findall(r"MEM\[[^\]]*\]\.([a-z])(\d+)", code)
                if mt and not rmw and size < 4:
                    CHECKED.append(op)
                    ty, bits = mt[0]
                    if int(bits) != 8 * size or (ty == "i") != signed:
                        sys.exit(f"{op}: the name says {size} bytes signed={signed}, the pseudocode .{ty}{bits}")
    elif fam == "image":
        t += image_traits(op) or []
    elif fam == "valu":
        m = re.match(r"V_CMPS?(X?)_(\w+)_([A-Z]\d+)$", op)
        if m and m.group(2) in CMP_CONDS and m.group(3) in CMP_TYPES:
            t += ["cmp=" + m.group(2).lower(), "ty=" + m.group(3).lower()] + (["cmpx"] if m.group(1) else [])
        # The VOP3 VDST field holds an SGPR: the compares' lane mask, v_readlane's and
        # v_readfirstlane's value.
        if m or re.match(r"V_READ(LANE|FIRSTLANE)_", op):
            t.append("sdst")
    if re.search(r"MOVREL|GPR_IDX|SWAPREL", op):
        # Registers chosen by M0 (or the GPR index mode), not by the fields.
        t.append("m0regs")
    return t


out = [
    "# Facts of every AMD operation, one row per `Op` (generated by scripts/amd-op-facts.py from",
    "# AMD's pseudocode; see the script for how). Columns, tab-separated:",
    "#   op       AMD's operation name (the `Op` variant)",
    "#   class    salu valu smem ds flat global scratch buffer image export interp",
    "#   writes   implicit registers written: SCC VCC EXEC M0 PC (- for none); VCC/EXEC as the 32-bit",
    "#            encodings have them (VOP3 forms name the SGPRs as operands instead); REG:gcn only",
    "#            on gfx6-gfx9 (V_CMPX writes VCC there, not on gfx11)",
    "#   reads    implicit registers read: SCC VCC EXEC M0 (- for none)",
    "#   branch   - | jump (PC-relative, unconditional) | cjump (PC-relative, conditional) |",
    "#            indirect (PC from registers) | call (saves the return address, PC-relative) |",
    "#            call_indirect (saves it, PC from registers) | other",
    "#   mem      - | load | store | atomic (returns nothing) | atomic_rtn | nop",
    "#   wait     counters it increments: vm lgkm exp (- for none); gfx11 stores count in vs",
    "#   rate     full | dp (double precision) | trans (transcendental) | quarter (64-bit integer",
    "#            multiply/shift, 32-bit integer multiply)",
    "#   src      where the facts come from: rdna3 / cdna pseudocode, or name (no pseudocode)",
    "#   traits   what the emulator needs beyond these, space-separated (- for none):",
    "#            memory: size=BYTES n=ELEMENTS (per address) signed d16 hi rtn (DS _RTN; the",
    "#            buffer/global/scalar atomics return with GLC) two (2ADDR/READ2/WRITE2) st64",
    "#            cmpfirst (DS data0 is the new value, gfx11) rmw=OP (the atomic operation) sbuffer",
    "#            (S_BUFFER_*: a V# base) fmt (typed buffer access of n components);",
    "#            images: img=load|store|atomic|resinfo|getlod|sample|gather4 (sample_other,",
    "#            gather4_other: suffixes not modelled) and its suffixes mip pck sgn c d l b cl lz o;",
    "#            compares: cmp=COND ty=TYPE cmpx; sdst (the VOP3 VDST field is an SGPR);",
    "#            m0regs (registers chosen by M0 or the GPR index mode)",
    "#            Taken from the name (tokens of the forms above), checked against AMD's",
    "#            pseudocode's memory element type where there is one.",
    "#   syntax   operand rules of the gfx6-gfx9 printers, decoders and assembler checks (the",
    "#            tables' `flag::` bits, src/gcn/table.rs), space-separated (- for none):",
    "#            endpgm reg_only_sop1 (SOP1 source register-only) readfirstlane readlane",
    "#            writelane lane_b32 vgpr_only_src0 interp sdst8 (VOP3 VDST an 8-bit SGPR field)",
    "#            sad_u16 cndmask cvt_pk_u8_f32 carry_in mqsad_u32_u8 sext_src1 (src1 takes",
    "#            integer modifiers) no_opsel (VOP3 16-bit sources without op_sel) mix ds_two",
    "#            ds_gds_only ds_swizzle store_lds_dword gather4 int_src0 (integer src0)",
    "#            no_sdwa_dpp (no SDWA/DPP form on gfx8/gfx9) no_sdwa_gfx9 (no SDWA form on gfx9)",
]

for line in open(ops_file):
    op, _, rest = line.rstrip("\n").partition("\t")
    encs = rest.split()
    fam = enc_family(encs)
    code, src = code_of(op)
    c = code or ""
    writes, reads = [], []
    for reg in ("SCC", "VCC", "EXEC", "M0"):
        if assigned(c, reg):
            writes.append(reg)
        if used(c, reg):
            reads.append(reg)
    pc_written = assigned(c, "PC")
    # VOPC (and V_CMPX) write VCC in the 32-bit encoding; pseudocode names it D0.
    is_cmp = re.match(r"V_CMPS?X?_", op) is not None
    if is_cmp and "VCC" not in writes and not op.startswith(("V_CMPX_", "V_CMPSX_")):
        writes.append("VCC")
    if op.startswith(("V_CMPX_", "V_CMPSX_")):
        if "EXEC" not in writes:
            writes.append("EXEC")
        # gfx6-gfx9's V_CMPX also writes VCC (D0); gfx11's writes only EXEC.
        if any(g != "gfx11" for x in encs for g in x.split(":")[1].split(",")):
            writes = [w for w in writes if w != "VCC"] + ["VCC:gcn"]
    if src == "name":
        # Without pseudocode: what the encoding and the name say.
        if fam == "salu" and re.match(r"S_(ADD|ADDC|SUB|SUBB|AND|OR|XOR|NAND|NOR|XNOR|ANDN2|ORN2|LSHL|LSHR|ASHR|BFE|MIN|MAX|ABS|ABSDIFF|NOT|BCNT[01]|QUADMASK|WQM|CMP|BITCMP[01])_", op):
            writes.append("SCC")
        if re.match(r"S_.*SAVEEXEC", op):
            writes += ["EXEC", "SCC"]
            reads.append("EXEC")
        if re.match(r"S_CBRANCH_(SCC|VCC|EXEC)", op):
            reads.append(op.split("_")[2].rstrip("ZNZ0123456789") if False else {"S": "SCC", "V": "VCC", "E": "EXEC"}[op.split("_")[2][0]])
    branch = "-"
    if pc_written or op.startswith(("S_BRANCH", "S_CBRANCH", "S_SETPC", "S_SWAPPC", "S_CALL")):
        if re.search(r"PC\s*=\s*PC\s*\+\s*signext\(SIMM16", c) or op.startswith(("S_BRANCH", "S_CBRANCH_SCC", "S_CBRANCH_VCC", "S_CBRANCH_EXEC", "S_CBRANCH_CDBG")):
            if op.startswith("S_CALL"):
                branch = "call"
            elif re.search(r"(?m)^\s*if ", c) or op.startswith("S_CBRANCH"):
                branch = "cjump"
            else:
                branch = "jump"
        elif op.startswith("S_SWAPPC"):
            branch = "call_indirect"
        elif op.startswith("S_SETPC"):
            branch = "indirect"
        else:
            branch = "other"
        if op.startswith(("S_CBRANCH_JOIN", "S_CBRANCH_G_FORK", "S_CBRANCH_I_FORK")):
            branch = "other"
        if "PC" not in writes:
            writes.append("PC")
    mem = "-"
    wait = []
    if fam in ("smem", "ds", "flat", "global", "scratch", "buffer", "image"):
        rd = re.search(r"=\s*[^;\n]*MEM\[", c) is not None or re.search(r"\bMEM\[[^\]]*\][^=\n]*;?\s*$", c) is not None
        wr = re.search(r"MEM\[[^\]]*\](\.\w+)?\s*(\+|-|\||&|\^)?=(?!=)", c) is not None
        n = op
        if "ATOMIC" in n or re.match(r"DS_(ADD|SUB|RSUB|INC|DEC|MIN|MAX|AND|OR|XOR|MSKOR|CMPST|CMPSTORE|WRXCHG|CONDXCHG|APPEND|CONSUME|PK_ADD)", n):
            mem = "atomic_rtn" if ("_RTN" in n or (fam != "ds" and "ATOMIC" in n) or n in ("DS_APPEND", "DS_CONSUME") or n.startswith("DS_WRXCHG")) else "atomic"
            if fam == "ds" and n.startswith("DS_WRXCHG"):
                mem = "atomic_rtn"
        elif re.search(r"LOAD|READ|GATHER|SAMPLE|GET_|_LD|BPERMUTE|PERMUTE|SWIZZLE|MSKOR", n):
            mem = "load"
        elif re.search(r"STORE|WRITE|_ST", n):
            mem = "store"
        elif rd and wr:
            mem = "atomic_rtn"
        elif wr:
            mem = "store"
        elif rd:
            mem = "load"
        else:
            mem = "nop"
        if fam in ("smem", "ds"):
            wait = ["lgkm"]
        elif fam == "flat":
            wait = ["vm", "lgkm"]
        else:
            wait = ["vm"]
    if fam == "export":
        wait = ["exp"]
    if op in ("S_SENDMSG", "S_SENDMSGHALT", "S_SENDMSG_RTN_B32", "S_SENDMSG_RTN_B64"):
        wait = ["lgkm"]
    rate = "full"
    if fam == "valu":
        if re.search(r"F64|_B64|_I64|_U64", op) and not re.search(r"^V_(MOV|READLANE|WRITELANE|CMP|CMPX|LSHL|LSHR|ASHR)", op) or re.search(r"^V_(CMPS?X?)_\w+_F64", op):
            rate = "dp" if "F64" in op else "quarter"
        elif re.match(r"V_(RCP|RSQ|SQRT|LOG|EXP|SIN|COS)(_IFLAG|_CLAMP|_LEGACY)?_F(16|32)", op):
            rate = "trans"
        elif re.match(r"V_(MUL_LO_U32|MUL_HI_U32|MUL_LO_I32|MUL_HI_I32|MAD_U64_U32|MAD_I64_I32|MUL_U32_U24_HI_X)", op):
            rate = "quarter"
    cols = [
        op,
        fam,
        " ".join(dict.fromkeys(writes)) or "-",
        " ".join(dict.fromkeys(reads)) or "-",
        branch,
        mem,
        " ".join(wait) or "-",
        rate,
        src,
        " ".join(traits_of(op, fam, c)) or "-",
        " ".join(syntax_of(op)) or "-",
    ]
    out.append("\t".join(cols))
print("\n".join(out))
print(f"amd-op-facts: {len(CHECKED)} sub-dword memory operations checked against the pseudocode", file=sys.stderr)
