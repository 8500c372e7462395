#!/usr/bin/env bash
# MIMORI: the structured exhaustive text round trip (2^23 expression words x destinations), ~15 s.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run -q --release -p gpuisa-mimori --example text_roundtrip 2>/dev/null
