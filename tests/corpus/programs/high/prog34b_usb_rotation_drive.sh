#!/usr/bin/env bash
# Weekly offline backup to one of two rotating LUKS-encrypted USB drives.
#
# The drives are identified by their LUKS UUID (listed in DRIVES below).  The
# script unlocks whichever one is plugged in, mounts it, copies the backup
# staging area onto it with rsync, records a status file, then unmounts and
# locks it again so it can be taken off-site.
#
#   usb_rotation_drive.sh [--keyfile FILE] [--source DIR]
set -uo pipefail

declare -A DRIVES=(
    [3f1c2a9e-5b7d-4e61-9a0c-2d8e4f6b1a37]="offsite-A"
    [b84d0e12-7c3f-4a95-8e21-6f0a9d3c5b48]="offsite-B"
)
SOURCE="/srv/backup/staging"
KEYFILE="/root/keys/usb-rotation.key"
MAPPER_PREFIX="bkusb"
MOUNT_BASE="/mnt/usb-rotation"
LOGTAG="usb-rotation"

log() { logger -t "$LOGTAG" -- "$*"; echo "$(date '+%F %T') $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --keyfile) KEYFILE="$2"; shift 2 ;;
        --source)  SOURCE="$2";  shift 2 ;;
        *) echo "usage: $0 [--keyfile FILE] [--source DIR]" >&2; exit 1 ;;
    esac
done

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

find_drive() {
    local uuid
    for uuid in "${!DRIVES[@]}"; do
        if [ -e "/dev/disk/by-uuid/$uuid" ]; then
            echo "$uuid"
            return 0
        fi
    done
    return 1
}

unlock_and_mount() {
    local uuid="$1" label="$2"
    local mapper="${MAPPER_PREFIX}-${label}"
    if [ ! -e "/dev/mapper/$mapper" ]; then
        log "unlocking $label"
        $SUDO cryptsetup open --type luks --key-file "$KEYFILE" \
            "/dev/disk/by-uuid/$uuid" "$mapper" || return 1
    fi
    $SUDO mkdir -p "$MOUNT_BASE/$label"
    if ! mountpoint -q "$MOUNT_BASE/$label"; then
        log "mounting /dev/mapper/$mapper on $MOUNT_BASE/$label"
        $SUDO mount -o noatime "/dev/mapper/$mapper" "$MOUNT_BASE/$label" || return 1
    fi
}

unmount_and_lock() {
    local label="$1"
    local mapper="${MAPPER_PREFIX}-${label}"
    sync
    if mountpoint -q "$MOUNT_BASE/$label"; then
        $SUDO umount "$MOUNT_BASE/$label" || { log "umount failed; drive busy"; return 1; }
    fi
    [ -e "/dev/mapper/$mapper" ] && $SUDO cryptsetup close "$mapper"
    log "$label unmounted and locked - safe to remove"
}

copy_backups() {
    local target="$1"
    local free_kb need_kb
    free_kb=$(df -Pk "$target" | awk 'NR==2 {print $4}')
    need_kb=$(du -sk "$SOURCE" | awk '{print $1}')
    if [ "$need_kb" -gt "$free_kb" ]; then
        log "not enough space on drive: need ${need_kb}K, free ${free_kb}K"
        return 1
    fi
    $SUDO rsync -aH --delete --info=stats1 "$SOURCE"/ "$target/backup/"
}

[ -d "$SOURCE" ] || { log "source $SOURCE missing"; exit 2; }

uuid=$(find_drive) || { log "no rotation drive connected"; exit 3; }
label="${DRIVES[$uuid]}"
log "found rotation drive $label ($uuid)"

trap 'unmount_and_lock "$label"' EXIT

unlock_and_mount "$uuid" "$label" || { log "could not unlock/mount $label"; exit 4; }

if copy_backups "$MOUNT_BASE/$label"; then
    printf 'last_sync=%s\nhost=%s\n' "$(date -Is)" "$(hostname)" |
        $SUDO tee "$MOUNT_BASE/$label/LAST_SYNC" >/dev/null
    log "backup copied to $label"
else
    log "copy to $label FAILED"
    exit 5
fi
