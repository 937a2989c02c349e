#!/usr/bin/env bash
# Summarises windrow temperature logs (logs/*.csv in the working directory)
# into a plain-text report: days above 55 C per batch for sanitisation records.
set -euo pipefail

LOG_DIR="${1:-./logs}"
BUILD_DIR="./build"
REPORT="${BUILD_DIR}/temperature_report.txt"
THRESHOLD="${THRESHOLD:-55}"
REQUIRED_DAYS="${REQUIRED_DAYS:-3}"
declare -a BATCHES=()

log() { printf '[report] %s\n' "$*" >&2; }

host_line() {
  local name="unknown"
  if [[ -r /etc/os-release ]]; then
    name="$(awk -F= '$1=="PRETTY_NAME"{gsub(/"/,"",$2); print $2}' /etc/os-release)"
  fi
  printf 'Generated %s on %s (%s)\n' "$(date -I)" "$(hostname)" "$name"
}

collect_batches() {
  local f
  for f in "$LOG_DIR"/*.csv; do
    [[ -e "$f" ]] || continue
    BATCHES+=("$f")
  done
}

days_hot() {
  # columns: date,time,probe,temp_c
  awk -F, -v t="$THRESHOLD" 'NR>1 && $4+0 >= t { hot[$1]=1 } END { n=0; for (d in hot) n++; print n }' "$1"
}

peak_temp() {
  awk -F, 'NR>1 && ($4+0) > m { m=$4+0 } END { printf "%.1f", m }' "$1"
}

write_report() {
  local f name hot peak verdict
  {
    host_line
    printf 'Threshold %s C for %s days\n\n' "$THRESHOLD" "$REQUIRED_DAYS"
    printf '%-24s %8s %8s %s\n' BATCH HOT_DAYS PEAK_C RESULT
    for f in "${BATCHES[@]}"; do
      name="$(basename "$f" .csv)"
      hot="$(days_hot "$f")"
      peak="$(peak_temp "$f")"
      if (( hot >= REQUIRED_DAYS )); then verdict="ok"; else verdict="extend"; fi
      printf '%-24s %8s %8s %s\n' "$name" "$hot" "$peak" "$verdict"
    done
  } > "$REPORT"
}

main() {
  if [[ "${CLEAN:-0}" == "1" ]]; then
    rm -rf "$BUILD_DIR"
    log "cleaned ${BUILD_DIR}"
  fi
  mkdir -p "$BUILD_DIR"
  collect_batches
  if (( ${#BATCHES[@]} == 0 )); then
    log "no logs in ${LOG_DIR}"
    exit 1
  fi
  write_report
  log "wrote ${REPORT} (${#BATCHES[@]} batches)"
  cat "$REPORT"
}

main "$@"
