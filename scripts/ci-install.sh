#!/usr/bin/env bash
# CI: scripts/install.sh on this machine (static; for musl, the target added if it can be), then
# the installed binary against llvm-objdump-19 on the OpenCL examples compiled for gfx900.
set -euo pipefail
cd "$(dirname "$0")/.."
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ADD_MUSL=1 PREFIX=$T/inst scripts/install.sh
G=$T/inst/bin/gpuisa
"$G" --version
command -v file > /dev/null && file -b "$G" | cut -d, -f1-4
fail=0
for cl in examples/opencl/*.cl; do
  o=$T/$(basename "$cl" .cl).o
  clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx900 -nogpulib -O2 -c "$cl" -o "$o"
  if cmp -s <("$G" disasm "$o") <(llvm-objdump-19 -d "$o"); then
    echo "installed gpuisa disasm $(basename "$o"): identical to llvm-objdump-19"
  else
    echo "installed gpuisa disasm $(basename "$o"): DIFFERS from llvm-objdump-19"
    fail=1
  fi
done
exit $fail
