#!/bin/sh
# Runs `npm ci` in DIR (default: here) unless its node_modules was installed from this very package-lock.json:
# a lockfile that gained a package must reinstall even where an older node_modules is present.
set -e
cd "${1:-.}"
stamp=node_modules/.installed-from-package-lock.json
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
