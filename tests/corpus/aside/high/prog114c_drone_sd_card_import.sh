#!/usr/bin/env bash
# drone_sd_card_import.sh - pull survey frames off the drone's microSD card
# into a per-job folder, checksum them and write a manifest for the uploader.
#
# usage: drone_sd_card_import.sh -j JOB_REF [-d /dev/sdX1]
#   -j  job reference (folder name under ./surveys)
#   -d  card partition, default: first removable vfat/exfat partition
#
# The card is attached read-only so frames are never changed on it.

set -Eeuo pipefail

JOB=""
DEVICE=""
MOUNTPOINT="${PWD}/.sdcard"
DEST_ROOT="${PWD}/surveys"

log()  { echo "$(date +%T) $*"; }
fail() { log "error: $*" >&2; exit 1; }

while getopts ":j:d:h" o; do
    case "$o" in
        j) JOB=$OPTARG ;;
        d) DEVICE=$OPTARG ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) fail "bad option -$OPTARG" ;;
    esac
done
[ -n "$JOB" ] || fail "job reference required (-j)"

find_card() {
    lsblk -rpno NAME,RM,FSTYPE,TYPE | awk '$2==1 && $4=="part" && ($3=="vfat" || $3=="exfat") {print $1; exit}'
}

attach_card() {
    mkdir -p "$MOUNTPOINT"
    if mountpoint -q "$MOUNTPOINT"; then
        log "card already attached at $MOUNTPOINT"
        return
    fi
    local opts="ro,uid=$(id -u),gid=$(id -g),umask=022"
    sudo mount -o "$opts" "$DEVICE" "$MOUNTPOINT"
    log "attached $DEVICE"
}

detach_card() {
    if mountpoint -q "$MOUNTPOINT"; then
        sync
        sudo umount "$MOUNTPOINT" || log "warning: could not detach card"
    fi
}

copy_frames() {
    local src="$MOUNTPOINT/DCIM" dest="$DEST_ROOT/$JOB"
    [ -d "$src" ] || fail "no DCIM folder on card"
    mkdir -p "$dest"
    local n=0
    while IFS= read -r -d '' f; do
        cp -n --preserve=timestamps "$f" "$dest/"
        n=$((n + 1))
    done < <(find "$src" -type f \( -iname '*.jpg' -o -iname '*.dng' -o -iname '*.srt' \) -print0)
    log "copied $n files to $dest"
    (cd "$dest" && sha256sum -- * > MANIFEST.sha256)
    log "manifest written"
}

[ -n "$DEVICE" ] || DEVICE=$(find_card)
[ -n "$DEVICE" ] || fail "no removable card found; pass -d"
[ -b "$DEVICE" ] || fail "$DEVICE is not a block device"

trap detach_card EXIT
attach_card
copy_frames
log "done - run the uploader with --job $JOB"
