#!/usr/bin/env bash
# Serves the playground at http://127.0.0.1:8080 with its bundled question pack, installing what is missing first.
# `scripts/dev.sh build` builds dist/ instead of serving.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
if [ "${1:-serve}" = build ]; then
  trunk build --release
else
  trunk serve --release
fi
