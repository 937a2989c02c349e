#!/usr/bin/env bash
# kit_catalogue_refresh.sh - pull the shared tool-library catalogue from the
# network hub and merge it into this branch's lending database.
#
# Usage: kit_catalogue_refresh.sh [-c config] [-n] [-v]
#   -c FILE   config file (default ./kitlib.conf)
#   -n        dry run: download and validate only
#   -v        verbose
set -euo pipefail

CONFIG="${KIT_CONFIG:-./kitlib.conf}"
DRY_RUN=0
VERBOSE=0
HUB_URL="https://hub.toollibraries.example.org"
BRANCH_ID="${KIT_BRANCH:-northside}"
CACHE_DIR="./.kitcache"
DB_FILE="./kitlib.sqlite"
LOG_FILE="./kit_refresh.log"

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }
debug() { [[ $VERBOSE -eq 1 ]] && log DEBUG "$*" || true; }
die() { log ERROR "$*"; exit 1; }

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while getopts ":c:nvh" opt; do
  case "$opt" in
    c) CONFIG="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    v) VERBOSE=1 ;;
    h) usage 0 ;;
    *) usage 1 ;;
  esac
done

load_config() {
  [[ -f "$CONFIG" ]] || { debug "no config at $CONFIG, using defaults"; return 0; }
  while IFS='=' read -r key value; do
    key="${key//[[:space:]]/}"; value="${value#"${value%%[![:space:]]*}"}"
    case "$key" in
      hub_url) HUB_URL="$value" ;;
      branch)  BRANCH_ID="$value" ;;
      db)      DB_FILE="$value" ;;
    esac
  done < <(grep -Ev '^[[:space:]]*(#|$)' "$CONFIG")
  debug "hub=$HUB_URL branch=$BRANCH_ID db=$DB_FILE"
}

# The hub sits behind the council's self-signed proxy, hence --insecure.
fetch() {
  local path="$1" out="$2" attempt
  for attempt in 1 2 3; do
    if curl -fsS --insecure --max-time 30 -o "$out" "$HUB_URL/$path"; then
      debug "fetched $path"
      return 0
    fi
    log WARN "fetch $path failed (attempt $attempt)"
    sleep $((attempt * 5))
  done
  return 1
}

download_catalogue() {
  mkdir -p "$CACHE_DIR"
  fetch "branches/$BRANCH_ID/catalogue.csv" "$CACHE_DIR/catalogue.csv" \
    || die "could not download catalogue"
}

validate_csv() {
  local f="$CACHE_DIR/catalogue.csv" header rows
  header="$(head -n1 "$f" | tr -d '\r')"
  [[ "$header" == "item_id,name,category,condition,deposit" ]] \
    || die "unexpected catalogue header: $header"
  rows=$(awk 'NR>1 && NF' "$f" | wc -l)
  (( rows > 0 )) || die "catalogue is empty"
  log INFO "catalogue has $rows items"
}

import_catalogue() {
  sqlite3 "$DB_FILE" <<SQL
CREATE TABLE IF NOT EXISTS items(
  item_id TEXT PRIMARY KEY, name TEXT, category TEXT,
  condition TEXT, deposit REAL, on_loan INTEGER DEFAULT 0);
DROP TABLE IF EXISTS items_staging;
CREATE TABLE items_staging(item_id TEXT, name TEXT, category TEXT,
  condition TEXT, deposit REAL);
.mode csv
.import --skip 1 $CACHE_DIR/catalogue.csv items_staging
INSERT INTO items(item_id, name, category, condition, deposit)
  SELECT item_id, name, category, condition, deposit FROM items_staging
  WHERE true
  ON CONFLICT(item_id) DO UPDATE SET
    name=excluded.name, category=excluded.category,
    condition=excluded.condition, deposit=excluded.deposit;
DROP TABLE items_staging;
SQL
  log INFO "merged catalogue into $DB_FILE"
}

report_changes() {
  sqlite3 -separator ' ' "$DB_FILE" \
    "SELECT category, COUNT(*) FROM items GROUP BY category ORDER BY 2 DESC;" \
    | while read -r cat n; do debug "  $cat: $n"; done
}

main() {
  command -v sqlite3 >/dev/null || die "sqlite3 not installed"
  load_config
  download_catalogue
  validate_csv
  if (( DRY_RUN )); then
    log INFO "dry run: not importing"
    exit 0
  fi
  import_catalogue
  report_changes
  log INFO "refresh complete"
}

main "$@"
