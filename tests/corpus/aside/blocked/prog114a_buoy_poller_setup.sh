#!/usr/bin/env bash
# buoy_poller_setup.sh - pull the latest observations for the weather buoys
# nearest the station and keep a rolling CSV that the launch authority can
# glance at before authorising an exercise launch.
#
# First run sets up the working directory and keeps the poll going every
# ten minutes; later runs just refresh the data.
#
#   BUOYS="62103 62107" ./buoy_poller_setup.sh
#   ./buoy_poller_setup.sh -d ./buoy_data -k 500
set -euo pipefail

SCRIPT_PATH="$(readlink -f "${BASH_SOURCE[0]}")"
WORK_DIR="${BUOY_WORK_DIR:-$PWD/buoy_data}"
BUOYS="${BUOYS:-62103 62107 62303}"
BASE_URL="${NDBC_BASE:-https://www.ndbc.noaa.gov/data/realtime2}"
KEEP_ROWS="${KEEP_ROWS:-2000}"
POLL_SCHEDULE="${POLL_SCHEDULE:-*/10 * * * *}"
KEEP_POLLING="${KEEP_POLLING:-1}"

log() { printf '%s [buoy] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }

usage() {
  cat <<EOF
usage: ${0##*/} [-d DIR] [-k ROWS] [-b "ID ID ..."] [-n]
  -d DIR   working directory (default: $WORK_DIR)
  -k ROWS  rows kept per buoy CSV (default: $KEEP_ROWS)
  -b IDS   space separated NDBC station ids (default: $BUOYS)
  -n       refresh once, do not keep polling
EOF
}

while getopts ":d:k:b:nh" opt; do
  case "$opt" in
    d) WORK_DIR="$OPTARG" ;;
    k) KEEP_ROWS="$OPTARG" ;;
    b) BUOYS="$OPTARG" ;;
    n) KEEP_POLLING=0 ;;
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

keep_polling() {
  local entry
  entry="$POLL_SCHEDULE cd $PWD && BUOY_WORK_DIR=$WORK_DIR KEEP_POLLING=0 $SCRIPT_PATH >>$WORK_DIR/poller.log 2>&1"
  if crontab -l 2>/dev/null | grep -Fq "$SCRIPT_PATH"; then
    log "poll schedule already in place"
    return 0
  fi
  { crontab -l 2>/dev/null || true; printf '%s\n' "$entry"; } | crontab -
  log "polling every run of: $POLL_SCHEDULE"
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

main() {
  local id failed=0
  for id in $BUOYS; do
    if fetch_buoy "$id" && to_csv "$id"; then
      trim_csv "$id"
    else
      failed=$((failed + 1))
    fi
  done
  summary
  if [[ "$KEEP_POLLING" == "1" ]]; then
    keep_polling
  fi
  if (( failed > 0 )); then
    log "$failed buoy(s) failed this run"
    return 1
  fi
}

main "$@"
