#!/usr/bin/env bash
# Throughput of the AMD assembler (`gpuisa asm --filetype obj`, release build) against
# `llvm-mc-19 -filetype=obj`, whole processes on the same file, objects compared byte for byte
# first. Files: clang-19 -S of examples/opencl/{vector_add,matmul_tiled,many_kernels}.cl for
# gfx900 (with rocm-device-libs) and gfx1100, and many_kernels with every instruction line
# spelled differently (blanks varied by line number), so that the driver's instruction cache
# hits far less: mostly the encoders' own speed (the blank counts repeat every 3 721 lines, so
# about 35-40 % of the lines still repeat an earlier one exactly).
# With CLRXASM=/path/to/clrxasm (CLRX is not installed here; build it yourself), also
# `gpuisa asm --arch gfx900` (raw code) against `clrxasm -b rawcode` on the instructions and
# labels of the gfx900 file in CLRX's dialect (comments dropped, `_e32` suffixes dropped),
# after checking that both write the same bytes.
# Times: the mean of RUNS runs (wall clock and user+sys CPU time); the machine is shared, so
# the CPU times are the steadier figure.
# usage: scripts/amd-asm-bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-10}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build -q --release -p gpuisa-cli
B=$CARGO_TARGET_DIR/release/gpuisa
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
LIBS=${ROCM_DEVICE_LIBS:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
for k in vector_add matmul_tiled many_kernels; do
  clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx900 -O2 --rocm-device-lib-path="$LIBS" -S examples/opencl/$k.cl -o $T/$k-gfx900.s
  clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -O2 -nogpulib -include tests/kernels/gfx11-prelude.h -S examples/opencl/$k.cl -o $T/$k-gfx1100.s
done
# Every instruction line spelled its own way (1-61 blanks after the mnemonic, 0-60 after the
# first comma, by line number).
for cpu in gfx900 gfx1100; do
  awk '{ if ($0 ~ /^\t(s|v|global|flat|ds|buffer|scratch)_/ && $0 !~ /:/) {
           n = NR % 61 + 1; m = int(NR / 61) % 61;
           sub(/^\t/, ""); i = index($0, " ");
           if (i == 0) { print "\t" $0; next }
           mn = substr($0, 1, i - 1); rest = substr($0, i + 1);
           j = index(rest, ",");
           if (j > 0) rest = substr(rest, 1, j) sprintf("%" m "s", "") substr(rest, j + 1);
           printf "\t%s%" n "s%s\n", mn, "", rest
         } else print }' $T/many_kernels-$cpu.s > $T/unique-$cpu.s
done
# t CMD...: "wall_us cpu_us", the mean of RUNS runs, after one untimed run (a binary just built
# or a file just written is otherwise paid for by the first timed run: with RUNS=10 that cold
# run made gpuisa's many_kernels times about a third longer).
t() {
  local s e u
  "$@" >/dev/null 2>&1 || true
  s=$(date +%s%N)
  u=$( { /usr/bin/time -f "%U %S" bash -c 'for _ in $(seq '"$RUNS"'); do "$@" >/dev/null 2>&1; done' _ "$@"; } 2>&1 | tail -1)
  e=$(date +%s%N)
  echo "$(( (e - s) / RUNS / 1000 )) $(awk -v u="$u" -v r="$RUNS" 'BEGIN{split(u, a, " "); printf "%d", (a[1] + a[2]) * 1e6 / r}')"
}
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for f in vector_add matmul_tiled many_kernels unique; do
  for cpu in gfx900 gfx1100; do
    s=$T/$f-$cpu.s
    "$B" asm --arch $cpu $s --filetype obj -o $T/a.o
    llvm-mc-19 -triple amdgcn-amd-amdhsa -mcpu=$cpu -filetype=obj $s -o $T/b.o
    cmp -s $T/a.o $T/b.o && same=byte-identical || same=DIFFERENT
    read -r aw ac < <(t "$B" asm --arch $cpu $s --filetype obj -o $T/a.o)
    read -r bw bc < <(t llvm-mc-19 -triple amdgcn-amd-amdhsa -mcpu=$cpu -filetype=obj $s -o $T/b.o)
    printf "%-13s %-8s %6d lines %5d KiB objects %-14s gpuisa %6d us wall %6d us cpu | llvm-mc-19 %7d us wall %7d us cpu | speed-up %5.1fx wall %5.1fx cpu\n" \
      $f $cpu "$(wc -l < $s)" $(( $(wc -c < $s) / 1024 )) $same $aw $ac $bw $bc \
      "$(awk "BEGIN{print $bw/$aw}")" "$(awk "BEGIN{print $bc/($ac>0?$ac:1)}")"
  done
done
if [ -n "${CLRXASM:-}" ]; then
  for f in many_kernels unique; do
    s=$T/$f-gfx900.s
    { printf '.gpu GFX900\n.rawcode\n'
      awk '/^\t\.text/{t=1} /^\t\.section/{t=0} t && (/^\t[sv]_|^\t(global|flat|ds|buffer|scratch|exp)_|^[.A-Za-z_][A-Za-z0-9_.]*:/)' $s |
        sed -e 's/;.*$//' -e 's/_e32\( \|$\)/ /'; } > $T/clrx.s
    "$B" asm --arch gfx900 $T/clrx.s -o $T/g.bin
    "$CLRXASM" -b rawcode -o $T/c.bin $T/clrx.s
    cmp -s $T/g.bin $T/c.bin && same=same-bytes || same=DIFFERENT
    read -r aw ac < <(t "$B" asm --arch gfx900 $T/clrx.s -o $T/g.bin)
    read -r cw cc < <(t "$CLRXASM" -b rawcode -o $T/c.bin $T/clrx.s)
    printf "clrx-%-8s gfx900 %6d lines %5d KiB output %-10s gpuisa %6d us wall %6d us cpu | clrxasm %7d us wall %7d us cpu | speed-up %5.1fx wall %5.1fx cpu\n" \
      $f "$(wc -l < $T/clrx.s)" $(( $(wc -c < $T/clrx.s) / 1024 )) $same $aw $ac $cw $cc \
      "$(awk "BEGIN{print $cw/$aw}")" "$(awk "BEGIN{print $cc/($ac>0?$ac:1)}")"
  done
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
