#!/usr/bin/env bash
# Builds the site twice and serves both builds, then runs every test against them in two
# workers, and stops every server whatever happens:
#  - the production stack (deploy/prod.sh: nginx, granian workers, Redis) on $PROD_TEST_PORT;
#  - `reflex run --env prod --single-port` on $TEST_PORT, for the page tests.
# Each build has its own directory (.web-prod for the production stack, .web for the
# single-port server), so neither rewires the other's pages.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${TEST_PORT:-3111}"
prod_port="${PROD_TEST_PORT:-3180}"
mkdir -p build
log=build/test-server-$port.log
prod_log=build/test-prod-$prod_port.log
prod_dir="$PWD/build/prod-$prod_port"
# Build directories of their own (REFLEX_WEB_WORKDIR, PROD_WEB_WORKDIR), so two runs on other
# ports never rebuild each other's pages; the tests read the single-port build from SITE_WEB_DIR.
web_dir="${REFLEX_WEB_WORKDIR:-.web}"
prod_web_dir="${PROD_WEB_WORKDIR:-.web-prod}"
unset REFLEX_WEB_WORKDIR

# Servers left over from another run would answer the tests in place of this build.
for p in "$port" "$prod_port" "$((prod_port + 1))" "$((prod_port + 2))"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
    echo "port $p is in use (another server or test run?); stop it or set TEST_PORT / PROD_TEST_PORT" >&2
    exit 1
  fi
done

# The production stack keeps its enquiries and cases in a SQLite file of its own, empty at every
# run (not var/enquiries.db, which `make run` uses); its tests read it through PROD_DB_URL.
prod_db_url="sqlite:///$prod_dir/enquiries.db"
rm -f "$prod_dir"/enquiries.db "$prod_dir"/enquiries.db-*

server="" prod=""
stop() {
  for pid in $server $prod; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  wait $server $prod 2>/dev/null || true
}
trap stop EXIT

# The production stack is built and started while the single-port site below builds: each
# build waits on npm and Node much of the time, so side by side they take little more than one.
# Refusals are summarised every 2 s (a minute in production) so the flood tests see them.
echo "building the production stack (log: $prod_log)"
DB_URL="$prod_db_url" REFLEX_WEB_WORKDIR="$prod_web_dir" PROD_PORT="$prod_port" RUN_DIR="$prod_dir" setsid bash -c '
  deploy/prod.sh build || { echo "production build failed"; exit 1; }
  EVENT_LOG_EVERY_S=2 WORKERS=2 exec deploy/prod.sh serve' >"$prod_log" 2>&1 &
prod=$!
# The page tests get an enquiry database of their own, empty at every run, and each test
# browser names an address of its own in a cookie that only this build reads
# (consultancy/framework/suite_visitors.py), so the form's limit per address counts each test
# apart; the server writes each event socket's address to SITE_TEST_VISITORS_LOG, and the
# suite fails when a visitor's socket arrived under another address.
export DB_URL="sqlite:///$PWD/build/test-enquiries-$port.db"
rm -f build/test-enquiries-$port.db build/test-enquiries-$port.db-*
export SITE_TEST_VISITORS_LOG="$PWD/build/test-visitors-$port.log"
: >"$SITE_TEST_VISITORS_LOG"
.venv/bin/reflex db migrate >"$log" 2>&1 || { echo "enquiry database migration failed:"; tail -n 20 "$log"; exit 1; }
# SITE_TEST_HOOKS: the test switches (consultancy/framework/behaviour) exist only in this build.
# --backend-host 127.0.0.1: the suite's site on loopback only, which leaves the same port on
# 127.0.0.2 and up to a twin of this build on PostgreSQL (tests/browser/test_case_tracker.py).
# LIMIT_EXEMPT: two test workers' browsers are many visitors on 127.0.0.1, a load generator to
# the backend's budget per address (the production stack's tests keep theirs).
REFLEX_WEB_WORKDIR="$web_dir" SITE_TEST_HOOKS=1 REFLEX_TRUSTED_PROXY_HOPS=1 LIMIT_EXEMPT=127.0.0.1 setsid .venv/bin/reflex run --env prod --single-port --frontend-port "$port" --backend-host 127.0.0.1 >>"$log" 2>&1 &
server=$!

up() { curl -sf -o /dev/null "http://127.0.0.1:$1/ping" && curl -sf -o /dev/null "http://127.0.0.1:$1/"; }

echo "building and starting the site on port $port (log: $log)"
for _ in $(seq 1 900); do
  if ! kill -0 "$server" 2>/dev/null; then
    echo "the site failed to start:"; tail -n 40 "$log"; exit 1
  fi
  if ! kill -0 "$prod" 2>/dev/null; then
    echo "the production stack failed to start:"; tail -n 40 "$prod_log"; exit 1
  fi
  if up "$port" && up "$prod_port"; then
    break
  fi
  sleep 1
done
up "$port" || { echo "the site did not come up in 900 s"; exit 1; }
up "$prod_port" || { echo "the production stack did not come up"; tail -n 40 "$prod_log"; exit 1; }
echo "site and production stack up; running tests"
export SITE_WEB_DIR="$web_dir" SITE_URL="http://127.0.0.1:$port" PROD_URL="http://127.0.0.1:$prod_port" PROD_RUN_DIR="$prod_dir" \
  PROD_DB_URL="$prod_db_url" PROD_BACKEND_PORT="$((prod_port + 1))" PROD_REDIS_PORT="$((prod_port + 2))"
if [ $# -gt 0 ]; then
  # The tests named, one after another (or in workers with `-n 2`), against this one build;
  # REPEAT=5 runs them five times in a row and stops at the first run with a failure (hunting
  # a flaky test: docs/flakes.md). Not exec: the EXIT trap must still stop the servers.
  for run in $(seq 1 "${REPEAT:-1}"); do
    [ "${REPEAT:-1}" = 1 ] || echo "run $run of $REPEAT, $(date +%T)"
    # Each run after the first on an empty database: the form's limits an hour and the mail
    # cap count what the runs before left, which a single run never meets (docs/flakes.md).
    if [ "$run" -gt 1 ]; then
      .venv/bin/python -c 'import sys; from pathlib import Path; from tests.enquiry_fixtures import empty_sqlite; empty_sqlite(Path(sys.argv[1]))' \
        "build/test-enquiries-$port.db" || exit
    fi
    .venv/bin/python -m pytest -q "$@" || exit
  done
  exit
fi
# The slowest tests, printed in every run, show where the suite's time goes (docs/tests.md).
# tests/conftest.py runs them in this order in each worker (unit, workflow, browser): the
# workflow tests, minutes each, start early instead of ending the run.
.venv/bin/python -m pytest -q -n 2 --durations=40 tests/unit tests/workflow tests/browser
# The production tests share one stack and break it on purpose (a worker killed, Redis
# restarted), so they run on their own, one after another, on an otherwise idle machine.
.venv/bin/python -m pytest -q -p no:xdist tests/production
