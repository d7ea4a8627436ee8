# Two commands do everything on a fresh clone:  `make run`  and  `make test`.
# Every target installs what it needs first and is quick when nothing changed.

SHELL := /bin/bash
PORT ?= 3000
# The oldest Chromium the browser tests are checked with (`make chromium` upgrades an older one):
# 150 sent Playwright's extra headers on page requests but not on the websocket (issue 37).
CHROMIUM_MIN := 156
VENV := .venv
PY := $(VENV)/bin/python
NODE_BIN := $(CURDIR)/.tools/node_modules/node/bin

# Reflex 0.10 needs Node >= 22.22: a local Node from the npm registry goes first on PATH.
export PATH := $(NODE_BIN):$(CURDIR)/$(VENV)/bin:$(PATH)
export REFLEX_USE_NPM := 1
# Asked once as the Makefile is read (`?=` would start npm again for every recipe line).
ifeq ($(origin NPM_CONFIG_REGISTRY),undefined)
NPM_CONFIG_REGISTRY := $(shell npm config get registry 2>/dev/null || echo https://registry.npmjs.org/)
endif
export NPM_CONFIG_REGISTRY
# The machine's CA file for npm (a proxy that re-signs TLS): npm under .tools' Node reads no
# /usr/etc/npmrc, so without it only a warm npm cache would work. None is an answer too, which
# the processes started here inherit (consultancy/framework/toolchain.py).
NPM_CAFILE := $(filter-out null undefined,$(shell npm config get cafile 2>/dev/null))
ifneq ($(NPM_CAFILE),)
export NPM_CONFIG_CAFILE ?= $(NPM_CAFILE)
else
export CONSULTANCY_NPM_NO_CAFILE := 1
endif
export REFLEX_TELEMETRY_ENABLED := false
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: run dev test test-unit test-soak export check lint lock setup setup-runtime chromium java postgresql jing db clean images audit prod load

# The runtime (requirements.txt: `make run`, `make prod`, production) and, on top of it, the
# tests and tools (requirements-dev.txt: `make setup`, `make test`); constraints.txt, which
# both files name, pins every package to the versions the tests ran.
RUNTIME := $(VENV)/.installed-runtime
DEV := $(VENV)/.installed-dev

$(RUNTIME): requirements.txt constraints.txt
	@python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "Python 3.11 or newer is needed (python3 is $$(python3 --version 2>&1))" >&2; exit 1; }
	@python3 -c 'import ensurepip' 2>/dev/null || { echo "python3 cannot make a venv: apt-get install python3-venv" >&2; exit 1; }
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(PY) -m pip check
	touch $@

$(DEV): $(RUNTIME) requirements-dev.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	$(PY) -m pip check
	touch $@

## Re-resolve every Python dependency of requirements-dev.txt (the runtime's included) into
## constraints.txt, free of the old pins; then check the runtime alone under the new ones.
lock:
	rm -rf build/lock && mkdir -p build/lock && python3 -m venv build/lock/venv
	grep -v '^-c ' requirements.txt > build/lock/requirements.txt
	cp requirements-dev.txt build/lock/
	build/lock/venv/bin/pip install --quiet --disable-pip-version-check -r build/lock/requirements-dev.txt
	build/lock/venv/bin/pip check
	{ sed -n '/^#/!q;p' constraints.txt; build/lock/venv/bin/pip freeze; } > constraints.txt.new
	mv constraints.txt.new constraints.txt
	python3 -m venv build/lock/runtime
	build/lock/runtime/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
	build/lock/runtime/bin/pip check
	rm -rf build/lock

$(NODE_BIN)/node:
	@command -v npm >/dev/null || { echo "npm is needed to fetch Node 22 from the registry: apt-get install npm" >&2; exit 1; }
	npm install --silent --no-audit --no-fund --prefix .tools node@22
	$(NODE_BIN)/node --version

AXE := .tools/node_modules/axe-core/axe.min.js

$(AXE): $(NODE_BIN)/node
	npm install --silent --no-audit --no-fund --prefix .tools axe-core@4.14.1

# The W3C Nu HTML checker (Java 17 runs it) for tests/browser/test_html_valid.py.
VNU := .tools/node_modules/vnu-jar/build/dist/vnu.jar

# Mozilla's iCalendar parser, the third reader of the renewal calendar's .ics in tests/unit.
ICALJS := .tools/node_modules/ical.js/package.json

$(ICALJS): $(NODE_BIN)/node
	npm install --silent --no-audit --no-fund --prefix .tools ical.js@2.2.1

# Java for it: the test would otherwise fail on a machine without one, naming only a missing file.
java:
	@command -v java >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null; }
	@java -version 2>&1 | head -n1

$(VNU): $(NODE_BIN)/node
	npm install --silent --no-audit --no-fund --prefix .tools vnu-jar@26.9.27

