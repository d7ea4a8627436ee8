#!/usr/bin/env bash
# Builds the site, serves it as production does (one port, real backend), runs every
# test against it in two workers, and stops the server whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${TEST_PORT:-3111}"
mkdir -p build
log=build/test-server.log

setsid .venv/bin/reflex run --env prod --single-port --frontend-port "$port" >"$log" 2>&1 &
server=$!
stop() { kill -TERM -- "-$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
trap stop EXIT

echo "building and starting the site on port $port (log: $log)"
for _ in $(seq 1 900); do
  if ! kill -0 "$server" 2>/dev/null; then
    echo "the site failed to start:"; tail -n 40 "$log"; exit 1
  fi
  if curl -sf -o /dev/null "http://127.0.0.1:$port/ping" && curl -sf -o /dev/null "http://127.0.0.1:$port/"; then
    break
  fi
  sleep 1
done
curl -sf -o /dev/null "http://127.0.0.1:$port/ping" || { echo "the site did not come up in 900 s"; exit 1; }
echo "site up; running tests"
SITE_URL="http://127.0.0.1:$port" .venv/bin/python -m pytest -q -n 2 tests "$@"
