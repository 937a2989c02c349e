#!/usr/bin/env bash
# boatshed_nas_mount.sh - copy boat inspection photos to the boat-shed NAS
#
# The bosun photographs every club boat at the monthly inspection.  This
# mounts the boat-shed NAS share, copies the new photos from the camera card
# (or a local folder) into <share>/inspections/<year>/<month>/ and unmounts.
# NAS credentials are kept in ~/.config/boatshed/nas.cred (username=, password=).
#
# usage: boatshed_nas_mount.sh [-s //nas/boats] [-m /mnt/boatshed] [SOURCE_DIR]

set -euo pipefail

SHARE="${BOATSHED_SHARE:-//boatshed-nas.lan/boats}"
MOUNT_POINT="${BOATSHED_MOUNT:-/mnt/boatshed}"
CRED_FILE="${HOME}/.config/boatshed/nas.cred"
SOURCE=""
MOUNTED_BY_US=0

while getopts ":s:m:h" opt; do
    case "$opt" in
        s) SHARE="$OPTARG" ;;
        m) MOUNT_POINT="$OPTARG" ;;
        *) sed -n '2,9s/^# \{0,1\}//p' "$0"; exit 1 ;;
    esac
done
shift $((OPTIND - 1))
SOURCE="${1:-}"

log() { printf '%s  %s\n' "$(date +%T)" "$*"; }

find_card() {
    # Camera cards show up under the desktop automount directory.
    local d
    for d in /media/"$USER"/* /run/media/"$USER"/*; do
        [ -d "$d/DCIM" ] && { echo "$d/DCIM"; return 0; }
    done
    return 1
}

cleanup() {
    if [ "$MOUNTED_BY_US" -eq 1 ]; then
        log "unmounting $MOUNT_POINT"
        sync
        sudo umount "$MOUNT_POINT" || log "warning: umount failed, share still mounted"
    fi
}
trap cleanup EXIT

mount_share() {
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already mounted"
        return 0
    fi
    [ -r "$CRED_FILE" ] || { log "missing $CRED_FILE"; exit 2; }
    sudo mkdir -p "$MOUNT_POINT"
    log "mounting $SHARE on $MOUNT_POINT"
    sudo mount -t cifs "$SHARE" "$MOUNT_POINT" \
        -o "credentials=${CRED_FILE},uid=$(id -u),gid=$(id -g),vers=3.0,file_mode=0640,dir_mode=0750"
    MOUNTED_BY_US=1
}

copy_photos() {
    local src="$1" dest copied
    dest="$MOUNT_POINT/inspections/$(date +%Y)/$(date +%m)"
    mkdir -p "$dest"
    log "copying from $src to $dest"
    copied=$(rsync -rt --ignore-existing --itemize-changes \
        --include='*/' --include='*.JPG' --include='*.jpg' --include='*.HEIC' --exclude='*' \
        "$src"/ "$dest"/ | grep -c '^>f' || true)
    log "$copied new photos copied"
}

main() {
    if [ -z "$SOURCE" ]; then
        SOURCE=$(find_card) || { log "no camera card found; pass a folder"; exit 1; }
    fi
    [ -d "$SOURCE" ] || { log "source $SOURCE is not a directory"; exit 1; }
    mount_share
    copy_photos "$SOURCE"
}

main
