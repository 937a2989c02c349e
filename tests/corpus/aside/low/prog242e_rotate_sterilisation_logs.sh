#!/usr/bin/env bash
# rotate_sterilisation_logs.sh - tidy the autoclave cycle logs in this folder.
#
# Each studio's autoclave writes one CSV per day into ./cycles/. This script
# compresses CSVs older than KEEP_DAYS into ./archive/YYYY-MM/, records an MD5
# per archived file in ./archive/index.md5 (used as a cache key by the weekly
# compliance report), and clears the report's own ./.report_cache when the
# index changes.

set -euo pipefail

CYCLES_DIR="./cycles"
ARCHIVE_DIR="./archive"
CACHE_DIR="./.report_cache"
INDEX_FILE="$ARCHIVE_DIR/index.md5"
KEEP_DAYS=14
DRY_RUN=0

log() { printf '[%s] %s\n' "$(date '+%F %T')" "$*"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "Usage: $0 [-k keep_days] [-n]"
    echo "  -k  keep this many days uncompressed (default $KEEP_DAYS)"
    echo "  -n  dry run: show what would be archived"
}

while getopts ":k:nh" opt; do
    case "$opt" in
        k) KEEP_DAYS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

[[ "$KEEP_DAYS" =~ ^[0-9]+$ ]] || die "keep_days must be a number"
[[ -d "$CYCLES_DIR" ]] || die "no $CYCLES_DIR directory here ($(pwd))"
mkdir -p "$ARCHIVE_DIR"
touch "$INDEX_FILE"

# validate_csv FILE - a cycle log must have the expected header
validate_csv() {
    local header
    header=$(head -n 1 "$1")
    [[ "$header" == "cycle_id,unit,start,end,peak_temp_c,hold_minutes,pressure_kpa,result,operator" ]]
}

before_sum=$(md5sum "$INDEX_FILE" | cut -d' ' -f1)
archived=0
skipped=0

while IFS= read -r -d '' csv; do
    name=$(basename "$csv")
    if ! validate_csv "$csv"; then
        log "skip $name: unexpected header"
        skipped=$((skipped + 1))
        continue
    fi
    # file names look like autoclave_camden_2024-05-17.csv
    day=$(sed -E 's/.*_([0-9]{4}-[0-9]{2})-[0-9]{2}\.csv$/\1/' <<<"$name")
    [[ "$day" =~ ^[0-9]{4}-[0-9]{2}$ ]] || day="undated"
    dest="$ARCHIVE_DIR/$day"

    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "would archive $name -> $dest/"
        continue
    fi

    mkdir -p "$dest"
    gzip -c "$csv" > "$dest/$name.gz"
    if gzip -t "$dest/$name.gz"; then
        echo "$(md5sum < "$csv" | cut -d' ' -f1)  $day/$name" >> "$INDEX_FILE"
        rm -f -- "$csv"
        archived=$((archived + 1))
    else
        log "gzip check failed for $name; keeping original"
        rm -f -- "$dest/$name.gz"
    fi
done < <(find "$CYCLES_DIR" -maxdepth 1 -type f -name '*.csv' -mtime +"$KEEP_DAYS" -print0)

after_sum=$(md5sum "$INDEX_FILE" | cut -d' ' -f1)
if [[ "$before_sum" != "$after_sum" && -d "$CACHE_DIR" ]]; then
    log "index changed; clearing report cache $CACHE_DIR"
    rm -rf -- "$CACHE_DIR"
fi

chmod 0600 "$INDEX_FILE"
log "archived=$archived skipped=$skipped keep_days=$KEEP_DAYS"
