#!/bin/sh
# Nightly backup of the meeting-room booking database to the office NAS.
#
# Takes a consistent copy with sqlite3's online backup, checks it, gzips
# it and uploads it to the NAS share, keeping the last $KEEP copies there.
# Settings come from ./backup.conf (NAS_HOST, NAS_USER, NAS_PASS, ...).
#
# usage: booking_db_backup.sh [-k KEEP] [-n]

set -eu

CONF="${BACKUP_CONF:-./backup.conf}"
# shellcheck source=/dev/null
[ -r "$CONF" ] && . "$CONF"

DB="${BOOKING_DB:-./data/bookings.sqlite3}"
NAS_HOST="${NAS_HOST:-nas.hive.lan}"
NAS_DIR="${NAS_DIR:-/backups/bookings}"
NAS_USER="${NAS_USER:-backup}"
NAS_PASS="${NAS_PASS:-}"
KEEP="${KEEP:-14}"
STAGE="/tmp/booking-backup"
DRY=0

log() { printf '%s booking-backup: %s\n' "$(date '+%F %T')" "$*"; }
die() { log "error: $*" >&2; exit 1; }

while getopts "k:nh" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        n) DRY=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

[ -f "$DB" ] || die "database $DB not found"
[ -n "$NAS_PASS" ] || die "NAS_PASS not set in $CONF"
command -v sqlite3 >/dev/null || die "sqlite3 is required"

mkdir -p "$STAGE"
name="bookings-$(date +%Y%m%d-%H%M).sqlite3"
copy="$STAGE/$name"

log "backing up $DB"
sqlite3 "$DB" ".timeout 5000" ".backup '$copy'"
check=$(sqlite3 "$copy" "PRAGMA integrity_check;")
[ "$check" = "ok" ] || die "integrity check failed on the copy: $check"
rows=$(sqlite3 "$copy" "SELECT count(*) FROM bookings;")
gzip -9f "$copy"
sha256sum "$copy.gz" | sed "s#$STAGE/##" > "$copy.gz.sha256"
log "snapshot has $rows bookings ($(du -h "$copy.gz" | cut -f1))"

nas() {
    curl --silent --show-error --fail --ftp-create-dirs --max-time 120 \
        --user "$NAS_USER:$NAS_PASS" "$@"
}

if [ "$DRY" -eq 1 ]; then
    log "dry run: would upload $name.gz to ftp://$NAS_HOST$NAS_DIR/"
    exit 0
fi

attempt=1
until nas -T "$copy.gz" "ftp://$NAS_HOST$NAS_DIR/" && \
      nas -T "$copy.gz.sha256" "ftp://$NAS_HOST$NAS_DIR/"; do
    [ "$attempt" -ge 3 ] && die "upload failed after $attempt attempts"
    log "upload attempt $attempt failed, retrying"
    attempt=$((attempt + 1))
    sleep $((attempt * 10))
done
log "uploaded $name.gz"

# prune old copies on the NAS, newest first by name
nas --list-only "ftp://$NAS_HOST$NAS_DIR/" \
    | grep -E '^bookings-[0-9]{8}-[0-9]{4}\.sqlite3\.gz$' \
    | sort -r | tail -n +"$((KEEP + 1))" \
    | while read -r old; do
        nas -o /dev/null -Q "DELE $NAS_DIR/$old" -Q "DELE $NAS_DIR/$old.sha256" \
            "ftp://$NAS_HOST/" || log "could not remove $old"
        log "pruned $old"
    done

rm -f "$copy.gz" "$copy.gz.sha256"
log "done"