# Node 22 also in the venv's bin: an activated venv runs plain `reflex run` with it.
# setup-runtime: what serving needs (make run, make prod, a production host); setup: tests too.
setup-runtime: $(RUNTIME) $(NODE_BIN)/node
	@ln -sf $(NODE_BIN)/node $(VENV)/bin/node

setup: setup-runtime $(DEV)

chromium:
	@scripts/chromium.sh $(CHROMIUM_MIN)

# Debian's PostgreSQL for the enquiry tests, which start a throwaway cluster of their own
# (the package's binaries live in /usr/lib/postgresql/<version>/bin, off PATH).
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }
	@$$(ls /usr/lib/postgresql/*/bin/initdb | tail -n1) --version

# Debian's RELAX NG validator: the unit tests check the updates feed against RFC 4287's schema.
jing:
	@command -v jing >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jing >/dev/null; }

## The enquiry database (DB_URL, or var/enquiries.db) at the newest migration in alembic/versions.
db: $(RUNTIME)
	$(VENV)/bin/reflex db migrate

## Serve the built site and its backend on http://localhost:$(PORT)
run: export SITE_DEMO = 1
run: setup-runtime check db
	$(VENV)/bin/reflex run --env prod --single-port --frontend-port $(PORT)

## Every test: content, lint, unit, then the browser suite against the built site.
## PostgreSQL must be there: its enquiry tests fail rather than skip.
test: export ENQUIRIES_REQUIRE_POSTGRES = 1
# The suite builds and serves the demo content, placeholders and all (deploy/prod.sh refuses
# them otherwise).
test: export SITE_DEMO = 1
test: setup chromium java postgresql jing $(AXE) $(VNU) $(ICALJS) check lint db
	scripts/test.sh

## Static files of the site for a static host in build/site, wired to the backend at
## BACKEND_URL (default: the site's own address from data/site.toml). Plain `reflex export`
## builds the same site (consultancy/framework/static_export.py); this only picks the
## backend and unpacks it. See README "Static hosting".
export: setup-runtime check
	$(eval BACKEND_URL ?= $(shell $(PY) -c "from consultancy.content import content; print(content().site.site_url)"))
	REFLEX_WEB_WORKDIR=.web-export REFLEX_API_URL=$(BACKEND_URL) $(VENV)/bin/reflex export --frontend-only --no-zip --env prod
	rm -rf build/site && mkdir -p build && cp -r .web-export/build/client build/site
	@echo "static site in build/site"

check: $(RUNTIME)
	$(PY) -m consultancy.content.check

ACORN := .tools/node_modules/acorn-jsx/index.js

$(ACORN): $(NODE_BIN)/node
	npm install --silent --no-audit --no-fund --prefix .tools acorn@8.19.0 acorn-jsx@5.3.2

## Python style and the syntax of every .js/.jsx file the site ships.
lint: $(DEV) $(ACORN)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(NODE_BIN)/node scripts/check_js.mjs consultancy

## The unit and content tests alone: no build, no browser (under a minute). The soak tests
## (an hour or a day of load or attack, simulated) run in `make test` and `make test-soak`.
test-unit: setup postgresql jing $(ICALJS) check
	$(PY) -m pytest -q -n 2 -m "not soak" tests/unit

## The soak tests alone (docs/tests.md).
test-soak: setup postgresql
	$(PY) -m pytest -q -n 2 -m soak tests/unit

LIGHTHOUSE := .tools/node_modules/.bin/lighthouse

$(LIGHTHOUSE): $(NODE_BIN)/node
	npm install --silent --no-audit --no-fund --prefix .tools lighthouse@13.5.0

## Lighthouse on every route against the production build; non-zero when a budget is missed.
## ANCHORS=1 also measures the framework reference pages (built under build/anchors/).
audit: setup chromium check $(LIGHTHOUSE)
	$(PY) scripts/audit.py --report docs/performance.md $(if $(ANCHORS),--anchors)

## Production on this machine: nginx (static, precompressed, headers, 301s) in front of
## Reflex workers sharing state through Redis, on http://127.0.0.1:$(PROD_PORT). See README "Deploying".
PROD_PORT ?= 8080
prod: setup-runtime check
	PROD_PORT=$(PROD_PORT) deploy/prod.sh

## 1,000 simulated visitors against `make prod` (start it first, with LIMIT_EXEMPT=127.0.0.1:
## they all come from loopback, and nginx limits each address); writes docs/load.md
USERS ?= 1000
load: setup
	$(PY) scripts/load.py --url http://127.0.0.1:$(PROD_PORT) --users $(USERS) --spawn-rate 100 --report docs/load.md

images: $(DEV)
	$(PY) -m scripts.images
	$(PY) scripts/make_og_images.py

clean:
	rm -rf .web .web-export .web-prod build .states
