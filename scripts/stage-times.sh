#!/usr/bin/env bash
# Runs `make test`'s stages in order and prints how long each took, also when
# one fails, so a stage that grows is seen (CI stops at 90 minutes and lands
# nothing past it). The table goes to standard output and, when
# COLLOQUY_STAGE_TIMES names a file, into it too.
# Usage: scripts/stage-times.sh STAGE...
set -uo pipefail

rows=()
status=0
total_start=$(date +%s)
for stage in "$@"; do
  start=$(date +%s)
  make --no-print-directory "$stage"
  status=$?
  rows+=("$(printf '%-12s %5d s' "$stage" $(( $(date +%s) - start )))$([ $status -eq 0 ] || echo '  FAILED')")
  [ $status -eq 0 ] || break
done

{
  echo "== make test: wall time per stage"
  printf '%s\n' "${rows[@]}"
  printf '%-12s %5d s\n' "total" $(( $(date +%s) - total_start ))
} | tee ${COLLOQUY_STAGE_TIMES:+"$COLLOQUY_STAGE_TIMES"}
exit $status
