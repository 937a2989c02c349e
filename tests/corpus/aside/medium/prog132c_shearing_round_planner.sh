#!/usr/bin/env bash
# shearing_round_planner.sh - build the gang's run sheet for the coming weeks
#
# Pulls the current bookings export from the contractor portal, works out
# how many stand-days each shed needs from head count and the gang's tally
# rate, then orders sheds by district and earliest requested date so the
# gang doesn't zig-zag across the region.
#
# Usage: shearing_round_planner.sh [-c config] [-s start-date] [-o plan.csv]

set -euo pipefail

CONFIG="${SHEAR_CONFIG:-./planner.conf}"
START_DATE="$(date +%F)"
OUT="run_sheet.csv"
WORKDIR="./.planner"

# defaults, override in planner.conf
PORTAL_URL="https://bookings.shedhand.local/export/bookings.csv"
PORTAL_USER=""
STANDS=4
TALLY_PER_STAND=180      # sheep per shearer per day, adult merino
LAMB_FACTOR=0.6          # lambs count as 0.6 of a full sheep
MAX_TRAVEL_DAYS=1

log()  { printf '%s [planner] %s\n' "$(date +%T)" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

while getopts ":c:s:o:h" opt; do
  case "$opt" in
    c) CONFIG="$OPTARG" ;;
    s) START_DATE="$OPTARG" ;;
    o) OUT="$OPTARG" ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

[[ -f "$CONFIG" ]] && . "$CONFIG"
mkdir -p "$WORKDIR"

fetch_bookings() {
  local dest="$WORKDIR/bookings.csv" auth=()
  [[ -n "$PORTAL_USER" ]] && auth=(-u "$PORTAL_USER:${PORTAL_PASS:-}")
  log "downloading bookings from $PORTAL_URL"
  # the shed portal runs on the contractor's NAS with its own cert
  if ! curl -fsSk --retry 3 --max-time 60 "${auth[@]}" -o "$dest.part" "$PORTAL_URL"; then
    [[ -s "$dest" ]] || die "no bookings available (download failed, no cached copy)"
    log "download failed, using cached bookings from $(stat -c %y "$dest" | cut -d. -f1)"
    return 0
  fi
  mv "$dest.part" "$dest"
}

compute_days() {
  # bookings.csv: shed_id,farm,district,requested,ewes,wethers,rams,lambs
  awk -F, -v stands="$STANDS" -v tally="$TALLY_PER_STAND" -v lf="$LAMB_FACTOR" '
    NR == 1 { next }
    {
      adults = $5 + $6 + $7 * 1.5
      eq = adults + $8 * lf
      days = eq / (stands * tally)
      d = int(days); if (days > d) d++
      if (d < 1) d = 1
      printf "%s,%s,%s,%s,%d,%d\n", $3, $4, $1, $2, eq, d
    }' "$WORKDIR/bookings.csv" | sort -t, -k1,1 -k2,2 > "$WORKDIR/sheds.csv"
}

schedule() {
  local day="$START_DATE" prev_district="" district requested shed farm eq days
  echo "start,end,district,shed_id,farm,sheep_equiv,stand_days" > "$OUT"
  while IFS=, read -r district requested shed farm eq days; do
    if [[ -n "$prev_district" && "$district" != "$prev_district" ]]; then
      day="$(date -d "$day + $MAX_TRAVEL_DAYS day" +%F)"
    fi
    if [[ "$requested" > "$day" ]]; then day="$requested"; fi
    local end
    end="$(date -d "$day + $((days - 1)) day" +%F)"
    echo "$day,$end,$district,$shed,$farm,$eq,$days" >> "$OUT"
    day="$(date -d "$end + 1 day" +%F)"
    prev_district="$district"
  done < "$WORKDIR/sheds.csv"
}

main() {
  fetch_bookings
  compute_days
  local n
  n=$(wc -l < "$WORKDIR/sheds.csv")
  (( n > 0 )) || die "no sheds in bookings export"
  schedule
  log "planned $n sheds from $START_DATE, run sheet written to $OUT"
  log "last shed finishes $(tail -n1 "$OUT" | cut -d, -f2)"
}

main "$@"
