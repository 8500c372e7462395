#!/usr/bin/env bash
# Disassembly throughput of gpuisa vs nvdisasm on the same raw file (default listing, -b SM50).
# Usage: scripts/nv-bench.sh [BUNDLES]   (default 40000 bundles = 120000 instructions)
# The file is the code of every corpus cubin (tests/ptx/cubin) repeated; both tools write to a file.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-40000}
NVDISASM=${NVDISASM:-$PWD/.nvtools/bin/nvdisasm}
[ -x "$NVDISASM" ] || { echo "nv-bench: $NVDISASM missing (run scripts/fetch-nv-tools.sh .nvtools)"; exit 2; }
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target-nv}
cargo build -q --release -p gpuisa-nvidia --example nv-dis
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
python3 - "$N" "$TMP/code.bin" <<'PY'
import glob, struct, sys
sys.path.insert(0, 'scripts')
src = open('scripts/nv-vectors.py').read().replace('\nmain()\n', '\n')
ns = {'__file__': 'scripts/nv-vectors.py', '__name__': 'nvv'}
exec(compile(src, 'nv-vectors.py', 'exec'), ns)
code = b''.join(c for f in sorted(glob.glob('tests/ptx/cubin/*.sm_50.*.cubin')) for _, _, c in ns['text_sections'](f))
n = int(sys.argv[1]) * 32
out = (code * (n // len(code) + 1))[:n]
open(sys.argv[2], 'wb').write(out)
PY
INSTS=$((N * 3))
t() { local s e; s=$(date +%s.%N); "$@" > "$TMP/out.txt"; e=$(date +%s.%N); echo "$e - $s" | bc; }
TN=$(t "$NVDISASM" -b SM50 "$TMP/code.bin")
TG=$(t "$CARGO_TARGET_DIR/release/examples/nv-dis" "$TMP/code.bin")
"$NVDISASM" -b SM50 "$TMP/code.bin" > "$TMP/n.txt"; "$CARGO_TARGET_DIR/release/examples/nv-dis" "$TMP/code.bin" > "$TMP/g.txt"
if cmp -s "$TMP/n.txt" "$TMP/g.txt"; then SAME="identical output"; else SAME="OUTPUTS DIFFER"; fi
python3 - "$INSTS" "$TN" "$TG" "$SAME" <<'PY'
import sys
n, tn, tg, same = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
print(f"{n} instructions ({same}): nvdisasm {tn:.3f} s ({n/tn:,.0f} inst/s), gpuisa {tg:.4f} s ({n/tg:,.0f} inst/s): {tn/tg:.0f}x")
PY
