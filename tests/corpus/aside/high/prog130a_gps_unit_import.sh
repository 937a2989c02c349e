#!/usr/bin/env bash
# gps_unit_import.sh - pull rides off a plugged-in Garmin/Wahoo head unit.
#
# On the club's ride-library machine (headless, no desktop automounter)
# the head unit shows up as a plain USB mass-storage block device. This
# script finds it by filesystem label, mounts it read-only, copies any
# new .fit/.gpx activity files into ./rides/<year>/ and unmounts it again.
#
# Usage: ./gps_unit_import.sh [-l LABEL] [-d DEST] [-k]
#   -l LABEL   filesystem label of the unit (default GARMIN)
#   -d DEST    destination directory (default ./rides)
#   -k         keep the unit mounted afterwards

set -euo pipefail

LABEL="GARMIN"
DEST="./rides"
KEEP_MOUNTED=0
MNT="$(pwd)/.gps_mount"
INDEX=""

while getopts "l:d:kh" opt; do
    case "$opt" in
        l) LABEL="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        k) KEEP_MOUNTED=1 ;;
        *) sed -n '2,13p' "$0"; exit 2 ;;
    esac
done
INDEX="$DEST/.imported.sha256"

log() { printf '%s %s\n' "$(date '+%H:%M:%S')" "$*"; }

find_device() {
    local dev
    dev=$(blkid -L "$LABEL" 2>/dev/null || true)
    if [[ -z "$dev" ]]; then
        dev=$(lsblk -rpno NAME,LABEL | awk -v l="$LABEL" '$2 == l {print $1; exit}')
    fi
    [[ -n "$dev" ]] || { log "no device labelled $LABEL is connected"; exit 1; }
    echo "$dev"
}

mount_unit() {
    local dev="$1"
    mkdir -p "$MNT"
    if mountpoint -q "$MNT"; then
        log "already mounted at $MNT"
        return
    fi
    sudo mount -o ro,noexec,nosuid,uid="$(id -u)",gid="$(id -g)" "$dev" "$MNT"
    log "mounted $dev at $MNT"
}

unmount_unit() {
    if (( KEEP_MOUNTED == 0 )) && mountpoint -q "$MNT"; then
        sync
        sudo umount "$MNT" && log "unmounted $MNT"
        rmdir "$MNT" 2>/dev/null || true
    fi
}

import_files() {
    local src f sum year name n=0 skipped=0
    mkdir -p "$DEST"
    touch "$INDEX"
    for src in "$MNT/Garmin/Activities" "$MNT/GARMIN/Activity" "$MNT/exports"; do
        [[ -d "$src" ]] || continue
        while IFS= read -r -d '' f; do
            sum=$(sha256sum "$f" | cut -d' ' -f1)
            if grep -q "^$sum " "$INDEX"; then
                skipped=$((skipped + 1))
                continue
            fi
            year=$(date -r "$f" +%Y)
            name=$(date -r "$f" +%Y-%m-%d_%H%M)_$(basename "$f")
            mkdir -p "$DEST/$year"
            cp -p "$f" "$DEST/$year/$name"
            echo "$sum $year/$name" >> "$INDEX"
            n=$((n + 1))
        done < <(find "$src" -maxdepth 1 -type f \( -iname '*.fit' -o -iname '*.gpx' \) -print0)
    done
    log "imported $n new activity file(s), $skipped already present"
}

main() {
    local dev
    dev=$(find_device)
    trap unmount_unit EXIT
    mount_unit "$dev"
    import_files
}

main
