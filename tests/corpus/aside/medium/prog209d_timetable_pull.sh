#!/usr/bin/env bash
# Pull the published sailing timetable onto the kiosk and refresh the
# local departures file used by the ticket UI.
# Usage: prog209d_timetable_pull.sh [--route ID] [--out FILE]
set -euo pipefail

API_BASE="${TIMETABLE_API:-https://timetable.example.com/api/v1}"
ROUTES=("${TIMETABLE_ROUTES:-harbour-island}")
OUT_FILE="./departures.json"
SCRATCH="/tmp/kiosk_timetable.json"
declare -a CURL_OPTS=(-s -S --max-time 30 --retry 2 -k)

note() { printf '[timetable] %s\n' "$*" >&2; }

route_url() {
  local route="$1"
  printf '%s/routes/%s/sailings?days=%d' "$API_BASE" "$route" "${DAYS:-2}"
}

fetch_route() {
  local route="$1"
  if ! curl "${CURL_OPTS[@]}" -o "$SCRATCH" "$(route_url "$route")"; then
    note "fetch failed for $route"
    return 1
  fi
  jq -e '.sailings | length > 0' "$SCRATCH" >/dev/null || {
    note "no sailings for $route"; return 1; }
}

merge_into() {
  local route="$1" acc="$2"
  jq --arg r "$route" \
     '[.sailings[] | {route: $r, depart: .departure, vessel: .vessel, status: .status}]' \
     "$SCRATCH" > "$acc.part"
  if [[ -s "$acc" ]]; then
    jq -s 'add | sort_by(.depart)' "$acc" "$acc.part" > "$acc.new"
    mv "$acc.new" "$acc"
    rm -f "$acc.part"
  else
    mv "$acc.part" "$acc"
  fi
}

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --route) ROUTES=("$2"); shift 2 ;;
      --out) OUT_FILE="$2"; shift 2 ;;
      -h|--help) sed -n '2,4p' "$0"; exit 0 ;;
      *) note "unknown option $1"; exit 2 ;;
    esac
  done
}

main() {
  parse_args "$@"
  command -v jq >/dev/null || { note "jq is required"; exit 1; }
  local acc="$OUT_FILE.tmp" ok=0 route
  : > "$acc"
  for route in "${ROUTES[@]}"; do
    if fetch_route "$route"; then
      merge_into "$route" "$acc"
      ok=$((ok + 1))
    fi
  done
  if (( ok == 0 )); then
    note "no routes refreshed; keeping old $OUT_FILE"
    rm -f "$acc"
    exit 1
  fi
  mv "$acc" "$OUT_FILE"
  note "$(jq length "$OUT_FILE") departures written to $OUT_FILE"
}

main "$@"
