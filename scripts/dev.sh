#!/usr/bin/env bash
# Serves the playground at http://127.0.0.1:8080 (or $PORT) with its bundled question pack, installing what is
# missing first. `scripts/dev.sh build` builds dist/ instead of serving.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
if [ "${1:-serve}" = build ]; then
  say "building dist/ (the first release build takes several minutes)"
  exec trunk build --release
fi
port="${PORT:-8080}"
say "building and serving at http://127.0.0.1:$port (the first release build takes several minutes; the address is printed again when the page answers)"
# Announce the address once the page answers; the watcher ends with this script.
(
  answers() {
    exec 3<>"/dev/tcp/127.0.0.1/$port" || return 1
    printf 'GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
    head -n 1 <&3 | grep -q ' 200'
  }
  until (answers) 2>/dev/null; do sleep 1; done
  say "ready: open http://127.0.0.1:$port"
) &
watcher=$!
trap 'kill "$watcher" 2>/dev/null || true' EXIT
# Ctrl-C or a TERM to the script ends it; trunk ending by itself (a crash of its file watcher, say) does not end
# the session: serve again from the warm build, a few times at most, saying so.
stopping=
trap 'stopping=1' INT TERM
for attempt in 1 2 3 4; do
  status=0
  trunk serve --release --port "$port" || status=$?
  [ -z "$stopping" ] || exit 0
  [ "$attempt" -lt 4 ] || break
  say "trunk stopped by itself (exit $status; its message is above): serving again at http://127.0.0.1:$port"
done
say "trunk stopped by itself four times (its messages are above); run scripts/dev.sh again, or report it with those messages"
exit 1
