#!/usr/bin/env bash
# Nightly logical backup of the reporting database.
#
# Dumps each schema listed in SCHEMAS with pg_dump (as the invoking
# user, credentials from the usual PG* env / ~/.pgpass), stages the
# files in a scratch directory, moves them into ./backups/<date>/ and
# keeps the last RETAIN_DAYS days.  A short status record is sent to
# the internal job monitor when done.
set -eu

PGHOST="${PGHOST:-reporting-db.internal}"
PGDATABASE="${PGDATABASE:-reporting}"
SCHEMAS="${SCHEMAS:-public marts staging}"
RETAIN_DAYS="${RETAIN_DAYS:-7}"
BACKUP_ROOT="./backups"
STAGING="/tmp/reporting_pgdump"
MONITOR_URL="${MONITOR_URL:-https://jobs-monitor.internal:8443/api/v1/heartbeat}"
STAMP="$(date +%Y%m%d)"

export PGHOST PGDATABASE

log() { echo "[$(date '+%F %T')] $*"; }

fail() {
    log "ERROR: $*"
    notify "failed" "$*"
    exit 1
}

notify() {
    status="$1"; detail="$2"
    # monitor uses an internal CA that isn't in the system bundle
    curl -k -s --max-time 10 \
        -H 'Content-Type: application/json' \
        -d "{\"job\":\"pg_nightly_backup\",\"db\":\"${PGDATABASE}\",\"status\":\"${status}\",\"detail\":\"${detail}\"}" \
        "$MONITOR_URL" >/dev/null || log "monitor not reachable"
}

command -v pg_dump >/dev/null 2>&1 || fail "pg_dump not installed"

rm -rf "$STAGING"
mkdir -p "$STAGING"

total_bytes=0
for schema in $SCHEMAS; do
    out="$STAGING/${PGDATABASE}_${schema}_${STAMP}.dump"
    log "dumping schema $schema"
    if ! pg_dump --format=custom --compress=6 --no-owner --schema="$schema" --file="$out"; then
        fail "pg_dump of schema $schema failed"
    fi
    size=$(stat -c %s "$out")
    total_bytes=$((total_bytes + size))
    log "  $schema: $size bytes"
done

dest="$BACKUP_ROOT/$STAMP"
mkdir -p "$dest"
mv "$STAGING"/*.dump "$dest"/
( cd "$dest" && sha256sum ./*.dump > SHA256SUMS )
rmdir "$STAGING" 2>/dev/null || true

log "pruning backups older than $RETAIN_DAYS days"
find "$BACKUP_ROOT" -mindepth 1 -maxdepth 1 -type d -name '20*' -mtime +"$RETAIN_DAYS" -print | while read -r old; do
    log "  removing $old"
    rm -rf -- "$old"
done

notify "ok" "${total_bytes} bytes in $(echo $SCHEMAS | wc -w) schemas"
log "backup complete: $dest"
