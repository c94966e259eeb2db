#!/usr/bin/env bash
# Runs `make test`'s stages in order and prints how long each took, also when
# one fails, so a stage that grows is seen (CI stops at 90 minutes and lands
# nothing past it), and how busy it kept the machine's cores: the processor
# time of its processes over its wall time on every core, so a stage that
# leaves a core idle is seen too. The table goes to standard output and,
# when COLLOQUY_STAGE_TIMES names a file, into it too.
# Usage: scripts/stage-times.sh STAGE...
set -uo pipefail

# The processor seconds (user and system) of every finished child so far,
# into $cpu_now. `times` runs in this shell, not a pipeline's subshell,
# whose children are its own.
times_file=$(mktemp)
trap 'rm -f "$times_file"' EXIT
children_cpu() {
  times > "$times_file"
  cpu_now=$(tail -n 1 "$times_file" | awk '{
    total = 0
    for (i = 1; i <= 2; i++) { split($i, t, "m"); sub("s", "", t[2]); total += t[1] * 60 + t[2] }
    printf "%d", total
  }')
}

cores=$(nproc)
rows=()
status=0
total_start=$(date +%s)
for stage in "$@"; do
  start=$(date +%s)
  children_cpu
  cpu_start=$cpu_now
  make --no-print-directory "$stage"
  status=$?
  wall=$(( $(date +%s) - start ))
  children_cpu
  cpu=$(( cpu_now - cpu_start ))
  busy=$(( wall > 0 ? 100 * cpu / (wall * cores) : 0 ))
  rows+=("$(printf '%-12s %5d s  %3d %% of %d cores' "$stage" "$wall" "$busy" "$cores")$([ $status -eq 0 ] || echo '  FAILED')")
  [ $status -eq 0 ] || break
done

{
  echo "== make test: wall time per stage"
  printf '%s\n' "${rows[@]}"
  printf '%-12s %5d s\n' "total" $(( $(date +%s) - total_start ))
} | tee ${COLLOQUY_STAGE_TIMES:+"$COLLOQUY_STAGE_TIMES"}
exit $status
