#!/usr/bin/env bash
# The site as production runs it: nginx serving the static export (precompressed,
# security headers, real 301s and 404s) and proxying Reflex's websocket to a backend
# of several workers that share visitors' state through Redis.
#
#   deploy/prod.sh          build, then serve until Ctrl-C   (what `make prod` runs)
#   deploy/prod.sh build    export the site into $RUN_DIR/site and write nginx's config
#   deploy/prod.sh serve    start Redis, the backend and nginx on what `build` made
#   deploy/prod.sh backend  only the backend, in the foreground (deploy/consultancy-backend.service;
#                           a second host runs just this)
#
# Settings (environment):
#   PROD_PORT (8080); LISTEN (127.0.0.1:PROD_PORT): nginx's address.
#   PUBLIC_URL (http://127.0.0.1:PROD_PORT): the address visitors use; the browser's
#     websocket goes there.
#   SITE_ORIGINS (PUBLIC_URL): the only origins whose pages may open the backend's websocket,
#     space-separated; with the pages on a static host (README "Static hosting"), that host.
#   BACKEND_HOST (127.0.0.1), BACKEND_PORT (PROD_PORT+1): where this host's backend listens.
#   BACKENDS (BACKEND_HOST:BACKEND_PORT): nginx's upstream list, space-separated host:port;
#     list every host's backend.
#   REDIS_URL (a local Redis on REDIS_PORT, PROD_PORT+2, started by `serve`, which answers only
#     with the password in $RUN_DIR/redis.pass): the Redis every backend shares, with its
#     password (redis://:PASSWORD@host:port); with REDIS_URL set, `serve` starts no Redis of its own.
#   WORKERS (one per core, at least 2); RUN_DIR (build/prod-PROD_PORT);
#   TRUSTED_PROXY_HOPS (1: proxies in front of the backend, nginx included);
#   LIMIT_EXEMPT (none): addresses nginx's per-address limits skip (a load generator);
#   TRUSTED_PROXIES (none): the proxies in front of nginx (a TLS proxy on this host:
#     127.0.0.1), whose X-Forwarded-For names the visitor for the limits;
#   EVENT_RATE, EVENT_BURST (20/s, 60): the backend's limit of events per socket;
#   EVENT_ADDRESS_RATE, EVENT_ADDRESS_BURST (40/s, 200): its budget per address, across sockets
#     and backends, in units of a click (a connect or a hydrate weighs 2); LIMIT_EXEMPT skips it;
#   BACKEND_TRUSTED_PROXIES (127.0.0.1 ::1): the only peers whose X-Forwarded-For the backend
#     believes (nginx's address, when the backend is on another host);
#   ENQUIRY_ADDRESS_KEY: a random secret (at least 32 characters); the backend refuses to start
#     without one. `serve` (a whole stack on one host: make prod, the tests) makes one in
#     $RUN_DIR/address.key when none is set;
#   DB_URL and SMTP_* (README "Deploying");
#   REMINDERS_EVERY_S (3600): how often `serve` runs the renewal reminders job.
#   SITE_DEMO=1: this is a demo. Without it every mode refuses to start while the content
#     still holds placeholders (EXAMPLE values, fictional clients, dummy video ids, drawn
#     portraits), naming each one; `deploy/prod.sh check` runs only that check.
# Expects the venv of `make setup-runtime` (requirements.txt: no test tools) and the Makefile's
# PATH (venv, Node 22).
set -euo pipefail
cd "$(dirname "$0")/.."

PROD_PORT="${PROD_PORT:-8080}"
BACKEND_HOST="${BACKEND_HOST:-127.0.0.1}"
BACKEND_PORT="${BACKEND_PORT:-$((PROD_PORT + 1))}"
BACKENDS="${BACKENDS:-$BACKEND_HOST:$BACKEND_PORT}"
REDIS_PORT="${REDIS_PORT:-$((PROD_PORT + 2))}"
PY=.venv/bin/python
LOCAL_REDIS=$([ -z "${REDIS_URL:-}" ] && echo 1 || echo "")
WORKERS="${WORKERS:-$(( $(nproc) > 2 ? $(nproc) : 2 ))}"
PUBLIC_URL="${PUBLIC_URL:-http://127.0.0.1:$PROD_PORT}"
LISTEN="${LISTEN:-127.0.0.1:$PROD_PORT}"
RUN_DIR="$(mkdir -p "${RUN_DIR:-build/prod-$PROD_PORT}" && cd "${RUN_DIR:-build/prod-$PROD_PORT}" && pwd)"
# The local Redis holds visitors' state (what they typed into forms): it answers only with the
# password in $RUN_DIR/redis.pass (mode 600), which reaches the backend inside REDIS_URL and
# never a command line (ps shows those to every local account).
if [ -n "$LOCAL_REDIS" ]; then
  [ -s "$RUN_DIR/redis.pass" ] || (umask 077 && $PY -c 'import secrets; print(secrets.token_urlsafe(32))' >"$RUN_DIR/redis.pass")
  REDIS_URL="redis://:$(cat "$RUN_DIR/redis.pass")@127.0.0.1:$REDIS_PORT"
