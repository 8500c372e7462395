#!/usr/bin/env bash
# Golden vectors of MIMORI's ALU as built (tests/vectors/mimori-rtl/alu.txt, test
# crates/gpuisa-mimori/tests/rtl_vectors.rs): MIMORI's RTL (github.com/Hintonthu/MIMORI, master;
# GPL, never committed here) is fetched into a temporary directory and its Alu module is built
# under Verilator (apt-get install verilator) with gpuisa's own harness, scripts/mimori-rtl/alu_tb.cpp.
# usage: [MIMORI_REV=commit] scripts/mimori-rtl-vectors.sh [a MIMORI source tree (with src/)]
set -euo pipefail
cd "$(dirname "$0")/.."
T=$(mktemp -d)
if [ $# -ge 1 ]; then src=$1; else git clone -q https://github.com/Hintonthu/MIMORI "$T/MIMORI"; src=$T/MIMORI; fi
git -C "$src" rev-parse HEAD > "$T/rev" 2>/dev/null || echo "${MIMORI_REV:-unknown}" > "$T/rev"
cp scripts/mimori-rtl/alu_tb.cpp "$T/"
(cd "$T" && verilator --cc --exe --build -j 1 -Wno-fatal -Wno-lint -Wno-style \
  -I"$src/src" -I"$src/src/common" "$src/src/common/TauCfg.sv" \
  "$src/src/TileAccumUnit/AluPipeline/Simd/Alu.sv" --top-module Alu alu_tb.cpp -o alu_tb > build.log 2>&1)
mkdir -p tests/vectors/mimori-rtl
{
  echo "# MIMORI Alu.sv (master $(cat "$T/rev")) under Verilator $(verilator --version | cut -d' ' -f2),"
  echo "# driven by scripts/mimori-rtl/alu_tb.cpp (made by scripts/mimori-rtl-vectors.sh)."
  "$T/obj_dir/alu_tb"
} > tests/vectors/mimori-rtl/alu.txt
rm -rf "$T"
wc -l tests/vectors/mimori-rtl/alu.txt
