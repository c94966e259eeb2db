#!/usr/bin/env bash
# Runs a command with an SMTP server for the tests at hand: PyPI's aiosmtpd
# in a virtualenv of its own. The command gets TEST_SMTP_SINK, a command line
# (python and scripts/smtp_sink.py) that the tests run to start a server of
# their own per test (one that refuses and then recovers, one per race).
#
#   scripts/with-smtp.sh cargo test --test api mail::
set -euo pipefail

venv="${COLLOQUY_SMTP_VENV:-$HOME/.cache/colloquy/smtp-venv}"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import aiosmtpd' 2> /dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'aiosmtpd==1.4.*'
fi

export TEST_SMTP_SINK="$venv/bin/python $(cd "$(dirname "$0")" && pwd)/smtp_sink.py"
echo "An SMTP server for the tests (aiosmtpd) is ready: $TEST_SMTP_SINK"
"$@"
