#!/usr/bin/env bash
# timesheet_pull.sh - pull approved timesheets from the time-tracking
# service and convert them into the payroll import format.
#
# Env:
#   TIMESHEET_API_URL   base URL of the time-tracking API
#   TIMESHEET_API_TOKEN bearer token for the API
#
# Usage: timesheet_pull.sh [--week YYYY-Www] [--out DIR]

set -uo pipefail

API="${TIMESHEET_API_URL:-https://timetrack.corp.example.com/api/v3}"
TOKEN="${TIMESHEET_API_TOKEN:-}"
WEEK="$(date +%G-W%V)"
OUT_DIR="./payroll_import"
CACHE_DIR="./.timesheet_cache"

log() { echo "[$(date '+%F %T')] $*" >&2; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --week) WEEK="$2"; shift 2 ;;
    --out)  OUT_DIR="$2"; shift 2 ;;
    --clean) rm -rf "$CACHE_DIR"; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) log "unknown argument: $1"; exit 64 ;;
  esac
done

[[ -n "$TOKEN" ]] || { log "TIMESHEET_API_TOKEN not set"; exit 2; }
mkdir -p "$OUT_DIR" "$CACHE_DIR"

fetch_page() {
  local page="$1" dest="$2"
  curl -fsS --max-time 30 \
    -H "Authorization: Bearer $TOKEN" \
    -H "Accept: application/json" \
    "$API/timesheets?week=$WEEK&status=approved&page=$page" -o "$dest"
}

pull_timesheets() {
  local page=1 total=0 file count
  while :; do
    file="$CACHE_DIR/${WEEK}_p${page}.json"
    if ! fetch_page "$page" "$file"; then
      log "page $page failed"; return 1
    fi
    count=$(jq '.items | length' "$file")
    total=$((total + count))
    [[ "$(jq -r '.next // empty' "$file")" ]] || break
    page=$((page + 1))
  done
  log "fetched $total approved timesheets for $WEEK"
}

convert() {
  local out="$OUT_DIR/timesheets_${WEEK}.csv"
  echo "employee_id,date,project,hours,overtime" > "$out"
  jq -r '.items[] | .employee_id as $e | .entries[]
         | [$e, .date, .project_code, .hours, (.overtime // 0)] | @csv' \
     "$CACHE_DIR/${WEEK}"_p*.json >> "$out"
  log "wrote $(($(wc -l < "$out") - 1)) lines to $out"
}

summarise() {
  local out="$OUT_DIR/timesheets_${WEEK}.csv"
  awk -F, 'NR > 1 { h[$1] += $4; o[$1] += $5 }
           END { for (e in h) printf "%s\t%.2f\t%.2f\n", e, h[e], o[e] }' "$out" \
    | sort > "$OUT_DIR/summary_${WEEK}.tsv"
  log "summary in $OUT_DIR/summary_${WEEK}.tsv"
}

pull_timesheets || exit 1
convert
summarise
log "sync complete"
