#!/usr/bin/env bash
# Builds and installs the `gpuisa` command line into $PREFIX/bin (default ~/.cargo/bin).
#
# On Linux/glibc hosts (x86_64, aarch64) the binary is linked statically and position-dependent:
# no dynamic loader, no shared libraries to map and bind, no start-up relocations. A short run is
# dominated by process start-up, and this takes about 0.25 ms off every run (docs/gcn.md, "Speed").
# The crt-static flag is given with an explicit --target, so build scripts and proc-macros are
# still built normally for the host. Elsewhere it is a plain release build.
#
# usage: [PREFIX=DIR] scripts/install.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PREFIX=${PREFIX:-${CARGO_HOME:-$HOME/.cargo}}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
host=$(rustc -vV | sed -n 's/^host: //p')
case "$host" in
  x86_64-unknown-linux-gnu | aarch64-unknown-linux-gnu)
    RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+crt-static -C relocation-model=static" \
      cargo build --release --locked -p gpuisa-cli --target "$host"
    bin=$CARGO_TARGET_DIR/$host/release/gpuisa
    ;;
  *)
    cargo build --release --locked -p gpuisa-cli
    bin=$CARGO_TARGET_DIR/release/gpuisa
    ;;
esac
mkdir -p "$PREFIX/bin"
install -m 755 "$bin" "$PREFIX/bin/gpuisa"
echo "installed $PREFIX/bin/gpuisa"
