#!/usr/bin/env bash
# Builds and installs the `gpuisa` command line into $PREFIX/bin (default ~/.cargo/bin).
#
# On Linux (x86_64, aarch64) the binary is linked statically and position-dependent: no dynamic
# loader, no shared libraries to map and bind, no start-up relocations. A short run is dominated
# by process start-up, so this is most of a small kernel's disassembly time (docs/gcn.md, "Speed").
#   - With the musl target installed (`rustup target add x86_64-unknown-linux-musl`; pass
#     ADD_MUSL=1 to have this script add it), the binary is built for musl. glibc's start-up
#     asks the CPU for its features and caches with ~50 `cpuid` instructions, each of which traps
#     to the hypervisor in a virtual machine (~5 us each on the machine we measure on): a static
#     glibc binary that does nothing takes 0.36 ms there, a musl one 0.12 ms.
#   - Without it, a static glibc build (crt-static): no loader, but glibc's start-up remains.
# The target is always given explicitly, so build scripts and proc-macros are still built
# normally for the host. Elsewhere it is a plain release build.
#
# usage: [PREFIX=DIR] [ADD_MUSL=1] scripts/install.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PREFIX=${PREFIX:-${CARGO_HOME:-$HOME/.cargo}}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
host=$(rustc -vV | sed -n 's/^host: //p')
case "$host" in
  x86_64-unknown-linux-gnu | aarch64-unknown-linux-gnu | x86_64-unknown-linux-musl | aarch64-unknown-linux-musl)
    musl=${host%-*}-musl
    if [ "${ADD_MUSL:-0}" = 1 ] && command -v rustup > /dev/null; then
      rustup target add "$musl" || echo "could not add $musl; building for $host"
    fi
    if [ "$host" = "$musl" ] || { command -v rustup > /dev/null && rustup target list --installed | grep -qx "$musl"; }; then
      target=$musl
      # musl targets link statically by default.
      flags="-C relocation-model=static"
    else
      target=$host
      flags="-C target-feature=+crt-static -C relocation-model=static"
    fi
    RUSTFLAGS="${RUSTFLAGS:-} $flags" cargo build --release --locked -p gpuisa-cli --target "$target"
    bin=$CARGO_TARGET_DIR/$target/release/gpuisa
    ;;
  *)
    cargo build --release --locked -p gpuisa-cli
    bin=$CARGO_TARGET_DIR/release/gpuisa
    ;;
esac
mkdir -p "$PREFIX/bin"
install -m 755 "$bin" "$PREFIX/bin/gpuisa"
echo "installed $PREFIX/bin/gpuisa (built for ${target:-the host})"
