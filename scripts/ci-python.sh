#!/usr/bin/env bash
# The Python package: install it from the repository (maturin builds the extension) into a fresh
# virtual environment and run its pytest suite. The suite includes the remu-ABI library through
# ctypes (built here) and tinygrad as a client (tinygrad, pinned, installed into the same
# environment; GPUISA_NO_TINYGRAD=1 leaves it out and those tests skip with a message).
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=$(realpath -m "${GPUISA_VENV:-${CARGO_TARGET_DIR:-target}/venv-ci}")
python3 -m venv "$VENV"
"$VENV/bin/pip" install -q --upgrade pip
"$VENV/bin/pip" install -q ./python pytest
if [ "${GPUISA_NO_TINYGRAD:-0}" != 1 ]; then
  "$VENV/bin/pip" install -q "tinygrad==0.14.0" ||
    echo "ci-python: tinygrad could not be installed (offline?): the tinygrad tests will skip" >&2
fi
cargo build -q -p gpuisa-remu
export GPUISA_REMU_LIB
GPUISA_REMU_LIB=$(realpath "${CARGO_TARGET_DIR:-target}/debug/libgpuisa_remu.so")
# Run from outside the source tree, so that `import gpuisa` is the installed package.
ROOT=$(pwd)
( cd "$VENV" && "$VENV/bin/python" -m pytest -q -rs "$ROOT/python/tests" )
