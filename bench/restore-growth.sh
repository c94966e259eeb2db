#!/usr/bin/env bash
# bench/restore-growth.sh: what 320 content restores in a row add to the
# database (issue 37 item 5), on SQLite and on PostgreSQL (a throwaway
# server, scripts/with-postgres.sh). It runs the API test that asserts the
# bound (server/tests/api/content/history.rs) and prints the figure it
# measured: SQLite's whole file (page count × page size), PostgreSQL's
# history tables (content_versions, content_bodies,
# content_version_documents).
set -euo pipefail
cd "$(dirname "$0")/.."
test=content::history::three_hundred_and_twenty_restores_add_less_than_a_megabyte
run() {
  "$@" cargo test --locked -q -p colloquy --test api "$test" -- --exact --nocapture 2>&1 |
    grep "restore growth" || { echo "the test failed: run it for its message" >&2; return 1; }
}
echo -n "SQLite:     " && run env
echo -n "PostgreSQL: " && run scripts/with-postgres.sh
