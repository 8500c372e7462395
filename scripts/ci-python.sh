#!/usr/bin/env bash
# The Python package: install it from the repository (maturin builds the extension) into a fresh
# virtual environment and run its pytest suite.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=$(realpath -m "${GPUISA_VENV:-${CARGO_TARGET_DIR:-target}/venv-ci}")
python3 -m venv "$VENV"
"$VENV/bin/pip" install -q --upgrade pip
"$VENV/bin/pip" install -q ./python pytest
# Run from outside the source tree, so that `import gpuisa` is the installed package.
ROOT=$(pwd)
( cd "$VENV" && "$VENV/bin/python" -m pytest -q "$ROOT/python/tests" )
