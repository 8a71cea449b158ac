#!/usr/bin/env bash
# Builds the JavaScript API (crates/js) to wasm and writes wasm-bindgen's output into js/pkg/ (not committed):
# the package folder js/ is then what `npm pack` would publish. Needs wasm-bindgen-cli 0.2.130 and binaryen's
# wasm-opt (scripts/setup.sh installs both).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
cargo build --release --target wasm32-unknown-unknown -p fermi-js
wasm-bindgen --target web --out-dir js/pkg target/wasm32-unknown-unknown/release/fermi_js.wasm
# The features rustc's wasm32 target emits, and simd128 (.cargo/config.toml); -Oz keeps every float operation exact.
wasm-opt -Oz --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue \
  js/pkg/fermi_js_bg.wasm -o js/pkg/fermi_js_bg.wasm
