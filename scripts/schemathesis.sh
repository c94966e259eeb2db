#!/usr/bin/env bash
# Checks the served OpenAPI document against what the server really does:
# PyPI's schemathesis (pinned, in a virtualenv of its own) generates requests
# from /api/openapi.json and fails on any 5xx, any answer that does not fit
# its documented schema or content type, any status the document does not
# declare, and any request valid by the schema that the server refuses
# (a limit the schema does not state). Two runs: as a visitor, then as an
# admin (signed in, so the admin endpoints are reached).
#
#   scripts/schemathesis.sh [BIN]          (default target/release/colloquy)
#
# SCHEMATHESIS_EXAMPLES (default 8) sets the examples per operation.
set -euo pipefail

binary=$(realpath "${1:-${COLLOQUY_BIN:-target/release/colloquy}}")
config=$(realpath "$(dirname "$0")/schemathesis.toml")
examples="${SCHEMATHESIS_EXAMPLES:-8}"
venv="${COLLOQUY_SCHEMATHESIS_VENV:-$HOME/.cache/colloquy/schemathesis-venv}"
version=4.32.5
if [ "$("$venv/bin/schemathesis" --version 2> /dev/null | grep -o '[0-9.]*$')" != "$version" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
fi

work=$(mktemp -d /tmp/colloquy-schemathesis.XXXXXX)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
# Only this run's settings: SQLite and files in the temp folder, e-mails in its outbox.
while read -r name; do unset "$name"; done < <(env | grep -o '^COLLOQUY_[A-Z_]*' || true)
unset DATABASE_URL
export COLLOQUY_CONFIG="$work/no-config-file.toml" COLLOQUY_DATA_DIR="$work/data"

server=
stop() {
  [ -n "$server" ] && kill "$server" 2> /dev/null && wait "$server" 2> /dev/null || true
  rm -rf "$work"
}
trap stop EXIT

# An open call for abstracts, so that uploads reach the PDF checks (beside
# 2025's passed presenters' deadlines, as the e2e worlds keep it; the
# command warns of the order on stderr).
"$binary" edition call 2025 --from 2025-01-01T00:00:00Z --until 2099-12-31T23:59:00Z --allow-out-of-order > /dev/null 2>&1
"$binary" serve --listen "127.0.0.1:$port" > /dev/null 2> "$work/server.log" &
server=$!
for _ in $(seq 1 300); do
  curl -fsS -o /dev/null "$url/api/health" 2> /dev/null && break
  kill -0 "$server" 2> /dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.1
done

# The admin: registered, verified from the e-mail, granted by the command line, signed in.
email="schemathesis.admin@example.test"
password="correct horse battery staple"
api() { curl -sS --fail-with-body -H 'X-Requested-With: colloquy' -H 'Content-Type: application/json' "$@"; }
api -o /dev/null "$url/api/accounts/register" \
  -d "{\"first_name\":\"Ada\",\"last_name\":\"Lovelace\",\"email\":\"$email\",\"password\":\"$password\"}"
token=
for _ in $(seq 1 100); do
  token=$(python3 - "$work/data/outbox" << 'EOF'
import email, pathlib, re, sys
for eml in pathlib.Path(sys.argv[1]).glob("*.eml"):
    body = email.message_from_bytes(eml.read_bytes()).get_payload(decode=True).decode()
    match = re.search(r"verify-email\?token=([A-Za-z0-9_-]+)", body)
    if match:
        print(match.group(1))
EOF
  ) || true
  [ -n "$token" ] && break
  sleep 0.1
done
[ -n "$token" ] || { echo "no verification e-mail in $work/data/outbox" >&2; exit 1; }
api -o /dev/null "$url/api/accounts/verify-email" -d "{\"token\":\"$token\"}"
"$binary" admin grant "$email" > /dev/null
cookie=$(api -o /dev/null -D - "$url/api/accounts/login" -d "{\"email\":\"$email\",\"password\":\"$password\"}" \
  | grep -i '^set-cookie:' | head -n 1 | sed -e 's/^[^:]*: *//' -e 's/;.*//' | tr -d '\r')
[ -n "$cookie" ] || { echo "the admin could not sign in" >&2; exit 1; }

checks=not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,positive_data_acceptance
# In the temp folder: schemathesis keeps a cache (.schemathesis/) where it runs.
run() (
  cd "$work"
  "$venv/bin/schemathesis" --config-file "$config" run "$url/api/openapi.json" --url "$url" \
    --checks "$checks" --max-examples "$examples" --workers 1 --no-color \
    --generation-deterministic --suppress-health-check all \
    -H 'X-Requested-With: colloquy' "$@"
)
status=0
echo "== schemathesis as a visitor"
run || status=1
echo "== schemathesis as an admin"
# Signing out or changing the password would end the admin's session halfway.
run -H "Cookie: $cookie" --exclude-path /api/accounts/logout --exclude-path /api/accounts/change-password || status=1
if [ "$status" -ne 0 ]; then
  echo "--- server log (end)" >&2
  tail -n 40 "$work/server.log" >&2
fi
exit "$status"
