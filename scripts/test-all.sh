#!/usr/bin/env bash
# Runs every test: formatting and lints, native tests, wasm tests in headless Chromium, end-to-end in a real browser.
# Installs what is missing first (Rust tools, npm dev tools, Debian's chromium and chromium-driver).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  say "installing Debian's chromium and chromium-driver"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium chromium-driver
fi

say "format and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -q -- -D warnings
cargo clippy --workspace --all-targets -q --target wasm32-unknown-unknown -- -D warnings

say "native tests"
# Where the public data sets are, the import test must convert them rather than skip.
if [ -d ../shared/data ]; then export REQUIRE_DATA=1; fi
cargo test --workspace

say "differential check against @quri/squiggle-lang 0.10.0"
tools/squiggle-diff/run.sh

say "wasm tests in headless Chromium"
CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown -p playground

say "end-to-end tests (release build, Playwright + Chromium)"
trunk build --release
scripts/build-js.sh
node --test e2e/
