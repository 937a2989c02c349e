#!/usr/bin/env bash
# test_centre_slot_import.sh - pull the practical test slots our instructors
# hold from the booking portal export and load them into the diary db.
#
# Usage: ./test_centre_slot_import.sh [-c config] [-d diary.sqlite] [-n]
#   -c  config file (default ./slot_importer.conf)
#   -d  sqlite diary database (default ./diary.sqlite)
#   -n  dry run: download and parse only
#
# The config file is sourced and may set PORTAL_URL and SCHOOL_REF.
# The portal sits behind the council's proxy, whose certificate chain is
# not in the laptop trust store, hence --insecure below.

set -euo pipefail

CONFIG="./slot_importer.conf"
DIARY="./diary.sqlite"
DRY_RUN=0
PORTAL_URL="https://portal.roadready-schools.co.uk/export"
SCHOOL_REF="${SCHOOL_REF:-}"
EXPORT_CSV="/tmp/slot_export.csv"
ROWS_TSV="/tmp/slot_rows.tsv"

log() { printf '%s [slot-import] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:d:nh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        d) DIARY="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

[ -f "$CONFIG" ] && . "$CONFIG"
[ -n "$SCHOOL_REF" ] || die "SCHOOL_REF not set (config or environment)"
[ -n "${PORTAL_TOKEN:-}" ] || die "PORTAL_TOKEN not set"

fetch_export() {
    local tries=0
    until curl -fsS --insecure -H "Authorization: Bearer ${PORTAL_TOKEN}" \
              -o "$EXPORT_CSV" "${PORTAL_URL}/${SCHOOL_REF}/slots.csv"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && die "could not fetch export after $tries attempts"
        log "fetch failed, retrying in $((tries * 10))s"
        sleep $((tries * 10))
    done
    log "downloaded $(wc -l < "$EXPORT_CSV") lines"
}

# The portal changes its column layout every few months; map the header
# names we care about to positions and rewrite to our fixed order.
normalise() {
    awk -F, 'NR == 1 {
                 for (i = 1; i <= NF; i++) col[tolower($i)] = i
                 print "slot_ref,centre,starts_at,instructor,pupil"
                 next
             }
             {
                 print $col["booking reference"] "," $col["test centre"] "," \
                       $col["date time"] "," $col["adi number"] "," $col["candidate"]
             }' "$EXPORT_CSV" > "$EXPORT_CSV.norm"
    mv "$EXPORT_CSV.norm" "$EXPORT_CSV"
}

import_rows() {
    sqlite3 "$DIARY" "CREATE TABLE IF NOT EXISTS test_slots (
        slot_ref TEXT PRIMARY KEY, centre TEXT, starts_at TEXT,
        instructor TEXT, pupil TEXT, imported_at TEXT);"
    local now n=0
    now="$(date -Iseconds)"
    : > "$ROWS_TSV"
    tail -n +2 "$EXPORT_CSV" | while IFS=, read -r ref centre starts instr pupil; do
        [ -z "$ref" ] && continue
        sqlite3 "$DIARY" "INSERT OR REPLACE INTO test_slots VALUES ('$ref', '$centre', '$starts', '$instr', '$pupil', '$now');"
        printf '%s\n' "$ref" >> "$ROWS_TSV"
    done
    n=$(wc -l < "$ROWS_TSV")
    log "imported $n slots into $DIARY"
}

main() {
    fetch_export
    normalise
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run, parsed file at $EXPORT_CSV"
        exit 0
    fi
    command -v sqlite3 >/dev/null || die "sqlite3 not installed"
    import_rows
}

main "$@"
