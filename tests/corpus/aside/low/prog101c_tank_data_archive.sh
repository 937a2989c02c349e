#!/usr/bin/env bash
# tank_data_archive.sh - keep the tank logger's data folder manageable.
#
# The probe logger writes one CSV per tank per day into ./tank_logs.  After a
# few months the folder gets slow to browse on the till PC, so this
#   * compresses day files older than N days into ./tank_logs/archive/YYYY-MM/
#   * writes a checksum list per month for the accountant's insurance file
#   * clears the dashboard's thumbnail cache so graphs are regenerated
#
# usage: tank_data_archive.sh [-d DAYS] [-n]

set -euo pipefail

BASE_DIR="${TANK_LOG_DIR:-./tank_logs}"
ARCHIVE_DIR="$BASE_DIR/archive"
CACHE_DIR="${GRAPH_CACHE_DIR:-./.graph_cache}"
COMPRESS_AFTER=14
DRY_RUN=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

while getopts ":d:nh" opt; do
    case "$opt" in
        d) COMPRESS_AFTER="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "usage: $0 [-d DAYS] [-n]" >&2; exit 2 ;;
    esac
done

[[ "$COMPRESS_AFTER" =~ ^[0-9]+$ ]] || { echo "days must be a number" >&2; exit 2; }
[ -d "$BASE_DIR" ] || { echo "no $BASE_DIR here; run from the logger folder" >&2; exit 1; }

month_of() {
    # tank3_2024-05-17.csv -> 2024-05
    local name
    name="$(basename "$1" .csv)"
    echo "${name##*_}" | cut -c1-7
}

compress_old() {
    local count=0 f month dest
    while IFS= read -r -d '' f; do
        month="$(month_of "$f")"
        [[ "$month" =~ ^[0-9]{4}-[0-9]{2}$ ]] || { log "skip (no date): $f"; continue; }
        dest="$ARCHIVE_DIR/$month"
        if [ "$DRY_RUN" -eq 1 ]; then
            log "would archive $f -> $dest/"
            continue
        fi
        mkdir -p "$dest"
        gzip -9 -c "$f" > "$dest/$(basename "$f").gz"
        gzip -t "$dest/$(basename "$f").gz" && rm -f -- "$f"
        count=$((count + 1))
    done < <(find "$BASE_DIR" -maxdepth 1 -type f -name '*.csv' -mtime +"$COMPRESS_AFTER" -print0)
    log "archived $count file(s)"
}

write_checksums() {
    local m
    [ -d "$ARCHIVE_DIR" ] || return 0
    for m in "$ARCHIVE_DIR"/*/; do
        [ -d "$m" ] || continue
        ( cd "$m" && sha256sum -- *.csv.gz > SHA256SUMS ) 2>/dev/null || true
    done
    log "checksums updated"
}

clear_cache() {
    if [ -d "$CACHE_DIR" ]; then
        if [ "$DRY_RUN" -eq 1 ]; then
            log "would clear $CACHE_DIR"
        else
            rm -rf -- "$CACHE_DIR"
            log "cleared $CACHE_DIR"
        fi
    fi
}

compress_old
[ "$DRY_RUN" -eq 1 ] || write_checksums
clear_cache
du -sh "$BASE_DIR" "$ARCHIVE_DIR" 2>/dev/null || true
