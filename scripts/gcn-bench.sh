#!/usr/bin/env bash
# Whole-process benchmarks of the GCN tools against LLVM's (release build):
#  - disassembly of the same code object: gpuisa (llvm_mc example, the code path of `gpuisa disasm`)
#    vs llvm-objdump-19 -d, on a small kernel, on examples/opencl/many_kernels.cl (40k lines, one
#    kernel body 64 times) and on 160 seeded random kernels (examples/opencl/gen_diverse.py, 39k lines);
#  - assembly of the same source (llvm-mc's texts of the golden vectors) vs llvm-mc-19.
# Each figure is the mean of RUNS runs: wall time and user+sys CPU time (the machine may be shared:
# CPU time is the steadier number). CLI=1 also times the real `gpuisa` binary: as scripts/install.sh
# builds it (static: for musl when that target is installed, else glibc) and as a plain
# `cargo build --release` (dynamic).
# /bin/true is the floor of any process on the machine.
# usage: [CLI=1 [ROUNDS=20]] scripts/gcn-bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-20}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build -q --release -p gpuisa-amdgpu --example llvm_mc
B=$CARGO_TARGET_DIR/release/examples/llvm_mc
T=$(mktemp -d)
clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx900 -nogpulib -O2 -c examples/opencl/vector_add.cl -o $T/small.o
clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx900 -nogpulib -O2 -c examples/opencl/many_kernels.cl -o $T/large.o
python3 examples/opencl/gen_diverse.py > $T/diverse.cl
clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx900 -nogpulib -O2 -c $T/diverse.cl -o $T/diverse.o
# repeats F: how many listing lines repeat an earlier line's instruction words (what the lister's cache saves)
repeats() {
  llvm-objdump-19 -d "$1" | awk -F'// ' 'NF>1{sub(/^[0-9A-F]+: /,"",$2); sub(/ <.*/,"",$2); n++; if (!($2 in s)) {s[$2]=1; u++}} END{printf "%d%% repeated", 100*(n-u)/n}'
}
cut -f1 tests/vectors/gfx9/llvm-mc-asm.txt | grep -v -x -F -f <(grep -v '^#' tests/vectors/gfx9/known-asm-diff.txt) > $T/src.s
# t CMD...: "WALL_US CPU_US", means over RUNS runs of CMD alone. With perf: perf stat's elapsed time
# and task-clock (the process's user+sys CPU). Without: bash `time` of a loop (includes the loop's
# fork overhead: compare with the /bin/true floor).
t() {
  if perf stat -r 1 true >/dev/null 2>&1; then
    perf stat -r "$RUNS" "$@" 2>&1 >/dev/null |
      awk '/task-clock/{c=$1} /seconds time elapsed/{w=$1} END{gsub(",","",c); printf "%d %d", w*1e6, c*1e3}'
  else
    local TIMEFORMAT='%R %U %S' r
    r=$( { time (for _ in $(seq "$RUNS"); do "$@" > /dev/null 2>&1 || true; done) ; } 2>&1 | tail -1)
    awk -v n="$RUNS" -v r="$r" 'BEGIN{split(r,a," "); printf "%d %d", a[1]*1e6/n, (a[2]+a[3])*1e6/n}'
  fi
}
show() { # show LABEL "WALL CPU" "WALL CPU"
  local a=($2) b=($3)
  echo "$1: gpuisa wall ${a[0]} us, cpu ${a[1]} us; llvm wall ${b[0]} us, cpu ${b[1]} us; speed-up wall $(awk "BEGIN{printf \"%.1f\", ${b[0]}/${a[0]}}")x, cpu $(awk "BEGIN{printf \"%.1f\", ${b[1]}/(${a[1]}>0?${a[1]}:1)}")x"
}
echo "floor: /bin/true $(t /bin/true) (wall cpu, us)"
for f in small large diverse; do
  cmp <("$B" $T/$f.o | tail -n +3) <(llvm-objdump-19 -d $T/$f.o | tail -n +3) >/dev/null && same=identical || same=DIFFERENT
  show "disasm $f.o ($(llvm-objdump-19 -d $T/$f.o | wc -l) lines, $(repeats $T/$f.o), $same)" "$(t "$B" $T/$f.o)" "$(t llvm-objdump-19 -d $T/$f.o)"
done
show "asm --show-encoding ($(wc -l < $T/src.s) instructions)" "$(t "$B" --assemble --arch gfx900 $T/src.s)" "$(t llvm-mc-19 -arch=amdgcn -mcpu=gfx900 --show-encoding $T/src.s)"
# ratio G OBJ ROUNDS: CPU speed-up of `G disasm OBJ` over llvm-objdump-19 -d, measured in alternating
# rounds (perf stat -r 20 and -r 5 each): min, median and max of the per-round ratios. On a shared
# VM whose speed drifts from second to second, the median of paired rounds is the steadier figure.
ratio() {
  local tc r=() i a b
  tc() { perf stat -r "$1" "${@:2}" 2>&1 >/dev/null | awk '/task-clock/{gsub(",","",$1); print $1}'; }
  for i in $(seq "$3"); do
    a=$(tc 20 "$1" disasm "$2"); b=$(tc 5 llvm-objdump-19 -d "$2")
    r+=("$(awk -v a="$a" -v b="$b" 'BEGIN{printf "%.1f", b/a}')")
  done
  printf '%s\n' "${r[@]}" | sort -n | awk '{v[NR]=$1} END{printf "min %.1fx median %.1fx max %.1fx", v[1], v[int((NR+1)/2)], v[NR]}'
}
if [ "${CLI:-0}" = 1 ]; then
  # The binary scripts/install.sh installs (static, musl if installed), then a plain `cargo build`.
  cargo build -q --release -p gpuisa-cli
  PREFIX=$T/inst scripts/install.sh > /dev/null 2>&1
  : > $T/empty.bin
  for G in "$T/inst/bin/gpuisa" "$CARGO_TARGET_DIR/release/gpuisa"; do
    case $G in $T/*) kind="installed by scripts/install.sh" ;; *) kind="cargo build --release" ;; esac
    echo "== gpuisa, $kind"
    echo "gpuisa targets: $(t "$G" targets); gpuisa disasm of an empty file: $(t "$G" disasm --arch gfx900 $T/empty.bin) (wall cpu, us)"
    for f in small large diverse; do
      cmp <("$G" disasm $T/$f.o | tail -n +3) <(llvm-objdump-19 -d $T/$f.o | tail -n +3) >/dev/null && same=identical || same=DIFFERENT
      show "gpuisa disasm $f.o ($same)" "$(t "$G" disasm $T/$f.o)" "$(t llvm-objdump-19 -d $T/$f.o)"
      perf stat -r 1 true > /dev/null 2>&1 && echo "  CPU speed-up over ${ROUNDS:-20} paired rounds: $(ratio "$G" $T/$f.o "${ROUNDS:-20}")"
    done
  done
fi
rm -rf "$T"
