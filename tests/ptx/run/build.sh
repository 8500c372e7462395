#!/usr/bin/env bash
# Rebuilds the runnable corpus: kernels.cu -> kernels.ptx (clang-19, committed: our own text) ->
# cubins (ptxas 11.8 and 12.9, sm_50/52/53; NOT committed, written under target/nv-run/) ->
# cuobjdump -sass listings (committed; `cargo test --test run` assembles and runs them).
# Usage: tests/ptx/run/build.sh [NVTOOLS_BIN]   (default: .nvtools/bin of the repository)
# NV_RUN_LISTINGS=DIR writes the PTX, listings and constants there instead (CI compares them with
# the committed ones); NV_RUN_OUT=DIR puts the cubins elsewhere.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
NV=${1:-$ROOT/.nvtools/bin}
OUT=${NV_RUN_OUT:-$ROOT/target/nv-run}
LIST=${NV_RUN_LISTINGS:-$HERE}
mkdir -p "$OUT" "$LIST"
# the kernels' literal constants (.nv.constantN.KERNEL, N != 0) as text: KERNEL BANK HEX
consts() {
  python3 - "$1" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
shoff = struct.unpack_from('<Q', d, 0x28)[0]
shentsize, shnum, shstrndx = struct.unpack_from('<HHH', d, 0x3a)
secs = [struct.unpack_from('<IIQQQQIIQQ', d, shoff + i * shentsize) for i in range(shnum)]
strtab = secs[shstrndx][4]
for s in secs:
    name = d[strtab + s[0]:d.index(b'\0', strtab + s[0])].decode()
    if name.startswith('.nv.constant') and not name.startswith('.nv.constant0'):
        bank, _, kernel = name[len('.nv.constant'):].partition('.')
        print(kernel, bank, d[s[4]:s[4] + s[5]].hex())
PY
}
clang-19 --cuda-device-only --cuda-gpu-arch=sm_50 -nocudainc -nocudalib -O2 \
  -Xclang -target-feature -Xclang +ptx60 -S "$HERE/kernels.cu" -o "$LIST/kernels.ptx"
for sm in 50 52 53; do
  for p in ptxas ptxas-12.9; do
    c=$OUT/kernels.sm_$sm.$p.cubin
    "$NV/$p" -arch=sm_$sm "$LIST/kernels.ptx" -o "$c"
    "$NV/cuobjdump" -sass "$c" > "$LIST/kernels.sm_$sm.$p.sass"
    consts "$c" > "$LIST/kernels.sm_$sm.$p.const"
  done
done
# kernels2.cu: generic pointers, bytes/shorts, PRMT modes, fp64 FMA rounding, 24-bit multiplies,
# sqrt.approx and video instructions (inline PTX)
clang-19 --cuda-device-only --cuda-gpu-arch=sm_50 -nocudainc -nocudalib -O2 \
  -Xclang -target-feature -Xclang +ptx60 -S "$HERE/kernels2.cu" -o "$LIST/kernels2.ptx"
for sm in 50 52 53; do
  for p in ptxas ptxas-12.9; do
    c=$OUT/kernels2.sm_$sm.$p.cubin
    "$NV/$p" -arch=sm_$sm "$LIST/kernels2.ptx" -o "$c"
    "$NV/cuobjdump" -sass "$c" > "$LIST/kernels2.sm_$sm.$p.sass"
    consts "$c" > "$LIST/kernels2.sm_$sm.$p.const"
  done
done
# the sm_53-only kernels (half arithmetic)
clang-19 --cuda-device-only --cuda-gpu-arch=sm_53 -nocudainc -nocudalib -O2 \
  -Xclang -target-feature -Xclang +ptx60 -S "$HERE/kernels53.cu" -o "$LIST/kernels53.ptx"
for p in ptxas ptxas-12.9; do
  c=$OUT/kernels53.sm_53.$p.cubin
  "$NV/$p" -arch=sm_53 "$LIST/kernels53.ptx" -o "$c"
  "$NV/cuobjdump" -sass "$c" > "$LIST/kernels53.sm_53.$p.sass"
  consts "$c" > "$LIST/kernels53.sm_53.$p.const"
done
echo "listings in $LIST, cubins in $OUT"
