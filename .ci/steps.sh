# Sourced by .ci/run: `step NAME command...` runs one step and notes its time and the load average
# (1- and 5-minute, at its end); the table of every step is printed when the run ends, passed or failed.
CI_STARTED=$(date +%s)
CI_STEPS=()

step() {
  local name="$1" started status
  shift
  started=$(date +%s)
  echo "::: ${name}"
  set +e
  "$@"
  status=$?
  set -e
  CI_STEPS+=("$(printf '%-45s %6ss  load %s%s' "$name" "$(($(date +%s) - started))" "$(cut -d' ' -f1,2 /proc/loadavg)" "$([ "$status" -eq 0 ] || echo "  FAILED ($status)")")")
  return "$status"
}

ci_table() {
  echo
  echo "CI steps (seconds; 1- and 5-minute load average at each step's end, $(nproc) cores)"
  for line in "${CI_STEPS[@]}"; do echo "  $line"; done
  echo "  total $(($(date +%s) - CI_STARTED)) s"
}
trap ci_table EXIT
