#!/usr/bin/env bash
# Weekly offsite-disk rotation for the NAS.
# Plug in one of the labelled USB disks (OFFSITE-A / OFFSITE-B), run this,
# take the disk to the office.  It mounts the disk, checks SMART health,
# rsyncs the shares, tunes writeback for the big copy, then unmounts and
# spins the disk down.
set -euo pipefail

SHARES=(/srv/nas/photos /srv/nas/documents /srv/nas/paperless)
MOUNTPOINT=/mnt/offsite
LABELS=(OFFSITE-A OFFSITE-B)
LOG=./offsite-rotate.log
RSYNC_OPTS=(-aHAX --delete --info=stats1 --exclude='.Trash-*' --exclude='@eaDir')

ORIG_DIRTY_RATIO=""
ORIG_DIRTY_BG=""

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

find_disk() {
    local label dev
    for label in "${LABELS[@]}"; do
        dev=$(blkid -L "$label" 2>/dev/null || true)
        if [[ -n $dev ]]; then
            echo "$label $dev"
            return 0
        fi
    done
    return 1
}

smart_ok() {
    local dev=$1 parent
    parent="/dev/$(lsblk -no pkname "$dev")"
    if ! command -v smartctl >/dev/null; then
        log "smartctl not installed, skipping health check"
        return 0
    fi
    as_root smartctl -H "$parent" | grep -qE 'PASSED|OK'
}

tune_writeback() {
    ORIG_DIRTY_RATIO=$(sysctl -n vm.dirty_ratio)
    ORIG_DIRTY_BG=$(sysctl -n vm.dirty_background_ratio)
    as_root sysctl -q -w vm.dirty_ratio=10 vm.dirty_background_ratio=5
    log "writeback tuned (was $ORIG_DIRTY_RATIO/$ORIG_DIRTY_BG)"
}

restore_writeback() {
    [[ -n $ORIG_DIRTY_RATIO ]] || return 0
    as_root sysctl -q -w vm.dirty_ratio="$ORIG_DIRTY_RATIO" \
        vm.dirty_background_ratio="$ORIG_DIRTY_BG" || true
}

cleanup() {
    restore_writeback
    if mountpoint -q "$MOUNTPOINT"; then
        sync
        as_root umount "$MOUNTPOINT" && log "unmounted $MOUNTPOINT"
    fi
}
trap cleanup EXIT

main() {
    local found label dev parent
    found=$(find_disk) || { log "no offsite disk plugged in"; exit 1; }
    read -r label dev <<<"$found"
    log "found $label at $dev"

    if ! smart_ok "$dev"; then
        log "SMART health check FAILED for $dev - retire this disk"
        exit 2
    fi

    as_root mkdir -p "$MOUNTPOINT"
    if ! mountpoint -q "$MOUNTPOINT"; then
        as_root mount -o noatime,nodev,nosuid "$dev" "$MOUNTPOINT"
    fi
    log "mounted $dev on $MOUNTPOINT"

    tune_writeback
    local share dest
    for share in "${SHARES[@]}"; do
        [[ -d $share ]] || { log "share $share missing, skipping"; continue; }
        dest="$MOUNTPOINT/$(basename "$share")/"
        log "syncing $share -> $dest"
        as_root rsync "${RSYNC_OPTS[@]}" "$share/" "$dest" >> "$LOG" 2>&1
    done
    date '+%F %T' | as_root tee "$MOUNTPOINT/LAST_ROTATION" >/dev/null

    cleanup
    trap - EXIT
    parent="/dev/$(lsblk -no pkname "$dev")"
    as_root hdparm -y "$parent" >/dev/null 2>&1 || true
    log "$label done, safe to unplug"
}

main "$@"
