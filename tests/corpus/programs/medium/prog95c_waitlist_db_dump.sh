#!/bin/sh
# waitlist_db_dump.sh - nightly dump of the plot waiting-list database
#
# The waiting-list web app (Oakridge Allotments) keeps applicants, offers and
# plot history in PostgreSQL on the committee server.  This dumps the
# database, compresses it into ./backups and keeps the last $KEEP copies.
# Connection details come from the usual PG* variables or ~/.pgpass.
#
# Usage: ./waitlist_db_dump.sh [dbname]

set -eu

DB="${1:-${WAITLIST_DB:-waitlist}}"
DB_USER="${PGUSER:-waitlist_backup}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP:-14}"
STAMP="$(date +%Y%m%d-%H%M)"
SCRATCH="/tmp/waitlist_dump.sql"
LOGFILE="${BACKUP_DIR}/backup.log"

mkdir -p "$BACKUP_DIR"

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" | tee -a "$LOGFILE"
}

fail() {
    log "FAILED: $*"
    rm -f "$SCRATCH"
    exit 1
}

dump_db() {
    log "dumping $DB as $DB_USER"
    pg_dump -U "$DB_USER" --no-owner --clean --if-exists "$DB" > "$SCRATCH" \
        || fail "pg_dump exited with $?"
    lines=$(wc -l < "$SCRATCH")
    [ "$lines" -gt 20 ] || fail "dump looks too small ($lines lines)"
    log "dump has $lines lines"
}

check_tables() {
    for t in applicants offers plots; do
        grep -q "^CREATE TABLE public.$t " "$SCRATCH" || fail "table $t missing from dump"
    done
}

compress() {
    out="$BACKUP_DIR/${DB}-${STAMP}.sql.gz"
    gzip -c "$SCRATCH" > "$out"
    chmod 600 "$out"
    rm -f "$SCRATCH"
    log "wrote $out ($(du -h "$out" | cut -f1))"
}

prune() {
    count=0
    # newest first; keep the first $KEEP
    for f in $(ls -1t "$BACKUP_DIR"/"${DB}"-*.sql.gz 2>/dev/null); do
        count=$((count + 1))
        if [ "$count" -gt "$KEEP" ]; then
            rm -f "$f"
            log "pruned $f"
        fi
    done
}

command -v pg_dump >/dev/null 2>&1 || fail "pg_dump not installed"

dump_db
check_tables
compress
prune
log "backup of $DB complete"
