#!/usr/bin/env bash
# drying forecast: checks the next few days of weather at the dock and marks
# which ones are fit for outdoor gloss coats (dry, mild, not too humid).
set -euo pipefail

LAT="${DOCK_LAT:-52.41}"
LON="${DOCK_LON:--1.51}"
DAYS=5
CACHE_DIR="${PWD}/.forecast-cache"
OUT_FILE="${PWD}/painting-days.txt"
API="https://api.open-meteo.com/v1/forecast"

MIN_TEMP=8
MAX_HUMIDITY=80
MAX_RAIN_MM=0.2

note() { printf '%s\n' "$*" >&2; }

usage() {
  cat <<EOF
Usage: ${0##*/} [-d days] [-c] [-h]
  -d  number of days to check (1-7, default ${DAYS})
  -c  clear this script's cache first
EOF
}

cache_file() { printf '%s/%s_%s_%s.json' "$CACHE_DIR" "$LAT" "$LON" "$(date +%F)"; }

fetch_forecast() {
  local file; file="$(cache_file)"
  if [[ -s "$file" ]]; then
    cat "$file"; return 0
  fi
  local query="latitude=${LAT}&longitude=${LON}&forecast_days=${DAYS}&timezone=auto"
  query+="&daily=temperature_2m_min,precipitation_sum,relative_humidity_2m_max"
  curl -fsS --max-time 15 "${API}?${query}" -o "$file"
  cat "$file"
}

judge() {
  local day="$1" tmin="$2" rain="$3" hum="$4" verdict="paint"
  awk -v t="$tmin" -v m="$MIN_TEMP" 'BEGIN{exit !(t < m)}' && verdict="too cold"
  awk -v r="$rain" -v m="$MAX_RAIN_MM" 'BEGIN{exit !(r > m)}' && verdict="rain"
  (( ${hum%.*} > MAX_HUMIDITY )) && verdict="too humid"
  printf '%s  min %5s C  rain %4s mm  hum %3s%%  %s\n' "$day" "$tmin" "$rain" "$hum" "$verdict"
}

main() {
  local opt
  while getopts ":d:ch" opt; do
    case "$opt" in
      d) DAYS="$OPTARG" ;;
      c) rm -rf "$CACHE_DIR" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  [[ "$DAYS" =~ ^[1-7]$ ]] || { note "days must be 1-7"; exit 2; }
  mkdir -p "$CACHE_DIR"

  local json
  json="$(fetch_forecast)" || { note "forecast unavailable"; exit 1; }
  local -a days tmins rains hums
  mapfile -t days  < <(jq -r '.daily.time[]' <<<"$json")
  mapfile -t tmins < <(jq -r '.daily.temperature_2m_min[]' <<<"$json")
  mapfile -t rains < <(jq -r '.daily.precipitation_sum[]' <<<"$json")
  mapfile -t hums  < <(jq -r '.daily.relative_humidity_2m_max[]' <<<"$json")

  {
    echo "Painting days for dock at ${LAT},${LON} (generated $(date '+%F %H:%M'))"
    local i
    for i in "${!days[@]}"; do
      judge "${days[$i]}" "${tmins[$i]}" "${rains[$i]}" "${hums[$i]}"
    done
  } | tee "$OUT_FILE"
}

main "$@"
