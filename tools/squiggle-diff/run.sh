#!/bin/sh
# Differential check against @quri/squiggle-lang 0.10.0 (installs it once from package-lock.json).
set -e
cd "$(dirname "$0")"
[ -d node_modules/@quri/squiggle-lang ] || npm ci --no-audit --no-fund --loglevel=error
exec node diff.mjs "$@"
