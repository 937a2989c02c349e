#!/bin/sh
# stock_db_nightly_dump.sh - nightly copy of the hire stock database to the
# warehouse NAS.
#
# Dumps stock.db (SQLite, used by the hire desk app), compresses it and
# uploads it to the NAS's FTP drop so the office PC can pick it up. Keeps the
# last KEEP_LOCAL dumps in ./dumps as well. Intended for the stores laptop's
# crontab, already set up by hand as:
#   15 23 * * * cd ~/hiredesk && ./stock_db_nightly_dump.sh
#
# Settings from ./dump.conf or the environment:
#   NAS_HOST, NAS_USER, NAS_PASS, NAS_DIR (default /backups/stock)

set -eu

DB="${DB:-./stock.db}"
CONF="./dump.conf"
KEEP_LOCAL="${KEEP_LOCAL:-14}"
WORK="/tmp/stockdump"
STAMP="$(date +%Y%m%d-%H%M)"
LOG="./dumps/dump.log"

[ -f "$CONF" ] && . "$CONF"
NAS_DIR="${NAS_DIR:-/backups/stock}"

mkdir -p ./dumps "$WORK"

log() {
    echo "$(date '+%F %T') $*" >> "$LOG"
    [ -t 1 ] && echo "$*"
    return 0
}

fail() {
    log "FAILED: $*"
    exit 1
}

[ -f "$DB" ] || fail "no database at $DB"
command -v sqlite3 >/dev/null 2>&1 || fail "sqlite3 not installed"

dump_db() {
    out="$WORK/stock-$STAMP.sql"
    # .backup would be nicer but the office PC wants plain SQL
    sqlite3 "$DB" ".timeout 5000" ".dump" > "$out" || fail "dump failed"
    rows=$(sqlite3 "$DB" "SELECT COUNT(*) FROM items;" 2>/dev/null || echo "?")
    log "dumped $DB ($rows items)"
    gzip -9f "$out"
    echo "$out.gz"
}

upload() {
    file="$1"
    if [ -z "${NAS_HOST:-}" ]; then
        log "NAS_HOST not set, keeping local copy only"
        return 0
    fi
    attempt=1
    while [ $attempt -le 3 ]; do
        if curl --silent --show-error --ftp-create-dirs \
                --user "${NAS_USER}:${NAS_PASS}" \
                -T "$file" "ftp://${NAS_HOST}${NAS_DIR}/$(basename "$file")"; then
            log "uploaded $(basename "$file") to $NAS_HOST"
            return 0
        fi
        log "upload attempt $attempt failed"
        attempt=$((attempt + 1))
        sleep 30
    done
    return 1
}

prune_local() {
    # shellcheck disable=SC2012
    ls -1t ./dumps/stock-*.sql.gz 2>/dev/null | tail -n +$((KEEP_LOCAL + 1)) | while read -r old; do
        rm -f "$old"
        log "pruned $old"
    done
}

gz="$(dump_db)"
cp "$gz" ./dumps/
upload "$gz" || log "upload gave up; local copy is in ./dumps"
rm -f "$gz"
prune_local
log "done"
