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
# best of 3 runs, wall-clock and CPU (user+sys) seconds: the machine may be shared, CPU time is steadier
best() {
  python3 - "$@" <<'PY'
import resource, subprocess, sys, time
best_w = best_c = 1e9
for _ in range(3):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    w = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    c = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    best_w, best_c = min(best_w, w), min(best_c, c)
print(f"{best_w:.4f} {best_c:.4f}")
PY
}
read -r NW NC <<< "$(best "$NVDISASM" -b SM50 "$TMP/code.bin")"
read -r GW GC <<< "$(best "$CARGO_TARGET_DIR/release/examples/nv-dis" "$TMP/code.bin")"
"$NVDISASM" -b SM50 "$TMP/code.bin" > "$TMP/n.txt"; "$CARGO_TARGET_DIR/release/examples/nv-dis" "$TMP/code.bin" > "$TMP/g.txt" 2>/dev/null
if cmp -s "$TMP/n.txt" "$TMP/g.txt"; then SAME="identical output"; else SAME="OUTPUTS DIFFER"; fi
python3 - "$INSTS" "$NW" "$NC" "$GW" "$GC" "$SAME" <<'PY'
import sys
n = int(sys.argv[1]); nw, nc, gw, gc = map(float, sys.argv[2:6]); same = sys.argv[6]
gc = max(gc, 0.001)
print(f"{n} instructions, {same}")
print(f"  wall: nvdisasm {nw:.3f} s ({n/nw:,.0f} inst/s), gpuisa {gw:.4f} s ({n/gw:,.0f} inst/s): {nw/gw:.0f}x")
print(f"  cpu:  nvdisasm {nc:.3f} s, gpuisa {gc:.4f} s: {nc/gc:.0f}x")
PY
