#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL server: a new cluster in a
# temp folder, listening on a free loopback port, stopped and removed when the
# command ends. The command gets TEST_DATABASE_URL naming that server.
#
#   scripts/with-postgres.sh cargo test
set -euo pipefail

bindir=$(dirname "$(compgen -G '/usr/lib/postgresql/*/bin/initdb' | sort -V | tail -n 1)")
[ -x "$bindir/initdb" ] || { echo "PostgreSQL is not installed (scripts/install-test-deps.sh)" >&2; exit 1; }

cluster=$(mktemp -d /tmp/colloquy-pg.XXXXXX)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

# PostgreSQL refuses to run as root; as root, run it as the postgres user.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres: "$cluster"
  as_owner=(runuser -u postgres --)
fi

stop() {
  "${as_owner[@]}" "$bindir/pg_ctl" -D "$cluster/data" -m immediate stop > /dev/null 2>&1 || true
  rm -rf "$cluster"
}
trap stop EXIT

"${as_owner[@]}" "$bindir/initdb" -D "$cluster/data" -U colloquy -A trust -E UTF8 > "$cluster/initdb.log" 2>&1 \
  || { cat "$cluster/initdb.log" >&2; exit 1; }
# Durability settings off: this server lives for one test run.
"${as_owner[@]}" "$bindir/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w -t 60 \
  -o "-p $port -k $cluster -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
  start > /dev/null || { cat "$cluster/server.log" >&2; exit 1; }

export TEST_DATABASE_URL="postgres://colloquy@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') is running for the tests on 127.0.0.1:$port"
"$@"
