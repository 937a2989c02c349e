#!/bin/sh
# permit_db_snapshot.sh -- nightly backup of the residents' permit database.
#
# Takes an online .backup of permits.db (consistent while the permit portal is
# writing), verifies it with PRAGMA integrity_check, compresses it, records a
# checksum and prunes backups older than RETAIN_DAYS.
#
# Config is read from ./backup.conf if present:
#   DB_PATH=./permits.db
#   BACKUP_DIR=./backups
#   RETAIN_DAYS=14

set -eu

CONF="${1:-./backup.conf}"
DB_PATH=./permits.db
BACKUP_DIR=./backups
RETAIN_DAYS=14
VERIFY_RESTORE="${VERIFY_RESTORE:-yes}"

[ -f "$CONF" ] && . "$CONF"

STAMP=$(date +%Y%m%d-%H%M%S)
TARGET="$BACKUP_DIR/permits-$STAMP.db"
LOGFILE="$BACKUP_DIR/backup.log"

say() {
    echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2
}

need() {
    command -v "$1" >/dev/null 2>&1 || { echo "missing dependency: $1" >&2; exit 69; }
}

take_backup() {
    sqlite3 "$DB_PATH" ".timeout 5000" ".backup '$TARGET'"
    result=$(sqlite3 "$TARGET" "PRAGMA integrity_check;")
    if [ "$result" != "ok" ]; then
        say "integrity check failed on $TARGET: $result"
        rm -f "$TARGET"
        return 1
    fi
    rows=$(sqlite3 "$TARGET" "SELECT count(*) FROM permits WHERE status = 'active';")
    say "backup $TARGET ok ($rows active permits)"
}

compress_and_sum() {
    gzip -9 "$TARGET"
    ( cd "$BACKUP_DIR" && sha256sum "$(basename "$TARGET").gz" >> SHA256SUMS )
    chmod 600 "$TARGET.gz"
}

prune_old() {
    find "$BACKUP_DIR" -maxdepth 1 -name 'permits-*.db.gz' -mtime +"$RETAIN_DAYS" -print |
    while read -r old; do
        rm -f "$old"
        say "pruned $(basename "$old")"
    done
}

verify_restore() {
    # prove the newest archive actually opens before we trust it
    scratch="$BACKUP_DIR/.verify-$STAMP.db"
    gunzip -c "$TARGET.gz" > "$scratch"
    n=$(sqlite3 "$scratch" "SELECT count(*) FROM permits;")
    rm -f "$scratch"
    say "restore check: $n permit rows readable"
}

main() {
    need sqlite3
    need gzip
    mkdir -p "$BACKUP_DIR"
    chmod 700 "$BACKUP_DIR"

    if [ ! -f "$DB_PATH" ]; then
        say "database $DB_PATH not found"
        exit 66
    fi

    tries=0
    until take_backup; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && { say "giving up after $tries attempts"; exit 1; }
        sleep 10
    done
    compress_and_sum
    prune_old

    case "$VERIFY_RESTORE" in
        yes|1|true) verify_restore ;;
    esac
}

main
