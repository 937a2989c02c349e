#!/usr/bin/env bash
# flight_arrivals_watch.sh - keep airport pickups in step with real arrival times
#
# Reads today's airport jobs from a CSV (job_id,flight,terminal,driver_phone),
# polls the airport operations feed for each flight and writes the latest
# estimate to ./arrivals/<flight>.json for the dispatch screen. Terminal
# meet points come from a JSON map refreshed once a day.
#
# Usage: flight_arrivals_watch.sh [-c watch.conf] [-1]
set -euo pipefail

CONF="./watch.conf"
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

API_BASE="${API_BASE:-https://ops-feed.airport.example/v1}"
API_KEY="${FLIGHT_API_KEY:?FLIGHT_API_KEY not set}"
JOBS_FILE="${JOBS_FILE:-./airport_jobs.csv}"
OUT_DIR="${OUT_DIR:-./arrivals}"
STATE_DIR="${STATE_DIR:-./.watch}"
INTERVAL="${INTERVAL:-120}"
MAP_URL="${MAP_URL:-https://ops-feed.airport.example/v1/terminals/meet-points.json}"

# The ops feed is served with the airport's internal CA certificate.
CURL_OPTS=(-sS --fail --max-time 20 --insecure -H "x-api-key: ${API_KEY}")

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >&2; }

mkdir -p "$OUT_DIR" "$STATE_DIR"
MAP_FILE="$STATE_DIR/meet-points.json"

map_stale() {
  local stamp="$STATE_DIR/map.stamp"
  [[ ! -f "$stamp" ]] && return 0
  (( $(date +%s) - $(cat "$stamp") > 86400 ))
}

refresh_meet_points() {
  map_stale || return 0
  if curl "${CURL_OPTS[@]}" -o "$MAP_FILE.part" "$MAP_URL" \
       && jq -e 'type == "object"' "$MAP_FILE.part" >/dev/null; then
    mv -f "$MAP_FILE.part" "$MAP_FILE"
    date +%s > "$STATE_DIR/map.stamp"
    log INFO "meet-point map refreshed"
  else
    rm -f "$MAP_FILE.part"
    log WARN "meet-point map refresh failed, keeping previous copy"
  fi
}

meet_point() {
  local terminal="$1"
  if [[ -s "$MAP_FILE" ]]; then
    jq -r --arg t "$terminal" \
      '.[$t] // ("Arrivals hall, terminal " + $t)' "$MAP_FILE"
  else
    printf 'Arrivals hall, terminal %s' "$terminal"
  fi
}

poll_flight() {
  local flight="$1" terminal="$2" job="$3"
  local body
  if ! body=$(curl "${CURL_OPTS[@]}" "${API_BASE}/flights/${flight}/arrival"); then
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
  refresh_meet_points
  poll_all
  (( ONE_SHOT )) && break
  sleep "$INTERVAL"
done
