#!/usr/bin/env bash
# Runs a command beside a throwaway S3-compatible server (PyPI's
# moto[server], in a virtualenv of its own) on a free loopback port, with
# one empty bucket. The command gets the standard AWS_* variables for it and
# TEST_S3_BUCKET naming the bucket.
#
#   scripts/with-s3.sh cargo test
set -euo pipefail

venv="${COLLOQUY_MOTO_VENV:-$HOME/.cache/colloquy/moto-venv}"
if [ ! -x "$venv/bin/moto_server" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'moto[server]==5.*'
fi

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log=$(mktemp /tmp/colloquy-s3.XXXXXX.log)
"$venv/bin/moto_server" -H 127.0.0.1 -p "$port" > "$log" 2>&1 &
server=$!
stop() {
  kill "$server" 2> /dev/null || true
  wait "$server" 2> /dev/null || true
  rm -f "$log"
}
trap stop EXIT

endpoint="http://127.0.0.1:$port"
for _ in $(seq 1 100); do
  curl -fsS -o /dev/null "$endpoint/moto-api/" 2> /dev/null && break
  kill -0 "$server" 2> /dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.1
done
bucket=colloquy-test
curl -fsS -o /dev/null -X PUT "$endpoint/$bucket" || { cat "$log" >&2; exit 1; }

export AWS_ENDPOINT_URL="$endpoint" AWS_ALLOW_HTTP=true AWS_REGION=us-east-1
export AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test
export TEST_S3_BUCKET="$bucket"
echo "An S3-compatible server (moto) is running for the tests at $endpoint"
"$@"
