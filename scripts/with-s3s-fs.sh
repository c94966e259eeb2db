#!/usr/bin/env bash
# Runs a command beside a throwaway S3-compatible server of a second kind:
# s3s-fs (crates.io, the s3s project's file-backed server), built once into a
# folder of its own outside the repository, on a free loopback port with one
# empty bucket in a temp folder. Like scripts/with-s3.sh, the command gets
# the standard AWS_* variables for it and TEST_S3_BUCKET naming the bucket.
#
#   scripts/with-s3s-fs.sh cargo test --test api s3
set -euo pipefail

# Pinned: newer releases need a newer Rust than this machine's.
version=0.14.1
root="${COLLOQUY_S3S_FS_ROOT:-$HOME/.cache/colloquy/s3s-fs-$version}"
if [ ! -x "$root/bin/s3s-fs" ]; then
  echo "Building s3s-fs $version into $root (once; a few minutes)"
  # In a build folder of its own (not CI's CARGO_TARGET_DIR), removed after.
  env -u CARGO_TARGET_DIR cargo install --quiet --locked "s3s-fs@$version" --features binary --root "$root"
fi

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
data=$(mktemp -d /tmp/colloquy-s3s.XXXXXX)
bucket=colloquy-test
# A bucket of s3s-fs is a folder under its root.
mkdir "$data/$bucket"
log="$data.log"
"$root/bin/s3s-fs" --host 127.0.0.1 --port "$port" --access-key test --secret-key test "$data" > "$log" 2>&1 &
server=$!
stop() {
  kill "$server" 2> /dev/null || true
  wait "$server" 2> /dev/null || true
  rm -rf "$data" "$log"
}
trap stop EXIT

endpoint="http://127.0.0.1:$port"
for _ in $(seq 1 100); do
  # Any answer will do (an unsigned request is refused): the server is up.
  curl -sS -o /dev/null "$endpoint/" 2> /dev/null && break
  kill -0 "$server" 2> /dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.1
done

export AWS_ENDPOINT_URL="$endpoint" AWS_ALLOW_HTTP=true AWS_REGION=us-east-1
export AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test
export TEST_S3_BUCKET="$bucket"
echo "An S3-compatible server (s3s-fs $version) is running for the tests at $endpoint"
"$@"