fi
# Its own build directory: `make run` builds in .web, and a production build must not
# rewire the pages that server is serving.
export REFLEX_WEB_WORKDIR="${REFLEX_WEB_WORKDIR:-.web-prod}"

packages() {
  local missing=()
  command -v nginx >/dev/null || missing+=(nginx)
  [ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || missing+=(libnginx-mod-http-brotli-static)
  command -v redis-server >/dev/null || missing+=(redis-server)
  # The health checks here and in scripts/test.sh ask with curl, which a minimal Debian lacks.
  command -v curl >/dev/null || missing+=(curl)
  [ ${#missing[@]} -eq 0 ] && return
  echo "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 \
    || { apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null; }
}

# What the running stack writes (logs, Redis's append-only file, keys, the SQLite database) is
# readable by the service user only, in a run directory only that user may enter, whoever
# starts it and with whatever umask: nginx's workers run as that user too (configure.py).
private_files() {
  umask 077
  chmod 700 "$RUN_DIR"
  mkdir -p "$RUN_DIR/redis"
  chmod 700 "$RUN_DIR/redis"
  # Files an earlier release created with the default umask.
  chmod -R go-rwx "$RUN_DIR/redis"
  find "$RUN_DIR" -maxdepth 1 -type f \( -name '*.log' -o -name '*.log.*' -o -name '*.key' -o -name '*.pass' -o -name 'redis.conf' \) \
    -exec chmod go-rwx {} +
}

# Placeholders read as a template to a visitor: production starts only without them, or when
# told explicitly that this is a demo.
check_placeholders() {
  if [ "${SITE_DEMO:-}" = 1 ]; then
    echo "SITE_DEMO=1: a demo, placeholders allowed"
    return
  fi
  $PY -m consultancy.content.placeholders >&2 || {
    echo "refusing to start: replace the placeholders above with the firm's own details (SITE_DEMO=1 for a demo)" >&2
    exit 1
  }
}

build() {
  check_placeholders
  packages
  # A broken data file stops the build here with its file and field named.
  $PY -m consultancy.content.check
  # The enquiry database (DB_URL, or var/enquiries.db) at the newest migration.
  .venv/bin/reflex db migrate
  echo "exporting the site for $PUBLIC_URL"
  # A failed export (a broken data file, say) stops here: the site being served
  # from $RUN_DIR/site is only replaced once the new one is complete.
  REFLEX_API_URL="$PUBLIC_URL" .venv/bin/reflex export --frontend-only --no-zip --env prod --loglevel warning
  rm -rf "$RUN_DIR/site.new"
  cp -r "$REFLEX_WEB_WORKDIR/build/client" "$RUN_DIR/site.new"
  local upstreams=()
  for backend in $BACKENDS; do upstreams+=(--backend "$backend"); done
  $PY deploy/configure.py "$RUN_DIR/site.new" "$RUN_DIR" --root "$RUN_DIR/site" \
    --listen "$LISTEN" "${upstreams[@]}" --limit-exempt "${LIMIT_EXEMPT:-}" \
    --trusted-proxies "${TRUSTED_PROXIES:-}" \
    --server-name "$(echo "$PUBLIC_URL" | sed -E 's#^[a-z]+://##; s#[:/].*$##')"
  rm -rf "$RUN_DIR/site.old"
  if [ -d "$RUN_DIR/site" ]; then mv "$RUN_DIR/site" "$RUN_DIR/site.old"; fi
  mv "$RUN_DIR/site.new" "$RUN_DIR/site"
  # The new release's own build files, kept by the next one (deploy/configure.py).
  mv "$RUN_DIR/assets.new" "$RUN_DIR/assets.list"
  rm -rf "$RUN_DIR/site.old"
  nginx -t -q -p "$RUN_DIR" -c "$RUN_DIR/nginx.conf"
  # A stack already serving picks the new release up without dropping a connection.
  if [ -s "$RUN_DIR/nginx.pid" ] && kill -0 "$(cat "$RUN_DIR/nginx.pid")" 2>/dev/null; then
    nginx -s reload -p "$RUN_DIR" -c "$RUN_DIR/nginx.conf"
  fi
}

# granian directly (not `reflex run`) so a worker that dies is replaced instead of taking
# the whole backend down with it. Only the site's own pages may open the websocket (no
# cross-site use of visitors' state). nginx in front adds the visitor's address to
# X-Forwarded-For: the enquiry form's limit per address counts visitors, not nginx
# (TRUSTED_PROXY_HOPS=2 with a TLS proxy before it).
backend() {
  check_placeholders
  private_files
  REFLEX_TRUSTED_PROXY_HOPS="${TRUSTED_PROXY_HOPS:-1}" SITE_PUBLIC_URL="$PUBLIC_URL" \
  REFLEX_CORS_ALLOWED_ORIGINS="$(echo ${SITE_ORIGINS:-$PUBLIC_URL} | tr ' ' ',')" \
  REFLEX_ENV_MODE=prod REFLEX_BACKEND_ONLY=true __REFLEX_SKIP_COMPILE=true REFLEX_REDIS_URL="$REDIS_URL" \
    exec .venv/bin/granian --interface asgi --factory --host "$BACKEND_HOST" --port "$BACKEND_PORT" \
    --workers "$WORKERS" --respawn-failed-workers --respawn-interval 1 --log-level warning \
    --pid-file "$RUN_DIR/backend.pid" consultancy.consultancy:app >>"$RUN_DIR/backend.log" 2>&1
}

serve() {
  check_placeholders
  packages
  [ -f "$RUN_DIR/nginx.conf" ] || { echo "nothing built in $RUN_DIR: run '$0 build' first"; exit 1; }
  private_files
  pids=()
  stop() {
    trap - EXIT INT TERM
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    [ -n "$LOCAL_REDIS" ] && [ -s "$RUN_DIR/redis.pid" ] && kill -TERM "$(cat "$RUN_DIR/redis.pid")" 2>/dev/null || true
    wait 2>/dev/null || true
  }
  trap stop EXIT INT TERM

  # Append-only file: visitors' state survives a Redis restart. Reflex turns keyspace
  # events on once per worker, so a restarted Redis must start with them on. The loop
  # stands in for the init system's restart-on-failure.
  if [ -n "$LOCAL_REDIS" ]; then
    printf 'requirepass %s\n' "$(cat "$RUN_DIR/redis.pass")" >"$RUN_DIR/redis.conf"
    (
      while :; do
        redis-server "$RUN_DIR/redis.conf" --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$RUN_DIR/redis" --save "" \
          --appendonly yes --appendfsync everysec --protected-mode yes --loglevel warning \
          --notify-keyspace-events 'K$sgxe' --maxmemory 256mb --maxmemory-policy volatile-lru \
          --logfile "$RUN_DIR/redis.log" --pidfile "$RUN_DIR/redis.pid" || true
        echo "redis-server stopped; starting it again" >>"$RUN_DIR/redis.log"
        sleep 0.5
      done
    ) &
    pids+=($!)
  fi

  if [ -z "${ENQUIRY_ADDRESS_KEY:-}" ]; then
    [ -s "$RUN_DIR/address.key" ] || (umask 077 && $PY -c 'import secrets; print(secrets.token_urlsafe(32))' >"$RUN_DIR/address.key")
    ENQUIRY_ADDRESS_KEY="$(cat "$RUN_DIR/address.key")"
    export ENQUIRY_ADDRESS_KEY
  fi

  backend &
  pids+=($!)

  # Renewal calendar reminders: each run queues what is due today, once however often it runs,
  # and sends the mail queue; hourly, so a day's reminders go whenever the stack was started.
  # On a server the systemd timer runs it instead (deploy/consultancy-reminders.timer).
  (
    trap 'kill "${nap:-}" 2>/dev/null; exit 0' TERM
    while :; do
      $PY -m consultancy.office reminders >>"$RUN_DIR/reminders.log" 2>&1 || true
      sleep "${REMINDERS_EVERY_S:-3600}" &
      nap=$!
      wait "$nap"
    done
  ) &
  pids+=($!)

  nginx -p "$RUN_DIR" -c "$RUN_DIR/nginx.conf" -g 'daemon off;' &
  pids+=($!)

  for _ in $(seq 1 120); do
    if curl -sf -o /dev/null "http://127.0.0.1:$PROD_PORT/ping" && curl -sf -o /dev/null "http://127.0.0.1:$PROD_PORT/"; then
      echo "serving on $PUBLIC_URL (nginx $LISTEN -> $BACKENDS; this host's backend $BACKEND_HOST:$BACKEND_PORT x$WORKERS; redis $(echo "$REDIS_URL" | sed -E 's#//[^@/]*@#//#'))"
      wait -n "${pids[@]}" || true
      echo "a process of the stack stopped; see $RUN_DIR/*.log"
      exit 1
    fi
    sleep 1
  done
  echo "the stack did not come up; see $RUN_DIR/*.log"
  tail -n 20 "$RUN_DIR/backend.log" "$RUN_DIR/error.log" 2>/dev/null || true
  exit 1
}

case "${1:-all}" in
  build) build ;;
  serve) serve ;;
  backend) backend ;;
  all) build; serve ;;
  check) check_placeholders ;;
  *) echo "usage: $0 [build|serve|backend|check]"; exit 2 ;;
esac
