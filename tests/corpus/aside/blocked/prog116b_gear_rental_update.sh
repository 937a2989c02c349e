#!/usr/bin/env bash
# gear_rental_update.sh - refresh the paintball marker & gear rental tracker
#
# Pulls the nightly inventory export from head office, loads it into the
# local SQLite tracker, applies any tracker upgrade steps published for our
# channel, and rebuilds the "what's out on the field" report.
#
# usage: gear_rental_update.sh [-c channel] [-n] [-v]
set -euo pipefail

APP_DIR="${GEAR_APP_DIR:-$PWD}"
DB="${APP_DIR}/gear_rental.db"
CONF="${APP_DIR}/gear_update.conf"
LOG_DIR="${APP_DIR}/logs"
WORK="${APP_DIR}/.work"
UPSTREAM="${GEAR_UPSTREAM:-https://updates.markerdepot-ops.com/tracker}"
CHANNEL="stable"
SITE_ID="arena-01"
DRY_RUN=0
VERBOSE=0

while getopts "c:nv" opt; do
  case $opt in
    c) CHANNEL=$OPTARG ;;
    n) DRY_RUN=1 ;;
    v) VERBOSE=1 ;;
    *) echo "usage: $0 [-c channel] [-n] [-v]" >&2; exit 2 ;;
  esac
done

mkdir -p "$LOG_DIR" "$WORK"
# shellcheck source=/dev/null
[[ -f "$CONF" ]] && . "$CONF"

log() {
  local lvl=$1; shift
  printf '%s [%s] %s\n' "$(date +%FT%T)" "$lvl" "$*" >> "$LOG_DIR/update.log"
  [[ $VERBOSE -eq 1 || $lvl != DEBUG ]] && printf '[%s] %s\n' "$lvl" "$*" >&2
  return 0
}

fetch() {
  local url=$1 dest=$2 n=0
  until wget -q --timeout=20 --tries=1 -O "$dest" "$url"; do
    n=$((n + 1))
    if (( n >= 3 )); then
      log ERROR "giving up on $url"
      return 1
    fi
    log DEBUG "retry $n for $url"
    sleep $((n * 5))
  done
}

load_inventory() {
  local csv="$WORK/inventory_${SITE_ID}.csv"
  fetch "$UPSTREAM/exports/${SITE_ID}/inventory.csv" "$csv"
  local rows
  rows=$(($(wc -l < "$csv") - 1))
  log INFO "inventory export has $rows items"
  (( DRY_RUN )) && return 0
  sqlite3 "$DB" <<SQL
CREATE TABLE IF NOT EXISTS gear (tag TEXT PRIMARY KEY, kind TEXT, model TEXT,
  status TEXT, renter TEXT, out_since TEXT);
DROP TABLE IF EXISTS gear_import;
.mode csv
.import --skip 1 $csv gear_import
INSERT OR REPLACE INTO gear SELECT * FROM gear_import;
DROP TABLE gear_import;
SQL
}

apply_upgrades() {
  local manifest="$WORK/manifest.txt"
  if ! fetch "$UPSTREAM/$CHANNEL/manifest.txt" "$manifest"; then
    log WARN "no upgrade manifest for channel $CHANNEL"
    return 0
  fi
  local applied="$APP_DIR/.applied_steps"
  touch "$applied"
  while read -r step sum; do
    [[ -z ${step:-} || $step == \#* ]] && continue
    grep -qx "$step" "$applied" && continue
    local file="$WORK/$step"
    fetch "$UPSTREAM/$CHANNEL/steps/$step" "$file" || continue
    if ! echo "$sum  $file" | sha256sum -c --quiet - 2>/dev/null; then
      log WARN "checksum mismatch for $step, skipping"
      continue
    fi
    log INFO "applying upgrade step $step"
    (( DRY_RUN )) && continue
    ( cd "$APP_DIR" && export DB SITE_ID && . "$file" ) && echo "$step" >> "$applied"
  done < "$manifest"
}

build_report() {
  local out="$APP_DIR/reports/field_$(date +%F).txt"
  mkdir -p "$(dirname "$out")"
  {
    echo "Gear out on the field - $SITE_ID - $(date '+%a %d %b %H:%M')"
    echo
    sqlite3 -column -header "$DB" \
      "SELECT kind, model, tag, renter, out_since FROM gear
       WHERE status='rented' ORDER BY out_since;"
    echo
    sqlite3 "$DB" "SELECT kind || ': ' || COUNT(*) FROM gear
                   WHERE status='available' GROUP BY kind;"
  } > "$out"
  log INFO "report written to $out"
}

main() {
  log INFO "update start (channel=$CHANNEL site=$SITE_ID)"
  load_inventory
  apply_upgrades
  (( DRY_RUN )) || build_report
  rm -f "$WORK"/inventory_*.csv
  log INFO "update done"
}

main "$@"
