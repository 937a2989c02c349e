#!/usr/bin/env bash
# takings_export_mount.sh - daily takings export for the laundromat back office
#
# Pulls yesterday's takings out of the till database (coins, cards, app
# top-ups, service washes, dry-cleaning counter), writes a CSV and a short
# summary into ./exports and copies both onto the office NAS share for the
# bookkeeper.
#
# Settings are read from ./takings.conf if present:
#   STORE_CODE=LDM-014
#   TILL_DB=/srv/till/till.sqlite3
#   NAS_EXPORT=nas.office.lan:/volume1/takings
#   NAS_MOUNT=/mnt/takings
#
# Usage: takings_export_mount.sh [-d YYYY-MM-DD] [-n]

set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CONF="${TAKINGS_CONF:-$SCRIPT_DIR/takings.conf}"
[[ -f "$CONF" ]] && . "$CONF"

STORE_CODE="${STORE_CODE:-LDM-000}"
TILL_DB="${TILL_DB:-$SCRIPT_DIR/till.sqlite3}"
NAS_EXPORT="${NAS_EXPORT:-nas.office.lan:/volume1/takings}"
NAS_MOUNT="${NAS_MOUNT:-/mnt/takings}"
EXPORT_DIR="$SCRIPT_DIR/exports"
DAY="$(date -d yesterday +%F)"
DRY_RUN=0
MOUNTED_HERE=0

log() { printf '%s [takings] %s\n' "$(date +%T)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":d:n" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) die "usage: $0 [-d YYYY-MM-DD] [-n]" ;;
    esac
done

command -v sqlite3 >/dev/null || die "sqlite3 not installed"
[[ -r "$TILL_DB" ]] || die "cannot read till database $TILL_DB"
mkdir -p "$EXPORT_DIR"

CSV="$EXPORT_DIR/takings-${STORE_CODE}-${DAY}.csv"
SUMMARY="$EXPORT_DIR/takings-${STORE_CODE}-${DAY}.txt"

export_csv() {
    sqlite3 -header -csv "$TILL_DB" <<SQL > "$CSV"
SELECT machine_id,
       tender,
       COUNT(*)                    AS vends,
       printf('%.2f', SUM(amount_pence) / 100.0) AS gross,
       printf('%.2f', SUM(refund_pence) / 100.0) AS refunds
FROM   vends
WHERE  date(ts, 'localtime') = '$DAY'
GROUP  BY machine_id, tender
ORDER  BY machine_id, tender;
SQL
    log "wrote $(($(wc -l < "$CSV") - 1)) rows to $(basename "$CSV")"
}

write_summary() {
    awk -F, -v day="$DAY" -v store="$STORE_CODE" '
        NR == 1 { next }
        { by_tender[$2] += $4; refunds += $5; vends += $3 }
        END {
            printf "Store %s  takings for %s\n", store, day
            for (t in by_tender) printf "  %-12s %10.2f\n", t, by_tender[t]
            total = 0; for (t in by_tender) total += by_tender[t]
            printf "  %-12s %10.2f\n  %-12s %10.2f\n  vends: %d\n", "TOTAL", total, "refunds", refunds, vends
        }' "$CSV" > "$SUMMARY"
}

attach_share() {
    if mountpoint -q "$NAS_MOUNT"; then
        return 0
    fi
    local tries=0
    sudo mkdir -p "$NAS_MOUNT"
    until sudo mount -t nfs -o rw,soft,timeo=50,vers=4 "$NAS_EXPORT" "$NAS_MOUNT"; do
        tries=$((tries + 1))
        (( tries >= 3 )) && die "could not attach $NAS_EXPORT"
        log "mount retry $tries"
        sleep $((tries * 5))
    done
    MOUNTED_HERE=1
}

detach_share() {
    (( MOUNTED_HERE )) && sudo umount "$NAS_MOUNT" || true
}

deliver() {
    if (( DRY_RUN )); then
        log "dry run: would copy $(basename "$CSV") and $(basename "$SUMMARY") to $NAS_EXPORT"
        return 0
    fi
    attach_share
    trap detach_share EXIT
    mkdir -p "$NAS_MOUNT/$STORE_CODE"
    cp -p "$CSV" "$SUMMARY" "$NAS_MOUNT/$STORE_CODE/"
    log "copied exports to $NAS_MOUNT/$STORE_CODE"
}

main() {
    log "exporting $STORE_CODE for $DAY"
    export_csv
    write_summary
    deliver
    find "$EXPORT_DIR" -name 'takings-*' -mtime +60 -delete
    log "done"
}

main "$@"
