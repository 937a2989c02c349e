#!/usr/bin/env bash
# historian_archive_rotate.sh
#
# Packs yesterday's historian CSV exports (written by the collector into
# ./exports/YYYY-MM-DD/) into one tar.gz per day under ./archive, verifies
# the archive, removes the packed export folder and keeps DAYS_KEEP days of
# archives. Meant to run from the collector's working directory once a day.
#
# Usage: historian_archive_rotate.sh [-k DAYS_KEEP] [-d YYYY-MM-DD] [-n]
set -euo pipefail

EXPORT_DIR="./exports"
ARCHIVE_DIR="./archive"
DAYS_KEEP=30
DAY="$(date -d yesterday +%F)"
DRY_RUN=0
LOG_FILE="./logs/rotate.log"

usage() { sed -n '2,9p' "$0"; }

while getopts ":k:d:nh" opt; do
    case "$opt" in
        k) DAYS_KEEP="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

mkdir -p "$(dirname "$LOG_FILE")" "$ARCHIVE_DIR"
exec > >(tee -a "$LOG_FILE") 2>&1

log() { echo "$(date '+%F %T') rotate: $*"; }

run() {
    if (( DRY_RUN )); then
        log "dry-run: $*"
    else
        "$@"
    fi
}

pack_day() {
    local day="$1" src="$EXPORT_DIR/$1" out="$ARCHIVE_DIR/historian-$1.tar.gz"
    if [[ ! -d "$src" ]]; then
        log "no exports for $day"
        return 0
    fi
    if [[ -f "$out" ]]; then
        log "$out already exists, leaving $src in place"
        return 0
    fi
    local count
    count=$(find "$src" -type f -name '*.csv' | wc -l)
    log "packing $count files for $day"
    run tar -C "$EXPORT_DIR" -czf "$out.part" "$day"
    if (( ! DRY_RUN )); then
        tar -tzf "$out.part" >/dev/null
        mv "$out.part" "$out"
        sha256sum "$out" > "$out.sha256"
        chmod 600 "$out" "$out.sha256"
    fi
    run rm -rf -- "$src"
}

prune_archives() {
    local old
    while IFS= read -r old; do
        log "expiring $old"
        run rm -f -- "$old" "$old.sha256"
    done < <(find "$ARCHIVE_DIR" -maxdepth 1 -name 'historian-*.tar.gz' -mtime +"$DAYS_KEEP")
}

report() {
    local n size
    n=$(find "$ARCHIVE_DIR" -maxdepth 1 -name 'historian-*.tar.gz' | wc -l)
    size=$(du -sh "$ARCHIVE_DIR" | cut -f1)
    log "$n archives, $size in $ARCHIVE_DIR"
}

log "start (day=$DAY keep=$DAYS_KEEP dry_run=$DRY_RUN)"
pack_day "$DAY"
prune_archives
report
log "done"
