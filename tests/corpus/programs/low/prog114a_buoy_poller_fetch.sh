#!/usr/bin/env bash
# buoy_poller_fetch.sh - pull the latest observations for the weather buoys
# nearest the station and keep a rolling CSV that the launch authority can
# glance at before authorising an exercise launch.
#
#   BUOYS="62103 62107" ./buoy_poller_fetch.sh
#   ./buoy_poller_fetch.sh -d ./buoy_data -k 500 -w 600   # refresh every 10 min
set -euo pipefail

WORK_DIR="${BUOY_WORK_DIR:-$PWD/buoy_data}"
BUOYS="${BUOYS:-62103 62107 62303}"
BASE_URL="${NDBC_BASE:-https://www.ndbc.noaa.gov/data/realtime2}"
KEEP_ROWS="${KEEP_ROWS:-2000}"
WATCH_SECONDS="${WATCH_SECONDS:-0}"

log() { printf '%s [buoy] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }

usage() {
  cat <<EOF
usage: ${0##*/} [-d DIR] [-k ROWS] [-b "ID ID ..."] [-w SECONDS]
  -d DIR      working directory (default: $WORK_DIR)
  -k ROWS     rows kept per buoy CSV (default: $KEEP_ROWS)
  -b IDS      space separated NDBC station ids (default: $BUOYS)
  -w SECONDS  stay in the foreground and refresh every SECONDS
EOF
}

while getopts ":d:k:b:w:h" opt; do
  case "$opt" in
    d) WORK_DIR="$OPTARG" ;;
    k) KEEP_ROWS="$OPTARG" ;;
    b) BUOYS="$OPTARG" ;;
    w) WATCH_SECONDS="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

mkdir -p "$WORK_DIR/raw" "$WORK_DIR/csv"

fetch_buoy() {
  local id="$1" out="$WORK_DIR/raw/${id}.txt"
  if ! wget -q --timeout=20 --tries=3 -O "$out.part" "$BASE_URL/${id}.txt"; then
    log "fetch failed for $id"
    rm -f "$out.part"
    return 1
  fi
  mv -f "$out.part" "$out"
}

# NDBC realtime2 columns:
# YY MM DD hh mm WDIR WSPD GST WVHT DPD APD MWD PRES ATMP WTMP DEWP VIS PTDY TIDE
to_csv() {
  local id="$1" raw="$WORK_DIR/raw/${1}.txt" csv="$WORK_DIR/csv/${1}.csv"
  [[ -s "$raw" ]] || return 1
  if [[ ! -s "$csv" ]]; then
    echo "time_utc,wind_dir,wind_ms,gust_ms,wave_m,period_s,pressure_hpa,air_c,sea_c" >"$csv"
  fi
  local last
  last="$(tail -n 1 "$csv" | cut -d, -f1)"
  awk -v last="$last" '
    /^#/ { next }
    {
      ts = sprintf("%s-%s-%sT%s:%s:00Z", $1, $2, $3, $4, $5)
      if (ts <= last) next
      for (i = 6; i <= 15; i++) if ($i == "MM") $i = ""
      print ts "," $6 "," $7 "," $8 "," $9 "," $10 "," $13 "," $14 "," $15
    }' "$raw" | sort >>"$csv"
}

trim_csv() {
  local csv="$WORK_DIR/csv/${1}.csv" tmp
  tmp="$WORK_DIR/csv/.${1}.trim"
  { head -n 1 "$csv"; tail -n +2 "$csv" | tail -n "$KEEP_ROWS"; } >"$tmp"
  mv -f "$tmp" "$csv"
}

summary() {
  local id csv
  for id in $BUOYS; do
    csv="$WORK_DIR/csv/${id}.csv"
    [[ -s "$csv" ]] || continue
    tail -n 1 "$csv" | awk -F, -v id="$id" \
      '{ printf "%-6s %s wind %s m/s gust %s wave %s m sea %s C\n", id, $1, $3, $4, $5, $9 }'
  done
}

refresh() {
  local id failed=0
  for id in $BUOYS; do
    if fetch_buoy "$id" && to_csv "$id"; then
      trim_csv "$id"
    else
      failed=$((failed + 1))
    fi
  done
  summary
  if (( failed > 0 )); then
    log "$failed buoy(s) failed this run"
    return 1
  fi
}

main() {
  if (( WATCH_SECONDS > 0 )); then
    log "refreshing every ${WATCH_SECONDS}s, Ctrl-C to stop"
    while true; do
      refresh || true
      sleep "$WATCH_SECONDS"
    done
  fi
  refresh
}

main "$@"
