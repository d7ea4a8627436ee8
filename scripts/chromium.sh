#!/usr/bin/env bash
# Makes sure the browser tests get a Chromium of at least version $1 (`make chromium`, with
# CHROMIUM_MIN from the Makefile): Debian's `chromium` is installed, or upgraded, with apt-get
# when it is missing or older (`apt-get update` first: bookworm's newest build is in
# bookworm-security, and an old package list offers only the one in main). Prints the version
# used; fails, saying why, when it is still older.
#   CHROMIUM_PATH: a browser of your own (the tests use it too); checked, never installed over.
set -euo pipefail
min="${1:?usage: $0 MINIMUM_VERSION}"
# The one the tests launch (tests/conftest.py), which Debian's package installs.
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"

installed() {
  # The version from stdout only: Debian's wrapper script prints a shell warning
  # ("[: ...: unexpected operator") on stderr on some machines.
  command -v "$browser" >/dev/null || return 0
  "$browser" --version 2>/dev/null | sed -nE 's/^(Chromium|Google Chrome) ([0-9][0-9.]*).*/\2/p' | head -n1
}

# True when version $1 is at least $min (dotted, compared part by part).
recent() { [ -n "$1" ] && [ "$(printf '%s\n%s\n' "$min" "$1" | sort -V | head -n1)" = "$min" ]; }

version="$(installed)"
if ! recent "$version" && [ -z "${CHROMIUM_PATH:-}" ]; then
  echo "chromium ${version:-not installed}; the tests need $min or newer: apt-get update && apt-get install chromium"
  if [ "$(id -u)" != 0 ]; then
    echo "installing Chromium needs root: run 'apt-get update && apt-get install chromium' as root, then again" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  version="$(installed)"
fi
if ! recent "$version"; then
  echo "Chromium ${version:-not found} ($browser) is older than $min, the oldest the browser tests are checked" \
    "with (CHROMIUM_MIN in the Makefile). Install a newer one (Debian: bookworm-security in sources.list, then apt-get update && apt-get install chromium)" \
    "or set CHROMIUM_PATH to one." >&2
  exit 1
fi
echo "chromium $version ($(command -v "$browser"))"
