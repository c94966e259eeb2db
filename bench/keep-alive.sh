#!/usr/bin/env bash
# bench/keep-alive.sh [BIN] [N]: a small file on ONE kept-alive connection.
#
# Starts BIN (default target/release/colloquy) on a free port and a fresh
# data folder, serving a web folder that holds only index.html and
# web/public/favicon.svg, then fetches /favicon.svg N times (default 400)
# with one curl, which reuses its connection, and prints the percentiles of
# the time per response and how many took over 10 ms. CURL_OPTS is passed
# to curl (e.g. CURL_OPTS=--compressed for gzip responses).
#
# This is where Nagle's algorithm meets delayed ACKs: a server that writes
# a response's headers and body separately without TCP_NODELAY holds the
# body back until the client's ACK, ~40 ms later.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/target/release/colloquy}
n=${2:-400}
work=$(mktemp -d)
mkdir -p "$work/web" "$work/data"
cp "$root/web/public/favicon.svg" "$work/web/"
echo '<!doctype html><title>keep-alive bench</title>' > "$work/web/index.html"

COLLOQUY_WEB_DIR=$work/web COLLOQUY_CONFIG=$work/none.toml RUST_LOG=warn \
  "$bin" serve --listen 127.0.0.1:0 --data-dir "$work/data" > "$work/out" 2> /dev/null &
server=$!
trap 'kill $server 2> /dev/null; wait $server 2> /dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do
  grep -q "serving the site at" "$work/out" 2> /dev/null && break
  sleep 0.1
done
url=$(sed -n 's/.*serving the site at //p' "$work/out" | head -1)/favicon.svg

args=()
for _ in $(seq "$n"); do args+=(-o /dev/null "$url"); done
# shellcheck disable=SC2086 # CURL_OPTS may hold several options
curl -s ${CURL_OPTS:-} -w '%{time_total} %{num_connects}\n' "${args[@]}" > "$work/times"

connections=$(awk '{c += $2} END {print c}' "$work/times")
sort -n "$work/times" | awk -v n="$n" -v c="$connections" '
  { t[NR] = $1 * 1000; if ($1 > 0.010) slow++ }
  END {
    printf "%d responses on %d connection(s): p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, over 10 ms: %d\n",
      n, c, t[int(n * 0.5)], t[int(n * 0.9)], t[int(n * 0.99)], slow
  }'
