#!/bin/sh
# Differential check against @quri/squiggle-lang 0.10.0 (installs it from package-lock.json when that changed).
set -e
cd "$(dirname "$0")"
../../scripts/npm-ci.sh .
exec node diff.mjs "$@"
