#!/usr/bin/env bash
# Writes tests/vectors/gfx8|gfx9/mimg-vaddr.s (every image instruction with every address width
# llvm-mc-19 accepts, from data/gcn/asm/mimg-vaddr.txt) and llvm-mc-19's --show-encoding listing
# of it (mimg-vaddr.llvm-mc.txt), checked by tests/gcn_mimg_listing.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
for g in gfx9:gfx900 gfx8:gfx803; do
  gen=${g%%:*}; cpu=${g##*:}
  python3 - "$gen" > tests/vectors/$gen/mimg-vaddr.s <<'PY'
import sys
G = sys.argv[1]
for l in open("data/gcn/asm/mimg-vaddr.txt"):
    if l.startswith("#"):
        continue
    gen, mn, sizes = l.split()
    if gen != G:
        continue
    for n in map(int, sizes.split(",")):
        va = "v4" if n == 1 else "v[4:%d]" % (3 + n)
        samp = ", s[16:19]" if ("sample" in mn or "gather" in mn or "get_lod" in mn) else ""
        if "atomic" in mn:
            d, dm = ("v[0:1]", "0x3") if "cmpswap" in mn else ("v0", "0x1")
            print("%s %s, %s, s[8:15] dmask:%s unorm glc" % (mn, d, va, dm))
        elif "store" in mn:
            print("%s v[0:3], %s, s[8:15] dmask:0xf unorm" % (mn, va))
        else:
            print("%s v[0:3], %s, s[8:15]%s dmask:%s" % (mn, va, samp, "0x1" if "gather" in mn else "0xf"))
PY
  llvm-mc-19 -arch=amdgcn -mcpu=$cpu --show-encoding tests/vectors/$gen/mimg-vaddr.s > tests/vectors/$gen/mimg-vaddr.llvm-mc.txt
done
