#!/usr/bin/env bash
# Runs `make test`'s stages in order and prints how long each took, also when
# one fails, so a stage that grows is seen (CI stops at 90 minutes and lands
# nothing past it), and how busy it kept the machine's cores: the processor
# time of its processes over its wall time on every core, so a stage that
# leaves a core idle is seen too. The table goes to standard output and,
# when COLLOQUY_STAGE_TIMES names a file, into it too.
#
# STAGE may be several joined by `+` (`test-rust+test-web`): they run side
# by side, the first with its output as it comes, the others' output held
# and printed once each ends; the row is their time together, and each has
# a line of its own time below it.
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
  IFS=+ read -r -a members <<< "$stage"
  beside=("${members[@]:1}")
  pids=()
  logs=()
  for member in "${beside[@]}"; do
    log=$(mktemp)
    logs+=("$log")
    # Its own wall time is the log's last line.
    (
      member_start=$(date +%s)
      make --no-print-directory "$member"
      member_status=$?
      echo "== $member: $(( $(date +%s) - member_start )) s, exit $member_status"
      exit $member_status
    ) > "$log" 2>&1 &
    pids+=($!)
  done
  make --no-print-directory "${members[0]}"
  status=$?
  first_wall=$(( $(date +%s) - start ))
  member_rows=()
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}"
    member_status=$?
    echo "== ${beside[$i]}, run beside ${members[0]}: its output"
    cat "${logs[$i]}"
    member_wall=$(tail -n 1 "${logs[$i]}" | sed -n 's/^== .*: \([0-9]*\) s, exit .*/\1/p')
    rm -f "${logs[$i]}"
    member_rows+=("$(printf '  %-10s %5d s' "${beside[$i]}" "${member_wall:-0}")$([ $member_status -eq 0 ] || echo '  FAILED')")
    [ $member_status -eq 0 ] || status=$member_status
  done
  wall=$(( $(date +%s) - start ))
  children_cpu
  cpu=$(( cpu_now - cpu_start ))
  busy=$(( wall > 0 ? 100 * cpu / (wall * cores) : 0 ))
  rows+=("$(printf '%-12s %5d s  %3d %% of %d cores' "$stage" "$wall" "$busy" "$cores")$([ $status -eq 0 ] || echo '  FAILED')")
  if [ ${#beside[@]} -gt 0 ]; then
    rows+=("$(printf '  %-10s %5d s' "${members[0]}" "$first_wall")")
    rows+=("${member_rows[@]}")
  fi
  [ $status -eq 0 ] || break
done

{
  echo "== make test: wall time per stage"
  printf '%s\n' "${rows[@]}"
  printf '%-12s %5d s\n' "total" $(( $(date +%s) - total_start ))
} | tee ${COLLOQUY_STAGE_TIMES:+"$COLLOQUY_STAGE_TIMES"}
exit $status
