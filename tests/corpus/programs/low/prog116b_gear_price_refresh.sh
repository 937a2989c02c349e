#!/usr/bin/env bash
# gear_price_refresh.sh - refresh the paintball marker & gear rental tracker
#
# Pulls the nightly inventory export and the current rental price list from
# head office, loads both into the local SQLite tracker and rebuilds the
# "what's out on the field" report with today's rates.
#
# usage: gear_price_refresh.sh [-s site] [-n] [-v]
set -euo pipefail

APP_DIR="${GEAR_APP_DIR:-$PWD}"
DB="${APP_DIR}/gear_rental.db"
CONF="${APP_DIR}/gear_update.conf"
LOG_DIR="${APP_DIR}/logs"
WORK="${APP_DIR}/.work"
UPSTREAM="${GEAR_UPSTREAM:-https://updates.markerdepot-ops.com/tracker}"
SITE_ID="arena-01"
DRY_RUN=0
VERBOSE=0

while getopts "s:nv" opt; do
  case $opt in
    s) SITE_ID=$OPTARG ;;
    n) DRY_RUN=1 ;;
    v) VERBOSE=1 ;;
    *) echo "usage: $0 [-s site] [-n] [-v]" >&2; exit 2 ;;
  esac
done

mkdir -p "$LOG_DIR" "$WORK"

# key=value config, read without evaluating it
if [[ -f "$CONF" ]]; then
  while IFS='=' read -r key val; do
    case $key in
      UPSTREAM) UPSTREAM=$val ;;
      SITE_ID)  SITE_ID=$val ;;
    esac
  done < "$CONF"
fi

log() {
  local lvl=$1; shift
  printf '%s [%s] %s\n' "$(date +%FT%T)" "$lvl" "$*" >> "$LOG_DIR/update.log"
  [[ $VERBOSE -eq 1 || $lvl != DEBUG ]] && printf '[%s] %s\n' "$lvl" "$*" >&2
  return 0
}

fetch() {
  local url=$1 dest=$2 n=0
  until curl -fsS --max-time 20 -o "$dest" "$url"; do
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

load_prices() {
  local json="$WORK/prices_${SITE_ID}.json"
  if ! fetch "$UPSTREAM/exports/${SITE_ID}/prices.json" "$json"; then
    log WARN "price list unavailable, keeping yesterday's rates"
    return 0
  fi
  local csv="$WORK/prices_${SITE_ID}.csv"
  jq -r '.items[] | [.kind, .hourly, .half_day, .deposit] | @csv' "$json" > "$csv"
  log INFO "price list has $(wc -l < "$csv") kinds"
  (( DRY_RUN )) && return 0
  sqlite3 "$DB" <<SQL
CREATE TABLE IF NOT EXISTS prices (kind TEXT PRIMARY KEY, hourly REAL,
  half_day REAL, deposit REAL);
DELETE FROM prices;
.mode csv
.import $csv prices
SQL
}

build_report() {
  local out="$APP_DIR/reports/field_$(date +%F).txt"
  mkdir -p "$(dirname "$out")"
  {
    echo "Gear out on the field - $SITE_ID - $(date '+%a %d %b %H:%M')"
    echo
    sqlite3 -column -header "$DB" \
      "SELECT g.kind, g.model, g.tag, g.renter, g.out_since, p.hourly
       FROM gear g LEFT JOIN prices p ON p.kind = g.kind
       WHERE g.status='rented' ORDER BY g.out_since;"
    echo
    sqlite3 "$DB" "SELECT kind || ': ' || COUNT(*) FROM gear
                   WHERE status='available' GROUP BY kind;"
  } > "$out"
  log INFO "report written to $out"
}

main() {
  log INFO "refresh start (site=$SITE_ID)"
  load_inventory
  load_prices
  (( DRY_RUN )) || build_report
  rm -f "$WORK"/inventory_*.csv "$WORK"/prices_*.csv
  log INFO "refresh done"
}

main "$@"
