#!/bin/bash
# market_till_backup.sh - end-of-day backup of the stall till database.
#
# Dumps till.db, compresses it, and drops it on the studio NAS so the
# bookkeeper has the day's sales on Monday. Keeps the last 14 local copies.
#
# till_backup.conf (same directory):
#   NAS_HOST=nas.highfieldclay.lan
#   NAS_USER=till
#   NAS_PASS=...
#   NAS_DIR=/backups/till
#   STALL=riverside
set -u

HERE="$(cd "$(dirname "$0")" && pwd)"
CONF="$HERE/till_backup.conf"
DB="$HERE/till.db"
LOCAL_DIR="$HERE/backups"
STAGE=/tmp/till_backup.sql
KEEP=14

NAS_HOST=""; NAS_USER=""; NAS_PASS=""; NAS_DIR="/backups/till"; STALL="stall"

log() { echo "[$(date +%H:%M:%S)] $*"; }

if [[ -r "$CONF" ]]; then
    # shellcheck disable=SC1090
    . "$CONF"
else
    log "no $CONF - local backup only"
fi

[[ -f "$DB" ]] || { log "no database at $DB"; exit 1; }
command -v sqlite3 >/dev/null || { log "sqlite3 not installed"; exit 1; }

dump_db() {
    rm -f "$STAGE"
    if ! sqlite3 "$DB" ".timeout 5000" ".dump" > "$STAGE"; then
        log "dump failed"
        return 1
    fi
    local sales
    sales=$(sqlite3 "$DB" "SELECT COUNT(*), printf('%.2f', COALESCE(SUM(total),0)) FROM sales WHERE date(ts)=date('now','localtime');")
    log "today: ${sales%%|*} sales, total ${sales##*|}"
}

pack() {
    mkdir -p "$LOCAL_DIR"
    ARCHIVE="$LOCAL_DIR/till-${STALL}-$(date +%Y%m%d-%H%M).sql.gz"
    gzip -c "$STAGE" > "$ARCHIVE" && rm -f "$STAGE"
    log "wrote $(basename "$ARCHIVE") ($(du -h "$ARCHIVE" | cut -f1))"
}

upload() {
    [[ -n "$NAS_HOST" && -n "$NAS_USER" ]] || return 0
    local tries=0
    until curl -sS --connect-timeout 10 --ftp-create-dirs \
            --user "$NAS_USER:$NAS_PASS" \
            -T "$ARCHIVE" "ftp://$NAS_HOST$NAS_DIR/"; do
        tries=$((tries + 1))
        if (( tries >= 3 )); then
            log "upload to $NAS_HOST failed, copy kept locally"
            return 1
        fi
        log "upload failed, retrying in 20s"
        sleep 20
    done
    log "uploaded to ftp://$NAS_HOST$NAS_DIR/"
}

rotate() {
    local old
    old=$(ls -1t "$LOCAL_DIR"/till-*.sql.gz 2>/dev/null | tail -n +$((KEEP + 1)))
    [[ -n "$old" ]] || return 0
    echo "$old" | while read -r f; do rm -f -- "$f"; done
    log "rotated $(echo "$old" | wc -l) old backup(s)"
}

dump_db || exit 1
pack
upload
rotate
log "backup finished"
