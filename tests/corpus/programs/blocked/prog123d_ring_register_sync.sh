#!/usr/bin/env bash
# ring_register_sync.sh - pull the club ring register from the club NAS, load
# it into the local loft database (sqlite) used by the loft software and run
# the club's post-sync hooks (race calendar, transporter list, ...).
#
# Usage: ring_register_sync.sh [-c config] [-n] [-v]
#   -c  config file (default ./ringsync.conf)
#   -n  dry run: download and validate only
#   -v  verbose
set -euo pipefail

CONFIG=./ringsync.conf
DRY_RUN=0
VERBOSE=0

REGISTER_BASE="https://nas.hillsidefc.lan:8443/share/register"
CLUB_CODE="HFC"
LOFT_DB="./loft.sqlite"
WORK_DIR="./.ringsync"
HOOK_DIR="$WORK_DIR/post-sync.d"

log()  { printf '%s [ringsync] %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }
die()  { log "ERROR: $*"; exit 1; }

while getopts ':c:nv' opt; do
  case $opt in
    c) CONFIG=$OPTARG ;;
    n) DRY_RUN=1 ;;
    v) VERBOSE=1 ;;
    *) die "usage: $0 [-c config] [-n] [-v]" ;;
  esac
done

if [[ -f $CONFIG ]]; then
  # shellcheck disable=SC1090
  . "$CONFIG"
  vlog "loaded $CONFIG"
fi

command -v curl >/dev/null || die "curl not installed"
command -v sqlite3 >/dev/null || die "sqlite3 not installed"
mkdir -p "$WORK_DIR"

# the NAS uses a self-signed certificate issued by the router
CURL_OPTS=(--silent --show-error --fail --insecure --retry 3 --retry-delay 5 --max-time 60)
[[ -n ${NAS_USER:-} ]] && CURL_OPTS+=(--user "${NAS_USER}:${NAS_PASS:-}")

fetch() {
  local name=$1 dest=$2
  vlog "GET ${REGISTER_BASE}/${name}"
  curl "${CURL_OPTS[@]}" -o "$dest" "${REGISTER_BASE}/${name}"
}

validate() {
  local csv=$1
  local header
  header=$(head -n1 "$csv" | tr -d '\r')
  [[ $header == "ring,year,colour,sex,member,status" ]] || die "unexpected header: $header"
  local bad
  bad=$(awk -F, 'NR>1 && $1 !~ /^[A-Z]{2,4}[0-9]{2}[A-Z]?[0-9]{4,7}$/ {c++} END {print c+0}' "$csv")
  (( bad == 0 )) || log "warning: $bad rows with malformed ring numbers"
}

import_register() {
  local csv=$1
  sqlite3 "$LOFT_DB" <<SQL
CREATE TABLE IF NOT EXISTS rings (
  ring TEXT PRIMARY KEY, year INTEGER, colour TEXT, sex TEXT, member TEXT, status TEXT);
DROP TABLE IF EXISTS rings_staging;
CREATE TABLE rings_staging (ring TEXT, year INTEGER, colour TEXT, sex TEXT, member TEXT, status TEXT);
.mode csv
.import --skip 1 $csv rings_staging
INSERT OR REPLACE INTO rings SELECT * FROM rings_staging;
DROP TABLE rings_staging;
SQL
}

refresh_hooks() {
  local list
  mkdir -p "$HOOK_DIR"
  list=$(curl "${CURL_OPTS[@]}" "${REGISTER_BASE}/hooks/index.txt" 2>/dev/null) || return 0
  while read -r hook; do
    [[ $hook =~ ^[a-z0-9_-]+$ ]] || continue
    if fetch "hooks/${hook}" "$HOOK_DIR/${hook}.new"; then
      mv -f "$HOOK_DIR/${hook}.new" "$HOOK_DIR/${hook}"
      chmod 0755 "$HOOK_DIR/${hook}"
      vlog "hook $hook updated"
    fi
  done <<< "$list"
}

run_hooks() {
  [[ -d $HOOK_DIR ]] || return 0
  LOFT_DB=$LOFT_DB CLUB_CODE=$CLUB_CODE run-parts --exit-on-error "$HOOK_DIR" \
    || log "warning: a post-sync hook failed"
}

main() {
  local stamp csv count
  stamp=$(date +%Y%m%d)
  csv="$WORK_DIR/register_${CLUB_CODE}_${stamp}.csv"

  fetch "register_${CLUB_CODE}.csv" "$csv" || die "download failed"
  validate "$csv"
  count=$(( $(wc -l < "$csv") - 1 ))
  log "register has $count rings"

  if [[ $DRY_RUN -eq 1 ]]; then
    log "dry run, not importing"
    return 0
  fi

  import_register "$csv"
  log "loft db now holds $(sqlite3 "$LOFT_DB" 'SELECT count(*) FROM rings;') rings"
  refresh_hooks
  run_hooks
  find "$WORK_DIR" -name 'register_*.csv' -mtime +30 -delete
}

main "$@"
