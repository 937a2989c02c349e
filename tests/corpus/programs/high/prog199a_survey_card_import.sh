#!/usr/bin/env bash
# Imports photos from the culvert-inspection camera's SD card into the
# current survey folder.
set -euo pipefail

MOUNT_POINT="${SURVEY_MOUNT:-/mnt/survey-card}"
DEST="${PWD}/incoming"
DEVICE=""
KEEP_MOUNTED=0
ELEVATE=(sudo)

log() { printf '%s %s\n' "$(date +%T)" "$*"; }
fail() { log "ERROR: $*" >&2; exit 1; }

usage() {
    cat <<EOF_USAGE
usage: $(basename "$0") -d /dev/sdX1 [-o dest] [-k]
  -d  card partition
  -o  destination folder (default ./incoming)
  -k  leave the card mounted afterwards
EOF_USAGE
}

detect_card() {
    lsblk -rpno NAME,RM,TYPE,FSTYPE | awk '$2==1 && $3=="part" && $4 ~ /fat|exfat/ {print $1; exit}'
}

attach() {
    "${ELEVATE[@]}" mkdir -p "$MOUNT_POINT"
    "${ELEVATE[@]}" mount -o "ro,uid=$(id -u),gid=$(id -g)" "$DEVICE" "$MOUNT_POINT" \
        || fail "could not mount $DEVICE"
    log "mounted $DEVICE on $MOUNT_POINT"
}

detach() {
    if (( KEEP_MOUNTED )); then
        log "leaving $MOUNT_POINT mounted"
        return
    fi
    "${ELEVATE[@]}" umount "$MOUNT_POINT" && log "card released"
}

copy_photos() {
    local n=0 f base
    mkdir -p "$DEST"
    while IFS= read -r -d '' f; do
        base="$(basename "$f")"
        if [[ -e "$DEST/$base" ]]; then
            continue
        fi
        cp -p "$f" "$DEST/$base"
        n=$(( n + 1 ))
    done < <(find "$MOUNT_POINT" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.mp4' \) -print0)
    log "copied $n new files to $DEST"
}

while getopts ":d:o:kh" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        o) DEST="$OPTARG" ;;
        k) KEEP_MOUNTED=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "$DEVICE" ]]; then
    DEVICE="$(detect_card)"
    [[ -n "$DEVICE" ]] || fail "no removable card found; pass -d"
    log "using detected card $DEVICE"
fi
[[ -b "$DEVICE" ]] || fail "$DEVICE is not a block device"
(( EUID == 0 )) && ELEVATE=()

attach
trap detach EXIT
copy_photos
