#!/usr/bin/env bash
# gcode_usb_import.sh - import G-code from the designer's USB stick
#
# The designer exports carving jobs (soundboard rosettes, pillar fluting) to
# a USB stick labelled HARPJOBS.  This mounts the stick read-only, copies new
# .ngc/.nc files into ./jobs/incoming, verifies the copies and unmounts.
set -euo pipefail

LABEL="${LABEL:-HARPJOBS}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/harpjobs}"
DEST="${DEST:-./jobs/incoming}"
LOG="./usb_import.log"
MOUNTED_BY_US=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

cleanup() {
    if (( MOUNTED_BY_US )); then
        sync
        sudo umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    fi
}
trap cleanup EXIT

usage() {
    echo "usage: $0 [-l label] [-d dest] [-n]"
}

DRY_RUN=0
while getopts ":l:d:nh" opt; do
    case "$opt" in
        l) LABEL="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

find_device() {
    local dev
    dev=$(blkid -L "$LABEL" 2>/dev/null || true)
    if [[ -z "$dev" ]]; then
        log "no filesystem labelled $LABEL found; is the stick plugged in?"
        exit 1
    fi
    echo "$dev"
}

mount_stick() {
    local dev="$1"
    if findmnt -rn "$MOUNT_POINT" >/dev/null; then
        log "$MOUNT_POINT already mounted"
        return
    fi
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -o ro,nosuid,nodev,noexec "$dev" "$MOUNT_POINT"
    MOUNTED_BY_US=1
    log "mounted $dev on $MOUNT_POINT (read-only)"
}

import_jobs() {
    mkdir -p "$DEST"
    local copied=0 skipped=0 f base
    while IFS= read -r -d '' f; do
        base=$(basename "$f")
        if [[ -f "$DEST/$base" ]] && cmp -s "$f" "$DEST/$base"; then
            skipped=$((skipped + 1))
            continue
        fi
        if (( DRY_RUN )); then
            log "would copy $base"
            continue
        fi
        cp -- "$f" "$DEST/$base"
        if ! cmp -s "$f" "$DEST/$base"; then
            log "verify failed for $base"
            rm -f -- "$DEST/$base"
            continue
        fi
        copied=$((copied + 1))
        log "copied $base ($(wc -l < "$DEST/$base") lines)"
    done < <(find "$MOUNT_POINT" -maxdepth 3 -type f \( -iname '*.ngc' -o -iname '*.nc' \) -print0)
    log "import done: $copied copied, $skipped unchanged"
}

check_jobs() {
    local f
    for f in "$DEST"/*.ngc "$DEST"/*.nc; do
        [[ -e "$f" ]] || continue
        if ! grep -qE '^M0?2|^M30' "$f"; then
            log "WARN $(basename "$f") has no program end (M2/M30)"
        fi
    done
}

main() {
    local dev
    dev=$(find_device)
    mount_stick "$dev"
    import_jobs
    check_jobs
}

main
