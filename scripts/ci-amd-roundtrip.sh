#!/usr/bin/env bash
# CI: the round-trip property test's rejections checked against the live llvm-mc-19.
# tests/amd_roundtrip.rs decodes random words of every encoding class, prints them and assembles
# the text back. Texts gpuisa's assembler rejects must be rejected by llvm-mc-19 too (each line is
# something llvm-objdump prints but llvm-mc refuses, such as a constant-bus violation); this run
# writes them out and feeds every line to llvm-mc-19. Skips where llvm-mc-19 is not installed.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v llvm-mc-19 >/dev/null; then
  echo "ci-amd-roundtrip: llvm-mc-19 not installed, skipped"; exit 0
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
GPUISA_ROUNDTRIP_DUMP=$dir cargo test -q -p gpuisa-amdgpu --test amd_roundtrip >/dev/null 2>&1 \
  || { echo "ci-amd-roundtrip: the round-trip test fails"; exit 1; }
status=0
for f in "$dir"/*.s; do
  name=$(basename "$f" .s)
  case $name in
    gfx1100-w64) args=(-mcpu=gfx1100 -mattr=+wavefrontsize64) ;;
    *) args=(-mcpu="$name") ;;
  esac
  n=$(wc -l < "$f")
  # llvm-mc reports each bad line (file:LINE:COL: error) and goes on; every line must have one.
  bad=$( (llvm-mc-19 -arch=amdgcn "${args[@]}" -show-encoding "$f" 2>&1 >/dev/null || true) \
    | sed -n 's/^[^:]*:\([0-9]*\):[0-9]*: error:.*/\1/p' | sort -un | wc -l)
  echo "$name: gpuisa rejects $n texts, llvm-mc-19 rejects $bad of them"
  if [ "$bad" -ne "$n" ]; then
    status=1
    (llvm-mc-19 -arch=amdgcn "${args[@]}" -show-encoding "$f" 2>/dev/null || true) | grep encoding | head -5
  fi
done
exit $status
