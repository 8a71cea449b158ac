#!/bin/sh
# Side-by-side benchmark against @quri/squiggle-lang 0.10.0 (installs it once from package-lock.json, builds the
# wasm evaluator for node, then times both in one process).
set -e
cd "$(dirname "$0")"
../../scripts/npm-ci.sh .
npm run --silent bench
