#!/usr/bin/env bash
# ride_gpx_import.sh - pull rides off a connected Garmin/Wahoo head unit.
#
# On a desktop the head unit is mounted automatically when plugged in
# (usually under /media/$USER/GARMIN). This script copies any new
# .fit/.gpx activity files from it into ./rides/<year>/ and keeps an index
# of what has already been imported so re-running is cheap.
#
# Usage: ./ride_gpx_import.sh [-s SOURCE] [-d DEST] [-n]
#   -s SOURCE  where the unit is mounted (default /media/$USER/GARMIN)
#   -d DEST    destination directory (default ./rides)
#   -n         list what would be imported without copying

set -euo pipefail

SOURCE="/media/${USER:-$(id -un)}/GARMIN"
DEST="./rides"
DRY_RUN=0
INDEX=""

while getopts "s:d:nh" opt; do
    case "$opt" in
        s) SOURCE="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) sed -n '2,13p' "$0"; exit 2 ;;
    esac
done
INDEX="$DEST/.imported.sha256"

log() { printf '%s %s\n' "$(date '+%H:%M:%S')" "$*"; }

check_source() {
    if [[ ! -d "$SOURCE" ]]; then
        log "nothing at $SOURCE - is the unit plugged in and unlocked?"
        exit 1
    fi
    log "importing from $SOURCE"
}

import_files() {
    local src f sum year name n=0 skipped=0
    mkdir -p "$DEST"
    touch "$INDEX"
    for src in "$SOURCE/Garmin/Activities" "$SOURCE/GARMIN/Activity" "$SOURCE/exports"; do
        [[ -d "$src" ]] || continue
        while IFS= read -r -d '' f; do
            sum=$(sha256sum "$f" | cut -d' ' -f1)
            if grep -q "^$sum " "$INDEX"; then
                skipped=$((skipped + 1))
                continue
            fi
            year=$(date -r "$f" +%Y)
            name=$(date -r "$f" +%Y-%m-%d_%H%M)_$(basename "$f")
            if (( DRY_RUN )); then
                log "would import $(basename "$f") -> $year/$name"
                n=$((n + 1))
                continue
            fi
            mkdir -p "$DEST/$year"
            cp -p "$f" "$DEST/$year/$name"
            echo "$sum $year/$name" >> "$INDEX"
            n=$((n + 1))
        done < <(find "$src" -maxdepth 1 -type f \( -iname '*.fit' -o -iname '*.gpx' \) -print0)
    done
    log "imported $n new activity file(s), $skipped already present"
}

summarise() {
    (( DRY_RUN )) && return 0
    local total
    total=$(find "$DEST" -type f \( -iname '*.fit' -o -iname '*.gpx' \) | wc -l)
    log "library now holds $total activity file(s) in $DEST"
}

main() {
    check_source
    import_files
    summarise
}

main
