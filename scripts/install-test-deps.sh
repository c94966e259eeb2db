#!/usr/bin/env bash
# Installs what the tests need beyond the Rust toolchain and Node.js:
# Debian's chromium (the browser for end-to-end tests), PostgreSQL (the
# second database every Rust test runs on) and nginx (the balancer of the
# multi-instance test) and poppler's pdftoppm and pdftotext (certificates are
# rendered to pictures and read back as a reader would) and HarfBuzz's hb-shape
# (the PDFs' shaping is compared with it). On Debian as root they are
# installed with apt; elsewhere a missing one is a clear error.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
compgen -G '/usr/lib/postgresql/*/bin/initdb' > /dev/null || missing+=(postgresql)
command -v curl > /dev/null || missing+=(curl)
# The balancer in front of two instances in the multi-instance test.
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v pdftoppm > /dev/null && command -v pdftotext > /dev/null || missing+=(poppler-utils)
# HarfBuzz's own shaper, the reference the PDFs' shaping is checked against.
command -v hb-shape > /dev/null || missing+=(libharfbuzz-bin)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get > /dev/null; then
  echo "Installing ${missing[*]} with apt-get…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=300 update -qq
  apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "The tests need: ${missing[*]} (Debian packages: ${missing[*]})." >&2
  echo "Install them, or run 'make test' as root on Debian to have them installed." >&2
  exit 1
fi
