#!/usr/bin/env bash
# costume_photo_archive.sh - snapshot the wardrobe's costume photos
#
# The wardrobe team photographs every costume before and after hire so
# damage disputes can be settled. This script packs the photos folder into
# a dated tarball under ./backups and keeps the last N snapshots. Run it at
# the end of each wardrobe session.
#
# Usage: costume_photo_archive.sh [-s photos_dir] [-k keep] [-q]

set -euo pipefail

SCRIPT_PATH="$(readlink -f "$0")"
BASE_DIR="$(cd "$(dirname "$SCRIPT_PATH")" && pwd)"
PHOTOS_DIR="${PHOTOS_DIR:-$BASE_DIR/photos}"
BACKUP_DIR="${BACKUP_DIR:-$BASE_DIR/backups}"
KEEP=14
QUIET=0
LOG_FILE="$BASE_DIR/backup.log"

log() {
    local msg="$(date '+%F %T') $*"
    echo "$msg" >> "$LOG_FILE"
    [ "$QUIET" -eq 1 ] || echo "$msg"
}

die() { log "ERROR: $*"; exit 1; }

while getopts ":s:k:q" opt; do
    case "$opt" in
        s) PHOTOS_DIR="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-s photos_dir] [-k keep] [-q]" >&2; exit 2 ;;
    esac
done

snapshot() {
    local stamp archive count
    stamp="$(date +%Y%m%d-%H%M)"
    archive="$BACKUP_DIR/costume-photos-$stamp.tar.gz"
    count="$(find "$PHOTOS_DIR" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' -o -iname '*.heic' \) | wc -l)"
    if [ "$count" -eq 0 ]; then
        log "no photos found in $PHOTOS_DIR, nothing to do"
        return 0
    fi
    tar -C "$(dirname "$PHOTOS_DIR")" -czf "$archive" "$(basename "$PHOTOS_DIR")" \
        || die "tar failed for $archive"
    log "wrote $archive ($count photos, $(du -h "$archive" | cut -f1))"
}

verify() {
    local latest
    latest="$(ls -1t "$BACKUP_DIR"/costume-photos-*.tar.gz 2>/dev/null | head -n 1 || true)"
    [ -n "$latest" ] || return 0
    if tar -tzf "$latest" >/dev/null 2>&1; then
        log "verified $(basename "$latest")"
    else
        die "$(basename "$latest") is not a readable archive"
    fi
}

rotate() {
    local old
    old="$(ls -1t "$BACKUP_DIR"/costume-photos-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))" || true)"
    for f in $old; do
        rm -f -- "$f"
        log "rotated out $(basename "$f")"
    done
}

[ -d "$PHOTOS_DIR" ] || die "photos folder $PHOTOS_DIR not found"
mkdir -p "$BACKUP_DIR"

snapshot
verify
rotate
log "done"
