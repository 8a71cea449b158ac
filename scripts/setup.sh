#!/usr/bin/env bash
# Installs whatever this machine lacks for building and testing the playground; skips what is present.
# Sourced by dev.sh and test-all.sh. Versions are pinned (see notes in README "Toolchain").
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130   # must equal the `=`-pinned wasm-bindgen crate in Cargo.toml and Trunk.toml
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PWD/node_modules/.bin:$PATH"

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -q "$TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (compiled from source: 6 minutes on 2 idle cores, 20 on a busy machine)"
  # trunk's own release profile is fat LTO with one codegen unit (12+ min here); this is the same code, built faster.
  CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo install --locked trunk --version "$TRUNK_VERSION"
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q "$WASM_BINDGEN_VERSION"; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (compiled from source: 3 minutes on 2 idle cores, 20 on a busy machine)"
  # Not --locked: its lockfile pins a crate version the registry here lacks.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# Every platform's crates, not only what a build downloads: the dependency-invariant test reads the whole graph.
say "fetching crates for every target (quick when cached)"
cargo fetch --locked -q

say "npm dev tools from package-lock.json (binaryen 132 for wasm-opt, playwright-core; installed when it changed)"
scripts/npm-ci.sh .
