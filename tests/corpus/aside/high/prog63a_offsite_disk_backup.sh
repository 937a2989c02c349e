#!/usr/bin/env bash
# offsite_disk_backup.sh - copy the project workspace onto the rotating USB
# backup disk. The disk is identified by its filesystem label, mounted for
# the duration of the copy and unmounted again so it can be swapped safely.
set -uo pipefail

LABEL="${BACKUP_LABEL:-OFFSITE}"
MOUNTPOINT="${BACKUP_MOUNT:-/mnt/offsite}"
SOURCE="${1:-$PWD}"
KEEP=5
LOGFILE="./backup.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE"; }

find_device() {
    local dev="/dev/disk/by-label/$LABEL"
    if [[ -e "$dev" ]]; then
        readlink -f "$dev"
    else
        blkid -L "$LABEL" 2>/dev/null
    fi
}

mount_disk() {
    local dev="$1"
    sudo mkdir -p "$MOUNTPOINT"
    if mountpoint -q "$MOUNTPOINT"; then
        log "already mounted at $MOUNTPOINT"
        return 0
    fi
    sudo mount -o noatime,nodev,nosuid "$dev" "$MOUNTPOINT"
}

unmount_disk() {
    sync
    if mountpoint -q "$MOUNTPOINT"; then
        sudo umount "$MOUNTPOINT" && log "unmounted $MOUNTPOINT"
    fi
}

prune_old() {
    local base="$1"
    ls -1d "$base"/20* 2>/dev/null | sort | head -n -"$KEEP" | while read -r old; do
        log "pruning old snapshot $old"
        sudo rm -rf -- "$old"
    done
}

main() {
    local dev snapshot base
    dev=$(find_device) || true
    if [[ -z "${dev:-}" ]]; then
        log "no disk with label $LABEL attached"
        exit 1
    fi
    log "backup disk $dev -> $MOUNTPOINT"
    mount_disk "$dev" || { log "mount failed"; exit 1; }
    trap unmount_disk EXIT

    base="$MOUNTPOINT/$(basename "$SOURCE")"
    snapshot="$base/$(date +%Y%m%d-%H%M%S)"
    sudo mkdir -p "$snapshot"
    sudo chown "$(id -u):$(id -g)" "$snapshot"

    local latest
    latest=$(ls -1d "$base"/20* 2>/dev/null | sort | tail -n 2 | head -n 1)
    if rsync -a --delete --exclude '.cache/' --exclude 'node_modules/' \
        ${latest:+--link-dest="$latest"} "$SOURCE"/ "$snapshot"/; then
        log "snapshot written: $snapshot"
    else
        log "rsync reported errors"
        exit 1
    fi
    prune_old "$base"
    df -h "$MOUNTPOINT" | tail -n 1 | tee -a "$LOGFILE"
}

main "$@"
