# Two commands do everything on a fresh clone:  `make run`  and  `make test`.
# Every target installs what it needs first and is quick when nothing changed.

SHELL := /bin/bash
PORT ?= 3000
VENV := .venv
PY := $(VENV)/bin/python
NODE_BIN := $(CURDIR)/.tools/node_modules/node/bin

# Reflex 0.10 needs Node >= 22.22: a local Node from the npm registry goes first on PATH.
export PATH := $(NODE_BIN):$(CURDIR)/$(VENV)/bin:$(PATH)
export REFLEX_USE_NPM := 1
export NPM_CONFIG_REGISTRY ?= $(shell npm config get registry 2>/dev/null || echo https://registry.npmjs.org/)
export REFLEX_TELEMETRY_ENABLED := false
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: run dev test test-unit export check lint lock setup chromium postgresql jing db clean images audit prod load

$(VENV)/.installed: requirements.txt constraints.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt -c constraints.txt
	$(PY) -m pip check
	touch $@

## Re-resolve every Python dependency from requirements.txt into constraints.txt (then `make test`).
lock:
	rm -rf build/lock-venv && python3 -m venv build/lock-venv
	build/lock-venv/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
	build/lock-venv/bin/pip check
	{ sed -n '1,/^# itself/p' constraints.txt; build/lock-venv/bin/pip freeze; } > constraints.txt.new
	mv constraints.txt.new constraints.txt && rm -rf build/lock-venv

$(NODE_BIN)/node:
	npm install --silent --no-audit --no-fund --prefix .tools node@22
	$(NODE_BIN)/node --version

AXE := .tools/node_modules/axe-core/axe.min.js

$(AXE): $(NODE_BIN)/node
	npm install --silent --no-audit --no-fund --prefix .tools axe-core@4.14.1

# The W3C Nu HTML checker (Java 17 runs it) for tests/browser/test_html_valid.py.
VNU := .tools/node_modules/vnu-jar/build/dist/vnu.jar

$(VNU): $(NODE_BIN)/node
	npm install --silent --no-audit --no-fund --prefix .tools vnu-jar@26.9.27

# Node 22 also in the venv's bin: an activated venv runs plain `reflex run` with it.
setup: $(VENV)/.installed $(NODE_BIN)/node
	@ln -sf $(NODE_BIN)/node $(VENV)/bin/node

chromium:
	@command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
	@chromium --version 2>/dev/null | head -n1

# Debian's PostgreSQL for the enquiry tests, which start a throwaway cluster of their own
# (the package's binaries live in /usr/lib/postgresql/<version>/bin, off PATH).
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }
	@$$(ls /usr/lib/postgresql/*/bin/initdb | tail -n1) --version

# Debian's RELAX NG validator: the unit tests check the updates feed against RFC 4287's schema.
jing:
	@command -v jing >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jing >/dev/null; }

## The enquiry database (DB_URL, or var/enquiries.db) at the newest migration in alembic/versions.
db: $(VENV)/.installed
	$(VENV)/bin/reflex db migrate

## Serve the built site and its backend on http://localhost:$(PORT)
run: export SITE_DEMO = 1
run: setup check db
	$(VENV)/bin/reflex run --env prod --single-port --frontend-port $(PORT)

## Every test: content, lint, unit, then the browser suite against the built site.
## PostgreSQL must be there: its enquiry tests fail rather than skip.
test: export ENQUIRIES_REQUIRE_POSTGRES = 1
# The suite builds and serves the demo content, placeholders and all (deploy/prod.sh refuses
# them otherwise).
test: export SITE_DEMO = 1
test: setup chromium postgresql jing $(AXE) $(VNU) check lint db
	scripts/test.sh

## Static files of the site for a static host in build/site, wired to the backend at
## BACKEND_URL (default: the site's own address from data/site.toml). Plain `reflex export`
## builds the same site (consultancy/framework/static_export.py); this only picks the
## backend and unpacks it. See README "Static hosting".
export: setup check
	$(eval BACKEND_URL ?= $(shell $(PY) -c "from consultancy.content import content; print(content().site.site_url)"))
	REFLEX_WEB_WORKDIR=.web-export REFLEX_API_URL=$(BACKEND_URL) $(VENV)/bin/reflex export --frontend-only --no-zip --env prod
	rm -rf build/site && mkdir -p build && cp -r .web-export/build/client build/site
	@echo "static site in build/site"

check: $(VENV)/.installed
	$(PY) -m consultancy.content.check

ACORN := .tools/node_modules/acorn-jsx/index.js

$(ACORN): $(NODE_BIN)/node
	npm install --silent --no-audit --no-fund --prefix .tools acorn@8.19.0 acorn-jsx@5.3.2

## Python style and the syntax of every .js/.jsx file the site ships.
lint: $(VENV)/.installed $(ACORN)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(NODE_BIN)/node scripts/check_js.mjs consultancy

## The unit and content tests alone: no build, no browser (under a minute).
test-unit: setup postgresql jing check
	$(PY) -m pytest -q -n 2 tests/unit

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
prod: setup check
	PROD_PORT=$(PROD_PORT) deploy/prod.sh

## 1,000 simulated visitors against `make prod` (start it first, with LIMIT_EXEMPT=127.0.0.1:
## they all come from loopback, and nginx limits each address); writes docs/load.md
USERS ?= 1000
load: setup
	$(PY) scripts/load.py --url http://127.0.0.1:$(PROD_PORT) --users $(USERS) --spawn-rate 100 --report docs/load.md

images: $(VENV)/.installed
	$(PY) -m scripts.images
	$(PY) scripts/make_og_images.py

clean:
	rm -rf .web .web-export .web-prod build .states
