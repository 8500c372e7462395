#!/usr/bin/env bash
# Disassembly throughput of gpuisa vs nvdisasm on the same raw file (default listing, -b SM50).
# Usage: scripts/nv-bench.sh [BUNDLES]   (default 40000 bundles = 120000 instructions, 1.28 MB;
#        200000 bundles = 600000 instructions, 6.4 MB, is what docs/nvidia.md reports)
# The file is the code of every corpus cubin (tests/ptx/cubin) repeated; both tools' output goes
# to /dev/null. RUNS (default 5) runs of each; best and median of wall and CPU (user+sys) time.
# gpuisa renders on one thread; GPUISA_THREADS=N (0 = all cores) to compare a parallel run.
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
RUNS=${RUNS:-5}
# RUNS runs: best and median wall-clock and CPU (user+sys) seconds. The machine may be shared:
# CPU time is steadier than wall time.
best() {
  python3 - "$RUNS" "$@" <<'PY'
import resource, statistics, subprocess, sys, time
ws, cs = [], []
for _ in range(int(sys.argv[1])):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    ws.append(time.perf_counter() - t0)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cs.append((r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime))
print(f"{min(ws):.4f} {min(cs):.4f} {statistics.median(ws):.4f} {statistics.median(cs):.4f}")
PY
}
read -r NW NC NWM NCM <<< "$(best "$NVDISASM" -b SM50 "$TMP/code.bin")"
read -r GW GC GWM GCM <<< "$(best "$CARGO_TARGET_DIR/release/examples/nv-dis" "$TMP/code.bin")"
"$NVDISASM" -b SM50 "$TMP/code.bin" > "$TMP/n.txt"; "$CARGO_TARGET_DIR/release/examples/nv-dis" "$TMP/code.bin" > "$TMP/g.txt" 2>/dev/null
if cmp -s "$TMP/n.txt" "$TMP/g.txt"; then SAME="identical output"; else SAME="OUTPUTS DIFFER"; fi
python3 - "$INSTS" "$NW" "$NC" "$GW" "$GC" "$NWM" "$NCM" "$GWM" "$GCM" "$SAME" "$RUNS" "$(stat -c %s "$TMP/code.bin")" <<'PY'
import sys
n = int(sys.argv[1]); nw, nc, gw, gc, nwm, ncm, gwm, gcm = (max(float(x), 0.001) for x in sys.argv[2:10])
same, runs, size = sys.argv[10], sys.argv[11], int(sys.argv[12])
print(f"{n} instructions ({size/1e6:.2f} MB), {same}; {runs} runs each")
for what, a, b, c, d in (("best", nw, gw, nc, gc), ("median", nwm, gwm, ncm, gcm)):
    print(f"  {what:6} wall: nvdisasm {a:.3f} s ({n/a:,.0f} inst/s), gpuisa {b:.4f} s ({n/b:,.0f} inst/s): {a/b:.0f}x")
    print(f"  {what:6} cpu:  nvdisasm {c:.3f} s, gpuisa {d:.4f} s (user+sys): {c/d:.0f}x")
PY
