#!/usr/bin/env bash
# berth_booking_pull.sh - pull the day's berth bookings from the marina's
# on-site booking server and write pontoon allocation sheets for dock staff.
#
# Usage: berth_booking_pull.sh [-d YYYY-MM-DD] [-c config] [-o outdir]
#
# Config (KEY=value):
#   BOOKING_API   base URL of the on-site booking server
#   MARINA_ID     marina code, e.g. KSH
#   CURL_OPTS     extra options for curl (the box ships a self-signed cert)
set -euo pipefail

CONFIG="./berth_sync.conf"
OUTDIR="./allocations"
DAY="$(date +%F)"
LOGFILE="./berth_sync.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":d:c:o:h" opt; do
  case "$opt" in
    d) DAY="$OPTARG" ;;
    c) CONFIG="$OPTARG" ;;
    o) OUTDIR="$OPTARG" ;;
    h) sed -n '2,11p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

read_conf() {
  local key="$1" default="$2" val
  val="$(grep -E "^${key}=" "$CONFIG" 2>/dev/null | tail -n1 | cut -d= -f2- || true)"
  printf '%s' "${val:-$default}"
}

BOOKING_API="$(read_conf BOOKING_API https://berthbox.local:8443/api/v2)"
MARINA_ID="$(read_conf MARINA_ID KSH)"
CURL_OPTS="$(read_conf CURL_OPTS --insecure)"

command -v jq >/dev/null || die "jq is required"
mkdir -p "$OUTDIR"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/berthsync.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

fetch_bookings() {
  local url="${BOOKING_API}/marinas/${MARINA_ID}/bookings?date=${DAY}"
  local attempt
  for attempt in 1 2 3; do
    # shellcheck disable=SC2086
    if curl -fsS $CURL_OPTS --max-time 20 -H "Accept: application/json" "$url" -o "$WORK/bookings.json"; then
      return 0
    fi
    log "fetch attempt $attempt failed, retrying"
    sleep $((attempt * 5))
  done
  return 1
}

write_sheets() {
  local count
  count="$(jq '.bookings | length' "$WORK/bookings.json")"
  log "received $count bookings for $DAY"
  jq -r '.bookings[] | [.pontoon, .berth, .vessel_name, .loa_m, .arrival, .departure] | @csv' \
    "$WORK/bookings.json" | sort -t, -k1,1 -k2,2n > "$WORK/all.csv"
  cut -d, -f1 "$WORK/all.csv" | tr -d '"' | sort -u | while read -r pontoon; do
    [ -n "$pontoon" ] || continue
    {
      echo "pontoon,berth,vessel,loa_m,arrival,departure"
      grep "^\"${pontoon}\"," "$WORK/all.csv"
    } > "$OUTDIR/${DAY}_pontoon_${pontoon}.csv"
  done
}

summarise() {
  local f
  for f in "$OUTDIR/${DAY}"_pontoon_*.csv; do
    [ -e "$f" ] || continue
    printf '%-40s %4d berths\n' "$(basename "$f")" "$(( $(wc -l < "$f") - 1 ))"
  done
}

main() {
  log "berth pull start marina=$MARINA_ID day=$DAY"
  fetch_bookings || die "could not reach booking server"
  write_sheets
  summarise
  log "berth pull done, sheets in $OUTDIR"
}

main "$@"
