#!/usr/bin/env bash
# CI for `gpuisa asm --cubin` (run after cargo test). Without the NVIDIA tools (.nvtools, see
# scripts/fetch-nv-tools.sh) it is skipped: tests/cubin.rs already checks the committed cubins.
# With them, live: the runnable corpus is rebuilt (clang-19 -> PTX -> ptxas 11.8 and 12.9,
# sm_50/52/53) and every cubin (that corpus and tests/ptx/cubin) is listed by cuobjdump -sass,
# assembled back onto itself with `gpuisa asm --cubin` and must come out byte-identical (and each
# function of tests/ptx/cubin from its raw `nvdisasm -b SM5x -hex` listing with --kernel); then
# examples/maxwell/saxpy_plus1.sass (one instruction more, no control words) goes into saxpy of
# each kernels.*.cubin: cuobjdump must accept the result and list the same code as gpuisa, and
# `gpuisa run` must compute y = a*x + y + 1 (checked by python).
set -euo pipefail
cd "$(dirname "$0")/.."
NV=$PWD/.nvtools/bin
if [ ! -x "$NV/cuobjdump" ] || [ ! -x "$NV/ptxas" ] || ! command -v clang-19 >/dev/null; then
  echo "ci-nvidia-cubin: skipped (no NVIDIA tools in .nvtools or no clang-19)"
  exit 0
fi
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
cargo build -q -p gpuisa-cli
G=$CARGO_TARGET_DIR/debug/gpuisa
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
NV_RUN_OUT=$T/cubin NV_RUN_LISTINGS=$T/list bash tests/ptx/run/build.sh "$NV" >/dev/null
fail=0; n=0
for c in "$T"/cubin/*.cubin tests/ptx/cubin/*.cubin; do
  sm=$(basename "$c" | grep -o 'sm_5[023]')
  n=$((n + 1))
  "$NV/cuobjdump" -sass "$c" > "$T/l.sass"
  if ! "$G" asm --arch "$sm" "$T/l.sass" --cubin "$c" -o "$T/o.cubin" 2>"$T/err"; then
    echo "ci-nvidia-cubin: $c: asm --cubin failed"; cat "$T/err"; fail=1; continue
  fi
  if ! cmp -s "$c" "$T/o.cubin"; then
    echo "ci-nvidia-cubin: $c: re-assembled cubin differs"; fail=1
  fi
done
echo "ci-nvidia-cubin: $n cubins re-assembled from cuobjdump -sass"
# nvdisasm's raw listing (no function headers: --kernel names it) of every function of the
# committed cubins, put back into its cubin: the identical file again
k=0
for c in tests/ptx/cubin/*.cubin; do
  sm=$(basename "$c" | grep -o 'sm_5[023]')
  for f in $(python3 - "$c" "$T" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
shoff = struct.unpack_from('<Q', d, 0x28)[0]
es, n, si = struct.unpack_from('<HHH', d, 0x3a)
secs = [struct.unpack_from('<IIQQQQIIQQ', d, shoff + i * es) for i in range(n)]
st = secs[si][4]
for s in secs:
    name = d[st + s[0]:d.index(b'\0', st + s[0])].decode()
    if name.startswith('.text.'):
        open(sys.argv[2] + '/' + name[6:] + '.bin', 'wb').write(d[s[4]:s[4] + s[5]])
        print(name[6:])
PY
  ); do
    k=$((k + 1))
    "$NV/nvdisasm" -b "SM${sm#sm_}" -hex "$T/$f.bin" > "$T/raw.sass"
    if ! "$G" asm --arch "$sm" "$T/raw.sass" --cubin "$c" --kernel "$f" -o "$T/r.cubin" 2>"$T/err" \
      || ! cmp -s "$c" "$T/r.cubin"; then
      echo "ci-nvidia-cubin: $c $f: nvdisasm -hex listing does not give the cubin back"; cat "$T/err"; fail=1
    fi
  done
done
echo "ci-nvidia-cubin: $k functions re-assembled from nvdisasm -b -hex listings"
python3 -c "
import struct
open('$T/x.bin','wb').write(struct.pack('<300f', *[i * 0.25 - 7 for i in range(300)]))
open('$T/y.bin','wb').write(struct.pack('<300f', *[1000 - 3 * i for i in range(300)]))"
m=0
for c in "$T"/cubin/kernels.*.cubin; do
  sm=$(basename "$c" | grep -o 'sm_5[023]')
  m=$((m + 1))
  "$G" asm --arch "$sm" examples/maxwell/saxpy_plus1.sass --cubin "$c" -o "$T/p.cubin" 2>/dev/null
  if ! cmp -s <("$NV/cuobjdump" -sass "$T/p.cubin") <("$G" disasm --arch "$sm" "$T/p.cubin"); then
    echo "ci-nvidia-cubin: $c + saxpy_plus1: cuobjdump and gpuisa list different code"; fail=1
  fi
  rm -rf "$T/o"
  "$G" run "$T/p.cubin" --kernel saxpy --grid 3 --block 128 --arg f32:1.5 --arg "file:$T/x.bin" \
    --arg "file:$T/y.bin" --arg i32:300 --out-dir "$T/o" >/dev/null 2>&1
  if ! python3 - "$T" <<'PY'
import struct, sys
t = sys.argv[1]
x = struct.unpack('<300f', open(t + '/x.bin', 'rb').read())
y = struct.unpack('<300f', open(t + '/y.bin', 'rb').read())
got = struct.unpack('<300f', open(t + '/o/arg2.bin', 'rb').read())
f = lambda v: struct.unpack('<f', struct.pack('<f', v))[0]
# FFMA rounds once (exact in f64 for these values), then FADD 1.0 rounds once more
want = [f(f(1.5 * x[i] + y[i]) + 1.0) for i in range(300)]
sys.exit(0 if list(got) == want else 1)
PY
  then
    echo "ci-nvidia-cubin: $c + saxpy_plus1: wrong results"; fail=1
  fi
done
echo "ci-nvidia-cubin: saxpy_plus1 put into $m cubins and run"
exit $fail
