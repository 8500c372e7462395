#!/usr/bin/env bash
# AMD emulator against the live compiler: the committed kernel objects (tests/kernels) are
# exactly what clang-19 builds from tests/kernels/emu.cl (and images.cl, images-gfx11.s), and
# examples/opencl and examples/images compiled now run.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v clang-19 >/dev/null; then echo "ci-amd-emu: clang-19 missing, skipped"; exit 0; fi
if [ ! -d /usr/lib/x86_64-linux-gnu/amdgcn/bitcode ]; then
  apt-get install -y -qq rocm-device-libs >/dev/null 2>&1 || { echo "ci-amd-emu: rocm-device-libs unavailable, skipped"; exit 0; }
fi
scripts/amd-emu-kernels.sh check
cargo build -q --release -p gpuisa-cli
BIN=${CARGO_TARGET_DIR:-target}/release/gpuisa
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
for cpu in gfx803 gfx900 gfx1100; do
  lib=(--rocm-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode)
  [ $cpu = gfx1100 ] && lib=(-nogpulib -include tests/kernels/gfx11-prelude.h)
  clang-19 -target amdgcn-amd-amdhsa -mcpu=$cpu -O2 "${lib[@]}" -c examples/opencl/saxpy_reduce.cl -o "$T/k.o"
  python3 - "$T" <<'PY'
import struct, sys
t = sys.argv[1]
open(f"{t}/x.bin", "wb").write(struct.pack("<256f", *[float(i) for i in range(256)]))
open(f"{t}/y.bin", "wb").write(struct.pack("<256f", *[1.0] * 256))
PY
  "$BIN" run "$T/k.o" --kernel saxpy --grid 4 --block 64 --arg f32:2 --arg "file:$T/x.bin" --arg "file:$T/y.bin" --out-dir "$T/out" >/dev/null
  python3 - "$T" "$cpu" <<'PY'
import struct, sys
t, cpu = sys.argv[1], sys.argv[2]
y = struct.unpack("<256f", open(f"{t}/out/arg2.bin", "rb").read())
assert all(y[i] == 2.0 * i + 1.0 for i in range(256)), f"{cpu}: wrong saxpy"
print(f"ci-amd-emu: {cpu} saxpy from examples/opencl correct")
PY
done
# Images (docs/images.md): examples/images compiled now for gfx803 and gfx900, run with image:
# and sampler: arguments, checked against NumPy references.
if python3 -c "import numpy" 2>/dev/null; then
  for cpu in gfx803 gfx900; do
    rm -rf "$T/img"; mkdir -p "$T/img"; cp examples/images/*.py "$T/img/"
    clang-19 -target amdgcn-amd-amdhsa -mcpu=$cpu -O2 --rocm-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode \
      -c examples/images/images.cl -o "$T/img/images.o"
    BIN=$(realpath "$BIN")
    (cd "$T/img" && python3 make_input.py \
      && "$BIN" run images.o --kernel blur --grid 2,2 --block 16,16 --arg image:photo.npy:rgba8unorm --arg image:blank.npy:rgba8unorm --out-dir out >/dev/null \
      && "$BIN" run images.o --kernel zoom --grid 2,2 --block 16,16 --arg image:photo.npy:rgba8unorm \
           --arg sampler:linear,mirrored_repeat,normalized --arg image:blank.npy:rgba8unorm --arg f32:2.5 --out-dir out-zoom >/dev/null \
      && python3 check.py out/arg1.npy out-zoom/arg2.npy | sed "s/^/ci-amd-emu: $cpu images: /")
  done
else
  echo "ci-amd-emu: numpy missing, the images example is skipped"
fi
