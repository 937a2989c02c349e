#!/usr/bin/env bash
# Export gate/door access events from the kiosk controller database and
# upload them to the facility management portal for the monthly audit.
#
# Usage: access_log_export.sh [-d controller.db] [-s YYYY-MM-DD] [-n]
#   -d  path to the controller sqlite database (default ./controller.db)
#   -s  export events since this date (default: first of last month)
#   -n  dry run, build the file but do not upload
#
# Needs PORTAL_TOKEN in the environment. PORTAL_URL and SITE_ID optional.
set -euo pipefail

DB=./controller.db
SINCE=$(date -d "$(date +%Y-%m-01) -1 month" +%Y-%m-%d)
DRY=0
PORTAL_URL=${PORTAL_URL:-https://portal.stowright.com/api/access-logs}
SITE_ID=${SITE_ID:-site-01}
STAGE=/tmp/gate_access_export
LOG=./export.log

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "d:s:n" opt; do
  case $opt in
    d) DB=$OPTARG ;;
    s) SINCE=$OPTARG ;;
    n) DRY=1 ;;
    *) die "bad option" ;;
  esac
done

command -v sqlite3 >/dev/null || die "sqlite3 not installed"
[ -r "$DB" ] || die "cannot read $DB"
[ -n "${PORTAL_TOKEN:-}" ] || [ "$DRY" -eq 1 ] || die "PORTAL_TOKEN not set"

mkdir -p "$STAGE"
OUT="$STAGE/access_${SITE_ID}_${SINCE}.csv"

export_events() {
  sqlite3 -header -csv "$DB" <<SQL > "$OUT"
SELECT e.ts, e.door, e.unit, e.result, k.label AS keypad
FROM access_events e
LEFT JOIN keypads k ON k.id = e.keypad_id
WHERE e.ts >= '$SINCE'
ORDER BY e.ts;
SQL
  local rows
  rows=$(($(wc -l < "$OUT") - 1))
  log "exported $rows events since $SINCE"
  [ "$rows" -gt 0 ]
}

upload() {
  local gz="$OUT.gz" code
  gzip -f "$OUT"
  for attempt in 1 2 3; do
    code=$(curl -sS -o "$STAGE/resp.json" -w '%{http_code}' \
      -H "Authorization: Bearer $PORTAL_TOKEN" \
      -F "site=$SITE_ID" -F "since=$SINCE" -F "file=@$gz" \
      --max-time 60 "$PORTAL_URL") || code=000
    if [ "$code" = 200 ] || [ "$code" = 201 ]; then
      log "uploaded $(basename "$gz")"
      return 0
    fi
    log "upload attempt $attempt failed (HTTP $code)"
    sleep $((attempt * 10))
  done
  return 1
}

if ! export_events; then
  log "nothing to export"
  exit 0
fi

if [ "$DRY" -eq 1 ]; then
  log "dry run, leaving $OUT"
  exit 0
fi

upload || die "upload failed, file kept in $STAGE"
rm -f "$STAGE/resp.json"
log "done"
