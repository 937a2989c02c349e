#!/usr/bin/env bash
# photo_archive_mount.sh - pull a day's pictures from the photo archive share
#
# Usage: photo_archive_mount.sh [-d YYYY-MM-DD] [-s section] [-n]
#
# Mounts the archive's NFS export read-only, copies the originals for one
# publication date into ./archive/<date>/<section>/ with a checksum list
# for the desk, then unmounts the share again.

set -euo pipefail

ARCHIVE_EXPORT="${ARCHIVE_EXPORT:-photoarchive.coastalexaminer.example:/srv/photo/originals}"
MOUNTPOINT="${MOUNTPOINT:-/mnt/photo_archive}"
DEST_ROOT="./archive"
DAY="$(date -d yesterday +%F)"
SECTION="all"
DRY_RUN=0
MOUNTED_HERE=0

log() { printf '%s [archive] %s\n' "$(date +%T)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts "d:s:nh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        s) SECTION="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || die "bad date: $DAY"

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

attach_share() {
    if mountpoint -q "$MOUNTPOINT"; then
        log "$MOUNTPOINT already mounted"
        return 0
    fi
    as_root mkdir -p "$MOUNTPOINT"
    local attempt=1
    until as_root mount -t nfs -o ro,soft,timeo=50,vers=4.1 "$ARCHIVE_EXPORT" "$MOUNTPOINT"; do
        (( attempt >= 3 )) && return 1
        attempt=$((attempt + 1))
        sleep $((attempt * 5))
    done
    MOUNTED_HERE=1
}

detach_share() {
    if (( MOUNTED_HERE )); then
        as_root umount "$MOUNTPOINT" || log "warning: could not unmount $MOUNTPOINT"
    fi
}
trap detach_share EXIT

file_section() {
    local src="$1" section="$2" dest="$DEST_ROOT/$DAY/$2" n=0
    mkdir -p "$dest"
    while IFS= read -r -d '' img; do
        local base
        base="$(basename "$img")"
        if (( DRY_RUN )); then
            echo "would file $base"
        else
            cp -p "$img" "$dest/$base"
            [[ -f "${img%.*}.xmp" ]] && cp -p "${img%.*}.xmp" "$dest/"
        fi
        n=$((n + 1))
    done < <(find "$src" -type f -iname '*.jpg' -print0 2>/dev/null)
    log "$section: $n pictures"
    (( DRY_RUN )) || (cd "$dest" && sha256sum -- *.jpg *.JPG 2>/dev/null > SHA256SUMS || true)
}

attach_share || die "could not mount $ARCHIVE_EXPORT"
day_dir="$MOUNTPOINT/${DAY//-//}"
[[ -d "$day_dir" ]] || die "nothing archived for $DAY"

if [[ "$SECTION" == "all" ]]; then
    for dir in "$day_dir"/*/; do
        [[ -d "$dir" ]] && file_section "$dir" "$(basename "$dir")"
    done
else
    [[ -d "$day_dir/$SECTION" ]] || die "no section '$SECTION' on $DAY"
    file_section "$day_dir/$SECTION" "$SECTION"
fi

log "done: $(find "$DEST_ROOT/$DAY" -type f -iname '*.jpg' | wc -l) files under $DEST_ROOT/$DAY"
