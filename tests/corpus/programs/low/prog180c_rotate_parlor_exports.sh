#!/usr/bin/env bash
# Tidy the parlor export folder: compress exports older than a week,
# write a checksum manifest for the archive, and clear this script's own
# scratch/cache files. Run from inside the exports folder.
set -euo pipefail

KEEP_DAYS="${KEEP_DAYS:-7}"
ARCHIVE_DIR="archive"
CACHE_DIR=".rotate_cache"
MANIFEST="$ARCHIVE_DIR/SHA256SUMS"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

usage() {
    echo "usage: $(basename "$0") [-n] [-k days]"
    echo "  -n        dry run"
    echo "  -k DAYS   keep uncompressed for DAYS (default $KEEP_DAYS)"
}

DRY=0
while getopts "nk:h" opt; do
    case "$opt" in
        n) DRY=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if ! ls parlor_*.csv >/dev/null 2>&1; then
    log "no parlor_*.csv here; run this from the exports folder"
    exit 1
fi

mkdir -p "$ARCHIVE_DIR" "$CACHE_DIR"

count=0
while IFS= read -r -d '' f; do
    name="$(basename "$f")"
    if (( DRY )); then
        log "would archive $name"
    else
        gzip -9 -c "$f" > "$ARCHIVE_DIR/$name.gz"
        touch -r "$f" "$ARCHIVE_DIR/$name.gz"
        rm -f -- "$f"
        log "archived $name"
    fi
    count=$((count + 1))
done < <(find . -maxdepth 1 -type f -name 'parlor_*.csv' -mtime +"$KEEP_DAYS" -print0)

if (( ! DRY )); then
    (cd "$ARCHIVE_DIR" && sha256sum -- *.gz > SHA256SUMS.tmp && mv SHA256SUMS.tmp SHA256SUMS)
    chmod 600 "$MANIFEST"
    log "manifest updated ($(wc -l < "$MANIFEST") files)"
    rm -rf -- "$CACHE_DIR"
fi

log "$count exports rotated; archive size $(du -sh "$ARCHIVE_DIR" | cut -f1)"
